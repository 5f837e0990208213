"""Bavarian Schafkopf (RULES.md section 2): Sauspiel to Sie, Ramsch, the Stock, every size.

``V = (base + schneider + schwarz + laufende x L) x 2^(legen + kontra steps)``; a partner game
pays V from each loser to one winner, a solo game V between the declarer and each opponent.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..errors import IllegalEntry
from ..money import equal_shares, format_amount
from .family import (
    Bookings,
    Family,
    GameType,
    Result,
    alias_table,
    augen_map_total,
    check_active,
    check_result,
    distribute,
    reject_foreign_options,
    require_active,
    require_partner,
)
from .keys import HouseRules, KeySpec, rule
from .model import UNIT_CENT, GameEntry, HandState, Outcome, Seating, TableRules

SUITS = ("eichel", "gras", "herz", "schellen")
FRENCH = ("kreuz", "pik", "karo")
KONTRA_STEPS = ("kontra", "re", "sup", "hirsch")
KONTRA_TITLES = ("Kontra", "Re", "Sup", "Hirsch")

_WIN = frozenset({"augen", "won", "schwarz"})
_DOUBLE = frozenset({"kontra", "re", "sup", "hirsch", "legen"})
_PARTNER = frozenset({"player", "partner", "laufende", "forced"}) | _WIN | _DOUBLE
_SOLO = frozenset({"player", "laufende", "tout", "forced"}) | _WIN | _DOUBLE

GAMES: tuple[GameType, ...] = (
    GameType("sauspiel", "partner", "Sauspiel", ("rufspiel", "ruf", "sau", "partner"), "sauspiel",
             (14, 12), 3, "none", _PARTNER | {"sau"}),
    GameType("hochzeit", "partner", "Hochzeit", (), "hochzeit", (14, 12), 3, "none", _PARTNER),
    GameType("solo", "solo", "Solo", ("farbsolo",), "solo", (14, 12), 3, "required", _SOLO | {"suit"}, True),
    GameType("wenz", "solo", "Wenz", (), "wenz", (4, 4), 2, "none", _SOLO, True),
    GameType("geier", "solo", "Geier", (), "geier", (4, 4), 2, "none", _SOLO, True),
    GameType("farbwenz", "solo", "Farbwenz", (), "farbwenz", (11, 9), 3, "required", _SOLO | {"suit"}, True),
    GameType("farbgeier", "solo", "Farbgeier", (), "farbgeier", (11, 9), 3, "required", _SOLO | {"suit"}, True),
    GameType("sie", "sie", "Sie", (), "solo", (14, 12), 8, "none",
             frozenset({"player", "laufende", "suit", "forced"}) | _DOUBLE, True),
    GameType("bettel", "bettel", "Bettel", (), "bettel", (0, 0), 0, "none",
             frozenset({"player", "won", "ouvert", "forced"}) | _DOUBLE, True),
    GameType("ramsch", "ramsch", "Ramsch", (), "ramsch", (14, 12), 0, "none",
             frozenset({"loser", "augen_map", "jungfrau", "durchmarsch", "legen"}), everyone=True, declared=False),
    GameType("weiter", "weiter", "Weiter (alle passen)", ("pass", "zusammenwerfen", "zamwerfen"), None,
             (0, 0), 0, "none", frozenset({"legen"}), thrown_in=True),
)
SWITCHABLE = ("sauspiel", "hochzeit", "solo", "wenz", "geier", "farbwenz", "farbgeier", "bettel", "ramsch")


def _game_item(name: str) -> str | None:
    canon = alias_table(GAMES).get(name.strip().casefold())
    return canon if canon in SWITCHABLE else None


LAUFENDE_GAMES = ("sauspiel", "hochzeit", "solo", "wenz", "geier", "farbwenz", "farbgeier")


def _laufende_item(name: str) -> str | None:
    game = _game_item(name)
    return game if game in LAUFENDE_GAMES else None


TARIFF = (
    KeySpec("sauspiel", 10, "Sauspiel (Rufspiel), each loser pays each winner"),
    KeySpec("hochzeit", None, "Hochzeit; left out: as sauspiel"),
    KeySpec("solo", 50, "Farbsolo; also wenz, geier, farbwenz, farbgeier unless set"),
    KeySpec("wenz", None, "left out: as solo"),
    KeySpec("geier", None, "left out: as solo"),
    KeySpec("farbwenz", None, "left out: as solo"),
    KeySpec("farbgeier", None, "left out: as solo"),
    KeySpec("bettel", 30, "Bettel"),
    KeySpec("ramsch", 10, "Ramsch: the loser pays this to each other player"),
    KeySpec("schneider", 10, "extra for schneider"),
    KeySpec("schwarz", 10, "extra for schwarz (on top of schneider)"),
    KeySpec("laufende", 10, "per Laufender"),
    KeySpec("stock", 10, "each player's payment into the Stock when all pass (all_pass = stock)"),
)


class AllPass(StrEnum):
    REDEAL = "redeal"
    RAMSCH = "ramsch"
    STOCK = "stock"
    FORCED = "forced"


class Jungfrau(StrEnum):
    NONE = "none"
    DOUBLE_ALL = "double_all"
    DOUBLE_INDIVIDUAL = "double_individual"


class DurchmarschPays(StrEnum):
    RAMSCH = "ramsch"
    SOLO = "solo"


class StockOnLoss(StrEnum):
    DOUBLE = "double"
    NONE = "none"


@dataclass(frozen=True)
class BavarianRules(HouseRules):
    """The ``[rules]`` of a Bavarian table, typed, each with its default (RULES §2, §6)."""

    games: tuple[str, ...] = rule(("sauspiel", "wenz", "farbwenz", "solo"), "games played: " + ", ".join(SWITCHABLE),
                                  items=_game_item, item_names=SWITCHABLE)
    tout: bool = rule(True, "Tout on the solo games (--tout --won|--lost)")
    sie: bool = rule(True, "Sie (all four Ober and Unter)")
    kontra: int = rule(2, "0 none, 1 Kontra, 2 +Re, 3 +Sup, 4 +Hirsch", maximum=4)
    legen: bool = rule(False, "Legen (Klopfen): each player may double once")
    all_pass: AllPass = rule(AllPass.REDEAL, "when everyone passes")
    laufende_min: Mapping[str, int] = rule(
        {"sauspiel": 3, "hochzeit": 3, "solo": 3, "farbwenz": 3, "farbgeier": 3, "wenz": 2, "geier": 2},
        "Laufende count from this many", items=_laufende_item, item_names=tuple(LAUFENDE_GAMES))
    ramsch_jungfrau: Jungfrau = rule(Jungfrau.DOUBLE_ALL, "none | double_all | double_individual")
    ramsch_durchmarsch: str | int = rule("all_tricks", "none | all_tricks | an Augen number such as 91",
                                         kind="int_or_choice", choices=("none", "all_tricks"), minimum=61,
                                         maximum=120)
    ramsch_durchmarsch_pays: DurchmarschPays = rule(DurchmarschPays.RAMSCH, "ramsch | solo")
    bettel_ouvert: bool = rule(True, "Bettel ouvert (--ouvert) doubles")
    stock_on_loss: StockOnLoss = rule(StockOnLoss.DOUBLE, "double | none")
    stock_doubles: bool = rule(False, "Legen doubles the payment into the Stock")


RULES = BavarianRules.specs()

WORDS = {
    "de": {"schneider": "Schneider", "schwarz": "Schwarz", "laufende": "Laufende", "legen": "gelegt",
           "per_opp": "je Gegner", "per_loser": "je Verlierer", "per_player": "je Mitspieler",
           "ohne": "zählen erst ab", "tout": "Tout", "sie": "Sie", "ouvert": "ouvert"},
    "en": {"schneider": "schneider", "schwarz": "schwarz", "laufende": "Laufende", "legen": "laid",
           "per_opp": "per opponent", "per_loser": "per loser", "per_player": "per player",
           "ohne": "count only from", "tout": "Tout", "sie": "Sie", "ouvert": "ouvert"},
}


@dataclass(frozen=True)
class BavarianState:
    """What a Bavarian table carries from hand to hand: the money in the Stock."""

    stock: int = 0

class Bavarian(Family):
    name = "bavarian"
    aliases = ("bayerisch", "bayrisch", "schafkopf", "bavaria")
    title = "Bavarian Schafkopf"
    unit = UNIT_CENT
    suits = SUITS
    foreign_suits = FRENCH
    games = GAMES
    tariff_specs = TARIFF
    house_rules = BavarianRules
    rule_specs = RULES
    default_tariff = ("sauspiel", "solo")
    presets = {
        "official": {},
        "wirtshaus": {
            "rules": {
                "games": ["sauspiel", "hochzeit", "wenz", "geier", "farbwenz", "farbgeier", "solo", "bettel"],
                "legen": True,
                "all_pass": "ramsch",
            },
            "tariff": {"bettel": 30},
        },
    }

    def default_deck(self, seats: int) -> str:
        return "long" if seats == 4 else "short"

    def check_table(self, rules: TableRules) -> list[tuple[str, str, str]]:
        problems = []
        if rules.seats in (2, 3) and rules.deck != "short":
            problems.append(("", "deck", f"{rules.seats}-player Schafkopf is played with the short deck: "
                             'set deck = "short" (or leave it out)'))
        return problems

    # -- helpers -------------------------------------------------------------------------
    def initial_table(self) -> BavarianState:
        return BavarianState()

    def t(self, state: HandState) -> BavarianState:
        """This family's part of the state (the default where a caller built a bare HandState)."""
        table = state.table
        return table if isinstance(table, BavarianState) else BavarianState()

    def h(self, rules: TableRules) -> BavarianRules:
        house: BavarianRules = self.house(rules)
        return house

    def tariff(self, rules: TableRules, key: str) -> int:
        if key not in rules.tariff:  # left out: as another game's tariff (RULES §2)
            if key == "hochzeit":
                return self.tariff(rules, "sauspiel")
            if key in ("wenz", "geier", "farbwenz", "farbgeier"):
                return self.tariff(rules, "solo")
        return super().tariff(rules, key)

    def trump_count(self, game: GameType, rules: TableRules) -> int:
        return game.trumps[1] if rules.deck == "short" else game.trumps[0]

    def laufende_min(self, game: GameType, rules: TableRules) -> int:
        if game.kind == "sie":
            return 8
        return int(self.h(rules).laufende_min.get(game.name, game.laufende_min))

    def enabled(self, game: GameType, rules: TableRules) -> bool:
        r = self.h(rules)
        if game.kind == "weiter":
            return True
        if game.kind == "sie":
            return r.sie
        if game.kind == "ramsch":
            return r.all_pass == AllPass.RAMSCH or "ramsch" in r.games
        return game.name in r.games

    # -- validate ------------------------------------------------------------------------
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

        stock_change = 0
        if g.kind == "partner" and self.t(state).stock > 0:
            halves = equal_shares(self.t(state).stock, 2)
            if won:
                for d, h in zip(declarers, halves, strict=True):
                    pay[d] += h
                stock_change = -self.t(state).stock
                notes.append(("Stock an die Gewinner: " if lang == "de" else "Stock to the winners: ")
                             + format_amount(self.t(state).stock, rules.currency, lang))
            elif self.h(rules).stock_on_loss == StockOnLoss.DOUBLE:
                for d, h in zip(declarers, halves, strict=True):
                    pay[d] -= h
                stock_change = self.t(state).stock
                notes.append(("Verlierer zahlen den Stock nach: " if lang == "de" else "The losers match the Stock: ")
                             + format_amount(self.t(state).stock, rules.currency, lang))

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

    # -- state ---------------------------------------------------------------------------
    def advance(self, entry: GameEntry, rules: TableRules, seating: Seating, state: HandState,
                outcome: Outcome) -> HandState:
        if outcome.stock:
            from dataclasses import replace

            return replace(state, table=replace(self.t(state), stock=self.t(state).stock + outcome.stock))
        return state

    def standing_notes(self, rules: TableRules, state: HandState, balances: Mapping[str, int],
                       language: str) -> list[str]:
        if self.t(state).stock or self.h(rules).all_pass == AllPass.STOCK:
            return [f"Stock: {format_amount(self.t(state).stock, rules.currency, language)}"]
        return []

    def pending(self, rules: TableRules, state: HandState) -> dict[str, Any]:
        return {"stock": self.t(state).stock}

    def pot_return(self, rules: TableRules, pot: int) -> dict[str, int]:
        """The Stock left at the close goes back to the players in equal shares (largest
        remainder, earlier first)."""
        if pot <= 0:
            return {}
        return dict(zip(rules.players, equal_shares(pot, len(rules.players)), strict=True))

    def closing_bookings(self, rules: TableRules, state: HandState, pot: int = 0) -> Bookings:
        back = self.pot_return(rules, pot)
        return Bookings(back, -sum(back.values()), {"stock_return": back}) if back else Bookings()
