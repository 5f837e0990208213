"""Frozen value types of the rules engine: what was typed, the rules in force, what it pays.

Nothing here does I/O. ``GameEntry`` is the entry as the players typed it (names already
resolved to the table's spelling); ``TableRules`` is the snapshot of tariffs and house rules a
game is scored under; ``Outcome`` is what the game pays, and checks its own zero sum.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from ..i18n import Text

UNIT_CENT = "cent"
UNIT_POINT = "point"
UNIT_STROKE = "stroke"


# The kinds of entry option: how it is typed and parsed (declared once, on ``GameEntry``).
NAME = "name"  # one player, by unique prefix
NAMES = "names"  # players, the option repeated
COUNT = "count"  # a whole number, 0 by default
FLAG = "flag"  # present or not
OUTCOME = "outcome"  # --won / --lost / not said
AUGEN = "augen"  # a number, or NAME=N,... (fills ``augen_map``)
SUIT = "suit"  # a suit of the family's deck
TEXT = "text"  # free text


class FieldError(ValueError):
    """A stored entry field of the wrong type or name: ``text`` says which, ``str()`` is the
    English rendering."""

    def __init__(self, text: Text) -> None:
        super().__init__(text.render("en"))
        self.text = text


def option(default: Any, kind: str, *names: str, help: str, words: tuple[str, ...] = ()) -> Any:
    """A ``GameEntry`` field that is an entry option: its kind, its command-line names (the first
    is the one messages use), its help and its words in the short notation (a flag's keywords,
    a count's prefix as in ``l3``, the word before a name as in ``jf Dora``). The CLI options,
    the short notation, the name resolution and the messages are all derived from these."""
    return field(default=default, metadata={"kind": kind, "names": names, "help": help, "words": words})


@dataclass(frozen=True)
class GameEntry:
    """One hand as entered at the table. Every field is optional except ``game``."""

    game: str
    player: str | None = option(None, NAME, "--player", "--spieler", "--picker", help="Declarer (Sheepshead: the picker).")
    partner: str | None = option(None, NAME, "--partner", help="Declarer's partner (holder of the called Sau).")
    augen: int | None = option(None, AUGEN, "--augen", "--points",
                               help="Declaring side's Augen 0-120; Ramsch/leaster: NAME=N,...")
    augen_map: tuple[tuple[str, int], ...] | None = None
    schwarz: bool = option(False, FLAG, "--schwarz", help="The losing side took no trick.", words=("sw", "schwarz"))
    laufende: int = option(0, COUNT, "--laufende", help="Laufende (mit or ohne), as a count.", words=("l",))
    kontra: bool = option(False, FLAG, "--kontra", "--stoss", help="Kontra (doubles).",
                          words=("k", "kontra", "stoß", "stoss"))
    re: bool = option(False, FLAG, "--re", help="Re after Kontra (doubles).", words=("re",))
    sup: bool = option(False, FLAG, "--sup", help="Sup after Re, where the table allows.", words=("sup",))
    hirsch: bool = option(False, FLAG, "--hirsch", help="Hirsch after Sup, where the table allows.", words=("hirsch",))
    legen: int = option(0, COUNT, "--legen", "--klopfen",
                        help="How many players laid (doubled), where the table plays Legen.", words=("g",))
    suit: str | None = option(None, SUIT, "--suit",
                              help="Trump suit: eichel|gras|herz|schellen (French: kreuz|pik|herz|karo).")
    sau: str | None = option(None, SUIT, "--sau", help="Sauspiel: the called Sau, eichel|gras|schellen (optional).")
    tout: bool = option(False, FLAG, "--tout", help="Tout on a solo game; add --won or --lost.", words=("tout",))
    won: bool | None = option(None, OUTCOME, "--won/--lost", help="Won or lost (Tout, Bettel; else the Augen decide).")
    ouvert: bool = option(False, FLAG, "--ouvert", help="Bettel ouvert (doubles).", words=("ouvert",))
    still: bool = option(False, FLAG, "--still", help="Wendish: silent solo of the holder of both black queens.",
                         words=("still",))
    loser: str | None = option(None, NAME, "--loser", help="Ramsch: the loser.")
    jungfrau: tuple[str, ...] = option((), NAMES, "--jungfrau", help="Ramsch: a player who took no trick (repeatable).",
                                       words=("jf", "jungfrau"))
    durchmarsch: str | None = option(None, NAME, "--durchmarsch", help="Ramsch: the player who took every trick.",
                                     words=("dm", "durchmarsch"))
    schieben: int = option(0, COUNT, "--schieben",
                           help="Ramsch: how many players pushed (schieben), where the table plays it; each doubles.",
                           words=("sch",))
    alone: bool = option(False, FLAG, "--alone", help="Sheepshead: the picker plays alone.", words=("allein", "alone"))
    crack: bool = option(False, FLAG, "--crack", help="Sheepshead: an opponent cracked (doubles).", words=("crack",))
    recrack: bool = option(False, FLAG, "--recrack", help="Sheepshead: the picker re-cracked (doubles again).",
                           words=("recrack",))
    blitz: bool = option(False, FLAG, "--blitz",
                         help="Sheepshead: the black or the red queens were shown (blitz, doubles), where the table "
                              "plays it.", words=("blitz",))
    forced: bool = option(False, FLAG, "--forced", help="The game was forced (all passed).", words=("forced",))
    zwang: bool = option(False, FLAG, "--zwang", help="Deutscher: a Zwangsspiel.", words=("zwang",))
    winner: str | None = option(None, NAME, "--winner", help="Leaster: the winner.")
    no_trick: tuple[str, ...] = option((), NAMES, "--no-trick", help="Leaster: a player who took no trick (repeatable).",
                                       words=("nt",))
    sitting_out: tuple[str, ...] = option((), NAMES, "--sitting-out",
                                          help="Who sat out this hand (repeatable), instead of the rotation.",
                                          words=("aus", "out"))
    dealer: str | None = option(None, NAME, "--dealer", help="Who dealt this hand, instead of the rotation.",
                               words=("geber", "dealer"))
    comment: str | None = option(None, TEXT, "--comment", help="A note stored with the game.")
    cards: tuple[tuple[str, str], ...] = ()  # Deutscher lot: (player, card drawn)

    def to_dict(self) -> dict[str, Any]:
        """The fields that differ from their defaults, JSON-ready."""
        out: dict[str, Any] = {}
        for name, default in entry_defaults():
            value = getattr(self, name)
            if value != default:
                if name in ("augen_map", "cards") and value is not None:
                    value = [list(pair) for pair in value]
                elif isinstance(value, tuple):
                    value = list(value)
                out[name] = value
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameEntry:
        """An entry from its stored form; a field of the wrong type is a ``FieldError`` (a stored
        row or an import that says ``"augen": "lots"`` never reaches the engine)."""
        checks = _field_checks()
        kwargs: dict[str, Any] = {}
        for key, value in data.items():
            check = checks.get(key)
            if check is None:
                raise FieldError(Text("engine.field.unknown", key=repr(key)))
            kwargs[key] = check(value, key)
        if cls is not GameEntry:
            return cls(**kwargs)
        # every field checked above: the instance is made from the defaults and the given
        # fields at once (a frozen dataclass's ``__init__`` sets its 34 fields one by one, the
        # better part of a replay's reading of a stored row)
        entry = object.__new__(cls)
        fields_ = entry.__dict__
        fields_.update(_ENTRY_DEFAULT_MAP)
        fields_.update(kwargs)
        fields_["_given"] = frozenset(k for k, v in kwargs.items() if v != _ENTRY_DEFAULT_MAP[k])
        return entry

    def given(self) -> frozenset[str]:
        """The fields that differ from their defaults (worked out once per entry)."""
        cached: frozenset[str] | None = self.__dict__.get("_given")
        if cached is None:
            cached = frozenset(name for name, default in entry_defaults() if getattr(self, name) != default)
            object.__setattr__(self, "_given", cached)  # frozen: a cache, not a change
        return cached

    def names(self) -> list[str]:
        """Every player name the entry mentions."""
        out = [n for n in (self.player, self.partner, self.loser, self.durchmarsch, self.winner) if n]
        out += list(self.jungfrau) + list(self.no_trick)
        if self.augen_map:
            out += [n for n, _ in self.augen_map]
        return out

    def declaring(self) -> tuple[str | None, ...]:
        """The game and who it is about (declarer, Ramsch loser, leaster winner): what an edit
        must not change by accident."""
        return (self.game, self.player, self.loser, self.winner, self.durchmarsch)

    def with_(self, **changes: Any) -> GameEntry:
        return replace(self, **changes)

    def __hash__(self) -> int:
        """The hash of every field, as the dataclass's, worked out once per entry (a replay looks
        each hand up by its entry: ``rules.play``)."""
        cached: int | None = self.__dict__.get("_hash")
        if cached is None:
            cached = hash(_entry_fields(self))
            object.__setattr__(self, "_hash", cached)  # frozen: a cache, not a change
        return cached

    def __getstate__(self) -> dict[str, Any]:
        """What a pickle or a copy keeps: the fields, not the cached hash (a text's hash is this
        process's own: another process salts it otherwise)."""
        state = dict(self.__dict__)
        state.pop("_hash", None)
        return state


# every field's value, in order (the fields the dataclass compares and hashes)
_entry_fields: Callable[[GameEntry], tuple[Any, ...]] = operator.attrgetter(*(f.name for f in fields(GameEntry)))


def _text(value: Any, key: str) -> str:
    if type(value) is not str:
        raise FieldError(Text("engine.field.text", key=key, value=repr(value)))
    return value


def _whole(value: Any, key: str) -> int:
    if type(value) is not int:
        raise FieldError(Text("engine.field.whole", key=key, value=repr(value)))
    return value


def _augen_map(value: Any, key: str) -> Any:
    if value is None:
        return None
    pairs = value.items() if isinstance(value, dict) else value
    return tuple((_text(k, key), _whole(v, key)) for k, v in pairs)


def _cards(value: Any, key: str) -> Any:
    return tuple((_text(k, key), _text(v, key)) for k, v in value)


def _field_checks() -> dict[str, Any]:
    """Per stored entry field, the check that reads its value (computed once: every stored row
    is read through it)."""
    if not _FIELD_CHECKS:
        kinds = _option_kinds()
        for name, _ in entry_defaults():
            if name == "augen_map":
                _FIELD_CHECKS[name] = _augen_map
            elif name == "cards":
                _FIELD_CHECKS[name] = _cards
            elif name == "game":
                _FIELD_CHECKS[name] = _text
            elif kinds.get(name) in (FLAG, COUNT, NAMES):  # never None
                _FIELD_CHECKS[name] = functools.partial(_typed, kinds[name])
            else:
                _FIELD_CHECKS[name] = functools.partial(_optional, kinds[name])
    return _FIELD_CHECKS


def _optional(kind: str, value: Any, key: str) -> Any:
    return None if value is None else _typed(kind, value, key)


_FIELD_CHECKS: dict[str, Any] = {}


def _typed(kind: str, value: Any, key: str) -> Any:
    """A stored option value checked against the option's kind."""
    if kind in (FLAG, OUTCOME):
        if type(value) is not bool:
            raise FieldError(Text("engine.field.bool", key=key, value=repr(value)))
        return value
    if kind in (COUNT, AUGEN):
        return _whole(value, key)
    if kind == NAMES:
        if not isinstance(value, (list, tuple)):
            raise FieldError(Text("engine.field.names", key=key, value=repr(value)))
        return tuple(_text(v, key) for v in value)
    return _text(value, key)


_ENTRY_DEFAULTS: list[tuple[str, Any]] = []
_ENTRY_NAMES: set[str] = set()


@dataclass(frozen=True)
class EntryOption:
    """One entry option as declared on ``GameEntry``."""

    field: str
    kind: str
    names: tuple[str, ...]
    help: str
    default: Any
    words: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        """How messages name it: ``--player``, ``--won/--lost``."""
        return self.names[0]

    def is_default(self, value: Any) -> bool:
        """Whether ``value`` (as typed) says nothing: the option's default, or left out.

        ``False`` for ``--won/--lost`` is a lost game, not "not said".

        >>> opt = next(o for o in entry_options() if o.field == "won")
        >>> opt.is_default(False), opt.is_default(None)
        (False, True)
        """
        if value is None:
            return True
        if self.kind == NAMES:
            return len(value) == 0
        return bool(value == self.default and type(value) is type(self.default))


def entry_options() -> tuple[EntryOption, ...]:
    """Every entry option, in declaration order."""
    if not _ENTRY_OPTIONS:
        _ENTRY_OPTIONS.extend(
            EntryOption(f.name, f.metadata["kind"], tuple(f.metadata["names"]), f.metadata["help"], f.default,
                        tuple(f.metadata["words"]))
            for f in fields(GameEntry) if "kind" in f.metadata
        )
    return tuple(_ENTRY_OPTIONS)


_ENTRY_OPTIONS: list[EntryOption] = []
_OPTION_KINDS: dict[str, str] = {}


def _option_kinds() -> dict[str, str]:
    """Each option's kind by field, computed once (every stored row is read through it)."""
    if not _OPTION_KINDS:
        _OPTION_KINDS.update((opt.field, opt.kind) for opt in entry_options())
    return _OPTION_KINDS


def entry_names() -> set[str]:
    """The names of every ``GameEntry`` field (what a stored entry may hold)."""
    entry_defaults()
    return _ENTRY_NAMES


def entry_defaults() -> list[tuple[str, Any]]:
    """``(field name, default)`` of every ``GameEntry`` field, computed once (hot in replays)."""
    if not _ENTRY_DEFAULTS:
        _ENTRY_DEFAULTS.extend((f.name, f.default) for f in fields(GameEntry))
        _ENTRY_NAMES.update(name for name, _ in _ENTRY_DEFAULTS)
        _ENTRY_DEFAULT_MAP.update(_ENTRY_DEFAULTS)
    return _ENTRY_DEFAULTS


_ENTRY_DEFAULT_MAP: dict[str, Any] = {}


@dataclass(frozen=True)
class TableRules:
    """The snapshot of a table that a game is scored under (stored with every game)."""

    family: str
    players: tuple[str, ...]
    seats: int
    deck: str
    tariff: Mapping[str, int]
    rules: Mapping[str, Any]
    currency: str = "EUR"
    language: str = "de"
    point_value: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "family": self.family,
            "players": list(self.players),
            "seats": self.seats,
            "deck": self.deck,
            "tariff": dict(self.tariff),
            "rules": dict(self.rules),
            "currency": self.currency,
            "language": self.language,
            "point_value": self.point_value,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableRules:
        return cls(
            family=data["family"],
            players=tuple(data["players"]),
            seats=int(data["seats"]),
            deck=data["deck"],
            tariff=dict(data["tariff"]),
            rules=dict(data["rules"]),
            currency=data.get("currency", "EUR"),
            language=data.get("language", "de"),
            point_value=int(data.get("point_value", 0)),
        )


@dataclass(frozen=True)
class HandState:
    """What the table stands at before a hand: derived by replaying the session, never stored.

    ``own`` is the family's own state (the Bavarian Stock, Sheepshead doublers, the
    Deutscher pairs drawn, Wendish solos played): each family declares and reads its own."""

    hand: int = 1  # 1-based number of the hand about to be played
    dealer: str | None = None
    own: Any = None


@dataclass(frozen=True)
class Seating:
    """Who deals and who plays this hand."""

    dealer: str
    active: tuple[str, ...]
    sitting_out: tuple[str, ...]


@dataclass(frozen=True)
class Outcome:
    """What one hand pays: a payout per active player, the Stock change and the explanation.

    For cents and points the payouts plus the Stock change sum to zero; strokes (Deutscher
    Schafskopf) are only ever booked to the winners and are never negative.
    """

    game: str
    unit: str
    payouts: tuple[tuple[str, int], ...]
    stock: int = 0
    value: int = 0
    won: bool | None = None
    declarers: tuple[str, ...] = ()
    # the explanation, or how to word it: a replay that only checks the amounts (``check``, an
    # import, a season's sheet) never words the hands it does not show
    said: str | Callable[[], str] = field(default="", repr=False, compare=False)
    extra: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        total = sum(v for _, v in self.payouts) + self.stock
        if self.unit in (UNIT_CENT, UNIT_POINT) and total != 0:
            raise AssertionError(f"payouts of {self.game} sum to {total}, not zero: {self.payouts}")
        if self.unit == UNIT_STROKE and any(v < 0 for _, v in self.payouts):
            raise AssertionError(f"negative strokes in {self.game}: {self.payouts}")

    @property
    def explanation(self) -> str:
        """The hand's explanation in the table's language (worded once, when first asked)."""
        said = self.said
        if not isinstance(said, str):
            said = said()
            object.__setattr__(self, "said", said)  # frozen: a cache, not a change
        return said

    def payout_map(self) -> dict[str, int]:
        return dict(self.payouts)
