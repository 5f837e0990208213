"""Hostile files and hostile neighbours: names, keys and numbers that look harmless but are not.

Every case goes through the real CLI: ``schafkopf new`` for what is typed, a table file for
what is written by hand, ``settle --from-balances`` and ``add --augen`` for typed numbers.
"""

import functools
import json

import pytest

FOUR = ["Anna", "Ben", "Cora", "Dora"]


@pytest.fixture
def make_table(make_table):
    """English tables: these tests read the English words of each refusal (every refusal of the
    catalogue is checked in German in tests/cli/test_language_refusals.py; tests/app/test_language_data.py
    reads German ones exactly)."""
    return functools.partial(make_table, language="en")


def toml_str(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's: \\u001b, \\n, \\u200b)."""
    return json.dumps(text)


def players_line(names) -> str:
    return "players = [" + ", ".join(toml_str(n) for n in names) + "]"


def with_players(make_table, names):
    return make_table(replace={players_line(FOUR): players_line(names)})


def new(t, tmp_path, *args, players="Anna,Ben,Cora,Dora"):
    path = tmp_path / "new.toml"
    r = t.run("new", str(path), "--family", "bavarian", "--players", players, *args)
    return r, path


# -- 6. names --------------------------------------------------------------------------------------

CONTROL = [
    ("Ben\x1b[31m", 4, "U+001B"),  # ESC: a terminal colour sequence
    ("Ben\x07", 4, "U+0007"),  # BEL
    ("Be\nn", 3, "U+000A"),  # a newline inside the name
    ("B\x00en", 2, "U+0000"),  # NUL
    ("Be\u200bn", 3, "U+200B ZERO WIDTH SPACE"),
    ("Ben\u200d", 4, "U+200D ZERO WIDTH JOINER"),
    ("\u202eneB", 1, "U+202E RIGHT-TO-LEFT OVERRIDE"),
    ("B\u2028en", 2, "U+2028 LINE SEPARATOR"),
]


@pytest.mark.parametrize(("name", "pos", "char"), CONTROL)
def test_new_refuses_a_control_character_in_a_name(make_table, tmp_path, name, pos, char):
    t = make_table()
    r, path = new(t, tmp_path, players=f"Anna,{name},Cora,Dora")
    assert r.exit_code == 2, r.output
    assert f"player 2 ({name!r})" in r.stderr
    assert f"has an invisible or control character ({char})" in r.stderr and f"at position {pos}." in r.stderr
    assert not path.exists()
    # the message shows the character escaped: it never reaches the terminal raw
    assert name not in r.stderr and "\x1b" not in r.stderr and "\u202e" not in r.stderr


@pytest.mark.parametrize(("name", "pos", "char"), CONTROL)
def test_table_file_refuses_a_control_character_in_a_name(make_table, name, pos, char):
    t = with_players(make_table, ["Anna", name, "Cora", "Dora"])
    r = t.run("rules", "--check")
    assert r.exit_code == 2, r.output
    assert f"Error: {t.path}, line 5: players has " in r.stderr
    assert f"player 2 ({name!r})" in r.stderr and f"at position {pos}" in r.stderr
    assert char in r.stderr


COMPOSED, DECOMPOSED = "J\u00fcrgen", "Ju\u0308rgen"


def test_new_refuses_names_equal_after_unicode_normalisation(make_table, tmp_path):
    t = make_table()
    r, path = new(t, tmp_path, players=f"{COMPOSED},Ben,{DECOMPOSED},Dora")
    assert r.exit_code == 2, r.output
    assert "--players names 'Ju\u0308rgen' twice" in r.stderr
    assert "players 1 and 3" in r.stderr and r"'J\xfcrgen' and 'Ju\u0308rgen'" in r.stderr
    assert not path.exists()


@pytest.mark.parametrize("pair", [(COMPOSED, DECOMPOSED), ("j\u00fcrgen", "JU\u0308RGEN"), ("Zo\u00eb", "zoe\u0308")])
def test_table_file_refuses_names_equal_after_unicode_normalisation(make_table, pair):
    t = with_players(make_table, [pair[0], "Ben", "Cora", pair[1]])
    r = t.run("rules", "--check")
    assert r.exit_code == 2, r.output
    assert f"line 5: players names {pair[1]!r} twice" in r.stderr and "players 1 and 4" in r.stderr


def test_plain_case_duplicates_are_still_refused(make_table):
    r = with_players(make_table, ["Anna", "Ben", "anna", "Dora"]).run("rules", "--check")
    assert r.exit_code == 2 and "players names 'anna' twice." in r.stderr


@pytest.mark.parametrize(("name", "says"), [
    (" Ben", "has spaces around player 2 (' Ben')"),
    ("Ben ", "has spaces around player 2 ('Ben ')"),
    ("Ben\u00a0", "has spaces around player 2 ('Ben\\xa0')"),
    ("   ", "has an empty name (player 2)"),
    ("", "has an empty name (player 2)"),
])
def test_table_file_refuses_blank_and_padded_names(make_table, name, says):
    t = with_players(make_table, ["Anna", name, "Cora", "Dora"])
    r = t.run("rules", "--check")
    assert r.exit_code == 2, r.output
    assert f"line 5: players {says}" in r.stderr


def test_new_refuses_an_empty_name_and_trims_around_commas(make_table, tmp_path):
    t = make_table()
    r, path = new(t, tmp_path, players="Anna,,Cora,Dora")
    assert r.exit_code == 2 and "has an empty name (player 2)" in r.stderr and not path.exists()
    r, path = new(t, tmp_path, players="Anna, Ben , Cora,Dora")  # spaces after commas are typing, not names
    assert r.exit_code == 0, r.output
    assert 'players = ["Anna", "Ben", "Cora", "Dora"]' in path.read_text(encoding="utf-8")


def test_real_names_with_accents_and_marks_are_welcome(make_table, tmp_path):
    names = [COMPOSED, "Jos\u00e9", "O'Brien", "Anna-Lena", "Zo\u00eb", "\u0141ukasz"]
    t = with_players(make_table, names[:4])
    assert "OK (Bavarian Schafkopf, 4 players" in t.ok("rules", "--check").stdout
    r, path = new(t, tmp_path, players=",".join([DECOMPOSED, *names[1:4]]))
    assert r.exit_code == 0, r.output
    assert DECOMPOSED in path.read_text(encoding="utf-8")  # kept as written, not rewritten


# -- 9. keys and numbers ---------------------------------------------------------------------------

@pytest.mark.parametrize("value", [str(2**53), pytest.param("1" + "0" * 400, id="10**400"), "1000000001"])
def test_a_tariff_above_the_bound_is_refused(make_table, value):
    t = make_table(replace={"solo = 50 ": f"solo = {value} "})
    line = next(i for i, s in enumerate(t.path.read_text().splitlines(), 1) if s.startswith("solo ="))
    r = t.run("rules", "--check")
    assert r.exit_code == 2, r.output
    assert f"line {line}: [tariff] solo must be at most 1000000000, not " in r.stderr
    assert "cents" in r.stderr


def test_a_tariff_at_the_bound_is_accepted(make_table):
    t = make_table(replace={"solo = 50 ": "solo = 1000000000 "})
    t.ok("rules", "--check")


def test_a_number_too_long_for_python_is_a_message_not_a_crash(make_table):
    t = make_table(replace={"solo = 50 ": "solo = 1" + "0" * 5000 + " "})
    r = t.run("rules", "--check")
    assert r.exit_code == 2, r.output
    assert "is not valid TOML" in r.stderr and "Traceback" not in r.output


@pytest.mark.parametrize(("family", "old", "new", "key"), [
    ("wendish", "kasse = 0 ", "kasse = 9007199254740993 ", "[rules] kasse"),
    ("wendish", "muss_solo_penalty = 0 ", "muss_solo_penalty = 10000000000 ", "[rules] muss_solo_penalty"),
    ("bavarian", "geier = 2 }", "geier = 10000000000 }", "[rules] laufende_min geier"),
    ("deutscher", "head = 50 ", "head = 10000000000 ", "[tariff] head"),
])
def test_every_integer_key_is_bounded(make_table, family, old, new, key):
    players = FOUR if family != "sheepshead" else [*FOUR, "Emil"]
    t = make_table(family=family, players=players, replace={old: new})
    r = t.run("rules", "--check")
    assert r.exit_code == 2, r.output
    assert f"{key} " in r.stderr and "at most 1000000000" in r.stderr


def test_point_value_is_bounded(make_table):
    t = make_table(family="sheepshead", players=[*FOUR, "Emil"],
                   replace={"point_value = 25 ": "point_value = 100000000000 "})
    r = t.run("rules", "--check")
    assert r.exit_code == 2 and "point_value must be at most 1000000000" in r.stderr


def test_new_refuses_a_tariff_above_the_bound_before_writing(make_table, tmp_path):
    t = make_table()
    r, path = new(t, tmp_path, "--tariff", "10/100000000000")
    assert r.exit_code == 2, r.output
    assert "--tariff" in r.stderr and "1000000000" in r.stderr and not path.exists()


@pytest.mark.parametrize("tariff", ["1_0/50", "\u0661\u0660/50", "\uff11\uff10/50"])
def test_new_tariff_takes_ascii_digits_only(make_table, tmp_path, tariff):
    t = make_table()
    r, path = new(t, tmp_path, "--tariff", tariff)
    assert r.exit_code == 2 and "is not numbers in cents" in r.stderr and not path.exists()


def test_a_table_file_with_a_utf8_bom_loads(make_table):
    t = make_table()
    t.path.write_bytes(b"\xef\xbb\xbf" + t.path.read_bytes())
    assert "OK (Bavarian Schafkopf, 4 players, 4 seats)" in t.ok("rules", "--check").stdout
    t.ok("add", "sauspiel", "--player", "an", "--partner", "be", "--augen", "72")


def test_a_bom_does_not_shift_the_line_numbers(make_table):
    t = make_table(replace={"legen = false": "legn = false"})
    line = next(i for i, s in enumerate(t.path.read_text().splitlines(), 1) if s.startswith("legn"))
    t.path.write_bytes(b"\xef\xbb\xbf" + t.path.read_bytes())
    r = t.run("rules", "--check")
    assert r.exit_code == 2 and f"line {line}: [rules] legn is not a known key." in r.stderr


BAD_CURRENCIES = ["[/]", "[bold red]EUR", "EUR\x1b[2J", "E UR", "Euro\\", "", "EURO-DOLLAR", "eu\u200br"]


@pytest.mark.parametrize("currency", BAD_CURRENCIES)
def test_table_file_refuses_a_currency_with_markup_or_control_characters(make_table, currency):
    t = make_table(replace={'currency = "EUR"': f"currency = {toml_str(currency)}"})
    r = t.run("rules")
    assert r.exit_code == 2, r.output
    assert "currency must be three capital letters" in r.stderr and "Traceback" not in r.output


@pytest.mark.parametrize("currency", BAD_CURRENCIES)
def test_new_refuses_a_bad_currency(make_table, tmp_path, currency):
    t = make_table()
    r, path = new(t, tmp_path, "--currency", currency)
    assert r.exit_code == 2, r.output
    assert "--currency" in r.stderr and "three capital letters" in r.stderr and not path.exists()


@pytest.mark.parametrize(("currency", "shown"), [("CHF", "0,50 CHF"), ("\u20ac", "0,50 \u20ac"), ("Fr.", "0,50 Fr."),
                                                  ("$", "0,50 $"), ("z\u0142", "0,50 z\u0142")])
def test_sane_currencies_are_accepted(make_table, tmp_path, currency, shown):
    t = make_table(replace={'currency = "EUR"': f"currency = {toml_str(currency)}"}, language="de")
    assert shown in t.ok("rules").stdout
    r, _ = new(t, tmp_path, "--currency", currency)
    assert r.exit_code == 0, r.output


@pytest.mark.parametrize("balances", ["Cora=1,Cora=-1", "Anna=1,an=-1", "Anna=2,Ben=-1,anna=-1"])
def test_from_balances_refuses_a_name_given_twice(make_table, balances):
    t = make_table()
    r = t.run("settle", "--from-balances", balances)
    assert r.exit_code == 2, r.output
    assert "gives " in r.stderr and " twice" in r.stderr


@pytest.mark.parametrize("balances", ["Anna=\u0663,Ben=-\u0663", "Anna=3,\u0664\u0660,Ben=-3,40",
                                      "Anna=\uff13,Ben=-3", "Anna=1_0,Ben=-10",
                                      pytest.param("Anna=" + "9" * 5000 + ",Ben=-1", id="5000-digits")])
def test_from_balances_takes_ascii_digits_only(make_table, balances):
    t = make_table()
    r = t.run("settle", "--from-balances", balances)
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output
    assert any(says in r.stderr for says in ("is not an amount", "is too large", "is not a player at this table"))


def test_from_balances_still_takes_a_sheet(make_table):
    t = make_table()
    data = t.json("settle", "--from-balances", "Anna=+3,40, Ben=-1.15 ,Cora=-2,25")
    assert data["balances"] == {"Anna": 340, "Ben": -115, "Cora": -225}


@pytest.mark.parametrize("augen", ["7_0", "\u0667\u0660", "\uff17\uff10", "70.0", "+70", "0x46", "7 0"])
def test_augen_take_ascii_digits_only(make_table, augen):
    t = make_table()
    before = t.ledger_bytes()
    r = t.run("add", "sauspiel", "--player", "an", "--partner", "be", "--augen", augen)
    assert r.exit_code == 2, r.output
    assert f"--augen {augen!r} is not a whole number." in r.stderr
    assert t.ledger_bytes() == before


def test_augen_in_the_short_notation_and_in_a_ramsch_list_take_ascii_digits_only(make_table):
    t = make_table(preset="wirtshaus")
    r = t.run("add", "sau", "an", "be", "\u0667\u0660")
    assert r.exit_code == 2 and "Error: '\u0667\u0660' fits nothing in a Sauspiel." in r.stderr, r.output
    r = t.run("add", "ramsch", "--augen", "Anna=3_0,Ben=30,Cora=30,Dora=30")
    assert r.exit_code == 2 and "--augen Anna= '3_0' is not a whole number." in r.stderr, r.output


def test_plain_augen_still_work(make_table):
    t = make_table()
    t.ok("add", "sauspiel", "--player", "an", "--partner", "be", "--augen", " 72 ")
    r = t.run("add", "sauspiel", "--player", "an", "--partner", "be", "--augen", "-5")
    assert r.exit_code == 2 and "is not a whole number" not in r.stderr  # a number; the rules refuse it


def test_a_file_nested_too_deeply_is_a_message_not_a_crash(make_table):
    t = make_table()
    t.path.write_text(t.path.read_text(encoding="utf-8") + "\n[x]\ny = " + "[" * 100_000 + "]" * 100_000 + "\n",
                      encoding="utf-8")
    r = t.run("rules", "--check")
    assert r.exit_code == 2, r.output
    assert "nests lists or tables too deeply" in r.stderr


def test_the_table_name_takes_no_control_characters(make_table, tmp_path):
    t = make_table(replace={'name = "test"': 'name = "Stamm\\u001b[2Jtisch"'})
    r = t.run("rules")
    assert r.exit_code == 2 and r"name 'Stamm\x1b[2Jtisch' has an invisible or control character (U+001B)" in r.stderr
    r, path = new(t, tmp_path, "--name", "Stamm\u202etisch")
    assert r.exit_code == 2 and "--name" in r.stderr and "U+202E" in r.stderr and not path.exists()


@pytest.mark.parametrize("word", ["٧٠", "l٢", "g١", "７０"])
def test_the_short_notation_takes_only_the_digits_0_to_9(make_table, word):
    t = make_table()
    r = t.run("calc", "wenz", "an", *(["70"] if word.startswith(("l", "g")) else []), word)
    assert r.exit_code == 2 and f"Error: {word!r} fits nothing in a Wenz." in r.stderr, r.stderr


def test_names_typed_alike_and_game_words_are_refused_by_new(tmp_path):
    from schafkopf_score.cli.app import app
    from tests.conftest import CliRunner

    runner = CliRunner()
    r = runner.invoke(app, ["new", str(tmp_path / "a.toml"), "--players", "Jürgen,Jurgen,Cora,Dora"])
    assert r.exit_code == 2
    assert r.stderr.startswith("Error: --players names 'Jürgen' and 'Jurgen' (players 1 and 2), which are typed "
                               "alike ('jurgen').")
    r = runner.invoke(app, ["new", str(tmp_path / "b.toml"), "--players", "Herzsolo,Ben,Cora,Dora"])
    assert r.exit_code == 2 and "'Herzsolo' is a word of the short notation" in r.stderr


def test_a_name_with_a_leading_dash_is_refused_by_new_and_player_add(tmp_path, make_table):
    # '--x' was written to the file, and then no hand could name him: add read 'sau an --x 72' as an
    # unknown option, play as "'--x' is no option of a hand"
    from schafkopf_score.cli.app import app
    from tests.conftest import CliRunner

    r = CliRunner().invoke(app, ["new", str(tmp_path / "a.toml"), "--players", "Anna,Ben,Cora,--x"])
    assert (r.exit_code, r.stderr) == (2, "Error: '--x' begins with a dash and reads as an option; a player of that "
                                          "name could not be entered.\nGive --x another spelling (a nickname, or "
                                          "with the surname's initial).\n")
    assert not (tmp_path / "a.toml").exists()
    t = make_table(language="en")
    assert t.refused("player", "add", "--", "-Max").startswith("Error: '-Max' begins with a dash")
    t.ok("player", "add", "Max-Otto")  # a dash inside a name is a name


def test_new_force_never_writes_a_table_file_that_cannot_use_the_ledger_beside_it(tmp_path):
    # new --force --family sheepshead over a Bavarian ledger wrote the file ("Next: schafkopf ...
    # add"), and then every command was refused: the ledger holds Bavarian games
    from schafkopf_score.cli.app import app
    from tests.conftest import CliRunner

    runner = CliRunner()
    path = tmp_path / "t.toml"
    assert runner.invoke(app, ["new", str(path), "--players", "Anna,Ben,Cora,Dora", "--language", "en"]).exit_code == 0
    assert runner.invoke(app, ["--table", str(path), "add", "sau", "an", "be", "72"]).exit_code == 0
    before = path.read_bytes()
    r = runner.invoke(app, ["new", str(path), "--players", "Anna,Ben,Cora,Dora", "--family", "sheepshead", "--force"])
    assert r.exit_code == 2 and r.stderr.startswith(
        "Error: The ledger " + str(tmp_path / "t.sqlite") + ' holds bavarian games, but the table file says family = '
        '"sheepshead".\n'), r.stderr
    r = runner.invoke(app, ["tournament", "new", str(path), "--players", "A1,B1,C1,D1", "--force", "--language", "en"])
    assert r.exit_code == 2 and "holds a table's evenings" in r.stderr, r.stderr
    assert path.read_bytes() == before
    # the same family over it is taken, as --force says (the ledger's games stay)
    assert runner.invoke(app, ["new", str(path), "--players", "Xaver,Yvonne,Zora,Wim", "--force"]).exit_code == 0


GAMES = 'games = ["sauspiel", "wenz", "farbwenz", "solo"]'


@pytest.mark.parametrize("games, says", [
    ("[]", "[rules] games must name at least one of sauspiel, hochzeit, solo, wenz, geier, farbwenz, farbgeier, "
           "bettel, ramsch, not []"),
    ('["wenz", "solo", "wenz"]', "[rules] games names 'wenz' twice"),
    ('["solo", "farbsolo"]', "[rules] games names 'farbsolo' twice"),  # another word for the Solo
])
def test_a_table_file_plays_some_game_and_names_each_once(make_table, games, says):
    """``games = []`` was a table on which no game could be entered, and a game listed twice
    went through; both are the file's mistakes, said where they are (exit 2, nothing written)."""
    t = make_table(replace={GAMES: f"games = {games}"})
    line = next(i for i, s in enumerate(t.path.read_text().splitlines(), 1) if s.startswith("games ="))
    for args in (["rules", "--check"], ["add", "wenz", "be", "80"]):
        r = t.run(*args)
        assert r.exit_code == 2, r.output
        assert r.stderr == f"Error: {t.path}, line {line}: {says}\n", r.stderr
    assert not t.ledger_path.exists()


@pytest.mark.parametrize("table, says", [
    ("{ sauspiel = 3, Sauspiel = 4 }", "[rules] laufende_min names 'sauspiel' and 'Sauspiel', which are the same: "
                                       "say it once"),
    ("{ solo = 3, wenz = 2, farbsolo = 4 }", "[rules] laufende_min names 'solo' and 'farbsolo', which are the same: "
                                             "say it once"),  # another word for the Solo
])
def test_a_table_of_numbers_names_each_game_once(make_table, table, says):
    """``laufende_min = { sauspiel = 3, Sauspiel = 4 }`` took the last value and left the other
    unsaid: one game under two names is the file's mistake, said where it is (exit 2)."""
    import re

    t = make_table()
    text, n = re.subn(r"^laufende_min = .*$", f"laufende_min = {table}", t.path.read_text(), flags=re.M)
    assert n == 1
    t.path.write_text(text)
    line = next(i for i, s in enumerate(text.splitlines(), 1) if s.startswith("laufende_min ="))
    for args in (["rules", "--check"], ["calc", "sau", "be", "co", "72", "l3"]):
        r = t.run(*args)
        assert (r.exit_code, r.stderr) == (2, f"Error: {t.path}, line {line}: {says}\n"), r.stderr
    t.path.write_text(text.replace(table, "{ sauspiel = 4, wenz = 2 }"))
    assert t.json("calc", "sau", "be", "co", "72", "l3")["value"] == 10  # three Laufende count from four


def test_a_wendish_table_file_plays_some_game_too(make_table):
    t = make_table(family="wendish", replace={'games = ["normal", "hochzeit", "solo"]': "games = []"})
    r = t.run("rules", "--check")
    assert r.exit_code == 2 and "[rules] games must name at least one of " in r.stderr, r.stderr


def test_a_pipe_or_a_device_as_the_table_file_is_refused_at_once(make_table, tmp_path):
    """A pipe nobody writes to made every command wait for ever, and /dev/null read as an empty
    file; either is said to be no table file (exit 2), through the real command line."""
    import os
    import subprocess
    import sys

    pipe = tmp_path / "pipe.toml"
    os.mkfifo(pipe)
    env = {**os.environ, "SCHAFKOPF_TABLE": ""}
    for path in (pipe, os.devnull):  # (what is no file tells no language: English)
        r = subprocess.run([sys.executable, "-m", "schafkopf_score", "--table", str(path), "sheet"],
                           capture_output=True, text=True, timeout=30, env=env)
        assert (r.returncode, r.stderr) == (2, f"Error: {path} is no file but a pipe, a socket or a device: not a "
                                               "table file.\nGive the path of the .toml file.\n")


def test_a_folder_where_the_ledger_should_be_is_named_so(make_table):
    """A folder at the ledger's path was "damaged or not a ledger (unable to open database
    file)"; it is a folder, left as it is."""
    t = make_table()
    t.ledger_path.mkdir()
    for args in (["add", "sau", "an", "be", "72"], ["sheet"]):
        r = t.run(*args)
        assert (r.exit_code, r.stderr) == (2, f"Error: {t.ledger_path} is a folder or a special file, not a ledger.\n"
                                              "It was left as it is; set ledger in the table file to a file's "
                                              "path, or move it away.\n")
    assert t.ledger_path.is_dir() and not list(t.ledger_path.iterdir())


def test_a_socket_as_the_table_file_is_refused_as_the_pipe_is(tmp_path):
    """A socket cannot be opened at all (ENXIO): it was "Cannot read s.toml: No such device or
    address. Check the path and its permissions.", where a pipe or a device is named so."""
    import os
    import socket
    import subprocess
    import sys

    path = tmp_path / "s.toml"
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(path))
        r = subprocess.run([sys.executable, "-m", "schafkopf_score", "--table", str(path), "sheet"],
                           capture_output=True, text=True, timeout=30, env={**os.environ, "SCHAFKOPF_TABLE": ""})
    assert (r.returncode, r.stderr) == (2, f"Error: {path} is no file but a pipe, a socket or a device: not a "
                                           "table file.\nGive the path of the .toml file.\n")


def test_a_ledger_link_to_nowhere_is_named_so_and_shows_no_empty_sheet(make_table, tmp_path):
    """The ledger is a link to a file that is not there (a backup disk not mounted): every
    command says so (it was "damaged", and sheet showed an empty evening), and nothing is made."""
    t = make_table()
    gone = tmp_path / "usb" / "test.sqlite"
    t.ledger_path.symlink_to(gone)
    for args in (["add", "sau", "an", "be", "72"], ["sheet"], ["settle"]):
        r = t.run(*args)
        assert (r.exit_code, r.stderr) == (2, f"Error: The ledger {t.ledger_path} is a link to {gone}, which is not "
                                              "there.\nBring back what it links to (a disk not mounted?), or remove "
                                              "the link for a new ledger.\n"), args
    assert t.ledger_path.is_symlink() and not gone.exists()


def test_new_refuses_more_players_than_the_table_seats_before_writing(make_table, tmp_path):
    """Eight players at a four-seat Bavarian table: ``new`` wrote the file, then refused it on
    loading it back (exit 2, the file left behind, the message naming a line of it)."""
    t = make_table()
    r, path = new(t, tmp_path, players="Anna,Ben,Cora,Dora,Emil,Franz,Gerd,Hans")
    assert (r.exit_code, r.stderr) == (2, "Error: --players lists 8 players; at most 7 can share a 4-seat table.\n"
                                          "Split the table.\n")
    assert not path.exists()
    r, path = new(t, tmp_path, "--language", "de", players="Anna,Ben,Cora,Dora,Emil,Franz,Gerd")
    assert r.exit_code == 0, r.output
    assert path.exists()


def test_new_says_the_players_are_too_few_or_not_played_where_no_seats_were_given(make_table, tmp_path):
    """Three players at a Deutscher table, two at Sheepshead, without --seats: refused as
    "--seats 3 is not played in Deutscher Schafskopf. Choose one of 2, 4.", an option not
    typed (and --seats 4 for three players would be refused next)."""
    t = make_table()
    path = tmp_path / "new.toml"

    def new(t, tmp_path, family, *args, players):
        return t.run("new", str(path), "--family", family, "--players", players, *args), path

    r, path = new(t, tmp_path, "deutscher", players="Anna,Ben,Cora")
    assert (r.exit_code, r.stderr) == (2, "Error: --players lists 3 players, but Deutscher Schafskopf is played by "
                                          "2 or 4 at a table.\n"
                                          "List more players, or give --seats 2 (more players at the table sit out "
                                          "in turn).\n")
    r, path = new(t, tmp_path, "sheepshead", "--language", "de", players="Anna,Ben")
    assert (r.exit_code, r.stderr) == (2, "Fehler: --players nennt 2 Spieler, aber Sheepshead spielen 3, 4 oder 5 "
                                          "an einem Tisch.\nNenn mindestens 3 Spieler.\n")
    assert not path.exists()
    r, path = new(t, tmp_path, "deutscher", "--seats", "3", players="Anna,Ben,Cora")
    assert (r.exit_code, r.stderr) == (2, "Error: --seats 3 is not played in Deutscher Schafskopf.\n"
                                          "Choose one of 2, 4.\n")
    r, path = new(t, tmp_path, "deutscher", "--seats", "2", players="Anna,Ben,Cora")
    assert r.exit_code == 0, r.output


@pytest.mark.parametrize("header, says", [("[tariff.extra]", "[tariff] extra"), ("[foo]", "foo")])
def test_an_unknown_key_written_as_a_table_names_its_line(make_table, header, says):
    """A key written as a section of its own (``[tariff.extra]``, ``[foo]``) was refused
    without the line of its header."""
    t = make_table()
    text = t.path.read_text(encoding="utf-8").rstrip("\n") + f"\n\n{header}\na = 1\n"
    t.path.write_text(text, encoding="utf-8")
    line = text.splitlines().index(header) + 1
    r = t.run("rules", "--check")
    assert r.exit_code == 2
    assert r.stderr.startswith(f"Error: {t.path}, line {line}: {says} is not a known key.\n"), r.stderr
