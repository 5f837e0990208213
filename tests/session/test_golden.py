"""Golden session logs: a log in (a JSON export, as ``schafkopf export --format json`` writes
it), the expected state out (``tests/golden/*.json``, worked by hand: see each file's ``about``).

The pure floor is tested without a ledger: the export's session is read into a ``SessionLog``,
folded and checked. Then the same export goes through the door a user uses (``import``, then
``check`` and ``sheet --json``), which must agree with the fold.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from schafkopf_score.ledger.dump import check_ruleset
from schafkopf_score.session.checks import check_session
from schafkopf_score.session.fold import SessionLog, SessionState, fold
from schafkopf_score.session.records import SeatChange

GOLDEN = sorted((Path(__file__).parents[1] / "golden").glob("*.json"))


def read_log(export: dict[str, Any]) -> tuple[SessionLog, Any]:
    """The export's one session as a log, and the table's rules now (from its ``table``)."""
    family = export["table"]["family"]
    rulesets = {k: check_ruleset(v, family) for k, v in export["rulesets"].items()}
    table = {k: v for k, v in export["table"].items() if k not in ("name", "kind")}
    (session,) = export["sessions"]
    changes = [SeatChange(c["session_id"], c["hand"], c["created_at"], c["kind"], c["name"], c["other"], c["players"])
               for c in export.get("seating_changes", [])]
    return SessionLog.from_export(session, rulesets, changes), check_ruleset(table, family)


def seen(state: SessionState) -> dict[str, Any]:
    """What a golden file expects of a folded state."""
    return {
        "balances": state.balances, "stock": state.stock, "closed": state.closed,
        "hands": {str(r.record.hand): r.played.outcome.payout_map() if r.played else None for r in state.rows},
        "dealers": [r.played.seating.dealer if r.played else None for r in state.rows],
        "next_dealer": None if state.closed else state.state.dealer,
    }


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_a_golden_log_folds_to_its_expected_state(path):
    golden = json.loads(path.read_text(encoding="utf-8"))
    log, now = read_log(golden["export"])
    state = fold(log, now, "cent")
    expect = dict(golden["expect"])
    problems = expect.pop("problems")
    if expect["closed"]:
        expect["next_dealer"] = None
    assert seen(state) == expect
    assert [p.line().render("en") for p in check_session(log)] == problems
    assert sum(state.balances.values()) + state.stock == 0


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_a_golden_log_imports_checks_clean_and_shows_on_the_sheet_as_it_folds(path, make_table, tmp_path):
    golden = json.loads(path.read_text(encoding="utf-8"))
    export = golden["export"]
    table = export["table"]
    t = make_table(players=table["players"], family=table["family"], name="golden", language="en")
    dump = tmp_path / "golden.json"
    dump.write_text(json.dumps(export), encoding="utf-8")
    t.ok("import", str(dump))
    assert json.loads(t.ok("check", "--json").stdout)["problems"] == []
    (sheet,) = json.loads(t.ok("sheet", "--json").stdout)["sessions"]
    expect = golden["expect"]
    assert sheet["balances"] == expect["balances"] and sheet["stock"] == expect["stock"]
    assert {str(h["hand"]): None if h["void"] else h["payouts"] for h in sheet["hands"]} == expect["hands"]
    assert sheet.get("next_dealer") == (None if expect["closed"] else expect["next_dealer"])


def test_a_log_that_breaks_a_check_says_where():
    """A golden log with one hand's payouts tampered: the fold still replays it, the check
    names the hand and both amounts."""
    golden = json.loads(GOLDEN[0].read_text(encoding="utf-8"))
    export = golden["export"]
    export["sessions"][0]["games"][1]["payouts"]["Ben"] += 10
    log, _ = read_log(export)
    lines = [p.line().render("en") for p in check_session(log)]
    assert lines == [
        "session 1, hand 2: payouts sum to +€0.10, not zero",
        "session 1, hand 2: replay gives Anna -€0.60, Ben +€1.80, Cora -€0.60, Dora -€0.60, "
        "stored Anna -€0.60, Ben +€1.90, Cora -€0.60, Dora -€0.60",
        "session 1: closing balances do not match the games",
    ]


def test_a_log_holds_its_seating_changes_and_the_renames_they_make():
    golden = json.loads((Path(__file__).parents[1] / "golden" / "seats_change_mid_session.json").read_text("utf-8"))
    log, _ = read_log(golden["export"])
    assert [(c.hand, c.kind, c.name, c.other) for c in log.seat_changes] == [
        (2, "add", "E", ""), (2, "leave", "B", ""), (4, "rename", "D", "Dora")]
    assert log.aliases == {"D": "Dora"}
