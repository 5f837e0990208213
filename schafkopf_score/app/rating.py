"""``schafkopf rating``: the skill rating of a table's players from every session of its ledger
(a tournament: every table of every round), computed from the stored hands each time it is
asked for, never stored (``insights.rating``: the model and its parameters)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..insights.rating import PARAMETERS, PlayerRating, rate_matches
from .hand_facts import HelperLost, read_matches, read_matches_aside


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
    try:
        ratings = rate_matches(read_matches_aside(cfg, ledger, ids))  # a season's: read by a helper meanwhile
    except HelperLost:  # all read again here and rated afresh: one reading of the ledger, never two halves
        ratings = rate_matches(read_matches(cfg, ledger, ids))
    if everyone:
        shown = ratings.players
    else:
        seated = set(cfg.players)
        shown = tuple(p for p in ratings.players if p.name in seated)
    return RatingTable(shown, ratings.hands, len(ids), ids[-1] if ids else None)
