"""The evening: corrections that propagate, check, exports, import, stats."""

import csv
import io
import json
import sqlite3
from html.parser import HTMLParser

import pytest

FIVE = ["Anna", "Ben", "Cora", "Dora", "Emil"]
STOCK = {'all_pass = "redeal"': 'all_pass = "stock"'}


def stock_evening(make_table, language=None):
    """Four at the table, Stock 10: hands 1-2 weiter, 3 lost Sauspiel, 4 Solo, 5 won Sauspiel."""
    t = make_table(replace=STOCK, language=language)
    t.ok("add", "weiter")
    t.ok("add", "weiter")
    t.ok("add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "50")
    t.ok("add", "solo", "--player", "Cora", "--suit", "herz", "--augen", "70")
    t.ok("add", "sauspiel", "--player", "Cora", "--partner", "Dora", "--augen", "70")
    return t


def test_stock_evening_as_recorded(make_table):
    t = stock_evening(make_table)
    s = t.json("standings")
    # 1-2: each -20, Stock 80; 3: Anna/Ben -10-40, Cora/Dora +10, Stock 160;
    # 4: Cora +150, others -50; 5: Cora/Dora +10+80, Anna/Ben -10, Stock 0
    assert s["balances"] == {"Anna": -130, "Ben": -130, "Cora": 230, "Dora": 30}
    assert s["stock"] == 0


def test_void_a_middle_hand_and_edit_another_propagate(make_table):
    t = stock_evening(make_table)
    # void hand 2 (a weiter entered twice): the Stock before hand 3 is 40
    t.ok("void", "2", "--reason", "entered twice")
    # edit hand 3: it was Anna + Cora, and they won with 70
    t.ok("edit", "3", "sauspiel", "--player", "Anna", "--partner", "Cora", "--augen", "70", "--reason", "wrong partner")
    # now: 1: each -10, Stock 40; 3': Anna/Cora +10+20, Ben/Dora -10, Stock 0;
    # 4: Cora +150, others -50; 5: no Stock left: Cora/Dora +10, Anna/Ben -10
    s = t.json("standings")
    assert s["balances"] == {"Anna": -10 + 30 - 50 - 10, "Ben": -10 - 10 - 50 - 10,
                             "Cora": -10 + 30 + 150 + 10, "Dora": -10 - 10 - 50 + 10}
    assert s["stock"] == 0
    sheet = t.json("sheet")["sessions"][0]
    assert [(h["hand"], h["void"]) for h in sheet["hands"]] == [
        (1, False), (2, True), (3, True), (3, False), (4, False), (5, False)]
    assert sheet["hands"][1]["reason"] == "entered twice"
    assert sheet["hands"][2]["void_kind"] == "edit"
    # who dealt is a recorded fact (RULES §1): the void of hand 2 re-prices the later hands but
    # never re-deals them, and the replacement of hand 3 keeps hand 3's dealer
    assert [h.get("dealer") for h in sheet["hands"] if not h["void"]] == ["Anna", "Cora", "Dora", "Anna"]
    history = t.json("sheet", "--history")["history"]
    kinds = [(e["kind"], e["hand"]) for e in history]
    assert ("void", 2) in kinds and ("edit", 3) in kinds and ("restated", 5) in kinds
    assert t.run("check").exit_code == 0


def test_edit_with_invalid_entry_keeps_the_old_game(make_table):
    t = stock_evening(make_table, language="en")  # the engine's English words
    before = t.ledger_bytes()
    r = t.run("edit", "3", "sauspiel", "--player", "Anna", "--partner", "Anna", "--augen", "70")
    assert r.exit_code == 2 and "Error: Anna cannot be their own partner." in r.stderr
    assert t.ledger_bytes() == before


def test_check_finds_tampering(make_table):
    t = make_table()
    t.ok("add", "wenz", "--player", "Anna", "--augen", "70")
    con = sqlite3.connect(t.ledger_path)
    con.execute("INSERT INTO games(session_id, hand, created_at, game, entry, typed, ruleset_id, unit, payouts,"
                " stock) VALUES (1, 2, 'x', 'wenz', '{\"game\": \"wenz\", \"player\": \"Ben\", \"augen\": 70}', '', 1,"
                " 'cent', '{\"Anna\": -50, \"Ben\": 150, \"Cora\": -50, \"Dora\": -40}', 0)")
    con.commit()
    con.close()
    r = t.run("check")
    assert r.exit_code == 1  # a German table
    assert "Abend 1, Spiel 2: die Auszahlungen ergeben zusammen +0,10 €, nicht null" in r.stdout
    problems = json.loads(t.run("check", "--json").stdout)["problems"]
    assert {p["hand"] for p in problems} == {2}
    assert "die Auszahlungen ergeben zusammen +0,10 €, nicht null" in [p["problem"] for p in problems]


def test_check_finds_a_gap_in_the_hand_numbers(make_table):
    """A hand slipped in behind the program's back under a number after a gap: check says so (the
    hands are numbered 1, 2, 3 ... in a session), in the table's language, and replays no further."""
    t = make_table(language="en")
    t.ok("add", "wenz", "--player", "Anna", "--augen", "70")
    t.ok("add", "wenz", "--player", "Ben", "--augen", "70")
    con = sqlite3.connect(t.ledger_path)
    con.execute("INSERT INTO games(session_id, hand, created_at, game, entry, typed, ruleset_id, unit, payouts,"
                " stock) SELECT session_id, 5, created_at, game, entry, typed, ruleset_id, unit, payouts, stock"
                " FROM games WHERE hand = 2")
    con.commit()
    con.close()
    r = t.run("check", "--json")
    assert r.exit_code == 1
    assert json.loads(r.stdout)["problems"] == [
        {"session": 1, "hand": None, "problem": "the hands are not numbered 1 to 3 (the last is 5)"}]


def test_rows_cannot_be_updated_or_deleted(make_table):
    t = make_table()
    t.ok("add", "wenz", "--player", "Anna", "--augen", "70")
    con = sqlite3.connect(t.ledger_path)
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        con.execute("UPDATE games SET payouts = '{}'")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        con.execute("DELETE FROM games")


HOSTILE = ["=cmd|' /C calc'!A0", 'O"Brien, <script>alert(1)</script>', "+Emil", "@Zoë 🂡"]


def hostile_table(make_table):
    names = HOSTILE
    t = make_table(players=names, replace={})
    t.ok("add", "wenz", "--player", names[1], "--augen", "70")
    t.ok("add", "sauspiel", "--player", names[0], "--partner", names[2], "--augen", "95",
         "--comment", "-2+3")
    return t


def test_csv_export_parses_and_neutralises_formulas(make_table):
    t = hostile_table(make_table)
    rows = list(csv.reader(io.StringIO(t.ok("export", "--format", "csv").stdout)))
    header = rows[0]
    assert header[8:12] == ["'" + HOSTILE[0], HOSTILE[1], "'" + HOSTILE[2], "'" + HOSTILE[3]]
    assert rows[1][8:12] == ["-0.50", "1.50", "-0.50", "-0.50"]
    assert rows[2][-1] == "'-2+3"


def test_german_csv_has_bom_semicolons_and_decimal_comma(make_table):
    t = hostile_table(make_table)
    text = t.ok("export", "--format", "csv-de").stdout
    assert text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter=";"))
    assert rows[1][8:12] == ["-0,50", "1,50", "-0,50", "-0,50"]


class Collector(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags = []
        self.text = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)

    def handle_data(self, data):
        self.text.append(data)


def test_html_export_self_contained_with_svg_and_escaped_names(make_table, tmp_path):
    t = hostile_table(make_table)
    out = tmp_path / "abend.html"
    t.ok("export", "--format", "html", "--out", str(out))
    html = out.read_text()
    p = Collector()
    p.feed(html)
    assert "svg" in p.tags and "polyline" in p.tags
    assert "script" not in p.tags and "<script>" not in html
    assert HOSTILE[1] in "".join(p.text)  # the name survives, escaped in the source
    assert "src=" not in html and "href=" not in html


def test_markdown_export(make_table):
    t = hostile_table(make_table)
    md = t.ok("export", "--format", "md").stdout
    assert "| 2 | Sauspiel" in md and "Ausgleich:" in md  # a German table


def test_json_export_round_trips_through_import(make_table, tmp_path):
    t = stock_evening(make_table)
    t.ok("void", "2")
    t.ok("settle", "--close")
    t.ok("add", "wenz", "--player", "Dora", "--augen", "80")
    dump = tmp_path / "dump.json"
    t.ok("export", "--format", "json", "--all", "--out", str(dump))
    before = t.json("standings", "--all")["balances"]
    fresh = make_table(replace=STOCK, name="fresh")
    assert fresh.json("import", str(dump))["imported"] == 6
    assert fresh.json("standings", "--all")["balances"] == before
    assert fresh.json("settle", "--session", "1")["balances"] == t.json("settle", "--session", "1")["balances"]
    fresh.ok("check")
    r = fresh.run("import", str(dump))
    assert r.exit_code == 2 and "hat schon Spiele; import liest nur in ein leeres." in r.stderr


def test_import_rejects_what_is_not_an_export(make_table, tmp_path):
    t = make_table()
    bad = tmp_path / "bad.json"
    bad.write_text('{"hello": 1}')
    r = t.run("import", str(bad))
    assert r.exit_code == 2
    assert "Fehler: Die Datei ist kein JSON-Export von schafkopf-score (keine Formatangabe)." in r.stderr
    bad.write_text("not json")
    r = t.run("import", str(bad))
    assert r.exit_code == 2 and "ist kein JSON-Export" in r.stderr
    assert not t.ledger_path.exists()


def test_export_out_into_missing_folder(make_table, tmp_path):
    t = make_table(language="en")  # the CLI's English words
    t.ok("add", "wenz", "--player", "Anna", "--augen", "70")
    r = t.run("export", "--format", "csv", "--out", str(tmp_path / "nope" / "x.csv"))
    assert r.exit_code == 2 and f"Error: The folder {tmp_path / 'nope'} does not exist." in r.stderr
    r = t.run("export", "--format", "xls")
    assert r.exit_code == 2 and "Error: --format 'xls' is not an export format." in r.stderr


def test_stats(make_table):
    t = stock_evening(make_table)
    data = t.json("stats")
    assert data["players"]["Cora"] == {"games": 3, "declarer": 2, "won": 2, "partner": 0, "partner_won": 0,
                                      "balance": 230, "money": 230}
    assert data["players"]["Anna"]["declarer"] == 1 and data["players"]["Anna"]["won"] == 0
    assert data["games"]["sauspiel"] == {"games": 2, "won": 1, "moved": 20 + 180}
    assert data["games"]["weiter"]["games"] == 2


def test_void_of_missing_or_void_game(make_table):
    t = make_table()
    r = t.run("void", "1")
    assert r.exit_code == 2 and "Fehler: Es gibt noch keine Spiele zum Korrigieren." in r.stderr


def test_import_of_a_tampered_export_is_refused_whole(make_table, tmp_path):
    t = make_table()
    t.ok("add", "wenz", "--player", "Anna", "--augen", "70")
    t.ok("add", "wenz", "--player", "Ben", "--augen", "70")
    dump = tmp_path / "d.json"
    t.ok("export", "--format", "json", "--out", str(dump))
    data = json.loads(dump.read_text())
    data["sessions"][0]["games"][1]["payouts"]["Anna"] += 100
    dump.write_text(json.dumps(data))
    fresh = make_table(name="fresh")
    r = fresh.run("import", str(dump))
    assert r.exit_code == 2
    # the import runs check's own checks (session.checks): the same words as check would print
    assert ("Fehler: Im Export, Abend 1, Spiel 2: die Auszahlungen ergeben zusammen +1,00 €, nicht null; "
            "nichts wurde importiert.") in r.stderr
    english = make_table(name="english", language="en")
    r = english.run("import", str(dump))
    assert "Error: In the export, session 1 hand 2: payouts sum to +€1.00, not zero; nothing was imported." in r.stderr
    assert fresh.json("standings")["balances"] == {"Anna": 0, "Ben": 0, "Cora": 0, "Dora": 0}
