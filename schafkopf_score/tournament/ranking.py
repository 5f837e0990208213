"""A tournament's ranking: every table's hands added up in tournament points (the stored
payouts: the Bavarian engine priced them with the ``[points]``), as plus-minus or, for
``plus-only``, only what each player won; ties by solos won, hands won, then the lot."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from ..ledger import Ledger
from ..session.tournament import fold_tournament
from ..table import TableConfig
from .points import capped
from .tables import SOLO_KINDS, _tables, roster, settings_of, table_view


@dataclass
class Standing:
    """One player's tournament so far: points (as the tournament counts them), the plus and
    minus points, solos won, hands won, hands played; ``rank`` 1 is the best; ``lot``: the lot
    decided between this player and a neighbour with the same points, solos and hands won;
    ``number``: his start number;
    ``withdrawn``: he withdrew (keeps his place, never seated again); ``joined``: the round a
    latecomer joined in (0: from the start)."""

    player: str
    points: int = 0
    plus: int = 0
    minus: int = 0
    solos_won: int = 0
    games_won: int = 0
    games: int = 0
    rank: int = 0
    lot: bool = False
    rounds: dict[int, int] = field(default_factory=dict)
    withdrawn: bool = False
    joined: int = 0
    number: int | None = None  # the start number (registration order)

    def key(self) -> tuple[int, int, int]:
        return (self.points, self.solos_won, self.games_won)

    def to_json(self) -> dict[str, Any]:
        return {"rank": self.rank, "number": self.number, "player": self.player, "points": self.points, "plus": self.plus,
                "minus": self.minus, "solos_won": self.solos_won, "games_won": self.games_won, "games": self.games,
                "lot": self.lot, "rounds": {str(k): v for k, v in sorted(self.rounds.items())},
                "withdrawn": self.withdrawn, "joined": self.joined}


def lot_seed(cfg: TableConfig, ledger: Ledger) -> str:
    """What the lot between tied players is drawn from: the file's ``seed``, else the seed
    round 1 was drawn with."""
    settings = settings_of(cfg)
    rounds = ledger.rounds()
    return settings.seed or (str(rounds[0].seed) if rounds else "")


def lot_number(seed: str, name: str) -> str:
    """A player's lot: a digest of the tournament's seed and his name. The same on every
    machine, for every entry order; the smaller lot ranks first.

    >>> lot_number("x", "Anna") < lot_number("x", "Ben")
    True
    """
    return hashlib.sha256(f"schafkopf-lot\x1f{seed}\x1f{name}".encode()).hexdigest()


def ranking(cfg: TableConfig, ledger: Ledger, upto: int | None = None, day: int | None = None,
            later: bool = True) -> list[Standing]:
    """Every player's standing after the rounds up to ``upto`` (default: all drawn; ``day``:
    only that day's rounds), best first: by points, then solos won, then hands won, then the
    lot. Stand-ins are left out (and, with ``later`` false, the latecomers who join after
    ``upto``: the ranking as it stood then); a withdrawn player keeps his place; a table's paper totals
    count as its hands would; each round's points cap applies to its hands."""
    settings = settings_of(cfg)
    family = cfg.family_obj()
    # the tournament's events folded once: who plays, the paper totals, each round's cap and day
    state = fold_tournament(cfg.players, ledger.events())
    people = roster(cfg, ledger, state)
    # a latecomer is marked from the round he joined in (one registered before round 1 is not late);
    # a withdrawal from the round it was recorded in (the latest drawn then): not in a ranking before it
    cut = upto if upto is not None else max(
        (r for r in range(1, settings.rounds + 1) if settings.day_of(r) == day), default=None) if day else None
    table: dict[str, Standing] = {p: Standing(p, joined=people.joined.get(p, 0) if people.joined.get(p, 0) > 1 else 0,
                                             withdrawn=p in people.withdrawn
                                             and (cut is None or people.withdrawn[p][0] <= cut))
                                  for p in people.players
                                  if later or upto is None or people.joined.get(p, 0) <= upto}
    totals, caps, days = state.totals, state.caps, state.days
    for seat in _tables(ledger, state=state):
        if upto is not None and seat.round > upto:
            continue
        if day is not None and days.get(seat.round, settings.day_of(seat.round)) != day:
            continue
        ranked = [p for p in seat.players if p not in seat.standins]
        for p in ranked:
            table.setdefault(p, Standing(p)).rounds.setdefault(seat.round, 0)
        paper = totals.get(seat.session_id)
        if paper is not None:
            hands = settings.games_at(len(seat.players))
            each = hands * 4 // 5 if len(seat.players) == 5 else hands
            for name in ranked:
                s = table[name]
                value = int(paper["totals"].get(name, 0))
                s.games += each
                s.plus += max(value, 0)
                s.minus += min(value, 0)
                counted = max(value, 0) if settings.plus_only else value
                s.points += counted
                s.rounds[seat.round] += counted
                s.solos_won += int(paper.get("solos", {}).get(name, 0))
                s.games_won += int(paper.get("won", {}).get(name, 0))
            continue
        view = table_view(cfg, ledger, seat)
        cap = caps.get(seat.round, 0)
        for row in view.valid_rows():
            assert row.played is not None
            out = row.played.outcome
            solo = family.game(out.game).kind in SOLO_KINDS
            for name, value in capped(out.payouts, cap):
                if name in seat.standins:
                    continue
                s = table.setdefault(name, Standing(name))
                s.games += 1
                s.plus += max(value, 0)
                s.minus += min(value, 0)
                counted = max(value, 0) if settings.plus_only else value
                s.points += counted
                s.rounds[seat.round] = s.rounds.get(seat.round, 0) + counted
                if value > 0:
                    s.games_won += 1
                    if solo and out.declarers == (name,) and out.won:
                        s.solos_won += 1
    if day is not None:  # a day's ranking: those who played that day
        table = {n: s for n, s in table.items() if s.rounds}
    seed = lot_seed(cfg, ledger)
    order = sorted(table.values(), key=lambda s: (-s.points, -s.solos_won, -s.games_won, lot_number(seed, s.player)))
    numbers = {p: i for i, p in enumerate(people.players, 1)}
    for i, s in enumerate(order, 1):
        s.rank = i
        s.number = numbers.get(s.player)
        s.lot = any(0 <= j < len(order) and order[j].key() == s.key() for j in (i - 2, i))
    return order
