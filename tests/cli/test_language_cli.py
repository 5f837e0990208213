"""Every word the CLI prints for a table is in the table's language (issue 12, RULES §9): the
same commands on a German and on an English table, exact text."""

import json
import time
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from schafkopf_score.i18n import everything as catalogue
from schafkopf_score.rules.registry import FAMILIES

EVERY_FAMILY = list(FAMILIES.values())  # a family adds its words (its messages) to the catalogue when it is loaded

TEXTS = {
    "de": {
        "add": ["Spiel 1 eingetragen: Wenz Anna 70. Anna gewinnt.",
                "Anna +1,50 €, Ben -0,50 €, Cora -0,50 €, Dora -0,50 €",
                "Nächster Geber: Ben"],
        "undo": "Spiel 2 (Wenz Ben 70) ist gestrichen; das Spielbuch behält es, als gestrichen markiert.\n",
        "edit": "Spiel 1 korrigiert: Wenz Anna 70 -> Wenz Anna 70 Kontra",
        "family": "Bayerischer Schafkopf",
        "players": "Spieler: Anna, Ben, Cora, Dora; 4 Plätze; Blatt lang (32 Karten); Spielbuch {ledger}",
        "check": "{path}: OK (Bayerischer Schafkopf, 4 Spieler, 4 Plätze).\n",
        "rules_heads": (["Schlüssel", "Betrag", "Bedeutung"], ["Schlüssel", "Wert", "Bedeutung"]),
        "stats": ("Spieler", ["Spieler", "Spiele", "Spielmacher", "Gewonnen", "Mitspieler", "Stand"]),
        "history": "{at}  Abend 1 Spiel 2 (Wenz)  gestrichen: doppelt",
        "history_format": "%d.%m.%Y %H:%M",
        "balances": "Anna=3,40,Ben=-3,40",
        "transfer": "  Ben zahlt Anna 3,40 €",
        "settle_head": "Stand:",
        "standings": "test: Abend 1",
        "round": "Fehler: --round 0 ist keine positive Zahl von Cent.\nGib z. B. --round 50 an.\n",
        "no_change": "Fehler: edit 1 nennt keine Änderung.\n"
                     "Gib an, was sich ändert (z. B. schafkopf edit 1 k, oder --kontra), oder das ganze "
                     "korrigierte Spiel.\n",
        "play_void": ["Zeile 1: void", "Fehler: void braucht die Nummer des Spiels.", "Schreib es so: void 7."],
        "no_corrections": "Keine Korrekturen.\n",
    },
    "en": {
        "add": ["Hand 1 recorded: Wenz Anna 70. Anna wins.",
                "Anna +€1.50, Ben -€0.50, Cora -€0.50, Dora -€0.50",
                "Next dealer: Ben"],
        "undo": "Hand 2 (Wenz Ben 70) is void; the ledger keeps it, marked void.\n",
        "edit": "Hand 1 corrected: Wenz Anna 70 -> Wenz Anna 70 Kontra",
        "family": "Bavarian Schafkopf",
        "players": "Players: Anna, Ben, Cora, Dora; 4 seats; deck long (32 cards); ledger {ledger}",
        "check": "{path}: OK (Bavarian Schafkopf, 4 players, 4 seats).\n",
        "rules_heads": (["key", "amount", "meaning"], ["key", "value", "meaning"]),
        "stats": ("Players", ["Player", "Games", "Declarer", "Won", "Partner", "Balance"]),
        "history": "{at}  session 1 hand 2 (Wenz)  void: doppelt",
        "history_format": "%Y-%m-%d %H:%M",
        "balances": "Anna=3.40,Ben=-3.40",
        "transfer": "  Ben pays Anna €3.40",
        "settle_head": "Balance:",
        "standings": "test: Session 1",
        "round": "Error: --round 0 is not a positive number of cents.\nGive e.g. --round 50.\n",
        "no_change": "Error: edit 1 names no change.\n"
                     "Give what changes (e.g. schafkopf edit 1 k, or --kontra), or the whole corrected game.\n",
        "play_void": ["Line 1: void", "Error: void needs the hand number.", "Write it like void 7."],
        "no_corrections": "No corrections.\n",
    },
}

LANGS = ["de", "en"]


@pytest.mark.parametrize("lang", LANGS)
def test_add_undo_edit_answers(make_table, lang):
    words = TEXTS[lang]
    t = make_table(language=lang)
    assert t.ok("add", "wenz", "an", "70").stdout.splitlines() == words["add"]
    t.ok("add", "wenz", "be", "70")
    assert t.ok("undo").stdout == words["undo"]
    assert t.ok("edit", "1", "k").stdout.splitlines()[0] == words["edit"]


@pytest.mark.parametrize("lang", LANGS)
def test_rules_header_and_check(make_table, lang):
    words = TEXTS[lang]
    t = make_table(language=lang)
    out = t.ok("rules").stdout.splitlines()
    assert out[0] == f"test ({words['family']}), {t.path}"
    assert out[1] == words["players"].format(ledger=t.ledger_path)
    for heads in words["rules_heads"]:  # [tariff] and [rules]
        assert any(line.replace("┃", " ").split() == heads for line in out), (heads, out)
    assert t.ok("rules", "--check").stdout == words["check"].format(path=t.path)


@pytest.mark.parametrize("lang", LANGS)
def test_stats_headings(make_table, lang):
    title, heads = TEXTS[lang]["stats"]
    t = make_table(language=lang)
    t.ok("add", "wenz", "an", "70")
    out = t.ok("stats").stdout.splitlines()
    assert out[0].strip() == title
    assert [c.strip() for c in out[2].strip("┃ ").split("┃")] == heads


@pytest.fixture
def berlin(monkeypatch):
    """The local time zone is Berlin's (so a local time differs from the stored UTC)."""
    monkeypatch.setenv("TZ", "Europe/Berlin")
    time.tzset()
    yield ZoneInfo("Europe/Berlin")
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize("lang", LANGS)
def test_history_in_local_time(make_table, berlin, lang):
    words = TEXTS[lang]
    t = make_table(language=lang)
    assert t.ok("sheet", "--history").stdout == words["no_corrections"]
    t.ok("add", "wenz", "an", "70")
    t.ok("add", "wenz", "be", "70")
    t.ok("void", "2", "--reason", "doppelt")
    stored = t.json("sheet", "--history")["history"][0]["at"]
    moment = datetime.fromisoformat(stored.replace("Z", "+00:00"))
    assert moment.utcoffset().total_seconds() == 0, stored  # stored in UTC
    local = moment.astimezone(berlin).strftime(words["history_format"])
    assert t.ok("sheet", "--history").stdout == words["history"].format(at=local) + "\n"


@pytest.mark.parametrize("lang", LANGS)
def test_settle_transfer_and_standings_title(make_table, lang):
    words = TEXTS[lang]
    t = make_table(language=lang)
    out = t.ok("settle", "--from-balances", words["balances"]).stdout.splitlines()
    assert out[0] == words["settle_head"]
    assert words["transfer"] in out
    t.ok("add", "wenz", "an", "70")
    assert t.ok("standings").stdout.splitlines()[0].strip() == words["standings"]


@pytest.mark.parametrize("lang", LANGS)
def test_cli_refusals_in_the_tables_language(make_table, lang):
    words = TEXTS[lang]
    t = make_table(language=lang)
    t.ok("add", "wenz", "an", "70")
    r = t.run("settle", "--round", "0")
    assert r.exit_code == 2 and r.stderr == words["round"]
    r = t.run("edit", "1")
    assert r.exit_code == 2 and r.stderr == words["no_change"]
    r = t.run("play", input="void\n")
    assert r.exit_code == 2 and r.stderr.splitlines() == words["play_void"]


@pytest.mark.parametrize("lang", LANGS)
def test_new_answers_in_the_new_tables_language(tmp_path, lang):
    from schafkopf_score.cli.app import app
    from tests.conftest import CliRunner

    path = tmp_path / "neu.toml"
    r = CliRunner().invoke(app, ["new", str(path), "--players", "Anna,Ben,Cora,Dora", "--language", lang])
    assert r.exit_code == 0, r.output
    wrote = {"de": f"{path} geschrieben (Bayerischer Schafkopf, Anna, Ben, Cora, Dora; 4 Plätze).",
             "en": f"Wrote {path} (Bavarian Schafkopf, Anna, Ben, Cora, Dora; 4 seats)."}[lang]
    assert r.stdout.splitlines()[0] == wrote
    r = CliRunner().invoke(app, ["new", str(path), "--players", "Anna,Ben,Cora,Dora", "--language", lang])
    assert r.exit_code == 2
    assert r.stderr == {"de": f"Fehler: {path} gibt es schon; es blieb, wie es war.\n"
                              "Nimm einen anderen Pfad, oder häng --force an.\n",
                        "en": f"Error: {path} exists already; it was left as it is.\n"
                              "Choose another path, or add --force.\n"}[lang]


def test_the_cli_catalogue_is_complete_in_both_languages():
    import string

    ids = [k for k in catalogue() if k.startswith("cli.")]
    assert len(ids) > 100
    for key in ids:
        en, de = catalogue()[key]
        assert en and de, key
        fields = [{f for _, f, _, _ in string.Formatter().parse(text) if f} for text in (en, de)]
        assert fields[0] == fields[1], key


def test_the_sheet_and_json_keep_their_shapes(make_table):
    t = make_table()
    t.ok("add", "wenz", "an", "70")
    data = json.loads(t.ok("sheet", "--json").stdout)
    assert set(data["sessions"][0]) == {"session", "closed", "unit", "hands", "balances", "stock", "next_dealer",
                                        "next", "payments"}
    assert set(t.json("add", "wenz", "be", "70")) >= {"game", "unit", "payouts", "stock", "hand", "session",
                                                     "balances", "stock_total"}


def test_one_player_sitting_out_too_many_is_said_in_the_singular_in_german(make_table):
    t = make_table()  # German
    assert t.refused("add", "sau", "an", "be", "72", "--sitting-out", "Cora").startswith(
        "Fehler: Wenn Cora aussetzt, bleiben 3 Spieler, aber ein Spiel hier hat 4 Plätze.\n")
    assert t.refused("add", "sau", "an", "be", "72", "--sitting-out", "Cora", "--sitting-out", "Dora").startswith(
        "Fehler: Wenn Cora und Dora aussetzen, bleiben 2 Spieler, aber ein Spiel hier hat 4 Plätze.\n")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_count_is_said_in_the_singular_for_one_and_the_plural_else(make_table, lang):
    """Every count the CLI prints says its noun as the number asks: 1 hand / 1 Spiel, 0 and 2 in
    the plural (the player page said "1 hands", the ratings "1 hands rated in one session")."""
    t = make_table(language=lang)
    hand, hands, none = {"en": ("1 hand", "2 hands", "0 hands"), "de": ("1 Spiel", "2 Spiele", "0 Spiele")}[lang]
    session = {"en": "1 session", "de": "1 Abend"}[lang]
    assert t.ok("stats", "--player", "Anna").stdout.splitlines()[1].startswith(f"{none}, 0 ")
    t.ok("add", "wenz", "an", "70")
    assert t.ok("stats", "--player", "Anna").stdout.splitlines()[1] == \
        {"en": "1 hand, 1 won (100 %), money +€1.50", "de": "1 Spiel, 1 gewonnen (100 %), Geld +1,50 €"}[lang]
    assert t.ok("rating").stdout.splitlines()[0] == \
        {"en": "Ratings at test: 1 hand rated in 1 session", "de": "Wertung am Tisch test: 1 Spiel an 1 Abend gewertet"}[lang]
    assert t.ok("check").stdout == {"en": "OK: 1 session, 1 hand checked.\n", "de": "OK: 1 Abend, 1 Spiel geprüft.\n"}[lang]
    assert t.ok("standings", "--chart").stdout.splitlines()[0] == \
        {"en": "test: the balances of session 1 over its 1 hand", "de": "test: der Stand von Abend 1 über 1 Spiel"}[lang]
    t.ok("add", "wenz", "be", "70")
    assert t.ok("stats", "--player", "Anna").stdout.splitlines()[1].startswith(f"{hands}, 1 ")
    assert t.ok("rating").stdout.splitlines()[0] == \
        {"en": "Ratings at test: 2 hands rated in 1 session", "de": "Wertung am Tisch test: 2 Spiele an 1 Abend gewertet"}[lang]
    assert t.ok("check").stdout.startswith(f"OK: {session}, {hands} ")
    assert t.ok("standings", "--chart").stdout.splitlines()[0].endswith(f" {hands}")
    assert hand not in t.ok("stats", "--player", "Anna").stdout.splitlines()[1]


def test_a_count_of_players_said_in_a_refusal_has_its_singular(tmp_path):
    from schafkopf_score.cli.app import app
    from tests.conftest import CliRunner

    r = CliRunner().invoke(app, ["new", str(tmp_path / "t.toml"), "--players", "Anna", "--language", "de"])
    assert r.exit_code == 2 and "nennt 1 Spieler;" in r.stderr, r.stderr
    r = CliRunner().invoke(app, ["new", str(tmp_path / "t.toml"), "--players", "Anna", "--language", "en"])
    assert r.exit_code == 2 and "lists 1 player;" in r.stderr and "player(s)" not in r.stderr, r.stderr


def test_one_player_left_by_those_sitting_out_is_said_in_the_singular(make_table):
    for lang, said in (("en", "Error: With Ben, Cora, Dora and Emil sitting out, 1 player is left, but a game here "
                              "has 4 seats.\nName exactly 1 player with --sitting-out.\n"),
                       ("de", "Fehler: Wenn Ben, Cora, Dora und Emil aussetzen, bleibt 1 Spieler, aber ein Spiel "
                              "hier hat 4 Plätze.\nNenn genau 1 Spieler mit --sitting-out.\n")):
        t = make_table(players=["Anna", "Ben", "Cora", "Dora", "Emil"], language=lang, name=f"t{lang}")
        assert t.refused("add", "wenz", "an", "70", *[x for n in ("Ben", "Cora", "Dora", "Emil")
                                                      for x in ("--sitting-out", n)]) == said
        assert "2 players are left" in t.refused("add", "wenz", "an", "70", "--sitting-out", "Ben",
                                                 "--sitting-out", "Cora", "--sitting-out", "Dora") or lang == "de"
