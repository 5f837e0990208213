"""One language per table, the defects a review of issue 12 found (RULES §9): click's close
match, the usage line's placeholders, tomllib's own words, SQLite's read-only ledger, game names
with articles or doubled words, German words on English tables and English ones on German
tables; and ``check`` in the table's language, without Python lists or cent JSON, and never
stopping with an internal error on a stored row it cannot read."""

import json
import sqlite3
import threading

import pytest

from tests.conftest import tamper_sqlite

FIVE = ["Anna", "Ben", "Cora", "Dora", "Emil"]
STOCK = {'all_pass = "redeal"': 'all_pass = "stock"'}


# -- click and the usage line -------------------------------------------------------------------

def test_a_close_match_for_an_unknown_command_in_german(make_table):
    r = make_table(language="de").run("standing")
    assert r.exit_code == 2
    assert "Fehler: Einen Befehl 'standing' gibt es nicht. Meintest du 'standings'?" in r.stderr, r.stderr
    assert "Did you mean" not in r.stderr and "No such command" not in r.stderr
    en = make_table(language="en", name="en").run("standing")
    assert "Error: No such command 'standing'. Did you mean 'standings'?" in en.stderr, en.stderr


def test_the_usage_lines_placeholders_in_german(make_table):
    t = make_table(language="de")
    assert "Aufruf: schafkopf void [OPTIONEN] SPIELNUMMER" in t.run("void").stderr
    assert "Aufruf: schafkopf add [OPTIONEN] SPIEL [WÖRTER]..." in t.run("add").stderr
    assert "Aufruf: schafkopf [OPTIONEN] BEFEHL [ARGUMENTE]..." in t.run("sheeet").stderr
    assert "OPTIONS" not in t.run("add").stderr
    assert "Usage: schafkopf void [OPTIONS] HAND" in make_table(language="en", name="en").run("void").stderr


# -- tomllib's words -----------------------------------------------------------------------------

@pytest.mark.parametrize("language", ["de", "en"])
def test_a_table_file_that_is_no_toml_in_the_tables_language(make_table, language):
    t = make_table(language=language)
    lines = t.path.read_text(encoding="utf-8").splitlines()
    lines.append("kasse = = 3")
    t.path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = t.run("sheet")
    assert r.exit_code == 2
    where = f"(Zeile {len(lines)}, Spalte 9)" if language == "de" else f"(line {len(lines)}, column 9)"
    assert where in r.stderr, r.stderr
    assert ("ungültiger Wert" if language == "de" else "a value that is not valid") in r.stderr, r.stderr
    assert "Invalid value" not in r.stderr and "at line" not in r.stderr


# -- a read-only ledger --------------------------------------------------------------------------

@pytest.fixture
def read_only(monkeypatch):
    """The ledger opened as a file that may not be written (as a file without write permission
    is, which a test run as root cannot make)."""
    connect = sqlite3.connect

    def read_only_connect(database, *args, **kwargs):
        if isinstance(database, str) and "mode=rw" in database:
            database = database.replace("mode=rw", "mode=ro")
        return connect(database, *args, **kwargs)

    return lambda: monkeypatch.setattr(sqlite3, "connect", read_only_connect)


@pytest.mark.parametrize("language", ["de", "en"])
def test_a_read_only_ledger_in_the_readers_language(make_table, read_only, language):
    t = make_table(language=language)
    t.ok("add", "wenz", "an", "70")
    read_only()
    r = t.run("add", "wenz", "be", "70")
    assert r.exit_code == 2
    assert "attempt to write a readonly database" not in r.stderr or language == "en"
    if language == "de":
        assert "schreibgeschützte Datenbank" in r.stderr and "Dateirechte" in r.stderr, r.stderr
    else:
        assert "file permissions" in r.stderr, r.stderr
    assert "restore a backup" not in r.stderr and "Sicherung" not in r.stderr  # not the hint for a damaged ledger


# -- game names ----------------------------------------------------------------------------------

def test_a_german_sheepshead_sheet_has_no_english_pick(make_table):
    t = make_table(family="sheepshead", players=FIVE, language="de")
    t.ok("add", "pick", "--picker", "Ben", "--partner", "Emil", "--points", "94")
    for args in ((), ("--compact",)):
        out = t.ok("sheet", *args).stdout
        assert "Pick" not in out and "Aufn" in out, out


def test_the_deutscher_draw_is_one_word_per_language(make_table):
    for language, word, other in (("en", "Draw", "Lot"), ("de", "Los", "Draw")):
        t = make_table(family="deutscher", language=language, name=language)
        t.ok("draw", "--seed", "3") if "--seed" in t.ok("draw", "--help").stdout else t.ok("draw")
        for args in ((), ("--compact",)):
            out = t.ok("sheet", *args).stdout
            assert word in out and other not in out, out


def test_english_stats_and_history_name_games_without_articles(make_table):
    t = make_table(family="wendish", language="en")
    t.ok("add", "normal", "--player", "Ben", "--partner", "Cora", "--augen", "50")
    out = t.ok("stats").stdout
    assert "Normal" in out and "a normal game" not in out, out
    bav = make_table(language="en", replace=STOCK, name="bav")
    bav.ok("add", "weiter")
    bav.ok("undo")
    bav.ok("add", "weiter")
    assert "All passed" in bav.ok("stats").stdout
    history = bav.ok("sheet", "--history").stdout
    assert "(All passed)" in history and "everyone passed" not in history and "Weiter" not in history, history


def test_an_english_farbwenz_tout_says_tout_once(make_table):
    t = make_table(language="en")
    t.ok("add", "farbwenz", "--suit", "eichel", "--player", "Anna", "--tout", "--won")
    for args in ((), ("--compact",)):
        out = t.ok("sheet", *args).stdout
        assert "A-Wenz tout" in out and "tout tout" not in out, out


def test_the_balances_hint_of_an_english_table_writes_english_numbers(make_table):
    r = make_table(language="en").run("settle", "--from-balances", "Anna=x")
    assert r.exit_code == 2
    assert "Anna=3.40,Ben=-1.15" in r.stderr and "3,40" not in r.stderr, r.stderr
    de = make_table(language="de", name="de").run("settle", "--from-balances", "Anna=x")
    assert "Anna=3,40,Ben=-1,15" in de.stderr, de.stderr


# -- check ---------------------------------------------------------------------------------------

def tampered(t, sql, *params):
    """Change a stored row behind the program's back (the guards dropped and made again)."""
    tamper_sqlite(t.ledger_path, sql, *params)


@pytest.mark.parametrize("language", ["de", "en"])
def test_check_names_facts_in_words(make_table, language):
    t = make_table(language=language)
    t.ok("add", "sau", "an", "be", "72")
    t.ok("add", "wenz", "co", "70")
    tampered(t, "UPDATE games SET outcome = json_set(outcome, '$.declarers', json('[\"Dora\"]')) WHERE hand = 1")
    tampered(t, "UPDATE games SET payouts = json_set(payouts, '$.Cora', -50, '$.Dora', 150) WHERE hand = 2")
    r = t.run("check")
    assert r.exit_code == 1
    out = r.stdout
    if language == "de":
        assert "Abend 1, Spiel 1: Nachrechnen ergibt die Spielmacher Anna und Ben, gespeichert Dora" in out, out
        assert "Nachrechnen ergibt Anna -0,50 €, Ben -0,50 €, Cora +1,50 €, Dora -0,50 €" in out, out
    else:
        assert "session 1, hand 1: replay gives the declarers Anna and Ben, stored Dora" in out, out
        assert "replay gives Anna -€0.50, Ben -€0.50, Cora +€1.50, Dora -€0.50" in out, out
    for raw in ("declarers ", "[", "'", "{", '"'):
        assert raw not in out.replace("the declarers ", ""), (raw, out)
    problems = json.loads(t.run("check", "--json").stdout)["problems"]
    assert [p["hand"] for p in problems] == [1, 2]


@pytest.mark.parametrize("language", ["de", "en"])
def test_check_reports_an_unreadable_row_as_a_problem_of_its_session(make_table, language):
    t = make_table(language=language)
    t.ok("add", "wenz", "an", "70")
    t.ok("settle", "--close")
    t.ok("add", "wenz", "be", "70")
    tampered(t, "UPDATE games SET entry = '{not json' WHERE session_id = 2")
    r = t.run("check", "--full")
    assert r.exit_code == 1, (r.stdout, r.stderr)
    assert "Interner Fehler" not in r.output and "Internal error" not in r.output
    assert "JSONDecodeError" not in r.output
    line = {"de": "Abend 2: eine gespeicherte Zeile lässt sich nicht lesen: ihr Text ist kein gültiges JSON",
            "en": "session 2: a stored row cannot be read: its text is no valid JSON"}[language]
    assert r.stdout.startswith(line), r.stdout
    data = json.loads(t.run("check", "--json", "--full").stdout)
    assert [(p["session"], p["hand"]) for p in data["problems"]] == [(2, None)]
    assert data["problems"][0]["problem"].startswith(line.split(": ", 1)[1])


@pytest.mark.parametrize("language", ["de", "en"])
def test_check_json_on_a_damaged_ledger_is_json(make_table, language):
    t = make_table(language=language)
    t.ok("add", "wenz", "an", "70")
    t.ledger_path.write_bytes(b"this is no database at all" * 100)
    r = t.run("check", "--json")
    assert r.exit_code == 2
    data = json.loads(r.stdout)
    assert data["problems"] == []
    assert ("beschädigt" if language == "de" else "damaged") in data["error"], data
    assert data["hint"]
    assert r.stderr.startswith("Fehler: " if language == "de" else "Error: ")


def test_check_json_on_a_busy_ledger_is_json(make_table, monkeypatch):
    t = make_table(language="de")
    t.ok("add", "wenz", "an", "70")
    monkeypatch.setenv("SCHAFKOPF_BUSY_TIMEOUT", "0.2")
    locked, release = threading.Event(), threading.Event()

    def hold() -> None:
        con = sqlite3.connect(t.ledger_path, isolation_level=None)
        con.execute("BEGIN EXCLUSIVE")
        locked.set()
        release.wait(10)
        con.execute("ROLLBACK")
        con.close()

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert locked.wait(5)
        r = t.run("check", "--json")
    finally:
        release.set()
        holder.join()
    assert r.exit_code == 2, (r.stdout, r.stderr)
    data = json.loads(r.stdout)
    assert "belegt" in data["error"] and data["problems"] == [], data
