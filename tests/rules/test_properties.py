"""Hypothesis invariants of the Bavarian engine and the ledger replay."""

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from schafkopf_score.errors import IllegalEntry
from schafkopf_score.rules.bavarian import BavarianState
from schafkopf_score.rules.model import GameEntry
from schafkopf_score.rules.play import play, start_state
from schafkopf_score.table import make_rules

FOUR = ["Anna", "Ben", "Cora", "Dora"]
FIVE = FOUR + ["Emil"]
ALL_GAMES = ["sauspiel", "hochzeit", "solo", "wenz", "geier", "farbwenz", "farbgeier", "bettel"]

rules_st = st.builds(
    lambda kontra, all_pass, jung, dm_pays, tariff, stock_doubles: make_rules(
        "bavarian", FOUR, preset="wirtshaus",
        rules={"kontra": kontra, "all_pass": all_pass, "ramsch_jungfrau": jung, "ramsch_durchmarsch_pays": dm_pays,
               "stock_doubles": stock_doubles},
        tariff=tariff),
    st.integers(0, 4), st.sampled_from(["redeal", "ramsch", "stock"]),
    st.sampled_from(["none", "double_all", "double_individual"]), st.sampled_from(["ramsch", "solo"]),
    st.fixed_dictionaries({"sauspiel": st.integers(0, 100), "solo": st.integers(0, 200),
                           "laufende": st.integers(0, 50), "stock": st.integers(0, 50)}),
    st.booleans(),
)


@st.composite
def entries(draw, players=FOUR):
    game = draw(st.sampled_from(ALL_GAMES + ["sie", "ramsch", "weiter"]))
    p = draw(st.permutations(players))
    kw = dict(
        player=p[0], partner=p[1], augen=draw(st.integers(-5, 125)), schwarz=draw(st.booleans()),
        laufende=draw(st.integers(0, 15)), kontra=draw(st.booleans()), re=draw(st.booleans()),
        legen=draw(st.integers(0, 5)), suit=draw(st.sampled_from([None, "eichel", "herz"])),
        tout=draw(st.booleans()), won=draw(st.sampled_from([None, True, False])),
        loser=p[2], jungfrau=tuple(draw(st.lists(st.sampled_from(players), max_size=2, unique=True))),
    )
    # drop a random part of the options, keeping some entries legal
    keep = draw(st.sets(st.sampled_from(sorted(kw))))
    return GameEntry(game, **{k: v for k, v in kw.items() if k in keep})


@given(rules_st, entries(), st.integers(0, 500))
def test_every_accepted_game_sums_to_zero_with_the_stock(rules, entry, stock):
    state = start_state(rules)
    state = type(state)(hand=1, dealer=state.dealer, own=BavarianState(stock=stock))
    try:
        out = play(entry, rules, state).outcome
    except IllegalEntry:
        return
    assert sum(out.payout_map().values()) + out.stock == 0
    assert set(out.payout_map()) == set(FOUR)


@st.composite
def solo_or_partner(draw):
    game = draw(st.sampled_from(["sauspiel", "hochzeit", "solo", "wenz", "geier", "farbwenz", "farbgeier"]))
    kw = {"player": "Anna"}
    if game in ("sauspiel", "hochzeit"):
        kw["partner"] = "Ben"
    if game in ("solo", "farbwenz", "farbgeier"):
        kw["suit"] = draw(st.sampled_from(["eichel", "gras", "herz", "schellen"]))
    kw["laufende"] = draw(st.integers(0, 4))
    kw["legen"] = draw(st.integers(0, 4))
    kw["kontra"] = draw(st.booleans())
    kw["re"] = kw["kontra"] and draw(st.booleans())
    return game, kw


@given(solo_or_partner(), st.booleans(), st.booleans())
def test_won_pays_what_lost_costs(gk, schneider, schwarz):
    game, kw = gk
    rules = make_rules("bavarian", FOUR, preset="wirtshaus")
    if schwarz:
        won = play(GameEntry(game, augen=120, schwarz=True, **kw), rules, start_state(rules)).outcome
        lost = play(GameEntry(game, augen=0, schwarz=True, **kw), rules, start_state(rules)).outcome
    else:
        won = play(GameEntry(game, augen=95 if schneider else 70, **kw), rules, start_state(rules)).outcome
        lost = play(GameEntry(game, augen=25 if schneider else 50, **kw), rules, start_state(rules)).outcome
    assert won.payout_map() == {k: -v for k, v in lost.payout_map().items()}


@given(solo_or_partner(), st.integers(61, 120))
def test_more_laufende_or_one_more_doubling_never_lowers_the_value(gk, augen):
    game, kw = gk
    rules = make_rules("bavarian", FOUR, preset="wirtshaus", rules={"kontra": 4})
    base = play(GameEntry(game, augen=augen, **kw), rules, start_state(rules)).outcome.value
    cap = {"wenz": 4, "geier": 4, "farbwenz": 11, "farbgeier": 11}.get(game, 14)
    if kw["laufende"] < cap:
        more = play(GameEntry(game, augen=augen, **{**kw, "laufende": kw["laufende"] + 1}), rules,
                    start_state(rules)).outcome.value
        assert more >= base
    if kw["legen"] < 4:
        doubled = play(GameEntry(game, augen=augen, **{**kw, "legen": kw["legen"] + 1}), rules,
                       start_state(rules)).outcome.value
        assert doubled == 2 * base


@st.composite
def templates(draw):
    """A legal-looking hand whose roles (0-3) are filled with the players active at that moment."""
    game = draw(st.sampled_from(ALL_GAMES + ["ramsch", "weiter", "weiter"]))
    roles = draw(st.permutations(range(4)))
    kw = {}
    if game in ("sauspiel", "hochzeit", "solo", "wenz", "geier", "farbwenz", "farbgeier"):
        kw["augen"] = draw(st.integers(0, 120))
        kw["laufende"] = draw(st.integers(0, 4))
        kw["kontra"] = draw(st.booleans())
    if game in ("solo", "farbwenz", "farbgeier"):
        kw["suit"] = draw(st.sampled_from(["eichel", "gras", "herz", "schellen"]))
    if game == "bettel":
        kw["won"] = draw(st.booleans())
    if game != "weiter":
        kw["legen"] = draw(st.integers(0, 2))
    return game, roles, kw


def fill(template, active):
    game, roles, kw = template
    kw = dict(kw)
    if game == "ramsch":
        kw["loser"] = active[roles[0]]
        if roles[1] == 0:
            kw["jungfrau"] = (active[roles[2]],)
    elif game != "weiter":
        kw["player"] = active[roles[0]]
        if game in ("sauspiel", "hochzeit"):
            kw["partner"] = active[roles[1]]
    return GameEntry(game, **kw)


@given(st.lists(templates(), min_size=1, max_size=12), st.sampled_from(["stock", "ramsch", "redeal"]))
def test_replaying_an_evening_gives_the_stored_payouts(tmp_path_factory, evening, all_pass):
    from schafkopf_score.app import audit, hands
    from schafkopf_score.app.state import current_state, view_session
    from schafkopf_score.app.where import At
    from schafkopf_score.ledger import Ledger
    from schafkopf_score.rules.play import seat
    from schafkopf_score.table import find_family, load_table
    from schafkopf_score.table.file import render_table

    folder = tmp_path_factory.mktemp("ev")
    path = folder / "t.toml"
    text = render_table(find_family("bavarian"), FIVE, preset="wirtshaus")
    path.write_text(text.replace('all_pass = "ramsch"', f'all_pass = "{all_pass}"'))
    cfg = load_table(path)
    ledger = Ledger(cfg.ledger_path)
    stored = []
    for template in evening:
        _, state = current_state(cfg, ledger, At.evening(cfg, ledger).place)
        active = seat(GameEntry("weiter"), cfg.snapshot(), state).active
        try:
            done = hands.add_entry(At.evening(cfg, ledger), fill(template, active))
        except IllegalEntry:
            continue
        p, after = done.played, done.state
        stored.append(p.outcome)
        replayed = view_session(cfg, ledger)
        assert (after.balances, after.stock, after.state) == (replayed.balances, replayed.stock, replayed.state)
    assume(stored)
    assert audit.check_ledger(ledger) == []
    view = view_session(cfg, ledger)
    assert [r.played.outcome.payout_map() for r in view.valid_rows()] == [o.payout_map() for o in stored]
    assert sum(view.balances.values()) + view.stock == 0
    ledger.close()


# -- a snapshot missing a key replays the same (house rules defaulted once) -------------------------

SNAPSHOT_EVENINGS = {
    "bavarian": (FOUR, [GameEntry("sauspiel", player="Anna", partner="Ben", augen=95, laufende=3, kontra=True),
                        GameEntry("weiter"), GameEntry("wenz", player="Cora", augen=40, laufende=2),
                        GameEntry("solo", player="Dora", suit="herz", tout=True, won=True, laufende=4)]),
    "wendish": (FOUR, [GameEntry("normal", player="Anna", partner="Ben", augen=95),
                       GameEntry("solo", player="Cora", suit="herz", augen=20)]),
    "deutscher": (FOUR, [GameEntry("draw", cards=(("Anna", "Kreuz-Sieben"), ("Ben", "Pik-Bube"),
                                                  ("Cora", "Herz-Ass"), ("Dora", "Karo-Bube"))),
                         GameEntry("spiel", player="Ben", partner="Anna", augen=25)]),
    "sheepshead": (FIVE, [GameEntry("pick", player="Anna", partner="Ben", augen=94),
                          GameEntry("leaster", winner="Cora"), GameEntry("pick", player="Dora", alone=True, augen=40)]),
}


def _snapshot_keys():
    from schafkopf_score.rules.registry import find_family

    for family in SNAPSHOT_EVENINGS:
        fam = find_family(family)
        for spec in fam.rule_specs:
            yield family, "rules", spec.name
        for spec in fam.tariff_specs:
            yield family, "tariff", spec.name
        yield family, "", "point_value"


@pytest.mark.parametrize("drop", list(_snapshot_keys()), ids=lambda d: "-".join(filter(None, d)))
def test_a_snapshot_missing_any_key_replays_the_stored_payouts(drop):
    """An older ledger's snapshot may lack a key added since: every key takes its declared
    default, so the engine never fails on it (Deutscher augen_total raised KeyError)."""
    from schafkopf_score.rules.model import TableRules
    from schafkopf_score.session.fold import replay

    family, section, key = drop
    players, games = SNAPSHOT_EVENINGS[family]
    rules = make_rules(family, players)
    stored = [p.outcome.payout_map() for p in replay((g, rules) for g in games)]
    data = rules.to_dict()
    (data[section] if section else data).pop(key, None)
    older = TableRules.from_dict(data)
    assert [p.outcome.payout_map() for p in replay((g, older) for g in games)] == stored
