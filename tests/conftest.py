import os
import re
import signal
from pathlib import Path

import pytest
import typer.main
import typer.testing
from hypothesis import HealthCheck, settings

from schafkopf_score.cli.app import app
from schafkopf_score.rules.model import GameEntry
from schafkopf_score.rules.play import play, start_state
from schafkopf_score.rules.registry import find_family
from schafkopf_score.table import make_rules
from schafkopf_score.table.file import render_table

# a test run started in the background of a shell without job control inherits SIGINT ignored,
# and so would every program it starts: the tests that press Ctrl-C (a server, an import) would
# see nothing happen. A Python handler is reset to the default in a started program; ignoring is not.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

_built: dict[int, object] = {}


class CliRunner(typer.testing.CliRunner):
    """typer's ``CliRunner``, but the click command tree of an app is built once: typer builds it
    anew on every ``invoke`` (about 35 ms, three quarters of a test's CLI call), and the tree of our
    app never changes. Public API only: ``typer.main.get_command`` builds the tree, the runner's
    ``isolation`` gives the streams, ``typer.testing.Result`` holds the answer (what typer's own
    ``invoke`` does, without the rebuild)."""

    def invoke(self, app, args=None, input=None, env=None, catch_exceptions=True, color=False, **extra):
        import shlex
        import sys

        if id(app) not in _built:
            _built[id(app)] = typer.main.get_command(app)
        cli = _built[id(app)]
        if isinstance(args, str):
            args = shlex.split(args)
        prog_name = extra.pop("prog_name", None) or self.get_default_prog_name(cli)
        return_value, exception, exit_code, exc_info = None, None, 0, None
        with self.isolation(input=input, env=env, color=color) as (out, err, both):
            try:
                return_value = cli.main(args=args or (), prog_name=prog_name, **extra)
            except SystemExit as e:
                exc_info = sys.exc_info()
                code = 0 if e.code is None else e.code
                if code != 0:
                    exception = e
                if not isinstance(code, int):
                    sys.stdout.write(f"{code}\n")
                    code = 1
                exit_code = code
            except Exception as e:
                if not catch_exceptions:
                    raise
                exception, exit_code, exc_info = e, 1, sys.exc_info()
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                stdout, stderr, output = out.getvalue(), err.getvalue(), both.getvalue()
        return typer.testing.Result(runner=self, stdout_bytes=stdout, stderr_bytes=stderr, output_bytes=output,
                                    return_value=return_value, exit_code=exit_code, exception=exception,
                                    exc_info=exc_info)


settings.register_profile("ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

FOUR = ["Anna", "Ben", "Cora", "Dora"]


def score(rules, game, **kw):
    """Payouts of one hand as a dict (first hand of a session unless ``state`` is given)."""
    state = kw.pop("state", None) or start_state(rules)
    return play(GameEntry(game, **kw), rules, state).outcome


def payouts(rules, game, **kw):
    return score(rules, game, **kw).payout_map()


@pytest.fixture(autouse=True)
def _in_a_temporary_folder(tmp_path, monkeypatch):
    """Every test runs in its own temporary folder: a stray relative path (an --out FILE, a
    default schafkopf.toml) can never write into the repository."""
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def bav():
    return make_rules("bavarian", FOUR)


class Table:
    """A table file in a temp folder and a CliRunner bound to it."""

    def __init__(self, path: Path):
        self.path = path
        self.runner = CliRunner()

    def run(self, *args: str, input=None):
        return self.runner.invoke(app, ["--table", str(self.path), *args], input=input,
                                  env={"COLUMNS": "120", "SCHAFKOPF_TABLE": ""})

    def ok(self, *args: str):
        r = self.run(*args)
        assert r.exit_code == 0, (r.exit_code, r.output, r.stderr if hasattr(r, "stderr") else "")
        return r

    def refused(self, *args: str):
        """A refusal: exit 2, and neither the table file nor the ledger changed; its message."""
        before = (self.path.read_bytes(), self.ledger_bytes())
        r = self.run(*args)
        assert r.exit_code == 2, (r.exit_code, r.stdout, r.stderr)
        assert (self.path.read_bytes(), self.ledger_bytes()) == before
        return r.stderr

    def json(self, *args: str):
        import json

        return json.loads(self.ok(*args, "--json").stdout)

    @property
    def ledger_path(self) -> Path:
        return self.path.with_suffix(".sqlite")

    def ledger_bytes(self) -> bytes | None:
        return self.ledger_path.read_bytes() if self.ledger_path.exists() else None


# Words that give a language away in an error message (quoted input and names are left out first);
# tests/cli/test_language_refusals.py holds every refusal of the catalogue and a list through the CLI to them.
_ENGLISH = re.compile(r"\b(the|is|not|with|must|cannot|only|this|that|from|Enter|Use|Add|Give|Set|or|and)\b")
_GERMAN = re.compile(r"\b(der|die|das|ist|nicht|mit|muss|kein|keine|nur|dieser|diese|oder|und|Gib|Nimm|Setz)\b")


def wrong_language_words(text: str, lang: str) -> list[str]:
    """The words of the other language in ``text`` (meant to be in ``lang``), leaving out what is
    quoted, options, bracketed usage, paths and file names, and the players' names."""
    prose = re.sub(r"'[^']*'|\"[^\"]*\"|--?[\w-]+|\[[^\]]*\]|\S*[/\\.]\S*", " ", text)
    for name in FOUR:
        prose = prose.replace(name, " ")
    return (_ENGLISH if lang == "de" else _GERMAN).findall(prose)


def assert_language(stderr: str, lang: str, args=()) -> None:
    """An error message is in ``lang``: its frame (``Fehler:``/``Error:``) and its words."""
    frame = "Fehler: " if lang == "de" else "Error: "
    assert stderr.startswith(frame) or "\n" + frame in stderr or stderr.startswith("Line ") or \
        stderr.startswith("Zeile "), (lang, args, stderr)
    wrong = wrong_language_words(stderr, lang)
    assert not wrong, (lang, args, wrong, stderr)


def tamper_sqlite(path, sql, *params):
    """Change a stored row behind the program's back as a careful forger would: the append-only
    triggers dropped, the row changed, the triggers made again (so that ``check`` has only the
    rows themselves to go by; a dropped guard is a problem of its own)."""
    import sqlite3

    from schafkopf_score.ledger.schema import _triggers

    con = sqlite3.connect(path)
    triggers = {name: text for name, text in con.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'")}
    for name in triggers:
        con.execute(f'DROP TRIGGER "{name}"')
    con.execute(sql, params)
    for text in triggers.values():
        con.execute(text)
    con.commit()
    con.close()
    assert _triggers  # the guards a ledger is made with


@pytest.fixture
def make_table(tmp_path):
    """``make_table(players=..., preset=..., extra='[rules] ...')`` writes a table file."""

    def make(players=FOUR, family="bavarian", preset="official", tariff=None, seats=None, language=None,
             replace: dict | None = None, name="test"):
        text = render_table(find_family(family), list(players), name=name, seats=seats, preset=preset,
                            tariff=tariff, language=language)
        for old, new in (replace or {}).items():
            assert old in text, old
            text = text.replace(old, new)
        path = tmp_path / f"{name}.toml"
        path.write_text(text, encoding="utf-8")
        return Table(path)

    return make


def kill_at_random_moments(command, times: int, seed: int) -> list[str]:
    """Run ``command(tag)`` (an entry tagged by its comment) once to time it, then ``times``
    times, each killed with SIGKILL at a random moment within twice that time (before, during
    or after its commit). Returns the tags whose command said it recorded. A command not killed
    either recorded (exit 0) or was refused in the table's language (German here)."""
    import random
    import signal
    import subprocess
    import time

    rng = random.Random(seed)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    t0 = time.perf_counter()
    subprocess.run(command("timing"), check=True, capture_output=True, env=env)
    window = 2.0 * (time.perf_counter() - t0)
    acknowledged = ["timing"]
    for i in range(times):
        tag = f"run-{i}"
        p = subprocess.Popen(command(tag), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
        time.sleep(rng.uniform(0.0, window))
        p.send_signal(signal.SIGKILL)
        rc = p.wait()
        err = p.stderr.read().decode()
        p.stderr.close()
        if rc == 0:
            acknowledged.append(tag)
        else:
            assert rc == -signal.SIGKILL or rc == 2 and "Fehler" in err, (rc, err)
    assert 1 < len(acknowledged) < times + 1, "the timing needs adjusting"
    return acknowledged


# -- a real PostgreSQL server (the storage contract suite, tournaments on PostgreSQL) -----------

@pytest.fixture(scope="session")
def pg_server():
    """The address of a PostgreSQL server: ``SCHAFKOPF_TEST_PG`` (``.ci/run`` starts one and sets
    it), else a private one started for this test run (tests/pgserver.py). Without PostgreSQL
    installed the tests that need it are skipped, except in CI, where that is a failure."""
    url = os.environ.get("SCHAFKOPF_TEST_PG")
    folder = None
    if not url:
        from .pgserver import start

        try:
            url, folder = start()
        except Exception as exc:  # no programs, no postgres user, a server that does not start
            if os.environ.get("CI"):
                pytest.fail(f"CI must have a PostgreSQL server: {exc}")
            pytest.skip(f"no PostgreSQL server can be started here: {exc}")
    yield url
    if folder is not None:
        from .pgserver import stop

        stop(folder)


@pytest.fixture
def pg_url(pg_server):
    """A ledger address of its own for one test: a fresh schema of the server's database, chosen
    by the address (libpq's ``options``), so tests never see each other's rows."""
    import secrets

    import psycopg

    schema = f"t_{secrets.token_hex(6)}"
    with psycopg.connect(pg_server, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    joiner = "&" if "?" in pg_server else "?"
    return f"{pg_server}{joiner}options=-csearch_path%3D{schema}"


# -- Deutscher: partners drawn before every game (RULES §12) ------------------------------------

FIXED_PARTNERS = {'partners = "per_game"': 'partners = "fixed"'}  # make_table(replace=...): no draws


def draw_partners(t, first: str, second: str, active=FOUR) -> dict:
    """``schafkopf draw --seed S`` at a Deutscher table, with the seed whose lot pairs ``first``
    with ``second`` among ``active`` (the next hand's players), found by the engine's own lot."""
    import random

    from schafkopf_score.rules.deutscher import lot_pairs

    family = find_family("deutscher")
    for seed in range(1000):
        pairs = lot_pairs(family.lot(list(active), random.Random(seed)).cards)
        if {first, second} in ({*pairs[0]}, {*pairs[1]}):
            return t.json("draw", "--seed", str(seed))
    raise AssertionError(f"no seed pairs {first} with {second}")
