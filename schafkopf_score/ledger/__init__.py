"""The ledger, in three rooms: ``store`` (the SQLite file, its schema, locking, inserts and
queries), ``records`` (the frozen row types it hands out) and ``dump`` (the JSON export and
its checked import). Everything that imported ``schafkopf_score.ledger`` imports from here."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

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
from .loading import load
from .schema import _SCHEMA, SCHEMA_VERSION, _triggers, schema_statements
from .store import BUSY_TIMEOUT_MS, Ledger, busy_timeout, create_ledger, now


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


__all__ = [
    "BUSY_TIMEOUT_MS",
    "DUMP_FORMAT",
    "DUMP_VERSION",
    "ExportProblem",
    "SCHEMA_VERSION",
    "Ledger",
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
