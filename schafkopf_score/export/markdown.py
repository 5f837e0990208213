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
        lines += ["", "| Player | Balance |", "|---|---:|"]
        for p, v in s["balances"].items():
            lines.append(f"| {cell(p)} | {amount_text(v, report)} |")
        st = s["settlement"]
        lines += ["", "Transfers:", ""]
        for t in st["transfers"]:
            lines.append(f"- {cell(t['from'])} → {cell(t['to'])}: {amount_text(t['amount'], report, st['unit'])}")
        if not st["transfers"]:
            lines.append("- none")
        lines.append("")
    return "\n".join(lines)
