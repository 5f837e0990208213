"""Playing a hand and replaying a session: pure functions over entries and rule snapshots.

``play`` seats the hand (shared dealer rotation), lets the family validate and score it, and
returns the state for the next hand. ``replay`` runs a whole session from its first hand, so
everything order-dependent (dealer, Stock, doublers, partners) follows from the valid games.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from ..errors import IllegalEntry
from ..i18n import Join, Text
from .model import GameEntry, HandState, Outcome, Seating, TableRules
from .registry import find_family
from .seating import next_dealer, seat_hand


@dataclass(frozen=True)
class Played:
    """One hand after scoring: where everyone sat, what it paid, the state before and after."""

    entry: GameEntry
    rules: TableRules
    seating: Seating
    outcome: Outcome
    before: HandState
    after: HandState

    def facts(self) -> dict[str, Any]:
        """The facts of the hand a check compares with what is stored: declarers, won, dealer and
        who sat out (without wording the explanation)."""
        out = self.outcome
        return {"declarers": list(out.declarers), "won": out.won, "dealer": self.seating.dealer,
                "sitting_out": list(self.seating.sitting_out)}

    def summary(self) -> dict[str, Any]:
        """What a stored game keeps of its outcome besides the payouts (for reports, audits and
        the ledger's ``outcome`` column)."""
        out = self.outcome
        data: dict[str, Any] = {
            "value": out.value, "won": out.won, "declarers": list(out.declarers), "explanation": out.explanation,
            "dealer": self.seating.dealer, "sitting_out": list(self.seating.sitting_out),
        }
        if out.extra:
            data["extra"] = dict(out.extra)
        return data


def start_state(rules: TableRules) -> HandState:
    return HandState(hand=1, dealer=rules.players[0], table=find_family(rules.family).initial_table())


def seat(entry: GameEntry, rules: TableRules, state: HandState) -> Seating:
    dealer = entry.dealer or state.dealer
    if dealer not in rules.players:
        dealer = rules.players[0]
    for name in entry.sitting_out:
        if name not in rules.players:
            raise IllegalEntry(Text("engine.not_at_table", name=repr(name)),
                               Text("engine.players_here", names=Join(rules.players)))
    return seat_hand(rules.players, rules.seats, dealer, entry.sitting_out)


def play(entry: GameEntry, rules: TableRules, state: HandState) -> Played:
    """Validate and score one hand; raises ``IllegalEntry`` for anything the rules forbid."""
    family = find_family(rules.family)
    seating = seat(entry, rules, state)
    result = family.validate(entry, rules, seating, state)
    outcome = family.score(entry, rules, seating, state, result)
    after = family.advance(entry, rules, seating, state, outcome)
    if family.deals(entry):
        after = HandState(state.hand + 1, next_dealer(rules.players, seating.dealer), after.table)
    return Played(entry, rules, seating, outcome, state, after)


def _for_table(state: HandState, rules: TableRules) -> HandState:
    """A dealer who has left the table (players changed mid-session) hands the deal to the first."""
    return state if state.dealer in rules.players else replace(state, dealer=rules.players[0])


def replay(games: Iterable[tuple[GameEntry, TableRules]]) -> Iterator[Played]:
    """Replay a session's valid games in order (each under its own rules snapshot)."""
    state: HandState | None = None
    for entry, rules in games:
        state = start_state(rules) if state is None else _for_table(state, rules)
        p = play(entry, rules, state)
        yield p
        state = p.after


def next_state(played: list[Played], rules: TableRules) -> HandState:
    """The state before the next hand of a session (after ``played``)."""
    return _for_table(played[-1].after, rules) if played else start_state(rules)
