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
from ..memo import Memo
from .words import amount_text, later_sessions, names_now, time_text, void_word, word

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


def header(players: list[str], german: bool, stock: bool = True) -> list[str]:
    """The column names: ``csv`` keeps the English names (the machine contract scripts read),
    ``csv-de`` has German ones (``Abend;Spiel;Zeit;...``); the players' columns are their names;
    the Stock's column only where the family has a Stock (``stock``).

    >>> header(["Anna"], True)
    ['Abend', 'Spiel', 'Zeit', 'Spielart', 'Beschreibung', 'Geber', 'Spielmacher', 'Gestrichen', 'Anna', 'Stock', 'Kommentar']
    >>> header(["Anna"], False, stock=False)[-3:]
    ['void', 'Anna', 'comment']
    """
    lang = "de" if german else "en"
    names = [say(f"export.csv_{c}", lang) for c in COLUMNS]
    return [*names, *players, *([say("export.csv_stock", lang)] if stock else []), say("export.csv_comment", lang)]


# the rows after an evening's hands that make its columns add up (their ``game`` cell)
EXTRA_ROWS = ("opening", "payment", "closing", "rounding")


def extra_rows(report: dict[str, Any], s: dict[str, Any]) -> list[dict[str, Any]]:
    """What an evening's hands do not show but its money does, as rows like a hand's: every
    early payout (``payment``, ``settle --player``: the amounts as booked), the Stock the evening
    opened with (``opening``, carried in from the evening before), what the close booked
    (``closing``: the Stock going back or on to the next evening, penalties; the Stock column
    takes the Stock out) and what the cash rounding moved (``rounding``). The payouts of the hands and these rows
    add up, per player, to what ``settle`` shows for the evening: for a closed one what was
    paid, rounding included (in points or strokes where the family counts in them). The amounts
    are under the names the players go by now (``names_now``), as the columns are."""
    out = []
    if s.get("opening"):  # the Stock the evening before carried in: the Stock column starts with it
        out.append({"game": "opening", "recorded_at": s.get("opened_at"), "payouts": {}, "stock": s["opening"],
                    "description": word(report, "export.csv_opening")})
    for pay in s.get("payments", ()):
        out.append({"game": "payment", "recorded_at": pay["created_at"], "payouts": names_now(report, pay["amounts"]),
                    "description": word(report, "export.csv_paid_out", name=pay["player"], hand=pay["hand"])})
    if not s.get("closed_at"):
        return out
    bookings = s.get("bookings") or {}
    if bookings.get("payouts"):
        key = "export.csv_closing_stock" if bookings.get("stock_return") else "export.csv_closing"
        out.append({"game": "closing", "recorded_at": s["closed_at"], "payouts": names_now(report, bookings["payouts"]),
                    "stock": bookings.get("stock", 0), "description": word(report, key)})
    st = s["settlement"]
    carried = st.get("stock_carried")
    if isinstance(carried, dict) and carried:  # the Stock goes on to the next evening: out of this one's column
        out.append({"game": "closing", "recorded_at": s["closed_at"], "payouts": {},
                    "stock": -sum(int(v) for v in carried.values()),
                    "description": word(report, "export.csv_closing_carried")})
    if st.get("rounding") and st.get("unit") == report["unit"]:
        out.append({"game": "rounding", "recorded_at": s["closed_at"], "payouts": names_now(report, st["rounding"]),
                    "description": word(report, "export.csv_rounding",
                                        amount=amount_text(int(st["round"] or 0), report, st["unit"]))})
    return out


def to_csv(report: dict[str, Any], german: bool) -> Iterator[str]:
    """The report as CSV text; cells are written here, not by ``csv.writer``, because a cell
    must be quoted when it holds the *other* separator too. A German amount (``-0,50``) is left
    unquoted: it holds only digits, so a comma reader splitting it sees two numbers.

    ``csv`` is the machine's file: English column names, the stored UTC timestamps and the
    ledger's void kinds. ``csv-de`` is for people: German column names, the time in local time
    (``30.11.2026 21:05``) and the void kinds in German (``gestrichen``). Game ids stay ids
    (the description beside them is in the table's language).

    After an evening's hands come the rows of ``extra_rows`` (an empty hand number, ``payment``,
    ``closing`` or ``rounding`` as the game; an ``opening`` row before them), so that every
    player's column of an evening sums to what ``settle`` shows for it: a closed evening as it
    was paid."""
    sep = ";" if german else ","
    players = report["players"]
    unit = report["unit"]
    lang = {**report, "language": "de" if german else "en"}  # the words of csv-de are German
    # a season repeats its cells (names, games, amounts): each distinct one is made once
    cell = Memo[Any, str](text_cell).__getitem__
    amount = Memo[int, str](lambda value: number(value, unit, german)).__getitem__

    def when(stamp: Any) -> str:
        return time_text(lang, stamp) if german else ("" if stamp is None else str(stamp))

    def void(kind: Any) -> str:
        return void_word(lang, kind) if german else ("" if kind is None else str(kind))

    def columns(pay: dict[str, int]) -> str:
        return sep.join([amount(pay[p]) if p in pay else "" for p in players])

    has_stock = report.get("has_stock", True)  # a family without a Stock: no column of zeros

    def stock_cell(value: int | None) -> str:
        """The Stock's cell and its separator (nothing where the family has no Stock)."""
        return ("" if value is None else amount(value)) + sep if has_stock else ""

    if not report.get("body_only"):
        yield ("\ufeff" if german else "") + sep.join(text_cell(c) for c in header(players, german, has_stock)) + "\r\n"
    times = Memo[Any, str](lambda stamp: cell(when(stamp)))

    def extra_line(first: str, x: dict[str, Any]) -> str:
        return (f"{first}{sep}{cell(when(x['recorded_at']))}{sep}{cell(x['game'])}{sep}"
                f"{cell(x['description'])}{sep}{sep}{sep}{sep}{columns(x['payouts'])}{sep}{stock_cell(x.get('stock'))}\r\n")

    for s in report["sessions"]:
        lines = []
        first = whole(s["session"]) + sep
        extras = extra_rows(report, s)
        lines += [extra_line(first, x) for x in extras if x["game"] == "opening"]  # the Stock carried in, first
        for h in s["hands"]:
            if h.get("payment"):  # written with the rows after the hands (``extra_rows``)
                continue
            shown = times[h["recorded_at"]]
            if h["void"]:
                lines.append(f"{first}{whole(h['hand'])}{sep}{shown}{sep}{cell(h['game'])}{sep}"
                             f"{cell(h['description'])}{sep}{cell(h.get('dealer') or '')}{sep}"
                             f"{cell('+'.join(h.get('declarers', [])))}{sep}{cell(void(h['void_kind']))}{sep}"
                             f"{columns(h.get('payouts', {}))}{sep}{stock_cell(None)}{cell(h['comment'])}\r\n")
                continue
            lines.append(f"{first}{whole(h['hand'])}{sep}{shown}{sep}{cell(h['game'])}{sep}"
                         f"{cell(h['description'])}{sep}{cell(h.get('dealer') or '')}{sep}"
                         f"{cell('+'.join(h.get('declarers', [])))}{sep}{sep}"
                         f"{columns(h.get('payouts', {}))}{sep}{stock_cell(h.get('stock', 0))}{cell(h['comment'])}\r\n")
        lines += [extra_line(first, x) for x in extras if x["game"] != "opening"]
        yield "".join(lines)
    yield from later_sessions(report)
