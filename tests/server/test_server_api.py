"""The table server (``schafkopf serve``, RULES §11, issue 26) through a real server process on a
free port, spoken to with the standard library: the printed access links and the codes file,
the API's answers equal to the CLI's ``--json`` for the same entry, the auth matrix, the
idempotency keys (across a restart and two servers on one ledger), refusals in the table's
language with nothing written, the limits, and a CLI ``add`` seen on an event stream."""

from __future__ import annotations

import http.client
import json
import os
import re
import stat
import time

import pytest

from tests.serving import Server, cli, printed_codes

FOUR = ["Anna", "Ben", "Cora", "Dora"]


@pytest.fixture
def tab(make_table):
    """The served table (a ``Table``: the CLI in this process on the same file)."""
    return make_table(language="de")


@pytest.fixture
def table(tab):
    return tab.path


@pytest.fixture
def served(table):
    with Server(table) as s:
        yield s


def ledger_state(table):
    """Every row of the ledger (the server's keys too); None while there is no ledger."""
    import sqlite3

    path = table.with_suffix(".sqlite")
    if not path.exists():
        return None
    con = sqlite3.connect(path)
    try:
        return list(con.iterdump())
    finally:
        con.close()


def timeless(data):
    """An answer without the moments it was written (which differ between two ledgers)."""
    text = json.dumps(data, sort_keys=True)
    return json.loads(re.sub(r'"(recorded_at|voided_at)": "[^"]*"', r'"\1": ""', text))


# -- the codes -----------------------------------------------------------------------------------

def test_codes_are_printed_as_role_lines_kept_private_and_survive(tab, table):
    first = tab.ok("serve", "--codes").stdout
    codes = printed_codes(first)
    assert sorted(codes) == ["host", "view"]
    assert all(len(c) >= 32 and re.fullmatch(r"[A-Za-z0-9_-]+", c) for c in codes.values())  # 192 bits
    assert re.search(rf"^host: http://127\.0\.0\.1:8765/\?k={codes['host']}$", first, re.M)
    assert "█" in first or "▀" in first  # the QR codes
    path = table.with_name(f"{table.stem}.serve-codes.json")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert printed_codes(tab.ok("serve", "--codes").stdout) == codes  # the same after a "restart"
    renewed = tab.ok("serve", "--codes", "--new-codes").stdout
    assert "alten Links gelten nicht mehr" in renewed
    new = printed_codes(renewed)
    assert sorted(new) == ["host", "view"] and not set(new.values()) & set(codes.values())
    assert printed_codes(tab.ok("serve", "--codes").stdout) == new
    os.chmod(path, 0o644)  # opened up by hand: made private again at the next start
    tab.ok("serve", "--codes")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_tournament_has_a_code_for_each_table(tmp_path):
    from tests.app.test_tournament import tournament

    t = tournament(tmp_path, players=[f"P{i}" for i in range(13)])  # tables of 5, 4, 4
    codes = printed_codes(t.ok("serve", "--codes", "--port", "9000").stdout)
    assert sorted(codes) == ["host", "tisch 1", "tisch 2", "tisch 3", "view"]
    assert len(set(codes.values())) == 5
    out = t.ok("serve", "--codes", "--port", "9000").stdout
    assert [line.split(":")[0] for line in out.splitlines() if "?k=" in line] == ["host", "view", "tisch 1",
                                                                                  "tisch 2", "tisch 3"]


def test_a_port_in_use_is_a_clear_error(table, served):
    r = cli(table, "serve", "--port", str(served.port), check=False)
    assert r.returncode == 2
    assert r.stderr.startswith(f"Fehler: Port {served.port} kann nicht benutzt werden")
    assert "--port 8766" in r.stderr
    assert "Traceback" not in r.stderr
    r = cli(table, "serve", "--port", "70000", check=False)
    assert (r.returncode, r.stderr.splitlines()[0]) == (2, "Fehler: --port 70000 ist kein Port: er muss zwischen 1 "
                                                           "und 65535 liegen.")


# -- the answers equal the CLI's --json ------------------------------------------------------------

EVENING = ["sau an be 72 l3", "herzsolo co 105 l4", "wenz do 91 k", "sau be an -"]


def holds(got, cli_json):
    """An answer holds every key of the CLI's ``--json`` with the same values (RULES §11: it may
    add keys, as ``"said"``, what the CLI prints of it)."""
    return {k: got.get(k) for k in cli_json} == cli_json


def test_a_recorded_hand_says_what_the_cli_prints_of_it(served, make_table):
    """Every answer, refusal and the ledger equal the CLI's in the parity suite
    (``tests/app/test_parity.py``); here the server's own addition: ``"said"``, the lines the CLI
    prints of the hand, and ``/api/table``."""
    third = make_table(language="de", name="third")  # the CLI's text of the same hands
    for line in EVENING:
        status, got = served.post("/api/hands", {"line": line})
        assert status == 201
        assert got["said"][:2] == cli(third.path, "add", *line.split()).stdout.splitlines()[:2]  # as the CLI says it
    status, got = served.get("/api/table")
    assert (status, got["family"], got["players"], got["language"], got["kind"], got["seats"]) == (
        200, "bavarian", FOUR, "de", "table", 4)


def test_a_hand_sent_after_the_cli_closed_the_evening_says_it_opens_the_next(served, table):
    """The host closes the evening at the CLI while a phone sends a hand: the hand goes into the
    next evening, and the phone's answer says so, as ``play`` does (after the hand's line, which
    the page shows first)."""
    served.post("/api/hands", {"line": "sau an be 72"})
    cli(table, "settle", "--close", "--yes")
    status, got = served.post("/api/hands", {"line": "wenz co 91", "key": "k1"})
    assert (status, got["session"], got["hand"]) == (201, 2, 1)
    assert got["said"][0].startswith("Spiel 1 eingetragen: Wenz Cora 91.")
    assert got["said"][1] == "Abend 2 beginnt mit diesem Spiel (der vorige ist abgerechnet)."
    assert served.post("/api/hands", {"line": "wenz co 91", "key": "k1"}) == (200, got)  # the kept answer
    status, got = served.post("/api/hands", {"line": "sau an be 72"})
    assert got["said"][0].startswith("Spiel 2 eingetragen") and "Abend" not in " ".join(got["said"])


def test_a_correction_sent_for_an_evening_closed_at_the_cli_is_refused_not_done_to_the_next(served, table):
    """A phone's undo, void or edit names the evening its page showed: once the host closed it at
    the CLI (and the next evening began there), it is refused, naming the evening and how to
    reopen it, and nothing is written; the next evening's hands stay as they are."""
    served.post("/api/hands", {"line": "sau an be 72"})
    served.post("/api/hands", {"line": "wenz co 91"})
    cli(table, "settle", "--close", "--yes")
    cli(table, "add", "sau", "an", "be", "72")  # hand 1 of evening 2
    before = ledger_state(table)
    closed = {"error": "Abend 1 ist abgeschlossen (abgerechnet); seine Spiele lassen sich nicht mehr ändern.",
              "hint": "Zum Korrigieren öffne ihn zuerst wieder: schafkopf settle --reopen 1 --reason R (R: warum; "
                      "die Abrechnung bleibt im Spielbuch)."}
    assert served.post("/api/undo", {"reason": "x", "session": 1}) == (422, closed)
    assert served.post("/api/void", {"hand": 1, "session": 1}) == (422, closed)
    assert served.post("/api/edit", {"hand": 1, "line": "k", "session": 1}) == (422, closed)
    assert served.post("/api/void", {"hand": 1, "session": 9}) == (422, {
        "error": "Es gibt keinen Abend 9.", "hint": "Schau in schafkopf sheet und versuch es noch einmal."})
    assert ledger_state(table) == before
    status, got = served.post("/api/void", {"hand": 1, "session": 2})  # the evening shown now
    assert (status, got["voided"], got["session"]) == (200, 1, 2)


def test_a_close_or_payout_sent_for_an_evening_closed_at_the_cli_is_refused_not_done_to_the_next(served, table):
    """The phone's close and payout named no evening: a /settle page showing evening 1, after
    the host closed it at the CLI and began evening 2, closed evening 2 (or paid a player of it
    out) with transfers it never showed. They name the evening shown ("session") as undo, void
    and edit do, refused once it is closed, nothing written."""
    served.post("/api/hands", {"line": "sau an be 72"})
    cli(table, "settle", "--close", "--yes")
    cli(table, "add", "wenz", "co", "91")  # hand 1 of evening 2
    before = ledger_state(table)
    closed = {"error": "Abend 1 ist abgeschlossen (abgerechnet); seine Spiele lassen sich nicht mehr ändern.",
              "hint": "Zum Korrigieren öffne ihn zuerst wieder: schafkopf settle --reopen 1 --reason R (R: warum; "
                      "die Abrechnung bleibt im Spielbuch)."}
    assert served.post("/api/settle/close", {"session": 1}) == (422, closed)
    assert served.post("/api/settle/payout", {"player": "Cora", "session": 1}) == (422, closed)
    assert ledger_state(table) == before
    status, got = served.post("/api/settle/payout", {"player": "Cora", "session": 2})
    assert (status, got["session"], got["player"]) == (200, 2, "Cora")
    status, got = served.post("/api/settle/close", {"session": 2})
    assert (status, got["session"], got["closed"]) == (200, 2, True)


def test_an_edit_of_game_or_declarer_needs_confirm(served, table):
    served.post("/api/hands", {"line": "sau an be 72"})
    before = ledger_state(table)
    status, got = served.post("/api/edit", {"hand": 1, "line": "wenz co 91"})
    assert status == 409
    assert got == {"error": "Diese Korrektur ändert das Spiel oder den Spieler von Spiel 1: Sauspiel Anna+Ben 72 -> "
                            "Wenz Cora 91.",
                   "hint": 'Schick es noch einmal mit "confirm": true, wenn du das so meinst; es wurde nichts '
                           "geschrieben.",
                   "change": "Sauspiel Anna+Ben 72 -> Wenz Cora 91"}
    assert ledger_state(table) == before
    status, got = served.post("/api/edit", {"hand": 1, "line": "wenz co 91", "confirm": True})
    assert (status, got["game"], got["payouts"]) == (200, "wenz", {"Anna": -60, "Ben": -60, "Cora": 180, "Dora": -60})


# -- refusals ---------------------------------------------------------------------------------------

def test_a_refused_entry_is_422_in_the_tables_language_and_writes_nothing(make_table):
    for lang, error, hint in (
        ("de", "'xx' passt zu nichts in diesem Spiel (Sauspiel).", "Wörter sind Namen, eine Zahl Augen"),
        ("en", "'xx' fits nothing in a Sauspiel.", "Words are names, a number of Augen, + or -"),
    ):
        t = make_table(language=lang, name=f"t{lang}").path
        with Server(t) as s:
            assert s.post("/api/hands", {"line": "sau an be 72"})[0] == 201
            before = ledger_state(t)
            status, got = s.post("/api/hands", {"line": "sau an xx 72", "key": "k1"})
            assert status == 422, got
            assert got["error"] == error and got["hint"].startswith(hint), got
            cli_err = cli(t, "add", "sau", "an", "xx", "72", check=False).stderr
            assert cli_err.splitlines() == [f"{'Fehler' if lang == 'de' else 'Error'}: {error}", got["hint"]]
            assert ledger_state(t) == before
            # the refused key is not spent: the corrected entry is recorded with it
            assert s.post("/api/hands", {"line": "sau an be 61", "key": "k1"})[0] == 201


@pytest.mark.parametrize("body, field", [({}, "line"), ({"line": 72}, "line"), ({"line": "sau", "key": ""}, "key"),
                                         ({"line": "sau an be 72", "tisch": "x"}, "tisch"),
                                         ({"line": "sau an be 72", "key": "k" * 201}, "key"),
                                         ({"line": "sau an be 72", "tisch": True}, "tisch"),
                                         ({"line": "sau an be 72", "tisch": 10**12}, "tisch"),
                                         ({"line": "sau an be \x00 72"}, "line"),
                                         ({"line": "sau an be " + "9" * 5000}, "line")])
def test_a_malformed_body_is_refused_plainly(served, table, body, field):
    status, got = served.post("/api/hands", body)
    assert status == 422 and set(got) - {"field", "wants"} == {"error", "hint"} and got.get("field", field) == field, got
    assert ledger_state(table) is None
    for raw in (b"[1, 2", b"[" * 30000 + b"]" * 30000, b'"just text"', b"\xff\xfe"):
        status, _, out = served.request("POST", "/api/hands", raw=raw, code=served.host,
                                        headers={"Content-Type": "application/json"})
        assert (status, json.loads(out)["error"]) == (400, "Die Anfrage ist kein JSON-Objekt."), raw[:10]


# -- the auth matrix --------------------------------------------------------------------------------

READS = ["/api/table", "/api/sheet", "/api/standings", "/api/settle", "/"]
WRITES = [("/api/hands", {"line": "sau an be 72"}), ("/api/undo", {}), ("/api/void", {"hand": 1}),
          ("/api/edit", {"hand": 1, "line": "k"}), ("/api/settle/close", {})]


def test_who_may_do_what(served, table):
    assert served.post("/api/hands", {"line": "sau an be 72"})[0] == 201
    before = ledger_state(table)
    for path in READS:
        for code, want in ((None, 401), ("wrong-" * 6, 401), ("view", 200), ("host", 200)):
            status, _, _ = served.request("GET", path, code=served.codes.get(code, code) if code else None)
            assert status == want, (path, code, status)
    for path, body in WRITES:
        for code, want in ((None, 401), ("x" * 32, 401), ("view", 403)):
            status, got = served.post(path, body, code=code)
            assert status == want, (path, code, status, got)
            assert set(got) == {"error", "hint"}
        status, _, _ = served.request("POST", f"{path}?k={served.host}", body)
        assert status == 400  # a code in the address of a write
    assert ledger_state(table) == before
    status, got = served.post("/api/hands", {"line": "sau an be 72"}, code="view")
    assert got == {"error": "Dieser Code darf nur lesen: das hier darf er nicht.",  # not "Der Code von view"
                   "hint": "Frag den Gastgeber (der schafkopf serve gestartet hat); es wurde nichts geschrieben."}


def test_a_tournaments_answers_at_a_card_table_are_404_saying_so(served, table):
    """``/api/ranking`` and ``/api/tables`` belong to a tournament: at a card table they answer 404
    as the pages do, with where the table's own answers are (they answered 422 with command-line
    options, ``--tisch``, to an API caller); nothing is written."""
    before = ledger_state(table)
    for path in ("/api/ranking", "/api/tables", "/api/ranking?round=1"):
        status, got = served.get(path)
        assert status == 404, (path, status, got)
        assert got == {"error": "Dieser Tisch ist kein Turnier: er hat keine Rangliste und keine ausgelosten Tische.",
                       "hint": "Das Blatt des Tisches ist unter /api/sheet, seine Abrechnung unter /api/settle."}
    assert served.get("/api/ranking", code=None)[0] == 401  # (the code first)
    assert ledger_state(table) == before


def test_a_link_sets_a_strict_cookie_and_the_code_leaves_the_address(served, table):
    status, headers, _ = served.request("GET", f"/settle?k={served.view}&x=1")
    assert status == 303
    assert headers["location"] == "/settle?x=1"
    cookie = headers["set-cookie"]
    assert cookie.startswith(f"{served.cookie}={served.view};")
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie and "Path=/" in cookie
    status, _, page = served.request("GET", "/settle", headers={"Cookie": f"{served.cookie}={served.view}"})
    assert status == 200 and "Abrechnung" in page.decode()
    status, _, _ = served.request("GET", "/?k=nonsense")
    assert status == 401
    # started by another site's page: handed on by a page of the server's own (RULES: Strict cookies)
    status, headers, page = served.request("GET", f"/settle?k={served.view}", headers={"Sec-Fetch-Site": "cross-site"})
    assert status == 200 and headers["set-cookie"].startswith(f"{served.cookie}={served.view};")
    assert '<meta http-equiv="refresh" content="0;url=/settle">' in page.decode() and served.view not in page.decode()


def test_a_write_with_the_cookie_needs_the_same_origin(served, table):
    cookie = {"Cookie": f"{served.cookie}={served.host}", "Content-Type": "application/json"}
    body = json.dumps({"line": "sau an be 72"}).encode()
    for origin in (None, "http://evil.example", f"http://127.0.0.1:{served.port + 1}"):
        headers = dict(cookie, **({"Origin": origin} if origin else {}))
        status, _, out = served.request("POST", "/api/hands", raw=body, headers=headers)
        assert status == 403, (origin, out)
    assert ledger_state(table) is None
    status, _, out = served.request("POST", "/api/hands", raw=body,
                                    headers=dict(cookie, Origin=f"http://127.0.0.1:{served.port}"))
    assert status == 201, out


def test_wrong_codes_are_slowed_down_after_twenty_a_minute(served):
    for i in range(20):
        assert served.get("/api/table", code=f"guess-{i:02d}-" + "x" * 24)[0] == 401
    status, got = served.get("/api/table", code="guess-21-" + "x" * 24)
    assert status == 429
    assert got["error"] == "Zu viele falsche Zugangscodes von diesem Gerät."
    assert served.get("/api/table", code="host")[0] == 429  # even the right one, for a minute


# -- limits and headers -----------------------------------------------------------------------------

def test_a_body_over_64_kib_is_413_and_writes_nothing(served, table):
    line = "sau an be 72 " + " " * (64 * 1024)
    status, got = served.post("/api/hands", {"line": line})
    assert (status, got) == (413, {"error": "Die Anfrage ist größer als 64 KiB.",
                                   "hint": "Schick eine kürzere; es wurde nichts geschrieben."})
    # without a Content-Length (chunked): counted as it comes
    conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=30)
    conn.putrequest("POST", "/api/hands")
    conn.putheader("Authorization", f"Bearer {served.host}")
    conn.putheader("Content-Type", "application/json")
    conn.putheader("Transfer-Encoding", "chunked")
    conn.endheaders()
    chunk = b'{"line": "sau an be 72' + b" " * 70000 + b'"}'
    conn.send(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n0\r\n\r\n")
    r = conn.getresponse()
    assert r.status == 413
    conn.close()
    assert ledger_state(table) is None


def test_every_answer_carries_the_security_headers_and_no_traceback(served):
    for method, path in (("GET", "/"), ("GET", "/api/sheet"), ("GET", "/static/table.js"), ("POST", "/api/hands"),
                         ("GET", "/nowhere")):
        _, headers, body = served.request(method, path)
        csp = headers["content-security-policy"]
        assert "default-src 'none'" in csp and "script-src 'self'" in csp and "style-src 'self'" in csp
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"
        assert b"Traceback" not in body


def test_nothing_the_server_logs_holds_a_code(table):
    s = Server(table)
    s.post("/api/hands", {"line": "sau an be 72"})
    s.request("GET", f"/?k={s.view}")
    s.request("GET", "/?k=wrong-code-wrong-code-wrong")
    s.request("POST", f"/api/hands?k={s.host}", {"line": "x"})
    err = s.stop()
    for code in (*s.codes.values(), "wrong-code-wrong-code-wrong"):
        assert code not in err


# -- idempotency ------------------------------------------------------------------------------------

def test_a_hand_sent_twice_with_its_key_is_recorded_once(tab, table):
    with Server(table) as s:
        status, first = s.post("/api/hands", {"line": "sau an be 72 l3", "key": "phone-1-hand-1"})
        assert status == 201
        assert s.post("/api/hands", {"line": "sau an be 72 l3", "key": "phone-1-hand-1"}) == (200, first)
        assert s.post("/api/hands", {"line": "wenz co 91", "key": "phone-1-hand-2"})[0] == 201
    with Server(table) as s:  # a restart
        assert s.post("/api/hands", {"line": "sau an be 72 l3", "key": "phone-1-hand-1"}) == (200, first)
        with Server(table) as other:  # a second server on the same ledger
            assert other.post("/api/hands", {"line": "sau an be 72 l3", "key": "phone-1-hand-1"}) == (200, first)
            assert other.post("/api/hands", {"line": "sau do an 61", "key": "phone-2-hand-1"})[0] == 201
            assert s.post("/api/hands", {"line": "sau do an 61", "key": "phone-2-hand-1"})[0] == 200
    hands = tab.json("sheet")["sessions"][0]["hands"]
    assert [h["game"] for h in hands] == ["sauspiel", "wenz", "sauspiel"]
    tab.ok("check")


def test_a_key_used_with_another_line_is_409_with_what_it_recorded_and_records_nothing(tab, table):
    """A phone whose answer was lost, its line corrected and sent again with the same key: the
    hand recorded under the key is named, nothing else is written (issue 35)."""
    with Server(table) as s:
        status, first = s.post("/api/hands", {"line": "sau an be 72", "key": "k-1"})
        assert status == 201
        before = ledger_state(table)
        status, answer = s.post("/api/hands", {"line": "sau an be 85 l3", "key": "k-1"})
        assert status == 409 and answer["recorded"] == first, answer
        assert answer["error"] == "Mit diesem Schlüssel wurde Spiel 1 mit einer anderen Zeile eingetragen; jetzt wurde " \
                                  "nichts eingetragen."
        assert ledger_state(table) == before
        # the same line with other spaces, capitals or order of options is the same line
        assert s.post("/api/hands", {"line": "sau  an be   72", "key": "k-1"}) == (200, first)
        assert s.post("/api/hands", {"line": "Sau AN Be 72", "key": "k-1"}) == (200, first)
        assert s.post("/api/hands", {"line": "Sau AN Be 73", "key": "k-1"})[0] == 409
        status, third = s.post("/api/hands", {"line": "wenz co 91 --KONTRA --comment 'Herz Sau'", "key": "k-2"})
        assert status == 201
        assert s.post("/api/hands", {"line": "WENZ Co 91 --comment 'Herz Sau' --kontra", "key": "k-2"}) == (200, third)
        assert s.post("/api/hands", {"line": "wenz co 91 --kontra --comment 'herz sau'", "key": "k-2"})[0] == 409
        assert s.post("/api/hands", {"line": "wenz co 91 --comment 'Herz Sau'", "key": "k-2"})[0] == 409
        assert len(tab.json("sheet")["sessions"][0]["hands"]) == 2


def test_a_changed_line_goes_with_a_new_key_naming_the_keys_it_replaces(tab, table):
    """A line changed on the phone while it waited gets a new key and names the old one
    (``"replaces"``): if the old line was recorded meanwhile, 409 with what it recorded and
    nothing recorded; else the new line is recorded, and an old copy still on its way is
    answered with that hand (409), never recorded as a second one (issue 35)."""
    with Server(table) as s:
        status, first = s.post("/api/hands", {"line": "sau an be 72", "key": "old-1"})
        assert status == 201
        before = ledger_state(table)
        status, answer = s.post("/api/hands", {"line": "sau an be 85 l3", "key": "new-1", "replaces": ["old-1"]})
        assert status == 409 and answer["recorded"] == first, answer
        assert (answer["error"], answer["hint"]) == (
            "Die Zeile, die diese ersetzt, wurde inzwischen als Spiel 1 eingetragen; sonst wurde nichts eingetragen.",
            "Wenn die neue Zeile gespielt wurde, korrigiere Spiel 1 auf sie (POST /api/edit).")
        assert ledger_state(table) == before
        # the old line never arrived: the new one is recorded, under both keys
        status, second = s.post("/api/hands", {"line": "wenz co 91", "key": "new-2", "replaces": ["old-2", "older-2"]})
        assert status == 201 and second["hand"] == 2, second
        assert s.post("/api/hands", {"line": "wenz co 91", "key": "new-2"}) == (200, second)
        for late in ("old-2", "older-2"):  # an old copy still on its way: what its key now holds, nothing recorded
            status, answer = s.post("/api/hands", {"line": "wenz co 80", "key": late})
            assert status == 409 and answer["recorded"] == second, answer
        assert len(tab.json("sheet")["sessions"][0]["hands"]) == 2
        # "replaces" of the wrong kind is named, nothing written
        before = ledger_state(table)
        # (a lone surrogate or a NUL: no key a ledger can hold; the surrogate was a 500)
        for wrong in (7, [""], ["x" * 201], [f"k{i}" for i in range(21)], {"a": 1}, ["\ud800"], "a\x00b"):
            for key in ({"key": "new-3"}, {}):  # with a key of its own or without one
                status, answer = s.post("/api/hands", {"line": "sau do an 61", **key, "replaces": wrong})
                assert status == 422 and answer["error"].startswith('"replaces" nennt die Schlüssel'), (wrong, answer)
        assert ledger_state(table) == before
    tab.ok("check")


def test_the_keys_table_of_an_older_ledger_is_made_with_its_first_keyed_hand_not_by_a_refusal(tab, table):
    import sqlite3

    tab.ok("add", "weiter")
    con = sqlite3.connect(table.with_suffix(".sqlite"))
    con.execute("DROP TABLE served_keys")  # a ledger made before the table server kept its keys there
    con.commit()
    con.close()

    def tables():
        con = sqlite3.connect(table.with_suffix(".sqlite"))
        try:
            return {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        finally:
            con.close()

    with Server(table) as s:
        assert s.post("/api/hands", {"line": "sau an be 72", "key": "k-1"}, code="nonsense")[0] == 401
        assert s.post("/api/hands", {"line": "sau an an 72", "key": "k-1"})[0] == 422
        assert "served_keys" not in tables()  # neither the start nor a refused request made it
        status, first = s.post("/api/hands", {"line": "sau an be 72", "key": "k-1"})
        assert status == 201 and "served_keys" in tables()
        assert s.post("/api/hands", {"line": "sau an be 72", "key": "k-1"}) == (200, first)


# -- events -----------------------------------------------------------------------------------------

def read_event(resp, deadline: float) -> dict | None:
    """The data of the next ``change`` event before ``deadline`` (None if none came)."""
    event = None
    while time.monotonic() < deadline:
        line = resp.readline().decode()
        if not line:
            return None
        line = line.rstrip("\n")
        if line.startswith("event: "):
            event = line[7:]
        elif line.startswith("data: ") and event == "change":
            return json.loads(line[6:])
    return None


def test_a_hand_entered_with_the_cli_reaches_an_open_event_stream_within_a_second(served, table):
    conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=5)
    conn.request("GET", "/api/events", headers={"Authorization": f"Bearer {served.view}"})
    resp = conn.getresponse()
    assert resp.status == 200 and resp.getheader("content-type").startswith("text/event-stream")
    assert resp.readline().startswith(b"retry:")
    time.sleep(0.6)  # the watcher has had its first look
    cli(table, "add", "sau", "an", "be", "72")
    assert read_event(resp, time.monotonic() + 1.0) == {"hands": 1, "session": 1}
    served.post("/api/hands", {"line": "wenz co 91"})
    assert read_event(resp, time.monotonic() + 1.0) == {"hands": 2, "session": 1}
    cli(table, "edit", "1", "k")  # a correction: the count stays, the event comes all the same
    assert read_event(resp, time.monotonic() + 1.0) == {"hands": 2, "session": 1}
    conn.close()


def test_a_table_file_broken_while_serving_is_a_clear_refusal(served, tab):
    good = tab.path.read_text(encoding="utf-8")
    tab.path.write_text(good.replace("players = [", "players = [[", 1), encoding="utf-8")
    status, got = served.get("/api/table")
    # the server's trouble, not the request's: 503, so that a phone keeps its hand and sends it again
    assert status == 503 and set(got) == {"error", "hint"} and str(tab.path) in got["error"], got
    status, _, body = served.request("GET", "/", code=served.host)
    assert status == 503 and b"Traceback" not in body
    tab.path.write_text(good, encoding="utf-8")
    assert served.get("/api/table")[0] == 200


def test_a_field_of_the_wrong_kind_is_named_in_the_tables_language(make_table):
    """The kind a field must be is a word of the table's language too (once the English kind
    stood inside the German sentence)."""
    for lang, text in (("de", 'Das Feld "hand" muss eine ganze Zahl sein.'),
                       ("en", 'The field "hand" must be a whole number.')):
        t = make_table(language=lang, name=f"k{lang}").path
        with Server(t) as s:
            assert s.post("/api/hands", {"line": "sau an be 72"})[0] == 201
            before = ledger_state(t)
            status, got = s.post("/api/void", {"hand": "eins", "reason": "x"})
            assert (status, got["error"]) == (422, text), got
            assert ledger_state(t) == before


def test_a_host_action_declares_its_api_route_once():
    """docs/architecture.md: one ``Action`` in ``server/host.py``'s ``ACTIONS`` gives its
    ``POST /api/...`` route (its ``path``) and its page's form; nothing else lists the route."""
    from schafkopf_score.server import host

    posted = {path: methods for path, _, methods in host.ROUTES if methods == ("POST",)}
    assert posted == {action.path: ("POST",) for action in host.ACTIONS.values() if action.path}
    assert {name: action.path for name, action in host.ACTIONS.items()} == {
        "player_add": "/api/players/add", "player_leave": "/api/players/leave",
        "player_rename": "/api/players/rename", "payout": "/api/settle/payout",
        "reopen": "/api/settle/reopen", "totals": "/api/totals", "fix": "/api/fix", "apart": "/api/apart",
        "swap": "/api/swap", "redraw": ""}
