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
from .i18n import Text, language_of
from .rules.family import Family, GameType
from .rules.matching import could_name
from .rules.model import AUGEN, COUNT, FLAG, NAME, NAMES, OUTCOME, SUIT, EntryOption, entry_options
from .text import bounded_int, quoted
from .vocabulary import Vocabulary

_COUNT = re.compile(r"([a-zß]+)([0-9]+)")
# a count or the Augen in a word: no game at a table counts past 3 digits (Augen 120, Laufende 14)
COUNT_DIGITS = 3
_PAIR = re.compile(r"(.+)=(-?[0-9]+)")
# who the first and the second name are, by what the game takes
_FIRST = ("player", "loser", "winner")
_SECOND = ("partner",)


# a word of a line: unquoted text, '...' (literal), "..." (\" and \\ escaped), \x (x itself)
_PIECE = re.compile(r"""(\s+)|([^\s'"\\]+)|'([^']*)'|"((?:[^"\\]++|\\.)*+)"|\\(.)|(\\)$|(['"])""", re.S)
_IN_DOUBLE = re.compile(r'\\(["\\])')


def split_words(line: str) -> list[str]:
    """A line's words as a POSIX shell splits them (``shlex.split``), in one pass: quotes keep
    spaces in a word (``--comment "Ben kam spät"``), a backslash escapes the next character.
    An open quote or a backslash at the end raises ``InvalidEntry``.

    >>> split_words("sau an be 72 --comment 'zu spät' k")
    ['sau', 'an', 'be', '72', '--comment', 'zu spät', 'k']
    """
    words: list[str] = []
    current: list[str] | None = None
    for m in _PIECE.finditer(line):
        space, plain, single, double, escaped, trailing, unclosed = m.groups()
        if space is not None:
            if current is not None:
                words.append("".join(current))
                current = None
            continue
        if unclosed is not None:
            raise InvalidEntry(Text("data.line_unreadable", problem=Text("data.no_closing_quote")),
                               Text("data.line_unreadable_hint"))
        if trailing is not None:
            raise InvalidEntry(Text("data.line_unreadable", problem=Text("data.no_escaped_character")),
                               Text("data.backslash_hint"))
        if current is None:
            current = []
        if double is not None:
            current.append(_IN_DOUBLE.sub(r"\1", double))
        else:
            current.append(plain if plain is not None else single if single is not None else escaped)
    if current is not None:
        words.append("".join(current))
    return words


def keywords() -> dict[str, EntryOption]:
    """Every keyword of the notation (a flag's word, a count's prefix, the word before a name),
    lower case, to its option."""
    return {w: opt for opt in entry_options() for w in opt.words}


def reserved_words(family: Family) -> set[str]:
    """Words a player's name must not be (it could not be told apart from them)."""
    words = set(keywords()) | set(family.game_table()) | set(family.suits) | set(family.suit_words)
    return words | {"+", "-"}


def clashes(family: Family, name: str) -> Text | None:
    """Why ``name`` cannot be a player's name in the short notation (None if it can).

    >>> from schafkopf_score.rules.registry import find_family
    >>> clashes(find_family("bavarian"), "Re").render("de"), clashes(find_family("bavarian"), "Resi")
    ("'Re' ist ein Wort der Kurzschreibweise", None)
    """
    key = name.strip().casefold()
    m = _COUNT.fullmatch(key)
    if (key in reserved_words(family) or key.isdigit() or (m and m.group(1) in keywords())
            or family.suited_game(key) is not None):
        return Text("data.name_is_notation_word", name=repr(name))
    if _PAIR.fullmatch(key):
        return Text("data.name_reads_as_pair", name=repr(name))
    if key.startswith("-"):  # add reads it as an option, a line of play a long option or its minus
        return Text("data.name_reads_as_option", name=repr(name))
    return None


class _AGame(Text):
    """A game's name as a message parameter, in English with its indefinite article ("a
    Sauspiel", "an ..."); German messages name the game without one (its article would depend
    on the game's gender), so their templates are worded to take the bare name."""

    __slots__ = ()

    def render(self, lang: str) -> str:
        name = super().render(lang)
        if language_of(lang) != "en" or name.startswith(("a ", "an ", "the ")):
            return name
        return ("an " if name[:1].lower() in "aeiou" else "a ") + name


def a_game(family: Family, game: str) -> Text:
    """``a Sauspiel`` / ``Sauspiel``: the game of a message, article and all."""
    return _AGame("data.game_name", game=family.game_phrase(game))


def read_words(family: Family, players: Sequence[str], words: Sequence[str],
               given: Mapping[str, Any] | None = None, given_exactly: bool = False,
               vocabulary: Vocabulary | None = None) -> tuple[str, dict[str, Any]]:
    """The game and the option values (as typed, names not yet resolved) that ``words`` say.

    ``words[0]`` is the game (``herzsolo`` also says its suit); ``given`` are long options typed
    alongside, which the words must not say a second time (``given_exactly``: ``given`` holds
    only the options typed on the command line, so even a default value counts as said);
    ``vocabulary``: the table's words, which a refusal's hint offers (default: the family's)."""
    if not words:
        raise InvalidEntry(Text("data.no_game"), Text("data.no_game_hint"))
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
                raise InvalidEntry(Text("data.needs_name", word=quoted(word)), Text("data.needs_name_hint", word=word))
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
            bounded_int(key, Text("data.the_augen"), COUNT_DIGITS)
            _set(raw, by_kind[AUGEN], key, word)
            continue
        m = _COUNT.fullmatch(key)
        if m and keys.get(m.group(1)) is not None and keys[m.group(1)].kind == COUNT:
            _set(raw, keys[m.group(1)], bounded_int(m.group(2), keys[m.group(1)].label, COUNT_DIGITS, typed=word), word)
            continue
        m = _PAIR.fullmatch(word.strip())
        if m:
            pairs.append(word.strip())
            continue
        suit_of = _suit(family, game, key)
        if suit_of is None and suited_variant(family, game.name) is not None and \
                family.suit_words.get(key, key) in family.suits:
            # ``wenz an herz``: the suit's Farbwenz (``geier an eichel`` likewise, RULES §12)
            game_name = suited_variant(family, game.name) or game_name
            game = family.game(game_name)
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
        raise IllegalEntry(Text("data.fits_nothing", word=quoted(word), game=a_game(family, game.name)),
                           (vocabulary or Vocabulary(None, family)).suggestion(word, game.name, players))
    if pairs:
        _set(raw, by_kind[AUGEN], ",".join(pairs), " ".join(pairs))
    _place_names(raw, names, family, game)
    for field in raw:
        # a long option typed with its default value counts too (--lost, --laufende 0)
        if given and field in given and (given_exactly or not options[field].is_default(given[field])):
            raise IllegalEntry(Text("data.given_twice", option=options[field].label), Text("data.given_twice_hint"))
    return game_name, raw


def suited_variant(family: Family, game: str) -> str | None:
    """The game a suit turns ``game`` into (Bavarian ``wenz`` -> ``farbwenz``, ``geier`` ->
    ``farbgeier``); None for a game that takes no suit of its own or already has one.

    >>> from schafkopf_score.rules.registry import find_family
    >>> suited_variant(find_family("bavarian"), "wenz"), suited_variant(find_family("bavarian"), "solo")
    ('farbwenz', None)
    """
    variant = family.suited_games.get(game)
    return variant if variant is not None and variant != game else None


def _set(raw: dict[str, Any], opt: EntryOption, value: Any, word: str) -> None:
    if opt.field in raw:
        # a suit word says the trump suit or the called Sau, which no word of a line names
        what: Text | str = Text(f"data.the_{opt.field}") if opt.kind == SUIT else opt.label
        raise IllegalEntry(Text("data.said_twice", word=quoted(word), option=what), Text("data.said_once_hint"))
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
    return could_name(word, players)


def _place_names(raw: dict[str, Any], names: list[str], family: Family, game: GameType) -> None:
    """The first name is the declarer (Ramsch: the loser, leaster: the winner), the second the
    partner."""
    slots = [f for f in _FIRST if f in game.allowed][:1] + [f for f in _SECOND if f in game.allowed]
    if len(names) > len(slots):
        extra = names[len(slots)]
        raise IllegalEntry(Text("data.name_too_many", name=repr(extra), game=a_game(family, game.name)),
                           Text("data.name_declarer_partner" if len(slots) > 1 else "data.name_declarer"))
    for field, name in zip(slots, names, strict=False):
        if field in raw:
            raise IllegalEntry(Text("data.names_role_twice", name=repr(name), role=Text(f"data.role_{field}")),
                               Text("data.said_once_hint"))
        raw[field] = name


def _PAIRS(m: re.Match[str]) -> str:
    """``--augen Anna=N,Ben=N`` -> ``Anna=N Ben=N`` (the words of a line)."""
    return m.group(1).replace(",", " ")


# where the notation has a word in each language, a message names the one of its language
_PREFERRED = {"de": {"sitting_out": "aus", "dealer": "geber", "alone": "allein"},
              "en": {"sitting_out": "out", "dealer": "dealer", "alone": "alone"}}


# an option that takes a value, named alone in a message: in the words of a line
_BARE = {"de": {"augen": "die Augen"}, "en": {"augen": "the Augen"}}


def _short_rules(lang: str) -> list[tuple[re.Pattern[str], Any]]:
    """How a message's long options read in the short notation, derived from the options'
    declarations: ``--laufende 0 bis 4`` -> ``l0 bis l4``, ``--kontra`` -> ``kontra``,
    ``--jungfrau NAME`` -> ``jf NAME``, ``--loser NAME`` -> ``NAME``, ``--won`` -> ``+``."""
    if lang in _SHORT:
        return _SHORT[lang]
    rules: list[tuple[str, Any]] = [(r"--won/--lost", "+/-"), (r"--won\b", "+"), (r"--lost\b", "-")]
    for opt in entry_options():
        names = "|".join(re.escape(n) for n in opt.names if n.startswith("--") and "/" not in n)
        if not names:
            continue
        bare = opt.names[0][2:]
        word = _PREFERRED[lang].get(opt.field) or (bare if bare in opt.words else (opt.words[0] if opt.words else ""))
        if opt.kind == COUNT and word:
            number = r"(\d+|N|\{\w+\})"
            rules.append((rf"(?:{names}) {number}( (?:to|bis|or|oder) ){number}", rf"{word}\1\2{word}\3"))
            rules.append((rf"(?:{names}) {number}", rf"{word}\1"))
            rules.append((rf"(?:{names})(?![\w-])", f"{word}N"))
        elif opt.kind == FLAG and word:
            rules.append((rf"(?:{names})(?![\w-])", word))
        elif opt.kind in (NAMES, NAME) and word:
            rules.append((rf"(?:{names})(?: NAME)?(?![\w-])", f"{word} NAME"))
        elif opt.kind == NAME:
            rules.append((rf"(?:{names}) (NAME|[A-ZÄÖÜ]\w*)", r"\1"))
        elif opt.kind == AUGEN:
            rules.append((rf"(?:{names}) (N|\d+)\b", r"\1"))
            rules.append((rf"(?:{names}) ((?:[^\s,=]+=[^\s,]*)(?:,[^\s,=]+=[^\s,]*)*(?:,\.\.\.)?)", _PAIRS))
            rules.append((rf"(?:{names})(?![\w-])", _BARE[lang][opt.field]))  # the option alone: its words
        elif opt.field in ("suit", "sau"):
            # ``--suit herz`` -> ``herz``; named alone, or before other words ("says --suit a
            # second time"), it stays: no word says it
            rules.append((rf"(?:{names}) (?=(?:{_suit_words()})(?![\w-]))", ""))
    # inside play a hand needs no command word (not the one-shot ``schafkopf add`` a hint names,
    # nor the verb: ``The Augen add up to 110``)
    # (nor ``player add``, a command of play's own)
    rules.append((r"(?<!schafkopf )(?<!player )\badd (?!up\b)(?=[a-zäöü])", ""))
    # (a word the line typed, quoted in the message, stays as typed: ``'--kontra' fits nothing``)
    _SHORT[lang] = [(re.compile("(?<!')" + p), r) for p, r in rules]
    return _SHORT[lang]


_SHORT: dict[str, list[tuple[re.Pattern[str], Any]]] = {}


def _suit_words() -> str:
    """Every family's suit words (``herz``, ``grün``, ``karo``, ``clubs``) as one pattern."""
    from .rules.registry import FAMILIES

    words = {w for f in FAMILIES.values() for w in (*f.suits, *f.suit_words, *f.foreign_suits)}
    return "|".join(re.escape(w) for w in sorted(words, key=lambda w: (-len(w), w)))


def short_form(text: str, lang: str = "de") -> str:
    """A message about a line typed in short words, its long options put as short words.

    >>> short_form("Gib --laufende 0 bis 4 an."), short_form("Enter the Ramsch: add ramsch --loser NAME.", "en")
    ('Gib l0 bis l4 an.', 'Enter the Ramsch: ramsch NAME.')
    >>> short_form("Name one of Ben, Cora, or say who sat out with --sitting-out.", "en")
    'Name one of Ben, Cora, or say who sat out with out NAME.'
    >>> short_form("The Augen add up to 110, not 120.", "en"), short_form("Trag Spiele mit schafkopf add ein.")
    ('The Augen add up to 110, not 120.', 'Trag Spiele mit schafkopf add ein.')
    """
    for pattern, replacement in _short_rules(language_of(lang)):
        text = pattern.sub(replacement, text)
    return text


def family_words(text: str, family: str, lang: str) -> str:
    """A message in the family's own words (its ``own_words``): a Sheepshead table counts
    points, not Augen.

    >>> family_words("Give --augen N (0 to 120).", "sheepshead", "en")
    'Give --points N (0 to 120).'
    >>> family_words("Give --augen N (0 to 120).", "bavarian", "en")
    'Give --augen N (0 to 120).'
    """
    from .rules.registry import find_family

    for old, new in find_family(family).own_words.get(language_of(lang), ()):
        text = text.replace(old, new)
    return text


class Wording:
    """How an error's words are put for a line as it was typed (``ScoreError.wording``): a line
    in short words gets short words (``l0 bis l4``, not ``--laufende 0 bis 4``), and every line
    its family's words (a Sheepshead table counts points, not Augen). Picklable: an error may
    cross a process."""

    __slots__ = ("family", "short")

    def __init__(self, family: str, short: bool) -> None:
        self.family = family
        self.short = short

    def __call__(self, text: str, lang: str) -> str:
        if self.short:
            text = short_form(text, lang)
        return family_words(text, self.family, lang)

    def __reduce__(self) -> tuple[object, ...]:
        return Wording, (self.family, self.short)
