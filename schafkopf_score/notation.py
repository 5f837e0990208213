"""The short notation (RULES §8): a hand as plain words, ``sau an be 72 l3 k``.

The words become the same option values the long options give (``--player an --partner be
--augen 72 --laufende 3 --kontra``), so both forms make the same entry, the same errors and the
same stored row. The keywords come from the entry options' declarations on ``GameEntry``; the
game words, suits and names from the table. Pure: no I/O.

>>> from schafkopf_score.rules.registry import find_family
>>> read_words(find_family("bavarian"), ["Anna", "Ben", "Cora", "Dora"], ["sau", "an", "be", "72", "l3", "k"])
('sauspiel', {'augen': '72', 'laufende': 3, 'kontra': True, 'player': 'an', 'partner': 'be'})
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .errors import IllegalEntry, InvalidEntry
from .rules.family import Family, GameType, fold
from .rules.model import AUGEN, COUNT, FLAG, NAME, NAMES, OUTCOME, EntryOption, entry_options

_COUNT = re.compile(r"([a-zß]+)([0-9]+)")
_PAIR = re.compile(r"(.+)=(-?[0-9]+)")
# who the first and the second name are, by what the game takes
_FIRST = ("player", "loser", "winner")
_SECOND = ("partner",)


def keywords() -> dict[str, EntryOption]:
    """Every keyword of the notation (a flag's word, a count's prefix, the word before a name),
    lower case, to its option."""
    return {w: opt for opt in entry_options() for w in opt.words}


def reserved_words(family: Family) -> set[str]:
    """Words a player's name must not be (it could not be told apart from them)."""
    words = set(keywords()) | set(family.game_table()) | set(family.suits) | set(family.suit_words)
    return words | {"+", "-"}


def clashes(family: Family, name: str) -> str | None:
    """Why ``name`` cannot be a player's name in the short notation (None if it can).

    >>> from schafkopf_score.rules.registry import find_family
    >>> clashes(find_family("bavarian"), "Re"), clashes(find_family("bavarian"), "Resi")
    ("'Re' is a word of the short notation", None)
    """
    key = name.strip().casefold()
    m = _COUNT.fullmatch(key)
    if (key in reserved_words(family) or key.isdigit() or (m and m.group(1) in keywords())
            or family.suited_game(key) is not None):
        return f"{name!r} is a word of the short notation"
    if _PAIR.fullmatch(key):
        return f"{name!r} reads as NAME=N"
    return None


def read_words(family: Family, players: Sequence[str], words: Sequence[str],
               given: Mapping[str, Any] | None = None, given_exactly: bool = False) -> tuple[str, dict[str, Any]]:
    """The game and the option values (as typed, names not yet resolved) that ``words`` say.

    ``words[0]`` is the game (``herzsolo`` also says its suit); ``given`` are long options typed
    alongside, which the words must not say a second time (``given_exactly``: ``given`` holds
    only the options typed on the command line, so even a default value counts as said)."""
    if not words:
        raise InvalidEntry("No game was given.", "Start with the game, e.g. sau, herzsolo, wenz, ramsch.")
    head, *rest = words
    suited = family.suited_game(head)
    raw: dict[str, Any] = {}
    if suited is not None:
        game_name, suit = suited
        raw["suit"] = suit
    else:
        game_name = family.find_game(head).name
    game = family.game(game_name)
    names: list[str] = []
    pairs: list[str] = []
    keys = keywords()
    options = {o.field: o for o in entry_options()}
    by_kind = {o.kind: o for o in entry_options()}  # the one outcome option, the one Augen option
    i = 0
    while i < len(rest):
        word = rest[i]
        key = word.strip().casefold()
        i += 1
        opt = keys.get(key)
        if opt is not None and opt.kind in (NAME, NAMES):  # "jf Dora", "dm Ben"
            if i >= len(rest):
                raise InvalidEntry(f"{word!r} needs a name after it.", f"Write it like {word} Anna.")
            who = rest[i]
            i += 1
            if opt.kind == NAMES:
                raw.setdefault(opt.field, []).append(who)
            else:
                _set(raw, opt, who, word)
            continue
        if opt is not None and opt.kind == FLAG:
            _set(raw, opt, True, word)
            continue
        if key in ("+", "-"):
            _set(raw, by_kind[OUTCOME], key == "+", word)
            continue
        if key.isascii() and key.isdigit():
            _set(raw, by_kind[AUGEN], key, word)
            continue
        m = _COUNT.fullmatch(key)
        if m and keys.get(m.group(1)) is not None and keys[m.group(1)].kind == COUNT:
            _set(raw, keys[m.group(1)], int(m.group(2)), word)
            continue
        m = _PAIR.fullmatch(word.strip())
        if m:
            pairs.append(word.strip())
            continue
        suit_of = _suit(family, game, key)
        if suit_of is not None:
            field, value = suit_of
            _set(raw, options[field], value, word)
            continue
        if _is_name(word, players):
            names.append(word)
            continue
        if key in family.foreign_suits:  # the other deck's suit: the same error as --suit gives
            family.suit(key)
        title = game.title if game.title.startswith(("a ", "an ")) else f"a {game.title}"
        raise IllegalEntry(f"{word!r} fits nothing in {title}.", _nearest(word, family, players))
    if pairs:
        _set(raw, by_kind[AUGEN], ",".join(pairs), " ".join(pairs))
    _place_names(raw, names, game)
    for field in raw:
        # a long option typed with its default value counts too (--lost, --laufende 0)
        if given and field in given and (given_exactly or not options[field].is_default(given[field])):
            raise IllegalEntry(f"{options[field].label} is given twice, as a word and as an option.",
                               "Keep one of them.")
    return game_name, raw


def _set(raw: dict[str, Any], opt: EntryOption, value: Any, word: str) -> None:
    if opt.field in raw:
        raise IllegalEntry(f"{word!r} says {opt.label} a second time.", "Say each thing once.")
    raw[opt.field] = value


def _suit(family: Family, game: GameType, key: str) -> tuple[str, str] | None:
    """A suit word: the trump suit of a game that takes one, else the called Sau."""
    canonical = family.suit_words.get(key, key)
    if canonical not in family.suits:
        return None
    if "suit" in game.allowed:
        return "suit", canonical
    if "sau" in game.allowed:
        return "sau", canonical
    return None


def _is_name(word: str, players: Sequence[str]) -> bool:
    forms = set(fold(word))
    return any(f.startswith(x) for p in players for f in fold(p) for x in forms)


def _place_names(raw: dict[str, Any], names: list[str], game: GameType) -> None:
    """The first name is the declarer (Ramsch: the loser, leaster: the winner), the second the
    partner."""
    slots = [f for f in _FIRST if f in game.allowed][:1] + [f for f in _SECOND if f in game.allowed]
    if len(names) > len(slots):
        extra = names[len(slots)]
        raise IllegalEntry(f"{extra!r} is one name too many for a {game.title}.",
                           "Name the declarer" + (" and the partner" if len(slots) > 1 else "") + " only.")
    for field, name in zip(slots, names, strict=False):
        if field in raw:
            raise IllegalEntry(f"{name!r} names the {field} a second time.", "Say each thing once.")
        raw[field] = name


def _nearest(word: str, family: Family, players: Sequence[str]) -> str:
    import difflib

    known = [*keywords(), *family.game_table(), *family.suits, *family.suit_words, *players]
    close = difflib.get_close_matches(word.casefold(), [k.casefold() for k in known], n=1, cutoff=0.6)
    hint = ""
    if close:
        match = next(k for k in known if k.casefold() == close[0])
        hint = f"Did you mean {match!r}? "
    return (hint + "Words are names, a number of Augen, + or -, l3 (Laufende), g1 (laid), k, re, sw, tout, "
            "jf NAME, and suits.")
