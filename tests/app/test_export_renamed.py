"""Exports after a rename (``player rename``), through the real command line: what an evening's
close booked (the Stock going back, the cash rounding) and an early payout are stored under the
names of that moment, and every export counts them under the name the player goes by now, in his
one column, so that the column still adds up to what ``settle`` shows for the evening (a CSV
row, the Markdown and HTML sheets' last row, the workbook's settlement and evening sheets)."""

import csv
import io
import re

import openpyxl
import pytest

STOCK = {'all_pass = "redeal"': 'all_pass = "stock"'}
PLAYERS = ["Anna", "Benedikt", "Clara", "Dora"]
# what settle shows for each evening (evening 1 as paid, rounded to 50), under the names now
PAID = {1: {"Anna": -50, "Benedikt": -50, "Clara": 150, "Dora": -50},
        2: {"Anna": -40, "Benedikt": -50, "Clara": -50, "Dora": 140}}
# evening 1's balances before the rounding (the sheet's last row: the Stock gone back)
BALANCES_1 = {"Anna": -40, "Benedikt": -40, "Clara": 140, "Dora": -60}


def renamed_season(make_table):
    """Official tariffs (10/50) with a Stock of 10.

    1 (closed, --round 50): Sauspiel Anna+Ben 72, weiter (40 into the Stock), Herz-Solo Cora 70;
      the close gives the Stock back (10 each) and rounds -40/-40/140/-60 to -50/-50/150/-50.
      Then Ben is renamed Benedikt.
    2 (closed): Sauspiel Anna+Cora 72, Cora paid out (Benedikt pays her 10), Cora renamed Clara,
      Gras-Solo Dora 70: -40/-50/-50/140.
    """
    t = make_table(replace=STOCK, language="en")
    t.ok("add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "72")
    t.ok("add", "weiter")
    t.ok("add", "solo", "--player", "Cora", "--suit", "herz", "--augen", "70")
    t.ok("settle", "--round", "50", "--close")
    t.ok("player", "rename", "Ben", "Benedikt")
    t.ok("add", "sauspiel", "--player", "Anna", "--partner", "Cora", "--augen", "72")
    t.ok("settle", "--player", "Cora")
    t.ok("player", "rename", "Cora", "Clara")
    t.ok("add", "solo", "--player", "Dora", "--suit", "gras", "--augen", "70")
    t.ok("settle", "--close")
    for session, paid in PAID.items():
        assert sorted(t.json("settle", "--session", str(session))["paid"].values()) == sorted(paid.values())
    return t


def _cents(cell: str, german: bool) -> int:
    whole, frac = cell.replace(",", ".").split(".") if german else cell.split(".")
    return (-1 if whole.startswith("-") else 1) * (abs(int(whole)) * 100 + int(frac))


@pytest.mark.parametrize("fmt", ["csv", "csv-de"])
def test_csv_columns_of_a_renamed_player_add_up(make_table, fmt):
    german = fmt == "csv-de"
    text = renamed_season(make_table).ok("export", "--all", "--format", fmt).stdout.lstrip("\ufeff")
    rows = list(csv.reader(io.StringIO(text), delimiter=";" if german else ","))
    head = rows[0]
    sums: dict[int, dict[str, int]] = {1: dict.fromkeys(PLAYERS, 0), 2: dict.fromkeys(PLAYERS, 0)}
    for row in rows[1:]:
        for p in PLAYERS:
            cell = row[head.index(p)]
            if cell:
                sums[int(row[0])][p] += _cents(cell, german)
    assert sums == PAID


def test_markdown_sheet_of_a_renamed_player_ends_at_his_balance(make_table):
    md = renamed_season(make_table).ok("export", "--all", "--format", "md").stdout
    evening = md.split("## Session 1")[1].split("## Session 2")[0]
    last = next(line for line in evening.splitlines() if line.startswith("|  | *Stock"))
    cells = [c.strip() for c in last.strip("|").split("|")][2:]
    assert cells == [f"{'-' if v < 0 else ''}€{abs(v) / 100:.2f}" for v in BALANCES_1.values()]


def test_html_sheet_of_a_renamed_player_ends_at_his_balance(make_table):
    html = renamed_season(make_table).ok("export", "--all", "--format", "html").stdout
    closing = re.findall(r'<tr class="closing">(.*?)</tr>', html)[0]
    cells = re.findall(r"<td[^>]*>(.*?)</td>", closing)[3:7]
    assert cells == [f"{'-' if v < 0 else ''}€{abs(v) / 100:.2f}" for v in BALANCES_1.values()]


def test_workbook_counts_a_renamed_player_in_his_column(make_table, tmp_path):
    out = tmp_path / "season.xlsx"
    renamed_season(make_table).ok("export", "--all", "--format", "xlsx", "--out", str(out))
    book = openpyxl.load_workbook(out)
    settlement = book.worksheets[0]
    head = [c.value for c in settlement[1]]
    for row in settlement.iter_rows(min_row=2, max_row=3):
        session = row[0].value
        got = {p: round((row[head.index(p)].value or 0) * 100) for p in PLAYERS}
        assert got == PAID[session], session
    sheet = book.worksheets[2]  # evening 1: its hands and what its close booked add up to the balances
    head = [c.value for c in sheet[1]]
    got = {p: round(sum(r[head.index(p)].value or 0 for r in sheet.iter_rows(min_row=2, max_row=sheet.max_row - 1))
                    * 100) for p in PLAYERS}
    assert got == BALANCES_1
