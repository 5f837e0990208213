"""Ledger schema migrations: each step runs in one transaction, after a backup of the file.

Version 1 (the first release) stored no outcome summary; version 2 adds ``games.outcome`` and
``restatements.outcome`` (dealer, who sat out, declarers, won, explanation) so reports need no
replay, and fills them by replaying every session. A migration is the one place where rows are
updated: the append-only triggers are dropped and re-created inside the same transaction.
Version 3 adds the ``verified`` table of check marks (append-only like the rest); it changes no
row, so a version-2 ledger that cannot be written now (a read-only file or folder, another
writer) is read as it is: every command that only reads works on it, ``check`` replays it all.
Version 4 adds ``seating_changes``, ``payments`` and ``reopenings`` (append-only), and lets a
session hold more than one closing (a reopened session closed again): ``closings`` is rebuilt
without its ``UNIQUE`` on ``session_id``, its rows copied as they are. A version-3 ledger read as
it is has no seating changes, payments or reopenings, which is what it holds.
Version 5 adds a tournament's ``rounds`` and ``round_tables`` (append-only); no row changes.
``tournament_events`` (latecomers, withdrawals, a round's draw constraints, paper totals) came
later within version 5: a ledger without it gets it with its first event (``insert_event``).
"""

from __future__ import annotations

import json
import sqlite3
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any, Protocol

from ..errors import LedgerError, ScoreError, StorageError
from ..files import os_problem
from ..i18n import Text
from ..rules.model import Seating, TableRules
from ..rules.play import recorded_seating
from ..session.fold import replay
from .schema import SCHEMA_VERSION, SESSION_CHANGE_TABLES, TOURNAMENT_EVENT_TABLES, TOURNAMENT_TABLES, _triggers, add_tables
from .sqlite_errors import storage_error


class Ledger(Protocol):
    """What a migration needs of the ledger it upgrades (``store.Ledger`` is one): its file, its
    connection, its write transaction and its games."""

    @property
    def path(self) -> Path: ...

    @property
    def conn(self) -> Any: ...

    def write(self, wait: float | None = None, scope: int | None = None) -> AbstractContextManager[Any]: ...

    def games(self, session_id: int | None = None) -> Any: ...


# The oldest schema this program reads as it is when it cannot migrate it now (its rows are those
# of the current schema; only the check marks are missing).
READS_AS_IS = 2


def backup(ledger: Ledger, version: int) -> Path:
    """Copy the ledger with SQLite's backup API before touching it, once: a migration that fails
    leaves the ledger as it was, so the backup made before the first try still is its copy."""
    assert ledger.conn is not None
    target = ledger.path.with_name(f"{ledger.path.stem}.v{version}-backup{ledger.path.suffix}")
    if target.exists():
        return target
    try:
        dest = sqlite3.connect(target)
    except sqlite3.Error as exc:  # a folder that takes no file
        raise storage_error(exc, str(target)) from exc
    try:
        ledger.conn.backup(dest)
    except BaseException:
        dest.close()
        target.unlink(missing_ok=True)  # no half copy that a later try would take for the backup
        raise
    dest.close()
    return target


def _v1_to_v2(ledger: Ledger, conn: sqlite3.Connection) -> None:
    conn.execute("ALTER TABLE games ADD COLUMN outcome TEXT NOT NULL DEFAULT '{}'")
    conn.execute("ALTER TABLE restatements ADD COLUMN outcome TEXT NOT NULL DEFAULT '{}'")
    for t in ("games", "restatements"):
        conn.execute(f"DROP TRIGGER IF EXISTS {t}_no_update")
    for (sid,) in conn.execute("SELECT id FROM sessions ORDER BY id").fetchall():
        valid = [rec for rec in ledger.games(sid) if rec.valid]  # replayed in hand order, voids left out
        # an entry that names its dealer or who sat out seats its hand as the program that wrote it did
        hands = ((rec.entry, rec.rules, None if rec.entry.dealer or rec.entry.sitting_out
                  else _paid_seating(rec.rules, rec.payouts)) for rec in valid)
        for rec, played in zip(valid, replay(hands), strict=True):
            summary = json.dumps(played.summary(), ensure_ascii=False)
            conn.execute("UPDATE games SET outcome=? WHERE id=?", (summary, rec.id))
            conn.execute("UPDATE restatements SET outcome=? WHERE game_id=?", (summary, rec.id))
    for stmt in _triggers():
        if "_no_update" in stmt and stmt.split()[2].split("_no_")[0] in ("games", "restatements"):
            conn.execute(stmt)


def _paid_seating(rules: TableRules, payouts: dict[str, int]) -> Seating | None:
    """Who sat a version-1 hand out, as its stored payouts say (they name the players of the
    hand), and who dealt it: the player sitting out whose left neighbour played (the rotation
    seats the ``seats`` players after the dealer). A version-1 row records no seating, so its
    payouts are the facts that keep its figures (RULES §1); None where they say nothing (every
    player seated) or do not fit the table.

    >>> from schafkopf_score.table import make_rules
    >>> five = make_rules("bavarian", ["A", "B", "C", "D", "E"])
    >>> _paid_seating(five, {"A": 50, "C": -50, "D": 50, "E": -50})
    Seating(dealer='B', active=('A', 'C', 'D', 'E'), sitting_out=('B',))
    """
    players = list(rules.players)
    out = [p for p in players if p not in payouts]
    if not out or len(players) - len(out) != rules.seats or any(n not in players for n in payouts):
        return None
    dealer = next((p for i, p in enumerate(players) if p in out and players[(i + 1) % len(players)] not in out), None)
    return recorded_seating(rules, dealer, out)


def _v2_to_v3(ledger: Ledger, conn: sqlite3.Connection) -> None:
    conn.execute("CREATE TABLE IF NOT EXISTS verified (id INTEGER PRIMARY KEY, "
                 "session_id INTEGER NOT NULL REFERENCES sessions(id), fingerprint TEXT NOT NULL, "
                 "verified_at TEXT NOT NULL, program TEXT NOT NULL DEFAULT '')")
    for stmt in _triggers(("verified",)):
        conn.execute(stmt.replace("CREATE TRIGGER", "CREATE TRIGGER IF NOT EXISTS", 1))


def _v3_to_v4(ledger: Ledger, conn: sqlite3.Connection) -> None:
    add_tables(conn, SESSION_CHANGE_TABLES)
    # closings without UNIQUE(session_id): the rows copied as they are, the triggers made again
    conn.execute("CREATE TABLE closings_v4 (id INTEGER PRIMARY KEY, session_id INTEGER NOT NULL "
                 "REFERENCES sessions(id), created_at TEXT NOT NULL, balances TEXT NOT NULL, "
                 "bookings TEXT NOT NULL DEFAULT '{}')")
    conn.execute("INSERT INTO closings_v4(id, session_id, created_at, balances, bookings) "
                 "SELECT id, session_id, created_at, balances, bookings FROM closings ORDER BY id")
    conn.execute("DROP TABLE closings")  # its triggers go with it
    conn.execute("ALTER TABLE closings_v4 RENAME TO closings")
    for stmt in _triggers(("closings",)):
        conn.execute(stmt)
    # a check reads each session's closings and payouts by its number
    conn.execute("CREATE INDEX IF NOT EXISTS closings_session ON closings(session_id, id)")
    conn.execute("CREATE INDEX IF NOT EXISTS payments_session ON payments(session_id, id)")


def _v4_to_v5(ledger: Ledger, conn: sqlite3.Connection) -> None:
    add_tables(conn, (*TOURNAMENT_TABLES, *TOURNAMENT_EVENT_TABLES))


STEPS = {1: _v1_to_v2, 2: _v2_to_v3, 3: _v3_to_v4, 4: _v4_to_v5}

# The storage failures that mean the file or its folder takes no writes now (as opposed to a
# step that fails)
_CANNOT_WRITE = ("busy", "read_only", "full", "unopenable")


def _cannot_write(exc: BaseException) -> bool:
    return isinstance(exc, StorageError) and exc.kind in _CANNOT_WRITE


def migrate(ledger: Ledger, version: int) -> bool:
    """Bring a ledger of an older schema ``version`` up to date (backup first). Returns False,
    having changed nothing, when the ledger cannot be written now and ``version`` is one this
    program reads as it is (``READS_AS_IS``); an older one is then refused."""
    try:
        backup(ledger, version)
    except (OSError, StorageError) as exc:
        if version >= READS_AS_IS:
            return False
        problem = exc.problem if isinstance(exc, StorageError) else os_problem(exc)
        raise LedgerError(Text("data.ledger_unwritable", path=str(ledger.path), problem=problem),
                          Text("data.ledger_unwritable_hint")) from None
    try:
        with ledger.write() as conn:
            current = int(conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()[0])
            if current != version:  # another process migrated it meanwhile
                return True
            try:
                while current < SCHEMA_VERSION:
                    STEPS[current](ledger, conn)
                    current += 1
                conn.execute("DELETE FROM meta WHERE key='schema_version'")
                conn.execute("INSERT INTO meta VALUES ('schema_version', ?)", (str(current),))
            except Exception as exc:
                if _cannot_write(exc):
                    raise
                problem = exc.problem if isinstance(exc, StorageError) else (
                    exc.text if isinstance(exc, ScoreError) else str(exc))
                raise LedgerError(Text("data.migration_failed", path=str(ledger.path), version=version,
                                       problem=problem), Text("data.migration_failed_hint")) from exc
    except StorageError as exc:  # another writer holds the lock; a write in a step, or the commit, was refused
        if ledger.conn is not None and ledger.conn.in_transaction:  # a refused COMMIT leaves it open
            ledger.conn.execute("ROLLBACK")
        if version >= READS_AS_IS:
            return False
        if exc.kind == "busy":
            raise
        raise LedgerError(Text("data.ledger_unwritable", path=str(ledger.path), problem=exc.problem),
                          Text("data.ledger_unwritable_hint")) from None
    except LedgerError as exc:  # the lock could not be taken: a read-only file or folder
        if version >= READS_AS_IS and exc.text.key == "data.ledger_unwritable":
            return False
        raise
    return True
