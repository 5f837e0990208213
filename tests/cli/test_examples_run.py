"""Every ``--help`` example runs as printed, in order, in a fresh folder, through the installed
command (issue 12: three pasted examples used to fail). The shell blocks of the README and of
every page under docs/ run in tests/cli/test_docs.py."""

import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from schafkopf_score.cli.app import app
from tests.conftest import CliRunner

pytestmark = [pytest.mark.slow, pytest.mark.parallel]


# The order in which a new table's evening uses the commands; each command's help examples run
# in this order, so that an example may build on the ones before it (a table, hands, an export).
STORY = ("new", "rules", "calc", "add", "play", "sheet", "standings", "undo", "void", "edit", "stats",
         "export", "import", "check", "settle", "rating", "draw", "player", "tournament",
         None)  # None: the examples of ``schafkopf --help``
# commands whose examples serve until Ctrl-C: documented like the rest, run by their own tests
# (tests/server/test_server_*.py start ``schafkopf serve`` on a free port), not in the story
SERVING = ("serve",)


def _shim(folder: Path) -> dict[str, str]:
    """A ``schafkopf`` on PATH that runs this interpreter's package, as ``pip install`` would."""
    bin_dir = folder / ".bin"
    bin_dir.mkdir()
    script = bin_dir / "schafkopf"
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m schafkopf_score "$@"\n', encoding="utf-8")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    env = {k: v for k, v in os.environ.items() if k != "SCHAFKOPF_TABLE"}
    env.update(PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}", COLUMNS="100", LC_ALL="C.UTF-8")
    return env


def _run(commands: list[str], folder: Path) -> None:
    env = _shim(folder)
    for command in commands:
        r = subprocess.run(["bash", "-c", command], cwd=folder, env=env, capture_output=True, text=True,
                           stdin=subprocess.DEVNULL, timeout=60)
        assert r.returncode == 0, f"{command!r} failed ({r.returncode}):\n{r.stdout}\n{r.stderr}"


def help_examples(command: str | None) -> list[str]:
    args = [command, "--help"] if command else ["--help"]
    r = CliRunner().invoke(app, args, env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    return [m.strip() for m in re.findall(r"^\s*Example: (.*)$", r.stdout, re.M)]


def test_every_command_has_a_help_example():
    from typer.main import get_command

    names = set(get_command(app).commands)  # type: ignore[attr-defined]
    assert names <= set(STORY) | set(SERVING), f"put the new command(s) {names - set(STORY)} into STORY"
    assert help_examples(None), "schafkopf --help shows no example"
    for name in names:
        assert help_examples(name), f"schafkopf {name} --help shows no example"


def test_help_examples_run_as_printed_in_a_fresh_folder(tmp_path):
    commands = [c for name in STORY for c in help_examples(name)]
    assert len(commands) >= len(STORY)
    _run(commands, tmp_path)
