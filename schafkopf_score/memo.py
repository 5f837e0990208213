"""``Memo``: a bounded memo for the reports and exports.

A season repeats itself (the same names, games, amounts and stored JSON texts on thousands of
evenings): a value is made once per distinct key, and the memo starts afresh when it holds
``limit`` values, so memory stays flat in the length of the season."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Memo(dict[K, V], Generic[K, V]):
    """A dict that makes a missing value with ``make(key)``.

    >>> m = Memo(str.upper, limit=2)
    >>> m["a"], m["b"], m["c"], len(m)
    ('A', 'B', 'C', 1)
    """

    def __init__(self, make: Callable[[K], V], limit: int = 8192) -> None:
        super().__init__()
        self.make = make
        self.limit = limit

    def __missing__(self, key: K) -> V:
        if len(self) >= self.limit:
            self.clear()
        value = self[key] = self.make(key)
        return value


@contextmanager
def collection_paused() -> Iterator[None]:
    """Python's cycle collector held while a season's rows are made or checked (dicts, lists and
    frozen values that refer to no cycle, freed as they go out of use anyway): each pass of it
    walks every object alive, the season's memos included, a tenth of a report's time and more
    of an import's. Never across a ``yield``: whatever the caller does between two sessions runs
    with the collector as it was."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
