"""Commands for the table file: ``new`` and ``rules``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from ..errors import IllegalEntry, ScoreError
from ..i18n import LANGUAGES, Join, Text, catalogue, say
from ..rules.registry import DEFAULT_FAMILY, REGISTRY, find_family
from .app import WHOLE_NUMBER, JsonOpt, app, emit_json, get, guard

# -- new / rules ----------------------------------------------------------------------------------

@app.command()
@guard
def new(
    ctx: typer.Context,
    path: Annotated[Path, typer.Argument(help="Where to write the table file.")],
    family: Annotated[str, typer.Option("--family", help=" | ".join(REGISTRY))] = DEFAULT_FAMILY,
    players: Annotated[str, typer.Option("--players", help="Names in seating order, comma-separated.")] = "",
    preset: Annotated[str, typer.Option("--preset", help="official | wirtshaus (Bavarian)")] = "official",
    tariff: Annotated[Optional[str], typer.Option("--tariff", help="Base tariffs in cents, e.g. 10/50 (or 10/50/10).")] = None,
    seats: Annotated[Optional[int], typer.Option("--seats", help="Players in one game (default: 4, or fewer players).",
                                                    click_type=WHOLE_NUMBER)] = None,
    name: Annotated[str, typer.Option("--name", help="The table's name.")] = "",
    language: Annotated[Optional[str], typer.Option("--language", help="de | en (default: de; Sheepshead en)")] = None,
    currency: Annotated[Optional[str], typer.Option("--currency", help="EUR, USD, ... (default: EUR; Sheepshead USD)")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file; use a ledger already there.")] = False,
) -> None:
    """Write a new table file with every key spelled out.

    \b
    Example: schafkopf new schafkopf.toml --family bavarian --players Anna,Ben,Cora,Dora --tariff 10/50
    """
    from ..files import write_atomic
    from ..table import load_table
    from ..table.file import render_table

    # a refusal speaks the language asked for with --language, else that of the table in use
    # (English where there is none): the new table does not exist yet
    lang = language if language in LANGUAGES else None
    try:
        fam = find_family(family)
        names = [p.strip() for p in players.split(",")] if players else []
        if not names:
            raise IllegalEntry(Text("cli.new_no_players"), Text("cli.new_no_players_hint"))
        from ..notation import clashes

        for n in names:
            why = clashes(fam, n)
            if why:
                raise IllegalEntry(Text("data.new_name_clash", why=why), Text("data.new_name_clash_hint", name=n))
        if language is not None and language not in LANGUAGES:
            raise IllegalEntry(Text("cli.new_language", language=repr(language)), Text("cli.new_language_hint"))
        from ..files import target_problem

        if not path.name or str(path).endswith("/"):
            raise IllegalEntry(Text("cli.new_needs_file"), Text("cli.new_needs_file_hint"))
        problem = target_problem(path)
        if problem:
            raise IllegalEntry(Text("cli.new_target", path=path, problem=problem), Text("cli.choose_other_path"))
        if path.exists() and not force:
            raise IllegalEntry(Text("cli.new_exists", path=path), Text("cli.new_exists_hint"))
        if not path.parent.exists():
            raise IllegalEntry(Text("cli.new_no_folder", folder=path.parent), Text("cli.new_no_folder_hint"))
        text = render_table(fam, names, name=name or path.stem, seats=seats, preset=preset, tariff=tariff,
                            language=language, currency=currency, ledger=path.with_suffix(".sqlite").name)
        ledger = path.with_suffix(".sqlite")
        if ledger.exists() and not force:
            raise IllegalEntry(Text("cli.new_ledger_there", ledger=ledger), Text("cli.new_ledger_there_hint"))
        import tomllib

        from ..table import _checked_table

        # what we write must load: a file its own check refuses is never written
        written = _checked_table(path, text, tomllib.loads(text))
        if ledger.exists():  # --force uses it: refused before writing where the new file could not
            from ..ledger import check_fits

            check_fits(written)
    except ScoreError as exc:
        exc.language = exc.language or lang
        raise
    write_atomic(path, text)
    cfg = load_table(path)  # what we wrote must load
    out = cfg.language
    typer.echo(say("cli.new_wrote", out, path=path, family=fam.title_in(out), players=", ".join(cfg.players),
                   seats=cfg.seats))
    typer.echo(say("cli.new_next", out, path=path))


@app.command()
@guard
def rules(
    ctx: typer.Context,
    check: Annotated[bool, typer.Option("--check", help="Only validate the table file.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Show the table's tariffs and house rules (or just check the file).

    \b
    Example: schafkopf rules
    """
    cfg = get(ctx).cfg()
    snap = cfg.snapshot()
    lang = cfg.language
    tournament = cfg.tournament if cfg.kind == "tournament" else None
    if as_json:
        data = {"path": str(cfg.path), "name": cfg.name, "ledger": cfg.ledger_where, **snap.to_dict()}
        if tournament is not None:  # points, not money: no Stock; the [tournament] and [points] settings
            point_keys = cfg.family_obj().tournament_point_keys
            data["tariff"] = {k: v for k, v in data["tariff"].items() if k in point_keys}
            data.update(kind="tournament", tournament={**tournament.to_dict(), "players_file": tournament.players_file},
                        points={"preset": tournament.preset, **data["tariff"]})
        emit_json(data)
        return
    if check:
        if tournament is not None:  # 6, 7 or 11 players without short_tables: refused as the draw refuses it
            from ..tournament.draw import layout

            layout(len(cfg.players), tournament.short_tables)
        typer.echo(say("cli.rules_ok", lang, path=cfg.path, family=cfg.family_obj().title_in(lang), count=len(cfg.players),
                       seats=cfg.seats))
        return
    from rich.markup import escape
    from rich.table import Table

    from ..money import format_amount
    from .console import console

    fam = cfg.family_obj()
    con = console()
    con.print(say("cli.rules_head", lang, name=f"[bold]{escape(cfg.name)}[/]", family=escape(fam.title_in(lang)),
                  path=escape(str(cfg.path))), soft_wrap=True)
    deck = say(f"cli.deck_{cfg.deck}", lang) if f"cli.deck_{cfg.deck}" in catalogue() else cfg.deck
    con.print(escape(say("cli.rules_players", lang, players=", ".join(cfg.players), seats=cfg.seats, deck=deck,
                         ledger=cfg.ledger_where)), soft_wrap=True)
    if tournament is not None:
        _tournament_tables(cfg, tournament, fam, con)
    elif fam.tariff_specs:
        t = Table(title=escape("[tariff]"))
        for col in ("cli.col_key", "cli.col_amount", "cli.col_meaning"):
            t.add_column(say(col, lang))
        for spec in fam.tariff_specs:
            value = cfg.tariff.get(spec.name)
            shown = format_amount(value, cfg.currency, lang) if value is not None else "-"
            t.add_row(spec.name, shown, escape(spec.meaning(lang)))
        con.print(t)
    t = Table(title=escape("[rules]"))
    for col in ("cli.col_key", "cli.col_setting", "cli.col_meaning"):
        t.add_column(say(col, lang))
    for spec in fam.rule_specs:
        if tournament is not None and spec.name.startswith(MONEY_RULES):
            continue  # no Stock and no Kasse at a tournament: points belong to the players
        t.add_row(spec.name, escape(fam.setting_words(spec, cfg.rules[spec.name], lang)), escape(spec.meaning(lang)))
    con.print(t)


# the house rules of money a tournament has no use for (``rules`` leaves them out there)
MONEY_RULES = ("stock", "kasse")


def _tournament_tables(cfg: Any, settings: Any, fam: Any, con: Any) -> None:
    """``rules`` at a tournament: its ``[tournament]`` settings and its ``[points]``, as plain
    numbers (the tariff the engine prices the hands with, in tournament points)."""
    from rich.markup import escape
    from rich.table import Table

    from ..text import toml_value

    lang = cfg.language
    t = Table(title=escape("[tournament]"))
    for col in ("cli.col_key", "cli.col_setting", "cli.col_meaning"):
        t.add_column(say(col, lang))
    values = settings.to_dict()
    for key, doc in (("rounds", "file_rounds"), ("games_per_round", "file_games"),
                     ("games_per_round_five", "file_games_five"), ("draw", "file_draw"), ("seed", "file_seed"),
                     ("players_file", "file_players_file")):
        value = settings.players_file if key == "players_file" else values[key]
        if key in ("seed", "players_file") and not value:
            continue
        t.add_row(key, escape(toml_value(value)), escape(say(f"tournament.{doc}", lang)))
    con.print(t)
    counted = say("tournament.rules_plus_only" if settings.plus_only else "tournament.rules_plus_minus", lang)
    t = Table(title=escape(say("tournament.rules_points", lang, preset=settings.preset, counted=counted)))
    for col in ("cli.col_key", "tournament.col_points_value", "cli.col_meaning"):
        t.add_column(say(col, lang))
    for spec in fam.tariff_specs:
        if spec.name not in fam.tournament_point_keys:
            continue
        value = cfg.tariff.get(spec.name)
        t.add_row(spec.name, "-" if value is None else str(value), escape(spec.meaning(lang)))
    con.print(t)


# -- player --------------------------------------------------------------------------------------

PLAYER_ACTIONS = ("add", "leave", "rename", "list")


@app.command()
@guard
def player(
    ctx: typer.Context,
    action: Annotated[str, typer.Argument(help="add | leave | rename | list")],
    names: Annotated[Optional[list[str]], typer.Argument(help="add NAME, leave NAME, rename OLD NEW.")] = None,
    after: Annotated[Optional[str], typer.Option("--after", help="add: the seat after this player "
                                                                 "(default: the last seat).")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Players joining, leaving and renamed: the seating changes from the next hand on.

    The table file's players line is rewritten and the ledger records the change with its
    hand number. A rename keeps the earlier hands as they were played and counts both names
    as one player in every balance.

    \b
    Example: schafkopf player add Maxi --after Ben
    Example: schafkopf player leave Cora
    Example: schafkopf player rename Ben Benedikt
    Example: schafkopf player list
    """
    from ..app.players import change_seating, change_text, seating

    c = get(ctx)
    cfg = c.cfg()
    from ..tournament import refuse_at_tournament

    refuse_at_tournament(cfg, "player", "tournament.use_registration", "tournament.why_player")
    words = list(names or [])
    wanted = {"add": 1, "leave": 1, "rename": 2, "list": 0}
    if action not in wanted:
        raise IllegalEntry(Text("cli.player_action", action=repr(action), command="player"),
                           Text("cli.player_action_hint", actions=Join(PLAYER_ACTIONS, "or")))
    if len(words) != wanted[action]:
        raise IllegalEntry(Text("cli.player_words", command="player", action=action, count=wanted[action],
                                given=len(words)),
                           Text(f"cli.player_usage_{action}"))
    if after is not None and action != "add":
        raise IllegalEntry(Text("cli.player_after_add_only", option="--after", command="player add"),
                           Text("cli.player_usage_add"))
    lang = cfg.language
    if action == "list":
        with c.ledger() as ledger:
            data = seating(cfg, ledger)
        if as_json:
            emit_json(data)
            return
        typer.echo(say("cli.player_seating", lang, players=", ".join(data["players"]), seats=data["seats"]))
        if data["left"]:
            typer.echo(say("cli.player_left_list", lang, names=", ".join(data["left"])))
        for r in data["renamed"]:
            typer.echo(say("cli.player_renamed_line", lang, old=r["from"], new=r["to"]))
        return
    with c.ledger(create=True) as ledger:
        change = change_seating(cfg, ledger, action, words, after)
    if as_json:
        emit_json(change.to_json())
        return
    typer.echo(change_text(change).render(lang))
