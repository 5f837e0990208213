"""The desk's routes on the table server (issue 36): ``POST /api/totals`` (enter, replace, void a
table's paper totals), ``/api/fix``, ``/api/apart``, ``/api/swap`` and ``redo`` on ``/api/draw``,
for the host alone, each answering what the command's ``--json`` answers, a refusal as 422 with
the CLI's words and nothing written."""

from __future__ import annotations

from tests.app.test_tournament import EIGHT, tournament
from tests.serving import Server


def test_the_host_corrects_totals_sets_constraints_redraws_and_swaps_as_the_cli_does(tmp_path):
    cup = tournament(tmp_path, players=EIGHT, extra='games_per_round = 2\nrounds = 2\nseed = "d"')
    twin = tournament(tmp_path, players=EIGHT, extra='games_per_round = 2\nrounds = 2\nseed = "d"', name="twin")
    with Server(cup.path) as s:
        # the constraints: the same answer as the command's
        assert s.post("/api/fix", {"player": "Hans", "tisch": 2}, code="tisch 1")[0] in (401, 403)
        status, got = s.post("/api/fix", {"player": "#8", "tisch": 2})
        assert status == 200 and got == twin.json("tournament", "fix", "8", "2")
        status, got = s.post("/api/apart", {"players": ["Anna", "Ben"]})
        assert status == 200 and got == twin.json("tournament", "apart", "Anna", "Ben")
        status, got = s.post("/api/apart", {"players": ["Anna"]})
        assert status == 422
        status, got = s.post("/api/fix", {"player": "Zed", "tisch": 1})
        assert status == 422 and got["error"] == "'Zed' is not registered in this tournament."
        # the draw and its redo
        assert s.post("/api/draw", {})[1] == twin.json("tournament", "draw")
        before = cup.ledger_bytes()
        status, got = s.post("/api/draw", {"redo": True, "force": True})
        assert status == 422 and got["error"].startswith("--redo draws the current round again")
        assert cup.ledger_bytes() == before
        status, redone = s.post("/api/draw", {"redo": True, "reason": "misread"})
        assert status == 200 and redone == twin.json("tournament", "draw", "--redo", "--reason", "misread")
        assert "Hans" in redone["tables"][1]["players"]
        one, two = redone["tables"][0]["players"], redone["tables"][1]["players"]
        status, got = s.post("/api/swap", {"players": [one[0], two[0]], "reason": "wrong seat"})
        assert status == 200 and got == twin.json("tournament", "swap", one[0], two[0], "--reason", "wrong seat")
        one = [two[0], *one[1:]]
        # paper totals: entered (an object or the CLI's text), replaced, voided
        totals = dict(zip(one, (3, -3, 1, -1), strict=True))
        status, got = s.post("/api/totals", {"tisch": 1, "totals": totals})
        assert status == 200 and got == twin.json("tournament", "enter", "--tisch", "1", "--totals",
                                                  ",".join(f"{k}={v}" for k, v in totals.items()))
        assert got["tiebreaks"] is False
        status, got = s.post("/api/totals", {"tisch": 1, "totals": totals})
        assert status == 422 and got["error"] == "Table 1 of round 1 has its totals entered already."
        right = dict(zip(one, (3, -1, 1, -3), strict=True))
        status, got = s.post("/api/totals", {"tisch": 1, "totals": ",".join(f"{k}={v}" for k, v in right.items()),
                                             "replace": True, "reason": "swapped"})
        assert status == 200 and (got["replaced"]["totals"], got["totals"], got["reason"]) == (totals, right, "swapped")
        assert s.post("/api/totals", {"tisch": 1})[0] == 422  # neither totals nor a void
        status, got = s.post("/api/totals", {"tisch": 1, "void": True, "reason": "wrong table"})
        assert status == 200 and got["voided"]["totals"] == right
        status, got = s.get("/api/tables", code="view")
        assert status == 200 and got["tables"][0]["paper"] is None and got["status"].startswith("provisional")
    cup.ok("check")
    history = cup.json("tournament", "sheet", "--tisch", "1")["history"]
    assert [h["kind"] for h in history] == ["entered", "replaced", "voided"]
