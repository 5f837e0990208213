"""The random desk driver (``tests/desk_driver.py``) on fixed seeds: draws, redraws, swaps, hands,
paper totals and their corrections, latecomers and withdrawals, each step checked against the
desk's invariants (RULES §10)."""

import pytest

from tests.desk_driver import run


@pytest.mark.slow
@pytest.mark.parallel
@pytest.mark.parametrize("seed", [1, 57, 66])
def test_the_desk_keeps_its_invariants_under_a_random_sequence(tmp_path, seed):
    _, problem = run(seed, 60, tmp_path)
    assert problem is None, problem
