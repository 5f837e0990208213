"""Issue 33 (6): one vocabulary per family and language gives the reader's hints, Tab completion
and play's help: the words of the table's own games, in its language, with its players' names."""

import pytest

from tests.cli.test_evening_defects import play

SHEEPSHEAD = ["Anna", "Ben", "Cora", "Dora", "Eva"]


@pytest.mark.parametrize("family,players,line,words", [
    ("sheepshead", SHEEPSHEAD, "pick an 72 xyz",
     "Words are names, a number of points, sw, alone, crack, recrack, out NAME and dealer NAME."),
    ("wendish", None, "normal an be 72 xyz",
     "Words are names, a number of Augen, + or -, sw, out NAME and dealer NAME."),
    ("deutscher", None, "spiel an co 70 xyz", "Words are names, a number of Augen, sw, zwang, out NAME and dealer NAME."),
    ("bavarian", None, "sau an be 72 xyz",
     "Words are names, a number of Augen, + or -, sw, l3 (Laufende), k, re, out NAME, dealer NAME and suits."),
])
def test_a_word_that_fits_nothing_lists_the_words_of_that_game_at_that_table(make_table, family, players, line, words):
    t = make_table(family=family, players=players or ["Anna", "Ben", "Cora", "Dora"], language="en")
    r = play(t, line + "\n")
    assert r.returncode == 2
    assert r.stderr.splitlines()[2] == words, r.stderr
    for foreign in ("l3", "tout", "jf NAME") if family != "bavarian" else ("tout", "jf NAME", "crack"):
        assert foreign not in r.stderr


def test_a_german_table_suggests_its_own_words(make_table):
    bavarian = make_table(preset="wirtshaus")
    r = play(bavarian, "bettel an ou\nramsch be ausss\n")
    assert "Meintest du 'ouvert'?" in r.stderr and "out" not in r.stderr
    deutscher = make_table(family="deutscher", name="ds")
    r = play(deutscher, "lo\n")
    assert r.stderr.splitlines()[2] == "Meintest du 'losen'? Bekannt: losen, spiel."


def test_weiter_names_the_tables_own_all_pass_and_players(make_table):
    t = make_table(players=["Xaver", "Resi", "Sepp", "Vroni"],
                   replace={'all_pass = "redeal"': 'all_pass = ["ramsch", "stock"]'})
    r = play(t, "weiter\n")
    assert r.stderr.splitlines()[1:] == [
        'Fehler: Wenn alle passen, spielt dieser Tisch einen Ramsch (all_pass = ["ramsch", "stock"]).',
        "Trag den Ramsch ein: ramsch NAME (oder Xaver=.. Resi=.. ...)."]


def test_play_help_shows_the_tables_players_and_only_its_games_and_words(make_table):
    t = make_table(players=["Xaver", "Resi", "Sepp", "Vroni"])  # official: no Bettel, no Ramsch, no Legen
    lines = play(t, "hilfe\n").stdout.splitlines()
    examples = lines[1:lines.index(next(x for x in lines if x.startswith("Befehle: ")))]
    assert examples == ["  sau xa re 72 l3 k   Sauspiel Xaver+Resi 72 L3 Kontra",
                        "  herzsolo se 105 l4  Herz-Solo Sepp 105 L4",
                        "  wenz vr tout +      Wenz Tout Vroni +",
                        "  weiter              Weiter"], examples
    text = "\n".join(examples)
    for refused in ("Anna", "Ben", "bettel", "ramsch", "g1", "jf"):
        assert refused not in text, refused
