"""A model-based random attack on the money invariants (tests/money_driver.py): random
evenings through the real command line (entries, undo, void, edit, players joining, leaving and
renamed, early payouts, closes with and without rounding, reopenings) on Stock tables, after
each step every hand's payouts and the Stock sum to zero, settle's transfers clear what is
paid, standings, stats and the season agree, check passes, and every tenth step the JSON
export imports into a fresh ledger with the same views. Fixed seeds: each once found a defect."""

import pytest

from tests.money_driver import run


@pytest.mark.slow
@pytest.mark.parallel
@pytest.mark.parametrize("seed, config", [(28, "bav_stock"), (7, "bav_bock"), (10, "wendish")])
def test_random_evenings_keep_every_cent(tmp_path, seed, config):
    driver, problem = run(seed, 120, tmp_path, config)
    assert problem is None, (problem, driver.log[-30:])
