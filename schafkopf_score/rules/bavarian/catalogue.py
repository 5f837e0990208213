"""Bavarian Schafkopf as data: suits, games, tariffs, the typed house rules, the state a table
carries from hand to hand. Their words (game names, what each key means) are in the message
catalogue (``i18n/engine.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from ..bock import DURCHMARSCH, KONTRA_LOST, ROUND, SCHWARZ, SIE, SIXTY_SIXTY, BockStack
from ..family import GameType
from ..keys import HouseRules, rule, tariff_keys
from ..matching import alias_table

SUITS = ("eichel", "gras", "herz", "schellen")
FRENCH = ("kreuz", "pik", "karo")
KONTRA_STEPS = ("kontra", "re", "sup", "hirsch")
# a tournament's points of a hand (the tariff keys, in points): RULES §10. Laufende count nothing
# unless a tournament says so; Bettel is worth a Solo without Schneider; a Ramsch costs its
# loser 1 per other player. Both presets price the hands alike: plus-only is a view of them.
TOURNAMENT_POINTS: dict[str, int] = {"sauspiel": 1, "solo": 5, "bettel": 5, "ramsch": 1, "schneider": 1,
                                     "schwarz": 1, "laufende": 0}
TOURNAMENT_POINT_KEYS = ("sauspiel", "hochzeit", "solo", "wenz", "geier", "farbwenz", "farbgeier", "bettel", "ramsch",
                         "schneider", "schwarz", "laufende")
# the hands after which a Bock round may follow (bock_after)
BOCK_TRIGGERS = (KONTRA_LOST, SCHWARZ, SIE, SIXTY_SIXTY, DURCHMARSCH)

_WIN = frozenset({"augen", "won", "schwarz"})
_DOUBLE = frozenset({"kontra", "re", "sup", "hirsch", "legen"})
_PARTNER = frozenset({"player", "partner", "laufende", "forced"}) | _WIN | _DOUBLE
_SOLO = frozenset({"player", "laufende", "tout", "forced"}) | _WIN | _DOUBLE

GAMES: tuple[GameType, ...] = (
    GameType("sauspiel", "partner", ("rufspiel", "ruf", "sau", "partner"), "sauspiel",
             (14, 12), 3, "none", _PARTNER | {"sau"}),
    GameType("hochzeit", "partner", (), "hochzeit", (14, 12), 3, "none", _PARTNER),
    GameType("solo", "solo", ("farbsolo",), "solo", (14, 12), 3, "required", _SOLO | {"suit"}, True),
    GameType("wenz", "solo", (), "wenz", (4, 4), 2, "none", _SOLO, True),
    GameType("geier", "solo", (), "geier", (4, 4), 2, "none", _SOLO, True),
    GameType("farbwenz", "solo", (), "farbwenz", (11, 9), 3, "required", _SOLO | {"suit"}, True),
    GameType("farbgeier", "solo", (), "farbgeier", (11, 9), 3, "required", _SOLO | {"suit"}, True),
    GameType("sie", "sie", (), "solo", (14, 12), 8, "none",
             frozenset({"player", "laufende", "suit", "forced"}) | _DOUBLE, True),
    GameType("bettel", "bettel", (), "bettel", (0, 0), 0, "none",
             frozenset({"player", "won", "ouvert", "forced"}) | _DOUBLE, True),
    GameType("ramsch", "ramsch", (), "ramsch", (14, 12), 0, "none",
             frozenset({"loser", "augen_map", "jungfrau", "durchmarsch", "legen", "schieben"}), everyone=True,
             declared=False),
    GameType("weiter", "weiter", ("pass", "zusammenwerfen", "zamwerfen", "zamgworfen"), None,
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


TARIFF = tariff_keys(
    "bavarian",
    ("sauspiel", 10), ("hochzeit", None), ("solo", 50), ("wenz", None), ("geier", None), ("farbwenz", None),
    ("farbgeier", None), ("bettel", 30), ("ramsch", 10), ("schneider", 10), ("schwarz", 10), ("laufende", 10),
    ("stock", 10),
)


class AllPass(StrEnum):
    """What happens when everyone passes; ``all_pass`` names one, or a list that combines
    ``stock`` with ``ramsch`` (or ``redeal``)."""

    REDEAL = "redeal"
    RAMSCH = "ramsch"
    STOCK = "stock"
    FORCED = "forced"


def all_pass_modes(value: AllPass | tuple[AllPass, ...]) -> frozenset[AllPass]:
    """The modes an ``all_pass`` value names (a single one or a list).

    >>> sorted(str(m) for m in all_pass_modes((AllPass.RAMSCH, AllPass.STOCK)))
    ['ramsch', 'stock']
    """
    return frozenset(value) if isinstance(value, tuple) else frozenset({AllPass(value)})


def all_pass_problem(modes: frozenset[AllPass]) -> bool:
    """Whether the modes contradict each other: at most one of redeal, ramsch and forced is
    played, and the Stock is fed only where nothing is played or a Ramsch is."""
    played = modes - {AllPass.STOCK}
    return len(played) > 1 or (AllPass.STOCK in modes and AllPass.FORCED in modes)


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


class StockAtClose(StrEnum):
    """Where the Stock left at the close goes (RULES §7): back in equal shares to the players
    at the table, back to those who paid into it (as each paid), or on to the table's next
    evening, which opens with it."""

    EQUAL = "equal"
    PAYERS = "payers"
    CARRY = "carry"


@dataclass(frozen=True)
class BavarianRules(HouseRules):
    """The ``[rules]`` of a Bavarian table, typed, each with its default (RULES §2, §6)."""

    family = "bavarian"

    games: tuple[str, ...] = rule(("sauspiel", "wenz", "farbwenz", "solo"), items=_game_item, item_names=SWITCHABLE, minimum=1)
    tout: bool = rule(True)
    sie: bool = rule(True)
    kontra: int = rule(2, maximum=4)
    legen: bool = rule(False)
    all_pass: AllPass | tuple[AllPass, ...] = rule(AllPass.REDEAL, kind="choice_list")
    laufende_min: Mapping[str, int] = rule(
        {"sauspiel": 3, "hochzeit": 3, "solo": 3, "farbwenz": 3, "farbgeier": 3, "wenz": 2, "geier": 2},
        items=_laufende_item, item_names=tuple(LAUFENDE_GAMES))
    ramsch_jungfrau: Jungfrau = rule(Jungfrau.DOUBLE_ALL)
    ramsch_durchmarsch: str | int = rule("all_tricks", kind="int_or_choice", choices=("none", "all_tricks"),
                                         minimum=61, maximum=120)
    ramsch_durchmarsch_pays: DurchmarschPays = rule(DurchmarschPays.RAMSCH)
    bettel_ouvert: bool = rule(True)
    stock_on_loss: StockOnLoss = rule(StockOnLoss.DOUBLE)
    stock_doubles: bool = rule(False)
    stock_at_close: StockAtClose = rule(StockAtClose.EQUAL)
    kasse: int = rule(0)
    schieben: bool = rule(False)
    bock_after: tuple[str, ...] = rule((), item_names=BOCK_TRIGGERS)
    bock_hands: str | int = rule(ROUND, kind="int_or_choice", choices=(ROUND,), minimum=1, maximum=100)
    bock_stack: BockStack = rule(BockStack.QUEUE)


RULES = BavarianRules.specs()


@dataclass(frozen=True)
class BavarianState:
    """What a Bavarian table carries from hand to hand: the money in the Stock, who paid it in
    (``paid_in``: what each player put into the Stock since it was last won, in the order they
    first did; the Stock's money is theirs until a game wins it), and the Bock layers of each
    pending Bock hand (``bock.py``)."""

    stock: int = 0
    bock: tuple[int, ...] = ()
    paid_in: tuple[tuple[str, int], ...] = ()
