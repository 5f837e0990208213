"""One typed line, one reading, in every door (RULES §1, §8, §10): ``add WORDS``, ``play``, a
tournament's list (``tournament enter --tisch N FILE``), ``add --tisch N``, and the desk's
paper totals. Each test names the defect it pins."""

import json

import pytest

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


LINES = [  # a line whose long options are refused, and the refusal (message, hint) in German
    ("sau an be 72 --foo", "'--foo' ist keine Option eines Spiels.\nTipp das Spiel in kurzen Wörtern (hilfe zeigt "
                           "sie) oder mit den Optionen von schafkopf add --help."),
    ("sau an be 72 --laufende", "Nach --laufende muss ein Wert kommen.\nTipp das Spiel in kurzen Wörtern (hilfe "
                                "zeigt sie) oder mit den Optionen von schafkopf add --help."),
    ("sau an be 72 --dealer --kontra", "Nach --dealer muss ein Wert kommen.\nTipp das Spiel in kurzen Wörtern "
                                       "(hilfe zeigt sie) oder mit den Optionen von schafkopf add --help."),
    ("sau an be 72 --laufende x", "--laufende 'x' ist keine ganze Zahl.\nSchreib sie in den Ziffern 0 bis 9, z. B. "
                                  "--laufende 3."),
    ("sau an be 72 --kontra=1", "--kontra nimmt keinen Wert.\nSchreib --kontra allein, ohne =."),
    ("sau an be 72 -k", "'-k' passt zu nichts in diesem Spiel (Sauspiel).\nMeintest du 'k'? Wörter sind Namen, eine "
                        "Zahl Augen, + oder -, sw, l3 (Laufende), k, re, aus NAME, geber NAME und Farben."),
]


@pytest.mark.parametrize("line, said", LINES, ids=[line for line, _ in LINES])
def test_a_hands_long_options_are_refused_alike_by_add_play_a_list_and_add_tisch(make_table, tmp_path, line, said):
    """``add`` read a hand's long options with click: an unknown one, a missing value, a value
    to a switch, a count in letters and ``-k`` were refused in click's words (``Diese Option
    gibt es nicht: --foo. Meintest du --forced oder --won?`` under a usage block; ``Die Option
    '--laufende' braucht einen Wert.`` without a hint; ``--dealer --kontra`` took
    ``--kontra`` for the dealer's name), where ``play``, a tournament's list and the server
    refuse the same line in the line reader's. Now every door says the line reader's words;
    exit 2 and nothing written."""
    t = make_table(language="de")
    words = line.split()
    assert t.refused("add", *words) == f"Fehler: {said}\n"
    assert t.refused("calc", *words) == f"Fehler: {said}\n"
    r = t.run("play", input=f"{line}\nsau an be 72\n")
    assert (r.exit_code, r.stderr) == (2, f"Zeile 1: {line}\nFehler: {said}\n")
    assert len(t.json("sheet")["sessions"][0]["hands"]) == 1  # play went on after the refused line
    cup = tournament(tmp_path, ["Anna", "Ben", "Cora", "Dora"], extra='games_per_round = 8\nrounds = 2',
                     language="de")
    cup.ok("tournament", "draw")
    assert cup.refused("add", "--tisch", "1", *words) == f"Fehler: {said}\n"
    (tmp_path / "liste.txt").write_text(f"{line}\n", encoding="utf-8")
    message, hint = said.split("\n")
    assert cup.refused("tournament", "enter", "--tisch", "1", str(tmp_path / "liste.txt")) == (
        f"Fehler: Zeile 1: {message} Nichts wurde eingetragen.\n{hint}\n")


def test_a_hash_inside_quotes_on_a_list_line_is_no_comment(make_table, tmp_path):
    """A tournament's list cut each line at a ``#`` not followed by a digit, inside quotes too:
    ``--comment "Runde #zwei"`` became ``--comment "Runde `` and the whole list was refused
    ("a quote is not closed"), where ``add`` and ``play`` take the line. A ``#`` outside quotes
    still begins a comment; ``#17`` is still a start number."""
    line = 'sau an be 72 --comment "Runde #zwei"'
    t = make_table(language="en")
    t.ok("add", "sau", "an", "be", "72", "--comment", "Runde #zwei")
    cup = tournament(tmp_path, ["Anna", "Ben", "Cora", "Dora"], extra='games_per_round = 8\nrounds = 2')
    cup.ok("tournament", "draw")
    (tmp_path / "list.txt").write_text(f"{line}  # the first game\n# a comment line\nsau #1 #2 61 # the second\n",
                                       encoding="utf-8")
    assert cup.ok("tournament", "enter", "--tisch", "1", str(tmp_path / "list.txt")).stdout.startswith(
        "Recorded 2 games at table 1 (round 1): games 1 to 2.")
    exported = json.loads(cup.ok("export", "--format", "json").stdout)
    entries = [g["entry"] for g in exported["sessions"][0]["games"]]
    assert entries[0] == json.loads(t.ok("export", "--format", "json").stdout)["sessions"][0]["games"][0]["entry"]
    assert entries[0]["comment"] == "Runde #zwei" and "comment" not in entries[1]


def test_a_word_that_fits_nothing_is_named_as_typed_in_a_line_of_short_words(make_table):
    """After ``--`` a word that begins with dashes is a word of the hand (click's reading):
    ``--kontra`` there fits nothing, and the refusal put into short words named it ``'kontra'``
    ("'kontra' fits nothing ... Did you mean 'kontra'?"). The word typed stays as typed."""
    t = make_table(language="en")
    assert t.refused("add", "sau", "an", "be", "72", "--", "--kontra") == (
        "Error: '--kontra' fits nothing in a Sauspiel.\nDid you mean 'kontra'? Words are names, a number of Augen, + "
        "or -, sw, l3 (Laufende), k, re, out NAME, dealer NAME and suits.\n")


def test_a_list_line_too_long_says_nothing_was_recorded_once(make_table, tmp_path):
    """A list line past 4096 characters said "Nothing was recorded." twice, once after the
    line's message and once as the hint's start; the hint is the one every door gives."""
    line = "sau an be 72 " + "k " * 2500
    t = make_table(language="en")
    hint = "Nothing was recorded. Type one hand or one command a line.\n"
    assert t.refused("add", *line.split()) == (
        "Error: The line is 5012 characters long; a line here holds at most 4096.\n" + hint)
    cup = tournament(tmp_path, ["Anna", "Ben", "Cora", "Dora"], extra='games_per_round = 8\nrounds = 2')
    cup.ok("tournament", "draw")
    (tmp_path / "list.txt").write_text(line.strip() + "\n", encoding="utf-8")
    assert cup.refused("tournament", "enter", "--tisch", "1", str(tmp_path / "list.txt")) == (
        "Error: line 1: The line is 5012 characters long; a line here holds at most 4096.\n" + hint)


def test_an_earlier_name_names_the_player_after_a_rename(make_table):
    """After ``player rename Anna Anni`` a line naming ``anna`` got a spelling guess ("'anna'
    fits nothing in a Sauspiel. Did you mean 'Anni'?"), and ``edit`` of a hand Anna played
    naming ``anni`` one the other way round ("Did you mean 'Anna'?"), in ``add``, ``edit`` and
    ``play``. The ledger links both names to one person and no one else may take either: a
    name the player had before (or has since) names him, under the name of that hand."""
    t = make_table(language="de")
    t.ok("add", "sau", "an", "be", "72")
    t.ok("player", "rename", "Anna", "Anni")
    assert t.ok("add", "sau", "anna", "be", "72", "--dealer", "ANNA").stdout.startswith(
        "Spiel 2 eingetragen: Sauspiel Anni+Ben 72. Anni und Ben gewinnen.\n")
    assert t.ok("edit", "1", "sau", "anni", "be", "61").stdout.startswith(
        "Spiel 1 korrigiert: Sauspiel Anna+Ben 72 -> Sauspiel Anna+Ben 61\n")
    r = t.run("play", input="sau anna co 72\n")
    assert r.exit_code == 0, r.stderr
    hands = t.json("sheet")["sessions"][0]["hands"]
    assert [(h["entry"]["player"], h["entry"].get("partner"), h["entry"].get("dealer")) for h in hands][-2:] == [
        ("Anni", "Ben", "Anni"), ("Anni", "Cora", None)]
    # a word that names no one, before or since, keeps its own refusal
    assert t.refused("add", "sau", "anne", "be", "72").startswith("Fehler: 'anne' passt zu nichts")
