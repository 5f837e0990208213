"""Integer cents: splitting by largest remainder and formatting for the table's language."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fractions import Fraction

_SYMBOLS = {"EUR": "€", "USD": "$", "GBP": "£"}


def split_largest_remainder(total: int, weights: Sequence[int | float]) -> list[int]:
    """Split ``total`` cents in proportion to ``weights`` so the parts sum to ``total``.

    Each part is the floor of its exact share; the cents left over go to the largest
    remainders, ties to the earlier position.

    >>> split_largest_remainder(10, [1, 1, 1])
    [4, 3, 3]
    >>> split_largest_remainder(-10, [1, 1, 1])
    [-3, -3, -4]
    """
    if not weights:
        if total:
            raise ValueError("cannot split a non-zero amount among nobody")
        return []
    from fractions import Fraction

    wsum = sum(Fraction(w) for w in weights)
    if wsum == 0:
        raise ValueError("weights sum to zero")
    exact = [Fraction(total) * Fraction(w) / wsum for w in weights]
    parts = [int(e.__floor__()) for e in exact]
    left = total - sum(parts)
    order = sorted(range(len(exact)), key=lambda i: (-(exact[i] - parts[i]), i))
    for i in order[:left]:
        parts[i] += 1
    return parts


def round_exact(values: Sequence[Fraction]) -> list[int]:
    """Round exact amounts that sum to an integer to integers with the same sum: each goes
    down to its floor, and the units left over go to the largest fractional parts (ties to
    the earlier position).

    >>> from fractions import Fraction as F
    >>> round_exact([F(1, 3), F(1, 3), F(-2, 3)])
    [1, 0, -1]
    """
    floors = [int(v.__floor__()) for v in values]
    left = int(sum(values)) - sum(floors)
    order = sorted(range(len(values)), key=lambda i: (-(values[i] - floors[i]), i))
    for i in order[:left]:
        floors[i] += 1
    return floors


def equal_shares(total: int, n: int) -> list[int]:
    """``total`` cents in ``n`` equal shares (largest remainder, earlier first)."""
    return split_largest_remainder(total, [1] * n)


def format_amount(cents: int, currency: str = "EUR", language: str = "de", sign: bool = False) -> str:
    """Format cents for people: ``1,40 €`` in German, ``€1.40`` in English.

    >>> format_amount(140)
    '1,40 €'
    >>> format_amount(-5, language="en")
    '-€0.05'
    >>> format_amount(250, sign=True)
    '+2,50 €'
    """
    neg = cents < 0
    whole, frac = divmod(abs(cents), 100)
    symbol = _SYMBOLS.get(currency, currency)
    if language == "de":
        grouped = f"{whole:,}".replace(",", ".")
        text = f"{grouped},{frac:02d} {symbol}"
    else:
        text = f"{symbol}{whole:,}.{frac:02d}" if len(symbol) == 1 else f"{symbol} {whole:,}.{frac:02d}"
    if neg:
        return "-" + text
    return ("+" + text) if sign and cents > 0 else text


def format_value(value: int, unit: str, currency: str = "EUR", language: str = "de", sign: bool = False) -> str:
    """Cents as money, points and strokes as plain numbers.

    >>> format_value(140, "cent", sign=True), format_value(4, "point", sign=True)
    ('+1,40 €', '+4')
    """
    if unit == "cent":
        return format_amount(value, currency, language, sign=sign)
    return f"+{value}" if sign and value > 0 else str(value)


def bare(value: int, unit: str, lang: str, sign: bool = False) -> str:
    """An amount without its currency, for the sheet's cells: ``12,40`` / ``12.40`` (the
    currency is named once, in the sheet's title); points and strokes as plain numbers.

    >>> bare(-1240, "cent", "de"), bare(123456, "cent", "en"), bare(5, "point", "de", sign=True)
    ('-12,40', '1,234.56', '+5')
    """
    if unit != "cent":
        return f"+{value}" if sign and value > 0 else str(value)
    whole, frac = divmod(abs(value), 100)
    if lang == "de":
        text = f"{whole:,}".replace(",", ".") + f",{frac:02d}"
    else:
        text = f"{whole:,}.{frac:02d}"
    if value < 0:
        return "-" + text
    return ("+" + text) if sign and value > 0 else text
