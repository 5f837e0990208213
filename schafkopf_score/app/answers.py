"""The answers of the hand use cases, typed: each door renders one (the CLI as text, ``--json``,
``play`` and the server) and its ``to_json()`` is what ``--json``, the API and a kept
idempotency answer all say."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..rules.play import Played
from ..session.fold import Ahead, PayoutMoved, Repriced, SessionState
from ..session.records import GameRecord


def outcome_json(played: Played, **extra: Any) -> dict[str, Any]:
    """A hand as ``calc --json`` prints it (RULES §1: ``game``, ``unit``, ``payouts``, ...);
    ``extra`` keys follow (``hand``, ``session``, ...)."""
    out = played.outcome
    data: dict[str, Any] = {
        "game": out.game,
        "unit": out.unit,
        "payouts": out.payout_map(),
        "stock": out.stock,
        "value": out.value,
        "won": out.won,
        "declarers": list(out.declarers),
        "explanation": out.explanation,
        "dealer": played.seating.dealer,
        "active": list(played.seating.active),
        "sitting_out": list(played.seating.sitting_out),
    }
    data.update(dict(out.extra))
    data.update(extra)
    return data


@dataclass(frozen=True)
class HandAnswer:
    """A hand scored (``calc``), as its place counts it."""

    played: Played

    def to_json(self) -> dict[str, Any]:
        return outcome_json(self.played)


@dataclass(frozen=True)
class RecordedHand:
    """A hand recorded (``add``): as its place counts it, its number and session, the session
    after it (balances, Stock, what comes next) and, at a tournament's table, its round and
    table."""

    played: Played
    hand: int
    state: SessionState
    session: int
    round: int | None = None
    tisch: int | None = None

    @property
    def ahead(self) -> Ahead:
        return self.state.ahead()

    @property
    def opens_session(self) -> bool:
        """This hand began a new evening, the one before being settled (closed at any door
        meanwhile): every door says so."""
        return self.round is None and self.hand == 1 and self.session > 1

    def to_json(self) -> dict[str, Any]:
        where = {} if self.round is None else {"round": self.round, "tisch": self.tisch}
        opens = {"opens_session": True} if self.opens_session else {}
        return outcome_json(self.played, hand=self.hand, session=self.session, balances=self.state.balances,
                            stock_total=self.state.stock, **where, next=self.ahead.to_json(), **opens)


@dataclass(frozen=True)
class DrawnLot:
    """The partners drawn by lot (Deutscher Schafskopf), recorded for the next game: who drew
    which card."""

    played: Played
    hand: int
    cards: Mapping[str, Any]

    def to_json(self) -> dict[str, Any]:
        return outcome_json(self.played, hand=self.hand, cards=dict(self.cards))


@dataclass(frozen=True)
class VoidAnswer:
    """A hand voided (``undo``, ``void N``): the record as it was and the later hands the void
    re-priced (who dealt and who played them stay as recorded)."""

    record: GameRecord
    repriced: tuple[Repriced, ...]
    payouts_moved: tuple[PayoutMoved, ...] = ()

    def to_json(self) -> dict[str, Any]:
        rec = self.record
        data = {"voided": rec.hand, "game": rec.game, "session": rec.session_id,
                "repriced": [r.to_json() for r in self.repriced]}
        if self.payouts_moved:  # an early payout before the voided hand: what it now owes
            data["payouts_moved"] = [m.to_json() for m in self.payouts_moved]
        return data


@dataclass(frozen=True)
class EditAnswer:
    """A hand corrected (``edit N``): what it was (``old``), the replacement as it replays (in
    what its place counts) and the later hands the correction re-priced."""

    old: GameRecord
    played: Played
    hand: int
    repriced: Sequence[Repriced] = ()
    payouts_moved: Sequence[PayoutMoved] = ()

    def to_json(self) -> dict[str, Any]:
        old = self.old
        moved = {"payouts_moved": [m.to_json() for m in self.payouts_moved]} if self.payouts_moved else {}
        return outcome_json(self.played, hand=self.hand,
                            before={"entry": old.entry.to_dict(), "payouts": dict(old.payouts), "stock": old.stock},
                            repriced=[r.to_json() for r in self.repriced], **moved)
