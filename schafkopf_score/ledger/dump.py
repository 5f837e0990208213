"""The ledger's JSON dump: ``export_json`` writes it, ``read_export`` streams it back, and
``load`` inserts it into an empty ledger, checking what the rows must say of themselves."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ..i18n import Text
from ..rules.model import GameEntry, TableRules, entry_defaults
from ..settle import session_balances
from .records import GameRecord, SessionInfo
from .store import Ledger, aliases_of, now

DUMP_FORMAT = "schafkopf-score-ledger"
DUMP_VERSION = 1


class ExportProblem(ValueError):
    """What is wrong with an export's text or rows, as a message (``exc.text``) that the
    refusal quotes in the reader's language; ``str(exc)`` is its English."""

    def __init__(self, text: Text) -> None:
        super().__init__(text.render("en"))
        self.text = text


def problem_text(exc: BaseException) -> Text | str:
    """An error's message as a parameter: its ``Text`` where it carries one (an
    ``ExportProblem``, a key spec's ``KeyError_``), else Python's own words."""
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

    Four queries in all, and the JSON the ledger stores (entries, payouts, outcomes) is spliced
    in as it is, not decoded and encoded again."""
    enc = json.JSONEncoder(ensure_ascii=False).encode
    conn = ledger.conn
    wanted = set(session_ids)
    head = {"format": DUMP_FORMAT, "version": DUMP_VERSION, "exported_at": now(), "table": table}
    if conn is None or not wanted:
        yield enc({**head, "rulesets": {}, "sessions": []}) + "\n"
        return
    voids = {r[0]: enc({"kind": r[1], "reason": r[2], "created_at": r[3]})
             for r in conn.execute("SELECT game_id, kind, reason, created_at FROM voids")}
    # a ledger of schema 1 (read without migrating it) has no outcomes
    r_outcome = "outcome" if ledger.has_column("restatements", "outcome") else "'{}'"
    g_outcome = "outcome" if ledger.has_column("games", "outcome") else "'{}'"
    restated: dict[int, list[str]] = {}
    for r in conn.execute(f"SELECT game_id, created_at, payouts, stock, {r_outcome}, cause FROM restatements ORDER BY id"):
        restated.setdefault(r[0], []).append(
            f'{{"created_at": {enc(r[1])}, "payouts": {r[2]}, "stock": {int(r[3])}, "outcome": {r[4]}, '
            f'"cause": {enc(r[5])}}}')
    closings = {info.id: enc({"created_at": info.closed_at, "balances": info.closing, "bookings": info.bookings})
                for info in ledger.sessions() if info.closing is not None}
    # schema 4: the closings a reopening set aside, the early payouts, the seating changes
    extra: dict[int, str] = {}
    for sid in wanted:
        earlier = [{"created_at": c["created_at"], "balances": c["balances"], "bookings": c["bookings"],
                    "reopened_at": c["reopened_at"], "reason": c["reason"]}
                   for c in ledger.closings(sid) if c["reopened_at"] is not None] if ledger.has_v4 else []
        payments = [{k: p[k] for k in ("hand", "created_at", "player", "amounts", "transfers")}
                    for p in ledger.payments(sid)]
        extra[sid] = (f'"reopened_closings": {enc(earlier)}, ' if earlier else "") + (
            f'"payments": {enc(payments)}, ' if payments else "")
    seating = [{k: c[k] for k in ("session_id", "hand", "created_at", "kind", "name", "other", "players")}
               for c in ledger.seating_changes()]
    opened = {r[0]: r[1] for r in conn.execute("SELECT id, opened_at FROM sessions ORDER BY id") if r[0] in wanted}
    rulesets = {str(r[0]): json.loads(r[1]) for r in conn.execute(
        "SELECT id, json FROM rulesets WHERE id IN (SELECT DISTINCT ruleset_id FROM games)")}
    rounds = tournament_rounds(ledger, wanted)
    yield enc({**head, "rulesets": rulesets, **({"seating_changes": seating} if seating else {}),
               **({"rounds": rounds} if rounds else {})})[:-1] + ', "sessions": ['
    first = True
    for sid, opened_at in opened.items():
        yield ("\n" if first else ",\n") + (f' {{"id": {sid}, "opened_at": {enc(opened_at)}, '
                                             f'"closing": {closings.get(sid, "null")}, {extra[sid]}"games": [')
        first = False
        lines = []
        for g in conn.execute("SELECT id, hand, replaces, created_at, game, entry, typed, ruleset_id, unit, "
                              f"payouts, stock, {g_outcome} FROM games WHERE session_id = ? ORDER BY id", (sid,)):
            lines.append(
                f'{{"id": {g[0]}, "hand": {g[1]}, "replaces": {enc(g[2])}, "created_at": {enc(g[3])}, '
                f'"game": {enc(g[4])}, "entry": {g[5]}, "typed": {enc(g[6])}, "ruleset": "{g[7]}", '
                f'"unit": {enc(g[8])}, "payouts": {g[9]}, "stock": {int(g[10])}, "outcome": {g[11]}, '
                f'"void": {voids.get(g[0], "null")}, "restatements": [{", ".join(restated.get(g[0], []))}]}}')
        yield ("\n  " + ",\n  ".join(lines) if lines else "") + "\n ]}"
    yield "\n]}\n"


def tournament_rounds(ledger: Ledger, wanted: set[int]) -> list[dict[str, Any]]:
    """A tournament's rounds (schema 5) with the tables of each among the exported sessions."""
    if not ledger.has_v5 or ledger.conn is None:
        return []
    rounds: dict[int, dict[str, Any]] = {}
    for number, created_at, method, seed in ledger.conn.execute(
            "SELECT round, created_at, method, seed FROM rounds ORDER BY id"):
        rounds[number] = {"round": number, "created_at": created_at, "method": method, "seed": seed, "tables": []}
    for number, tisch, sid, players in ledger.conn.execute(
            "SELECT round, tisch, session_id, players FROM round_tables ORDER BY id"):
        if sid in wanted and number in rounds:
            rounds[number]["tables"].append({"tisch": tisch, "session_id": sid, "players": json.loads(players)})
    return [r for r in rounds.values() if r["tables"]]


LINE_LIMIT = 1 << 20  # an export writes one game a line; a longer line is not an export


def bounded_lines(fh: Any, limit: int = LINE_LIMIT) -> Iterator[str]:
    """The lines of a file, refusing one longer than ``limit`` characters before it is read
    whole (a 100 MB comment must not take the memory of a season)."""
    while True:
        line = fh.readline(limit + 1)
        if not line:
            return
        if len(line) > limit and not line.endswith("\n"):
            raise ExportProblem(Text("data.export_line_too_long", limit=limit))
        yield line


def read_export(lines: Iterator[str]) -> dict[str, Any]:
    """Read an export as ``export_json`` lays it out, streaming: sessions and their games come
    as iterators, so a season never sits in memory whole. Anything laid out otherwise (a
    re-indented file, say) is read whole with ``json.loads``."""
    first = next(lines, "")
    suffix = ', "sessions": ['
    if not first.rstrip("\n").endswith(suffix):
        whole: dict[str, Any] = json.loads(first + "".join(lines))
        return whole
    head: dict[str, Any] = json.loads(first.rstrip("\n")[: -len(suffix)] + "}")

    def sessions() -> Iterator[dict[str, Any]]:
        games_suffix = ', "games": ['
        for line in lines:
            text = line.strip()
            if text == "]}":
                return
            if not text.endswith(games_suffix):
                raise ExportProblem(Text("data.export_unexpected_line", line=repr(text[:40])))
            session = json.loads(text[: -len(games_suffix)] + "}")
            session["games"] = games()
            yield session
            for _ in session["games"]:  # drain what the consumer left
                pass

    def games() -> Iterator[dict[str, Any]]:
        loads = json.loads
        for line in lines:
            text = line.strip()
            if text in ("]}", "]},"):
                return
            yield loads(text[:-1] if text.endswith(",") else text)

    head["sessions"] = sessions()
    return head


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
    from ..errors import InvalidEntry

    return InvalidEntry(Text("data.not_an_export", what=what), Text("data.not_an_export_hint"))


def check_export_head(data: Any) -> None:
    """Raise unless ``data`` carries the export's format marker and a version we read."""
    if not isinstance(data, dict) or data.get("format") != DUMP_FORMAT:
        raise _not_an_export(Text("data.export_no_marker"))
    if data.get("version") != DUMP_VERSION:
        raise _not_an_export(Text("data.export_version", version=repr(data.get("version"))))


def check_ruleset(data: Any, family: str | None) -> TableRules:
    """A ruleset of an export: a valid table of ``family`` (every tariff a whole number of cents
    within bounds, every house rule as its key spec allows, the players names)."""
    from ..rules.registry import find_family

    rules = TableRules.from_dict(data)
    if family is not None and rules.family != family:
        raise ExportProblem(Text("data.export_ruleset_family", family=rules.family, ledger=family))
    fam = find_family(rules.family)
    if not rules.players or not all(type(p) is str and p for p in rules.players) or rules.seats not in fam.seat_range:
        raise ExportProblem(Text("data.export_ruleset_seats"))
    from ..rules.keys import KeyError_
    from ..table import check_player_names

    def refuse(message: Text, hint: Text | None = None) -> ValueError:
        return ExportProblem(Text("data.export_players", problem=message))

    check_player_names(list(rules.players), refuse)  # no control characters, no twins
    tariffs = {s.name for s in fam.tariff_specs}
    for key, value in rules.tariff.items():
        if key not in tariffs or type(value) is not int or not 0 <= value <= 10**9:
            raise ExportProblem(Text("data.export_tariff", key=key, value=repr(value)))
    specs = {s.name: s for s in fam.rule_specs}
    for key, value in rules.rules.items():
        if key not in specs:
            raise ExportProblem(Text("data.export_unknown_rule", key=key))
        try:
            specs[key].check(value)
        except KeyError_ as exc:
            raise ExportProblem(Text("data.item_problem", item=key, problem=exc.text)) from None
    return rules


@dataclass
class LoadedSession:
    """One session of an export as ``load`` inserted it, handed to the replay audit as the
    ledger would give it back (``Ledger.session``, ``games``, ``payments``, ``closings``), so
    that nothing is read back and decoded again: its ``info`` (the closing in force), its game
    ``records`` in hand order (each with its latest payouts and its void), the early
    ``payments``, every ``closing`` (oldest first, with the reopening that set it aside), the
    ``aliases`` of the renames, and ``seated``: a tournament table's players, as its round drew
    them (None at a table)."""

    export_id: Any
    info: SessionInfo
    records: list[GameRecord]
    payments: list[dict[str, Any]]
    closings: list[dict[str, Any]]
    aliases: dict[str, str]
    seated: list[str] | None = None


# rows are sent to the database in batches of this many games (with their sessions, closings,
# voids and restatements), each kind in one ``executemany``
_BATCH = 4096

_INSERT = {  # in the order a batch is written: every row after the rows it refers to
    "sessions": "INSERT INTO sessions(id, opened_at) VALUES (?,?)",
    "games": ("INSERT INTO games(id, session_id, hand, replaces, created_at, game, entry, typed, ruleset_id, unit, "
              "payouts, stock, outcome) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)"),
    "restatements": ("INSERT INTO restatements(game_id, created_at, payouts, stock, outcome, cause) "
                     "VALUES (?,?,?,?,?,?)"),
    "voids": "INSERT INTO voids(game_id, created_at, kind, reason) VALUES (?,?,?,?)",
    "closings": "INSERT INTO closings(id, session_id, created_at, balances, bookings) VALUES (?,?,?,?,?)",
    "reopenings": "INSERT INTO reopenings(session_id, closing_id, created_at, reason) VALUES (?,?,?,?)",
    "payments": ("INSERT INTO payments(session_id, hand, created_at, player, amounts, transfers) "
                 "VALUES (?,?,?,?,?,?)"),
}


def _next_id(conn: Any, table: str) -> int:
    return int(conn.execute(f"SELECT coalesce(max(id), 0) FROM {table}").fetchone()[0]) + 1


def load(ledger: Ledger, conn: sqlite3.Connection, data: Any, family: str | None = None,
         audit: Callable[[LoadedSession], None] | None = None) -> int:
    """Insert a JSON export into an empty ledger inside the caller's transaction, checking on
    the way what the rows must say of themselves: every ruleset is a table of ``family``, every
    entry has fields of the right types, hand numbers are whole and positive, every game (in its
    latest restatement) sums to zero with the Stock, and every closing equals its session's
    valid games plus its bookings. ``audit`` is handed each session as it was inserted (see
    ``LoadedSession``): ``evening.import_dump`` replays it there, before anything is committed.
    The rows go in batches (one ``executemany`` per table), with the ids given here.
    Returns the number of game rows loaded."""
    from ..errors import IllegalEntry

    check_export_head(data)
    bad = _not_an_export
    known = {name for name, _ in entry_defaults()}
    dumps = _fast_encoder()
    from_dict = GameEntry.from_dict
    try:
        rules = {k: check_ruleset(v, family) for k, v in data["rulesets"].items()}
        ruleset_ids = {k: ledger.ruleset_id(r) for k, r in rules.items()}
        next_id, next_sid, next_cid = (_next_id(conn, t) for t in ("games", "sessions", "closings"))
        pending: dict[str, list[tuple[Any, ...]]] = {table: [] for table in _INSERT}
        queued = 0

        def flush() -> None:
            for table, rows in pending.items():
                if rows:
                    conn.executemany(_INSERT[table], rows)
                    rows.clear()

        count = 0
        session_ids: dict[Any, int] = {}
        changes = data.get("seating_changes", [])
        rounds = data.get("rounds", [])
        # the renames link the names of the closings checked below (those already in the ledger too)
        aliases = aliases_of([*ledger.seating_changes(), *({"kind": str(c["kind"]), "name": str(c["name"]),
                                                             "other": str(c["other"])} for c in changes)])
        seated = {tab["session_id"]: [str(n) for n in tab["players"]] for r in rounds for tab in r["tables"]}
        # what each ruleset's games are counted in (a tournament's: points)
        units = {k: "point" if rounds else _family_unit(r.family) for k, r in rules.items()}
        for s in data["sessions"]:
            if s["id"] in session_ids:
                raise ExportProblem(Text("data.export_session_twice", id=repr(s["id"])))
            sid = session_ids[s["id"]] = next_sid
            next_sid += 1
            opened_at = str(s["opened_at"])
            pending["sessions"].append((sid, opened_at))
            ids: dict[int, int] = {}
            valid_payouts: list[dict[str, int]] = []
            records: list[GameRecord] = []
            for g in s["games"]:
                entry = g["entry"]
                if type(entry) is not dict or not entry.keys() <= known or type(entry.get("game")) is not str:
                    raise ExportProblem(Text("data.export_bad_entry", game=g.get("id")))
                parsed = from_dict(entry)  # every field of its option's type
                hand = g["hand"]
                if type(hand) is not int or hand < 1:
                    raise ExportProblem(Text("data.export_bad_hand", game=g.get("id"), hand=repr(hand)))
                if g["id"] in ids:
                    raise ExportProblem(Text("data.export_game_twice", id=repr(g["id"])))
                if g["game"] != entry["game"]:
                    raise ExportProblem(Text("data.export_bad_value", game=g.get("id"), field="game",
                                             value=repr(g["game"])))
                restatements = g["restatements"]
                # the row as first stored and every restatement: the same shape as the ledger writes
                for row in (g, *restatements):
                    _stored_amounts(row, g.get("id"))
                last = restatements[-1] if restatements else g
                payouts, stock, outcome = last["payouts"], last["stock"], last["outcome"]
                total = stock + sum(payouts.values())
                unit = g["unit"]
                if unit != (units.get(g["ruleset"]) or unit) or type(unit) is not str:
                    raise ExportProblem(Text("data.export_bad_value", game=g.get("id"), field="unit", value=repr(unit)))
                if total and unit != "stroke":
                    raise IllegalEntry(Text("data.export_not_zero", session=s["id"], hand=hand),
                                       Text("data.export_again"))
                void = g["void"]
                if not void:
                    valid_payouts.append(payouts)
                new_id = ids[g["id"]] = next_id
                next_id += 1
                created_at, typed, ruleset = str(g["created_at"]), str(g["typed"]), g["ruleset"]
                replaces = ids[g["replaces"]] if g["replaces"] is not None else None
                pending["games"].append((new_id, sid, hand, replaces, created_at, entry["game"], dumps(entry), typed,
                                         ruleset_ids[ruleset], unit, dumps(g["payouts"]), int(g["stock"]),
                                         dumps(g["outcome"])))
                for r in restatements:
                    pending["restatements"].append((new_id, str(r["created_at"]), dumps(r["payouts"]), int(r["stock"]),
                                                    dumps(r["outcome"]), str(r["cause"])))
                if void:
                    void = (str(void["kind"]), str(void["reason"]), str(void["created_at"]))
                    pending["voids"].append((new_id, void[2], void[0], void[1]))
                records.append(GameRecord(
                    id=new_id, session_id=sid, hand=hand, replaces=replaces, created_at=created_at,
                    game=entry["game"], entry=parsed, typed=typed, rules=rules[ruleset], unit=unit, payouts=payouts,
                    stock=stock, outcome=outcome, ruleset_id=ruleset_ids[ruleset],
                    void_kind=void[0] if void else None, void_reason=void[1] if void else "",
                    void_at=void[2] if void else None, restated=bool(restatements)))
                count += 1
            payments = []
            for pay in s.get("payments", []):
                payment = {"session_id": sid, "hand": int(pay["hand"]), "created_at": str(pay["created_at"]),
                           "player": str(pay["player"]), "amounts": pay["amounts"], "transfers": pay["transfers"]}
                pending["payments"].append((sid, payment["hand"], payment["created_at"], payment["player"],
                                            dumps(pay["amounts"]), dumps(pay["transfers"])))
                payments.append(payment)
                valid_payouts.append(pay["amounts"])
            closings = []
            for old in s.get("reopened_closings", []):
                closing = {"id": next_cid, "created_at": str(old["created_at"]), "balances": old["balances"],
                           "bookings": old["bookings"], "reopened_at": str(old["reopened_at"]),
                           "reason": str(old["reason"])}
                next_cid += 1
                pending["closings"].append((closing["id"], sid, closing["created_at"], dumps(old["balances"]),
                                            dumps(old["bookings"])))
                pending["reopenings"].append((sid, closing["id"], closing["reopened_at"], closing["reason"]))
                closings.append(closing)
            c = s["closing"]
            if c:
                balances = _merged(session_balances(valid_payouts, c["bookings"]), aliases)
                closing_balances = _merged(c["balances"], aliases)
                if any(balances.get(n, 0) != closing_balances.get(n, 0) for n in set(balances) | set(closing_balances)):
                    raise IllegalEntry(Text("data.export_closing", session=s["id"]), Text("data.export_again"))
                closing = {"id": next_cid, "created_at": str(c["created_at"]), "balances": c["balances"],
                           "bookings": c["bookings"], "reopened_at": None, "reason": None}
                next_cid += 1
                pending["closings"].append((closing["id"], sid, closing["created_at"], dumps(c["balances"]),
                                            dumps(c["bookings"])))
                closings.append(closing)
            records.sort(key=_hand_order)  # as ``Ledger.games`` gives them
            # hands are numbered 1, 2, 3 ... in a session (a voided or replaced one keeps its number)
            hands = {r.hand for r in records}
            if hands != set(range(1, len(hands) + 1)):
                raise ExportProblem(Text("data.export_hand_gap", session=s["id"], last=max(hands), count=len(hands)))
            if c and not records:  # a closed evening without a hand: nothing a ledger could hold
                raise ExportProblem(Text("data.export_empty_closed", session=s["id"]))
            info = SessionInfo(id=sid, opened_at=opened_at, closed_at=str(c["created_at"]) if c else None,
                               closing=c["balances"] if c else None, bookings=c["bookings"] if c else {})
            if audit is not None:
                audit(LoadedSession(s["id"], info, records, payments, closings, aliases, seated.get(s["id"])))
            queued += len(records) + 1
            if queued >= _BATCH:
                flush()
                queued = 0
        flush()
        for table in ("sessions", "games", "closings"):  # the ids were given here: the database counts on
            ledger.after_bulk_insert(conn, table)
        for r in rounds:  # a tournament's rounds, each table to its session as loaded
            conn.execute("INSERT INTO rounds(round, created_at, method, seed) VALUES (?,?,?,?)",
                         (int(r["round"]), str(r["created_at"]), str(r["method"]), str(r["seed"])))
            for tab in r["tables"]:
                conn.execute("INSERT INTO round_tables(round, tisch, session_id, players) VALUES (?,?,?,?)",
                             (int(r["round"]), int(tab["tisch"]), session_ids[tab["session_id"]],
                              json.dumps([str(n) for n in tab["players"]], ensure_ascii=False)))
        for c in changes:  # a change between sessions, or in a session not exported, has no session
            ledger.insert_seating_change(conn, session_ids.get(c["session_id"]), int(c["hand"]), str(c["kind"]),
                                         str(c["name"]), str(c["other"]), [str(n) for n in c["players"]],
                                         created_at=str(c["created_at"]))
    except (KeyError, TypeError, ValueError, AttributeError, OverflowError) as exc:
        raise bad(Text("data.export_field", problem=problem_text(exc))) from None
    return count


def _stored_amounts(row: dict[str, Any], game: Any) -> None:
    """A stored row's payouts (names to whole numbers), Stock (a whole number) and outcome (an
    object), as the ledger writes them; anything else is no export of this program."""
    payouts = row["payouts"]
    if type(payouts) is not dict or any(type(k) is not str or type(v) is not int for k, v in payouts.items()):
        raise ExportProblem(Text("data.export_bad_payouts", game=game))
    if type(row["stock"]) is not int:
        raise ExportProblem(Text("data.export_bad_value", game=game, field="stock", value=repr(row["stock"])))
    if type(row["outcome"]) is not dict:
        raise ExportProblem(Text("data.export_bad_value", game=game, field="outcome", value=repr(row["outcome"])[:40]))


def _family_unit(family: str) -> str:
    from ..rules.registry import find_family

    return find_family(family).unit


def _hand_order(record: GameRecord) -> tuple[int, int]:
    return record.hand, record.id


def _merged(amounts: dict[str, int], aliases: dict[str, str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for name, amount in amounts.items():
        out[aliases.get(name, name)] = out.get(aliases.get(name, name), 0) + amount
    return out
