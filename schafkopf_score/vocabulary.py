"""The words of the short notation at one table (RULES §8), in its family and its language: the
games the table plays, the words each of them takes, the words of a whole line. The reader
(``notation.read_words``) accepts every word it knows; what the program offers and suggests (the
hint of a word that fits nothing, Tab completion in ``play``, ``play``'s help) is this table's
vocabulary: no Bavarian words at a Sheepshead table, no ``crack`` in a Sauspiel, ``aus`` and
``losen`` at a German table, ``out`` and ``draw`` at an English one.

>>> from schafkopf_score.table import make_rules
>>> vocabulary = Vocabulary(make_rules("bavarian", ["Anna", "Ben", "Cora", "Dora"]))
>>> vocabulary.keywords("sauspiel")[:6]
['sw', 'schwarz', 'l', 'k', 'kontra', 'stoß']
>>> vocabulary.line(GameEntry("solo", player="Cora", suit="herz", augen=105, laufende=4))
'herzsolo co 105 l4'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cached_property
from typing import Any

from .i18n import Join, Text, language_of
from .rules.family import Family, GameType
from .rules.model import AUGEN, COUNT, FLAG, NAME, NAMES, OUTCOME, SUIT, EntryOption, GameEntry, TableRules, entry_options
from .rules.registry import find_family

# where the notation has a word in each language, the one of each language (the reader takes both)
LANGUAGE_WORDS: Mapping[str, Mapping[str, str]] = {
    "de": {"sitting_out": "aus", "dealer": "geber", "alone": "allein"},
    "en": {"sitting_out": "out", "dealer": "dealer", "alone": "alone"},
}
# the options every hand takes, whatever its game: who sat out and who dealt, out of rotation
EVERY_HAND = ("sitting_out", "dealer")
# how a count is said after its word in a hint (``l3 (Laufende)``)
COUNT_WORDS = {"laufende": (3, "data.words_laufende"), "legen": (1, "data.words_legen"),
               "schieben": (1, "data.words_schieben")}


class Vocabulary:
    """The short notation at a table: its family, its language and its house rules (``rules``:
    the table's snapshot) decide which games and words it offers."""

    def __init__(self, rules: TableRules | None, family: Family | None = None) -> None:
        """``rules`` None: every game and word of ``family``, in English (a reader given no table)."""
        self.rules = rules
        family = family or (find_family(rules.family) if rules is not None else None)
        assert family is not None
        self.family = family
        self.lang = language_of(rules.language if rules is not None else "en")

    # -- games ----------------------------------------------------------------------------
    @cached_property
    def games(self) -> list[GameType]:
        """The games the table plays, in the family's order."""
        if self.rules is None:
            return list(self.family.games)
        return [g for g in self.family.games if self.family.enabled(g, self.rules)]

    def shown_game(self, game: str) -> str:
        """The word a game is shown by at this table (``losen`` for a German table's lot)."""
        return self.family.shown_words.get(self.lang, {}).get(game, game)

    def game_words(self) -> list[str]:
        """Every word that names a game the table plays: its shown word first, then its name and
        aliases, then the suited words (``herzsolo``), once each."""
        playing = {g.name for g in self.games}
        words = [self.shown_game(g.name) for g in self.games]
        words += [w for w, name in self.family.game_table().items() if name in playing and w not in self._foreign]
        suited = [s + w for s in self.family.suits for w, name in self.family.suited_games.items() if name in playing]
        return list(dict.fromkeys([*words, *suited]))

    @cached_property
    def _foreign(self) -> set[str]:
        """Game words that are another language's shown word (``draw`` at a German table)."""
        return {w for lang, words in self.family.shown_words.items() if lang != self.lang for w in words.values()}

    # -- the words a game takes -----------------------------------------------------------
    def options(self, game: str | None) -> list[EntryOption]:
        """The entry options ``game`` takes at this table (every game's when None)."""
        gametype = self._game(game)
        allowed = set(EVERY_HAND)
        for g in ([gametype] if gametype is not None else self.games):
            allowed |= g.allowed
        rules = self.rules
        return [o for o in entry_options()
                if o.field in allowed and (rules is None or self.family.option_on(o.field, rules))]

    def keywords(self, game: str | None = None) -> list[str]:
        """The keywords ``game`` takes at this table, in the table's language where the notation
        has a word in each (``aus``/``out``)."""
        words: list[str] = []
        for o in self.options(game):
            own = LANGUAGE_WORDS[self.lang].get(o.field)
            words += [own] if own else list(o.words)
        return list(dict.fromkeys(words))

    def takes_suits(self, game: str | None) -> bool:
        return any(o.kind == SUIT for o in self.options(game))

    def _game(self, game: str | None) -> GameType | None:
        if game is None:
            return None
        try:
            return self.family.find_game(game)
        except Exception:
            suited = self.family.suited_game(game)
            return self.family.game(suited[0]) if suited else None

    def hint(self, game: str | None) -> Text:
        """What a line of ``game`` is made of, as a hint: ``Words are names, a number of Augen,
        + or -, l3 (Laufende), k, re, sw and suits.``"""
        return WordsHint(self, game)

    def suggestion(self, word: str, game: str | None, players: Sequence[str]) -> Text:
        """The hint for a word that fits nothing: the nearest word of this table, and what a
        line of the game is made of."""
        near = self.nearest(word, game, players)
        if near is None or near.casefold() == word.casefold():  # a word of another place (a game after the game)
            return self.hint(game)
        return Text("data.notation_near", near=Text("common.did_you_mean_q", name=near), words=self.hint(game))

    def nearest(self, word: str, game: str | None, players: Sequence[str]) -> str | None:
        """The word of this table closest to ``word`` (a misspelt keyword, game or name)."""
        import difflib

        if len(word) > 40:  # longer than any word of the notation: nothing is near it
            return None
        known = list(dict.fromkeys([*self.keywords(game), *self.game_words(), *self.family.suits, *players]))
        typed = word.casefold()
        starting = [k for k in known if k.casefold().startswith(typed)]
        if len(starting) == 1:  # the start of one word (``ou``: ``ouvert``)
            return starting[0]
        close = difflib.get_close_matches(typed, [k.casefold() for k in known], n=1, cutoff=0.6)
        return next((k for k in known if close and k.casefold() == close[0]), None)

    # -- whole lines -------------------------------------------------------------------------
    def line(self, entry: GameEntry) -> str:
        """The short words of ``entry`` (names as the shortest prefix each has at this table)."""
        prefix = short_names(self.rules.players if self.rules is not None else ())
        words = [self._game_word(entry)]
        for o in entry_options():
            value = getattr(entry, o.field)
            if o.default == value or value is None or o.kind == SUIT:
                continue
            own = LANGUAGE_WORDS[self.lang].get(o.field)
            word = own or (o.words[0] if o.words else "")
            if o.kind == NAME:
                words += [word, prefix.get(value, value)] if word else [prefix.get(value, value)]
            elif o.kind == NAMES:
                for name in value:
                    words += [word, prefix.get(name, name)]
            elif o.kind == FLAG:
                words.append(word)
            elif o.kind == COUNT:
                words.append(f"{word}{value}")
            elif o.kind == OUTCOME:
                words.append("+" if value else "-")
            elif o.kind == AUGEN:
                words.append(str(value))
        if entry.augen_map:
            words += [f"{prefix.get(n, n)}={v}" for n, v in entry.augen_map]
        return " ".join(w for w in words if w)

    def _game_word(self, entry: GameEntry) -> str:
        if entry.suit:
            for word, game in self.family.suited_games.items():
                if game == entry.game:
                    return entry.suit + word
        return self.family.typed_words.get(entry.game) or self.shown_game(entry.game)

    def examples(self) -> list[tuple[str, str]]:
        """``play``'s help: the family's example hands the table plays, in its players' names,
        as (the line, what it records)."""
        players = list(self.rules.players) if self.rules is not None else ["Anna", "Ben", "Cora", "Dora", "Emil"]
        playing = {g.name for g in self.games}
        out = []
        for game, given in self.family.help_examples:
            if game not in playing:
                continue
            taken = {o.field for o in self.options(game)} | {"suit"}
            fields: dict[str, Any] = {}
            for name, value in given.items():
                if name not in taken:
                    continue
                if name in ("player", "partner", "loser", "winner", "durchmarsch"):
                    value = players[int(value) % len(players)]
                elif name in ("jungfrau", "no_trick", "sitting_out"):
                    value = tuple(players[int(v) % len(players)] for v in value)
                fields[name] = value
            entry = GameEntry(game, **fields)
            out.append((self.line(entry), self.family.describe(entry, lang=self.lang)))
        return out


def short_names(players: Iterable[str]) -> dict[str, str]:
    """Each player's shortest prefix that names him alone (two letters at least), lower case.

    >>> short_names(["Anna", "Andreas", "Ben"])
    {'Anna': 'ann', 'Andreas': 'and', 'Ben': 'be'}
    """
    names = list(players)
    out = {}
    for name in names:
        k = 2
        while k < len(name) and any(o != name and o.casefold().startswith(name[:k].casefold()) for o in names):
            k += 1
        out[name] = name[:k].casefold()
    return out


class WordsHint(Text):
    """What a line of a game is made of at a table, worded when shown (in the reader's
    language): names, the Augen (a Sheepshead table's points), + or -, the game's keywords."""

    __slots__ = ("vocabulary", "game")

    def __init__(self, vocabulary: Vocabulary, game: str | None) -> None:
        super().__init__("data.notation_words_of")
        self.vocabulary = vocabulary
        self.game = game

    def render(self, lang: str) -> str:
        v = self.vocabulary
        parts: list[Any] = [Text("data.words_names")]
        options = v.options(self.game)
        kinds = {o.kind for o in options}
        if AUGEN in kinds:
            parts.append(Text("data.words_augen"))
        if OUTCOME in kinds:
            parts.append(Text("data.words_outcome"))
        for o in options:
            if o.kind == COUNT and o.words and o.field in COUNT_WORDS:
                n, what = COUNT_WORDS[o.field]
                parts.append(Text("data.words_count", word=f"{o.words[0]}{n}", what=Text(what)))
            elif o.kind == FLAG and o.words:
                own = LANGUAGE_WORDS[language_of(lang)].get(o.field)
                parts.append(own or o.words[0])
            elif o.kind in (NAME, NAMES) and o.words:
                own = LANGUAGE_WORDS[language_of(lang)].get(o.field)
                parts.append(Text("data.words_name_after", word=own or o.words[0]))
        if v.takes_suits(self.game):
            parts.append(Text("data.words_suits"))
        return Text("data.notation_words_of", words=Join(parts, "and")).render(lang)
