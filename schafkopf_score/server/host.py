"""What the host does besides entering hands (RULES §11: everything the CLI can do for this
table file). At an evening: players join, leave and are renamed (``player add/leave/rename``),
one player paid out (``settle --player``), a closed evening reopened (``settle --reopen N
--reason``). At a tournament's desk (RULES §10): a table's paper totals entered, replaced or
voided (``tournament enter --tisch N --totals ...``), a player kept at a table or two apart for
every draw (``tournament fix``, ``tournament apart``, and their removal), two players' seats
swapped (``tournament swap``), the round drawn again (``tournament draw --redo``).

Each action is declared once in ``ACTIONS``: who may, its fields, its work (one function of
``app``, answering its ``to_json()``). The API routes (``POST /api/players/add``, ``POST
/api/totals`` ...) and the pages' forms without JavaScript (``/form/...``) both run it; a
refusal is 422 in the table's language.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from ..app.where import evening
from . import answers
from .guards import Served, answer, authorize, body_of, field, field_refusal, say, words_field, work

# a field's reader: (served, the body, the field's name, required) -> its value, or a 422
Reader = Callable[[Served, dict[str, Any], str, bool], Any]


def _kind(kind: type) -> Reader:
    return lambda served, data, name, required: field(served, data, name, kind, required=required)


TEXT, NUMBER, TRUTH = _kind(str), _kind(int), _kind(bool)


def _pairs(served: Served, data: dict[str, Any], name: str, required: bool) -> str:
    """``{"Anna": 12, "Ben": -12}`` or a form's ``Anna=12,Ben=-12``: the CLI's text."""
    value = data.get(name)
    if isinstance(value, dict):
        items = list(value.items())
        if len(items) > 200 or not all(isinstance(k, str) and type(v) is int and abs(v) <= 10**9 for k, v in items):
            raise field_refusal(served, say(served, "server.field_kind", field=name,
                                            kind=say(served, "server.kind_number")), name, "number")
        return ",".join(f"{k}={v}" for k, v in items)
    return str(field(served, data, name, str, required=required) or "")


def _two(served: Served, data: dict[str, Any], name: str, required: bool) -> list[str]:
    """Two players: ``["Anna", "Ben"]``, or a form's ``Anna, Ben``."""
    value = data.get(name)
    if isinstance(value, str):
        data = {**data, name: [part.strip() for part in value.split(",") if part.strip()]}
    players = words_field(served, data, name)
    if len(players) != 2:
        raise field_refusal(served, say(served, "server.field_two", field=name), name, "two")
    return players


@dataclass(frozen=True)
class Action:
    """One thing the host does: who may (``need``), its fields (name, reader, required), its
    work ``run(cfg, ledger, fields)``; ``create``: it may make the ledger (a tournament's
    constraints before the first draw); ``path``: its ``POST`` route of the API (none: only the
    page's form, ``/form/NAME``)."""

    need: str
    fields: tuple[tuple[str, Reader, bool], ...]
    run: Callable[[Any, Any, dict[str, Any]], dict[str, Any]]
    create: bool = False
    path: str = ""


def _change(kind: str) -> Callable[[Any, Any, dict[str, Any]], dict[str, Any]]:
    def run(cfg: Any, ledger: Any, data: dict[str, Any]) -> dict[str, Any]:
        from ..app import players

        if kind == "add":
            change = players.add_player(cfg, ledger, data["name"], data.get("after") or None)
        elif kind == "leave":
            change = players.leave_player(cfg, ledger, data["name"])
        else:
            change = players.rename_player(cfg, ledger, data["name"], data["new"])
        return {**change.to_json(), "said": [players.change_text(change).render(cfg.language)]}

    return run


def _pay_out(cfg: Any, ledger: Any, data: dict[str, Any]) -> dict[str, Any]:
    from ..app.settle import pay_out

    return pay_out(evening(cfg, ledger, "settle"), data["player"], data["session"]).to_json()


def _reopen(cfg: Any, ledger: Any, data: dict[str, Any]) -> dict[str, Any]:
    from ..app.settle import reopen

    return reopen(evening(cfg, ledger, "settle"), data["session"], data["reason"]).to_json()


def _totals(cfg: Any, ledger: Any, data: dict[str, Any]) -> dict[str, Any]:
    return answers.totals_json(cfg, ledger, data["tisch"], data["totals"], data["solos"], data["won"], data["round"],
                               bool(data["replace"]), data["reason"], bool(data["void"]))


def _fix(cfg: Any, ledger: Any, data: dict[str, Any]) -> dict[str, Any]:
    tisch = data["tisch"]
    return answers.fix_json(cfg, ledger, data["player"], "" if tisch is None else str(tisch), bool(data["remove"]))


def _apart(cfg: Any, ledger: Any, data: dict[str, Any]) -> dict[str, Any]:
    first, second = data["players"]
    return answers.apart_json(cfg, ledger, first, second, bool(data["remove"]))


def _swap(cfg: Any, ledger: Any, data: dict[str, Any]) -> dict[str, Any]:
    first, second = data["players"]
    return answers.swap_json(cfg, ledger, first, second, data["reason"])


def _redraw(cfg: Any, ledger: Any, data: dict[str, Any]) -> dict[str, Any]:
    return answers.draw_json(cfg, ledger, None, None, False, None, None, True, data["reason"])


ACTIONS: dict[str, Action] = {
    "player_add": Action("host", (("name", TEXT, True), ("after", TEXT, False)), _change("add"),
                         path="/api/players/add"),
    "player_leave": Action("host", (("name", TEXT, True),), _change("leave"), path="/api/players/leave"),
    "player_rename": Action("host", (("name", TEXT, True), ("new", TEXT, True)), _change("rename"),
                            path="/api/players/rename"),
    "payout": Action("host", (("player", TEXT, True), ("session", NUMBER, False)), _pay_out,
                     path="/api/settle/payout"),
    "reopen": Action("host", (("session", NUMBER, True), ("reason", TEXT, False)), _reopen,
                     path="/api/settle/reopen"),
    "totals": Action("host", (("tisch", NUMBER, True), ("totals", _pairs, False), ("solos", _pairs, False),
                              ("won", _pairs, False), ("round", NUMBER, False), ("replace", TRUTH, False),
                              ("void", TRUTH, False), ("reason", TEXT, False)), _totals, path="/api/totals"),
    "fix": Action("host", (("player", TEXT, True), ("tisch", NUMBER, False), ("remove", TRUTH, False)), _fix,
                  create=True, path="/api/fix"),
    "apart": Action("host", (("players", _two, True), ("remove", TRUTH, False)), _apart, create=True,
                    path="/api/apart"),
    "swap": Action("host", (("players", _two, True), ("reason", TEXT, False)), _swap, path="/api/swap"),
    "redraw": Action("host", (("reason", TEXT, False),), _redraw, create=True),
}


def _checked(served: Served, name: str, given: dict[str, Any]) -> None:
    """What one field alone cannot say: totals unless they are voided, a table unless a
    constraint is removed."""
    if name == "totals" and not given["totals"] and not given["void"]:
        raise field_refusal(served, say(served, "server.field_missing", field="totals"), "totals", "missing")
    if name == "fix" and given["tisch"] is None and not given["remove"]:
        raise field_refusal(served, say(served, "server.field_missing", field="tisch"), "tisch", "missing")


async def run_action(served: Served, name: str, data: dict[str, Any]) -> dict[str, Any]:
    """The action ``name`` with the body ``data``: its fields read (422 naming a wrong one), its
    work done in one transaction, the pages told."""
    action = ACTIONS[name]
    given = {f: read(served, data, f, required) for f, read, required in action.fields}
    if "reason" in given:
        given["reason"] = given["reason"] or ""
    _checked(served, name, given)
    result: dict[str, Any] = await work(served, action.run, given, create=action.create)
    served.hub.wake.set()
    return result


def _route(name: str) -> Callable[[Served, Request], Awaitable[Response]]:
    async def handler(served: Served, request: Request) -> Response:
        authorize(served, request, ACTIONS[name].need)
        return answer(await run_action(served, name, await body_of(served, request)))

    return handler


async def api_players(served: Served, request: Request) -> Response:
    """``GET /api/players``: ``player list --json``."""
    from ..app.players import seating

    authorize(served, request)
    return answer(await work(served, seating))


ROUTES: list[tuple[str, Callable[[Served, Request], Awaitable[Response]], tuple[str, ...]]] = [
    ("/api/players", api_players, ("GET",)),
    *[(action.path, _route(name), ("POST",)) for name, action in ACTIONS.items() if action.path],
]
