"""Charts in the terminal (RULES §13, issue 37): ``standings --chart`` (an evening and the
season), the sparklines of ``standings``, ``standings --all`` and ``play``'s ``stand``, at 80 and
120 columns, piped (plain ASCII, no colour), under ``NO_COLOR`` and on a colour terminal."""

from __future__ import annotations

import re

import pytest

from schafkopf_score.cli.app import app
from tests.conftest import CliRunner

# Anna+Ben win a Sauspiel (10), Cora's Herz-Solo wins 50 from each, Anna+Cora lose a Sauspiel
# schneider (20): Anna +10 -40 -60, Ben +10 -40 -20, Cora -10 +140 +120, Dora -10 -60 -40
EVENING = [("sau", "an", "be", "72"), ("herzsolo", "co", "80"), ("sau", "an", "co", "30")]

CHART_80 = [
    'test: the balances of session 1 over its 3 hands',
    ' €1.40 |                                  CCCCCCCCCCCCCCCCCCC',
    '       |                              CCCCC                 CCCCCCCCCCCCCCCCCCCC',
    '       |                         CCCCCC',
    '       |                     CCCCC',
    '       |                 CCCCC',
    '       |            CCCCCC',
    '       |        CCCCC',
    '       |******CCC',
    ' €0.00 |*******************-----------------------------------------------------',
    '       |    DDDDDDDDDDDDDD**************                 BBBBBBBBBBBBBBBBBBBBBBB',
    '       |                 DDDDDDDDDDDDDD*******************AA****DDDDDDDDDDDDDDDD',
    '-€0.60 |                              DDDDDDDDDDDDDDDDDDDDDDD  AAAAAAAAAAAAAAAAA',
    '       +------------------------------------------------------------------------',
    '        1                                 hand                                 3',
    '        A Anna  B Ben  C Cora  D Dora',
]


def run(t, *args, width=80, env=None):
    r = CliRunner().invoke(app, ["--table", str(t.path), *args],
                           env={"COLUMNS": str(width), "SCHAFKOPF_TABLE": "", **(env or {})})
    assert r.exit_code == 0, r.output
    return r.stdout


@pytest.fixture
def evening(make_table):
    t = make_table(language="en")
    for hand in EVENING:
        t.ok("add", *hand)
    return t


def test_the_evening_chart_at_80_columns_piped(evening):
    assert run(evening, "standings", "--chart").splitlines() == CHART_80


def test_the_evening_chart_fills_120_columns(evening):
    lines = run(evening, "standings", "--chart", width=120).splitlines()
    assert max(len(line) for line in lines) == 120
    assert lines[1].startswith(" €1.40 |") and lines[12].startswith("-€0.60 |")
    assert lines[13] == "       +" + "-" * 112  # the axis: 120 less the labels' 6 and 2
    assert lines[-1].strip() == "A Anna  B Ben  C Cora  D Dora"


def test_colour_on_a_terminal_plain_with_no_color(evening):
    coloured = run(evening, "standings", "--chart", env={"FORCE_COLOR": "1"})
    assert "\x1b[" in coloured and "│" in coloured and "└" in coloured  # the player's colour, box lines
    plain = run(evening, "standings", "--chart", env={"FORCE_COLOR": "1", "NO_COLOR": "1"})
    assert plain.splitlines() == CHART_80  # NO_COLOR: the piped chart, without a colour code


def on_a_terminal(t, columns, *args, env=None):
    """What a command shows on a pseudo-terminal ``columns`` wide (its escape codes taken out)."""
    import fcntl
    import os
    import pty
    import select
    import struct
    import sys
    import termios
    from pathlib import Path

    pid, fd = pty.fork()
    if pid == 0:  # the child: the command on the terminal
        os.environ.pop("COLUMNS", None)
        os.environ.update({"PYTHONPATH": str(Path(__file__).resolve().parents[2]), "SCHAFKOPF_TABLE": "",
                           **(env or {})})
        os.execv(sys.executable, [sys.executable, "-m", "schafkopf_score", "--table", str(t.path), *args])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, columns, 0, 0))
    seen = b""
    while select.select([fd], [], [], 30)[0]:
        try:
            data = os.read(fd, 65536)
        except OSError:
            break
        if not data:
            break
        seen += data
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, seen
    return re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", seen.decode()).replace("\r", "")


@pytest.mark.parametrize("env", [{"TERM": "dumb"}, {"TERM": "dumb", "COLUMNS": "50"}, {"TERM": "xterm"}])
def test_the_chart_stays_inside_a_narrow_terminal_a_dumb_one_too(evening, env):
    # on a dumb terminal (TERM=dumb: an editor's shell) 50 columns wide the chart was drawn 80
    # wide (rich takes every dumb terminal as 80 columns, its COLUMNS too), each line wrapped
    lines = on_a_terminal(evening, 50, "standings", "--chart", env=env).splitlines()
    assert max(len(line) for line in lines) == 50
    assert lines[-1].strip() == "A Anna  B Ben  C Cora  D Dora"


def test_a_legend_of_wide_letters_is_wrapped_by_what_they_take_on_screen(make_table):
    # names in wide letters (two columns each) were measured by their count of letters: at 36
    # columns the legend's line ran past the edge and was cut, "1 山田太郎  2 鈴木花子  3 佐"
    from rich.cells import cell_len

    t = make_table(players=["山田太郎", "鈴木花子", "佐藤一郎", "田中美咲"], language="en")
    t.ok("add", "sau", "山田", "鈴木", "72")
    t.ok("add", "wenz", "佐藤", "80")
    lines = run(t, "standings", "--chart", width=36).splitlines()
    assert lines[-2:] == ["        1 山田太郎  2 鈴木花子", "        3 佐藤一郎  4 田中美咲"]
    assert max(cell_len(line) for line in lines) <= 36


def test_a_terminal_without_utf8_gets_the_ascii_chart_and_sparklines(evening):
    # on a terminal in the C locale (no UTF-8) the chart's axis and the sparklines came out as
    # "?" ("?1.40 ?", Trend "??"); rich's own tables turned ASCII there already
    ascii_env = {"LC_ALL": "C", "LANG": "C", "PYTHONCOERCECLOCALE": "0", "PYTHONUTF8": "0", "COLUMNS": "80"}
    chart = on_a_terminal(evening, 80, "standings", "--chart", env=ascii_env).splitlines()
    assert chart[1:] == [line.replace("€", "?") for line in CHART_80[1:]]
    table = on_a_terminal(evening, 80, "standings", env=ascii_env)
    assert "| Ben    |  -?0.20 | #_:   |" in table.splitlines()


def test_a_columns_of_nothing_or_of_no_screen_is_not_taken_at_its_word(evening):
    # COLUMNS=0 printed nothing at all (exit 0), COLUMNS=999999999999 an internal error (MemoryError)
    assert run(evening, "standings", "--chart", width=0).splitlines() == CHART_80
    lines = run(evening, "standings", "--chart", width=999999999999).splitlines()
    assert max(len(line) for line in lines) == 10_000
    assert "Anna" in run(evening, "standings", width=0)


def test_a_german_chart_speaks_german(make_table):
    t = make_table(language="de")
    for hand in EVENING:
        t.ok("add", *hand)
    lines = run(t, "standings", "--chart").splitlines()
    assert lines[0] == "test: der Stand von Abend 1 über 3 Spiele"
    assert lines[1].startswith(" 1,40 € |") and lines[-2].split() == ["1", "Spiel", "3"]


def test_the_season_chart_and_sparklines(evening):
    evening.ok("settle", "--close")
    evening.ok("add", "wenz", "do", "100")  # Dora's Wenz, schneider: 60 from each
    out = run(evening, "standings", "--chart", "--all").splitlines()
    assert out[0] == "test: the season's balances over 2 sessions"
    # after session 2: Anna -1.20, Ben -0.80, Cora +0.60, Dora +1.40
    assert out[1].startswith(" €1.40 |") and out[12].startswith("-€1.20 |")
    assert out[-2].split() == ["#1", "session", "#2"]
    season = run(evening, "standings", "--all").splitlines()
    # the season's total after each session, its own scale: Dora -0.40 then +1.40, Anna -0.60 then -1.20
    assert next(line for line in season if "Dora" in line).split()[-2] == "_#"
    assert next(line for line in season if "Anna" in line).split()[-2] == "#_"
    one = run(evening, "standings", "--session", "1").splitlines()
    # hand by hand: Cora -0.10, +1.40, +1.20
    assert next(line for line in one if "Cora" in line).split()[-2] == "_#*"
    assert one[2].split("┃")[1:4] == [" Player ", " Balance ", " Trend "]


def test_plays_stand_shows_the_sparklines(evening):
    out = evening.run("play", input="stand\n").stdout
    assert next(line for line in out.splitlines() if "Ben" in line and "€" in line).split()[-2] == "#_:"  # +0.10, -0.40, -0.20


def test_a_chart_of_one_step_labels_it_once(make_table):
    # one session (or one hand) is one column, and its label was printed twice: "#1  #1"
    t = make_table(language="en")
    t.ok("add", "sau", "an", "be", "72")
    assert run(t, "standings", "--all", "--chart").splitlines()[-3:] == [
        "       +-", "        #1", "        A Anna  B Ben  C Cora  D Dora"]
    assert run(t, "standings", "--chart").splitlines()[-2] == "        1"
    assert run(t, "rating", "--chart").splitlines()[-2] == "      #1"


def test_a_chart_of_nothing_and_chart_with_json(make_table):
    t = make_table(language="en")
    assert run(t, "standings", "--chart") == "Nothing to draw yet: no hand recorded.\n"
    assert t.refused("standings", "--chart", "--json") == (
        "Error: --chart draws the chart; --json prints the figures. Choose one.\n"
        "Example: schafkopf standings --chart\n")


def test_a_season_wider_than_the_terminal_sums_its_earlier_sessions_in_one_column(make_table):
    """Twelve evenings at 80 columns: the latest keep a column each, the ones before are one
    column of their sums (not twelve columns squeezed to nothing); 200 columns show them all."""
    t = make_table(language="de")
    for i in range(12):
        t.ok("add", "sau", "an", "be", str(61 + i % 3))
        t.ok("add", "herzsolo", "co", str(70 + i))
        t.ok("settle", "--close")
    season = t.json("standings", "--all")
    columns = season["by_session"]
    narrow = run(t, "standings", "--all", width=80)
    shown = [c for c in columns if re.search(rf"#{c['session']}\b", narrow)]
    assert 1 <= len(shown) < 12 and shown == columns[-len(shown):]
    earlier = len(columns) - len(shown)
    assert f"{earlier} frühere" in narrow and "Abende" in narrow
    assert f"Eine Spalte fasst {earlier} Abende davor zusammen" in narrow
    anna = next(line for line in narrow.splitlines() if "Anna" in line)
    before = sum(c["balances"]["Anna"] for c in columns[:earlier])
    assert f"{before / 100:+.2f} €".replace(".", ",") in anna
    assert f"{season['balances']['Anna'] / 100:+.2f} €".replace(".", ",") in anna
    assert max(len(line) for line in narrow.splitlines()) <= 80
    wide = run(t, "standings", "--all", width=200)
    assert "frühere" not in wide and all(re.search(rf"#{c['session']}\b", wide) for c in columns)


def test_a_deutscher_draw_is_no_step_of_the_chart_or_the_sparkline(make_table):
    """RULES §12: a Deutscher draw is no hand. The chart of an evening of two games, each drawn
    for, said *over its 4 hands* and drew four steps, the sparklines too."""
    t = make_table(family="deutscher", language="en")
    for seed, augen in (("8", "75"), ("9", "95")):
        player, partner = t.json("draw", "--seed", seed)["pairs"][0]
        t.ok("add", "spiel", "--player", player, "--partner", partner, "--augen", augen)
    assert run(t, "standings", "--chart").splitlines()[0] == "test: the balances of session 1 over its 2 hands"
    trend = next(line for line in run(t, "standings").splitlines() if "Anna" in line).split("│")[3].strip()
    assert len(trend) == 2, trend
