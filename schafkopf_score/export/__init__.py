"""Exports of the ledger: pure functions from a report (or a ledger dump) to text (or bytes),
written chunk by chunk as the report's sessions are read (a season is never held in memory whole).

Every format is one entry of ``FORMATS``: its name, the extension of its file, what ``--help``
says of it, what its report needs besides the sessions (``needs``: the ratings and players'
pages, the stats), whether it is bytes, whether its writer writes a report's sessions in parts
(``halves``: a long season's second half is written by a helper process meanwhile,
``app.exports``), and its writer (``module:function``, imported only when the format is asked
for), and how many of a season's latest evenings it shows in full (``evenings``: the page and
the workbook people read; the data formats hold every hand). ``json`` is the ledger's own dump (``ledger.export_json``, no report);
the others are made from ``app.reports.build_report`` (``app.exports`` builds what a format
needs). A new format is a writer module and one entry here.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Format:
    """An export format: ``name`` as ``--format`` takes it, its file's ``extension``, what the
    help says of it (``title``), what its report needs (``needs``: ``insights``, ``stats``),
    whether it is written as bytes (``binary``), whether its writer can write a part of the
    sessions (``halves``: the report's ``body_only`` and ``later_sessions`` in ``export.words``),
    and its writer: ``writer`` (``module:function``
    in this package, called with the report and ``options``); None for the ledger's own dump."""

    name: str
    extension: str
    title: str
    writer: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    needs: frozenset[str] = frozenset()
    binary: bool = False
    halves: bool = True  # its writer writes a report's sessions in parts (``body_only``, ``later_sessions``)
    # a season's latest evenings it shows in full, the earlier ones with their totals only (the
    # season table, the settlement sheet: ``app.exports``); None: every evening
    evenings: int | None = None

    def render(self, report: dict[str, Any]) -> Iterator[Any]:
        if self.writer is None:
            raise ValueError(f"{self.name} is written from the ledger, not from a report")
        module, function = self.writer.split(":")
        made: Iterator[Any] = getattr(importlib.import_module(module, __name__), function)(report, **self.options)
        return made


# The evenings the season's HTML page and workbook show in full: four years of a weekly table. A
# longer season's page of every hand (a hundred thousand hands: 28 MB, 158,000 rows) is nothing a
# browser shows well, and a workbook of thousands of sheets nothing a spreadsheet opens well
# (LibreOffice: 10,000 at most); CSV, Markdown, the chat text and JSON hold every hand.
FULL_EVENINGS = 200

FORMATS: dict[str, Format] = {f.name: f for f in (
    Format("csv", "csv", "CSV", ".spreadsheet:to_csv", {"german": False}),
    Format("csv-de", "csv", "German CSV", ".spreadsheet:to_csv", {"german": True}),
    Format("json", "json", "JSON (complete)", halves=False),
    Format("md", "md", "Markdown", ".markdown:to_markdown"),
    # (the HTML page's ratings are worked out by a helper already: a third process made it slower)
    Format("html", "html", "HTML", ".html_insights:to_html_page", needs=frozenset({"insights"}), halves=False,
           evenings=FULL_EVENINGS),
    Format("text", "txt", "chat text", ".chat:to_text"),
    Format("xlsx", "xlsx", "Excel/LibreOffice workbook", ".xlsx:to_workbook", needs=frozenset({"stats"}), binary=True,
           halves=False, evenings=FULL_EVENINGS),
)}


def render(fmt: str, report: dict[str, Any]) -> Iterator[Any]:
    """The export in format ``fmt`` of a report (``json`` is written by ``ledger.export_json``)."""
    return FORMATS[fmt].render(report)
