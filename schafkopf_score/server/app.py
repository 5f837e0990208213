"""The Starlette application of ``schafkopf serve``: the JSON API of RULES §11 and the pages,
each behind the guards every answer passes (``guards.py``: access codes, limits, headers, no
traceback).

Each route parses, calls one function of ``answers`` in a worker thread (the library is
synchronous; each request opens the ledger, so every write is one transaction of its own,
committed before the answer), and renders JSON or a page.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from urllib.parse import urlencode

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..errors import ScoreError
from . import answers
from .codes import LOOK_EVERY
from .events import Hub
from .guards import (
    HERE,
    TIMING,
    WRONG_CODES,
    Guard,
    Refusal,
    Served,
    _address,
    answer,
    authorize,
    body_of,
    check_tisch,
    field,
    not_found,
    presented,
    query_int,
    refusal_of,
    refused,
    say,
    words_field,
    work,
)
from .hands import api_hands_work

# -- the routes -------------------------------------------------------------------------------------

Handler = Callable[[Served, Request], Awaitable[Response]]


def route(served: Served, handler: Handler) -> Callable[[Request], Awaitable[Response]]:
    """A handler with the code's redirect, the refusals as JSON (pages: as a page)."""

    async def endpoint(request: Request) -> Response:
        if request.method == "GET" and "k" in request.query_params:
            return code_redirect(served, request)
        timing: dict[str, float] = {}
        TIMING.set(timing)
        began = time.perf_counter()
        try:
            response = await handler(served, request)
            timing["app"] = time.perf_counter() - began
            response.headers["server-timing"] = ", ".join(f"{k};dur={1000 * v:.1f}" for k, v in timing.items())
            return response
        except (Refusal, ScoreError) as exc:  # a ScoreError here: the table file, read outside a worker
            refusal = exc if isinstance(exc, Refusal) else refusal_of(served, exc)
            if request.url.path.startswith("/api/"):
                return refused(refusal)
            from .pages import refusal_page

            return refusal_page(served, request, refusal)

    return endpoint


def code_redirect(served: Served, request: Request) -> Response:
    """``?k=CODE``: the code is kept in an HttpOnly, SameSite=Strict cookie and the browser sent
    on to the same URL without it (so it leaves the address bar and the history)."""
    address = _address(request)
    if served.slowed(address):
        return refused(Refusal(429, say(served, "server.slowed"), say(served, "server.slowed_hint")))
    code = request.query_params.get("k", "")
    if served.role(code) is None:
        if served.retired(code):
            exc = Refusal(401, say(served, "server.code_replaced"), say(served, "server.code_replaced_hint"))
        else:
            served.wrong_code(address)
            exc = Refusal(401, say(served, "server.no_code"), say(served, "server.no_code_hint"))
        if request.url.path.startswith("/api/"):
            return refused(exc)
        from .pages import refusal_page

        return refusal_page(served, request, exc)
    rest = [(k, v) for k, v in request.query_params.multi_items() if k != "k"]
    target = request.url.path + (f"?{urlencode(rest)}" if rest else "")
    response: Response = RedirectResponse(target, status_code=303)
    if request.headers.get("sec-fetch-site") == "cross-site":
        # a link on another site's page (a web chat, a webmail): a browser sends no SameSite=Strict
        # cookie along a redirect that another site started, so the page itself sends it on (a
        # navigation of this server's own page, which carries the cookie)
        from html import escape

        response = HTMLResponse(f'<!doctype html><meta http-equiv="refresh" content="0;url={escape(target)}">'
                                f'<a href="{escape(target)}">{escape(target)}</a>')
    response.set_cookie(served.cookie, code, max_age=60 * 60 * 24 * 400, httponly=True, samesite="strict", path="/")
    return response


async def api_table(served: Served, request: Request) -> Response:
    role = authorize(served, request)
    data = answers.table_json(served.cfg())
    data["role"] = role.label
    return answer(data)


async def api_sheet(served: Served, request: Request) -> Response:
    authorize(served, request)
    tisch = query_int(served, request, "tisch")
    round_no = query_int(served, request, "round")
    if tisch is not None or served.cfg().kind == "tournament" and round_no is not None:
        if tisch is None:
            raise Refusal(422, say(served, "server.field_missing", field="tisch"), say(served, "server.field_hint"))
        return answer(await work(served, answers.tisch_sheet_json, tisch, round_no))
    return answer(await work(served, answers.sheet_json, query_int(served, request, "session")))


async def api_standings(served: Served, request: Request) -> Response:
    authorize(served, request)
    return answer(await work(served, answers.standings_json))


async def api_settle(served: Served, request: Request) -> Response:
    authorize(served, request)
    return answer(await work(served, answers.settle_json))


def tournament_only(served: Served) -> None:
    """A tournament's answer (its ranking, its drawn tables) asked at a card table: nothing
    there (404, as its pages say), with where the table's own answers are."""
    if served.cfg().kind != "tournament":
        raise Refusal(404, say(served, "server.page_only_tournament"), say(served, "server.api_only_tournament_hint"))


async def api_ranking(served: Served, request: Request) -> Response:
    authorize(served, request)
    tournament_only(served)
    return answer(await work(served, answers.ranking_json, query_int(served, request, "round")))


async def api_rating(served: Served, request: Request) -> Response:
    """``rating --json`` (``?all=1``: ``--all``, every player who played here)."""
    authorize(served, request)
    everyone = bool(field(served, dict(request.query_params), "all", bool))
    return answer(await work(served, answers.rating_json, everyone))


async def api_player(served: Served, request: Request) -> Response:
    """``stats --player NAME --json`` (``?name=NAME``, ``&session=N`` or ``&all=1``)."""
    authorize(served, request)
    query = dict(request.query_params)
    name = field(served, query, "name", str, required=True)
    result = await work(served, answers.player_json, name, query_int(served, request, "session"),
                        bool(field(served, query, "all", bool)))
    return answer(result)


async def api_tables(served: Served, request: Request) -> Response:
    authorize(served, request)
    tournament_only(served)
    return answer(await work(served, answers.tables_json, query_int(served, request, "round")))


async def api_calc(served: Served, request: Request) -> Response:
    role = authorize(served, request)
    data = await body_of(served, request)
    line = field(served, data, "line", str, required=True)
    tisch = field(served, data, "tisch", int)
    if role.name == "tisch" and tisch is None:
        tisch = role.tisch
    return answer(await work(served, answers.calc_json, line, tisch))


async def api_hands(served: Served, request: Request) -> Response:
    role = authorize(served, request, "write")
    data = await body_of(served, request)
    line = field(served, data, "line", str, required=True)
    key = field(served, data, "key", str)
    tisch = check_tisch(served, role, field(served, data, "tisch", int))
    status, result = await api_hands_work(served, line, key, tisch, bool(field(served, data, "confirm", bool)),
                                          field(served, data, "round", int), role.name == "tisch", data.get("replaces"))
    return answer(result, status)


async def api_undo(served: Served, request: Request) -> Response:
    role = authorize(served, request, "write")
    data = await body_of(served, request)
    round_no = field(served, data, "round", int)
    tisch = check_tisch(served, role, field(served, data, "tisch", int), round_no)
    result = await work(served, answers.undo_json, field(served, data, "reason", str) or "", tisch, round_no,
                        field(served, data, "session", int))
    served.hub.wake.set()
    return answer(result)


async def api_void(served: Served, request: Request) -> Response:
    role = authorize(served, request, "write")
    data = await body_of(served, request)
    hand = field(served, data, "hand", int, required=True)
    round_no = field(served, data, "round", int)
    tisch = check_tisch(served, role, field(served, data, "tisch", int), round_no)
    result = await work(served, answers.void_json, hand, field(served, data, "reason", str) or "", tisch, round_no,
                        field(served, data, "session", int))
    served.hub.wake.set()
    return answer(result)


async def api_edit(served: Served, request: Request) -> Response:
    role = authorize(served, request, "write")
    data = await body_of(served, request)
    hand = field(served, data, "hand", int, required=True)
    line = field(served, data, "line", str, required=True)
    round_no = field(served, data, "round", int)
    tisch = check_tisch(served, role, field(served, data, "tisch", int), round_no)
    result = await work(served, answers.edit_json, hand, line, field(served, data, "reason", str) or "",
                        bool(field(served, data, "confirm", bool)), tisch, round_no, field(served, data, "session", int))
    served.hub.wake.set()
    return answer(result)


async def api_close(served: Served, request: Request) -> Response:
    authorize(served, request, "host")
    data = await body_of(served, request)
    result = await work(served, answers.close_json, field(served, data, "round_to", int),
                        field(served, data, "session", int))
    served.hub.wake.set()
    return answer(result)


async def api_draw(served: Served, request: Request) -> Response:
    authorize(served, request, "host")
    data = await body_of(served, request)
    seed = data.get("seed")
    if isinstance(seed, int) and not isinstance(seed, bool):
        data["seed"] = str(seed)  # a seed may be a number
    result = await work(served, answers.draw_json, field(served, data, "by", str), field(served, data, "seed", str),
                        bool(field(served, data, "force", bool)), words_field(served, data, "fix"),
                        words_field(served, data, "apart"), bool(field(served, data, "redo", bool)),
                        field(served, data, "reason", str) or "", create=True)
    served.hub.wake.set()
    return answer(result)


async def api_events(served: Served, request: Request) -> Response:
    """The event stream: a ``change`` after every write; it ends when the server stops, and
    when its code is replaced (``serve --new-codes``), after an event ``denied`` carrying the
    401's ``{"error", "hint"}`` (the phone's next try is answered 401 the same way)."""
    role = authorize(served, request)
    code, _ = presented(served, request)
    queue = served.hub.subscribe()

    async def stream() -> AsyncIterator[str]:
        try:
            yield "retry: 2000\n\n"
            while True:
                try:
                    data = await asyncio.wait_for(queue.get(), timeout=15)
                except asyncio.TimeoutError:
                    yield ": still here\n\n"  # keeps proxies and phones from dropping the stream
                    continue
                if data == Hub.END:
                    return
                if data == Hub.RECHECK:
                    if served.role(code) != role:
                        gone = {"error": say(served, "server.code_replaced"),
                                "hint": say(served, "server.code_replaced_hint")}
                        yield f"event: denied\ndata: {json.dumps(gone, ensure_ascii=False)}\n\n"
                        return
                    continue
                yield f"event: change\ndata: {data}\n\n"
        finally:
            served.hub.unsubscribe(queue)

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"x-accel-buffering": "no"})


# what a request imports on its way (imported lazily, so that the CLI starts fast)
_REQUESTS_IMPORT = ("..app.hands", "..app.views", "..app.settle", "..app.tournament", "..entry",
                    "..tournament.tables", "..session.sheet", "..vocabulary", ".pages", ".taps", ".said")


_frozen = False


def warm(served: Served) -> None:
    """Before the first request: the modules the requests import, the table's family and its
    ledger (noted, so that a ledger deleted later is told; PostgreSQL: a pool of open
    connections, unless the database cannot be reached), so that the first phones of a hall
    wait for none of them; then every object made so far is set aside from the garbage
    collector's full collections (``gc.freeze``): they live as long as the server, and a full
    collection that walked them all held every request for about 50 ms, several times a minute
    under a hall's load."""
    import gc
    import importlib

    for name in _REQUESTS_IMPORT:
        importlib.import_module(name, __package__)
    with contextlib.suppress(Refusal, ScoreError):  # a table file or database in trouble: said by each request
        served.cfg().family_obj()
        served.warm_ledger(timeout=5)
    global _frozen
    if not _frozen:  # once a process (an app made again in one process: tests)
        gc.collect()
        gc.freeze()
        _frozen = True


async def watch_codes(served: Served) -> None:
    """Look at the codes file every half second (``serve --new-codes`` beside this server)."""
    while True:
        await asyncio.sleep(LOOK_EVERY)
        served.look_at_codes()


def make_app(table_path: Path, codes: dict[str, str], ready: Callable[[], None] | None = None,
             workers: int = 1, port: int = 8765) -> Guard:
    """The server's application for the table file at ``table_path`` with these codes;
    ``ready()`` is called once it is warm (before it answers its first request); ``workers``:
    how many processes serve the port (``--workers``); ``port``: the port it serves (its
    cookie's name)."""
    from . import host, pages

    served = Served(table_path, codes, max(5, WRONG_CODES // workers), port=port)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await run_in_threadpool(warm, served)
        served.hub.start(asyncio.get_running_loop())
        codes_task = asyncio.create_task(watch_codes(served))
        if ready is not None:
            ready()
        yield
        codes_task.cancel()
        served.hub.stop()
        served.close()

    def r(path: str, handler: Handler, methods: tuple[str, ...] = ("GET",)) -> Route:
        return Route(path, route(served, handler), methods=list(methods))

    routes = [
        r("/api/table", api_table), r("/api/sheet", api_sheet), r("/api/standings", api_standings),
        r("/api/settle", api_settle), r("/api/ranking", api_ranking), r("/api/tables", api_tables),
        r("/api/rating", api_rating), r("/api/player", api_player),
        r("/api/events", api_events),
        r("/api/calc", api_calc, ("POST",)), r("/api/hands", api_hands, ("POST",)),
        r("/api/undo", api_undo, ("POST",)), r("/api/void", api_void, ("POST",)),
        r("/api/edit", api_edit, ("POST",)), r("/api/settle/close", api_close, ("POST",)),
        r("/api/draw", api_draw, ("POST",)),
        *[r(path, handler, methods) for path, handler, methods in host.ROUTES],
        *[r(path, handler, methods) for path, handler, methods in pages.ROUTES],
        Mount("/static", app=StaticFiles(directory=HERE / "static"), name="static"),
    ]

    async def no_route(request: Request, exc: Exception) -> Response:
        """No such address (404) or not with this method (405): a refusal like the others."""
        status = exc.status_code if isinstance(exc, HTTPException) else 404
        refusal = (Refusal(405, say(served, "server.wrong_method"), say(served, "server.wrong_method_hint"))
                   if status == 405 else not_found(served))
        if request.url.path.startswith("/api/"):
            return refused(refusal)
        return pages.refusal_page(served, request, refusal)

    async def unexpected(request: Request, exc: Exception) -> Response:
        raise exc  # the Guard answers it (500) and says it in one line

    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={HTTPException: no_route,
                                                                         Exception: unexpected})
    app.state.served = served
    return Guard(app, served)
