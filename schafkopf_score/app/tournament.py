"""A tournament's use cases (RULES §10), once for the CLI and the server: the tables of a round,
a table's sheet, the ranking, drawing a round, a table's whole list or its paper totals, the
latecomers and withdrawals, the prizes. A single hand at a table goes through ``app.hands`` like
any other (its place is the table: ``app.where.at(..., tisch=N)``). Each answer's ``to_json()``
is the command's ``--json`` and the API's answer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import IllegalEntry, ScoreError
from ..i18n import Text, render, say
from ..ledger import Ledger
from ..rules.names import refuse_hidden
from ..rules.play import Played, play
from ..session.sheet import sheet as sheet_rows
from ..table import TableConfig
from ..tournament.tables import TournamentTable
from .line import entry_of, read_line, worded
from .state import current_state
from .where import At, at


def tables_data(cfg: TableConfig, ledger: Ledger, tables: Sequence[TournamentTable]) -> list[dict[str, Any]]:
    """The tables of a round as ``tournament tables --json`` lists them: players in seat order
    with their start numbers (None for a stand-in), games to play and entered, stand-ins, the
    withdrawn, a table of three, and its paper totals where they are in (``paper``: totals,
    solos and games won; None for a table of hands)."""
    from ..session.tournament import fold_tournament
    from ..tournament.numbers import start_numbers
    from ..tournament.tables import roster, settings_of

    games_at = settings_of(cfg).games_at
    counts = ledger.valid_game_counts([t.session_id for t in tables])
    state = fold_tournament(cfg.players, ledger.events())
    withdrawn = roster(cfg, ledger, state).withdrawn
    numbers = start_numbers(cfg, ledger, state)
    out = []
    for t in tables:
        paper = state.totals.get(t.session_id)
        out.append({"tisch": t.tisch, "players": list(t.players), "numbers": [numbers.get(p) for p in t.players],
                    "games": games_at(len(t.players)), "done": counts.get(t.session_id, 0), "session": t.session_id,
                    "standins": list(t.standins), "three": t.three, "withdrawn": [p for p in t.players if p in withdrawn],
                    "totals": paper is not None,
                    "paper": None if paper is None else {k: dict(paper[k]) for k in ("totals", "solos", "won")}})
    return out


@dataclass(frozen=True)
class Tables:
    """``tournament tables``: a round's tables, and the tournament's ``status`` ("provisional -
    table 9 (round 3) missing", in the table's language; None once every table is in)."""

    round: int
    tables: Sequence[Mapping[str, Any]]
    status: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "tables": [dict(t) for t in self.tables], "status": self.status}


def status(cfg: TableConfig, ledger: Ledger, progress: Any = None) -> str | None:
    """The tournament's status as the lists and pages say it: "provisional - ..." (None when
    every round is drawn and every table in)."""
    from ..tournament.progress import progress as progress_of

    note = (progress or progress_of(cfg, ledger)).said()
    return None if note is None else render(note, cfg.language)


def tables(cfg: TableConfig, ledger: Ledger, round_no: int | None = None) -> Tables:
    from ..tournament.tables import tables_of_round

    round_no, seated = tables_of_round(cfg, ledger, round_no)
    return Tables(round_no, tables_data(cfg, ledger, seated), status(cfg, ledger))


@dataclass(frozen=True)
class ByName:
    """``tournament tables --by-name``: who sits where, every player of a round in alphabetical
    order (the list for the entrance): name, start number, table and seat."""

    round: int
    players: Sequence[Mapping[str, Any]]

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "players": [dict(p) for p in self.players]}


def by_name(cfg: TableConfig, ledger: Ledger, round_no: int | None = None) -> ByName:
    from ..rules.matching import spellings

    answer = tables(cfg, ledger, round_no)
    rows = [{"player": p, "number": n, "tisch": t["tisch"], "seat": seat, "standin": p in t["standins"]}
            for t in answer.tables for seat, (p, n) in enumerate(zip(t["players"], t["numbers"], strict=True), 1)]
    rows.sort(key=lambda r: (r["standin"], spellings(r["player"])[0], r["player"]))
    return ByName(answer.round, rows)


@dataclass(frozen=True)
class TableSheet:
    """``tournament sheet --tisch N``: a table's games in points (capped as its round's cap
    says), each with the running totals; or its paper totals (``paper``: totals, solos and games
    won) with how they were entered and corrected (``history``)."""

    round: int
    tisch: int
    players: Sequence[str]
    numbers: Sequence[int | None]
    games: int
    done: int
    hands: Sequence[Mapping[str, Any]]
    balances: Mapping[str, int]
    paper: Mapping[str, Any] | None = None
    history: Sequence[Mapping[str, Any]] = ()

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "tisch": self.tisch, "players": list(self.players), "numbers": list(self.numbers),
                "games": self.games, "done": self.done, "hands": [dict(h) for h in self.hands],
                "balances": dict(self.balances), "paper": None if self.paper is None else dict(self.paper),
                "history": [dict(h) for h in self.history]}


def table_sheet(cfg: TableConfig, ledger: Ledger, tisch: int, round_no: int | None = None) -> TableSheet:
    from ..session.tournament import fold_tournament
    from ..tournament.numbers import start_numbers
    from ..tournament.tables import find_table, settings_of, table_view
    from ..tournament.totals import totals_history

    table = find_table(cfg, ledger, tisch, round_no)
    events = ledger.events()
    state = fold_tournament(cfg.players, events)
    numbers = start_numbers(cfg, ledger, state)
    view = table_view(cfg, ledger, table)
    family = cfg.family_obj()
    players = list(table.players)
    hands = []
    for row in sheet_rows(view):
        rec = row.record
        if rec is None:
            continue
        item: dict[str, Any] = {"hand": rec.hand, "game": rec.game, "void": not rec.valid,
                                "description": family.describe(rec.entry, lang=cfg.language)}
        if row.played is not None:
            item.update(payouts=dict(row.amounts), dealer=row.played.seating.dealer,
                        running={p: row.running.get(p) or 0 for p in players})
        hands.append(item)
    balances = dict.fromkeys(players, 0)
    for row in sheet_rows(view):
        for name, value in row.amounts.items():
            balances[name] = balances.get(name, 0) + value
    paper = state.totals.get(table.session_id)
    if paper is not None:
        balances = {p: int(paper["totals"].get(p, 0)) for p in players}
    return TableSheet(table.round, table.tisch, players, [numbers.get(p) for p in players],
                      settings_of(cfg).games_at(len(players)), len(view.valid_rows()), hands, balances,
                      None if paper is None else {k: dict(paper[k]) for k in ("totals", "solos", "won")},
                      totals_history(events).get(table.session_id, []))


def chain(lang: str) -> list[str]:
    """The tie-break chain, as the ranking prints it."""
    from ..table.tournament import TIE_BREAKS

    return [say(k, lang) for k in TIE_BREAKS]


def check_day(cfg: TableConfig, day: int | None) -> None:
    from ..tournament.tables import settings_of

    settings = settings_of(cfg)
    if day is not None and not 1 <= day <= settings.days:
        if settings.days == 1:  # not "days 1 to 1"
            raise IllegalEntry(Text("tournament.no_such_day_one", day=day), Text("tournament.one_day"))
        raise IllegalEntry(Text("tournament.no_such_day", day=day, days=settings.days),
                           Text("tournament.days_are", days=settings.days))


def day_round(settings: Any, day: int | None, latest: int) -> int:
    """The round a day's ranking is after: the day's last round drawn (day 1 of a tournament at
    round 3 is after round 2), or ``latest`` where the day has none drawn yet."""
    if day is None:
        return latest
    drawn = [r for r in range(1, latest + 1) if settings.day_of(r) == day]
    return drawn[-1] if drawn else latest


@dataclass(frozen=True)
class Ranking:
    """``tournament ranking``: after ``round`` (every round so far by default), of ``day``
    (overall by default), with its tie-break chain; ``progress``: whether every table it counts
    is in (else it is provisional, and says what is missing); ``corrections``: the paper totals
    replaced or voided, with when and why."""

    round: int
    points: str
    day: int | None
    tie_breaks: Sequence[str]
    rows: Sequence[Any]  # tournament.ranking.Standing
    progress: Any = None  # tournament.progress.Progress
    corrections: Sequence[Mapping[str, Any]] = ()
    status: str | None = None  # "provisional - ...", in the table's language

    @property
    def complete(self) -> bool:
        return self.progress is None or bool(self.progress.complete)

    def to_json(self) -> dict[str, Any]:
        done = self.progress.to_json() if self.progress is not None else {"complete": True, "missing": [],
                                                                         "undrawn": []}
        return {"round": self.round, "points": self.points, "day": self.day, "tie_breaks": list(self.tie_breaks),
                **done, "status": self.status, "ranking": [s.to_json() for s in self.rows],
                "corrections": [dict(c) for c in self.corrections]}


def corrections(ledger: Ledger, upto: int | None = None, day_rounds: set[int] | None = None) -> list[dict[str, Any]]:
    """The paper totals replaced or voided in the rounds a ranking counts, oldest first."""
    from ..tournament.totals import totals_history

    out = []
    for items in totals_history(ledger.events()).values():
        for item in items:
            if item["kind"] != "entered" and (upto is None or item["round"] <= upto) and (
                    day_rounds is None or item["round"] in day_rounds):
                out.append(item)
    return sorted(out, key=lambda c: c["at"])


def ranking(cfg: TableConfig, ledger: Ledger, round_no: int | None = None, day: int | None = None) -> Ranking:
    from ..tournament.progress import progress
    from ..tournament.ranking import ranking as standings
    from ..tournament.tables import settings_of, tables_of_round

    settings = settings_of(cfg)
    check_day(cfg, day)
    after, _ = tables_of_round(cfg, ledger, round_no)  # refused before round 1 is drawn, as tables and sheet are
    after = day_round(settings, day, after) if round_no is None else after
    rows = standings(cfg, ledger, round_no, day, later=False)  # after round R: not who joins later
    days = {r for r in range(1, settings.rounds + 1) if settings.day_of(r) == day} if day is not None else None
    done = progress(cfg, ledger, round_no, day)
    return Ranking(after, settings.preset, day, chain(cfg.language), rows, done, corrections(ledger, round_no, days),
                   status(cfg, ledger, done))


@dataclass(frozen=True)
class Prizes:
    """``tournament prizes``: who gets what (``awards``), with the pool of the day, and whether
    the ranking it comes from is complete (``progress``)."""

    round: int
    ties: str
    tie_breaks: Sequence[str]
    awards: Sequence[Any]  # tournament.prizes.Award
    pool: Any  # tournament.prizes.Pool
    progress: Any  # tournament.progress.Progress
    day: int | None = None

    status: str | None = None  # "provisional - ...", in the table's language

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "day": self.day, "ties": self.ties, "tie_breaks": list(self.tie_breaks),
                **self.progress.to_json(), "provisional": not self.progress.complete, "status": self.status,
                **self.pool.to_json(), "prizes": [a.to_json() for a in self.awards]}


def prizes(cfg: TableConfig, ledger: Ledger, day: int | None = None, provisional: bool = False) -> Prizes:
    """The prize list: refused while the ranking is provisional (a table of a drawn round not in,
    a round not drawn), unless ``provisional`` asks for it marked as such."""
    from ..tournament.numbers import start_numbers
    from ..tournament.prizes import Pool, prize_list
    from ..tournament.progress import progress
    from ..tournament.ranking import ranking as standings
    from ..tournament.tables import roster, settings_of, tables_of_round

    settings = settings_of(cfg)
    check_day(cfg, day)
    after, _ = tables_of_round(cfg, ledger)
    after = day_round(settings, day, after)
    done = progress(cfg, ledger, None, day)
    if not done.complete and not provisional:
        raise IllegalEntry(Text("tournament.prizes_provisional", what=done.what()),
                           Text("tournament.prizes_provisional_hint"))
    rows = standings(cfg, ledger, None, day)
    fee = settings.prizes
    pool = Pool(fee.entry_fee, len(roster(cfg, ledger).players), fee.costs)
    awards = prize_list(fee, rows, cfg.language, pool, cfg.currency, start_numbers(cfg, ledger))
    return Prizes(after, fee.ties, chain(cfg.language), awards, pool, done, day, status(cfg, ledger, done))


@dataclass(frozen=True)
class Drawn:
    """``tournament draw`` (and ``draw --redo``): the round drawn, its tables, the constraints it
    honoured (for the day or this round), and the pairs meeting again."""

    drawn: Any  # tournament.rounds.DrawnRound
    tables: Sequence[Mapping[str, Any]]

    def to_json(self) -> dict[str, Any]:
        d = self.drawn
        return {"round": d.round, "method": d.method, "seed": d.seed, "redo": d.redo,
                "tables": [dict(t) for t in self.tables], "fixed": d.fixed, "apart": [list(p) for p in d.apart],
                "honoured": d.honoured.to_json(),
                "repeats": [{"players": [a, b], "met_before": n} for a, b, n in d.repeats]}


def draw(cfg: TableConfig, ledger: Ledger, by: str | None = None, seed: str | None = None, force: bool = False,
         fix: Sequence[str] = (), apart: Sequence[str] = (), redo: bool = False, reason: str = "") -> Drawn:
    """The next round drawn, or (``redo``) the latest round drawn again while none of its tables
    has entered anything."""
    from ..table.tournament import DRAWS, MAX_SEED
    from ..tournament.rounds import draw_round, redo_round
    from ..tournament.tables import settings_of

    settings_of(cfg)
    if seed is not None:  # stored with the round and shown with every draw; "" would be a fixed lot, not a random one
        if not seed:
            raise IllegalEntry(Text("tournament.seed_empty"), Text("tournament.seed_empty_hint"))
        refuse_hidden("--seed", seed)
        if len(seed) > MAX_SEED:
            raise IllegalEntry(Text("data.option_problem", option="--seed",
                                    problem=Text("tournament.seed_long", length=len(seed), most=MAX_SEED)),
                               Text("tournament.seed_long_hint"))
    if by is not None and by not in DRAWS:
        raise IllegalEntry(Text("tournament.option_choice", option="--by", value=repr(by), choices=", ".join(DRAWS)),
                           Text("tournament.by_hint"))
    if redo:
        if force:
            raise IllegalEntry(Text("tournament.redo_force"), Text("tournament.redo_hint"))
        drawn = redo_round(cfg, ledger, by, seed, list(fix), list(apart), reason)
    else:
        drawn = draw_round(cfg, ledger, by, seed, force, list(fix), list(apart))
    return Drawn(drawn, tables_data(cfg, ledger, drawn.seats))


@dataclass(frozen=True)
class Swapped:
    """``tournament swap A B``: two players' seats in the current round swapped; both tables
    after it."""

    round: int
    players: tuple[str, str]
    tables: Sequence[Mapping[str, Any]]

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "players": list(self.players), "tables": [dict(t) for t in self.tables]}


def swap(cfg: TableConfig, ledger: Ledger, first: str, second: str, reason: str = "") -> Swapped:
    from ..tournament.rounds import swap_seats

    a, b, ta, tb = swap_seats(cfg, ledger, first, second, reason)
    return Swapped(ta.round, (a, b), tables_data(cfg, ledger, [ta] if ta.tisch == tb.tisch else
                                                  sorted([ta, tb], key=lambda t: t.tisch)))


@dataclass(frozen=True)
class Constraints:
    """``tournament fix`` / ``tournament apart``: the constraint set or removed, and every
    constraint that holds for the day after it."""

    kind: str  # fix | apart
    players: tuple[str, ...]
    tisch: int | None
    removed: bool
    fixed: Mapping[str, int]
    apart: Sequence[tuple[str, str]]

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "players": list(self.players), "tisch": self.tisch, "removed": self.removed,
                "standing": {"fixed": dict(self.fixed), "apart": [list(p) for p in self.apart]}}


def fix(cfg: TableConfig, ledger: Ledger, name: str, table: str, remove: bool = False) -> Constraints:
    from ..tournament.constraints import fix as record
    from ..tournament.constraints import standing

    who, tisch = record(cfg, ledger, name, table, remove)
    fixed, apart = standing(cfg, ledger)
    return Constraints("fix", (who,), tisch, remove, fixed, apart)


def apart(cfg: TableConfig, ledger: Ledger, first: str, second: str, remove: bool = False) -> Constraints:
    from ..tournament.constraints import keep_apart, standing

    a, b = keep_apart(cfg, ledger, first, second, remove)
    fixed, pairs = standing(cfg, ledger)
    return Constraints("apart", (a, b), None, remove, fixed, pairs)


@dataclass(frozen=True)
class Entered:
    """``tournament enter --tisch N FILE``: a table's whole list recorded, each hand in points
    (capped), and the table's totals after it."""

    round: int
    tisch: int
    hands: Sequence[tuple[int, Played]]
    balances: Mapping[str, int]

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "tisch": self.tisch,
                "hands": [{"hand": h, "game": p.outcome.game, "payouts": p.outcome.payout_map()} for h, p in self.hands],
                "balances": dict(self.balances)}


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


def uncommented(line: str) -> str:
    """A list's line without its comment: ``#`` begins one, unless a digit follows it (``#17``
    is a start number) or it stands inside quotes (``--comment "Runde #zwei"``, quoted as the
    line's words are: ``notation.split_words``).

    >>> uncommented("sau #17 #3 72  # the first game"), uncommented("# round 2"), uncommented("#3 games late")
    ('sau #17 #3 72', '', '#3 games late')
    >>> uncommented('sau an be 72 --comment "a # b" # c'), uncommented("sau an be 72 --comment 'x#y'")
    ('sau an be 72 --comment "a # b"', "sau an be 72 --comment 'x#y'")
    """
    quote = ""
    i = 0
    while i < len(line):
        c = line[i]
        if c == "\\" and quote != "'":  # (an escaped character: outside quotes and in double quotes)
            i += 2
            continue
        if quote:
            quote = "" if c == quote else quote
        elif c in "'\"":
            quote = c
        elif c == "#" and not ("0" <= line[i + 1:i + 2] <= "9" and line[i + 1:i + 2]):
            return line[:i].strip()
        i += 1
    return line.strip()


def enter_list(cfg: TableConfig, ledger: Ledger, tisch: int, lines: Sequence[str], round_no: int | None = None) -> Entered:
    """A table's whole list, one hand a line (read as every door reads a line: the short
    notation and long options, quotes keeping a name's spaces; blank lines and ``#`` comments
    left out): every line checked, then all written in one transaction, or none. An error
    names the line. Without ``round_no`` refused once a later round has been drawn."""
    where = at(cfg, ledger, "add", tisch, round_no)
    table = where.place
    assert isinstance(table, TournamentTable)
    entries = []
    for no, raw in enumerate(lines, 1):
        text = uncommented(raw)
        if not text:
            continue
        try:
            line = read_line(text)
            entry, typed = entry_of(where, line)
        except ScoreError as exc:
            raise _at_line(no, exc) from None
        entries.append((no, line, entry, typed))
    if not entries:
        raise IllegalEntry(Text("tournament.list_empty"), Text("tournament.list_empty_hint"))
    rules = where.cfg.snapshot()
    out: list[tuple[int, Played]] = []
    with ledger.write(scope=table.session_id) as tx:
        view, state = current_state(where.cfg, ledger, table)
        table.admit(cfg, ledger, view, len(entries))
        hand = ledger.next_hand(tx, table.session_id)
        for no, line, entry, typed in entries:
            try:
                with worded(where, line):
                    played = play(entry, rules, state)
            except ScoreError as exc:
                raise _at_line(no, exc) from None
            o = played.outcome
            ledger.insert_game(tx, table.session_id, hand, entry, typed, rules, "point", o.payout_map(), o.stock,
                               played.summary())
            out.append((hand, table.shown(played)))
            hand += 1
            state = played.after
    return Entered(table.round, table.tisch, out, _table_totals(cfg, ledger, table))


def _table_totals(cfg: TableConfig, ledger: Ledger, table: TournamentTable) -> dict[str, int]:
    from ..tournament.tables import table_view

    balances = dict.fromkeys(table.players, 0)
    for row in sheet_rows(table_view(cfg, ledger, table)):
        for name, value in row.amounts.items():
            balances[name] = balances.get(name, 0) + value
    return balances


_SAYS_NOTHING_RECORDED = frozenset({"data.line_too_long_hint", "data.pg_refused_hint"})


def _at_line(no: int, exc: ScoreError) -> IllegalEntry:
    """An error of a list's line, named by its number; a hint to say who sat out with
    ``--sitting-out`` says how to write that on the line."""
    hint = exc.hint_text
    if hint is not None and hint.key == "engine.not_playing_hint":
        hint = Text("tournament.list_sitting_out_hint", **hint.params)
    # (where the hint says already that nothing was recorded, the message does not say it twice)
    said = "tournament.at_line_hinted" if hint is not None and hint.key in _SAYS_NOTHING_RECORDED else "tournament.at_line"
    error = IllegalEntry(Text(said, line=no, problem=exc.text), hint)
    error.wording = exc.wording
    return error


@dataclass(frozen=True)
class Totals:
    """``tournament enter --tisch N --totals ...`` (``--replace``: the totals in force replaced,
    ``replaced`` what they were): a table's paper totals recorded; ``tiebreaks``: whether solos
    and games won were given (without them every tie at this table goes to the lot)."""

    round: int
    tisch: int
    totals: Mapping[str, int]
    solos: Mapping[str, int]
    won: Mapping[str, int]
    replaced: Mapping[str, Any] | None = None
    reason: str = ""
    warnings: Sequence[Text] = ()

    @property
    def tiebreaks(self) -> bool:
        return not self.warnings

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "tisch": self.tisch, "totals": dict(self.totals), "solos": dict(self.solos),
                "won": dict(self.won), "tiebreaks": self.tiebreaks,
                "replaced": None if self.replaced is None else {k: dict(self.replaced[k]) for k in ("totals", "solos",
                                                                                                       "won")},
                "reason": self.reason}


def enter_totals(cfg: TableConfig, ledger: Ledger, tisch: int, totals: str, solos: str = "", won: str = "",
                 round_no: int | None = None, replace: bool = False, reason: str = "") -> Totals:
    from ..tournament.tables import open_table
    from ..tournament.totals import enter_totals as record

    table = open_table(cfg, ledger, tisch, round_no)
    data = record(cfg, ledger, table, totals, solos, won, latest_only=round_no is None, replace=replace,
                  reason=reason)
    return Totals(table.round, table.tisch, data.totals, data.solos, data.won, data.replaced, reason.strip(),
                  data.warn)


@dataclass(frozen=True)
class TotalsVoided:
    """``tournament enter --tisch N --void-totals``: a table's paper totals voided (kept in the
    ledger): the table has neither hands nor totals again."""

    round: int
    tisch: int
    voided: Mapping[str, Any]
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "tisch": self.tisch, "voided": {k: dict(self.voided[k]) for k in ("totals",
                                                                                                      "solos", "won")},
                "reason": self.reason}


def void_totals(cfg: TableConfig, ledger: Ledger, tisch: int, round_no: int | None = None,
                reason: str = "") -> TotalsVoided:
    from ..tournament.tables import open_table
    from ..tournament.totals import void_totals as record

    table = open_table(cfg, ledger, tisch, round_no)
    before = record(cfg, ledger, table, reason, latest_only=round_no is None)
    return TotalsVoided(table.round, table.tisch, before, reason.strip())


__all__ = ["At", "ByName", "Constraints", "Drawn", "Entered", "Prizes", "Ranking", "Swapped", "TableSheet", "Tables",
           "Totals", "TotalsVoided", "apart", "by_name", "chain", "check_day", "draw", "enter_list", "enter_totals",
           "fix", "list_lines", "prizes", "ranking", "swap", "table_sheet", "tables", "tables_data", "uncommented",
           "void_totals"]
