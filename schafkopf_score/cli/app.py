"""The ``schafkopf`` command: a thin typer layer. Each command parses, calls one library
function and renders; a ``ScoreError`` becomes ``Error: ...`` on stderr and exit status 2."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional, TypeVar

import typer

from ..errors import ScoreError

if TYPE_CHECKING:
    from ..ledger import Ledger
    from ..table import TableConfig
from .options import ENTRY_NAMES, with_entry_options

F = TypeVar("F", bound=Callable[..., Any])

app = typer.Typer(
    name="schafkopf",
    help="Scorekeeper and tariff calculator for Schafkopf, Wendish, Deutscher Schafskopf and Sheepshead.\n\n"
    "Example: schafkopf --table examples/stammtisch.toml sheet",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)

TableOpt = Annotated[
    Optional[str],
    typer.Option("--table", envvar="SCHAFKOPF_TABLE", help="The table file (default: schafkopf.toml here).",
                 show_envvar=True),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object instead of text.")]
SessionOpt = Annotated[Optional[int], typer.Option("--session", help="Session number (default: the latest).")]
AllOpt = Annotated[bool, typer.Option("--all", help="All sessions together.")]


def fail(exc: ScoreError) -> None:
    typer.echo(f"Error: {exc.message}", err=True)
    if exc.hint:
        typer.echo(exc.hint, err=True)
    raise typer.Exit(exc.exit_code)


def guard(func: F) -> F:
    """Turn a ``ScoreError`` into a message and exit status 2; a broken pipe into silence."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except ScoreError as exc:
            fail(exc)
        except BrokenPipeError:
            raise typer.Exit(0) from None
        except Exception as exc:
            if type(exc).__module__ != "sqlite3":
                raise
            from ..errors import LedgerError

            fail(LedgerError(f"The ledger cannot be used: {exc}.",
                             "It was left as it is. If it is damaged, restore a backup; if busy, try again."))

    return wrapper  # type: ignore[return-value]


def emit_json(data: Any) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


class Ctx:
    def __init__(self, table: str | None) -> None:
        self.table_opt = table
        self._cfg: TableConfig | None = None

    def cfg(self) -> TableConfig:
        if self._cfg is None:
            from ..table import find_table_path, load_table

            self._cfg = load_table(find_table_path(self.table_opt))
        return self._cfg

    def ledger(self, create: bool = False) -> Ledger:
        from ..ledger import Ledger

        return Ledger(self.cfg().ledger_path, create=create)


def get(ctx: typer.Context) -> Ctx:
    obj = ctx.find_root().obj
    if obj is None:
        obj = Ctx(None)
        ctx.find_root().obj = obj
    return obj  # type: ignore[no-any-return]


@app.callback()
def main(ctx: typer.Context, table: TableOpt = None) -> None:
    """Keep score at a Schafkopf table: calc and add games, see the sheet, settle the money.

    \b
    Example: schafkopf --table examples/stammtisch.toml add sauspiel --player Anna --partner Ben --augen 72
    """
    ctx.obj = Ctx(table)


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
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
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
    if language is not None and language not in ("de", "en"):
        raise IllegalEntry(f"--language {language!r} is not supported.", "Use de or en.")
    if path.exists() and not force:
        raise IllegalEntry(f"{path} exists already; it was left as it is.", "Choose another path, or add --force.")
    if not path.parent.exists():
        raise IllegalEntry(f"The folder {path.parent} does not exist.", "Create it first, or choose another path.")
    text = render_table(fam, names, name=name or path.stem, seats=seats, preset=preset, tariff=tariff,
                        language=language, currency=currency)
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


# -- games ----------------------------------------------------------------------------------------

def _entry(ctx: typer.Context, game: str, entry: dict[str, Any]) -> Any:
    from ..entry import build_entry

    cfg = get(ctx).cfg()
    return build_entry(cfg.family_obj(), cfg.players, game, {k: entry.get(k) for k in ENTRY_NAMES})


def _typed(game: str, entry: dict[str, Any]) -> str:
    raw = {k: v for k, v in entry.items() if v not in (None, False, 0, [], ())}
    return json.dumps({"game": game, **raw}, ensure_ascii=False)


GameArg = Annotated[str, typer.Argument(metavar="GAME", help="The game: sauspiel, solo, wenz, ... (see the README).")]


@app.command()
@guard
@with_entry_options
def calc(ctx: typer.Context, game: GameArg, as_json: JsonOpt = False, **entry: Any) -> None:
    """Compute and explain a game without recording it.

    \b
    Example: schafkopf calc solo --player Anna --suit herz --augen 105 --laufende 4 --legen 1
    """
    from ..evening import calc as do_calc
    from .render import outcome_json, outcome_text

    c = get(ctx)
    cfg = c.cfg()
    e = _entry(ctx, game, entry)
    with c.ledger() as ledger:
        played = do_calc(cfg, ledger, e)
    if as_json:
        emit_json(outcome_json(played))
    else:
        typer.echo(outcome_text(played))


@app.command()
@guard
@with_entry_options
def add(ctx: typer.Context, game: GameArg, as_json: JsonOpt = False, **entry: Any) -> None:
    """Check a game against the table's rules, record it and show the standings.

    \b
    Example: schafkopf add sauspiel --player Anna --partner Ben --augen 72 --laufende 3
    """
    from ..evening import add as do_add
    from ..evening import calc as do_calc
    from .render import balances_text, next_dealer_line, outcome_json, outcome_text, words

    c = get(ctx)
    cfg = c.cfg()
    e = _entry(ctx, game, entry)
    if not cfg.ledger_path.exists():
        # check first, so a rejected first entry does not even create the ledger file
        with c.ledger() as ro:
            do_calc(cfg, ro, e)
    with c.ledger(create=True) as ledger:
        hand, played, view = do_add(cfg, ledger, e, _typed(game, entry))
    if as_json:
        emit_json(outcome_json(played, hand=hand, session=view.session.id if view.session else None,
                               balances=view.balances, stock_total=view.stock))
        return
    w = words(cfg.language)
    typer.echo(outcome_text(played, f"{w['hand']} {hand} {w['recorded']}:"))
    typer.echo(f"{w['balance']}:")
    typer.echo(balances_text(view.balances, view.rules, view.unit))
    for note in cfg.family_obj().standing_notes(view.rules, view.state, view.balances, cfg.language):
        typer.echo(note)
    typer.echo(next_dealer_line(view))


@app.command()
@guard
def draw(
    ctx: typer.Context,
    seed: Annotated[Optional[int], typer.Option("--seed", help="Seed the shuffle (for a repeatable lot).")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Draw the partners by lot (Deutscher Schafskopf): highest card plays with lowest.

    Shows the cards drawn and the pairs, and records them for the next game.

    \b
    Example: schafkopf draw
    """
    import random

    from ..errors import IllegalEntry
    from ..evening import add as do_add
    from ..evening import current_state
    from ..rules.deutscher import all_cards
    from ..rules.model import GameEntry
    from ..rules.play import seat
    from .render import outcome_json

    c = get(ctx)
    cfg = c.cfg()
    if cfg.family != "deutscher":
        raise IllegalEntry(f"Partners are drawn by lot only in Deutscher Schafskopf, not in {cfg.family_obj().title}.",
                           "Enter games with schafkopf add.")
    with c.ledger() as ro:
        _, state = current_state(cfg, ro)
    active = seat(GameEntry("draw"), cfg.snapshot(), state).active
    rng = random.Random(seed) if seed is not None else random.SystemRandom()
    cards = rng.sample(all_cards(), len(active))
    entry = GameEntry("draw", cards=tuple(zip(active, cards, strict=True)))
    with c.ledger(create=True) as ledger:
        hand, played, _ = do_add(cfg, ledger, entry, json.dumps({"game": "draw", "seed": seed}))
    if as_json:
        emit_json(outcome_json(played, hand=hand, cards=dict(entry.cards)))
    else:
        typer.echo(played.outcome.explanation)


# -- corrections ---------------------------------------------------------------------------------

ReasonOpt = Annotated[str, typer.Option("--reason", help="Why (kept in the ledger).")]


@app.command()
@guard
def undo(ctx: typer.Context, reason: ReasonOpt = "", as_json: JsonOpt = False) -> None:
    """Void the last recorded game (the row stays in the ledger, marked void).

    \b
    Example: schafkopf undo --reason "entered twice"
    """
    from ..evening import undo as do_undo

    c = get(ctx)
    with c.ledger() as ledger:
        rec = do_undo(c.cfg(), ledger, reason)
    _voided(rec, as_json)


def _voided(rec: Any, as_json: bool) -> None:
    if as_json:
        emit_json({"voided": rec.hand, "game": rec.game, "session": rec.session_id})
    else:
        typer.echo(f"Hand {rec.hand} ({rec.game}) is void; the ledger keeps it, marked void.")


@app.command()
@guard
def void(
    ctx: typer.Context,
    hand: Annotated[int, typer.Argument(help="The hand number, as on the sheet.")],
    reason: ReasonOpt = "",
    as_json: JsonOpt = False,
) -> None:
    """Void hand N of the open session; later hands are recomputed.

    \b
    Example: schafkopf void 7 --reason "wrong partner"
    """
    from ..evening import void as do_void

    c = get(ctx)
    with c.ledger() as ledger:
        rec = do_void(c.cfg(), ledger, hand, reason)
    _voided(rec, as_json)


@app.command()
@guard
@with_entry_options
def edit(
    ctx: typer.Context,
    hand: Annotated[int, typer.Argument(help="The hand number, as on the sheet.")],
    game: GameArg,
    reason: ReasonOpt = "",
    as_json: JsonOpt = False,
    **entry: Any,
) -> None:
    """Replace hand N with a corrected entry (the old row is voided, never lost).

    \b
    Example: schafkopf edit 7 sauspiel --player Anna --partner Cora --augen 72 --reason "wrong partner"
    """
    from ..evening import edit as do_edit
    from .render import outcome_json, outcome_text

    c = get(ctx)
    cfg = c.cfg()
    e = _entry(ctx, game, entry)
    with c.ledger() as ledger:
        played = do_edit(cfg, ledger, hand, e, reason, _typed(game, entry))
    if as_json:
        emit_json(outcome_json(played, hand=hand))
    else:
        typer.echo(outcome_text(played, f"Hand {hand} corrected:"))


# -- views ---------------------------------------------------------------------------------------

def _views(ctx: typer.Context, session: int | None, all_: bool) -> list[Any]:
    """The chosen sessions replayed (the latest when none is chosen; an empty view if none)."""
    from ..evening import view_session

    c = get(ctx)
    cfg = c.cfg()
    ids = _session_ids(ctx, session, all_)
    with c.ledger() as ledger:
        return [view_session(cfg, ledger, sid) for sid in ids] or [view_session(cfg, ledger)]


def _hand_json(row: Any) -> dict[str, Any]:
    rec = row.record
    data: dict[str, Any] = {"hand": rec.hand, "game": rec.game, "entry": rec.entry.to_dict(),
                            "void": not rec.valid, "recorded_at": rec.created_at}
    if not rec.valid:
        data.update({"void_kind": rec.void_kind, "reason": rec.void_reason, "voided_at": rec.void_at})
    if row.played is not None:
        out = row.played.outcome
        data.update({"payouts": out.payout_map(), "stock": out.stock, "dealer": row.played.seating.dealer,
                     "sitting_out": list(row.played.seating.sitting_out), "explanation": out.explanation,
                     "replaces": rec.replaces is not None})
    return data


@app.command()
@guard
def sheet(
    ctx: typer.Context,
    session: SessionOpt = None,
    all_: AllOpt = False,
    history: Annotated[bool, typer.Option("--history", help="List every correction with its reason and time.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """The session as the paper block shows it: one row a hand, running totals.

    \b
    Example: schafkopf --table examples/stammtisch.toml sheet
    """
    if history:
        _history(ctx, session, all_, as_json)
        return
    views = _views(ctx, session, all_)
    if as_json:
        emit_json({"sessions": [
            {"session": v.session.id if v.session else None, "closed": v.closed, "unit": v.unit,
             "hands": [_hand_json(r) for r in v.rows], "balances": v.balances, "stock": v.stock,
             "next_dealer": None if v.closed else v.state.dealer}
            for v in views]})
        return
    from .render import print_sheet

    print_sheet(views, get(ctx).cfg())


def _history(ctx: typer.Context, session: int | None, all_: bool, as_json: bool) -> None:
    c = get(ctx)
    ids = _session_ids(ctx, session, all_)
    with c.ledger() as ledger:
        events = [e for sid in ids for e in ledger.history(sid)]
    if as_json:
        emit_json({"history": events})
        return
    if not events:
        typer.echo("No corrections.")
    for e in events:
        reason = f": {e['reason']}" if e["reason"] else ""
        typer.echo(f"{e['at']}  session {e['session']} hand {e['hand']} ({e['game']})  {e['kind']}{reason}")


def _total(views: list[Any]) -> dict[str, int]:
    total: dict[str, int] = {}
    for v in views:
        for n, a in v.balances.items():
            total[n] = total.get(n, 0) + a
    return total


@app.command()
@guard
def standings(ctx: typer.Context, session: SessionOpt = None, all_: AllOpt = False, as_json: JsonOpt = False) -> None:
    """Each player's balance, the Stock, and who deals next.

    \b
    Example: schafkopf standings
    """
    views = _views(ctx, session, all_)
    cfg = get(ctx).cfg()
    balances = _total(views)
    last = views[-1]
    fam = cfg.family_obj()
    if as_json:
        emit_json({"sessions": [v.session.id for v in views if v.session], "unit": last.unit,
                   "balances": balances, "next_dealer": None if last.closed else last.state.dealer,
                   **fam.pending(last.rules, last.state)})
        return
    from .render import next_dealer_line, print_standings, words

    w = words(cfg.language)
    notes = fam.standing_notes(last.rules, last.state, balances, cfg.language)
    if not last.closed:
        notes.append(next_dealer_line(last))
    title = f"{cfg.name}: " + (f"{w['session']} {last.session.id}" if last.session and not all_ else w["total"])
    print_standings(balances, last.rules, last.unit, notes, title)


@app.command()
@guard
def settle(
    ctx: typer.Context,
    close: Annotated[bool, typer.Option("--close", help="Close the session (stores the closing balances).")] = False,
    round_: Annotated[Optional[int], typer.Option("--round", help="Round to cash, e.g. 50 cents.")] = None,
    from_balances: Annotated[Optional[str], typer.Option("--from-balances", help="Settle balances from paper: A=..,B=..")] = None,
    session: SessionOpt = None,
    all_: AllOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Net every player's balance and list the fewest transfers that clear it.

    \b
    Example: schafkopf settle --round 50 --close
    """
    from ..errors import IllegalEntry
    from ..settle import fewest_transfers, round_balances
    from .render import amount, transfer_line, words

    c = get(ctx)
    cfg = c.cfg()
    if round_ is not None and round_ <= 0:
        raise IllegalEntry(f"--round {round_} is not a positive number of cents.", "Give e.g. --round 50.")
    rules = cfg.snapshot()
    unit = "cent"
    extra: dict[str, Any] = {}
    warnings: list[str] = []
    if from_balances is not None:
        if close:
            raise IllegalEntry("--from-balances settles a paper sheet; it cannot close a session.", "Drop --close.")
        balances = parse_balances(cfg, from_balances)
        closed_view = None
    else:
        if close:
            from ..evening import close_session

            if session is not None or all_:
                raise IllegalEntry("--close closes the open session only.", "Drop --session/--all.")
            with c.ledger() as ledger:
                closed_view = close_session(cfg, ledger)
            views = [closed_view]
        else:
            closed_view = None
            views = _views(ctx, session, all_)
        if not close and not views[-1].closed:
            warnings = cfg.family_obj().warnings(views[-1].rules, views[-1].state)
        balances, unit, extra = cfg.family_obj().to_money(views[-1].rules, _total(views))
    money = balances
    moved: dict[str, int] = {}
    if round_:
        money = round_balances(balances, round_)
        moved = {n: money[n] - balances[n] for n in balances if money[n] != balances[n]}
    transfers = fewest_transfers(money, list(money))
    if as_json:
        data: dict[str, Any] = {"balances": money, "transfers": [t.to_dict() for t in transfers], "unit": unit,
                                "closed": bool(closed_view), **extra}
        if warnings:
            data["warnings"] = warnings
        if round_:
            data["unrounded"] = balances
            data["rounding"] = moved
        emit_json(data)
        return
    w = words(cfg.language)
    lines = [f"{w['balance']}:"]
    lines += [f"  {n:<12} {amount(v, rules, unit):>12}" for n, v in money.items()]
    if round_:
        lines.append(f"{w['rounded']} {amount(round_, rules, unit, sign=False)}: " + (
            ", ".join(f"{n} {amount(d, rules, unit)}" for n, d in moved.items()) or "-"))
    lines.append(f"{w['transfers']}:")
    lines += [f"  {transfer_line(t, rules, unit)}" for t in transfers] or [f"  {w['nothing']}"]
    lines += [f"Warning: {text}" for text in warnings]
    if closed_view is not None and closed_view.session is not None:
        lines.append(f"{w['session']} {closed_view.session.id} {w['closed']}.")
    typer.echo("\n".join(lines))


def parse_balances(cfg: Any, text: str) -> dict[str, int]:
    """``Anna=3,40,Ben=-3.40`` (euros, decimal comma or point) into cents by player."""
    import re

    from ..errors import IllegalEntry, InvalidEntry
    from ..money import format_amount
    from ..rules.family import resolve_name

    pattern = re.compile(r"\s*(.+?)\s*=\s*([+-]?\d+(?:[.,]\d{1,2})?)\s*(?:,|$)")
    out: dict[str, int] = {}
    pos = 0
    while pos < len(text):
        m = pattern.match(text, pos)
        if not m or m.end() == pos:
            raise InvalidEntry(f"--from-balances {text!r} is not a list of NAME=AMOUNT.",
                               "Write it like --from-balances Anna=3,40,Ben=-1,15,Cora=-2,25.")
        who = resolve_name(m.group(1), cfg.players)
        out[who] = out.get(who, 0) + parse_money(m.group(2), who)
        pos = m.end()
    if not out:
        raise InvalidEntry("--from-balances is empty.", "Write it like --from-balances Anna=3,40,Ben=-3,40.")
    total = sum(out.values())
    if total != 0:
        raise IllegalEntry(
            f"The balances sum to {format_amount(total, cfg.currency, cfg.language, sign=True)}, not zero.",
            "Every cent won is a cent lost: check the sheet and correct one of them.",
        )
    return out


def parse_money(text: str, who: str) -> int:
    """``3,40`` / ``-3.40`` / ``12`` euros into cents, exactly (no floats)."""
    import re

    from ..errors import InvalidEntry

    t = text.strip().replace("€", "").replace(" ", "")
    m = re.fullmatch(r"([+-]?)(\d+)(?:[.,](\d{1,2}))?", t)
    if not m:
        raise InvalidEntry(f"{who}={text!r} is not an amount.", "Write amounts like Anna=3,40 or Ben=-3.40.")
    cents = int(m.group(2)) * 100 + int((m.group(3) or "0").ljust(2, "0"))
    return -cents if m.group(1) == "-" else cents


def _session_ids(ctx: typer.Context, session: int | None, all_: bool) -> list[int]:
    from ..errors import IllegalEntry

    c = get(ctx)
    with c.ledger() as ledger:
        known = [s.id for s in ledger.sessions()]
    if all_:
        return known
    if session is not None:
        if session not in known:
            raise IllegalEntry(f"There is no session {session}.",
                               f"Sessions in this ledger: {', '.join(map(str, known))}." if known
                               else "The ledger has no games yet.")
        return [session]
    return known[-1:]


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
    ids = _session_ids(ctx, session, all_)
    with c.ledger() as ledger:
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
    from ..evening import import_dump
    from ..ledger import check_export_head, read_export

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
            data = read_export(iter(fh))
            check_export_head(data)  # before the ledger file is made
            with c.ledger(create=True) as ledger:
                count = import_dump(cfg, ledger, data)
        except (UnicodeDecodeError, ValueError) as exc:  # JSONDecodeError is a ValueError
            raise InvalidEntry(f"{file} is not a JSON export ({exc}).",
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
    from ..reports import stats as compute

    c = get(ctx)
    cfg = c.cfg()
    ids = _session_ids(ctx, session, all_)
    with c.ledger() as ledger:
        data = compute(ledger.hand_summaries(ids), cfg.players, cfg.family_obj().unit)
    if as_json:
        emit_json({"sessions": ids, **data})
        return
    from rich.table import Table

    from .render import amount, console, escape

    rules = cfg.snapshot()
    con = console()
    t = Table(title="Players")
    for col in ("Player", "Games", "Declarer", "Won", "Balance"):
        t.add_column(col, justify="left" if col == "Player" else "right")
    for name, st in data["players"].items():
        t.add_row(escape(name), str(st["games"]), str(st["declarer"]), str(st["won"]),
                  amount(st["balance"], rules, data["unit"]))
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


def hoist_table_option(argv: list[str]) -> list[str]:
    """Accept ``--table PATH`` after the command too (``schafkopf sheet --table t.toml``): it is a
    global option, so it is moved in front of the command.

    >>> hoist_table_option(["sheet", "--table", "t.toml", "--all"])
    ['--table', 't.toml', 'sheet', '--all']
    """
    out = list(argv)
    for i, arg in enumerate(out):
        if arg == "--":
            break
        if i and arg == "--table" and i + 1 < len(out):
            value = out[i + 1]
            del out[i : i + 2]
            return ["--table", value, *out]
        if i and arg.startswith("--table="):
            del out[i]
            return [arg, *out]
    return out


def run() -> None:
    """Console entry point: no traceback ever reaches a user."""
    try:
        app(args=hoist_table_option(sys.argv[1:]), prog_name="schafkopf")
    except ScoreError as exc:  # raised outside a command (should not happen)
        print(f"Error: {exc.message}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        print("Interrupted; nothing half-written was kept.", file=sys.stderr)
        sys.exit(130)
    except Exception as exc:  # a bug: say so plainly, never a traceback
        print(f"Internal error ({type(exc).__name__}: {exc}). Please report it; the ledger is unchanged "
              "unless the command said it recorded something.", file=sys.stderr)
        sys.exit(1)
