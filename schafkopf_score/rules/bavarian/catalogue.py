"""Bavarian Schafkopf as data: suits, games, tariffs, the typed house rules, the state a table
carries from hand to hand, and the words of the explanations."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from ..family import (
    GameType,
    alias_table,
)
from ..keys import HouseRules, KeySpec, rule

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
    GameType("weiter", "weiter", "Weiter (alle passen)", ("pass", "zusammenwerfen", "zamwerfen", "zamgworfen"), None,
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
