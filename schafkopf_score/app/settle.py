"""The evening's money (RULES §7): what a session or the season settles to (``settle``), closing
an evening (``settle --close``), paying one player out before the others (``settle --player``),
reopening a closed evening (``settle --reopen``), and balances written on paper
(``settle --from-balances``). Each answer's ``to_json()`` is ``settle --json`` and the API's."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..errors import IllegalEntry
from ..i18n import Text
from ..ledger import Ledger
from ..rules.names import refuse_hidden, refuse_long_reason
from ..rules.registry import find_family
from ..session import season
from ..session.records import SessionInfo
from ..session.settle import (
    SessionSettlement,
    Transfer,
    close_difference,
    merged,
    named_now,
    read_balances,
    session_balances,
    settle_paper,
    settle_season,
    settle_session,
)
from ..table import TableConfig
from .state import select_sessions, view_session
from .where import At


@dataclass(frozen=True)
class Settlement:
    """``settle``: one session's settlement (as paid, once it is closed: with what a closing
    after a reopening paid on top, ``difference``), or the season's (``parts``: each session's)."""

    result: SessionSettlement
    parts: Sequence[SessionSettlement] | None = None  # the season's sessions (``--all``)
    difference: Mapping[str, Any] | None = None
    closed_now: int | None = None  # the session this command closed
    aliases: Mapping[str, str] | None = None  # earlier names -> the names now (``by_session`` under them)

    def to_json(self) -> dict[str, Any]:
        data = self.result.to_json()
        if self.difference:
            data["difference"] = dict(self.difference)
        if self.parts is not None:
            data["sessions"] = [p.session for p in self.parts if p.session is not None]
            data["by_session"] = [{"session": p.session, "closed": p.closed,
                                   "balances": merged(p.balances, self.aliases or {})} for p in self.parts]
        return data


def closed_settlement(ledger: Ledger, info: SessionInfo, transfers: bool = True) -> SessionSettlement:
    """A closed session's settlement as stored at its close (``season.closed_settlement``; the
    rules of its hands read only for a closing from before the settlement was stored)."""
    return season.closed_settlement(info, None if info.bookings.get("settlement") else ledger.session_rules(info.id),
                                    transfers)


def session_settlement(cfg: TableConfig, ledger: Ledger, session_id: int | None = None,
                       round_to: int | None = None) -> SessionSettlement:
    """What ``settle`` shows for one session (default: the latest)."""
    info = ledger.session(session_id) if session_id is not None else ledger.latest_session()
    if info is not None and info.closed_at:
        done = closed_settlement(ledger, info)
        if round_to and round_to != done.round_to:
            how = Text("data.rounded_to", cents=done.round_to) if done.round_to else Text("data.without_rounding")
            raise IllegalEntry(Text("data.settled_final", session=info.id, how=how), Text("data.settled_final_hint"))
        return done
    view = view_session(cfg, ledger, info.id if info else None)
    rules = view.session_rules()
    done = settle_session(rules, view.balances, view.stock, round_to, info.id if info else None, state=view.state,
                          aliases=view.aliases)
    # who still owes a Muss-Solo, under the names the players go by now (as the close books it)
    return replace(done, warnings=tuple(find_family(rules.family).warnings(*named_now(rules, view.state, view.aliases))))


def season_settlement(cfg: TableConfig, ledger: Ledger, session_ids: list[int], round_to: int | None = None,
                      transfers: bool = True) -> tuple[SessionSettlement, list[SessionSettlement]]:
    """The season (``--all``): the settlement of each session and of them together. Without
    ``transfers`` the closed sessions' parts have none (``season_money``)."""
    parts = []
    wanted = set(session_ids)  # (a season's thousands of evenings: a list looked through for each was a quarter of it)
    for info in ledger.sessions():
        if info.id in wanted:
            # a closed evening comes from its closing (no replay); only the open one is replayed
            parts.append(closed_settlement(ledger, info, transfers) if info.closed_at
                         else session_settlement(cfg, ledger, info.id, round_to))
    if not parts:
        parts = [session_settlement(cfg, ledger, None, round_to)]
    return settle_season(parts, ledger.aliases()), parts


def season_money(cfg: TableConfig, ledger: Ledger, session_ids: Sequence[int]) -> SessionSettlement:
    """Each player's money over the sessions exactly as ``settle --all`` shows it (its
    ``balances`` and ``unit``; RULES §7: the Stock returned at a close, the cash rounding, an
    early payout): ``season_settlement`` without the closed evenings' transfers, which a
    season's stats and a player's page do not show (a third of its time)."""
    return season_settlement(cfg, ledger, list(session_ids), transfers=False)[0]


ROUND_AT_MOST = 10_000  # cents: a note of 100 (a --round above every balance would pay nothing at all)


def checked_round(round_to: int | None) -> None:
    """``--round C``: a positive number of cents, at most ``ROUND_AT_MOST``."""
    if round_to is not None and round_to <= 0:
        raise IllegalEntry(Text("data.round_not_positive", value=round_to), Text("data.round_not_positive_hint"))
    if round_to is not None and round_to > ROUND_AT_MOST:
        raise IllegalEntry(Text("data.round_too_big", value=round_to, most=ROUND_AT_MOST),
                           Text("data.round_not_positive_hint"))


def settlement(at: At, session: int | None = None, all_: bool = False, round_to: int | None = None) -> Settlement:
    """``settle [--session N | --all] [--round C]``: the latest session (as paid, once closed),
    session N, or the season (every closed evening as paid, plus the open one; transfers only
    for what is still open)."""
    checked_round(round_to)
    cfg, ledger = at.table, at.ledger
    ids = select_sessions(ledger, session, all_)
    if all_:
        result, parts = season_settlement(cfg, ledger, ids, round_to)
        # a ledger without a session: the season is empty (no "session None" to settle)
        return Settlement(result, [p for p in parts if p.session is not None], aliases=ledger.aliases())
    result = session_settlement(cfg, ledger, ids[0] if ids else None, round_to)
    return Settlement(result, difference=_difference(ledger, result))


def _difference(ledger: Ledger, result: SessionSettlement) -> Mapping[str, Any] | None:
    """What a session closed again after a reopening paid on top of its earlier closing."""
    if not result.closed or result.session is None:
        return None
    info = ledger.session(result.session)
    return info.bookings.get("difference") if info is not None else None


def close(at: At, round_to: int | None = None, session: int | None = None) -> Settlement:
    """``settle --close [--round C]``: book what the close books (a returned Stock, Muss-Solo
    penalties), store the closing balances and the settlement as paid (rounded to ``round_to``
    cents, transfers as printed). ``session``: the evening the door showed (the phone's page),
    refused once it is closed, never the next one closed in its place."""
    from .hands import meant

    checked_round(round_to)
    cfg, ledger = at.table, at.ledger
    if ledger.conn is None:  # no ledger yet, so nothing to close
        raise IllegalEntry(Text("data.nothing_to_close"), Text("data.record_games_first"))
    with ledger.write() as tx:
        view = view_session(cfg, ledger)
        meant(at, view, session)
        if view.session is None or view.closed:
            raise IllegalEntry(Text("data.nothing_to_close"), Text("data.record_games_first"))
        rules = view.session_rules()
        # the session's own rules decide, not today's table file (RULES §7)
        # under the names the players go by now (a rename after the last hand)
        booked = find_family(rules.family).closing_bookings(*named_now(rules, view.state, view.aliases), view.stock)
        balances = session_balances([view.balances], {"payouts": booked.payouts})
        settled = settle_session(rules, balances, view.stock + booked.stock, round_to, view.session.id, closed=True,
                                 state=view.state, aliases=view.aliases)
        bookings: dict[str, Any] = {"settlement": settled.stored()}
        if booked.payouts:
            bookings.update({"payouts": booked.payouts, "stock": booked.stock, **booked.parts})
        earlier = ledger.closings(view.session.id)
        if earlier:  # closed again after a reopening: what changes hands now is the difference
            bookings["difference"] = close_difference(earlier[-1].bookings, settled, view.aliases)
        ledger.insert_closing(tx, view.session.id, balances, bookings)
    result = session_settlement(cfg, ledger, view.session.id)
    return Settlement(result, difference=_difference(ledger, result), closed_now=view.session.id)


def paper(at: At, text: str, round_to: int | None = None) -> Settlement:
    """``settle --from-balances A=..,B=..``: balances written on paper, settled (nothing read
    from the ledger, nothing written)."""
    checked_round(round_to)
    cfg = at.table
    return Settlement(settle_paper(read_balances(text, cfg.players, cfg.currency, cfg.language), round_to))


@dataclass(frozen=True)
class PaidOut:
    """``settle --player NAME``: one player's balance paid out now, and by whom."""

    session: int
    player: str
    balance: int
    amounts: Mapping[str, int]
    transfers: Sequence[Transfer]
    balances: Mapping[str, int]  # the session's balances after it

    def to_json(self) -> dict[str, Any]:
        return {"session": self.session, "player": self.player, "balance": self.balance,
                "amounts": dict(self.amounts), "transfers": [t.to_dict() for t in self.transfers],
                "balances": dict(self.balances)}


def pay_out(at: At, typed: str, session: int | None = None) -> PaidOut:
    """``settle --player NAME``: pay out one player's balance of the open session now. The
    others pay (or are paid) with the opposite sign, the largest balances first, in as few
    transfers as that takes; the payment is a row, and the session's balances count it (that
    player at 0, the others adjusted), so the close settles the rest without him. ``session``:
    the evening the door showed, as for ``close``."""
    from ..rules.matching import resolve_name
    from .hands import meant

    cfg, ledger = at.table, at.ledger
    if ledger.conn is None:
        raise IllegalEntry(Text("data.nothing_to_settle_player"), Text("data.record_games_first"))
    with ledger.write() as tx:
        view = view_session(cfg, ledger)
        meant(at, view, session)
        if view.session is None or view.closed:
            raise IllegalEntry(Text("data.nothing_to_settle_player"), Text("data.record_games_first"))
        if view.unit != "cent":
            raise IllegalEntry(Text(f"data.settle_player_money_{view.unit}", family=find_family(cfg.family).title_text()),
                               Text("data.settle_player_money_hint"))
        name = resolve_name(typed, view.players)
        owed = view.balances.get(name, 0)
        if owed == 0:
            raise IllegalEntry(Text("data.settle_player_zero", name=name), Text("data.settle_player_zero_hint"))
        # the others with the opposite sign, largest first (ties: in seating order)
        others = sorted((n for n in view.players if n != name and (view.balances[n] < 0) == (owed > 0)
                         and view.balances[n]), key=lambda n: (-abs(view.balances[n]), view.players.index(n)))
        left, transfers, amounts = abs(owed), [], {name: -owed}
        for other in others:
            if not left:
                break
            amount = min(left, abs(view.balances[other]))
            left -= amount
            amounts[other] = amount if owed > 0 else -amount
            transfers.append(Transfer(other, name, amount) if owed > 0 else Transfer(name, other, amount))
        if left:  # money in the Stock stands against the balances: the table cannot pay him in full now
            raise IllegalEntry(Text("data.settle_player_stock", name=name), Text("data.settle_player_stock_hint"))
        hand = ledger.next_hand(tx, view.session.id) - 1
        ledger.insert_payment(tx, view.session.id, hand, name, amounts, [t.to_dict() for t in transfers])
    after = view_session(cfg, ledger, view.session.id)
    return PaidOut(view.session.id, name, owed, amounts, transfers, after.balances)


@dataclass(frozen=True)
class Reopened:
    """``settle --reopen N --reason R``: session N's closing set aside."""

    session: int
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"session": self.session, "reopened": True, "reason": self.reason}


def reopen(at: At, session_id: int, reason: str) -> Reopened:
    """``settle --reopen N --reason R``: set the closing of session N aside (a new row; the old
    closing stays in the ledger and in ``sheet --history``), so that its hands can be corrected
    and the session closed again. Only the latest session, while it is closed."""
    ledger = at.ledger
    if not reason.strip():
        raise IllegalEntry(Text("data.reopen_reason"), Text("data.reopen_reason_hint"))
    refuse_hidden("--reason", reason)
    refuse_long_reason(reason)
    select_sessions(ledger, session_id)
    with ledger.write() as tx:
        info = ledger.session(session_id)
        latest = ledger.latest_session()
        assert info is not None and latest is not None
        if not info.closed_at:
            raise IllegalEntry(Text("data.reopen_open", session=session_id), Text("data.reopen_open_hint"))
        if latest.id != session_id:
            raise IllegalEntry(Text("data.reopen_not_latest", session=session_id, latest=latest.id),
                               Text("data.reopen_not_latest_hint"))
        closing = ledger.closings(session_id)[-1]
        ledger.insert_reopening(tx, session_id, closing.id, reason.strip())
    return Reopened(session_id, reason.strip())
