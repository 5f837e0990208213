"""``schafkopf serve``: the table server of RULES §11 (the work is in ``schafkopf_score/server``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

import typer

from ..errors import ConfigError
from ..i18n import Text, say
from .app import WHOLE_NUMBER, app, get, guard


def lan_address() -> str:
    """This machine's address in the local network, for the links a phone opens (no packet is
    sent: a UDP socket's route is looked up only)."""
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.254.254.254", 1))
            return str(s.getsockname()[0])
    except OSError:
        return "127.0.0.1"


@app.command()
@guard
def serve(
    ctx: typer.Context,
    host: Annotated[str, typer.Option("--host", help="The address to listen on (0.0.0.0: the local network).")]
    = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="The port to listen on.", click_type=WHOLE_NUMBER)] = 8765,
    codes: Annotated[bool, typer.Option("--codes", help="Print the access links and QR codes, do not serve.")] = False,
    new_codes: Annotated[bool, typer.Option("--new-codes", help="Replace every access code (the old links stop "
                                                                "working).")] = False,
    workers: Annotated[int, typer.Option("--workers", help="Server processes on the port: one per core for a hall "
                                                           "of many tables (not on Windows).",
                                             click_type=WHOLE_NUMBER)] = 1,
) -> None:
    """Serve the table (or the tournament) to phones and a projector, until Ctrl-C.

    Prints a link with an access code for each role (host, view, and in a tournament each
    table: tisch N), with its QR code.

    \b
    Example: schafkopf serve
    Example: schafkopf serve --host 0.0.0.0 --port 8765
    Example: schafkopf serve --host 0.0.0.0 --workers 2
    """
    import socket

    cfg = get(ctx).cfg()
    lang = cfg.language
    if not 1 <= port <= 65535:
        raise ConfigError(Text("server.port_range", port=port), Text("server.port_range_hint"))
    from ..server import workers as many

    if not 1 <= workers <= many.MOST:
        raise ConfigError(Text("server.workers_range", workers=workers, most=many.MOST),
                          Text("server.workers_range_hint"))
    if workers > 1 and not many.can_fork():
        raise ConfigError(Text("server.workers_no_fork"), Text("server.workers_no_fork_hint"))
    try:
        import jinja2  # noqa: F401
        import segno  # noqa: F401
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as exc:
        raise ConfigError(Text("server.needs_extra", missing=exc.name or "?"),
                          Text("server.needs_extra_hint")) from None
    from ..app.codes import load_codes
    from ..server.codes import qr_text, role_order

    tables = 0
    if cfg.kind == "tournament":
        from ..tournament.draw import table_sizes

        tables = len(table_sizes(len(cfg.players)))
    kept = load_codes(cfg.path, tables, renew=new_codes)
    shown = lan_address() if host in ("0.0.0.0", "::", "") else host
    shown = f"[{shown}]" if ":" in shown and not shown.startswith("[") else shown
    base = f"http://{shown}:{port}"
    sock = None
    if not codes:  # the port first: a refusal before the codes are printed
        try:
            # IPPROTO_TCP named: asyncio then sets TCP_NODELAY on every connection it accepts
            # (it looks at the socket's protocol number, 0 unless named), so that an answer's
            # body does not wait behind its headers for the phone's delayed ACK (about 40 ms)
            sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM,
                                 socket.IPPROTO_TCP)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            sock.bind((host, port))
            sock.listen(512)
        except OSError as exc:
            if sock is not None:
                sock.close()
            import errno

            from ..files import os_problem

            problem = os_problem(exc)  # in the table's language where the catalogue has it
            if isinstance(exc, socket.gaierror) or exc.errno == errno.EADDRNOTAVAIL:  # the address, not the port
                raise ConfigError(Text("server.host_unusable", host=host, problem=problem),
                                  Text("server.host_unusable_hint")) from None
            raise ConfigError(Text("server.port_busy", port=port, problem=problem),
                              Text("server.port_busy_hint")) from None
    if new_codes:
        typer.echo(say("server.codes_new", lang))
    for label in sorted(kept, key=role_order):
        url = f"{base}/?k={kept[label]}"
        typer.echo(f"{label}: {url}")
        typer.echo(qr_text(url))
    if codes:
        return
    assert sock is not None
    import sys

    def ready() -> None:
        """Said once the server answers (its modules loaded, its connections open)."""
        typer.echo(say("server.serving", lang, name=cfg.name, url=base))
        typer.echo(say("server.local_only", lang) if host in ("127.0.0.1", "localhost", "::1")
                   else say("server.network", lang, host=host))
        sys.stdout.flush()

    sys.stdout.flush()
    from ..server import listener
    from ..server.app import make_app

    def serve_one(told: Callable[[], None]) -> None:
        app = make_app(cfg.path, kept, told, workers, port=port)
        listener.serve(app, sock, lambda key, **params: say(key, app.served.lang(), **params),
                       app.served.hub.end_streams)

    if workers == 1:
        serve_one(ready)
        return
    ended = many.run(workers, serve_one, ready)
    if ended is not None:
        import signal

        ended_how = (Text("server.worker_killed", signal=signal.Signals(-ended).name) if ended < 0
                     else Text("server.worker_ended", code=ended))
        raise ConfigError(ended_how, Text("server.worker_ended_hint"))
