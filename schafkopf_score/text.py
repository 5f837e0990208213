"""What was typed, read and shown back: a whole number bounded in digits before it is read, a
typed text quoted for a message (cut when long), a value written as TOML. Core: no table, no
rules; the entry, the short notation, the table file and the tournament file use them alike."""

from __future__ import annotations

from typing import Any

from .errors import InvalidEntry
from .i18n import Text

# No count, score, Augen or hand number at a table has more digits than this; a longer number is
# refused before it is converted (Python reads at most 4300 digits, SQLite at most 19).
MAX_DIGITS = 9


def bounded_int(digits: str, what: Any, most: int = MAX_DIGITS, hint: Text | None = None,
                typed: str | None = None) -> int:
    """``digits`` (ASCII 0-9, an optional leading minus) as a number, refused with a clear
    message when it has more than ``most`` digits (leading zeros do not count); ``what`` names
    the number in the message (an option, or a ``Text``), ``typed`` the word it came in.

    >>> bounded_int("0072", "--augen"), bounded_int("-5", "--laufende")
    (72, -5)
    """
    sign = -1 if digits.startswith("-") else 1
    body = digits.lstrip("-").lstrip("0") or "0"
    if len(body) > most:
        raise InvalidEntry(Text("data.number_too_long", text=quoted(typed or digits), digits=len(body), what=what),
                           hint or Text("data.number_too_long_hint", most=most))
    return sign * int(body)


def quoted(text: str, most: int = 24) -> str:
    """``text`` quoted for a message, cut after ``most`` characters (a 1 MB word is not
    repeated back whole).

    >>> quoted("xyz"), quoted("9" * 30)
    ("'xyz'", "'999999999999999999999999'…")
    """
    return repr(text) if len(text) <= most else repr(text[:most]) + "…"


def toml_value(value: Any) -> str:
    """A value as it is written in TOML (strings quoted by tomli-w)."""
    import tomli_w

    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + " }"
    return tomli_w.dumps({"v": value})[4:].strip()
