"""The sheet of a session (the *Schafkopfblock*), once for every view: a row a hand with the
running totals, a voided hand as a row of its own, a player paid out early (``settle
--player``) and what the close booked as rows of their own, earlier names counted under the name
a player goes by now, and a player's cell blank until he joined. The terminal's sheet, the
phone's, a tournament table's sheet and the reports are all made from it (pure: no I/O).

``Tally`` keeps the running totals (the reports feed it the stored rows of a whole season
without replaying them: ``app.reports``); ``sheet(state)`` is a folded session's rows.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..rules.play import Played
from ..rules.registry import find_family
from .fold import SessionState, is_hand
from .records import GameRecord

HAND, VOID, LOT, PAYOUT, CLOSING = "hand", "void", "lot", "payout", "closing"


class Tally:
    """Running totals over a session's rows: each player's (under the name he goes by now)
    once he has sat at the table (``totals``: who has not yet is not in it, a blank on the
    sheet, not 0), and the Stock's. ``running()`` gives them in the columns' order: the table's
    players first, then whoever came later."""

    def __init__(self, players: Iterable[str] = (), aliases: Mapping[str, str] | None = None, stock: int = 0) -> None:
        self.aliases = dict(aliases or {})
        self.columns: dict[str, None] = dict.fromkeys(players)
        self.totals: dict[str, int] = {}
        self.stock = stock

    def now(self, name: str) -> str:
        return self.aliases.get(name, name)

    def sit(self, players: Iterable[str]) -> None:
        """These players sit at the table from now on (a hand's seating)."""
        for name in players:
            self.totals.setdefault(self.now(name), 0)

    def add(self, amounts: Mapping[str, int], stock: int = 0) -> Mapping[str, int]:
        """A row's amounts booked; returns them under the names now (``amounts`` itself where no
        one was renamed: never changed here). Written out: the season's reports book every hand
        of 100,000 through it."""
        aliases = self.aliases
        merged: Mapping[str, int] = amounts
        if aliases:
            merging: dict[str, int] = {}
            for name, amount in amounts.items():
                key = aliases.get(name, name)
                merging[key] = merging.get(key, 0) + amount
            merged = merging
        totals = self.totals
        for key, amount in merged.items():
            totals[key] = totals.get(key, 0) + amount
        self.stock += stock
        return merged

    def running(self) -> dict[str, int | None]:
        """Each player's running total in the columns' order (None before he sat at the table)."""
        columns, totals = self.columns, self.totals
        for name in totals:
            if name not in columns:
                columns[name] = None
        return {n: totals.get(n) for n in columns}


@dataclass(frozen=True)
class SheetRow:
    """One row of the sheet. ``kind``: a hand played (``hand``), a voided one (``void``), the
    lot of a Deutscher game (``lot``: no hand of its own), a player paid out early
    (``payout``), what the close booked (``closing``). ``amounts``: this row's per player
    (renames merged; a tournament's table: in points, capped), ``running``: the totals after it
    (None: not seated yet), ``stock``: the Stock after it."""

    kind: str
    hand: int | None
    amounts: Mapping[str, int]
    running: Mapping[str, int | None]
    stock: int = 0
    record: GameRecord | None = None
    played: Played | None = None  # a valid hand as it replays (as its place counts it)
    player: str = ""  # a payout's player
    value: int = 0  # what a hand was worth: its tariff per opponent, else its largest amount
    booked_stock: bool = False  # a closing row: the Stock went back at the close
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def edited(self) -> bool:
        return self.record is not None and self.record.replaces is not None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "hand": self.hand, "amounts": dict(self.amounts),
                                "running": dict(self.running), "stock": self.stock}
        if self.kind == PAYOUT:
            data["player"] = self.player
        if self.value:
            data["value"] = self.value
        return data


def describe_played(played: Played, lang: str) -> str:
    """The hand as the sheet describes it: ``Herz-Solo Cora 105 L4``."""
    out = played.outcome
    return find_family(played.rules.family).describe(played.entry, out.declarers, out.extra, lang=lang)


def describe_record(rec: Any, lang: str) -> str:
    """A stored hand as the sheet describes it (a voided one too, from what was stored)."""
    return find_family(rec.rules.family).describe(rec.entry, rec.outcome.get("declarers", ()),
                                                  rec.outcome.get("extra"), lang=lang)


def worth(played: Played) -> int:
    """What a hand was worth: its tariff per opponent, else the largest amount it moved."""
    out = played.outcome
    return out.value or max((abs(v) for _, v in out.payouts), default=0)


def sheet(state: SessionState) -> list[SheetRow]:
    """A folded session's sheet: its rows in hand order, each early payout after the hand it
    was made after, and what the close booked last."""
    rows: list[SheetRow] = []
    tally = Tally(state.rules.players, state.aliases, stock=sum(state.opening.values()))
    payments = sorted(state.payments, key=lambda p: p.hand)
    shown = state.place.shown
    k = 0
    for row in state.rows:
        rec = row.record
        while k < len(payments) and payments[k].hand < rec.hand:
            rows.append(_payout(tally, payments[k]))
            k += 1
        tally.sit(rec.rules.players)
        if row.played is None:
            rows.append(SheetRow(VOID, rec.hand, {}, tally.running(), tally.stock, rec))
            continue
        played = shown(row.played)
        out = played.outcome
        amounts = tally.add(dict(out.payouts), out.stock)
        kind = HAND if is_hand(rec) else LOT
        rows.append(SheetRow(kind, rec.hand, amounts, tally.running(), tally.stock, rec, played, value=worth(played)))
    for payment in payments[k:]:
        rows.append(_payout(tally, payment))
    booked = state.bookings.get("payouts")
    if booked:
        amounts = tally.add(booked, int(state.bookings.get("stock", 0)))
        rows.append(SheetRow(CLOSING, None, amounts, tally.running(), tally.stock,
                             booked_stock="stock_return" in state.bookings))
    return rows


def _payout(tally: Tally, payment: Any) -> SheetRow:
    amounts = tally.add(payment.amounts)
    return SheetRow(PAYOUT, payment.hand, amounts, tally.running(), tally.stock, player=tally.now(payment.player))
