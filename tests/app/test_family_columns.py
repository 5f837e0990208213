"""What the exports and ``stats`` say of a family's own kind of hand (issue 33, item 10): a
leaster has no declarer, so ``stats`` counts its winner as no declarer (a won pick counts its
picker); a family without a Stock (Sheepshead, Wendish, Deutscher) gets no Stock column of zeros
in ``csv`` and ``csv-de``; the Bavarian CSV keeps it."""

import csv
import io

import pytest

FIVE = ["Anna", "Ben", "Cora", "Dave", "Eva"]


def sheepshead_night(make_table, language="en"):
    t = make_table(family="sheepshead", players=FIVE, language=language)
    t.ok("add", "leaster", "--winner", "Anna")  # Anna wins the leaster: +4, the others -1
    t.ok("add", "pick", "be", "eva", "94")  # Ben picks with Eva, 94: Ben +4, Eva +2, the others -2
    t.ok("add", "leaster", "--winner", "Cora")
    return t


def test_a_leaster_winner_is_no_declarer_in_stats(make_table):
    players = sheepshead_night(make_table).json("stats")["players"]
    as_declarer = {p: (s["declarer"], s["won"], s["partner"], s["partner_won"]) for p, s in players.items()}
    assert as_declarer == {"Anna": (0, 0, 0, 0), "Ben": (1, 1, 0, 0), "Cora": (0, 0, 0, 0), "Dave": (0, 0, 0, 0),
                           "Eva": (0, 0, 1, 1)}
    assert {p: s["games"] for p, s in players.items()} == dict.fromkeys(FIVE, 3)
    assert {p: s["balance"] for p, s in players.items()} == {"Anna": 4 - 2 - 1, "Ben": -1 + 4 - 1, "Cora": -1 - 2 + 4,
                                                             "Dave": -1 - 2 - 1, "Eva": -1 + 2 - 1}


def test_stats_table_shows_the_leaster_winner_as_no_declarer(make_table):
    out = sheepshead_night(make_table).ok("stats").stdout
    anna = next(line for line in out.splitlines() if "Anna" in line)
    assert anna.replace("│", " ").split()[:5] == ["Anna", "3", "0", "0", "0"]


@pytest.mark.parametrize("family,game", [("sheepshead", ["pick", "be", "eva", "94"]),
                                         ("wendish", ["normal", "an", "be", "70"]),
                                         ("deutscher", None)])
def test_no_stock_column_where_the_family_has_no_stock(make_table, family, game):
    from tests.conftest import draw_partners

    players = FIVE if family == "sheepshead" else FIVE[:4]
    t = make_table(family=family, players=players, language="de")
    if game is None:
        draw_partners(t, "Anna", "Cora")
        game = ["spiel", "an", "co", "70"]
    t.ok("add", *game)
    for fmt, sep, stock, comment in (("csv", ",", "stock", "comment"), ("csv-de", ";", "Stock", "Kommentar")):
        text = t.ok("export", "--format", fmt).stdout.lstrip("\ufeff")
        rows = list(csv.reader(io.StringIO(text), delimiter=sep))
        assert stock not in rows[0] and rows[0][-1] == comment and rows[0][-1 - len(players):-1] == players
        assert all(len(r) == len(rows[0]) for r in rows), rows


def test_the_bavarian_csv_keeps_its_stock_column(make_table):
    t = make_table(replace={'all_pass = "redeal"': 'all_pass = "stock"'})
    t.ok("add", "weiter")
    rows = list(csv.DictReader(io.StringIO(t.ok("export", "--format", "csv").stdout)))
    assert rows[0]["stock"] == "0.40" and rows[0]["Anna"] == "-0.10"
