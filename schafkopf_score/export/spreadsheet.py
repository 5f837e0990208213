"""CSV for spreadsheets: ``csv`` (comma, decimal point) and ``csv-de`` (semicolon, decimal
comma, UTF-8 with BOM so German Excel opens it right).

Every text cell (the header too) is guarded against formula injection: where a cell, or a
piece of it after an embedded ``,``, ``;``, CR or LF, starts (after blanks and quotes) with
``=``, ``+``, ``-`` or ``@``, or with a tab or CR, an apostrophe goes in front of it. The
pieces count because a reader that splits on the *other* separator (German Excel opening the
comma file, or the reverse), or at a line break inside a quoted cell, starts a new cell
there. A text cell that holds either separator, a quote or a line break is quoted. Numbers
(session, hand, the amounts) are written as plain numbers, never with an apostrophe: ``-0.50``
is a number a spreadsheet sums, not a formula."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ..i18n import say
from .words import time_text, void_word

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
SEPARATORS = (",", ";")
BREAKS = ("\r", "\n")
_FORMULA_CHARS = frozenset("=+-@")
_PIECE_ENDS = frozenset(SEPARATORS + BREAKS)
_QUOTE_IF = frozenset(SEPARATORS + BREAKS + ('"',))
_PIECE_END = re.compile("[" + re.escape("".join(sorted(_PIECE_ENDS))) + "]")
_QUOTE = re.compile("[" + re.escape("".join(sorted(_QUOTE_IF))) + "]")


def _guard_at(s: str, start: int) -> int | None:
    """Where an apostrophe must go for the piece of ``s`` that begins at ``start`` (None: no
    formula starts there). Blanks and quotes before the first character are looked through,
    because readers trim them."""
    if start < len(s) and s[start] in ("\t", "\r"):
        return start
    j = start
    while j < len(s) and (s[j].isspace() or s[j] == '"'):
        j += 1
    return j if j < len(s) and s[j] in _FORMULA_CHARS else None


def safe_text(text: Any) -> str:
    """A text cell that no spreadsheet runs as a formula, whichever separator it splits on.

    >>> safe_text("=HYPERLINK(1)")
    "'=HYPERLINK(1)"
    >>> safe_text("Runde;=cmd|' /C calc'!A0")
    "Runde;'=cmd|' /C calc'!A0"
    >>> safe_text("ok, -1 Punkt")
    "ok, '-1 Punkt"
    """
    s = "" if text is None else str(text)
    if not _PIECE_END.search(s):  # one piece (most cells): only its start can hold a formula
        m = _guard_at(s, 0)
        return s if m is None else s[:m] + "'" + s[m:]
    starts = [0] + [i + 1 for i, ch in enumerate(s) if ch in _PIECE_ENDS]
    marks = sorted({m for m in (_guard_at(s, i) for i in starts) if m is not None})
    if not marks:
        return s
    out, last = [], 0
    for m in marks:
        out += [s[last:m], "'"]
        last = m
    out.append(s[last:])
    return "".join(out)


def text_cell(text: Any) -> str:
    """A guarded text cell as it goes into the file: quoted (quotes doubled) when it holds
    either separator, a quote or a line break, so neither a comma nor a semicolon reader
    splits it."""
    s = safe_text(text)
    if _QUOTE.search(s):
        return '"' + s.replace('"', '""') + '"'
    return s


def number(value: int, unit: str, german: bool) -> str:
    if unit != "cent":
        return str(value)
    sign = "-" if value < 0 else ""
    whole, frac = divmod(abs(value), 100)
    return f"{sign}{whole}{',' if german else '.'}{frac:02d}"


def whole(value: Any) -> str:
    """A session or hand number as a plain number (anything else as a guarded text cell)."""
    if type(value) is int:
        return str(value)
    return text_cell(value)


COLUMNS = ("session", "hand", "recorded_at", "game", "description", "dealer", "declarers", "void")


def header(players: list[str], german: bool) -> list[str]:
    """The column names: ``csv`` keeps the English names (the machine contract scripts read),
    ``csv-de`` has German ones (``Abend;Spiel;Zeit;...``); the players' columns are their names.

    >>> header(["Anna"], True)
    ['Abend', 'Spiel', 'Zeit', 'Spielart', 'Beschreibung', 'Geber', 'Spielmacher', 'Gestrichen', 'Anna', 'Stock', 'Kommentar']
    >>> header(["Anna"], False)[:3]
    ['session', 'hand', 'recorded_at']
    """
    lang = "de" if german else "en"
    names = [say(f"export.csv_{c}", lang) for c in COLUMNS]
    return [*names, *players, say("export.csv_stock", lang), say("export.csv_comment", lang)]


def to_csv(report: dict[str, Any], german: bool) -> Iterator[str]:
    """The report as CSV text; cells are written here, not by ``csv.writer``, because a cell
    must be quoted when it holds the *other* separator too. A German amount (``-0,50``) is left
    unquoted: it holds only digits, so a comma reader splitting it sees two numbers.

    ``csv`` is the machine's file: English column names, the stored UTC timestamps and the
    ledger's void kinds. ``csv-de`` is for people: German column names, the time in local time
    (``30.11.2026 21:05``) and the void kinds in German (``gestrichen``). Game ids stay ids
    (the description beside them is in the table's language)."""
    sep = ";" if german else ","
    players = report["players"]
    unit = report["unit"]
    lang = {**report, "language": "de" if german else "en"}  # the words of csv-de are German

    def amount(value: int) -> str:
        return number(value, unit, german)

    def when(stamp: Any) -> str:
        return time_text(lang, stamp) if german else ("" if stamp is None else str(stamp))

    def void(kind: Any) -> str:
        return void_word(lang, kind) if german else ("" if kind is None else str(kind))

    yield ("\ufeff" if german else "") + sep.join(text_cell(c) for c in header(players, german)) + "\r\n"
    for s in report["sessions"]:
        lines = []
        for h in s["hands"]:
            pay = h.get("payouts", {})
            row = [whole(s["session"]), whole(h["hand"])]
            row += [text_cell(when(h["recorded_at"])), text_cell(h["game"]), text_cell(h["description"]),
                    text_cell(h.get("dealer") or ""), text_cell("+".join(h.get("declarers", []))),
                    text_cell(void(h["void_kind"]))]
            row += [amount(pay[p]) if p in pay else "" for p in players]
            row += [amount(h.get("stock", 0)) if not h["void"] else "", text_cell(h["comment"])]
            lines.append(sep.join(row))
        yield "".join(line + "\r\n" for line in lines)
