"""``schafkopf rating``: the players' skill ratings from every evening of the table (RULES §13)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from ..i18n import say
from .app import JsonOpt, app, emit_json, get, guard

ChartOpt = Annotated[bool, typer.Option("--chart", help="Draw the ratings' history as a chart (a point per session; "
                                                       "with --json: each rating's history).")]


@app.command()
@guard
def rating(
    ctx: typer.Context,
    all_: Annotated[bool, typer.Option("--all", help="Every player who ever played here, not only those seated now.")]
    = False,
    chart: ChartOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Each player's skill rating from every session of the table (a tournament: every round).

    Each hand is a match between its sides (Sauspiel 2 v 2, a Solo 1 v 3, Ramsch every player
    for himself), weighted by what it was worth; the range is the rating plus or minus two
    sigma, and a player with fewer than 30 rated hands is provisional. Computed from the
    ledger every time (openskill's Plackett-Luce model), never stored: a correction changes it.

    \b
    Example: schafkopf rating
    Example: schafkopf rating --all --chart
    """
    from ..app.rating import rating_table

    c = get(ctx)
    cfg = c.cfg()
    with c.ledger() as ledger:
        table = rating_table(cfg, ledger, everyone=all_)
    if as_json:  # with --chart: the chart's figures, each rating's history
        emit_json(table.to_json(history=chart))
        return
    print_ratings(cfg, table, chart)


def number(x: float, lang: str, sign: bool = False) -> str:
    """A rating figure with one decimal, as the language writes it (``27,3`` / ``27.3``)."""
    text = f"{x:+.1f}" if sign else f"{x:.1f}"
    return text.replace(".", ",") if lang == "de" else text


def change_in(p: Any, session: int | None) -> float | None:
    """How much a player's rating moved in the given session (None: he did not play in it)."""
    from ..insights.rating import MU

    if session is None or not p.history or p.history[-1].session != session:
        return None
    before = p.history[-2].mu if len(p.history) > 1 else MU
    return float(p.history[-1].mu - before)


def print_ratings(cfg: Any, table: Any, chart: bool = False) -> None:
    """The ratings as a table (best first), and with ``chart`` their history as a chart."""
    from rich.table import Table

    from ..insights.rating import PROVISIONAL_HANDS
    from .charts import plain, sparkline
    from .console import console, escape, print_line

    lang = cfg.language
    con = console()
    flat = plain(con)
    if not table.ratings:
        typer.echo(say("cli.rating_none", lang))
        return
    print_line(con, say("cli.rating_title", lang, name=cfg.name,
                        hands=table.hands, sessions=table.sessions))
    t = Table()
    t.add_column("#", justify="right")
    t.add_column(say("cli.col_player", lang))
    t.add_column(say("cli.col_rating", lang), justify="right")
    t.add_column(say("cli.col_range", lang), justify="right")
    t.add_column(say("cli.col_hands", lang), justify="right")
    if table.latest is not None:
        t.add_column(say("cli.col_session_change", lang, session=table.latest), justify="right")
    t.add_column(say("cli.col_trend", lang))
    for i, p in enumerate(table.ratings, 1):
        cells = [str(i), escape(p.name) + (f" ({say('cli.provisional', lang)})" if p.provisional else ""),
                 number(p.rating, lang), f"{number(p.low, lang)} - {number(p.high, lang)}", str(p.hands)]
        if table.latest is not None:
            moved = change_in(p, table.latest)
            cells.append("" if moved is None else number(moved, lang, sign=True))
        cells.append(sparkline([pt.mu for pt in p.history], 12, flat) if len(p.history) > 1 else "")
        t.add_row(*cells)
    con.print(t)
    print_line(con, say("cli.rating_range_note", lang))
    print_line(con, say("cli.rating_provisional_note", lang, hands=PROVISIONAL_HANDS))
    if chart:
        print_rating_chart(cfg, table.ratings, con)


def print_rating_chart(cfg: Any, ratings: Any, con: Any) -> None:
    """The players' ratings after each session as a chart (a player not yet there: no line)."""
    from .charts import line_chart, plain, print_lines

    lang = cfg.language
    sessions = sorted({pt.session for p in ratings for pt in p.history})
    if len(sessions) < 1:
        return
    index = {s: i for i, s in enumerate(sessions)}
    series = []
    for p in ratings:
        values: list[float | None] = [None] * len(sessions)
        for pt in p.history:
            values[index[pt.session]] = pt.mu
        last: float | None = None
        for i, v in enumerate(values):  # between his sessions a rating stays where it was
            if v is None:
                values[i] = last
            else:
                last = v
        series.append((p.name, values))
    lines = line_chart(series, con.width, ascii_only=plain(con), y_label=lambda v: number(v, lang),
                       x_labels=(f"#{sessions[0]}", f"#{sessions[-1]}"), x_title=say("cli.chart_sessions", lang),
                       zero=False)
    con.print()
    print_lines(con, lines)
