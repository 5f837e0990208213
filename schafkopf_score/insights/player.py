"""A player's own page (RULES §13, ``stats --player``): his figures over a list of hands (pure).

Per game type the hands he played, won and the money they moved for him, as declarer and as
partner; the partners he played with (on the same side of a hand: the two of a Sauspiel, the
two against them, the three against a Solo), how often, how often they won together, and the
best and the worst of them among those with at least ``MIN_TOGETHER`` hands (*buddy* and
*nemesis*); his best and his worst hand; his longest runs of won and of lost hands; the Kontra
his side gave and the Kontra given against him, and how those hands ended; Sheepshead in its
own terms (``Family.page_record``: Sheepshead's picks, alone, leasters, the partner's record).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .hands import HandFacts

MIN_TOGETHER = 10  # hands together before a partner can be the buddy or the nemesis


@dataclass
class Tally:
    """How many hands, how many of them won."""

    hands: int = 0
    won: int = 0

    def count(self, won: bool | None) -> None:
        self.hands += 1
        if won:
            self.won += 1

    @property
    def share(self) -> float:
        return self.won / self.hands if self.hands else 0.0

    def to_json(self) -> dict[str, int]:
        return {"hands": self.hands, "won": self.won}


@dataclass
class GameLine:
    """One game type of a player's page."""

    game: str
    played: Tally = field(default_factory=Tally)
    money: int = 0
    declarer: Tally = field(default_factory=Tally)
    partner: Tally = field(default_factory=Tally)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "hands": self.played.hands, "won": self.played.won, "money": self.money,
                "declarer": self.declarer.to_json(), "partner": self.partner.to_json()}


@dataclass(frozen=True)
class Partner:
    """A player he played with: hands on the same side, won together."""

    name: str
    hands: int
    won: int

    def to_json(self) -> dict[str, Any]:
        return {"player": self.name, "hands": self.hands, "won": self.won}


@dataclass(frozen=True)
class Moment:
    """A hand worth remembering: where it was and what it meant to him."""

    session: int
    hand: int
    game: str
    amount: int

    def to_json(self) -> dict[str, Any]:
        return {"session": self.session, "hand": self.hand, "game": self.game, "amount": self.amount}


@dataclass
class PlayerFigures:
    """Everything of a player's page but his rating."""

    name: str
    unit: str = "cent"
    played: Tally = field(default_factory=Tally)
    money: int = 0
    games: dict[str, GameLine] = field(default_factory=dict)
    roles: dict[str, Tally] = field(default_factory=lambda: {"declarer": Tally(), "partner": Tally(),
                                                              "opponent": Tally()})
    partners: tuple[Partner, ...] = ()
    buddy: Partner | None = None
    nemesis: Partner | None = None
    best: Moment | None = None
    worst: Moment | None = None
    longest_won: int = 0
    longest_lost: int = 0
    current: int = 0  # the run he is on: won hands (positive) or lost ones (negative)
    kontra_given: Tally = field(default_factory=Tally)
    kontra_against: Tally = field(default_factory=Tally)  # Kontra given against his side; won: his side won
    record: dict[str, Tally] | None = None  # declared, alone, partner, each (``Family.page_record``)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "player": self.name, "unit": self.unit, "hands": self.played.hands, "won": self.played.won,
            "money": self.money, "by_game": [g.to_json() for g in self.games.values()],
            "roles": {k: v.to_json() for k, v in self.roles.items()},
            "partners": [p.to_json() for p in self.partners], "min_together": MIN_TOGETHER,
            "buddy": self.buddy.to_json() if self.buddy else None,
            "nemesis": self.nemesis.to_json() if self.nemesis else None,
            "best_hand": self.best.to_json() if self.best else None,
            "worst_hand": self.worst.to_json() if self.worst else None,
            "streaks": {"won": self.longest_won, "lost": self.longest_lost, "current": self.current},
            "kontra": {"given": self.kontra_given.to_json(), "against": self.kontra_against.to_json()},
        }
        if self.record is not None:
            data["record"] = {k: v.to_json() for k, v in self.record.items()}
        return data


class Page:
    """A player's figures, added up hand by hand (``add``), then finished (``result``): one
    pass over a season serves every player's page."""

    def __init__(self, name: str, record: bool = False) -> None:
        self.page = PlayerFigures(name)
        self.together: dict[str, Tally] = {}
        self.run = 0
        self.record = {"declared": Tally(), "alone": Tally(), "partner": Tally(), "each": Tally()} \
            if record else None

    def add(self, h: HandFacts) -> None:
        """A hand he played (one he did not play is passed over): his side (declarer, partner or
        opponent; in a game of each for himself first, last or between), whether his side won
        (in a Ramsch everyone but the loser; in a leaster or a Durchmarsch only the winner), and
        what it meant to him (his payout; where only the winners book, Deutscher strokes, the
        strokes he took or those booked against him as a negative number). Written out in one
        piece: a season's page adds a hundred thousand hands."""
        page = self.page
        name = page.name
        payouts = h.payouts
        paid = payouts.get(name)
        if paid is None:
            return
        declarers, result = h.declarers, h.won
        first = bool(declarers) and declarers[0] == name
        if h.everyone:
            side = ("first" if result else "last") if first else "between"
            won = None if result is None else (True if side == "first" else False if side == "last" else not result)
        else:
            side = "declarer" if first else "partner" if name in declarers else "opponent"
            won = None if result is None else (result if side != "opponent" else not result)
        amount = paid if h.unit != "stroke" or paid else (-h.value if won is False else 0)
        page.unit = h.unit
        page.money += paid
        played = page.played
        played.hands += 1
        line = page.games.get(h.game)
        if line is None:
            line = page.games[h.game] = GameLine(h.game)
        line.played.hands += 1
        line.money += paid
        role = page.roles.get(side)
        if role is not None:
            role.hands += 1
        if won:
            played.won += 1
            line.played.won += 1
            if role is not None:
                role.won += 1
        if side == "declarer":
            line.declarer.count(won)
        elif side == "partner":
            line.partner.count(won)
        if not h.everyone:
            declaring = side != "opponent"
            together = self.together
            for other in payouts:
                if other != name and (other in declarers) == declaring:
                    mate = together.get(other)
                    if mate is None:
                        mate = together[other] = Tally()
                    mate.hands += 1
                    if won:
                        mate.won += 1
            if h.kontra:
                (page.kontra_against if declaring else page.kontra_given).count(won)
        best = page.best
        if best is None or amount > best.amount:
            page.best = Moment(h.session, h.hand, h.game, amount)
        worst = page.worst
        if worst is None or amount < worst.amount:
            page.worst = Moment(h.session, h.hand, h.game, amount)
        if won is not None:
            run = self.run
            run = self.run = (run + 1 if run > 0 else 1) if won else (run - 1 if run < 0 else -1)
            if run > page.longest_won:
                page.longest_won = run
            elif -run > page.longest_lost:
                page.longest_lost = -run
        record = self.record
        if record is not None:
            if h.everyone:
                record["each"].count(won)
            elif side == "declarer":
                record["declared"].count(won)
                if len(declarers) == 1:
                    record["alone"].count(won)
            elif side == "partner":
                record["partner"].count(won)

    def result(self) -> PlayerFigures:
        page = self.page
        page.current = self.run
        page.partners = tuple(Partner(n, t.hands, t.won) for n, t in
                              sorted(self.together.items(), key=lambda kv: (-kv[1].hands, kv[0])))
        enough = [p for p in page.partners if p.hands >= MIN_TOGETHER]
        if enough:
            page.buddy = max(enough, key=lambda p: (p.won / p.hands, p.hands, _reverse(p.name)))
            worst = min(enough, key=lambda p: (p.won / p.hands, -p.hands, p.name))
            page.nemesis = worst if worst != page.buddy else None
        page.record = self.record
        return page


class _Kind:
    """Hands that repeat: what one such hand means to each of its players (``Pages``), worked
    out once; how many of them were played since the last ``Pages._flush``; where the first was."""

    __slots__ = ("count", "session", "hand", "game", "everyone", "kontra", "alone", "players", "winners", "losers",
                 "held")

    def __init__(self, h: HandFacts) -> None:
        self.count = 0
        self.held = (h.declarers, h.payouts)  # (the objects its key names by identity: kept alive)
        self.session, self.hand, self.game, self.everyone, self.kontra = h.session, h.hand, h.game, h.everyone, h.kontra
        payouts, declarers, result = h.payouts, h.declarers, h.won
        self.alone = len(declarers) == 1
        # per player, in the payouts' order (the order pages and lines are first made in):
        # (name, side, won, paid, amount, mates on his side, declaring)
        self.players: list[tuple[str, str, bool | None, int, int, tuple[str, ...], bool]] = []
        winners: list[str] = []
        losers: list[str] = []
        for name, paid in payouts.items():  # as ``Page.add`` works it out
            first = bool(declarers) and declarers[0] == name
            if h.everyone:
                side = ("first" if result else "last") if first else "between"
                won = None if result is None else (True if side == "first" else False if side == "last"
                                                   else not result)
            else:
                side = "declarer" if first else "partner" if name in declarers else "opponent"
                won = None if result is None else (result if side != "opponent" else not result)
            amount = paid if h.unit != "stroke" or paid else (-h.value if won is False else 0)
            declaring = side != "opponent"
            mates = () if h.everyone else tuple(o for o in payouts if o != name and (o in declarers) == declaring)
            self.players.append((name, side, won, paid, amount, mates, declaring))
            if won is not None:
                (winners if won else losers).append(name)
        self.winners, self.losers = tuple(winners), tuple(losers)


class Pages:
    """Every player's page over one pass of a season (``add`` each hand in the order played,
    then ``result``): what ``Page.add`` gives each of a hand's players, the same figures.

    A season repeats its hands (the same game, sides, result and payouts on many evenings):
    what such a hand means to each player is worked out once (a ``_Kind``) and counted; the
    counts are added to the pages in the order each kind was first played (so pages, lines and
    the best and worst hands come out as hand by hand), at the end or when ``limit`` kinds are
    held (memory stays flat). Only the runs of won and lost hands go hand by hand."""

    def __init__(self, names: Iterable[str], record: bool = False, limit: int = 4096) -> None:
        self.record = record
        self.limit = limit
        self.pages: dict[str, Page] = {name: Page(name, record) for name in names}
        self._kinds: dict[tuple[object, ...], _Kind] = {}
        self._unit: str | None = None
        self._runs: dict[str, int] = {}
        self._won: dict[str, int] = {}  # the longest runs so far
        self._lost: dict[str, int] = {}

    def add(self, h: HandFacts) -> None:
        """One hand (every player in its payouts)."""
        if h.unit != self._unit:  # a kind's amounts are in one unit: a new unit, the counts so far are added
            self._flush()
            self._unit = h.unit
        # the payouts and the declarers by identity: the season's reader gives every hand of a
        # kind the same objects (its memos), and the kind holds them, so no other takes their
        # ids while it is counted (hands that bring their own: a kind each, counted alike)
        payouts = h.payouts
        key = (h.game, id(h.declarers), h.won, h.value, h.everyone, h.kontra, id(payouts))
        kinds = self._kinds
        kind = kinds.get(key)
        if kind is None:
            if len(kinds) >= self.limit:
                self._flush()
            kind = kinds[key] = _Kind(h)
        kind.count += 1
        runs, longest = self._runs, self._won
        for name in kind.winners:
            run = runs.get(name, 0)
            run = runs[name] = run + 1 if run > 0 else 1
            if run > longest.get(name, 0):
                longest[name] = run
        longest = self._lost
        for name in kind.losers:
            run = runs.get(name, 0)
            run = runs[name] = run - 1 if run < 0 else -1
            if -run > longest.get(name, 0):
                longest[name] = -run

    def _flush(self) -> None:
        """The kinds counted so far, added to the pages in the order they were first played."""
        pages, record = self.pages, self.record
        unit = self._unit if self._unit is not None else "cent"  # (set whenever a kind is held)
        for kind in self._kinds.values():
            n, game, everyone = kind.count, kind.game, kind.everyone
            for name, side, won, paid, amount, mates, declaring in kind.players:
                builder = pages.get(name)
                if builder is None:
                    builder = pages[name] = Page(name, record)
                page = builder.page
                page.unit = unit
                page.money += paid * n
                page.played.hands += n
                line = page.games.get(game)
                if line is None:
                    line = page.games[game] = GameLine(game)
                line.played.hands += n
                line.money += paid * n
                role = page.roles.get(side)
                if role is not None:
                    role.hands += n
                if won:
                    page.played.won += n
                    line.played.won += n
                    if role is not None:
                        role.won += n
                if side == "declarer":
                    _count(line.declarer, n, won)
                elif side == "partner":
                    _count(line.partner, n, won)
                if not everyone:
                    together = builder.together
                    for other in mates:
                        mate = together.get(other)
                        if mate is None:
                            mate = together[other] = Tally()
                        _count(mate, n, won)
                    if kind.kontra:
                        _count(page.kontra_against if declaring else page.kontra_given, n, won)
                # the first hand of the kind is the earliest with its amount: as hand by hand
                if page.best is None or amount > page.best.amount:
                    page.best = Moment(kind.session, kind.hand, game, amount)
                if page.worst is None or amount < page.worst.amount:
                    page.worst = Moment(kind.session, kind.hand, game, amount)
                kept = builder.record
                if kept is not None:
                    if everyone:
                        _count(kept["each"], n, won)
                    elif side == "declarer":
                        _count(kept["declared"], n, won)
                        if kind.alone:
                            _count(kept["alone"], n, won)
                    elif side == "partner":
                        _count(kept["partner"], n, won)
        self._kinds.clear()

    def result(self) -> dict[str, PlayerFigures]:
        """Every page finished, in the order the players were named or first played (a hand a
        page's player did not play is passed over on his page).

        >>> from .hands import HandFacts
        >>> h = HandFacts(1, 1, "", "sauspiel", ("A", "B"), True, 10, {"A": 10, "B": 10, "C": -10, "D": -10},
        ...               10, False, True, "cent")
        >>> pages = Pages(["B"])
        >>> pages.add(h)
        >>> pages.add(h._replace(hand=2, won=False, kontra=False, payouts={"A": -10, "B": -10, "C": 10, "D": 10}))
        >>> f = pages.result()["B"]
        >>> f.played.to_json(), f.money, f.roles["partner"].to_json(), f.partners[0], f.kontra_against.to_json()
        ({'hands': 2, 'won': 1}, 0, {'hands': 2, 'won': 1}, Partner(name='A', hands=2, won=1), {'hands': 1, 'won': 1})
        >>> (f.longest_won, f.longest_lost, f.current), f.best, f.worst.hand
        ((1, 1, -1), Moment(session=1, hand=1, game='sauspiel', amount=10), 2)
        """
        self._flush()
        out = {}
        for name, builder in self.pages.items():
            builder.run = self._runs.get(name, 0)
            builder.page.longest_won = self._won.get(name, 0)
            builder.page.longest_lost = self._lost.get(name, 0)
            out[name] = builder.result()
        return out


def _count(tally: Tally, n: int, won: bool | None) -> None:
    """``n`` hands of one kind on a tally (``Tally.count`` ``n`` times)."""
    tally.hands += n
    if won:
        tally.won += n


def _reverse(name: str) -> tuple[int, ...]:
    """A key that sorts names backwards (so ``max`` picks the first name among equals)."""
    return tuple(-ord(c) for c in name)
