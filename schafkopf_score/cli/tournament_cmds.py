"""``schafkopf tournament ...``: a Preisschafkopf. Write the file (``new``), draw each round
(``draw``, ``draw --report``), print the table lists (``tables``) and the score sheets
(``sheets``), enter a table's whole list or its paper totals (``enter``; single hands go through
``add --tisch N``), register latecomers and withdrawals (``player add`` / ``player withdraw``),
see a table's sheet (``sheet``), the ranking (``ranking``, per day with ``--day``) and the prizes
(``prizes``). The work is done in ``tournament/``; the lists are written by
``export/tournament.py`` and ``export/sheets.py``."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from ..errors import IllegalEntry, ScoreError
from ..i18n import LANGUAGES, Text, say
from .app import WHOLE_NUMBER, JsonOpt, app, emit_json, get, guard

tournament_app = typer.Typer(
    name="tournament",
    help="A tournament (Preisschafkopf): registered players, tables drawn per round, tournament points, "
    "the ranking.\n\n"
    "\b\n"
    "Example: schafkopf tournament new turnier.toml --players Anna,Ben,Cora,Dora,Emil,Fritz,Gabi,Hans,Ida\n"
    "Example: schafkopf --table turnier.toml tournament draw --seed 7\n"
    "Example: schafkopf --table turnier.toml tournament tables\n"
    "Example: schafkopf --table turnier.toml add --tisch 1 weiter\n"
    "Example: schafkopf --table turnier.toml tournament ranking",
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(tournament_app)

TischReq = Annotated[int, typer.Option("--tisch", metavar="N", help="The table number (as in the table lists).", click_type=WHOLE_NUMBER)]
RoundOpt = Annotated[Optional[int], typer.Option("--round", metavar="R", help="The round (default: the latest).", click_type=WHOLE_NUMBER)]
FormatOpt = Annotated[str, typer.Option("--format", help="text | csv | csv-de | html")]
OutOpt = Annotated[Optional[str], typer.Option("--out", "-o", metavar="FILE",
                                               help="Write to this file (atomically) instead of stdout.")]


def _write(ctx: typer.Context, fmt: str, out: str | None, text: str) -> None:
    """The list on stdout, or into ``-o FILE`` (never the table's own files, a folder or a link)."""
    import os

    from ..export.tournament import FORMATS
    from ..files import same_file, target_problem, write_atomic

    if out is None or out == "-":
        sys.stdout.write(text)
        return
    example = "-o rangliste." + {"csv-de": "csv", "text": "txt"}.get(fmt, fmt)
    if not out:
        raise IllegalEntry(Text("cli.out_empty"), Text("cli.out_empty_hint", example=example))
    target = Path(out)
    problem = Text("cli.out_folder") if out.endswith(("/", os.sep)) else target_problem(target)
    if problem is not None:
        raise IllegalEntry(Text("cli.out_target", out=out, problem=problem), Text("cli.out_target_hint", example=example))
    if not target.parent.is_dir():
        if os.path.lexists(target.parent):  # a file where the folder should be
            raise IllegalEntry(Text("cli.out_not_folder", folder=target.parent), Text("cli.other_out_path"))
        raise IllegalEntry(Text("cli.out_no_folder", folder=target.parent), Text("cli.out_no_folder_hint"))
    cfg = get(ctx).cfg()
    for path, what in ((cfg.path, "cli.own_table_file"), (cfg.ledger_path, "cli.own_ledger")):
        if same_file(target, path):
            raise IllegalEntry(Text("cli.out_own_file", out=out, what=Text(what), path=path),
                               Text("cli.out_own_file_hint", example=example))
    assert fmt in FORMATS
    write_atomic(target, text)


def _format(fmt: str) -> str:
    from ..export.tournament import FORMATS

    if fmt not in FORMATS:
        raise IllegalEntry(Text("tournament.format", fmt=repr(fmt)),
                           Text("tournament.format_hint", formats=", ".join(FORMATS)))
    return fmt


# -- new --------------------------------------------------------------------------------------------

@tournament_app.command("new")
@guard
def new(
    ctx: typer.Context,
    path: Annotated[Path, typer.Argument(help="Where to write the tournament's file.")],
    players: Annotated[str, typer.Option("--players", help="The registered players, comma-separated.")] = "",
    players_file: Annotated[Optional[str], typer.Option(
        "--players-file", metavar="FILE", help="Read the players from this file (one name a line), beside the "
        "tournament's file.")] = None,
    rounds: Annotated[int, typer.Option("--rounds", help="How many rounds.", click_type=WHOLE_NUMBER)] = 3,
    games: Annotated[int, typer.Option("--games", help="Games per round at a table of four.",
                                          click_type=WHOLE_NUMBER)] = 32,
    draw: Annotated[str, typer.Option("--draw", help="Rounds after the first: spread | random | ranking")] = "spread",
    days: Annotated[int, typer.Option("--days", help="Days the rounds are played on (a ranking per day and "
                                                     "overall).", click_type=WHOLE_NUMBER)] = 1,
    short_tables: Annotated[Optional[str], typer.Option(
        "--short-tables", help="Where tables of four and five cannot seat everyone (6, 7, 11 players): "
                               "standin | three")] = None,
    points: Annotated[str, typer.Option("--points", help="plus-minus | plus-only")] = "plus-minus",
    name: Annotated[str, typer.Option("--name", help="The tournament's name.")] = "Preisschafkopf",
    language: Annotated[Optional[str], typer.Option("--language", help="de | en (default: de)")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
) -> None:
    """Write a tournament's file (kind = "tournament") with every key spelled out.

    \b
    Example: schafkopf tournament new cup.toml --players Anna,Ben,Cora,Dora,Emil --rounds 2 --games 24
    """
    import tomllib

    from ..files import target_problem, write_atomic
    from ..table import _checked_table
    from ..table.tournament import DRAWS, POINT_PRESETS, SHORT_TABLES, tournament_file
    from ..tournament.draw import layout

    # the answer and a refusal speak the language of the file it writes (--language, default de)
    lang = language if language in LANGUAGES else "de"
    try:
        if language is not None and language not in LANGUAGES:
            raise IllegalEntry(Text("cli.new_language", language=repr(language)), Text("cli.new_language_hint"))
        if draw not in DRAWS:
            raise IllegalEntry(Text("tournament.option_choice", option="--draw", value=repr(draw),
                                    choices=", ".join(DRAWS)))
        if points not in POINT_PRESETS:
            raise IllegalEntry(Text("tournament.option_choice", option="--points", value=repr(points),
                                    choices=", ".join(POINT_PRESETS)))
        if short_tables is not None and short_tables not in SHORT_TABLES:
            raise IllegalEntry(Text("tournament.option_choice", option="--short-tables", value=repr(short_tables),
                                    choices=", ".join(SHORT_TABLES)))
        names = [p.strip() for p in players.split(",")] if players else []
        if bool(names) == bool(players_file):
            raise IllegalEntry(Text("tournament.new_players"), Text("tournament.new_players_hint"))
        if len(names) >= 4:  # fewer: the file's check says a tournament needs at least 4
            layout(len(names), short_tables or "")  # 6, 7, 11 players: a stand-in or a table of three
        if not path.name or str(path).endswith("/"):
            raise IllegalEntry(Text("cli.new_needs_file"), Text("cli.new_needs_file_hint"))
        problem = target_problem(path)
        if problem is not None:
            raise IllegalEntry(Text("cli.out_target", out=str(path), problem=problem), Text("cli.new_needs_file_hint"))
        if path.exists() and not force:
            raise IllegalEntry(Text("tournament.file_exists", path=str(path)),
                               Text("tournament.file_exists_hint"))
        if not path.parent.is_dir():
            if path.parent.exists():
                raise IllegalEntry(Text("cli.out_not_folder", folder=path.parent), Text("cli.choose_other_path"))
            raise IllegalEntry(Text("cli.new_no_folder", folder=path.parent), Text("cli.new_no_folder_hint"))
        if path.with_suffix(".sqlite").exists() and not force:
            raise IllegalEntry(Text("tournament.ledger_exists", path=str(path.with_suffix(".sqlite"))),
                               Text("tournament.file_exists_hint"))
        text = tournament_file(names, name=name, language=lang, rounds=rounds, games=games, draw=draw,
                               points=points, players_file=players_file or "", days=days,
                               short_tables=short_tables or "")
        # checked as the table file it will be before it is written: a bad name or number is
        # refused and nothing is written
        cfg = _checked_table(path, text, tomllib.loads(text))
        if players_file and short_tables is None:
            layout(len(cfg.players))
        from ..ledger import check_fits

        check_fits(cfg)  # --force over a ledger beside it: refused where the tournament could not use it
    except ScoreError as exc:
        exc.language = exc.language or lang
        raise
    write_atomic(path, text)
    typer.echo(say("tournament.written_one" if rounds == 1 else "tournament.written", cfg.language,
                   path=str(path), count=len(cfg.players), rounds=rounds))


# -- draw -------------------------------------------------------------------------------------------

@tournament_app.command("draw")
@guard
def draw_cmd(
    ctx: typer.Context,
    by: Annotated[Optional[str], typer.Option("--by", help="spread | random | ranking (default: the file's draw; "
                                                           "round 1 random).")] = None,
    seed: Annotated[Optional[str], typer.Option("--seed", help="Seed the lot (default: the file's seed, else "
                                                               "round 1's, else a new one; shown).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Draw although tables of the round before still "
                                                        "play.")] = False,
    fix: Annotated[Optional[list[str]], typer.Option(
        "--fix", metavar="NAME=TABLE", help="Seat a player at this table in this round (repeatable; for every "
                                            "round: tournament fix).")] = None,
    apart: Annotated[Optional[list[str]], typer.Option(
        "--apart", metavar="A,B", help="Keep two players apart in this round (repeatable; for every round: "
                                       "tournament apart).")] = None,
    redo: Annotated[bool, typer.Option("--redo", help="Draw the current round again (recorded), while none of "
                                                      "its tables has entered anything.")] = False,
    reason: Annotated[str, typer.Option("--reason", metavar="R", help="With --redo: why (kept in the "
                                                                      "ledger).")] = "",
    report: Annotated[bool, typer.Option("--report", help="Draw nothing: show a drawn round's quality (the "
                                                          "pairs meeting again, by player).")] = False,
    round_no: Annotated[Optional[int], typer.Option("--round", metavar="R", help="With --report: the round "
                                                                                 "(default: the latest).",
                                                    click_type=WHOLE_NUMBER)] = None,
    as_json: JsonOpt = False,
) -> None:
    """Draw the next round: tables of four, a remainder makes tables of five (the dealer sits out);
    later rounds spread (as many different opponents as can be) unless the file says otherwise.
    Every draw honours the players fixed and kept apart for the day (tournament fix, tournament
    apart) and prints what it honoured.

    \b
    Example: schafkopf --table turnier.toml tournament draw --seed 7
    Example: schafkopf --table turnier.toml tournament draw --report
    Example: schafkopf --table turnier.toml tournament draw --redo --reason "Anna was seated twice"
    """
    from ..app import tournament
    from ..tournament.rounds import draw_report
    from ..tournament.tables import settings_of

    c = get(ctx)
    cfg = c.cfg()
    settings_of(cfg)
    lang = cfg.language
    if report:
        if by is not None or seed is not None or force or fix or apart or redo:
            raise IllegalEntry(Text("tournament.report_alone"), Text("tournament.report_alone_hint"))
        with c.ledger() as ledger:
            after, pairs = draw_report(cfg, ledger, round_no)
        if as_json:
            emit_json({"round": after, "repeats": [{"players": [a, b], "met_before": n} for a, b, n in pairs]})
            return
        typer.echo(_report_text(after, pairs, lang))
        return
    if round_no is not None:
        raise IllegalEntry(Text("tournament.round_with_report"), Text("tournament.round_with_report_hint"))
    if reason and not redo:
        raise IllegalEntry(Text("tournament.reason_needs_redo"), Text("tournament.redo_hint"))
    with c.ledger(create=True) as ledger:
        answer = tournament.draw(cfg, ledger, by, seed, force, fix or [], apart or [], redo, reason)
    if as_json:
        emit_json(answer.to_json())
        return
    typer.echo(drawn_text(answer, lang), nl=False)


def drawn_text(answer: Any, lang: str) -> str:
    """A draw as the organiser reads it: the round, its tables (start numbers, marks), what it
    honoured (fixed seats and pairs apart, for the day or this round) and the pairs meeting again."""
    drawn, tables = answer.drawn, answer.tables
    how = {"ranking": "tournament.by_ranking", "spread": "tournament.spread"}.get(drawn.method,
                                                                                      "tournament.at_random")
    key = "tournament.redrawn" if drawn.redo else "tournament.drawn"
    lines = [say(key, lang, round=drawn.round, count=len(tables), how=Text(how), seed=drawn.seed)]
    for t in tables:
        lines.append(say("tournament.table_line", lang, tisch=t["tisch"], names=_names(t, lang)))
    honoured = drawn.honoured
    for name, tisch in honoured.fixed.items():
        lines.append(say("tournament.fixed_line", lang, name=name, tisch=tisch,
                         how=Text("tournament.for_the_day" if name in honoured.standing_fixed else
                                  "tournament.for_the_round")))
    for a, b in honoured.apart:
        lines.append(say("tournament.apart_line", lang, a=a, b=b,
                         how=Text("tournament.for_the_day" if frozenset((a, b)) in honoured.standing_apart else
                                  "tournament.for_the_round")))
    if not honoured.fixed and not honoured.apart:
        lines.append(say("tournament.honoured_none", lang))
    if drawn.round > 1:
        lines.append(say("tournament.repeats_none" if not drawn.repeats else
                         "tournament.repeats_one" if len(drawn.repeats) == 1 else "tournament.repeats",
                         lang, count=len(drawn.repeats)))
    return "\n".join(lines) + "\n"


# -- the organiser's constraints and a swap ---------------------------------------------------------

@tournament_app.command("fix")
@guard
def fix_cmd(ctx: typer.Context,
            name: Annotated[str, typer.Argument(help="The player (a name, part of it, or the start number: 17 or "
                                                     "#17).")],
            table: Annotated[Optional[str], typer.Argument(metavar="[TABLE]", help="The table he sits at in every "
                                                                                   "later draw.")] = None,
            remove: Annotated[bool, typer.Option("--remove", help="Take the constraint away.")] = False,
            as_json: JsonOpt = False) -> None:
    """Seat a player at one table in every later draw (one who cannot move), until --remove.
    Recorded for the tournament; draw --fix NAME=TABLE does it for one round.

    \b
    Example: schafkopf --table turnier.toml tournament fix Ida 1
    """
    from ..app import tournament

    c = get(ctx)
    cfg = c.cfg()
    if table is None and not remove:
        raise IllegalEntry(Text("tournament.fix_needs_table"), Text("tournament.fix_day_hint"))
    with c.ledger(create=True) as ledger:
        answer = tournament.fix(cfg, ledger, name, table or "", remove)
    if as_json:
        emit_json(answer.to_json())
        return
    typer.echo(say("tournament.unfixed" if remove else "tournament.fixed_day", cfg.language,
                   name=answer.players[0], tisch=answer.tisch))


@tournament_app.command("apart")
@guard
def apart_cmd(ctx: typer.Context,
              first: Annotated[str, typer.Argument(metavar="A", help="A player (name, part of it, or start "
                                                                     "number).")],
              second: Annotated[str, typer.Argument(metavar="B", help="The other player.")],
              remove: Annotated[bool, typer.Option("--remove", help="Take the constraint away.")] = False,
              as_json: JsonOpt = False) -> None:
    """Keep two players apart in every later draw (a couple, two of one club), until --remove.
    Recorded for the tournament; draw --apart A,B does it for one round.

    \b
    Example: schafkopf --table turnier.toml tournament apart Anna Ben
    """
    from ..app import tournament

    c = get(ctx)
    cfg = c.cfg()
    with c.ledger(create=True) as ledger:
        answer = tournament.apart(cfg, ledger, first, second, remove)
    if as_json:
        emit_json(answer.to_json())
        return
    a, b = answer.players
    typer.echo(say("tournament.unapart" if remove else "tournament.apart_day", cfg.language, a=a, b=b))


@tournament_app.command("swap")
@guard
def swap_cmd(ctx: typer.Context,
             first: Annotated[str, typer.Argument(metavar="A", help="A player of the current round.")],
             second: Annotated[str, typer.Argument(metavar="B", help="The player he changes seats with.")],
             reason: Annotated[str, typer.Option("--reason", metavar="R", help="Why (kept in the ledger).")] = "",
             as_json: JsonOpt = False) -> None:
    """Swap two players' seats in the current round (recorded), while neither of their tables has
    entered anything.

    \b
    Example: schafkopf --table turnier.toml tournament swap Cora Dora --reason "Cora sat at the wrong table"
    """
    from ..app import tournament

    c = get(ctx)
    cfg = c.cfg()
    with c.ledger() as ledger:
        answer = tournament.swap(cfg, ledger, first, second, reason)
    if as_json:
        emit_json(answer.to_json())
        return
    lang = cfg.language
    a, b = answer.players
    typer.echo(say("tournament.swapped", lang, a=a, b=b, round=answer.round))
    for t in answer.tables:
        typer.echo(say("tournament.table_line", lang, tisch=t["tisch"], names=_names(t, lang)))


def _names(t: Mapping[str, Any], lang: str) -> str:
    """A table's players in seat order with their start numbers, stand-ins, the withdrawn and a
    table of three marked."""
    out = []
    for p, n in zip(t["players"], t.get("numbers") or [None] * len(t["players"]), strict=True):
        mark = (" " + say("tournament.mark_standin", lang) if p in t["standins"] else
                " " + say("tournament.mark_withdrawn", lang) if p in t["withdrawn"] else "")
        out.append((f"#{n} " if n else "") + p + mark)
    three = "  " + say("tournament.mark_three", lang) if t["three"] else ""
    return ", ".join(out) + three


def _report_text(round_no: int, pairs: list[tuple[str, str, int]], lang: str) -> str:
    lines = [say("tournament.report_title", lang, round=round_no)]
    if not pairs:
        lines.append(say("tournament.report_none", lang))
        return "\n".join(lines)
    lines.append(say("tournament.report_pairs", lang, count=len(pairs)))
    by_player: dict[str, list[str]] = {}
    for a, b, n in pairs:
        by_player.setdefault(a, []).append(f"{b} ({n}x)")
        by_player.setdefault(b, []).append(f"{a} ({n}x)")
    for name in sorted(by_player):
        lines.append(f"  {name}: {', '.join(by_player[name])}")
    return "\n".join(lines)


# -- tables -----------------------------------------------------------------------------------------

@tournament_app.command("tables")
@guard
def tables_cmd(ctx: typer.Context, round_no: RoundOpt = None, fmt: FormatOpt = "text", out: OutOpt = None,
               by_name: Annotated[bool, typer.Option("--by-name", help="Every player in alphabetical order with "
                                                                       "start number and table (the list for the "
                                                                       "entrance).")] = False,
               as_json: JsonOpt = False) -> None:
    """The table lists of a round, to print: who sits at which table, in seat order (the first deals
    first), with start numbers, and how many games each table has entered (or its paper totals).

    \b
    Example: schafkopf --table turnier.toml tournament tables --format html -o tische.html
    Example: schafkopf --table turnier.toml tournament tables --by-name --format html -o eingang.html
    """
    from ..app import tournament
    from ..export.tournament import (
        by_name_csv,
        by_name_html,
        by_name_text,
        tables_csv,
        tables_html,
        tables_text,
    )

    c = get(ctx)
    cfg = c.cfg()
    fmt = _format(fmt)
    lang = cfg.language
    if by_name:
        with c.ledger() as ledger:
            seated = tournament.by_name(cfg, ledger, round_no)
        if as_json:
            emit_json(seated.to_json())
            return
        rows = [dict(r) for r in seated.players]
        text = {"text": lambda: by_name_text(cfg.name, seated.round, rows, lang),
                "csv": lambda: by_name_csv(seated.round, rows, False),
                "csv-de": lambda: by_name_csv(seated.round, rows, True),
                "html": lambda: by_name_html(cfg.name, seated.round, rows, lang)}[fmt]()
        _write(ctx, fmt, out, text)
        return
    with c.ledger() as ledger:
        answer = tournament.tables(cfg, ledger, round_no)
    if as_json:
        emit_json(answer.to_json())
        return
    round_no, tables = answer.round, [dict(t) for t in answer.tables]
    text = {"text": lambda: tables_text(cfg.name, round_no, tables, lang),
            "csv": lambda: tables_csv(round_no, tables, False), "csv-de": lambda: tables_csv(round_no, tables, True),
            "html": lambda: tables_html(cfg.name, round_no, tables, lang)}[fmt]()
    _write(ctx, fmt, out, text)


# -- enter ------------------------------------------------------------------------------------------

@tournament_app.command("enter")
@guard
def enter(
    ctx: typer.Context,
    tisch: TischReq,
    file: Annotated[Optional[str], typer.Argument(metavar="[FILE]", help="The table's list, one game a line in the "
                                                                         "short notation; - reads stdin.")] = None,
    round_no: Annotated[Optional[int], typer.Option(
        "--round", metavar="R", help="The round (default: the latest): a table's missing games of a round "
                                     "after the next one was drawn (draw --force), or an earlier round's totals "
                                     "corrected.", click_type=WHOLE_NUMBER)] = None,
    totals: Annotated[Optional[str], typer.Option(
        "--totals", metavar="A=N,B=N,...", help="Instead of a list: the paper list's final totals, every player "
                                                "of the table (they sum to zero; a name or start number).")] = None,
    solos: Annotated[Optional[str], typer.Option("--solos", metavar="A=N,...", help="With --totals: solos won "
                                                                                   "(0 where not named).")] = None,
    won: Annotated[Optional[str], typer.Option("--won", metavar="A=N,...", help="With --totals: games won (0 where "
                                                                               "not named).")] = None,
    replace: Annotated[bool, typer.Option("--replace", help="With --totals: replace the table's totals entered "
                                                            "before (recorded; the earlier ones are kept).")] = False,
    void_totals: Annotated[bool, typer.Option("--void-totals", help="Void the table's paper totals (recorded; "
                                                                    "kept in the ledger): the table has neither "
                                                                    "hands nor totals again.")] = False,
    reason: Annotated[str, typer.Option("--reason", metavar="R", help="With --replace or --void-totals: why (kept "
                                                                      "in the ledger).")] = "",
    as_json: JsonOpt = False,
) -> None:
    """Enter a table's whole list at the end of a round: every line is checked first, then all are
    recorded in one go, or none (an error names the line). A table that wrote on paper gives its
    final totals instead: --totals Anna=12,Ben=-4,... (with --solos and --won); wrong totals are
    corrected with --replace --reason R (or voided with --void-totals), the earlier ones kept. A
    line is a game in the short notation (#17 names start number 17; "stefan w" a name of two
    words); who sat out or dealt, where it is not the rotation, goes on the line as --sitting-out
    NAME or --dealer NAME.

    \b
    Example: printf 'weiter\\nweiter\\n' | schafkopf --table turnier.toml tournament enter --tisch 2 -
    """
    from ..app import tournament

    c = get(ctx)
    cfg = c.cfg()
    lang = cfg.language
    if void_totals:
        if totals is not None or file is not None or solos is not None or won is not None or replace:
            raise IllegalEntry(Text("tournament.void_totals_alone"), Text("tournament.void_totals_hint"))
        with c.ledger() as ledger:
            voided = tournament.void_totals(cfg, ledger, tisch, round_no, reason)
        if as_json:
            emit_json(voided.to_json())
            return
        typer.echo(say("tournament.totals_voided", lang, tisch=voided.tisch, round=voided.round))
        return
    if reason and not replace:
        raise IllegalEntry(Text("tournament.reason_needs_replace"), Text("tournament.totals_hint"))
    if totals is not None:
        if file is not None:
            raise IllegalEntry(Text("tournament.totals_and_file"), Text("tournament.totals_hint"))
        with c.ledger() as ledger:
            entered = tournament.enter_totals(cfg, ledger, tisch, totals, solos or "", won or "", round_no, replace,
                                              reason)
        for warning in entered.warnings:
            typer.echo(say("tournament.warning", lang, text=warning), err=True)
        if as_json:
            emit_json(entered.to_json())
            return
        typer.echo(say("tournament.totals_replaced" if entered.replaced is not None else "tournament.totals_entered",
                       lang, tisch=entered.tisch, round=entered.round))
        typer.echo(", ".join(f"{n} {v:+d}" if v else f"{n} 0" for n, v in entered.totals.items()))
        return
    if replace:
        raise IllegalEntry(Text("tournament.replace_needs_totals"), Text("tournament.totals_hint"))
    if solos is not None or won is not None:
        raise IllegalEntry(Text("tournament.solos_need_totals"), Text("tournament.totals_hint"))
    if file is None:
        raise IllegalEntry(Text("tournament.enter_what"), Text("tournament.enter_what_hint"))
    if file == "-":
        text = sys.stdin.read()
    else:
        try:
            text = Path(file).read_text(encoding="utf-8-sig")
        except FileNotFoundError:
            raise IllegalEntry(Text("tournament.list_missing", path=file),
                               Text("tournament.list_unreadable_hint")) from None
        except (OSError, UnicodeDecodeError) as exc:
            from ..files import os_problem

            problem = (Text("data.not_utf8_at", byte=exc.start + 1) if isinstance(exc, UnicodeDecodeError)
                       else os_problem(exc))
            raise IllegalEntry(Text("tournament.list_unreadable", path=file, problem=problem),
                               Text("tournament.list_unreadable_hint")) from None
    with c.ledger() as ledger:
        done = tournament.enter_list(cfg, ledger, tisch, tournament.list_lines(text), round_no)
    if as_json:
        emit_json(done.to_json())
        return
    typer.echo(say("tournament.entered_one" if len(done.hands) == 1 else "tournament.entered", lang,
                   count=len(done.hands), tisch=done.tisch, round=done.round,
                   first=done.hands[0][0], last=done.hands[-1][0]))
    typer.echo(", ".join(f"{n} {v:+d}" if v else f"{n} 0" for n, v in done.balances.items()))


# -- sheet ------------------------------------------------------------------------------------------

@tournament_app.command("sheet")
@guard
def sheet(ctx: typer.Context, tisch: TischReq, round_no: RoundOpt = None, as_json: JsonOpt = False) -> None:
    """One table's sheet in a round: each game with its points and the running totals; a table
    that wrote on paper: its paper totals, with how they were entered and corrected.

    \b
    Example: schafkopf --table turnier.toml tournament sheet --tisch 1
    """
    from ..app import tournament
    from ..export.tournament import sheet_text

    c = get(ctx)
    cfg = c.cfg()
    with c.ledger() as ledger:
        answer = tournament.table_sheet(cfg, ledger, tisch, round_no)
    data = answer.to_json()
    if as_json:
        emit_json(data)
        return
    typer.echo(sheet_text(data, cfg.language), nl=False)


# -- ranking ----------------------------------------------------------------------------------------

@tournament_app.command("ranking")
@guard
def ranking_cmd(ctx: typer.Context, round_no: Annotated[Optional[int], typer.Option(
        "--round", metavar="R", help="The ranking after round R (default: every round so far).",
        click_type=WHOLE_NUMBER)] = None,
        day: Annotated[Optional[int], typer.Option("--day", metavar="D", help="Only day D's rounds (a tournament "
                                                                              "of several days).", click_type=WHOLE_NUMBER)] = None,
        fmt: FormatOpt = "text", out: OutOpt = None, as_json: JsonOpt = False) -> None:
    """The ranking: points (plus-minus, or plus-only as the file's [points] preset says), then solos
    won, then games won, then the lot. Stand-ins are left out; a withdrawn player keeps his place.
    While a table of a drawn round is not in, or rounds are still to be drawn, it says
    "provisional" and what is missing.

    \b
    Example: schafkopf --table turnier.toml tournament ranking --format csv -o rangliste.csv
    """
    from ..app import tournament
    from ..export.tournament import ranking_csv, ranking_html, ranking_text
    from ..tournament.tables import settings_of

    c = get(ctx)
    cfg = c.cfg()
    settings = settings_of(cfg)
    fmt = _format(fmt)
    with c.ledger() as ledger:
        answer = tournament.ranking(cfg, ledger, round_no, day)
    data = answer.to_json()
    after, rows = data["round"], data["ranking"]
    if as_json:
        emit_json(data)
        return
    lang = cfg.language
    note = answer.progress.said() if answer.progress is not None else None
    text = {"text": lambda: ranking_text(cfg.name, rows, lang, settings.plus_only, after, day, note,
                                         data["corrections"]),
            "csv": lambda: ranking_csv(rows, False), "csv-de": lambda: ranking_csv(rows, True),
            "html": lambda: ranking_html(cfg.name, rows, lang, settings.plus_only, after, day, note,
                                         data["corrections"])}[fmt]()
    _write(ctx, fmt, out, text)


# -- players: latecomers and withdrawals ------------------------------------------------------------

player_app = typer.Typer(name="player", help="Latecomers and withdrawals (recorded; the file stays as it is).",
                         no_args_is_help=True, rich_markup_mode=None)
tournament_app.add_typer(player_app)


@player_app.command("add")
@guard
def player_add(ctx: typer.Context, name: Annotated[str, typer.Argument(help="The latecomer's name.")],
               as_json: JsonOpt = False) -> None:
    """Register a latecomer: he is drawn from the next round on, with no points for the rounds he
    missed. The tournament's file is not changed; the ledger records it.

    \b
    Example: schafkopf --table turnier.toml tournament player add Xaver
    """
    from ..tournament.numbers import start_numbers
    from ..tournament.players import add_player, next_draw_problem

    c = get(ctx)
    cfg = c.cfg()
    with c.ledger(create=True) as ledger:
        first = add_player(cfg, ledger, name)
        number = start_numbers(cfg, ledger).get(name.strip())
        problem = next_draw_problem(cfg, ledger)
    if as_json:
        emit_json({"player": name.strip(), "number": number, "from_round": first,
                   "next_draw": _problem_json(problem, cfg.language)})
        return
    typer.echo(say("tournament.player_added", cfg.language, name=name.strip(), round=first, number=number))
    _say_next_draw(problem, cfg.language)


def _problem_json(problem: Any, lang: str) -> dict[str, str] | None:
    """What the next draw would refuse, as a refusal's ``{"error", "hint"}`` (None: it can seat
    everyone)."""
    if problem is None:
        return None
    error, hint = problem.render(lang)
    return {"error": error, "hint": hint}


def _say_next_draw(problem: Any, lang: str) -> None:
    """After a latecomer or a withdrawal: what the next draw would refuse, said now."""
    if problem is not None:
        error, hint = problem.render(lang)
        typer.echo(say("tournament.next_draw_note", lang, problem=error))
        if hint:
            typer.echo(hint)


@player_app.command("withdraw")
@guard
def player_withdraw(ctx: typer.Context, name: Annotated[str, typer.Argument(help="Who withdraws (unique prefix).")],
                    reason: Annotated[str, typer.Option("--reason", metavar="R", help="Why (shown in the "
                                                                                     "ledger).")] = "",
                    as_json: JsonOpt = False) -> None:
    """Withdraw a player, who keeps points and place in the ranking, marked withdrawn, and is never
    drawn again. The table where the player sits now finishes the round as it sat.

    \b
    Example: schafkopf --table turnier.toml tournament player withdraw Xaver --reason "train"
    """
    from ..tournament.players import next_draw_problem, withdraw_player

    c = get(ctx)
    cfg = c.cfg()
    with c.ledger(create=True) as ledger:
        who, seat = withdraw_player(cfg, ledger, name, reason)
        problem = next_draw_problem(cfg, ledger)
    if as_json:
        emit_json({"player": who, "table_plays_on": seat.tisch if seat else None,
                   "next_draw": _problem_json(problem, cfg.language)})
        return
    typer.echo(say("tournament.player_withdrawn", cfg.language, name=who))
    if seat is not None:
        typer.echo(say("tournament.plays_on", cfg.language, name=who, tisch=seat.tisch, round=seat.round))
    _say_next_draw(problem, cfg.language)


# -- prizes -----------------------------------------------------------------------------------------

@tournament_app.command("prizes")
@guard
def prizes_cmd(ctx: typer.Context, day: Annotated[Optional[int], typer.Option(
        "--day", metavar="D", help="The prizes of day D (default: overall).", click_type=WHOLE_NUMBER)] = None,
        provisional: Annotated[bool, typer.Option("--provisional", help="Print the list although tables or "
                                                                        "rounds are still missing (marked as "
                                                                        "provisional).")] = False,
        fmt: Annotated[str, typer.Option("--format", help="text | html")] = "text", out: OutOpt = None,
        as_json: JsonOpt = False) -> None:
    """Who gets which prize, as the file's [prizes] say (top places, the middle rank, the second to
    last, the last), with the pool of the entry fees and each prize's amount; a tie is explained
    (shared, with each one's amount, or the tie-break that decided). Refused while the ranking is
    provisional, unless --provisional.

    \b
    Example: schafkopf --table turnier.toml tournament prizes --provisional
    """
    from ..app import tournament
    from ..export.tournament import prizes_html
    from ..tournament.prizes import prizes_text
    from ..tournament.tables import settings_of

    c = get(ctx)
    cfg = c.cfg()
    settings = settings_of(cfg)
    if fmt not in ("text", "html"):
        raise IllegalEntry(Text("tournament.format", fmt=repr(fmt)), Text("tournament.format_hint",
                                                                          formats="text, html"))
    with c.ledger() as ledger:
        answer = tournament.prizes(cfg, ledger, day, provisional)
    if as_json:
        emit_json(answer.to_json())
        return
    note = answer.progress.said()
    if fmt == "html":
        text = prizes_html(cfg.name, answer.awards, settings.prizes, cfg.language, answer.tie_breaks, answer.pool,
                           cfg.currency, note, day)
    else:
        text = prizes_text(cfg.name, answer.awards, settings.prizes, cfg.language, answer.tie_breaks, answer.pool,
                           cfg.currency, note, day)
    _write(ctx, fmt, out, text)


# -- score sheets to print --------------------------------------------------------------------------

@tournament_app.command("sheets")
@guard
def sheets_cmd(ctx: typer.Context, round_no: RoundOpt = None,
               fmt: Annotated[str, typer.Option("--format", help="html")] = "html",
               url_base: Annotated[Optional[str], typer.Option(
                   "--url-base", metavar="URL", help="The table server's address: each sheet gets a QR code to "
                                                     "its table's page (URL/tisch/N, with the table's code "
                                                     "once schafkopf serve made the codes).")] = None,
               out: OutOpt = None) -> None:
    """The score sheets of a round to print (A4, one page per table): the seats in order, who deals
    first and who writes, a numbered row for every game, a column per player, the points at the foot.

    \b
    Example: schafkopf --table turnier.toml tournament sheets --round 1 -o bloecke.html
    """
    from ..export.sheets import sheets_html
    from ..tournament.tables import settings_of

    c = get(ctx)
    cfg = c.cfg()
    settings = settings_of(cfg)
    if fmt != "html":
        raise IllegalEntry(Text("tournament.format", fmt=repr(fmt)),
                           Text("tournament.format_hint", formats="html"))
    if url_base is not None and not url_base.startswith(("http://", "https://")):
        raise IllegalEntry(Text("tournament.url_base", url=url_base), Text("tournament.url_base_hint"))
    from ..app import tournament

    with c.ledger() as ledger:
        answer = tournament.tables(cfg, ledger, round_no)
    round_no, tables = answer.round, [dict(t) for t in answer.tables]
    codes = None
    if url_base is not None:  # the table server's codes, where serve made them (never made here)
        from ..app.codes import codes_path, read_codes

        codes = read_codes(codes_path(cfg.path))
    text = sheets_html(cfg, settings, round_no, tables, url_base, codes)
    _write(ctx, "html", out, text)
