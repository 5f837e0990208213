"""Load test: a Preisschafkopf on PostgreSQL, every table entering its games at once.

Run: python benchmarks/tournament_load.py [--tables 50] [--games 32] [--url postgresql://...] [--json]

Registers 4 x TABLES players in a tournament file whose ledger is a PostgreSQL database (a
private server started for the run with tests/pgserver.py, or ``--url``, in a fresh schema),
draws round 1 with the CLI, then starts one process per table; all of them enter their GAMES
hands at the same moment, each hand as a command would (a fresh connection, the table's
session replayed inside the writer lock, one transaction). Then it checks:

- nothing lost or duplicated: every table holds hands 1..GAMES once, TABLES x GAMES in all;
- the ranking equals a sequential replay: the same hands entered one after another into a
  SQLite tournament drawn with the same seed give the same ranking (``tournament ranking --json``);
- ``check`` finds no problem;

and prints the entry latency (median, p95, max), the wall time and the hands per second.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def hands_for(tisch: int, players: list[str], games: int) -> list[list[str]]:
    """A table's hands in the short notation, the same for every run (seeded by the table)."""
    rng = random.Random(tisch)
    out = []
    for _ in range(games):
        a, b = rng.sample(players, 2)
        kind = rng.random()
        if kind < 0.6:
            out.append(["sau", a, b, str(rng.choice([30, 50, 61, 72, 90, 95]))])
        elif kind < 0.8:
            out.append([rng.choice(["herzsolo", "eichelsolo", "grassolo"]), a, str(rng.choice([40, 61, 95, 120]))])
        elif kind < 0.95:
            out.append(["wenz", a, str(rng.choice([35, 70, 100]))])
        else:
            out.append(["weiter"])
    return out


def worker(table_file: str, tisch: int, players: list[str], games: int, start_at: float) -> None:
    """One table's device: waits for the common start, enters its hands, prints the latencies."""
    from schafkopf_score.app import hands
    from schafkopf_score.app.line import line_of
    from schafkopf_score.app.where import at
    from schafkopf_score.ledger import open_ledger
    from schafkopf_score.table import load_table

    cfg = load_table(Path(table_file))
    # warm: the modules a command imports on its way, so that the figures are the entries'
    import psycopg  # noqa: F401

    import schafkopf_score.app.hands  # noqa: F401
    import schafkopf_score.ledger.postgres  # noqa: F401

    cfg.family_obj()
    delay = start_at - time.time()
    if delay > 0:
        time.sleep(delay)
    latencies = []
    for words in hands_for(tisch, players, games):
        t0 = time.perf_counter()
        with open_ledger(cfg) as ledger:
            hands.add(at(cfg, ledger, "add", tisch), line_of(words))
        latencies.append(time.perf_counter() - t0)
    print(json.dumps(latencies))


def cli(table: Path, *args: str) -> str:
    r = subprocess.run([sys.executable, "-m", "schafkopf_score", "--table", str(table), *args], capture_output=True,
                       text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    if r.returncode != 0:
        raise SystemExit(f"schafkopf {' '.join(args)} failed: {r.stderr}")
    return r.stdout


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def hall(url: str, tables: int, games: int, folder: Path, prefix: str) -> tuple[Path, Path, list[dict[str, object]], str]:
    """A tournament of 4 x ``tables`` players, round 1 drawn: on PostgreSQL (a fresh schema of
    ``url``) and, for the sequential replay, the same drawn on SQLite. Returns both table
    files, the round's tables and the PostgreSQL ledger's address."""
    import secrets

    import psycopg

    schema = f"{prefix}_{secrets.token_hex(4)}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    ledger_url = f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{schema}"
    players = [f"Spieler{i:03d}" for i in range(1, 4 * tables + 1)]
    pg_table = folder / "preis.toml"
    cli(pg_table, "tournament", "new", str(pg_table), "--players", ",".join(players), "--rounds", "1",
        "--games", str(games), "--language", "en")
    text = pg_table.read_text(encoding="utf-8")
    pg_table.write_text(f'ledger = "{ledger_url}"\n' + text, encoding="utf-8")
    sq_table = folder / "sequential.toml"
    sq_table.write_text(text, encoding="utf-8")
    for table in (pg_table, sq_table):
        cli(table, "tournament", "draw", "--seed", "2026")
    seating = json.loads(cli(pg_table, "tournament", "tables", "--json"))["tables"]
    assert seating == json.loads(cli(sq_table, "tournament", "tables", "--json"))["tables"]
    return pg_table, sq_table, seating, ledger_url


def verify(pg_table: Path, sq_table: Path, seating: list[dict[str, Any]], games: int, ledger_url: str) -> dict[str, Any]:
    """After the hall: nothing lost and nothing twice (each table holds hands 1..games), the
    ranking equal to a sequential replay (the same hands entered one table after another into
    the SQLite twin), and what ``check`` finds."""
    import psycopg

    with psycopg.connect(ledger_url, autocommit=True) as conn:
        rows = conn.execute("SELECT t.tisch, g.hand FROM games g JOIN round_tables t ON t.session_id = g.session_id "
                            "ORDER BY t.tisch, g.hand").fetchall()
    by_table: dict[int, list[int]] = {}
    for tisch, hand in rows:
        by_table.setdefault(int(tisch), []).append(int(hand))
    intact = sorted(by_table) == [t["tisch"] for t in seating] and all(
        hands == list(range(1, games + 1)) for hands in by_table.values())
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for t in seating:
        lines = "\n".join(" ".join(w) for w in hands_for(t["tisch"], t["players"], games)) + "\n"
        r = subprocess.run([sys.executable, "-m", "schafkopf_score", "--table", str(sq_table), "tournament", "enter",
                            "--tisch", str(t["tisch"]), "-"], input=lines, capture_output=True, text=True, env=env)
        if r.returncode != 0:
            raise SystemExit(f"sequential entry failed: {r.stderr}")
    same = json.loads(cli(pg_table, "tournament", "ranking", "--json")) == json.loads(
        cli(sq_table, "tournament", "ranking", "--json"))
    problems = json.loads(cli(pg_table, "check", "--json"))["problems"]
    return {"stored": len(rows), "intact": intact, "ranking_equals_sequential": same, "problems": problems}


def run(url: str, tables: int, games: int, folder: Path) -> dict[str, object]:

    pg_table, sq_table, seating, ledger_url = hall(url, tables, games, folder, "load")

    start_at = time.time() + 1.5 + tables * 0.05  # every process started and imported before it
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [subprocess.Popen([sys.executable, __file__, "--worker", str(pg_table), str(t["tisch"]),
                               ",".join(t["players"]), str(games), str(start_at)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env) for t in seating]
    latencies: list[float] = []
    failures = []
    for p in procs:
        out, err = p.communicate(timeout=1800)
        if p.returncode != 0:
            failures.append(err.strip().splitlines()[-1] if err.strip() else f"exit {p.returncode}")
        else:
            latencies.extend(json.loads(out))
    wall = time.time() - start_at  # from the common start to the last process done

    verdict = verify(pg_table, sq_table, seating, games, ledger_url)
    return {
        "tables": tables, "games_per_table": games, "processes": len(procs), "hands_stored": verdict["stored"],
        "hands_expected": tables * games, "failures": failures, "intact": verdict["intact"],
        "ranking_equals_sequential": verdict["ranking_equals_sequential"], "check_problems": verdict["problems"],
        "wall_s": round(wall, 2), "hands_per_s": round(len(latencies) / wall, 1) if wall > 0 else None,
        "latency_ms": {"median": round(1000 * statistics.median(latencies), 1) if latencies else None,
                       "p95": round(1000 * percentile(latencies, 0.95), 1) if latencies else None,
                       "max": round(1000 * max(latencies), 1) if latencies else None},
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
    }


@contextlib.contextmanager
def postgresql(url: str | None) -> Iterator[str]:
    """The PostgreSQL server of a run: ``url`` (or ``SCHAFKOPF_TEST_PG``), else a private one
    started for the run with tests/pgserver.py and stopped after it."""
    sys.path.insert(0, str(ROOT / "tests"))
    from pgserver import start, stop  # type: ignore[import-not-found]

    url = url or os.environ.get("SCHAFKOPF_TEST_PG")
    if url:
        yield url
        return
    url, server = start()
    try:
        yield url
    finally:
        stop(server)


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        table_file, tisch, players, games, start_at = sys.argv[2:7]
        worker(table_file, int(tisch), players.split(","), int(games), float(start_at))
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--games", type=int, default=32)
    ap.add_argument("--url", help="a PostgreSQL server (default: a private one for this run)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args()
    with postgresql(args.url) as url, tempfile.TemporaryDirectory() as tmp:
        result = run(url, args.tables, args.games, Path(tmp))
    if args.json:
        print(json.dumps(result, indent=2))
        return
    ok = (result["intact"] and result["ranking_equals_sequential"] and not result["check_problems"]
          and not result["failures"])
    lat = result["latency_ms"]
    print(f"{result['processes']} processes x {args.games} hands into one tournament on PostgreSQL "
          f"({result['machine']})")
    print(f"  stored {result['hands_stored']} of {result['hands_expected']} hands, every table 1..{args.games} once: "
          f"{'yes' if result['intact'] else 'NO'}")
    print(f"  ranking equals a sequential replay: {'yes' if result['ranking_equals_sequential'] else 'NO'}; "
          f"check problems: {len(result['check_problems'])}; failed processes: {len(result['failures'])}")  # type: ignore[arg-type]
    print(f"  entry latency: median {lat['median']} ms, p95 {lat['p95']} ms, max {lat['max']} ms")  # type: ignore[index]
    print(f"  wall {result['wall_s']} s, {result['hands_per_s']} hands/s")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
