"""A word of 50 KB pasted into ``play`` on a terminal is refused at once, as a piped line is
(issue 33, item 10): the line editor ends the prompt as soon as the line passes the limit,
before it lays out, completes or draws it; nothing is written and the next line works."""

import time

import pytest

from tests.cli.test_play import Terminal


@pytest.mark.slow
@pytest.mark.parametrize("lang,refused,hand", [
    ("de", "Die Zeile ist 50000 Zeichen lang; eine Zeile hier hat höchstens 4096.", "Spiel 1: Sauspiel Anna+Ben 72"),
    ("en", "The line is 50000 characters long; a line here holds at most 4096.", "Hand 1: Sauspiel Anna+Ben 72"),
])
def test_a_pasted_50_kb_word_is_refused_at_once(make_table, lang, refused, hand):
    t = make_table(language=lang)
    term = Terminal(t)
    try:
        term.prompt()
        start = time.monotonic()
        term.type(b"\x1b[200~" + b"x" * 50000 + b"\x1b[201~")  # a paste, as a terminal sends it
        term.read_until(refused, timeout=10)
        assert time.monotonic() - start < 3
        term.prompt()
        term.type("sau an be 72\r")
        term.read_until(hand)
        term.prompt()
        assert term.end() == 2  # a line was refused
    finally:
        term.close()
    assert t.json("settle")["balances"] == {"Anna": 10, "Ben": 10, "Cora": -10, "Dora": -10}


def test_a_hand_longer_than_a_line_of_play_is_refused_by_every_door_alike(make_table):
    """A page-long --comment: play refused the line, add recorded it and the server too; now
    every door refuses it with play's words and writes nothing (the limit counts the hand as
    typed: its words and long options one space apart)."""
    import subprocess
    import sys

    from tests.serving import Server, env

    t = make_table(language="en")
    line = "sau an be 72 --comment " + "x" * 5000  # 5023 characters
    said = "The line is 5023 characters long; a line here holds at most 4096."
    hint = "Nothing was recorded. Type one hand or one command a line."
    r = t.run("add", *line.split())
    assert (r.exit_code, r.stderr) == (2, f"Error: {said}\n{hint}\n")
    played = subprocess.run([sys.executable, "-m", "schafkopf_score", "--table", str(t.path), "play"],
                            input=line + "\n", capture_output=True, text=True, env=env(), timeout=60)
    assert played.returncode == 2 and f"Error: {said}\n{hint}\n" in played.stderr
    with Server(t.path) as s:
        assert s.post("/api/hands", {"line": line}) == (422, {"error": said, "hint": hint})
        assert s.post("/api/calc", {"line": line}) == (422, {"error": said, "hint": hint})
    assert not t.ledger_path.exists() or t.json("sheet")["sessions"] == []
    t.ok("add", "sau", "an", "be", "72", "--comment", "x" * 4000)  # a long comment that fits is taken
