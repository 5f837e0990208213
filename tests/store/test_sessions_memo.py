"""``Ledger.sessions()`` decodes each distinct closing text once (a season repeats them) and
shares the value: evenings with the same closing get equal values, evenings with another get
their own, and a close or a reopening is read again, never served from what was decoded."""

from __future__ import annotations

from schafkopf_score.ledger import Ledger


def test_each_evening_keeps_its_own_closing_and_a_change_is_read_again(make_table):
    t = make_table(language="en")
    won = ("sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "70")
    lost = ("sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "50")
    for hand in (won, lost, won):  # evenings 1 and 3 close alike, 2 otherwise
        t.ok("add", *hand)
        t.ok("settle", "--close")
    ledger = Ledger(t.ledger_path)
    first, second, third = ledger.sessions()
    assert first.closing == third.closing == {"Anna": 10, "Ben": 10, "Cora": -10, "Dora": -10}
    assert second.closing == {"Anna": -10, "Ben": -10, "Cora": 10, "Dora": 10}
    assert first.bookings["settlement"]["paid"] == third.bookings["settlement"]["paid"] == first.closing
    assert second.bookings["settlement"]["paid"] == second.closing
    t.ok("settle", "--reopen", "3", "--reason", "one more hand")  # evening 3 open again: no closing
    t.ok("add", *lost)
    again = Ledger(t.ledger_path).sessions()
    assert again[2].closed_at is None and again[2].closing is None and again[2].bookings == {}
    t.ok("settle", "--close")  # and closed with the hand more: 0 each
    assert Ledger(t.ledger_path).sessions()[2].closing == {"Anna": 0, "Ben": 0, "Cora": 0, "Dora": 0}
    kept = ledger.sessions()  # the ledger opened before the changes reads them too
    assert kept[0].closing == {"Anna": 10, "Ben": 10, "Cora": -10, "Dora": -10}
    assert kept[2].closing == {"Anna": 0, "Ben": 0, "Cora": 0, "Dora": 0}
