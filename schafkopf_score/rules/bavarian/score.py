"""What a Bavarian hand pays: ``V = (base + schneider + schwarz + laufende x L) x 2^(legen +
kontra steps)``, the thrown-in hand and the Ramsch."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ...i18n import Text, render, say
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

        # the terms, factors and notes as words to be rendered: the explanation is worded only
        # when it is shown (a replay that checks the amounts never words it)
        terms: list[tuple[Text | str, int]] = []
        factors: list[tuple[Text | str, int]] = []
        notes: list[Text | str] = []
        won = bool(result.won)
        if g.kind == "bettel":
            terms.append((self.game_label(entry, lang), self.tariff(rules, "bettel")))
            if entry.ouvert:
                factors.append((Text("engine.flag.ouvert"), 2))
        else:
            base_key = "solo" if g.kind == "sie" else g.tariff or g.name
            title = self.game_label(entry, lang) if g.kind != "sie" else Text("engine.label.bavarian.solo")
            terms.append((title, self.tariff(rules, base_key)))
            if result.schneider:  # never for Sie and Tout: validate says so
                terms.append((Text("engine.bav.schneider"), self.tariff(rules, "schneider")))
            if result.schwarz:
                terms.append((Text("engine.bav.schwarz"), self.tariff(rules, "schwarz")))
            lmin = self.laufende_min(g, rules)
            if entry.laufende >= lmin and entry.laufende > 0:
                terms.append((Text("engine.bav.laufende", n=entry.laufende),
                              entry.laufende * self.tariff(rules, "laufende")))
            elif entry.laufende:
                notes.append(Text("engine.bav.laufende_from", n=entry.laufende, min=lmin))
            if g.kind == "sie":
                factors.append((Text("engine.label.bavarian.sie"), 4))
            if entry.tout:
                factors.append((Text("engine.bav.tout"), 2))
        if entry.legen:
            laid = Text("engine.bav.laid_n", n=entry.legen) if entry.legen > 1 else Text("engine.bav.laid")
            factors.append((laid, 2 ** entry.legen))
        for k in KONTRA_STEPS:
            if getattr(entry, k):
                factors.append((Text(f"engine.flag.{k}"), 2))
        in_bock = bock.multiplier(self.own_state(state).bock)
        if in_bock > 1:
            factors.append((Text("engine.bock.word"), in_bock))
        subtotal = sum(a for _, a in terms)
        value = subtotal
        for _, f in factors:
            value *= f

        declarers = result.declarers
        pay = distribute(active, declarers, value, won)

        stock_change = self._stock_after(g, declarers, won, pay, notes, rules, state, lang)
        started = bock.started_note(self.bock_fired(entry, rules, won))
        if started is not None:
            notes.append(started)
        per = "engine.per_loser" if g.kind == "partner" else "engine.per_opponent"

        def explain() -> str:
            text = " + ".join(f"{render(t, lang)} {a}" for t, a in terms)
            if len(terms) > 1 or factors:
                text += f" = {subtotal}"
            if factors:
                text += ", " + ", ".join(f"{render(t, lang)} x{f}" for t, f in factors) + f" = {value}"
            text += " " + say(per, lang)
            if notes:
                text += "; " + "; ".join(render(n, lang) for n in notes)
            return text

        return Outcome(
            game=g.name,
            unit=UNIT_CENT,
            payouts=tuple((p, pay[p]) for p in active),
            stock=stock_change,
            value=value,
            won=won,
            declarers=declarers,
            said=explain,
            extra={"bock": in_bock} if in_bock > 1 else {},
        )

    def _score_weiter(self, entry: GameEntry, rules: TableRules, seating: Seating, lang: str) -> Outcome:
        active = seating.active
        if AllPass.STOCK in self.passing(rules):
            each = self._stock_feed(entry, rules)
            return Outcome("weiter", UNIT_CENT, tuple((p, -each) for p in active), stock=each * len(active),
                           value=each, said=partial(say, "engine.bav.all_pass_stock", lang, each=each))
        return Outcome("weiter", UNIT_CENT, tuple((p, 0) for p in active), said=partial(say, "engine.bav.all_pass", lang))

    def _stock_feed(self, entry: GameEntry, rules: TableRules) -> int:
        """What each active player pays into the Stock when everyone passed (``stock``, doubled
        per Legen and per push (Schieben) where ``stock_doubles``, RULES §12)."""
        each = self.tariff(rules, "stock")
        if self.house_rules_of(rules).stock_doubles:
            each *= 2 ** entry.legen * 2 ** entry.schieben
        return each

    def _score_ramsch(self, entry: GameEntry, rules: TableRules, seating: Seating, state: HandState, lang: str,
                      result: Result) -> Outcome:
        """The Ramsch: the loser pays (a Durchmarsch receives) the tariff x 2 per Legen, per push
        (schieben), per Jungfrau (``double_all``) and in Bock; with ``all_pass = ["ramsch",
        "stock"]`` every active player also pays into the Stock."""
        r = self.house_rules_of(rules)
        active = seating.active
        in_bock = bock.multiplier(self.own_state(state).bock)
        mult = 2 ** entry.legen * 2 ** entry.schieben * in_bock
        durch = result.declarers[0] if result.won else None
        pay = {p: 0 for p in active}

        def laid() -> str:
            return "".join([
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
            return self._ramsch_outcome(entry, rules, active, pay, value, True, durch, lambda: say(
                "engine.bav.ramsch_durchmarsch", lang, name=durch, base=base, laid=laid(), value=value), in_bock, lang)
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
        return self._ramsch_outcome(entry, rules, active, pay, value, False, loser, lambda: say(
            "engine.bav.ramsch_loses", lang, name=loser, base=base, laid=laid(), jungfrau=jungfrau, value=value),
            in_bock, lang)

    def _ramsch_outcome(self, entry: GameEntry, rules: TableRules, active: tuple[str, ...], pay: dict[str, int],
                        value: int, won: bool, who: str, said: Callable[[], str], in_bock: int, lang: str) -> Outcome:
        """The Ramsch's outcome, with the Stock fed where the table combines Ramsch and Stock and
        a Bock round started where a Durchmarsch triggers one."""
        stock = 0
        notes: list[Text] = []
        # only the Ramsch played because everyone passed feeds the Stock (all_pass = ["ramsch",
        # "stock"]); under all_pass = "stock" a Ramsch from `games` leaves it alone, as Solo and Bettel do
        if {AllPass.STOCK, AllPass.RAMSCH} <= self.passing(rules):
            each = self._stock_feed(entry, rules)
            for p in active:
                pay[p] -= each
            stock = each * len(active)
            notes.append(Text("engine.bav.ramsch_stock", each=each))
        started = bock.started_note(self.bock_fired(entry, rules, won))
        if started is not None:
            notes.append(started)

        def explain() -> str:
            return "; ".join([said(), *(n.render(lang) for n in notes)])

        return Outcome("ramsch", UNIT_CENT, tuple((p, pay[p]) for p in active), stock=stock, value=value, won=won,
                       declarers=(who,), said=explain, extra={"bock": in_bock} if in_bock > 1 else {})
