"""The documentation cannot drift from the program (issue 25).

Every generated page and block equals what ``python -m schafkopf_score.docs`` makes now (the
command reference from ``--help``, every table-file key, the ``--json`` shapes from a real run,
the man page, the transcripts); every command and option is documented; every TOML block loads
as a table file; every page's shell blocks run in order in a fresh folder (through the CLI in this process
in the quick step, through bash as printed in the slow one); every link between the pages resolves; every "RULES §N" in the
code has its section in docs/rules.md.
"""

import os
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from schafkopf_score import docs
from schafkopf_score.cli.app import app
from schafkopf_score.table import load_table
from tests.cli.test_examples_run import _shim  # the one `schafkopf` on PATH the shell steps run
from tests.conftest import CliRunner

ROOT = Path(__file__).resolve().parents[2]
REGENERATE = "python -m schafkopf_score.docs"
# Pages other workers are writing while this branch is open: links to them may not resolve yet.
# The lead empties this list when the branches are merged.
PENDING: set[str] = set()


def pages() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def blocks(path: Path, lang: str) -> list[str]:
    return re.findall(rf"^```{lang}\n(.*?)^```", path.read_text(encoding="utf-8"), re.S | re.M)


# -- generated pages ----------------------------------------------------------------------------

def test_every_generated_page_is_what_the_generator_makes_now():
    made = docs.expected()
    assert ROOT / "docs" / "reference" / "commands.md" in made and ROOT / "README.md" in made
    stale = [rel(path) for path, text in made.items()
             if not path.exists() or path.read_text(encoding="utf-8") != text]
    assert not stale, f"stale generated docs: {', '.join(stale)}; regenerate with: {REGENERATE}"


def test_a_tampered_block_is_made_anew():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    tampered = re.sub(r"(- \[`schafkopf calc`\].*)", "- schafkopf calc: gone", readme)
    assert tampered != readme
    assert docs.fill_blocks(tampered) == docs.fill_blocks(readme) == readme


def test_an_unknown_block_name_is_an_error():
    with pytest.raises(KeyError, match="no generator for the block 'nonesuch'"):
        docs.fill_blocks("<!-- BEGIN generated nonesuch -->\nx\n<!-- END generated nonesuch -->\n", "page.md")


def test_the_generator_says_how_to_regenerate(capsys, monkeypatch):
    monkeypatch.setattr(docs, "stale", lambda: [ROOT / "docs" / "reference" / "commands.md"])
    assert docs.main(["--check"]) == 1
    assert capsys.readouterr().out == f"stale: docs/reference/commands.md\nRegenerate with: {REGENERATE}\n"
    monkeypatch.setattr(docs, "stale", lambda: [])
    assert docs.main(["--check"]) == 0
    assert capsys.readouterr().out == ""
    assert docs.main(["--wrong"]) == 2
    assert capsys.readouterr().err == f"usage: {REGENERATE} [--check]\n"


# -- every command and option ---------------------------------------------------------------------

def _sections(text: str) -> dict[str, str]:
    parts = re.split(r"^## (.+)$", text, flags=re.M)
    return {parts[i].strip(): parts[i + 1] for i in range(1, len(parts), 2)}


def test_every_command_and_option_is_in_the_reference_and_the_man_page():
    reference = _sections((ROOT / "docs" / "reference" / "commands.md").read_text(encoding="utf-8"))
    man = (ROOT / "docs" / "schafkopf.1").read_text(encoding="utf-8").replace("\\-", "-")
    tree = docs.command_tree()
    assert len(tree) > 20
    for path, cmd, _ in tree:
        title = " ".join(path)
        assert title in reference, f"{title} is not in docs/reference/commands.md; regenerate with: {REGENERATE}"
        assert f'.SS "{title}"' in man, f"{title} is not in docs/schafkopf.1; regenerate with: {REGENERATE}"
        for option in docs.options_of(cmd):
            assert re.search(rf"(?<![\w-]){re.escape(option)}(?![\w-])", reference[title]), (
                f"{title} {option} is not documented; regenerate with: {REGENERATE}")


def test_the_readme_lists_every_command_with_a_link_into_the_reference():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for path, _, _ in docs.command_tree()[1:]:
        if len(path) == 2:
            title = " ".join(path)
            assert f"[`{title}`](docs/reference/commands.md#{docs.anchor(title)})" in readme, title


def test_every_command_the_pages_show_exists():
    known = set(docs.command_tree()[0][1].commands)
    for page in pages():
        for block in blocks(page, "sh") + blocks(page, "text"):
            for name in re.findall(r"^(?:\$ )?schafkopf (?:--table \S+ )?([a-z]+)", block, re.M):
                assert name in known, f"{rel(page)}: schafkopf {name} is not a command"


def test_the_man_page_is_installed_with_the_package():
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["tool"]["setuptools"]["data-files"]["share/man/man1"] == ["docs/schafkopf.1"]
    man = (ROOT / "docs" / "schafkopf.1").read_text(encoding="utf-8")
    assert man.startswith(".TH SCHAFKOPF 1 ") and "\n.SH NAME\nschafkopf \\- " in man


# -- the README ---------------------------------------------------------------------------------

def test_the_readme_is_short_and_shows_an_evening_first():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 150, f"README.md has {len(lines)} lines; the rest belongs in docs/"
    first_screen = "\n".join(lines[:50])
    assert "schafkopf add " in first_screen and "schafkopf settle" in first_screen


# -- TOML blocks --------------------------------------------------------------------------------

TOML = [(rel(p), i, b) for p in pages() for i, b in enumerate(blocks(p, "toml"))]


@pytest.mark.parametrize(("page", "i", "text"), TOML, ids=[f"{p}#{i}" for p, i, _ in TOML])
def test_every_toml_block_loads_as_a_table_file(tmp_path, page, i, text):
    path = tmp_path / "t.toml"
    path.write_text(text, encoding="utf-8")
    # a tournament's file that names its players file: the page wrote that file a step before
    named = re.search(r'^players_file\s*=\s*"([^"/]+)"', text, re.M)
    if named:
        (tmp_path / named.group(1)).write_text("".join(f"Spieler{n}\n" for n in range(1, 9)), encoding="utf-8")
    load_table(path)


def test_there_are_toml_blocks():
    assert len(TOML) >= 3


# -- links --------------------------------------------------------------------------------------

def anchors(path: Path) -> set[str]:
    """The anchors GitHub makes of a page's headings (a repeated heading gets -1, -2, ...)."""
    seen: dict[str, int] = {}
    out = set()
    text = re.sub(r"^```.*?^```", "", path.read_text(encoding="utf-8"), flags=re.S | re.M)
    for heading in re.findall(r"^#+ (.+)$", text, re.M):
        slug = docs.anchor(heading)
        n = seen.get(slug, 0)
        out.add(slug if n == 0 else f"{slug}-{n}")
        seen[slug] = n + 1
    return out


def test_every_link_between_the_pages_resolves():
    checked = 0
    for page in pages():
        text = re.sub(r"^```.*?^```", "", page.read_text(encoding="utf-8"), flags=re.S | re.M)
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target):
                continue
            file, _, fragment = target.partition("#")
            dest = (page.parent / file).resolve() if file else page
            name = dest.relative_to(ROOT).as_posix() if dest.is_relative_to(ROOT) else str(dest)
            if not dest.exists():
                assert name in PENDING, f"{rel(page)}: the link {target} leads nowhere"
                continue
            if fragment and dest.suffix == ".md":
                assert fragment in anchors(dest), f"{rel(page)}: {target}: no heading #{fragment} in {name}"
            checked += 1
    assert checked > 40


def test_a_pending_page_that_exists_is_no_longer_pending():
    arrived = sorted(name for name in PENDING if (ROOT / name).exists())
    assert not arrived, f"{arrived} exist now: take them out of PENDING in tests/cli/test_docs.py"


def test_every_rules_section_the_code_cites_is_in_docs_rules():
    rules = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    sections = set(re.findall(r"^## (\d+)\. ", rules, re.M))
    assert sections == {str(n) for n in range(1, 14)}
    cited = set()
    for folder in ("schafkopf_score", "tests", "benchmarks"):
        for path in (ROOT / folder).rglob("*.py"):
            for group in re.findall(r"RULES ((?:§\d+(?:, )?)+)", path.read_text(encoding="utf-8")):
                cited |= set(re.findall(r"§(\d+)", group))
    assert cited and cited <= sections, f"RULES sections cited but not in docs/rules.md: {cited - sections}"


# -- the cheatsheet -----------------------------------------------------------------------------

def test_the_cheatsheet_examples_are_entries_a_table_takes(tmp_path):
    sheet = (ROOT / "docs" / "cheatsheet.md").read_text(encoding="utf-8")
    table = str(tmp_path / "w.toml")
    r = CliRunner().invoke(app, ["new", table, "--family", "bavarian", "--players", "Anna,Ben,Cora,Dora",
                                 "--preset", "wirtshaus"])
    assert r.exit_code == 0, r.output
    examples = sheet.split("## Beispiele / examples", 1)[1]
    lines = re.findall(r"^\| `([^`]+)` \|", examples, re.M)
    assert len(lines) >= 5
    for line in lines:
        r = CliRunner().invoke(app, ["--table", table, "calc", *line.split()])
        assert r.exit_code == 0, f"{line}: {r.output}"
    commands = re.findall(r"^\| `schafkopf ([a-z]+)", sheet, re.M)
    assert len(commands) == 10 and set(commands) <= set(docs.command_tree()[0][1].commands)


def test_the_cheatsheet_words_are_words_of_the_notation():
    from schafkopf_score import notation
    from schafkopf_score.rules.registry import FAMILIES

    sheet = (ROOT / "docs" / "cheatsheet.md").read_text(encoding="utf-8")
    table = sheet.split("## Kurzschreibweise / short notation", 1)[1].split("\n## ", 1)[0]
    known: set[str] = set()
    for family in FAMILIES.values():
        known |= notation.reserved_words(family)
    bavarian = FAMILIES["bavarian"]
    suits = set(bavarian.suits) | set(bavarian.suit_words)
    names = ("anna", "ben", "cora", "dora")
    firsts = [line.split("|")[1] for line in table.splitlines() if line.startswith("| `")]
    words = [w for cell in firsts for w in re.findall(r"`([^`]+)`", cell) for w in w.split()]
    assert len(words) > 30
    for word in words:
        bare = re.sub(r"[0-9]+$", "", word)
        suited = any(bare == suit + game for suit in suits for game in bavarian.suited_games)
        named = any(name.startswith(bare) for name in names) and bare not in known
        assert bare in known or suited or named or word.isdigit(), f"{word!r} is not a word of the notation"


def test_the_cheatsheet_prints_on_a4():
    page = (ROOT / "docs" / "cheatsheet.html").read_text(encoding="utf-8")
    assert "@page { size: A4;" in page and "<script" not in page and "http" not in page.split("<body>")[1]


@pytest.mark.slow
@pytest.mark.parallel
@pytest.mark.skipif(not shutil.which("chromium") and not os.environ.get("CI"),
                    reason="chromium is not installed (CI installs it)")
def test_the_cheatsheet_prints_on_one_a4_page(tmp_path):
    pdf = tmp_path / "cheatsheet.pdf"
    subprocess.run([shutil.which("chromium") or "chromium", "--headless", "--no-sandbox", "--disable-gpu",
                    f"--user-data-dir={tmp_path / 'profile'}", "--no-pdf-header-footer", f"--print-to-pdf={pdf}",
                    (ROOT / "docs" / "cheatsheet.html").as_uri()],
                   capture_output=True, timeout=120, check=True)
    pages_printed = len(re.findall(rb"/Type\s*/Page(?!s)", pdf.read_bytes()))
    assert pages_printed == 1, f"docs/cheatsheet.html prints on {pages_printed} A4 pages"


# -- shell blocks, run as printed -----------------------------------------------------------------

def shell_script(page: Path) -> list[str]:
    """A page's ``sh`` blocks that a reader pastes (not the install and test commands)."""
    return [b for b in blocks(page, "sh") if not b.lstrip().startswith("pip install")]


SHELL = [p for p in pages() if shell_script(p)]




def simple_lines(script: list[str]) -> list[list[str]] | None:
    """The page's commands as argument lists, where every line is a ``schafkopf`` command or an
    ``export SCHAFKOPF_TABLE=...`` (comments after ``#`` dropped); None where the shell is needed."""
    out = []
    for block in script:
        for line in block.splitlines():
            lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
            lexer.whitespace_split, lexer.commenters = True, "#"
            try:
                words = list(lexer)
            except ValueError:  # a line continued on the next (a trailing backslash): the shell's
                return None
            if not words:
                continue
            plain = not any(set(w) & set("|<>;&()$`") for w in words)
            if plain and len(words) == 2 and words[0] == "export" and words[1].startswith("SCHAFKOPF_TABLE="):
                out.append(words)
            elif plain and words[0] == "schafkopf":
                out.append(words)
            else:
                return None
    return out


IN_PROCESS = [p for p in SHELL if simple_lines(shell_script(p)) is not None]


@pytest.mark.parametrize("page", IN_PROCESS, ids=[rel(p) for p in IN_PROCESS])
def test_every_shell_block_runs_in_order_on_a_fresh_table(tmp_path, page):
    """The quick step: each command of the page through the CLI in this process, in order, in a
    fresh folder (the slow step below runs the same blocks through bash as printed)."""
    table = None
    runner = CliRunner()
    lines = simple_lines(shell_script(page)) or []
    for words in lines:
        if words[0] == "export":
            table = words[1].split("=", 1)[1]
            continue
        r = runner.invoke(app, words[1:], env={"SCHAFKOPF_TABLE": table, "COLUMNS": "100"})
        assert r.exit_code == 0, f"{rel(page)}: {' '.join(words)} failed ({r.exit_code}):\n{r.output}"
    assert len(lines) >= 3


@pytest.mark.slow
@pytest.mark.parallel
@pytest.mark.parametrize("page", SHELL, ids=[rel(p) for p in SHELL])
def test_every_shell_block_runs_as_printed_on_a_fresh_table(tmp_path, page):
    script = shell_script(page)
    # one shell for the whole page: an ``export SCHAFKOPF_TABLE=...`` holds for the blocks after it
    r = subprocess.run(["bash", "-c", "set -ex\n" + "\n".join(script)], cwd=tmp_path, env=_shim(tmp_path),
                       capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=600)
    assert r.returncode == 0, f"{rel(page)}: a block failed ({r.returncode}):\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}"


def test_the_pages_that_moved_out_of_the_readme_run_their_blocks():
    names = {rel(p) for p in SHELL}
    assert {"README.md", "docs/guide/evening.md", "docs/families/wendish.md", "docs/families/deutscher.md",
            "docs/families/sheepshead.md", "docs/reference/json.md"} <= names
    # the README's "At the table" and "Tournaments" blocks moved to these pages (other branches)
    for name in ("docs/guide/play.md", "docs/guide/tournament.md"):
        assert name in names or not (ROOT / name).exists(), f"{name} has no sh block to run"
