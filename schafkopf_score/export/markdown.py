"""A Markdown report: per session a table of hands with running totals, balances, transfers.

Every text from the table file or the ledger (names, descriptions, the table's name, amounts
with their currency) goes through ``cell``: HTML is escaped (a Markdown renderer passes raw
HTML through), every line break becomes a space (a break would end the table row and let the
rest forge one), and the characters with a meaning in a table or inline Markdown are
backslash-escaped."""

from __future__ import annotations

import re
from html import escape
from typing import Any

from .html_report import amount_text

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
    s = _BREAKS.sub(" ", "" if text is None else str(text)).strip()
    return _INLINE.sub(r"\\\1", escape(s, quote=True))


def item(text: Any) -> str:
    """``cell`` for the start of a list item, where ``# x``, ``> x`` or ``1. x`` open a block."""
    s = cell(text)
    m = _BLOCK_START.match(s)
    if m is None:
        return s
    return s[: m.end()] + "\\" + s[m.end():] if m.group(1)[0].isdigit() else "\\" + s


def to_markdown(report: dict[str, Any]) -> str:
    players = report["players"]

    def money(value: int, unit: str | None = None) -> str:
        return cell(amount_text(value, report, unit))  # the currency is text from the table file

    title = cell(report["table"])
    if title.endswith("#"):  # a closing sequence of the heading would swallow it
        title = title[:-1] + "\\#"
    lines = [f"# {title}", ""]
    for s in report["sessions"]:
        lines += [f"## Session {cell(s['session'])}" + (" (closed)" if s["closed_at"] else ""), ""]
        lines.append("| # | Game | " + " | ".join(cell(p) for p in players) + " |")
        lines.append("|---:|---|" + "---:|" * len(players))
        for h in s["hands"]:
            if h["void"]:
                lines.append(f"| ~~{cell(h['hand'])}~~ | ~~{cell(h['description'])}~~ ({cell(h['void_kind'])}) |"
                             + " |" * len(players))
                continue
            run = h["running"]
            lines.append(f"| {cell(h['hand'])} | {cell(h['description'])} | "
                         + " | ".join(money(run.get(p, 0)) for p in players) + " |")
        st = s["settlement"]
        unit = st["unit"]
        lines += ["", "| Player | Balance | Paid |", "|---|---:|---:|"]
        for p, v in s["balances"].items():
            lines.append(f"| {cell(p)} | {money(v)} | {money(st['amounts'].get(p, 0), unit)} |")
        if st.get("stock"):
            lines += ["", f"Stock: {money(st['stock'], unit)} (goes back in equal shares at the "
                          "close; counted in Paid)"]
        if st.get("round"):
            moved = ", ".join(f"{cell(p)} {money(v, unit)}" for p, v in st["rounding"].items())
            lines += ["", f"Rounded to {money(st['round'], unit)}: {moved or '-'}"]
        lines += ["", "Transfers:", ""]
        for t in st["transfers"]:
            lines.append(f"- {item(t['from'])} → {cell(t['to'])}: {money(t['amount'], unit)}")
        if not st["transfers"]:
            lines.append("- none")
        lines.append("")
    return "\n".join(lines)
