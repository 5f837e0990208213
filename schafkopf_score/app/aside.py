"""Work on a season done by a helper process meanwhile: the HTML report's ratings and players'
pages while the evenings are written, a player's page while every hand is rated, a long
season's second half of evenings while the first is written (``spool_aside``).

``work_aside(cfg, ledger, session_ids, work)`` forks a helper that opens a connection of its own
to the ledger (never the one this process holds) and sends back ``work(cfg, its ledger,
session_ids)``; calling what it returns waits for that. Where it is not worth it (fewer than
``ASIDE_FROM`` sessions) or may not be had (``aside_worth_it``: no fork here, or other threads)
it returns None, and the caller works it out itself; if the helper fails or dies, the call
works it out here: the answer is the same either way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from .hand_facts import ASIDE_FROM, aside_worth_it, hear_no_ctrl_c, start_deaf

Work = Callable[[Any, Any, Sequence[int]], Any]  # (table, ledger, session ids) -> the answer


def work_aside(cfg: Any, ledger: Any, session_ids: Sequence[int], work: Work) -> Aside | None:
    """Start ``work`` in a helper process and return what waits for its answer (None: not
    worth it or not to be had here; the caller calls ``work`` itself)."""
    import multiprocessing

    if not aside_worth_it(len(session_ids), ASIDE_FROM):
        return None
    mp = multiprocessing.get_context("fork")
    receive, send = mp.Pipe(duplex=False)
    helper = mp.Process(target=_helper, args=(cfg, list(session_ids), work, send, receive), daemon=True)
    try:
        start_deaf(helper)
    finally:
        send.close()  # only the helper holds it: its end is the end of the pipe
    return Aside(helper, receive, lambda: work(cfg, ledger, session_ids))


class Aside:
    """The work being done by a helper: called, it is waited for (done here where the helper
    failed or died); ``stop`` ends a helper whose work is no longer wanted (the export failed
    before it was needed)."""

    def __init__(self, helper: Any, receive: Any, here: Callable[[], Any]) -> None:
        self.helper, self.receive, self.here = helper, receive, here

    def __call__(self) -> Any:
        try:
            kind, data = self.receive.recv()
        except (EOFError, OSError):  # the helper died: worked out here
            kind, data = "failed", None
        finally:
            self.stop()
        return data if kind == "done" else self.here()

    def stop(self) -> None:
        if self.helper.is_alive():
            self.helper.kill()
        self.helper.join()
        self.receive.close()


def spool_aside(cfg: Any, ledger: Any, session_ids: Sequence[int],
                write: Callable[[Any, Any, Any], None]) -> Spooled | None:
    """``write(cfg, ledger, spool)`` done by a helper into a spool (an unnamed temporary text
    file, made before the fork and shared with it); ``Spooled.chunks()`` waits for it and gives
    the spool's text back. A helper that failed or died leaves a spool written in part: the
    text is then written here again, into the emptied spool. None: not worth it or not to be
    had (``work_aside``); the caller writes it itself."""
    import tempfile

    spool = tempfile.TemporaryFile("w+", encoding="utf-8", errors="surrogatepass", newline="")

    def spooled(cfg: Any, ledger: Any, session_ids: Sequence[int]) -> bool:
        spool.seek(0)
        spool.truncate()
        write(cfg, ledger, spool)
        spool.flush()
        return True

    aside = work_aside(cfg, ledger, session_ids, spooled)
    if aside is None:
        spool.close()
        return None
    return Spooled(aside, spool)


class Spooled:
    """Text being written by a helper into a spool: ``chunks()`` waits for it (written here
    where the helper failed) and reads it back; ``stop`` ends the helper and drops the spool
    (also where it was never read: the export failed before)."""

    def __init__(self, aside: Aside, spool: Any) -> None:
        self.aside, self.spool = aside, spool

    def chunks(self) -> Iterator[str]:
        try:
            self.aside()
            self.spool.seek(0)
            while chunk := self.spool.read(1 << 20):
                yield chunk
        finally:
            self.stop()

    def stop(self) -> None:
        self.aside.stop()
        self.spool.close()


def _helper(cfg: Any, session_ids: list[int], work: Work, send: Any, receive: Any) -> None:
    """The helper's start: the pipe's reading end, which came along with the fork, closed first
    (held here, it kept the pipe open after the waiting process was killed: the helper waited
    for ever to send its answer to nobody); deaf to Ctrl-C (``start_deaf``)."""
    hear_no_ctrl_c()
    receive.close()
    _work(cfg, session_ids, work, send)


def _work(cfg: Any, session_ids: list[int], work: Work, send: Any) -> None:
    """The helper: ``work`` from a connection of its own, sent back (a failure as such: the
    waiting process works it out itself)."""
    from ..ledger import open_ledger

    try:
        with open_ledger(cfg) as ledger:
            answer: tuple[str, Any] = ("done", work(cfg, ledger, session_ids))
    except BaseException:
        answer = ("failed", None)
    try:
        send.send(answer)
    except (OSError, EOFError):  # the waiting process is gone
        pass
