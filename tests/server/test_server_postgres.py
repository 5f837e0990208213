"""The table server on both ledgers (the storage contract gains the server; RULES §11, issue
26): the same answers on the SQLite file and on PostgreSQL (pooled connections), the CLI's
``add`` seen on an event stream within a second (LISTEN/NOTIFY on PostgreSQL), idempotency
keys across two servers; and SIGKILL of the server mid-request loses no committed hand and
records no half hand (slow)."""

from __future__ import annotations

import http.client
import json
import random
import signal
import threading
import time

import pytest

from tests.server.test_server_api import read_event, timeless
from tests.serving import Server, cli
from tests.store.test_storage_contract import backend, make_ledger_table, read_only_database  # noqa: F401  (fixtures)

LINES = ["sau an be 72 l3", "herzsolo co 105 l4", "wenz do 91 k", "sau be an -", "ramsch an"]


def test_the_server_answers_the_same_on_both_ledgers(make_ledger_table):  # noqa: F811
    seen = {}
    for kind in ("sqlite", "postgresql"):
        t = make_ledger_table(kind, language="de", name=f"t{kind}")
        with Server(t.path) as s:
            added = [s.post("/api/hands", {"line": line, "key": f"k{i}"}) for i, line in enumerate(LINES)]
            assert [status for status, _ in added] == [201] * 4 + [422]
            assert s.post("/api/hands", {"line": LINES[0], "key": "k0"}) == (200, added[0][1])
            s.post("/api/edit", {"hand": 2, "line": "k", "reason": "Kontra"})
            s.post("/api/void", {"hand": 1})
            answers = {path: s.get(path)[1] for path in ("/api/sheet", "/api/standings", "/api/settle")}
            for path, args in (("/api/sheet", "sheet"), ("/api/standings", "standings"), ("/api/settle", "settle")):
                assert answers[path] == t.json(args), (kind, path)  # the CLI on the same ledger
            answers["closed"] = s.post("/api/settle/close", {"round_to": 50})
        t.ok("check")
        seen[kind] = timeless(answers)
    assert seen["sqlite"] == seen["postgresql"]


def test_a_cli_add_reaches_the_event_stream_on_postgresql_within_a_second(make_ledger_table):  # noqa: F811
    t = make_ledger_table("postgresql", language="de")
    t.ok("add", "sau", "an", "be", "72")
    with Server(t.path) as s:
        conn = http.client.HTTPConnection("127.0.0.1", s.port, timeout=5)
        conn.request("GET", "/api/events", headers={"Authorization": f"Bearer {s.view}"})
        resp = conn.getresponse()
        resp.readline()
        time.sleep(0.6)
        cli(t.path, "add", "wenz", "co", "91")
        assert read_event(resp, time.monotonic() + 1.0) == {"hands": 2, "session": 1}
        with Server(t.path) as other:  # another server's write
            other.post("/api/hands", {"line": "sau do an 61", "key": "x"})
            assert read_event(resp, time.monotonic() + 1.0) == {"hands": 3, "session": 1}
            assert s.post("/api/hands", {"line": "sau do an 61", "key": "x"})[0] == 200
        conn.close()
    assert len(t.json("sheet")["sessions"][0]["hands"]) == 3


def test_a_database_that_takes_no_writes_is_503_with_how_to_fix_it(make_table, read_only_database):  # noqa: F811
    """A phone's hand into a read-only database: 503 (the phone keeps it), with the CLI's hint
    (the right to write, the main server), not "try again in a moment"; nothing recorded."""
    from tests.store.test_storage_contract import READ_ONLY_HINT, with_ledger

    url, read_only = read_only_database
    t = with_ledger(make_table(language="en"), url)
    t.ok("add", "sau", "an", "be", "72")
    read_only(True)
    with Server(t.path) as s:
        assert s.post("/api/hands", {"line": "wenz co 80", "key": "k1"}) == (503, {
            "error": "The ledger cannot be used just now: cannot execute INSERT in a read-only transaction.",
            "hint": READ_ONLY_HINT.strip()})
    assert len(t.json("sheet")["sessions"][0]["hands"]) == 1
    read_only(False)
    with Server(t.path) as s:  # the phone sends it again
        assert s.post("/api/hands", {"line": "wenz co 80", "key": "k1"})[0] == 201
    assert len(t.json("sheet")["sessions"][0]["hands"]) == 2


@pytest.mark.slow
def test_sigkill_mid_request_loses_no_committed_hand_and_records_no_half_hand(make_ledger_table, backend):  # noqa: F811
    """Phones post hands with keys while the server is killed at random moments; each hand a
    phone was told was recorded is in the ledger, each is there once after the phones send
    what was not answered again, and ``check`` finds nothing wrong."""
    t = make_ledger_table(backend, language="de")
    rng = random.Random(26)
    lines = [rng.choice(["sau an be 72", "sau co do 61 l3", "wenz be 91 k", "herzsolo do 105"]) for _ in range(40)]
    acknowledged: dict[str, dict] = {}
    pending = [(f"hand-{i}", line) for i, line in enumerate(lines)]
    kills = 0
    for _ in range(4):
        s = Server(t.path)
        count_before = len(acknowledged)
        stop = threading.Event()
        left = list(pending)

        def phone(s=s, left=left, stop=stop):
            while left and not stop.is_set():
                key, line = left[0]
                try:
                    status, body = s.post("/api/hands", {"line": line, "key": key, "confirm": True})
                except (OSError, http.client.HTTPException, json.JSONDecodeError):
                    return  # the server is gone: sent again after the restart
                assert status in (200, 201), body
                acknowledged[key] = body
                left.pop(0)

        worker = threading.Thread(target=phone)
        worker.start()
        deadline = time.monotonic() + 20
        while len(acknowledged) < count_before + 1 and time.monotonic() < deadline:  # the first answer came
            time.sleep(0.01)
        time.sleep(rng.uniform(0.0, 0.5))
        s.proc.send_signal(signal.SIGKILL)
        kills += 1
        stop.set()
        worker.join(timeout=30)
        s.stop()
        pending = [p for p in pending if p[0] not in acknowledged]
        if not pending:
            break
    assert kills >= 2 and len(acknowledged) >= 1, (kills, len(acknowledged))  # killed amid the phones' posts
    with Server(t.path) as s:  # the rest, and everything once more: nothing twice
        for key, line in [(f"hand-{i}", line) for i, line in enumerate(lines)]:
            status, body = s.post("/api/hands", {"line": line, "key": key, "confirm": True})
            assert status in (200, 201)
            if key in acknowledged:
                assert (status, body) == (200, acknowledged[key])
    hands = [h for h in t.json("sheet")["sessions"][0]["hands"] if not h["void"]]
    assert len(hands) == len(lines)
    assert [h["hand"] for h in hands] == list(range(1, len(lines) + 1))
    t.ok("check")
