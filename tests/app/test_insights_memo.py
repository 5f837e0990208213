"""The insights' memos (issue 34 item 7): a season's players' pages counted by kinds of hands
(``Pages``) and the rater's prepared matches give, bit for bit, what hand by hand gives, and a
kind or a prepared match never serves a hand that is not its own, however small the memo."""

from __future__ import annotations

import pytest

from schafkopf_score.insights.hands import HandFacts, match
from schafkopf_score.insights.player import Page, Pages
from schafkopf_score.insights.rating import Rater

FOUR = {"A": 10, "B": 10, "C": -10, "D": -10}


def hands() -> list[HandFacts]:
    """Hands that differ from each other in one fact at a time, repeated out of order, a
    player who comes later, Ramsch, a hand without a result and a change of unit."""
    h = HandFacts(1, 1, "", "sauspiel", ("A", "B"), True, 10, FOUR, 10, False, False, "cent")
    kinds = [
        h,
        h._replace(payouts={"A": 20, "B": 20, "C": -20, "D": -20}, value=20),  # other payouts
        h._replace(kontra=True),  # Kontra
        h._replace(won=False, payouts={"A": -10, "B": -10, "C": 10, "D": 10}),  # lost
        h._replace(won=None),  # no result
        h._replace(game="hochzeit"),  # another game, the same sides
        h._replace(declarers=("B", "A")),  # the other declarer
        h._replace(game="solo", declarers=("C",), payouts={"A": -50, "B": -50, "C": 150, "D": -50}, value=50),
        h._replace(game="solo", declarers=("C",), payouts={"A": -50, "B": -50, "C": 150, "D": -50}, value=50,
                   kontra=True),
        h._replace(game="ramsch", declarers=("D",), won=False, everyone=True,
                   payouts={"A": 10, "B": 10, "C": 10, "D": -30}),
        h._replace(game="ramsch", declarers=("D",), won=True, everyone=True,
                   payouts={"A": -10, "B": -10, "C": -10, "D": 30}),
        h._replace(payouts={"A": 10, "B": 10, "C": -10, "E": -10}),  # E plays later
    ]
    out = []
    n = 0
    for session, order in enumerate(([0, 1, 2, 3], [3, 11, 4, 5, 6, 0], [7, 8, 9, 10, 7, 0, 0, 1], list(range(12))), 1):
        for hand, i in enumerate(order, 1):
            n += 1
            out.append(kinds[i]._replace(session=session, hand=hand))
    strokes = [k._replace(unit="stroke", session=9, hand=i, payouts={n: v // 10 for n, v in k.payouts.items()})
               for i, k in enumerate(kinds[:4] + kinds[3:4], 1)]  # a stroke lost is counted against him
    return out + strokes + out[:5]


def hand_by_hand(hs: list[HandFacts], record: bool) -> dict[str, dict]:
    pages: dict[str, Page] = {n: Page(n, record) for n in ("B", "A")}
    for h in hs:
        for name in h.payouts:
            if name not in pages:
                pages[name] = Page(name, record)
            pages[name].add(h)
    return {n: p.result().to_json() for n, p in pages.items()}


@pytest.mark.parametrize("limit", [1, 2, 5, 4096])
@pytest.mark.parametrize("record", [False, True])
def test_pages_by_kinds_equal_every_page_hand_by_hand(limit, record):
    hs = hands()
    pages = Pages(("B", "A"), record, limit=limit)
    for h in hs:
        pages.add(h)
    got = {n: f.to_json() for n, f in pages.result().items()}
    want = hand_by_hand(hs, record)
    assert list(got) == list(want) == ["B", "A", "C", "D", "E"]  # the order pages are made in
    for name in want:
        assert got[name] == want[name], name
        assert [g["game"] for g in got[name]["by_game"]] == [g["game"] for g in want[name]["by_game"]]


def test_a_kind_serves_only_hands_equal_in_every_fact_it_counts():
    """Two hands that differ only in the payouts, Kontra, the result or the worth are two
    kinds; only the session, the hand number and the time may differ within a kind."""
    h = HandFacts(1, 1, "", "sauspiel", ("A", "B"), True, 10, FOUR, 10, False, False, "cent")
    for other in (h._replace(payouts={"A": 30, "B": 30, "C": -30, "D": -30}), h._replace(kontra=True),
                  h._replace(won=False), h._replace(value=30), h._replace(game="hochzeit")):
        pages = Pages(())
        pages.add(h)
        pages.add(other._replace(hand=2))
        assert pages.result()["A"].to_json() == hand_by_hand([h, other._replace(hand=2)], False)["A"]
    same = Pages(())
    for i in range(3):
        same.add(h._replace(session=i, hand=i + 1, recorded_at=str(i)))
    page = same.result()["C"]
    assert (page.played.hands, page.money, page.best.session, page.worst.session) == (3, -30, 0, 0)


def matches_shared(hs: list[HandFacts]) -> list[HandFacts]:
    """The hands as the season's reader hands them over: one match object per kind of hand."""
    made: dict = {}
    out = []
    for h in hs:
        key = (h.game, h.declarers, h.won, h.value, tuple(h.payouts.items()), h.everyone)
        if key not in made:
            made[key] = match(h)
        out.append(h._replace(sides=made[key]))
    return out


@pytest.mark.parametrize("kept", [1, 2, 4096])
def test_the_prepared_matches_rate_as_the_public_update(kept):
    """Matches shared by many hands (the reader's), made afresh for each hand, and the public
    update without the prepared matches: the same figures bit for bit, however few are kept."""
    hs = [h for h in hands() if h.unit == "cent"] * 3
    results = []
    for given, public in ((matches_shared(hs), False), (hs, False), (hs, True)):
        rater = Rater(reference=public)
        rater.kept = kept
        for h in given:
            rater.add_hand(h)
        r = rater.result()
        results.append(([(p.name, p.mu, p.sigma, p.hands) for p in r.players], [p.history for p in r.players]))
    assert results[0] == results[1] == results[2]
