"""The generated parts of the documentation, made from the code: ``python -m schafkopf_score.docs``.

Nothing the docs say about a command, an option, a table-file key, a default or a ``--json``
shape is written by hand: this module makes it from the program itself.

- Whole pages: ``docs/reference/commands.md`` (every command's ``--help``, rendered in-process
  at a fixed width), ``docs/reference/table-file.md`` (every key with its default and meaning,
  from the key specs and the catalogue), ``docs/reference/json.md`` (the ``--json`` shapes and
  the JSON export, each from a real run of the commands shown on a fresh table),
  ``docs/schafkopf.1`` (the man page, from the same help texts) and ``docs/cheatsheet.html``
  (``docs/cheatsheet.md`` with a print stylesheet for A4).
- Marked blocks inside hand-written pages (README.md and docs/**/*.md): the text between
  ``<!-- BEGIN generated NAME ... -->`` and ``<!-- END generated NAME -->`` is made by the block
  generator ``NAME`` (a family's tariff and house-rule tables, the README's command list).

``python -m schafkopf_score.docs`` writes every page; ``--check`` writes nothing and lists the
pages that differ (exit 1). ``tests/cli/test_docs.py`` fails on a stale page and names this command.
The CLI never imports this package, so it costs a one-shot command nothing. The parts:
``commands`` (the reference, the man page), ``keys`` (the table-file keys, the family tables),
``runs`` (the ``--json`` contract and the transcripts), ``cheatsheet`` (its HTML).
"""


from __future__ import annotations

import functools
import re
import sys
from collections.abc import Callable
from pathlib import Path

from ..rules.registry import REGISTRY
from .cheatsheet import cheatsheet_html
from .commands import command_tree, commands_page, man_page, options_of, readme_commands
from .common import REGENERATE, ROOT, anchor
from .keys import family_block, table_file_page
from .runs import TRANSCRIPTS, json_page, transcript

__all__ = ["REGENERATE", "ROOT", "anchor", "blocks", "command_tree", "expected", "fill_blocks", "main",
           "options_of", "stale"]

FAMILY_PAGES = tuple(REGISTRY)  # a page per family, in the registry's order
MARK = re.compile(r"(<!-- BEGIN generated ([\w-]+)[^>]*-->\n)(.*?)(<!-- END generated \2 -->)", re.S)


def blocks() -> dict[str, Callable[[], str]]:
    """Every named block a hand-written page may hold, and what makes it."""
    made: dict[str, Callable[[], str]] = {"readme-commands": readme_commands}
    for name in TRANSCRIPTS:
        made[f"transcript-{name}"] = functools.partial(transcript, name)
    for name in FAMILY_PAGES:
        for kind in ("tariff", "rules", "games", "presets"):
            made[f"{name}-{kind}"] = functools.partial(family_block, kind, name)
    return made


def whole_pages(root: Path) -> dict[Path, Callable[[], str]]:
    docs = root / "docs"
    return {
        docs / "reference" / "commands.md": commands_page,
        docs / "reference" / "table-file.md": table_file_page,
        docs / "reference" / "json.md": json_page,
        docs / "schafkopf.1": man_page,
        docs / "cheatsheet.html": lambda: cheatsheet_html(root),
    }


def marked_pages(root: Path) -> list[Path]:
    """The hand-written pages that may hold generated blocks."""
    return [root / "README.md", *sorted((root / "docs").rglob("*.md"))]


def fill_blocks(text: str, where: str = "") -> str:
    """A page's text with every generated block made anew."""
    made = blocks()

    def fill(m: re.Match[str]) -> str:
        name = m.group(2)
        if name not in made:
            raise KeyError(f"{where}: no generator for the block {name!r}; known: {', '.join(made)}")
        return m.group(1) + made[name]() + m.group(4)

    return MARK.sub(fill, text)


def expected(root: Path = ROOT) -> dict[Path, str]:
    """Every generated page's text as the generator makes it now (marked pages: whole, filled)."""
    out = {path: make() for path, make in whole_pages(root).items()}
    for path in marked_pages(root):
        if path in out or not path.exists():
            continue
        text = path.read_text(encoding="utf-8")
        if MARK.search(text):
            out[path] = fill_blocks(text, str(path.relative_to(root)))
    return out


def stale(root: Path = ROOT) -> list[Path]:
    """The generated pages that differ from what the generator makes now."""
    return [path for path, text in expected(root).items()
            if not path.exists() or path.read_text(encoding="utf-8") != text]


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not (ROOT / "pyproject.toml").exists():
        print("Run this in a source checkout of schafkopf-score (it writes docs/).", file=sys.stderr)
        return 2
    if args == ["--check"]:
        old = stale()
        for path in old:
            print(f"stale: {path.relative_to(ROOT)}")
        if old:
            print(f"Regenerate with: {REGENERATE}")
        return 1 if old else 0
    if args:
        print(f"usage: {REGENERATE} [--check]", file=sys.stderr)
        return 2
    for path, text in expected().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    return 0
