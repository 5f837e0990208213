"""Settlement: fewest transfers (exact), cash rounding, and their invariants."""

import itertools

from hypothesis import given
from hypothesis import strategies as st

from schafkopf_score.session.settle import fewest_transfers, round_balances


def apply(transfers, names):
    out = {n: 0 for n in names}
    for t in transfers:
        out[t.payer] -= t.amount
        out[t.payee] += t.amount
    return out


def brute_force_minimum(balances):
    """n minus the most disjoint zero-sum groups, by trying every partition."""
    people = [n for n, v in balances.items() if v]

    def best(rest):
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        top = 0
        for k in range(len(others) + 1):
            for combo in itertools.combinations(others, k):
                if balances[first] + sum(balances[c] for c in combo) == 0:
                    remaining = [o for o in others if o not in combo]
                    top = max(top, 1 + best(remaining))
        return top

    return len(people) - best(people)


def test_greedy_is_not_minimal_example():
    b = {"A": -10, "B": -3, "C": -3, "D": 6, "E": 5, "F": 5}
    ts = fewest_transfers(b)
    assert len(ts) == 4
    # what each pays out or receives is exactly his balance
    assert apply(ts, b) == b


def balances_strategy(max_players=7):
    return st.lists(st.integers(-5000, 5000), min_size=1, max_size=max_players - 1).map(
        lambda xs: {f"P{i}": v for i, v in enumerate(xs + [-sum(xs)])})


@given(balances_strategy())
def test_transfers_reproduce_balances_and_are_minimal(balances):
    ts = fewest_transfers(balances)
    # after the transfers everyone stands at zero: a payer had a negative balance
    net = {n: balances[n] for n in balances}
    for t in ts:
        assert t.amount > 0
        net[t.payer] += t.amount
        net[t.payee] -= t.amount
    assert all(v == 0 for v in net.values())
    assert len(ts) == brute_force_minimum(balances)


@given(balances_strategy(10), st.sampled_from([5, 10, 20, 50, 100]))
def test_rounding_keeps_zero_sum_and_moves_less_than_a_unit(balances, unit):
    rounded = round_balances(balances, unit)
    assert sum(rounded.values()) == 0
    for n in balances:
        assert rounded[n] % unit == 0
        assert abs(rounded[n] - balances[n]) < unit


def test_small_groups_found():
    b = {"A": 30, "B": -30, "C": 20, "D": -20, "E": 5, "F": -5}
    assert len(fewest_transfers(b)) == 3
