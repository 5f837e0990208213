"""The frozen records a session's log is made of, as the store hands them out: a game row (with
its void and latest payouts), the session (with its closing in force), an early payout
(``settle --player``) and a closing (with the reopening that set it aside)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..rules.model import GameEntry, TableRules


@dataclass(frozen=True)
class GameRecord:
    """One stored game row, with its void (if any) and its latest payouts."""

    id: int
    session_id: int
    hand: int
    replaces: int | None
    created_at: str
    game: str
    entry: GameEntry
    typed: str
    rules: TableRules
    unit: str
    payouts: dict[str, int]
    stock: int
    outcome: dict[str, Any]
    ruleset_id: int = 0
    void_kind: str | None = None
    void_reason: str = ""
    void_at: str | None = None
    restated: bool = False

    @property
    def valid(self) -> bool:
        return self.void_kind is None

    @classmethod
    def from_row(cls, row: Mapping[str, Any], rules: TableRules) -> GameRecord:
        payouts, stock, outcome, restated = row["payouts"], row["stock"], row["outcome"], False
        if row["r_payouts"] is not None:
            payouts, stock, outcome, restated = row["r_payouts"], row["r_stock"], row["r_outcome"], True
        return cls(
            id=row["id"], session_id=row["session_id"], hand=row["hand"], replaces=row["replaces"],
            created_at=row["created_at"], game=row["game"], entry=GameEntry.from_dict(json.loads(row["entry"])),
            typed=row["typed"], rules=rules, unit=row["unit"], payouts=json.loads(payouts), stock=stock,
            outcome=json.loads(outcome), ruleset_id=row["ruleset_id"], void_kind=row["v_kind"],
            void_reason=row["v_reason"] or "", void_at=row["v_at"], restated=restated,
        )


@dataclass(frozen=True)
class SessionInfo:
    id: int
    opened_at: str
    closed_at: str | None
    closing: dict[str, int] | None
    bookings: dict[str, Any]


@dataclass(frozen=True)
class Payment:
    """One player paid out early (``settle --player``): what it booked per player (the player
    paid out loses his balance, the others take over the opposite) and the transfers made."""

    session_id: int
    hand: int
    created_at: str
    player: str
    amounts: dict[str, int]
    transfers: list[dict[str, Any]]
    id: int = 0

    def exported(self) -> dict[str, Any]:
        """The payment as the JSON export writes it (and the import reads it)."""
        return {"hand": self.hand, "created_at": self.created_at, "player": self.player, "amounts": self.amounts,
                "transfers": self.transfers}


@dataclass(frozen=True)
class Closing:
    """One closing of a session: its balances and bookings (the settlement as paid), and the
    reopening that set it aside (``reopened_at`` None: the closing in force)."""

    id: int
    created_at: str
    balances: dict[str, int]
    bookings: dict[str, Any]
    reopened_at: str | None = None
    reason: str | None = None

    def exported(self) -> dict[str, Any]:
        """A closing a reopening set aside, as the JSON export writes it (``reopened_closings``)."""
        return {"created_at": self.created_at, "balances": self.balances, "bookings": self.bookings,
                "reopened_at": self.reopened_at, "reason": self.reason}


@dataclass(frozen=True)
class SeatChange:
    """A player added, leaving or renamed (``player add/leave/rename``), from hand ``hand`` of
    session ``session_id`` (None: from the next session on); ``players``: the seating after it."""

    session_id: int | None
    hand: int
    created_at: str
    kind: str  # add | leave | rename
    name: str
    other: str  # add: the seat after whom; rename: the new name
    players: list[str]

    def exported(self) -> dict[str, Any]:
        """The change as the JSON export writes it (``seating_changes``)."""
        return {"session_id": self.session_id, "hand": self.hand, "created_at": self.created_at, "kind": self.kind,
                "name": self.name, "other": self.other, "players": self.players}


@dataclass(frozen=True)
class Round:
    """A tournament's round drawn: its number, when, how (``random`` or ``ranking``) and the seed
    of the lot."""

    round: int
    created_at: str
    method: str
    seed: str


@dataclass(frozen=True)
class RoundTable:
    """Table ``tisch`` of a round: its players in seat order (the first deals first), the session
    that holds its hands, and who of them its round's draw seated as a stand-in."""

    round: int
    tisch: int
    session_id: int
    players: list[str]
    standins: tuple[str, ...] = ()


@dataclass(frozen=True)
class TournamentEvent:
    """A tournament's event: ``kind`` (``player_add``, ``player_withdraw``, ``draw``,
    ``totals``), the round it belongs to, the player it names and its facts."""

    created_at: str
    kind: str
    round: int
    name: str
    data: dict[str, Any]

    def exported(self) -> dict[str, Any]:
        """The event as the JSON export writes it (``tournament_events``)."""
        return {"created_at": self.created_at, "kind": self.kind, "round": self.round, "name": self.name,
                "data": self.data}
