"""How fast the table can enter an evening with ``schafkopf play``, and how much there is to type.

Run: python benchmarks/bench_play.py [--hands 200]

1. Latency: feeds ``schafkopf play`` an evening of hands through a pipe, one line at a time,
   and times each round trip from the line written to its one-line answer read (parse,
   validate, write with fsync, answer). Prints the median and the 90th percentile (goal:
   median at most 15 ms).
2. Keystrokes: the typical entries of RULES §8, counted after ``schafkopf add `` in the short
   notation and with the long options (goal: median at most 20).
3. The word splitter of a line (``notation.split_words``): one word of 1 MB and of 10 MB, plain
   and quoted (goal: linear; 1 MB well under a second).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TYPICAL = [  # (short notation, the same with long options)
    ("sau an be 72 l3 k", "sauspiel --player an --partner be --augen 72 --laufende 3 --kontra"),
    ("herzsolo co 105 l4 g1", "solo --player co --suit herz --augen 105 --laufende 4 --legen 1"),
    ("wenz do tout + l2", "wenz --player do --tout --won --laufende 2"),
    ("bettel be -", "bettel --player be --lost"),
    ("ramsch be jf do", "ramsch --loser be --jungfrau do"),
    ("weiter", "weiter"),
    ("sau co an 45", "sauspiel --player co --partner an --augen 45"),
    ("wenz be 95 l2", "wenz --player be --augen 95 --laufende 2"),
]


def evening(hands: int, rng: random.Random) -> list[str]:
    """A Wirtshaus evening of legal hands in the short notation."""
    names = ["an", "be", "co", "do"]
    lines = []
    for _ in range(hands):
        a, b = rng.sample(names, 2)
        kind = rng.random()
        augen = rng.randint(0, 120)
        if kind < 0.55:
            line = f"sau {a} {b} {augen}" + (f" l{rng.randint(3, 5)}" if rng.random() < 0.3 else "")
            line += " k" if rng.random() < 0.15 else ""
        elif kind < 0.75:
            line = f"{rng.choice(['herz', 'gras', 'eichel', 'schellen'])}solo {a} {augen}"
        elif kind < 0.9:
            line = f"wenz {a} {augen}" + (f" l{rng.randint(2, 4)}" if rng.random() < 0.3 else "")
        else:
            line = f"ramsch {a}"
        lines.append(line)
    return lines


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=200)
    args = ap.parse_args()
    exe = shutil.which("schafkopf")
    base = [exe] if exe else [sys.executable, "-m", "schafkopf_score"]
    with tempfile.TemporaryDirectory() as tmp:
        table = Path(tmp) / "t.toml"
        subprocess.run(base + ["new", str(table), "--players", "Anna,Ben,Cora,Dora", "--preset", "wirtshaus"],
                       check=True, stdout=subprocess.DEVNULL)
        p = subprocess.Popen(base + ["--table", str(table), "play"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env={**os.environ, "COLUMNS": "100"})
        assert p.stdin is not None and p.stdout is not None
        times = []
        for line in evening(args.hands, random.Random(1)):
            t0 = time.perf_counter()
            p.stdin.write(line + "\n")
            p.stdin.flush()
            answer = p.stdout.readline()
            times.append(time.perf_counter() - t0)
            assert answer.startswith("Spiel "), (line, answer, p.stderr.read() if p.poll() is not None else "")
        p.stdin.close()
        _, _, usage = os.wait4(p.pid, 0)  # the session's own processor time, whatever else runs
        cpu = usage.ru_utime + usage.ru_stime
    times.sort()
    print(f"play: {len(times)} hands piped, per recorded hand median {statistics.median(times) * 1000:.1f} ms, "
          f"90th percentile {times[int(len(times) * 0.9)] * 1000:.1f} ms (goal: median <= 15 ms); "
          f"processor time {cpu * 1000 / len(times):.1f} ms a hand (start-up included)")
    short = [len(s) for s, _ in TYPICAL]
    long = [len(o) for _, o in TYPICAL]
    print(f"keystrokes after 'schafkopf add ': short notation median {statistics.median(short):.0f} "
          f"(max {max(short)}), long options median {statistics.median(long):.0f} (goal: median <= 20)")
    for s, o in TYPICAL:
        print(f"  {len(s):3d}  {s:<24} {len(o):3d}  {o}")
    from schafkopf_score.notation import split_words

    for size in (1_000_000, 10_000_000):
        word = "x" * size
        for shown, line in (("plain", f"sau {word}"), ("quoted", f'sau "{word}"')):
            t0 = time.perf_counter()
            split_words(line)
            print(f"split_words: one {shown} word of {size // 1_000_000} MB in "
                  f"{(time.perf_counter() - t0) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
