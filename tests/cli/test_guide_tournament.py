"""The organiser's guide (docs/guide/tournament.md): its shell blocks run as printed, in order, in
one shell in a fresh folder, and the outputs it shows are what the commands print."""

import re
import subprocess
from pathlib import Path

import pytest

from tests.cli.test_examples_run import _shim

pytestmark = [pytest.mark.slow, pytest.mark.parallel]

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "guide" / "tournament.md"


def test_the_tournament_guide_runs_as_printed_and_shows_what_it_prints(tmp_path):
    text = GUIDE.read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", text, re.S)
    assert len(blocks) >= 8
    env = _shim(tmp_path)
    r = subprocess.run(["bash", "-c", "set -e\n" + "\n".join(blocks)], cwd=tmp_path, env=env, capture_output=True,
                       text=True, stdin=subprocess.DEVNULL, timeout=300)
    assert r.returncode == 0, f"a guide block failed:\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}"
    printed = r.stdout + r.stderr
    # every line of every output block the guide shows (but "...") is printed by its commands
    shown, inside = [], None
    for line in text.splitlines():
        if line.startswith("```"):
            inside = None if inside is not None else line[3:]
        elif inside == "" and line.strip() and line.strip() != "...":  # an output block (no language)
            shown.append(line)
    missing = [line for line in shown if line not in printed]
    assert not missing, missing
    assert (tmp_path / "bloecke-1.html").read_text(encoding="utf-8").count('<section class="sheet">') == 3
