"""A season-sized ledger and what the commands cost on it.

Run: python benchmarks/season.py [--games 100000] [--sessions 2000] [--families bavarian,...]

For each family it generates a ledger (default: 100,000 games over 2,000 sessions for
Bavarian, a quarter of that for the other families) with every kind of entry the family has
(thrown-in hands, Stock, Ramsch, voids, edits with restatements, closings), then times real
`schafkopf` processes: `add` into it against `add` into an empty ledger (goal: within 1.2x),
`settle` and `sheet` of the latest session, `stats --all`, `export --all --format json` and
`import` of that export (goals: each under 2 s, memory under 200 MB). It also runs the heavy
commands at half the size to show how they grow.
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

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


from schafkopf_score.ledger import Ledger  # noqa: E402
from schafkopf_score.money import equal_shares  # noqa: E402
from schafkopf_score.rules.model import GameEntry  # noqa: E402
from schafkopf_score.rules.play import play, seat, start_state  # noqa: E402
from schafkopf_score.rules.registry import find_family  # noqa: E402
from schafkopf_score.table import load_table, render_table  # noqa: E402

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
    if family == "deutscher":
        return GameEntry("spiel", player=p[0], partner=p[1], augen=a, zwang=rng.random() < .1)
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
            if s < sessions - 1:
                ret = dict(zip(rules.players, equal_shares(stock, len(rules.players)), strict=True)) if stock > 0 else {}
                pen = fam.closing_bookings(rules, state)
                booked = {n: ret.get(n, 0) + pen.get(n, 0) for n in set(ret) | set(pen)}
                bookings = ({"payouts": booked, "stock": -sum(ret.values()), "stock_return": ret, "penalties": pen}
                            if booked else {})
                ledger.insert_closing(conn, sid, {n: balances[n] + booked.get(n, 0) for n in balances}, bookings)
    ledger.close()
    return path


def run(cmd: list[str], env: dict[str, str], cwd: Path) -> tuple[float, float, str]:
    """Wall seconds, peak RSS in MB (of this process alone, from wait4) and stdout."""
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
        return wall, usage.ru_maxrss / 1024, out.read().decode()


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
    dump = folder / f"{family}.json"
    results["export_json_s"], results["export_json_mb"], _ = run(
        exe + ["export", "--all", "--format", "json", "--out", str(dump)], env, folder)
    target = folder / "import" / table.name
    target.parent.mkdir(exist_ok=True)
    shutil.copy(table, target)
    results["import_s"], results["import_mb"], _ = run(exe + ["--table", str(target), "import", str(dump)], env, folder)
    return results


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--sessions", type=int, default=2_000)
    ap.add_argument("--families", default="bavarian,wendish,deutscher,sheepshead")
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
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
          f"{'stats':>7} {'export':>7} {'import':>7}  {'max MB':>6}")
    for r in rows:
        mb = max(r[k] for k in r if str(k).endswith("_mb"))
        print(f"{r['family']:<11}{r['games']:>8}  {r['add_empty_s']*1000:>7.0f}ms {r['add_season_s']*1000:>8.0f}ms "
              f"{r['add_ratio']:>6.2f}  {r['settle_s']:>6.2f}s {r['sheet_s']:>6.2f}s {r['stats_all_s']:>6.2f}s "
              f"{r['export_json_s']:>6.2f}s {r['import_s']:>6.2f}s  {mb:>6.0f}")


if __name__ == "__main__":
    main()
