"""``schafkopf stats --player NAME``: a player's own page (RULES §13): his figures over the
chosen sessions (``insights.player``) and his rating over every session (``insights.rating``),
from the stored hands; over a season, a helper process reads every hand and works his page out
while this one rates them (``hand_facts.MatchesAside``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..insights.hands import HandFacts
from ..insights.player import Pages, PlayerFigures
from ..insights.rating import PlayerRating, Ratings, rate_matches, shown
from ..rules.matching import resolve_name
from .hand_facts import ASIDE_FROM, Alongside, HelperLost, MatchesAside, aside_worth_it, read_hands, read_matches
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
    from .settle import season_money

    season = season_money(cfg, ledger, ids)
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
    mine_only = _PageAlongside(cfg, name, ids, family)
    if not aside_worth_it(len(ids), ASIDE_FROM):
        ratings = season_ratings(cfg, ledger, every)
        page = mine_only.here(ledger)
    else:  # a season's: a helper reads every hand and works his page out, this process rates them
        aside = MatchesAside(cfg, ledger, every, mine_only)
        try:
            ratings = rate_matches(aside)
            page = mine_only.result if aside.started else mine_only.here(ledger)
        except HelperLost:
            ratings = season_ratings(cfg, ledger, every)
            page = mine_only.here(ledger)
        finally:
            aside.stop()
    mine = ratings.of(name)
    rank = next((i for i, p in enumerate(ratings.players, 1) if p.name == name), None)
    return PlayerPage(page, tuple(ids), mine, rank, len(ratings.players), dict(family.page_record))


class _PageAlongside(Alongside):
    """A player's figures over the sessions ``ids`` (``insights.player.Pages``), his money as
    ``settle`` shows it."""

    def __init__(self, cfg: Any, name: str, ids: Sequence[int], family: Any) -> None:
        self.cfg, self.name, self.ids, self.family = cfg, name, list(ids), family
        self.wanted = frozenset(ids)
        self.pages = Pages([name], bool(family.page_record))

    def add(self, hand: HandFacts) -> None:
        self.pages.add(hand)

    def done(self, ledger: Any) -> PlayerFigures:
        page = self.pages.result()[self.name]
        page.money = settled_money(self.cfg, ledger, self.ids, self.family).get(self.name, page.money)
        return page

    def here(self, ledger: Any) -> PlayerFigures:
        """Worked out in this process: his hands read, counted, his money added."""
        for hand in read_hands(self.cfg, ledger, self.ids):
            self.pages.add(hand)
        return self.done(ledger)


def season_ratings(cfg: Any, ledger: Any, every: Sequence[int]) -> Ratings:
    """The ratings over ``every`` session (each hand's match read, not its whole facts)."""
    return rate_matches(read_matches(cfg, ledger, every))
