"""The server guide's install line is one that works (issue 35): the package is not on PyPI, so
the line installs the checkout it stands in (``pip install '.[serve]'``), and the extra it names
is the one pyproject.toml declares, holding every library the server imports; the command's own
hint, when the extra is missing, says the same line."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from schafkopf_score.i18n import say

ROOT = Path(__file__).resolve().parents[2]
LINE = "pip install '.[serve]'"


def test_the_guides_install_line_is_the_extra_pyproject_declares():
    guide = (ROOT / "docs" / "guide" / "server.md").read_text(encoding="utf-8")
    lines = [line.strip() for line in guide.splitlines() if line.strip().startswith("pip install")]
    assert lines == [LINE]
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extra = re.fullmatch(r"pip install '\.\[(\w+)\]'", LINE).group(1)  # type: ignore[union-attr]
    wanted = {re.split(r"[<>=\[ ;]", req)[0].lower().replace("_", "-") for req in project["optional-dependencies"][extra]}
    # what the server imports (starlette routes, uvicorn serves, jinja2 pages, segno QR codes, the pool)
    assert {"starlette", "uvicorn", "jinja2", "segno", "psycopg-pool"} <= wanted, wanted
    assert (ROOT / "pyproject.toml").is_file()  # "." is the checkout: the project's folder


def test_the_commands_hint_for_a_missing_extra_says_the_same_line():
    for lang in ("en", "de"):
        assert LINE in say("server.needs_extra_hint", lang)
    assert "schafkopf-score[serve]" not in (ROOT / "docs" / "guide" / "server.md").read_text(encoding="utf-8")


def test_the_postgresql_install_line_names_an_extra_the_project_has():
    """The guide's and the hint's line for a PostgreSQL ledger: the ``postgresql`` extra of this
    project, installed from its folder (the program is not on PyPI under that name)."""
    import tomllib

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    assert any(dep.startswith("psycopg") for dep in extras["postgresql"])
    line = "pip install '.[postgresql]'"
    assert line in (ROOT / "docs" / "guide" / "postgresql.md").read_text(encoding="utf-8")
    for lang in ("en", "de"):
        assert line in say("data.pg_no_driver_hint", lang)
    assert "schafkopf-score[" not in (ROOT / "docs" / "guide" / "postgresql.md").read_text(encoding="utf-8")
