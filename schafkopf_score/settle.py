"""Settling up: the fewest transfers that clear a set of balances, and cash rounding (pure).

The minimum number of transfers is n minus the largest number of disjoint groups of players
whose balances sum to zero (each group of k clears with k-1 transfers, and no fewer). The
greedy largest-debtor-to-largest-creditor method misses that: debts 10/3/3 against credits
6/5/5 need 4 transfers, greedy makes 5. We search the subsets exactly (2^n, n nonzero
balances), which is instant for a table; above ``EXACT_LIMIT`` we fall back to greedy.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

EXACT_LIMIT = 16


@dataclass(frozen=True)
class Transfer:
    payer: str
    payee: str
    amount: int

    def to_dict(self) -> dict[str, object]:
        return {"from": self.payer, "to": self.payee, "amount": self.amount}


def zero_sum_groups(names: Sequence[str], balances: Mapping[str, int]) -> list[list[str]]:
    """Split the players with a non-zero balance into the most disjoint zero-sum groups."""
    people = [n for n in names if balances[n] != 0]
    n = len(people)
    if n == 0:
        return []
    if n > EXACT_LIMIT:
        return [people]
    vals = [balances[p] for p in people]
    full = (1 << n) - 1
    sums = [0] * (1 << n)
    for mask in range(1, full + 1):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + vals[low.bit_length() - 1]
    # best[mask]: most zero-sum groups a chain of removals from ``mask`` passes through
    best = [0] * (1 << n)
    for mask in range(1, full + 1):
        m = 0
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            if best[mask ^ low] > m:
                m = best[mask ^ low]
        best[mask] = m + (1 if sums[mask] == 0 else 0)
    # Walk back from the full set, cutting a group each time the running set sums to zero.
    groups: list[list[str]] = []
    mask = full
    boundary = full
    while mask:
        target = best[mask] - (1 if sums[mask] == 0 else 0)
        rest = mask
        step = 0
        while rest:
            low = rest & -rest
            rest ^= low
            if best[mask ^ low] == target:
                step = low
                break
        nxt = mask ^ step
        if sums[nxt] == 0:
            group_mask = boundary ^ nxt
            groups.append([people[i] for i in range(n) if group_mask >> i & 1])
            boundary = nxt
        mask = nxt
    return groups


def _clear_group(group: Sequence[str], balances: Mapping[str, int]) -> list[Transfer]:
    debt = {p: -balances[p] for p in group if balances[p] < 0}
    cred = {p: balances[p] for p in group if balances[p] > 0}
    order = {p: i for i, p in enumerate(group)}
    out = []
    while debt and cred:
        d = max(debt, key=lambda p: (debt[p], -order[p]))
        c = max(cred, key=lambda p: (cred[p], -order[p]))
        amount = min(debt[d], cred[c])
        out.append(Transfer(d, c, amount))
        debt[d] -= amount
        cred[c] -= amount
        if not debt[d]:
            del debt[d]
        if not cred[c]:
            del cred[c]
    return out


def fewest_transfers(balances: Mapping[str, int], order: Sequence[str] | None = None) -> list[Transfer]:
    """Transfers that clear ``balances`` (which must sum to zero), as few as possible.

    >>> [t.to_dict() for t in fewest_transfers({"Anna": 340, "Ben": -340})]
    [{'from': 'Ben', 'to': 'Anna', 'amount': 340}]
    """
    if sum(balances.values()) != 0:
        raise ValueError(f"balances sum to {sum(balances.values())}, not zero")
    names = list(order) if order is not None else list(balances)
    out: list[Transfer] = []
    for group in zero_sum_groups(names, balances):
        out += _clear_group(group, balances)
    return out


def round_balances(balances: Mapping[str, int], unit: int) -> dict[str, int]:
    """Round every balance to a multiple of ``unit`` cents, keeping the sum zero.

    Each balance goes down to the multiple below; the units left over go to the largest
    remainders (ties to the earlier player), so no one moves by ``unit`` or more.
    """
    if unit <= 0:
        raise ValueError("unit must be positive")
    names = list(balances)
    floors = {n: (balances[n] // unit) * unit for n in names}
    left = (sum(balances.values()) - sum(floors.values())) // unit
    order = sorted(names, key=lambda n: (-(balances[n] - floors[n]), names.index(n)))
    for n in order[:left]:
        floors[n] += unit
    return floors


@dataclass(frozen=True)
class Settlement:
    """What the table hands over: the (rounded) balances and the transfers that clear them."""

    balances: dict[str, int]
    transfers: list[Transfer]
    unrounded: dict[str, int]
    moved: dict[str, int]  # what the cash rounding changed, by player


def settle_up(balances: Mapping[str, int], round_to: int | None = None) -> Settlement:
    """Round to cash (if asked) and find the fewest transfers.

    >>> settle_up({"Anna": 340, "Ben": -340}).transfers[0].to_dict()
    {'from': 'Ben', 'to': 'Anna', 'amount': 340}
    """
    exact = dict(balances)
    money = round_balances(exact, round_to) if round_to else exact
    moved = {n: money[n] - exact[n] for n in exact if money[n] != exact[n]}
    return Settlement(money, fewest_transfers(money, list(money)), exact, moved)
