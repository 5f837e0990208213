"""The ledger's schema: its tables, the append-only triggers that guard them, and which tables
each schema version added. The store makes a ledger with it, ``migrations`` upgrades an older one
to it, and PostgreSQL speaks it in its dialect."""

from __future__ import annotations

import sqlite3

from .keys import KEYS_DDL

SCHEMA_VERSION = 5

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE rulesets (
    id INTEGER PRIMARY KEY,
    hash TEXT NOT NULL UNIQUE,
    json TEXT NOT NULL
);
CREATE TABLE sessions (
    id INTEGER PRIMARY KEY,
    opened_at TEXT NOT NULL
);
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    hand INTEGER NOT NULL,
    replaces INTEGER REFERENCES games(id),
    created_at TEXT NOT NULL,
    game TEXT NOT NULL,
    entry TEXT NOT NULL,
    typed TEXT NOT NULL DEFAULT '',
    ruleset_id INTEGER NOT NULL REFERENCES rulesets(id),
    unit TEXT NOT NULL,
    payouts TEXT NOT NULL,
    stock INTEGER NOT NULL DEFAULT 0,
    outcome TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX games_session ON games(session_id, hand);
CREATE TABLE voids (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL UNIQUE REFERENCES games(id),
    created_at TEXT NOT NULL,
    kind TEXT NOT NULL,
    reason TEXT NOT NULL DEFAULT ''
);
CREATE TABLE restatements (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id),
    created_at TEXT NOT NULL,
    payouts TEXT NOT NULL,
    stock INTEGER NOT NULL DEFAULT 0,
    outcome TEXT NOT NULL DEFAULT '{}',
    cause TEXT NOT NULL DEFAULT ''
);
CREATE INDEX restatements_game ON restatements(game_id, id);
CREATE TABLE closings (
    id INTEGER PRIMARY KEY,
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    created_at TEXT NOT NULL,
    balances TEXT NOT NULL,
    bookings TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX closings_session ON closings(session_id, id);
CREATE TABLE verified (
    id INTEGER PRIMARY KEY,
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    fingerprint TEXT NOT NULL,
    verified_at TEXT NOT NULL,
    program TEXT NOT NULL DEFAULT ''
);
CREATE TABLE seating_changes (
    id INTEGER PRIMARY KEY,
    session_id INTEGER REFERENCES sessions(id),
    hand INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    other TEXT NOT NULL DEFAULT '',
    players TEXT NOT NULL
);
CREATE TABLE payments (
    id INTEGER PRIMARY KEY,
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    hand INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    player TEXT NOT NULL,
    amounts TEXT NOT NULL,
    transfers TEXT NOT NULL
);
CREATE INDEX payments_session ON payments(session_id, id);
CREATE TABLE reopenings (
    id INTEGER PRIMARY KEY,
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    closing_id INTEGER NOT NULL UNIQUE REFERENCES closings(id),
    created_at TEXT NOT NULL,
    reason TEXT NOT NULL DEFAULT ''
);
CREATE TABLE rounds (
    id INTEGER PRIMARY KEY,
    round INTEGER NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    method TEXT NOT NULL,
    seed TEXT NOT NULL DEFAULT ''
);
CREATE TABLE round_tables (
    id INTEGER PRIMARY KEY,
    round INTEGER NOT NULL REFERENCES rounds(round),
    tisch INTEGER NOT NULL,
    session_id INTEGER NOT NULL UNIQUE REFERENCES sessions(id),
    players TEXT NOT NULL,
    UNIQUE (round, tisch)
);
CREATE TABLE tournament_events (
    id INTEGER PRIMARY KEY,
    created_at TEXT NOT NULL,
    kind TEXT NOT NULL,
    round INTEGER NOT NULL DEFAULT 0,
    name TEXT NOT NULL DEFAULT '',
    data TEXT NOT NULL DEFAULT '{}'
);
"""
# the tables schema 4 added (players joining, leaving, renamed; a player paid out early; a
# closed session reopened): an older schema read as it is has none of them
SESSION_CHANGE_TABLES = ("seating_changes", "payments", "reopenings")
# the tables schema 5 added (a tournament's rounds, and its tables of each round: which players
# sit at table N, and the session that holds that table's games)
TOURNAMENT_TABLES = ("rounds", "round_tables")
# a tournament's events (a latecomer added, a player withdrawn, a round's draw constraints and
# stand-ins, a table's paper totals): added to schema 5 without a new version number, made by
# the first write of an event in a ledger that lacks it (``Ledger.insert_event``)
TOURNAMENT_EVENT_TABLES = ("tournament_events",)
_APPEND_ONLY = ("rulesets", "sessions", "games", "voids", "restatements", "closings", "verified", *SESSION_CHANGE_TABLES,
                *TOURNAMENT_TABLES, *TOURNAMENT_EVENT_TABLES)


def _triggers(tables: tuple[str, ...] = _APPEND_ONLY) -> list[str]:
    out = []
    for t in tables:
        for op in ("UPDATE", "DELETE"):
            out.append(
                f"CREATE TRIGGER {t}_no_{op.lower()} BEFORE {op} ON {t} "
                f"BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END"
            )
    return out


def _words(sql: str) -> str:
    """A statement compared by its words: spaces and line breaks, the case of keywords and a
    final semicolon make no difference (the quoted message's case does)."""
    import re

    words = " ".join(sql.replace(";", " ; ").split()).rstrip("; ")
    return re.sub(r"'[^']*'|[^']+", lambda m: m.group(0) if m.group(0).startswith("'") else m.group(0).upper(), words)



def schema_statements() -> list[str]:
    # with the table server's own keys table (not guarded: no row of the ledger's own depends on it)
    return [s for s in _SCHEMA.split(";") if s.strip()] + _triggers() + [KEYS_DDL]


def add_tables(conn: sqlite3.Connection, tables: tuple[str, ...]) -> None:
    """Make the tables a schema version added, with their append-only triggers."""
    for stmt in schema_statements():
        words = stmt.split()
        if stmt.strip().startswith("CREATE TABLE") and words[2] in tables:
            conn.execute(stmt.replace("CREATE TABLE", "CREATE TABLE IF NOT EXISTS", 1))
        if stmt.startswith("CREATE TRIGGER") and words[2].split("_no_")[0] in tables:
            conn.execute(stmt.replace("CREATE TRIGGER", "CREATE TRIGGER IF NOT EXISTS", 1))
