"""What the tournament commands do, over the table file and its ledger.

Each table of each round is a session of its own (``round_tables`` names it), so a table's
hands, dealer rotation, corrections and replay are those of any table: ``evening`` does them,
given the table's session and a table file whose players are the players of that table. The
ranking adds up every table's hands in tournament points (the stored payouts: the Bavarian
engine priced them with the ``[points]``), as plus-minus or, for ``plus-only``, only what each
player won.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from ..errors import IllegalEntry, ScoreError
from ..i18n import Join, Text
from ..ledger import Ledger
from ..rules.family import fold, resolve_name
from ..rules.model import UNIT_POINT, GameEntry
from ..rules.play import Played, play
from ..session.place import Place
from ..session.records import RoundTable, TournamentEvent
from ..session.tournament import RoundDrawn, fold_tournament
from ..table import TableConfig
from .draw import Layout, draw_tables, layout, meetings, repeats, spread_tables
from .points import capped, small_int
from .settings import TournamentSettings

SOLO_KINDS = ("solo", "sie", "bettel")
# what a stand-in is called on the lists (numbered: "Ersatz 1"), per language
STANDIN_NAME = {"de": "Ersatz", "en": "Stand-in"}


def settings_of(cfg: TableConfig) -> TournamentSettings:
    """The tournament's settings; a table file of another kind is refused."""
    if cfg.kind != "tournament" or cfg.tournament is None:
        raise IllegalEntry(Text("cli.tournament.not_a_tournament", path=str(cfg.path)),
                           Text("cli.tournament.not_a_tournament_hint"))
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
class Seat(Place):
    """Table ``tisch`` of round ``round``: its players (seat order, the first dealt first) and
    the session that holds its hands. As the place of that session (``session.place``) it
    counts its hands in tournament points, seats the players the draw seated, is never closed,
    and words what is refused there of the table: "table 2 of round 1", the table's sheet."""

    round: int
    tisch: int
    session_id: int  # always a session: the table's
    players: tuple[str, ...]
    standins: tuple[str, ...] = ()

    unit: ClassVar[str | None] = UNIT_POINT
    kept_open: ClassVar[bool] = True

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
        return self._at("cli.tournament.place_table")

    def within(self, session: int | str) -> Text:
        return self._at("cli.tournament.place_at_table")

    def nothing_to_correct(self) -> tuple[Text, Text]:
        return self._at("cli.tournament.nothing_to_correct"), self._at("cli.tournament.record_games")

    def nothing_to_undo(self) -> tuple[Text, Text]:
        return self._at("cli.tournament.nothing_to_undo"), self._at("cli.tournament.record_games")

    def closed(self, session: int, meanwhile: bool = False, correcting: bool = True) -> tuple[Text, Text]:
        return self._at("cli.tournament.table_closed"), self._at("cli.tournament.table_closed_hint")

    def look(self, why: str) -> Text:
        return self._at("cli.tournament.see_sheet")

    def correct_first(self) -> Text:
        return self._at("cli.tournament.correct_first")


def _seat(table: RoundTable, standins: Sequence[str] | None = None) -> Seat:
    """A round's table as a seat, with who of its players its round's draw seated as a
    stand-in (``standins``: the draw's, where the table does not say them)."""
    seated = table.standins if standins is None else tuple(p for p in table.players if p in standins)
    return Seat(table.round, table.tisch, table.session_id, tuple(table.players), seated)


def _seats(ledger: Ledger, round_no: int | None = None) -> list[Seat]:
    """The tables of one round (``Ledger.seating``'s one query), or of every round."""
    if round_no is not None:
        return [_seat(t) for t in ledger.seating(round_no)[1]]
    standins = fold_tournament((), ledger.events()).standins
    return [_seat(t, standins.get(t.round, ())) for t in ledger.round_tables()]


# -- who plays: the registered players, latecomers and withdrawals ------------------------------

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


def roster(cfg: TableConfig, ledger: Ledger) -> Roster:
    """The tournament's players after every recorded latecomer and withdrawal."""
    state = fold_tournament(cfg.players, ledger.events())
    return Roster(tuple(state.players), state.joined, state.withdrawn)


def name_of(players: Sequence[str], typed: str) -> str:
    """A registered player by unique prefix; an unknown name is said of the tournament (with a
    "did you mean" where one is close), not of "this table"."""
    try:
        return resolve_name(typed, list(players))
    except IllegalEntry as exc:
        if exc.text is None or exc.text.key != "engine.not_a_player":
            raise
        import difflib

        close = difflib.get_close_matches(fold(typed)[0], [fold(c)[0] for c in players], n=1, cutoff=0.6)
        mean = next((c for c in players if close and fold(c)[0] == close[0]), None)
        raise IllegalEntry(Text("cli.tournament.not_registered", typed=repr(typed.strip())),
                           Text("common.did_you_mean", name=mean) if mean else
                           Text("cli.tournament.see_registered")) from None


def latest_round(ledger: Ledger) -> int:
    rounds = ledger.rounds()
    return rounds[-1].round if rounds else 0


def round_seats(cfg: TableConfig, ledger: Ledger, round_no: int | None = None,
                tisch: int | None = None) -> tuple[int, list[Seat]]:
    """The round asked for (default: the latest) and its tables (``tisch``: that one alone, if
    there is one); refused before the first draw and for a round not drawn."""
    settings_of(cfg)
    last, tables = ledger.seating(round_no, tisch)
    if last == 0:
        raise IllegalEntry(Text("cli.tournament.no_round"), Text("cli.tournament.no_round_hint"))
    if round_no is None:
        round_no = last
    if not 1 <= round_no <= last:
        raise IllegalEntry(Text("cli.tournament.no_such_round_one" if last == 1 else "cli.tournament.no_such_round",
                                round=round_no, last=last),
                           Text("cli.tournament.rounds_drawn_one" if last == 1 else "cli.tournament.rounds_drawn",
                                last=last))
    return round_no, [_seat(t) for t in tables]


def find_seat(cfg: TableConfig, ledger: Ledger, tisch: int, round_no: int | None = None) -> Seat:
    """Table ``tisch`` of a round (default: the latest)."""
    round_no, seats = round_seats(cfg, ledger, round_no, tisch)
    for seat in seats:
        if seat.tisch == tisch:
            return seat
    round_no, seats = round_seats(cfg, ledger, round_no)  # no such table: say how many there are
    one = len(seats) == 1
    raise IllegalEntry(Text("cli.tournament.no_such_table_one" if one else "cli.tournament.no_such_table",
                            tisch=tisch, round=round_no, count=len(seats)),
                       Text("cli.tournament.tables_are_one" if one else "cli.tournament.tables_are", count=len(seats)))


def open_seat(cfg: TableConfig, ledger: Ledger, tisch: int, round_no: int | None = None) -> Seat:
    """Table ``tisch`` of a round, to record or correct a hand there: refused if its session
    was closed (``settle --close`` of an older version; a tournament never closes a table)."""
    seat = find_seat(cfg, ledger, tisch, round_no)
    info = ledger.session(seat.session_id)
    if info is not None and info.closing is not None:
        raise IllegalEntry(Text("cli.tournament.table_closed", tisch=seat.tisch, round=seat.round),
                           Text("cli.tournament.table_closed_hint"))
    return seat


def seat_of(ledger: Ledger, round_no: int, name: str) -> Seat | None:
    return next((s for s in _seats(ledger, round_no) if name in s.players), None)


# -- entries -------------------------------------------------------------------------------

def entry_for(cfg: TableConfig, ledger: Ledger, seat: Seat, words: Sequence[str],
              options: dict[str, Any] | None = None) -> tuple[GameEntry, str]:
    """A hand typed for one table: its names resolved among the players of that table. A
    registered player who sits elsewhere this round is named as such."""
    from ..entry import entry_from_words

    family = cfg.family_obj()
    try:
        return entry_from_words(family, seat.players, words, options)
    except IllegalEntry as exc:
        _not_seated(cfg, ledger, seat, lambda: entry_from_words(family, cfg.players, words, options)[0].names())
        raise exc


def corrected_for(cfg: TableConfig, ledger: Ledger, seat: Seat, old: GameEntry, words: Sequence[str],
                  options: dict[str, Any], given: set[str]) -> tuple[GameEntry, str]:
    """``edit N --tisch T``: the correction with its names resolved at that table."""
    from ..entry import corrected_entry

    family = cfg.family_obj()
    try:
        return corrected_entry(family, seat.players, old, words, options, given)
    except IllegalEntry as exc:
        _not_seated(cfg, ledger, seat,
                    lambda: corrected_entry(family, cfg.players, old, words, options, given)[0].names())
        raise exc


def _not_seated(cfg: TableConfig, ledger: Ledger, seat: Seat, names: Any) -> None:
    """Raise "NAME does not sit at table T" where the entry reads among all the registered
    players and names one who sits elsewhere (else return: the entry's own error stands)."""
    try:
        found = names()
    except ScoreError:
        return
    for name in found:
        if name not in seat.players:
            other = seat_of(ledger, seat.round, name)
            where = (Text("cli.tournament.sits_at", name=name, tisch=other.tisch) if other
                     else Text("cli.tournament.sits_nowhere", name=name))
            raise IllegalEntry(Text("cli.tournament.not_seated", name=name, tisch=seat.tisch, round=seat.round,
                                    where=where),
                               Text("cli.tournament.players_at", tisch=seat.tisch, names=Join(seat.players)))


def _limit_check(cfg: TableConfig, ledger: Ledger, seat: Seat, more: int = 1) -> Any:
    limit = settings_of(cfg).games_at(len(seat.players))

    def check(view: Any, events: list[TournamentEvent] | None = None) -> None:
        if seat.session_id in table_totals(ledger, events):
            raise IllegalEntry(Text("cli.tournament.hands_after_totals", tisch=seat.tisch, round=seat.round),
                               Text("cli.tournament.hands_after_totals_hint"))
        if view.closed:
            raise IllegalEntry(Text("cli.tournament.table_closed", tisch=seat.tisch, round=seat.round),
                               Text("cli.tournament.table_closed_hint"))
        done = len(view.valid_rows())
        if done + more > limit:
            if more == 1:
                raise IllegalEntry(Text("cli.tournament.table_full_one" if limit == 1 else "cli.tournament.table_full",
                                        tisch=seat.tisch, round=seat.round, games=limit),
                                   Text("cli.tournament.table_full_hint"))
            raise IllegalEntry(Text("cli.tournament.list_too_long", tisch=seat.tisch, round=seat.round, done=done,
                                    more=more, games=limit), Text("cli.tournament.table_full_hint"))

    return check


def add_game(cfg: TableConfig, ledger: Ledger, seat: Seat, entry: GameEntry, typed: str,
             check: Any = None, after: Any = None) -> tuple[int, Played, Any]:
    """Record a hand at a table of the latest round: refused beyond the round's games.
    ``check(view)`` and ``after(hand, played, view)`` (the hand in points, capped) are called
    inside the table's write transaction as ``evening.add`` calls them (the server records a
    request's idempotency key and its answer there)."""
    from ..evening import add

    limit = _limit_check(cfg, ledger, seat)
    cap = 0

    def in_lock(view: Any) -> None:
        # inside the table's lock, which a draw waits for: the round and its events as they stand
        nonlocal cap
        if seat.round != latest_round(ledger):
            raise IllegalEntry(Text("cli.tournament.round_over", round=seat.round),
                               Text("cli.tournament.round_over_hint", round=seat.round))
        events = ledger.events()
        limit(view, events)
        cap = round_caps(ledger, events).get(seat.round, 0)
        if check is not None:
            check(view)

    def answered(hand: int, played: Played, view: Any) -> None:
        if after is not None:
            after(hand, as_points(played, cap), view)

    hand, played, view = add(table_cfg(cfg, seat.players), ledger, entry, typed, place=seat,
                             check=in_lock, after=answered)
    return hand, as_points(played, cap), view


def list_lines(text: str) -> list[str]:
    """A list's lines, split where an editor breaks them: at ``\\n``, ``\\r\\n`` and ``\\r`` only
    (a form feed, vertical tab or U+2028 inside a line leaves it one line, so the line numbers
    of errors are the editor's).

    >>> list_lines("weiter\\x0cweiter\\r\\nweiter\\u2028x\\rend\\n")
    ['weiter\\x0cweiter', 'weiter\\u2028x', 'end']
    """
    import re

    lines = re.split(r"\r\n|\r|\n", text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


# the long options a list line may hold besides the short notation: who sat out, who dealt
LINE_OPTIONS = {"--sitting-out": "sitting_out", "--dealer": "dealer"}


def line_words(text: str) -> tuple[list[str], dict[str, Any]]:
    """A list line's words and the long options it holds (``--sitting-out NAME``, repeatable,
    and ``--dealer NAME``; also written ``--sitting-out=NAME``).

    >>> line_words("sau an be 72 --sitting-out Emil")
    (['sau', 'an', 'be', '72'], {'sitting_out': ['Emil']})
    """
    words: list[str] = []
    options: dict[str, Any] = {}
    tokens = text.split()
    i = 0
    while i < len(tokens):
        token = tokens[i]
        i += 1
        if not token.startswith("--"):
            words.append(token)
            continue
        option, eq, value = token.partition("=")
        if option not in LINE_OPTIONS:
            raise IllegalEntry(Text("cli.tournament.list_option", option=option),
                               Text("cli.tournament.list_option_hint"))
        if not eq:
            if i >= len(tokens) or tokens[i].startswith("--"):
                raise IllegalEntry(Text("cli.tournament.list_option_name", option=option),
                                   Text("cli.tournament.list_option_hint"))
            value = tokens[i]
            i += 1
        field_name = LINE_OPTIONS[option]
        if field_name == "sitting_out":
            options.setdefault(field_name, []).append(value)
        else:
            options[field_name] = value
    return words, options


def enter_list(cfg: TableConfig, ledger: Ledger, seat: Seat, lines: Sequence[str],
               latest_only: bool = True) -> list[tuple[int, Played]]:
    """A table's whole list, one hand a line in the short notation (blank lines and ``#``
    comments left out; ``--sitting-out NAME`` and ``--dealer NAME`` allowed on a line): every
    line checked, then all written in one transaction, or none. An error names the line.
    ``latest_only``: refused if a later round has been drawn meanwhile (without ``--round``)."""
    from ..evening import current_state

    entries: list[tuple[int, GameEntry, str]] = []
    for no, line in enumerate(lines, 1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        try:
            words, options = line_words(text)
            entry, typed = entry_for(cfg, ledger, seat, words, options)
        except ScoreError as exc:
            raise _at_line(no, exc) from None
        entries.append((no, entry, typed))
    if not entries:
        raise IllegalEntry(Text("cli.tournament.list_empty"), Text("cli.tournament.list_empty_hint"))
    if latest_only and seat.round != latest_round(ledger):
        raise IllegalEntry(Text("cli.tournament.round_over", round=seat.round),
                           Text("cli.tournament.round_over_hint", round=seat.round))
    tcfg = table_cfg(cfg, seat.players)
    rules = tcfg.snapshot()
    out: list[tuple[int, Played]] = []
    with ledger.write(scope=seat.session_id) as conn:
        view, state = current_state(tcfg, ledger, seat)
        _limit_check(cfg, ledger, seat, len(entries))(view)
        hand = ledger.next_hand(conn, seat.session_id)
        for no, entry, typed in entries:
            try:
                played = play(entry, rules, state)
            except ScoreError as exc:
                raise _at_line(no, exc) from None
            o = played.outcome
            ledger.insert_game(conn, seat.session_id, hand, entry, typed, rules, UNIT_POINT, o.payout_map(), o.stock,
                               played.summary())
            out.append((hand, as_points(played)))
            hand += 1
            state = played.after
    return out


def _at_line(no: int, exc: ScoreError) -> IllegalEntry:
    """An error of a list's line, named by its number; a hint to say who sat out with
    ``--sitting-out`` says how to write that on the line."""
    hint = exc.hint_text
    if hint is not None and hint.key == "engine.not_playing_hint":
        hint = Text("cli.tournament.list_sitting_out_hint", **hint.params)
    return IllegalEntry(Text("cli.tournament.at_line", line=no, problem=exc.text), hint)


# -- the draw ------------------------------------------------------------------------------

def unfinished(cfg: TableConfig, ledger: Ledger, seats: list[Seat]) -> list[tuple[Seat, int, int]]:
    """The tables of a round still playing: (table, games played, games to play); a table
    whose paper totals are in has finished."""
    settings = settings_of(cfg)
    counts = ledger.valid_game_counts([s.session_id for s in seats])
    done = table_totals(ledger)
    return [(s, counts.get(s.session_id, 0), settings.games_at(len(s.players))) for s in seats
            if s.session_id not in done and counts.get(s.session_id, 0) < settings.games_at(len(s.players))]


def unfinished_seat(cfg: TableConfig, ledger: Ledger, seat: Seat) -> bool:
    return bool(unfinished(cfg, ledger, [seat]))


def table_totals(ledger: Ledger, events: list[TournamentEvent] | None = None) -> dict[int, dict[str, Any]]:
    """The paper totals entered for tables (session id -> ``totals``, ``solos``, ``won``);
    ``events``: the ledger's events, read already."""
    return fold_tournament((), ledger.events() if events is None else events).totals


def seat_cap(ledger: Ledger, seat: Seat) -> int:
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


@dataclass(frozen=True)
class DrawnRound:
    round: int
    method: str
    seed: str
    seats: list[Seat]
    repeats: list[tuple[str, str, int]] = field(default_factory=list)
    fixed: dict[str, int] = field(default_factory=dict)
    apart: list[tuple[str, str]] = field(default_factory=list)


def standin_names(count: int, taken: Sequence[str], language: str) -> list[str]:
    """``count`` stand-ins' names ("Ersatz 1", ...), none the name of a registered player."""
    word = STANDIN_NAME.get(language, STANDIN_NAME["en"])
    folded = {t.casefold() for t in taken}
    out: list[str] = []
    n = 1
    while len(out) < count:
        name = f"{word} {n}"
        if name.casefold() not in folded:
            out.append(name)
        n += 1
    return out


def _constraints(players: Sequence[str], tables: int, sizes: Sequence[int], fix: Sequence[str],
                 apart: Sequence[str]) -> tuple[dict[str, int], list[tuple[str, str]]]:
    """``--fix NAME=TABLE`` and ``--apart A,B`` read and checked against the players the round
    seats and its tables."""
    fixed: dict[str, int] = {}
    for item in fix:
        typed, eq, number = item.partition("=")
        if not eq or not typed.strip() or not number.strip():
            raise IllegalEntry(Text("cli.tournament.fix_form", item=item), Text("cli.tournament.fix_hint"))
        name = name_of(players, typed.strip())
        tisch = small_int(number.strip(), 1, tables)
        if tisch is None:
            raise IllegalEntry(Text("cli.tournament.fix_table", item=item, count=tables),
                               Text("cli.tournament.fix_hint"))
        if name in fixed and fixed[name] != tisch:
            raise IllegalEntry(Text("cli.tournament.fix_twice", name=name), Text("cli.tournament.fix_hint"))
        fixed[name] = tisch
    for tisch in sorted(set(fixed.values())):
        there = [n for n, t in fixed.items() if t == tisch]
        if len(there) > sizes[tisch - 1]:
            raise IllegalEntry(Text("cli.tournament.fix_full", tisch=tisch, seats=sizes[tisch - 1], names=Join(there, "and")),
                               Text("cli.tournament.fix_hint"))
    pairs: list[tuple[str, str]] = []
    for item in apart:
        parts = [x.strip() for x in item.split(",")]
        if len(parts) != 2 or not all(parts):
            raise IllegalEntry(Text("cli.tournament.apart_form", item=item), Text("cli.tournament.apart_hint"))
        a, b = name_of(players, parts[0]), name_of(players, parts[1])
        if a == b:
            raise IllegalEntry(Text("cli.tournament.apart_same", name=a), Text("cli.tournament.apart_hint"))
        if a in fixed and b in fixed and fixed[a] == fixed[b]:
            raise IllegalEntry(Text("cli.tournament.apart_fixed", a=a, b=b, tisch=fixed[a]),
                               Text("cli.tournament.apart_hint"))
        pairs.append((a, b))
    return fixed, pairs


def history(ledger: Ledger) -> tuple[list[list[list[str]]], list[str]]:
    """Every drawn round's tables (in round order) and every stand-in's name."""
    by_round: dict[int, list[list[str]]] = {}
    standins: list[str] = []
    for seat in _seats(ledger):
        by_round.setdefault(seat.round, []).append(list(seat.players))
        standins += [p for p in seat.standins if p not in standins]
    return [by_round[r] for r in sorted(by_round)], standins


def draw_round(cfg: TableConfig, ledger: Ledger, method: str | None = None, seed: str | None = None,
               force: bool = False, fix: Sequence[str] = (), apart: Sequence[str] = ()) -> DrawnRound:
    """Draw the next round and record it (its tables, each a new session, and the draw's facts:
    stand-ins, ``--fix``, ``--apart``, the points cap), in one transaction. Round 1 at random
    (``spread`` where players are fixed or kept apart); later ones by ``method`` (default: the
    file's ``draw``). Refused after the last round, while tables of the round before still play
    (unless ``force``), and where the players cannot be seated without ``short_tables``."""
    import secrets

    settings = settings_of(cfg)
    # who cannot be seated is refused before the ledger is made or locked (and again inside)
    if latest_round(ledger) < settings.rounds:
        early = layout(len(roster(cfg, ledger).active), settings.short_tables)
        if ledger.conn is None:  # no ledger yet: --fix and --apart checked before it is made
            players = roster(cfg, ledger).active
            _constraints(players, len(early.sizes),
                         [size - (1 if i < early.standins else 0) for i, size in enumerate(early.sizes)], fix, apart)
    with ledger.write() as conn:
        rounds = ledger.rounds()
        last = rounds[-1].round if rounds else 0
        if last >= settings.rounds:
            raise IllegalEntry(Text("cli.tournament.all_drawn_one" if settings.rounds == 1
                                    else "cli.tournament.all_drawn", rounds=settings.rounds),
                               Text("cli.tournament.all_drawn_hint"))
        if last and not force:
            open_tables = unfinished(cfg, ledger, _seats(ledger, last))
            if open_tables:
                raise IllegalEntry(
                    Text("cli.tournament.still_playing", round=last,
                         tables=Join(Text("cli.tournament.table_progress", tisch=s.tisch, done=done, games=games)
                                     for s, done, games in open_tables)),
                    Text("cli.tournament.still_playing_hint"))
        round_no = last + 1
        method = method or ("random" if round_no == 1 else settings.draw)
        if method == "ranking" and round_no == 1:
            raise IllegalEntry(Text("cli.tournament.first_random"), Text("cli.tournament.first_random_hint"))
        if method == "ranking" and (fix or apart):
            raise IllegalEntry(Text("cli.tournament.ranking_fixed"), Text("cli.tournament.ranking_fixed_hint"))
        if method == "random" and (fix or apart):
            method = "spread"  # the spread draw is the one that honours them; in round 1 it is a lot
        if seed is None:
            seed = settings.seed or (str(rounds[0].seed) if rounds else secrets.token_hex(4))
        players = roster(cfg, ledger).active
        plan: Layout = layout(len(players), settings.short_tables)
        real = [size - (1 if i < plan.standins else 0) for i, size in enumerate(plan.sizes)]
        fixed, pairs = _constraints(players, len(real), real, fix, apart)
        past, old_standins = history(ledger)
        met = meetings(past, old_standins)
        if method == "ranking":
            ranked = [r.player for r in ranking(cfg, ledger)]
            active = set(players)
            tables = draw_tables(players, round_no, seed, [p for p in ranked if p in active], real)
        elif method == "spread":
            tables = spread_tables(players, round_no, seed, real, met, fixed, pairs)
        else:
            tables = draw_tables(players, round_no, seed, None, real)
        found = repeats(tables, met)
        standins = standin_names(plan.standins, roster(cfg, ledger).players, cfg.language)
        for table, standin in zip(tables, standins, strict=False):
            table.append(standin)
        ledger.insert_round(conn, round_no, method, seed)
        ledger.record_event(conn, RoundDrawn(round_no, "", tuple(standins), plan.short, fixed,
                                             tuple((a, b) for a, b in pairs), settings.cap, settings.day_of(round_no)))
        seats = []
        for tisch, people in enumerate(tables, 1):
            sid = ledger.insert_session(conn)
            ledger.insert_round_table(conn, round_no, tisch, sid, people)
            seats.append(Seat(round_no, tisch, sid, tuple(people), tuple(p for p in people if p in standins)))
    return DrawnRound(round_no, method, seed, seats, found, fixed, pairs)


def draw_report(cfg: TableConfig, ledger: Ledger, round_no: int | None = None) -> tuple[int, list[tuple[str, str, int]]]:
    """A drawn round's quality: the pairs at one table who met in an earlier round (with how
    often before), stand-ins left out."""
    round_no, seats = round_seats(cfg, ledger, round_no)
    past, standins = history(ledger)
    met = meetings(past[:round_no - 1], standins)
    return round_no, repeats([list(s.players) for s in seats], met, standins)


# -- the ranking -----------------------------------------------------------------------------

@dataclass
class Standing:
    """One player's tournament so far: points (as the tournament counts them), the plus and
    minus points, solos won, hands won, hands played; ``rank`` 1 is the best; ``lot``: the lot
    decided between this player and a neighbour with the same points, solos and hands won;
    ``withdrawn``: he withdrew (keeps his place, never seated again); ``joined``: the round a
    latecomer joined in (0: from the start)."""

    player: str
    points: int = 0
    plus: int = 0
    minus: int = 0
    solos_won: int = 0
    games_won: int = 0
    games: int = 0
    rank: int = 0
    lot: bool = False
    rounds: dict[int, int] = field(default_factory=dict)
    withdrawn: bool = False
    joined: int = 0

    def key(self) -> tuple[int, int, int]:
        return (self.points, self.solos_won, self.games_won)

    def to_json(self) -> dict[str, Any]:
        return {"rank": self.rank, "player": self.player, "points": self.points, "plus": self.plus,
                "minus": self.minus, "solos_won": self.solos_won, "games_won": self.games_won, "games": self.games,
                "lot": self.lot, "rounds": {str(k): v for k, v in sorted(self.rounds.items())},
                "withdrawn": self.withdrawn, "joined": self.joined}


def lot_seed(cfg: TableConfig, ledger: Ledger) -> str:
    """What the lot between tied players is drawn from: the file's ``seed``, else the seed
    round 1 was drawn with."""
    settings = settings_of(cfg)
    rounds = ledger.rounds()
    return settings.seed or (str(rounds[0].seed) if rounds else "")


def lot_number(seed: str, name: str) -> str:
    """A player's lot: a digest of the tournament's seed and his name. The same on every
    machine, for every entry order; the smaller lot ranks first.

    >>> lot_number("x", "Anna") < lot_number("x", "Ben")
    True
    """
    return hashlib.sha256(f"schafkopf-lot\x1f{seed}\x1f{name}".encode()).hexdigest()


def ranking(cfg: TableConfig, ledger: Ledger, upto: int | None = None, day: int | None = None) -> list[Standing]:
    """Every player's standing after the rounds up to ``upto`` (default: all drawn; ``day``:
    only that day's rounds), best first: by points, then solos won, then hands won, then the
    lot. Stand-ins are left out; a withdrawn player keeps his place; a table's paper totals
    count as its hands would; each round's points cap applies to its hands."""
    from ..evening import view_session

    settings = settings_of(cfg)
    family = cfg.family_obj()
    people = roster(cfg, ledger)
    # a latecomer is marked from the round he joined in (one registered before round 1 is not late)
    table: dict[str, Standing] = {p: Standing(p, joined=people.joined.get(p, 0) if people.joined.get(p, 0) > 1 else 0,
                                             withdrawn=p in people.withdrawn)
                                  for p in people.players}
    totals = table_totals(ledger)
    caps = round_caps(ledger)
    days = fold_tournament((), ledger.events()).days
    for seat in _seats(ledger):
        if upto is not None and seat.round > upto:
            continue
        if day is not None and days.get(seat.round, settings.day_of(seat.round)) != day:
            continue
        ranked = [p for p in seat.players if p not in seat.standins]
        for p in ranked:
            table.setdefault(p, Standing(p)).rounds.setdefault(seat.round, 0)
        paper = totals.get(seat.session_id)
        if paper is not None:
            hands = settings.games_at(len(seat.players))
            each = hands * 4 // 5 if len(seat.players) == 5 else hands
            for name in ranked:
                s = table[name]
                value = int(paper["totals"].get(name, 0))
                s.games += each
                s.plus += max(value, 0)
                s.minus += min(value, 0)
                counted = max(value, 0) if settings.plus_only else value
                s.points += counted
                s.rounds[seat.round] += counted
                s.solos_won += int(paper.get("solos", {}).get(name, 0))
                s.games_won += int(paper.get("won", {}).get(name, 0))
            continue
        view = view_session(table_cfg(cfg, seat.players), ledger, place=seat)
        cap = caps.get(seat.round, 0)
        for row in view.valid_rows():
            assert row.played is not None
            out = row.played.outcome
            solo = family.game(out.game).kind in SOLO_KINDS
            for name, value in capped(out.payouts, cap):
                if name in seat.standins:
                    continue
                s = table.setdefault(name, Standing(name))
                s.games += 1
                s.plus += max(value, 0)
                s.minus += min(value, 0)
                counted = max(value, 0) if settings.plus_only else value
                s.points += counted
                s.rounds[seat.round] = s.rounds.get(seat.round, 0) + counted
                if value > 0:
                    s.games_won += 1
                    if solo and out.declarers == (name,) and out.won:
                        s.solos_won += 1
    if day is not None:  # a day's ranking: those who played that day
        table = {n: s for n, s in table.items() if s.rounds}
    seed = lot_seed(cfg, ledger)
    order = sorted(table.values(), key=lambda s: (-s.points, -s.solos_won, -s.games_won, lot_number(seed, s.player)))
    for i, s in enumerate(order, 1):
        s.rank = i
        s.lot = any(0 <= j < len(order) and order[j].key() == s.key() for j in (i - 2, i))
    return order


# -- a table's sheet ---------------------------------------------------------------------------

def table_view(cfg: TableConfig, ledger: Ledger, seat: Seat) -> Any:
    """A table's session replayed, in points."""
    from ..evening import view_session

    return view_session(table_cfg(cfg, seat.players), ledger, place=seat)
