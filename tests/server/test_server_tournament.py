"""The table server at a tournament (RULES §11, issue 26): each table's code writes only its own
table in the current round, the host draws; the ranking, the table lists and a table's sheet
answer what ``tournament ... --json`` answers."""

from __future__ import annotations

import pytest

from tests.app.test_tournament import EIGHT, tournament
from tests.server.test_server_api import holds
from tests.serving import Server


@pytest.fixture
def cup(tmp_path):
    return tournament(tmp_path, players=EIGHT, extra='games_per_round = 4\nrounds = 2\nseed = "s"')


def test_a_tables_code_writes_its_own_table_and_the_host_draws(cup):
    with Server(cup.path) as s:
        assert sorted(s.codes) == ["host", "tisch 1", "tisch 2", "view"]
        assert s.post("/api/draw", {}, code="tisch 1") == (403, {
            "error": "This is table 1's code: it may not do this.",
            "hint": "Ask the host (the one who started schafkopf serve); nothing was written."})
        # a draw method that is none: named with a hint, as every refusal (it came without "hint")
        assert s.post("/api/draw", {"by": "los"}) == (422, {
            "error": "--by 'los': choose random, ranking, spread.",
            "hint": "Or leave --by out: the round is drawn as the file's draw says; nothing was drawn."})
        status, drawn = s.post("/api/draw", {"seed": "s"})
        assert status == 200
        twin = tournament(cup.path.parent, players=EIGHT, extra='games_per_round = 4\nrounds = 2\nseed = "s"',
                          name="twin")
        assert drawn == twin.json("tournament", "draw", "--seed", "s")
        seats = {t["tisch"]: t["players"] for t in drawn["tables"]}
        one = [p.lower()[:3] for p in seats[1]]
        line = f"sau {one[0]} {one[1]} 72"
        # table 1's code: its own table (named or not), never table 2
        status, got = s.post("/api/hands", {"line": line}, code="tisch 1")
        assert status == 201, got
        assert holds(got, twin.json("add", "--tisch", "1", *line.split()))
        assert (got["round"], got["tisch"], got["unit"]) == (1, 1, "point")
        # the same hand again is asked about (409 with the hand it repeats), and recorded when confirmed
        assert s.post("/api/hands", {"line": line, "tisch": 1}, code="tisch 1")[1]["same_as"] == 1
        assert s.post("/api/hands", {"line": line, "tisch": 1, "confirm": True}, code="tisch 1")[0] == 201
        twin.json("add", "--tisch", "1", *line.split())
        status, got = s.post("/api/hands", {"line": line, "tisch": 2}, code="tisch 1")
        assert (status, got) == (403, {"error": "The code of table 1 writes only table 1, in the current round.",
                                       "hint": "Enter it at table 1, or ask the host; nothing was written."})
        assert s.post("/api/undo", {"tisch": 2}, code="tisch 1")[0] == 403
        assert s.post("/api/undo", {"round": 1}, code="tisch 1")[0] == 403
        assert s.post("/api/hands", {"line": line}, code="view") == (403, {
            "error": "This code only reads: it may not do this.",
            "hint": "Ask the host (the one who started schafkopf serve); nothing was written."})
        # the host names the table; without one, a tournament says how
        status, got = s.post("/api/hands", {"line": line})
        assert status == 422 and "--tisch" in got["hint"], got
        two = [p.lower()[:3] for p in seats[2]]
        status, got = s.post("/api/hands", {"line": f"wenz {two[0]} 91", "tisch": 2})
        assert status == 201 and holds(got, twin.json("add", "--tisch", "2", "wenz", two[0], "91"))
        status, got = s.post("/api/undo", {}, code="tisch 1")
        assert status == 200 and holds(got, twin.json("undo", "--tisch", "1"))
        for path, args in (("/api/ranking", ["tournament", "ranking"]), ("/api/tables", ["tournament", "tables"]),
                           ("/api/sheet?tisch=1", ["tournament", "sheet", "--tisch", "1"]),
                           ("/api/sheet?tisch=2&round=1", ["tournament", "sheet", "--tisch", "2", "--round", "1"])):
            status, got = s.get(path, code="view")
            assert status == 200 and got == cup.json(*args) == twin.json(*args), path
        status, got = s.get("/api/sheet", code="view")
        assert status == 422  # a tournament's sheet is a table's: ?tisch=N
        # a table's page, the projector's ranking
        status, _, page = s.request("GET", "/tisch/1", code=s.codes["tisch 1"])
        assert status == 200 and "Round 1" in page.decode()
        assert '<input type="hidden" name="round" value="1">' in page.decode()  # a waiting line keeps its round
        status, _, page = s.request("GET", "/ranking", code=s.view)
        assert status == 200 and seats[1][0] in page.decode()
        status, headers, _ = s.request("GET", "/", code=s.codes["tisch 2"])
        assert (status, headers["location"]) == (303, "/tisch/2")
    cup.ok("check")


def test_a_capped_round_is_capped_on_the_server_as_in_the_cli(tmp_path):
    """``[points] cap``: a table's sheet, its hands and the ranking from the server are the
    CLI's, capped alike (once the server's sheet showed the uncapped points)."""
    cup = tournament(tmp_path, players=EIGHT[:4], extra='games_per_round = 4\nseed = "c"', points="cap = 10")
    cup.ok("tournament", "draw")
    first = [p.lower()[:3] for p in cup.json("tournament", "tables")["tables"][0]["players"]]
    with Server(cup.path) as s:
        status, got = s.post("/api/hands", {"line": f"herzsolo {first[0]} 70"}, code="tisch 1")
        assert status == 201 and sorted(got["payouts"].values()) == [-4, -3, -3, 10], got
        for path, args in (("/api/sheet?tisch=1", ["tournament", "sheet", "--tisch", "1"]),
                           ("/api/ranking", ["tournament", "ranking"])):
            status, answer = s.get(path, code="view")
            assert status == 200 and answer == cup.json(*args), path
        sheet = cup.json("tournament", "sheet", "--tisch", "1")
        assert sorted(sheet["balances"].values()) == [-4, -3, -3, 10]


def test_a_hand_sent_twice_at_once_is_recorded_once_even_the_tables_last(tmp_path):
    """A phone on bad Wi-Fi sends each hand twice at the same moment (the second request
    waits for the first one's lock): one hand, and both answers the first's, the table's last
    hand included (the second is not refused as "all games played": it is the same hand)."""
    import threading

    cup = tournament(tmp_path, players=EIGHT, extra='games_per_round = 3\nrounds = 1\nseed = "s"')
    with Server(cup.path) as s:
        drawn = s.post("/api/draw", {"seed": "s"})[1]
        one = [p.lower()[:3] for p in drawn["tables"][0]["players"]]
        lines = [f"sau {one[0]} {one[1]} 72", f"wenz {one[2]} 91", f"herzsolo {one[3]} 61"]
        for i, line in enumerate(lines):
            got: list[tuple[int, object]] = []

            def send(line: str = line, i: int = i, got: list[tuple[int, object]] = got) -> None:
                got.append(s.post("/api/hands", {"line": line, "key": f"hand-{i}"}, code="tisch 1"))

            pair = [threading.Thread(target=send) for _ in range(2)]
            for t in pair:
                t.start()
            for t in pair:
                t.join(timeout=30)
            assert sorted(status for status, _ in got) == [200, 201], got
            assert got[0][1] == got[1][1] and got[0][1]["hand"] == i + 1  # type: ignore[index]
        status, _ = s.post("/api/hands", {"line": lines[0], "key": "hand-3"}, code="tisch 1")
        assert status == 422  # a fourth hand is refused: the table has played its three
    hands = cup.json("tournament", "sheet", "--tisch", "1")["hands"]
    assert [h["hand"] for h in hands] == [1, 2, 3]
    cup.ok("check")


def test_a_line_typed_for_a_round_that_is_over_never_lands_in_the_next(cup):
    """A phone's page names the round it showed (``"round"``): a line still waiting in a table's
    outbox when the desk drew the next round (``--force``) is refused for that table's code,
    naming the desk's command, and nothing is written; the host's names the round and is
    recorded there; a line without a round goes to the round now played."""
    with Server(cup.path) as s:
        status, drawn = s.post("/api/draw", {"seed": "s"})
        assert status == 200, drawn
        one = [p.lower()[:3] for p in next(t["players"] for t in drawn["tables"] if t["tisch"] == 1)]
        line = f"sau {one[0]} {one[1]} 72"
        status, first = s.post("/api/hands", {"line": line, "round": 1, "key": "k1"}, code="tisch 1")
        assert status == 201, first
        status, got = s.post("/api/draw", {"force": True})
        assert status == 200, got
        before = cup.json("tournament", "sheet", "--tisch", "1", "--round", "1")
        # the recorded line sent again (its answer was lost on the way) is answered as before, not
        # refused as a round that is over (which told the desk to enter the hand a second time)
        assert s.post("/api/hands", {"line": line, "round": 1, "key": "k1"}, code="tisch 1") == (200, first)
        status, got = s.post("/api/hands", {"line": f"wenz {one[2]} 91", "round": 1, "key": "k1b",
                                            "replaces": ["k1"]}, code="tisch 1")
        assert (status, got["recorded"]) == (409, first), got
        assert got["error"].startswith("The line this one replaces was recorded meanwhile as hand 1"), got
        status, got = s.post("/api/hands", {"line": f"wenz {one[2]}  91", "round": 1, "key": "k2"}, code="tisch 1")
        assert (status, got) == (422, {
            "error": "Round 1 is over: table 1 plays round 2 now, so this line was not recorded.",
            "hint": f"If the hand was played in round 1, the desk enters it: "
                    f"schafkopf add --tisch 1 --round 1 wenz {one[2]} 91"}), got
        assert cup.json("tournament", "sheet", "--tisch", "1", "--round", "1") == before
        assert cup.json("tournament", "sheet", "--tisch", "1")["hands"] == []
        # a round never drawn is no round that is over: refused as the CLI refuses it
        for never in (3, 0):
            status, got = s.post("/api/hands", {"line": f"wenz {one[2]} 91", "round": never}, code="tisch 1")
            assert (status, got) == (422, {"error": f"There is no round {never}: rounds 1 to 2 have been drawn.",
                                           "hint": "Give --round 1 to 2."}), got
        # the host's phone names the round it showed: recorded in round 1
        status, got = s.post("/api/hands", {"line": f"wenz {one[2]} 91", "round": 1, "tisch": 1, "key": "k3"})
        assert status == 201 and (got["round"], got["tisch"], got["hand"]) == (1, 1, 2), got
        # the current round named by the table's code, or no round: the round now played
        two = [p.lower()[:3] for p in next(t["players"] for t in got_tables(s) if t["tisch"] == 1)]
        status, got = s.post("/api/hands", {"line": f"wenz {two[0]} 91", "round": 2}, code="tisch 1")
        assert status == 201 and (got["round"], got["hand"]) == (2, 1), got
    cup.ok("check")


def got_tables(s: Server) -> list[dict]:
    status, tables = s.get("/api/tables", code="view")
    assert status == 200, tables
    return tables["tables"]


def test_the_host_cannot_change_a_tournaments_players_as_a_tables_seating(cup):
    """``player add/leave/rename`` (and ``list``) are refused at a tournament by the command;
    the host's API and forms ran them: leave struck Anna from the registration in the table
    file (her start number went to Ben, her seat in the drawn round to nobody), rename renamed
    her, add said the table was full."""
    with Server(cup.path) as s:
        assert s.post("/api/draw", {"seed": "s"})[0] == 200
        before, ledger = cup.path.read_bytes(), cup.ledger_bytes()
        refused = cup.refused("player", "leave", "Anna")
        for path, body in (("/api/players/leave", {"name": "Anna"}), ("/api/players/add", {"name": "Zoe"}),
                           ("/api/players/rename", {"name": "Anna", "new": "Anne"})):
            status, got = s.post(path, body)
            assert status == 422 and refused == f"Error: {got['error']}\n{got['hint']}\n", (path, got)
        assert s.get("/api/players")[0] == 422
        assert (cup.path.read_bytes(), cup.ledger_bytes()) == (before, ledger)


def test_the_host_cannot_pay_out_or_reopen_at_a_tournament(cup):
    """``settle --player`` and ``settle --reopen`` are refused at a tournament (it counts points,
    not money); the host's API and forms ran them on the latest table's session: a payout of
    table 2's first player was written as a money payout among the tournament's points."""
    with Server(cup.path) as s:
        status, drawn = s.post("/api/draw", {"seed": "s"})
        assert status == 200, drawn
        seats = {t["tisch"]: t["players"] for t in drawn["tables"]}
        for tisch in (1, 2):
            p = [name.lower()[:3] for name in seats[tisch]]
            assert s.post("/api/hands", {"line": f"sau {p[0]} {p[1]} 72", "tisch": tisch})[0] == 201
        before = cup.ledger_bytes()
        refused = cup.refused("settle", "--player", seats[2][0])
        assert refused == cup.refused("settle", "--reopen", "1", "--reason", "x")
        for path, body in (("/api/settle/payout", {"player": seats[2][0]}), ("/api/settle/payout", {"player": seats[1][0]}),
                           ("/api/settle/reopen", {"session": 1, "reason": "x"})):
            status, got = s.post(path, body)
            assert status == 422 and refused == f"Error: {got['error']}\n{got['hint']}\n", (path, got)
        status, _, page = s.request("POST", "/form/payout", raw=f"player={seats[2][0]}&back=/".encode(), headers={
            "Cookie": f"{s.cookie}={s.host}", "Origin": f"http://127.0.0.1:{s.port}",
            "Content-Type": "application/x-www-form-urlencoded"})
        assert status == 422 and "This is a tournament" in page.decode(), page[-400:]
        assert cup.ledger_bytes() == before
    cup.ok("check")


def test_a_refusal_names_the_role_in_the_tables_language(tmp_path):
    """A German tournament names the code's role in German (it said ``tisch 1`` and ``view``)."""
    cup = tournament(tmp_path, players=EIGHT, extra='games_per_round = 4\nrounds = 2\nseed = "s"', language="de")
    with Server(cup.path) as s:
        hint = "Frag den Gastgeber (der schafkopf serve gestartet hat); es wurde nichts geschrieben."
        assert s.post("/api/draw", {}, code="tisch 1") == (403, {"error": "Das ist der Code von Tisch 1: das hier darf er nicht.",
                                                                 "hint": hint})
        assert s.post("/api/draw", {}, code="view") == (403, {"error": "Dieser Code darf nur lesen: das hier darf er nicht.",
                                                              "hint": hint})


def test_a_key_sent_again_for_another_table_or_round_is_409_not_the_first_answer(cup):
    """The same key with the same line but another table (or round) is another hand: 409 with
    what the key recorded, nothing recorded (it was answered 200 with table 1's hand, and table
    2's hand was never entered)."""
    with Server(cup.path) as s:
        assert s.post("/api/draw", {"seed": "s"})[0] == 200
        status, first = s.post("/api/hands", {"line": "weiter", "key": "desk-1", "tisch": 1})
        assert status == 201
        for body, code in (({"tisch": 2}, "host"), ({"tisch": 1, "round": 2}, "host"), ({}, "tisch 2")):
            status, got = s.post("/api/hands", {"line": "weiter", "key": "desk-1", **body}, code=code)
            assert (status, got) == (409, {
                "error": "This key recorded hand 1 of table 1 in round 1; nothing was recorded now.",
                "hint": "Look at the hand recorded; to enter another one, send it with a new key.",
                "recorded": first}), body
        assert s.post("/api/hands", {"line": "weiter", "key": "desk-1", "tisch": 1, "round": 1}) == (200, first)
        assert s.get("/api/sheet?tisch=2&round=1")[1]["hands"] == []  # type: ignore[index]
    cup.ok("check")


def test_a_card_tables_pages_are_not_at_a_tournament_nor_a_tournaments_at_a_card_table(tmp_path, make_table):
    """``/settle``, ``/players`` and ``/sessions`` at a tournament answered 422 with the command
    line's words (``schafkopf settle ...``) or showed its tables as evenings in money; ``/ranking``
    and ``/tisch/1`` at a card table waited for a draw that never comes. Each is 404 now, in the
    page's words, naming the page that shows it instead."""
    import html
    import re

    def said(body: bytes) -> str:
        return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body.decode())).split())

    cup = tournament(tmp_path, players=EIGHT, extra='games_per_round = 4\nrounds = 2\nseed = "s"', language="de")
    with Server(cup.path) as s:
        assert s.post("/api/draw", {"seed": "s"})[0] == 200
        for path in ("/settle", "/players", "/sessions", "/sessions/1"):
            status, _, body = s.request("GET", path, code=s.codes["view"])
            assert status == 404 and (
                "Diese Seite hat ein Turnier nicht: es zählt Punkte je Tisch und Runde, nicht Geld und Abende eines "
                "Kartentisches. Den Stand des Turniers zeigt die Rangliste (/ranking), seine Tische die Startseite "
                "(/).") in said(body), path
        assert s.request("GET", "/tisch/1?round=1", code=s.codes["tisch 1"])[0] == 200
        assert s.request("GET", "/ranking", code=s.codes["view"])[0] == 200
    table = make_table(language="en")
    with Server(table.path) as s:
        for path in ("/ranking", "/tisch/1", "/tisch/1?round=1"):
            status, _, body = s.request("GET", path, code=s.host)
            assert status == 404 and (
                "This table is no tournament: it has no ranking and no drawn tables. The table's sheet is on the "
                "start page (/), its settlement on /settle.") in said(body), path
        assert s.request("GET", "/settle", code=s.host)[0] == 200
