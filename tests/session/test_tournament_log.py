"""A tournament's log (``session.tournament``): its events fold into who plays, who withdrew,
each round's draw and the paper totals; and a new kind of event is one class, with its facts'
shape (the import's check) and its branch of the fold: the store records, exports and imports
it with no line changed."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from schafkopf_score.ledger import Ledger
from schafkopf_score.session import tournament as log
from schafkopf_score.session.records import TournamentEvent
from tests.app.test_tournament import EIGHT, fail, tournament


def stored(event: log.Event) -> TournamentEvent:
    return TournamentEvent("2026-12-01T20:00:00+00:00", event.kind, event.round, event.name, event.facts())


def test_the_events_fold_in_the_order_they_were_recorded():
    events = [log.RoundDrawn(1, "", ("Stand-in 1",), "standins", {}, (), 30, 1),
              log.PlayerAdded(2, "Xaver"), log.PlayerWithdrew(2, "Ben", "ill"), log.PlayerAdded(2, "Xaver"),
              log.TableTotals(1, "", 7, 2, {"Anna": 5, "Cora": -5}, {"Anna": 1}, {"Anna": 3}),
              log.RoundDrawn(2, "", (), "", {}, (), 0, 2)]
    state = log.fold_tournament(["Anna", "Ben", "Cora"], [stored(e) for e in events])
    assert state.players == ["Anna", "Ben", "Cora", "Xaver"]  # registered once, however often added
    assert state.joined == {"Xaver": 2} and state.withdrawn == {"Ben": (2, "ill")}
    assert state.standins == {1: ("Stand-in 1",), 2: ()} and state.caps == {1: 30, 2: 0} and state.days == {1: 1, 2: 2}
    assert state.totals == {7: {"session": 7, "tisch": 2, "totals": {"Anna": 5, "Cora": -5}, "solos": {"Anna": 1},
                                "won": {"Anna": 3}}}


def test_an_event_reads_back_as_it_was_recorded_and_an_older_draw_lacks_nothing():
    for event in (log.PlayerAdded(3, "Xaver"), log.PlayerWithdrew(1, "Ben", "ill"),
                  log.RoundDrawn(2, "", ("Stand-in 1",), "three", {"Anna": 1}, (("Ben", "Cora"),), 40, 2),
                  log.TableTotals(1, "", 4, 1, {"Anna": 2}, {}, {})):
        assert log.read_event(stored(event)) == event
        assert set(event.facts()) == set(event.SHAPE)  # the facts it stores are the facts the import checks
    older = log.read_event(TournamentEvent("", "draw", 1, "", {"standins": [], "short_tables": "", "fix": {},
                                                                "apart": []}))
    assert isinstance(older, log.RoundDrawn) and (older.cap, older.day) == (0, 1)  # drawn before caps and days


@dataclass(frozen=True)
class Disqualified(log.Event):
    """A test event, a kind the tournament does not have: a player disqualified by the
    organiser, with the points he is docked. One class: its facts, their shape, its branch."""

    kind: ClassVar[str] = "test_disqualified"
    SHAPE: ClassVar[dict[str, str]] = {"docked": "int"}

    docked: int = 0

    def facts(self) -> dict[str, Any]:
        return {"docked": self.docked}

    @classmethod
    def read(cls, round_no: int, name: str, facts: Any) -> log.Event:
        return cls(round_no, name, int(facts["docked"]))

    def apply(self, state: log.TournamentState) -> None:
        state.withdrawn[self.name] = (self.round, f"disqualified, {self.docked} points docked")


@pytest.fixture
def with_disqualified(monkeypatch):
    monkeypatch.setitem(log.EVENTS, Disqualified.kind, Disqualified)  # its one line of registration


def test_a_new_kind_of_event_is_one_class_the_store_export_and_import_take_as_they_are(
        tmp_path, with_disqualified):
    t = tournament(tmp_path, EIGHT, extra="games_per_round = 2\nrounds = 2\nseed = \"d\"")
    t.ok("tournament", "draw")
    with Ledger(t.ledger_path) as ledger, ledger.write() as conn:
        ledger.record_event(conn, Disqualified(1, "Ben", 5))
    # the fold's branch: Ben is out, marked with why
    ranking = {r["player"]: r for r in t.json("tournament", "ranking")["ranking"]}
    assert ranking["Ben"]["withdrawn"] is True
    # the store exports it as any event, and an import takes it back, checked by its shape
    dump = tmp_path / "cup.json"
    t.ok("export", "--format", "json", "--out", str(dump))
    data = json.loads(dump.read_text(encoding="utf-8"))
    assert {"kind": "test_disqualified", "round": 1, "name": "Ben", "data": {"docked": 5}}.items() <= next(
        e for e in data["tournament_events"] if e["kind"] == "test_disqualified").items()
    again = tournament(tmp_path, EIGHT, extra="games_per_round = 2\nrounds = 2\nseed = \"d\"", name="again")
    again.ok("import", str(dump))
    assert {r["player"]: r for r in again.json("tournament", "ranking")["ranking"]}["Ben"]["withdrawn"] is True
    # a fact of the wrong shape is no export of this program
    next(e for e in data["tournament_events"] if e["kind"] == "test_disqualified")["data"]["docked"] = "five"
    dump.write_text(json.dumps(data), encoding="utf-8")
    third = tournament(tmp_path, EIGHT, extra="games_per_round = 2\nrounds = 2\nseed = \"d\"", name="third")
    assert "not a schafkopf-score JSON export" in fail(third, "import", str(dump))
    assert not third.ledger_path.exists()
