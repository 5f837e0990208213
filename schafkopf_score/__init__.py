"""schafkopf-score: scorekeeper and tariff calculator for the Schafkopf family of card games."""

from .errors import AmbiguousEntry, ConfigError, IllegalEntry, InvalidEntry, LedgerError, ScoreError
from .money import format_amount, split_largest_remainder
from .rules import GameEntry, Outcome, TableRules, find_family, play
from .settle import fewest_transfers, round_balances

__version__ = "0.1.0"

__all__ = [
    "AmbiguousEntry",
    "ConfigError",
    "GameEntry",
    "IllegalEntry",
    "InvalidEntry",
    "LedgerError",
    "Outcome",
    "ScoreError",
    "TableRules",
    "__version__",
    "fewest_transfers",
    "find_family",
    "format_amount",
    "play",
    "round_balances",
    "split_largest_remainder",
]
