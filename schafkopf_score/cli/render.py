"""A hand's answers in plain text, as ``calc``, ``add``, ``play``, ``undo``/``void`` and
``edit`` print them, and their ``--json`` shapes (the server answers with the same); and what
every printed answer is made of: amounts in the table's format and text fitted to the terminal
(its width, a text's cells, cutting with an ellipsis, the players' names cut short as the
sheet's headings cut them). Rich is not imported here: the rich console is ``console.py``, the
sheet ``sheet.py``, the standings and the settlement ``standings.py``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..i18n import Join, say
from ..money import bare, format_amount, format_value
from ..rules.model import Outcome, TableRules
from ..rules.play import Played
from ..rules.registry import find_family
from ..session.sheet import describe_played, describe_record

# -- amounts, and text fitted to the terminal ------------------------------------------------

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


def currency_symbol(currency: str, lang: str) -> str:
    """The currency as an amount shows it: ``€``, ``$``, ``CHF``."""
    return format_amount(0, currency, lang).replace("0,00", "").replace("0.00", "").strip() or currency


def terminal_width() -> int:
    """The terminal's width (``COLUMNS`` where it is set; 80 where the output is no terminal)."""
    import shutil

    return shutil.get_terminal_size((80, 24)).columns


def text_cells(text: str) -> int:
    """How many terminal cells ``text`` takes (a wide character two); without rich, which
    ``add`` does not load."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 0 if unicodedata.combining(ch) else 1
               for ch in text)


def cut_text(text: str, width: int, words: bool = False) -> str:
    """``text`` cut to ``width`` cells, an ellipsis at the end where it was cut; ``words``: the
    cut after a whole word where a word ends in the part kept.

    >>> cut_text("Sauspiel Wil+Max 0 schwarz Kontra", 22), cut_text("Sauspiel Wil+Max 0 schwarz Kontra", 22, words=True)
    ('Sauspiel Wil+Max 0 sc…', 'Sauspiel Wil+Max 0…')
    """
    if text_cells(text) <= width:
        return text
    out = ""
    for ch in text:
        if text_cells(out + ch) > width - 1:
            break
        out += ch
    if words and not text[len(out)].isspace() and " " in out.strip():
        out = out.rstrip().rsplit(" ", 1)[0]
    return out.rstrip() + "…"


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


def shorten_names(text: str, names: Mapping[str, str]) -> str:
    """The players' names in a hand's description, as the sheet's headings show them."""
    import re

    for name in sorted(names, key=len, reverse=True):
        short = names[name]
        if short != name:  # a function, not a template: a backslash in a name is no escape
            text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", lambda _m: short, text)  # noqa: B023
    return text


# -- a hand's answers ----------------------------------------------------------------------

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
        if text_cells(first) <= width and text_cells(second) <= width:
            break
    if text_cells(second) > width:  # the amounts without their currency (the sheet's cells)
        second = payouts_line(played, lang, names, bare_amounts=True)
    if text_cells(first) > width:
        first = _recorded_line(hand, played, lang, names, width, cut=True)
    lines = [first, second, standing_line(view, notes, width)]
    return "\n".join(line for line in lines if line)


def _recorded_line(hand: int, played: Played, lang: str, names: Mapping[str, str], width: int,
                   cut: bool = False) -> str:
    """``Spiel 3 eingetragen: Herz-Solo Cora 105 L4. Cora gewinnt.``, the names as ``names``
    shows them; ``cut``: the game's text cut with an ellipsis so that the line fits ``width``
    (who won kept), else the line cut at its end."""
    v = verdict(played.outcome, lang, names)
    game = shorten_names(describe_played(played, lang), names)

    def line(game: str) -> str:
        return (say("cli.recorded_verdict", lang, hand=hand, game=game, verdict=v) if v
                else say("cli.recorded_short", lang, hand=hand, game=game))

    text = line(game)
    if not cut or text_cells(text) <= width:
        return text
    room = text_cells(game) - (text_cells(text) - width)
    if room >= 8:
        return line(cut_text(game, room, words=True))
    return cut_text(text, width, words=True)


def standing_line(view: Any, notes: Sequence[str], width: int) -> str:
    """``add``'s third line: the next dealer and what stands before the next hand, on one line
    of at most ``width`` characters: who sits out is left out first, then the notes that do not
    fit (``-v`` shows them all; where none fits, only that -v shows them, or the dealer alone),
    and a line that is still too long is cut with an ellipsis after a word."""
    cell_len = text_cells
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
    return cut_text(" · ".join(x for x in (head, *notes) if x), width, words=True)


def next_dealer_line(view: Any) -> str:
    """``Nächster Geber: Ben (Ben setzt aus)``"""
    lang = view.rules.language
    seating = view.next_seating()
    if not seating.sitting_out:
        return say("cli.next_dealer", lang, dealer=seating.dealer)
    key = "cli.next_dealer_one" if len(seating.sitting_out) == 1 else "cli.next_dealer_many"
    return say(key, lang, dealer=seating.dealer, names=Join(seating.sitting_out, "and"))


def hand_line(hand: int, played: Played, view: Any) -> str:
    """``play``'s one-line answer: number, game, what it was worth as ``calc`` explains it
    (``Sauspiel 10 + 3 Laufende 30 = 40, Kontra x2 = 80 je Verlierer``), payouts, next dealer."""
    lang = view.rules.language
    return say("cli.hand_line", lang, hand=hand, game=describe_played(played, lang),
               explanation=played.outcome.explanation, payouts=payouts_line(played, lang),
               dealer=next_dealer_line(view))


def voided_text(rec: Any, lang: str, short: bool = False, changed: Sequence[Any] = (), moved: Sequence[Any] = ()) -> str:
    """``Spiel 3 (Wenz Cora 70) ist gestrichen; ...`` (``undo``, ``void``; ``play`` short), a
    line for each later hand it re-priced, and for each early payout it moved."""
    head = say("cli.voided_short" if short else "cli.voided", lang, hand=rec.hand, game=describe_record(rec, lang))
    return "\n".join([head, *repriced_lines(changed, rec.rules, rec.unit, lang), *moved_lines(moved, rec.rules, lang)])


def moved_lines(moved: Sequence[Any], rules: TableRules, lang: str) -> list[str]:
    """``Ben wurde nach Spiel 1 ausbezahlt: durch die Korrektur bekommt er noch 0,20 €`` for each
    early payout a correction moved (``session.fold.PayoutMoved``)."""
    return [say("cli.payout_moved_more" if m.change > 0 else "cli.payout_moved_back", lang, name=m.player,
                hand=m.after_hand, amount=amount(abs(m.change), rules, "cent", sign=False, lang=lang)) for m in moved]


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


def edit_text(old: Any, played: Played, hand: int, lang: str, changed: Sequence[Any] = (),
              moved: Sequence[Any] = ()) -> str:
    """``Spiel 16 korrigiert: Sauspiel Anna+Ben 72 -> Sauspiel Anna+Ben 72 Kontra``, each
    player's payout before -> after, and a line for each later hand it re-priced."""
    rules = played.rules
    out = played.outcome
    family = find_family(rules.family)
    before = family.describe(old.entry, old.outcome.get("declarers", ()), old.outcome.get("extra"), lang=lang)
    after = family.describe(played.entry, out.declarers, out.extra, lang=lang)
    lines = [say("cli.hand_corrected", lang, hand=hand, before=before, after=after), out.explanation]
    dealt, seat = old.outcome.get("dealer"), played.seating  # a hand dealt by another (edit N --dealer X)
    if dealt is not None and dealt != seat.dealer:
        lines.append(say("cli.dealer_corrected", lang, before=dealt, after=seat.dealer))
    out_before, out_now = list(old.outcome.get("sitting_out") or []), list(seat.sitting_out)
    if out_before != out_now:
        lines.append(say("cli.sitting_out_corrected", lang, before=", ".join(out_before) or "-",
                         after=", ".join(out_now) or "-"))
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
    lines.extend(moved_lines(moved, rules, lang))
    return "\n".join(lines)


def balances_text(balances: Mapping[str, int], rules: TableRules, unit: str) -> str:
    width = max((len(n) for n in balances), default=0)
    return "\n".join(f"  {n:<{width}}  {amount(v, rules, unit):>12}" for n, v in balances.items())
