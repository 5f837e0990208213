"""``schafkopf stats --player NAME`` (RULES §13, issue 37): a player's own page through the
command line, every figure worked out by hand from the hands entered."""

from __future__ import annotations

import json

import pytest

from tests.conftest import assert_language


def evening(make_table, language="en"):
    """Anna's evening (four players, tariff 10/50): 23 hands, worked by hand in the test."""
    t = make_table(language=language, name=f"evening-{language}")
    for _ in range(7):
        t.ok("add", "sau", "an", "be", "72")  # Anna+Ben win 10 each
    for _ in range(3):
        t.ok("add", "sau", "an", "be", "50")  # lose 10
    for _ in range(2):
        t.ok("add", "sau", "an", "co", "72")  # Anna+Cora win 10
    for _ in range(8):
        t.ok("add", "sau", "an", "co", "50")  # lose 10
    t.ok("add", "herzsolo", "be", "100", "k")  # Ben's Solo, schneider, Kontra: (50+10) x 2 = 120 from each
    t.ok("add", "sau", "co", "do", "40", "k")  # Cora+Dora lose against Anna+Ben's Kontra: 20
    t.ok("add", "wenz", "an", "100")  # Anna's Wenz, schneider: 60 from each, +180
    return t


def test_a_players_page_worked_by_hand(make_table):
    t = evening(make_table)
    page = t.json("stats", "--player", "an")
    assert page["player"] == "Anna" and page["sessions"] == [1] and page["unit"] == "cent"
    # 23 hands; won: 7 + 2 (Sauspiele) + 1 (against Cora and Dora) + 1 (the Wenz) = 11
    # money: 70 - 30 + 20 - 80 + 20 (Sauspiele: 0) - 120 + 180 = +60
    assert (page["hands"], page["won"], page["money"]) == (23, 11, 60)
    assert page["by_game"] == [
        {"game": "sauspiel", "hands": 21, "won": 10, "money": 0, "declarer": {"hands": 20, "won": 9},
         "partner": {"hands": 0, "won": 0}},
        {"game": "solo", "hands": 1, "won": 0, "money": -120, "declarer": {"hands": 0, "won": 0},
         "partner": {"hands": 0, "won": 0}},
        {"game": "wenz", "hands": 1, "won": 1, "money": 180, "declarer": {"hands": 1, "won": 1},
         "partner": {"hands": 0, "won": 0}},
    ]
    assert page["roles"] == {"declarer": {"hands": 21, "won": 10}, "partner": {"hands": 0, "won": 0},
                             "opponent": {"hands": 2, "won": 1}}
    # on the same side: Ben 10 + 1 (against Cora and Dora), Cora 10 + 1 (against Ben's Solo), Dora 1
    assert page["partners"] == [{"player": "Ben", "hands": 11, "won": 8}, {"player": "Cora", "hands": 11, "won": 2},
                                {"player": "Dora", "hands": 1, "won": 0}]
    assert page["buddy"] == {"player": "Ben", "hands": 11, "won": 8}
    assert page["nemesis"] == {"player": "Cora", "hands": 11, "won": 2} and page["min_together"] == 10
    assert page["best_hand"] == {"session": 1, "hand": 23, "game": "wenz", "amount": 180}
    assert page["worst_hand"] == {"session": 1, "hand": 21, "game": "solo", "amount": -120}
    # runs: 7 won, 3 lost, 2 won, 8 + 1 lost, 2 won
    assert page["streaks"] == {"won": 7, "lost": 9, "current": 2}
    # Kontra: given against Ben's Solo (lost) and against Cora and Dora (won); none received
    assert page["kontra"] == {"given": {"hands": 2, "won": 1}, "against": {"hands": 0, "won": 0}}
    assert "record" not in page  # a Bavarian page keeps no record of its own
    rated = {r["player"]: r for r in t.json("rating", "--chart")["ratings"]}
    history = [{"session": p["session"], "rating": p["rating"]} for p in rated["Anna"]["history"]]
    assert page["rating"] == {**rated["Anna"], "history": history, "rank": list(rated).index("Anna") + 1, "of": 4}
    # the figures add up to what stats and settle say of her
    stats = t.json("stats")["players"]["Anna"]
    assert (stats["games"], stats["declarer"], stats["balance"]) == (page["hands"], 21, page["money"])
    assert t.json("settle")["balances"]["Anna"] == page["money"]


def test_the_page_as_text_in_english_and_german(make_table):
    t = evening(make_table)
    out = t.ok("stats", "--player", "Anna").stdout
    for line in ("Anna: session 1", "23 hands, 11 won (48 %), money +€0.60",
                 "Buddy: Ben (8 of 11 won together).", "Nemesis: Cora (2 of 11 won together).",
                 "Best hand: session 1, hand 23 (Wenz) +€1.80", "Worst hand: session 1, hand 21 (Solo) -€1.20",
                 "Longest runs: 7 won, 9 lost; now: 2 won", "Kontra given: 2 (1 won); received: 0 (0 won)"):
        assert line in out.splitlines(), line
    assert "Rating " in out and "place " in out and "provisional" in out
    de = evening(make_table, "de")
    out = de.ok("stats", "--player", "an").stdout
    for line in ("Anna: Abend 1", "23 Spiele, 11 gewonnen (48 %), Geld +0,60 €",
                 "Lieblingspartner: Ben (8 von 11 zusammen gewonnen).",
                 "Angstgegner: Cora (2 von 11 zusammen gewonnen).",
                 "Längste Serien: 7 gewonnen, 9 verloren; jetzt: 2 gewonnen",
                 "Kontra gegeben: 2 (1 gewonnen); bekommen: 0 (0 gewonnen)"):
        assert line in out.splitlines(), line


def test_the_page_of_a_session_and_of_the_season(make_table):
    t = make_table(language="en")
    t.ok("add", "sau", "an", "be", "72")
    t.ok("settle", "--close")
    t.ok("add", "sau", "an", "co", "50")
    t.ok("player", "rename", "Anna", "Anne")
    assert t.json("stats", "--player", "anne")["hands"] == 1  # the latest session
    assert t.json("stats", "--player", "Anna", "--session", "1")["money"] == 10  # an earlier name finds her
    season = t.json("stats", "--player", "anne", "--all")
    assert (season["player"], season["sessions"], season["hands"], season["won"], season["money"]) == \
        ("Anne", [1, 2], 2, 1, 0)
    assert season["rating"]["hands"] == 2 and len(season["rating"]["history"]) == 2


def test_a_sheepshead_page_speaks_sheepshead(make_table):
    t = make_table(players=["Anna", "Ben", "Cora", "Dora", "Emil"], family="sheepshead", language="en")
    t.ok("add", "pick", "--player", "an", "--partner", "be", "--augen", "70")
    t.ok("add", "pick", "--player", "an", "--alone", "--augen", "40")
    t.ok("add", "pick", "--player", "co", "--partner", "an", "--augen", "91")
    t.ok("add", "leaster", "--winner", "an")
    page = t.json("stats", "--player", "anna")
    assert page["unit"] == "point"
    assert page["record"] == {"picks": {"hands": 2, "won": 1}, "alone": {"hands": 1, "won": 0},
                              "partner": {"hands": 1, "won": 1}, "leasters": {"hands": 1, "won": 1}}
    out = t.ok("stats", "--player", "anna").stdout
    assert "Picks 2 (1 won), alone 1 (0), as partner 1 (1), leasters 1 (1 won)" in out
    # the page adds up points, and says so (settle shows them as money: point_value cents each)
    assert page["money"] == 0 and "4 hands, 3 won (75 %), points 0\n" in out and " money " not in out
    assert "Points" in out.split("Games")[1].splitlines()[2]
    html = t.ok("export", "--format", "html").stdout
    assert "<p>4 hands, 3 won; points <span" in html and "; money <span" not in html
    # a crack is Sheepshead's Kontra: the page says crack (it said Kontra)
    t.ok("add", "pick", "--player", "be", "--partner", "co", "--augen", "70", "--crack")
    out = t.ok("stats", "--player", "anna").stdout
    assert "\nCrack given: 1 (0 won); received: 0 (0 won)\n" in out and "Kontra" not in out
    html = t.ok("export", "--format", "html").stdout
    assert "Crack given 1 (0 won), received 0 (0 won)</p>" in html and "Kontra" not in html


@pytest.mark.parametrize("family,language", [("wendish", "de"), ("deutscher", "en")])
def test_a_page_at_a_family_without_kontra_has_no_kontra_line(make_table, family, language):
    """Wendish and Deutscher tables know no Kontra (their sources have none): the page has no
    line of it (it said *Kontra gegeben: 0 (0 gewonnen); bekommen: 0 (0 gewonnen)*)."""
    t = make_table(family=family, language=language, replace={'partners = "per_game"': 'partners = "fixed"'}
                   if family == "deutscher" else None)
    t.ok("add", "normal" if family == "wendish" else "spiel", "--player", "an", "--partner", "be", "--augen", "70")
    out = t.ok("stats", "--player", "an").stdout
    assert out.splitlines()[-1] == ("Längste Serien: 1 gewonnen, 0 verloren; jetzt: 1 gewonnen" if language == "de"
                                    else "Longest runs: 1 won, 0 lost; now: 1 won")
    assert "Kontra" not in out
    html = t.ok("export", "--format", "html").stdout
    assert ("<p>Längste Serien: 1 gewonnen, 0 verloren</p>" if language == "de"
            else "<p>Longest runs: 1 won, 0 lost</p>") in html
    assert "Kontra" not in html


def test_wrong_names_and_a_tournament_are_refused(make_table, tmp_path):
    t = evening(make_table)
    err = t.refused("stats", "--player", "Xaver")
    assert err == "Error: 'Xaver' is not a player at this table.\nPlayers here: Anna, Ben, Cora, Dora.\n"
    assert "Anna, Ben" in t.refused("stats", "--player", "")
    de = make_table(language="de", name="de")
    de.ok("add", "sau", "an", "be", "72")
    err = de.refused("stats", "--player", "Xaver")
    assert_language(err, "de")
    assert de.refused("stats", "--player", "an", "--session", "7").startswith("Fehler: Es gibt keinen Abend 7.")
    from tests.app.test_tournament import tournament

    cup = tournament(tmp_path, name="cup2")
    err = cup.refused("stats", "--player", "Anna")
    assert err.startswith("Error: ") and "tournament" in err


def test_a_deutscher_page_counts_strokes_against_him(make_table):
    t = make_table(family="deutscher", language="en", replace={'partners = "per_game"': 'partners = "fixed"'})
    t.ok("add", "spiel", "--player", "an", "--partner", "co", "--augen", "70")  # Anna+Cora: 1 stroke each
    t.ok("add", "spiel", "--player", "an", "--partner", "co", "--augen", "20")  # lost: Ben and Dora book 4 each
    page = t.json("stats", "--player", "an")
    assert (page["unit"], page["hands"], page["won"], page["money"]) == ("stroke", 2, 1, 1)
    assert page["best_hand"]["amount"] == 1 and page["worst_hand"] == {"session": 1, "hand": 2, "game": "spiel",
                                                                       "amount": -4}
    assert page["streaks"] == {"won": 1, "lost": 1, "current": -1}
    assert page["partners"] == [{"player": "Cora", "hands": 2, "won": 1}]
    de = t.ok("stats", "--player", "an").stdout
    assert "2 hands, 1 won (50 %), strokes +1" in de and "Strokes" in de


def test_the_page_money_is_what_settle_shows_with_stock_and_rounding(make_table, tmp_path):
    """RULES §7: a thrown-in hand's Stock money, the Stock returned at the close and the cash
    rounding are the player's money too (the page added up only the played hands' payouts)."""
    t = make_table(language="en", replace={'all_pass = "redeal"': 'all_pass = "stock"'})
    t.ok("add", "sau", "an", "be", "72")  # Anna +10
    t.ok("add", "pass")  # everyone -10, the Stock 40
    t.ok("add", "sau", "an", "co", "20")  # Anna+Cora lose with schneider: -20 each, and double the Stock: -20
    assert t.json("settle")["balances"]["Anna"] == -40
    assert t.json("stats", "--player", "an")["money"] == -40  # was -30: the pass left out
    assert "2 hands, 1 won (50 %), money -€0.40" in t.ok("stats", "--player", "an").stdout.splitlines()
    # the Stock of 80 back in equal shares (Anna -20), rounded to 50 cents: Anna pays nothing
    t.ok("settle", "--close", "--round", "50")
    t.ok("add", "sau", "an", "do", "72")  # Anna +10
    season = t.json("stats", "--player", "an", "--all")
    assert t.json("settle", "--all")["balances"]["Anna"] == season["money"] == 10  # was -20
    assert sum(g["money"] for g in season["by_game"]) == -20  # the games: the hands as played
    out = tmp_path / "season.html"
    t.ok("export", "--format", "html", "--all", "--out", str(out))
    anna = out.read_text(encoding="utf-8")
    anna = anna[anna.index('<section class="player" id="player-Anna">'):]
    assert "3 hands, 2 won; money" in anna and "+€0.10" in anna[:anna.index("</section>")]


def test_a_seasons_page_worked_out_by_a_helper_is_the_same_page(make_table, tmp_path, monkeypatch):
    """Over a season a helper process reads every hand and works the player's figures and money
    out while this one rates the hands: the page is the one worked out in one process, and so is
    it where the helper dies before it answers (this process works it out itself)."""
    import multiprocessing
    import os

    from schafkopf_score.app import hand_facts, player_page
    from tests.app.test_rating import DiesAfterOneChunk, season

    t = season(make_table)  # three evenings: a void, an edit, a rename, each closed

    def page() -> str:
        return t.ok("stats", "--player", "Cora", "--all", "--json").stdout

    alone = page()
    real = hand_facts._send_matches
    marker = tmp_path / "helper.pid"
    monkeypatch.setattr(player_page, "ASIDE_FROM", 2)
    monkeypatch.setattr(hand_facts, "_send_matches", lambda *a: (marker.write_text(str(os.getpid())), real(*a)))
    assert page() == alone
    assert int(marker.read_text()) != os.getpid()  # worked out by a helper of its own
    monkeypatch.setattr(hand_facts, "_send_matches", lambda *a: os._exit(1))  # dies before it answers
    assert page() == alone
    monkeypatch.setattr(hand_facts, "_CHUNK", 3)  # dies after its first hands: all worked out here afresh
    monkeypatch.setattr(hand_facts, "_send_matches",
                        lambda cfg, ids, send, *rest: real(cfg, ids, DiesAfterOneChunk(send), *rest))
    assert page() == alone and multiprocessing.active_children() == []
    data = json.loads(alone)
    assert data["sessions"] == [1, 2, 3] and data["rating"]["of"] == 5 and data["hands"] > 0

