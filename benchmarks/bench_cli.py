"""Start-up cost of the commands players type most, against a bare interpreter.

Run: python benchmarks/bench_cli.py [--runs N] [--baseline DIR]
Times `python -c pass`, `schafkopf calc ... --json` and `schafkopf add ...` in turn (bare, calc,
add, bare, calc, add, ...) so that machine noise hits all three alike, and prints the medians,
the ratios to the bare start (goals: calc --json within 8x, add within 10x), and the machine.
``--baseline DIR``: a checkout of another version (``git worktree add /tmp/base REV``); its calc
and add run in the same turns (``python -m schafkopf_score`` with ``PYTHONPATH`` set to each
checkout, this one's too, each on a table file its own ``new`` wrote), and the paired ratios
this / baseline follow.

All three run under the same interpreter (`sys.executable`, and its own `schafkopf` script,
never a version manager's shim) with compiled bytecode cached in a temporary folder, as an
installed program runs (a PYTHONDONTWRITEBYTECODE in the environment would otherwise make every
run compile every module); one warm-up run of each is not counted.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

GOALS = {"calc": 8.0, "add": 10.0}


def schafkopf_command() -> list[str]:
    """The ``schafkopf`` script installed for this interpreter, else ``python -m schafkopf_score``."""
    for folder in (sysconfig.get_path("scripts"), str(Path(sys.executable).parent)):
        script = Path(folder) / ("schafkopf.exe" if os.name == "nt" else "schafkopf")
        if script.is_file():
            return [str(script)]
    return [sys.executable, "-m", "schafkopf_score"]


def once(cmd: list[str], env: dict[str, str], cwd: str) -> float:
    t0 = time.perf_counter()
    subprocess.run(cmd, env=env, cwd=cwd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t0


def machine() -> str:
    """The processor, how many cores this process may use, and the system."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            cpu = next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), cpu)
    except OSError:
        pass
    logical = os.cpu_count() or 0
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else logical
    cores = f"{usable} of {logical} cores" if usable != logical else f"{logical} cores"
    return f"{cpu}, {cores}, {platform.system()} {platform.release()}"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=21)
    ap.add_argument("--baseline", type=Path, default=None, help="a checkout of another version to pair against")
    args = ap.parse_args()
    sides = {"": (schafkopf_command(), None)}
    if args.baseline is not None:  # both as python -m from their checkout, so that only the code differs
        here = Path(__file__).resolve().parent.parent
        sides = {"": ([sys.executable, "-m", "schafkopf_score"], here),
                 " (baseline)": ([sys.executable, "-m", "schafkopf_score"], args.baseline.resolve())}
    with tempfile.TemporaryDirectory() as tmp:
        plain = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH")}
        plain["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
        commands: dict[str, tuple[list[str], dict[str, str]]] = {"bare": ([sys.executable, "-c", "pass"], plain)}
        for suffix, (base, checkout) in sides.items():
            table = Path(tmp) / f"t{len(commands)}.toml"
            env = dict(plain, SCHAFKOPF_TABLE=str(table), **({"PYTHONPATH": str(checkout)} if checkout else {}))
            subprocess.run(base + ["new", str(table), "--family", "bavarian", "--players", "Anna,Ben,Cora,Dora"],
                           check=True, stdout=subprocess.DEVNULL, env=env, cwd=tmp)
            commands["calc" + suffix] = (base + ["calc", "solo", "--player", "Anna", "--suit", "herz", "--augen", "105",
                                                 "--laufende", "4", "--json"], env)
            commands["add" + suffix] = (base + ["add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen",
                                                "72"], env)
        for cmd, env in commands.values():  # warm-up: the bytecode cache is written
            once(cmd, env, tmp)
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.runs):  # interleaved
            for name, (cmd, env) in commands.items():
                times[name].append(once(cmd, env, tmp))
    med = {name: statistics.median(t) for name, t in times.items()}
    base = sides[""][0]
    bare = med["bare"]
    print(f"machine: {machine()}")
    print(f"python {platform.python_version()} ({sys.executable}); schafkopf: {' '.join(base)}")
    print(f"runs per command: {args.runs}, interleaved, medians")
    print(f"python -c pass          {bare * 1000:7.1f} ms   (the bare start)")
    for name, label in (("calc", "schafkopf calc --json"), ("add", "schafkopf add")):
        ratio = med[name] / bare
        verdict = "ok" if ratio <= GOALS[name] else "over"
        print(f"{label:<23} {med[name] * 1000:7.1f} ms   {ratio:5.2f}x  (goal <= {GOALS[name]:g}x: {verdict})")
    if args.baseline is not None:
        print(f"baseline: {args.baseline}")
        for name, label in (("calc", "schafkopf calc --json"), ("add", "schafkopf add")):
            other = times[name + " (baseline)"]
            paired = statistics.median(a / b for a, b in zip(times[name], other, strict=True))
            print(f"{label + ' (baseline)':<34} {med[name + ' (baseline)'] * 1000:7.1f} ms   "
                  f"{med[name + ' (baseline)'] / bare:5.2f}x;  this / baseline, paired: {paired:.2f}")


if __name__ == "__main__":
    main()
