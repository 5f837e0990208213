"""Bock rounds (Bavarian and Wendish): after a hand that the table names in ``bock_after``, the
next round of hands counts double.

The pending Bock hands are part of the family's state (``HandState.own``), so they follow from
replaying the session and a correction propagates. The state is a tuple with one entry per
pending hand, the number of Bock layers on it: a hand with ``n`` layers counts ``2 ** n``.

- A round is ``bock_hands`` hands, or with ``"round"`` (the default) as many hands as there are
  players at the table (each deals once; five players at a four-seat table: five hands).
- Every dealt hand uses up one Bock hand, a thrown-in one too (the deal moves on, RULES §1).
- Each trigger that a hand fulfils adds one round, counted from the next hand: ``bock_stack =
  "queue"`` puts it after the pending ones (each hand stays x2), ``"double"`` lays it over the
  next hands (where two rounds overlap a hand counts x4).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from ..i18n import Join, Text, say
from .model import TableRules


class BockStack(StrEnum):
    QUEUE = "queue"
    DOUBLE = "double"


KONTRA_LOST = "kontra_lost"  # a game with Kontra that the declaring side lost
SCHWARZ = "schwarz"  # a side took no trick (--schwarz, or a won Tout)
SIE = "sie"  # a Sie was played
SIXTY_SIXTY = "sixty_sixty"  # the declaring side had exactly 60 Augen
DURCHMARSCH = "durchmarsch"  # a Ramsch won by a Durchmarsch

ROUND = "round"


def multiplier(pending: Sequence[int]) -> int:
    """What the next hand counts: 1 outside Bock, 2 in a Bock round, 4 where two overlap."""
    return 2 ** pending[0] if pending else 1


def round_length(bock_hands: str | int, rules: TableRules) -> int:
    """The hands of one Bock round: ``bock_hands``, or one per player at the table."""
    return len(rules.players) if bock_hands == ROUND else int(bock_hands)


def after_hand(pending: tuple[int, ...], fired: int, hands: int, stack: BockStack) -> tuple[int, ...]:
    """The pending Bock hands after a hand was played that fulfilled ``fired`` triggers.

    >>> after_hand((), 1, 4, BockStack.QUEUE)
    (1, 1, 1, 1)
    >>> after_hand((1, 1, 1), 1, 4, BockStack.QUEUE)
    (1, 1, 1, 1, 1, 1)
    >>> after_hand((1, 1, 1), 1, 4, BockStack.DOUBLE)
    (2, 2, 1, 1)
    """
    rest = list(pending[1:])
    for _ in range(fired):
        if stack == BockStack.QUEUE:
            rest += [1] * hands
        else:
            rest += [0] * max(0, hands - len(rest))
            for i in range(hands):
                rest[i] += 1
    return tuple(rest)


def started_note(fired: Sequence[str]) -> Text | None:
    """``Bock after schwarz``: what the explanation adds when a hand starts a Bock round (None
    when it starts none), to be worded in the table's language."""
    if not fired:
        return None
    return Text("engine.bock.started", why=Join([Text(f"engine.bock.trigger.{name}") for name in fired], "and"))


def started_text(fired: Sequence[str], lang: str) -> str:
    """``started_note`` worded at once ("" when the hand starts no Bock round)."""
    note = started_note(fired)
    return note.render(lang) if note is not None else ""


def pending(levels: Sequence[int]) -> dict[str, int]:
    """For ``standings --json``: the Bock hands left and what the next hand counts."""
    return {"bock_hands": len(levels), "bock_next": multiplier(levels)}


def notes(pending: Sequence[int], lang: str) -> list[str]:
    """The standings line: how many Bock hands remain and what the next one counts.

    >>> notes((1, 1, 1), "en"), notes((2,), "de")
    (['Bock: 3 hands left, the next counts x2'], ['Bock: noch 1 Spiel, das nächste zählt x4'])
    """
    if not pending:
        return []
    # the hands still doubled, each counted once, and beside them what the next one counts (RULES §12)
    counts = Text("engine.bock.next_counts", mult=multiplier(pending))
    return [say("engine.bock.left", lang, n=len(pending), next=counts)]
