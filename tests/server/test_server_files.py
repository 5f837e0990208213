"""Files moved under a running server (RULES §11, issue 35), through a real server on a real
port: a SQLite ledger deleted or moved away is 503 on every route that reads or writes it
(never a fresh ledger made behind the phones' backs) until it is back; a ledger restored from a
backup is followed, its keys and its event stream included (a CLI write to the restored file
reaches the stream); a table file deleted is 503 on every route until it is back."""

from __future__ import annotations

import http.client
import json
import shutil
import time

import pytest

from tests.server.test_server_api import read_event
from tests.serving import Server, cli
from tests.store.test_storage_contract import make_ledger_table  # noqa: F401  (a fixture)

READS = ["/api/sheet", "/api/standings", "/api/settle"]
PAGES = ["/", "/settle"]


@pytest.fixture
def table(make_table):
    t = make_table(language="de")
    t.ok("add", "sau", "an", "be", "72")
    return t


def stream(s: Server) -> http.client.HTTPResponse:
    conn = http.client.HTTPConnection("127.0.0.1", s.port, timeout=10)
    conn.request("GET", "/api/events", headers={"Authorization": f"Bearer {s.view}"})
    resp = conn.getresponse()
    assert resp.status == 200 and resp.readline().startswith(b"retry:")
    time.sleep(0.6)  # the watcher's first look
    return resp


def page_status(s: Server, path: str) -> tuple[int, str]:
    status, _, body = s.request("GET", path, headers={"Cookie": f"{s.cookie}={s.host}"})
    return status, body.decode()


def test_a_ledger_deleted_under_the_server_is_503_everywhere_until_it_is_back(table):
    ledger = table.path.with_suffix(".sqlite")
    gone = {"error": f"Das Spielbuch {ledger} ist weg (verschoben oder gelöscht), während der Server lief.",
            "hint": "Leg es (oder seine Sicherung) zurück: der Server macht von selbst damit weiter; für ein neues "
                    "Spielbuch starte schafkopf serve neu. Es wurde nichts geschrieben."}
    with Server(table.path) as s:
        events = stream(s)
        aside = ledger.with_name("aside.sqlite")
        ledger.rename(aside)
        for path in READS:
            assert s.get(path) == (503, gone), path
        for path, body in (("/api/hands", {"line": "wenz co 91", "key": "k1"}), ("/api/calc", {"line": "wenz co 91"}),
                           ("/api/undo", {}), ("/api/void", {"hand": 1}), ("/api/edit", {"hand": 1, "line": "k"}),
                           ("/api/settle/close", {})):
            assert s.post(path, body) == (503, gone), path
        for path in PAGES:
            status, html = page_status(s, path)
            assert status == 503 and "ist weg (verschoben oder gelöscht)" in html and "Traceback" not in html
        assert not ledger.exists()  # no fresh ledger behind the phones' backs
        assert s.get("/api/table")[0] == 200  # the table file alone answers
        time.sleep(0.8)  # the watcher has seen it gone (it looks four times a second)
        aside.rename(ledger)
        assert read_event(events, time.monotonic() + 2.0) == {"hands": 1, "session": 1}  # the pages look again
        assert s.post("/api/hands", {"line": "wenz co 91", "key": "k1"})[0] == 201
        assert s.get("/api/sheet")[0] == 200
        assert read_event(events, time.monotonic() + 1.0) == {"hands": 2, "session": 1}
        err = s.stop()
    assert "Traceback" not in err
    table.ok("check")


@pytest.mark.parametrize("how", ["renamed over it", "copied into it"])
def test_a_ledger_restored_from_a_backup_is_followed_with_its_keys_and_its_events(table, how):
    """A backup put in the ledger's place (a new file renamed over it, or copied into the same
    file): the server reads the restored ledger, its keys are the restored ledger's (a key of a
    hand the backup lacks records the hand again), and a CLI write to it reaches the stream."""
    ledger = table.path.with_suffix(".sqlite")
    backup = ledger.with_name("backup.sqlite")
    shutil.copyfile(ledger, backup)  # one hand
    with Server(table.path) as s:
        events = stream(s)
        first = s.post("/api/hands", {"line": "wenz co 91", "key": "k2"})
        assert first[0] == 201 and first[1]["hand"] == 2  # type: ignore[index]
        assert read_event(events, time.monotonic() + 1.0) == {"hands": 2, "session": 1}
        if how == "renamed over it":
            staged = ledger.with_name("staged.sqlite")
            shutil.copyfile(backup, staged)
            staged.replace(ledger)
        else:
            shutil.copyfile(backup, ledger)
        assert read_event(events, time.monotonic() + 2.0) == {"hands": 1, "session": 1}
        assert len(s.get("/api/sheet")[1]["sessions"][0]["hands"]) == 1  # type: ignore[index]
        again = s.post("/api/hands", {"line": "wenz co 91", "key": "k2"})
        assert again[0] == 201 and again[1]["hand"] == 2  # type: ignore[index]
        assert read_event(events, time.monotonic() + 1.0) == {"hands": 2, "session": 1}
        cli(table.path, "add", "herzsolo", "do", "61")  # the CLI writes the restored file
        assert read_event(events, time.monotonic() + 1.5) == {"hands": 3, "session": 1}
        assert s.post("/api/hands", {"line": "wenz co 91", "key": "k2"}) == (200, again[1])
    table.ok("check")


@pytest.mark.parametrize("how", ["renamed over it", "copied into it"])
def test_a_restored_ledger_is_not_read_as_the_session_the_server_kept(table, how):
    """The server keeps the session it folded last and folds on from it while nothing changed
    (issue 34). A backup put back, then one hand written by the CLI, is a ledger whose highest
    ids are those kept, with another hand 2: the server's next answer is the restored
    evening's, not the one it kept."""
    ledger = table.path.with_suffix(".sqlite")
    backup = ledger.with_name("backup.sqlite")
    shutil.copyfile(ledger, backup)
    with Server(table.path) as s:
        assert s.post("/api/hands", {"line": "wenz co 91", "key": "k2"})[0] == 201
        if how == "renamed over it":
            staged = ledger.with_name("staged.sqlite")
            shutil.copyfile(backup, staged)
            staged.replace(ledger)
        else:
            shutil.copyfile(backup, ledger)
        cli(table.path, "add", "herzsolo", "do", "61")  # another hand 2
        status, got = s.post("/api/hands", {"line": "sau co do 61", "key": "k3"})
        assert status == 201 and got["hand"] == 3  # type: ignore[index]
        assert got["balances"] == table.json("standings")["balances"]  # type: ignore[index]
        assert [h["game"] for h in s.get("/api/sheet")[1]["sessions"][0]["hands"]] == [  # type: ignore[index]
            "sauspiel", "solo", "sauspiel"]
    table.ok("check")


def test_a_table_file_deleted_under_the_server_is_503_everywhere_until_it_is_back(table):
    gone = {"error": f"Die Tischdatei {table.path} ist weg (verschoben oder gelöscht).",
            "hint": "Leg sie zurück: der Server macht von selbst weiter; es wurde nichts geschrieben."}
    ledger_before = table.ledger_bytes()
    with Server(table.path) as s:
        aside = table.path.with_name("aside.toml")
        table.path.rename(aside)
        for path in ["/api/table", *READS]:
            assert s.get(path) == (503, gone), path
        for path, body in (("/api/hands", {"line": "wenz co 91", "key": "k1"}), ("/api/calc", {"line": "wenz co 91"}),
                           ("/api/undo", {}), ("/api/settle/close", {})):
            assert s.post(path, body) == (503, gone), path
        for path in [*PAGES, "/tisch/1"]:
            status, html = page_status(s, path)
            assert status == 503 and "Die Tischdatei" in html and "Traceback" not in html, path
        assert table.ledger_bytes() == ledger_before
        aside.rename(table.path)
        status, got = s.get("/api/table")
        assert status == 200 and got["players"] == ["Anna", "Ben", "Cora", "Dora"]  # type: ignore[index]
        assert s.post("/api/hands", {"line": "wenz co 91", "key": "k1"})[0] == 201
        err = s.stop()
    assert "Traceback" not in err
    assert json.loads(cli(table.path, "sheet", "--json").stdout)["sessions"][0]["hands"][-1]["hand"] == 2


def test_a_full_disk_is_503_in_the_tables_language_with_the_clis_advice(table):
    """A ledger that cannot grow (the disk full for the server: its largest file is the ledger's
    size now) is 503 in the table's words, SQLite's error translated and the hint the CLI gives
    (make room), not SQLite's English nor 'try again in a moment'; nothing half-written, and the
    server goes on once there is room."""
    ledger = table.path.with_suffix(".sqlite")
    with Server(table.path, file_size=ledger.stat().st_size) as s:
        answers = [s.post("/api/hands", {"line": "sau an be 72 k", "key": f"k{i}", "confirm": True}) for i in range(40)]
        refused = [got for status, got in answers if status == 503]
        recorded = [got for status, got in answers if status == 201]
        assert refused and all(status in (201, 503) for status, _ in answers)
        assert refused[0] == {
            "error": "Das Spielbuch kann gerade nicht benutzt werden: Ein-/Ausgabefehler der Platte.",
            "hint": "Von diesem Befehl wurde nichts eingetragen; schaff Platz auf der Platte und versuch es noch einmal."}
        assert s.get("/api/sheet")[1]["sessions"][0]["hands"][-1]["hand"] == 1 + len(recorded)  # type: ignore[index]
        err = s.stop()
    assert "Traceback" not in err
    table.ok("check")


def test_a_table_file_that_cannot_be_written_is_503_in_the_tables_words(make_ledger_table):  # noqa: F811
    """A player joining where the table file cannot be rewritten (here the disk full for the
    server: its largest file is smaller than the new file; the ledger is PostgreSQL) was 500
    'an unexpected error'; it is 503 naming the trouble, as the CLI does, and nothing is written
    (neither the file nor the ledger's seating)."""
    t = make_ledger_table("postgresql", language="de")
    t.ok("add", "sau", "an", "be", "72")
    before = t.path.read_bytes()
    with Server(t.path, file_size=len(before)) as s:
        status, got = s.post("/api/players/add", {"name": "Emil"})
        assert status == 503, got
        assert got["error"] == "Der Server kann eine Datei nicht schreiben: Datei zu groß."  # type: ignore[index]
        assert got["hint"] == ("Es wurde nichts geschrieben. Wer den Server betreibt: schaff Platz auf der Platte "  # type: ignore[index]
                               "oder erlaub das Schreiben (Dateirechte, schreibgeschützter Datenträger oder "
                               "Freigabe), dann versuch es noch einmal.")
        assert s.get("/api/players")[1]["changes"] == []  # type: ignore[index]
        err = s.stop()
    assert "Traceback" not in err and "Unerwarteter Fehler" not in err
    assert t.path.read_bytes() == before


def test_a_ledger_damaged_under_the_server_is_503_and_the_hand_goes_in_once_it_is_restored(table):
    """A ledger overwritten with something else while the server runs is the ledger's trouble,
    not the entry's: 503 (it was 422, and a phone dropped the hand as refused, to be typed
    again), in the table's words; the backup restored, the same key records the hand."""
    ledger = table.path.with_suffix(".sqlite")
    backup = ledger.read_bytes()
    with Server(table.path) as s:
        for damage in (b"no ledger at all " * 300, b""):
            ledger.write_bytes(damage)
            status, got = s.post("/api/hands", {"line": "wenz co 91", "key": "k1"})
            assert status == 503, got
            assert got["hint"] == ("Es blieb, wie es war. Spiel eine Sicherung zurück oder verschieb es, um ein "  # type: ignore[index]
                                   "neues Spielbuch anzufangen.")
            assert s.get("/api/sheet")[0] == 503
        assert got["error"] == f"Das Spielbuch {ledger} ist leer (abgeschnitten?)."  # type: ignore[index]
        ledger.write_bytes(backup)
        status, got = s.post("/api/hands", {"line": "wenz co 91", "key": "k1"})
        assert status == 201 and got["hand"] == 2  # type: ignore[index]
        err = s.stop()
    assert "Traceback" not in err
    table.ok("check")


def test_a_table_file_broken_under_the_server_is_503_with_its_refusal_until_fixed(table):
    """A table file saved half-edited while the server runs is the server's trouble, not the
    hand's: 503 with the file's own refusal and always a hint (it was 422, a value's refusal
    without a hint, and a phone dropped the hand as a refused line); fixed, the same key records
    the hand."""
    good = table.path.read_text(encoding="utf-8")
    with Server(table.path) as s:
        for broken, error, hint in (
                (good + "players = [\n", f"{table.path} ist kein gültiges TOML: ",
                 "Korrigier die genannte Zeile (Anführungszeichen um Text, key = value); die Datei wurde nicht "
                 "verändert."),
                (good.replace("seats = 4", 'seats = "x"', 1), f"{table.path}, Zeile ",
                 "Berichtige die Tischdatei: der Server macht von selbst damit weiter; es wurde nichts geschrieben.")):
            table.path.write_text(broken, encoding="utf-8")
            for status, got in (s.post("/api/hands", {"line": "wenz co 91", "key": "k1"}), s.get("/api/sheet")):
                assert status == 503, got
                assert got["error"].startswith(error) and got["hint"] == hint, got  # type: ignore[index]
            status, html = page_status(s, "/")
            assert status == 503 and "Traceback" not in html
        table.path.write_text(good, encoding="utf-8")
        status, got = s.post("/api/hands", {"line": "wenz co 91", "key": "k1"})
        assert status == 201 and got["hand"] == 2  # type: ignore[index]
        err = s.stop()
    assert "Traceback" not in err
