"""A German table speaks German everywhere, an English one English: the defects a review of
every command, its help and its refusals found (RULES §9)."""

import re

import pytest

from tests.conftest import assert_language

# -- play's player command ----------------------------------------------------------------------

@pytest.mark.parametrize(("language", "line", "said"), [
    ("de", "spieler xyz", "Fehler: 'xyz' kann spieler nicht.\nNimm dazu, geht, umbenennen oder liste."),
    ("de", "spieler dazu", "Fehler: spieler dazu nimmt 1 Namen, nicht 0.\nBeispiel: spieler dazu Maxi --nach Ben"),
    ("de", "spieler geht Anna --nach Ben",
     "Fehler: --nach gibt es nur bei spieler dazu.\nBeispiel: spieler dazu Maxi --nach Ben"),
    ("de", "spieler umbenennen Ben", "Fehler: spieler umbenennen nimmt 2 Namen, nicht 1.\n"
                                     "Beispiel: spieler umbenennen Ben Benedikt"),
    ("en", "player add", "Error: player add takes 1 name, not 0.\nExample: player add Maxi --after Ben"),
    ("en", "player leave Anna --after Ben",
     "Error: --after goes with player add only.\nExample: player add Maxi --after Ben"),
    ("en", "player kick Ben", "Error: 'kick' is not something player does.\nUse add, leave, rename or list."),
])
def test_plays_player_command_is_refused_in_the_words_typed(make_table, language, line, said):
    """``spieler dazu`` without a name was told ``player dazu nimmt 1 Namen`` with the example
    ``schafkopf player add Maxi --after Ben``, and an English ``player add`` lost its ``add``."""
    r = make_table(language=language).run("play", input=line + "\n")
    assert r.exit_code == 2
    assert r.stderr.split("\n", 1)[1] == said + "\n", r.stderr
    assert_language(r.stderr, language, line)


def test_the_one_shot_player_command_keeps_its_words(make_table):
    t = make_table(language="de")
    assert t.refused("player", "add") == "Fehler: player add nimmt 1 Namen, nicht 0.\n" \
                                         "Beispiel: schafkopf player add Maxi --after Ben\n"
    assert t.refused("player", "leave", "Anna", "--after", "Ben") == \
        "Fehler: --after gibt es nur bei player add.\nBeispiel: schafkopf player add Maxi --after Ben\n"


# -- one name for one thing ---------------------------------------------------------------------

def test_the_german_help_names_what_the_tables_show(make_table):
    """``rating --help`` called the rating's range ``Spanne`` where its table and footnote say
    ``Bereich``; ``stats --help`` said ``als Spieler`` for the column ``Spielmacher``."""
    t = make_table(language="de")
    rating = " ".join(t.ok("rating", "--help").stdout.split())
    assert "der Bereich ist die Wertung plus oder minus zwei Sigma" in rating, rating
    assert "Spanne" not in rating
    stats = " ".join(t.ok("stats", "--help").stdout.split())
    assert "(Spiele, als Spielmacher, gewonnen, Geld)" in stats, stats
    t.ok("add", "sau", "an", "be", "72")
    assert "Spielmacher" in t.ok("stats").stdout and "Bereich" in t.ok("rating").stdout


def test_a_german_tournaments_help_has_no_english_example_and_one_word_for_atomic(tmp_path):
    """``tournament draw --help`` gave the example ``--reason "Anna was seated twice"`` on a
    German tournament, and ``tournament prizes --out`` wrote ``atomar`` where every other
    ``--out`` says ``in einem Zug``."""
    from schafkopf_score.cli.app import app
    from tests.conftest import CliRunner

    runner, env = CliRunner(), {"SCHAFKOPF_TABLE": "", "COLUMNS": "200"}
    path = tmp_path / "cup.toml"
    assert runner.invoke(app, ["tournament", "new", str(path), "--players", "A1,A2,A3,A4"], env=env).exit_code == 0
    draw = " ".join(runner.invoke(app, ["--table", str(path), "tournament", "draw", "--help"], env=env).stdout.split())
    assert '--reason "Anna saß zweimal"' in draw and "seated" not in draw, draw
    prizes = " ".join(runner.invoke(app, ["--table", str(path), "tournament", "prizes", "--help"], env=env).stdout.split())
    assert "In diese Datei schreiben (in einem Zug) statt auf die Standardausgabe." in prizes, prizes
    assert "atomar" not in prizes
    swap = " ".join(runner.invoke(app, ["--table", str(path), "tournament", "swap", "--help"], env=env).stdout.split())
    assert '--reason "Cora saß am falschen Tisch"' in swap and "wrong table" not in swap, swap


# -- click's words -------------------------------------------------------------------------------

@pytest.mark.parametrize("command", ["void", "edit"])
def test_a_hand_number_that_is_no_number_names_the_argument_in_german(make_table, command):
    """``void abc`` said ``Falscher Wert für 'HAND'`` under the usage line ``... SPIELNUMMER``."""
    r = make_table(language="de").run(command, "abc")
    assert r.exit_code == 2
    assert "Fehler: Falscher Wert für 'SPIELNUMMER': 'abc' ist keine ganze Zahl." in r.stderr, r.stderr
    assert "HAND" not in r.stderr
    en = make_table(language="en", name="en").run(command, "abc")
    assert "Error: Invalid value for 'HAND': 'abc' is not a valid integer." in en.stderr, en.stderr


# -- du, not ihr ---------------------------------------------------------------------------------

# the imperatives of the second person plural the German messages slipped into (the table is told
# du: Gib, Nimm, Tipp, Schreib)
IHR = re.compile(r"(?:^|[.;:!?]\s+|; |: )(Prüft|Gebt|gebt|Lest|Legt|Setzt|setzt|Kürzt|Tippt|Öffnet|öffnet|Nehmt|"
                 r"Schreibt|Tragt|Entfernt)\b(?! aus\b)|\boder (?:setzt|entfernt es|nennt in)\b|Korrigieren öffnet")


def test_no_german_message_says_ihr():
    """``Zum Korrigieren öffnet ihn zuerst wieder``, ``Gebt ihm einen kürzeren Namen``, ``Tippt es
    ohne dieses Zeichen noch einmal``, ``Prüft die ledger-Zeile``: the table is told du."""
    from schafkopf_score.i18n import everything as catalogue

    slips = {key: de for key, (_, de) in catalogue().items() if IHR.search(de)}
    assert not slips, slips


def test_a_closed_evening_is_reopened_in_the_du_form(make_table):
    t = make_table(language="de")
    t.ok("add", "sau", "an", "be", "72")
    t.ok("settle", "--close")
    said = t.refused("void", "1")
    assert "Zum Korrigieren öffne ihn zuerst wieder: schafkopf settle --reopen 1 --reason R" in said, said


# -- import: Python's words -----------------------------------------------------------------------

@pytest.mark.parametrize(("content", "de", "en"), [
    (b'{"a": 1\n', "(kein gültiges JSON in Zeile 2, Spalte 1)", "(no valid JSON at line 2, column 1)"),
    (b"\xff\xfe{", "(kein UTF-8-Text bei Byte 1)", "(not UTF-8 text at byte 1)"),
    (b"x" * (1 << 21) + b"\n", "(eine Zeile länger als 1048576 Zeichen)", "(a line longer than 1048576 characters)"),
])
def test_a_file_that_is_no_export_is_refused_in_the_tables_words(make_table, content, de, en):
    """``import`` quoted Python's words on a German table: ``(Expecting ',' delimiter: line 2
    column 1 (char 8))``, ``('utf-8' codec can't decode byte 0xff ...)``, ``(a line longer than
    1048576 characters)``."""
    for language, said in (("de", de), ("en", en)):
        t = make_table(language=language, name=language)
        path = t.path.parent / "x.json"
        path.write_bytes(content)
        r = t.run("import", str(path))
        assert r.exit_code == 2
        assert said in r.stderr, r.stderr
        assert_language(r.stderr, language)
        assert "Expecting" not in r.stderr and "codec" not in r.stderr


# -- the system's words --------------------------------------------------------------------------

def _tournament(tmp_path, language):
    from schafkopf_score.cli.app import app
    from tests.conftest import CliRunner

    runner, env = CliRunner(), {"SCHAFKOPF_TABLE": "", "COLUMNS": "200"}
    path = tmp_path / f"cup-{language}.toml"
    new = ["tournament", "new", str(path), "--players", "A1,B1,C1,D1", "--language", language]
    assert runner.invoke(app, new, env=env).exit_code == 0
    assert runner.invoke(app, ["--table", str(path), "tournament", "draw", "--seed", "1"], env=env).exit_code == 0
    return lambda *args: runner.invoke(app, ["--table", str(path), *args], env=env)


@pytest.mark.parametrize(("language", "folder", "not_utf8"), [
    ("de", "Die Liste {} lässt sich nicht lesen: Ist ein Ordner.",
     "Die Liste {} lässt sich nicht lesen: kein UTF-8-Text bei Byte 1."),
    ("en", "The list {} cannot be read: Is a directory.", "The list {} cannot be read: not UTF-8 text at byte 1."),
])
def test_a_tables_list_that_cannot_be_read_says_why_in_the_tables_words(tmp_path, language, folder, not_utf8):
    """``tournament enter --tisch 1 FOLDER`` said ``Is a directory`` on a German tournament, and
    a list that is no UTF-8 ``'utf-8' codec can't decode byte 0xff ...``."""
    run = _tournament(tmp_path, language)
    (tmp_path / "adir").mkdir()
    (tmp_path / "bad.txt").write_bytes(b"\xff\n")
    for name, said in (("adir", folder), ("bad.txt", not_utf8)):
        r = run("tournament", "enter", "--tisch", "1", str(tmp_path / name))
        assert r.exit_code == 2
        assert said.format(tmp_path / name) in r.stderr, r.stderr
        assert_language(r.stderr, language)
    assert "- für die Standardeingabe" in r.stderr if language == "de" else "- to read stdin" in r.stderr


def test_an_access_codes_file_that_cannot_be_read_says_why_in_german(make_table):
    t = make_table(language="de")
    t.path.with_name(t.path.stem + ".serve-codes.json").mkdir()
    r = t.run("serve", "--codes")
    assert r.exit_code == 2
    assert "kann nicht gelesen werden: Ist ein Ordner." in r.stderr, r.stderr


def test_the_seating_order_has_one_german_name(make_table):
    """``new --players A`` said ``Nenn alle in Sitzreihenfolge.``, and a table file's ``players``
    line ``Sitzreihenfolge``, where the help, ``player list`` and the rest say ``Sitzordnung``."""
    from schafkopf_score.i18n import everything as catalogue

    assert not [key for key, (_, de) in catalogue().items() if "Sitzreihenfolge" in de]
    t = make_table(language="de")
    said = t.refused("new", str(t.path.parent / "x.toml"), "--players", "A")
    assert "Nenn alle in Sitzordnung." in said, said
