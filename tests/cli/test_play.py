"""``schafkopf play``: scripted sessions through standard input, as a script or a pipe feeds it,
and one on a real pseudo-terminal."""

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "100"}


def stored(t):
    con = sqlite3.connect(t.ledger_path)
    try:
        return [(h, json.loads(e), json.loads(p)) for h, e, p in
                con.execute("SELECT hand, entry, payouts FROM games ORDER BY id")]
    finally:
        con.close()


def test_a_scripted_evening_with_a_refused_line_in_the_middle(make_table):
    t = make_table(preset="wirtshaus")
    r = t.run("play", input="sau an be 72 l3 k\nherzsolo co 105 l4 g1\nsau an be 72 xyz\nwenz do tout + l2\n")
    assert r.exit_code == 2  # a line was refused
    lines = r.stdout.splitlines()
    # Sauspiel (10 + 3 Laufende 30) x2 Kontra = 80; Herz-Solo (50 + 10 + 40) x2 gelegt = 200 each;
    # Wenz-Tout (50 + 20) x2 = 140 each
    assert lines == [
        "Spiel 1: Sauspiel Anna+Ben 72 L3 Kontra | Sauspiel 10 + 3 Laufende 30 = 40, Kontra x2 = 80 je Verlierer "
        "| Anna +0,80 €, Ben +0,80 €, Cora -0,80 €, Dora -0,80 € | Nächster Geber: Ben",
        "Spiel 2: Herz-Solo Cora 105 L4 gelegt 1 | Herz-Solo 50 + Schneider 10 + 4 Laufende 40 = 100, gelegt x2 "
        "= 200 je Gegner | Anna -2,00 €, Ben -2,00 €, Cora +6,00 €, Dora -2,00 € | Nächster Geber: Cora",
        "Spiel 3: Wenz Tout Dora + L2 | Wenz 50 + 2 Laufende 20 = 70, Tout x2 = 140 je Gegner "
        "| Anna -1,40 €, Ben -1,40 €, Cora -1,40 €, Dora +4,20 € | Nächster Geber: Dora",
    ]
    # the script's reader learns which line was refused, and why
    assert r.stderr.startswith("Zeile 3: sau an be 72 xyz\nFehler: 'xyz' passt zu nichts in diesem Spiel (Sauspiel).\n")
    assert [h for h, _, _ in stored(t)] == [1, 2, 3]  # nothing written for the refused line
    t.ok("check")


def test_the_words_and_the_options_make_the_same_stored_rows(make_table):
    a = make_table(name="words")
    b = make_table(name="options")
    assert a.run("play", input="sau an be 72 l3 k\n").exit_code == 0
    b.ok("add", "sauspiel", "--player", "an", "--partner", "be", "--augen", "72", "--laufende", "3", "--kontra")
    assert stored(a) == stored(b)
    ta = sqlite3.connect(a.ledger_path).execute("SELECT typed FROM games").fetchone()
    tb = sqlite3.connect(b.ledger_path).execute("SELECT typed FROM games").fetchone()
    assert ta == tb


@pytest.mark.parametrize("undo, edit, void, help_, sheet, settle, quit_", [
    ("undo", "edit", "void", "help", "sheet", "settle", "quit"),
    ("zurück", "ändern", "streichen", "hilfe", "block", "abrechnung", "ende"),  # the German words do the same
])
def test_undo_edit_void_sheet_stand_settle_inside_the_session(make_table, undo, edit, void, help_, sheet, settle,
                                                               quit_):
    t = make_table()
    script = "\n".join([
        "sau an be 72", "wenz co 80", undo, f"{edit} 1 k", "solo do herz 70", f"{void} 3 verzählt", help_,
        sheet, "stand", settle, quit_, "wenz an 90",  # nothing after quit is read
    ]) + "\n"
    r = t.run("play", input=script)
    assert r.exit_code == 0, r.stderr
    out = r.stdout
    assert "Spiel 2 (Wenz Cora 80): gestrichen." in out
    assert "Spiel 1 korrigiert: Sauspiel Anna+Ben 72 -> Sauspiel Anna+Ben 72 Kontra" in out
    assert "Spiel 3 (Herz-Solo Dora 70): gestrichen." in out
    assert "Befehle: zurück, streichen N [GRUND], ändern N WÖRTER [--yes], block, stand" in out
    # left: hand 1, Sauspiel with Kontra: 10 x 2 = 20 each
    assert t.json("standings")["balances"] == {"Anna": 20, "Ben": 20, "Cora": -20, "Dora": -20}
    assert [h for h, _, _ in stored(t)] == [1, 2, 1, 3]  # the correction of hand 1 is a new row
    t.ok("check")


def test_an_empty_session_and_commands_that_need_a_number(make_table):
    t = make_table()
    assert t.run("play", input="").exit_code == 0
    r = t.run("play", input="void\nedit x k\n\n")
    assert r.exit_code == 2
    assert r.stderr.splitlines()[:3] == ["Zeile 1: void", "Fehler: void braucht die Nummer des Spiels.",
                                         "Schreib es so: void 7."]
    assert not t.ledger_path.exists()


def popen_play(t):
    return subprocess.Popen([sys.executable, "-m", "schafkopf_score", "--table", str(t.path), "play"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=ENV)


def say(p, line):
    p.stdin.write(line + "\n")
    p.stdin.flush()
    return p.stdout.readline().rstrip("\n")


@pytest.mark.slow
def test_a_second_process_adds_a_hand_while_play_runs(make_table):
    t = make_table()
    p = popen_play(t)
    try:
        assert say(p, "sau an be 72").startswith("Spiel 1: ")
        other = subprocess.run([sys.executable, "-m", "schafkopf_score", "--table", str(t.path), "add", "wenz",
                                "--player", "Cora", "--augen", "80"], capture_output=True, text=True, env=ENV)
        assert other.returncode == 0, other.stderr
        # play sees the other device's hand: this is hand 3 (dealt by Cora), Dora deals the next
        line = say(p, "solo do herz 70")
        assert line.startswith("Spiel 3: Herz-Solo Dora 70 | ") and line.endswith("Nächster Geber: Dora")
    finally:
        p.stdin.close()
        assert p.wait(timeout=30) == 0, p.stderr.read()
    assert [h for h, _, _ in stored(t)] == [1, 2, 3]
    t.ok("check")


@pytest.mark.slow
def test_a_correction_after_another_door_closed_the_evening_is_refused_not_done_to_the_next(make_table):
    """play's evening is closed at another door and the next one begun there: play's undo, void
    and edit mean the evening it showed, so each is refused, naming it and how to reopen it,
    rather than done to the next evening; once play shows the evening there is (``stand``), a
    correction means that one."""
    t = make_table()
    p = popen_play(t)
    try:
        assert say(p, "sau an be 72").startswith("Spiel 1: ")
        t.ok("settle", "--close", "--yes")
        t.ok("add", "wenz", "co", "91")  # hand 1 of evening 2
        out, err = p.communicate("undo\nvoid 1\nedit 1 k\nstand\nvoid 1\n", timeout=30)
    finally:
        if p.poll() is None:
            p.kill()
    refused = ("Fehler: Abend 1 ist abgeschlossen (abgerechnet); seine Spiele lassen sich nicht mehr ändern.\n"
               "Zum Korrigieren öffne ihn zuerst wieder: schafkopf settle --reopen 1 --reason R (R: warum; die "
               "Abrechnung bleibt im Spielbuch).\n")
    assert p.returncode == 2
    assert err == f"Zeile 2: undo\n{refused}Zeile 3: void 1\n{refused}Zeile 4: edit 1 k\n{refused}"
    assert ": Abend 2\n" in out  # stand: the evening there is now, which the next correction means
    assert out.splitlines()[-1] == "Spiel 1 (Wenz Cora 91): gestrichen."
    assert [h for h, _, _ in stored(t)] == [1, 1]
    t.ok("check")


@pytest.mark.slow
def test_the_table_file_is_read_again_when_it_changes(make_table):
    t = make_table()
    p = popen_play(t)
    try:
        assert " | Anna -0,50 €, " in say(p, "wenz co 80")  # Wenz 50 from each opponent
        text = t.path.read_text(encoding="utf-8")
        t.path.write_text(text.replace("solo = 50", "solo = 20"), encoding="utf-8")
        os.utime(t.path, (os.path.getatime(t.path), os.path.getmtime(t.path) + 2))
        assert " | Anna -0,20 €, " in say(p, "wenz co 80")  # now 20
    finally:
        p.stdin.close()
        p.wait(timeout=30)


@pytest.mark.slow
def test_play_on_a_terminal_edits_completes_and_asks_before_a_duplicate(make_table):
    """A real pseudo-terminal: prompt_toolkit's line editor reads the keys."""
    import pty
    import select
    import time

    t = make_table()
    pid, fd = pty.fork()
    if pid == 0:  # the child: schafkopf play on the terminal
        os.environ.update(ENV)
        os.execv(sys.executable, [sys.executable, "-m", "schafkopf_score", "--table", str(t.path), "play"])
    seen = b""

    def drain() -> bool:
        """Read what the terminal shows within 0.2 s; False once it is closed."""
        nonlocal seen
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                seen += os.read(fd, 4096)
            except OSError:
                return False
        return True

    def read_until(text: bytes, start: int = 0, timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while text not in seen[start:]:
            assert time.monotonic() < deadline, seen[-400:]
            if not drain():
                break

    try:
        read_until("(hilfe, ende)".encode())
        read_until(b">")
        time.sleep(0.5)  # prompt_toolkit waits a moment for the terminal's answer about the cursor
        os.write(fd, b"sau an be 72\r")
        read_until(b"Spiel 1: Sauspiel Anna+Ben 72")
        os.write(fd, b"sau an be 72\r")  # the same entry again: asked first
        read_until("Noch einmal eintragen?".encode())
        os.write(fd, b"n\r")
        read_until(b"Nicht eingetragen.")
        os.write(fd, b"wenz co\t 80\r")  # Tab completes nothing harmful; the line is still read
        read_until(b"Spiel 2: ")
        os.write(fd, b"half a line")
        read_until(b"half a line")
        mark = len(seen)
        os.write(fd, b"\x03")  # Ctrl-C cancels the line only: a fresh prompt follows
        read_until(b">", start=mark)
        time.sleep(0.3)
        os.write(fd, b"\x04")  # Ctrl-D ends the session
        deadline = time.monotonic() + 20
        while True:  # never wait for ever: a session that does not end fails the test
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            if time.monotonic() > deadline:
                os.kill(pid, 9)
                os.waitpid(pid, 0)
                raise AssertionError(f"play did not end on Ctrl-D: {seen[-400:]!r}")
            drain()
        assert os.waitstatus_to_exitcode(status) == 0
    finally:
        os.close(fd)
    assert [h for h, _, _ in stored(t)] == [1, 2]


def test_version(make_table):
    from schafkopf_score import __version__

    r = make_table().run("--version")
    assert r.exit_code == 0 and r.stdout == f"schafkopf-score {__version__}\n"


@pytest.mark.slow
@pytest.mark.parametrize("words, expected", [
    ("add her", ["herzsolo", "herzwenz", "herzgeier"]),
    ("add sau a", ["anna", "allein", "alone", "aus", "alte"]),
    ("calc sau --player ", ["Anna", "Ben", "Cora", "Dora"]),
    ("add solo --suit g", ["gras"]),
])
def test_shell_completion_offers_games_names_and_keywords(make_table, words, expected):
    t = make_table()
    line = f"schafkopf --table {t.path} {words}"
    env = {**ENV, "_SCHAFKOPF_COMPLETE": "complete_bash", "COMP_WORDS": line,
           "COMP_CWORD": str(len(line.split()) - (0 if line.endswith(" ") else 1))}
    r = subprocess.run([sys.executable, "-m", "schafkopf_score"], capture_output=True, text=True, env=env)
    assert r.stdout.split() == expected, r.stderr


def test_an_edit_inside_play_that_changes_the_declarer_needs_yes(make_table):
    t = make_table()
    r = t.run("play", input="sau an be 72\nedit 1 sau be an 72\n")
    assert r.exit_code == 2
    assert r.stderr == ("Zeile 2: edit 1 sau be an 72\n"
                        "Fehler: Diese Korrektur ändert das Spiel oder den Spieler von Spiel 1: Sauspiel Anna+Ben 72 "
                        "-> Sauspiel Ben+Anna 72.\nHäng --yes an, wenn du das so meinst.\n")
    assert t.json("sheet")["sessions"][0]["hands"][0]["entry"]["player"] == "Anna"
    assert t.run("play", input="edit 1 sau be an 72 --yes\n").exit_code == 0
    assert t.json("sheet")["sessions"][0]["hands"][-1]["entry"]["player"] == "Ben"


# -- the whole evening in one session (issue 28) ------------------------------------------------

FIVE = ["Anna", "Ben", "Cora", "Dora", "Emil"]



def test_hands_out_of_rotation_in_short_words_and_long_options(make_table):
    """Five at a table of four: who sits out and who deals, as words (aus, geber) or as the
    options the error message names; the same stored rows as the one-shot add."""
    a = make_table(players=FIVE, name="play")
    b = make_table(players=FIVE, name="add")
    r = a.run("play", input="sau be co 72 aus do\nwenz an 80 --sitting-out Emil --dealer Ben\nsau an be 72 out co geber do\n")
    assert r.exit_code == 0, r.stderr
    assert r.stdout.splitlines()[0] == ("Spiel 1: Sauspiel Ben+Cora 72 | Sauspiel 10 je Verlierer | Anna -0,10 €, "
                                        "Ben +0,10 €, Cora +0,10 €, Emil -0,10 € | Nächster Geber: Ben (Ben setzt aus)")
    b.ok("add", "sau", "be", "co", "72", "--sitting-out", "Dora")
    b.ok("add", "wenz", "an", "80", "--sitting-out", "Emil", "--dealer", "Ben")
    b.ok("add", "sau", "an", "be", "72", "--sitting-out", "Cora", "--dealer", "Dora")
    assert stored(a) == stored(b)
    assert stored(a)[1][1]["sitting_out"] == ["Emil"] and stored(a)[1][1]["dealer"] == "Ben"


def test_a_latecomer_a_rename_and_a_leaver_inside_play_as_the_one_shot_commands_do(make_table):
    a = make_table(name="tablea")
    b = make_table(name="tableb")
    r = a.run("play", input="sau an be 72\nspieler dazu Emil --nach Ben\nwenz em 80\n"
                            "player rename Emil Emilio\nplayer leave Cora\nspieler liste\n")
    assert r.exit_code == 0, r.stderr
    assert r.stdout.splitlines()[1:3] == [
        "Emil kommt an den Tisch, ab Spiel 2 von Abend 1. Sitzordnung: Anna, Ben, Emil, Cora, Dora.",
        "Spiel 2: Wenz Emil 80 | Wenz 50 je Gegner | Anna -0,50 €, Emil +1,50 €, Cora -0,50 €, Dora -0,50 € "
        "| Nächster Geber: Emil (Emil setzt aus)"]
    assert r.stdout.splitlines()[-2:] == ["Sitzordnung: Anna, Ben, Emilio, Dora (4 spielen ein Spiel).",
                                          "Gegangen: Cora."]
    b.ok("add", "sau", "an", "be", "72")
    b.ok("player", "add", "Emil", "--after", "Ben")
    b.ok("add", "wenz", "em", "80")
    b.ok("player", "rename", "Emil", "Emilio")
    b.ok("player", "leave", "Cora")
    assert a.path.read_text(encoding="utf-8").replace("tablea", "X") == b.path.read_text(encoding="utf-8").replace(
        "tableb", "X")
    assert stored(a) == stored(b)
    drop = ("at",)
    assert [{k: v for k, v in c.items() if k not in drop} for c in a.json("player", "list")["changes"]] == [
        {k: v for k, v in c.items() if k not in drop} for c in b.json("player", "list")["changes"]]


def test_the_deutscher_draw_inside_play(make_table):
    a = make_table(family="deutscher", name="play")
    b = make_table(family="deutscher", name="oneshot")
    r = a.run("play", input="draw --seed 7\nlosen x\n")
    assert r.exit_code == 2
    one = b.ok("draw", "--seed", "7")
    assert r.stdout == one.stdout
    assert r.stderr == ("Zeile 2: losen x\nFehler: losen 'x': losen nimmt nur --seed N.\nTipp losen allein.\n")
    assert stored(a) == stored(b)


def test_settle_rounded_and_closed_inside_play_and_the_next_hand_opens_a_new_evening(make_table):
    t = make_table()
    r = t.run("play", input="sau an be 72 l3\nabrechnung --round 50\nsettle close --round 50\n"
                            "settle close --round 50 --yes\nwenz be 80\n")
    assert r.exit_code == 2  # the close without --yes
    out = r.stdout.splitlines()
    # Sauspiel 10 + 3 x 10 = 40 each, rounded to 50 cents
    assert "Gerundet auf 0,50 €: Anna +0,10 €, Ben +0,10 €, Cora -0,10 €, Dora -0,10 €" in out
    assert r.stderr == ("Zeile 3: settle close --round 50\n"
                        "Fehler: abrechnung schließen trägt die Abrechnung als bezahlt ein und beendet den Abend.\n"
                        "Häng --yes an: abrechnung schließen --yes.\n")
    assert "Abend 1 abgeschlossen." in out and "Das nächste Spiel eröffnet einen neuen Abend." in out
    assert out[-2:] == ["Abend 2 beginnt mit diesem Spiel (der vorige ist abgerechnet).",
                        "Spiel 1: Wenz Ben 80 | Wenz 50 je Gegner | Anna -0,50 €, Ben +1,50 €, Cora -0,50 €, "
                        "Dora -0,50 € | Nächster Geber: Ben"]
    closing = t.json("settle", "--session", "1")
    assert closing["closed"] and closing["round"] == 50
    assert closing["paid"] == {"Anna": 50, "Ben": 50, "Cora": -50, "Dora": -50}
    t.ok("check")


def test_hints_in_the_form_typed_and_in_the_family_words(make_table):
    t = make_table(language="en")
    r = t.run("play", input="sau an be 72 l15\nsau an be 72 --laufende 15\nsau an be\n")
    assert r.stderr.splitlines() == [
        "Line 1: sau an be 72 l15", "Error: Laufende 15 is impossible in a Sauspiel: it has 14 trumps.",
        "Give l0 to l14.",
        "Line 2: sau an be 72 --laufende 15", "Error: Laufende 15 is impossible in a Sauspiel: it has 14 trumps.",
        "Give --laufende 0 to 14.",
        "Line 3: sau an be", "Error: Sauspiel needs the declaring side's Augen.",
        "Add N (0 to 120), or +/- if nobody counted.",
    ]
    s = make_table(family="sheepshead", players=FIVE, language="en", name="sheep")
    r = s.run("play", input="leaster\npick an be 9999\n")
    assert r.stderr.splitlines() == [
        "Line 1: leaster", "Error: A leaster needs its winner.",
        "Add NAME, or every player's points: Anna=N Ben=N Cora=N Dora=N Emil=N.",
        "Line 2: pick an be 9999", "Error: '9999' has 4 digits: far more than the points can be.",
        "Give a number of at most 3 digits.",
    ]


def test_numbers_longer_than_any_count_and_overlong_lines_are_refused_and_the_session_goes_on(make_table):
    t = make_table()
    big = "9" * 4000
    script = "\n".join([
        f"sau an be 72 l{big}", f"sau an be {big}", f"sau an be 72 g{big}", f"void {big}", f"edit {big} k",
        "streichen 99999999999999999999", "sau an be 72 --laufende 12345678901", "x" * 5000, "y" * 2_000_000,
        "sau an be 72",
    ]) + "\n"
    r = t.run("play", input=script)
    assert r.exit_code == 2
    err = r.stderr.splitlines()
    cut = "'999999999999999999999999'…"
    assert err[1:3] == [f"Fehler: 'l{'9' * 23}'… hat 4000 Stellen: viel mehr, als lN sein kann.",
                        "Gib eine Zahl mit höchstens 3 Stellen an."]
    assert err[4] == f"Fehler: {cut} hat 4000 Stellen: viel mehr, als die Augen sein kann."
    assert err[7] == f"Fehler: 'g{'9' * 23}'… hat 4000 Stellen: viel mehr, als gN sein kann."
    assert err[10:12] == [f"Fehler: {cut} hat 4000 Stellen: viel mehr, als eine Spielnummer sein kann.",
                          "Gib eine Zahl mit höchstens 9 Stellen an."]
    assert err[13] == err[10]
    assert err[16] == "Fehler: '99999999999999999999' hat 20 Stellen: viel mehr, als eine Spielnummer sein kann."
    assert err[19] == "Fehler: '12345678901' hat 11 Stellen: viel mehr, als --laufende sein kann."
    assert err[21:24] == ["Zeile 8: …", "Fehler: Die Zeile ist 5000 Zeichen lang; eine Zeile hier hat höchstens 4096.",
                          "Nichts wurde eingetragen. Tipp ein Spiel oder einen Befehl je Zeile."]
    assert err[25] == "Fehler: Die Zeile ist 2000000 Zeichen lang; eine Zeile hier hat höchstens 4096."
    assert len(err) == 27
    assert r.stdout.startswith("Spiel 1: Sauspiel Anna+Ben 72 |")
    assert [h for h, _, _ in stored(t)] == [1]


@pytest.mark.parametrize("args", [
    ["void", "9" * 5000], ["edit", "9" * 5000, "k"], ["void", "99999999999999999999"],
    ["add", "sau", "an", "be", "72", f"l{'9' * 5000}"], ["add", "ramsch", "an", f"sch{'9' * 5000}"],
    ["add", "sau", "an", "be", "9" * 5000], ["add", "sau", "an", "be", "72", "--laufende", "9" * 5000],
    ["add", "sau", "an", "be", "72", "--legen", "9" * 20], ["settle", "--round", "9" * 5000],
])
def test_a_huge_number_on_the_command_line_is_refused_plainly(make_table, args):
    t = make_table(language="en")
    t.ok("add", "sau", "an", "be", "72")
    err = t.refused(*args)
    # a hand of words longer than a line of play: refused as play does (a long option's number is read first)
    if args[0] == "add" and len(" ".join(args[1:])) > 4096 and not any(a.startswith("--") for a in args):
        assert err == (f"Error: The line is {len(' '.join(args[1:]))} characters long; a line here holds at most "
                       "4096.\nNothing was recorded. Type one hand or one command a line.\n")
        return
    digits = len(max(args, key=len).lstrip("lsch-"))
    assert err.startswith(f"Error: '{max(args, key=len)[:24]}'") and f"has {digits} digits: far more than " in err
    assert err.endswith("digits.\n") and "Traceback" not in err


def test_a_huge_number_in_a_tournament_list_is_refused_plainly(make_table, tmp_path):
    t = make_table(language="en")
    r = t.run("tournament", "enter", "--tisch", "9" * 5000, "-", input="sau an be 72\n")
    assert r.exit_code == 2 and "has 5000 digits: far more than --tisch can be." in r.stderr


def test_the_same_all_pass_hand_twice_is_no_duplicate():
    from schafkopf_score.app.hands import repeats_a_hand
    from schafkopf_score.rules.model import GameEntry

    assert repeats_a_hand(GameEntry("weiter"))
    assert repeats_a_hand(GameEntry("doubler", sitting_out=("Emil",)))
    assert not repeats_a_hand(GameEntry("sauspiel", player="Anna", partner="Ben", augen=72))
    assert not repeats_a_hand(GameEntry("ramsch", augen_map=(("Anna", 60), ("Ben", 60))))


def test_a_ledger_replaced_under_the_session_refuses_that_line_and_the_next_goes_on(make_table):
    import shutil

    t = make_table()
    p = popen_play(t)
    try:
        assert say(p, "sau an be 72").startswith("Spiel 1: ")
        copy = t.path.parent / "copy.sqlite"
        shutil.copy(t.ledger_path, copy)
        os.replace(copy, t.ledger_path)  # another file where the ledger was
        p.stdin.write("wenz co 80\n")
        p.stdin.flush()
        assert p.stderr.readline() == "Zeile 2: wenz co 80\n"
        assert p.stderr.readline() == (f"Fehler: Das Spielbuch {t.ledger_path} wurde ersetzt oder entfernt, während "
                                       "play lief; diese Zeile wurde nicht eingetragen.\n")
        p.stderr.readline()
        assert say(p, "wenz co 80").startswith("Spiel 2: Wenz Cora 80")  # into the file that is there now
    finally:
        p.stdin.close()
        assert p.wait(timeout=30) == 2
    assert [h for h, _, _ in stored(t)] == [1, 2]
    t.ok("check")


def test_a_ledger_replaced_just_after_an_answer_is_still_told(make_table, tmp_path):
    """After each line play looks up the evening it means (``Live.follow``); made slow here so it
    runs after the file was replaced: it closed the replaced ledger without a word, and the next
    line went quietly into the new file (the test above hung under load, waiting for the
    refusal). The next line is refused, as when nothing came between."""
    import shutil

    t = make_table()
    code = ("import time\n"
            "from schafkopf_score.cli.play_live import Live\n"
            "follow = Live.follow\n"
            "Live.follow = lambda self: (time.sleep(0.5), follow(self))[1]\n"
            "from schafkopf_score.cli.app import run\n"
            f"import sys; sys.argv = ['schafkopf', '--table', {str(t.path)!r}, 'play']\n"
            "run()\n")
    p = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, env=ENV)
    try:
        assert say(p, "sau an be 72").startswith("Spiel 1: ")
        copy = tmp_path / "copy.sqlite"
        shutil.copy(t.ledger_path, copy)
        os.replace(copy, t.ledger_path)  # while play still looks up the evening after its answer
        p.stdin.write("wenz co 80\n")
        p.stdin.flush()
        import select

        assert select.select([p.stderr], [], [], 20)[0], p.stdout.readline()  # not quietly into the new file
        assert p.stderr.readline() == "Zeile 2: wenz co 80\n"
        assert p.stderr.readline().startswith(f"Fehler: Das Spielbuch {t.ledger_path} wurde ersetzt oder entfernt")
    finally:
        p.stdin.close()
        p.wait(timeout=30)


def test_the_table_file_is_read_again_when_its_content_changes_even_with_the_old_mtime(make_table):
    t = make_table()
    p = popen_play(t)
    try:
        assert " | Anna -0,50 €, " in say(p, "wenz co 80")
        stamp = os.stat(t.path)
        text = t.path.read_text(encoding="utf-8")
        t.path.write_text(text.replace("solo = 50", "solo = 20"), encoding="utf-8")
        os.utime(t.path, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))  # as touch -r or cp -p leave it
        assert " | Anna -0,20 €, " in say(p, "wenz co 80")
    finally:
        p.stdin.close()
        p.wait(timeout=30)


# -- on a real terminal: keys, questions, the status line, completion ------------------------------

class Terminal:
    """``schafkopf play`` on a pseudo-terminal: what it shows, the keys typed into it. It answers
    the line editor's cursor position requests as a terminal does."""

    def __init__(self, t, env=None, args=("play",)):
        import pty

        self.seen = b""
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: schafkopf play on the terminal
            os.environ.update({**ENV, **(env or {})})
            os.execv(sys.executable, [sys.executable, "-m", "schafkopf_score", "--table", str(t.path), *args])

    def drain(self, wait: float = 0.1) -> bool:
        """Read what the terminal shows within ``wait`` seconds; False once it is closed."""
        import select

        ready, _, _ = select.select([self.fd], [], [], wait)
        if ready:
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                return False
            if not data:
                return False
            for _ in range(data.count(b"\x1b[6n")):
                os.write(self.fd, b"\x1b[20;1R")  # the cursor is on row 20
            self.seen += data
        return True

    def read_until(self, text, start: int | None = None, timeout: float = 20.0) -> int:
        """Wait until ``text`` shows after ``start`` (default: anything not yet waited for);
        where it ends."""
        import time

        if isinstance(text, str):
            text = text.encode()
        start = self.mark if start is None else start
        deadline = time.monotonic() + timeout
        while text not in self.seen[start:]:
            assert time.monotonic() < deadline, (text, self.seen[-600:])
            if not self.drain():
                break
        assert text in self.seen[start:], (text, self.seen[-600:])
        self.mark = self.seen.index(text, start) + len(text)
        return self.mark

    mark = 0

    def type(self, keys) -> None:
        os.write(self.fd, keys.encode() if isinstance(keys, str) else keys)

    def prompt(self) -> None:
        """Wait for the next prompt, and a moment for the line editor to read keys."""
        import time

        self.read_until(b">")
        time.sleep(0.2)
        self.drain(0)

    def end(self) -> int:
        """Ctrl-D at the prompt; the exit status."""
        import time

        self.type(b"\x04")
        deadline = time.monotonic() + 20
        while True:  # never wait for ever: a session that does not end fails the test
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                return os.waitstatus_to_exitcode(status)
            if time.monotonic() > deadline:
                os.kill(self.pid, 9)
                os.waitpid(self.pid, 0)
                raise AssertionError(f"play did not end on Ctrl-D: {self.seen[-400:]!r}")
            self.drain()

    def close(self) -> None:
        try:
            os.kill(self.pid, 9)
            os.waitpid(self.pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
        os.close(self.fd)

    def text(self) -> str:
        return self.seen.decode("utf-8", "replace")


@pytest.mark.slow
def test_questions_in_german_and_every_key_at_them_on_a_terminal(make_table):
    t = make_table()
    term = Terminal(t)
    try:
        term.read_until("(hilfe, ende)")
        term.prompt()
        term.type("sau an be 72\r")
        term.read_until("Spiel 1: Sauspiel Anna+Ben 72")
        term.prompt()
        term.type("sau an be 72\r")  # the same entry again: asked first, in German
        term.read_until("Noch einmal eintragen? [j/N]")
        time_ = __import__("time")
        time_.sleep(0.2)
        term.type("yes\r")  # not a German answer: asked again
        term.read_until("Antworte mit j oder n.")
        term.read_until("[j/N]")
        time_.sleep(0.2)
        term.type(b"\x03")  # Ctrl-C cancels the question: not recorded, the session goes on
        term.read_until("Nicht eingetragen.")
        term.prompt()
        term.type("sau an be 72\r")
        term.read_until("[j/N]")
        time_.sleep(0.2)
        term.type(b"\x04")  # Ctrl-D at a question is no
        term.read_until("Nicht eingetragen.")
        term.prompt()
        term.type("sau an be 72\r")
        term.read_until("[j/N]")
        time_.sleep(0.2)
        term.type("ja\r")
        term.read_until("Spiel 2: Sauspiel Anna+Ben 72")
        term.prompt()
        term.type("weiter\r")
        term.read_until("Spiel 3: Weiter")
        term.prompt()
        term.type("weiter\r")  # two all-pass hands in a row are no duplicate
        term.read_until("Spiel 4: Weiter")
        term.prompt()
        term.type("abrechnung schließen\r")  # the close asks first
        term.read_until("Den Abend jetzt mit diesen Zahlungen abschließen? [j/N]")
        time_.sleep(0.2)
        term.type("n\r")
        term.read_until("Nicht abgeschlossen.")
        term.prompt()
        term.type("abrechnung schließen\r")
        term.read_until("[j/N]")
        time_.sleep(0.2)
        term.type("j\r")
        term.read_until("Das nächste Spiel eröffnet einen neuen Abend.")
        term.read_until("Spiel 1 · Anna gibt · ein neuer Abend")  # the status line says so too
        time_.sleep(0.3)
        assert term.end() == 0
    finally:
        term.close()
    shown = term.text()
    for english in ("[y/N]", "Error", "Aborted", "invalid input", "WARNING", "Traceback"):
        assert english not in shown
    assert [h for h, _, _ in stored(t)] == [1, 2, 3, 4]
    assert t.json("settle", "--session", "1")["closed"] is True


@pytest.mark.slow
def test_a_ctrl_c_typed_just_after_a_hand_never_loses_it_nor_the_session(make_table):
    """Ctrl-C right after Enter reaches the line editor as a key, or (once it has given the
    terminal back) the session as SIGINT while the hand is recorded: either way the hand is
    recorded and answered, no traceback shows, and the session goes on."""
    import time

    t = make_table()
    term = Terminal(t)
    try:
        term.read_until("(hilfe, ende)")
        for i, delay in enumerate([0, 0.002, 0.005, 0.01, 0.02, 0.04, 0.08, 0]):
            term.prompt()
            term.type(f"wenz co {80 + i}\r")  # a different hand each time (the same would be asked about)
            time.sleep(delay)
            term.type(b"\x03")
            term.read_until(f"Spiel {i + 1}: Wenz Cora {80 + i}")
        term.prompt()
        term.type("half a line")
        term.read_until("half a line")
        term.type(b"\x03")  # Ctrl-C cancels the line only: a fresh prompt follows
        term.prompt()
        term.type("wenz co 90\r")
        term.read_until("Spiel 9: Wenz Cora 90")
        term.prompt()
        assert term.end() == 0
    finally:
        term.close()
    assert "Traceback" not in term.text() and "Exception ignored" not in term.text()
    assert [h for h, _, _ in stored(t)] == list(range(1, 10))


@pytest.mark.slow
def test_ctrl_c_while_the_ledger_is_busy_cancels_that_hand_at_once(make_table):
    import time

    t = make_table()
    assert t.run("add", "weiter").exit_code == 0
    term = Terminal(t)
    other = sqlite3.connect(t.ledger_path, isolation_level=None)
    try:
        term.read_until("(hilfe, ende)")
        term.prompt()
        other.execute("BEGIN IMMEDIATE")  # another writer holds the ledger (30 s busy timeout)
        term.type("wenz co 80\r")
        time.sleep(1.0)
        start = time.monotonic()
        term.type(b"\x03")
        term.read_until("Abgebrochen; nichts wurde eingetragen.")
        assert time.monotonic() - start < 5  # not after the 30 s the write would wait
        other.execute("ROLLBACK")
        term.prompt()
        term.type("wenz co 80\r")
        term.read_until("Spiel 2: Wenz Cora 80")
        term.prompt()
        assert term.end() == 0
    finally:
        other.close()
        term.close()
    assert [h for h, _, _ in stored(t)] == [1, 2]


@pytest.mark.slow
def test_the_status_line_and_completion_of_every_word_on_a_terminal(make_table):
    import time

    t = make_table(players=FIVE)
    term = Terminal(t)
    try:
        term.read_until("Spiel 1 · Anna gibt · Anna setzt aus")  # the status line, drawn below the prompt
        time.sleep(0.3)
        for keys in ("sau co", "\t", " em", "\t", " 72\r"):  # names complete anywhere on the line
            term.type(keys)
            time.sleep(0.3)  # Tab completes while the next keys wait
        term.read_until("Spiel 1: Sauspiel Cora+Emil 72")
        term.read_until("Spiel 2 · Ben gibt · Ben setzt aus")
        time.sleep(0.3)
        for keys in ("zur", "\t", "\r"):  # German command words complete on a German table
            term.type(keys)
            time.sleep(0.3)
        term.read_until("Spiel 1 (Sauspiel Cora+Emil 72): gestrichen.")
        term.prompt()
        for keys in ("herzso", "\t", " an", "\t", " 90 au", "\t", " co", "\t", "\r"):  # a game, a name, a keyword
            term.type(keys)
            time.sleep(0.3)
        term.read_until("Spiel 2: Herz-Solo Anna 90")
        term.prompt()
        assert term.end() == 0
    finally:
        term.close()
    assert "sau Cora Emil 72" in term.text() and "zurück" in term.text()
    assert stored(t)[-1][1]["sitting_out"] == ["Cora"]


def test_the_status_line_follows_a_hand_another_door_enters_while_play_waits(make_table):
    """A hand entered at another door (the phone, a one-shot ``add``) while ``play`` waits at its
    prompt: the status line says the next hand and dealer as they are now, with nothing typed."""
    import time

    t = make_table()
    term = Terminal(t)
    try:
        term.read_until("Spiel 1 · Anna gibt")
        time.sleep(0.3)
        t.ok("add", "sau", "an", "be", "72")  # the other door
        time.sleep(2.5)  # the prompt draws the status anew every second (only what changed)
        term.type(b"\x0c")  # Ctrl-L: the screen drawn whole, as it stands
        term.read_until("Spiel 2 · Ben gibt", timeout=10)
        assert term.end() == 0
    finally:
        term.close()


def test_completion_offers_who_plays_next_first_and_the_table_language_words(make_table):
    from prompt_toolkit.document import Document

    from schafkopf_score.cli.play_editor import Words
    from schafkopf_score.cli.play_live import Live
    from schafkopf_score.table import load_table

    t = make_table(players=FIVE)
    live = Live(None, interactive=True)  # type: ignore[arg-type]
    live.cfg_obj = load_table(t.path)
    live.active = ("Ben", "Cora", "Dora", "Emil")

    def offered(text):
        words = Words(live).completer()
        return [c.text for c in words.get_completions(Document(text), None)]

    assert offered("sau ")[:5] == ["Ben", "Cora", "Dora", "Emil", "Anna"]
    assert offered("ju") == []
    assert offered("str") == ["streichen"] and offered("zu") == ["zurück", "zusammenwerfen"]  # a command, a game
    assert offered("spieler ") == ["dazu", "geht", "umbenennen", "liste"]
    assert offered("sau an be 72 --sit") == ["--sitting-out"]
    # the words this table takes in a Sauspiel, in German (no g: it plays no Legen; geber, not dealer)
    assert offered("sau an be 72 g") == ["geber", "gras", "gruen", "grün"]
    assert offered("herzs") == ["herzsolo"]
    assert offered("sau an be 72 ") [:5] == ["Ben", "Cora", "Dora", "Emil", "Anna"]
    sau = offered("sau an be 72 ")[5:]
    assert {"alone", "crack", "blitz", "dealer", "jf", "jungfrau", "tout", "out"}.isdisjoint(sau), sau
    assert {"k", "re", "sw", "l", "aus", "geber"} <= set(sau)
    assert offered("ramsch be j") == []  # this table plays no Ramsch: none of its words
    assert offered("ändern 1 farbw") == ["farbwenz"]  # an edit may start with a new game


@pytest.mark.slow
def test_a_ledger_that_cannot_be_written_refuses_the_line_and_the_session_goes_on_when_it_can(make_table):
    """A full disk, as the process meets it: no file may grow past 1 KB (RLIMIT_FSIZE), so the
    ledger's journal cannot be written. Lifted from outside (prlimit), the next line records."""
    import resource
    import signal

    t = make_table()
    t.ok("add", "weiter")

    def small_files():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails (EFBIG), not the process
        resource.setrlimit(resource.RLIMIT_FSIZE, (1024, resource.RLIM_INFINITY))

    p = subprocess.Popen([sys.executable, "-m", "schafkopf_score", "--table", str(t.path), "play"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV,
                         preexec_fn=small_files)
    try:
        p.stdin.write("wenz co 80\n")
        p.stdin.flush()
        assert p.stderr.readline() == "Zeile 1: wenz co 80\n"
        refusal = p.stderr.readline()
        assert refusal.startswith(f"Fehler: {t.ledger_path} kann nicht geschrieben werden: ")
        assert refusal.endswith(". Diese Zeile wurde nicht eingetragen.\n")
        assert p.stderr.readline() == ("Behebe das (Platz auf der Platte, die Rechte der Datei) und tipp die Zeile "
                                       "noch einmal; die Sitzung läuft weiter.\n")
        resource.prlimit(p.pid, resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
        assert say(p, "wenz co 80").startswith("Spiel 2: Wenz Cora 80")
    finally:
        p.stdin.close()
        assert p.wait(timeout=30) == 2
    assert [h for h, _, _ in stored(t)] == [1, 2]
    t.ok("check")


@pytest.mark.slow
def test_a_piped_session_stopped_by_sigint_while_the_ledger_is_busy_writes_nothing_and_shows_no_traceback(
        make_table):
    import signal
    import time

    t = make_table()
    t.ok("add", "weiter")
    other = sqlite3.connect(t.ledger_path, isolation_level=None)
    p = popen_play(t)
    try:
        assert say(p, "wenz co 80").startswith("Spiel 2: ")
        other.execute("BEGIN IMMEDIATE")
        p.stdin.write("wenz co 90\n")
        p.stdin.flush()
        time.sleep(1.0)
        start = time.monotonic()
        p.send_signal(signal.SIGINT)
        assert p.wait(timeout=10) == 130
        assert time.monotonic() - start < 5
        assert p.stderr.read() == ("Abgebrochen; nichts wurde eingetragen.\n"
                                   "Abgebrochen; nichts Halbfertiges wurde behalten.\n")
    finally:
        other.execute("ROLLBACK")
        other.close()
        if p.poll() is None:
            p.kill()
    assert [h for h, _, _ in stored(t)] == [1, 2]


def test_a_refused_line_with_escape_characters_is_never_echoed_raw(make_table):
    t = make_table()
    r = t.run("play", input="sau an '\x1b[31m' 72\n")
    assert r.exit_code == 2
    assert "\x1b" not in r.stderr
    assert r.stderr.splitlines()[:2] == ["Zeile 1: sau an '\\x1b[31m' 72",
                                         "Fehler: '\\x1b[31m' passt zu nichts in diesem Spiel (Sauspiel)."]


@pytest.mark.slow
def test_the_one_shot_edit_asks_in_german_on_a_terminal(make_table):
    import time

    t = make_table()
    t.ok("add", "sau", "an", "be", "72")
    term = Terminal(t, args=("edit", "1", "sau", "be", "an", "72"))
    try:
        term.read_until(b"[j/N]")
        time.sleep(0.2)
        term.type("y\r")  # English: asked again, in German
        term.read_until("Antworte mit j oder n.")
        term.read_until(b"[j/N]")
        time.sleep(0.2)
        term.type("ja\r")
        term.read_until("Spiel 1 korrigiert: Sauspiel Anna+Ben 72 -> Sauspiel Ben+Anna 72")
        assert term.end() == 0
    finally:
        term.close()
    assert "[y/N]" not in term.text() and "Error" not in term.text()
    assert t.json("sheet")["sessions"][0]["hands"][-1]["entry"]["player"] == "Ben"


def test_a_whole_irregular_evening_in_one_english_session(make_table):
    """A latecomer, a hand out of rotation, a correction, a rounded close and the next evening,
    start to finish inside one session."""
    t = make_table(language="en")
    r = t.run("play", input="sau an be 72 l3\nplayer add Emil --after Ben\nwenz em 80\n"
                            "sau an co 61 out be dealer em\nedit 3 k\nsettle close --round 50 --yes\n"
                            "sau an be 72\nsau be co 72\n")
    assert r.exit_code == 2  # the hand that the new evening's first dealer sits out
    out = r.stdout.splitlines()
    assert out[3] == ("Hand 3: Sauspiel Anna+Cora 61 | Sauspiel 10 per loser | Anna +€0.10, Emil -€0.10, "
                      "Cora +€0.10, Dora -€0.10 | Next dealer: Cora (Cora sits out)")
    assert out[4] == "Hand 3 corrected: Sauspiel Anna+Cora 61 -> Sauspiel Anna+Cora 61 Kontra"
    assert "Session 1 closed." in out and "The next hand opens a new evening." in out
    assert out[-2:] == ["Session 2 begins with this hand (the one before is settled).",
                        "Hand 1: Sauspiel Ben+Cora 72 | Sauspiel 10 per loser | Ben +€0.10, Emil -€0.10, "
                        "Cora +€0.10, Dora -€0.10 | Next dealer: Ben (Ben sits out)"]
    assert r.stderr == ("Line 7: sau an be 72\nError: Anna does not play this hand: Anna deals; Anna sits out.\n"
                        "Name one of Ben, Emil, Cora, Dora, or say who sat out with out NAME.\n")
    hands = stored(t)
    assert hands[2][1]["sitting_out"] == ["Ben"] and hands[2][1]["dealer"] == "Emil"
    closing = t.json("settle", "--session", "1")
    # Sauspiel L3 40, Wenz 50, Sauspiel Kontra 20: Anna 40-50+20 = 10, Ben 40, Emil 150-20 = 130,
    # Cora -40-50+20 = -70, Dora -40-50-20 = -110; paid rounded to 50 cents
    assert closing["unrounded"] == {"Anna": 10, "Ben": 40, "Emil": 130, "Cora": -70, "Dora": -110}
    assert closing["paid"] == {"Anna": 0, "Ben": 50, "Emil": 150, "Cora": -100, "Dora": -100}
    t.ok("check")


@pytest.mark.parametrize("line, typed", [
    ("settle --player Anna --player Ben --yes", "--player"),  # paid Ben out, silently
    ("abrechnung --spieler Anna --player Ben --yes", "--spieler/--player"),
    ("settle --player Anna --yes -y", "--yes/-y"),
    ("settle --round 50 --runden=100", "--round/--runden"),  # settled to 100
    ("player add Emil --after Anna --nach Ben", "--after/--nach"),  # seated Emil after Ben
    ("player add Emil --after Anna --after Ben", "--after"),  # "takes 1 name, not 3"
    ("edit 1 k --yes --yes", "--yes"),
    ("void 1 --reason wrong --reason partner", "--reason"),  # stored "wrong partner"
])
def test_an_option_of_a_command_given_twice_is_refused_in_play(make_table, line, typed):
    """Like a hand's options (and every command on the command line), the options of play's
    own commands are said once: the last one was taken silently, or both were joined."""
    t = make_table(language="en")
    before = t.run("play", input="sau an be 72\n")
    assert before.exit_code == 0, before.stderr
    ledger = t.ledger_bytes()
    r = t.run("play", input=line + "\n")
    assert (r.exit_code, r.stderr) == (2, f"Line 1: {line}\nError: {typed} is given twice.\nSay each thing once.\n")
    assert t.ledger_bytes() == ledger


def test_the_same_hand_that_cannot_be_recorded_again_is_refused_not_asked_about(make_table):
    """The same line twice, where the second cannot be recorded (the declarer deals the next hand
    and sits out): the refusal, not "Record it again?" answered yes only to be refused."""
    from schafkopf_score.app import hands
    from schafkopf_score.app.line import read_line
    from schafkopf_score.app.where import At
    from schafkopf_score.errors import IllegalEntry
    from schafkopf_score.ledger import open_ledger
    from schafkopf_score.table import load_table

    t = make_table(players=FIVE, language="en")
    cfg = load_table(t.path)
    with open_ledger(cfg, create=True) as ledger:
        hands.add(At.evening(cfg, ledger), read_line("sau be co 72"), confirm=False)  # Anna deals, sits out
        with pytest.raises(IllegalEntry) as refused:  # Ben deals hand 2 and sits out
            hands.add(At.evening(cfg, ledger), read_line("sau be co 72"), confirm=False)
        assert "Ben does not play this hand" in refused.value.render("en")[0]
    assert [h for h, _, _ in stored(t)] == [1]


@pytest.mark.slow
def test_play_on_a_terminal_never_asks_about_a_same_hand_it_would_refuse(make_table):
    t = make_table(players=FIVE, language="en")
    term = Terminal(t)
    try:
        term.read_until("(help, quit)")
        term.prompt()
        term.type("sau be co 72\r")
        term.read_until("Hand 1: Sauspiel Ben+Cora 72")
        term.prompt()
        term.type("sau be co 72\r")
        term.read_until("Error: Ben does not play this hand")
        term.prompt()
        term.end()  # (2: a line was refused)
    finally:
        term.close()
    assert "Record it again?" not in term.text()
    assert [h for h, _, _ in stored(t)] == [1]


@pytest.mark.slow
def test_the_status_line_follows_a_hand_another_door_wrote_while_the_prompt_waits(make_table):
    """Another device adds a hand while play waits at its prompt: the status line says the next
    hand's number and dealer as the ledger stands, before anything is typed (the table reads who
    deals and sits out off it), and after an empty line too."""
    t = make_table(players=FIVE, language="en")
    term = Terminal(t)
    try:
        term.read_until("(help, quit)")
        term.prompt()
        term.type("sau be co 72\r")
        term.read_until("Hand 2 · Ben deals · Ben sits out")
        __import__("time").sleep(0.3)
        r = subprocess.run([sys.executable, "-m", "schafkopf_score", "--table", str(t.path), "add", "wenz", "co",
                            "80"], capture_output=True, text=True, env=ENV, timeout=60)
        assert r.returncode == 0, r.stderr
        # nothing typed: the status line is drawn anew (only what changed is written to the screen)
        term.read_until("Cora sits out", timeout=10)
        term.type(b"\x0c")  # Ctrl-L draws the whole screen again
        term.read_until("Hand 3 · Cora deals · Cora sits out")
        r = subprocess.run([sys.executable, "-m", "schafkopf_score", "--table", str(t.path), "undo"],
                           capture_output=True, text=True, env=ENV, timeout=60)
        assert r.returncode == 0, r.stderr
        term.type("\r")  # an empty line
        __import__("time").sleep(0.5)
        term.type(b"\x0c")
        term.read_until("Hand 3 · Ben deals · Ben sits out")
        __import__("time").sleep(0.3)
        term.end()
    finally:
        term.close()
    assert "Traceback" not in term.text()


@pytest.mark.slow
def test_lines_pasted_at_once_on_a_terminal_are_each_a_line(make_table):
    """A paste of several lines (a list from paper, a chat) is read line by line, as a script's
    lines are: each hand recorded and answered, a refused one named with its line; never the
    lines run together into one hand ("'wenz' fits nothing in a Sauspiel. Did you mean 'wenz'?")."""
    t = make_table(language="en")
    term = Terminal(t)
    try:
        term.read_until("(help, quit)")
        term.prompt()
        term.type(b"\x1b[200~sau an be 72\nwenz co 80\r\n\nherzsolo do 90 xyz\x1b[201~")  # bracketed paste
        __import__("time").sleep(0.3)
        term.type("\r")
        term.read_until("Hand 1: Sauspiel Anna+Ben 72")
        term.read_until("Hand 2: Wenz Cora 80")
        term.read_until("Line 4: herzsolo do 90 xyz")
        term.read_until("Error: 'xyz' fits nothing")
        term.prompt()
        term.type("sau an be 61\r")
        term.read_until("Hand 3: Sauspiel Anna+Ben 61")
        __import__("time").sleep(0.3)
        term.end()
    finally:
        term.close()
    assert "Did you mean 'wenz'" not in term.text()
    assert [h for h, _, _ in stored(t)] == [1, 2, 3]


def test_a_refused_line_stands_in_the_next_prompt_to_be_corrected(make_table):
    """On a terminal a refused line was gone: the player typed the whole hand again to fix one
    word. The next prompt now holds it, the cursor at its end; Ctrl-D on it as it stands still
    ends the session, and a line typed into an empty prompt after it starts empty."""
    t = make_table(language="en")
    term = Terminal(t)
    try:
        term.read_until("(help, quit)")
        term.prompt()
        term.type("sau an be 72 xyz\r")
        term.read_until("Error: 'xyz' fits nothing")
        term.prompt()
        term.type(b"\x7f\x7f\x7fk\r")  # three backspaces and a k: "sau an be 72 k"
        term.read_until("Hand 1: Sauspiel Anna+Ben 72")
        term.prompt()
        term.type("sau an be 61\r")  # the prompt after a recorded hand is empty
        term.read_until("Hand 2: Sauspiel Anna+Ben 61")
        term.prompt()
        term.type("wenz co 80 zz\r")
        term.read_until("Error: 'zz' fits nothing")
        term.prompt()
        assert term.end() == 2  # Ctrl-D on the refused line, untouched
    finally:
        term.close()
    assert [(h, e.get("kontra", False), e["augen"]) for h, e, _ in stored(t)] == [(1, True, 72), (2, False, 61)]
