"""RULES §12, "Decisions where the sources are open": each decision through the real command line,
one test (or a few) named after it. Every amount is worked out by hand in the comment beside it.

Default tariffs: Bavarian sauspiel 10, solo 50 (wenz, geier, farb- as solo), bettel 30, ramsch 10,
schneider/schwarz/laufende 10, stock 10; Wendish normal 10, solo 30; Deutscher head 50,
strokes_per_head 9; Sheepshead in points.
"""

import pytest

from tests.conftest import draw_partners

FOUR = ["Anna", "Ben", "Cora", "Dora"]
FIVE = [*FOUR, "Emil"]


def rules(**pairs):
    """``make_table(replace=...)``: each ``key = default`` line of a new table file set to a value."""
    return {f"{key} = {old} ": f"{key} = {new} " for key, (old, new) in pairs.items()}


def bock(*triggers, hands=None, stack=None):
    out = {"bock_after = [] ": "bock_after = [" + ", ".join(f'"{t}"' for t in triggers) + "] "}
    if hands is not None:
        out['bock_hands = "round" '] = f"bock_hands = {hands} "
    if stack is not None:
        out['bock_stack = "queue" '] = f'bock_stack = "{stack}" '
    return out


def pays(t, *args):
    return t.json(*args)["payouts"]


# -- calc prices a game exactly as add would record it now -----------------------------------------

def test_calc_prices_as_add_would_record_now_stock_and_bock_included(make_table):
    t = make_table(language="en", replace={'all_pass = "redeal"': 'all_pass = "stock"', **bock("schwarz")})
    t.ok("add", "weiter")  # everyone pays 10 into the Stock: 40
    t.ok("add", "wenz", "co", "120", "sw")  # 50 + 10 + 10 = 70 from each; schwarz: a Bock round (4 hands)
    before = t.ledger_bytes()
    calc = t.json("calc", "sau", "an", "be", "70")
    assert t.ledger_bytes() == before  # calc writes nothing
    # Bock: 10 x 2 = 20 from each loser; the won partner game takes the Stock, 20 to each winner
    assert calc["payouts"] == {"Anna": 40, "Ben": 40, "Cora": -20, "Dora": -20}
    assert calc["stock"] == -40 and calc["bock"] == 2
    added = t.json("add", "sau", "an", "be", "70")
    assert {k: added[k] for k in calc} == calc


def test_calc_prices_as_add_would_record_now_doublers_included(make_table):
    t = make_table(family="sheepshead", players=FIVE, replace={'no_pick = "leaster"': 'no_pick = "doubler"'})
    t.ok("add", "doubler")  # the next hand counts x2
    before = t.ledger_bytes()
    # Anna picks, Ben her partner, 70 points: tier 1, x2: picker +4, partner +2, each opponent -2
    calc = t.json("calc", "pick", "an", "be", "70")
    assert calc["payouts"] == {"Anna": 4, "Ben": 2, "Cora": -2, "Dora": -2, "Emil": -2}
    assert t.ledger_bytes() == before
    added = t.json("add", "pick", "an", "be", "70")
    assert {k: added[k] for k in calc} == calc


def test_calc_prices_as_add_would_record_now_muss_solo_included(make_table):
    t = make_table(family="wendish", replace=rules(muss_solo=(0, 1), muss_solo_penalty=(0, 20)))
    t.ok("add", "solo", "an", "still", "70")  # Anna's silent solo: 30 from each; she owes none now
    before = t.ledger_bytes()
    calc = t.json("calc", "solo", "be", "herz", "80")  # Ben's Herz-Solo won: 30 from each
    assert calc["payouts"] == {"Anna": -30, "Ben": 90, "Cora": -30, "Dora": -30}
    assert t.ledger_bytes() == before
    assert t.json("standings")["muss_solo_owed"] == {"Ben": 1, "Cora": 1, "Dora": 1}  # the calc played nothing
    added = t.json("add", "solo", "be", "herz", "80")
    assert {k: added[k] for k in calc} == calc
    assert t.json("standings")["muss_solo_owed"] == {"Cora": 1, "Dora": 1}


def test_calc_on_a_fresh_table_makes_no_ledger(make_table):
    t = make_table()
    assert pays(t, "calc", "sau", "an", "be", "72") == {"Anna": 10, "Ben": 10, "Cora": -10, "Dora": -10}
    assert not t.ledger_path.exists()


# -- largest-remainder ties go to the seating order ------------------------------------------------

SEATED = ["Xaver", "Anna", "Ben", "Cora", "Dora"]  # seating order, not the alphabet


def test_largest_remainder_ties_stock_returned_in_seating_order(make_table):
    t = make_table(players=SEATED, replace={'all_pass = "redeal"': 'all_pass = "stock"', "stock = 10 ": "stock = 3 "})
    t.ok("add", "weiter")  # Xaver deals and sits out: Anna, Ben, Cora, Dora pay 3 each, the Stock holds 12
    closed = t.json("settle", "--close")
    # 12 back to five players: 2 each, the 2 cents left to the first listed: Xaver and Anna
    assert closed["balances"] == {"Xaver": 3, "Anna": 0, "Ben": -1, "Cora": -1, "Dora": -1}


def test_largest_remainder_ties_deutscher_heads_in_seating_order(make_table):
    t = make_table(family="deutscher", players=SEATED, replace={"head = 50 ": "head = 1 "})
    draw_partners(t, "Anna", "Ben", SEATED[1:])  # Xaver deals and sits out
    t.ok("add", "spiel", "an", "be", "0", "sw")  # lost schwarz: Cora and Dora book 9 strokes, a head each
    data = t.json("settle")
    assert data["heads"] == {"Xaver": 0, "Anna": 0, "Ben": 0, "Cora": 1, "Dora": 1}
    # 2 x (heads - 2/5) x 1 cent: -0.8, -0.8, -0.8, 1.2, 1.2; floors -1, -1, -1, 1, 1 leave one
    # cent; every remainder is 0.2: it goes to the first listed, Xaver
    assert data["balances"] == {"Xaver": 0, "Anna": -1, "Ben": -1, "Cora": 1, "Dora": 1}


# -- Bock triggers -----------------------------------------------------------------------------------

def test_bock_a_won_sie_counts_as_schwarz(make_table):
    t = make_table(language="en", replace=bock("schwarz"))
    sie = t.json("add", "sie", "an", "l8")  # (solo 50 + 8 x 10) x 4 = 520 from each
    assert sie["payouts"] == {"Anna": 1560, "Ben": -520, "Cora": -520, "Dora": -520}
    assert sie["explanation"].endswith("; Bock after schwarz")
    assert (t.json("standings")["bock_hands"], t.json("standings")["bock_next"]) == (4, 2)
    assert pays(t, "add", "sau", "be", "co", "70") == {"Anna": -20, "Ben": 20, "Cora": 20, "Dora": -20}


def test_bock_a_won_bettel_triggers_nothing(make_table):
    t = make_table(preset="wirtshaus", replace=bock("schwarz", "sixty_sixty", "kontra_lost", "sie"))
    won = t.json("add", "bettel", "an", "+")  # Bettel 30 from each; the declarer took no trick
    assert won["payouts"] == {"Anna": 90, "Ben": -30, "Cora": -30, "Dora": -30}
    assert "Bock" not in won["explanation"]
    assert t.json("standings")["bock_hands"] == 0
    assert pays(t, "add", "sau", "an", "be", "70") == {"Anna": 10, "Ben": 10, "Cora": -10, "Dora": -10}


def test_bock_a_ramsch_triggers_nothing_jungfrau_and_60_60_included(make_table):
    t = make_table(preset="wirtshaus", replace=bock("schwarz", "sixty_sixty", "kontra_lost", "sie"))
    # Anna and Ben 60:60, Anna named the loser; Cora and Dora Jungfrau: 10 x 2 x 2 = 40 to each
    got = t.json("add", "ramsch", "--augen", "Anna=60,Ben=60,Cora=0,Dora=0", "--loser", "Anna",
                 "--jungfrau", "Cora", "--jungfrau", "Dora")
    assert got["payouts"] == {"Anna": -120, "Ben": 40, "Cora": 40, "Dora": 40}
    assert t.json("standings")["bock_hands"] == 0
    t.ok("add", "ramsch", "be", "jf", "an", "jf", "co")  # two Jungfrau: 10 x 4 = 40 from Ben to each
    assert t.json("standings")["bock_hands"] == 0


def test_bock_hands_counts_distinct_hands_and_the_answer_shows_the_next_multiplier(make_table):
    t = make_table(language="en", replace=bock("schwarz", hands=2, stack="double"))
    first = t.ok("add", "wenz", "co", "120", "sw").stdout.splitlines()  # 70 from each; Bock for 2 hands
    assert first[-1] == "Next dealer: Ben · Bock: 2 hands left, the next counts x2"
    # in Bock, schwarz again: 70 x 2 = 140 from each; a second round lies over the next two hands
    second = t.ok("add", "wenz", "co", "120", "sw").stdout.splitlines()
    assert second[1] == "Anna -€1.40, Ben -€1.40, Cora +€4.20, Dora -€1.40"
    # hands 3 (x4: two rounds over it) and 4 (x2): two distinct hands, not three rounds' worth
    assert second[-1] == "Next dealer: Cora · Bock: 2 hands left, the next counts x4"
    standings = t.json("standings")
    assert (standings["bock_hands"], standings["bock_next"]) == (2, 4)
    assert "Bock: 2 hands left, the next counts x4" in t.ok("standings").stdout
    assert pays(t, "add", "sau", "an", "be", "70") == {"Anna": 40, "Ben": 40, "Cora": -40, "Dora": -40}
    last = t.ok("add", "sau", "an", "be", "70").stdout.splitlines()  # 10 x 2
    assert last[1] == "Anna +€0.20, Ben +€0.20, Cora -€0.20, Dora -€0.20" and last[-1] == "Next dealer: Anna"


@pytest.mark.parametrize("family,players,name", [
    ("sheepshead", FIVE, "Sheepshead"), ("deutscher", FOUR, "Deutscher Schafskopf")])
def test_bock_after_is_refused_by_rules_check_outside_bavarian_and_wendish(make_table, family, players, name):
    t = make_table(family=family, players=players, language="en", replace={"[rules]\n": '[rules]\nbock_after = ["schwarz"]\n'})
    line = t.path.read_text(encoding="utf-8").splitlines().index('bock_after = ["schwarz"]') + 1
    assert t.refused("rules", "--check") == (
        f"Error: {t.path}, line {line}: [rules] bock_after is a Bavarian and Wendish house rule: {name} plays no "
        "Bock rounds.\nRemove the key.\n")


def test_bock_wendish_plays_it(make_table):
    t = make_table(family="wendish", replace=bock("schwarz"))
    t.ok("rules", "--check")
    t.ok("add", "normal", "an", "be", "120", "sw")  # 10 + 10 + 10 = 30 each; Bock for 4 hands
    assert pays(t, "add", "normal", "co", "do", "70") == {"Anna": -20, "Ben": -20, "Cora": 20, "Dora": 20}


def test_bock_pending_hands_end_with_the_session(make_table):
    t = make_table(replace=bock("schwarz"))
    t.ok("add", "wenz", "co", "120", "sw")  # Bock for 4 hands
    assert t.json("standings")["bock_hands"] == 4
    t.ok("settle", "--close")
    got = t.json("add", "sau", "an", "be", "70")  # a new evening: no Bock left, 10 each
    assert got["payouts"] == {"Anna": 10, "Ben": 10, "Cora": -10, "Dora": -10} and "bock" not in got
    assert t.json("standings")["bock_hands"] == 0


# -- Schieben doubles the Stock payment wherever Legen does ------------------------------------------

PUSH_STOCK = {'all_pass = "ramsch"': 'all_pass = ["ramsch", "stock"]', "schieben = false": "schieben = true"}


def test_schieben_doubles_the_stock_payment_where_legen_does(make_table):
    t = make_table(preset="wirtshaus", replace={**PUSH_STOCK, "stock_doubles = false": "stock_doubles = true"})
    # one push: the Ramsch 10 x 2 = 20 from Ben to each; the Stock 10 x 2 = 20 from everyone
    got = t.json("add", "ramsch", "be", "sch1")
    assert got["payouts"] == {"Anna": 0, "Ben": -80, "Cora": 0, "Dora": 0} and got["stock"] == 80
    # laid once and pushed once: the Ramsch 10 x 4 = 40 to each, the Stock 10 x 4 = 40 from everyone
    got = t.json("add", "ramsch", "--loser", "Cora", "--schieben", "1", "--legen", "1")
    assert got["payouts"] == {"Anna": 0, "Ben": 0, "Cora": -160, "Dora": 0} and got["stock"] == 160


def test_schieben_leaves_the_stock_payment_alone_without_stock_doubles(make_table):
    t = make_table(preset="wirtshaus", replace=PUSH_STOCK)
    got = t.json("add", "ramsch", "be", "sch1")  # Ramsch 20 to each; the Stock 10 from everyone
    assert got["payouts"] == {"Anna": 10, "Ben": -70, "Cora": 10, "Dora": 10} and got["stock"] == 40


# -- Ramsch: every other player a Jungfrau ------------------------------------------------------------

def test_ramsch_every_other_player_jungfrau_is_the_losers_durchmarsch(make_table):
    t = make_table(preset="wirtshaus", language="en")
    # Ben took every trick: his Durchmarsch, he receives the ramsch tariff 10 from each
    short = t.json("calc", "ramsch", "be", "jf", "an", "jf", "co", "jf", "do")
    assert short["payouts"] == {"Anna": -10, "Ben": 30, "Cora": -10, "Dora": -10}
    assert short["won"] is True and short["explanation"] == "Ramsch: Durchmarsch by Ben, 10 = 10 from each"
    long = t.json("calc", "ramsch", "--loser", "Ben", "--jungfrau", "Anna", "--jungfrau", "Cora", "--jungfrau", "Dora")
    assert long["payouts"] == short["payouts"]
    # the Augen say it too: Ben 120, the others Jungfrau with 0
    amap = t.json("calc", "ramsch", "--augen", "Ben=120,Anna=0,Cora=0,Dora=0", "jf", "an", "jf", "co", "jf", "do")
    assert amap["payouts"] == short["payouts"]
    # a Jungfrau never doubles a Durchmarsch; Legen does: 10 x 2 = 20 from each
    assert pays(t, "calc", "ramsch", "be", "jf", "an", "jf", "co", "jf", "do", "g1") == {
        "Anna": -20, "Ben": 60, "Cora": -20, "Dora": -20}
    # two Jungfrau are no Durchmarsch: Ben loses 10 x 2 x 2 = 40 to each
    assert pays(t, "calc", "ramsch", "be", "jf", "an", "jf", "co") == {"Anna": 40, "Ben": -120, "Cora": 40, "Dora": 40}


def test_ramsch_every_other_player_jungfrau_pays_the_solo_tariff_where_the_table_says(make_table):
    t = make_table(preset="wirtshaus", replace={'ramsch_durchmarsch_pays = "ramsch"': 'ramsch_durchmarsch_pays = "solo"'})
    assert pays(t, "add", "ramsch", "be", "jf", "an", "jf", "co", "jf", "do") == {
        "Anna": -50, "Ben": 150, "Cora": -50, "Dora": -50}


def test_ramsch_every_other_player_jungfrau_under_an_augen_durchmarsch(make_table):
    t = make_table(preset="wirtshaus", replace={'ramsch_durchmarsch = "all_tricks"': "ramsch_durchmarsch = 91"})
    assert pays(t, "add", "ramsch", "be", "jf", "an", "jf", "co", "jf", "do") == {
        "Anna": -10, "Ben": 30, "Cora": -10, "Dora": -10}


@pytest.mark.parametrize("jungfrau,expected", [
    ("double_all", {"Anna": 80, "Ben": -240, "Cora": 80, "Dora": 80}),  # 10 x 2 x 2 x 2 to each
    ("double_individual", {"Anna": 20, "Ben": -60, "Cora": 20, "Dora": 20}),  # each Jungfrau receives double
    ("none", {"Anna": 10, "Ben": -30, "Cora": 10, "Dora": 10}),
])
def test_ramsch_every_other_player_jungfrau_without_durchmarsch_is_a_loss_doubled_as_usual(make_table, jungfrau,
                                                                                           expected):
    t = make_table(preset="wirtshaus", replace={'ramsch_durchmarsch = "all_tricks"': 'ramsch_durchmarsch = "none"',
                                                'ramsch_jungfrau = "double_all"': f'ramsch_jungfrau = "{jungfrau}"'})
    got = t.json("add", "ramsch", "be", "jf", "an", "jf", "co", "jf", "do")
    assert got["payouts"] == expected and got["won"] is False


def test_ramsch_every_other_player_jungfrau_starts_a_durchmarsch_bock(make_table):
    t = make_table(preset="wirtshaus", replace=bock("durchmarsch"))
    t.ok("add", "ramsch", "be", "jf", "an", "jf", "co", "jf", "do")
    assert t.json("standings")["bock_hands"] == 4


def test_ramsch_at_three_seats_the_same_way(make_table):
    three = ["Anna", "Ben", "Cora"]
    t = make_table(players=three, seats=3, preset="wirtshaus")
    assert pays(t, "add", "ramsch", "be", "jf", "an", "jf", "co") == {"Anna": -10, "Ben": 20, "Cora": -10}
    assert pays(t, "add", "ramsch", "an", "jf", "be") == {"Anna": -40, "Ben": 20, "Cora": 20}  # 10 x 2 to each
    t = make_table(players=three, seats=3, preset="wirtshaus", name="none",
                   replace={'ramsch_durchmarsch = "all_tricks"': 'ramsch_durchmarsch = "none"'})
    assert pays(t, "add", "ramsch", "be", "jf", "an", "jf", "co") == {"Anna": 40, "Ben": -80, "Cora": 40}


# -- the Muss-Solo penalty is paid to each active player of that hand ----------------------------------

def test_muss_solo_penalty_paid_to_each_active_player_of_the_last_hand(make_table):
    t = make_table(family="wendish", players=FIVE, replace=rules(muss_solo=(0, 1), muss_solo_penalty=(0, 20)))
    t.ok("add", "solo", "be", "still", "70")  # Anna deals, sits out: Ben +90, Cora, Dora, Emil -30
    t.ok("add", "solo", "co", "still", "70")  # Ben deals, sits out: Cora +90, Anna, Dora, Emil -30
    # Anna, Dora and Emil owe a solo; the last hand's players were Anna, Cora, Dora and Emil: each
    # debtor pays 20 to each of the other three (Ben, who sat out, gets nothing)
    # penalties: Anna -60 + 40, Ben 0, Cora +60, Dora -60 + 40, Emil -60 + 40
    closed = t.json("settle", "--close")
    assert closed["balances"] == {"Anna": -30 - 20, "Ben": 90, "Cora": 60 + 60, "Dora": -60 - 20, "Emil": -60 - 20}
    t.ok("check")


# -- a leaster counts the doublers; crack and blitz do not apply -------------------------------------

def test_leaster_is_multiplied_by_the_doublers_in_force(make_table):
    t = make_table(family="sheepshead", players=FIVE, replace={'no_pick = "leaster"': 'no_pick = "doubler"'})
    t.ok("add", "doubler")  # the next hand counts x2
    t.path.write_text(t.path.read_text(encoding="utf-8").replace('no_pick = "doubler"', 'no_pick = "leaster"'),
                      encoding="utf-8")
    got = t.json("add", "leaster", "--winner", "Ben")  # 1 x 2 from each of the four others
    assert got["payouts"] == {"Anna": -2, "Ben": 8, "Cora": -2, "Dora": -2, "Emil": -2}
    assert pays(t, "add", "leaster", "--winner", "Cora") == {"Anna": -1, "Ben": -1, "Cora": 4, "Dora": -1, "Emil": -1}


@pytest.mark.parametrize("flag,word", [("--crack", "crack"), ("--blitz", "blitz")])
def test_leaster_refuses_crack_and_blitz(make_table, flag, word):
    t = make_table(family="sheepshead", players=FIVE, language="en", replace={"blitz = false": "blitz = true"})
    assert t.refused("add", "leaster", "--winner", "Ben", flag) == (
        f"Error: {flag} does not apply to a leaster.\nDrop {flag} from the entry.\n")
    # typed in short words, answered in short words (issue 33)
    assert t.refused("add", "leaster", "be", word) == f"Error: {word} does not apply to a leaster.\nDrop {word} from the entry.\n"


# -- what a game takes -----------------------------------------------------------------------------------

def test_tout_and_sie_take_no_augen_and_no_schwarz(make_table):
    t = make_table(language="en")
    for args in (("wenz", "an", "tout", "+", "120"), ("wenz", "an", "tout", "+", "sw")):
        assert t.refused("add", *args) == ("Error: A Tout is won or lost by tricks; Augen and schwarz do not count.\n"
                                           "Drop the Augen/schwarz and enter + or -.\n"), args
    assert t.refused("add", "wenz", "--player", "an", "--tout", "--won", "--augen", "120") == (
        "Error: A Tout is won or lost by tricks; Augen and schwarz do not count.\n"
        "Drop --augen/--schwarz and enter --won or --lost.\n")
    assert t.refused("add", "sie", "an", "l8", "120") == (
        "Error: the Augen does not apply to Sie.\nDrop the Augen from the entry.\n")
    assert t.refused("add", "sie", "--player", "an", "--laufende", "8", "--schwarz") == (
        "Error: --schwarz does not apply to Sie.\nDrop --schwarz from the entry.\n")
    assert t.refused("add", "sie", "an", "l8", "sw") == "Error: schwarz does not apply to Sie.\nDrop schwarz from the entry.\n"
    assert pays(t, "calc", "wenz", "an", "tout", "+", "l2") == {"Anna": 420, "Ben": -140, "Cora": -140, "Dora": -140}


def test_wendish_takes_no_laufende_and_a_silent_solo_no_suit(make_table):
    t = make_table(family="wendish", language="en")
    assert t.refused("add", "normal", "an", "be", "70", "l3") == (
        "Error: lN does not apply to a normal game.\nDrop lN from the entry.\n")
    assert t.refused("add", "solo", "--player", "an", "--still", "--suit", "karo", "--augen", "70") == (
        "Error: A silent solo takes no --suit: diamonds stay trump.\n"
        "Drop --suit (or drop --still: a Lust-Solo in that suit).\n")
    assert t.refused("add", "solo", "an", "still", "karo", "70") == (
        "Error: A silent solo takes no --suit: diamonds stay trump.\n"
        "Drop --suit (or drop still: a Lust-Solo in that suit).\n")
    assert pays(t, "add", "solo", "an", "karo", "70") == {"Anna": 90, "Ben": -30, "Cora": -30, "Dora": -30}


# -- Deutscher -----------------------------------------------------------------------------------------

FIXED = {'partners = "per_game"': 'partners = "fixed"'}


@pytest.mark.parametrize("per_head", [9, 12, 5])
def test_deutscher_lost_schwarz_books_strokes_per_head(make_table, per_head):
    t = make_table(family="deutscher", replace={**FIXED, "strokes_per_head = 9 ": f"strokes_per_head = {per_head} "})
    got = t.json("add", "spiel", "an", "co", "0", "sw")  # the trump party lost schwarz: one head to each opponent
    assert got["payouts"] == {"Anna": 0, "Ben": per_head, "Cora": 0, "Dora": per_head}
    assert t.json("settle")["heads"] == {"Anna": 0, "Ben": 1, "Cora": 0, "Dora": 1}
    # a lost Zwangsspiel books the single values: schwarz 3
    assert pays(t, "add", "spiel", "an", "co", "0", "sw", "zwang") == {"Anna": 0, "Ben": 3, "Cora": 0, "Dora": 3}


DRAW_FIRST = ('Error: Draw first: this table draws the partners again before every game (partners = "per_game"), '
              "and none were drawn since the last one.\n"
              "Draw with schafkopf draw (in schafkopf play: draw), then enter the game.\n")


def test_deutscher_per_game_a_game_without_a_draw_is_refused(make_table):
    t = make_table(family="deutscher", language="en")
    assert t.refused("add", "spiel", "an", "co", "70") == DRAW_FIRST
    assert t.refused("calc", "spiel", "--player", "an", "--partner", "co", "--augen", "70") == DRAW_FIRST
    draw_partners(t, "Anna", "Cora")
    assert pays(t, "add", "spiel", "an", "co", "70") == {"Anna": 1, "Ben": 0, "Cora": 1, "Dora": 0}
    assert t.refused("add", "spiel", "an", "co", "70") == DRAW_FIRST  # the next game: draw again
    # fixed partners: the first game fixes them, no draw needed
    fixed = make_table(family="deutscher", language="en", replace=FIXED, name="fixed")
    fixed.ok("add", "spiel", "an", "co", "70")
    fixed.ok("add", "spiel", "be", "do", "70")


def test_deutscher_play_has_draw(make_table):
    t = make_table(family="deutscher", language="en")
    r = t.run("play", input="spiel an co 70\n")
    assert r.exit_code == 2
    assert r.stderr == "Line 1: spiel an co 70\n" + DRAW_FIRST
    drawn = t.run("play", input="draw\n")
    assert drawn.exit_code == 0 and drawn.stdout.startswith("Draw: Anna: "), drawn.stdout
    (a, b), _ = t.json("standings")["partners"]
    r = t.run("play", input=f"spiel {a} {b} 70\n")
    assert r.exit_code == 0, r.stderr
    assert t.json("standings")["balances"][a] == 1 and t.json("standings")["partners"] is None
    assert " draw, player add NAME" in t.run("play", input="help\n").stdout


# -- the table file ------------------------------------------------------------------------------------

def test_seats_3_implies_the_short_deck_unless_deck_says_otherwise(make_table):
    three = ["Anna", "Ben", "Cora"]
    t = make_table(players=three, seats=3, language="en", replace={'deck = "short"': "# no deck line"})
    t.ok("rules", "--check")
    assert t.refused("calc", "herzsolo", "an", "70", "l13") == (
        "Error: Laufende 13 is impossible in a Solo: it has 12 trumps in the short deck.\nGive l0 to l12.\n")
    t.path.write_text(t.path.read_text(encoding="utf-8").replace("# no deck line", 'deck = "long"'), encoding="utf-8")
    t.ok("rules", "--check")
    # the long deck has 14 trumps: (50 + 13 x 10) = 180 from each of two
    assert pays(t, "calc", "herzsolo", "an", "70", "l13") == {"Anna": 360, "Ben": -180, "Cora": -180}


def test_all_pass_list_of_ramsch_is_the_same_as_ramsch(make_table):
    answers = []
    for name, value in (("single", '"ramsch"'), ("listed", '["ramsch"]')):
        t = make_table(language="en", name=name, replace={'all_pass = "redeal"': f"all_pass = {value}"})
        t.ok("rules", "--check")
        refusal = t.refused("add", "weiter")
        ramsch = t.json("add", "ramsch", "be")  # Ben loses: 10 to each
        assert ramsch["payouts"] == {"Anna": 10, "Ben": -30, "Cora": 10, "Dora": 10}
        answers.append((refusal, ramsch["payouts"], ramsch["explanation"]))
    assert answers[0] == answers[1]


def test_dealer_on_any_hand_continues_the_rotation_from_that_dealer(make_table):
    t = make_table(players=FIVE, language="en")
    first = t.json("add", "sau", "be", "co", "70")  # Anna deals and sits out
    assert first["dealer"] == "Anna"
    third = t.json("add", "sau", "an", "be", "70", "--dealer", "Dora")  # Dora deals and sits out
    assert third["dealer"] == "Dora" and third["sitting_out"] == ["Dora"]
    assert t.json("standings")["next_dealer"] == "Emil"
    nxt = t.json("add", "sau", "an", "be", "70")  # Emil deals and sits out
    assert nxt["dealer"] == "Emil" and nxt["sitting_out"] == ["Emil"]
    assert t.ok("add", "sau", "be", "co", "70").stdout.splitlines()[-1] == "Next dealer: Ben (Ben sits out)"


# -- short notation and long options give the same refusal --------------------------------------------

@pytest.mark.parametrize("short,long", [
    (["sau", "an", "an", "72"], ["sauspiel", "--player", "an", "--partner", "an", "--augen", "72"]),
    (["wenz", "an", "70", "l5"], ["wenz", "--player", "an", "--augen", "70", "--laufende", "5"]),
    (["sau", "an", "be", "130"], ["sauspiel", "--player", "an", "--partner", "be", "--augen", "130"]),
    (["sau", "an", "be", "72", "re"], ["sauspiel", "--player", "an", "--partner", "be", "--augen", "72", "--re"]),
    (["sau", "an", "be", "70", "sw"], ["sauspiel", "--player", "an", "--partner", "be", "--augen", "70", "--schwarz"]),
    (["bettel", "an"], ["bettel", "--player", "an"]),
])
def test_short_notation_and_long_options_give_the_same_refusal(make_table, short, long):
    """The same fact refused, each in the form it was typed (RULES §12)."""
    from schafkopf_score.notation import short_form

    t = make_table(preset="wirtshaus", language="en")
    a, b = t.refused("add", *short), t.refused("add", *long)
    assert a.startswith("Error: ") and a == short_form(b, "en"), (a, b)


# -- settle --json: balances unrounded, paid rounded ------------------------------------------------

def test_settle_json_balances_unrounded_and_paid_as_the_transfers_clear(make_table):
    t = make_table()
    t.ok("add", "sau", "an", "be", "70")  # Anna, Ben +10; Cora, Dora -10
    t.ok("add", "herzsolo", "co", "80")  # Cora +150, the others -50
    exact = {"Anna": -40, "Ben": -40, "Cora": 140, "Dora": -60}
    plain = t.json("settle")
    assert plain["balances"] == plain["paid"] == exact
    rounded = t.json("settle", "--round", "50")
    # to 50 cents: floors -50, -50, 100, -100; the two units left go to the largest remainders (Cora, Dora)
    paid = {"Anna": -50, "Ben": -50, "Cora": 150, "Dora": -50}
    assert rounded["balances"] == exact and rounded["paid"] == paid and rounded["unrounded"] == exact
    cleared = dict.fromkeys(FOUR, 0)
    for tr in rounded["transfers"]:
        cleared[tr["from"]] -= tr["amount"]
        cleared[tr["to"]] += tr["amount"]
    assert cleared == paid
    closed = t.json("settle", "--close", "--round", "50")
    assert closed["balances"] == exact and closed["paid"] == paid
    later = t.json("settle", "--session", "1")
    assert later["balances"] == exact and later["paid"] == paid and later["closed"] is True
    paper = t.json("settle", "--from-balances", "Anna=0,40,Ben=-0,40", "--round", "50")
    assert paper["balances"] == {"Anna": 40, "Ben": -40} and paper["paid"] == {"Anna": 50, "Ben": -50}


# -- wenz NAME SUIT is that suit's Farbwenz -------------------------------------------------------------

@pytest.mark.parametrize("game,variant,suit,preset", [("wenz", "farbwenz", "herz", "official"),
                                                      ("geier", "farbgeier", "eichel", "wirtshaus")])
def test_wenz_name_suit_is_that_suits_farbwenz(make_table, game, variant, suit, preset):
    t = make_table(preset=preset, language="en")
    # a Farbwenz has 11 trumps: (50 + 11 x 10) = 160 from each; a plain Wenz would refuse l11
    words = t.json("calc", game, "an", suit, "70", "l11")
    assert words["game"] == variant and words["payouts"] == {"Anna": 480, "Ben": -160, "Cora": -160, "Dora": -160}
    for other in ([f"{suit}{game}", "an", "70", "l11"],
                  [variant, "--player", "an", "--suit", suit, "--augen", "70", "--laufende", "11"],
                  [game, "--player", "an", "--suit", suit, "--augen", "70", "--laufende", "11"]):
        assert t.json("calc", *other) == words, other
    assert t.refused("calc", game, "an", "70", "l11").startswith("Error: Laufende 11 is impossible in a ")
    added = t.json("add", game, "an", suit, "70", "l11")
    assert added["game"] == variant and added["payouts"] == words["payouts"]
    assert t.json("sheet")["sessions"][0]["hands"][0]["game"] == variant


def test_wenz_suit_where_the_table_plays_no_farbwenz(make_table):
    t = make_table(language="en", replace={'games = ["sauspiel", "wenz", "farbwenz", "solo"]':
                                           'games = ["sauspiel", "wenz", "solo"]'})
    assert t.refused("add", "wenz", "an", "herz", "70")== (
        'Error: This table does not play Farbwenz.\nAdd "farbwenz" to games in [rules] of the table file.\n')


# -- stats: "as declarer" counts the declarer alone ---------------------------------------------------

def test_stats_as_declarer_counts_the_declarer_alone_and_the_partner_apart(make_table):
    t = make_table(language="en")
    t.ok("add", "sau", "an", "be", "70")  # Anna declares with Ben: won
    t.ok("add", "sau", "co", "an", "40")  # Cora declares with Anna: lost
    t.ok("add", "herzsolo", "an", "80")  # Anna alone: won
    players = t.json("stats")["players"]
    assert {n: (p["declarer"], p["won"], p["partner"], p["partner_won"]) for n, p in players.items()} == {
        "Anna": (2, 2, 1, 0), "Ben": (0, 0, 1, 1), "Cora": (1, 0, 0, 0), "Dora": (0, 0, 0, 0)}
    rows = [[c.strip() for c in line.strip("│ ").split("│")] for line in t.ok("stats").stdout.splitlines()
            if line.startswith("│")]
    assert rows[:4] == [["Anna", "3", "2", "2", "1", "+€1.50"], ["Ben", "3", "0", "0", "1", "-€0.30"],
                        ["Cora", "3", "1", "0", "0", "-€0.70"], ["Dora", "3", "0", "0", "0", "-€0.50"]]
