"""A large import is checked by helper processes, one per core (``ledger.loading``): the ledger
it writes is the one a single process writes, and a kill, a Ctrl-C or a helper that dies
leaves nothing behind: no ledger, no half-written file, no helper still running."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.store.test_hostile_import import _rows as rows
from tests.store.test_hostile_import import as_exported

ROOT = Path(__file__).resolve().parents[2]
FOUR = ["Anna", "Ben", "Cora", "Dora"]
HELPER_STOPPED = ("Error: A helper process of the import stopped before it was done; nothing was imported.\n"
                  "Run the import again; where memory is short, close other programs first.\n")
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "120", "SCHAFKOPF_TABLE": ""}


def replicated(evening: dict, copies: int) -> dict:
    """An export whose sessions are ``copies`` copies of the evening's closed sessions (new ids,
    one evening a day), as a season of that table would hold them."""
    sessions, game_id = [], 0
    for _ in range(copies):
        for template in evening["sessions"]:
            ids = {}
            games = []
            for g in template["games"]:
                game_id += 1
                ids[g["id"]] = game_id
                games.append({**g, "id": game_id, "replaces": ids[g["replaces"]] if g["replaces"] is not None else None})
            sessions.append({**template, "id": len(sessions) + 1, "games": games})
    return {**evening, "sessions": sessions}


@pytest.fixture(params=[400])
def season(make_table, tmp_path, request):
    """A season of 400 evenings of 16 hands (a void and an edit in each, each closed): 6,400 game
    rows, more than three chunks of the import (``long_season``: four times that)."""
    return season_export(make_table, tmp_path, request.param)


def season_export(make_table, tmp_path, copies: int):
    """The export of ``copies`` closed evenings of 16 hands (a void and an edit in each) at a
    table of four: one evening entered and replicated, written to ``season.json``."""
    t = make_table(players=FOUR, preset="wirtshaus", name="source", language="en")
    for i in range(5):
        t.ok("add", "sau", "be", "co", str(61 + i), "l3")
        t.ok("add", "herzsolo", "co", "105")
        t.ok("add", "wenz", "do", "40")
    t.ok("void", "2")
    t.ok("edit", "1", "k")
    t.ok("settle", "--close")
    path = tmp_path / "evening.json"
    t.ok("export", "--format", "json", "--all", "--out", str(path))
    data = replicated(json.loads(path.read_text(encoding="utf-8")), copies)
    out = tmp_path / "season.json"
    out.write_text(as_exported(data), encoding="utf-8")
    return out


long_season = pytest.mark.parametrize("season", [1600], indirect=True)  # 25,600 games: a few seconds


def cli(table, *args):
    return [sys.executable, "-m", "schafkopf_score", "--table", str(table), *args]


@pytest.mark.parametrize("start", ["fork", "spawn"])
def test_helpers_write_the_ledger_one_process_writes(make_table, season, monkeypatch, start):
    """Helpers forked (Linux) or spawned afresh (macOS, Windows) write what one process writes."""
    import multiprocessing

    if start not in multiprocessing.get_all_start_methods():
        pytest.skip(f"no {start} here")
    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: [start])
    helped = make_table(players=FOUR, preset="wirtshaus", name="helped", language="en")
    r = helped.run("import", str(season), "--jobs", "2", "--json")
    assert r.exit_code == 0, r.stderr
    assert json.loads(r.stdout) == {"imported": 6400}
    alone = make_table(players=FOUR, preset="wirtshaus", name="alone", language="en")
    alone.ok("import", str(season), "--jobs", "1")
    assert rows(helped.ledger_path) == rows(alone.ledger_path)
    report = helped.json("check", "--full")
    assert report["problems"] == [] and report["replayed"] == 400
    assert helped.json("settle", "--all")["balances"] == alone.json("settle", "--all")["balances"]


def helpers_of(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux: /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def start_import(table, season, **popen):
    """An import of the season with two helpers, once its helpers are running."""
    p = subprocess.Popen(cli(table.path, "import", str(season), "--jobs", "2"), stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env=ENV, text=True, **popen)
    deadline = time.monotonic() + 30
    while len(helpers_of(p.pid)) < 2:
        assert p.poll() is None, p.communicate()
        assert time.monotonic() < deadline, "the helpers never started"
        time.sleep(0.01)
    return p, helpers_of(p.pid)


def gone(pids, within=10.0):
    deadline = time.monotonic() + within
    while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    return not any(alive(pid) for pid in pids)


def no_leftovers(table):
    return not table.ledger_path.exists() and not [p.name for p in table.path.parent.iterdir()
                                                   if p.name.startswith(f".{table.ledger_path.name}")]


needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists() or len(os.sched_getaffinity(0)) < 2,
                                reason="reads /proc; helpers need two cores")


@needs_proc
@pytest.mark.slow
@long_season
def test_a_killed_import_leaves_no_helper_and_the_next_import_succeeds(make_table, season):
    t = make_table(players=FOUR, preset="wirtshaus", name="target", language="en")
    p, helpers = start_import(t, season)
    p.send_signal(signal.SIGKILL)
    p.communicate()
    assert gone(helpers), "a helper outlived the import that started it"
    assert not t.ledger_path.exists()
    assert [p.name for p in t.path.parent.iterdir() if p.name.startswith(".target.sqlite.")], \
        "killed while it built the ledger under its temporary name"
    r = subprocess.run(cli(t.path, "import", str(season)), capture_output=True, text=True, env=ENV)
    assert r.returncode == 0, r.stderr
    assert t.ledger_path.exists()
    assert not [p.name for p in t.path.parent.iterdir() if p.name.startswith(".target.sqlite.")]


@needs_proc
@pytest.mark.slow
@long_season
def test_ctrl_c_stops_the_import_and_its_helpers_without_a_traceback(make_table, season):
    t = make_table(players=FOUR, preset="wirtshaus", name="target", language="en")
    p, helpers = start_import(t, season, start_new_session=True)
    os.killpg(p.pid, signal.SIGINT)  # as a terminal sends it: to the whole process group
    out, err = p.communicate(timeout=60)
    assert p.returncode == 130, (out, err)
    assert err == "Interrupted; nothing half-written was kept.\n"
    assert gone(helpers)
    assert no_leftovers(t)


@needs_proc
@pytest.mark.slow
@long_season
def test_a_helper_that_dies_refuses_the_import_plainly(make_table, season):
    t = make_table(players=FOUR, preset="wirtshaus", name="target", language="en")
    p, helpers = start_import(t, season)
    os.kill(helpers[0], signal.SIGKILL)  # as the kernel's out-of-memory killer would
    out, err = p.communicate(timeout=60)
    assert p.returncode == 2, (out, err)
    assert err == HELPER_STOPPED, err
    assert gone(helpers)
    assert no_leftovers(t)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_export_is_read_a_few_chunks_ahead_of_what_is_written(make_table, season, monkeypatch, jobs):
    """Memory stays flat in the size of the export: the chunks are read from the file only a few
    ahead of the one being inserted (two per helper and one more), never the whole season."""
    from schafkopf_score.ledger import loading

    read, taken, ahead = [0], [0], []

    def chunks(*args, make=loading._chunks):
        for chunk in make(*args):
            read[0] += 1
            yield chunk

    def take(self, chunk, done, take=loading._Inserter.take):
        ahead.append(read[0] - taken[0])
        taken[0] += 1
        return take(self, chunk, done)

    monkeypatch.setattr(loading, "_chunks", chunks)
    monkeypatch.setattr(loading._Inserter, "take", take)
    monkeypatch.setattr(loading, "CHUNK_GAMES", 64)  # a hundred chunks
    t = make_table(players=FOUR, preset="wirtshaus", name="target", language="en")
    t.ok("import", str(season), "--jobs", jobs)
    assert taken[0] == read[0] == 100
    assert max(ahead) <= 2 * int(jobs) + 1, ahead  # two chunks a helper at most, and the one being read


def test_helpers_are_no_more_than_the_cores_a_container_grants(tmp_path):
    from schafkopf_score.ledger.loading import _usable_cores

    quota = tmp_path / "cpu.max"
    quota.write_text("150000 100000\n")  # one and a half cores: two helpers
    assert _usable_cores(str(quota)) == min(2, len(os.sched_getaffinity(0)))
    quota.write_text("50000 100000\n")
    assert _usable_cores(str(quota)) == 1
    quota.write_text("max 100000\n")
    assert _usable_cores(str(quota)) == min(8, len(os.sched_getaffinity(0)))
    assert _usable_cores(str(tmp_path / "missing")) == min(8, len(os.sched_getaffinity(0)))


@pytest.mark.parametrize("pause", [0.0, 0.5])
def test_a_helper_killed_while_the_next_chunk_is_read_refuses_plainly(make_table, season, monkeypatch, pause):
    """However the death of a helper is noticed (a chunk's work that never comes back, or the next
    chunk handed to a pool already broken), the import refuses in words, exit 2, nothing written."""
    import multiprocessing

    from schafkopf_score.ledger import loading

    def chunks(*args, make=loading._chunks):
        for i, chunk in enumerate(make(*args)):
            if i == 4:
                os.kill(multiprocessing.active_children()[0].pid, signal.SIGKILL)
                time.sleep(pause)
            yield chunk

    monkeypatch.setattr(loading, "_chunks", chunks)
    monkeypatch.setattr(loading, "CHUNK_GAMES", 64)
    t = make_table(players=FOUR, preset="wirtshaus", name="target", language="en")
    r = t.run("import", str(season), "--jobs", "2")
    assert r.exit_code == 2, r.output
    assert r.stderr == HELPER_STOPPED, r.stderr
    assert no_leftovers(t)


@needs_proc
@pytest.mark.slow
@long_season
def test_a_helper_killed_while_its_work_is_on_the_way_back_refuses_and_ends(make_table, season):
    """The importing process stopped (SIGSTOP) while a helper is killed halfway through sending
    its chunk's work back: resumed, the import refuses plainly and ends, with every helper gone
    (no helper waits on a lock the dead one held; each has a pipe of its own)."""
    killed = 0
    for attempt in range(4):
        t = make_table(players=FOUR, preset="wirtshaus", name=f"target{attempt}", language="en")
        p, helpers = start_import(t, season)
        time.sleep(0.1 * attempt)
        os.kill(p.pid, signal.SIGSTOP)
        time.sleep(0.5)  # the helpers finish their chunk and wait to send it
        try:
            os.kill(helpers[0], signal.SIGKILL)
        except ProcessLookupError:  # a fast machine: the helpers were done before the pause
            os.kill(p.pid, signal.SIGCONT)
            out, err = p.communicate(timeout=60)
            assert p.returncode == 0, (out, err)
            assert gone(helpers)
            continue
        killed += 1
        time.sleep(0.1)
        os.kill(p.pid, signal.SIGCONT)
        out, err = p.communicate(timeout=60)
        assert p.returncode == 2, (out, err)
        assert err == HELPER_STOPPED, err
        assert gone(helpers)
        assert no_leftovers(t)
    assert killed, "every import was done before a helper could be killed"


def test_no_more_helpers_than_cores_and_chunks(make_table, season, monkeypatch):
    """``--jobs 300`` on two cores starts two helpers; an export of two chunks never more than two."""
    from schafkopf_score.ledger import loading

    started = []
    monkeypatch.setattr(loading._Helpers, "_start", lambda self, start=loading._Helpers._start: (
        started.append(1), start(self))[1])
    monkeypatch.setattr(loading, "_usable_cores", lambda: 2)
    t = make_table(players=FOUR, preset="wirtshaus", name="target", language="en")
    t.ok("import", str(season), "--jobs", "300")
    assert len(started) == 2
    monkeypatch.setattr(loading, "_usable_cores", lambda: 8)
    monkeypatch.setattr(loading, "CHUNK_GAMES", 3300)  # 6,400 games: two chunks
    started.clear()
    t2 = make_table(players=FOUR, preset="wirtshaus", name="target2", language="en")
    t2.ok("import", str(season))
    assert len(started) == 2


def test_a_chunk_ends_at_its_size_in_text_too(monkeypatch):
    """Long texts in the rows (a comment, a reason) end a chunk early: what a helper holds stays
    small whatever the games say."""
    from schafkopf_score.ledger import loading
    from schafkopf_score.ledger.dump import RawSession

    monkeypatch.setattr(loading, "CHUNK_CHARS", 1000)
    sessions = iter([RawSession("{}", ["x" * 300] * 2) for _ in range(10)])  # 602 characters each
    chunks = list(loading._chunks(sessions, 2048, 1, 1))
    assert [len(c.sessions) for c in chunks] == [2, 2, 2, 2, 2]
    assert [(c.first_sid, c.first_gid) for c in chunks] == [(1, 1), (3, 5), (5, 9), (7, 13), (9, 17)]


@needs_proc
@pytest.mark.slow
@long_season
def test_a_helper_stopped_from_outside_refuses_the_import_and_leaves_nothing(make_table, season):
    """A helper stopped (SIGSTOP) while it works: the import neither hangs nor leaves its
    temporary ledger; the stopped helper is ended, the import refused plainly (issue 23)."""
    t = make_table(players=FOUR, preset="wirtshaus", name="target", language="en")
    p, helpers = start_import(t, season)
    os.kill(helpers[0], signal.SIGSTOP)
    try:
        out, err = p.communicate(timeout=60)
    finally:
        for pid in helpers:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
    assert p.returncode == 2, (out, err)
    assert err == HELPER_STOPPED, err
    assert gone(helpers)
    assert no_leftovers(t)
    r = subprocess.run(cli(t.path, "import", str(season)), capture_output=True, text=True, env=ENV)
    assert r.returncode == 0, r.stderr


@needs_proc
@pytest.mark.slow
@long_season
def test_an_import_stopped_whole_and_continued_goes_on(make_table, season):
    """Ctrl-Z of the whole import (helpers and all) and ``fg`` after a while longer than a
    helper may stay stopped alone: nothing is killed, the import ends as usual."""
    t = make_table(players=FOUR, preset="wirtshaus", name="target", language="en")
    p, helpers = start_import(t, season, start_new_session=True)
    os.killpg(p.pid, signal.SIGSTOP)
    time.sleep(7)
    os.killpg(p.pid, signal.SIGCONT)
    out, err = p.communicate(timeout=120)
    assert p.returncode == 0, (out, err)
    assert t.ledger_path.exists()


def test_the_imports_short_ways_make_what_the_long_ones_make():
    """The import's record, made at once, equals the record ``GameRecord`` makes field by field;
    a game's line read by the scanner is what ``json.loads`` reads, and a line it cannot read
    whole is refused in ``json.loads``' words."""
    import dataclasses

    from schafkopf_score.ledger.loading import _parse, _record
    from schafkopf_score.rules.model import GameEntry
    from schafkopf_score.session.records import GameRecord
    from schafkopf_score.table import make_rules

    fields = {"id": 7, "session_id": 2, "hand": 3, "replaces": 5, "created_at": "2024-01-01T19:00:00+00:00",
              "game": "sauspiel", "entry": GameEntry("sauspiel", player="Ben", partner="Cora", augen=72),
              "typed": "sau be co 72", "rules": make_rules("bavarian", FOUR), "unit": "cent",
              "payouts": {"Anna": -10, "Ben": 10, "Cora": 10, "Dora": -10}, "stock": 0, "outcome": {"won": True},
              "ruleset_id": 1, "void_kind": "void", "void_reason": "typo", "void_at": "2024-01-01T20:00:00+00:00",
              "restated": True}
    assert {f.name for f in dataclasses.fields(GameRecord)} == set(fields)
    assert _record(fields) == GameRecord(**fields)
    assert vars(_record(fields)) == vars(GameRecord(**fields))
    for line in ('{"id": 1, "entry": {"game": "weiter"}, "x": [1.5, -0, true, null, "\\u00e4\\n"]}', '[]', '"x"', '7',
                 # what orjson reads otherwise (a whole number beyond 64 bits: a float) or not at all
                 '{"a": 123456789012345678901234567890}', '{"a": -9223372036854775809, "b": 18446744073709551616}',
                 '{"a": 1.2345678901234567890123}', '{"a": NaN, "b": -Infinity, "c": 1e400}', '{"a": "\\ud800"}',
                 ' {"a": 1} ', '{"a": 1, "a": 2}', '{"a": "\u2028"}'):
        assert repr(_parse(line)) == repr(json.loads(line)), line
    for line in ('{"id": 1} {"id": 2}', '{"id": 1', '', 'NaNa', '\ufeff{}', '{"a": [1, 2}', '1 2', '{"id": 1}]',
                 '{"a": "x\ty"}', '{"a": 01}', '{"a": .5}', '{"a": 1,}', "{'a': 1}"):
        with pytest.raises(ValueError) as ours:
            _parse(line)
        with pytest.raises(ValueError) as theirs:
            json.loads(line)
        assert (type(ours.value), str(ours.value)) == (type(theirs.value), str(theirs.value))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4), max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_a_line_is_read_as_json_reads_it(value):
    """Whatever value a line holds (any whole number, NaN and the infinities, any text, lone
    surrogates included), the import reads it as ``json.loads`` does, type for type."""
    from schafkopf_score.ledger.loading import _parse

    for text in (json.dumps(value), json.dumps(value, ensure_ascii=False)):
        assert repr(_parse(text)) == repr(json.loads(text))


@settings(max_examples=300, deadline=None)
@given(json_values, json_values)
def test_two_values_of_one_memo_key_are_stored_alike(a, b):
    """The key the import remembers an entry's and an outcome's stored text by names the value
    whole: two values of one key store the same text (1, 1.0 and true apart; NaN never taken
    for null)."""
    from schafkopf_score.ledger.loading import _key

    ka, kb = _key(a), _key(b)
    if ka is not None and ka == kb:
        assert json.dumps(a, ensure_ascii=False) == json.dumps(b, ensure_ascii=False)
    assert len({_key(1), _key(1.0), _key(True)}) == 3
    assert _key(float("nan")) is None and _key({"a": None}) is None and _key(2**70) is None
