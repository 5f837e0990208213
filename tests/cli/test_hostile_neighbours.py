"""Ordinary failures say what happened and what was recorded: a busy ledger, a full disk, a
reader that went away, a terminal without "€", a migration that fails."""

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # real processes for each case: the slow step of the suite

ROOT = Path(__file__).resolve().parents[2]


def cli(t, *args, env=None, stdout=subprocess.PIPE):
    return subprocess.run([sys.executable, "-m", "schafkopf_score", "--table", str(t.path), *args],
                          stdout=stdout, stderr=subprocess.PIPE, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})})


@pytest.mark.parametrize("language", ["de", "en"])
def test_a_busy_ledger_is_busy_not_damaged(make_table, language):
    t = make_table(language=language)
    t.ok("add", "wenz", "an", "70")
    holder = sqlite3.connect(t.ledger_path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another program in the middle of writing
    says = {
        "en": (f"Error: The ledger {t.ledger_path} is busy: another program is writing to it.\n"
               "Try again in a moment; the ledger was left as it is and nothing was recorded.\n"),
        "de": (f"Fehler: Das Spielbuch {t.ledger_path} ist belegt: ein anderes Programm schreibt gerade hinein.\n"
               "Versuch es gleich noch einmal; das Spielbuch blieb, wie es war, und nichts wurde eingetragen.\n"),
    }[language]
    try:
        for args in (["sheet"], ["add", "wenz", "be", "70"]):
            r = cli(t, *args, env={"SCHAFKOPF_BUSY_TIMEOUT": "0.3"})
            assert r.returncode == 2, r.stderr
            assert r.stderr == says
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert len(t.json("sheet")["sessions"][0]["hands"]) == 1


def test_an_answer_that_cannot_be_printed_says_what_was_recorded(make_table):
    t = make_table(language="en")  # the English words (the German ones are the CLI's tests)
    with open("/dev/full", "w") as full:
        r = cli(t, "add", "wenz", "an", "70", stdout=full)
    assert r.returncode == 3  # done, but its answer could not be shown (a refusal keeps 2)
    assert r.stderr == ("Error: the output could not be written (No space left on device). A hand this command "
                        "records is committed before its answer is printed; schafkopf sheet shows what the ledger "
                        "holds.\n")
    assert "Internal error" not in r.stderr
    assert len(t.json("sheet")["sessions"][0]["hands"]) == 1  # it was recorded, as said


@pytest.mark.parametrize("command", [["sheet"], ["stats"], ["rules"], ["standings"], ["settle"],
                                     ["export", "--format", "csv"], ["sheet", "--history"]])
def test_a_reader_that_goes_away_is_no_failure(make_table, command):
    t = make_table()
    t.ok("add", "wenz", "an", "70")
    t.ok("add", "sau", "be", "co", "61")
    p = subprocess.Popen([sys.executable, "-m", "schafkopf_score", "--table", str(t.path), *command],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(ROOT),
                                                                              "COLUMNS": "80"})
    p.stdout.read(1)
    p.stdout.close()  # like `| head -c 1`
    assert p.wait(timeout=30) == 0
    assert p.stderr.read() == b""


@pytest.mark.parametrize("env", [{"PYTHONIOENCODING": "ascii"}, {"LANG": "C", "LC_ALL": "C", "PYTHONUTF8": "0"}])
@pytest.mark.parametrize("command", [["sheet"], ["standings"], ["rules"], ["stats"], ["export", "--format", "md"],
                                     ["settle"], ["calc", "wenz", "an", "70"]])
def test_a_terminal_without_euro_degrades_and_never_crashes(make_table, env, command):
    t = make_table(players=["Jürgen", "Anna", "Ben", "Cora"])
    t.ok("add", "wenz", "ju", "70")
    r = cli(t, *command, env=env)
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr and r.stdout


def v1_ledger_that_cannot_migrate(t):
    """A schema-1 ledger with a game that no longer replays (as an older program could leave)."""
    from schafkopf_score.ledger.schema import _SCHEMA, _triggers

    t.ok("add", "wenz", "an", "70")
    con = sqlite3.connect(t.ledger_path)
    for trigger in _triggers():
        con.execute(f"DROP TRIGGER IF EXISTS {trigger.split()[2]}")
    con.execute("UPDATE games SET entry = ? WHERE hand = 1", (json.dumps({"game": "wenz", "player": "Xaver",
                                                                         "augen": 70}),))
    con.execute("ALTER TABLE games DROP COLUMN outcome")
    con.execute("ALTER TABLE restatements DROP COLUMN outcome")
    con.execute("UPDATE meta SET value = '1' WHERE key = 'schema_version'")
    con.commit()
    con.close()
    assert _SCHEMA  # the schema the test starts from


def test_a_failing_migration_backs_up_once_and_the_ledger_can_still_be_exported(make_table, tmp_path):
    t = make_table()
    v1_ledger_that_cannot_migrate(t)
    before = t.ledger_bytes()
    for _ in range(3):
        r = t.run("sheet")
        assert r.exit_code == 2
        # a German table: the failure, and the engine's reason inside it, in German
        assert r.stderr.startswith(f"Fehler: Das Spielbuch {t.ledger_path} von Version 1 zu aktualisieren ist "
                                   "fehlgeschlagen ("), r.stderr
        assert "Xaver" in r.stderr and "schafkopf export --format json --all liest es weiterhin" in r.stderr
    backups = sorted(p.name for p in t.path.parent.iterdir() if "backup" in p.name)
    assert backups == ["test.v1-backup.sqlite"], backups
    assert t.ledger_bytes() == before
    out = tmp_path / "rescue.json"
    t.ok("export", "--format", "json", "--all", "--out", str(out))
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["sessions"][0]["games"][0]["entry"]["player"] == "Xaver"
    assert t.ledger_bytes() == before  # the rescue export did not touch the ledger
