"""The ledger's SQLite connection: every statement (and the rows it reads) fails as the
project's ``StorageError`` instead of an ``sqlite3`` exception, and how long a write waits for
another writer (the busy timeout, ``SCHAFKOPF_BUSY_TIMEOUT``), with what it does meanwhile; the
turns a process's writers of one file take (``Turns``). ``now``: the time every row is stamped
with.
"""

from __future__ import annotations

import contextvars
import itertools
import os
import sqlite3
import threading
from collections import deque
from collections.abc import Callable, Iterator
from datetime import datetime, timezone
from typing import Any

from ..errors import LedgerError
from ..i18n import Text
from .sqlite_errors import storage_error

BUSY_TIMEOUT_MS = 30_000
BUSY_TIMEOUT_MAX_S = 86_400  # a day: more is no wait but a hang (and inf overflows SQLite's milliseconds)
# Called between the tries while a write waits for a busy ledger (``play`` sets it: Ctrl-C,
# deferred while a hand is recorded, is acted on here, before anything was written).
WAITING: contextvars.ContextVar[Callable[[], None] | None] = contextvars.ContextVar("WAITING", default=None)

_CHUNK = 256  # rows a cursor read by iteration takes at a time


class _Cursor(sqlite3.Cursor):
    """SQLite's cursor whose rows, read one by one or all at once, fail as ``StorageError``."""

    where = ""

    def __iter__(self) -> Iterator[Any]:  # type: ignore[override]  # an iterator of its rows, not the cursor
        # the rows in chunks, each read under the translation, chained in C: a season's hundred
        # thousand rows cost no Python call each
        return itertools.chain.from_iterable(iter(self._chunk, []))

    def _chunk(self) -> list[Any]:
        return self.fetchmany(_CHUNK)

    def fetchone(self) -> Any:
        try:
            return super().fetchone()
        except sqlite3.Error as exc:
            raise storage_error(exc, self.where) from exc

    def fetchall(self) -> list[Any]:
        try:
            return super().fetchall()
        except sqlite3.Error as exc:
            raise storage_error(exc, self.where) from exc

    def fetchmany(self, size: int | None = 1) -> list[Any]:
        try:
            return super().fetchmany(size)
        except sqlite3.Error as exc:
            raise storage_error(exc, self.where) from exc


class _Connection(sqlite3.Connection):
    """The ledger's SQLite connection: the same connection, whose every statement (and the rows
    it reads) fails as the project's ``StorageError`` instead of an ``sqlite3`` exception. ``where``:
    the ledger's file, as messages name it."""

    where = ""

    def execute(self, sql: str, parameters: Any = (), /) -> sqlite3.Cursor:
        cur = self.cursor(_Cursor)
        cur.where = self.where
        try:
            return cur.execute(sql, parameters)
        except sqlite3.Error as exc:
            raise storage_error(exc, self.where) from exc

    def executemany(self, sql: str, parameters: Any, /) -> sqlite3.Cursor:
        try:
            return super().executemany(sql, parameters)
        except sqlite3.Error as exc:
            raise storage_error(exc, self.where) from exc

    def backup(self, target: sqlite3.Connection, *args: Any, **kwargs: Any) -> None:
        try:
            super().backup(target, *args, **kwargs)
        except sqlite3.Error as exc:
            raise storage_error(exc, self.where) from exc


def busy_timeout() -> float:
    """How long to wait for another writer, in seconds (``SCHAFKOPF_BUSY_TIMEOUT``, default 30)."""
    import math
    import os

    raw = os.environ.get("SCHAFKOPF_BUSY_TIMEOUT", "")
    if not raw.strip():
        return BUSY_TIMEOUT_MS / 1000
    try:
        seconds = float(raw) if len(raw) <= 40 else math.nan
    except ValueError:
        seconds = math.nan
    if not 0 <= seconds <= BUSY_TIMEOUT_MAX_S:  # also nan; inf would overflow the milliseconds
        shown = raw if len(raw) <= 40 else raw[:40] + "..."
        raise LedgerError(Text("data.busy_timeout_bad", value=repr(shown), most=BUSY_TIMEOUT_MAX_S),
                          Text("data.busy_timeout_bad_hint", most=BUSY_TIMEOUT_MAX_S))
    return seconds


def now() -> str:
    """The time a row is stamped with: UTC, to the second."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class Turns:
    """A lock handed from one holder to the next in the order they asked (first come, first
    served), reentrant for its holder. ``threading.Lock`` lets the thread that releases it take
    it again before a woken waiter runs (with the interpreter's lock, that is most of the time),
    so that some writers waited many turns while others passed them."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._owner: int | None = None
        self._depth = 0
        self._queue: deque[tuple[int, threading.Lock]] = deque()

    def acquire(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the turn (True: taken)."""
        me = threading.get_ident()
        with self._guard:
            if self._owner == me or self._owner is None and not self._queue:
                self._owner = me
                self._depth += 1
                return True
            handed = threading.Lock()
            handed.acquire()
            self._queue.append((me, handed))
        if handed.acquire(timeout=max(0.0, timeout)):
            return True  # handed over: the one before set us as the owner
        with self._guard:
            if self._owner == me:  # handed over just as the wait ran out
                return True
            self._queue.remove((me, handed))
            return False

    def release(self) -> None:
        with self._guard:
            self._depth -= 1
            if self._depth:
                return
            if self._queue:
                self._owner, handed = self._queue.popleft()
                self._depth = 1
                handed.release()
            else:
                self._owner = None


_TURNS: dict[str, Turns] = {}  # a ledger file's writers in this process (``Ledger._take_turn``)
_TURNS_MADE = threading.Lock()


def turn_of(path: os.PathLike[str] | str) -> Turns:
    """The turns of this process's writers of the SQLite file at ``path``."""
    key = os.path.realpath(path)
    with _TURNS_MADE:
        turns = _TURNS.get(key)
        if turns is None:
            turns = _TURNS[key] = Turns()
        return turns
