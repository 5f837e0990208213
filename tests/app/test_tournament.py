"""Tournaments (Preisschafkopf, issue 16, RULES §10) through the command line: the points of
the plus-minus and plus-only schemes worked out by hand, the draw (tables of four and five,
by ranking), the entries per table (``--tisch N``, the whole list of a table), corrections,
the ranking with its tie-breaks, the exports, and wrong inputs with their messages.

Points (``preset = "plus-minus"``): Sauspiel 1 per player (2 Schneider, 3 Schwarz), Solo and
Wenz 5 per opponent (declarer 15; 6/18 Schneider, 7/21 Schwarz), Tout x2, Sie x4, Kontra x2."""

import hashlib
import json

import pytest

from tests.conftest import Table

FOUR = ["Anna", "Ben", "Cora", "Dora"]
EIGHT = ["Anna", "Ben", "Cora", "Dora", "Emil", "Fritz", "Gabi", "Hans"]


def tournament(tmp_path, players=FOUR, extra="", points="", rules="", language="en", name="cup"):
    text = (f'schema = 1\nname = "Cup"\nkind = "tournament"\nfamily = "bavarian"\n'
            f"players = {json.dumps(players, ensure_ascii=False)}\nlanguage = \"{language}\"\n\n"
            f"[tournament]\n{extra}\n\n[points]\n{points}\n")
    if rules:
        text += f"\n[rules]\n{rules}\n"
    path = tmp_path / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return Table(path)


def payouts(t, *args):
    return t.json("add", *args)["payouts"]


def ranking(t, *args):
    return t.json("tournament", "ranking", *args)["ranking"]


def seats(t, round_no=None):
    args = ["--round", str(round_no)] if round_no else []
    return {x["tisch"]: x["players"] for x in t.json("tournament", "tables", *args)["tables"]}


def fail(t, *args, input=None):
    r = t.run(*args, input=input)
    assert r.exit_code == 2, (r.exit_code, r.output)
    return r.stderr


# -- points ------------------------------------------------------------------------------------

def test_plus_minus_points_are_those_of_rules_10_worked_by_hand(tmp_path):
    t = tournament(tmp_path, extra="games_per_round = 16\nseed = \"s\"")
    t.ok("tournament", "draw")
    # Sauspiel: each of the two winners +1 and each loser -1; Schneider 2, Schwarz 3
    assert payouts(t, "--tisch", "1", "sau", "an", "be", "72") == {"Anna": 1, "Ben": 1, "Cora": -1, "Dora": -1}
    assert payouts(t, "--tisch", "1", "sau", "an", "be", "95") == {"Anna": 2, "Ben": 2, "Cora": -2, "Dora": -2}
    assert payouts(t, "--tisch", "1", "sau", "an", "be", "120", "sw") == {"Anna": 3, "Ben": 3, "Cora": -3,
                                                                          "Dora": -3}
    # a lost Sauspiel with Kontra: 1 x 2 from each declarer
    assert payouts(t, "--tisch", "1", "sau", "co", "do", "50", "k") == {"Anna": 2, "Ben": 2, "Cora": -2, "Dora": -2}
    # Solo: declarer +15, each opponent -5; Schneider 18/6; Schwarz 21/7; lost: -15/+5
    assert payouts(t, "--tisch", "1", "herzsolo", "co", "70") == {"Anna": -5, "Ben": -5, "Cora": 15, "Dora": -5}
    assert payouts(t, "--tisch", "1", "grassolo", "co", "100") == {"Anna": -6, "Ben": -6, "Cora": 18, "Dora": -6}
    assert payouts(t, "--tisch", "1", "wenz", "do", "120", "sw") == {"Anna": -7, "Ben": -7, "Cora": -7, "Dora": 21}
    assert payouts(t, "--tisch", "1", "wenz", "do", "40") == {"Anna": 5, "Ben": 5, "Cora": 5, "Dora": -15}
    # Tout x2: (5) x 2 = 10 per opponent; Sie x4: 5 x 4 = 20 per opponent
    assert payouts(t, "--tisch", "1", "wenz", "do", "tout", "+") == {"Anna": -10, "Ben": -10, "Cora": -10, "Dora": 30}
    assert payouts(t, "--tisch", "1", "sie", "an", "l8") == {"Anna": 60, "Ben": -20, "Cora": -20, "Dora": -20}
    # Laufende count nothing by default (laufende = 0): the same as without them
    assert payouts(t, "--tisch", "1", "sau", "an", "be", "72", "l4") == {"Anna": 1, "Ben": 1, "Cora": -1, "Dora": -1}
    data = t.json("add", "--tisch", "1", "weiter")
    assert data["unit"] == "point" and data["payouts"] == {"Anna": 0, "Ben": 0, "Cora": 0, "Dora": 0}
    assert (data["round"], data["tisch"]) == (1, 1)
    # the long options give the same as the short words
    assert payouts(t, "--tisch", "1", "solo", "--player", "Cora", "--suit", "herz", "--augen", "70") == {
        "Anna": -5, "Ben": -5, "Cora": 15, "Dora": -5}
    # Anna: 1+2+3+2-5-6-7+5-10+60+1+0-5 = 41; Ben: 1+2+3+2-5-6-7+5-10-20+1-5 = -39
    # Cora: -1-2-3-2+15+18-7+5-10-20-1+15 = 7; Dora: -1-2-3-2-5-6+21-15+30-20-1-5 = -9
    rows = {r["player"]: r for r in ranking(t)}
    assert {n: r["points"] for n, r in rows.items()} == {"Anna": 41, "Ben": -39, "Cora": 7, "Dora": -9}
    assert sum(r["points"] for r in rows.values()) == 0
    assert [r["player"] for r in ranking(t)] == ["Anna", "Cora", "Dora", "Ben"]
    # solos won: Cora herz and gras solo and the last one; Dora the Wenz schwarz and the Wenz tout; Anna the Sie
    assert {n: r["solos_won"] for n, r in rows.items()} == {"Anna": 1, "Ben": 0, "Cora": 3, "Dora": 2}
    assert {n: r["games"] for n, r in rows.items()} == {"Anna": 13, "Ben": 13, "Cora": 13, "Dora": 13}
    # a round of 16 games with 13 played, of 3 rounds: provisional, and said so under the title
    assert t.run("tournament", "ranking").stdout.splitlines()[1] == (
        "provisional - table 1 (round 1) missing; after round 1 of 3")
    assert t.run("tournament", "ranking").stdout.splitlines()[4:7] == [
        "   #    No.  Player    Points     Solos       Won     Games",
        "   1     #1  Anna          41         1         7        13",
        "   2     #3  Cora           7         3         4        13"]


def test_plus_only_counts_what_each_player_won_and_points_keys_override_the_preset(tmp_path):
    t = tournament(tmp_path, points='preset = "plus-only"\nsolo = 6\nlaufende = 1', extra='seed = "x"')
    t.ok("tournament", "draw")
    # solo = 6 overrides the preset's 5: declarer +18, opponents -6; Laufende 1 each from 3 on
    assert payouts(t, "--tisch", "1", "herzsolo", "co", "70") == {"Anna": -6, "Ben": -6, "Cora": 18, "Dora": -6}
    assert payouts(t, "--tisch", "1", "sau", "an", "be", "72", "l3") == {"Anna": 4, "Ben": 4, "Cora": -4, "Dora": -4}
    assert payouts(t, "--tisch", "1", "sau", "an", "be", "40") == {"Anna": -1, "Ben": -1, "Cora": 1, "Dora": 1}
    rows = {r["player"]: r for r in ranking(t)}
    # plus-only: the losers score 0; the stored hands still sum to zero (plus and minus)
    assert {n: r["points"] for n, r in rows.items()} == {"Anna": 4, "Ben": 4, "Cora": 19, "Dora": 1}
    assert {n: (r["plus"], r["minus"]) for n, r in rows.items()} == {
        "Anna": (4, -7), "Ben": (4, -7), "Cora": (19, -4), "Dora": (1, -10)}
    data = t.json("tournament", "ranking")
    assert data["points"] == "plus-only"
    assert "plus points only" in t.ok("tournament", "ranking").stdout


# -- the draw ----------------------------------------------------------------------------------

def test_eighteen_players_make_two_tables_of_five_and_two_of_four_and_the_seed_repeats_the_draw(tmp_path):
    players = [f"P{i:02d}" for i in range(1, 19)]
    a = tournament(tmp_path, players, name="a")
    b = tournament(tmp_path, players, name="b")
    first = a.json("tournament", "draw", "--seed", "42")
    assert [len(x["players"]) for x in first["tables"]] == [5, 5, 4, 4]
    assert [x["games"] for x in first["tables"]] == [40, 40, 32, 32]  # 32 each: a five's table plays 40
    seated = [p for x in first["tables"] for p in x["players"]]
    assert sorted(seated) == players  # everyone once
    assert first["seed"] == "42" and first["method"] == "random" and first["round"] == 1
    again = b.json("tournament", "draw", "--seed", "42")
    assert again["tables"] and [x["players"] for x in again["tables"]] == [x["players"] for x in first["tables"]]
    other = tournament(tmp_path, players, name="c").json("tournament", "draw", "--seed", "43")
    assert [x["players"] for x in other["tables"]] != [x["players"] for x in first["tables"]]
    # round 2 (forced: round 1 not played) is drawn again from the same seed, differently
    second = a.json("tournament", "draw", "--force")
    assert second["seed"] == "42" and second["round"] == 2
    assert [x["players"] for x in second["tables"]] != [x["players"] for x in first["tables"]]
    assert sorted(p for x in second["tables"] for p in x["players"]) == players


def test_a_five_players_table_lets_its_dealer_sit_out(tmp_path):
    t = tournament(tmp_path, FOUR + ["Emil"], extra='seed = "x"\ngames_per_round = 4')
    table = t.json("tournament", "draw")["tables"]
    assert table[0]["games"] == 5  # 4 x 5 / 4: each player plays 4 hands
    order = table[0]["players"]
    data = t.json("add", "--tisch", "1", "weiter")
    assert set(data["payouts"]) == set(order[1:])  # the first deals and sits out
    sheet = t.json("tournament", "sheet", "--tisch", "1")
    assert sheet["hands"][0]["dealer"] == order[0] and sheet["games"] == 5 and sheet["done"] == 1


def test_the_next_round_by_ranking_seats_the_best_four_at_table_one(tmp_path):
    t = tournament(tmp_path, EIGHT, extra='games_per_round = 1\ndraw = "ranking"\nseed = "r"')
    t.ok("tournament", "draw")
    tables = seats(t)
    # table 1: its first player wins a solo (+15); table 2: a Sauspiel of its first two (+1 each)
    t.ok("add", "--tisch", "1", "solo", "--player", tables[1][0], "--suit", "herz", "--augen", "70")
    t.ok("add", "--tisch", "2", "sauspiel", "--player", tables[2][0], "--partner", tables[2][1], "--augen", "70")
    order = [r["player"] for r in ranking(t)]
    assert order[0] == tables[1][0] and set(order[1:3]) == set(tables[2][:2])
    drawn = t.json("tournament", "draw")
    assert drawn["method"] == "ranking"
    assert [x["players"] for x in drawn["tables"]] == [order[:4], order[4:]]
    # rounds after the first by the file's draw; --by random says otherwise (a third round: forced)
    assert t.json("tournament", "draw", "--by", "random", "--force")["method"] == "random"


def test_a_draw_waits_for_the_round_to_be_played_unless_forced_and_stops_after_the_last_round(tmp_path):
    t = tournament(tmp_path, EIGHT, extra='games_per_round = 2\nrounds = 2\nseed = "w"')
    assert fail(t, "tournament", "draw", "--by", "ranking") == (
        "Error: Round 1 is drawn at random: there is no ranking yet.\nLeave --by out, or give --by random.\n")
    t.ok("tournament", "draw")
    t.ok("add", "--tisch", "1", "weiter")
    t.ok("add", "--tisch", "1", "weiter")
    t.ok("add", "--tisch", "2", "weiter")
    assert fail(t, "tournament", "draw") == (
        "Error: Round 1 is not finished: table 2 has 1 of 2 games.\n"
        "Enter their games first, or draw anyway with --force.\n")
    t.ok("add", "--tisch", "2", "weiter")
    assert t.json("tournament", "draw")["round"] == 2
    assert fail(t, "tournament", "draw", "--force") == (
        "Error: All 2 rounds have been drawn.\nTo play another, raise rounds in [tournament].\n")


# -- ranking and tie-breaks -----------------------------------------------------------------------

def lot(seed, name):
    """The documented lot: sha256 of "schafkopf-lot", the seed and the name (unit separators); smaller first."""
    return hashlib.sha256(f"schafkopf-lot\x1f{seed}\x1f{name}".encode()).hexdigest()


def test_ties_go_to_solos_won_then_games_won_then_the_lot(tmp_path):
    t = tournament(tmp_path, extra='seed = "lot-test"')
    t.ok("tournament", "draw")
    t.ok("add", "--tisch", "1", "herzsolo", "co", "70")  # Cora +15, the others -5
    t.ok("add", "--tisch", "1", "herzsolo", "co", "50")  # Cora -15, the others +5: everyone 0
    rows = ranking(t)
    assert [r["points"] for r in rows] == [0, 0, 0, 0]
    # Cora won a solo: first. Anna, Ben and Dora: 0 points, no solo, one game won each: the lot
    assert rows[0]["player"] == "Cora" and rows[0]["lot"] is False
    assert [r["player"] for r in rows[1:]] == sorted(["Anna", "Ben", "Dora"], key=lambda n: lot("lot-test", n))
    assert all(r["lot"] for r in rows[1:])
    assert "(lot)" in t.ok("tournament", "ranking").stdout
    t.ok("add", "--tisch", "1", "sau", "be", "an", "70")  # Ben, Anna +1; Cora, Dora -1
    t.ok("add", "--tisch", "1", "sau", "be", "co", "70")  # Ben, Cora +1; Anna, Dora -1
    t.ok("add", "--tisch", "1", "sau", "do", "an", "70", "k")  # Dora, Anna +2; Ben, Cora -2
    # Anna 2 (3 won); Ben 0, no solo, 3 won; Dora 0, no solo, 2 won; Cora -2
    rows = ranking(t)
    assert [(r["player"], r["points"], r["solos_won"], r["games_won"]) for r in rows] == [
        ("Anna", 2, 0, 3), ("Ben", 0, 0, 3), ("Dora", 0, 0, 2), ("Cora", -2, 1, 2)]
    assert not any(r["lot"] for r in rows)


# -- the whole list of a table -------------------------------------------------------------------

def test_a_tables_list_is_recorded_whole_or_not_at_all_and_an_error_names_its_line(tmp_path):
    t = tournament(tmp_path, extra='games_per_round = 4\nseed = "l"')
    t.ok("tournament", "draw")
    (tmp_path / "tisch1.txt").write_text("# table 1\nsau an be 72\n\nherzsolo co 105\nsau an xaver 72\n",
                                         encoding="utf-8")
    err = fail(t, "tournament", "enter", "--tisch", "1", "tisch1.txt")
    assert err.startswith("Error: line 5: 'xaver' fits nothing in a Sauspiel. Nothing was recorded.\n")
    assert t.json("tournament", "sheet", "--tisch", "1")["done"] == 0
    # a line the rules refuse (the second name is the declarer himself) is found before anything is written
    err = fail(t, "tournament", "enter", "--tisch", "1", "-", input="sau an be 72\nsau co co 72\n")
    assert err.startswith("Error: line 2: ")
    assert t.json("tournament", "sheet", "--tisch", "1")["done"] == 0
    err = fail(t, "tournament", "enter", "--tisch", "1", "-", input="weiter\n" * 5)
    assert err == ("Error: Table 1: 0 + 5 games would be more than the 4 of round 1. Nothing was recorded.\n"
                   "Check the table's sheet (schafkopf tournament sheet --tisch N); a wrong game is corrected with "
                   "edit N --tisch N or void N --tisch N.\n")
    (tmp_path / "tisch1.txt").write_text("# table 1\nsau an be 72\n\nherzsolo co 105 # schneider\n",
                                         encoding="utf-8")
    data = t.json("tournament", "enter", "--tisch", "1", "tisch1.txt")
    assert [h["hand"] for h in data["hands"]] == [1, 2]
    # 1 + (-6) ...: Anna 1-6, Ben 1-6, Cora -1+18, Dora -1-6
    assert data["balances"] == {**{p: 0 for p in data["balances"]}, "Anna": -5, "Ben": -5, "Cora": 17, "Dora": -7}
    r = t.run("tournament", "enter", "--tisch", "1", "-", input="weiter\n")
    assert r.exit_code == 0 and r.stdout.startswith("Recorded 1 game at table 1 (round 1): game 3.")
    assert fail(t, "tournament", "enter", "--tisch", "1", "-", input="\n# nothing\n") == (
        "Error: The list holds no game.\nOne game a line in the short notation, e.g. sau an be 72.\n")
    assert fail(t, "tournament", "enter", "--tisch", "1", "missing.txt").startswith(
        "Error: There is no list missing.txt.")


# -- corrections ---------------------------------------------------------------------------------

def test_corrections_at_a_table_work_as_at_any_table(tmp_path):
    t = tournament(tmp_path, EIGHT, extra='games_per_round = 3\nseed = "c"')
    t.ok("tournament", "draw")
    one = seats(t)[1]
    a, b, c, d = one
    t.ok("add", "--tisch", "1", "sauspiel", "--player", a, "--partner", b, "--augen", "72")
    t.ok("add", "--tisch", "1", "solo", "--player", c, "--suit", "herz", "--augen", "72")
    t.ok("add", "--tisch", "1", "weiter")
    assert fail(t, "add", "--tisch", "1", "weiter") == (
        "Error: Table 1 has played all its 3 games of round 1.\n"
        "Check the table's sheet (schafkopf tournament sheet --tisch N); a wrong game is corrected with "
        "edit N --tisch N or void N --tisch N.\n")
    assert t.json("undo", "--tisch", "1") == {"voided": 3, "game": "weiter", "session": 1, "repriced": []}
    assert t.json("void", "1", "--tisch", "1")["voided"] == 1
    pts = {r["player"]: r["points"] for r in ranking(t)}
    assert (pts[a], pts[b], pts[c], pts[d]) == (-5, -5, 15, -5)
    edited = t.json("edit", "2", "--tisch", "1", "--augen", "95")  # now Schneider: 18 / -6
    assert edited["payouts"][c] == 18
    pts = {r["player"]: r["points"] for r in ranking(t)}
    assert (pts[a], pts[b], pts[c], pts[d]) == (-6, -6, 18, -6)
    t.ok("add", "--tisch", "1", "sauspiel", "--player", a, "--partner", b, "--augen", "72")
    hands = t.json("tournament", "sheet", "--tisch", "1")["hands"]
    assert [(h["hand"], h["void"]) for h in hands] == [(1, True), (2, True), (2, False), (3, True), (4, False)]
    # table 2 is untouched by table 1's corrections
    assert t.json("tournament", "sheet", "--tisch", "2")["done"] == 0
    assert fail(t, "undo", "--tisch", "2") == (
        "Error: Table 2 has no game to undo in round 1.\nRecord games with schafkopf add --tisch 2.\n")


# -- exports -------------------------------------------------------------------------------------

def test_the_table_lists_and_the_ranking_export_as_csv_and_self_contained_html(tmp_path):
    players = ["Anna", "Ben", "Cora", "Dora", "Max & <Moritz>"]
    t = tournament(tmp_path, players, extra='seed = "e"\ngames_per_round = 4')
    t.ok("tournament", "draw")
    order = seats(t)[1]
    csv_text = t.ok("tournament", "tables", "--format", "csv").stdout
    numbers = {p: i for i, p in enumerate(players, 1)}  # the start numbers: the file's order
    assert csv_text.splitlines() == ["round,table,seat,player,number",
                                     *(f"1,1,{i},{p},{numbers[p]}" for i, p in enumerate(order, 1))]
    de = t.ok("tournament", "tables", "--format", "csv-de").stdout
    assert de.splitlines()[0] == "\ufeffRunde;Tisch;Platz;Spieler;Startnummer"
    t.ok("tournament", "tables", "--format", "html", "-o", "tische.html")
    page = (tmp_path / "tische.html").read_text(encoding="utf-8")
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    assert "<script" not in page and "http://" not in page and "https://" not in page and " src=" not in page
    assert "Max &amp; &lt;Moritz&gt;" in page and "<Moritz>" not in page
    t.ok("add", "--tisch", "1", "herzsolo", "an", "70")
    t.ok("tournament", "ranking", "--format", "csv", "-o", "rangliste.csv")
    lines = (tmp_path / "rangliste.csv").read_text(encoding="utf-8").splitlines()
    assert lines[0] == "rank,player,points,solos_won,games_won,games,lot,round_1,number"
    assert lines[1] == "1,Anna,15,1,1,1,0,15,1"
    assert len(lines) == 6
    html = t.ok("tournament", "ranking", "--format", "html").stdout
    assert html.startswith("<!DOCTYPE html>") and "<script" not in html and "viewport" in html
    assert "Max &amp; &lt;Moritz&gt;" in html
    text = t.ok("tournament", "ranking").stdout
    assert text.splitlines()[0] == "Cup: ranking after round 1"
    assert fail(t, "tournament", "ranking", "--format", "pdf") == (
        "Error: --format 'pdf' is not a format of this list.\nChoose text, csv, csv-de, html.\n")
    assert fail(t, "tournament", "ranking", "-o", str(tmp_path)).startswith(f"Error: --out {tmp_path} is a folder")


def test_the_lists_speak_german_at_a_german_tournament(tmp_path):
    t = tournament(tmp_path, extra='seed = "g"', language="de")
    assert t.ok("tournament", "draw").stdout.startswith("Runde 1: 1 Tisch, zufällig ausgelost (Startwert g).")
    assert t.ok("tournament", "tables").stdout.startswith("Cup: Runde 1, Tischlisten")
    assert t.ok("tournament", "ranking").stdout.startswith("Cup: Rangliste nach Runde 1")


# -- wrong inputs --------------------------------------------------------------------------------

def test_tisch_at_a_plain_table_and_a_tournament_entry_without_tisch_are_refused(tmp_path, make_table):
    plain = make_table(language="en")
    assert fail(plain, "add", "--tisch", "1", "sau", "an", "be", "72").startswith(
        f"Error: {plain.path} is no tournament (kind = \"tournament\"): it has no tables to draw or to name "
        "with --tisch.\n")
    assert not plain.ledger_path.exists()
    t = tournament(tmp_path)
    assert fail(t, "add", "--tisch", "1", "sau", "an", "be", "72") == (
        "Error: No round has been drawn yet.\nDraw round 1: schafkopf tournament draw\n")
    t.ok("tournament", "draw")
    before = t.ledger_bytes()
    for args, example in ((("add", "sau", "an", "be", "72"), "add --tisch 3 sau an be 72"),
                          (("undo",), "undo --tisch 3"), (("void", "1"), "void 2 --tisch 3"),
                          (("calc", "sau", "an", "be", "72"), "calc --tisch 3 sau an be 72"),
                          (("edit", "1", "k"), "edit 2 --tisch 3 k")):
        assert fail(t, *args) == (
            "Error: This is a tournament: say at which table the game was played.\n"
            f"Add --tisch N, e.g. schafkopf {example} (the tables: schafkopf tournament tables).\n")
    assert fail(t, "add", "--tisch", "2", "weiter") == (
        "Error: Round 1 has no table 2: it has 1 table.\nGive --tisch 1 (schafkopf tournament tables).\n")
    assert t.ledger_bytes() == before
    assert t.json("calc", "--tisch", "1", "herzsolo", "an", "70")["payouts"]["Anna"] == 15


def test_a_player_seated_at_another_table_is_refused_by_name(tmp_path):
    t = tournament(tmp_path, EIGHT, extra='seed = "n"')
    t.ok("tournament", "draw")
    one, two = seats(t)[1], seats(t)[2]
    err = fail(t, "add", "--tisch", "1", "sau", one[0], two[0], "72")
    assert err == (f"Error: {two[0]} does not play at table 1 in round 1: {two[0]} sits at table 2.\n"
                   f"Players at table 1: {', '.join(one)}.\n")
    err = fail(t, "add", "--tisch", "1", "sauspiel", "--player", one[0], "--partner", two[1], "--augen", "72")
    assert err.startswith(f"Error: {two[1]} does not play at table 1 in round 1: {two[1]} sits at table 2.")
    assert t.json("tournament", "sheet", "--tisch", "1")["done"] == 0


@pytest.mark.parametrize(("extra", "message"), [
    ('[tournament]\nround = 3\n', "[tournament] round is not a known key.\nDid you mean 'rounds'?"),
    ('[tournament]\ndraw = "swiss"\n', "[tournament] draw must be one of"),
    ('[tournament]\ngames_per_round = 0\n', "[tournament] games_per_round must be at least 1"),
    ('[points]\npreset = "money"\n', "[points] preset must be one of"),
    ('[points]\nsolo = "five"\n', "[points] solo must be a whole number"),
    ('[tariff]\nsolo = 50\n', 'tariff is not used in a tournament: it counts tournament points.'),
    ('[rules]\nall_pass = "stock"\n', "[rules] all_pass cannot feed a Stock in a tournament"),
])
def test_wrong_keys_of_a_tournament_file_are_refused_with_file_and_line(tmp_path, extra, message):
    path = tmp_path / "cup.toml"
    path.write_text('kind = "tournament"\nfamily = "bavarian"\nlanguage = "en"\nplayers = ["Anna", "Ben", '
                    '"Cora", "Dora", "Emil"]\n' + extra, encoding="utf-8")
    err = fail(Table(path), "tournament", "draw")
    assert err.startswith(f"Error: {path}"), err
    assert message in err, err


def test_tournament_sections_need_kind_tournament_and_a_tournament_plays_bavarian(tmp_path, make_table):
    plain = make_table(language="en")
    plain.path.write_text(plain.path.read_text(encoding="utf-8") + "\n[points]\nsolo = 5\n", encoding="utf-8")
    assert "points belongs to a tournament only." in fail(plain, "rules")
    path = tmp_path / "w.toml"
    path.write_text('kind = "tournament"\nfamily = "wendish"\nlanguage = "en"\nplayers = ["Anna", "Ben", "Cora", '
                    '"Dora"]\n', encoding="utf-8")
    assert 'kind "tournament" is for Bavarian Schafkopf only' in fail(Table(path), "tournament", "draw")


@pytest.mark.parametrize(("count", "fewer", "more"), [(6, 5, 8), (7, 5, 8), (11, 10, 12)])
def test_player_counts_that_make_no_tables_are_refused_at_the_draw_naming_the_nearest_counts(tmp_path, count,
                                                                                           fewer, more):
    # issue 27: the file stays readable (a withdrawal may leave such a count); the draw and
    # ``tournament new`` refuse, naming the nearest counts that can be seated and both switches
    message = (f"Error: {count} players cannot be seated at tables of four and five.\n"
               f'Seat {fewer} or {more} players, or set short_tables = "standin" (unranked stand-ins fill tables of '
               'four) or short_tables = "three" (a table of three) in [tournament].\n')
    t = tournament(tmp_path, [f"P{i}" for i in range(1, count + 1)])
    assert t.ok("rules").stdout
    assert fail(t, "tournament", "draw") == message
    assert not t.ledger_path.exists()
    names = ",".join(f"P{i}" for i in range(1, count + 1))
    r = t.run("tournament", "new", "six.toml", "--players", names, "--language", "en")
    assert (r.exit_code, r.stderr) == (2, message)
    assert not (tmp_path / "six.toml").exists()


def test_fewer_than_four_players_is_refused(tmp_path):
    t = tournament(tmp_path, ["Anna", "Ben", "Cora"])
    assert fail(t, "tournament", "draw").startswith(f"Error: {t.path}, line 5: players ")


# -- tournament new and a players file ------------------------------------------------------------

def test_tournament_new_writes_a_file_that_loads_and_reads_its_players_from_a_file(tmp_path, make_table):
    t = make_table(language="en")  # the table in use (for the language of a refusal)
    r = t.ok("tournament", "new", "cup.toml", "--players", "Anna,Ben,Cora,Dora,Emil", "--rounds", "2", "--games",
             "24", "--draw", "ranking", "--language", "en")
    assert r.stdout.strip() == ("Wrote cup.toml: 5 players, 2 rounds. Next: schafkopf --table cup.toml "
                                "tournament draw")
    cup = Table(tmp_path / "cup.toml")
    drawn = cup.json("tournament", "draw", "--seed", "1")
    assert [x["games"] for x in drawn["tables"]] == [30]
    (tmp_path / "anmeldung.txt").write_text("# registered\nAnna\n Ben \n\nCora\nDora\n", encoding="utf-8")
    t.ok("tournament", "new", "reg.toml", "--players-file", "anmeldung.txt", "--language", "en")
    assert 'players_file = "anmeldung.txt"' in (tmp_path / "reg.toml").read_text(encoding="utf-8")
    reg = Table(tmp_path / "reg.toml")
    assert sorted(reg.json("tournament", "draw")["tables"][0]["players"]) == ["Anna", "Ben", "Cora", "Dora"]
    # a refusal speaks the language of the file it would write (--language; here en), not the table's
    assert new_refused(t, "cup.toml", "--players", "A1,B1,C1,D1") == (
        "Error: cup.toml exists already; nothing was written.\n"
        "Choose another name, or add --force to start afresh beside it.\n")
    assert new_refused(t, "x.toml") == (
        "Error: Give the players: --players A,B,... or --players-file FILE (one of them).\n"
        "Example: schafkopf tournament new turnier.toml --players Anna,Ben,Cora,Dora,Emil\n")
    assert "holds a name that entries at a table would misread" in new_refused(
        t, "y.toml", "--players", "Anna,Ben,Re,Dora")
    assert not (tmp_path / "x.toml").exists() and not (tmp_path / "y.toml").exists()
    assert "[tournament] players_file does not exist: none.txt." in new_refused(
        t, "z.toml", "--players-file", "none.txt")


def new_refused(t, *args, language="en"):
    """``tournament new`` refused: exit 2, the error in the language of the file it would write."""
    r = t.run("tournament", "new", *args, *(["--language", language] if language else []))
    assert r.exit_code == 2, (r.exit_code, r.output)
    return r.stderr
