"""A self-contained HTML page: the sheet, the settlement and an SVG line chart of every
player's running balance. No external files, no scripts; every name is escaped."""

from __future__ import annotations

from html import escape
from typing import Any

from ..money import format_value

COLORS = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#7f7f7f",
          "#bcbd22")


def amount_text(value: int, report: dict[str, Any], unit: str | None = None) -> str:
    return format_value(value, unit or report["unit"], report["currency"], report["language"])


def chart(session: dict[str, Any], players: list[str]) -> str:
    """An SVG line chart of the running balances, hand by hand."""
    hands = [h for h in session["hands"] if not h["void"]]
    series = {p: [0] + [h["running"].get(p, 0) for h in hands] for p in players}
    values = [v for vs in series.values() for v in vs]
    lo, hi = min(values + [0]), max(values + [0])
    if lo == hi:
        hi = lo + 1
    width, height, pad = 640, 280, 40
    n = max(len(hands), 1)

    def x(i: int) -> float:
        return pad + (width - 2 * pad) * i / n

    def y(v: int) -> float:
        return float(height - pad - (height - 2 * pad) * (v - lo) / (hi - lo))

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height + 20 * len(players)}" '
             f'role="img" aria-label="running balances">',
             f'<line x1="{pad}" y1="{y(0):.1f}" x2="{width - pad}" y2="{y(0):.1f}" stroke="#999" stroke-dasharray="4"/>']
    for k, p in enumerate(players):
        color = COLORS[k % len(COLORS)]
        pts = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(series[p]))
        parts.append(f'<polyline fill="none" stroke="{color}" stroke-width="2" points="{pts}"><title>{escape(p)}'
                     f'</title></polyline>')
        ly = height + 20 * k
        parts.append(f'<rect x="{pad}" y="{ly - 10}" width="12" height="12" fill="{color}"/>'
                     f'<text x="{pad + 18}" y="{ly}" font-size="13">{escape(p)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def to_html(report: dict[str, Any]) -> str:
    players = report["players"]
    title = escape(report["table"])
    out = [
        "<!DOCTYPE html>", f'<html lang="{escape(report["language"])}"><head><meta charset="utf-8">',
        f"<title>{title}</title>",
        "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
        "td,th{border:1px solid #ccc;padding:2px 8px}td.n{text-align:right}tr.void{color:#999;"
        "text-decoration:line-through}</style></head><body>",
        f"<h1>{title}</h1>",
    ]
    for s in report["sessions"]:
        out.append(f"<h2>Session {s['session']}{' (closed)' if s['closed_at'] else ''}</h2>")
        out.append("<table><tr><th>#</th><th>Game</th>" + "".join(f"<th>{escape(p)}</th>" for p in players)
                   + "</tr>")
        for h in s["hands"]:
            if h["void"]:
                out.append(f'<tr class="void"><td>{h["hand"]}</td><td>{escape(h["description"])}</td>'
                           + "<td></td>" * len(players) + "</tr>")
                continue
            cells = "".join(f'<td class="n">{escape(amount_text(h["running"].get(p, 0), report))}</td>'
                            for p in players)
            out.append(f"<tr><td>{h['hand']}</td><td>{escape(h['description'])}</td>{cells}</tr>")
        out.append("</table>")
        out.append(chart(s, players))
        st = s["settlement"]
        out.append("<h3>Settlement</h3><ul>")
        for p, v in st["amounts"].items():
            out.append(f"<li>{escape(p)}: {escape(amount_text(v, report, st['unit']))}</li>")
        out.append("</ul>")
        if st.get("stock"):
            out.append(f"<p>Stock: {escape(amount_text(st['stock'], report, st['unit']))} "
                       "(goes back in equal shares at the close; counted in the transfers)</p>")
        if st.get("round"):
            moved = ", ".join(f"{p} {amount_text(v, report, st['unit'])}" for p, v in st["rounding"].items())
            out.append(f"<p>Rounded to {escape(amount_text(st['round'], report, st['unit']))}: "
                       f"{escape(moved or '-')}</p>")
        out.append("<ol>")
        for t in st["transfers"]:
            out.append(f"<li>{escape(t['from'])} → {escape(t['to'])}: "
                       f"{escape(amount_text(t['amount'], report, st['unit']))}</li>")
        out.append("</ol>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"
