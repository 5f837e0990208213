"""``schafkopf stats --player NAME``: a player's own page (RULES §13): his figures over the
chosen sessions (``insights.player``) and his rating over every session (``insights.rating``),
from the stored hands; over a season, his page is worked out by a helper process while this one
rates every hand (``aside.work_aside``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..insights.player import PlayerFigures, figures
from ..insights.rating import PlayerRating, Ratings, rate_matches, shown
from ..rules.matching import resolve_name
from .aside import work_aside
from .hand_facts import read_hands, read_matches
from .state import select_sessions


@dataclass(frozen=True)
class PlayerPage:
    """A player's page: his figures over the sessions asked for, his rating (over every session;
    None before his first rated hand) and where he stands among the rated players."""

    figures: PlayerFigures
    sessions: tuple[int, ...]
    rating: PlayerRating | None
    rank: int | None
    rated: int
    record_words: dict[str, str]  # the family's words for its record's counts (``Family.page_record``)

    def to_json(self) -> dict[str, Any]:
        """``stats --player --json``: the figures, and the rating with its place and its course
        (``history``: the rating after each session he played)."""
        rating = None
        if self.rating is not None:
            rating = {**self.rating.to_json(history=False), "rank": self.rank, "of": self.rated,
                      "history": [{"session": p.session, "rating": shown(p.mu)} for p in self.rating.history]}
        data = {"sessions": list(self.sessions), **self.figures.to_json(), "rating": rating}
        if "record" in data:  # in the family's own words (Sheepshead: picks, alone, partner, leasters)
            data["record"] = {self.record_words[k]: v for k, v in data["record"].items()}
        return data


def settled_money(cfg: Any, ledger: Any, ids: Sequence[int], family: Any) -> dict[str, int]:
    """Each player's money over the sessions exactly as ``settle`` shows it (RULES §7: a Stock
    returned at the close, the cash rounding, an early payout and the hands thrown in with
    their Stock money included), as ``stats`` has it; none where settle counts in another unit
    than the hands (a page then keeps the sum of its hands)."""
    from .settle import season_settlement

    season, _ = season_settlement(cfg, ledger, list(ids))
    return dict(season.balances) if season.unit == family.unit else {}


def player_name(cfg: Any, ledger: Any, typed: str) -> str:
    """The player a typed name means: by unique prefix among the table's players and everyone who
    played a hand here (an earlier name finds the name he goes by now)."""
    aliases = ledger.aliases()
    names = list(dict.fromkeys([*cfg.players, *(aliases.get(n, n) for n in sorted(ledger.known_names()))]))
    for old, new in aliases.items():
        if old.casefold() == typed.strip().casefold():
            return str(new)
    return resolve_name(typed, names)  # refused with the names there are (and a did-you-mean)


def player_page(cfg: Any, ledger: Any, typed: str, session: int | None = None, all_: bool = False) -> PlayerPage:
    """The page of the player ``typed`` names, over the latest session (``session``: that one;
    ``all_``: every session), with his rating over every session."""
    if all_ and session is not None:
        select_sessions(ledger, session, all_)  # refused: one session and all of them
    name = player_name(cfg, ledger, typed)
    every = ledger.session_ids()
    if all_:
        ids = every
    elif session is None:
        ids = every[-1:]
    else:
        ids = select_sessions(ledger, session)  # (refused, with the sessions there are, where it is none)
    family = cfg.family_obj()

    def own_page(cfg: Any, ledger: Any, ids: Sequence[int]) -> PlayerFigures:
        """His figures over the sessions, his money as ``settle`` shows it."""
        page = figures(name, read_hands(cfg, ledger, ids), record=bool(family.page_record))
        page.money = settled_money(cfg, ledger, ids, family).get(name, page.money)
        return page

    later = work_aside(cfg, ledger, ids, own_page)  # a season's: his page worked out by a helper meanwhile
    try:
        ratings = season_ratings(cfg, ledger, every)
        page = later() if later is not None else own_page(cfg, ledger, ids)
    finally:
        if later is not None:
            later.stop()
    mine = ratings.of(name)
    rank = next((i for i, p in enumerate(ratings.players, 1) if p.name == name), None)
    return PlayerPage(page, tuple(ids), mine, rank, len(ratings.players), dict(family.page_record))


def season_ratings(cfg: Any, ledger: Any, every: Sequence[int]) -> Ratings:
    """The ratings over ``every`` session (each hand's match read, not its whole facts)."""
    return rate_matches(read_matches(cfg, ledger, every))
