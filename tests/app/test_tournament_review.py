"""Tournaments after an adversarial review, through the command line: the money commands are
refused at a tournament and name the tournament command that does the job (A); ``rules`` shows
points and the tournament's settings (B); a round is corrected and completed after the next one
was drawn (``--round R``, C); ``tournament new`` speaks the language of its file and refuses
what cannot be played (D); the wording (plurals, the lot, who sits where, limits, hints that can
be followed, E); ``check`` names round and table and counts points (F)."""

import json
import sqlite3

from tests.app.test_tournament import EIGHT, FOUR, fail, seats, tournament
from tests.conftest import Table, tamper_sqlite

USE_RANKING = "The standings of a tournament: schafkopf tournament ranking (points, solos won, games won).\n"
MONEY = "counts money at one table, a tournament counts points per table and round."


def drawn(tmp_path, players=EIGHT, extra='seed = "r"', **kw):
    t = tournament(tmp_path, players, extra=extra, **kw)
    t.ok("tournament", "draw")
    return t


# -- A: the money commands -------------------------------------------------------------------------

def test_money_commands_are_refused_at_a_tournament_naming_the_tournament_command(tmp_path):
    t = drawn(tmp_path)
    two = seats(t)[2]
    t.ok("add", "--tisch", "2", "sau", two[0], two[1], "72")
    before = t.ledger_bytes()
    for args, hint in ((("settle",), USE_RANKING), (("settle", "--close"), USE_RANKING),
                       (("settle", "--round", "50", "--close"), USE_RANKING), (("standings",), USE_RANKING),
                       (("standings", "--all"), USE_RANKING), (("stats",), USE_RANKING),
                       (("sheet",), "A table's sheet: schafkopf tournament sheet --tisch N (the ranking: schafkopf "
                                    "tournament ranking).\n"),
                       (("sheet", "--history"), "A table's sheet: schafkopf tournament sheet --tisch N (the ranking: "
                                                "schafkopf tournament ranking).\n")):
        assert fail(t, *args) == f"Error: This is a tournament: schafkopf {args[0]} {MONEY}\n{hint}", args
    assert fail(t, "draw") == (
        "Error: This is a tournament: schafkopf draw draws partners by lot in Deutscher Schafskopf.\n"
        "The tables of the next round: schafkopf tournament draw.\n")
    assert fail(t, "play", input="sau an be 72\n") == (
        "Error: This is a tournament: schafkopf play is the live session of one table's evening.\n"
        "Each table enters its hands with schafkopf add --tisch N ..., or its whole list with schafkopf tournament "
        "enter --tisch N FILE.\n")
    for args in (("player", "add", "Xaver"), ("player", "leave", two[0]), ("player", "list")):
        assert fail(t, *args) == (
            "Error: This is a tournament: schafkopf player changes the seating of one table.\n"
            "A tournament's players are its registration (players or players_file in the table file); the draw "
            "seats them at each round. Latecomers and withdrawals: schafkopf tournament player add NAME / withdraw "
            "NAME.\n"), args
    assert fail(t, "calc", "sau", "an", "be", "72") == (
        "Error: This is a tournament: say at which table the game was played.\n"
        "Add --tisch N, e.g. schafkopf calc --tisch 3 sau an be 72 (the tables: schafkopf tournament tables).\n")
    for fmt in ("csv", "csv-de", "md", "html", "text"):
        for out in ((), ("--out", f"x.{fmt}")):
            assert fail(t, "export", "--format", fmt, *out) == (
                f"Error: This is a tournament: schafkopf export --format {fmt} {MONEY}\n"
                "The lists: schafkopf tournament ranking --format html|csv and schafkopf tournament tables --format "
                "html|csv; the whole ledger: schafkopf export --format json.\n")
            assert not (tmp_path / f"x.{fmt}").exists()
    assert t.ledger_bytes() == before
    # what works at a tournament: the JSON export and its import, check, rules
    t.ok("add", "--tisch", "1", "weiter")
    t.ok("export", "--format", "json", "--out", "cup.json")  # without --all: the whole tournament
    copy = tournament(tmp_path, EIGHT, extra='seed = "r"', name="copy")
    assert copy.json("import", "cup.json")["imported"] == 2
    assert copy.json("tournament", "sheet", "--tisch", "1")["done"] == 1
    assert copy.json("tournament", "sheet", "--tisch", "2")["balances"] == {two[0]: 1, two[1]: 1, two[2]: -1,
                                                                             two[3]: -1}
    t.ok("check")
    t.ok("rules")


def test_a_table_closed_by_an_older_version_takes_no_game_and_no_correction(tmp_path):
    t = drawn(tmp_path, FOUR)
    t.ok("add", "--tisch", "1", "sau", "an", "be", "72")
    # the table's session closed, as settle --close did at a tournament before it was refused
    con = sqlite3.connect(t.ledger_path)
    con.execute("INSERT INTO closings(session_id, created_at, balances, bookings) VALUES (1, ?, ?, '{}')",
                ("2026-11-30T20:00:00+00:00", json.dumps({"Anna": 1, "Ben": 1, "Cora": -1, "Dora": -1})))
    con.commit()
    con.close()
    before = t.ledger_bytes()
    closed = ("Error: Table 1 of round 1 has been closed (settle --close): nothing can be recorded or corrected "
              "there.\nA tournament does not close its tables; the ranking counts that table's games as they stand.\n")
    assert fail(t, "add", "--tisch", "1", "weiter") == closed
    assert fail(t, "tournament", "enter", "--tisch", "1", "-", input="weiter\n") == closed
    assert fail(t, "calc", "--tisch", "1", "weiter") == closed
    for args in (("undo", "--tisch", "1"), ("void", "1", "--tisch", "1"), ("edit", "1", "--tisch", "1", "k")):
        assert fail(t, *args) == closed, args
    assert t.ledger_bytes() == before
    assert t.json("tournament", "sheet", "--tisch", "1")["done"] == 1


# -- B: rules --------------------------------------------------------------------------------------

def test_rules_of_a_tournament_show_its_settings_and_points_without_money(tmp_path):
    t = tournament(tmp_path, EIGHT, extra="rounds = 4\ngames_per_round = 24", points='solo = 6')
    out = t.ok("rules").stdout
    assert "[tournament]" in out and "[points] (preset = plus-minus: plus and minus points)" in out
    lines = {line.split("│")[1].strip(): line.split("│")[2].strip() for line in out.splitlines()
             if line.count("│") >= 3 and line.split("│")[1].strip()}
    assert (lines["rounds"], lines["games_per_round"], lines["games_per_round_five"]) == ("4", "24", "30")
    assert (lines["sauspiel"], lines["solo"], lines["schneider"], lines["laufende"]) == ("1", "6", "1", "0")
    assert "€" not in out and not any(key.startswith(("stock", "kasse")) for key in lines)
    data = t.json("rules")
    assert data["kind"] == "tournament"
    assert data["tournament"] == {"rounds": 4, "games_per_round": 24, "games_per_round_five": 30, "draw": "spread",
                                  "seed": "", "points": "plus-minus", "players_file": "", "short_tables": "",
                                  "days": 1, "cap": 0}
    assert data["points"] == {"preset": "plus-minus", "sauspiel": 1, "solo": 6, "bettel": 5, "ramsch": 1,
                              "schneider": 1, "schwarz": 1, "laufende": 0}
    assert "stock" not in data["tariff"]


# -- C: --round ------------------------------------------------------------------------------------

def test_a_round_is_corrected_after_the_next_round_was_drawn(tmp_path):
    t = drawn(tmp_path, FOUR, extra='seed = "c"\ngames_per_round = 2\nrounds = 2')
    a, b, c, d = seats(t)[1]
    t.ok("add", "--tisch", "1", "sau", a, b, "72")
    t.ok("add", "--tisch", "1", "herzsolo", c, "70")
    t.ok("tournament", "draw")
    t.ok("add", "--tisch", "1", "weiter")
    # without --round: the latest round
    assert fail(t, "void", "2", "--tisch", "1") == (
        "Error: There is no hand 2 at table 1 in round 2 (hands 1-1).\n"
        "The table's hands: schafkopf tournament sheet --tisch 1 --round 2.\n")
    t.ok("void", "1", "--tisch", "1", "--round", "1", "--reason", "wrong partner")
    assert {r["player"]: r["rounds"]["1"] for r in t.json("tournament", "ranking")["ranking"]} == {
        a: -5, b: -5, c: 15, d: -5}
    assert t.json("edit", "2", "--tisch", "1", "--round", "1", "--augen", "95")["payouts"][c] == 18
    sheet = t.json("tournament", "sheet", "--tisch", "1", "--round", "1")
    assert [(h["hand"], h["void"]) for h in sheet["hands"]] == [(1, True), (2, True), (2, False)]
    assert t.json("undo", "--tisch", "1", "--round", "1")["voided"] == 2
    assert t.json("tournament", "sheet", "--tisch", "1", "--round", "1")["done"] == 0
    assert t.json("tournament", "sheet", "--tisch", "1")["done"] == 1  # round 2 untouched
    before = t.ledger_bytes()
    assert fail(t, "void", "1", "--round", "1") == (
        "Error: --round names a round of one of the tournament's tables: give --tisch N too.\n"
        "E.g. schafkopf void 2 --tisch 3 --round 1 (the tables of a round: schafkopf tournament tables --round R).\n")
    assert fail(t, "undo", "--tisch", "1", "--round", "3") == (
        "Error: There is no round 3: rounds 1 to 2 have been drawn.\nGive --round 1 to 2.\n")
    assert t.ledger_bytes() == before


def test_round_on_a_plain_table_is_refused(make_table):
    plain = make_table(language="en")
    plain.ok("add", "sau", "an", "be", "72")
    before = plain.ledger_bytes()
    for args in (("void", "1", "--round", "1"), ("undo", "--round", "1"), ("edit", "1", "k", "--round", "1")):
        assert fail(plain, *args) == (
            f'Error: {plain.path} is no tournament (kind = "tournament"): it has no rounds to name with --round.\n'
            "Leave --round out.\n"), args
    assert plain.ledger_bytes() == before


def test_a_slow_tables_missing_games_are_entered_after_draw_force(tmp_path):
    t = drawn(tmp_path, FOUR, extra='seed = "f"\ngames_per_round = 3\nrounds = 2')
    t.ok("add", "--tisch", "1", "weiter")
    t.ok("tournament", "draw", "--force")
    before = t.ledger_bytes()
    # a round not drawn is refused and nothing written (add --round 1 enters one game there, as enter does)
    assert fail(t, "add", "--tisch", "1", "weiter", "--round", "3").startswith("Error: There is no round 3")
    assert t.ledger_bytes() == before
    r = t.run("tournament", "enter", "--tisch", "1", "--round", "1", "-", input="weiter\nweiter\n")
    assert r.exit_code == 0 and r.stdout.startswith("Recorded 2 games at table 1 (round 1): games 2 to 3.\n")
    assert t.json("tournament", "sheet", "--tisch", "1", "--round", "1")["done"] == 3
    assert t.json("tournament", "sheet", "--tisch", "1")["done"] == 0
    assert fail(t, "tournament", "enter", "--tisch", "1", "--round", "1", "-", input="weiter\n") == (
        "Error: Table 1 has played all its 3 games of round 1.\n"
        "Check the table's sheet (schafkopf tournament sheet --tisch N); a wrong game is corrected with "
        "edit N --tisch N or void N --tisch N.\n")
    # without --round a list goes to the latest round
    assert t.run("tournament", "enter", "--tisch", "1", "-", input="weiter\n").exit_code == 0
    assert t.json("tournament", "sheet", "--tisch", "1")["done"] == 1


# -- D: tournament new -----------------------------------------------------------------------------

def new(t, *args):
    return t.run("tournament", "new", *args)


def test_tournament_new_speaks_the_language_of_the_file_it_writes(tmp_path, make_table):
    t = make_table(language="en")  # an English table in use: the new file is German (the default)
    r = new(t, "x.toml", "--players", "Anna,Ben,Cora,Dora", "--rounds", "1")
    assert (r.exit_code, r.stdout) == (0, "x.toml geschrieben: 4 Spieler, 1 Runde. Weiter: schafkopf --table x.toml "
                                          "tournament draw\n")
    r = new(t, "x.toml", "--players", "Anna,Ben,Cora,Dora")
    assert (r.exit_code, r.stderr) == (2, "Fehler: x.toml gibt es schon; nichts wurde geschrieben.\n"
                                          "Wähle einen anderen Namen, oder gib --force an.\n")
    r = new(t, "y.toml", "--players", "Anna,Ben,Cora,Dora", "--rounds", "1", "--language", "en")
    assert r.stdout == "Wrote y.toml: 4 players, 1 round. Next: schafkopf --table y.toml tournament draw\n"
    r = new(t, "nope/a.toml", "--players", "Anna,Ben,Cora,Dora")
    assert (r.exit_code, r.stderr) == (2, "Fehler: Den Ordner nope gibt es nicht.\n"
                                          "Leg ihn zuerst an, oder nimm einen anderen Pfad.\n")
    (tmp_path / "afile").write_text("x", encoding="utf-8")
    r = new(t, "afile/a.toml", "--players", "Anna,Ben,Cora,Dora", "--language", "en")
    assert (r.exit_code, r.stderr) == (2, "Error: afile is not a folder; nothing was written.\nChoose another path.\n")
    r = new(t, "z.toml", "--players", "A1,B1,C1,D1,E1,F1,G1")
    assert (r.exit_code, r.stderr) == (2, "Fehler: 7 Spieler lassen sich auf Vierer- und Fünfertische nicht "
                                          "verteilen.\nSetz 5 oder 8 Spieler, oder setz in [tournament] short_tables = "
                                          '"standin" (Ersatzspieler ohne Wertung füllen Vierertische) oder '
                                          'short_tables = "three" (ein Dreiertisch).\n')
    (tmp_path / "seven.txt").write_text("A1\nB1\nC1\nD1\nE1\nF1\nX1\n", encoding="utf-8")
    r = new(t, "z.toml", "--players-file", "seven.txt", "--language", "en")
    assert (r.exit_code, r.stderr) == (2, "Error: 7 players cannot be seated at tables of four and five.\n"
                                          'Seat 5 or 8 players, or set short_tables = "standin" (unranked stand-ins '
                                          'fill tables of four) or short_tables = "three" (a table of three) in '
                                          "[tournament].\n")
    assert not any((tmp_path / n).exists() for n in ("z.toml", "nope", "z.sqlite"))


# -- E: wording ------------------------------------------------------------------------------------

def test_the_html_ranking_shows_the_lot_in_single_brackets(tmp_path):
    t = drawn(tmp_path, FOUR)
    html = t.ok("tournament", "ranking", "--format", "html").stdout
    assert '<span class="muted">(lot)</span>' in html and "((" not in html
    de = drawn(tmp_path, FOUR, language="de", name="de")
    assert '<span class="muted">(Los)</span>' in de.ok("tournament", "ranking", "--format", "html").stdout


def test_a_player_at_another_table_is_named_in_german_too(tmp_path):
    t = drawn(tmp_path, EIGHT, language="de")
    one, two = seats(t)[1], seats(t)[2]
    assert fail(t, "add", "--tisch", "1", "sau", one[0], two[0], "72") == (
        f"Fehler: {two[0]} spielt in Runde 1 nicht an Tisch 1: {two[0]} sitzt an Tisch 2.\n"
        f"Spieler an Tisch 1: {', '.join(one)}.\n")


def test_a_keys_own_limit_is_the_one_its_hint_names(tmp_path):
    t = tournament(tmp_path, FOUR, extra="games_per_round = 99999999999999")
    assert fail(t, "tournament", "draw") == (
        f"Error: {t.path}, line 9: [tournament] games_per_round must be at most 1000, not 99999999999999\n"
        "Give a number up to 1000.\n")


def test_an_empty_players_file_says_a_tournament_needs_four(tmp_path):
    (tmp_path / "leer.txt").write_text("# nobody yet\n", encoding="utf-8")
    path = tmp_path / "cup.toml"
    path.write_text('kind = "tournament"\nfamily = "bavarian"\nlanguage = "en"\n[tournament]\n'
                    'players_file = "leer.txt"\n', encoding="utf-8")
    assert fail(Table(path), "tournament", "draw") == (
        f"Error: {path}, line 5: [tournament] players_file has too few players (0): a tournament needs at least 4.\n"
        "Register at least 4 players: players = [...], or a players_file with one name a line.\n")


def test_the_ranking_before_the_first_draw_is_refused_like_tables_and_sheet(tmp_path):
    t = tournament(tmp_path, FOUR)
    for args in (("tournament", "ranking"), ("tournament", "tables"), ("tournament", "sheet", "--tisch", "1")):
        assert fail(t, *args) == "Error: No round has been drawn yet.\nDraw round 1: schafkopf tournament draw\n"
    assert not t.ledger_path.exists()


def test_plural_and_singular_in_the_answers(tmp_path):
    t = tournament(tmp_path, FOUR, extra='seed = "p"\nrounds = 1\ngames_per_round = 1')
    assert t.ok("tournament", "draw").stdout.startswith("Round 1: 1 table, drawn at random (seed p).\n")
    assert fail(t, "tournament", "draw") == (
        "Error: The tournament's one round has been drawn.\nTo play another, raise rounds in [tournament].\n")
    assert fail(t, "tournament", "tables", "--round", "2") == (
        "Error: There is no round 2: only round 1 has been drawn.\nGive --round 1, or leave --round out.\n")
    t.ok("add", "--tisch", "1", "weiter")
    assert fail(t, "add", "--tisch", "1", "weiter").startswith(
        "Error: Table 1 has played its one game of round 1.\n")
    de = tournament(tmp_path, FOUR, extra='seed = "p"', language="de", name="de")
    assert de.ok("tournament", "draw").stdout.startswith("Runde 1: 1 Tisch, zufällig ausgelost (Startwert p).\n")
    assert fail(de, "add", "--tisch", "2", "weiter") == (
        "Fehler: Runde 1 hat keinen Tisch 2: sie hat 1 Tisch.\nGib --tisch 1 an (schafkopf tournament tables).\n")


def test_corrections_at_a_table_speak_of_the_table_and_its_sheet(tmp_path):
    t = drawn(tmp_path, FOUR)
    assert fail(t, "undo", "--tisch", "1") == (
        "Error: Table 1 has no game to undo in round 1.\nRecord games with schafkopf add --tisch 1.\n")
    assert fail(t, "edit", "1", "--tisch", "1", "k") == (
        "Error: There is no hand 1 at table 1 in round 1 (no hands).\n"
        "The table's hands: schafkopf tournament sheet --tisch 1 --round 1.\n")
    t.ok("add", "--tisch", "1", "weiter")
    assert fail(t, "void", "5", "--tisch", "1") == (
        "Error: There is no hand 5 at table 1 in round 1 (hands 1-1).\n"
        "The table's hands: schafkopf tournament sheet --tisch 1 --round 1.\n")
    t.ok("void", "1", "--tisch", "1")
    assert fail(t, "void", "1", "--tisch", "1") == (
        "Error: Hand 1 is already void.\nThe table's hands: schafkopf tournament sheet --tisch 1 --round 1.\n")


def test_a_list_line_says_who_sat_out_as_its_hint_says(tmp_path):
    t = drawn(tmp_path, ["Anna", "Ben", "Cora", "Dora", "Emil"], extra='seed = "o"')
    table = seats(t)[1]
    dealer, others = table[0], table[1:]  # the first seat deals the first hand and sits it out
    err = fail(t, "tournament", "enter", "--tisch", "1", "-", input=f"sau {dealer} {others[0]} 72\n")
    assert err.startswith("Error: line 1: "), err
    # the line was typed in short words: its hint says it in short words (a long option would do too)
    assert err.endswith("or write who sat out on the line: out NAME (e.g. sau an be 72 out NAME).\n"), err
    # as the hint says: who sat out on the line
    r = t.run("tournament", "enter", "--tisch", "1", "-",
              input=f"sau {dealer} {others[0]} 72 --sitting-out {others[3]}\n")
    assert r.exit_code == 0 and r.stdout.startswith("Recorded 1 game at table 1 (round 1): game 1.\n")
    hand = t.json("tournament", "sheet", "--tisch", "1")["hands"][0]
    assert others[3] not in hand["payouts"] and hand["payouts"][dealer] == 1
    # a list line is read as every door reads a line (issue 34): a long option is taken, and refused
    # where the hand does not take it
    assert fail(t, "tournament", "enter", "--tisch", "1", "-", input="weiter --kontra\n") == (
        "Error: line 1: --kontra does not apply to Weiter (everyone passed). Nothing was recorded.\n"
        "Drop --kontra from the entry.\n")


def test_a_list_written_into_a_file_where_a_folder_should_be_says_so(tmp_path):
    t = drawn(tmp_path, FOUR)
    (tmp_path / "afile").write_text("x", encoding="utf-8")
    assert fail(t, "tournament", "ranking", "-o", "afile/x.csv", "--format", "csv") == (
        "Error: afile is not a folder; nothing was written.\nChoose another --out path.\n")
    assert fail(t, "tournament", "tables", "-o", "nope/x.csv", "--format", "csv") == (
        "Error: The folder nope does not exist.\nCreate it, or choose another --out path.\n")


# -- F: check --------------------------------------------------------------------------------------

def test_check_names_round_and_table_and_counts_points(tmp_path):
    t = drawn(tmp_path)
    two = seats(t)[2]
    t.ok("add", "--tisch", "2", "sau", two[0], two[1], "72")
    tamper_sqlite(t.ledger_path, "UPDATE games SET payouts = ? WHERE hand = 1",
                  json.dumps({two[0]: 2, two[1]: 0, two[2]: -1, two[3]: -1}))
    r = t.run("check")
    assert r.exit_code == 1
    assert r.stdout == (f"round 1, table 2, hand 1: replay gives {two[0]} +1, {two[1]} +1, {two[2]} -1, {two[3]} -1, "
                        f"stored {two[0]} +2, {two[1]} 0, {two[2]} -1, {two[3]} -1\n")
    problem = json.loads(t.run("check", "--json").stdout)["problems"][0]
    assert (problem["round"], problem["tisch"], problem["hand"]) == (1, 2, 1)


def test_a_latecomer_or_a_withdrawal_that_the_next_draw_cannot_seat_is_said_at_once(tmp_path):
    """Five players and a latecomer are six, whom tables of four and five cannot seat: the
    desk hears it when the latecomer is registered (and when a withdrawal leaves 6, 7 or 11),
    not only at the next draw; the answer's JSON carries it as a refusal's ``error`` and
    ``hint``. Where the draw can seat everyone (or no round is left), nothing is said."""
    five = ["Anna", "Ben", "Cora", "Dora", "Emil"]
    t = drawn(tmp_path, players=five, extra='rounds = 2\nseed = "r"')
    cannot = ("Note: the next draw cannot seat everyone as registered now: 6 players cannot be seated at tables of "
              "four and five.\nSeat 5 or 8 players, or set short_tables = \"standin\" (unranked stand-ins fill "
              "tables of four) or short_tables = \"three\" (a table of three) in [tournament].\n")
    assert t.ok("tournament", "player", "add", "Fritz").stdout == \
        "Fritz is registered (start number 6): drawn from round 2 on.\n" + cannot
    late = t.json("tournament", "player", "add", "Gerd")
    assert late["next_draw"] == {"error": "7 players cannot be seated at tables of four and five.",
                                 "hint": cannot.split("\n")[1]}
    assert t.ok("tournament", "player", "add", "Hans").stdout == \
        "Hans is registered (start number 8): drawn from round 2 on.\n"  # eight: two tables of four
    assert t.json("tournament", "player", "withdraw", "Hans")["next_draw"]["error"].startswith("7 players ")
    t.ok("tournament", "player", "withdraw", "Gerd")  # six again, said again
    assert t.ok("tournament", "player", "withdraw", "Fritz").stdout == \
        "Fritz has withdrawn: keeps points and place, not drawn again.\n"
    (tmp_path / "standin").mkdir()
    standin = drawn(tmp_path / "standin", players=five, extra='rounds = 2\nseed = "r"\nshort_tables = "standin"')
    assert standin.json("tournament", "player", "add", "Fritz")["next_draw"] is None


def test_a_withdrawal_that_leaves_a_fixed_players_table_undrawn_is_said_at_once(tmp_path):
    """Sixteen players sit at four tables, P1 fixed to table 4 for the day; one withdraws and
    fifteen sit at three tables of five, so the next draw cannot honour the fix: the desk hears
    it with the withdrawal, in the draw's own words, not only when it draws. A latecomer who
    makes it four tables again clears it, as does the fix taken away."""
    sixteen = [f"P{i}" for i in range(1, 17)]
    t = drawn(tmp_path, players=sixteen, extra='rounds = 3\nseed = "r"')
    t.ok("tournament", "fix", "P1", "4")
    note = ("Note: the next draw cannot seat everyone as registered now: P1 is fixed to table 4, but round 2 has 3 "
            "tables.\nTake it away with tournament fix P1 4 --remove (or fix P1 to another table).\n")
    out = t.ok("tournament", "player", "withdraw", "P2").stdout
    assert out.endswith(note), out
    assert t.json("tournament", "player", "add", "Xaver")["next_draw"] is None  # sixteen: four tables again
    withdrawn = t.json("tournament", "player", "withdraw", "P3")["next_draw"]
    assert withdrawn == {"error": "P1 is fixed to table 4, but round 2 has 3 tables.",
                         "hint": "Take it away with tournament fix P1 4 --remove (or fix P1 to another table)."}
    t.ok("tournament", "fix", "P1", "--remove")
    assert t.json("tournament", "player", "withdraw", "P4")["next_draw"] is None


def test_a_name_with_a_comma_is_refused_at_registration_where_the_desk_lists_split(tmp_path):
    """``--totals``, ``--solos``, ``--won``, ``--apart`` and ``--players`` split at commas:
    "Ben, Jr." could never be typed there, so the file and ``player add`` refuse it."""
    t = tournament(tmp_path, ["Anna", "Ben, Jr.", "Cora", "Dora"], language="de")
    assert fail(t, "tournament", "draw") == (
        f"Fehler: {t.path}, Zeile 5: players enthält einen Namen, den Einträge am Tisch falsch lesen würden: "
        "'Ben, Jr.' enthält ein Komma, an dem --totals, --solos, --won, --apart und --players ihre Listen "
        "trennen.\nMelde den Namen ohne Komma an (Ben Jr.).\n")
    t = tournament(tmp_path, FOUR, name="ok")
    assert t.refused("tournament", "player", "add", "Karl,  Sen.") == (
        "Error: This name would be misread by entries at a table: 'Karl,  Sen.' holds a comma, where --totals, "
        "--solos, --won, --apart and --players split their lists.\nRegister the name without its comma (Karl Sen.).\n")


def test_a_wide_name_keeps_the_columns_of_the_printed_lists_in_line(tmp_path):
    """李小龙 takes six cells on a terminal, not three: the ranking, the list by name and a
    table's sheet padded it by its characters, and every column after it stood three cells left."""
    import unicodedata

    def cells(line):
        return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in line)

    t = tournament(tmp_path, ["李小龙", "Anna", "Ben", "Cora"], extra='seed = "w"\ngames_per_round = 1', language="de")
    t.ok("tournament", "draw")
    t.ok("add", "--tisch", "1", "herzsolo", "an", "80")
    ranking = t.ok("tournament", "ranking").stdout.splitlines()
    rows = [line for line in ranking if line[:4].strip().isdigit()]
    assert len(rows) == 4 and len({cells(line.split("  (")[0].rstrip()) for line in rows}) == 1, rows
    listed = t.ok("tournament", "tables", "--by-name").stdout.splitlines()[2:]
    assert len({cells(line) for line in listed}) == 1, listed
    sheet = t.ok("tournament", "sheet", "--tisch", "1").stdout.splitlines()[1:]
    assert len({cells(line) for line in sheet}) == 1, sheet


def test_an_empty_entry_of_the_totals_and_one_hand_entered_are_said_as_such(tmp_path):
    t = tournament(tmp_path, FOUR, extra='seed = "e"\ngames_per_round = 2', language="de")
    t.ok("tournament", "draw")
    hint = ("Schreib --totals Anna=12,Ben=-4,Cora=-3,Dora=-5 (jeden Spieler des Tisches einmal), --solos Anna=1, "
            "--won Anna=9.\n")
    for totals in ("Anna=1,Ben=-1,,Cora=0,Dora=0", "Anna=1,Ben=-1,Cora=0,Dora=0,"):  # (was "--totals  hat nicht ...")
        assert t.refused("tournament", "enter", "--tisch", "1", "--totals", totals) == (
            "Fehler: --totals hat einen leeren Eintrag (zwei Kommas hintereinander oder eines am Ende).\n" + hint)
    assert t.refused("tournament", "enter", "--tisch", "1", "--totals", " ") == "Fehler: --totals ist leer.\n" + hint
    t.ok("add", "--tisch", "1", "weiter")
    assert t.refused("tournament", "enter", "--tisch", "1", "--totals", "Anna=1,Ben=-1,Cora=0,Dora=0").startswith(
        "Fehler: Tisch 1 von Runde 1 hat schon 1 Spiel eingetragen: seine Summen ergeben sich daraus.\n")
