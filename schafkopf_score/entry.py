"""From what was typed to a ``GameEntry``: numbers, NAME=N lists and names by unique prefix.

Pure: no I/O. Used by ``calc``, ``add`` and ``edit`` alike.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from .errors import IllegalEntry, InvalidEntry
from .i18n import Text
from .notation import read_words, suited_variant
from .rules.family import Family
from .rules.matching import resolve_name
from .rules.model import AUGEN, NAME, NAMES, SUIT, TEXT, GameEntry, entry_options
from .rules.names import refuse_hidden
from .text import bounded_int, quoted
from .vocabulary import Vocabulary


def parse_int(text: str, option: str, hint: Text | None = None) -> int:
    """A whole number in ASCII digits 0-9, with an optional leading minus (the rules then say
    what range is allowed). ``int()`` alone would also take ``7_0``, ``+70`` and other scripts'
    digits such as ``٧٠``.

    >>> parse_int(" 72 ", "--augen"), parse_int("-5", "--augen")
    (72, -5)
    """
    t = text.strip()
    if re.fullmatch(r"-?[0-9]+", t):
        return bounded_int(t, option, hint=hint)
    raise InvalidEntry(Text("data.not_whole_number", option=option, text=quoted(text)),
                       hint or Text("data.not_whole_number_hint", option=option))


def parse_pairs(text: str, option: str) -> list[tuple[str, str]]:
    """``Anna=45,Ben=30`` -> pairs. A chunk without ``=`` belongs to the next one (a name with
    a comma); the number is after the last ``=`` (a name may contain ``=``)."""
    pairs: list[tuple[str, str]] = []
    pending = ""
    for chunk in text.split(","):
        piece = pending + chunk
        if "=" not in piece:
            pending = piece + ","
            continue
        pending = ""
        name, _, value = piece.rpartition("=")
        pairs.append((name.strip(), value.strip()))
    if pending or not pairs:
        raise InvalidEntry(Text("data.not_pairs", option=option, text=repr(text)),
                           Text("data.not_pairs_hint", option=option))
    return pairs


def build_entry(family: Family, players: Sequence[str], game: str, raw: Mapping[str, Any]) -> GameEntry:
    """Check the syntax of an entry and resolve every name; the rules are checked later."""
    g = family.find_game(game)
    return GameEntry(game=g.name, **entry_fields(family, players, raw))


def entry_fields(family: Family, players: Sequence[str], raw: Mapping[str, Any],
                 given: Collection[str] | None = None) -> dict[str, Any]:
    """The ``GameEntry`` fields that ``raw`` (option values as typed) sets, names resolved.

    Without ``given``, an option counts when its value is not the option's default; with
    ``given`` (the options typed on the command line), exactly those count, defaults included
    (``edit 7 --laufende 0`` takes the Laufende out)."""
    kw: dict[str, Any] = {}
    for opt in entry_options():
        value: Any = raw.get(opt.field)
        key = opt.field
        if given is not None:
            if key not in given:
                continue
            if opt.is_default(value):
                kw[key] = opt.default
                if opt.kind == AUGEN:
                    kw["augen_map"] = None
                continue
        elif opt.is_default(value):  # only a value equal to the option's default says nothing
            continue
        if opt.kind == NAME:
            kw[key] = resolve_name(value, players)
        elif opt.kind == NAMES:
            names = [resolve_name(v, players) for v in value]
            kw[key] = tuple(dict.fromkeys(names)) if key == "sitting_out" else tuple(names)
        elif opt.kind == AUGEN:
            text = str(value)
            if "=" in text:
                pairs = parse_pairs(text, "--augen")
                kw["augen_map"] = tuple(
                    (resolve_name(n, players), parse_int(v, f"--augen {n}=", Text("data.augen_pair_hint")))
                    for n, v in pairs
                )
                kw["augen"] = None
            else:
                kw["augen"] = parse_int(text, "--augen", Text("data.augen_hint"))
                kw["augen_map"] = None
        elif opt.kind == SUIT:
            kw[key] = family.suit(value)
        else:
            if opt.kind == TEXT and isinstance(value, str):  # a comment: stored, and shown later
                refuse_hidden(opt.label, value)
            kw[key] = value
    return kw


def typed_text(game: str, raw: Mapping[str, Any]) -> str:
    """The entry as typed (before names are resolved), as stored with the game: every option
    whose value is not its default, ``--lost`` (``won: false``) included.

    >>> typed_text("bettel", {"player": "co", "won": False, "laufende": 0})
    '{"game": "bettel", "player": "co", "won": false}'
    """
    import json

    typed = {opt.field: raw[opt.field] for opt in entry_options()
             if opt.field in raw and not opt.is_default(raw[opt.field])}
    return json.dumps({"game": game, **typed}, ensure_ascii=False)


def entry_from_words(family: Family, players: Sequence[str], words: Sequence[str],
                     options: Mapping[str, Any] | None = None, vocabulary: Vocabulary | None = None) -> tuple[GameEntry, str]:
    """A hand from the short notation (``sau an be 72 l3 k``) and any long options typed with it:
    the entry and its "as typed" text. Both forms give the same entry and the same text.
    ``vocabulary``: the table's words, which a refusal's hint offers."""
    options = dict(options or {})
    game, raw = read_words(family, players, words, given=options, vocabulary=vocabulary)
    merged = {**options, **raw}
    variant = suited_variant(family, family.find_game(game).name)
    if variant is not None and merged.get("suit") is not None:
        game = variant  # ``wenz --suit herz`` is the Herz-Farbwenz, as ``wenz an herz`` is (RULES §12)
    entry = build_entry(family, players, game, merged)
    # a suit is kept by its name, however the table called it (grün, alte: gras, eichel)
    merged.update({k: getattr(entry, k) for k in ("suit", "sau") if merged.get(k) is not None})
    return entry, typed_text(entry.game, merged)


def is_game_word(family: Family, word: str) -> bool:
    """Whether ``word`` names a game (``sau``, ``herzsolo``), not a change to a hand."""
    key = word.strip().casefold()
    return key in family.game_table() or family.suited_game(key) is not None


def patch_from_words(family: Family, players: Sequence[str], old: GameEntry, words: Sequence[str],
                     options: Mapping[str, Any], given: Collection[str],
                     vocabulary: Vocabulary | None = None) -> tuple[GameEntry, str]:
    """Hand ``old`` with only what ``words`` and the long options ``given`` say changed
    (``edit 16 k``, ``edit 16 --laufende 0``): the rest of the hand stays."""
    game, raw = read_words(family, players, [old.game, *words], given={k: options[k] for k in given},
                           given_exactly=True, vocabulary=vocabulary)
    merged = {**{k: options[k] for k in given}, **raw}
    if not merged:
        raise IllegalEntry(Text("data.no_change"), Text("data.no_change_hint"))
    variant = suited_variant(family, old.game)
    if variant is not None and merged.get("suit") is not None:
        game = variant  # ``edit 3 herz`` on a Wenz: the Herz-Farbwenz
    patch = entry_fields(family, players, merged, set(merged))
    new_game = game if game != old.game else old.game
    return old.with_(game=new_game, **patch), typed_text(new_game, merged)


def corrected_entry(family: Family, players: Sequence[str], old: GameEntry, words: Sequence[str],
                    options: Mapping[str, Any], given: Collection[str],
                    vocabulary: Vocabulary | None = None) -> tuple[GameEntry, str]:
    """A correction of hand ``old`` (``edit N ...``, in ``play`` too): a game word first replaces
    the hand by the entry as typed (``edit 7 sau an co 72``); otherwise only what the words and
    the ``given`` long options say changes (``edit 7 k``, ``edit 7 --laufende 0``)."""
    if words and is_game_word(family, words[0]):
        return entry_from_words(family, players, words, options, vocabulary)
    return patch_from_words(family, players, old, words, options, given, vocabulary)
