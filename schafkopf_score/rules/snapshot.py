"""A table's rules snapshot: its values merged (``defaults``) and checked (``checked``).

``defaults`` is the one place where a table's tariffs and house rules are put together: the
values given (a table file's keys, a script's), over a preset's, over the family's defaults for
the number of seats, over each key's declared default. ``checked`` is the one check of a
snapshot's values: the table file's loader calls it on what
the file says (its defaults filled in), the import on each ruleset of an export as stored; each
frames the refusal its own way (the file and the line, or the export). Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import IllegalEntry, InvalidEntry
from ..i18n import Join, Text
from .family import Family
from .keys import KeySpec, ValueProblem
from .model import TableRules
from .names import LANGUAGES, check_player_names, currency_problem
from .registry import find_family

# The largest number any integer key may hold (a tariff: 10 million in cents). Nothing at a card
# table comes near it, and sums of such numbers stay far inside the ledger's 64-bit integers.
INT_LIMIT = 10**9
# the keys of Bock rounds, which only the Bavarian and the Wendish families know
BOCK_KEYS = ("bock_after", "bock_hands", "bock_stack")
CURRENCY_HINT = Text("data.currency_hint")
# the keys every snapshot holds (``currency``, ``language`` and ``point_value`` may be left out:
# ``TableRules.from_dict`` gives them their defaults)
SNAPSHOT_KEYS = ("family", "players", "seats", "deck", "tariff", "rules")


class SnapshotError(InvalidEntry):
    """A snapshot value that is not a table's: ``section`` ("" for the top, ``tariff``,
    ``rules``) and ``key`` say where, ``value`` is what it holds, ``problem`` a sentence whose
    subject is the key (``must be a whole number, not "zwei"``), ``hint`` how to put it right.
    The table loader frames it with the file and the line, the import as a bad export."""

    def __init__(self, section: str, key: str, value: Any, problem: Text, hint: Text | None = None) -> None:
        label = f"[{section}] {key}" if section and key else key
        super().__init__(Text("data.item_problem", item=label, problem=problem) if label else problem, hint)
        self.section = section
        self.key = key
        self.value = value
        self.problem = problem


def defaults(family: Family, seats: int, *, preset: str | None = None, tariff: Mapping[str, Any] | None = None,
             rules: Mapping[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """A table's ``[tariff]`` and ``[rules]`` in force: the values given (first, in their own
    order), then each key left out in the order of the family's key specs, taking the preset's
    value, else (a house rule) the family's default for ``seats``, else the key's declared
    default; a tariff key without one (another key stands for it) is left out.

    >>> tariff, rules = defaults(__import__("schafkopf_score.rules.registry").rules.registry.find_family("wendish"), 3)
    >>> tariff["normal"], rules["games"]
    (10, ['solo', 'jeder'])
    """
    over = family.presets[preset] if preset is not None else {}
    seat_defaults = family.rule_defaults(seats)

    def merged(specs: tuple[KeySpec, ...], given: Mapping[str, Any], preset_values: Mapping[str, Any],
               by_seats: Mapping[str, Any]) -> dict[str, Any]:
        out = dict(given)
        for spec in specs:
            if spec.name in out:
                continue
            if spec.name in preset_values:
                out[spec.name] = preset_values[spec.name]
            elif spec.name in by_seats:
                out[spec.name] = by_seats[spec.name]
            elif spec.default is not None:
                out[spec.name] = spec.default
        return out

    return (merged(family.tariff_specs, tariff or {}, over.get("tariff", {}), {}),
            merged(family.rule_specs, rules or {}, over.get("rules", {}), seat_defaults))


def big(n: int) -> Text | str:
    """A number as a message quotes it (one of thousands of digits by its length)."""
    digits = len(str(abs(n)))
    return str(n) if digits <= 24 else Text("data.big_number", digits=digits)


def number_problem(section: str, spec: KeySpec, value: Any) -> tuple[Text, Text] | None:
    """Why a whole number (or one in a table of numbers such as ``laufende_min``) is beyond
    ``INT_LIMIT`` or the key's own tighter limit, with its hint; None if none is."""
    items = value.items() if isinstance(value, dict) else [("", value)]
    for item, n in items:
        if not isinstance(n, int) or isinstance(n, bool) or -INT_LIMIT <= n <= INT_LIMIT:
            continue
        hint = Text("data.tariff_limit_hint" if section == "tariff" else "data.number_limit_hint", limit=INT_LIMIT)
        if n > 0:
            upper = INT_LIMIT if spec.maximum is None else min(spec.maximum, INT_LIMIT)
            says = Text("data.at_most", limit=upper, value=big(n))
            if upper != INT_LIMIT:  # the key's own limit: the hint names it, not the general one
                hint = Text("data.key_most_hint", limit=upper)
        else:
            lower = -INT_LIMIT if spec.minimum is None else max(spec.minimum, -INT_LIMIT)
            says = Text("data.at_least", limit=lower, value=big(n))
            if lower != -INT_LIMIT:
                hint = Text("data.key_least_hint", limit=lower)
        return (Text("data.item_problem", item=item, problem=says) if item else says), hint
    return None


def checked_family(value: Any) -> Family:
    """The family a snapshot (or a table file) names, or a ``SnapshotError`` for ``family``."""
    if not isinstance(value, str):
        raise SnapshotError("", "family", value, Text("data.must_be_quoted_name"))
    try:
        return find_family(value)
    except IllegalEntry as exc:
        raise SnapshotError("", "family", value, Text("data.not_a_family", family=repr(value)),
                            exc.hint_text) from None


def _unknown(section: str, key: str, value: Any, known: list[str]) -> SnapshotError:
    import difflib

    close = difflib.get_close_matches(key, known, n=1) if isinstance(key, str) else []
    hint = Text("common.did_you_mean_q", name=close[0]) if close else Text("data.known_keys", keys=known)
    return SnapshotError(section, key, value, Text("data.not_a_key"), hint)


def _value(section: str, spec: KeySpec, value: Any, strict: bool = True) -> Any:
    try:
        return spec.check(value, strict=strict)
    except ValueProblem as exc:
        raise SnapshotError(section, spec.name, value, exc.text) from None


def checked(data: Any, *, strict: bool = True) -> TableRules:
    """The snapshot ``data`` says (a ``TableRules.to_dict``), every value checked, in this
    order: the family, the players (a list of names a table can use), the seats the family is
    played by, its deck, the currency, the language, the point value, every tariff (a known key,
    a whole number of cents from 0 to ``INT_LIMIT``) and every house rule (a known key, a value
    its spec allows, in its canonical form). Anything else is a ``SnapshotError``. Keys beyond a
    snapshot's are not looked at; what reaches across keys (``Family.check_table``), and a
    house rule's number beyond ``INT_LIMIT`` that its spec allows (``kasse``), are the table
    file's to refuse (an import takes them, as it always has); so are, with ``strict=False``
    (an export's ruleset), a list that names none or an item twice (``games``, refused in a
    table file only since; rulesets stored before hold them)."""
    if not isinstance(data, Mapping):
        raise SnapshotError("", "", data, Text("data.snapshot_not_a_table", value=repr(data)[:40]))
    for key in SNAPSHOT_KEYS:
        if key not in data:
            raise SnapshotError("", key, None, Text("data.snapshot_key_missing"))
    family = checked_family(data["family"])
    players = data["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise SnapshotError("", "players", players, Text("data.players_list"))
    check_player_names(players, lambda msg, hint: SnapshotError("", "players", players, msg, hint))
    seat_range = family.seat_range
    seats = _value("", KeySpec("seats", family.default_seats, kind="int", minimum=min(seat_range),
                               maximum=max(seat_range)), data["seats"])
    if seats not in seat_range:
        raise SnapshotError("", "seats", seats, Text("data.seats_not_played", seats=seats, family=family.title_text(),
                                                     counts=Join(seat_range, "or")),
                            Text("data.seats_not_played_hint"))
    deck = _value("", KeySpec("deck", None, kind="choice", choices=family.decks), data["deck"])
    currency = _value("", KeySpec("currency", family.default_currency, kind="str"), data.get("currency", "EUR"))
    why = currency_problem(currency)
    if why:
        raise SnapshotError("", "currency", currency, why, CURRENCY_HINT)
    language = _value("", KeySpec("language", "de", kind="choice", choices=LANGUAGES), data.get("language", "de"))
    point_value = _value("", KeySpec("point_value", 0), data.get("point_value", 0))
    sections: dict[str, dict[str, Any]] = {}
    for section, specs in (("tariff", family.tariff_specs), ("rules", family.rule_specs)):
        given = data[section]
        if not isinstance(given, Mapping):
            raise SnapshotError("", section, given, Text("data.must_be_section", section=section))
        by_name = {s.name: s for s in specs}
        out: dict[str, Any] = {}
        for key, value in given.items():
            spec = by_name.get(key)
            if spec is None:
                if section == "rules" and key in BOCK_KEYS:  # RULES §12: Bock is Bavarian and Wendish
                    raise SnapshotError(section, key, value, Text("data.bock_family", family=family.title_text()),
                                        Text("data.remove_key"))
                raise _unknown(section, key, value, list(by_name))
            if section == "tariff":  # money is summed: a tariff stays far inside 64-bit integers
                beyond = number_problem(section, spec, value)
                if beyond:
                    raise SnapshotError(section, key, value, *beyond)
            out[key] = _value(section, spec, value, strict)
        sections[section] = out
    return TableRules(family=family.name, players=tuple(players), seats=seats, deck=deck,
                      tariff=sections["tariff"], rules=sections["rules"], currency=currency, language=language,
                      point_value=point_value)
