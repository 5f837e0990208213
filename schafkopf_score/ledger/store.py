"""The ledger: an append-only SQLite store of sessions, games, voids and closings.

Rows are never updated or deleted (triggers refuse it): a void, an edit's replacement, a
restatement of a later game's payouts after a correction, a closing, each is a new row. Every
view is derived by replaying a session's valid games.

Durability: rollback journal (``journal_mode = DELETE``) with ``synchronous = FULL``. A
scorekeeper writes one small transaction every few minutes, so WAL's write throughput buys
nothing, while the rollback journal keeps the ledger one self-contained file that can be
copied, mailed or backed up while nobody writes, and needs no shared memory (it works on any
file system the table file is on). Each write takes the lock up front (``BEGIN IMMEDIATE``)
and waits for another writer (busy timeout) instead of failing with "database is locked".

Schema 4 adds ``seating_changes`` (a player added, leaving or renamed, with the hand from which
it counts and the seating after it), ``payments`` (``settle --player``: one player's balance
paid out during the session, as amounts per player and the transfers) and ``reopenings`` (a
closed session reopened, naming the closing it set aside); a session may then hold several
closings, of which the latest one not reopened is its closing.

This module is the ledger's core: opening it (its schema, family and kind checked), the write
lock, the rules snapshots, and a session's log read and appended (sessions, games, voids,
restatements, closings, payments, seating changes, reopenings). Its other parts, which
``Ledger`` inherits: ``connection`` (the SQLite connection whose failures are ``StorageError``s,
the busy timeout), ``marks`` (the check marks' fingerprints, the guards) and
``tournament_rows`` (schema 5: a tournament's rounds, tables and events).
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ..errors import LedgerError, StorageError
from ..files import fsync_dir, remove_orphans
from ..i18n import Text
from ..rules.model import GameEntry, TableRules
from ..session.fold import SessionLog, carried_on, renames
from ..session.records import Closing, GameRecord, Payment, SeatChange, SessionInfo
from .connection import WAITING, _Connection, busy_timeout, now, turn_of
from .keys import ServedKeys
from .marks import Marks
from .schema import SCHEMA_VERSION, schema_statements
from .sqlite_errors import busy_error, is_busy, sqlite_problem, storage_error
from .tournament_rows import TournamentRows


def meta_rows(family: str | None, kind: str | None) -> list[tuple[str, str]]:
    """What a new ledger's ``meta`` holds: its schema version, when it was made, and the family
    and kind of the table file that made it (where it names them)."""
    rows = [("schema_version", str(SCHEMA_VERSION)), ("created_at", now())]
    if family:
        rows.append(("family", family))
    if kind:
        rows.append(("kind", kind))
    return rows


def create_ledger(path: Path, family: str | None = None, kind: str | None = None) -> None:
    """Create a complete, empty ledger at ``path`` atomically: built under a temporary name and
    linked into place only if nothing is there yet (so an existing file is never a half-made
    ledger, and two processes creating it at once end up sharing one)."""
    import os
    import secrets

    remove_orphans(path)  # what a process killed while making it left behind
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    try:
        conn = sqlite3.connect(tmp, isolation_level=None)
        try:
            conn.execute("PRAGMA synchronous = FULL")
            conn.execute("BEGIN")
            for stmt in schema_statements():
                conn.execute(stmt)
            conn.executemany("INSERT INTO meta VALUES (?, ?)", meta_rows(family, kind))
            conn.execute("COMMIT")
        finally:
            conn.close()
        try:
            os.link(tmp, path)
        except FileExistsError:
            pass  # another process made it first: use that one
        fsync_dir(path.parent)
    except sqlite3.Error as exc:  # a folder that takes no file, a full disk
        raise storage_error(exc, str(path)) from exc
    finally:
        if tmp.exists():
            tmp.unlink()


class Ledger(Marks, TournamentRows, ServedKeys):
    """The ledger: the storage interface every command uses, and its SQLite implementation (a
    file beside the table file). ``postgres.PostgresLedger`` is the other implementation; it
    overrides where the ledger is, how it is opened and made, the writer lock, and the few
    pieces of SQL the two databases say differently (the hooks marked below)."""

    # a long-lived door's ledger (``play``, the server): the use cases keep the sessions they fold
    # and fold on from them (``app.state``); a one-shot command reads and folds afresh
    keep_folded = False

    # what a storage failure raises, on either database (made where the store meets it)
    errors: tuple[type[BaseException], ...] = (StorageError,)

    # how a table gets a ledger of its own (a file here; a schema on PostgreSQL)
    own_ledger_hint = "data.ledger_other_family_hint"

    def __init__(self, path: Path | str, *, create: bool = True, family: str | None = None,
                 migrate: bool = True, kind: str | None = None) -> None:
        self.path = Path(path)
        self._rules_cache: dict[int, TableRules] = {}
        self._ruleset_ids: dict[int, tuple[TableRules, int]] = {}
        self._ruleset_digests: dict[str, int] = {}  # a snapshot's hash -> its id, of the rows read
        self._sessions_read: tuple[Any, list[SessionInfo]] | None = None  # (``_read_stamp``, ``sessions()``)
        self.conn: sqlite3.Connection | None = None
        self._family = family
        self._kind = kind
        self._migrate = migrate
        self.old_schema: int | None = None  # an older schema read as it is (migrate=False: a rescue export)
        self._create = False
        self._open(create)

    @property
    def where(self) -> str:
        """Where the ledger is, as messages name it."""
        return str(self.path)

    def _open(self, create: bool) -> None:
        if self.path.exists() and not self.path.is_file():  # a folder, a pipe: SQLite would call it damaged
            raise LedgerError(Text("data.ledger_not_a_file", path=self.where), Text("data.ledger_not_a_file_hint"))
        if self.path.is_symlink() and not self.path.exists():  # a link to a ledger that is gone (a backup disk)
            import os

            raise LedgerError(Text("data.ledger_link_dangles", path=self.where, target=os.readlink(self.path)),
                              Text("data.ledger_link_dangles_hint"))
        if not self.path.exists():
            if create and not self.path.parent.exists():
                raise LedgerError(Text("data.ledger_folder_missing", path=self.where),
                                  Text("data.ledger_folder_missing_hint"))
            # made at the first write, so that an entry refused before it leaves no file behind
            self._create = create
            return
        self._connect()

    def _connect(self) -> None:
        try:
            # mode=rw: never create a file here; a missing ledger is made whole by create_ledger
            conn = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=rw", uri=True,
                                   timeout=busy_timeout(), isolation_level=None, factory=_Connection)
            conn.where = self.where
            self.conn = conn
            self.conn.row_factory = sqlite3.Row
            self.conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout() * 1000)}")
            self.conn.execute("PRAGMA synchronous = FULL")
            self.conn.execute("PRAGMA foreign_keys = ON")
            self._check_opened()
        except sqlite3.DatabaseError as exc:  # SQLite cannot open the file at all
            self.close()
            if is_busy(exc):
                raise busy_error(self.where) from exc
            raise LedgerError(Text("data.ledger_damaged", path=self.where, problem=sqlite_problem(exc)),
                              Text("data.ledger_damaged_hint")) from exc
        except StorageError as exc:  # its first statements failed: busy, else a file SQLite cannot use
            self.close()
            if exc.kind == "busy":
                raise busy_error(self.where) from exc.__cause__
            raise LedgerError(Text("data.ledger_damaged", path=self.where, problem=exc.problem),
                              Text("data.ledger_damaged_hint")) from exc.__cause__
        except LedgerError:
            self.close()
            raise

    def close(self) -> None:
        self._sessions_read = None
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- schema --------------------------------------------------------------------------
    def _check_opened(self) -> None:
        """What every newly opened ledger is checked for: its schema, and that it holds this
        table file's family and kind."""
        self._check_schema()
        if self._family is not None:
            self._check_family(self._family)
        if self._kind is not None:
            self._check_kind(self._kind)

    def _table_names(self) -> set[str]:
        assert self.conn is not None
        return {r[0] for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}

    def _check_schema(self) -> None:
        assert self.conn is not None
        tables = self._table_names()
        if not tables:
            raise LedgerError(Text("data.ledger_empty", path=self.where), Text("data.ledger_damaged_hint"))
        if "meta" not in tables:
            raise LedgerError(Text("data.ledger_foreign", path=self.where), Text("data.ledger_foreign_hint"))
        row = self.conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
        try:
            version = int(row[0]) if row else 0
        except ValueError:
            version = 0
        if version > SCHEMA_VERSION:
            raise LedgerError(Text("data.ledger_too_new", path=self.where, version=version, mine=SCHEMA_VERSION),
                              Text("data.ledger_too_new_hint"))
        if version < 1:
            raise LedgerError(Text("data.ledger_no_version", path=self.where), Text("data.ledger_left_as_is"))
        if version < SCHEMA_VERSION:
            if not self._migrate:
                self.old_schema = version
                return
            self._migrate_from(version)

    def _migrate_from(self, version: int) -> None:
        from .migrations import migrate

        if not migrate(self, version):  # cannot be written now, and readable as it is
            self.old_schema = version

    def family(self) -> str | None:
        """The rule family this ledger's games are of (its own record, else its first game's)."""
        assert self.conn is not None
        row = self.conn.execute("SELECT value FROM meta WHERE key='family'").fetchone()
        if row:
            return str(row[0])
        row = self.conn.execute("SELECT json FROM rulesets ORDER BY id LIMIT 1").fetchone()
        return str(json.loads(row[0]).get("family")) if row else None

    def _check_family(self, family: str) -> None:
        """A table file whose family no longer matches its ledger would price its games anew."""
        mine = self.family()
        if mine is not None and mine != family:
            raise LedgerError(Text("data.ledger_other_family", path=self.where, mine=mine, family=family),
                              Text(self.own_ledger_hint, mine=mine))

    def kind(self) -> str | None:
        """What the ledger keeps: ``table`` (an evening's money) or ``tournament`` (points per
        round and table): its own record, else what its rows show (None while empty)."""
        assert self.conn is not None
        row = self.conn.execute("SELECT value FROM meta WHERE key='kind'").fetchone()
        if row:
            return str(row[0])
        if self.has_tournament_tables and self.conn.execute("SELECT 1 FROM round_tables LIMIT 1").fetchone():
            return "tournament"
        if self.conn.execute("SELECT 1 FROM games LIMIT 1").fetchone():
            return "table"
        return None

    def _check_kind(self, kind: str) -> None:
        """A table file and a tournament never share a ledger: money would be read as points."""
        mine = self.kind()
        if mine is not None and mine != kind:
            raise LedgerError(Text(f"data.ledger_holds_{mine}", path=self.where),
                              Text(f"data.ledger_holds_{mine}_hint"))

    @contextmanager
    def write(self, wait: float | None = None, scope: int | None = None) -> Iterator[sqlite3.Connection]:
        """One write transaction, the lock taken up front; retried while another writer holds it
        (for ``wait`` seconds, default the busy timeout). ``scope``: the one session the
        transaction writes into (a tournament's table), which lets a database that can lock a
        part (PostgreSQL) run the writes of other tables meanwhile; SQLite locks the whole file.
        The ledger is made at its first write (``_make``); how the transaction is begun and its
        lock taken is the database's (``_begin``)."""
        if self.conn is None and self._create:
            self._make()
            self._create = False
            self._connect()
        if self.conn is None:
            raise LedgerError(Text("data.no_ledger_yet", path=self.where), Text("data.record_a_game_first"))
        conn = self.conn
        turn = self._take_turn(wait)
        try:
            self._begin(conn, wait, scope)
            try:
                yield conn
            except BaseException:
                if self._may_roll_back() and conn.in_transaction:  # SQLite has already rolled back after a full disk
                    conn.execute("ROLLBACK")
                self._forget_ids()
                raise
            else:
                try:
                    conn.execute("COMMIT")
                except BaseException:
                    if self._may_roll_back() and conn.in_transaction:  # a refused COMMIT (busy, read-only) leaves it open
                        conn.execute("ROLLBACK")
                    self._forget_ids()
                    raise
        finally:
            if turn is not None:
                turn.release()

    def _take_turn(self, wait: float | None) -> Any:
        """This process's writers of this file, one after another, in the order they came
        (``connection.Turns``, returned to be released after the commit): the table server's
        threads queue here and each is handed the turn the moment the one before it commits,
        instead of each asking SQLite again and again (its busy handler sleeps up to 100 ms
        between two tries and lets a newcomer pass the ones that waited: eight phones posting at
        once saw a median of 13 ms and a p95 of half a second). Other processes (the CLI,
        ``--workers``) still meet at SQLite's lock. Reentrant: a write inside a write of the same
        thread behaves as it did without it. PostgreSQL locks in the database (None here)."""
        turn = turn_of(self.path)
        if not turn.acquire(busy_timeout() if wait is None else wait):
            raise busy_error(self.where)
        return turn

    # -- how the two databases make a ledger and begin a write (``PostgresLedger`` overrides these)
    def _make(self) -> None:
        """Make the ledger whole where it is to be (its first write)."""
        create_ledger(self.path, self._family, self._kind)

    def _begin(self, conn: sqlite3.Connection, wait: float | None, scope: int | None) -> None:
        """Begin the write transaction with the writer lock taken, retried while another writer
        holds it (SQLite locks the whole file: ``scope`` changes nothing)."""
        patience = busy_timeout() if wait is None else wait
        deadline = time.monotonic() + patience
        waiting = WAITING.get()
        if wait is not None or waiting is not None:
            # a session that acts on Ctrl-C while it waits asks SQLite in short slices
            slice_ = patience if waiting is None else min(patience, 0.2)
            conn.execute(f"PRAGMA busy_timeout = {int(slice_ * 1000)}")
        try:
            while True:
                try:
                    conn.execute("BEGIN IMMEDIATE")
                    break
                except StorageError as exc:
                    if exc.kind != "busy":
                        raise LedgerError(Text("data.ledger_unwritable", path=self.where, problem=exc.problem),
                                          Text("data.ledger_unwritable_hint")) from exc.__cause__
                    if time.monotonic() > deadline:
                        raise busy_error(self.where) from exc.__cause__
                    if waiting is not None:
                        waiting()
                    time.sleep(0.05)
        finally:
            if wait is not None or waiting is not None:
                conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout() * 1000)}")

    def _may_roll_back(self) -> bool:
        """Whether a write that failed can still be rolled back here (a lost connection cannot)."""
        return True

    # -- rulesets ------------------------------------------------------------------------
    def _forget_ids(self) -> None:
        """A write rolled back: the rulesets it made are gone, and their ids may be given again."""
        self._ruleset_ids.clear()
        self._ruleset_digests.clear()
        self._rules_cache.clear()

    def ruleset_id(self, rules: TableRules) -> int:
        assert self.conn is not None
        cached = self._ruleset_ids.get(id(rules))
        if cached is not None and cached[0] is rules:
            return cached[1]
        rid = self._ruleset_id(rules)
        self._ruleset_ids[id(rules)] = (rules, rid)  # holding ``rules`` keeps its id from being reused
        return rid

    def _ruleset_id(self, rules: TableRules) -> int:
        assert self.conn is not None
        import hashlib

        text = json.dumps(rules.to_dict(), sort_keys=True, ensure_ascii=False)
        digest = hashlib.sha256(text.encode()).hexdigest()
        known = self._ruleset_digests.get(digest)  # a snapshot read with this ledger's hands
        if known is not None:
            return known
        row = self.conn.execute("SELECT id FROM rulesets WHERE hash=?", (digest,)).fetchone()
        if row:
            return int(row[0])
        # another table's writer may make the same snapshot at the same moment (PostgreSQL lets
        # the tables of a tournament write side by side): the first one's row is taken
        self.conn.execute("INSERT INTO rulesets(hash, json) VALUES (?, ?) ON CONFLICT (hash) DO NOTHING", (digest, text))
        return int(self.conn.execute("SELECT id FROM rulesets WHERE hash=?", (digest,)).fetchone()[0])

    def rules(self, ruleset_id: int) -> TableRules:
        assert self.conn is not None
        if ruleset_id not in self._rules_cache:
            import hashlib

            row = self.conn.execute("SELECT json FROM rulesets WHERE id=?", (ruleset_id,)).fetchone()
            self._rules_cache[ruleset_id] = TableRules.from_dict(json.loads(row[0]))
            # the row's hash is its text's (``_ruleset_id`` writes it so): the next hand under
            # the same rules finds its id here, without a look-up
            self._ruleset_digests[hashlib.sha256(str(row[0]).encode()).hexdigest()] = ruleset_id
        return self._rules_cache[ruleset_id]

    # -- sessions ------------------------------------------------------------------------
    @property
    def has_session_changes(self) -> bool:
        """Whether the tables of a session's changes besides its hands are there (seating
        changes, early payouts, reopenings: schema 4; an older schema read as it is has none)."""
        return self.conn is not None and (self.old_schema is None or self.old_schema >= 4)

    def change_mark(self, session_id: int | None = None) -> tuple[Any, ...] | None:
        """What changes with every row that could change a session's log (its games, any void,
        restatement, closing, reopening, payout, seating change, a new session): a use case that
        kept a session folded (``app.state``) folds it again only when this differs. ``session_id``
        None: the latest session. None without a ledger."""
        if self.conn is None:
            return None
        latest = "coalesce(CAST(? AS BIGINT), (SELECT max(id) FROM sessions))"
        newest = f"(SELECT max(id) FROM games WHERE session_id = {latest})"
        parts = [newest, "(SELECT max(id) FROM voids)",
                 "(SELECT max(id) FROM restatements)", "(SELECT max(id) FROM sessions)",
                 "(SELECT max(id) FROM closings)",
                 # and what the newest hand and void say: a ledger put back from a backup under a
                 # long-lived door is another history, whose highest ids may be the ones kept
                 # (restored, then one hand written by the CLI: hand 2 again, another hand 2)
                 f"(SELECT created_at || ' ' || entry FROM games WHERE id = {newest})",
                 "(SELECT game_id || ' ' || created_at FROM voids WHERE id = (SELECT max(id) FROM voids))"]
        if self.has_session_changes:
            parts += ["(SELECT max(id) FROM payments)", "(SELECT max(id) FROM reopenings)",
                      "(SELECT max(id) FROM seating_changes)"]
        row = self.conn.execute(f"SELECT {', '.join(parts)}", (session_id, session_id)).fetchone()
        return tuple(row)

    def _sessions_sql(self) -> str:
        """Each session with its closing: the latest closing row, unless a reopening set it aside."""
        if not self.has_session_changes:
            return ("SELECT s.id, s.opened_at, c.created_at AS closed_at, c.balances, c.bookings "
                    "FROM sessions s LEFT JOIN closings c ON c.session_id = s.id")
        return ("SELECT s.id, s.opened_at, c.created_at AS closed_at, c.balances, c.bookings FROM sessions s "
                "LEFT JOIN closings c ON c.id = (SELECT max(id) FROM closings WHERE session_id = s.id) "
                "AND NOT EXISTS (SELECT 1 FROM reopenings o WHERE o.closing_id = c.id)")

    def sessions(self) -> list[SessionInfo]:
        """Every session with its closing in force, oldest first. Read again only when the
        ledger changed since the last reading (a command asks more than once: which sessions
        there are, then the season's): the same frozen values, never changed by a reader."""
        if self.conn is None:
            return []
        stamp = self._read_stamp()
        cached = self._sessions_read
        if stamp is not None and cached is not None and cached[0] == stamp:
            return list(cached[1])
        from ..memo import Memo

        # a season's closings repeat their texts (the same evening, the same settlement): each
        # distinct text decoded once, its value shared (frozen, as the list itself is)
        loads = Memo[str, Any](json.loads).__getitem__
        infos = [SessionInfo(sid, opened_at, closed_at, loads(balances) if balances else None,
                             loads(bookings) if bookings else {})
                 for sid, opened_at, closed_at, balances, bookings in self.conn.execute(
                     self._sessions_sql() + " ORDER BY s.id").fetchall()]  # (as ``_session`` reads a row)
        self._sessions_read = (stamp, infos) if stamp is not None else None
        return list(infos)

    def _read_stamp(self) -> tuple[Any, ...] | None:
        """What changes whenever the ledger's rows or tables may have changed: this connection's
        changes, another connection's commits (SQLite's ``data_version``) and the schema; None
        where it cannot be told (PostgreSQL reads again every time)."""
        conn = self.conn
        if conn is None:
            return None
        return (conn, conn.total_changes, conn.execute("PRAGMA data_version").fetchone()[0],
                conn.execute("PRAGMA schema_version").fetchone()[0], self.old_schema)

    def session_ids(self) -> list[int]:
        """Every session's number, oldest first, without its closing (what a pass over every
        hand of the ledger needs: ``rating``, a player's page)."""
        if self.conn is None:
            return []
        return [int(r[0]) for r in self.conn.execute("SELECT id FROM sessions ORDER BY id")]

    def session(self, session_id: int) -> SessionInfo | None:
        if self.conn is None:
            return None
        r = self.conn.execute(self._sessions_sql() + " WHERE s.id=?", (session_id,)).fetchone()
        return self._session(r) if r else None

    @staticmethod
    def _session(r: sqlite3.Row) -> SessionInfo:
        return SessionInfo(
            id=r["id"], opened_at=r["opened_at"], closed_at=r["closed_at"],
            closing=json.loads(r["balances"]) if r["balances"] else None,
            bookings=json.loads(r["bookings"]) if r["bookings"] else {},
        )

    def latest_session(self) -> SessionInfo | None:
        if self.conn is None:
            return None
        row = self.conn.execute("SELECT max(id) FROM sessions").fetchone()
        return self.session(row[0]) if row and row[0] else None

    def open_session_id(self, conn: sqlite3.Connection) -> int:
        """Inside a write: the open session, or a new one if the latest is closed."""
        latest = self.latest_session()
        if latest and latest.closed_at is None:
            return latest.id
        return self.insert_session(conn)

    def session_rules(self, session_id: int) -> TableRules | None:
        """The rules snapshot of a session's last recorded hand (None without hands)."""
        if self.conn is None:
            return None
        row = self.conn.execute("SELECT ruleset_id FROM games WHERE session_id=? ORDER BY hand DESC, id DESC LIMIT 1",
                                (session_id,)).fetchone()
        return self.rules(row[0]) if row else None

    # -- games ---------------------------------------------------------------------------
    # every game row with its void and its latest restatement: the one join every reading of
    # the games makes (plain SQL both ledgers speak)
    _CURRENT = ("FROM games g LEFT JOIN voids v ON v.game_id = g.id "
                "LEFT JOIN restatements r ON r.id = (SELECT max(id) FROM restatements WHERE game_id = g.id) ")
    _GAME_SELECT = ("SELECT g.*, v.kind AS v_kind, v.reason AS v_reason, v.created_at AS v_at, "
                    "r.payouts AS r_payouts, r.stock AS r_stock, r.outcome AS r_outcome " + _CURRENT)
    # a hand as a report reads it: its latest payouts, Stock and outcome, its void's kind and reason
    _HAND_SELECT = ("SELECT g.session_id, g.hand, g.replaces, g.created_at, g.game, g.entry, g.ruleset_id, "
                    "COALESCE(r.payouts, g.payouts), COALESCE(r.stock, g.stock), COALESCE(r.outcome, g.outcome), "
                    "v.kind, v.reason " + _CURRENT)

    def games(self, session_id: int | None = None) -> list[GameRecord]:
        """Every game row of a session (or all), in hand order, voided ones included."""
        if self.conn is None:
            return []
        if session_id is None:
            rows = self.conn.execute(self._GAME_SELECT + "ORDER BY g.session_id, g.hand, g.id").fetchall()
        else:
            rows = self.conn.execute(self._GAME_SELECT + "WHERE g.session_id=? ORDER BY g.hand, g.id",
                                     (session_id,)).fetchall()
        return [GameRecord.from_row(r, self.rules(r["ruleset_id"])) for r in rows]

    def hand_summaries(self, session_ids: list[int]) -> Iterator[dict[str, Any]]:
        """Every hand of the sessions as a light dict (game, void, latest payouts, declarers,
        won), in one query and without parsing entries: what ``stats`` needs, fast. A season
        repeats its payouts (a tariff pays few amounts): each distinct stored text is decoded
        once (bounded memos), so the payouts dicts are shared: read them, never change them."""
        from ..memo import Memo

        if self.conn is None or not session_ids:
            return
        wanted = set(session_ids)
        amounts: Memo[str, dict[str, int]] = Memo(json.loads)

        def facts(text: str) -> tuple[Any, Any]:
            o = json.loads(text)
            return tuple(o.get("declarers", ())), o.get("won")

        outcomes: Memo[str, tuple[Any, Any]] = Memo(facts)
        for sid, game, _, payouts, outcome, void_kind in self.fact_rows(session_ids, whole=False):
            if sid not in wanted:
                continue
            declarers, won = outcomes[outcome]
            yield {"game": game, "void": void_kind is not None, "payouts": amounts[payouts], "declarers": declarers,
                   "won": won}

    def hand_rows(self, session_ids: list[int]) -> Iterator[tuple[Any, ...]]:
        """Every game row of the sessions (ids in order) in hand order, as stored texts (``_HAND_SELECT``'s
        columns): one query for a whole season, read as the caller goes (an export never holds
        more than it writes)."""
        return self._hand_query(self._HAND_SELECT, session_ids)

    # what the ratings and the players' pages read of a hand (``app.hand_facts``): a season's
    # hundred thousand rows, each column one more object made (the rest of ``_HAND_SELECT``'s
    # were a fifth of the reading)
    _FACTS_SELECT = ("SELECT g.session_id, g.hand, g.created_at, g.game, g.entry, g.ruleset_id, "
                     "COALESCE(r.payouts, g.payouts), COALESCE(r.outcome, g.outcome), v.kind " + _CURRENT)
    _MATCH_SELECT = ("SELECT g.session_id, g.game, g.ruleset_id, COALESCE(r.payouts, g.payouts), "
                     "COALESCE(r.outcome, g.outcome), v.kind " + _CURRENT)

    def fact_rows(self, session_ids: list[int], whole: bool = True) -> Iterator[tuple[Any, ...]]:
        """``hand_rows`` as the ratings and the players' pages read them: session, hand, time,
        game, entry, ruleset, payouts, outcome and void kind; not ``whole``: session, game,
        ruleset, payouts, outcome and void kind (what a hand's match is made of)."""
        return self._hand_query(self._FACTS_SELECT if whole else self._MATCH_SELECT, session_ids)

    def _hand_query(self, select: str, session_ids: list[int]) -> Iterator[tuple[Any, ...]]:
        if self.conn is None or not session_ids:
            return iter(())
        if len(session_ids) == 1:
            return iter(self.conn.execute(select + "WHERE g.session_id = ? ORDER BY g.hand, g.id", (session_ids[0],)))
        return iter(self.conn.execute(select + "WHERE g.session_id BETWEEN ? AND ? ORDER BY g.session_id, g.hand, g.id",
                                      (min(session_ids), max(session_ids))))

    def has_games(self, conn: Any) -> bool:
        """Inside a write: whether the ledger holds any game row (an import goes into an empty one)."""
        return bool(conn.execute("SELECT count(*) FROM games").fetchone()[0])

    def game_marks(self, session_ids: list[int]) -> dict[int, tuple[Any, ...]]:
        """Per session: how many game rows and voids it holds and the latest of each (a correction
        changes them, even where the count of valid hands stays)."""
        if self.conn is None or not session_ids:
            return {}
        marks = "(" + ",".join(str(int(s)) for s in session_ids) + ")"
        rows = self.conn.execute(
            "SELECT g.session_id, count(g.id), max(g.id), count(v.id), max(v.id) FROM games g "
            f"LEFT JOIN voids v ON v.game_id = g.id WHERE g.session_id IN {marks} GROUP BY g.session_id").fetchall()
        return {int(r[0]): tuple(r[1:]) for r in rows}

    def valid_games_by_game(self) -> dict[str, int]:
        """How many valid (not voided) game rows the ledger holds, per game (``check`` counts the
        hands among them)."""
        if self.conn is None:
            return {}
        return {str(game): int(n) for game, n in self.conn.execute(
            "SELECT g.game, count(*) FROM games g WHERE NOT EXISTS (SELECT 1 FROM voids v WHERE v.game_id = g.id) "
            "GROUP BY g.game")}

    def valid_game_counts(self, session_ids: list[int]) -> dict[int, int]:
        """How many valid (not voided) hands each of the sessions holds, in one query."""
        if self.conn is None or not session_ids:
            return {}
        counts = {sid: 0 for sid in session_ids}
        for sid, n in self.conn.execute(
                "SELECT g.session_id, count(*) FROM games g WHERE NOT EXISTS (SELECT 1 FROM voids v "
                "WHERE v.game_id = g.id) GROUP BY g.session_id"):
            if int(sid) in counts:
                counts[int(sid)] = int(n)
        return counts

    def insert_game(self, conn: sqlite3.Connection, session_id: int, hand: int, entry: GameEntry, typed: str,
                    rules: TableRules, unit: str, payouts: dict[str, int], stock: int,
                    outcome: dict[str, Any], replaces: int | None = None, created_at: str | None = None) -> int:
        cur = conn.execute(
            "INSERT INTO games(session_id, hand, replaces, created_at, game, entry, typed, ruleset_id, unit, "
            "payouts, stock, outcome) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
            (session_id, hand, replaces, created_at or now(), entry.game,
             json.dumps(entry.to_dict(), ensure_ascii=False), typed, self.ruleset_id(rules), unit,
             json.dumps(payouts, ensure_ascii=False), stock, json.dumps(outcome, ensure_ascii=False)),
        )
        return int(cur.lastrowid or 0)

    def next_hand(self, conn: sqlite3.Connection, session_id: int) -> int:
        row = conn.execute("SELECT max(hand) FROM games WHERE session_id=?", (session_id,)).fetchone()
        return int(row[0] or 0) + 1

    def insert_void(self, conn: sqlite3.Connection, game_id: int, kind: str, reason: str,
                    created_at: str | None = None) -> None:
        conn.execute("INSERT INTO voids(game_id, created_at, kind, reason) VALUES (?,?,?,?)",
                     (game_id, created_at or now(), kind, reason))

    def insert_restatement(self, conn: sqlite3.Connection, game_id: int, payouts: dict[str, int], stock: int,
                           outcome: dict[str, Any], cause: str, created_at: str | None = None) -> None:
        conn.execute(
            "INSERT INTO restatements(game_id, created_at, payouts, stock, outcome, cause) VALUES (?,?,?,?,?,?)",
            (game_id, created_at or now(), json.dumps(payouts, ensure_ascii=False), stock,
             json.dumps(outcome, ensure_ascii=False), cause))

    def insert_closing(self, conn: sqlite3.Connection, session_id: int, balances: dict[str, int],
                       bookings: dict[str, Any], created_at: str | None = None) -> None:
        conn.execute("INSERT INTO closings(session_id, created_at, balances, bookings) VALUES (?,?,?,?)",
                     (session_id, created_at or now(), json.dumps(balances, ensure_ascii=False),
                      json.dumps(bookings, ensure_ascii=False)))

    def insert_session(self, conn: sqlite3.Connection, opened_at: str | None = None) -> int:
        cur = conn.execute("INSERT INTO sessions(opened_at) VALUES (?)", (opened_at or now(),))
        return int(cur.lastrowid or 0)

    # -- the seating, payments, reopenings (schema 4) -------------------------------------
    def insert_seating_change(self, conn: sqlite3.Connection, session_id: int | None, hand: int, kind: str,
                              name: str, other: str, players: list[str], created_at: str | None = None) -> None:
        conn.execute("INSERT INTO seating_changes(session_id, hand, created_at, kind, name, other, players) "
                     "VALUES (?,?,?,?,?,?,?)", (session_id, hand, created_at or now(), kind, name, other,
                                                json.dumps(players, ensure_ascii=False)))

    def seating_changes(self) -> list[SeatChange]:
        """Every player added, leaving or renamed, oldest first."""
        if not self.has_session_changes:
            return []
        assert self.conn is not None
        rows = self.conn.execute("SELECT id, session_id, hand, created_at, kind, name, other, players "
                                 "FROM seating_changes ORDER BY id").fetchall()
        return [SeatChange(r["session_id"], r["hand"], r["created_at"], r["kind"], r["name"], r["other"],
                           json.loads(r["players"])) for r in rows]

    def aliases(self) -> dict[str, str]:
        """Every name that was renamed, to the name the person goes by now (renames chain:
        Ben to Benedikt to Bene gives both earlier names ``Bene``)."""
        return renames(self.seating_changes())

    def known_names(self) -> set[str]:
        """Every name a player was ever seated under at this table (the rules snapshots of the
        hands, and the seating changes)."""
        if self.conn is None:
            return set()
        names: set[str] = set()
        for (text,) in self.conn.execute("SELECT json FROM rulesets"):
            names.update(json.loads(text).get("players", []))
        for change in self.seating_changes():
            names.update(change.players)
            names.add(change.name)
        return names

    def insert_payment(self, conn: sqlite3.Connection, session_id: int, hand: int, player: str,
                       amounts: dict[str, int], transfers: list[dict[str, Any]], created_at: str | None = None) -> None:
        conn.execute("INSERT INTO payments(session_id, hand, created_at, player, amounts, transfers) "
                     "VALUES (?,?,?,?,?,?)", (session_id, hand, created_at or now(), player, json.dumps(amounts, ensure_ascii=False),
                                              json.dumps(transfers, ensure_ascii=False)))

    def payments(self, session_id: int | None = None) -> list[Payment]:
        """A session's early payouts (``settle --player``; None: of every session), oldest first."""
        if not self.has_session_changes:
            return []
        assert self.conn is not None
        sql = "SELECT id, session_id, hand, created_at, player, amounts, transfers FROM payments "
        rows = (self.conn.execute(sql + "ORDER BY id") if session_id is None else
                self.conn.execute(sql + "WHERE session_id=? ORDER BY id", (session_id,))).fetchall()
        return [Payment(r["session_id"], r["hand"], r["created_at"], r["player"], json.loads(r["amounts"]),
                        json.loads(r["transfers"]), r["id"]) for r in rows]

    def closings(self, session_id: int) -> list[Closing]:
        """Every closing of a session, oldest first, each with the reopening that set it aside
        (None for the one in force)."""
        assert self.conn is not None
        if not self.has_session_changes:
            rows = self.conn.execute("SELECT id, created_at, balances, bookings, NULL AS reopened_at, "
                                     "NULL AS reason FROM closings WHERE session_id=? ORDER BY id", (session_id,))
        else:
            rows = self.conn.execute(
                "SELECT c.id, c.created_at, c.balances, c.bookings, o.created_at AS reopened_at, o.reason "
                "FROM closings c LEFT JOIN reopenings o ON o.closing_id = c.id WHERE c.session_id=? ORDER BY c.id",
                (session_id,))
        return [Closing(r["id"], r["created_at"], json.loads(r["balances"]), json.loads(r["bookings"]),
                        r["reopened_at"], r["reason"]) for r in rows.fetchall()]

    def reopened_closings(self) -> dict[int, list[Closing]]:
        """Per session, the closings a reopening set aside (as ``closings`` gives them), oldest
        first: one query for a season (an export writes them with each session)."""
        if not self.has_session_changes:
            return {}
        assert self.conn is not None
        out: dict[int, list[Closing]] = {}
        for r in self.conn.execute(
                "SELECT c.session_id, c.id, c.created_at, c.balances, c.bookings, o.created_at AS reopened_at, "
                "o.reason FROM closings c JOIN reopenings o ON o.closing_id = c.id ORDER BY c.session_id, c.id"):
            if r["reopened_at"] is not None:
                out.setdefault(r["session_id"], []).append(Closing(
                    r["id"], r["created_at"], json.loads(r["balances"]), json.loads(r["bookings"]), r["reopened_at"],
                    r["reason"]))
        return out

    def log(self, info: SessionInfo | None, changes: list[SeatChange] | None = None) -> SessionLog:
        """A session's log: its game rows, early payouts, (a closed one's) closings, its seating
        changes and the renames they make (``changes``: the ledger's seating changes, where the
        caller has read them already)."""
        changes = self.seating_changes() if changes is None else changes
        aliases = renames(changes)
        if info is None:
            return SessionLog(None, aliases=aliases)
        return SessionLog(info, self.games(info.id), self.payments(info.id),
                          self.closings(info.id) if info.closing is not None else [], aliases,
                          seat_changes=[c for c in changes if c.session_id == info.id], opening=self.opening(info.id))

    def opening(self, session_id: int) -> dict[str, int]:
        """The Stock a session opens with: what the session before it carried on at its close
        (``stock_at_close = "carry"``, stored with that closing's settlement), by who paid it in."""
        assert self.conn is not None
        row = self.conn.execute("SELECT max(id) FROM sessions WHERE id < ?", (session_id,)).fetchone()
        return carried_on(self.session(int(row[0]))) if row and row[0] else {}

    def insert_reopening(self, conn: sqlite3.Connection, session_id: int, closing_id: int, reason: str,
                         created_at: str | None = None) -> None:
        conn.execute("INSERT INTO reopenings(session_id, closing_id, created_at, reason) VALUES (?,?,?,?)",
                     (session_id, closing_id, created_at or now(), reason))

    def history(self, session_id: int | None = None) -> list[dict[str, Any]]:
        """Every correction (void, undo, edit) and restatement, oldest first."""
        if self.conn is None:
            return []
        where = "WHERE g.session_id = ?" if session_id is not None else ""
        args = (session_id,) if session_id is not None else ()
        rows = self.conn.execute(
            "SELECT v.created_at AS at, v.kind AS kind, v.reason AS reason, g.hand AS hand, g.session_id AS session, "
            "g.game AS game FROM voids v JOIN games g ON g.id = v.game_id " + where + " "
            "UNION ALL SELECT r.created_at, 'restated', r.cause, g.hand, g.session_id, g.game FROM restatements r "
            "JOIN games g ON g.id = r.game_id " + where + " ORDER BY 1, 4",
            args * 2,
        ).fetchall()
        events = [dict(r) for r in rows]
        if self.has_session_changes:
            # closings that were reopened, and the reopenings: the old closing stays visible
            cwhere = "WHERE o.session_id = ?" if session_id is not None else ""
            for r in self.conn.execute(
                "SELECT c.created_at AS at, 'closed' AS kind, '' AS reason, NULL AS hand, c.session_id AS session, "
                "'' AS game FROM reopenings o JOIN closings c ON c.id = o.closing_id " + cwhere + " "
                "UNION ALL SELECT o.created_at, 'reopened', o.reason, NULL, o.session_id, '' FROM reopenings o "
                + cwhere, args * 2).fetchall():
                events.append(dict(r))
            events.sort(key=lambda e: (e["at"], e["hand"] or 0))
        return events

    # -- what the two databases say differently (``PostgresLedger`` overrides these, and the
    # fingerprint's SQL in ``Marks``) ------------------------------------------------------
    def has_column(self, table: str, column: str) -> bool:
        """Whether a table has a column (a ledger of schema 1 read as it is lacks ``outcome``)."""
        assert self.conn is not None
        return any(c[1] == column for c in self.conn.execute(f"PRAGMA table_info({table})"))

    def after_bulk_insert(self, conn: Any, table: str) -> None:
        """Rows were inserted with ids of their own (an import); SQLite needs nothing more."""
