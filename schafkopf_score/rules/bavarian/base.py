"""The Bavarian family's table and helpers: presets, decks, tariffs with their fallbacks, which
games the table plays, Laufende limits."""

from __future__ import annotations

from collections.abc import Sequence

from ...i18n import Text, say
from ..family import (
    FamilyOf,
    GameType,
)
from ..model import UNIT_CENT, GameEntry, TableRules
from .catalogue import (
    FRENCH,
    GAMES,
    KONTRA_STEPS,
    RULES,
    SUITS,
    TARIFF,
    TOURNAMENT_POINT_KEYS,
    TOURNAMENT_POINTS,
    AllPass,
    BavarianRules,
    BavarianState,
    all_pass_modes,
    all_pass_problem,
)


class BavarianBase(FamilyOf[BavarianRules, BavarianState]):
    """The Bavarian table: its games, keys and presets, and the helpers every part uses."""

    name = "bavarian"
    aliases = ("bayerisch", "bayrisch", "schafkopf", "bavaria")
    unit = UNIT_CENT
    suits = SUITS
    foreign_suits = FRENCH
    suit_words = {"grün": "gras", "gruen": "gras", "blatt": "gras", "laub": "gras", "rot": "herz",
                  "schelln": "schellen", "alte": "eichel", "blaue": "gras", "bumbe": "schellen"}
    suited_games = {"solo": "solo", "wenz": "farbwenz", "geier": "farbgeier"}
    games = GAMES
    tariff_specs = TARIFF
    house_rules = BavarianRules
    state_type = BavarianState
    rule_specs = RULES
    default_tariff = ("sauspiel", "solo")
    tournament_points = TOURNAMENT_POINTS  # a tournament (Preisschafkopf) is Bavarian: RULES §10
    tournament_point_keys = TOURNAMENT_POINT_KEYS
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

    def check_table(self, rules: TableRules) -> list[tuple[str, str, Text]]:
        problems = []
        # three seats take the short deck unless ``deck`` says otherwise (RULES §12); two always do
        if rules.seats == 2 and rules.deck != "short":
            problems.append(("", "deck", Text("engine.table.short_deck", seats=rules.seats)))
        if all_pass_problem(self.passing(rules)):
            problems.append(("rules", "all_pass", Text("engine.table.all_pass")))
        return problems

    # -- the sheet -----------------------------------------------------------------------
    def label_marks(self, entry: GameEntry, lang: str) -> list[str]:
        return [say("engine.describe.tout", lang)] if entry.tout else []

    def sheet_names(self, entry: GameEntry, declarers: Sequence[str], game: GameType | None, lang: str) -> str:
        if game is not None and game.everyone and entry.durchmarsch:  # a Ramsch won by a Durchmarsch
            return say("engine.describe.durchmarsch", lang, name=entry.durchmarsch)
        return super().sheet_names(entry, declarers, game, lang)

    def sheet_marks(self, entry: GameEntry, lang: str) -> list[str]:
        """``ouvert``, ``schwarz``, the Laufende (``L3``), the doublings, who laid, how many
        pushed, the Jungfrauen."""
        marks = [say("engine.flag.ouvert", lang)] if entry.ouvert else []
        marks += super().sheet_marks(entry, lang)
        if entry.laufende:
            marks.append(f"L{entry.laufende}")
        marks += [say(f"engine.flag.{flag}", lang) for flag in (*KONTRA_STEPS, "forced") if getattr(entry, flag)]
        if entry.legen:
            marks.append(say("engine.describe.legen", lang, n=entry.legen))
        if entry.schieben:
            marks.append(say("engine.describe.schieben", lang, n=entry.schieben))
        if entry.jungfrau:
            marks.append(say("engine.describe.jungfrau", lang, names=",".join(entry.jungfrau)))
        return marks

    # -- helpers -------------------------------------------------------------------------
    def passing(self, rules: TableRules) -> frozenset[AllPass]:
        """What the table does when everyone passes (``all_pass``: one mode, or a list)."""
        cached: frozenset[AllPass] | None = rules.__dict__.get("_passing")
        if cached is None:
            cached = all_pass_modes(self.house_rules_of(rules).all_pass)
            object.__setattr__(rules, "_passing", cached)  # frozen: a cache, not a change
        return cached

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
        return int(self.house_rules_of(rules).laufende_min.get(game.name, game.laufende_min))

    def option_on(self, field_name: str, rules: TableRules) -> bool:
        r = self.house_rules_of(rules)
        chain = {"kontra": 1, "re": 2, "sup": 3, "hirsch": 4}
        if field_name in chain:
            return r.kontra >= chain[field_name]
        return {"tout": r.tout, "legen": r.legen, "ouvert": r.bettel_ouvert, "schieben": r.schieben,
                "forced": AllPass.FORCED in self.passing(rules)}.get(field_name, True)

    def enabled(self, game: GameType, rules: TableRules) -> bool:
        r = self.house_rules_of(rules)
        if game.kind == "weiter":
            return True
        if game.kind == "sie":
            return r.sie
        if game.kind == "ramsch":
            return AllPass.RAMSCH in self.passing(rules) or "ramsch" in r.games
        return game.name in r.games
