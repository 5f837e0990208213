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

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..i18n import Text, say
from ..rules.keys import KeySpec
from ..rules.names import hidden_character

KINDS = ("table", "tournament")
DRAWS = ("random", "ranking", "spread")
POINT_PRESETS = ("plus-minus", "plus-only")
# the points of a hand are the family's (``Family.tournament_points`` and the tariff keys its
# [points] may set, ``tournament_point_keys``): RULES §10. Both presets price the hands alike:
# plus-only is a view of them.
TOURNAMENT_KEYS = ("rounds", "games_per_round", "games_per_round_five", "draw", "seed", "players_file",
                   "short_tables", "days")
# [points] keys that are not a hand's tariff: how many doublings, and the cap of one game
POINT_LIMITS = ("kontra", "cap")
PRIZE_KEYS = ("places", "middle", "second_last", "last", "ties", "entry_fee", "costs")
# a start number as typed (``#17``): a registered name must not read as one
START_NUMBER = re.compile(r"#\s*([0-9]{1,6})")
# a share of the prize pool among the places: "40%", "12,5 %"
SHARE = re.compile(r"([0-9]{1,3}(?:[.,][0-9]{1,2})?)\s*%")
MAX_PLAYERS = 4000
MAX_SEED = 100  # characters of a seed: a word or a number, shown with every draw
# the order of the ranking, said with every ranking (RULES §10): message ids
TIE_BREAKS = ("tournament.tb_points", "tournament.tb_solos", "tournament.tb_won", "tournament.tb_lot")

# what seats the players where tables of four and five cannot (6, 7, 11 players): stand-ins, or a
# table of three (RULES §10)
SHORT_TABLES = ("standin", "three")


def five_games(games: int) -> int:
    """The games of a five-player table: at least as many as make every player there play
    ``games`` hands (the dealer sits out one hand in five), rounded up to a multiple of 5 so
    that everybody sits out equally often (RULES §10).

    >>> five_games(32), five_games(24), five_games(30)
    (40, 30, 40)
    """
    return -(-games * 5 // 20) * 5


@dataclass(frozen=True)
class Prizes:
    """``[prizes]``: the top ``places`` (a count, or the list of what each place gets: an
    amount, a share of the pool such as ``"40%"``, or goods), the middle rank, the second to
    last, the last (its prize's name, "" for none), whether players tied at a prize boundary
    share it or the tie-breaks decide (``ties``), the entry fee per player and the costs taken
    off the pool before its shares."""

    places: tuple[str, ...] = ()
    middle: bool = False
    second_last: bool = False
    last: str = ""
    ties: str = "break"
    entry_fee: int = 0  # cents per registered player (latecomers included)
    costs: int = 0  # cents taken off the pool before its shares ("40%") are paid

    @property
    def any(self) -> bool:
        return bool(self.places or self.middle or self.second_last or self.last)


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
    short_tables: str = ""
    days: int = 1
    kontra: int = 0  # [points] kontra: 0 = as [rules] says
    cap: int = 0
    prizes: Prizes = Prizes()

    def day_of(self, round_no: int) -> int:
        """The day a round is played on: the rounds split into ``days`` blocks in order (the
        first days one round more where they do not divide evenly).

        >>> TournamentSettings(rounds=5, days=2).day_of(3), TournamentSettings(rounds=5, days=2).day_of(4)
        (1, 2)
        """
        per, extra = divmod(self.rounds, self.days)
        start = 1
        for day in range(1, self.days + 1):
            end = start + per + (1 if day <= extra else 0)
            if round_no < end:
                return day
            start = end
        return self.days

    @property
    def plus_only(self) -> bool:
        return self.preset == "plus-only"

    def games_at(self, size: int) -> int:
        """How many games a table of ``size`` players plays in one round (a table of three
        plays as many as a table of four)."""
        return self.games_per_round_five if size == 5 else self.games_per_round

    def to_dict(self) -> dict[str, Any]:
        return {"rounds": self.rounds, "games_per_round": self.games_per_round,
                "games_per_round_five": self.games_per_round_five, "draw": self.draw, "seed": self.seed,
                "points": self.preset, "short_tables": self.short_tables, "days": self.days, "cap": self.cap}


def read_players_file(path: Path, fail: Any) -> list[str]:
    """The registered players of a players file: one name a line; blank lines and lines that
    begin with ``#`` are left out, blanks around a name dropped."""
    from ..files import TABLE_FILE_LIMIT, FileTooLarge, read_bounded

    try:
        raw = read_bounded(path, TABLE_FILE_LIMIT)
    except FileNotFoundError:
        raise fail(Text("tournament.players_file_missing", path=path.name),
                   Text("tournament.players_file_hint")) from None
    except FileTooLarge as exc:
        raise fail(Text("data.table_too_large", path=str(path), size=exc.size, limit=TABLE_FILE_LIMIT),
                   Text("tournament.players_file_hint")) from None
    except OSError as exc:
        from ..files import os_problem

        raise fail(Text("tournament.players_file_unreadable", path=str(path), problem=os_problem(exc)),
                   Text("tournament.players_file_hint")) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise fail(Text("tournament.players_file_not_utf8", path=str(path)),
                   Text("tournament.players_file_hint")) from None
    return [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def checked_tournament(c: Any, path: Path, data: dict[str, Any], family: Any) -> tuple[list[str], dict[str, Any],
                                                                                      TournamentSettings]:
    """Check a tournament's keys (``c`` is the loader's checker, whose errors name the file and
    the line): the registered players, the ``[points]`` as the tariff the engine prices hands
    with, and the ``[tournament]`` settings."""
    if not family.tournament_points:
        from ..rules.registry import TOURNAMENT_FAMILY

        raise c.fail("", "kind", Text("tournament.family_only", family=family.title_text()),
                     Text("tournament.family_only_hint", family=TOURNAMENT_FAMILY))
    if "tariff" in data:
        raise c.fail("", "tariff", Text("tournament.no_tariff"), Text("tournament.no_tariff_hint"))
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
        "draw": KeySpec("draw", "spread", kind="choice", choices=DRAWS),
        "seed": KeySpec("seed", "", kind="str"),
        "players_file": KeySpec("players_file", "", kind="str"),
        "short_tables": KeySpec("short_tables", "", kind="choice", choices=SHORT_TABLES),
        "days": KeySpec("days", 1, minimum=1, maximum=30),
    }
    got = {k: c.check("tournament", specs[k], v) for k, v in section.items()}
    games = got.get("games_per_round", 32)
    points = data.get("points", {})
    if not isinstance(points, dict):
        raise c.fail("", "points", Text("data.must_be_section", section="points"))
    preset = "plus-minus"
    tariff = dict(family.tournament_points)
    point_keys = family.tournament_point_keys
    limits = {"kontra": 0, "cap": 0}
    for key, value in points.items():
        if key == "preset":
            preset = c.check("points", KeySpec("preset", "plus-minus", kind="choice", choices=POINT_PRESETS), value)
        elif key in point_keys:
            tariff[key] = c.check("points", KeySpec(key, 0, minimum=0, maximum=1000), value)
        elif key == "kontra":
            limits[key] = c.check("points", KeySpec(key, 2, minimum=1, maximum=2), value)
        elif key == "cap":
            limits[key] = c.check("points", KeySpec(key, 0, minimum=0, maximum=100_000), value)
        else:
            raise c.unknown("points", key, ["preset", *point_keys, *POINT_LIMITS])
    if rounds_days_bad(got):
        raise c.fail("tournament", "days", Text("tournament.days_rounds", days=got["days"],
                                                rounds=got.get("rounds", 3)),
                     Text("tournament.days_rounds_hint"))
    five = got.get("games_per_round_five", five_games(games))
    if five % 5:
        raise c.fail("tournament", "games_per_round_five", Text("tournament.five_multiple", games=five),
                     Text("tournament.five_multiple_hint", games=five_games(games)))
    seed = got.get("seed", "")
    hidden = hidden_character(seed)
    if hidden:  # printed with every draw and stored with the round
        raise c.fail("tournament", "seed", Text("data.name_hidden", name=repr(seed[:60]), what=hidden[1],
                                                pos=hidden[0]), Text("data.hidden_hint"))
    if len(seed) > MAX_SEED:
        raise c.fail("tournament", "seed", Text("tournament.seed_long", length=len(seed), most=MAX_SEED),
                     Text("tournament.seed_long_hint"))
    prizes = checked_prizes(c, data.get("prizes"))
    players_file = got.get("players_file", "")
    players: Any
    if players_file:
        if "players" in data:
            raise c.fail("tournament", "players_file", Text("tournament.players_twice"),
                         Text("tournament.players_twice_hint"))
        hidden = hidden_character(players_file)
        if hidden:  # (a NUL is no character of any path; the others would hide what is shown)
            raise c.fail("tournament", "players_file", Text("data.name_hidden", name=repr(players_file),
                                                            what=hidden[1], pos=hidden[0]), Text("data.hidden_hint"))
        players = read_players_file(path.parent / players_file,
                                    lambda msg, hint: c.fail("tournament", "players_file", msg, hint))
        where = ("tournament", "players_file")
    else:
        players = data.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise c.fail("", "players", Text("data.players_list"))
        where = ("", "players")
    if len(players) > MAX_PLAYERS:
        raise c.fail(*where, Text("tournament.too_many_players", count=len(players), most=MAX_PLAYERS))
    # fewer than 4 can never play; 6, 7 and 11 are seated (or refused) at the draw, so that a
    # withdrawal never makes the file unreadable
    if len(players) < 4:
        raise c.fail(*where, Text("tournament.too_few_file", count=len(players)),
                     Text("tournament.too_few_file_hint"))
    from ..notation import clashes
    from ..rules.names import check_player_names

    check_player_names(players, lambda msg, hint: c.fail(*where, msg, hint))
    for name in players:
        why = clashes(family, name) or name_problem(name)
        if why:
            raise c.fail(*where, Text("tournament.name_clash", why=why), name_hint(name))
    settings = TournamentSettings(
        rounds=got.get("rounds", 3), games_per_round=games,
        games_per_round_five=five, draw=got.get("draw", "spread"), seed=got.get("seed", ""),
        players_file=players_file, preset=preset, short_tables=got.get("short_tables", ""), days=got.get("days", 1),
        kontra=limits["kontra"], cap=limits["cap"], prizes=prizes)
    return players, tariff, settings


def name_problem(name: str) -> Text | None:
    """Why ``name`` cannot be a tournament player's besides the short notation (None if it
    can): it reads as a start number, or holds a comma, where the desk's lists split."""
    if START_NUMBER.fullmatch(name.strip()):
        return Text("tournament.name_is_number", name=name)
    if "," in name:
        return Text("tournament.name_has_comma", name=name)
    return None


def name_hint(name: str) -> Text:
    """How to register ``name`` that ``clashes`` or ``name_problem`` refused."""
    if "," in name:
        return Text("tournament.name_comma_hint", plain=" ".join(name.replace(",", " ").split()))
    return Text("tournament.name_clash_hint", name=name)


def rounds_days_bad(got: dict[str, Any]) -> bool:
    return int(got.get("days", 1)) > int(got.get("rounds", 3))


def checked_prizes(c: Any, section: Any) -> Prizes:
    """``[prizes]``: ``places`` a count (1..1000) or a list of prizes (text, amounts or shares
    of the pool: ``"40%"``, together at most 100 %, which need an ``entry_fee``), ``middle``
    and ``second_last`` true/false, ``last`` the name of a consolation prize, ``ties`` "share"
    or "break", ``entry_fee`` and ``costs`` in cents."""
    if section is None:
        return Prizes()
    if not isinstance(section, dict):
        raise c.fail("", "prizes", Text("data.must_be_section", section="prizes"))
    out: dict[str, Any] = {}
    for key, value in section.items():
        if key not in PRIZE_KEYS:
            raise c.unknown("prizes", key, list(PRIZE_KEYS))
        if key == "places":
            if isinstance(value, list):
                if not value or len(value) > 1000 or not all(
                        isinstance(v, (str, int)) and not isinstance(v, bool) and str(v).strip()
                        and len(str(v)) <= 200 for v in value):
                    raise c.fail("prizes", "places", Text("tournament.prize_places"),
                                 Text("tournament.prize_places_hint"))
                out[key] = tuple(str(v).strip() for v in value)
            else:
                count = c.check("prizes", KeySpec("places", 0, minimum=0, maximum=1000), value)
                out[key] = tuple("" for _ in range(count))
        elif key in ("middle", "second_last"):
            out[key] = c.check("prizes", KeySpec(key, False, kind="bool"), value)
        elif key == "last":
            if value is False:
                value = ""
            elif value is True:
                value = "-"
            out[key] = c.check("prizes", KeySpec("last", "", kind="str"), value)
            if len(out[key]) > 200:
                raise c.fail("prizes", "last", Text("tournament.prize_places"),
                             Text("tournament.prize_places_hint"))
        elif key in ("entry_fee", "costs"):
            out[key] = c.check("prizes", KeySpec(key, 0, minimum=0, maximum=10**9), value)
        else:
            out[key] = c.check("prizes", KeySpec("ties", "break", kind="choice", choices=("share", "break")), value)
    shares = [SHARE.fullmatch(p) for p in out.get("places", ())]
    percent = sum(float(m.group(1).replace(",", ".")) for m in shares if m)
    if any(m and float(m.group(1).replace(",", ".")) <= 0 for m in shares) or percent > 100:
        raise c.fail("prizes", "places", Text("tournament.prize_shares", percent=f"{percent:g}"),
                     Text("tournament.prize_shares_hint"))
    if any(shares) and not out.get("entry_fee"):
        raise c.fail("prizes", "places", Text("tournament.prize_shares_no_fee"), Text("tournament.prize_fee_hint"))
    return Prizes(**out)


def tournament_file(players: list[str], *, name: str, language: str, rounds: int, games: int, draw: str,
                    points: str, players_file: str = "", days: int = 1, short_tables: str = "") -> str:
    """The text of a new tournament file, every key spelled out with what it means."""
    from ..rules.registry import TOURNAMENT_FAMILY, find_family
    from ..text import toml_value

    points_of = find_family(TOURNAMENT_FAMILY).tournament_points

    def line(key: str, value: Any, doc: str) -> str:
        text = f"{key} = {toml_value(value)}"
        return f"{text:<40} # {say(doc, language)}"

    def commented(text: str, doc: str) -> str:
        return f"{text:<40} # {say(doc, language)}"

    out = [
        "# " + say("tournament.file_header", language),
        "schema = 1",
        line("name", name, "tournament.file_name"),
        'kind = "tournament"',
        f'family = "{TOURNAMENT_FAMILY}"',
    ]
    if not players_file:
        out.append(line("players", players, "tournament.file_players"))
    out += [
        'seats = 4',
        line("language", language, "tournament.file_language"),
        "",
        "[tournament]",
        line("rounds", rounds, "tournament.file_rounds"),
        line("games_per_round", games, "tournament.file_games"),
        line("games_per_round_five", five_games(games), "tournament.file_games_five"),
        line("draw", draw, "tournament.file_draw"),
        '# seed = "..."                           # ' + say("tournament.file_seed", language),
        (line("short_tables", short_tables, "tournament.file_short_tables") if short_tables else
         commented('# short_tables = "standin"', "tournament.file_short_tables")),
    ]
    if days > 1:
        out.append(line("days", days, "tournament.file_days"))
    if players_file:
        out.append(line("players_file", players_file, "tournament.file_players_file"))
    out += [
        "",
        "[points]",
        line("preset", points, "tournament.file_preset"),
        line("sauspiel", points_of["sauspiel"], "tournament.file_sauspiel"),
        line("solo", points_of["solo"], "tournament.file_solo"),
        line("schneider", points_of["schneider"], "tournament.file_schneider"),
        line("schwarz", points_of["schwarz"], "tournament.file_schwarz"),
        line("laufende", points_of["laufende"], "tournament.file_laufende"),
        line("bettel", points_of["bettel"], "tournament.file_bettel"),
        line("ramsch", points_of["ramsch"], "tournament.file_ramsch"),
        line("kontra", 2, "tournament.file_kontra"),
        line("cap", 0, "tournament.file_cap"),
        "",
        "[prizes]",
        line("places", 3, "tournament.file_places"),
        line("middle", False, "tournament.file_middle"),
        line("second_last", False, "tournament.file_second_last"),
        commented('# last = "Trostpreis"', "tournament.file_last"),
        line("ties", "break", "tournament.file_ties"),
        commented("# entry_fee = 1500", "tournament.file_entry_fee"),
        commented("# costs = 0", "tournament.file_costs"),
        "",
        "[rules]",
        line("games", ["sauspiel", "wenz", "farbwenz", "solo"], "tournament.file_games_list"),
        line("tout", True, "tournament.file_tout"),
        line("sie", True, "tournament.file_sie"),
        line("all_pass", "redeal", "tournament.file_all_pass"),
    ]
    return "\n".join(out) + "\n"
