"""Frozen value types of the rules engine: what was typed, the rules in force, what it pays.

Nothing here does I/O. ``GameEntry`` is the entry as the players typed it (names already
resolved to the table's spelling); ``TableRules`` is the snapshot of tariffs and house rules a
game is scored under; ``Outcome`` is what the game pays, and checks its own zero sum.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

UNIT_CENT = "cent"
UNIT_POINT = "point"
UNIT_STROKE = "stroke"


@dataclass(frozen=True)
class GameEntry:
    """One hand as entered at the table. Every field is optional except ``game``."""

    game: str
    player: str | None = None
    partner: str | None = None
    augen: int | None = None
    augen_map: tuple[tuple[str, int], ...] | None = None
    schwarz: bool = False
    laufende: int = 0
    kontra: bool = False
    re: bool = False
    sup: bool = False
    hirsch: bool = False
    legen: int = 0
    suit: str | None = None
    sau: str | None = None
    tout: bool = False
    won: bool | None = None
    ouvert: bool = False
    still: bool = False
    loser: str | None = None
    jungfrau: tuple[str, ...] = ()
    durchmarsch: str | None = None
    alone: bool = False
    crack: bool = False
    recrack: bool = False
    forced: bool = False
    zwang: bool = False
    winner: str | None = None
    no_trick: tuple[str, ...] = ()
    sitting_out: tuple[str, ...] = ()
    dealer: str | None = None
    comment: str | None = None
    cards: tuple[tuple[str, str], ...] = ()  # Deutscher lot: (player, card drawn)

    def to_dict(self) -> dict[str, Any]:
        """The fields that differ from their defaults, JSON-ready."""
        out: dict[str, Any] = {}
        for name, default in entry_defaults():
            value = getattr(self, name)
            if value != default:
                if name in ("augen_map", "cards") and value is not None:
                    value = [list(pair) for pair in value]
                elif isinstance(value, tuple):
                    value = list(value)
                out[name] = value
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameEntry:
        known = _ENTRY_NAMES or {name for name, _ in entry_defaults()}
        kwargs: dict[str, Any] = {}
        for key, value in data.items():
            if key not in known:
                raise ValueError(f"unknown entry field {key!r}")
            if key == "augen_map" and value is not None:
                pairs = value.items() if isinstance(value, dict) else value
                value = tuple((str(k), int(v)) for k, v in pairs)
            elif key == "cards":
                value = tuple((str(k), str(v)) for k, v in value)
            elif isinstance(value, list):
                value = tuple(value)
            kwargs[key] = value
        return cls(**kwargs)

    def names(self) -> list[str]:
        """Every player name the entry mentions."""
        out = [n for n in (self.player, self.partner, self.loser, self.durchmarsch, self.winner) if n]
        out += list(self.jungfrau) + list(self.no_trick)
        if self.augen_map:
            out += [n for n, _ in self.augen_map]
        return out

    def with_(self, **changes: Any) -> GameEntry:
        return replace(self, **changes)


_ENTRY_DEFAULTS: list[tuple[str, Any]] = []
_ENTRY_NAMES: set[str] = set()


def entry_defaults() -> list[tuple[str, Any]]:
    """``(field name, default)`` of every ``GameEntry`` field, computed once (hot in replays)."""
    if not _ENTRY_DEFAULTS:
        _ENTRY_DEFAULTS.extend((f.name, f.default) for f in fields(GameEntry))
        _ENTRY_NAMES.update(name for name, _ in _ENTRY_DEFAULTS)
    return _ENTRY_DEFAULTS


@dataclass(frozen=True)
class TableRules:
    """The snapshot of a table that a game is scored under (stored with every game)."""

    family: str
    players: tuple[str, ...]
    seats: int
    deck: str
    tariff: Mapping[str, int]
    rules: Mapping[str, Any]
    currency: str = "EUR"
    language: str = "de"
    point_value: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "family": self.family,
            "players": list(self.players),
            "seats": self.seats,
            "deck": self.deck,
            "tariff": dict(self.tariff),
            "rules": dict(self.rules),
            "currency": self.currency,
            "language": self.language,
            "point_value": self.point_value,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableRules:
        return cls(
            family=data["family"],
            players=tuple(data["players"]),
            seats=int(data["seats"]),
            deck=data["deck"],
            tariff=dict(data["tariff"]),
            rules=dict(data["rules"]),
            currency=data.get("currency", "EUR"),
            language=data.get("language", "de"),
            point_value=int(data.get("point_value", 0)),
        )


@dataclass(frozen=True)
class HandState:
    """What the table stands at before a hand: derived by replaying the session, never stored."""

    hand: int = 1  # 1-based number of the hand about to be played
    dealer: str | None = None
    stock: int = 0
    doublers: int = 0
    partners: tuple[tuple[str, str], ...] | None = None  # Deutscher: drawn pairs for the next game
    solos: tuple[tuple[str, int], ...] = ()  # Wendish: solos played per player

    def solo_count(self, name: str) -> int:
        return dict(self.solos).get(name, 0)


@dataclass(frozen=True)
class Seating:
    """Who deals and who plays this hand."""

    dealer: str
    active: tuple[str, ...]
    sitting_out: tuple[str, ...]


@dataclass(frozen=True)
class Outcome:
    """What one hand pays: a payout per active player, the Stock change and the explanation.

    For cents and points the payouts plus the Stock change sum to zero; strokes (Deutscher
    Schafskopf) are only ever booked to the winners and are never negative.
    """

    game: str
    unit: str
    payouts: tuple[tuple[str, int], ...]
    stock: int = 0
    value: int = 0
    won: bool | None = None
    declarers: tuple[str, ...] = ()
    explanation: str = ""
    terms: tuple[tuple[str, int], ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        total = sum(v for _, v in self.payouts) + self.stock
        if self.unit in (UNIT_CENT, UNIT_POINT) and total != 0:
            raise AssertionError(f"payouts of {self.game} sum to {total}, not zero: {self.payouts}")
        if self.unit == UNIT_STROKE and any(v < 0 for _, v in self.payouts):
            raise AssertionError(f"negative strokes in {self.game}: {self.payouts}")

    def payout_map(self) -> dict[str, int]:
        return dict(self.payouts)
