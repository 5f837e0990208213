"""A season: its sessions side by side and settled together (pure).

A closed session counts as its closing stored it (no replay): in money, as it was paid (the
cash rounding included); in points or strokes, its balances. The open one counts as its log
folds (``session.fold``). ``settle.settle_season`` adds the sessions' settlements up.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from ..rules.model import TableRules
from .records import SessionInfo
from .settle import SessionSettlement, settle_session


@dataclass(frozen=True)
class SessionColumn:
    """One session in the season's standings: its date and each player's balance (unit)."""

    session: int
    date: str
    closed: bool
    balances: dict[str, int]


def closed_balances(info: SessionInfo, unit: str) -> dict[str, int]:
    """A closed session's column of the standings: what was paid where its settlement was in
    the family's ``unit`` of money, else its closing balances."""
    assert info.closing is not None
    stored = info.bookings.get("settlement")
    paid = stored.get("paid") if stored and stored.get("unit") == unit else None
    return dict(paid) if paid else dict(info.closing)


def closed_settlement(info: SessionInfo, rules: TableRules | None, transfers: bool = True) -> SessionSettlement:
    """A closed session's settlement as stored at its close; a closing from before the
    settlement was stored is settled from its balances, unrounded, under ``rules`` (its hands'
    snapshot). Without ``transfers``: its money only (``SessionSettlement.from_stored``)."""
    stored = info.bookings.get("settlement")
    if stored:
        return SessionSettlement.from_stored(info.id, stored, transfers)
    assert info.closing is not None and rules is not None
    return settle_session(rules, info.closing, 0, None, info.id, closed=True)


def local_date(stamp: str) -> str:
    """The local calendar date of a stored UTC time stamp (an evening that began at 23:30)."""
    try:
        return datetime.fromisoformat(stamp).astimezone().date().isoformat()
    except ValueError:
        return stamp[:10]
