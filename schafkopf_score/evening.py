"""The evening's operations over a table file and its ledger: the library the CLI calls.

Each function takes a loaded ``TableConfig`` and an open ``Ledger``, works out everything by
replaying the session, and writes (if at all) in one transaction.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .errors import IllegalEntry, LedgerError, StorageError
from .i18n import Join, Text
from .ledger import GameRecord, Ledger, SessionInfo
from .ledger.loading import LoadedSession
from .rules.model import GameEntry, HandState, Seating, TableRules
from .rules.names import refuse_hidden
from .rules.play import Played, play, recorded_seating, replay, seat, start_state, state_for
from .rules.registry import find_family
from .settle import SessionSettlement, session_balances, settle_season, settle_session
from .table import TableConfig

if TYPE_CHECKING:
    import random


@dataclass
class Row:
    """One hand of the sheet: the record and, if valid, how it replays."""

    record: GameRecord
    played: Played | None


@dataclass
class SessionView:
    """A session replayed: its rows, balances, Stock and the state before the next hand."""

    session: SessionInfo | None
    rows: list[Row]
    balances: dict[str, int]
    players: list[str]
    state: HandState
    rules: TableRules
    stock: int = 0
    bookings: dict[str, Any] = field(default_factory=dict)
    unit: str = "cent"
    aliases: dict[str, str] = field(default_factory=dict)  # an earlier name -> the name now (renames)
    payments: list[dict[str, Any]] = field(default_factory=list)  # players paid out early (settle --player)

    @property
    def closed(self) -> bool:
        return bool(self.session and self.session.closed_at)

    def next_seating(self) -> Seating:
        """Who deals the next hand and who sits it out (by the rotation)."""
        from .rules.seating import seat_hand

        return seat_hand(self.rules.players, self.rules.seats, self.state.dealer or self.rules.players[0])

    def valid_rows(self) -> list[Row]:
        return [r for r in self.rows if r.played is not None]


def recorded(rec: GameRecord, entry: GameEntry | None = None) -> Seating | None:
    """Who dealt ``rec`` and who sat it out, as recorded with it (RULES §1: facts a correction
    never changes). ``entry``: a replacement of the hand (an edit), which keeps the hand's
    seating unless it names a dealer or who sat out itself (naming only who sat out, it keeps
    the recorded dealer)."""
    if entry is not None and entry is not rec.entry and (entry.dealer or entry.sitting_out):
        dealer = rec.outcome.get("dealer")
        if entry.dealer or not isinstance(dealer, str) or dealer not in rec.rules.players:
            return None
        return seat(replace(entry, dealer=dealer), rec.rules, start_state(rec.rules))
    return recorded_seating(rec.rules, rec.outcome.get("dealer"), rec.outcome.get("sitting_out"))


def _replay_rows(records: list[GameRecord], substitute: dict[int, GameEntry | None] | None = None,
                 aliases: dict[str, str] | None = None) -> list[Row]:
    """Replay a session's records in hand order. ``substitute`` maps a record id to a new entry
    (an edit) or to None (a void), to try a correction before writing it. An ``IllegalEntry``
    from the replay carries the ``hand`` it happened in."""
    substitute = substitute or {}
    pairs = [(rec, substitute[rec.id] if rec.id in substitute else (rec.entry if rec.valid else None))
             for rec in records]
    valid = [(rec, entry) for rec, entry in pairs if entry is not None]
    results = replay(((entry, rec.rules, recorded(rec, entry)) for rec, entry in valid), aliases)
    played: dict[int, Played] = {}
    for rec, _ in valid:
        try:
            played[rec.id] = next(results)
        except IllegalEntry as exc:
            exc.hand = rec.hand  # type: ignore[attr-defined]
            raise
    return [Row(rec, played.get(rec.id)) for rec, _ in pairs]


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


def view_session(cfg: TableConfig, ledger: Ledger, session_id: int | None = None) -> SessionView:
    """The given session (default: the latest) replayed; an empty view for a fresh ledger."""
    rules = cfg.snapshot()
    info = ledger.session(session_id) if session_id is not None else ledger.latest_session()
    if session_id is not None and info is None:
        select_sessions(ledger, session_id)  # refused, with the sessions there are
    records = ledger.games(info.id) if info else []
    aliases = ledger.aliases()
    try:
        rows = _replay_rows(records, aliases=aliases)
    except IllegalEntry as exc:
        raise LedgerError(Text("data.session_does_not_replay", session=info.id if info else "?",
                               hand=getattr(exc, "hand", "?"), problem=exc.text),
                          Text("data.run_check")) from None
    return _make_view(cfg, info, rows, rules, aliases, ledger.payments(info.id) if info else [])


def merged(amounts: Any, aliases: dict[str, str]) -> dict[str, int]:
    """Amounts per player with every earlier name counted under the name the player goes by now.

    >>> merged({"Ben": 5, "Anna": -5, "Benedikt": 2}, {"Ben": "Benedikt"})
    {'Benedikt': 7, 'Anna': -5}
    """
    out: dict[str, int] = {}
    for name, amount in amounts.items():
        key = aliases.get(name, name)
        out[key] = out.get(key, 0) + amount
    return out


def paid_early(payments: list[dict[str, Any]]) -> dict[str, int]:
    """What the early payouts of a session booked, per player (the player paid out loses his
    balance, the others take over the opposite)."""
    return session_balances(p["amounts"] for p in payments)


def _make_view(cfg: TableConfig, info: SessionInfo | None, rows: list[Row], rules: TableRules,
               aliases: dict[str, str] | None = None, payments: list[dict[str, Any]] | None = None) -> SessionView:
    aliases = aliases or {}
    payments = payments or []
    played = [r.played for r in rows if r.played is not None]
    bookings: dict[str, Any] = info.bookings if info and info.closed_at else {}
    parts = [merged(p.outcome.payout_map(), aliases) for p in played]
    parts.append(merged(paid_early(payments), aliases))
    balances = session_balances(parts, {"payouts": merged(bookings.get("payouts", {}), aliases)}, cfg.players)
    players = list(balances)
    stock = sum(p.outcome.stock for p in played) + bookings.get("stock", 0)
    if info and info.closed_at:
        state = start_state(rules)
    else:
        state = state_for(played[-1] if played else None, rules, aliases)
    unit = stored_unit(cfg, find_family(cfg.family).unit)
    return SessionView(info, rows, balances, players, state, rules, stock, bookings, unit, aliases, payments)


def current_state(cfg: TableConfig, ledger: Ledger, session_id: int | None = None) -> tuple[SessionView, HandState]:
    """The open session (if any; ``session_id``: that one, a tournament's table) and the state
    before the next hand."""
    view = view_session(cfg, ledger, _table_session(cfg, session_id))
    if view.closed and session_id is not None:  # a tournament's table closed for good: never a fresh session
        raise IllegalEntry(Text("data.session_closed", session=session_id), Text("data.corrections_open"))
    if view.closed:
        empty = _make_view(cfg, None, [], cfg.snapshot(), view.aliases)
        return empty, empty.state
    return view, view.state


def calc(cfg: TableConfig, ledger: Ledger, entry: GameEntry, session_id: int | None = None) -> Played:
    """Score an entry against the current state without recording it."""
    _, state = current_state(cfg, ledger, session_id)
    return play(entry, cfg.snapshot(), state)


def _table_session(cfg: TableConfig, session_id: int | None) -> int | None:
    """A tournament's hands belong to the session of one table of a round (``session_id``,
    from ``--tisch N``); without it they would land at whichever table was drawn last."""
    if cfg.kind == "tournament" and session_id is None:
        raise IllegalEntry(Text("cli.tournament.needs_tisch"),
                           Text("cli.tournament.needs_tisch_hint", example="schafkopf add --tisch 3 sau an be 72"))
    return session_id


def stored_unit(cfg: TableConfig, unit: str) -> str:
    """The unit a hand is stored in: a tournament's hands are priced by the Bavarian engine in
    tournament points (its ``[points]`` are the tariff), so they are points, not cents."""
    return "point" if cfg.kind == "tournament" else unit


def add(cfg: TableConfig, ledger: Ledger, entry: GameEntry, typed: str = "", *, session_id: int | None = None,
        check: Any = None, after: Any = None) -> tuple[int, Played, SessionView]:
    """Validate and record an entry in one transaction; returns the hand number, its result and
    the session as it stands after it (no second replay needed). ``session_id``: record into
    that session (a tournament's table), not the open one; ``check(view)``: called inside the
    write lock before anything is written (raises to refuse, e.g. a table's games all played);
    ``after(hand, played, view)``: called inside the transaction once the hand is written, so
    that what it writes is committed with the hand (the server keeps a request's answer)."""
    rules = cfg.snapshot()
    _table_session(cfg, session_id)
    if ledger.conn is None:  # no ledger file yet: check first, so a refused first entry makes none
        calc(cfg, ledger, entry, session_id)
    # a tournament table's session is locked alone: the other tables of the round write meanwhile
    with ledger.write(scope=session_id) as conn:
        # Replay inside the write lock, so two writers never score against the same state.
        view, state = current_state(cfg, ledger, session_id)
        _same_seating(cfg)
        if check is not None:
            check(view)
        played = play(entry, rules, state)
        session_id = session_id or ledger.open_session_id(conn)
        same = view.session is not None and view.session.id == session_id
        hand = next_hand_number(view.rows if same else [])
        out = played.outcome
        summary = played.summary()
        gid = ledger.insert_game(conn, session_id, hand, entry, typed, rules, stored_unit(cfg, out.unit),
                                 out.payout_map(), out.stock, summary)
        info = view.session if same else ledger.session(session_id)
        record = GameRecord(id=gid, session_id=session_id, hand=hand, replaces=None, created_at="", game=entry.game,
                            entry=entry, typed=typed, rules=rules, unit=stored_unit(cfg, out.unit),
                            payouts=out.payout_map(), stock=out.stock, outcome=summary)
        prior = view.rows if same else []
        now = _make_view(cfg, info, [*prior, Row(record, played)], rules, view.aliases, view.payments if same else [])
        if after is not None:
            after(hand, played, now)
    return hand, played, now


def _same_seating(cfg: TableConfig) -> None:
    """Inside the write lock: the table file still seats the players the command read from it (a
    ``player add/leave/rename`` may have changed it while the command waited for the lock), so a
    hand is never recorded under a seating that is no longer the table's."""
    from .table import load_table

    if cfg.kind != "tournament" and cfg.path.is_file() and tuple(load_table(cfg.path).players) != tuple(cfg.players):
        raise IllegalEntry(Text("data.seating_changed_meanwhile"), Text("data.seating_changed_meanwhile_hint"))


def is_hand(rec: GameRecord) -> bool:
    """Whether a stored row is a hand played (a Deutscher draw is not: RULES §12)."""
    return find_family(rec.rules.family).deals(rec.entry)


def next_hand_number(rows: list[Row]) -> int:
    """The number the next row of a session takes: one more than the last hand's (a voided one
    keeps its number). A draw takes the number of the hand it is drawn for, so hands are
    numbered without draws.

    >>> next_hand_number([])
    1
    """
    return max((r.record.hand for r in rows if is_hand(r.record)), default=0) + 1


def lot_entry(cfg: TableConfig, state: HandState, rng: random.Random) -> GameEntry:
    """Where the family draws partners by lot: each player of the next hand draws a card."""
    active = seat(GameEntry("lot"), cfg.snapshot(), state).active
    return cfg.family_obj().lot(active, rng)


def _find_hand(view: SessionView, hand: int) -> GameRecord:
    if view.session is None:
        raise IllegalEntry(Text("data.nothing_to_correct"), Text("data.record_one"))
    if view.closed:
        raise IllegalEntry(Text("data.session_closed", session=view.session.id),
                           Text("data.closed_reopen_hint", session=view.session.id))
    hands = [r.record.hand for r in view.rows if is_hand(r.record)]
    for r in view.rows:
        if r.record.hand == hand and r.record.valid and is_hand(r.record):
            return r.record
    if hand in hands:
        raise IllegalEntry(Text("data.hand_already_void", hand=hand), Text("data.hand_already_void_hint"))
    span = Text("data.hands_span", last=max(hands)) if hands else Text("data.no_hands")
    raise IllegalEntry(Text("data.no_such_hand", hand=hand, session=view.session.id, span=span),
                       Text("data.look_up_hand"))


def _corrected_rows(ledger: Ledger, target: GameRecord, new_entry: GameEntry | None) -> list[Row]:
    """The session replayed with ``target`` voided or replaced (nothing written)."""
    records = ledger.games(target.session_id)
    if not any(r.id == target.id and r.valid for r in records):
        raise IllegalEntry(Text("data.corrected_meanwhile", hand=target.hand), Text("data.look_again"))
    try:
        return _replay_rows(records, {target.id: new_entry}, ledger.aliases())
    except IllegalEntry as exc:
        where = getattr(exc, "hand", None)
        if where == target.hand:
            raise
        raise IllegalEntry(Text("data.correction_breaks", hand=where, problem=exc.text),
                           Text("data.correction_breaks_hint")) from None


@dataclass(frozen=True)
class Repriced:
    """A later hand that a correction re-priced: by how much each player's payout (and the
    Stock) changed. Who dealt and who played it stay as recorded."""

    hand: int
    payouts: dict[str, int]  # the change per player (only those that changed)
    stock: int = 0  # the change of the Stock

    def to_json(self) -> dict[str, Any]:
        return {"hand": self.hand, "payouts": dict(self.payouts), "stock": self.stock}


@dataclass(frozen=True)
class Correction:
    """What a correction did: the hand voided or replaced (``record``, as it was), the hand as it
    replays now (``played``: an edit's replacement; None for a void) and the later hands it
    re-priced."""

    record: GameRecord
    played: Played | None
    repriced: tuple[Repriced, ...]


def repriced(rows: list[Row], target: GameRecord) -> tuple[Repriced, ...]:
    """The hands after ``target`` whose payouts or Stock come out otherwise in ``rows`` (the
    session replayed with the correction) than stored, with the change."""
    out: list[Repriced] = []
    for row in rows:
        if row.played is None or row.record.id == target.id or row.record.hand < target.hand:
            continue
        new, old = row.played.outcome.payout_map(), row.record.payouts
        change = {n: new.get(n, 0) - old.get(n, 0) for n in dict.fromkeys([*old, *new])}
        change = {n: v for n, v in change.items() if v}
        stock = row.played.outcome.stock - row.record.stock
        if change or stock:
            out.append(Repriced(row.record.hand, change, stock))
    return tuple(out)


def _correct(ledger: Ledger, target: GameRecord, new_entry: GameEntry | None,
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
            raise IllegalEntry(Text("data.session_closed_meanwhile", session=target.session_id),
                               Text("data.closed_reopen_hint", session=target.session_id))
        rows = _corrected_rows(ledger, target, new_entry)
        if kind == "undo" and any(r.record.valid and r.record.hand > target.hand for r in rows):
            raise IllegalEntry(Text("data.recorded_meanwhile", hand=target.hand), Text("data.recorded_meanwhile_hint"))
        ledger.insert_void(conn, target.id, kind, reason)
        if new_entry is not None:
            row = next(r for r in rows if r.record.id == target.id)
            assert row.played is not None
            out = row.played.outcome
            ledger.insert_game(conn, target.session_id, target.hand, new_entry, typed, rules, unit or out.unit,
                               out.payout_map(), out.stock, row.played.summary(), replaces=target.id)
        for row in rows:
            if row.played is None or row.record.id == target.id or row.record.hand < target.hand:
                continue
            out = row.played.outcome
            facts = row.played.facts()
            if out.payout_map() != row.record.payouts or out.stock != row.record.stock or (
                    facts["dealer"] != row.record.outcome.get("dealer")
                    or facts["sitting_out"] != row.record.outcome.get("sitting_out")):
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
         session_id: int | None = None) -> Correction:
    """Void hand N; the later hands are re-priced (never re-seated)."""
    view = view_session(cfg, ledger, _table_session(cfg, session_id))
    target = _find_hand(view, hand)
    rows = _correct(ledger, target, None, kind, reason)
    return Correction(target, None, repriced(rows, target))


def undo(cfg: TableConfig, ledger: Ledger, reason: str = "", session_id: int | None = None) -> Correction:
    """Void the last valid hand."""
    view = view_session(cfg, ledger, _table_session(cfg, session_id))
    valid = [r.record for r in view.rows if r.record.valid]
    if not valid or view.closed:
        raise IllegalEntry(Text("data.nothing_to_undo"), Text("data.record_games"))
    target = valid[-1]
    rows = _correct(ledger, target, None, "undo", reason)
    return Correction(target, None, repriced(rows, target))


def find_hand(cfg: TableConfig, ledger: Ledger, hand: int, session_id: int | None = None) -> GameRecord:
    """The valid record of hand N in the open session (what an edit starts from)."""
    return _find_hand(view_session(cfg, ledger, _table_session(cfg, session_id)), hand)


def edit(cfg: TableConfig, ledger: Ledger, hand: int, entry: GameEntry, reason: str = "",
         typed: str = "", *, expect: int | None = None, dry_run: bool = False,
         session_id: int | None = None) -> Correction:
    """Replace hand N with ``entry`` (it keeps the hand's dealer and who sat out unless it names
    them). ``expect``: the record the caller read (an edit built on it is refused if someone
    corrected the hand since); ``dry_run``: check, write nothing; ``session_id``: a tournament
    table's session."""
    view = view_session(cfg, ledger, _table_session(cfg, session_id))
    target = _find_hand(view, hand)
    if entry == target.entry:
        raise IllegalEntry(Text("data.edit_same", hand=hand), Text("data.edit_same_hint"))
    if expect is not None and target.id != expect:
        raise IllegalEntry(Text("data.corrected_meanwhile", hand=hand), Text("data.look_again"))
    if dry_run:
        rows = _corrected_rows(ledger, target, entry)
    else:
        rows = _correct(ledger, target, entry, "edit", reason, typed, stored_unit(cfg, target.unit))
    played = next(r.played for r in rows if r.record.id == target.id)
    assert played is not None
    return Correction(target, played, repriced(rows, target))


def session_rules(view: SessionView) -> TableRules:
    """The rules a session is priced by: its last recorded hand's snapshot (today's table file
    only for a session with no hands yet)."""
    for row in reversed(view.rows):
        if row.played is not None:
            return row.record.rules
    return view.rules


def close_session(cfg: TableConfig, ledger: Ledger, round_to: int | None = None) -> SessionView:
    """Book what the close books (a returned Stock, Muss-Solo penalties), store the closing
    balances and the settlement as paid (rounded to ``round_to`` cents, transfers as printed)."""
    if ledger.conn is None:  # no ledger yet, so nothing to close
        raise IllegalEntry(Text("data.nothing_to_close"), Text("data.record_games_first"))
    with ledger.write() as conn:
        view = view_session(cfg, ledger)
        if view.session is None or view.closed:
            raise IllegalEntry(Text("data.nothing_to_close"), Text("data.record_games_first"))
        rules = session_rules(view)
        # the session's own rules decide, not today's table file (RULES §7)
        booked = find_family(rules.family).closing_bookings(rules, view.state, view.stock)
        balances = session_balances([view.balances], {"payouts": booked.payouts})
        settlement = settle_session(rules, balances, view.stock + booked.stock, round_to, view.session.id,
                                    closed=True)
        bookings: dict[str, Any] = {"settlement": settlement.stored()}
        if booked.payouts:
            bookings.update({"payouts": booked.payouts, "stock": booked.stock, **booked.parts})
        earlier = ledger.closings(view.session.id)
        if earlier:  # closed again after a reopening: what changes hands now is the difference
            bookings["difference"] = close_difference(earlier[-1]["bookings"], settlement)
        ledger.insert_closing(conn, view.session.id, balances, bookings)
    return view_session(cfg, ledger, view.session.id)


def close_difference(before: dict[str, Any], settlement: SessionSettlement) -> dict[str, Any]:
    """What a session closed again pays on top of its earlier closing: per player the amount
    paid now less the amount paid then, and the fewest transfers that clear it."""
    from .settle import fewest_transfers

    then = before.get("settlement", {}).get("paid", {})
    amounts = {n: settlement.paid.get(n, 0) - then.get(n, 0) for n in [*settlement.paid, *then]}
    amounts = {n: v for n, v in amounts.items() if v}
    return {"amounts": amounts, "transfers": [t.to_dict() for t in fewest_transfers(amounts, list(amounts))]}


def settle_player(cfg: TableConfig, ledger: Ledger, typed: str) -> dict[str, Any]:
    """``settle --player NAME``: pay out one player's balance of the open session now. The
    others pay (or are paid) with the opposite sign, the largest balances first, in as few
    transfers as that takes; the payment is a row, and the session's balances count it (that
    player at 0, the others adjusted), so the close settles the rest without him."""
    from .rules.family import resolve_name
    from .settle import Transfer

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
        ledger.insert_reopening(conn, session_id, closing["id"], reason.strip())
    reopened = ledger.session(session_id)
    assert reopened is not None
    return reopened


def closed_settlement(ledger: Ledger, info: SessionInfo) -> SessionSettlement:
    """A closed session's settlement as stored at its close; a closing from before the
    settlement was stored is settled from its balances, unrounded, under its hands' rules."""
    stored = info.bookings.get("settlement")
    if stored:
        return SessionSettlement.from_stored(info.id, stored)
    rules = ledger.session_rules(info.id)
    assert info.closing is not None and rules is not None
    return settle_session(rules, info.closing, 0, None, info.id, closed=True)


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
    rules = session_rules(view)
    done = settle_session(rules, view.balances, view.stock, round_to, info.id if info else None)
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


@dataclass(frozen=True)
class SessionColumn:
    """One session in the season's standings: its date and each player's balance (unit)."""

    session: int
    date: str
    closed: bool
    balances: dict[str, int]


def local_date(stamp: str) -> str:
    """The local calendar date of a stored UTC time stamp (an evening that began at 23:30)."""
    from datetime import datetime

    try:
        return datetime.fromisoformat(stamp).astimezone().date().isoformat()
    except ValueError:
        return stamp[:10]


def season_standings(cfg: TableConfig, ledger: Ledger, session_ids: list[int]) -> tuple[list[SessionColumn],
                                                                                          SessionView]:
    """``standings --all``: a column per session (closed ones from their closings, no replay)
    and the view of the latest session (for the Stock, the next dealer and the notes)."""
    wanted = set(session_ids)
    columns = []
    last: SessionView | None = None
    for info in ledger.sessions():
        if info.id not in wanted:
            continue
        if info.closed_at and info.closing is not None:
            stored = info.bookings.get("settlement")
            # an evening settled in money counts as it was paid (the cash rounding included), as
            # in settle --all; points and strokes stay the game's balances
            paid = stored.get("paid") if stored and stored.get("unit") == find_family(cfg.family).unit else None
            balances = dict(paid) if paid else dict(info.closing)
        else:
            last = view_session(cfg, ledger, info.id)
            balances = dict(last.balances)
        columns.append(SessionColumn(info.id, local_date(info.opened_at), bool(info.closed_at), balances))
    if last is None or (columns and last.session is not None and last.session.id != columns[-1].session):
        last = view_session(cfg, ledger, columns[-1].session if columns else None)
    return columns, last


def _closing_problem(info: SessionInfo, rows: list[Row]) -> Text | None:
    """A closing stored by this program follows from its games: what the family books at the
    close (the Stock's return, Muss-Solo penalties) and the settlement (conversion to money, the
    cash rounding, the transfers) are worked out again and must be what is stored."""
    stored = info.bookings.get("settlement")
    played = [r.played for r in rows if r.played is not None]
    if not stored or not played or info.closing is None:
        return None  # a closing from before the settlement was stored: checked by its balances
    rules = played[-1].rules
    family = find_family(rules.family)
    pot = sum(p.outcome.stock for p in played)
    booked = family.closing_bookings(rules, played[-1].after, pot)
    if booked.payouts != info.bookings.get("payouts", {}) or (booked.stock or 0) != info.bookings.get("stock", 0):
        return Text("data.problem_close_booked")
    try:
        again = settle_session(rules, info.closing, 0, stored.get("round"), info.id, closed=True).stored()
    except (ValueError, TypeError, KeyError):
        return Text("data.problem_settlement_unworkable")
    if _canonical(again) != _canonical(stored):
        return Text("data.problem_settlement_differs")
    return None


# JSON with sorted keys, as ``json.dumps(..., sort_keys=True)`` writes it (the encoder made once:
# ``json.dumps`` makes one per call, and an import checks every closing)
_canonical = json.JSONEncoder(sort_keys=True).encode


def _settlement_problem(stored: Any, rules: Any = None) -> Text | None:
    """What is wrong with a closing's stored settlement: the amounts paid sum to zero, the
    transfers clear them exactly, and the rounding moved nobody by a whole unit."""
    if not stored:
        return None
    paid, exact, unit = stored.get("paid", {}), stored.get("exact", {}), stored.get("round") or 1
    if sum(paid.values()) != 0:
        return Text("data.problem_paid_not_zero", total=_amount(sum(paid.values()), rules, "cent"))
    cleared = {n: 0 for n in paid}
    for t in stored.get("transfers", []):
        cleared[t["from"]] = cleared.get(t["from"], 0) - t["amount"]
        cleared[t["to"]] = cleared.get(t["to"], 0) + t["amount"]
    if any(cleared.get(n, 0) != v for n, v in paid.items()) or set(cleared) - set(paid):
        return Text("data.problem_transfers")
    if any(abs(v - exact.get(n, 0)) >= unit for n, v in paid.items()):
        return Text("data.problem_rounding")
    return None


def _amount(value: Any, rules: Any, unit: str) -> Any:
    """An amount of a problem in the reader's format (a value no program wrote as it is)."""
    from .i18n import Amount

    if not isinstance(value, int) or isinstance(value, bool):
        return repr(value)
    return Amount(value, getattr(rules, "currency", "EUR"), unit, sign=True)


def _payouts(payouts: Any, stock: Any, rules: Any, unit: str) -> Any:
    """``Anna +1,50 €, Ben -0,50 €, Stock +0,40 €`` for a problem's message."""
    if not isinstance(payouts, dict):
        return repr(payouts)
    items = [Text("data.problem_payout", name=n, amount=_amount(v, rules, unit)) for n, v in payouts.items()]
    if stock:
        items.append(Text("data.problem_payout", name=Text("data.problem_stock"), amount=_amount(stock, rules, unit)))
    return Join(items) if items else Text("data.problem_nothing")


def _fact(key: str, value: Any) -> Any:
    """A replayed fact of a hand in words: names joined, won or lost, nobody."""
    if isinstance(value, bool):
        return Text("engine.word.won" if value else "engine.word.lost")
    if value is None or value == []:
        return Text("data.problem_nobody" if key != "won" else "data.problem_nothing")
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return Join(value, "and")
    return str(value) if isinstance(value, str) else repr(value)


def _unreadable(exc: BaseException) -> Text:
    """What a stored row that cannot be read has wrong, in words (no Python error)."""
    if isinstance(exc, json.JSONDecodeError):
        return Text("data.problem_bad_json", line=exc.lineno, column=exc.colno)
    if isinstance(exc, (KeyError, AttributeError)):
        return Text("data.problem_missing_field")
    if isinstance(exc, (ValueError, TypeError, OverflowError)):
        return Text("data.problem_bad_value")
    # a storage failure: the database's words (its own exception is the cause)
    return Text("data.problem_database", problem=exc.problem if isinstance(exc, StorageError) else str(exc))


# the "session" of a problem of the whole ledger (a guard missing), not of one session
LEDGER_WIDE = 0


@dataclass(frozen=True)
class Problem:
    """One thing ``check`` found wrong in the ledger: where (session, hand) and what (a message,
    rendered in the reader's language)."""

    session: int
    hand: int | None
    text: Text
    table: tuple[int, int] | None = None  # a tournament's table: (round, table number)

    def where(self) -> Text:
        """``session 1, hand 2`` / ``Abend 1, Spiel 2`` (the session alone without a hand; the
        ledger as a whole for session 0); a tournament's table by its round and number."""
        if self.session == LEDGER_WIDE:
            return Text("data.where_ledger")
        if self.table is not None:
            round_no, tisch = self.table
            if self.hand is None:
                return Text("cli.tournament.where_table", round=round_no, tisch=tisch)
            return Text("cli.tournament.where_table_hand", round=round_no, tisch=tisch, hand=self.hand)
        if self.hand is None:
            return Text("data.where_session", session=self.session)
        return Text("data.where_hand", session=self.session, hand=self.hand)

    def line(self) -> Text:
        """What ``check`` prints: ``session 1, hand 2: payouts sum to 10, not zero``."""
        return Text("data.problem_line", where=self.where(), problem=self.text)

    def to_json(self, lang: str) -> dict[str, Any]:
        """``{"session": 1, "hand": 2, "problem": "..."}``, the problem in ``lang``."""
        at = {"round": self.table[0], "tisch": self.table[1]} if self.table is not None else {}
        return {"session": self.session if self.session != LEDGER_WIDE else None, **at, "hand": self.hand,
                "problem": self.text.render(lang)}


def _session_problems(info: SessionInfo, records: list[GameRecord], last_id: int | None,
                      aliases: dict[str, str] | None = None, payments: list[dict[str, Any]] | None = None,
                      closings: list[dict[str, Any]] | None = None) -> list[Problem]:
    """What is wrong with one session: zero sums, hand numbers, replay equals stored payouts and
    facts, the early payouts (``settle --player``), and, for a closed one, its closing
    (bookings, balances, settlement; a session closed again after a reopening: the difference
    to what was paid before)."""
    aliases = aliases or {}
    payments = payments or []
    problems: list[Problem] = []
    for rec in records:
        total = sum(rec.payouts.values()) + rec.stock
        if rec.unit in ("cent", "point") and total != 0:
            problems.append(Problem(info.id, rec.hand, Text("data.problem_not_zero",
                                                            total=_amount(total, rec.rules, rec.unit))))
    hands = [r.hand for r in records if r.valid and is_hand(r)]
    if len(hands) != len(set(hands)) or any(r.hand < 1 for r in records):
        problems.append(Problem(info.id, None, Text("data.problem_hand_numbers")))
        return problems
    for payment in payments:
        amounts = payment["amounts"]
        if sum(amounts.values()) != 0 or amounts.get(payment["player"], 0) == 0 or any(
                (t["to"] if amounts[payment["player"]] < 0 else t["from"]) != payment["player"]
                for t in payment["transfers"]) or sum(t["amount"] for t in payment["transfers"]) != abs(
                amounts[payment["player"]]):
            problems.append(Problem(info.id, None, Text("data.problem_payment", player=payment["player"])))
    try:
        rows = _replay_rows(records, aliases=aliases)
    except IllegalEntry as exc:
        problems.append(Problem(info.id, getattr(exc, "hand", None), Text("data.problem_no_replay", problem=exc.text)))
        return problems
    except (KeyError, TypeError, ValueError, AttributeError, OverflowError) as exc:  # a row no program wrote
        problems.append(Problem(info.id, None, Text("data.problem_no_replay", problem=_unreadable(exc))))
        return problems
    for row in rows:
        if row.played is None:
            continue
        out = row.played.outcome
        if out.payout_map() != row.record.payouts or out.stock != row.record.stock:
            problems.append(Problem(info.id, row.record.hand, Text(
                "data.problem_replay_gives",
                replayed=_payouts(out.payout_map(), out.stock, row.played.rules, row.record.unit),
                stored=_payouts(row.record.payouts, row.record.stock, row.played.rules, row.record.unit))))
            continue
        facts = row.played.facts()
        stored = row.record.outcome
        # every fact is compared; only an outcome never written (a schema-1 ledger read as it is,
        # whose rows carry "{}") has none to compare
        for key in ("declarers", "won", "dealer", "sitting_out"):
            if stored and stored.get(key) != facts[key]:
                problems.append(Problem(info.id, row.record.hand, Text(
                    "data.problem_replay_gives_key", key=Text(f"data.fact_{key}"), replayed=_fact(key, facts[key]),
                    stored=_fact(key, stored.get(key)))))
                break
    if info.closing is None and info.id != last_id:
        problems.append(Problem(info.id, None, Text("data.problem_open_before_later")))
    if info.closing is not None:
        problem = _closing_problem(info, rows)
        if problem:
            problems.append(Problem(info.id, None, problem))
        balances = merged(session_balances([*(r.record.payouts for r in rows if r.played is not None),
                                             paid_early(payments)], info.bookings), aliases)
        closing = merged(info.closing, aliases)
        names = set(balances) | set(closing)
        if any(balances.get(n, 0) != closing.get(n, 0) for n in names):
            problems.append(Problem(info.id, None, Text("data.problem_closing_balances")))
        problem = _settlement_problem(info.bookings.get("settlement"), records[-1].rules if records else None)
        if problem:
            problems.append(Problem(info.id, None, problem))
        problem = _difference_problem(info, closings or [])
        if problem:
            problems.append(Problem(info.id, None, problem))
    return problems


def _difference_problem(info: SessionInfo, closings: list[dict[str, Any]]) -> Text | None:
    """A session closed again after a reopening: the difference it stores is what is paid now
    less what the closing before it paid, and its transfers clear that difference."""
    if len(closings) < 2:
        return None
    stored = info.bookings.get("difference")
    before = closings[-2]["bookings"].get("settlement", {}).get("paid")
    now = info.bookings.get("settlement", {}).get("paid")
    if stored is None or before is None or now is None:
        return Text("data.problem_difference")
    want = {n: now.get(n, 0) - before.get(n, 0) for n in {*now, *before}}
    want = {n: v for n, v in want.items() if v}
    cleared: dict[str, int] = {}
    for t in stored.get("transfers", []):
        cleared[t["from"]] = cleared.get(t["from"], 0) - t["amount"]
        cleared[t["to"]] = cleared.get(t["to"], 0) + t["amount"]
    cleared = {n: v for n, v in cleared.items() if v}
    if stored.get("amounts") != want or cleared != want:
        return Text("data.problem_difference")
    return None


@dataclass(frozen=True)
class CheckReport:
    """What a check did: the problems it found, how many sessions it replayed, how many closed
    sessions it left alone because their rows still match the mark of an earlier check, and how
    many sessions it marked verified now (none when the ledger cannot be written)."""

    problems: list[Problem]
    replayed: int = 0
    skipped_verified: int = 0
    marked: int = 0
    passed: dict[int, str] = field(default_factory=dict, repr=False)  # session -> fingerprint, to be marked

    def to_json(self, lang: str) -> dict[str, Any]:
        """``check --json``: the problems (in ``lang``) and the counts."""
        return {"problems": [p.to_json(lang) for p in self.problems], "replayed": self.replayed,
                "skipped_verified": self.skipped_verified, "marked": self.marked}


def _audit(ledger: Ledger, full: bool = True, marking: bool = False) -> CheckReport:
    """Check the sessions. ``full`` replays every one; otherwise a closed session whose latest
    check mark is its fingerprint (no stored row of it changed since a check replayed it without
    a problem, under this program's version) is not replayed again. With ``marking`` the report
    names the closed sessions that passed and are not yet marked under their fingerprint."""
    sessions = ledger.sessions()
    last_id = sessions[-1].id if sessions else None
    side_by_side = ledger.tournament_sessions() if ledger.has_tournament_tables else set()
    seated: dict[int, list[str]] = {}  # a tournament's tables: who the draw seated there
    if side_by_side:
        tables = ledger.round_tables()
        seated.update((t["session_id"], t["players"]) for t in tables)
        problems_seating = _seated_twice(tables)
    else:
        problems_seating = []
    aliases = ledger.aliases()
    # an older ledger read as it is keeps no marks: every session is replayed
    fingerprints = ledger.fingerprints() if ledger.has_marks and (marking or not full) else {}
    marks = ledger.marks() if fingerprints else {}
    problems: list[Problem] = []
    if ledger.conn is not None and ledger.has_marks:
        # the append-only guards: a ledger whose triggers were dropped takes changes silently
        missing = ledger.guards_missing()
        if missing:
            problems.append(Problem(LEDGER_WIDE, None, Text("data.problem_guards_missing", guards=", ".join(missing))))
    problems.extend(problems_seating)
    passed: dict[int, str] = {}
    replayed = skipped = 0
    for info in sessions:
        fingerprint = fingerprints.get(info.id)
        verified = info.closing is not None and fingerprint is not None and marks.get(info.id) == fingerprint
        if verified and not full:
            skipped += 1
            continue
        try:
            # a tournament's tables are sessions side by side, each open until its round is over
            latest = info.id if info.id in side_by_side else last_id
            records = ledger.games(info.id)
            found = _session_problems(info, records, latest, aliases, ledger.payments(info.id),
                                      ledger.closings(info.id) if info.closing is not None else [])
            if info.id in seated:
                found += _seating_problems(info.id, seated[info.id], records)
        except (ValueError, KeyError, TypeError, AttributeError, StorageError) as exc:  # a row no program wrote
            found = [Problem(info.id, None, Text("data.problem_unreadable", problem=_unreadable(exc)))]
        replayed += 1
        problems.extend(found)
        if marking and not found and not verified and info.closing is not None and fingerprint is not None:
            passed[info.id] = fingerprint
    return CheckReport(_at_tables(ledger, problems), replayed, skipped, 0, passed)


def _seated_twice(tables: list[dict[str, Any]]) -> list[Problem]:
    """A player the draw seated at two tables of one round."""
    by_round: dict[int, dict[str, list[int]]] = {}
    for t in tables:
        for name in t["players"]:
            by_round.setdefault(t["round"], {}).setdefault(name, []).append(t["tisch"])
    return [Problem(LEDGER_WIDE, None, Text("data.problem_seated_twice", round=r, name=name,
                                            tables=Join([str(x) for x in found])))
            for r, names in sorted(by_round.items()) for name, found in names.items() if len(found) > 1]


def _seating_problems(session: int, players: list[str], records: list[GameRecord]) -> list[Problem]:
    """A tournament table's hands were played by the players the draw seated there."""
    for rec in records:
        if list(rec.rules.players) != list(players):
            return [Problem(session, rec.hand, Text("data.problem_seating", played=Join(list(rec.rules.players)),
                                                    seated=Join(list(players))))]
    return []


def _at_tables(ledger: Ledger, problems: list[Problem]) -> list[Problem]:
    """The problems of a tournament's tables named by round and table, not by session."""
    if not problems or not ledger.has_tournament_tables:
        return problems
    tables = {int(t["session_id"]): (int(t["round"]), int(t["tisch"])) for t in ledger.round_tables()}
    return [replace(p, table=tables[p.session]) if p.session in tables else p for p in problems]


def ledger_problems(ledger: Ledger) -> list[Problem]:
    """Every problem found, every session replayed: zero sums, replay equals stored payouts,
    closing balances (no check marks read or written)."""
    return _audit(ledger, full=True).problems


# How long a check waits for another writer before it leaves its marks for the next check
_MARK_WAIT_S = 1.0


def check_and_mark(ledger: Ledger, full: bool = False) -> CheckReport:
    """``check``: every session that changed since it was last verified is replayed (``full``:
    every session), and each closed one that passes is marked verified under its fingerprint,
    so that the next check leaves it alone while its rows stay as they are. The marks are
    written if the ledger can be written now; a read-only or busy ledger is checked all the same."""
    from .ledger.store import busy_timeout

    report = _audit(ledger, full, marking=True)
    if not report.passed:
        return report
    try:
        with ledger.write(wait=min(_MARK_WAIT_S, busy_timeout())) as conn:
            ledger.insert_marks(conn, report.passed)
    except (LedgerError, OSError):  # a storage failure (StorageError) among them
        return report  # the marks wait for a check that can write them
    return replace(report, marked=len(report.passed))


def check_ledger(ledger: Ledger, lang: str = "en") -> list[dict[str, Any]]:
    """Every problem found (see ``ledger_problems``) as ``check --json`` gives it: session,
    hand and the problem in ``lang``."""
    return [p.to_json(lang) for p in ledger_problems(ledger)]


class _ImportAudit:
    """The replay audit of an import, session by session as ``ledger.load`` inserts them: the
    same checks as ``check --full`` (``_session_problems``, a tournament table's seating), run on
    the rows as loaded instead of reading them back. The first problem refuses the import."""

    def __init__(self, ledger: Ledger | None) -> None:
        self.ledger = ledger
        self.open_before: int | None = None  # an open session (not a tournament's table) seen last
        self.closed: list[int] = []
        if ledger is None:  # a chunk's audit (``fresh``): the ledger's own sessions were audited where it is open
            return
        if ledger.has_marks and ledger.guards_missing():
            self.refuse(Problem(LEDGER_WIDE, None, Text("data.problem_guards_missing",
                                                        guards=", ".join(ledger.guards_missing()))))
        # sessions already there (a ledger without games may hold empty ones): checked alike
        tables = {t["session_id"]: t["players"] for t in ledger.round_tables()}
        aliases = ledger.aliases()
        for info in ledger.sessions():
            self.session(LoadedSession(info.id, info, ledger.games(info.id), ledger.payments(info.id),
                                       ledger.closings(info.id) if info.closing is not None else [], aliases,
                                       tables.get(info.id)))

    @classmethod
    def fresh(cls) -> _ImportAudit:
        """The audit of one chunk of the export, in whichever process works it."""
        return cls(None)

    @staticmethod
    def refusal(p: Problem) -> IllegalEntry:
        where = (Text("data.export_where_hand", session=p.session, hand=p.hand) if p.hand is not None
                 else Text("data.where_session", session=p.session))
        return IllegalEntry(Text("data.import_refused", where=where, problem=p.text), Text("data.export_again"))

    @classmethod
    def refuse(cls, p: Problem) -> None:
        raise cls.refusal(p)

    def open_before_refusal(self, session_id: int) -> IllegalEntry:
        """An open session before a later one: it should have been closed."""
        return self.refusal(Problem(session_id, None, Text("data.problem_open_before_later")))

    def session(self, s: LoadedSession) -> None:
        info = s.info
        if self.open_before is not None:  # a later session exists: that one should have been closed
            raise self.open_before_refusal(self.open_before)
        try:
            # as the latest session: whether a later one follows is known when it comes
            found = _session_problems(info, s.records, info.id, s.aliases, s.payments, s.closings)
            if s.seated is not None:
                found += _seating_problems(info.id, s.seated, s.records)
        except (ValueError, KeyError, TypeError, AttributeError, OverflowError) as exc:  # a row no program wrote
            found = [Problem(info.id, None, Text("data.problem_unreadable", problem=_unreadable(exc)))]
        if found:
            self.refuse(found[0])
        if info.closing is not None:
            self.closed.append(info.id)
        elif s.seated is None:  # a tournament's tables are side by side, each open until its round is over
            self.open_before = info.id

    def finish(self) -> dict[int, str]:
        """The checks of the whole ledger once loaded (nobody seated at two tables of a round);
        returns the closed sessions to mark verified, by fingerprint."""
        assert self.ledger is not None
        for p in _seated_twice(self.ledger.round_tables()):
            self.refuse(p)
        if not self.ledger.has_marks:
            return {}
        fingerprints, marks = self.ledger.fingerprints(), self.ledger.marks()
        return {sid: fingerprints[sid] for sid in self.closed
                if sid in fingerprints and marks.get(sid) != fingerprints[sid]}


def import_dump(cfg: TableConfig, ledger: Ledger, data: Any, **work: Any) -> int:
    """Read a JSON export into an empty ledger in one transaction, committed only if every
    game replays under its own ruleset to exactly what the export says (payouts, Stock,
    declarers, dealer), every closing matches its games, and every ruleset is a valid table of
    this family (see ``ledger.load``; ``work``: its ``workers`` and ``chunk_games``)."""
    from .ledger import load

    if isinstance(data, dict) and isinstance(data.get("table"), dict):
        fam = data["table"].get("family")
        if fam and fam != cfg.family:
            raise IllegalEntry(Text("data.import_other_family", family=fam, table=cfg.family),
                               Text("data.import_other_family_hint"))
        # a tournament's points never become a table's money, nor the other way round
        kind = "tournament" if data.get("rounds") or data["table"].get("kind") == "tournament" else "table"
        if kind != cfg.kind:
            raise IllegalEntry(Text(f"data.import_{kind}_into_{cfg.kind}"), Text("data.import_kind_hint"))
    with ledger.write() as conn:
        if conn.execute("SELECT count(*) FROM games").fetchone()[0]:
            raise IllegalEntry(Text("data.import_not_empty", path=ledger.where),
                               Text("data.import_not_empty_hint"))
        # every game replayed under its own ruleset as it is loaded, inside the transaction: an
        # export that says what the rules do not give is refused whole, before anything is committed
        audit = _ImportAudit(ledger)
        count = load(ledger, conn, data, cfg.family, audit, **work)
        # replayed: the closed sessions are marked verified with it, so the next check is quick
        ledger.insert_marks(conn, audit.finish())
    return count


def import_into(cfg: TableConfig, data: Any, workers: int | None = None) -> int:
    """Import into the table's ledger; a table without one gets it only if the import succeeds
    (the ledger is made under a temporary name and linked into place at the end). ``workers``:
    the helper processes of a large import (default: one per core; 1: this process alone)."""
    import os
    import secrets

    from .files import fsync_dir

    if cfg.ledger_url:  # a database: the import is one transaction there
        from .ledger import open_ledger

        with open_ledger(cfg, create=True) as ledger:
            return import_dump(cfg, ledger, data, workers=workers)
    path = cfg.ledger_path
    if path.exists():
        with Ledger(path, create=False, family=cfg.family, kind=cfg.kind) as ledger:
            return import_dump(cfg, ledger, data, workers=workers)
    if not path.parent.is_dir():
        raise IllegalEntry(Text("data.ledger_folder_missing", path=str(path)), Text("data.ledger_folder_missing_hint"))
    from .files import remove_orphans

    remove_orphans(path)  # what an import killed earlier (SIGKILL, power) left behind
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(6)}.import")
    try:
        if not os.access(path.parent, os.W_OK):  # a read-only disk or share, the folder's rights
            raise IllegalEntry(Text("data.import_cannot_write", path=str(path)), Text("data.import_cannot_write_hint"))
        with Ledger(tmp, create=True, family=cfg.family, kind=cfg.kind) as ledger:
            count = import_dump(cfg, ledger, data, workers=workers)
        try:
            os.link(tmp, path)
        except FileExistsError:
            raise IllegalEntry(Text("data.import_ledger_appeared", path=str(path)),
                               Text("data.import_ledger_appeared_hint")) from None
        fsync_dir(path.parent)
        return count
    finally:
        for leftover in (tmp, tmp.with_name(tmp.name + "-journal")):
            try:
                leftover.unlink(missing_ok=True)
            except OSError:  # a folder that may not be written holds none (the next import removes any)
                pass
