"""The turns a process's writers of one SQLite file take (``ledger.connection.Turns``, issue 35):
handed on in the order asked, reentrant for the holder, a wait that runs out leaves the queue;
eight threads writing one ledger at once record every hand once, numbered once."""

from __future__ import annotations

import threading
import time

from schafkopf_score.ledger.connection import Turns, turn_of


def waiting(turns: Turns, count: int) -> None:
    """Until ``count`` threads wait in line."""
    deadline = time.monotonic() + 5
    while len(turns._queue) < count:  # noqa: SLF001  (the test watches the line form)
        assert time.monotonic() < deadline
        time.sleep(0.005)


def test_the_turn_is_handed_on_in_the_order_asked():
    turns = Turns()
    assert turns.acquire(1.0)
    order: list[str] = []

    def writer(name: str) -> None:
        assert turns.acquire(5.0)
        order.append(name)
        turns.release()

    threads = []
    for n in range(4):
        threads.append(threading.Thread(target=writer, args=(f"t{n}",)))
        threads[-1].start()
        waiting(turns, n + 1)
    turns.release()
    # the one that released asks again at once: it does not pass the four in line (a plain
    # lock is taken again by the thread that releases it, before a woken waiter runs)
    assert turns.acquire(5.0)
    order.append("again")
    turns.release()
    for t in threads:
        t.join(timeout=5)
    assert order == ["t0", "t1", "t2", "t3", "again"]


def test_the_holder_takes_its_turn_again_and_a_wait_may_run_out():
    turns = Turns()
    assert turns.acquire(1.0) and turns.acquire(1.0)  # a write inside a write of the same thread
    got: list[bool] = []
    other = threading.Thread(target=lambda: got.append(turns.acquire(0.1)))
    other.start()
    other.join(timeout=5)
    assert got == [False] and not turns._queue  # noqa: SLF001  (gone from the line)
    turns.release()
    other = threading.Thread(target=lambda: got.append(turns.acquire(0.1)))
    other.start()
    other.join(timeout=5)
    assert got == [False, False]  # still held once
    turns.release()
    other = threading.Thread(target=lambda: (got.append(turns.acquire(0.1)), turns.release()))
    other.start()
    other.join(timeout=5)
    assert got == [False, False, True]


def test_one_ledger_file_one_line_of_turns(tmp_path):
    assert turn_of(tmp_path / "a.sqlite") is turn_of(str(tmp_path / "a.sqlite"))
    assert turn_of(tmp_path / "a.sqlite") is not turn_of(tmp_path / "b.sqlite")


def test_eight_threads_writing_one_ledger_record_every_hand_once(make_table):
    from schafkopf_score.app import hands
    from schafkopf_score.app.line import read_line
    from schafkopf_score.app.where import at
    from schafkopf_score.ledger import open_ledger
    from schafkopf_score.table import load_table

    t = make_table(language="en")
    t.ok("add", "sau", "an", "be", "72")
    cfg = load_table(t.path)
    lines = ["sau an be 72", "wenz co 91", "herzsolo do 61", "sau be co 35 -"]
    errors: list[BaseException] = []
    gate = threading.Barrier(8)

    def phone(p: int) -> None:
        try:
            gate.wait(timeout=10)
            for i in range(5):
                with open_ledger(cfg, create=True) as ledger:
                    hands.add(at(cfg, ledger, "add", None), read_line(lines[(p + i) % 4]))
        except BaseException as exc:  # noqa: BLE001  (reported below)
            errors.append(exc)

    threads = [threading.Thread(target=phone, args=(p,)) for p in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(timeout=120)
    assert errors == []
    assert [h["hand"] for h in t.json("sheet")["sessions"][0]["hands"]] == list(range(1, 42))
    t.ok("check")
