"""The entry options shared by ``calc``, ``add`` and ``edit``, derived from ``GameEntry``.

Each option is declared once, as field metadata on ``GameEntry`` (rules/model.py): its kind,
names and help. ``with_entry_options`` turns those declarations into typer options appended to a
command's signature, so the command receives them as ``**entry``.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Annotated, Any, Optional, TypeVar

import typer

from ..rules.model import COUNT, FLAG, NAME, NAMES, OUTCOME, SUIT, EntryOption, entry_options
from .app import WHOLE_NUMBER

F = TypeVar("F", bound=Callable[..., Any])

_PANEL = "Entry"

# what typer hands the command for each kind when the option is not given
_CLI_TYPE: dict[str, tuple[Any, Any]] = {
    FLAG: (bool, False),
    COUNT: (int, 0),
    OUTCOME: (Optional[bool], None),
    NAMES: (Optional[list[str]], None),
}


def _parameter(opt: EntryOption) -> inspect.Parameter:
    from . import complete

    typ, default = _CLI_TYPE.get(opt.kind, (Optional[str], None))
    completes = {NAME: complete.names, NAMES: complete.names, SUIT: complete.suits}.get(opt.kind)
    option = typer.Option(*opt.names, help=opt.help, rich_help_panel=_PANEL, show_default=False,
                          autocompletion=completes, click_type=WHOLE_NUMBER if opt.kind == COUNT else None)
    return inspect.Parameter(opt.field, inspect.Parameter.KEYWORD_ONLY, default=default,
                             annotation=Annotated[typ, option])


ENTRY_NAMES = [opt.field for opt in entry_options()]


def with_entry_options(func: F) -> F:
    """Give ``func`` (which takes ``**entry``) every entry option as a keyword parameter."""
    sig = inspect.signature(func, eval_str=True)
    params = [p for p in sig.parameters.values() if p.kind is not inspect.Parameter.VAR_KEYWORD]
    params += [_parameter(opt) for opt in entry_options()]
    func.__signature__ = sig.replace(parameters=params)  # type: ignore[attr-defined]
    return func
