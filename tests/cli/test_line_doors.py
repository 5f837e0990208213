"""One typed line, one reading, in every door (RULES §1, §8, §10): ``add WORDS``, ``play``, a
tournament's list (``tournament enter --tisch N FILE``), ``add --tisch N``, and the desk's
paper totals. Each test names the defect it pins."""

from tests.app.test_tournament import tournament
from tests.app.test_tournament_desk import tables, totals_of


def test_paper_totals_are_not_replaced_without_a_reason(tmp_path):
    """RULES §10 "The desk": totals are replaced with ``--replace --reason R``, the reason kept
    with the correction. ``--replace`` alone (or a blank ``--reason``) used to replace them with
    an empty reason; now refused, exit 2, nothing recorded, in the table's language."""
    for language, said in (
            ("en", "Error: Replacing the totals of table 1 of round 1 needs a reason.\n"
                   "Say why with --reason: schafkopf tournament enter --tisch 1 --round 1 --totals ... --replace "
                   "--reason \"Anna and Ben swapped\". Nothing was recorded.\n"),
            ("de", "Fehler: Zum Ersetzen der Summen von Tisch 1 in Runde 1 fehlt ein Grund.\n"
                   "Sag mit --reason, warum: schafkopf tournament enter --tisch 1 --round 1 --totals ... --replace "
                   "--reason \"Anna und Ben vertauscht\". Nichts wurde eingetragen.\n")):
        t = tournament(tmp_path, ["Anna", "Ben", "Cora", "Dora"], extra='games_per_round = 8\nrounds = 2',
                       language=language, name=f"cup-{language}")
        t.ok("tournament", "draw")
        a, b, c, d = tables(t)[1]["players"]
        t.ok("tournament", "enter", "--tisch", "1", "--totals", totals_of((a, b, c, d), (12, -5, -3, -4)))
        right = totals_of((a, b, c, d), (12, -4, -3, -5))
        for reason in ([], ["--reason", ""], ["--reason", "   "]):
            assert t.refused("tournament", "enter", "--tisch", "1", "--totals", right, "--replace", *reason) == said
        assert [h["kind"] for h in t.json("tournament", "sheet", "--tisch", "1")["history"]] == ["entered"]
        t.ok("tournament", "enter", "--tisch", "1", "--totals", right, "--replace", "--reason", "b and d swapped")
        assert [(h["kind"], h["reason"]) for h in t.json("tournament", "sheet", "--tisch", "1")["history"]] == [
            ("entered", ""), ("replaced", "b and d swapped")]



def test_paper_totals_naming_a_player_of_another_table_are_refused_as_a_hand_naming_him(tmp_path):
    """The same player of another table, typed in a hand (``add --tisch 1``, a list line) and in
    the desk's ``--totals``/``--won``: the totals said "'Cora' is not a player at this table. Did
    you mean Dora?" (and for ``#3``: "Start number 3 is Cora, who is not at this table."); now
    every door says where that player sits."""
    t = tournament(tmp_path, ["Anna", "Ben", "Cora", "Dora", "Emil", "Fritz", "Gabi", "Hans"],
                   extra='games_per_round = 8\nrounds = 2', language="de")
    t.ok("tournament", "draw", "--seed", "1")
    seats = tables(t)
    here, there = seats[1]["players"], seats[2]["players"]
    other = there[0]
    said = (f"Fehler: {other} spielt in Runde 1 nicht an Tisch 1: {other} sitzt an Tisch 2.\n"
            f"Spieler an Tisch 1: {', '.join(here)}.\n")
    number = seats[2]["numbers"][0]
    assert t.refused("add", "--tisch", "1", "sau", other, here[0], "72") == said
    for typed in (other, other.lower()[:3], f"#{number}", str(number)):
        totals = totals_of([typed, *here[1:]], (3, -1, -2, 0))
        assert t.refused("tournament", "enter", "--tisch", "1", "--totals", totals) == said, typed
    right = totals_of(here, (3, -1, -2, 0))
    assert t.refused("tournament", "enter", "--tisch", "1", "--totals", right, "--won", f"{other}=2") == said
    # a name no player has keeps its own refusal
    assert t.refused("tournament", "enter", "--tisch", "1", "--totals", totals_of(["Xaver", *here[1:]], (3, -1, -2, 0))
                     ).startswith("Fehler: 'Xaver' spielt nicht an diesem Tisch.\n")
    t.ok("tournament", "enter", "--tisch", "1", "--totals", right)
