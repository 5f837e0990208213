"""Where a hand goes: an evening's hands into the open session, a tournament's into one table
of a round, given as the place of its session (``session.place``, ``tournament.tables.TournamentTable``).
The library refuses a tournament's hand without its table, whoever calls it (the commands and
the server ask for ``--tisch`` first), and a ledger that holds an event of a kind this program
does not know (a later version's) still reads."""

import sqlite3
from pathlib import Path

import pytest

from schafkopf_score.app import hands
from schafkopf_score.app.line import read_line
from schafkopf_score.app.where import at
from schafkopf_score.errors import IllegalEntry
from schafkopf_score.ledger import Ledger
from schafkopf_score.table import load_table
from tests.app.test_tournament import EIGHT, tournament


@pytest.mark.parametrize("call", ["add", "calc", "undo", "void", "recorded_hand"])
def test_a_tournament_refuses_a_hand_without_its_table_in_the_library_too(tmp_path, call):
    t = tournament(tmp_path, EIGHT, extra="games_per_round = 2\nseed = \"p\"")
    t.ok("tournament", "draw")
    cfg = load_table(Path(t.path))
    before = t.ledger_bytes()
    with Ledger(cfg.ledger_path) as ledger, pytest.raises(IllegalEntry) as refused:
        {"add": lambda: hands.add(at(cfg, ledger, "add"), read_line("weiter")),
         "calc": lambda: hands.calc(at(cfg, ledger, "calc"), read_line("weiter")),
         "undo": lambda: hands.undo(at(cfg, ledger, "undo")),
         "void": lambda: hands.void(at(cfg, ledger, "void"), 1),
         "recorded_hand": lambda: hands.recorded_hand(at(cfg, ledger, "edit"), 1)}[call]()
    assert refused.value.text.key == "tournament.needs_tisch"
    assert t.ledger_bytes() == before


def test_an_event_of_a_kind_this_version_does_not_know_is_left_as_it_is(tmp_path):
    t = tournament(tmp_path, EIGHT, extra="games_per_round = 2\nseed = \"p\"")
    t.ok("tournament", "draw")
    con = sqlite3.connect(t.ledger_path)
    con.execute("INSERT INTO tournament_events(created_at, kind, round, name, data) "
                "VALUES ('2026-12-01T20:00:00+00:00', 'from_a_later_version', 1, 'Ben', '{}')")
    con.commit()
    con.close()
    ranking = t.json("tournament", "ranking")["ranking"]
    assert sorted(r["player"] for r in ranking) == sorted(EIGHT)
    assert len(t.json("tournament", "tables")["tables"]) == 2
