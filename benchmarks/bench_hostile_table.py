"""How fast a hostile table file is refused, against a table file of four players.

Run: python benchmarks/bench_hostile_table.py [--runs N]
Writes, in a temporary folder, a table file with 20,000 player names, one with 1,000,000, one
whose ``name`` is 100 MB, and a plain one, and times ``schafkopf --table FILE sheet`` on each
(the median of N runs). Goal (issue 23): each hostile file is refused within 3x the plain
file's time, before it is read whole (the 100 MB file is never read past its first megabyte).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOAL = 3.0


def run(table: Path) -> tuple[float, int]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SCHAFKOPF_TABLE": ""}
    t0 = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "schafkopf_score", "--table", str(table), "sheet"],
                       capture_output=True, env=env)
    return time.perf_counter() - t0, r.returncode


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder) / "plain.toml"
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        subprocess.run([sys.executable, "-m", "schafkopf_score", "new", str(base), "--players", "Anna,Ben,Cora,Dora"],
                       check=True, capture_output=True, env=env)
        text = base.read_text(encoding="utf-8")
        files = {"plain": base}
        for label, count in (("20,000 names", 20_000), ("1,000,000 names", 1_000_000)):
            path = Path(folder) / f"{count}.toml"
            names = json.dumps([f"Spieler{i}" for i in range(count)])
            start = text.index("\nplayers = ") + 1
            end = text.index("\n", start)
            path.write_text(text[:start] + f"players = {names}" + text[end:], encoding="utf-8")
            files[label] = path
        path = Path(folder) / "name.toml"
        start = text.index("\nname = ") + 1
        end = text.index("\n", start)
        path.write_text(text[:start] + 'name = "' + "x" * (100 << 20) + '"' + text[end:], encoding="utf-8")
        files["100 MB name"] = path
        medians = {}
        for label, path in files.items():
            times, codes = zip(*(run(path) for _ in range(runs)), strict=True)
            medians[label] = statistics.median(times)
            print(f"{label:>16}: {medians[label] * 1000:7.0f} ms  exit {set(codes)}")
        worst = max(v for k, v in medians.items() if k != "plain") / medians["plain"]
        print(f"worst hostile / plain: {worst:.2f}x (goal: within {GOAL}x)")
        return 0 if worst <= GOAL else 1


if __name__ == "__main__":
    sys.exit(main())
