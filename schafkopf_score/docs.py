"""The generated parts of the documentation, made from the code: ``python -m schafkopf_score.docs``.

Nothing the docs say about a command, an option, a table-file key, a default or a ``--json``
shape is written by hand: this module makes it from the program itself.

- Whole pages: ``docs/reference/commands.md`` (every command's ``--help``, rendered in-process
  at a fixed width), ``docs/reference/table-file.md`` (every key with its default and meaning,
  from the key specs and the catalogue), ``docs/reference/json.md`` (the ``--json`` shapes and
  the JSON export, each from a real run of the commands shown on a fresh table),
  ``docs/schafkopf.1`` (the man page, from the same help texts) and ``docs/cheatsheet.html``
  (``docs/cheatsheet.md`` with a print stylesheet for A4).
- Marked blocks inside hand-written pages (README.md and docs/**/*.md): the text between
  ``<!-- BEGIN generated NAME ... -->`` and ``<!-- END generated NAME -->`` is made by the block
  generator ``NAME`` (a family's tariff and house-rule tables, the README's command list).

``python -m schafkopf_score.docs`` writes every page; ``--check`` writes nothing and lists the
pages that differ (exit 1). ``tests/test_docs.py`` fails on a stale page and names this command.
The CLI never imports this module, so it costs a one-shot command nothing.
"""

from __future__ import annotations

import functools
import html
import json
import re
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
REGENERATE = "python -m schafkopf_score.docs"
WIDTH = 80  # the help texts are rendered at this width, whatever the terminal
MAN_WIDTH = 70  # man indents a section's text: the help texts a little narrower there
FAMILY_PAGES = ("bavarian", "wendish", "deutscher", "sheepshead")
MARK = re.compile(r"(<!-- BEGIN generated ([\w-]+)[^>]*-->\n)(.*?)(<!-- END generated \2 -->)", re.S)


# -- the command tree ------------------------------------------------------------------------------

def command_tree(width: int = WIDTH) -> list[tuple[list[str], Any, Any]]:
    """Every command as ``(path, click command, click context)``, the group first, depth first,
    in the order ``--help`` lists them; the contexts carry the fixed width."""
    from typer._click import core

    from .cli.app import app

    root = app.click_command()
    out: list[tuple[list[str], Any, Any]] = []

    def walk(cmd: Any, path: list[str], parent: Any) -> None:
        ctx = core.Context(cmd, info_name=path[-1], parent=parent, terminal_width=width, max_content_width=width)
        out.append((path, cmd, ctx))
        for name, sub in getattr(cmd, "commands", {}).items():
            if not getattr(sub, "hidden", False):
                walk(sub, [*path, name], ctx)

    walk(root, ["schafkopf"], None)
    return out


def help_text(cmd: Any, ctx: Any) -> str:
    """A command's ``--help`` as the program prints it at ``WIDTH`` columns."""
    return str(cmd.get_help(ctx)).rstrip() + "\n"


def options_of(cmd: Any) -> list[str]:
    """Every option spelling and argument name of a command (``--player``, ``--spieler``, ``GAME``)."""
    names: list[str] = []
    for param in cmd.params:
        if getattr(param, "param_type_name", "") == "argument":
            names.append(param.human_readable_name)
        else:
            names += [o for o in [*param.opts, *param.secondary_opts] if o.startswith("-")]
    return names


def anchor(title: str) -> str:
    """The anchor GitHub gives a heading: ``schafkopf tournament draw`` -> ``schafkopf-tournament-draw``."""
    slug = re.sub(r"[^\w\- ]", "", title.strip().lower())
    return slug.replace(" ", "-")


def summary(cmd: Any) -> str:
    """The first sentence of a command's help."""
    text = (cmd.help or "").split("\n\n")[0].replace("\n", " ").strip()
    return text


def commands_page() -> str:
    tree = command_tree()
    lines = [
        "# Command reference",
        "",
        f"Generated from the program's own `--help` ({WIDTH} columns) by `{REGENERATE}`; do not edit.",
        "Every command also takes the global `--table PATH` (before or after the command) and `--help`.",
        "",
        "| command | does |",
        "|---|---|",
    ]
    for path, cmd, _ in tree[1:]:
        title = " ".join(path)
        lines.append(f"| [`{title}`](#{anchor(title)}) | {_cell(summary(cmd))} |")
    for path, cmd, ctx in tree:
        title = " ".join(path)
        lines += ["", f"## {title}", "", "```text", help_text(cmd, ctx).rstrip(), "```"]
    return "\n".join(lines) + "\n"


def readme_commands() -> str:
    """The README's command list: one line a command, linking into the reference."""
    tree = command_tree()
    out = []
    for path, cmd, _ in tree[1:]:
        if len(path) > 2:
            continue
        title = " ".join(path)
        out.append(f"- [`{title}`](docs/reference/commands.md#{anchor(title)}): {summary(cmd)}")
    return "\n".join(out) + "\n"


# -- the man page ----------------------------------------------------------------------------------

def _roff(text: str) -> str:
    lines = []
    for line in text.replace("\\", "\\e").replace("-", "\\-").splitlines():
        lines.append("\\&" + line if line.startswith((".", "'")) else line)
    return "\n".join(lines)


def man_page() -> str:
    from . import __version__

    tree = command_tree(MAN_WIDTH)
    root_cmd = tree[0][1]
    out = [
        f'.TH SCHAFKOPF 1 "" "schafkopf-score {__version__}" "User Commands"',
        ".SH NAME",
        "schafkopf \\- " + _roff(summary(root_cmd).rstrip(".")),
        ".SH SYNOPSIS",
        ".B schafkopf",
        "[\\fB\\-\\-table\\fR \\fIPATH\\fR] \\fICOMMAND\\fR [\\fIARGS\\fR]...",
        ".SH DESCRIPTION",
        "After every game someone types the result; the program checks it against the table's rules,",
        "computes what everyone wins or pays, keeps the running sheet in a ledger (SQLite beside the",
        "table file, or PostgreSQL) and at the end of the evening settles the money with the fewest",
        "transfers. The table file comes from \\fB\\-\\-table\\fR, else \\fBSCHAFKOPF_TABLE\\fR, else",
        "\\fIschafkopf.toml\\fR in the current folder. A wrong entry is answered with what is wrong and",
        "how to fix it, exit status 2, and nothing written.",
        ".SH COMMANDS",
    ]
    for path, cmd, ctx in tree:
        out += [f'.SS "{" ".join(path)}"', ".nf", _roff(help_text(cmd, ctx).rstrip()), ".fi"]
    out += [
        ".SH ENVIRONMENT",
        ".TP", ".B SCHAFKOPF_TABLE", "The table file, where \\fB\\-\\-table\\fR is not given.",
        ".TP", ".B SCHAFKOPF_BUSY_TIMEOUT",
        "Seconds a write waits for a ledger another process holds (default 30).",
        ".SH FILES",
        ".TP", ".I schafkopf.toml", "The table file used when none is named.",
        ".TP", ".I NAME.sqlite", "The ledger beside the table file NAME.toml (unless its \\fBledger\\fR key says otherwise).",
        ".SH EXIT STATUS",
        "0 when the command did its work; 2 for a refused entry or a file that cannot be used (nothing",
        "written); 1 from \\fBcheck\\fR when it found a problem.",
        ".SH SEE ALSO",
        "The guide and the reference in the repository's \\fIdocs/\\fR folder.",
    ]
    return "\n".join(out) + "\n"


# -- the table file --------------------------------------------------------------------------------

def _toml(value: Any) -> str:
    from .table import toml_value

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
    from .table import INT_LIMIT

    low = spec.minimum if spec.minimum is not None else "-"
    high = spec.maximum if spec.maximum is not None else f"{INT_LIMIT:,}".replace(",", " ")
    return f"{low} to {high}"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


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
    from .rules.model import entry_options

    label = {o.field: o.names[0] for o in entry_options()}
    label["augen_map"] = "--augen NAME=N,..."
    laufende = family.name == "bavarian"
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
    from .table import toml_value

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
    "family": "bavarian, wendish, deutscher or sheepshead (aliases such as `bayerisch` work)",
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
    from .rules.registry import FAMILIES
    from .table import TOP_KEYS
    from .tournament import settings

    lines = [
        "# The table file: every key",
        "",
        "Generated from the key declarations (`schafkopf_score/rules/keys.py`, each family's `HouseRules` and",
        "tariff keys, `schafkopf_score/table.py`, `schafkopf_score/tournament/settings.py`) and the message",
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
    points = getattr(settings, "POINTS", {})
    for key in getattr(settings, "POINT_KEYS", ()):
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
    from .rules.registry import FAMILIES

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
TRANSCRIPTS: dict[str, list[str]] = {
    "refusal": [
        "schafkopf new stammtisch.toml --family bavarian --players Anna,Ben,Cora,Dora",
        "schafkopf --table stammtisch.toml add wenz --player Anna --augen 70 --laufende 5",
    ],
    "example-settle": ["schafkopf --table examples/stammtisch.toml settle"],
    "unknown-key": [
        "schafkopf new stammtisch.toml --family bavarian --players Anna,Ben,Cora,Dora --language en",
        "sed -i 's/^legen = /legn = /' stammtisch.toml",
        "schafkopf --table stammtisch.toml rules --check",
    ],
    "bavarian-calc": [
        "schafkopf new t.toml --family bavarian --players Anna,Ben,Cora,Dora --preset wirtshaus --tariff 10/20",
        "schafkopf calc solo --player Anna --suit herz --augen 105 --laufende 4 --legen 1",
    ],
    "languages": [
        "schafkopf new de.toml --family bavarian --players Anna,Ben,Cora,Dora",
        "schafkopf --table de.toml calc sau an be 95 l3 k",
        "schafkopf --table de.toml calc sau an be 95 l3 kontr",
        "schafkopf new en.toml --family bavarian --players Anna,Ben,Cora,Dora --language en",
        "schafkopf --table en.toml calc sau an be 95 l3 k",
        "schafkopf --table en.toml calc sau an be 95 l3 kontr",
    ],
    "players": [
        "schafkopf new runde.toml --family bavarian --players Anna,Ben,Cora,Dora --language en",
        "schafkopf add sau an be 72",
        "schafkopf add wenz co 80",
        "schafkopf player add Maxi --after Ben",
        "schafkopf add sau an be 72",
        "schafkopf player leave Cora",
        "schafkopf settle --player Cora",
        "schafkopf player rename Ben Benedikt",
        "schafkopf player list",
    ],
    "reopen": [
        "schafkopf new abend.toml --family bavarian --players Anna,Ben,Cora,Dora --language en",
        "schafkopf add sau an be 61",
        "schafkopf settle --close",
        "schafkopf settle --reopen 1 --reason \"hand 1 was Anna's Solo\"",
        "schafkopf edit 1 solo --player Anna --suit eichel --augen 70 --yes",
        "schafkopf settle --close",
    ],
}


def transcript(name: str) -> str:
    """A transcript's block: ``$ command`` and its output, for each command (the first, a
    ``new``, is run but not shown where later commands name its table by SCHAFKOPF_TABLE)."""
    import os
    import shlex
    import shutil

    from typer.testing import CliRunner

    from .cli.app import app

    runner = CliRunner()
    out = ["```text"]
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as folder:
        shutil.copytree(ROOT / "examples", Path(folder) / "examples")
        os.chdir(folder)
        try:
            env: dict[str, str | None] = {"COLUMNS": str(WIDTH), "SCHAFKOPF_TABLE": None}
            for i, line in enumerate(TRANSCRIPTS[name]):
                words = shlex.split(line)
                if words[0] != "schafkopf":  # a step of the shell (an edit of the file): shown, run
                    import subprocess

                    subprocess.run(["bash", "-c", line], cwd=folder, check=True)
                    out.append(f"$ {line}")
                    continue
                r = runner.invoke(app, words[1:], env=env)
                if words[1] == "new" and i == 0 and "--table" not in TRANSCRIPTS[name][1]:
                    env["SCHAFKOPF_TABLE"] = words[2]  # the later commands use this table
                    continue
                if words[1] == "new" and i == 0:
                    continue
                out += [f"$ {line}", r.output.rstrip("\n")]
        finally:
            os.chdir(here)
    return "\n".join(out + ["```"]) + "\n"


def blocks() -> dict[str, Callable[[], str]]:
    """Every named block a hand-written page may hold, and what makes it."""
    made: dict[str, Callable[[], str]] = {"readme-commands": readme_commands}
    for name in TRANSCRIPTS:
        made[f"transcript-{name}"] = functools.partial(transcript, name)
    for name in FAMILY_PAGES:
        for kind in ("tariff", "rules", "games", "presets"):
            made[f"{name}-{kind}"] = functools.partial(family_block, kind, name)
    return made


# -- the machine contract: --json and the export, from a real run -----------------------------------

JSON_STEPS: list[tuple[str, str, list[str]]] = [
    ("calc", "`calc --json`: a game priced, nothing recorded",
     ["calc", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "95", "--laufende", "3", "--json"]),
    ("add", "`add --json`: the same object, and the hand, the session, the balances so far",
     ["add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "95", "--laufende", "3", "--json"]),
    ("add-solo", "", ["add", "wenz", "--player", "Cora", "--augen", "70", "--json"]),
    ("sheet", "`sheet --json`", ["sheet", "--json"]),
    ("standings", "`standings --json`", ["standings", "--json"]),
    ("settle", "`settle --json`", ["settle", "--json"]),
    ("stats", "`stats --json`", ["stats", "--json"]),
    ("check", "`check --json`", ["check", "--json"]),
    ("player", "`player list --json`", ["player", "list", "--json"]),
    ("close", "`settle --close --round 50 --json`: the closing as stored",
     ["settle", "--close", "--round", "50", "--json"]),
    ("export", "`export --format json`: the JSON export that `import` reads back", ["export", "--format", "json"]),
]
_STAMP = re.compile(r"\d{4}-\d\d-\d\d([T ]\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d:\d\d|Z)?)?")


def _normal(text: str, folder: str) -> str:
    """A run's output made repeatable: dates and times as one fixed moment, the folder as ``.``."""
    text = text.replace(folder + "/", "").replace(folder, ".")

    def stamp(m: re.Match[str]) -> str:
        return "2026-11-30" + ("T19:00:00+00:00" if m.group(1) else "")

    return _STAMP.sub(stamp, text)


def pretty(value: Any, indent: int = 0, lead: int = 0) -> str:
    """JSON as a reader takes it in: a value on one line where it fits in ``WIDTH`` columns
    (``lead``: what stands before it on its line), else one member a line."""
    flat = json.dumps(value, ensure_ascii=False)
    if len(flat) + indent + lead <= WIDTH or not isinstance(value, (dict, list)) or not value:
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        parts = []
        for k, v in value.items():
            key = json.dumps(k, ensure_ascii=False) + ": "
            parts.append(pad + key + pretty(v, indent + 2, len(key)))
        return "{\n" + ",\n".join(parts) + "\n" + " " * indent + "}"
    return "[\n" + ",\n".join(pad + pretty(v, indent + 2) for v in value) + "\n" + " " * indent + "]"


def json_runs() -> Iterator[tuple[str, str, list[str], str]]:
    """Each step of ``JSON_STEPS`` run on a fresh table: ``(id, title, argv, output)``."""
    from typer.testing import CliRunner

    from .cli.app import app

    runner = CliRunner()
    with tempfile.TemporaryDirectory() as folder:
        table = str(Path(folder) / "abend.toml")
        r = runner.invoke(app, ["new", table, "--family", "bavarian", "--players", "Anna,Ben,Cora,Dora",
                                "--language", "en"])
        if r.exit_code != 0:
            raise RuntimeError(r.output)
        for step, title, argv in JSON_STEPS:
            r = runner.invoke(app, ["--table", table, *argv], env={"COLUMNS": str(WIDTH), "SCHAFKOPF_TABLE": None})
            if r.exit_code != 0:
                raise RuntimeError(f"{argv}: {r.output}")
            out = r.stdout
            parsed = json.loads(out)
            yield step, title, argv, _normal(pretty(parsed), folder)


EXPORT_NOTES = [
    "The export is the whole ledger of the session (`--session N`) or of every session (`--all`):",
    "`format` and `version` name it; `table` is the table file as it is now; `rulesets` holds each",
    "distinct rules snapshot once, and every game names its own by `ruleset`; each session has its",
    "`closing` (`null` while it is open; else the balances, and under `bookings` what the close booked",
    "and the settlement as paid) and its `games`, each with the entry as stored (`entry`) and as typed",
    "(`typed`), its payouts, the Stock's change and the outcome, its `void` (`null`, or why and when)",
    "and its `restatements`; a correction is a new game whose `replaces` names the old one, which",
    "stays. Early payouts (`payments`) and seating changes (`seating_changes`) appear where there",
    "are any. `import` replays every game under its own ruleset and refuses the whole file unless",
    "each gives what the export says.",
    "",
]


def json_page() -> str:
    lines = [
        "# The machine contract: `--json` and the JSON export",
        "",
        "What stays the same in both languages and from release to release: the `--json` objects, game",
        "ids, option names, table-file keys, the `csv` export and the JSON export. Amounts are integer",
        "`unit`s (`cent`, `point` or `stroke`); the players' payouts plus `stock` sum to zero.",
        "",
        f"Generated by `{REGENERATE}` from a real run of the commands below on a fresh table (dates and",
        "times shown as one fixed moment); `tests/test_docs.py` runs them again and fails when an answer",
        "differs. The commands, in order, on a fresh folder:",
        "",
        "```sh",
        "schafkopf new abend.toml --family bavarian --players Anna,Ben,Cora,Dora --language en",
        "export SCHAFKOPF_TABLE=abend.toml",
    ]
    runs = list(json_runs())
    lines += [f"schafkopf {' '.join(argv)}" for _, _, argv, _ in runs]
    lines += ["```"]
    for step, title, argv, out in runs:
        if not title:
            title = f"`schafkopf {' '.join(argv[:2])} ...`"
        lines += ["", f"## {title}" if step != "add-solo" else f"### `schafkopf {' '.join(argv)}`", ""]
        if step == "add-solo":
            lines += ["A solo game on the same table:", ""]
        elif step == "export":
            lines += EXPORT_NOTES + [f"`schafkopf {' '.join(argv)}`:", ""]
        else:
            lines += [f"`schafkopf {' '.join(argv)}`:", ""]
        lines += ["```json", out, "```"]
    return "\n".join(lines) + "\n"


# -- the cheatsheet as HTML for print ----------------------------------------------------------------

CHEATSHEET_CSS = """\
@page { size: A4; margin: 10mm; }
body { font: 9.5pt/1.25 system-ui, sans-serif; color: #000; background: #fff; max-width: 190mm; margin: auto; }
h1 { font-size: 14pt; margin: 0 0 3pt; } h2 { font-size: 11pt; margin: 6pt 0 2pt; }
table { border-collapse: collapse; width: 100%; margin: 0 0 3pt; }
th, td { border: 0.5pt solid #555; padding: 1pt 3pt; text-align: left; vertical-align: top; }
code { font: 8.5pt ui-monospace, monospace; } p, ul { margin: 2pt 0 3pt; }
@media print { body { max-width: none; } a { color: #000; text-decoration: none; } table, tr { break-inside: avoid; } }
"""


def _inline(text: str) -> str:
    out = []
    for i, part in enumerate(re.split(r"`([^`]*)`", text)):
        if i % 2:
            out.append(f"<code>{html.escape(part)}</code>")
        else:
            part = html.escape(part)
            part = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", part)
            part = re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", part)
            out.append(part)
    return "".join(out)


def markdown_html(text: str, title: str) -> str:
    """The small part of Markdown the cheatsheet uses (headings, tables, lists, paragraphs,
    inline code, bold), as one self-contained page."""
    body: list[str] = []
    para: list[str] = []
    rows: list[list[str]] = []
    items: list[str] = []

    def flush() -> None:
        if para:
            body.append(f"<p>{_inline(' '.join(para))}</p>")
            para.clear()
        if rows:
            head, *rest = rows
            body.append("<table><thead><tr>" + "".join(f"<th>{_inline(c)}</th>" for c in head) + "</tr></thead><tbody>")
            body.extend(["<tr>" + "".join(f"<td>{_inline(c)}</td>" for c in r) + "</tr>" for r in rest])
            body.append("</tbody></table>")
            rows.clear()
        if items:
            body.append("<ul>" + "".join(f"<li>{_inline(i)}</li>" for i in items) + "</ul>")
            items.clear()

    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("<!--"):
            continue
        heading = re.match(r"(#+) (.*)", stripped)
        if heading:
            flush()
            level = len(heading.group(1))
            body.append(f"<h{level}>{_inline(heading.group(2))}</h{level}>")
        elif stripped.startswith("|"):
            if para or items:
                flush()
            cells = [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", stripped.strip("|"))]
            if not all(re.fullmatch(r":?-+:?", c) for c in cells):
                rows.append(cells)
        elif stripped.startswith("- "):
            if para or rows:
                flush()
            items.append(stripped[2:])
        elif not stripped:
            flush()
        else:
            if rows:
                flush()
            if items:
                items[-1] += " " + stripped
            else:
                para.append(stripped)
    flush()
    return ("<!DOCTYPE html>\n<html lang=\"de\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"<title>{html.escape(title)}</title>\n<!-- generated from cheatsheet.md by {REGENERATE} -->\n"
            f"<style>\n{CHEATSHEET_CSS}</style>\n</head>\n<body>\n" + "\n".join(body) + "\n</body>\n</html>\n")


def cheatsheet_html(root: Path) -> str:
    source = (root / "docs" / "cheatsheet.md").read_text(encoding="utf-8")
    return markdown_html(source, "schafkopf-score: Spickzettel / cheatsheet")


# -- all of it -------------------------------------------------------------------------------------

def whole_pages(root: Path) -> dict[Path, Callable[[], str]]:
    docs = root / "docs"
    return {
        docs / "reference" / "commands.md": commands_page,
        docs / "reference" / "table-file.md": table_file_page,
        docs / "reference" / "json.md": json_page,
        docs / "schafkopf.1": man_page,
        docs / "cheatsheet.html": lambda: cheatsheet_html(root),
    }


def marked_pages(root: Path) -> list[Path]:
    """The hand-written pages that may hold generated blocks."""
    return [root / "README.md", *sorted((root / "docs").rglob("*.md"))]


def fill_blocks(text: str, where: str = "") -> str:
    """A page's text with every generated block made anew."""
    made = blocks()

    def fill(m: re.Match[str]) -> str:
        name = m.group(2)
        if name not in made:
            raise KeyError(f"{where}: no generator for the block {name!r}; known: {', '.join(made)}")
        return m.group(1) + made[name]() + m.group(4)

    return MARK.sub(fill, text)


def expected(root: Path = ROOT) -> dict[Path, str]:
    """Every generated page's text as the generator makes it now (marked pages: whole, filled)."""
    out = {path: make() for path, make in whole_pages(root).items()}
    for path in marked_pages(root):
        if path in out or not path.exists():
            continue
        text = path.read_text(encoding="utf-8")
        if MARK.search(text):
            out[path] = fill_blocks(text, str(path.relative_to(root)))
    return out


def stale(root: Path = ROOT) -> list[Path]:
    """The generated pages that differ from what the generator makes now."""
    return [path for path, text in expected(root).items()
            if not path.exists() or path.read_text(encoding="utf-8") != text]


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not (ROOT / "pyproject.toml").exists():
        print("Run this in a source checkout of schafkopf-score (it writes docs/).", file=sys.stderr)
        return 2
    if args == ["--check"]:
        old = stale()
        for path in old:
            print(f"stale: {path.relative_to(ROOT)}")
        if old:
            print(f"Regenerate with: {REGENERATE}")
        return 1 if old else 0
    if args:
        print(f"usage: {REGENERATE} [--check]", file=sys.stderr)
        return 2
    for path, text in expected().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
