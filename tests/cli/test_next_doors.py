"""What comes next, said alike by every answer (play review): the standings, ``settle`` and
``play`` name the same players for what stands before the next hand and the close."""

import os
import subprocess
import sys


def play(t, text: str):
    """``schafkopf play`` with ``text`` piped in (no terminal)."""
    env = {**os.environ, "COLUMNS": "100", "SCHAFKOPF_TABLE": ""}
    return subprocess.run([sys.executable, "-m", "schafkopf_score", "--table", str(t.path), "play"], input=text,
                          capture_output=True, text=True, timeout=60, env=env)


def test_settle_warns_of_a_muss_solo_under_the_name_now_as_the_standings_say(make_table):
    # Ben plays his Muss-Solo, then Ben and Cora are renamed: the standings say Anna, Carla and
    # Dora still owe one; settle warned of 'Ben' (who played his) and 'Cora' (a name gone)
    t = make_table(family="wendish", language="en", replace={"muss_solo = 0": "muss_solo = 1"})
    t.ok("add", "kreuzsolo", "be", "70")
    t.ok("player", "rename", "Ben", "Benedikt")
    t.ok("player", "rename", "Cora", "Carla")
    assert t.json("standings")["muss_solo_owed"] == {"Anna": 1, "Carla": 1, "Dora": 1}
    warned = ["Anna still owes 1 Muss-Solo.", "Carla still owes 1 Muss-Solo.", "Dora still owes 1 Muss-Solo."]
    assert t.json("settle")["warnings"] == warned
    text = t.ok("settle").stdout
    assert [line for line in text.splitlines() if "Muss-Solo" in line] == [f"Warning: {w}" for w in warned]
    r = play(t, "settle\n")
    assert r.returncode == 0, r.stderr
    assert [line for line in r.stdout.splitlines() if "Muss-Solo" in line] == [f"Warning: {w}" for w in warned]
