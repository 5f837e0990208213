"""Loading a JSON export into an empty ledger, checked, inside the caller's transaction.

``load`` checks what the rows must say of themselves, hands every session to the replay audit
and inserts the rows in batches under the ids it gives them. The sessions are worked in chunks
of about ``CHUNK_GAMES`` games; an export of more than one chunk is worked by helper processes
(one per core, see ``helpers``) while this process inserts what they give back, chunk by chunk
in the export's order. A chunk's checks that reach across chunks (a session twice, an open
session before a later one) are made here, and every refusal is ranked by where a single pass would have met
it, so the import refuses exactly what, and where, one process working alone would.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from orjson import dumps as _orjson_dumps
from orjson import loads as _orjson_loads

from ..errors import InvalidEntry, ScoreError
from ..i18n import Join, Text
from ..memo import collection_paused
from ..rules.model import GameEntry, TableRules, entry_names
from ..session.fold import SessionLog, carried_on, renames
from ..session.records import Closing, GameRecord, Payment, SeatChange, SessionInfo
from ..session.tournament import EVENTS
from .dump import ExportProblem, RawSession, _fast_encoder, _not_an_export, check_export_head, check_ruleset, problem_text
from .helpers import _Chunk, _usable_cores, _work
from .helpers import _Helpers as _Helpers  # (tests reach the helpers through this module)
from .marks import RowFingerprints
from .store import Ledger

# what a chunk holds (a session is never split): what a helper works at a time; a chunk ends at
# so many games, or at so many characters of text (long texts in the rows: memory stays flat)
CHUNK_GAMES = 2048
CHUNK_CHARS = 4 << 20

_INSERT = {  # in the order a chunk is written: every row after the rows it refers to
    "sessions": "INSERT INTO sessions(id, opened_at) VALUES (?,?)",
    "games": ("INSERT INTO games(id, session_id, hand, replaces, created_at, game, entry, typed, ruleset_id, unit, "
              "payouts, stock, outcome) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)"),
    "restatements": ("INSERT INTO restatements(id, game_id, created_at, payouts, stock, outcome, cause) "
                     "VALUES (?,?,?,?,?,?,?)"),
    "voids": "INSERT INTO voids(id, game_id, created_at, kind, reason) VALUES (?,?,?,?,?)",
    "closings": "INSERT INTO closings(id, session_id, created_at, balances, bookings) VALUES (?,?,?,?,?)",
    "reopenings": "INSERT INTO reopenings(id, session_id, closing_id, created_at, reason) VALUES (?,?,?,?,?)",
    "payments": ("INSERT INTO payments(id, session_id, hand, created_at, player, amounts, transfers) "
                 "VALUES (?,?,?,?,?,?,?)"),
}
# the rows a chunk makes without their ids: the inserting process numbers them on, as the
# database would (one more than the last), so that it knows them (``RowFingerprints``)
_NUMBERED = ("restatements", "voids", "reopenings", "payments")

# where in a session a refusal is met, in the order a single pass meets them: the session's id
# (twice in the export), its rows, an open session before it, its replay
_AT_ID, _AT_ROWS, _AT_OPEN_BEFORE, _AT_REPLAY = range(4)

_CAUGHT = (KeyError, TypeError, ValueError, AttributeError, OverflowError)  # a row no program wrote


class Audit(Protocol):
    """The audit ``load`` hands each session's log to, as loaded (``audit.ImportAudit``: the
    checks of ``session.checks``, the same as ``check``'s)."""

    open_before: int | None  # an open session seen last: a later session refuses the import
    closed: list[int]  # the closed sessions audited, to be marked verified
    fingerprints: dict[int, str] | None  # the sessions' fingerprints, where ``load`` worked them out

    @classmethod
    def fresh(cls) -> Audit:
        """An audit for one chunk, in whichever process works it (nothing read of the ledger)."""
        ...

    def session(self, log: SessionLog) -> None: ...

    def open_before_refusal(self, session_id: int) -> Exception: ...


@dataclass
class _Context:
    """What every chunk is checked against, worked out once from the export's head and the
    ledger (helpers get it when they start)."""

    rules: dict[str, TableRules]
    ruleset_ids: dict[str, int]
    units: dict[str, str]  # what each ruleset's games are counted in (a tournament's: points)
    aliases: dict[str, str]  # the renames: they link the names of the closings checked
    seated: dict[Any, list[str]]  # a tournament table's players, by the session's id in the export
    audit: type[Audit] | None


@dataclass
class _Done:
    """A chunk worked: its rows by table (its closings numbered from 1: the inserting process
    moves them on), the game rows, the export ids of the sessions met, the closed sessions
    audited, an open session at its end, and the first refusal met (where, how far in, what)."""

    rows: dict[str, list[tuple[Any, ...]]]
    count: int = 0
    export_ids: list[Any] = field(default_factory=list)
    closed: list[int] = field(default_factory=list)
    open_at_end: int | None = None
    closings: int = 0
    problem: tuple[int, int, BaseException] | None = None


def _refusal(exc: BaseException) -> BaseException:
    """A row no program wrote, as the import's refusal: what is wrong with it in its own words
    (an ``ExportProblem``), else as a missing field (a ``KeyError``: the key it missed) or a
    value of another kind than its field's; the ``ScoreError``s pass as they are."""
    if isinstance(exc, ExportProblem):
        return _not_an_export(exc.text)
    if not isinstance(exc, _CAUGHT):
        return exc
    if isinstance(exc, KeyError) or isinstance(getattr(exc, "text", None), Text):  # the field it missed
        return _not_an_export(Text("data.export_field", problem=problem_text(exc)))
    return _not_an_export(Text("data.export_field_kind"))  # a value of another kind (Python's words say nothing here)


def _all_plain(values: Iterable[Any]) -> bool:
    """Whether no text among ``values`` (or in a list among them) holds a character that is not
    printable: the usual case, at C speed; ``_plain`` words what is wrong where this says no."""
    for value in values:
        t = type(value)
        if t is str:
            if not value.isprintable():
                return False
        elif t is list and not _all_plain(value):
            return False
    return True


def _plain(value: Any, field: str, where: Any) -> None:
    """Refuse a text of the export that holds an invisible or control character (an ANSI escape
    in a void's reason, a right-to-left override in a comment): no program of ours stored it,
    and shown it would steer the terminal or hide what is there."""
    if type(value) is str and not value.isprintable():
        from ..rules.names import hidden_character

        hidden = hidden_character(value)
        if hidden:
            raise ExportProblem(Text("data.export_hidden", where=where, field=field, value=repr(value[:40]),
                                     what=hidden[1], pos=hidden[0]))
    elif type(value) is list:
        for item in value:
            _plain(item, field, where)


def _whole(value: Any, field: str, where: Any) -> None:
    """Refuse a number of the export (a hand, a round, a table) that is no whole number a ledger
    stores (text, a fraction, a flag, below 0, or beyond what a database column holds)."""
    if type(value) is not int or not 0 <= value < 2**62:
        raise ExportProblem(Text("data.export_bad_number", where=where, field=field, value=repr(value)[:40]))


def _next_id(conn: Any, table: str) -> int:
    return int(conn.execute(f"SELECT coalesce(max(id), 0) FROM {table}").fetchone()[0]) + 1


def load(ledger: Ledger, conn: Any, data: Any, family: str | None = None, audit: Audit | None = None, *,
         workers: int | None = None, chunk_games: int | None = None) -> int:
    """Insert a JSON export into an empty ledger inside the caller's transaction, checking on
    the way what the rows must say of themselves: every ruleset is a table of ``family``, every
    entry and stored amount has fields of the right types. ``audit`` is handed each session's
    log as it was inserted (a chunk worked by a helper gets a ``fresh`` one there): it runs the
    checks of ``session.checks`` on it (zero sums, hand numbers, the replay, the closing),
    before anything is committed. ``workers``: how many
    helper processes work a large export (default and at most: one per core; 1: none); ``chunk_games``: how
    many games make a chunk (default ``CHUNK_GAMES``).
    Returns the number of game rows loaded."""
    check_export_head(data)
    try:
        rules = {k: check_ruleset(v, family) for k, v in data["rulesets"].items()}
        changes = data.get("seating_changes", [])
        rounds = data.get("rounds", [])
        for c in changes:
            for key in ("kind", "name", "other", "players", "created_at"):
                _plain(c[key], key, "seating_changes")
            _whole(c["hand"], "hand", "seating_changes")
        for r in rounds:
            _whole(r["round"], "round", "rounds")
            at_round = Text("data.export_where_round", round=r["round"])
            for key in ("method", "seed", "created_at"):
                _plain(r[key], key, at_round)
            for tab in r["tables"]:
                _plain(tab["players"], "players", at_round)
                _whole(tab["tisch"], "tisch", at_round)
        for e in data.get("tournament_events", []) if rounds else []:
            _whole(e["round"], "round", "tournament_events")
        ctx = _Context(
            rules=rules,
            ruleset_ids={k: ledger.ruleset_id(r) for k, r in rules.items()},
            units={k: "point" if rounds else _family_unit(r.family) for k, r in rules.items()},
            aliases=renames([*ledger.seating_changes(), *(SeatChange(None, 0, "", str(c["kind"]), str(c["name"]),
                                                                        str(c["other"]), []) for c in changes)]),
            seated=_seated(rounds, data.get("tournament_events", [])),
            audit=type(audit) if audit is not None else None)
        first_sid, first_gid = _next_id(conn, "sessions"), _next_id(conn, "games")
        chunks = _chunks(data["sessions"], chunk_games or CHUNK_GAMES, first_sid, first_gid)
        # a ledger that held no session: the fingerprints of its sessions are worked out from the
        # rows as they are inserted (a tournament's tables and draws are read back as ever)
        digests = None
        if audit is not None and not rounds and _next_id(conn, "sessions") == 1:
            digests = ledger.row_fingerprints()
        inserter = _Inserter(conn, audit, {t: _next_id(conn, t) for t in ("closings", *_NUMBERED)}, digests)
        # helpers beyond the cores would only share them (and take memory each)
        cores = _usable_cores()
        _work(chunks, ctx, load_chunk, inserter.take, min(workers or cores, cores))
        session_ids = inserter.session_ids
        for table in ("sessions", "games", "closings", *_NUMBERED):  # the ids were given here: the database counts on
            ledger.after_bulk_insert(conn, table)
        if audit is not None:
            audit.fingerprints = digests.digests() if digests is not None else None
        for r in rounds:  # a tournament's rounds, each table to its session as loaded
            conn.execute("INSERT INTO rounds(round, created_at, method, seed) VALUES (?,?,?,?)",
                         (int(r["round"]), str(r["created_at"]), str(r["method"]), str(r["seed"])))
            for tab in r["tables"]:
                conn.execute("INSERT INTO round_tables(round, tisch, session_id, players) VALUES (?,?,?,?)",
                             (int(r["round"]), int(tab["tisch"]), session_ids[tab["session_id"]],
                              json.dumps([str(n) for n in tab["players"]], ensure_ascii=False)))
        placed = {tab["session_id"]: (r["round"], tab["tisch"]) for r in rounds for tab in r["tables"]}
        in_force: dict[Any, bool] = {}  # a table's paper totals in force, by its session in the export
        for e in data.get("tournament_events", []) if rounds else []:
            kind, event = str(e["kind"]), checked_event(str(e["kind"]), e["data"])
            if kind in ("totals", "totals_replace", "totals_void"):
                _paper_totals(kind, event, e["round"], placed, ctx.seated, in_force)
            if "session" in event:  # a table's paper totals (and their corrections) belong to its session as loaded
                event["session"] = session_ids[int(event["session"])]
            ledger.insert_event(conn, kind, int(e["round"]), str(e["name"]), event, created_at=str(e["created_at"]))
        for session, held in in_force.items():  # a table's totals come from its hands, or from paper
            played = conn.execute("SELECT count(*) FROM games g WHERE session_id = ? AND NOT EXISTS "
                                  "(SELECT 1 FROM voids v WHERE v.game_id = g.id)", (session_ids[session],)).fetchone()
            if held and played[0]:
                round_no, tisch = placed[session]
                raise ExportProblem(Text("data.export_totals_turn", round=round_no, tisch=tisch, kind=repr("totals")))
        for c in changes:  # a change between sessions, or in a session not exported, has no session
            ledger.insert_seating_change(conn, session_ids.get(c["session_id"]), int(c["hand"]), str(c["kind"]),
                                         str(c["name"]), str(c["other"]), [str(n) for n in c["players"]],
                                         created_at=str(c["created_at"]))
    except _CAUGHT as exc:
        raise _refusal(exc) from None
    return inserter.count


def _paper_totals(kind: str, event: dict[str, Any], round_no: Any, placed: dict[Any, tuple[Any, Any]],
                  seated: dict[Any, list[str]], in_force: dict[Any, bool]) -> None:
    """A table's paper totals as ``tournament enter --totals`` records them: at a table of the
    event's round, every player of it named once, summing to zero; entered where none are in
    force, replaced or voided where some are."""
    session = event.get("session")
    if session not in placed or placed[session] != (round_no, event.get("tisch", placed[session][1])):
        raise ExportProblem(Text("data.export_event", kind=repr(kind), key=repr("session")))
    round_no, tisch = placed[session]
    if (kind == "totals") == in_force.get(session, False):
        raise ExportProblem(Text("data.export_totals_turn", round=round_no, tisch=tisch, kind=repr(kind)))
    in_force[session] = kind != "totals_void"
    if kind == "totals_void":
        return
    players = seated.get(session, [])
    totals = event.get("totals", {})
    if sorted(totals) != sorted(players) or not {*event.get("solos", {}), *event.get("won", {})} <= set(players):
        raise ExportProblem(Text("data.export_totals_players", round=round_no, tisch=tisch, names=Join(players)))
    if sum(totals.values()) != 0:
        raise ExportProblem(Text("data.export_totals_not_zero", round=round_no, tisch=tisch,
                                 total=f"{sum(totals.values()):+d}"))


def _seated(rounds: list[Any], events: Any) -> dict[Any, list[str]]:
    """Who sits at each exported table (by the export's session id): as drawn, or as the
    round's latest reseating event says (a round drawn again, two players swapped)."""
    from ..session.records import RoundTable
    from ..session.tournament import reseated

    seating: dict[int, Any] = {}
    for e in events if isinstance(events, list) else []:
        if isinstance(e, dict) and e.get("kind") == "reseat" and isinstance(e.get("data"), dict):
            tables = e["data"].get("tables")
            if isinstance(tables, list) and all(isinstance(t, list) for t in tables) and type(e.get("round")) is int:
                seating[e["round"]] = [[str(n) for n in t] for t in tables]
    drawn = [RoundTable(int(r["round"]), int(tab["tisch"]), tab["session_id"], [str(n) for n in tab["players"]])
             for r in rounds for tab in r["tables"]]
    return {t.session_id: list(t.players) for t in reseated(drawn, seating)}


def checked_event(kind: str, data: Any) -> dict[str, Any]:
    """A tournament event of an export, as ``insert_event`` writes it; anything else (an unknown
    kind or key, a value of another shape, a hidden character in a text) is refused."""
    from ..rules.names import hidden_character

    # the kinds of tournament event, each with the shape of its facts (``session.tournament``:
    # a key's kind, ``names``: a list of names, ``points``: name -> whole number)
    event = EVENTS.get(kind)
    shape = event.SHAPE if event is not None else None
    if shape is None or type(data) is not dict or not set(data) <= set(shape):
        raise ExportProblem(Text("data.export_event", kind=repr(kind[:40]), key=""))

    def text(v: Any) -> bool:
        return type(v) is str and len(v) <= 1000 and not hidden_character(v)

    def whole(v: Any) -> bool:
        return type(v) is int and abs(v) <= 10**12

    ok: dict[str, Callable[[Any], bool]] = {"text": text, "int": whole,
          "names": lambda v: type(v) is list and all(text(x) for x in v),
          "points": lambda v: type(v) is dict and all(text(k) and whole(x) for k, x in v.items()),
          "pairs": lambda v: type(v) is list and all(type(p) is list and len(p) == 2 and all(text(x) for x in p)
                                                     for p in v),
          "tables": lambda v: type(v) is list and len(v) <= 10_000 and all(
              type(t) is list and len(t) <= 5 and all(text(x) for x in t) for t in v)}
    for key, value in data.items():
        if not ok[shape[key]](value):
            raise ExportProblem(Text("data.export_event", kind=repr(kind[:40]), key=repr(key[:40])))
    return dict(data)


def _chunks(sessions: Iterable[Any], size: int, sid: int, gid: int) -> Iterator[_Chunk]:
    """The export's sessions in chunks of about ``size`` games (or ``CHUNK_CHARS`` characters),
    each with the ids its first session and game take; where the text breaks off, a chunk with
    the ``problem``."""
    if not isinstance(sessions, Iterator):  # an export read whole: its sessions as they are, in one chunk
        yield _Chunk(list(sessions), sid, gid)
        return
    batch: list[RawSession] = []
    games = chars = 0
    opening: dict[str, int] = {}  # what the last session of the chunk before carried on
    try:
        for s in sessions:
            batch.append(s)
            games += len(s.games)
            chars += len(s.head) + sum(map(len, s.games))
            if games >= size or chars >= CHUNK_CHARS:
                yield _Chunk(batch, sid, gid, opening=opening)
                sid, gid = sid + len(batch), gid + games
                opening = _carried(batch[-1])
                batch, games, chars = [], 0, 0
    except (ValueError, RecursionError, ScoreError) as exc:  # the text of the export breaks off here
        if batch:
            yield _Chunk(batch, sid, gid)
        yield _Chunk([], sid, gid, problem=exc)
        return
    if batch:
        yield _Chunk(batch, sid, gid, opening=opening)


def _carried(raw: RawSession) -> dict[str, int]:
    """What a session of the export carried on to the next at its close (a head that cannot be
    read carries nothing: its own chunk refuses it)."""
    try:
        head = json.loads(raw.head)
        c = head.get("closing") or {}
        return carried_on(SessionInfo(0, "", str(c.get("created_at")), c.get("balances"), c.get("bookings") or {}))
    except (ValueError, TypeError, AttributeError, RecursionError):
        return {}


class _Inserter:
    """Takes the chunks' work in the export's order: makes the checks that reach across
    chunks, raises the first refusal a single pass would have met, and inserts the rows."""

    def __init__(self, conn: Any, audit: Audit | None, next_ids: dict[str, int], digests: RowFingerprints | None) -> None:
        self.conn = conn
        self.audit = audit
        self.next_cid = next_ids["closings"]
        self.next_ids = next_ids  # the id the next row of each of the tables ``_NUMBERED`` takes
        self.digests = digests
        self.open_before = audit.open_before if audit is not None else None
        self.session_ids: dict[Any, int] = {}  # export id -> ledger id
        self.count = 0

    def take(self, chunk: _Chunk, done: _Done | None) -> None:
        if chunk.problem is not None or done is None:
            raise chunk.problem or AssertionError("a chunk without its work")
        met: list[tuple[int, int, BaseException]] = []
        if self.open_before is not None and self.audit is not None:
            met.append((0, _AT_OPEN_BEFORE, self.audit.open_before_refusal(self.open_before)))
        for pos, eid in enumerate(done.export_ids):
            if eid in self.session_ids:
                met.append((pos, _AT_ID, _refusal(ExportProblem(Text("data.export_session_twice", id=repr(eid))))))
                break
        if done.problem is not None:
            met.append(done.problem)
        if met:
            raise min(met, key=lambda m: (m[0], m[1]))[2]
        for pos, eid in enumerate(done.export_ids):
            self.session_ids[eid] = chunk.first_sid + pos
        self.open_before = done.open_at_end
        if self.audit is not None:
            self.audit.closed.extend(done.closed)
        shift = self.next_cid - 1  # the chunk numbered its closings from 1
        if shift:
            done.rows["closings"] = [(c[0] + shift, *c[1:]) for c in done.rows["closings"]]
            done.rows["reopenings"] = [(r[0], r[1] + shift, *r[2:]) for r in done.rows["reopenings"]]
        self.next_cid += done.closings
        for table in _NUMBERED:
            rows = done.rows[table]
            if rows:
                first = self.next_ids[table]
                done.rows[table] = [(i, *r) for i, r in enumerate(rows, first)]
                self.next_ids[table] = first + len(rows)
        for table, rows in done.rows.items():
            if rows:
                self.conn.executemany(_INSERT[table], rows)
        if self.digests is not None:  # (after the rows went in: a value SQLite refuses refused the import)
            self.digests.add(done.rows)
        self.count += done.count


def load_chunk(chunk: _Chunk, ctx: _Context) -> _Done:
    """Check, audit and turn into rows the sessions of one chunk. Stops at the first refusal
    and says where it was met. The cycle collector is held meanwhile (a chunk's rows, records
    and replays refer to no cycle and are freed as they go; each of its passes would walk
    every object alive, the replay's memos included: a tenth of a season's import)."""
    with collection_paused():
        return _load_chunk(chunk, ctx)


def _load_chunk(chunk: _Chunk, ctx: _Context) -> _Done:
    done = _Done({table: [] for table in _INSERT})
    audit = ctx.audit.fresh() if ctx.audit is not None else None
    sid, gid, cid = chunk.first_sid, chunk.first_gid, 1
    opening = chunk.opening or {}  # the Stock the session before carried on to the next
    seen: set[Any] = set()
    memos = _Memos()
    for pos, s in enumerate(chunk.sessions):
        at = _AT_ROWS
        try:
            if isinstance(s, RawSession):
                games = s.games
                s = _parse(s.head)
                s["games"] = map(_parse, games)
            eid = s["id"]
            if type(eid) is not int:  # a ledger's session ids are whole numbers
                raise ExportProblem(Text("data.export_bad_session_id", id=repr(eid)[:40]))
            if eid in seen:
                at = _AT_ID
                raise ExportProblem(Text("data.export_session_twice", id=repr(eid)))
            seen.add(eid)
            done.export_ids.append(eid)
            if s.get("opening") and not opening:  # an evening exported alone that opened with a carried Stock
                raise InvalidEntry(Text("data.import_opening", session=eid), Text("data.import_opening_hint"))
            loaded, gid, cid = _load_session(ctx, s, sid, gid, cid, done, opening, memos)
            opening = carried_on(loaded.info)
            sid += 1
            if audit is not None:
                at = _AT_REPLAY
                audit.session(loaded)
        except (*_CAUGHT, RecursionError, ScoreError) as exc:
            done.problem = (pos, at, _refusal(exc))
            break
    if audit is not None:
        done.closed, done.open_at_end = audit.closed, audit.open_before
    done.closings = cid - 1
    return done


# every digit as 0, every other byte a blank: a line with 19 digits in a row may hold a whole
# number beyond 64 bits, which orjson reads as a float where ``json`` reads it whole
_DIGITS = bytes(48 if 48 <= b <= 57 else 32 for b in range(256))
_LONG_NUMBER = b"0" * 19


def _parse(text: str) -> Any:
    """A game's line of the export as ``json.loads`` reads it: orjson reads it (the same values,
    in half the time: a game's line was the helpers' largest single cost), but for a line with
    19 digits in a row (a whole number beyond 64 bits: orjson makes it a float) or one orjson
    refuses (``NaN``, a lone surrogate, a blank around it): those ``json.loads`` reads as before,
    or refuses in the words (line and column) the import quotes."""
    if _LONG_NUMBER not in text.encode("utf-8", "surrogatepass").translate(_DIGITS):
        try:
            return _orjson_loads(text)
        except ValueError:  # (orjson.JSONDecodeError is one)
            pass
    return json.loads(text)


def _key(value: Any) -> bytes | None:
    """A key that names a JSON value whole (orjson's text of it, ten times quicker than the
    stored text ``json`` makes): None for a value it would not name apart (orjson writes NaN
    and infinities as ``null``: a key with a ``null`` is not used) or cannot write (a whole
    number beyond 64 bits, a lone surrogate)."""
    try:
        key = _orjson_dumps(value)
    except TypeError:  # (orjson.JSONEncodeError is one)
        return None
    return None if b"null" in key else key


class _Memos:
    """What a chunk's sessions repeat, made once per distinct value (bounded: memory stays
    flat): an entry's stored text and the entry it reads as, the stored texts of a hand's
    payouts and outcome."""

    LIMIT = 4096

    def __init__(self) -> None:
        self.entries: dict[bytes, tuple[str, GameEntry]] = {}
        self.texts: dict[bytes, str] = {}  # a hand's outcome: its stored text
        self.payouts: dict[tuple[tuple[str, int], ...], str] = {}
        # a game's name, a unit: one text each, so that a chunk's rows carry it once to the
        # inserting process (pickle writes a text it has written already as a reference)
        self.words: dict[str, str] = {}

    def keep_entry(self, key: bytes, text: str, entry: GameEntry) -> None:
        """Remember an entry's stored text and the entry it reads as, checked (a frozen value,
        shared), by its ``_key``."""
        if len(self.entries) >= self.LIMIT:
            self.entries.clear()
        self.entries[key] = (text, entry)

    def text(self, value: Any, dumps: Callable[[Any], str]) -> str:
        """``dumps(value)``, made once per distinct value (by its ``_key``)."""
        key = _key(value)
        return dumps(value) if key is None else self._made(self.texts, key, value, dumps)

    def payouts_text(self, payouts: dict[str, int], dumps: Callable[[Any], str]) -> str:
        """``dumps(payouts)`` of payouts checked by ``_stored_amounts`` (names to whole numbers)."""
        return self._made(self.payouts, tuple(payouts.items()), payouts, dumps)

    def _made(self, memo: dict[Any, str], key: Any, value: Any, dumps: Callable[[Any], str]) -> str:
        text = memo.get(key)
        if text is None:
            if len(memo) >= self.LIMIT:
                memo.clear()
            text = memo[key] = dumps(value)
        return text


def _where(g: Any) -> Text:
    return Text("data.export_where_game", game=repr(g.get("id"))[:20])


def _record(fields: dict[str, Any]) -> GameRecord:
    """A ``GameRecord`` of fields the import checked, made at once from a dict of them (its
    dataclass ``__init__`` sets its 18 frozen fields one by one; keywords would copy the dict
    once more; tests/store/test_import_helpers.py checks the two make equal records)."""
    record = object.__new__(GameRecord)
    record.__dict__.update(fields)
    return record


def _load_session(ctx: _Context, s: dict[str, Any], sid: int, next_id: int, next_cid: int,
                  done: _Done, opening: dict[str, int] | None = None,
                  memos: _Memos | None = None) -> tuple[SessionLog, int, int]:
    """One session's rows checked and added to ``done``; returns it as the audit reads it (with
    the Stock the session before carried on to it, ``opening``), and the next game and closing
    ids. The checks run in the order a refusal names the first problem met; the usual case (no
    text to look at twice) takes the short way."""
    pending = done.rows
    memos = memos or _Memos()
    dumps = _fast_encoder()
    known = entry_names()
    rules, ruleset_ids, units, aliases = ctx.rules, ctx.ruleset_ids, ctx.units, ctx.aliases
    opened_at = str(s["opened_at"])
    pending["sessions"].append((sid, opened_at))
    ids: dict[int, int] = {}
    edited: dict[int, int] = {}  # the rows voided as edited and not yet replaced -> their hands
    records: list[GameRecord] = []
    games_rows, restatement_rows, void_rows = pending["games"], pending["restatements"], pending["voids"]
    words, entries, payout_texts = memos.words, memos.entries, memos.payouts
    for g in s["games"]:
        entry = g["entry"]
        if type(entry) is not dict or not entry.keys() <= known or type(entry.get("game")) is not str:
            raise ExportProblem(Text("data.export_bad_entry", game=g.get("id")))
        # an entry met before was read and found plain before, and its stored text made (one
        # key, one entry: ``_key`` names a value whole, 1 apart from 1.0 and true)
        entry_key = _key(entry)
        met = entries.get(entry_key) if entry_key is not None else None
        if met is not None:
            entry_text, parsed = met
        else:
            try:
                entry_text = dumps(entry)
            except RecursionError:  # (nested deeper than anything an entry holds: refused just below)
                entry_text = ""
            parsed = GameEntry.from_dict(entry)  # every field of its option's type
            if not _all_plain(entry.values()):
                where = _where(g)
                for name, value in entry.items():
                    _plain(value, name, where)
            if entry_text and entry_key is not None:
                memos.keep_entry(entry_key, entry_text, parsed)
        typed = g["typed"]
        if type(typed) is not str or not typed.isprintable():
            _plain(typed, "typed", _where(g))
        created_at = g["created_at"]
        if type(created_at) is not str or not created_at.isprintable():
            _plain(created_at, "created_at", _where(g))
        hand = g["hand"]
        if type(hand) is not int or hand < 1:
            raise ExportProblem(Text("data.export_bad_hand", game=g.get("id"), hand=repr(hand)))
        if type(g["id"]) is not int:  # a ledger's game ids are whole numbers
            raise ExportProblem(Text("data.export_bad_value", game=repr(g["id"])[:40], field="id",
                                     value=repr(g["id"])[:40]))
        if g["id"] in ids:
            raise ExportProblem(Text("data.export_game_twice", id=repr(g["id"])))
        if g["game"] != entry["game"]:
            raise ExportProblem(Text("data.export_bad_value", game=g.get("id"), field="game", value=repr(g["game"])))
        restatements = g["restatements"]
        # the row as first stored and every restatement: the same shape as the ledger writes
        if restatements == []:  # (the usual case: the checks of ``_stored_amounts``, which words a refusal)
            payouts = g["payouts"]
            if (type(payouts) is not dict or not _STR.issuperset(map(type, payouts))
                    or not _INT.issuperset(map(type, payouts.values())) or type(g["stock"]) is not int
                    or type(g["outcome"]) is not dict):
                _stored_amounts(g, g.get("id"))
            last = g
        else:
            for row in (g, *restatements):
                _stored_amounts(row, g.get("id"))
                # every row as it stood sums to zero (the row in force is checked with the replay)
                total = sum(row["payouts"].values()) + row["stock"]
                if total and g["unit"] in ("cent", "point"):
                    raise ExportProblem(Text("data.export_row_not_zero", game=g.get("id"), total=f"{total:+d}"))
            last = restatements[-1] if restatements else g
        payouts, stock, outcome = last["payouts"], last["stock"], last["outcome"]
        unit = g["unit"]
        if unit != (units.get(g["ruleset"]) or unit) or type(unit) is not str:
            raise ExportProblem(Text("data.export_bad_value", game=g.get("id"), field="unit", value=repr(unit)))
        void = g["void"]
        new_id = ids[g["id"]] = next_id
        next_id += 1
        ruleset = g["ruleset"]
        if type(created_at) is not str or type(typed) is not str:
            created_at, typed = str(created_at), str(typed)
        replaces = g["replaces"]
        if replaces is not None:  # an edit: it replaces an earlier row of its hand, voided as edited
            if type(replaces) is not int or edited.get(replaces) != hand:
                raise ExportProblem(Text("data.export_bad_value", game=g.get("id"), field="replaces",
                                         value=repr(replaces)[:40]))
            del edited[replaces]
            replaces = ids[replaces]
        game = words.setdefault(entry["game"], entry["game"])
        stored_payouts = g["payouts"]
        payouts_text = payout_texts.get(tuple(stored_payouts.items())) or memos.payouts_text(stored_payouts, dumps)
        games_rows.append((new_id, sid, hand, replaces, created_at, game, entry_text or dumps(entry), typed,
                           ruleset_ids[ruleset], words.setdefault(unit, unit), payouts_text,
                           int(g["stock"]), memos.text(g["outcome"], dumps)))
        if restatements:
            where = _where(g)
            for r in restatements:
                _plain(r["cause"], "cause", where)
                _plain(r["created_at"], "created_at", where)
                restatement_rows.append((new_id, str(r["created_at"]), dumps(r["payouts"]), int(r["stock"]),
                                         dumps(r["outcome"]), str(r["cause"])))
        if void:
            where = _where(g)
            for key in ("kind", "reason", "created_at"):
                _plain(void[key], key, where)
            void = (str(void["kind"]), str(void["reason"]), str(void["created_at"]))
            if void[0] == "edit":
                edited[g["id"]] = hand
            void_rows.append((new_id, void[2], void[0], void[1]))
        records.append(_record({
            "id": new_id, "session_id": sid, "hand": hand, "replaces": replaces, "created_at": created_at,
            "game": entry["game"], "entry": parsed, "typed": typed, "rules": rules[ruleset], "unit": unit,
            "payouts": payouts, "stock": stock, "outcome": outcome, "ruleset_id": ruleset_ids[ruleset],
            "void_kind": void[0] if void else None, "void_reason": void[1] if void else "",
            "void_at": void[2] if void else None, "restated": bool(restatements)}))
        done.count += 1
    for game_id in edited:  # an edit's row voided, but no row in its place
        raise ExportProblem(Text("data.export_bad_value", game=game_id, field="void", value=repr("edit")))
    at_session = Text("data.export_where_session", session=repr(s["id"])[:20])
    _plain(s["opened_at"], "opened_at", at_session)
    payments = []
    for pay in s.get("payments", []):
        for key in ("player", "created_at"):
            _plain(pay[key], key, at_session)
        payment = Payment(sid, pay["hand"], str(pay["created_at"]), str(pay["player"]), pay["amounts"],
                          pay["transfers"])
        pending["payments"].append((sid, payment.hand, payment.created_at, payment.player,
                                    dumps(pay["amounts"]), dumps(pay["transfers"])))
        payments.append(payment)
    closings = []
    for old in s.get("reopened_closings", []):
        for key in ("reason", "created_at", "reopened_at"):
            _plain(old[key], key, at_session)
        closing = Closing(next_cid, str(old["created_at"]), old["balances"], old["bookings"], str(old["reopened_at"]),
                          str(old["reason"]))
        next_cid += 1
        pending["closings"].append((closing.id, sid, closing.created_at, dumps(old["balances"]),
                                    dumps(old["bookings"])))
        pending["reopenings"].append((sid, closing.id, closing.reopened_at, closing.reason))
        closings.append(closing)
    c = s["closing"]
    if c:
        _plain(c["created_at"], "created_at", at_session)
        closing = Closing(next_cid, str(c["created_at"]), c["balances"], c["bookings"])
        next_cid += 1
        pending["closings"].append((closing.id, sid, closing.created_at, dumps(c["balances"]),
                                    dumps(c["bookings"])))
        closings.append(closing)
    records.sort(key=_hand_order)  # as ``Ledger.games`` gives them
    if aliases:  # a rename never makes two people who played the same hand one player
        for r in records:
            _one_name_each(r.payouts, aliases, s["id"], r.hand)
    if c and not records:  # a closed evening without a hand: nothing a ledger could hold
        raise ExportProblem(Text("data.export_empty_closed", session=s["id"]))
    info = SessionInfo(id=sid, opened_at=opened_at, closed_at=str(c["created_at"]) if c else None,
                       closing=c["balances"] if c else None, bookings=c["bookings"] if c else {})
    return (SessionLog(info, records, payments, closings, aliases, ctx.seated.get(s["id"]), opening=opening or {}),
            next_id, next_cid)


_STR, _INT = frozenset((str,)), frozenset((int,))  # the one type of a payout's name, and of its amount


def _stored_amounts(row: dict[str, Any], game: Any) -> None:
    """A stored row's payouts (names to whole numbers), Stock (a whole number) and outcome (an
    object), as the ledger writes them; anything else is no export of this program."""
    payouts = row["payouts"]
    if type(payouts) is not dict or not (_STR.issuperset(map(type, payouts)) and _INT.issuperset(map(type, payouts.values()))):
        raise ExportProblem(Text("data.export_bad_payouts", game=game))
    if type(row["stock"]) is not int:
        raise ExportProblem(Text("data.export_bad_value", game=game, field="stock", value=repr(row["stock"])))
    if type(row["outcome"]) is not dict:
        raise ExportProblem(Text("data.export_bad_value", game=game, field="outcome", value=repr(row["outcome"])[:40]))


def _one_name_each(payouts: dict[str, int], aliases: dict[str, str], session: Any, hand: int) -> None:
    """Refuse renames that would count two players of one hand as one person (their balances
    merged): ``player rename`` never gives a name someone else goes by."""
    seen: dict[str, str] = {}
    for name in payouts:
        person = aliases.get(name, name)
        if person in seen:
            raise ExportProblem(Text("data.export_rename_merges", name=seen[person], other=name, person=person,
                                     session=session, hand=hand))
        seen[person] = name


def _family_unit(family: str) -> str:
    from ..rules.registry import find_family

    return find_family(family).unit


def _hand_order(record: GameRecord) -> tuple[int, int]:
    return record.hand, record.id
