"""The evening's operations over a table file and its ledger: the library the CLI and the
table server call.

Each function takes a loaded ``TableConfig`` and an open ``Ledger``, reads the session's log,
folds it (``session.fold``: everything a view shows follows from it) and writes (if at all) in
one transaction.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..errors import IllegalEntry, LedgerError
from ..i18n import Join, Text
from ..ledger import Ledger
from ..rules.model import GameEntry, HandState
from ..rules.names import refuse_hidden
from ..rules.play import Played, play, seat
from ..rules.registry import find_family
from ..session import season
from ..session.fold import (
    Correction,
    Row,
    SessionLog,
    SessionState,
    add_up,
    fold,
    next_hand_number,
    repriced,
    restated,
    try_correction,
)
from ..session.fold import find_hand as find_recorded_hand
from ..session.place import THE_OPEN_SESSION, Place
from ..session.records import GameRecord, SessionInfo
from ..session.season import SessionColumn, local_date
from ..session.settle import SessionSettlement, close_difference, session_balances, settle_season, settle_session
from ..table import TableConfig
from ..tournament import needs_table

if TYPE_CHECKING:
    import random


def select_sessions(ledger: Ledger, session: int | None = None, all_: bool = False) -> list[int]:
    """The session numbers asked for: all of them, the one given (which must exist), or the
    latest (none in a fresh ledger). Checked against the ledger before any query uses them."""
    known = [s.id for s in ledger.sessions()]
    if all_:
        return known
    if session is None:
        return known[-1:]
    if session not in known:
        raise IllegalEntry(Text("data.no_session", session=session),
                           Text("data.sessions_known", sessions=Join(known)) if known else Text("data.no_games_yet"))
    return [session]


def view_session(cfg: TableConfig, ledger: Ledger, session_id: int | None = None,
                 place: Place | None = None) -> SessionState:
    """The given session (default: the latest; ``place``: the session of that place, a
    tournament's table) folded; an empty one for a fresh ledger."""
    if place is not None and place.session_id is not None:
        session_id = place.session_id
    info = ledger.session(session_id) if session_id is not None else ledger.latest_session()
    if session_id is not None and info is None:
        select_sessions(ledger, session_id)  # refused, with the sessions there are
    return fold_log(cfg, replace(ledger.log(info), place=place or THE_OPEN_SESSION))


def fold_log(cfg: TableConfig, log: SessionLog) -> SessionState:
    """A session's log folded under the table's rules now, its hands counted in what its place
    counts (a tournament's table: points); a log that does not replay is a ledger to check,
    never a traceback."""
    try:
        return fold(log, cfg.snapshot(), log.place.unit or find_family(cfg.family).unit)
    except IllegalEntry as exc:
        raise LedgerError(Text("data.session_does_not_replay", where=log.place.named(log.id or "?"),
                               hand=getattr(exc, "hand", "?"), problem=exc.text),
                          Text("data.run_check")) from None


def _at(cfg: TableConfig, place: Place | None) -> Place:
    """The place a hand is recorded or corrected at: the one given, else the table's open
    session (a tournament refuses: a hand there belongs to one of its tables)."""
    if place is None:
        needs_table(cfg)
    return place or THE_OPEN_SESSION


def current_state(cfg: TableConfig, ledger: Ledger, place: Place | None = None) -> tuple[SessionState, HandState]:
    """The open session (if any; ``place``: the session of that place, a tournament's table)
    and the state before the next hand."""
    place = _at(cfg, place)
    view = view_session(cfg, ledger, place=place)
    if view.closed and place.kept_open:  # closed for good: never a fresh session
        raise IllegalEntry(*place.closed(view.session.id if view.session else 0, correcting=False))
    if view.closed:
        empty = fold_log(cfg, SessionLog(None, aliases=view.aliases, opening=view.carried))
        return empty, empty.state
    return view, view.state


def calc(cfg: TableConfig, ledger: Ledger, entry: GameEntry, place: Place | None = None) -> Played:
    """Score an entry against the current state without recording it."""
    _, state = current_state(cfg, ledger, place)
    return play(entry, cfg.snapshot(), state)


def add(cfg: TableConfig, ledger: Ledger, entry: GameEntry, typed: str = "", *, place: Place | None = None,
        check: Any = None, after: Any = None) -> tuple[int, Played, SessionState]:
    """Validate and record an entry in one transaction; returns the hand number, its result and
    the session as it stands after it (no second replay needed). ``place``: record into the
    session of that place (a tournament's table), not the open one; ``check(view)``: called inside the
    write lock before anything is written (raises to refuse, e.g. a table's games all played);
    ``after(hand, played, view)``: called inside the transaction once the hand is written, so
    that what it writes is committed with the hand (the server keeps a request's answer)."""
    rules = cfg.snapshot()
    place = _at(cfg, place)
    if ledger.conn is None:  # no ledger file yet: check first, so a refused first entry makes none
        calc(cfg, ledger, entry, place)
    # a tournament table's session is locked alone: the other tables of the round write meanwhile
    with ledger.write(scope=place.session_id) as conn:
        # Replay inside the write lock, so two writers never score against the same state.
        view, state = current_state(cfg, ledger, place)
        _same_seating(cfg, place)
        if check is not None:
            check(view)
        played = play(entry, rules, state)
        session_id = place.session_id or ledger.open_session_id(conn)
        same = view.session is not None and view.session.id == session_id
        hand = next_hand_number(view.rows if same else [])
        out = played.outcome
        summary = played.summary()
        unit = place.unit or out.unit
        gid = ledger.insert_game(conn, session_id, hand, entry, typed, rules, unit,
                                 out.payout_map(), out.stock, summary)
        info = view.session if same else ledger.session(session_id)
        record = GameRecord(id=gid, session_id=session_id, hand=hand, replaces=None, created_at="", game=entry.game,
                            entry=entry, typed=typed, rules=rules, unit=unit,
                            payouts=out.payout_map(), stock=out.stock, outcome=summary)
        prior = view.rows if same else []
        log = SessionLog(info, [r.record for r in prior], view.payments if same else (), (), view.aliases,
                         place=place)
        now = add_up(log, [*prior, Row(record, played)], rules, unit)
        if after is not None:
            after(hand, played, now)
    return hand, played, now


def _same_seating(cfg: TableConfig, place: Place) -> None:
    """Inside the write lock: the table file still seats the players the command read from it (a
    ``player add/leave/rename`` may have changed it while the command waited for the lock), so a
    hand is never recorded under a seating that is no longer the table's."""
    from ..table import load_table

    if place.seated is None and cfg.path.is_file() and tuple(load_table(cfg.path).players) != tuple(cfg.players):
        raise IllegalEntry(Text("data.seating_changed_meanwhile"), Text("data.seating_changed_meanwhile_hint"))


def lot_entry(cfg: TableConfig, state: HandState, rng: random.Random) -> GameEntry:
    """Where the family draws partners by lot: each player of the next hand draws a card."""
    active = seat(GameEntry("lot"), cfg.snapshot(), state).active
    return cfg.family_obj().lot(active, rng)


def _correct(ledger: Ledger, place: Place, target: GameRecord, new_entry: GameEntry | None,
             kind: str, reason: str, typed: str = "", unit: str | None = None) -> list[Row]:
    """Void (or replace) ``target``, restating every later game whose payouts change."""
    # the replacement is scored under the rules the hand was played with (its snapshot):
    # a correction fixes what was typed, it does not re-price the hand under today's table
    rules = target.rules
    refuse_hidden("--reason", reason)
    with ledger.write() as conn:
        # checked inside the write lock: a settle --close in another process may have closed
        # the session since it was read, and a closed session is final
        info = ledger.session(target.session_id)
        if info is None or info.closed_at:
            raise IllegalEntry(*place.closed(target.session_id, meanwhile=True))
        rows = try_correction(replace(ledger.log(info), place=place), target, new_entry)
        if kind == "undo" and any(r.record.valid and r.record.hand > target.hand for r in rows):
            raise IllegalEntry(Text("data.recorded_meanwhile", hand=target.hand), place.look("recorded_meanwhile_hint"))
        ledger.insert_void(conn, target.id, kind, reason)
        if new_entry is not None:
            row = next(r for r in rows if r.record.id == target.id)
            assert row.played is not None
            out = row.played.outcome
            ledger.insert_game(conn, target.session_id, target.hand, new_entry, typed, rules, unit or out.unit,
                               out.payout_map(), out.stock, row.played.summary(), replaces=target.id)
        for row in restated(rows, target):
            assert row.played is not None
            out = row.played.outcome
            ledger.insert_restatement(conn, row.record.id, out.payout_map(), out.stock, row.played.summary(),
                                      f"{kind} of hand {target.hand}")
    return rows


_CAUSE = re.compile(r"(void|undo|edit) of hand ([0-9]+)")
_CAUSES = {"void": "data.cause_void", "undo": "data.cause_undo", "edit": "data.cause_edit"}


def restatement_cause(cause: str) -> Text | str:
    """Why a later hand was restated, as the ledger stores it (``edit of hand 3``: a machine
    value, the same in every language), as a message for ``sheet --history``; a cause in
    another form is shown as it is.

    >>> restatement_cause("void of hand 2").render("de"), restatement_cause("void of hand 2").render("en")
    ('Streichung von Spiel 2', 'void of hand 2')
    """
    m = _CAUSE.fullmatch(cause)
    return Text(_CAUSES[m.group(1)], hand=int(m.group(2))) if m else cause


def void(cfg: TableConfig, ledger: Ledger, hand: int, reason: str = "", kind: str = "void",
         place: Place | None = None) -> Correction:
    """Void hand N; the later hands are re-priced (never re-seated)."""
    view = view_session(cfg, ledger, place=_at(cfg, place))
    target = find_recorded_hand(view, hand)
    rows = _correct(ledger, view.place, target, None, kind, reason)
    return Correction(target, None, repriced(rows, target))


def undo(cfg: TableConfig, ledger: Ledger, reason: str = "", place: Place | None = None) -> Correction:
    """Void the last valid hand."""
    view = view_session(cfg, ledger, place=_at(cfg, place))
    valid = [r.record for r in view.rows if r.record.valid]
    if not valid or view.closed:
        raise IllegalEntry(*view.place.nothing_to_undo())
    target = valid[-1]
    rows = _correct(ledger, view.place, target, None, "undo", reason)
    return Correction(target, None, repriced(rows, target))


def find_hand(cfg: TableConfig, ledger: Ledger, hand: int, place: Place | None = None) -> GameRecord:
    """The valid record of hand N in the open session (what an edit starts from)."""
    return find_recorded_hand(view_session(cfg, ledger, place=_at(cfg, place)), hand)


def edit(cfg: TableConfig, ledger: Ledger, hand: int, entry: GameEntry, reason: str = "",
         typed: str = "", *, expect: int | None = None, dry_run: bool = False,
         place: Place | None = None) -> Correction:
    """Replace hand N with ``entry`` (it keeps the hand's dealer and who sat out unless it names
    them). ``expect``: the record the caller read (an edit built on it is refused if someone
    corrected the hand since); ``dry_run``: check, write nothing; ``place``: a tournament's
    table."""
    view = view_session(cfg, ledger, place=_at(cfg, place))
    target = find_recorded_hand(view, hand)
    if entry == target.entry:
        raise IllegalEntry(Text("data.edit_same", hand=hand), view.place.look("edit_same_hint"))
    if expect is not None and target.id != expect:
        raise IllegalEntry(Text("data.corrected_meanwhile", hand=hand), view.place.look("look_again"))
    if dry_run:
        rows = try_correction(replace(ledger.log(view.session), place=view.place), target, entry)
    else:
        # the replacement counts in what the hand counted in (a tournament's: points)
        rows = _correct(ledger, view.place, target, entry, "edit", reason, typed, target.unit)
    played = next(r.played for r in rows if r.record.id == target.id)
    assert played is not None
    return Correction(target, played, repriced(rows, target))


def close_session(cfg: TableConfig, ledger: Ledger, round_to: int | None = None) -> SessionState:
    """Book what the close books (a returned Stock, Muss-Solo penalties), store the closing
    balances and the settlement as paid (rounded to ``round_to`` cents, transfers as printed)."""
    if ledger.conn is None:  # no ledger yet, so nothing to close
        raise IllegalEntry(Text("data.nothing_to_close"), Text("data.record_games_first"))
    with ledger.write() as conn:
        view = view_session(cfg, ledger)
        if view.session is None or view.closed:
            raise IllegalEntry(Text("data.nothing_to_close"), Text("data.record_games_first"))
        rules = view.session_rules()
        # the session's own rules decide, not today's table file (RULES §7)
        booked = find_family(rules.family).closing_bookings(rules, view.state, view.stock)
        balances = session_balances([view.balances], {"payouts": booked.payouts})
        settlement = settle_session(rules, balances, view.stock + booked.stock, round_to, view.session.id,
                                    closed=True, state=view.state)
        bookings: dict[str, Any] = {"settlement": settlement.stored()}
        if booked.payouts:
            bookings.update({"payouts": booked.payouts, "stock": booked.stock, **booked.parts})
        earlier = ledger.closings(view.session.id)
        if earlier:  # closed again after a reopening: what changes hands now is the difference
            bookings["difference"] = close_difference(earlier[-1].bookings, settlement)
        ledger.insert_closing(conn, view.session.id, balances, bookings)
    return view_session(cfg, ledger, view.session.id)


def settle_player(cfg: TableConfig, ledger: Ledger, typed: str) -> dict[str, Any]:
    """``settle --player NAME``: pay out one player's balance of the open session now. The
    others pay (or are paid) with the opposite sign, the largest balances first, in as few
    transfers as that takes; the payment is a row, and the session's balances count it (that
    player at 0, the others adjusted), so the close settles the rest without him."""
    from ..rules.matching import resolve_name
    from ..session.settle import Transfer

    if ledger.conn is None:
        raise IllegalEntry(Text("data.nothing_to_settle_player"), Text("data.record_games_first"))
    with ledger.write() as conn:
        view = view_session(cfg, ledger)
        if view.session is None or view.closed:
            raise IllegalEntry(Text("data.nothing_to_settle_player"), Text("data.record_games_first"))
        if view.unit != "cent":
            raise IllegalEntry(Text("data.settle_player_money", family=find_family(cfg.family).title_text()),
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
        hand = ledger.next_hand(conn, view.session.id) - 1
        ledger.insert_payment(conn, view.session.id, hand, name, amounts, [t.to_dict() for t in transfers])
    after = view_session(cfg, ledger, view.session.id)
    return {"session": view.session.id, "player": name, "balance": owed, "amounts": amounts,
            "transfers": [t.to_dict() for t in transfers], "balances": after.balances}


def reopen_session(cfg: TableConfig, ledger: Ledger, session_id: int, reason: str) -> SessionInfo:
    """``settle --reopen N --reason R``: set the closing of session N aside (a new row; the old
    closing stays in the ledger and in ``sheet --history``), so that its hands can be corrected
    and the session closed again. Only the latest session, while it is closed."""
    if not reason.strip():
        raise IllegalEntry(Text("data.reopen_reason"), Text("data.reopen_reason_hint"))
    refuse_hidden("--reason", reason)
    select_sessions(ledger, session_id)
    with ledger.write() as conn:
        info = ledger.session(session_id)
        latest = ledger.latest_session()
        assert info is not None and latest is not None
        if not info.closed_at:
            raise IllegalEntry(Text("data.reopen_open", session=session_id), Text("data.reopen_open_hint"))
        if latest.id != session_id:
            raise IllegalEntry(Text("data.reopen_not_latest", session=session_id, latest=latest.id),
                               Text("data.reopen_not_latest_hint"))
        closing = ledger.closings(session_id)[-1]
        ledger.insert_reopening(conn, session_id, closing.id, reason.strip())
    reopened = ledger.session(session_id)
    assert reopened is not None
    return reopened


def closed_settlement(ledger: Ledger, info: SessionInfo) -> SessionSettlement:
    """A closed session's settlement as stored at its close (``season.closed_settlement``; the
    rules of its hands read only for a closing from before the settlement was stored)."""
    return season.closed_settlement(info, None if info.bookings.get("settlement") else ledger.session_rules(info.id))


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
    done = settle_session(rules, view.balances, view.stock, round_to, info.id if info else None, state=view.state)
    return replace(done, warnings=tuple(find_family(rules.family).warnings(rules, view.state)))


def season_settlement(cfg: TableConfig, ledger: Ledger, session_ids: list[int],
                      round_to: int | None = None) -> tuple[SessionSettlement, list[SessionSettlement]]:
    """The season (``--all``): the settlement of each session and of them together."""
    parts = []
    for info in ledger.sessions():
        if info.id in session_ids:
            # a closed evening comes from its closing (no replay); only the open one is replayed
            parts.append(closed_settlement(ledger, info) if info.closed_at
                         else session_settlement(cfg, ledger, info.id, round_to))
    if not parts:
        parts = [session_settlement(cfg, ledger, None, round_to)]
    return settle_season(parts), parts


def season_standings(cfg: TableConfig, ledger: Ledger, session_ids: list[int]) -> tuple[list[SessionColumn],
                                                                                          SessionState]:
    """``standings --all``: a column per session (closed ones from their closings, no replay)
    and the view of the latest session (for the Stock, the next dealer and the notes)."""
    wanted = set(session_ids)
    columns = []
    last: SessionState | None = None
    for info in ledger.sessions():
        if info.id not in wanted:
            continue
        if info.closed_at and info.closing is not None:
            balances = season.closed_balances(info, find_family(cfg.family).unit)
        else:
            last = view_session(cfg, ledger, info.id)
            balances = dict(last.balances)
        columns.append(SessionColumn(info.id, local_date(info.opened_at), bool(info.closed_at), balances))
    if last is None or (columns and last.session is not None and last.session.id != columns[-1].session):
        last = view_session(cfg, ledger, columns[-1].session if columns else None)
    return columns, last
