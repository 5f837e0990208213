"""The HTTP server around the application: uvicorn (its h11 protocol), with what a server on a
table's Wi-Fi needs below the application.

- **A request arrives whole within ``HEADER_TIMEOUT``** (10 s) of the connection's opening or of
  the previous answer on it, or the connection is closed: one that sends nothing, or half a
  request, or a byte a second, holds nothing for long. (uvicorn's own keep-alive timeout runs
  only between two answers and stops at the first byte of the next request.)
- **Connections that wait for a request are shed, oldest first**, once the process's open
  connections reach its budget of file descriptors (its limit less ``RESERVE``, kept for the
  ledger, the pool and the watcher, and less three times ``BACKLOG``, the connections accepted in
  one go before any is counted): a device that opens a thousand connections and sends nothing neither
  starves the phones (whose requests come at once) nor runs the process out of descriptors.
  The soft limit of open files is raised to the hard limit first.
- **What the event loop cannot hand anywhere** (an ``accept()`` out of file descriptors, which
  asyncio retries a second later by itself) **is one plain line** in the table's language, at
  most once in ``QUIET`` seconds; uvicorn's log lines are one line each too: never a traceback.
- **A stop (Ctrl-C, SIGTERM) ends the event streams first**, so that uvicorn's graceful
  shutdown finds no request it must cut short (which it would log with a traceback).
"""

from __future__ import annotations

import asyncio
import json
import logging
import socket
import sys
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_TIMEOUT = 10.0  # seconds for a whole request (its headers and its body)
RESERVE = 64  # file descriptors kept for everything but the connections
# connections the kernel queues for the server (listen's backlog), which is also how many the
# event loop accepts in one go before any of them is counted: three times that is kept out of
# the budget (asyncio accepts a batch while the one before becomes connections and the one
# before that is being shed), so that shedding the waiting ones keeps the process below its
# limit of open files
BACKLOG = 64
QUIET = 10.0  # seconds between two lines about the same trouble


def more_files() -> int:
    """Raise the soft limit of open files to the hard one (a phone's connection is one); the
    limit now (1024 where there is no such limit to ask)."""
    try:
        import resource
    except ImportError:  # not on Windows
        return 1024
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = 1 << 16 if hard == resource.RLIM_INFINITY else min(hard, 1 << 16)
    if soft != resource.RLIM_INFINITY and soft < want:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
            soft = want
        except (ValueError, OSError):
            pass
    return int(soft) if soft != resource.RLIM_INFINITY else 1 << 16


class Waiting:
    """The connections that wait for a request, oldest first, and the budget of open connections
    beyond which the oldest of them is closed."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self._order: OrderedDict[int, Guarded] = OrderedDict()
        self.closing = 0  # closed by this server, not yet gone (still among uvicorn's connections)

    def add(self, conn: Guarded) -> None:
        self._order.pop(id(conn), None)
        self._order[id(conn)] = conn

    def discard(self, conn: Guarded) -> None:
        self._order.pop(id(conn), None)

    def shed(self, connections: int) -> None:
        """Close the longest-waiting connections while more than the budget are open (of
        uvicorn's ``connections``, those closed already are leaving)."""
        open_now = connections - self.closing
        while open_now > self.budget and self._order:
            _, oldest = self._order.popitem(last=False)
            oldest.close_waiting()
            open_now -= 1

    def __len__(self) -> int:
        return len(self._order)


class Guarded(H11Protocol):
    """uvicorn's h11 protocol, whose connections must send a whole request within
    ``HEADER_TIMEOUT`` and are shed when too many wait (see the module), and whose answer to
    bytes that are no HTTP request (or headers over h11's limit) is a refusal like the
    application's: 400 with ``{"error", "hint"}`` in the table's language."""

    waiting: Waiting  # set on the class made for one server (``protocol``)
    say: Callable[..., str]  # likewise: a message in the table's language
    _timer: asyncio.TimerHandle | None = None
    _closed_here = False  # closed by ``close_waiting``, counted in ``waiting.closing`` until it is gone

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._settle()
        self.waiting.shed(len(self.connections))

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._settle()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._settle()

    def connection_lost(self, exc: Exception | None) -> None:
        self._done_waiting()
        if self._closed_here:
            self._closed_here = False
            self.waiting.closing -= 1
        super().connection_lost(exc)

    def _settle(self) -> None:
        """Waiting for a request (none yet, or its headers or body not all here): the clock
        runs from the moment it began to wait; else it stops."""
        waits = (self.conn.their_state in (h11.IDLE, h11.SEND_BODY) and self.conn.our_state is not h11.MUST_CLOSE
                 and not self.transport.is_closing())
        if waits and self._timer is None:
            self._timer = self.loop.call_later(HEADER_TIMEOUT, self.close_waiting)
            self.waiting.add(self)
        elif not waits:
            self._done_waiting()

    def _done_waiting(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.waiting.discard(self)

    def send_400_response(self, msg: str) -> None:
        body = json.dumps({"error": self.say("server.bad_request"), "hint": self.say("server.bad_request_hint")},
                          ensure_ascii=False).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                   (b"connection", b"close")]
        for event in (h11.Response(status_code=400, headers=headers, reason=b"Bad Request"), h11.Data(data=body),
                      h11.EndOfMessage()):
            self.transport.write(self.conn.send(event) or b"")
        self.transport.close()

    def close_waiting(self) -> None:
        """No whole request in time, or shed: closed without a word (there is nobody to read one)."""
        self._done_waiting()
        if not self.transport.is_closing():
            self._closed_here = True
            self.waiting.closing += 1
            self.transport.close()


def protocol(budget: int, say: Callable[..., str]) -> type[Guarded]:
    """The protocol class of one server, with its own count of waiting connections and its words."""
    return type("GuardedH11", (Guarded,), {"waiting": Waiting(budget), "say": staticmethod(say)})


class _OneLine(logging.Formatter):
    """uvicorn's log lines without a traceback: the first line, and what was raised."""

    def format(self, record: logging.LogRecord) -> str:
        exc = record.exc_info[1] if record.exc_info else None
        record.exc_info = record.exc_text = record.stack_info = None
        line = (super().format(record).splitlines() or [""])[0]
        return f"{line} ({type(exc).__name__}: {exc})" if exc is not None else line


LOG_CONFIG: dict[str, Any] = {
    "version": 1, "disable_existing_loggers": False,
    "formatters": {"one": {"()": _OneLine, "format": "%(message)s"}},
    "handlers": {"err": {"class": "logging.StreamHandler", "formatter": "one", "stream": "ext://sys.stderr"}},
    # a phone's garbage (an invalid request) is answered 400 and not worth a line: errors only
    "loggers": {"uvicorn": {"handlers": ["err"], "level": "ERROR", "propagate": False},
                "uvicorn.error": {"level": "ERROR"}, "uvicorn.access": {"handlers": [], "propagate": False}},
}


class _Server(uvicorn.Server):
    """uvicorn's server whose event loop says what it cannot hand anywhere in one plain line,
    and which ends the event streams before its shutdown waits for the requests."""

    def __init__(self, config: uvicorn.Config, say: Callable[..., str], on_stop: Callable[[], None]) -> None:
        super().__init__(config)
        self._say = say
        self._on_stop = on_stop
        self._said: dict[str, float] = {}

    async def serve(self, sockets: list[socket.socket] | None = None) -> None:
        asyncio.get_running_loop().set_exception_handler(self._quiet)
        await super().serve(sockets)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self._on_stop()
        await super().shutdown(sockets)

    def _quiet(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        exc = context.get("exception")
        if isinstance(exc, OSError) and "accept" in str(context.get("message", "")):
            key, line = "accept", self._say("server.out_of_files", problem=exc.strerror or str(exc))
        else:
            problem = f"{type(exc).__name__}: {exc}" if exc is not None else str(context.get("message", ""))
            key, line = problem, self._say("server.loop_trouble", problem=problem)
        now = time.monotonic()
        if now - self._said.get(key, -QUIET) < QUIET:
            return
        if len(self._said) > 100:
            self._said.clear()
        self._said[key] = now
        try:
            sys.stderr.write(line.splitlines()[0] + "\n")
            sys.stderr.flush()
        except (OSError, ValueError):
            pass


def serve(app: Any, sock: socket.socket, say: Callable[..., str], on_stop: Callable[[], None]) -> None:
    """Serve ``app`` on the bound socket ``sock`` until a stop (Ctrl-C: the signal is raised
    again afterwards, as uvicorn does, so that the command says it and exits 130).
    ``say(key, **params)``: a message in the table's language; ``on_stop()``: ends the streams."""
    files = more_files()
    config = uvicorn.Config(app, http=protocol(max(16, files - RESERVE - 3 * BACKLOG), say), backlog=BACKLOG,
                            log_config=LOG_CONFIG, log_level="error", access_log=False, lifespan="on",
                            timeout_graceful_shutdown=2, server_header=False)
    _Server(config, say, on_stop).run(sockets=[sock])
