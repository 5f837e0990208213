"""Sheepshead (RULES.md section 5): every formula with hand-computed points."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schafkopf_score.errors import IllegalEntry
from schafkopf_score.rules.model import GameEntry
from schafkopf_score.session.fold import replay
from schafkopf_score.table import make_rules
from tests.conftest import payouts, score

FIVE = ["Anna", "Ben", "Carla", "Dan", "Eva"]


def five(**rules):
    return make_rules("sheepshead", FIVE, rules=rules)


def test_seed_004_ben_picks_eva_partner_94_points():
    assert payouts(five(), "pick", player="Ben", partner="Eva", augen=94) == {
        "Anna": -2, "Ben": 4, "Carla": -2, "Dan": -2, "Eva": 2}


@pytest.mark.parametrize(
    "points,schwarz,picker,partner,opp",
    [
        (61, False, 2, 1, -1),
        (90, False, 2, 1, -1),
        (91, False, 4, 2, -2),
        (120, False, 4, 2, -2),
        (120, True, 6, 3, -3),
        # losses on the bump: the whole hand counts double
        (60, False, -4, -2, 2),
        (31, False, -4, -2, 2),
        (30, False, -8, -4, 4),
        (0, False, -8, -4, 4),
        (0, True, -12, -6, 6),
    ],
)
def test_partner_tiers_with_bump(points, schwarz, picker, partner, opp):
    out = payouts(five(), "pick", player="Anna", partner="Ben", augen=points, schwarz=schwarz)
    assert out == {"Anna": picker, "Ben": partner, "Carla": opp, "Dan": opp, "Eva": opp}


@pytest.mark.parametrize(
    "points,schwarz,picker,opp",
    [(70, False, 4, -1), (95, False, 8, -2), (120, True, 12, -3),
     (50, False, -8, 2), (20, False, -16, 4), (0, True, -24, 6)],
)
def test_alone_every_tier_with_bump(points, schwarz, picker, opp):
    out = payouts(five(), "pick", player="Anna", alone=True, augen=points, schwarz=schwarz)
    assert out == {"Anna": picker, "Ben": opp, "Carla": opp, "Dan": opp, "Eva": opp}


@pytest.mark.parametrize("points,picker,partner,opp", [(50, -2, -1, 1), (20, -4, -2, 2)])
def test_without_the_bump(points, picker, partner, opp):
    out = payouts(five(on_the_bump=False), "pick", player="Anna", partner="Ben", augen=points)
    assert out == {"Anna": picker, "Ben": partner, "Carla": opp, "Dan": opp, "Eva": opp}


def test_crack_and_recrack_with_the_bump():
    # lost, tier 2, crack x2, recrack x2, bump x2: t = 2 x 8 = 16
    out = payouts(five(), "pick", player="Anna", partner="Ben", augen=25, crack=True, recrack=True)
    assert out == {"Anna": -32, "Ben": -16, "Carla": 16, "Dan": 16, "Eva": 16}
    out = payouts(five(), "pick", player="Anna", partner="Ben", augen=70, crack=True)
    assert out == {"Anna": 4, "Ben": 2, "Carla": -2, "Dan": -2, "Eva": -2}


def run(rules, entries):
    return list(replay((e, rules) for e in entries))


def test_stacked_doublers():
    rules = five(no_pick="doubler")
    hands = run(rules, [GameEntry("doubler"), GameEntry("doubler"),
                        GameEntry("pick", player="Dan", partner="Eva", augen=70),
                        GameEntry("pick", player="Dan", partner="Eva", augen=70)])
    assert hands[0].outcome.payout_map() == {p: 0 for p in FIVE}
    assert hands[1].after.own.doublers == 2
    assert hands[2].outcome.payout_map() == {"Anna": -4, "Ben": -4, "Carla": -4, "Dan": 8, "Eva": 4}
    assert hands[3].outcome.payout_map()["Dan"] == 2  # used up


def test_doublers_do_not_stack_when_switched_off():
    rules = five(no_pick="doubler", doubler_stacking=False)
    hands = run(rules, [GameEntry("doubler"), GameEntry("doubler"),
                        GameEntry("pick", player="Dan", alone=True, augen=70)])
    assert hands[2].outcome.payout_map()["Dan"] == 8


def test_doubler_with_crack_and_bump():
    rules = five(no_pick="doubler")
    hands = run(rules, [GameEntry("doubler"), GameEntry("pick", player="Dan", alone=True, augen=50, crack=True)])
    # t=1, doubler x2, crack x2, bump x2 = 8 per opponent, picker -32
    assert hands[1].outcome.payout_map() == {"Anna": 8, "Ben": 8, "Carla": 8, "Dan": -32, "Eva": 8}


def test_leaster_winner_and_from_points():
    assert payouts(five(), "leaster", winner="Carla") == {"Anna": -1, "Ben": -1, "Carla": 4, "Dan": -1, "Eva": -1}
    pts = (("Anna", 0), ("Ben", 10), ("Carla", 30), ("Dan", 40), ("Eva", 40))
    # Anna has fewest but took no trick: Ben wins
    assert payouts(five(), "leaster", augen_map=pts, no_trick=("Anna",))["Ben"] == 4


def test_leaster_tie_needs_winner():
    pts = (("Anna", 20), ("Ben", 20), ("Carla", 30), ("Dan", 25), ("Eva", 25))
    with pytest.raises(IllegalEntry, match="Anna and Ben tie with 20 points."):
        score(five(), "leaster", augen_map=pts)
    assert payouts(five(), "leaster", augen_map=pts, winner="Ben")["Ben"] == 4


def test_leaster_winner_without_trick_rejected_unless_switched_off():
    with pytest.raises(IllegalEntry, match="Anna took no trick and cannot win the leaster."):
        score(five(), "leaster", winner="Anna", no_trick=("Anna",))
    assert payouts(five(leaster_needs_trick=False), "leaster", winner="Anna", no_trick=("Anna",))["Anna"] == 4


def test_leaster_blind_none_points_need_not_reach_120():
    pts = (("Anna", 10), ("Ben", 20), ("Carla", 30), ("Dan", 25), ("Eva", 25))
    with pytest.raises(IllegalEntry, match="The points add up to 110, not 120."):
        score(five(), "leaster", augen_map=pts)
    assert payouts(five(leaster_blind="none"), "leaster", augen_map=pts)["Anna"] == 4


def test_leaster_doubled_by_pending_doubler_is_not_possible_but_crack_is_rejected():
    with pytest.raises(IllegalEntry, match="--crack does not apply to a leaster."):
        score(five(), "leaster", winner="Anna", crack=True)


def test_forced_pick_by_the_dealer():
    rules = five(no_pick="forced")
    assert payouts(rules, "pick", player="Anna", partner="Ben", augen=70, forced=True)["Anna"] == 2
    with pytest.raises(IllegalEntry, match="Only Anna, the last to bid, can be forced to pick."):
        score(rules, "pick", player="Ben", partner="Anna", augen=70, forced=True)


def test_forced_pick_at_six_the_last_to_bid_is_the_sitting_out_dealers_right_hand_neighbour():
    # Carla deals at a table of six and sits out: Dan, Eva, Fritz, Anna and Ben bid in that
    # order, so Ben (listed before her, not the last listed) must pick
    rules = make_rules("sheepshead", [*FIVE, "Fritz"], rules={"no_pick": "forced"})
    assert payouts(rules, "pick", player="Ben", alone=True, augen=70, forced=True, dealer="Carla") == {
        "Anna": -1, "Ben": 4, "Dan": -1, "Eva": -1, "Fritz": -1}
    with pytest.raises(IllegalEntry, match="Only Ben, the last to bid, can be forced to pick."):
        score(rules, "pick", player="Fritz", alone=True, augen=70, forced=True, dealer="Carla")


def test_jack_of_diamonds_partner():
    rules = five(variant="jack_of_diamonds")
    assert payouts(rules, "pick", player="Anna", partner="Dan", augen=70)["Dan"] == 1


def test_three_handed_picker_alone_vs_two():
    rules = make_rules("sheepshead", ["Anna", "Ben", "Carla"])
    assert payouts(rules, "pick", player="Anna", augen=95) == {"Anna": 4, "Ben": -2, "Carla": -2}
    assert payouts(rules, "pick", player="Anna", augen=50) == {"Anna": -4, "Ben": 2, "Carla": 2}
    with pytest.raises(IllegalEntry, match="The picker plays without a partner three-handed."):
        score(rules, "pick", player="Anna", partner="Ben", augen=95)


def test_blind4_picker_alone_three_t():
    rules = make_rules("sheepshead", ["Anna", "Ben", "Carla", "Dan"])
    assert rules.rules["variant"] == "blind4"
    assert payouts(rules, "pick", player="Anna", augen=70) == {"Anna": 3, "Ben": -1, "Carla": -1, "Dan": -1}
    assert payouts(rules, "pick", player="Anna", augen=95, alone=True)["Anna"] == 6


def test_black_queens_two_against_two():
    rules = make_rules("sheepshead", ["Anna", "Ben", "Carla", "Dan"], rules={"variant": "black_queens"})
    assert payouts(rules, "pick", player="Anna", partner="Carla", augen=95) == {
        "Anna": 2, "Ben": -2, "Carla": 2, "Dan": -2}
    assert payouts(rules, "pick", player="Anna", partner="Carla", augen=40) == {
        "Anna": -1, "Ben": 1, "Carla": -1, "Dan": 1}


@pytest.mark.parametrize("points", [0, 14, 22])
def test_a_picker_side_without_a_trick_keeps_its_bury(points):
    """RULES §5: the picker side's points count the bury, and a side that took no trick is tier
    3: a picker who buried 14 points and took no trick lost with 14 points, schwarz (on the bump)."""
    assert payouts(five(), "pick", player="Anna", partner="Ben", augen=points, schwarz=True) == {
        "Anna": -12, "Ben": -6, "Carla": 6, "Dan": 6, "Eva": 6}
    assert payouts(five(on_the_bump=False), "pick", player="Ben", alone=True, augen=points, schwarz=True) == {
        "Anna": 3, "Ben": -12, "Carla": 3, "Dan": 3, "Eva": 3}


def test_a_bury_holds_at_most_its_cards_aces():
    with pytest.raises(IllegalEntry, match="--schwarz with --points 23: a picker's side that took no trick has only "
                                           "its bury, at most 22 points."):
        score(five(), "pick", player="Anna", partner="Ben", augen=23, schwarz=True)
    four = make_rules("sheepshead", ["Anna", "Ben", "Carla", "Dan"])  # blind4: four cards buried
    assert payouts(four, "pick", player="Anna", augen=44, schwarz=True) == {"Anna": -18, "Ben": 6, "Carla": 6, "Dan": 6}
    with pytest.raises(IllegalEntry, match="at most 44 points"):
        score(four, "pick", player="Anna", augen=45, schwarz=True)
    queens = make_rules("sheepshead", ["Anna", "Ben", "Carla", "Dan"], rules={"variant": "black_queens"})
    with pytest.raises(IllegalEntry, match="a side that took no trick has no points"):  # no blind: nothing buried
        score(queens, "pick", player="Anna", partner="Carla", augen=5, schwarz=True)


def test_six_player_evening_who_sat_out():
    players = FIVE + ["Fritz"]
    rules = make_rules("sheepshead", players)
    entries = []
    for i in range(6):
        dealer = players[i]
        active = [p for p in players if p != dealer]
        entries.append(GameEntry("pick", player=active[0], partner=active[1], augen=70))
    hands = run(rules, entries)
    assert [h.seating.sitting_out for h in hands] == [(p,) for p in players]
    assert all(len(h.outcome.payouts) == 5 for h in hands)


@pytest.mark.parametrize(
    "entry,message",
    [
        (dict(player="Anna", partner="Ben", alone=True, augen=70), "--partner and --alone contradict each other."),
        (dict(player="Anna", partner="Anna", augen=70), "Anna cannot be their own partner."),
        (dict(player="Anna", augen=70), "Who was the picker's partner?"),
        (dict(player="Anna", partner="Ben", augen=121), "--points 121 is impossible: the deck holds 120 points."),
        (dict(player="Anna", partner="Ben", augen=90, schwarz=True),
         "--schwarz with --points 90: a picker's side that took no trick has only its bury, at most 22 points."),
        (dict(player="Anna", partner="Ben", augen=70, recrack=True),
         "--recrack without --crack: the picker re-cracks a crack."),
        (dict(player="Anna", partner="Ben"), "The hand needs the picker side's points."),
    ],
)
def test_bad_picks(entry, message):
    with pytest.raises(IllegalEntry) as exc:
        score(five(), "pick", **entry)
    assert exc.value.message == message


def test_cracks_switched_off():
    with pytest.raises(IllegalEntry, match=r"This table plays without cracking \(cracking = false\)."):
        score(five(cracking=False), "pick", player="Anna", partner="Ben", augen=70, crack=True)


def test_doubler_when_table_plays_leaster_rejected():
    with pytest.raises(IllegalEntry, match="not a doubler"):
        score(five(), "doubler")


def test_cli_sheepshead_night(make_table):
    t = make_table(players=FIVE, family="sheepshead")
    data = t.json("add", "pick", "--picker", "Ben", "--partner", "Eva", "--points", "94")
    assert data["unit"] == "point" and data["payouts"]["Ben"] == 4
    r = t.run("add", "pick", "--picker", "Ben", "--partner", "Eva", "--alone", "--points", "94")
    assert r.exit_code == 2 and "Error: --partner and --alone contradict each other." in r.stderr
    data = t.json("settle")
    assert data["points"] == {"Anna": -2, "Ben": 4, "Carla": -2, "Dan": -2, "Eva": 2}
    assert data["balances"] == {"Anna": -50, "Ben": 100, "Carla": -50, "Dan": -50, "Eva": 50}
    out = t.ok("settle").stdout
    assert "Anna pays Ben $0.50" in out  # a Sheepshead table plays in dollars unless told (issue 23)


def test_cli_pending_doublers_in_standings(make_table):
    t = make_table(players=FIVE, family="sheepshead", replace={'no_pick = "leaster"': 'no_pick = "doubler"'})
    t.ok("add", "doubler")
    assert t.json("standings")["doublers"] == 1
    assert "Pending doublers: 1 (the next hand counts x2)" in t.ok("standings").stdout


@st.composite
def picks(draw):
    p = draw(st.permutations(FIVE))
    alone = draw(st.booleans())
    pts = draw(st.integers(0, 120))
    kw = dict(player=p[0], augen=pts, crack=draw(st.booleans()))
    kw["recrack"] = kw["crack"] and draw(st.booleans())
    kw["schwarz"] = pts in (0, 120) and draw(st.booleans())
    if alone:
        kw["alone"] = True
    else:
        kw["partner"] = p[1]
    return kw


@given(picks(), st.booleans(), st.sampled_from(["called_ace", "jack_of_diamonds"]))
def test_every_hand_sums_to_zero_and_winners_never_lose(kw, bump, variant):
    out = score(five(on_the_bump=bump, variant=variant), "pick", **kw)
    pay = out.payout_map()
    assert sum(pay.values()) == 0
    side = [n for n in (kw["player"], kw.get("partner")) if n]
    for name, v in pay.items():
        winner = (name in side) == out.won
        assert (v > 0) if winner else (v < 0)


def test_leaster_where_nobody_took_a_trick_is_rejected():
    # six tricks are taken by someone: every player named --no-trick is impossible, with or
    # without leaster_needs_trick; naming one player twice is a slip, said as such
    everyone = tuple(FIVE)
    for rules in (five(), five(leaster_needs_trick=False)):
        with pytest.raises(IllegalEntry, match="Every player is named with --no-trick") as exc:
            score(rules, "leaster", winner="Carla", no_trick=everyone)
        assert exc.value.hint == "Somebody took each trick: drop --no-trick for the players who took one."
    with pytest.raises(IllegalEntry, match="Ben is named twice with --no-trick."):
        score(five(), "leaster", winner="Carla", no_trick=("Ben", "Ben"))
    # four without a trick: the fifth took them all and wins
    rest = tuple(p for p in FIVE if p != "Carla")
    assert payouts(five(), "leaster", winner="Carla", no_trick=rest)["Carla"] == 4
