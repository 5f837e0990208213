"""Start-up cost of the commands players type most, against a bare interpreter.

Run: python benchmarks/bench_cli.py [--runs N]
Prints the median wall time of `python -c pass`, `schafkopf calc ... --json` and
`schafkopf add ...`, side by side in one run, and their ratios (goals: calc within 8x,
add within 12x of the bare interpreter start).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def timed(cmd: list[str], env: dict[str, str], runs: int, cwd: str) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(cmd, env=env, cwd=cwd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=21)
    args = ap.parse_args()
    exe = shutil.which("schafkopf")
    base = [exe] if exe else [sys.executable, "-m", "schafkopf_score"]
    with tempfile.TemporaryDirectory() as tmp:
        table = Path(tmp) / "t.toml"
        subprocess.run(base + ["new", str(table), "--family", "bavarian", "--players", "Anna,Ben,Cora,Dora"],
                       check=True, stdout=subprocess.DEVNULL)
        env = {**os.environ, "SCHAFKOPF_TABLE": str(table)}
        calc = base + ["calc", "solo", "--player", "Anna", "--suit", "herz", "--augen", "105", "--laufende", "4",
                       "--json"]
        add = base + ["add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "72"]
        # interleave so machine noise hits all three alike
        bare_t, calc_t, add_t = [], [], []
        for _ in range(args.runs):
            bare_t.append(timed([sys.executable, "-c", "pass"], env, 1, tmp))
            calc_t.append(timed(calc, env, 1, tmp))
            add_t.append(timed(add, env, 1, tmp))
        bare, c, a = (statistics.median(x) for x in (bare_t, calc_t, add_t))
    print(f"runs per command: {args.runs}")
    print(f"python -c pass          {bare * 1000:7.1f} ms")
    print(f"schafkopf calc --json   {c * 1000:7.1f} ms   {c / bare:5.2f}x  (goal <= 8x)")
    print(f"schafkopf add           {a * 1000:7.1f} ms   {a / bare:5.2f}x  (goal <= 12x)")


if __name__ == "__main__":
    main()
