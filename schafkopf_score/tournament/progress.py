"""Whether a ranking is final (RULES §10 "The desk", provisional): every table of every round it
counts has all its games or its paper totals, and every round it counts has been drawn. Until
then the ranking, the prize list and the projector say "provisional" and name what is missing."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..i18n import Join, Text
from ..ledger import Ledger
from ..session.tournament import TournamentState, fold_tournament
from ..table import TableConfig
from .tables import _tables, settings_of


@dataclass(frozen=True)
class Progress:
    """What a ranking counts, and what of it is not in yet: ``missing`` the tables of drawn
    rounds with neither all their games nor their totals, (round, table) in order;
    ``undrawn`` the rounds it counts that are not drawn yet."""

    missing: tuple[tuple[int, int], ...] = ()
    undrawn: tuple[int, ...] = ()
    rounds: int = 0  # the rounds it counts (the tournament's, or up to --round, or the day's)
    drawn: int = 0  # of them, how many are drawn
    tables: dict[int, list[int]] = field(default_factory=dict)  # round -> its missing tables

    @property
    def complete(self) -> bool:
        return not self.missing and not self.undrawn

    def to_json(self) -> dict[str, Any]:
        return {"complete": self.complete, "missing": [{"round": r, "tisch": t} for r, t in self.missing],
                "undrawn": list(self.undrawn)}

    def said(self) -> Text | None:
        """``provisional - table 9 (round 3) missing``, ``provisional - after round 1 of 3``
        (None when complete)."""
        what = self.what()
        return None if what is None else Text("tournament.provisional", what=what)

    def what(self) -> Text | None:
        """What is missing: ``table 9 (round 3) missing``, ``after round 1 of 3`` (None when
        complete)."""
        if self.complete:
            return None
        parts: list[Text] = []
        if self.missing:
            tables = Join((Text("tournament.missing_one" if len(t) == 1 else "tournament.missing_many",
                                tisch=t[0], tische=Join(t, "and"), round=r) for r, t in self.tables.items()), "and")
            parts.append(Text("tournament.missing_table" if len(self.missing) == 1 else "tournament.missing_tables",
                              tables=tables))
        if self.undrawn:
            parts.append(Text("tournament.provisional_after", drawn=self.drawn, rounds=self.rounds))
        return parts[0] if len(parts) == 1 else Text("tournament.both", first=parts[0], second=parts[1])


def progress(cfg: TableConfig, ledger: Ledger, upto: int | None = None, day: int | None = None,
             state: TournamentState | None = None) -> Progress:
    """The rounds a ranking counts (every round of the tournament; ``upto``: rounds 1..upto;
    ``day``: that day's rounds) and which of their tables are not in (``state``: the
    tournament's events folded already)."""
    settings = settings_of(cfg)
    state = state or fold_tournament(cfg.players, ledger.events())
    counted = [r for r in range(1, settings.rounds + 1)
               if (upto is None or r <= upto) and (day is None or state.days.get(r, settings.day_of(r)) == day)]
    drawn = {r.round for r in ledger.rounds()}
    tables = [t for t in _tables(ledger, state=state) if t.round in counted]
    counts = ledger.valid_game_counts([t.session_id for t in tables])
    missing = [(t.round, t.tisch) for t in tables
               if t.session_id not in state.totals and counts.get(t.session_id, 0) < settings.games_at(len(t.players))]
    by_round: dict[int, list[int]] = {}
    for r, t in sorted(missing):
        by_round.setdefault(r, []).append(t)
    undrawn = tuple(r for r in counted if r not in drawn)
    return Progress(tuple(sorted(missing)), undrawn, len(counted), len(counted) - len(undrawn), by_round)
