"""A change of the ledger, whoever made it (this server, another one, the CLI), told to every
open event stream within a second (``GET /api/events``).

One thread per server watches the ledger: SQLite's ``PRAGMA data_version`` on a connection of
its own changes when another connection commits (a cheap read every quarter second, no file
scan); on PostgreSQL every writer sends ``NOTIFY schafkopf_change`` with its commit (the
ledger's ``write``), which the watcher LISTENs for, and a small fingerprint of the rows (the
highest ids of the tables a write adds to) is compared after each wake-up or quarter second.
When it changed, the thread works out what to tell: at a table ``{"hands": N, "session": S}``
(N the valid hands of the latest session), in a tournament ``{"round": R, "tisch": T,
"hands": N}`` for each table of the latest round whose rows changed.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Callable
from typing import Any

from ..ledger import change_probe, open_ledger
from ..table import TableConfig

POLL = 0.1  # the longest wait for a wake-up (a write of this server, a notification) before a look
GAP = 0.15  # at least this long between two looks: a burst of writes is told as one look's changes
FAILED = 0.5  # after a look that failed (a database down, a ledger gone): the pause before the next



class Hub:
    """The open event streams of this server, and the watcher that feeds them. Besides the
    changes, a stream's queue may hold ``RECHECK`` (the codes were replaced: a stream whose code
    is gone ends) and ``END`` (the server stops: every stream ends, so that no request is left
    for the shutdown to cut short)."""

    RECHECK = "\x00recheck"  # never a change's data, which is JSON
    END = "\x00end"

    def __init__(self, config: Callable[[], TableConfig], opener: Callable[[TableConfig], Any] = open_ledger) -> None:
        self._config = config
        self._open = opener
        self._pause = POLL
        self._queues: set[asyncio.Queue[str]] = set()
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._counts: dict[int, Any] = {}
        self.wake = threading.Event()  # set by a write of this server: look now

    # -- streams ----------------------------------------------------------------------------------
    def subscribe(self) -> asyncio.Queue[str]:
        queue: asyncio.Queue[str] = asyncio.Queue(maxsize=64)
        with self._lock:
            self._queues.add(queue)
        return queue

    def unsubscribe(self, queue: asyncio.Queue[str]) -> None:
        with self._lock:
            self._queues.discard(queue)

    @property
    def streams(self) -> int:
        return len(self._queues)

    def _publish(self, data: dict[str, Any]) -> None:
        text = json.dumps(data, ensure_ascii=False)
        with self._lock:
            queues = list(self._queues)
        for q in queues:
            if q.full():  # a stream that does not read: it gets the latest news only
                continue
            q.put_nowait(text)

    def _tell_all(self, word: str) -> None:
        """Put ``word`` into every stream's queue (in the event loop's thread), room made in a
        full one: a stream that does not read still learns that it must end."""
        with self._lock:
            queues = list(self._queues)
        for q in queues:
            if q.full():
                q.get_nowait()
            q.put_nowait(word)

    def kick(self) -> None:
        """The codes were replaced: every stream looks whether its code still holds."""
        self._tell_all(self.RECHECK)

    def end_streams(self) -> None:
        """The server stops: every open stream ends now."""
        self._tell_all(self.END)

    # -- the watcher ------------------------------------------------------------------------------
    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._thread = threading.Thread(target=self._watch, name="ledger-watcher", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self.wake.set()
        if self._thread is not None:
            self._thread.join(timeout=2)

    def _watch(self) -> None:
        probe: Any = None
        last: Any = None
        looked = False
        while not self._stop.is_set():
            try:
                if probe is None:
                    probe = self._probe()
                mark = probe() if probe is not None else "no ledger yet"
                if mark != last:
                    changes = self._changes()
                    if looked:
                        assert self._loop is not None
                        for change in changes:
                            self._loop.call_soon_threadsafe(self._publish, change)
                    last, looked = mark, True
            except Exception:  # a ledger that is busy, damaged, gone or unreachable: look again soon
                if probe is not None:
                    probe.close()
                probe, last = None, None  # once it answers again, the streams are told (their pages look anew)
                self._stop.wait(FAILED)
            self.wake.wait(self._pause)
            self.wake.clear()
            time.sleep(GAP)

    def _probe(self) -> Callable[[], Any] | None:
        """A cheap function whose value changes with every commit to the ledger (the store's:
        SQLite's data version, PostgreSQL's notifications)."""
        probe = change_probe(self._config(), POLL)
        if probe is not None and probe.waits:
            self._pause = 0.0  # the probe itself waits, for a notification
        return probe

    def _changes(self) -> list[dict[str, Any]]:
        """What changed since the last look (the first look only notes the counts)."""
        cfg = self._config()
        with self._open(cfg) as ledger:
            if ledger.conn is None:
                return []
            if cfg.kind == "tournament":
                from ..tournament.tables import tables_of_round

                try:
                    round_no, seats = tables_of_round(cfg, ledger)
                except Exception:
                    return []
                counts = ledger.valid_game_counts([s.session_id for s in seats])
                marks = ledger.game_marks([s.session_id for s in seats])
                out = []
                for s in seats:
                    mark = (round_no, marks.get(s.session_id))
                    if self._counts.get(s.tisch) != mark:
                        self._counts[s.tisch] = mark
                        out.append({"round": round_no, "tisch": s.tisch, "hands": counts.get(s.session_id, 0)})
                return out
            info = ledger.latest_session()
            if info is None:
                return [{"hands": 0, "session": None}]
            n = ledger.valid_game_counts([info.id]).get(info.id, 0)
            return [{"hands": n, "session": info.id}]
