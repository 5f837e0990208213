"""The engine speaks the table's language (RULES §9): errors and their hints, explanations,
standing notes, game and card names, what each table key means, in German and in English."""

import pytest

from schafkopf_score.errors import IllegalEntry
from schafkopf_score.i18n import Text
from schafkopf_score.rules.keys import KeySpec, ValueProblem
from schafkopf_score.rules.model import FieldError, GameEntry
from schafkopf_score.rules.registry import FAMILIES, find_family
from schafkopf_score.table import make_rules
from tests.conftest import FOUR, score

FIVE = [*FOUR, "Emil"]


# -- errors with their hints ------------------------------------------------------------------------

@pytest.mark.parametrize("lang,expected", [
    ("de", "Fehler: 'Bem' spielt nicht an diesem Tisch.\nMeintest du Ben? Spieler hier: Anna, Ben, Cora, Dora.\n"),
    ("en", "Error: 'Bem' is not a player at this table.\nDid you mean Ben? Players here: Anna, Ben, Cora, Dora.\n"),
])
def test_an_unknown_name_with_its_did_you_mean(make_table, lang, expected):
    r = make_table(language=lang).run("calc", "sauspiel", "--player", "Bem", "--partner", "Ben", "--augen", "70")
    assert r.exit_code == 2 and r.stderr == expected


@pytest.mark.parametrize("lang,expected", [
    ("de", "Fehler: Bayerischer Schafkopf kennt kein Spiel 'sauspeil'.\nMeintest du 'sauspiel'? Bekannt: "),
    ("en", "Error: 'sauspeil' is not a game in Bavarian Schafkopf.\nDid you mean 'sauspiel'? Known: "),
])
def test_an_unknown_game_names_the_family_in_the_language(make_table, lang, expected):
    r = make_table(language=lang).run("calc", "sauspeil", "--player", "Anna", "--partner", "Ben", "--augen", "70")
    assert r.exit_code == 2 and r.stderr.startswith(expected)


@pytest.mark.parametrize("lang,expected", [
    ("de", "Fehler: Laufende 5 gehen nicht: Wenz hat 4 Trümpfe.\nGib --laufende 0 bis 4 an.\n"),
    ("en", "Error: Laufende 5 is impossible in a Wenz: it has 4 trumps.\nGive --laufende 0 to 4.\n"),
])
def test_a_game_title_in_an_error(make_table, lang, expected):
    r = make_table(language=lang).run("calc", "wenz", "--player", "Anna", "--augen", "70", "--laufende", "5")
    assert r.exit_code == 2 and r.stderr == expected


@pytest.mark.parametrize("lang,expected", [
    ("de", "Fehler: Die Herz-Sau kann man nicht rufen: sie ist im Sauspiel Trumpf.\n"
           "Ruf die Eichel-, Gras- oder Schellen-Sau (--sau eichel|gras|schellen).\n"),
    ("en", "Error: The Heart Ace cannot be called: it is a trump in a Sauspiel.\n"
           "Call the Acorn, Leaf or Bell Ace (--sau eichel|gras|schellen).\n"),
])
def test_card_names_in_an_error(make_table, lang, expected):
    r = make_table(language=lang).run("calc", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "70",
                                      "--sau", "herz")
    assert r.exit_code == 2 and r.stderr == expected


def test_wendish_partner_hint_names_the_queens_in_the_language():
    rules = make_rules("wendish", FOUR)
    with pytest.raises(IllegalEntry) as exc:
        score(rules, "normal", player="Anna", partner="Anna", augen=70)
    assert exc.value.render("de") == ("Anna kann nicht sein eigener Partner sein.",
                                      "Normalspiel: --player hat die Kreuz-Dame, --partner die Pik-Dame.")
    assert exc.value.render("en") == ("Anna cannot be their own partner.",
                                      "Normal game: --player holds the Queen of clubs, --partner the Queen of spades.")


def test_a_sentence_that_opens_with_a_game_is_capitalised():
    rules = make_rules("wendish", FOUR)
    with pytest.raises(IllegalEntry) as exc:
        score(rules, "normal", partner="Ben", augen=70)
    assert exc.value.render("en") == ("A normal game needs the declarer: --player NAME.",
                                      "Add the declarer, one of: Anna, Ben, Cora, Dora.")
    assert exc.value.render("de") == ("Normalspiel braucht den Spieler: --player NAME.",
                                      "Gib den Spieler an, einen von Anna, Ben, Cora, Dora.")


def test_a_bad_key_value_carries_a_message():
    spec = KeySpec("kontra", 2, "bavarian", maximum=4)
    with pytest.raises(ValueProblem) as exc:
        spec.check(9)
    assert isinstance(exc.value.text, Text)
    assert str(exc.value) == "must be at most 4, not 9"
    assert exc.value.text.render("de") == "darf höchstens 4 sein, nicht 9"
    choice = KeySpec("all_pass", "redeal", "bavarian", kind="choice", choices=("redeal", "ramsch", "stock"))
    with pytest.raises(ValueProblem) as exc:
        choice.check("nochmal")
    assert exc.value.text.render("de") == 'muss eins von "redeal", "ramsch" oder "stock" sein, nicht "nochmal"'


def test_a_stored_field_of_the_wrong_type_carries_a_message():
    with pytest.raises(FieldError) as exc:
        GameEntry.from_dict({"game": "solo", "augen": "lots"})
    assert str(exc.value) == "augen must be a whole number, not 'lots'"
    assert exc.value.text.render("de") == "augen muss eine ganze Zahl sein, nicht 'lots'"


# -- explanations and notes -------------------------------------------------------------------------

@pytest.mark.parametrize("lang,expected", [
    ("de", "Ramsch: Ben verliert, 10, Jungfrau x2 = 20 an jeden"),
    ("en", "Ramsch: Ben loses, 10, Jungfrau x2 = 20 to each"),
])
def test_a_ramsch_explanation(make_table, lang, expected):
    t = make_table(preset="wirtshaus", language=lang)
    assert t.json("calc", "ramsch", "--loser", "Ben", "--jungfrau", "Dora")["explanation"] == expected


@pytest.mark.parametrize("lang,note,won", [
    ("de", "Stock: 0,40 €", "Sauspiel 10 je Verlierer; Stock an die Gewinner: 0,40 €"),
    ("en", "Stock: €0.40", "Sauspiel 10 per loser; Stock to the winners: €0.40"),
])
def test_the_stock_in_the_language(make_table, lang, note, won):
    t = make_table(language=lang, replace={'all_pass = "redeal"': 'all_pass = "stock"'})
    t.ok("add", "weiter")
    assert note in t.ok("standings").stdout.splitlines()
    assert t.json("calc", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "70")["explanation"] == won


def test_a_bavarian_explanation_in_english():
    rules = make_rules("bavarian", FOUR, language="en")
    out = score(rules, "farbwenz", player="Anna", suit="gras", augen=95, laufende=3, kontra=True)
    assert out.explanation == "Leaf wenz 50 + schneider 10 + 3 Laufende 30 = 90, Kontra x2 = 180 per opponent"
    de = score(make_rules("bavarian", FOUR), "farbwenz", player="Anna", suit="gras", augen=95, laufende=3, kontra=True)
    assert de.explanation == "Gras-Wenz 50 + Schneider 10 + 3 Laufende 30 = 90, Kontra x2 = 180 je Gegner"


def test_the_deutscher_lot_on_an_english_table_says_draw_and_english_cards(make_table):
    cards = (("Anna", "Kreuz-Sieben"), ("Ben", "Pik-Bube"), ("Cora", "Herz-Dame"), ("Dora", "Karo-König"))
    en = score(make_rules("deutscher", FOUR, language="en"), "draw", cards=cards)
    assert en.explanation == ("Draw: Anna: Seven of clubs, Ben: Jack of spades, Cora: Queen of hearts, "
                              "Dora: King of diamonds. Ben + Anna against Dora + Cora")
    de = score(make_rules("deutscher", FOUR), "draw", cards=cards)
    assert de.explanation == ("Los: Anna: Kreuz-Sieben, Ben: Pik-Bube, Cora: Herz-Dame, Dora: Karo-König. "
                              "Ben + Anna gegen Dora + Cora")
    out = make_table(family="deutscher", language="en").ok("draw", "--seed", "1").stdout
    assert out.startswith("Draw: ") and " of " in out and "Los" not in out and "-Dame" not in out


@pytest.mark.parametrize("lang,expected", [
    ("de", "Ben + Dora gewinnen, doppelt gebucht: 2 Striche je Spieler"),
    ("en", "Ben + Dora win, booked double: 2 strokes each"),
])
def test_a_deutscher_game_explanation(lang, expected):
    rules = make_rules("deutscher", FOUR, language=lang, rules={"partners": "fixed"})  # no draw needed
    out = score(rules, "spiel", player="Anna", partner="Cora", augen=50)
    assert out.explanation == expected


@pytest.mark.parametrize("lang,note,explanation", [
    ("en", "Pending doublers: 1 (the next hand counts x2)",
     "Ben and Cora won with 94 points, schneider: tier 2, doubler x2 = 4 per opponent"),
    ("de", "Offene Doubler: 1 (das nächste Spiel zählt x2)",
     "Ben und Cora: gewonnen mit 94 Punkten, Schneider, Stufe 2, Doubler x2 = 4 je Gegner"),
])
def test_sheepshead_note_and_explanation(make_table, lang, note, explanation):
    t = make_table(players=FIVE, family="sheepshead", language=lang,
                   replace={'no_pick = "leaster"': 'no_pick = "doubler"'})
    t.ok("add", "doubler")
    assert note in t.ok("standings").stdout.splitlines()
    assert t.json("calc", "pick", "--picker", "Ben", "--partner", "Cora", "--points", "94")["explanation"] == explanation


def test_wendish_notes_in_english():
    fam = find_family("wendish")
    rules = make_rules("wendish", FOUR, language="en", rules={"muss_solo": 1, "kasse": 20})
    state = score(rules, "solo", player="Anna", still=True, augen=70)
    from schafkopf_score.rules.play import play, start_state

    after = play(GameEntry("solo", player="Anna", still=True, augen=70), rules, start_state(rules)).after
    assert state.explanation == "Silent solo 30 per opponent"
    notes = fam.standing_notes(rules, after, {"Anna": 90, "Ben": -30, "Cora": -30, "Dora": -30}, "en")
    assert notes == ["Muss-Solo still owed: Ben 1, Cora 1, Dora 1",
                     "Stake left: Anna €1.10, Ben -€0.10, Cora -€0.10, Dora -€0.10",
                     "Warning: Ben's stake is used up.", "Warning: Cora's stake is used up.",
                     "Warning: Dora's stake is used up."]
    assert fam.warnings(rules, after)[0] == "Ben still owes 1 Muss-Solo."


# -- names ------------------------------------------------------------------------------------------

def test_game_labels_and_descriptions():
    bav = find_family("bavarian")
    solo = GameEntry("solo", player="Anna", suit="herz", augen=105)
    assert (bav.game_label(solo, "de"), bav.game_label(solo, "en")) == ("Herz-Solo", "Heart solo")
    wenz = GameEntry("farbwenz", player="Anna", suit="grün", augen=70)
    assert (bav.game_label(wenz, "de"), bav.game_label(wenz, "en")) == ("Gras-Wenz", "Leaf wenz")
    still = GameEntry("solo", player="Anna", still=True, augen=70)
    wend = find_family("wendish")
    assert (wend.game_label(still, "de"), wend.game_label(still, "en")) == ("Stilles Solo", "Silent solo")
    tout = GameEntry("solo", player="Anna", suit="eichel", tout=True, won=True)
    assert bav.describe(tout, lang="en") == "Acorn solo tout Anna +"
    assert bav.describe(tout, lang="de") == "Eichel-Solo Tout Anna +"
    ramsch = GameEntry("ramsch", loser="Ben", jungfrau=("Dora",), legen=1)
    assert bav.describe(ramsch, lang="en") == "Ramsch Ben laid 1 Jungfrau Dora"
    assert bav.describe(ramsch, lang="de") == "Ramsch Ben gelegt 1 Jungfrau Dora"
    alone = GameEntry("pick", player="Ben", alone=True, augen=70, forced=True)
    sheeps = find_family("sheepshead")
    assert sheeps.describe(alone, lang="en") == "Pick Ben alone 70 Forced"
    assert sheeps.describe(alone, lang="de") == "Aufnahme Ben allein 70 Muss"
    draw = GameEntry("draw", cards=())
    deu = find_family("deutscher")
    assert deu.describe(draw, extra={"pairs": [["Anna", "Dora"], ["Ben", "Cora"]]}, lang="en") == "Draw Anna+Dora / Ben+Cora"
    assert deu.describe(draw, extra={"pairs": [["Anna", "Dora"], ["Ben", "Cora"]]}, lang="de") == "Los Anna+Dora / Ben+Cora"


def test_family_and_game_names_follow_the_language():
    bav = find_family("bavarian")
    assert (bav.title_in("de"), bav.title_in("en")) == ("Bayerischer Schafkopf", "Bavarian Schafkopf")
    assert bav.title_text().render("de") == "Bayerischer Schafkopf"
    assert find_family("wendish").title_in("en") == "Wendish Schafkopf"
    assert find_family("sheepshead").game_phrase("leaster").render("en") == "a leaster"
    assert find_family("sheepshead").game_text("leaster").render("en") == "Leaster"  # a title: no article
    assert find_family("sheepshead").game_text("leaster").render("de") == "Leaster"
    for fam in FAMILIES.values():
        for game in fam.games:
            for lang in ("de", "en"):
                assert fam.game_text(game.name).render(lang)
                assert fam.describe(GameEntry(game.name), lang=lang)


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_every_key_means_something_in_both_languages(family):
    fam = FAMILIES[family]
    for spec in (*fam.tariff_specs, *fam.rule_specs):
        de, en = spec.meaning("de"), spec.meaning("en")
        assert de and en, spec.name
        assert spec.doc == en


def test_key_meanings_in_the_rules_of_a_german_table(make_table):
    out = make_table(language="de").ok("rules").stdout
    assert "jeder Verlierer zahlt jedem Gewinner" in out
    assert "each loser pays each winner" not in out
    out = make_table(language="en").ok("rules").stdout
    assert "each loser pays each winner" in out
