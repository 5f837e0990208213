"""The organiser's constraints on the draw (RULES §10 "The desk"): a player fixed to a table (one
who cannot move) and two players kept apart (a couple). ``tournament fix NAME TABLE`` and
``tournament apart A B`` record them for the day (events: ``session.tournament.PlayerFixed``,
``PlayersApart``), and every later draw honours them until ``--remove`` takes them away;
``draw --fix NAME=TABLE`` and ``--apart A,B`` add some for one round. ``merged`` makes the list a
draw honours: the standing ones and the round's own, checked against the round's tables."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import IllegalEntry
from ..i18n import Join, Text
from ..ledger import Ledger
from ..session.tournament import PlayerFixed, PlayersApart, fold_tournament
from ..table import TableConfig
from .draw import layout
from .numbers import start_numbers
from .points import small_int
from .tables import latest_round, name_of, record_checked, roster, settings_of


@dataclass(frozen=True)
class Honoured:
    """The constraints a draw honoured: ``fixed`` player -> table, ``apart`` pairs, and which
    of them hold for the day (``standing_fixed``, ``standing_apart``) rather than this round."""

    fixed: dict[str, int] = field(default_factory=dict)
    apart: list[tuple[str, str]] = field(default_factory=list)
    standing_fixed: frozenset[str] = frozenset()
    standing_apart: frozenset[frozenset[str]] = frozenset()

    def to_json(self) -> dict[str, Any]:
        return {"fixed": [{"player": n, "tisch": t, "standing": n in self.standing_fixed}
                          for n, t in self.fixed.items()],
                "apart": [{"players": [a, b], "standing": frozenset((a, b)) in self.standing_apart}
                          for a, b in self.apart]}


def standing(cfg: TableConfig, ledger: Ledger) -> tuple[dict[str, int], list[tuple[str, str]]]:
    """The constraints recorded for the day: player -> table, and the pairs kept apart."""
    state = fold_tournament(cfg.players, ledger.events())
    return dict(state.fixed), list(state.apart)


def tables_next(cfg: TableConfig, ledger: Ledger) -> list[int]:
    """The sizes (drawn players) of the tables the next draw makes (or of the current round's,
    where every round is drawn: a redraw)."""
    settings = settings_of(cfg)
    plan = layout(len(roster(cfg, ledger).active), settings.short_tables)
    return [size - (1 if i < plan.standins else 0) for i, size in enumerate(plan.sizes)]


def fix(cfg: TableConfig, ledger: Ledger, typed: str, table: str, remove: bool = False) -> tuple[str, int]:
    """``tournament fix NAME TABLE [--remove]``: NAME sits at TABLE in every later draw (or no
    longer). Refused: a name not registered (or withdrawn), a table the next draw does not
    have, a table with more fixed players than seats, a pair kept apart both fixed there."""
    settings_of(cfg)
    event = record_checked(ledger, lambda: _fixed_checked(cfg, ledger, typed, table, remove))
    return event.name, event.tisch


def _fixed_checked(cfg: TableConfig, ledger: Ledger, typed: str, table: str, remove: bool) -> PlayerFixed:
    """The event ``fix`` records, refused as ``fix`` says."""
    people = roster(cfg, ledger)
    name = name_of(people.active, typed.strip(), start_numbers(cfg, ledger), list(people.withdrawn))
    fixed, apart = standing(cfg, ledger)
    if remove:
        if name not in fixed:
            raise IllegalEntry(Text("tournament.not_fixed", name=name), Text("tournament.constraints_hint"))
        return PlayerFixed(latest_round(ledger), name, fixed[name], 1)
    sizes = tables_next(cfg, ledger)
    tisch = small_int(table.strip(), 1, len(sizes))
    if tisch is None:
        raise IllegalEntry(Text("tournament.fix_table_day", table=table, count=len(sizes)),
                           Text("tournament.fix_day_hint"))
    if fixed.get(name) == tisch:
        raise IllegalEntry(Text("tournament.fixed_already", name=name, tisch=tisch),
                           Text("tournament.constraints_hint"))
    fixed[name] = tisch
    _check(fixed, apart, sizes)
    return PlayerFixed(latest_round(ledger), name, tisch)


def keep_apart(cfg: TableConfig, ledger: Ledger, first: str, second: str, remove: bool = False) -> tuple[str, str]:
    """``tournament apart A B [--remove]``: A and B never at one table in every later draw (or
    no longer). Refused: a name not registered, one player twice, two players fixed to one
    table."""
    settings_of(cfg)
    event = record_checked(ledger, lambda: _apart_checked(cfg, ledger, first, second, remove))
    return event.name, event.other


def _apart_checked(cfg: TableConfig, ledger: Ledger, first: str, second: str, remove: bool) -> PlayersApart:
    """The event ``keep_apart`` records, refused as ``keep_apart`` says."""
    people = roster(cfg, ledger)
    numbers = start_numbers(cfg, ledger)
    left = list(people.withdrawn)
    a, b = name_of(people.active, first.strip(), numbers, left), name_of(people.active, second.strip(), numbers, left)
    if a == b:
        raise IllegalEntry(Text("tournament.apart_same_day", name=a), Text("tournament.apart_day_hint"))
    fixed, apart = standing(cfg, ledger)
    there = any({a, b} == set(p) for p in apart)
    if remove:
        if not there:
            raise IllegalEntry(Text("tournament.not_apart", a=a, b=b), Text("tournament.constraints_hint"))
        return PlayersApart(latest_round(ledger), a, b, 1)
    if there:
        raise IllegalEntry(Text("tournament.apart_already", a=a, b=b), Text("tournament.constraints_hint"))
    _check(fixed, [*apart, (a, b)], None)
    return PlayersApart(latest_round(ledger), a, b)


def _check(fixed: Mapping[str, int], apart: Sequence[tuple[str, str]], sizes: Sequence[int] | None) -> None:
    """No table with more fixed players than drawn seats; no pair kept apart fixed to one table."""
    if sizes is not None:
        for tisch in sorted(set(fixed.values())):
            there = [n for n, t in fixed.items() if t == tisch]
            if tisch <= len(sizes) and len(there) > sizes[tisch - 1]:
                raise IllegalEntry(Text("tournament.fix_full", tisch=tisch, seats=sizes[tisch - 1],
                                        names=Join(there, "and")), Text("tournament.fix_day_hint"))
    for a, b in apart:
        if a in fixed and b in fixed and fixed[a] == fixed[b]:
            raise IllegalEntry(Text("tournament.apart_fixed", a=a, b=b, tisch=fixed[a]),
                               Text("tournament.apart_day_hint"))


def merged(players: Sequence[str], sizes: Sequence[int], round_no: int, day_fixed: Mapping[str, int],
           day_apart: Sequence[tuple[str, str]], fixed: Mapping[str, int],
           apart: Sequence[tuple[str, str]]) -> Honoured:
    """What a draw of ``round_no`` honours: the standing constraints of the players it seats
    (a withdrawn player's are left out), then the round's own (``fixed``, ``apart``: read
    already); refused where a standing fix names a table the round does not have, where the
    round's own contradicts a standing one, and as ``_check`` refuses."""
    seated = set(players)
    out = {n: t for n, t in day_fixed.items() if n in seated}
    for name, tisch in out.items():
        if tisch > len(sizes):
            raise IllegalEntry(Text("tournament.fixed_beyond", name=name, tisch=tisch, round=round_no,
                                    count=len(sizes)), Text("tournament.fixed_beyond_hint", name=name, tisch=tisch))
    standing_fixed = frozenset(out)
    for name, tisch in fixed.items():
        if name in out and out[name] != tisch:
            raise IllegalEntry(Text("tournament.fix_against_day", name=name, tisch=out[name], other=tisch),
                               Text("tournament.fixed_beyond_hint", name=name, tisch=out[name]))
        out[name] = tisch
    pairs = [(a, b) for a, b in day_apart if a in seated and b in seated]
    standing_apart = frozenset(frozenset(p) for p in pairs)
    for a, b in apart:
        if frozenset((a, b)) not in {frozenset(p) for p in pairs}:
            pairs.append((a, b))
    _check(out, pairs, sizes)
    return Honoured(out, pairs, standing_fixed, standing_apart)
