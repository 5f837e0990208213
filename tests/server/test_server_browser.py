"""The table's page on two phones (RULES §11, issue 26): Debian's headless Chromium through the
system's chromedriver, at 390x844, against a real ``schafkopf serve``. One phone enters a hand
by the entry line and one by taps; the other phone shows each within seconds without a reload;
neither page scrolls sideways, and the browser logs no error (a CSP violation would be one)."""

from __future__ import annotations

import shutil
import tempfile
import time

import pytest

from tests.app.test_html_report import HAVE_BROWSER, chrome
from tests.serving import Server

pytestmark = [pytest.mark.slow, pytest.mark.browser, pytest.mark.skipif(not HAVE_BROWSER, reason="chromium and chromium-driver are not "
                                                                            "installed (CI installs them)")]


@pytest.fixture
def phones():
    made = []

    def phone():
        profile = tempfile.mkdtemp(prefix="schafkopf-phone-")
        driver = chrome(f"--user-data-dir={profile}")
        driver.set_window_size(390, 844)
        made.append((driver, profile))
        return driver

    yield phone
    for driver, profile in made:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def wait_for(driver, script, timeout=5.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"not within {timeout} s: {script}")


def sideways(driver):
    return driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")


def severe(driver):
    """The browser's errors, but for the refused entry's own answer (a 422 is logged as a failed load)."""
    return [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"
            and not ("/api/hands" in e["message"] and "status of 422" in e["message"])]


def sheet_text(driver):
    return driver.execute_script("return document.querySelector('#live').innerText")


def test_two_phones_enter_by_line_and_by_taps_and_see_each_other(make_table, phones):
    t = make_table(language="de", players=["Anna", "Benedikt", "Cora", "Dorothea"])
    with Server(t.path) as s:
        base = f"http://127.0.0.1:{s.port}"
        a, b = phones(), phones()
        a.get(f"{base}/?k={s.host}")
        b.get(f"{base}/?k={s.view}")
        for phone in (a, b):
            assert phone.current_url == f"{base}/"  # the code has left the address
            assert phone.execute_script("return window.innerWidth") == 390
            assert sideways(phone) <= 0
        b.execute_script("window.notReloaded = true")
        time.sleep(0.5)  # b's event stream is open
        # phone a: the entry line
        a.find_element("id", "line").send_keys("sau an be 72 l3")
        a.find_element("css selector", ".line-form button.go").click()
        wait_for(b, "return document.querySelector('#live').innerText.includes('Sauspiel Anna+Benedikt 72 L3')")
        assert "+0,40" in sheet_text(b)
        wait_for(a, "return document.getElementById('line').value === ''")
        # phone a: taps (game, player, Augen, Laufende, Kontra) write the line, then record
        for selector in ('[data-tap="game"][data-value="wenz"]', '[data-tap="name"][data-value="Cora"]',
                         '[data-tap="digit"][data-value="9"]', '[data-tap="digit"][data-value="1"]',
                         '[data-tap="count"][data-field="laufende"][data-value="2"]',
                         '[data-tap="flag"][data-value="kontra"]'):
            a.find_element("css selector", selector).click()
        assert a.find_element("id", "line").get_attribute("value") == "wenz co 91 l2 k"
        a.find_element("css selector", ".line-form button.go").click()
        wait_for(b, "return document.querySelector('#live').innerText.includes('Wenz Cora 91 L2 Kontra')")
        assert b.execute_script("return window.notReloaded === true")
        # a refusal is shown on the phone that typed it, and nothing is written
        a.find_element("id", "line").send_keys("sau an xx 72")
        a.find_element("css selector", ".line-form button.go").click()
        message = wait_for(a, "var m = document.getElementById('refusal'); return !m.hidden && m.innerText")
        assert message.startswith("'xx' passt zu nichts in diesem Spiel (Sauspiel).")
        assert len(t.json("sheet")["sessions"][0]["hands"]) == 2
        for phone in (a, b):
            assert sideways(phone) <= 0
            assert severe(phone) == []


def test_a_tables_phone_enters_and_the_projector_ranking_follows(tmp_path, phones):
    from tests.app.test_tournament import EIGHT, tournament

    cup = tournament(tmp_path, players=EIGHT, extra='games_per_round = 4\nseed = "s"', language="de")
    seats = {t["tisch"]: t["players"] for t in cup.json("tournament", "draw")["tables"]}
    with Server(cup.path) as s:
        base = f"http://127.0.0.1:{s.port}"
        table, projector = phones(), phones()
        table.get(f"{base}/?k={s.codes['tisch 1']}")
        assert table.current_url == f"{base}/tisch/1"
        projector.set_window_size(1280, 800)
        projector.get(f"{base}/ranking?k={s.view}")
        assert projector.current_url == f"{base}/ranking"
        projector.execute_script("window.notReloaded = true")
        time.sleep(0.5)
        first, second = seats[1][0], seats[1][1]
        table.find_element("css selector", '[data-tap="game"][data-value="wenz"]').click()
        table.find_element("css selector", f'[data-tap="name"][data-value="{first}"]').click()
        table.find_element("css selector", '[data-tap="digit"][data-value="9"]').click()
        table.find_element("css selector", '[data-tap="digit"][data-value="1"]').click()
        table.find_element("css selector", ".line-form button.go").click()
        wait_for(table, f"return document.querySelector('#live').innerText.includes('Wenz {first} 91')")
        # the projector: the declarer on top with the Wenz's points (Schneider: 6 from each of three)
        top = wait_for(projector, "var r = document.querySelector('.ranking tbody tr'); "
                                  f"return r && r.innerText.includes('{first}') && r.innerText")
        number = next(r["number"] for r in cup.json("tournament", "ranking")["ranking"] if r["player"] == first)
        assert top.split() == ["1", str(number), first, "18", "1", "1"]  # start number; tie-breaks: solos, hands won
        assert projector.execute_script("return window.notReloaded === true")
        assert "Tisch 1: 1/4" in projector.find_element("css selector", ".progress-box").text
        assert second not in top and sideways(table) <= 0
        for phone in (table, projector):
            assert severe(phone) == []


def test_a_link_on_another_sites_page_opens_the_table(make_table, phones, tmp_path):
    """The access link clicked in a web chat: the SameSite=Strict cookie is not sent along a
    redirect another site started, so the server hands the browser on by a page of its own."""
    t = make_table(language="de")
    with Server(t.path) as s:
        chat = tmp_path / "chat.html"
        chat.write_text(f'<a id="go" href="http://127.0.0.1:{s.port}/settle?k={s.view}">Link</a>', encoding="utf-8")
        phone = phones()
        phone.get(chat.as_uri())
        phone.find_element("id", "go").click()
        wait_for(phone, "return location.pathname === '/settle' && document.querySelector('main h1') !== null")
        assert phone.current_url == f"http://127.0.0.1:{s.port}/settle"
        assert "Abrechnung" in phone.find_element("tag name", "main").text
