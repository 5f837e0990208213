import os
from pathlib import Path

import pytest
import typer.testing
from hypothesis import HealthCheck, settings
from typer.testing import CliRunner

from schafkopf_score.cli.app import app
from schafkopf_score.rules.model import GameEntry
from schafkopf_score.rules.play import play, start_state
from schafkopf_score.rules.registry import find_family
from schafkopf_score.table import make_rules, render_table

# typer builds the click command tree anew on every CliRunner.invoke (about 35 ms, three
# quarters of a test's CLI call); the tree of our app never changes, so the tests build it once.
_build_command = typer.testing._get_command
_built: dict[int, object] = {}


def _command_once(app):
    if id(app) not in _built:
        _built[id(app)] = _build_command(app)
    return _built[id(app)]


typer.testing._get_command = _command_once

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

    def json(self, *args: str):
        import json

        return json.loads(self.ok(*args, "--json").stdout)

    @property
    def ledger_path(self) -> Path:
        return self.path.with_suffix(".sqlite")

    def ledger_bytes(self) -> bytes | None:
        return self.ledger_path.read_bytes() if self.ledger_path.exists() else None


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
