"""``play`` remembers what it gave (``rules.play._PLAYED``): a hand played again with equal
arguments is served from the memo. These tests hold it to the hand played afresh
(``rules.play._play``): every family, every preset, hands in a row, equal arguments made anew;
and a hand whose state, rules or seating differ is never served another's outcome."""

import importlib
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schafkopf_score.errors import IllegalEntry
from schafkopf_score.rules.bavarian import BavarianState
from schafkopf_score.rules.model import GameEntry, HandState, TableRules
from schafkopf_score.rules.play import Played, _play, play, recorded_seating, start_state
from schafkopf_score.table import make_rules

from .test_conformance import FAMILY_NAMES, random_entry, tables

FOUR = ["Anna", "Ben", "Cora", "Dora"]
# the module (``rules.play`` is also the name of the function the package exports)
play_mod = importlib.import_module("schafkopf_score.rules.play")


def same(a: Played, b: Played) -> None:
    """Two playings of a hand agree on everything a reader of ``Played`` sees."""
    assert a.seating == b.seating
    assert a.before == b.before and a.after == b.after
    oa, ob = a.outcome, b.outcome
    assert (oa.game, oa.unit, oa.payouts, oa.stock, oa.value, oa.won, oa.declarers, dict(oa.extra)) == (
        ob.game, ob.unit, ob.payouts, ob.stock, ob.value, ob.won, ob.declarers, dict(ob.extra))
    assert oa.explanation == ob.explanation
    assert a.summary() == b.summary() and a.facts() == b.facts()


def anew(entry: GameEntry, rules: TableRules, state: HandState) -> tuple[GameEntry, TableRules, HandState]:
    """Equal arguments, none of them the same object (the rules too: another snapshot, equal)."""
    return (GameEntry.from_dict(entry.to_dict() | {"game": entry.game}), TableRules.from_dict(rules.to_dict()),
            replace(state))


@pytest.fixture(autouse=True)
def awake_memo(monkeypatch):
    """Every test starts with the memo empty and awake (not resting after another test)."""
    monkeypatch.setattr(play_mod, "_PLAYED", {})
    monkeypatch.setattr(play_mod, "_hits", 0)
    monkeypatch.setattr(play_mod, "_resting", 0)


@pytest.mark.parametrize("family", FAMILY_NAMES)
@given(data=st.data())
def test_a_remembered_hand_is_the_hand_played_afresh(family, data):
    play_mod._resting = 0  # (each example: the memo awake)
    rules = data.draw(st.sampled_from(tables(family)))
    state = start_state(rules)
    for _ in range(data.draw(st.integers(1, 6))):
        entry = random_entry(data.draw, family, rules)
        try:
            fresh = _play(entry, rules, state, None)
        except IllegalEntry as exc:
            with pytest.raises(IllegalEntry) as again:  # a refusal is never remembered: refused again
                play(entry, rules, state)
            assert again.value.render("en") == exc.render("en")
            continue
        first = play(entry, rules, state)
        second = play(entry, rules, state)  # (served from the memo)
        assert second.outcome is first.outcome
        same(first, fresh)
        same(second, fresh)
        e2, r2, s2 = anew(entry, rules, state)
        third = play(e2, r2, s2)
        same(third, fresh)
        # the Played of a call holds that call's own arguments, whichever call the memo served
        assert second.entry is entry and second.rules is rules and second.before is state
        assert third.entry is e2 and third.rules is r2 and third.before is s2
        state = first.after


def test_a_hand_from_another_state_is_played_again():
    rules = make_rules("bavarian", FOUR, rules={"all_pass": "stock"})
    entry = GameEntry("sauspiel", player="Anna", partner="Ben", augen=70, sau="eichel")
    empty = start_state(rules)
    with_stock = replace(empty, own=BavarianState(stock=40, paid_in=(("Cora", 20), ("Dora", 20))))
    plain, stocked = play(entry, rules, empty), play(entry, rules, with_stock)
    assert plain.outcome.stock == 0 and stocked.outcome.stock == -40  # won: the Stock is the declarers'
    same(stocked, _play(entry, rules, with_stock, None))
    later = replace(empty, hand=2, dealer="Ben")  # the next dealer: another seating
    same(play(entry, rules, later), _play(entry, rules, later, None))
    assert play(entry, rules, later).seating.dealer == "Ben"


def test_a_hand_under_other_rules_is_played_again():
    entry = GameEntry("sauspiel", player="Anna", partner="Ben", augen=70, sau="eichel")
    cheap = make_rules("bavarian", FOUR, tariff={"sauspiel": 10})
    dear = make_rules("bavarian", FOUR, tariff={"sauspiel": 50})
    state = start_state(cheap)
    assert play(entry, cheap, state).outcome.payout_map()["Anna"] == 10
    assert play(entry, dear, state).outcome.payout_map()["Anna"] == 50
    english = TableRules.from_dict(cheap.to_dict() | {"language": "en"})
    assert play(entry, english, state).outcome.explanation == _play(entry, english, state, None).outcome.explanation
    assert play(entry, english, state).outcome.explanation != play(entry, cheap, state).outcome.explanation


def test_a_recorded_seating_is_part_of_the_key():
    five = make_rules("bavarian", [*FOUR, "Emil"])
    entry = GameEntry("wenz", player="Cora", augen=95)
    state = start_state(five)
    rotated = play(entry, five, state)  # Anna deals and sits out
    recorded = recorded_seating(five, "Ben", ["Ben"])
    other = play(entry, five, state, recorded)
    assert rotated.seating.dealer == "Anna" and other.seating.dealer == "Ben"
    assert other.seating is recorded
    same(other, _play(entry, five, state, recorded))
    assert rotated.outcome.payouts != other.outcome.payouts  # Anna plays in the second


def test_an_entry_that_differs_in_one_option_is_played_again():
    rules = make_rules("bavarian", FOUR)
    state = start_state(rules)
    entry = GameEntry("solo", player="Anna", augen=70, suit="herz")
    for changed in (entry.with_(laufende=3), entry.with_(kontra=True), entry.with_(augen=30),
                    entry.with_(comment="x"), entry.with_(schwarz=True, augen=120)):
        same(play(changed, rules, state), _play(changed, rules, state, None))
    assert play(entry.with_(kontra=True), rules, state).outcome.value == 2 * play(entry, rules, state).outcome.value


def test_a_state_that_does_not_hash_is_played_without_the_memo():
    rules = make_rules("bavarian", FOUR)
    entry = GameEntry("sauspiel", player="Anna", partner="Ben", augen=70, sau="eichel")
    odd = HandState(1, "Anna", own=["not", "a", "state"])  # a caller's own making: no family state
    before = len(play_mod._PLAYED)
    same(play(entry, rules, odd), _play(entry, rules, odd, None))
    assert len(play_mod._PLAYED) == before  # nothing remembered


def test_the_memo_stays_bounded(monkeypatch):
    monkeypatch.setattr(play_mod, "PLAYED_MEMO", 8)
    rules = make_rules("bavarian", FOUR)
    state = start_state(rules)
    for augen in range(61, 100):
        play(GameEntry("sauspiel", player="Anna", partner="Ben", augen=augen, sau="eichel"), rules, state)
        assert len(play_mod._PLAYED) <= 8


def test_an_entrys_hash_is_its_fields_and_never_travels(tmp_path):
    """An entry hashes as its fields (worked out once); a pickle or a copy carries no cached
    hash: another process, whose texts hash otherwise, finds the entry by an equal one."""
    import copy
    import os
    import pickle
    import subprocess
    import sys
    from dataclasses import fields

    entry = GameEntry("solo", player="Anna", augen=70, suit="herz", jungfrau=("Ben",))
    assert hash(entry) == hash(tuple(getattr(entry, f.name) for f in fields(GameEntry)))
    read = GameEntry.from_dict(entry.to_dict())
    assert read == entry and hash(read) == hash(entry) and hash(entry.with_(augen=71)) != hash(entry)
    assert "_hash" not in copy.copy(entry).__dict__ and copy.deepcopy(entry) == entry
    (tmp_path / "entry.pickle").write_bytes(pickle.dumps(entry))
    there = ("import pickle, sys; from schafkopf_score.rules.model import GameEntry; "
             "e = pickle.loads(open(sys.argv[1], 'rb').read()); "
             "fresh = GameEntry('solo', player='Anna', augen=70, suit='herz', jungfrau=('Ben',)); "
             "print({fresh: 'found'}.get(e, 'lost'))")
    for seed in ("1", "2"):
        out = subprocess.run([sys.executable, "-c", there, str(tmp_path / "entry.pickle")], capture_output=True,
                             text=True, env={**os.environ, "PYTHONHASHSEED": seed}, check=True)
        assert out.stdout.strip() == "found"


def test_the_memo_rests_where_hands_do_not_repeat(monkeypatch):
    """Full, with fewer hands met again than it holds, the memo rests for ``PLAYED_REST`` hands
    (played afresh, never served), then remembers again."""
    monkeypatch.setattr(play_mod, "PLAYED_MEMO", 8)
    monkeypatch.setattr(play_mod, "PLAYED_REST", 5)
    rules = make_rules("bavarian", FOUR)
    state = start_state(rules)
    hands = [GameEntry("sauspiel", player="Anna", partner="Ben", augen=a, sau="eichel") for a in range(61, 100)]
    for entry in hands[:9]:  # nine hands never met again: full at the ninth
        play(entry, rules, state)
    assert play_mod._resting == 5 and len(play_mod._PLAYED) == 1
    resting = [play(hands[8], rules, state) for _ in range(5)]  # (the hand remembered last: played afresh)
    assert all(p.outcome is not resting[0].outcome for p in resting[1:]) and play_mod._resting == 0
    same(resting[0], _play(hands[8], rules, state, None))
    again = play(hands[8], rules, state)
    assert play(hands[8], rules, state).outcome is again.outcome  # awake: remembered again
    for entry in hands[9:17]:  # full again at the last, but as many hands met again as it held: awake
        play(entry, rules, state)
        play(entry, rules, state)
    assert play_mod._resting == 0 and len(play_mod._PLAYED) == 1
