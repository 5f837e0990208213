"""What a Bavarian hand pays: ``V = (base + schneider + schwarz + laufende x L) x 2^(legen +
kontra steps)``, the thrown-in hand and the Ramsch."""

from __future__ import annotations

from ..family import (
    Result,
    distribute,
)
from ..model import UNIT_CENT, GameEntry, HandState, Outcome, Seating, TableRules
from .catalogue import KONTRA_STEPS, KONTRA_TITLES, WORDS, AllPass
from .stock import StockKeeping


class Scoring(StockKeeping):
    """The payouts of a Bavarian hand."""

    # -- score ---------------------------------------------------------------------------
    def score(self, entry: GameEntry, rules: TableRules, seating: Seating, state: HandState,
              result: Result) -> Outcome:
        g = self.game(entry.game)
        lang = rules.language if rules.language in WORDS else "en"
        w = WORDS[lang]
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
            terms.append((g.title, self.tariff(rules, "bettel")))
            if entry.ouvert:
                factors.append((w["ouvert"], 2))
        else:
            base_key = "solo" if g.kind == "sie" else g.tariff or g.name
            title = g.title if g.kind != "sie" else "Solo"
            if g.suit == "required" and entry.suit:
                title = f"{self.suit(entry.suit).capitalize()}-{g.title}"
            terms.append((title, self.tariff(rules, base_key)))
            if result.schneider:  # never for Sie and Tout: validate says so
                terms.append((w["schneider"], self.tariff(rules, "schneider")))
            if result.schwarz:
                terms.append((w["schwarz"], self.tariff(rules, "schwarz")))
            lmin = self.laufende_min(g, rules)
            if entry.laufende >= lmin and entry.laufende > 0:
                terms.append((f"{entry.laufende} {w['laufende']}", entry.laufende * self.tariff(rules, "laufende")))
            elif entry.laufende:
                notes.append(f"{entry.laufende} {w['laufende']}: {w['ohne']} {lmin}")
            if g.kind == "sie":
                factors.append((w["sie"], 4))
            if entry.tout:
                factors.append((w["tout"], 2))
        if entry.legen:
            factors.append(((f"{entry.legen}x " if entry.legen > 1 else "") + w["legen"], 2 ** entry.legen))
        for i, k in enumerate(KONTRA_STEPS):
            if getattr(entry, k):
                factors.append((KONTRA_TITLES[i], 2))
        subtotal = sum(a for _, a in terms)
        value = subtotal
        for _, f in factors:
            value *= f

        declarers = result.declarers
        pay = distribute(active, declarers, value, won)

        stock_change = self._stock_after(g, declarers, won, pay, notes, rules, state, lang)

        per = w["per_loser"] if g.kind == "partner" else w["per_opp"]
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
            text = (f"Alle passen: jeder zahlt {each} in den Stock" if lang == "de"
                    else f"Everyone passed: each pays {each} into the Stock")
            return Outcome("weiter", UNIT_CENT, tuple((p, -each) for p in active), stock=each * len(active),
                           value=each, explanation=text)
        text = "Alle passen: zusammengeworfen" if lang == "de" else "Everyone passed: thrown in"
        return Outcome("weiter", UNIT_CENT, tuple((p, 0) for p in active), explanation=text)

    def _score_ramsch(self, entry: GameEntry, rules: TableRules, seating: Seating, lang: str,
                      result: Result) -> Outcome:
        r = self.h(rules)
        active = seating.active
        mult = 2 ** entry.legen
        durch = result.declarers[0] if result.won else None
        pay = {p: 0 for p in active}
        legen_txt = ""
        if entry.legen:
            legen_txt = f", {WORDS[lang]['legen']} x{mult}"
        if durch:
            key = str(r.ramsch_durchmarsch_pays)
            base = self.tariff(rules, key)
            value = base * mult
            for p in active:
                if p != durch:
                    pay[p] -= value
                    pay[durch] += value
            text = (f"Ramsch: Durchmarsch {durch}, {base}{legen_txt} = {value} von jedem" if lang == "de"
                    else f"Ramsch: Durchmarsch by {durch}, {base}{legen_txt} = {value} from each")
            return Outcome("ramsch", UNIT_CENT, tuple((p, pay[p]) for p in active), value=value, won=True,
                           declarers=(durch,), explanation=text)
        loser = result.declarers[0]
        base = self.tariff(rules, "ramsch")
        value = base * mult
        mode = r.ramsch_jungfrau
        jung = tuple(entry.jungfrau) if mode != "none" else ()
        extra = ""
        if mode == "double_all" and jung:
            value *= 2 ** len(jung)
            extra = f", Jungfrau x{2 ** len(jung)}"
        for p in active:
            if p == loser:
                continue
            amount = value * (2 if mode == "double_individual" and p in jung else 1)
            pay[p] += amount
            pay[loser] -= amount
        if mode == "double_individual" and jung:
            extra = (", Jungfrau bekommt doppelt" if lang == "de" else ", a Jungfrau receives double")
        text = (f"Ramsch: {loser} verliert, {base}{legen_txt}{extra} = {value} an jeden" if lang == "de"
                else f"Ramsch: {loser} loses, {base}{legen_txt}{extra} = {value} to each")
        return Outcome("ramsch", UNIT_CENT, tuple((p, pay[p]) for p in active), value=value, won=False,
                       declarers=(loser,), explanation=text)
