"""The pure rules engine: no I/O, no rich, no sqlite, no typer."""

from .family import Family, GameType
from .matching import resolve_name
from .model import GameEntry, HandState, Outcome, Seating, TableRules
from .play import Played, play
from .registry import FAMILIES, find_family

__all__ = [
    "FAMILIES",
    "Family",
    "GameEntry",
    "GameType",
    "HandState",
    "Outcome",
    "Played",
    "Seating",
    "TableRules",
    "find_family",
    "play",
    "resolve_name",
]
