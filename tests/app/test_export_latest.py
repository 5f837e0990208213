"""A long season's HTML page and workbook (``export.FULL_EVENINGS``): the latest evenings in
full, the earlier ones with their totals alone (the season table, the settlement sheet), and a
line that says so and where every hand is; the ratings, the players' pages, the totals and the
evenings shown are what the page of every evening has. The limit is lowered to 2 here: the
season has three evenings (``tests.app.test_rating.season``)."""

from __future__ import annotations

import dataclasses
import re

import openpyxl
import pytest

from schafkopf_score import export
from tests.app.test_rating import season


@pytest.fixture
def three(make_table):
    return season(make_table)  # three evenings, each closed; a rename after the second


def _latest(monkeypatch, fmt: str, evenings: int | None) -> None:
    monkeypatch.setitem(export.FORMATS, fmt, dataclasses.replace(export.FORMATS[fmt], evenings=evenings))


def test_the_season_page_shows_its_latest_evenings_in_full(three, tmp_path, monkeypatch):
    _latest(monkeypatch, "html", None)
    three.ok("export", "--all", "--format", "html", "--out", str(tmp_path / "every.html"))
    every = (tmp_path / "every.html").read_text(encoding="utf-8")
    _latest(monkeypatch, "html", 2)
    three.ok("export", "--all", "--format", "html", "--out", str(tmp_path / "latest.html"))
    latest = (tmp_path / "latest.html").read_text(encoding="utf-8")
    assert re.findall(r'<section class="session" id="session-(\d+)">', every) == ["1", "2", "3"]
    assert re.findall(r'<section class="session" id="session-(\d+)">', latest) == ["2", "3"]
    assert ("Below, the latest 2 evenings (#2 to #3) with their settlement and sheet; the one before them is in "
            "the season table with its totals. Every hand of every evening: export --all --format csv (or md, "
            "json).") in latest
    assert "Below, every evening with its settlement and sheet" in every
    # the season table (every evening's column), the ratings and pages, the evenings shown: the same
    cut = '<p class="muted">Below,'
    assert latest[:latest.index(cut)] == every[:every.index(cut)]
    rest = latest.index('<section class="ratings"')
    assert latest[rest:] == every[every.index('<section class="ratings"'):].replace(
        every[every.index('<section class="session" id="session-1">'):every.index('<section class="session" id="session-2">')], "")
    # two before them: said as many
    _latest(monkeypatch, "html", 1)
    three.ok("export", "--all", "--format", "html", "--out", str(tmp_path / "one.html"))
    assert ("Below, the latest 1 evenings (#3 to #3) with their settlement and sheet; the 2 before them are in "
            "the season table with their totals.") in (tmp_path / "one.html").read_text(encoding="utf-8")
    # no longer than the limit: every evening, as before
    _latest(monkeypatch, "html", 3)
    three.ok("export", "--all", "--format", "html", "--out", str(tmp_path / "three.html"))
    assert (tmp_path / "three.html").read_text(encoding="utf-8") == every


def test_the_season_workbook_has_a_sheet_for_each_of_its_latest_evenings(three, tmp_path, monkeypatch):
    _latest(monkeypatch, "xlsx", 2)
    out = tmp_path / "latest.xlsx"
    three.ok("export", "--all", "--format", "xlsx", "--out", str(out))
    book = openpyxl.load_workbook(out, data_only=True)
    assert book.sheetnames == ["Settlement", "Players", "Session 2", "Session 3"]
    rows = list(book["Settlement"].iter_rows(values_only=True))
    assert [r[0] for r in rows[1:4]] == [1, 2, 3]  # every evening's totals
    assert rows[-1][0] == ("A sheet for each of the latest 2 evenings (#2 to #3); the one before them with its totals "
                           "above. Every hand of every evening: export --all --format csv.")
    german = three.path.read_text(encoding="utf-8").replace('language = "en"', 'language = "de"')
    three.path.write_text(german, encoding="utf-8")
    three.ok("export", "--all", "--format", "xlsx", "--out", str(tmp_path / "de.xlsx"))
    assert list(openpyxl.load_workbook(tmp_path / "de.xlsx")["Abrechnung"].iter_rows(values_only=True))[-1][0] == (
        "Ein Blatt für jeden der letzten 2 Abende (#2 bis #3); der eine davor mit seinen Summen oben. Jedes Spiel "
        "jedes Abends: export --all --format csv.")
    three.path.write_text(german.replace('language = "de"', 'language = "en"'), encoding="utf-8")
    _latest(monkeypatch, "xlsx", 3)
    three.ok("export", "--all", "--format", "xlsx", "--out", str(tmp_path / "every.xlsx"))
    every = openpyxl.load_workbook(tmp_path / "every.xlsx", data_only=True)
    assert every.sheetnames == ["Settlement", "Players", "Session 1", "Session 2", "Session 3"]
    assert list(every["Settlement"].iter_rows(values_only=True))[-1][0] == "Total"
    for name in ("Players", "Session 2", "Session 3"):  # the stats, worked out aside or not, and the sheets shown
        assert list(every[name].iter_rows(values_only=True)) == list(book[name].iter_rows(values_only=True))


def test_a_seasons_workbook_has_its_stats_worked_out_aside(three, tmp_path, monkeypatch):
    """From ``ASIDE_FROM`` sessions on, a helper works out the stats while the sheets are written;
    the workbook is the one worked out in one process, and so is it where the helper dies."""
    import multiprocessing
    import os

    from schafkopf_score.app import aside

    def cells(name: str) -> dict[str, list[tuple[object, ...]]]:
        out = tmp_path / name
        three.ok("export", "--all", "--format", "xlsx", "--out", str(out))
        book = openpyxl.load_workbook(out)
        return {ws.title: list(ws.iter_rows(values_only=True)) for ws in book.worksheets}

    alone = cells("alone.xlsx")
    real_work = aside._work
    marker = tmp_path / "helper.pid"
    monkeypatch.setattr(aside, "ASIDE_FROM", 2)
    monkeypatch.setattr(aside, "_work", lambda *a: (marker.write_text(str(os.getpid())), real_work(*a)))
    assert cells("aside.xlsx") == alone
    assert int(marker.read_text()) != os.getpid()  # worked out by a helper of its own
    monkeypatch.setattr(aside, "_work", lambda *a: os._exit(1))  # dies before it answers
    assert cells("died.xlsx") == alone
    assert alone["Players"][1][0] == "Anna" and multiprocessing.active_children() == []


def test_a_long_seasons_sheet_shows_its_latest_evenings_and_says_where_the_rest_are(three, monkeypatch):
    """``sheet --all`` on the screen: a season longer than ``export.FULL_EVENINGS`` shows its latest
    evenings (each is played again: 8,333 took 54 s) and a line below names how many came before
    and where they are; the evenings shown are as ``sheet --all`` shows them whole; ``--json`` has
    every one."""
    every = three.ok("sheet", "--all").stdout
    monkeypatch.setattr(export, "FULL_EVENINGS", 2)
    latest = three.ok("sheet", "--all").stdout
    said = ("Above, the latest 2 sessions (#2 to #3); 1 session before them.\n"
            "One of them: sheet --session N; all: export --all --format md (or csv, json).")
    assert latest.endswith(said + "\n")
    assert every.endswith(latest[: -len(said) - 1])  # the latest two, as the whole season shows them
    assert not every.startswith(latest[:40]) and "Session 1 " in every and "Session 1 " not in latest
    assert [s["session"] for s in three.json("sheet", "--all")["sessions"]] == [1, 2, 3]
    monkeypatch.setattr(export, "FULL_EVENINGS", 3)
    assert three.ok("sheet", "--all").stdout == every  # no more than that: no line
