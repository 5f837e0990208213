"""``export --format xlsx`` (RULES §13): a workbook that Excel and LibreOffice open without an
import dialog, written with XlsxWriter.

Sheets: the settlement (a row per session: its date, what each player paid or received, and a
total), the stats (``stats``: per player and per game type) and one sheet per evening (a long
season: each of its latest ``export.FULL_EVENINGS``, and a line below the settlement says so; its
hands: number, time, game, dealer, declarers, each player's payout and the Stock, and a total).
Numbers are numbers, times are dates, amounts are currency in the table's currency and language
(``1.234,50 €`` in German, ``€1,234.50`` in English); the totals are formulas that carry their
value (a reader that does not calculate still sees it). Every text is written as text, never as
a formula. Cents become currency units only here, at the edge: a cell holds ``cents / 100``.

Why XlsxWriter: it writes real .xlsx (typed cells, number formats, formulas with their values)
in pure Python without dependencies (BSD-2-Clause, maintained since 2013); it only writes, which
is all an export needs.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator, Mapping, Sequence
from datetime import date, datetime
from typing import Any

from ..i18n import say
from .words import close_booked, latest_note, names_now, void_word

_SYMBOLS = {"EUR": "€", "USD": "$", "GBP": "£"}
# the locale an English table's currency is shown in (Excel's language ids)
_ENGLISH_LOCALES = {"EUR": "1809", "USD": "409", "GBP": "809"}
_FORBIDDEN = str.maketrans({c: "_" for c in "[]:*?/\\"})


def currency_format(currency: str, lang: str) -> str:
    """Excel's number format for an amount in the table's currency and language.

    >>> currency_format("EUR", "de"), currency_format("USD", "en")
    ('#,##0.00 [$€-407];-#,##0.00 [$€-407]', '[$$-409]#,##0.00;-[$$-409]#,##0.00')
    """
    symbol = _SYMBOLS.get(currency, currency)
    if lang == "de":
        return f"#,##0.00 [${symbol}-407];-#,##0.00 [${symbol}-407]"
    locale = _ENGLISH_LOCALES.get(currency, "409")
    return f"[${symbol}-{locale}]#,##0.00;-[${symbol}-{locale}]#,##0.00"


def day_number(day: date) -> int | None:
    """A date as a spreadsheet counts days (its number, shown in a date format), from 1 March
    1900 on (its day 1 is 1 January 1900, and it counts a 29 February 1900 that never was);
    None before (``write_datetime`` knows that count).

    >>> day_number(date(1900, 3, 1)), day_number(date(2026, 12, 7)), day_number(date(1900, 2, 28))
    (61, 46363, None)
    """
    return (day - _DAY_ZERO).days if day >= _LEAP_DAY_PAST else None


_DAY_ZERO, _LEAP_DAY_PAST = date(1899, 12, 30), date(1900, 3, 1)


def _moment(stamp: str | None) -> datetime | None:
    """A stored UTC timestamp as local time without a zone (a spreadsheet's date and time)."""
    if not stamp:
        return None
    try:
        moment = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return None
    if moment.tzinfo is not None:
        moment = moment.astimezone().replace(tzinfo=None)
    return moment


def sheet_name(text: str, taken: set[str]) -> str:
    """A sheet's name as Excel allows it (31 characters, none of ``[]:*?/\\``), made unique."""
    base = text.translate(_FORBIDDEN)[:31] or "-"
    name, n = base, 1
    while name.casefold() in taken:
        n += 1
        suffix = f" ({n})"
        name = base[: 31 - len(suffix)] + suffix
    taken.add(name.casefold())
    return name


def _column(index: int) -> str:
    """A column's letters (0 -> A, 26 -> AA)."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


class _Book:
    """The workbook and its formats."""

    def __init__(self, report: Mapping[str, Any]) -> None:
        import xlsxwriter

        self.out = io.BytesIO()
        self.book = xlsxwriter.Workbook(self.out, {"in_memory": True, "strings_to_formulas": False,
                                                   "strings_to_urls": False, "strings_to_numbers": False})
        self.lang = str(report["language"])
        self.unit = str(report["unit"])
        self.taken: set[str] = set()
        de = self.lang == "de"
        book = self.book
        self.bold = book.add_format({"bold": True})
        self.head = book.add_format({"bold": True, "bottom": 1})
        self.head_right = book.add_format({"bold": True, "bottom": 1, "align": "right"})
        self.integer = book.add_format({"num_format": "0"})
        self.date = book.add_format({"num_format": "dd.mm.yyyy" if de else "yyyy-mm-dd", "align": "left"})
        self.time = book.add_format({"num_format": "dd.mm.yyyy hh:mm" if de else "yyyy-mm-dd hh:mm", "align": "left"})
        self.money_total = book.add_format({"num_format": "0", "bold": True, "top": 1})
        self.cent_format = book.add_format({"num_format": currency_format(str(report["currency"]), self.lang)})
        self.cent_total = book.add_format({"num_format": currency_format(str(report["currency"]), self.lang),
                                           "bold": True, "top": 1})
        self.total_label = book.add_format({"bold": True, "top": 1})

    def sheet(self, title: str) -> Any:
        return self.book.add_worksheet(sheet_name(title, self.taken))

    def amount(self, ws: Any, row: int, col: int, value: int, unit: str | None = None, total: bool = False) -> None:
        """An amount as a number: cents as currency units, points and strokes as they are."""
        unit = unit or self.unit
        if unit == "cent":
            ws.write_number(row, col, value / 100, self.cent_total if total else self.cent_format)
        else:
            ws.write_number(row, col, value, self.money_total if total else self.integer)

    def total(self, ws: Any, row: int, col: int, first: int, last: int, value: int, unit: str | None = None) -> None:
        """A column's total as a formula (``=SUM(...)``) that carries its value."""
        unit = unit or self.unit
        cell = f"{_column(col)}{first + 1}:{_column(col)}{last + 1}"
        shown = value / 100 if unit == "cent" else value
        fmt = self.cent_total if unit == "cent" else self.money_total
        ws.write_formula(row, col, f"=SUM({cell})", fmt, shown)

    def close(self) -> bytes:
        self.book.close()
        return self.out.getvalue()


def to_workbook(report: dict[str, Any]) -> Iterator[bytes]:
    """The export's writer (``FORMATS["xlsx"]``): the report with its ``stats`` (or
    ``stats_later``: a callable that waits for them, worked out aside meanwhile) and the games'
    ``titles`` (``app.exports`` adds them)."""
    stats = report.get("stats")
    return to_xlsx(report, stats if stats is not None else report["stats_later"], report["titles"])


def to_xlsx(report: dict[str, Any], stats: Mapping[str, Any] | Callable[[], Mapping[str, Any]],
            titles: Mapping[str, str]) -> Iterator[bytes]:
    """The workbook of a report (``app.reports.build_report``) and its stats (``season_stats``;
    a callable: waited for once the evenings are written, the stats sheet filled in its place),
    as bytes (one chunk). ``titles``: each game's name for people (``stats``' game table)."""
    book = _Book(report)
    players: list[str] = list(report["players"])
    _settlement(book, report, players)
    stats_sheet = book.sheet(say("export.stats_players", book.lang))
    for session in report["sessions"]:
        _evening(book, report, session, players)
    _stats(book, stats_sheet, stats() if callable(stats) else stats, titles)
    yield book.close()


def _settlement(book: _Book, report: Mapping[str, Any], players: Sequence[str]) -> None:
    """A row per session: its number, date, whether closed, each player's amount paid and,
    where money went into the Stock or out of it, the Stock's share (the row sums to zero)."""
    lang = book.lang
    ws = book.sheet(say("export.xlsx_settlement", lang))
    heads = [say("export.xlsx_session", lang), say("export.xlsx_date", lang), say("export.xlsx_status", lang),
             *players]
    # what each evening left in the Stock (or took out of it): minus what its players paid, so each
    # row sums to zero; its total is the money still in the Stock (the HTML season's Stock row)
    held = [-sum(int(v) for v in item["settlement"]["amounts"].values()) for item in report["overview"]]
    stock_col = 3 + len(players) if report.get("has_stock", True) and any(held) else None
    if stock_col is not None:
        heads.append(say("export.stock", lang))
    for col, text in enumerate(heads):
        ws.write_string(0, col, text, book.head if col < 3 else book.head_right)
    row = 1
    sums = {p: 0 for p in players}
    money = "cent"
    closed, still_open = say("export.closed", lang), say("export.open", lang)
    for item, into_stock in zip(report["overview"], held, strict=True):
        settlement = item["settlement"]
        ws.write_number(row, 0, item["session"], book.integer)
        when = _moment(item["opened_at"])
        if when is not None:  # the date as its day number: what ``write_datetime`` writes, without its steps
            number = day_number(when.date())
            if number is not None:
                ws.write_number(row, 1, number, book.date)
            else:
                ws.write_datetime(row, 1, when.replace(hour=0, minute=0, second=0, microsecond=0), book.date)
        ws.write_string(row, 2, closed if item["closed_at"] else still_open)
        amounts = names_now(report, settlement["amounts"])  # an evening closed before a rename: the name now
        money = str(settlement["unit"])  # what the settlement pays in: cents (points only where unpriced)
        for col, p in enumerate(players, 3):
            if p in amounts:
                book.amount(ws, row, col, int(amounts[p]), money)
                sums[p] += int(amounts[p])
        if stock_col is not None:
            book.amount(ws, row, stock_col, into_stock, money)
        row += 1
    if row > 1:
        ws.write_string(row, 0, say("export.xlsx_total", lang), book.total_label)
        for col, p in enumerate(players, 3):
            book.total(ws, row, col, 1, row - 1, sums[p], money)
        if stock_col is not None:
            book.total(ws, row, stock_col, 1, row - 1, sum(held), money)
    latest = latest_note(report, "export.xlsx_latest")  # a long season: sheets for its latest evenings alone
    if latest is not None:
        ws.write_string(row + 2, 0, say(latest[0], lang, **latest[1]))
    ws.set_column(0, 0, 8)
    ws.set_column(1, 1, 12)
    ws.set_column(2, 2, 14)
    ws.set_column(3, 3 + len(players), 12)
    ws.freeze_panes(1, 1)


def _stats(book: _Book, ws: Any, stats: Mapping[str, Any], titles: Mapping[str, str]) -> None:
    """``stats`` on its sheet ``ws``: per player (games, as declarer, won, as partner, balance;
    where the balance is in points or strokes, the money too, as ``stats`` shows it) and per game
    type."""
    lang = book.lang
    unit = str(stats["unit"])
    money_unit = str(stats.get("money_unit") or unit)
    money = money_unit != unit  # points or strokes settled in money: the money beside them, as stats shows it
    heads = ["player", "games", "declarer", "won", "partner", "balance", *(["money"] if money else [])]
    for col, key in enumerate(heads):
        ws.write_string(0, col, say(f"export.stats_{key}", lang), book.head if col == 0 else book.head_right)
    row = 1
    for name, st in stats["players"].items():
        ws.write_string(row, 0, name)
        for col, key in enumerate(("games", "declarer", "won", "partner"), 1):
            ws.write_number(row, col, int(st[key]), book.integer)
        book.amount(ws, row, 5, int(st["balance"]), unit)
        if money:
            book.amount(ws, row, 6, int(st.get("money", 0)), money_unit)
        row += 1
    row += 1
    ws.write_string(row, 0, say("export.stats_game_types", lang), book.bold)
    row += 1
    for col, key in enumerate(("game", "count", "won", "moved")):
        ws.write_string(row, col, say(f"export.stats_{key}", lang), book.head if col == 0 else book.head_right)
    row += 1
    for game, st in sorted(stats["games"].items(), key=lambda kv: (-kv[1]["games"], kv[0])):
        ws.write_string(row, 0, titles.get(game, game))
        ws.write_number(row, 1, int(st["games"]), book.integer)
        ws.write_number(row, 2, int(st["won"]), book.integer)
        book.amount(ws, row, 3, int(st["moved"]), unit)
        row += 1
    ws.set_column(0, 0, 16)
    ws.set_column(1, 5, 11)


def _evening(book: _Book, report: dict[str, Any], session: Mapping[str, Any], players: Sequence[str]) -> None:
    """One evening: the Stock carried in from the evening before (a row of its own), a row per
    hand (a voided one marked, without amounts; an early payout a row without a hand number), and
    the total."""
    lang = book.lang
    title = say("export.session", lang, session=session["session"])
    ws = book.sheet(title)
    hands = session["hands"]
    seated = [p for p in players if any(p in h.get("payouts", {}) for h in hands)] or list(players)
    opening = int(session.get("opening") or 0)  # the Stock carried in from the evening before
    stock = bool(opening) or any(h.get("stock") for h in hands)
    heads = [say("export.xlsx_hand", lang), say("export.xlsx_time", lang), say("export.game", lang),
             say("export.dealer", lang), say("export.xlsx_declarers", lang), say("export.xlsx_void", lang),
             *seated, *([say("export.stock", lang)] if stock else [])]
    for col, text in enumerate(heads):
        ws.write_string(0, col, text, book.head if col < 6 else book.head_right)
    row = 1
    sums = dict.fromkeys(seated, 0)
    stock_sum = 0
    if opening:  # a row of its own before the hands, as in the CSV: the Stock's total is the evening's Stock
        when = _moment(session.get("opened_at"))
        if when is not None:
            ws.write_datetime(row, 1, when, book.time)
        ws.write_string(row, 2, say("export.csv_opening", lang))
        book.amount(ws, row, 6 + len(seated), opening)
        stock_sum += opening
        row += 1
    for h in hands:
        if not h.get("payment"):  # an early payout is a row of its own, after the hand it followed
            ws.write_number(row, 0, int(h["hand"]), book.integer)
        when = _moment(h.get("recorded_at"))
        if when is not None:
            ws.write_datetime(row, 1, when, book.time)
        ws.write_string(row, 2, str(h.get("description") or h["game"]))
        if h["void"]:
            ws.write_string(row, 5, void_word(report, h.get("void_kind")))
            row += 1
            continue
        ws.write_string(row, 3, str(h.get("dealer") or ""))
        ws.write_string(row, 4, ", ".join(h.get("declarers") or ()))
        for col, p in enumerate(seated, 6):
            if p in h["payouts"]:
                book.amount(ws, row, col, int(h["payouts"][p]))
                sums[p] += int(h["payouts"][p])
        if stock:
            book.amount(ws, row, 6 + len(seated), int(h.get("stock") or 0))
            stock_sum += int(h.get("stock") or 0)
        row += 1
    closing = close_booked(report, session)
    if closing is not None:  # what the close booked (the Stock going back, Muss-Solo penalties): so the total is the balance
        label, booked, into = closing
        ws.write_string(row, 2, label)
        for col, p in enumerate(seated, 6):
            if p in booked:
                book.amount(ws, row, col, int(booked[p]))
                sums[p] += int(booked[p])
        if stock:
            book.amount(ws, row, 6 + len(seated), into)
            stock_sum += into
        row += 1
    if row > 1:
        ws.write_string(row, 0, say("export.xlsx_total", lang), book.total_label)
        for col, p in enumerate(seated, 6):
            book.total(ws, row, col, 1, row - 1, sums[p])
        if stock:
            book.total(ws, row, 6 + len(seated), 1, row - 1, stock_sum)
    ws.set_column(0, 0, 6)
    ws.set_column(1, 1, 17)
    ws.set_column(2, 2, 30)
    ws.set_column(3, 5, 12)
    ws.set_column(6, 6 + len(seated), 11)
    ws.freeze_panes(1, 3)
