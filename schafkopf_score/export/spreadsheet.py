"""CSV for spreadsheets: ``csv`` (comma, decimal point) and ``csv-de`` (semicolon, decimal
comma, UTF-8 with BOM so German Excel opens it right). Text cells that a spreadsheet would
read as a formula (starting with ``=``, ``+``, ``-``, ``@``, tab or CR) are neutralised with a
leading apostrophe; numbers are written as numbers."""

from __future__ import annotations

import csv
import io
from typing import Any

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def safe_text(text: Any) -> str:
    """A text cell that no spreadsheet runs as a formula.

    >>> safe_text("=HYPERLINK(1)")
    "'=HYPERLINK(1)"
    """
    s = "" if text is None else str(text)
    return "'" + s if s.startswith(FORMULA_START) else s


def number(value: int, unit: str, german: bool) -> str:
    if unit != "cent":
        return str(value)
    sign = "-" if value < 0 else ""
    whole, frac = divmod(abs(value), 100)
    return f"{sign}{whole}{',' if german else '.'}{frac:02d}"


def to_csv(report: dict[str, Any], german: bool) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, delimiter=";" if german else ",", lineterminator="\r\n")
    players = report["players"]
    unit = report["unit"]
    w.writerow(["session", "hand", "recorded_at", "game", "description", "dealer", "declarers", "void"]
               + [safe_text(p) for p in players] + ["stock", "comment"])
    for s in report["sessions"]:
        for h in s["hands"]:
            pay = h.get("payouts", {})
            w.writerow(
                [s["session"], h["hand"], h["recorded_at"], h["game"], safe_text(h["description"]),
                 safe_text(h.get("dealer", "")), safe_text("+".join(h.get("declarers", []))),
                 h["void_kind"] or ""]
                + [number(pay[p], unit, german) if p in pay else "" for p in players]
                + [number(h.get("stock", 0), unit, german) if not h["void"] else "", safe_text(h["comment"])]
            )
    text = buf.getvalue()
    return ("\ufeff" + text) if german else text
