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
_BETA2 = BETA**2
STAND_IN_SIGMA = 0.0  # an average player filling a smaller side: known exactly (the model adds TAU)
RANGE = 2.0  # the range shown: this many sigmas either side (about 95 %)
PROVISIONAL_HANDS = 30  # fewer rated hands: provisional (about one evening; the range still wider than about +-6)
DECIMALS = 1

PARAMETERS = {"model": "PlackettLuce", "mu": MU, "sigma": SIGMA, "beta": BETA, "kappa": KAPPA, "tau": TAU,
              "stand_in_sigma": STAND_IN_SIGMA, "range_sigmas": RANGE, "provisional_hands": PROVISIONAL_HANDS,
              "weight_step": WEIGHT_STEP, "max_weight": MAX_WEIGHT}


def model(tau: float = TAU) -> Any:
    """openskill's Plackett-Luce model with this module's parameters (``tau``: 0 for sigmas
    widened already)."""
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, kappa=KAPPA, tau=tau, limit_sigma=False, balance=False)


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


class _Skill:
    """A player's rating now (``mu``, ``sigma``): updated in place, hand after hand."""

    __slots__ = ("mu", "sigma")

    def __init__(self, mu: float, sigma: float) -> None:
        self.mu, self.sigma = mu, sigma


class _Prepared:
    """A match as the rater rates it (``Rater._prepare``): the match itself (held, so that its
    id names it while this lives), its teams (each player's rating, then the average players
    that fill a smaller team as one ``(mu, sigma)``, their sigma widened by ``TAU``), its
    players' ratings, its players' names in order, and how often it was played since the last
    count."""

    __slots__ = ("match", "teams", "fills", "real", "played", "names", "ranks", "tied", "two", "ordered")

    def __init__(self, match: Match, teams: tuple[tuple[_Skill, ...], ...],
                 fills: tuple[tuple[float, float] | None, ...], real: tuple[_Skill, ...]) -> None:
        self.match, self.teams, self.fills, self.real, self.played = match, teams, fills, real, 0
        self.names = dict.fromkeys(name for team in match.teams for name in team)  # its players, in order
        self.ranks = match.ranks
        # how many teams share each team's rank (the model's ``A_q``)
        self.tied = tuple(match.ranks.count(r) for r in match.ranks)
        self.two = match.ranks == (0, 1)  # two sides, winners first (``two_sides``)
        self.ordered = list(match.ranks) == sorted(match.ranks)  # (``plackett_luce`` takes them so only)


def _ordinal(rating: tuple[float, float]) -> float:
    """openskill's ``ordinal()`` of a rating ``(mu, sigma)``: how the model orders a team's
    players before it adds them up."""
    return rating[0] - 3.0 * rating[1]


def _side(team: tuple[_Skill, ...], fill: tuple[float, float] | None) -> tuple[float, float]:
    """A side's mu and sigma squared as the library adds them up (``_calculate_team_ratings``:
    its players, the average players' one rating last, sorted by ``ordinal`` from the best,
    ties as they stand), up to three terms; its sigmas widened already. Two terms add up alike
    in either order; three are put in the library's order by comparisons."""
    n = len(team)
    if fill is None:
        if n == 2:
            r, q = team
            return r.mu + q.mu, r.sigma**2 + q.sigma**2
        if n == 1:
            r = team[0]
            return r.mu, r.sigma**2
        if n != 3:
            return _side_sorted([(r.mu, r.sigma) for r in team])
        r, q, x = team
        a, b, c = (r.mu, r.sigma), (q.mu, q.sigma), (x.mu, x.sigma)
    elif n == 1:
        r = team[0]
        return r.mu + fill[0], r.sigma**2 + fill[1]**2
    elif n == 2:
        r, q = team
        a, b, c = (r.mu, r.sigma), (q.mu, q.sigma), fill
    else:
        return _side_sorted([(r.mu, r.sigma) for r in team] + [fill])
    oa, ob, oc = a[0] - 3.0 * a[1], b[0] - 3.0 * b[1], c[0] - 3.0 * c[1]  # ``ordinal``
    if ob > oa:  # a stable sort from the best: only a better one goes first
        a, b, oa, ob = b, a, ob, oa
    if oc > ob:
        a, b, c = (c, a, b) if oc > oa else (a, c, b)
    return a[0] + b[0] + c[0], a[1]**2 + b[1]**2 + c[1]**2


def _side_sorted(members: list[tuple[float, float]]) -> tuple[float, float]:
    """``_side`` of any number of terms: sorted as the library sorts them, added up in order."""
    members.sort(key=_ordinal, reverse=True)
    mu = s2 = 0.0
    for m, sg in members:
        mu += m
        s2 += sg**2
    return mu, s2


def _move(team: tuple[_Skill, ...], s2: float, omega: float, delta: float) -> None:
    """A team's players moved by the update: each by his share of the team's sigma squared
    (``s2``) of ``omega`` (mu) and ``delta`` (his range narrowed, at most to ``KAPPA``)."""
    sqrt, kappa = math.sqrt, KAPPA
    for r in team:
        sigma = r.sigma
        share = sigma**2 / s2
        r.mu += share * omega
        narrowed = 1 - share * delta
        r.sigma = sigma * sqrt(narrowed if narrowed >= kappa else kappa)  # (``max``, without its call)


def two_sides(teams: tuple[tuple[_Skill, ...], ...], fills: tuple[tuple[float, float] | None, ...],
              ranks: tuple[int, ...], tied: tuple[int, ...]) -> None:
    """``plackett_luce`` of two sides, winners first (ranks 0 and 1), written out as the
    library's loops come to for them (the terms they add that are 0 or a factor of 1 left
    out: adding 0.0 and dividing by 1 change no figure): most hands are two sides."""
    sqrt = math.sqrt
    winners, losers = teams
    mu0, s20 = _side(winners, fills[0])
    mu1, s21 = _side(losers, fills[1])
    c = sqrt(s20 + _BETA2 + (s21 + _BETA2))
    e0, e1 = math.exp(mu0 / c), math.exp(mu1 / c)
    first = e0 + e1
    c2 = c**2
    t = e0 / first
    _move(winners, s20, (1 - t) * (s20 / c), t * (1 - t) * (s20 / c2) * (sqrt(s20) / c))
    t = e1 / first
    _move(losers, s21, -t * (s21 / c), t * (1 - t) * (s21 / c2) * (sqrt(s21) / c))


def plackett_luce(teams: tuple[tuple[_Skill, ...], ...], fills: tuple[tuple[float, float] | None, ...],
                  ranks: tuple[int, ...], tied: tuple[int, ...]) -> None:
    """openskill's Plackett-Luce update (``PlackettLuce.rate`` with ``ranks``, its defaults
    ``balance=False``, ``limit_sigma=False``, no scores, no weights) of the teams, in place,
    their sigmas widened by ``TAU`` already; a team's average players (``fills``) take part as
    one rating and are left as they were. The library's own steps in its own order, so the
    figures are its figures bit for bit (tests/app/test_rating.py checks it against ``rate``
    over any run of hands). Written out here: ``rate`` copies every rating deeply first (three
    quarters of its time), and its update on its own is no public part of the library. The
    ranks go up (the teams in the order they finished, as ``hands.match`` gives them; the
    library adds up ``sum_q`` in an order of its own otherwise: ``Rater.add`` hands such a match
    to the library itself)."""
    exp, sqrt = math.exp, math.sqrt
    mus: list[float] = []
    squares: list[float] = []
    collective = 0.0
    for team, fill in zip(teams, fills, strict=True):  # the team's ratings, as ``_calculate_team_ratings`` adds them up
        mu, s2 = _side(team, fill)
        mus.append(mu)
        squares.append(s2)
        collective += s2 + _BETA2
    c = sqrt(collective)
    e = [exp(mu / c) for mu in mus]
    k = len(teams)
    sum_q = [0.0] * k
    started = [False] * k
    for i in range(k):
        ri, ei = ranks[i], e[i]
        for q in range(k):
            if ri >= ranks[q]:
                if started[q]:
                    sum_q[q] += ei
                else:
                    sum_q[q], started[q] = ei, True
    omegas, deltas = [], []
    for i in range(k):
        omega = 0.0
        delta = 0.0
        ri, ei = ranks[i], e[i]
        for q in range(k):
            t = ei / sum_q[q]
            if ranks[q] <= ri:
                delta += t * (1 - t) / tied[q]
                if q == i:
                    omega += (1 - t) / tied[q]
                else:
                    omega -= t / tied[q]
        omegas.append(omega)
        deltas.append(delta)
    c2 = c**2
    for team, s2, omega, delta in zip(teams, squares, omegas, deltas, strict=True):
        omega *= s2 / c
        delta *= s2 / c2
        delta *= sqrt(s2) / c  # gamma
        _move(team, s2, omega, delta)


class Rater:
    """Rates matches one after the other (``add``), then hands out the ratings (``result``).

    Each player's rating lives in one ``_Skill``, made once and updated in place
    (``two_sides``, ``plackett_luce``). ``reference``: every update by the library's public ``rate`` instead
    (slow: what the tests compare the rater with)."""

    def __init__(self, reference: bool = False) -> None:
        self.reference = reference
        self.hands = 0
        self._skill: dict[str, _Skill] = {}  # name -> his rating now
        self._count: dict[str, int] = {}  # name -> hands rated
        self._history: dict[str, list[Point]] = {}
        self._line_ups: dict[tuple[tuple[str, ...], ...], tuple[tuple[tuple[_Skill, ...], ...], tuple[_Skill, ...]]] = {}
        self._session: int | None = None
        self._tally: dict[int, _Prepared] = {}  # the matches played since the last count (by id: held there)
        self._prepared: dict[int, _Prepared] = {}  # id of a match -> its ratings (the match held there)
        self.kept = 4096  # matches prepared at most (then made afresh): memory stays flat
        self._model: Any = None  # the library's model (``_update_by_library``), made when needed

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

    @classmethod
    def _stand_in(cls, fill: int) -> tuple[float, float]:
        """``fill`` average players as the one rating they start every hand with: ``(mu, sigma)``,
        the sigma widened by ``TAU`` already (as ``add`` widens each player's)."""
        sigma = cls._stand_in_sigma(fill)
        return MU * fill, math.sqrt(sigma * sigma + TAU * TAU)

    @staticmethod
    def _stand_in_sigma(fill: int) -> float:
        """The sigma of ``fill`` average players as one rating, before ``TAU`` is added: its
        square plus TAU squared is their sigmas' squares (each plus TAU squared) added up."""
        return math.sqrt(fill * (STAND_IN_SIGMA * STAND_IN_SIGMA + TAU * TAU) - TAU * TAU)

    def _line_up(self, m: Match) -> tuple[tuple[tuple[_Skill, ...], ...], tuple[_Skill, ...]]:
        """The ratings of a match's teams in their order and its players': made once per
        line-up of teams (a season repeats its line-ups)."""
        if len(self._line_ups) >= 4096:  # a tournament's line-ups hardly repeat: memory stays flat
            self._line_ups.clear()
        skill, count = self._skill, self._count
        teams = []
        for team in m.teams:
            row = []
            for name in team:
                r = skill.get(name)
                if r is None:
                    r = skill[name] = _Skill(MU, SIGMA)
                    count[name] = 0
                row.append(r)
            teams.append(tuple(row))
        line_up = self._line_ups[m.teams] = (tuple(teams), tuple(r for team in teams for r in team))
        return line_up

    def _prepare(self, m: Match) -> _Prepared:
        """What rating a match takes, made once per match object (a season's reader hands the
        same object to every hand of a kind): its teams' ratings (``_line_up``) and its average
        players: ``fill`` of them as one rating of their sum (the model adds up a team's mu and
        its sigma squared, each widened by TAU, so one of fill x MU, whose sigma squared once
        widened is fill x TAU squared, weighs exactly what they weigh), the figures they start
        every hand with. They stand for the cards that made the Solo worth declaring."""
        if len(self._prepared) >= self.kept:  # matches made afresh for every hand (a caller without the reader's)
            self._prepared.clear()
        teams, real = self._line_ups.get(m.teams) or self._line_up(m)
        fills = tuple(self._stand_in(fill) if fill else None for fill in (m.fill or (0,) * len(m.teams)))
        prepared = self._prepared[id(m)] = _Prepared(m, teams, fills, real)
        return prepared

    def add(self, m: Match) -> None:
        """One match: the model's update for the teams as they finished, scaled by its weight:
        a hand of weight ``w`` moves a rating ``w`` times as far and narrows its range as ``w``
        hands would."""
        prepared = self._prepared.get(id(m))
        if prepared is None or prepared.match is not m:
            prepared = self._prepare(m)
        if not prepared.played:
            self._tally[id(prepared)] = prepared
        prepared.played += 1
        w = m.weight
        tau2, sqrt = TAU * TAU, math.sqrt
        update = (self._update_by_library if self.reference or not prepared.ordered
                  else two_sides if prepared.two else plackett_luce)
        if w == 1:
            for r in prepared.real:  # each player's sigma widened by TAU before the update
                s = r.sigma
                r.sigma = sqrt(s * s + tau2)
            update(prepared.teams, prepared.fills, prepared.ranks, prepared.tied)
        else:
            widened = []
            for r in prepared.real:
                s = r.sigma
                ws = sqrt(s * s + tau2)
                widened.append((r, r.mu, ws))
                r.sigma = ws
            update(prepared.teams, prepared.fills, prepared.ranks, prepared.tied)
            for r, mu, ws in widened:
                r.mu = mu + w * (r.mu - mu)
                r.sigma = ws * (r.sigma / ws) ** w
        self.hands += 1

    def _update_by_library(self, teams: tuple[tuple[_Skill, ...], ...], fills: tuple[tuple[float, float] | None, ...],
                           ranks: tuple[int, ...], tied: tuple[int, ...]) -> None:
        """``plackett_luce`` by the library's public ``rate``, by a model without TAU (the
        sigmas here are widened already; ``sqrt(s * s)`` is ``s`` again, exactly)."""
        if self._model is None:
            self._model = model(tau=0.0)
        rating = self._model.rating
        objects = [[rating(r.mu, r.sigma) for r in team] + ([rating(*fill)] if fill else [])
                   for team, fill in zip(teams, fills, strict=True)]
        out = self._model.rate(objects, ranks=list(ranks))
        for team, new in zip(teams, out, strict=True):
            for r, n in zip(team, new, strict=False):
                r.mu, r.sigma = n.mu, n.sigma

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
