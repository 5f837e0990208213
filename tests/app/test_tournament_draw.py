"""The draw of a tournament's round, as pure functions: for any player count the tables are of
four and five and seat everyone exactly once (6, 7 and 11 players cannot be seated so, and are
refused); by ranking, the best sit at table 1; the seed repeats the lot. And the ``--help``
examples of the tournament commands run as printed, in order, in a fresh folder."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schafkopf_score.cli.app import app
from schafkopf_score.errors import IllegalEntry
from schafkopf_score.table.tournament import five_games
from schafkopf_score.tournament.draw import draw_tables, table_sizes
from tests.conftest import CliRunner

UNSEATABLE = {6, 7, 11}


@given(st.integers(min_value=4, max_value=400), st.text(max_size=8), st.integers(min_value=1, max_value=9))
def test_every_player_count_is_seated_once_at_tables_of_four_or_five(count, seed, round_no):
    players = [f"P{i}" for i in range(count)]
    if count in UNSEATABLE:
        with pytest.raises(IllegalEntry):
            draw_tables(players, round_no, seed)
        return
    tables = draw_tables(players, round_no, seed)
    assert all(len(t) in (4, 5) for t in tables)
    assert sorted(p for t in tables for p in t) == sorted(players)
    assert [len(t) for t in tables] == sorted((len(t) for t in tables), reverse=True)  # fives first
    assert tables == draw_tables(players, round_no, seed)  # the seed repeats it


@given(st.permutations([f"P{i}" for i in range(13)]))
def test_by_ranking_the_best_sit_at_the_first_table_in_rank_order(ranked):
    tables = draw_tables(sorted(ranked), 2, "s", ranking=ranked)
    assert tables == [ranked[:5], ranked[5:9], ranked[9:]]


def test_table_sizes_and_games_of_a_five_players_table():
    assert table_sizes(18) == [5, 5, 4, 4]
    assert table_sizes(4) == [4] and table_sizes(5) == [5] and table_sizes(9) == [5, 4]
    assert table_sizes(15) == [5, 5, 5]
    for n in (0, 3, 6, 7, 11):
        with pytest.raises(IllegalEntry):
            table_sizes(n)
    assert five_games(32) == 40  # each player of five plays 32 hands, as at a table of four


def _examples(*args):
    r = CliRunner().invoke(app, [*args, "--help"], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    return [m.strip() for m in re.findall(r"^\s*Example: (.*)$", r.stdout, re.M)]


def test_every_tournament_command_has_a_help_example():
    for command in ("new", "draw", "tables", "enter", "sheet", "ranking", "prizes", "sheets", "fix", "apart", "swap"):
        assert _examples("tournament", command), command
    for command in ("add", "withdraw"):
        assert _examples("tournament", "player", command), command
    assert _examples("tournament")


@pytest.mark.slow
@pytest.mark.parallel
def test_the_tournament_help_examples_run_in_order_in_a_fresh_folder(tmp_path):
    from tests.cli.test_examples_run import _run

    commands = _examples("tournament")  # the story: new, draw, tables, add, ranking
    # the desk's changes of a round's seating go in before its tables enter anything
    drawn = next(i for i, c in enumerate(commands) if " draw" in c) + 1
    commands[drawn:drawn] = [c for name in ("fix", "apart", "swap") for c in _examples("tournament", name)] + [
        c for c in _examples("tournament", "draw") if "--redo" in c]
    commands += [c for name in ("draw", "tables", "enter", "sheet", "ranking", "new")
                 for c in _examples("tournament", name) if c not in commands]
    commands += [c for name in (("player", "add"), ("player", "withdraw"), ("prizes",), ("sheets",))
                 for c in _examples("tournament", *name)]
    _run(commands, tmp_path)
    assert (tmp_path / "tische.html").exists() and (tmp_path / "rangliste.csv").exists()
    assert (tmp_path / "bloecke.html").exists()
