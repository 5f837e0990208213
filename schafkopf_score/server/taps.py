"""The tap entry's vocabulary, generated from the family's declarations: the games the table's
house rules let it play with the entry options each takes there and the words of its language
(the table's ``vocabulary.Vocabulary``, made of ``Family.enabled``, ``Family.option_on`` and
``GameEntry``'s option declarations), the suits, and a word for each player. The page's script
(``static/taps.js``) reads the entry line with it and writes taps into it as words, so taps and
typing edit one line (RULES §8, §11).

>>> from schafkopf_score.rules.registry import find_family
>>> player_words(find_family("bavarian"), ["Anna", "Andreas", "Ben", "Kurt"])
{'Anna': 'ann', 'Andreas': 'and', 'Ben': 'be', 'Kurt': 'ku'}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..i18n import render, say
from ..notation import clashes, family_words
from ..rules.family import Family
from ..rules.matching import resolve_name
from ..rules.model import COUNT, FLAG, NAME, NAMES, TableRules, entry_options

# the names a hand's first and second name fill, by what the game takes (as notation places them)
FIRST = ("player", "loser", "winner")
SECOND = ("partner",)
# options the pad shows as a group of their own (the Augen, the suits, won/lost) or not at all
NOT_TAPPED = {"comment", "augen_map", "cards", "suit", "sau"}
MOST_COUNT = 8  # the largest count a button offers (Laufende: type l9 and above)


def player_words(family: Family, players: Sequence[str]) -> dict[str, str]:
    """The word a tap writes for each player: the shortest start of the name (two letters at
    least) that names only that player and is no word of the notation; the whole name (quoted
    where it holds a space or a quote) where none is."""
    out = {}
    for name in players:
        key = name.casefold()
        word = None
        if not any(ch.isspace() or ch in "'\"\\=" for ch in key):
            for n in range(2, len(key) + 1):
                start = key[:n]
                if start[-1:].isdigit() or clashes(family, start) is not None:
                    continue
                try:
                    if resolve_name(start, players) == name:
                        word = start
                        break
                except Exception:  # ambiguous: a longer start
                    continue
        out[name] = word or "'" + name.replace("'", "'\"'\"'") + "'"
    return out


def _label(field: str, lang: str, family: Family) -> str:
    return family_words(say(f"server.tap.{field}", lang), family.name, lang)


def vocabulary(family: Family, rules: TableRules, players: Sequence[str], lang: str) -> dict[str, Any]:
    """What the tap entry offers at this table and the words it writes (JSON for the page): the
    table's notation (``vocabulary.Vocabulary``: the games it plays, the options each takes at
    its house rules, the words of its language) made into buttons."""
    from ..rules.model import GameEntry
    from ..vocabulary import LANGUAGE_WORDS, Vocabulary

    table = Vocabulary(rules, family)
    own = LANGUAGE_WORDS.get(table.lang, {})
    games, used = [], set()
    for g in table.games:
        fields = {o.field for o in table.options(g.name)}
        if g.everyone:  # a game of each for himself takes its names as pairs too
            fields |= {"augen_map"} & g.allowed
        used |= fields
        suit_field = "suit" if "suit" in fields else ("sau" if "sau" in fields else None)
        games.append({"name": g.name, "word": table.line(GameEntry(g.name)), "label": render(family.game_text(g.name), lang),
                      "fields": sorted(fields), "suit": suit_field,
                      "first": next((f for f in FIRST if f in fields), None),
                      "second": next((f for f in SECOND if f in fields), None), "thrown_in": g.thrown_in})
    flags, counts, names = [], [], []
    seats = rules.seats
    playing = table.games
    trumps = max((g.trumps[0] for g in playing), default=0)
    for opt in entry_options():
        if opt.field not in used or opt.field in NOT_TAPPED:
            continue
        word = own.get(opt.field) or (opt.words[0] if opt.words else "")
        if opt.kind == FLAG and word:
            flags.append({"field": opt.field, "word": word, "label": _label(opt.field, lang, family)})
        elif opt.kind == COUNT and word:
            most = {"laufende": min(trumps, MOST_COUNT), "legen": seats, "schieben": seats - 1}.get(opt.field, 4)
            least = 1
            if opt.field == "laufende":
                least = min((g.laufende_min for g in playing if g.laufende_min), default=1)
            counts.append({"field": opt.field, "prefix": word, "label": _label(opt.field, lang, family),
                           "numbers": list(range(least, max(least, most) + 1))})
        elif opt.kind in (NAME, NAMES) and opt.field not in FIRST + SECOND:
            names.append({"field": opt.field, "word": word, "many": opt.kind == NAMES,
                          "label": _label(opt.field, lang, family)})
    roles = [{"field": f, "label": _label(f, lang, family)} for f in ("player", "partner", "loser", "winner")
             if f in used]
    suits = ([{"word": s, "label": render(family.suit_text(s), lang)} for s in family.suits]
             if used & {"suit", "sau"} else [])
    total = family.limits(rules)[0]
    return {
        "games": games,
        "game_words": family.game_table(),
        "suit_words": {**{s: s for s in family.suits}, **dict(family.suit_words)},
        "suited": dict(family.suited_games),
        "suits": suits,
        "players": [{"name": p, "word": w} for p, w in player_words(family, players).items()],
        "roles": roles,
        "names": names,
        "flags": flags,
        "counts": counts,
        "keywords": {w: {"field": o.field, "kind": o.kind} for o in entry_options() for w in o.words},
        "outcome": "won" in used,
        # Schneider without counting: the Augen that make it (the losing side with 29 or fewer)
        "augen": {"label": _label("augen", lang, family), "total": total,
                  "schneider_won": total - 29, "schneider_lost": 29},
    }
