"""The message catalogue: every word the program prints for a table, in German and in English.

A message is a ``Text``: a message id and its parameters, rendered in the table's language only
when it is shown (an error raised deep in the engine does not know who reads it). The words live
in the catalogue's parts (``common``, ``engine``, ``data`` here; ``cli``, ``export``,
``tournament`` and ``server`` beside the code that speaks them): each maps a
message id to its English and German template, ``{name}`` fields filled from the parameters.
The parts are loaded together, once, when the first message is rendered. A rule family owns
the words of its games (its package's ``messages``): it adds that part with ``add_part`` when
it is loaded, so a command loads the words of its table's family only, and this floor names
no family.

>>> Text("common.error", message="x").render("de")
'Fehler: x'
>>> render(Join(["Anna", "Ben", "Cora"], "or"), "de")
'Anna, Ben oder Cora'
>>> render(Amount(140), "en"), render(Date("2026-11-30"), "de")
('€1.40', '30.11.2026')

A count is said with its noun in the singular or the plural: a template names the noun after the
field, ``{hands:hand}``, and the noun's two forms are the catalogue's ``common.count.hand_one``
and ``common.count.hand`` (German's dative has its own, ``hand_dat``); ``Count`` says one
outside a template.

>>> Text("cli.page_summary", hands=1, won=0, share="0 %", money="0").render("de")
'1 Spiel, 0 gewonnen (0 %), Geld 0'
>>> render(Count(2, "session_dat"), "de"), render(Count(1, "hand"), "en"), render(Count(0, "hand"), "en")
('2 Abenden', '1 hand', '0 hands')
"""

from __future__ import annotations

import re
import string
import threading
from collections.abc import Iterable, Mapping
from typing import Any

LANGUAGES = ("de", "en")
# the words every floor shares, loaded with the first message shown
_PARTS = (f"{__name__}.common", f"{__name__}.engine", f"{__name__}.data")
# the parts that live beside their owner's code (the command line, the exports, the tournament, the
# server), named by their import paths so that this floor imports none of them: a part is loaded
# when the first id that begins with its owner's name is looked up (a one-shot ``calc`` loads no
# tournament's words), or with every part for ``everything()``
OWNERS = {"cli": "schafkopf_score.cli.messages", "export": "schafkopf_score.export.messages",
          "tournament": "schafkopf_score.tournament.messages", "server": "schafkopf_score.server.messages"}
_catalogue: "Catalogue | None" = None
# the parts added from above (a rule family's ``messages`` module, an owner's part when first
# needed), in the order they came; the lock keeps a part added while another thread loads the
# catalogue from being left out
_added: list[str] = []
_loading = threading.RLock()


def _merge(merged: dict[str, tuple[str, str]], module: str) -> None:
    import importlib

    messages: Mapping[str, tuple[str, str]] = importlib.import_module(module).MESSAGES
    for key in messages:
        if dict.__contains__(merged, key):
            raise AssertionError(f"message id {key!r} is defined twice")
    merged.update(messages)  # all at once: a Ctrl-C comes before or after, never half-way


class Catalogue(dict[str, tuple[str, str]]):
    """Every message id -> (English, German) of the parts loaded so far; asking for an id (or
    whether there is one) of an owner whose part is not loaded yet loads it first."""

    def _owner_of(self, key: object) -> bool:
        if not isinstance(key, str):
            return False
        module = OWNERS.get(key.split(".", 1)[0])
        if module is None or module in _added:
            return False
        add_part(module)
        return True

    def __missing__(self, key: str) -> tuple[str, str]:
        if self._owner_of(key):
            return self[key]
        raise KeyError(key)

    def __contains__(self, key: object) -> bool:
        return super().__contains__(key) or (self._owner_of(key) and super().__contains__(key))

    def get(self, key: str, default: Any = None) -> Any:
        return self[key] if key in self else default


def catalogue() -> Catalogue:
    """Every message id -> (English, German): the shared parts merged once (an id twice is a
    bug), with the parts added so far; an owner's part comes in with its first id asked for."""
    global _catalogue
    if _catalogue is None:
        with _loading:
            if _catalogue is None:
                merged = Catalogue()
                for part in (*_PARTS, *_added):
                    _merge(merged, part)
                _catalogue = merged
    return _catalogue


def everything() -> Catalogue:
    """The whole catalogue: every owner's part loaded (the catalogue's tests, the docs)."""
    for module in OWNERS.values():
        add_part(module)
    return catalogue()


def add_part(module: str) -> None:
    """Add a part of the catalogue (a module with a ``MESSAGES`` dict, named by its import
    path) from a floor above: a rule family adds its words when it is loaded. The part is
    imported with the catalogue, or at once if the catalogue is loaded already; adding a part
    again changes nothing."""
    with _loading:
        if module in _added:
            return
        if _catalogue is not None:  # merged before it counts as added: a Ctrl-C while it is
            _merge(_catalogue, module)  # imported leaves it to be added at the next id asked for
        _added.append(module)


def language_of(lang: str | None) -> str:
    """A known language; anything else reads English."""
    return lang if lang in LANGUAGES else "en"


_templates: dict[tuple[str, str], str] = {}


def template(key: str, lang: str) -> str:
    """A message's template in a language (looked up once per id and language: a replay renders
    a few for every hand)."""
    try:
        return _templates[key, lang]
    except KeyError:
        en, de = catalogue()[key]
        found = _templates[key, lang] = de if language_of(lang) == "de" else en
        return found


def count_words(value: Any, noun: str, lang: str) -> str:
    """A number with its noun as the language says it: ``1 Spiel``, ``2 Spiele``, ``0 hands``
    (the singular for exactly one; a value that is no whole number takes the plural)."""
    shown = render(value, lang)
    try:
        one = int(shown) == 1
    except ValueError:
        one = False
    return template(f"common.count.{noun}_one" if one else f"common.count.{noun}", lang).format(count=shown)


class _Counting(string.Formatter):
    """Fills a template whose fields may name a noun (``{hands:hand}``)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec[:1].isalpha():
            return count_words(value, format_spec, self.lang)
        return str(super().format_field(value, format_spec))


_COUNTED = re.compile(r"\{\w+:[a-z]")
_counted: dict[str, bool] = {}


def fill(text: str, lang: str, values: Mapping[str, Any]) -> str:
    """A template filled with its (rendered) values, counts said with their nouns."""
    counted = _counted.get(text)
    if counted is None:
        counted = _counted[text] = bool(_COUNTED.search(text))
    return _Counting(lang).vformat(text, (), values) if counted else text.format(**values)


class Count:
    """A number of things said with its noun: ``Count(2, "hand")`` is ``2 hands`` / ``2 Spiele``."""

    __slots__ = ("value", "noun")

    def __init__(self, value: int, noun: str) -> None:
        self.value, self.noun = value, noun

    def render(self, lang: str) -> str:
        return count_words(self.value, self.noun, lang)


class Text:
    """A message to be shown later: ``Text("engine.no_such_game", game="x")``."""

    __slots__ = ("key", "params")

    def __init__(self, key: str, /, **params: Any) -> None:
        self.key = key
        self.params = params

    def render(self, lang: str) -> str:
        if not self.params:
            return template(self.key, lang).format()
        values = {name: render(value, lang) for name, value in self.params.items()}
        return fill(template(self.key, lang), lang, values)

    def __str__(self) -> str:
        return self.render("en")

    def __repr__(self) -> str:
        return f"Text({self.key!r}, {self.params!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Text) and (self.key, self.params) == (other.key, other.params)

    def __hash__(self) -> int:
        return hash(self.key)


class Join:
    """Items joined for reading: ``Anna, Ben and Cora`` / ``Anna, Ben und Cora``; ``word`` is
    ``and``, ``or`` or ``,`` (a plain comma list). Items may be ``Text`` themselves."""

    __slots__ = ("items", "word")

    def __init__(self, items: Iterable[Any], word: str = ",") -> None:
        self.items = list(items)
        self.word = word

    def render(self, lang: str) -> str:
        parts = [render(item, lang) for item in self.items]
        if self.word == "," or len(parts) < 2:
            return ", ".join(parts)
        word = template(f"common.{self.word}", lang)
        return ", ".join(parts[:-1]) + f" {word} " + parts[-1]


class Amount:
    """Cents (or points, strokes) in the language's format: ``1,40 €`` / ``€1.40``."""

    __slots__ = ("value", "currency", "unit", "sign")

    def __init__(self, value: int, currency: str = "EUR", unit: str = "cent", sign: bool = False) -> None:
        self.value, self.currency, self.unit, self.sign = value, currency, unit, sign

    def render(self, lang: str) -> str:
        from ..money import format_value

        return format_value(self.value, self.unit, self.currency, language_of(lang), sign=self.sign)


class Date:
    """An ISO date (or a timestamp, of which the date is shown): ``30.11.2026`` / ``2026-11-30``."""

    __slots__ = ("iso",)

    def __init__(self, iso: str) -> None:
        self.iso = iso

    def render(self, lang: str) -> str:
        return format_date(self.iso, lang)


def format_date(iso: str, lang: str) -> str:
    """``2026-11-30`` as the language writes it; a timestamp is shown in local time.

    >>> format_date("2026-11-30", "de"), format_date("2026-11-30", "en")
    ('30.11.2026', '2026-11-30')
    """
    day = iso[:10]
    if len(iso) > 10 and local_time(iso) != iso:
        day = local_time(iso)[:10]
    if language_of(lang) == "de" and len(day) == 10 and day[4] == "-" and day[7] == "-":
        return f"{day[8:10]}.{day[5:7]}.{day[0:4]}"
    return day


def local_time(stamp: str) -> str:
    """A stored UTC timestamp (``2026-11-30T21:05:00+00:00`` or ``...Z``) as local
    ``YYYY-MM-DD HH:MM``; text that is no timestamp is returned as it is."""
    from datetime import datetime

    try:
        moment = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return stamp
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M")


def format_time(stamp: str, lang: str) -> str:
    """A stored timestamp as local date and time: ``30.11.2026 21:05`` / ``2026-11-30 21:05``;
    text that is no timestamp is shown as it is.

    >>> format_time("not a time at all, really", "de")
    'not a time at all, really'
    """
    local = local_time(stamp)
    if local == stamp and not re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", stamp):
        return stamp
    return f"{format_date(local[:10], lang)} {local[11:16]}"


def render(value: Any, lang: str) -> str:
    """One parameter as text: messages, lists and amounts in the language, the rest as ``str``."""
    if type(value) is str:
        return value
    if isinstance(value, (Text, Join, Amount, Date)) or hasattr(value, "render"):
        return str(value.render(lang))
    if isinstance(value, (list, tuple)):
        return ", ".join(render(v, lang) for v in value)
    return str(value)


def say(key: str, lang: str, /, **params: Any) -> str:
    """Render a message at once (for text the engine builds in the table's language)."""
    if not params:
        return template(key, lang).format()
    return fill(template(key, lang), lang, {name: render(value, lang) for name, value in params.items()})
