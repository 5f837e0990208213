"""Idempotency keys of ``POST /api/hands``: a phone on bad Wi-Fi that sends a hand twice gets
the first answer back, and the hand is recorded once.

The keys live in the ledger itself, in a table of the server's own, ``served_keys``, so that
they hold across a restart and across several servers on one ledger: a key is inserted in the
same transaction as its hand and its first answer (inside ``evening.add``'s write lock, once
the hand is written: one statement, ``keeper``), so either all three are committed or none; its
``UNIQUE`` key refuses the second of two requests racing with the same key. The table
is made ``IF NOT EXISTS`` (at the server's start, or at the first keyed hand of a new ledger):
additive, no row of the ledger's own tables changes and no other program reads it.
"""

from __future__ import annotations

import json
from typing import Any

from ..errors import StorageError
from ..ledger import Ledger, now

MAX_KEY = 200  # characters: a UUID is 36

DDL = ("CREATE TABLE IF NOT EXISTS served_keys (key TEXT PRIMARY KEY, session_id INTEGER NOT NULL, "
       "hand INTEGER NOT NULL, created_at TEXT NOT NULL, answer TEXT NOT NULL DEFAULT '')")


class Repeat(Exception):
    """The key was used before: its stored answer (or, where none was stored, its hand)."""

    def __init__(self, session_id: int, hand: int, answer: str) -> None:
        super().__init__(hand)
        self.session_id = session_id
        self.hand = hand
        self.answer = answer


# the ledgers (by where they are) known to hold the keys table: no look at the tables per hand
_made: set[str] = set()


def ensure_table(ledger: Ledger) -> None:
    """Make the keys table where the ledger exists and lacks it (one write of its own)."""
    if ledger.conn is None:
        return
    if "served_keys" not in ledger._table_names():
        with ledger.write() as conn:
            conn.execute(DDL)
    _made.add(ledger.where)


def made(ledger: Ledger) -> None:
    """The keys table is there now (a keyed hand was committed)."""
    _made.add(ledger.where)


def lookup(ledger: Ledger, key: str) -> Repeat | None:
    """The earlier use of ``key`` (None: never used; also without a ledger or a keys table)."""
    if ledger.conn is None:
        return None
    try:
        row = ledger.conn.execute("SELECT session_id, hand, answer FROM served_keys WHERE key = ?", (key,)).fetchone()
    except StorageError:  # no keys table (yet)
        if ledger.conn.in_transaction:
            raise
        return None
    return Repeat(int(row[0]), int(row[1]), str(row[2])) if row else None


def keeper(key: str) -> Any:
    """The ``keep(ledger, answer)`` that records ``key`` with the hand just written and its
    first answer, inside the hand's transaction: the key, its answer and the hand are one
    commit, so the same key always gets the same answer back, a server killed between the
    commit and the answer included. A key used meanwhile (the same phone's second request,
    which waited for the first one's lock) raises ``Repeat``: the transaction is rolled back,
    nothing of the second request is written."""

    def keep(ledger: Ledger, answer: dict[str, Any]) -> None:
        conn = ledger.conn
        assert conn is not None
        if ledger.where not in _made and "served_keys" not in ledger._table_names():
            conn.execute(DDL)
        cur = conn.execute("INSERT INTO served_keys(key, session_id, hand, created_at, answer) VALUES (?, ?, ?, ?, ?) "
                           "ON CONFLICT (key) DO NOTHING",
                           (key, int(answer["session"]), int(answer["hand"]), now(),
                            json.dumps(answer, ensure_ascii=False)))
        if cur.rowcount == 0:
            found = lookup(ledger, key)
            if found is None:  # cannot be: the row that refused this key is in the ledger
                raise RuntimeError("served_keys refused a key it does not hold")
            raise found

    return keep
