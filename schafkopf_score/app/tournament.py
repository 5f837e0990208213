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
from ..i18n import Text, say
from ..ledger import Ledger
from ..rules.play import Played, play
from ..session.sheet import sheet as sheet_rows
from ..table import TableConfig
from ..tournament.tables import TournamentTable
from .line import entry_of, read_line, worded
from .state import current_state
from .where import At, at


def tables_data(cfg: TableConfig, ledger: Ledger, tables: Sequence[TournamentTable]) -> list[dict[str, Any]]:
    """The tables of a round as ``tournament tables --json`` lists them: players in seat order,
    games to play and entered, stand-ins, the withdrawn, a table of three, paper totals in."""
    from ..tournament.tables import roster, settings_of, table_totals

    games_at = settings_of(cfg).games_at
    counts = ledger.valid_game_counts([t.session_id for t in tables])
    withdrawn = roster(cfg, ledger).withdrawn
    totals = table_totals(ledger)
    return [{"tisch": t.tisch, "players": list(t.players), "games": games_at(len(t.players)),
             "done": counts.get(t.session_id, 0), "session": t.session_id, "standins": list(t.standins),
             "three": t.three, "withdrawn": [p for p in t.players if p in withdrawn],
             "totals": t.session_id in totals} for t in tables]


@dataclass(frozen=True)
class Tables:
    """``tournament tables``: a round's tables."""

    round: int
    tables: Sequence[Mapping[str, Any]]

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "tables": [dict(t) for t in self.tables]}


def tables(cfg: TableConfig, ledger: Ledger, round_no: int | None = None) -> Tables:
    from ..tournament.tables import tables_of_round

    round_no, seated = tables_of_round(cfg, ledger, round_no)
    return Tables(round_no, tables_data(cfg, ledger, seated))


@dataclass(frozen=True)
class TableSheet:
    """``tournament sheet --tisch N``: a table's games in points (capped as its round's cap
    says), each with the running totals."""

    round: int
    tisch: int
    players: Sequence[str]
    games: int
    done: int
    hands: Sequence[Mapping[str, Any]]
    balances: Mapping[str, int]

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "tisch": self.tisch, "players": list(self.players), "games": self.games,
                "done": self.done, "hands": [dict(h) for h in self.hands], "balances": dict(self.balances)}


def table_sheet(cfg: TableConfig, ledger: Ledger, tisch: int, round_no: int | None = None) -> TableSheet:
    from ..tournament.tables import find_table, settings_of, table_view

    table = find_table(cfg, ledger, tisch, round_no)
    state = table_view(cfg, ledger, table)
    family = cfg.family_obj()
    players = list(table.players)
    hands = []
    for row in sheet_rows(state):
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
    for row in sheet_rows(state):
        for name, value in row.amounts.items():
            balances[name] = balances.get(name, 0) + value
    return TableSheet(table.round, table.tisch, players, settings_of(cfg).games_at(len(players)),
                      len(state.valid_rows()), hands, balances)


def chain(lang: str) -> list[str]:
    """The tie-break chain, as the ranking prints it."""
    from ..table.tournament import TIE_BREAKS

    return [say(k, lang) for k in TIE_BREAKS]


def check_day(cfg: TableConfig, day: int | None) -> None:
    from ..tournament.tables import settings_of

    settings = settings_of(cfg)
    if day is not None and not 1 <= day <= settings.days:
        raise IllegalEntry(Text("tournament.no_such_day", day=day, days=settings.days),
                           Text("tournament.days_are", days=settings.days))


@dataclass(frozen=True)
class Ranking:
    """``tournament ranking``: after ``round`` (every round so far by default), of ``day``
    (overall by default), with its tie-break chain."""

    round: int
    points: str
    day: int | None
    tie_breaks: Sequence[str]
    rows: Sequence[Any]  # tournament.ranking.Standing

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "points": self.points, "day": self.day, "tie_breaks": list(self.tie_breaks),
                "ranking": [s.to_json() for s in self.rows]}


def ranking(cfg: TableConfig, ledger: Ledger, round_no: int | None = None, day: int | None = None) -> Ranking:
    from ..tournament.ranking import ranking as standings
    from ..tournament.tables import settings_of, tables_of_round

    settings = settings_of(cfg)
    check_day(cfg, day)
    after, _ = tables_of_round(cfg, ledger, round_no)  # refused before round 1 is drawn, as tables and sheet are
    return Ranking(after, settings.preset, day, chain(cfg.language), standings(cfg, ledger, round_no, day))


@dataclass(frozen=True)
class Drawn:
    """``tournament draw``: the round drawn, its tables, what was fixed and kept apart, and
    the pairs meeting again."""

    drawn: Any  # tournament.rounds.DrawnRound
    tables: Sequence[Mapping[str, Any]]

    def to_json(self) -> dict[str, Any]:
        d = self.drawn
        return {"round": d.round, "method": d.method, "seed": d.seed, "tables": [dict(t) for t in self.tables],
                "fixed": d.fixed, "apart": [list(p) for p in d.apart],
                "repeats": [{"players": [a, b], "met_before": n} for a, b, n in d.repeats]}


def draw(cfg: TableConfig, ledger: Ledger, by: str | None = None, seed: str | None = None, force: bool = False,
         fix: Sequence[str] = (), apart: Sequence[str] = ()) -> Drawn:
    from ..table.tournament import DRAWS
    from ..tournament.rounds import draw_round
    from ..tournament.tables import settings_of

    settings_of(cfg)
    if by is not None and by not in DRAWS:
        raise IllegalEntry(Text("tournament.option_choice", option="--by", value=repr(by), choices=", ".join(DRAWS)))
    drawn = draw_round(cfg, ledger, by, seed, force, list(fix), list(apart))
    return Drawn(drawn, tables_data(cfg, ledger, drawn.seats))


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
        text = raw.split("#", 1)[0].strip()
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


def _at_line(no: int, exc: ScoreError) -> IllegalEntry:
    """An error of a list's line, named by its number; a hint to say who sat out with
    ``--sitting-out`` says how to write that on the line."""
    hint = exc.hint_text
    if hint is not None and hint.key == "engine.not_playing_hint":
        hint = Text("tournament.list_sitting_out_hint", **hint.params)
    error = IllegalEntry(Text("tournament.at_line", line=no, problem=exc.text), hint)
    error.wording = exc.wording
    return error


@dataclass(frozen=True)
class Totals:
    """``tournament enter --tisch N --totals ...``: a table's paper totals recorded."""

    round: int
    tisch: int
    totals: Mapping[str, int]
    solos: Mapping[str, int]
    won: Mapping[str, int]

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "tisch": self.tisch, "totals": dict(self.totals), "solos": dict(self.solos),
                "won": dict(self.won)}


def enter_totals(cfg: TableConfig, ledger: Ledger, tisch: int, totals: str, solos: str = "", won: str = "",
                 round_no: int | None = None) -> Totals:
    from ..tournament.tables import open_table
    from ..tournament.totals import enter_totals as record

    table = open_table(cfg, ledger, tisch, round_no)
    data = record(cfg, ledger, table, totals, solos, won, latest_only=round_no is None)
    return Totals(table.round, table.tisch, data["totals"], data["solos"], data["won"])


__all__ = ["At", "Drawn", "Entered", "Ranking", "TableSheet", "Tables", "Totals", "chain", "check_day", "draw",
           "enter_list", "enter_totals", "list_lines", "ranking", "table_sheet", "tables", "tables_data"]
