"""One-shot start-up (issue 14): ``calc`` and ``add`` load only what they need.

Each command runs in a fresh interpreter, which reports the modules it loaded: no rich, no
export modules, no reports, no family but the table's own, and no ``fractions``/``decimal``; and
``difflib`` only where typer itself brings it, never loaded by a module of ours.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main

from schafkopf_score.cli.app import COMMANDS, app, command_name
from schafkopf_score.rules.registry import FAMILIES, REGISTRY, find_family
from schafkopf_score.table.file import render_table

# runs in a fresh interpreter: the command line after the report file, then the report
PROBE = r"""
import json, sys

first = {}


def hook(event, args):
    # who loads these first (a plain ``import``; importlib.import_module raises no event)
    if event == "import" and args[0] in ("difflib", "fractions", "decimal") and args[0] not in first:
        frame = sys._getframe(1)
        while frame is not None and ("importlib" in frame.f_code.co_filename
                                     or frame.f_code.co_filename.startswith("<frozen")):
            frame = frame.f_back
        first[args[0]] = frame.f_globals.get("__name__", "?") if frame is not None else "?"


sys.addaudithook(hook)
report, sys.argv = sys.argv[1], ["schafkopf", *sys.argv[2:]]
try:
    from schafkopf_score.cli.app import run

    run()
finally:
    with open(report, "w", encoding="utf-8") as f:
        json.dump({"modules": sorted(sys.modules), "first": first}, f)
"""

FAMILY_MODULES = {name: module for name, (module, _, _) in REGISTRY.items()}

# a hand each family accepts on a fresh table of four
HANDS = {
    "bavarian": ["sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "72"],
    "wendish": ["normal", "--player", "Anna", "--partner", "Cora", "--augen", "70"],
    "deutscher": ["spiel", "--player", "Anna", "--partner", "Cora", "--augen", "70"],
    "sheepshead": ["pick", "--player", "Anna", "--augen", "70"],
}


def probe(folder: Path, *args: str) -> dict:
    """Run ``schafkopf ARGS`` in a fresh interpreter: what it printed and which modules it loaded."""
    report = folder / "modules.json"
    env = {k: v for k, v in os.environ.items() if k != "SCHAFKOPF_TABLE"}
    r = subprocess.run([sys.executable, "-c", PROBE, str(report), *args], cwd=folder, env=env,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
    data = json.loads(report.read_text(encoding="utf-8"))
    data["stdout"] = r.stdout
    return data


def loaded_apart(data: dict, family: str) -> list[str]:
    """What should not be there: rich, export modules, reports, the docs generator, other families, fractions and
    decimal, and difflib loaded by a module of ours."""
    def ours_or_other_family(m: str) -> bool:
        if m == "rich" or m.startswith("rich."):
            return True
        if m.startswith(("schafkopf_score.export", "schafkopf_score.app.reports", "schafkopf_score.docs")):
            return True
        return any(m == mod or m.startswith(mod + ".")
                   for name, mod in FAMILY_MODULES.items() if name != family)

    modules = data["modules"]
    bad = [m for m in modules if ours_or_other_family(m) or m in ("fractions", "decimal")]
    if "difflib" in modules and data["first"].get("difflib", "?").split(".")[0] in ("schafkopf_score", "?",
                                                                                   "__main__"):
        bad.append(f"difflib (loaded by {data['first'].get('difflib', '?')})")
    return bad


def table(folder: Path, family: str) -> Path:
    path = folder / f"{family}.toml"
    text = render_table(find_family(family), ["Anna", "Ben", "Cora", "Dora"], name="t")
    # a Deutscher game needs a draw first unless the partners are fixed (RULES §12)
    path.write_text(text.replace('partners = "per_game"', 'partners = "fixed"'), encoding="utf-8")
    return path


@pytest.mark.parametrize("family", sorted(REGISTRY))
def test_calc_json_loads_only_its_family(tmp_path, family):
    path = table(tmp_path, family)
    data = probe(tmp_path, "--table", str(path), "calc", *HANDS[family], "--json")
    assert json.loads(data["stdout"])["game"] == HANDS[family][0]
    assert loaded_apart(data, family) == []
    assert FAMILY_MODULES[family] in data["modules"]


@pytest.mark.parametrize("family", ["bavarian", "sheepshead"])
def test_add_loads_only_its_family(tmp_path, family):
    path = table(tmp_path, family)
    data = probe(tmp_path, "--table", str(path), "add", *HANDS[family])
    assert data["stdout"].strip()
    assert loaded_apart(data, family) == []


def test_one_command_is_built_and_the_rest_are_not_imported(tmp_path):
    """``calc`` imports only the command module that registers it."""
    path = table(tmp_path, "bavarian")
    data = probe(tmp_path, "--table", str(path), "calc", *HANDS["bavarian"], "--json")
    cli = {m for m in data["modules"] if m.startswith("schafkopf_score.cli.")}
    assert {f"schafkopf_score.cli.{m}" for m in set(COMMANDS.values())} & cli == {"schafkopf_score.cli.game_cmds"}


def test_help_still_lists_every_command(tmp_path):
    r = subprocess.run([sys.executable, "-m", "schafkopf_score", "--help"], cwd=tmp_path, capture_output=True,
                       text=True, timeout=60, env={**os.environ, "COLUMNS": "100"})
    assert r.returncode == 0, r.stderr
    listed = [line.split()[0] for line in r.stdout.split("Commands:")[1].splitlines() if line.strip()]
    assert listed == list(COMMANDS)


def test_completion_offers_the_commands(tmp_path):
    env = {**os.environ, "_SCHAFKOPF_COMPLETE": "complete_bash", "COMP_WORDS": "schafkopf st", "COMP_CWORD": "1"}
    r = subprocess.run([sys.executable, "-m", "schafkopf_score"], cwd=tmp_path, capture_output=True, text=True,
                       timeout=60, env=env)
    assert r.stdout.split() == ["stats", "standings"]


def test_the_command_map_is_the_command_tree():
    """``COMMANDS`` (which module registers which command) is what the commands say of themselves."""
    tree = typer.main.get_command(app)
    assert list(tree.commands) == list(COMMANDS)  # type: ignore[attr-defined]
    for info in app.registered_commands:
        module = getattr(info.callback, "__module__", "")
        assert module == f"schafkopf_score.cli.{COMMANDS[command_name(info)]}"


def test_the_registry_data_is_the_families_own():
    """The names and aliases kept in the registry (to resolve a name without importing every
    family) are the families' own."""
    for name, (module, cls, aliases) in REGISTRY.items():
        family = FAMILIES[name]
        assert (family.name, tuple(family.aliases)) == (name, aliases)
        assert (type(family).__module__.startswith(module), type(family).__name__) == (True, cls)
    assert list(FAMILIES) == list(REGISTRY) and len(FAMILIES) == 4


def test_an_alias_and_a_misspelt_name_import_no_other_family(tmp_path):
    code = ("import json, sys\n"
            "from schafkopf_score.rules.registry import find_family\n"
            "assert find_family(' Wisconsin ').name == 'sheepshead'\n"
            "try:\n"
            "    find_family('bayersch')\n"
            "except Exception as exc:\n"
            "    print(exc.render('en')[1])\n"
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith('schafkopf_score.rules.'))))\n")
    r = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    hint, modules = r.stdout.splitlines()
    assert "bavarian" in hint and "sheepshead" in hint
    rules_modules = json.loads(modules)
    assert "schafkopf_score.rules.sheepshead" in rules_modules
    assert not [m for m in rules_modules if m.startswith(("schafkopf_score.rules.bavarian",
                                                          "schafkopf_score.rules.wendish",
                                                          "schafkopf_score.rules.deutscher"))]
