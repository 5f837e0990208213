"""The sheet gives a hand's description its room before it cuts it (issue 33, item 10): the
Augen and the marks (Zwang, schwarz, Kontra) stay whole while the names can be shortened and the
dealer's column narrowed; the lot's lines of Deutscher may be cut."""

import re

import pytest
from rich.cells import cell_len

from schafkopf_score.cli.app import app
from tests.conftest import CliRunner, draw_partners

LONG = ["Claudia", "Annabell", "Bernhard", "Dominik"]


def sheet(t, width):
    r = CliRunner().invoke(app, ["--table", str(t.path), "sheet"], env={"COLUMNS": str(width), "SCHAFKOPF_TABLE": ""})
    assert r.exit_code == 0, r.output
    return r.stdout


@pytest.fixture
def deutscher(make_table):
    """Five games of long-named players, each after its draw; the tallies grow wide."""
    t = make_table(family="deutscher", players=LONG, language="de")
    for first, second, words in (("Claudia", "Annabell", ["40", "zwang"]), ("Bernhard", "Dominik", ["0", "sw"]),
                                 ("Claudia", "Bernhard", ["100"]), ("Annabell", "Dominik", ["20"]),
                                 ("Claudia", "Annabell", ["120", "sw"])):
        draw_partners(t, first, second, LONG)
        t.ok("add", "spiel", first[:3], second[:3], *words)
    return t


def test_deutscher_at_100_columns_keeps_the_augen_and_marks(deutscher):
    out = sheet(deutscher, 100)
    games = [line for line in out.splitlines() if re.match(r"\d+\s+\S+\s+Spiel ", line)]
    assert len(games) == 5
    for ends in ("40 Zwang", "0 schwarz", "100", "20", "120 schwarz"):
        assert any(re.search(rf"\+\w+ {ends}\s", line) for line in games), (ends, out)
    assert all(cell_len(line.rstrip()) <= 100 for line in out.splitlines()), out
    assert "…" not in " ".join(games).split("Spiel ", 1)[1].split("  ")[0]


def test_at_120_columns_everything_is_whole(deutscher):
    out = sheet(deutscher, 120)
    assert "Spiel Claudia+Annabell 40 Zwang" in out and "Los Dominik+Bernhard / Claudia+Annabell" in out
    assert "…" not in out


def test_a_bavarian_sheet_keeps_its_marks_before_the_full_names(make_table):
    t = make_table(players=["Maximilian", "Franziska", "Bartholomäus", "Kunigunde"])
    t.ok("add", "sau", "ma", "fr", "72", "l3", "k", "re")
    t.ok("add", "herzsolo", "ba", "105", "l4", "k")
    out = sheet(t, 80)
    assert all(cell_len(line.rstrip()) <= 80 for line in out.splitlines()), out
    assert re.search(r"Sau\s+\S+\+\S+ 72 L3 Kontra Re\s", out), out
    assert re.search(r"H-Solo\s+\S+ 105 L4 Kontra\s", out), out
