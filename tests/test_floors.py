"""The floors (issue 24): ``cli -> app -> store -> session -> rules -> core``.

Every module's imports are read with ``ast`` (at module level and inside functions, relative and
absolute; not those under ``if TYPE_CHECKING:``, which never run). An import may point to its own
floor or a lower one, never up, and no modules import each other in a circle, lazily or not.
A module that is not in ``FLOORS`` fails too: a new module must be given its floor. Imports made
by name at run time (``importlib.import_module``: the family registry, the package root's names,
the server's warm-up) are not read.

``python -m tests.test_floors`` prints the floors and their modules.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "schafkopf_score"

# top to bottom; an import may only point to its own floor or one below
ORDER = ("doors", "app", "features", "table", "store", "session", "rules", "core")

# a module's path under the package (dotted, without "schafkopf_score."; "__init__" is the
# package root itself) -> its floor; the longest prefix that matches a module counts
FLOORS = {
    # the doors: read input, call the app floor, render its answer; neither imports the other
    "cli": "doors",
    "server": "doors",
    "docs": "doors",
    "__main__": "doors",
    # the use cases, each once: the place resolved, the transaction owned, a typed answer
    "app": "app",
    # features the use cases call, with words of their own
    "tournament": "features",
    "export": "features",
    "insights": "features",
    # the table file and what is typed at it
    "table": "table",
    "entry": "table",
    "notation": "table",
    "vocabulary": "table",
    # the store: every SQL statement, both databases
    "ledger": "store",
    # a session as a log and its fold (pure)
    "session": "session",
    "rules": "rules",
    "money": "core",
    "errors": "core",
    "memo": "core",
    "files": "core",
    "text": "core",
    "i18n": "core",
    "__init__": "core",
}

# the doors of the house: none imports another; the CLI only starts the server (``schafkopf serve``)
DOORS = ("cli", "server")
STARTS_THE_SERVER = "cli.serve_cmd"


@dataclass(frozen=True)
class Arrow:
    """One import: ``source`` imports ``target`` at ``path:line``."""

    source: str
    target: str
    path: str
    line: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.source} imports {self.target}"


def floor_of(module: str) -> str | None:
    """The floor of a module named relative to the package (``ledger.store``), or None."""
    parts = module.split(".")
    for n in range(len(parts), 0, -1):
        floor = FLOORS.get(".".join(parts[:n]))
        if floor is not None:
            return floor
    return None


def _modules(package: Path) -> dict[str, Path]:
    """Each module's relative dotted name -> its file."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package).with_suffix("").parts)
        if parts[-1] == "__init__" and len(parts) > 1:
            parts.pop()
        found[".".join(parts)] = path
    return found


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import in the tree, at any depth, except those under ``if TYPE_CHECKING:``."""
    found: list[ast.Import | ast.ImportFrom] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def arrows(package: Path = PACKAGE) -> tuple[list[str], list[Arrow]]:
    """The modules of the package (named relative to it) and every import between them."""
    name = package.name
    modules = _modules(package)
    found: list[Arrow] = []
    for module, path in modules.items():
        is_package = path.name == "__init__.py"
        here = [] if module == "__init__" else module.split(".")
        base = here if is_package else here[:-1]  # the package a relative import starts from
        shown = str(path.relative_to(package.parent))
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"), filename=shown)):
            targets: list[list[str]] = []
            if isinstance(node, ast.Import):
                for alias in node.names:
                    parts = alias.name.split(".")
                    if parts[0] == name:
                        targets.append(parts[1:])
            else:
                if node.level:
                    parts = base[: len(base) - node.level + 1] + (node.module.split(".") if node.module else [])
                else:
                    mod = (node.module or "").split(".")
                    if mod[0] != name:
                        continue
                    parts = mod[1:]
                for alias in node.names:
                    sub = ".".join([*parts, alias.name])
                    targets.append(sub.split(".") if sub in modules else list(parts))
            for target_parts in targets:
                target = ".".join(target_parts) if target_parts else "__init__"
                while target not in modules and "." in target:
                    target = target.rsplit(".", 1)[0]
                arrow = Arrow(module, target, shown, node.lineno)
                if target in modules and target != module and arrow not in found:
                    found.append(arrow)
    return list(modules), found


def upward(modules: list[str], found: list[Arrow]) -> list[str]:
    """Modules with no floor, and every arrow that points to a higher floor."""
    problems = [f"{m}: no floor; add it to FLOORS in tests/test_floors.py" for m in modules if floor_of(m) is None]
    for arrow in found:
        source, target = floor_of(arrow.source), floor_of(arrow.target)
        if source is None or target is None:
            continue
        if ORDER.index(target) < ORDER.index(source):
            problems.append(f"{arrow} (up: {source} -> {target})")
    return problems


def circles(modules: list[str], found: list[Arrow]) -> list[str]:
    """Every circle of imports (one per group of modules that reach each other), with its lines."""
    out: dict[str, list[Arrow]] = {m: [] for m in modules}
    for arrow in found:
        out[arrow.source].append(arrow)
    # Tarjan's strongly connected components
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for arrow in out[v]:
            w = arrow.target
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for m in modules:
        if m not in index:
            strong(m)
    problems = []
    for group in sorted(groups):
        members = set(group)
        lines = [str(a) for m in group for a in out[m] if a.target in members]
        problems.append("circle " + " <-> ".join(group) + ":\n    " + "\n    ".join(lines))
    return problems


def listing(package: Path = PACKAGE) -> str:
    """The floors, top to bottom, and the modules on each."""
    modules, _ = arrows(package)
    rows = []
    for floor in ORDER:
        names = sorted(m for m in modules if floor_of(m) == floor)
        rows.append(f"{floor}: {', '.join(names) if names else '-'}")
    return "\n".join(rows)


def test_no_import_goes_up() -> None:
    problems = upward(*arrows())
    assert not problems, "\n" + "\n".join(problems)


def doors_apart(found: list[Arrow]) -> list[str]:
    """Every import from one door into another (the server borrowing the CLI's code)."""
    def door(module: str) -> str | None:
        top = module.split(".", 1)[0]
        return top if top in DOORS else None

    return [str(a) for a in found if door(a.source) and door(a.target) and door(a.source) != door(a.target)
            and a.source != STARTS_THE_SERVER]


def folder_circles(modules: list[str], found: list[Arrow]) -> list[str]:
    """Circles between folders (``evening`` <-> ``tournament``): each module counted as its top
    folder (a module at the package root as itself)."""
    def folder(module: str) -> str:
        return module.split(".", 1)[0]

    tops = sorted({folder(m) for m in modules})
    lifted = {Arrow(folder(a.source), folder(a.target), a.path, a.line) for a in found if folder(a.source) != folder(a.target)}
    return circles(tops, sorted(lifted, key=lambda a: (a.source, a.target, a.path, a.line)))


def test_no_door_imports_another() -> None:
    problems = doors_apart(arrows()[1])
    assert not problems, "\n" + "\n".join(problems)


def test_no_circle_between_folders() -> None:
    problems = folder_circles(*arrows())
    assert not problems, "\n" + "\n".join(problems)


def test_no_import_circle() -> None:
    problems = circles(*arrows())
    assert not problems, "\n" + "\n".join(problems)


def test_the_check_catches_an_arrow_up_and_a_circle(tmp_path: Path) -> None:
    package = tmp_path / "schafkopf_score"
    (package / "rules").mkdir(parents=True)
    files = {
        "__init__.py": '__version__ = "0"\n',
        "money.py": "def f():\n    from .cli import run\n",
        "cli/__init__.py": "from schafkopf_score.money import f\n\ndef run(): ...\n",
        "rules/__init__.py": "",
        "rules/a.py": "from .b import x\n",
        "rules/b.py": "x = 1\n\ndef g():\n    from schafkopf_score.rules import a\n",
        "rules/c.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..cli import run\n",
        "stray.py": "",
    }
    for name, text in files.items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(text, encoding="utf-8")
    modules, found = arrows(package)
    up = upward(modules, found)
    assert up == [
        "stray: no floor; add it to FLOORS in tests/test_floors.py",
        "schafkopf_score/money.py:2: money imports cli (up: core -> doors)",
    ]
    round_ = circles(modules, found)
    assert len(round_) == 2
    assert round_[0].startswith("circle cli <-> money:")
    assert round_[1].startswith("circle rules.a <-> rules.b:")
    assert "schafkopf_score/rules/b.py:4: rules.b imports rules.a" in round_[1]
    assert "rules/c.py" not in "\n".join(up + round_)  # TYPE_CHECKING imports never run


if __name__ == "__main__":
    print(listing())
