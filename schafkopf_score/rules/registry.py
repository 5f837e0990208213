"""The family registry: ``find_family("bayerisch")`` and the list of what exists.

A family's module is imported when the family is first asked for, so a command on a Bavarian
table never loads the other three. The names and aliases are kept here as data (a test checks
them against the families' own ``name`` and ``aliases``), so an alias resolves, and a misspelt
name gets its "did you mean", without importing any family.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from ..errors import IllegalEntry
from ..i18n import Join, Text
from .family import Family
from .matching import then

# name -> (module, class, aliases), in the order families are listed
REGISTRY: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "bavarian": ("schafkopf_score.rules.bavarian", "Bavarian", ("bayerisch", "bayrisch", "schafkopf", "bavaria")),
    "wendish": ("schafkopf_score.rules.wendish", "Wendish",
                ("wendisch", "wendischer", "wendischer-schafkopf", "dreiwendsch")),
    "deutscher": ("schafkopf_score.rules.deutscher", "Deutscher", ("deutsch", "deutscher-schafskopf", "schafskopf")),
    "sheepshead": ("schafkopf_score.rules.sheepshead", "Sheepshead", ("sheephead", "schafkopf-us", "wisconsin")),
}
# what ``schafkopf new`` makes without --family, and the family a tournament plays (RULES §10)
DEFAULT_FAMILY = "bavarian"
TOURNAMENT_FAMILY = "bavarian"


class _Families(Mapping[str, Family]):
    """Every family by name; a family's module is imported on first use of that family."""

    def __init__(self) -> None:
        self._made: dict[str, Family] = {}

    def __getitem__(self, name: str) -> Family:
        family = self._made.get(name)
        if family is None:
            module, cls, _ = REGISTRY[name]
            family = self._made[name] = getattr(importlib.import_module(module), cls)()
        return family

    def __iter__(self) -> Iterator[str]:
        return iter(REGISTRY)

    def __len__(self) -> int:
        return len(REGISTRY)

    def __contains__(self, name: object) -> bool:
        return name in REGISTRY

    def __repr__(self) -> str:
        return f"FAMILIES({list(REGISTRY)})"


FAMILIES: Mapping[str, Family] = _Families()


def _aliases() -> dict[str, str]:
    table = {}
    for name, (_, _, aliases) in REGISTRY.items():
        table[name] = name
        for a in aliases:
            table[a] = name
    return table


def find_family(name: str) -> Family:
    """A family by name or alias, case-insensitively.

    >>> find_family("Bayerisch").name
    'bavarian'
    """
    if name in REGISTRY:
        return FAMILIES[name]
    key = name.strip().casefold()
    table = _aliases()
    if key in table:
        return FAMILIES[table[key]]
    import difflib

    close = difflib.get_close_matches(key, list(table), n=1)
    hint = Text("common.did_you_mean_q", name=table[close[0]]) if close else None
    raise IllegalEntry(Text("engine.not_a_family", name=repr(name)),
                       then(hint, Text("engine.families", names=Join(FAMILIES))))
