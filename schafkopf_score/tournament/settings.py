"""A tournament's table file: ``kind = "tournament"``, its ``[tournament]`` and ``[points]``.

A tournament (Preisschafkopf) is a Bavarian table file whose players are the registered
players (the ``players`` list, or ``[tournament] players_file``, one name a line), and whose
``[points]`` take the place of ``[tariff]``: the Bavarian engine prices every hand with these
tariffs, in tournament points instead of cents (``plus-minus``: Sauspiel 1, Solo 5 per
opponent, Schneider and Schwarz 1 each on top, Tout x2 and Sie x4 by the engine; ``plus-only``
is the same hands, of which the ranking counts only what each player won).

Nothing here reads the ledger: ``table.py`` calls ``checked_tournament`` while it loads a file.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import ScoreError
from ..i18n import Text
from ..rules.keys import KeySpec

KINDS = ("table", "tournament")
DRAWS = ("random", "ranking")
POINT_PRESETS = ("plus-minus", "plus-only")
# the points of a hand (the Bavarian tariff keys, in points): RULES §10. Laufende count nothing
# unless a tournament says so; Bettel is worth a Solo without Schneider; a Ramsch costs its
# loser 1 per other player. Both presets price the hands alike: plus-only is a view of them.
POINTS: dict[str, int] = {"sauspiel": 1, "solo": 5, "bettel": 5, "ramsch": 1, "schneider": 1, "schwarz": 1,
                          "laufende": 0}
POINT_KEYS = ("sauspiel", "hochzeit", "solo", "wenz", "geier", "farbwenz", "farbgeier", "bettel", "ramsch",
              "schneider", "schwarz", "laufende")
TOURNAMENT_KEYS = ("rounds", "games_per_round", "games_per_round_five", "draw", "seed", "players_file")
MAX_PLAYERS = 4000


def five_games(games: int) -> int:
    """The games of a five-player table by default: as many as make every player there play
    ``games`` hands (the dealer sits out one hand in five), rounded up.

    >>> five_games(32), five_games(24), five_games(30)
    (40, 30, 38)
    """
    return -(-games * 5 // 4)


@dataclass(frozen=True)
class TournamentSettings:
    """The checked ``[tournament]`` and ``[points]`` of a tournament's table file."""

    rounds: int = 3
    games_per_round: int = 32
    games_per_round_five: int = 40
    draw: str = "random"
    seed: str = ""
    players_file: str = ""
    preset: str = "plus-minus"

    @property
    def plus_only(self) -> bool:
        return self.preset == "plus-only"

    def games_at(self, size: int) -> int:
        """How many games a table of ``size`` players plays in one round."""
        return self.games_per_round_five if size == 5 else self.games_per_round

    def to_dict(self) -> dict[str, Any]:
        return {"rounds": self.rounds, "games_per_round": self.games_per_round,
                "games_per_round_five": self.games_per_round_five, "draw": self.draw, "seed": self.seed,
                "points": self.preset}


def read_players_file(path: Path, fail: Any) -> list[str]:
    """The registered players of a players file: one name a line; blank lines and lines that
    begin with ``#`` are left out, blanks around a name dropped."""
    from ..table import TABLE_FILE_LIMIT, FileTooLarge, read_bounded

    try:
        raw = read_bounded(path, TABLE_FILE_LIMIT)
    except FileNotFoundError:
        raise fail(Text("cli.tournament.players_file_missing", path=path.name),
                   Text("cli.tournament.players_file_hint")) from None
    except FileTooLarge as exc:
        raise fail(Text("data.table_too_large", path=str(path), size=exc.size, limit=TABLE_FILE_LIMIT),
                   Text("cli.tournament.players_file_hint")) from None
    except OSError as exc:
        from ..files import os_problem

        raise fail(Text("cli.tournament.players_file_unreadable", path=str(path), problem=os_problem(exc)),
                   Text("cli.tournament.players_file_hint")) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise fail(Text("cli.tournament.players_file_not_utf8", path=str(path)),
                   Text("cli.tournament.players_file_hint")) from None
    return [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def checked_tournament(c: Any, path: Path, data: dict[str, Any], family: Any) -> tuple[list[str], dict[str, Any],
                                                                                      TournamentSettings]:
    """Check a tournament's keys (``c`` is the loader's checker, whose errors name the file and
    the line): the registered players, the ``[points]`` as the tariff the engine prices hands
    with, and the ``[tournament]`` settings."""
    if family.name != "bavarian":
        raise c.fail("", "kind", Text("cli.tournament.family_only", family=family.title_text()),
                     Text("cli.tournament.family_only_hint"))
    if "tariff" in data:
        raise c.fail("", "tariff", Text("cli.tournament.no_tariff"), Text("cli.tournament.no_tariff_hint"))
    section = data.get("tournament", {})
    if not isinstance(section, dict):
        raise c.fail("", "tournament", Text("data.must_be_section", section="tournament"))
    for key in section:
        if key not in TOURNAMENT_KEYS:
            raise c.unknown("tournament", key, list(TOURNAMENT_KEYS))
    specs = {
        "rounds": KeySpec("rounds", 3, minimum=1, maximum=100),
        "games_per_round": KeySpec("games_per_round", 32, minimum=1, maximum=1000),
        "games_per_round_five": KeySpec("games_per_round_five", None, minimum=1, maximum=1250),
        "draw": KeySpec("draw", "random", kind="choice", choices=DRAWS),
        "seed": KeySpec("seed", "", kind="str"),
        "players_file": KeySpec("players_file", "", kind="str"),
    }
    got = {k: c.check("tournament", specs[k], v) for k, v in section.items()}
    games = got.get("games_per_round", 32)
    points = data.get("points", {})
    if not isinstance(points, dict):
        raise c.fail("", "points", Text("data.must_be_section", section="points"))
    preset = "plus-minus"
    tariff = dict(POINTS)
    for key, value in points.items():
        if key == "preset":
            preset = c.check("points", KeySpec("preset", "plus-minus", kind="choice", choices=POINT_PRESETS), value)
        elif key in POINT_KEYS:
            tariff[key] = c.check("points", KeySpec(key, 0, minimum=0, maximum=1000), value)
        else:
            raise c.unknown("points", key, ["preset", *POINT_KEYS])
    players_file = got.get("players_file", "")
    players: Any
    if players_file:
        if "players" in data:
            raise c.fail("tournament", "players_file", Text("cli.tournament.players_twice"),
                         Text("cli.tournament.players_twice_hint"))
        players = read_players_file(path.parent / players_file,
                                    lambda msg, hint: c.fail("tournament", "players_file", msg, hint))
        where = ("tournament", "players_file")
    else:
        players = data.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise c.fail("", "players", Text("data.players_list"))
        where = ("", "players")
    if len(players) > MAX_PLAYERS:
        raise c.fail(*where, Text("cli.tournament.too_many_players", count=len(players), most=MAX_PLAYERS))
    # the tables of four and five must seat everyone: refused here, not first at the draw
    if len(players) < 4:
        raise c.fail(*where, Text("cli.tournament.too_few_file", count=len(players)),
                     Text("cli.tournament.too_few_file_hint"))
    from .draw import table_sizes

    try:
        table_sizes(len(players))
    except ScoreError as exc:
        raise c.fail(*where, Text("cli.tournament.no_split_file", count=len(players)), exc.hint_text) from None
    from ..notation import clashes
    from ..table import check_player_names

    check_player_names(players, lambda msg, hint: c.fail(*where, msg, hint))
    for name in players:
        why = clashes(family, name)
        if why:
            raise c.fail(*where, Text("cli.tournament.name_clash", why=why),
                         Text("cli.tournament.name_clash_hint", name=name))
    settings = TournamentSettings(
        rounds=got.get("rounds", 3), games_per_round=games,
        games_per_round_five=got.get("games_per_round_five", five_games(games)),
        draw=got.get("draw", "random"), seed=got.get("seed", ""), players_file=players_file, preset=preset)
    return players, tariff, settings


def tournament_file(players: list[str], *, name: str, language: str, rounds: int, games: int, draw: str,
                    points: str, players_file: str = "") -> str:
    """The text of a new tournament file, every key spelled out with what it means."""
    from ..i18n import say
    from ..table import toml_value

    def line(key: str, value: Any, doc: str) -> str:
        text = f"{key} = {toml_value(value)}"
        return f"{text:<40} # {say(doc, language)}"

    out = [
        "# " + say("cli.tournament.file_header", language),
        "schema = 1",
        line("name", name, "cli.tournament.file_name"),
        'kind = "tournament"',
        'family = "bavarian"',
    ]
    if not players_file:
        out.append(line("players", players, "cli.tournament.file_players"))
    out += [
        'seats = 4',
        line("language", language, "cli.tournament.file_language"),
        "",
        "[tournament]",
        line("rounds", rounds, "cli.tournament.file_rounds"),
        line("games_per_round", games, "cli.tournament.file_games"),
        line("games_per_round_five", five_games(games), "cli.tournament.file_games_five"),
        line("draw", draw, "cli.tournament.file_draw"),
        '# seed = "..."                           # ' + say("cli.tournament.file_seed", language),
    ]
    if players_file:
        out.append(line("players_file", players_file, "cli.tournament.file_players_file"))
    out += [
        "",
        "[points]",
        line("preset", points, "cli.tournament.file_preset"),
        line("sauspiel", POINTS["sauspiel"], "cli.tournament.file_sauspiel"),
        line("solo", POINTS["solo"], "cli.tournament.file_solo"),
        line("schneider", POINTS["schneider"], "cli.tournament.file_schneider"),
        line("schwarz", POINTS["schwarz"], "cli.tournament.file_schwarz"),
        line("laufende", POINTS["laufende"], "cli.tournament.file_laufende"),
        line("bettel", POINTS["bettel"], "cli.tournament.file_bettel"),
        line("ramsch", POINTS["ramsch"], "cli.tournament.file_ramsch"),
        "",
        "[rules]",
        line("games", ["sauspiel", "wenz", "farbwenz", "solo"], "cli.tournament.file_games_list"),
        line("tout", True, "cli.tournament.file_tout"),
        line("sie", True, "cli.tournament.file_sie"),
        line("kontra", 2, "cli.tournament.file_kontra"),
        line("all_pass", "redeal", "cli.tournament.file_all_pass"),
    ]
    return "\n".join(out) + "\n"
