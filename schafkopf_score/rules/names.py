"""What a table's names and signs may be: the checks a table file and an import both make.

Players' names (no invisible or control character, no two names that are one after Unicode
normalisation and case folding), the currency sign, and the languages a table speaks. Pure:
``table.py`` (a table file, ``player add``), ``table_file.py`` (``new``) and the ledger's import call
them alike.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from ..errors import IllegalEntry
from ..i18n import LANGUAGES as LANGUAGES
from ..i18n import Text
from .matching import spellings

# Unicode categories that are invisible or steer the terminal: control (Cc: ESC, BEL, newline,
# NUL), format (Cf: zero-width space and joiner, right-to-left override, BOM), surrogates, and
# the line and paragraph separators.
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
# names of players of at most 50 characters (a table's players are bounded by ``table.py``, a
# tournament's registered players by ``tournament/settings.py``)
PLAYER_NAME_LIMIT = 50


def hidden_character(text: str) -> tuple[int, str] | None:
    """The 1-based position and name of the first invisible or control character in ``text``
    (ESC, BEL, newline, NUL, zero-width space or joiner, right-to-left override, ...), or None.

    >>> hidden_character("Ben\x1b[31m"), hidden_character("Jürgen")
    ((4, 'U+001B'), None)
    """
    if text.isprintable():  # the usual case, at C speed: no control, format or separator character
        return None
    for pos, ch in enumerate(text, 1):
        if unicodedata.category(ch) in HIDDEN_CATEGORIES:
            name = unicodedata.name(ch, "")
            return pos, f"U+{ord(ch):04X}" + (f" {name}" if name else "")
    return None


def refuse_hidden(option: str, text: str) -> None:
    """Refuse a text to be stored (a reason, a comment) that holds an invisible or control
    character: ``--reason 'x\\x1b[31m' has an invisible or control character (U+001B) at
    position 2.`` (the text shown escaped, never raw)."""
    hidden = hidden_character(text)
    if hidden:
        shown = text if len(text) <= 60 else text[:60] + "..."
        raise IllegalEntry(Text("data.option_problem", option=option,
                                problem=Text("data.name_hidden", name=repr(shown), what=hidden[1], pos=hidden[0])),
                           Text("data.text_hidden_hint"))


MAX_REASON = 500  # characters of a correction's reason (a tournament's too): a short sentence


def refuse_long_reason(reason: str) -> None:
    """Refuse a correction's reason longer than ``MAX_REASON`` characters, in every door alike
    (``play`` reads no line that long; a tournament's reasons had the bound already)."""
    if len(reason) > MAX_REASON:
        raise IllegalEntry(Text("data.option_problem", option="--reason",
                                problem=Text("data.reason_long", length=len(reason), most=MAX_REASON)),
                           Text("data.reason_long_hint"))


def is_hidden(ch: str) -> bool:
    """Whether one character is invisible or steers the terminal."""
    return unicodedata.category(ch) in HIDDEN_CATEGORIES


def name_key(name: str) -> str:
    """What makes two names the same: equal after NFC normalisation and case folding
    (composed "Jürgen" and decomposed "Ju\u0308rgen", "JÜRGEN" and "jürgen")."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


def currency_problem(value: str) -> Text | None:
    """Why ``value`` cannot be the table's currency (None if it can): three capital letters
    A-Z (an ISO code: EUR, CHF), or a sign of 1 to 4 letters or currency symbols, a dot allowed
    after the first (€, $, Fr., zł). Nothing else: the currency is printed inside every amount,
    in rich tables too, where brackets would be markup and control characters steer the terminal.

    >>> currency_problem("CHF"), currency_problem("Fr."), currency_problem("[/]").render("en")
    (None, None, "must be three capital letters (a code such as EUR) or a short currency sign, not '[/]'.")
    """
    if re.fullmatch(r"[A-Z]{3}", value):
        return None
    if 1 <= len(value) <= 4 and all(
        ch.isalpha() or unicodedata.category(ch) == "Sc" or (ch == "." and i > 0) for i, ch in enumerate(value)
    ):
        return None
    return Text("data.currency_problem", value=repr(value))


def check_player_name(name: str) -> None:
    """Refuse one new player's name (``player add NAME``, ``player rename OLD NEW``) as
    ``check_player_names`` refuses a list's, in words about that name (not "player 5" of the
    seating it would make): too long, empty, spaces around it, an invisible character."""
    if len(name) > PLAYER_NAME_LIMIT:
        raise IllegalEntry(Text("data.player_name_too_long", name=repr(name[:20] + "..."), length=len(name),
                                limit=PLAYER_NAME_LIMIT), Text("data.player_too_long_hint", limit=PLAYER_NAME_LIMIT))
    if not name.strip():
        raise IllegalEntry(Text("data.name_empty"), Text("data.player_empty_hint"))
    if name != name.strip():
        raise IllegalEntry(Text("data.name_spaces", name=repr(name)), Text("data.player_spaces_hint"))
    hidden = hidden_character(name)
    if hidden:
        raise IllegalEntry(Text("data.name_hidden", name=repr(name), what=hidden[1], pos=hidden[0]),
                           Text("data.player_hidden_hint"))


def check_player_names(players: list[str], fail: Any) -> None:
    """Refuse a list of names a table cannot use: fewer than two; an empty name or one with
    spaces around it; a name with an invisible or control character (it could garble the
    screen or hide a difference); two names that are the same after Unicode normalisation and
    case folding. ``fail(message, hint)`` makes the error from two ``Text``; messages name the
    player's position and read after the key or option (``players`` / ``--players``)."""
    if len(players) < 2:
        raise fail(Text("data.players_too_few", count=len(players)), Text("data.players_too_few_hint"))
    seen: dict[str, tuple[int, str]] = {}
    folded_seen: dict[str, tuple[int, str]] = {}
    for i, p in enumerate(players, 1):
        if len(p) > PLAYER_NAME_LIMIT:  # before anything shows it
            raise fail(Text("data.player_too_long", i=i, name=repr(p[:20] + "..."), length=len(p),
                            limit=PLAYER_NAME_LIMIT),
                       Text("data.player_too_long_hint", limit=PLAYER_NAME_LIMIT))
        if not p.strip():
            raise fail(Text("data.player_empty", i=i), Text("data.player_empty_hint"))
        if p != p.strip():
            raise fail(Text("data.player_spaces", i=i, name=repr(p)), Text("data.player_spaces_hint"))
        hidden = hidden_character(p)
        if hidden:
            pos, what = hidden
            raise fail(Text("data.player_hidden", what=what, i=i, name=repr(p), pos=pos),
                       Text("data.player_hidden_hint"))
        key = name_key(p)
        folded = spellings(p)[0]
        twin = folded if folded in folded_seen and key not in seen else None  # a dict's look-up: no n²
        if twin is not None:
            j, first = folded_seen[twin]
            raise fail(Text("data.players_typed_alike", first=repr(first), second=repr(p), j=j, i=i,
                            folded=repr(folded)),
                       Text("data.players_typed_alike_hint"))
        folded_seen[folded] = (i, p)
        if key in seen:
            j, first = seen[key]
            if first.casefold() == p.casefold():
                raise fail(Text("data.player_twice", name=repr(p)), Text("data.player_twice_hint"))
            raise fail(Text("data.player_twice_unicode", name=repr(p), j=j, i=i, first=ascii(first), second=ascii(p)),
                       Text("data.player_twice_unicode_hint"))
        seen[key] = (i, p)
