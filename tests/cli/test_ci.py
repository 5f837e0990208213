"""CI runs exactly the README's test command, in a virtual environment it makes itself (so that
nothing installed by hand on a machine can hide a missing install step)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _test_command(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip().startswith("pip install '.[test]'")]


def test_ci_runs_the_readmes_test_command_word_for_word():
    readme = _test_command((ROOT / "README.md").read_text(encoding="utf-8"))
    ci = _test_command((ROOT / ".ci" / "run").read_text(encoding="utf-8"))
    assert len(readme) == 1 and ci == readme, (readme, ci)


def test_ci_makes_its_own_virtual_environment_before_it():
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    venv = re.search(r'^python3 -m venv "(\$WORK/venv)"$', script, re.M)
    activate = script.find('source "$WORK/venv/bin/activate"')
    assert venv and 0 < venv.start() < activate < script.find("pip install '.[test]'")


def test_the_package_needs_no_click_of_its_own():
    """typer 0.28 brings its own copy of click and no longer installs ``click``: a fresh
    environment has none, so the package must not import it (mypy stopped there once)."""
    for path in (ROOT / "schafkopf_score").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"^\s*(from click\b|import click\b)", text, re.M), path


def test_every_page_test_runs_in_the_browser_step():
    """A test that drives Chromium (the ``phones`` or ``browser`` fixture) is marked ``browser``
    (``needs_browser``): CI runs those on both processors in a step of their own, and one left in
    the one-at-a-time step makes it minutes longer."""
    unmarked = []
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        drives = re.search(r"^def test_\w+\([^)]*\b(phones|browser)\b", text, re.M)
        if drives and "needs_browser" not in text and "pytest.mark.browser" not in text:
            unmarked.append(path.relative_to(ROOT).as_posix())
    assert not unmarked, unmarked
