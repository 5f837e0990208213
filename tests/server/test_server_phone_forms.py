"""The phone's pages in a real browser, the answers, refusals and forms of RULES §11 as a
scorer meets them (Chromium against a real ``schafkopf serve``): with JavaScript switched off
the forms post as the browser posts them (its own ``Origin`` and ``Referrer-Policy``), every
page and every state reached scanned by axe-core."""

from __future__ import annotations

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
