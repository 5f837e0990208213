"""Drawing a tournament's round over its ledger: who is seated (stand-ins, tables of three), the
seats fixed and the players kept apart, the lot or the ranking, and the draw recorded with its
facts (``session.tournament.RoundDrawn``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..errors import IllegalEntry
from ..i18n import Join, Text
from ..ledger import Ledger
from ..session.tournament import RoundDrawn
from ..table import TableConfig
from .draw import Layout, draw_tables, layout, meetings, repeats, spread_tables
from .points import small_int
from .ranking import ranking
from .tables import STANDIN_NAME, TournamentTable, _tables, latest_round, name_of, roster, settings_of, tables_of_round, unfinished


@dataclass(frozen=True)
class DrawnRound:
    round: int
    method: str
    seed: str
    seats: list[TournamentTable]
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
            raise IllegalEntry(Text("tournament.fix_form", item=item), Text("tournament.fix_hint"))
        name = name_of(players, typed.strip())
        tisch = small_int(number.strip(), 1, tables)
        if tisch is None:
            raise IllegalEntry(Text("tournament.fix_table", item=item, count=tables),
                               Text("tournament.fix_hint"))
        if name in fixed and fixed[name] != tisch:
            raise IllegalEntry(Text("tournament.fix_twice", name=name), Text("tournament.fix_hint"))
        fixed[name] = tisch
    for tisch in sorted(set(fixed.values())):
        there = [n for n, t in fixed.items() if t == tisch]
        if len(there) > sizes[tisch - 1]:
            raise IllegalEntry(Text("tournament.fix_full", tisch=tisch, seats=sizes[tisch - 1], names=Join(there, "and")),
                               Text("tournament.fix_hint"))
    pairs: list[tuple[str, str]] = []
    for item in apart:
        parts = [x.strip() for x in item.split(",")]
        if len(parts) != 2 or not all(parts):
            raise IllegalEntry(Text("tournament.apart_form", item=item), Text("tournament.apart_hint"))
        a, b = name_of(players, parts[0]), name_of(players, parts[1])
        if a == b:
            raise IllegalEntry(Text("tournament.apart_same", name=a), Text("tournament.apart_hint"))
        if a in fixed and b in fixed and fixed[a] == fixed[b]:
            raise IllegalEntry(Text("tournament.apart_fixed", a=a, b=b, tisch=fixed[a]),
                               Text("tournament.apart_hint"))
        pairs.append((a, b))
    return fixed, pairs


def history(ledger: Ledger) -> tuple[list[list[list[str]]], list[str]]:
    """Every drawn round's tables (in round order) and every stand-in's name."""
    by_round: dict[int, list[list[str]]] = {}
    standins: list[str] = []
    for seat in _tables(ledger):
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
            raise IllegalEntry(Text("tournament.all_drawn_one" if settings.rounds == 1
                                    else "tournament.all_drawn", rounds=settings.rounds),
                               Text("tournament.all_drawn_hint"))
        if last and not force:
            open_tables = unfinished(cfg, ledger, _tables(ledger, last))
            if open_tables:
                raise IllegalEntry(
                    Text("tournament.still_playing", round=last,
                         tables=Join(Text("tournament.table_progress", tisch=s.tisch, done=done, games=games)
                                     for s, done, games in open_tables)),
                    Text("tournament.still_playing_hint"))
        round_no = last + 1
        method = method or ("random" if round_no == 1 else settings.draw)
        if method == "ranking" and round_no == 1:
            raise IllegalEntry(Text("tournament.first_random"), Text("tournament.first_random_hint"))
        if method == "ranking" and (fix or apart):
            raise IllegalEntry(Text("tournament.ranking_fixed"), Text("tournament.ranking_fixed_hint"))
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
            seats.append(TournamentTable(round_no, tisch, sid, tuple(people), tuple(p for p in people if p in standins)))
    return DrawnRound(round_no, method, seed, seats, found, fixed, pairs)


def draw_report(cfg: TableConfig, ledger: Ledger, round_no: int | None = None) -> tuple[int, list[tuple[str, str, int]]]:
    """A drawn round's quality: the pairs at one table who met in an earlier round (with how
    often before), stand-ins left out."""
    round_no, seats = tables_of_round(cfg, ledger, round_no)
    past, standins = history(ledger)
    met = meetings(past[:round_no - 1], standins)
    return round_no, repeats([list(s.players) for s in seats], met, standins)
