"""Bavarian game values: the worked examples of the sources and a table computed by hand.

Default table (official preset): Sauspiel 10, Solo/Wenz/Farbwenz 50, schneider, schwarz and
each Laufender 10; Laufende count from 3 (Wenz from 2); Kontra and Re.
"""

import pytest

from schafkopf_score.errors import IllegalEntry
from schafkopf_score.table import make_rules
from tests.conftest import FOUR, payouts, score


def test_seed_001_sauspiel_schneider_three_laufende():
    rules = make_rules("bavarian", FOUR, tariff={"sauspiel": 10, "solo": 50})
    out = score(rules, "sauspiel", player="Anna", partner="Ben", augen=95, laufende=3)
    assert out.value == 50
    assert out.payout_map() == {"Anna": 50, "Ben": 50, "Cora": -50, "Dora": -50}
    assert out.explanation == "Sauspiel 10 + Schneider 10 + 3 Laufende 30 = 50 je Verlierer"


def test_seed_000_herz_solo_four_ober_aufgestellt_schneider():
    rules = make_rules("bavarian", FOUR, tariff={"sauspiel": 10, "solo": 20}, rules={"legen": True})
    out = score(rules, "solo", player="Anna", suit="herz", augen=105, laufende=4, legen=1)
    assert out.value == 140
    assert out.payout_map() == {"Anna": 420, "Ben": -140, "Cora": -140, "Dora": -140}
    assert out.explanation == "Herz-Solo 20 + Schneider 10 + 4 Laufende 40 = 70, gelegt x2 = 140 je Gegner"


def test_rules_rufspiel_107_ohne_two_below_minimum_one_legen():
    rules = make_rules("bavarian", FOUR, tariff={"sauspiel": 20, "solo": 50}, rules={"legen": True})
    out = score(rules, "sauspiel", player="Anna", partner="Ben", augen=107, laufende=2, legen=1)
    assert out.payout_map() == {"Anna": 60, "Ben": 60, "Cora": -60, "Dora": -60}


def partner(v):
    """Anna and Ben declare: each gets v, each opponent -v."""
    return {"Anna": v, "Ben": v, "Cora": -v, "Dora": -v}


def solo(v, n=3):
    return {"Anna": n * v, "Ben": -v, "Cora": -v, "Dora": -v}


S = dict(player="Anna", partner="Ben")
HAND_COMPUTED = [
    # id, game, entry, rules overrides, expected
    ("sauspiel_61_wins", "sauspiel", dict(S, augen=61), {}, partner(10)),
    ("sauspiel_60_loses", "sauspiel", dict(S, augen=60), {}, partner(-10)),
    ("sauspiel_91_opponents_schneider", "sauspiel", dict(S, augen=91), {}, partner(20)),
    ("sauspiel_90_opponents_free", "sauspiel", dict(S, augen=90), {}, partner(10)),
    ("sauspiel_31_declarers_free", "sauspiel", dict(S, augen=31), {}, partner(-10)),
    ("sauspiel_30_declarers_schneider", "sauspiel", dict(S, augen=30), {}, partner(-20)),
    ("sauspiel_120_not_schwarz", "sauspiel", dict(S, augen=120), {}, partner(20)),
    ("sauspiel_120_schwarz", "sauspiel", dict(S, augen=120, schwarz=True), {}, partner(30)),
    ("sauspiel_0_schwarz", "sauspiel", dict(S, augen=0, schwarz=True), {}, partner(-30)),
    ("sauspiel_mit_3", "sauspiel", dict(S, augen=70, laufende=3), {}, partner(40)),
    ("sauspiel_ohne_2_below_min", "sauspiel", dict(S, augen=70, laufende=2), {}, partner(10)),
    ("sauspiel_14_laufende_max", "sauspiel", dict(S, augen=120, schwarz=True, laufende=14), {}, partner(170)),
    ("sauspiel_lost_ohne_3", "sauspiel", dict(S, augen=50, laufende=3), {}, partner(-40)),
    ("sauspiel_kontra", "sauspiel", dict(S, augen=70, kontra=True), {}, partner(20)),
    ("sauspiel_kontra_re", "sauspiel", dict(S, augen=70, kontra=True, re=True), {}, partner(40)),
    ("sauspiel_kontra_lost", "sauspiel", dict(S, augen=55, kontra=True), {}, partner(-20)),
    ("sauspiel_up_to_sup", "sauspiel", dict(S, augen=70, kontra=True, re=True, sup=True), {"kontra": 3}, partner(80)),
    ("sauspiel_up_to_hirsch", "sauspiel", dict(S, augen=70, kontra=True, re=True, sup=True, hirsch=True),
     {"kontra": 4}, partner(160)),
    ("sauspiel_two_legen", "sauspiel", dict(S, augen=70, legen=2), {"legen": True}, partner(40)),
    ("sauspiel_legen_and_kontra", "sauspiel", dict(S, augen=95, laufende=3, legen=1, kontra=True),
     {"legen": True}, partner(200)),
    ("solo_61", "solo", dict(player="Anna", suit="eichel", augen=61), {}, solo(50)),
    ("solo_60", "solo", dict(player="Anna", suit="eichel", augen=60), {}, solo(-50)),
    ("solo_schneider_mit_3", "solo", dict(player="Anna", suit="gras", augen=95, laufende=3), {}, solo(90)),
    ("solo_lost_schneider", "solo", dict(player="Anna", suit="gras", augen=20), {}, solo(-60)),
    ("solo_lost_schwarz", "solo", dict(player="Anna", suit="gras", augen=0, schwarz=True), {}, solo(-70)),
    ("solo_kontra_re", "solo", dict(player="Anna", suit="herz", augen=61, kontra=True, re=True), {}, solo(200)),
    ("solo_all_doubling", "solo", dict(player="Anna", suit="herz", augen=70, legen=4, kontra=True, re=True),
     {"legen": True}, solo(3200)),
    ("wenz_mit_2", "wenz", dict(player="Anna", augen=70, laufende=2), {}, solo(70)),
    ("wenz_1_below_min", "wenz", dict(player="Anna", augen=70, laufende=1), {}, solo(50)),
    ("wenz_4_max", "wenz", dict(player="Anna", augen=70, laufende=4), {}, solo(90)),
    ("wenz_29_schneider_lost", "wenz", dict(player="Anna", augen=29), {}, solo(-60)),
    ("farbwenz_mit_3", "farbwenz", dict(player="Anna", suit="gras", augen=80, laufende=3), {}, solo(80)),
    ("farbwenz_2_below_min", "farbwenz", dict(player="Anna", suit="gras", augen=80, laufende=2), {}, solo(50)),
    ("farbwenz_11_max", "farbwenz", dict(player="Anna", suit="schellen", augen=80, laufende=11), {}, solo(160)),
    ("tout_solo_won", "solo", dict(player="Anna", suit="eichel", tout=True, won=True), {}, solo(100)),
    ("tout_solo_lost_mit_3", "solo", dict(player="Anna", suit="eichel", tout=True, won=False, laufende=3), {},
     solo(-160)),
    ("tout_wenz_won_mit_2", "wenz", dict(player="Anna", tout=True, won=True, laufende=2), {}, solo(140)),
    ("tout_wenz_kontra", "wenz", dict(player="Anna", tout=True, won=True, kontra=True), {}, solo(200)),
    ("sie_8", "sie", dict(player="Anna", laufende=8), {}, solo(520)),
    ("sie_14", "sie", dict(player="Anna", laufende=14), {}, solo(760)),
    ("sie_legen", "sie", dict(player="Anna", laufende=8, legen=1), {"legen": True}, solo(1040)),
    ("won_without_augen", "sauspiel", dict(S, won=True), {}, partner(10)),
    ("lost_schwarz_without_augen", "solo", dict(player="Anna", suit="herz", won=False, schwarz=True), {}, solo(-70)),
]


@pytest.mark.parametrize("game,entry,over,expected", [c[1:] for c in HAND_COMPUTED], ids=[c[0] for c in HAND_COMPUTED])
def test_hand_computed(game, entry, over, expected):
    rules = make_rules("bavarian", FOUR, rules=over)
    assert payouts(rules, game, **entry) == expected


def test_other_players_order_solo_declarer_in_middle():
    rules = make_rules("bavarian", FOUR)
    assert payouts(rules, "wenz", player="Cora", augen=40) == {"Anna": 50, "Ben": 50, "Cora": -150, "Dora": 50}


def test_a_won_game_pays_what_the_same_game_lost_costs():
    rules = make_rules("bavarian", FOUR)
    won = payouts(rules, "solo", player="Anna", suit="herz", augen=95, laufende=4)
    lost = payouts(rules, "solo", player="Anna", suit="herz", augen=25, laufende=4)
    assert won == {k: -v for k, v in lost.items()}


@pytest.mark.parametrize(
    "game,entry,message",
    [
        ("wenz", dict(player="Anna", augen=70, laufende=5), "Laufende 5 is impossible in a Wenz: it has 4 trumps."),
        ("solo", dict(player="Anna", suit="herz", augen=70, laufende=15),
         "Laufende 15 is impossible in a Solo: it has 14 trumps."),
        ("sauspiel", dict(player="Anna", partner="Anna", augen=70), "Anna cannot be their own partner."),
        ("sauspiel", dict(player="Anna", partner="Ben", augen=121), "--augen 121 is impossible: the deck holds 120 Augen."),
        ("sauspiel", dict(player="Anna", partner="Ben", augen=-1), "--augen -1 is impossible: the deck holds 120 Augen."),
        ("sauspiel", dict(player="Anna", partner="Ben", augen=100, schwarz=True),
         "--schwarz with --augen 100: a side that took no trick has no Augen."),
        ("sauspiel", dict(player="Anna", partner="Ben", augen=70, re=True),
         "--re without --kontra: Re answers Kontra."),
        ("sauspiel", dict(player="Anna", partner="Ben", augen=70, kontra=True, re=True, sup=True),
         "This table doubles at most up to Re (kontra = 2); --sup goes beyond it."),
        ("sauspiel", dict(player="Anna", partner="Ben", augen=70, legen=1), "This table plays without Legen."),
        ("solo", dict(player="Anna", augen=70), "Solo needs its trump suit."),
        ("geier", dict(player="Anna", augen=70), "This table does not play Geier."),
        ("sie", dict(player="Anna", laufende=7), "A Sie holds all four Ober and Unter: at least 8 Laufende, not 7."),
        ("wenz", dict(player="Anna", partner="Ben", augen=70), "--partner does not apply to Wenz."),
        ("solo", dict(player="Anna", suit="herz", tout=True), "A Tout is won or lost by tricks."),
        ("sauspiel", dict(player="Anna", partner="Ben"), "Sauspiel needs the declaring side's Augen."),
        ("sauspiel", dict(player="Anna", partner="Ben", augen=70, sau="herz"),
         "The Heart Ace cannot be called: it is a trump in a Sauspiel."),
        ("sauspiel", dict(player="Anna", partner="Ben", augen=70, won=False),
         "--augen 70 means the game was won, but --lost says otherwise."),
        ("weiter", dict(), None),
    ],
)
def test_rejected_with_message(game, entry, message):
    rules = make_rules("bavarian", FOUR)
    if message is None:
        assert sum(payouts(rules, game, **entry).values()) == 0
        return
    with pytest.raises(IllegalEntry) as exc:
        score(rules, game, **entry)
    assert exc.value.message == message
    assert exc.value.hint


def test_legen_above_active_players_rejected():
    rules = make_rules("bavarian", FOUR, rules={"legen": True})
    with pytest.raises(IllegalEntry, match=r"--legen 5: each of the 4 players can lay at most once."):
        score(rules, "sauspiel", player="Anna", partner="Ben", augen=70, legen=5)
