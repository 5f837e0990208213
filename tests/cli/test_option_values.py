"""Every option's value read as the program reads it: a number option that is given no number,
a path in a table file that no file can have. Each refusal is the program's own (``Error:`` or
``Fehler:`` and how to put it right, in the table's language), exit status 2, nothing written."""

import pytest

from schafkopf_score.cli.app import WholeNumber, app
from tests.conftest import Table, assert_language


def _every_parameter(cmd, path=()):
    for sub_name, sub in getattr(cmd, "commands", {}).items():
        yield from _every_parameter(sub, (*path, sub_name))
    for param in getattr(cmd, "params", ()):
        yield " ".join(path), param


def test_every_whole_number_option_is_read_as_one():
    # click's own int would answer "Usage: ... Invalid value for '--session': 'abc' is not a valid
    # int." where --round, --tisch and a typed line in play say what to write
    plain = [f"{command} {param.opts[0] if param.opts else param.name}"
             for command, param in _every_parameter(app.click_command())
             if param.type.name in ("integer", "int") and not isinstance(param.type, WholeNumber)]
    assert plain == []


# each command with an option that takes a whole number (the table's family where it matters)
NUMBER_OPTIONS = [
    ("bavarian", ["sheet", "--session"]),
    ("bavarian", ["standings", "--session"]),
    ("bavarian", ["settle", "--session"]),
    ("bavarian", ["stats", "--session"]),
    ("bavarian", ["export", "--session"]),
    ("deutscher", ["draw", "--seed"]),
    ("bavarian", ["import", "x.json", "--jobs"]),
    ("bavarian", ["new", "n.toml", "--players", "A,B,C,D", "--seats"]),
    ("bavarian", ["serve", "--port"]),
    ("bavarian", ["serve", "--workers"]),
]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("family, args", NUMBER_OPTIONS, ids=lambda v: " ".join(v) if isinstance(v, list) else v)
@pytest.mark.parametrize("value", ["abc", "1.5", "1e3"])
def test_a_number_option_refuses_a_word_in_the_tables_language(make_table, tmp_path, family, args, value, lang):
    t = make_table(family=family, language=lang)
    option = args[-1]
    err = t.refused(*args, value)
    expected = {"en": f"Error: {option} '{value}' is not a whole number.\n"
                      f"Write it in the digits 0 to 9, e.g. {option} 3.\n",
                "de": f"Fehler: {option} '{value}' ist keine ganze Zahl.\n"
                      f"Schreib sie in den Ziffern 0 bis 9, z. B. {option} 3.\n"}[lang]
    assert err == expected
    assert_language(err, lang, args)
    assert not (tmp_path / "n.toml").exists()


def test_a_number_option_of_forty_digits_is_refused_plainly(make_table):
    t = make_table(language="en")
    err = t.refused("sheet", "--session", "1" * 40)
    assert err.startswith("Error: '111111111111111111111111'… has 40 digits: far more than --session can be.\n"), err


def test_the_numbers_still_work(make_table):
    t = make_table(language="en")
    t.ok("add", "sau", "an", "be", "70")
    assert t.json("sheet", "--session", "1")["sessions"][0]["session"] == 1
    assert "no session 2" in t.run("sheet", "--session", "2").stderr


@pytest.mark.parametrize("command", [["add"], ["sheet"], ["tournament", "new"]])
def test_a_german_help_names_a_number_in_german(make_table, command):
    t = make_table(language="de")
    text = t.ok(*command, "--help").stdout
    assert "<integer>" not in text and "<int>" not in text
    assert "<Zahl>" in text


# -- a path in a table file ------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("command", [["add", "sau", "an", "be", "70"], ["rules", "--check"], ["sheet"]])
def test_a_ledger_path_with_a_control_character_is_refused(make_table, tmp_path, lang, command):
    # a NUL is no character of any path: it was "Internal error (ValueError: embedded null byte)"
    # at the first hand, and rules --check said OK
    t = make_table(language=lang, replace={"players = [": 'ledger = "x\\u0000y.sqlite"\nplayers = ['})
    err = t.refused(*command)
    assert err.splitlines()[0].endswith({"en": "ledger 'x\\x00y.sqlite' has an invisible or control character "
                                               "(U+0000) at position 2.",
                                         "de": "ledger 'x\\x00y.sqlite' enthält an Stelle 2 ein unsichtbares oder "
                                               "Steuerzeichen (U+0000)."}[lang]), err
    assert_language(err, lang, command)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["test.toml"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_players_file_with_a_control_character_is_refused(tmp_path, lang):
    from tests.conftest import CliRunner

    runner = CliRunner()
    env = {"SCHAFKOPF_TABLE": ""}
    path = tmp_path / "t.toml"
    r = runner.invoke(app, ["tournament", "new", str(path), "--players", "A1,A2,A3,A4", "--language", lang], env=env)
    assert r.exit_code == 0, r.output
    text = path.read_text(encoding="utf-8")
    text = "\n".join(line for line in text.splitlines() if not line.startswith("players = "))
    path.write_text(text.replace("[tournament]\n", '[tournament]\nplayers_file = "a\\u0000b.txt"\n'), encoding="utf-8")
    r = runner.invoke(app, ["--table", str(path), "tournament", "draw"], env=env)
    assert r.exit_code == 2, (r.exit_code, r.output)
    assert "players_file 'a\\x00b.txt'" in r.stderr and "U+0000" in r.stderr, r.stderr
    assert_language(r.stderr, lang)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.toml"]


# -- a tournament's seed -----------------------------------------------------------------------------

def _tournament(tmp_path, lang):
    from tests.conftest import CliRunner

    runner = CliRunner()
    path = tmp_path / "t.toml"
    r = runner.invoke(app, ["tournament", "new", str(path), "--players", "A1,A2,A3,A4,B1,B2,B3,B4", "--language", lang],
                      env={"SCHAFKOPF_TABLE": ""})
    assert r.exit_code == 0, r.output
    return Table(path)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("redo", [False, True])
def test_an_empty_seed_is_refused_not_a_fixed_lot(tmp_path, lang, redo):
    # `--seed ""` (a shell variable not set) drew the same lot every time, "(seed )"
    t = _tournament(tmp_path, lang)
    if redo:
        t.ok("tournament", "draw")
    err = t.refused("tournament", "draw", "--seed", "", *(["--redo", "--reason", "late"] if redo else []))
    assert err == {"en": "Error: --seed is empty.\nGive a seed, e.g. --seed 7, or leave --seed out for a random lot.\n",
                   "de": "Fehler: --seed ist leer.\nGib einen Startwert an, z. B. --seed 7, oder lass --seed weg für "
                         "ein zufälliges Los.\n"}[lang]


@pytest.mark.parametrize("seed", ["x\x1b[2Jy", "\u202e7", "a\nb"])
def test_a_seed_with_a_control_character_is_refused(tmp_path, seed):
    # the seed is stored with the round and shown on every draw, as a reason is
    t = _tournament(tmp_path, "en")
    err = t.refused("tournament", "draw", "--seed", seed)
    assert err.startswith(f"Error: --seed {seed!r} has an invisible or control character"), err


@pytest.mark.parametrize("redo", [False, True])
def test_a_seed_of_more_than_100_characters_is_refused(tmp_path, redo):
    t = _tournament(tmp_path, "de")
    if redo:
        t.ok("tournament", "draw")
    assert t.refused("tournament", "draw", "--seed", "x" * 10_000, *(["--redo", "--reason", "late"] if redo else [])) == (
        "Fehler: --seed ist 10000 Zeichen lang; ein Startwert hat höchstens 100.\n"
        "Ein kurzes Wort oder eine Zahl genügt: --seed 7; es wurde nichts ausgelost.\n")
    assert t.json("tournament", "draw", "--seed", "7" * 100, *(["--redo", "--reason", "late"] if redo else [])
                  )["seed"].startswith("7" * 100)


@pytest.mark.parametrize("seed, problem", [
    ("a\\u0000b", "seed 'a\\x00b' has an invisible or control character (U+0000) at position 2.\n"
                  "Remove it: such characters can hide or garble text on screen.\n"),
    ("y" * 101, "seed is 101 characters long; a seed has at most 100.\n"
                "A short word or number does: --seed 7; nothing was drawn.\n")])
def test_the_files_seed_is_checked_as_the_options(tmp_path, seed, problem):
    # the file's seed was printed with every draw as written, a NUL too, and stored with the round
    t = _tournament(tmp_path, "en")
    t.path.write_text(t.path.read_text(encoding="utf-8").replace('# seed = "..."', f'seed = "{seed}"'),
                      encoding="utf-8")
    line = next(i for i, x in enumerate(t.path.read_text(encoding="utf-8").splitlines(), 1) if x.startswith("seed"))
    assert t.refused("tournament", "draw") == f"Error: {t.path}, line {line}: [tournament] {problem}"


def test_a_seed_still_draws_the_same_lot(tmp_path):
    t = _tournament(tmp_path, "en")
    first = t.json("tournament", "draw", "--seed", "7")
    assert first["seed"] == "7"


# -- the table named empty ------------------------------------------------------------------------

@pytest.mark.parametrize("command", [["add", "sau", "an", "be", "70"], ["sheet"], ["undo"]])
def test_an_empty_table_option_is_refused_not_the_table_here(make_table, tmp_path, command):
    # `--table "$T"` with T not set worked on schafkopf.toml here (or SCHAFKOPF_TABLE's table):
    # a hand recorded at a table nobody named
    here = make_table(name="schafkopf", language="en")
    here.ok("add", "wenz", "co", "70")
    before = here.ledger_bytes()
    r = here.runner.invoke(app, ["--table", "", *command], env={"SCHAFKOPF_TABLE": ""})
    assert r.exit_code == 2, (r.exit_code, r.output)
    assert r.stderr == ("Error: --table is empty.\nName the table file, e.g. --table abend.toml, or leave --table out "
                        "(then SCHAFKOPF_TABLE, else schafkopf.toml here).\n")
    assert here.ledger_bytes() == before


def test_an_empty_table_option_is_refused_in_german(make_table):
    here = make_table(name="schafkopf", language="de")
    r = here.runner.invoke(app, ["--table=", "sheet"], env={"SCHAFKOPF_TABLE": str(here.path)})
    assert r.exit_code == 2, (r.exit_code, r.output)
    assert r.stderr.startswith("Fehler: --table ist leer.\n"), r.stderr
    assert_language(r.stderr, "de")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_new_refuses_an_empty_tariff_as_settle_does(tmp_path, lang):
    # `new --tariff ""` wrote the family's default tariff without a word; settle --tariff "" is refused
    from tests.conftest import CliRunner

    r = CliRunner().invoke(app, ["new", "a.toml", "--players", "A,B,C,D", "--language", lang, "--tariff", ""],
                           env={"SCHAFKOPF_TABLE": ""})
    assert r.exit_code == 2, (r.exit_code, r.output)
    assert r.stderr.startswith({"en": "Error: --tariff '' is not numbers in cents.\n",
                                "de": "Fehler: --tariff '' sind keine Zahlen in Cent.\n"}[lang]), r.stderr
    assert_language(r.stderr, lang)
    assert not (tmp_path / "a.toml").exists()
