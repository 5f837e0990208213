"""``schafkopf rating``: the skill rating of a table's players from every session of its ledger
(a tournament: every table of every round), computed from the stored hands each time it is
asked for, never stored (``insights.rating``: the model and its parameters)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..insights.rating import PARAMETERS, PlayerRating, Ratings, rate
from .hand_facts import read_hands


def season_ratings(cfg: Any, ledger: Any) -> Ratings:
    """Every player's rating after every recorded hand of the ledger, in the order played."""
    return rate(read_hands(cfg, ledger, ledger.session_ids()))


@dataclass(frozen=True)
class RatingTable:
    """The ratings shown (best first) and what they rest on: the hands rated, the sessions."""

    ratings: tuple[PlayerRating, ...]
    hands: int
    sessions: int
    latest: int | None  # the latest session (whose change the table shows)

    def to_json(self, history: bool = False) -> dict[str, Any]:
        """``rating --json``: ``{"ratings": [{"player", "rating", "low", "high", "hands",
        "provisional"}, ...], "hands", "sessions", "model"}``; ``history`` (``--chart``): each
        rating with its ``history``, a point after each session the player played."""
        return {"ratings": [p.to_json(history) for p in self.ratings], "hands": self.hands, "sessions": self.sessions,
                "model": dict(PARAMETERS)}


def rating_table(cfg: Any, ledger: Any, everyone: bool = False) -> RatingTable:
    """The table's ratings: of the players seated at the table now (a tournament: registered),
    or with ``everyone`` of every player who ever played a hand here."""
    ids = ledger.session_ids()
    ratings = rate(read_hands(cfg, ledger, ids))
    if everyone:
        shown = ratings.players
    else:
        seated = set(cfg.players)
        shown = tuple(p for p in ratings.players if p.name in seated)
    return RatingTable(shown, ratings.hands, len(ids), ids[-1] if ids else None)
