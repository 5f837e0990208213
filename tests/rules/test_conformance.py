"""The contract every registered rule family keeps: the same tests over each of them, so a new
family (or a new game in one) is held to what the ledger, the settlement and the CLI rely on."""

from dataclasses import fields

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schafkopf_score.errors import IllegalEntry
from schafkopf_score.rules.model import UNIT_STROKE, GameEntry, TableRules, entry_options
from schafkopf_score.rules.play import play, start_state
from schafkopf_score.rules.registry import FAMILIES
from schafkopf_score.session.fold import replay
from schafkopf_score.table import make_rules

PLAYERS = ["Anna", "Ben", "Cora", "Dora", "Emil", "Fritz"]
FAMILY_NAMES = sorted(FAMILIES)


def tables(family: str) -> list[TableRules]:
    """Every preset at every seat count the family plays (with one waiting player at four)."""
    fam = FAMILIES[family]
    out = []
    for preset in fam.presets:
        for seats in fam.seat_range:
            players = PLAYERS[: seats + (1 if seats == 4 else 0)]
            rules = make_rules(family, players, seats=seats, preset=preset)
            if not fam.check_table(rules):
                out.append(rules)
    return out


def random_entry(draw, family: str, rules: TableRules) -> GameEntry:
    """Any game of the family with a random few of the options that game allows, names drawn
    from the players of the next hand (so a fair share of the entries is accepted)."""
    from schafkopf_score.rules.play import seat

    fam = FAMILIES[family]
    game = draw(st.sampled_from(fam.games))
    names = draw(st.permutations(seat(GameEntry(""), rules, start_state(rules)).active))
    kw: dict = {"player": names[0]}
    if "partner" in game.allowed and draw(st.integers(0, 3)):
        kw["partner"] = names[1]
    result = draw(st.sampled_from(["augen", "augen", "won", "none"]))
    chain = [k for k in ("kontra", "re", "sup", "hirsch") if k in game.allowed]
    kw.update(dict.fromkeys(chain[: draw(st.integers(0, len(chain)))], True))  # a doubling chain
    if "suit" in game.allowed and draw(st.integers(0, 3)):
        kw["suit"] = draw(st.sampled_from(fam.suits))
    for opt in entry_options():
        if (opt.field not in game.allowed or opt.field in ("player", "partner", "won", "augen", "suit", *chain)
                or draw(st.integers(0, 3))):
            continue
        if opt.kind == "name":
            kw[opt.field] = draw(st.sampled_from(names))
        elif opt.kind == "names":
            kw[opt.field] = tuple(draw(st.lists(st.sampled_from(names), max_size=2, unique=True)))
        elif opt.kind == "count":
            kw[opt.field] = draw(st.integers(0, 4))
        elif opt.kind == "flag":
            kw[opt.field] = True
        elif opt.kind == "suit":
            kw[opt.field] = draw(st.sampled_from(fam.suits))
    if result == "augen" and "augen" in game.allowed:
        kw["augen"] = draw(st.integers(0, 120))
    elif result == "won" and "won" in game.allowed:
        kw["won"] = draw(st.booleans())
    if "augen_map" in game.allowed and draw(st.booleans()):
        cut = sorted(draw(st.lists(st.integers(0, 120), min_size=len(names) - 1, max_size=len(names) - 1)))
        parts = [b - a for a, b in zip([0, *cut], [*cut, 120], strict=True)]
        kw["augen_map"] = tuple(zip(names, parts, strict=True))
    if "cards" in game.allowed:
        from schafkopf_score.rules.deutscher import all_cards

        kw["cards"] = tuple(zip(names, draw(st.permutations(all_cards()))[: len(names)], strict=False))
    return GameEntry(game.name, **{k: v for k, v in kw.items() if k in game.allowed})


@pytest.mark.parametrize("family", FAMILY_NAMES)
@given(data=st.data())
def test_every_accepted_hand_keeps_the_ledgers_invariants(family, data):
    rules = data.draw(st.sampled_from(tables(family)))
    state = start_state(rules)
    played = []
    for _ in range(data.draw(st.integers(1, 6))):
        entry = random_entry(data.draw, family, rules)
        try:
            hand = play(entry, rules, state)
        except IllegalEntry as exc:
            assert exc.message and exc.hint is not None
            for lang in ("de", "en"):  # every refusal renders in both languages
                assert all(exc.render(lang))
            continue
        out = hand.outcome
        pay = out.payout_map()
        assert set(pay) == set(hand.seating.active)  # a payout for every active player, no one else
        assert set(out.declarers) <= set(hand.seating.active)
        if out.unit == UNIT_STROKE:
            assert all(v >= 0 for v in pay.values())
        else:
            assert sum(pay.values()) + out.stock == 0
        for lang in ("de", "en"):
            assert FAMILIES[family].describe(entry, out.declarers, out.extra, lang=lang)
        played.append(entry)
        state = hand.after
    # a session replays to the same payouts
    again = list(replay((e, rules) for e in played))
    assert len(again) == len(played)


@pytest.mark.parametrize("family", FAMILY_NAMES)
def test_house_rules_are_the_key_specs(family):
    fam = FAMILIES[family]
    assert [s.name for s in fam.rule_specs] == [f.name for f in fields(fam.house_rules)]
    for rules in tables(family):
        house = fam.house(rules)
        assert house.to_dict() == {k: rules.rules[k] for k in house.to_dict()}
        empty = fam.house_rules.from_mapping({}, fam.rule_defaults(rules.seats))
        assert {s.name: s.default for s in fam.rule_specs if s.name not in fam.rule_defaults(rules.seats)} == {
            k: v for k, v in empty.to_dict().items() if k not in fam.rule_defaults(rules.seats)}


@pytest.mark.parametrize("family", FAMILY_NAMES)
def test_games_resolve_by_name_and_alias(family):
    fam = FAMILIES[family]
    for game in fam.games:
        assert fam.find_game(game.name) is game
        for alias in game.aliases:
            assert fam.find_game(alias.upper()) is game
    with pytest.raises(IllegalEntry):
        fam.find_game("no-such-game")


@pytest.mark.parametrize("family", FAMILY_NAMES)
@given(st.lists(st.integers(-2000, 2000), min_size=1, max_size=5), st.integers(0, 500))
def test_settlement_and_closing_keep_the_money_whole(family, amounts, pot):
    from schafkopf_score.session.settle import settle_session

    fam = FAMILIES[family]
    rules = tables(family)[0]
    names = list(rules.players)
    if fam.unit == UNIT_STROKE:
        balances = {n: abs(a) for n, a in zip(names, amounts, strict=False)}
    else:
        balances = {n: a for n, a in zip(names, amounts, strict=False)}
        balances[names[-1]] = balances.get(names[-1], 0) - sum(balances.values()) - (pot if fam.pot_return(rules, pot)
                                                                                      else 0)
    stock = pot if fam.pot_return(rules, pot) else 0
    result = settle_session(rules, balances, stock)
    assert sum(result.paid.values()) == 0
    cleared = dict.fromkeys(result.paid, 0)
    for t in result.transfers:
        cleared[t.payer] -= t.amount
        cleared[t.payee] += t.amount
    assert cleared == result.paid
    booked = fam.closing_bookings(rules, start_state(rules), stock)
    assert sum(booked.payouts.values()) + booked.stock == 0 and booked.stock == -stock


@pytest.mark.parametrize("family", FAMILY_NAMES)
def test_a_snapshot_round_trips(family):
    for rules in tables(family):
        again = TableRules.from_dict(rules.to_dict())
        assert again == rules and FAMILIES[family].house(again) == FAMILIES[family].house(rules)
