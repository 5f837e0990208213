"""What an evening shows: its sheet (``sheet``, the phone's sheet), the standings (``standings``,
``--all``: a column per session) and the history of its corrections (``sheet --history``). Each
answer's ``to_json()`` is the command's ``--json`` and the API's answer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..session import season
from ..session.fold import Row, SessionState
from ..session.season import SessionColumn, local_date
from ..session.settle import merged, session_balances
from .state import select_sessions, view_session
from .where import At


def hand_json(row: Row) -> dict[str, Any]:
    """One hand of ``sheet --json``: as recorded, and, while valid, as it replays."""
    rec = row.record
    data: dict[str, Any] = {"hand": rec.hand, "game": rec.game, "entry": rec.entry.to_dict(),
                            "void": not rec.valid, "recorded_at": rec.created_at}
    if not rec.valid:
        data.update({"void_kind": rec.void_kind, "reason": rec.void_reason, "voided_at": rec.void_at})
    if row.played is not None:
        out = row.played.outcome
        data.update({"payouts": out.payout_map(), "stock": out.stock, "dealer": row.played.seating.dealer,
                     "sitting_out": list(row.played.seating.sitting_out), "explanation": out.explanation,
                     "replaces": rec.replaces is not None})
    return data


@dataclass(frozen=True)
class Sheets:
    """``sheet``: each session asked for, folded (the latest when none is asked for; an empty
    one in a fresh ledger); ``earlier``: of a season shown by its latest sessions alone, how many
    came before them."""

    states: Sequence[SessionState]
    earlier: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"sessions": [
            {"session": v.session.id if v.session else None, "closed": v.closed, "unit": v.unit,
             "hands": [hand_json(r) for r in v.rows], "balances": v.balances, "stock": v.stock,
             "payments": [{"hand": p.hand, "player": p.player, "amounts": dict(p.amounts)} for p in v.payments],
             "next_dealer": None if v.closed else v.state.dealer,
             "next": None if v.closed else v.ahead().to_json()}
            for v in self.states]}


def sheets(at: At, session: int | None = None, all_: bool = False, latest: int | None = None) -> Sheets:
    """``sheet [--session N | --all]``; ``latest``: of a longer season (``--all``), its latest
    that many sessions alone (the terminal's sheet: each session is played again)."""
    ids = select_sessions(at.ledger, session, all_)
    earlier = max(0, len(ids) - latest) if latest is not None else 0
    return Sheets([view_session(at.table, at.ledger, sid) for sid in ids[earlier:]]
                  or [view_session(at.table, at.ledger)], earlier)


@dataclass(frozen=True)
class Standings:
    """``standings``: a column per session asked for (closed ones from their closings), their
    sum per player, and the latest session (what stands before its next hand)."""

    columns: Sequence[SessionColumn]
    last: SessionState
    balances: Mapping[str, int]
    season: bool = False  # ``--all``

    def to_json(self) -> dict[str, Any]:
        last = self.last
        family = last.rules.family
        from ..rules.registry import find_family

        data: dict[str, Any] = {"sessions": [col.session for col in self.columns], "unit": last.unit,
                                "balances": dict(self.balances),
                                "next_dealer": None if last.closed else last.state.dealer,
                                **({} if last.closed else find_family(family).pending(last.rules, last.state))}
        if not last.closed:
            data["next"] = last.ahead().to_json()
        if self.season:
            data["by_session"] = [{"session": col.session, "date": col.date, "closed": col.closed,
                                   "balances": col.balances} for col in self.columns]
        return data


def standings(at: At, session: int | None = None, all_: bool = False) -> Standings:
    """``standings [--session N | --all]``: a column per session (closed ones from their
    closings, no replay) and the view of the latest session (the Stock, the next dealer)."""
    cfg, ledger = at.table, at.ledger
    wanted = set(select_sessions(ledger, session, all_))
    columns = []
    last: SessionState | None = None
    unit = cfg.family_obj().unit
    aliases = ledger.aliases()
    for info in ledger.sessions():
        if info.id not in wanted:
            continue
        if info.closed_at and info.closing is not None:
            # closed before a rename: the player's row, under the name now (as the open session's)
            balances = merged(season.closed_balances(info, unit), aliases)
        else:
            last = view_session(cfg, ledger, info.id)
            balances = dict(last.balances)
        columns.append(SessionColumn(info.id, local_date(info.opened_at), bool(info.closed_at), balances))
    if last is None or (columns and last.session is not None and last.session.id != columns[-1].session):
        last = view_session(cfg, ledger, columns[-1].session if columns else None)
    total = session_balances((col.balances for col in columns), players=cfg.players)
    return Standings(columns, last, total, all_)


@dataclass(frozen=True)
class History:
    """``sheet --history``: every correction, closing and reopening, oldest first."""

    events: Sequence[Mapping[str, Any]]

    def to_json(self) -> dict[str, Any]:
        return {"history": [dict(e) for e in self.events]}


def history(at: At, session: int | None = None, all_: bool = False) -> History:
    ids = select_sessions(at.ledger, session, all_)
    return History([e for sid in ids for e in at.ledger.history(sid)])
