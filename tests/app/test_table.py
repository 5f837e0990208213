"""The table file: every key checked, errors with file, line and a did-you-mean."""

import subprocess
import sys

import pytest

from schafkopf_score.errors import ConfigError
from schafkopf_score.table import load_table


def write(tmp_path, text):
    p = tmp_path / "t.toml"
    p.write_text(text, encoding="utf-8")
    return p


def test_new_writes_every_key_and_loads(make_table):
    t = make_table()
    text = t.path.read_text()
    for key in ["schema", "family", "players", "seats", "deck", "currency", "language", "sauspiel", "solo",
                "schneider", "schwarz", "laufende", "stock", "games", "tout", "sie", "kontra", "legen", "all_pass",
                "laufende_min", "ramsch_jungfrau", "ramsch_durchmarsch", "ramsch_durchmarsch_pays",
                "bettel_ouvert", "stock_on_loss", "stock_doubles"]:
        assert f"\n{key} = " in text, key
    cfg = load_table(t.path)
    assert cfg.tariff["sauspiel"] == 10 and cfg.tariff["solo"] == 50
    assert cfg.rules["games"] == ["sauspiel", "wenz", "farbwenz", "solo"]


def test_new_tariff_option(make_table):
    cfg = load_table(make_table(tariff="20/50").path)
    assert (cfg.tariff["sauspiel"], cfg.tariff["hochzeit"], cfg.tariff["solo"]) == (20, 20, 50)


def test_misspelt_key_did_you_mean_with_line(make_table):
    t = make_table(replace={"legen = false": "legn = false"})
    line = next(i for i, text in enumerate(t.path.read_text().splitlines(), 1) if text.startswith("legn"))
    with pytest.raises(ConfigError) as exc:
        load_table(t.path)
    assert exc.value.message == f"{t.path}, line {line}: [rules] legn is not a known key."
    assert exc.value.hint == "Did you mean 'legen'?"


def test_wrong_type_named_with_line(make_table):
    t = make_table(replace={"kontra = 2 ": 'kontra = "zwei"'})
    with pytest.raises(ConfigError, match=r'line \d+: \[rules\] kontra must be a whole number, not "zwei"'):
        load_table(t.path)


def test_unknown_game_name_did_you_mean(make_table):
    t = make_table(replace={'"farbwenz", "solo"]': '"farbwenz", "sollo"]'})
    with pytest.raises(ConfigError, match=r"\[rules\] games 'sollo' is not known \(did you mean 'solo'\?\)"):
        load_table(t.path)


def test_bad_choice_lists_the_choices(make_table):
    t = make_table(replace={'all_pass = "redeal"': 'all_pass = "nochmal"'})
    with pytest.raises(ConfigError, match=r'all_pass must be one of "redeal", "ramsch", "stock" or "forced", not "nochmal"'):
        load_table(t.path)


def test_toml_syntax_error_names_the_line(tmp_path):
    p = write(tmp_path, 'family = "bavarian"\nplayers = ["Anna", "Ben", "Cora", "Dora"]\nseats = = 4\n')
    before = p.read_bytes()
    with pytest.raises(ConfigError, match=r"is not valid TOML: a value that is not valid .*\(line 3, column 9\)"):
        load_table(p)
    assert p.read_bytes() == before


def test_unknown_family(tmp_path):
    p = write(tmp_path, 'family = "bavarain"\nplayers = ["Anna", "Ben", "Cora", "Dora"]\n')
    with pytest.raises(ConfigError) as exc:
        load_table(p)
    assert "line 1: family 'bavarain' is not a rule family." in exc.value.message
    assert "Did you mean 'bavarian'?" in exc.value.hint


def test_keys_left_out_take_the_defaults(tmp_path):
    cfg = load_table(write(tmp_path, 'family = "bavarian"\nplayers = ["Anna", "Ben", "Cora"]\n'))
    assert cfg.seats == 3 and cfg.deck == "short" and cfg.tariff["solo"] == 50 and cfg.rules["kontra"] == 2


def test_three_seats_take_the_long_deck_where_the_file_says_so(tmp_path):
    # RULES §12: seats = 3 implies the short deck unless deck says otherwise; two seats never
    cfg = load_table(write(tmp_path, 'family = "bavarian"\nplayers = ["Anna", "Ben", "Cora"]\ndeck = "long"\n'))
    assert cfg.seats == 3 and cfg.deck == "long"
    p = write(tmp_path, 'family = "bavarian"\nplayers = ["Anna", "Ben"]\ndeck = "long"\n')
    with pytest.raises(ConfigError, match="2-player Schafkopf is played with the short deck"):
        load_table(p)


def test_duplicate_player(tmp_path):
    with pytest.raises(ConfigError, match="names 'anna' twice"):
        load_table(write(tmp_path, 'family = "bavarian"\nplayers = ["Anna", "Ben", "anna", "Dora"]\n'))


def test_cli_reports_config_error_exit_2(make_table):
    t = make_table(replace={"legen = false": "legn = false"})
    r = t.run("sheet")
    assert r.exit_code == 2  # a German table (bavarian's default): the error in German
    assert r.stderr.startswith("Fehler: ") and "Zeile " in r.stderr
    assert "[rules] legn ist kein bekannter Schlüssel." in r.stderr and "Meintest du 'legen'?" in r.stderr
    t = make_table(replace={"legen = false": "legn = false"}, language="en")
    r = t.run("sheet")
    assert r.exit_code == 2
    assert "legn is not a known key." in r.stderr and "Did you mean 'legen'?" in r.stderr


def test_rules_check(make_table):
    t = make_table(language="en")
    assert "OK (Bavarian Schafkopf, 4 players, 4 seats)" in t.ok("rules", "--check").stdout


def test_new_refuses_to_overwrite(tmp_path):
    from schafkopf_score.cli.app import app
    from tests.conftest import CliRunner

    p = tmp_path / "x.toml"
    r = CliRunner().invoke(app, ["new", str(p), "--family", "bavarian", "--players", "A,B,C,D"])
    assert r.exit_code == 0
    before = p.read_bytes()
    r = CliRunner().invoke(app, ["new", str(p), "--family", "bavarian", "--players", "A,B,C,D"])
    assert r.exit_code == 2 and "exists already" in r.stderr
    assert p.read_bytes() == before


def test_engine_is_pure():
    code = ("import sys, schafkopf_score.rules; "
            "bad = [m for m in ('typer', 'rich', 'sqlite3', 'click') if m in sys.modules]; print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_seats_outside_the_family_range(tmp_path):
    with pytest.raises(ConfigError, match=r"seats is 3, but Deutscher Schafskopf is played by 2 or 4 players."):
        load_table(write(tmp_path, 'family = "deutscher"\nplayers = ["Anna", "Ben", "Cora"]\n'))
