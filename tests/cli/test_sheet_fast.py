"""The sheet without styles (a pipe, a file) is written from the layout's own lines
(``_SheetLayout.lines``), not through rich's table, which took seconds for every few hundred
sheets of a season (``sheet --all``): the lines are the characters rich's table gives, for every
width, long and wide names, voided hands with their reasons, an edited hand, a payout and a
close, in both layouts."""

from __future__ import annotations

import io

import pytest

from schafkopf_score.app import views
from schafkopf_score.app.where import At
from schafkopf_score.cli.render import abbreviations
from schafkopf_score.cli.sheet import _SheetLayout
from schafkopf_score.ledger import open_ledger
from schafkopf_score.session.sheet import sheet as sheet_rows
from schafkopf_score.table import load_table

NAMES = ["Anna", "Maximilian-Ferdinand", "李小龍", "Dora"]


@pytest.fixture
def evening(make_table):
    t = make_table(players=NAMES, tariff="10/50", language="de")
    for line in (["sau", "an", "ma", "72", "k"], ["wenz", "李", "95", "l2"], ["sau", "do", "an", "58"],
                 ["herzsolo", "ma", "105", "l4", "k", "re"], ["wenz", "do", "61"], ["eichelsolo", "do", "80"]):
        t.ok("add", *line)
    t.ok("void", "2", "--reason", "falsch eingetragen, Ben hatte den Wenz und nicht Li, wir haben nachgezählt")
    t.ok("edit", "3", "k")
    t.ok("undo", "--reason", "doppelt")
    t.ok("settle", "--player", "Dora")
    t.ok("add", "wenz", "an", "70")
    t.ok("settle", "--close", "--round", "50")
    t.ok("add", "sau", "ma", "an", "61")
    return t


def rich_text(table, width: int) -> list[str]:
    from rich.console import Console

    out = io.StringIO()
    Console(file=out, width=width, color_system=None, highlight=False, soft_wrap=False).print(table)
    return out.getvalue().splitlines()


@pytest.mark.parametrize("compact", [False, True])
def test_the_sheets_lines_are_rich_tables_text_at_every_width(evening, compact):
    cfg = load_table(evening.path)
    with open_ledger(cfg) as ledger:
        states = views.sheets(At.evening(cfg, ledger), all_=True).states
    assert len(states) == 2
    compared = 0
    for view in states:
        rows = sheet_rows(view)
        for length in (None, 8, 4, 3):
            layout = _SheetLayout(view, rows, compact, abbreviations(view.players, length))
            for width in (20, 40, 52, 60, 72, 80, 100, 160):
                widths = layout.fit(width)
                wide = max(width, layout.total(widths))
                assert layout.lines(widths) == rich_text(layout.table(widths), wide), (length, width)
                compared += 1
    assert compared == 2 * 4 * 8


def test_a_piped_sheet_is_the_coloured_ones_text(evening):
    """Through the door: ``sheet --all`` into a pipe (the layout's lines) is, character for
    character, what rich writes where styles are shown (``FORCE_COLOR``), its styles taken out."""
    import os
    import re
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    for columns in ("40", "60", "100"):
        for compact in ([], ["--compact"]):
            env = {**os.environ, "PYTHONPATH": str(root), "COLUMNS": columns, "SCHAFKOPF_TABLE": ""}
            env.pop("NO_COLOR", None)
            env.pop("FORCE_COLOR", None)
            cmd = [sys.executable, "-m", "schafkopf_score", "--table", str(evening.path), "sheet", "--all", *compact]
            plain = subprocess.run(cmd, capture_output=True, text=True, env=env, check=True).stdout
            styled = subprocess.run(cmd, capture_output=True, text=True, env={**env, "FORCE_COLOR": "1"},
                                    check=True).stdout
            assert "\x1b[" not in plain and "\x1b[" in styled  # (the styles were shown)
            assert re.sub(r"\x1b\[[0-9;]*m", "", styled) == plain, (columns, compact)
            assert "Abend 2" in plain and ("falsch" in plain or columns != "100" or compact)


def test_a_sheet_into_a_pipe_that_takes_no_utf8_is_drawn_in_ascii_as_before(evening):
    """Where the output cannot take the rule's line (``PYTHONIOENCODING=ascii``, a C locale), rich
    draws the table in ASCII ("--+--", "|"): the sheet's own lines would have been "????"."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2]), "COLUMNS": "100",
           "SCHAFKOPF_TABLE": "", "PYTHONIOENCODING": "ascii"}
    out = subprocess.run([sys.executable, "-m", "schafkopf_score", "--table", str(evening.path), "sheet", "--all"],
                         capture_output=True, text=True, env=env, check=True).stdout
    rules = [line for line in out.splitlines() if set(line) <= set("-+")]
    assert len(rules) == 2 and all("--+--" in line for line in rules)  # one under each session's headings
    assert "|Anna " in out and "\u2500" not in out
