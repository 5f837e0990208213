"""A recorded hand as the insights read it, and the sides it was played between (pure).

``HandFacts`` is what a valid, stored hand says once its texts are decoded: who played it (its
payouts name the active players), who declared, whether the declaring side won, what it was
worth (the amount each loser paid, the ``value`` of its outcome) and whether Kontra was given.
``match`` turns it into the match a rating reads: the declaring side against the rest
(Sauspiel and Hochzeit 2 v 2, every Solo 1 v 3, Sheepshead's picker and partner against the
others, Deutscher pair against pair), or every player for himself where the game is played so
(Ramsch, leaster, Wendish *jeder gegen jeden*): the loser last, a winner (a Durchmarsch, the
leaster's winner) first, the others level between.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

# A hand weighs more the more it was worth: half a hand more for every doubling of the table's
# plain game (a Sauspiel at 10 cents weighs 1; 20 or 30 cents weigh 1.5; 40 to 70 weigh 2; 80 and
# more weigh 2.5, the most).
WEIGHT_STEP = 0.5
MAX_DOUBLINGS = 3
MAX_WEIGHT = 1 + WEIGHT_STEP * MAX_DOUBLINGS


class Match(NamedTuple):
    """A hand as a match: the teams in the order they finished and each team's rank (0 first;
    teams level share a rank), and how much it weighs."""

    teams: tuple[tuple[str, ...], ...]
    ranks: tuple[int, ...]
    weight: float
    fill: tuple[int, ...] = ()  # how many average players fill each team up to the largest (``rating``)


class HandFacts(NamedTuple):
    """One valid hand (a NamedTuple: a season makes a hundred thousand of them)."""

    session: int
    hand: int
    recorded_at: str
    game: str
    declarers: tuple[str, ...]
    won: bool | None
    value: int  # what each loser paid (per opponent in a solo), in the hand's unit
    payouts: Mapping[str, int]  # each active player's payout, under the name he goes by now
    base: int  # the table's plain game in the hand's own tariff (Sauspiel, Wendish normal; else 1)
    everyone: bool  # each for himself (Ramsch, leaster, jeder gegen jeden)
    kontra: bool  # Kontra (Sheepshead: a crack) was given against the declaring side
    unit: str  # cent | point | stroke
    sides: Match | None = None  # ``match(self)``, where the reader worked it out once for many hands


def weight(value: int, base: int) -> float:
    """How much a hand worth ``value`` weighs at a table whose plain game costs ``base``: 1, and
    half a hand more for every doubling (whole doublings of ``base``: integers, no logarithm),
    at most ``MAX_WEIGHT``.

    >>> [weight(v, 10) for v in (5, 10, 20, 30, 40, 50, 80, 640)], weight(1, 1), weight(0, 10)
    ([1.0, 1.0, 1.5, 1.5, 2.0, 2.0, 2.5, 2.5], 1.0, 1.0)
    """
    doublings = (value // base if base > 0 else value).bit_length() - 1
    return 1 + WEIGHT_STEP * min(MAX_DOUBLINGS, max(0, doublings))


def match(hand: HandFacts) -> Match | None:
    """The match a hand was: None for a hand without sides (thrown in, nobody declared) or with
    a player alone on the table.

    >>> h = HandFacts(1, 1, "", "sauspiel", ("A", "B"), False, 20, {"A": -20, "B": -20, "C": 20, "D": 20},
    ...               10, False, False, "cent")
    >>> match(h)
    Match(teams=(('C', 'D'), ('A', 'B')), ranks=(0, 1), weight=1.5, fill=(0, 0))
    >>> match(h._replace(game="ramsch", declarers=("A",), everyone=True, value=10))
    Match(teams=(('B',), ('C',), ('D',), ('A',)), ranks=(0, 0, 0, 1), weight=1.0, fill=(0, 0, 0, 0))
    """
    payouts, declarers, won = hand.payouts, hand.declarers, hand.won
    if won is None or not declarers or len(payouts) < 2:
        return None
    w = weight(hand.value, hand.base)
    if hand.everyone:
        first = declarers[0]
        if first not in payouts:
            return None
        others = [(n,) for n in payouts if n != first]
        fill = (0,) * (len(others) + 1)
        if won:
            return Match(((first,), *others), (0,) + (1,) * len(others), w, fill)
        return Match((*others, (first,)), (0,) * len(others) + (1,), w, fill)
    declaring = tuple([n for n in declarers if n in payouts])
    against = tuple([n for n in payouts if n not in declarers])
    if not declaring or not against:
        return None
    teams = (declaring, against) if won else (against, declaring)
    size = max(len(declaring), len(against))
    return Match(teams, (0, 1), w, (size - len(teams[0]), size - len(teams[1])))
