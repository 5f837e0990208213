"""Charts in the terminal (RULES §13): a line chart of a few series (each player's balance over
the evening or the season, a rating's history) and sparklines, drawn on a grid of characters
with rich's own primitives (``rich.text.Text`` and its styles).

Why no plotting library: a chart here is a handful of series of at most a few thousand points
on an 80-column screen; what it must do (fit the width, speak the table's language, mark each
player with his initial, fall back to plain ASCII when piped or under ``NO_COLOR``) is a page of
code over rich, which the CLI already uses. plotext 6 renamed its whole interface and costs
about 90 ms to import; asciichartpy draws one series well but has had no release since 2020.

On a terminal each player's line is drawn in his own colour with his initial; piped, or with
``NO_COLOR`` set, the same chart comes in plain ASCII without a colour code (``plain``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any

SPARKS = "▁▂▃▄▅▆▇█"
PLAIN_SPARKS = "_.-:=+*#"
COLOURS = ("cyan", "magenta", "yellow", "green", "blue", "red", "bright_cyan", "bright_magenta", "bright_yellow",
           "bright_green", "bright_blue", "bright_red")
HEIGHT = 12


def plain(con: Any) -> bool:
    """Whether to draw in plain ASCII without colour: output that is not a terminal (piped, a
    file), ``NO_COLOR`` set (https://no-color.org), or a terminal that cannot show the chart's
    lines (not UTF-8: its axis and sparklines came out as ``?``, as rich's own tables go ASCII)."""
    return (bool(os.environ.get("NO_COLOR")) or not con.is_terminal
            or not str(con.encoding).lower().replace("-", "").startswith("utf"))


def sparkline(values: Sequence[float], width: int = 12, ascii_only: bool = False) -> str:
    """The values as a line of ``width`` characters at most, low to high (each series on its own
    scale; a flat one in the middle); the last value is always the last character.

    >>> sparkline([0, 1, 2, 3, 4, 5, 6, 7])
    '▁▂▃▄▅▆▇█'
    >>> sparkline([0, 10, -10, 5], ascii_only=True)
    '=#_+'
    >>> sparkline([3, 3, 3]), sparkline([])
    ('▄▄▄', '')
    """
    levels = PLAIN_SPARKS if ascii_only else SPARKS
    if not values:
        return ""
    points = list(values)
    if len(points) > width:  # each character the last value of its stretch
        points = [points[min(len(points) - 1, ((i + 1) * len(points)) // width - 1)] for i in range(width)]
    low, high = min(points), max(points)
    if high == low:
        return levels[(len(levels) - 1) // 2] * len(points)
    top = len(levels) - 1
    return "".join(levels[round((v - low) / (high - low) * top)] for v in points)


def markers(names: Sequence[str]) -> list[str]:
    """A character per series: each name's initial, where no other name shares it; 1, 2, ...
    for those that do.

    >>> markers(["Anna", "Ben"]), markers(["Anna", "Andi", "Ben"]), markers(["Ölaf", "Ute"])
    (['A', 'B'], ['1', '2', 'B'], ['1', 'U'])
    """
    initials = [(n.strip()[:1] or "?").upper() for n in names]
    out, number = [], 0
    for initial in initials:
        if initials.count(initial) == 1 and initial.isascii() and initial.isalnum():
            out.append(initial)
        else:
            number += 1
            out.append(str(number) if number < 10 else chr(ord("a") + number - 10))
    return out


def _at(values: Sequence[float | None], position: float) -> float | None:
    """The value at a fractional position of the series (linear between its points)."""
    i = int(position)
    if i >= len(values) - 1:
        return values[-1]
    a, b = values[i], values[i + 1]
    if a is None or b is None:
        return a if position - i < 0.5 else b
    return a + (b - a) * (position - i)


def line_chart(series: Sequence[tuple[str, Sequence[float | None]]], width: int, *, ascii_only: bool,
               y_label: Callable[[float], str], x_labels: tuple[str, str], x_title: str,
               height: int = HEIGHT, zero: bool = True) -> list[Any]:
    """The series (name, a value per step; None where the player was not there yet) as the
    lines of a chart ``width`` characters wide: the values' axis on the left (``y_label``), the
    steps along the bottom (``x_labels``: the first and the last step's label, ``x_title`` in
    between), and a legend of the markers; ``zero``: the zero line drawn (and the scale
    stretched to it where it is not far off). Returns rich ``Text`` lines."""
    from rich.cells import cell_len
    from rich.text import Text

    names = [name for name, _ in series]
    marks = markers(names)
    known = [v for _, values in series for v in values if v is not None]
    steps = max((len(values) for _, values in series), default=0)
    if not known or steps == 0:
        return []
    low, high = min(known), max(known)
    if zero and low > 0:
        low = 0.0 if high - low > low else low
    if zero and high < 0:
        high = 0.0 if high - low > -high else high
    if high == low:
        high, low = high + 1, low - 1
    top_label, zero_label, bottom_label = y_label(high), y_label(0.0), y_label(low)
    label_width = max(len(top_label), len(bottom_label), len(zero_label))
    plot_width = max(10, width - label_width - 2)
    columns = plot_width if steps > 1 else 1

    def row_of(v: float) -> int:
        return round((high - v) / (high - low) * (height - 1))

    grid: list[list[tuple[str, str]]] = [[(" ", "")] * columns for _ in range(height)]
    zero_row = row_of(0.0) if zero and low <= 0 <= high else None
    if zero_row is not None:
        grid[zero_row] = [("-", "")] * columns if ascii_only else [("┄", "dim")] * columns
    for index, (_, values) in enumerate(series):
        colour = "" if ascii_only else COLOURS[index % len(COLOURS)]
        mark = marks[index]
        previous: int | None = None
        for c in range(columns):
            position = c * (len(values) - 1) / (columns - 1) if columns > 1 and len(values) > 1 else 0.0
            v = _at(values, position)
            if v is None:
                previous = None
                continue
            r = row_of(v)
            span = range(min(previous, r), max(previous, r) + 1) if previous is not None else range(r, r + 1)
            for rr in span:  # a step of more than a row is drawn as a line down (or up)
                here = grid[rr][c][0]
                overlap = here not in (" ", "-", "┄", mark)
                grid[rr][c] = ("*" if overlap else mark, "bold" if overlap and not ascii_only else colour)
            previous = r
    lines = []
    for r in range(height):
        label = top_label if r == 0 else bottom_label if r == height - 1 else zero_label if r == zero_row else ""
        line = Text(f"{label:>{label_width}} " + ("|" if ascii_only else "│"))
        for ch, style in grid[r]:
            line.append(ch, style=style or None)
        lines.append(line)
    lines.append(Text(" " * label_width + " " + ("+" + "-" * columns if ascii_only else "└" + "─" * columns)))
    first, last = x_labels
    gap = columns - len(first) - len(last)
    middle = f" {x_title} " if gap >= len(x_title) + 2 else ""
    left = (gap - len(middle)) // 2
    if steps == 1:  # one step, one column: its label once ("#1", not "#1  #1")
        lines.append(Text(" " * (label_width + 2) + first))
    else:
        lines.append(Text(" " * (label_width + 2) + first + " " * max(1, left) + middle
                          + " " * max(1, gap - len(middle) - left) + last))
    legend = Text(" " * (label_width + 2))
    for index, name in enumerate(names):
        entry = f"{marks[index]} {name}"
        if legend.cell_len + cell_len(entry) + 2 > width and legend.plain.strip():  # a wide letter (山, 😀) takes two
            lines.append(legend)
            legend = Text(" " * (label_width + 2))
        legend.append(marks[index], style=None if ascii_only else COLOURS[index % len(COLOURS)])
        legend.append(f" {name}  ")
    lines.append(legend)
    for line in lines:
        line.rstrip()
    return lines


def print_lines(con: Any, lines: Sequence[Any]) -> None:
    """Chart lines as they are (never wrapped, cut at the terminal's edge)."""
    for line in lines:
        con.print(line, no_wrap=True, overflow="crop", soft_wrap=False)


def evening_trends(state: Any, shown: Sequence[str] = ()) -> dict[str, list[float]]:
    """Each player's balance hand by hand through a folded session (for the sparklines of
    ``standings`` and ``play``'s ``stand``); empty where fewer than two hands were played.
    ``shown``: the names the standings show (a closed evening's under the names it was paid
    under): each finds his line under the name he goes by now.

    """
    from ..insights.trends import evening_steps, running_totals

    _, steps = evening_steps(state)
    if len(steps) < 2:
        return {}
    lines = {n: [float(v or 0) for v in line] for n, line in running_totals(steps).items()}
    for name in shown:
        now = state.aliases.get(name)
        if name not in lines and now in lines:
            lines[name] = lines[now]
    return lines


def show_balance_chart(ctx: Any, session: int | None, all_: bool) -> None:
    """``standings --chart``: each player's balance over the evening (or the season) as a chart."""
    from ..app.trends import balance_history
    from ..i18n import say
    from ..money import bare
    from .app import get
    from .console import console, print_line
    from .render import amount

    c = get(ctx)
    cfg = c.cfg()
    with c.ledger() as ledger:
        history = balance_history(cfg, ledger, session, all_)
    lang = cfg.language
    con = console()
    rules = cfg.snapshot()
    if len(history.steps) < 1:
        print_line(con, say("cli.chart_nothing", lang))
        return
    if history.by == "session":
        print_line(con, say("cli.chart_title_season", lang, name=cfg.name, count=len(history.steps)))
        first, last, title = f"#{history.steps[0]}", f"#{history.steps[-1]}", say("cli.chart_sessions", lang)
    else:
        print_line(con, say("cli.chart_title_session", lang, name=cfg.name, session=history.session,
                            count=len(history.steps)))
        first, last, title = str(history.steps[0]), str(history.steps[-1]), say("cli.chart_hands", lang)

    def label(v: float) -> str:
        value = round(v)
        return amount(value, rules, "cent", sign=False) if history.unit == "cent" else bare(value, history.unit, lang)

    series = [(name, [None if v is None else float(v) for v in values]) for name, values in history.balances.items()]
    print_lines(con, line_chart(series, con.width, ascii_only=plain(con), y_label=label, x_labels=(first, last),
                                x_title=title))
