"""PostgreSQL down under the table server (RULES §11, issue 35), with a real PostgreSQL server of
the test's own (tests/pgserver.py) stopped and started again: down at the start, the server
starts at once and answers 503 at once; back, the first request after it is answered
normally; down in between, 503 at once; back again, the requests and the event stream go on.
The terminal is told once that it is gone and once that it is back, never with a traceback."""

from __future__ import annotations

import http.client
import os
import time

import pytest

from tests.server.test_server_api import read_event
from tests.serving import Server, cli

pytestmark = pytest.mark.slow

DOWN = "Die Datenbank des Spielbuchs postgresql://"  # data.pg_unreachable, in German


@pytest.fixture
def cluster():
    """A PostgreSQL server of this test's own (it is stopped and started again)."""
    from tests.pgserver import start, stop

    try:
        url, folder = start()
    except Exception as exc:
        if os.environ.get("CI"):
            raise
        pytest.skip(f"no PostgreSQL server can be started here: {exc}")
    try:
        yield url, folder
    finally:
        stop(folder)


@pytest.fixture
def pg_table(make_table, cluster):
    import psycopg

    url, folder = cluster
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("CREATE SCHEMA served")
    t = make_table(language="de")
    t.path.write_text(f'ledger = "{url}?options=-csearch_path%3Dserved"\n' + t.path.read_text(encoding="utf-8"),
                      encoding="utf-8")
    t.ok("add", "sau", "an", "be", "72")
    return t, folder


def timed(s: Server, method: str, path: str, body: object = None) -> tuple[float, int, object]:
    t0 = time.perf_counter()
    status, got = s.post(path, body) if method == "POST" else s.get(path)
    return time.perf_counter() - t0, status, got


def test_postgresql_down_at_the_start_is_503_at_once_and_back_the_first_request_is_served(pg_table):
    from tests.pgserver import pause, resume

    t, folder = pg_table
    pause(folder)
    t0 = time.monotonic()
    with Server(t.path) as s:
        assert time.monotonic() - t0 < 10  # started without waiting for the database
        for i in range(5):
            took, status, got = timed(s, "GET", "/api/sheet")
            assert status == 503 and took < (2.5 if i == 0 else 0.5), (took, got)
            assert got["error"].startswith(DOWN) and got["hint"], got  # type: ignore[index]
        took, status, got = timed(s, "POST", "/api/hands", {"line": "wenz co 91", "key": "k1"})
        assert status == 503 and took < 0.5
        resume(folder)
        took, status, got = timed(s, "GET", "/api/sheet")
        assert (status, took < 2.0) == (200, True), (took, got)
        took, status, got = timed(s, "POST", "/api/hands", {"line": "wenz co 91", "key": "k1"})
        assert (status, took < 2.0) == (201, True), (took, got)
        err = s.stop()
    lines = err.splitlines()
    assert "Traceback" not in err and len(lines) == 3, err
    assert lines[0].startswith("PostgreSQL ist nicht erreichbar (") and lines[0].endswith(
        "); die Handys bekommen 503, bis es wieder da ist.")
    assert lines[1:] == ["PostgreSQL antwortet wieder.", "Abgebrochen; nichts Halbfertiges wurde behalten."]
    assert [h["hand"] for h in t.json("sheet")["sessions"][0]["hands"]] == [1, 2]


def test_postgresql_down_in_between_is_503_at_once_and_everything_goes_on_when_it_is_back(pg_table):
    from tests.pgserver import pause, resume

    t, folder = pg_table
    with Server(t.path) as s:
        conn = http.client.HTTPConnection("127.0.0.1", s.port, timeout=10)
        conn.request("GET", "/api/events", headers={"Authorization": f"Bearer {s.view}"})
        events = conn.getresponse()
        events.readline()
        time.sleep(0.6)
        assert s.post("/api/hands", {"line": "wenz co 91", "key": "k1"})[0] == 201
        assert read_event(events, time.monotonic() + 1.5) == {"hands": 2, "session": 1}
        pause(folder)
        for i in range(4):
            took, status, got = timed(s, "POST", "/api/hands", {"line": "herzsolo do 61", "key": "k2"})
            assert status == 503 and took < (2.5 if i == 0 else 0.5), (took, got)
            assert got["error"].startswith(DOWN), got  # type: ignore[index]
        resume(folder)
        took, status, got = timed(s, "POST", "/api/hands", {"line": "herzsolo do 61", "key": "k2"})
        assert (status, took < 2.0) == (201, True), (took, got)
        for _ in range(10):  # the pool made anew serves every request
            took, status, _ = timed(s, "GET", "/api/sheet")
            assert status == 200 and took < 1.0
        # the stream goes on: the CLI's write reaches it (its LISTEN made again)
        deadline = time.monotonic() + 3
        seen = None
        cli(t.path, "add", "sau", "co", "do", "61")
        while time.monotonic() < deadline and (seen is None or seen.get("hands") != 4):
            seen = read_event(events, deadline)
        assert seen == {"hands": 4, "session": 1}
        conn.close()
        err = s.stop()
    assert "Traceback" not in err and err.count("PostgreSQL antwortet wieder.") == 1, err
    t.ok("check")
