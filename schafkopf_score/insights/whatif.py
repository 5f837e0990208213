"""The evening under another tariff (RULES §13, ``settle --tariff`` / ``--rules``), pure: a
session's recorded hands played again, in their order and seated as they were, each under its
own snapshot with the other tariff (and house rules) put in, and what that settles to.

A hand the other rules refuse (a game they do not play, a Ramsch where they throw in) is listed
with the reason and left out, as if it had never been entered: the hands after it are priced
from the state without it (Stock, Bock, doublers), as a table playing under those rules would
have recorded them. An early payout (``settle --player``) moved money at its moment and is
booked as it was paid.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..errors import IllegalEntry
from ..i18n import Text
from ..rules.model import TableRules
from ..rules.play import Played, play
from ..rules.registry import find_family
from ..session.fold import Row, SessionLog, SessionState, add_up, recorded, state_for
from ..session.settle import SessionSettlement, named_now, session_balances, settle_session


def with_tariff(tariff: Mapping[str, int]) -> Callable[[TableRules], TableRules]:
    """A hand's snapshot with these tariff keys put over its own (``--tariff 20/50``)."""

    def other(rules: TableRules) -> TableRules:
        return replace(rules, tariff={**rules.tariff, **tariff})

    return other


def with_rules(table: TableRules) -> Callable[[TableRules], TableRules]:
    """A hand's snapshot with another table's tariff, house rules and point value (``--rules
    FILE``); the hand keeps its players, seats, deck, currency and language."""

    def other(rules: TableRules) -> TableRules:
        return replace(rules, tariff=dict(table.tariff), rules=dict(table.rules), point_value=table.point_value)

    return other


@dataclass(frozen=True)
class Refused:
    """A recorded hand the other rules refuse, and why (in the table's words)."""

    session: int
    hand: int
    game: str
    reason: Text

    def to_json(self, lang: str) -> dict[str, Any]:
        return {"session": self.session, "hand": self.hand, "game": self.game, "reason": self.reason.render(lang)}


def replayed(log: SessionLog, other: Callable[[TableRules], TableRules], rules: TableRules,
             unit: str) -> tuple[SessionState, list[Refused]]:
    """The session's log played again with every hand's snapshot made ``other(snapshot)``, as an
    open session (its closing left out: ``settled`` books the close again under the other rules);
    ``rules``: the table's rules now (whose players the state seats next)."""
    rows: list[Row] = []
    refused: list[Refused] = []
    last: Played | None = None
    for rec in log.records:
        if not rec.valid:
            rows.append(Row(rec, None))
            continue
        snapshot = other(rec.rules)
        moved = replace(rec, rules=snapshot)
        try:
            played = play(rec.entry, snapshot, state_for(last, snapshot, log.aliases, log.opening), recorded(moved))
        except IllegalEntry as exc:
            refused.append(Refused(rec.session_id, rec.hand, rec.game, exc.text))
            rows.append(Row(moved, None))
            continue
        last = played
        rows.append(Row(moved, played))
    info = replace(log.info, closed_at=None, closing=None, bookings={}) if log.info is not None else None
    return add_up(replace(log, info=info), rows, rules, unit), refused


def settled(state: SessionState, closed: bool, round_to: int | None) -> SessionSettlement:
    """What a session played again settles to: as ``settle`` shows an open session, or, where
    the session was closed, as ``settle --close`` would have closed it (the Stock going back and
    the penalties booked under the other rules, rounded as the closing was)."""
    session = state.session.id if state.session else None
    rules = state.session_rules()
    family = find_family(rules.family)
    if not closed:
        # who paid into the Stock (``state``): where it goes at the close (``stock_at_close``)
        done = settle_session(rules, state.balances, state.stock, round_to, session, state=state.state,
                              aliases=state.aliases)
        return replace(done, warnings=tuple(family.warnings(*named_now(rules, state.state, state.aliases))))
    booked = family.closing_bookings(*named_now(rules, state.state, state.aliases), state.stock)
    balances = session_balances([state.balances], {"payouts": booked.payouts})
    done = settle_session(rules, balances, state.stock + booked.stock, round_to, session, closed=True,
                          state=state.state, aliases=state.aliases)
    return SessionSettlement.from_stored(session, done.stored())  # as the closing stores it
