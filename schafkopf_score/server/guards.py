"""What every answer of ``schafkopf serve`` passes and what each route needs: the guards (access
codes, limits, headers, no traceback), the server's state (``Served``), a refusal (``Refusal``)
and a library error as one, a body's fields read, the library's work in a worker thread. The
routes (``app.py``) and the pages (``pages.py``) both build on it.
"""

from __future__ import annotations

import contextvars
import json
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..app.codes import HOST
from ..errors import LedgerError, ScoreError, StorageError
from ..files import redacted
from ..i18n import say as said
from ..ledger import open_ledger
from ..table import TableConfig, load_table
from .codes import Keyring, Role
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
            ledger = open_ledger(cfg, create=create)
        else:
            from .pool import PooledLedger, make_pool

            if self._pool is None:
                self._pool = make_pool(cfg.ledger_url)
            ledger = PooledLedger(self._pool, cfg, create=create)
        ledger.keep_folded = True  # one long-lived process: fold on from the session last folded
        return ledger

    def close(self) -> None:
        if self._pool is not None:
            self._pool.close()

    def cfg(self) -> TableConfig:
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
    return said(key, served.lang(), **params)


def _address(request: Request) -> str:
    return request.client.host if request.client else "?"


def authorize(served: Served, request: Request, need: str = "read") -> Role:
    """The role of the request's code, if it may do ``need`` (read, write, host); else a
    ``Refusal``: 400 for a code in a POST's query string, 429 after too many wrong codes, 401
    without a known code, 403 for a role that may not, or a cookie write from another site."""
    if request.method != "GET" and "k" in request.query_params:
        raise Refusal(400, say(served, "server.code_in_query"), say(served, "server.code_in_query_hint"))
    address = _address(request)
    if served.slowed(address):
        raise Refusal(429, say(served, "server.slowed"), say(served, "server.slowed_hint"))
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
        raise Refusal(401, say(served, "server.no_code"), say(served, "server.no_code_hint"))
    if by_cookie and request.method != "GET" and not same_origin(request):
        raise Refusal(403, say(served, "server.other_origin"), say(served, "server.other_origin_hint"))
    if need == "write" and not role.may_write or need == "host" and role.name != HOST:
        raise Refusal(403, say(served, "server.role_may_not", role=role.label),
                      say(served, "server.role_may_not_hint"))
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
        raise Refusal(403, say(served, "server.other_table", tisch=role.tisch),
                      say(served, "server.other_table_hint", tisch=role.tisch))
    return tisch


# -- running the library ----------------------------------------------------------------------------

def refusal_of(served: Served, exc: BaseException) -> Refusal:
    """A library error as the API answers it: 409 for a change that needs ``confirm``, 503
    for a busy or unreachable ledger, 422 for every refused entry (the CLI's text, in the
    table's language)."""
    lang = served.lang()
    if isinstance(exc, StorageError) and exc.kind not in ("busy", "unreachable"):
        # the database refused a statement: its own words (the cause), without the address's password
        raw = exc.__cause__ or exc
        problem = str(raw).strip().splitlines()[0] if str(raw).strip() else type(raw).__name__
        cfg = served.cfg()
        if cfg.ledger_url:
            problem = redacted(cfg.ledger_url, problem)
        return Refusal(503, say(served, "server.ledger_trouble", problem=problem),
                       say(served, "server.ledger_trouble_hint"))
    if isinstance(exc, ScoreError):
        from ..app.hands import NeedsConfirm, SameHand

        message, hint = exc.render(exc.language or lang)
        if isinstance(exc, NeedsConfirm):
            return Refusal(409, message, said("server.confirm_hint", lang), change=exc.change)
        if isinstance(exc, SameHand):
            return Refusal(409, message, said("server.same_hand_hint", lang), same_as=exc.same_as)
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
        raise Refusal(400, say(served, "server.bad_json"), say(served, "server.bad_json_hint")) from None
    if not isinstance(data, dict):
        raise Refusal(400, say(served, "server.bad_json"), say(served, "server.bad_json_hint"))
    return data


def words_field(served: Served, data: dict[str, Any], name: str) -> list[str]:
    """A list of short texts in the body (``"fix": ["Anna=2"]``, ``"apart": ["Anna,Ben"]``), as
    the command's repeatable option takes them."""
    value = data.get(name) or []
    if not isinstance(value, list) or len(value) > 200 or not all(isinstance(v, str) and len(v) <= 200 for v in value):
        raise Refusal(422, say(served, "server.field_kind", field=name, kind=say(served, "server.kind_texts")),
                      say(served, "server.field_hint"))
    return value


def field(served: Served, data: dict[str, Any], name: str, kind: type, required: bool = False) -> Any:
    """A field of the body, of the kind it must be (a form's text turned into a number)."""
    value = data.get(name)
    if value is None or value == "" and kind is not str:
        if required:
            raise Refusal(422, say(served, "server.field_missing", field=name),
                          say(served, "server.field_hint"))
        return None
    if kind is int:
        if isinstance(value, str) and value.strip().lstrip("-").isdigit() and len(value) < 12:
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 10**9:
            raise Refusal(422, say(served, "server.field_kind", field=name, kind=say(served, "server.kind_number")),
                          say(served, "server.field_hint"))
        return value
    if kind is bool:
        if isinstance(value, str):
            return value.lower() in ("1", "true", "yes", "on")
        if not isinstance(value, bool):
            raise Refusal(422, say(served, "server.field_kind", field=name, kind=say(served, "server.kind_bool")),
                          say(served, "server.field_hint"))
        return value
    if not isinstance(value, str):
        raise Refusal(422, say(served, "server.field_kind", field=name, kind=say(served, "server.kind_text")),
                      say(served, "server.field_hint"))
    return value


def query_int(served: Served, request: Request, name: str) -> int | None:
    value = request.query_params.get(name)
    if value is None or value == "":
        return None
    return field(served, {name: value}, name, int)  # type: ignore[no-any-return]
