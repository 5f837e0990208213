"""A tournament's pages follow the tournament (issue 35), in Chromium against a real server: a
table's phone opened before the draw waits for it and shows its table once it is drawn, then the
next round's heading, players and buttons; the projector at 1920x1080 pages through a long
ranking by itself with its tie-break columns and the tables still playing; and axe-core finds
nothing serious or critical on the table, settle, tournament table and projector pages."""

from __future__ import annotations

import json

import pytest

from tests.app.test_tournament import EIGHT, tournament
from tests.server.phone import axe_findings, needs_browser
from tests.serving import Server, cli

pytestmark = needs_browser


def test_a_tables_phone_waits_for_the_draw_and_follows_it_into_round_two(tmp_path, phones):
    cup = tournament(tmp_path, players=EIGHT, extra='games_per_round = 4\nseed = "s"', language="de")
    with Server(cup.path) as s:
        base = f"http://127.0.0.1:{s.port}"
        table = phones()
        table.open(f"{base}/?k={s.codes['tisch 1']}")
        assert table.driver.current_url == f"{base}/tisch/1"
        assert "Warte auf die Auslosung" in table.text("main")
        assert "schafkopf" not in table.text("main").lower().replace("schafkopf-", "")  # no CLI instruction
        assert table.js("return document.getElementById('taps') === null")
        drawn = json.loads(cli(cup.path, "tournament", "draw", "--json").stdout)
        seated = next(t["players"] for t in drawn["tables"] if t["tisch"] == 1)
        table.wait("return document.getElementById('taps') !== null", timeout=10)
        assert table.text("h1") == "Tisch 1 · Runde 1"
        names = table.js("return Array.from(document.querySelectorAll('#taps [data-tap=name]'))"
                         ".map(b => b.getAttribute('data-value'))")
        assert names == seated
        ahead = s.get("/api/sheet?tisch=1")[1]
        first = seated[0]
        for kind, value in (("game", "wenz"), ("name", first), ("digit", "9"), ("digit", "1")):
            table.tap(kind, value)
        table.record()
        said = table.said()
        assert said.startswith(f"Spiel 1 eingetragen: Wenz {first} 91.")
        assert ahead["round"] == 1
        # the next round, drawn by the host at the CLI: the open page shows round 2 and its players
        again = json.loads(cli(cup.path, "tournament", "draw", "--force", "--json").stdout)
        seated2 = next(t["players"] for t in again["tables"] if t["tisch"] == 1)
        table.wait("return document.querySelector('h1').innerText === 'Tisch 1 · Runde 2'", timeout=10)
        names = table.js("return Array.from(document.querySelectorAll('#taps [data-tap=name]'))"
                         ".map(b => b.getAttribute('data-value'))")
        assert names == seated2
        assert table.js("return document.querySelectorAll('#live .sheet tbody tr').length") == 0
        assert table.severe() == [] and table.sideways() <= 0


def test_the_projector_pages_a_long_ranking_by_itself(tmp_path, phones):
    players = [f"Spieler{n:02d}" for n in range(1, 65)]
    cup = tournament(tmp_path, players=players, extra='games_per_round = 4\nseed = "s"', language="de")
    cli(cup.path, "tournament", "draw")
    seat = {t["tisch"]: t["players"] for t in cup.json("tournament", "tables")["tables"]}
    cli(cup.path, "add", "--tisch", "3", "wenz", seat[3][0], "91")
    with Server(cup.path) as s:
        projector = phones(1920, 1080)
        projector.open(f"http://127.0.0.1:{s.port}/ranking?k={s.view}")
        heads = projector.js("return Array.from(document.querySelectorAll('.ranking thead th')).map(t => t.innerText)")
        assert heads == ["Platz", "Nr.", "Spieler", "Punkte", "Soli gew.", "Spiele gew."]  # start numbers, tie-breaks
        shown = projector.js("return Array.from(document.querySelectorAll('.ranking tbody tr'))"
                             ".filter(r => r.offsetParent !== null).map(r => r.cells[2].innerText)")
        assert 10 <= len(shown) < 64
        assert shown[0] == seat[3][0]  # the Wenz's winner on top
        label = projector.text(".pages")
        pages = int(label.split("/")[1])
        assert label.startswith("Seite 1/") and pages >= 2
        bottom = projector.js("var rows = Array.from(document.querySelectorAll('.ranking tbody tr'))"
                              ".filter(r => r.offsetParent !== null); return rows[rows.length - 1]"
                              ".getBoundingClientRect().bottom")
        assert bottom <= 1080  # a page fits the screen
        projector.wait("return document.querySelector('.pages').innerText.startsWith('Seite 2/')", timeout=12)
        second = projector.js("return Array.from(document.querySelectorAll('.ranking tbody tr'))"
                              ".filter(r => r.offsetParent !== null).map(r => r.cells[2].innerText)")
        assert second and second[0] not in shown, (len(shown), len(second), label, shown[:3], second[:3])
        # which tables still play: every one but none done; table 3 with its one hand
        progress = projector.text(".progress-box")
        assert "Spielen noch:" in progress and "Tisch 3: 1/4" in progress
        assert projector.severe() == []


def dark(phone) -> None:
    """The phone set to its dark mode (``prefers-color-scheme: dark``)."""
    phone.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": "dark"}]})
    assert phone.js("return matchMedia('(prefers-color-scheme: dark)').matches")


@pytest.mark.parametrize("path", ["/", "/settle", "/players", "/sessions", "/join", "/ratings"])
def test_axe_finds_nothing_serious_on_the_evenings_pages(make_table, phones, path):
    t = make_table(players=["Anna", "Ben", "Cora", "Dora"], language="de")
    cli(t.path, "add", "sau", "an", "be", "72", "l3")
    if path == "/ratings":  # a second evening: the ratings' chart is drawn
        cli(t.path, "settle", "--close", "--yes")
        cli(t.path, "add", "wenz", "co", "91")
    with Server(t.path) as s:
        phone = phones()
        phone.open(f"http://127.0.0.1:{s.port}{path}?k={s.host}")
        if path == "/":
            phone.tap("game", "sauspiel")  # the pad's groups shown
        assert axe_findings(phone) == []
        dark(phone)
        assert axe_findings(phone) == []  # the dark mode too


@pytest.mark.parametrize("who", ["tisch 1", "view", "host"])
def test_axe_finds_nothing_serious_on_a_tournament_table_the_projector_and_the_desk(tmp_path, phones, who):
    cup = tournament(tmp_path, players=EIGHT, extra='games_per_round = 4\nseed = "s"', language="de")
    cli(cup.path, "tournament", "draw")
    with Server(cup.path) as s:
        phone = phones() if who != "view" else phones(1920, 1080)
        path = {"tisch 1": "/tisch/1", "view": "/ranking", "host": "/"}[who]
        phone.open(f"http://127.0.0.1:{s.port}{path}?k={s.codes[who]}")
        if who == "tisch 1":
            phone.tap("game", "sauspiel")
        if who == "host":  # the desk's forms open
            phone.js("document.querySelectorAll('.desk details').forEach(function (d) { d.open = true; });")
        assert axe_findings(phone) == []
        dark(phone)
        assert axe_findings(phone) == []
