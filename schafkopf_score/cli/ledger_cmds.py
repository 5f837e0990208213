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
    out: Annotated[Optional[Path], typer.Option("--out", help="Write to this file (atomically) instead of stdout.")] = None,
    session: SessionOpt = None,
    all_: AllOpt = False,
) -> None:
    """Export the session's ledger (or --all): CSV, German CSV, JSON (complete), Markdown, HTML.

    \b
    Example: schafkopf export --format html --out abend.html
    """
    from ..errors import IllegalEntry
    from ..evening import select_sessions
    from ..export import FORMATS, render
    from ..files import write_atomic
    from ..ledger import export_json
    from ..reports import build_report

    if fmt not in FORMATS:
        raise IllegalEntry(f"--format {fmt!r} is not an export format.", f"Choose one of {', '.join(FORMATS)}.")
    if out is not None and not out.parent.exists():
        raise IllegalEntry(f"The folder {out.parent} does not exist.", "Create it, or choose another --out path.")
    c = get(ctx)
    cfg = c.cfg()
    # the JSON export reads an older ledger as it is, without migrating it (a rescue when a
    # migration fails); the reports need the current schema
    with c.ledger(migrate=fmt != "json") as ledger:
        ids = select_sessions(ledger, session, all_)
        if fmt == "json":
            chunks = export_json(ledger, ids, {"name": cfg.name, **cfg.snapshot().to_dict()})
        else:
            chunks = iter([render(fmt, build_report(cfg, ledger, ids))])
        if out is None:
            for chunk in chunks:
                sys.stdout.write(chunk)
        else:
            write_atomic(out, chunks)
    if out is not None:
        typer.echo(f"Wrote {out} ({fmt}, {len(ids)} session{'s' if len(ids) != 1 else ''}).", err=True)


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
