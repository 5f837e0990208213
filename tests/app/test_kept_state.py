"""An entry's cost is flat in the evening's length (issue 34): a long-lived door keeps the session
it folded last and folds on from it, as long as nothing that could change the session was
written since; any other writer (another process, a correction, a seating change, a close) makes
it fold the session anew. What it answers is always what a fresh replay of the ledger says."""

import json
import os
import subprocess
import sys

from schafkopf_score.app import hands
from schafkopf_score.app.line import read_line
from schafkopf_score.app.state import _kept, view_session
from schafkopf_score.app.where import At
from schafkopf_score.ledger import open_ledger
from schafkopf_score.table import load_table

ENV = {**os.environ, "COLUMNS": "120", "SCHAFKOPF_TABLE": ""}


def cli(t, *args):
    r = subprocess.run([sys.executable, "-m", "schafkopf_score", "--table", str(t.path), *args], capture_output=True,
                       text=True, env=ENV, timeout=60)
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_a_kept_session_is_folded_anew_after_another_process_wrote(make_table):
    t = make_table(preset="wirtshaus", language="en")
    cfg = load_table(t.path)
    with open_ledger(cfg, create=True) as ledger:
        ledger.keep_folded = True  # as play and the server keep their ledger
        first = hands.add(At.evening(cfg, ledger), read_line("sau an be 72"))
        assert first.hand == 1 and (ledger.where, None) in _kept
        # another process: a hand, a correction of hand 1, a player paid out
        cli(t, "add", "wenz", "co", "80")
        cli(t, "edit", "1", "k")
        cli(t, "settle", "--player", "Cora")
        third = hands.add(At.evening(cfg, ledger), read_line("herzsolo do 90"))
        fresh = view_session(cfg, ledger)
        assert third.hand == 3
        assert third.state.balances == fresh.balances
        assert [r.record.id for r in third.state.rows] == [r.record.id for r in fresh.rows]
        assert third.state.ahead() == fresh.ahead()
    assert json.loads(cli(t, "check", "--json"))["problems"] == []


def test_play_answers_as_a_fresh_replay_whatever_another_process_did_meanwhile(make_table):
    t = make_table(language="en", replace={'all_pass = "redeal"': 'all_pass = "stock"'})
    proc = subprocess.Popen([sys.executable, "-m", "schafkopf_score", "--table", str(t.path), "play"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)
    try:
        def say(line):
            proc.stdin.write(line + "\n")
            proc.stdin.flush()
            answer = proc.stdout.readline()
            assert answer, proc.stderr.readline()
            return answer

        assert say("weiter").startswith("Hand 1: ")  # 10 cents each into the Stock
        cli(t, "add", "sau", "an", "be", "72")  # hand 2 takes the Stock, from another process
        cli(t, "undo")  # and is voided again
        answer = say("wenz co 80")
        assert answer.startswith("Hand 3: Wenz Cora 80"), answer
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)
    replay = json.loads(cli(t, "sheet", "--json"))["sessions"][0]
    assert replay["stock"] == 40  # the Stock is still there: the voided hand 2 did not take it
    assert json.loads(cli(t, "check", "--json"))["problems"] == []
