"""What a Bavarian hand pays: ``V = (base + schneider + schwarz + laufende x L) x 2^(legen +
kontra steps)``, the thrown-in hand and the Ramsch."""

from __future__ import annotations

from ...i18n import Text, say
from .. import bock
from ..family import (
    Result,
    distribute,
)
from ..model import UNIT_CENT, GameEntry, HandState, Outcome, Seating, TableRules
from .catalogue import KONTRA_STEPS, AllPass
from .stock import StockKeeping


class Scoring(StockKeeping):
    """The payouts of a Bavarian hand; the explanation in the table's language."""

    # -- score ---------------------------------------------------------------------------
    def score(self, entry: GameEntry, rules: TableRules, seating: Seating, state: HandState,
              result: Result) -> Outcome:
        g = self.game(entry.game)
        lang = rules.language
        active = seating.active
        if g.kind == "weiter":
            return self._score_weiter(entry, rules, seating, lang)
        if g.kind == "ramsch":
            return self._score_ramsch(entry, rules, seating, state, lang, result)

        terms: list[tuple[str, int]] = []
        factors: list[tuple[str, int]] = []
        notes: list[str] = []
        won = bool(result.won)
        if g.kind == "bettel":
            terms.append((self.game_label(entry, lang), self.tariff(rules, "bettel")))
            if entry.ouvert:
                factors.append((say("engine.flag.ouvert", lang), 2))
        else:
            base_key = "solo" if g.kind == "sie" else g.tariff or g.name
            title = self.game_label(entry, lang) if g.kind != "sie" else say("engine.label.bavarian.solo", lang)
            terms.append((title, self.tariff(rules, base_key)))
            if result.schneider:  # never for Sie and Tout: validate says so
                terms.append((say("engine.bav.schneider", lang), self.tariff(rules, "schneider")))
            if result.schwarz:
                terms.append((say("engine.bav.schwarz", lang), self.tariff(rules, "schwarz")))
            lmin = self.laufende_min(g, rules)
            if entry.laufende >= lmin and entry.laufende > 0:
                terms.append((say("engine.bav.laufende", lang, n=entry.laufende),
                              entry.laufende * self.tariff(rules, "laufende")))
            elif entry.laufende:
                notes.append(say("engine.bav.laufende_from", lang, n=entry.laufende, min=lmin))
            if g.kind == "sie":
                factors.append((say("engine.label.bavarian.sie", lang), 4))
            if entry.tout:
                factors.append((say("engine.bav.tout", lang), 2))
        if entry.legen:
            laid = (say("engine.bav.laid_n", lang, n=entry.legen) if entry.legen > 1
                    else say("engine.bav.laid", lang))
            factors.append((laid, 2 ** entry.legen))
        for k in KONTRA_STEPS:
            if getattr(entry, k):
                factors.append((say(f"engine.flag.{k}", lang), 2))
        in_bock = bock.multiplier(self.t(state).bock)
        if in_bock > 1:
            factors.append((say("engine.bock.word", lang), in_bock))
        subtotal = sum(a for _, a in terms)
        value = subtotal
        for _, f in factors:
            value *= f

        declarers = result.declarers
        pay = distribute(active, declarers, value, won)

        stock_change = self._stock_after(g, declarers, won, pay, notes, rules, state, lang)
        started = bock.started_text(self.bock_fired(entry, rules, won), lang)
        if started:
            notes.append(started)

        per = say("engine.per_loser" if g.kind == "partner" else "engine.per_opponent", lang)
        text = " + ".join(f"{t} {a}" for t, a in terms)
        if len(terms) > 1 or factors:
            text += f" = {subtotal}"
        if factors:
            text += ", " + ", ".join(f"{t} x{f}" for t, f in factors) + f" = {value}"
        text += f" {per}"
        if notes:
            text += "; " + "; ".join(notes)
        return Outcome(
            game=g.name,
            unit=UNIT_CENT,
            payouts=tuple((p, pay[p]) for p in active),
            stock=stock_change,
            value=value,
            won=won,
            declarers=declarers,
            explanation=text,
            terms=tuple(terms) + tuple((t, f) for t, f in factors),
            extra={"bock": in_bock} if in_bock > 1 else {},
        )

    def _score_weiter(self, entry: GameEntry, rules: TableRules, seating: Seating, lang: str) -> Outcome:
        active = seating.active
        if AllPass.STOCK in self.passing(rules):
            each = self._stock_feed(entry, rules)
            return Outcome("weiter", UNIT_CENT, tuple((p, -each) for p in active), stock=each * len(active),
                           value=each, explanation=say("engine.bav.all_pass_stock", lang, each=each))
        return Outcome("weiter", UNIT_CENT, tuple((p, 0) for p in active), explanation=say("engine.bav.all_pass", lang))

    def _stock_feed(self, entry: GameEntry, rules: TableRules) -> int:
        """What each active player pays into the Stock when everyone passed (``stock``, doubled
        per Legen where ``stock_doubles``)."""
        each = self.tariff(rules, "stock")
        if self.h(rules).stock_doubles:
            each *= 2 ** entry.legen
        return each

    def _score_ramsch(self, entry: GameEntry, rules: TableRules, seating: Seating, state: HandState, lang: str,
                      result: Result) -> Outcome:
        """The Ramsch: the loser pays (a Durchmarsch receives) the tariff x 2 per Legen, per push
        (schieben), per Jungfrau (``double_all``) and in Bock; with ``all_pass = ["ramsch",
        "stock"]`` every active player also pays into the Stock."""
        r = self.h(rules)
        active = seating.active
        in_bock = bock.multiplier(self.t(state).bock)
        mult = 2 ** entry.legen * 2 ** entry.schieben * in_bock
        durch = result.declarers[0] if result.won else None
        pay = {p: 0 for p in active}
        laid = "".join([
            say("engine.bav.ramsch_laid", lang, mult=2 ** entry.legen) if entry.legen else "",
            say("engine.bav.ramsch_pushed", lang, mult=2 ** entry.schieben) if entry.schieben else "",
            say("engine.bock.factor", lang, mult=in_bock) if in_bock > 1 else "",
        ])
        if durch:
            key = str(r.ramsch_durchmarsch_pays)
            base = self.tariff(rules, key)
            value = base * mult
            for p in active:
                if p != durch:
                    pay[p] -= value
                    pay[durch] += value
            text = say("engine.bav.ramsch_durchmarsch", lang, name=durch, base=base, laid=laid, value=value)
            return self._ramsch_outcome(entry, rules, active, pay, value, True, durch, text, in_bock, lang)
        loser = result.declarers[0]
        base = self.tariff(rules, "ramsch")
        value = base * mult
        mode = r.ramsch_jungfrau
        jung = tuple(entry.jungfrau) if mode != "none" else ()
        jungfrau: Text | str = ""
        if mode == "double_all" and jung:
            value *= 2 ** len(jung)
            jungfrau = Text("engine.bav.jungfrau_all", mult=2 ** len(jung))
        for p in active:
            if p == loser:
                continue
            amount = value * (2 if mode == "double_individual" and p in jung else 1)
            pay[p] += amount
            pay[loser] -= amount
        if mode == "double_individual" and jung:
            jungfrau = Text("engine.bav.jungfrau_each")
        text = say("engine.bav.ramsch_loses", lang, name=loser, base=base, laid=laid, jungfrau=jungfrau, value=value)
        return self._ramsch_outcome(entry, rules, active, pay, value, False, loser, text, in_bock, lang)

    def _ramsch_outcome(self, entry: GameEntry, rules: TableRules, active: tuple[str, ...], pay: dict[str, int],
                        value: int, won: bool, who: str, text: str, in_bock: int, lang: str) -> Outcome:
        """The Ramsch's outcome, with the Stock fed where the table combines Ramsch and Stock and
        a Bock round started where a Durchmarsch triggers one."""
        stock = 0
        if AllPass.STOCK in self.passing(rules):
            each = self._stock_feed(entry, rules)
            for p in active:
                pay[p] -= each
            stock = each * len(active)
            text += "; " + say("engine.bav.ramsch_stock", lang, each=each)
        started = bock.started_text(self.bock_fired(entry, rules, won), lang)
        if started:
            text += "; " + started
        return Outcome("ramsch", UNIT_CENT, tuple((p, pay[p]) for p in active), stock=stock, value=value, won=won,
                       declarers=(who,), explanation=text, extra={"bock": in_bock} if in_bock > 1 else {})
