"""The helper processes of a large import: a chunk of the export's sessions handed to the least
busy helper (one per core, no more than a container grants), each chunk's work taken back in the
export's order, and every helper stopped and waited for however the import ends.

What a chunk's work is (``loading.load_chunk``: the checks and rows of its sessions) and what
is done with it (``loading._Inserter``) is the import's; this module only moves chunks to
processes and their work back, so it is handed both: the work as a function of a chunk and the
import's context, the taking as a function of a chunk and its work (None: a chunk whose text
broke off, taken in its turn).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import chain
from typing import Any, Generic, TypeVar

from ..errors import LedgerError
from ..i18n import Text

C = TypeVar("C")  # what every chunk is checked against (``loading._Context``)
D = TypeVar("D")  # a chunk's work (``loading._Done``)


@dataclass
class _Chunk:
    """Sessions of the export, in order (``RawSession`` texts, or objects of an export read
    whole), with the ids the first of them takes; or the ``problem`` the export's text breaks
    off with after the chunks before it."""

    sessions: list[Any]
    first_sid: int
    first_gid: int
    problem: BaseException | None = None
    opening: dict[str, int] | None = None  # the Stock the session before the first carried on to it


def _usable_cores(quota_file: str = "/sys/fs/cgroup/cpu.max") -> int:
    """The cores this process may use: those it may run on, no more than a container's CPU quota
    (cgroup v2) grants, and at most 8 (beyond that the importing process is the limit)."""
    import math
    import os

    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    try:
        with open(quota_file, encoding="ascii") as fh:
            quota, period = fh.read().split()[:2]
        if quota != "max":
            cores = min(cores, math.ceil(int(quota) / int(period)))
    except (OSError, ValueError):  # no cgroup v2 here, or a line it does not write
        pass
    return max(1, min(cores, 8))


def _work(chunks: Iterator[_Chunk], ctx: C, job: Callable[[_Chunk, C], D], take: Callable[[_Chunk, D | None], None],
          workers: int) -> None:
    """Every chunk worked (``job``) and taken (``take``) in order: here, for an export of one chunk
    or where one process is all there is; else by up to ``workers`` helper processes, a chunk or
    two each."""
    first = next(chunks, None)
    if first is None:
        return
    second = next(chunks, None)
    # (chain: the chunks are read from the export one at a time, as they are worked)
    every = chain((first,) if second is None else (first, second), chunks)
    if second is None or second.problem is not None or first.problem is not None or workers <= 1:
        for chunk in every:
            take(chunk, job(chunk, ctx) if chunk.problem is None else None)
        return
    helpers = _Helpers(ctx, job, workers)
    try:
        for chunk in every:
            for taken in helpers.feed(chunk):
                take(*taken)
        for taken in helpers.rest():
            take(*taken)
        helpers.close()
    except BaseException:  # (Ctrl-C while close() waits included: stop() kills, stopped helpers too)
        helpers.stop()
        raise


class _Helpers(Generic[C, D]):
    """The helper processes of an import, each with pipes of its own: a chunk is handed to the
    least busy helper (two at most each, so none waits for work) and its work taken back in the
    export's order. No helper waits on another, and a helper killed midway breaks only its own
    pipe. Started when first needed (no more than there are chunks), stopped and waited for
    before the import ends, whichever way it ends."""

    QUEUED = 2  # chunks a helper holds at most: one it works, one waiting
    # a helper stopped from outside (SIGSTOP, Ctrl-Z of its own) this long is killed: the import
    # is refused plainly instead of waiting for it forever with its temporary ledger left behind
    STOPPED_S = 5.0

    def __init__(self, ctx: C, job: Callable[[_Chunk, C], D], most: int) -> None:
        import multiprocessing
        import os

        # fork where there is one: a helper starts with everything imported (it never touches
        # the ledger's connection); spawn elsewhere
        method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
        self.mp: Any = multiprocessing.get_context(method)
        self.ctx, self.job, self.most, self.parent = ctx, job, most, os.getpid()
        self.procs: list[Any] = []
        self.work: list[Any] = []  # the pipe each helper is handed its chunks on
        self.done: list[Any] = []  # the pipe each helper gives its work back on
        self.held: list[int] = []  # chunks each helper holds
        self.ahead: deque[tuple[_Chunk, int | None]] = deque()
        self._watching: Any = None  # the thread that kills a helper stopped from outside
        import threading

        self._watch_stop = threading.Event()

    def _watch(self) -> None:
        """Kill a helper that stays stopped (SIGSTOP) for ``STOPPED_S``: the importing process
        waiting to hand it a chunk or to take its work back then meets a broken pipe and
        refuses the import (``_gone``), instead of hanging. Ends when the helpers are closed."""
        import time

        since: dict[int, float] = {}
        tick = time.monotonic()
        while not self._watch_stop.wait(0.25):
            now = time.monotonic()
            if now - tick > 1.0:  # this process was stopped too (Ctrl-Z of the whole import): start again
                since.clear()
            tick = now
            for proc in list(self.procs):
                if proc.pid is None or not _stopped(proc.pid):
                    since.pop(proc.pid, None)
                    continue
                first = since.setdefault(proc.pid, time.monotonic())
                if time.monotonic() - first >= self.STOPPED_S:
                    try:
                        proc.kill()  # SIGKILL ends a stopped process too
                    except OSError:
                        pass

    def feed(self, chunk: _Chunk) -> Iterator[tuple[_Chunk, D | None]]:
        """Hand ``chunk`` to the least busy helper (a new one while all are busy and there are
        fewer than ``most``), first taking back, oldest first, what makes room; a chunk whose
        text broke off is kept for its turn."""
        helper = None
        if chunk.problem is None:
            while True:
                free = [h for h in range(len(self.procs)) if self.held[h] < self.QUEUED]
                if free and (min(self.held[h] for h in free) == 0 or len(self.procs) >= self.most):
                    helper = min(free, key=lambda h: self.held[h])
                    break
                if len(self.procs) < self.most:
                    helper = self._start()
                    break
                yield self._take()
            try:
                self.work[helper].send(chunk)
            except OSError:  # the helper was killed after its last chunk came back
                raise self._gone() from None
            self.held[helper] += 1
        self.ahead.append((chunk, helper))

    def rest(self) -> Iterator[tuple[_Chunk, D | None]]:
        """What is still out, in order."""
        while self.ahead:
            yield self._take()

    @staticmethod
    def _gone() -> LedgerError:
        """A helper killed (out of memory, say): the import is refused, nothing is committed."""
        return LedgerError(Text("data.import_helper_stopped"), Text("data.import_helper_stopped_hint"))

    def _start(self) -> int:
        """One more helper, started deaf to Ctrl-C (held back while it forks: the importing
        process stops its helpers)."""
        import signal

        work_in, work_out = self.mp.Pipe(duplex=False)
        done_in, done_out = self.mp.Pipe(duplex=False)
        proc = self.mp.Process(target=_helper, args=(work_in, done_out, self.ctx, self.job, self.parent), daemon=True)
        held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}) if hasattr(signal, "pthread_sigmask") else None
        try:
            proc.start()
        finally:
            if held is not None:
                signal.pthread_sigmask(signal.SIG_SETMASK, held)
        if self._watching is None:
            import threading

            self._watching = threading.Thread(target=self._watch, daemon=True)
            self._watching.start()
        work_in.close()  # only the helper holds its ends: its death is the end of these pipes
        done_out.close()
        self.procs.append(proc)
        self.work.append(work_out)
        self.done.append(done_in)
        self.held.append(0)
        return len(self.procs) - 1

    def _take(self) -> tuple[_Chunk, D | None]:
        chunk, helper = self.ahead.popleft()
        if helper is None:
            return chunk, None
        try:
            kind, what = self.done[helper].recv()
        except (EOFError, OSError):  # the helper was killed while it worked
            raise self._gone() from None
        self.held[helper] -= 1
        if kind != "done":
            raise what  # a fault of the program in the helper, as it was raised there
        return chunk, what

    def close(self) -> None:
        """Every chunk came back: the helpers are told to leave, and waited for."""
        for pipe in self.work:
            try:
                pipe.send(None)
            except OSError:  # a helper gone after its last chunk came back: its work is all here
                pass
        for proc in self.procs:
            proc.join(timeout=10)
            if proc.is_alive():  # (stopped from outside, say): its work is all here, it is not waited for
                proc.kill()
                proc.join()
        self._close_pipes()

    def stop(self) -> None:
        """Stop every helper at once (a refusal, Ctrl-C, a helper gone) and wait for them."""
        for proc in self.procs:
            if proc.is_alive():
                proc.kill()
        for proc in self.procs:
            proc.join()
        self._close_pipes()

    def _close_pipes(self) -> None:
        self._watch_stop.set()
        for pipe in (*self.work, *self.done):
            pipe.close()


def _stopped(pid: int) -> bool:
    """Whether process ``pid`` is stopped (SIGSTOP, SIGTSTP) or held by a tracer, where the
    system says so (/proc); False where it cannot be told."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            state = fh.read().rsplit(b")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state in (b"T", b"t")


def _helper(work: Any, done: Any, ctx: C, job: Callable[[_Chunk, C], D], parent: int) -> None:
    """A helper process: works the chunks it is handed until it is told to stop, or until the
    importing process is gone. A thread of its own takes the chunks off the pipe as they come,
    so that the importing process never waits to hand one over while this one gives work back."""
    import os
    import queue
    import signal
    import sys
    import threading
    import time

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    inbox: queue.SimpleQueue[Any] = queue.SimpleQueue()

    def take_in() -> None:
        while True:
            try:
                chunk = work.recv()
            except (EOFError, OSError):  # the importing process is gone
                chunk = None
            except BaseException:  # a chunk that cannot be taken in (memory short, say): this helper
                os._exit(1)  # ends, and the importing process refuses the import plainly
            inbox.put(chunk)
            if chunk is None:
                return

    outbox: queue.SimpleQueue[Any] = queue.SimpleQueue()

    def give_back() -> None:
        """The work given back as it is done, by a thread of its own: the helper works its next
        chunk while the importing process, busy inserting, has not yet taken the last one (a
        chunk's work is more than a pipe holds: sent from the working thread, it waited there)."""
        while True:
            answer = outbox.get()
            if answer is None:
                return
            try:
                done.send(answer)
            except (BrokenPipeError, EOFError):  # the importing process is gone
                os._exit(0)
            except Exception:  # (a fault that does not pickle)
                try:
                    done.send(("failed", RuntimeError(repr(answer[1]))))
                except BaseException:
                    os._exit(1)

    threading.Thread(target=watch, daemon=True).start()
    threading.Thread(target=take_in, daemon=True).start()
    sender = threading.Thread(target=give_back, daemon=True)
    sender.start()
    # the thread that takes chunks in waits for the interpreter's lock between two reads of
    # the pipe: handed over sooner, it takes a chunk in a few milliseconds, not a hundred
    sys.setswitchinterval(0.0005)
    while True:
        chunk = inbox.get()
        if chunk is None:
            break
        try:
            answer: tuple[str, Any] = ("done", job(chunk, ctx))
        except BaseException as exc:  # a fault of the program: the importing process raises it
            answer = ("failed", exc)
        outbox.put(answer)
    outbox.put(None)  # what is done is given back before the helper ends
    sender.join()
