"""A Markdown report: per session a table of hands with running totals, balances, transfers."""

from __future__ import annotations

from typing import Any

from .html_report import amount_text


def cell(text: Any) -> str:
    return str(text).replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def to_markdown(report: dict[str, Any]) -> str:
    players = report["players"]
    lines = [f"# {cell(report['table'])}", ""]
    for s in report["sessions"]:
        lines += [f"## Session {s['session']}" + (" (closed)" if s["closed_at"] else ""), ""]
        lines.append("| # | Game | " + " | ".join(cell(p) for p in players) + " |")
        lines.append("|---:|---|" + "---:|" * len(players))
        for h in s["hands"]:
            if h["void"]:
                lines.append(f"| ~~{h['hand']}~~ | ~~{cell(h['description'])}~~ ({h['void_kind']}) |"
                             + " |" * len(players))
                continue
            run = h["running"]
            lines.append(f"| {h['hand']} | {cell(h['description'])} | "
                         + " | ".join(amount_text(run.get(p, 0), report) for p in players) + " |")
        st = s["settlement"]
        lines += ["", "| Player | Balance | Paid |", "|---|---:|---:|"]
        for p, v in s["balances"].items():
            lines.append(f"| {cell(p)} | {amount_text(v, report)} | "
                         f"{amount_text(st['amounts'].get(p, 0), report, st['unit'])} |")
        if st.get("stock"):
            lines += ["", f"Stock: {amount_text(st['stock'], report, st['unit'])} (goes back in equal shares at the "
                          "close; counted in Paid)"]
        if st.get("round"):
            moved = ", ".join(f"{cell(p)} {amount_text(v, report, st['unit'])}" for p, v in st["rounding"].items())
            lines += ["", f"Rounded to {amount_text(st['round'], report, st['unit'])}: {moved or '-'}"]
        lines += ["", "Transfers:", ""]
        for t in st["transfers"]:
            lines.append(f"- {cell(t['from'])} → {cell(t['to'])}: {amount_text(t['amount'], report, st['unit'])}")
        if not st["transfers"]:
            lines.append("- none")
        lines.append("")
    return "\n".join(lines)
