"""What the exports count as rows (issue 33, items 2 and 4), through the real command line and
the files it writes:

- an early payout (``settle --player``) is a row of its own in the Markdown and HTML sheets
  and in the chat text, and in the JSON export, so that the running totals and the HTML chart
  end at the figures the settlement on the same page shows (the CSV's row is in
  tests/app/test_export_paid.py);
- a Deutscher draw is no hand (RULES §12): the chat text and the HTML page count the games
  without the draws, and the chart's axis has one point per game."""

import json
import re

import pytest

from tests.app.test_language_export import Page
from tests.conftest import draw_partners


def _file(t, fmt):
    out = t.path.with_name(f"out.{fmt}")
    t.ok("export", "--format", fmt, "--out", str(out))
    return out.read_text(encoding="utf-8")


def paid_out_evening(make_table, language):
    """Official tariff (Sauspiel 10, Solo 50): Sauspiel Anna+Ben won (+10 +10 -10 -10); Ben is
    paid out his 10 (Cora pays him); Wenz Cora won (+150, -50 each). Balances: Anna 10-50 = -40,
    Ben 10-10-50 = -50, Cora -10+10+150 = 150, Dora -10-50 = -60."""
    t = make_table(language=language)
    t.ok("add", "sau", "an", "be", "72")
    t.ok("settle", "--player", "Ben")
    t.ok("add", "wenz", "co", "80")
    assert t.json("settle")["balances"] == {"Anna": -40, "Ben": -50, "Cora": 150, "Dora": -60}
    return t


WORDS = {"de": ("Ben nach Spiel 1 ausbezahlt", "0,10 €", "0,00 €", "-0,10 €", "-0,40 €", "-0,50 €", "1,50 €",
                "-0,60 €", "Cora zahlt Ben 0,10 €", "2 Spiele gespielt", "2 Spiele"),
         "en": ("Ben paid out after hand 1", "€0.10", "€0.00", "-€0.10", "-€0.40", "-€0.50", "€1.50", "-€0.60",
                "Cora pays Ben €0.10", "2 hands played", "2 hands")}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_markdown_sheet_has_the_payout_row_and_ends_at_the_settlement(make_table, lang):
    paid, p10, zero, m10, m40, m50, p150, m60, *_ = WORDS[lang]
    md = _file(paid_out_evening(make_table, lang), "md")
    rows = md.split("|---:|---|---:|---:|---:|---:|\n")[1].split("\n\n")[0].splitlines()
    assert len(rows) == 3
    assert rows[1] == f"|  | *{paid}* | {p10} | {zero} | {zero} | {m10} |"
    assert rows[2].endswith(f" | {m40} | {m50} | {p150} | {m60} |")  # what the settlement shows
    assert f"| Ben | {m50} | {m50} |" in md


@pytest.mark.parametrize("lang", ["de", "en"])
def test_html_sheet_and_chart_end_at_the_settlement(make_table, lang):
    paid, p10, zero, m10, m40, m50, p150, m60, _, _, hands = WORDS[lang]
    html = _file(paid_out_evening(make_table, lang), "html")
    rows = re.findall(r"<tr(?: class=\"(\w+)\")?>(.*?)</tr>", html.split('<table class="sheet">')[1].split("</table>")[0])
    cells = [(kind, re.findall(r"<td[^>]*>(.*?)</td>", row)) for kind, row in rows if "<td" in row]
    assert cells[1] == ("payment", ["", "", paid, p10, zero, zero, m10])
    assert cells[2][1][3:] == [m40, m50, p150, m60]
    assert f'<p class="muted">{hands}</p>' in html  # the payout is no game
    # the chart (drawn twice, narrow and wide): a point per hand and one for the payout, at the
    # amounts the sheet shows; the hands' numbers on the axis, none under the payout
    series = {"Anna": [0, 10, 10, -40], "Ben": [0, 10, 0, -50], "Cora": [0, -10, 0, 150], "Dora": [0, -10, -10, -60]}
    for svg in re.findall(r"<svg viewBox.*?</svg>", html):
        lines = dict((name, points) for points, name in re.findall(r'points="([^"]+)"><title>([^<]+)</title>', svg))
        ys = {name: [float(p.split(",")[1]) for p in pts.split()] for name, pts in lines.items()}
        assert {name: len(v) for name, v in ys.items()} == {name: 4 for name in series}
        (v0, y0), (v1, y1) = (0, ys["Anna"][0]), (150, ys["Cora"][3])
        scale = (y1 - y0) / (v1 - v0)  # the y axis is linear: every point sits where its amount does
        for name, values in series.items():
            assert ys[name] == pytest.approx([y0 + scale * v for v in values], abs=0.11), name
        assert re.findall(r'text-anchor="middle" fill="#333">([^<]*)<', svg) == ["1", "2"]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_chat_text_names_the_payout(make_table, lang):
    paid, *_, pays, played, _ = WORDS[lang]
    lines = _file(paid_out_evening(make_table, lang), "text").splitlines()
    assert lines[1:3] == [played, f"{paid}: {pays}"]
    assert lines[3] == ("Stand: Cora +1,50 €, Anna -0,40 €, Ben -0,50 €, Dora -0,60 €" if lang == "de" else
                        "Balance: Cora +€1.50, Anna -€0.40, Ben -€0.50, Dora -€0.60")


def test_json_export_keeps_the_payout_as_a_record_of_its_own(make_table):
    data = json.loads(_file(paid_out_evening(make_table, "de"), "json"))
    (session,) = data["sessions"]
    assert [{k: p[k] for k in ("hand", "player", "amounts", "transfers")} for p in session["payments"]] == [
        {"hand": 1, "player": "Ben", "amounts": {"Ben": -10, "Cora": 10},
         "transfers": [{"from": "Cora", "to": "Ben", "amount": 10}]}]
    assert [g["hand"] for g in session["games"]] == [1, 2]


def test_stats_do_not_count_the_payout_as_a_game(make_table):
    t = paid_out_evening(make_table, "en")
    players = t.json("stats")["players"]
    assert {p: players[p]["games"] for p in players} == {"Anna": 2, "Ben": 2, "Cora": 2, "Dora": 2}
    assert {p: players[p]["money"] for p in players} == {"Anna": -40, "Ben": -50, "Cora": 150, "Dora": -60}


# -- a Deutscher draw is no hand -----------------------------------------------------------------

def deutscher_with_draws(make_table, lang):
    """Three games, each after its draw (six rows of the ledger, three hands)."""
    t = make_table(family="deutscher", language=lang)
    for first, second, words in (("Anna", "Cora", ["an", "co", "70"]), ("Ben", "Dora", ["be", "do", "20"]),
                                 ("Anna", "Ben", ["an", "be", "100"])):
        draw_partners(t, first, second)
        t.ok("add", "spiel", *words)
    return t


@pytest.mark.parametrize("lang,played,count", [("de", "3 Spiele gespielt", "3 Spiele"),
                                               ("en", "3 hands played", "3 hands")])
def test_deutscher_draws_are_not_counted_as_games(make_table, lang, played, count):
    t = deutscher_with_draws(make_table, lang)
    assert {p["games"] for p in t.json("stats")["players"].values()} == {3}
    assert _file(t, "text").splitlines()[1] == played
    html = _file(t, "html")
    assert f'<p class="muted">{count}</p>' in html
    for svg in re.findall(r"<svg viewBox.*?</svg>", html):  # one point per game, numbered 1 2 3
        assert re.findall(r'text-anchor="middle" fill="#333">([^<]*)<', svg) == ["1", "2", "3"]
        assert {len(pts.split()) for pts in re.findall(r'points="([^"]+)"', svg)} == {4}
    # the sheet still shows each draw (what was drawn), under the hand it was drawn for
    text = "".join(Page(html).text)
    assert text.count("Los " if lang == "de" else "Draw ") == 3


@pytest.mark.parametrize("lang", ["de", "en"])
def test_markdown_sheet_shows_what_the_close_booked(make_table, lang):
    """A Wendish evening with one Muss-Solo each (penalty 20): Normal Anna+Ben 72 (+10 +10 -10
    -10), Herz-Solo Cora 70 won (+90, -30 each). At the close Anna, Ben and Dora each still owe
    one and pay 20 to each other player: Anna, Ben, Dora -20, Cora +60. The sheet's last row is
    the close's booking, so that its totals are the balances the settlement shows."""
    t = make_table(family="wendish", language=lang,
                   replace={"muss_solo = 0": "muss_solo = 1", "muss_solo_penalty = 0": "muss_solo_penalty = 20"})
    t.ok("add", "normal", "an", "be", "72")
    t.ok("add", "solo", "co", "--suit", "herz", "70")
    t.ok("settle", "--close")
    assert t.json("settle", "--session", "1")["balances"] == {"Anna": -40, "Ben": -40, "Cora": 140, "Dora": -60}
    md = _file(t, "md")
    rows = md.split("|---:|---|---:|---:|---:|---:|\n")[1].split("\n\n")[0].splitlines()
    label, m40, p140, m60, m20, p80, m40b = {
        "de": ("Abschluss →", "-0,40 €", "1,40 €", "-0,60 €", "-0,20 €", "0,80 €", "-0,40 €"),
        "en": ("Closing →", "-€0.40", "€1.40", "-€0.60", "-€0.20", "€0.80", "-€0.40")}[lang]
    assert rows[1].endswith(f" | {m20} | {m20} | {p80} | {m40b} |")  # after the solo
    assert rows[2] == f"|  | *{label}* | {m40} | {m40} | {p140} | {m60} |"
    assert f"| Cora | {p140} | {p140} |" in md
