"""Matching what was typed: players by unique prefix (case and accents folded), games and
choices by name or alias, with a "did you mean" for what matches nothing (pure)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol

from ..errors import AmbiguousEntry, IllegalEntry
from ..i18n import Join, Text


class Named(Protocol):
    """What a name table is made of (a family's ``GameType``): a name and its aliases."""

    @property
    def name(self) -> str: ...

    @property
    def aliases(self) -> tuple[str, ...]: ...



def then(first: Text | None, second: Text) -> Text:
    """Two sentences of a hint, the first left out when there is none (``Did you mean Ben?
    Players here: ...``)."""
    return Text("engine.then", first=first, second=second) if first is not None else second


def alias_table(games: Iterable[Named]) -> dict[str, str]:
    """Every game name and alias -> the game's name."""
    table: dict[str, str] = {}
    for g in games:
        table[g.name] = g.name
        for a in g.aliases:
            table[a] = g.name
    return table


def spellings(text: str) -> tuple[str, str]:
    """A name as it may be typed: case-insensitive, umlauts as the plain vowel or with an e, ß as
    ss, accents dropped.

    >>> spellings("Jürgen"), spellings("Strauß")
    (('jurgen', 'juergen'), ('strauss', 'strauss'))
    """
    import unicodedata

    t = unicodedata.normalize("NFC", text).strip().casefold().replace("ß", "ss")
    with_e = t.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue")
    plain = "".join(c for c in unicodedata.normalize("NFKD", t) if not unicodedata.combining(c))
    with_e = "".join(c for c in unicodedata.normalize("NFKD", with_e) if not unicodedata.combining(c))
    return plain, with_e


def by_parts(typed: str, name: str) -> bool:
    """Whether ``typed`` names ``name`` by the parts of a full name: each typed word the start
    of another word of the name, in order (``wolf`` and ``st w`` name Stefan Wolf, ``schroder``
    Stefan Schröder).

    >>> by_parts("wolf", "Stefan Wolf"), by_parts("s w", "Stefan Wolf"), by_parts("w s", "Stefan Wolf")
    (True, True, False)
    """
    typed_words = [spellings(w) for w in typed.split()]
    words = [spellings(w) for w in name.split()]
    if not typed_words or len(words) < 2:
        return False
    i = 0
    for forms in typed_words:
        while i < len(words) and not any(f.startswith(x) for f in words[i] for x in forms if x):
            i += 1
        if i >= len(words):
            return False
        i += 1
    return True


def could_name(word: str, players: Sequence[str]) -> bool:
    """Whether ``word`` may name one of ``players``: the start of a name (in any spelling), or
    parts of a full name (``by_parts``)."""
    forms = set(spellings(word))
    return any(f.startswith(x) for p in players for f in spellings(p) for x in forms) or any(
        by_parts(word, p) for p in players)


def resolve_name(typed: str, candidates: Sequence[str]) -> str:
    """Match a typed name by case-insensitive unique prefix (an exact match always wins);
    umlauts may be typed plain or with an e (``jurgen`` and ``juergen`` find Jürgen); where no
    name starts so, by the parts of a full name (``wolf``, ``st w``: ``by_parts``), so that
    two players of one first name are told apart by their surnames.

    >>> resolve_name("an", ["Anna", "Ben"]), resolve_name("ju", ["Jürgen", "Anna"])
    ('Anna', 'Jürgen')
    """
    t = typed.strip().casefold()
    if not t:
        raise IllegalEntry(Text("engine.name_empty"), Text("engine.name_one_of", names=Join(candidates)))
    exact = [c for c in candidates if c.casefold() == t]
    if exact:
        return exact[0]
    # a whole name with its umlauts typed plain is exact too: "bar" is Bär, not Barbara
    typed_forms = set(spellings(typed))
    folded = {c: spellings(c) for c in candidates}
    exact = [c for c in candidates if typed_forms & set(folded[c])]
    if len(exact) == 1:
        return exact[0]
    hits = [c for c in candidates if c.casefold().startswith(t)]
    if not hits or t == spellings(typed)[0]:  # typed plain, a prefix of a name with umlauts too: "ba" is Bär or Barbara
        hits = [c for c in candidates
                if c.casefold().startswith(t) or any(f.startswith(x) for f in folded[c] for x in typed_forms)]
    if not hits:  # a surname, or the parts of a full name (``wolf``, ``st wo``: Stefan Wolf)
        hits = [c for c in candidates if by_parts(typed, c)]
    if len(hits) == 1:
        return hits[0]
    if hits:
        raise AmbiguousEntry(Text("engine.name_ambiguous", typed=repr(typed), names=Join(hits)),
                             Text("engine.name_type_more"))
    import difflib

    close = difflib.get_close_matches(spellings(typed)[0], [spellings(c)[0] for c in candidates], n=1, cutoff=0.6)
    mean = next((c for c in candidates if close and spellings(c)[0] == close[0]), None)
    raise IllegalEntry(
        Text("engine.not_a_player", typed=repr(typed)),
        then(Text("common.did_you_mean", name=mean) if mean else None,
             Text("engine.players_here", names=Join(candidates))),
    )


def find_choice(typed: str, table: Mapping[str, str], missing: Text, shown: Callable[[str], Any] = str) -> str:
    """Look ``typed`` up in an alias table (case-insensitive); ``missing`` says what it is not,
    with a did-you-mean and the known names as the hint (each as ``shown`` presents it: a
    game by its word in the reader's language)."""
    key = typed.strip().casefold()
    if key in table:
        return table[key]
    names = sorted(set(table.values()))
    import difflib

    close = difflib.get_close_matches(key, list(table), n=1)
    hint = Text("common.did_you_mean_q", name=shown(table[close[0]])) if close else None
    raise IllegalEntry(missing, then(hint, Text("engine.known", names=Join(shown(n) for n in names))))
