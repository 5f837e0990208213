"""Tournament day (issue 27, RULES §10 "Tournament day"), through the command line: seating any
count (stand-ins, tables of three), equal hands at tables of five, latecomers and withdrawals,
the spread draw with --fix, --apart and --report, the points cap, prizes, paper totals, score
sheets, several days; and the hostile cases: a withdrawal in the middle of a round, a latecomer
after the last round, totals that do not sum to zero, two organisers drawing at once."""

import json
import os
import subprocess
import sys

import pytest

from tests.app.test_tournament import fail, tournament

EIGHT = ["Anna", "Ben", "Cora", "Dora", "Emil", "Fritz", "Gabi", "Hans"]


def tables(t, *args):
    return t.json("tournament", "tables", *args)["tables"]


def ranking(t, *args):
    return {r["player"]: r for r in t.json("tournament", "ranking", *args)["ranking"]}


def ok_in(t, *args, input):
    r = t.run(*args, input=input)
    assert r.exit_code == 0, (r.exit_code, r.output)
    return r


def play_out(t, tisch, games, line="weiter"):
    ok_in(t, "tournament", "enter", "--tisch", str(tisch), "-", input=(line + "\n") * games)


def test_a_withdrawal_is_not_marked_in_the_ranking_after_a_round_before_it(tmp_path):
    """Ben withdrew in round 2: the ranking after round 1 (and day 1's) shows him as he stood
    then; after round 2, and overall, he is marked withdrawn."""
    t = tournament(tmp_path, ["Anna", "Ben", "Cora", "Dora", "Emil"],
                   extra='games_per_round = 4\nrounds = 4\ndays = 2\nseed = "w"')
    t.ok("tournament", "draw")
    play_out(t, 1, 5)
    t.ok("tournament", "draw")
    t.ok("tournament", "player", "withdraw", "Ben")
    play_out(t, 1, 5)
    assert ranking(t, "--round", "1")["Ben"]["withdrawn"] is False
    assert "(withdrawn)" not in t.ok("tournament", "ranking", "--round", "1").stdout
    for args in (("--round", "2"), (), ("--day", "1")):
        assert ranking(t, *args)["Ben"]["withdrawn"] is True, args
    t.ok("tournament", "draw")
    play_out(t, 1, 4)
    assert "Ben" not in ranking(t, "--day", "2")  # day 2 lists who played it


# -- 1. seating any count ------------------------------------------------------------------------

@pytest.mark.parametrize(("count", "sizes", "standins"), [(6, [4, 4], 2), (7, [4, 4], 1), (11, [4, 4, 4], 1)])
def test_standins_fill_tables_of_four_and_are_marked_and_left_out_of_the_ranking(tmp_path, count, sizes, standins):
    players = EIGHT[:count] if count <= 8 else EIGHT + ["Ida", "Jan", "Kurt"]
    t = tournament(tmp_path, players, extra='short_tables = "standin"\ngames_per_round = 4\nseed = "s"')
    drawn = t.json("tournament", "draw")["tables"]
    assert [len(x["players"]) for x in drawn] == sizes
    assert [len(x["standins"]) for x in drawn] == [1] * standins + [0] * (len(sizes) - standins)
    assert sorted(p for x in drawn for p in x["players"] if p not in x["standins"]) == sorted(players)
    assert [s for x in drawn for s in x["standins"]] == [f"Stand-in {i}" for i in range(1, standins + 1)]
    out = t.ok("tournament", "tables").stdout
    assert out.count("(stand-in)") == standins
    standin = drawn[0]["standins"][0]
    t.ok("add", "--tisch", "1", "herzsolo", standin[:5], "80")  # a stand-in plays like anyone at his table
    rows = ranking(t)
    assert standin not in rows and sorted(rows) == sorted(players)
    assert sum(r["points"] for r in rows.values()) == -15  # the stand-in's +15 is nobody's


def test_a_table_of_three_plays_the_three_seat_form_and_is_marked(tmp_path):
    t = tournament(tmp_path, EIGHT[:7], extra='short_tables = "three"\ngames_per_round = 4\nseed = "s"')
    drawn = t.json("tournament", "draw")["tables"]
    assert [len(x["players"]) for x in drawn] == [4, 3] and [x["three"] for x in drawn] == [False, True]
    assert "Table 2 (3 players, 0 of 4 games)  (table of three)" in t.ok("tournament", "tables").stdout
    first = drawn[1]["players"][0]
    assert fail(t, "add", "--tisch", "2", "sau", first[:3], drawn[1]["players"][1][:3], "70").startswith(
        "Error: Sauspiel is a partner game and needs four players")
    pay = t.json("add", "--tisch", "2", "herzsolo", first[:3], "70")["payouts"]
    assert pay == {first: 10, **{p: -5 for p in drawn[1]["players"][1:]}}


def test_equal_hands_at_a_table_of_five_and_the_hands_shown_in_the_ranking(tmp_path):
    t = tournament(tmp_path, EIGHT[:5], extra="games_per_round = 8")
    assert t.json("rules")["tournament"]["games_per_round_five"] == 10  # 8 x 5/4 = 10
    t.ok("tournament", "draw")
    play_out(t, 1, 10)
    assert {n: r["games"] for n, r in ranking(t).items()} == {p: 8 for p in EIGHT[:5]}
    assert "Games" in t.ok("tournament", "ranking").stdout
    bad = tournament(tmp_path, EIGHT[:5], extra="games_per_round = 30\ngames_per_round_five = 38", name="b")
    assert fail(bad, "rules") == (f"Error: {bad.path}, line 10: [tournament] games_per_round_five is 38: a table of "
                                  "five plays a multiple of 5 games, so that everyone sits out equally often.\n"
                                  "Set games_per_round_five = 40, or leave it out.\n")


# -- 2. latecomers and withdrawals -------------------------------------------------------------

def test_a_withdrawal_in_the_middle_of_a_round_lets_the_table_finish_and_leaves_a_count_for_the_next_draw(tmp_path):
    t = tournament(tmp_path, EIGHT, extra="games_per_round = 2\nrounds = 3\nseed = \"w\"")
    t.ok("tournament", "draw")
    seat = next(x for x in tables(t) if "Ben" in x["players"])
    t.ok("add", "--tisch", str(seat["tisch"]), "weiter")  # the round is under way
    r = t.ok("tournament", "player", "withdraw", "be", "--reason", "ill")
    assert r.stdout == ("Ben has withdrawn: keeps points and place, not drawn again.\n"
                        f"Table {seat['tisch']} of round 1 finishes the round as it sat (with Ben's seat).\n"
                        # seven are left, whom the next draw cannot seat: said now, not only at the draw
                        "Note: the next draw cannot seat everyone as registered now: 7 players cannot be seated at "
                        "tables of four and five.\nSeat 5 or 8 players, or set short_tables = \"standin\" (unranked "
                        "stand-ins fill tables of four) or short_tables = \"three\" (a table of three) in "
                        "[tournament].\n")
    t.ok("add", "--tisch", str(seat["tisch"]), "weiter")  # Ben's table plays on as it sat
    play_out(t, 3 - seat["tisch"], 2)
    # 7 players now: every command still works; the draw says what to do
    for args in (("tournament", "ranking"), ("tournament", "tables"), ("check",), ("rules",),
                 ("tournament", "sheet", "--tisch", "1"), ("tournament", "prizes", "--provisional")):
        t.ok(*args)
    assert ranking(t)["Ben"]["withdrawn"] is True
    assert "Ben" in t.ok("tournament", "ranking").stdout.split("(withdrawn)")[0].splitlines()[-1]
    assert fail(t, "tournament", "draw").startswith("Error: 7 players cannot be seated at tables of four and five.\n"
                                                    "Seat 5 or 8 players, or set short_tables")
    assert fail(t, "tournament", "player", "withdraw", "Ben") == (
        "Error: Ben has withdrawn already.\nThe ranking marks who withdrew: schafkopf tournament ranking.\n")
    t.ok("tournament", "player", "add", "Xaver")  # 8 again: the latecomer is drawn, Ben is not
    drawn = t.json("tournament", "draw")["tables"]
    seated = sorted(p for x in drawn for p in x["players"])
    assert "Ben" not in seated and "Xaver" in seated and len(seated) == 8
    rows = ranking(t)
    assert rows["Xaver"]["joined"] == 2 and rows["Xaver"]["rounds"] == {"2": 0}
    assert "(from round 2)" in t.ok("tournament", "ranking").stdout


def test_a_latecomer_after_the_last_round_and_a_name_taken_are_refused_and_nothing_is_written(tmp_path):
    t = tournament(tmp_path, EIGHT[:4], extra="games_per_round = 1\nrounds = 1")
    t.ok("tournament", "draw")
    assert fail(t, "tournament", "player", "add", "Xaver") == (
        "Error: Xaver would play no round: all 1 rounds have been drawn.\n"
        "A latecomer plays from the next round on; raise rounds in [tournament] for another.\n")
    u = tournament(tmp_path, EIGHT[:4], name="u")
    assert fail(u, "tournament", "player", "add", "anna") == (
        "Error: anna is registered already (as Anna).\n"
        "A second player of that name needs another one: add an initial (anna M.).\n")
    assert fail(u, "tournament", "player", "add", "sau").startswith("Error: This name would be misread")
    assert fail(u, "tournament", "player", "add", "Stand-in 3").startswith(
        "Error: Stand-in 3 is how stand-ins are called on the lists.")
    assert fail(u, "tournament", "player", "withdraw", "Zed").startswith("Error: ")
    assert t.json("tournament", "ranking")["ranking"][0]["player"] in EIGHT[:4]
    assert fail(u, "tournament", "tables").startswith("Error: No round has been drawn yet.")


# -- 3. the spread draw -----------------------------------------------------------------------

def test_spread_draw_repeats_and_report_fix_and_apart_recorded(tmp_path):
    players = [f"P{i:02}" for i in range(16)]
    t = tournament(tmp_path, players, extra='games_per_round = 1\nrounds = 4\nseed = "spread"')
    first = t.json("tournament", "draw", "--fix", "P03=2", "--apart", "P01,P02")
    assert first["method"] == "spread" and first["fixed"] == {"P03": 2} and first["apart"] == [["P01", "P02"]]
    assert "P03" in first["tables"][1]["players"]
    assert not any({"P01", "P02"} <= set(x["players"]) for x in first["tables"])
    for x in first["tables"]:
        play_out(t, x["tisch"], 1)
    second = t.json("tournament", "draw")
    assert second["method"] == "spread" and second["repeats"] == []
    for x in second["tables"]:
        play_out(t, x["tisch"], 1)
    third = t.json("tournament", "draw")
    assert third["repeats"] == []  # 16 players meet 9 new opponents in 3 rounds
    assert t.ok("tournament", "draw", "--report").stdout == (
        "Draw of round 3\nNo pair meets again: everyone has new opponents.\n")
    assert t.json("tournament", "draw", "--report", "--round", "1")["repeats"] == []
    # the same file and seed give the same tables in other processes with other hash seeds
    for hash_seed in ("1", "2"):
        again = tmp_path / f"again{hash_seed}"
        again.mkdir()
        u = tournament(again, players, extra='games_per_round = 1\nrounds = 4\nseed = "spread"')
        out = subprocess.run([sys.executable, "-m", "schafkopf_score", "--table", str(u.path), "tournament", "draw",
                              "--fix", "P03=2", "--apart", "P01,P02", "--json"], capture_output=True, text=True,
                             env={**os.environ, "PYTHONHASHSEED": hash_seed}, check=True).stdout
        assert [x["players"] for x in json.loads(out)["tables"]] == [x["players"] for x in first["tables"]]
    assert fail(t, "tournament", "draw", "--by", "ranking", "--fix", "P01=1", "--force").startswith(
        "Error: A draw by the ranking seats players by their rank")


@pytest.mark.parametrize(("args", "message"), [
    (("--fix", "P01=9"), "Error: --fix P01=9: the round has tables 1 to 2.\n"),
    (("--fix", "P01"), "Error: --fix P01 does not say NAME=TABLE.\n"),
    (("--fix", "P01=" + "9" * 5000), "Error: --fix P01=" + "9" * 5000 + ": the round has tables 1 to 2.\n"),
    (("--apart", "P01"), "Error: --apart P01 does not name two players.\n"),
    (("--apart", "P01,p01"), "Error: --apart names P01 twice.\n"),
    (("--fix", "P01=1", "--fix", "P02=1", "--fix", "P03=1", "--fix", "P04=1", "--fix", "P05=1"),
     "Error: Table 1 has 4 seats for drawn players; --fix puts P01, P02, P03, P04 and P05 there.\n"),
])
def test_wrong_fix_and_apart_are_refused_and_nothing_is_drawn(tmp_path, args, message):
    t = tournament(tmp_path, [f"P{i:02}" for i in range(1, 9)])
    assert fail(t, "tournament", "draw", *args).split("\n")[0] + "\n" == message
    assert not t.ledger_path.exists() or t.run("tournament", "tables").exit_code == 2


# -- 4. cap, Kontra, prizes, tie-breaks ----------------------------------------------------------

def test_the_cap_stands_a_player_at_n_and_the_other_side_shares_it_by_largest_remainder(tmp_path):
    t = tournament(tmp_path, EIGHT[:4], extra='games_per_round = 4\nseed = "c"', points="cap = 10\nkontra = 1")
    order = t.json("tournament", "draw")["tables"][0]["players"]
    declarer = order[1]
    others = [p for p in order if p != declarer]
    want = {declarer: 10, others[0]: -4, others[1]: -3, others[2]: -3}
    # +15 / -5 each: capped to +10 / -4, -3, -3 (the remainder to the first in seating order)
    assert t.json("calc", "--tisch", "1", "herzsolo", declarer[:3], "80")["payouts"] == want
    assert t.json("add", "--tisch", "1", "herzsolo", declarer[:3], "80")["payouts"] == want
    points = {n: r["points"] for n, r in ranking(t).items()}
    assert points == want
    assert t.json("tournament", "sheet", "--tisch", "1")["balances"] == want
    assert fail(t, "add", "--tisch", "1", "sau", order[0][:3], order[2][:3], "70", "k", "re").startswith("Error: ")
    data = t.json("tournament", "ranking")
    assert data["tie_breaks"] == ["points", "solos won", "games won", "lot"]


def test_prizes_places_middle_second_last_last_and_ties(tmp_path):
    prizes = '\n[prizes]\nplaces = ["100 €", "50 €"]\nmiddle = true\nsecond_last = true\nlast = "Trostpreis"\n'
    t = tournament(tmp_path, EIGHT, extra='games_per_round = 1\nseed = "p"\nrounds = 1')
    t.path.write_text(t.path.read_text(encoding="utf-8") + prizes, encoding="utf-8")
    drawn = t.json("tournament", "draw")["tables"]
    for x in drawn:
        ok_in(t, "tournament", "enter", "--tisch", str(x["tisch"]), "-", input=f"herzsolo {x['players'][0]} 80\n")
    order = [r["player"] for r in t.json("tournament", "ranking")["ranking"]]
    out = t.ok("tournament", "prizes").stdout.splitlines()
    assert out[0] == "Cup: prizes"
    number = {p: i for i, p in enumerate(EIGHT, 1)}
    assert out[1] == f"Place 1: #{number[order[0]]} {order[0]} (100 €)  (tied with {order[1]}: the lot decided)"
    assert out[2].startswith(f"Place 2: #{number[order[1]]} {order[1]} (50 €)")
    assert out[3].startswith(f"Place 4 (the middle rank): #{number[order[3]]} {order[3]}")
    assert out[4].startswith(f"Place 7 (the second to last): #{number[order[6]]} {order[6]}")
    assert out[5].startswith(f"Place 8 (the last): #{number[order[7]]} {order[7]} (Trostpreis)")
    assert out[-1] == "Ranked by: points > solos won > games won > lot."
    t.path.write_text(t.path.read_text(encoding="utf-8").replace("[prizes]\n", '[prizes]\nties = "share"\n'),
                      encoding="utf-8")
    shared = t.json("tournament", "prizes")["prizes"][0]
    assert shared["shared"] and shared["ranks"] == [1, 2] and shared["prizes"] == ["100 €", "50 €"]


# -- 5. score sheets ----------------------------------------------------------------------------

def test_score_sheets_one_page_per_table_with_seats_dealers_rows_and_points(tmp_path):
    t = tournament(tmp_path, EIGHT[:5] + ["Fritz <b>"], extra='games_per_round = 4\nseed = "h"\n'
                   'short_tables = "standin"')
    drawn = t.json("tournament", "draw")["tables"]
    html = t.ok("tournament", "sheets", "--round", "1").stdout
    assert html.count('<section class="sheet">') == 2 and "@page{size:A4 portrait" in html
    assert "break-after:page" in html and "Fritz &lt;b&gt;" in html and "<b>" not in html.split("<body>")[1]
    first = drawn[0]["players"]
    assert f"<li>{first[0]} (deals first)</li>" in html.replace("&lt;", "<").replace("&gt;", ">") or \
        "(deals first)</li>" in html
    assert html.count('<td class="n">') == 8  # 4 numbered rows a table
    assert "Points (plus-minus): Sauspiel 1 per player" in html and "(writes)" in html
    assert "<svg" not in html
    pytest.importorskip("segno")
    qr = t.ok("tournament", "sheets", "--url-base", "http://10.0.0.2:8000/").stdout
    assert qr.count("<svg") == 2 and "http://10.0.0.2:8000/tisch/2" in qr
    assert fail(t, "tournament", "sheets", "--url-base", "javascript:x").startswith(
        "Error: --url-base javascript:x is not a web address.")


# -- 6. paper totals ------------------------------------------------------------------------------

def test_paper_totals_checked_and_all_or_nothing(tmp_path):
    t = tournament(tmp_path, EIGHT[:4], extra='games_per_round = 8\nseed = "t"')
    t.ok("tournament", "draw")
    a, b, c, d = EIGHT[:4]
    assert fail(t, "tournament", "enter", "--tisch", "1", "--totals", f"{a}=12,{b}=-4,{c}=-3,{d}=-4") == (
        "Error: The totals sum to +1, not to zero: one of them is written wrong.\n"
        "Add up the paper list again; nothing was recorded.\n")
    assert fail(t, "tournament", "enter", "--tisch", "1", "--totals", f"{a}=12,{b}=-12").startswith(
        "Error: --totals leaves out Cora and Dora of table 1.")
    assert fail(t, "tournament", "enter", "--tisch", "1", "--totals", f"{a}=1,an=-1,{c}=0,{d}=0").startswith(
        "Error: --totals names Anna twice.")
    assert fail(t, "tournament", "enter", "--tisch", "1", "--totals", f"{a}=x,{b}=0,{c}=0,{d}=0").startswith(
        "Error: --totals Anna=x: give a whole number")
    assert fail(t, "tournament", "enter", "--tisch", "1", "--totals", f"{a}={'9' * 5000},{b}=0").startswith(
        "Error: --totals Anna=" + "9" * 5000 + ": give a whole number")
    assert fail(t, "tournament", "enter", "--tisch", "1", "--totals", f"Zed=0,{b}=0").startswith(
        "Error: 'Zed' is not a player at this table.")
    assert fail(t, "tournament", "enter", "--tisch", "1", "--solos", f"{a}=1").startswith(
        "Error: --solos and --won go with --totals.")
    assert not ranking(t)[a]["games"]
    r = t.ok("tournament", "enter", "--tisch", "1", "--totals", f"{a}=12,{b}=-4,{c}=-3,{d}=-5", "--solos",
             f"{a}=1", "--won", f"{a}=5,{b}=3")
    given = {a: "+12", b: "-4", c: "-3", d: "-5"}
    seats = tables(t)[0]["players"]  # said in seat order
    assert r.stdout == ("Table 1 of round 1: the paper totals are entered.\n"
                        + ", ".join(f"{p} {given[p]}" for p in seats) + "\n")
    rows = ranking(t)
    assert (rows[a]["points"], rows[a]["solos_won"], rows[a]["games_won"], rows[a]["games"]) == (12, 1, 5, 8)
    assert [r["player"] for r in t.json("tournament", "ranking")["ranking"]] == [a, c, b, d]
    assert fail(t, "tournament", "enter", "--tisch", "1", "--totals", f"{a}=0,{b}=0,{c}=0,{d}=0").startswith(
        "Error: Table 1 of round 1 has its totals entered already.")
    assert fail(t, "add", "--tisch", "1", "weiter").startswith("Error: Table 1 of round 1 has its paper totals")
    assert "Table 1 (4 players, paper totals)" in t.ok("tournament", "tables").stdout
    t.ok("check")


def test_a_list_line_is_split_only_at_newlines(tmp_path):
    t = tournament(tmp_path, EIGHT[:4], extra='games_per_round = 8\nseed = "l"')
    t.ok("tournament", "draw")
    text = "weiter\r\nweiter\rweiter\x0cweiter\nweiter\u2028weiter\x0bweiter\n"
    err = fail(t, "tournament", "enter", "--tisch", "1", "-", input=text)
    assert err.startswith("Error: line 3: ")  # the form feed, U+2028 and vertical tab join, not split
    assert t.json("tournament", "sheet", "--tisch", "1")["done"] == 0
    ok_in(t, "tournament", "enter", "--tisch", "1", "-", input="weiter\r\nweiter\rweiter\n")
    assert t.json("tournament", "sheet", "--tisch", "1")["done"] == 3


# -- 7. several days --------------------------------------------------------------------------------

def test_a_tournament_of_two_days_ranks_each_day_and_overall(tmp_path):
    t = tournament(tmp_path, EIGHT[:4])
    r = t.run("tournament", "new", "two.toml", "--players", ",".join(EIGHT[:4]), "--days", "2", "--rounds", "2",
              "--games", "1", "--language", "en")
    assert r.exit_code == 0, r.output
    from tests.conftest import Table

    two = Table(tmp_path / "two.toml")
    for _ in range(2):
        order = two.json("tournament", "draw")["tables"][0]["players"]
        ok_in(two, "tournament", "enter", "--tisch", "1", "-", input=f"herzsolo {order[0]} 80\n")
    day1, day2 = two.json("tournament", "ranking", "--day", "1"), two.json("tournament", "ranking", "--day", "2")
    overall = {r["player"]: r["points"] for r in two.json("tournament", "ranking")["ranking"]}
    one = {r["player"]: r["points"] for r in day1["ranking"]}
    other = {r["player"]: r["points"] for r in day2["ranking"]}
    assert {p: one[p] + other[p] for p in overall} == overall
    assert all(set(r["rounds"]) == {"1"} for r in day1["ranking"])
    assert "ranking of day 2" in two.ok("tournament", "ranking", "--day", "2").stdout
    assert fail(two, "tournament", "ranking", "--day", "3") == (
        "Error: There is no day 3: the tournament has 2.\nThe tournament has days 1 to 2.\n")
    one_day = tournament(tmp_path, EIGHT, extra='seed = "d"', language="de", name="eintag")
    one_day.ok("tournament", "draw")
    for args in (("ranking", "--day", "2"), ("prizes", "--day", "0")):  # (it said "die Tage 1 bis 1")
        assert one_day.refused("tournament", *args) == (
            f"Fehler: Einen Tag {args[-1]} gibt es nicht: das Turnier hat einen.\n"
            "Das Turnier hat einen Tag: lass --day weg.\n")


def test_a_day_s_prize_list_says_which_day_it_is_for(tmp_path):
    from tests.conftest import Table

    t = tournament(tmp_path, EIGHT[:4])
    t.ok("tournament", "new", "two.toml", "--players", ",".join(EIGHT[:4]), "--days", "2", "--rounds", "2",
         "--games", "1", "--language", "en")
    two = Table(tmp_path / "two.toml")
    for _ in range(2):
        order = two.json("tournament", "draw")["tables"][0]["players"]
        ok_in(two, "tournament", "enter", "--tisch", "1", "-", input=f"herzsolo {order[0]} 80\n")
    # the day's list to read out and to print is headed as the day's ranking is, the overall one as before
    assert two.ok("tournament", "prizes", "--day", "2").stdout.startswith("Preisschafkopf: prizes of day 2\n")
    two.ok("tournament", "prizes", "--day", "1", "--format", "html", "-o", "day1.html")
    page = (tmp_path / "day1.html").read_text(encoding="utf-8")
    assert "<title>Preisschafkopf: prizes of day 1</title>" in page and "<h1>Preisschafkopf: prizes of day 1</h1>" in page
    assert two.ok("tournament", "prizes").stdout.startswith("Preisschafkopf: prizes\n")
    # --json says its day and the day's last round (it said the latest round drawn, of any day)
    for args in (("ranking", "--day", "1"), ("prizes", "--day", "1")):
        got = two.json("tournament", *args)
        assert (got["day"], got["round"]) == (1, 1), args
    assert (two.json("tournament", "prizes", "--day", "2")["round"], two.json("tournament", "prizes")["round"]) == (2, 2)
    assert two.json("tournament", "ranking", "--day", "1", "--round", "2")["round"] == 2  # a round asked for is kept


def test_the_ranking_after_an_earlier_round_leaves_out_a_latecomer_who_joined_later(tmp_path):
    t = tournament(tmp_path, EIGHT[:4], extra='games_per_round = 1\nseed = "j"\nrounds = 2')
    t.ok("tournament", "draw")
    t.ok("tournament", "enter", "--tisch", "1", "--totals", "Anna=3,Ben=1,Cora=-1,Dora=-3")
    t.ok("tournament", "player", "add", "Emil")
    t.ok("tournament", "draw")
    after_one = t.json("tournament", "ranking", "--round", "1")["ranking"]
    # Emil plays from round 2: after round 1 he was no player of the ranking (not 3rd with 0 points)
    assert [(r["rank"], r["player"], r["points"]) for r in after_one] == [
        (1, "Anna", 3), (2, "Ben", 1), (3, "Cora", -1), (4, "Dora", -3)]
    assert "Emil" not in t.ok("tournament", "ranking", "--round", "1").stdout
    overall = {r["player"]: (r["rank"], r["points"], r["joined"]) for r in ranking(t).values()}
    assert overall["Emil"] == (3, 0, 2)  # the overall one lists him, marked from round 2


def test_a_ledger_made_before_tournament_events_gets_them_with_its_first_event(tmp_path):
    import sqlite3

    t = tournament(tmp_path, EIGHT[:4], extra='games_per_round = 1\nseed = "e"')
    t.ok("tournament", "draw")
    conn = sqlite3.connect(t.ledger_path)
    conn.execute("DROP TABLE tournament_events")  # as a schema-5 ledger of the release before
    conn.commit()
    conn.close()
    for args in (("tournament", "ranking"), ("tournament", "tables"), ("check",)):
        t.ok(*args)
    # a round named: its tables as drawn (no stand-ins recorded)
    assert t.json("tournament", "tables", "--round", "1") == t.json("tournament", "tables")
    t.ok("tournament", "sheet", "--tisch", "1", "--round", "1")
    t.ok("tournament", "player", "withdraw", "Anna")
    assert ranking(t)["Anna"]["withdrawn"] is True
    assert t.json("check")["problems"] == []
    conn = sqlite3.connect(t.ledger_path)
    names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")}
    conn.close()
    assert {"tournament_events_no_update", "tournament_events_no_delete"} <= names


# -- hostile: two organisers drawing at once --------------------------------------------------------

@pytest.mark.slow
def test_two_organisers_drawing_at_once_draw_one_round(tmp_path):
    t = tournament(tmp_path, EIGHT, extra='games_per_round = 4\nseed = "x"')
    env = {**os.environ, "PYTHONPATH": os.environ.get("PYTHONPATH", "")}
    cmd = [sys.executable, "-m", "schafkopf_score", "--table", str(t.path), "tournament", "draw", "--json"]
    procs = [subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path)
             for _ in range(2)]
    results = [p.communicate(timeout=60) + (p.returncode,) for p in procs]
    codes = sorted(r[2] for r in results)
    assert codes == [0, 2], results
    won = next(r for r in results if r[2] == 0)
    lost = next(r for r in results if r[2] == 2)
    assert json.loads(won[0])["round"] == 1
    assert lost[1].startswith("Error: Round 1 is not finished: table 1 has 0 of 4 games")
    assert len(t.json("tournament", "tables")["tables"]) == 2
    t.ok("check")


def test_export_and_import_carry_the_events_and_a_forged_event_is_refused(tmp_path):
    t = tournament(tmp_path, EIGHT[:5], extra='games_per_round = 4\nseed = "i"\nrounds = 2', points="cap = 10")
    seats = t.json("tournament", "draw")["tables"][0]["players"]
    t.ok("add", "--tisch", "1", "herzsolo", seats[1][:3], "80")
    t.ok("tournament", "player", "withdraw", seats[2])
    t.ok("tournament", "player", "add", "Xaver")
    t.ok("export", "--format", "json", "--out", str(tmp_path / "t.json"))
    before = t.json("tournament", "ranking")
    moved = tournament(tmp_path, EIGHT[:5], extra='games_per_round = 4\nseed = "i"\nrounds = 2', points="cap = 10",
                       name="moved")
    moved.ok("import", str(tmp_path / "t.json"))
    assert moved.json("tournament", "ranking") == before
    assert moved.json("tournament", "tables") == t.json("tournament", "tables")
    text = (tmp_path / "t.json").read_text(encoding="utf-8")
    forged = text.replace('"standins": []', '"standins": "' + seats[0] + '"', 1)
    assert forged != text
    (tmp_path / "f.json").write_text(forged, encoding="utf-8")
    victim = tournament(tmp_path, EIGHT[:5], extra='games_per_round = 4\nseed = "i"\nrounds = 2', name="victim")
    err = victim.refused("import", str(tmp_path / "f.json"))
    assert err.startswith("Error: ") and "Traceback" not in err


@pytest.mark.slow
def test_a_postgresql_ledger_made_before_tournament_events_gets_them_with_its_guards(tmp_path, pg_url):
    import psycopg

    t = tournament(tmp_path, EIGHT[:4], extra='games_per_round = 1\nseed = "e"')
    t.path.write_text(f'ledger = "{pg_url}"\n' + t.path.read_text(encoding="utf-8"), encoding="utf-8")
    t.ok("tournament", "draw")
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("DROP TABLE tournament_events")  # as a ledger of the release before
    t.ok("tournament", "ranking")
    t.ok("tournament", "player", "withdraw", "Anna", "--reason", "ill")
    assert ranking(t)["Anna"]["withdrawn"] is True
    assert t.json("check")["problems"] == []
    with psycopg.connect(pg_url, autocommit=True) as conn:
        try:
            conn.execute("UPDATE tournament_events SET name = 'Ben'")
        except psycopg.Error as exc:
            assert "append-only" in str(exc)
        else:
            raise AssertionError("tournament_events took an UPDATE")


def test_score_sheets_qr_carries_the_tables_server_code_once_serve_made_them(tmp_path):
    """RULES §10: the QR code leads to that table's page on the table server; once ``serve``
    made the codes, it carries the table's own code (a phone that scans it is that table).
    The sheets never make codes themselves."""
    pytest.importorskip("segno")
    from schafkopf_score.export.sheets import qr_svg

    t = tournament(tmp_path, EIGHT, extra='games_per_round = 4\nseed = "q"')
    t.ok("tournament", "draw")
    before = t.ok("tournament", "sheets", "--url-base", "http://127.0.0.1:8765").stdout
    assert not (tmp_path / "cup.serve-codes.json").exists()
    assert qr_svg("http://127.0.0.1:8765/tisch/1") in before
    lines = t.ok("serve", "--codes").stdout
    code = next(line.split("?k=")[1].strip() for line in lines.splitlines() if line.startswith("tisch 1: "))
    after = t.ok("tournament", "sheets", "--url-base", "http://127.0.0.1:8765").stdout
    assert qr_svg(f"http://127.0.0.1:8765/tisch/1?k={code}") in after
    assert "http://127.0.0.1:8765/tisch/1</div>" in after and code not in after.replace(qr_svg(
        f"http://127.0.0.1:8765/tisch/1?k={code}"), "")  # the printed address without the code
