"""Every cent right (RULES §7): the Stock at settle, rounded closings, seasons, snapshots, stats,
patch edits. Each scenario runs through the real command line and ends with ``check``."""

import json

import pytest

from tests.conftest import tamper_sqlite

STOCK = {'all_pass = "redeal"': 'all_pass = "stock"'}
FIVE = ["Anna", "Ben", "Carla", "Dan", "Eva"]


def stock_held(make_table):
    """Official tariffs (10/50), Stock 10; the Stock holds 40 when the evening ends.

    1 Sauspiel Anna+Ben 72: Anna, Ben +10; Cora, Dora -10 (no Stock yet)
    2 weiter: everyone -10 into the Stock (40)
    3 Herz-Solo Cora 70: Cora +150, the others -50 (a solo leaves the Stock alone)
    """
    t = make_table(replace=STOCK)
    t.ok("add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "72")
    t.ok("add", "weiter")
    t.ok("add", "solo", "--player", "Cora", "--suit", "herz", "--augen", "70")
    return t


def test_settle_shows_the_stock_beside_the_balances_and_never_fails(make_table):
    t = stock_held(make_table)
    data = t.json("settle")
    assert data["balances"] == {"Anna": -50, "Ben": -50, "Cora": 130, "Dora": -70}
    assert data["stock"] == 40 and sum(data["balances"].values()) + data["stock"] == 0
    assert data["stock_return"] == {"Anna": 10, "Ben": 10, "Cora": 10, "Dora": 10}
    # the transfers settle the balances after the Stock goes back
    assert data["paid"] == {"Anna": -40, "Ben": -40, "Cora": 140, "Dora": -60}
    assert data["transfers"] == [{"from": "Dora", "to": "Cora", "amount": 60},
                                 {"from": "Anna", "to": "Cora", "amount": 40},
                                 {"from": "Ben", "to": "Cora", "amount": 40}]
    assert data["closed"] is False
    text = t.ok("settle").stdout
    assert "Stock" in text and "+0,40 €" in text and "Dora zahlt Cora 0,60 €" in text
    for fmt in ("csv", "csv-de", "json", "md", "html"):  # every export that settles
        t.ok("export", "--format", fmt)
    t.ok("check")


def test_round_close_stores_what_was_paid(make_table, tmp_path):
    t = stock_held(make_table)
    closing = t.json("settle", "--round", "50", "--close")
    # after the Stock returns: -40, -40, 140, -60; to 50 cents by largest remainder
    # (floors -50, -50, 100, -100; the two units left go to Cora and Dora, remainder 40 each)
    paid = {"Anna": -50, "Ben": -50, "Cora": 150, "Dora": -50}
    transfers = [{"from": "Anna", "to": "Cora", "amount": 50}, {"from": "Ben", "to": "Cora", "amount": 50},
                 {"from": "Dora", "to": "Cora", "amount": 50}]
    # balances: what each stands at, unrounded; paid: what the transfers clear (RULES §12)
    unrounded = {"Anna": -40, "Ben": -40, "Cora": 140, "Dora": -60}
    assert closing["balances"] == unrounded and closing["paid"] == paid
    assert closing["transfers"] == transfers and closing["closed"] is True
    assert closing["rounding"] == {"Anna": -10, "Ben": -10, "Cora": 10, "Dora": 10}
    later = t.json("settle", "--session", "1")
    assert later["closed"] is True
    assert later["balances"] == unrounded and later["paid"] == paid and later["transfers"] == transfers
    assert later["round"] == 50 and later["unrounded"] == {"Anna": -40, "Ben": -40, "Cora": 140, "Dora": -60}
    md = t.ok("export", "--format", "md", "--session", "1").stdout
    assert "- Anna → Cora: 0,50 €" in md and "| Cora | 1,40 € | 1,50 € |" in md
    assert "Gerundet auf 0,50 €" in md  # a German table
    html = t.ok("export", "--format", "html", "--session", "1").stdout
    assert "Dora zahlt Cora 0,50 €" in html and "<b>+1,50 €</b>" in html
    assert "Dora zahlt Cora 0,60 €" not in html
    # what was paid is final: another rounding of a closed session is refused
    r = t.run("settle", "--session", "1", "--round", "20")
    assert r.exit_code == 2
    assert r.stderr == ("Fehler: Abend 1 wurde auf 50 Cent gerundet abgerechnet und abgeschlossen; was gezahlt "
                        "wurde, gilt.\nLass --round weg, dann siehst du ihn so, wie gezahlt wurde.\n")
    # stats money equals settle: the Stock returned at the close and the rounding included
    stats = t.json("stats", "--session", "1")
    assert {n: p["money"] for n, p in stats["players"].items()} == paid
    assert {n: p["balance"] for n, p in stats["players"].items()} == paid
    t.ok("check")


def test_settle_all_never_asks_to_pay_a_closed_evening_again(make_table):
    t = stock_held(make_table)
    t.ok("settle", "--round", "50", "--close")
    t.ok("add", "wenz", "--player", "Dora", "--augen", "70")  # session 2: Dora +150, the others -50
    season = t.json("settle", "--all")
    assert season["sessions"] == [1, 2] and season["closed"] is False
    # paid in session 1 (-50, -50, 150, -50) plus session 2's balances
    assert season["balances"] == {"Anna": -100, "Ben": -100, "Cora": 100, "Dora": 100}
    # only session 2 is outstanding
    assert season["transfers"] == [{"from": "Anna", "to": "Dora", "amount": 50},
                                   {"from": "Ben", "to": "Dora", "amount": 50},
                                   {"from": "Cora", "to": "Dora", "amount": 50}]
    text = t.ok("settle", "--all").stdout
    assert "Schon bezahlt: Abend 1." in text and "Noch offen (Abend 2):" in text
    stats = t.json("stats", "--all")
    assert {n: p["money"] for n, p in stats["players"].items()} == season["balances"]
    t.ok("settle", "--close")
    done = t.json("settle", "--all")
    assert done["transfers"] == [] and done["closed"] is True
    assert done["balances"] == {"Anna": -100, "Ben": -100, "Cora": 100, "Dora": 100}
    t.ok("check")


def test_standings_all_has_a_column_per_session_and_the_total(make_table):
    t = stock_held(make_table)
    t.ok("settle", "--close")
    t.ok("add", "wenz", "--player", "Dora", "--augen", "70")
    data = t.json("standings", "--all")
    assert [(c["session"], c["closed"]) for c in data["by_session"]] == [(1, True), (2, False)]
    assert data["by_session"][0]["balances"] == {"Anna": -40, "Ben": -40, "Cora": 140, "Dora": -60}
    assert data["by_session"][1]["balances"] == {"Anna": -50, "Ben": -50, "Cora": -50, "Dora": 150}
    assert data["balances"] == {"Anna": -90, "Ben": -90, "Cora": 90, "Dora": 90}
    date = data["by_session"][0]["date"]  # ISO in JSON, as the language writes it on screen
    text = t.ok("standings", "--all").stdout
    assert f"{date[8:10]}.{date[5:7]}.{date[:4]}" in text and "Summe" in text and "+0,90 €" in text


def test_closed_session_and_recorded_hands_keep_their_prices(make_table):
    t = make_table(players=FIVE, family="sheepshead")
    # Ben picks, Eva partner, 94 points: Ben +4, Eva +2, the others -2 points; 25 cents a point
    t.ok("add", "pick", "--picker", "Ben", "--partner", "Eva", "--points", "94")
    t.ok("settle", "--close")
    t.ok("add", "pick", "--picker", "Anna", "--partner", "Ben", "--points", "94")
    text = t.path.read_text(encoding="utf-8")
    assert "point_value = 25" in text
    t.path.write_text(text.replace("point_value = 25", "point_value = 100"), encoding="utf-8")
    closed = t.json("settle", "--session", "1")
    assert closed["balances"] == {"Anna": -50, "Ben": 100, "Carla": -50, "Dan": -50, "Eva": 50}
    assert closed["points"] == {"Anna": -2, "Ben": 4, "Carla": -2, "Dan": -2, "Eva": 2}
    # the open session's hand was recorded at 25 cents a point, and stays so
    open_ = t.json("settle")
    assert open_["balances"] == {"Anna": 100, "Ben": 50, "Carla": -50, "Dan": -50, "Eva": -50}
    t.ok("check")


def test_a_table_file_of_another_family_is_refused(make_table):
    from schafkopf_score.rules.registry import find_family
    from schafkopf_score.table.file import render_table

    t = make_table()
    t.ok("add", "wenz", "--player", "Anna", "--augen", "70")
    before = t.ledger_bytes()
    t.path.write_text(render_table(find_family("sheepshead"), FIVE, name="test"), encoding="utf-8")
    for args in (["settle", "--session", "1"], ["sheet"], ["add", "leaster", "--winner", "Anna"], ["check"]):
        r = t.run(*args)
        assert r.exit_code == 2, (args, r.output)
        assert r.stderr.startswith(f"Error: The ledger {t.ledger_path} holds bavarian games, but the table file "
                                   'says family = "sheepshead".\n'), r.stderr
    assert t.ledger_bytes() == before


def test_new_never_silently_adopts_an_existing_ledger(make_table, tmp_path):
    from schafkopf_score.cli.app import app
    from tests.conftest import CliRunner

    t = make_table()
    t.ok("add", "wenz", "--player", "Anna", "--augen", "70")
    t.path.unlink()  # the table file is gone, its ledger stays
    runner = CliRunner()
    args = ["new", str(t.path), "--family", "sheepshead", "--players", ",".join(FIVE)]
    r = runner.invoke(app, args)
    assert r.exit_code == 2
    assert r.stderr == (f"Error: A ledger is already at {t.ledger_path}; a new table file here would take over "
                        "its games.\nMove that ledger away (or choose another path) for a new table; to keep using "
                        "it, add --force.\n")
    assert not t.path.exists()
    r = runner.invoke(app, [*args[:3], "bavarian", "--players", "Anna,Ben,Cora,Dora", "--force"])
    assert r.exit_code == 0, r.output
    assert t.json("standings")["balances"]["Anna"] == 150


# -- edit with only the changed options ------------------------------------------------------------

def two_hands(make_table):
    t = make_table()
    t.ok("add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "72", "--laufende", "3",
         "--comment", "erste")
    t.ok("add", "wenz", "--player", "Cora", "--augen", "80")
    return t


def test_edit_with_only_the_changed_option_patches_the_hand(make_table):
    t = two_hands(make_table)
    out = t.ok("edit", "1", "--kontra").stdout
    # (10 + 3 Laufende 30) = 40, Kontra x2 = 80
    assert out.splitlines()[0] == "Spiel 1 korrigiert: Sauspiel Anna+Ben 72 L3 -> Sauspiel Anna+Ben 72 L3 Kontra"
    assert "  Anna       +0,40 € ->      +0,80 €" in out
    hand = next(h for h in t.json("sheet")["sessions"][0]["hands"] if h["hand"] == 1 and not h["void"])
    assert hand["replaces"] is True
    assert hand["entry"] == {"game": "sauspiel", "player": "Anna", "partner": "Ben", "augen": 72, "laufende": 3,
                             "kontra": True, "comment": "erste"}
    assert hand["payouts"] == {"Anna": 80, "Ben": 80, "Cora": -80, "Dora": -80}
    # a default value typed on purpose counts: the Laufende go
    data = t.json("edit", "1", "--laufende", "0")
    assert data["payouts"] == {"Anna": 20, "Ben": 20, "Cora": -20, "Dora": -20}
    assert data["before"]["payouts"] == {"Anna": 80, "Ben": 80, "Cora": -80, "Dora": -80}
    t.ok("check")


def test_edit_that_changes_the_game_or_declarer_needs_yes(make_table):
    t = two_hands(make_table)
    before = t.ledger_bytes()
    r = t.run("edit", "2", "--player", "Dora")
    assert r.exit_code == 2
    assert r.stderr == ("Fehler: Diese Korrektur ändert das Spiel oder den Spieler von Spiel 2: Wenz Cora 80 -> "
                        "Wenz Dora 80.\nHäng --yes an, wenn du das so meinst.\n")
    r = t.run("edit", "2", "solo", "--suit", "gras", "--player", "Cora", "--augen", "80")
    assert r.exit_code == 2 and "Wenz Cora 80 -> Gras-Solo Cora 80" in r.stderr
    # a wrong entry is said first, before any question
    r = t.run("edit", "2", "--player", "Dora", "--augen", "121")
    assert r.exit_code == 2 and "--augen 121 geht nicht" in r.stderr
    assert t.ledger_bytes() == before
    out = t.ok("edit", "2", "--player", "Dora", "--yes").stdout
    assert "Wenz Cora 80 -> Wenz Dora 80" in out
    assert t.json("standings")["balances"]["Dora"] == -40 + 150  # -40 in hand 1, +150 in hand 2
    t.ok("check")


@pytest.mark.parametrize("args, message", [
    (["edit", "1"], "Fehler: edit 1 nennt keine Änderung.\n"),
    (["edit", "9", "--kontra"], "Fehler: Es gibt kein Spiel 9 im Abend 1 (Spiele 1-2).\n"),
    (["edit", "1", "--augen", "viel"], "Fehler: --augen 'viel' ist keine ganze Zahl.\n"),
])
def test_edit_mistakes(make_table, args, message):
    t = two_hands(make_table)
    before = t.ledger_bytes()
    r = t.run(*args)
    assert r.exit_code == 2 and r.stderr.startswith(message), r.stderr
    assert t.ledger_bytes() == before


def test_closed_session_cannot_be_edited(make_table):
    t = two_hands(make_table)
    t.ok("settle", "--close")
    r = t.run("edit", "1", "--kontra")
    assert r.exit_code == 2
    assert "Fehler: Abend 1 ist abgeschlossen (abgerechnet); seine Spiele lassen sich nicht mehr ändern." in r.stderr
    json.loads(t.ok("check", "--json").stdout or "{}")


def test_check_finds_a_tampered_stored_settlement(make_table):
    import sqlite3

    t = stock_held(make_table)
    t.ok("settle", "--round", "50", "--close")
    t.ok("check")
    con = sqlite3.connect(t.ledger_path)
    bookings = json.loads(con.execute("SELECT bookings FROM closings").fetchone()[0])
    con.close()
    bookings["settlement"]["transfers"][0]["amount"] = 40
    tamper_sqlite(t.ledger_path, "UPDATE closings SET bookings = ?", json.dumps(bookings))
    r = t.run("check")
    assert r.exit_code == 1
    assert r.stdout == ("Abend 1: die gespeicherte Abrechnung ist nicht, was die Schlussstände ergeben\n"
                        "Abend 1: der beim Abschluss gespeicherte Ausgleich gleicht die gezahlten Beträge nicht aus\n")


def test_the_season_reads_alike_in_standings_and_settle(make_table):
    t = stock_held(make_table)
    t.ok("settle", "--round", "50", "--close")  # paid -50, -50, 150, -50 (balances -40, -40, 140, -60)
    t.ok("add", "wenz", "--player", "Dora", "--augen", "70")
    standings = t.json("standings", "--all")
    season = t.json("settle", "--all")
    assert standings["by_session"][0]["balances"] == {"Anna": -50, "Ben": -50, "Cora": 150, "Dora": -50}
    assert standings["balances"] == season["balances"] == {"Anna": -100, "Ben": -100, "Cora": 100, "Dora": 100}
    # standings count a closed evening as it was paid: settle's ``paid`` (its ``balances`` are unrounded)
    assert t.json("standings", "--session", "1")["balances"] == t.json("settle", "--session", "1")["paid"]


def test_a_closed_wendish_session_shows_no_debts_of_the_next_hand(make_table):
    t = make_table(family="wendish", replace={"muss_solo = 0": "muss_solo = 1",
                                              "muss_solo_penalty = 0": "muss_solo_penalty = 50"})
    t.ok("add", "solo", "--player", "Cora", "--still", "--augen", "80")
    t.ok("add", "solo", "--player", "Ben", "--suit", "kreuz", "--augen", "40")
    t.ok("settle", "--close")  # Anna and Dora owe their solo: 50 to each other player
    data = t.json("standings", "--session", "1")
    assert "solos" not in data and "muss_solo_owed" not in data
    assert "Muss-Solo" not in t.ok("standings", "--session", "1").stdout
    sheet = t.ok("sheet", "--session", "1").stdout
    assert "Abschluss →" in sheet and "Stock →" not in sheet
    t.ok("check")


def test_an_edit_that_changes_nothing_is_refused(make_table):
    t = two_hands(make_table)
    before = t.ledger_bytes()
    r = t.run("edit", "2", "--augen", "80")
    assert r.exit_code == 2
    assert r.stderr.startswith("Fehler: Spiel 2 sagt das schon; nichts wurde geändert.\n")
    assert t.ledger_bytes() == before
