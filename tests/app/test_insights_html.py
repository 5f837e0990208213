"""The HTML report's ratings and players' pages (RULES §13, issue 37): ``export --format html``
shows the ratings as ``rating`` gives them and a section per player with his page's figures."""

from __future__ import annotations

import re

from tests.app.test_player_page import evening


def test_the_report_shows_the_ratings_and_each_players_page(make_table, tmp_path):
    t = evening(make_table)
    out = tmp_path / "abend.html"
    t.ok("export", "--format", "html", "--out", str(out))
    html = out.read_text(encoding="utf-8")
    ratings = t.json("rating")["ratings"]
    table = html[html.index('<table class="ratings">'):html.index("</table>", html.index('<table class="ratings">'))]
    rows = re.findall(r"<tr><td class=\"n\">(\d+)</td><td>([^<]+)(?:<span[^>]*>[^<]*</span>)?</td>"
                      r"<td class=\"n\"><b>([\d.,-]+)</b></td><td class=\"n\">([^<]+)</td><td class=\"n\">(\d+)</td>",
                      table)
    assert [(r[1].strip(), float(r[2]), r[3], int(r[4])) for r in rows] == [
        (r["player"], r["rating"], f"{r['low']:.1f} – {r['high']:.1f}", r["hands"]) for r in ratings]
    assert [int(r[0]) for r in rows] == [1, 2, 3, 4]
    assert "provisional: fewer than 30 rated hands" in html
    # a section per player, with the page's own words and figures
    anna = html[html.index('<section class="player" id="player-Anna">'):]
    anna = anna[:anna.index("</section>")]
    assert "<h2>Anna</h2>" in anna and "23 hands, 11 won; money" in anna and "+€0.60" in anna
    assert "Buddy: Ben (8 of 11 won together)" in anna and "Nemesis: Cora (2 of 11 won together)" in anna
    assert "Best hand: session 1, hand 23 (Wenz)" in anna and "Longest runs: 7 won, 9 lost" in anna
    assert "Kontra given 2 (1 won), received 0 (0 won)" in anna
    assert html.count('<section class="player"') == 4
    de = evening(make_table, "de")
    de.ok("export", "--format", "html", "--out", str(tmp_path / "de.html"))
    german = (tmp_path / "de.html").read_text(encoding="utf-8")
    assert "<h2>Wertung</h2>" in german and "Lieblingspartner: Ben (8 von 11 zusammen gewonnen)" in german
