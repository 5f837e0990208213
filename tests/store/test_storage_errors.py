"""Storage failures reach the user as the ledger's own refusal (``StorageError``, made where the
store meets the database): a damaged SQLite file on ``add``, ``sheet``, ``check`` and in ``play``,
a statement PostgreSQL refuses. Exit status 2, the message in the table's language, no traceback,
nothing recorded."""

import json
import sqlite3

import pytest

UNUSABLE = ("Fehler: Das Spielbuch kann nicht benutzt werden: das Abbild der Datenbank ist beschädigt.\n"
            "Es blieb unverändert. Ist es beschädigt, spiel eine Sicherung zurück; ist es belegt, versuch es noch einmal.\n")


def damage_games(t):
    """Overwrite the page that holds the ``games`` table's rows: the file still opens, its schema
    and ``meta`` read, but every statement that reads a game meets a malformed page."""
    con = sqlite3.connect(t.ledger_path)
    page_size = con.execute("PRAGMA page_size").fetchone()[0]
    root = con.execute("SELECT rootpage FROM sqlite_master WHERE name = 'games'").fetchone()[0]
    con.close()
    with open(t.ledger_path, "r+b") as f:
        f.seek((root - 1) * page_size)
        f.write(b"\xff" * page_size)
    return t.ledger_path.read_bytes()


@pytest.fixture
def damaged(make_table):
    t = make_table()
    t.ok("add", "sau", "an", "be", "72")
    t.ok("add", "wenz", "co", "70")
    before = damage_games(t)
    yield t
    assert t.ledger_path.read_bytes() == before  # never touched


@pytest.mark.parametrize("args", [["sheet"], ["add", "wenz", "do", "70"], ["check"], ["check", "--full"],
                                  ["settle"], ["stats", "--all"]])
def test_a_damaged_sqlite_file_is_refused_with_exit_2_and_its_words(damaged, args):
    r = damaged.run(*args)
    assert r.exit_code == 2, r.output
    assert r.stderr == UNUSABLE
    assert r.stdout == ""
    assert r.exception is None or isinstance(r.exception, SystemExit)  # no traceback


def test_check_json_on_a_damaged_sqlite_file_answers_in_json(damaged):
    r = damaged.run("check", "--json")
    assert r.exit_code == 2
    assert json.loads(r.stdout) == {
        "problems": [], "error": "Das Spielbuch kann nicht benutzt werden: das Abbild der Datenbank ist beschädigt.",
        "hint": "Es blieb unverändert. Ist es beschädigt, spiel eine Sicherung zurück; ist es belegt, versuch es "
                "noch einmal."}
    assert r.stderr == UNUSABLE


def test_play_on_a_damaged_sqlite_file_refuses_each_line_and_goes_on(damaged):
    r = damaged.run("play", input="wenz do 70\nsheet\n")
    assert r.exit_code == 2
    fault = (f"Fehler: {damaged.ledger_path} kann nicht geschrieben werden: das Abbild der Datenbank ist beschädigt. "
             "Diese Zeile wurde nicht eingetragen.\nBehebe das (Platz auf der Platte, die Rechte der Datei) und tipp "
             "die Zeile noch einmal; die Sitzung läuft weiter.\n")
    assert r.stderr.count(fault) == 2, r.stderr  # both lines, the session went on after the first
    assert "Traceback" not in r.output


@pytest.fixture
def pg_table(make_table, pg_url):
    """A table whose ledger is a fresh PostgreSQL schema, with two hands, and its address."""
    t = make_table()
    t.path.write_text(f'ledger = "{pg_url}"\n' + t.path.read_text(encoding="utf-8"), encoding="utf-8")
    t.ok("add", "sau", "an", "be", "72")
    t.ok("add", "wenz", "co", "70")
    return t, pg_url


def change_behind_the_programs_back(url):
    """A column of the early payouts renamed by hand: every statement that reads it is refused."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("ALTER TABLE payments RENAME COLUMN amounts TO amounts_old")


REFUSED = ('Fehler: Die Datenbank des Spielbuchs hat die Anfrage abgelehnt: column "amounts" does not exist\n'
           "Es wurde nichts eingetragen. Wurden Zeilen des Spielbuchs von Hand geändert, prüft es mit schafkopf check.\n")


@pytest.mark.parametrize("args", [["sheet"], ["add", "wenz", "do", "70"], ["check", "--full"], ["settle"]])
def test_a_statement_postgresql_refuses_is_refused_with_exit_2_and_its_words(pg_table, args):
    t, url = pg_table
    change_behind_the_programs_back(url)
    r = t.run(*args)
    assert r.exit_code == 2, r.output
    assert r.stderr == REFUSED
    assert r.exception is None or isinstance(r.exception, SystemExit)  # no traceback
    if args[0] == "add":  # nothing recorded
        import psycopg

        with psycopg.connect(url, autocommit=True) as conn:
            assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == 2


def test_play_refuses_a_line_postgresql_refuses_and_goes_on(pg_table):
    t, url = pg_table
    change_behind_the_programs_back(url)
    r = t.run("play", input="wenz do 70\nsheet\n")
    assert r.exit_code == 2
    fault = ("Fehler: postgresql://{where} kann nicht geschrieben werden: column \"amounts\" does not exist. "
             "Diese Zeile wurde nicht eingetragen.\nBehebe das (Platz auf der Platte, die Rechte der Datei) und tipp "
             "die Zeile noch einmal; die Sitzung läuft weiter.\n")
    from schafkopf_score.files import redacted

    assert r.stderr.count(fault.replace("postgresql://{where}", redacted(url))) == 2, r.stderr
