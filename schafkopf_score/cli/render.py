"""Everything the CLI prints. Plain text for the fast paths (``calc``, ``add``); rich tables for
the sheet, standings and settlement (rich is imported only there)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from ..i18n import Join, catalogue, format_date, say
from ..money import format_amount, format_value
from ..rules.model import Outcome, TableRules
from ..rules.play import Played
from ..rules.registry import find_family


def tally(strokes: int, rules: TableRules, short: bool = False) -> str:
    """A sheep's-head tally: each completed head drawn as a head, the rest as strokes;
    ``short`` (the sheet's narrow cells) counts more than two heads as a number.

    >>> from schafkopf_score.table import make_rules
    >>> rules = make_rules("deutscher", ["A", "B", "C", "D"])
    >>> tally(11, rules), tally(55, rules, short=True)
    ('🐑 ||  (11)', '6×🐑 |  (55)')
    """
    heads, rest = find_family(rules.family).head_split(rules, strokes)
    drawn = f"{heads}×🐑" if short and heads > 2 else "🐑" * heads
    text = " ".join(part for part in (drawn, "|" * rest) if part)
    return f"{text or '-'}  ({strokes})"


def amount(value: int, rules: TableRules, unit: str, sign: bool = True, lang: str | None = None) -> str:
    """An amount in the table's format (``lang``: the table's language where the hand's own
    snapshot may be older)."""
    return format_value(value, unit, rules.currency, lang or rules.language, sign=sign)


def bare(value: int, unit: str, lang: str, sign: bool = False) -> str:
    """An amount without its currency, for the sheet's cells: ``12,40`` / ``12.40`` (the
    currency is named once, in the sheet's title); points and strokes as plain numbers.

    >>> bare(-1240, "cent", "de"), bare(123456, "cent", "en"), bare(5, "point", "de", sign=True)
    ('-12,40', '1,234.56', '+5')
    """
    if unit != "cent":
        return f"+{value}" if sign and value > 0 else str(value)
    whole, frac = divmod(abs(value), 100)
    if lang == "de":
        text = f"{whole:,}".replace(",", ".") + f",{frac:02d}"
    else:
        text = f"{whole:,}.{frac:02d}"
    if value < 0:
        return "-" + text
    return ("+" + text) if sign and value > 0 else text


def currency_symbol(currency: str, lang: str) -> str:
    """The currency as an amount shows it: ``€``, ``$``, ``CHF``."""
    return format_amount(0, currency, lang).replace("0,00", "").replace("0.00", "").strip() or currency


def verdict(outcome: Outcome, lang: str, names: Mapping[str, str] | None = None) -> str:
    """``Anna und Ben gewinnen.`` / ``Anna loses.`` (``names``: how the players are shown)"""
    if not outcome.declarers or outcome.won is None:
        return ""
    many = len(outcome.declarers) > 1
    key = (("cli.wins_many" if many else "cli.wins_one") if outcome.won
           else ("cli.loses_many" if many else "cli.loses_one"))
    return say(key, lang, names=Join([(names or {}).get(n, n) for n in outcome.declarers], "and"))


def seating_line(dealer: str, sitting_out: Sequence[str], lang: str) -> str:
    """``(Geber: Anna; Anna setzt aus)``"""
    key = "cli.seating_one" if len(sitting_out) == 1 else "cli.seating_many"
    return say(key, lang, dealer=dealer, names=Join(sitting_out, "and"))


def outcome_text(played: Played, title: str | None = None) -> str:
    """A hand in full (``calc``, ``add -v``): the explanation, who won, each payout."""
    rules = played.rules
    lang = rules.language
    out = played.outcome
    lines = []
    if title:
        lines.append(title)
    lines.append(out.explanation)
    v = verdict(out, lang)
    if v:
        lines.append(v)
    stock = say("cli.stock", lang)
    width = max([len(n) for n, _ in out.payouts] + ([len(stock)] if out.stock else []), default=0)
    for name, value in out.payouts:
        lines.append(f"  {name:<{width}}  {amount(value, rules, out.unit):>12}")
    if out.stock:
        lines.append(f"  {stock:<{width}}  {amount(out.stock, rules, out.unit):>12}")
    if played.seating.sitting_out:
        lines.append(seating_line(played.seating.dealer, played.seating.sitting_out, lang))
    return "\n".join(lines)


def payouts_line(played: Played, lang: str, names: Mapping[str, str] | None = None,
                 bare_amounts: bool = False) -> str:
    """The payouts of a hand on one line: ``Anna +0,80 €, Ben -0,80 €, Stock +0,40 €``;
    ``names``: how the players are shown (cut short), ``bare_amounts``: without the currency
    (``Anna +0,80, Ben -0,80``)."""
    rules = played.rules
    out = played.outcome
    names = names or {}

    def show(value: int) -> str:
        return bare(value, out.unit, lang, sign=True) if bare_amounts else amount(value, rules, out.unit, lang=lang)

    pays = [say("cli.payout", lang, name=names.get(n, n), amount=show(v)) for n, v in out.payouts]
    if out.stock:
        pays.append(say("cli.payout", lang, name=say("cli.stock", lang), amount=show(out.stock)))
    return ", ".join(pays)


def describe_played(played: Played, lang: str) -> str:
    """The hand as the sheet describes it: ``Herz-Solo Cora 105 L4``."""
    out = played.outcome
    return find_family(played.rules.family).describe(played.entry, out.declarers, out.extra, lang=lang)


def added_text(hand: int, played: Played, view: Any, notes: Sequence[str], width: int | None = None) -> str:
    """``add``'s short answer, at most three lines: what was recorded (and who won), the
    payouts, and the next dealer with what stands before the next hand (Stock, Muss-Solo).

    Each line fits the terminal (``width``): where the first two do not, the players' names in
    them are cut to a few letters as the sheet's headings cut them; where the payouts still do
    not fit they lose their currency (never an amount); where the game's text still does not
    fit it is cut with an ellipsis, who won kept."""
    width = terminal_width() if width is None else width
    lang = view.rules.language
    out = played.outcome
    paid = any(v for _, v in out.payouts) or out.stock
    first = second = ""
    for length in (None, 6, 5, 4, 3):
        names = abbreviations(view.players, length)
        first = _recorded_line(hand, played, lang, names, width)
        second = payouts_line(played, lang, names) if paid else ""
        if _cells(first) <= width and _cells(second) <= width:
            break
    if _cells(second) > width:  # the amounts without their currency (the sheet's cells)
        second = payouts_line(played, lang, names, bare_amounts=True)
    if _cells(first) > width:
        first = _recorded_line(hand, played, lang, names, width, cut=True)
    lines = [first, second, standing_line(view, notes, width)]
    return "\n".join(line for line in lines if line)


def _recorded_line(hand: int, played: Played, lang: str, names: Mapping[str, str], width: int,
                   cut: bool = False) -> str:
    """``Spiel 3 eingetragen: Herz-Solo Cora 105 L4. Cora gewinnt.``, the names as ``names``
    shows them; ``cut``: the game's text cut with an ellipsis so that the line fits ``width``
    (who won kept), else the line cut at its end."""
    v = verdict(played.outcome, lang, names)
    game = _shorten(describe_played(played, lang), names)

    def line(game: str) -> str:
        return (say("cli.recorded_verdict", lang, hand=hand, game=game, verdict=v) if v
                else say("cli.recorded_short", lang, hand=hand, game=game))

    text = line(game)
    if not cut or _cells(text) <= width:
        return text
    room = _cells(game) - (_cells(text) - width)
    if room >= 8:
        return line(_cut(game, room, words=True))
    return _cut(text, width, words=True)


def terminal_width() -> int:
    """The terminal's width (``COLUMNS`` where it is set; 80 where the output is no terminal)."""
    import shutil

    return shutil.get_terminal_size((80, 24)).columns


def standing_line(view: Any, notes: Sequence[str], width: int) -> str:
    """``add``'s third line: the next dealer and what stands before the next hand, on one line
    of at most ``width`` characters: who sits out is left out first, then the notes that do not
    fit (``-v`` shows them all; where none fits, only that -v shows them, or the dealer alone),
    and a line that is still too long is cut with an ellipsis after a word."""
    cell_len = _cells
    lang = view.rules.language
    if view.closed:
        heads = [""]
    else:
        dealer = say("cli.next_dealer", lang, dealer=view.next_seating().dealer)
        heads = list(dict.fromkeys([next_dealer_line(view), dealer]))
    for head in heads:
        line = " · ".join(x for x in (head, *notes) if x)
        if cell_len(line) <= width:
            return line
    head = heads[-1]
    more = say("cli.more_with_verbose", lang)
    kept = [head] if head else []
    for note in notes:
        if cell_len(" · ".join([*kept, note, more])) > width:
            break
        kept.append(note)
    if len(kept) > (1 if head else 0) or (head and cell_len(" · ".join([head, more])) <= width):
        return " · ".join([*kept, more])  # the notes that fit (maybe none), and where to read the rest
    if head and cell_len(head) <= width:
        return head  # no room for more: never half an amount
    return _cut(" · ".join(x for x in (head, *notes) if x), width, words=True)


def _cells(text: str) -> int:
    """How many terminal cells ``text`` takes (a wide character two); without rich, which
    ``add`` does not load."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 0 if unicodedata.combining(ch) else 1
               for ch in text)


def _cut(text: str, width: int, words: bool = False) -> str:
    """``text`` cut to ``width`` cells, an ellipsis at the end where it was cut; ``words``: the
    cut after a whole word where a word ends in the part kept.

    >>> _cut("Sauspiel Wil+Max 0 schwarz Kontra", 22), _cut("Sauspiel Wil+Max 0 schwarz Kontra", 22, words=True)
    ('Sauspiel Wil+Max 0 sc…', 'Sauspiel Wil+Max 0…')
    """
    if _cells(text) <= width:
        return text
    out = ""
    for ch in text:
        if _cells(out + ch) > width - 1:
            break
        out += ch
    if words and not text[len(out)].isspace() and " " in out.strip():
        out = out.rstrip().rsplit(" ", 1)[0]
    return out.rstrip() + "…"


def hand_line(hand: int, played: Played, view: Any) -> str:
    """``play``'s one-line answer: number, game, payouts, next dealer."""
    lang = view.rules.language
    return say("cli.hand_line", lang, hand=hand, game=describe_played(played, lang),
               payouts=payouts_line(played, lang), dealer=next_dealer_line(view))


def outcome_json(played: Played, **extra: Any) -> dict[str, Any]:
    out = played.outcome
    data: dict[str, Any] = {
        "game": out.game,
        "unit": out.unit,
        "payouts": out.payout_map(),
        "stock": out.stock,
        "value": out.value,
        "won": out.won,
        "declarers": list(out.declarers),
        "explanation": out.explanation,
        "dealer": played.seating.dealer,
        "active": list(played.seating.active),
        "sitting_out": list(played.seating.sitting_out),
    }
    data.update(dict(out.extra))
    data.update(extra)
    return data


def describe_record(rec: Any, lang: str) -> str:
    """A stored hand as the sheet describes it (a voided one too, from what was stored)."""
    return find_family(rec.rules.family).describe(rec.entry, rec.outcome.get("declarers", ()),
                                                  rec.outcome.get("extra"), lang=lang)


def voided_text(rec: Any, lang: str, short: bool = False, changed: Sequence[Any] = ()) -> str:
    """``Spiel 3 (Wenz Cora 70) ist gestrichen; ...`` (``undo``, ``void``; ``play`` short), and
    a line for each later hand it re-priced."""
    head = say("cli.voided_short" if short else "cli.voided", lang, hand=rec.hand, game=describe_record(rec, lang))
    return "\n".join([head, *repriced_lines(changed, rec.rules, rec.unit, lang)])


def voided_json(done: Any) -> dict[str, Any]:
    """``undo --json`` / ``void N --json`` (and the server's answer): the hand voided and the
    later hands it re-priced (``evening.Correction``)."""
    rec = done.record
    return {"voided": rec.hand, "game": rec.game, "session": rec.session_id,
            "repriced": [r.to_json() for r in done.repriced]}


def repriced_lines(changed: Sequence[Any], rules: TableRules, unit: str, lang: str) -> list[str]:
    """``Spiel 4 neu bewertet: Cora +0,50 €, Emil -0,50 €`` for each hand a correction re-priced
    (``evening.Repriced``); who dealt and who played stay as they were."""
    lines = []
    for r in changed:
        parts = [f"{n} {amount(v, rules, unit, lang=lang)}" for n, v in r.payouts.items()]
        if r.stock:
            parts.append(f"{say('cli.stock', lang)} {amount(r.stock, rules, unit, lang=lang)}")
        lines.append(say("cli.repriced", lang, hand=r.hand, changes=", ".join(parts)))
    return lines


def edit_text(old: Any, played: Played, hand: int, lang: str, changed: Sequence[Any] = ()) -> str:
    """``Spiel 16 korrigiert: Sauspiel Anna+Ben 72 -> Sauspiel Anna+Ben 72 Kontra``, each
    player's payout before -> after, and a line for each later hand it re-priced."""
    rules = played.rules
    out = played.outcome
    family = find_family(rules.family)
    before = family.describe(old.entry, old.outcome.get("declarers", ()), old.outcome.get("extra"), lang=lang)
    after = family.describe(played.entry, out.declarers, out.extra, lang=lang)
    lines = [say("cli.hand_corrected", lang, hand=hand, before=before, after=after), out.explanation]
    v = verdict(out, lang)
    if v:
        lines.append(v)
    new = out.payout_map()
    names = list(dict.fromkeys([*old.payouts, *new]))
    stock = say("cli.stock", lang)
    width = max([len(n) for n in names] + ([len(stock)] if old.stock or out.stock else []), default=0)
    for name in names:
        lines.append(f"  {name:<{width}}  {amount(old.payouts.get(name, 0), rules, out.unit, lang=lang):>12} -> "
                     f"{amount(new.get(name, 0), rules, out.unit, lang=lang):>12}")
    if old.stock or out.stock:
        lines.append(f"  {stock:<{width}}  {amount(old.stock, rules, out.unit, lang=lang):>12} -> "
                     f"{amount(out.stock, rules, out.unit, lang=lang):>12}")
    lines.extend(repriced_lines(changed, rules, out.unit, lang))
    return "\n".join(lines)


def edit_json(old: Any, played: Played, hand: int, changed: Sequence[Any] = ()) -> dict[str, Any]:
    """The corrected hand as ``outcome_json`` plus what it was before and the later hands it
    re-priced (``repriced``: ``[{"hand", "payouts": change per player, "stock": change}]``)."""
    return outcome_json(played, hand=hand, before={"entry": old.entry.to_dict(), "payouts": dict(old.payouts),
                                                   "stock": old.stock}, repriced=[r.to_json() for r in changed])


def balances_text(balances: Mapping[str, int], rules: TableRules, unit: str) -> str:
    width = max((len(n) for n in balances), default=0)
    return "\n".join(f"  {n:<{width}}  {amount(v, rules, unit):>12}" for n, v in balances.items())

# -- rich -------------------------------------------------------------------------------------

def console(width: int | None = None) -> Any:
    """The rich console of the CLI (``width``: wider than the terminal, for a sheet that
    cannot be narrower)."""
    from rich.console import Console

    class TableConsole(Console):
        def on_broken_pipe(self) -> None:
            """A reader that went away (``| head -1``) has what it wanted: exit 0, quietly
            (rich's own answer is exit 1)."""
            from ..files import stdout_to_devnull

            stdout_to_devnull()
            raise SystemExit(0)

        def _render_buffer(self, buffer: Any) -> str:
            """Every text rich writes with an invisible or control character of a stored text
            (an ESC of a reason that came in by hand) written as its escape: what the ledger
            holds never steers the terminal. Rich's own colour codes are styles, not text."""
            from rich.segment import Segment

            from ..table import shown_plain

            return str(super()._render_buffer(
                Segment(shown_plain(text), style, control) if not control else Segment(text, style, control)
                for text, style, control in buffer))

    import sys

    stdout: Any = sys.stdout
    out = stdout.plain() if type(stdout).__name__ == "AnswerStream" else None  # (cli/app.py)
    return TableConsole(highlight=False, soft_wrap=False, width=width, file=out)


def escape(text: str) -> str:
    """User text (names, comments) shown literally, never read as rich markup."""
    from rich.markup import escape as rich_escape

    return rich_escape(text)


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


def _value(out: Outcome) -> int:
    """What a hand was worth: its tariff per opponent, else the largest payout."""
    return out.value or max((abs(v) for _, v in out.payouts), default=0)


def _sheet_title(cfg: Any, view: Any, lang: str) -> str:
    status = say("cli.closed" if view.closed else "cli.open", lang)
    sid = view.session.id if view.session else "-"
    key = {"cent": "cli.sheet_title_unit", "point": "cli.sheet_title_points",
           "stroke": "cli.sheet_title_strokes"}.get(view.unit, "cli.sheet_title")
    return say(key, lang, name=cfg.name, session=sid, status=status,
               unit=currency_symbol(view.rules.currency, lang))


def abbreviations(names: Sequence[str], length: int | None) -> dict[str, str]:
    """Each name cut to ``length`` letters, longer where another name starts the same way
    (None: the names as they are).

    >>> abbreviations(["Alexander", "Alexandra", "Ben", "Anna"], 4)
    {'Alexander': 'Alexande', 'Alexandra': 'Alexandr', 'Ben': 'Ben', 'Anna': 'Anna'}
    """
    if length is None:
        return {n: n for n in names}
    out = {}
    for name in names:
        k = length
        while k < len(name) and any(o != name and o.casefold().startswith(name[:k].casefold()) for o in names):
            k += 1
        out[name] = name[:k]
    return out


def _shorten(text: str, names: Mapping[str, str]) -> str:
    """The players' names in a hand's description, as the sheet's headings show them."""
    import re

    for name in sorted(names, key=len, reverse=True):
        if names[name] != name:
            text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", names[name], text)
    return text


def print_sheet(views: Sequence[Any], cfg: Any, compact: bool = False) -> None:
    """The paper block: a row a hand with the running totals, amounts without the currency
    (it is named once, in the title), a short game label and what the hand was worth; the
    Stock column only where a Stock was used. ``compact``: one line a hand (number, game,
    declarers, value, running totals), no dealer and no description.

    Every hand is one line and no line is longer than the terminal: long names are cut to a
    few letters (as on paper), and where the game's text still does not fit it is cut with an
    ellipsis (a voided hand's reason too); the amounts are never cut. Only a table with more
    players than the terminal has room for amounts is printed wider than the terminal."""
    con = console()
    width = con.width
    for view in views:
        lang = view.rules.language
        sheet = None
        for length in (None, 6, 5, 4, 3):  # the names as they are, else as short as needed
            sheet = _SheetLayout(view, cfg, compact, abbreviations(view.players, length))
            if sheet.comfortable() <= width:
                break
        else:  # the game's text cut where it is too long; the names as on paper
            for length in (4, 3):
                sheet = _SheetLayout(view, cfg, compact, abbreviations(view.players, length))
                if sheet.smallest() <= width:
                    break
        assert sheet is not None
        widths = sheet.fit(width)
        out = con if sheet.total(widths) <= width else console(sheet.total(widths))
        print_line(out, _sheet_title(cfg, view, lang))
        out.print(sheet.table(widths))
        if any(r.record.replaces for r in view.rows):
            print_line(con, say("cli.edited_note", lang))
        if not view.closed:
            print_line(con, next_dealer_line(view))


def print_line(con: Any, text: str) -> None:
    """A line of plain text, cut with an ellipsis where it is longer than the terminal (never
    wrapped onto a second line)."""
    from rich.text import Text

    con.print(Text(text), no_wrap=True, overflow="ellipsis")


_GAP = 2  # the columns of the sheet stand two apart (a cell's padding and the rule between)


class _SheetLayout:
    """The sheet of one session as cells, and the width of each column: the numbers as wide as
    they are; the text columns (dealer, game, declarers) as wide as their cells where the
    terminal has room, else narrower, their cells cut with an ellipsis."""

    def __init__(self, view: Any, cfg: Any, compact: bool, names: Mapping[str, str]) -> None:
        from rich.text import Text

        self.view, self.compact, self.names = view, compact, names
        rules = view.rules
        lang = rules.language
        self.lang = lang
        heads = ["#"]
        # (index of a text column, its least width): the game's text gives way first
        if not compact:
            heads += [say("cli.col_dealer", lang), say("cli.col_game", lang)]
            self.text_columns = {2: 12, 1: len(heads[1])}
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
        running = {p: 0 for p in view.players}
        stock = 0
        aliases = getattr(view, "aliases", {})
        n_money = len(view.players) + (1 if self.has_stock else 0)
        seated: set[str] = set()  # who sat at the table by this hand: before he joined, a player's cell is blank
        for row in view.rows:
            rec = row.record
            seated.update(aliases.get(n, n) for n in rec.rules.players)
            short, who, rest = _sheet_hand(row, lang)
            who, rest = _shorten(who, names), _shorten(rest, names)
            if row.played is None:
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
            out = row.played.outcome
            pay = {aliases.get(n, n): a for n, a in out.payout_map().items()}  # a renamed player's column
            for n, a in pay.items():
                running[n] = running.get(n, 0) + a
            stock += out.stock
            number = f"{rec.hand}*" if rec.replaces else str(rec.hand)
            if compact:
                cells = [Text(number), Text(short or rest), Text(who if short else "")]
            else:
                dealer = row.played.seating.dealer
                cells = [Text(number), Text(names.get(dealer, dealer)), Text(" ".join(x for x in (short, rest) if x))]
            worth = _value(out)
            cells.append(Text(bare(worth, out.unit, lang) if worth else ""))
            seated.update(pay)
            for p in view.players:
                if p not in seated:
                    cells.append(blank)
                    continue
                text = tally(running[p], rules, short=True) if out.unit == "stroke" else bare(running[p], out.unit, lang)
                cells.append(Text(text, style="" if p in pay else "dim"))
            if self.has_stock:
                cells.append(Text(bare(stock, out.unit, lang)))
            self.rows.append(cells)
        for payment in getattr(view, "payments", []):  # a player paid out early (settle --player)
            label = Text(say("cli.paid_out_row", lang, name=payment["player"], hand=payment["hand"]))
            cells = [blank, label, blank, blank] if compact else [blank, blank, label, blank]
            for n, a in payment["amounts"].items():
                running[aliases.get(n, n)] = running.get(aliases.get(n, n), 0) + a
            cells += [Text(bare(running.get(p, 0), view.unit, lang)) for p in view.players]
            if self.has_stock:
                cells.append(Text(bare(stock, view.unit, lang)))
            self.rows.append(cells)
        if view.bookings.get("payouts"):
            label = Text(say("cli.stock_row" if "stock_return" in view.bookings else "cli.closing_row", lang))
            cells = [blank, label, blank, blank] if compact else [blank, blank, label, blank]
            for p in view.players:
                running[p] = running.get(p, 0) + view.bookings["payouts"].get(p, 0)
                cells.append(Text(tally(running[p], rules, short=True) if view.unit == "stroke"
                                  else bare(running[p], view.unit, lang)))
            if self.has_stock:
                cells.append(Text(bare(stock + view.bookings.get("stock", 0), view.unit, lang)))
            self.rows.append(cells)
        from rich.cells import cell_len

        first = len(heads) - len(view.players) - (1 if self.has_stock else 0)
        for k, p in enumerate(view.players):  # a player's heading cut only where it makes the column narrower
            if cell_len(p) <= max((row[first + k].cell_len for row in self.rows), default=0):
                heads[first + k] = p
        self.widths = [max([cell_len(h)] + [row[i].cell_len for row in self.rows]) for i, h in enumerate(heads)]
        # the room a voided hand's mark and reason need beside its game (given where there is room)
        self.void_need = max((cell_len(f"{struck[0]} {note}".strip()) for struck, note in self.void_notes.values()),
                             default=0)

    def comfortable(self) -> int:
        """The width of the sheet with the game's text given 20 columns at least (the rest cut)
        and the declarers 12 (``compact``)."""
        widths = list(self.widths)
        i = self.notes_column
        widths[i] = min(widths[i], 12 if self.compact else 20)
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

    def table(self, widths: Sequence[int]) -> Any:
        from rich import box
        from rich.cells import cell_len
        from rich.table import Table
        from rich.text import Text

        table = Table(box=box.SIMPLE_HEAD, show_edge=False, padding=(0, 1), collapse_padding=True,
                      pad_edge=False)
        for i, head in enumerate(self.heads):
            numbers = i == 0 or i not in self.text_columns
            table.add_column(escape(head), justify="right" if numbers else "left", no_wrap=True,
                             overflow="ellipsis", width=widths[i])
        for index, cells in enumerate(self.rows):
            if index in self.void_notes:
                struck, note = self.void_notes[index]
                i = self.notes_column
                room = widths[i]
                pick = next((s for s in struck if cell_len(f"{s} {note}".strip()) <= room), struck[-1])
                cell = Text.assemble((pick, "strike dim"), (" " if pick else "") + note)
                cells = [*cells[:i], cell, *cells[i + 1:]]
            for i in self.text_columns:  # cut where it is too long, the ellipsis after a word's end
                if cells[i].cell_len > widths[i] and len(cells[i].spans) == 0:
                    cells = [*cells[:i], Text(_cut(cells[i].plain, widths[i]), style=cells[i].style), *cells[i + 1:]]
            table.add_row(*cells)
        return table


def next_dealer_line(view: Any) -> str:
    """``Nächster Geber: Ben (Ben setzt aus)``"""
    lang = view.rules.language
    seating = view.next_seating()
    if not seating.sitting_out:
        return say("cli.next_dealer", lang, dealer=seating.dealer)
    key = "cli.next_dealer_one" if len(seating.sitting_out) == 1 else "cli.next_dealer_many"
    return say(key, lang, dealer=seating.dealer, names=Join(seating.sitting_out, "and"))


def print_standings(balances: Mapping[str, int], rules: TableRules, unit: str, notes: Sequence[str],
                    title: str, absent: Collection[str] = ()) -> None:
    """The balances, a row a player; those ``absent`` (not at the table then) with a blank."""
    from rich.table import Table

    lang = rules.language
    table = Table()
    table.add_column(say("cli.col_player", lang))
    table.add_column(say("cli.col_balance", lang), justify="right")
    for n, v in balances.items():
        if n in absent:
            table.add_row(escape(n), "")
            continue
        if unit == "stroke":
            table.add_row(escape(n), tally(v, rules))
            continue
        style = "green" if v > 0 else ("red" if v < 0 else "")
        table.add_row(escape(n), f"[{style}]{amount(v, rules, unit)}[/]" if style else amount(v, rules, unit))
    con = console()
    print_line(con, title)  # above the table, never wrapped to the table's width
    con.print(table)
    for line in fit_notes(notes, list(balances), con.width):
        print_line(con, line)


def fit_notes(notes: Sequence[str], players: Sequence[str], width: int) -> list[str]:
    """The notes under the standings, each on a line of at most ``width`` cells: a note too long
    names the players as the sheet's headings do (cut to a few letters); one still too long is
    broken after a comma of its list, the rest indented (nothing of it cut).

    >>> fit_notes(["Heads: Maximilian 1, Franziska 0, Bartholomäus 2"], ["Maximilian", "Franziska", "Bartholomäus"], 40)
    ['Heads: Maximi 1, Franzi 0, Bartho 2']
    >>> fit_notes(["Heads: Maximilian 1, Franziska 0, Bartholomäus 2"], ["Maximilian", "Franziska", "Bartholomäus"], 24)
    ['Heads: Maximilian 1,', '  Franziska 0,', '  Bartholomäus 2']
    """
    lines: list[str] = []
    for note in notes:
        fitted = next((short for length in (None, 6, 5, 4, 3)
                       if _cells(short := _shorten(note, abbreviations(players, length))) <= width), None)
        if fitted is not None:
            lines.append(fitted)
            continue
        line = ""
        for part in note.split(", "):
            if not line:
                line = part
            elif _cells(f"{line}, {part}") <= width:
                line = f"{line}, {part}"
            else:
                lines.append(line + ",")
                line = "  " + part
        lines.append(line)
    return lines


def settle_text(result: Any, rules: TableRules, parts: Sequence[Any] | None = None,
                closed_now: int | None = None) -> str:
    """The settlement as ``settle`` prints it; ``parts``: the sessions of a season (``--all``)."""
    lang = rules.language
    unit = result.unit
    if parts is not None:
        head = (say("cli.settle_head_season_one", lang) if len(parts) == 1
                else say("cli.settle_head_season", lang, count=len(parts)))
    elif result.session is not None:
        head = say("cli.settle_head_closed" if result.closed else "cli.settle_head_session", lang,
                   session=result.session)
    else:
        head = say("cli.settle_head", lang)
    lines = [head]
    lines += [f"  {n:<12} {amount(v, rules, unit):>12}" for n, v in result.balances.items()]
    if result.stock:
        lines.append(f"  {say('cli.stock', lang):<12} {amount(result.stock, rules, unit):>12}  "
                     f"({say('cli.stock_back', lang)})")
    if result.round_to:
        moves = ", ".join(say("cli.payout", lang, name=n, amount=amount(d, rules, unit))
                          for n, d in result.moved.items()) or "-"
        lines.append(say("cli.rounded", lang, amount=amount(result.round_to, rules, unit, sign=False), moves=moves))
    paid = [p.session for p in parts or () if p.closed]
    if paid:
        lines.append(say("cli.paid_before", lang, sessions=", ".join(map(str, paid))))
    open_ids = [p.session for p in parts or () if not p.closed]
    if parts is None:
        heading = say("cli.transfers", lang)
    elif open_ids:
        heading = say("cli.outstanding_session", lang, session=open_ids[0])
    else:
        heading = say("cli.outstanding", lang)
    lines.append(heading)
    lines += [f"  {transfer_line(t, rules, unit)}" for t in result.transfers] or [f"  {say('cli.nothing_owed', lang)}"]
    lines += [say("cli.warning", lang, text=text) for text in result.warnings]
    if closed_now is not None:
        lines.append(say("cli.session_closed", lang, session=closed_now))
    return "\n".join(lines)


def print_season(columns: Sequence[Any], total: Mapping[str, int], rules: TableRules, unit: str,
                 notes: Sequence[str], title: str) -> None:
    """``standings --all``: a column per session (its date) and the total."""
    from rich.table import Table

    lang = rules.language
    table = Table()
    table.add_column(say("cli.col_player", lang))
    for col in columns:
        head = f"{format_date(col.date, lang) if col.date else ''}\n#{col.session}"
        table.add_column(head + ("" if col.closed else " " + say("cli.season_open", lang)), justify="right")
    table.add_column(say("cli.col_total", lang), justify="right")

    def show(v: int) -> str:
        return tally(v, rules) if unit == "stroke" else amount(v, rules, unit)

    for n, v in total.items():
        # a player who was not at an evening (he joined later): a blank, not 0
        table.add_row(escape(n), *[show(col.balances[n]) if n in col.balances else "" for col in columns], show(v))
    con = console()
    print_line(con, title)
    con.print(table)
    for line in fit_notes(notes, list(total), con.width):
        print_line(con, line)


def transfer_line(t: Any, rules: TableRules, unit: str = "cent") -> str:
    """``Ben zahlt Anna 3,40 €`` / ``Ben pays Anna €3.40``"""
    return say("cli.pays", rules.language, payer=t.payer, payee=t.payee,
               amount=amount(t.amount, rules, unit, sign=False))
