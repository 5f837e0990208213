"""Where the Stock left at the close goes (RULES §7, issue 33 item 9): the house rule
``stock_at_close = "equal" | "payers" | "carry"``, through the command line, worked by hand.

The table (official tariff, ``all_pass = "stock"``, ``stock`` 10 cents) plays the example of
docs/families/bavarian.md: ``weiter`` (40 in the Stock, 10 from each of Anna, Ben, Cora, Dora),
Sauspiel Anna+Ben lost with 50 Augen (each loser pays 10; the Stock matched: Anna and Ben 20
each, 80 in it), ``weiter`` (120). Balances: Anna and Ben -10 -10 -20 -10 = -50, Cora and Dora
-10 +10 -10 = -10; they and the Stock (120) sum to zero.
"""

from __future__ import annotations

import json
import re

import pytest

from tests.conftest import Table

FOUR = ["Anna", "Ben", "Cora", "Dora"]


def stock_table(make_table, how: str | None, language="de", players=FOUR, name="test") -> Table:
    replace = {'all_pass = "redeal"': 'all_pass = "stock"'}
    if how is not None:
        replace['stock_at_close = "equal"'] = f'stock_at_close = "{how}"'
    return make_table(replace=replace, language=language, players=players, name=name)


def the_example(t: Table) -> None:
    t.ok("add", "weiter")
    t.ok("add", "sau", "an", "be", "50")
    t.ok("add", "weiter")
    assert t.json("settle")["balances"] == {"Anna": -50, "Ben": -50, "Cora": -10, "Dora": -10}


def test_new_writes_the_rule_with_its_default_and_meaning(make_table):
    t = make_table(language="de")
    line = next(x for x in t.path.read_text(encoding="utf-8").splitlines() if x.startswith("stock_at_close"))
    assert line.startswith('stock_at_close = "equal"')
    assert "# der Stock beim Abschluss: equal (zu gleichen Teilen an die Spieler am Tisch) | payers" in line
    assert t.json("rules")["rules"]["stock_at_close"] == "equal"


def test_a_bad_value_is_refused_naming_the_choices(make_table):
    t = stock_table(make_table, "keep", language="en")
    err = t.refused("rules", "--check")
    assert "stock_at_close" in err and '"equal", "payers" or "carry"' in err, err


@pytest.mark.parametrize("how", [None, "equal"])
def test_equal_shares_for_everyone_at_the_table_by_default(make_table, how):
    t = stock_table(make_table, how)
    the_example(t)
    shown = t.json("settle")
    assert shown["stock"] == 120 and shown["stock_at_close"] == "equal"
    assert shown["stock_return"] == {"Anna": 30, "Ben": 30, "Cora": 30, "Dora": 30}
    assert shown["paid"] == {"Anna": -20, "Ben": -20, "Cora": 20, "Dora": 20}
    assert "Stock             +1,20 €  (geht beim Abschluss zu gleichen Teilen zurück, im Ausgleich schon " \
           "eingerechnet)" in t.ok("settle").stdout
    t.ok("settle", "--close")
    assert t.json("settle", "--session", "1")["paid"] == {"Anna": -20, "Ben": -20, "Cora": 20, "Dora": 20}
    t.ok("check")


def test_equal_shares_include_a_player_who_never_paid_in(make_table):
    t = stock_table(make_table, "equal", players=[*FOUR, "Emil"])
    t.ok("add", "weiter")  # Anna deals and sits out: Ben, Cora, Dora, Emil pay 10 each
    shown = t.json("settle")
    # 40 in five shares, largest remainder in seating order: 8 each
    assert shown["stock_return"] == {"Anna": 8, "Ben": 8, "Cora": 8, "Dora": 8, "Emil": 8}
    assert shown["paid"] == {"Anna": 8, "Ben": -2, "Cora": -2, "Dora": -2, "Emil": -2}


def test_payers_get_back_what_they_paid_in(make_table):
    t = stock_table(make_table, "payers", players=[*FOUR, "Emil"])
    t.ok("add", "weiter")  # Anna sits out: Ben, Cora, Dora, Emil 10 each
    t.ok("add", "weiter")  # Ben sits out: Anna, Cora, Dora, Emil 10 each
    shown = t.json("settle")
    assert shown["stock"] == 80 and shown["stock_at_close"] == "payers"
    assert shown["stock_return"] == {"Anna": 10, "Ben": 10, "Cora": 20, "Dora": 20, "Emil": 20}
    assert shown["paid"] == {"Anna": 0, "Ben": 0, "Cora": 0, "Dora": 0, "Emil": 0}
    assert "(geht beim Abschluss an die zurück, die eingezahlt haben (Anna +0,10 €, Ben +0,10 €, Cora +0,20 €, " \
           "Dora +0,20 €, Emil +0,20 €), im Ausgleich schon eingerechnet)" in t.ok("settle").stdout


def test_payers_of_the_documented_example_and_a_won_game_empties_the_payers(make_table):
    t = stock_table(make_table, "payers", language="en")
    the_example(t)
    shown = t.json("settle")
    assert shown["stock_return"] == {"Anna": 40, "Ben": 40, "Cora": 20, "Dora": 20}
    assert shown["paid"] == {"Anna": -10, "Ben": -10, "Cora": 10, "Dora": 10}
    assert "(goes back at the close to who paid it in (Anna +€0.40, Ben +€0.40, Cora +€0.20, Dora +€0.20), " \
           "already counted in the transfers)" in t.ok("settle").stdout
    t.ok("add", "sau", "co", "do", "80")  # won: Cora and Dora take the 120, 60 each; the Stock is empty
    t.ok("add", "weiter")  # 10 from each: the new Stock is theirs alike
    assert t.json("settle")["stock_return"] == {"Anna": 10, "Ben": 10, "Cora": 10, "Dora": 10}
    t.ok("settle", "--close")
    t.ok("check")


def test_payers_follow_a_rename(make_table):
    t = stock_table(make_table, "payers", language="en")
    t.ok("add", "weiter")
    t.ok("player", "rename", "Ben", "Benedikt")
    t.ok("add", "weiter")
    shown = t.json("settle")
    assert shown["stock_return"] == {"Anna": 20, "Benedikt": 20, "Cora": 20, "Dora": 20}
    t.ok("settle", "--close")
    assert t.json("settle", "--session", "1")["paid"] == {"Anna": 0, "Benedikt": 0, "Cora": 0, "Dora": 0}
    t.ok("check")


def test_carry_opens_the_next_evening_with_the_stock(make_table):
    t = stock_table(make_table, "carry")
    the_example(t)
    shown = t.json("settle")
    assert shown["stock_at_close"] == "carry" and shown["stock_return"] == {}
    assert shown["stock_carried"] == {"Anna": 40, "Ben": 40, "Cora": 20, "Dora": 20}
    # nobody is paid: the balances are what each pays, 120 of it into the Stock
    assert shown["paid"] == {"Anna": -50, "Ben": -50, "Cora": -10, "Dora": -10}
    assert shown["transfers"] == []
    assert shown["into_stock"] == [{"from": "Anna", "amount": 50}, {"from": "Ben", "amount": 50},
                                   {"from": "Cora", "amount": 10}, {"from": "Dora", "amount": 10}]
    out = t.ok("settle").stdout
    assert "Stock             +1,20 €  (bleibt für den nächsten Abend im Stock)" in out
    assert "  Anna legt 0,50 € in den Stock\n" in out
    closed = t.ok("settle", "--close").stdout
    assert "Stock 1,20 €: geht weiter zum nächsten Abend, der mit ihm beginnt." in closed
    # the next evening opens with the Stock: the first won partner game takes it, 60 to each winner
    assert t.json("calc", "sau", "co", "do", "72")["stock"] == -120
    added = t.json("add", "sau", "co", "do", "72")
    assert added["payouts"] == {"Anna": -10, "Ben": -10, "Cora": 70, "Dora": 70} and added["stock"] == -120
    t.ok("add", "weiter")
    shown = t.json("settle")
    assert shown["session"] == 2 and shown["stock"] == 40
    assert shown["stock_carried"] == {"Anna": 10, "Ben": 10, "Cora": 10, "Dora": 10}
    assert t.ok("check").exit_code == 0


def test_the_season_after_a_carry_close_shows_the_stock_still_held(make_table):
    """Every evening paid, the last one's Stock carried on: ``settle --all`` says so, as that
    evening's ``settle`` does (its balances sum to -120 without it), under the names now, and the
    season of ``export --all`` counts it as still in the Stock."""
    t = stock_table(make_table, "carry")
    the_example(t)
    t.ok("settle", "--close")
    season = t.json("settle", "--all")
    assert season["balances"] == {"Anna": -50, "Ben": -50, "Cora": -10, "Dora": -10}
    assert season["stock"] == 0 and season["stock_carried"] == {"Anna": 40, "Ben": 40, "Cora": 20, "Dora": 20}
    assert season["transfers"] == [] and season["closed"] is True
    out = t.ok("settle", "--all").stdout
    assert "Stock 1,20 €: geht weiter zum nächsten Abend, der mit ihm beginnt.\nSchon bezahlt: Abend 1.\n" in out
    t.ok("player", "rename", "Anna", "Annax")
    assert t.json("settle", "--all")["stock_carried"] == {"Annax": 40, "Ben": 40, "Cora": 20, "Dora": 20}
    # a second evening, closed and carried on too: the season's text names what the Stock still holds
    t.ok("add", "weiter")
    t.ok("settle", "--close")
    assert t.json("settle", "--all")["stock_carried"] == {"Annax": 50, "Ben": 50, "Cora": 30, "Dora": 30}
    text = t.ok("export", "--all", "--format", "text").stdout
    assert text.endswith("Im Stock: 1,60 €\n"), text[-300:]


def test_an_evening_that_opened_with_a_carried_stock_pays_it_back_under_equal(make_table):
    t = stock_table(make_table, "carry", language="en")
    t.ok("add", "weiter")  # 40 carried on
    t.ok("settle", "--close")
    t.path.write_text(t.path.read_text(encoding="utf-8").replace('stock_at_close = "carry"',
                                                                 'stock_at_close = "equal"'), encoding="utf-8")
    t.ok("add", "solo", "an", "herz", "70")  # Anna's solo: +150, -50 each; the Stock stays
    shown = t.json("settle")
    assert shown["stock"] == 40 and shown["stock_return"] == {"Anna": 10, "Ben": 10, "Cora": 10, "Dora": 10}
    assert shown["paid"] == {"Anna": 160, "Ben": -40, "Cora": -40, "Dora": -40}
    assert shown["from_stock"] == [{"to": "Anna", "amount": 40}]
    assert "  The Stock pays Anna €0.40\n" in t.ok("settle").stdout
    t.ok("settle", "--close")
    t.ok("check")


def test_carry_refuses_a_rounding_that_would_change_the_stock(make_table):
    t = stock_table(make_table, "carry")
    the_example(t)  # 120 go into the Stock
    err = t.refused("settle", "--close", "--round", "50")
    assert err == ("Fehler: Beim Abschluss gehen 120 Cent für den nächsten Abend in den Stock; auf 50 Cent gerundet, "
                   "würde sich der Stock ändern.\nRunde auf einen Betrag, der darin aufgeht (z. B. --round 10), oder "
                   "rechne ohne --round ab.\n")
    t.ok("settle", "--close", "--round", "20")  # 120 is a multiple of 20
    t.ok("check")


def test_carry_survives_export_and_import_and_check(make_table, tmp_path):
    t = stock_table(make_table, "carry", language="en")
    the_example(t)
    t.ok("settle", "--close")
    t.ok("add", "weiter")
    t.ok("add", "sau", "co", "do", "72")  # takes the 120 carried in and the 40 of tonight: 80 each
    dump = tmp_path / "all.json"
    t.ok("export", "--format", "json", "--all", "--out", str(dump))
    closing = json.loads(dump.read_text(encoding="utf-8"))["sessions"][0]["closing"]
    assert closing["bookings"]["settlement"]["stock_carried"] == {"Anna": 40, "Ben": 40, "Cora": 20, "Dora": 20}
    copy = tmp_path / "copy.toml"
    copy.write_text(t.path.read_text(encoding="utf-8"), encoding="utf-8")
    other = Table(copy)
    other.ok("import", str(dump))
    other.ok("check")
    assert other.json("settle", "--all") == t.json("settle", "--all")
    # tonight: -10 each into the Stock, then 10 from each loser and the 160 in halves to Cora and Dora
    assert other.json("settle")["balances"] == {"Anna": -20, "Ben": -20, "Cora": 80, "Dora": 80}
    # the import checks the carried Stock against the closing: a forged one is refused
    data = json.loads(dump.read_text(encoding="utf-8"))
    data["sessions"][0]["closing"]["bookings"]["settlement"]["stock_carried"] = {"Anna": 40}
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(data), encoding="utf-8")
    third = tmp_path / "third.toml"
    third.write_text(t.path.read_text(encoding="utf-8"), encoding="utf-8")
    assert Table(third).refused("import", str(forged)) == (
        "Error: In the export, session 1: the stored settlement is not what the closing balances give; nothing was "
        "imported.\nExport it again from the original ledger.\n")


@pytest.mark.parametrize(("language", "said"), [
    ("en", "Error: Session 2 of the export opened with the Stock the evening before carried on, and that evening "
           "is not in the export; nothing was imported.\nExport every session together (schafkopf export --format "
           "json --all) and import that.\n"),
    ("de", "Fehler: Abend 2 des Exports begann mit dem Stock, den der Abend davor weitergegeben hat, und der steht "
           "nicht im Export; nichts wurde importiert.\nExportier alle Abende zusammen (schafkopf export --format "
           "json --all) und importier das.\n"),
])
def test_an_evening_exported_alone_that_opened_with_a_carried_stock(make_table, tmp_path, language, said):
    """The evening after a carry close, exported alone (export --format json, its latest
    evening): its import was refused as 'replay gives ... Stock -0.80, stored ... Stock -1.60'
    with 'Export it again from the original ledger', which gives the same file. The export
    now names the Stock it opened with, and the import says what is missing and what to do."""
    t = stock_table(make_table, "carry", language=language)
    the_example(t)
    t.ok("settle", "--close")
    t.ok("add", "weiter")
    t.ok("add", "sau", "co", "do", "72")
    alone = tmp_path / "alone.json"
    t.ok("export", "--format", "json", "--out", str(alone))
    session = json.loads(alone.read_text(encoding="utf-8"))["sessions"][0]
    assert session["id"] == 2 and session["opening"] == {"Anna": 40, "Ben": 40, "Cora": 20, "Dora": 20}
    copy = tmp_path / "copy.toml"
    copy.write_text(t.path.read_text(encoding="utf-8"), encoding="utf-8")
    assert Table(copy).refused("import", str(alone)) == said
    assert not (tmp_path / "copy.sqlite").exists()  # nothing written
    # the whole season says nothing of an opening (the evening before is in it) and reads back
    whole = tmp_path / "all.json"
    t.ok("export", "--format", "json", "--all", "--out", str(whole))
    assert all("opening" not in s for s in json.loads(whole.read_text(encoding="utf-8"))["sessions"])
    Table(copy).ok("import", str(whole))
    # the first evening alone (it opened with nothing) reads back as before
    first = tmp_path / "first.json"
    t.ok("export", "--format", "json", "--session", "1", "--out", str(first))
    third = tmp_path / "third.toml"
    third.write_text(t.path.read_text(encoding="utf-8"), encoding="utf-8")
    Table(third).ok("import", str(first))


def test_the_csv_columns_add_up_with_a_carried_stock(make_table):
    t = stock_table(make_table, "carry", language="en")
    the_example(t)
    t.ok("settle", "--close")
    t.ok("add", "wenz", "an", "70")
    rows = t.ok("export", "--all", "--format", "csv").stdout.splitlines()
    assert rows[4].split(",")[3:5] == ["closing", "Booked at the close: the Stock goes on to the next evening"]
    assert rows[4].split(",")[-2] == "-1.20"
    assert rows[5].split(",")[3:5] == ["opening", "The Stock carried in from the evening before"]
    assert rows[5].split(",")[-2] == "1.20"
    stock = {s: sum(round(float(r.split(",")[-2]) * 100) for r in rows[1:] if r.startswith(f"{s},")) for s in (1, 2)}
    assert stock == {1: t.json("settle", "--session", "1")["stock"], 2: t.json("settle")["stock"]} == {1: 0, 2: 120}


def test_the_sheets_stock_column_goes_on_from_the_stock_carried_in(make_table):
    """The evening a carried Stock opens: its sheet's Stock column starts from the 1,20 € carried
    in (after a passed hand 1,60 €, after the won Sauspiel that takes it 0,00 €), in the table's
    sheet and in the HTML report alike."""
    t = stock_table(make_table, "carry")
    the_example(t)
    t.ok("settle", "--close", "--yes")
    t.ok("add", "weiter")
    t.ok("add", "sau", "co", "do", "70")
    lines = t.ok("sheet").stdout.splitlines()
    assert lines[3].endswith("-0,10  -0,10  -0,10  -0,10   1,60"), lines
    assert lines[4].endswith("-0,20  -0,20   0,80   0,80   0,00"), lines
    html = t.ok("export", "--format", "html").stdout
    sheet = html.split('<table class="sheet">')[1].split("</table>")[0]
    assert re.findall(r"<td>([^<]*)</td></tr>", sheet) == ["1,60 €", "0,00 €"], sheet


def test_closing_again_after_the_carried_stock_changed_settles_the_difference_with_the_stock(make_table):
    """A carry evening closed, reopened, its ``weiter`` voided, closed again: what went into the
    Stock at the first close comes back out of it in the difference (it was an internal error:
    the difference's amounts sum to the Stock's change, not to zero)."""
    t = stock_table(make_table, "carry", language="en")
    t.ok("add", "weiter")  # 40 in the Stock, 10 from each
    first = t.json("settle", "--close")
    assert first["paid"] == {"Anna": -10, "Ben": -10, "Cora": -10, "Dora": -10}
    assert first["into_stock"] == [{"from": n, "amount": 10} for n in FOUR]
    t.ok("settle", "--reopen", "1", "--reason", "nobody passed")
    t.ok("void", "1", "--reason", "nobody passed")
    out = t.ok("settle", "--close").stdout
    assert out.endswith("Difference to what was paid at the earlier close:\n"
                        "  The Stock pays Anna €0.10\n  The Stock pays Ben €0.10\n"
                        "  The Stock pays Cora €0.10\n  The Stock pays Dora €0.10\n")
    again = t.json("settle")
    assert again["paid"] == {n: 0 for n in FOUR} and "stock_carried" not in again
    assert again["difference"] == {"amounts": {n: 10 for n in FOUR}, "transfers": [],
                                   "from_stock": [{"to": n, "amount": 10} for n in FOUR]}
    t.ok("check", "--full")
    # and the other way: a weiter more after the reopening goes into the Stock
    t.ok("settle", "--reopen", "1", "--reason", "a weiter forgotten")
    t.ok("add", "sau", "an", "be", "72")  # Anna, Ben +10; Cora, Dora -10; the Stock stays
    t.ok("add", "weiter")  # 40 in the Stock again
    t.ok("settle", "--close")
    assert t.json("settle")["difference"] == {
        "amounts": {"Cora": -20, "Dora": -20},
        "transfers": [],
        "into_stock": [{"from": "Cora", "amount": 20}, {"from": "Dora", "amount": 20}]}
    t.ok("check", "--full")


@pytest.mark.parametrize("how, paid, extra", [
    # equal: 10 back to each, Annax among them (it went to "Anna", and Annax paid Anna 0.10: herself)
    ("equal", {"Annax": 0, "Ben": 0, "Cora": 0, "Dora": 0}, {}),
    # payers: the same here (check said the close booked what the rules do not give)
    ("payers", {"Annax": 0, "Ben": 0, "Cora": 0, "Dora": 0}, {}),
    # carry: the Stock goes on, Annax's 10 under her name now (check said the stored settlement differs)
    ("carry", {"Annax": -10, "Ben": -10, "Cora": -10, "Dora": -10},
     {"stock_carried": {"Annax": 10, "Ben": 10, "Cora": 10, "Dora": 10}}),
])
def test_a_rename_after_the_last_hand_keeps_the_stock_with_the_player(make_table, how, paid, extra):
    t = stock_table(make_table, how, language="en")
    t.ok("add", "weiter")  # 40 in the Stock, 10 from each
    t.ok("player", "rename", "Anna", "Annax")  # from hand 2, which is never played
    shown = t.json("settle")
    assert shown["paid"] == paid and shown["transfers"] == []
    closing = t.json("settle", "--close")
    assert closing["balances"] == paid and closing["paid"] == paid and closing["transfers"] == []
    for key, value in extra.items():
        assert closing[key] == value
    assert t.ok("check", "--full").stdout == "OK: 1 session, 1 hand checked.\n"


def test_a_rename_after_a_carry_close_leaves_the_closing_checked_and_importable(make_table, tmp_path):
    """A seating change during the evening (Franz joins) and a rename after its close (Ben to
    Benx): check replayed the evening with Benx as a payer of the Stock and said the stored
    settlement was not what the closing gives; import refused the export for it."""
    t = stock_table(make_table, "carry", language="en")
    t.ok("add", "weiter")  # 10 from each into the Stock (40)
    t.ok("add", "grassolo", "be", "105")  # 50 + schneider 10 = 60 from each: Ben +180; the Stock stays
    t.ok("player", "add", "Franz")  # from hand 3: Cora deals and sits out
    t.ok("add", "graswenz", "be", "120", "sw", "l1")  # 50 + 10 + 10 = 70 from each: Ben +210
    closing = t.json("settle", "--close")
    assert closing["stock_carried"] == {"Anna": 10, "Ben": 10, "Cora": 10, "Dora": 10}
    assert closing["paid"] == {"Anna": -140, "Ben": 380, "Cora": -70, "Dora": -140, "Franz": -70}
    assert closing["into_stock"] == [{"from": "Franz", "amount": 40}]
    t.ok("player", "rename", "Ben", "Benx")  # from the next session
    assert t.ok("check", "--full").stdout == "OK: 1 session, 3 hands checked.\n"
    dump = tmp_path / "all.json"
    t.ok("export", "--format", "json", "--all", "--out", str(dump))
    copy = tmp_path / "copy.toml"
    copy.write_text(t.path.read_text(encoding="utf-8"), encoding="utf-8")
    other = Table(copy)
    other.ok("import", str(dump))
    assert other.json("settle", "--session", "1") == t.json("settle", "--session", "1")
