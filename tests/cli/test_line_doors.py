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

