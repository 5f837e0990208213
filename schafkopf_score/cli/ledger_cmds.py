"""Commands over the whole ledger: ``export``, ``import``, ``stats``, ``check``."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from ..errors import IllegalEntry, InvalidEntry, ScoreError
from ..i18n import Join, Text, render, say
from ..memo import collection_paused
from .app import WHOLE_NUMBER, AllOpt, JsonOpt, SessionOpt, app, emit_json, fail_text, get, guard


def export_formats() -> str:
    """``--format``'s help: the export formats, as the registry lists them."""
    from ..export import FORMATS

    return " | ".join(FORMATS)


@app.command()
@guard
def export(
    ctx: typer.Context,
    fmt: Annotated[str, typer.Option("--format", help=export_formats())] = "csv",
    out: Annotated[Optional[str], typer.Option(
        "--out", metavar="FILE",
        help="Write to this file (atomically) instead of stdout; - is stdout.")] = None,
    session: SessionOpt = None,
    all_: AllOpt = False,
) -> None:
    """Export the session's ledger (or --all) to a file: CSV, JSON (complete), Markdown, HTML and more.

    \b
    xlsx is a workbook for Excel and LibreOffice (the settlement, the stats, a sheet per
    evening), written to --out.

    \b
    Example: schafkopf export --format html --out abend.html
    Example: schafkopf export --format json --out abend.json
    Example: schafkopf export --all --format xlsx --out saison.xlsx
    """
    import errno
    import os

    from ..app.exports import chunks as export_chunks
    from ..app.state import select_sessions
    from ..export import FORMATS
    from ..files import os_problem, same_file, stdout_to_devnull, target_problem, write_atomic

    if fmt not in FORMATS:
        raise IllegalEntry(Text("cli.export_format", fmt=repr(fmt)),
                           Text("cli.export_format_hint", formats=", ".join(FORMATS)))
    form = FORMATS[fmt]
    example = "--out abend." + form.extension
    if out == "":
        raise IllegalEntry(Text("cli.out_empty"), Text("cli.out_empty_hint", example=example))
    target = None if out is None or out == "-" else Path(out)
    if form.binary and target is None and sys.stdout.isatty():  # a workbook is no text for a terminal
        raise IllegalEntry(Text("cli.binary_to_terminal", fmt=fmt), Text("cli.binary_to_terminal_hint", example=example))
    if out is not None and target is not None:  # said without the table: never replace a link, folder or device
        problem = Text("cli.out_folder") if out.endswith(("/", os.sep)) else target_problem(target)
        if problem is not None:
            raise IllegalEntry(Text("cli.out_target", out=out, problem=problem),
                               Text("cli.out_target_hint", example=example))
        try:
            os.stat(target.parent)
        except FileNotFoundError:
            raise IllegalEntry(Text("cli.out_no_folder", folder=target.parent),
                               Text("cli.out_no_folder_hint")) from None
        except NotADirectoryError:
            raise IllegalEntry(Text("cli.out_not_folder", folder=target.parent), Text("cli.other_out_path")) from None
        except OSError as exc:
            raise IllegalEntry(Text("cli.cannot_write", target=target, problem=os_problem(exc)),
                               Text("cli.other_out_path")) from None
        if not os.path.isdir(target.parent):
            raise IllegalEntry(Text("cli.out_not_folder", folder=target.parent), Text("cli.other_out_path"))
    c = get(ctx)
    cfg = c.cfg()
    if fmt != "json":  # a tournament's lists: tournament ranking/tables; its ledger moves as JSON
        from ..tournament import refuse_at_tournament

        refuse_at_tournament(cfg, f"export --format {fmt}", "tournament.use_lists")
    elif cfg.kind == "tournament" and session is None:
        all_ = True  # a tournament's tables are sessions side by side: its ledger moves whole
    if target is not None:  # nor the table's own files, however the path is spelled
        ledger_path = cfg.ledger_path
        own = [(cfg.path, "cli.own_table_file"), (ledger_path, "cli.own_ledger"),
               *((ledger_path.with_name(ledger_path.name + suffix), "cli.own_journal")
                 for suffix in ("-journal", "-wal", "-shm"))]
        for path, what in own:
            if same_file(target, path):
                raise IllegalEntry(Text("cli.out_own_file", out=out, what=Text(what), path=path),
                                   Text("cli.out_own_file_hint", example=example))
    # the JSON export reads an older ledger as it is, without migrating it (a rescue when a
    # migration fails); the reports need the current schema
    # the cycle collector held for the whole one-shot export: resumed around each evening only,
    # it ran once an evening over every object alive, the season's memos included (0.1-0.3 s)
    with collection_paused(), c.ledger(migrate=fmt != "json") as ledger:
        if all_ and session is not None:
            select_sessions(ledger, session, all_)  # refused: one session and all of them
        # a season's numbers alone (its closings are read by the report, once: after a helper
        # that works on its hands meanwhile has started, which then starts sooner)
        ids = ledger.session_ids() if all_ else select_sessions(ledger, session, all_)
        chunks = export_chunks(cfg, ledger, fmt, ids)
        if target is None:
            stream = sys.stdout.buffer if form.binary else sys.stdout
            try:
                for chunk in chunks:
                    stream.write(chunk)
                stream.flush()
            except BrokenPipeError:  # the reader stopped early (| head -1): quietly done
                stdout_to_devnull()
                raise typer.Exit(0) from None
            except OSError as exc:
                stdout_to_devnull()
                raise IllegalEntry(Text("cli.stdout_failed", problem=os_problem(exc)),
                                   Text("cli.stdout_failed_hint", example=example)) from None
            return
        existed = os.path.lexists(target)
        try:
            write_atomic(target, chunks, binary=form.binary)
        except OSError as exc:
            if exc.errno in (errno.ENOSPC, errno.EDQUOT):
                hint = "cli.disk_full_hint"
            elif exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
                hint = "cli.read_only_hint"
            else:
                hint = "cli.other_out_path"
            raise IllegalEntry(Text("cli.cannot_write_kept" if existed else "cli.cannot_write", target=target,
                                    problem=os_problem(exc)), Text(hint)) from None
    typer.echo(say("cli.export_wrote", cfg.language, target=target,
                   fmt=fmt, count=len(ids)), err=True)


def _not_export_problem(exc: BaseException) -> Text | str:
    """Why a file is no export, in the table's words (not Python's ``Expecting ',' delimiter``,
    ``'utf-8' codec can't decode``); a problem of another kind as it is."""
    import json

    from ..ledger.dump import ExportProblem

    if isinstance(exc, RecursionError):
        return Text("cli.import_too_deep")
    if isinstance(exc, ExportProblem):
        return exc.text
    if isinstance(exc, json.JSONDecodeError):
        return Text("cli.import_bad_json", line=exc.lineno, column=exc.colno)
    if isinstance(exc, UnicodeDecodeError):
        return Text("data.not_utf8_at", byte=exc.start + 1)
    return str(exc)


@app.command("import")
@guard
def import_(
    ctx: typer.Context,
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A JSON export (schafkopf export --format json).")],
    jobs: Annotated[Optional[int], typer.Option(
        "--jobs", "-j", metavar="N", help="Processes that check a large export side by side (default and at most: "
        "one per core; 1: this one alone).", click_type=WHOLE_NUMBER)] = None,
    as_json: JsonOpt = False,
) -> None:
    """Read a JSON export back into an empty ledger (the same balances come out).

    Every game is replayed under its own rules before anything is committed; an export of
    more than a few thousand games is checked by one process per core.

    \b
    Example: schafkopf new neu.toml --family bavarian --players Anna,Ben,Cora,Dora
    Example: schafkopf --table neu.toml import abend.json
    Example: schafkopf new saison.toml --family bavarian --players Anna,Ben,Cora,Dora
    Example: schafkopf --table saison.toml import abend.json --jobs 1
    """
    from ..app.audit import import_into
    from ..ledger import bounded_lines, check_export_head, read_export

    c = get(ctx)
    cfg = c.cfg()
    if jobs is not None and jobs < 1:
        raise InvalidEntry(Text("cli.import_jobs", n=jobs), Text("cli.import_jobs_hint"))
    try:
        fh = open(file, encoding="utf-8-sig")  # (a byte order mark, as some editors write it, is no error)
    except FileNotFoundError:
        raise IllegalEntry(Text("cli.import_no_file", file=file), Text("cli.import_hint")) from None
    except OSError as exc:
        from ..files import os_problem

        raise InvalidEntry(Text("cli.import_unreadable", file=file, problem=os_problem(exc)),
                           Text("cli.import_hint")) from None
    with fh:
        try:
            data = read_export(bounded_lines(fh))
            check_export_head(data)  # before the ledger file is made
            differ = _players_differ(data, cfg.players)
            count = import_into(cfg, data, workers=jobs)
        except (UnicodeDecodeError, ValueError, RecursionError) as exc:  # JSONDecodeError is a ValueError
            what = _not_export_problem(exc)
            raise InvalidEntry(Text("cli.import_not_export", file=file, problem=what),
                               Text("cli.import_not_export_hint")) from None
    if as_json:
        emit_json({"imported": count, **({"players_differ": differ} if differ else {})})
        return
    typer.echo(say("cli.imported", cfg.language, count=count, path=cfg.ledger_where))
    if differ:
        lang = cfg.language
        how = [Text(f"cli.import_players_{key}", names=Join(differ[key], "and"))
               for key in ("only_in_export", "only_in_table") if differ[key]]
        if not how:
            how = [Text("cli.import_players_order")]
        typer.echo(say("cli.import_players_differ", lang, export=", ".join(differ["export"]),
                       table=", ".join(differ["table"]), how="; ".join(render(h, lang) for h in how)))


def _players_differ(data: Any, table: tuple[str, ...]) -> dict[str, list[str]] | None:
    """How the players of the table an export was written at differ from this table file's
    (None when they are the same, in the same seating order): who is only in the export, who
    only in the table file (names compared as the table compares them: case and Unicode form
    aside), or the same players in another order."""
    from ..rules.names import name_key

    head = data.get("table") if isinstance(data, dict) else None
    players = head.get("players") if isinstance(head, dict) else None
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        return None
    export = [str(p) for p in players]
    if [name_key(p) for p in export] == [name_key(p) for p in table]:
        return None
    mine = {name_key(p) for p in table}
    theirs = {name_key(p) for p in export}
    return {"export": export, "table": list(table),
            "only_in_export": [p for p in export if name_key(p) not in mine],
            "only_in_table": [p for p in table if name_key(p) not in theirs]}


@app.command()
@guard
def stats(ctx: typer.Context, session: SessionOpt = None, all_: AllOpt = False, as_json: JsonOpt = False,
          player: Annotated[Optional[str], typer.Option(
              "--player", metavar="NAME", help="One player's own page: games and money per game type, partners, "
              "best and worst hand, streaks, Kontra, the rating.")] = None) -> None:
    """Per player (games, as declarer, won, money) and per game type (games, won, moved).

    \b
    Example: schafkopf stats --all
    Example: schafkopf stats --player Anna --all
    """
    from ..app.reports import season_stats
    from ..app.state import select_sessions
    from ..tournament import refuse_at_tournament

    c = get(ctx)
    cfg = c.cfg()
    refuse_at_tournament(cfg, "stats", "tournament.use_ranking")
    if player is not None:  # a player's own page (RULES §13)
        from .player_page import show_player_page

        show_player_page(ctx, player, session, all_, as_json)
        return
    with c.ledger() as ledger:
        ids = select_sessions(ledger, session, all_)
        data = season_stats(cfg, ledger, ids)
    if as_json:
        emit_json({"sessions": ids, **data})
        return
    from rich.table import Table

    from ..app.reports import game_title, stats_headings
    from .console import console, escape
    from .render import amount

    rules = cfg.snapshot()
    words = stats_headings(cfg.language)
    con = console()
    t = Table(title=escape(words["players"]))
    cols = ["player", "games", "declarer", "won", "partner", "balance"] + (
        ["money"] if data["money_unit"] != data["unit"] else [])
    for col in cols:
        t.add_column(escape(words[col]), justify="left" if col == "player" else "right")
    for name, st in data["players"].items():
        cells = [escape(name), str(st["games"]), str(st["declarer"]), str(st["won"]), str(st["partner"]),
                 amount(st["balance"], rules, data["unit"])]
        if len(cols) > 6:
            cells.append(amount(st["money"], rules, data["money_unit"]))
        t.add_row(*cells)
    con.print(t)
    t = Table(title=escape(words["game_types"]))
    for col in ("game", "count", "won", "moved"):
        t.add_column(escape(words[col]), justify="left" if col == "game" else "right")
    family = cfg.family_obj()
    for name, st in sorted(data["games"].items(), key=lambda kv: -kv[1]["games"]):
        t.add_row(escape(game_title(family, name, cfg.language)), str(st["games"]), str(st["won"]),
                  amount(st["moved"], rules, data["unit"], sign=False))
    con.print(t)


def _check_failed(error: ScoreError, lang: str) -> None:
    """``check --json`` on a ledger that cannot be read: the error as JSON on stdout (and as
    text on stderr), exit 2."""
    message, hint = error.render(lang)
    emit_json({"problems": [], "error": message, "hint": hint})
    typer.echo(fail_text(error, lang), err=True)
    raise typer.Exit(error.exit_code) from None


@app.command()
@guard
def check(
    ctx: typer.Context,
    full: Annotated[bool, typer.Option(
        "--full", help="Replay every session, also the closed ones verified by an earlier check.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Verify the ledger: zero sums, replay equals stored payouts, closing balances.

    Says how many sessions and hands it checked, exit 0, when everything holds; lists each
    problem with exit 1 otherwise. A closed session that passes is marked verified; a later check
    replays it again only if one of its stored rows changed (--full replays everything). --json
    adds how many sessions were replayed, skipped as verified and newly marked, and checked.

    \b
    Example: schafkopf check
    Example: schafkopf check --full
    """
    from ..app.audit import check_and_mark

    c = get(ctx)
    lang = c.cfg().language
    try:
        with c.ledger() as ledger:
            report = check_and_mark(ledger, full)
    except ScoreError as exc:  # a damaged or busy ledger (a StorageError among them): --json still answers in JSON
        if not as_json:
            raise
        _check_failed(exc, lang)
    if as_json:
        emit_json(report.to_json(lang))
    else:
        for p in report.problems:
            typer.echo(p.line().render(lang))
        if not report.problems:
            typer.echo(report.summary().render(lang))
    if report.problems:
        raise typer.Exit(1)
