"""Drawing a round's tables: pure functions of the players, the ranking and a seed.

Tables of four; when the players do not divide by four, the remainder makes tables of five (the
dealer sits out each hand), so 18 players are 2 tables of 5 and 2 of 4. The tables of five come
first (table 1, 2, ...). Where fours and fives cannot seat everyone (6, 7 and 11 players), the
tournament's ``short_tables`` says what to do: ``standin`` fills tables of four with unranked
stand-ins, ``three`` plays tables of three (which come last).

Round 1 is drawn at random; a later round at random again, by the ranking (the best five or four
at table 1, the next at table 2, ...) or ``spread`` (as many different opponents as can be: the
pairs who met before are kept apart). Every draw is seeded: the same seed, players and round give
the same tables on every machine (a text seed, lists and dicts only: no hash or set order).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..errors import IllegalEntry
from ..i18n import Text

# a pair that must not sit together costs more than any number of meetings
APART_COST = 1_000_000


def plain_sizes(count: int) -> list[int] | None:
    """Tables of four and five for ``count`` players (fives first), or None (6, 7, 11)."""
    fours, fives = divmod(count, 4)
    if count < 4 or fives > fours:
        return None
    return [5] * fives + [4] * (fours - fives)


def nearest_counts(count: int) -> tuple[int, int]:
    """The nearest counts below and above ``count`` that tables of four and five seat.

    >>> nearest_counts(6), nearest_counts(7), nearest_counts(11)
    ((5, 8), (5, 8), (10, 12))
    """
    below = next(n for n in range(count - 1, 3, -1) if plain_sizes(n) is not None)
    above = next(n for n in range(count + 1, count + 8) if plain_sizes(n) is not None)
    return below, above


@dataclass(frozen=True)
class Layout:
    """How a round seats ``count`` players: the table sizes (stand-ins included) and how many
    of the seats are stand-ins' (one at each of the first tables)."""

    sizes: tuple[int, ...]
    standins: int = 0

    @property
    def short(self) -> str:
        """``standin``, ``three`` or "" (tables of four and five only)."""
        return "standin" if self.standins else ("three" if 3 in self.sizes else "")


def layout(count: int, short_tables: str = "") -> Layout:
    """The tables for ``count`` players. Refused below 4, and for 6, 7 and 11 unless
    ``short_tables`` is ``standin`` (2 stand-ins for 6, 1 for 7 and 11) or ``three``.

    >>> layout(18).sizes, layout(6, "standin"), layout(11, "three").sizes
    ((5, 5, 4, 4), Layout(sizes=(4, 4), standins=2), (4, 4, 3))
    """
    if count < 4:
        raise IllegalEntry(Text("tournament.too_few", count=count), Text("tournament.too_few_hint"))
    sizes = plain_sizes(count)
    if sizes is not None:
        return Layout(tuple(sizes))
    if short_tables == "standin":
        tables = -(-count // 4)
        return Layout((4,) * tables, tables * 4 - count)
    if short_tables == "three":
        threes = (4 - count % 4) % 4  # 6 -> 2, 7 -> 1, 11 -> 1
        return Layout((4,) * ((count - 3 * threes) // 4) + (3,) * threes)
    below, above = nearest_counts(count)
    raise IllegalEntry(Text("tournament.no_split", count=count),
                       Text("tournament.no_split_hint", fewer=below, more=above))


def table_sizes(count: int, short_tables: str = "") -> list[int]:
    """The table sizes for ``count`` players (see ``layout``).

    >>> table_sizes(18), table_sizes(16), table_sizes(5), table_sizes(13)
    ([5, 5, 4, 4], [4, 4, 4, 4], [5], [5, 4, 4])
    """
    return list(layout(count, short_tables).sizes)


def round_rng(seed: str, round_no: int) -> random.Random:
    """The lot of one round: seeded by the tournament's seed and the round number (a text seed:
    the same on every machine and Python version)."""
    return random.Random(f"schafkopf-tournament:{seed}:{round_no}")


def _cut(order: Sequence[str], sizes: Sequence[int]) -> list[list[str]]:
    tables, start = [], 0
    for size in sizes:
        tables.append(list(order[start:start + size]))
        start += size
    return tables


def draw_tables(players: Sequence[str], round_no: int, seed: str, ranking: Sequence[str] | None = None,
                sizes: Sequence[int] | None = None) -> list[list[str]]:
    """The tables of a round, each in seat order (the first deals first). ``ranking`` (the
    players best first): drawn by ranking, else at random from the seed.

    >>> draw_tables(["A", "B", "C", "D", "E"], 2, "x", ranking=["E", "D", "C", "B", "A"])
    [['E', 'D', 'C', 'B', 'A']]
    """
    sizes = list(sizes) if sizes is not None else table_sizes(len(players))
    if ranking is not None:
        order = list(ranking)
    else:
        order = list(players)
        round_rng(seed, round_no).shuffle(order)
    return _cut(order, sizes)


def _key(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def meetings(tables: Sequence[Sequence[Sequence[str]]], ignore: Sequence[str] = ()) -> dict[tuple[str, str], int]:
    """How often each pair sat at one table, over the rounds' tables (``ignore``: stand-ins)."""
    left_out = dict.fromkeys(ignore)
    met: dict[tuple[str, str], int] = {}
    for round_tables in tables:
        for table in round_tables:
            people = [p for p in table if p not in left_out]
            for i, a in enumerate(people):
                for b in people[i + 1:]:
                    k = _key(a, b)
                    met[k] = met.get(k, 0) + 1
    return met


def spread_tables(players: Sequence[str], round_no: int, seed: str, sizes: Sequence[int],
                  met: Mapping[tuple[str, str], int], fixed: Mapping[str, int] | None = None,
                  apart: Sequence[tuple[str, str]] = (), tries: int = 24) -> list[list[str]]:
    """A round drawn so that pairs who met before meet as seldom as can be: the best of up to
    ``tries`` seeded attempts (see ``_spread_once``; the first without a repeat ends the search).
    A pair that met ``k`` times costs ``k * k`` at one table (two meeting twice is worse than two
    pairs once); an ``apart`` pair costs more than every meeting. ``fixed``: player -> table
    number (1-based), never moved. The seat order at each table is drawn from the seed too."""
    cost_of: dict[tuple[str, str], int] = {k: v * v for k, v in met.items() if v}
    for a, b in apart:
        k = _key(a, b)
        cost_of[k] = cost_of.get(k, 0) + APART_COST
    best: list[list[str]] = []
    best_cost = -1
    for attempt in range(tries):
        rng = random.Random(f"schafkopf-spread:{seed}:{round_no}:{attempt}")
        tables = _spread_once(players, sizes, cost_of, dict(fixed or {}), rng)
        cost = sum(cost_of.get(_key(a, b), 0) for t in tables for i, a in enumerate(t) for b in t[i + 1:])
        if best_cost < 0 or cost < best_cost:
            best, best_cost = tables, cost
        if cost == 0:
            break
    seat_rng = round_rng(seed, round_no)
    for table in best:
        seat_rng.shuffle(table)
    return best


def _spread_once(players: Sequence[str], sizes: Sequence[int], cost_of: Mapping[tuple[str, str], int],
                 fixed: Mapping[str, int], rng: random.Random, passes: int = 6) -> list[list[str]]:
    """One attempt: a greedy placement (each player, in a shuffled order, the most constrained
    first, to the open table where he costs least), then swaps of two players between tables
    while one lowers the cost."""
    partners: dict[str, list[tuple[str, int]]] = {p: [] for p in players}
    for (a, b), c in sorted(cost_of.items()):
        if a in partners and b in partners:
            partners[a].append((b, c))
            partners[b].append((a, c))
    weight: dict[str, dict[str, int]] = {p: dict(v) for p, v in partners.items()}
    tables: list[list[str]] = [[] for _ in sizes]
    where: dict[str, int] = {}

    def cost_at(p: str, t: int, without: str = "") -> int:
        w = weight[p]
        return sum(w.get(q, 0) for q in tables[t] if q != without)

    for p in players:
        if p in fixed:
            t = fixed[p] - 1
            tables[t].append(p)
            where[p] = t
    order = [p for p in players if p not in fixed]
    rng.shuffle(order)
    # the most constrained (most earlier opponents) first, the lot deciding among equals
    order.sort(key=lambda p: -len(weight[p]))
    for p in order:
        best, best_cost = -1, 0
        for t, size in enumerate(sizes):
            if len(tables[t]) >= size:
                continue
            c = cost_at(p, t)
            if best < 0 or c < best_cost:
                best, best_cost = t, c
        tables[best].append(p)
        where[p] = best
    movable = list(order)
    for _ in range(passes):
        improved = False
        for a in movable:
            if not weight[a]:
                continue
            ta = where[a]
            here = cost_at(a, ta)
            if here == 0:
                continue
            for b in movable:
                tb = where[b]
                if tb == ta:
                    continue
                gain = here + cost_at(b, tb) - cost_at(a, tb, without=b) - cost_at(b, ta, without=a)
                if gain > 0:
                    tables[ta][tables[ta].index(a)] = b
                    tables[tb][tables[tb].index(b)] = a
                    where[a], where[b] = tb, ta
                    improved = True
                    here = cost_at(a, tb)
                    ta = tb
                    if here == 0:
                        break
        if not improved:
            break
    return tables


def repeats(tables: Sequence[Sequence[str]], met: Mapping[tuple[str, str], int],
            ignore: Sequence[str] = ()) -> list[tuple[str, str, int]]:
    """The pairs of a round's tables who met before: (player, player, times met before)."""
    out = []
    left_out = dict.fromkeys(ignore)
    for table in tables:
        people = [p for p in table if p not in left_out]
        for i, a in enumerate(people):
            for b in people[i + 1:]:
                k = _key(a, b)
                if met.get(k, 0):
                    out.append((k[0], k[1], met[k]))
    return sorted(out)
