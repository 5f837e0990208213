"""The season of a report (``export --all``): per evening each player's money as ``settle``
shows it (a closed evening as it was paid, the open one as it stands), and the totals, the
sums ``settle --all`` shows: each player once, under the name he goes by now (an evening
closed before a rename counts for him, as ``settle --all`` counts it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .words import stock_carried


@dataclass(frozen=True)
class Season:
    sessions: list[dict[str, Any]]
    columns: list[dict[str, int]]  # per session: player -> balance (in ``unit``)
    totals: dict[str, int]
    unit: str
    stock: int  # money still in the Stock: the open session's, or what the last closed one carried on

    def running(self) -> dict[str, list[int]]:
        """Each player's total after each evening (the season chart's lines)."""
        out: dict[str, list[int]] = {p: [] for p in self.totals}
        for col in self.columns:
            for p, series in out.items():
                series.append((series[-1] if series else 0) + col.get(p, 0))
        return out


def season_table(report: dict[str, Any]) -> Season:
    sessions = list(report["overview"])
    players = list(report["players"])
    aliases = report.get("aliases") or {}
    columns = []
    stock = 0
    for s in sessions:
        st = s["settlement"]
        balances = st.get("balances")
        if balances is None:  # a report without what settle shows: what was paid
            balances = st["amounts"]
        column: dict[str, int] = {}
        for p, v in balances.items():
            now = aliases.get(str(p), str(p))
            column[now] = column.get(now, 0) + int(v)
        columns.append(column)
        if not s.get("closed_at"):
            stock += int(st.get("stock") or 0)
        for p in column:
            if p not in players:
                players.append(p)
    if sessions and sessions[-1].get("closed_at"):  # its Stock went on to the next evening: still held
        stock += stock_carried(sessions[-1]["settlement"])
    totals = {p: sum(col.get(p, 0) for col in columns) for p in players}
    unit = sessions[-1]["settlement"]["unit"] if sessions else report["unit"]
    return Season(sessions, columns, totals, unit, stock)
