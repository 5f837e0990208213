"""Several server processes on one port: ``schafkopf serve --workers N``.

One Python process runs its requests one at a time in its interpreter (the library is
synchronous; its threads share one interpreter lock), so a hall of fifty tables on one process
uses one core however many the machine has. With ``--workers N`` the command binds the port,
then forks N processes that each run the whole server on that socket (the kernel hands each new
connection to one of them). They share nothing but the ledger and the codes file, as several
servers on one ledger do: every write is one transaction under the ledger's lock, the
idempotency keys live in the ledger, and each process's watcher tells its own event streams of
every change, whoever made it.

The first process (this one) only watches: it says "serving" once every worker is ready, passes
Ctrl-C or a stop (SIGTERM) on to them, and when one of them ends by itself (also before it was
ready) it stops the others and says so. A worker whose parent is killed (SIGKILL) is stopped by the kernel (Linux's
``PR_SET_PDEATHSIG``), so no worker is left serving behind a dead command.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable

MOST = 16  # workers: more than the cores of any machine a hall brings


def can_fork() -> bool:
    """Whether this system makes workers (``os.fork``: not on Windows)."""
    return hasattr(os, "fork")


def _die_with_parent() -> None:
    """Ask the kernel to stop this process (SIGTERM) when its parent dies (Linux only)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def run(workers: int, serve_one: Callable[[Callable[[], None]], None], ready: Callable[[], None]) -> int | None:
    """Fork ``workers`` processes, each calling ``serve_one(its_ready)``, and watch them.
    ``ready()`` is called once all of them are ready. Returns None after a stop asked for with
    SIGTERM, raises ``KeyboardInterrupt`` after a Ctrl-C (as one process does), or returns the
    exit status of a worker that ended by itself (negative: the signal that stopped it).

    The workers sit in a process group of their own, so that a Ctrl-C in the terminal reaches
    this process only and each worker gets the stop once (a second SIGINT would make uvicorn
    cut the requests in flight short)."""
    parent = os.getpid()
    read_end, write_end = os.pipe()
    children: list[int] = []
    for _ in range(workers):
        pid = os.fork()
        if pid == 0:  # a worker
            code = 0
            try:
                os.close(read_end)
                os.setpgid(0, 0)
                _die_with_parent()
                if os.getppid() != parent:  # the parent died before the kernel was asked
                    os._exit(0)

                def told() -> None:
                    os.write(write_end, b".")
                    os.close(write_end)  # the pipe's end: the parent's read ends when all told or died

                serve_one(told)
            except BaseException:  # noqa: BLE001  (a worker ends here, whatever happened)
                code = 1
            finally:
                os._exit(code)
        children.append(pid)
    os.close(write_end)
    asked: int | None = None  # the signal of a stop asked for
    alive = set(children)

    def stop(signum: int, frame: object) -> None:
        nonlocal asked
        if asked is None:
            asked = signum
        for child in alive:
            try:
                os.kill(child, signum if signum in (signal.SIGINT, signal.SIGTERM) else signal.SIGTERM)
            except ProcessLookupError:
                pass

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        seen = 0
        while seen < workers:
            chunk = os.read(read_end, workers - seen)
            if not chunk:  # every worker told or ended: one ended before it was ready
                break
            seen += len(chunk)
        if seen == workers and asked is None:
            ready()
        status: int | None = None
        while alive:
            pid, wait_status = os.waitpid(-1, 0)
            if pid not in alive:
                continue
            alive.discard(pid)
            if asked is None and status is None:  # a worker ended by itself: the others are stopped
                status = os.waitstatus_to_exitcode(wait_status)
                stop(signal.SIGTERM, None)
        if status is None and asked == signal.SIGINT:
            raise KeyboardInterrupt
        return status
    finally:
        os.close(read_end)
        for sig, handler in previous.items():
            signal.signal(sig, handler)
