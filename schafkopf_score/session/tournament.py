"""A tournament's log beside its tables' sessions: the events it records, and their fold (pure).

Each table of each round is a session of its own (its hands, corrections and seating are a
session's log, ``session.fold``). What the tournament records besides them is a list of events:
a latecomer registered, a player withdrawn, a round drawn (its stand-ins, the settings it was
drawn under), a round drawn again or two players' seats swapped (the round's seating after it), a
table's paper totals and their corrections (replaced, voided: the earlier event stays), and the
organiser's standing constraints for every later draw (a player fixed to a table, two players kept
apart, and their removal). Each kind is one class here: the facts it stores and of
what shape (``SHAPE``: what the import checks an export's event against), how it reads them
back, and its branch of the fold (``apply``), which ``fold_tournament`` runs over the events in
the order they were recorded. A new kind of event is one more class in ``EVENTS``: the store
keeps and exports every kind alike, the import checks it by its ``SHAPE``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .records import TournamentEvent


@dataclass
class TournamentState:
    """The tournament's events folded: who is registered (the file's players, then the
    latecomers, each with the round from which he plays), who withdrew (in which round, why),
    each round's draw (its stand-ins, its points cap and its day), each round's seating where it
    was drawn again or swapped (``seating``: the tables' players by table number), the tables
    whose paper totals are in force (by session; a void takes them out, a replacement puts new
    ones in) and the standing constraints (``fixed``: player -> table; ``apart``: pairs)."""

    players: list[str]
    joined: dict[str, int] = field(default_factory=dict)
    withdrawn: dict[str, tuple[int, str]] = field(default_factory=dict)
    standins: dict[int, tuple[str, ...]] = field(default_factory=dict)
    caps: dict[int, int] = field(default_factory=dict)
    days: dict[int, int] = field(default_factory=dict)
    totals: dict[int, dict[str, Any]] = field(default_factory=dict)
    seating: dict[int, list[list[str]]] = field(default_factory=dict)
    fixed: dict[str, int] = field(default_factory=dict)
    apart: list[tuple[str, str]] = field(default_factory=list)


@dataclass(frozen=True)
class Event:
    """One event of a tournament: the round it belongs to and the player it names."""

    kind: ClassVar[str]
    # the facts it stores, each by the shape of its value: text, int, names (a list of texts),
    # points (text -> whole number), pairs (a list of two texts each), tables (a list of lists of
    # texts: each table's players in seat order)
    SHAPE: ClassVar[Mapping[str, str]] = {}

    round: int
    name: str = ""

    def facts(self) -> dict[str, Any]:
        """What the ledger stores of it (``Ledger.insert_event``'s ``data``)."""
        return {}

    @classmethod
    def read(cls, round_no: int, name: str, facts: Mapping[str, Any]) -> Event:
        """The event from what the ledger stored (a ledger of an older version may lack a fact)."""
        return cls(round_no, name)

    def apply(self, state: TournamentState) -> None:
        """Its branch of the fold."""


@dataclass(frozen=True)
class PlayerAdded(Event):
    """A latecomer registered: he plays from this round on (no points for the rounds missed)."""

    kind: ClassVar[str] = "player_add"

    def apply(self, state: TournamentState) -> None:
        if self.name not in state.players:
            state.players.append(self.name)
            state.joined[self.name] = self.round


@dataclass(frozen=True)
class PlayerWithdrew(Event):
    """A player withdrawn in this round: he keeps his points and place, is never seated again."""

    kind: ClassVar[str] = "player_withdraw"
    SHAPE: ClassVar[Mapping[str, str]] = {"reason": "text"}

    reason: str = ""

    def facts(self) -> dict[str, Any]:
        return {"reason": self.reason}

    @classmethod
    def read(cls, round_no: int, name: str, facts: Mapping[str, Any]) -> Event:
        return cls(round_no, name, str(facts.get("reason", "")))

    def apply(self, state: TournamentState) -> None:
        state.withdrawn[self.name] = (self.round, self.reason)


@dataclass(frozen=True)
class RoundDrawn(Event):
    """A round drawn: who it seated as a stand-in, how short tables were made, the seats fixed
    and the players kept apart, the points cap and the day it was drawn under."""

    kind: ClassVar[str] = "draw"
    SHAPE: ClassVar[Mapping[str, str]] = {"standins": "names", "short_tables": "text", "fix": "points",
                                          "apart": "pairs", "cap": "int", "day": "int"}

    standins: tuple[str, ...] = ()
    short_tables: str = ""
    fix: Mapping[str, int] = field(default_factory=dict)
    apart: tuple[tuple[str, str], ...] = ()
    cap: int = 0  # a round drawn before caps existed: none
    day: int = 1

    def facts(self) -> dict[str, Any]:
        return {"standins": list(self.standins), "short_tables": self.short_tables, "fix": dict(self.fix),
                "apart": [list(p) for p in self.apart], "cap": self.cap, "day": self.day}

    @classmethod
    def read(cls, round_no: int, name: str, facts: Mapping[str, Any]) -> Event:
        return cls(round_no, name, tuple(facts.get("standins", ())), str(facts.get("short_tables", "")),
                   dict(facts.get("fix", {})), tuple((str(a), str(b)) for a, b in facts.get("apart", ())),
                   int(facts.get("cap", 0)), int(facts.get("day", 1)))

    def apply(self, state: TournamentState) -> None:
        state.standins[self.round] = self.standins
        state.caps[self.round] = self.cap
        state.days[self.round] = self.day


@dataclass(frozen=True)
class TableTotals(Event):
    """A table's paper totals, entered instead of its hands: its session and number, each
    player's points, solos won and hands won."""

    kind: ClassVar[str] = "totals"
    SHAPE: ClassVar[Mapping[str, str]] = {"session": "int", "tisch": "int", "totals": "points", "solos": "points",
                                          "won": "points"}

    session: int = 0
    tisch: int = 0
    totals: Mapping[str, int] = field(default_factory=dict)
    solos: Mapping[str, int] = field(default_factory=dict)
    won: Mapping[str, int] = field(default_factory=dict)

    def facts(self) -> dict[str, Any]:
        return {"session": self.session, "tisch": self.tisch, "totals": dict(self.totals), "solos": dict(self.solos),
                "won": dict(self.won)}

    @classmethod
    def read(cls, round_no: int, name: str, facts: Mapping[str, Any]) -> Event:
        return cls(round_no, name, int(facts["session"]), int(facts.get("tisch", 0)), dict(facts.get("totals", {})),
                   dict(facts.get("solos", {})), dict(facts.get("won", {})))

    def apply(self, state: TournamentState) -> None:
        state.totals[self.session] = self.facts()


@dataclass(frozen=True)
class TotalsReplaced(Event):
    """A table's paper totals replaced (``enter --totals ... --replace``): the new totals, solos
    and games won, and why; the totals entered before stay recorded as they were."""

    kind: ClassVar[str] = "totals_replace"
    SHAPE: ClassVar[Mapping[str, str]] = {"session": "int", "tisch": "int", "totals": "points", "solos": "points",
                                          "won": "points", "reason": "text"}

    session: int = 0
    tisch: int = 0
    totals: Mapping[str, int] = field(default_factory=dict)
    solos: Mapping[str, int] = field(default_factory=dict)
    won: Mapping[str, int] = field(default_factory=dict)
    reason: str = ""

    def facts(self) -> dict[str, Any]:
        return {"session": self.session, "tisch": self.tisch, "totals": dict(self.totals), "solos": dict(self.solos),
                "won": dict(self.won), "reason": self.reason}

    @classmethod
    def read(cls, round_no: int, name: str, facts: Mapping[str, Any]) -> Event:
        return cls(round_no, name, int(facts["session"]), int(facts.get("tisch", 0)), dict(facts.get("totals", {})),
                   dict(facts.get("solos", {})), dict(facts.get("won", {})), str(facts.get("reason", "")))

    def apply(self, state: TournamentState) -> None:
        state.totals[self.session] = {"session": self.session, "tisch": self.tisch, "totals": dict(self.totals),
                                      "solos": dict(self.solos), "won": dict(self.won)}


@dataclass(frozen=True)
class TotalsVoided(Event):
    """A table's paper totals voided (``enter --void-totals``), with why: the table has neither
    hands nor totals again (it may enter either); the totals stay recorded as they were."""

    kind: ClassVar[str] = "totals_void"
    SHAPE: ClassVar[Mapping[str, str]] = {"session": "int", "tisch": "int", "reason": "text"}

    session: int = 0
    tisch: int = 0
    reason: str = ""

    def facts(self) -> dict[str, Any]:
        return {"session": self.session, "tisch": self.tisch, "reason": self.reason}

    @classmethod
    def read(cls, round_no: int, name: str, facts: Mapping[str, Any]) -> Event:
        return cls(round_no, name, int(facts["session"]), int(facts.get("tisch", 0)), str(facts.get("reason", "")))

    def apply(self, state: TournamentState) -> None:
        state.totals.pop(self.session, None)


@dataclass(frozen=True)
class RoundReseated(Event):
    """A round's seating changed before any of its tables entered anything: drawn again
    (``how = "redo"``: the method, seed and constraints it honoured) or two players' seats
    swapped (``how = "swap"``: ``swapped`` names them). ``tables``: every table's players after
    it, by table number (the tables and their sessions stay); ``before``: the seating it
    replaced (kept, as nothing is destroyed); ``standins``: the round's stand-ins after it where
    they are no longer the draw's (a redo that left out a player withdrawn since the draw; a
    later swap or redo carries them on), else None (stored without it: the draw's stand-ins hold)."""

    kind: ClassVar[str] = "reseat"
    SHAPE: ClassVar[Mapping[str, str]] = {"how": "text", "tables": "tables", "before": "tables", "method": "text",
                                          "seed": "text", "fix": "points", "apart": "pairs", "swapped": "names",
                                          "reason": "text", "standins": "names"}

    how: str = "redo"
    tables: tuple[tuple[str, ...], ...] = ()
    before: tuple[tuple[str, ...], ...] = ()
    method: str = ""
    seed: str = ""
    fix: Mapping[str, int] = field(default_factory=dict)
    apart: tuple[tuple[str, str], ...] = ()
    swapped: tuple[str, ...] = ()
    reason: str = ""
    standins: tuple[str, ...] | None = None

    def facts(self) -> dict[str, Any]:
        facts = {"how": self.how, "tables": [list(t) for t in self.tables], "before": [list(t) for t in self.before],
                 "method": self.method, "seed": self.seed, "fix": dict(self.fix),
                 "apart": [list(p) for p in self.apart], "swapped": list(self.swapped), "reason": self.reason}
        if self.standins is not None:
            facts["standins"] = list(self.standins)
        return facts

    @classmethod
    def read(cls, round_no: int, name: str, facts: Mapping[str, Any]) -> Event:
        return cls(round_no, name, str(facts.get("how", "redo")), tuple(tuple(t) for t in facts.get("tables", ())),
                   tuple(tuple(t) for t in facts.get("before", ())), str(facts.get("method", "")),
                   str(facts.get("seed", "")), dict(facts.get("fix", {})),
                   tuple((str(a), str(b)) for a, b in facts.get("apart", ())), tuple(facts.get("swapped", ())),
                   str(facts.get("reason", "")),
                   tuple(facts["standins"]) if isinstance(facts.get("standins"), list) else None)

    def apply(self, state: TournamentState) -> None:
        state.seating[self.round] = [list(t) for t in self.tables]
        if self.standins is not None:
            state.standins[self.round] = self.standins


@dataclass(frozen=True)
class PlayerFixed(Event):
    """A standing constraint: player ``name`` sits at table ``tisch`` in every later draw
    (``remove``: 1 takes it away)."""

    kind: ClassVar[str] = "fix"
    SHAPE: ClassVar[Mapping[str, str]] = {"tisch": "int", "remove": "int"}

    tisch: int = 0
    remove: int = 0

    def facts(self) -> dict[str, Any]:
        return {"tisch": self.tisch, "remove": self.remove}

    @classmethod
    def read(cls, round_no: int, name: str, facts: Mapping[str, Any]) -> Event:
        return cls(round_no, name, int(facts.get("tisch", 0)), int(facts.get("remove", 0)))

    def apply(self, state: TournamentState) -> None:
        if self.remove:
            state.fixed.pop(self.name, None)
        else:
            state.fixed[self.name] = self.tisch


@dataclass(frozen=True)
class PlayersApart(Event):
    """A standing constraint: players ``name`` and ``other`` never at one table in every later
    draw (``remove``: 1 takes it away)."""

    kind: ClassVar[str] = "apart"
    SHAPE: ClassVar[Mapping[str, str]] = {"other": "text", "remove": "int"}

    other: str = ""
    remove: int = 0

    def facts(self) -> dict[str, Any]:
        return {"other": self.other, "remove": self.remove}

    @classmethod
    def read(cls, round_no: int, name: str, facts: Mapping[str, Any]) -> Event:
        return cls(round_no, name, str(facts.get("other", "")), int(facts.get("remove", 0)))

    def apply(self, state: TournamentState) -> None:
        pair = {self.name, self.other}
        state.apart[:] = [p for p in state.apart if set(p) != pair]
        if not self.remove:
            state.apart.append((self.name, self.other))


# every kind of event, by the name the ledger stores it under
EVENTS: dict[str, type[Event]] = {c.kind: c for c in (PlayerAdded, PlayerWithdrew, RoundDrawn, TableTotals,
                                                      TotalsReplaced, TotalsVoided, RoundReseated, PlayerFixed,
                                                      PlayersApart)}


def reseated(tables: Sequence[Any], seating: Mapping[int, Sequence[Sequence[str]]]) -> list[Any]:
    """A round's tables (``RoundTable``-like: ``round``, ``tisch``, ``players``) with the players
    of the latest reseating of their round (``seating``: round -> players by table number), the
    rest as drawn."""
    from dataclasses import replace

    out = []
    for t in tables:
        after = seating.get(t.round)
        if after is not None and 1 <= t.tisch <= len(after):
            t = replace(t, players=list(after[t.tisch - 1]))
        out.append(t)
    return out


def read_event(stored: TournamentEvent) -> Event | None:
    """A stored event as its class (None for a kind this program does not know: a ledger written
    by a later version, whose events this one leaves as they are)."""
    kind = EVENTS.get(stored.kind)
    return kind.read(stored.round, stored.name, stored.data) if kind is not None else None


def fold_tournament(players: Sequence[str], events: Iterable[TournamentEvent]) -> TournamentState:
    """The tournament's events folded, in the order they were recorded, over the players of its
    file (the file is never edited: latecomers and withdrawals are events)."""
    state = TournamentState(list(players))
    for stored in events:
        event = read_event(stored)
        if event is not None:
            event.apply(state)
    return state
