"""The sheet (the Schafkopfblock, ``sheet`` and ``play``'s ``sheet``): a row a hand with the
running totals, and its layout fitted to the terminal (names cut short, the game's text cut,
the amounts never)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ..i18n import catalogue, say
from ..money import bare
from ..rules.registry import find_family
from ..session.sheet import describe_played, describe_record
from ..session.sheet import sheet as sheet_rows
from .console import console, escape, print_line, write_lines
from .render import abbreviations, currency_symbol, cut_text, next_dealer_line, shorten_names, tally


def describe_entry(row: Any, lang: str) -> str:
    """A line for a hand of the sheet: ``Herz-Solo Anna 105`` / ``Sauspiel Anna+Ben 70``."""
    return describe_played(row.played, lang) if row.played is not None else describe_record(row.record, lang)


def short_label(family: Any, entry: Any, lang: str) -> str:
    """The game in a word or two, for the narrow sheet: ``Sau``, ``H-Solo``, ``E-Wenz``,
    ``Bettel``; a game with no short word here keeps the family's label.

    >>> from schafkopf_score.rules.registry import find_family
    >>> from schafkopf_score.rules.model import GameEntry
    >>> bav = find_family("bavarian")
    >>> short_label(bav, GameEntry("solo", suit="herz", tout=True), "de"), short_label(bav, GameEntry("farbwenz", suit="eichel"), "en")
    ('H-Solo-Tout', 'A-Wenz')
    """
    known = catalogue()
    game = family.sheet_game(entry)
    key = f"cli.short_{game}"
    if key not in known:
        return str(family.game_label(entry, lang))
    label = say(key, lang)
    suit = getattr(entry, "suit", None)
    if suit and game == entry.game and f"cli.suit_{suit}" in known:
        label = say("cli.short_suited", lang, suit=say(f"cli.suit_{suit}", lang), game=label)
    if getattr(entry, "tout", False):
        label = say("cli.short_tout", lang, label=label)
    return label


def _sheet_hand(row: Any, lang: str) -> tuple[str, str, str]:
    """A hand of the sheet as (short label, declarers, the rest of its description):
    ``("Sau", "Anna+Ben", "72 L3 Kontra")``."""
    rec = row.record
    family = find_family(rec.rules.family)
    entry = rec.entry
    if row.played is not None:
        declarers = tuple(row.played.outcome.declarers)
    else:
        declarers = tuple(rec.outcome.get("declarers", ()))
    full = describe_entry(row, lang)
    short = short_label(family, entry, lang)
    rest = full
    for head in (family.game_label(entry, lang), entry.game.capitalize()):
        if head and full.startswith(head):
            rest = full[len(head):].strip()
            for mark in family.label_marks(entry, lang):  # the short label says it already (tout)
                if rest.split(" ", 1)[0] == mark:
                    rest = rest[len(mark):].strip()
            break
    else:
        short = ""  # a description of its own (the lot): shown as it is
    who = "+".join(declarers) or "+".join(n for n in (entry.player, entry.partner) if n)
    return short, who, rest


def _sheet_title(cfg: Any, view: Any, lang: str) -> str:
    status = say("cli.closed" if view.closed else "cli.open", lang)
    sid = view.session.id if view.session else "-"
    key = {"cent": "cli.sheet_title_unit", "point": "cli.sheet_title_points",
           "stroke": "cli.sheet_title_strokes"}.get(view.unit, "cli.sheet_title")
    return say(key, lang, name=cfg.name, session=sid, status=status,
               unit=currency_symbol(view.rules.currency, lang))


def print_sheet(views: Sequence[Any], cfg: Any, compact: bool = False, earlier: int = 0) -> None:
    """The paper block: a row a hand with the running totals, amounts without the currency
    (it is named once, in the title), a short game label and what the hand was worth; the
    Stock column only where a Stock was used. ``compact``: one line a hand (number, game,
    declarers, value, running totals), no dealer and no description.

    Every hand is one line and no line is longer than the terminal: long names are cut to a
    few letters (as on paper), and where the game's text still does not fit it is cut with an
    ellipsis (a voided hand's reason too); the amounts are never cut. Only a table with more
    players than the terminal has room for amounts is printed wider than the terminal.

    ``earlier``: the sessions before the ones shown (a long season's latest alone), said below."""
    con = console()
    width = con.width
    for view in views:
        lang = view.rules.language
        rows = sheet_rows(view)
        sheet = None
        for length in (None, 12, 10, 8, 6, 5, 4, 3):  # the names as they are, else as short as needed
            sheet = _SheetLayout(view, rows, compact, abbreviations(view.players, length))
            if sheet.comfortable() <= width:
                break
        else:  # the game's text cut where it is too long; the names as on paper
            for length in (4, 3):
                sheet = _SheetLayout(view, rows, compact, abbreviations(view.players, length))
                if sheet.smallest() <= width:
                    break
        assert sheet is not None
        widths = sheet.fit(width)
        out = con if sheet.total(widths) <= width else console(sheet.total(widths))
        print_line(out, _sheet_title(cfg, view, lang))
        if out.color_system is None and not out.options.ascii_only:
            # no styles shown (a pipe, a file) and the rule's line can be written: rich's text,
            # without its steps (where it cannot, rich draws the table in ASCII)
            write_lines(out, sheet.lines(widths))
        else:
            out.print(sheet.table(widths))
        if any(r.record.replaces for r in view.rows):
            print_line(con, say("cli.edited_note", lang))
        if not view.closed:
            print_line(con, next_dealer_line(view))
    if earlier and views:
        first, last = views[0].session, views[-1].session
        lang = views[-1].rules.language
        print_line(con, say("cli.sheet_latest", lang, shown=len(views), first=first.id if first else "-",
                            last=last.id if last else "-", earlier=earlier))
        print_line(con, say("cli.sheet_latest_where", lang))


_GAP = 2  # the columns of the sheet stand two apart (a cell's padding and the rule between)


class _SheetLayout:
    """The sheet of one session as cells, and the width of each column: the numbers as wide as
    they are; the text columns (dealer, game, declarers) as wide as their cells where the
    terminal has room, else narrower, their cells cut with an ellipsis."""

    def __init__(self, view: Any, rows: Sequence[Any], compact: bool, names: Mapping[str, str]) -> None:
        from rich.text import Text

        self.view, self.compact, self.names = view, compact, names
        rules = view.rules
        lang = rules.language
        self.lang = lang
        heads = ["#"]
        # (index of a text column, its least width): the game's text gives way first
        if not compact:
            heads += [say("cli.col_dealer", lang), say("cli.col_game", lang)]
            # the dealer's name gives way before the hand's description (its Augen and marks)
            self.text_columns = {1: len(heads[1]), 2: 12}
        else:
            heads += [say("cli.col_game", lang), say("cli.col_declarer", lang)]
            self.text_columns = {2: len(heads[2]), 1: 6}
        self.notes_column = 2
        heads.append(say("cli.col_value", lang))
        heads += [names.get(p, p) for p in view.players]  # (made whole below where the amounts are as wide)
        self.has_stock = bool(view.stock or any(r.played and r.played.outcome.stock for r in view.rows))
        if self.has_stock:
            heads.append(say("cli.stock", lang))
        self.heads = heads
        self.rows: list[list[Any]] = []  # rich Text cells
        self.void_notes: dict[int, tuple[list[str], str]] = {}  # row index -> (struck texts, longest first; note)
        blank = Text("")
        n_money = len(view.players) + (1 if self.has_stock else 0)

        def amounts(row: Any) -> list[Any]:
            cells = []
            for p in view.players:
                total = row.running.get(p)
                if total is None:  # not at the table yet
                    cells.append(blank)
                    continue
                text = tally(total, rules, short=True) if view.unit == "stroke" else bare(total, view.unit, lang)
                cells.append(Text(text, style="" if p in row.amounts or row.kind != "hand" else "dim"))
            if self.has_stock:
                cells.append(Text(bare(row.stock, view.unit, lang)))
            return cells

        for row in rows:
            if row.kind in ("payout", "closing"):
                key = ("cli.paid_out_row" if row.kind == "payout" else
                       "cli.stock_row" if row.booked_stock else "cli.closing_row")
                label = Text(say(key, lang, name=names.get(row.player, row.player), hand=row.hand))
                cells = [blank, label, blank, blank] if compact else [blank, blank, label, blank]
                self.rows.append(cells + amounts(row))
                continue
            rec = row.record
            short, who, rest = _sheet_hand(row, lang)
            who, rest = shorten_names(who, names), shorten_names(rest, names)
            if row.kind == "void":
                mark = say("cli.edited" if rec.void_kind == "edit" else "cli.void", lang)
                note = (say("cli.void_mark_reason", lang, mark=mark, reason=rec.void_reason) if rec.void_reason
                        else say("cli.void_mark", lang, mark=mark))
                if compact:
                    cells = [Text(str(rec.hand), style="strike dim"), Text(short or rest, style="strike dim"), blank]
                    struck = [who, ""]  # the declarers, else the mark alone
                else:
                    cells = [Text(str(rec.hand), style="strike dim"), blank, blank]
                    full = " ".join(x for x in (short, rest) if x)
                    # the whole description, else the game and its declarers, else the game alone:
                    # what the reason leaves room for
                    struck = list(dict.fromkeys([full, " ".join(x for x in (short or rest, who) if x),
                                                 short or rest]))
                self.void_notes[len(self.rows)] = (struck, note)
                self.rows.append(cells + [blank] * (1 + n_money))
                continue
            number = f"{rec.hand}*" if row.edited else str(rec.hand)
            if compact:
                cells = [Text(number), Text(short or rest), Text(who if short else "")]
            else:
                dealer = row.played.seating.dealer
                cells = [Text(number), Text(names.get(dealer, dealer)), Text(" ".join(x for x in (short, rest) if x))]
            cells.append(Text(bare(row.value, view.unit, lang) if row.value else ""))
            self.rows.append(cells + amounts(row))
        from rich.cells import cell_len

        first = len(heads) - len(view.players) - (1 if self.has_stock else 0)
        for k, p in enumerate(view.players):  # a player's heading cut only where it makes the column narrower
            if cell_len(p) <= max((row[first + k].cell_len for row in self.rows), default=0):
                heads[first + k] = p
        self.widths = [max([cell_len(h)] + [row[i].cell_len for row in self.rows]) for i, h in enumerate(heads)]
        # the room a voided hand's mark and reason need beside its game (given where there is room)
        self.void_need = max((cell_len(f"{struck[0]} {note}".strip()) for struck, note in self.void_notes.values()),
                             default=0)
        # the room every hand's description needs whole (a lot's line, a payout's, a voided hand's may be cut)
        hands = [k for k, row in enumerate(rows) if row.kind == "hand"]  # (a row of cells for each sheet row)
        self.hand_need = 0 if compact else max((self.rows[k][self.notes_column].cell_len for k in hands), default=0)

    def comfortable(self) -> int:
        """The width of the sheet with every hand's description whole (and the game's text 20
        columns at least, the lot's lines cut), the dealer's name as narrow as its heading; the
        declarers 12 (``compact``)."""
        widths = list(self.widths)
        i = self.notes_column
        widths[i] = min(widths[i], 12 if self.compact else max(20, self.hand_need))
        if not self.compact:
            widths[1] = min(widths[1], self.text_columns[1])
        return self.total(widths)

    def smallest(self) -> int:
        """The width of the sheet with its text columns as narrow as they go."""
        return self.total(self._narrowed(0))

    def total(self, widths: Sequence[int]) -> int:
        return sum(widths) + _GAP * (len(widths) - 1)

    def _narrowed(self, width: int) -> list[int]:
        """The widths with the text columns narrowed (the game's first) until the sheet fits
        ``width`` or they are as narrow as they go."""
        widths = list(self.widths)
        for i, least in self.text_columns.items():
            over = self.total(widths) - width
            if over <= 0:
                break
            floor = max(min(least, widths[i]), 1)
            widths[i] = max(floor, widths[i] - over)
        return widths

    def fit(self, width: int) -> list[int]:
        """Each column's width for a terminal ``width`` wide; room to spare goes to a voided
        hand's reason."""
        widths = self._narrowed(width)
        spare = width - self.total(widths)
        i = self.notes_column
        if spare > 0 and self.void_need > widths[i]:
            widths[i] += min(spare, self.void_need - widths[i])
        return widths

    def _cells(self, widths: Sequence[int]) -> Iterator[list[Any]]:
        """Each row's cells as the table shows them: a voided hand's struck text with its mark
        and reason (as much of its text as the room leaves), a text cut where it is too long
        (the ellipsis after a word's end)."""
        from rich.cells import cell_len
        from rich.text import Text

        for index, cells in enumerate(self.rows):
            if index in self.void_notes:
                struck, note = self.void_notes[index]
                i = self.notes_column
                room = widths[i]
                pick = next((s for s in struck if cell_len(f"{s} {note}".strip()) <= room), struck[-1])
                cell = Text.assemble((pick, "strike dim"), (" " if pick else "") + note)
                cells = [*cells[:i], cell, *cells[i + 1:]]
            for i in self.text_columns:
                if cells[i].cell_len > widths[i] and len(cells[i].spans) == 0:
                    cells = [*cells[:i], Text(cut_text(cells[i].plain, widths[i]), style=cells[i].style), *cells[i + 1:]]
            yield cells

    def _right(self, i: int) -> bool:
        return i == 0 or i not in self.text_columns  # (the numbers)

    def table(self, widths: Sequence[int]) -> Any:
        from rich import box
        from rich.table import Table

        table = Table(box=box.SIMPLE_HEAD, show_edge=False, padding=(0, 1), collapse_padding=True,
                      pad_edge=False)
        for i, head in enumerate(self.heads):
            table.add_column(escape(head), justify="right" if self._right(i) else "left", no_wrap=True,
                             overflow="ellipsis", width=widths[i])
        for cells in self._cells(widths):
            table.add_row(*cells)
        return table

    def lines(self, widths: Sequence[int]) -> list[str]:
        """``table``'s text without its styles, as rich lays it out (the same characters:
        ``tests/cli/test_sheet_fast.py`` holds the two together): the headings, a rule, a line
        a row, each cell filled to its column's width (a number to the right), one too wide
        cut with an ellipsis, the columns two apart. A season's sheets (``sheet --all``) took
        rich seconds for every few hundred."""
        from rich.cells import cell_len
        from rich.text import Text

        right = [self._right(i) for i in range(len(widths))]

        def line(texts: Sequence[str]) -> str:
            out = []
            for text, width, to_right in zip(texts, widths, right, strict=True):
                size = cell_len(text)
                if size > width:
                    cut = Text(text)
                    cut.truncate(width, overflow="ellipsis")
                    text, size = cut.plain, cut.cell_len
                fill = " " * (width - size)
                out.append(fill + text if to_right else text + fill)
            return "  ".join(out)

        return [line(self.heads), "\u2500" * self.total(widths),
                *(line([cell.plain for cell in cells]) for cells in self._cells(widths))]
