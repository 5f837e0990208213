"""The ratings and every player's page as plain data for the HTML report (``export --format
html``): the ratings over every session of the ledger, each player's figures over the sessions
exported (``insights``), each game with its name in the table's language."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..insights.player import Pages
from ..insights.rating import PROVISIONAL_HANDS, Rater
from ..memo import collection_paused
from .aside import Aside, work_aside
from .hand_facts import read_hands
from .reports import game_title


def insights(cfg: Any, ledger: Any, session_ids: Sequence[int]) -> dict[str, Any]:
    """``{"ratings": [rating --json's rows, best first], "pages": [stats --player's figures, with
    "rating", "rank" and each game's "title"], "provisional_hands": N}``."""
    rater = Rater()
    wanted = set(session_ids)
    family = cfg.family_obj()
    record = bool(family.page_record)  # the record in the family's own terms (Sheepshead's picks, ...)
    pages = Pages(cfg.players, record)
    with collection_paused():  # a hundred thousand hands read, rated and counted: nothing that needs the collector
        for hand in read_hands(cfg, ledger, ledger.session_ids()):  # one pass: the ratings and every page
            rater.add_hand(hand)
            if hand.session in wanted:
                pages.add(hand)
    ratings = rater.result()
    rank = {p.name: i for i, p in enumerate(ratings.players, 1)}
    shown = []
    for name, figures in pages.result().items():
        if not figures.played.hands:
            continue
        data = figures.to_json()
        if "record" in data:  # in the family's words, with the message that says them
            data["record"] = {family.page_record[k]: v for k, v in data["record"].items()}
            data["record_text"] = family.page_record_text
        # the Kontra line in the family's word (Sheepshead's crack); None: the family has no Kontra
        data["kontra_text"] = f"export.page_{family.page_kontra}" if family.page_kontra else None
        for line in data["by_game"]:
            line["title"] = game_title(family, line["game"], cfg.language)
        for key in ("best_hand", "worst_hand"):
            if data[key]:
                data[key]["title"] = game_title(family, data[key]["game"], cfg.language)
        mine = ratings.of(name)
        data["rating"] = {**mine.to_json(history=False), "rank": rank[name], "of": len(ratings.players)} if mine else None
        shown.append(data)
    return {"ratings": [p.to_json() for p in ratings.players], "pages": shown, "provisional_hands": PROVISIONAL_HANDS}


def insights_aside(cfg: Any, ledger: Any, session_ids: Sequence[int]) -> Aside | None:
    """``insights`` worked out by a helper process meanwhile (``aside.work_aside``)."""
    return work_aside(cfg, ledger, session_ids, insights)
