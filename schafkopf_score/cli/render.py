"""What every printed answer of the CLI is made of: amounts in the table's format, text fitted
to the terminal (its width, a text's cells, cutting with an ellipsis, the players' names cut
short as the sheet's headings cut them) and the rich console (rich is imported only there).
A hand's answers are in ``answers.py``, the sheet in ``sheet.py``, the standings and the
settlement in ``standings.py``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..money import format_amount, format_value
from ..rules.model import TableRules
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
        if names[name] != name:
            text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", names[name], text)
    return text


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


def print_line(con: Any, text: str) -> None:
    """A line of plain text, cut with an ellipsis where it is longer than the terminal (never
    wrapped onto a second line)."""
    from rich.text import Text

    con.print(Text(text), no_wrap=True, overflow="ellipsis")
