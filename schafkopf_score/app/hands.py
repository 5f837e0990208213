"""The hands of a session, each use case once for every door: score one (``calc``), record one
(``add``, the lot of ``draw``), and correct them (``undo``, ``void``, ``edit``).

A use case is given its place resolved (``app.where.At``: an evening, or a tournament's table)
and owns its write transaction: ``recording`` holds it open while the caller adds rows of its
own (the server's idempotency key), and everything is committed together, before the answer.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..errors import IllegalEntry, ScoreError
from ..i18n import Text
from ..rules.model import NAME, NAMES, GameEntry, entry_options
from ..rules.names import refuse_hidden, refuse_long_reason
from ..rules.play import Played, play, seat
from ..rules.registry import find_family
from ..session.fold import (
    PayoutMoved,
    Row,
    SessionLog,
    SessionState,
    add_up,
    find_hand,
    next_hand_number,
    payouts_moved,
    repriced,
    restated,
    try_correction,
)
from ..session.records import GameRecord
from .answers import DrawnLot, EditAnswer, HandAnswer, RecordedHand, VoidAnswer
from .line import Line, correction_of, entry_of, worded
from .state import current_state, keep, view_session
from .where import At

if TYPE_CHECKING:
    import random


class SameHand(ScoreError):
    """The hand is the one recorded just before it (typed twice?): a door with a person in front
    of it asks first (``play`` and ``add`` on a terminal; the API answers 409 unless
    ``"confirm": true``). ``same_as``: that hand's number."""

    def __init__(self, message: Text, hint: Text, same_as: int) -> None:
        super().__init__(message, hint)
        self.same_as = same_as


class OtherEvening(IllegalEntry):
    """A correction meant for an evening that is no longer the open one (closed at another door
    meanwhile, maybe with the next one begun): refused rather than done to the evening there is
    now."""


def meant(at: At, view: SessionState, session: int | None) -> None:
    """Refuse a correction (a close, a payout) sent for ``session`` (the evening the door
    showed: the phone's page, ``play``) where that evening is not the open one any more; None: the open one, whichever."""
    if session is None or view.session is not None and view.session.id == session and not view.closed:
        return
    info = at.ledger.session(session) if at.ledger.conn is not None else None
    if info is None:
        raise OtherEvening(Text("data.no_session", session=session), view.place.look("look_again"))
    if info.closed_at:
        raise OtherEvening(*view.place.closed(session))


class NeedsConfirm(ScoreError):
    """A correction that changes the game or the declarer: the CLI asks (or wants ``--yes``),
    the API answers 409 with the change, before -> after, unless ``"confirm": true``."""

    def __init__(self, message: Text, hint: Text, change: str, expect: int) -> None:
        super().__init__(message, hint)
        self.change = change
        self.expect = expect  # the record the change was worked out on (confirm that one, no other)


def repeats_a_hand(entry: GameEntry) -> bool:
    """Whether a table plays this entry twice in a row as a matter of course: hands that name
    nobody (``weiter``, ``doubler``, the lot) are repeated every evening; the same declarer,
    loser or Augen twice in a row is more likely typed twice."""
    seating = ("sitting_out", "dealer")
    return not entry.augen_map and not any(
        getattr(entry, o.field) not in (None, ()) for o in entry_options()
        if o.kind in (NAME, NAMES) and o.field not in seating)


def same_as_last(state: SessionState, entry: GameEntry) -> int | None:
    """The number of the hand just before, where ``entry`` repeats it (None otherwise)."""
    if repeats_a_hand(entry):
        return None
    last = next((r.record for r in reversed(state.rows) if r.record.valid), None)
    if last is None or last.entry != entry:
        return None
    return last.hand


def calc(at: At, line: Line) -> HandAnswer:
    """Score the hand ``line`` says as ``add`` would record it now (RULES §12), writing nothing."""
    entry, _ = entry_of(at, line)
    with worded(at, line):
        return _calc(at, entry)


def _calc(at: At, entry: GameEntry) -> HandAnswer:
    _, state = current_state(at.cfg, at.ledger, at.place)
    return HandAnswer(at.place.shown(play(entry, at.cfg.snapshot(), state)))


@dataclass(frozen=True)
class Recording:
    """A hand written and not yet committed: its answer, and the open transaction (``tx``), into
    which the caller may write rows of its own before the commit."""

    answer: RecordedHand
    tx: Any


@contextmanager
def recording(at: At, line: Line, *, confirm: bool = True) -> Iterator[Recording]:
    """Check the hand ``line`` says against the session as it stands inside the write lock and
    write it; the caller's block runs inside the same transaction, which commits when the block
    ends (or is rolled back, with nothing written, if it raises). ``confirm`` False: the same
    hand as the one before is refused as ``SameHand`` (a door asks first)."""
    entry, typed = entry_of(at, line)
    with worded(at, line), _recording(at, entry, typed, confirm) as done:
        yield done


def add(at: At, line: Line, *, confirm: bool = True) -> RecordedHand:
    """Check and record the hand ``line`` says, in one transaction committed before the answer."""
    with recording(at, line, confirm=confirm) as done:
        pass
    return done.answer


def add_entry(at: At, entry: GameEntry, typed: str = "", *, confirm: bool = True) -> RecordedHand:
    """``add`` for a caller that holds the hand as a ``GameEntry`` already (the lot of a draw,
    a script); ``typed``: the "as typed" text stored with it."""
    with _recording(at, entry, typed, confirm) as done:
        pass
    return done.answer


@contextmanager
def _recording(at: At, entry: GameEntry, typed: str, confirm: bool = True) -> Iterator[Recording]:
    ledger, place, cfg = at.ledger, at.place, at.cfg
    rules = cfg.snapshot()
    if ledger.conn is None:  # no ledger file yet: check first, so a refused first entry makes none
        _calc(at, entry)
    # a tournament's table is locked alone: the other tables of the round write meanwhile
    with ledger.write(scope=place.session_id) as tx:
        # folded inside the write lock, so two writers never score against the same state
        view, state = current_state(cfg, ledger, place)
        if place.seated is None:
            _same_seating(cfg)
        place.admit(at.table, ledger, view)
        played = play(entry, rules, state)  # a hand that cannot be recorded is refused, never asked about
        if not confirm:
            again = same_as_last(view, entry)
            if again is not None:
                family = find_family(cfg.family)
                raise SameHand(Text("data.same_hand", hand=again, game=family.describe(entry, lang=cfg.language)),
                               Text("data.same_hand_hint"), again)
        session_id = place.session_id or ledger.open_session_id(tx)
        same = view.session is not None and view.session.id == session_id
        prior = view.rows if same else []
        hand = next_hand_number(prior)
        out = played.outcome
        summary = played.summary()
        unit = place.unit or out.unit
        gid = ledger.insert_game(tx, session_id, hand, entry, typed, rules, unit, out.payout_map(), out.stock, summary)
        record = GameRecord(id=gid, session_id=session_id, hand=hand, replaces=None, created_at="", game=entry.game,
                            entry=entry, typed=typed, rules=rules, unit=unit, payouts=out.payout_map(),
                            stock=out.stock, outcome=summary)
        info = view.session if same else ledger.session(session_id)
        log = SessionLog(info, [r.record for r in prior], view.payments if same else (), (), view.aliases,
                         place=place)
        now = add_up(log, [*prior, Row(record, played)], rules, unit)  # folded on, not replayed again
        where = getattr(place, "round", None), getattr(place, "tisch", None)
        yield Recording(RecordedHand(place.shown(played), hand, now, session_id, *where), tx)
        mark = ledger.change_mark(place.session_id) if ledger.keep_folded else None  # (before the commit)
    keep(ledger, place, mark, now)  # committed: the next entry folds on from here


def lot(at: At, rng: random.Random, seed: int | None = None) -> DrawnLot:
    """Where the family draws the partners by lot (Deutscher Schafskopf): each player of the
    next hand draws a card; the draw is recorded for the next game."""
    _, state = current_state(at.cfg, at.ledger, at.place)
    active = seat(GameEntry("lot"), at.cfg.snapshot(), state).active
    entry = at.cfg.family_obj().lot(active, rng)
    done = add_entry(at, entry, json.dumps({"game": entry.game, "seed": seed}))
    return DrawnLot(done.played, done.hand, dict(entry.cards))


def _same_seating(cfg: Any) -> None:
    """Inside the write lock: the table file still seats the players the command read from it (a
    ``player add/leave/rename`` may have changed it while the command waited for the lock), so a
    hand is never recorded under a seating that is no longer the table's."""
    from ..table import load_table

    if cfg.path.is_file() and tuple(load_table(cfg.path).players) != tuple(cfg.players):
        raise IllegalEntry(Text("data.seating_changed_meanwhile"), Text("data.seating_changed_meanwhile_hint"))


# -- corrections ------------------------------------------------------------------------------------

def _correct(at: At, target: GameRecord, new_entry: GameEntry | None, kind: str, reason: str,
             typed: str = "") -> tuple[list[Row], tuple[PayoutMoved, ...]]:
    """Void (or replace) ``target``, restating every later game whose payouts change; with the
    early payouts the correction moves."""
    ledger, place = at.ledger, at.place
    # the replacement is scored under the rules the hand was played with (its snapshot):
    # a correction fixes what was typed, it does not re-price the hand under today's table
    rules = target.rules
    refuse_hidden("--reason", reason)
    refuse_long_reason(reason)
    with ledger.write() as tx:
        # checked inside the write lock: a settle --close in another process may have closed
        # the session since it was read, and a closed session is final
        info = ledger.session(target.session_id)
        if info is None or info.closed_at:
            raise IllegalEntry(*place.closed(target.session_id, meanwhile=True))
        log = replace(ledger.log(info), place=place)
        rows = try_correction(log, target, new_entry)
        if kind == "undo" and any(r.record.valid and r.record.hand > target.hand for r in rows):
            raise IllegalEntry(Text("data.recorded_meanwhile", hand=target.hand), place.look("recorded_meanwhile_hint"))
        ledger.insert_void(tx, target.id, kind, reason)
        if new_entry is not None:
            row = next(r for r in rows if r.record.id == target.id)
            assert row.played is not None
            out = row.played.outcome
            # the replacement counts in what the hand counted in (a tournament's: points)
            ledger.insert_game(tx, target.session_id, target.hand, new_entry, typed, rules, target.unit,
                               out.payout_map(), out.stock, row.played.summary(), replaces=target.id)
        for row in restated(rows, target):
            assert row.played is not None
            out = row.played.outcome
            ledger.insert_restatement(tx, row.record.id, out.payout_map(), out.stock, row.played.summary(),
                                      f"{kind} of hand {target.hand}")
    return rows, payouts_moved(log, rows)


def void(at: At, hand: int, reason: str = "", session: int | None = None) -> VoidAnswer:
    """Void hand N; the later hands are re-priced (never re-seated). ``session``: the evening
    the door meant (refused if it is not the open one any more)."""
    view = view_session(at.cfg, at.ledger, place=at.place)
    meant(at, view, session)
    target = find_hand(view, hand)
    rows, moved = _correct(at, target, None, "void", reason)
    return VoidAnswer(target, repriced(rows, target), moved)


def undo(at: At, reason: str = "", session: int | None = None) -> VoidAnswer:
    """Void the last valid hand (of ``session``, the evening the door meant: refused if it is
    not the open one any more)."""
    view = view_session(at.cfg, at.ledger, place=at.place)
    meant(at, view, session)
    valid = [r.record for r in view.rows if r.record.valid]
    if not valid or view.closed:
        raise IllegalEntry(*view.place.nothing_to_undo())
    target = valid[-1]
    rows, moved = _correct(at, target, None, "undo", reason)
    return VoidAnswer(target, repriced(rows, target), moved)


def recorded_hand(at: At, hand: int) -> GameRecord:
    """The valid record of hand N in the open session of the place (what an edit starts from)."""
    return find_hand(view_session(at.cfg, at.ledger, place=at.place), hand)


def edit(at: At, hand: int, line: Line, reason: str = "", *, expect: int | None = None,
         confirm: bool = True, session: int | None = None) -> EditAnswer:
    """Correct hand N as ``line`` says (a game word first: the hand as typed; otherwise only
    what the words and long options given change; it keeps the hand's dealer and who sat out
    unless it names them). ``expect``: the record the caller read (an edit built on it is
    refused if someone corrected the hand since); without ``confirm``, a change of the game or
    the declarer is refused as ``NeedsConfirm`` (a door asks first), once the entry is known to
    be good. ``session``: the evening the door meant (refused if it is not the open one any
    more)."""
    view = view_session(at.cfg, at.ledger, place=at.place)
    meant(at, view, session)
    target = find_hand(view, hand)
    if line.empty:
        raise IllegalEntry(Text("data.edit_no_change", hand=hand), Text("data.edit_no_change_hint", hand=hand))
    entry, typed = correction_of(at, line, target.entry, target.rules.players)
    with worded(at, line):
        if entry == target.entry:
            raise IllegalEntry(Text("data.edit_same", hand=hand), view.place.look("edit_same_hint"))
        if expect is not None and target.id != expect:
            raise IllegalEntry(Text("data.corrected_meanwhile", hand=hand), view.place.look("look_again"))
        if not confirm and entry.declaring() != target.entry.declaring():
            # a wrong entry says so first, before any question
            try_correction(replace(at.ledger.log(view.session), place=view.place), target, entry)
            family = find_family(target.rules.family)
            lang = at.language
            change = f"{family.describe(target.entry, lang=lang)} -> {family.describe(entry, lang=lang)}"
            raise NeedsConfirm(Text("data.edit_changes", hand=hand, change=change), Text("data.edit_changes_hint"),
                               change, target.id)
        rows, moved = _correct(at, target, entry, "edit", reason, typed)
    played = next(r.played for r in rows if r.record.id == target.id)
    assert played is not None
    return EditAnswer(target, at.place.shown(played), hand, repriced(rows, target), moved)


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


__all__ = ["NeedsConfirm", "OtherEvening", "Played", "SameHand", "add", "add_entry", "calc", "edit", "lot", "recorded_hand", "recording",
           "restatement_cause", "undo", "void"]
