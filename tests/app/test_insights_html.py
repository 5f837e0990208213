"""The HTML report's ratings and players' pages (RULES §13, issue 37): ``export --format html``
shows the ratings as ``rating`` gives them and a section per player with his page's figures."""

from __future__ import annotations

import os
import re

import pytest

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


def test_a_seasons_ratings_worked_out_aside_give_the_same_page(make_table, tmp_path, monkeypatch):
    """From ``ASIDE_FROM`` sessions on, a helper process reads every hand, counts the players'
    pages and sends each hand's match, which this process rates: the page is byte for byte the
    one worked out in one process, and so is it where the helper dies (this process works them
    out itself)."""
    import os

    from schafkopf_score.app import hand_facts, insights_report
    from tests.app.test_rating import season

    t = season(make_table)  # three evenings: a void, an edit, a rename, each closed

    def page(name: str) -> bytes:
        out = tmp_path / name
        t.ok("export", "--all", "--format", "html", "--out", str(out))
        return out.read_bytes()

    alone = page("alone.html")
    real_send = hand_facts._send_matches
    marker = tmp_path / "helper.pid"
    monkeypatch.setattr(insights_report, "ASIDE_FROM", 2)
    monkeypatch.setattr(hand_facts, "_send_matches",
                        lambda *a, **k: (marker.write_text(str(os.getpid())), real_send(*a, **k)))
    assert page("aside.html") == alone
    assert int(marker.read_text()) != os.getpid()  # read by a helper of its own
    monkeypatch.setattr(hand_facts, "_send_matches", lambda *a, **k: os._exit(1))  # dies before it sends
    assert page("died.html") == alone
    assert b'<table class="ratings">' in alone and alone.count(b'<section class="player"') == 5


def test_an_export_that_fails_leaves_no_helper_behind(make_table, tmp_path, monkeypatch):
    """The evenings fail to be written (a fault, a full disk) while the helper still works on
    the ratings: the export says so and the helper is stopped, not left running."""
    import multiprocessing

    from schafkopf_score.app import insights_report
    from schafkopf_score.export import html_report
    from tests.app.test_rating import season

    t = season(make_table)
    monkeypatch.setattr(insights_report, "ASIDE_FROM", 2)

    def broken(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(html_report, "session_block", broken)
    r = t.run("export", "--all", "--format", "html", "--out", str(tmp_path / "s.html"))
    assert r.exit_code != 0 and "No space left on device" in r.stderr, (r.exit_code, r.stderr)
    assert multiprocessing.active_children() == [] and not (tmp_path / "s.html").exists()


@pytest.mark.slow
@pytest.mark.parallel
def test_a_postgresql_seasons_page_worked_out_aside_is_the_sqlite_ones(make_table, tmp_path, monkeypatch, pg_url):
    """On a PostgreSQL ledger the helper opens a connection of its own (the one this process
    holds is never used across the fork): the same season gives the same page as on SQLite."""
    from schafkopf_score.app import insights_report
    from tests.app.test_rating import season
    from tests.conftest import Table

    lite = season(make_table)
    export = tmp_path / "season.json"
    lite.ok("export", "--all", "--format", "json", "--out", str(export))
    (tmp_path / "pg").mkdir()
    pg = Table(tmp_path / "pg" / lite.path.name)  # the same table file, its ledger on the server
    pg.path.write_text(f'ledger = "{pg_url}"\n' + lite.path.read_text(encoding="utf-8"), encoding="utf-8")
    pg.ok("import", str(export))
    monkeypatch.setattr(insights_report, "ASIDE_FROM", 2)
    pages = []
    for t, name in ((lite, "lite.html"), (pg, "pg.html")):
        t.ok("export", "--all", "--format", "html", "--out", str(tmp_path / name))
        pages.append((tmp_path / name).read_bytes())
    assert pages[0] == pages[1] and b'<table class="ratings">' in pages[0]


@pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="reads /proc")
def test_a_killed_export_leaves_no_helper_behind(make_table, tmp_path):
    """``export --format html`` killed while its helper works out a season's insights: the
    helper ends too. It held the pipe's reading end it was forked with, so it waited for ever to
    send them (more than a pipe holds) to nobody, with the exporting process's output open."""
    from tests.app.test_rating import big_season, killed_while_its_helper_works

    t = big_season(make_table, tmp_path, 600)
    killed_while_its_helper_works(t, "export", "--all", "--format", "html", "--out", str(tmp_path / "s.html"))


def test_a_process_with_other_threads_works_the_insights_out_itself(make_table, monkeypatch):
    """A fork copies only the thread that forks, and a lock another thread held then stays held
    in the helper for ever: where this process runs other threads (the table server), the
    HTML report's insights are worked out here, as ``rating`` reads its hands here."""
    import threading

    from schafkopf_score.app import insights_report
    from schafkopf_score.ledger import open_ledger
    from schafkopf_score.table import load_table
    from tests.app.test_rating import season

    t = season(make_table)
    cfg = load_table(t.path)
    monkeypatch.setattr(insights_report, "ASIDE_FROM", 2)
    with open_ledger(cfg) as ledger:
        ids = ledger.session_ids()
        alone = insights_report.insights_aside(cfg, ledger, ids)
        assert alone is not None  # one thread: a helper
        assert alone() == insights_report.insights(cfg, ledger, ids)
        stop = threading.Event()
        other = threading.Thread(target=stop.wait)
        other.start()
        try:
            assert insights_report.insights_aside(cfg, ledger, ids) is None
        finally:
            stop.set()
            other.join()
