"""What the program prints, from real runs on a fresh table: the ``--json`` shapes and the JSON
export (``docs/reference/json.md``), and transcripts of commands with their answers."""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .common import REGENERATE, ROOT, WIDTH

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
    "insights": [
        "schafkopf new runde.toml --family bavarian --players Anna,Ben,Cora,Dora --language en",
        "schafkopf add sau an be 72 l3",
        "schafkopf add herzsolo co 91",
        "schafkopf add sau an co 50 k",
        "schafkopf add wenz do 40",
        "schafkopf add sau be do 80",
        "schafkopf rating",
        "schafkopf stats --player anna",
        "schafkopf standings --chart",
        "schafkopf settle --tariff 20/100",
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

    from ..cli.app import app

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


JSON_STEPS: list[tuple[str, str, list[str]]] = [
    ("calc", "`calc --json`: a game priced, nothing recorded",
     ["calc", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "95", "--laufende", "3", "--json"]),
    ("add", "`add --json`: the same object, and the hand, the session, the balances so far (a hand that "
     "begins a new evening, the one before closed at any door, adds `\"opens_session\": true`)",
     ["add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "95", "--laufende", "3", "--json"]),
    ("add-solo", "", ["add", "wenz", "--player", "Cora", "--augen", "70", "--json"]),
    ("sheet", "`sheet --json`", ["sheet", "--json"]),
    ("standings", "`standings --json`", ["standings", "--json"]),
    ("settle", "`settle --json`", ["settle", "--json"]),
    ("stats", "`stats --json`", ["stats", "--json"]),
    ("check", "`check --json`", ["check", "--json"]),
    ("player", "`player list --json`", ["player", "list", "--json"]),
    ("rating", "`rating --json`: the ratings, best first, and the model's parameters (with `--chart`: each "
     "rating's history, a point after each session)", ["rating", "--json"]),
    ("stats-player", "`stats --player NAME --json`: a player's own page", ["stats", "--player", "Anna", "--json"]),
    ("whatif", "`settle --tariff 20/100 --json`: the evening now and under another tariff, and the hands it "
     "refuses", ["settle", "--tariff", "20/100", "--json"]),
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

    from ..cli.app import app

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
    "are any, and an evening exported without the one before it that opened with the Stock that one",
    "carried on has its `opening` (the Stock by who paid it in). `import` replays every game under",
    "its own ruleset and refuses the whole file unless each gives what the export says (and an",
    "`opening` without the evening that carried it on).",
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
        "times shown as one fixed moment); `tests/cli/test_docs.py` runs them again and fails when an answer",
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
