"""``export --format xlsx`` (RULES §13, issue 37): the workbook read back with openpyxl: typed
cells (whole numbers, dates, amounts as currency in the table's language), totals that equal the
settlement cent for cent, one sheet per evening with ``--all``, no text run as a formula, and
never binary on a terminal."""

from __future__ import annotations

import datetime as dt
import json
import os
import pty
import subprocess
import sys

import openpyxl
import pytest

from tests.app.test_whatif import FIRST, SECOND, WIRTSHAUS, enter


@pytest.fixture
def season(make_table):
    t = make_table(preset="wirtshaus", tariff="10/50", language="de", replace=WIRTSHAUS)
    enter(t, FIRST)
    t.ok("undo", "--reason", "doppelt")
    t.ok("settle", "--close", "--round", "50")
    enter(t, SECOND)
    t.ok("add", "sau", "an", "be", "72", "--comment", "=HYPERLINK(\"x\")")  # text, never a formula
    return t


def cents(value) -> int:
    return round(value * 100)


def test_the_season_workbook_with_types_and_sums(season, tmp_path):
    out = tmp_path / "saison.xlsx"
    r = season.ok("export", "--all", "--format", "xlsx", "--out", str(out))
    assert r.stdout == "" and "saison.xlsx" in r.stderr
    assert out.read_bytes()[:2] == b"PK"  # a zip: the xlsx container
    book = openpyxl.load_workbook(out, data_only=True)
    assert book.sheetnames == ["Abrechnung", "Spieler", "Abend 1", "Abend 2"]
    paid = [season.json("settle", "--session", str(n))["paid"] for n in (1, 2)]  # the first rounded to 50
    # the settlement: a row per evening, what each paid (as settle shows it), a total
    ws = book["Abrechnung"]
    rows = list(ws.iter_rows(values_only=True))
    assert rows[0] == ("Abend", "Datum", "Status", "Anna", "Ben", "Cora", "Dora")
    assert [r[:3] for r in rows[1:3]] == [(1, rows[1][1], "abgeschlossen"), (2, rows[2][1], "offen")]
    assert isinstance(rows[1][1], dt.datetime) and ws["B2"].number_format == "dd.mm.yyyy"
    opened = [s["opened_at"] for s in json.loads(season.ok("export", "--all", "--format", "json").stdout)["sessions"]]
    assert [r[1] for r in rows[1:3]] == [dt.datetime.combine(dt.datetime.fromisoformat(o).astimezone().date(), dt.time())
                                         for o in opened]  # each evening's local date
    for col, name in enumerate(["Anna", "Ben", "Cora", "Dora"], 3):
        shown = [cents(r[col]) for r in rows[1:3]]
        assert shown == [p[name] for p in paid]
        assert cents(rows[3][col]) == sum(shown)  # the total row
    assert ws["D4"].number_format == "#,##0.00 [$€-407];-#,##0.00 [$€-407]"
    formulas = openpyxl.load_workbook(out)["Abrechnung"]
    assert formulas["D4"].value == "=SUM(D2:D3)"
    # an evening: a row per hand, typed, the voided one marked, the total equal to the balances
    for number in (1, 2):
        ws = book[f"Abend {number}"]
        rows = list(ws.iter_rows(values_only=True))
        head = rows[0]
        assert head[:6] == ("Nr.", "Zeit", "Spiel", "Geber", "Spielmacher", "Gestrichen")
        hands = rows[1:-1]
        assert all(isinstance(h[0], int) and isinstance(h[1], dt.datetime) for h in hands)
        assert ws["B2"].number_format == "dd.mm.yyyy hh:mm"
        # the hands add up to the evening's balances before the closing's rounding (the sheet's)
        balances = season.json("sheet", "--session", str(number))["sessions"][0]["balances"]
        for col, name in enumerate(head[6:10], 6):
            amounts = [cents(h[col]) for h in hands if h[col] is not None]
            assert sum(amounts) == cents(rows[-1][col]) == balances[name]
            assert all(isinstance(h[col], (int, float)) for h in hands if h[col] is not None)
    first = list(book["Abend 1"].iter_rows(values_only=True))
    assert first[-2][5] == "zurückgenommen" and first[-2][6:10] == (None, None, None, None)
    texts = [c.value for row in openpyxl.load_workbook(out)["Abend 2"].iter_rows() for c in row]
    assert not any(isinstance(v, str) and v.startswith("=") and "HYPERLINK" in v for v in texts)
    # the stats: per player, as stats --all says it
    stats = season.json("stats", "--all")["players"]
    rows = list(book["Spieler"].iter_rows(values_only=True))
    assert rows[0] == ("Spieler", "Spiele", "Spielmacher", "Gewonnen", "Mitspieler", "Stand")
    for row in rows[1:5]:
        st = stats[row[0]]
        assert row[1:5] == (st["games"], st["declarer"], st["won"], st["partner"])
        assert cents(row[5]) == st["balance"]


def test_one_evening_in_english_and_to_a_pipe(make_table, tmp_path):
    t = make_table(tariff="10/50", language="en")
    enter(t, [("sau", "an", "be", "72"), ("herzsolo", "co", "80")])
    r = t.run("export", "--format", "xlsx")  # standard output is no terminal here: the bytes go there
    assert r.exit_code == 0 and r.stdout_bytes[:2] == b"PK"
    out = tmp_path / "abend.xlsx"
    out.write_bytes(r.stdout_bytes)
    book = openpyxl.load_workbook(out, data_only=True)
    assert book.sheetnames == ["Settlement", "Players", "Session 1"]
    ws = book["Session 1"]
    assert [c.value for c in ws[1]][:6] == ["Hand", "Time", "Game", "Dealer", "Declarers", "Void"]
    assert ws["G2"].number_format == "[$€-1809]#,##0.00;-[$€-1809]#,##0.00"
    assert [ws.cell(2, c).value for c in range(7, 11)] == [0.1, 0.1, -0.1, -0.1]
    assert [ws.cell(4, c).value for c in range(7, 11)] == [-0.4, -0.4, 1.4, -0.6]  # the total


def test_points_stay_whole_numbers(make_table, tmp_path):
    t = make_table(players=["Anna", "Ben", "Cora", "Dora", "Emil"], family="sheepshead", language="en")
    t.ok("add", "pick", "--player", "an", "--partner", "be", "--augen", "70")
    out = tmp_path / "s.xlsx"
    t.ok("export", "--format", "xlsx", "--out", str(out))
    ws = openpyxl.load_workbook(out, data_only=True)["Session 1"]
    assert [ws.cell(2, c).value for c in range(7, 12)] == [2, 1, -1, -1, -1]
    assert ws["G2"].number_format == "0"
    money = openpyxl.load_workbook(out, data_only=True)["Settlement"]
    # 2 points at 25 cents, in the table's currency (a Sheepshead table's default: dollars)
    assert money["D2"].value == 0.5 and money["D2"].number_format == "[$$-409]#,##0.00;-[$$-409]#,##0.00"
    # the players' sheet: the points and, as stats shows beside them, the money (it had the points only)
    players = list(openpyxl.load_workbook(out, data_only=True)["Players"].iter_rows(values_only=True))
    assert players[0] == ("Player", "Games", "Declarer", "Won", "Partner", "Balance", "Money")
    assert players[1] == ("Anna", 1, 1, 1, 0, 2, 0.5)
    assert t.json("stats")["players"]["Anna"]["money"] == 50


def test_never_binary_on_a_terminal(make_table):
    t = make_table(language="de")
    t.ok("add", "sau", "an", "be", "72")
    before = (t.path.read_bytes(), t.ledger_bytes())
    main, child = pty.openpty()
    try:
        p = subprocess.run([sys.executable, "-m", "schafkopf_score", "--table", str(t.path), "export", "--format",
                            "xlsx"], stdout=child, stderr=subprocess.PIPE, env={**os.environ, "COLUMNS": "80"},
                           timeout=60)
    finally:
        os.close(child)
        os.close(main)
    assert p.returncode == 2
    assert p.stderr.decode() == (
        "Fehler: Eine xlsx-Arbeitsmappe ist eine Binärdatei und wird nicht im Terminal ausgegeben.\n"
        "Schreib sie in eine Datei: schafkopf export --format xlsx --out abend.xlsx\n")
    assert (t.path.read_bytes(), t.ledger_bytes()) == before
    assert "xlsx" in t.refused("export", "--format", "xls")  # the formats the refusal names


def test_an_evening_with_an_early_payout_has_its_row_without_a_hand_number(make_table, tmp_path):
    # settle --player, then export --format xlsx: "Internal error (ValueError: invalid literal for int()
    # with base 10: '')": the payout's row has no hand number
    t = make_table(tariff="10/50", language="en")
    enter(t, [("sau", "an", "be", "72"), ("herzsolo", "co", "80")])
    t.ok("settle", "--player", "Cora")
    out = tmp_path / "abend.xlsx"
    t.ok("export", "--format", "xlsx", "--out", str(out))
    ws = openpyxl.load_workbook(out, data_only=True)["Session 1"]
    assert [ws.cell(r, 1).value for r in range(2, 5)] == [1, 2, None]
    assert ws.cell(4, 3).value == "Cora paid out after hand 2"
    assert [ws.cell(4, c).value for c in range(7, 11)] == [0.4, 0.4, -1.4, 0.6]  # the payout
    assert [ws.cell(5, c).value for c in range(7, 11)] == [0, 0, 0, 0]  # the total: what settle shows now


def test_an_evenings_total_counts_what_the_close_booked(make_table, tmp_path):
    """A Wendish evening whose close books the Muss-Solo penalties (Anna, Ben, Dora -20 each,
    Cora +60): the evening's sheet has a row for them, so that its total is the balance settle
    shows (it was the sum of the hands alone: -0.2, 0.2, 0.1, -0.1)."""
    t = make_table(family="wendish", language="en",
                   replace={"muss_solo = 0": "muss_solo = 1", "muss_solo_penalty = 0": "muss_solo_penalty = 20"})
    t.ok("add", "normal", "an", "be", "72")
    t.ok("add", "solo", "co", "--suit", "herz", "70")
    t.ok("settle", "--close")
    out = tmp_path / "s.xlsx"
    t.ok("export", "--format", "xlsx", "--out", str(out))
    ws = openpyxl.load_workbook(out, data_only=True)["Session 1"]
    assert ws.cell(4, 3).value == "Closing →"
    assert [ws.cell(4, c).value for c in range(7, 11)] == [-0.2, -0.2, 0.6, -0.2]
    assert [ws.cell(5, c).value for c in range(7, 11)] == [-0.4, -0.4, 1.4, -0.6]  # the total: the balances
    assert t.json("settle", "--session", "1")["balances"] == {"Anna": -40, "Ben": -40, "Cora": 140, "Dora": -60}


def test_a_day_number_is_the_one_xlsxwriter_writes_for_the_date():
    """The settlement sheet writes an evening's date as its day number (``day_number``, a season's
    thousands of dates without ``write_datetime``'s steps): the number XlsxWriter works out for
    that date, every day from 1 March 1900 to 2200; before it, None (``write_datetime`` writes it)."""
    from xlsxwriter.utility import _datetime_to_excel_datetime

    from schafkopf_score.export.xlsx import day_number

    day = dt.date(1900, 3, 1)
    while day < dt.date(2200, 1, 1):
        assert day_number(day) == _datetime_to_excel_datetime(dt.datetime(day.year, day.month, day.day), False, False)
        day += dt.timedelta(days=1)
    assert day_number(dt.date(1900, 2, 28)) is None and day_number(dt.date(1899, 12, 31)) is None


def test_an_evening_that_opens_with_a_carried_stock_has_its_row(make_table, tmp_path):
    """An evening that opens with the Stock the one before carried on (stock_at_close = "carry"):
    its sheet starts with a row for it, as the CSV does, so that the Stock's total is the
    evening's Stock (0.80, as sheet and settle say), not only what its own hands put in (0.40)."""
    t = make_table(language="en", replace={'all_pass = "redeal"': 'all_pass = "stock"',
                                           'stock_at_close = "equal"': 'stock_at_close = "carry"'})
    t.ok("add", "weiter")
    t.ok("settle", "--close")
    t.ok("add", "weiter")
    assert t.json("settle")["stock"] == 80
    out = tmp_path / "s.xlsx"
    t.ok("export", "--format", "xlsx", "--out", str(out))
    rows = list(openpyxl.load_workbook(out, data_only=True)["Session 2"].iter_rows(values_only=True))
    assert rows[0][-1] == "Stock"
    assert rows[1][0] is None and rows[1][2] == "The Stock carried in from the evening before"
    assert rows[1][6:] == (None, None, None, None, 0.4)
    assert rows[2][0] == 1 and rows[2][6:] == (-0.1, -0.1, -0.1, -0.1, 0.4)
    assert rows[3][0] == "Total" and rows[3][6:] == (-0.1, -0.1, -0.1, -0.1, 0.8)


def test_the_settlement_sheet_has_the_stock_still_held(make_table, tmp_path):
    """A season whose Stock goes on from evening to evening: the settlement sheet's rows summed
    to minus what went into the Stock, and its total to -0.80 with the 0.80 nowhere (the HTML
    season table and the text have the Stock). A Stock column holds each evening's share, so
    each row sums to zero and the total is the Stock still held."""
    t = make_table(language="en", replace={'all_pass = "redeal"': 'all_pass = "stock"',
                                           'stock_at_close = "equal"': 'stock_at_close = "carry"'})
    t.ok("add", "weiter")
    t.ok("settle", "--close")
    t.ok("add", "weiter")
    out = tmp_path / "s.xlsx"
    t.ok("export", "--all", "--format", "xlsx", "--out", str(out))
    rows = list(openpyxl.load_workbook(out, data_only=True)["Settlement"].iter_rows(values_only=True))
    assert rows[0][3:] == ("Anna", "Ben", "Cora", "Dora", "Stock")
    assert rows[1][3:] == (-0.1, -0.1, -0.1, -0.1, 0.4)
    assert rows[2][3:] == (-0.1, -0.1, -0.1, -0.1, 0.4)
    assert rows[3][0] == "Total" and rows[3][3:] == (-0.2, -0.2, -0.2, -0.2, 0.8)
    assert openpyxl.load_workbook(out)["Settlement"]["H4"].value == "=SUM(H2:H3)"
    assert t.json("settle", "--all")["stock"] == 80
