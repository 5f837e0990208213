"""What the host does at the table besides entering hands (RULES §11: everything the CLI can do
for this table file): players join, leave and are renamed (``player add/leave/rename``), one
player paid out (``settle --player``), a closed evening reopened (``settle --reopen N
--reason``). Each action calls one function of ``app`` and answers its ``to_json()`` (with
``"said"``: what the CLI prints); a refusal is 422 in the table's language. The API routes
(``POST /api/players/add`` ...) and the pages' forms without JavaScript (``/form/...``) both
run the actions listed in ``ACTIONS``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from ..app.where import At
from .guards import Served, answer, authorize, body_of, field, work


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

    return pay_out(At.evening(cfg, ledger), data["player"]).to_json()


def _reopen(cfg: Any, ledger: Any, data: dict[str, Any]) -> dict[str, Any]:
    from ..app.settle import reopen

    return reopen(At.evening(cfg, ledger), data["session"], data["reason"]).to_json()


# each action: who may (host), its fields (name, kind, required), its work
Fields = tuple[tuple[str, type, bool], ...]
_ACTIONS: dict[str, tuple[str, Fields, Callable[[Any, Any, dict[str, Any]], dict[str, Any]]]] = {
    "player_add": ("host", (("name", str, True), ("after", str, False)), _change("add")),
    "player_leave": ("host", (("name", str, True),), _change("leave")),
    "player_rename": ("host", (("name", str, True), ("new", str, True)), _change("rename")),
    "payout": ("host", (("player", str, True),), _pay_out),
    "reopen": ("host", (("session", int, True), ("reason", str, False)), _reopen),
}


def _runner(name: str) -> Callable[[Served, dict[str, Any]], Awaitable[dict[str, Any]]]:
    _, fields, fn = _ACTIONS[name]

    async def run(served: Served, data: dict[str, Any]) -> dict[str, Any]:
        given = {f: field(served, data, f, kind, required=required) for f, kind, required in fields}
        if "reason" in given:
            given["reason"] = given["reason"] or ""
        result: dict[str, Any] = await work(served, fn, given)
        served.hub.wake.set()
        return result

    return run


ACTIONS: dict[str, tuple[str, Callable[[Served, dict[str, Any]], Awaitable[dict[str, Any]]]]] = {
    name: (need, _runner(name)) for name, (need, _, _) in _ACTIONS.items()}


def _route(name: str) -> Callable[[Served, Request], Awaitable[Response]]:
    need, run = ACTIONS[name]

    async def handler(served: Served, request: Request) -> Response:
        authorize(served, request, need)
        return answer(await run(served, await body_of(served, request)))

    return handler


async def api_players(served: Served, request: Request) -> Response:
    """``GET /api/players``: ``player list --json``."""
    from ..app.players import seating

    authorize(served, request)
    return answer(await work(served, seating))


ROUTES: list[tuple[str, Callable[[Served, Request], Awaitable[Response]], tuple[str, ...]]] = [
    ("/api/players", api_players, ("GET",)),
    ("/api/players/add", _route("player_add"), ("POST",)),
    ("/api/players/leave", _route("player_leave"), ("POST",)),
    ("/api/players/rename", _route("player_rename"), ("POST",)),
    ("/api/settle/payout", _route("payout"), ("POST",)),
    ("/api/settle/reopen", _route("reopen"), ("POST",)),
]
