"""The ledger, in three rooms: ``store`` (the SQLite file, its schema, locking, inserts and
queries), ``records`` (the frozen row types it hands out) and ``dump`` (the JSON export and
its checked import). Everything that imported ``schafkopf_score.ledger`` imports from here."""

from .dump import (
    DUMP_FORMAT,
    DUMP_VERSION,
    ExportProblem,
    bounded_lines,
    check_export_head,
    export_json,
    load,
    problem_text,
    read_export,
)
from .records import GameRecord, SessionInfo
from .store import (
    _SCHEMA,
    BUSY_TIMEOUT_MS,
    SCHEMA_VERSION,
    Ledger,
    _triggers,
    create_ledger,
    now,
    schema_statements,
)

__all__ = [
    "BUSY_TIMEOUT_MS",
    "DUMP_FORMAT",
    "DUMP_VERSION",
    "ExportProblem",
    "SCHEMA_VERSION",
    "GameRecord",
    "Ledger",
    "SessionInfo",
    "_SCHEMA",
    "_triggers",
    "bounded_lines",
    "check_export_head",
    "create_ledger",
    "export_json",
    "load",
    "now",
    "problem_text",
    "read_export",
    "schema_statements",
]
