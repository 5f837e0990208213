"""SQLite's errors as the ledger's ``StorageError``: what the store's connection raises, and what a
migration's backup raises, in the reader's language where SQLite's words are known."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from ..errors import StorageError
from ..i18n import Text


def is_busy(exc: BaseException) -> bool:
    """Whether an SQLite error means another program holds the ledger (not that it is damaged)."""
    text = str(exc)
    return isinstance(exc, sqlite3.OperationalError) and ("locked" in text or "busy" in text)


def busy_error(path: Path | str) -> StorageError:
    return StorageError(Text("data.ledger_busy", path=str(path)), Text("data.ledger_busy_hint"), kind="busy")


# What SQLite says of a file it cannot use, in the reader's language (anything else is shown as
# SQLite says it).
_SQLITE_PROBLEMS = {
    "file is not a database": "data.sqlite_not_a_database",
    "database disk image is malformed": "data.sqlite_malformed",
    "unable to open database file": "data.sqlite_cannot_open",
    "disk I/O error": "data.sqlite_io_error",
    "attempt to write a readonly database": "data.sqlite_read_only",
    "database or disk is full": "data.sqlite_full",
}


def sqlite_problem(exc: BaseException) -> Text | str:
    """An SQLite error's own words as a message parameter (translated where they are known)."""
    text = str(exc)
    key = _SQLITE_PROBLEMS.get(text)
    return Text(key) if key else text


def storage_error(exc: sqlite3.Error, where: str) -> StorageError:
    """An SQLite error as the ledger's ``StorageError``: another program holding the ledger, a
    file or folder that takes no writes, a full disk, or a file SQLite cannot use (the caller
    raises it ``from exc``)."""
    text = str(exc)
    problem = sqlite_problem(exc)
    if is_busy(exc):
        return busy_error(where)
    if "readonly" in text or "read-only" in text:  # a file or folder that may not be written
        return StorageError(Text("data.ledger_full", problem=problem), Text("data.ledger_read_only_hint"),
                            kind="read_only", problem=problem)
    if "full" in text or "disk I/O" in text:
        return StorageError(Text("data.ledger_full", problem=problem), Text("data.ledger_full_hint"),
                            kind="full", problem=problem)
    return StorageError(Text("data.ledger_unusable", problem=problem), Text("data.ledger_unusable_hint"),
                        kind="unopenable" if "unable to open" in text else "refused", problem=problem)
