"""What every answer of ``schafkopf serve`` passes and what each route needs: the guards (access
codes, limits, headers, no traceback), a library error as a refusal, a body's fields read (every
malformed number or text a 422 naming the field, never a 500), the library's work in a worker
thread. The routes (``app.py``) and the pages (``pages.py``) both build on it; the server's
state is ``state.py``.
"""

from __future__ import annotations

import asyncio
import contextvars
import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..app.codes import HOST
from ..errors import LedgerError, ScoreError, StorageError
from ..files import redacted
from ..i18n import say as said
from .codes import Role
from .state import WRONG_CODES as WRONG_CODES
from .state import Refusal as Refusal
from .state import Served as Served
from .state import say as say

HERE = Path(__file__).resolve().parent
MAX_BODY = 64 * 1024
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
HEADERS = [(b"content-security-policy", CSP.encode()), (b"x-content-type-options", b"nosniff"),
           (b"referrer-policy", b"no-referrer"), (b"x-frame-options", b"DENY"), (b"cache-control", b"no-store")]


# -- the guards around every request -----------------------------------------------------------------

class Guard:
    """Pure ASGI middleware: bodies over 64 KiB are 413; every answer carries the security
    headers; an unexpected error is 500 ``{"error": ...}`` and one line on the server's terminal,
    never a traceback. Its refusals are in the table's language."""

    def __init__(self, app: ASGIApp, served: Served) -> None:
        self.app = app
        self.served = served

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

        served = self.served
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and (not re.fullmatch(rb"[0-9]{1,18}", length) or int(length) > MAX_BODY):
            too_large = re.fullmatch(rb"[0-9]+", length) is not None
            await _plain(send_headers, Refusal(413, say(served, "server.too_large"), say(served, "server.too_large_hint"))
                         if too_large else Refusal(400, say(served, "server.bad_length"),
                                                   say(served, "server.bad_length_hint")))
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
                await _plain(send_headers, Refusal(413, say(served, "server.too_large"),
                                                   say(served, "server.too_large_hint")))
        except (ClientDisconnect, asyncio.CancelledError):
            # the phone went away, or the server stops and cut a request short: nobody to answer
            pass
        except Exception as exc:
            served.tell("server.unexpected_line", method=scope.get("method", ""), path=scope.get("path", ""),
                        problem=f"{type(exc).__name__}: {exc}")
            if not started:
                await _plain(send_headers, Refusal(500, say(served, "server.unexpected"),
                                                   say(served, "server.unexpected_hint")))


class _TooLarge(Exception):
    pass


async def _plain(send: Send, refusal: Refusal) -> None:
    body = json.dumps(refusal.body, ensure_ascii=False).encode()
    await send({"type": "http.response.start", "status": refusal.status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def _address(request: Request) -> str:
    return request.client.host if request.client else "?"


def authorize(served: Served, request: Request, need: str = "read") -> Role:
    """The role of the request's code, if it may do ``need`` (read, write, host); else a
    ``Refusal``: 400 for a code in a POST's query string, 429 after too many wrong codes, 401
    without a known code (one that ``--new-codes`` replaced is told so, and not counted as a
    wrong guess), 403 for a role that may not, or a cookie write from another site."""
    if request.method != "GET" and "k" in request.query_params:
        raise Refusal(400, say(served, "server.code_in_query"), say(served, "server.code_in_query_hint"))
    address = _address(request)
    if served.slowed(address):
        raise Refusal(429, say(served, "server.slowed"), say(served, "server.slowed_hint"))
    code, by_cookie = presented(served, request)
    role = served.role(code)
    if role is None:
        if served.retired(code):
            raise Refusal(401, say(served, "server.code_replaced"), say(served, "server.code_replaced_hint"))
        if code:
            served.wrong_code(address)
        raise Refusal(401, say(served, "server.no_code"), say(served, "server.no_code_hint"))
    if by_cookie and request.method != "GET" and not same_origin(request):
        raise Refusal(403, say(served, "server.other_origin"), say(served, "server.other_origin_hint"))
    if need == "write" and not role.may_write or need == "host" and role.name != HOST:
        # said in the table's words ("only reads", "table 3"), not the codes' labels view, tisch 3
        raise Refusal(403, say(served, "server.role_may_not_tisch", tisch=role.tisch) if role.tisch is not None
                      else say(served, "server.role_may_not_view"), say(served, "server.role_may_not_hint"))
    return role


def presented(served: Served, request: Request) -> tuple[str, bool]:
    """The code a request presents (``Authorization: Bearer``, else this server's cookie), and
    whether it came as the cookie."""
    auth = request.headers.get("authorization", "")
    if auth[:7].lower() == "bearer ":
        return auth[7:].strip(), False
    return request.cookies.get(served.cookie, ""), True


def same_origin(request: Request) -> bool:
    """A browser's write carries an ``Origin`` naming this server (scheme, host and port). A
    form posted by the page itself carries ``Origin: null`` (the pages' ``Referrer-Policy:
    no-referrer`` hides it): the browser's ``Sec-Fetch-Site`` says it came from this server."""
    origin = request.headers.get("origin")
    host = request.headers.get("host")
    if origin == "null" and request.headers.get("sec-fetch-site") == "same-origin":
        return True
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
    for a busy, unreachable or damaged ledger, 422 for every refused entry (the CLI's text, in the
    table's language)."""
    lang = served.lang()
    if isinstance(exc, StorageError) and exc.kind not in ("busy", "unreachable"):
        # the database refused a statement: its words as the store gave them (SQLite's known ones
        # in the table's language), else the cause's, without the address's password; a full disk
        # or a ledger that may not be written says how to fix it, as the CLI does
        raw = exc.__cause__ or exc
        problem: Any = exc.problem or (str(raw).strip().splitlines()[0] if str(raw).strip() else type(raw).__name__)
        cfg = served.cfg()
        if cfg.ledger_url and isinstance(problem, str):
            problem = redacted(cfg.ledger_url, problem)
        hint = (exc.hint_text.render(lang) if exc.kind in ("full", "read_only") and exc.hint_text
                else say(served, "server.ledger_trouble_hint"))
        return Refusal(503, say(served, "server.ledger_trouble", problem=problem), hint)
    if isinstance(exc, ScoreError):
        from ..app.hands import NeedsConfirm, SameHand

        message, hint = exc.render(exc.language or lang)
        if isinstance(exc, NeedsConfirm):
            return Refusal(409, message, said("server.confirm_hint", lang), change=exc.change)
        if isinstance(exc, SameHand):
            return Refusal(409, message, said("server.same_hand_hint", lang), same_as=exc.same_as)
        if isinstance(exc, LedgerError) and exc.text.key in ("data.ledger_busy", "data.pg_unreachable",
                                                             "data.ledger_damaged", "data.ledger_empty"):
            # the ledger's trouble, not the entry's: a phone keeps the hand and sends it again
            # once the ledger is back (a backup restored), as for a ledger moved away
            return Refusal(503, message, hint)
        page_hint = PAGE_HINTS.get(exc.hint_text.key if exc.hint_text is not None else "")
        page_error = PAGE_ERRORS.get(exc.text.key)
        extra: dict[str, str] = {}
        if page_error is not None:  # the CLI's message names an option: the page names its field
            extra["page_error"] = said(page_error, lang, field=said("server.page_round_to", lang), **exc.text.params)
        if page_hint is not None:  # the CLI's hint names a command: the page says its own way too
            extra["page_hint"] = said(page_hint, lang, box=said("server.page_desk_replace", lang),
                                      void=said("server.page_void", lang), edit=said("server.page_edit", lang),
                                      field=said("server.page_round_to", lang))
        return Refusal(422, message, hint, **extra)
    if isinstance(exc, OSError):
        # a file the server writes beside the ledger (the table file's seating) on a full disk or
        # in a folder that may not be written: said as the CLI says it, the write rolled back
        from ..files import os_problem

        where = exc.filename2 or exc.filename
        return Refusal(503, say(served, "server.file_trouble", problem=os_problem(exc),
                                where=f": {where}" if where else ""), say(served, "server.file_trouble_hint"))
    raise exc


# a refusal's CLI hint -> how a page says it (``page_hint`` in the body)
PAGE_HINTS = {"tournament.totals_twice_hint": "server.page_totals_twice_hint",
              "tournament.reseat_entered_hint": "server.page_reseat_entered_hint",
              "data.round_not_positive_hint": "server.page_round_hint",
              "data.round_stock_hint": "server.page_round_stock_hint"}
# a refusal's CLI message -> how a page says it (``page_error`` in the body): the close's
# rounding named by the host's field (*Runden auf Cent*), not by ``--round``
PAGE_ERRORS = {"data.round_not_positive": "server.page_round_not_positive",
               "data.round_too_big": "server.page_round_too_big"}


async def work(served: Served, fn: Callable[..., Any], *args: Any, create: bool = False, **kw: Any) -> Any:
    """``fn(cfg, ledger, *args)`` in a worker thread, the ledger opened for it and closed after."""
    asked = time.perf_counter()
    timing = TIMING.get()

    def run() -> Any:
        started = time.perf_counter()
        try:
            cfg = served.cfg()
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


def not_found(served: Served) -> Refusal:
    """No such address (404)."""
    return Refusal(404, say(served, "server.not_found"), say(served, "server.not_found_hint"))


def answer(data: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status)


def refused(exc: Refusal) -> JSONResponse:
    return JSONResponse(exc.body, status_code=exc.status)


async def body_of(served: Served, request: Request) -> dict[str, Any]:
    """The request's JSON object (a form's fields for a page without JavaScript)."""
    try:
        raw = await request.body()
    except _TooLarge:
        raise Refusal(413, say(served, "server.too_large"), say(served, "server.too_large_hint")) from None
    kind = request.headers.get("content-type", "")
    if kind.startswith("application/x-www-form-urlencoded"):
        try:
            return dict(parse_qsl(raw.decode("utf-8", "replace"), max_num_fields=100))
        except ValueError:  # more fields than that: no form of this server's
            raise Refusal(400, say(served, "server.bad_form"), say(served, "server.bad_form_hint")) from None
    try:
        data = json.loads(raw or b"{}")
    except (ValueError, UnicodeDecodeError, RecursionError):  # RecursionError: [[[[... nested too deep
        raise Refusal(400, say(served, "server.bad_json"), say(served, "server.bad_json_hint")) from None
    if not isinstance(data, dict):
        raise Refusal(400, say(served, "server.bad_json"), say(served, "server.bad_json_hint"))
    return data


MOST = 10**9  # the largest number a field takes (a hand, a table, a round, cents): far beyond any real one
_WHOLE = re.compile(r"-?[0-9]{1,10}")  # ASCII digits only: no "²", "٣", "--1", "1e3" or "0x10"
_YES = ("1", "true", "yes", "on")
_NO = ("0", "false", "no", "off")


def whole(value: Any) -> int | None:
    """A whole number of at most ``MOST`` as JSON or a form sends it (``3``, ``"3"``,
    ``" -3 "``), else None (a float, a bool, a list, a text that is no plain number)."""
    if isinstance(value, str) and _WHOLE.fullmatch(value.strip()):
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > MOST:
        return None
    return value


def is_text(value: str) -> bool:
    """Whether a text can be stored and shown: no NUL and no lone surrogate (a JSON
    ``"\\ud800"``), which neither database nor a page's UTF-8 can hold."""
    if "\x00" in value:
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def field_refusal(served: Served, error: str, name: str, wants: str) -> Refusal:
    """422 for the field ``name``: ``error`` in the API's words, and the field and what it
    ``wants`` (``missing``, ``number``, ``bool``, ``text``, ``texts``, ``two``) named in the
    body, so that a page says it with the label of its own field (``pages.field_words``)."""
    return Refusal(422, error, say(served, "server.field_hint"), field=name, wants=wants)


def _kind_refusal(served: Served, name: str, kind: str) -> Refusal:
    return field_refusal(served, say(served, "server.field_kind", field=name, kind=say(served, kind)), name,
                         kind.rsplit("_", 1)[1])  # (server.kind_number: number)


def words_field(served: Served, data: dict[str, Any], name: str) -> list[str]:
    """A list of short texts in the body (``"fix": ["Anna=2"]``, ``"apart": ["Anna,Ben"]``), as
    the command's repeatable option takes them."""
    value = data.get(name) or []
    if (not isinstance(value, list) or len(value) > 200
            or not all(isinstance(v, str) and len(v) <= 200 and is_text(v) for v in value)):
        raise _kind_refusal(served, name, "server.kind_texts")
    return value


def field(served: Served, data: dict[str, Any], name: str, kind: type, required: bool = False) -> Any:
    """A field of the body, of the kind it must be (a form's text turned into a number or a
    truth value); anything else is 422 naming the field and the kind, in the table's language."""
    value = data.get(name)
    if value is None or value == "" and kind is not str:
        if required:
            raise field_refusal(served, say(served, "server.field_missing", field=name), name, "missing")
        return None
    if kind is int:
        number = whole(value)
        if number is None:
            raise _kind_refusal(served, name, "server.kind_number")
        return number
    if kind is bool:
        if isinstance(value, str) and value.strip().lower() in _YES + _NO:
            return value.strip().lower() in _YES
        if not isinstance(value, bool):
            raise _kind_refusal(served, name, "server.kind_bool")
        return value
    if not isinstance(value, str):
        raise _kind_refusal(served, name, "server.kind_text")
    if not is_text(value):
        raise field_refusal(served, say(served, "server.field_not_text", field=name), name, "text")
    return value


def query_int(served: Served, request: Request, name: str) -> int | None:
    """A number in the query string (``?round=2``): as a body's field."""
    value = request.query_params.get(name)
    if value is None or value == "":
        return None
    return field(served, {name: value}, name, int)  # type: ignore[no-any-return]


def path_int(served: Served, request: Request, name: str) -> int:
    """A number in the path (``/tisch/3``): a whole number, else 422 (the address's text is
    not repeated: no text from the URL is shown as the server's words)."""
    number = whole(request.path_params.get(name))
    if number is None:
        raise Refusal(422, say(served, "server.path_number"), say(served, "server.path_number_hint"))
    return number
