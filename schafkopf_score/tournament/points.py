"""A tournament's points, pure: the cap of one game (RULES §10) and the small whole numbers
the organiser types (a table number, a total)."""

from __future__ import annotations

from collections.abc import Sequence


def _shares(total: int, count: int) -> list[int]:
    """``total`` in ``count`` equal shares, the remainder to the first (largest remainder: all
    remainders are equal, so the seating order decides)."""
    base, extra = divmod(total, count)
    return [base + (1 if i < extra else 0) for i in range(count)]


def capped(payouts: Sequence[tuple[str, int]], cap: int) -> list[tuple[str, int]]:
    """A game's points with no player beyond ``cap`` (won or lost, RULES §10): a player beyond
    it stands at ``cap``; where one side's capped points then sum to less than the other's, the
    other side shares that sum in equal shares (largest remainder, seating order). The points
    still sum to zero.

    >>> capped([("A", 15), ("B", -5), ("C", -5), ("D", -5)], 10)
    [('A', 10), ('B', -4), ('C', -3), ('D', -3)]
    >>> capped([("A", 4), ("B", 4), ("C", -4), ("D", -4)], 3)
    [('A', 3), ('B', 3), ('C', -3), ('D', -3)]
    """
    if not cap or all(abs(v) <= cap for _, v in payouts):
        return list(payouts)
    won = [n for n, v in payouts if v > 0]
    lost = [n for n, v in payouts if v < 0]
    amount = {n: min(abs(v), cap) for n, v in payouts}
    total = min(sum(amount[n] for n in won), sum(amount[n] for n in lost))
    out = dict.fromkeys((n for n, _ in payouts), 0)
    for side, sign in ((won, 1), (lost, -1)):
        if not side:
            continue
        if sum(amount[n] for n in side) == total:
            values = [amount[n] for n in side]
        else:
            values = _shares(total, len(side))
        for n, v in zip(side, values, strict=True):
            out[n] = sign * v
    return list(out.items())


def small_int(text: str, lowest: int, highest: int) -> int | None:
    """A whole number of plain digits within ``lowest..highest``, else None (never converts a
    huge number: at most 9 digits are read).

    >>> small_int("3", 1, 4), small_int("9" * 5000, 1, 4), small_int("-1", 1, 4)
    (3, None, None)
    """
    text = text.strip()
    if not text or len(text) > 9 or not all("0" <= ch <= "9" for ch in text):
        return None
    value = int(text)
    return value if lowest <= value <= highest else None
