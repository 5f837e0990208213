"""Load test of ``schafkopf serve`` (issue 26): a hall of phones on one server command.

Run: python benchmarks/serve_load.py [--tables 50] [--games 32] [--workers 2] [--no-pair] [--url postgresql://...]
     [--phones 8] [--streams 200]
     python benchmarks/serve_load.py --writers 8 [--hands 12] [--rounds 5] [--baseline main] [--in-process]

1. A Preisschafkopf of 4 x TABLES players on PostgreSQL (a private server started for the run
   with tests/pgserver.py, or ``--url``, in a fresh schema), round 1 drawn, one ``schafkopf
   serve --workers WORKERS`` on 127.0.0.1 (paired: the same hall again on one process). Each
   table's phone posts its GAMES hands through its own
   ``tisch N`` code (``POST /api/hands`` with an idempotency key), each after a random pause of
   0-2 s (about TABLES / 1 s = 50 hands a second offered for 50 tables). Checked: every hand
   stored once (per table hands 1..GAMES), the ranking equal to a sequential replay (the same
   lists entered one after another into a SQLite tournament drawn with the same seed), ``check``
   clean. Printed: the entry latency seen by the phones (p50, p95, p99, max), and where the
   server's time goes (its own timing of the library call, from a sample of requests).
2. One table of PHONES phones on SQLite, the same way (GAMES / 4 hands each).
3. The server's memory (VmRSS) with STREAMS open event streams, each of which must receive
   the ``change`` of one more hand.

With ``--writers N`` only this runs instead: one table on SQLite, N phones that post their
HANDS hands each at the same moment, back to back (each the next as soon as the last is
answered: eight phones entering at once, far more than a table does), through the code of this
checkout and, paired in the same run, the code of ``--baseline`` (a git revision, ``git archive``d
into a temporary folder), alternating ROUNDS times on fresh tables. Printed: each one's median and
p95 of the entry latency over all rounds (and per round), every hand stored once, numbered once;
with ``--in-process``, the same writers as threads of this process calling the library, with
the writers' turns and without them, paired.

Loopback only; every loop is bounded (a phone stops after its hands, every wait has a timeout).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import random
import selectors
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from tournament_load import (  # type: ignore[import-not-found]  # noqa: E402
    cli,
    hands_for,
    percentile,
    postgresql,
    verify,  # type: ignore[import-not-found]  # noqa: E402
)
from tournament_load import hall as set_up_hall  # type: ignore[import-not-found]  # noqa: E402


def start_server(table: Path, workers: int = 1) -> tuple[subprocess.Popen[str], int, dict[str, str]]:
    from serving import Server  # type: ignore[import-not-found]

    s = Server(table, *(["--workers", str(workers)] if workers > 1 else []))
    return s.proc, s.port, s.codes


SPLITS: list[dict[str, float]] = []  # the server's own timing of each answer (its Server-Timing header)


def post(conn: http.client.HTTPConnection, code: str, body: dict[str, object]) -> tuple[int, dict[str, object]]:
    data = json.dumps(body).encode()
    conn.request("POST", "/api/hands", body=data, headers={"Authorization": f"Bearer {code}",
                                                           "Content-Type": "application/json"})
    r = conn.getresponse()
    timing = r.getheader("server-timing") or ""
    SPLITS.append({part.split(";")[0].strip(): float(part.split("dur=")[1]) / 1000
                   for part in timing.split(",") if "dur=" in part})
    return r.status, json.loads(r.read())


def where(latencies: list[float], splits: list[dict[str, float]]) -> dict[str, float | None]:
    """Where the median answer's time went: waiting for a worker thread, the library with the
    database (the replay inside the lock, the commit), and the rest (HTTP, the event loop, the
    client) as seen by the phone."""
    import statistics

    if not splits or not latencies:
        return {}
    med = {k: statistics.median(s.get(k, 0.0) for s in splits) for k in ("queue", "ledger", "app")}
    return {"queue_ms": round(1000 * med["queue"], 1), "library_and_database_ms": round(1000 * med["ledger"], 1),
            "http_and_loop_ms": round(1000 * (statistics.median(latencies) - med["queue"] - med["ledger"]), 1)}


def phone(port: int, code: str, lines: list[tuple[str, dict[str, object]]], seed: int, out: list[float],
          errors: list[str]) -> None:
    """One phone: its hands, each after a random pause of 0-2 s, on one kept-alive connection."""
    rng = random.Random(seed)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    for key, body in lines:
        time.sleep(rng.uniform(0.0, 2.0))
        t0 = time.perf_counter()
        for _ in range(3):  # a dropped connection is sent again with the same key (recorded once)
            try:
                # a table's list may hold the same hand twice in a row: played twice, so confirmed
                status, answer = post(conn, code, {**body, "key": key, "confirm": True})
                break
            except (OSError, http.client.HTTPException):
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        else:
            errors.append(f"{key}: no answer")
            continue
        out.append(time.perf_counter() - t0)
        if status not in (200, 201):
            errors.append(f"{key}: {status} {answer}")
    conn.close()


def run_phones(port: int, jobs: list[tuple[str, list[tuple[str, dict[str, object]]]]]) -> tuple[list[float], list[str], float]:
    latencies: list[float] = []
    errors: list[str] = []
    threads = [threading.Thread(target=phone, args=(port, code, lines, i, latencies, errors))
               for i, (code, lines) in enumerate(jobs)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=900)
    return latencies, errors, time.perf_counter() - t0


def figures(latencies: list[float]) -> dict[str, float | None]:
    if not latencies:
        return {"p50": None, "p95": None, "p99": None, "max": None}
    return {"p50": round(1000 * percentile(latencies, 0.50), 1), "p95": round(1000 * percentile(latencies, 0.95), 1),
            "p99": round(1000 * percentile(latencies, 0.99), 1), "max": round(1000 * max(latencies), 1)}


def rss_mb(pid: int) -> float:
    """The memory of a process and of its children (the workers of ``--workers N``)."""
    total = 0.0
    children = Path(f"/proc/{pid}/task/{pid}/children")
    for p in [pid, *(int(c) for c in (children.read_text().split() if children.exists() else []))]:
        for line in Path(f"/proc/{p}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1]) / 1024
    return total


def stop(proc: subprocess.Popen[str]) -> None:
    import signal

    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def hall(url: str, tables: int, games: int, folder: Path, workers: int = 1) -> dict[str, object]:
    """Part 1: the tournament on PostgreSQL, served by ``workers`` processes."""
    folder.mkdir(exist_ok=True)
    pg_table, sq_table, seating, ledger_url = set_up_hall(url, tables, games, folder, "serve")
    proc, port, codes = start_server(pg_table, workers)
    try:
        jobs = [(codes[f"tisch {t['tisch']}"],
                 [(f"t{t['tisch']}-h{i}", {"line": " ".join(words)})
                  for i, words in enumerate(hands_for(t["tisch"], t["players"], games))]) for t in seating]
        SPLITS.clear()
        latencies, errors, wall = run_phones(port, jobs)
        split = where(latencies, SPLITS)
        memory = rss_mb(proc.pid)
    finally:
        stop(proc)
    verdict = verify(pg_table, sq_table, seating, games, ledger_url)
    return {"workers": workers, "tables": tables, "games": games, "hands_stored": verdict["stored"],
            "hands_expected": tables * games,
            "intact": verdict["intact"], "ranking_equals_sequential": verdict["ranking_equals_sequential"],
            "check_problems": len(verdict["problems"]),
            "errors": errors[:5], "error_count": len(errors), "wall_s": round(wall, 1),
            "offered_per_s": round(tables / 1.0, 1), "served_per_s": round(len(latencies) / wall, 1),
            "latency_ms": figures(latencies), "median_split": split, "server_rss_mb": round(memory, 1)}


def stammtisch(phones: int, games: int, folder: Path) -> dict[str, object]:
    """Part 2: one table of ``phones`` phones on SQLite."""
    table = folder / "stammtisch.toml"
    cli(table, "new", str(table), "--players", "Anna,Ben,Cora,Dora", "--language", "en")
    each = max(1, games // 4)
    choices = ["sau an be 72", "sau co do 61 l3", "wenz be 91", "herzsolo do 105 l4", "sau be co 35 -"]
    proc, port, codes = start_server(table)
    try:
        rng = random.Random(8)
        jobs = [(codes["host"], [(f"p{p}-h{i}", {"line": rng.choice(choices)}) for i in range(each)])
                for p in range(phones)]
        SPLITS.clear()
        latencies, errors, wall = run_phones(port, jobs)
        split = where(latencies, SPLITS)
    finally:
        stop(proc)
    hands = [h for h in json.loads(cli(table, "sheet", "--json"))["sessions"][0]["hands"] if not h["void"]]
    check = json.loads(cli(table, "check", "--json")) if cli(table, "check").strip() else {"problems": []}
    return {"phones": phones, "hands_stored": len(hands), "hands_expected": phones * each,
            "numbers_once": [h["hand"] for h in hands] == list(range(1, len(hands) + 1)),
            "check_problems": len(check["problems"]), "errors": errors[:5], "latency_ms": figures(latencies),
            "median_split": split, "wall_s": round(wall, 1)}


def streams(count: int, folder: Path) -> dict[str, object]:
    """Part 3: the server's memory with ``count`` open event streams, each of which gets a change."""
    table = folder / "streams.toml"
    cli(table, "new", str(table), "--players", "Anna,Ben,Cora,Dora", "--language", "en")
    cli(table, "add", "sau", "an", "be", "72")
    proc, port, codes = start_server(table)
    socks = []
    try:
        before = rss_mb(proc.pid)
        sel = selectors.DefaultSelector()
        for _ in range(count):
            s = socket.create_connection(("127.0.0.1", port), timeout=10)
            s.sendall(f"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer {codes['view']}"
                      "\r\n\r\n".encode())
            s.setblocking(False)
            sel.register(s, selectors.EVENT_READ, bytearray())
            socks.append(s)
        time.sleep(1.5)
        for key, _ in sel.select(timeout=0):
            key.fileobj.recv(65536)  # type: ignore[union-attr]  # the headers and the retry line
        opened = rss_mb(proc.pid)
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        t0 = time.perf_counter()
        post(conn, codes["host"], {"line": "wenz co 91", "key": "one-more"})
        got: set[int] = set()
        deadline = time.monotonic() + 5
        while len(got) < count and time.monotonic() < deadline:
            for key, _ in sel.select(timeout=0.2):
                chunk = key.fileobj.recv(65536)  # type: ignore[union-attr]
                key.data.extend(chunk)
                if b"event: change" in key.data:
                    got.add(key.fileobj.fileno())  # type: ignore[union-attr]
        reach = time.perf_counter() - t0
        after = rss_mb(proc.pid)
    finally:
        for s in socks:
            s.close()
        stop(proc)
    return {"streams": count, "received_change": len(got), "all_within_s": round(reach, 2),
            "rss_mb": {"before": round(before, 1), "open": round(opened, 1), "after_change": round(after, 1)}}


def start_code(table: Path, code_root: Path) -> tuple[subprocess.Popen[str], int, dict[str, str]]:
    """``schafkopf serve`` for ``table`` run from the package under ``code_root``, and that
    package only (asserted: the server's ``schafkopf_score`` is the one under ``code_root``)."""
    from serving import LINE, free_port, printed_codes  # type: ignore[import-not-found]

    env = {**os.environ, "PYTHONPATH": str(code_root), "SCHAFKOPF_TABLE": ""}
    found = subprocess.run([sys.executable, "-c", "import schafkopf_score; print(schafkopf_score.__file__)"],
                           capture_output=True, text=True, cwd=code_root, env=env, check=True).stdout.strip()
    assert Path(found).resolve().is_relative_to(code_root.resolve()), (found, code_root)
    port = free_port()
    # run in the code's folder: ``python -m`` looks in the current folder before PYTHONPATH
    proc = subprocess.Popen([sys.executable, "-m", "schafkopf_score", "--table", str(table), "serve", "--port",
                             str(port)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=code_root,
                            env=env)
    assert proc.stdout is not None
    out = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            raise SystemExit(f"serve ended: {''.join(out)} {proc.stderr.read() if proc.stderr else ''}")
        out.append(line)
        if "127.0.0.1:" in line and not LINE.match(line.strip()) and "k=" not in line:
            break
    return proc, port, printed_codes("".join(out))


def writers(count: int, hands: int, rounds: int, baseline: str, folder: Path) -> dict[str, object]:
    """``--writers``: ``count`` phones of one SQLite table posting at once, this checkout's code
    paired with ``baseline``'s (see the module)."""
    import statistics

    base = folder / "baseline"
    base.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", baseline, "schafkopf_score"], capture_output=True,
                             check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(base)], input=archive, check=True)
    codes = {"this checkout": ROOT, f"baseline {baseline}": base}
    lines = ["sau an be 72", "sau co do 61 l3", "wenz be 91", "herzsolo do 105 l4", "sau be co 35 -", "sau do an 90"]
    seen: dict[str, list[float]] = {name: [] for name in codes}
    splits: dict[str, list[dict[str, float]]] = {name: [] for name in codes}
    per_round: dict[str, list[tuple[float, float]]] = {name: [] for name in codes}
    problems: list[str] = []
    for r in range(rounds):
        order = list(codes) if r % 2 == 0 else list(reversed(codes))
        for name in order:
            table = folder / f"w{r}-{len(seen[name])}-{abs(hash(name)) % 1000}.toml"
            cli(table, "new", str(table), "--players", "Anna,Ben,Cora,Dora", "--language", "en")
            proc, port, got = start_code(table, codes[name])
            latencies: list[float] = []
            errors: list[str] = []
            gate = threading.Barrier(count)

            def phone(p: int, latencies: list[float] = latencies, errors: list[str] = errors,
                      gate: threading.Barrier = gate, port: int = port, code: str = got["host"]) -> None:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                conn.connect()
                gate.wait(timeout=30)
                for i in range(hands):
                    t0 = time.perf_counter()
                    try:
                        status, answer = post(conn, code, {"line": lines[(p + i) % len(lines)], "key": f"p{p}-h{i}",
                                                           "confirm": True})
                    except (OSError, http.client.HTTPException) as exc:
                        errors.append(f"p{p}-h{i}: {exc}")
                        conn.close()
                        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                        continue
                    latencies.append(time.perf_counter() - t0)
                    if status != 201:
                        errors.append(f"p{p}-h{i}: {status} {answer}")
                conn.close()

            threads = [threading.Thread(target=phone, args=(p,)) for p in range(count)]
            SPLITS.clear()
            for t in threads:
                t.start()
            for t in threads:
                t.join(timeout=600)
            splits[name].extend(SPLITS)
            stop(proc)
            stored = [h["hand"] for h in json.loads(cli(table, "sheet", "--json"))["sessions"][0]["hands"]]
            if stored != list(range(1, count * hands + 1)):
                problems.append(f"{name}, round {r + 1}: hands stored {len(stored)} of {count * hands}")
            problems.extend(f"{name}, round {r + 1}: {e}" for e in errors[:3])
            seen[name].extend(latencies)
            per_round[name].append((round(1000 * statistics.median(latencies), 1),
                                    round(1000 * percentile(latencies, 0.95), 1)))
    return {"writers": count, "hands_each": hands, "rounds": rounds, "problems": problems,
            "figures": {name: {"median_ms": round(1000 * statistics.median(v), 1),
                               "p95_ms": round(1000 * percentile(v, 0.95), 1),
                               "max_ms": round(1000 * max(v), 1), "answers": len(v),
                               "median_split": where(v, splits[name]),
                               "per_round_median_p95_ms": per_round[name]} for name, v in seen.items()}}


def in_process(count: int, hands: int, rounds: int, folder: Path) -> dict[str, object]:
    """``--writers N --in-process``: the same N writers as threads of one process calling the
    library (no HTTP, no server), with this process's writers' turns and, paired in alternating
    rounds, without them (SQLite's busy handler alone: ``Ledger._take_turn`` answering None)."""
    import statistics

    from schafkopf_score.app import hands as app_hands
    from schafkopf_score.app.line import read_line
    from schafkopf_score.app.where import at
    from schafkopf_score.ledger import open_ledger
    from schafkopf_score.ledger.store import Ledger
    from schafkopf_score.table import load_table

    lines = ["sau an be 72", "sau co do 61 l3", "wenz be 91", "herzsolo do 105 l4", "sau be co 35 -", "sau do an 90"]
    turns = Ledger._take_turn
    seen: dict[str, list[float]] = {"turns": [], "busy handler alone": []}
    for r in range(rounds):
        for name in list(seen) if r % 2 == 0 else list(reversed(seen)):
            Ledger._take_turn = turns if name == "turns" else (lambda self, wait: None)  # type: ignore[method-assign]
            table = folder / f"p{r}-{'turns' if name == 'turns' else 'busy'}.toml"
            cli(table, "new", str(table), "--players", "Anna,Ben,Cora,Dora", "--language", "en")
            cfg = load_table(table)
            gate = threading.Barrier(count)
            out = seen[name]

            def writer(p: int, cfg: object = cfg, gate: threading.Barrier = gate, out: list[float] = out) -> None:
                gate.wait(timeout=30)
                for i in range(hands):
                    t0 = time.perf_counter()
                    with open_ledger(cfg, create=True) as ledger:  # type: ignore[arg-type]
                        ledger.keep_folded = True  # as the server's
                        app_hands.add(at(cfg, ledger, "add", None), read_line(lines[(p + i) % len(lines)]))
                    out.append(time.perf_counter() - t0)

            threads = [threading.Thread(target=writer, args=(p,)) for p in range(count)]
            for t in threads:
                t.start()
            for t in threads:
                t.join(timeout=600)
    Ledger._take_turn = turns  # type: ignore[method-assign]
    return {name: {"median_ms": round(1000 * statistics.median(v), 1), "p95_ms": round(1000 * percentile(v, 0.95), 1),
                   "max_ms": round(1000 * max(v), 1), "answers": len(v)} for name, v in seen.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--games", type=int, default=32)
    ap.add_argument("--phones", type=int, default=8)
    ap.add_argument("--streams", type=int, default=200)
    ap.add_argument("--workers", type=int, default=2, help="server processes for the hall (--workers of serve)")
    ap.add_argument("--no-pair", action="store_true", help="skip the hall's paired run on one server process")
    ap.add_argument("--url", help="a PostgreSQL server (default: a private one for this run)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--writers", type=int, help="only: this many phones of one SQLite table posting at once, "
                                                "paired with --baseline")
    ap.add_argument("--hands", type=int, default=12, help="--writers: hands each phone posts")
    ap.add_argument("--rounds", type=int, default=5, help="--writers: runs of each code, alternating")
    ap.add_argument("--baseline", default="main", help="--writers: the git revision to pair with")
    ap.add_argument("--in-process", action="store_true", help="--writers: also as threads of one process (no HTTP), "
                                                                 "with and without the writers' turns")
    args = ap.parse_args()
    if args.writers:
        with tempfile.TemporaryDirectory() as tmp:
            got = writers(args.writers, args.hands, args.rounds, args.baseline, Path(tmp))
            if args.in_process:
                (Path(tmp) / "threads").mkdir()
                got["in_process"] = in_process(args.writers, args.hands, args.rounds, Path(tmp) / "threads")
        if args.json:
            print(json.dumps(got, indent=2))
        else:
            print(f"{got['writers']} phones of one SQLite table posting {got['hands_each']} hands each at once, "
                  f"{got['rounds']} rounds, paired ({platform.machine()}, {os.cpu_count()} cores, load average "
                  f"{os.getloadavg()[0]:.1f})")
            for name, f in got["figures"].items():  # type: ignore[attr-defined]
                print(f"  {name}: median {f['median_ms']} ms, p95 {f['p95_ms']} ms, max {f['max_ms']} ms "
                      f"({f['answers']} answers); per round (median, p95): {f['per_round_median_p95_ms']}; "
                      f"where the median answer's time goes: {f['median_split']}")
            for name, f in got.get("in_process", {}).items():  # type: ignore[attr-defined]
                print(f"  in one process, no HTTP, {name}: median {f['median_ms']} ms, p95 {f['p95_ms']} ms, "
                      f"max {f['max_ms']} ms ({f['answers']} answers)")
            for problem in got["problems"]:  # type: ignore[attr-defined]
                print(f"  problem: {problem}")
        sys.exit(1 if got["problems"] else 0)
    with postgresql(args.url) as url, tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        result = {"hall": hall(url, args.tables, args.games, folder, args.workers),
                  **({} if args.no_pair or args.workers == 1 else
                     {"hall_one_process": hall(url, args.tables, args.games, folder / "one", 1)}),
                  "stammtisch": stammtisch(args.phones, args.games, folder),
                  "event_streams": streams(args.streams, folder),
                  "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"}
    if args.json:
        print(json.dumps(result, indent=2))
        return
    h, s, e = result["hall"], result["stammtisch"], result["event_streams"]
    print(f"schafkopf serve under load ({result['machine']}; clients on the same machine)")
    print(f"1. {h['tables']} tables x {h['games']} hands on PostgreSQL through serve --workers {h['workers']}, "
          f"~{h['offered_per_s']} hands/s offered, {h['served_per_s']} served")
    print(f"   stored {h['hands_stored']} of {h['hands_expected']}, each table 1..{h['games']} once: "
          f"{'yes' if h['intact'] else 'NO'}; ranking equals a sequential replay: "
          f"{'yes' if h['ranking_equals_sequential'] else 'NO'}; check problems: {h['check_problems']}; "
          f"errors: {h['error_count']}")
    lat = h["latency_ms"]
    print(f"   entry latency p50 {lat['p50']} ms, p95 {lat['p95']} ms, p99 {lat['p99']} ms, max {lat['max']} ms "
          f"(goal p95 < 50 ms); server memory {h['server_rss_mb']} MB")
    print(f"   where the median answer's time goes: {h['median_split']}")
    print(f"   (load average of the machine during the run: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    one = result.get("hall_one_process")
    if one:
        lat1 = one["latency_ms"]
        print(f"   paired, the same hall on one server process: p50 {lat1['p50']} ms, p95 {lat1['p95']} ms, "
              f"p99 {lat1['p99']} ms (p95 {(lat1['p95'] or 0) / (lat['p95'] or 1):.1f}x of {h['workers']} processes'); "
              f"stored once {'yes' if one['intact'] else 'NO'}, ranking {'yes' if one['ranking_equals_sequential'] else 'NO'}")
    lat = s["latency_ms"]
    print(f"2. one table, {s['phones']} phones on SQLite: stored {s['hands_stored']} of {s['hands_expected']}, "
          f"numbered once: {'yes' if s['numbers_once'] else 'NO'}, check problems: {s['check_problems']}; "
          f"latency p50 {lat['p50']} ms, p95 {lat['p95']} ms, p99 {lat['p99']} ms; split {s['median_split']}")
    print(f"3. {e['streams']} open event streams: server memory {e['rss_mb']['open']} MB (before {e['rss_mb']['before']}"
          f" MB; goal < 150 MB); {e['received_change']} received the next change within {e['all_within_s']} s")
    ok = (h["intact"] and h["ranking_equals_sequential"] and not h["check_problems"] and not h["error_count"]
          and all(o["intact"] and o["ranking_equals_sequential"] and not o["check_problems"] and not o["error_count"]
                  for o in ([one] if one else []))
          and s["hands_stored"] == s["hands_expected"] and s["numbers_once"] and not s["check_problems"]
          and e["received_change"] == e["streams"])
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
