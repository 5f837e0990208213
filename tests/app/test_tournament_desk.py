"""The tournament desk (issue 36, RULES §10 "The desk"), through the command line: paper totals
corrected (replaced, voided) as recorded events, the ranking provisional until every table is
in, the organiser's standing constraints on every later draw, a round drawn again and two
players swapped, start numbers and names by surname, paper tables shown as such, the lists for
the hall, the money of the day (entry fee, pool, shares, ties explained) and the smaller items.
Every figure is worked by hand in the comments."""

import json

import pytest

from tests.app.test_tournament import fail, tournament
from tests.app.test_tournament_day import ok_in, ranking

EIGHT = ["Anna", "Ben", "Cora", "Dora", "Emil", "Fritz", "Gabi", "Hans"]
NAMES = ["Anna", "Ben", "Cora", "Dora", "Stefan Wolf", "Stefan Schröder", "Josef Huber", "Max"]


def tables(t, *args):
    return {x["tisch"]: x for x in t.json("tournament", "tables", *args)["tables"]}


def totals_of(players, values):
    return ",".join(f"{p}={v}" for p, v in zip(players, values, strict=True))


# -- 1. paper totals corrected ----------------------------------------------------------------------

def test_a_swapped_pair_of_paper_totals_is_replaced_with_its_reason_and_the_original_kept(tmp_path):
    t = tournament(tmp_path, EIGHT[:4], extra='games_per_round = 8\nrounds = 2\nseed = "t"')
    t.ok("tournament", "draw")
    a, b, c, d = tables(t)[1]["players"]
    # the paper says a +12, b -4, c -3, d -5; the desk typed b and d swapped: it still sums to zero
    wrong = t.ok("tournament", "enter", "--tisch", "1", "--totals", totals_of((a, b, c, d), (12, -5, -3, -4)),
                 "--solos", f"{a}=1", "--won", f"{a}=5,{b}=3")
    assert wrong.stdout.startswith("Table 1 of round 1: the paper totals are entered.")
    assert (ranking(t)[b]["points"], ranking(t)[d]["points"]) == (-5, -4)
    # the hand commands cannot reach it: they point to --replace
    for args in (("undo", "--tisch", "1"), ("void", "1", "--tisch", "1"), ("edit", "1", "--tisch", "1", "k")):
        before = t.ledger_bytes()
        assert fail(t, *args) == (
            f"Error: Table 1 of round 1 handed in paper totals, not hands: {args[0]} has nothing to correct there.\n"
            "Correct its totals: schafkopf tournament enter --tisch 1 --totals ... --replace --reason R "
            "(or --void-totals).\n")
        assert t.ledger_bytes() == before
    assert fail(t, "tournament", "enter", "--tisch", "1", "--totals", totals_of((a, b, c, d), (12, -4, -3, -5))
                ).startswith("Error: Table 1 of round 1 has its totals entered already.\n"
                             "Wrong totals are corrected with schafkopf tournament enter --tisch 1 --round 1 --totals")
    # replaced: the same checks as a first entry (zero sum), then recorded with the reason
    assert fail(t, "tournament", "enter", "--tisch", "1", "--totals", totals_of((a, b, c, d), (12, -4, -3, -4)),
                "--replace", "--reason", "x").startswith("Error: The totals sum to +1, not to zero")
    r = t.ok("tournament", "enter", "--tisch", "1", "--totals", totals_of((a, b, c, d), (12, -4, -3, -5)),
             "--solos", f"{a}=1", "--won", f"{a}=5,{b}=3", "--replace", "--reason", "b and d swapped")
    assert r.stdout == ("Table 1 of round 1: the paper totals are replaced (the earlier ones are kept).\n"
                        f"{a} +12, {b} -4, {c} -3, {d} -5\n")
    rows = ranking(t)
    assert {p: rows[p]["points"] for p in (a, b, c, d)} == {a: 12, b: -4, c: -3, d: -5}
    assert (rows[a]["solos_won"], rows[a]["games_won"], rows[b]["games_won"]) == (1, 5, 3)
    # the same totals again: nothing to replace them with
    assert fail(t, "tournament", "enter", "--tisch", "1", "--totals", totals_of((a, b, c, d), (12, -4, -3, -5)),
                "--solos", f"{a}=1", "--won", f"{a}=5,{b}=3", "--replace") == (
        "Error: These are the totals table 1 of round 1 has already.\n"
        "Nothing was recorded: see them with schafkopf tournament sheet --tisch 1 --round 1.\n")  # (was --tisch N)
    # nor with the same written otherwise: a 0 named is what a name left out says
    assert t.refused("tournament", "enter", "--tisch", "1", "--totals", totals_of((a, b, c, d), (12, -4, -3, -5)),
                     "--solos", f"{a}=1,{b}=0", "--won", f"{a}=5,{b}=3,{c}=0", "--replace", "--reason", "y").startswith(
        "Error: These are the totals table 1 of round 1 has already.")
    # the sheet shows the totals and their history; the ranking names the correction
    sheet = t.json("tournament", "sheet", "--tisch", "1")
    assert sheet["paper"] == {"totals": {a: 12, b: -4, c: -3, d: -5}, "solos": {a: 1}, "won": {a: 5, b: 3}}
    assert sheet["balances"] == {a: 12, b: -4, c: -3, d: -5}
    assert [(h["kind"], h["reason"], h["totals"][b]) for h in sheet["history"]] == [
        ("entered", "", -5), ("replaced", "b and d swapped", -4)]
    text = t.ok("tournament", "sheet", "--tisch", "1").stdout
    assert text.splitlines()[0] == "Table 1, round 1: paper totals"
    assert "replaced by" in text and "(why: b and d swapped)" in text
    data = t.json("tournament", "ranking")
    assert [(c_["kind"], c_["tisch"], c_["reason"]) for c_ in data["corrections"]] == [
        ("replaced", 1, "b and d swapped")]
    assert "Corrections of paper totals:" in t.ok("tournament", "ranking").stdout
    # the export keeps both events; the import reads them back and check accepts them
    t.ok("check")
    t.ok("export", "--format", "json", "--out", "e.json")
    dump = json.loads((tmp_path / "e.json").read_text(encoding="utf-8"))
    kinds = [e["kind"] for e in dump["tournament_events"]]
    assert kinds.count("totals") == 1 and kinds.count("totals_replace") == 1
    twin = tournament(tmp_path, EIGHT[:4], extra='games_per_round = 8\nrounds = 2\nseed = "t"', name="twin")
    twin.ok("import", str(tmp_path / "e.json"))
    twin.ok("check")
    assert twin.json("tournament", "ranking")["ranking"] == t.json("tournament", "ranking")["ranking"]
    assert twin.json("tournament", "sheet", "--tisch", "1")["history"] == sheet["history"]


def test_paper_totals_voided_let_the_table_enter_its_hands_and_an_earlier_round_is_corrected(tmp_path):
    t = tournament(tmp_path, EIGHT[:4], extra='games_per_round = 2\nrounds = 2\nseed = "v"')
    t.ok("tournament", "draw")
    a, b, c, d = tables(t)[1]["players"]
    assert fail(t, "tournament", "enter", "--tisch", "1", "--void-totals").startswith(
        "Error: Table 1 of round 1 has no paper totals to void.")
    assert fail(t, "tournament", "enter", "--tisch", "1", "--totals", totals_of((a, b, c, d), (1, -1, 0, 0)),
                "--replace").startswith("Error: Table 1 of round 1 has no paper totals to replace.")
    r = t.run("tournament", "enter", "--tisch", "1", "--totals", totals_of((a, b, c, d), (1, -1, 0, 0)))
    # without --solos and --won: accepted, with a warning (every tie there goes to the lot)
    assert r.exit_code == 0 and r.stderr == (
        "Warning: No --solos/--won given: every tie of these players at this table goes to the lot.\n")
    assert t.json("tournament", "sheet", "--tisch", "1")["paper"]["totals"] == {a: 1, b: -1, c: 0, d: 0}
    r = t.ok("tournament", "enter", "--tisch", "1", "--void-totals", "--reason", "wrong table's list")
    assert r.stdout.startswith("Table 1 of round 1: the paper totals are voided (kept in the ledger)")
    assert t.json("tournament", "tables")["tables"][0]["paper"] is None
    # now the table enters its hands: a Sauspiel a+b 72 (+1 each) and an Herz-Solo of c won (+15, -5 each)
    ok_in(t, "tournament", "enter", "--tisch", "1", "-", input=f"sau {a} {b} 72\nherzsolo {c} 61\n")
    rows = ranking(t)
    assert {p: rows[p]["points"] for p in (a, b, c, d)} == {a: 1 - 5, b: 1 - 5, c: -1 + 15, d: -1 - 5}
    # round 2, then round 1's table corrected after all: its hands are voided first, totals then
    t.ok("tournament", "draw")
    t.ok("undo", "--tisch", "1", "--round", "1")
    t.ok("undo", "--tisch", "1", "--round", "1")
    t.ok("tournament", "enter", "--tisch", "1", "--round", "1", "--totals", totals_of((a, b, c, d), (2, -2, 0, 0)),
         "--won", f"{a}=1,{b}=0")
    assert ranking(t, "--round", "1")[a]["points"] == 2
    # without --round, the latest round's table 1 is meant: it has no totals to replace
    assert fail(t, "tournament", "enter", "--tisch", "1", "--totals", totals_of(tables(t)[1]["players"], (0, 0, 0, 0)),
                "--replace").startswith("Error: Table 1 of round 2 has no paper totals to replace.")
    t.ok("tournament", "enter", "--tisch", "1", "--round", "1", "--totals", totals_of((a, b, c, d), (0, 0, 0, 0)),
         "--replace", "--reason", "a draw at the table")
    assert ranking(t, "--round", "1")[a]["points"] == 0
    history = t.json("tournament", "sheet", "--tisch", "1", "--round", "1")["history"]
    assert [h["kind"] for h in history] == ["entered", "voided", "entered", "replaced"]
    t.ok("check")


def test_the_desk_adds_a_late_game_of_an_earlier_round_with_add_round(tmp_path):
    # the server's refusal of a line typed for a round that is over names
    # "schafkopf add --tisch N --round R LINE": add takes --round as undo, void and edit do
    t = tournament(tmp_path, EIGHT[:4], extra='games_per_round = 2\nrounds = 2\nseed = "v"')
    t.ok("tournament", "draw")
    a, b, c, d = tables(t)[1]["players"]
    t.ok("add", "--tisch", "1", "sau", a, b, "72")
    t.ok("tournament", "draw", "--force")
    added = t.json("add", "--tisch", "1", "--round", "1", "herzsolo", c, "61")
    assert (added["round"], added["tisch"], added["hand"]) == (1, 1, 2)
    assert [h["hand"] for h in t.json("tournament", "sheet", "--tisch", "1", "--round", "1")["hands"]] == [1, 2]
    assert t.json("tournament", "sheet", "--tisch", "1")["hands"] == []  # round 2's table: nothing
    assert fail(t, "add", "--tisch", "1", "--round", "1", "wenz", d, "61").startswith(
        "Error: Table 1 has played all its 2 games of round 1.")
    assert fail(t, "add", "--tisch", "1", "--round", "3", "wenz", d, "61").startswith("Error: There is no round 3")
    t.ok("check")


# -- 2. provisional until complete ------------------------------------------------------------------

def test_the_ranking_is_provisional_until_every_table_of_every_round_is_in(tmp_path):
    t = tournament(tmp_path, EIGHT, extra='games_per_round = 1\nrounds = 2\nseed = "p"',
                   points="", rules="")
    t.path.write_text(t.path.read_text(encoding="utf-8") + '\n[prizes]\nplaces = ["20 €"]\n', encoding="utf-8")
    t.ok("tournament", "draw")
    data = t.json("tournament", "ranking")
    assert (data["complete"], data["missing"], data["undrawn"]) == (
        False, [{"round": 1, "tisch": 1}, {"round": 1, "tisch": 2}], [2])
    assert data["status"] == "provisional - tables 1 and 2 (round 1) missing; after round 1 of 2"
    t.ok("add", "--tisch", "1", "weiter")
    assert t.ok("tournament", "ranking").stdout.splitlines()[:2] == [
        "Cup: ranking after round 1", "provisional - table 2 (round 1) missing; after round 1 of 2"]
    before = t.ledger_bytes()
    assert fail(t, "tournament", "prizes") == (
        "Error: The ranking is not final yet: table 2 (round 1) missing; after round 1 of 2.\n"
        "Enter what is missing, or print a provisional list: schafkopf tournament prizes --provisional.\n")
    assert t.ledger_bytes() == before
    marked = t.ok("tournament", "prizes", "--provisional").stdout.splitlines()
    assert marked[:2] == ["Cup: prizes", "provisional - table 2 (round 1) missing; after round 1 of 2"]
    assert t.json("tournament", "prizes", "--provisional")["provisional"] is True
    t.ok("add", "--tisch", "2", "weiter")
    # round 1 in, round 2 not drawn: "after round 1 of 2" (and --round 1 is complete)
    assert t.json("tournament", "ranking")["status"] == "provisional - after round 1 of 2"
    assert t.json("tournament", "ranking", "--round", "1")["complete"] is True
    # a late table: round 2 drawn with --force before table 2 played, in German too
    t.ok("tournament", "draw")
    t.ok("add", "--tisch", "1", "weiter")
    assert t.json("tournament", "ranking")["missing"] == [{"round": 2, "tisch": 2}]
    t.path.write_text(t.path.read_text(encoding="utf-8").replace('language = "en"', 'language = "de"'),
                      encoding="utf-8")
    assert t.json("tournament", "ranking")["status"] == "vorläufig - Tisch 2 (Runde 2) fehlt"
    assert t.json("tournament", "tables")["status"] == "vorläufig - Tisch 2 (Runde 2) fehlt"
    t.ok("add", "--tisch", "2", "weiter")
    data = t.json("tournament", "ranking")
    assert (data["complete"], data["missing"], data["undrawn"], data["status"]) == (True, [], [], None)
    assert t.json("tournament", "prizes")["provisional"] is False
    assert "vorläufig" not in t.ok("tournament", "ranking").stdout


# -- 3. constraints for the day ---------------------------------------------------------------------

def test_fixed_and_apart_hold_for_every_later_draw_until_removed(tmp_path):
    t = tournament(tmp_path, EIGHT, extra='games_per_round = 1\nrounds = 4\nseed = "c"')
    r = t.ok("tournament", "fix", "Hans", "2")
    assert r.stdout == "Hans sits at table 2 in every later draw (until tournament fix Hans --remove).\n"
    # by start number: 1 is Anna, #2 Ben (the file's order)
    assert t.ok("tournament", "apart", "1", "#2").stdout.startswith("Anna and Ben are kept apart in every later draw")
    for round_no in (1, 2):
        out = t.ok("tournament", "draw").stdout
        assert "Fixed: Hans at table 2 (for the day)" in out and "Kept apart: Anna and Ben (for the day)" in out
        seated = tables(t)
        assert "Hans" in seated[2]["players"], round_no
        assert not {"Anna", "Ben"} <= set(seated[1]["players"]) and not {"Anna", "Ben"} <= set(seated[2]["players"])
        for tisch in (1, 2):
            t.ok("add", "--tisch", str(tisch), "weiter")
        if round_no == 2:
            t.ok("tournament", "fix", "Hans", "--remove")
            t.ok("tournament", "apart", "Ben", "Anna", "--remove")
            assert t.json("tournament", "fix", "Cora", "1")["standing"] == {"fixed": {"Cora": 1}, "apart": []}
    out = t.ok("tournament", "draw").stdout
    assert "Hans at table" not in out and "Kept apart" not in out and "Fixed: Cora at table 1 (for the day)" in out
    assert fail(t, "tournament", "fix", "Zed", "1").startswith("Error: 'Zed' is not registered in this tournament.")
    assert fail(t, "tournament", "fix", "Anna", "3") == (
        "Error: Table 3 does not exist: the next draw has tables 1 to 2.\n"
        "Write tournament fix NAME TABLE (a registered player, a table of the next draw).\n")
    assert fail(t, "tournament", "fix", "Anna", "--remove").startswith("Error: Anna is not fixed to a table.")
    assert fail(t, "tournament", "apart", "Anna", "anna").startswith("Error: tournament apart names Anna twice.")
    assert fail(t, "tournament", "fix", "#99", "1").startswith("Error: No player has start number 99")


def test_a_pair_the_draw_cannot_part_is_refused_not_said_to_be_kept_apart(tmp_path):
    # five players sit at one table of five: no draw parts Anna and Ben. The draw used to seat
    # them together and print "Kept apart: Anna and Ben (this round)".
    t = tournament(tmp_path, EIGHT[:5], extra='games_per_round = 1\nrounds = 2\nseed = "a"')
    said = ("Error: Round 1 cannot keep Anna and Ben apart: the draw seats them both at table 1 (of 1); "
            "nothing was drawn.\n"
            "Draw without --apart Anna,Ben, or take the pair away for the day: schafkopf tournament apart Anna Ben "
            "--remove (or free a seat fixed with tournament fix NAME --remove).\n")
    assert fail(t, "tournament", "draw", "--apart", "Anna,Ben") == said
    assert not (tmp_path / "cup.sqlite").exists()  # refused before anything was recorded: no ledger
    t.ok("tournament", "apart", "Anna", "Ben")
    before = (tmp_path / "cup.sqlite").read_bytes()
    assert fail(t, "tournament", "draw") == said
    assert (tmp_path / "cup.sqlite").read_bytes() == before
    t.ok("tournament", "apart", "Anna", "Ben", "--remove")
    assert "Kept apart" not in t.ok("tournament", "draw").stdout
    # eight at two tables: Anna fixed to 1, Cora to 2, Ben apart from both has no table left
    t = tournament(tmp_path, EIGHT, extra='games_per_round = 1\nrounds = 2\nseed = "b"', name="two")
    t.ok("tournament", "fix", "Anna", "1")
    t.ok("tournament", "fix", "Cora", "2")
    t.ok("tournament", "apart", "Anna", "Ben")
    before = (tmp_path / "two.sqlite").read_bytes()
    err = fail(t, "tournament", "draw", "--apart", "Ben,Cora")
    assert err.startswith("Error: Round 1 cannot keep ") and "nothing was drawn" in err, err
    assert (tmp_path / "two.sqlite").read_bytes() == before
    # a redraw is held to the same: drawn with Ben apart from Anna only, then Ben and Cora parted too
    t.ok("tournament", "draw")
    t.ok("tournament", "apart", "Ben", "Cora")
    err = fail(t, "tournament", "draw", "--redo", "--reason", "lot")
    assert err.startswith("Error: Round 1 cannot keep ") and "nothing was drawn" in err, err
    seated = tables(t)
    assert "Anna" in seated[1]["players"] and "Cora" in seated[2]["players"]
    assert not {"Anna", "Ben"} <= set(seated[1]["players"])


def test_a_withdrawn_player_named_in_fix_apart_or_a_draw_is_said_to_have_withdrawn(tmp_path):
    # he is registered (player add refuses his name, withdraw says "already"): "not registered"
    # contradicted both
    t = tournament(tmp_path, [*EIGHT, "Ida"], extra='games_per_round = 2\nrounds = 2\nseed = "w"')
    name, other = EIGHT[0], EIGHT[1]
    t.ok("tournament", "player", "withdraw", name, "--reason", "train")
    said = f"Error: {name} has withdrawn and is not drawn again.\n"
    for args in (["fix", name, "1"], ["fix", name.lower(), "1", "--remove"], ["apart", other, name],
                 ["draw", "--fix", f"{name}=1"], ["draw", "--apart", f"{name},{other}"]):
        assert fail(t, "tournament", *args).startswith(said), args
    assert fail(t, "tournament", "fix", "Nobody", "1").startswith("Error: 'Nobody' is not registered")
    assert name not in [p for x in t.json("tournament", "draw")["tables"] for p in x["players"]]


@pytest.mark.parametrize("args, said", [
    (["swap", "Anna", "Ben"], "Error: No round has been drawn yet."),
    (["draw", "--redo", "--reason", "x"], "Error: No round has been drawn yet."),
    (["fix", "Zed", "1"], "Error: 'Zed' is not registered"),
    (["fix", "Anna", "9"], "Error: Table 9 does not exist"),
    (["apart", "Anna", "Zed"], "Error: 'Zed' is not registered"),
    (["player", "add", "k"], "Error: This name would be misread"),
])
def test_a_desk_command_refused_before_anything_was_recorded_makes_no_ledger(tmp_path, args, said):
    # as at a table: a refusal writes nothing, not even an empty ledger (swap said "There is no
    # ledger yet. Record a game with schafkopf add first", which a tournament refuses before a draw)
    t = tournament(tmp_path, EIGHT, extra='games_per_round = 2\nrounds = 2')
    assert fail(t, "tournament", *args).startswith(said)
    assert not t.ledger_path.exists()


def test_a_round_drawn_with_a_one_round_fix_says_which_hold_for_the_day(tmp_path):
    t = tournament(tmp_path, EIGHT, extra='games_per_round = 1\nrounds = 2\nseed = "o"')
    t.ok("tournament", "apart", "Cora", "Dora")
    drawn = t.json("tournament", "draw", "--fix", "Gabi=1")
    assert drawn["honoured"] == {"fixed": [{"player": "Gabi", "tisch": 1, "standing": False}],
                                 "apart": [{"players": ["Cora", "Dora"], "standing": True}]}
    assert "Gabi" in drawn["tables"][0]["players"]


# -- 4. a round drawn again, two players swapped -----------------------------------------------------

def test_a_wrong_draw_is_redone_and_two_players_swapped_before_their_tables_enter(tmp_path):
    t = tournament(tmp_path, EIGHT, extra='games_per_round = 2\nrounds = 2\nseed = "r"')
    first = t.json("tournament", "draw")
    r = t.ok("tournament", "draw", "--redo", "--reason", "Hans was at the bar")
    assert r.stdout.startswith("Round 1 drawn again: 2 tables, at random (seed r/1).")
    again = {x["tisch"]: x["players"] for x in t.json("tournament", "tables")["tables"]}
    assert again != {x["tisch"]: x["players"] for x in first["tables"]}
    assert sorted(p for ps in again.values() for p in ps) == sorted(EIGHT)
    # the sessions stay: a table's number, its session, its games
    assert [x["session"] for x in t.json("tournament", "tables")["tables"]] == [x["session"] for x in first["tables"]]
    a, b = again[1][0], again[2][0]
    r = t.ok("tournament", "swap", a, b, "--reason", "wrong table")
    assert r.stdout.splitlines()[0] == f"{a} and {b} have changed seats in round 1:"
    seated = tables(t)
    assert seated[1]["players"] == [b, *again[1][1:]] and seated[2]["players"] == [a, *again[2][1:]]
    # every read follows: a hand at table 1 names b, a is refused there as seated at table 2
    t.ok("add", "--tisch", "1", "sau", b, seated[1]["players"][1], "72")
    assert fail(t, "add", "--tisch", "1", "sau", a, b, "72").startswith(
        f"Error: {a} does not play at table 1 in round 1: {a} sits at table 2.")
    assert t.json("tournament", "sheet", "--tisch", "1")["players"] == seated[1]["players"]
    assert ranking(t)[b]["games"] == 1 and ranking(t)[a]["games"] == 0
    # once a table has entered anything, neither a redo nor a swap at it
    before = t.ledger_bytes()
    assert fail(t, "tournament", "draw", "--redo") == (
        "Error: Round 1 cannot be seated anew: its tables have begun to enter (table 1).\n"
        "Correct the entries at the table instead (undo, void, edit, or --replace for totals).\n")
    assert fail(t, "tournament", "swap", b, a).startswith("Error: Round 1 cannot be seated anew")
    t.ok("undo", "--tisch", "1")  # a voided hand was entered all the same
    assert fail(t, "tournament", "swap", b, a).startswith("Error: Round 1 cannot be seated anew")
    assert t.ledger_bytes() != before  # (the undo)
    # two at table 2, which has entered nothing, may still change seats
    c, d = seated[2]["players"][1], seated[2]["players"][2]
    t.ok("tournament", "swap", c, d)
    assert tables(t)[2]["players"][1:3] == [d, c]
    assert fail(t, "tournament", "swap", c, c).startswith(f"Error: tournament swap names {c} twice.")
    t.ok("check")
    # the export keeps the draw as drawn and every reseating: the import seats as the ledger does
    t.ok("add", "--tisch", "2", "weiter")
    t.ok("export", "--format", "json", "--out", "e.json")
    dump = json.loads((tmp_path / "e.json").read_text(encoding="utf-8"))
    assert [r["players"] for r in dump["rounds"][0]["tables"]] == [x["players"] for x in first["tables"]]
    assert [e["data"]["how"] for e in dump["tournament_events"] if e["kind"] == "reseat"] == ["redo", "swap", "swap"]
    twin = tournament(tmp_path, EIGHT, extra='games_per_round = 2\nrounds = 2\nseed = "r"', name="twin")
    twin.ok("import", str(tmp_path / "e.json"))
    twin.ok("check")
    assert [x["players"] for x in twin.json("tournament", "tables")["tables"]] == [
        x["players"] for x in t.json("tournament", "tables")["tables"]]


def test_a_redraw_honours_the_constraints_and_a_swap_names_who_does_not_play(tmp_path):
    t = tournament(tmp_path, EIGHT, extra='games_per_round = 1\nrounds = 2\nseed = "h"')
    t.ok("tournament", "draw")
    t.ok("tournament", "fix", "Emil", "1")
    t.ok("tournament", "apart", "Emil", "Fritz")
    drawn = t.json("tournament", "draw", "--redo")
    assert drawn["redo"] and "Emil" in drawn["tables"][0]["players"] and "Fritz" in drawn["tables"][1]["players"]
    t.ok("tournament", "player", "add", "Xaver")  # registered now: plays from round 2 on
    assert fail(t, "tournament", "swap", "Xaver", "Emil") == (
        "Error: Xaver does not play in round 1.\n"
        "Write tournament swap A B (two players of the current round: a name, part of it, or the start number).\n")
    assert fail(t, "tournament", "draw", "--redo", "--force").startswith("Error: --redo draws the current round")


def test_a_redraw_leaves_out_a_player_withdrawn_since_the_draw_at_the_round_s_tables(tmp_path):
    # nine at tables of 5 and 4; Ida withdraws before either table enters: eight at two tables of four
    t = tournament(tmp_path, [*EIGHT, "Ida"], extra='games_per_round = 2\nrounds = 2\nseed = "x"')
    first = t.json("tournament", "draw")
    assert [len(x["players"]) for x in first["tables"]] == [5, 4]
    t.ok("tournament", "player", "withdraw", "Ida", "--reason", "train")
    r = t.ok("tournament", "draw", "--redo", "--reason", "Ida left")
    assert r.stdout.startswith("Round 1 drawn again: 2 tables, at random (seed x/1).")
    again = t.json("tournament", "tables")["tables"]
    assert [len(x["players"]) for x in again] == [4, 4]
    assert sorted(p for x in again for p in x["players"]) == sorted(EIGHT)
    assert [x["session"] for x in again] == [x["session"] for x in first["tables"]]
    assert all(x["games"] == 2 and not x["standins"] for x in again)  # a table of five played 10 (2 x 5 / 4 -> 5)
    # a second redo seats the same eight; the ranking keeps Ida, withdrawn; the check accepts it all
    assert sorted(p for x in t.json("tournament", "draw", "--redo")["tables"] for p in x["players"]) == sorted(EIGHT)
    assert ranking(t)["Ida"]["withdrawn"] is True
    t.ok("check")


def test_a_redraw_after_a_withdrawal_seats_a_stand_in_where_the_file_says_so(tmp_path):
    # eight at two tables of four; Hans withdraws: seven, and short_tables = "standin" fills the
    # first table with a stand-in (as a draw of seven would); a swap and a later redo keep him one
    t = tournament(tmp_path, EIGHT, extra='games_per_round = 2\nrounds = 2\nseed = "s"\nshort_tables = "standin"')
    t.ok("tournament", "draw")
    t.ok("tournament", "player", "withdraw", "Hans")
    drawn = t.json("tournament", "draw", "--redo")
    assert [(len(x["players"]), x["standins"]) for x in drawn["tables"]] == [(4, ["Stand-in 1"]), (4, [])]
    assert drawn["tables"][0]["players"][-1] == "Stand-in 1"
    seated = tables(t)
    assert seated[1]["standins"] == ["Stand-in 1"] and "Hans" not in seated[1]["players"] + seated[2]["players"]
    a, b = seated[1]["players"][0], seated[2]["players"][0]
    t.ok("tournament", "swap", a, b)
    assert tables(t)[1]["standins"] == ["Stand-in 1"]
    assert t.json("tournament", "draw", "--redo")["tables"][0]["standins"] == ["Stand-in 1"]
    assert tables(t)[1]["standins"] == ["Stand-in 1"]
    assert "Stand-in 1" not in ranking(t)
    t.ok("check")
    # the export keeps the stand-in of the redo: the import seats and ranks as the ledger does
    t.ok("export", "--format", "json", "--out", "e.json")
    twin = tournament(tmp_path, EIGHT, extra='games_per_round = 2\nrounds = 2\nseed = "s"\nshort_tables = "standin"',
                      name="twin")
    twin.ok("import", str(tmp_path / "e.json"))
    assert twin.json("tournament", "tables") == t.json("tournament", "tables")


@pytest.mark.parametrize("withdrawn, said, hint", [
    # seven cannot be seated at tables of four and five without short_tables
    (["Hans"], "Error: Round 1 cannot be drawn again without Hans, who withdrew after its draw: the 7 players left "
               "cannot be seated at its 2 tables of four and five.\n",
     'Nothing was drawn. Set short_tables = "standin" (unranked stand-ins fill tables of four) or short_tables = '
     '"three" (a table of three) in [tournament] and write schafkopf tournament draw --redo again, or let the round '
     'play as drawn (a table plays on as it sat, with the seat of who withdrew).\n'),
    # five make one table, not the round's two
    (["Cora", "Anna", "Ben"], "Error: Round 1 cannot be drawn again without Anna, Ben and Cora, who withdrew after "
                              "its draw: the 5 players left are too few for its 2 tables.\n",
     "Nothing was drawn. Let the round play as drawn (a table plays on as it sat, with the seat of who withdrew), "
     "or move players with schafkopf tournament swap A B.\n"),
])
def test_a_redraw_that_cannot_seat_the_rest_at_the_round_s_tables_is_refused(tmp_path, withdrawn, said, hint):
    t = tournament(tmp_path, EIGHT, extra='games_per_round = 2\nrounds = 2\nseed = "f"')
    t.ok("tournament", "draw")
    for name in withdrawn:
        t.ok("tournament", "player", "withdraw", name)
    seated, before = tables(t), t.ledger_bytes()
    assert fail(t, "tournament", "draw", "--redo", "--reason", "lot") == said + hint
    assert t.ledger_bytes() == before and tables(t) == seated


def test_a_redraw_of_one_table_with_too_few_left_is_refused(tmp_path):
    t = tournament(tmp_path, EIGHT[:5], extra='games_per_round = 2\nrounds = 2\nseed = "o"')
    t.ok("tournament", "draw")
    t.ok("tournament", "player", "withdraw", "Emil")
    t.ok("tournament", "draw", "--redo")  # four: still one table
    t.ok("tournament", "player", "withdraw", "Dora")
    before = t.ledger_bytes()
    assert fail(t, "tournament", "draw", "--redo").startswith(
        "Error: Round 1 cannot be drawn again without Dora, who withdrew after its draw: the 3 players left cannot "
        "make a table (a table needs at least 4).\nNothing was drawn.")
    assert t.ledger_bytes() == before


# -- 5. start numbers and names ---------------------------------------------------------------------

def test_start_numbers_are_shown_everywhere_and_name_a_player_anywhere(tmp_path):
    t = tournament(tmp_path, NAMES, extra='games_per_round = 4\nrounds = 1\nseed = "n"')
    t.ok("tournament", "player", "add", "Xaver")
    assert t.json("tournament", "player", "add", "Yvonne")["number"] == 10
    t.ok("tournament", "player", "withdraw", "9")  # Xaver, by his number
    drawn = t.json("tournament", "draw")
    number = {p: i for i, p in enumerate([*NAMES, "Xaver", "Yvonne"], 1)}
    for x in drawn["tables"]:
        assert x["numbers"] == [number.get(p, 10) for p in x["players"]]
    assert f"#{number[drawn['tables'][0]['players'][0]]} {drawn['tables'][0]['players'][0]}" in t.ok(
        "tournament", "tables").stdout
    t1 = tables(t)[1]["players"]  # a table of five: its first dealer, seat 1, sits out the first hand
    n = [number.get(p, 10) for p in t1]
    # a hand names players by #N (a bare number is the Augen): "sau #b #c 72"
    got = t.json("add", "--tisch", "1", "sau", f"#{n[1]}", f"#{n[2]}", "72")
    assert {k: v for k, v in got["payouts"].items() if v} == {t1[1]: 1, t1[2]: 1, t1[3]: -1, t1[4]: -1}
    # a list line too; "#" before a digit is a number, "# " begins a comment (seat 2 deals: seat 3 on play)
    r = ok_in(t, "tournament", "enter", "--tisch", "1", "-",
              input=f"sau #{n[2]} #{n[3]} 80  # the second game\n# a comment\nweiter\n")
    assert "Recorded 2 games at table 1" in r.stdout
    assert fail(t, "add", "--tisch", "1", "sau", "#77", f"#{n[0]}", "72").startswith(
        "Error: No player has start number 77 (the numbers go from 1 to 10).")
    other = next(p for p in tables(t)[2]["players"] if p in NAMES)
    assert fail(t, "add", "--tisch", "1", "sau", f"#{number[other]}", f"#{n[1]}", "72").startswith(
        f"Error: {other} does not play at table 1 in round 1: {other} sits at table 2.")
    rows = t.json("tournament", "ranking")["ranking"]
    assert {r["player"]: r["number"] for r in rows} == number
    assert t.ok("tournament", "ranking").stdout.splitlines()[4].split()[:3] == ["#", "No.", "Player"]


def test_players_of_one_first_name_are_named_by_surname_or_part_of_the_name_and_in_quotes(tmp_path):
    t = tournament(tmp_path, NAMES, extra='games_per_round = 4\nrounds = 1\nseed = "s"')
    t.ok("tournament", "fix", "wolf", "1")
    t.ok("tournament", "fix", "schröder", "1")
    t.ok("tournament", "fix", "huber", "1")
    drawn = t.json("tournament", "draw")
    one = drawn["tables"][0]["players"]
    assert {"Stefan Wolf", "Stefan Schröder", "Josef Huber"} <= set(one)
    fourth = next(p for p in one if p not in ("Stefan Wolf", "Stefan Schröder", "Josef Huber"))
    # "stefan" alone is ambiguous; the surname, its start, or a quoted part of the full name is not
    assert fail(t, "add", "--tisch", "1", "sau", "stefan", "huber", "72").startswith(
        "Error: 'stefan' could be Stefan Wolf, Stefan Schröder.")
    assert t.json("add", "--tisch", "1", "sau", "wolf", "huber", "72")["declarers"] == ["Stefan Wolf", "Josef Huber"]
    assert t.json("add", "--tisch", "1", "sau", "schroeder", fourth[:3], "61")["declarers"] == [
        "Stefan Schröder", fourth]
    # the page's own example, in a list line: quotes keep "stefan w" one name
    r = ok_in(t, "tournament", "enter", "--tisch", "1", "-", input='sau "stefan w" huber 72\nsau "st sch" wolf 30\n')
    assert "Recorded 2 games at table 1 (round 1)" in r.stdout
    hands = t.json("tournament", "sheet", "--tisch", "1")["hands"]
    assert [h["description"] for h in hands[2:]] == ["Sauspiel Stefan Wolf+Josef Huber 72",
                                                     "Sauspiel Stefan Schröder+Stefan Wolf 30"]


# -- 6. paper tables shown as such, the lists for the hall --------------------------------------------

def test_paper_tables_show_their_totals_and_the_seating_list_goes_by_name(tmp_path):
    t = tournament(tmp_path, EIGHT, extra='games_per_round = 4\nrounds = 1\nseed = "l"')
    t.ok("tournament", "draw")
    seated = tables(t)
    p1 = seated[1]["players"]
    t.ok("tournament", "enter", "--tisch", "1", "--totals", totals_of(p1, (5, -5, 3, -3)), "--solos", f"{p1[0]}=1",
         "--won", f"{p1[0]}=2,{p1[2]}=1")
    data = t.json("tournament", "tables")["tables"]
    assert data[0]["totals"] is True and data[0]["paper"] == {
        "totals": dict(zip(p1, (5, -5, 3, -3), strict=True)), "solos": {p1[0]: 1}, "won": {p1[0]: 2, p1[2]: 1}}
    assert data[1]["totals"] is False and data[1]["paper"] is None
    text = t.ok("tournament", "tables").stdout
    assert "Table 1 (4 players, paper totals)" in text and "Table 2 (4 players, 0 of 4 games)" in text
    assert "+5" in text.split("Table 2")[0]
    html = t.ok("tournament", "tables", "--format", "html").stdout
    assert "paper totals" in html and "@page{size:A4" in html
    sheet = t.ok("tournament", "sheet", "--tisch", "1").stdout.splitlines()
    assert sheet[0] == "Table 1, round 1: paper totals" and any(p1[0] in line and "+5" in line for line in sheet)
    by_name = t.json("tournament", "tables", "--by-name")
    assert [r["player"] for r in by_name["players"]] == sorted(EIGHT)
    where = {p: x for x, v in seated.items() for p in v["players"]}
    assert all(r["tisch"] == where[r["player"]] and r["number"] == EIGHT.index(r["player"]) + 1
               for r in by_name["players"])
    lines = t.ok("tournament", "tables", "--by-name").stdout.splitlines()
    assert lines[0] == "Cup: who sits where in round 1" and lines[3].split()[:2] == ["Anna", "#1"]
    assert t.ok("tournament", "tables", "--by-name", "--format", "csv").stdout.splitlines()[0] == (
        "player,number,round,table,seat")
    for args in (("ranking",), ("tables", "--by-name"), ("prizes", "--provisional")):
        assert "@page{size:A4" in t.ok("tournament", *args, "--format", "html").stdout, args


# -- 7. the money of the day ---------------------------------------------------------------------------

def test_the_pool_of_entry_fees_pays_shares_and_fixed_prizes_and_a_tie_at_the_last_prize_is_explained(tmp_path):
    t = tournament(tmp_path, EIGHT, extra='games_per_round = 1\nrounds = 1\nseed = "m"')
    t.path.write_text(t.path.read_text(encoding="utf-8") + (
        '\n[prizes]\nentry_fee = 1500\ncosts = 2000\nplaces = ["50%", "30%", "10 €", "Geschenkkorb"]\n'),
        encoding="utf-8")
    drawn = t.json("tournament", "draw")["tables"]
    one, two = drawn[0]["players"], drawn[1]["players"]
    # table 1: a Herz-Solo of one[0] won: +15, -5 each; table 2 on paper: two[0] +5, two[1] +5 (one solo), -5, -5
    ok_in(t, "tournament", "enter", "--tisch", "1", "-", input=f"herzsolo {one[0]} 61\n")
    t.ok("tournament", "enter", "--tisch", "2", "--totals", totals_of(two, (5, 5, -5, -5)), "--solos", f"{two[1]}=1",
         "--won", f"{two[0]}=1,{two[1]}=1")
    data = t.json("tournament", "prizes")
    # pool: 8 x 15,00 = 120,00; less costs 20,00: 100,00 to share; 50 % = 50,00, 30 % = 30,00
    assert (data["entry_fee"], data["players"], data["pool"], data["costs"]) == (1500, 8, 12000, 2000)
    prizes = data["prizes"]
    assert [p["players"] for p in prizes[:3]] == [[one[0]], [two[1]], [two[0]]]
    assert [p["amount"] for p in prizes] == [5000, 3000, 1000, None]
    # places 2 and 3 are tied on points (+5): two[1] won a solo, so solos won decided
    assert (prizes[1]["tied"], prizes[1]["decided_by"]) == ([two[0]], "solos")
    assert (prizes[2]["tied"], prizes[2]["decided_by"]) == ([two[1]], "solos")
    lines = t.ok("tournament", "prizes").stdout.splitlines()
    assert lines[1] == "Pool: 8 players x €15.00 = €120.00, less costs of €20.00: €100.00 to share"
    assert lines[2] == f"Place 1: #{EIGHT.index(one[0]) + 1} {one[0]} (50% = €50.00)"
    assert lines[3].endswith(f"(30% = €30.00)  (tied on points with {two[0]}: solos won decided)")
    # places 4 to 8 are five players at -5 with no solo and no game won: the last prize (goods) goes by lot
    fourth = prizes[3]
    at_minus_five = [p for p in [*one, *two] if p not in (one[0], two[0], two[1])]
    assert fourth["ranks"] == [4, 4] and fourth["decided_by"] == "lot"
    assert sorted(fourth["tied"]) == sorted(p for p in at_minus_five if p != fourth["players"][0])
    assert lines[5].endswith(f"(Geschenkkorb)  (tied with {', '.join(fourth['tied'][:3])} and {fourth['tied'][3]}: "
                             "the lot decided)")
    # with ties = "share" the five share what places 4 to 8 hold: 20,00 € in five, 4,00 € each
    t.path.write_text(t.path.read_text(encoding="utf-8").replace('places = ["50%", "30%", "10 €", "Geschenkkorb"]',
                                                                 'places = ["50%", "30%", "10 €", "20 €"]\n'
                                                                 'ties = "share"'), encoding="utf-8")
    last = t.json("tournament", "prizes")["prizes"][-1]
    assert last["shared"] and last["ranks"] == [4, 8] and len(last["players"]) == 5
    assert (last["amount"], last["each"]) == (2000, [400] * 5)
    assert t.ok("tournament", "prizes").stdout.splitlines()[5].endswith("(20 €)  (tied: shared, €4.00 each)")
    # the pool counts every player registered: a latecomer too, and one who withdrew after paying
    late = tournament(tmp_path, EIGHT, extra='games_per_round = 1\nrounds = 2\nseed = "m"', name="late")
    late.path.write_text(late.path.read_text(encoding="utf-8") + '\n[prizes]\nentry_fee = 1000\n', encoding="utf-8")
    late.ok("tournament", "draw")
    late.ok("tournament", "player", "add", "Ida")
    late.ok("tournament", "player", "withdraw", "Ben")
    got = late.json("tournament", "prizes", "--provisional")
    assert (got["players"], got["pool"]) == (9, 9000)


def test_shares_above_the_pool_or_without_an_entry_fee_are_refused_by_the_file(tmp_path):
    t = tournament(tmp_path, EIGHT)
    text = t.path.read_text(encoding="utf-8")
    t.path.write_text(text + '\n[prizes]\nentry_fee = 1000\nplaces = ["60%", "50%"]\n', encoding="utf-8")
    assert "give shares of the pool that add up to 110 %" in fail(t, "rules", "--check")
    t.path.write_text(text + '\n[prizes]\nplaces = ["60%"]\n', encoding="utf-8")
    assert "has no entry_fee" in fail(t, "rules", "--check")


# -- 8. the smaller items ----------------------------------------------------------------------------------

@pytest.mark.parametrize("count", [6, 7, 11])
def test_rules_check_refuses_six_seven_or_eleven_without_short_tables_as_the_draw_does(tmp_path, count):
    t = tournament(tmp_path, [f"P{i}" for i in range(1, count + 1)])
    message = fail(t, "rules", "--check")
    assert message == fail(t, "tournament", "draw")
    assert message.startswith(f"Error: {count} players cannot be seated at tables of four and five.")
    t.path.write_text(t.path.read_text(encoding="utf-8").replace("[tournament]\n", '[tournament]\nshort_tables = "standin"\n'),
                      encoding="utf-8")
    t.ok("rules", "--check")


def test_the_sheet_shows_full_names_and_solos_is_one_word(tmp_path):
    t = tournament(tmp_path, ["Norbert", "Ben", "Cora", "Maximiliane"], language="de", extra='seed = "x"')
    t.ok("tournament", "draw")
    t.ok("add", "--tisch", "1", "sau", "no", "ma", "72")
    head = t.ok("tournament", "sheet", "--tisch", "1").stdout.splitlines()[1]
    assert "#1 Norbert" in head and "#4 Maximiliane" in head
    from schafkopf_score.i18n import everything

    german = [de for key, (_, de) in everything().items() if key.startswith("tournament.")]
    assert not any("Soli" in text for text in german)


def test_paper_solos_and_games_won_that_no_table_could_have_played_are_refused(tmp_path):
    # nine players: a table of five (4 games each of 5) and one of four (4 games)
    t = tournament(tmp_path, EIGHT + ["Ida"], extra='games_per_round = 4\nseed = "w"')
    t.ok("tournament", "draw")
    five, four = tables(t)[1]["players"], tables(t)[2]["players"]
    zero5, zero4 = totals_of(five, (0,) * 5), totals_of(four, (0,) * 4)
    # at a table of five each plays 4 of the 5 games: 5 games won (or solos) is more than he played
    assert t.refused("tournament", "enter", "--tisch", "1", "--totals", zero5, "--won", f"{five[0]}=5").startswith(
        f"Error: --won {five[0]}=5: give a whole number from 0 to 4.")
    assert t.refused("tournament", "enter", "--tisch", "1", "--totals", zero5, "--solos", f"{five[0]}=5").startswith(
        f"Error: --solos {five[0]}=5: give a whole number from 0 to 4.")
    # a solo won is a game won: --won that leaves him out gives him none
    assert t.refused("tournament", "enter", "--tisch", "2", "--totals", zero4, "--solos", f"{four[0]}=1",
                     "--won", f"{four[1]}=1").startswith(
        f"Error: --solos gives {four[0]} 1 solos won, but --won only 0 games won.")
    # one declarer a game: 4 games hold at most 4 solos won between them
    assert t.refused("tournament", "enter", "--tisch", "2", "--totals", zero4, "--solos",
                     f"{four[0]}=3,{four[1]}=2", "--won", f"{four[0]}=3,{four[1]}=2").startswith(
        "Error: --solos adds up to 5 solos won, but table 2 played 4 games (one declarer a game).")
    # at most 3 of the 4 who play a game win it: 4 games hold at most 12 games won between them
    assert t.refused("tournament", "enter", "--tisch", "2", "--totals", zero4, "--won",
                     totals_of(four, (4, 4, 4, 1))).startswith(
        "Error: --won adds up to 13 games won, but table 2's 4 games can be won 12 times at most (by 3 of the 4 "
        "who play each).")
    t.ok("tournament", "enter", "--tisch", "2", "--totals", zero4, "--solos", f"{four[0]}=2,{four[1]}=2",
         "--won", totals_of(four, (4, 4, 4, 0)))
    t.ok("tournament", "enter", "--tisch", "1", "--totals", zero5, "--won", totals_of(five, (4, 4, 4, 3, 0)))


# -- 9. hostile input never tracebacks and a refusal writes nothing --------------------------------------

WORDS = ["Anna", "ben", "#1", "1", "#0", "#99999999", "0", "-1", "x", "", " ", "stefan", "wolf", "A=1,B=-1",
         "Anna=1,Ben=-1,Cora=0,Dora=0", "--remove", "--replace", "--void-totals", "--reason", "é\u200b", "9" * 30]


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    t = tournament(tmp_path_factory.mktemp("desk"), EIGHT, extra='games_per_round = 2\nrounds = 2\nseed = "f"')
    t.ok("tournament", "draw")
    return t


def test_the_desks_commands_take_any_words_without_a_traceback(hostile):
    from hypothesis import given, settings
    from hypothesis import strategies as st

    @settings(max_examples=120, deadline=None)
    @given(st.sampled_from([["fix"], ["apart"], ["swap"], ["draw", "--redo"], ["enter", "--tisch", "1", "--totals"],
                            ["enter", "--tisch", "2", "--void-totals"], ["tables", "--by-name", "--round"]]),
           st.lists(st.sampled_from(WORDS) | st.text(max_size=6), max_size=4))
    def run(command, words):
        before = hostile.ledger_bytes()
        r = hostile.run("tournament", *command, *words)
        if r.exception is not None and not isinstance(r.exception, SystemExit):
            raise r.exception
        assert r.exit_code in (0, 2) and "Traceback" not in r.output, (command, words, r.output)
        if r.exit_code == 2:
            assert r.stderr.strip() and hostile.ledger_bytes() == before, (command, words)

    run()


def test_a_latecomer_at_a_single_table_is_pointed_to_player_add(make_table):
    t = make_table(language="en")
    assert fail(t, "tournament", "player", "add", "Xaver").splitlines()[1] == (
        "At a single table leave --tisch out (players join and leave with schafkopf player add/leave NAME); for a "
        "tournament write one with schafkopf tournament new.")
