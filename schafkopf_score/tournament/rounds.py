"""Drawing a tournament's round over its ledger: who is seated (stand-ins, tables of three), the
seats fixed and the players kept apart (for the day and for the round), the lot or the ranking,
and the draw recorded with its facts (``session.tournament.RoundDrawn``); the latest round drawn
again (``redo_round``) and two players' seats swapped (``swap_seats``) while its tables have
entered nothing, each recorded as the round's new seating (``RoundReseated``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from ..errors import IllegalEntry
from ..i18n import Join, Text
from ..ledger import Ledger
from ..session.tournament import RoundDrawn, RoundReseated, fold_tournament
from ..table import TableConfig
from .constraints import Honoured, merged
from .draw import Layout, draw_tables, layout, meetings, repeats, spread_tables
from .points import small_int
from .ranking import ranking
from .tables import STANDIN_NAME, TournamentTable, _tables, latest_round, name_of, roster, settings_of, tables_of_round, unfinished


@dataclass(frozen=True)
class DrawnRound:
    """A round drawn (or drawn again: ``redo``): its tables, how and with which seed, the
    constraints it honoured (``honoured``: the standing ones and the round's own) and the pairs
    meeting again."""

    round: int
    method: str
    seed: str
    seats: list[TournamentTable]
    repeats: list[tuple[str, str, int]] = field(default_factory=list)
    honoured: Honoured = field(default_factory=Honoured)
    redo: bool = False

    @property
    def fixed(self) -> dict[str, int]:
        return self.honoured.fixed

    @property
    def apart(self) -> list[tuple[str, str]]:
        return self.honoured.apart


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
                 apart: Sequence[str], numbers: Mapping[str, int] | None = None,
                 withdrawn: Sequence[str] = ()) -> tuple[dict[str, int], list[tuple[str, str]]]:
    """``--fix NAME=TABLE`` and ``--apart A,B`` read and checked against the players the round
    seats and its tables (a name or a start number: ``#17`` or ``17``; a withdrawn player is
    named as such)."""
    fixed: dict[str, int] = {}
    for item in fix:
        typed, eq, number = item.partition("=")
        if not eq or not typed.strip() or not number.strip():
            raise IllegalEntry(Text("tournament.fix_form", item=item), Text("tournament.fix_hint"))
        name = name_of(players, typed.strip(), numbers, withdrawn)
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
        a, b = name_of(players, parts[0], numbers, withdrawn), name_of(players, parts[1], numbers, withdrawn)
        if a == b:
            raise IllegalEntry(Text("tournament.apart_same", name=a), Text("tournament.apart_hint"))
        if a in fixed and b in fixed and fixed[a] == fixed[b]:
            raise IllegalEntry(Text("tournament.apart_fixed", a=a, b=b, tisch=fixed[a]),
                               Text("tournament.apart_hint"))
        pairs.append((a, b))
    return fixed, pairs


def history(ledger: Ledger, before: int | None = None) -> tuple[list[list[list[str]]], list[str]]:
    """Every drawn round's tables (in round order; ``before``: only the rounds before it) and
    every stand-in's name."""
    by_round: dict[int, list[list[str]]] = {}
    standins: list[str] = []
    for seat in _tables(ledger):
        standins += [p for p in seat.standins if p not in standins]
        if before is None or seat.round < before:
            by_round.setdefault(seat.round, []).append(list(seat.players))
    return [by_round[r] for r in sorted(by_round)], standins


def _seat(cfg: TableConfig, ledger: Ledger, players: Sequence[str], round_no: int, method: str, seed: str,
          real: Sequence[int], honoured: Honoured) -> tuple[list[list[str]], list[tuple[str, str, int]]]:
    """The players of a round at their tables (seat order; stand-ins not yet added), by
    ``method``, and the pairs meeting again."""
    past, old_standins = history(ledger, round_no)
    met = meetings(past, old_standins)
    if method == "ranking":
        ranked = [r.player for r in ranking(cfg, ledger, round_no - 1)]
        active = set(players)
        tables = draw_tables(players, round_no, seed, [p for p in ranked if p in active], real)
    elif method == "spread":
        tables = spread_tables(players, round_no, seed, real, met, honoured.fixed, honoured.apart)
    else:
        tables = draw_tables(players, round_no, seed, None, real)
    return tables, repeats(tables, met)


def _kept_apart(tables: Sequence[Sequence[str]], honoured: Honoured, round_no: int) -> None:
    """Refused where the seating puts a pair kept apart at one table (the spread draw only
    weighs the pairs: too few tables, or the seats fixed, can leave no way to part them), so
    that no draw says it kept apart two players it seated together."""
    for a, b in honoured.apart:
        for tisch, table in enumerate(tables, 1):
            if a in table and b in table:
                raise IllegalEntry(Text("tournament.apart_unmet", a=a, b=b, round=round_no, tisch=tisch,
                                        count=len(tables)),
                                   Text("tournament.apart_unmet_hint", a=a, b=b))


def _method(method: str | None, round_no: int, default: str, constrained: bool) -> str:
    method = method or ("random" if round_no == 1 else default)
    if method == "ranking" and round_no == 1:
        raise IllegalEntry(Text("tournament.first_random"), Text("tournament.first_random_hint"))
    if method == "ranking" and constrained:
        raise IllegalEntry(Text("tournament.ranking_fixed"), Text("tournament.ranking_fixed_hint"))
    if method == "random" and constrained:
        method = "spread"  # the spread draw is the one that honours them; in round 1 it is a lot
    return method


def draw_round(cfg: TableConfig, ledger: Ledger, method: str | None = None, seed: str | None = None,
               force: bool = False, fix: Sequence[str] = (), apart: Sequence[str] = ()) -> DrawnRound:
    """Draw the next round and record it (its tables, each a new session, and the draw's facts:
    stand-ins, the constraints it honoured, the points cap), in one transaction. Round 1 at
    random (``spread`` where players are fixed or kept apart); later ones by ``method``
    (default: the file's ``draw``). The standing constraints (``tournament fix``, ``tournament
    apart``) hold with the round's own (``fix``, ``apart``). Refused after the last round,
    while tables of the round before still play (unless ``force``), and where the players
    cannot be seated without ``short_tables``."""
    import secrets

    settings = settings_of(cfg)
    # who cannot be seated is refused before the ledger is made or locked (and again inside)
    if latest_round(ledger) < settings.rounds:
        early = layout(len(roster(cfg, ledger).active), settings.short_tables)
        if ledger.conn is None:  # no ledger yet: --fix and --apart checked before it is made
            people = roster(cfg, ledger)
            sizes = [size - (1 if i < early.standins else 0) for i, size in enumerate(early.sizes)]
            fixed, pairs = _constraints(people.active, len(early.sizes), sizes, fix, apart,
                                        {p: i for i, p in enumerate(people.players, 1)}, list(people.withdrawn))
            if pairs:  # round 1 drawn here as below (the seed chosen now): a pair it cannot part is refused
                seed = seed if seed is not None else (settings.seed or secrets.token_hex(4))
                honoured = merged(people.active, sizes, 1, {}, [], fixed, pairs)
                trial, _ = _seat(cfg, ledger, people.active, 1, _method(method, 1, settings.draw, True), seed, sizes,
                                 honoured)
                _kept_apart(trial, honoured, 1)
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
        state = fold_tournament(cfg.players, ledger.events())
        people = roster(cfg, ledger, state)
        players = people.active
        plan: Layout = layout(len(players), settings.short_tables)
        real = [size - (1 if i < plan.standins else 0) for i, size in enumerate(plan.sizes)]
        fixed, pairs = _constraints(players, len(real), real, fix, apart,
                                    {p: i for i, p in enumerate(people.players, 1)}, list(people.withdrawn))
        honoured = merged(players, real, round_no, state.fixed, state.apart, fixed, pairs)
        method = _method(method, round_no, settings.draw, bool(honoured.fixed or honoured.apart))
        if seed is None:
            seed = settings.seed or (str(rounds[0].seed) if rounds else secrets.token_hex(4))
        tables, found = _seat(cfg, ledger, players, round_no, method, seed, real, honoured)
        _kept_apart(tables, honoured, round_no)
        standins = standin_names(plan.standins, people.players, cfg.language)
        for table, standin in zip(tables, standins, strict=False):
            table.append(standin)
        ledger.insert_round(conn, round_no, method, seed)
        ledger.record_event(conn, RoundDrawn(round_no, "", tuple(standins), plan.short, dict(fixed),
                                             tuple((a, b) for a, b in pairs), settings.cap, settings.day_of(round_no)))
        seats = []
        for tisch, people_at in enumerate(tables, 1):
            sid = ledger.insert_session(conn)
            ledger.insert_round_table(conn, round_no, tisch, sid, people_at)
            seats.append(TournamentTable(round_no, tisch, sid, tuple(people_at),
                                         tuple(p for p in people_at if p in standins)))
    return DrawnRound(round_no, method, seed, seats, found, honoured)


def _untouched(cfg: TableConfig, ledger: Ledger, seats: Sequence[TournamentTable], round_no: int) -> None:
    """Refused once one of ``seats`` has entered anything: a hand (even one voided since) or
    paper totals (even voided since)."""
    sessions = {s.session_id: s for s in seats}
    rows = ledger.sessions_with_games(list(sessions))
    paper = {int(e.data.get("session", 0)) for e in ledger.events() if "session" in e.data}
    entered = sorted(s.tisch for sid, s in sessions.items() if sid in rows or sid in paper)
    if entered:
        raise IllegalEntry(Text("tournament.reseat_entered", round=round_no, tische=Join(entered, "and"),
                                count=len(entered)), Text("tournament.reseat_entered_hint"))


def _relaid(count: int, tables: int, short_tables: str, round_no: int, gone: Sequence[str]) -> Layout:
    """How a redo seats the ``count`` players a round has left once ``gone`` withdrew after its
    draw: the layout a draw makes of them (``draw.layout``), refused where it is not the
    round's ``tables`` tables (fewer, or a count the file's ``short_tables`` cannot seat)."""
    plan: Layout | None = None
    if count < 4:
        why, hint = Text("tournament.redo_no_table", count=count), "tournament.redo_left_hint"
    else:
        try:
            plan = layout(count, short_tables)
        except IllegalEntry:  # 6, 7 or 11 without short_tables
            why, hint = Text("tournament.redo_no_split", count=count, tables=tables), "tournament.redo_short_hint"
        else:
            why, hint = Text("tournament.redo_too_few", count=count, tables=tables), "tournament.redo_left_hint"
    if plan is None or len(plan.sizes) != tables:
        raise IllegalEntry(Text("tournament.redo_withdrawn", round=round_no, names=Join(gone, "and"), why=why),
                           Text(hint))
    return plan


def redo_round(cfg: TableConfig, ledger: Ledger, method: str | None = None, seed: str | None = None,
               fix: Sequence[str] = (), apart: Sequence[str] = (), reason: str = "") -> DrawnRound:
    """``tournament draw --redo``: the latest round drawn again (recorded: ``RoundReseated``,
    the seating before it kept), the same players at the same tables (their sessions stay;
    a player withdrawn since the draw is left out, the rest seated at the sizes a draw of them
    makes, stand-ins included: refused where that is not the round's tables, ``_relaid``),
    honouring the standing constraints and the ones given here; a new lot (``seed``: the
    round's seed and the count of redraws, unless given). Refused once a table of the round
    has entered anything."""
    from .totals import checked_reason

    settings = settings_of(cfg)
    reason = checked_reason(reason)
    if not latest_round(ledger):  # before the ledger is made or locked (and again inside)
        raise IllegalEntry(Text("tournament.no_round"), Text("tournament.no_round_hint"))
    with ledger.write() as conn:
        rounds = ledger.rounds()
        if not rounds:
            raise IllegalEntry(Text("tournament.no_round"), Text("tournament.no_round_hint"))
        now = rounds[-1]
        round_no = now.round
        seats = _tables(ledger, round_no)
        _untouched(cfg, ledger, seats, round_no)
        state = fold_tournament(cfg.players, ledger.events())
        people = roster(cfg, ledger, state)
        standins = [p for s in seats for p in s.standins]
        players = [p for s in seats for p in s.players if p not in standins]
        gone = [p for p in people.players if p in people.withdrawn and p in players]  # withdrawn since the draw
        real = [len(s.players) - len(s.standins) for s in seats]
        new_standins: list[str] | None = None  # the round's stand-ins anew (where the sizes change)
        if gone:
            players = [p for p in players if p not in gone]
            plan = _relaid(len(players), len(seats), settings.short_tables, round_no, gone)
            real = [size - (1 if i < plan.standins else 0) for i, size in enumerate(plan.sizes)]
            new_standins = standin_names(plan.standins, people.players, cfg.language)
        numbers = {p: i for i, p in enumerate(people.players, 1)}
        fixed, pairs = _constraints(players, len(real), real, fix, apart, numbers, list(people.withdrawn))
        honoured = merged(players, real, round_no, state.fixed, state.apart, fixed, pairs)
        method = _method(method or (now.method if round_no > 1 else None), round_no, settings.draw,
                         bool(honoured.fixed or honoured.apart))
        redos = sum(1 for e in ledger.events() if e.kind == "reseat" and e.round == round_no
                    and e.data.get("how") == "redo")
        seed = seed if seed is not None else f"{now.seed}/{redos + 1}"
        tables, found = _seat(cfg, ledger, sorted(players, key=lambda p: numbers.get(p, 0)), round_no, method, seed,
                              real, honoured)
        _kept_apart(tables, honoured, round_no)
        if new_standins is None:
            for table, seat in zip(tables, seats, strict=True):
                table += list(seat.standins)
        else:
            for table, standin in zip(tables, new_standins, strict=False):
                table.append(standin)
        before = tuple(tuple(s.players) for s in seats)
        ledger.record_event(conn, RoundReseated(round_no, "", "redo", tuple(tuple(t) for t in tables), before, method,
                                                seed, dict(fixed), tuple(pairs), (), reason,
                                                _standins_anew(ledger, round_no) if new_standins is None
                                                else tuple(new_standins)))
    out = [replace(s, players=tuple(t), standins=s.standins if new_standins is None else
                   tuple(p for p in t if p in new_standins)) for s, t in zip(seats, tables, strict=True)]
    return DrawnRound(round_no, method, seed, out, found, honoured, redo=True)


def swap_seats(cfg: TableConfig, ledger: Ledger, first: str, second: str,
               reason: str = "") -> tuple[str, str, TournamentTable, TournamentTable]:
    """``tournament swap A B``: two players of the latest round change seats (recorded:
    ``RoundReseated``, the seating before it kept), while neither of their tables has entered
    anything. Returns both and their tables after it."""
    from .numbers import start_numbers
    from .totals import checked_reason

    settings_of(cfg)
    reason = checked_reason(reason)
    if not latest_round(ledger):  # before the ledger is made or locked: no ledger yet is no round yet
        raise IllegalEntry(Text("tournament.no_round"), Text("tournament.no_round_hint"))
    with ledger.write() as conn:
        round_no = latest_round(ledger)
        if not round_no:
            raise IllegalEntry(Text("tournament.no_round"), Text("tournament.no_round_hint"))
        seats = _tables(ledger, round_no)
        seated = [p for s in seats for p in s.players]
        numbers = start_numbers(cfg, ledger)
        a = _seated_name(seated, first, numbers, round_no)
        b = _seated_name(seated, second, numbers, round_no)
        if a == b:
            raise IllegalEntry(Text("tournament.swap_same", name=a), Text("tournament.swap_hint"))
        ta = next(s for s in seats if a in s.players)
        tb = next(s for s in seats if b in s.players)
        _untouched(cfg, ledger, [ta] if ta == tb else [ta, tb], round_no)
        swapped = {a: b, b: a}
        tables = tuple(tuple(swapped.get(p, p) for p in s.players) for s in seats)
        ledger.record_event(conn, RoundReseated(round_no, "", "swap", tables, tuple(tuple(s.players) for s in seats),
                                                swapped=(a, b), reason=reason,
                                                standins=_standins_anew(ledger, round_no)))
    after = {s.tisch: replace(s, players=tables[s.tisch - 1]) for s in seats}
    return a, b, after[ta.tisch], after[tb.tisch]


def _standins_anew(ledger: Ledger, round_no: int) -> tuple[str, ...] | None:
    """The round's stand-ins as its latest reseating recorded them where a redo changed them
    (a player withdrawn since the draw), which a swap carries on; None: the draw's hold."""
    for event in reversed(ledger.events()):
        if event.kind == "reseat" and event.round == round_no:
            found = event.data.get("standins")
            return tuple(found) if isinstance(found, list) else None
    return None


def _seated_name(seated: Sequence[str], typed: str, numbers: Mapping[str, int], round_no: int) -> str:
    """A player seated in the round (by name, part of it, or start number); a registered one
    not seated there is named as such."""
    try:
        return name_of(seated, typed.strip(), numbers)
    except IllegalEntry as exc:
        try:
            who = name_of(list(numbers), typed.strip(), numbers)
        except IllegalEntry:
            raise exc from None
        raise IllegalEntry(Text("tournament.swap_not_seated", name=who, round=round_no),
                           Text("tournament.swap_hint")) from None


def draw_report(cfg: TableConfig, ledger: Ledger, round_no: int | None = None) -> tuple[int, list[tuple[str, str, int]]]:
    """A drawn round's quality: the pairs at one table who met in an earlier round (with how
    often before), stand-ins left out."""
    round_no, seats = tables_of_round(cfg, ledger, round_no)
    past, standins = history(ledger)
    met = meetings(past[:round_no - 1], standins)
    return round_no, repeats([list(s.players) for s in seats], met, standins)
