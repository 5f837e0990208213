"""A Markdown report: per session a table of hands with running totals, balances, transfers.

Every text from the table file or the ledger (names, descriptions, the table's name, amounts
with their currency) goes through ``cell``: HTML is escaped (a Markdown renderer passes raw
HTML through), every line break becomes a space (a break would end the table row and let the
rest forge one), and the characters with a meaning in a table or inline Markdown are
backslash-escaped."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from html import escape
from typing import Any

from ..memo import Memo
from .season import season_table
from .words import (
    amount_text,
    close_booked,
    date_text,
    difference_lines,
    heads_of,
    later_sessions,
    session_title,
    stock_carried,
    stock_goes,
    stock_moves,
    stock_returned,
    void_word,
    word,
)

# CR LF, and every other character Python (and some renderers) take as a line break:
# LF, VT, FF, CR, FS, GS, RS, NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR
_BREAKS = re.compile("\r\n|[\n\x0b\x0c\r\x1c\x1d\x1e\x85\u2028\u2029]")
# the backslash, the table's pipe, code spans, emphasis, links and images, strikethrough
_INLINE = re.compile(r"([\\|`*_\[\]~])")
# what would open a block at the start of a list item: heading, quote, a nested list
_BLOCK_START = re.compile(r"^([#>+\-]|\d{1,9}(?=[.)]))")


def cell(text: Any) -> str:
    """Text that stays inside its table cell (or heading, or list item) as plain text.

    >>> cell("<img src=x onerror=alert(1)>|x\\nforged")
    '&lt;img src=x onerror=alert(1)&gt;\\\\|x forged'
    """
    return _cell("" if text is None else str(text))


@lru_cache(maxsize=16384)
def _cell(text: str) -> str:
    """``cell`` of a text, remembered: a season's tables repeat the same names and amounts."""
    s = _BREAKS.sub(" ", text).strip()
    return _INLINE.sub(r"\\\1", escape(s, quote=False))  # quotes are plain text in Markdown


def item(text: Any) -> str:
    """``cell`` for the start of a list item, where ``# x``, ``> x`` or ``1. x`` open a block."""
    s = cell(text)
    m = _BLOCK_START.match(s)
    if m is None:
        return s
    return s[: m.end()] + "\\" + s[m.end():] if m.group(1)[0].isdigit() else "\\" + s


def to_markdown(report: dict[str, Any]) -> Iterator[str]:
    """Per session a table of hands with running totals, then balances, what was paid, the
    transfers; with ``--all`` the season first. Headings and labels in the table's language."""
    players = report["players"]
    # (amount, unit, sign) -> its cell (the currency is text from the table file): a season
    # repeats the same few amounts, and a running total is one in every player's column
    amounts = Memo[tuple[Any, int, Any, bool], str](lambda key: cell(amount_text(key[1], report, key[2], key[3])))

    def money(value: int, unit: str | None = None, sign: bool = False) -> str:
        return amounts[type(value), value, unit, sign]  # (1 and 1.0 are one key, not one amount)

    def w(key: str, **params: Any) -> str:
        return word(report, key, **params)

    shown = Memo[int, str](money)  # a running total as its cell
    hand_cell, text_cell = Memo[Any, str](cell), Memo[Any, str](cell)  # a hand's number, its description

    title = cell(report["table"])
    if title.endswith("#"):  # a closing sequence of the heading would swallow it
        title = title[:-1] + "\\#"
    lines = [f"# {title}", ""]
    if not report["overview"]:
        lines += [w("export.no_games"), ""]
    if report.get("season") and report["overview"]:
        lines += season_markdown(report, money)
    if not report.get("body_only"):
        yield "\n".join(lines) + "\n"
    sheet_head = [f"| # | {cell(w('export.game'))} | " + " | ".join(cell(p) for p in players) + " |",
                  "|---:|---|" + "---:|" * len(players)]
    # the balance as the family counts it (points, strokes), what was paid (a closed evening) or is due
    counted = {"point": "export.points", "stroke": "export.strokes"}.get(report["unit"], "export.balance")
    settle_heads = {closed: f"| {cell(w('export.player'))} | {cell(w(counted))} | "
                            f"{cell(w('export.paid' if closed else 'export.due'))} |" for closed in (True, False)}
    for s in report["sessions"]:
        lines = [f"## {cell(session_title(report, s))}", "", *sheet_head]
        for h in s["hands"]:
            if h["void"]:
                lines.append(f"| ~~{cell(h['hand'])}~~ | ~~{cell(h['description'])}~~ "
                             f"({cell(void_word(report, h['void_kind']))}) |" + " |" * len(players))
                continue
            run = h["running"]
            if h.get("payment"):  # an early payout: a row of its own, in italics, without a hand number
                lines.append(f"|  | *{cell(h['description'])}* | "
                             + " | ".join([shown[run[p]] if p in run else "" for p in players]) + " |")
                continue
            lines.append(f"| {hand_cell[h['hand']]} | {text_cell[h['description']]} | "
                         + " | ".join([shown[run[p]] if p in run else "" for p in players]) + " |")
        closing = close_booked(report, s)
        if closing is not None:  # what the close booked (the Stock going back, penalties): the totals as they close
            label, booked, _ = closing
            last: dict[str, int] = next((h["running"] for h in reversed(s["hands"]) if not h["void"]), {})
            lines.append(f"|  | *{cell(label)}* | " + " | ".join(
                [shown[last.get(p, 0) + booked.get(p, 0)] if p in last or p in booked else "" for p in players]) + " |")
        st = s["settlement"]
        unit = st["unit"]
        lines += ["", settle_heads[bool(s.get("closed_at"))], "|---|---:|---:|"]
        for p, v in s["balances"].items():
            lines.append(f"| {cell(p)} | {money(v)} | {money(st['amounts'].get(p, 0), unit)} |")
        heads = heads_of(s)
        if heads:
            lines += ["", cell(w("export.heads_line", heads=", ".join(f"{p} {n}" for p, n in heads.items())))]
        if st.get("stock"):
            how = stock_goes(st)
            lines += ["", w(f"export.stock_paid_{how}", amount=money(st["stock"], unit))]
        if stock_carried(st) and not st.get("stock"):  # a closed evening whose Stock opens the next
            lines += ["", w("export.stock_carried", amount=money(stock_carried(st), unit))]
        returned = stock_returned(report, s)
        if returned:
            shares = ", ".join(f"{cell(p)} {money(v, sign=True)}" for p, v in returned[1].items())
            lines += ["", w("export.stock_returned", amount=money(returned[0]), shares=shares)]
        if st.get("round"):
            moved = ", ".join(f"{cell(p)} {money(v, unit, sign=True)}" for p, v in st["rounding"].items())
            lines += ["", w("export.rounded", amount=money(st["round"], unit), moved=moved or "-")]
        lines += ["", f"{cell(w('export.transfers'))}:", ""]
        for t in st["transfers"]:
            lines.append(f"- {item(t['from'])} → {cell(t['to'])}: {money(t['amount'], unit)}")
        for key, p in stock_moves(st):
            lines.append(f"- {item(w(key, **{**p, 'amount': amount_text(p['amount'], report, unit)}))}")
        if not st["transfers"] and not stock_moves(st):
            lines.append(f"- {cell(w('export.none'))}")
        difference = difference_lines(report, s)
        if difference is not None:  # closed again after a reopening: what changes hands now
            lines += ["", f"{cell(w('export.difference'))}:", ""] + [f"- {item(line)}" for line in difference]
        lines.append("")
        yield "\n".join(lines) + "\n"
    yield from later_sessions(report)


def season_markdown(report: dict[str, Any], money: Any) -> list[str]:
    """The season (``export --all``): a column per session (its date), the total per player, and
    the money still in the Stock."""
    table = season_table(report)
    lines = [f"## {cell(word(report, 'export.season'))}", "", cell(word(report, "export.season_note")), ""]
    heads = [cell(date_text(report, s["date"]) or s["session"]) + f" (#{cell(s['session'])})" for s in table.sessions]
    lines.append(f"| {cell(word(report, 'export.player'))} | " + " | ".join(heads) + f" | {cell(word(report, 'export.total'))} |")
    lines.append("|---|" + "---:|" * (len(heads) + 1))
    for p, total in table.totals.items():
        lines.append(f"| {cell(p)} | " + " | ".join(money(col[p], table.unit, True) if p in col else ""
                                                     for col in table.columns)
                     + f" | {money(total, table.unit, True)} |")
    if table.stock:  # the money still in the Stock, as the HTML season table and settle --all show it
        lines.append(f"| {cell(word(report, 'export.stock'))} | " + " | ".join("" for _ in table.columns)
                     + f" | {money(table.stock, table.unit)} |")
    lines.append("")
    return lines
