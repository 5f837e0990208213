"""The dealer rotation and who sits out: one mechanism for every family.

The dealer moves clockwise after every recorded hand (thrown-in hands too). With more players
at the table than seats in the game, the dealer sits out, and so do the players just before him,
until ``seats`` remain: the active players are the ``seats`` players that follow the dealer.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..errors import IllegalEntry
from ..i18n import Join, Text
from .model import Seating


def next_dealer(players: Sequence[str], dealer: str) -> str:
    """The player to the dealer's left (next in the listed, clockwise order)."""
    i = players.index(dealer)
    return players[(i + 1) % len(players)]


def seat_hand(
    players: Sequence[str], seats: int, dealer: str, sitting_out: Sequence[str] = ()
) -> Seating:
    """Who plays a hand dealt by ``dealer``; ``sitting_out`` overrides the rotation.

    >>> seat_hand(["A", "B", "C", "D", "E", "F"], 4, "A").sitting_out
    ('A', 'F')
    """
    n = len(players)
    if sitting_out:
        out = tuple(p for p in players if p in sitting_out)
        active = tuple(p for p in players if p not in sitting_out)
        if len(active) != seats:
            raise IllegalEntry(
                Text("engine.seating.wrong_count" if len(out) > 1 else "engine.seating.wrong_count_one",
                     names=Join(out, "and"), left=len(active), seats=seats),
                Text("engine.seating.name_exactly", n=n - seats) if n > seats
                else Text("engine.seating.everyone_plays"),
            )
        return Seating(dealer=dealer, active=active, sitting_out=out)
    if n <= seats:
        return Seating(dealer=dealer, active=tuple(players), sitting_out=())
    return _rotation(tuple(players), seats, dealer)


@lru_cache(maxsize=1024)
def _rotation(players: tuple[str, ...], seats: int, dealer: str) -> Seating:
    """Who plays when ``dealer`` deals by the rotation (worked out once per table and dealer:
    a replay seats every hand)."""
    n = len(players)
    d = players.index(dealer)
    chosen = {players[(d + 1 + k) % n] for k in range(seats)}
    active = tuple(p for p in players if p in chosen)
    out = tuple(p for p in players if p not in chosen)
    return Seating(dealer=dealer, active=active, sitting_out=out)


def seating_text(seating: Seating) -> Text:
    """``Anna gibt; Anna und Emil setzen aus.`` / ``Anna deals; Anna and Emil sit out.`` (or just
    who deals), as a message.

    >>> seating_text(Seating("Anna", ("Ben", "Cora", "Dora", "Emil"), ("Anna",))).render("de")
    'Anna gibt; Anna setzt aus.'
    """
    if not seating.sitting_out:
        return Text("engine.seating.deals", dealer=seating.dealer)
    key = "engine.seating.one_out" if len(seating.sitting_out) == 1 else "engine.seating.many_out"
    return Text(key, dealer=seating.dealer, names=Join(seating.sitting_out, "and"))
