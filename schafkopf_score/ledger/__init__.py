"""The ledger, a module per concept: ``store`` (the ``Ledger``'s core: opening it, the write
lock, a session's log read and appended), ``connection`` (the SQLite connection, the busy
timeout), ``marks`` (check marks, the guards), ``tournament_rows`` (rounds, tables, events) and
``keys`` (the table server's idempotency keys), which the ``Ledger`` inherits; ``schema`` and
``migrations``; ``postgres`` (PostgreSQL's hooks);
``dump`` (the JSON export), ``loading`` (its checked import) and ``helpers`` (the import's helper
processes). Everything that imported ``schafkopf_score.ledger`` imports from here."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from .connection import BUSY_TIMEOUT_MS, busy_timeout, now
from .dump import (
    DUMP_FORMAT,
    DUMP_VERSION,
    ExportProblem,
    bounded_lines,
    check_export_head,
    export_json,
    problem_text,
    read_export,
)
from .keys import ServedKey
from .loading import load
from .schema import _SCHEMA, SCHEMA_VERSION, _triggers, schema_statements
from .store import Ledger, create_ledger


class LedgerPlace(Protocol):
    """Where a table keeps its ledger, and what the ledger must hold (a ``TableConfig``): the
    store names nothing of the table file."""

    @property
    def ledger_url(self) -> str: ...
    @property
    def ledger_path(self) -> Path: ...
    @property
    def family(self) -> str: ...
    @property
    def kind(self) -> str: ...


def open_ledger(cfg: LedgerPlace, *, create: bool = False, migrate: bool = True) -> Ledger:
    """The table's ledger: the SQLite file beside the table file, or the PostgreSQL database its
    ``ledger`` line names."""
    busy_timeout()  # a wait that is no number of seconds is refused before anything is made
    if cfg.ledger_url:
        from .postgres import PostgresLedger

        return PostgresLedger(cfg.ledger_url, create=create, family=cfg.family, migrate=migrate, kind=cfg.kind)
    return Ledger(cfg.ledger_path, create=create, family=cfg.family, migrate=migrate, kind=cfg.kind)


def check_fits(cfg: LedgerPlace) -> None:
    """Open the SQLite ledger ``cfg`` names, if one is there, as a command would, and close it:
    refused as every command would refuse it (games of another family, a tournament's ledger for
    a table file or the other way round, a damaged file). Nothing is made, written or migrated:
    ``new --force`` asks before it writes a table file that could not use the ledger beside it."""
    if not cfg.ledger_url and cfg.ledger_path.exists():
        open_ledger(cfg, migrate=False).close()


class ChangeProbe:
    """A cheap look at a ledger whose value changes with every commit to it (what the table
    server watches to push the changes to the phones); ``waits``: a look that waits itself for
    the next change (PostgreSQL's notifications) rather than being repeated; ``close`` gives
    its connection back."""

    def __init__(self, look: Callable[[], Any], waits: bool = False, close: Callable[[], None] | None = None) -> None:
        self.look = look
        self.waits = waits
        self._close = close

    def __call__(self) -> Any:
        return self.look()

    def close(self) -> None:
        if self._close is not None:
            self._close()


def change_probe(cfg: LedgerPlace, poll: float = 0.1) -> ChangeProbe | None:
    """The probe of the table's ledger (None while a SQLite ledger does not exist yet).

    SQLite: the data version of a connection of the probe's own, and the file's identity
    (device and inode): a ledger moved away and another put in its place (a backup restored)
    is a change, and the probe then reads the file that is there now (its connection would
    otherwise go on watching the old file, deaf to every later write); a file gone raises
    ``FileNotFoundError``."""
    if cfg.ledger_url:
        from .postgres import change_probe as pg_probe

        pg_look, pg_close = pg_probe(cfg.ledger_url, poll)
        return ChangeProbe(pg_look, waits=True, close=pg_close)
    if not cfg.ledger_path.exists():
        return None
    import os
    import sqlite3

    path = cfg.ledger_path
    held: list[Any] = [None, None]  # the connection, and the identity of the file it reads

    def identity() -> tuple[int, int]:
        st = os.stat(path)
        return (st.st_dev, st.st_ino)

    def close() -> None:
        if held[0] is not None:
            held[0].close()
        held[0] = held[1] = None

    def version() -> Any:
        now = identity()
        if now != held[1]:  # the first look, or another file in the ledger's place
            close()
            held[0] = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, check_same_thread=False)
            held[1] = now
        return held[0].execute("PRAGMA data_version").fetchone()[0], now

    return ChangeProbe(version, close=close)


__all__ = [
    "BUSY_TIMEOUT_MS",
    "DUMP_FORMAT",
    "DUMP_VERSION",
    "ChangeProbe",
    "ExportProblem",
    "change_probe",
    "SCHEMA_VERSION",
    "Ledger",
    "ServedKey",
    "_SCHEMA",
    "_triggers",
    "bounded_lines",
    "check_export_head",
    "create_ledger",
    "export_json",
    "load",
    "open_ledger",
    "now",
    "problem_text",
    "read_export",
    "schema_statements",
]
