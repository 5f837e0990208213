"""Wendischer Schafkopf and Deutscher Schafskopf (RULES.md sections 3 and 4), by hand."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schafkopf_score.errors import IllegalEntry
from schafkopf_score.rules.deutscher import lot_pairs
from schafkopf_score.rules.model import GameEntry
from schafkopf_score.rules.registry import find_family
from schafkopf_score.session.fold import replay
from schafkopf_score.table import make_rules
from tests.conftest import FOUR, payouts, score


def wendish(**rules):
    return make_rules("wendish", FOUR, rules=rules)


def partner(v):
    return {"Anna": v, "Ben": v, "Cora": -v, "Dora": -v}


# -- Wendish --------------------------------------------------------------------------------------

@pytest.mark.parametrize(
    "augen,schwarz,value",
    [(61, False, 10), (60, False, -10), (90, False, 10), (91, False, 20), (120, True, 30),
     (30, False, -10), (29, False, -20), (0, True, -30)],
)
def test_wendish_normal_game_schneider_below_30(augen, schwarz, value):
    assert payouts(wendish(), "normal", player="Anna", partner="Ben", augen=augen, schwarz=schwarz) == partner(value)


def test_wendish_schneider_below_is_a_switch():
    assert payouts(wendish(schneider_below=31), "normal", player="Anna", partner="Ben", augen=30) == partner(-20)


def test_wendish_hochzeit():
    assert payouts(wendish(), "hochzeit", player="Anna", partner="Ben", augen=95) == partner(20)


def test_wendish_silent_and_lust_solo():
    assert payouts(wendish(), "solo", player="Cora", still=True, augen=70)["Cora"] == 90
    assert payouts(wendish(), "solo", player="Cora", suit="pik", augen=40) == {
        "Anna": 30, "Ben": 30, "Cora": -90, "Dora": 30}
    assert payouts(wendish(), "solo", player="Cora", suit="herz", augen=95)["Cora"] == 120


def test_wendish_solo_needs_still_or_suit_and_french_suits():
    with pytest.raises(IllegalEntry, match="Which solo: silent or a Lust-Solo?"):
        score(wendish(), "solo", player="Cora", augen=70)
    with pytest.raises(IllegalEntry, match="Suit 'eichel' belongs to the other deck"):
        find_family("wendish").suit("eichel")
    with pytest.raises(IllegalEntry, match="Suit 'kreuz' belongs to the other deck"):
        find_family("bavarian").suit("kreuz")


def test_wendish_partner_is_not_player():
    with pytest.raises(IllegalEntry, match="Anna cannot be their own partner."):
        score(wendish(), "normal", player="Anna", partner="Anna", augen=70)


def test_dreiwendsch_solo_one_against_two_and_jeder():
    rules = make_rules("wendish", ["Anna", "Ben", "Cora"])
    assert rules.rules["games"] == ["solo", "jeder"]
    assert payouts(rules, "solo", player="Anna", still=True, augen=70) == {"Anna": 60, "Ben": -30, "Cora": -30}
    assert payouts(rules, "jeder", augen_map=(("Anna", 50), ("Ben", 40), ("Cora", 30))) == {
        "Anna": 20, "Ben": -10, "Cora": -10}
    rules = make_rules("wendish", ["Anna", "Ben", "Cora"], rules={"jeder_gegen_jeden": "most_loses"})
    assert payouts(rules, "jeder", augen_map=(("Anna", 50), ("Ben", 40), ("Cora", 30))) == {
        "Anna": -20, "Ben": 10, "Cora": 10}
    with pytest.raises(IllegalEntry, match="The Augen add up to 110, not 120."):
        score(rules, "jeder", augen_map=(("Anna", 50), ("Ben", 30), ("Cora", 30)))
    with pytest.raises(IllegalEntry, match="needs four players"):
        score(make_rules("wendish", ["Anna", "Ben", "Cora"], rules={"games": ["normal", "solo"]}),
              "normal", player="Anna", partner="Ben", augen=70)
    # without normal in the games the reason is the same: adding it (as the refusal said) made
    # another refusal
    with pytest.raises(IllegalEntry, match="^A normal game needs four players; at 3 every game is a solo.") as refused:
        score(make_rules("wendish", ["Anna", "Ben", "Cora"]), "normal", player="Anna", partner="Ben", augen=70)
    assert refused.value.render("en")[1] == "Enter a solo: solo --player NAME --still (or --suit S)."


def test_dreiwendsch_jeder_tie_is_named_by_the_option_the_setting_takes():
    three = ["Anna", "Ben", "Cora"]
    tie = (("Anna", 50), ("Ben", 50), ("Cora", 20))
    wins = make_rules("wendish", three)
    assert payouts(wins, "jeder", augen_map=tie, winner="Ben") == {"Anna": -10, "Ben": 20, "Cora": -10}
    loses = make_rules("wendish", three, rules={"jeder_gegen_jeden": "most_loses"})
    assert payouts(loses, "jeder", augen_map=tie, loser="Ben") == {"Anna": 10, "Ben": -20, "Cora": 10}
    # --winner Ben at a most_loses table made Ben pay 20: the name and the payout contradicted
    with pytest.raises(IllegalEntry, match="the most Augen lose"):
        score(loses, "jeder", augen_map=tie, winner="Ben")
    with pytest.raises(IllegalEntry, match="names one player"):
        score(wins, "jeder", augen_map=tie, winner="Ben", loser="Anna")


def test_dreiwendsch_scharfe_karten_and_two_players():
    rules = make_rules("wendish", ["Anna", "Ben", "Cora"], deck="short20")
    assert payouts(rules, "solo", player="Ben", suit="kreuz", augen=61)["Ben"] == 60
    two = make_rules("wendish", ["Anna", "Ben"])
    assert payouts(two, "solo", player="Ben", still=True, augen=61) == {"Anna": -30, "Ben": 30}


def test_wendish_evening_muss_solo_owed_and_paid(make_table):
    t = make_table(family="wendish", replace={"muss_solo = 0 ": "muss_solo = 1 ",
                                              "muss_solo_penalty = 0 ": "muss_solo_penalty = 20 "})
    t.ok("add", "solo", "--player", "Anna", "--still", "--augen", "70")
    t.ok("add", "normal", "--player", "Ben", "--partner", "Cora", "--augen", "50")
    st_ = t.json("standings")
    assert st_["muss_solo_owed"] == {"Ben": 1, "Cora": 1, "Dora": 1}
    assert "Muss-Solo offen: Ben 1, Cora 1, Dora 1" in t.ok("standings").stdout
    data = t.json("settle")
    assert data["warnings"] == [f"{p} schuldet noch 1 Muss-Solo (Strafe bei --close: 0,20 € an jeden anderen Spieler des letzten "
                                "Spiels je Solo)." for p in ("Ben", "Cora", "Dora")]
    t.ok("add", "solo", "--player", "Ben", "--suit", "herz", "--augen", "80")
    closed = t.json("settle", "--close")
    # hand 1 Anna's silent solo won (30 from each), hand 2 Ben + Cora lost a normal game (10),
    # hand 3 Ben's Herz-Solo won (30 from each)
    games = {"Anna": 90 + 10 - 30, "Ben": -30 - 10 + 90, "Cora": -30 - 10 - 30, "Dora": -30 + 10 - 30}
    # penalties: Cora and Dora each owe one solo: pay 20 to each of the three others
    pen = {"Anna": 40, "Ben": 40, "Cora": -60 + 20, "Dora": -60 + 20}
    assert closed["balances"] == {p: games[p] + pen[p] for p in FOUR}
    assert sum(closed["balances"].values()) == 0
    t.ok("check")


def test_wendish_kasse_shows_stakes(make_table):
    t = make_table(family="wendish", replace={"kasse = 0 ": "kasse = 50 "})
    t.ok("add", "solo", "--player", "Anna", "--still", "--augen", "70")
    out = t.ok("standings").stdout
    assert "Kasse: Anna 1,40 €, Ben 0,20 €, Cora 0,20 €, Dora 0,20 €" in out
    t.ok("add", "solo", "--player", "Anna", "--still", "--augen", "70")
    assert "Achtung: Bens Einsatz ist aufgebraucht." in t.ok("standings").stdout


@given(st.sampled_from(["normal", "hochzeit", "solo"]), st.integers(0, 120), st.booleans(), st.permutations(FOUR))
def test_wendish_games_sum_to_zero(game, augen, schwarz, p):
    kw = dict(player=p[0], augen=augen, schwarz=schwarz and augen in (0, 120))
    if game == "solo":
        kw["still"] = True
    else:
        kw["partner"] = p[1]
    assert sum(payouts(wendish(), game, **kw).values()) == 0


# -- Deutscher ----------------------------------------------------------------------------------

def deutscher(**rules):
    """A Deutscher table whose first game fixes the pairs (``per_game`` needs a draw before every
    game, RULES §12; the strokes do not depend on how the partners were found)."""
    return make_rules("deutscher", FOUR, rules={"partners": "fixed", **rules})


def strokes_for(winners, n):
    return {p: (n if p in winners else 0) for p in FOUR}


@pytest.mark.parametrize(
    "augen,schwarz,zwang,winners,n",
    [
        (61, False, False, ("Anna", "Ben"), 1),
        (90, False, False, ("Anna", "Ben"), 1),
        (91, False, False, ("Anna", "Ben"), 2),
        (120, False, False, ("Anna", "Ben"), 2),
        (120, True, False, ("Anna", "Ben"), 3),
        (60, False, False, ("Cora", "Dora"), 2),
        (30, False, False, ("Cora", "Dora"), 2),
        (29, False, False, ("Cora", "Dora"), 4),
        (0, True, False, ("Cora", "Dora"), 9),
        (60, False, True, ("Cora", "Dora"), 1),
        (29, False, True, ("Cora", "Dora"), 2),
        (0, True, True, ("Cora", "Dora"), 3),
        (75, False, True, ("Anna", "Ben"), 1),
    ],
)
def test_deutscher_strokes(augen, schwarz, zwang, winners, n):
    out = score(deutscher(), "spiel", player="Anna", partner="Ben", augen=augen, schwarz=schwarz, zwang=zwang)
    assert out.unit == "stroke"
    assert out.payout_map() == strokes_for(winners, n)


def test_deutscher_augen_total_and_win_at_keys():
    rules = deutscher(augen_total=80, win_at=41, schneider_below=20)
    assert score(rules, "spiel", player="Anna", partner="Ben", augen=41).payout_map()["Anna"] == 1
    assert score(rules, "spiel", player="Anna", partner="Ben", augen=40).payout_map()["Cora"] == 2
    assert score(rules, "spiel", player="Anna", partner="Ben", augen=61).payout_map()["Anna"] == 2
    with pytest.raises(IllegalEntry, match="--augen 81 is impossible: the deck holds 80 Augen."):
        score(rules, "spiel", player="Anna", partner="Ben", augen=81)


def test_lot_highest_with_lowest():
    cards = (("Anna", "Kreuz-Sieben"), ("Ben", "Pik-Bube"), ("Cora", "Herz-Ass"), ("Dora", "Karo-Bube"))
    assert lot_pairs(cards) == (("Ben", "Anna"), ("Dora", "Cora"))


def test_deutscher_fixed_partners_reject_other_pairs():
    rules = deutscher(partners="fixed")
    hands = list(replay([(GameEntry("spiel", player="Anna", partner="Cora", augen=70), rules)]))
    with pytest.raises(IllegalEntry, match="Anna and Ben are not partners: the pairs are Anna \\+ Cora and Ben \\+ Dora"):
        list(replay([(GameEntry("spiel", player="Anna", partner="Cora", augen=70), rules),
                     (GameEntry("spiel", player="Anna", partner="Ben", augen=70), rules)]))
    assert hands[0].after.own.partners == (("Anna", "Cora"), ("Ben", "Dora"))


def test_deutscher_evening_two_heads_against_one_settled(make_table):
    t = make_table(family="deutscher", replace={'partners = "per_game"': 'partners = "fixed"'})
    # Cora + Dora lose schwarz twice: Anna and Ben book 9 + 9 strokes (two heads)
    t.ok("add", "spiel", "--player", "Cora", "--partner", "Dora", "--augen", "0", "--schwarz")
    t.ok("add", "spiel", "--player", "Cora", "--partner", "Dora", "--augen", "0", "--schwarz")
    # Anna + Ben lose schneider twice and once plainly: Cora and Dora book 4 + 4 + 2 = 10 (one head)
    t.ok("add", "spiel", "--player", "Anna", "--partner", "Ben", "--augen", "20")
    t.ok("add", "spiel", "--player", "Anna", "--partner", "Ben", "--augen", "25")
    t.ok("add", "spiel", "--player", "Ben", "--partner", "Anna", "--augen", "50")
    r = t.run("add", "spiel", "--player", "Anna", "--partner", "Cora", "--augen", "70")
    assert r.exit_code == 2 and "Anna und Cora sind keine Partner: die Paare sind " in r.stderr
    assert "(für diesen Abend fest)" in r.stderr
    data = t.json("settle")
    assert data["strokes"] == {"Anna": 18, "Ben": 18, "Cora": 10, "Dora": 10}
    assert data["heads"] == {"Anna": 2, "Ben": 2, "Cora": 1, "Dora": 1}
    assert data["balances"] == {"Anna": 50, "Ben": 50, "Cora": -50, "Dora": -50}
    assert len(data["transfers"]) == 2
    out = t.ok("sheet").stdout
    assert "🐑🐑  (18)" in out and "🐑 |  (10)" in out


def test_deutscher_draw_records_pairs_for_the_next_game(make_table):
    t = make_table(family="deutscher")
    data = t.json("draw", "--seed", "1")
    (a, b) = data["pairs"]
    assert sorted(a + b) == sorted(FOUR)
    outsider = b[0]
    r = t.run("add", "spiel", "--player", a[0], "--partner", outsider, "--augen", "70")
    assert r.exit_code == 2 and f"{a[0]} und {outsider} sind keine Partner" in r.stderr
    assert "(für dieses Spiel gelost)" in r.stderr
    assert t.json("add", "spiel", "--player", a[0], "--partner", a[1], "--augen", "70")["payouts"][a[1]] == 1
    # per game: the next game needs a draw of its own (RULES §12), which may pair anyone again
    assert t.refused("add", "spiel", "--player", a[0], "--partner", a[1], "--augen", "70").startswith(
        "Fehler: Erst losen: an diesem Tisch werden die Partner vor jedem Spiel neu gelost")


def test_deutscher_two_players():
    rules = make_rules("deutscher", ["Anna", "Ben"])
    assert score(rules, "spiel", player="Anna", augen=70).payout_map() == {"Anna": 1, "Ben": 0}
    money, unit, extra = find_family("deutscher").to_money(rules, {"Anna": 27, "Ben": 9})
    assert money == {"Anna": 100, "Ben": -100} and extra["heads"] == {"Anna": 3, "Ben": 1}


def test_deutscher_settlement_rounds_to_zero_sum():
    rules = make_rules("deutscher", ["Anna", "Ben", "Cora"] + ["Dora"], tariff={"head": 25})
    money, _, _ = find_family("deutscher").to_money(rules, {"Anna": 9, "Ben": 0, "Cora": 0, "Dora": 0})
    # exact: Anna 2 x 3/4 x 25 = 37.5, the others -12.5; largest remainder, ties to the earlier
    assert money == {"Anna": 38, "Ben": -12, "Cora": -13, "Dora": -13}


@given(st.integers(0, 120), st.booleans(), st.booleans(), st.permutations(FOUR))
def test_strokes_never_negative_only_winners(augen, schwarz, zwang, p):
    out = score(deutscher(), "spiel", player=p[0], partner=p[1], augen=augen,
                schwarz=schwarz and augen in (0, 120), zwang=zwang)
    party = {p[0], p[1]}
    winners = party if out.won else set(FOUR) - party
    for name, v in out.payout_map().items():
        assert v >= 0
        assert (v > 0) == (name in winners)


def test_draw_refused_where_there_is_no_lot(make_table):
    t = make_table(family="deutscher", players=["Anna", "Ben"])
    r = t.run("draw")
    assert r.exit_code == 2 and r.stderr == "Fehler: Zu zweit gibt es keine Partner zu losen.\nTrag das Spiel mit add spiel ein.\n"
    assert not t.ledger_path.exists()
    b = make_table(name="bav")
    r = b.run("draw")
    assert r.exit_code == 2
    assert "Partner werden nur beim Deutschen Schafskopf gelost; hier wird Bayerischer Schafkopf gespielt." in r.stderr


def test_a_muss_solo_played_before_a_rename_counts_for_the_player(make_table):
    """Anna plays her Muss-Solo and is renamed Annax: she owes none, and the close books no
    penalty (it charged Annax 0,50 to each other player for the solo she had played)."""
    t = make_table(family="wendish", language="en", replace={"muss_solo = 0 ": "muss_solo = 1 ",
                                                             "muss_solo_penalty = 0 ": "muss_solo_penalty = 50 "})
    for name in ("an", "be", "co", "do"):
        t.ok("add", "kreuzsolo", name, "70")  # each wins 90, pays 30 three times: all at 0
    t.ok("player", "rename", "Anna", "Annax")
    assert t.json("standings").get("muss_solo_owed", {}) == {}
    t.ok("add", "normal", "an", "be", "70")  # Annax and Ben +10, Cora and Dora -10
    assert t.json("standings").get("muss_solo_owed", {}) == {}
    closing = t.json("settle", "--close")
    assert closing["paid"] == {"Annax": 10, "Ben": 10, "Cora": -10, "Dora": -10}
    t.ok("check", "--full")


def test_the_season_standings_count_each_evenings_completed_heads_as_settle_all(make_table):
    """Strokes left over at a close are gone (RULES §4: only completed heads count, evening by
    evening): Anna and Ben close the first evening with 13 strokes (1 head) and have 6 in the
    second, so the season holds 1 head each, as ``settle --all`` pays; the season standings said
    2 (19 strokes // 9)."""
    from tests.conftest import FIXED_PARTNERS

    t = make_table(family="deutscher", language="en", replace=FIXED_PARTNERS)
    t.ok("draw")
    pair = t.json("standings")["partners"][0]
    other = [n for n in FOUR if n not in pair]
    t.ok("add", "spiel", "--player", other[0], "--partner", other[1], "--augen", "0", "--schwarz")  # 9 strokes
    for _ in range(2):
        t.ok("add", "spiel", "--player", pair[0], "--partner", pair[1], "--augen", "95")  # 2 strokes
    t.ok("settle", "--close")
    for _ in range(3):
        t.ok("add", "spiel", "--player", pair[0], "--partner", pair[1], "--augen", "95")
    heads = {n: 1 if n in pair else 0 for n in FOUR}
    season = t.json("settle", "--all")
    assert season["strokes"] == {n: 19 if n in pair else 0 for n in FOUR}
    assert season["heads"] == heads
    assert season["balances"] == {n: 50 if n in pair else -50 for n in FOUR}
    out = t.ok("standings", "--all").stdout
    assert "Heads: " + ", ".join(f"{n} {heads[n]}" for n in FOUR) in out, out
    assert "Heads: " + ", ".join(f"{n} 0" for n in FOUR) in t.ok("standings").stdout
