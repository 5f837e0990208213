"""The exports in the table's language (RULES §9): Markdown and HTML headings, csv-de column
names, dates as the language writes them, times in local time; the HTML page a phone can open
(viewport, no script, nothing fetched); the season page of ``export --all``.

Each evening is entered through the command line and then given fixed times (exported as JSON,
the timestamps set, imported into a fresh table) so that dates and times are known; the tests
run in Europe/Berlin, where 19:30 UTC on 30 November is 20:30."""

import json
import re
import time
from html.parser import HTMLParser

import pytest

from schafkopf_score.app.reports import game_title, stats_headings
from schafkopf_score.export.spreadsheet import header
from schafkopf_score.rules.registry import find_family
from tests.conftest import Table, draw_partners

STOCK = {'all_pass = "redeal"': 'all_pass = "stock"'}
DAYS = ("2026-11-02", "2026-11-16", "2026-11-30")


@pytest.fixture(autouse=True)
def berlin(monkeypatch):
    """Local time is Europe/Berlin for the test (UTC+1 in November)."""
    monkeypatch.setenv("TZ", "Europe/Berlin")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def redated(t: Table, days=DAYS) -> Table:
    """A copy of table ``t`` (its file, its language) whose ledger holds the same evenings with
    fixed times: every time stamp of the i-th evening is ``days[i]`` 19:30 UTC."""
    name = t.path.stem
    dump = t.path.with_name(f"{name}-dated.json")
    t.ok("export", "--format", "json", "--all", "--out", str(dump))
    data = json.loads(dump.read_text(encoding="utf-8"))

    def stamp(node, day):
        if isinstance(node, dict):
            for key, value in node.items():
                if key.endswith("_at") and isinstance(value, str):
                    node[key] = f"{day}T19:30:00+00:00"
                else:
                    stamp(value, day)
        elif isinstance(node, list):
            for value in node:
                stamp(value, day)

    for session, day in zip(data["sessions"], days, strict=False):
        stamp(session, day)
    dump.write_text(json.dumps(data), encoding="utf-8")
    path = t.path.with_name(f"{name}-dated.toml")
    path.write_text(t.path.read_text(encoding="utf-8"), encoding="utf-8")
    fresh = Table(path)
    fresh.ok("import", str(dump))
    return fresh


def bavarian_evening(make_table, language="de", name="abend") -> Table:
    """Four at the table, Stock 10 (all pass: Stock): a void hand, an edit, and the Stock still
    holding money at the close, which is rounded to 50 cents (so the Stock goes back and the
    rounding moves money)."""
    t = make_table(replace=STOCK, language=language, name=name)
    for words in (["weiter"], ["weiter"], ["sau", "an", "be", "50"], ["herzsolo", "co", "70"],
                  ["sau", "co", "do", "70"], ["wenz", "be", "91", "l3"], ["sau", "do", "an", "40", "k"],
                  ["weiter"]):
        t.ok("add", *words)
    t.ok("void", "4")
    t.ok("edit", "6", "wenz", "be", "95", "l3")
    t.ok("settle", "--close", "--round", "50")
    return redated(t, days=DAYS[-1:])


def season(make_table, language="de", name="saison") -> Table:
    """Three evenings: two closed (the first rounded), the third open with money in the Stock."""
    t = make_table(replace=STOCK, language=language, name=name)
    for words in (["sau", "an", "be", "72"], ["herzsolo", "co", "70"], ["weiter"]):
        t.ok("add", *words)
    t.ok("settle", "--close", "--round", "50")
    for words in (["wenz", "do", "80"], ["sau", "be", "co", "40"]):
        t.ok("add", *words)
    t.ok("settle", "--close")
    for words in (["sau", "an", "co", "30"], ["weiter"], ["grassolo", "be", "90"]):
        t.ok("add", *words)
    return redated(t)


def deutscher_evening(make_table, language="de", name="schafskopf") -> Table:
    t = make_table(family="deutscher", language=language, name=name)
    names = {"an": "Anna", "be": "Ben", "co": "Cora", "do": "Dora"}
    for words in (["spiel", "an", "co", "70"], ["spiel", "be", "do", "20"], ["spiel", "an", "be", "100"],
                  ["spiel", "co", "do", "30"], ["spiel", "an", "co", "10"], ["spiel", "be", "do", "110"],
                  ["spiel", "an", "do", "0"]):
        draw_partners(t, names[words[1]], names[words[2]])  # the partners drawn before every game
        t.ok("add", *words)
    return redated(t, days=DAYS[-1:])


def export(t: Table, fmt: str, *more: str) -> str:
    out = t.path.with_name(f"out.{fmt}")
    t.ok("export", "--format", fmt, "--out", str(out), *more)
    return out.read_text(encoding="utf-8")


class Page(HTMLParser):
    """The tags, the text and the attributes of an HTML page."""

    def __init__(self, html: str):
        super().__init__()
        self.tags: list[str] = []
        self.attrs: list[tuple[str, str | None]] = []
        self.text: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.attrs += attrs

    def handle_data(self, data):
        self.text.append(data)


# -- CSV ---------------------------------------------------------------------------------------

def test_csv_de_has_german_column_names_and_local_times(make_table):
    t = bavarian_evening(make_table)
    text = export(t, "csv-de")
    lines = text.lstrip("\ufeff").split("\n")
    assert lines[0].rstrip("\r") == ("Abend;Spiel;Zeit;Spielart;Beschreibung;Geber;Spielmacher;Gestrichen;"
                                     "Anna;Ben;Cora;Dora;Stock;Kommentar")
    rows = [line.rstrip("\r").split(";") for line in lines[1:] if line]
    assert rows[0][:3] == ["1", "1", "30.11.2026 20:30"]  # 19:30 UTC in Berlin
    assert [r[7] for r in rows if r[1] in ("4", "6")] == ["gestrichen", "korrigiert", ""]
    assert "void" not in text and "edit;" not in text


def test_csv_keeps_the_english_machine_contract(make_table):
    """``--format csv`` is read by scripts: English column names, UTC time stamps, void kinds."""
    for language in ("de", "en"):
        t = bavarian_evening(make_table, language=language, name=f"abend-{language}")
        text = export(t, "csv")
        lines = text.split("\n")
        assert lines[0].rstrip("\r") == ("session,hand,recorded_at,game,description,dealer,declarers,void,"
                                         "Anna,Ben,Cora,Dora,stock,comment")
        rows = [line.rstrip("\r").split(",") for line in lines[1:] if line]
        assert rows[0][2] == "2026-11-30T19:30:00+00:00"
        assert [r[7] for r in rows if r[1] in ("4", "6")] == ["void", "edit", ""]


def test_csv_header_words():
    assert header(["Anna"], True)[:8] == ["Abend", "Spiel", "Zeit", "Spielart", "Beschreibung", "Geber",
                                          "Spielmacher", "Gestrichen"]
    assert header(["Anna"], False) == ["session", "hand", "recorded_at", "game", "description", "dealer",
                                       "declarers", "void", "Anna", "stock", "comment"]


# -- Markdown ----------------------------------------------------------------------------------

def test_markdown_in_german(make_table):
    md = export(bavarian_evening(make_table), "md")
    assert md.startswith("# abend\n\n## Abend 1 · 30.11.2026 (abgeschlossen)\n\n| # | Spiel | Anna | Ben | Cora | Dora |\n")
    assert "| Spieler | Stand | Bezahlt |" in md
    assert "| ~~4~~ | ~~Herz-Solo Cora 70~~ (gestrichen) |" in md
    assert "| ~~6~~ | ~~Wenz Ben 91 L3~~ (korrigiert) |" in md
    assert "\nGerundet auf 0,50 €: " in md
    assert "\nStock: 0,40 € ging beim Abschluss zurück (Anna +0,10 €, Ben +0,10 €, " \
           "Cora +0,10 €, Dora +0,10 €); im Stand eingerechnet\n" in md
    assert "\nAusgleich:\n\n- " in md
    for english in ("Session", "Game", "Player", "Balance", "Paid", "Transfers", "Rounded", "closed", "void"):
        assert english not in md, english


def test_the_settlement_heads_name_what_the_table_counts_and_an_open_evening_is_due(make_table):
    """The settlement table's balance column at a Sheepshead table holds points and at a
    Deutscher one strokes, beside money paid: it is headed so (it said *Balance*/*Stand* in the
    Markdown, *Balance* in the HTML); an open evening's money is due, not paid (*Bezahlt*)."""
    sh = make_table(family="sheepshead", players=["Anna", "Ben", "Cora", "Dora", "Emil"], language="en", name="sh")
    sh.ok("add", "pick", "--player", "be", "--partner", "em", "--augen", "94")
    assert "\n| Player | Points | Due |\n" in export(sh, "md")
    assert '<tr><th>Player</th><th class="n">Points</th><th class="n">Due</th></tr>' in export(sh, "html")
    sh.ok("settle", "--close")
    assert "\n| Player | Points | Paid |\n" in export(sh, "md")
    de = make_table(family="deutscher", language="de", name="de", replace={'partners = "per_game"': 'partners = "fixed"'})
    de.ok("add", "spiel", "--player", "an", "--partner", "co", "--augen", "70")
    assert "\n| Spieler | Striche | Fällig |\n" in export(de, "md")
    wend = make_table(family="wendish", language="de", name="wend")
    wend.ok("add", "normal", "an", "be", "72")
    assert "\n| Spieler | Stand | Fällig |\n" in export(wend, "md")


def test_an_open_evenings_stock_line_names_the_column_it_is_counted_in(make_table):
    """Under an open evening the Markdown column is headed Due (Fällig): the Stock's line says
    it is counted in that column (it said in Paid / in Bezahlt, a column not there)."""
    for lang, head, line in (
            ("en", "| Player | Balance | Due |", "Stock: €0.40 (goes back in equal shares at the close; counted in Due)"),
            ("de", "| Spieler | Stand | Fällig |",
             "Stock: 0,40 € (geht beim Abschluss zu gleichen Teilen zurück; in Fällig eingerechnet)")):
        t = make_table(language=lang, name=f"stock_{lang}", replace={'all_pass = "redeal"': 'all_pass = "stock"'})
        t.ok("add", "weiter")
        md = export(t, "md")
        assert f"\n{head}\n" in md and f"\n{line}\n" in md


def test_markdown_in_english(make_table):
    md = export(bavarian_evening(make_table, language="en"), "md")
    assert md.startswith("# abend\n\n## Session 1 · 2026-11-30 (closed)\n\n| # | Game | Anna | Ben | Cora | Dora |\n")
    assert "| Player | Balance | Paid |" in md
    assert "(void) |" in md and "(edited) |" in md
    assert "\nRounded to €0.50: " in md
    assert "\nStock: €0.40 went back at the close (Anna +€0.10, Ben +€0.10, Cora +€0.10, " \
           "Dora +€0.10); counted in the balances\n" in md
    assert "\nTransfers:\n\n- " in md
    for german in ("Abend", "Spieler", "Stand", "Bezahlt", "Ausgleich", "Gerundet", "abgeschlossen", "gestrichen"):
        assert german not in md, german


def test_markdown_season_and_heads(make_table):
    md = export(season(make_table), "md", "--all")
    assert "\n## Saison\n" in md
    assert "| Spieler | 02.11.2026 (#1) | 16.11.2026 (#2) | 30.11.2026 (#3) | Summe |" in md
    md = export(deutscher_evening(make_table), "md")
    assert re.search(r"\nSchafsköpfe: Anna \d+, Ben \d+, Cora \d+, Dora \d+\n", md), md


# -- HTML --------------------------------------------------------------------------------------

def assert_self_contained(html: str) -> None:
    low = html.lower()
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    assert "<script" not in low and "javascript:" not in low
    assert "http://" not in low and "https://" not in low
    p = Page(html)
    assert "script" not in p.tags and "link" not in p.tags and "img" not in p.tags and "iframe" not in p.tags
    assert not [a for a, _ in p.attrs if a in ("src", "href", "srcset", "action")]
    assert "url(" not in low and "@import" not in low  # the stylesheet fetches nothing either
    assert low.count("<style>") == 1 and low.count("@media print") == 1


def test_html_in_german(make_table):
    html = export(bavarian_evening(make_table), "html")
    assert_self_contained(html)
    assert '<html lang="de">' in html
    assert "<title>abend – Abend 1 · 30.11.2026</title>" in html
    assert '<h2>Abend 1 · 30.11.2026 <span class="tag">abgeschlossen</span></h2>' in html
    for heading in ("<h3>Abrechnung, wie bezahlt</h3>", "<h3>Ausgleich</h3>", "<h3>Verlauf der Stände</h3>",
                    "<h3>Block</h3>"):
        assert heading in html, heading
    assert ('<tr><th>Spieler</th><th class="n">Stand</th><th class="n">Rundung</th><th class="n">Bezahlt</th>'
            "</tr>") in html
    assert '<th class="n">#</th><th>Geber</th><th>Spiel</th>' in html
    assert "<p>Stock: 0,40 € ging beim Abschluss zurück" in html
    assert "<p>Gerundet auf 0,50 €: " in html
    assert re.search(r"<li>\w+ zahlt \w+ \d+,\d0 €</li>", html)  # the rounded transfers, as paid
    assert "(gestrichen)" in html and "(korrigiert)" in html and "* = korrigiert" in html
    # the chart: axes titled, hand numbers and amount ticks, the names at the ends of the lines
    assert html.count('<svg viewBox="0 0 ') == 2  # narrow for a phone, wide for a screen and print
    assert ">Spiel</text>" in html and ">€</text>" in html and ">0,00 €</text>" in html
    assert re.search(r'text-anchor="middle" fill="#333">3</text>', html)
    for name in ("Anna", "Ben", "Cora", "Dora"):
        assert re.search(rf'font-weight="600">{name}<title>{name}</title></text>', html), name
    text = "".join(Page(html).text)
    for english in ("Session", "Settlement", "Transfers", "Player", "Balance", "Paid", "Running", "Rounded",
                    "closed", "Sheet", "Hand"):
        assert english not in text, english


def test_html_in_english(make_table):
    html = export(bavarian_evening(make_table, language="en"), "html")
    assert_self_contained(html)
    assert '<html lang="en">' in html
    assert "<title>abend – Session 1 · 2026-11-30</title>" in html
    assert '<h2>Session 1 · 2026-11-30 <span class="tag">closed</span></h2>' in html
    for heading in ("<h3>Settlement as paid</h3>", "<h3>Transfers</h3>", "<h3>Running balances</h3>",
                    "<h3>Sheet</h3>"):
        assert heading in html, heading
    assert ('<tr><th>Player</th><th class="n">Balance</th><th class="n">Rounding</th><th class="n">Paid</th>'
            "</tr>") in html
    assert "<p>Stock: €0.40 went back at the close" in html
    assert "<p>Rounded to €0.50: " in html
    assert re.search(r"<li>\w+ pays \w+ €\d+\.\d0</li>", html)
    assert ">Hand</text>" in html and ">€0.00</text>" in html
    text = "".join(Page(html).text)
    for german in ("Abend", "Abrechnung", "Ausgleich", "Spieler", "Stand", "Bezahlt", "Gerundet", "Block",
                   "abgeschlossen", "gestrichen"):
        assert german not in text, german


def test_html_game_names_follow_the_language(make_table):
    """The hands' descriptions are in the table's language (en: Heart solo)."""
    assert "Herz-Solo Cora 70" in export(bavarian_evening(make_table), "html")
    html = export(bavarian_evening(make_table, language="en", name="en"), "html")
    assert "Heart solo Cora 70" in html and "Herz-Solo" not in html


def test_html_open_session_with_stock(make_table):
    t = make_table(replace=STOCK, language="en")
    t.ok("add", "sau", "an", "be", "72")
    t.ok("add", "weiter")
    html = export(t, "html")
    assert_self_contained(html)
    assert '<span class="tag">open</span>' in html and "<h3>Settlement</h3>" in html
    assert '<th class="n">Due</th>' in html
    assert "<p>Stock: €0.40 (goes back in equal shares at the close; counted in the transfers)</p>" in html
    assert '<th class="n">Stock</th>' in html  # the sheet's Stock column, as the Stock was used


def test_html_deutscher_shows_the_sheeps_heads(make_table):
    html = export(deutscher_evening(make_table), "html")
    assert_self_contained(html)
    assert '<th class="n">Striche</th><th class="n">Schafsköpfe</th>' in html
    assert html.count('<svg class="head"') >= 3  # drawn heads in the settlement and the sheet
    assert ">Striche</text>" in html  # the chart's y axis counts strokes
    html = export(deutscher_evening(make_table, language="en", name="sheep"), "html")
    assert '<th class="n">Strokes</th><th class="n">Sheep&#x27;s heads</th>' in html


def test_html_season_page(make_table):
    t = season(make_table)
    html = export(t, "html", "--all")
    assert_self_contained(html)
    assert "<title>saison – Saison</title>" in html
    assert "<h2>Saison</h2>" in html and "3 Abende, 02.11.2026 bis 30.11.2026" in html
    # the season, then the ratings and the players' pages (RULES §13), then the evenings
    season_html = html[html.index('<section class="season"'):html.index('<section class="ratings"')]
    assert html.index('<section class="ratings"') < html.index('<section class="session"')
    for day, n in (("02.11.2026", 1), ("16.11.2026", 2), ("30.11.2026", 3)):
        assert f'<th class="n">{day}<br><span class="muted">#{n}' in season_html
    assert '<th class="n">Summe</th>' in season_html and "(offen)" in season_html
    assert "<h3>Stände über die Saison</h3>" in season_html and ">Abend</text>" in season_html
    # each evening follows with its own section
    for day, n in (("02.11.2026", 1), ("16.11.2026", 2), ("30.11.2026", 3)):
        assert f"<h2>Abend {n} · {day} " in html
    # the totals are what settle --all shows
    total = t.json("settle", "--all")["balances"]
    rows = re.findall(r"<tr><td>(\w+)</td>(.*?)</tr>", season_html)
    shown = {name: re.findall(r"<b>([^<]*)</b>", cells)[-1] for name, cells in rows}
    from schafkopf_score.money import format_amount

    assert shown == {n: format_amount(v, sign=True) for n, v in total.items()}
    english = export(season(make_table, language="en", name="season"), "html", "--all")
    assert "<h2>Season</h2>" in english and "3 sessions, 2026-11-02 to 2026-11-30" in english
    assert '<th class="n">Total</th>' in english and ">Evening</text>" in english


def test_html_of_one_session_is_no_season_page(make_table):
    html = export(season(make_table), "html", "--session", "2")
    assert '<section class="season"' not in html and "<h2>Abend 2 · 16.11.2026 " in html


def test_empty_ledger_exports_a_page(make_table):
    t = make_table(language="en")
    html = export(t, "html")
    assert_self_contained(html)
    assert "<p>No games recorded yet.</p>" in html


# -- stats' words ------------------------------------------------------------------------------

def test_stats_headings_in_both_languages():
    de, en = stats_headings("de"), stats_headings("en")
    assert de == {"players": "Spieler", "player": "Spieler", "games": "Spiele", "declarer": "Spielmacher",
                  "won": "Gewonnen", "balance": "Stand", "money": "Geld", "game_types": "Spielarten",
                  "game": "Spiel", "count": "Anzahl", "moved": "Umgesetzt", "partner": "Mitspieler"}
    assert en == {"players": "Players", "player": "Player", "games": "Games", "declarer": "Declarer", "won": "Won",
                  "balance": "Balance", "money": "Money", "game_types": "Games", "game": "Game", "count": "Count",
                  "moved": "Moved", "partner": "Partner"}
    assert game_title(find_family("bavarian"), "no-such-game", "de") == "no-such-game"
    assert game_title(find_family("bavarian"), "sauspiel", "en") == "Sauspiel"


def test_html_season_page_has_one_chart_and_every_evening(make_table):
    """The season page: the season's chart (over the evenings) and the ratings' (RULES §13), then
    every evening with its settlement and sheet but without a chart of its own; an evening's own
    page keeps its chart."""
    t = season(make_table)
    html = export(t, "html", "--all")
    assert html.count('<figure class="chart">') == 2
    ratings = html[html.index('<section class="ratings"'):html.index('<section class="player"')]
    assert ratings.count('<figure class="chart">') == 1 and "<h3>Die Wertung nach jedem Abend</h3>" in ratings
    season_html = html[html.index('<section class="season"'):html.index('<section class="ratings"')]
    assert '<figure class="chart">' in season_html and "<h3>Stände über die Saison</h3>" in season_html
    assert "den Verlauf eines Abends zeigt sein eigener Bericht" in season_html
    assert html.count('<section class="session"') == 3 and "<h3>Verlauf der Stände</h3>" not in html
    assert html.count("<h3>Block</h3>") == 3 and html.count('<table class="settle">') == 3
    evening = export(t, "html", "--session", "2")
    assert evening.count('<figure class="chart">') == 1 and "<h3>Verlauf der Stände</h3>" in evening
    assert evening.count('<svg viewBox="0 0 ') == 2 and '<section class="season"' not in evening


def test_markdown_writes_quotes_as_they_are(make_table):
    """Markdown escapes what could make HTML (<, >, &) and its own table syntax, not quotes:
    an English Deutscher export says "Sheep's heads", not "Sheep&#x27;s heads"."""
    t = make_table(family="deutscher", players=["Anna", "Ben", "Cora", "Dora"], language="en")
    t.ok("draw", "--seed", "1")
    r = t.ok("export", "--format", "md")
    assert "Sheep's heads" in r.stdout and "&#x27;" not in r.stdout
