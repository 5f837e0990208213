"""No English words on a German table (issue 33, item 7), through the command line: ``rules``
shows the house rules' values in words, click's missing-argument errors name the argument in
German, ``play``'s status line says "setzen aus" for two, a Sheepshead sheet is German, and
``--help`` is German on a German table (English without a readable table, and in the generated
reference)."""

from __future__ import annotations

import re

import pytest
import typer.main

from schafkopf_score.cli.app import app
from schafkopf_score.cli.help_de import COMMANDS, text_of
from schafkopf_score.rules.registry import FAMILIES
from tests.cli.test_startup import probe
from tests.conftest import CliRunner, Table, wrong_language_words

# -- rules: the values in words ---------------------------------------------------------------------


def _wide(t: Table, *args: str) -> str:
    r = CliRunner().invoke(app, ["--table", str(t.path), *args], env={"COLUMNS": "200", "SCHAFKOPF_TABLE": ""})
    assert r.exit_code == 0, r.output
    return r.stdout


def _rules_rows(out: str) -> dict[str, str]:
    """The [rules] table of ``rules`` as key -> the first line of its value cell."""
    rows = {}
    for line in out.split("[rules]")[1].splitlines():
        cells = [c.strip() for c in line.split("│")]
        if len(cells) > 3 and cells[1]:
            rows[cells[1]] = cells[2]
    return rows


@pytest.mark.parametrize("lang,words", [
    ("de", {"ramsch_jungfrau": 'verdoppelt den ganzen Wert ("double_all")', "bock_stack": 'noch eine Runde danach ("queue")',
            "legen": "nein", "tout": "ja", "bock_after": "keine", "games": "Sauspiel, Wenz, Farbwenz, Solo",
            "all_pass": 'neu geben ("redeal")', "stock_on_loss": 'verdoppelt den Stock ("double")', "kontra": "2"}),
    ("en", {"ramsch_jungfrau": 'doubles the whole value ("double_all")', "bock_stack": 'one more round after it ("queue")',
            "legen": "no", "tout": "yes", "bock_after": "none", "games": "Sauspiel, Wenz, Farbwenz, Solo",
            "all_pass": 'deal again ("redeal")', "stock_on_loss": 'doubles the Stock ("double")', "kontra": "2"}),
])
def test_rules_shows_the_house_rules_in_words(make_table, lang, words):
    t = make_table(language=lang)
    assert {k: _rules_rows(_wide(t, "rules"))[k] for k in words} == words


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_every_choice_of_every_family_has_words_in_both_languages(family):
    """Over the key specs: no choice of any house rule is shown as its bare key."""
    fam = FAMILIES[family]
    for spec in fam.rule_specs:
        for choice in (c for c in spec.choices if isinstance(c, str)):
            for lang in ("de", "en"):
                shown = fam.setting_words(spec, choice, lang)
                assert shown != f'"{choice}"' and shown.endswith(f'("{choice}")'), (family, spec.name, lang, shown)
                if lang == "de":
                    assert not wrong_language_words(shown, "de"), shown


def test_a_german_sheepshead_rules_page_has_no_english_values(make_table):
    t = make_table(family="sheepshead", language="de", players=["Anna", "Ben", "Cora", "Dave", "Eva"])
    rows = _rules_rows(_wide(t, "rules"))
    assert rows["variant"] == 'gerufenes Ass ("called_ace")'
    assert rows["no_pick"] == 'Leaster ("leaster")'
    assert rows["leaster_blind"] == 'zum letzten Stich ("last_trick")'
    assert rows["on_the_bump"] == "ja" and rows["blitz"] == "nein"


# -- click's missing arguments ------------------------------------------------------------------------

@pytest.mark.parametrize("line,usage,name", [
    ("add", "Aufruf: schafkopf add [OPTIONEN] SPIEL [WÖRTER]...", "SPIEL"),
    ("void", "Aufruf: schafkopf void [OPTIONEN] SPIELNUMMER", "SPIELNUMMER"),
    ("edit", "Aufruf: schafkopf edit [OPTIONEN] SPIELNUMMER [SPIEL] [WÖRTER]...", "SPIELNUMMER"),
    ("import", "Aufruf: schafkopf import [OPTIONEN] DATEI", "DATEI"),
    ("player", "Aufruf: schafkopf player [OPTIONEN] AKTION [NAMEN]...", "AKTION"),
    ("new", "Aufruf: schafkopf new [OPTIONEN] PFAD", "PFAD"),
])
def test_a_missing_argument_is_named_in_german(make_table, line, usage, name):
    t = make_table(language="de")
    err = t.refused(*line.split())
    assert err.splitlines()[0] == usage
    assert err.splitlines()[-1] == f"Fehler: Es fehlt '{name}'."


def test_a_missing_command_is_said_in_german(make_table):
    t = make_table(language="de")
    err = t.refused()
    assert err.splitlines()[0] == "Aufruf: schafkopf [OPTIONEN] BEFEHL [ARGUMENTE]..."
    assert err.splitlines()[-1] == "Fehler: Es fehlt ein Befehl."
    assert make_table(language="en", name="en").refused().splitlines()[-1] == "Error: Missing command."


@pytest.mark.parametrize("line,name", [("add", "GAME"), ("void", "HAND"), ("import", "FILE")])
def test_a_missing_argument_keeps_click_words_on_an_english_table(make_table, line, name):
    t = make_table(language="en")
    assert t.refused(line).splitlines()[-1] == f"Error: Missing argument '{name}'."


# -- play's status line: one or two sitting out ----------------------------------------------------------

SIX = ["Anna", "Ben", "Cora", "Dora", "Emil", "Fritz"]


@pytest.mark.slow
@pytest.mark.parametrize("lang,one,many", [("de", "Anna setzt aus", "Anna und Fritz setzen aus"),
                                           ("en", "Anna sits out", "Anna and Fritz sit out")])
def test_status_line_language_says_one_and_two_sitting_out(make_table, lang, one, many):
    from tests.cli.test_play import Terminal

    five = make_table(players=SIX[:5], language=lang, name="five")
    six = make_table(players=SIX, language=lang, name="six")
    for t, words, wrong in ((five, one, "sit(s)"), (six, many, "setzt aus")):
        term = Terminal(t)
        try:
            term.read_until(words)  # the status line below the prompt
            assert wrong.encode() not in term.seen
            assert term.end() == 0
        finally:
            term.close()


# -- a Sheepshead sheet on a German table ----------------------------------------------------------------

FIVE = ["Anna", "Ben", "Cora", "Dave", "Eva"]


@pytest.mark.parametrize("lang,hand,full,short", [("de", "Spiel", "Aufnahme Dave allein 120 schwarz", "Aufn."),
                                                  ("en", "Hand", "Pick Dave alone 120 schwarz", "Pick")])
def test_a_sheepshead_sheet_speaks_the_table_language(make_table, lang, hand, full, short):
    t = make_table(family="sheepshead", language=lang, players=FIVE)
    alone = "allein" if lang == "de" else "alone"
    r = t.run("play", input=f"pick da {alone} 120 sw\nblock\n")
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith(f"{hand} 1: {full} |")
    assert f"{short} Dave {alone} 120 schwarz" in r.stdout  # the block inside play
    for args in (("sheet",), ("sheet", "--compact")):
        assert f"{short} " in t.ok(*args).stdout
    assert f"{short} Dave {alone} 120 schwarz" in t.ok("sheet").stdout
    assert f"| 1 | {full} |" in t.ok("export", "--format", "md").stdout


def test_a_sheepshead_table_turned_german_shows_its_earlier_evening_in_german(make_table):
    t = make_table(family="sheepshead", language="en", players=FIVE)
    t.ok("add", "pick", "da", "alone", "120", "sw")
    t.ok("settle", "--close")
    t.path.write_text(t.path.read_text(encoding="utf-8").replace('language = "en"', 'language = "de"'),
                      encoding="utf-8")
    assert "Aufn. Dave allein 120 schwarz" in t.ok("sheet", "--session", "1").stdout
    assert "| 1 | Aufnahme Dave allein 120 schwarz |" in t.ok("export", "--format", "md", "--session", "1").stdout


# -- --help in the table's language --------------------------------------------------------------------

def _tree():
    out = []

    def walk(cmd, path):
        out.append((path, cmd))
        for name, sub in getattr(cmd, "commands", {}).items():
            walk(sub, [*path, name])

    walk(typer.main.get_command(app), [])
    return out


def test_every_command_and_option_has_its_german_help():
    """Over the command tree: a command or an option added without its German help fails here."""
    missing = []
    for path, cmd in _tree():
        key = " ".join(path)
        if key not in COMMANDS:
            missing.append(key or "schafkopf")
        missing += [f"{key} {p.name}" for p in cmd.params if text_of(key, p) is None]
    assert not missing, f"commands and options without a German help (cli/help_de.py): {missing}"


def _help(t: Table | None, path: list[str], env=None) -> str:
    args = (["--table", str(t.path)] if t else []) + [*path, "--help"]
    r = CliRunner().invoke(app, args, env={"COLUMNS": "80", "SCHAFKOPF_TABLE": "", **(env or {})})
    assert r.exit_code == 0, r.output
    return r.stdout


def test_help_is_german_on_a_german_table(make_table):
    t = make_table(language="de")
    for path, _ in _tree():
        text = _help(t, path)
        assert text.startswith("Aufruf: schafkopf"), (path, text)
        assert "Optionen:" in text and "Diese Hilfe zeigen und beenden." in text, (path, text)
        prose = re.sub(r"Beispiel: .*", " ", text)  # the examples are command lines
        assert not wrong_language_words(prose, "de"), (path, wrong_language_words(prose, "de"), text)
    void = _help(t, ["void"])
    assert void.splitlines()[0] == "Aufruf: schafkopf void [OPTIONEN] SPIELNUMMER"
    assert "  SPIELNUMMER  Die Spielnummer, wie sie auf dem Block steht.  [Pflicht]" in void
    export = _help(t, ["export"])  # the formats as the registry lists them, xlsx with its example
    assert "--format <Text>   csv | csv-de | json | md | html | text | xlsx  [Vorgabe:" in export
    assert "Beispiel: schafkopf export --all --format xlsx --out saison.xlsx" in export
    root = _help(t, [])
    assert "Befehle:" in root and "  calc        Ein Spiel ausrechnen und erklären, ohne es einzutragen." in root


def test_german_help_gives_the_english_help_s_examples(make_table):
    """The examples are command lines: the German help shows each one the English help shows."""
    de, en = make_table(language="de"), make_table(language="en", name="en")
    for path, _ in _tree():
        said = r'"[^"]*"'  # a quoted reason or comment is said in the table's language
        german = [re.sub(said, '"…"', line) for line in re.findall(r"Beispiel: (.*)", _help(de, path))]
        english = [re.sub(said, '"…"', line) for line in re.findall(r"Example: (.*)", _help(en, path))]
        assert german == english, (path, german, english)


def test_help_is_english_on_an_english_table_and_without_a_table(make_table, tmp_path):
    t = make_table(language="en")
    for table in (t, None):
        text = _help(table, ["void"])
        assert text.splitlines()[0] == "Usage: schafkopf void [OPTIONS] HAND"
        assert "Show this message and exit." in text and "Aufruf" not in text
    # a table file that cannot be read: English
    (tmp_path / "bad.toml").write_text("family = [", encoding="utf-8")
    assert _help(Table(tmp_path / "bad.toml"), ["add"]).startswith("Usage: schafkopf add")


def test_help_follows_the_table_of_the_environment_and_the_folder(make_table, tmp_path):
    t = make_table(language="de")
    assert _help(None, ["add"], env={"SCHAFKOPF_TABLE": str(t.path)}).startswith("Aufruf: schafkopf add")
    (tmp_path / "schafkopf.toml").write_text(t.path.read_text(encoding="utf-8"), encoding="utf-8")
    assert _help(None, ["sheet"]).startswith("Aufruf: schafkopf sheet")  # schafkopf.toml here


def test_the_generated_reference_stays_english_beside_a_german_table(make_table, tmp_path):
    from schafkopf_score.docs.commands import commands_page

    t = make_table(language="de")
    (tmp_path / "schafkopf.toml").write_text(t.path.read_text(encoding="utf-8"), encoding="utf-8")
    page = commands_page()
    assert "Usage: schafkopf void [OPTIONS] HAND" in page and "Aufruf" not in page


def test_german_help_words_load_only_for_help(make_table, tmp_path):
    t = make_table(language="de")
    calc = probe(tmp_path, "--table", str(t.path), "calc", "sau", "an", "be", "72")
    assert "schafkopf_score.cli.help_de" not in calc["modules"]
    shown = probe(tmp_path, "--table", str(t.path), "void", "--help")
    assert "schafkopf_score.cli.help_de" in shown["modules"]
    assert shown["stdout"].startswith("Aufruf: schafkopf void")
    english = make_table(language="en", name="en")
    assert "schafkopf_score.cli.help_de" not in probe(tmp_path, "--table", str(english.path), "void", "--help")["modules"]
