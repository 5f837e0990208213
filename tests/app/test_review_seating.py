"""Review of RULES §1 as amended (issue 23 items 2 and 3): attacks through the CLI that once
found a defect."""

from tests.app.test_recorded_seating import _seated

SIX = ["A", "B", "C", "D", "E", "F"]


def test_an_edit_naming_who_sat_out_keeps_the_recorded_dealer(make_table):
    """Hand 2 was dealt by D (``--dealer D``); an edit that says only who sat out once gave the
    hand the rotation's dealer (B) instead."""
    t = make_table(players=SIX, language="en")
    t.ok("add", "wenz", "--player", "C", "--augen", "70")  # A deals; A and F sit out
    t.ok("add", "wenz", "--player", "A", "--augen", "70", "--dealer", "D", "--sitting-out", "D", "--sitting-out", "E")
    t.ok("add", "sau", "--player", "F", "--partner", "A", "--augen", "70")  # E deals; D and E sit out
    t.ok("edit", "2", "wenz", "--player", "A", "--augen", "70", "--sitting-out", "C", "--sitting-out", "E", "--yes")
    assert [s[:3] for s in _seated(t)] == [(1, "A", ["A", "F"]), (2, "D", ["C", "E"]), (3, "E", ["D", "E"])]
    assert t.run("check", "--full").exit_code == 0


def test_a_player_leaving_before_a_deutscher_hand_counts_from_that_hand(make_table):
    """A draw takes the number of the hand it is drawn for: a player who leaves after the draw
    for hand 1 leaves from hand 1 (once: "from hand 2", the draw counted as a hand)."""
    t = make_table(family="deutscher", players=["A", "B", "C", "D", "E"], language="en")
    t.ok("draw", "--seed", "1")
    r = t.ok("player", "leave", "C")
    assert r.stdout == "C leaves the table from hand 1 of session 1. Seating: A, B, D, E.\n"
    assert t.json("player", "list")["changes"][0]["hand"] == 1


def test_an_edit_of_the_augen_after_a_void_keeps_the_dealer(make_table):
    """Hand 2 was typed with ``--sitting-out C`` (B dealt it); after ``void 1`` an edit of its
    Augen alone (the patch keeps ``--sitting-out C``) once made A its dealer."""
    t = make_table(players=["A", "B", "C", "D", "E"], language="en")
    t.ok("add", "wenz", "--player", "B", "--augen", "70")
    t.ok("add", "wenz", "--player", "A", "--augen", "70", "--sitting-out", "C")
    t.ok("add", "wenz", "--player", "A", "--augen", "70")
    t.ok("void", "1")
    t.ok("edit", "2", "--augen", "80", "--yes")
    assert [s[:3] for s in _seated(t)] == [(2, "B", ["C"]), (3, "C", ["C"])]
    assert t.json("calc", "weiter")["dealer"] == "D"
    assert t.run("check", "--full").exit_code == 0


def test_an_edit_of_a_hand_before_a_rename_or_a_leave_names_its_players(make_table):
    """A hand played before ``player rename Ben Benedikt`` and ``player leave Cora`` is edited with
    the names it was played with: once ``be`` and even ``Ben`` were read as Benedikt (refused:
    "Benedikt does not play this hand ... Name one of Ben, ...") and ``co`` fitted nothing."""
    t = make_table(players=["Anna", "Ben", "Cora", "Dora", "Emil"], language="en")
    t.ok("add", "wenz", "be", "70")
    t.ok("add", "wenz", "co", "70")
    t.ok("player", "rename", "Ben", "Benedikt")
    t.ok("player", "leave", "Cora")
    t.ok("add", "wenz", "be", "70")
    t.ok("edit", "1", "wenz", "be", "80", "--yes")
    t.ok("edit", "2", "wenz", "co", "80", "--yes")
    r = t.run("play", input="edit 1 wenz be 90 --yes\n")
    assert r.exit_code == 0 and "Error" not in r.output
    assert _seated(t) == [(1, "Anna", ["Anna"], {"Ben": 150, "Cora": -50, "Dora": -50, "Emil": -50}),
                          (2, "Ben", ["Ben"], {"Anna": -50, "Cora": 150, "Dora": -50, "Emil": -50}),
                          (3, "Dora", [], {"Anna": -50, "Benedikt": 150, "Dora": -50, "Emil": -50})]
    assert t.run("check", "--full").exit_code == 0


def test_a_version_1_hand_that_named_who_sat_out_keeps_its_dealer(make_table):
    """A version-1 row records no seating; its migration once took the dealer from the payouts
    even where the entry said who sat out (``--sitting-out Emil``, Anna dealing and playing):
    Emil became the dealer and Anna, not Ben, dealt next."""
    import sqlite3

    from schafkopf_score.ledger.schema import _triggers

    t = make_table(players=["Anna", "Ben", "Cora", "Dora", "Emil"], language="en")
    t.ok("add", "wenz", "--player", "Cora", "--augen", "70", "--sitting-out", "Emil")
    con = sqlite3.connect(t.ledger_path)
    for trigger in _triggers():
        if trigger.split()[2] in ("games_no_update", "restatements_no_update"):
            con.execute(f"DROP TRIGGER IF EXISTS {trigger.split()[2]}")
    con.execute("ALTER TABLE games DROP COLUMN outcome")
    con.execute("ALTER TABLE restatements DROP COLUMN outcome")
    con.execute("UPDATE meta SET value = '1' WHERE key = 'schema_version'")
    con.commit()
    con.close()
    assert _seated(t) == [(1, "Anna", ["Emil"], {"Anna": -50, "Ben": -50, "Cora": 150, "Dora": -50})]
    assert t.json("calc", "weiter")["dealer"] == "Ben"
    assert t.run("check", "--full").exit_code == 0


def test_an_earlier_name_in_other_letters_is_still_an_earlier_name(make_table):
    """``player add Ben`` after Ben became Benedikt is refused (an earlier name of Benedikt);
    ``player add ben`` once joined a second person under it, with an account of his own."""
    t = make_table(players=["Anna", "Ben", "Cora", "Dora", "Emil"], language="en")
    t.ok("add", "wenz", "be", "70")
    t.ok("player", "rename", "Ben", "Benedikt")
    t.ok("player", "leave", "Benedikt")
    for typed in ("Ben", "ben"):
        assert t.refused("player", "add", typed) == (
            f"Error: {typed} is an earlier name of Benedikt; two players cannot share it.\n"
            "Give the new player another name.\n")
    assert t.ok("player", "add", "benedikt").stdout.startswith("Benedikt joins the table from hand 2")


def test_a_draw_left_valid_by_a_void_seats_the_hand_it_was_drawn_for(make_table):
    """The draw for hand 2 was made with Bo dealing (Al, Cy, Di, Ed drew); after ``void 1`` the
    game entered for it was once dealt by Al, Al sitting out and Bo playing in his place."""
    t = make_table(family="deutscher", players=["Al", "Bo", "Cy", "Di", "Ed"], language="en")
    t.ok("draw", "--seed", "1")
    t.ok("add", "spiel", "bo", "ed", "70")
    assert t.json("draw", "--seed", "2")["hand"] == 2  # Al, Cy, Di, Ed: Ed + Di against Al + Cy
    t.ok("void", "1")
    assert t.json("calc", "spiel", "ed", "di", "70")["dealer"] == "Bo"
    t.ok("add", "spiel", "ed", "di", "70")
    assert _seated(t)[-1] == (2, "Bo", ["Bo"], {"Al": 0, "Cy": 0, "Di": 1, "Ed": 1})
    assert t.run("check", "--full").exit_code == 0


def test_a_hand_entered_while_a_player_leaves_is_refused_not_recorded_under_the_old_seating(make_table):
    """``add`` reads the table file, then waits for the ledger's write lock; a ``player leave
    Cora`` that holds the lock meanwhile (here: done by the test in its own transaction, as the
    command does it) once let the waiting ``add`` record a hand with Cora playing after she left."""
    import json
    import os
    import sqlite3
    import subprocess
    import sys
    import time
    from pathlib import Path

    t = make_table(players=["Anna", "Ben", "Cora", "Dora", "Emil"], language="en")
    t.ok("add", "weiter")
    con = sqlite3.connect(t.ledger_path, isolation_level=None)
    con.execute("BEGIN IMMEDIATE")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2]), "SCHAFKOPF_TABLE": ""}
    p = subprocess.Popen([sys.executable, "-m", "schafkopf_score", "--table", str(t.path), "add", "wenz", "co", "70"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and p.poll() is None:  # until it has the ledger open (the table read)
        if any(os.path.realpath(f"/proc/{p.pid}/fd/{fd}") == str(t.ledger_path.resolve())
               for fd in os.listdir(f"/proc/{p.pid}/fd")):
            break
        time.sleep(0.05)
    time.sleep(0.5)
    t.path.write_text(t.path.read_text(encoding="utf-8").replace('"Cora", ', ""), encoding="utf-8")
    con.execute("INSERT INTO seating_changes(session_id, hand, created_at, kind, name, other, players) "
                "VALUES (1, 2, '2026-12-01T21:00:00+00:00', 'leave', 'Cora', '', ?)",
                (json.dumps(["Anna", "Ben", "Dora", "Emil"]),))
    con.execute("COMMIT")
    con.close()
    out, err = p.communicate(timeout=60)
    assert (p.returncode, out, err) == (2, "", "Error: The seating changed a moment ago (a player joined, left or "
                                                "was renamed); nothing was recorded.\n"
                                                "Look at schafkopf player list and enter the hand again.\n")
    assert [h["game"] for h in t.json("sheet")["sessions"][0]["hands"]] == ["weiter"]
