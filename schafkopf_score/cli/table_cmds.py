"""Commands for the table file: ``new`` and ``rules``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from .app import JsonOpt, app, emit_json, get, guard

# -- new / rules ----------------------------------------------------------------------------------

@app.command()
@guard
def new(
    path: Annotated[Path, typer.Argument(help="Where to write the table file.")],
    family: Annotated[str, typer.Option("--family", help="bavarian | wendish | deutscher | sheepshead")] = "bavarian",
    players: Annotated[str, typer.Option("--players", help="Names in seating order, comma-separated.")] = "",
    preset: Annotated[str, typer.Option("--preset", help="official | wirtshaus (Bavarian)")] = "official",
    tariff: Annotated[Optional[str], typer.Option("--tariff", help="Base tariffs in cents, e.g. 10/50 (or 10/50/10).")] = None,
    seats: Annotated[Optional[int], typer.Option("--seats", help="Players in one game (default: 4, or fewer players).")] = None,
    name: Annotated[str, typer.Option("--name", help="The table's name.")] = "",
    language: Annotated[Optional[str], typer.Option("--language", help="de | en (default: de; Sheepshead en)")] = None,
    currency: Annotated[str, typer.Option("--currency", help="EUR, USD, ...")] = "EUR",
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file; use a ledger already there.")] = False,
) -> None:
    """Write a new table file with every key spelled out.

    \b
    Example: schafkopf new stammtisch.toml --family bavarian --players Anna,Ben,Cora,Dora --tariff 10/50
    """
    from ..errors import IllegalEntry
    from ..files import write_atomic
    from ..rules.registry import find_family
    from ..table import load_table, render_table

    fam = find_family(family)
    names = [p.strip() for p in players.split(",")] if players else []
    if not names:
        raise IllegalEntry("new needs the players.", "Add --players Anna,Ben,Cora,Dora (seating order).")
    from ..notation import clashes

    for n in names:
        why = clashes(fam, n)
        if why:
            raise IllegalEntry(f"{why}; a player of that name could not be entered.",
                               f"Give {n} another spelling (a nickname, or with the surname's initial).")
    if language is not None and language not in ("de", "en"):
        raise IllegalEntry(f"--language {language!r} is not supported.", "Use de or en.")
    from ..files import target_problem

    if not path.name or str(path).endswith("/"):
        raise IllegalEntry("new needs the path of a file.", "Give it like: schafkopf new stammtisch.toml ...")
    problem = target_problem(path)
    if problem:
        raise IllegalEntry(f"{path} {problem}; a table file cannot replace it.", "Choose another path.")
    if path.exists() and not force:
        raise IllegalEntry(f"{path} exists already; it was left as it is.", "Choose another path, or add --force.")
    if not path.parent.exists():
        raise IllegalEntry(f"The folder {path.parent} does not exist.", "Create it first, or choose another path.")
    text = render_table(fam, names, name=name or path.stem, seats=seats, preset=preset, tariff=tariff,
                        language=language, currency=currency)
    ledger = path.with_suffix(".sqlite")
    if ledger.exists() and not force:
        raise IllegalEntry(
            f"A ledger is already at {ledger}; a new table file here would take over its games.",
            "Move that ledger away (or choose another path) for a new table; to keep using it, add --force.",
        )
    write_atomic(path, text)
    cfg = load_table(path)  # what we wrote must load
    typer.echo(f"Wrote {path} ({fam.title}, {', '.join(cfg.players)}; {cfg.seats} seats).")
    typer.echo(f"Next: schafkopf --table {path} add ...")


@app.command()
@guard
def rules(
    ctx: typer.Context,
    check: Annotated[bool, typer.Option("--check", help="Only validate the table file.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Show the table's tariffs and house rules (or just check the file).

    \b
    Example: schafkopf --table examples/stammtisch.toml rules
    """
    cfg = get(ctx).cfg()
    snap = cfg.snapshot()
    if as_json:
        emit_json({"path": str(cfg.path), "name": cfg.name, "ledger": str(cfg.ledger_path), **snap.to_dict()})
        return
    if check:
        typer.echo(f"{cfg.path}: OK ({cfg.family}, {len(cfg.players)} players, {cfg.seats} seats).")
        return
    from rich.markup import escape
    from rich.table import Table

    from ..money import format_amount
    from ..table import toml_value
    from .render import console

    fam = cfg.family_obj()
    con = console()
    con.print(f"[bold]{escape(cfg.name)}[/] ({fam.title}), {escape(str(cfg.path))}")
    con.print(f"Players: {escape(', '.join(cfg.players))}; {cfg.seats} seats; deck {cfg.deck}; "
              f"ledger {escape(str(cfg.ledger_path))}")
    if fam.tariff_specs:
        t = Table(title=escape("[tariff]"))
        for col in ("key", "amount", "meaning"):
            t.add_column(col)
        for spec in fam.tariff_specs:
            value = cfg.tariff.get(spec.name)
            shown = format_amount(value, cfg.currency, cfg.language) if value is not None else "-"
            t.add_row(spec.name, shown, spec.doc)
        con.print(t)
    t = Table(title=escape("[rules]"))
    for col in ("key", "value", "meaning"):
        t.add_column(col)
    for spec in fam.rule_specs:
        t.add_row(spec.name, escape(toml_value(cfg.rules[spec.name])), spec.doc)
    con.print(t)
