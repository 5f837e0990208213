"""The check marks: ``verified`` holds, per closed session, the fingerprint (a digest of every
stored row of the session, see ``Marks.fingerprints``) under which ``check`` last replayed it
without a problem. A routine ``check`` replays a closed session again only when its rows no
longer match its latest mark; marks are rows like any other (appended, never changed). And the
append-only guards: which of them no longer guard.

``Marks`` is a part of the ``Ledger`` (which inherits it); ``PostgresLedger`` overrides the
fingerprint's SQL hooks and the guards' look-up.
"""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING, Any

from ..errors import StorageError
from .connection import now
from .schema import SCHEMA_VERSION, _triggers, _words


class Marks:
    """The ledger's check marks and guards (a part of ``store.Ledger``)."""

    if TYPE_CHECKING:  # what the ledger it is a part of holds
        conn: sqlite3.Connection | None
        old_schema: int | None

        @property
        def has_session_changes(self) -> bool: ...
        @property
        def has_tournament_tables(self) -> bool: ...
        def _table_names(self) -> set[str]: ...

    @property
    def has_marks(self) -> bool:
        """Whether this ledger keeps check marks (an older schema read as it is does not)."""
        return self.conn is not None and self.old_schema is None

    def fingerprints(self) -> dict[int, str]:
        """Every session's fingerprint: a digest of all its stored rows (the session, its games
        with entry, payouts, Stock, outcome and the rules snapshot each was recorded with, its
        voids, restatements and closing) and of this program's version. Plain SQL and hashing,
        no replay: a row changed in any way (even behind the program's back) changes it."""
        import hashlib

        if self.conn is None:
            return {}
        start, rulesets = self._fingerprint_parts()
        hashes: dict[int, Any] = {}
        for tag, sql in fingerprint_queries(self.fingerprint_join, self.has_session_changes, self.has_tournament_tables):
            for sid, text in self.conn.execute(sql):
                h = hashes.get(sid)
                if h is None:
                    h = hashes[sid] = hashlib.blake2b(start, digest_size=20)
                h.update(tag)
                h.update(bytes(text) if text is not None else b"\0")
        for sid, rid in self.conn.execute("SELECT DISTINCT session_id, ruleset_id FROM games ORDER BY 1, 2"):
            h = hashes.get(sid)
            if h is not None:
                h.update(b"\x1drs")
                h.update(rulesets.get(rid, b"\0"))
        return {sid: h.hexdigest() for sid, h in hashes.items()}

    def _fingerprint_parts(self) -> tuple[bytes, dict[int, bytes]]:
        """What every fingerprint starts with (this program's version, read when called, and the
        schema's) and each ruleset's digest."""
        import hashlib

        from .. import __version__

        assert self.conn is not None
        rulesets = {rid: hashlib.blake2b(bytes(text), digest_size=16).digest() for rid, text in
                    self.conn.execute(f"SELECT id, {self.fingerprint_blob('json')} FROM rulesets")}
        return f"schafkopf-score {__version__} ledger {SCHEMA_VERSION}".encode(), rulesets

    def row_fingerprints(self) -> RowFingerprints | None:
        """The fingerprints of sessions about to be written whole (an import), worked out from
        their rows as they are inserted (``RowFingerprints``); None where the database joins
        the columns in its own way (PostgreSQL) or keeps no marks: ``fingerprints`` reads them."""
        if (not self.has_marks or not self.has_session_changes or type(self).fingerprint_join is not Marks.fingerprint_join
                or type(self).fingerprint_blob is not Marks.fingerprint_blob):
            return None
        return RowFingerprints(*self._fingerprint_parts())

    # -- what the two databases say differently (``PostgresLedger`` overrides these) ---------
    def fingerprint_join(self, *columns: str) -> str:
        """SQL joining a row's columns into the bytes its fingerprint digests."""
        return _joined(*columns)

    def fingerprint_blob(self, column: str) -> str:
        return f"CAST({column} AS BLOB)"

    def guards_missing(self) -> list[str]:
        """The append-only guards that do not guard: a trigger dropped behind the program's
        back, or one whose definition is not the guard's own (made again ``WHEN 0``, ``AFTER``
        instead of ``BEFORE``, ``UPDATE OF`` one column, a body that does not refuse). What a
        trigger does is read from its definition, word for word as the program makes it; its
        name alone proves nothing."""
        assert self.conn is not None
        want = {_words(stmt): stmt.split()[2] for stmt in _triggers()}
        have = {want[_words(str(sql))] for (sql,) in self.conn.execute(
                    "SELECT sql FROM sqlite_master WHERE type='trigger'") if _words(str(sql)) in want}
        tables = self._table_names()
        return [name for stmt, name in want.items() if name.rsplit("_no_", 1)[0] in tables and name not in have]

    def marks(self) -> dict[int, str]:
        """Each session's latest check mark: the fingerprint it was last verified under."""
        if not self.has_marks:
            return {}
        assert self.conn is not None
        try:
            return {int(sid): str(fp) for sid, fp in self.conn.execute(
                "SELECT session_id, fingerprint FROM verified ORDER BY id")}
        except StorageError:  # the table dropped behind the program's back: nothing verified
            return {}

    def insert_marks(self, conn: sqlite3.Connection, marks: dict[int, str]) -> None:
        """Mark sessions verified under their fingerprints (inside the caller's transaction)."""
        from .. import __version__  # read when called: the program's version as it is then

        stamp = now()
        conn.executemany("INSERT INTO verified(session_id, fingerprint, verified_at, program) VALUES (?,?,?,?)",
                         [(sid, fp, stamp, __version__) for sid, fp in sorted(marks.items())])


def _joined(*columns: str) -> str:
    """SQL that joins a row's columns into one byte string for a fingerprint: a unit separator
    between them (a control character, which the JSON columns never hold unescaped)."""
    return "CAST(" + " || x'1f' || ".join(columns) + " AS BLOB)"


def fingerprint_queries(_joined: Any, session_changes: bool, tournament: bool = False) -> list[tuple[bytes, str]]:
    """(tag, query of (session id, row bytes)) for every kind of row a session's fingerprint
    covers, each in the order the rows were written; ``_joined`` is the database's way of
    joining columns into bytes."""
    rows = [
        (b"\x1ds", "SELECT id, " + _joined("id", "opened_at") + " FROM sessions ORDER BY id"),
        (b"\x1dg", "SELECT session_id, " + _joined(
            "id", "hand", "coalesce(replaces || '', '-')", "created_at", "game", "entry", "typed", "ruleset_id", "unit",
            "payouts", "stock", "outcome") + " FROM games ORDER BY id"),
        (b"\x1dv", "SELECT g.session_id, " + _joined("v.id", "v.game_id", "v.created_at", "v.kind", "v.reason")
         + " FROM voids v JOIN games g ON g.id = v.game_id ORDER BY v.id"),
        (b"\x1dr", "SELECT g.session_id, " + _joined("r.id", "r.game_id", "r.created_at", "r.payouts", "r.stock",
                                                      "r.outcome", "r.cause")
         + " FROM restatements r JOIN games g ON g.id = r.game_id ORDER BY r.id"),
        (b"\x1dc", "SELECT session_id, " + _joined("id", "created_at", "balances", "bookings") + " FROM closings ORDER BY id"),
    ]
    if tournament:  # a tournament table's seating and its round's draw belong to its session
        rows.append((b"\x1dt", "SELECT t.session_id, " + _joined(
            "t.id", "t.round", "t.tisch", "t.players", "r.created_at", "r.method", "r.seed")
            + " FROM round_tables t JOIN rounds r ON r.round = t.round ORDER BY t.id"))
    if not session_changes:
        return rows
    return rows + [
        (b"\x1dp", "SELECT session_id, " + _joined("id", "hand", "created_at", "player", "amounts", "transfers")
         + " FROM payments ORDER BY id"),
        (b"\x1do", "SELECT session_id, " + _joined("id", "closing_id", "created_at", "reason")
         + " FROM reopenings ORDER BY id"),
    ]


_TEXT_OR_WHOLE = frozenset((str, int))


class RowFingerprints:
    """The fingerprints ``Marks.fingerprints`` reads back, worked out from rows as an import
    inserts them into a SQLite ledger that held no session (so the import does not read the
    season back): each row the bytes SQLite's ``_joined`` makes of it (a whole number as its
    digits, a text as its UTF-8, a unit separator between the columns, a row with a NULL column
    as one NUL byte), in the order ``fingerprint_queries`` reads them. Rows come a chunk of whole
    sessions at a time, with their ids, in the order they were inserted; a value of another type
    leaves the fingerprints to ``Marks.fingerprints`` (``digests`` gives None)."""

    def __init__(self, start: bytes, rulesets: dict[int, bytes]) -> None:
        self.start, self.rulesets = start, rulesets
        self.done: dict[int, str] | None = {}

    @staticmethod
    def _joined(values: tuple[Any, ...]) -> bytes:
        if _TEXT_OR_WHOLE.issuperset(map(type, values)):  # (the usual row: its texts and digits at C speed)
            return "\x1f".join(map(str, values)).encode()
        parts = []
        for v in values:
            if v is None:
                return b"\0"
            t = type(v)
            if t is str:
                parts.append(v)
            elif t is int:
                parts.append(str(v))
            else:  # (no import writes one: SQLite's text of it is its own)
                raise TypeError(t)
        return "\x1f".join(parts).encode()

    def add(self, rows: Any) -> None:
        """Rows of whole sessions as inserted, by table, ids first: ``sessions`` (id, opened_at),
        ``games`` (id, session_id, hand, replaces, created_at, game, entry, typed, ruleset_id,
        unit, payouts, stock, outcome), ``voids`` (id, game_id, created_at, kind, reason),
        ``restatements`` (id, game_id, created_at, payouts, stock, outcome, cause), ``closings``
        (id, session_id, created_at, balances, bookings), ``payments`` (id, session_id, hand,
        created_at, player, amounts, transfers), ``reopenings`` (id, session_id, closing_id,
        created_at, reason)."""
        import hashlib

        if self.done is None:
            return
        joined = self._joined
        try:
            parts: dict[int, list[bytes]] = {r[0]: [b"\x1ds" + joined(r)] for r in rows["sessions"]}
            session_of: dict[int, int] = {}
            used: dict[int, set[int]] = {}
            for g in rows["games"]:
                gid, sid = g[0], g[1]
                session_of[gid] = sid
                used.setdefault(sid, set()).add(g[8])
                parts[sid].append(b"\x1dg" + joined((gid, g[2], "-" if g[3] is None else g[3], *g[4:])))
            for r in rows["voids"]:
                parts[session_of[r[1]]].append(b"\x1dv" + joined(r))
            for r in rows["restatements"]:
                parts[session_of[r[1]]].append(b"\x1dr" + joined(r))
            for r in rows["closings"]:
                parts[r[1]].append(b"\x1dc" + joined((r[0], *r[2:])))
            for r in rows["payments"]:
                parts[r[1]].append(b"\x1dp" + joined((r[0], *r[2:])))
            for r in rows["reopenings"]:
                parts[r[1]].append(b"\x1do" + joined((r[0], *r[2:])))
        except (TypeError, KeyError):  # a value SQLite words its own way, a row of no session here
            self.done = None
            return
        for sid, data in parts.items():
            h = hashlib.blake2b(self.start, digest_size=20)
            h.update(b"".join(data))
            for rid in sorted(used.get(sid, ())):
                h.update(b"\x1drs")
                h.update(self.rulesets.get(rid, b"\0"))
            self.done[sid] = h.hexdigest()

    def digests(self) -> dict[int, str] | None:
        """Every session's fingerprint (None: ``Marks.fingerprints`` must read them)."""
        return self.done
