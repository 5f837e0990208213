"""The storage contract: every command behaves the same on both ledgers, the SQLite file and a
PostgreSQL database (a real server: tests/pgserver.py, or ``SCHAFKOPF_TEST_PG``).

Each test runs on both backends: the same commands as users type them give the same answers;
the database itself refuses to change or remove a row; ``export``/``import`` move a ledger from
one to the other and back without a difference; two writers at once lose and duplicate nothing;
a writer killed while it holds the lock leaves nothing behind and blocks nobody."""

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from schafkopf_score.ledger import open_ledger
from schafkopf_score.table import load_table
from tests.conftest import kill_at_random_moments

ROOT = Path(__file__).resolve().parents[2]
BACKENDS = ["sqlite", "postgresql"]


@pytest.fixture(params=BACKENDS)
def backend(request):
    return request.param


@pytest.fixture
def make_ledger_table(make_table, request):
    """``make_ledger_table(backend, **make_table_kw)``: a table whose ledger is the SQLite file
    beside it, or a fresh PostgreSQL schema."""

    def make(kind, **kw):
        t = make_table(**kw)
        if kind == "postgresql":
            url = request.getfixturevalue("pg_url")
            text = t.path.read_text(encoding="utf-8")
            t.path.write_text(f'ledger = "{url}"\n' + text, encoding="utf-8")
        return t

    return make


def ledger_of(t):
    return open_ledger(load_table(t.path))


# A short evening with every kind of row: games, an undo, an edit with restatements, a void, a
# closing, and a second session.
EVENING = [
    ("add", "sau", "an", "be", "72", "l3", "k"),
    ("add", "herzsolo", "co", "105", "l4"),
    ("add", "wenz", "do", "tout", "+", "l2"),
    ("undo",),
    ("add", "wenz", "be", "-"),
    ("edit", "1", "--augen", "80"),
    ("void", "2", "--reason", "falsch eingetragen"),
    ("add", "sau", "do", "an", "50"),
    ("settle", "--close"),
    ("add", "sau", "co", "do", "61"),
]


def play_evening(t):
    for args in EVENING:
        t.ok(*args)


def timeless(data):
    """A JSON answer without its moments (the two ledgers were written at different times)."""
    if isinstance(data, dict):
        return {k: timeless(v) for k, v in data.items() if not k.endswith("_at") and k not in ("at", "path", "ledger")}
    if isinstance(data, list):
        return [timeless(v) for v in data]
    return data


def answers(t):
    out = {args: timeless(t.json(*args)) for args in (
        ("sheet",), ("sheet", "--session", "1"), ("standings",), ("settle", "--all"), ("standings", "--all"),
        ("stats",), ("check", "--full"))}
    out[("check", "--full")].pop("marked")  # an import marks what it replayed; a ledger played into does not yet
    return out


def test_every_command_answers_the_same_on_both_ledgers(make_ledger_table):
    tables = {kind: make_ledger_table(kind, name=kind) for kind in BACKENDS}
    for t in tables.values():
        play_evening(t)
    sqlite, pg = (answers(tables[k]) for k in BACKENDS)
    assert sqlite == pg
    # and the texts users read
    for args in (("sheet",), ("settle",), ("sheet", "--history")):
        texts = [[line.replace(k, "T").strip() for line in tables[k].ok(*args).stdout.splitlines()] for k in BACKENDS]
        if args == ("sheet", "--history"):  # times of day differ
            texts = [[line.split("  ", 1)[-1] for line in x] for x in texts]
        assert texts[0] == texts[1], args


# The life of a table on both ledgers: players joining, paid out early, leaving, renamed, a
# closed session reopened and closed again.
LIFE = [
    ("add", "sau", "an", "be", "72"),
    ("player", "add", "Maxi", "--after", "Ben"),
    ("add", "wenz", "co", "70"),
    ("settle", "--player", "Cora"),
    ("player", "leave", "Cora"),
    ("add", "sau", "ma", "do", "61"),
    ("player", "rename", "Ben", "Benedikt"),
    ("add", "herzsolo", "bene", "95"),
    ("settle", "--close"),
    ("settle", "--reopen", "1", "--reason", "Hand 1 war ein Solo"),
    ("edit", "1", "solo", "--player", "Anna", "--suit", "eichel", "--augen", "70", "--yes"),
    ("settle", "--close"),
]


def test_the_life_of_a_table_is_the_same_on_both_ledgers(make_ledger_table):
    tables = {kind: make_ledger_table(kind, name=kind) for kind in BACKENDS}
    for t in tables.values():
        for args in LIFE:
            t.ok(*args)
        r = t.run("play", input="sau an ma 72\nundo\nwenz do 70 l2\nsheet\n")  # the live session
        assert r.exit_code == 0, r.output
    sqlite, pg = (answers(tables[k]) for k in BACKENDS)
    assert sqlite == pg
    players = [timeless(tables[k].json("player", "list")) for k in BACKENDS]
    assert players[0] == players[1]


def test_the_database_refuses_to_change_or_remove_a_row(make_ledger_table, backend):
    t = make_ledger_table(backend)
    play_evening(t)
    before = t.json("sheet")
    ledger = ledger_of(t)
    statements = ["UPDATE games SET stock = 1", "DELETE FROM games", "DELETE FROM closings",
                  "UPDATE sessions SET opened_at = 'x'", "DELETE FROM rulesets"]
    if backend == "postgresql":
        statements.append("TRUNCATE restatements")
    for sql in statements:
        with pytest.raises(ledger.errors) as caught:
            ledger.conn.execute(sql)
        assert "append-only" in str(caught.value)
        if ledger.conn.in_transaction:
            ledger.conn.execute("ROLLBACK")
    ledger.close()
    assert t.json("sheet") == before
    assert t.json("check")["problems"] == []


def test_import_and_export_move_a_ledger_between_backends_unchanged(make_ledger_table, tmp_path, pg_url):
    first = make_ledger_table("sqlite", name="first")
    play_evening(first)
    first.ok("export", "--format", "json", "--all", "--out", str(tmp_path / "a.json"))
    pg = make_ledger_table("postgresql", name="second")
    r = pg.ok("import", str(tmp_path / "a.json"))
    # every game row, the voided and replaced ones included, into the database the table names
    assert r.stdout == f"7 Spielzeilen in {pg_url} eingelesen.\n"
    pg.ok("export", "--format", "json", "--all", "--out", str(tmp_path / "b.json"))
    back = make_ledger_table("sqlite", name="third")
    back.ok("import", str(tmp_path / "b.json"))
    back.ok("export", "--format", "json", "--all", "--out", str(tmp_path / "c.json"))
    a, b, c = (json.loads((tmp_path / f"{x}.json").read_text()) for x in "abc")
    for d in (a, b, c):
        d.pop("exported_at")
        d["table"].pop("name")
    assert a == b == c
    assert answers(first) == answers(pg) == answers(back)
    # the same rows give the same fingerprints on both databases: a check mark means the same
    # (an import numbers the voids and restatements anew, so the first ledger's differ)
    prints = [ledger_of(t).fingerprints() for t in (pg, back)]
    assert prints[0] == prints[1] and len(prints[0]) == 2
    assert pg.json("check", "--full")["problems"] == []
    # and the moved ledger goes on as the first one would, into a session of its own too (the
    # import gave the ids: the database's own count goes on after them)
    for t in (first, pg):
        t.ok("add", "wenz", "be", "61")
    assert answers(first) == answers(pg)
    for t in (first, pg):
        t.ok("settle", "--close")
        t.ok("add", "sau", "an", "be", "72")
    assert answers(first) == answers(pg)


def test_an_unreachable_server_is_a_clear_error_and_nothing_more(make_table):
    t = make_table(language="en")
    text = t.path.read_text(encoding="utf-8")
    t.path.write_text('ledger = "postgresql://anna:geheim@127.0.0.1:1/schafkopf"\n' + text, encoding="utf-8")
    for args in (("add", "sau", "an", "be", "72"), ("sheet",), ("check",), ("settle", "--close")):
        r = t.run(*args)
        assert r.exit_code == 2, (args, r.output)
        assert r.stderr.startswith("Error: The ledger's database postgresql://anna:***@127.0.0.1:1/schafkopf "
                                   "cannot be reached: "), r.stderr
        assert "Check the ledger line of the table file" in r.stderr
        assert "geheim" not in r.output and "Traceback" not in r.output
    de = t.path.read_text(encoding="utf-8").replace('language = "en"', 'language = "de"')
    t.path.write_text(de, encoding="utf-8")
    r = t.run("sheet")
    assert r.exit_code == 2
    assert r.stderr.startswith("Fehler: Die Datenbank des Spielbuchs postgresql://anna:***@127.0.0.1:1/schafkopf "
                               "ist nicht erreichbar: "), r.stderr
    assert not t.path.with_suffix(".sqlite").exists()


def with_ledger(t, url):
    text = t.path.read_text(encoding="utf-8")
    t.path.write_text(f'ledger = "{url}"\n' + text, encoding="utf-8")
    return t


def test_a_schema_with_another_programs_tables_is_left_alone(make_table, pg_server, pg_url):
    import psycopg

    schema = pg_url.rsplit("%3D", 1)[1]
    with psycopg.connect(pg_server, autocommit=True) as conn:
        conn.execute(f"CREATE TABLE {schema}.games (x int)")
    t = with_ledger(make_table(language="en"), pg_url)
    for args in (("add", "sau", "an", "be", "72"), ("sheet",)):
        r = t.run(*args)
        assert r.exit_code == 2
        assert r.stderr == (f"Error: The database schema of {pg_url} holds tables of another program (games).\n"
                            "It was left as it is; give the ledger a schema of its own in the ledger line "
                            "(?options=-csearch_path%3Dname).\n")
    with psycopg.connect(pg_server, autocommit=True) as conn:
        tables = conn.execute("SELECT table_name FROM information_schema.tables WHERE table_schema = %s",
                              (schema,)).fetchall()
    assert tables == [("games",)]


def test_a_role_that_may_not_write_is_refused_cleanly(make_table, pg_server, pg_url):
    import secrets

    import psycopg

    schema = pg_url.rsplit("%3D", 1)[1]
    role = f"r_{secrets.token_hex(4)}"
    with psycopg.connect(pg_server, autocommit=True) as conn:
        conn.execute(f"CREATE ROLE {role} LOGIN")
        conn.execute(f"GRANT USAGE ON SCHEMA {schema} TO {role}")
    t = with_ledger(make_table(language="en"), pg_url.replace("postgresql://postgres@", f"postgresql://{role}@"))
    r = t.run("add", "sau", "an", "be", "72")
    assert r.exit_code == 2
    shown = pg_url.replace("postgresql://postgres@", f"postgresql://{role}@")
    assert r.stderr == (f"Error: The ledger's database {shown} may not be written: permission denied for schema "
                        f"{schema}\n" + READ_ONLY_HINT)
    assert "Traceback" not in r.output


READ_ONLY_HINT = ("Nothing was recorded. Give the user of the ledger line the right to write there (GRANT INSERT, "
                  "CREATE ... TO user), and name the database's main server, not a copy that is only read; then "
                  "try again.\n")


@pytest.fixture
def read_only_database(pg_server):
    """A database of its own for one test, as a ledger line's address, and ``read_only(on)``,
    which makes it take no writes (as a standby does) or write again; dropped at the end."""
    import secrets

    import psycopg

    db = f"ro_{secrets.token_hex(4)}"
    with psycopg.connect(pg_server, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {db}")

    def read_only(on):
        with psycopg.connect(pg_server, autocommit=True) as conn:
            conn.execute(f"ALTER DATABASE {db} SET default_transaction_read_only = {'on' if on else 'off'}")

    yield pg_server.rsplit("/", 1)[0] + f"/{db}", read_only
    with psycopg.connect(pg_server, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {db} WITH (FORCE)")


def test_a_database_that_takes_no_writes_says_so(make_table, read_only_database):
    """A read-only database (a standby, default_transaction_read_only) is named as such, with how
    to fix it, not as rows changed by hand; nothing is recorded, and it still reads."""
    url, read_only = read_only_database
    t = with_ledger(make_table(language="en"), url)
    t.ok("add", "sau", "an", "be", "72")
    read_only(True)
    for args in (("add", "wenz", "co", "80"), ("undo",), ("settle", "--close")):
        r = t.run(*args)
        assert r.exit_code == 2, args
        assert r.stderr == (f"Error: The ledger's database {url} may not be written: cannot execute INSERT in "
                            "a read-only transaction\n" + READ_ONLY_HINT), args
    assert t.json("standings")["balances"] == {"Anna": 10, "Ben": 10, "Cora": -10, "Dora": -10}
    read_only(False)
    t.ok("add", "wenz", "co", "80")


def test_no_password_ever_shows(make_table):
    """Neither form of password (user:pw@ and ?password=) shows in a message or in rules, not even
    inside the driver's own words (which quote the address)."""
    t = make_table(language="en")
    body = t.path.read_text(encoding="utf-8")
    for url in ("postgresql://anna:s3cr3tpw@127.0.0.1:1/schafkopf",
                "postgresql://anna@127.0.0.1:1/schafkopf?password=s3cr3tpw&foo=bar",
                "postgresql://anna:s3cr3tpw@[::1:1/schafkopf"):
        t.path.write_text(f'ledger = "{url}"\n' + body, encoding="utf-8")
        r = t.run("sheet")
        assert r.exit_code == 2 and "cannot be reached" in r.stderr, r.stderr
        assert "s3cr3tpw" not in r.output and "***" in r.stderr
        shown = t.json("rules")["ledger"]
        assert "s3cr3tpw" not in shown and "***" in shown



@pytest.mark.parametrize("address, shown", [
    ("postgresql://anna:qx@zv#wk?jy@127.0.0.1:1/schafkopf", "postgresql://anna:***@127.0.0.1:1/schafkopf"),
    ("postgresql://anna:qx7@zv/wk9@127.0.0.1:1/schafkopf", "postgresql://anna:***@127.0.0.1:1/schafkopf"),
    ("postgresql://anna:q@zvwk@127.0.0.1:1/schafkopf", "postgresql://anna:***@127.0.0.1:1/schafkopf"),
    ("postgresql://anna@127.0.0.1:1/schafkopf?password=qx7&zvwk9", "postgresql://anna@127.0.0.1:1/schafkopf?password=***"),
    ("postgresql://anna@127.0.0.1:1/schafkopf?password=qx7 zvwk9&sslmode=disable",
     "postgresql://anna@127.0.0.1:1/schafkopf?password=***&sslmode=disable"),
])
def test_a_password_with_a_character_left_unencoded_never_shows(make_table, address, shown):
    """A password typed into the address as it is (its ``@``, ``#``, ``?``, ``/``, ``&`` or a
    space not percent-encoded): the driver reads the address otherwise and quotes pieces of it,
    and no piece of the password shows, nor is the rest of the message garbled."""
    t = make_table(language="en")
    body = t.path.read_text(encoding="utf-8")
    t.path.write_text(f'ledger = "{address}"\n' + body, encoding="utf-8")
    r = t.run("sheet")
    assert r.exit_code == 2 and r.stderr.startswith(f"Error: The ledger's database {shown} cannot be reached"), r.stderr
    password = re.search(r"anna:(.*)@|password=(.*?)(&sslmode|$)", address)
    pieces = [p for p in re.split(r"[@#?/:& ]", password.group(1) or password.group(2)) if len(p) > 1]
    assert pieces and not [p for p in pieces if p in r.output], r.output
    assert "Traceback" not in r.output
    assert t.json("rules")["ledger"] == shown

@pytest.mark.parametrize("line, shown", [
    ("host=db port=5432 user=anna password=s3cr3tpw", "host=db port=5432 user=anna password=***"),
    ("mysql://anna@db/schafkopf", "mysql://anna@db/schafkopf"),
])
def test_a_ledger_line_that_is_no_file_and_no_postgresql_address_is_refused(make_table, line, shown):
    t = make_table(language="en")
    t.path.write_text(f'ledger = "{line}"\n' + t.path.read_text(encoding="utf-8"), encoding="utf-8")
    r = t.run("sheet")
    assert r.exit_code == 2
    assert r.stderr == (f"Error: {t.path}, line 1: ledger '{shown}' is neither a file nor a postgresql:// "
                        "address.\nGive a file name (the SQLite ledger) or an address "
                        "postgresql://user:password@host:port/database.\n")
    assert list(t.path.parent.iterdir()) == [t.path]  # no file made of the line


def test_the_address_scheme_may_be_written_in_capitals(make_ledger_table, pg_url):
    t = make_ledger_table("sqlite")
    t.path.write_text(f'ledger = "{pg_url.replace("postgresql://", "PostgreSQL://")}"\n'
                      + t.path.read_text(encoding="utf-8"), encoding="utf-8")
    t.ok("add", "sau", "an", "be", "72")
    assert not t.path.with_suffix(".sqlite").exists()
    assert t.json("rules")["ledger"] == pg_url


@pytest.mark.parametrize("schema", ["Club-A", 'Dien"stag', "Mittwoch ü"])
def test_a_schema_whose_name_needs_quotes_keeps_a_whole_ledger(make_table, pg_server, schema):
    """A schema named with capitals, a hyphen, a double quote or a space (given quoted in the
    address) holds a ledger like any other: undo, edit and check find its guards by its name."""
    from urllib.parse import quote

    import psycopg

    quoted = '"' + schema.replace('"', '""') + '"'
    with psycopg.connect(pg_server, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA IF EXISTS {quoted} CASCADE")
        conn.execute(f"CREATE SCHEMA {quoted}")
    joiner = "&" if "?" in pg_server else "?"
    # libpq's options: a space in a value is escaped with a backslash
    value = quoted.replace(" ", "\\ ")
    t = with_ledger(make_table(language="en"), f"{pg_server}{joiner}options=-csearch_path%3D{quote(value, safe='')}")
    play_evening(t)
    assert t.ok("check").stdout == "OK: 2 sessions, 4 hands checked.\n"
    with psycopg.connect(pg_server, autocommit=True) as conn:
        conn.execute(f"DROP TRIGGER games_no_change ON {quoted}.games")
    r = t.run("check")
    assert r.exit_code == 1
    assert r.stdout == ("the ledger: the append-only guards games_no_change are missing: rows can be changed or "
                        "removed without a trace\n")


def test_a_schema_that_does_not_exist_is_named(make_table, pg_server):
    t = with_ledger(make_table(language="en"), f"{pg_server}?options=-csearch_path%3Dnowhere")
    r = t.run("add", "sau", "an", "be", "72")
    assert r.exit_code == 2
    assert r.stderr == (f"Error: The ledger's database {pg_server}?options=-csearch_path%3Dnowhere has no schema to "
                        "keep the ledger in (search_path: nowhere).\nCreate the schema first (CREATE SCHEMA name), or "
                        "name one that exists in the ledger line; nothing was recorded.\n")


def test_a_table_and_a_tournament_never_share_a_ledger(make_ledger_table, backend, tmp_path):
    from schafkopf_score.cli.app import app
    from tests.conftest import CliRunner

    t = make_ledger_table(backend, language="en")
    cup = tmp_path / "cup.toml"
    r = CliRunner().invoke(app, ["tournament", "new", str(cup), "--players", "Anna,Ben,Cora,Dora", "--language",
                                 "en"])
    assert r.exit_code == 0, r.output
    first = t.path.read_text(encoding="utf-8").splitlines()[0]
    ledger_line = first if first.startswith("ledger") else f'ledger = "{t.path.with_suffix(".sqlite").name}"'
    cup.write_text(ledger_line + "\n" + cup.read_text(encoding="utf-8"), encoding="utf-8")
    t.ok("add", "sau", "an", "be", "72")
    r = CliRunner().invoke(app, ["--table", str(cup), "tournament", "draw"])
    assert r.exit_code == 2
    where = ledger_of(t).where
    assert r.stderr == (f"Error: The ledger {where} holds a table's evenings, and this table file is a tournament's."
                        "\nGive the tournament a ledger of its own (the ledger line).\n")
    # and a tournament's export is not read into a table, nor a table's into a tournament
    t.ok("export", "--format", "json", "--all", "--out", str(tmp_path / "table.json"))
    fresh = tmp_path / "fresh.toml"
    CliRunner().invoke(app, ["tournament", "new", str(fresh), "--players", "Anna,Ben,Cora,Dora", "--language", "en"])
    r = CliRunner().invoke(app, ["--table", str(fresh), "import", str(tmp_path / "table.json")])
    assert r.exit_code == 2
    assert r.stderr == ("Error: This export is of a table's evenings; this table file is a tournament's.\n"
                        'Import it with a table file of the same kind (kind = "table" or "tournament"); nothing was '
                        "imported.\n")
    assert not fresh.with_suffix(".sqlite").exists()


def test_a_table_of_another_family_on_the_ledger_is_told_how_to_get_its_own(make_ledger_table, backend):
    """Two tables of a club pointed at one ledger: the second family is refused, and told how a
    table gets a ledger of its own on its database (a file; on PostgreSQL a schema)."""
    t = make_ledger_table(backend, language="en", name="wednesday")
    t.ok("add", "sau", "an", "be", "72")
    first = t.path.read_text(encoding="utf-8").splitlines()[0]
    ledger_line = first if first.startswith("ledger") else 'ledger = "wednesday.sqlite"'
    other = make_ledger_table("sqlite", language="en", family="sheepshead", players=["Anna", "Ben", "Cora", "Dora",
                                                                                     "Emil"], name="friday")
    other.path.write_text(ledger_line + "\n" + other.path.read_text(encoding="utf-8"), encoding="utf-8")
    r = other.run("add", "pick", "--picker", "Ben", "--partner", "Emil", "--points", "94")
    assert r.exit_code == 2
    own = ("give this table its own ledger (ledger = \"other.sqlite\")" if backend == "sqlite" else
           "give this table a schema of its own in the ledger line (?options=-csearch_path%3Dname)")
    assert r.stderr == (f'Error: The ledger {ledger_of(t).where} holds bavarian games, but the table file says '
                        f'family = "sheepshead".\nSet family = "bavarian" again, or {own}; the ledger was left as '
                        "it is.\n")


def test_rules_names_the_database_without_its_password(make_ledger_table, pg_url):
    t = make_ledger_table("sqlite")
    secret = pg_url.replace("postgresql://postgres@", "postgresql://postgres:geheim@")
    t.path.write_text(f'ledger = "{secret}"\n' + t.path.read_text(encoding="utf-8"), encoding="utf-8")
    shown = t.json("rules")["ledger"]
    assert shown == pg_url.replace("postgresql://postgres@", "postgresql://postgres:***@")


def test_a_refused_first_entry_leaves_no_ledger_behind(make_ledger_table, backend):
    t = make_ledger_table(backend)
    r = t.run("add", "sau", "an", "an", "72")
    assert r.exit_code == 2
    ledger = ledger_of(t)
    assert ledger.conn is None  # neither a file nor the tables in the database
    ledger.close()
    t.ok("add", "sau", "an", "be", "72")
    assert [h["hand"] for h in t.json("sheet")["sessions"][0]["hands"]] == [1]


def test_check_reports_a_dropped_guard(make_ledger_table, backend):
    t = make_ledger_table(backend, language="en")
    t.ok("add", "sau", "an", "be", "72")
    assert t.run("check").exit_code == 0
    trigger = "games_no_update" if backend == "sqlite" else "games_no_change ON games"
    ledger = ledger_of(t)
    ledger.conn.execute(f"DROP TRIGGER {trigger}")
    ledger.close()
    r = t.run("check")
    assert r.exit_code == 1
    name = trigger.split()[0]
    assert r.stdout == (f"the ledger: the append-only guards {name} are missing: rows can be changed or removed "
                        "without a trace\n")
    r = t.run("check", "--json")
    assert r.exit_code == 1
    assert json.loads(r.stdout)["problems"] == [
        {"session": None, "hand": None,
         "problem": f"the append-only guards {name} are missing: rows can be changed or removed without a trace"}]


def test_check_reports_a_guard_that_no_longer_refuses(make_ledger_table, backend):
    """A guard made toothless under its own name (SQLite: a trigger that does nothing; PostgreSQL:
    the guards' function replaced by one that lets every change through) counts as missing."""
    t = make_ledger_table(backend, language="en")
    t.ok("add", "sau", "an", "be", "72")
    ledger = ledger_of(t)
    if backend == "sqlite":
        ledger.conn.execute("DROP TRIGGER games_no_delete")
        ledger.conn.execute("CREATE TRIGGER games_no_delete BEFORE DELETE ON games BEGIN SELECT 1; END")
        name = "games_no_delete"
    else:
        ledger.conn.execute("CREATE OR REPLACE FUNCTION schafkopf_append_only() RETURNS trigger LANGUAGE plpgsql "
                            "AS $$ BEGIN RETURN OLD; END $$")
        name = "schafkopf_append_only()"
        ledger.conn.execute("UPDATE meta SET value = 'x' WHERE key = 'created_at'")  # now possible
    ledger.close()
    r = t.run("check")
    assert r.exit_code == 1
    assert r.stdout == (f"the ledger: the append-only guards {name} are missing: rows can be changed or removed "
                        "without a trace\n")


def test_the_database_guards_meta_too_on_postgresql(make_ledger_table):
    t = make_ledger_table("postgresql")
    t.ok("add", "sau", "an", "be", "72")
    ledger = ledger_of(t)
    for sql in ("UPDATE meta SET value = '99' WHERE key = 'schema_version'", "DELETE FROM meta WHERE key = 'family'",
                "TRUNCATE meta"):
        with pytest.raises(ledger.errors, match="append-only"):
            ledger.conn.execute(sql)
    ledger.close()


def test_a_tournament_on_either_ledger_checks_clean_and_moves_between_them(tmp_path, request):
    """A tournament: two tables of a round entering side by side (each its own open session),
    corrections, the ranking; ``check`` passes; export/import carries the rounds and tables."""
    from schafkopf_score.cli.app import app
    from tests.conftest import CliRunner

    def run(table, *args, input=None):
        r = CliRunner().invoke(app, ["--table", str(table), *args], input=input, env={"COLUMNS": "120"})
        assert r.exit_code == 0, (args, r.output)
        return r.stdout

    players = "Anna,Ben,Cora,Dora,Emil,Fritz,Gabi,Hans"
    tables = {}
    for kind in BACKENDS:
        path = tmp_path / f"{kind}.toml"
        run(path, "tournament", "new", str(path), "--players", players, "--rounds", "2", "--games", "4")
        if kind == "postgresql":
            path.write_text(f'ledger = "{request.getfixturevalue("pg_url")}"\n' + path.read_text(encoding="utf-8"),
                            encoding="utf-8")
        run(path, "tournament", "draw", "--seed", "7")
        seats = json.loads(run(path, "tournament", "tables", "--json"))["tables"]
        one, two = seats[0]["players"], seats[1]["players"]
        run(path, "add", "--tisch", "1", "sau", one[0], one[1], "72")
        run(path, "add", "--tisch", "2", "wenz", two[2], "70")
        run(path, "tournament", "enter", "--tisch", "2", "-", input=f"sau {two[0]} {two[1]} 50\nweiter\n")
        run(path, "undo", "--tisch", "1")
        run(path, "add", "--tisch", "1", "herzsolo", one[3], "95")
        # tournament events (issue 27): a withdrawal and a latecomer, recorded on either ledger
        run(path, "tournament", "player", "withdraw", one[0], "--reason", "ill")
        run(path, "tournament", "player", "add", "Ida")
        tables[kind] = path
    rankings = [json.loads(run(tables[k], "tournament", "ranking", "--json")) for k in BACKENDS]
    assert rankings[0] == rankings[1]
    assert [r["player"] for r in rankings[0]["ranking"] if r["withdrawn"]] == [one[0]]
    assert [r["player"] for r in rankings[0]["ranking"] if r["joined"]] == ["Ida"]
    for k in BACKENDS:
        assert json.loads(run(tables[k], "check", "--json"))["problems"] == []
    run(tables["postgresql"], "export", "--format", "json", "--all", "--out", str(tmp_path / "t.json"))
    moved = tmp_path / "moved.toml"
    moved.write_text("\n".join(tables["sqlite"].read_text(encoding="utf-8").splitlines()) + "\n", encoding="utf-8")
    run(moved, "import", str(tmp_path / "t.json"))
    assert json.loads(run(moved, "tournament", "ranking", "--json")) == rankings[0]
    assert json.loads(run(moved, "tournament", "tables", "--json")) == json.loads(
        run(tables["postgresql"], "tournament", "tables", "--json"))
    assert json.loads(run(moved, "check", "--json"))["problems"] == []


def test_check_finds_a_tournament_table_reseated_behind_its_back(tmp_path, request, backend):
    """The seating of a round is part of the ledger: a table's players changed behind the
    program's back (a player now at two tables, hands played by others than the draw seated)
    is reported, and the fingerprint of that table's session changes."""
    from schafkopf_score.cli.app import app
    from tests.conftest import CliRunner

    path = tmp_path / "cup.toml"

    def run(*args):
        return CliRunner().invoke(app, ["--table", str(path), *args], env={"COLUMNS": "120"})

    assert run("tournament", "new", str(path), "--players", "Anna,Ben,Cora,Dora,Emil,Fritz,Gabi,Hans",
               "--rounds", "1", "--games", "4", "--language", "en").exit_code == 0
    if backend == "postgresql":
        path.write_text(f'ledger = "{request.getfixturevalue("pg_url")}"\n' + path.read_text(encoding="utf-8"),
                        encoding="utf-8")
    assert run("tournament", "draw", "--seed", "7").exit_code == 0
    seats = json.loads(run("tournament", "tables", "--json").stdout)["tables"]
    one, two = seats[0]["players"], seats[1]["players"]
    assert run("add", "--tisch", "1", "sau", one[0], one[1], "72").exit_code == 0
    assert json.loads(run("check", "--json").stdout)["problems"] == []
    ledger = ledger_of(type("T", (), {"path": path})())
    before = ledger.fingerprints()
    changed = json.dumps([two[0], *one[1:]])  # a player of table 2 now also at table 1
    if backend == "sqlite":
        ledger.close()
        from tests.conftest import tamper_sqlite

        tamper_sqlite(path.with_suffix(".sqlite"), "UPDATE round_tables SET players = ? WHERE tisch = 1", changed)
    else:
        ledger.conn.execute("ALTER TABLE round_tables DISABLE TRIGGER round_tables_no_change")
        ledger.conn.execute("UPDATE round_tables SET players = ? WHERE tisch = 1", (changed,))
        ledger.conn.execute("ALTER TABLE round_tables ENABLE TRIGGER round_tables_no_change")
        ledger.close()
    ledger = ledger_of(type("T", (), {"path": path})())
    after = ledger.fingerprints()
    ledger.close()
    session = seats[0]["session"]
    assert after[session] != before[session]
    r = run("check", "--json")
    assert r.exit_code == 1
    problems = json.loads(r.stdout)["problems"]
    assert {"session": None, "hand": None,
            "problem": f"round 1: {two[0]} is seated at more than one table (1, 2)"} in problems
    played, seated = ", ".join(one), ", ".join([two[0], *one[1:]])
    assert any(p["hand"] == 1 and p["problem"] == (f"the hand was played by {played}, but the draw seated {seated} "
                                                    "at this table") for p in problems), problems


def cli(table, *args):
    return [sys.executable, "-m", "schafkopf_score", "--table", str(table), *args]


WRITER = """
import sys
from pathlib import Path
from schafkopf_score.app import hands
from schafkopf_score.app.where import At
from schafkopf_score.ledger import open_ledger
from schafkopf_score.rules.model import GameEntry
from schafkopf_score.table import load_table

cfg = load_table(Path(sys.argv[1]))
for i in range(int(sys.argv[3])):
    ledger = open_ledger(cfg, create=True)  # a fresh connection each time, as a new command would
    hands.add_entry(At.evening(cfg, ledger), GameEntry("wenz", player=sys.argv[2], augen=70, comment=f"{sys.argv[2]}-{i}"))
    ledger.close()
print("done")
"""


def stored_comments(t):
    ledger = ledger_of(t)
    try:
        rows = ledger.conn.execute("SELECT entry, hand FROM games ORDER BY hand").fetchall()
    finally:
        ledger.close()
    return [json.loads(r[0]).get("comment") for r in rows], [r[1] for r in rows]


@pytest.mark.slow
def test_four_writers_at_once_from_the_first_game_lose_and_duplicate_nothing(make_ledger_table, backend):
    """Four devices start entering into an empty ledger at once (the first write makes the
    schema, once): every game is there once, hands 1..N in order, the dealer rotation right."""
    t = make_ledger_table(backend)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    each = 15
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(t.path), who, str(each)], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, env=env) for who in ("Anna", "Ben", "Cora", "Dora")]
    for p in procs:
        out, err = p.communicate(timeout=180)
        assert p.returncode == 0, err
        assert out.strip() == "done"
    comments, hands = stored_comments(t)
    assert sorted(comments) == sorted(f"{who}-{i}" for who in ("Anna", "Ben", "Cora", "Dora") for i in range(each))
    assert hands == list(range(1, 4 * each + 1))
    hands_shown = t.json("sheet")["sessions"][0]["hands"]
    players = ["Anna", "Ben", "Cora", "Dora"]
    assert [h["dealer"] for h in hands_shown] == [players[i % 4] for i in range(4 * each)]
    assert t.json("check")["problems"] == []


HOLDER = """
import sys, time
from pathlib import Path
from schafkopf_score.ledger import open_ledger
from schafkopf_score.table import load_table

cfg = load_table(Path(sys.argv[1]))
ledger = open_ledger(cfg)
with ledger.write() as conn:
    sid = ledger.open_session_id(conn)
    conn.execute("INSERT INTO sessions(opened_at) VALUES ('killed')")
    print("holding", flush=True)
    time.sleep(60)
"""


@pytest.mark.slow
def test_a_writer_killed_while_it_holds_the_lock_leaves_nothing_and_blocks_nobody(make_ledger_table, backend):
    t = make_ledger_table(backend)
    t.ok("add", "sau", "an", "be", "72")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    p = subprocess.Popen([sys.executable, "-c", HOLDER, str(t.path)], stdout=subprocess.PIPE, text=True, env=env)
    assert p.stdout.readline().strip() == "holding"
    # while it holds the lock, another writer waits (here: gives up after its patience)
    blocked = subprocess.run(cli(t.path, "add", "wenz", "be", "61"), capture_output=True, text=True,
                             env={**env, "SCHAFKOPF_BUSY_TIMEOUT": "1"})
    assert blocked.returncode == 2 and "Fehler:" in blocked.stderr, blocked.stderr
    p.send_signal(signal.SIGKILL)
    p.wait()
    p.stdout.close()
    t0 = time.monotonic()
    r = subprocess.run(cli(t.path, "add", "wenz", "be", "61"), capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    assert time.monotonic() - t0 < 20
    ledger = ledger_of(t)
    assert [row[0] for row in ledger.conn.execute("SELECT opened_at FROM sessions")] != ["killed"]
    assert ledger.conn.execute("SELECT count(*) FROM sessions WHERE opened_at = 'killed'").fetchone()[0] == 0
    ledger.close()
    assert [h["hand"] for h in t.json("sheet")["sessions"][0]["hands"]] == [1, 2]
    assert t.json("check")["problems"] == []


@pytest.mark.slow
def test_sigkill_at_random_moments_on_postgresql_loses_nothing_acknowledged(make_ledger_table):

    t = make_ledger_table("postgresql")
    acknowledged = kill_at_random_moments(lambda tag: cli(t.path, "add", "wenz", "an", "70", "--comment", tag),
                                          16, seed=11)
    comments, hands = stored_comments(t)
    assert set(acknowledged) <= set(comments)
    assert len(comments) == len(set(comments)), "a game was stored twice"
    assert hands == list(range(1, len(hands) + 1))
    assert t.json("check")["problems"] == []


@pytest.mark.slow
def test_sigkill_of_tournament_entries_on_postgresql_loses_nothing_acknowledged(tmp_path, pg_url):
    """The same proof for a tournament table's entries (`add --tisch`), while another table of
    the round enters at the same time."""

    path = tmp_path / "cup.toml"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-m", "schafkopf_score", "tournament", "new", str(path), "--players",
                    "Anna,Ben,Cora,Dora,Emil,Fritz,Gabi,Hans", "--rounds", "1", "--games", "200"], check=True,
                   capture_output=True, env=env)
    path.write_text(f'ledger = "{pg_url}"\n' + path.read_text(encoding="utf-8"), encoding="utf-8")
    subprocess.run(cli(path, "tournament", "draw", "--seed", "3"), check=True, capture_output=True, env=env)
    tables = json.loads(subprocess.run(cli(path, "tournament", "tables", "--json"), check=True, capture_output=True,
                                       text=True, env=env).stdout)["tables"]
    one, two = tables[0]["players"][0], tables[1]["players"][0]
    other = subprocess.Popen([sys.executable, "-c", WRITER_AT_TABLE, str(path), "2", two, "25"], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    acknowledged = kill_at_random_moments(
        lambda tag: cli(path, "add", "--tisch", "1", "wenz", one, "70", "--comment", tag), 14, seed=5)
    out, err = other.communicate(timeout=120)
    assert other.returncode == 0, err
    import psycopg

    with psycopg.connect(pg_url, autocommit=True) as conn:
        rows = conn.execute("SELECT t.tisch, g.hand, g.entry FROM games g JOIN round_tables t "
                            "ON t.session_id = g.session_id ORDER BY t.tisch, g.hand").fetchall()
    at_one = [json.loads(e).get("comment") for tisch, _, e in rows if tisch == 1]
    assert set(acknowledged) <= set(at_one) and len(at_one) == len(set(at_one))
    for tisch in (1, 2):
        hands = [h for t, h, _ in rows if t == tisch]
        assert hands == list(range(1, len(hands) + 1))
    assert len([1 for t, _, _ in rows if t == 2]) == 25
    r = subprocess.run(cli(path, "check", "--json"), capture_output=True, text=True, env=env)
    assert json.loads(r.stdout)["problems"] == []


WRITER_AT_TABLE = """
import sys
from pathlib import Path
from schafkopf_score.ledger import open_ledger
from schafkopf_score.table import load_table
from schafkopf_score.app import hands
from schafkopf_score.app.line import line_of
from schafkopf_score.app.where import at

cfg = load_table(Path(sys.argv[1]))
for i in range(int(sys.argv[4])):
    with open_ledger(cfg) as ledger:
        hands.add(at(cfg, ledger, "add", int(sys.argv[2])), line_of(["wenz", sys.argv[3], "70"]))
"""


@pytest.mark.slow
def test_a_tournament_entered_by_many_tables_at_once_on_postgresql(pg_server):
    """The load test of benchmarks/tournament_load.py, smaller: twelve tables enter their hands
    at the same moment; nothing is lost or stored twice, the ranking equals a sequential replay
    into SQLite, check finds nothing."""
    r = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "tournament_load.py"), "--tables", "12",
                        "--games", "8", "--url", pg_server, "--json"], capture_output=True, text=True, timeout=600,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert r.returncode == 0, r.stderr
    result = json.loads(r.stdout)
    assert result["failures"] == []
    assert result["hands_stored"] == result["hands_expected"] == 96
    assert result["intact"] and result["ranking_equals_sequential"]
    assert result["check_problems"] == []


@pytest.mark.slow
def test_play_goes_on_after_the_database_server_restarts(make_table):
    """`schafkopf play` holds its connection between lines; a server restarted meanwhile (a crash,
    an update) costs no line: the next entry connects again and is recorded."""
    from tests.pgserver import restart, start, stop

    try:
        url, folder = start()
    except Exception as exc:
        if os.environ.get("CI"):
            raise
        pytest.skip(f"no PostgreSQL server can be started here: {exc}")
    try:
        import psycopg

        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("CREATE SCHEMA play")
        t = with_ledger(make_table(language="en"), f"{url}?options=-csearch_path%3Dplay")
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        p = subprocess.Popen(cli(t.path, "play"), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=env)
        p.stdin.write("sau an be 72\n")
        p.stdin.flush()
        assert p.stdout.readline().startswith("Hand 1: Sauspiel Anna+Ben 72 |")
        restart(folder)
        out, err = p.communicate("wenz co 70\nsau do an 50\n", timeout=60)
        assert p.returncode == 0, err
        assert err == ""
        assert "Hand 2: Wenz Cora 70 |" in out and "Hand 3: Sauspiel Dora+Anna 50 |" in out
        assert [h["hand"] for h in t.json("sheet")["sessions"][0]["hands"]] == [1, 2, 3]
    finally:
        stop(folder)


def test_a_version_4_ledger_is_migrated_to_5_with_a_backup(make_table):
    """Schema 5 adds a tournament's rounds and tables (append-only): a ledger of schema 4 gets
    them, after a backup, with its rows as they were and its guards complete."""
    import sqlite3

    from schafkopf_score.ledger import SCHEMA_VERSION

    t = make_table(language="en")
    t.ok("add", "sau", "an", "be", "72")
    t.ok("settle", "--close")
    expected = t.json("settle", "--session", "1")
    con = sqlite3.connect(t.ledger_path)
    for table in ("round_tables", "rounds"):
        con.execute(f"DROP TABLE {table}")  # its triggers go with it
    con.execute("DELETE FROM meta WHERE key IN ('schema_version', 'kind')")
    con.execute("INSERT INTO meta VALUES ('schema_version', '4')")
    con.commit()
    con.close()
    assert t.json("check")["problems"] == []
    backup = sqlite3.connect(t.ledger_path.with_name("test.v4-backup.sqlite"))
    assert backup.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()[0] == "4"
    backup.close()
    con = sqlite3.connect(t.ledger_path)
    assert con.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()[0] == str(SCHEMA_VERSION) == "5"
    triggers = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='trigger'")}
    assert {"rounds_no_update", "rounds_no_delete", "round_tables_no_update", "round_tables_no_delete"} <= triggers
    con.close()
    assert t.json("settle", "--session", "1") == expected
    assert ledger_of(t).guards_missing() == []


def test_without_the_driver_a_postgresql_ledger_says_how_to_install_it(make_table):
    """psycopg is an extra (`.[postgresql]`): a table whose ledger is on PostgreSQL,
    on a machine without it, gets the install command, not a traceback."""
    t = with_ledger(make_table(language="en"), "postgresql://anna@127.0.0.1:1/schafkopf")
    code = ("import sys; sys.modules['psycopg'] = None; sys.argv = ['schafkopf', '--table', sys.argv[1], 'sheet']; "
            "from schafkopf_score.cli.app import run; run()")
    r = subprocess.run([sys.executable, "-c", code, str(t.path)], capture_output=True, text=True,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert r.returncode == 2
    assert r.stderr == ("Error: This table's ledger is on PostgreSQL, which needs the psycopg driver.\n"
                        "Install it in the project's folder: pip install '.[postgresql]'\n")


def test_helpers_import_into_either_backend_alike(make_ledger_table, tmp_path, monkeypatch, pg_url):
    """An import worked in chunks by helper processes (here one session a chunk, two helpers)
    writes into PostgreSQL what one process writes into SQLite: the same answers, the same
    fingerprints; the helpers never touch the database connection they inherit."""
    from schafkopf_score.ledger import loading

    first = make_ledger_table("sqlite", name="first")
    play_evening(first)
    first.ok("export", "--format", "json", "--all", "--out", str(tmp_path / "a.json"))
    alone = make_ledger_table("sqlite", name="alone")
    alone.ok("import", str(tmp_path / "a.json"), "--jobs", "1")
    monkeypatch.setattr(loading, "CHUNK_GAMES", 1)
    helped = make_ledger_table("postgresql", name="helped")
    helped.ok("import", str(tmp_path / "a.json"), "--jobs", "2")
    assert answers(alone) == answers(helped)
    assert ledger_of(alone).fingerprints() == ledger_of(helped).fingerprints()
    helped.ok("add", "wenz", "be", "61")  # the database's own count goes on after the imported ids
    assert helped.json("check", "--full")["problems"] == []


def test_helpers_import_a_tournament_with_its_tables_side_by_side(tmp_path, monkeypatch, request):
    """A tournament's round holds open sessions side by side (one a table); worked in chunks by
    helpers, the import keeps them open, and the ranking and tables come out as they were."""
    from schafkopf_score.cli.app import app
    from schafkopf_score.ledger import loading
    from tests.conftest import CliRunner

    def run(table, *args, input=None):
        r = CliRunner().invoke(app, ["--table", str(table), *args], input=input, env={"COLUMNS": "120"})
        assert r.exit_code == 0, (args, r.output)
        return r.stdout

    path = tmp_path / "cup.toml"
    run(path, "tournament", "new", str(path), "--players", "Anna,Ben,Cora,Dora,Emil,Fritz,Gabi,Hans",
        "--rounds", "2", "--games", "4")
    run(path, "tournament", "draw", "--seed", "7")
    seats = json.loads(run(path, "tournament", "tables", "--json"))["tables"]
    for tisch, players in enumerate((seats[0]["players"], seats[1]["players"]), 1):
        run(path, "add", "--tisch", str(tisch), "sau", players[0], players[1], "72")
        run(path, "add", "--tisch", str(tisch), "wenz", players[2], "70")
    run(path, "export", "--format", "json", "--all", "--out", str(tmp_path / "t.json"))
    monkeypatch.setattr(loading, "CHUNK_GAMES", 1)
    for backend in BACKENDS:
        moved = tmp_path / f"moved-{backend}.toml"
        text = path.read_text(encoding="utf-8").replace('ledger = "cup.sqlite"', "")
        url = request.getfixturevalue("pg_url") if backend == "postgresql" else f"moved-{backend}.sqlite"
        moved.write_text(f'ledger = "{url}"\n' + text, encoding="utf-8")
        run(moved, "import", str(tmp_path / "t.json"), "--jobs", "2")
        assert json.loads(run(moved, "tournament", "ranking", "--json")) == json.loads(
            run(path, "tournament", "ranking", "--json"))
        assert json.loads(run(moved, "tournament", "tables", "--json")) == json.loads(
            run(path, "tournament", "tables", "--json"))
        assert json.loads(run(moved, "check", "--json"))["problems"] == []
        run(moved, "add", "--tisch", "2", "herzsolo", seats[1]["players"][3], "95")  # both tables still open
