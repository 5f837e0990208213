"""The phone as the table's scorepad (issue 35), in Chromium at 390x844 against a real
``schafkopf serve``: a whole evening of 20 hands of every kind entered by taps alone (the taps
counted: a Sauspiel in at most 5, any hand in at most 10) and the same evening typed on a second
phone, every figure on both phones equal to the CLI's; an answer lost and the line corrected
before it is sent again; a hand sent offline, the page reloaded, recorded once; a server restart
with a hand entered meanwhile by the CLI; two host phones entering the same hand."""

from __future__ import annotations

import json
import time

import pytest

from tests.server.phone import Phone, needs_browser
from tests.serving import Server, cli

pytestmark = needs_browser

FIVE = ["Anna", "Ben", "Cora", "Dora", "Emil"]
# every kind of hand the table plays, as taps: ("@N" is the N-th player of the hand, "-N" the
# N-th who sits it out; the field of a count after a colon)
EVENING = [
    ("sauspiel won", [("game", "sauspiel"), ("name", "@0"), ("name", "@1"), ("outcome", "+")]),
    ("sauspiel 72 l3 kontra", [("game", "sauspiel"), ("name", "@0"), ("name", "@2"), ("digit", "7"), ("digit", "2"),
                               ("count", "3:laufende"), ("flag", "kontra")]),
    ("sauspiel schneider", [("game", "sauspiel"), ("name", "@1"), ("name", "@3"), ("schneider", None)]),
    ("herz-solo 105 l4 laid", [("game", "solo"), ("suit", "herz"), ("name", "@2"), ("digit", "1"), ("digit", "0"),
                               ("digit", "5"), ("count", "4:laufende"), ("count", "1:legen")]),
    ("wenz tout won l2", [("game", "wenz"), ("name", "@3"), ("flag", "tout"), ("outcome", "+"),
                          ("count", "2:laufende")]),
    ("bettel lost", [("game", "bettel"), ("name", "@1"), ("outcome", "-")]),
    ("bettel ouvert won", [("game", "bettel"), ("name", "@2"), ("flag", "ouvert"), ("outcome", "+")]),
    ("ramsch jungfrau", [("game", "ramsch"), ("name", "@1"), ("role", "jungfrau"), ("name", "@3")]),
    ("geier 61", [("game", "geier"), ("name", "@0"), ("digit", "6"), ("digit", "1")]),
    ("eichel-wenz 91", [("game", "farbwenz"), ("suit", "eichel"), ("name", "@1"), ("digit", "9"), ("digit", "1")]),
    ("hochzeit 80", [("game", "hochzeit"), ("name", "@0"), ("name", "@2"), ("digit", "8"), ("digit", "0")]),
    ("sie", [("game", "sie"), ("name", "@3"), ("count", "8:laufende")]),
    ("sauspiel schwarz", [("game", "sauspiel"), ("name", "@0"), ("name", "@1"), ("flag", "schwarz"), ("outcome", "+")]),
    ("sauspiel lost hirsch", [("game", "sauspiel"), ("name", "@2"), ("name", "@3"), ("outcome", "-"),
                              ("flag", "kontra"), ("flag", "re"), ("flag", "sup"), ("flag", "hirsch")]),
    ("gras-solo lost", [("game", "solo"), ("suit", "gras"), ("name", "@1"), ("outcome", "-")]),
    ("sauspiel, another sits out", [("game", "sauspiel"), ("name", "@0"), ("name", "@1"), ("outcome", "+"),
                                    ("role", "sitting_out"), ("name", "@2")]),
    ("wenz, another dealt", [("game", "wenz"), ("name", "@0"), ("outcome", "+"), ("role", "dealer"), ("name", "@1")]),
    ("ramsch durchmarsch", [("game", "ramsch"), ("role", "durchmarsch"), ("name", "@2")]),
    ("schellen-geier 90", [("game", "farbgeier"), ("suit", "schellen"), ("name", "@3"), ("digit", "9"),
                           ("digit", "0")]),
    ("sauspiel laid 2 kontra", [("game", "sauspiel"), ("name", "@1"), ("name", "@2"), ("outcome", "+"),
                                ("count", "2:legen"), ("flag", "kontra")]),
]


@pytest.fixture
def evening(make_table):
    def make(name: str):
        t = make_table(players=FIVE, language="de", preset="wirtshaus", name=name, replace={"kontra = 2": "kontra = 4"})
        return t

    return make


def next_hand(s: Server) -> dict:
    status, data = s.get("/api/standings")
    assert status == 200
    return data["next"]


def tap_hand(phone: Phone, taps, ahead: dict) -> None:
    for kind, value in taps:
        field = None
        if value and ":" in value:
            value, field = value.split(":")
        if value and value.startswith("@"):
            value = ahead["active"][int(value[1:])]
        phone.tap(kind, value, field)


def cli_said(table, line: str) -> list[str]:
    """What ``add`` prints of a hand: its first two lines (what was recorded, the payouts); the
    CLI in this process (``Table.ok``: typer's runner), twenty hands in a second, not six."""
    return table.ok("add", *line.split()).stdout.splitlines()[:2]


def page_sheet(phone: Phone) -> list[list[str]]:
    return phone.js("return Array.from(document.querySelectorAll('#live .sheet tbody tr'))"
                    ".map(r => Array.from(r.cells).map(c => c.innerText.trim()))")


def test_a_whole_evening_by_taps_and_by_typing_equals_the_cli(evening, phones):
    tapped, typed, by_cli = evening("taps"), evening("typed"), evening("cli")
    with Server(tapped.path) as s1, Server(typed.path) as s2:
        a, b = phones(), phones()
        a.open(f"http://127.0.0.1:{s1.port}/?k={s1.host}")
        b.open(f"http://127.0.0.1:{s2.port}/?k={s2.host}")
        counts, lines, said = {}, [], []
        for n, (what, taps) in enumerate(EVENING, start=1):
            ahead = next_hand(s1)
            before = a.taps
            tap_hand(a, taps, ahead)
            line = a.line()
            a.record()
            counts[what] = a.taps - before
            text = a.said()
            assert text.startswith(f"Spiel {n} eingetragen: "), (what, line, text, a.text("#refusal"))
            a.wait(f"return document.querySelector('#ahead').innerText.includes('Spiel {n + 1}')")
            lines.append(line)
            said.append([x for x in text.splitlines() if x][:2])
            # the second phone types the same line
            b.type(line)
            b.driver.find_element("id", "record").click()
            assert [x for x in b.said().splitlines() if x][:2] == said[-1], what
        # the counted taps (the Record tap included)
        assert counts["sauspiel won"] == 5 and counts["sauspiel schneider"] == 4 + 1
        assert max(counts.values()) <= 10, counts
        assert all(count <= 5 for what, count in counts.items() if what in ("sauspiel won", "sauspiel schneider"))
        # the CLI, fed the same lines, says the same of every hand
        for line, page in zip(lines, said, strict=True):
            assert cli_said(by_cli, line) == page, line
        # every figure on both phones equals the CLI's sheet and standings
        sheets = [json.loads(cli(t.path, "sheet", "--json").stdout)["sessions"][0] for t in (tapped, typed, by_cli)]
        assert sheets[0]["balances"] == sheets[1]["balances"] == sheets[2]["balances"]
        payouts = [[h["payouts"] for h in sh["hands"]] for sh in sheets]
        assert payouts[0] == payouts[1] == payouts[2]
        for phone in (a, b):
            phone.wait("return document.querySelectorAll('#live .sheet tbody tr').length === 20")
            rows = page_sheet(phone)
            assert [r[0] for r in rows] == [str(n) for n in range(20, 0, -1)]  # latest first
            running = dict.fromkeys(FIVE, 0)
            expected = []
            for hand in sheets[2]["hands"]:
                for name, v in hand["payouts"].items():
                    running[name] += v
                expected.append([_euro(running[p]) for p in FIVE])
            assert [r[3:] for r in rows] == expected[::-1]
            shown = phone.js("return Array.from(document.querySelectorAll('#live .standings tr'))"
                             ".map(r => [r.cells[0].innerText, r.cells[1].innerText])")
            assert dict(shown) == {p: _euro(v) for p, v in sheets[2]["balances"].items()}
            assert phone.sideways() <= 0
            assert phone.severe() == []


def _euro(cents: int) -> str:
    sign = "+" if cents > 0 else "-" if cents < 0 else ""
    whole, frac = divmod(abs(cents), 100)
    return f"{sign}{whole},{frac:02d}"


def test_a_lost_answer_then_a_corrected_line_records_the_corrected_hand_once(make_table, phones):
    t = make_table(players=FIVE, language="de")
    with Server(t.path) as s:
        a = phones()
        a.open(f"http://127.0.0.1:{s.port}/?k={s.host}")
        ahead = next_hand(s)
        first, second = ahead["active"][0], ahead["active"][1]
        # the answer to the first send is lost: the request reaches the server, the phone hears nothing
        a.js("window.realFetch = window.fetch; window.fetch = function (u, o) {"
             " if (String(u).indexOf('/api/hands') >= 0) { return window.realFetch(u, o).then(function () {"
             " throw new TypeError('lost'); }); } return window.realFetch(u, o); };")
        a.type(f"sau {first[:2]} {second[:2]} 72")
        a.record()
        a.wait("return document.querySelector('#outbox li') !== null")
        assert "nicht bestätigt - wird gesendet" in a.text("#outbox")
        time.sleep(1.0)
        assert len(t.json("sheet")["sessions"][0]["hands"]) == 1  # recorded once, however often re-sent
        # the scorer takes the pending line back (it waits meanwhile), corrects it and sends it
        # again; now the answers get through
        a.wait("var b = document.querySelector('#outbox li .actions button'); if (b) { b.click(); } "
               "return document.getElementById('line').value !== ''")  # Ändern
        a.js("window.fetch = window.realFetch;")
        assert a.line() == f"sau {first[:2]} {second[:2]} 72"
        a.driver.find_element("id", "line").clear()
        a.type(f"sau {first[:2]} {second[:2]} 85 l3")
        a.record()
        asked = a.wait("var s = document.getElementById('ask'); return !s.hidden && s.innerText")
        # the changed line went with a new key naming the one it replaces: the old was recorded meanwhile
        assert "Die Zeile, die diese ersetzt, wurde inzwischen als Spiel 1 eingetragen" in asked
        assert f"Spiel 1 eingetragen: Sauspiel {first}+{second} 72." in asked
        a.driver.find_element("css selector", "#ask .actions button.go").click()  # Korrigieren auf ...
        text = a.said()
        assert text.startswith(f"Spiel 1 korrigiert: Sauspiel {first}+{second} 72 -> Sauspiel {first}+{second} 85 L3")
        hands = [h for h in t.json("sheet")["sessions"][0]["hands"] if not h["void"]]
        assert [(h["hand"], h["entry"]["augen"], h["entry"].get("laufende")) for h in hands] == [(1, 85, 3)]
        a.wait("return document.querySelector('#live .sheet tbody tr td.what').innerText.includes('85 L3')")
        assert a.js("return document.querySelectorAll('#outbox li').length") == 0


def test_a_hand_sent_offline_waits_in_the_outbox_across_a_reload_and_is_recorded_once(make_table, phones):
    t = make_table(players=["Anna", "Ben", "Cora", "Dora"], language="de")
    with Server(t.path) as s:
        a = phones()
        a.open(f"http://127.0.0.1:{s.port}/?k={s.host}")
        a.wait("return document.getElementById('conn').getAttribute('data-state') === 'live' && "
               "!document.getElementById('conn').hidden")
        a.offline()
        a.wait("return document.getElementById('conn').getAttribute('data-state') === 'offline'")
        a.type("sau an be 72 l3")
        a.record()
        a.wait("return document.querySelector('#outbox li') !== null")
        assert "nicht bestätigt - wird gesendet: sau an be 72 l3" in a.text("#outbox").replace("\n", " ")
        time.sleep(1.5)
        assert t.json("sheet")["sessions"][0]["hands"] == []
        # back online, but the hands' route still out of reach: the page reloads, the hand waits
        a.driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/api/hands*"]})
        a.offline(False)
        a.driver.refresh()  # the outbox survives the reload
        a.wait("return document.querySelector('#outbox li') !== null")
        assert "sau an be 72 l3" in a.text("#outbox")
        assert t.json("sheet")["sessions"][0]["hands"] == []
        a.driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})  # and now it gets through, with its key
        text = a.said(timeout=15)
        assert text.startswith("Spiel 1 eingetragen: Sauspiel Anna+Ben 72 L3. Anna und Ben gewinnen.")
        a.wait("return document.getElementById('conn').getAttribute('data-state') === 'live'")
        assert len(t.json("sheet")["sessions"][0]["hands"]) == 1
        assert a.js("return localStorage.length === 0 || Object.values(localStorage).every(v => v === '[]')")


def test_a_server_restart_with_a_hand_entered_by_the_cli_meanwhile(make_table, phones):
    t = make_table(players=["Anna", "Ben", "Cora", "Dora"], language="de")
    s = Server(t.path)
    port = s.port
    try:
        a = phones()
        a.open(f"http://127.0.0.1:{port}/?k={s.host}")
        a.type("sau an be 72")
        a.record()
        a.said()
        s.stop()
        a.wait("return ['reconnecting', 'offline'].includes(document.getElementById('conn').getAttribute('data-state'))")
        cli(t.path, "add", "wenz", "co", "91")
        s = Server(t.path, port=port)
        a.wait("return document.getElementById('conn').getAttribute('data-state') === 'live'", timeout=15)
        a.wait("return document.querySelector('#live').innerText.includes('Wenz Cora 91')", timeout=10)
        assert "Spiel 3" in a.text("#ahead") and "Cora" in a.text("#ahead")  # the next dealer after two hands
    finally:
        s.stop()


def test_two_host_phones_entering_the_same_hand_the_second_is_asked(make_table, phones):
    t = make_table(players=["Anna", "Ben", "Cora", "Dora"], language="de")
    with Server(t.path) as s:
        a, b = phones(), phones()
        for p in (a, b):
            p.open(f"http://127.0.0.1:{s.port}/?k={s.host}")
        a.type("sau an be 72")
        a.record()
        assert a.said().startswith("Spiel 1 eingetragen")
        b.type("sau an be 72")
        b.record()
        asked = b.wait("var s = document.getElementById('ask'); return !s.hidden && s.innerText")
        assert "Wirklich nochmal gespielt?" in asked and "Spiel 1" in asked
        assert len(t.json("sheet")["sessions"][0]["hands"]) == 1
        b.driver.find_element("css selector", "#ask button.go").click()  # played twice after all
        assert b.said().startswith("Spiel 2 eingetragen")
        assert len(t.json("sheet")["sessions"][0]["hands"]) == 2
        for p in (a, b):
            assert p.severe() == []


def test_a_hand_asked_about_stays_asked_after_another_hand_and_a_reload(make_table, phones):
    """The same hand sent twice is asked about (played again?). The next hand typed meanwhile
    took the question away, and so did a reload: the asked hand stayed in the outbox as
    "nicht bestätigt - wird gesendet" and was never sent nor asked again (nor was its line,
    changed). The outbox asks it, with its own "Ja, nochmal eintragen"."""
    t = make_table(players=["Anna", "Ben", "Cora", "Dora"], language="de")
    with Server(t.path) as s:
        a = phones()
        a.open(f"http://127.0.0.1:{s.port}/?k={s.host}")
        for _ in range(2):
            a.type("sau an be 72")
            a.record()
        a.wait("var s = document.getElementById('ask'); return !s.hidden && s.innerText")
        a.type("sau co do 72")
        a.record()
        assert a.said().startswith("Spiel 2 eingetragen: Sauspiel Cora+Dora 72.")
        a.driver.refresh()
        a.wait("return document.querySelector('#outbox li') !== null")
        assert a.text("#outbox").split("\n")[:2] == ["Wirklich nochmal gespielt? sau an be 72", "Ja, nochmal eintragen"]
        time.sleep(1.0)
        assert len(t.json("sheet")["sessions"][0]["hands"]) == 2  # not sent meanwhile
        a.driver.find_element("css selector", "#outbox li button.go").click()
        assert a.said().startswith("Spiel 3 eingetragen: Sauspiel Anna+Ben 72.")
        # asked again, and changed instead: the changed line is sent
        a.type("sau an be 72")
        a.record()
        a.wait("var s = document.getElementById('ask'); return !s.hidden && s.innerText")
        a.driver.find_element("css selector", "#outbox li .actions button:not(.go)").click()  # Ändern
        a.wait("return document.getElementById('line').value !== ''")
        a.driver.find_element("id", "line").clear()
        a.type("sau co do 85")
        a.record()
        assert a.said().startswith("Spiel 4 eingetragen: Sauspiel Cora+Dora 85.")
        assert a.js("return document.querySelectorAll('#outbox li').length") == 0
        assert a.severe() == []


def test_a_form_that_got_no_answer_does_not_promise_to_send_it_again(make_table, phones):
    """A rename (a payout, a correction, a desk form) that got no answer said "noch keine
    Antwort; wird mit demselben Schlüssel erneut gesendet, also nur einmal eingetragen": only the
    entry line's hands are sent again, a form never was. It says it may not be saved, and what
    to do; the entry line's own words no longer speak of a key."""
    t = make_table(players=["Anna", "Ben", "Cora", "Dora"], language="de")
    with Server(t.path) as s:
        a = phones()
        a.open(f"http://127.0.0.1:{s.port}/players?k={s.host}")
        a.driver.execute_cdp_cmd("Network.enable", {})
        a.driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/api/players/rename*"]})
        form = a.driver.find_element("css selector", "form[action='/form/player_rename']")
        form.find_element("css selector", "[name=new]").send_keys("Berta")
        form.find_element("css selector", "button[type=submit]").click()
        said = a.wait("var e = document.querySelector(\"form[action='/form/player_rename'] .form-answer\");"
                      " return !e.hidden && e.getAttribute('role') === 'alert' && e.innerText")
        assert said == ("Keine Antwort vom Server: vielleicht wurde es gespeichert, vielleicht nicht. Sieh auf der "
                        "Seite nach und schick es noch einmal, wenn es fehlt.")
        assert "Schlüssel" not in a.js("return document.body.getAttribute('data-words')")


def test_a_double_tap_on_record_keeps_the_answer_in_view(make_table, phones):
    """A double tap on Eintragen recorded the hand once, but the second tap sent the emptied line,
    and its refusal (Es wurde kein Spiel angegeben.) took the place of "Spiel 1 eingetragen ...":
    the scorer saw a refusal for a hand that was recorded. An empty line is not sent."""
    from selenium.webdriver.common.action_chains import ActionChains

    t = make_table(players=["Anna", "Ben", "Cora", "Dora"], language="de")
    with Server(t.path) as s:
        a = phones()
        a.open(f"http://127.0.0.1:{s.port}/?k={s.host}")
        a.type("sau an be 72")
        ActionChains(a.driver).double_click(a.driver.find_element("id", "record")).perform()
        assert a.said().startswith("Spiel 1 eingetragen: Sauspiel Anna+Ben 72.")
        time.sleep(1.0)
        assert a.js("return document.getElementById('refusal').hidden")
        assert a.said().startswith("Spiel 1 eingetragen")
        assert a.js("return document.activeElement.id") == "line"
        assert len(t.json("sheet")["sessions"][0]["hands"]) == 1


def test_a_phone_whose_code_was_replaced_says_so_and_stops(make_table, phones):
    t = make_table(players=["Anna", "Ben", "Cora", "Dora"], language="de")
    s = Server(t.path)
    port = s.port
    try:
        a = phones()
        a.open(f"http://127.0.0.1:{port}/?k={s.host}")
        a.wait("return document.getElementById('conn').getAttribute('data-state') === 'live'")
        s.stop()
        s = Server(t.path, "--new-codes", port=port)  # every code replaced: this phone's is gone
        gone = a.wait("var g = document.getElementById('code-gone'); return g && g.innerText", timeout=15)
        assert gone.startswith("Der Code dieses Handys gilt nicht mehr")
        assert a.text("#conn") == "Code nicht mehr gültig"
        a.type("sau an be 72")
        a.record()
        time.sleep(1.0)
        assert "nicht bestätigt" in a.text("#outbox")  # kept, not sent with a code that is gone
        assert t.json("sheet")["sessions"][0]["hands"] == []
    finally:
        s.stop()


def test_a_new_evening_after_the_close_is_entered_on_the_phone(make_table, phones):
    t = make_table(players=["Anna", "Ben", "Cora", "Dora"], language="de")
    cli(t.path, "add", "sau", "an", "be", "72")
    cli(t.path, "settle", "--close")
    with Server(t.path) as s:
        a = phones()
        a.open(f"http://127.0.0.1:{s.port}/?k={s.host}")
        assert "Dieser Abend ist abgeschlossen." in a.text("#live")
        a.type("wenz co 91")
        a.record()
        assert a.said().startswith("Spiel 1 eingetragen: Wenz Cora 91.")
        assert [x["session"] for x in t.json("sheet", "--all")["sessions"]] == [1, 2]
