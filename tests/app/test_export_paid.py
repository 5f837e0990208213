"""Exports that add up to what was paid (RULES §7), through the real command line: the CSV's
rows of an evening sum to what ``settle`` shows for it (the close's bookings, early payouts and
the cash rounding as rows of their own), ``export --format text --all`` ends with the season's
total, ``settle --all`` of an empty ledger, and ``settle --from-balances`` reading amounts as
``settle`` prints them."""

import csv
import io

import pytest

STOCK = {'all_pass = "redeal"': 'all_pass = "stock"'}


def season(make_table, language=None):
    """Three evenings of official tariffs (10/50) with a Stock of 10:

    1 (closed, --round 50): Sauspiel Anna+Ben 72, weiter (40 into the Stock), Herz-Solo Cora 70;
      the close returns the Stock (10 each) and rounds -40/-40/140/-60 to -50/-50/150/-50
    2 (closed): Sauspiel Anna+Ben 72, Anna paid out (settle --player), Gras-Solo Dora 70
    3 (open): Sauspiel Cora+Dora 72
    """
    t = make_table(replace=STOCK, language=language)
    t.ok("add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "72")
    t.ok("add", "weiter")
    t.ok("add", "solo", "--player", "Cora", "--suit", "herz", "--augen", "70")
    t.ok("settle", "--round", "50", "--close")
    t.ok("add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "72")
    t.ok("settle", "--player", "Anna")
    t.ok("add", "solo", "--player", "Dora", "--suit", "gras", "--augen", "70")
    t.ok("settle", "--close")
    t.ok("add", "sauspiel", "--player", "Cora", "--partner", "Dora", "--augen", "72")
    return t


def rows_without_time(text, sep=","):
    """The CSV's lines as written, with the time cell blanked (it is when the test ran; it
    never holds a separator)."""
    lines = text.lstrip("\ufeff").splitlines()
    out = [lines[0]]
    for line in lines[1:]:
        session, hand, _, rest = line.split(sep, 3)
        out.append(sep.join([session, hand, "", rest]))
    return out


def cents(cell, german=False):
    whole, frac = cell.replace(",", ".").split(".") if german else cell.split(".")
    sign = -1 if whole.startswith("-") else 1
    return sign * (abs(int(whole)) * 100 + int(frac))


def test_csv_rows_of_each_evening_add_up_to_what_was_paid(make_table):
    t = season(make_table)
    text = t.ok("export", "--all", "--format", "csv").stdout
    assert rows_without_time(text) == [
        "session,hand,recorded_at,game,description,dealer,declarers,void,Anna,Ben,Cora,Dora,stock,comment",
        "1,1,,sauspiel,Sauspiel Anna+Ben 72,Anna,Anna+Ben,,0.10,0.10,-0.10,-0.10,0.00,",
        "1,2,,weiter,Weiter,Ben,,,-0.10,-0.10,-0.10,-0.10,0.40,",
        "1,3,,solo,Herz-Solo Cora 70,Cora,Cora,,-0.50,-0.50,1.50,-0.50,0.00,",
        "1,,,closing,Beim Abschluss gebucht: der Stock ging zurück,,,,0.10,0.10,0.10,0.10,-0.40,",
        "1,,,rounding,\"Beim Bezahlen auf 0,50 € gerundet\",,,,-0.10,-0.10,0.10,0.10,,",
        "2,1,,sauspiel,Sauspiel Anna+Ben 72,Anna,Anna+Ben,,0.10,0.10,-0.10,-0.10,0.00,",
        "2,2,,solo,Gras-Solo Dora 70,Ben,Dora,,-0.50,-0.50,-0.50,1.50,0.00,",
        "2,,,payment,Anna nach Spiel 1 ausbezahlt,,,,-0.10,,0.10,,,",
        "3,1,,sauspiel,Sauspiel Cora+Dora 72,Anna,Cora+Dora,,-0.10,-0.10,0.10,0.10,0.00,",
    ]
    rows = list(csv.DictReader(io.StringIO(text)))
    players = ["Anna", "Ben", "Cora", "Dora"]
    for session in (1, 2, 3):
        mine = [r for r in rows if r["session"] == str(session)]
        sums = {p: sum(cents(r[p]) for r in mine if r[p]) for p in players}
        shown = t.json("settle", "--session", str(session))
        # a closed evening as it was paid (rounded), the open one as it stands
        assert sums == (shown["paid"] if shown["closed"] else shown["balances"]), session
        assert sum(cents(r["stock"]) for r in mine if r["stock"]) == shown["stock"]
    assert {p: sum(cents(r[p]) for r in rows if r[p]) for p in players} == t.json("settle", "--all")["balances"]
    assert t.json("settle", "--all")["balances"] == {"Anna": -110, "Ben": -100, "Cora": 110, "Dora": 100}
    t.ok("check")


def test_csv_de_has_the_same_rows_in_german(make_table):
    t = season(make_table)
    text = t.ok("export", "--format", "csv-de", "--session", "1").stdout
    assert rows_without_time(text, ";")[4:] == [
        "1;;;closing;Beim Abschluss gebucht: der Stock ging zurück;;;;0,10;0,10;0,10;0,10;-0,40;",
        "1;;;rounding;\"Beim Bezahlen auf 0,50 € gerundet\";;;;-0,10;-0,10;0,10;0,10;;",
    ]
    rows = list(csv.DictReader(io.StringIO(text.lstrip("\ufeff")), delimiter=";"))
    assert {p: sum(cents(r[p], german=True) for r in rows if r[p]) for p in ("Anna", "Ben", "Cora", "Dora")} == \
        {"Anna": -50, "Ben": -50, "Cora": 150, "Dora": -50}


def test_csv_rows_in_english(make_table):
    t = season(make_table, language="en")
    lines = rows_without_time(t.ok("export", "--session", "1").stdout)
    assert lines[4:] == [
        "1,,,closing,Booked at the close: the Stock went back,,,,0.10,0.10,0.10,0.10,-0.40,",
        "1,,,rounding,Rounded to €0.50 when paid,,,,-0.10,-0.10,0.10,0.10,,",
    ]
    lines = rows_without_time(t.ok("export", "--session", "2").stdout)
    assert lines[-1] == "2,,,payment,Anna paid out after hand 1,,,,-0.10,,0.10,,,"


def test_an_open_evening_with_a_payout_exports_what_settle_shows(make_table):
    t = make_table()
    t.ok("add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "72")
    t.ok("settle", "--player", "Anna")
    t.ok("add", "solo", "--player", "Dora", "--suit", "gras", "--augen", "70")
    shown = t.json("settle")
    assert shown["balances"] == {"Anna": -50, "Ben": -40, "Cora": -50, "Dora": 140}
    text = t.ok("export", "--format", "text").stdout
    assert "Stand: Dora +1,40 €, Ben -0,40 €, Anna -0,50 €, Cora -0,50 €\n" in text
    md = t.ok("export", "--format", "md").stdout
    assert "| Anna | -0,50 € | -0,50 € |" in md and "| Dora | 1,40 € | 1,40 € |" in md


def test_text_all_ends_with_the_season_total(make_table):
    t = season(make_table)
    text = t.ok("export", "--all", "--format", "text").stdout
    assert text.endswith("\n\ntest · Saison, 3 Abende, {d} bis {d}\n"
                         "Summe: Cora +1,10 €, Dora +1,00 €, Ben -1,00 €, Anna -1,10 €\n".format(d=date_of(t)))
    # the totals are what settle --all shows
    assert t.json("settle", "--all")["balances"] == {"Anna": -110, "Ben": -100, "Cora": 110, "Dora": 100}
    # one evening alone has no season line
    assert "Saison" not in t.ok("export", "--format", "text").stdout


def test_text_all_names_the_stock_still_held(make_table):
    t = make_table(replace=STOCK, language="en")
    t.ok("add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "72")
    t.ok("settle", "--close")
    t.ok("add", "weiter")
    text = t.ok("export", "--all", "--format", "text").stdout
    assert text.endswith("Total: Anna €0.00, Ben €0.00, Cora -€0.20, Dora -€0.20\nIn the Stock: €0.40\n")
    assert t.json("settle", "--all")["balances"] == {"Anna": 0, "Ben": 0, "Cora": -20, "Dora": -20}


def test_markdown_season_names_the_stock_still_held(make_table):
    """The Markdown season table had no Stock row: its totals summed to -0.40 with the 0.40 in
    the Stock nowhere (the HTML season table and the text name it)."""
    t = make_table(replace=STOCK, language="en")
    t.ok("add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "72")
    t.ok("settle", "--close")
    t.ok("add", "weiter")
    md = t.ok("export", "--all", "--format", "md").stdout
    assert "| Dora | -€0.10 | -€0.10 | -€0.20 |\n| Stock |  |  | €0.40 |\n\n" in md


def date_of(t):
    """The evenings' date as the German export writes it (they were all played today)."""
    iso = t.json("standings", "--all")["by_session"][0]["date"]
    y, m, d = iso.split("-")
    return f"{d}.{m}.{y}"


@pytest.mark.parametrize(("language", "said"), [
    ("de", "Noch keine Spiele eingetragen: in der Saison gibt es nichts abzurechnen.\n"),
    ("en", "No games recorded yet: the season has nothing to settle.\n"),
])
def test_settle_all_of_an_empty_ledger(make_table, language, said):
    t = make_table(language=language)
    assert t.ok("settle", "--all").stdout == said
    data = t.json("settle", "--all")
    assert data["sessions"] == [] and data["by_session"] == [] and data["transfers"] == []
    assert data["balances"] == {"Anna": 0, "Ben": 0, "Cora": 0, "Dora": 0}


@pytest.mark.parametrize(("language", "typed", "balances"), [
    ("de", "Anna=1.234,50,Ben=-1.234,50", {"Anna": 123450, "Ben": -123450}),
    ("de", "Anna=+3,40 €,Ben=-3,40 €", {"Anna": 340, "Ben": -340}),
    ("de", "Anna=+3,40 €, Ben=-1.15 ,Cora=-2,25", {"Anna": 340, "Ben": -115, "Cora": -225}),
    ("de", "Anna=1.234,5 €,Ben=-1234,50", {"Anna": 123450, "Ben": -123450}),
    ("de", "Anna=3,Ben=-3,", {"Anna": 300, "Ben": -300}),
    ("de", "Anna=3 EUR,Ben=-0.80,Cora=-2,2", {"Anna": 300, "Ben": -80, "Cora": -220}),
    ("en", "Anna=€1.40,Ben=-0.80,Cora=-€0.60", {"Anna": 140, "Ben": -80, "Cora": -60}),
    ("en", "Anna=+€1,234.50,Ben=-€1,234.50", {"Anna": 123450, "Ben": -123450}),
    ("en", "Anna=3,40,Ben=-3.40", {"Anna": 340, "Ben": -340}),
])
def test_from_balances_reads_amounts_as_settle_prints_them(make_table, language, typed, balances):
    t = make_table(players=["Anna", "Ben", "Cora"], language=language)
    data = t.json("settle", "--from-balances", typed)
    assert data["balances"] == balances
    # what settle prints reads back to the same balances
    printed = t.ok("settle", "--from-balances", typed).stdout.splitlines()[1:1 + len(balances)]
    again = ",".join(f"{line.split()[0]}={' '.join(line.split()[1:])}" for line in printed)
    assert t.json("settle", "--from-balances", again)["balances"] == balances


@pytest.mark.parametrize(("language", "typed", "said"), [
    ("de", "Anna=1,234.50,Ben=-1234,50",
     "Fehler: Anna='1,234.50' ist kein Betrag.\n"
     "Schreib Beträge, wie settle sie zeigt, etwa +1.234,50 € oder -0,80 €: "
     "--from-balances Anna=3,40,Ben=-1,15,Cora=-2,25.\n"),
    ("de", "Anna=3 Euro,Ben=-3",
     "Fehler: Anna='3 Euro' ist kein Betrag.\n"
     "Schreib Beträge, wie settle sie zeigt, etwa +1.234,50 € oder -0,80 €: "
     "--from-balances Anna=3,40,Ben=-1,15,Cora=-2,25.\n"),
    ("en", "Anna=1.234,50,Ben=-1234.50",
     "Error: Anna='1.234,50' is not an amount.\n"
     "Write amounts as settle prints them, like +€1,234.50 or -€0.80: "
     "--from-balances Anna=3.40,Ben=-1.15,Cora=-2.25.\n"),
    ("en", "Anna=€-1.40,Ben=1.40",
     "Error: Anna='€-1.40' is not an amount.\n"
     "Write amounts as settle prints them, like +€1,234.50 or -€0.80: "
     "--from-balances Anna=3.40,Ben=-1.15,Cora=-2.25.\n"),
])
def test_from_balances_refuses_anything_else_clearly(make_table, language, typed, said):
    t = make_table(language=language)
    # refused in this table's language only: the other language prints amounts this way
    r = t.run("settle", "--from-balances", typed)
    assert r.exit_code == 2 and r.stderr == said


def test_each_evening_exports_as_its_part_of_the_season(make_table):
    t = season(make_table)
    everything = rows_without_time(t.ok("export", "--all", "--format", "csv").stdout)
    for session in ("1", "2", "3"):
        alone = rows_without_time(t.ok("export", "--session", session, "--format", "csv").stdout)
        assert alone[1:] == [line for line in everything[1:] if line.startswith(session + ",")]
