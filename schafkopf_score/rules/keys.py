"""Table-file keys as data: each key knows its default, its type and how to check a value.

A family lists its ``[tariff]`` and ``[rules]`` keys with these specs; the table loader checks
every key against them and the ``new`` command writes every key with its comment.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any


class KeyError_(ValueError):
    """A bad value; the message says what is allowed."""


@dataclass(frozen=True)
class KeySpec:
    name: str
    default: Any
    doc: str = ""
    kind: str = "int"  # int | bool | choice | int_or_choice | list | table | str
    choices: tuple[Any, ...] = ()
    minimum: int | None = 0
    maximum: int | None = None
    # for ``list``/``table``: the allowed item names and a canonicaliser (aliases)
    items: Callable[[str], str | None] | None = None
    item_names: tuple[str, ...] = ()
    write: bool = True  # spelled out by ``new``

    def check(self, value: Any) -> Any:
        """Return the value in canonical form, or raise ``KeyError_`` saying what is allowed."""
        kind = self.kind
        if kind == "bool":
            if not isinstance(value, bool):
                raise KeyError_(f"must be true or false, not {_show(value)}")
            return value
        if kind == "int":
            return self._int(value)
        if kind == "str":
            if not isinstance(value, str):
                raise KeyError_(f"must be a text in quotes, not {_show(value)}")
            return value
        if kind == "choice":
            if value not in self.choices:
                raise KeyError_(f"must be one of {_alts(self.choices)}, not {_show(value)}")
            return value
        if kind == "int_or_choice":
            if isinstance(value, str):
                if value not in self.choices:
                    raise KeyError_(
                        f"must be one of {_alts(self.choices)} or a number, not {_show(value)}"
                    )
                return value
            return self._int(value)
        if kind == "list":
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise KeyError_(f"must be a list of names in quotes, not {_show(value)}")
            out = []
            for item in value:
                out.append(self._item(item))
            return out
        if kind == "table":
            if not isinstance(value, Mapping):
                raise KeyError_(f"must be a table like {{ sauspiel = 3 }}, not {_show(value)}")
            result = {}
            for k, v in value.items():
                name = self._item(k)
                if not isinstance(v, int) or isinstance(v, bool) or v < 1:
                    raise KeyError_(f"{k} must be a whole number of at least 1, not {_show(v)}")
                result[name] = v
            return result
        raise AssertionError(kind)

    def _int(self, value: Any) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise KeyError_(f"must be a whole number, not {_show(value)}")
        if self.minimum is not None and value < self.minimum:
            raise KeyError_(f"must be at least {self.minimum}, not {value}")
        if self.maximum is not None and value > self.maximum:
            raise KeyError_(f"must be at most {self.maximum}, not {value}")
        return value

    def _item(self, item: str) -> str:
        canon = self.items(item) if self.items else (item if item in self.item_names else None)
        if canon is None:
            import difflib

            close = difflib.get_close_matches(item, self.item_names, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise KeyError_(f"{item!r} is not known{hint}; known: {', '.join(self.item_names)}")
        return canon


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return repr(value)


def _alts(choices: Sequence[Any]) -> str:
    shown = [_show(c) for c in choices]
    return ", ".join(shown[:-1]) + " or " + shown[-1] if len(shown) > 1 else shown[0]


def defaults(specs: Sequence[KeySpec]) -> dict[str, Any]:
    return {s.name: s.default for s in specs if s.default is not None}
