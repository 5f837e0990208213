"""The table-file keys and each family's tables (games, tariffs, house rules, presets), from the
key specs (``rules/keys.py``, each family's ``HouseRules`` and tariff keys, ``table.py``,
``table/tournament.py``) and the catalogue's words."""

from __future__ import annotations

from typing import Any

from ..rules.registry import REGISTRY, TOURNAMENT_FAMILY
from .common import REGENERATE, _cell


def _toml(value: Any) -> str:
    from ..text import toml_value

    if value is None:
        return "(left out)"
    if value == [] or value == ():
        return "`[]`"
    return f"`{toml_value(value)}`"


def _values(spec: Any) -> str:
    kind = spec.kind
    if kind == "bool":
        return "`true`, `false`"
    if kind in ("choice", "choice_list"):
        text = ", ".join(f"`{c}`" for c in spec.choices)
        return text + (" or a list of them that combine" if kind == "choice_list" else "")
    if kind == "int_or_choice":
        return ", ".join(f"`{c}`" for c in spec.choices) + f" or a number {_range(spec)}"
    if kind == "list":
        return "a list of " + ", ".join(f"`{c}`" for c in spec.item_names)
    if kind == "table":
        return "per game: " + ", ".join(f"`{c}`" for c in spec.item_names)
    if kind == "str":
        return "text"
    return "a whole number " + _range(spec)


def _range(spec: Any) -> str:
    from ..rules.snapshot import INT_LIMIT

    low = spec.minimum if spec.minimum is not None else "-"
    high = spec.maximum if spec.maximum is not None else f"{INT_LIMIT:,}".replace(",", " ")
    return f"{low} to {high}"


def key_table(specs: Any, lang: str = "en", german: bool = True) -> str:
    """A Markdown table of key specs: key, default, values, meaning (English and German)."""
    head = "| key | default | values | meaning |" + (" Bedeutung |" if german else "")
    rule = "|---|---|---|---|" + ("---|" if german else "")
    rows = [head, rule]
    for spec in specs:
        row = f"| `{spec.name}` | {_toml(spec.default)} | {_cell(_values(spec))} | {_cell(spec.meaning(lang))} |"
        if german:
            row += f" {_cell(spec.meaning('de'))} |"
        rows.append(row)
    return "\n".join(rows) + "\n"


def tariff_table(family: Any) -> str:
    unit = {"cent": "cents", "point": "points", "stroke": "cents"}[family.unit]
    rows = [f"| key | default ({unit}) | meaning | Bedeutung |", "|---|---|---|---|"]
    for spec in family.tariff_specs:
        rows.append(f"| `{spec.name}` | {_toml(spec.default)} | {_cell(spec.meaning('en'))} | "
                    f"{_cell(spec.meaning('de'))} |")
    return "\n".join(rows) + "\n"


def games_table(family: Any) -> str:
    """A family's games: names and aliases, their words in both languages, the tariff key, the
    trump count (long / short deck), where Laufende start, and the entry options each takes
    (besides ``--sitting-out``, ``--dealer`` and ``--comment``, which every game takes)."""
    from ..rules.model import entry_options

    label = {o.field: o.names[0] for o in entry_options()}
    label["augen_map"] = "--augen NAME=N,..."
    laufende = any(game.laufende_min for game in family.games)  # a family that counts Laufende
    head = "| game | aliases | English | Deutsch | tariff | " + ("trumps | Laufende from | " if laufende else "")
    rows = [head + "options |", "|---|---|---|---|---|" + ("---|---|" if laufende else "") + "---|"]
    for game in family.games:
        aliases = ", ".join(f"`{a}`" for a in game.aliases) or "-"
        tariff = f"`{game.tariff}`" if game.tariff else "-"
        order = list(label)
        allowed = sorted(game.allowed, key=lambda o: order.index(o) if o in order else len(order))
        options = ", ".join(f"`{label[o]}`" for o in allowed if o in label) or "-"
        words = family.game_text(game.name)
        row = f"| `{game.name}` | {aliases} | {words.render('en')} | {words.render('de')} | {tariff} | "
        if laufende:
            trumps = f"{game.trumps[0]} / {game.trumps[1]}" if any(game.trumps) else "-"
            row += f"{trumps} | {game.laufende_min or '-'} | "
        rows.append(row + options + " |")
    return "\n".join(rows) + "\n"


def presets_table(family: Any) -> str:
    from ..text import toml_value

    rows = ["| preset | differs from the defaults |", "|---|---|"]
    for name, over in family.presets.items():
        parts = [f"`[{section}] {key} = {toml_value(value)}`" for section, values in over.items()
                 for key, value in values.items()]
        rows.append(f"| `{name}` | {', '.join(parts) or 'nothing: the defaults above'} |")
    seat_rows = []
    for seats in family.seat_range:
        changed = family.rule_defaults(seats)
        deck = family.default_deck(seats)
        more = "".join(f", `{k} = {toml_value(v)}`" for k, v in changed.items())
        seat_rows.append(f"| {seats} | `{deck}`{more} |")
    rows += ["", "| `seats` | defaults (deck and rules) |", "|---|---|", *seat_rows]
    rows += ["", f"Default seats: {family.default_seats}; language: `{family.default_language}`; decks: "
             + ", ".join(f"`{d}`" for d in family.decks) + f"; unit: `{family.unit}`."]
    return "\n".join(rows) + "\n"


TOP_MEANING = {
    "schema": "the table file's format version",
    "name": "the table's name (default: the file's name)",
    "family": ", ".join(list(REGISTRY)[:-1]) + f" or {list(REGISTRY)[-1]} (aliases such as `bayerisch` work)",
    "players": "the players in seating order, clockwise; the first deals first",
    "seats": "how many play one game; more at the table sit out in turn",
    "deck": "the deck: `long`, `short` (`short20` for Dreiwendsch)",
    "currency": "three capital letters (`EUR`) or a short sign (`€`, `Fr.`)",
    "language": "every word printed for the table: `de` or `en`",
    "ledger": "the ledger: a path (default: beside this file, same name, `.sqlite`) or `postgresql://...`",
    "kind": "`table`, or `tournament` for a Preisschafkopf",
    "point_value": "Sheepshead: cents per point at settlement (0: points only)",
}
TOP_DEFAULT = {
    "schema": "`1`", "name": "the file's name", "family": "(required)", "players": "(required)",
    "seats": "the family's (4; Sheepshead 5)", "deck": "`long` (3 seats: `short`)", "currency": '`"EUR"`',
    "language": "the family's (`de`; Sheepshead `en`)", "ledger": "beside the file", "kind": '`"table"`',
    "point_value": "`25` (Sheepshead only)",
}
TOURNAMENT_MEANING = {
    "rounds": "how many rounds",
    "games_per_round": "games a table of four plays in a round",
    "games_per_round_five": "games a table of five plays (default: as many as give everyone the same hands)",
    "draw": "how rounds after the first are drawn",
    "seed": "the lot's seed (default: drawn once at round 1, stored, shown)",
    "players_file": "the registered players, one name a line, instead of `players`",
}


def table_file_page() -> str:
    from ..rules.registry import FAMILIES
    from ..table import TOP_KEYS
    from ..table import tournament as settings

    lines = [
        "# The table file: every key",
        "",
        "Generated from the key declarations (`schafkopf_score/rules/keys.py`, each family's `HouseRules` and",
        "tariff keys, `schafkopf_score/table/__init__.py`, `schafkopf_score/table/tournament.py`) and the message",
        f"catalogue's words by `{REGENERATE}`; do not edit. `schafkopf new` writes every key with its",
        "comment; a key left out takes its default; an unknown key, a wrong type or a value out of range is an",
        "error naming the file, the line and the key. Every whole number is at most 10^9.",
        "",
        "## Top level",
        "",
        "| key | default | meaning |",
        "|---|---|---|",
    ]
    for key in (*TOP_KEYS, "point_value"):
        lines.append(f"| `{key}` | {TOP_DEFAULT.get(key, '')} | {TOP_MEANING.get(key, '')} |")
    for name, family in FAMILIES.items():
        lines += ["", f"## {family.title_in('en')} (`family = \"{name}\"`)", ""]
        if family.tariff_specs:
            lines += ["### `[tariff]`", "", tariff_table(family).rstrip(), ""]
        lines += ["### `[rules]`", "", key_table(family.rule_specs).rstrip()]
    # read defensively: a key added to the tournament's file shows up with what is known of it
    made = getattr(settings, "TournamentSettings", None)
    defaults = made() if made is not None else None
    lines += ["", "## Tournament (`kind = \"tournament\"`, Bavarian)", "", "### `[tournament]`", "",
              "| key | default | meaning |", "|---|---|---|"]
    for key in getattr(settings, "TOURNAMENT_KEYS", ()):
        default = getattr(defaults, key, None)
        shown = ("(see meaning)" if key == "games_per_round_five" else '`""`' if default == ""
                 else _toml(default) if default is not None else "(see the guide)")
        meaning = TOURNAMENT_MEANING.get(key, "see [the tournament guide](../guide/tournament.md)")
        if key == "draw":
            meaning += ": " + ", ".join(f"`{d}`" for d in getattr(settings, "DRAWS", ()))
        lines.append(f"| `{key}` | {shown} | {meaning} |")
    presets = ", ".join(f"`{p}`" for p in getattr(settings, "POINT_PRESETS", ()))
    lines += ["", "### `[points]` (in place of `[tariff]`)", "", "| key | default (points) |", "|---|---|",
              f"| `preset` | `\"plus-minus\"` ({presets}) |"]
    points = FAMILIES[TOURNAMENT_FAMILY].tournament_points
    for key in FAMILIES[TOURNAMENT_FAMILY].tournament_point_keys:
        if key in points:
            shown = _toml(points[key])
        elif key == "hochzeit":
            shown = "as sauspiel"
        elif key in ("wenz", "geier", "farbwenz", "farbgeier"):
            shown = "as solo"
        else:
            shown = "see [the tournament guide](../guide/tournament.md)"
        lines.append(f"| `{key}` | {shown} |")
    return "\n".join(lines) + "\n"


def family_block(kind: str, name: str) -> str:
    from ..rules.registry import FAMILIES

    family = FAMILIES[name]
    if kind == "tariff":
        return tariff_table(family) if family.tariff_specs else "This family has no `[tariff]`.\n"
    if kind == "rules":
        return key_table(family.rule_specs)
    if kind == "games":
        return games_table(family)
    if kind == "presets":
        return presets_table(family)
    raise KeyError(kind)


# A transcript: commands run in a fresh folder (a copy of ``examples/`` in it), each shown as typed
# after ``$`` with what it printed (stdout and stderr), whatever its exit status; a line that is
# not a ``schafkopf`` command is run by bash (an edit of the table file) and shown without output.
