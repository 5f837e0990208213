"""One exception tree for everything a player can get wrong.

Every error carries a ``message`` (what is wrong, quoting the input) and a ``hint``
(how to put it right). The CLI prints both and exits with status 2.
"""

from __future__ import annotations


class ScoreError(Exception):
    """Base of all errors that reach the user as a message, never as a traceback."""

    exit_code = 2

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        return f"{self.message} {self.hint}".strip()


class InvalidEntry(ScoreError):
    """The input cannot be parsed (a non-number where a number belongs, a bad list)."""


class IllegalEntry(ScoreError):
    """The input parses but breaks a rule of the game or the table."""


class AmbiguousEntry(IllegalEntry):
    """A name or choice matches more than one candidate."""


class ConfigError(ScoreError):
    """The table file is missing, damaged or has a bad key."""


class LedgerError(ScoreError):
    """The ledger is damaged, too new, or asked for something it does not hold."""
