"""The ledger's JSON dump: ``export_json`` writes it, ``read_export`` streams it back (and
``loading.load`` inserts it into an empty ledger, checking what the rows must say of themselves)."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from ..errors import InvalidEntry
from ..i18n import Text
from ..memo import Memo
from ..rules.model import TableRules
from ..session.fold import carried_on
from .connection import now
from .store import Ledger

DUMP_FORMAT = "schafkopf-score-ledger"
DUMP_VERSION = 1


class ExportProblem(ValueError):
    """What is wrong with an export's text or rows, as a message (``exc.text``) that the
    refusal quotes in the reader's language; ``str(exc)`` is its English."""

    def __init__(self, text: Text) -> None:
        super().__init__(text.render("en"))
        self.text = text

    def __reduce__(self) -> tuple[Any, ...]:  # from a helper process of the import
        return type(self), (self.text,)


def problem_text(exc: BaseException) -> Text | str:
    """An error's message as a parameter: its ``Text`` where it carries one (an
    ``ExportProblem``, a key spec's ``ValueProblem``), else Python's own words."""
    text = getattr(exc, "text", None)
    return text if isinstance(text, Text) else str(exc)


def export_json(ledger: Ledger, session_ids: list[int], table: dict[str, Any]) -> Iterator[str]:
    """The complete ledger rows of the given sessions as JSON text (the ``json`` export), in
    chunks, so a season is written without holding it all in memory.

    Layout (any JSON reader reads it; ``import`` streams it line by line)::

        {"format": ..., "table": ..., "rulesets": ..., "sessions": [
         {"id": 1, "opened_at": ..., "closing": ..., "games": [
          {game},
          {game}
         ]}
        ]}

    A few queries in all (the games of a season in one), and the JSON the ledger stores
    (entries, payouts, outcomes) is spliced in as it is, not decoded and encoded again."""
    enc = json.JSONEncoder(ensure_ascii=False).encode
    dumps = _fast_encoder()  # (the same text for what the ledger's JSON decodes to)
    val = _value_encoder(enc)
    conn = ledger.conn
    wanted = set(session_ids)
    head = {"format": DUMP_FORMAT, "version": DUMP_VERSION, "exported_at": now(), "table": table}
    if conn is None or not wanted:
        yield enc({**head, "rulesets": {}, "sessions": []}) + "\n"
        return
    voids = {r[0]: dumps({"kind": r[1], "reason": r[2], "created_at": r[3]})
             for r in conn.execute("SELECT game_id, kind, reason, created_at FROM voids")}
    # a ledger of schema 1 (read without migrating it) has no outcomes
    r_outcome = "outcome" if ledger.has_column("restatements", "outcome") else "'{}'"
    g_outcome = "outcome" if ledger.has_column("games", "outcome") else "'{}'"
    restated: dict[int, list[str]] = {}
    for r in conn.execute(f"SELECT game_id, created_at, payouts, stock, {r_outcome}, cause FROM restatements ORDER BY id"):
        restated.setdefault(r[0], []).append(
            f'{{"created_at": {enc(r[1])}, "payouts": {r[2]}, "stock": {int(r[3])}, "outcome": {r[4]}, '
            f'"cause": {enc(r[5])}}}')
    infos = list(ledger.sessions())
    closings = {info.id: dumps({"created_at": info.closed_at, "balances": info.closing, "bookings": info.bookings})
                for info in infos if info.closing is not None}
    # the Stock an evening opened with, carried on by the one before, where that one is not in the
    # export (an evening alone): the import says so, rather than finding the Stock short on replay
    openings = {later.id: carried_on(earlier) for earlier, later in zip(infos, infos[1:], strict=False)
                if later.id in wanted and earlier.id not in wanted}
    # schema 4: the closings a reopening set aside, the early payouts, the seating changes
    reopened = ledger.reopened_closings() if ledger.has_session_changes else {}
    paid: dict[int, list[dict[str, Any]]] = {}
    for p in ledger.payments():
        if p.session_id in wanted:
            paid.setdefault(p.session_id, []).append(p.exported())

    def extra(sid: int) -> str:
        earlier = [c.exported() for c in reopened.get(sid, ())]
        payments = paid.get(sid)
        opening = openings.get(sid)
        return (f'"opening": {enc(opening)}, ' if opening else "") + (
            f'"reopened_closings": {enc(earlier)}, ' if earlier else "") + (
            f'"payments": {enc(payments)}, ' if payments else "")

    seating = [c.exported() for c in ledger.seating_changes()]
    opened = {r[0]: r[1] for r in conn.execute("SELECT id, opened_at FROM sessions ORDER BY id") if r[0] in wanted}
    rulesets = {str(r[0]): json.loads(r[1]) for r in conn.execute(
        "SELECT id, json FROM rulesets WHERE id IN (SELECT DISTINCT ruleset_id FROM games)")}
    rounds = tournament_rounds(ledger, wanted)
    # a tournament's events (latecomers, withdrawals, draws' facts, paper totals of exported tables)
    events = [e.exported() for e in ledger.events()
              if "session" not in e.data or e.data.get("session") in wanted] if rounds else []
    yield enc({**head, "rulesets": rulesets, **({"seating_changes": seating} if seating else {}),
               **({"rounds": rounds} if rounds else {}),
               **({"tournament_events": events} if events else {})})[:-1] + ', "sessions": ['
    # every game of the sessions, in session and id order, read as the sessions are written
    games = iter(conn.execute(
        "SELECT session_id, id, hand, replaces, created_at, game, entry, typed, ruleset_id, unit, payouts, stock, "
        f"{g_outcome} FROM games WHERE session_id BETWEEN ? AND ? ORDER BY session_id, id",
        (min(opened, default=0), max(opened, default=0))))
    g = next(games, None)
    text = _encode_text
    words = Memo[str, str](text)  # a game's and a unit's name: a handful of texts
    first = True
    for sid, opened_at in opened.items():
        yield ("\n" if first else ",\n") + (f' {{"id": {sid}, "opened_at": {enc(opened_at)}, '
                                             f'"closing": {closings.get(sid, "null")}, {extra(sid)}"games": [')
        first = False
        lines = []
        while g is not None and g[0] < sid:  # a session between the wanted ones
            g = next(games, None)
        while g is not None and g[0] == sid:
            _, gid, hand, replaces, created_at, game, entry, typed, ruleset, unit, payouts, stock, outcome = g
            lines.append(
                f'{{"id": {gid}, "hand": {hand}, "replaces": {"null" if replaces is None else val(replaces)}, '
                f'"created_at": {text(created_at) if type(created_at) is str else val(created_at)}, '
                f'"game": {words[game] if type(game) is str else val(game)}, "entry": {entry}, '
                f'"typed": {text(typed) if type(typed) is str else val(typed)}, "ruleset": "{ruleset}", '
                f'"unit": {words[unit] if type(unit) is str else val(unit)}, "payouts": {payouts}, '
                f'"stock": {int(stock)}, "outcome": {outcome}, "void": {voids.get(gid, "null")}, '
                f'"restatements": [{", ".join(restated.get(gid, ()))}]}}')
            g = next(games, None)
        yield ("\n  " + ",\n  ".join(lines) if lines else "") + "\n ]}"
    yield "\n]}\n"


# a text as JSON (the C function ``JSONEncoder(ensure_ascii=False).encode`` calls for a text)
_encode_text: Callable[[str], str] = json.encoder.encode_basestring


def _value_encoder(enc: Callable[[Any], str]) -> Callable[[Any], str]:
    """``enc`` (``JSONEncoder(ensure_ascii=False).encode``) of a column's value, the usual
    kinds (a text, NULL, a whole number) without its Python call: the same text."""

    def value(v: Any) -> str:
        t = type(v)
        if t is str:
            return _encode_text(v)
        if v is None:
            return "null"
        if t is int:
            return int.__repr__(v)
        return enc(v)

    return value


def tournament_rounds(ledger: Ledger, wanted: set[int]) -> list[dict[str, Any]]:
    """A tournament's rounds (schema 5) with the tables of each among the exported sessions."""
    if not ledger.has_tournament_tables or ledger.conn is None:
        return []
    rounds: dict[int, dict[str, Any]] = {r.round: {"round": r.round, "created_at": r.created_at, "method": r.method,
                                               "seed": r.seed, "tables": []} for r in ledger.rounds()}
    for t in ledger.round_tables(drawn=True):  # as drawn: a later seating is an event, exported with them
        if t.session_id in wanted and t.round in rounds:
            rounds[t.round]["tables"].append({"tisch": t.tisch, "session_id": t.session_id, "players": t.players})
    return [r for r in rounds.values() if r["tables"]]


LINE_LIMIT = 1 << 20  # an export writes one game a line; a longer line is not an export


def bounded_lines(fh: Any, limit: int = LINE_LIMIT) -> Iterator[str]:
    """The lines of a file, refusing one longer than ``limit`` characters before it is read
    whole (a 100 MB comment must not take the memory of a season)."""
    readline, most = fh.readline, limit + 1
    while True:
        line = readline(most)
        if len(line) > limit and line[-1] != "\n":
            raise ExportProblem(Text("data.export_line_too_long", limit=limit))
        if not line:
            return
        yield line


class RawSession(NamedTuple):
    """One session of an export as its text: the session's own object (without its games) and
    one JSON text per game, parsed where the session is loaded (in a helper process, for a
    large import)."""

    head: str
    games: list[str]


def read_export(lines: Iterator[str]) -> dict[str, Any]:
    """Read an export as ``export_json`` lays it out, streaming: the sessions come as an
    iterator of ``RawSession`` texts, so a season never sits in memory whole; a line the export
    never writes, or an end missing (a copy cut short), refuses it where the iterator meets it.
    Anything laid out otherwise (a re-indented file, say) is read whole with ``json.loads``."""
    first = next(lines, "")
    suffix = ', "sessions": ['
    if not first.rstrip("\n").endswith(suffix):
        whole: dict[str, Any] = json.loads(first + "".join(lines))
        return whole
    head: dict[str, Any] = json.loads(first.rstrip("\n")[: -len(suffix)] + "}")
    head["sessions"] = _raw_sessions(lines)
    return head


def _raw_sessions(lines: Iterator[str]) -> Iterator[RawSession]:
    games_suffix = ', "games": ['
    for line in lines:
        text = line.strip()
        if text == "]}":  # the end of the sessions, and of the export: only blank lines may follow
            for rest in lines:
                if rest.strip():
                    raise _not_an_export(Text("data.export_unexpected_line", line=repr(rest.strip()[:40])))
            return
        if not text.endswith(games_suffix):
            raise _not_an_export(Text("data.export_unexpected_line", line=repr(text[:40])))
        games: list[str] = []
        add = games.append
        for line in lines:
            game = line.strip()
            if game[-1:] == ",":  # (every game but the last)
                if game != "]},":
                    add(game[:-1])
                    continue
                break
            if game == "]}":
                break
            if not game:  # the export writes a game a line, and no empty one
                raise _not_an_export(Text("data.export_unexpected_line", line=repr(game)))
            add(game)
        else:
            raise _cut_short()
        yield RawSession(text[: -len(games_suffix)] + "}", games)
    raise _cut_short()


def _cut_short() -> Exception:
    return InvalidEntry(Text("data.export_cut_short"), Text("data.export_again"))


@functools.cache
def _fast_encoder() -> Any:
    """The C JSON encoder made once (``json.dumps`` builds one per call, a third of an
    import's time); the plain encoder where the C one is missing."""
    try:
        from json.encoder import c_make_encoder, encode_basestring  # type: ignore[attr-defined]

        if c_make_encoder is None:
            raise ImportError
        make = c_make_encoder(None, None, encode_basestring, None, ": ", ", ", False, False, True)
        return lambda obj: "".join(make(obj, 0))
    except ImportError:
        return json.JSONEncoder(ensure_ascii=False).encode


def _not_an_export(what: Text) -> Exception:
    return InvalidEntry(Text("data.not_an_export", what=what), Text("data.not_an_export_hint"))


def check_export_head(data: Any) -> None:
    """Raise unless ``data`` carries the export's format marker and a version we read."""
    if not isinstance(data, dict) or data.get("format") != DUMP_FORMAT:
        raise _not_an_export(Text("data.export_no_marker"))
    if data.get("version") != DUMP_VERSION:
        raise _not_an_export(Text("data.export_version", version=repr(data.get("version"))))


def check_ruleset(data: Any, family: str | None) -> TableRules:
    """A ruleset of an export: a valid table of ``family``, checked as a table file's values are
    (``rules.snapshot.checked``: every tariff a whole number of cents within bounds, every house
    rule as its key spec allows, the players' names), each refusal in the export's words."""
    from ..rules.snapshot import SnapshotError, checked

    if type(data) is dict and type(data.get("family")) is str and family is not None and data["family"] != family:
        raise ExportProblem(Text("data.export_ruleset_family", family=data["family"], ledger=family))
    try:
        checked(data, strict=False)  # (a list as a ruleset stored before could hold it: games twice, or none)
    except SnapshotError as exc:
        raise _ruleset_problem(exc) from None
    # stored as exported: a value its key spec gives another spelling (an alias) stays as written
    return TableRules.from_dict(data)


def _ruleset_problem(exc: Any) -> Exception:
    """A snapshot's refusal (``rules.snapshot.SnapshotError``) as the import words it."""
    key, value = exc.key, exc.value
    if exc.section == "tariff":
        return ExportProblem(Text("data.export_tariff", key=key, value=repr(value)))
    if exc.section == "rules":
        if exc.problem.key in ("data.not_a_key", "data.bock_family"):
            return ExportProblem(Text("data.export_unknown_rule", key=key))
        return ExportProblem(Text("data.item_problem", item=key, problem=exc.problem))
    if not key:  # not a table of keys at all
        return ExportProblem(Text("data.export_ruleset_value", key="ruleset", value=repr(value)[:40]))
    if exc.problem.key == "data.snapshot_key_missing":  # as a missing field of any row
        return ExportProblem(Text("data.export_field", problem=repr(key)))
    if key == "players" and type(value) is list:
        if not value or not all(type(p) is str and p for p in value):
            return ExportProblem(Text("data.export_ruleset_seats"))
        return ExportProblem(Text("data.export_players", problem=exc.problem))
    if key == "seats" and type(value) is int:
        return ExportProblem(Text("data.export_ruleset_seats"))
    return ExportProblem(Text("data.export_ruleset_value", key=key, value=repr(value)[:40]))
