"""Bavarian Schafkopf (RULES.md section 2): Sauspiel to Sie, Ramsch, the Stock, every size.

``V = (base + schneider + schwarz + laufende x L) x 2^(legen + kontra steps)``; a partner game
pays V from each loser to one winner, a solo game V between the declarer and each opponent.

The package's rooms: ``catalogue`` (games, tariffs, house rules, words), ``base`` (the table and
its helpers), ``validate``, ``score`` and ``stock``; ``Bavarian`` joins them.
"""

from __future__ import annotations

from ...i18n import add_part
from .catalogue import (
    GAMES,
    RULES,
    SUITS,
    TARIFF,
    AllPass,
    BavarianRules,
    BavarianState,
    DurchmarschPays,
    Jungfrau,
    StockAtClose,
    StockOnLoss,
)
from .score import Scoring
from .validate import Validation

add_part(f"{__name__}.messages")  # the family's words join the catalogue when the family is loaded


class Bavarian(Validation, Scoring):
    """Bavarian Schafkopf: its table (``base``), checks (``validate``), payouts (``score``) and
    the Stock (``stock``)."""

    has_stock = True
    typed_words = {"sauspiel": "sau"}  # what a table types for it
    help_examples = (
        ("sauspiel", {"player": 0, "partner": 1, "augen": 72, "laufende": 3, "kontra": True}),
        ("solo", {"player": 2, "suit": "herz", "augen": 105, "laufende": 4, "legen": 1}),
        ("wenz", {"player": 3, "tout": True, "won": True}),
        ("bettel", {"player": 1, "won": False}),
        ("ramsch", {"loser": 1, "jungfrau": (3,)}),
        ("weiter", {}),
    )


__all__ = ["GAMES", "RULES", "SUITS", "TARIFF", "AllPass", "Bavarian", "BavarianRules", "BavarianState",
           "DurchmarschPays", "Jungfrau", "StockAtClose", "StockOnLoss"]
