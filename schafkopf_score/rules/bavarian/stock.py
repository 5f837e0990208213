"""The Stock (RULES §2 "When everyone passes"): fed when all pass, paid out by a won partner game,
matched by a lost one, returned in equal shares at the close."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ...i18n import Amount, Text, say
from ...money import equal_shares
from .. import bock
from ..family import (
    Bookings,
    GameType,
    kasse_notes,
)
from ..model import GameEntry, HandState, Outcome, Seating, TableRules
from .base import BavarianBase
from .catalogue import AllPass, StockOnLoss


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
        return replace(state, own=replace(t, stock=t.stock + outcome.stock, bock=pending))

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

    def pot_return(self, rules: TableRules, pot: int) -> dict[str, int]:
        """The Stock left at the close goes back to the players in equal shares (largest
        remainder, earlier first)."""
        if pot <= 0:
            return {}
        return dict(zip(rules.players, equal_shares(pot, len(rules.players)), strict=True))

    def closing_bookings(self, rules: TableRules, state: HandState, pot: int = 0) -> Bookings:
        back = self.pot_return(rules, pot)
        return Bookings(back, -sum(back.values()), {"stock_return": back}) if back else Bookings()
