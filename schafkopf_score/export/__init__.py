"""Exports of the ledger: pure functions from a report (or a ledger dump) to text, written
chunk by chunk as the report's sessions are read (a season is never held in memory whole)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

FORMATS = ("csv", "csv-de", "json", "md", "html", "text")
# formats written as bytes (to --out, or to a standard output that is no terminal)
BINARY_FORMATS = ("xlsx",)


def render(fmt: str, report: dict[str, Any]) -> Iterator[str]:
    """The export in format ``fmt`` of a report (``json`` is written by ``ledger.export_json``)."""
    if fmt == "csv":
        from .spreadsheet import to_csv

        return to_csv(report, german=False)
    if fmt == "csv-de":
        from .spreadsheet import to_csv

        return to_csv(report, german=True)
    if fmt == "md":
        from .markdown import to_markdown

        return to_markdown(report)
    if fmt == "html":
        from .html_report import to_html

        if report.get("insights"):  # the ratings and each player's page (RULES §13)
            from .html_insights import insights_block

            return to_html(report, insights_block)
        return to_html(report)
    if fmt == "text":
        from .chat import to_text

        return to_text(report)
    raise ValueError(fmt)
