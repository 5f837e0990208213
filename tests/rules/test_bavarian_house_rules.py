"""Bavarian house rules and table sizes (RULES.md section 2), computed by hand.

Wirtshaus preset: Ramsch 10, Bettel 30, Sauspiel/Hochzeit 10, Solo 50, extras 10.
"""

import pytest

from schafkopf_score.errors import IllegalEntry
from schafkopf_score.rules.model import GameEntry
from schafkopf_score.session.fold import replay
from schafkopf_score.table import make_rules
from tests.conftest import FOUR, payouts, score


def wirtshaus(**rules):
    return make_rules("bavarian", FOUR, preset="wirtshaus", rules=rules)


# -- more games ---------------------------------------------------------------------------------

def test_hochzeit_priced_as_sauspiel_by_default():
    assert payouts(wirtshaus(), "hochzeit", player="Anna", partner="Cora", augen=75) == {
        "Anna": 10, "Ben": -10, "Cora": 10, "Dora": -10}


def test_hochzeit_own_tariff():
    rules = make_rules("bavarian", FOUR, preset="wirtshaus", tariff={"hochzeit": 30})
    assert payouts(rules, "hochzeit", player="Anna", partner="Cora", augen=95, laufende=3) == {
        "Anna": 70, "Ben": -70, "Cora": 70, "Dora": -70}


def test_geier_laufende_from_two_trump_count_four():
    assert payouts(wirtshaus(), "geier", player="Ben", augen=70, laufende=2) == {
        "Anna": -70, "Ben": 210, "Cora": -70, "Dora": -70}
    with pytest.raises(IllegalEntry, match="Laufende 5 is impossible in a Geier: it has 4 trumps."):
        score(wirtshaus(), "geier", player="Ben", augen=70, laufende=5)


def test_farbgeier_laufende_from_three_trump_count_eleven():
    assert payouts(wirtshaus(), "farbgeier", player="Ben", suit="eichel", augen=70, laufende=2)["Ben"] == 150
    assert payouts(wirtshaus(), "farbgeier", player="Ben", suit="eichel", augen=70, laufende=11)["Ben"] == 480
    with pytest.raises(IllegalEntry, match="it has 11 trumps"):
        score(wirtshaus(), "farbgeier", player="Ben", suit="eichel", augen=70, laufende=12)


@pytest.mark.parametrize(
    "entry,anna",
    [
        (dict(won=True), 90),
        (dict(won=False), -90),
        (dict(won=True, ouvert=True), 180),
        (dict(won=False, ouvert=True, kontra=True), -360),
        (dict(won=True, legen=1), 180),
    ],
)
def test_bettel(entry, anna):
    out = payouts(wirtshaus(), "bettel", player="Anna", **entry)
    assert out["Anna"] == anna and sum(out.values()) == 0


def test_bettel_no_laufende_no_augen():
    with pytest.raises(IllegalEntry, match="--laufende does not apply to Bettel."):
        score(wirtshaus(), "bettel", player="Anna", won=True, laufende=3)
    with pytest.raises(IllegalEntry, match="--augen does not apply to Bettel."):
        score(wirtshaus(), "bettel", player="Anna", won=True, augen=0)


def test_bettel_ouvert_switched_off():
    with pytest.raises(IllegalEntry, match="This table plays no Bettel ouvert."):
        score(wirtshaus(bettel_ouvert=False), "bettel", player="Anna", won=True, ouvert=True)


# -- Ramsch -------------------------------------------------------------------------------------

def test_ramsch_loser_pays_each():
    assert payouts(wirtshaus(), "ramsch", loser="Anna") == {"Anna": -30, "Ben": 10, "Cora": 10, "Dora": 10}


def test_ramsch_loser_from_augen():
    out = payouts(wirtshaus(), "ramsch", augen_map=(("Anna", 20), ("Ben", 50), ("Cora", 30), ("Dora", 20)))
    assert out == {"Anna": 10, "Ben": -30, "Cora": 10, "Dora": 10}


def test_ramsch_tie_needs_loser_among_the_tied():
    amap = (("Anna", 40), ("Ben", 40), ("Cora", 40), ("Dora", 0))
    with pytest.raises(IllegalEntry, match="Anna, Ben and Cora tie with 40 Augen."):
        score(wirtshaus(), "ramsch", augen_map=amap)
    assert payouts(wirtshaus(), "ramsch", augen_map=amap, loser="Ben")["Ben"] == -30
    with pytest.raises(IllegalEntry, match="Dora has 0 Augen; the loser is who has the most"):
        score(wirtshaus(), "ramsch", augen_map=amap, loser="Dora")


def test_ramsch_augen_must_add_up():
    with pytest.raises(IllegalEntry, match="The Augen add up to 110, not 120."):
        score(wirtshaus(), "ramsch", augen_map=(("Anna", 40), ("Ben", 30), ("Cora", 40), ("Dora", 0)))


@pytest.mark.parametrize(
    "mode,jungfrau,expected",
    [
        ("double_all", ("Dora",), {"Anna": -60, "Ben": 20, "Cora": 20, "Dora": 20}),
        ("double_all", ("Cora", "Dora"), {"Anna": -120, "Ben": 40, "Cora": 40, "Dora": 40}),
        ("double_individual", ("Dora",), {"Anna": -40, "Ben": 10, "Cora": 10, "Dora": 20}),
        ("double_individual", ("Cora", "Dora"), {"Anna": -50, "Ben": 10, "Cora": 20, "Dora": 20}),
        ("none", ("Dora",), {"Anna": -30, "Ben": 10, "Cora": 10, "Dora": 10}),
        ("none", ("Cora", "Dora"), {"Anna": -30, "Ben": 10, "Cora": 10, "Dora": 10}),
    ],
)
def test_ramsch_jungfrau_modes(mode, jungfrau, expected):
    assert payouts(wirtshaus(ramsch_jungfrau=mode), "ramsch", loser="Anna", jungfrau=jungfrau) == expected


def test_ramsch_jungfrau_cannot_be_loser_or_have_augen():
    with pytest.raises(IllegalEntry, match="Anna is the loser and cannot be a Jungfrau."):
        score(wirtshaus(), "ramsch", loser="Anna", jungfrau=("Anna",))
    amap = (("Anna", 60), ("Ben", 30), ("Cora", 30), ("Dora", 0))
    with pytest.raises(IllegalEntry, match=r"Cora has 30 Augen and cannot be a Jungfrau \(no trick taken\)."):
        score(wirtshaus(), "ramsch", augen_map=amap, jungfrau=("Cora",))


def test_ramsch_legen_doubles():
    rules = wirtshaus()
    assert payouts(rules, "ramsch", loser="Anna", legen=1) == {"Anna": -60, "Ben": 20, "Cora": 20, "Dora": 20}
    assert payouts(rules, "ramsch", loser="Anna", legen=1, jungfrau=("Ben",))["Anna"] == -120


def test_ramsch_durchmarsch_pays_ramsch():
    assert payouts(wirtshaus(), "ramsch", durchmarsch="Ben") == {"Anna": -10, "Ben": 30, "Cora": -10, "Dora": -10}


def test_ramsch_durchmarsch_pays_solo():
    rules = wirtshaus(ramsch_durchmarsch_pays="solo")
    assert payouts(rules, "ramsch", durchmarsch="Ben") == {"Anna": -50, "Ben": 150, "Cora": -50, "Dora": -50}
    assert payouts(rules, "ramsch", durchmarsch="Ben", legen=1)["Ben"] == 300


def test_ramsch_durchmarsch_at_91_augen_from_the_augen():
    rules = wirtshaus(ramsch_durchmarsch=91)
    out = payouts(rules, "ramsch", augen_map=(("Anna", 10), ("Ben", 95), ("Cora", 15), ("Dora", 0)))
    assert out == {"Anna": -10, "Ben": 30, "Cora": -10, "Dora": -10}


def test_ramsch_durchmarsch_at_91_augen_with_another_loser_rejected():
    # Ben's 95 Augen are his Durchmarsch: Anna named as the loser contradicts the Augen
    rules = wirtshaus(ramsch_durchmarsch=91)
    with pytest.raises(IllegalEntry, match=r"Ben has 95 Augen, a Durchmarsch \(from 91\): Anna did not lose."):
        score(rules, "ramsch", loser="Anna", augen_map=(("Anna", 10), ("Ben", 95), ("Cora", 15), ("Dora", 0)))


def test_ramsch_durchmarsch_with_loser_rejected():
    with pytest.raises(IllegalEntry, match="A Durchmarsch has a winner, not a loser."):
        score(wirtshaus(), "ramsch", durchmarsch="Ben", loser="Anna")


def test_ramsch_only_where_switched_on():
    with pytest.raises(IllegalEntry, match="This table does not play Ramsch."):
        score(make_rules("bavarian", FOUR), "ramsch", loser="Anna")


# -- when everyone passes -----------------------------------------------------------------------

def test_weiter_redeal_pays_nothing():
    out = score(make_rules("bavarian", FOUR), "weiter")
    assert out.payout_map() == {p: 0 for p in FOUR} and out.stock == 0


def test_weiter_when_ramsch_is_played_is_rejected():
    with pytest.raises(IllegalEntry, match=r'When everyone passes this table plays a Ramsch \(all_pass = "ramsch"\).'):
        score(wirtshaus(), "weiter")


def test_weiter_when_forced_is_rejected_and_forced_game_accepted():
    rules = make_rules("bavarian", FOUR, rules={"all_pass": "forced"})
    with pytest.raises(IllegalEntry, match="holder of the Acorn Ober must play"):
        score(rules, "weiter")
    assert payouts(rules, "sauspiel", player="Anna", partner="Ben", augen=70, forced=True)["Anna"] == 10


def run_session(rules, entries):
    return list(replay((e, rules) for e in entries))


def test_stock_paid_in_twice_doubled_by_a_lost_sauspiel_paid_out_by_a_won_one():
    rules = make_rules("bavarian", FOUR, rules={"all_pass": "stock"})
    hands = run_session(rules, [
        GameEntry("weiter"),
        GameEntry("weiter"),
        GameEntry("sauspiel", player="Anna", partner="Ben", augen=50),
        GameEntry("solo", player="Cora", suit="herz", augen=70),  # a solo leaves the Stock alone
        GameEntry("sauspiel", player="Cora", partner="Dora", augen=70),
    ])
    got = [(h.outcome.payout_map(), h.outcome.stock, h.after.own.stock) for h in hands]
    assert got[0] == ({"Anna": -10, "Ben": -10, "Cora": -10, "Dora": -10}, 40, 40)
    assert got[1] == ({"Anna": -10, "Ben": -10, "Cora": -10, "Dora": -10}, 40, 80)
    assert got[2] == ({"Anna": -50, "Ben": -50, "Cora": 10, "Dora": 10}, 80, 160)
    assert got[3] == ({"Anna": -50, "Ben": -50, "Cora": 150, "Dora": -50}, 0, 160)
    assert got[4] == ({"Anna": -10, "Ben": -10, "Cora": 90, "Dora": 90}, -160, 0)


def test_stock_on_loss_none_leaves_it():
    rules = make_rules("bavarian", FOUR, rules={"all_pass": "stock", "stock_on_loss": "none"})
    hands = run_session(rules, [GameEntry("weiter"), GameEntry("sauspiel", player="Anna", partner="Ben", augen=50)])
    assert hands[1].outcome.payout_map() == {"Anna": -10, "Ben": -10, "Cora": 10, "Dora": 10}
    assert hands[1].after.own.stock == 40


def test_stock_a_ramsch_from_games_leaves_it_where_all_pass_is_stock_alone():
    # all_pass = "stock": only `weiter` feeds the Stock; a Ramsch the table plays as a game
    # leaves it alone, as Solo and Bettel do (RULES §2); ["ramsch", "stock"] still feeds it
    games = ["sauspiel", "solo", "ramsch"]
    rules = make_rules("bavarian", FOUR, rules={"all_pass": "stock", "games": games})
    hands = run_session(rules, [GameEntry("weiter"), GameEntry("ramsch", loser="Ben"),
                                GameEntry("ramsch", durchmarsch="Cora")])
    got = [(h.outcome.payout_map(), h.outcome.stock, h.after.own.stock) for h in hands]
    assert got[1] == ({"Anna": 10, "Ben": -30, "Cora": 10, "Dora": 10}, 0, 40)
    assert got[2] == ({"Anna": -10, "Ben": -10, "Cora": 30, "Dora": -10}, 0, 40)
    both = make_rules("bavarian", FOUR, rules={"all_pass": ["ramsch", "stock"], "games": games})
    out = score(both, "ramsch", loser="Ben")
    assert out.payout_map() == {"Anna": 0, "Ben": -40, "Cora": 0, "Dora": 0} and out.stock == 40


def test_stock_doubles_with_legen():
    rules = make_rules("bavarian", FOUR, rules={"all_pass": "stock", "stock_doubles": True, "legen": True})
    out = score(rules, "weiter", legen=1)
    assert out.payout_map() == {p: -20 for p in FOUR} and out.stock == 80


def test_stock_at_a_five_player_table_only_the_active_pay_in():
    rules3 = make_rules("bavarian", FOUR + ["Emil"], rules={"all_pass": "stock"}, tariff={"stock": 5})
    hands = run_session(rules3, [GameEntry("weiter"), GameEntry("weiter"), GameEntry("weiter"),
                                 GameEntry("sauspiel", player="Anna", partner="Ben", augen=70)])
    assert hands[2].after.own.stock == 60
    last = hands[3].outcome
    assert last.payout_map()["Anna"] == 10 + 30 and last.stock == -60


# -- table sizes --------------------------------------------------------------------------------

def test_short_deck_caps_laufende():
    rules = make_rules("bavarian", FOUR, deck="short")
    assert payouts(rules, "solo", player="Anna", suit="herz", augen=70, laufende=12)["Anna"] == 3 * 170
    with pytest.raises(IllegalEntry, match="Laufende 13 is impossible in a Solo: it has 12 trumps in the short deck."):
        score(rules, "solo", player="Anna", suit="herz", augen=70, laufende=13)
    with pytest.raises(IllegalEntry, match="it has 9 trumps in the short deck"):
        score(rules, "farbwenz", player="Anna", suit="herz", augen=70, laufende=10)


def test_three_players_one_against_two():
    rules = make_rules("bavarian", ["Anna", "Ben", "Cora"])
    assert rules.deck == "short" and rules.seats == 3
    assert payouts(rules, "solo", player="Anna", suit="eichel", augen=70) == {"Anna": 100, "Ben": -50, "Cora": -50}
    with pytest.raises(IllegalEntry, match="Sauspiel is a partner game and needs four players"):
        score(rules, "sauspiel", player="Anna", partner="Ben", augen=70)


def test_two_players_one_against_one():
    rules = make_rules("bavarian", ["Anna", "Ben"])
    assert payouts(rules, "wenz", player="Ben", augen=40) == {"Anna": 50, "Ben": -50}


def test_five_player_evening_of_ten_hands_who_sat_out():
    players = ["Anna", "Ben", "Cora", "Dora", "Emil"]
    rules = make_rules("bavarian", players)
    entries = []
    expected_out = []
    for i in range(10):
        dealer = players[i % 5]
        active = [p for p in players if p != dealer]
        entries.append(GameEntry("wenz", player=active[0], augen=70))
        expected_out.append((dealer,))
    hands = run_session(rules, entries)
    assert [h.seating.sitting_out for h in hands] == expected_out
    assert [h.seating.dealer for h in hands] == [players[i % 5] for i in range(10)]
    # each sits out twice; the dealer's balance never moves in his hand
    for h in hands:
        assert h.seating.dealer not in h.outcome.payout_map()


def test_six_players_dealer_and_the_one_before_sit_out():
    players = ["Anna", "Ben", "Cora", "Dora", "Emil", "Fritz"]
    rules = make_rules("bavarian", players)
    hands = run_session(rules, [GameEntry("weiter"), GameEntry("weiter"), GameEntry("weiter")])
    assert [h.seating.sitting_out for h in hands] == [("Anna", "Fritz"), ("Anna", "Ben"), ("Ben", "Cora")]


def test_sitting_out_player_named_is_rejected_with_who_deals():
    rules = make_rules("bavarian", ["Anna", "Ben", "Cora", "Dora", "Emil"])
    with pytest.raises(IllegalEntry) as exc:
        score(rules, "wenz", player="Anna", augen=70)
    assert exc.value.message == "Anna does not play this hand: Anna deals; Anna sits out."


def test_sitting_out_override_for_one_hand():
    rules = make_rules("bavarian", ["Anna", "Ben", "Cora", "Dora", "Emil"])
    out = score(rules, "wenz", player="Anna", augen=70, sitting_out=("Emil",))
    assert "Emil" not in out.payout_map() and out.payout_map()["Anna"] == 150


def test_legen_above_active_players_at_a_three_seat_table():
    rules = make_rules("bavarian", ["Anna", "Ben", "Cora"], rules={"legen": True})
    with pytest.raises(IllegalEntry, match="--legen 4: each of the 3 players can lay at most once."):
        score(rules, "wenz", player="Anna", augen=70, legen=4)


def test_wirtshaus_preset_switches():
    r = wirtshaus().rules
    assert r["legen"] is True and r["all_pass"] == "ramsch"
    assert {"hochzeit", "geier", "farbgeier", "bettel"} <= set(r["games"])
