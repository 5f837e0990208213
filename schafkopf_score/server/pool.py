"""A PostgreSQL ledger for the server's requests: ``PostgresLedger`` on a connection lent by a
``psycopg_pool.ConnectionPool`` (kept open between requests, so a request costs no connection
set-up), given back when the request closes its ledger. SQLite ledgers need no pool: a file
opens in well under a millisecond."""

from __future__ import annotations

import weakref
from typing import Any

from ..ledger.postgres import Connection, PostgresLedger, _psycopg, unreachable
from ..table import TableConfig


def make_pool(url: str, size: int = 8) -> Any:
    """A pool of autocommit connections (the ledger says BEGIN and COMMIT itself)."""
    from psycopg_pool import ConnectionPool

    return ConnectionPool(url, min_size=min(4, size), max_size=size, open=True, timeout=30, name="schafkopf-serve",
                          kwargs={"autocommit": True, "application_name": "schafkopf-score serve"})


# the pooled connections whose ledger was found and checked (schema, family, kind) once: a
# request on one of them skips those five queries
_checked: weakref.WeakSet[Any] = weakref.WeakSet()
# the pooled connections whose ledger was seen to hold ``tournament_events`` (the program
# never drops a table): a request on one of them does not look at the catalogue for it
_with_events: weakref.WeakSet[Any] = weakref.WeakSet()


class PooledLedger(PostgresLedger):
    """The ledger on a connection of ``pool``."""

    def __init__(self, pool: Any, cfg: TableConfig, create: bool = False) -> None:
        self._pool = pool
        self._lent: Any = None
        super().__init__(cfg.ledger_url, create=create, family=cfg.family, kind=cfg.kind)

    def _lend(self) -> Any:
        """A connection of the pool (none free within its timeout, or none to be made: the
        database cannot be reached)."""
        try:
            return self._pool.getconn()
        except _psycopg().Error as exc:  # psycopg_pool.PoolTimeout among them
            raise unreachable(self.url, exc) from exc

    def _open(self, create: bool) -> None:
        self._lent = self._lend()
        self._raw = Connection(self._lent, self.url)
        if self._lent in _checked:
            self.conn = self._raw  # type: ignore[assignment]
            return
        super()._open(create)
        if self.conn is not None:
            _checked.add(self._lent)

    def _has_events(self) -> bool:
        if self._lent is not None and self._lent in _with_events:
            return True
        found = super()._has_events()
        if found and self._lent is not None:
            _with_events.add(self._lent)
        return found

    def _locate(self) -> set[str]:
        if self._raw is None:  # a connection lost and given back meanwhile
            self._lent = self._lend()
            self._raw = Connection(self._lent, self.url)
        return super()._locate()

    def close(self) -> None:
        raw, lent = self._raw, self._lent
        self._raw = self.conn = None
        self._lent = None
        if lent is None:
            return
        if raw is not None and raw.raw is not lent:  # the adapter made a new connection for a lost one
            raw.raw.close()
        self._pool.putconn(lent)  # the pool drops a broken one and rolls back an open transaction
