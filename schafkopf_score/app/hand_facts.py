"""The recorded hands of sessions as ``insights.hands.HandFacts``: read from the store in one
query (``Ledger.hand_rows``), in the order they were played, without replaying (``check`` is
what proves the stored payouts equal a replay). Voided hands and hands nobody played (thrown
in, a Deutscher draw) are left out; earlier names count under the name the player goes by now.

A season repeats itself: each distinct stored text (an entry, an outcome, the payouts) is
decoded once (bounded memos), so a hundred thousand hands read in well under a second.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any

from ..insights.hands import HandFacts, Match, match
from ..memo import Memo


def base_tariff(family: Any, tariff: Any) -> int:
    """The table's plain game in a tariff: the family's first base key (Bavarian ``sauspiel``,
    Wendish ``normal``, a tournament's Sauspiel points), else 1 (points, strokes)."""
    keys = getattr(family, "default_tariff", None)
    if keys:
        value = tariff.get(keys[0])
        if isinstance(value, int) and value > 0:
            return value
    return 1


def read_hands(cfg: Any, ledger: Any, session_ids: Sequence[int]) -> Iterator[HandFacts]:
    """The valid hands of the sessions (ids ascending), in the order they were played."""
    return _read(cfg, ledger, session_ids, True)


def read_matches(cfg: Any, ledger: Any, session_ids: Sequence[int]) -> Iterator[tuple[int, Match | None]]:
    """What the rating reads of the same hands: each one's session and its match (None: a hand
    without sides), without the rest of its facts (a tenth of ``rating``'s time went into them)."""
    return _read(cfg, ledger, session_ids, False)


def _read(cfg: Any, ledger: Any, session_ids: Sequence[int], facts: bool) -> Iterator[Any]:
    if not session_ids:
        return
    family = cfg.family_obj()
    kinds = {g.name: g for g in family.games}
    aliases = ledger.aliases()
    wanted = set(session_ids)
    loads = json.loads

    def outcome(text: str) -> tuple[tuple[str, ...], Any, int]:
        o = loads(text)
        declarers = tuple(aliases.get(n, n) for n in o.get("declarers", ()))
        return declarers, o.get("won"), int(o.get("value", 0) or 0)

    def entry(text: str) -> bool:
        e = loads(text)
        return bool(e.get("kontra") or e.get("crack"))

    def payouts(text: str) -> dict[str, int]:
        amounts = loads(text)
        if not aliases:
            return amounts  # type: ignore[no-any-return]
        return {aliases.get(n, n): v for n, v in amounts.items()}

    outcomes = Memo(outcome)
    entries = Memo(entry)
    amounts = Memo(payouts)
    bases: Memo[int, int] = Memo(lambda rid: base_tariff(family, ledger.rules(rid).tariff))
    unit = "point" if getattr(cfg, "kind", "table") == "tournament" else family.unit  # a tournament counts points

    def sides(key: tuple[tuple[tuple[str, ...], Any, int], str, int, str]) -> Match | None:
        """The match of a hand, once per distinct result, payouts, tariff and game."""
        (declarers, won, value), payouts_text, ruleset_id, game = key
        kind = kinds.get(game)
        return match(HandFacts(0, 0, "", game, declarers, won, value, amounts[payouts_text], bases[ruleset_id],
                               bool(kind is not None and kind.everyone), False, unit))

    matches: Memo[tuple[tuple[tuple[str, ...], Any, int], str, int, str], Match | None] = Memo(sides)
    for row in ledger.hand_rows(list(session_ids)):
        sid, hand, _, created_at, game, entry_text, ruleset_id, payouts_text, _, outcome_text, void_kind, _ = row
        if void_kind is not None or sid not in wanted:
            continue
        kind = kinds.get(game)
        if kind is not None and kind.thrown_in:
            continue
        result = outcomes[outcome_text]
        if not facts:
            yield sid, matches[result, payouts_text, ruleset_id, game]
            continue
        # Kontra (a crack) is rare: the entry's text is decoded only where it may say so
        kontra = ("kontra" in entry_text or "crack" in entry_text) and entries[entry_text]
        yield HandFacts(sid, hand, created_at, game, result[0], result[1], result[2], amounts[payouts_text],
                        bases[ruleset_id], bool(kind is not None and kind.everyone), kontra,
                        unit, matches[result, payouts_text, ruleset_id, game])
