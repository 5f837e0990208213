"""Checking a Bavarian entry against the table's rules: what it establishes (a ``Result``) or an
``IllegalEntry`` that says what is wrong and how to put it right."""

from __future__ import annotations

from collections.abc import Mapping

from ...errors import IllegalEntry
from ...i18n import Join, Text
from ...text import toml_value
from ..entry_checks import augen_map_total, check_active, check_result, reject_foreign_options, require_active, require_partner
from ..family import GameType, Result, each_player
from ..model import GameEntry, HandState, Seating, TableRules
from .base import BavarianBase
from .catalogue import KONTRA_STEPS, SUITS, AllPass

_DOUBLINGS = frozenset((*KONTRA_STEPS, "legen"))


class Validation(BavarianBase):
    """The checks of a Bavarian entry."""


    def validate(self, entry: GameEntry, rules: TableRules, seating: Seating, state: HandState) -> Result:
        g = self.game(entry.game)
        r = self.house_rules_of(rules)
        if not self.enabled(g, rules):
            if g.kind == "sie":
                hint = Text("engine.bav.sie_hint")
            elif g.kind == "ramsch":
                hint = Text("engine.bav.ramsch_hint")
            else:
                hint = Text("engine.not_played_hint", game=g.name)
            raise IllegalEntry(Text("engine.not_played", game=self.game_phrase(g.name)), hint)
        reject_foreign_options(entry, self, g)
        if g.kind == "partner" and len(seating.active) != 4:
            raise IllegalEntry(Text("engine.bav.partner_four", game=self.game_phrase(g.name), n=len(seating.active)),
                               Text("engine.bav.partner_four_hint"))
        self._check_doublings(entry, rules, seating)
        modes = self.passing(rules)
        if entry.forced and AllPass.FORCED not in modes:
            raise IllegalEntry(Text("engine.bav.forced_only"), Text("engine.bav.forced_only_hint"))
        kind = g.kind
        if kind == "weiter":
            # the table's all_pass as its file says it, and two of its players in the example
            modes_said = [str(m) for m in r.all_pass] if isinstance(r.all_pass, tuple) else [str(r.all_pass)]
            said = toml_value(modes_said if len(modes_said) > 1 else modes_said[0])  # ["ramsch"] is "ramsch"
            if AllPass.RAMSCH in modes:
                a, b = (list(seating.active) * 2)[:2]
                raise IllegalEntry(Text("engine.bav.pass_ramsch", value=said), Text("engine.bav.pass_ramsch_hint", a=a, b=b))
            if AllPass.FORCED in modes:
                raise IllegalEntry(Text("engine.bav.pass_forced", value=said), Text("engine.bav.pass_forced_hint"))
            if entry.legen and not (AllPass.STOCK in modes and r.stock_doubles):
                raise IllegalEntry(Text("engine.bav.pass_legen"), Text("engine.bav.pass_legen_hint"))
            return Result()
        if kind == "ramsch":
            return self._validate_ramsch(entry, rules, seating)
        player = require_active(entry.player, seating, "--player", self, g)
        declarers: tuple[str, ...] = (player,)
        if kind == "partner":
            declarers = (player, require_partner(entry, player, seating, self, g, Text("engine.bav.partner_hint")))
            if entry.sau is not None:
                sau = self.suit(entry.sau)
                if sau == "herz":
                    raise IllegalEntry(Text("engine.bav.herz_sau"), Text("engine.bav.herz_sau_hint"))
        if g.suit == "required":
            if entry.suit is None:
                raise IllegalEntry(Text("engine.bav.needs_suit", game=self.game_phrase(g.name)),
                                   Text("engine.bav.needs_suit_hint", suits="|".join(SUITS)))
            self.suit(entry.suit)
        elif entry.suit is not None:
            self.suit(entry.suit)
        if kind == "bettel":
            if entry.won is None:
                raise IllegalEntry(Text("engine.bav.bettel_tricks"), Text("engine.bav.won_or_lost"))
            if entry.ouvert and not r.bettel_ouvert:
                raise IllegalEntry(Text("engine.bav.no_ouvert"), Text("engine.bav.no_ouvert_hint"))
            return Result(declarers, entry.won)
        self._check_laufende(entry, g, rules)
        if kind == "sie":
            return Result(declarers, True)
        if entry.tout:
            if not r.tout:
                raise IllegalEntry(Text("engine.bav.no_tout"), Text("engine.bav.no_tout_hint"))
            if entry.won is None:
                raise IllegalEntry(Text("engine.bav.tout_tricks"), Text("engine.bav.tout_tricks_hint"))
            if entry.augen is not None or entry.schwarz:
                raise IllegalEntry(Text("engine.bav.tout_augen"), Text("engine.bav.tout_augen_hint"))
            return Result(declarers, entry.won)
        total, win_at = self.limits(rules)
        if entry.augen is None:
            if entry.won is None:
                raise IllegalEntry(Text("engine.bav.needs_augen", game=self.game_phrase(g.name)),
                                   Text("engine.bav.needs_augen_hint", total=total))
        else:
            check_result(entry, total=total, win_at=win_at)
        return Result.from_augen(entry, declarers, total=total, win_at=win_at)

    def _check_doublings(self, entry: GameEntry, rules: TableRules, seating: Seating) -> None:
        if entry.given().isdisjoint(_DOUBLINGS):  # nobody doubled: nothing to check
            return
        flags = [getattr(entry, k) for k in KONTRA_STEPS]
        for i, on in enumerate(flags):
            if on and i and not flags[i - 1]:
                step, prev = KONTRA_STEPS[i], KONTRA_STEPS[i - 1]
                raise IllegalEntry(
                    Text("engine.bav.step_without", step=step, prev=prev, title=Text(f"engine.flag.{step}"),
                         prev_title=Text(f"engine.flag.{prev}")),
                    Text("engine.bav.step_without_hint", step=step, prev=prev),
                )
        steps = sum(flags)
        allowed = self.house_rules_of(rules).kontra
        if steps > allowed:
            if allowed == 0:
                raise IllegalEntry(Text("engine.bav.no_kontra"), Text("engine.bav.no_kontra_hint"))
            step = KONTRA_STEPS[steps - 1]
            raise IllegalEntry(
                Text("engine.bav.kontra_beyond", title=Text(f"engine.flag.{KONTRA_STEPS[allowed - 1]}"),
                     allowed=allowed, step=step),
                Text("engine.bav.kontra_beyond_hint", step=step, steps=steps),
            )
        if entry.legen:
            if not self.house_rules_of(rules).legen:
                raise IllegalEntry(Text("engine.bav.no_legen"), Text("engine.bav.no_legen_hint"))
            n = len(seating.active)
            if not 0 <= entry.legen <= n:
                raise IllegalEntry(Text("engine.bav.legen_range", n=entry.legen, players=n),
                                   Text("engine.bav.legen_range_hint", players=n))

    def _check_laufende(self, entry: GameEntry, g: GameType, rules: TableRules) -> None:
        cap = self.trump_count(g, rules)
        if entry.laufende < 0:
            raise IllegalEntry(Text("engine.bav.laufende_negative", n=entry.laufende),
                               Text("engine.bav.laufende_negative_hint"))
        if entry.laufende > cap:
            key = "engine.bav.laufende_cap_short" if rules.deck == "short" else "engine.bav.laufende_cap"
            raise IllegalEntry(Text(key, n=entry.laufende, game=self.game_phrase(g.name), cap=cap),
                               Text("engine.bav.laufende_cap_hint", cap=cap))
        if g.kind == "sie" and entry.laufende < 8:
            raise IllegalEntry(Text("engine.bav.sie_laufende", n=entry.laufende),
                               Text("engine.bav.sie_laufende_hint", cap=cap))

    def _validate_ramsch(self, entry: GameEntry, rules: TableRules, seating: Seating) -> Result:
        r = self.house_rules_of(rules)
        dm_rule = r.ramsch_durchmarsch
        if entry.schieben:
            if not r.schieben:
                raise IllegalEntry(Text("engine.bav.no_schieben"), Text("engine.bav.no_schieben_hint"))
            n = len(seating.active)
            if not 0 <= entry.schieben <= n:
                raise IllegalEntry(Text("engine.bav.schieben_range", n=entry.schieben, players=n),
                                   Text("engine.bav.schieben_range_hint", players=n))
        amap = augen_map_total(entry.augen_map, seating, 120) if entry.augen_map else None
        if entry.loser:
            check_active([entry.loser], seating)
        if entry.durchmarsch:
            check_active([entry.durchmarsch], seating)
            if dm_rule == "none":
                raise IllegalEntry(Text("engine.bav.no_durchmarsch"), Text("engine.bav.no_durchmarsch_hint"))
            if entry.loser:
                raise IllegalEntry(Text("engine.bav.durchmarsch_loser"), Text("engine.bav.durchmarsch_loser_hint"))
            if entry.jungfrau:
                raise IllegalEntry(Text("engine.bav.durchmarsch_jungfrau"), Text("engine.bav.drop_jungfrau"))
            if amap is not None:
                need = 120 if dm_rule == "all_tricks" else int(dm_rule)
                if amap[entry.durchmarsch] < need:
                    raise IllegalEntry(
                        Text("engine.bav.durchmarsch_augen", name=entry.durchmarsch, augen=amap[entry.durchmarsch],
                             need=need),
                        Text("engine.bav.durchmarsch_augen_hint"),
                    )
            return Result((entry.durchmarsch,), True)
        if amap is None and not entry.loser:
            raise IllegalEntry(Text("engine.bav.ramsch_loser"),
                               Text("engine.bav.ramsch_loser_hint", form=each_player(seating.active)))
        durch = self._auto_durchmarsch(amap, rules) if amap is not None else None
        if amap is not None and durch is None:
            top = max(amap.values())
            tied = [p for p in seating.active if amap[p] == top]
            if len(tied) > 1 and not entry.loser:
                raise IllegalEntry(Text("engine.tie", names=Join(tied, "and"), top=top, word=Text("engine.word.augen")),
                                   Text("engine.bav.ramsch_tie_hint"))
            if entry.loser and entry.loser not in tied:
                raise IllegalEntry(
                    Text("engine.bav.not_the_loser", name=entry.loser, augen=amap[entry.loser],
                         names=Join(tied, "and"), top=top),
                    Text("engine.bav.not_the_loser_hint") if len(tied) == 1
                    else Text("engine.bav.name_the_loser", names=Join(tied, "or")),
                )
        if durch is not None and entry.loser and entry.loser != durch:
            # the Augen show another player's Durchmarsch (ramsch_durchmarsch = N): nobody lost
            raise IllegalEntry(
                Text("engine.bav.loser_not_durchmarsch", name=entry.loser, durch=durch, augen=amap[durch] if amap else 0,
                     need=int(dm_rule)),
                Text("engine.bav.not_the_loser_hint"),
            )
        loser = self._ramsch_loser(entry, amap, rules)
        for j in entry.jungfrau:
            check_active([j], seating)
            if j == loser:
                raise IllegalEntry(Text("engine.bav.loser_jungfrau", name=j), Text("engine.bav.loser_jungfrau_hint"))
            if amap is not None and amap[j] > 0:
                raise IllegalEntry(Text("engine.bav.jungfrau_augen", name=j, augen=amap[j]),
                                   Text("engine.bav.jungfrau_augen_hint"))
        if len(set(entry.jungfrau)) != len(entry.jungfrau):
            raise IllegalEntry(Text("engine.bav.jungfrau_twice"), Text("engine.bav.jungfrau_twice_hint"))
        if durch is not None:  # the Augen show a Durchmarsch (ramsch_durchmarsch = N)
            return Result((durch,), True)
        assert loser is not None
        others = {p for p in seating.active if p != loser}
        if dm_rule != "none" and others and set(entry.jungfrau) == others:
            # every other player took no trick: the loser took them all, his Durchmarsch (RULES §12)
            return Result((loser,), True)
        return Result((loser,), False)

    def _auto_durchmarsch(self, amap: Mapping[str, int], rules: TableRules) -> str | None:
        dm_rule = self.house_rules_of(rules).ramsch_durchmarsch
        if isinstance(dm_rule, int):
            for name, a in amap.items():
                if a >= dm_rule:
                    return name
        return None

    @staticmethod
    def _ramsch_loser(entry: GameEntry, amap: Mapping[str, int] | None, rules: TableRules) -> str | None:
        if entry.loser:
            return entry.loser
        if amap is None:
            return None
        top = max(amap.values())
        return next(p for p, a in amap.items() if a == top)
