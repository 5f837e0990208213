"""Ledger schema migrations: each step runs in one transaction, after a backup of the file.

Version 1 (the first release) stored no outcome summary; version 2 adds ``games.outcome`` and
``restatements.outcome`` (dealer, who sat out, declarers, won, explanation) so reports need no
replay, and fills them by replaying every session. A migration is the one place where rows are
updated: the append-only triggers are dropped and re-created inside the same transaction.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import LedgerError, ScoreError
from .i18n import Text
from .ledger.store import SCHEMA_VERSION, _triggers
from .rules.play import replay

if TYPE_CHECKING:
    from .ledger.store import Ledger


def backup(ledger: Ledger, version: int) -> Path:
    """Copy the ledger with SQLite's backup API before touching it, once: a migration that fails
    leaves the ledger as it was, so the backup made before the first try still is its copy."""
    assert ledger.conn is not None
    target = ledger.path.with_name(f"{ledger.path.stem}.v{version}-backup{ledger.path.suffix}")
    if target.exists():
        return target
    dest = sqlite3.connect(target)
    try:
        ledger.conn.backup(dest)
    finally:
        dest.close()
    return target


def _v1_to_v2(ledger: Ledger, conn: sqlite3.Connection) -> None:
    conn.execute("ALTER TABLE games ADD COLUMN outcome TEXT NOT NULL DEFAULT '{}'")
    conn.execute("ALTER TABLE restatements ADD COLUMN outcome TEXT NOT NULL DEFAULT '{}'")
    for t in ("games", "restatements"):
        conn.execute(f"DROP TRIGGER IF EXISTS {t}_no_update")
    for (sid,) in conn.execute("SELECT id FROM sessions ORDER BY id").fetchall():
        valid = [rec for rec in ledger.games(sid) if rec.valid]  # replayed in hand order, voids left out
        for rec, played in zip(valid, replay((rec.entry, rec.rules) for rec in valid), strict=True):
            summary = json.dumps(played.summary(), ensure_ascii=False)
            conn.execute("UPDATE games SET outcome=? WHERE id=?", (summary, rec.id))
            conn.execute("UPDATE restatements SET outcome=? WHERE game_id=?", (summary, rec.id))
    for stmt in _triggers():
        if "_no_update" in stmt and stmt.split()[2].split("_no_")[0] in ("games", "restatements"):
            conn.execute(stmt)


STEPS = {1: _v1_to_v2}


def migrate(ledger: Ledger, version: int) -> None:
    """Bring a ledger of an older schema ``version`` up to date (backup first)."""
    backup(ledger, version)
    with ledger.write() as conn:
        current = int(conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()[0])
        if current != version:  # another process migrated it meanwhile
            return
        try:
            while current < SCHEMA_VERSION:
                STEPS[current](ledger, conn)
                current += 1
        except Exception as exc:
            problem = exc.text if isinstance(exc, ScoreError) else str(exc)
            raise LedgerError(Text("data.migration_failed", path=str(ledger.path), version=version, problem=problem),
                              Text("data.migration_failed_hint")) from exc
        conn.execute("DELETE FROM meta WHERE key='schema_version'")
        conn.execute("INSERT INTO meta VALUES ('schema_version', ?)", (str(current),))
