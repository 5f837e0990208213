"""Balances over time (pure): each player's running total after each step (a hand of an
evening, a session of a season), for the charts and sparklines of ``standings``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..session.fold import is_hand
from ..session.settle import merged


def running_totals(steps: Iterable[Mapping[str, int]], players: Sequence[str] = ()) -> dict[str, list[int | None]]:
    """Each player's total after each step (what the step booked for him added on); None before
    a player's first step (he was not there yet), and his total carried on through the steps he
    missed. ``players``: who comes first, in this order.

    >>> running_totals([{"A": 10, "B": -10}, {"A": -5, "C": 5}], ["A", "B"])
    {'A': [10, 5], 'B': [-10, -10], 'C': [None, 5]}
    """
    totals: dict[str, list[int | None]] = {p: [] for p in players}
    count = 0
    for step in steps:
        for name in step:
            if name not in totals:
                totals[name] = [None] * count
        for name, line in totals.items():
            last = line[-1] if line else None
            amount = step.get(name)
            line.append(last if amount is None else (last or 0) + amount)
        count += 1
    return totals


def evening_steps(state: Any) -> tuple[list[int], list[dict[str, int]]]:
    """A folded session's hands (``session.fold.SessionState``) as steps: the hand numbers and
    what each valid hand paid (earlier names under the names now), the early payouts and the
    closing's bookings added to the last step, so that the last totals are the balances. A
    Deutscher draw is no hand (RULES §12): no step."""
    hands, steps = [], []
    for row in state.rows:
        if row.played is None or not is_hand(row.record):
            continue
        hands.append(row.record.hand)
        steps.append(merged(row.played.outcome.payout_map(), state.aliases))
    if steps:
        shown = running_totals(steps)
        last = {n: (v[-1] or 0) for n, v in shown.items()}
        rest = {n: b - last.get(n, 0) for n, b in state.balances.items() if b != last.get(n, 0)}
        for name, amount in rest.items():
            steps[-1][name] = steps[-1].get(name, 0) + amount
    return hands, steps
