"""A tournament's rows (schema 5): its ``rounds`` (number, drawn how, the seed), ``round_tables``
(per round and table number, the players in seat order and the session that holds that table's
games: each table of each round is a session of its own, so its hands, dealer rotation and
corrections work as at any table) and ``tournament_events`` (players added or withdrawn, the
draws, a table's paper totals).

``TournamentRows`` is a part of the ``Ledger`` (which inherits it); ``PostgresLedger`` makes the
events table in its own words.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..session.records import Round, RoundTable, TournamentEvent
from ..session.tournament import Event, reseated
from .connection import now
from .schema import TOURNAMENT_EVENT_TABLES, add_tables


class TournamentRows:
    """A tournament's rounds, tables and events (a part of ``store.Ledger``)."""

    if TYPE_CHECKING:  # what the ledger it is a part of holds
        conn: sqlite3.Connection | None
        old_schema: int | None

        def _table_names(self) -> set[str]: ...

    @property
    def has_tournament_tables(self) -> bool:
        """Whether a tournament's tables (rounds, round tables: schema 5) are there."""
        return self.conn is not None and (self.old_schema is None or self.old_schema >= 5)

    def insert_round(self, conn: sqlite3.Connection, round_no: int, method: str, seed: str,
                     created_at: str | None = None) -> None:
        """A tournament's round drawn (its number, ``random`` or ``ranking``, the seed of the lot)."""
        conn.execute("INSERT INTO rounds(round, created_at, method, seed) VALUES (?,?,?,?)",
                     (round_no, created_at or now(), method, seed))

    def insert_round_table(self, conn: sqlite3.Connection, round_no: int, tisch: int, session_id: int,
                           players: list[str]) -> None:
        """Table ``tisch`` of a round: its players in seat order (the first deals first) and the
        session that holds its hands."""
        conn.execute("INSERT INTO round_tables(round, tisch, session_id, players) VALUES (?,?,?,?)",
                     (round_no, tisch, session_id, json.dumps(players, ensure_ascii=False)))

    def rounds(self) -> list[Round]:
        """Every round drawn, oldest first: ``round``, ``created_at``, ``method``, ``seed``."""
        if not self.has_tournament_tables:
            return []
        assert self.conn is not None
        rows = self.conn.execute("SELECT round, created_at, method, seed FROM rounds ORDER BY round").fetchall()
        return [Round(int(r[0]), r[1], r[2], r[3]) for r in rows]

    def round_tables(self, round_no: int | None = None, drawn: bool = False) -> list[RoundTable]:
        """The tables of a round (or of every round), by round and table number: ``round``,
        ``tisch``, ``session_id``, ``players`` as they sit now (a round drawn again or two
        players swapped: the latest seating recorded for it; ``drawn``: as the draw wrote them,
        which the export keeps)."""
        if not self.has_tournament_tables:
            return []
        assert self.conn is not None
        sql = "SELECT round, tisch, session_id, players FROM round_tables"
        args: tuple[Any, ...] = ()
        if round_no is not None:
            sql += " WHERE round = ?"
            args = (round_no,)
        rows = self.conn.execute(sql + " ORDER BY round, tisch", args).fetchall()
        tables = [RoundTable(int(r[0]), int(r[1]), int(r[2]), json.loads(r[3])) for r in rows]
        return tables if drawn else reseated(tables, self._seatings(round_no))

    def _seatings(self, round_no: int | None = None) -> dict[int, list[list[str]]]:
        """The latest seating recorded for each round drawn again or swapped (round -> players
        by table number)."""
        if self.conn is None or not self._has_events():
            return {}
        sql = "SELECT round, data FROM tournament_events WHERE kind = 'reseat'"
        args: tuple[Any, ...] = ()
        if round_no is not None:
            sql += " AND round = ?"
            args = (round_no,)
        return {int(r[0]): json.loads(r[1]).get("tables", []) for r in self.conn.execute(sql + " ORDER BY id", args)}

    def seating(self, round_no: int | None = None, tisch: int | None = None) -> tuple[int, list[RoundTable]]:
        """The latest round drawn (0: none) and the tables of round ``round_no`` (default: the
        latest; none for a round not drawn), or its table ``tisch`` alone, each as
        ``round_tables`` gives it with the ``standins`` its round's draw seated: one query, for
        a tournament table's every entry."""
        if not self.has_tournament_tables:
            return 0, []
        assert self.conn is not None
        events = self._has_events()  # a ledger made before the events table: no stand-ins recorded
        # the round's draw (its stand-ins) and its latest seating where it was drawn again or swapped
        latest = ("(SELECT e.data FROM tournament_events e WHERE e.kind = '{kind}' AND e.round = "
                  "coalesce(CAST(? AS BIGINT), (SELECT max(round) FROM rounds)) ORDER BY e.id DESC LIMIT 1)")
        draw, seats = ((latest.format(kind="draw"), latest.format(kind="reseat")) if events else
                       ("CAST(NULL AS TEXT)", "CAST(NULL AS TEXT)"))
        rows = self.conn.execute(
            f"SELECT r.last, r.draw, r.seats, t.round, t.tisch, t.session_id, t.players FROM (SELECT max(round) AS "
            f"last, {draw} AS draw, {seats} AS seats FROM rounds) r LEFT JOIN round_tables t ON t.round = "
            "coalesce(CAST(? AS BIGINT), r.last) AND (CAST(? AS BIGINT) IS NULL OR t.tisch = CAST(? AS BIGINT)) "
            "ORDER BY t.tisch",
            ((round_no, round_no) if events else ()) + (round_no, tisch, tisch)).fetchall()
        if not rows:
            return 0, []
        standins = json.loads(rows[0][1]).get("standins", []) if rows[0][1] else []
        reseat = json.loads(rows[0][2]) if rows[0][2] else {}
        after = reseat.get("tables", [])
        standins = reseat.get("standins", standins)  # a redo left out a player withdrawn since the draw

        def players(tisch: int, drawn: str) -> list[str]:
            return list(after[tisch - 1]) if 1 <= tisch <= len(after) else json.loads(drawn)

        return int(rows[0][0] or 0), [_table(int(r[3]), int(r[4]), int(r[5]), players(int(r[4]), r[6]), standins)
                                      for r in rows if r[3] is not None]

    def _ensure_events(self, conn: Any) -> None:
        """Make ``tournament_events`` (with its guards) in a schema-5 ledger made before it
        (inside the caller's transaction, so two writers cannot both make it)."""
        if "tournament_events" in self._table_names():
            return
        self._add_tables(conn, TOURNAMENT_EVENT_TABLES)

    def _add_tables(self, conn: Any, tables: tuple[str, ...]) -> None:
        """Make tables of the schema with their guards, in the database's words
        (``PostgresLedger`` overrides it)."""
        add_tables(conn, tables)

    def insert_event(self, conn: Any, kind: str, round_no: int, name: str, data: dict[str, Any],
                     created_at: str | None = None) -> None:
        """A tournament's event (inside the caller's transaction): its ``kind`` (one of
        ``session.tournament.EVENTS``), the round it belongs to, the player it names,
        and its facts as JSON."""
        self._ensure_events(conn)
        conn.execute("INSERT INTO tournament_events(created_at, kind, round, name, data) VALUES (?,?,?,?,?)",
                     (created_at or now(), kind, round_no, name, json.dumps(data, ensure_ascii=False, sort_keys=True)))

    def record_event(self, conn: Any, event: Event) -> None:
        """A tournament's event (``session.tournament``), inside the caller's transaction."""
        self.insert_event(conn, event.kind, event.round, event.name, event.facts())

    def _has_events(self) -> bool:
        """Whether the ledger holds ``tournament_events`` (a schema-5 ledger made before it gets
        it with its first event). Looked up until it is there, then known: the program never
        drops a table, and a long-lived server asks for the events several times a hand."""
        if not self.__dict__.get("_events_known"):
            self.__dict__["_events_known"] = "tournament_events" in self._table_names()
        return bool(self.__dict__["_events_known"])

    def events(self) -> list[TournamentEvent]:
        """Every tournament event, oldest first: ``kind``, ``round``, ``name``, ``data``,
        ``created_at`` (none in a ledger without the table)."""
        if self.conn is None or not self.has_tournament_tables or not self._has_events():
            return []
        rows = self.conn.execute("SELECT created_at, kind, round, name, data FROM tournament_events ORDER BY id")
        return [TournamentEvent(r[0], r[1], int(r[2]), r[3], json.loads(r[4])) for r in rows.fetchall()]

    def sessions_with_games(self, session_ids: list[int]) -> set[int]:
        """Which of the sessions hold a game row (valid or voided): a table that has entered a
        hand, even one voided since."""
        if self.conn is None or not session_ids:
            return set()
        wanted = set(session_ids)
        return {int(r[0]) for r in self.conn.execute("SELECT DISTINCT session_id FROM games") if int(r[0]) in wanted}

    def tournament_sessions(self) -> set[int]:
        """The sessions that are a tournament's tables (each open for good: never closed, and
        not "an open session before a later one")."""
        if not self.has_tournament_tables:
            return set()
        assert self.conn is not None
        return {int(r[0]) for r in self.conn.execute("SELECT session_id FROM round_tables")}



def _table(round_no: int, tisch: int, session_id: int, players: list[str], standins: Iterable[str]) -> RoundTable:
    """A round's table, with who of its players the draw seated as a stand-in."""
    seated = set(standins)
    return RoundTable(round_no, tisch, session_id, players, tuple(p for p in players if p in seated))
