"""Nothing lost: damaged files, schema versions and migrations, hostile input, crashes, two writers."""

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schafkopf_score.cli.app import app
from schafkopf_score.ledger import _SCHEMA, SCHEMA_VERSION, _triggers
from tests.conftest import CliRunner, kill_at_random_moments

ROOT = Path(__file__).resolve().parents[2]
# a longer fuzzing campaign: FUZZ_EXAMPLES=3000 python -m pytest tests/store/test_robustness.py -k random
FUZZ_EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "150"))


def filled(make_table, **kw):
    t = make_table(**kw)
    t.ok("add", "wenz", "--player", "Anna", "--augen", "70")
    t.ok("add", "solo", "--player", "Ben", "--suit", "herz", "--augen", "95", "--laufende", "3")
    return t


@pytest.mark.parametrize("damage", ["truncate", "garbage", "empty"])
def test_damaged_ledger_is_reported_and_never_touched(make_table, damage):
    t = filled(make_table)
    data = t.ledger_path.read_bytes()
    if damage == "truncate":
        t.ledger_path.write_bytes(data[: len(data) // 3])
    elif damage == "garbage":
        t.ledger_path.write_bytes(b"this is not a database" * 100)
    else:
        t.ledger_path.write_bytes(b"")
    before = t.ledger_path.read_bytes()
    for args in (["sheet"], ["add", "wenz", "--player", "Anna", "--augen", "70"], ["check"], ["settle", "--close"]):
        r = t.run(*args)
        assert r.exit_code == 2, (args, r.output)
        assert "Fehler: " in r.stderr and "Traceback" not in r.output  # a German table
        assert "blieb, wie es war" in r.stderr
    assert t.ledger_path.read_bytes() == before


def test_newer_ledger_schema_is_refused(make_table):
    t = filled(make_table)
    con = sqlite3.connect(t.ledger_path)
    con.execute("DELETE FROM meta WHERE key='schema_version'")
    con.execute("INSERT INTO meta VALUES ('schema_version', '99')")
    con.commit()
    con.close()
    before = t.ledger_path.read_bytes()
    r = t.run("sheet")
    assert r.exit_code == 2
    assert f"hat die Schema-Version 99, neuer als dieses Programm ({SCHEMA_VERSION})" in r.stderr
    assert t.ledger_path.read_bytes() == before


def v1_statements():
    """The first release's schema: no outcome columns, no check marks."""
    ddl = "\n".join(line for line in _SCHEMA.splitlines() if "outcome TEXT" not in line)
    ddl = ddl.replace("stock INTEGER NOT NULL DEFAULT 0,\n);", "stock INTEGER NOT NULL DEFAULT 0\n);")
    return [s for s in ddl.split(";") + _triggers() if s.strip() and "verified" not in s]


def test_v1_ledger_is_migrated_with_a_backup_first(make_table):
    t = make_table(players=["Anna", "Ben", "Cora", "Dora", "Emil"])
    t.ok("add", "wenz", "--player", "Ben", "--augen", "70")
    t.ok("add", "wenz", "--player", "Cora", "--augen", "40")
    t.ok("void", "1")
    expected = t.json("standings")
    v2 = sqlite3.connect(t.ledger_path)
    v1_path = t.ledger_path.with_name("old.sqlite")
    v1 = sqlite3.connect(v1_path)
    for stmt in v1_statements():
        v1.execute(stmt)
    for table in ("meta", "rulesets", "sessions", "games", "voids", "restatements", "closings"):
        cols = [c[1] for c in v1.execute(f"PRAGMA table_info({table})")]
        rows = v2.execute(f"SELECT {', '.join(cols)} FROM {table}").fetchall()
        v1.executemany(f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})", rows)
    v1.execute("DELETE FROM meta WHERE key='schema_version'")
    v1.execute("INSERT INTO meta VALUES ('schema_version', '1')")
    v1.commit()
    v1.close()
    v2.close()
    os.replace(v1_path, t.ledger_path)
    old_bytes = t.ledger_path.read_bytes()
    assert t.json("standings") == expected
    backup = t.ledger_path.with_name("test.v1-backup.sqlite")
    assert backup.read_bytes() == old_bytes or sqlite3.connect(backup).execute(
        "SELECT value FROM meta WHERE key='schema_version'").fetchone()[0] == "1"
    con = sqlite3.connect(t.ledger_path)
    assert con.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()[0] == str(SCHEMA_VERSION)
    outcome = json.loads(con.execute("SELECT outcome FROM games WHERE hand=2").fetchone()[0])
    # a version-1 row records no seating: its payouts name who played (Ben dealt hand 2 and sat
    # it out; the void of hand 1 never re-dealt it), so its figures stay as stored
    assert outcome["dealer"] == "Ben" and outcome["sitting_out"] == ["Ben"]
    with pytest.raises(sqlite3.IntegrityError):
        con.execute("UPDATE games SET outcome='{}'")
    t.ok("check")


def test_commands_never_write_the_table_file(make_table, tmp_path):
    t = filled(make_table)
    before = t.path.read_bytes()
    for args in (["sheet"], ["standings"], ["settle"], ["stats"], ["rules"], ["check"], ["undo"],
                 ["export", "--format", "json"], ["settle", "--close"]):
        t.run(*args)
    assert t.path.read_bytes() == before


# -- hostile and random input -----------------------------------------------------------------

WORDS = ["Anna", "an", "Ben", "", " ", "'", '"', "=1+1", "<script>", "[/]", "[bold]x", "🂡", "Ann,a", "a=b", "-1", "0", "61",
         "120", "121", "99999999999999999999", "-99999999999999999999", "1.5", "eichel", "kreuz", "nan", "\x00x",
         "Ω" * 50]
OPTIONS = ["--player", "--partner", "--augen", "--points", "--picker", "--laufende", "--legen", "--suit", "--sau", "--loser", "--jungfrau",
           "--durchmarsch", "--sitting-out", "--dealer", "--comment", "--winner", "--no-trick", "--reason",
           "--session", "--round", "--from-balances", "--format", "--out", "--seed", "--tariff", "--rules"]
FLAGS = ["--schwarz", "--kontra", "--re", "--sup", "--hirsch", "--tout", "--won", "--lost", "--ouvert", "--json",
         "--close", "--all", "--alone", "--crack", "--recrack", "--forced", "--zwang", "--still", "--history",
         "--check", "--chart"]
COMMANDS = ["calc", "add", "undo", "void", "edit", "sheet", "standings", "settle", "check", "export", "stats",
            "rules", "draw", "import", "rating"]
GAMES = ["sauspiel", "solo", "wenz", "ramsch", "weiter", "sie", "bettel", "hochzeit", "pick", "leaster", "doubler",
         "normal", "jeder", "spiel", "draw", "xyz", ""]


@st.composite
def argv(draw):
    cmd = draw(st.sampled_from(COMMANDS))
    args = [cmd]
    if cmd in ("calc", "add"):
        args.append(draw(st.sampled_from(GAMES)))
    if cmd in ("void", "edit"):
        args.append(draw(st.sampled_from(["1", "0", "-3", "x", "999999999999999999999"])))
        if cmd == "edit":
            args.append(draw(st.sampled_from(GAMES)))
    for _ in range(draw(st.integers(0, 6))):
        if draw(st.booleans()):
            args.append(draw(st.sampled_from(FLAGS)))
        else:
            args += [draw(st.sampled_from(OPTIONS)), draw(st.sampled_from(WORDS) | st.text(max_size=8))]
    return args


FIRST_HAND = {
    "bavarian": ["add", "ramsch", "--loser", "Ben"],
    "wendish": ["add", "normal", "--player", "Ben", "--partner", "Cora", "--augen", "70"],
    "deutscher": ["add", "spiel", "--player", "Ben", "--partner", "Cora", "--augen", "70"],
    "sheepshead": ["add", "pick", "--picker", "Ben", "--partner", "Cora", "--points", "70"],
}


@pytest.fixture(scope="module", params=sorted(FIRST_HAND))
def fuzz_table(request, tmp_path_factory):
    from schafkopf_score.rules.registry import find_family
    from schafkopf_score.table.file import render_table

    family = request.param
    folder = tmp_path_factory.mktemp("fuzz")
    path = folder / "t.toml"
    players = ["Anna", "Ben", "Cora", "Dora", "Emil"] if family in ("bavarian", "sheepshead") else \
        ["Anna", "Ben", "Cora", "Dora"]
    text = render_table(find_family(family), players, preset="wirtshaus" if family == "bavarian" else "official")
    # Deutscher with fixed partners, so that the random games are not all refused for want of a draw
    path.write_text(text.replace('partners = "per_game"', 'partners = "fixed"'))
    r = CliRunner().invoke(app, ["--table", str(path), *FIRST_HAND[family]])
    assert r.exit_code == 0, r.output
    return path


@pytest.mark.slow
@settings(max_examples=FUZZ_EXAMPLES, deadline=None)
@given(argv())
def test_random_arguments_exit_0_or_2_and_rejections_write_nothing(fuzz_table, args):
    ledger = fuzz_table.with_suffix(".sqlite")
    before = ledger.read_bytes()
    args = [a.replace("\x00", "") for a in args]
    for i, arg in enumerate(args[:-1]):  # keep every write inside the temp folder
        if arg == "--out":
            args[i + 1] = str(fuzz_table.parent / "out" / "x")
    if args[0] == "import":
        args.insert(1, str(fuzz_table.parent / "missing.json"))
    r = CliRunner().invoke(app, ["--table", str(fuzz_table), *args], env={"COLUMNS": "100"})
    if r.exception is not None and not isinstance(r.exception, SystemExit):
        raise r.exception
    assert r.exit_code in (0, 2) or (args[0] == "check" and r.exit_code == 1), (args, r.exit_code, r.output)
    assert "Traceback" not in r.output
    if r.exit_code == 2:
        assert r.stderr.strip(), args
        assert ledger.read_bytes() == before, args


def test_hostile_names_survive_every_command(make_table, tmp_path):
    names = ['O"Brien', "Zoë, die Große", "a=b", "<script>x</script>", "🂡 [/] Ace"]
    t = make_table(players=names, preset="wirtshaus")
    t.ok("add", "ramsch", "--augen", "Zoë, die Große=40,a=b=30,<script>x</script>=50,🂡 [/] Ace=0",
         "--jungfrau", "🂡")  # O"Brien deals and sits out
    t.ok("add", "sauspiel", "--player", "a=b", "--partner", "<scr", "--augen", "70")
    balances = t.json("standings")["balances"]
    assert set(balances) == set(names) and sum(balances.values()) == 0
    assert t.json("settle")["balances"] == balances
    for fmt in ("csv", "csv-de", "md", "html", "json", "xlsx"):
        t.ok("export", "--format", fmt, "--out", str(tmp_path / f"x.{fmt}"))
    fresh = make_table(players=names, preset="wirtshaus", name="fresh")
    fresh.ok("import", str(tmp_path / "x.json"))
    assert fresh.json("standings")["balances"] == balances
    assert "🂡 [/] Ace" in t.ok("sheet").stdout
    assert "🂡 [/] Ace" in t.ok("standings").stdout
    assert "🂡 [/] Ace" in t.ok("stats").stdout
    # what the evenings tell (RULES §13): the names as they are, never read as markup
    assert {r["player"] for r in t.json("rating")["ratings"]} == set(names)
    assert "🂡 [/] Ace" in t.ok("rating", "--chart").stdout
    assert t.json("stats", "--player", "<scr")["player"] == "<script>x</script>"
    assert "🂡 [/] Ace" in t.ok("standings", "--chart").stdout
    assert "<script>x</script>" in t.ok("settle", "--tariff", "20/50").stdout
    assert "&lt;script&gt;x&lt;/script&gt;" in (tmp_path / "x.html").read_text(encoding="utf-8")
    t.ok("rules")


# -- crashes and concurrency (real processes) ---------------------------------------------------

def cli(table, *args):
    return [sys.executable, "-m", "schafkopf_score", "--table", str(table), *args]


@pytest.mark.slow
def test_sigkill_at_random_moments_loses_nothing_that_was_acknowledged(make_table):
    t = make_table()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    # timed on this machine, so the kills fall before, during and after the commit (a German table)
    acknowledged = kill_at_random_moments(
        lambda tag: cli(t.path, "add", "wenz", "--player", "Anna", "--augen", "70", "--comment", tag), 30, seed=7)
    r = subprocess.run(cli(t.path, "check"), capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    con = sqlite3.connect(t.ledger_path)
    stored = [json.loads(e)["comment"] for (e,) in con.execute("SELECT entry FROM games")]
    assert set(acknowledged) <= set(stored)
    assert len(stored) == len(set(stored)), "a game was stored twice"
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


WRITER = """
import sys
from pathlib import Path
from schafkopf_score.app import hands
from schafkopf_score.app.where import At
from schafkopf_score.ledger import Ledger
from schafkopf_score.rules.model import GameEntry
from schafkopf_score.table import load_table

cfg = load_table(Path(sys.argv[1]))
for i in range(50):
    ledger = Ledger(cfg.ledger_path)  # a fresh connection each time, as a new command would
    hands.add_entry(At.evening(cfg, ledger), GameEntry("wenz", player=sys.argv[2], augen=70, comment=f"{sys.argv[2]}-{i}"))
    ledger.close()
print("done")
"""


@pytest.mark.slow
def test_two_writers_fifty_games_each_lose_nothing(make_table):
    t = make_table()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(t.path), who], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, env=env) for who in ("Anna", "Ben")]
    outs = [p.communicate(timeout=120) for p in procs]
    for p, (out, err) in zip(procs, outs, strict=True):
        assert p.returncode == 0, err
        assert "locked" not in err and out.strip() == "done"
    con = sqlite3.connect(t.ledger_path)
    comments = sorted(json.loads(e)["comment"] for (e,) in con.execute("SELECT entry FROM games"))
    assert comments == sorted([f"Anna-{i}" for i in range(50)] + [f"Ben-{i}" for i in range(50)])
    hands = [h for (h,) in con.execute("SELECT hand FROM games ORDER BY hand")]
    assert hands == list(range(1, 101))
    t.ok("check")
