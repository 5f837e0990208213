"""A report shows a closed session's settlement from its stored closing without building the
settlement's objects (``reports._stored_settlement``, fast for a season of closings): it must say
what ``SessionSettlement.reported`` says of the settlement read back from the same row, but for
the balances, which a report shows as they were paid (the cash rounding included), where
``settle`` shows them before the rounding."""

from hypothesis import given
from hypothesis import strategies as st

from schafkopf_score.app.reports import _stored_settlement
from schafkopf_score.session.settle import SessionSettlement, settle_session
from schafkopf_score.table import make_rules

NAMES = ["Anna", "Ben", "Cora", "Dora"]


@given(st.lists(st.integers(-10_000, 10_000), min_size=3, max_size=3), st.sampled_from([None, 10, 50]),
       st.sampled_from(["bavarian", "sheepshead"]))
def test_a_stored_settlement_reads_as_the_settlement_read_back(amounts, round_to, family):
    balances = dict(zip(NAMES, [*amounts, -sum(amounts)], strict=True))
    stored = settle_session(make_rules(family, NAMES), balances, 0, round_to, 1, closed=True).stored()
    read_back = SessionSettlement.from_stored(1, stored).reported()
    assert _stored_settlement(stored) == {**read_back, "balances": read_back["amounts"]}
