"""The last gaps of issue 12: every line of ``add``'s short answer fits the terminal with long
names (the names cut as the sheet cuts them, the amounts whole), the notes under ``standings``
fit it too, and the words a review found in the other language: the cause of a restated hand in
``sheet --history``, the help of ``play`` on a table of another family, Sheepshead's "Bump" on a
German table, and Wendish "Jeder" on an English one."""

import re

import pytest
from rich.cells import cell_len

from schafkopf_score.cli.app import app
from tests.conftest import CliRunner, draw_partners

LONG5 = ["Maximilian", "Franziska", "Bartholomäus", "Konstantin", "Wilhelmine"]
LONG7 = [*LONG5, "Alexander", "Ferdinand"]
STOCK = {'all_pass = "redeal"': 'all_pass = "stock"'}


def at(t, width, *args):
    """A command at a terminal ``width`` columns wide: its lines."""
    r = CliRunner().invoke(app, ["--table", str(t.path), *args], env={"COLUMNS": str(width), "SCHAFKOPF_TABLE": ""})
    assert r.exit_code == 0, r.output
    return r.stdout.splitlines()


def fits(lines, width):
    return all(cell_len(line) <= width for line in lines)


# -- add: every line fits -----------------------------------------------------------------------

ADD_80 = {
    "de": ["Spiel 1 eingetragen: Sauspiel Fran+Bart 72 L3 Kontra Re. Fran und Bart gewinnen.",
           "Fran +1,60 €, Bart +1,60 €, Kons -1,60 €, Wilh -1,60 €",
           "Nächster Geber: Franziska (Franziska setzt aus) · Stock: 0,00 €"],
    "en": ["Hand 1 recorded: Sauspiel Franzi+Bartho 72 L3 Kontra Re. Franzi and Bartho win.",
           "Franzi +€1.60, Bartho +€1.60, Konsta -€1.60, Wilhel -€1.60",
           "Next dealer: Franziska (Franziska sits out) · Stock: €0.00"],
}
PASSED_80 = {
    "de": ["Spiel 2 eingetragen: Weiter.",
           "Maximi -0,10 €, Bartho -0,10 €, Konsta -0,10 €, Wilhel -0,10 €, Stock +0,40 €",
           "Nächster Geber: Bartholomäus (Bartholomäus setzt aus) · Stock: 0,40 €"],
    "en": ["Hand 2 recorded: All passed.",
           "Maximi -€0.10, Bartho -€0.10, Konsta -€0.10, Wilhel -€0.10, Stock +€0.40",
           "Next dealer: Bartholomäus (Bartholomäus sits out) · Stock: €0.40"],
}


@pytest.mark.parametrize("language", ["de", "en"])
def test_add_with_long_names_fits_80_columns_names_cut_amounts_whole(make_table, language):
    t = make_table(players=LONG5, language=language, replace=STOCK)
    lines = at(t, 80, "add", "sau", "fra", "bar", "72", "l3", "k", "re", "--comment", "ein langer Kommentar zum Spiel")
    assert lines == ADD_80[language]
    assert at(t, 80, "add", "weiter") == PASSED_80[language]
    # room enough: the names whole
    wide = at(t, 200, "add", "sau", "wil", "max", "61")
    assert wide[0] == {"de": "Spiel 3 eingetragen: Sauspiel Wilhelmine+Maximilian 61. Wilhelmine und Maximilian "
                             "gewinnen.",
                       "en": "Hand 3 recorded: Sauspiel Wilhelmine+Maximilian 61. Wilhelmine and Maximilian win."
                       }[language]
    # -v still shows the hand in full
    verbose = at(t, 80, "add", "sau", "wil", "fra", "61", "-v")
    assert any(line.startswith("  Wilhelmine ") and line.endswith(("+0,10 €", "+€0.10")) for line in verbose), verbose


def test_add_on_a_narrow_terminal_keeps_every_amount(make_table):
    """40 columns: the names cut to three letters, the payouts without their currency (every
    amount whole), the game's text cut after a word with an ellipsis."""
    t = make_table(players=LONG5, replace=STOCK)
    at(t, 80, "add", "weiter")
    lines = at(t, 40, "add", "sau", "max", "kon", "0", "sw", "k", "re")
    assert lines == ["Spiel 2 eingetragen: Sauspiel Max+Kon 0…",
                     "Max -1,40, Bar +1,20, Kon -1,40, Wil +1,20, Stock +0,40",
                     "Nächster Geber: Bartholomäus"]  # no room for the Stock: never half an amount
    # the payouts line is the one line that may pass 40 columns: no amount is ever cut
    assert fits([lines[0], lines[2]], 40)


def test_add_cuts_the_games_text_and_keeps_who_won(make_table):
    t = make_table(players=LONG5)
    lines = at(t, 60, "add", "sau", "fra", "bar", "72", "l3", "k", "re")
    assert lines == ["Spiel 1 eingetragen: Sauspiel…. Fra und Bar gewinnen.",
                     "Fra +1,60 €, Bar +1,60 €, Kon -1,60 €, Wil -1,60 €",
                     "Nächster Geber: Franziska (Franziska setzt aus)"]
    assert fits(lines, 60)


@pytest.mark.parametrize("family,args", [
    ("wendish", ["normal", "--player", "Franziska", "--partner", "Bartholomäus", "--augen", "72"]),
    ("sheepshead", ["pick", "--picker", "Franziska", "--partner", "Wilhelmine", "--points", "94"]),
], ids=["wendish", "sheepshead"])
@pytest.mark.parametrize("language", ["de", "en"])
def test_every_family_answers_within_80_columns(make_table, family, args, language):
    t = make_table(family=family, players=LONG5, language=language)
    lines = at(t, 80, "add", *args)
    assert 2 <= len(lines) <= 3 and fits(lines, 80), lines
    assert "…" not in "\n".join(lines)


# -- standings: the notes fit -------------------------------------------------------------------

@pytest.mark.parametrize("args", [(), ("--all",)], ids=["session", "season"])
def test_the_standings_notes_fit_80_columns(make_table, args):
    t = make_table(family="deutscher", players=LONG7, name="t")
    draw_partners(t, "Franziska", "Bartholomäus", LONG7[1:5])  # the first deals: the next four play
    at(t, 80, "add", "spiel", "--player", "Franziska", "--partner", "Bartholomäus", "--augen", "70")
    lines = at(t, 80, "standings", *args)
    assert lines[-2:] == ["Schafsköpfe: Maxim 0, Franz 0, Barth 0, Konst 0, Wilhe 0, Alexa 0, Ferdi 0",
                          "Nächster Geber: Franziska (Maximilian, Franziska und Ferdinand setzen aus)"]
    wide = at(t, 200, "standings", *args)
    assert wide[-2] == ("Schafsköpfe: Maximilian 0, Franziska 0, Bartholomäus 0, Konstantin 0, Wilhelmine 0, "
                        "Alexander 0, Ferdinand 0")
    narrow = at(t, 40, "standings", *args)
    notes = narrow[narrow.index(next(x for x in narrow if x.startswith("Schafsköpfe"))):]
    # too long even with the names cut: broken after a comma, the names whole, nothing cut
    assert notes == ["Schafsköpfe: Maximilian 0, Franziska 0,", "  Bartholomäus 0, Konstantin 0,",
                     "  Wilhelmine 0, Alexander 0, Ferdinand 0",
                     "Nächster Geber: Franziska (Maximilian,", "  Franziska und Ferdinand setzen aus)"]


# -- words of the other language ----------------------------------------------------------------

@pytest.mark.parametrize("language,lines", [
    ("de", ["Abend 1 Spiel 2 (Wenz)  zurückgenommen", "Abend 1 Spiel 1 (Weiter)  gestrichen",
            "Abend 1 Spiel 3 (Sauspiel)  korrigiert", "Abend 1 Spiel 3 (Sauspiel)  neu berechnet: Streichung von Spiel 1"]),
    ("en", ["session 1 hand 2 (Wenz)  undone", "session 1 hand 1 (All passed)  void", "session 1 hand 3 (Sauspiel)  edited",
            "session 1 hand 3 (Sauspiel)  restated: void of hand 1"]),
])
def test_the_history_names_why_a_hand_was_restated_in_the_tables_language(make_table, language, lines):
    t = make_table(language=language, replace={'all_pass = "redeal"': 'all_pass = "stock"'})
    t.ok("add", "weiter")
    t.ok("add", "wenz", "be", "70")
    t.ok("undo")
    t.ok("add", "sau", "an", "be", "72")  # Anna and Ben take the Stock
    t.ok("void", "1")  # no Stock for hand 3 to take now: restated
    t.ok("edit", "3", "k")
    out = t.ok("sheet", "--history").stdout
    shown = [line.split("  ", 1)[1] for line in out.splitlines()]
    # oldest first, by the second they were made in (then the hand): the test's entries may
    # straddle a second, so the lines are compared as a set of lines in that order's words
    assert sorted(shown) == sorted(lines), out
    # the machine contract keeps the stored cause
    causes = [e["reason"] for e in t.json("sheet", "--history")["history"] if e["kind"] == "restated"]
    assert causes == ["void of hand 1"]


# the first example of each family's help: a line of the table's own game in its players' names
# (issue 33: no example names, no word the table refuses), and what it records, as the sheet says it
PLAY_HELP = {
    ("sheepshead", "en"): "  pick be ev 94           Pick Ben+Eva 94",
    ("sheepshead", "de"): "  pick be ev 94            Aufnahme Ben+Eva 94",
    ("wendish", "en"): "  normal an be 72    Normal Anna+Ben 72",
    ("wendish", "de"): "  normal an be 72    Normal Anna+Ben 72",
    ("deutscher", "en"): "  spiel an co 75        Game Anna+Cora 75",
    ("deutscher", "de"): "  spiel an co 75        Spiel Anna+Cora 75",
    ("bavarian", "en"): "  sau an be 72 l3 k   Sauspiel Anna+Ben 72 L3 Kontra",
    ("bavarian", "de"): "  sau an be 72 l3 k   Sauspiel Anna+Ben 72 L3 Kontra",
}


@pytest.mark.parametrize("family,language", sorted(PLAY_HELP), ids=[f"{f}-{lang}" for f, lang in sorted(PLAY_HELP)])
def test_the_help_of_play_shows_the_tables_own_games(make_table, family, language):
    players = ["Anna", "Ben", "Cora", "Dora", "Eva"] if family == "sheepshead" else ["Anna", "Ben", "Cora", "Dora"]
    t = make_table(family=family, players=players, language=language)
    r = t.run("play", input="help\n")
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[1] == PLAY_HELP[family, language], r.stdout
    assert [line for line in lines if line.startswith(("Commands: ", "Befehle: "))] == [
        next(line for line in lines if line.startswith("Commands: " if language == "en" else "Befehle: "))]
    if family != "bavarian":  # no Bavarian game on another family's table
        assert "Sauspiel" not in r.stdout and "Ramsch" not in r.stdout and "Jungfrau" not in r.stdout
    # only the commands the table has: the lot at a Deutscher table, an early payout where the
    # table counts in money (every table's help offered draw/losen and settle --player)
    words = set(re.findall(r"[\w-]+", r.stdout.split("Commands: " if language == "en" else "Befehle: ")[1]))
    assert ({"draw", "losen"} & words != set()) == (family == "deutscher"), words
    assert ({"--player", "--spieler"} & words != set()) == (family in ("bavarian", "wendish")), words


def test_a_german_sheepshead_table_has_no_bump(make_table):
    t = make_table(family="sheepshead", players=["Anna", "Ben", "Cora", "Dora", "Eva"], language="de")
    out = t.ok("calc", "pick", "an", "alone", "40", "crack").stdout
    assert out.splitlines()[0] == ("Anna allein: verloren mit 40 Punkten, Stufe 1, Crack x2, "
                                   "verlorene Aufnahme x2 = 4 je Gegner"), out
    assert "Bump" not in out
    en = make_table(family="sheepshead", players=["Anna", "Ben", "Cora", "Dora", "Eva"], language="en", name="en")
    assert "on the bump x2" in en.ok("calc", "pick", "an", "alone", "40", "crack").stdout


def test_an_english_wendish_table_names_everyone_for_himself_in_english(make_table):
    t = make_table(family="wendish", language="en", replace={'games = ["normal", "hochzeit", "solo"]':
                                                             'games = ["normal", "hochzeit", "solo", "jeder"]'})
    lines = t.ok("add", "jeder", "an=50", "be=40", "co=20", "do=10").stdout.splitlines()
    assert lines[0] == "Hand 1 recorded: Everyone for himself Anna. Anna wins.", lines
    assert "Everyone for himself" in t.ok("stats").stdout
    r = t.run("add", "jeder")
    assert r.exit_code == 2 and r.stderr.startswith("Error: Everyone for himself needs every player's Augen."), r.stderr
    for out in (t.ok("stats").stdout, t.ok("export", "--format", "text").stdout, "\n".join(lines)):
        assert "Jeder" not in out and "jeder gegen" not in out, out
    de = make_table(family="wendish", language="de", name="de",
                    replace={'games = ["normal", "hochzeit", "solo"]': 'games = ["normal", "hochzeit", "solo", "jeder"]'})
    assert de.ok("add", "jeder", "an=50", "be=40", "co=20", "do=10").stdout.startswith(
        "Spiel 1 eingetragen: Jeder Anna. Anna gewinnt.")
