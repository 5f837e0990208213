"""A season-sized ledger and what the commands cost on it.

Run: python benchmarks/season.py --from-export abend.json [--games 100000] [--runs 5]
                                 [--baseline-python /path/to/other/venv/bin/python]
     python benchmarks/season.py --generated bavarian [--games 100000] [--baseline-python ...]
     python benchmarks/season.py [--games 100000] [--sessions 2000] [--families bavarian,...]

``--from-export FILE`` builds the season from a real evening: the JSON export of an evening
entered through the CLI is imported, closed with ``settle --close``, exported again and its
sessions replicated (new ids, one evening a day) until the season holds ``--games`` games; the
last evening stays open. ``--generated FAMILY`` builds it with the project's generator instead
(random hands of every kind the family has, 50 to an evening: few hands repeat, where a
replicated evening repeats all of them, and memos of repeated texts help less). Either season
is written as ``export --format json`` writes it and then timed as real processes:
``import`` (with its helpers, one per core), ``settle --all``, ``standings --all``, ``stats
--all``, ``export --all`` in every format, ``sheet``, ``check`` (routine: the import marked the
closed evenings verified) and ``check --full``, and ``add`` into the season against ``add`` into
an empty ledger. Every figure is the median of ``--runs`` runs (peak memory from ``wait4``: of
the largest of the process and the helpers it waited for; the season is built in a child
process, so no command inherits its memory).

``--baseline-python PY`` runs every command a second time with ``PY -m schafkopf_score`` (the
code installed for that interpreter: another checkout's virtual environment) on the same
season, in a folder of its own, interleaved with this checkout's run (A B A B ...), and prints
each figure's median for both and the median of the pairs' ratios (this / baseline): on a
shared, noisy machine the ratio of runs made side by side is the figure to quote. This
checkout runs as ``sys.executable -m schafkopf_score`` with the repository on ``PYTHONPATH``.
Without a baseline, each figure is given as a ratio to a bare ``python -c pass``.

Without ``--from-export`` or ``--generated``, the script generates seasons of every family
(100,000 games over 2,000 sessions for the first, a quarter of that for the others, with every
kind of entry the family has) and times ``add`` into it against ``add`` into an empty ledger,
``settle``, ``sheet``, ``stats --all``, ``rating`` and ``stats --player NAME --all`` (the median of
the runs), ``export --all --format json`` and ``import`` of that export, at half the size too, to
show how they grow.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


from schafkopf_score.ledger import Ledger  # noqa: E402
from schafkopf_score.rules.model import GameEntry  # noqa: E402
from schafkopf_score.rules.play import play, seat, start_state  # noqa: E402
from schafkopf_score.rules.registry import find_family  # noqa: E402
from schafkopf_score.session.settle import session_balances, settle_session  # noqa: E402
from schafkopf_score.table import load_table  # noqa: E402
from schafkopf_score.table.file import render_table  # noqa: E402

PLAYERS = {
    "bavarian": ["Anna", "Ben", "Cora", "Dora", "Emil"],
    "wendish": ["Anna", "Ben", "Cora", "Dora"],
    "deutscher": ["Anna", "Ben", "Cora", "Dora"],
    "sheepshead": ["Anna", "Ben", "Carla", "Dan", "Eva", "Fritz"],
}
REPLACE = {
    "bavarian": {'all_pass = "ramsch"': 'all_pass = "stock"'},
    "wendish": {"muss_solo = 0 ": "muss_solo = 1 ", "muss_solo_penalty = 0 ": "muss_solo_penalty = 10 "},
    "deutscher": {},
    "sheepshead": {'no_pick = "leaster"': 'no_pick = "doubler"'},
}


def random_entry(family: str, active: list[str], rng: random.Random, state) -> GameEntry:
    p = rng.sample(active, len(active))
    a = rng.randint(0, 120)
    if family == "bavarian":
        kind = rng.choices(["sauspiel", "solo", "wenz", "weiter", "hochzeit", "bettel", "geier", "tout", "sie"],
                           [40, 12, 10, 12, 4, 4, 4, 2, 1])[0]
        if kind == "sauspiel" or kind == "hochzeit":
            return GameEntry(kind, player=p[0], partner=p[1], augen=a, laufende=rng.choice([0, 0, 3, 4]),
                             kontra=rng.random() < .1, legen=rng.choice([0, 0, 1]))
        if kind == "solo":
            return GameEntry("solo", player=p[0], suit=rng.choice(["eichel", "gras", "herz", "schellen"]), augen=a,
                             laufende=rng.choice([0, 3, 5]))
        if kind in ("wenz", "geier"):
            return GameEntry(kind, player=p[0], augen=a, laufende=rng.choice([0, 2, 3]))
        if kind == "tout":
            return GameEntry("wenz", player=p[0], tout=True, won=rng.random() < .7)
        if kind == "sie":
            return GameEntry("sie", player=p[0], laufende=8)
        if kind == "bettel":
            return GameEntry("bettel", player=p[0], won=rng.random() < .6)
        return GameEntry("weiter")
    if family == "wendish":
        kind = rng.choice(["normal", "normal", "normal", "hochzeit", "solo"])
        if kind == "solo":
            if rng.random() < .5:
                return GameEntry("solo", player=p[0], still=True, augen=a)
            return GameEntry("solo", player=p[0], suit=rng.choice(["kreuz", "pik", "herz", "karo"]), augen=a)
        return GameEntry(kind, player=p[0], partner=p[1], augen=a)
    if family == "deutscher":  # every game has its own draw (partners = "per_game"): the pairs it drew play
        fam = find_family(family)
        drawn = fam.own_state(state).partners
        if not drawn:
            return fam.lot(active, rng)
        pair = rng.choice(drawn)
        return GameEntry("spiel", player=pair[0], partner=pair[1], augen=a, zwang=rng.random() < .1)
    kind = rng.choices(["pick", "alone", "doubler"], [80, 10, 10])[0]
    if kind == "doubler":
        return GameEntry("doubler")
    if kind == "alone":
        return GameEntry("pick", player=p[0], alone=True, augen=a, crack=rng.random() < .1)
    return GameEntry("pick", player=p[0], partner=p[1], augen=a)


def generate(folder: Path, family: str, games: int, sessions: int, seed: int = 1) -> Path:
    """Write a table file and a ledger of ``games`` games over ``sessions`` sessions."""
    rng = random.Random(seed)
    path = folder / f"{family}.toml"
    text = render_table(find_family(family), PLAYERS[family], name=f"season-{family}")
    for old, new in REPLACE[family].items():
        text = text.replace(old, new)
    path.write_text(text)
    cfg = load_table(path)
    rules = cfg.snapshot()
    ledger = Ledger(cfg.ledger_path)
    per = games // sessions
    fam = find_family(family)
    with ledger.write() as conn:
        for s in range(sessions):
            sid = ledger.insert_session(conn)
            state = start_state(rules)
            balances = {p: 0 for p in rules.players}
            stock = 0
            hand = 0
            last = None
            while hand < per:
                active = list(seat(GameEntry("weiter"), rules, state).active)
                entry = random_entry(family, active, rng, state)
                try:
                    p = play(entry, rules, state)
                except Exception:
                    continue  # a random entry the rules refuse: draw another
                hand += 1
                gid = ledger.insert_game(conn, sid, hand, entry, "", rules, p.outcome.unit, p.outcome.payout_map(),
                                         p.outcome.stock, p.summary())
                last = (gid, state, dict(balances), stock)
                for n, v in p.outcome.payouts:
                    balances[n] += v
                stock += p.outcome.stock
                state = p.after
            if last and s % 10 == 0:
                # an undo of the last hand now and then: the state goes back to before it
                gid, state, balances, stock = last
                ledger.insert_void(conn, gid, "undo", "benchmark")
            if s < sessions - 1:  # closed as ``settle --close`` closes (every third evening rounded to 50)
                booked = fam.closing_bookings(rules, state, stock)
                closing = session_balances([balances], {"payouts": booked.payouts})
                settled = settle_session(rules, closing, stock + booked.stock, 50 if s % 3 == 1 else None, sid,
                                         closed=True)
                bookings: dict[str, object] = {"settlement": settled.stored()}
                if booked.payouts:
                    bookings.update({"payouts": booked.payouts, "stock": booked.stock, **booked.parts})
                ledger.insert_closing(conn, sid, closing, bookings)
    ledger.close()
    return path


def run(cmd: list[str], env: dict[str, str], cwd: Path) -> tuple[float, float, str]:
    """Wall seconds, peak RSS in MB (from wait4: of the largest of the process and the helper
    processes it waited for) and stdout."""
    wall, mb, _, out = timed(cmd, env, cwd)
    return wall, mb, out


def timed(cmd: list[str], env: dict[str, str], cwd: Path) -> tuple[float, float, float, str]:
    """``run``'s wall seconds and peak MB, the processor seconds (user and system, of the process
    and the helpers it waited for: less moved by a busy machine than the wall) and stdout."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, env=env, cwd=cwd, stdout=out, stderr=err)
        _, status, usage = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t0
        p.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if p.returncode != 0:
            raise SystemExit(f"{' '.join(cmd)} failed: {err.read().decode()}")
        return wall, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime, out.read().decode()


def measure(exe: list[str], folder: Path, family: str, games: int, sessions: int, runs: int) -> dict[str, object]:
    table = generate(folder, family, games, sessions)
    env = {**os.environ, "SCHAFKOPF_TABLE": str(table), "COLUMNS": "120"}
    empty_dir = folder / "empty"
    empty_dir.mkdir(exist_ok=True)
    empty = empty_dir / table.name
    shutil.copy(table, empty)
    add_args = {
        "bavarian": ["add", "weiter"], "wendish": ["add", "normal", "--player", "Anna", "--partner", "Ben",
                                                   "--augen", "70"],
        "deutscher": ["add", "spiel", "--player", "Anna", "--partner", "Ben", "--augen", "70"],
        "sheepshead": ["add", "doubler"],
    }[family]
    results: dict[str, object] = {"family": family, "games": games, "sessions": sessions}
    a_big, a_empty = [], []
    for _ in range(runs):
        a_empty.append(run(exe + ["--table", str(empty)] + add_args, env, folder)[0])
        a_big.append(run(exe + add_args, env, folder)[0])
    results["add_empty_s"] = statistics.median(a_empty)
    results["add_season_s"] = statistics.median(a_big)
    results["add_ratio"] = results["add_season_s"] / results["add_empty_s"]
    for name, args in (("settle", ["settle"]), ("sheet", ["sheet"]), ("stats_all", ["stats", "--all", "--json"])):
        results[name + "_s"], results[name + "_mb"], _ = run(exe + args, env, folder)
    # what the evenings tell (RULES §13): every hand of the season read, rated, and one player's page
    # (goal: each under 2 s and 200 MB); the median of the runs, the largest memory
    for name, args in (("rating", ["rating", "--json"]),
                       ("stats_player", ["stats", "--player", PLAYERS[family][0], "--all", "--json"])):
        runs_ = [run(exe + args, env, folder)[:2] for _ in range(runs)]
        results[name + "_s"] = statistics.median(r[0] for r in runs_)
        results[name + "_mb"] = max(r[1] for r in runs_)
    dump = folder / f"{family}.json"
    results["export_json_s"], results["export_json_mb"], _ = run(
        exe + ["export", "--all", "--format", "json", "--out", str(dump)], env, folder)
    target = folder / "import" / table.name
    target.parent.mkdir(exist_ok=True)
    shutil.copy(table, target)
    results["import_s"], results["import_mb"], _ = run(exe + ["--table", str(target), "import", str(dump)], env, folder)
    return results


def _table_file(table: dict, path: Path) -> Path:
    """A table file from an export's ``table`` section."""
    import tomli_w

    keys = ("name", "family", "players", "seats", "deck", "currency", "language")
    data = {"schema": 1, **{k: table[k] for k in keys if k in table}}
    if table.get("family") == "sheepshead":
        data["point_value"] = table.get("point_value", 0)
    data["tariff"] = table.get("tariff", {})
    data["rules"] = table.get("rules", {})
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    return path


def replicate(closed: dict, games: int) -> dict:
    """An export whose sessions repeat those of ``closed`` (all closed) until ``games`` games;
    new session and game ids, one evening a day, the last evening open."""
    import datetime as dt

    templates = closed["sessions"]
    per_round = sum(len(s["games"]) for s in templates)
    rounds = max(1, games // max(per_round, 1))
    sessions, game_id, day0 = [], 0, dt.datetime(2020, 1, 1, 19, 0, tzinfo=dt.timezone.utc)
    for _ in range(rounds):
        for template in templates:
            when = (day0 + dt.timedelta(days=len(sessions))).isoformat()
            ids: dict[int, int] = {}
            copied = []
            for g in template["games"]:
                game_id += 1
                ids[g["id"]] = game_id
                copied.append({**g, "id": game_id, "created_at": when,
                               "replaces": ids[g["replaces"]] if g["replaces"] is not None else None})
            sessions.append({"id": len(sessions) + 1, "opened_at": when, "closing": template["closing"],
                             "games": copied})
    return {**closed, "sessions": sessions}


def add_args(entry: dict) -> list[str]:
    """The ``add`` command line of a stored entry."""
    from schafkopf_score.rules.model import GameEntry, entry_options

    e = GameEntry.from_dict(entry)
    args = ["add", e.game]
    for opt in entry_options():
        if opt.field == "game" or opt.is_default(getattr(e, opt.field)):
            continue
        value = getattr(e, opt.field)
        name = opt.names[0]
        if opt.kind == "outcome":
            args.append(name.split("/")[0 if value else 1])
        elif value is True:
            args.append(name)
        elif isinstance(value, (list, tuple)):
            for item in value:
                args += [name, str(item)]
        elif isinstance(value, dict):
            args += [name, ",".join(f"{k}={v}" for k, v in value.items())]
        else:
            args += [name, str(value)]
    return args


class Side:
    """One program under test: how to start it and the folder its ledgers live in."""

    def __init__(self, name: str, exe: list[str], folder: Path, env: dict[str, str]) -> None:
        self.name, self.exe, self.folder, self.env = name, exe, folder, env
        folder.mkdir(parents=True, exist_ok=True)

    def run(self, table: Path, *args: str) -> tuple[float, float, float]:
        """(wall seconds, peak MB, processor seconds) of a command at ``table`` (its copy here)."""
        return timed(self.exe + ["--table", str(self.folder / table.name), *args], self.env, self.folder)[:3]


Timing = tuple[float, float, float]  # wall seconds, peak MB, processor seconds


def paired(sides: list[Side], runs: int, once: Any, before: Any = None) -> list[list[Timing]]:
    """``once(side)`` -> ``Timing``, run ``runs`` times per side, the sides in turn (A B A B):
    a busy machine slows both alike. ``before(side)`` runs untimed before each timed run."""
    out: list[list[Timing]] = [[] for _ in sides]
    unknown: set[int] = set()  # a side whose program refused the command (a baseline without it)
    for _ in range(runs):
        for i, side in enumerate(sides):
            if i in unknown:
                continue
            if before is not None:
                before(side)
            try:
                out[i].append(once(side))
            except SystemExit:
                if i == 0:
                    raise
                unknown.add(i)
                out[i] = []
    return out


def season_export(args: argparse.Namespace, folder: Path, exe: list[str],
                  env: dict[str, str]) -> tuple[Path, Path, str, list[str], list[str]]:
    """The season as ``export --format json`` writes it: (export, table file, what it is, the
    ``add`` of an evening's first hand, the ``add`` of its second)."""
    folder.mkdir()
    season_file = folder / "season.json"
    if args.from_export is not None:
        export = args.from_export.resolve()
        evening = json.loads(export.read_text(encoding="utf-8"))
        table = _table_file(evening["table"], folder / "evening.toml")
        run(exe + ["--table", str(table), "import", str(export)], env, folder)
        if any(s["closing"] is None for s in evening["sessions"]):
            run(exe + ["--table", str(table), "settle", "--close"], env, folder)
        closed_file = folder / "closed.json"
        run(exe + ["--table", str(table), "export", "--all", "--format", "json", "--out", str(closed_file)], env,
            folder)
        # built in a process of its own, so that this one stays small: a child's peak memory
        # (ru_maxrss) counts the pages it inherits from its parent
        subprocess.run([sys.executable, __file__, "--replicate", str(closed_file), str(args.games), str(season_file)],
                       check=True)
        n_games, n_sessions, first, second = json.loads((folder / "season.json.info").read_text())
        table_text = _table_file(evening["table"], folder / "season.toml").read_text(encoding="utf-8")
        what = f"season from {export.name}: {n_games} games in {n_sessions} sessions"
        return season_file, folder / "season.toml", what, first, second
    family = args.generated
    made = folder / "made"
    made.mkdir()
    subprocess.run([sys.executable, __file__, "--generate", family, str(args.games), str(args.games // 50),
                    str(made)], check=True)
    table = made / f"{family}.toml"
    run(exe + ["--table", str(table), "export", "--all", "--format", "json", "--out", str(season_file)], env, folder)
    # read in a process of its own too (this one's memory would count in every command's peak)
    subprocess.run([sys.executable, __file__, "--info", str(season_file)], check=True)
    n_games, n_sessions, first = json.loads(Path(str(season_file) + ".info").read_text(encoding="utf-8"))
    table_text = table.read_text(encoding="utf-8")
    (folder / "season.toml").write_text(table_text, encoding="utf-8")
    second = {"bavarian": ["add", "weiter"], "wendish": ["add", "normal", "--player", "Anna", "--partner", "Ben",
                                                      "--augen", "70"],
              "deutscher": ["add", "spiel", "--player", "Anna", "--partner", "Ben", "--augen", "70"],
              "sheepshead": ["add", "doubler"]}[family]
    what = f"generated {family} season: {n_games} games in {n_sessions} sessions"
    return season_file, folder / "season.toml", what, first, second


def season_figures(args: argparse.Namespace) -> None:
    """The season's commands timed, this checkout against ``--baseline-python`` (see the module's text)."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        env = {**os.environ, "COLUMNS": "120"}
        env.pop("SCHAFKOPF_TABLE", None)
        env_here = {**env, "PYTHONPATH": os.pathsep.join([str(ROOT), *filter(None, [env.get("PYTHONPATH")])])}
        here = [sys.executable, "-m", "schafkopf_score"]
        season_file, table, what, first, second = season_export(args, folder / "build", here, env_here)
        import tomllib

        player = str(tomllib.loads(table.read_text(encoding="utf-8"))["players"][0])  # (for stats --player)
        sides = [Side("this", here, folder / "this", env_here)]
        if args.baseline_python:
            env_base = dict(env)
            env_base.pop("PYTHONPATH", None)
            sides.append(Side("baseline", [args.baseline_python, "-m", "schafkopf_score"], folder / "baseline",
                              env_base))
        for side in sides:
            shutil.copy(table, side.folder / table.name)
            (side.folder / "empty").mkdir()
            shutil.copy(table, side.folder / "empty" / table.name)
        ledger = table.with_suffix(".sqlite").name
        figures: dict[str, list[list[Timing]]] = {}

        def fresh(side: Side) -> None:
            for leftover in side.folder.glob(ledger + "*"):
                leftover.unlink()

        figures["import"] = paired(sides, args.import_runs, lambda side: side.run(table, "import", str(season_file)),
                                   before=fresh)
        for side in sides:  # the season the other commands are timed on: imported last, and an evening opened
            side.run(table, *first)
            run(side.exe + ["--table", str(side.folder / "empty" / table.name), *first], side.env, side.folder)
        out = folder / "out"
        out.mkdir()
        commands = {
            "settle --all": ["settle", "--all", "--json"],
            "standings --all": ["standings", "--all", "--json"],
            "stats --all": ["stats", "--all", "--json"],
            "export json --all": ["export", "--all", "--format", "json", "--out", str(out / "s.json")],
            "export csv --all": ["export", "--all", "--format", "csv", "--out", str(out / "s.csv")],
            "export csv-de --all": ["export", "--all", "--format", "csv-de", "--out", str(out / "s.de.csv")],
            "export md --all": ["export", "--all", "--format", "md", "--out", str(out / "s.md")],
            "export html --all": ["export", "--all", "--format", "html", "--out", str(out / "s.html")],
            "export text --all": ["export", "--all", "--format", "text", "--out", str(out / "s.txt")],
            "rating": ["rating", "--json"],
            "stats --player": ["stats", "--player", player, "--all", "--json"],
            "sheet": ["sheet"],
            "check": ["check"],
            "check --full": ["check", "--full"],
        }
        for name, cmd in commands.items():
            figures[name] = paired(sides, args.runs, lambda side, cmd=cmd: side.run(table, *cmd))

        def add_once(side: Side, where: Path) -> Timing:
            took = timed(side.exe + ["--table", str(where / table.name), *second], side.env, side.folder)[:3]
            run(side.exe + ["--table", str(where / table.name), "undo"], side.env, side.folder)
            return took

        figures["add (season)"] = paired(sides, args.runs, lambda side: add_once(side, side.folder))
        figures["add (empty)"] = paired(sides, args.runs, lambda side: add_once(side, side.folder / "empty"))
        bare = paired(sides[:1], args.runs, lambda side: timed([sys.executable, "-c", "pass"], env, folder)[:3])[0]
        bare_s = statistics.median(r[0] for r in bare)
        print(f"{what}; {args.runs} runs a figure ({args.import_runs} for import), medians; bare python start "
              f"{bare_s * 1000:.0f} ms ({os.cpu_count()} cores, {sys.version.split()[0]})")
        if len(sides) == 1:
            print(f"{'command':<22}{'seconds':>9}{'x bare':>9}{'cpu s':>8}{'peak MB':>9}")
            for name, (mine,) in figures.items():
                secs = statistics.median(r[0] for r in mine)
                print(f"{name:<22}{secs:>9.2f}{secs / bare_s:>9.1f}{statistics.median(r[2] for r in mine):>8.2f}"
                      f"{max(r[1] for r in mine):>9.0f}")
        else:
            print(f"this: {ROOT}; baseline: {args.baseline_python}")
            print(f"{'command':<20}{'this s':>8}{'base s':>8}{'ratio':>7}{'range':>11}{'this cpu':>9}{'base cpu':>9}"
                  f"{'ratio':>7}{'this MB':>8}{'base MB':>8}")
            for name, (mine, theirs) in figures.items():
                if not theirs:  # a command the baseline does not have
                    print(f"{name:<20}{statistics.median(r[0] for r in mine):>8.2f}{'-':>8}{'-':>7}{'':>11}"
                          f"{statistics.median(r[2] for r in mine):>9.2f}{'-':>9}{'-':>7}{max(r[1] for r in mine):>8.0f}")
                    continue
                ratios = sorted(a[0] / b[0] for a, b in zip(mine, theirs, strict=True))
                cpu = statistics.median(a[2] / b[2] for a, b in zip(mine, theirs, strict=True))
                print(f"{name:<20}{statistics.median(r[0] for r in mine):>8.2f}"
                      f"{statistics.median(r[0] for r in theirs):>8.2f}{statistics.median(ratios):>7.2f}"
                      f"{f'{ratios[0]:.2f}-{ratios[-1]:.2f}':>11}{statistics.median(r[2] for r in mine):>9.2f}"
                      f"{statistics.median(r[2] for r in theirs):>9.2f}{cpu:>7.2f}{max(r[1] for r in mine):>8.0f}"
                      f"{max(r[1] for r in theirs):>8.0f}")
            print("s: wall seconds; cpu: processor seconds (user + system, helpers included); ratio: the median of "
                  "the pairs' ratios this / baseline (each pair run side by side); range: the lowest and highest pair")
        a_big = statistics.median(r[0] for r in figures["add (season)"][0])
        a_empty = statistics.median(r[0] for r in figures["add (empty)"][0])
        print(f"add into the season / add into an empty ledger (this): {a_big / a_empty:.2f}x")


def _replicate_to_file(closed_file: str, games: str, out: str) -> None:
    season = replicate(json.loads(Path(closed_file).read_text(encoding="utf-8")), int(games))
    with open(out, "w", encoding="utf-8") as fh:  # as ``export`` writes it: one line a game
        head = {k: v for k, v in season.items() if k != "sessions"}
        fh.write(json.dumps(head, ensure_ascii=False)[:-1] + ', "sessions": [\n')
        sessions = season["sessions"]
        for i, session in enumerate(sessions):
            info = {k: v for k, v in session.items() if k != "games"}
            fh.write(json.dumps(info, ensure_ascii=False)[:-1] + ', "games": [\n')
            games_ = session["games"]
            for j, g in enumerate(games_):
                fh.write(json.dumps(g, ensure_ascii=False) + (",\n" if j < len(games_) - 1 else "\n"))
            fh.write("]}" + ("," if i < len(sessions) - 1 else "") + "\n")
        fh.write("]}\n")
    sessions = season["sessions"]
    first, second = (add_args(g["entry"]) for g in sessions[0]["games"][:2])
    info = [sum(len(s["games"]) for s in sessions), len(sessions), first, second]
    Path(out + ".info").write_text(json.dumps(info), encoding="utf-8")


def main() -> None:
    if sys.argv[1:2] == ["--replicate"]:
        _replicate_to_file(*sys.argv[2:5])
        return
    if sys.argv[1:2] == ["--info"]:  # an export's games, sessions and the add of its first hand
        data = json.loads(Path(sys.argv[2]).read_text(encoding="utf-8"))
        info = [sum(len(s["games"]) for s in data["sessions"]), len(data["sessions"]),
                add_args(data["sessions"][0]["games"][0]["entry"])]
        Path(sys.argv[2] + ".info").write_text(json.dumps(info), encoding="utf-8")
        return
    if sys.argv[1:2] == ["--generate"]:
        family, games, sessions, folder = sys.argv[2:6]
        generate(Path(folder), family, int(games), int(sessions))
        return
    ap = argparse.ArgumentParser()
    ap.add_argument("--from-export", type=Path, default=None,
                    help="replicate the sessions of this JSON export into a season")
    ap.add_argument("--generated", metavar="FAMILY", default=None,
                    help="a season of this family made by the generator (random hands, 50 an evening)")
    ap.add_argument("--baseline-python", metavar="PY", default=None,
                    help="time every command also with PY -m schafkopf_score, interleaved, and print the ratios")
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--sessions", type=int, default=2_000)
    ap.add_argument("--families", default="bavarian,wendish,deutscher,sheepshead")
    ap.add_argument("--runs", type=int, default=5, help="runs of each command (each side), default 5")
    ap.add_argument("--import-runs", type=int, default=3, help="runs of import (each side), default 3")
    args = ap.parse_args()
    if args.from_export is not None or args.generated is not None:
        season_figures(args)
        return
    exe_path = shutil.which("schafkopf")
    exe = [exe_path] if exe_path else [sys.executable, "-m", "schafkopf_score"]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, family in enumerate(args.families.split(",")):
            size = args.games if i == 0 else args.games // 4
            sessions = args.sessions if i == 0 else args.sessions // 4
            for scale in (2, 1):  # half size first, to show the growth
                folder = Path(tmp) / f"{family}-{scale}"
                folder.mkdir()
                t0 = time.perf_counter()
                r = measure(exe, folder, family, size // scale, sessions // scale, args.runs if scale == 1 else 3)
                r["generate_s"] = time.perf_counter() - t0
                rows.append(r)
                print(json.dumps({k: round(v, 3) if isinstance(v, float) else v for k, v in r.items()}), flush=True)
    print()
    print(f"{'family':<11}{'games':>8}  {'add empty':>9} {'add season':>10} {'ratio':>6}  {'settle':>7} {'sheet':>7} "
          f"{'stats':>7} {'rating':>7} {'player':>7} {'export':>7} {'import':>7}  {'max MB':>6}")
    for r in rows:
        mb = max(r[k] for k in r if str(k).endswith("_mb"))
        print(f"{r['family']:<11}{r['games']:>8}  {r['add_empty_s']*1000:>7.0f}ms {r['add_season_s']*1000:>8.0f}ms "
              f"{r['add_ratio']:>6.2f}  {r['settle_s']:>6.2f}s {r['sheet_s']:>6.2f}s {r['stats_all_s']:>6.2f}s "
              f"{r['rating_s']:>6.2f}s {r['stats_player_s']:>6.2f}s "
              f"{r['export_json_s']:>6.2f}s {r['import_s']:>6.2f}s  {mb:>6.0f}")


if __name__ == "__main__":
    main()
