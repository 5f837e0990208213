"""The Stock (RULES §2 "When everyone passes", §7): fed when all pass, paid out by a won partner
game, matched by a lost one; at the close (``stock_at_close``) returned in equal shares to the
players at the table, returned to those who paid it in, or carried on to the next evening."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ...i18n import Amount, Text, say
from ...money import equal_shares, split_largest_remainder
from .. import bock
from ..family import (
    Bookings,
    GameType,
    kasse_notes,
)
from ..model import GameEntry, HandState, Outcome, Seating, TableRules
from .base import BavarianBase
from .catalogue import AllPass, BavarianState, StockAtClose, StockOnLoss


class StockKeeping(BavarianBase):
    """The Stock and the state a Bavarian table carries from hand to hand."""

    def _stock_after(self, g: GameType, declarers: tuple[str, ...], won: bool, pay: dict[str, int],
                     notes: list[Text | str], rules: TableRules, state: HandState, lang: str) -> int:
        """A partner game and the Stock: won, the declarers take it half each; lost, they match it
        (``stock_on_loss = "double"``). Books into ``pay`` and returns the Stock's change."""
        stock_change = 0
        if g.kind == "partner" and self.own_state(state).stock > 0:
            halves = equal_shares(self.own_state(state).stock, 2)
            if won:
                for d, h in zip(declarers, halves, strict=True):
                    pay[d] += h
                stock_change = -self.own_state(state).stock
                notes.append(Text("engine.bav.stock_won", amount=Amount(self.own_state(state).stock, rules.currency)))
            elif self.house_rules_of(rules).stock_on_loss == StockOnLoss.DOUBLE:
                for d, h in zip(declarers, halves, strict=True):
                    pay[d] -= h
                stock_change = self.own_state(state).stock
                notes.append(Text("engine.bav.stock_matched", amount=Amount(self.own_state(state).stock, rules.currency)))
        return stock_change

    # -- state ---------------------------------------------------------------------------
    def bock_fired(self, entry: GameEntry, rules: TableRules, won: bool | None) -> list[str]:
        """The ``bock_after`` triggers this hand fulfils (each starts a Bock round)."""
        after = self.house_rules_of(rules).bock_after
        if not after:
            return []
        kind = self.game(entry.game).kind
        declared = kind not in ("ramsch", "weiter")
        happened = {
            bock.KONTRA_LOST: declared and entry.kontra and won is False,
            # a won Tout took every trick, and so did a Sie (always won): both count as schwarz;
            # a won Bettel and a Ramsch never do (RULES §12)
            bock.SCHWARZ: declared and kind != "bettel" and (entry.schwarz or (entry.tout and won is True)
                                                            or kind == "sie"),
            bock.SIE: kind == "sie",
            bock.SIXTY_SIXTY: declared and entry.augen == 60,
            bock.DURCHMARSCH: kind == "ramsch" and won is True,
        }
        return [t for t in dict.fromkeys(after) if happened.get(t)]

    def advance(self, entry: GameEntry, rules: TableRules, seating: Seating, state: HandState,
                outcome: Outcome) -> HandState:
        t = self.own_state(state)
        fired = self.bock_fired(entry, rules, outcome.won)
        if not outcome.stock and not fired and not t.bock:
            return state
        r = self.house_rules_of(rules)
        pending = bock.after_hand(t.bock, len(fired), bock.round_length(r.bock_hands, rules), r.bock_stack)
        paid_in = t.paid_in
        if outcome.stock > 0:  # fed (all passed, a Ramsch with the Stock) or matched (a lost partner game)
            paid_in = _added(paid_in, self._fed_by(entry, seating, outcome))
        elif outcome.stock < 0 and t.stock + outcome.stock == 0:  # won: the Stock is empty again
            paid_in = ()
        return replace(state, own=replace(t, stock=t.stock + outcome.stock, bock=pending, paid_in=paid_in))

    def _fed_by(self, entry: GameEntry, seating: Seating, outcome: Outcome) -> dict[str, int]:
        """Who put this hand's money into the Stock: the two declarers of a lost partner game
        matching it (half each, as ``_stock_after`` books it), else every active player alike
        (all passed, a Ramsch with the Stock)."""
        if self.game(entry.game).kind == "partner":
            return dict(zip(outcome.declarers, equal_shares(outcome.stock, 2), strict=True))
        each = outcome.stock // len(seating.active)
        return dict.fromkeys(seating.active, each)

    def standing_notes(self, rules: TableRules, state: HandState, balances: Mapping[str, int],
                       language: str) -> list[str]:
        notes = []
        if self.own_state(state).stock or AllPass.STOCK in self.passing(rules):
            notes.append(say("engine.bav.stock_note", language, amount=Amount(self.own_state(state).stock, rules.currency)))
        notes += bock.notes(self.own_state(state).bock, language)
        notes += kasse_notes(rules, self.house_rules_of(rules).kasse, balances, language)
        return notes

    def pending(self, rules: TableRules, state: HandState) -> dict[str, Any]:
        data: dict[str, Any] = {"stock": self.own_state(state).stock}
        if self.house_rules_of(rules).bock_after or self.own_state(state).bock:
            data.update(bock.pending(self.own_state(state).bock))
        return data

    def pot_return(self, rules: TableRules, pot: int, state: HandState | None = None) -> dict[str, int]:
        """The Stock left at the close, as ``stock_at_close`` says: in equal shares to the players
        at the table (``equal``), back to those who paid it in, in proportion to what each paid
        (``payers``), or to nobody (``carry``: it opens the next evening). Largest remainder, ties
        in seating order (RULES §12)."""
        if pot <= 0:
            return {}
        how = self.house_rules_of(rules).stock_at_close
        if how == StockAtClose.CARRY:
            return {}
        if how == StockAtClose.PAYERS:
            paid = self._paid_in(rules, state)
            if paid:
                return dict(zip(paid, split_largest_remainder(pot, list(paid.values())), strict=True))
        return dict(zip(rules.players, equal_shares(pot, len(rules.players)), strict=True))

    def pot_carried(self, rules: TableRules, pot: int, state: HandState | None = None) -> dict[str, int]:
        """Under ``stock_at_close = "carry"`` the whole Stock, by who paid it in (what a ledger
        written before anyone's share was known counts under the players at the table, in equal
        shares)."""
        if pot <= 0 or self.house_rules_of(rules).stock_at_close != StockAtClose.CARRY:
            return {}
        paid = self._paid_in(rules, state)
        if not paid:
            return dict(zip(rules.players, equal_shares(pot, len(rules.players)), strict=True))
        return dict(zip(paid, split_largest_remainder(pot, list(paid.values())), strict=True))

    def _paid_in(self, rules: TableRules, state: HandState | None) -> dict[str, int]:
        """Who paid into the Stock and how much, the players in seating order first."""
        paid = dict(self.own_state(state).paid_in) if state is not None else {}
        order = [p for p in rules.players if p in paid] + [p for p in paid if p not in rules.players]
        return {p: paid[p] for p in order if paid[p] > 0}

    def closing_bookings(self, rules: TableRules, state: HandState, pot: int = 0) -> Bookings:
        back = self.pot_return(rules, pot, state)
        return Bookings(back, -sum(back.values()), {"stock_return": back}) if back else Bookings()

    def opening_state(self, carried: Mapping[str, int]) -> BavarianState:
        """An evening that opens with the Stock the evening before carried, its payers with it."""
        return BavarianState(stock=sum(carried.values()), paid_in=tuple((p, v) for p, v in carried.items() if v))

    def renamed_state(self, own: Any, aliases: Mapping[str, str]) -> Any:
        """Who paid into the Stock, under the names the players go by now."""
        if not isinstance(own, BavarianState) or not own.paid_in:
            return own
        paid_in: tuple[tuple[str, int], ...] = ()
        for name, amount in own.paid_in:
            paid_in = _added(paid_in, {aliases.get(name, name): amount})
        return replace(own, paid_in=paid_in)


def _added(paid_in: tuple[tuple[str, int], ...], more: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    """What each player paid into the Stock, with ``more`` added (new payers after the others)."""
    total = dict(paid_in)
    for name, amount in more.items():
        total[name] = total.get(name, 0) + amount
    return tuple(total.items())
