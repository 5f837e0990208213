"""Issue 23, items 5 and 6: hostile input found at a table, and small things a table noticed.

Each case through the door users use: the real CLI (``CliRunner``, or a subprocess where the
streams themselves are the point), exact messages and exit statuses."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import Table

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "SCHAFKOPF_TABLE": ""}


def schafkopf(*args, **kw):
    return subprocess.run([sys.executable, "-m", "schafkopf_score", *args], capture_output=True, text=True,
                          env={**ENV, **kw.pop("env", {})}, **kw)


# -- SCHAFKOPF_BUSY_TIMEOUT ----------------------------------------------------------------------

@pytest.mark.parametrize("value", ["inf", "-inf", "nan", "1e400", "-1", "86401", "abc", "9" * 5000])
def test_a_busy_timeout_that_is_no_number_of_seconds_is_refused(make_table, value):
    t = make_table(language="en")
    r = schafkopf("--table", str(t.path), "add", "sau", "an", "be", "72", env={"SCHAFKOPF_BUSY_TIMEOUT": value})
    assert r.returncode == 2, r.stderr
    shown = repr(value if len(value) <= 40 else value[:40] + "...")
    assert r.stderr == (f"Error: SCHAFKOPF_BUSY_TIMEOUT is {shown}: not a number of seconds from 0 to 86400.\n"
                        "Set it to the seconds to wait for another writer (such as 30), or unset it; "
                        "nothing was recorded.\n")
    assert not t.ledger_path.exists()


def test_a_busy_timeout_is_refused_in_german_on_a_german_table(make_table):
    t = make_table(language="de")
    r = schafkopf("--table", str(t.path), "add", "sau", "an", "be", "72", env={"SCHAFKOPF_BUSY_TIMEOUT": "inf"})
    assert r.returncode == 2
    assert r.stderr.startswith("Fehler: SCHAFKOPF_BUSY_TIMEOUT ist 'inf': keine Zahl von Sekunden von 0 bis 86400.\n")


@pytest.mark.parametrize("value", ["0", "2.5", "86400", ""])
def test_a_busy_timeout_of_seconds_is_taken(make_table, value):
    t = make_table(language="en")
    r = schafkopf("--table", str(t.path), "add", "sau", "an", "be", "72", env={"SCHAFKOPF_BUSY_TIMEOUT": value})
    assert r.returncode == 0, r.stderr


# -- a closed standard output ----------------------------------------------------------------------

def closed_stdout(*args):
    return subprocess.run([sys.executable, "-m", "schafkopf_score", *args], stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, env=ENV,
                          preexec_fn=lambda: os.close(1))


def test_an_entry_with_stdout_closed_is_recorded_and_says_its_answer_was_lost(make_table):
    t = make_table(language="en")
    r = closed_stdout("--table", str(t.path), "add", "sau", "an", "be", "72")
    assert r.returncode == 3, r.stderr
    assert r.stderr == ("Error: the output could not be written (standard output is closed). A hand this command "
                        "records is committed before its answer is printed; schafkopf sheet shows what the ledger "
                        "holds.\n")
    assert [h["hand"] for h in t.json("sheet")["sessions"][0]["hands"]] == [1]


CTRL_C_AT_EXIT = """
import os, signal, sys
from schafkopf_score.cli import app
flushed = app._flushed
def ctrl_c_then_flush(*args, **kwargs):  # Ctrl-C typed while the answered command exits
    os.kill(os.getpid(), signal.SIGINT)
    return flushed(*args, **kwargs)
app._flushed = ctrl_c_then_flush
sys.argv = ["schafkopf", *sys.argv[1:]]
app.run()
"""


def test_a_ctrl_c_while_an_answered_command_exits_keeps_its_status(make_table):
    """The hand is recorded and answered; a Ctrl-C as the process exits killed it with no word
    and the status -2 (a script read "failed"): it is ignored from the command's end on."""
    t = make_table(language="en")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SCHAFKOPF_TABLE": "", "COLUMNS": "120"}
    r = subprocess.run([sys.executable, "-c", CTRL_C_AT_EXIT, "--table", str(t.path), "add", "sau", "an", "be", "72"],
                       capture_output=True, text=True, env=env, timeout=60)
    assert (r.returncode, r.stderr) == (0, ""), r
    assert r.stdout.startswith("Hand 1 recorded: ")
    refused = subprocess.run([sys.executable, "-c", CTRL_C_AT_EXIT, "--table", str(t.path), "void", "9"],
                             capture_output=True, text=True, env=env, timeout=60)
    assert refused.returncode == 2 and refused.stderr.startswith("Error: "), refused


def test_a_refused_entry_with_stdout_closed_exits_2_with_its_own_message(make_table):
    t = make_table(language="en")
    t.ok("add", "sau", "an", "be", "72")
    before = t.ledger_bytes()
    r = closed_stdout("--table", str(t.path), "add", "sau", "an", "xy", "72")
    assert r.returncode == 2, r.stderr
    assert r.stderr.startswith("Error: 'xy' fits nothing in a Sauspiel.\n")
    assert "Traceback" not in r.stderr and "output could not" not in r.stderr
    assert t.ledger_bytes() == before


def test_a_view_with_stdout_closed_says_so_in_german(make_table):
    t = make_table(language="de")
    t.ok("add", "sau", "an", "be", "72")
    r = closed_stdout("--table", str(t.path), "sheet", "--json")
    assert r.returncode == 3
    assert r.stderr.startswith("Fehler: die Ausgabe konnte nicht geschrieben werden (die Standardausgabe ist "
                               "geschlossen).")


# -- new, and the currency a family plays in -------------------------------------------------------

def test_new_names_the_files_own_ledger_in_its_comment(make_table, tmp_path):
    t = make_table(language="en")
    t.ok("new", str(tmp_path / "stammtisch.toml"), "--players", "Anna,Ben,Cora,Dora")
    text = (tmp_path / "stammtisch.toml").read_text(encoding="utf-8")
    assert '# ledger = "stammtisch.sqlite"' in text
    assert "table.sqlite" not in text


def test_a_sheepshead_table_plays_in_dollars_unless_told(make_table, tmp_path):
    t = make_table(language="en")
    t.ok("new", str(tmp_path / "s.toml"), "--family", "sheepshead", "--players", "Al,Bo,Cy,Di,Ed")
    assert 'currency = "USD"' in (tmp_path / "s.toml").read_text(encoding="utf-8")
    t.ok("new", str(tmp_path / "e.toml"), "--family", "sheepshead", "--players", "Al,Bo,Cy,Di,Ed", "--currency", "EUR")
    assert 'currency = "EUR"' in (tmp_path / "e.toml").read_text(encoding="utf-8")
    t.ok("new", str(tmp_path / "b.toml"), "--players", "Al,Bo,Cy,Di")
    assert 'currency = "EUR"' in (tmp_path / "b.toml").read_text(encoding="utf-8")
    # a hand-written Sheepshead file without a currency line: dollars too
    path = tmp_path / "s.toml"
    path.write_text("\n".join(line for line in path.read_text(encoding="utf-8").splitlines()
                              if not line.startswith("currency")) + "\n", encoding="utf-8")
    r = Table(path).run("rules", "--json")
    assert r.exit_code == 0, r.output
    import json

    assert json.loads(r.stdout)["currency"] == "USD"


# -- rules on a German table -------------------------------------------------------------------------

def test_rules_on_a_german_table_explains_each_value_in_german(make_table):
    t = make_table(language="de")
    out = " ".join(t.ok("rules").stdout.split())
    # the table's cells wrap: compare the words, not the lines
    for words in ("none (zählt nicht)", "double_all (verdoppelt den ganzen Wert)",
                  "double_individual (die Jungfrau bekommt doppelt)", "redeal (neu geben)",
                  "double (verdoppelt den Stock)"):
        assert all(w in out for w in words.split()), words
    assert "none | double_all | double_individual" not in out


# -- a correction on a closed evening ------------------------------------------------------------------

@pytest.mark.parametrize("command", [("void", "1", "--reason", "falsch"), ("edit", "1", "--augen", "80")])
def test_a_correction_on_a_closed_evening_names_settle_reopen(make_table, command):
    t = make_table(language="en")
    t.ok("add", "sau", "an", "be", "72")
    t.ok("settle", "--close")
    assert t.refused(*command) == (
        "Error: Session 1 is closed (settled); its games cannot be changed.\n"
        "To correct it, reopen it first: schafkopf settle --reopen 1 --reason R "
        "(R: why; the closing stays in the ledger).\n")
    t.ok("settle", "--reopen", "1", "--reason", "falsch")
    t.ok(*command)  # what the hint says works


# -- check reads what each append-only guard does ---------------------------------------------------

SQLITE_TOOTHLESS = {
    "when-0": "CREATE TRIGGER games_no_update BEFORE UPDATE ON games WHEN 0 "
              "BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END",
    "update-of-a-column": "CREATE TRIGGER games_no_update BEFORE UPDATE OF hand ON games "
                          "BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END",
    "raise-ignore": "CREATE TRIGGER games_no_update BEFORE UPDATE ON games "
                    "BEGIN SELECT RAISE(IGNORE) WHERE 0; SELECT 'RAISE(ABORT'; END",
    "on-insert": "CREATE TRIGGER games_no_update BEFORE INSERT ON games "
                 "BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END",
}
PG_TOOTHLESS = {
    "when-false": "CREATE TRIGGER games_no_change BEFORE UPDATE OR DELETE ON games FOR EACH ROW WHEN (false) "
                  "EXECUTE FUNCTION schafkopf_append_only()",
    "truncate-only": "CREATE TRIGGER games_no_change BEFORE TRUNCATE ON games "
                     "FOR EACH STATEMENT EXECUTE FUNCTION schafkopf_append_only()",
    "after-insert": "CREATE TRIGGER games_no_change AFTER INSERT ON games "
                    "FOR EACH ROW EXECUTE FUNCTION schafkopf_append_only()",
    "update-of-a-column": "CREATE TRIGGER games_no_change BEFORE UPDATE OF hand OR DELETE ON games "
                          "FOR EACH ROW EXECUTE FUNCTION schafkopf_append_only()",
    "replica-only": None,  # ALTER TABLE ... ENABLE REPLICA TRIGGER: fires only on a replica
}


def guard_table(make_table, request, backend):
    t = make_table(language="en")
    if backend == "postgresql":
        url = request.getfixturevalue("pg_url")
        t.path.write_text(f'ledger = "{url}"\n' + t.path.read_text(encoding="utf-8"), encoding="utf-8")
    t.ok("add", "sau", "an", "be", "72")
    from schafkopf_score.ledger import open_ledger
    from schafkopf_score.table import load_table

    return t, open_ledger(load_table(t.path))


@pytest.mark.parametrize("how", list(SQLITE_TOOTHLESS))
def test_check_full_finds_a_sqlite_guard_made_toothless_under_its_name(make_table, request, how):
    t, ledger = guard_table(make_table, request, "sqlite")
    assert t.run("check", "--full").exit_code == 0
    ledger.conn.execute("DROP TRIGGER games_no_update")
    ledger.conn.execute(SQLITE_TOOTHLESS[how])
    ledger.conn.execute("UPDATE games SET typed = 'forged'")  # the guard no longer refuses
    ledger.close()
    r = t.run("check", "--full")
    assert r.exit_code == 1, r.stdout
    assert ("the ledger: the append-only guards games_no_update are missing: rows can be changed or removed "
            "without a trace\n") in r.stdout


@pytest.mark.parametrize("how", list(PG_TOOTHLESS))
def test_check_full_finds_a_postgresql_guard_made_toothless_under_its_name(make_table, request, how):
    t, ledger = guard_table(make_table, request, "postgresql")
    assert t.run("check", "--full").exit_code == 0
    if PG_TOOTHLESS[how] is None:
        ledger.conn.execute("ALTER TABLE games ENABLE REPLICA TRIGGER games_no_change")
    else:
        ledger.conn.execute("DROP TRIGGER games_no_change ON games")
        ledger.conn.execute(PG_TOOTHLESS[how])
    if how != "after-insert":
        ledger.conn.execute("UPDATE games SET typed = 'forged'")  # the guard no longer refuses
    ledger.close()
    r = t.run("check", "--full")
    assert r.exit_code == 1, r.stdout
    assert ("the ledger: the append-only guards games_no_change are missing: rows can be changed or removed "
            "without a trace\n") in r.stdout


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_check_full_passes_the_guards_as_the_program_makes_them(make_table, request, backend):
    t, ledger = guard_table(make_table, request, backend)
    assert ledger.guards_missing() == []
    ledger.close()
    assert t.run("check", "--full").exit_code == 0


# -- what a table file may hold --------------------------------------------------------------------

def rewrite(t, pattern, line):
    import re

    text = t.path.read_text(encoding="utf-8")
    t.path.write_text(re.sub(pattern, lambda _: line, text, count=1, flags=re.M), encoding="utf-8")


def test_twenty_thousand_players_are_counted_before_each_name_is_looked_at(make_table):
    import json

    t = make_table(language="en")
    rewrite(t, r"^players = .*$", "players = " + json.dumps([f"Spieler{i}" for i in range(20_000)]))
    assert t.refused("sheet") == (f"Error: {t.path}, line 5: players lists 20000 players; at most 7 can share a "
                                  "4-seat table.\nSplit the table.\n")


def test_a_table_file_beyond_a_megabyte_is_refused_unread(make_table):
    t = make_table(language="en")
    rewrite(t, r"^name = .*$", 'name = "' + "x" * (1 << 20) + '"')
    size = t.path.stat().st_size
    assert t.refused("add", "sau", "an", "be", "72") == (
        f"Error: {t.path} is {size} bytes long; a table file holds at most 1048576.\n"
        "Is it the right file? A table file is a few kilobytes of settings; it was not read.\n")
    assert not t.ledger_path.exists()


def test_a_table_name_beyond_100_characters_is_refused(make_table, tmp_path):
    t = make_table(language="en")
    rewrite(t, r"^name = .*$", 'name = "' + "x" * 101 + '"')
    assert t.refused("sheet") == (f"Error: {t.path}, line 3: name is 101 characters long; a table's name has at "
                                  "most 100.\nGive it a shorter name (up to 100 characters).\n")
    r = make_table(language="en").run("new", str(tmp_path / "n.toml"), "--players", "A,B,C,D", "--name", "y" * 101)
    assert r.exit_code == 2
    assert r.stderr.startswith("Error: --name is 101 characters long; a table's name has at most 100.\n")
    assert not (tmp_path / "n.toml").exists()


def test_a_player_name_beyond_50_characters_is_refused_in_the_file_and_on_entry(make_table, tmp_path):
    long = "Maximilian" * 6
    t = make_table(language="en")
    rewrite(t, r"^players = .*$", f'players = ["{long}", "Ben", "Cora", "Dora"]')
    assert t.refused("sheet") == (f"Error: {t.path}, line 5: players has player 1 ('MaximilianMaximilian...') of "
                                  "60 characters; a player's name has at most 50.\n"
                                  "Shorten the name to 50 characters or fewer (a nickname does).\n")
    t = make_table(language="en")
    t.ok("add", "sau", "an", "be", "72")
    err = t.refused("player", "add", long)
    assert err.startswith("Error: The name 'MaximilianMaximilian...' has 60 characters; a player's name has at most "
                          "50.\n")


# -- control and escape characters in stored texts ----------------------------------------------------

HIDDEN = [("x\x1b[2J", 2, "U+001B"), ("a\u202eb", 2, "U+202E RIGHT-TO-LEFT OVERRIDE"), ("zwei\nZeilen", 5, "U+000A"),
          ("\x07", 1, "U+0007")]
HIDDEN_HINT = ("Type it again without that character: such characters can steer the terminal or hide what is "
               "shown; nothing was recorded.\n")


@pytest.mark.parametrize(("text", "pos", "what"), HIDDEN)
def test_a_comment_or_reason_with_a_control_character_is_refused_on_entry(make_table, text, pos, what):
    t = make_table(language="en")
    t.ok("add", "sau", "an", "be", "72")
    t.ok("settle", "--close")
    t.ok("add", "sau", "an", "be", "72")
    said = f" {text!r} has an invisible or control character ({what}) at position {pos}.\n"
    for args, option in ((("add", "wenz", "co", "70", "--comment", text), "--comment"),
                         (("calc", "wenz", "co", "70", "--comment", text), "--comment"),
                         (("void", "1", "--reason", text), "--reason"),
                         (("edit", "1", "--augen", "80", "--reason", text), "--reason"),
                         (("undo", "--reason", text), "--reason"),
                         (("settle", "--reopen", "1", "--reason", text), "--reason")):
        err = t.refused(*args)
        assert err == f"Error: {option}{said}{HIDDEN_HINT}", args
        assert "\x1b" not in err and "\u202e" not in err and "\x07" not in err


def test_a_comment_with_a_control_character_is_refused_in_german(make_table):
    t = make_table(language="de")
    err = t.refused("add", "sau", "an", "be", "72", "--comment", "rot\x1b[31m")
    assert err == ("Fehler: --comment 'rot\\x1b[31m' enthält an Stelle 4 ein unsichtbares oder Steuerzeichen "
                   "(U+001B).\nTipp es ohne dieses Zeichen noch einmal: solche Zeichen können das Terminal steuern "
                   "oder verbergen, was angezeigt wird; es wurde nichts eingetragen.\n")


def exported(make_table, tmp_path):
    t = make_table(language="en")
    t.ok("add", "sau", "an", "be", "72", "--comment", "gut")
    t.ok("void", "1", "--reason", "falsch")
    t.ok("add", "wenz", "co", "70")
    t.ok("settle", "--close")
    t.ok("settle", "--reopen", "1", "--reason", "nochmal")
    out = tmp_path / "e.json"
    t.ok("export", "--format", "json", "--out", str(out))
    return out.read_text(encoding="utf-8")


@pytest.mark.parametrize(("old", "new", "where"), [
    ('"falsch"', '"fal\\u001b[2Jsch"', "game 1: reason 'fal\\x1b[2Jsch' has an invisible or control character "
                                        "(U+001B) at position 4"),
    ('"gut"', '"g\\u202eut"', "game 1: comment 'g\\u202eut' has an invisible or control character (U+202E "
                               "RIGHT-TO-LEFT OVERRIDE) at position 2"),
    ('"nochmal"', '"noch\\nmal"', "session 1: reason 'noch\\nmal' has an invisible or control character (U+000A) "
                                   "at position 5"),
])
def test_an_import_with_a_control_character_in_a_text_is_refused(make_table, tmp_path, old, new, where):
    text = exported(make_table, tmp_path)
    assert old in text
    planted = tmp_path / "planted.json"
    planted.write_text(text.replace(old, new, 1), encoding="utf-8")
    fresh = make_table(language="en", name="fresh")
    err = fresh.refused("import", str(planted))
    assert err == (f"Error: The file is not a schafkopf-score JSON export ({where}).\n"
                   "Give a file written by: schafkopf export --format json --out FILE.\n")
    assert not fresh.ledger_path.exists()


def planted_reason(make_table, reason):
    """A ledger whose void reason was changed behind the program's back (an older program, a
    hand with sqlite3): what the terminal renderers must still never show raw."""
    from tests.conftest import tamper_sqlite

    t = make_table(language="en")
    t.ok("add", "sau", "an", "be", "72")
    t.ok("void", "1", "--reason", "falsch")
    tamper_sqlite(t.ledger_path, "UPDATE voids SET reason = ?", reason)
    return t


def test_the_sheet_and_the_history_never_show_a_stored_control_character_raw(make_table):
    t = planted_reason(make_table, "fal\x1b]0;pwned\x07sch\u202eX")
    for args in (("sheet", "--all"), ("sheet", "--history"), ("sheet",)):
        out = t.ok(*args).stdout
        assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out, (args, out)
    assert "fal\\x1b]0;pwned\\x07sch\\u202eX" in t.ok("sheet", "--history").stdout
    assert "\\x1b]0;pwned" in t.ok("sheet", "--all").stdout


def on_a_terminal(*args):
    import pty

    master, slave = pty.openpty()
    p = subprocess.Popen([sys.executable, "-m", "schafkopf_score", *args], stdout=slave, stderr=slave,
                         env={**ENV, "COLUMNS": "120"})
    os.close(slave)
    out = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    os.close(master)
    assert p.wait(timeout=60) == 0
    return out.decode()


def test_a_terminal_gets_no_stored_escape_sequence_but_keeps_the_programs_colours(make_table):
    t = planted_reason(make_table, "fal\x1b[2Jsch")
    out = on_a_terminal("--table", str(t.path), "sheet", "--all")
    assert "fal\\x1b[2Jsch" in out and "\x1b[2J" not in out
    assert "\x1b[1m" in out  # rich's own bold headings are styles, not stored text
    out = on_a_terminal("--table", str(t.path), "sheet", "--history")
    assert "void: fal\\x1b[2Jsch" in out and "\x1b[2J" not in out


# -- another program's tables in a PostgreSQL schema ----------------------------------------------

@pytest.mark.parametrize("tables", [("meta(key text, value text)",), ("meta(key text, value text)", "games(x int)"),
                                    ("rounds(round int)",)])
def test_another_programs_meta_table_is_named_not_a_missing_relation(make_table, pg_server, pg_url, tables):
    import psycopg

    schema = pg_url.rsplit("%3D", 1)[1]
    with psycopg.connect(pg_server, autocommit=True) as conn:
        for table in tables:
            conn.execute(f"CREATE TABLE {schema}.{table}")
        if tables[0].startswith("meta"):
            conn.execute(f"INSERT INTO {schema}.meta VALUES ('schema_version', '5'), ('owner', 'someone')")
    t = make_table(language="en")
    t.path.write_text(f'ledger = "{pg_url}"\n' + t.path.read_text(encoding="utf-8"), encoding="utf-8")
    names = ", ".join(sorted(table.split("(")[0] for table in tables))
    for args in (("add", "sau", "an", "be", "72"), ("sheet",), ("check", "--full")):
        r = t.run(*args)
        assert r.exit_code == 2, (args, r.output)
        assert r.stderr == (f"Error: The database schema of {pg_url} holds tables of another program ({names}).\n"
                            "It was left as it is; give the ledger a schema of its own in the ledger line "
                            "(?options=-csearch_path%3Dname).\n")
    with psycopg.connect(pg_server, autocommit=True) as conn:
        left = conn.execute("SELECT table_name FROM information_schema.tables WHERE table_schema = %s",
                            (schema,)).fetchall()
    assert sorted(n for (n,) in left) == sorted(table.split("(")[0] for table in tables)


# -- operating-system errors in the table's language -----------------------------------------------

def test_a_full_disk_is_said_in_german_on_a_german_table(make_table):
    t = make_table(language="de")
    t.ok("add", "sau", "an", "be", "72")
    with open("/dev/full", "w") as full:
        r = subprocess.run([sys.executable, "-m", "schafkopf_score", "--table", str(t.path), "export"],
                           stdout=full, stderr=subprocess.PIPE, text=True, env=ENV)
    assert r.returncode == 2, r.stderr
    assert "Kein Platz mehr auf dem Gerät" in r.stderr and "No space left" not in r.stderr
    with open("/dev/full", "w") as full:
        r = subprocess.run([sys.executable, "-m", "schafkopf_score", "--table", str(t.path), "add", "wenz", "co", "70"],
                           stdout=full, stderr=subprocess.PIPE, text=True, env=ENV)
    assert r.returncode == 3, r.stderr
    assert r.stderr == ("Fehler: die Ausgabe konnte nicht geschrieben werden (Kein Platz mehr auf dem Gerät). Ein "
                        "Spiel, das dieser Befehl einträgt, ist gespeichert, bevor die Antwort erscheint; schafkopf "
                        "sheet zeigt, was im Spielbuch steht.\n")
    assert len(t.json("sheet")["sessions"][0]["hands"]) == 2


def test_an_unreadable_table_file_is_said_in_german(make_table, tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root reads every file")
    t = make_table(language="de")
    t.path.chmod(0)
    r = t.run("sheet")
    assert r.exit_code == 2
    assert "Zugriff verweigert" in r.stderr


def test_a_folder_given_as_the_file_to_import_is_said_in_german(make_table, tmp_path):
    t = make_table(language="de")
    (tmp_path / "ordner").mkdir()
    err = t.refused("import", str(tmp_path / "ordner"))
    assert "Ist ein Ordner" in err and "Is a directory" not in err, err


def test_the_german_hint_names_the_file_datei(make_table, tmp_path):
    t = make_table(language="de")
    bad = tmp_path / "x.json"
    bad.write_text('{"format": "nothing"}', encoding="utf-8")
    err = t.refused("import", str(bad))
    assert err.endswith("Gib eine Datei an, die so geschrieben wurde: schafkopf export --format json --out DATEI.\n")
    assert "FILE" not in err


# -- import says how the players differ -------------------------------------------------------------

def test_an_import_says_how_the_exports_players_differ_from_the_table_files(make_table, tmp_path):
    import json

    src = make_table(language="en", name="src")
    src.ok("add", "sau", "an", "be", "72")
    dump = tmp_path / "e.json"
    src.ok("export", "--format", "json", "--out", str(dump))
    other = make_table(players=["Anna", "Ben", "Cora", "Emil"], language="en", name="other")
    assert other.ok("import", str(dump)).stdout == (
        f"Imported 1 game row into {other.ledger_path}.\n"
        "The export was written at a table of Anna, Ben, Cora, Dora; this table file seats Anna, Ben, Cora, Emil "
        "(only in the export: Dora; only in the table file: Emil). Each imported hand keeps the players it was "
        "played by.\n")
    turned = make_table(players=["Ben", "Anna", "Cora", "Dora"], language="de", name="turned")
    assert turned.ok("import", str(dump)).stdout.endswith(
        "Der Export stammt von einem Tisch mit Anna, Ben, Cora, Dora; diese Tischdatei hat Ben, Anna, Cora, Dora "
        "(dieselben Spieler in anderer Sitzordnung). Jedes eingelesene Spiel behält die Spieler, die es gespielt "
        "haben.\n")
    more = make_table(players=["Anna", "Ben", "Cora", "Dora", "Emil"], language="en", name="more")
    assert json.loads(more.ok("import", str(dump), "--json").stdout)["players_differ"] == {
        "export": ["Anna", "Ben", "Cora", "Dora"], "table": ["Anna", "Ben", "Cora", "Dora", "Emil"],
        "only_in_export": [], "only_in_table": ["Emil"]}
    same = make_table(language="en", name="same")
    assert same.ok("import", str(dump)).stdout == f"Imported 1 game row into {same.ledger_path}.\n"


# -- a player who joined later: blank before he joined, not 0 ----------------------------------------

def joined_later(make_table):
    t = make_table(language="de")
    t.ok("add", "sau", "an", "be", "72")
    t.ok("player", "add", "Emil")
    t.ok("add", "sau", "co", "do", "72")
    return t


def cells(line: str) -> list[str]:
    return line.split()


def test_the_sheet_leaves_a_later_players_hands_before_he_joined_blank(make_table):
    t = joined_later(make_table)
    lines = t.ok("sheet").stdout.splitlines()
    assert lines[1].split()[-1] == "Emil"
    first, second = lines[3], lines[4]
    # hand, dealer, game (3 words), value, four amounts: nothing in Emil's column
    assert cells(first) == ["1", "Anna", "Sau", "Anna+Ben", "72", "0,10", "0,10", "0,10", "-0,10", "-0,10"]
    assert cells(second)[-5:] == ["0,00", "0,10", "0,00", "0,00", "-0,10"]


def test_the_exports_leave_a_later_players_hands_before_he_joined_blank(make_table):
    t = joined_later(make_table)
    md = t.ok("export", "--format", "md").stdout
    assert "| 1 | Sauspiel Anna+Ben 72 | 0,10 € | 0,10 € | -0,10 € | -0,10 € |  |" in md
    assert "| 2 | Sauspiel Cora+Dora 72 | 0,00 € | 0,10 € | 0,00 € | 0,00 € | -0,10 € |" in md
    html = t.ok("export", "--format", "html").stdout
    assert ("<td>Sauspiel Anna+Ben 72</td><td>0,10 €</td><td>0,10 €</td><td>-0,10 €</td><td>-0,10 €</td>"
            "<td></td></tr>") in html
    csv = t.ok("export", "--format", "csv").stdout.splitlines()
    assert csv[1].endswith(",sauspiel,Sauspiel Anna+Ben 72,Anna,Anna+Ben,,0.10,0.10,-0.10,-0.10,,0.00,")


def test_standings_leave_a_player_blank_for_an_evening_before_he_joined(make_table):
    t = make_table(language="de")
    t.ok("add", "sau", "an", "be", "72")
    t.ok("settle", "--close")
    t.ok("player", "add", "Emil")
    t.ok("add", "sau", "co", "do", "72")
    t.ok("settle", "--close")
    one = t.ok("standings", "--session", "1").stdout
    assert [line for line in one.splitlines() if "Emil" in line] == ["│ Emil    │         │"]
    season = [line for line in t.ok("standings", "--all").stdout.splitlines() if "Emil" in line]
    assert cells(season[0].replace("│", " ")) == ["Emil", "-0,10", "€", "-0,10", "€"]
    assert season[0].index("-0,10") > season[0].index("Emil") + 20  # the first evening's column left blank
    md = t.ok("export", "--all", "--format", "md").stdout
    assert "| Emil |  | -0,10 € | -0,10 € |" in md
    html = t.ok("export", "--all", "--format", "html").stdout
    assert '<tr><td>Emil</td><td></td><td class="n neg">-0,10 €</td>' in html
