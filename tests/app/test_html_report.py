"""The HTML report in a real browser: Debian's headless Chromium, driven by selenium through the
system's chromedriver (no driver or browser is downloaded). At 390 px (a phone) and 1280 px
the page never scrolls sideways (wide tables scroll in their own box), the browser logs no
error, the chart is drawn (a screenshot holds every player's line colour) and its letters stay
readable; a phone honours the viewport; the print stylesheet is black on white with grid lines.

Run in the slow step of CI, which installs chromium and chromium-driver when they are missing;
outside CI the tests are skipped on a machine without them."""

import os
import shutil
import struct
import tempfile
import zlib

import pytest

from tests.app.test_language_export import bavarian_evening, deutscher_evening, export, season

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
HAVE_BROWSER = os.path.exists(CHROMIUM) and os.path.exists(CHROMEDRIVER)

pytestmark = [
    pytest.mark.slow,
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_BROWSER and not os.environ.get("CI"),
                       reason="chromium and chromium-driver are not installed (CI installs them)"),
]

COLORS = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e")  # the first players' line colours in the chart
WIDTHS = (390, 1280)


# -- a PNG read with the standard library ------------------------------------------------------

def png_pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """(width, height, rows of RGB(A) bytes) of an 8-bit RGB or RGBA PNG, as Chrome writes them."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, []
    width = height = channels = 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and color in (2, 6), (depth, color)
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + length
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = prev[i]
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + ((left + up) >> 1)) & 0xFF
            elif kind == 4:
                corner = prev[i - channels] if i >= channels else 0
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                pred = left if pa <= pb and pa <= pc else (up if pb <= pc else corner)
                line[i] = (line[i] + pred) & 0xFF
        rows.append(bytes(line))
        prev = line
    return width, height, rows


def colour_counts(png: bytes) -> tuple[int, int, dict[str, int]]:
    """(pixels, pixels that are not white, pixels near each of COLORS) of a screenshot."""
    width, height, rows = png_pixels(png)
    channels = len(rows[0]) // width
    wanted = {c: tuple(int(c[i:i + 2], 16) for i in (1, 3, 5)) for c in COLORS}
    near = dict.fromkeys(COLORS, 0)
    ink = 0
    for row in rows:
        for i in range(0, len(row), channels):
            r, g, b = row[i], row[i + 1], row[i + 2]
            if r < 235 or g < 235 or b < 235:
                ink += 1
                for c, (cr, cg, cb) in wanted.items():
                    if abs(r - cr) + abs(g - cg) + abs(b - cb) < 60:
                        near[c] += 1
    return width * height, ink, near


def test_png_reader_finds_colours_and_a_blank_image():
    def png(width, height, pixel):
        raw = b"".join(b"\x00" + pixel * width for _ in range(height))
        chunk = lambda kind, body: struct.pack(">I", len(body)) + kind + body + struct.pack(  # noqa: E731
            ">I", zlib.crc32(kind + body))
        return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))

    assert colour_counts(png(4, 3, b"\xff\xff\xff")) == (12, 0, dict.fromkeys(COLORS, 0))
    total, ink, near = colour_counts(png(2, 2, bytes.fromhex("1f77b4")))
    assert (total, ink, near["#1f77b4"], near["#d62728"]) == (4, 4, 4, 0)


# -- the browser -------------------------------------------------------------------------------

def chrome(*args, emulate=None):
    """Chromium through the system's chromedriver, headless, with a fresh profile."""
    if os.environ.get("CI"):
        import selenium  # noqa: F401  (under CI the tests must run: a missing package fails them)
    else:
        pytest.importorskip("selenium")
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM
    for arg in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-extensions", "--disable-dev-shm-usage", "--hide-scrollbars", *args):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if emulate:
        options.add_experimental_option("mobileEmulation", emulate)
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)


@pytest.fixture(scope="module")
def browser():
    profile = tempfile.mkdtemp(prefix="schafkopf-chromium-")
    driver = chrome(f"--user-data-dir={profile}")
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def open_page(driver, path, width):
    driver.set_window_size(width, 900)
    driver.get(path.resolve().as_uri())
    driver.get_log("browser")  # what an earlier page logged is not this page's
    driver.get(path.resolve().as_uri())
    assert driver.execute_script("return window.innerWidth") == width


def errors(driver):
    return [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]


def visible_chart(driver):
    """The chart shown at this width (the narrow one on a phone, the wide one on a screen)."""
    from selenium.webdriver.common.by import By

    shown = [el for el in driver.find_elements(By.CSS_SELECTOR, "figure.chart svg") if el.is_displayed()]
    assert shown, "no chart is shown"
    return shown[0]


def check_page(driver, path, width, players):
    open_page(driver, path, width)
    sizes = driver.execute_script(
        "return [document.documentElement.scrollWidth, window.innerWidth, document.body.scrollWidth]")
    assert sizes[0] <= sizes[1] and sizes[2] <= sizes[1], (width, sizes)  # the page never scrolls sideways
    assert errors(driver) == []
    body = driver.execute_script("return parseFloat(getComputedStyle(document.body).fontSize)")
    assert body >= 15
    chart = visible_chart(driver)
    box = driver.execute_script("const r = arguments[0].getBoundingClientRect();"
                                "return [r.left, r.right, r.width, r.height, arguments[0].viewBox.baseVal.width,"
                                "parseFloat(arguments[0].getAttribute('font-size'))]", chart)
    left, right, w, h, view_w, font = box
    assert w > 300 and h > 150 and left >= 0 and right <= width, (width, box)
    assert font * w / view_w >= 10.5, (width, box)  # the chart's letters as shown on the screen, in px
    driver.execute_script("arguments[0].scrollIntoView()", chart)
    total, ink, near = colour_counts(chart.screenshot_as_png)
    assert ink > total * 0.01, (width, total, ink)  # not a blank picture
    for colour in COLORS[:players]:
        assert near[colour] >= 200, (width, colour, near)  # every line drawn (a name alone is ~100)
    page_total, page_ink, _ = colour_counts(driver.get_screenshot_as_png())
    assert page_ink > page_total * 0.02, (width, page_total, page_ink)


def check_wide_tables_scroll_in_their_box(driver, path):
    """At 390 px a table wider than the screen scrolls inside its box, the page stays put."""
    open_page(driver, path, 390)
    boxes = driver.execute_script(
        "return [...document.querySelectorAll('.scroll')].map(b => [b.scrollWidth, b.clientWidth,"
        " getComputedStyle(b).overflowX, b.getBoundingClientRect().right])")
    assert boxes and all(right <= 390 for *_, right in boxes), boxes
    assert any(sw > cw for sw, cw, _, _ in boxes), boxes  # the sheet is wider than the phone ...
    assert all(ox == "auto" for _, _, ox, _ in boxes), boxes  # ... and scrolls in its box


def maker(folder):
    """``make_table`` of conftest, for a module's fixture (a fixture cannot use a test's)."""
    from schafkopf_score.rules.registry import find_family
    from schafkopf_score.table.file import render_table
    from tests.conftest import FOUR, Table

    def make(players=FOUR, family="bavarian", preset="official", language=None, replace=None, name="test"):
        text = render_table(find_family(family), list(players), name=name, preset=preset, language=language)
        for old, new in (replace or {}).items():
            assert old in text, old
            text = text.replace(old, new)
        path = folder / f"{name}.toml"
        path.write_text(text, encoding="utf-8")
        return Table(path)

    return make


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    """The three pages, exported once through the command line for all the browser tests: a
    Bavarian evening with a Stock and a closing rounded to 50 cents, a Deutscher evening, and
    a season of three evenings."""
    import time

    folder = tmp_path_factory.mktemp("pages")
    patch = pytest.MonkeyPatch()
    patch.setenv("TZ", "Europe/Berlin")
    patch.chdir(folder)
    time.tzset()
    try:
        make = maker(folder)
        out = {}
        for key, build, more in (("bavarian", bavarian_evening, ()), ("deutscher", deutscher_evening, ()),
                                 ("season", season, ("--all",))):
            t = build(make)
            html = export(t, "html", *more)
            out[key] = folder / f"{key}.html"
            out[key].write_text(html, encoding="utf-8")
        out["season_evening"] = folder / "season_evening.html"  # an evening of the season on its own page
        out["season_evening"].write_text(export(t, "html", "--session", "2"), encoding="utf-8")
        five = make(players=["Anna", "Ben", "Cora", "Dora", "Emil"], name="five")  # the dealer sits out
        for words in (["sau", "be", "co", "72"], ["herzsolo", "co", "70"], ["sau", "an", "do", "40"]):
            five.ok("add", *words)
        five.ok("void", "2")
        out["five"] = folder / "five.html"
        out["five"].write_text(export(five, "html"), encoding="utf-8")
        return out
    finally:
        patch.undo()
        time.tzset()


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("page", ["bavarian", "deutscher", "season"])
def test_page_fits_draws_and_logs_no_error(browser, pages, page, width):
    check_page(browser, pages[page], width, players=4)


def test_wide_sheet_scrolls_in_its_box_on_a_phone(browser, pages):
    check_wide_tables_scroll_in_their_box(browser, pages["bavarian"])


def axe_violations(driver) -> list[tuple[str, str, list]]:
    """Every finding of axe-core (shipped by axe-selenium-python) on the page shown, of any impact."""
    from axe_selenium_python import Axe

    axe = Axe(driver)
    axe.inject()
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in axe.run()["violations"]]


@pytest.mark.parametrize("page", ["bavarian", "deutscher", "season", "season_evening", "five"])
def test_axe_finds_nothing_on_a_phone_a_screen_and_paper(browser, pages, page):
    """A struck-out hand and a seat sitting out are still readable (contrast 4.5:1), and the page
    has its main landmark, at 360 px, at 1280 px and printed."""
    for width in (360, 1280):
        browser.set_window_size(width, 900)
        browser.get(pages[page].resolve().as_uri())
        assert axe_violations(browser) == [], (page, width)
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        assert axe_violations(browser) == [], (page, "print")
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


def test_heads_are_drawn(browser, pages):
    open_page(browser, pages["deutscher"], 390)
    heads = browser.execute_script(
        "return [...document.querySelectorAll('table.settle svg.head')].map(h => h.getBoundingClientRect().width)")
    assert len(heads) >= 3 and all(w >= 12 for w in heads), heads


def test_print_looks_like_the_paper_block(browser, pages):
    open_page(browser, pages["bavarian"], 1280)
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        style = browser.execute_script(
            "const s = e => getComputedStyle(document.querySelector(e));"
            "return {neg: s('td.neg').color, th: s('table.sheet th').borderTopColor, td: s('table.sheet td').borderTopStyle,"
            " bg: s('body').backgroundColor, head: s('table.sheet th').backgroundColor,"
            " narrow: s('figure.chart .narrow').display, wide: s('figure.chart .wide').display}")
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    assert style["neg"] == "rgb(0, 0, 0)" and style["th"] == "rgb(0, 0, 0)" and style["td"] == "solid", style
    assert style["bg"] in ("rgb(255, 255, 255)", "rgba(0, 0, 0, 0)") and style["head"] == "rgb(255, 255, 255)", style
    assert style["narrow"] == "none" and style["wide"] == "block", style


def test_a_phone_honours_the_viewport(pages, tmp_path):
    """Emulated as a phone (390 px, 3 device pixels each): the layout is 390 px wide, not the
    980 px a page without the viewport tag gets, so the text is not shrunk to a third."""
    phone = {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 3, "mobile": True, "touch": True}}
    driver = chrome(f"--user-data-dir={tmp_path / 'profile'}", emulate=phone)
    try:
        for page in ("bavarian", "season"):
            driver.get(pages[page].resolve().as_uri())
            inner, scroll = driver.execute_script(
                "return [window.innerWidth, document.documentElement.scrollWidth]")
            assert inner == 390 and scroll <= inner, (page, inner, scroll)
        bare = tmp_path / "bare.html"
        bare.write_text(pages["bavarian"].read_text(encoding="utf-8").replace(
            '<meta name="viewport" content="width=device-width, initial-scale=1">', ""), encoding="utf-8")
        driver.get(bare.resolve().as_uri())
        assert driver.execute_script("return window.innerWidth") > 390  # what the tag prevents
    finally:
        driver.quit()


@pytest.mark.parametrize("width", WIDTHS)
def test_season_page_has_one_chart_and_every_evening(browser, pages, width):
    """The season page shows the season's chart (and the ratings' history), and every evening
    (settlement and sheet) without a chart of its own; an evening's own page (``--session N``)
    keeps its chart."""
    from selenium.webdriver.common.by import By

    open_page(browser, pages["season"], width)
    figures = browser.find_elements(By.CSS_SELECTOR, "figure.chart")
    # the season's chart, and the ratings' history in a section of their own (RULES §13)
    assert [f.find_element(By.XPATH, "..").get_attribute("class") for f in figures] == ["season", "ratings"]
    assert len([svg for svg in browser.find_elements(By.CSS_SELECTOR, "figure.chart svg") if svg.is_displayed()]) == 2
    sections = browser.find_elements(By.CSS_SELECTOR, "section.session")
    assert len(sections) == 3
    for section in sections:
        assert section.find_elements(By.CSS_SELECTOR, "table.settle") and section.find_elements(By.CSS_SELECTOR,
                                                                                                 "table.sheet")
        assert not section.find_elements(By.CSS_SELECTOR, "figure.chart, svg:not(.head)")
    # the season table keeps the players and the totals in view while its evenings scroll
    edges = browser.execute_script(
        "const rows = [...document.querySelectorAll('table.season tbody tr')];"
        "return rows.map(r => [r.firstElementChild.getBoundingClientRect().left,"
        " r.lastElementChild.getBoundingClientRect().right])")
    assert edges and all(left >= 0 and right <= width for left, right in edges), (width, edges)
    open_page(browser, pages["season_evening"], width)
    assert errors(browser) == []
    assert len(browser.find_elements(By.CSS_SELECTOR, "figure.chart")) == 1
    total, ink, _ = colour_counts(visible_chart(browser).screenshot_as_png)
    assert ink > total * 0.01, (width, total, ink)  # its chart is drawn
    assert len(browser.find_elements(By.CSS_SELECTOR, "section.session")) == 1


def test_axe_finds_nothing_on_the_tournaments_printed_lists(browser, tmp_path):
    """The table lists (by table and by name) and the provisional ranking the desk prints have
    their main landmark and nothing else axe-core finds, on a phone and a screen."""
    from tests.app.test_tournament import tournament

    cup = tournament(tmp_path, players=["Anna", "Ben", "Cora", "Dora", "Emil", "Fritz", "Gabi", "Hans"],
                     extra="rounds = 2\ngames_per_round = 4")
    cup.ok("tournament", "draw")
    lists = {name: tmp_path / f"{name}.html" for name in ("tables", "by-name", "ranking")}
    cup.ok("tournament", "tables", "--format", "html", "--out", str(lists["tables"]))
    cup.ok("tournament", "tables", "--by-name", "--format", "html", "--out", str(lists["by-name"]))
    cup.ok("tournament", "ranking", "--format", "html", "--out", str(lists["ranking"]))
    for name, page in lists.items():
        for width in (360, 1280):
            browser.set_window_size(width, 900)
            browser.get(page.resolve().as_uri())
            assert axe_violations(browser) == [], (name, width)
