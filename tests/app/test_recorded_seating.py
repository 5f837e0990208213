"""RULES §1 as amended: who dealt a hand and who sat it out are facts recorded with it. A
correction of an earlier hand re-prices the later ones (Stock, Bock, doublers, Muss-Solo) but
never re-deals them; the answer names the hands it re-priced and by how much."""

import sqlite3

from tests.app.test_evening import STOCK, stock_evening

FIVE = ["Anna", "Ben", "Cora", "Dora", "Emil"]


def _seated(t):
    """(hand, dealer, sitting out, payouts) of every valid hand, as the sheet gives them."""
    hands = t.json("sheet")["sessions"][0]["hands"]
    return [(h["hand"], h["dealer"], h["sitting_out"], h["payouts"]) for h in hands if not h["void"]]


def test_the_guides_wirtshaus_example_never_charges_who_sat_out(make_table):
    """The issue's case: at a table of five, ``void 2`` once re-dealt hand 4 and charged Cora,
    who sat it out, 0,50 € for a Wenz she never played."""
    t = make_table(players=FIVE, preset="wirtshaus")
    t.ok("add", "solo", "--player", "Cora", "--suit", "herz", "--augen", "105", "--laufende", "4", "--legen", "1")
    t.ok("add", "sauspiel", "--player", "Dora", "--partner", "Emil", "--augen", "72")
    t.ok("add", "sauspiel", "--player", "Dora", "--partner", "Emil", "--augen", "72")
    t.ok("undo", "--reason", "entered twice")
    t.ok("add", "wenz", "--player", "Emil", "--augen", "80")
    before = _seated(t)
    assert before[2] == (4, "Cora", ["Cora"], {"Anna": -50, "Ben": -50, "Dora": -50, "Emil": 150})
    r = t.ok("void", "2", "--reason", "wrong partner")
    # nothing re-priced: hand 4 is the same Wenz, dealt by Cora, Cora sitting out
    assert r.stdout == "Spiel 2 (Sauspiel Dora+Emil 72) ist gestrichen; das Spielbuch behält es, als gestrichen markiert.\n"
    assert _seated(t) == [before[0], before[2]]
    assert t.json("standings")["balances"] == {"Anna": -50, "Ben": -250, "Cora": 600, "Dora": -250, "Emil": -50}
    # the next hand continues from the last recorded one: Cora dealt hand 4, so Dora deals
    assert t.json("calc", "wenz", "--player", "Anna", "--augen", "70")["dealer"] == "Dora"
    assert t.run("check").exit_code == 0


def test_a_void_at_a_table_of_five_keeps_every_later_seating(make_table):
    t = make_table(players=FIVE, language="en")
    t.ok("add", "wenz", "--player", "Ben", "--augen", "70")    # Anna deals and sits out
    t.ok("add", "wenz", "--player", "Anna", "--augen", "70")   # Ben deals and sits out
    t.ok("add", "wenz", "--player", "Dora", "--augen", "30")   # Cora deals and sits out
    later = _seated(t)[1:]
    # once refused ("Anna would deal hand 2 and sit out"): the cards were dealt as they were
    r = t.ok("void", "1")
    assert r.stdout == "Hand 1 (Wenz Ben 70) is void; the ledger keeps it, marked void.\n"
    assert _seated(t) == later
    assert t.json("calc", "weiter")["dealer"] == "Dora"
    assert t.run("check").exit_code == 0


def test_an_edit_keeps_the_hands_seating_unless_it_names_one(make_table):
    t = make_table(players=FIVE, language="en")
    t.ok("add", "wenz", "--player", "Ben", "--augen", "70")    # Anna deals and sits out
    t.ok("add", "wenz", "--player", "Anna", "--augen", "70")   # Ben deals and sits out
    t.ok("edit", "1", "wenz", "--player", "Cora", "--augen", "70", "--yes")
    assert [s[:3] for s in _seated(t)] == [(1, "Anna", ["Anna"]), (2, "Ben", ["Ben"])]
    # Anna sat hand 1 out: naming her in it is refused, and nothing is written
    r = t.run("edit", "1", "wenz", "--player", "Anna", "--augen", "70", "--yes")
    assert r.exit_code == 2 and "Anna" in r.stderr
    # an edit that names who sat out says otherwise, and only for that hand
    t.ok("edit", "1", "wenz", "--player", "Anna", "--augen", "70", "--sitting-out", "Emil", "--yes")
    assert [s[:3] for s in _seated(t)] == [(1, "Anna", ["Emil"]), (2, "Ben", ["Ben"])]
    assert t.run("check").exit_code == 0


def test_a_void_names_the_hands_it_re_priced_and_by_how_much(make_table):
    """The Stock evening of test_evening: voiding the second ``weiter`` leaves 40 in the Stock
    before hand 3 instead of 80, so the lost Sauspiel pays half as much into it and the won
    Sauspiel of hand 5 takes half as much out."""
    t = stock_evening(make_table)
    r = t.ok("void", "2", "--reason", "entered twice")
    assert r.stdout == (
        "Spiel 2 (Weiter) ist gestrichen; das Spielbuch behält es, als gestrichen markiert.\n"
        "Spiel 3 neu bewertet: Anna +0,20 €, Ben +0,20 €, Stock -0,40 €\n"
        "Spiel 5 neu bewertet: Cora -0,40 €, Dora -0,40 €, Stock +0,80 €\n")
    t2 = stock_evening(lambda **kw: make_table(**kw, name="en"), language="en")
    assert t2.json("void", "2") == {
        "voided": 2, "game": "weiter", "session": 1,
        "repriced": [{"hand": 3, "payouts": {"Anna": 20, "Ben": 20}, "stock": -40},
                     {"hand": 5, "payouts": {"Cora": -40, "Dora": -40}, "stock": 80}]}


def test_an_edit_names_the_hands_it_re_priced(make_table):
    t = make_table(replace=STOCK, language="en")
    t.ok("add", "weiter")                                   # each pays 10: Stock 40
    t.ok("add", "sau", "an", "be", "72")                    # won: Anna and Ben take the Stock
    out = t.json("edit", "1", "sau", "co", "do", "70", "--yes")
    # hand 1 is now a won Sauspiel (10 each), so hand 2 finds no Stock to take
    assert out["repriced"] == [{"hand": 2, "payouts": {"Anna": -20, "Ben": -20}, "stock": 40}]
    assert t.run("check").exit_code == 0


def test_a_ledger_with_a_re_dealt_hand_keeps_its_figures(make_table):
    """A ledger written before the amendment may hold a later hand that a void re-dealt (and
    restated): its stored dealer is a fact now, so it replays as stored and ``check`` holds."""
    t = make_table(players=FIVE, language="en")
    t.ok("add", "wenz", "--player", "Ben", "--augen", "70")
    t.ok("add", "wenz", "--player", "Cora", "--augen", "70")
    con = sqlite3.connect(t.ledger_path)
    stored = con.execute("SELECT outcome FROM games ORDER BY id").fetchall()
    con.close()
    assert '"dealer": "Ben"' in stored[1][0] and '"sitting_out": ["Ben"]' in stored[1][0]
    assert t.run("check", "--full").exit_code == 0


def test_a_deutscher_draw_is_not_a_hand(make_table):
    """RULES §12: hands are numbered without draws, and counts of games played leave them out
    (once, ten games and their draws were reported as 21 games)."""
    t = make_table(family="deutscher", language="en")
    draw = t.json("draw", "--seed", "1")
    assert draw["hand"] == 1  # the draw is for hand 1 ...
    assert t.ok("add", "spiel", "an", "do", "70").stdout.startswith("Hand 1 recorded: Game Anna+Dora 70.")  # ... and so is the game
    t.ok("draw", "--seed", "2")
    stats = t.json("stats")
    assert {n: p["games"] for n, p in stats["players"].items()} == {"Anna": 1, "Ben": 1, "Cora": 1, "Dora": 1}
    assert list(stats["games"]) == ["spiel"]
    hands = t.json("sheet")["sessions"][0]["hands"]
    assert [(h["hand"], h["game"]) for h in hands] == [(1, "draw"), (1, "spiel"), (2, "draw")]
    # void 1 is the game, never the draw; there is no hand 2 yet
    assert t.json("void", "1")["game"] == "spiel"
    r = t.run("void", "2")
    assert r.exit_code == 2 and r.stderr.startswith("Error: There is no hand 2 in session 1")
    assert t.run("check").exit_code == 0


def test_one_replay_deals_after_a_player_left_as_the_table_does():
    """Once two replays disagreed: ``weiter`` under A,B,C,D then under A,C,D,E gave dealers
    A, A in one and A, C in the other. The one replay left follows the table: B left, so the
    deal passes from A to C."""
    from schafkopf_score.rules.model import GameEntry
    from schafkopf_score.session.fold import replay
    from schafkopf_score.table import make_rules

    before = make_rules("bavarian", ["A", "B", "C", "D"])
    after = make_rules("bavarian", ["A", "C", "D", "E"])
    hands = list(replay([(GameEntry("weiter"), before), (GameEntry("weiter"), after)]))
    assert [h.seating.dealer for h in hands] == ["A", "C"]
