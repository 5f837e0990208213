"""Checking a Bavarian entry against the table's rules: what it establishes (a ``Result``) or an
``IllegalEntry`` that says what is wrong and how to put it right."""

from __future__ import annotations

from collections.abc import Mapping

from ...errors import IllegalEntry
from ..family import (
    GameType,
    Result,
    augen_map_total,
    check_active,
    check_result,
    reject_foreign_options,
    require_active,
    require_partner,
)
from ..model import GameEntry, HandState, Seating, TableRules
from .base import BavarianBase
from .catalogue import KONTRA_STEPS, KONTRA_TITLES, SUITS, AllPass


class Validation(BavarianBase):
    """The checks of a Bavarian entry."""


    def validate(self, entry: GameEntry, rules: TableRules, seating: Seating, state: HandState) -> Result:
        g = self.game(entry.game)
        r = self.h(rules)
        if not self.enabled(g, rules):
            if g.kind == "sie":
                hint = "Set sie = true in [rules] of the table file."
            elif g.kind == "ramsch":
                hint = 'Set all_pass = "ramsch" in [rules] of the table file to play a Ramsch when all pass.'
            else:
                hint = f'Add "{g.name}" to games in [rules] of the table file.'
            raise IllegalEntry(f"This table does not play {g.title}.", hint)
        reject_foreign_options(entry, g)
        if g.kind == "partner" and len(seating.active) != 4:
            raise IllegalEntry(
                f"{g.title} is a partner game and needs four players; at a {len(seating.active)}-player "
                "table every game is one against the rest.",
                "Enter a solo game (solo, wenz, ...) instead.",
            )
        self._check_doublings(entry, rules, seating)
        if entry.forced and r.all_pass != AllPass.FORCED:
            raise IllegalEntry(
                "--forced applies only where the Eichel-Ober holder must play when all pass.",
                'Set all_pass = "forced" in [rules], or drop --forced.',
            )
        kind = g.kind
        if kind == "weiter":
            mode = r.all_pass
            if mode == "ramsch":
                raise IllegalEntry(
                    'When everyone passes this table plays a Ramsch (all_pass = "ramsch").',
                    "Enter the Ramsch: add ramsch --loser NAME (or --augen Anna=..,Ben=..,...).",
                )
            if mode == "forced":
                raise IllegalEntry(
                    'When everyone passes the holder of the Eichel-Ober must play (all_pass = "forced").',
                    "Enter the game he played, with --forced.",
                )
            if entry.legen and not (mode == "stock" and r.stock_doubles):
                raise IllegalEntry(
                    "--legen on a thrown-in hand changes nothing here.",
                    "Drop --legen (it counts only with all_pass = \"stock\" and stock_doubles = true).",
                )
            return Result()
        if kind == "ramsch":
            return self._validate_ramsch(entry, rules, seating)
        player = require_active(entry.player, seating, "--player", g)
        declarers: tuple[str, ...] = (player,)
        if kind == "partner":
            declarers = (player, require_partner(
                entry, player, seating, g, "--partner names the holder of the called Sau (Hochzeit: who took the trump)."))
            if entry.sau is not None:
                sau = self.suit(entry.sau)
                if sau == "herz":
                    raise IllegalEntry(
                        "The Herz-Sau cannot be called: it is a trump in a Sauspiel.",
                        "Call the Eichel-, Gras- or Schellen-Sau (--sau eichel|gras|schellen).",
                    )
        if g.suit == "required":
            if entry.suit is None:
                raise IllegalEntry(
                    f"{g.title} needs its trump suit.", f"Add --suit {'|'.join(SUITS)}."
                )
            self.suit(entry.suit)
        elif entry.suit is not None:
            self.suit(entry.suit)
        if kind == "bettel":
            if entry.won is None:
                raise IllegalEntry("A Bettel is won or lost by tricks.", "Add --won or --lost.")
            if entry.ouvert and not r.bettel_ouvert:
                raise IllegalEntry("This table plays no Bettel ouvert.", "Drop --ouvert, or set bettel_ouvert = true.")
            return Result(declarers, entry.won)
        self._check_laufende(entry, g, rules)
        if kind == "sie":
            return Result(declarers, True)
        if entry.tout:
            if not r.tout:
                raise IllegalEntry("This table plays no Tout.", "Set tout = true in [rules], or drop --tout.")
            if entry.won is None:
                raise IllegalEntry("A Tout is won or lost by tricks.", "Add --won (the opponents took no trick) or --lost.")
            if entry.augen is not None or entry.schwarz:
                raise IllegalEntry(
                    "A Tout is won or lost by tricks; Augen and schwarz do not count.",
                    "Drop --augen/--schwarz and enter --won or --lost.",
                )
            return Result(declarers, entry.won)
        total, win_at = self.limits(rules)
        if entry.augen is None:
            if entry.won is None:
                raise IllegalEntry(
                    f"{g.title} needs the declaring side's Augen.",
                    f"Add --augen N (0 to {total}), or --won/--lost if nobody counted.",
                )
        else:
            check_result(entry, total=total, win_at=win_at)
        return Result.from_augen(entry, declarers, total=total, win_at=win_at)

    def _check_doublings(self, entry: GameEntry, rules: TableRules, seating: Seating) -> None:
        flags = [getattr(entry, k) for k in KONTRA_STEPS]
        for i, on in enumerate(flags):
            if on and i and not flags[i - 1]:
                raise IllegalEntry(
                    f"--{KONTRA_STEPS[i]} without --{KONTRA_STEPS[i - 1]}: "
                    f"{KONTRA_TITLES[i]} answers {KONTRA_TITLES[i - 1]}.",
                    f"Add --{KONTRA_STEPS[i - 1]}, or drop --{KONTRA_STEPS[i]}.",
                )
        steps = sum(flags)
        allowed = self.h(rules).kontra
        if steps > allowed:
            if allowed == 0:
                raise IllegalEntry("This table plays without Kontra (kontra = 0).", "Drop the doubling options.")
            raise IllegalEntry(
                f"This table doubles at most up to {KONTRA_TITLES[allowed - 1]} (kontra = {allowed}); "
                f"--{KONTRA_STEPS[steps - 1]} goes beyond it.",
                f"Drop --{KONTRA_STEPS[steps - 1]}, or raise kontra in [rules] to {steps}.",
            )
        if entry.legen:
            if not self.h(rules).legen:
                raise IllegalEntry("This table plays without Legen.", "Drop --legen, or set legen = true in [rules].")
            n = len(seating.active)
            if not 0 <= entry.legen <= n:
                raise IllegalEntry(
                    f"--legen {entry.legen}: each of the {n} players can lay at most once.",
                    f"Give --legen 0 to {n}.",
                )

    def _check_laufende(self, entry: GameEntry, g: GameType, rules: TableRules) -> None:
        cap = self.trump_count(g, rules)
        if entry.laufende < 0:
            raise IllegalEntry(f"--laufende {entry.laufende} is negative.", "Give the count of Laufende, 0 or more.")
        if entry.laufende > cap:
            deck = " in the short deck" if rules.deck == "short" else ""
            raise IllegalEntry(
                f"Laufende {entry.laufende} is impossible in a {g.title}: it has {cap} trumps{deck}.",
                f"Give --laufende 0 to {cap}.",
            )
        if g.kind == "sie" and entry.laufende < 8:
            raise IllegalEntry(
                f"A Sie holds all four Ober and Unter: at least 8 Laufende, not {entry.laufende}.",
                f"Give --laufende 8 to {cap}.",
            )

    def _validate_ramsch(self, entry: GameEntry, rules: TableRules, seating: Seating) -> Result:
        r = self.h(rules)
        dm_rule = r.ramsch_durchmarsch
        amap = augen_map_total(entry.augen_map, seating, 120) if entry.augen_map else None
        if entry.loser:
            check_active([entry.loser], seating)
        if entry.durchmarsch:
            check_active([entry.durchmarsch], seating)
            if dm_rule == "none":
                raise IllegalEntry("This table plays Ramsch without Durchmarsch.",
                                   'Drop --durchmarsch, or set ramsch_durchmarsch = "all_tricks".')
            if entry.loser:
                raise IllegalEntry(
                    "A Durchmarsch has a winner, not a loser.",
                    "Give either --durchmarsch NAME or --loser NAME, not both.",
                )
            if entry.jungfrau:
                raise IllegalEntry(
                    "In a Durchmarsch every other player took no trick; --jungfrau adds nothing.",
                    "Drop --jungfrau.",
                )
            if amap is not None:
                need = 120 if dm_rule == "all_tricks" else int(dm_rule)
                if amap[entry.durchmarsch] < need:
                    raise IllegalEntry(
                        f"{entry.durchmarsch} has {amap[entry.durchmarsch]} Augen; a Durchmarsch needs {need}.",
                        "Drop --durchmarsch, or correct the Augen.",
                    )
            return Result((entry.durchmarsch,), True)
        if amap is None and not entry.loser:
            raise IllegalEntry(
                "A Ramsch needs its loser.",
                "Add --loser NAME, or every player's Augen: --augen "
                + ",".join(f"{p}=N" for p in seating.active) + ".",
            )
        durch = self._auto_durchmarsch(amap, rules) if amap is not None else None
        if amap is not None and durch is None:
            top = max(amap.values())
            tied = [p for p in seating.active if amap[p] == top]
            if len(tied) > 1 and not entry.loser:
                raise IllegalEntry(
                    f"{' and '.join(tied)} tie with {top} Augen.",
                    "Say who loses (more tricks, then more trumps, then the higher trump): add --loser NAME.",
                )
            if entry.loser and entry.loser not in tied:
                raise IllegalEntry(
                    f"{entry.loser} has {amap[entry.loser]} Augen; the loser is who has the most "
                    f"({', '.join(tied)} with {top}).",
                    "Drop --loser, or correct the Augen." if len(tied) == 1
                    else f"Name one of {', '.join(tied)} with --loser.",
                )
        loser = self._ramsch_loser(entry, amap, rules)
        for j in entry.jungfrau:
            check_active([j], seating)
            if j == loser:
                raise IllegalEntry(f"{j} is the loser and cannot be a Jungfrau.",
                                   "A Jungfrau took no trick; drop that --jungfrau.")
            if amap is not None and amap[j] > 0:
                raise IllegalEntry(f"{j} has {amap[j]} Augen and cannot be a Jungfrau (no trick taken).",
                                   "Drop that --jungfrau, or correct the Augen.")
        if len(set(entry.jungfrau)) != len(entry.jungfrau):
            raise IllegalEntry("A Jungfrau is named twice.", "Name each Jungfrau once.")
        if durch is not None:  # the Augen show a Durchmarsch (ramsch_durchmarsch = N)
            return Result((durch,), True)
        assert loser is not None
        return Result((loser,), False)

    def _auto_durchmarsch(self, amap: Mapping[str, int], rules: TableRules) -> str | None:
        dm_rule = self.h(rules).ramsch_durchmarsch
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
