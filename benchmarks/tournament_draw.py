"""The spread draw against a random draw: how many pairs meet again, and how long a draw takes.

Run: python benchmarks/tournament_draw.py [--seeds 5] [--json]

For 16, 20, 60 and 200 players over 3 to 6 rounds, both draws are run round after round (each
round's draw sees the tables of the rounds before), with SEEDS seeds each; printed per player
count and number of rounds: the pairs meeting again in all the rounds together (the mean over
the seeds) for ``spread`` and ``random``. Then the time of one spread draw for 200 players in
round 6 (the hardest: the most earlier opponents), median and max over the seeds; the target is
under 2 s. Pure functions (``tournament/draw.py``): no ledger, no CLI start-up.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from schafkopf_score.tournament.draw import draw_tables, meetings, repeats, spread_tables, table_sizes  # noqa: E402

COUNTS = (16, 20, 60, 200)
ROUNDS = (3, 4, 5, 6)


def run(count: int, rounds: int, seed: str, spread: bool) -> tuple[int, float]:
    """Pairs meeting again over ``rounds`` rounds, and the time of the last round's draw."""
    players = [f"P{i:03}" for i in range(count)]
    sizes = table_sizes(count)
    past: list[list[list[str]]] = []
    again = 0
    took = 0.0
    for r in range(1, rounds + 1):
        met = meetings(past)
        start = time.perf_counter()
        tables = (spread_tables(players, r, seed, sizes, met) if spread and r > 1
                  else draw_tables(players, r, seed, None, sizes))
        took = time.perf_counter() - start
        again += len(repeats(tables, met))
        past.append(tables)
    return again, took


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    seeds = [f"bench-{i}" for i in range(args.seeds)]
    rows = []
    for count in COUNTS:
        for rounds in ROUNDS:
            spread = statistics.mean(run(count, rounds, s, True)[0] for s in seeds)
            rand = statistics.mean(run(count, rounds, s, False)[0] for s in seeds)
            rows.append({"players": count, "rounds": rounds, "spread": spread, "random": rand})
    times = [run(200, 6, s, True)[1] for s in seeds]
    timing = {"players": 200, "round": 6, "median_s": statistics.median(times), "max_s": max(times), "target_s": 2.0}
    if args.json:
        print(json.dumps({"repeats": rows, "time": timing}, indent=1))
        return
    print(f"pairs meeting again (mean over {len(seeds)} seeds), all rounds together")
    print(f"{'players':>8} {'rounds':>7} {'spread':>8} {'random':>8}")
    for r in rows:
        print(f"{r['players']:>8} {r['rounds']:>7} {r['spread']:>8.1f} {r['random']:>8.1f}")
    ok = "ok" if timing["max_s"] < 2.0 else "TOO SLOW"
    print(f"spread draw, 200 players, round 6: median {timing['median_s']:.3f} s, max {timing['max_s']:.3f} s "
          f"(target < 2 s: {ok})")


if __name__ == "__main__":
    main()
