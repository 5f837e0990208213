"""The storage contract: every command behaves the same on both ledgers, the SQLite file and a
PostgreSQL database (a real server: tests/pgserver.py, or ``SCHAFKOPF_TEST_PG``).

Each test runs on both backends: the same commands as users type them give the same answers;
the database itself refuses to change or remove a row; ``export``/``import`` move a ledger from
one to the other and back without a difference; two writers at once lose and duplicate nothing;
a writer killed while it holds the lock leaves nothing behind and blocks nobody."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from schafkopf_score.ledger import open_ledger
from schafkopf_score.table import load_table

ROOT = Path(__file__).resolve().parents[1]
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
    # and the moved ledger goes on as the first one would
    for t in (first, pg):
        t.ok("add", "wenz", "be", "61")
    assert answers(first) == answers(pg)


def test_an_unreachable_server_is_a_clear_error_and_nothing_more(make_table):
    t = make_table(language="en")
    text = t.path.read_text(encoding="utf-8")
    t.path.write_text('ledger = "postgresql://anna:geheim@127.0.0.1:1/schafkopf"\n' + text, encoding="utf-8")
    for args in (("add", "sau", "an", "be", "72"), ("sheet",), ("check",), ("settle", "--close")):
        r = t.run(*args, _check_language=False)
        assert r.exit_code == 2, (args, r.output)
        assert r.stderr.startswith("Error: The ledger's database postgresql://anna:***@127.0.0.1:1/schafkopf "
                                   "cannot be reached: "), r.stderr
        assert "Check the ledger line of the table file" in r.stderr
        assert "geheim" not in r.output and "Traceback" not in r.output
    de = t.path.read_text(encoding="utf-8").replace('language = "en"', 'language = "de"')
    t.path.write_text(de, encoding="utf-8")
    r = t.run("sheet", _check_language=False)
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
        r = t.run(*args, _check_language=False)
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
    r = t.run("add", "sau", "an", "be", "72", _check_language=False)
    assert r.exit_code == 2
    assert r.stderr == (f"Error: The ledger's database refused the request: permission denied for schema {schema}\n"
                        "Nothing was recorded. If the ledger's rows were changed by hand, run schafkopf check.\n")
    assert "Traceback" not in r.output


def test_rules_names_the_database_without_its_password(make_ledger_table, pg_url):
    t = make_ledger_table("sqlite")
    secret = pg_url.replace("postgresql://postgres@", "postgresql://postgres:geheim@")
    t.path.write_text(f'ledger = "{secret}"\n' + t.path.read_text(encoding="utf-8"), encoding="utf-8")
    shown = t.json("rules")["ledger"]
    assert shown == pg_url.replace("postgresql://postgres@", "postgresql://postgres:***@")


def test_a_refused_first_entry_leaves_no_ledger_behind(make_ledger_table, backend):
    t = make_ledger_table(backend)
    r = t.run("add", "sau", "an", "an", "72", _check_language=False)
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


def test_a_tournament_on_either_ledger_checks_clean_and_moves_between_them(tmp_path, request):
    """A tournament: two tables of a round entering side by side (each its own open session),
    corrections, the ranking; ``check`` passes; export/import carries the rounds and tables."""
    from typer.testing import CliRunner

    from schafkopf_score.cli.app import app

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
        tables[kind] = path
    rankings = [json.loads(run(tables[k], "tournament", "ranking", "--json")) for k in BACKENDS]
    assert rankings[0] == rankings[1]
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


def cli(table, *args):
    return [sys.executable, "-m", "schafkopf_score", "--table", str(table), *args]


WRITER = """
import sys
from pathlib import Path
from schafkopf_score import evening
from schafkopf_score.ledger import open_ledger
from schafkopf_score.rules.model import GameEntry
from schafkopf_score.table import load_table

cfg = load_table(Path(sys.argv[1]))
for i in range(int(sys.argv[3])):
    ledger = open_ledger(cfg, create=True)  # a fresh connection each time, as a new command would
    evening.add(cfg, ledger, GameEntry("wenz", player=sys.argv[2], augen=70, comment=f"{sys.argv[2]}-{i}"))
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
    import random

    t = make_ledger_table("postgresql")
    rng = random.Random(11)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    acknowledged = []
    t0 = time.perf_counter()
    subprocess.run(cli(t.path, "add", "wenz", "an", "70", "--comment", "timing"), check=True, capture_output=True,
                   env=env)
    window = 2.0 * (time.perf_counter() - t0)
    acknowledged.append("timing")
    for i in range(30):
        tag = f"run-{i}"
        p = subprocess.Popen(cli(t.path, "add", "wenz", "an", "70", "--comment", tag), stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, env=env)
        time.sleep(rng.uniform(0.0, window))
        p.send_signal(signal.SIGKILL)
        rc = p.wait()
        err = p.stderr.read().decode()
        p.stderr.close()
        if rc == 0:
            acknowledged.append(tag)
        else:
            assert rc == -signal.SIGKILL or rc == 2 and "Fehler" in err, (rc, err)
    assert 1 < len(acknowledged) < 31, "the timing needs adjusting"
    comments, hands = stored_comments(t)
    assert set(acknowledged) <= set(comments)
    assert len(comments) == len(set(comments)), "a game was stored twice"
    assert hands == list(range(1, len(hands) + 1))
    assert t.json("check")["problems"] == []


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
