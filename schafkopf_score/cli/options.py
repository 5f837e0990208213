"""The entry options shared by ``calc``, ``add`` and ``edit``, declared once.

``with_entry_options`` appends them to a command's signature, so typer sees one option list
and the command receives them as ``**entry``.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Annotated, Any, Optional, TypeVar

import typer

F = TypeVar("F", bound=Callable[..., Any])

_PANEL = "Entry"


def _opt(*names: str, help: str) -> Any:
    return typer.Option(*names, help=help, rich_help_panel=_PANEL, show_default=False)


# (name, type, default, option)
ENTRY_OPTIONS: list[tuple[str, Any, Any, Any]] = [
    ("player", Optional[str], None, _opt("--player", "--spieler", "--picker", help="Declarer (Sheepshead: the picker).")),
    ("partner", Optional[str], None, _opt("--partner", help="Declarer's partner (holder of the called Sau).")),
    ("augen", Optional[str], None, _opt("--augen", "--points", help="Declaring side's Augen 0-120; Ramsch/leaster: NAME=N,...")),
    ("schwarz", bool, False, _opt("--schwarz", help="The losing side took no trick.")),
    ("laufende", int, 0, _opt("--laufende", help="Laufende (mit or ohne), as a count.")),
    ("kontra", bool, False, _opt("--kontra", help="Kontra (doubles).")),
    ("re", bool, False, _opt("--re", help="Re after Kontra (doubles).")),
    ("sup", bool, False, _opt("--sup", help="Sup after Re, where the table allows.")),
    ("hirsch", bool, False, _opt("--hirsch", help="Hirsch after Sup, where the table allows.")),
    ("legen", int, 0, _opt("--legen", help="How many players laid (doubled), where the table plays Legen.")),
    ("suit", Optional[str], None, _opt("--suit", help="Trump suit: eichel|gras|herz|schellen (French: kreuz|pik|herz|karo).")),
    ("sau", Optional[str], None, _opt("--sau", help="Sauspiel: the called Sau, eichel|gras|schellen (optional).")),
    ("tout", bool, False, _opt("--tout", help="Tout on a solo game; add --won or --lost.")),
    ("won", Optional[bool], None, _opt("--won/--lost", help="Won or lost (Tout, Bettel; else the Augen decide).")),
    ("ouvert", bool, False, _opt("--ouvert", help="Bettel ouvert (doubles).")),
    ("still", bool, False, _opt("--still", help="Wendish: silent solo of the holder of both black queens.")),
    ("loser", Optional[str], None, _opt("--loser", help="Ramsch: the loser.")),
    ("jungfrau", Optional[list[str]], None, _opt("--jungfrau", help="Ramsch: a player who took no trick (repeatable).")),
    ("durchmarsch", Optional[str], None, _opt("--durchmarsch", help="Ramsch: the player who took every trick.")),
    ("alone", bool, False, _opt("--alone", help="Sheepshead: the picker plays alone.")),
    ("crack", bool, False, _opt("--crack", help="Sheepshead: an opponent cracked (doubles).")),
    ("recrack", bool, False, _opt("--recrack", help="Sheepshead: the picker re-cracked (doubles again).")),
    ("forced", bool, False, _opt("--forced", help="The game was forced (all passed).")),
    ("zwang", bool, False, _opt("--zwang", help="Deutscher: a Zwangsspiel.")),
    ("winner", Optional[str], None, _opt("--winner", help="Leaster: the winner.")),
    ("no_trick", Optional[list[str]], None, _opt("--no-trick", help="Leaster: a player who took no trick (repeatable).")),
    ("sitting_out", Optional[list[str]], None, _opt("--sitting-out", help="Who sat out this hand (repeatable), instead of the rotation.")),
    ("dealer", Optional[str], None, _opt("--dealer", help="Who dealt this hand, instead of the rotation.")),
    ("comment", Optional[str], None, _opt("--comment", help="A note stored with the game.")),
]
ENTRY_NAMES = [name for name, *_ in ENTRY_OPTIONS]


def with_entry_options(func: F) -> F:
    """Give ``func`` (which takes ``**entry``) every entry option as a keyword parameter."""
    sig = inspect.signature(func, eval_str=True)
    params = [p for p in sig.parameters.values() if p.kind is not inspect.Parameter.VAR_KEYWORD]
    for name, typ, default, option in ENTRY_OPTIONS:
        params.append(
            inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default,
                              annotation=Annotated[typ, option])
        )
    func.__signature__ = sig.replace(parameters=params)  # type: ignore[attr-defined]
    return func
