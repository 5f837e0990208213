"""Issue 33: an evening without a wrong sheet or a wrong number, through the doors a table uses
(the CLI, ``play`` piped and on a terminal)."""

import json
import os
import subprocess
import sys
import time

import pytest

from tests.cli.test_play import Terminal


def play(t, text: str):
    """``schafkopf play`` with ``text`` piped in (no terminal)."""
    env = {**os.environ, "COLUMNS": "100", "SCHAFKOPF_TABLE": ""}
    return subprocess.run([sys.executable, "-m", "schafkopf_score", "--table", str(t.path), "play"], input=text,
                          capture_output=True, text=True, timeout=60, env=env)


# -- 1. the sheet after a payout ------------------------------------------------------------------

SHEET_AFTER_PAYOUT = """\
t: Abend 1 (offen), Beträge in €
#  Geber  Spiel                        Wert  Anna   Ben   Cora   Dora
─────────────────────────────────────────────────────────────────────
1  Anna   Sau Anna+Ben 72              0,10  0,10  0,10  -0,10  -0,10
          Ben nach Spiel 1 ausbezahlt        0,10  0,00   0,00  -0,10
Nächster Geber: Ben
"""


def test_the_sheet_shows_a_payout_as_a_row_of_its_own(make_table):
    t = make_table(name="t")
    t.ok("add", "sau", "an", "be", "72")
    t.ok("settle", "--player", "Ben")
    for args in (("sheet",), ("sheet", "--session", "1"), ("sheet", "--all")):
        assert t.ok(*args).stdout == SHEET_AFTER_PAYOUT, args
    compact = t.ok("sheet", "--compact").stdout.splitlines()
    assert compact[4].split() == ["Ben", "nach", "Spiel", "1", "ausbezahlt", "0,10", "0,00", "0,00", "-0,10"]
    data = t.json("sheet")["sessions"][0]
    assert data["payments"] == [{"hand": 1, "player": "Ben", "amounts": {"Ben": -10, "Cora": 10}}]
    # the sheet ends where the settlement starts
    assert data["balances"] == t.json("settle")["balances"] == {"Anna": 10, "Ben": 0, "Cora": 0, "Dora": -10}


def test_play_shows_the_sheet_after_a_payout_and_goes_on(make_table):
    t = make_table(name="t")
    r = play(t, "sau an be 72\nabrechnung --spieler ben --yes\nblock\nwenz co 80\n")
    assert r.returncode == 0, r.stderr
    assert "Ben nach Spiel 1 ausbezahlt" in r.stdout
    assert r.stdout.splitlines()[-1].startswith("Spiel 2: Wenz Cora 80")


# -- 3. one next-hand number ----------------------------------------------------------------------

@pytest.mark.slow
def test_the_status_line_names_the_hand_the_ledger_records_next_after_an_undo(make_table):
    t = make_table()
    term = Terminal(t)
    try:
        term.read_until("Spiel 1 · Anna gibt")
        for line, answer in (("sau an be 72", "Spiel 1: Sauspiel"), ("wenz co 80", "Spiel 2: Wenz"),
                             ("zurück", "gestrichen")):
            time.sleep(0.3)
            term.type(line + "\r")
            term.read_until(answer)
        term.read_until("Spiel 3 · Ben gibt")  # hand 2 keeps its number, voided: the next is 3
        time.sleep(0.3)
        term.type("herzsolo do 90\r")
        term.read_until("Spiel 3: Herz-Solo Dora 90")
        term.prompt()
        assert term.end() == 0
    finally:
        term.close()


def test_the_next_hand_is_named_in_every_answer(make_table):
    t = make_table()
    t.ok("add", "sau", "an", "be", "72")
    t.ok("add", "wenz", "co", "80")
    t.ok("undo")
    assert t.json("standings")["next"]["hand"] == 3
    assert t.json("sheet")["sessions"][0]["next"] == t.json("standings")["next"]
    assert t.json("add", "sau", "an", "be", "72")["hand"] == 3


# -- 8. paying a player out inside play; settle --close --yes in both doors ----------------------

def test_a_leaving_player_is_paid_out_inside_play_with_a_yes_when_piped(make_table):
    t = make_table(language="en")
    r = play(t, "sau an be 72\nsettle --player ben\n")
    assert r.returncode == 2
    assert r.stderr == ("Line 2: settle --player ben\n"
                        "Error: settle --player pays a player out now: the others pay that player or are paid.\n"
                        "Add --yes: settle --player NAME --yes.\n")
    r = play(t, "settle --player ben --yes\n")
    assert (r.returncode, r.stdout) == (0, "Ben is paid out of session 1:\n  Cora pays Ben €0.10\n"), r.stderr
    assert t.json("settle")["balances"] == {"Anna": 10, "Ben": 0, "Cora": 0, "Dora": -10}


def test_settle_close_yes_is_taken_by_the_one_shot_command_as_by_play(make_table):
    t = make_table(language="en")
    t.ok("add", "sau", "an", "be", "72")
    closed = t.json("settle", "--close", "--yes")
    assert closed["closed"] is True and closed["paid"] == {"Anna": 10, "Ben": 10, "Cora": -10, "Dora": -10}
    t2 = make_table(language="en", name="two")
    r = play(t2, "sau an be 72\nsettle close --yes\n")
    assert r.returncode == 0, r.stderr
    assert json.loads(t2.ok("settle", "--json").stdout)["paid"] == closed["paid"]


# -- 10. a correction of a hand before an early payout says what the payout now owes ------------

def test_an_edit_before_a_payout_says_what_the_paid_out_player_now_gets_or_owes(make_table):
    t = make_table(language="en")
    t.ok("add", "sau", "an", "be", "72")  # 10 cents each way
    t.ok("settle", "--player", "Ben")  # Ben paid his 10 cents' win: Cora pays him
    out = t.ok("edit", "1", "k").stdout.splitlines()
    assert out[-1] == "Ben was paid out after hand 1: with this correction Ben gets €0.10 more."
    assert t.json("settle")["balances"] == {"Anna": 20, "Ben": 10, "Cora": -10, "Dora": -20}
    voided = t.json("undo")
    assert voided["payouts_moved"] == [{"player": "Ben", "after_hand": 1, "change": -20}]
    # the payout as paid stays: Ben owes back what he took
    assert t.json("settle")["balances"] == {"Anna": 0, "Ben": -10, "Cora": 10, "Dora": 0}
    # a hand after the payout moves nothing of it
    t.ok("add", "wenz", "co", "80")
    assert "payouts_moved" not in t.json("void", "2")


def test_a_player_paid_out_twice_is_told_once_what_a_correction_moves(make_table):
    # Cora is paid out, her hand is corrected, she pays it back (a second payout); voiding the
    # hand moves her balance by its 150 cents once, not once for each payout
    t = make_table(language="en")
    t.ok("add", "sau", "an", "be", "72")
    t.ok("add", "solo", "co", "herz", "80")
    t.ok("settle", "--player", "Cora")
    t.ok("edit", "2", "solo", "co", "herz", "40", "--yes")
    t.ok("settle", "--player", "Cora")
    out = t.ok("void", "2").stdout.splitlines()
    assert out[1:] == ["Cora was paid out after hand 2: with this correction Cora gets €1.50 more."]
    assert t.json("settle")["balances"]["Cora"] == 150


@pytest.mark.parametrize("args", [["void", "1"], ["undo"], ["edit", "1", "k"], ["settle", "--reopen", "1"]])
def test_a_reason_longer_than_500_characters_is_refused_as_a_tournaments_is(make_table, args):
    # void 1 --reason <5000 characters> was recorded by the command and the server, refused by play
    # (a line of play holds 4096); a tournament's reasons had the bound already
    t = make_table(language="en")
    t.ok("add", "sau", "an", "be", "72")
    if args[0] == "settle":
        t.ok("settle", "--close")
    before = t.ledger_bytes()
    r = t.run(*args, "--reason", "r" * 501)
    assert (r.exit_code, r.stderr) == (2, "Error: --reason is 501 characters long; a reason has at most 500.\n"
                                          'Give a short reason in plain text: --reason "wrong partner"; nothing was '
                                          "recorded.\n")
    assert t.ledger_bytes() == before
    t.ok(*args, "--reason", "r" * 500)


@pytest.mark.parametrize("extra", [["--all"], ["--session", "1"]])
def test_balances_from_paper_are_not_mixed_with_a_session_of_the_ledger(make_table, extra):
    # settle --from-balances ... --all said "No games recorded yet: the season has nothing to
    # settle", the balances typed dropped without a word
    t = make_table(language="en")
    r = t.run("settle", "--from-balances", "Anna=1,Ben=-1,Cora=0,Dora=0", *extra)
    assert (r.exit_code, r.stdout, r.stderr) == (2, "", "Error: --from-balances settles the balances of a paper "
                                                        "sheet, not a session of the ledger.\nDrop --session/--all.\n")
    assert t.ok("settle", "--from-balances", "Anna=1,Ben=-1,Cora=0,Dora=0").stdout.endswith("Ben pays Anna €1.00\n")


@pytest.mark.parametrize("command", [["sheet"], ["standings"], ["stats"], ["settle"], ["export"],
                                     ["export", "--format", "json"], ["stats", "--player", "Anna"]])
def test_one_session_and_all_sessions_at_once_are_refused(make_table, command):
    # sheet showed session 1, standings and settle the season, for the same --session 1 --all
    t = make_table(language="en")
    t.ok("add", "sau", "an", "be", "72")
    r = t.run(*command, "--session", "1", "--all")
    assert (r.exit_code, r.stdout, r.stderr) == (2, "", "Error: --session 1 asks for one session and --all for every "
                                                        "session.\nChoose one: drop --session or --all.\n")
    t.ok(*command, "--session", "1")
    t.ok(*command, "--all")


def test_play_takes_a_corrections_reason_as_the_commands_do(make_table):
    # 'void 2 --reason "wrong partner"' stored the reason "--reason wrong partner", 'void 2 --reason'
    # the reason "--reason", and 'edit 1 k --reason R' was refused ("'--reason' is no option of a hand")
    t = make_table(language="en")
    r = play(t, 'sau an be 72\nwenz co 80\nsolo do herz 61\nvoid 2 --reason\nvoid 2 --reason "wrong partner"\n'
                'edit 1 k --reason "kontra forgotten"\nundo --reason=twice\n')
    assert r.returncode == 2 and r.stderr == ("Line 4: void 2 --reason\nError: --reason needs a value after it.\n"
                                              'Give the reason after it: void 2 --reason "wrong partner" (or void 2 '
                                              "wrong partner).\n")
    hands = t.json("sheet")["sessions"][0]["hands"]
    assert [(h["hand"], h.get("reason")) for h in hands if h["void"]] == [
        (1, "kontra forgotten"), (2, "wrong partner"), (3, "twice")]


def test_a_word_where_a_whole_number_belongs_is_told_how_to_write_it(make_table):
    # '--laufende abc' and 'settle --round x' said only "... is not a whole number.", no way out
    t = make_table(language="en")
    r = play(t, "sau an be 72 --laufende abc\nsettle --round x\n")
    assert r.returncode == 2 and r.stderr == (
        "Line 1: sau an be 72 --laufende abc\nError: --laufende 'abc' is not a whole number.\n"
        "Write it in the digits 0 to 9, e.g. --laufende 3.\n"
        "Line 2: settle --round x\nError: --round 'x' is not a whole number.\nWrite it in the digits 0 to 9, e.g. "
        "--round 3.\n")
