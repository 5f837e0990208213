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
