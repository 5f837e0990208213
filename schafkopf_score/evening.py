"""The evening's operations over a table file and its ledger: the library the CLI calls.

Each function takes a loaded ``TableConfig`` and an open ``Ledger``, works out everything by
replaying the session, and writes (if at all) in one transaction.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .errors import IllegalEntry, LedgerError
from .ledger import GameRecord, Ledger, SessionInfo
from .rules.model import GameEntry, HandState, Seating, TableRules
from .rules.play import Played, next_state, play, replay, seat, start_state
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

    @property
    def closed(self) -> bool:
        return bool(self.session and self.session.closed_at)

    def next_seating(self) -> Seating:
        """Who deals the next hand and who sits it out (by the rotation)."""
        from .rules.seating import seat_hand

        return seat_hand(self.rules.players, self.rules.seats, self.state.dealer or self.rules.players[0])

    def valid_rows(self) -> list[Row]:
        return [r for r in self.rows if r.played is not None]


def _replay_rows(records: list[GameRecord], substitute: dict[int, GameEntry | None] | None = None) -> list[Row]:
    """Replay a session's records in hand order. ``substitute`` maps a record id to a new entry
    (an edit) or to None (a void), to try a correction before writing it. An ``IllegalEntry``
    from the replay carries the ``hand`` it happened in."""
    substitute = substitute or {}
    pairs = [(rec, substitute[rec.id] if rec.id in substitute else (rec.entry if rec.valid else None))
             for rec in records]
    valid = [(rec, entry) for rec, entry in pairs if entry is not None]
    results = replay((entry, rec.rules) for rec, entry in valid)
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
        raise IllegalEntry(
            f"There is no session {session}.",
            f"Sessions in this ledger: {', '.join(map(str, known))}." if known else "The ledger has no games yet.",
        )
    return [session]


def view_session(cfg: TableConfig, ledger: Ledger, session_id: int | None = None) -> SessionView:
    """The given session (default: the latest) replayed; an empty view for a fresh ledger."""
    rules = cfg.snapshot()
    if session_id is not None:
        select_sessions(ledger, session_id)
    info = ledger.session(session_id) if session_id is not None else ledger.latest_session()
    records = ledger.games(info.id) if info else []
    try:
        rows = _replay_rows(records)
    except IllegalEntry as exc:
        raise LedgerError(
            f"Session {info.id if info else '?'} does not replay: hand {getattr(exc, 'hand', '?')}: {exc.message}",
            "Run schafkopf check for details.",
        ) from None
    return _make_view(cfg, info, rows, rules)


def _make_view(cfg: TableConfig, info: SessionInfo | None, rows: list[Row], rules: TableRules) -> SessionView:
    played = [r.played for r in rows if r.played is not None]
    bookings: dict[str, Any] = info.bookings if info and info.closed_at else {}
    balances = session_balances((p.outcome.payout_map() for p in played), bookings, cfg.players)
    players = list(balances)
    stock = sum(p.outcome.stock for p in played) + bookings.get("stock", 0)
    if info and info.closed_at:
        state = start_state(rules)
    elif played:
        state = next_state(played, rules)
    else:
        state = start_state(rules)
    unit = find_family(cfg.family).unit
    return SessionView(info, rows, balances, players, state, rules, stock, bookings, unit)


def current_state(cfg: TableConfig, ledger: Ledger) -> tuple[SessionView, HandState]:
    """The open session (if any) and the state before the next hand."""
    view = view_session(cfg, ledger)
    if view.closed:
        empty = _make_view(cfg, None, [], cfg.snapshot())
        return empty, empty.state
    return view, view.state


def calc(cfg: TableConfig, ledger: Ledger, entry: GameEntry) -> Played:
    """Score an entry against the current state without recording it."""
    _, state = current_state(cfg, ledger)
    return play(entry, cfg.snapshot(), state)


def add(cfg: TableConfig, ledger: Ledger, entry: GameEntry, typed: str = "") -> tuple[int, Played, SessionView]:
    """Validate and record an entry in one transaction; returns the hand number, its result and
    the session as it stands after it (no second replay needed)."""
    rules = cfg.snapshot()
    if ledger.conn is None:  # no ledger file yet: check first, so a refused first entry makes none
        calc(cfg, ledger, entry)
    with ledger.write() as conn:
        # Replay inside the write lock, so two writers never score against the same state.
        view, state = current_state(cfg, ledger)
        played = play(entry, rules, state)
        session_id = ledger.open_session_id(conn)
        hand = ledger.next_hand(conn, session_id)
        out = played.outcome
        summary = played.summary()
        gid = ledger.insert_game(conn, session_id, hand, entry, typed, rules, out.unit, out.payout_map(), out.stock,
                                 summary)
        info = ledger.session(session_id)
    record = GameRecord(id=gid, session_id=session_id, hand=hand, replaces=None, created_at="", game=entry.game,
                        entry=entry, typed=typed, rules=rules, unit=out.unit, payouts=out.payout_map(),
                        stock=out.stock, outcome=summary)
    prior = view.rows if view.session is not None and view.session.id == session_id else []
    return hand, played, _make_view(cfg, info, [*prior, Row(record, played)], rules)


def lot_entry(cfg: TableConfig, state: HandState, rng: random.Random) -> GameEntry:
    """Where the family draws partners by lot: each player of the next hand draws a card."""
    active = seat(GameEntry("lot"), cfg.snapshot(), state).active
    return cfg.family_obj().lot(active, rng)


def _find_hand(view: SessionView, hand: int) -> GameRecord:
    if view.session is None:
        raise IllegalEntry("There are no games to correct yet.", "Record one with schafkopf add.")
    if view.closed:
        raise IllegalEntry(
            f"Session {view.session.id} is closed (settled); its games cannot be changed.",
            "Corrections go into the open session.",
        )
    hands = [r.record.hand for r in view.rows]
    for r in view.rows:
        if r.record.hand == hand and r.record.valid:
            return r.record
    if hand in hands:
        raise IllegalEntry(f"Hand {hand} is already void.", "Nothing to do; schafkopf sheet shows the valid hands.")
    span = f"hands 1-{max(hands)}" if hands else "no hands"
    raise IllegalEntry(f"There is no hand {hand} in session {view.session.id} ({span}).",
                       "Look the number up with schafkopf sheet.")


def _corrected_rows(ledger: Ledger, target: GameRecord, new_entry: GameEntry | None) -> list[Row]:
    """The session replayed with ``target`` voided or replaced (nothing written)."""
    records = ledger.games(target.session_id)
    if not any(r.id == target.id and r.valid for r in records):
        raise IllegalEntry(f"Hand {target.hand} was corrected by someone else a moment ago.",
                           "Look at schafkopf sheet and try again.")
    try:
        return _replay_rows(records, {target.id: new_entry})
    except IllegalEntry as exc:
        where = getattr(exc, "hand", None)
        if where == target.hand:
            raise
        raise IllegalEntry(
            f"That correction would make hand {where} impossible: {exc.message}",
            "Correct that hand first (schafkopf edit), e.g. with --sitting-out.",
        ) from None


def _correct(ledger: Ledger, target: GameRecord, new_entry: GameEntry | None,
             kind: str, reason: str, typed: str = "") -> list[Row]:
    """Void (or replace) ``target``, restating every later game whose payouts change."""
    # the replacement is scored under the rules the hand was played with (its snapshot):
    # a correction fixes what was typed, it does not re-price the hand under today's table
    rules = target.rules
    with ledger.write() as conn:
        # checked inside the write lock: a settle --close in another process may have closed
        # the session since it was read, and a closed session is final
        info = ledger.session(target.session_id)
        if info is None or info.closed_at:
            raise IllegalEntry(
                f"Session {target.session_id} was closed (settled) a moment ago; its games cannot be changed.",
                "Corrections go into the open session.",
            )
        rows = _corrected_rows(ledger, target, new_entry)
        if kind == "undo" and any(r.record.valid and r.record.hand > target.hand for r in rows):
            raise IllegalEntry(f"A hand was recorded after hand {target.hand} a moment ago; nothing was undone.",
                               "Look at schafkopf sheet and undo again if you still want to.")
        ledger.insert_void(conn, target.id, kind, reason)
        if new_entry is not None:
            row = next(r for r in rows if r.record.id == target.id)
            assert row.played is not None
            out = row.played.outcome
            ledger.insert_game(conn, target.session_id, target.hand, new_entry, typed, rules, out.unit,
                               out.payout_map(), out.stock, row.played.summary(), replaces=target.id)
        for row in rows:
            if row.played is None or row.record.id == target.id or row.record.hand < target.hand:
                continue
            out = row.played.outcome
            summary = row.played.summary()
            if out.payout_map() != row.record.payouts or out.stock != row.record.stock or (
                    summary["dealer"] != row.record.outcome.get("dealer")
                    or summary["sitting_out"] != row.record.outcome.get("sitting_out")):
                ledger.insert_restatement(conn, row.record.id, out.payout_map(), out.stock, summary,
                                          f"{kind} of hand {target.hand}")
    return rows


def void(cfg: TableConfig, ledger: Ledger, hand: int, reason: str = "", kind: str = "void") -> GameRecord:
    view = view_session(cfg, ledger)
    target = _find_hand(view, hand)
    _correct(ledger, target, None, kind, reason)
    return target


def undo(cfg: TableConfig, ledger: Ledger, reason: str = "") -> GameRecord:
    view = view_session(cfg, ledger)
    valid = [r.record for r in view.rows if r.record.valid]
    if not valid or view.closed:
        raise IllegalEntry("There is no game to undo in the open session.", "Record games with schafkopf add.")
    target = valid[-1]
    _correct(ledger, target, None, "undo", reason)
    return target


def find_hand(cfg: TableConfig, ledger: Ledger, hand: int) -> GameRecord:
    """The valid record of hand N in the open session (what an edit starts from)."""
    return _find_hand(view_session(cfg, ledger), hand)


def edit(cfg: TableConfig, ledger: Ledger, hand: int, entry: GameEntry, reason: str = "",
         typed: str = "", *, expect: int | None = None, dry_run: bool = False) -> Played:
    """Replace hand N with ``entry``. ``expect``: the record the caller read (an edit built on
    it is refused if someone corrected the hand since); ``dry_run``: check, write nothing."""
    view = view_session(cfg, ledger)
    target = _find_hand(view, hand)
    if entry == target.entry:
        raise IllegalEntry(f"Hand {hand} says that already; nothing was changed.",
                           "Give what is different (schafkopf sheet shows the hand).")
    if expect is not None and target.id != expect:
        raise IllegalEntry(f"Hand {hand} was corrected by someone else a moment ago.",
                           "Look at schafkopf sheet and try again.")
    if dry_run:
        rows = _corrected_rows(ledger, target, entry)
    else:
        rows = _correct(ledger, target, entry, "edit", reason, typed)
    played = next(r.played for r in rows if r.record.id == target.id)
    assert played is not None
    return played


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
        raise IllegalEntry("There is no open session to close.", "Record games with schafkopf add first.")
    with ledger.write() as conn:
        view = view_session(cfg, ledger)
        if view.session is None or view.closed:
            raise IllegalEntry("There is no open session to close.", "Record games with schafkopf add first.")
        rules = session_rules(view)
        # the session's own rules decide, not today's table file (RULES §7)
        booked = find_family(rules.family).closing_bookings(rules, view.state, view.stock)
        balances = session_balances([view.balances], {"payouts": booked.payouts})
        settlement = settle_session(rules, balances, view.stock + booked.stock, round_to, view.session.id,
                                    closed=True)
        bookings: dict[str, Any] = {"settlement": settlement.stored()}
        if booked.payouts:
            bookings.update({"payouts": booked.payouts, "stock": booked.stock, **booked.parts})
        ledger.insert_closing(conn, view.session.id, balances, bookings)
    return view_session(cfg, ledger, view.session.id)


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
            how = f"rounded to {done.round_to} cents" if done.round_to else "without rounding"
            raise IllegalEntry(f"Session {info.id} was settled and closed {how}; what was paid is final.",
                               "Drop --round to see it as it was paid.")
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


def _closing_problem(info: SessionInfo, rows: list[Row]) -> str | None:
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
        return "what the close booked (Stock returned, penalties) is not what the rules give"
    try:
        again = settle_session(rules, info.closing, 0, stored.get("round"), info.id, closed=True).stored()
    except (ValueError, TypeError, KeyError):
        return "the stored settlement cannot be worked out again"
    if json.dumps(again, sort_keys=True) != json.dumps(stored, sort_keys=True):
        return "the stored settlement is not what the closing balances give"
    return None


def _settlement_problem(stored: Any) -> str | None:
    """What is wrong with a closing's stored settlement: the amounts paid sum to zero, the
    transfers clear them exactly, and the rounding moved nobody by a whole unit."""
    if not stored:
        return None
    paid, exact, unit = stored.get("paid", {}), stored.get("exact", {}), stored.get("round") or 1
    if sum(paid.values()) != 0:
        return f"the amounts paid at the close sum to {sum(paid.values())}, not zero"
    cleared = {n: 0 for n in paid}
    for t in stored.get("transfers", []):
        cleared[t["from"]] = cleared.get(t["from"], 0) - t["amount"]
        cleared[t["to"]] = cleared.get(t["to"], 0) + t["amount"]
    if any(cleared.get(n, 0) != v for n, v in paid.items()) or set(cleared) - set(paid):
        return "the transfers stored at the close do not clear the amounts paid"
    if any(abs(v - exact.get(n, 0)) >= unit for n, v in paid.items()):
        return "the rounding stored at the close moved someone by a whole unit or more"
    return None


def check_ledger(ledger: Ledger) -> list[dict[str, Any]]:
    """Every problem found: zero sums, replay equals stored payouts, closing balances."""
    problems: list[dict[str, Any]] = []
    sessions = ledger.sessions()
    last_id = sessions[-1].id if sessions else None
    for info in sessions:
        records = ledger.games(info.id)
        for rec in records:
            total = sum(rec.payouts.values()) + rec.stock
            if rec.unit in ("cent", "point") and total != 0:
                problems.append({"session": info.id, "hand": rec.hand, "problem": f"payouts sum to {total}, not zero"})
        hands = [r.hand for r in records if r.valid]
        if len(hands) != len(set(hands)) or any(h < 1 for h in hands):
            problems.append({"session": info.id, "hand": None, "problem": "hand numbers repeat or are below 1"})
            continue
        try:
            rows = _replay_rows(records)
        except IllegalEntry as exc:
            problems.append({"session": info.id, "hand": getattr(exc, "hand", None),
                             "problem": f"does not replay: {exc.message}"})
            continue
        except (KeyError, TypeError, ValueError, AttributeError, OverflowError) as exc:  # a row no program wrote
            problems.append({"session": info.id, "hand": None, "problem": f"does not replay: {exc!r}"})
            continue
        for row in rows:
            if row.played is None:
                continue
            out = row.played.outcome
            if out.payout_map() != row.record.payouts or out.stock != row.record.stock:
                problems.append({"session": info.id, "hand": row.record.hand,
                                 "problem": f"replay gives {json.dumps(out.payout_map(), ensure_ascii=False)}, "
                                            f"stored {json.dumps(row.record.payouts, ensure_ascii=False)}"})
                continue
            facts = row.played.summary()
            stored = row.record.outcome
            for key in ("declarers", "won", "dealer", "sitting_out"):
                if key in stored and stored[key] != facts[key]:
                    problems.append({"session": info.id, "hand": row.record.hand,
                                     "problem": f"replay gives {key} {facts[key]!r}, stored {stored[key]!r}"})
                    break
        if info.closing is None and info.id != last_id:
            problems.append({"session": info.id, "hand": None,
                             "problem": "the session is open, but a later session exists"})
        if info.closing is not None:
            problem = _closing_problem(info, rows)
            if problem:
                problems.append({"session": info.id, "hand": None, "problem": problem})
            balances = session_balances((r.record.payouts for r in rows if r.played is not None), info.bookings)
            names = set(balances) | set(info.closing)
            if any(balances.get(n, 0) != info.closing.get(n, 0) for n in names):
                problems.append({"session": info.id, "hand": None,
                                 "problem": "closing balances do not match the games"})
            problem = _settlement_problem(info.bookings.get("settlement"))
            if problem:
                problems.append({"session": info.id, "hand": None, "problem": problem})
    return problems


def import_dump(cfg: TableConfig, ledger: Ledger, data: Any) -> int:
    """Read a JSON export into an empty ledger in one transaction, committed only if every
    game replays under its own ruleset to exactly what the export says (payouts, Stock,
    declarers, dealer), every closing matches its games, and every ruleset is a valid table of
    this family (see ``ledger.load``)."""
    from .ledger import load

    if isinstance(data, dict) and isinstance(data.get("table"), dict):
        fam = data["table"].get("family")
        if fam and fam != cfg.family:
            raise IllegalEntry(f"The export is of a {fam} table; this table is {cfg.family}.",
                               "Import it beside a table file of the same family.")
    with ledger.write() as conn:
        if conn.execute("SELECT count(*) FROM games").fetchone()[0]:
            raise IllegalEntry(f"The ledger {ledger.path} already has games; import only reads into an empty one.",
                               "Point --table at a new table file (its ledger is created empty).")
        count = load(ledger, conn, data, cfg.family)
        # every game replayed under its own ruleset, inside the transaction: an export that
        # says what the rules do not give is refused whole, before anything is committed
        problems = check_ledger(ledger)
        if problems:
            p = problems[0]
            where = f"session {p['session']}" + (f" hand {p['hand']}" if p["hand"] is not None else "")
            raise IllegalEntry(f"In the export, {where}: {p['problem']}; nothing was imported.",
                               "Export it again from the original ledger.")
    return count


def import_into(cfg: TableConfig, data: Any) -> int:
    """Import into the table's ledger; a table without one gets it only if the import succeeds
    (the ledger is made under a temporary name and linked into place at the end)."""
    import os
    import secrets

    from .files import fsync_dir

    path = cfg.ledger_path
    if path.exists():
        with Ledger(path, create=False, family=cfg.family) as ledger:
            return import_dump(cfg, ledger, data)
    if not path.parent.is_dir():
        raise IllegalEntry(f"The folder for the ledger {path} does not exist.", "Create it, or set ledger in the table file.")
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(6)}.import")
    try:
        with Ledger(tmp, create=True, family=cfg.family) as ledger:
            count = import_dump(cfg, ledger, data)
        try:
            os.link(tmp, path)
        except FileExistsError:
            raise IllegalEntry(f"A ledger appeared at {path} while importing; nothing was imported.",
                               "Import into a table without games.") from None
        fsync_dir(path.parent)
        return count
    finally:
        for leftover in (tmp, tmp.with_name(tmp.name + "-journal")):
            leftover.unlink(missing_ok=True)
