"""Golden session logs: a log in (a JSON export, as ``schafkopf export --format json`` writes
it), the expected state out (``tests/golden/*.json``, worked by hand: see each file's ``about``).

The pure floor is tested without a ledger: the export's session is read into a ``SessionLog``,
folded and checked. Then the same export goes through the door a user uses (``import``, then
``check`` and ``settle --json``), which must agree with the fold.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from schafkopf_score.ledger.dump import check_ruleset
from schafkopf_score.ledger.store import aliases_of
from schafkopf_score.rules.model import GameEntry
from schafkopf_score.session.checks import check_session
from schafkopf_score.session.fold import SessionLog, SessionState, fold
from schafkopf_score.session.records import Closing, GameRecord, Payment, SeatChange, SessionInfo

GOLDEN = sorted((Path(__file__).parents[1] / "golden").glob("*.json"))


def read_log(export: dict[str, Any]) -> tuple[SessionLog, Any]:
    """The export's one session as a log, and the table's rules now (from its ``table``)."""
    family = export["table"]["family"]
    rulesets = {k: check_ruleset(v, family) for k, v in export["rulesets"].items()}
    table = {k: v for k, v in export["table"].items() if k not in ("name", "kind")}
    (s,) = export["sessions"]
    records = []
    for g in s["games"]:
        last = g["restatements"][-1] if g["restatements"] else g
        void = g["void"] or {}
        records.append(GameRecord(
            id=g["id"], session_id=s["id"], hand=g["hand"], replaces=g["replaces"], created_at=g["created_at"],
            game=g["game"], entry=GameEntry.from_dict(g["entry"]), typed=g["typed"], rules=rulesets[g["ruleset"]],
            unit=g["unit"], payouts=last["payouts"], stock=last["stock"], outcome=last["outcome"],
            void_kind=void.get("kind"), void_reason=void.get("reason", ""), void_at=void.get("created_at"),
            restated=bool(g["restatements"])))
    c = s["closing"]
    info = SessionInfo(s["id"], s["opened_at"], c["created_at"] if c else None, c["balances"] if c else None,
                       c["bookings"] if c else {})
    payments = [Payment(s["id"], p["hand"], p["created_at"], p["player"], p["amounts"], p["transfers"])
                for p in s.get("payments", [])]
    closings = [Closing(i, o["created_at"], o["balances"], o["bookings"], o["reopened_at"], o["reason"])
                for i, o in enumerate(s.get("reopened_closings", []), 1)]
    if c:
        closings.append(Closing(len(closings) + 1, c["created_at"], c["balances"], c["bookings"]))
    aliases = aliases_of(SeatChange(c["session_id"], c["hand"], c["created_at"], c["kind"], c["name"], c["other"],
                                    c["players"]) for c in export.get("seating_changes", []))
    return SessionLog(info, records, payments, closings, aliases), check_ruleset(table, family)


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
def test_a_golden_log_imports_checks_clean_and_settles_as_it_folds(path, make_table, tmp_path):
    golden = json.loads(path.read_text(encoding="utf-8"))
    export = golden["export"]
    table = export["table"]
    t = make_table(players=table["players"], name="golden", language="en")
    dump = tmp_path / "golden.json"
    dump.write_text(json.dumps(export), encoding="utf-8")
    t.ok("import", str(dump))
    assert json.loads(t.ok("check", "--json").stdout)["problems"] == []
    settled = json.loads(t.ok("settle", "--json").stdout)
    assert settled["balances"] == golden["expect"]["balances"]


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
