"""Playing one hand: a pure function over an entry, a rules snapshot and the state before it.

``play`` seats the hand (shared dealer rotation), lets the family validate and score it, and
returns the state for the next hand. A whole session is replayed one floor up
(``session.fold``): who dealt a recorded hand and who sat it out are facts recorded with it
(RULES §1), handed to ``play`` as its ``seating``, never worked out again.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
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


def start_state(rules: TableRules, carried: Mapping[str, int] | None = None) -> HandState:
    """The state before the first hand of a session; ``carried``: the pot the evening before
    carried into this one (by who paid it in), where there is one."""
    family = find_family(rules.family)
    return HandState(hand=1, dealer=rules.players[0],
                     own=family.opening_state(carried) if carried else family.initial_state())


def recorded_seating(rules: TableRules, dealer: Any, sitting_out: Any) -> Seating | None:
    """The seating a stored hand records (its dealer and who sat out), checked against the
    hand's own rules; None where the row records none (a row of an older ledger) or one that
    does not fit the table it names (left to the rotation, and so to ``check``).

    >>> from schafkopf_score.table import make_rules  # (a doctest only: the engine imports no table)
    >>> five = make_rules("bavarian", ["A", "B", "C", "D", "E"])
    >>> recorded_seating(five, "C", ["B"]).active
    ('A', 'C', 'D', 'E')
    """
    if not isinstance(dealer, str) or not isinstance(sitting_out, list):
        return None
    if not all(isinstance(n, str) for n in sitting_out):
        return None
    return _recorded(tuple(rules.players), rules.seats, dealer, tuple(sitting_out))


@lru_cache(maxsize=1024)
def _recorded(players: tuple[str, ...], seats: int, dealer: str, sitting_out: tuple[str, ...]) -> Seating | None:
    """``recorded_seating`` of names (worked out once per table, dealer and who sat out: a
    replay seats every hand it reads)."""
    if dealer not in players or not all(n in players for n in sitting_out):
        return None
    try:
        return seat_hand(players, seats, dealer, sitting_out)
    except IllegalEntry:
        return None


def seat(entry: GameEntry, rules: TableRules, state: HandState) -> Seating:
    dealer = entry.dealer or state.dealer
    if dealer not in rules.players:
        dealer = rules.players[0]
    for name in entry.sitting_out:
        if name not in rules.players:
            raise IllegalEntry(Text("engine.not_at_table", name=repr(name)),
                               Text("engine.players_here", names=Join(rules.players)))
    return seat_hand(rules.players, rules.seats, dealer, entry.sitting_out)


# What ``play`` gave, by its arguments: a replay plays the same hand from the same state again
# and again (a season of evenings that repeat one another, a check replaying what an import
# replayed), and ``play`` is a pure function of frozen values. The rules are keyed by identity
# (their tariff and house rules are dicts, never changed once made: ``house_rules_of`` caches on
# them too), the remembered ``Played`` holding them alive; the entry, the state and the seating
# by value. Bounded: emptied when full, memory stays flat. Where fewer than half the hands looked
# up were met before when it is full (a season whose hands hardly repeat), it rests for the next
# ``PLAYED_REST`` hands: held objects cost the allocator and the cycle collector more than the
# few hits save (held 4,096 hands, ``check --full`` of such a season took 6 % longer).
_PLAYED: dict[tuple[Any, ...], Played] = {}
PLAYED_MEMO = 512
PLAYED_REST = 8 * PLAYED_MEMO
_hits = 0  # hands served since the memo was last emptied
_resting = 0  # hands still to be played without it


def play(entry: GameEntry, rules: TableRules, state: HandState, seating: Seating | None = None) -> Played:
    """Validate and score one hand; raises ``IllegalEntry`` for anything the rules forbid.
    ``seating``: who dealt and who sat out, where that is a recorded fact (a stored hand
    replayed); otherwise the entry's overrides and the rotation say. A hand played before with
    equal arguments is not played again: its outcome and the state after it are shared (frozen
    values), in a ``Played`` of this call's own entry, rules, seating and state."""
    global _hits, _resting
    if _resting:
        _resting -= 1
        return _play(entry, rules, state, seating)
    key = (entry, id(rules), state, seating)
    try:
        known = _PLAYED.get(key)
    except TypeError:  # a value that does not hash (a state a caller made of lists, say): played
        return _play(entry, rules, state, seating)
    if known is not None:
        _hits += 1
        return _shared(entry, rules, seating or known.seating, known.outcome, state, known.after)
    played = _play(entry, rules, state, seating)
    if len(_PLAYED) >= PLAYED_MEMO:
        if _hits < len(_PLAYED):
            _resting = PLAYED_REST
        _hits = 0
        _PLAYED.clear()
    _PLAYED[key] = played
    return played


def _shared(entry: GameEntry, rules: TableRules, seating: Seating, outcome: Outcome, before: HandState,
            after: HandState) -> Played:
    """``Played(...)`` made at once (a frozen dataclass's ``__init__`` sets its fields one by one)."""
    played = object.__new__(Played)
    played.__dict__.update(entry=entry, rules=rules, seating=seating, outcome=outcome, before=before, after=after)
    return played


def _play(entry: GameEntry, rules: TableRules, state: HandState, seating: Seating | None) -> Played:
    family = find_family(rules.family)
    seating = seating or seat(entry, rules, state)
    result = family.validate(entry, rules, seating, state)
    outcome = family.score(entry, rules, seating, state, result)
    after = family.advance(entry, rules, seating, state, outcome)
    if family.deals(entry):
        after = HandState(state.hand + 1, next_dealer(rules.players, seating.dealer), after.own)
    elif after.dealer != seating.dealer:  # a draw is made for its dealer's hand (a recorded one too)
        after = replace(after, dealer=seating.dealer)
    return Played(entry, rules, seating, outcome, state, after)
