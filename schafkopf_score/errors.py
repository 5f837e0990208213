"""One exception tree for everything a player can get wrong.

Every error carries a ``message`` (what is wrong, quoting the input) and a ``hint``
(how to put it right), both catalogue messages (``i18n.Text``) that the CLI renders in the
table's language before it exits with status 2.
"""

from __future__ import annotations

from collections.abc import Callable

from .i18n import Text


class ScoreError(Exception):
    """Base of all errors that reach the user as a message, never as a traceback."""

    exit_code = 2
    language: str | None = None  # the table's language, where the error knows it better than its reader
    # how the words of the message are put for the line that was typed (``text, lang -> text``):
    # a line in short words is answered in short words, in its family's words (app.line)
    wording: Callable[[str, str], str] | None = None

    def __init__(self, message: Text, hint: Text | None = None) -> None:
        super().__init__(message.key)
        self.text = message
        self.hint_text = hint

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled whole (from a helper process of an import): its class, texts and attributes."""
        return _rebuild, (type(self), self.text, self.hint_text, self.__dict__)

    def render(self, lang: str) -> tuple[str, str]:
        """What is wrong and how to put it right, in ``lang`` (worded as ``wording`` says)."""
        message, hint = self.text.render(lang), (self.hint_text.render(lang) if self.hint_text is not None else "")
        if self.wording is not None:
            message, hint = self.wording(message, lang), self.wording(hint, lang) if hint else hint
        return message, hint

    @property
    def message(self) -> str:
        return self.text.render("en")

    @property
    def hint(self) -> str:
        return self.hint_text.render("en") if self.hint_text is not None else ""

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


class StorageError(LedgerError):
    """The database under the ledger failed a statement: a damaged or read-only file, a full
    disk, another program holding the ledger, a PostgreSQL server that refused a statement or
    cannot be reached. Made where the store meets the database (SQLite and PostgreSQL alike),
    with the database's own exception as ``__cause__``; nothing above the store sees a database's
    exception type. ``kind`` is what happened, in the program's words (``busy``, ``read_only``,
    ``full``, ``unopenable``, ``unreachable``, ``refused``), and ``problem`` the database's words
    as a message parameter (translated where they are known, an address's password redacted)."""

    def __init__(self, message: Text, hint: Text | None = None, *, kind: str = "refused",
                 problem: Text | str = "") -> None:
        super().__init__(message, hint)
        self.kind = kind
        self.problem = problem


def _rebuild(cls: type[ScoreError], text: Text, hint: Text | None, state: dict[str, object]) -> ScoreError:
    exc = cls.__new__(cls)
    ScoreError.__init__(exc, text, hint)
    exc.__dict__.update(state)
    return exc
