"""schafkopf-score: scorekeeper and tariff calculator for the Schafkopf family of card games.

The names below are imported when first used, so ``schafkopf`` (which imports ``cli.app``, and
with it this package) loads only what the command it runs needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

# name -> the module that defines it
_WHERE = {
    "AmbiguousEntry": ".errors",
    "ConfigError": ".errors",
    "IllegalEntry": ".errors",
    "InvalidEntry": ".errors",
    "LedgerError": ".errors",
    "ScoreError": ".errors",
    "format_amount": ".money",
    "split_largest_remainder": ".money",
    "GameEntry": ".rules",
    "Outcome": ".rules",
    "TableRules": ".rules",
    "find_family": ".rules",
    "play": ".rules",
    "fewest_transfers": ".session.settle",
    "round_balances": ".session.settle",
}

if TYPE_CHECKING:
    from .errors import AmbiguousEntry, ConfigError, IllegalEntry, InvalidEntry, LedgerError, ScoreError
    from .money import format_amount, split_largest_remainder
    from .rules import GameEntry, Outcome, TableRules, find_family, play
    from .session.settle import fewest_transfers, round_balances

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


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(where, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
