"""A session's log folded into its state: the one replay of the program (pure: no I/O).

A ``SessionLog`` is what the store holds of one session: its header (id, opened, the closing in
force), its game rows in hand order (each with its void and its latest payouts), the early
payouts, every closing, the renames that link earlier names to the names now, and, at a
tournament's table, who the draw seated there. ``fold(log, rules, unit)`` replays it: every
valid hand under its own rules snapshot, seated as recorded (RULES §1: who dealt a hand and who
sat it out are facts recorded with it, never worked out again), and adds up once what every
view shows: the balances (renames merged, early payouts and closing bookings counted), the
Stock, the closing in force and the state before the next hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from ..errors import IllegalEntry
from ..i18n import Text
from ..rules.model import GameEntry, HandState, Seating, TableRules
from ..rules.play import Played, play, recorded_seating, seat, start_state
from ..rules.registry import find_family
from ..rules.seating import seat_hand
from .place import THE_OPEN_SESSION, Place
from .records import Closing, GameRecord, Payment, SeatChange, SessionInfo
from .settle import merged, session_balances


@dataclass(frozen=True)
class SessionLog:
    """One session as stored (see the module's text). ``info`` None: no session yet (a fresh
    ledger, or the evening after the last one was closed)."""

    info: SessionInfo | None
    records: Sequence[GameRecord] = ()
    payments: Sequence[Payment] = ()
    closings: Sequence[Closing] = ()
    aliases: Mapping[str, str] = field(default_factory=dict)
    seated: Sequence[str] | None = None  # a tournament's table: the players its round drew there
    place: Place = THE_OPEN_SESSION  # where it is played: the words for it, what its hands count in
    seat_changes: Sequence[SeatChange] = ()  # players added, leaving, renamed during it (each hand's
    # snapshot seats it as it was played; the renames are in ``aliases``)
    opening: Mapping[str, int] = field(default_factory=dict)  # the Stock the evening before carried into
    # this one (``stock_at_close = "carry"``), by who paid it in: its first hand starts with it

    @property
    def id(self) -> int | None:
        return self.info.id if self.info else None

    @classmethod
    def from_export(cls, session: Mapping[str, Any], rules: Mapping[str, TableRules],
                    changes: Sequence[SeatChange] = (), opening: Mapping[str, int] | None = None) -> SessionLog:
        """One session of a JSON export (as ``export --format json`` writes it: its games with
        their voids and restatements, its early payouts, its closings) as a log, under the ids
        the export gives; ``rules``: the export's rulesets, checked (``ledger.dump.check_ruleset``);
        ``changes``: the export's seating changes (the renames among them link names);
        ``opening``: the Stock the session before carried into it. The import builds its logs of
        the same rows as it checks and loads them (``ledger.loading``)."""
        records = []
        for g in session["games"]:
            last = g["restatements"][-1] if g["restatements"] else g
            void = g["void"] or {}
            records.append(GameRecord(
                id=g["id"], session_id=session["id"], hand=g["hand"], replaces=g["replaces"],
                created_at=g["created_at"], game=g["game"], entry=GameEntry.from_dict(g["entry"]), typed=g["typed"],
                rules=rules[g["ruleset"]], unit=g["unit"], payouts=last["payouts"], stock=last["stock"],
                outcome=last["outcome"], void_kind=void.get("kind"), void_reason=void.get("reason", ""),
                void_at=void.get("created_at"), restated=bool(g["restatements"])))
        records.sort(key=lambda r: (r.hand, r.id))
        c = session["closing"]
        info = SessionInfo(session["id"], session["opened_at"], c["created_at"] if c else None,
                           c["balances"] if c else None, c["bookings"] if c else {})
        payments = [Payment(session["id"], p["hand"], p["created_at"], p["player"], p["amounts"], p["transfers"])
                    for p in session.get("payments", [])]
        closings = [Closing(i, o["created_at"], o["balances"], o["bookings"], o["reopened_at"], o["reason"])
                    for i, o in enumerate(session.get("reopened_closings", []), 1)]
        if c:
            closings.append(Closing(len(closings) + 1, c["created_at"], c["balances"], c["bookings"]))
        return cls(info, records, payments, closings, renames(changes),
                   seat_changes=[c for c in changes if c.session_id == session["id"]], opening=dict(opening or {}))

    @property
    def closed(self) -> bool:
        return bool(self.info and self.info.closed_at)


@dataclass(frozen=True)
class Ahead:
    """What comes next in a session (the status line of ``play``, the phone, every answer): the
    next hand's number, who deals it, who sits it out and who plays, and what stands before it
    (the family's own: the Stock, Bock hands, a Muss-Solo owed, doublers)."""

    hand: int
    dealer: str
    sitting_out: tuple[str, ...]
    active: tuple[str, ...]
    pending: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"hand": self.hand, "dealer": self.dealer, "sitting_out": list(self.sitting_out),
                "active": list(self.active), **self.pending}


@dataclass
class Row:
    """One hand of the sheet: the record and, if valid, how it replays."""

    record: GameRecord
    played: Played | None


@dataclass
class SessionState:
    """A session folded: its rows (each hand as it replays), and what follows from them, added
    up once when first asked for: the balances (renames merged, early payouts and the closing's
    bookings counted), the Stock and the state before the next hand."""

    session: SessionInfo | None
    rows: list[Row]
    rules: TableRules  # the rules of the next hand (the table's now)
    unit: str = "cent"
    aliases: Mapping[str, str] = field(default_factory=dict)  # an earlier name -> the name now (renames)
    payments: Sequence[Payment] = ()  # players paid out early (settle --player)
    place: Place = THE_OPEN_SESSION
    opening: Mapping[str, int] = field(default_factory=dict)  # the Stock carried in from the evening before

    @cached_property
    def bookings(self) -> dict[str, Any]:
        """What the closing in force booked (a returned Stock, penalties; none while open)."""
        return self.session.bookings if self.session and self.session.closed_at else {}

    @cached_property
    def balances(self) -> dict[str, int]:
        """Each player's balance: the table's players first, then anyone else paid."""
        aliases = self.aliases
        parts = [merged(r.played.outcome.payout_map(), aliases) for r in self.rows if r.played is not None]
        parts.append(merged(paid_early(self.payments), aliases))
        return session_balances(parts, {"payouts": merged(self.bookings.get("payouts", {}), aliases)},
                                self.rules.players)

    @property
    def players(self) -> list[str]:
        return list(self.balances)

    @cached_property
    def stock(self) -> int:
        """The money in the Stock: what the evening opened with, what its hands moved and what
        the close booked."""
        return (sum(self.opening.values()) + sum(r.played.outcome.stock for r in self.rows if r.played is not None)
                + int(self.bookings.get("stock", 0)))

    @cached_property
    def state(self) -> HandState:
        """The state before the next hand (a closed session's: a fresh start)."""
        if self.closed:
            return start_state(self.rules)
        played = [r.played for r in self.rows if r.played is not None]
        return state_for(played[-1] if played else None, self.rules, self.aliases, self.opening)

    @property
    def carried(self) -> dict[str, int]:
        """What a closed session carried on to the table's next evening (the Stock under
        ``stock_at_close = "carry"``, by who paid it in); nothing for an open one."""
        return carried_on(self.session)

    @property
    def closed(self) -> bool:
        return bool(self.session and self.session.closed_at)

    def next_seating(self) -> Seating:
        """Who deals the next hand and who sits it out (by the rotation)."""
        return seat_hand(self.rules.players, self.rules.seats, self.state.dealer or self.rules.players[0])

    def ahead(self) -> Ahead:
        """What comes next: the next hand's number as the ledger will number it, who deals it and
        who sits it out, and what stands before it (a closed session: the first hand of the
        next one)."""
        seating = self.next_seating()
        return Ahead(1 if self.closed else next_hand_number(self.rows), seating.dealer,
                     tuple(seating.sitting_out), tuple(seating.active),
                     find_family(self.rules.family).pending(self.rules, self.state))

    def valid_rows(self) -> list[Row]:
        return [r for r in self.rows if r.played is not None]

    def session_rules(self) -> TableRules:
        """The rules the session is priced by: its last recorded hand's snapshot (the table's
        rules now only for a session with no hands yet)."""
        for row in reversed(self.rows):
            if row.played is not None:
                return row.record.rules
        return self.rules



def renames(changes: Iterable[SeatChange]) -> dict[str, str]:
    """Every earlier name to the name its player goes by now, from the seating changes in order.

    >>> renames([SeatChange(1, 2, "", "rename", "Ben", "Benedikt", []),
    ...          SeatChange(1, 5, "", "rename", "Benedikt", "Bene", [])])
    {'Ben': 'Bene', 'Benedikt': 'Bene'}
    """
    names: dict[str, str] = {}
    for change in changes:
        if change.kind != "rename":
            continue
        old, new = change.name, change.other
        current = names.get(old, old)
        for k, v in list(names.items()):
            if v == current:
                names[k] = new
        names[current] = new
    return {k: v for k, v in names.items() if k != v}


def paid_early(payments: Iterable[Payment]) -> dict[str, int]:
    """What the early payouts of a session booked, per player (the player paid out loses his
    balance, the others take over the opposite)."""
    return session_balances(p.amounts for p in payments)


def dealer_after_change(last: Played, players: tuple[str, ...], aliases: Mapping[str, str] | None = None) -> str:
    """Who deals the next hand when the seating changed after ``last`` (a player added, left or
    renamed): the player after the last dealer in the new seating, skipping who left; if the
    last dealer left, the first player after his old seat who is still at the table. A hand
    that did not pass the deal (``deals`` false) leaves it with its dealer while he is seated.

    >>> from schafkopf_score.table import make_rules  # (a doctest only: the session imports no table)
    >>> four = make_rules("bavarian", ["A", "B", "C", "D"])
    >>> hand = play(GameEntry("weiter"), four, start_state(four))  # dealt by A
    >>> dealer_after_change(hand, ("A", "E", "B", "C", "D")), dealer_after_change(hand, ("B", "C", "D"))
    ('E', 'B')
    """
    aliases = aliases or {}
    now = [aliases.get(p, p) for p in players]
    old = [aliases.get(p, p) for p in last.rules.players]
    dealt = aliases.get(last.seating.dealer, last.seating.dealer)
    passed = last.after.dealer != last.seating.dealer
    if dealt in now:
        i = now.index(dealt)
        return players[(i + 1) % len(players)] if passed else players[i]
    if dealt in old:
        i = old.index(dealt)
        for k in range(1, len(old) + 1):
            follower = old[(i + k) % len(old)]
            if follower in now:
                return players[now.index(follower)]
    return players[0]


def carried_on(info: SessionInfo | None) -> dict[str, int]:
    """What a closed session carried on to the next evening, as its closing stored it
    (``settlement["stock_carried"]``: the Stock by who paid it in); nothing for an open one or
    a closing that carried nothing."""
    if info is None or not info.closed_at:
        return {}
    carried = (info.bookings.get("settlement") or {}).get("stock_carried")
    if not isinstance(carried, dict):
        return {}
    return {str(n): v for n, v in carried.items() if type(v) is int}


def state_for(last: Played | None, rules: TableRules, aliases: Mapping[str, str] | None = None,
              opening: Mapping[str, int] | None = None) -> HandState:
    """The state before the hand after ``last`` (None: the first of a session, which starts with
    the Stock carried in, ``opening``) under ``rules``: the deal continues from the last hand,
    in the seating as it is at the next one (what the family keeps by name under the names now)."""
    if last is None:
        return start_state(rules, opening)
    if tuple(last.rules.players) == tuple(rules.players):
        return last.after
    own = find_family(rules.family).renamed_state(last.after.own, aliases) if aliases else last.after.own
    return replace(last.after, dealer=dealer_after_change(last, tuple(rules.players), aliases), own=own)


Hand = tuple[GameEntry, TableRules] | tuple[GameEntry, TableRules, Seating | None]


def replay(games: Iterable[Hand], aliases: Mapping[str, str] | None = None,
           opening: Mapping[str, int] | None = None) -> Iterator[Played]:
    """Replay hands in order, each under its own rules snapshot: ``(entry, rules)``, or
    ``(entry, rules, seating)`` for a hand whose dealer and sitting-out are recorded facts.
    Everything that depends on order (Stock, doublers, Bock, Muss-Solo, partners) follows from
    the hands before; ``aliases``: earlier names -> the names now (renames); ``opening``: the
    Stock carried in from the evening before."""
    last: Played | None = None
    for hand in games:
        entry, rules = hand[0], hand[1]
        seating = hand[2] if len(hand) > 2 else None
        last = play(entry, rules, state_for(last, rules, aliases, opening), seating)
        yield last


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


def replay_rows(records: Sequence[GameRecord], substitute: Mapping[int, GameEntry | None] | None = None,
                aliases: Mapping[str, str] | None = None, opening: Mapping[str, int] | None = None) -> list[Row]:
    """Replay a session's records in hand order. ``substitute`` maps a record id to a new entry
    (an edit) or to None (a void), to try a correction before writing it; ``opening``: the
    Stock carried in. An ``IllegalEntry`` from the replay carries the ``hand`` it happened in."""
    # (``replay``, written out: a check and an import replay every hand of a season)
    substitute = substitute or {}
    rows: list[Row] = []
    last: Played | None = None
    for rec in records:
        entry = substitute[rec.id] if rec.id in substitute else (rec.entry if rec.valid else None)
        if entry is None:
            rows.append(Row(rec, None))
            continue
        rules = rec.rules
        try:
            seating = recorded(rec, entry)
            # the same snapshot as the hand before: the state after it, as ``state_for`` gives it
            state = last.after if last is not None and last.rules is rules else state_for(last, rules, aliases, opening)
            last = play(entry, rules, state, seating)
        except IllegalEntry as exc:
            exc.hand = rec.hand  # type: ignore[attr-defined]
            raise
        rows.append(Row(rec, last))
    return rows


def fold(log: SessionLog, rules: TableRules, unit: str) -> SessionState:
    """The session replayed and added up. ``rules``: the table's rules now (who is seated for
    the next hand; a session's hands keep their own snapshots); ``unit``: what its hands are
    counted in. Raises ``IllegalEntry`` (with the ``hand``) for a log that does not replay."""
    return add_up(log, replay_rows(log.records, aliases=log.aliases, opening=log.opening), rules, unit)


def replayed(log: SessionLog, rules: TableRules, unit: str) -> SessionState:
    """``fold``, for a stored session: a log that does not replay is a ledger to check, said so,
    never a traceback."""
    from ..errors import LedgerError

    try:
        return fold(log, rules, unit)
    except IllegalEntry as exc:
        raise LedgerError(Text("data.session_does_not_replay", where=log.place.named(log.id or "?"),
                               hand=getattr(exc, "hand", "?"), problem=exc.text),
                          Text("data.run_check")) from None


def add_up(log: SessionLog, rows: list[Row], rules: TableRules, unit: str) -> SessionState:
    """The state of a session whose rows are replayed already (``add`` folds one more hand on
    without replaying the session again)."""
    return SessionState(log.info, rows, rules, unit, log.aliases, log.payments, log.place, log.opening)


def is_hand(rec: GameRecord) -> bool:
    """Whether a stored row is a hand played (a Deutscher draw is not: RULES §12)."""
    return find_family(rec.rules.family).deals(rec.entry)


def next_hand_number(rows: Sequence[Row]) -> int:
    """The number the next row of a session takes: one more than the last hand's (a voided one
    keeps its number). A draw takes the number of the hand it is drawn for, so hands are
    numbered without draws.

    >>> next_hand_number([])
    1
    """
    return max((r.record.hand for r in rows if is_hand(r.record)), default=0) + 1


def find_hand(state: SessionState, hand: int) -> GameRecord:
    """The valid record of hand ``hand`` of an open session (what a correction starts from)."""
    place = state.place
    if state.session is None:
        raise IllegalEntry(*place.nothing_to_correct())
    if state.closed:
        raise IllegalEntry(*place.closed(state.session.id))
    hands = [r.record.hand for r in state.rows if is_hand(r.record)]
    for r in state.rows:
        if r.record.hand == hand and r.record.valid and is_hand(r.record):
            return r.record
    if hand in hands:
        raise IllegalEntry(Text("data.hand_already_void", hand=hand), place.look("hand_already_void_hint"))
    span = Text("data.hands_span", last=max(hands)) if hands else Text("data.no_hands")
    raise IllegalEntry(Text("data.no_such_hand", hand=hand, within=place.within(state.session.id), span=span),
                       place.look("look_up_hand"))


def try_correction(log: SessionLog, target: GameRecord, entry: GameEntry | None) -> list[Row]:
    """The session replayed with ``target`` voided (``entry`` None) or replaced by ``entry``
    (nothing written). Refused if ``target`` is no longer a valid row of the log (corrected
    meanwhile), or if the correction breaks a later hand."""
    if not any(r.id == target.id and r.valid for r in log.records):
        raise IllegalEntry(Text("data.corrected_meanwhile", hand=target.hand), log.place.look("look_again"))
    try:
        return replay_rows(log.records, {target.id: entry}, log.aliases, log.opening)
    except IllegalEntry as exc:
        where = getattr(exc, "hand", None)
        if where == target.hand:
            raise
        raise IllegalEntry(Text("data.correction_breaks", hand=where, problem=exc.text),
                           log.place.correct_first()) from None


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


@dataclass(frozen=True)
class PayoutMoved:
    """A player paid out early (``settle --player``) after a hand that a correction changed: his
    balance up to that payout moved by ``change``, which he now gets (positive) or owes back
    (negative); the payout as paid stays in the ledger."""

    player: str
    after_hand: int
    change: int

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "after_hand": self.after_hand, "change": self.change}


def payouts_moved(log: SessionLog, rows: Sequence[Row]) -> tuple[PayoutMoved, ...]:
    """The early payouts of ``log`` that the correction (``rows``: the session replayed with it)
    moves: each paid-out player's balance up to his payout, as stored and as it replays now.
    A player paid out more than once is named once, at his latest payout: each payout cleared his
    whole balance, so the correction moves what he gets or owes once, not once a payout."""
    aliases = log.aliases
    stored = [(r.hand, merged(r.payouts, aliases)) for r in log.records if r.valid]
    now = [(r.record.hand, merged(r.played.outcome.payout_map(), aliases)) for r in rows if r.played is not None]
    latest = {aliases.get(p.player, p.player): p for p in log.payments}  # in order: the last one stays
    out = []
    for player, payment in latest.items():
        before = sum(a.get(player, 0) for hand, a in stored if hand <= payment.hand)
        after = sum(a.get(player, 0) for hand, a in now if hand <= payment.hand)
        if after != before:
            out.append(PayoutMoved(player, payment.hand, after - before))
    return tuple(out)


def restated(rows: Sequence[Row], target: GameRecord) -> Iterator[Row]:
    """The rows after ``target`` (the session replayed with the correction) that replay
    otherwise than stored: their payouts, Stock, dealer or who sat out."""
    for row in rows:
        if row.played is None or row.record.id == target.id or row.record.hand < target.hand:
            continue
        out = row.played.outcome
        facts = row.played.facts()
        if out.payout_map() != row.record.payouts or out.stock != row.record.stock or (
                facts["dealer"] != row.record.outcome.get("dealer")
                or facts["sitting_out"] != row.record.outcome.get("sitting_out")):
            yield row


def repriced(rows: Sequence[Row], target: GameRecord) -> tuple[Repriced, ...]:
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
