"""What a Bavarian hand pays: ``V = (base + schneider + schwarz + laufende x L) x 2^(legen +
kontra steps)``, the thrown-in hand and the Ramsch."""

from __future__ import annotations

from ...i18n import Text, say
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
            return self._score_ramsch(entry, rules, seating, lang, result)

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
        subtotal = sum(a for _, a in terms)
        value = subtotal
        for _, f in factors:
            value *= f

        declarers = result.declarers
        pay = distribute(active, declarers, value, won)

        stock_change = self._stock_after(g, declarers, won, pay, notes, rules, state, lang)

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
        )

    def _score_weiter(self, entry: GameEntry, rules: TableRules, seating: Seating, lang: str) -> Outcome:
        active = seating.active
        if self.h(rules).all_pass == AllPass.STOCK:
            each = self.tariff(rules, "stock")
            if self.h(rules).stock_doubles:
                each *= 2 ** entry.legen
            return Outcome("weiter", UNIT_CENT, tuple((p, -each) for p in active), stock=each * len(active),
                           value=each, explanation=say("engine.bav.all_pass_stock", lang, each=each))
        return Outcome("weiter", UNIT_CENT, tuple((p, 0) for p in active), explanation=say("engine.bav.all_pass", lang))

    def _score_ramsch(self, entry: GameEntry, rules: TableRules, seating: Seating, lang: str,
                      result: Result) -> Outcome:
        r = self.h(rules)
        active = seating.active
        mult = 2 ** entry.legen
        durch = result.declarers[0] if result.won else None
        pay = {p: 0 for p in active}
        laid: Text | str = Text("engine.bav.ramsch_laid", mult=mult) if entry.legen else ""
        if durch:
            key = str(r.ramsch_durchmarsch_pays)
            base = self.tariff(rules, key)
            value = base * mult
            for p in active:
                if p != durch:
                    pay[p] -= value
                    pay[durch] += value
            text = say("engine.bav.ramsch_durchmarsch", lang, name=durch, base=base, laid=laid, value=value)
            return Outcome("ramsch", UNIT_CENT, tuple((p, pay[p]) for p in active), value=value, won=True,
                           declarers=(durch,), explanation=text)
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
        return Outcome("ramsch", UNIT_CENT, tuple((p, pay[p]) for p in active), value=value, won=False,
                       declarers=(loser,), explanation=text)
