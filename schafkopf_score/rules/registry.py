"""The family registry: ``find_family("bayerisch")`` and the list of what exists."""

from __future__ import annotations

from ..errors import IllegalEntry
from ..i18n import Join, Text
from .bavarian import Bavarian
from .deutscher import Deutscher
from .family import Family, then
from .sheepshead import Sheepshead
from .wendish import Wendish

FAMILIES: dict[str, Family] = {f.name: f for f in (Bavarian(), Wendish(), Deutscher(), Sheepshead())}


def _aliases() -> dict[str, str]:
    table = {}
    for f in FAMILIES.values():
        table[f.name] = f.name
        for a in f.aliases:
            table[a] = f.name
    return table


def find_family(name: str) -> Family:
    """A family by name or alias, case-insensitively.

    >>> find_family("Bayerisch").name
    'bavarian'
    """
    if name in FAMILIES:
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
