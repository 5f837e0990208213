"""The command-line contract: exit codes, exact messages, an untouched ledger on every error."""

import json

import pytest

from schafkopf_score.cli.app import app
from tests.conftest import CliRunner

FIVE = ["Anna", "Ben", "Cora", "Dora", "Emil"]


def test_calc_json_shape(make_table):
    t = make_table()
    data = t.json("calc", "sauspiel", "--player", "an", "--partner", "be", "--augen", "95", "--laufende", "3")
    assert data["game"] == "sauspiel" and data["unit"] == "cent"
    assert data["payouts"] == {"Anna": 50, "Ben": 50, "Cora": -50, "Dora": -50}
    assert data["stock"] == 0
    assert not t.ledger_path.exists(), "calc records nothing"


def test_calc_explains_in_players_words(make_table):
    t = make_table(preset="wirtshaus", tariff="10/20")
    out = t.ok("calc", "solo", "--player", "Anna", "--suit", "herz", "--augen", "105", "--laufende", "4",
               "--legen", "1").stdout
    assert "Herz-Solo 20 + Schneider 10 + 4 Laufende 40 = 70, gelegt x2 = 140 je Gegner" in out
    assert "+4,20 €" in out


def test_english_table_formats_money_the_english_way(make_table):
    t = make_table(language="en")
    out = t.ok("calc", "wenz", "--player", "Anna", "--augen", "70").stdout
    assert "Wenz 50 per opponent" in out and "+€1.50" in out


def test_add_records_and_shows_standings(make_table):
    t = make_table()
    data = t.json("add", "solo", "--player", "Cora", "--suit", "gras", "--augen", "70")
    assert data["hand"] == 1 and data["session"] == 1
    assert data["balances"] == {"Anna": -50, "Ben": -50, "Cora": 150, "Dora": -50}
    out = t.ok("add", "wenz", "--player", "Dora", "--augen", "40").stdout
    assert "Spiel 2 eingetragen:" in out
    assert t.json("standings")["balances"] == {"Anna": 0, "Ben": 0, "Cora": 200, "Dora": -200}


def test_table_from_environment_variable(make_table):
    t = make_table()
    r = CliRunner().invoke(app, ["calc", "wenz", "--player", "Anna", "--augen", "70", "--json"],
                           env={"SCHAFKOPF_TABLE": str(t.path)})
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["payouts"]["Anna"] == 150


def test_missing_table_file_says_how_to_make_one(tmp_path):
    r = CliRunner().invoke(app, ["--table", str(tmp_path / "nope.toml"), "sheet"])
    assert r.exit_code == 2
    assert f"Error: No table file at {tmp_path / 'nope.toml'}." in r.stderr
    assert "schafkopf new" in r.stderr
    assert "Traceback" not in r.output


BAD = [
    (["add", "sauspiel", "--player", "Xaver", "--partner", "Ben", "--augen", "70"],
     "Error: 'Xaver' is not a player at this table.\nPlayers here: Anna, Ben, Cora, Dora.\n"),
    (["add", "sauspiel", "--player", "Anna", "--partner", "an", "--augen", "70"],
     "Error: Anna cannot be their own partner.\n"),
    (["add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "121"],
     "Error: --augen 121 is impossible: the deck holds 120 Augen.\nGive the declaring side's Augen, 0 to 120.\n"),
    (["add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "siebzig"],
     "Error: --augen 'siebzig' is not a whole number.\n"),
    (["add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "100", "--schwarz"],
     "Error: --schwarz with --augen 100: a side that took no trick has no Augen.\n"),
    (["add", "wenz", "--player", "Anna", "--augen", "70", "--laufende", "5"],
     "Error: Laufende 5 is impossible in a Wenz: it has 4 trumps.\nGive --laufende 0 to 4.\n"),
    (["add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "70", "--re"],
     "Error: --re without --kontra: Re answers Kontra.\n"),
    (["add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "70", "--kontra", "--re", "--sup"],
     "Error: This table doubles at most up to Re (kontra = 2); --sup goes beyond it.\n"),
    (["add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "70", "--legen", "1"],
     "Error: This table plays without Legen.\n"),
    (["add", "geier", "--player", "Anna", "--augen", "70"],
     "Error: This table does not play Geier.\nAdd \"geier\" to games in [rules] of the table file.\n"),
    (["add", "schnapsen", "--player", "Anna"], "Error: 'schnapsen' is not a game in Bavarian Schafkopf.\n"),
    (["add", "solo", "--player", "Anna", "--suit", "kreuz", "--augen", "70"],
     "Error: Suit 'kreuz' belongs to the other deck; Bavarian Schafkopf is played with eichel, gras, herz, schellen.\n"),
    (["add", "solo", "--player", "Anna", "--augen", "70"], "Error: Solo needs its trump suit.\n"),
    (["add", "wenz", "--player", "Anna", "--augen", "70", "--laufende", "zwei"],
     "Error: --laufende 'zwei' is not a whole number.\nWrite it in the digits 0 to 9, e.g. --laufende 3.\n"),
    (["add", "ramsch", "--loser", "Anna"], "Error: This table does not play Ramsch.\n"),
]


@pytest.mark.parametrize("args,message", BAD, ids=[" ".join(a[1:3]) + f"#{i}" for i, (a, _) in enumerate(BAD)])
def test_bad_entry_exit_2_message_nothing_written(make_table, args, message):
    t = make_table(language="en")  # the English wording, exactly
    t.ok("add", "wenz", "--player", "Ben", "--augen", "70")
    before = t.ledger_bytes()
    r = t.run(*args)
    assert r.exit_code == 2
    assert message in r.stderr
    assert "Traceback" not in r.output
    assert t.ledger_bytes() == before


def test_ambiguous_prefix_lists_candidates(make_table):
    t = make_table(players=["Anna", "Andi", "Ben", "Cora"], language="en")
    r = t.run("calc", "wenz", "--player", "an", "--augen", "70")
    assert r.exit_code == 2
    assert "Error: 'an' could be Anna, Andi.\nType more of the name to make it unique.\n" == r.stderr


def test_sitting_out_player_rejected_with_who_deals(make_table):
    t = make_table(players=FIVE, language="en")
    r = t.run("add", "wenz", "--player", "Anna", "--augen", "70")
    assert r.exit_code == 2
    assert r.stderr.startswith("Error: Anna does not play this hand: Anna deals; Anna sits out.\n")
    assert not t.ledger_path.exists()


def test_five_players_sheet_and_standings_show_next_dealer(make_table):
    t = make_table(players=FIVE)
    t.ok("add", "wenz", "--player", "Ben", "--augen", "70")
    assert t.json("standings")["next_dealer"] == "Ben"
    out = t.ok("sheet").stdout
    assert "Nächster Geber: Ben (Ben setzt aus)" in out


def test_undo_void_keep_rows_and_replay(make_table):
    t = make_table(language="en")
    t.ok("add", "wenz", "--player", "Anna", "--augen", "70")
    t.ok("add", "wenz", "--player", "Ben", "--augen", "70")
    t.ok("add", "wenz", "--player", "Cora", "--augen", "70")
    assert t.json("undo")["voided"] == 3
    assert t.json("void", "1", "--reason", "double entry")["voided"] == 1
    sheet = t.json("sheet")["sessions"][0]
    assert [(h["hand"], h["void"]) for h in sheet["hands"]] == [(1, True), (2, False), (3, True)]
    assert sheet["hands"][0]["reason"] == "double entry"
    assert sheet["balances"] == {"Anna": -50, "Ben": 150, "Cora": -50, "Dora": -50}
    r = t.run("void", "1")
    assert r.exit_code == 2 and "Error: Hand 1 is already void." in r.stderr
    r = t.run("void", "9")
    assert r.exit_code == 2 and "Error: There is no hand 9 in session 1 (hands 1-3)." in r.stderr
    t.ok("check")


def test_settle_close_and_next_add_opens_new_session(make_table):
    t = make_table()
    t.ok("add", "wenz", "--player", "Anna", "--augen", "70")
    data = t.json("settle", "--close")
    assert data["balances"] == {"Anna": 150, "Ben": -50, "Cora": -50, "Dora": -50}
    assert sorted((x["from"], x["amount"]) for x in data["transfers"]) == [("Ben", 50), ("Cora", 50), ("Dora", 50)]
    assert data["closed"] is True
    r = t.run("settle", "--close")
    assert r.exit_code == 2 and "Fehler: Es gibt keinen offenen Abend zum Abschließen." in r.stderr
    opened = t.json("add", "wenz", "--player", "Ben", "--augen", "70")
    assert (opened["session"], opened["hand"], opened["opens_session"]) == (2, 1, True)
    assert "opens_session" not in t.json("add", "weiter")  # hand 2 opens nothing
    t.ok("settle", "--close", "--yes")
    # the text says it as play and the phone do, after the hand's line
    assert t.ok("add", "wenz", "co", "91").stdout.splitlines()[:2] == [
        "Spiel 1 eingetragen: Wenz Cora 91. Cora gewinnt.",
        "Abend 3 beginnt mit diesem Spiel (der vorige ist abgerechnet)."]
    assert "Abend" not in t.ok("add", "weiter").stdout
    t.ok("void", "1")
    t.ok("void", "2")
    assert t.json("standings", "--all")["balances"] == {"Anna": 100, "Ben": 100, "Cora": -100, "Dora": -100}
    assert t.json("settle", "--session", "1")["balances"]["Anna"] == 150
    t.ok("check")


def test_settle_text_in_german(make_table):
    t = make_table()
    t.ok("add", "solo", "--player", "Anna", "--suit", "herz", "--augen", "70", "--laufende", "3")
    out = t.ok("settle").stdout
    assert "Ben zahlt Anna 0,80 €" in out


def test_settle_close_returns_the_stock_in_equal_shares(make_table):
    t = make_table(players=FIVE, replace={'all_pass = "redeal"': 'all_pass = "stock"'})
    t.ok("add", "weiter")  # Anna deals and sits out; four pay 10 each
    data = t.json("settle", "--close")
    # Stock 40 goes back to the five in equal shares: 8 each
    assert data["balances"] == {"Anna": 8, "Ben": -2, "Cora": -2, "Dora": -2, "Emil": -2}
    assert sum(data["balances"].values()) == 0
    t.ok("check")


def test_weiter_with_stock_reports_stock_in_json(make_table):
    t = make_table(replace={'all_pass = "redeal"': 'all_pass = "stock"'})
    data = t.json("add", "weiter")
    assert data["stock"] == 40 and sum(data["payouts"].values()) + data["stock"] == 0
    out = t.ok("standings").stdout
    assert "Stock: 0,40 €" in out


def test_every_command_has_help_with_an_example():
    runner = CliRunner()
    for cmd in ["new", "rules", "calc", "add", "undo", "void", "edit", "sheet", "standings", "settle", "check"]:
        r = runner.invoke(app, [cmd, "--help"], env={"COLUMNS": "200"})
        assert r.exit_code == 0, cmd
        assert "Example: schafkopf" in r.stdout, cmd


@pytest.mark.parametrize("lang,said", [("de", "OK: 1 Abend, 2 Spiele geprüft.\n"),
                                       ("en", "OK: 1 session, 2 hands checked.\n")])
def test_check_says_ok_when_fine(make_table, lang, said):
    t = make_table(language=lang)
    t.ok("add", "wenz", "--player", "Anna", "--augen", "70")
    t.ok("add", "wenz", "--player", "Ben", "--augen", "70")
    t.ok("add", "wenz", "--player", "Cora", "--augen", "70")
    t.ok("void", "2")  # a voided hand is not counted
    assert t.ok("check").stdout == said
    assert t.ok("check", "--full").stdout == said  # verified or replayed: the same counts
    t.ok("settle", "--close")
    t.ok("add", "wenz", "--player", "Dora", "--augen", "70")
    assert t.ok("check").stdout == ("OK: 2 Abende, 3 Spiele geprüft.\n" if lang == "de"
                                    else "OK: 2 sessions, 3 hands checked.\n")
    data = t.json("check")
    assert (data["sessions"], data["hands"], data["problems"]) == (2, 3, [])


def test_check_counts_no_draw_as_a_hand(make_table):
    from tests.conftest import draw_partners

    t = make_table(family="deutscher", language="de")
    for first, second in (("Anna", "Cora"), ("Ben", "Dora")):
        draw_partners(t, first, second)
        t.ok("add", "spiel", first[:2].lower(), second[:2].lower(), "70")
    assert t.ok("check").stdout == "OK: 1 Abend, 2 Spiele geprüft.\n"


def test_check_with_a_problem_says_no_ok(make_table):
    from tests.conftest import tamper_sqlite

    t = make_table(language="en")
    t.ok("add", "wenz", "--player", "Anna", "--augen", "70")
    tamper_sqlite(t.ledger_path, "UPDATE games SET payouts = '{\"Anna\": 999}'")
    r = t.run("check")
    assert r.exit_code == 1 and "OK" not in r.stdout and r.stdout.startswith("session 1, hand 1:")


def test_example_evening_replays_and_settles(tmp_path):
    import shutil
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "examples"
    for name in ("stammtisch.toml", "stammtisch.sqlite"):
        shutil.copy(root / name, tmp_path / name)
    runner = CliRunner()
    table = str(tmp_path / "stammtisch.toml")
    assert runner.invoke(app, ["--table", table, "check"]).exit_code == 0
    data = json.loads(runner.invoke(app, ["--table", table, "settle", "--json"]).stdout)
    assert data["balances"] == {"Anna": 610, "Ben": 210, "Cora": -190, "Dora": -370, "Emil": -260}
    assert len(data["transfers"]) == 4


def test_settle_round_and_from_balances(make_table):
    t = make_table()
    data = t.json("settle", "--from-balances", "Anna=3,40,Ben=-1.15,Cora=-2,25")
    assert data["balances"] == {"Anna": 340, "Ben": -115, "Cora": -225}
    data = t.json("settle", "--from-balances", "Anna=3,40,Ben=-1.15,Cora=-2,25", "--round", "50")
    assert data["balances"] == {"Anna": 340, "Ben": -115, "Cora": -225}  # unrounded (RULES §12)
    assert data["paid"] == {"Anna": 350, "Ben": -100, "Cora": -250}
    assert data["rounding"] == {"Anna": 10, "Ben": 15, "Cora": -25}
    r = t.run("settle", "--from-balances", "Anna=3,Ben=-2")
    assert r.exit_code == 2 and "Fehler: Die Stände ergeben zusammen +1,00 €, nicht null." in r.stderr
    r = t.run("settle", "--round", "0")
    assert r.exit_code == 2 and "Fehler: --round 0 ist keine positive Zahl von Cent.\nGib z. B. --round 50 an.\n" == r.stderr
    r = t.run("settle", "--from-balances", "Anna=3,40,Ben=-1.15,Cora=-2,25", "--round", "10000")
    assert r.exit_code == 0  # a note of 100 is the most a table rounds to
    r = t.run("settle", "--round", "999999999")  # every amount would round to nothing
    assert r.exit_code == 2 and r.stderr == ("Fehler: --round 999999999 ist mehr als 10000 Cent: jeder Betrag würde "
                                             "auf nichts gerundet.\nGib z. B. --round 50 an.\n")
    r = t.run("settle", "--from-balances", "Xaver=3,Ben=-3")
    assert r.exit_code == 2 and "Fehler: 'Xaver' spielt nicht an diesem Tisch." in r.stderr


def test_dealer_override_moves_the_rotation(make_table):
    t = make_table(players=FIVE)
    data = t.json("add", "wenz", "--player", "Anna", "--augen", "70", "--dealer", "Cora")
    assert data["dealer"] == "Cora" and data["sitting_out"] == ["Cora"]
    assert t.json("standings")["next_dealer"] == "Dora"


def test_a_player_joins_mid_session(make_table):
    t = make_table()
    t.ok("add", "wenz", "--player", "Anna", "--augen", "70")
    text = t.path.read_text().replace('players = ["Anna", "Ben", "Cora", "Dora"]',
                                      'players = ["Anna", "Ben", "Cora", "Dora", "Emil"]')
    t.path.write_text(text)
    # Ben deals the second hand and sits out; Emil plays
    data = t.json("add", "wenz", "--player", "Emil", "--augen", "70")
    assert data["sitting_out"] == ["Ben"]
    balances = t.json("standings")["balances"]
    assert balances == {"Anna": 150 - 50, "Ben": -50, "Cora": -50 - 50, "Dora": -50 - 50, "Emil": 150}
    t.ok("check")


@pytest.mark.parametrize("cmd", ["sheet", "standings", "settle", "stats", "export"])
def test_unknown_or_huge_session_number(make_table, cmd):
    t = make_table(language="en")
    t.ok("add", "wenz", "--player", "Anna", "--augen", "70")
    r = t.run(cmd, "--session", "7")
    assert r.exit_code == 2, (cmd, r.output)
    assert "Error: There is no session 7." in r.stderr
    # a number no session can have is told as --round's and --tisch's are
    r = t.run(cmd, "--session", "99999999999999999999")
    assert r.exit_code == 2, (cmd, r.output)
    assert "Error: '99999999999999999999' has 20 digits: far more than --session can be." in r.stderr, r.stderr


@pytest.mark.parametrize("args", [
    ["sheet"], ["standings"], ["settle"], ["settle", "--close"], ["check"], ["stats"], ["undo"], ["void", "1"],
    ["edit", "1", "wenz", "--player", "Anna", "--augen", "70"], ["export", "--format", "json"],
    ["export", "--format", "html"], ["sheet", "--history"], ["rules"], ["calc", "wenz", "--player", "Anna",
                                                                        "--augen", "70"],
])
def test_every_command_on_a_table_without_a_ledger(make_table, args):
    t = make_table()
    r = t.run(*args)
    assert r.exit_code in (0, 2), (args, r.output)
    assert "Internal error" not in r.output and "Traceback" not in r.output
    if r.exit_code == 2:
        assert r.stderr.startswith("Fehler: ")  # a German table
    assert not t.ledger_path.exists(), args


def test_a_missing_table_file_is_told_how_to_make_that_one(tmp_path):
    # --table 'my table.toml' was told "Create one with: schafkopf new schafkopf.toml ..."
    from tests.conftest import CliRunner

    r = CliRunner().invoke(app, ["--table", str(tmp_path / "my table.toml"), "sheet"])
    assert r.exit_code == 2 and r.stderr.splitlines()[1].startswith(
        f"Create one with: schafkopf new '{tmp_path / 'my table.toml'}' --family bavarian --players ")


def test_an_edit_of_the_dealer_says_who_dealt_and_sat_out_before_and_now(make_table):
    """``edit 1 --dealer Cora`` changed who dealt (and at five, who sat out) while its answer
    said "Sauspiel Anna+Ben 72 -> Sauspiel Anna+Ben 72", as if nothing had changed; play says the
    same lines (one renderer)."""
    t = make_table(players=["Anna", "Ben", "Cora", "Dora", "Emil"], language="en")
    t.ok("add", "sau", "be", "co", "72")  # Anna deals and sits out
    out = t.ok("edit", "1", "--dealer", "Emil").stdout.splitlines()
    assert out[0] == "Hand 1 corrected: Sauspiel Ben+Cora 72 -> Sauspiel Ben+Cora 72"
    assert out[2:4] == ["Dealer: Anna -> Emil", "Sitting out: Anna -> Emil"]
    assert "Dealer:" not in t.ok("edit", "1", "--augen", "80").stdout  # the same dealer: no line
