"""Start numbers (RULES §10 "The desk"): every registered player has one, in registration order
(the file's players 1, 2, ...; each latecomer the next free one), never given twice and never
changed by a withdrawal. ``#17`` names player 17 wherever a name is typed; a bare ``17`` too
where nothing but a name can stand (the names of ``fix``, ``apart``, ``swap``, ``player
withdraw``, ``--totals``, ``--solos``, ``--won``, ``--fix``, ``--apart``); in a hand's line only
``#17``, since a bare number there is the Augen."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import IllegalEntry
from ..i18n import Join, Text
from ..ledger import Ledger
from ..table import TableConfig
from ..table.tournament import START_NUMBER as _NUMBER

_BARE = re.compile(r"#?\s*([0-9]{1,6})")


def start_numbers(cfg: TableConfig, ledger: Ledger, state: Any = None) -> dict[str, int]:
    """Every registered player's start number (the withdrawn keep theirs); ``state``: the
    tournament's events folded already."""
    from ..session.tournament import fold_tournament

    folded = state or fold_tournament(cfg.players, ledger.events())
    return {name: i for i, name in enumerate(folded.players, 1)}


def number_of(typed: str, bare: bool = False) -> int | None:
    """The start number ``typed`` says (``#17``; with ``bare`` also ``17``), else None.

    >>> number_of("#17"), number_of("17"), number_of("17", bare=True), number_of("Anna")
    (17, None, 17, None)
    """
    m = (_BARE if bare else _NUMBER).fullmatch(typed.strip())
    return int(m.group(1)) if m else None


def player_at(typed: str, players: Sequence[str], numbers: Mapping[str, int], bare: bool = False) -> str | None:
    """The player start number ``typed`` names (None where ``typed`` is no number), refused
    where no player has that number or he is not among ``players`` (the table's, or those the
    command may name)."""
    n = number_of(typed, bare)
    if n is None:
        return None
    by_number = {v: k for k, v in numbers.items()}
    name = by_number.get(n)
    if name is None:
        raise IllegalEntry(Text("tournament.no_such_number", number=n, count=len(numbers)),
                           Text("tournament.numbers_hint", count=len(numbers)))
    if name not in players:
        raise IllegalEntry(Text("tournament.number_not_here", number=n, name=name),
                           Text("tournament.players_here", names=Join(numbered(players, numbers))))
    return name


def numbered(players: Sequence[str], numbers: Mapping[str, int]) -> list[str]:
    """Names with their start numbers, as the lists show them (``#17 Anna``; a stand-in has none).

    >>> numbered(["Anna", "Stand-in 1"], {"Anna": 17})
    ['#17 Anna', 'Stand-in 1']
    """
    return [f"#{numbers[p]} {p}" if p in numbers else p for p in players]


def with_numbers(words: Sequence[str], numbers: Mapping[str, int]) -> list[str]:
    """A hand's words with each ``#N`` replaced by player N's name (a number no player has is
    refused); the other words as they are."""
    out = []
    for word in words:
        n = number_of(word)
        if n is None:
            out.append(word)
            continue
        name = {v: k for k, v in numbers.items()}.get(n)
        if name is None:
            raise IllegalEntry(Text("tournament.no_such_number", number=n, count=len(numbers)),
                               Text("tournament.numbers_hint", count=len(numbers)))
        out.append(name)
    return out
