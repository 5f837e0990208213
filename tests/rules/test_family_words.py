"""Family words stay with the family (issue 24, item 7): each rule family's messages live in its
own package and join the catalogue when the family is loaded, and no shared module names a
family, so a family's words and branches cannot drift back into the shared floors.
"""

from __future__ import annotations

import ast
import importlib
import re
import subprocess
import sys
from pathlib import Path

from schafkopf_score.i18n import catalogue
from schafkopf_score.rules.registry import FAMILIES, REGISTRY

PACKAGE = Path(__file__).resolve().parents[2] / "schafkopf_score"
FAMILY_IDS = tuple(REGISTRY)
# a family's id as code says it: "bavarian", rules.bavarian, BAVARIAN_TRIGGERS, engine.help.bavarian
_NAMED = re.compile(r"(?<![a-z])(" + "|".join(FAMILY_IDS) + r")(?![a-z])", re.IGNORECASE)
# the shared modules that may name a family: the registry, where the families are data, and the
# documentation's example sessions and the German --help's examples, command lines as a user types
# them (``--family bavarian``)
ALLOWED = {"rules/registry.py", "docs/runs.py", "cli/help_de.py"}


def _family_package(path: Path) -> bool:
    parts = path.relative_to(PACKAGE).parts
    return len(parts) > 2 and parts[0] == "rules" and parts[1] in FAMILY_IDS


def _shared_modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if not _family_package(p))


def _docstrings(tree: ast.AST) -> set[int]:
    """The ``id`` of every docstring node: examples in prose may name a family."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                found.add(id(first.value))
    return found


def names_a_family(source: str) -> list[str]:
    """Where code names a family: an identifier, an attribute, an imported module or a string
    (docstrings and comments aside; a family named in a German or English sentence, with its
    capital, is prose, not a family's id)."""
    tree = ast.parse(source)
    skip = _docstrings(tree)
    hits = []
    for node in ast.walk(tree):
        words: list[str] = []
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            words = [m.group(0) for m in _NAMED.finditer(node.value) if m.group(0).islower()]
        elif isinstance(node, ast.Name):
            words = [node.id]
        elif isinstance(node, ast.Attribute):
            words = [node.attr]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            words = [node.name]
        elif isinstance(node, ast.ImportFrom):
            words = [node.module or "", *(a.name for a in node.names)]
        elif isinstance(node, ast.Import):
            words = [a.name for a in node.names]
        hits += [f"line {getattr(node, 'lineno', '?')}: {w}" for w in words if _NAMED.search(w)]
    return hits


def test_each_family_keeps_its_messages_in_its_own_package():
    loaded = catalogue()
    for name, (module, _, _) in REGISTRY.items():
        family = FAMILIES[name]
        messages = importlib.import_module(f"{module}.messages").MESSAGES
        assert Path(sys.modules[f"{module}.messages"].__file__).parent == PACKAGE / "rules" / name
        assert f"engine.family.{name}" in messages
        for game in family.games:
            assert f"engine.game.{name}.{game.name}" in messages, (name, game.name)
        assert f"engine.help.{name}" in messages
        assert all(loaded.get(key) == value for key, value in messages.items())
    shared = importlib.import_module("schafkopf_score.i18n.engine").MESSAGES
    assert not [key for key in shared if any(f".{n}." in key or key.endswith(f".{n}") for n in FAMILY_IDS)]


def test_a_family_adds_its_words_when_it_is_loaded(tmp_path):
    """The catalogue of a fresh interpreter holds the shared words and those of the families
    loaded so far: a Sheepshead table's words (its describe among them), not the Bavarian ones,
    and no Bavarian module."""
    code = ("import sys\n"
            "from schafkopf_score.i18n import catalogue\n"
            "from schafkopf_score.rules.registry import find_family\n"
            "assert 'engine.family.sheepshead' not in catalogue()\n"
            "family = find_family('sheepshead')\n"
            "print(family.title_in('de'), 'engine.sh.recount' in catalogue(), 'engine.bav.sie_hint' in catalogue())\n"
            "from schafkopf_score.rules.model import GameEntry\n"
            "print(family.describe(GameEntry('pick', player='Anna', alone=True, augen=70, crack=True), lang='de'))\n"
            "print(sorted(m for m in sys.modules if '.rules.bavarian' in m))\n")
    r = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == ["Sheepshead True False", "Aufnahme Anna allein 70 Crack", "[]"]


def test_no_shared_module_names_a_family():
    assert len(_shared_modules()) > 50 and PACKAGE / "rules" / "family.py" in _shared_modules()
    found = {}
    for path in _shared_modules():
        rel = path.relative_to(PACKAGE).as_posix()
        hits = names_a_family(path.read_text(encoding="utf-8"))
        if hits and rel not in ALLOWED:
            found[rel] = hits
    assert not found, f"shared modules that name a family (move it into the family): {found}"


def test_the_check_finds_a_family_named_in_code():
    assert names_a_family('if family.name == "bavarian":\n    pass\n') == ["line 1: bavarian"]
    assert names_a_family("from .rules.sheepshead import X\n") == ["line 1: rules.sheepshead"]
    assert names_a_family("WENDISH_TRIGGERS = ()\n") == ["line 1: WENDISH_TRIGGERS"]
    assert names_a_family('say(f"cli.play_help_{family}")\nsay("cli.play_help_deutscher")\n') == [
        "line 2: deutscher"]
    assert names_a_family('def f():\n    """find_family("bavarian")"""\n# deutscher\nx = "Bavarian Schafkopf"\n') == []


# -- every id a family can raise is in that family's catalogue (issue 33, item 5) ----------------------

# an id as code names it: a literal, or the fixed start of one it builds (``f"engine.flag.{flag}"``)
_ID = re.compile(r'''(f?)["']((?:common|engine|data)\.[\w.{}]+)["']''')
SHARED_PARTS = ("schafkopf_score.i18n.common", "schafkopf_score.i18n.engine", "schafkopf_score.i18n.data")


def ids_named(source: str) -> tuple[set[str], set[str]]:
    """The message ids ``source`` names literally, and the fixed starts of those it builds."""
    literal, built = set(), set()
    for match in _ID.finditer(source):
        if match.group(1) or "{" in match.group(2):
            built.add(match.group(2).split("{", 1)[0])
        else:
            literal.add(match.group(2))
    return literal, built


def words_of(name: str) -> dict[str, tuple[str, str]]:
    """What a table of family ``name`` can say: the shared parts and the family's own words, not
    another family's (a fresh interpreter running only this family has no others)."""
    words: dict[str, tuple[str, str]] = {}
    for module in (*SHARED_PARTS, f"{REGISTRY[name][0]}.messages"):
        words.update(importlib.import_module(module).MESSAGES)
    return words


def test_every_id_a_family_raises_is_in_its_own_catalogue_in_both_languages():
    """Read over the code: every id a family's package names (its refusals, hints, words) and
    every id the shared engine makes of the family's name (its title, help, games, keys) is in
    the shared words or the family's own, in English and in German. An id borrowed from another
    family (``engine.ds.drop_partner`` said by Sheepshead) is a KeyError on a table of one."""
    missing = []
    for name in FAMILY_IDS:
        words = words_of(name)
        family = FAMILIES[name]
        package = PACKAGE / "rules" / name
        sources = [p for p in sorted(package.rglob("*.py")) if p.name != "messages.py"]
        literal, built = set(), set()
        for path in sources:
            more, starts = ids_named(path.read_text(encoding="utf-8"))
            literal |= more
            built |= starts
        # what the shared engine says of the family by its name (rules/family.py, rules/keys.py)
        literal |= {f"engine.family.{name}", f"engine.help.{name}", *(f"engine.game.{name}.{g.name}" for g in family.games)}
        literal |= {f"engine.key.{spec.family}.{spec.name}" for spec in (*family.tariff_specs, *family.rule_specs,
                                                                          *family.extra_specs) if spec.family}
        assert len(literal) > 20, (name, literal)
        for key in sorted(literal):
            en, de = words.get(key, ("", ""))
            if not (en.strip() and de.strip()):
                missing.append(f"{name}: {key}")
        missing += [f"{name}: {start}..." for start in sorted(built) if not any(k.startswith(start) for k in words)]
    assert not missing, f"ids a family says that its catalogue lacks: {missing}"


def test_the_id_check_reads_literals_and_built_ids():
    literal, built = ids_named('raise IllegalEntry(why, Text("engine.ds.drop_partner"))\n'
                               'say(f"engine.flag.{flag}", lang)\nText("engine.sh.x_{k}")\n')
    assert literal == {"engine.ds.drop_partner"} and built == {"engine.flag.", "engine.sh.x_"}
    assert "engine.ds.drop_partner" not in words_of("sheepshead") and "engine.ds.drop_partner" in words_of("deutscher")
