"""Issue 17, the house rules of a table's life: Bock rounds (Bavarian, Wendish), ``all_pass`` as
a list (Ramsch and Stock), a Bavarian Kasse, Ramsch ``schieben``, and Sheepshead's blitz,
called ten and "rule 6". Every example is computed by hand in its comment and run through the
CLI on a table file (default tariffs: Bavarian sauspiel 10, solo 50, schneider/schwarz/laufende
10, ramsch 10, stock 10; Wendish normal 10, solo 30).
"""

import pytest

FOUR = ["Anna", "Ben", "Cora", "Dora"]
FIVE = [*FOUR, "Emil"]


def bock(triggers, hands=None, stack=None):
    """``make_table`` replacements that switch Bock rounds on."""
    out = {"bock_after = [] ": "bock_after = [" + ", ".join(f'"{t}"' for t in triggers) + "] "}
    if hands is not None:
        out['bock_hands = "round" '] = f"bock_hands = {hands} "
    if stack is not None:
        out['bock_stack = "queue" '] = f'bock_stack = "{stack}" '
    return out


SAU = ("sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "70")  # Sauspiel 10, Anna and Ben win
WENZ_SCHWARZ = ("wenz", "--player", "Cora", "--augen", "120", "--schwarz")  # 50 + 10 + 10 = 70 per opponent


# -- Bock rounds ------------------------------------------------------------------------------------

def test_bock_round_after_schwarz_doubles_the_next_four_hands_thrown_in_ones_included(make_table):
    t = make_table(language="en", replace=bock(["schwarz"]))
    first = t.json("add", *WENZ_SCHWARZ)
    # Wenz 50 + schneider 10 + schwarz 10 = 70 from each; the hand itself is no Bock hand
    assert first["payouts"] == {"Anna": -70, "Ben": -70, "Cora": 210, "Dora": -70}
    assert "bock" not in first
    assert first["explanation"] == "Wenz 50 + schneider 10 + schwarz 10 = 70 per opponent; Bock after schwarz"
    assert "Bock: 4 hands left" in t.ok("standings").stdout  # one round: as many hands as players
    second = t.json("add", *SAU)
    # Bock: Sauspiel 10 x 2 = 20 from each loser
    assert second["payouts"] == {"Anna": 20, "Ben": 20, "Cora": -20, "Dora": -20}
    assert second["bock"] == 2 and second["value"] == 20
    assert second["explanation"] == "Sauspiel 10 = 10, Bock x2 = 20 per loser"
    thrown = t.json("add", "weiter")  # a thrown-in hand is a hand of the round: it uses one up
    assert set(thrown["payouts"].values()) == {0}
    for _ in range(2):
        assert t.json("add", *SAU)["payouts"] == {"Anna": 20, "Ben": 20, "Cora": -20, "Dora": -20}
    standings = t.json("standings")
    assert (standings["bock_hands"], standings["bock_next"]) == (0, 1)
    last = t.json("add", *SAU)  # the round is over: 10 again
    assert last["payouts"] == {"Anna": 10, "Ben": 10, "Cora": -10, "Dora": -10} and "bock" not in last
    # Anna: -70 + 20 + 20 + 20 + 10 = 0; Cora: 210 - 3 x 20 - 10 = 140
    assert t.json("standings")["balances"] == {"Anna": 0, "Ben": 0, "Cora": 140, "Dora": -140}
    sheet = t.ok("sheet").stdout
    marked = [line.split()[0] for line in sheet.splitlines() if "Bock" in line]
    assert marked == ["2", "4", "5"], sheet  # the sheet marks the Bock hands
    t.ok("check")


@pytest.mark.parametrize(("stack", "third", "fourth", "fifth", "left_after_two"), [
    # queue: the second round waits behind the first: hands 3, 4, 5 are x2 (2 + 2 - 1 = 3 left)
    ("queue", 20, 20, 20, (3, 2)),
    # double: the second round lies over the first: hand 3 counts x4, hand 4 x2, hand 5 plain
    ("double", 40, 20, 10, (2, 4)),
])
def test_a_trigger_during_bock_queues_or_doubles(make_table, stack, third, fourth, fifth, left_after_two):
    t = make_table(language="en", replace=bock(["schwarz"], hands=2, stack=stack))
    t.ok("add", *WENZ_SCHWARZ)  # 70 each; Bock for 2 hands
    second = t.json("add", *WENZ_SCHWARZ)  # in Bock: 70 x 2 = 140 each, and schwarz again
    assert second["payouts"] == {"Anna": -140, "Ben": -140, "Cora": 420, "Dora": -140} and second["bock"] == 2
    standings = t.json("standings")
    assert (standings["bock_hands"], standings["bock_next"]) == left_after_two
    if stack == "double":
        assert "Bock: 2 hands left, the next counts x4" in t.ok("standings").stdout
    for value in (third, fourth, fifth):
        got = t.json("add", *SAU)
        assert got["payouts"] == {"Anna": value, "Ben": value, "Cora": -value, "Dora": -value}
        assert got.get("bock", 1) == value // 10
    if stack == "double":
        assert "Bock x4" in t.ok("sheet").stdout  # the sheet marks the x4 hand


def test_a_round_is_one_hand_per_player_at_the_table(make_table):
    # five at a four-seat table: a round is five deals. Sie Ben (Anna deals and sits out):
    # (solo 50 + 8 Laufende x 10) x 4 = 520 from each of three
    t = make_table(players=FIVE, language="en", replace=bock(["sie"]))
    sie = t.json("add", "sie", "--player", "Ben", "--laufende", "8")
    assert sie["payouts"] == {"Ben": 1560, "Cora": -520, "Dora": -520, "Emil": -520}
    assert t.json("standings")["bock_hands"] == 5
    for _ in range(4):
        t.ok("add", "weiter")
    # hand 6, Anna deals: Ben and Cora win a Sauspiel in the last Bock hand, 10 x 2 = 20
    got = t.json("add", "sauspiel", "--player", "Ben", "--partner", "Cora", "--augen", "70")
    assert got["payouts"] == {"Ben": 20, "Cora": 20, "Dora": -20, "Emil": -20} and got["bock"] == 2
    got = t.json("add", "sauspiel", "--player", "Cora", "--partner", "Dora", "--augen", "70")
    assert got["payouts"] == {"Cora": 10, "Dora": 10, "Emil": -10, "Anna": -10} and "bock" not in got


def test_bock_hands_sets_the_length(make_table):
    t = make_table(language="en", replace=bock(["schwarz"], hands=1))
    t.ok("add", *WENZ_SCHWARZ)
    assert "Bock: 1 hand left" in t.ok("standings").stdout
    assert t.json("add", *SAU)["bock"] == 2
    assert "bock" not in t.json("add", *SAU)


def test_kontra_lost_sixty_sixty_and_the_bock_factor_after_kontra(make_table):
    t = make_table(language="en", replace=bock(["kontra_lost", "sixty_sixty"]))
    # a lost Sauspiel without Kontra (50 Augen) starts nothing: 10 each
    plain = t.json("add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "50")
    assert plain["payouts"] == {"Anna": -10, "Ben": -10, "Cora": 10, "Dora": 10}
    assert t.json("standings")["bock_hands"] == 0
    # lost with Kontra: 10 x 2 = 20 each; a Bock round follows
    lost = t.json("add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "50", "--kontra")
    assert lost["payouts"] == {"Anna": -20, "Ben": -20, "Cora": 20, "Dora": 20}
    assert lost["explanation"].endswith("; Bock after a lost Kontra")
    # won with Kontra in Bock: 10 x 2 (Kontra) x 2 (Bock) = 40; a won Kontra starts nothing
    won = t.json("add", *SAU, "--kontra")
    assert won["payouts"] == {"Anna": 40, "Ben": 40, "Cora": -40, "Dora": -40}
    assert won["explanation"] == "Sauspiel 10 = 10, Kontra x2, Bock x2 = 40 per loser"
    assert t.json("standings")["bock_hands"] == 3
    # 60:60 in Bock: the declarers lose 10 x 2 = 20 each, and another round is queued (2 + 4)
    tie = t.json("add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "60")
    assert tie["payouts"] == {"Anna": -20, "Ben": -20, "Cora": 20, "Dora": 20}
    assert tie["explanation"].endswith("; Bock after 60:60")
    assert t.json("standings")["bock_hands"] == 6


def test_two_triggers_in_one_hand_start_two_rounds(make_table):
    # a lost Wenz with Kontra, schwarz (0 Augen): (50 + 10 + 10) x 2 = 140 to each
    t = make_table(replace=bock(["schwarz", "kontra_lost"]))
    got = t.json("add", "wenz", "--player", "Cora", "--augen", "0", "--schwarz", "--kontra")
    assert got["payouts"] == {"Anna": 140, "Ben": 140, "Cora": -420, "Dora": 140}
    assert got["explanation"].endswith("; Bock nach Schwarz und verlorenem Kontra")
    assert t.json("standings")["bock_hands"] == 8
    assert "Bock: noch 8 Spiele" in t.ok("standings").stdout


def test_a_durchmarsch_starts_bock_and_bock_doubles_the_ramsch(make_table):
    t = make_table(preset="wirtshaus", language="en", replace=bock(["durchmarsch"]))
    dm = t.json("add", "ramsch", "--durchmarsch", "Dora")  # Dora receives 10 from each
    assert dm["payouts"] == {"Anna": -10, "Ben": -10, "Cora": -10, "Dora": 30}
    ramsch = t.json("add", "ramsch", "--loser", "Cora")  # in Bock: 10 x 2 = 20 to each
    assert ramsch["payouts"] == {"Anna": 20, "Ben": 20, "Cora": -60, "Dora": 20} and ramsch["bock"] == 2
    assert ramsch["explanation"] == "Ramsch: Cora loses, 10, Bock x2 = 20 to each"


def test_a_correction_propagates_through_the_bock_round(make_table):
    t = make_table(replace=bock(["schwarz"]))
    t.ok("add", *WENZ_SCHWARZ)  # Cora +210
    t.ok("add", *SAU)  # Bock: 20 each
    assert t.json("standings")["balances"] == {"Anna": -50, "Ben": -50, "Cora": 190, "Dora": -90}
    # hand 1 was not schwarz after all: Wenz 50 + schneider 10 = 60; hand 2 is no Bock hand any more
    t.ok("edit", "1", "wenz", "--player", "Cora", "--augen", "100", "--reason", "not schwarz")
    # Anna: -60 + 10; Cora: 180 - 10
    assert t.json("standings")["balances"] == {"Anna": -50, "Ben": -50, "Cora": 170, "Dora": -70}
    assert "Bock" not in t.ok("standings").stdout
    t.ok("check")
    # and back to schwarz: hand 2 is a Bock hand again; undoing it leaves the whole round pending
    t.ok("edit", "1", "wenz", "--player", "Cora", "--augen", "120", "--schwarz", "--reason", "schwarz after all")
    assert t.json("standings")["balances"] == {"Anna": -50, "Ben": -50, "Cora": 190, "Dora": -90}
    t.ok("undo")
    assert t.json("standings")["bock_hands"] == 4
    t.ok("check")


def test_wendish_bock_after_sixty_sixty(make_table):
    t = make_table(family="wendish", replace=bock(["sixty_sixty"]))
    # normal game 60:60: the Alten lose 10 each (60 is no schneider)
    tie = t.json("add", "normal", "--player", "Anna", "--partner", "Ben", "--augen", "60")
    assert tie["payouts"] == {"Anna": -10, "Ben": -10, "Cora": 10, "Dora": 10}
    assert tie["explanation"] == "Normalspiel 10 je Verlierer; Bock nach 60:60"
    assert "Bock: noch 4 Spiele" in t.ok("standings").stdout
    # silent solo in Bock: 30 x 2 = 60 from each
    solo = t.json("add", "solo", "--player", "Dora", "--still", "--augen", "80")
    assert solo["payouts"] == {"Anna": -60, "Ben": -60, "Cora": -60, "Dora": 180} and solo["bock"] == 2
    assert solo["explanation"] == "Stilles Solo 30 = 30, Bock x2 = 60 je Gegner"
    assert t.json("standings")["bock_hands"] == 3
    t.ok("check")


@pytest.mark.parametrize(("family", "old", "new", "says"), [
    ("bavarian", "bock_after = [] ", 'bock_after = ["kontra_lost", "schneider"] ',
     "[rules] bock_after 'schneider' is not known"),
    ("bavarian", "bock_after = [] ", 'bock_after = ["schwartz"] ',
     "[rules] bock_after 'schwartz' is not known (did you mean 'schwarz'?)"),
    ("bavarian", "bock_after = [] ", 'bock_after = "schwarz" ', "[rules] bock_after must be a list"),
    ("wendish", "bock_after = [] ", 'bock_after = ["sie"] ',
     "[rules] bock_after 'sie' is not known; known: schwarz, sixty_sixty"),
    ("bavarian", 'bock_hands = "round" ', "bock_hands = 0 ", "[rules] bock_hands must be at least 1"),
    ("bavarian", 'bock_hands = "round" ', 'bock_hands = "runde" ', '[rules] bock_hands must be one of "round"'),
    ("wendish", 'bock_stack = "queue" ', 'bock_stack = "stack" ',
     '[rules] bock_stack must be one of "queue" or "double", not "stack"'),
])
def test_bock_keys_are_validated(make_table, family, old, new, says):
    t = make_table(family=family, language="en", replace={old: new})
    r = t.run("rules", "--check")
    assert r.exit_code == 2, r.output
    assert says in r.stderr, r.stderr


def test_bock_is_off_by_default(make_table):
    t = make_table()
    t.ok("add", *WENZ_SCHWARZ)
    assert "bock" not in t.json("add", *SAU)
    assert "bock_hands" not in t.json("standings")


# -- all_pass as a list -----------------------------------------------------------------------------

def test_all_pass_ramsch_and_stock(make_table):
    t = make_table(preset="wirtshaus", language="en",
                   replace={'all_pass = "ramsch"': 'all_pass = ["ramsch", "stock"]'})
    ramsch = t.json("add", "ramsch", "--loser", "Ben")
    # Ben pays 10 to each (-30); everyone pays stock 10 into the Stock: Ben -40, the others 0, Stock +40
    assert ramsch["payouts"] == {"Anna": 0, "Ben": -40, "Cora": 0, "Dora": 0} and ramsch["stock"] == 40
    assert ramsch["explanation"] == "Ramsch: Ben loses, 10 = 10 to each; everyone passed: each pays 10 into the Stock"
    assert "Stock: €0.40" in t.ok("standings").stdout
    # the next won partner game takes the Stock: 10 each + 40 / 2 = 30 for Anna and Cora
    won = t.json("add", "sauspiel", "--player", "Anna", "--partner", "Cora", "--augen", "70")
    assert won["payouts"] == {"Anna": 30, "Ben": -10, "Cora": 30, "Dora": -10} and won["stock"] == -40
    # a Durchmarsch feeds the Stock too: Dora +30 - 10 = +20, the others -10 - 10 = -20
    dm = t.json("add", "ramsch", "--durchmarsch", "Dora")
    assert dm["payouts"] == {"Anna": -20, "Ben": -20, "Cora": -20, "Dora": 20} and dm["stock"] == 40
    r = t.run("add", "weiter")  # everyone passed: the Ramsch is entered, not a thrown-in hand
    assert r.exit_code == 2 and "plays a Ramsch" in r.stderr
    t.ok("check")


def test_all_pass_single_string_and_one_item_list(make_table):
    t = make_table(replace={'all_pass = "redeal"': 'all_pass = ["stock"]'})
    got = t.json("add", "weiter")  # as all_pass = "stock": each pays 10
    assert got["payouts"] == {"Anna": -10, "Ben": -10, "Cora": -10, "Dora": -10} and got["stock"] == 40
    t = make_table(name="plain", replace={'all_pass = "redeal"': 'all_pass = "stock"'})
    assert t.json("add", "weiter")["stock"] == 40


@pytest.mark.parametrize(("value", "says"), [
    ('["ramsch", "forced"]', '[rules] all_pass can combine only "stock" with "ramsch" or "redeal"'),
    ('["forced", "stock"]', '[rules] all_pass can combine only "stock" with "ramsch" or "redeal"'),
    ('["ramsch", "stok"]', "[rules] all_pass 'stok' is not known (did you mean 'stock'?)"),
    ("[]", '[rules] all_pass must be one of "redeal", "ramsch", "stock" or "forced", or a list of them, not []'),
    ('"nochmal"', '[rules] all_pass must be one of "redeal", "ramsch", "stock" or "forced", not "nochmal"'),
])
def test_all_pass_combinations_are_checked(make_table, value, says):
    t = make_table(language="en", replace={'all_pass = "redeal"': f"all_pass = {value}"})
    r = t.run("rules", "--check")
    assert r.exit_code == 2, r.output
    assert says in r.stderr, r.stderr


# -- Bavarian Kasse ---------------------------------------------------------------------------------

def test_bavarian_kasse_shows_the_stakes(make_table):
    t = make_table(language="en", replace={"kasse = 0 ": "kasse = 100 "})
    t.ok("add", "wenz", "--player", "Cora", "--augen", "70")  # 50 from each
    out = t.ok("standings").stdout
    assert "Stake left: Anna €0.50, Ben €0.50, Cora €2.50, Dora €0.50" in out
    assert "used up" not in out
    t.ok("add", "wenz", "--player", "Cora", "--augen", "70")
    out = t.ok("standings").stdout
    assert "Stake left: Anna €0.00, Ben €0.00, Cora €4.00, Dora €0.00" in out
    assert "Warning: Anna's stake is used up." in out and "Warning: Dora's stake is used up." in out
    de = make_table(name="de", replace={"kasse = 0 ": "kasse = 100 "})
    de.ok("add", "wenz", "--player", "Cora", "--augen", "70")
    assert "Kasse: Anna 0,50 €, Ben 0,50 €, Cora 2,50 €, Dora 0,50 €" in de.ok("standings").stdout


# -- Ramsch schieben ------------------------------------------------------------------------------------

SCHIEBEN = {"schieben = false": "schieben = true"}


def test_schieben_doubles_the_ramsch_per_push(make_table):
    t = make_table(preset="wirtshaus", language="en", replace=SCHIEBEN)
    got = t.json("calc", "ramsch", "--loser", "Ben", "--schieben", "2")
    # 10 x 2 x 2 = 40 to each
    assert got["payouts"] == {"Anna": 40, "Ben": -120, "Cora": 40, "Dora": 40}
    assert got["explanation"] == "Ramsch: Ben loses, 10, pushed x4 = 40 to each"
    assert t.json("calc", "ramsch", "be", "sch2")["payouts"] == got["payouts"]  # the short notation
    # one laid and one push: 10 x 2 x 2 = 40; a Durchmarsch with one push: 10 x 2 = 20 from each
    assert t.json("calc", "ramsch", "--loser", "Ben", "--legen", "1", "--schieben", "1")["payouts"]["Ben"] == -120
    dm = t.json("add", "ramsch", "--durchmarsch", "Dora", "--schieben", "1")
    assert dm["payouts"] == {"Anna": -20, "Ben": -20, "Cora": -20, "Dora": 60}
    assert "Ramsch Durchmarsch Dora pushed 1" in t.ok("sheet").stdout


@pytest.mark.parametrize(("replace", "args", "says"), [
    ({}, ("ramsch", "--loser", "Ben", "--schieben", "1"), "This table plays Ramsch without schieben (schieben = false)."),
    (SCHIEBEN, ("ramsch", "--loser", "Ben", "--schieben", "5"), "--schieben 5: each of the 4 players can push once."),
    (SCHIEBEN, ("wenz", "--player", "Ben", "--augen", "70", "--schieben", "1"), "--schieben"),
])
def test_schieben_mistakes(make_table, replace, args, says):
    t = make_table(preset="wirtshaus", language="en", replace=replace)
    r = t.run("add", *args)
    assert r.exit_code == 2, r.output
    assert says in r.stderr, r.stderr
    assert not t.ledger_path.exists()


# -- Sheepshead: blitz, called ten, rule 6 --------------------------------------------------------------

def sheepshead(make_table, **replace):
    return make_table(players=FIVE, family="sheepshead", replace=replace)


def test_blitz_doubles_the_hand(make_table):
    t = sheepshead(make_table, **{"blitz = false": "blitz = true"})
    # 004: Ben and Eva (Emil here) 94: tier 2; blitz x2 = 4: Ben +8, Emil +4, each opponent -4
    got = t.json("add", "pick", "--picker", "Ben", "--partner", "Emil", "--points", "94", "--blitz")
    assert got["payouts"] == {"Anna": -4, "Ben": 8, "Cora": -4, "Dora": -4, "Emil": 4}
    assert got["explanation"] == "Ben and Emil won with 94 points, schneider: tier 2, blitz x2 = 4 per opponent"
    # blitz and crack, in the short notation: tier 1 x 2 x 2 = 4
    both = t.json("calc", "pick", "ben", "emil", "70", "blitz", "crack")
    assert both["payouts"] == {"Anna": -4, "Ben": 8, "Cora": -4, "Dora": -4, "Emil": 4}
    assert "Pick Ben+Emil 94 Blitz" in t.ok("sheet").stdout


def test_blitz_needs_the_switch(make_table):
    t = sheepshead(make_table)
    r = t.run("add", "pick", "--picker", "Ben", "--partner", "Emil", "--points", "94", "--blitz")
    assert r.exit_code == 2
    assert "This table plays without blitzing (blitz = false)." in r.stderr


def test_called_ten_scores_as_a_called_ace(make_table):
    t = sheepshead(make_table, **{'variant = "called_ace"': 'variant = "called_ten"'})
    # the picker held all three fail aces and called a ten; Emil held it: tier 1, Ben +2, Emil +1
    got = t.json("add", "pick", "--picker", "Ben", "--partner", "Emil", "--points", "70")
    assert got["payouts"] == {"Anna": -1, "Ben": 2, "Cora": -1, "Dora": -1, "Emil": 1}
    r = t.run("add", "pick", "--picker", "Ben", "--points", "70")
    assert r.exit_code == 2 and "Who was the picker's partner?" in r.stderr
    four = make_table(name="four", players=FOUR, family="sheepshead",
                      replace={'variant = "blind4"': 'variant = "called_ten"'})
    r = four.run("rules", "--check")
    assert r.exit_code == 2 and '"called_ten" is not played four-handed' in r.stderr


@pytest.mark.parametrize(("exempt", "payouts"), [
    # lost with no trick: tier 3, on the bump x2 = 6: Ben -12, Emil -6, each opponent +6
    (False, {"Anna": 6, "Ben": -12, "Cora": 6, "Dora": 6, "Emil": -6}),
    # rule 6: Emil pays as without no-trick (tier 2 x 2 = 4), Ben the rest (-12 - 2 = -14)
    (True, {"Anna": 6, "Ben": -14, "Cora": 6, "Dora": 6, "Emil": -4}),
])
def test_rule_6_partner_exempt_from_the_no_trick_loss(make_table, exempt, payouts):
    t = sheepshead(make_table, **({"partner_exempt_no_trick = false": "partner_exempt_no_trick = true"}
                                  if exempt else {}))
    got = t.json("add", "pick", "--picker", "Ben", "--partner", "Emil", "--points", "0", "--schwarz")
    assert got["payouts"] == payouts
    if exempt:
        assert got["explanation"].endswith("; Emil is exempt from the no-trick loss (rule 6) and pays 4, "
                                           "the picker the rest")
    # a win against a side with no trick is as always: tier 3, Ben +6, Emil +3
    won = t.json("add", "pick", "--picker", "Ben", "--partner", "Emil", "--points", "120", "--schwarz")
    assert won["payouts"] == {"Anna": -3, "Ben": 6, "Cora": -3, "Dora": -3, "Emil": 3}
    # alone there is no partner to exempt: tier 3 x 2 = 6 from Ben to each of four
    alone = t.json("add", "pick", "--picker", "Ben", "--alone", "--points", "0", "--schwarz")
    assert alone["payouts"] == {"Anna": 6, "Ben": -24, "Cora": 6, "Dora": 6, "Emil": 6}
    t.ok("check")
