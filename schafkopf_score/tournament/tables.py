"""A tournament's tables over its ledger: who plays (the roster the events make), the tables of a
round and who sits where, each table as the place of its session (``TournamentTable``: a tournament's
``session.place.Place``), its points cap and paper totals, and its sheet.

Each table of each round is a session of its own (``round_tables`` names it), so a table's
hands, dealer rotation, corrections and replay are those of any session: ``evening`` does them,
given the table as the place and a table file whose players are the players of that table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, TypeVar

from ..errors import IllegalEntry
from ..i18n import Text
from ..ledger import Ledger
from ..rules.matching import resolve_name, spellings
from ..rules.model import UNIT_POINT
from ..rules.play import Played
from ..session.fold import SessionState, replayed
from ..session.place import Place
from ..session.records import RoundTable, TournamentEvent
from ..session.tournament import Event, TournamentState, fold_tournament
from ..table import TableConfig
from ..table.tournament import TournamentSettings
from .points import capped

SOLO_KINDS = ("solo", "sie", "bettel")


# what a stand-in is called on the lists (numbered: "Ersatz 1"), per language
STANDIN_NAME = {"de": "Ersatz", "en": "Stand-in"}


def settings_of(cfg: TableConfig) -> TournamentSettings:
    """The tournament's settings; a table file of another kind is refused."""
    if cfg.kind != "tournament" or cfg.tournament is None:
        raise IllegalEntry(Text("tournament.not_a_tournament", path=str(cfg.path)),
                           Text("tournament.not_a_tournament_hint"))
    return cfg.tournament  # type: ignore[no-any-return]


def table_cfg(cfg: TableConfig, players: Sequence[str]) -> TableConfig:
    """The table file as one table of the tournament sees it: its players, in seat order; a
    table of three plays the 3-seat Bavarian form (short deck, no partner games)."""
    if len(players) == 3:
        return replace(cfg, players=tuple(players), seats=3, deck="short")
    return replace(cfg, players=tuple(players))


def as_points(played: Played, cap: int = 0) -> Played:
    """A hand as the tournament shows it: the engine's amounts are tournament points, capped
    at ``cap`` points a player (0: no cap)."""
    outcome = replace(played.outcome, unit=UNIT_POINT)
    if cap:
        outcome = replace(outcome, payouts=tuple(capped(outcome.payouts, cap)))
    return replace(played, outcome=outcome)


@dataclass(frozen=True)
class TournamentTable(Place):
    """Table ``tisch`` of round ``round``: its players (seat order, the first dealt first) and
    the session that holds its hands. As the place of that session (``session.place``) it
    counts its hands in tournament points, seats the players the draw seated, is never closed,
    and words what is refused there of the table: "table 2 of round 1", the table's sheet."""

    round: int
    tisch: int
    session_id: int  # always a session: the table's
    players: tuple[str, ...]
    standins: tuple[str, ...] = ()
    cap: int = 0  # the points cap of its round (0: none), as the round was drawn
    latest_only: bool = True  # hands go in only while its round is the latest (not when named by --round)

    unit: ClassVar[str | None] = UNIT_POINT
    kept_open: ClassVar[bool] = True

    def admit(self, table: Any, ledger: Any, state: Any, more: int = 1) -> None:
        """Inside the table's lock (which a draw waits for), before ``more`` hands: refused once
        the next round is drawn (unless the table was named with its round), once its paper
        totals are in, and beyond the round's games."""
        if self.latest_only and self.round != latest_round(ledger):
            raise IllegalEntry(Text("tournament.round_over", round=self.round),
                               Text("tournament.round_over_hint", round=self.round))
        if self.session_id in table_totals(ledger):
            raise IllegalEntry(self._at("tournament.hands_after_totals"),
                               Text("tournament.paper_replace_hint", tisch=self.tisch,
                                    at_round="" if self.latest_only else f" --round {self.round}"))
        if state.closed:
            raise IllegalEntry(self._at("tournament.table_closed"), Text("tournament.table_closed_hint"))
        limit = settings_of(table).games_at(len(self.players))
        done = len(state.valid_rows())
        if done + more > limit:
            if more == 1:
                raise IllegalEntry(Text("tournament.table_full_one" if limit == 1 else "tournament.table_full",
                                        tisch=self.tisch, round=self.round, games=limit),
                                   Text("tournament.table_full_hint"))
            raise IllegalEntry(Text("tournament.list_too_long", tisch=self.tisch, round=self.round, done=done,
                                    more=more, games=limit), Text("tournament.table_full_hint"))

    def shown(self, played: Played) -> Played:
        return as_points(played, self.cap)

    @property
    def seated(self) -> tuple[str, ...]:
        return self.players

    @property
    def three(self) -> bool:
        """A table of three (``short_tables = "three"``)."""
        return len(self.players) == 3

    def _at(self, key: str) -> Text:
        return Text(key, tisch=self.tisch, round=self.round)

    def named(self, session: int | str) -> Text:
        return self._at("tournament.place_table")

    def within(self, session: int | str) -> Text:
        return self._at("tournament.place_at_table")

    def nothing_to_correct(self) -> tuple[Text, Text]:
        return self._at("tournament.nothing_to_correct"), self._at("tournament.record_games")

    def nothing_to_undo(self) -> tuple[Text, Text]:
        return self._at("tournament.nothing_to_undo"), self._at("tournament.record_games")

    def closed(self, session: int, meanwhile: bool = False, correcting: bool = True) -> tuple[Text, Text]:
        return self._at("tournament.table_closed"), self._at("tournament.table_closed_hint")

    def look(self, why: str) -> Text:
        return self._at("tournament.see_sheet")

    def correct_first(self) -> Text:
        return self._at("tournament.correct_first")


def _table(table: RoundTable, standins: Sequence[str] | None = None) -> TournamentTable:
    """A round's table as a seat, with who of its players its round's draw seated as a
    stand-in (``standins``: the draw's, where the table does not say them)."""
    seated = table.standins if standins is None else tuple(p for p in table.players if p in standins)
    return TournamentTable(table.round, table.tisch, table.session_id, tuple(table.players), seated)


def _tables(ledger: Ledger, round_no: int | None = None, state: TournamentState | None = None) -> list[TournamentTable]:
    """The tables of one round (``Ledger.seating``'s one query), or of every round (``state``:
    the tournament's events folded already)."""
    if round_no is not None:
        return [_table(t) for t in ledger.seating(round_no)[1]]
    standins = (state or fold_tournament((), ledger.events())).standins
    return [_table(t, standins.get(t.round, ())) for t in ledger.round_tables()]


def _withdrawn_one(withdrawn: Sequence[str], typed: str) -> str | None:
    """The withdrawn player ``typed`` names, if it names one."""
    if not withdrawn:
        return None
    try:
        return resolve_name(typed, list(withdrawn))
    except IllegalEntry:
        return None


@dataclass(frozen=True)
class Roster:
    """Who belongs to the tournament: the file's players and the latecomers (``joined``: the
    round from which each plays), in order; ``withdrawn``: who left, with the round he left in
    and his reason. The file is never edited: latecomers and withdrawals are events."""

    players: tuple[str, ...]
    joined: dict[str, int] = field(default_factory=dict)
    withdrawn: dict[str, tuple[int, str]] = field(default_factory=dict)

    @property
    def active(self) -> list[str]:
        """The players the next draw seats."""
        return [p for p in self.players if p not in self.withdrawn]


def roster(cfg: TableConfig, ledger: Ledger, state: TournamentState | None = None) -> Roster:
    """The tournament's players after every recorded latecomer and withdrawal (``state``: the
    tournament's events folded already, over the file's players)."""
    state = state or fold_tournament(cfg.players, ledger.events())
    return Roster(tuple(state.players), state.joined, state.withdrawn)


def name_of(players: Sequence[str], typed: str, numbers: Mapping[str, int] | None = None,
            withdrawn: Sequence[str] = ()) -> str:
    """A registered player by unique prefix (or part of his full name), or by his start number
    (``numbers``: ``#17`` or ``17``); an unknown name is said of the tournament (with a "did you
    mean" where one is close), not of "this table"; one of ``withdrawn`` (registered, never
    drawn again) is said to have withdrawn."""
    from .numbers import player_at

    try:
        if numbers is not None:
            found = player_at(typed, players, numbers, bare=True)
            if found is not None:
                return found
        return resolve_name(typed, list(players))
    except IllegalEntry as exc:
        if exc.text is None or exc.text.key != "engine.not_a_player":
            raise
        left = _withdrawn_one(withdrawn, typed)
        if left is not None:
            raise IllegalEntry(Text("tournament.withdrawn_not_drawn", name=left),
                               Text("tournament.withdrawn_not_drawn_hint", name=left)) from None
        import difflib

        close = difflib.get_close_matches(spellings(typed)[0], [spellings(c)[0] for c in players], n=1, cutoff=0.6)
        mean = next((c for c in players if close and spellings(c)[0] == close[0]), None)
        raise IllegalEntry(Text("tournament.not_registered", typed=repr(typed.strip())),
                           Text("common.did_you_mean", name=mean) if mean else
                           Text("tournament.see_registered")) from None


def latest_round(ledger: Ledger) -> int:
    rounds = ledger.rounds()
    return rounds[-1].round if rounds else 0


def tables_of_round(cfg: TableConfig, ledger: Ledger, round_no: int | None = None,
                tisch: int | None = None) -> tuple[int, list[TournamentTable]]:
    """The round asked for (default: the latest) and its tables (``tisch``: that one alone, if
    there is one); refused before the first draw and for a round not drawn."""
    settings_of(cfg)
    last, tables = ledger.seating(round_no, tisch)
    if last == 0:
        raise IllegalEntry(Text("tournament.no_round"), Text("tournament.no_round_hint"))
    if round_no is None:
        round_no = last
    if not 1 <= round_no <= last:
        raise IllegalEntry(Text("tournament.no_such_round_one" if last == 1 else "tournament.no_such_round",
                                round=round_no, last=last),
                           Text("tournament.rounds_drawn_one" if last == 1 else "tournament.rounds_drawn",
                                last=last))
    return round_no, [_table(t) for t in tables]


def find_table(cfg: TableConfig, ledger: Ledger, tisch: int, round_no: int | None = None) -> TournamentTable:
    """Table ``tisch`` of a round (default: the latest, which alone takes new hands), with its
    round's points cap."""
    named, seats = tables_of_round(cfg, ledger, round_no, tisch)
    for seat in seats:
        if seat.tisch == tisch:
            return replace(seat, cap=round_caps(ledger).get(seat.round, 0), latest_only=round_no is None)
    round_no, seats = tables_of_round(cfg, ledger, named)  # no such table: say how many there are
    one = len(seats) == 1
    raise IllegalEntry(Text("tournament.no_such_table_one" if one else "tournament.no_such_table",
                            tisch=tisch, round=round_no, count=len(seats)),
                       Text("tournament.tables_are_one" if one else "tournament.tables_are", count=len(seats)))


def open_table(cfg: TableConfig, ledger: Ledger, tisch: int, round_no: int | None = None,
               command: str = "add") -> TournamentTable:
    """Table ``tisch`` of a round, to record or correct a hand there: refused if its session
    was closed (``settle --close`` of an older version; a tournament never closes a table), and
    a correction of a hand (``command``: ``undo``, ``void``, ``edit``) at a table whose paper
    totals are in (it has no hands: its totals are corrected with ``--replace``)."""
    seat = find_table(cfg, ledger, tisch, round_no)
    info = ledger.session(seat.session_id)
    if info is not None and info.closing is not None:
        raise IllegalEntry(Text("tournament.table_closed", tisch=seat.tisch, round=seat.round),
                           Text("tournament.table_closed_hint"))
    if command in ("undo", "void", "edit") and seat.session_id in table_totals(ledger):
        refuse_paper(seat, command, round_no is not None)
    return seat


def refuse_paper(seat: TournamentTable, command: str, named_round: bool = False) -> None:
    """A hand's correction (``undo``, ``void``, ``edit``) at a table that handed in paper totals:
    refused, naming how its totals are corrected."""
    at_round = f" --round {seat.round}" if named_round else ""
    raise IllegalEntry(Text("tournament.paper_no_hands", command=command, tisch=seat.tisch, round=seat.round),
                       Text("tournament.paper_replace_hint", tisch=seat.tisch, at_round=at_round))


def table_of(ledger: Ledger, round_no: int, name: str) -> TournamentTable | None:
    return next((s for s in _tables(ledger, round_no) if name in s.players), None)


def unfinished(cfg: TableConfig, ledger: Ledger, seats: list[TournamentTable]) -> list[tuple[TournamentTable, int, int]]:
    """The tables of a round still playing: (table, games played, games to play); a table
    whose paper totals are in has finished."""
    settings = settings_of(cfg)
    counts = ledger.valid_game_counts([s.session_id for s in seats])
    done = table_totals(ledger)
    return [(s, counts.get(s.session_id, 0), settings.games_at(len(s.players))) for s in seats
            if s.session_id not in done and counts.get(s.session_id, 0) < settings.games_at(len(s.players))]


def still_playing(cfg: TableConfig, ledger: Ledger, seat: TournamentTable) -> bool:
    return bool(unfinished(cfg, ledger, [seat]))


def table_totals(ledger: Ledger, events: list[TournamentEvent] | None = None) -> dict[int, dict[str, Any]]:
    """The paper totals entered for tables (session id -> ``totals``, ``solos``, ``won``);
    ``events``: the ledger's events, read already."""
    return fold_tournament((), ledger.events() if events is None else events).totals


def table_cap(ledger: Ledger, seat: TournamentTable) -> int:
    """The points cap of the round a table plays in (0: none)."""
    return round_caps(ledger).get(seat.round, 0)


def capped_balances(view: Any, players: Sequence[str], cap: int) -> dict[str, int]:
    """A table's totals over its valid hands, each hand capped as the ranking counts it."""
    out = dict.fromkeys(players, 0)
    for row in view.valid_rows():
        for name, value in capped(row.played.outcome.payouts, cap):
            out[name] = out.get(name, 0) + value
    return out


def round_caps(ledger: Ledger, events: list[TournamentEvent] | None = None) -> dict[int, int]:
    """The points cap each round was drawn under (a round drawn before caps existed: none);
    ``events``: the ledger's events, read already."""
    return fold_tournament((), ledger.events() if events is None else events).caps


def table_view(cfg: TableConfig, ledger: Ledger, table: TournamentTable) -> SessionState:
    """A table's session replayed, in points (its hands as the draw seated them)."""
    log = replace(ledger.log(ledger.session(table.session_id)), place=table)
    return replayed(log, table_cfg(cfg, table.players).snapshot(), UNIT_POINT)


E = TypeVar("E", bound=Event)


def record_checked(ledger: Ledger, checked: Callable[[], E]) -> E:
    """The event ``checked()`` makes (refusing what the command refuses), recorded. Where there
    is no ledger yet it is checked first, so that a refused command makes none (as at a table);
    then again inside the write, against what the transaction sees."""
    if ledger.conn is None:
        checked()
    with ledger.write() as conn:
        event = checked()
        ledger.record_event(conn, event)
    return event
