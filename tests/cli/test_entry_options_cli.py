"""Every entry option, typed on the real command line with a non-default value, reaches
(a) the entry (``sheet --json``), (b) the payouts (``calc``/``add --json``) and (c) the row's
"as typed" text (column ``typed`` of ``games`` in the ledger).

Regression: the CLI used to drop every option value equal to False/0, so ``--lost`` never
reached the engine (``calc bettel --player Cora --lost`` asked for --won or --lost; ``--augen 70
--lost`` was booked as a win) and the stored text lost it too. A value is skipped only when it
equals that option's default. Each case's payouts are hand-computed from RULES.md so that a
dropped option changes them (or gets the entry rejected).
"""

import json
import shlex
import sqlite3
from contextlib import closing

import pytest
import typer

from schafkopf_score.cli.app import app

FIVE = ["Anna", "Ben", "Cora", "Dora", "Emil"]

# how each table is made (make_table keyword arguments); tariffs are the defaults of RULES.md 6:
# Bavarian sauspiel 10, solo 50 (wenz as solo), bettel 30, ramsch 10, schneider/schwarz/laufende 10
TABLES = {
    "official": {},
    "wirtshaus": {"preset": "wirtshaus"},  # Legen, Bettel, Ramsch on all pass
    "sup": {"replace": {"kontra = 2 ": "kontra = 3 "}},
    "hirsch": {"replace": {"kontra = 2 ": "kontra = 4 "}},
    "forced": {"replace": {'all_pass = "redeal"': 'all_pass = "forced"'}},
    "five": {"players": FIVE},  # 5 at a 4-seat table: Anna deals hand 1 and sits out
    "wendish": {"family": "wendish"},  # normal 10, solo 30
    "deutscher": {"family": "deutscher", "replace": {'partners = "per_game"': 'partners = "fixed"'}},  # strokes
    "sheepshead": {"family": "sheepshead", "players": FIVE},  # points, on the bump, called ace
    "schieben": {"preset": "wirtshaus", "replace": {"schieben = false": "schieben = true"}},
    "blitz": {"family": "sheepshead", "players": FIVE, "replace": {"blitz = false": "blitz = true"}},
}
UNIT = {"deutscher": "stroke", "sheepshead": "point"}


def solo(declarer, each, players=("Anna", "Ben", "Cora", "Dora")):
    """One against the rest: each opponent pays ``each`` (negative: receives it)."""
    return {p: each * (len(players) - 1) if p == declarer else -each for p in players}


def pay(**amounts):
    return amounts


# (option under test, table, the command line after `calc`/`add`, payouts,
#  entry fields it must produce, typed fields it must store (default: as the entry))
CASES = [
    # Wenz 50, Cora won: +3 x 50; the name is typed as a prefix and stored as typed
    ("--player", "official", "wenz --player co --augen 70", solo("Cora", 50), {"player": "Cora"}, {"player": "co"}),
    ("--spieler", "official", "wenz --spieler Dora --augen 70", solo("Dora", 50), {"player": "Dora"}, None),
    # Sheepshead 004 example: 94 points, opponents 26 <= 29: tier 2; picker 2t = 4, partner t = 2
    ("--picker", "sheepshead", "pick --picker Ben --partner Emil --points 94",
     pay(Anna=-2, Ben=4, Cora=-2, Dora=-2, Emil=2), {"player": "Ben"}, None),
    # Sauspiel 10 from each loser to one winner
    ("--partner", "official", "sauspiel --player Anna --partner Cora --augen 70",
     pay(Anna=10, Ben=-10, Cora=10, Dora=-10), {"partner": "Cora"}, None),
    # --augen 0 (a 0 that must not be dropped): lost, schneider: 50 + 10 = 60 to each opponent
    ("--augen", "official", "wenz --player Cora --augen 0", solo("Cora", -60), {"augen": 0}, None),
    # 40 points lost, tier 1, on the bump x2 = 2: picker -2*2, partner -2, opponents +2
    ("--points", "sheepshead", "pick --picker Ben --partner Emil --points 40",
     pay(Anna=2, Ben=-4, Cora=2, Dora=2, Emil=-2), {"augen": 40}, None),
    # Ramsch by Augen: Cora has the most (50) and pays ramsch 10 to each
    ("--augen NAME=N", "wirtshaus", "ramsch --augen Anna=30,Ben=20,Cora=50,Dora=20", solo("Cora", -10),
     {"augen_map": [["Anna", 30], ["Ben", 20], ["Cora", 50], ["Dora", 20]]},
     {"augen": "Anna=30,Ben=20,Cora=50,Dora=20"}),
    # 50 + schneider 10 + schwarz 10 = 70 (without --schwarz: 60)
    ("--schwarz", "official", "wenz --player Cora --augen 120 --schwarz", solo("Cora", 70), {"schwarz": True}, None),
    # 50 + 3 x 10 = 80
    ("--laufende", "official", "wenz --player Cora --augen 70 --laufende 3", solo("Cora", 80), {"laufende": 3}, None),
    # 50 x 2 = 100; 50 x 4 = 200; 50 x 8 = 400 (kontra = 3); 50 x 16 = 800 (kontra = 4)
    ("--kontra", "official", "wenz --player Cora --augen 70 --kontra", solo("Cora", 100), {"kontra": True}, None),
    ("--re", "official", "wenz --player Cora --augen 70 --kontra --re", solo("Cora", 200), {"re": True}, None),
    ("--sup", "sup", "wenz --player Cora --augen 70 --kontra --re --sup", solo("Cora", 400), {"sup": True}, None),
    ("--hirsch", "hirsch", "wenz --player Cora --augen 70 --kontra --re --sup --hirsch", solo("Cora", 800),
     {"hirsch": True}, None),
    # two laid: 50 x 2^2 = 200
    ("--legen", "wirtshaus", "wenz --player Cora --augen 70 --legen 2", solo("Cora", 200), {"legen": 2}, None),
    # the German table words for the same options: Stoß is Kontra, Klopfen is Legen
    ("--stoss", "official", "wenz --player Cora --augen 70 --stoss", solo("Cora", 100), {"kontra": True}, None),
    ("--klopfen", "wirtshaus", "wenz --player Cora --augen 70 --klopfen 1", solo("Cora", 100), {"legen": 1}, None),
    # Herz-Solo 50 (without --suit the Solo is rejected)
    ("--suit", "official", "solo --player Cora --suit herz --augen 70", solo("Cora", 50), {"suit": "herz"}, None),
    # the called Sau changes no money: Sauspiel 10
    ("--sau", "official", "sauspiel --player Anna --partner Cora --sau gras --augen 70",
     pay(Anna=10, Ben=-10, Cora=10, Dora=-10), {"sau": "gras"}, None),
    # Tout won: 50 x 2 = 100 (dropped: a plain Wenz won, 50)
    ("--tout", "official", "wenz --player Cora --tout --won", solo("Cora", 100), {"tout": True}, None),
    # Bettel 30: won +3 x 30, lost -3 x 30; ouvert doubles: 60
    ("--won", "wirtshaus", "bettel --player Cora --won", solo("Cora", 30), {"won": True}, None),
    ("--lost", "wirtshaus", "bettel --player Cora --lost", solo("Cora", -30), {"won": False}, None),
    ("--ouvert", "wirtshaus", "bettel --player Cora --won --ouvert", solo("Cora", 60), {"ouvert": True}, None),
    # Wendish silent solo: solo 30 (without --still or --suit the solo is rejected)
    ("--still", "wendish", "solo --player Anna --still --augen 70", solo("Anna", 30), {"still": True}, None),
    # Ramsch: the loser pays 10 to each; two Jungfrauen (double_all): 10 x 2 x 2 = 40
    ("--loser", "wirtshaus", "ramsch --loser Cora", solo("Cora", -10), {"loser": "Cora"}, None),
    ("--jungfrau", "wirtshaus", "ramsch --loser Cora --jungfrau Anna --jungfrau Ben", solo("Cora", -40),
     {"jungfrau": ["Anna", "Ben"]}, None),
    # Durchmarsch: Dora receives ramsch 10 from each
    ("--durchmarsch", "wirtshaus", "ramsch --durchmarsch Dora", solo("Dora", 10), {"durchmarsch": "Dora"}, None),
    # two pushed: the loser pays 10 x 2 x 2 = 40 to each
    ("--schieben", "schieben", "ramsch --loser Cora --schieben 2", solo("Cora", -40), {"schieben": 2}, None),
    # alone, tier 1: picker +(5-1) x 1, each opponent -1
    ("--alone", "sheepshead", "pick --picker Ben --alone --points 70", solo("Ben", 1, FIVE), {"alone": True}, None),
    # tier 1 x crack 2 = 2: picker 2 x 2, partner 2; x recrack 2 = 4: picker 8, partner 4
    ("--crack", "sheepshead", "pick --picker Ben --partner Emil --points 70 --crack",
     pay(Anna=-2, Ben=4, Cora=-2, Dora=-2, Emil=2), {"crack": True}, None),
    ("--recrack", "sheepshead", "pick --picker Ben --partner Emil --points 70 --crack --recrack",
     pay(Anna=-4, Ben=8, Cora=-4, Dora=-4, Emil=4), {"recrack": True}, None),
    # tier 1 x blitz 2 = 2: picker 2 x 2, partner 2
    ("--blitz", "blitz", "pick --picker Ben --partner Emil --points 70 --blitz",
     pay(Anna=-2, Ben=4, Cora=-2, Dora=-2, Emil=2), {"blitz": True}, None),
    # forced changes no money: Wenz 50
    ("--forced", "forced", "wenz --player Cora --augen 70 --forced", solo("Cora", 50), {"forced": True}, None),
    # lost Zwangsspiel, 50 Augen (not schneider): the opponents book the single 1 (else 2)
    ("--zwang", "deutscher", "spiel --player Anna --partner Cora --augen 50 --zwang",
     pay(Anna=0, Ben=1, Cora=0, Dora=1), {"zwang": True}, None),
    # leaster: the winner receives 1 from each of the other four
    ("--winner", "sheepshead", "leaster --winner Cora", solo("Cora", 1, FIVE), {"winner": "Cora"}, None),
    # Anna and Dora (0 points) took no trick, so Ben (20) has the fewest (dropped: a tie at 0)
    ("--no-trick", "sheepshead", "leaster --points Anna=0,Ben=20,Cora=40,Dora=0,Emil=60 --no-trick Anna --no-trick Dora",
     solo("Ben", 1, FIVE), {"no_trick": ["Anna", "Dora"]}, None),
    # Anna deals hand 1 and would sit out; with Emil out (or dealing) Anna plays: Wenz 50
    ("--sitting-out", "five", "wenz --player Anna --augen 70 --sitting-out Emil", solo("Anna", 50),
     {"sitting_out": ["Emil"]}, None),
    ("--dealer", "five", "wenz --player Anna --augen 70 --dealer Emil", solo("Anna", 50), {"dealer": "Emil"}, None),
    ("--comment", "official", "wenz --player Cora --augen 70 --comment 'Runde auf Ben'", solo("Cora", 50),
     {"comment": "Runde auf Ben"}, None),
]


def _option_fields(command="calc"):
    """Every option name of a command (aliases and --lost included) -> its parameter name."""
    group = typer.main.get_command(app)  # typer may bring its own copy of click: no isinstance
    return {name: p.name for p in group.commands[command].params if p.param_type_name == "option"
            for name in (*p.opts, *p.secondary_opts)}


def _same(stored, expected):
    if isinstance(expected, bool):
        return stored is expected
    return stored == expected or str(stored) == str(expected)  # --augen is typed as text


def _typed_rows(t):
    with closing(sqlite3.connect(t.ledger_path)) as conn:
        return [json.loads(text) for (text,) in conn.execute("SELECT typed FROM games ORDER BY id")]


@pytest.mark.parametrize("option,table,line,payouts,entry,typed", CASES, ids=[c[0] for c in CASES])
def test_entry_option_reaches_entry_payouts_and_stored_row(make_table, option, table, line, payouts, entry, typed):
    args = shlex.split(line)
    assert option.split()[0] in args, "each case must type the option it is named after"
    spec = TABLES[table]
    t = make_table(**spec)
    unit = UNIT.get(spec.get("family", "bavarian"), "cent")

    calc = t.json("calc", *args)
    assert (calc["unit"], calc["payouts"]) == (unit, payouts), calc["explanation"]
    added = t.json("add", *args)
    assert (added["game"], added["unit"], added["payouts"]) == (args[0], unit, payouts), added["explanation"]
    assert added["hand"] == 1  # the first hand: the balances are its payouts (0 for who sat out)
    assert added["balances"] == {name: payouts.get(name, 0) for name in added["balances"]}

    (hand,) = t.json("sheet")["sessions"][0]["hands"]
    got = hand["entry"]
    for key, value in entry.items():
        assert key in got and got[key] == value and type(got[key]) is type(value), (key, got)
    (stored,) = _typed_rows(t)
    assert stored["game"] == args[0]
    for key, value in (typed or entry).items():
        assert key in stored and _same(stored[key], value), (key, stored)

    # and every other option typed in the case reaches both too (e.g. --won beside --ouvert)
    fields = _option_fields()
    for word in args:
        if word.startswith("--"):
            field = fields[word]
            assert field in got or (field == "augen" and "augen_map" in got), (word, got)
            assert field in stored, (word, stored)


def test_every_calc_option_has_a_case():
    """An entry option added later without a case here fails this test."""
    # every case runs with --json; --tisch (a tournament's table) has its cases in test_tournament.py
    covered = {c[0].split()[0] for c in CASES} | {"--json", "--tisch"}
    options = _option_fields("calc")
    missing = sorted(set(options) - covered)
    assert not missing, f"entry options without a case in {__name__}: {missing}"
    # add -v: the full answer; add --round: a late game of a tournament's earlier round
    add = {k: v for k, v in _option_fields("add").items() if k not in ("--verbose", "-v", "--round")}
    assert add == options, "calc and add take the same entry options"


# -- the three reported repros --------------------------------------------------------------------

def test_repro_calc_bettel_lost(make_table):
    t = make_table(preset="wirtshaus")
    data = t.json("calc", "bettel", "--player", "Cora", "--lost")
    # Bettel 30, lost: Cora pays 30 to each of three
    assert data["payouts"] == {"Anna": 30, "Ben": 30, "Cora": -90, "Dora": 30}
    assert data["won"] is False and data["value"] == 30
    assert data["explanation"] == "Bettel 30 je Gegner"
    assert not t.ledger_path.exists(), "calc records nothing"


def test_repro_calc_tout_lost(make_table):
    t = make_table()
    data = t.json("calc", "solo", "--suit", "herz", "--player", "Anna", "--tout", "--lost")
    # Tout: (solo 50 + 0 Laufende) x 2 = 100 per opponent; lost: Anna -3 x 100
    assert data["payouts"] == {"Anna": -300, "Ben": 100, "Cora": 100, "Dora": 100}
    assert data["won"] is False and data["value"] == 100
    assert data["explanation"] == "Herz-Solo 50 = 50, Tout x2 = 100 je Gegner"


@pytest.mark.parametrize("command", ["calc", "add"])
@pytest.mark.parametrize("augen,flag,means", [("70", "--lost", "won"), ("50", "--won", "lost")])
def test_repro_augen_contradicting_won_lost_is_rejected(make_table, command, augen, flag, means):
    t = make_table(language="en")  # the engine's English words (its German ones: the engine's tests)
    r = t.run(command, "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", augen, flag)
    assert r.exit_code == 2, r.output
    assert r.stderr == (f"Error: --augen {augen} means the game was {means}, but {flag} says otherwise.\n"
                        "Drop --won/--lost; the Augen decide (61 wins).\n")
    assert "Traceback" not in r.output
    assert not t.ledger_path.exists(), "a rejected entry writes nothing"


def test_repro_augen_50_lost_is_booked_as_a_loss(make_table):
    t = make_table()
    args = ("sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "50", "--lost")
    # Sauspiel 10, Anna and Ben lost: each pays 10 to one of Cora and Dora
    expected = {"Anna": -10, "Ben": -10, "Cora": 10, "Dora": 10}
    assert t.json("calc", *args)["payouts"] == expected
    added = t.json("add", *args)
    assert added["payouts"] == expected and added["won"] is False
    assert t.json("sheet")["sessions"][0]["hands"][0]["entry"] == {
        "game": "sauspiel", "player": "Anna", "partner": "Ben", "augen": 50, "won": False}
    (stored,) = _typed_rows(t)
    assert stored["won"] is False and stored["player"] == "Anna" and str(stored["augen"]) == "50"


def test_a_hands_long_options_in_capitals_are_taken_by_add_as_by_play(make_table):
    """play and the server read a line's long options without regard to case; add, calc and
    edit take the same line alike (``--Kontra`` was "No such option" at the command line only)."""
    a = make_table(name="added", language="en")
    b = make_table(name="played", language="en")
    added = a.json("add", "sau", "an", "be", "72", "--Kontra", "--LAUFENDE", "3")
    assert b.run("play", input="sau an be 72 --Kontra --LAUFENDE 3\n").exit_code == 0
    assert added["payouts"] == b.json("sheet")["sessions"][0]["hands"][0]["payouts"] == {"Anna": 80, "Ben": 80, "Cora": -80,
                                                                          "Dora": -80}
    assert a.json("calc", "sau", "an", "be", "72", "--KONTRA")["value"] == 20
    assert a.json("edit", "1", "--Re")["payouts"]["Anna"] == 160
    unknown = ("Error: '--Kon' is no option of a hand.\nType the hand in short words (help shows them), or with the "
               "options of schafkopf add --help.\n")
    assert a.refused("add", "sau", "an", "be", "72", "--Kon") == unknown
    assert b.run("play", input="sau an be 72 --Kon\n").stderr == "Line 1: sau an be 72 --Kon\n" + unknown


@pytest.mark.parametrize("args, typed", [
    (["add", "sauspiel", "--player", "Ben", "--player", "Cora", "--partner", "Dora", "--augen", "70"], "--player"),
    (["add", "wenz", "be", "80", "--Augen=50", "--augen", "60"], "--Augen"),
    (["add", "wenz", "--player", "Ben", "--won", "--lost"], "--won/--lost"),
    (["add", "wenz", "be", "80", "--kontra", "--kontra"], "--kontra"),
    (["calc", "wenz", "be", "80", "--laufende", "2", "--laufende", "3"], "--laufende"),
    (["settle", "--round", "50", "--round", "100"], "--round"),
    (["import", "-j", "1", "--jobs", "2", "export.json"], "-j/--jobs"),
    (["add", "-v", "-v", "wenz", "be", "80"], "-v"),
])
def test_an_option_given_twice_is_refused_not_taken_last(make_table, args, typed):
    """click takes the last of an option given twice; the CLI refuses it in every command, as
    ``play`` and the phone refuse it on a typed line: exit 2, the option named as typed, nothing
    written."""
    t = make_table(language="en")
    t.ok("add", "sau", "an", "be", "72")
    assert t.refused(*args) == f"Error: {typed} is given twice.\nSay each thing once.\n"


def test_an_option_that_gathers_may_repeat(make_table):
    """--sitting-out names several players, one option each: that is no option given twice."""
    t = make_table(players=["Anna", "Ben", "Cora", "Dora", "Emil", "Fritz"], language="en")
    assert t.json("add", "sau", "an", "be", "72", "--sitting-out", "Emil", "--sitting-out", "Fritz")["hand"] == 1


def test_an_option_given_twice_is_refused_in_the_tables_language(make_table):
    de = make_table(language="de")
    assert de.refused("add", "wenz", "--player", "Ben", "--won", "--lost") \
        == "Fehler: --won/--lost ist doppelt angegeben.\nSag jedes nur einmal.\n"
    assert de.refused("settle", "--round", "50", "--round", "100") \
        == "Fehler: --round ist doppelt angegeben.\nSag jedes nur einmal.\n"


def test_two_tables_on_one_command_line_are_refused(make_table, tmp_path):
    """``--table a.toml --table b.toml``: which table a hand would go to is not for the program
    to guess (click took the last one)."""
    from schafkopf_score.cli.app import app
    from tests.conftest import CliRunner

    a, b = make_table(name="a", language="en"), make_table(name="b", language="en")
    r = CliRunner().invoke(app, ["--table", str(a.path), "--table", str(b.path), "add", "sau", "an", "be", "72"],
                           env={"SCHAFKOPF_TABLE": ""})
    assert (r.exit_code, r.stderr) == (2, "Error: --table is given twice.\nSay each thing once.\n")
    assert not a.ledger_path.exists() and not b.ledger_path.exists()


def test_two_tables_are_refused_in_the_tables_language_and_after_the_command(make_table):
    """``--table`` given twice is the command group's option: its refusal was said in English on
    a German table (the table is not read yet when the group's options are); and typed after
    the command twice (``sheet --table a --table b``), only the first was moved in front, so the
    second was "No such option: --table. Did you mean --all?"."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    de = make_table(language="de")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2]), "SCHAFKOPF_TABLE": ""}
    twice = "Fehler: --table ist doppelt angegeben.\nSag jedes nur einmal.\n"
    for args in (["--table", str(de.path), "--table", str(de.path), "sheet"],
                 ["sheet", "--table", str(de.path), "--table", str(de.path)],
                 ["--table", str(de.path), "add", "sau", "an", "be", "72", "--table=" + str(de.path)]):
        r = subprocess.run([sys.executable, "-m", "schafkopf_score", *args], capture_output=True, text=True, env=env)
        assert (r.returncode, r.stdout, r.stderr) == (2, "", twice), args
    assert not de.ledger_path.exists()


def test_help_wins_over_an_option_given_twice_and_a_missing_argument_is_named_as_shown(make_table):
    """--help (and --version) end the command before anything is done: they are answered,
    not refused for an option given twice; a missing argument is named as the usage line
    writes it (HAND, not typer's {hand})."""
    t = make_table(language="en")
    assert t.ok("add", "--help", "--kontra", "--kontra").stdout.startswith("Usage: schafkopf add [OPTIONS] GAME [WORDS]...")
    r = t.run("void")
    assert r.exit_code == 2 and r.stderr.endswith("Error: Missing argument 'HAND'.\n"), r.stderr


def test_a_switch_given_a_value_is_refused_in_the_tables_language_with_a_hint_that_fits(make_table):
    """``--kontra=1``: the command line said click's English ("Option '--kontra' does not take
    a value.") on a German table, and play (and the phone) gave the hint of an option said
    twice ("Sag jedes nur einmal.")."""
    de = make_table(language="de")
    ledger = de.ledger_bytes()
    assert de.refused("add", "sau", "an", "be", "72", "--kontra=") == \
        "Fehler: --kontra nimmt keinen Wert.\nSchreib --kontra allein, ohne =.\n"
    r = de.run("play", input="sau an be 72 --kontra=1\n")
    assert (r.exit_code, r.stderr) == (
        2, "Zeile 1: sau an be 72 --kontra=1\nFehler: --kontra nimmt keinen Wert.\nSchreib --kontra allein, ohne =.\n")
    assert de.ledger_bytes() == ledger
    en = make_table(language="en")
    assert en.refused("calc", "sau", "an", "be", "72", "--schwarz=yes") == \
        "Error: --schwarz takes no value.\nWrite --schwarz alone, without =.\n"
