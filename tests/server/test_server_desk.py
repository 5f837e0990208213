"""The desk's routes on the table server (issue 36): ``POST /api/totals`` (enter, replace, void a
table's paper totals), ``/api/fix``, ``/api/apart``, ``/api/swap`` and ``redo`` on ``/api/draw``,
for the host alone, each answering what the command's ``--json`` answers, a refusal as 422 with
the CLI's words and nothing written."""

from __future__ import annotations

import json

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


def test_the_host_page_has_the_desk_and_its_forms_work_without_javascript(tmp_path):
    """The desk on the host's page (issue 36: "the same on the host page"): a table's paper
    totals entered and replaced, a player kept at a table, two kept apart, two seats swapped,
    the round drawn again, through the page's forms as a browser without JavaScript posts
    them; each does what the command does, a refusal is a page of its own and writes nothing."""
    import html as html_text

    from tests.server.test_server_pages import browser_post, page

    cup = tournament(tmp_path, players=EIGHT, extra='games_per_round = 2\nrounds = 2\nseed = "d"', language="de")
    twin = tournament(tmp_path, players=EIGHT, extra='games_per_round = 2\nrounds = 2\nseed = "d"', name="twin",
                      language="de")
    with Server(cup.path) as s:
        html = page(s, "/", s.host)
        for action in ("totals", "fix", "apart", "swap", "redraw"):
            assert f'action="/form/{action}"' in html, action
        assert "Turnierleitung" in html and "Papiersummen eines Tisches" in html
        assert "/form/totals" not in page(s, "/", s.view)  # the desk is the host's alone

        def post(action, fields):
            status, headers, body = browser_post(s, f"/form/{action}", {**fields, "back": "/"}, s.host)
            return status, headers.get("location"), html_text.unescape(body.decode())

        assert post("fix", {"player": "#8", "tisch": "2"})[:2] == (303, "/?done=fix")
        assert '<p class="ok" role="status">Gespeichert: wer an welchem Tisch bleibt.</p>' in page(s, "/?done=fix", s.host)
        twin.ok("tournament", "fix", "8", "2")
        assert post("apart", {"players": "Anna, Ben"})[:2] == (303, "/?done=apart")
        twin.ok("tournament", "apart", "Anna", "Ben")
        before = cup.ledger_bytes()
        status, where, body = post("apart", {"players": "Anna"})
        assert (status, where) == (422, None) and "„Zwei Spieler (Anna, Ben)“: nenn zwei Spieler" in body
        assert cup.ledger_bytes() == before
        assert cup.json("tournament", "draw") == twin.json("tournament", "draw")
        assert post("redraw", {"reason": "verlesen", "redo": "1"})[:2] == (303, "/?done=redraw")
        twin.ok("tournament", "draw", "--redo", "--reason", "verlesen")
        tables = cup.json("tournament", "tables")
        assert tables == twin.json("tournament", "tables")
        one, two = tables["tables"][0]["players"], tables["tables"][1]["players"]
        assert post("swap", {"players": f"{one[0]}, {two[0]}", "reason": "falscher Platz"})[:2] == (303, "/?done=swap")
        twin.ok("tournament", "swap", one[0], two[0], "--reason", "falscher Platz")
        one = [two[0], *one[1:]]
        text = ", ".join(f"{p}={v}" for p, v in zip(one, (3, -3, 1, -1), strict=True))
        assert post("totals", {"tisch": "1", "totals": text})[:2] == (303, "/?done=totals")
        twin.ok("tournament", "enter", "--tisch", "1", "--totals", text.replace(" ", ""))
        right = ",".join(f"{p}={v}" for p, v in zip(one, (3, -1, 1, -3), strict=True))
        status, where, body = post("totals", {"tisch": "1", "totals": right})  # entered already: replace it
        assert status == 422 and "Tisch 1 von Runde 1 hat seine Summen schon eingetragen." in body, body
        assert post("totals", {"tisch": "1", "totals": right, "replace": "1", "reason": "vertauscht"})[:2] == \
            (303, "/?done=totals")
        twin.ok("tournament", "enter", "--tisch", "1", "--totals", right, "--replace", "--reason", "vertauscht")
        assert post("apart", {"players": "Anna, Ben", "remove": "1"})[:2] == (303, "/?done=apart")  # lifted again
        twin.ok("tournament", "apart", "Anna", "Ben", "--remove")
        assert post("fix", {"player": "#8", "remove": "1", "tisch": ""})[:2] == (303, "/?done=fix")
        twin.ok("tournament", "fix", "8", "--remove")
        for args in (["tournament", "tables"], ["tournament", "ranking"], ["tournament", "sheet", "--tisch", "1"]):
            assert strip_times(cup.json(*args)) == strip_times(twin.json(*args)), args
        exported = [strip_times(json.loads(t.ok("export", "--format", "json").stdout)) for t in (cup, twin)]
        assert exported[0] == exported[1]  # the constraints, lifted, the corrections: the same events
        assert "Papiersummen" in page(s, "/", s.host)
    cup.ok("check")


def strip_times(data):
    """A tournament's answer without when it was written (two ledgers, two moments)."""
    if isinstance(data, dict):
        return {k: strip_times(v) for k, v in data.items()
                if k not in ("at", "created_at", "recorded_at", "opened_at", "exported_at", "name", "path")}
    if isinstance(data, list):
        return [strip_times(v) for v in data]
    return data


def test_the_host_s_redraw_leaves_out_a_player_withdrawn_since_and_refuses_as_the_cli_does(tmp_path):
    cup = tournament(tmp_path, players=EIGHT, extra='games_per_round = 2\nrounds = 2\nseed = "w"')
    with Server(cup.path) as s:
        assert s.post("/api/draw", {})[0] == 200
        cup.ok("tournament", "player", "withdraw", "Hans")
        # seven without short_tables: the CLI's words, 422, nothing written
        before = cup.ledger_bytes()
        said = cup.run("tournament", "draw", "--redo", "--reason", "lot").stderr.splitlines()
        status, got = s.post("/api/draw", {"redo": True, "reason": "lot"})
        assert status == 422 and (got["error"], got["hint"]) == (said[0].removeprefix("Error: "), said[1])
        assert got["error"].startswith("Round 1 cannot be drawn again without Hans, who withdrew after its draw")
        assert cup.ledger_bytes() == before
        # with a stand-in allowed, the host's redo seats the seven and the stand-in at the round's tables
        cup.path.write_text(cup.path.read_text(encoding="utf-8").replace(
            "[tournament]\n", '[tournament]\nshort_tables = "standin"\n'), encoding="utf-8")
        status, redone = s.post("/api/draw", {"redo": True, "reason": "Hans left"})
        assert status == 200 and redone["redo"], redone
        assert [x["standins"] for x in redone["tables"]] == [["Stand-in 1"], []]
        assert sorted(p for x in redone["tables"] for p in x["players"]) == sorted([*EIGHT[:7], "Stand-in 1"])
    cup.ok("check")
