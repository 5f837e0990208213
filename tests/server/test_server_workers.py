"""``schafkopf serve --workers N`` (issue 26): several processes serve one port and one ledger;
every hand is recorded once, whichever process a phone's connection reaches; a stream on one
process hears the hands written through another; Ctrl-C stops them all, a killed command
leaves no worker behind, and a worker that dies stops the command with a clear message."""

from __future__ import annotations

import http.client
import json
import subprocess
import time

import pytest

from tests.server.test_server_api import read_event
from tests.serving import Server, cli


@pytest.fixture
def table(make_table):
    """A German table (the messages below are its language's)."""
    return make_table(language="de").path


def workers_of(s: Server) -> list[int]:
    """The worker processes of a served command (its children)."""
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(s.proc.pid)], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def post_fresh(s: Server, body: dict[str, object]) -> tuple[int, dict[str, object]]:
    """One request on a connection of its own (the kernel hands it to any worker)."""
    status, _, out = s.request("POST", "/api/hands", body, code=s.host)
    return status, json.loads(out)


def test_two_workers_record_every_hand_once_and_tell_every_stream(table):
    with Server(table, "--workers", "2") as s:
        assert len(workers_of(s)) == 2
        # "läuft auf http://127.0.0.1:PORT": said once, when both are ready
        assert sum(f"läuft auf http://127.0.0.1:{s.port} " in line for line in s.out) == 1, s.out
        conn = http.client.HTTPConnection("127.0.0.1", s.port, timeout=5)
        conn.request("GET", "/api/events", headers={"Authorization": f"Bearer {s.view}"})
        stream = conn.getresponse()
        stream.readline()
        time.sleep(0.5)
        # the same hand twelve times, each confirmed as played again (RULES §11)
        answers = [post_fresh(s, {"line": "sau an be 72", "key": f"h{i}", "confirm": True}) for i in range(12)]
        assert [status for status, _ in answers] == [201] * 12
        assert [a["hand"] for _, a in answers] == list(range(1, 13))
        # sent again, on new connections (either worker): the first answers, nothing written
        again = [post_fresh(s, {"line": "sau an be 72", "key": f"h{i}", "confirm": True}) for i in range(12)]
        assert again == [(200, a) for _, a in answers]
        seen = []
        deadline = time.monotonic() + 2
        while time.monotonic() < deadline and (not seen or seen[-1]["hands"] < 12):
            event = read_event(stream, deadline)
            if event is None:
                break
            seen.append(event)
        assert seen and seen[-1] == {"hands": 12, "session": 1}, seen
        conn.close()
        pids = workers_of(s)
        err = s.stop()  # Ctrl-C: as one process answers it
        assert s.proc.returncode == 130 and err.startswith("Abgebrochen") and "Traceback" not in err, err
    assert not any(alive(p) for p in pids)
    hands = json.loads(cli(table, "sheet", "--json").stdout)["sessions"][0]["hands"]
    assert [h["hand"] for h in hands] == list(range(1, 13))
    assert cli(table, "check").returncode == 0


def test_a_killed_command_leaves_no_worker_serving(table):
    s = Server(table, "--workers", "2")
    pids = workers_of(s)
    assert len(pids) == 2
    s.proc.kill()  # SIGKILL: the command cannot pass anything on
    s.proc.wait()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(alive(p) for p in pids):
        time.sleep(0.1)
    assert not any(alive(p) for p in pids)
    s.stop()


def test_a_worker_that_dies_stops_the_others_and_says_so(table):
    s = Server(table, "--workers", "2")
    first, second = workers_of(s)
    subprocess.run(["kill", "-KILL", str(first)], check=True)
    s.proc.wait(timeout=15)
    err = s.stop()
    assert s.proc.returncode == 2
    assert err == ("Fehler: Ein Serverprozess wurde durch SIGKILL beendet; die anderen wurden auch angehalten.\n"
                   "Starte schafkopf serve neu: jedes beantwortete Spiel steht im Buch.\n")
    assert "Traceback" not in err
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and alive(second):
        time.sleep(0.1)
    assert not alive(second)


@pytest.mark.parametrize("value", ["0", "17", "-1", "99999999999999999999999"])
def test_workers_out_of_range_are_refused(table, value):
    r = cli(table, "serve", "--workers", value, check=False)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    if len(value) > 9:  # a number of more digits than any option's is told so first (as --round's, --tisch's)
        assert f"'{value}' hat {len(value)} Stellen: viel mehr, als --workers sein kann." in r.stderr, r.stderr
    else:
        assert f"--workers {value} ist keine Zahl von Serverprozessen: sie muss zwischen 1 und 16 liegen." in r.stderr


def test_ctrl_c_ends_one_process_and_two_workers_alike(table):
    answers = []
    for extra in ((), ("--workers", "2")):
        s = Server(table, *extra)
        err = s.stop()
        answers.append((s.proc.returncode, err))
    assert answers[0] == answers[1]


WATCH = """
import os, sys, time
sys.path.insert(0, {root!r})
from schafkopf_score.server.workers import run

def serve_one(told):
    try:  # the worker that makes the marker first fails at its start; the other one is ready
        os.close(os.open({marker!r}, os.O_CREAT | os.O_EXCL))
    except FileExistsError:
        told()
        time.sleep(60)
        return
    raise SystemExit(3)

print("ended:", run(2, serve_one, lambda: print("READY", flush=True)), flush=True)
"""


def test_a_worker_that_dies_before_it_is_ready_is_reported_not_waited_for(tmp_path):
    """One worker fails at its start while the other is ready: the command does not wait for
    the lost one's word forever; it stops the other and gives the failed one's status."""
    import sys
    from pathlib import Path

    script = tmp_path / "watch.py"
    script.write_text(WATCH.format(root=str(Path(__file__).resolve().parents[2]), marker=str(tmp_path / "first")))
    r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=30)
    assert r.stdout.splitlines() == ["ended: 1"], (r.stdout, r.stderr)
