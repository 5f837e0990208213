"""Commands over the whole ledger: ``export``, ``import``, ``stats``, ``check``."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from .app import AllOpt, JsonOpt, SessionOpt, app, emit_json, get, guard


@app.command()
@guard
def export(
    ctx: typer.Context,
    fmt: Annotated[str, typer.Option("--format", help="csv | csv-de | json | md | html")] = "csv",
    out: Annotated[Optional[str], typer.Option(
        "--out", metavar="FILE",
        help="Write to this file (atomically) instead of stdout; - is stdout.")] = None,
    session: SessionOpt = None,
    all_: AllOpt = False,
) -> None:
    """Export the session's ledger (or --all): CSV, German CSV, JSON (complete), Markdown, HTML.

    \b
    Example: schafkopf export --format html --out abend.html
    """
    import errno
    import os

    from ..errors import IllegalEntry
    from ..evening import select_sessions
    from ..export import FORMATS, render
    from ..files import same_file, stdout_to_devnull, target_problem, write_atomic
    from ..ledger import export_json
    from ..reports import build_report

    if fmt not in FORMATS:
        raise IllegalEntry(f"--format {fmt!r} is not an export format.", f"Choose one of {', '.join(FORMATS)}.")
    example = "--out abend." + ("csv" if fmt == "csv-de" else fmt)
    if out == "":
        raise IllegalEntry("--out was given an empty file name; nothing was written.",
                           f"Give a file ({example}), or --out - for standard output.")
    target = None if out is None or out == "-" else Path(out)
    if out is not None and target is not None:  # said without the table: never replace a link, folder or device
        problem = "names a folder" if out.endswith(("/", os.sep)) else target_problem(target)
        if problem is not None:
            raise IllegalEntry(f"--out {out} {problem}; it was left as it is and nothing was written.",
                               f"Give a regular file's path ({example}); for standard output leave out --out "
                               "or give --out -.")
        try:
            os.stat(target.parent)
        except FileNotFoundError:
            raise IllegalEntry(f"The folder {target.parent} does not exist.",
                               "Create it, or choose another --out path.") from None
        except NotADirectoryError:
            raise IllegalEntry(f"{target.parent} is not a folder; nothing was written.",
                               "Choose another --out path.") from None
        except OSError as exc:
            raise IllegalEntry(f"Cannot write {target}: {exc.strerror or exc}. Nothing was written.",
                               "Choose another --out path.") from None
        if not os.path.isdir(target.parent):
            raise IllegalEntry(f"{target.parent} is not a folder; nothing was written.", "Choose another --out path.")
    c = get(ctx)
    cfg = c.cfg()
    if target is not None:  # nor the table's own files, however the path is spelled
        ledger_path = cfg.ledger_path
        own = [(cfg.path, "this table's table file"), (ledger_path, "this table's ledger"),
               *((ledger_path.with_name(ledger_path.name + suffix), "this table's ledger journal")
                 for suffix in ("-journal", "-wal", "-shm"))]
        for path, what in own:
            if same_file(target, path):
                raise IllegalEntry(f"--out {out} is {what} ({path}); the export would replace it, so nothing "
                                   "was written.", f"Choose another file, e.g. {example}.")
    # the JSON export reads an older ledger as it is, without migrating it (a rescue when a
    # migration fails); the reports need the current schema
    with c.ledger(migrate=fmt != "json") as ledger:
        ids = select_sessions(ledger, session, all_)
        if fmt == "json":
            chunks = export_json(ledger, ids, {"name": cfg.name, **cfg.snapshot().to_dict()})
        else:
            chunks = iter([render(fmt, build_report(cfg, ledger, ids))])
        if target is None:
            try:
                for chunk in chunks:
                    sys.stdout.write(chunk)
                sys.stdout.flush()
            except BrokenPipeError:  # the reader stopped early (| head -1): quietly done
                stdout_to_devnull()
                raise typer.Exit(0) from None
            except OSError as exc:
                stdout_to_devnull()
                raise IllegalEntry(f"Cannot write the export to standard output: {exc.strerror or exc}.",
                                   f"Write it to a file instead ({example}).") from None
            return
        existed = os.path.lexists(target)
        try:
            write_atomic(target, chunks)
        except OSError as exc:
            kept = f"; {target} was left as it is" if existed else ""
            if exc.errno in (errno.ENOSPC, errno.EDQUOT):
                hint = "The disk is full: free some space, or choose another --out path."
            elif exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
                hint = "That folder cannot be written to (read-only, or no permission): choose another --out path."
            else:
                hint = "Choose another --out path."
            raise IllegalEntry(f"Cannot write {target}: {exc.strerror or exc}. Nothing was written{kept}.",
                               hint) from None
    typer.echo(f"Wrote {target} ({fmt}, {len(ids)} session{'s' if len(ids) != 1 else ''}).", err=True)


@app.command("import")
@guard
def import_(
    ctx: typer.Context,
    file: Annotated[Path, typer.Argument(help="A JSON export (schafkopf export --format json).")],
    as_json: JsonOpt = False,
) -> None:
    """Read a JSON export back into an empty ledger (the same balances come out).

    \b
    Example: schafkopf --table neu.toml import abend.json
    """
    from ..errors import IllegalEntry, InvalidEntry
    from ..evening import import_into
    from ..ledger import bounded_lines, check_export_head, read_export

    c = get(ctx)
    cfg = c.cfg()
    try:
        fh = open(file, encoding="utf-8")
    except FileNotFoundError:
        raise IllegalEntry(f"No file at {file}.", "Give the path of a JSON export.") from None
    except OSError as exc:
        raise InvalidEntry(f"Cannot read {file}: {exc.strerror}.", "Give the path of a JSON export.") from None
    with fh:
        try:
            data = read_export(bounded_lines(fh))
            check_export_head(data)  # before the ledger file is made
            count = import_into(cfg, data)
        except (UnicodeDecodeError, ValueError, RecursionError) as exc:  # JSONDecodeError is a ValueError
            what = "nested too deeply" if isinstance(exc, RecursionError) else str(exc)
            raise InvalidEntry(f"{file} is not a JSON export ({what}).",
                               "Give a file written by: schafkopf export --format json --out FILE.") from None
    if as_json:
        emit_json({"imported": count})
    else:
        typer.echo(f"Imported {count} game rows into {cfg.ledger_path}.")


@app.command()
@guard
def stats(ctx: typer.Context, session: SessionOpt = None, all_: AllOpt = False, as_json: JsonOpt = False) -> None:
    """Per player (games, as declarer, won, money) and per game type (games, won, moved).

    \b
    Example: schafkopf stats --all
    """
    from ..evening import select_sessions
    from ..reports import season_stats

    c = get(ctx)
    cfg = c.cfg()
    with c.ledger() as ledger:
        ids = select_sessions(ledger, session, all_)
        data = season_stats(cfg, ledger, ids)
    if as_json:
        emit_json({"sessions": ids, **data})
        return
    from rich.table import Table

    from .render import amount, console, escape

    rules = cfg.snapshot()
    con = console()
    t = Table(title="Players")
    cols = ["Player", "Games", "Declarer", "Won", "Balance"] + (["Money"] if data["money_unit"] != data["unit"] else [])
    for col in cols:
        t.add_column(col, justify="left" if col == "Player" else "right")
    for name, st in data["players"].items():
        cells = [escape(name), str(st["games"]), str(st["declarer"]), str(st["won"]),
                 amount(st["balance"], rules, data["unit"])]
        if len(cols) > 5:
            cells.append(amount(st["money"], rules, data["money_unit"]))
        t.add_row(*cells)
    con.print(t)
    t = Table(title="Games")
    for col in ("Game", "Count", "Won", "Moved"):
        t.add_column(col, justify="left" if col == "Game" else "right")
    for name, st in sorted(data["games"].items(), key=lambda kv: -kv[1]["games"]):
        t.add_row(name, str(st["games"]), str(st["won"]), amount(st["moved"], rules, data["unit"], sign=False))
    con.print(t)


@app.command()
@guard
def check(ctx: typer.Context, as_json: JsonOpt = False) -> None:
    """Verify the ledger: zero sums, replay equals stored payouts, closing balances.

    Silent with exit 0 when everything holds; lists each problem with exit 1 otherwise.

    \b
    Example: schafkopf check
    """
    from ..evening import check_ledger

    c = get(ctx)
    with c.ledger() as ledger:
        problems = check_ledger(ledger)
    if as_json and problems:
        emit_json({"problems": problems})
    else:
        for p in problems:
            where = f"session {p['session']}" + (f", hand {p['hand']}" if p["hand"] is not None else "")
            typer.echo(f"{where}: {p['problem']}")
    if problems:
        raise typer.Exit(1)
