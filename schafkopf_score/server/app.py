"""The Starlette application of ``schafkopf serve``: the guards every answer passes (access
codes, limits, headers, no traceback), the JSON API of RULES §11 and the pages.

Each route parses, calls one function of ``answers`` in a worker thread (the library is
synchronous; each request opens the ledger, so every write is one transaction of its own,
committed before the answer), and renders JSON or a page.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..errors import ScoreError
from ..table import TableConfig
from . import answers
from .codes import HOST, Keyring, Role
from .events import Hub

HERE = Path(__file__).resolve().parent
MAX_BODY = 64 * 1024
COOKIE = "schafkopf_code"
WRONG_CODES = 20  # wrong codes a minute from one address before it is slowed down (429)
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
HEADERS = [(b"content-security-policy", CSP.encode()), (b"x-content-type-options", b"nosniff"),
           (b"referrer-policy", b"no-referrer"), (b"x-frame-options", b"DENY"), (b"cache-control", b"no-store")]


class Refusal(Exception):
    """An answer other than 2xx, decided before any work: status and the JSON body."""

    def __init__(self, status: int, error: str, hint: str = "", **extra: Any) -> None:
        super().__init__(error)
        self.status = status
        self.body = {"error": error, **({"hint": hint} if hint else {}), **extra}


# -- the guards around every request -----------------------------------------------------------------

class Guard:
    """Pure ASGI middleware: bodies over 64 KiB are 413; every answer carries the security
    headers; an unexpected error is 500 ``{"error": ...}``, never a traceback."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def send_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message["headers"] = [*message.get("headers", []), *HEADERS]
            await send(message)

        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            await _plain(send_headers, 413 if length.isdigit() else 400, "body too large" if length.isdigit()
                         else "bad Content-Length")
            return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > MAX_BODY:
                    raise _TooLarge()
            return message

        try:
            await self.app(scope, limited, send_headers)
        except _TooLarge:
            if not started:
                await _plain(send_headers, 413, "body too large")
        except Exception:
            if not started:
                await _plain(send_headers, 500, "internal error")


class _TooLarge(Exception):
    pass


async def _plain(send: Send, status: int, error: str) -> None:
    body = json.dumps({"error": error}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


# -- the server's state -----------------------------------------------------------------------------

class Served:
    """What one server holds: the table file (read again when it changes), the codes, the
    event hub, the count of wrong codes per address."""

    def __init__(self, table_path: Path, codes: dict[str, str], wrong_codes: int = WRONG_CODES) -> None:
        self.table_path = table_path
        self.wrong_codes = wrong_codes  # this process's share of WRONG_CODES (``--workers``)
        self.keyring = Keyring(codes)
        self._cfg: tuple[float, TableConfig] | None = None
        self._pool: Any = None
        self.hub = Hub(self.cfg, self.ledger)
        self._wrong: dict[str, deque[float]] = {}

    def ledger(self, cfg: TableConfig, create: bool = False) -> Any:
        """The table's ledger for one request: SQLite's file, or PostgreSQL on a pooled connection."""
        if not cfg.ledger_url:
            from ..ledger import open_ledger

            return open_ledger(cfg, create=create)
        from .pool import PooledLedger, make_pool

        if self._pool is None:
            self._pool = make_pool(cfg.ledger_url)
        return PooledLedger(self._pool, cfg, create=create)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.close()

    def cfg(self) -> TableConfig:
        from ..table import load_table

        stamp = self.table_path.stat().st_mtime
        if self._cfg is None or self._cfg[0] != stamp:
            self._cfg = (stamp, load_table(self.table_path))
        return self._cfg[1]

    def lang(self) -> str:
        try:
            return self.cfg().language
        except Exception:
            return "en"

    # wrong codes: at most WRONG_CODES a minute from one address (with N workers, each
    # process counts its own and allows its share, at least 5, so that N of them allow about
    # as many as one)
    def slowed(self, address: str) -> bool:
        times = self._wrong.get(address)
        if not times:
            return False
        cutoff = time.monotonic() - 60
        while times and times[0] < cutoff:
            times.popleft()
        return len(times) >= self.wrong_codes

    def wrong_code(self, address: str) -> None:
        if len(self._wrong) > 10_000:  # a flood of addresses: forget the oldest
            self._wrong.pop(next(iter(self._wrong)))
        self._wrong.setdefault(address, deque(maxlen=self.wrong_codes + 1)).append(time.monotonic())


def say(served: Served, key: str, **params: Any) -> str:
    from ..i18n import say as said

    return said(key, served.lang(), **params)


def _address(request: Request) -> str:
    return request.client.host if request.client else "?"


def authorize(served: Served, request: Request, need: str = "read") -> Role:
    """The role of the request's code, if it may do ``need`` (read, write, host); else a
    ``Refusal``: 400 for a code in a POST's query string, 429 after too many wrong codes, 401
    without a known code, 403 for a role that may not, or a cookie write from another site."""
    if request.method != "GET" and "k" in request.query_params:
        raise Refusal(400, say(served, "cli.server.code_in_query"), say(served, "cli.server.code_in_query_hint"))
    address = _address(request)
    if served.slowed(address):
        raise Refusal(429, say(served, "cli.server.slowed"), say(served, "cli.server.slowed_hint"))
    auth = request.headers.get("authorization", "")
    by_cookie = False
    if auth[:7].lower() == "bearer ":
        code = auth[7:].strip()
    else:
        code = request.cookies.get(COOKIE, "")
        by_cookie = True
    role = served.keyring.role(code)
    if role is None:
        if code:
            served.wrong_code(address)
        raise Refusal(401, say(served, "cli.server.no_code"), say(served, "cli.server.no_code_hint"))
    if by_cookie and request.method != "GET" and not same_origin(request):
        raise Refusal(403, say(served, "cli.server.other_origin"), say(served, "cli.server.other_origin_hint"))
    if need == "write" and not role.may_write or need == "host" and role.name != HOST:
        raise Refusal(403, say(served, "cli.server.role_may_not", role=role.label),
                      say(served, "cli.server.role_may_not_hint"))
    return role


def same_origin(request: Request) -> bool:
    """A browser's write carries an ``Origin`` naming this server (scheme, host and port)."""
    origin = request.headers.get("origin")
    host = request.headers.get("host")
    if not origin or not host:
        return False
    return origin == f"{request.url.scheme}://{host}"


def check_tisch(served: Served, role: Role, tisch: int | None, round_no: int | None = None) -> int | None:
    """A table's code writes its own table, in the current round: the table it may name (its
    own when none is named)."""
    if role.name != "tisch":
        return tisch
    if tisch is None:
        tisch = role.tisch
    if tisch != role.tisch or round_no is not None:
        raise Refusal(403, say(served, "cli.server.other_table", tisch=role.tisch),
                      say(served, "cli.server.other_table_hint", tisch=role.tisch))
    return tisch


# -- running the library ----------------------------------------------------------------------------

def refusal_of(served: Served, exc: BaseException) -> Refusal:
    """A library error as the API answers it: 409 for a change that needs ``confirm``, 503
    for a busy or unreachable ledger, 422 for every refused entry (the CLI's text, in the
    table's language)."""
    from ..errors import LedgerError, StorageError

    lang = served.lang()
    if isinstance(exc, StorageError) and exc.kind not in ("busy", "unreachable"):
        # the database refused a statement: its own words (the cause), without the address's password
        from ..files import redacted

        raw = exc.__cause__ or exc
        problem = str(raw).strip().splitlines()[0] if str(raw).strip() else type(raw).__name__
        cfg = served.cfg()
        if cfg.ledger_url:
            problem = redacted(cfg.ledger_url, problem)
        return Refusal(503, say(served, "cli.server.ledger_trouble", problem=problem),
                       say(served, "cli.server.ledger_trouble_hint"))
    if isinstance(exc, ScoreError):
        message, hint = exc.render(exc.language or lang)
        if isinstance(exc, answers.NeedsConfirm):
            return Refusal(409, message, hint, change=exc.change)
        if isinstance(exc, LedgerError) and exc.text.key in ("data.ledger_busy", "data.pg_unreachable"):
            return Refusal(503, message, hint)
        return Refusal(422, message, hint)
    raise exc


async def work(served: Served, fn: Callable[..., Any], *args: Any, create: bool = False, **kw: Any) -> Any:
    """``fn(cfg, ledger, *args)`` in a worker thread, the ledger opened for it and closed after."""
    asked = time.perf_counter()
    timing = TIMING.get()

    def run() -> Any:
        started = time.perf_counter()
        cfg = served.cfg()
        try:
            with served.ledger(cfg, create=create) as ledger:
                return fn(cfg, ledger, *args, **kw)
        except Refusal:
            raise
        except Exception as exc:
            raise refusal_of(served, exc) from None
        finally:
            if timing is not None:  # where a request's time went (the Server-Timing header)
                timing["queue"] = timing.get("queue", 0.0) + started - asked
                timing["ledger"] = timing.get("ledger", 0.0) + time.perf_counter() - started

    return await run_in_threadpool(run)


# the time a request waited for a worker thread and spent in the library (with the database)
TIMING: contextvars.ContextVar[dict[str, float] | None] = contextvars.ContextVar("timing", default=None)


def answer(data: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status)


def refused(exc: Refusal) -> JSONResponse:
    return JSONResponse(exc.body, status_code=exc.status)


async def body_of(served: Served, request: Request) -> dict[str, Any]:
    """The request's JSON object (a form's fields for a page without JavaScript)."""
    try:
        raw = await request.body()
    except _TooLarge:
        raise Refusal(413, "body too large") from None
    kind = request.headers.get("content-type", "")
    if kind.startswith("application/x-www-form-urlencoded"):
        return dict(parse_qsl(raw.decode("utf-8", "replace")))
    try:
        data = json.loads(raw or b"{}")
    except (ValueError, UnicodeDecodeError, RecursionError):  # RecursionError: [[[[... nested too deep
        raise Refusal(400, say(served, "cli.server.bad_json"), say(served, "cli.server.bad_json_hint")) from None
    if not isinstance(data, dict):
        raise Refusal(400, say(served, "cli.server.bad_json"), say(served, "cli.server.bad_json_hint"))
    return data


def words_field(served: Served, data: dict[str, Any], name: str) -> list[str]:
    """A list of short texts in the body (``"fix": ["Anna=2"]``, ``"apart": ["Anna,Ben"]``), as
    the command's repeatable option takes them."""
    value = data.get(name) or []
    if not isinstance(value, list) or len(value) > 200 or not all(isinstance(v, str) and len(v) <= 200 for v in value):
        raise Refusal(422, say(served, "cli.server.field_kind", field=name, kind=say(served, "cli.server.kind_texts")),
                      say(served, "cli.server.field_hint"))
    return value


def field(served: Served, data: dict[str, Any], name: str, kind: type, required: bool = False) -> Any:
    """A field of the body, of the kind it must be (a form's text turned into a number)."""
    value = data.get(name)
    if value is None or value == "" and kind is not str:
        if required:
            raise Refusal(422, say(served, "cli.server.field_missing", field=name),
                          say(served, "cli.server.field_hint"))
        return None
    if kind is int:
        if isinstance(value, str) and value.strip().lstrip("-").isdigit() and len(value) < 12:
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 10**9:
            raise Refusal(422, say(served, "cli.server.field_kind", field=name, kind=say(served, "cli.server.kind_number")),
                          say(served, "cli.server.field_hint"))
        return value
    if kind is bool:
        if isinstance(value, str):
            return value.lower() in ("1", "true", "yes", "on")
        if not isinstance(value, bool):
            raise Refusal(422, say(served, "cli.server.field_kind", field=name, kind=say(served, "cli.server.kind_bool")),
                          say(served, "cli.server.field_hint"))
        return value
    if not isinstance(value, str):
        raise Refusal(422, say(served, "cli.server.field_kind", field=name, kind=say(served, "cli.server.kind_text")),
                      say(served, "cli.server.field_hint"))
    return value


def query_int(served: Served, request: Request, name: str) -> int | None:
    value = request.query_params.get(name)
    if value is None or value == "":
        return None
    return field(served, {name: value}, name, int)  # type: ignore[no-any-return]


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
        return refused(Refusal(429, say(served, "cli.server.slowed"), say(served, "cli.server.slowed_hint")))
    code = request.query_params.get("k", "")
    if served.keyring.role(code) is None:
        served.wrong_code(address)
        exc = Refusal(401, say(served, "cli.server.no_code"), say(served, "cli.server.no_code_hint"))
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
    response.set_cookie(COOKIE, code, max_age=60 * 60 * 24 * 400, httponly=True, samesite="strict", path="/")
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
            raise Refusal(422, say(served, "cli.server.field_missing", field="tisch"), say(served, "cli.server.field_hint"))
        return answer(await work(served, answers.tisch_sheet_json, tisch, round_no))
    return answer(await work(served, answers.sheet_json))


async def api_standings(served: Served, request: Request) -> Response:
    authorize(served, request)
    return answer(await work(served, answers.standings_json))


async def api_settle(served: Served, request: Request) -> Response:
    authorize(served, request)
    return answer(await work(served, answers.settle_json))


async def api_ranking(served: Served, request: Request) -> Response:
    authorize(served, request)
    return answer(await work(served, answers.ranking_json, query_int(served, request, "round")))


async def api_tables(served: Served, request: Request) -> Response:
    authorize(served, request)
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
    status, result = await api_hands_work(served, line, key, tisch)
    return answer(result, status)


async def api_hands_work(served: Served, line: str, key: str | None, tisch: int | None) -> tuple[int, dict[str, Any]]:
    """Record a hand (201 and ``add --json``), or, for a key used before, its first answer (200)."""
    from . import keys

    if key is not None and not 0 < len(key) <= keys.MAX_KEY:
        raise Refusal(422, say(served, "cli.server.key_length", most=keys.MAX_KEY), say(served, "cli.server.field_hint"))

    def add(cfg: TableConfig, ledger: Any) -> tuple[int, dict[str, Any]]:
        if key is None:
            return 201, answers.add_json(cfg, ledger, line, tisch)
        earlier = keys.lookup(ledger, key)
        try:
            if earlier is not None:
                raise earlier
            data = answers.add_json(cfg, ledger, line, tisch, keep=keys.keeper(key))
        except keys.Repeat as again:
            return 200, repeated(cfg, ledger, again)
        except ScoreError:  # a StorageError among them
            # the same key's first request committed while this one waited for the lock, and
            # this one was refused for it (the table's last hand: "all games played"), or the
            # same key written meanwhile by another server: the first answer
            found = keys.lookup(ledger, key)
            if found is None:
                raise
            return 200, repeated(cfg, ledger, found)
        keys.made(ledger)
        return 201, data

    try:
        result: tuple[int, dict[str, Any]] = await work(served, add, create=True)
    finally:
        served.hub.wake.set()
    return result


def repeated(cfg: TableConfig, ledger: Any, again: Any) -> dict[str, Any]:
    """The first answer to a key used again (rebuilt from its hand if the server that wrote it
    stopped before it could keep the answer)."""
    if again.answer:
        return json.loads(again.answer)  # type: ignore[no-any-return]
    from ..cli.render import outcome_json
    from ..evening import view_session

    view = view_session(cfg, ledger, again.session_id)
    if cfg.kind == "tournament":
        from ..tournament.core import as_points, round_caps, table_cfg

        seat = next(s for s in ledger.round_tables() if s.session_id == again.session_id)
        view = view_session(table_cfg(cfg, seat.players), ledger, again.session_id)
        played = next((r.played for r in view.rows if r.record.hand == again.hand and r.played is not None), None)
        if played is None:  # corrected since: the hand as it was recorded is no longer valid
            return {"hand": again.hand, "session": again.session_id, "round": seat.round, "tisch": seat.tisch}
        return outcome_json(as_points(played, round_caps(ledger).get(seat.round, 0)), hand=again.hand,
                            session=again.session_id,
                            balances=view.balances, stock_total=view.stock, round=seat.round, tisch=seat.tisch)
    played = next((r.played for r in view.rows if r.record.hand == again.hand and r.played is not None), None)
    if played is None:
        return {"hand": again.hand, "session": again.session_id}
    return outcome_json(played, hand=again.hand, session=again.session_id, balances=view.balances,
                        stock_total=view.stock)


async def api_undo(served: Served, request: Request) -> Response:
    role = authorize(served, request, "write")
    data = await body_of(served, request)
    round_no = field(served, data, "round", int)
    tisch = check_tisch(served, role, field(served, data, "tisch", int), round_no)
    result = await work(served, answers.undo_json, field(served, data, "reason", str) or "", tisch, round_no)
    served.hub.wake.set()
    return answer(result)


async def api_void(served: Served, request: Request) -> Response:
    role = authorize(served, request, "write")
    data = await body_of(served, request)
    hand = field(served, data, "hand", int, required=True)
    round_no = field(served, data, "round", int)
    tisch = check_tisch(served, role, field(served, data, "tisch", int), round_no)
    result = await work(served, answers.void_json, hand, field(served, data, "reason", str) or "", tisch, round_no)
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
                        bool(field(served, data, "confirm", bool)), tisch, round_no)
    served.hub.wake.set()
    return answer(result)


async def api_close(served: Served, request: Request) -> Response:
    authorize(served, request, "host")
    data = await body_of(served, request)
    result = await work(served, answers.close_json, field(served, data, "round_to", int))
    served.hub.wake.set()
    return answer(result)


async def api_draw(served: Served, request: Request) -> Response:
    authorize(served, request, "host")
    data = await body_of(served, request)
    seed = data.get("seed")
    result = await work(served, answers.draw_json, field(served, data, "by", str),
                        None if seed is None else str(field(served, {"seed": str(seed)}, "seed", str)),
                        bool(field(served, data, "force", bool)), words_field(served, data, "fix"),
                        words_field(served, data, "apart"), create=True)
    served.hub.wake.set()
    return answer(result)


async def api_events(served: Served, request: Request) -> Response:
    authorize(served, request)
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
                yield f"event: change\ndata: {data}\n\n"
        finally:
            served.hub.unsubscribe(queue)

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"x-accel-buffering": "no"})


# what a request imports on its way (imported lazily, so that the CLI starts fast)
_REQUESTS_IMPORT = ("..evening", "..entry", "..cli.render", "..cli.game_cmds", "..cli.view_cmds",
                    "..cli.tournament_cmds", "..tournament.core", ".pages", ".keys")


_frozen = False


def warm(served: Served) -> None:
    """Before the first request: the modules the requests import, the table's family and a
    pool of open connections (PostgreSQL), so that the first phones of a hall wait for none of
    them; then every object made so far is set aside from the garbage collector's full
    collections (``gc.freeze``): they live as long as the server, and a full collection that
    walked them all held every request for about 50 ms, several times a minute under a hall's
    load."""
    import gc
    import importlib

    with contextlib.suppress(Exception):
        for name in _REQUESTS_IMPORT:
            importlib.import_module(name, __package__)
        cfg = served.cfg()
        cfg.family_obj()
        if cfg.ledger_url:
            with served.ledger(cfg):
                pass
            served._pool.wait(timeout=10)  # its connections opened, at its smallest size
    global _frozen
    if not _frozen:  # once a process (an app made again in one process: tests)
        gc.collect()
        gc.freeze()
        _frozen = True


def make_app(table_path: Path, codes: dict[str, str], ready: Callable[[], None] | None = None,
             workers: int = 1) -> ASGIApp:
    """The server's application for the table file at ``table_path`` with these codes;
    ``ready()`` is called once it is warm (before it answers its first request); ``workers``:
    how many processes serve the port (``--workers``)."""
    from . import keys, pages

    served = Served(table_path, codes, max(5, WRONG_CODES // workers))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        with contextlib.suppress(Exception), served.ledger(served.cfg()) as ledger:
            keys.ensure_table(ledger)
        await run_in_threadpool(warm, served)
        served.hub.start(asyncio.get_running_loop())
        if ready is not None:
            ready()
        yield
        served.hub.stop()
        served.close()

    def r(path: str, handler: Handler, methods: tuple[str, ...] = ("GET",)) -> Route:
        return Route(path, route(served, handler), methods=list(methods))

    routes = [
        r("/api/table", api_table), r("/api/sheet", api_sheet), r("/api/standings", api_standings),
        r("/api/settle", api_settle), r("/api/ranking", api_ranking), r("/api/tables", api_tables),
        r("/api/events", api_events),
        r("/api/calc", api_calc, ("POST",)), r("/api/hands", api_hands, ("POST",)),
        r("/api/undo", api_undo, ("POST",)), r("/api/void", api_void, ("POST",)),
        r("/api/edit", api_edit, ("POST",)), r("/api/settle/close", api_close, ("POST",)),
        r("/api/draw", api_draw, ("POST",)),
        *[r(path, handler, methods) for path, handler, methods in pages.ROUTES],
        Mount("/static", app=StaticFiles(directory=HERE / "static"), name="static"),
    ]
    async def unexpected(request: Request, exc: Exception) -> Response:
        return JSONResponse({"error": "internal error"}, status_code=500)

    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={Exception: unexpected})
    app.state.served = served
    return Guard(app)
