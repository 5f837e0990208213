"""The access codes of a running server (RULES §11, issue 35), through real servers on real
ports: ``serve --codes --new-codes`` (or ``serve --new-codes``) beside a running server takes
effect within 2 s (the old codes 401 as replaced, their open event streams end, the new codes
work); a codes file that is damaged or names an unknown role is a clear refusal at the start
and a kept set of codes while serving; two servers on one machine keep their cookies apart."""

from __future__ import annotations

import http.client
import json
import time

import pytest

from tests.serving import Server, cli, printed_codes

REPLACED = {"error": "Dieser Zugangscode wurde durch neue ersetzt.",
            "hint": "Frag den Gastgeber nach dem neuen Link oder QR-Code (schafkopf serve --codes zeigt sie)."}
NO_CODE = {"error": "Kein gültiger Zugangscode.",
           "hint": "Öffne den Link oder scanne den QR-Code, den schafkopf serve gezeigt hat."}


@pytest.fixture
def table(make_table):
    t = make_table(language="de")
    t.ok("add", "sau", "an", "be", "72")
    return t.path


def codes_file(table):
    return table.with_name(f"{table.stem}.serve-codes.json")


def replace(path, text: str) -> None:
    """Write ``path`` anew as ``--new-codes`` does: a new file renamed over the old one."""
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text)
    tmp.replace(path)


def open_stream(s: Server, code: str) -> tuple[http.client.HTTPConnection, http.client.HTTPResponse]:
    conn = http.client.HTTPConnection("127.0.0.1", s.port, timeout=10)
    conn.request("GET", "/api/events", headers={"Authorization": f"Bearer {code}"})
    resp = conn.getresponse()
    assert resp.status == 200 and resp.readline().startswith(b"retry:")
    return conn, resp


def until_refused(s: Server, code: str, limit: float = 5.0) -> tuple[float, object]:
    """How long until ``code`` is answered 401 (polled every 50 ms), and that answer."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < limit:
        status, got = s.get("/api/table", code=code)
        if status == 401:
            return time.monotonic() - t0, got
        time.sleep(0.05)
    raise AssertionError(f"{code} still accepted after {limit} s")


def rest_of_stream(resp: http.client.HTTPResponse) -> list[tuple[str, str]]:
    """The events left in a stream until it ends: (event, data)."""
    events, event = [], ""
    for raw in iter(resp.readline, b""):
        line = raw.decode().rstrip("\n")
        if line.startswith("event: "):
            event = line[7:]
        elif line.startswith("data: "):
            events.append((event, line[6:]))
    return events


def test_new_codes_beside_a_running_server_take_effect_within_two_seconds(table):
    with Server(table) as s:
        old = dict(s.codes)
        conn, stream = open_stream(s, old["view"])
        renewed = cli(table, "serve", "--codes", "--new-codes", "--port", str(s.port)).stdout
        new = printed_codes(renewed)
        took, got = until_refused(s, old["host"])
        assert took < 2.0 and got == REPLACED
        assert s.get("/api/table", code=old["view"]) == (401, REPLACED)
        assert s.post("/api/hands", {"line": "wenz co 91"}, code=old["host"]) == (401, REPLACED)
        for role in ("host", "view"):
            assert s.get("/api/table", code=new[role])[0] == 200
        assert s.post("/api/hands", {"line": "wenz co 91"}, code=new["host"])[0] == 201
        # the old code's open stream has ended, saying why
        t0 = time.monotonic()
        assert rest_of_stream(stream) == [("denied", json.dumps(REPLACED, ensure_ascii=False))]
        assert time.monotonic() - t0 < 2.0
        conn.close()
        # a link with a replaced code says so too (and sets no cookie)
        status, headers, page = s.request("GET", f"/?k={old['host']}")
        assert status == 401 and "set-cookie" not in headers and REPLACED["error"] in page.decode()
        # a phone that keeps trying its replaced code is not taken for a guesser: its new code works
        for _ in range(30):
            assert s.get("/api/table", code=old["view"])[0] == 401
        assert s.get("/api/table", code=new["view"])[0] == 200
        assert s.get("/api/table", code="a-guess-" + "x" * 30) == (401, NO_CODE)
        err = s.stop()
    assert err == "Abgebrochen; nichts Halbfertiges wurde behalten.\n"


def test_serve_with_new_codes_beside_a_running_server_ends_the_old_codes_there_too(table):
    with Server(table) as first:
        old = dict(first.codes)
        conn, stream = open_stream(first, old["host"])
        with Server(table, "--new-codes") as second:
            assert "Neue Zugangscodes; die alten Links gelten nicht mehr." in "".join(second.out)
            new = second.codes
            took, got = until_refused(first, old["host"])
            assert took < 2.0 and got == REPLACED
            assert rest_of_stream(stream)[-1][0] == "denied"
            for s in (first, second):
                assert s.get("/api/table", code=new["view"])[0] == 200
                assert s.get("/api/table", code=old["view"]) == (401, REPLACED if s is first else NO_CODE)
        conn.close()


def test_a_stream_whose_code_stays_goes_on_after_new_codes_for_others(table):
    """Codes rewritten with the same ones (a tournament's new table gets a code, the others
    keep theirs): a stream whose code holds is not ended."""
    with Server(table) as s:
        conn, stream = open_stream(s, s.view)
        path = codes_file(table)
        replace(path, json.dumps(json.loads(path.read_text())))  # the same codes in a new file
        time.sleep(1.2)
        cli(table, "add", "wenz", "co", "91")
        line = b""
        while not line.startswith(b"event: "):
            line = stream.readline()
        assert line == b"event: change\n"
        conn.close()


@pytest.mark.parametrize("text, problem", [
    ("{not json", "sie ist keine Codedatei von schafkopf serve (kaputtes JSON, oder Codes fehlen)"),
    ('{"codes": {"host": "abcdefghijklmnopqrstuvwxyz", "boss": "abcdefghijklmnopqrstuvwxyz0"}}',
     'sie nennt eine Rolle "boss", die weder host, view noch tisch N ist'),
    ('{"codes": {"tisch x": "abcdefghijklmnopqrstuvwxyz"}}', 'sie nennt eine Rolle "tisch x", die weder host, view '
                                                            "noch tisch N ist"),
    ('{"codes": {"tisch 0": "abcdefghijklmnopqrstuvwxyz"}}', 'sie nennt eine Rolle "tisch 0", die weder host, view '
                                                            "noch tisch N ist"),
    ('{"codes": ["host"]}', "sie ist keine Codedatei von schafkopf serve (kaputtes JSON, oder Codes fehlen)"),
    # a code that cannot travel in a link or a cookie (it printed a link broken in two lines)
    ('{"codes": {"host": "abcdefghijklmnopqrstuvwxyz\\r\\nSet-Cookie: a=b"}}',
     "sie ist keine Codedatei von schafkopf serve (kaputtes JSON, oder Codes fehlen)"),
    ('{"codes": {"host": "Stammtisch Müller am Freitag"}}',
     "sie ist keine Codedatei von schafkopf serve (kaputtes JSON, oder Codes fehlen)"),
])
def test_a_damaged_codes_file_is_a_clear_refusal_at_the_start(table, text, problem):
    codes_file(table).write_text(text)
    for args in (["serve", "--codes"], ["serve", "--port", "1"]):
        r = cli(table, *args, check=False)
        assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
        assert r.stderr.splitlines() == [
            f"Fehler: Die Datei der Zugangscodes {codes_file(table)} kann nicht gelesen werden: {problem}.",
            "Mach neue Codes mit schafkopf serve --new-codes (die alten Links gelten dann nicht mehr)."]
    assert printed_codes(cli(table, "serve", "--codes", "--new-codes").stdout)  # the way out it names


def test_a_codes_file_damaged_while_serving_keeps_the_codes_in_use(table):
    with Server(table) as s:
        path = codes_file(table)
        good = path.read_text()
        replace(path, '{"codes": {"boss": "abcdefghijklmnopqrstuvwxyz"}}')
        time.sleep(1.2)
        assert s.get("/api/table", code="host")[0] == 200
        replace(path, good)
        time.sleep(1.2)
        assert s.get("/api/table", code="host")[0] == 200
        err = s.stop()
    assert err.splitlines() == [
        f"Die Datei der Zugangscodes {path} kann nicht gelesen werden: sie nennt eine Rolle \"boss\", die weder host, "
        "view noch tisch N ist. Die Codes in Gebrauch gelten weiter.",
        "Abgebrochen; nichts Halbfertiges wurde behalten."]


def test_two_servers_on_one_machine_keep_their_cookies_apart(make_table):
    """A browser keeps cookies per host name, not per port: two servers on one machine (two
    tables, or one table on two ports) name their cookies apart, so that opening one's link
    logs no phone out of the other."""
    one = make_table(language="de", name="one").path
    two = make_table(language="de", name="two").path
    with Server(one) as a, Server(two) as b, Server(one) as a2:
        names = {a.cookie, b.cookie, a2.cookie}
        assert len(names) == 3 and all(n.startswith("schafkopf_") for n in names)
        jar = {}
        for s, code in ((a, a.view), (b, b.host), (a2, a2.host)):
            status, headers, _ = s.request("GET", f"/?k={code}")
            assert status == 303
            name, value = headers["set-cookie"].split(";")[0].split("=", 1)
            assert name == s.cookie
            jar[name] = value
        cookie = "; ".join(f"{k}={v}" for k, v in jar.items())  # what the browser sends to 127.0.0.1, any port
        for s, role in ((a, "view"), (b, "host"), (a2, "host")):
            status, _, body = s.request("GET", "/api/table", headers={"Cookie": cookie})
            assert status == 200 and json.loads(body)["role"] == role


@pytest.mark.slow
def test_new_codes_reach_every_worker_within_two_seconds(table):
    with Server(table, "--workers", "2") as s:
        old = dict(s.codes)
        new = printed_codes(cli(table, "serve", "--codes", "--new-codes").stdout)
        time.sleep(2.0)
        for _ in range(12):  # fresh connections: the kernel hands them to either worker
            assert s.get("/api/table", code=old["host"]) == (401, REPLACED)
            assert s.get("/api/table", code=new["host"])[0] == 200


@pytest.mark.parametrize("host, problem", [("999.1.1.1", None), ("10.254.254.254", "Cannot assign requested address")])
def test_a_host_that_is_no_address_here_is_said_of_the_host_not_the_port(table, host, problem):
    # serve --host 999.1.1.1 said "Port 8765 cannot be used: Name or service not known. Choose another
    # one with --port"
    r = cli(table, "serve", "--host", host, "--port", "1", check=False)
    lines = r.stderr.splitlines()
    assert r.returncode == 2 and len(lines) == 2, r.stderr
    assert lines[0].startswith(f"Fehler: --host {host} ist keine Adresse dieses Rechners: ")
    assert problem is None or lines[0].endswith(f"{problem}.")
    assert lines[1] == "Gib 127.0.0.1 (nur dieser Rechner) oder 0.0.0.0 (das lokale Netz) an."
