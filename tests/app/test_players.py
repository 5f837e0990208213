"""Players joining, leaving and renamed (``schafkopf player``), and one player paid out early
(``settle --player``): through the CLI, with hand-computed examples.

Tariff 10/50 (official Bavarian): a won Sauspiel pays 10 cents to each declarer from each
opponent, a won Solo 50 from each of the three others."""

import json
import sqlite3

import pytest

from schafkopf_score.ledger import SCHEMA_VERSION
from schafkopf_score.ledger.schema import _triggers

FIVE = ["Anna", "Ben", "Cora", "Dora", "Eva"]


def sheet(t):
    return t.json("sheet")["sessions"][0]


def test_a_player_joins_mid_evening_and_the_deal_follows_the_new_seating(make_table):
    t = make_table(tariff="10/50", language="en")
    t.ok("add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "70")  # Anna deals
    t.ok("add", "sauspiel", "--player", "Cora", "--partner", "Dora", "--augen", "70")  # Ben deals
    r = t.ok("player", "add", "Maxi", "--after", "Ben")
    assert r.stdout.strip() == "Maxi joins the table from hand 3 of session 1. Seating: Anna, Ben, Maxi, Cora, Dora."
    assert 'players = ["Anna", "Ben", "Maxi", "Cora", "Dora"]' in t.path.read_text(encoding="utf-8")
    assert "# seating order" in t.path.read_text(encoding="utf-8")  # the comment after the list is kept
    # Ben dealt last: the next dealer is the player after Ben in the new seating, Maxi (who
    # sits out, five at a table of four seats), not Cora as in the old seating
    assert sheet(t)["next_dealer"] == "Maxi"
    t.ok("add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "70")
    t.ok("add", "sauspiel", "--player", "Maxi", "--partner", "Dora", "--augen", "70")
    hands = sheet(t)["hands"]
    assert [(h["dealer"], h["sitting_out"]) for h in hands] == [
        ("Anna", []), ("Ben", []), ("Maxi", ["Maxi"]), ("Cora", ["Cora"])]
    # hand 3: Anna, Ben +10 against Cora, Dora; hand 4: Maxi, Dora +10 against Anna, Ben
    assert hands[2]["payouts"] == {"Anna": 10, "Ben": 10, "Cora": -10, "Dora": -10}
    assert hands[3]["payouts"] == {"Dora": 10, "Anna": -10, "Ben": -10, "Maxi": 10}
    # Anna +10 -10 +10 -10, Ben the same, Cora -10 +10 -10, Dora -10 +10 -10 +10, Maxi +10
    assert t.json("standings")["balances"] == {"Anna": 0, "Ben": 0, "Maxi": 10, "Cora": -10, "Dora": 0}
    data = t.json("player", "list")
    assert data["players"] == ["Anna", "Ben", "Maxi", "Cora", "Dora"]
    assert data["changes"][0] | {"at": None} == {"kind": "add", "name": "Maxi", "after": "Ben", "session": 1, "hand": 3,
                                                 "players": ["Anna", "Ben", "Maxi", "Cora", "Dora"], "at": None}
    assert t.run("check").exit_code == 0


def test_the_deal_after_the_dealer_left_goes_to_the_next_player_still_seated(make_table):
    t = make_table(players=FIVE, tariff="10/50", language="en")
    t.ok("add", "sauspiel", "--player", "Ben", "--partner", "Cora", "--augen", "70")  # Anna deals
    t.ok("add", "sauspiel", "--player", "Cora", "--partner", "Dora", "--augen", "70")  # Ben deals
    t.ok("player", "add", "Fritz")
    t.ok("player", "leave", "Ben")
    t.ok("player", "leave", "Cora")
    assert t.json("player", "list")["left"] == ["Ben", "Cora"]
    # Ben dealt last and left, Cora after him left too: Dora deals (four left, nobody sits out)
    assert sheet(t)["next_dealer"] == "Dora"
    t.ok("add", "sauspiel", "--player", "Eva", "--partner", "Fritz", "--augen", "70")
    assert sheet(t)["hands"][2]["dealer"] == "Dora"
    assert sheet(t)["hands"][2]["sitting_out"] == []
    assert sheet(t)["next_dealer"] == "Eva"
    assert t.run("check").exit_code == 0


def test_leaving_and_being_paid_out_then_the_rest_settles_without_them(make_table):
    t = make_table(players=FIVE, tariff="10/50", language="en")
    # hand 1, Anna deals and sits out: Ben, Cora +10; Dora, Eva -10
    t.ok("add", "sauspiel", "--player", "Ben", "--partner", "Cora", "--augen", "70")
    # hand 2, Ben deals and sits out: Cora's Solo +150; Dora, Eva, Anna -50
    t.ok("add", "solo", "--suit", "eichel", "--player", "Cora", "--augen", "70")
    assert t.json("standings")["balances"] == {"Anna": -50, "Ben": 10, "Cora": 160, "Dora": -60, "Eva": -60}
    r = t.ok("player", "leave", "Cora")
    assert r.stdout.strip() == "Cora leaves the table from hand 3 of session 1. Seating: Anna, Ben, Dora, Eva."
    # Cora is owed 160: the others below zero pay, the largest first (Dora and Eva 60, then Anna 40)
    paid = t.json("settle", "--player", "Cora")
    assert paid["transfers"] == [{"from": "Dora", "to": "Cora", "amount": 60},
                                 {"from": "Eva", "to": "Cora", "amount": 60},
                                 {"from": "Anna", "to": "Cora", "amount": 40}]
    assert paid["amounts"] == {"Cora": -160, "Dora": 60, "Eva": 60, "Anna": 40}
    assert t.json("standings")["balances"] == {"Anna": -10, "Ben": 10, "Dora": 0, "Eva": 0, "Cora": 0}
    assert t.run("check").exit_code == 0
    closed = t.json("settle", "--close")
    assert closed["transfers"] == [{"from": "Anna", "to": "Ben", "amount": 10}]
    assert closed["paid"]["Cora"] == 0
    assert t.run("check").exit_code == 0
    # paid out already: nothing more to pay
    r = t.run("settle", "--player", "Ben")
    assert r.exit_code == 2 and "There is no open session to pay a player out of." in r.stderr


def test_a_rename_keeps_the_old_hands_and_merges_the_balances(make_table):
    t = make_table(tariff="10/50", language="en")
    t.ok("add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "70")  # Anna deals
    r = t.ok("player", "rename", "Ben", "Benedikt")
    assert r.stdout.strip() == ("Ben is called Benedikt from hand 2 of session 1. "
                                "Seating: Anna, Benedikt, Cora, Dora.")
    assert sheet(t)["next_dealer"] == "Benedikt"  # Ben's seat deals, under his new name
    t.ok("add", "sauspiel", "--player", "Benedikt", "--partner", "Cora", "--augen", "70")
    hands = sheet(t)["hands"]
    assert hands[0]["payouts"] == {"Anna": 10, "Ben": 10, "Cora": -10, "Dora": -10}  # as it was played
    assert hands[1]["dealer"] == "Benedikt"
    # Ben's +10 and Benedikt's +10 are one player's: Anna 0, Benedikt 20, Cora 0, Dora -20
    assert t.json("standings")["balances"] == {"Anna": 0, "Benedikt": 20, "Cora": 0, "Dora": -20}
    assert t.json("settle")["transfers"] == [{"from": "Dora", "to": "Benedikt", "amount": 20}]
    assert t.json("player", "list")["renamed"] == [{"from": "Ben", "to": "Benedikt", "session": 1, "hand": 2}]
    t.ok("settle", "--close")
    assert t.run("check").exit_code == 0
    t.ok("add", "sauspiel", "--player", "Benedikt", "--partner", "Anna", "--augen", "70")
    assert t.json("standings", "--all")["balances"] == {"Anna": 10, "Benedikt": 30, "Cora": -10, "Dora": -30}
    assert t.json("settle", "--all")["balances"]["Benedikt"] == 30
    # the earlier name belongs to Benedikt: nobody else joins under it
    before = (t.path.read_bytes(), t.ledger_bytes())
    r = t.run("player", "add", "Ben")
    assert r.exit_code == 2
    assert r.stderr == "Error: Ben is an earlier name of Benedikt; two players cannot share it.\n" \
                       "Give the new player another name.\n"
    assert (t.path.read_bytes(), t.ledger_bytes()) == before


def test_a_name_written_in_other_letters_is_the_same_players(make_table):
    """A rename that only changes how the name is written (``anna`` to ``Anna``) is the same
    person's: allowed, and back again; his balance stays one."""
    t = make_table(tariff="10/50", language="en", players=["anna", "Ben", "Cora", "Dora"])
    t.ok("add", "sauspiel", "--player", "anna", "--partner", "Ben", "--augen", "70")
    assert t.ok("player", "rename", "anna", "Anna").stdout.startswith("anna is called Anna from hand 2")
    t.ok("add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "70")
    assert t.json("standings")["balances"] == {"Anna": 20, "Ben": 20, "Cora": -20, "Dora": -20}
    t.ok("player", "rename", "Anna", "ANNA")
    assert t.json("standings")["balances"]["ANNA"] == 20
    assert t.run("check").exit_code == 0


def test_refusals_write_nothing(make_table):
    t = make_table(tariff="10/50", language="en")
    t.ok("add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "70")
    assert t.refused("player", "leave", "Zoe") == \
        "Error: 'Zoe' is not a player at this table.\nPlayers here: Anna, Ben, Cora, Dora.\n"
    assert t.refused("player", "add", "anna") == "Error: anna already sits at this table (as Anna).\n" \
        "Give the newcomer a name of their own, e.g. 'anna B.'; the seating: schafkopf player list.\n"
    assert t.refused("player", "add", "Maxi", "--after", "Zoe") == \
        "Error: 'Zoe' is not a player at this table.\nPlayers here: Anna, Ben, Cora, Dora.\n"
    assert t.refused("player", "leave", "Dora") == (
        "Error: Without Dora only 3 players would be left, but a game needs 4.\n"
        "Add a player first (schafkopf player add NAME), or set seats lower in the table file.\n")
    assert t.refused("player", "rename", "Ben", "Cora") == "Error: Cora already sits at this table.\n" \
        "Give Ben a name no one here goes by, e.g. 'Cora B.'; the seating: schafkopf player list.\n"
    assert t.refused("player", "add", "Re").startswith("Error: 'Re' is a word of the short notation")
    assert t.refused("player", "kick", "Ben").startswith("Error: 'kick' is not something player does.")
    assert t.refused("player", "add") == \
        "Error: player add takes 1 name, not 0.\nExample: schafkopf player add Maxi --after Ben\n"
    assert t.refused("settle", "--player", "Zoe") == \
        "Error: 'Zoe' is not a player at this table.\nPlayers here: Anna, Ben, Cora, Dora.\n"
    assert t.refused("settle", "--player", "Anna", "--close").startswith(
        "Error: --player cannot be combined with --close")


def test_a_payout_at_a_points_or_strokes_table_names_what_the_table_counts(make_table):
    """A Sheepshead table counts points, a Deutscher one strokes: the refusal of an early payout
    names the one (it said *counts in points or strokes* at both)."""
    sh = make_table(family="sheepshead", players=["Anna", "Ben", "Cora", "Dora", "Emil"], language="en", name="sh")
    sh.ok("add", "pick", "--player", "be", "--partner", "em", "--augen", "94")
    assert sh.refused("settle", "--player", "Ben") == (
        "Error: Sheepshead counts in points; only money balances can be paid out during the session.\n"
        "Settle everyone at the close: schafkopf settle --close.\n")
    de = make_table(family="deutscher", language="de", name="de", replace={'partners = "per_game"': 'partners = "fixed"'})
    de.ok("add", "spiel", "--player", "an", "--partner", "co", "--augen", "70")
    assert de.refused("settle", "--player", "Anna") == (
        "Fehler: Deutscher Schafskopf zählt in Strichen; nur Geldstände lassen sich während des Abends auszahlen.\n"
        "Rechne alle beim Abschluss ab: schafkopf settle --close.\n")


def test_a_change_between_sessions_counts_from_the_next_session(make_table):
    t = make_table(tariff="10/50", language="en")
    t.ok("add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "70")
    t.ok("settle", "--close")
    r = t.ok("player", "add", "Eva")
    assert r.stdout.strip() == "Eva joins the table from the next session. Seating: Anna, Ben, Cora, Dora, Eva."
    assert t.json("player", "list")["changes"][0]["session"] is None
    t.ok("add", "sauspiel", "--player", "Ben", "--partner", "Cora", "--augen", "70")
    assert sheet(t)["hands"][0]["dealer"] == "Anna"


def v3_ledger(t):
    """Turn the ledger into one of schema version 3 (before the seating, payments, reopenings)."""
    con = sqlite3.connect(t.ledger_path)
    for table in ("seating_changes", "payments", "reopenings"):
        con.execute(f"DROP TABLE {table}")
    con.execute("CREATE TABLE closings_v3 (id INTEGER PRIMARY KEY, session_id INTEGER NOT NULL UNIQUE "
                "REFERENCES sessions(id), created_at TEXT NOT NULL, balances TEXT NOT NULL, "
                "bookings TEXT NOT NULL DEFAULT '{}')")
    con.execute("INSERT INTO closings_v3 SELECT * FROM closings")
    con.execute("DROP TABLE closings")
    con.execute("ALTER TABLE closings_v3 RENAME TO closings")
    for stmt in _triggers(("closings",)):
        con.execute(stmt)
    con.execute("UPDATE meta SET value = '3' WHERE key = 'schema_version'")
    con.commit()
    con.close()


def test_a_version_3_ledger_is_migrated_with_a_backup(make_table):
    t = make_table(tariff="10/50", language="en")
    t.ok("add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "70")
    t.ok("settle", "--close")
    expected = t.json("settle", "--session", "1")
    v3_ledger(t)
    assert t.run("check").exit_code == 0
    backup = sqlite3.connect(t.ledger_path.with_name("test.v3-backup.sqlite"))
    assert backup.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()[0] == "3"
    con = sqlite3.connect(t.ledger_path)
    assert backup.execute("SELECT * FROM closings").fetchall() == con.execute("SELECT * FROM closings").fetchall()
    backup.close()
    assert con.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()[0] == str(SCHEMA_VERSION)
    triggers = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='trigger'")}
    for table in ("seating_changes", "payments", "reopenings", "closings"):
        assert {f"{table}_no_update", f"{table}_no_delete"} <= triggers, table
    with __import__("pytest").raises(sqlite3.IntegrityError):
        con.execute("DELETE FROM closings")
    con.close()
    assert t.json("settle", "--session", "1") == expected
    # the migrated ledger takes a second closing of a reopened session
    t.ok("settle", "--reopen", "1", "--reason", "check")
    t.ok("settle", "--close")
    assert t.run("check").exit_code == 0
    assert json.loads(t.ok("check", "--json").stdout)["problems"] == []


def test_the_seating_payments_and_reopenings_survive_export_and_import(make_table, tmp_path):
    t = make_table(players=FIVE, tariff="10/50", language="en")
    t.ok("add", "sauspiel", "--player", "Ben", "--partner", "Cora", "--augen", "70")
    t.ok("add", "solo", "--suit", "eichel", "--player", "Cora", "--augen", "70")
    t.ok("player", "leave", "Cora")
    t.ok("settle", "--player", "Cora")
    t.ok("player", "rename", "Ben", "Benedikt")
    t.ok("add", "sauspiel", "--player", "Benedikt", "--partner", "Dora", "--augen", "70")
    t.ok("settle", "--close")
    t.ok("settle", "--reopen", "1", "--reason", "recount")
    t.ok("settle", "--close")
    expected = (t.json("settle", "--session", "1"), t.json("player", "list")["renamed"], t.json("standings", "--all"))
    out = tmp_path / "season.json"
    t.ok("export", "--format", "json", "--all", "--out", str(out))
    t.ledger_path.unlink()
    t.ok("import", str(out))
    assert (t.json("settle", "--session", "1"), t.json("player", "list")["renamed"],
            t.json("standings", "--all")) == expected
    assert json.loads(t.ok("check", "--json").stdout)["problems"] == []


def test_an_import_whose_renames_would_merge_two_players_is_refused(make_table, tmp_path):
    """A rename never gives a name another person goes by (``player rename`` refuses it); an
    export whose seating changes do so would count two players of one hand as one person."""
    t = make_table(players=FIVE, tariff="10/50", language="en")
    t.ok("add", "sauspiel", "--player", "Ben", "--partner", "Cora", "--augen", "70")
    t.ok("player", "rename", "Ben", "Benedikt")
    t.ok("add", "sauspiel", "--player", "Anna", "--partner", "Dora", "--augen", "70")
    out = tmp_path / "season.json"
    t.ok("export", "--format", "json", "--all", "--out", str(out))
    data = json.loads(out.read_text(encoding="utf-8"))
    target = make_table(players=FIVE, tariff="10/50", language="en", name="fine")
    target.ok("import", str(out))  # as exported: Ben and Benedikt are one player
    data["seating_changes"][0]["other"] = "Cora"  # Ben and Cora, partners in hand 1, made one player
    out.write_text(json.dumps(data), encoding="utf-8")
    target = make_table(players=FIVE, tariff="10/50", language="en", name="target")
    r = target.run("import", str(out))
    assert r.exit_code == 2
    assert r.stderr == ("Error: The file is not a schafkopf-score JSON export (the renames make Ben and Cora one "
                        "player (Cora), but both played hand 1 of session 1).\n"
                        "Give a file written by: schafkopf export --format json --out FILE.\n")
    assert not target.ledger_path.exists()


def test_a_player_who_left_and_comes_back_in_other_letters_keeps_one_account(make_table):
    """``emil`` for ``Emil``: the same person, told so and booked so (once he got a second
    account: 'emil': 0, 'Emil': 150)."""
    t = make_table(players=FIVE, tariff="10/50", language="en")
    t.ok("add", "solo", "--player", "Eva", "--suit", "herz", "--augen", "70")  # Anna deals, sits out
    t.ok("player", "leave", "Eva")
    r = t.ok("player", "add", "eva")
    assert r.stdout.strip() == "Eva joins the table from hand 2 of session 1. Seating: Anna, Ben, Cora, Dora, Eva."
    assert 'players = ["Anna", "Ben", "Cora", "Dora", "Eva"]' in t.path.read_text(encoding="utf-8")
    assert t.json("standings")["balances"] == {"Anna": 0, "Ben": -50, "Cora": -50, "Dora": -50, "Eva": 150}
    assert t.run("check").exit_code == 0


@pytest.mark.slow
def test_two_seating_changes_at_once_both_land_in_the_file_and_the_ledger(make_table):
    """Two ``player add`` at the same moment: each is worked out on the seating the other left
    under the ledger's write lock (once, in 5 of 6 tries, the file kept only one of them)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2]), "SCHAFKOPF_TABLE": ""}
    for attempt in range(4):
        t = make_table(tariff="10/50", language="en", name=f"race{attempt}")
        t.ok("add", "sau", "an", "be", "70")
        procs = [subprocess.Popen([sys.executable, "-m", "schafkopf_score", "--table", str(t.path), "player", "add", n],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env) for n in ("Xaver", "Yvonne")]
        outs = [p.communicate(timeout=60) for p in procs]
        assert [p.returncode for p in procs] == [0, 0], outs
        players = t.json("player", "list")["players"]
        assert sorted(players[4:]) == ["Xaver", "Yvonne"] and players[:4] == ["Anna", "Ben", "Cora", "Dora"]
        changes = t.json("player", "list")["changes"]
        assert [c["players"] for c in changes][-1] == players  # the file and the ledger agree
        assert t.run("check").exit_code == 0


def test_a_seating_change_keeps_the_files_line_ends_and_byte_order_mark(make_table):
    # a table file saved by a Windows editor (CRLF line ends, a byte-order mark) was written back
    # with LF line ends and without the mark: every line of it changed, not only the players line
    t = make_table(tariff="10/50", language="en")
    before = t.path.read_bytes()
    t.path.write_bytes(b"\xef\xbb\xbf" + before.replace(b"\n", b"\r\n"))
    t.ok("player", "add", "Eva")
    t.ok("player", "rename", "Eva", "Evi")
    after = t.path.read_bytes()
    assert after == b"\xef\xbb\xbf" + before.replace(
        b'"Dora"]', b'"Dora", "Evi"]').replace(b"\n", b"\r\n")
    assert t.json("player", "list")["players"] == ["Anna", "Ben", "Cora", "Dora", "Evi"]


def test_a_seating_change_to_a_linked_table_file_changes_the_file_it_points_to(make_table, tmp_path):
    # a table file that is a symbolic link (into a folder of settings) was replaced by a file of
    # its own: the link gone, the file it pointed to left with the old seating
    t = make_table(tariff="10/50", language="en")
    real = tmp_path / "settings" / "real.toml"
    real.parent.mkdir()
    t.path.rename(real)
    t.path.symlink_to(real)
    t.ok("player", "add", "Eva")
    assert t.path.is_symlink() and t.path.resolve() == real.resolve()
    assert 'players = ["Anna", "Ben", "Cora", "Dora", "Eva"]' in real.read_text(encoding="utf-8")
    assert t.json("player", "list")["players"] == ["Anna", "Ben", "Cora", "Dora", "Eva"]


def test_a_new_name_that_cannot_be_used_is_said_of_that_name(make_table):
    # player add said "NAME has an invisible or control character ... in player 5 (...)" and
    # "NAME has spaces around player 5", naming the option's placeholder and a seat number
    t = make_table(language="en")
    assert t.refused("player", "add", "x\u202e") == (
        "Error: 'x\\u202e' has an invisible or control character (U+202E RIGHT-TO-LEFT OVERRIDE) at position 2.\n"
        "Remove it: such characters can hide or garble text on screen. Type the name plainly.\n")
    assert t.refused("player", "add", " Max").startswith("Error: The name ' Max' has spaces around it.\n")
    assert t.refused("player", "add", "x" * 51).startswith(
        "Error: The name 'xxxxxxxxxxxxxxxxxxxx...' has 51 characters; a player's name has at most 50.\n")
    assert t.refused("player", "rename", "Anna", "A\x1b").startswith(
        "Error: 'A\\x1b' has an invisible or control character (U+001B) at position 2.\n")


def test_a_name_with_a_comma_is_refused_as_new_and_a_tournament_refuse_it(make_table):
    # player add "Karl,Sen" seated a name that new --players cannot write and settle
    # --from-balances cannot name (it was read as Anna='1,Karl')
    t = make_table(language="en")
    assert t.refused("player", "add", "Karl, Sen.") == (
        "Error: 'Karl, Sen.' holds a comma, where new --players and settle --from-balances split their lists.\n"
        "Give the name without its comma ('Karl Sen.').\n")
    assert t.refused("player", "rename", "Anna", "Anna,B").startswith("Error: 'Anna,B' holds a comma")
    assert t.json("player", "list")["changes"] == []
    t.ok("player", "add", "Karl Sen.")


def test_a_new_name_typed_like_a_seated_one_is_said_of_those_two(make_table):
    # player add Jurgen beside Jürgen said "NAME names 'Jürgen' and 'Jurgen' (players 5 and 6),
    # which are typed alike", the option's placeholder and seat numbers of a seating not made
    t = make_table(language="en")
    t.ok("player", "add", "Jürgen")
    assert t.refused("player", "add", "Jurgen") == (
        "Error: 'Jurgen' is typed like 'Jürgen' ('jurgen'); 'Jürgen' already sits at this table.\n"
        "Tell them apart, e.g. with the surname's initial: an umlaut may be typed plain at the table.\n")
    assert t.refused("player", "rename", "Anna", "jurgen").startswith(
        "Error: 'jurgen' is typed like 'Jürgen' ('jurgen'); 'Jürgen' already sits at this table.\n")
    t.ok("player", "rename", "Jürgen", "Jurgen")  # his own name typed plain


def test_a_rename_after_a_closed_evening_is_one_player_in_the_season(make_table):
    """Ben renamed Benx after session 1 was closed under the name Ben: the season counted Ben's
    closed evening and Benx's open one as two players (``settle --all`` and ``standings --all``
    with rows Ben +0.10 and Benx +0.10, ``stats --all`` too)."""
    t = make_table(tariff="10/50", language="en")
    t.ok("add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "72")
    t.ok("settle", "--close")
    t.ok("player", "rename", "Ben", "Benx")
    assert t.json("settle", "--all")["balances"] == {"Anna": 10, "Benx": 10, "Cora": -10, "Dora": -10}
    t.ok("add", "sauspiel", "--player", "Anna", "--partner", "Benx", "--augen", "72")
    season = t.json("settle", "--all")
    assert season["balances"] == {"Anna": 20, "Benx": 20, "Cora": -20, "Dora": -20}
    assert [s["balances"] for s in season["by_session"]] == [{"Anna": 10, "Benx": 10, "Cora": -10, "Dora": -10}] * 2
    standings = t.json("standings", "--all")
    assert standings["balances"] == {"Anna": 20, "Benx": 20, "Cora": -20, "Dora": -20}
    assert standings["by_session"][0]["balances"] == {"Anna": 10, "Benx": 10, "Cora": -10, "Dora": -10}
    players = t.json("stats", "--all")["players"]
    assert sorted(players) == ["Anna", "Benx", "Cora", "Dora"]
    assert players["Benx"] == {"games": 2, "declarer": 0, "won": 0, "partner": 2, "partner_won": 2,
                               "balance": 20, "money": 20}
    other = t.json("settle", "--all", "--tariff", "20/100")["other"]
    assert other["balances"] == {"Anna": 40, "Benx": 40, "Cora": -40, "Dora": -40}


def test_the_season_exports_count_a_player_renamed_after_a_close_once(make_table, tmp_path):
    """The season of ``export --all`` (text, Markdown, HTML, CSV) had a row for Ben (his closed
    evening) beside Benx (the open one), and the evenings' hand tables an empty Ben column; the
    season counts him once under the name now, as ``settle --all`` does. The closed evening's
    own settlement stays as it was paid (Dora paid Ben)."""
    t = make_table(tariff="10/50", language="en")
    t.ok("add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "72")
    t.ok("settle", "--close")
    t.ok("player", "rename", "Ben", "Benx")
    t.ok("add", "sauspiel", "--player", "Anna", "--partner", "Benx", "--augen", "72")
    text = t.ok("export", "--format", "text", "--all").stdout
    assert "Total: Anna +€0.20, Benx +€0.20, Cora -€0.20, Dora -€0.20" in text, text
    md = t.ok("export", "--format", "md", "--all").stdout
    assert "| Benx | +€0.10 | +€0.10 | +€0.20 |" in md and "| Ben |" not in md.split("## Session 1")[0], md
    assert md.count("| # | Game | Anna | Benx | Cora | Dora |\n") == 2  # no empty Ben column
    assert "- Dora → Ben: €0.10" in md.split("## Session 2")[0]  # the closed evening as it was paid
    t.ok("export", "--format", "csv", "--all", "--out", str(tmp_path / "s.csv"))
    assert (tmp_path / "s.csv").read_text(encoding="utf-8").splitlines()[0] == \
        "session,hand,recorded_at,game,description,dealer,declarers,void,Anna,Benx,Cora,Dora,stock,comment"
    t.ok("export", "--format", "html", "--all", "--out", str(tmp_path / "s.html"))
    html = (tmp_path / "s.html").read_text(encoding="utf-8")
    season = html[html.index('<table class="season">'):html.index("</table>", html.index('<table class="season">'))]
    assert ">Benx<" in season and ">Ben<" not in season, season


def test_stats_count_a_player_renamed_mid_evening_once(make_table):
    """``stats`` listed Anna's hands before her rename apart from Annax's (two rows, Anna's
    balance counted from her hands beside Annax's whole balance)."""
    t = make_table(tariff="10/50", language="en")
    t.ok("add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "72")
    t.ok("player", "rename", "Anna", "Annax")
    t.ok("add", "wenz", "--player", "Annax", "--augen", "80")
    players = t.json("stats")["players"]
    assert list(players) == ["Annax", "Ben", "Cora", "Dora"]
    assert players["Annax"] == {"games": 2, "declarer": 2, "won": 2, "partner": 0, "partner_won": 0,
                                "balance": 160, "money": 160}


def test_an_evening_closed_before_a_rename_under_another_tariff_is_one_player(make_table):
    """``settle --session 1 --tariff`` of an evening closed under the name Ben, Ben renamed
    Benx since: the closing said Ben, the evening priced again said Benx, and the table showed
    two players (Ben +0.10 now, Benx +0.20 under the other tariff, each a difference)."""
    t = make_table(tariff="10/50", language="en")
    t.ok("add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "72")
    t.ok("settle", "--close")
    t.ok("player", "rename", "Ben", "Benx")
    done = t.json("settle", "--session", "1", "--tariff", "20/100")
    assert done["now"]["paid"] == {"Anna": 10, "Benx": 10, "Cora": -10, "Dora": -10}
    assert done["other"]["paid"] == {"Anna": 20, "Benx": 20, "Cora": -20, "Dora": -20}
    assert done["now"]["transfers"] == [{"from": "Cora", "to": "Anna", "amount": 10},
                                        {"from": "Dora", "to": "Benx", "amount": 10}]
    text = t.ok("settle", "--session", "1", "--tariff", "20/100").stdout
    assert "Ben " not in text and text.count("Benx") == 2  # its row, and a transfer
