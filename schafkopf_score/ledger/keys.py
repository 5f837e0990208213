"""The server's idempotency keys (``POST /api/hands``): a phone on bad Wi-Fi that sends a hand
twice gets the first answer back, and the hand is recorded once.

A key is kept in the ledger itself (``served_keys``), so that it holds across a restart and
across several servers on one ledger: it is written in the same transaction as its hand and its
first answer (``keep_key``, inside the hand's write), so either all three are committed or none,
and its primary key refuses the second of two requests racing with the same key. The table is
made with the schema; a ledger made before it gets it inside the transaction of its first keyed
hand (never on a refused request). It is the server's own: no check, export or import reads it.

``ServedKeys`` is a part of the ``Ledger`` (which inherits it).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .connection import now

KEYS_TABLE = "served_keys"
KEYS_DDL = ("CREATE TABLE IF NOT EXISTS served_keys (key TEXT PRIMARY KEY, session_id INTEGER NOT NULL, "
            "hand INTEGER NOT NULL, created_at TEXT NOT NULL, answer TEXT NOT NULL DEFAULT '', "
            "line TEXT NOT NULL DEFAULT '')")


@dataclass(frozen=True)
class ServedKey:
    """A key used before: the hand it recorded, the line it was sent with, its first answer (a
    JSON text; empty where the server that wrote it stopped before it could keep it)."""

    key: str
    session_id: int
    hand: int
    line: str
    answer: str

    def first_answer(self) -> dict[str, Any] | None:
        return json.loads(self.answer) if self.answer else None


class ServedKeys:
    """The idempotency keys of the table server (a part of ``store.Ledger``)."""

    if TYPE_CHECKING:  # what the ledger it is a part of holds
        conn: Any

        def _table_names(self) -> set[str]: ...
        def has_column(self, table: str, column: str) -> bool: ...

    def _keys_there(self) -> bool:
        """Whether the ledger holds the keys table (looked up until it is there, then known)."""
        if not self.__dict__.get("_keys_known"):
            self.__dict__["_keys_known"] = self.conn is not None and KEYS_TABLE in self._table_names()
        return bool(self.__dict__["_keys_known"])

    def served_key(self, key: str) -> ServedKey | None:
        """The earlier use of ``key`` (None: never used, or no ledger or keys table yet)."""
        if self.conn is None or not self._keys_there():
            return None
        row = self.conn.execute("SELECT session_id, hand, line, answer FROM served_keys WHERE key = ?",
                                (key,)).fetchone()
        return ServedKey(key, int(row[0]), int(row[1]), str(row[2]), str(row[3])) if row else None

    def keep_key(self, tx: Any, key: str, line: str, session_id: int, hand: int,
                 answer: dict[str, Any]) -> ServedKey | None:
        """Keep ``key`` with the hand just written in ``tx`` and its first answer; returns None,
        or, where the key was used meanwhile (the same phone's second request, which waited for
        the first one's lock), that earlier use: the caller then rolls its transaction back."""
        if not self._keys_there():
            self._make_keys(tx)
        cur = tx.execute("INSERT INTO served_keys(key, session_id, hand, created_at, answer, line) "
                         "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING",
                         (key, session_id, hand, now(), json.dumps(answer, ensure_ascii=False), line))
        if cur.rowcount:
            return None
        found = self.served_key(key)
        if found is None:  # cannot be: the row that refused this key is in the ledger
            raise RuntimeError("served_keys refused a key it does not hold")
        return found

    def _make_keys(self, tx: Any) -> None:
        """The keys table in a ledger made before it (its first keyed hand's transaction); a
        keys table an older server made gets its ``line``."""
        tx.execute(KEYS_DDL)
        if not self.has_column(KEYS_TABLE, "line"):
            tx.execute("ALTER TABLE served_keys ADD COLUMN line TEXT NOT NULL DEFAULT ''")
        self.__dict__["_keys_known"] = True
