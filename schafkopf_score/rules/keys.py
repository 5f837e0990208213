"""Table-file keys as data: each key knows its default, its type and how to check a value.

A family lists its ``[tariff]`` and ``[rules]`` keys with these specs; the table loader checks
every key against them and the ``new`` command writes every key with its comment.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields
from enum import Enum
from types import MappingProxyType
from typing import Any, ClassVar

from ..i18n import Join, Text, say


class ValueProblem(ValueError):
    """A bad value: ``text`` (a message) says what is wrong and what is allowed, as a predicate
    of the key (``must be a whole number, not "zwei"``); ``str()`` is its English rendering."""

    def __init__(self, text: Text) -> None:
        super().__init__(text.render("en"))
        self.text = text


@dataclass(frozen=True)
class KeySpec:
    """One table-file key: its default, its type and limits; ``family`` names the family whose
    catalogue entry ``engine.key.<family>.<name>`` says what it means (empty: a key that is
    not a family's, documented where it is written)."""

    name: str
    default: Any
    family: str = ""
    kind: str = "int"  # int | bool | choice | choice_list | int_or_choice | list | table | str
    choices: tuple[Any, ...] = ()
    minimum: int | None = 0
    maximum: int | None = None
    # for ``list``/``table``: the allowed item names and a canonicaliser (aliases)
    items: Callable[[str], str | None] | None = None
    item_names: tuple[str, ...] = ()
    write: bool = True  # spelled out by ``new``

    def meaning(self, lang: str) -> str:
        """What the key means, in a language (``rules`` shows it; ``new`` writes it as a comment)."""
        return say(f"engine.key.{self.family}.{self.name}", lang) if self.family else ""

    def value_words(self, value: Any, lang: str, item: Callable[[str], str] = str) -> str:
        """The key's value in words, in a language (``rules`` shows it): yes or no, a choice in
        its words with the file's spelling after it, a list's or a table's items as ``item``
        words them (a game's title), numbers as they are.

        >>> KeySpec("legen", False, kind="bool").value_words(True, "de")
        'ja'
        >>> KeySpec("bock_stack", "queue", kind="choice", choices=("queue", "double")).value_words("queue", "de")
        'noch eine Runde danach ("queue")'
        >>> KeySpec("bock_after", [], kind="list").value_words([], "en")
        'none'
        """
        if isinstance(value, bool):
            return say("engine.value_yes" if value else "engine.value_no", lang)
        if isinstance(value, str):
            return self._choice_words(value, lang)
        if isinstance(value, Mapping):
            return ", ".join(f"{item(str(k))} {v}" for k, v in value.items()) or say("engine.value_none", lang)
        if isinstance(value, (list, tuple)):
            if not value:
                return say("engine.value_none", lang)
            if self.kind == "choice_list":
                return ", ".join(self._choice_words(str(v), lang) for v in value)
            return ", ".join(item(str(v)) for v in value)
        return str(value)

    def _choice_words(self, value: str, lang: str) -> str:
        """A choice in the words of the family's catalogue (or the shared one, for a key every
        family with it shares), the value as the file spells it after them."""
        from ..i18n import catalogue

        for key in (f"engine.choice.{self.family}.{self.name}.{value}", f"engine.choice.{self.name}.{value}"):
            if key in catalogue():
                return f'{say(key, lang)} ("{value}")'
        return f'"{value}"'

    @property
    def doc(self) -> str:
        """What the key means, in English."""
        return self.meaning("en")

    def check(self, value: Any, *, strict: bool = True) -> Any:
        """Return the value in canonical form, or raise ``ValueProblem`` saying what is allowed.
        ``strict=False`` (an export's ruleset): a list may name none or one item twice, and a
        table one item under two names (the last one counts), as rulesets stored before a table
        file was refused for it did."""
        kind = self.kind
        if kind == "bool":
            if not isinstance(value, bool):
                raise ValueProblem(Text("engine.value.bool", value=_show(value)))
            return value
        if kind == "int":
            return self._int(value)
        if kind == "str":
            if not isinstance(value, str):
                raise ValueProblem(Text("engine.value.text", value=_show(value)))
            return value
        if kind == "choice":
            if value not in self.choices:
                raise ValueProblem(Text("engine.value.choice", choices=_alts(self.choices), value=_show(value)))
            return value
        if kind == "choice_list":  # one choice, or a list of them that combine (all_pass)
            if isinstance(value, str):
                if value not in self.choices:
                    raise ValueProblem(Text("engine.value.choice", choices=_alts(self.choices), value=_show(value)))
                return value
            if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
                raise ValueProblem(Text("engine.value.choice_list", choices=_alts(self.choices), value=_show(value)))
            names = tuple(str(c) for c in self.choices)
            return [self._item(v, names) for v in value]
        if kind == "int_or_choice":
            if isinstance(value, str):
                if value not in self.choices:
                    raise ValueProblem(Text("engine.value.choice_or_number", choices=_alts(self.choices),
                                         value=_show(value)))
                return value
            return self._int(value)
        if kind == "list":
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise ValueProblem(Text("engine.value.list", value=_show(value)))
            if strict and len(value) < (self.minimum or 0):  # (``games``: a table plays at least one)
                raise ValueProblem(Text("engine.value.list_empty", names=Join(self.item_names)))
            out: list[str] = []
            for item in value:
                name = self._item(item)
                if strict and name in out:  # (an alias of a name listed before counts too: "farbsolo" and "solo")
                    raise ValueProblem(Text("engine.value.list_twice", item=repr(item)))
                out.append(name)
            return out
        if kind == "table":
            if not isinstance(value, Mapping):
                raise ValueProblem(Text("engine.value.table", example="{ sauspiel = 3 }", value=_show(value)))
            result = {}
            said: dict[str, str] = {}  # canonical name -> the key that said it
            for k, v in value.items():
                name = self._item(k)
                if not isinstance(v, int) or isinstance(v, bool) or v < 1:
                    raise ValueProblem(Text("engine.value.table_item", item=k, value=_show(v)))
                if strict and name in said:  # ("Sauspiel" and "sauspiel", "farbsolo" and "solo": one game)
                    raise ValueProblem(Text("engine.value.table_twice", first=repr(said[name]), item=repr(k)))
                said[name] = k
                result[name] = v
            return result
        raise AssertionError(kind)

    def _int(self, value: Any) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueProblem(Text("engine.value.whole", value=_show(value)))
        if self.minimum is not None and value < self.minimum:
            raise ValueProblem(Text("engine.value.at_least", limit=self.minimum, value=value))
        if self.maximum is not None and value > self.maximum:
            raise ValueProblem(Text("engine.value.at_most", limit=self.maximum, value=value))
        return value

    def _item(self, item: str, known: tuple[str, ...] | None = None) -> str:
        names = self.item_names if known is None else known
        canon = self.items(item) if self.items and known is None else (item if item in names else None)
        if canon is None:
            import difflib

            close = difflib.get_close_matches(item, names, n=1)
            if close:
                raise ValueProblem(Text("engine.value.unknown_item_close", item=repr(item), close=repr(close[0]),
                                     names=Join(names)))
            raise ValueProblem(Text("engine.value.unknown_item", item=repr(item), names=Join(names)))
        return canon


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return repr(value)


def _alts(choices: Sequence[Any]) -> Join:
    return Join([_show(c) for c in choices], "or")


def tariff_keys(family: str, *keys: tuple[str, int | None]) -> tuple[KeySpec, ...]:
    """A family's ``[tariff]`` keys, each ``(name, default in cents)`` (None: left out, as
    another key)."""
    return tuple(KeySpec(name, default, family) for name, default in keys)


# -- house rules, typed and defaulted once --------------------------------------------------------

def rule(default: Any, kind: str | None = None, **spec: Any) -> Any:
    """A house rule: a field of a family's ``HouseRules`` dataclass that carries its table-file
    key spec (kind, limits; what it means is in the catalogue). The field's default is the
    key's default: written once."""
    meta = {"kind": kind, "spec": spec}
    if isinstance(default, Mapping):  # a table such as laufende_min: read-only, made per instance
        frozen = dict(default)
        return field(default_factory=lambda: MappingProxyType(frozen), metadata=meta)
    return field(default=default, metadata=meta)


def _default(f: Any) -> Any:
    return f.default_factory() if f.default is MISSING else f.default


def _kind_of(default: Any) -> str:
    if isinstance(default, bool):
        return "bool"
    if isinstance(default, Enum):
        return "choice"
    if isinstance(default, tuple):
        return "list"
    if isinstance(default, Mapping):
        return "table"
    if isinstance(default, str):
        return "str"
    return "int"


@dataclass(frozen=True)
class HouseRules:
    """Base of a family's house rules: a frozen dataclass whose fields are the ``[rules]`` keys.

    ``specs()`` gives the table loader and ``new`` their key specs; ``from_mapping`` fills a
    stored snapshot's rules (which may lack keys added later) with the declared defaults, so
    the engine reads typed attributes and never repeats a default. ``family`` names the
    catalogue entries of the keys' meanings (``engine.key.<family>.<key>``)."""

    family: ClassVar[str] = ""

    @classmethod
    def specs(cls) -> tuple[KeySpec, ...]:
        out = []
        for f in fields(cls):
            default = _default(f)
            kind = f.metadata["kind"] or _kind_of(default)
            spec = dict(f.metadata["spec"])
            if isinstance(default, Enum):
                spec.setdefault("choices", tuple(e.value for e in type(default)))
            out.append(KeySpec(f.name, _plain(default), cls.family, kind=kind, **spec))
        return tuple(out)

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any], overrides: Mapping[str, Any] | None = None) -> Any:
        """The house rules from a table's or a snapshot's ``[rules]``: a key left out takes the
        family's default for the seats (``overrides``), else the declared default."""
        overrides = overrides or {}
        kwargs: dict[str, Any] = {}
        for f in fields(cls):
            default = _default(f)
            value = values[f.name] if f.name in values else overrides.get(f.name, default)
            if isinstance(default, Enum) and isinstance(value, str):
                value = type(default)(value)
            elif isinstance(default, Enum) and isinstance(value, (list, tuple)):  # a choice_list
                value = tuple(type(default)(v) for v in value)
            elif isinstance(default, tuple) and isinstance(value, list):
                value = tuple(value)
            elif isinstance(default, Mapping):
                value = MappingProxyType(dict(value))
            kwargs[f.name] = value
        return cls(**kwargs)

    def to_dict(self) -> dict[str, Any]:
        """Plain TOML/JSON values (enums as their text, tuples as lists)."""
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)}


def _plain(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return dict(value)
    return value
