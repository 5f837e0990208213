"""The README's set-up commands hold: CI runs exactly its test command. The rest of what the
README and the pages under docs/ show (TOML blocks, shell blocks, links, generated pages) is
checked by tests/cli/test_docs.py."""

import re
from pathlib import Path

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


def test_ci_runs_exactly_the_readme_test_command():
    blocks = re.findall(r"```sh\n(pip install '\.\[test\]'.*?)\n```", README, re.S)
    assert len(blocks) == 1, "the README has one test command"
    ci = (Path(__file__).resolve().parents[2] / ".ci" / "run").read_text(encoding="utf-8")
    assert ci.rstrip().splitlines()[-1] == blocks[0]


def test_the_readme_shows_the_example_evening_first():
    blocks = re.findall(r"```sh\n(pip install \..*?)\n```", README, re.S)
    assert blocks == ["pip install . && schafkopf --table examples/stammtisch.toml sheet && "
                      "schafkopf --table examples/stammtisch.toml settle"]
