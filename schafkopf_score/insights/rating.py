"""The skill rating (RULES §13): openskill's Plackett-Luce model over the recorded hands, in
the order they were played, with fixed parameters: the same ledger gives the same ratings on
every machine, and a correction changes them (nothing is stored).

Each hand is a match (``hands.match``) between the sides as they were. The model adds up a
side's ratings, so a side of one against three would be expected to lose every hand it plays,
and every rating would sink until three players weigh what one does (towards 0). A smaller side
is therefore filled up to the size of the larger with *average players*: a fixed rating of
``MU`` that the model is sure of (``STAND_IN_SIGMA``) and that no hand changes (given to the
model as one rating of their sum, which weighs exactly what they weigh). They stand for the
cards that made the Solo worth declaring. A hand weighs ``hands.weight`` (1 to 2.5: half a
hand more for every doubling of the table's plain game); a hand of weight ``w`` moves a rating
``w`` times as far as the library's own update and narrows its range as ``w`` hands would
(``sigma * (sigma' / sigma) ** w``).

A rating is shown as ``mu`` and its range as ``mu - 2 sigma`` to ``mu + 2 sigma``; a player with
fewer than ``PROVISIONAL_HANDS`` rated hands is *provisional*. The shown figures are rounded to
one decimal.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .hands import MAX_WEIGHT, WEIGHT_STEP, HandFacts, Match, match

# the model's parameters: openskill's defaults, written out so that a new release of the library
# that changes a default changes nothing here
MU = 25.0  # the rating of a player before his first hand
SIGMA = 25.0 / 3.0  # the uncertainty of that rating
BETA = 25.0 / 6.0  # how much one hand's luck can swing it
KAPPA = 0.0001  # the smallest factor a range may shrink by in one update
TAU = 25.0 / 300.0  # added uncertainty before every hand, so that a rating can still move
STAND_IN_SIGMA = 0.0  # an average player filling a smaller side: known exactly (the model adds TAU)
RANGE = 2.0  # the range shown: this many sigmas either side (about 95 %)
PROVISIONAL_HANDS = 30  # fewer rated hands: provisional (about one evening; the range still wider than about +-6)
DECIMALS = 1

PARAMETERS = {"model": "PlackettLuce", "mu": MU, "sigma": SIGMA, "beta": BETA, "kappa": KAPPA, "tau": TAU,
              "stand_in_sigma": STAND_IN_SIGMA, "range_sigmas": RANGE, "provisional_hands": PROVISIONAL_HANDS,
              "weight_step": WEIGHT_STEP, "max_weight": MAX_WEIGHT}


def model() -> Any:
    """openskill's Plackett-Luce model with this module's parameters."""
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, kappa=KAPPA, tau=TAU, limit_sigma=False, balance=False)


def shown(x: float) -> float:
    """A rating figure as it is shown: rounded to ``DECIMALS`` (``-0.0`` as ``0.0``)."""
    return round(x, DECIMALS) + 0.0


class Point(NamedTuple):
    """A player's rating after a session (or a tournament table) he played at (a tuple: a season
    makes one for every player after every session, and a tuple is made in a third of the time)."""

    session: int
    mu: float
    sigma: float
    hands: int

    def to_json(self) -> dict[str, Any]:
        return {"session": self.session, "rating": shown(self.mu), "low": shown(self.mu - RANGE * self.sigma),
                "high": shown(self.mu + RANGE * self.sigma), "hands": self.hands}


@dataclass
class PlayerRating:
    """A player's rating now: ``mu`` and ``sigma``, the hands rated, and the history (a point
    after each session he played)."""

    name: str
    mu: float = MU
    sigma: float = SIGMA
    hands: int = 0
    history: list[Point] = field(default_factory=list)

    @property
    def rating(self) -> float:
        return shown(self.mu)

    @property
    def low(self) -> float:
        return shown(self.mu - RANGE * self.sigma)

    @property
    def high(self) -> float:
        return shown(self.mu + RANGE * self.sigma)

    @property
    def provisional(self) -> bool:
        return self.hands < PROVISIONAL_HANDS

    def to_json(self, history: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {"player": self.name, "rating": self.rating, "low": self.low, "high": self.high,
                                "hands": self.hands, "provisional": self.provisional}
        if history:
            data["history"] = [p.to_json() for p in self.history]
        return data


@dataclass(frozen=True)
class Ratings:
    """Every rated player, best first (by rating, then name), and the hands rated."""

    players: tuple[PlayerRating, ...]
    hands: int

    def of(self, name: str) -> PlayerRating | None:
        return next((p for p in self.players if p.name == name), None)


class _Prepared:
    """A match as the rater rates it (``Rater._prepare``): the match itself (held, so that its
    id names it while this lives), its teams' rating objects, its players', its average players'
    with the figures they start a hand with, and how often it was played since the last count."""

    __slots__ = ("match", "teams", "real", "fills", "played", "names", "ranks")

    def __init__(self, match: Match, teams: list[list[Any]], real: tuple[Any, ...],
                 fills: tuple[tuple[Any, float, float], ...]) -> None:
        self.match, self.teams, self.real, self.fills, self.played = match, teams, real, fills, 0
        self.names = dict.fromkeys(name for team in match.teams for name in team)  # its players, in order
        self.ranks = list(match.ranks)  # (the library takes a list and leaves it as it is)


class Rater:
    """Rates matches one after the other (``add``), then hands out the ratings (``result``).

    Each player's rating lives in one rating object of the library, made once (making one draws
    a random id) and updated in place; so do the average players that fill a smaller side."""

    def __init__(self) -> None:
        self.model = model()
        self.hands = 0
        self._skill: dict[str, Any] = {}  # name -> the library's rating object (mu, sigma now)
        self._count: dict[str, int] = {}  # name -> hands rated
        self._history: dict[str, list[Point]] = {}
        self._line_ups: dict[tuple[tuple[str, ...], ...], tuple[list[list[Any]], list[Any], list[Any]]] = {}
        self._session: int | None = None
        self._tally: dict[int, _Prepared] = {}  # the matches played since the last count (by id: held there)
        self._prepared: dict[int, _Prepared] = {}  # id of a match -> its rating objects (the match held there)
        self.kept = 4096  # matches prepared at most (then made afresh): memory stays flat
        self._compute = getattr(self.model, "_compute", None)

    def add_hand(self, hand: HandFacts) -> None:
        """Rate one hand (one without sides is passed over); the history takes a point for each
        player when a new session begins."""
        self.add_match(hand.session, hand.sides or match(hand))

    def add_match(self, session: int, m: Match | None) -> None:
        """Rate one hand of ``session`` by its match (None: a hand without sides, passed over)."""
        if session != self._session:
            self._close_session()
            self._session = session
        if m is not None:
            self.add(m)

    def _counted(self) -> dict[str, None]:
        """Count the hands of the line-ups played since the last count (a hand counts its
        line-up once, not each player: fewer steps a hand); who played them, in order."""
        count = self._count
        seen: dict[str, None] = {}
        for prepared in self._tally.values():
            n = prepared.played
            prepared.played = 0
            names = prepared.names
            for name in names:
                count[name] += n
            seen.update(names)
        self._tally = {}
        return seen

    def _close_session(self) -> None:
        seen = self._counted()
        session = self._session
        if session is None:
            return
        skill, count, history = self._skill, self._count, self._history
        for name in seen:
            r = skill[name]
            point = Point(session, r.mu, r.sigma, count[name])
            if name in history:
                history[name].append(point)
            else:
                history[name] = [point]

    @staticmethod
    def _stand_in_sigma(fill: int) -> float:
        """The sigma of ``fill`` average players as one rating, before ``TAU`` is added: its
        square plus TAU squared is their sigmas' squares (each plus TAU squared) added up."""
        return math.sqrt(fill * (STAND_IN_SIGMA * STAND_IN_SIGMA + TAU * TAU) - TAU * TAU)

    def _line_up(self, m: Match) -> tuple[list[list[Any]], list[Any], list[Any]]:
        """The rating objects of a match's teams in their order (each player's own, then the
        average players that fill a smaller team), its players' and its average players'
        objects: made once per line-up of teams (a season repeats its line-ups)."""
        if len(self._line_ups) >= 4096:  # a tournament's line-ups hardly repeat: memory stays flat
            self._line_ups.clear()
        skill, count, rating = self._skill, self._count, self.model.rating
        teams: list[list[Any]] = []
        real: list[Any] = []
        stand_ins: list[Any] = []
        for team, fill in zip(m.teams, m.fill or (0,) * len(m.teams), strict=True):
            row = []
            for name in team:
                r = skill.get(name)
                if r is None:
                    r = skill[name] = rating(MU, SIGMA)
                    count[name] = 0
                row.append(r)
                real.append(r)
            # ``fill`` average players as one rating of their sum: the model adds up a team's mu
            # and its sigma squared (each widened by TAU), so one of fill x MU, whose sigma
            # squared once widened is fill x TAU squared, weighs exactly what they weigh
            extra = [rating(MU * fill, self._stand_in_sigma(fill))] if fill else []
            stand_ins += [(r, r.mu, r.sigma) for r in extra]
            teams.append(row + extra)
        line_up = self._line_ups[m.teams] = (teams, real, stand_ins)
        return line_up

    def _prepare(self, m: Match) -> _Prepared:
        """What rating a match takes, made once per match object (a season's reader hands the
        same object to every hand of a kind): its teams' rating objects (``_line_up``), its
        players', and its average players' with the figures they start every hand with (their
        sigma already widened by ``TAU``, as ``update`` widens every sigma)."""
        if len(self._prepared) >= self.kept:  # matches made afresh for every hand (a caller without the reader's)
            self._prepared.clear()
        teams, real, stand_ins = self._line_ups.get(m.teams) or self._line_up(m)
        tau2 = TAU * TAU
        if self._compute is None:  # the public update widens them itself
            fills = tuple(stand_ins)
        else:
            fills = tuple((r, mu, math.sqrt(sigma * sigma + tau2)) for r, mu, sigma in stand_ins)
        prepared = self._prepared[id(m)] = _Prepared(m, teams, tuple(real), fills)
        return prepared

    def add(self, m: Match) -> None:
        """One match: the library's update for the teams as they finished, scaled by its weight."""
        prepared = self._prepared.get(id(m))
        if prepared is None or prepared.match is not m:
            prepared = self._prepare(m)
        if not prepared.played:
            self._tally[id(prepared)] = prepared
        prepared.played += 1
        w = m.weight
        for r, mu, sigma in prepared.fills:  # the average players are the same before every hand
            r.mu, r.sigma = mu, sigma
        compute = self._compute
        if compute is None:
            before = [(r.mu, r.sigma) for r in prepared.real] if w != 1 else None
            self.update(prepared.teams, list(m.ranks))
            if before is not None:
                self._weigh(prepared.real, before, w)
            self.hands += 1
            return
        # ``update``, written out: each player's sigma widened by TAU (kept: a weight scales from it)
        tau2, sqrt = TAU * TAU, math.sqrt
        if w == 1:
            for r in prepared.real:
                s = r.sigma
                r.sigma = sqrt(s * s + tau2)
            compute(prepared.teams, prepared.ranks)
        else:
            widened = []
            for r in prepared.real:
                s = r.sigma
                ws = sqrt(s * s + tau2)
                widened.append((r, r.mu, ws))
                r.sigma = ws
            compute(prepared.teams, prepared.ranks)
            for r, mu, ws in widened:
                r.mu = mu + w * (r.mu - mu)
                r.sigma = ws * (r.sigma / ws) ** w
        self.hands += 1

    @staticmethod
    def _weigh(real: tuple[Any, ...], before: list[tuple[float, float]], w: float) -> None:
        """A hand of weight ``w``: ``w`` times as far as the update moved each rating, its range
        narrowed as ``w`` hands would."""
        tau2, sqrt = TAU * TAU, math.sqrt
        for r, (mu, sigma) in zip(real, before, strict=True):
            widened = sqrt(sigma * sigma + tau2)
            r.mu = mu + w * (r.mu - mu)
            r.sigma = widened * (r.sigma / widened) ** w

    def update(self, teams: list[list[Any]], ranks: list[int]) -> None:
        """openskill's update of the teams (rating objects, in the order they finished), in
        place, as ``PlackettLuce.rate(teams, ranks=ranks)`` gives it.

        ``rate`` copies every rating deeply before its update (three quarters of its time) and
        widens each sigma by ``TAU``; the objects here are this rater's own, so where the library
        has its update on its own (``_compute``), they are widened and updated directly.
        tests/app/test_rating.py checks that this gives the figures of ``rate``."""
        if self._compute is None:  # a release without it: the public update, copied back
            out = self.model.rate(teams, ranks=ranks)
            for team, new in zip(teams, out, strict=True):
                for r, n in zip(team, new, strict=True):
                    r.mu, r.sigma = n.mu, n.sigma
            return
        tau2, sqrt = TAU * TAU, math.sqrt
        for team in teams:
            for r in team:
                s = r.sigma
                r.sigma = sqrt(s * s + tau2)
        self._compute(teams=teams, ranks=ranks)

    def result(self) -> Ratings:
        self._close_session()  # (matches added on their own, without a session, are counted too)
        self._session = None
        players = [PlayerRating(name, r.mu, r.sigma, self._count[name], self._history.get(name, []))
                   for name, r in self._skill.items()]
        players.sort(key=lambda p: (-p.mu, p.name))
        return Ratings(tuple(players), self.hands)


def rate_matches(matches: Iterable[tuple[int, Match | None]]) -> Ratings:
    """``rate`` of the hands read as their sessions and matches only (``app.hand_facts.read_matches``)."""
    rater = Rater()
    add = rater.add_match
    for session, m in matches:
        add(session, m)
    return rater.result()


def rate(hands: Iterable[HandFacts]) -> Ratings:
    """Every player's rating after the hands, rated in the order given (the ledger's: session,
    hand).

    >>> from .hands import HandFacts
    >>> h = HandFacts(1, 1, "", "sauspiel", ("A", "B"), True, 10, {"A": 10, "B": 10, "C": -10, "D": -10},
    ...               10, False, False, "cent")
    >>> r = rate([h])
    >>> [(p.name, p.rating, p.low, p.high, p.hands, p.provisional) for p in r.players][:1]
    [('A', 27.0, 10.6, 43.3, 1, True)]
    """
    rater = Rater()
    for hand in hands:
        rater.add_hand(hand)
    return rater.result()
