"""The ratings and every player's page as plain data for the HTML report (``export --format
html``): the ratings over every session of the ledger, each player's figures over the sessions
exported (``insights``), each game with its name in the table's language."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..insights.hands import HandFacts
from ..insights.player import Pages
from ..insights.rating import PROVISIONAL_HANDS, Rater, Ratings, rate_matches, shown
from ..memo import collection_paused
from .hand_facts import ASIDE_FROM, Alongside, HelperLost, MatchesAside, aside_worth_it, read_hands
from .reports import game_title


def insights(cfg: Any, ledger: Any, session_ids: Sequence[int]) -> dict[str, Any]:
    """``{"ratings": [rating --json's rows, best first, each with its "history": [{"session",
    "rating"}, ...]], "pages": [stats --player's figures, with "rating", "rank" and each game's
    "title"], "provisional_hands": N}``."""
    rater = Rater()
    pages = _PagesAlongside(cfg, session_ids)
    wanted = pages.wanted
    with collection_paused():  # a hundred thousand hands read, rated and counted: nothing that needs the collector
        for hand in read_hands(cfg, ledger, ledger.session_ids()):  # one pass: the ratings and every page
            rater.add_hand(hand)
            if hand.session in wanted:
                pages.add(hand)
    return _with_ratings(pages.done(ledger), rater.result())


class _PagesAlongside(Alongside):
    """Every player's page (``insights.player.Pages``) over the hands of the sessions shown, as
    the report shows it: each game with its name, the record in the family's words."""

    def __init__(self, cfg: Any, session_ids: Sequence[int]) -> None:
        self.cfg = cfg
        self.family = cfg.family_obj()
        self.wanted = frozenset(session_ids)
        self.pages = Pages(cfg.players, bool(self.family.page_record))  # (Sheepshead's picks, ...)

    def add(self, hand: HandFacts) -> None:
        self.pages.add(hand)

    def done(self, ledger: Any = None) -> list[dict[str, Any]]:
        family, language = self.family, self.cfg.language
        shown = []
        for figures in self.pages.result().values():
            if not figures.played.hands:
                continue
            data = figures.to_json()
            if "record" in data:  # in the family's words, with the message that says them
                data["record"] = {family.page_record[k]: v for k, v in data["record"].items()}
                data["record_text"] = family.page_record_text
            # the Kontra line in the family's word (Sheepshead's crack); None: the family has no Kontra
            data["kontra_text"] = f"export.page_{family.page_kontra}" if family.page_kontra else None
            for line in data["by_game"]:
                line["title"] = game_title(family, line["game"], language)
            for key in ("best_hand", "worst_hand"):
                if data[key]:
                    data[key]["title"] = game_title(family, data[key]["game"], language)
            shown.append(data)
        return shown


def _with_ratings(pages: list[dict[str, Any]], ratings: Ratings) -> dict[str, Any]:
    """``insights``' answer: the ``pages`` shown (``_PagesAlongside.done``), each with its rating."""
    rank = {p.name: i for i, p in enumerate(ratings.players, 1)}
    for data in pages:
        mine = ratings.of(data["player"])
        data["rating"] = ({**mine.to_json(history=False), "rank": rank[data["player"]], "of": len(ratings.players)}
                          if mine else None)
    # each rating with its course, a point after each session (the season's chart: the rating alone)
    return {"ratings": [{**p.to_json(history=False), "history": [{"session": q.session, "rating": shown(q.mu)}
                                                                 for q in p.history]} for p in ratings.players],
            "pages": pages, "provisional_hands": PROVISIONAL_HANDS}


class InsightsAside:
    """A season's ``insights``, worked out beside the export: a helper reads every hand, counts
    the players' pages and sends each hand's match (``hand_facts.MatchesAside``); called, this
    process rates the matches as they come (rating is sequential, the reading and the pages are
    the rest: the two cores share them) and waits for the pages. A helper that fails or dies:
    everything worked out here afresh (the same answer)."""

    def __init__(self, cfg: Any, ledger: Any, session_ids: Sequence[int]) -> None:
        self.cfg, self.ledger, self.session_ids = cfg, ledger, list(session_ids)
        self.pages = _PagesAlongside(cfg, session_ids)
        self.aside = MatchesAside(cfg, ledger, ledger.session_ids(), self.pages)

    def __call__(self) -> dict[str, Any]:
        if not self.aside.started:  # (fork went away meanwhile: a thread started)
            return insights(self.cfg, self.ledger, self.session_ids)
        try:
            with collection_paused():
                ratings = rate_matches(self.aside)
        except HelperLost:
            return insights(self.cfg, self.ledger, self.session_ids)
        finally:
            self.aside.stop()
        return _with_ratings(self.pages.result, ratings)

    def stop(self) -> None:
        self.aside.stop()


def insights_aside(cfg: Any, ledger: Any, session_ids: Sequence[int]) -> InsightsAside | None:
    """``insights`` worked out beside the export (``InsightsAside``), from ``ASIDE_FROM``
    sessions on where a helper may be had; None: the caller works them out itself."""
    if not aside_worth_it(len(session_ids), ASIDE_FROM):
        return None
    return InsightsAside(cfg, ledger, session_ids)
