"""``export --format text``: the evening as a short text for a group chat (issue 17)."""

import re


def test_chat_summary_of_an_evening_in_german(make_table):
    t = make_table()  # official tariff: Sauspiel 10, Solo 50, Schneider 10 (cents)
    t.ok("add", "sau", "an", "be", "72")  # Anna and Ben win 10 from each opponent
    t.ok("add", "herzsolo", "co", "91")  # Cora, schneider: 50 + 10 = 60 from each of three
    text = t.ok("export", "--format", "text").stdout
    lines = text.splitlines()
    assert re.fullmatch(r"test · Abend 1 · \d\d\.\d\d\.\d{4}", lines[0])
    assert lines[1:] == [
        "2 Spiele gespielt",
        "Stand: Cora +1,70 €, Anna -0,50 €, Ben -0,50 €, Dora -0,70 €",  # 10-60, 10-60, -10+180, -10-60
        "Ausgleich:",
        "Dora zahlt Cora 0,70 €",
        "Anna zahlt Cora 0,50 €",
        "Ben zahlt Cora 0,50 €",
        "Bestes Spiel: Spiel 2, Herz-Solo Cora 91 (Cora +1,80 €)",
    ]


def test_chat_summary_in_english_and_of_a_closed_rounded_evening(make_table):
    t = make_table(language="en")
    t.ok("add", "sau", "an", "be", "72")
    t.ok("settle", "--close", "--round", "50")
    lines = t.ok("export", "--format", "text").stdout.splitlines()
    assert re.fullmatch(r"test · Session 1 · \d{4}-\d\d-\d\d \(closed\)", lines[0])
    assert lines[1] == "1 hand played"
    # +-10 cents rounded to 50: nobody moves by 50 or more and the sum stays zero, so what was
    # paid is nothing at all (the game's balance would say +-0.10)
    assert lines[2] == "Balance: Anna €0.00, Ben €0.00, Cora €0.00, Dora €0.00"
    assert lines[3] == "Nobody owes anything."
    assert lines[-1] == "Best game: hand 1, Sauspiel Anna+Ben 72 (Anna +€0.10)"


def test_chat_summary_of_an_empty_ledger(make_table):
    t = make_table(language="en")
    assert t.ok("export", "--format", "text").stdout == "test: No games recorded yet.\n"


def test_chat_summary_of_an_open_evening_with_a_carried_stock(make_table):
    """An open evening's Stock has not gone anywhere yet: the text says where it goes at the
    close, as the HTML page does; only a closed evening's Stock 'went on' (it said so of the
    open evening too)."""
    t = make_table(language="en", replace={'all_pass = "redeal"': 'all_pass = "stock"',
                                           'stock_at_close = "equal"': 'stock_at_close = "carry"'})
    t.ok("add", "weiter")  # 10 from each into the Stock
    t.ok("settle", "--close")
    t.ok("add", "weiter")  # the next evening opens with 40, and 40 more go in
    lines = t.ok("export", "--format", "text", "--all").stdout.splitlines()
    assert "Stock: €0.40 went on to the next evening, which opens with it" in lines[:10]
    second = lines[lines.index("") + 1:]
    assert re.fullmatch(r"test · Session 2 · \d{4}-\d\d-\d\d", second[0])
    assert "Stock: €0.80 (stays for the next evening; the transfers say who puts what into it)" in second
    assert not any("went on" in line for line in second)
