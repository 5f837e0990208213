"""The dealer rotation and who sits out: one mechanism for every family.

The dealer moves clockwise after every recorded hand (thrown-in hands too). With more players
at the table than seats in the game, the dealer sits out, and so do the players just before him,
until ``seats`` remain: the active players are the ``seats`` players that follow the dealer.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import IllegalEntry
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
                f"With {', '.join(out)} sitting out, {len(active)} players are left, "
                f"but a game here has {seats} seats.",
                f"Name exactly {n - seats} player(s) with --sitting-out."
                if n > seats
                else "Everyone at this table plays every hand: drop --sitting-out.",
            )
        return Seating(dealer=dealer, active=active, sitting_out=out)
    if n <= seats:
        return Seating(dealer=dealer, active=tuple(players), sitting_out=())
    d = players.index(dealer)
    chosen = {players[(d + 1 + k) % n] for k in range(seats)}
    active = tuple(p for p in players if p in chosen)
    out = tuple(p for p in players if p not in chosen)
    return Seating(dealer=dealer, active=active, sitting_out=out)


def describe_seating(seating: Seating, language: str = "de") -> str:
    """``Anna gibt; Anna und Emil setzen aus.`` (or just who deals)."""
    if language == "de":
        text = f"{seating.dealer} gibt"
        if seating.sitting_out:
            verb = "setzt" if len(seating.sitting_out) == 1 else "setzen"
            text += f"; {_join(seating.sitting_out, 'und')} {verb} aus"
        return text + "."
    text = f"{seating.dealer} deals"
    if seating.sitting_out:
        verb = "sits" if len(seating.sitting_out) == 1 else "sit"
        text += f"; {_join(seating.sitting_out, 'and')} {verb} out"
    return text + "."


def _join(names: Sequence[str], word: str) -> str:
    names = list(names)
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + f" {word} " + names[-1]
