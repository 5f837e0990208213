"""Malformed input on every route of the table server (RULES §11, issue 35), through a real
server on a real port: a table of hostile values (``²``, ``--1``, twenty digits, a lone
surrogate, a float, a list, ...) thrown into every field of every route, in the JSON body, the
form body, the query string and the path. A value of the wrong kind is 400 or 422 naming the
field in the table's language, with a hint, and writes nothing; nothing is ever a 500. And no
text from the URL is shown as the server's own message."""

from __future__ import annotations

import html
import http.client
import json
import re
from urllib.parse import quote, urlencode

import pytest

from tests.app.test_tournament import EIGHT, tournament
from tests.serving import Server

# name -> the value as JSON sends it
HOSTILE: dict[str, object] = {
    "superscript two": "²", "double minus": "--1", "twenty digits": "9" * 20, "lone surrogate": "\ud800",
    "half a pair": "x\udcffy", "nul": "a\x00b", "float": 1.5, "whole float": 3.0, "list": [1],
    "object": {"n": 1}, "true": True, "exponent": "1e3", "hex": "0x10", "arabic three": "٣", "blank": " ",
    "minus": "-", "two numbers": "1 2", "huge": 10**30, "negative huge": -(10**12), "eleven digits": "12345678901",
}
# as text in an address or a form (a lone surrogate goes as its UTF-8 bytes, which arrive replaced)
HOSTILE_TEXT = ["²", "--1", "9" * 20, "\ud800", "1.5", "[1]", "1e3", "0x10", "٣", " ", "-", "1 2", "+1", "1_000",
                "12345678901", "%00", "\x00"]

NUMBER = 'Das Feld "{}" muss eine ganze Zahl sein.'
TEXT = 'Das Feld "{}" muss ein Text sein.'
NOT_TEXT = 'Das Feld "{}" enthält ein Zeichen, das kein Text ist.'
TRUTH = 'Das Feld "{}" muss true oder false sein.'
TEXTS = 'Das Feld "{}" muss eine Liste von Texten sein.'
TWO = '"{}" nennt zwei Spieler, z. B. ["Anna", "Ben"] (im Formular: Anna, Ben).'
HINT = "Sieh die API in der Anleitung zum Server; es wurde nichts geschrieben."

# route -> a body it takes, and the kind of each field it reads
TABLE_ROUTES: list[tuple[str, dict[str, object], dict[str, str]]] = [
    ("/api/calc", {"line": "sau an be 72"}, {"line": "text", "tisch": "number"}),
    ("/api/hands", {"line": "sau an be 72", "key": "k1"},
     {"line": "text", "key": "text", "tisch": "number", "confirm": "truth"}),
    ("/api/undo", {}, {"reason": "text", "tisch": "number", "round": "number"}),
    ("/api/void", {"hand": 1}, {"hand": "number", "reason": "text", "tisch": "number", "round": "number"}),
    ("/api/edit", {"hand": 1, "line": "k"},
     {"hand": "number", "line": "text", "reason": "text", "confirm": "truth", "tisch": "number", "round": "number"}),
    ("/api/settle/close", {}, {"round_to": "number"}),
]
TOURNAMENT_ROUTES: list[tuple[str, dict[str, object], dict[str, str]]] = [
    ("/api/draw", {}, {"by": "text", "seed": "text", "force": "truth", "fix": "texts", "apart": "texts",
                       "redo": "truth", "reason": "text"}),
    ("/api/hands", {"line": "sau an be 72", "tisch": 1}, {"tisch": "number", "key": "text"}),
    ("/api/totals", {"tisch": 1, "totals": "Anna=12,Ben=-12"},
     {"tisch": "number", "totals": "pairs", "solos": "pairs", "won": "pairs", "round": "number", "replace": "truth",
      "reason": "text", "void": "truth"}),
    ("/api/fix", {"player": "Anna", "tisch": 1}, {"player": "text", "tisch": "number", "remove": "truth"}),
    ("/api/apart", {"players": ["Anna", "Ben"]}, {"players": "two", "remove": "truth"}),
    ("/api/swap", {"players": ["Anna", "Ben"]}, {"players": "two", "reason": "text"}),
]


def expected(kind: str, name: str, value: object) -> str | None:
    """The refusal a value of a field of ``kind`` gets (None: it is of the right kind)."""
    if kind == "number":
        if isinstance(value, str) and re.fullmatch(r"-?[0-9]{1,10}", value.strip()):
            value = int(value.strip())
        ok = isinstance(value, int) and not isinstance(value, bool) and abs(value) <= 10**9
        return None if ok else NUMBER.format(name)
    if kind == "truth":
        if isinstance(value, bool) or isinstance(value, str) and value.strip().lower() in (
                "1", "0", "true", "false", "yes", "no", "on", "off"):
            return None
        return TRUTH.format(name)
    if kind == "pairs":  # {"Anna": 12, "Ben": -12}, or the CLI's text "Anna=12,Ben=-12"
        if isinstance(value, dict):
            ok = all(isinstance(k, str) and type(v) is int and abs(v) <= 10**9 for k, v in value.items())
            return None if ok else NUMBER.format(name)
        kind = "text"
    if kind == "two":  # two players: a list, or a form's "Anna, Ben"
        if isinstance(value, str):
            value = [part.strip() for part in value.split(",") if part.strip()]
        wrong = expected("texts", name, value)
        if wrong is not None:
            return wrong
        return None if isinstance(value, list) and len(value) == 2 else TWO.format(name)
    if kind == "texts":
        ok = isinstance(value, list) and all(isinstance(v, str) and "\x00" not in v and _encodes(v) for v in value)
        return None if ok or value in ([], None, "", 0, False, {}) else TEXTS.format(name)
    if isinstance(value, int) and not isinstance(value, bool) and name == "seed":
        return None  # a seed may be a number
    if not isinstance(value, str):
        return TEXT.format(name)
    return None if "\x00" not in value and _encodes(value) else NOT_TEXT.format(name)


def _encodes(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class Phone:
    """One kept-alive connection to the server, as a phone holds one."""

    def __init__(self, s: Server) -> None:
        self.s = s
        self.conn = http.client.HTTPConnection("127.0.0.1", s.port, timeout=30)

    def send(self, method: str, path: str, body: bytes | None = None,
             headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
        for attempt in (1, 2):
            try:
                self.conn.request(method, path, body=body, headers=headers or {})
                r = self.conn.getresponse()
                return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()
            except (http.client.HTTPException, OSError):
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.s.port, timeout=30)
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def api(self, method: str, path: str, body: object = None, code: str = "host") -> tuple[int, object]:
        headers = {"Authorization": f"Bearer {self.s.codes[code]}"}
        raw = None
        if body is not None:
            raw = json.dumps(body).encode()  # a lone surrogate as "\ud800", as a browser's JSON.stringify sends it
            headers["Content-Type"] = "application/json"
        status, _, out = self.send(method, path, raw, headers)
        assert status != 500, (method, path, body, out)
        return status, json.loads(out)

    def page(self, path: str, code: str = "host") -> tuple[int, str]:
        status, _, out = self.send("GET", path, headers={"Cookie": f"{self.s.cookie}={self.s.codes[code]}"})
        assert status != 500, (path, out)
        return status, out.decode()


def ledger_rows(path):
    import sqlite3

    if not path.exists():
        return None
    con = sqlite3.connect(path)
    try:
        return list(con.iterdump())
    finally:
        con.close()


def throw(phone: Phone, routes: list[tuple[str, dict[str, object], dict[str, str]]]) -> list[tuple[object, ...]]:
    """Every hostile value into every field of every route: each value of the wrong kind must be
    refused with the field's exact words; returns the (route, field, value) of the right kind,
    which may be written (they are sent afterwards by the caller)."""
    right_kind = []
    for path, body, fields in routes:
        for name, kind in fields.items():
            for label, value in HOSTILE.items():
                want = expected(kind, name, value)
                if want is None:
                    right_kind.append((path, body, name, value))
                    continue
                status, got = phone.api("POST", path, {**body, name: value})
                # the field named as the message names it (a page says it with its label)
                assert (status, {k: v for k, v in got.items() if k != "wants"}) == (
                    422, {"error": want, "hint": HINT, "field": name}), (path, name, label, got)
    return right_kind


@pytest.fixture
def table(make_table):
    t = make_table(language="de")
    t.ok("add", "sau", "an", "be", "72")
    return t


def test_every_malformed_field_of_every_route_is_refused_by_name_and_writes_nothing(table):
    with Server(table.path) as s:
        phone = Phone(s)
        before = ledger_rows(table.path.with_suffix(".sqlite"))
        right_kind = throw(phone, TABLE_ROUTES)
        # the query string: ?tisch= and ?round= of the reading routes and pages
        for path, name in (("/api/sheet", "tisch"), ("/api/sheet", "round")):  # (/tisch/1: a tournament's page)
            for text in HOSTILE_TEXT:
                query = f"{path}?{name}={quote(text.encode('utf-8', 'surrogatepass'))}"
                if path.startswith("/api/"):
                    status, got = phone.api("GET", query)
                    assert (status, got) == (422, {"error": NUMBER.format(name), "hint": HINT, "field": name,
                                                    "wants": "number"}), (query, got)
                else:
                    status, page = phone.page(query)
                    assert status == 422 and NUMBER.format(name) in html.unescape(page), (query, page[-400:])
        # a body that is no JSON object, or not UTF-8
        for raw in (b"[1]", b'"\\ud800"', b"\xed\xa0\x80", b'{"line": "sau", "line": 1}', b"NaN", b"{" * 5000,
                    b'{"hand": 1e999}'):
            status, _, out = phone.send("POST", "/api/void", raw, {"Authorization": f"Bearer {s.host}",
                                                                   "Content-Type": "application/json"})
            assert status in (400, 422) and set(json.loads(out)) - {"field", "wants"} == {"error", "hint"}, (raw[:20],
                                                                                                       out)
        assert ledger_rows(table.path.with_suffix(".sqlite")) == before
        # values of the right kind (odd texts as reasons and keys, numbers as strings): never a 500
        for path, body, name, value in right_kind:
            status, got = phone.api("POST", path, {**body, name: value})
            assert status in (200, 201, 409, 422), (path, name, value, got)
            if status >= 400:
                assert set(got) >= {"error", "hint"} and got["hint"], (path, name, value, got)  # type: ignore[operator]
    table.ok("check")


def test_every_malformed_table_number_in_the_path_is_refused(tmp_path):
    table = tournament(tmp_path, players=EIGHT, language="de")  # /tisch/N is a tournament's page
    with Server(table.path) as s:
        phone = Phone(s)
        for text in [*HOSTILE_TEXT, "1.0", "[1]", "%2F", "1%2F2"]:
            status, page = phone.page(f"/tisch/{quote(text.encode('utf-8', 'surrogatepass'), safe='%')}")
            assert status in (404, 422), (text, status)
            if status == 422:
                assert "Die Tischnummer in der Adresse muss eine ganze Zahl sein." in page, text
        # a number of the right kind that no table can have: nothing at that address, never a 500
        for text in ("0", "-1", "1000000000"):
            status, page = phone.page(f"/tisch/{text}")
            assert status == 404 and "Unter dieser Adresse gibt es nichts." in page and "Traceback" not in page, text


def test_no_route_or_method_is_answered_in_the_tables_language(table):
    with Server(table.path) as s:
        phone = Phone(s)
        assert phone.api("GET", "/api/nowhere") == (404, {
            "error": "Unter dieser Adresse gibt es nichts.",
            "hint": "Öffne den Link, den schafkopf serve gezeigt hat; es wurde nichts geschrieben."})
        assert phone.api("DELETE", "/api/hands") == (405, {
            "error": "Diese Adresse nimmt diese Art von Anfrage nicht an.",
            "hint": "Sieh die API in der Anleitung zum Server; es wurde nichts geschrieben."})
        status, page = phone.page("/form/nothing-here")
        assert status == 405  # a form is posted
        status, _, out = phone.send("POST", "/form/nothing-here", b"", {
            "Cookie": f"{s.cookie}={s.host}", "Origin": f"http://127.0.0.1:{s.port}",
            "Content-Type": "application/x-www-form-urlencoded"})
        assert status == 404 and "Unter dieser Adresse gibt es nichts." in out.decode()
        status, _, out = phone.send("POST", "/api/hands", b"{}", {"Authorization": f"Bearer {s.host}",
                                                                  "Content-Length": "99999999999999999999"})
        assert status in (400, 413)


LABELS = {"tisch": "Tisch", "hand": "Spiel", "round_to": "Runden auf Cent"}
PAGE_HINT = "Korrigier es und schick es noch einmal; es wurde nichts geschrieben."


def test_a_malformed_form_field_comes_back_to_the_page_by_its_name(table):
    """A form without JavaScript: the refusal is shown as a page of its own (its words never
    travel in an address), in its alert, with the way back to the page the form was on."""
    with Server(table.path) as s:
        phone = Phone(s)
        before = ledger_rows(table.path.with_suffix(".sqlite"))
        forms = [("hands", {"line": "sau an be 72", "key": "f1"}, {"tisch": "number"}),
                 ("undo", {}, {"tisch": "number"}),
                 ("void", {"hand": "1"}, {"hand": "number", "tisch": "number"}),
                 ("edit", {"hand": "1", "line": "k"}, {"hand": "number", "confirm": "truth", "tisch": "number"}),
                 ("close", {}, {"round_to": "number"})]
        headers = {"Cookie": f"{s.cookie}={s.host}", "Origin": f"http://127.0.0.1:{s.port}",
                   "Content-Type": "application/x-www-form-urlencoded"}
        for action, body, fields in forms:
            for name, kind in fields.items():
                for text in HOSTILE_TEXT:
                    want = expected(kind, name, text.replace("\ud800", "\ufffd"))
                    if want is None:
                        continue
                    raw = urlencode({**body, name: text, "back": "/"}, encoding="utf-8", errors="surrogatepass")
                    status, got, page = phone.send("POST", f"/form/{action}", raw.encode(), headers)
                    assert status == 422 and "location" not in got, (action, name, text)
                    shown = html.unescape(page.decode())
                    if name in LABELS:  # a field of the page: named by its label, not the API's key
                        want, hint = f"„{LABELS[name]}“ muss eine ganze Zahl sein, z. B. 3.", PAGE_HINT
                    else:
                        hint = HINT
                    assert 'role="alert"' in shown and want in shown and hint in shown, (action, name, text)
                    assert "Feld" not in shown and "API" not in shown or name not in LABELS
                    assert '<a href="/">' in shown
        assert ledger_rows(table.path.with_suffix(".sqlite")) == before


def test_a_form_body_of_more_than_100_fields_is_400_not_500(table):
    """A form body (the API's routes take one too) of more than 100 fields was an unexpected
    error (500, "Der Server ist auf einen unerwarteten Fehler gestoßen"): the reader of forms
    refuses more, and that refusal went unanswered."""
    with Server(table.path) as s:
        phone = Phone(s)
        before = ledger_rows(table.path.with_suffix(".sqlite"))
        raw = ("line=sau+an+be+61&" + "&".join(f"f{i}=1" for i in range(150))).encode()
        refusal = {"error": "Das Formular hat mehr als 100 Felder.",
                   "hint": "Schick die Felder, die die Anleitung nennt; es wurde nichts geschrieben."}
        for path in ("/api/hands", "/api/void", "/api/players/add"):
            status, _, out = phone.send("POST", path, raw, {"Authorization": f"Bearer {s.host}",
                                                            "Content-Type": "application/x-www-form-urlencoded"})
            assert (status, json.loads(out)) == (400, refusal), (path, out)
        status, _, page = phone.send("POST", "/form/hands", raw + b"&back=/", {
            "Cookie": f"{s.cookie}={s.host}", "Origin": f"http://127.0.0.1:{s.port}",
            "Content-Type": "application/x-www-form-urlencoded"})
        assert status == 400 and refusal["error"] in html.unescape(page.decode()), page[-400:]
        assert ledger_rows(table.path.with_suffix(".sqlite")) == before
        # a hundred fields are still a form
        status, _, out = phone.send("POST", "/api/hands", ("line=sau+an+be+61&" + "&".join(
            f"f{i}=1" for i in range(99))).encode(), {"Authorization": f"Bearer {s.host}",
                                                      "Content-Type": "application/x-www-form-urlencoded"})
        assert status == 201, out


def test_bytes_that_are_no_http_request_are_refused_in_the_tables_language(table):
    """Below the application: garbage, a header line over h11's limit, a bad Content-Length."""
    import socket

    with Server(table.path) as s:
        for raw in (b"GARBAGE\r\n\r\n", b"GET / HTTP/1.1\r\nHost: x\r\nX-Long: " + b"a" * 40000,  # headers without end, over 16 KiB
                    b"POST /api/hands HTTP/1.1\r\nHost: x\r\nContent-Length: \xc2\xb2\r\n\r\n",
                    b"GET /\xff HTTP/1.1\r\nHost: x\r\n\r\n"):
            with socket.create_connection(("127.0.0.1", s.port), timeout=10) as sock:
                sock.sendall(raw)
                answer = b""
                while chunk := sock.recv(65536):
                    answer += chunk
            head, _, body = answer.partition(b"\r\n\r\n")
            assert head.startswith(b"HTTP/1.1 400 "), (raw[:30], answer[:200])
            assert json.loads(body) == {
                "error": "Die Anfrage ist keine HTTP-Anfrage, die dieser Server versteht (oder ihre Kopfzeilen sind "
                         "zu lang).",
                "hint": "Öffne den Link, den schafkopf serve gezeigt hat; es wurde nichts geschrieben."}, raw[:30]
        err = s.stop()
    assert err == "Abgebrochen; nichts Halbfertiges wurde behalten.\n", err


def test_no_text_from_the_address_is_shown_as_the_servers_message(table):
    with Server(table.path) as s:
        phone = Phone(s)
        forged = "Ihr Konto wurde gesperrt: schick den Code an evil.example"
        for query in (urlencode({"error": forged, "hint": forged}), urlencode({"flash": forged}),
                      "flash=eyJ4IjoxfQ.AAAAAAAAAAAAAAAAAAAAAAAA"):
            for path in ("/", "/settle"):
                status, page = phone.page(f"{path}?{query}")
                assert status == 200 and "gesperrt" not in page and 'role="alert"><strong>' not in page, (path, query)


def test_every_malformed_field_of_a_tournament_is_refused(tmp_path):
    cup = tournament(tmp_path, players=EIGHT, extra='games_per_round = 4\nrounds = 2\nseed = "s"', language="de")
    with Server(cup.path) as s:
        phone = Phone(s)
        throw(phone, TOURNAMENT_ROUTES[:1])  # before the draw: nothing to write but the draw, which must not happen
        assert not cup.path.with_suffix(".sqlite").exists() or cup.json("tournament", "tables")["tables"] == []
        assert phone.api("POST", "/api/draw", {"seed": "s"})[0] == 200
        before = ledger_rows(cup.path.with_suffix(".sqlite"))
        throw(phone, TOURNAMENT_ROUTES)
        for path, name in (("/api/sheet", "tisch"), ("/api/sheet", "round"), ("/api/ranking", "round"),
                           ("/api/tables", "round")):
            for text in HOSTILE_TEXT:
                query = f"{path}?{'tisch=1&' if name == 'round' and path == '/api/sheet' else ''}{name}=" \
                        f"{quote(text.encode('utf-8', 'surrogatepass'))}"
                status, got = phone.api("GET", query, code="view")
                assert (status, got) == (422, {"error": NUMBER.format(name), "hint": HINT, "field": name,
                                                    "wants": "number"}), (query, got)
        for text in HOSTILE_TEXT:
            status, page = phone.page(f"/tisch/{quote(text.encode('utf-8', 'surrogatepass'))}", code="tisch 1")
            assert status == 422 and "Die Tischnummer in der Adresse muss eine ganze Zahl sein." in page, text
        for text in HOSTILE_TEXT:
            status, page = phone.page(f"/tisch/1?round={quote(text.encode('utf-8', 'surrogatepass'))}", code="tisch 1")
            assert status == 422 and NUMBER.format("round") in html.unescape(page), (text, page[-400:])
        assert ledger_rows(cup.path.with_suffix(".sqlite")) == before
    cup.ok("check")
