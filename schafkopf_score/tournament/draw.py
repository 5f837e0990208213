"""Drawing a round's tables: pure functions of the players, the ranking and a seed.

Tables of four; when the players do not divide by four, the remainder makes tables of five (the
dealer sits out each hand), so 18 players are 2 tables of 5 and 2 of 4. The tables of five come
first (table 1, 2, ...). Round 1 is drawn at random; a later round at random again or by the
ranking (the best five or four at table 1, the next at table 2, ...). The lot is seeded: the
same seed and round give the same tables on every machine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..errors import IllegalEntry
from ..i18n import Text


def table_sizes(count: int) -> list[int]:
    """The table sizes for ``count`` players: fours, and as many fives as the remainder needs
    (first). Refused where no split into fours and fives exists (fewer than 4, and 6, 7, 11).

    >>> table_sizes(18), table_sizes(16), table_sizes(5), table_sizes(13)
    ([5, 5, 4, 4], [4, 4, 4, 4], [5], [5, 4, 4])
    """
    if count < 4:
        raise IllegalEntry(Text("cli.tournament.too_few", count=count), Text("cli.tournament.too_few_hint"))
    fours, fives = divmod(count, 4)
    if fives > fours:  # 6, 7, 11: no tables of four and five seat them all
        raise IllegalEntry(Text("cli.tournament.no_split", count=count),
                           Text("cli.tournament.no_split_hint", fewer=count - fives, more=count + 4 - fives))
    return [5] * fives + [4] * (fours - fives)


def round_rng(seed: str, round_no: int) -> random.Random:
    """The lot of one round: seeded by the tournament's seed and the round number (a text seed:
    the same on every machine and Python version)."""
    return random.Random(f"schafkopf-tournament:{seed}:{round_no}")


def draw_tables(players: Sequence[str], round_no: int, seed: str, ranking: Sequence[str] | None = None) -> list[list[str]]:
    """The tables of a round, each in seat order (the first deals first). ``ranking`` (the
    players best first): drawn by ranking, else at random from the seed.

    >>> draw_tables(["A", "B", "C", "D", "E"], 2, "x", ranking=["E", "D", "C", "B", "A"])
    [['E', 'D', 'C', 'B', 'A']]
    """
    sizes = table_sizes(len(players))
    if ranking is not None:
        order = list(ranking)
    else:
        order = list(players)
        round_rng(seed, round_no).shuffle(order)
    tables, start = [], 0
    for size in sizes:
        tables.append(order[start:start + size])
        start += size
    return tables
