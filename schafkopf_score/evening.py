"""The evening's operations over a table file and its ledger: the library the CLI calls.

Each function takes a loaded ``TableConfig`` and an open ``Ledger``, works out everything by
replaying the session, and writes (if at all) in one transaction.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .errors import IllegalEntry, LedgerError
from .i18n import Join, Text
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
        raise IllegalEntry(Text("data.no_session", session=session),
                           Text("data.sessions_known", sessions=Join(known)) if known else Text("data.no_games_yet"))
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
        raise LedgerError(Text("data.session_does_not_replay", session=info.id if info else "?",
                               hand=getattr(exc, "hand", "?"), problem=exc.text),
                          Text("data.run_check")) from None
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
        raise IllegalEntry(Text("data.nothing_to_correct"), Text("data.record_one"))
    if view.closed:
        raise IllegalEntry(Text("data.session_closed", session=view.session.id), Text("data.corrections_open"))
    hands = [r.record.hand for r in view.rows]
    for r in view.rows:
        if r.record.hand == hand and r.record.valid:
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
        return _replay_rows(records, {target.id: new_entry})
    except IllegalEntry as exc:
        where = getattr(exc, "hand", None)
        if where == target.hand:
            raise
        raise IllegalEntry(Text("data.correction_breaks", hand=where, problem=exc.text),
                           Text("data.correction_breaks_hint")) from None


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
            raise IllegalEntry(Text("data.session_closed_meanwhile", session=target.session_id),
                               Text("data.corrections_open"))
        rows = _corrected_rows(ledger, target, new_entry)
        if kind == "undo" and any(r.record.valid and r.record.hand > target.hand for r in rows):
            raise IllegalEntry(Text("data.recorded_meanwhile", hand=target.hand), Text("data.recorded_meanwhile_hint"))
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


def void(cfg: TableConfig, ledger: Ledger, hand: int, reason: str = "", kind: str = "void") -> GameRecord:
    view = view_session(cfg, ledger)
    target = _find_hand(view, hand)
    _correct(ledger, target, None, kind, reason)
    return target


def undo(cfg: TableConfig, ledger: Ledger, reason: str = "") -> GameRecord:
    view = view_session(cfg, ledger)
    valid = [r.record for r in view.rows if r.record.valid]
    if not valid or view.closed:
        raise IllegalEntry(Text("data.nothing_to_undo"), Text("data.record_games"))
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
        raise IllegalEntry(Text("data.edit_same", hand=hand), Text("data.edit_same_hint"))
    if expect is not None and target.id != expect:
        raise IllegalEntry(Text("data.corrected_meanwhile", hand=hand), Text("data.look_again"))
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
    if json.dumps(again, sort_keys=True) != json.dumps(stored, sort_keys=True):
        return Text("data.problem_settlement_differs")
    return None


def _settlement_problem(stored: Any) -> Text | None:
    """What is wrong with a closing's stored settlement: the amounts paid sum to zero, the
    transfers clear them exactly, and the rounding moved nobody by a whole unit."""
    if not stored:
        return None
    paid, exact, unit = stored.get("paid", {}), stored.get("exact", {}), stored.get("round") or 1
    if sum(paid.values()) != 0:
        return Text("data.problem_paid_not_zero", total=sum(paid.values()))
    cleared = {n: 0 for n in paid}
    for t in stored.get("transfers", []):
        cleared[t["from"]] = cleared.get(t["from"], 0) - t["amount"]
        cleared[t["to"]] = cleared.get(t["to"], 0) + t["amount"]
    if any(cleared.get(n, 0) != v for n, v in paid.items()) or set(cleared) - set(paid):
        return Text("data.problem_transfers")
    if any(abs(v - exact.get(n, 0)) >= unit for n, v in paid.items()):
        return Text("data.problem_rounding")
    return None


@dataclass(frozen=True)
class Problem:
    """One thing ``check`` found wrong in the ledger: where (session, hand) and what (a message,
    rendered in the reader's language)."""

    session: int
    hand: int | None
    text: Text

    def where(self) -> Text:
        """``session 1, hand 2`` / ``Abend 1, Spiel 2`` (the session alone without a hand)."""
        if self.hand is None:
            return Text("data.where_session", session=self.session)
        return Text("data.where_hand", session=self.session, hand=self.hand)

    def line(self) -> Text:
        """What ``check`` prints: ``session 1, hand 2: payouts sum to 10, not zero``."""
        return Text("data.problem_line", where=self.where(), problem=self.text)

    def to_json(self, lang: str) -> dict[str, Any]:
        """``{"session": 1, "hand": 2, "problem": "..."}``, the problem in ``lang``."""
        return {"session": self.session, "hand": self.hand, "problem": self.text.render(lang)}


def _session_problems(info: SessionInfo, records: list[GameRecord], last_id: int | None) -> list[Problem]:
    """What is wrong with one session: zero sums, hand numbers, replay equals stored payouts and
    facts, and, for a closed one, its closing (bookings, balances, settlement)."""
    problems: list[Problem] = []
    for rec in records:
        total = sum(rec.payouts.values()) + rec.stock
        if rec.unit in ("cent", "point") and total != 0:
            problems.append(Problem(info.id, rec.hand, Text("data.problem_not_zero", total=total)))
    hands = [r.hand for r in records if r.valid]
    if len(hands) != len(set(hands)) or any(h < 1 for h in hands):
        problems.append(Problem(info.id, None, Text("data.problem_hand_numbers")))
        return problems
    try:
        rows = _replay_rows(records)
    except IllegalEntry as exc:
        problems.append(Problem(info.id, getattr(exc, "hand", None), Text("data.problem_no_replay", problem=exc.text)))
        return problems
    except (KeyError, TypeError, ValueError, AttributeError, OverflowError) as exc:  # a row no program wrote
        problems.append(Problem(info.id, None, Text("data.problem_no_replay", problem=repr(exc))))
        return problems
    for row in rows:
        if row.played is None:
            continue
        out = row.played.outcome
        if out.payout_map() != row.record.payouts or out.stock != row.record.stock:
            problems.append(Problem(info.id, row.record.hand, Text(
                "data.problem_replay_gives", replayed=json.dumps(out.payout_map(), ensure_ascii=False),
                stored=json.dumps(row.record.payouts, ensure_ascii=False))))
            continue
        facts = row.played.summary()
        stored = row.record.outcome
        for key in ("declarers", "won", "dealer", "sitting_out"):
            if key in stored and stored[key] != facts[key]:
                problems.append(Problem(info.id, row.record.hand, Text(
                    "data.problem_replay_gives_key", key=key, replayed=repr(facts[key]), stored=repr(stored[key]))))
                break
    if info.closing is None and info.id != last_id:
        problems.append(Problem(info.id, None, Text("data.problem_open_before_later")))
    if info.closing is not None:
        problem = _closing_problem(info, rows)
        if problem:
            problems.append(Problem(info.id, None, problem))
        balances = session_balances((r.record.payouts for r in rows if r.played is not None), info.bookings)
        names = set(balances) | set(info.closing)
        if any(balances.get(n, 0) != info.closing.get(n, 0) for n in names):
            problems.append(Problem(info.id, None, Text("data.problem_closing_balances")))
        problem = _settlement_problem(info.bookings.get("settlement"))
        if problem:
            problems.append(Problem(info.id, None, problem))
    return problems


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
    # an older ledger read as it is keeps no marks: every session is replayed
    fingerprints = ledger.fingerprints() if ledger.has_marks and (marking or not full) else {}
    marks = ledger.marks() if fingerprints else {}
    problems: list[Problem] = []
    passed: dict[int, str] = {}
    replayed = skipped = 0
    for info in sessions:
        fingerprint = fingerprints.get(info.id)
        verified = info.closing is not None and fingerprint is not None and marks.get(info.id) == fingerprint
        if verified and not full:
            skipped += 1
            continue
        found = _session_problems(info, ledger.games(info.id), last_id)
        replayed += 1
        problems.extend(found)
        if marking and not found and not verified and info.closing is not None and fingerprint is not None:
            passed[info.id] = fingerprint
    return CheckReport(problems, replayed, skipped, 0, passed)


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
    import sqlite3

    from .ledger.store import busy_timeout

    report = _audit(ledger, full, marking=True)
    if not report.passed:
        return report
    try:
        with ledger.write(wait=min(_MARK_WAIT_S, busy_timeout())) as conn:
            ledger.insert_marks(conn, report.passed)
    except (LedgerError, sqlite3.Error, OSError):
        return report  # the marks wait for a check that can write them
    return replace(report, marked=len(report.passed))


def check_ledger(ledger: Ledger, lang: str = "en") -> list[dict[str, Any]]:
    """Every problem found (see ``ledger_problems``) as ``check --json`` gives it: session,
    hand and the problem in ``lang``."""
    return [p.to_json(lang) for p in ledger_problems(ledger)]


def import_dump(cfg: TableConfig, ledger: Ledger, data: Any) -> int:
    """Read a JSON export into an empty ledger in one transaction, committed only if every
    game replays under its own ruleset to exactly what the export says (payouts, Stock,
    declarers, dealer), every closing matches its games, and every ruleset is a valid table of
    this family (see ``ledger.load``)."""
    from .ledger import load

    if isinstance(data, dict) and isinstance(data.get("table"), dict):
        fam = data["table"].get("family")
        if fam and fam != cfg.family:
            raise IllegalEntry(Text("data.import_other_family", family=fam, table=cfg.family),
                               Text("data.import_other_family_hint"))
    with ledger.write() as conn:
        if conn.execute("SELECT count(*) FROM games").fetchone()[0]:
            raise IllegalEntry(Text("data.import_not_empty", path=str(ledger.path)),
                               Text("data.import_not_empty_hint"))
        count = load(ledger, conn, data, cfg.family)
        # every game replayed under its own ruleset, inside the transaction: an export that
        # says what the rules do not give is refused whole, before anything is committed
        report = _audit(ledger, full=True, marking=True)
        if report.problems:
            p = report.problems[0]
            where = (Text("data.export_where_hand", session=p.session, hand=p.hand) if p.hand is not None
                     else Text("data.where_session", session=p.session))
            raise IllegalEntry(Text("data.import_refused", where=where, problem=p.text),
                               Text("data.export_again"))
        # replayed: the closed sessions are marked verified with it, so the next check is quick
        ledger.insert_marks(conn, report.passed)
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
        raise IllegalEntry(Text("data.ledger_folder_missing", path=str(path)), Text("data.ledger_folder_missing_hint"))
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(6)}.import")
    try:
        with Ledger(tmp, create=True, family=cfg.family) as ledger:
            count = import_dump(cfg, ledger, data)
        try:
            os.link(tmp, path)
        except FileExistsError:
            raise IllegalEntry(Text("data.import_ledger_appeared", path=str(path)),
                               Text("data.import_ledger_appeared_hint")) from None
        fsync_dir(path.parent)
        return count
    finally:
        for leftover in (tmp, tmp.with_name(tmp.name + "-journal")):
            leftover.unlink(missing_ok=True)
