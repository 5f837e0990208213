"""The phone's pages in a real browser, the answers, refusals and forms of RULES §11 as a
scorer meets them (Chromium against a real ``schafkopf serve``): with JavaScript switched off
the forms post as the browser posts them (its own ``Origin`` and ``Referrer-Policy``), every
page and every state reached scanned by axe-core."""

from __future__ import annotations

import time

import pytest

from tests.server.phone import Phone, axe_findings, needs_browser
from tests.serving import Server

pytestmark = needs_browser


def submit(phone: Phone, line: str) -> None:
    phone.driver.find_element("id", "line").send_keys(line)
    phone.driver.find_element("id", "record").click()
    phone.wait("return document.readyState === 'complete'")


def test_a_hand_entered_without_javascript_is_recorded(make_table, phones):
    """The page sends ``Referrer-Policy: no-referrer``, so a browser's form post carries
    ``Origin: null``: every write of a page without JavaScript was refused as another site's."""
    t = make_table(players=["Anna", "Ben", "Cora", "Dora"], language="de")
    with Server(t.path) as s:
        phone = phones(360, 740, script=False)
        phone.open(f"http://127.0.0.1:{s.port}/?k={s.host}")
        assert phone.js("return window.schafkopf === undefined")  # the page's scripts did not run
        submit(phone, "sau an be 72 l3")
        assert "Spiel 1 eingetragen: Sauspiel Anna+Ben 72 L3." in phone.text("main"), phone.text("main")
        assert len(t.json("sheet")["sessions"][0]["hands"]) == 1
        assert axe_findings(phone) == []
        # another site's form that hides its origin too is still refused, nothing written
        for site in ("cross-site", "same-site", None):
            headers = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": f"{s.cookie}={s.host}",
                       "Origin": "null", **({"Sec-Fetch-Site": site} if site else {})}
            assert s.request("POST", "/form/hands", raw=b"line=wenz+co+91", headers=headers)[0] == 403
        assert len(t.json("sheet")["sessions"][0]["hands"]) == 1


def correct(phone: Phone, hand: str, line: str, tick: bool = False) -> None:
    f = phone.driver.find_element("css selector", "form[action='/form/edit']")
    for name, value in (("hand", hand), ("line", line)):
        box = f.find_element("css selector", f"[name='{name}']")
        box.clear()
        box.send_keys(value)
    if tick:
        f.find_element("css selector", "[name='confirm']").click()
    f.find_element("css selector", "button[type=submit]").click()
    phone.wait("return document.readyState === 'complete'")


@pytest.mark.parametrize("script", [False, True])
def test_a_correction_that_changes_the_game_says_how_to_confirm_it_and_keeps_what_was_typed(make_table, phones,
                                                                                             script):
    """A correction to another game needs its box ticked (409): the page said 'Send it again with
    "confirm": true' (the API's words), and without JavaScript the correction typed was lost."""
    t = make_table(players=["Anna", "Ben", "Cora", "Dora"], language="de")
    with Server(t.path) as s:
        phone = phones(360, 740, script=script)
        phone.open(f"http://127.0.0.1:{s.port}/?k={s.host}")
        submit(phone, "sau an be 72")
        phone.wait("return document.querySelector('.sheet tbody tr') !== null")
        correct(phone, "1", "wenz co 91")
        said = phone.wait("var a = Array.from(document.querySelectorAll('[role=alert]')).filter(e => !e.hidden "
                          "&& e.innerText)[0]; return a && a.innerText")
        assert said.startswith("Diese Korrektur ändert das Spiel oder den Spieler von Spiel 1"), said
        assert '"confirm"' not in said and "Spiel oder Spieler ändert sich" in said
        assert t.json("sheet")["sessions"][0]["hands"][0]["entry"]["game"] == "sauspiel"
        assert axe_findings(phone) == []
        # what was typed is there to be sent again, with the box ticked
        correct(phone, "1", "wenz co 91", tick=True)

        def games() -> list[str]:
            return [h["entry"]["game"] for h in t.json("sheet")["sessions"][0]["hands"] if not h["void"]]

        # (the refusal page names 'Wenz Cora 91' too: the ledger tells when the correction went in)
        deadline = time.monotonic() + 15
        while games() != ["wenz"] and time.monotonic() < deadline:
            time.sleep(0.1)
        assert games() == ["wenz"]
        phone.wait("return document.body.innerText.includes('Wenz Cora 91')")


@pytest.mark.parametrize("script", [False, True])
def test_a_correction_sent_after_the_cli_closed_the_evening_is_refused_not_done_to_the_next(make_table, phones,
                                                                                           script):
    """The host closes the evening at the CLI and the next one begins there while a phone still
    shows the hand it recorded: its undo (the answer's button; without JavaScript the void form)
    named no evening and voided hand 1 of the next evening. It is refused now, naming the
    evening and how to reopen it, and nothing is written."""
    t = make_table(players=["Anna", "Ben", "Cora", "Dora"], language="de")
    with Server(t.path) as s:
        phone = phones(360, 740, script=script)
        phone.open(f"http://127.0.0.1:{s.port}/?k={s.host}")
        submit(phone, "sau an be 72")
        phone.wait("return document.body.innerText.includes('Spiel 1 eingetragen')")
        t.ok("settle", "--close", "--yes")
        t.ok("add", "wenz", "co", "91")  # hand 1 of evening 2
        if script:
            phone.driver.find_element("css selector", "#said button").click()
            phone.driver.find_element("css selector", "#ask button.go").click()
        else:
            f = phone.driver.find_element("css selector", "form[action='/form/void']")
            f.find_element("css selector", "[name='hand']").send_keys("1")
            f.find_element("css selector", "[name='sure_void']").click()
            f.find_element("css selector", "button[type=submit]").click()
        said = phone.wait("var a = Array.from(document.querySelectorAll('[role=alert]')).filter(e => !e.hidden "
                          "&& e.innerText && !e.querySelector('input'))[0]; return a && a.innerText")
        assert said.startswith("Abend 1 ist abgeschlossen (abgerechnet); seine Spiele lassen sich nicht mehr "
                               "ändern."), said
        assert "schafkopf settle --reopen 1" in said
        assert [h["void"] for h in t.json("sheet", "--all")["sessions"][1]["hands"]] == [False]
