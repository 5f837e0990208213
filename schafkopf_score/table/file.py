"""Writing a table file: a new one with every key spelled out and commented in the table's
language (``render_table``, for ``new``), its ``--tariff`` option (``parse_tariff``), and the
file's players rewritten in place, nothing else changed (``with_players``, for ``seat``)."""

from __future__ import annotations

import re
from typing import Any

from ..errors import IllegalEntry
from ..i18n import Join, Text, say
from ..rules.family import Family
from ..rules.names import check_player_names, currency_problem, hidden_character
from ..rules.registry import FAMILIES
from ..rules.snapshot import CURRENCY_HINT, INT_LIMIT, defaults
from ..text import toml_value
from . import HIDDEN_HINT, SCHEMA, TABLE_NAME_LIMIT, TABLE_PLAYERS_LIMIT, key_line


def _line(key: str, value: Any, doc: str = "") -> str:
    text = f"{key} = {toml_value(value)}"
    return f"{text:<40} # {doc}" if doc else text


def render_table(
    family: Family,
    players: list[str],
    *,
    name: str = "",
    seats: int | None = None,
    preset: str = "official",
    tariff: str | None = None,
    language: str | None = None,
    currency: str | None = None,
    ledger: str = "table.sqlite",
) -> str:
    """The text of a new table file with every key spelled out (the currency the family's
    default unless given; ``ledger`` the file the commented ledger line names)."""
    currency = family.default_currency if currency is None else currency
    if preset not in family.presets:
        raise IllegalEntry(Text("data.not_a_preset", preset=repr(preset), family=family.title_text()),
                           Text("data.presets", presets=list(family.presets)))
    check_player_names(players, lambda msg, hint: IllegalEntry(Text("data.option_problem", option="--players",
                                                                    problem=msg), hint))
    why = currency_problem(currency)
    if why:
        raise IllegalEntry(Text("data.option_problem", option="--currency", problem=why), CURRENCY_HINT)
    if len(name) > TABLE_NAME_LIMIT:
        raise IllegalEntry(Text("data.option_problem", option="--name",
                                problem=Text("data.name_too_long", length=len(name), limit=TABLE_NAME_LIMIT)),
                           Text("data.name_too_long_hint", limit=TABLE_NAME_LIMIT))
    hidden = hidden_character(name)
    if hidden:
        raise IllegalEntry(Text("data.option_problem", option="--name",
                                problem=Text("data.name_hidden", name=repr(name), what=hidden[1], pos=hidden[0])),
                           HIDDEN_HINT)
    if not seats and min(family.default_seats, len(players)) not in family.seat_range:
        # no --seats given: the players listed are the table; say so, not "--seats 2"
        raise IllegalEntry(Text("data.option_players_not_played", count=len(players), family=family.title_text(),
                                counts=Join(family.seat_range, "or")),
                           Text("data.option_players_not_played_hint",
                                choices=Join([n for n in family.seat_range if n < len(players)], "or"))
                           if min(family.seat_range) < len(players)
                           else Text("data.option_players_too_few_hint", least=min(family.seat_range)))
    seats = seats or min(family.default_seats, len(players))
    if seats not in family.seat_range:
        raise IllegalEntry(Text("data.option_seats_not_played", seats=seats, family=family.title_text()),
                           Text("data.choose_one_of", choices=list(family.seat_range)))
    if len(players) < seats:
        raise IllegalEntry(Text("data.option_too_few_players", count=len(players), seats=seats),
                           Text("data.option_too_few_players_hint", seats=seats, count=len(players)))
    most = TABLE_PLAYERS_LIMIT if family.waiting is None else min(TABLE_PLAYERS_LIMIT, seats + family.waiting)
    if len(players) > most:  # as the file would be refused on load (table/__init__.py): never written
        raise IllegalEntry(Text("data.option_problem", option="--players",
                                problem=Text("data.too_many_players", count=len(players), most=most, seats=seats)),
                           Text("data.too_many_players_hint"))
    tar_values, rule_values = defaults(family, seats, preset=preset,
                                       tariff=parse_tariff(tariff, family) if tariff is not None else None)
    lang = language = language or family.default_language  # the comments in the table's language

    def say_(key: str) -> str:
        return say(key, lang)

    out = [
        "# " + say("data.file_header", lang, family=family.title_text()),
        _line("schema", SCHEMA),
        _line("name", name or "Stammtisch"),
        _line("family", family.name, " | ".join(FAMILIES)),
        _line("players", players, say_("data.file_players")),
        _line("seats", seats, say_("data.file_seats")),
        _line("deck", family.default_deck(seats), " | ".join(family.decks)),
        _line("currency", currency),
        _line("language", language, "de | en"),
        f"{'# ledger = ' + toml_value(ledger):<40} # " + say_("data.file_ledger"),
    ]
    if family.unit == "point":
        out.append(_line("point_value", 25, say_("data.file_point_value")))
    if family.tariff_specs:
        out += ["", f"{'[tariff]':<40} # " + say_("data.file_cents") if family.unit == "cent" else "[tariff]"]
    for spec in family.tariff_specs:
        value = tar_values.get(spec.name)
        if value is None:
            out.append(f"{'# ' + spec.name + ' = ...':<40} # {spec.meaning(lang)}")
        else:
            out.append(_line(spec.name, value, spec.meaning(lang)))
    out += ["", "[rules]"]
    for spec in family.rule_specs:
        out.append(_line(spec.name, rule_values[spec.name], spec.meaning(lang)))
    return "\n".join(out) + "\n"


def parse_tariff(text: str, family: Family) -> dict[str, int]:
    """``10/50`` sets the family's two base tariffs; a third number sets the extras."""
    parts = [p.strip() for p in text.replace(",", "/").split("/")]
    if not all(re.fullmatch(r"[0-9]+", p) for p in parts):  # ASCII digits only: not 1_0, not ١٠
        raise IllegalEntry(Text("data.tariff_not_numbers", text=repr(text)), Text("data.tariff_hint"))
    if any(len(p.lstrip("0")) > len(str(INT_LIMIT)) or int(p) > INT_LIMIT for p in parts):
        raise IllegalEntry(Text("data.tariff_too_high", text=repr(text), limit=INT_LIMIT),
                           Text("data.tariff_too_high_hint"))
    nums = [int(p) for p in parts]
    if family.default_tariff is None:
        raise IllegalEntry(Text("data.tariff_not_here", family=family.title_text()), Text("data.tariff_not_here_hint"))
    if not 2 <= len(nums) <= 3 or any(n < 0 for n in nums):
        raise IllegalEntry(Text("data.tariff_count", text=repr(text)), Text("data.tariff_hint"))
    low, high = family.default_tariff
    out = {low: nums[0], high: nums[1]}
    keys = {s.name for s in family.tariff_specs}
    if "hochzeit" in keys:
        out["hochzeit"] = nums[0]
    if len(nums) == 3:
        for k in ("schneider", "schwarz", "laufende"):
            if k in keys:
                out[k] = nums[2]
    return out


# -- the seating in the file ------------------------------------------------------------------

def _array_end(text: str, start: int) -> int:
    """The index just after the ``]`` that closes the TOML array opening at ``text[start]``
    (strings, escapes and comments inside it skipped)."""
    i, depth = start, 0
    while i < len(text):
        ch = text[i]
        if ch == "#":
            i = text.find("\n", i)
            if i < 0:
                break
            continue
        if ch in "\"'":
            triple = text.startswith(ch * 3, i)
            quote = ch * 3 if triple else ch
            i += len(quote)
            while i < len(text) and not text.startswith(quote, i):
                i += 2 if ch == '"' and text[i] == "\\" else 1
            i += len(quote)
            continue
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise ValueError("the players array is not closed")


def with_players(text: str, players: list[str]) -> str:
    """The table file's text with its ``players = [...]`` replaced by ``players`` and nothing
    else changed (comments, other keys, the comment after the list). Raises ``ValueError`` if
    the file's players cannot be found as one array (the caller refuses to rewrite it then).

    >>> with_players('name = "x"\\nplayers = ["A", "B"]  # seating\\nseats = 2\\n', ["A", "C"])
    'name = "x"\\nplayers = ["A", "C"]  # seating\\nseats = 2\\n'
    """
    import tomllib

    line = key_line(text, "", "players")
    if line is None:
        raise ValueError("no players key")
    offset = sum(len(s) for s in text.splitlines(keepends=True)[: line - 1])
    m = re.compile(r"[ \t]*[\"']?players[\"']?[ \t]*=[ \t]*").match(text, offset)
    if m is None or not text.startswith("[", m.end()):
        raise ValueError("players is not an array")
    end = _array_end(text, m.end())
    out = text[: m.end()] + toml_value(list(players)) + text[end:]
    if tomllib.loads(out).get("players") != list(players):
        raise ValueError("the rewritten file does not hold the new players")
    return out
