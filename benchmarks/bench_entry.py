"""What one entry costs as the evening grows, through the doors a table uses: ``schafkopf play``
(one long-lived process, lines piped one at a time) and ``schafkopf serve`` (``POST /api/hands``).

Run: python benchmarks/bench_entry.py [--hands 300] [--baseline DIR]

For each door it enters an evening of ``--hands`` hands into a fresh table and times every round
trip (the line written or the request sent, to its answer read). It prints the median of the
early hands (4-23) and of the last 20, and their ratio (goal: within 1.2x: hand 300 costs what
hand 3 costs). ``--baseline DIR``: a checkout of another version of the program (e.g. ``git
worktree add /tmp/base HEAD~20``), run the same way in turn with this one (A, B, A, B), so that
both are measured in one run on the same machine; its figures and the paired ratios follow.
Standard library only: the code under test is started as ``python -m schafkopf_score`` with
``PYTHONPATH`` set to the checkout.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ["Anna", "Ben", "Cora", "Dora"]
TABLE = """name = "bench"
family = "bavarian"
players = ["Anna", "Ben", "Cora", "Dora"]
language = "de"

[tariff]
sauspiel = 10
solo = 50

[rules]
games = ["sauspiel", "wenz", "solo"]
"""


def evening(hands: int) -> list[str]:
    """Legal hands, never the same twice in a row (so no door asks about a repeat)."""
    shapes = ["sau an be {a}", "wenz co {a}", "herzsolo do {a}", "sau be co {a} k", "grassolo an {a} l3",
              "sau co do {a}", "wenz be {a} l2", "sau do an {a}"]
    return [shapes[i % len(shapes)].format(a=40 + (i * 7) % 70) for i in range(hands)]


def env_for(code: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(code), "SCHAFKOPF_TABLE": "", "COLUMNS": "120",
            "PYTHONDONTWRITEBYTECODE": ""}


def fresh_table(folder: Path) -> Path:
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    path = folder / "bench.toml"
    path.write_text(TABLE, encoding="utf-8")
    return path


def through_play(code: Path, lines: list[str], folder: Path) -> list[float]:
    """Each line's round trip through one ``play`` process reading a pipe."""
    table = fresh_table(folder)
    proc = subprocess.Popen([sys.executable, "-m", "schafkopf_score", "--table", str(table), "play"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env_for(code), cwd=folder, bufsize=1)
    assert proc.stdin is not None and proc.stdout is not None
    times = []
    try:
        for line in lines:
            t0 = time.perf_counter()
            proc.stdin.write(line + "\n")
            proc.stdin.flush()
            answer = proc.stdout.readline()
            times.append(time.perf_counter() - t0)
            if not answer.startswith("Spiel "):
                raise RuntimeError(f"play refused {line!r}: {answer!r} {proc.stderr.readline()!r}")
    finally:
        proc.stdin.close()
        proc.wait(timeout=60)
    return times


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def through_server(code: Path, lines: list[str], folder: Path) -> list[float]:
    """Each hand's round trip through one server process (``POST /api/hands`` with a key)."""
    table = fresh_table(folder)
    port = _free_port()
    env = env_for(code)
    codes = subprocess.run([sys.executable, "-m", "schafkopf_score", "--table", str(table), "serve", "--codes"],
                           capture_output=True, text=True, env=env, cwd=folder, check=True).stdout
    host = next(line.split("?k=", 1)[1].strip() for line in codes.splitlines() if line.startswith("host: "))
    server = subprocess.Popen([sys.executable, "-m", "schafkopf_score", "--table", str(table), "serve", "--port",
                               str(port)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
                              cwd=folder)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.05)
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        headers = {"Authorization": f"Bearer {host}", "Content-Type": "application/json"}
        times = []
        for i, line in enumerate(lines):
            body = json.dumps({"line": line, "key": f"bench-{i}"})
            t0 = time.perf_counter()
            conn.request("POST", "/api/hands", body, headers)
            response = conn.getresponse()
            data = response.read()
            times.append(time.perf_counter() - t0)
            if response.status != 201:
                raise RuntimeError(f"the server refused {line!r}: {response.status} {data[:200]!r}")
        return times
    finally:
        server.terminate()
        server.wait(timeout=30)


def figures(times: list[float]) -> tuple[float, float]:
    """The median of the early hands (4-23) and of the last 20, in milliseconds."""
    early = statistics.median(times[3:23]) * 1000
    late = statistics.median(times[-20:]) * 1000
    return early, late


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--baseline", type=Path, default=None, help="a checkout of another version to pair against")
    parser.add_argument("--rounds", type=int, default=2, help="runs of each (A, B, A, B, ...)")
    args = parser.parse_args()
    lines = evening(args.hands)
    codes = {"this": ROOT, **({"baseline": args.baseline.resolve()} if args.baseline else {})}
    results: dict[tuple[str, str], list[tuple[float, float]]] = {}
    with tempfile.TemporaryDirectory(prefix="bench-entry-") as tmp:
        for _ in range(args.rounds):
            for door, run in (("play", through_play), ("server", through_server)):
                for name, code in codes.items():
                    results.setdefault((door, name), []).append(figures(run(code, lines, Path(tmp) / name / door)))
    print(f"{args.hands} hands, {args.rounds} runs each; milliseconds per entry (medians)")
    print(f"{'door':8} {'code':9} {'hands 4-23':>11} {'last 20':>9} {'last/early':>11}")
    for (door, name), runs in results.items():
        early = statistics.median(r[0] for r in runs)
        late = statistics.median(r[1] for r in runs)
        print(f"{door:8} {name:9} {early:11.1f} {late:9.1f} {late / early:10.2f}x")
    if args.baseline:
        for door in ("play", "server"):
            this, base = results[door, "this"], results[door, "baseline"]
            ratios = [a[1] / b[1] for a, b in zip(this, base, strict=True)]
            print(f"{door}: last 20 hands, this / baseline (paired runs): {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
