"""The ratings and every player's page as plain data for the HTML report (``export --format
html``): the ratings over every session of the ledger, each player's figures over the sessions
exported (``insights``), each game with its name in the table's language."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..insights.player import figures
from ..insights.rating import PROVISIONAL_HANDS, rate
from .hands import read_hands
from .reports import game_title


def insights(cfg: Any, ledger: Any, session_ids: Sequence[int]) -> dict[str, Any]:
    """``{"ratings": [rating --json's rows, best first], "pages": [stats --player's figures, with
    "rating", "rank" and each game's "title"], "provisional_hands": N}``."""
    hands = list(read_hands(cfg, ledger, ledger.session_ids()))
    ratings = rate(hands)
    wanted = set(session_ids)
    chosen = [h for h in hands if h.session in wanted]
    family = cfg.family_obj()
    names = list(dict.fromkeys([*cfg.players, *(n for h in chosen for n in h.payouts)]))
    rank = {p.name: i for i, p in enumerate(ratings.players, 1)}
    pages = []
    for name in names:
        page = figures(name, chosen, sheepshead=cfg.family == "sheepshead")
        if not page.played.hands:
            continue
        data = page.to_json()
        for line in data["by_game"]:
            line["title"] = game_title(family, line["game"], cfg.language)
        for key in ("best_hand", "worst_hand"):
            if data[key]:
                data[key]["title"] = game_title(family, data[key]["game"], cfg.language)
        mine = ratings.of(name)
        data["rating"] = {**mine.to_json(history=False), "rank": rank[name], "of": len(ratings.players)} if mine else None
        pages.append(data)
    return {"ratings": [p.to_json() for p in ratings.players], "pages": pages, "provisional_hands": PROVISIONAL_HANDS}
