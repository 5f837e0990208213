"""The sheet fits a terminal (issue 12): 5 players in 80 columns, 7 in 100, a whole evening of
48 hands in about a line a hand, nothing wrapped by the terminal and nothing cut off; and ``add``
answers in at most three lines (``-v`` for the full standings)."""

import json
import re

import pytest
from rich.cells import cell_len

from schafkopf_score.cli.app import app
from schafkopf_score.rules.seating import next_dealer, seat_hand
from tests.conftest import FIXED_PARTNERS, CliRunner, draw_partners

FIVE = ["Anna", "Ben", "Cora", "Dora", "Emil"]
SEVEN = [*FIVE, "Fritz", "Gerda"]
LONG = ["Alexander", "Benedikt", "Cornelia", "Dorothea", "Emilia"]
STOCK = {'all_pass = "redeal"': 'all_pass = "stock"'}


def evening(players, hands=48, weiter=True):
    """``play`` lines for an evening: Sauspiele with Laufende and Kontra, solos (tout too), Wenz,
    everyone passing into the Stock; each hand names only players who play it."""
    lines = []
    dealer = players[0]
    for i in range(hands):
        a = seat_hand(players, 4, dealer).active
        kind = i % 8
        if kind == 0:
            lines.append(f"sau {a[0]} {a[1]} 72 l3 k")
        elif kind == 1:
            lines.append(f"herzsolo {a[2]} 105 l4")
        elif kind == 2:
            lines.append(f"wenz {a[3]} 40")
        elif kind == 3 and weiter:
            lines.append("weiter")
        elif kind == 4:
            lines.append(f"eichelsolo {a[1]} tout +")
        elif kind == 5:
            lines.append(f"sau {a[2]} {a[3]} 59 k re")
        elif kind == 6:
            lines.append(f"schellensolo {a[0]} 30")
        else:
            lines.append(f"sau {a[1]} {a[3]} 91")
        dealer = next_dealer(players, dealer)
    return "\n".join(lines) + "\n"


def sheet(t, width, *args):
    r = CliRunner().invoke(app, ["--table", str(t.path), "sheet", *args],
                           env={"COLUMNS": str(width), "SCHAFKOPF_TABLE": ""})
    assert r.exit_code == 0, r.output
    return r.stdout


def assert_fits(out, width, cut=False):
    """No line longer than the terminal. ``cut``: a game's text may be cut with an ellipsis
    where the terminal has no room for it, an amount never."""
    for line in out.splitlines():
        assert cell_len(line.rstrip()) <= width, (width, line)
    if not cut:
        assert "…" not in out and "..." not in out, out


def assert_amounts_whole(out, columns):
    """Each hand's row ends in ``columns`` whole amounts (none cut, none wrapped away)."""
    for line in out.splitlines()[3:]:
        words = line.split()
        if words and re.fullmatch(r"\d+\*?", words[0]) and not any(w.startswith("(") for w in words):
            assert all(re.fullmatch(r"-?\d+[.,]\d\d", w) for w in words[-columns:]), line


def final_row(out, hand):
    return next(line for line in out.splitlines() if line.split()[:1] == [str(hand)])


@pytest.mark.parametrize("language", ["de", "en"])
@pytest.mark.parametrize("players,width", [(FIVE, 80), (SEVEN, 100), (LONG, 80)],
                         ids=["5-at-80", "7-at-100", "long-names-at-80"])
def test_an_evening_of_48_hands_fits_the_terminal(make_table, language, players, width):
    t = make_table(players=players, language=language, replace=STOCK)
    r = t.run("play", input=evening(players))
    assert r.exit_code == 0, r.stderr
    balances = t.json("standings")["balances"]
    for args in ((), ("--compact",)):
        out = sheet(t, width, *args)
        assert_fits(out, width, cut=not args)  # the full sheet may cut a long description
        assert_amounts_whole(out, len(players) + 1)
        lines = out.splitlines()
        # a title, the column heads and their rule, the next dealer: the rest are the hands,
        # a line each (a cell that wrapped would make a second)
        assert len(lines) == 48 + 4, (args, len(lines), out)
        heads = lines[1].split()
        assert heads[0] == "#", lines[1]
        # each player's column, headed by the name (cut to a few letters where it would not fit)
        shown = heads[-len(players) - 1:-1]
        assert len(set(shown)) == len(players) and all(
            p.startswith(h) and len(h) >= min(len(p), 3) for p, h in zip(players, shown, strict=True)), lines[1]
        if players != LONG:
            assert shown == players
        assert heads[-1] == "Stock", "a Stock was used: its column is shown"
        # the currency is named once, in the title; the cells are bare numbers
        assert out.count("€") == 1 and "€" in lines[0], out
        for hand in range(1, 49):
            assert any(line.split()[:1] == [str(hand)] for line in lines), (hand, out)
        # the last row's running totals are the standings, whole
        cells = final_row(out, 48).split()
        shown = cells[-len(players) - 1:-1]
        sep = "," if language == "de" else "."
        assert shown == [f"{'-' if v < 0 else ''}{abs(v) // 100}{sep}{abs(v) % 100:02d}"
                         for v in balances.values()], (shown, balances)


def test_the_full_sheet_keeps_each_hands_details_and_its_value(make_table):
    t = make_table(players=FIVE, replace=STOCK)
    t.ok("add", "sau", "be", "co", "72", "l3", "k")
    t.ok("add", "herzsolo", "co", "105", "l4")
    out = sheet(t, 80)
    lines = out.splitlines()
    assert lines[0].rstrip() == "test: Abend 1 (offen), Beträge in €"
    assert lines[1].split() == ["#", "Geber", "Spiel", "Wert", *FIVE]  # no Stock was used: no Stock column
    assert lines[3].split()[:7] == ["1", "Anna", "Sau", "Ben+Cora", "72", "L3", "Kontra"]
    assert lines[3].split()[-6:] == ["0,80", "0,00", "0,80", "0,80", "-0,80", "-0,80"]
    assert lines[4].split()[:7] == ["2", "Ben", "H-Solo", "Cora", "105", "L4", "1,00"]
    compact = sheet(t, 80, "--compact").splitlines()
    assert compact[1].split() == ["#", "Spiel", "Spieler", "Wert", *FIVE]
    assert compact[3].split() == ["1", "Sau", "Ben+Cora", "0,80", "0,00", "0,80", "0,80", "-0,80", "-0,80"]
    assert compact[4].split() == ["2", "H-Solo", "Cora", "1,00", "-1,00", "0,80", "3,80", "-1,80", "-1,80"]


def test_the_english_sheet_has_english_heads_and_labels(make_table):
    t = make_table(players=FIVE, language="en", replace=STOCK)
    t.ok("add", "eichelsolo", "be", "tout", "+")
    t.ok("add", "weiter")
    lines = sheet(t, 80, "--compact").splitlines()
    assert lines[0].rstrip() == "test: Session 1 (open), amounts in €"
    assert lines[1].split() == ["#", "Game", "Declarer", "Value", *FIVE, "Stock"]
    assert lines[3].split()[:3] == ["1", "A-Solo", "tout"] or lines[3].split()[:4] == ["1", "A-Solo", "tout", "Ben"]
    assert lines[4].split()[:2] == ["2", "Passed"]
    assert lines[-1] == "Next dealer: Cora (Cora sits out)"


def test_a_voided_and_an_edited_hand_on_the_sheet(make_table):
    t = make_table()
    t.ok("add", "wenz", "an", "70")
    t.ok("add", "wenz", "be", "70")
    t.ok("void", "2", "--reason", "doppelt")
    t.ok("edit", "1", "k")
    out = sheet(t, 80)
    assert "(gestrichen: doppelt)" in out and "(korrigiert)" in out and "* = korrigiert" in out
    assert any(line.startswith("1* ") for line in out.splitlines()), out
    compact = sheet(t, 80, "--compact")
    assert "(gestrichen: doppelt)" in compact


# -- add answers in three lines ---------------------------------------------------------------

ADD = [
    ("bavarian", FIVE[:4], ["sau", "an", "be", "72", "l3", "k"]),
    ("wendish", FIVE[:4], ["normal", "--player", "Ben", "--partner", "Cora", "--augen", "50"]),
    ("deutscher", FIVE[:4], ["spiel", "--player", "Anna", "--partner", "Ben", "--augen", "70"]),
    ("sheepshead", FIVE, ["pick", "--picker", "Ben", "--partner", "Emil", "--points", "94"]),
]


@pytest.mark.parametrize("family,players,args", ADD, ids=[a[0] for a in ADD])
def test_add_answers_in_at_most_three_lines(make_table, family, players, args):
    t = make_table(family=family, players=players, replace=FIXED_PARTNERS if family == "deutscher" else None)
    out = t.ok("add", *args).stdout
    lines = out.splitlines()
    assert 2 <= len(lines) <= 3, out
    assert lines[0].startswith(("Spiel 1 eingetragen: ", "Hand 1 recorded: ")), out
    for name in players:
        assert name in out
    verbose = t.ok("add", *args, "-v").stdout
    assert len(verbose.splitlines()) > 3
    assert ("Stand:" if "Spiel" in lines[0] else "Balance:") in verbose.splitlines(), verbose
    data = json.loads(t.ok("add", *args, "--json").stdout)
    assert data["hand"] == 3 and set(data["balances"]) == set(players)


def test_add_short_answer_exactly(make_table):
    t = make_table(players=FIVE, replace=STOCK)
    assert t.ok("add", "sau", "be", "co", "72", "l3", "k").stdout.splitlines() == [
        "Spiel 1 eingetragen: Sauspiel Ben+Cora 72 L3 Kontra. Ben und Cora gewinnen.",
        "Ben +0,80 €, Cora +0,80 €, Dora -0,80 €, Emil -0,80 €",
        "Nächster Geber: Ben (Ben setzt aus) · Stock: 0,00 €",
    ]
    out = t.ok("add", "weiter", "-v").stdout.splitlines()
    assert out[0] == "Spiel 2 eingetragen:"
    assert "Stand:" in out and "  Cora       +0,70 €" in out, out


# -- long names, long table names, voids with long reasons, corrected hands (review of issue 12) --

MAXI5 = ["Maximilian", "Franziska", "Alexander", "Benedikt", "Cornelia"]
MAXI7 = [*MAXI5, "Dorothea", "Ferdinand"]
LONG_TABLE = "Stammtisch_Mittwoch_Abend_im_Gasthof_zur_Post"


def long_evening(make_table, players, language, hands=16):
    t = make_table(players=players, language=language, replace=STOCK, name=LONG_TABLE)
    r = t.run("play", input=evening(players, hands=hands))
    assert r.exit_code == 0, r.stderr
    t.ok("void", str(hands), "--reason", "versehentlich doppelt eingetragen von jemandem am Nebentisch, bitte streichen")
    t.ok("edit", "2", "--augen", "80")
    t.ok("edit", "1", "re")
    return t


@pytest.mark.parametrize("language", ["de", "en"])
@pytest.mark.parametrize("players,width", [(MAXI5, 80), (MAXI7, 100)], ids=["5-at-80", "7-at-100"])
@pytest.mark.parametrize("compact", [False, True], ids=["full", "compact"])
def test_long_names_voids_and_corrections_never_wrap(make_table, language, players, width, compact):
    t = long_evening(make_table, players, language)
    balances = t.json("standings")["balances"]
    out = sheet(t, width, *(["--compact"] if compact else []))
    assert_fits(out, width, cut=True)
    assert_amounts_whole(out, len(players) + 1)
    lines = out.splitlines()
    assert lines[0].startswith(LONG_TABLE + ": "), lines[0]  # the title on one line
    assert lines[1].split()[0] == "#" and set(lines[2]) == {"─"}, out
    # 16 hands, one voided and two corrected (each shown struck and again): a line each
    rows = [line for line in lines[3:] if re.match(r"\s*\d+\*?\s", line)]
    assert len(rows) == 16 + 2, out
    numbers = [line.split()[0] for line in rows]
    assert len(numbers) == len(set(numbers)), numbers
    assert len(lines) == 3 + len(rows) + 2, out  # then "* = ..." and the next dealer
    void = next(line for line in rows if line.split()[0] == "16")
    assert ("(gestrichen" if language == "de" else "(void") in void, void
    assert all(line.split()[-1] not in ("", "…") for line in rows if "*" in line.split()[0])
    cells = final_row(out, 15).split()
    sep = "," if language == "de" else "."
    assert cells[-len(players) - 1:-1] == [f"{'-' if v < 0 else ''}{abs(v) // 100}{sep}{abs(v) % 100:02d}"
                                           for v in balances.values()]


def test_a_short_void_reason_is_shown_whole_where_there_is_room(make_table):
    t = make_table(players=FIVE, replace=STOCK)
    t.ok("add", "wenz", "be", "70")
    t.ok("void", "1", "--reason", "doppelt")
    for args in ((), ("--compact",)):
        out = sheet(t, 80, *args)
        assert_fits(out, 80)
        assert "(gestrichen: doppelt)" in out, out


@pytest.mark.parametrize("language,title", [("de", "Abend 1"), ("en", "Session 1")])
def test_the_standings_title_is_one_line(make_table, language, title):
    t = make_table(players=MAXI5, language=language, name="Stammtisch Mittwoch")
    t.ok("add", "wenz", "fra", "70")
    r = CliRunner().invoke(app, ["--table", str(t.path), "standings"], env={"COLUMNS": "80", "SCHAFKOPF_TABLE": ""})
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[0].rstrip() == f"Stammtisch Mittwoch: {title}", r.stdout


def add_at(t, width, *args):
    r = CliRunner().invoke(app, ["--table", str(t.path), "add", *args],
                           env={"COLUMNS": str(width), "SCHAFKOPF_TABLE": ""})
    assert r.exit_code == 0, r.output
    return r.stdout.splitlines()


@pytest.mark.parametrize("language", ["de", "en"])
def test_adds_third_line_fits_the_terminal(make_table, language):
    """Seven Deutscher players: the heads of everyone and who sits out would make a line of
    about 150 characters; it is shortened to the terminal, the rest is for -v."""
    t = make_table(family="deutscher", players=MAXI7, language=language)
    draw_partners(t, "Franziska", "Alexander", MAXI7[1:5])  # Maximilian deals: the next four play
    lines = add_at(t, 80, "spiel", "--player", "Franziska", "--partner", "Alexander", "--augen", "70")
    assert len(lines) <= 3
    third = lines[-1]
    assert cell_len(third) <= 80, third
    assert third.startswith("Nächster Geber: " if language == "de" else "Next dealer: "), third
    draw_partners(t, "Alexander", "Benedikt", MAXI7[2:6])
    wide = add_at(t, 200, "spiel", "--player", "Alexander", "--partner", "Benedikt", "--augen", "70")[-1]
    assert "…" not in wide and "Ferdinand" in wide.split("·")[-1], wide  # room enough: everything
    draw_partners(t, "Benedikt", "Cornelia", MAXI7[3:7])
    verbose = t.ok("add", "spiel", "--player", "Benedikt", "--partner", "Cornelia", "--augen", "70", "-v").stdout
    assert ("Schafsköpfe: " if language == "de" else "Heads: ") in verbose


def test_a_shortened_name_with_a_backslash_is_text_not_a_pattern(make_table):
    """A name shortened in the sheet's headings is put into a hand's description as it is: a
    backslash in it (``Back\\slash`` shortened to ``Back\\s``) was read as a regular expression's
    escape and the sheet failed with an internal error (``bad escape \\s``)."""
    names = ["Anna", "Ben", "Back\\slash", "Cora", "Émile%_x", "O'Neil \"Ox\""]
    t = make_table(players=names)
    r = CliRunner().invoke(app, ["--table", str(t.path), "add", "sauspiel", "--player", "Back\\",
                                 "--partner", "Cora", "--augen", "66"], env={"SCHAFKOPF_TABLE": ""})
    assert r.exit_code == 0, r.output
    out = sheet(t, 80)
    assert "Sau Back\\s+Cora 66" in out
