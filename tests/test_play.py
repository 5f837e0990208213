"""``schafkopf play``: scripted sessions through standard input, as a script or a pipe feeds it,
and one on a real pseudo-terminal."""

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
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
        "Spiel 1: Sauspiel Anna+Ben 72 L3 Kontra | Anna +0,80 €, Ben +0,80 €, Cora -0,80 €, Dora -0,80 € "
        "| Nächster Geber: Ben",
        "Spiel 2: Herz-Solo Cora 105 L4 gelegt 1 | Anna -2,00 €, Ben -2,00 €, Cora +6,00 €, Dora -2,00 € "
        "| Nächster Geber: Cora",
        "Spiel 3: Wenz Tout Dora + L2 | Anna -1,40 €, Ben -1,40 €, Cora -1,40 €, Dora +4,20 € "
        "| Nächster Geber: Dora",
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


def test_undo_edit_void_sheet_stand_settle_inside_the_session(make_table):
    t = make_table()
    script = "\n".join([
        "sau an be 72", "wenz co 80", "undo", "edit 1 k", "solo do herz 70", "void 3 verzählt", "help",
        "sheet", "stand", "settle", "quit", "wenz an 90",  # nothing after quit is read
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
    assert "Cora zahlt Anna 0,20 €" in out or "Cora zahlt Ben 0,20 €" in out
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
