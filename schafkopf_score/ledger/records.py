"""The ledger's frozen record types: one stored game row (with its void and latest payouts)
and one session (with its closing), each built from a query's row."""

from __future__ import annotations

import json
import sqlite3
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
    def from_row(cls, row: sqlite3.Row, rules: TableRules) -> GameRecord:
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
