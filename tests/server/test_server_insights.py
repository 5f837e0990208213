"""What the evenings tell, on the phone (issue 37 item 6, RULES §13): ``/ratings`` shows the
ratings and every player's page as the HTML report does, ``?player=NAME`` one player's page;
``GET /api/rating`` and ``GET /api/player`` answer what ``rating --json`` and ``stats --player
--json`` answer; a code that only reads may see them."""

from __future__ import annotations

import html

from tests.serving import Server, cli

HANDS = [["sau", "an", "be", "72", "l3"], ["wenz", "co", "91"], ["sau", "do", "an", "40"], ["herzsolo", "be", "61"]]


def test_the_ratings_and_a_players_page_answer_what_the_cli_answers(make_table):
    t = make_table(players=["Anna", "Ben", "Cora", "Dora"], language="de")
    with Server(t.path) as s:
        status, got = s.get("/api/rating", code="view")
        assert status == 200 and got == t.json("rating")  # no hand yet: nobody rated
        status, page = s.request("GET", "/ratings", code=s.view)[::2]
        assert status == 200 and "Wertung" in page.decode()
        for hand in HANDS:
            cli(t.path, "add", *hand)
        cli(t.path, "settle", "--close", "--yes")
        cli(t.path, "add", "sau", "an", "co", "61")
        assert s.get("/api/rating", code="view") == (200, t.json("rating"))
        assert s.get("/api/rating?all=1", code="view") == (200, t.json("rating", "--all"))
        for query, args in (("name=an", ["--player", "an"]), ("name=Ben&all=1", ["--player", "Ben", "--all"]),
                            ("name=co&session=1", ["--player", "co", "--session", "1"])):
            assert s.get(f"/api/player?{query}", code="view") == (200, t.json("stats", *args)), query
        status, got = s.get("/api/player?name=Zoe", code="view")
        refused = t.run("stats", "--player", "Zoe")
        assert status == 422 and f"Fehler: {got['error']}\n{got['hint']}\n" == refused.stderr, got
        assert s.get("/api/player", code="view")[0] == 422  # the name is needed
        # the page: the rating table, and a section per player, as the HTML report has them
        status, _, body = s.request("GET", "/ratings", code=s.view)
        page = html.unescape(body.decode())
        assert status == 200 and '<table class="ratings">' in page
        for name in ("Anna", "Ben", "Cora", "Dora"):
            assert f'<section class="player" id="player-{name}">' in page, name
        status, _, body = s.request("GET", "/ratings?player=be", code=s.view)
        page = body.decode()
        assert status == 200 and 'id="player-Ben"' in page and 'id="player-Anna"' not in page
        assert '<a href="/ratings">' in page
        status, _, body = s.request("GET", "/ratings?player=Zoe", code=s.view)
        assert status == 422 and "Zoe" in html.unescape(body.decode())


def test_a_hostile_name_on_the_ratings_page_is_escaped(make_table):
    t = make_table(players=["<b>Anna", "Ben", "Cora", "Dora"], language="en")
    cli(t.path, "add", "sau", "<b", "be", "72")
    with Server(t.path) as s:
        status, _, body = s.request("GET", "/ratings", code=s.view)
        page = body.decode()
        assert status == 200 and "<b>Anna" not in page and "&lt;b&gt;Anna" in page


def test_a_seasons_ratings_are_read_by_the_server_itself_never_by_a_forked_helper(make_table, tmp_path):
    """``/api/rating`` on a season (from ``ASIDE_FROM`` sessions on, where ``rating`` reads the
    hands in a forked helper) while other requests are answered: the server reads them itself.
    Forked from its worker thread, a helper took along locks other threads held at that moment
    (SQLite's allocator's): it waited for ever, and so did the request."""
    import threading
    import time

    from schafkopf_score.app.hand_facts import ASIDE_FROM
    from tests.app.test_rating import big_season
    from tests.store.test_import_helpers import helpers_of

    t = big_season(make_table, tmp_path, ASIDE_FROM)  # 200 evenings
    expected = t.json("rating", "--all")
    with Server(t.path) as s:
        children: set[int] = set()
        answers: list[tuple[int, object]] = []
        done = threading.Event()

        def watch() -> None:
            while not done.is_set():
                children.update(helpers_of(s.proc.pid))
                time.sleep(0.002)

        def ask(path: str) -> None:
            for _ in range(3):
                answers.append((path, *s.get(path, code="view")))

        watcher = threading.Thread(target=watch)
        watcher.start()
        askers = [threading.Thread(target=ask, args=(path,)) for path in ["/api/rating?all=1"] * 3 + ["/api/standings"] * 3]
        for a in askers:
            a.start()
        for a in askers:
            a.join()
        done.set()
        watcher.join()
        assert children == set()
        assert [status for _, status, _ in answers] == [200] * 18
        assert all(got == expected for path, _, got in answers if path.startswith("/api/rating"))


def test_the_phones_page_money_is_what_settle_shows(make_table):
    """RULES §7 on the phone too: a thrown-in hand's Stock money counts on a player's page (the
    page added up only the played hands: Anna -0,30 where settle says -0,40)."""
    t = make_table(players=["Anna", "Ben", "Cora", "Dora"], language="de",
                   replace={'all_pass = "redeal"': 'all_pass = "stock"'})
    for hand in (["sau", "an", "be", "72"], ["pass"], ["sau", "an", "co", "20"]):
        cli(t.path, "add", *hand)
    assert t.json("settle")["balances"]["Anna"] == -40
    with Server(t.path) as s:
        status, _, body = s.request("GET", "/ratings?player=an", code=s.view)
        page = html.unescape(body.decode())
    anna = page[page.index('<section class="player" id="player-Anna">'):]
    assert status == 200 and "-0,40 €" in anna[:anna.index("</p>")], anna[:400]


def test_a_players_page_says_one_hand_in_the_singular_on_the_phone_and_in_the_export(make_table):
    """After one hand the page said "1 hands" / "1 Spiele", on the phone and in the HTML report."""
    for lang, one, two in (("en", "<p>1 hand, 1 won; money", "<p>2 hands, 1 won; money"),
                           ("de", "<p>1 Spiel, 1 gewonnen; Geld", "<p>2 Spiele, 1 gewonnen; Geld")):
        t = make_table(players=["Anna", "Ben", "Cora", "Dora"], language=lang, name=f"t{lang}")
        cli(t.path, "add", "wenz", "an", "70")
        with Server(t.path) as s:
            page = html.unescape(s.request("GET", "/ratings?player=Anna", code=s.view)[2].decode())
            assert one in page and "1 hands" not in page and "1 Spiele" not in page
            cli(t.path, "add", "wenz", "be", "70")
            assert two in html.unescape(s.request("GET", "/ratings?player=Anna", code=s.view)[2].decode())
        report = t.ok("export", "--format", "html").stdout
        assert two in report and "1 hands" not in report and "1 Spiele" not in report
