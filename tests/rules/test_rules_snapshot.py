"""``rules.snapshot.checked``: the one check of a rules snapshot (``rules/snapshot.py``), which the
table file's loader and the import both run, and ``defaults``, where a table's values are
merged. A good snapshot comes back as it went in; each kind of bad value is refused with its
message; a table file and an import refuse the same bad snapshot with the same words."""

import functools
import json

import pytest

from schafkopf_score.errors import InvalidEntry
from schafkopf_score.rules.registry import FAMILIES, find_family
from schafkopf_score.rules.snapshot import SnapshotError, checked, defaults
from schafkopf_score.table import make_rules

FOUR = ["Anna", "Ben", "Cora", "Dora"]
FIVE = [*FOUR, "Emil"]


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_a_good_snapshot_comes_back_as_it_went_in(family):
    fam = find_family(family)
    for seats in fam.seat_range:
        for preset in fam.presets:
            rules = make_rules(family, FIVE[:max(seats, 2)], seats=seats, preset=preset)
            again = checked(json.loads(json.dumps(rules.to_dict())))
            assert again == rules
            assert again.to_dict() == rules.to_dict()


def test_a_table_files_snapshot_comes_back_as_it_went_in(make_table):
    t = make_table(players=FIVE, preset="wirtshaus", tariff="20/50")
    data = t.json("rules")
    snapshot = {k: data[k] for k in ("family", "players", "seats", "deck", "tariff", "rules", "currency",
                                      "language", "point_value")}
    assert checked(snapshot).to_dict() == snapshot
    assert list(checked(snapshot).rules) == list(snapshot["rules"])  # the order kept too


def _good():
    return make_rules("bavarian", FOUR).to_dict()


def _with(**changes):
    data = _good()
    for key, value in changes.items():
        if key in ("tariff", "rules") and isinstance(value, dict):
            data[key] = {**data[key], **value}
        elif value is None:
            del data[key]
        else:
            data[key] = value
    return data


# (the snapshot, where: (section, key), the problem's message id, its English words)
BAD = {
    "not a table": ([1, 2], ("", ""), "data.snapshot_not_a_table",
                    "A rules snapshot must be a table of its keys, not [1, 2]."),
    "seats missing": (_with(seats=None), ("", "seats"), "data.snapshot_key_missing", "seats is missing."),
    "family a number": (_with(family=5), ("", "family"), "data.must_be_quoted_name",
                        "family must be a name in quotes."),
    "family unknown": (_with(family="skat"), ("", "family"), "data.not_a_family",
                       "family 'skat' is not a rule family."),
    "players as text": (_with(players="Anna,Ben"), ("", "players"), "data.players_list",
                        'players must be a list of names in seating order, e.g. ["Anna", "Ben", "Cora", "Dora"].'),
    "one player": (_with(players=["Anna"]), ("", "players"), "data.players_too_few", None),
    "a name twice": (_with(players=["Anna", "Ben", "anna", "Dora"]), ("", "players"), "data.player_twice", None),
    "a hidden character": (_with(players=["Anna", "Ben\x1b[31m", "Cora", "Dora"]), ("", "players"),
                           "data.player_hidden", None),
    "spaces around a name": (_with(players=["Anna", " Ben", "Cora", "Dora"]), ("", "players"),
                             "data.player_spaces", None),
    "a name too long": (_with(players=["Anna", "B" * 51, "Cora", "Dora"]), ("", "players"),
                        "data.player_too_long", None),
    "seats as text": (_with(seats="4"), ("", "seats"), "engine.value.whole",
                      'seats must be a whole number, not "4"'),
    "seats as a flag": (_with(seats=True), ("", "seats"), "engine.value.whole", None),
    "seats beyond": (_with(seats=7), ("", "seats"), "engine.value.at_most", "seats must be at most 4, not 7"),
    "seats not played": ({**make_rules("deutscher", FOUR).to_dict(), "seats": 3}, ("", "seats"),
                         "data.seats_not_played", None),
    "a deck no family plays": (_with(deck="skat"), ("", "deck"), "engine.value.choice", None),
    "currency with markup": (_with(currency="[red]"), ("", "currency"), "data.currency_problem", None),
    "currency a number": (_with(currency=5), ("", "currency"), "engine.value.text", None),
    "unknown language": (_with(language="fr"), ("", "language"), "engine.value.choice", None),
    "negative point value": (_with(point_value=-5), ("", "point_value"), "engine.value.at_least",
                             "point_value must be at least 0, not -5"),
    "point value as text": (_with(point_value="5"), ("", "point_value"), "engine.value.whole", None),
    "tariff a list": (_with(tariff=[]), ("", "tariff"), "data.must_be_section",
                      "tariff must be a section: [tariff]"),
    "tariff key unknown": (_with(tariff={"sollo": 50}), ("tariff", "sollo"), "data.not_a_key",
                           "[tariff] sollo is not a known key."),
    "tariff as text": (_with(tariff={"solo": "fünfzig"}), ("tariff", "solo"), "engine.value.whole",
                       '[tariff] solo must be a whole number, not "fünfzig"'),
    "tariff negative": (_with(tariff={"solo": -1}), ("tariff", "solo"), "engine.value.at_least", None),
    "tariff huge": (_with(tariff={"solo": 10**400}), ("tariff", "solo"), "data.at_most",
                    "[tariff] solo must be at most 1000000000, not a number of 401 digits"),
    "rules a number": (_with(rules=3), ("", "rules"), "data.must_be_section", None),
    "rules key unknown": (_with(rules={"stock_bonus": 5}), ("rules", "stock_bonus"), "data.not_a_key", None),
    "Bock at a table without": ({**make_rules("sheepshead", FOUR).to_dict(), "rules": {"bock_after": []}},
                                ("rules", "bock_after"), "data.bock_family", None),
    "rule beyond its limit": (_with(rules={"kontra": 9}), ("rules", "kontra"), "engine.value.at_most",
                              "[rules] kontra must be at most 4, not 9"),
    "rule of the wrong kind": (_with(rules={"legen": "ja"}), ("rules", "legen"), "engine.value.bool", None),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_each_kind_of_bad_value_is_refused_with_its_message(case):
    data, where, message_id, english = BAD[case]
    with pytest.raises(SnapshotError) as caught:
        checked(data)
    exc = caught.value
    assert isinstance(exc, InvalidEntry) and exc.exit_code == 2
    assert (exc.section, exc.key) == where
    assert exc.problem.key == message_id
    if english is not None:
        assert exc.message == english


def test_a_snapshot_s_other_keys_are_not_looked_at():
    """What a snapshot does not hold (a table file's name, its ledger) is the caller's."""
    assert checked({**_good(), "name": "\x1b", "ledger": 5}) == make_rules("bavarian", FOUR)


def test_an_unknown_key_gets_a_did_you_mean():
    with pytest.raises(SnapshotError) as caught:
        checked(_with(tariff={"sollo": 50}))
    assert caught.value.hint == "Did you mean 'solo'?"


def test_defaults_merge_given_over_preset_over_seats_over_declared():
    wendish = find_family("wendish")
    tariff, rules = defaults(wendish, 3)
    assert rules["games"] == ["solo", "jeder"]  # the family's default for three seats
    tariff, rules = defaults(wendish, 3, rules={"games": ["normal"]})
    assert rules["games"] == ["normal"] and list(rules)[0] == "games"  # given first, in its own order
    bavarian = find_family("bavarian")
    tariff, rules = defaults(bavarian, 4, preset="wirtshaus")
    assert (tariff["bettel"], rules["legen"], rules["all_pass"]) == (30, True, "ramsch")
    tariff, rules = defaults(bavarian, 4, preset="wirtshaus", tariff={"bettel": 40}, rules={"legen": False})
    assert (tariff["bettel"], rules["legen"]) == (40, False)
    tariff, _ = defaults(bavarian, 4)
    assert "hochzeit" not in tariff  # a tariff without a default of its own (another key stands for it)
    assert defaults(bavarian, 4) == defaults(bavarian, 4, preset="official")


# -- the table file and the import, the same check --------------------------------------------

@pytest.fixture
def en_table(make_table):
    return functools.partial(make_table, language="en")


@pytest.fixture
def export(en_table, tmp_path):
    t = en_table(players=FIVE, preset="wirtshaus", name="source")
    t.ok("add", "sau", "be", "co", "72", "l3")
    path = tmp_path / "abend.json"
    t.ok("export", "--format", "json", "--all", "--out", str(path))
    return json.loads(path.read_text(encoding="utf-8"))


PLAYERS_LINE = 'players = ["Anna", "Ben", "Cora", "Dora", "Emil"]'

# a bad snapshot: how the table file says it, how the export says it, and the words both use
SAME = {
    "a hidden character": (
        (PLAYERS_LINE, 'players = ["Anna", "Ben\\u001b[31m", "Cora", "Dora", "Emil"]'),
        lambda r: r["players"].__setitem__(1, "Ben\x1b[31m"),
        "has an invisible or control character (U+001B) in player 2 ('Ben\\x1b[31m') at position 4."),
    "a name twice": (
        (PLAYERS_LINE, 'players = ["Anna", "Ben", "Cora", "Dora", "BEN"]'),
        lambda r: r["players"].__setitem__(4, "BEN"),
        "names 'BEN' twice."),
    "a rule beyond its limit": (
        ("kontra = 2 ", "kontra = 9 "),
        lambda r: r["rules"].update(kontra=9),
        "kontra must be at most 4, not 9"),
}


@pytest.mark.parametrize("case", sorted(SAME))
def test_the_table_file_and_an_import_refuse_the_same_bad_snapshot_alike(en_table, export, tmp_path, case):
    (old, new), mutate, words = SAME[case]
    bad_file = en_table(players=FIVE, preset="wirtshaus", name="bad", replace={old: new})
    r = bad_file.run("rules", "--check")
    assert r.exit_code == 2, r.output
    assert words in r.stderr, r.stderr
    for ruleset in export["rulesets"].values():
        mutate(ruleset)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(export, ensure_ascii=False), encoding="utf-8")
    target = en_table(players=FIVE, preset="wirtshaus", name="target")
    r = target.run("import", str(path))
    assert r.exit_code == 2, r.output
    assert r.stderr.startswith("Error: ") and "not a schafkopf-score JSON export" in r.stderr, r.stderr
    assert words in r.stderr, r.stderr
    assert not target.ledger_path.exists()
