"""A session as the use cases read it: which sessions a command means, and the session of a
place folded (``session.fold``), with the state before its next hand."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import replace
from typing import Any

from ..errors import IllegalEntry
from ..i18n import Join, Text
from ..ledger import Ledger
from ..rules.model import HandState
from ..rules.registry import find_family
from ..session.fold import SessionLog, SessionState, replayed
from ..session.place import THE_OPEN_SESSION, Place
from ..table import TableConfig


def select_sessions(ledger: Ledger, session: int | None = None, all_: bool = False) -> list[int]:
    """The session numbers asked for: all of them, the one given (which must exist), or the
    latest (none in a fresh ledger). Checked against the ledger before any query uses them;
    ``--session N`` with ``--all`` is refused: one session and all of them cannot both be asked."""
    if all_ and session is not None:
        raise IllegalEntry(Text("data.session_and_all", session=session), Text("data.session_and_all_hint"))
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
    return replayed(log, cfg.snapshot(), log.place.unit or find_family(cfg.family).unit)


# The sessions a long-lived door (``play``, the server) folded last, kept with the ledger's change
# mark they were folded at: an entry at hand 300 folds only what changed since, not the evening
# again (issue 34). A session is folded anew whenever any row that could change it was written,
# by whoever; the table's rules now (a player joined) are part of what must match.
_KEPT_MOST = 64
_kept: OrderedDict[tuple[str, int | None], tuple[tuple[Any, ...], SessionState]] = OrderedDict()


def kept_view(cfg: TableConfig, ledger: Ledger, place: Place) -> SessionState:
    """The session of ``place`` folded: as kept, where nothing that could change it was written
    since, else folded anew (and kept)."""
    if not ledger.keep_folded:
        return view_session(cfg, ledger, place=place)
    key = (ledger.where, place.session_id)
    mark = ledger.change_mark(place.session_id)
    kept = _kept.get(key)
    if mark is not None and kept is not None and kept[0] == mark and kept[1].place == place \
            and kept[1].rules == cfg.snapshot():
        _kept.move_to_end(key)
        return kept[1]
    view = view_session(cfg, ledger, place=place)
    keep(ledger, place, mark, view)
    return view


def keep(ledger: Ledger, place: Place, mark: tuple[Any, ...] | None, view: SessionState) -> None:
    """Keep ``view`` as the session of ``place`` at ``mark`` (a committed write's mark only:
    never one of a write that may still roll back)."""
    if mark is None or not ledger.keep_folded:
        return
    _kept[(ledger.where, place.session_id)] = (mark, view)
    _kept.move_to_end((ledger.where, place.session_id))
    while len(_kept) > _KEPT_MOST:
        _kept.popitem(last=False)


def current_state(cfg: TableConfig, ledger: Ledger, place: Place) -> tuple[SessionState, HandState]:
    """The session a new hand goes into at ``place`` (the open one; a fresh one after a close)
    and the state before that hand."""
    view = kept_view(cfg, ledger, place)
    if view.closed and place.kept_open:  # closed for good: never a fresh session
        raise IllegalEntry(*place.closed(view.session.id if view.session else 0, correcting=False))
    if view.closed:
        empty = fold_log(cfg, SessionLog(None, aliases=view.aliases, opening=view.carried))
        return empty, empty.state
    return view, view.state
