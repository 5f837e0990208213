"""A self-contained HTML page people open on a phone: per evening its date, the settlement as it
was paid (rounded, with the transfers), the Stock, the sheep's heads of Deutscher, an SVG chart
of the running balances (axes, hand numbers, amount ticks, each player's name at the end of
his line) and the sheet; with ``--all`` the season first (a column per evening, the totals, a
chart over the evenings).

One file: no external resources, no scripts; every name is escaped. It fits a 390 px screen
(``viewport`` meta; wide tables scroll inside their own box, never the page) and prints like
the paper block (black on white, grid lines)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from functools import cached_property, lru_cache
from html import escape
from typing import Any

from ..memo import Memo
from .season import Season, season_table
from .words import (
    amount_text,
    close_booked,
    date_text,
    difference_lines,
    heads_of,
    lang_of,
    latest_note,
    money_text,
    session_title,
    short_date,
    stock_carried,
    stock_goes,
    stock_moves,
    stock_returned,
    void_word,
    word,
)

__all__ = ["amount_text", "line_chart", "to_html"]

COLORS = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#7f7f7f",
          "#bcbd22")

STYLE = """
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0 auto;max-width:980px;padding:12px 14px 32px;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,
"Helvetica Neue",Arial,sans-serif;color:#111;background:#fff;overflow-wrap:anywhere}
h1{font-size:1.5rem;margin:.3em 0 .1em}
h2{font-size:1.25rem;margin:1.6em 0 .4em;padding-bottom:.15em;border-bottom:2px solid #222}
h3{font-size:1.05rem;margin:1.1em 0 .35em}
p{margin:.4em 0}
.muted{color:#555}
.tag{display:inline-block;font-size:.75rem;font-weight:normal;vertical-align:middle;padding:0 .5em;
border:1px solid #888;border-radius:1em;color:#444}
.scroll{overflow-x:auto;max-width:100%;-webkit-overflow-scrolling:touch}
table{border-collapse:collapse;font-variant-numeric:tabular-nums;margin:.2em 0;overflow-wrap:normal}
th,td{border:1px solid #c8c8c8;padding:4px 8px;white-space:nowrap;vertical-align:top}
th{background:#f2f2f2;text-align:left;font-weight:600;white-space:normal}
.n{text-align:right}
td.pos{color:#1b6e2e}
td.neg{color:#b3261e}
td.out{color:#666}
table.sheet td{text-align:right}
table.sheet td:nth-child(2),table.sheet td:nth-child(3){text-align:left}
tr.void td{color:#666;text-decoration:line-through}
tr.void td.kind{text-decoration:none}
tr.closing td{border-top:2px solid #555;font-weight:600}
tr.payment td{font-style:italic;border-top:1px dashed #555}
tr.total td,tr.total th{border-top:2px solid #555;font-weight:700}
ul.transfers{padding-left:1.2em;margin:.3em 0}
ul.transfers li{margin:.15em 0}
svg.head{width:1.45em;height:1.2em;vertical-align:-.3em;margin-right:1px}
.strokes{letter-spacing:.08em}
table.season td:first-child,table.season th:first-child{position:sticky;left:0;background:#fff;box-shadow:1px 0 0 #c8c8c8}
table.season td:last-child,table.season th:last-child{position:sticky;right:0;background:#fff;box-shadow:-1px 0 0 #c8c8c8}
table.season th:first-child,table.season th:last-child{background:#f2f2f2}
figure.chart{margin:.4em 0;max-width:760px}
figure.chart svg{display:block;width:100%;height:auto}
figure.chart .wide{display:none}
@media (min-width:600px){figure.chart .narrow{display:none}figure.chart .wide{display:block}}
@media (max-width:480px){body{padding:10px 10px 24px}th,td{padding:3px 6px}}
@media print{
@page{margin:12mm}
body{max-width:none;padding:0;font:10.5pt/1.3 "DejaVu Serif",Georgia,"Times New Roman",serif}
*{color:#000!important;background:#fff!important}
.scroll{overflow:visible}
table.season td,table.season th{position:static!important;box-shadow:none!important}
table{border:1.5px solid #000}
table.sheet,table.season{width:100%}
th,td{border:1px solid #000;white-space:normal;padding:2px 5px}
th{border-bottom:1.5px solid #000}
tr{break-inside:avoid}
h2{border-bottom:1.5px solid #000;break-after:avoid}
h3{break-after:avoid}
section+section{break-before:page}
figure.chart{filter:grayscale(1);break-inside:avoid;max-width:16cm}
figure.chart .narrow{display:none}
figure.chart .wide{display:block}
.tag{border-color:#000}
}
""".replace("\n", "")


# -- the chart -------------------------------------------------------------------------------

def nice_ticks(lo: int, hi: int, count: int = 5) -> list[int]:
    """Round tick values (1, 2 or 5 times a power of ten) from below ``lo`` to above ``hi``.

    >>> nice_ticks(-340, 510)
    [-400, -200, 0, 200, 400, 600]
    >>> nice_ticks(0, 3)
    [0, 1, 2, 3]
    """
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / count
    power = 10 ** math.floor(math.log10(raw)) if raw >= 1 else 1
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.floor(lo / step) * step
    last = math.ceil(hi / step) * step
    return list(range(first, last + 1, step))


def spread(wanted: list[float], gap: float, low: float, high: float) -> list[float]:
    """Label positions near ``wanted`` (sorted or not) at least ``gap`` apart within
    [``low``, ``high``]: the names at the ends of the lines never overlap."""
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])
    pos = [0.0] * len(wanted)
    last = low - gap
    for i in order:
        pos[i] = max(wanted[i], last + gap)
        last = pos[i]
    over = last - high
    if over > 0:  # pushed past the bottom: move the stack up, keeping the gaps
        nxt = high + gap
        for i in reversed(order):
            pos[i] = min(pos[i], nxt - gap)
            nxt = pos[i]
    return pos


def thinned(values: Sequence[int], columns: int) -> list[int]:
    """The indices of the points a line ``columns`` wide shows: in each column its first,
    lowest, highest and last point, in order; the line looks the same with far fewer points.

    >>> thinned([0, 5, -3, 2, 1, 1, 9, 0], 2)
    [0, 1, 2, 3, 4, 6, 7]
    """
    n = len(values)
    keep: list[int] = []
    for c in range(columns):
        lo, hi = c * n // columns, (c + 1) * n // columns
        if lo >= hi:
            continue
        chunk = values[lo:hi]
        keep += sorted({lo, lo + chunk.index(min(chunk)), lo + chunk.index(max(chunk)), hi - 1})
    return keep


def short(name: str, limit: int = 14) -> str:
    return name if len(name) <= limit else name[: limit - 1] + "…"


def line_chart(series: dict[str, list[int]], x_labels: Sequence[str], fmt: Callable[[int], str], *,
               title: str, x_title: str, y_title: str, width: float = 760, font: float = 12,
               short_labels: Sequence[str] | None = None) -> str:
    """An SVG line chart: one line per player over the points of ``x_labels`` (the first is
    the start at 0), a y axis with round amount ticks, an x axis with the labels (as many as
    fit), and each player's name at the end of his line. ``width`` and ``font`` in the SVG's
    own units: the page shows it as wide as the screen, so a narrow chart keeps its letters
    readable on a phone. ``short_labels`` (dates without the year) are used where the
    labels would not all fit."""
    names = list(series)
    values = [v for vs in series.values() for v in vs] + [0]
    ticks = nice_ticks(min(values), max(values))
    lo, hi = ticks[0], ticks[-1]
    tick_text = [fmt(t) for t in ticks]
    char = font * 0.6  # about the width of a character of the labels
    left = max(len(t) for t in tick_text) * char + font + 4
    right = max((len(short(n)) for n in names), default=4) * char + font * 2
    width = max(width, left + right + 160)
    top, bottom = font * 2.2, font * 4
    height = max(260.0, width * 0.45)
    plot_w, plot_h = width - left - right, height - top - bottom
    n = max(len(x_labels) - 1, 1)

    def x(i: int) -> float:
        return left + plot_w * i / n

    def y(v: float) -> float:
        return top + plot_h * (hi - v) / (hi - lo)

    esc = escaped
    out = [f'<svg viewBox="0 0 {width:.0f} {height:.0f}" '
           f'role="img" aria-label="{esc(title)}" font-size="{font:g}">', f"<title>{esc(title)}</title>"]
    # grid, y ticks and their amounts
    left_x, right_x, text_x = f"{left:.1f}", f"{left + plot_w:.1f}", f"{left - 6:.1f}"
    for t, text in zip(ticks, tick_text, strict=True):
        stroke = 'stroke="#777" stroke-dasharray="4 3"' if t == 0 else 'stroke="#e2e2e2"'
        at = y(t)
        out.append(f'<line x1="{left_x}" y1="{at:.1f}" x2="{right_x}" y2="{at:.1f}" {stroke}/>')
        out.append(f'<text x="{text_x}" y="{at + font / 3:.1f}" text-anchor="end" fill="#333">{esc(text)}</text>')
    # x ticks: as many labels as fit
    def step_for(labels: Sequence[str]) -> int:
        label_w = max((len(lbl) for lbl in labels), default=1) * char + font
        return next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000, 10 ** 9) if plot_w / n * s >= label_w)

    step = step_for(x_labels)
    if step > 1 and short_labels is not None:
        x_labels, step = short_labels, step_for(short_labels)
    base = top + plot_h
    # each point's x as text, made once (the ticks and every line share them)
    xs = [f"{left + plot_w * i / n:.1f}"
          for i in range(max(len(x_labels), max((len(vs) for vs in series.values()), default=0)))]
    base_y, long_y, short_y, label_y = f"{base:.1f}", f"{base + 5}", f"{base + 3}", f"{base + font * 1.4:.1f}"
    last = len(x_labels) - 1
    every = step == 1 or n <= 60
    for i, label in enumerate(x_labels):
        if not label:
            continue
        labelled = i % step == 0 or (step > 1 and i == last and i % step > step // 2)
        if every or labelled:
            out.append(f'<line x1="{xs[i]}" y1="{base_y}" x2="{xs[i]}" y2="{long_y if labelled else short_y}" '
                       'stroke="#333"/>')
        if labelled:
            out.append(f'<text x="{xs[i]}" y="{label_y}" text-anchor="middle" fill="#333">{esc(label)}</text>')
    # the axes and their titles
    out.append(f'<line x1="{left_x}" y1="{top:.1f}" x2="{left_x}" y2="{base_y}" stroke="#333"/>')
    out.append(f'<line x1="{left_x}" y1="{base_y}" x2="{right_x}" y2="{base_y}" stroke="#333"/>')
    out.append(f'<text x="{left + plot_w / 2:.1f}" y="{height - 8:.1f}" text-anchor="middle" fill="#111" '
               f'font-weight="600">{esc(x_title)}</text>')
    out.append(f'<text x="2" y="{top - font:.1f}" fill="#111" '
               f'font-weight="600">{esc(y_title)}</text>')
    # the lines, a dot on each point while they are few, the names at the ends
    dots = len(x_labels) <= 30
    ends = []
    ys: dict[int, str] = {}  # each amount's y as text, made once
    for vs in series.values():
        for v in vs:
            if v not in ys:
                ys[v] = f"{y(v):.1f}"
    columns = max(int(plot_w), 1)
    for k, name in enumerate(names):
        color = COLORS[k % len(COLORS)]
        vs = series[name]
        if len(vs) > 2 * columns:  # more points than the line has room for (a long season)
            pts = " ".join([f"{xs[i]},{ys[vs[i]]}" for i in thinned(vs, columns)])
        else:
            pts = " ".join([f"{xs[i]},{ys[v]}" for i, v in enumerate(vs)])
        out.append(f'<polyline fill="none" stroke="{color}" stroke-width="2.5" stroke-linejoin="round" '
                   f'points="{pts}"><title>{esc(name)}</title></polyline>')
        if dots:
            out.append("".join([f'<circle cx="{xs[i]}" cy="{ys[v]}" r="3" fill="{color}"/>'
                                for i, v in enumerate(vs)]))
        ends.append(y(vs[-1]) if vs else y(0))
    for k, (name, at) in enumerate(zip(names, spread(ends, font * 1.25, top, base), strict=True)):
        color = COLORS[k % len(COLORS)]
        end_x = x(len(series[name]) - 1)
        out.append(f'<line x1="{end_x + 3:.1f}" y1="{ends[k]:.1f}" x2="{left + plot_w + 8:.1f}" y2="{at:.1f}" '
                   f'stroke="{color}" stroke-width="1"/>')
        out.append(f'<text x="{left + plot_w + 11:.1f}" y="{at + font / 3:.1f}" fill="{color}" font-weight="600">'
                   f"{esc(short(name))}<title>{esc(name)}</title></text>")
    out.append("</svg>")
    return "".join(out)


def chart_figure(series: dict[str, list[int]], x_labels: Sequence[str], fmt: Callable[[int], str], *,
                 title: str, x_title: str, y_title: str, short_labels: Sequence[str] | None = None) -> str:
    """The chart twice: narrow for a phone (its letters stay readable when it shrinks to the
    screen), wide for a larger screen and for print; the stylesheet shows one of them."""
    kw: dict[str, Any] = {"title": title, "x_title": x_title, "y_title": y_title, "short_labels": short_labels}
    return (f'<figure class="chart"><div class="narrow">{line_chart(series, x_labels, fmt, width=400, font=13, **kw)}'
            f'</div><div class="wide">{line_chart(series, x_labels, fmt, width=760, font=12, **kw)}</div></figure>')


# -- the page --------------------------------------------------------------------------------

def _cls(value: int) -> str:
    return "n pos" if value > 0 else ("n neg" if value < 0 else "n")


def unit_title(report: dict[str, Any], unit: str) -> str:
    """The y axis' title: the currency's symbol, or what points and strokes are called."""
    if unit == "cent":
        return amount_text(0, report, "cent").replace("0", "").replace(",", "").replace(".", "").strip()
    return word(report, "export.strokes" if unit == "stroke" else "export.points")


def session_chart(report: dict[str, Any], s: dict[str, Any]) -> str:
    """The running balances over the evening's hands: a point per hand (a Deutscher draw is
    none) and one, unlabelled, per early payout, so the lines end at the settlement's figures."""
    hands = [h for h in s["hands"] if not h["void"] and (h.get("dealt", True) or h.get("payment"))]
    players = list(report["players"])
    series = {p: [0] + [h["running"].get(p, 0) for h in hands] for p in players}
    labels = [""] + ["" if h.get("payment") else str(h["hand"]) for h in hands]
    return chart_figure(series, labels, lambda v: amount_text(v, report),
                        title=word(report, "export.chart"), x_title=word(report, "export.axis_hand"),
                        y_title=unit_title(report, report["unit"]))


# a sheep's head drawn inline (no font on the phone needs an emoji for it)
HEAD = ('<svg class="head" viewBox="0 0 24 20" aria-hidden="true">'
        '<ellipse cx="3.8" cy="8" rx="3.6" ry="1.7" transform="rotate(-25 3.8 8)" fill="#333"/>'
        '<ellipse cx="20.2" cy="8" rx="3.6" ry="1.7" transform="rotate(25 20.2 8)" fill="#333"/>'
        '<circle cx="8" cy="5.5" r="4" fill="#ddd"/><circle cx="12" cy="4" r="4" fill="#ddd"/>'
        '<circle cx="16" cy="5.5" r="4" fill="#ddd"/>'
        '<ellipse cx="12" cy="12" rx="4.6" ry="6.5" fill="#333"/>'
        '<circle cx="10.2" cy="10.5" r="1" fill="#fff"/><circle cx="13.8" cy="10.5" r="1" fill="#fff"/></svg>')


def heads_html(heads: int, limit: int = 12) -> str:
    """``heads`` sheep's heads as little pictures (at most ``limit``; the number stands beside)."""
    return HEAD * max(0, min(heads, limit))


def running_text(report: dict[str, Any], h: dict[str, Any], p: str) -> str:
    """A running balance in the sheet; for Deutscher the paper's tally (heads, then strokes)."""
    value = h["running"].get(p, 0)
    if report["unit"] == "stroke" and "tally" in h:
        heads, rest = h["tally"].get(p, [0, value])
        strokes = "|" * rest if 0 < rest <= 20 else ""
        mark = heads_html(heads) + (f'<span class="strokes">{strokes}</span>' if strokes else "")
        return f"{mark} ({value})" if mark else f"- ({value})"
    return escaped_amount(value, report["unit"], report["currency"], lang_of(report), False)


@lru_cache(maxsize=16384)
def escaped(text: str) -> str:
    """``escape``, remembered: names and descriptions repeat on every sheet of a season."""
    return escape(text)


@lru_cache(maxsize=16384)
def escaped_amount(value: int, unit: str, currency: str, lang: str, sign: bool) -> str:
    """An amount as HTML text (a season's sheets repeat the same few amounts)."""
    return escape(money_text(value, unit, currency, lang, sign))


def _Memo(make: Callable[[Any], str]) -> Memo[Any, str]:
    """A page's memo: a season's sheets repeat the same cells, amounts and labels."""
    return Memo(make, limit=16384)


class Page:
    """What every evening of a page shares: the report's language, unit and players, and the
    escaped labels, amounts and sheet cells made once for the whole page."""

    def __init__(self, report: dict[str, Any]) -> None:
        self.report = report
        self.lang = lang = lang_of(report)
        self.unit = unit = report["unit"]
        currency = report["currency"]
        self.players = list(report["players"])
        self.label = _Memo(lambda key: escape(word(report, key)))
        # (value, unit, sign) -> the amount as HTML text
        self.money = _Memo(lambda k: escape(money_text(k[0], k[1], currency, lang, k[2])))
        # a sheet's cell of a running balance (or the Stock): played, and sat out
        # (right-aligned by the stylesheet: a season has a hundred thousand of them)
        self.cell = _Memo(lambda v: f'<td>{self.money[v, unit, False]}</td>')
        self.cell_out = _Memo(lambda v: f'<td class="out">{self.money[v, unit, False]}</td>')
        self.sheet_head = _Memo(self._sheet_head)

    @cached_property
    def season(self) -> Season:
        """The report's sessions side by side (``season_table``): made once for the season's
        table and the players' money (each what ``settle`` shows, RULES §7)."""
        return season_table(self.report)

    def _sheet_head(self, has_stock: bool) -> str:
        label = self.label
        return (f'<tr><th class="n">#</th><th>{label["export.dealer"]}</th><th>{label["export.game"]}</th>'
                + "".join(f'<th class="n">{escape(p)}</th>' for p in self.players)
                + (f'<th class="n">{label["export.stock"]}</th>' if has_stock else "") + "</tr>")


def sheet_table(page: Page, s: dict[str, Any]) -> list[str]:
    """The sheet as on paper: hand, dealer, game, each player's running balance, the Stock (a
    column only when the evening used a Stock; known after the hands, so added at the end)."""
    report = page.report
    players = page.players
    hands = s["hands"]
    rows = []
    stocks: list[int | None] = []  # the Stock after each row (None: a hand taken out)
    stock = int(s.get("opening") or 0)  # the Stock carried in from the evening before
    used = bool(s.get("stock") or stock)
    edited = False
    running: dict[str, int] = {}
    cell, cell_out = page.cell, page.cell_out
    tallied = page.unit == "stroke"
    blank = "<td></td>" * len(players)
    sat_out = ' class="out"'
    for h in hands:
        if h["void"]:
            rows.append(f'<tr class="void"><td>{escape(str(h["hand"]))}</td><td></td>'
                        f'<td>{escaped(h["description"])} <span class="kind">({escape(void_word(report, h["void_kind"]))})'
                        f"</span></td>{blank}")
            stocks.append(None)
            continue
        running = h["running"]
        if h.get("payment"):  # an early payout: a row of its own, the totals after it
            cells = "".join([cell[running[p]] if p in running else "<td></td>" for p in players])
            rows.append(f'<tr class="payment"><td></td><td></td><td>{escaped(h["description"])}</td>{cells}')
            stocks.append(stock)
            continue
        moved = h.get("stock", 0)
        if moved:
            used = True
            stock += moved
        paid = h.get("payouts", {})
        if tallied and "tally" in h:
            cells = "".join(f'<td{"" if p in paid else sat_out}>{running_text(report, h, p)}</td>' if p in running
                            else "<td></td>" for p in players)
        else:  # a player who joined later: blank before he joined
            cells = "".join([(cell[running[p]] if p in paid else cell_out[running[p]]) if p in running else "<td></td>"
                             for p in players])
        hand = h["hand"]
        mark = ""
        if h.get("edited"):
            mark, edited = " *", True
        rows.append(f'<tr><td>{hand if type(hand) is int else escape(str(hand))}{mark}</td>'
                    f'<td>{escaped(h.get("dealer") or "")}</td><td>{escaped(h["description"])}</td>{cells}')
        stocks.append(stock)
    if used:
        rows = [f"{row}{'<td></td>' if at is None else cell[at]}</tr>" for row, at in zip(rows, stocks, strict=True)]
    elif rows:  # (the rows as one text: the page joins its parts with line breaks, as it joined the rows)
        rows = ["</tr>\n".join(rows) + "</tr>"]
    closing = close_booked(report, s)
    if closing is not None:  # what the close booked: the Stock going back, penalties
        label, booked, into = closing
        cells = "".join(f'<td>{escape(amount_text(running.get(p, 0) + booked.get(p, 0), report))}</td>'
                        for p in players)
        rows.append(f'<tr class="closing"><td></td><td></td><td>{escape(label)}</td>{cells}'
                    + (f'<td>{escape(amount_text(stock + into, report))}</td>' if used else "") + "</tr>")
    out = ['<div class="scroll"><table class="sheet">', f"<thead>{page.sheet_head[used]}</thead><tbody>", *rows,
           "</tbody></table></div>"]
    if edited:
        out.append(f'<p class="muted">{page.label["export.edited_mark"]}</p>')
    return out


def settlement_block(page: Page, s: dict[str, Any]) -> list[str]:
    """The settlement as paid (a closed evening: as stored at its close) or as it stands."""
    report = page.report
    st = s["settlement"]
    unit = st["unit"]
    closed = bool(s.get("closed_at"))
    label, money = page.label, page.money
    def w(key: str, **params: Any) -> str:
        return escaped(word(report, key, **params))

    heads = heads_of(s)
    rounding = st.get("rounding") or {}
    rounded = bool(st.get("round"))
    cents = page.unit == "cent"
    balance_label = label[{"point": "export.points", "stroke": "export.strokes"}.get(page.unit, "export.balance")]
    head = (f'<tr><th>{label["export.player"]}</th><th class="n">{balance_label}</th>'
            + (f'<th class="n">{label["export.heads"]}</th>' if heads is not None else "")
            + (f'<th class="n">{label["export.rounding"]}</th>' if rounded else "")
            + f'<th class="n">{label["export.paid"] if closed else label["export.due"]}</th></tr>')
    rows = []
    amounts = st["amounts"]
    for p, v in s["balances"].items():
        cells = [f"<td>{escaped(p)}</td>", f'<td class="{_cls(v) if cents else "n"}">{money[v, page.unit, cents]}</td>']
        if heads is not None:
            n = int(heads.get(p, 0))
            cells.append(f'<td class="n">{heads_html(n)} {n}</td>')
        if rounded:
            cells.append(f'<td class="n">{money[rounding[p], unit, True] if p in rounding else ""}</td>')
        paid = amounts.get(p, 0)
        cells.append(f'<td class="{_cls(paid)}"><b>{money[paid, unit, True]}</b></td>')
        rows.append("<tr>" + "".join(cells) + "</tr>")
    title = "export.settlement_paid" if closed else "export.settlement"
    out = [f"<h3>{label[title]}</h3>", '<div class="scroll"><table class="settle">', f"<thead>{head}</thead><tbody>",
           *rows, "</tbody></table></div>"]
    if st.get("stock"):
        how = stock_goes(st)
        out.append(f'<p>{w(f"export.stock_transfers_{how}", amount=amount_text(st["stock"], report, unit))}</p>')
    elif stock_carried(st):  # a closed evening whose Stock opens the next
        out.append(f'<p>{w("export.stock_carried", amount=amount_text(stock_carried(st), report, unit))}</p>')
    returned = stock_returned(report, s)
    if returned:
        shares = ", ".join(f"{p} {amount_text(v, report, sign=True)}" for p, v in returned[1].items())
        out.append(f'<p>{w("export.stock_returned", amount=amount_text(returned[0], report), shares=shares)}</p>')
    if rounded:
        moved = ", ".join(f"{p} {amount_text(v, report, unit, sign=True)}" for p, v in rounding.items()) or "-"
        out.append(f'<p>{w("export.rounded", amount=amount_text(st["round"], report, unit), moved=moved)}</p>')
    out.append(f"<h3>{label['export.transfers']}</h3>")
    if st["transfers"] or stock_moves(st):
        out.append('<ul class="transfers">')
        for t in st["transfers"]:
            out.append("<li>" + w("export.pays", payer=t["from"], payee=t["to"],
                                  amount=amount_text(t["amount"], report, unit)) + "</li>")
        for key, p in stock_moves(st):
            out.append("<li>" + w(key, **{**p, "amount": amount_text(p["amount"], report, unit)}) + "</li>")
        out.append("</ul>")
    else:
        out.append(f"<p>{label['export.nobody_owes']}</p>")
    difference = difference_lines(report, s)
    if difference is not None:  # closed again after a reopening: what changes hands now
        out.append(f"<h3>{label['export.difference']}</h3>")
        out += ['<ul class="transfers">', *[f"<li>{escaped(line)}</li>" for line in difference], "</ul>"]
    return out


def session_block(page: Page, s: dict[str, Any], chart: bool = True) -> list[str]:
    """An evening: its date, the settlement as paid, its chart (``chart``: an evening's own page;
    the season page leaves it out) and the sheet."""
    report, label = page.report, page.label
    count = sum(1 for h in s["hands"] if not h["void"] and h.get("dealt", True))  # no draw, no payout
    status = label["export.closed" if s.get("closed_at") else "export.open"]
    hands = escaped(word(report, "export.hands", count=count))
    out = [f'<section class="session" id="session-{escaped(str(s["session"]))}">',
           f'<h2>{escaped(session_title(report, s, status=False))} <span class="tag">{status}</span></h2>',
           f'<p class="muted">{hands}</p>']
    out += settlement_block(page, s)
    if chart and count:
        out += [f"<h3>{label['export.chart']}</h3>", session_chart(report, s)]
    out += [f"<h3>{label['export.sheet']}</h3>", *sheet_table(page, s), "</section>"]
    return out


def season_block(page: Page) -> list[str]:
    """The season: a column per evening (its date), each player's total, a chart over them. The
    evenings follow on the page without charts of their own (each has its own page)."""
    report = page.report
    season = page.season
    sessions = season.sessions
    unit = season.unit
    label, money = page.label, page.money
    def w(key: str, **params: Any) -> str:
        return escaped(word(report, key, **params))

    dates = [date_text(report, s.get("date")) or str(s["session"]) for s in sessions]
    span = w("export.season_one", first=dates[0]) if len(dates) == 1 else \
        w("export.season_span", count=len(dates), first=dates[0], last=dates[-1])
    cell = _Memo(lambda v: f'<td class="{_cls(v)}">{money[v, unit, True]}</td>')  # an evening's balance
    still_open = f" ({label['export.open']})"
    head = f'<tr><th>{label["export.player"]}</th>' + "".join([
        f'<th class="n">{escaped(d)}<br><span class="muted">#{escaped(str(s["session"]))}'
        f'{"" if s.get("closed_at") else still_open}</span></th>'
        for d, s in zip(dates, sessions, strict=True)]) + f'<th class="n">{label["export.total"]}</th></tr>'
    rows = [f"<tr><td>{escaped(p)}</td>" + "".join([cell[col[p]] if p in col else "<td></td>" for col in season.columns])
            + f'<td class="{_cls(total)}"><b>{money[total, unit, True]}</b></td></tr>'
            for p, total in season.totals.items()]
    if season.stock:
        rows.append(f'<tr class="total"><td>{label["export.stock"]}</td>' + "<td></td>" * len(sessions)
                    + f'<td class="n">{money[season.stock, unit, False]}</td></tr>')
    running = season.running()
    latest = latest_note(report, "export.season_latest")  # a long season: the latest evenings follow in full
    below = label["export.season_evenings"] if latest is None else w(latest[0], **latest[1])
    chart = chart_figure({p: [0] + vs for p, vs in running.items()}, [""] + dates,
                         lambda v: amount_text(v, report, unit), title=word(report, "export.chart_season"),
                         x_title=word(report, "export.axis_evening"), y_title=unit_title(report, unit),
                         short_labels=[""] + [short_date(report, s.get("date")) or str(s["session"]) for s in sessions])
    return ['<section class="season" id="season">', f"<h2>{label['export.season']}</h2>", f'<p class="muted">{span}</p>',
            '<div class="scroll"><table class="season">', f"<thead>{head}</thead><tbody>", *rows,
            "</tbody></table></div>", f'<p class="muted">{label["export.season_note"]}</p>',
            f"<h3>{label['export.chart_season']}</h3>", chart, f'<p class="muted">{below}</p>',
            "</section>"]


def to_html(report: dict[str, Any], extra: Callable[[Page], list[str]] | None = None,
            wait: Callable[[], Callable[[Page], list[str]] | None] | None = None) -> Iterator[str]:
    """The report as one page; ``extra``: sections after the season's (``html_insights``).
    ``wait``: what gives ``extra`` once the evenings are written, where its data is worked out
    elsewhere meanwhile (``app.insights_report.insights_aside``): the evenings are then written
    first, into a temporary file, and follow the head they come after on the page."""
    lang = lang_of(report)
    table = report["table"]
    sessions = report["overview"]
    season = bool(report.get("season")) and bool(sessions)
    if season:
        title = f"{table} – {word(report, 'export.season')}"
    elif sessions:
        title = f"{table} – {session_title(report, sessions[-1], status=False)}"
    else:
        title = table
    out = [
        "<!DOCTYPE html>", f'<html lang="{lang}">', "<head>", '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<meta name="color-scheme" content="light">',
        f"<title>{escape(title)}</title>", f"<style>{STYLE}</style>", "</head>", "<body>",
        f"<header><h1>{escape(table)}</h1>",
        f'<p class="muted">{escape(report.get("family_title") or report["family"])}</p></header>',
        "<main>",  # the page's one main landmark: everything after the header
    ]
    if not sessions:
        out.append(f"<p>{escape(word(report, 'export.no_games'))}</p>")
    page = Page(report)
    if season:
        out += season_block(page)
    # on the season page without their own charts: one chart, the season's
    evenings = ("\n".join(session_block(page, s, chart=not season)) + "\n" for s in report["sessions"])
    if wait is None:
        if extra is not None and sessions:  # the ratings and each player's page (RULES §13)
            out += extra(page)
        yield "\n".join(out) + "\n"
        yield from evenings
    else:
        import tempfile

        with tempfile.TemporaryFile("w+", encoding="utf-8", newline="\n") as spool:
            for chunk in evenings:
                spool.write(chunk)
            extra = wait()
            if extra is not None and sessions:
                out += extra(page)
            yield "\n".join(out) + "\n"
            spool.seek(0)
            while chunk := spool.read(1 << 20):
                yield chunk
    yield "</main>\n</body>\n</html>\n"
