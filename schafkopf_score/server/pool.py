"""A PostgreSQL ledger for the server's requests: ``PostgresLedger`` on a connection lent by a
``Lender`` (a ``psycopg_pool.ConnectionPool``, kept open between requests so that a request
costs no connection set-up, and what is known of the database), given back when the request
closes its ledger. SQLite ledgers need no pool: a file opens in well under a millisecond.

A database that cannot be reached (down at the start, or gone in between) is answered 503 at
once, never after a pool's wait: a connection is made within ``SERVE_CONNECT_TIMEOUT``; while
the database is known to be down, each request tries it again on a connection of its own
(refused at once where the database's host answers), one at a time (the others are answered
503 at once while one tries: a host that does not answer holds one request, not all); the
first that gets through is answered on that connection, and the pool is made anew (a pool left
to itself would try again only after its back-off, up to half a minute later). The server's
terminal is told once when the database is lost and once when it is back.
"""

from __future__ import annotations

import logging
import threading
import weakref
from collections.abc import Callable
from typing import Any

from ..errors import StorageError
from ..ledger.postgres import SERVE_CONNECT_TIMEOUT, Connection, PostgresLedger, _psycopg, unreachable
from ..table import TableConfig

SIZE = 8  # connections of a server process's pool
WAIT = 5.0  # seconds a request waits for a connection of a pool that has some (all busy: a hall's peak)


class Lender:
    """The pool of a server process and what is known of its database (see the module)."""

    def __init__(self, url: str, size: int = SIZE, tell: Callable[..., None] | None = None) -> None:
        self.url = url
        self.size = size
        self._tell = tell or (lambda key, **params: None)
        self._lock = threading.Lock()
        self._down: StorageError | None = None  # why the database cannot be reached, while it cannot
        self._trying = False  # a request tries a database known to be down just now
        # the pool's own warning at each failed try would flood the terminal: the lender says it once
        logging.getLogger("psycopg.pool").setLevel(logging.ERROR)
        self.pool = self._new_pool()

    def _new_pool(self) -> Any:
        """A pool of autocommit connections (the ledger says BEGIN and COMMIT itself), opened
        in the background (a database down at the start holds nothing up)."""
        from psycopg_pool import ConnectionPool

        return ConnectionPool(self.url, min_size=min(4, self.size), max_size=self.size, open=True, timeout=WAIT,
                              name="schafkopf-serve",
                              kwargs={"autocommit": True, "application_name": "schafkopf-score serve",
                                      "connect_timeout": SERVE_CONNECT_TIMEOUT})

    def lend(self) -> tuple[Any, Any]:
        """A connection for one request and the pool it belongs to (None: a connection of its
        own, closed after the request); a database that cannot be reached raises the
        ``StorageError`` of kind ``unreachable`` (503)."""
        with self._lock:
            down = self._down
            if down is not None:
                if self._trying:
                    raise down
                self._trying = True
        if down is not None:
            try:
                raw = self._own()  # raises the database's absence
            finally:
                with self._lock:
                    self._trying = False
            self._back()
            return raw, None
        pool = self.pool
        if pool.get_stats().get("pool_size", 0) > 0:
            try:
                return pool.getconn(), pool
            except _psycopg().Error:  # psycopg_pool.PoolTimeout among them: is the database there?
                pass
        return self._own(), None

    def _own(self) -> Any:
        """A connection of its own (the pool has none to lend, or the database was down)."""
        psycopg = _psycopg()
        try:
            return psycopg.connect(self.url, autocommit=True, connect_timeout=SERVE_CONNECT_TIMEOUT,
                                   application_name="schafkopf-score serve")
        except psycopg.Error as exc:
            raise self.lost(unreachable(self.url, exc)) from exc

    def lost(self, exc: StorageError) -> StorageError:
        """The database cannot be reached (a request found it so): said once, and answered 503
        at once until a try gets through."""
        with self._lock:
            first = self._down is None
            self._down = exc
        if first:
            self._tell("server.pg_down", problem=exc.problem or "")
        return exc

    def _back(self) -> None:
        """The database answers again: a fresh pool, filled now (the old one is closed aside)."""
        with self._lock:
            if self._down is None:
                return
            self._down = None
            old, self.pool = self.pool, self._new_pool()
        self._tell("server.pg_back")
        threading.Thread(target=old.close, kwargs={"timeout": 1.0}, daemon=True).start()

    def give_back(self, raw: Any, pool: Any) -> None:
        """The request is done with ``raw`` (lent by ``pool``, or its own)."""
        if pool is None:
            raw.close()
            return
        try:
            pool.putconn(raw)  # the pool drops a broken one and rolls back an open transaction
        except Exception:  # a pool replaced and closed meanwhile  # noqa: BLE001
            raw.close()

    def warm(self, timeout: float) -> None:
        """Wait (up to ``timeout``) for the pool's first connections, unless the database is down."""
        if self._down is None:
            try:
                self.pool.wait(timeout=timeout)
            except _psycopg().Error:  # psycopg_pool.PoolTimeout: the requests will tell
                pass

    def close(self) -> None:
        self.pool.close(timeout=1.0)


# the pooled connections whose ledger was found and checked (schema, family, kind) once: a
# request on one of them skips those five queries
_checked: weakref.WeakSet[Any] = weakref.WeakSet()
# the pooled connections whose ledger was seen to hold ``tournament_events`` (the program
# never drops a table): a request on one of them does not look at the catalogue for it
_with_events: weakref.WeakSet[Any] = weakref.WeakSet()


class _Told(Connection):
    """The adapter over a lent connection; a connection made again (the lent one was broken:
    a database restarted) that fails tells the lender that the database is gone."""

    def __init__(self, raw: Any, url: str, lender: Lender) -> None:
        super().__init__(raw, url, timeout=SERVE_CONNECT_TIMEOUT)
        self.lender = lender

    def _reconnect(self) -> None:
        try:
            super()._reconnect()
        except StorageError as exc:
            raise self.lender.lost(exc) from exc.__cause__


class PooledLedger(PostgresLedger):
    """The ledger on a connection lent by ``lender``."""

    def __init__(self, lender: Lender, cfg: TableConfig, create: bool = False) -> None:
        self._lender = lender
        self._lent: Any = None
        self._from: Any = None  # the pool that lent it (None: a connection of its own)
        super().__init__(cfg.ledger_url, create=create, family=cfg.family, kind=cfg.kind)

    def _lend(self) -> None:
        self._lent, self._from = self._lender.lend()
        self._raw = _Told(self._lent, self.url, self._lender)

    def _open(self, create: bool) -> None:
        self._lend()
        if self._lent in _checked:
            self.conn = self._raw  # type: ignore[assignment]
            return
        super()._open(create)
        if self.conn is not None and self._from is not None:
            _checked.add(self._lent)

    def _has_events(self) -> bool:
        if self._lent is not None and self._lent in _with_events:
            return True
        found = super()._has_events()
        if found and self._lent is not None and self._from is not None:
            _with_events.add(self._lent)
        return found

    def _locate(self) -> set[str]:
        if self._raw is None:  # a connection lost and given back meanwhile
            self._lend()
        return super()._locate()

    def close(self) -> None:
        raw, lent, pool = self._raw, self._lent, self._from
        self._raw = self.conn = None
        self._lent = self._from = None
        if lent is None:
            return
        if raw is not None and raw.raw is not lent:  # the adapter made a new connection for a lost one
            raw.raw.close()
        self._lender.give_back(lent, pool)
