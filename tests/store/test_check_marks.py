"""``check`` keeps a verified-up-to mark per closed session (issue 14): a routine check replays
only what changed since (a row changed behind the program's back included), ``check --full``
replays everything, a ledger that cannot be written is checked all the same, ``import`` marks
what it replayed, and a ledger of the previous schema is migrated (or read as it is)."""

import json
import os
import shutil
import sqlite3
import subprocess
import time

import pytest

from schafkopf_score.ledger import SCHEMA_VERSION


def season(make_table, **kw):
    """Two closed evenings and an open one (with a void and an edit's restatement in the first)."""
    t = make_table(**kw)
    t.ok("add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "72")
    t.ok("add", "wenz", "--player", "Cora", "--augen", "40")
    t.ok("add", "solo", "--player", "Dora", "--suit", "herz", "--augen", "80")
    t.ok("edit", "1", "--augen", "91")
    t.ok("void", "2")
    t.ok("settle", "--close")
    t.ok("add", "wenz", "--player", "Ben", "--augen", "70")
    t.ok("add", "sauspiel", "--player", "Cora", "--partner", "Dora", "--augen", "50")
    t.ok("settle", "--close")
    t.ok("add", "wenz", "--player", "Anna", "--augen", "65")
    return t


def counts(t, *args):
    r = t.run("check", "--json", *args)
    data = json.loads(r.stdout)
    return r.exit_code, data


def marks(t):
    con = sqlite3.connect(t.ledger_path)
    try:
        return con.execute("SELECT session_id, fingerprint FROM verified ORDER BY id").fetchall()
    finally:
        con.close()


def tamper(t, sql, *params, trigger=None):
    """Change the ledger behind the program's back: drop the append-only trigger, then write."""
    con = sqlite3.connect(t.ledger_path)
    if trigger:
        con.execute(f"DROP TRIGGER {trigger}")
    assert con.execute(sql, params).rowcount > 0, sql
    con.commit()
    con.close()


def test_a_routine_check_after_a_first_check_replays_no_closed_session(make_table):
    t = season(make_table)
    code, first = counts(t)
    assert code == 0
    assert first == {"problems": [], "replayed": 3, "skipped_verified": 0, "marked": 2, "sessions": 3, "hands": 5}
    assert [sid for sid, _ in marks(t)] == [1, 2]
    code, again = counts(t)
    assert code == 0
    assert again == {"problems": [], "replayed": 1, "skipped_verified": 2, "marked": 0, "sessions": 3,
                     "hands": 5}  # only the open evening
    assert len(marks(t)) == 2  # a mark that still holds is not written again
    r = t.run("check")
    assert r.exit_code == 0 and r.stdout == "OK: 3 Abende, 5 Spiele geprüft.\n" and r.stderr == ""  # says so (issue 33)


def test_closing_the_open_evening_marks_it_at_the_next_check(make_table):
    t = season(make_table)
    t.ok("check")
    t.ok("settle", "--close")
    assert counts(t)[1] == {"problems": [], "replayed": 1, "skipped_verified": 2, "marked": 1, "sessions": 3, "hands": 5}
    assert counts(t)[1] == {"problems": [], "replayed": 0, "skipped_verified": 3, "marked": 0, "sessions": 3, "hands": 5}


def test_a_payout_changed_behind_the_programs_back_is_replayed_and_reported(make_table):
    t = season(make_table)
    t.ok("check")
    before = marks(t)
    # hand 1 of evening 2 (Ben's Wenz): the amounts moved between players, still summing to zero
    con = sqlite3.connect(t.ledger_path)
    payouts = json.loads(con.execute("SELECT payouts FROM games WHERE session_id = 2 AND hand = 1").fetchone()[0])
    con.close()
    names = sorted(payouts)
    payouts[names[0]], payouts[names[1]] = payouts[names[1]], payouts[names[0]]
    tamper(t, "UPDATE games SET payouts = ? WHERE session_id = 2 AND hand = 1", json.dumps(payouts),
           trigger="games_no_update")
    code, data = counts(t)
    assert code == 1
    assert data["replayed"] == 2 and data["skipped_verified"] == 1 and data["marked"] == 0
    assert {(p["session"], p["hand"]) for p in data["problems"]} >= {(2, 1)}
    r = t.run("check")
    assert r.exit_code == 1 and "Abend 2, Spiel 1: " in r.stdout  # a German table
    assert marks(t) == before  # a session with a problem is never marked
    assert counts(t)[1]["replayed"] == 2  # and replayed by every routine check until it is put right


@pytest.mark.parametrize("change", [
    ("UPDATE games SET entry = replace(entry, '\"augen\": 70', '\"augen\": 69') WHERE session_id = 2 AND hand = 1",
     "games_no_update"),
    ("UPDATE closings SET created_at = '2000-01-01T00:00:00+00:00' WHERE session_id = 2", "closings_no_update"),
    ("UPDATE sessions SET opened_at = '2000-01-01T00:00:00+00:00' WHERE id = 2", "sessions_no_update"),
    ("INSERT INTO voids(game_id, created_at, kind, reason) SELECT id, 'x', 'void', '' FROM games "
     "WHERE session_id = 2 AND hand = 2", None),
    ("INSERT INTO restatements(game_id, created_at, payouts, stock, outcome, cause) SELECT id, 'x', payouts, stock, "
     "outcome, '' FROM games WHERE session_id = 2 AND hand = 2", None),
    ("UPDATE rulesets SET json = replace(json, '\"kontra\": 2', '\"kontra\": 3')", "rulesets_no_update"),
])
def test_any_stored_row_of_a_session_changed_brings_it_back_into_the_replay(make_table, change):
    t = season(make_table)
    t.ok("check")
    sql, trigger = change
    tamper(t, sql, trigger=trigger)
    code, data = counts(t)
    assert data["skipped_verified"] < 2, (change, data)  # evening 2 (at least) is replayed again
    assert data["replayed"] >= 2


def test_check_full_replays_every_session(make_table):
    t = season(make_table)
    t.ok("check")
    assert counts(t, "--full")[1] == {"problems": [], "replayed": 3, "skipped_verified": 0, "marked": 0, "sessions": 3, "hands": 5}
    r = t.run("check", "--full")
    assert r.exit_code == 0 and r.stdout == "OK: 3 Abende, 5 Spiele geprüft.\n"
    assert "--full" in t.ok("check", "--help").stdout


def test_a_new_program_version_replays_what_an_older_one_marked(make_table, monkeypatch):
    import schafkopf_score

    t = season(make_table)
    t.ok("check")
    monkeypatch.setattr(schafkopf_score, "__version__", "99.0.0")
    assert counts(t)[1] == {"problems": [], "replayed": 3, "skipped_verified": 0, "marked": 2, "sessions": 3, "hands": 5}
    assert counts(t)[1]["skipped_verified"] == 2


def test_the_marks_are_append_only(make_table):
    t = season(make_table)
    t.ok("check")
    con = sqlite3.connect(t.ledger_path)
    for sql in ("UPDATE verified SET fingerprint = 'x'", "DELETE FROM verified"):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            con.execute(sql)
    con.close()


def test_check_without_a_ledger_makes_none(make_table):
    t = make_table()
    assert counts(t)[1] == {"problems": [], "replayed": 0, "skipped_verified": 0, "marked": 0, "sessions": 0, "hands": 0}
    assert not t.ledger_path.exists()


def test_a_busy_ledger_is_checked_and_its_marks_wait(make_table):
    t = season(make_table)
    holder = sqlite3.connect(t.ledger_path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another program is writing
    try:
        start = time.monotonic()
        code, data = counts(t)
        assert time.monotonic() - start < 10  # not the 30 s busy timeout
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert code == 0 and data == {"problems": [], "replayed": 3, "skipped_verified": 0, "marked": 0, "sessions": 3, "hands": 5}
    assert marks(t) == []
    assert counts(t)[1]["marked"] == 2  # the next check that can write marks them


@pytest.fixture
def read_only_folder(tmp_path):
    """A folder that takes no writes, made by ``make_read_only()``: a tmpfs of our own remounted
    read-only (root, where mounting is allowed), else a folder and its files without write bits."""
    point = tmp_path / "ro"
    point.mkdir()
    mounted = False
    if os.geteuid() == 0:
        made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(point)], capture_output=True)
        if made.returncode != 0:
            pytest.skip("root, and cannot mount a tmpfs here")
        mounted = True

    def make_read_only():
        if mounted:
            if subprocess.run(["mount", "-o", "remount,ro", str(point)], capture_output=True).returncode != 0:
                pytest.skip("cannot remount read-only here")
        else:
            for path in point.iterdir():
                path.chmod(0o444)
            point.chmod(0o555)

    try:
        yield point, make_read_only
    finally:
        if mounted:
            if subprocess.run(["umount", str(point)], capture_output=True).returncode != 0:
                subprocess.run(["umount", "-l", str(point)], capture_output=True)
        else:
            point.chmod(0o755)


def test_a_read_only_ledger_is_checked_all_the_same(make_table, read_only_folder):
    from tests.conftest import Table

    t = season(make_table)
    folder, make_read_only = read_only_folder
    for path in (t.path, t.ledger_path):
        shutil.copy(path, folder / path.name)
    ro = Table(folder / t.path.name)
    make_read_only()
    before = ro.ledger_bytes()
    code, data = counts(ro)
    assert code == 0 and data == {"problems": [], "replayed": 3, "skipped_verified": 0, "marked": 0, "sessions": 3, "hands": 5}
    r = ro.run("check")
    assert r.exit_code == 0 and r.stdout == "OK: 3 Abende, 5 Spiele geprüft.\n" and r.stderr == ""
    assert ro.ledger_bytes() == before


def v2_ledger(t):
    """Turn the ledger into one of schema version 2 (the release before the check marks)."""
    con = sqlite3.connect(t.ledger_path)
    con.execute("DROP TABLE verified")  # its triggers go with it
    con.execute("UPDATE meta SET value = '2' WHERE key = 'schema_version'")
    con.commit()
    con.close()


def test_a_version_2_ledger_is_migrated_with_a_backup_and_then_marked(make_table):
    t = season(make_table)
    expected = t.json("standings", "--all")
    v2_ledger(t)
    code, data = counts(t)
    assert code == 0 and data == {"problems": [], "replayed": 3, "skipped_verified": 0, "marked": 2, "sessions": 3, "hands": 5}
    backup = sqlite3.connect(t.ledger_path.with_name("test.v2-backup.sqlite"))
    assert backup.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()[0] == "2"
    assert backup.execute("SELECT count(*) FROM sqlite_master WHERE name LIKE 'verified%'").fetchone()[0] == 0
    con = sqlite3.connect(t.ledger_path)
    rows = "SELECT * FROM games ORDER BY id"
    assert backup.execute(rows).fetchall() == con.execute(rows).fetchall()
    backup.close()
    assert con.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()[0] == str(SCHEMA_VERSION)
    with pytest.raises(sqlite3.IntegrityError):
        con.execute("DELETE FROM verified")
    con.close()
    assert counts(t)[1]["skipped_verified"] == 2
    assert t.json("standings", "--all") == expected


def test_a_read_only_version_2_ledger_is_read_as_it_is(make_table, read_only_folder):
    from tests.conftest import Table

    t = season(make_table)
    expected = {cmd: t.json(cmd) for cmd in ("standings", "settle", "sheet")}
    v2_ledger(t)
    folder, make_read_only = read_only_folder
    for path in (t.path, t.ledger_path):
        shutil.copy(path, folder / path.name)
    ro = Table(folder / t.path.name)
    make_read_only()
    before = ro.ledger_bytes()
    code, data = counts(ro)
    assert code == 0 and data == {"problems": [], "replayed": 3, "skipped_verified": 0, "marked": 0, "sessions": 3, "hands": 5}
    for cmd, want in expected.items():
        assert ro.json(cmd) == want
    r = ro.run("add", "weiter")  # a write says the ledger cannot be written (no backup, no traceback)
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert ro.ledger_bytes() == before
    assert sorted(p.name for p in folder.iterdir()) == sorted([t.path.name, t.ledger_path.name])


def test_import_marks_the_closed_sessions_it_replayed(make_table, tmp_path):
    t = season(make_table)
    dump = tmp_path / "season.json"
    t.ok("export", "--all", "--format", "json", "--out", str(dump))
    fresh = make_table(name="fresh")
    fresh.ok("import", str(dump))
    assert [sid for sid, _ in marks(fresh)] == [1, 2]
    assert counts(fresh)[1] == {"problems": [], "replayed": 1, "skipped_verified": 2, "marked": 0, "sessions": 3, "hands": 5}


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_import_marks_under_the_fingerprints_check_reads_back(make_table, tmp_path, monkeypatch, jobs):
    """The import works the fingerprints out from the rows as it inserts them (it does not read
    the season back): they are the ones ``check`` reads from the ledger, for sessions with voids,
    edits and their restatements, an early payout, a reopening, renames and a comment with
    non-ASCII text, one process or helpers working a session a chunk."""
    from schafkopf_score.ledger import Ledger, loading

    t = season(make_table, replace={'all_pass = "redeal"': 'all_pass = "stock"'})
    t.ok("add", "weiter")
    t.ok("add", "weiter")
    t.ok("add", "sauspiel", "--player", "Cora", "--partner", "Dora", "--augen", "80")
    t.ok("void", "3", "--reason", "entered twice")  # the Sauspiel takes less Stock: restated
    t.ok("settle", "--player", "Anna")
    t.ok("add", "sauspiel", "--player", "Ben", "--partner", "Cora", "--augen", "61", "--comment", "Grüße, \"so\"")
    t.ok("settle", "--close", "--round", "50")
    t.ok("settle", "--reopen", "3", "--reason", "vergessen")
    t.ok("settle", "--close")
    t.ok("player", "rename", "Dora", "Dorothea")
    t.ok("add", "wenz", "--player", "Dorothea", "--augen", "80")
    dump = tmp_path / "season.json"
    t.ok("export", "--all", "--format", "json", "--out", str(dump))
    monkeypatch.setattr(loading, "CHUNK_GAMES", 1)
    read = []
    monkeypatch.setattr(Ledger, "fingerprints", lambda self, read_=Ledger.fingerprints: (read.append(1), read_(self))[1])
    fresh = make_table(name="fresh")
    fresh.ok("import", str(dump), "--jobs", jobs)
    assert read == [], "the import read no fingerprint back"
    with Ledger(fresh.ledger_path, create=False) as ledger:
        read_back = ledger.fingerprints()
        counts_ = {table: ledger.conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
                   for table in ("voids", "restatements", "payments", "reopenings", "closings")}
    assert all(counts_.values()), counts_
    assert marks(fresh) == [(sid, read_back[sid]) for sid in (1, 2, 3)]
    found = counts(fresh)[1]
    assert {k: found[k] for k in ("problems", "replayed", "skipped_verified", "marked")} == {
        "problems": [], "replayed": 1, "skipped_verified": 3, "marked": 0}
