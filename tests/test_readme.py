"""The README's examples hold: every table file in it loads, every command it lists exists."""

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from schafkopf_score.cli.app import app
from schafkopf_score.table import load_table

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
TOML_BLOCKS = re.findall(r"```toml\n(.*?)```", README, re.S)


@pytest.mark.parametrize("text", TOML_BLOCKS, ids=[f"block{i}" for i in range(len(TOML_BLOCKS))])
def test_readme_table_files_load(tmp_path, text):
    path = tmp_path / "t.toml"
    path.write_text(text, encoding="utf-8")
    load_table(path)


def test_readme_commands_exist():
    names = set(re.findall(r"^schafkopf (?:--table \S+ )?([a-z]+)", README, re.M))
    assert {"new", "calc", "add", "sheet", "settle", "export", "import", "draw"} <= names
    for name in names:
        r = CliRunner().invoke(app, [name, "--help"])
        assert r.exit_code == 0, name


def test_readme_settle_example_is_what_the_example_table_prints(tmp_path):
    import shutil

    block = re.search(r"```text\n\$ schafkopf --table examples/stammtisch.toml settle\n(.*?)```", README, re.S)
    assert block, "the README shows the example table's settle"
    examples = Path(__file__).resolve().parents[1] / "examples"
    for name in ("stammtisch.toml", "stammtisch.sqlite"):  # a copy: the repository stays untouched
        shutil.copy(examples / name, tmp_path / name)
    r = CliRunner().invoke(app, ["--table", str(tmp_path / "stammtisch.toml"), "settle"])
    assert r.exit_code == 0, r.output
    assert r.stdout == block.group(1)


def test_ci_runs_exactly_the_readme_test_command():
    blocks = re.findall(r"```sh\n(pip install '\.\[test\]'.*?)\n```", README, re.S)
    assert len(blocks) == 1, "the README has one test command"
    ci = (Path(__file__).resolve().parents[1] / ".ci" / "run").read_text(encoding="utf-8")
    assert ci.rstrip().splitlines()[-1] == blocks[0]
