"""What one running server holds (``Served``): the table file, read again when it changes and
refused clearly while it is gone; its ledger, followed when it is replaced and refused clearly
while a ledger that was there is gone; the access codes, read again when ``serve --new-codes``
replaces them beside the running server; the event hub; the wrong codes counted per address;
the cookie's name. A refusal decided by the server (``Refusal``) and ``say``, its words in the
table's language, live here too.
"""

from __future__ import annotations

import hashlib
import sys
import time
from collections import deque
from pathlib import Path
from typing import Any

from ..app.codes import codes_path
from ..errors import ScoreError
from ..i18n import say as said
from ..ledger import open_ledger
from ..table import TableConfig, load_table
from .codes import CodesFile, Keyring, Role
from .events import Hub

WRONG_CODES = 20  # wrong codes a minute from one address before it is slowed down (429)


class Refusal(Exception):
    """An answer other than 2xx, decided before any work: status and the JSON body."""

    def __init__(self, status: int, error: str, hint: str = "", **extra: Any) -> None:
        super().__init__(error)
        self.status = status
        self.body = {"error": error, **({"hint": hint} if hint else {}), **extra}


def cookie_name(table_path: Path, port: int) -> str:
    """The cookie that keeps a phone's code, named after the table file and the port, so that
    two servers on one machine (another table, or the same one on another port) never
    overwrite each other's cookie: a browser keeps cookies per host name, not per port."""
    where = f"{Path(table_path).resolve()}\0{port}".encode("utf-8", "surrogateescape")
    return "schafkopf_" + hashlib.sha256(where).hexdigest()[:12]


class Served:
    """What one server holds: the table file (read again when it changes), the codes (read
    again when they are replaced), the event hub, the count of wrong codes per address."""

    def __init__(self, table_path: Path, codes: dict[str, str], wrong_codes: int = WRONG_CODES,
                 port: int = 8765) -> None:
        self.table_path = table_path
        self.wrong_codes = wrong_codes  # this process's share of WRONG_CODES (``--workers``)
        self.cookie = cookie_name(table_path, port)
        self.keyring = Keyring(codes)
        self.codes_file = CodesFile(codes_path(table_path), codes)
        self._retired: set[bytes] = set()  # digests of the codes replaced while this server ran
        self._cfg: tuple[tuple[int, int, int], TableConfig] | None = None
        self._lang = "en"  # the table's language as last read (said while the file is gone)
        self._ledgers_seen: set[Path] = set()  # SQLite ledgers that were there
        self._lender: Any = None
        self.hub = Hub(self.cfg, self.ledger)
        self._wrong: dict[str, deque[float]] = {}

    # -- the table file ---------------------------------------------------------------------------
    def cfg(self) -> TableConfig:
        """The table file, read again when it changed; a file gone (moved, deleted) is 503 until
        it is back, and so is a broken one (a half-saved edit), with the table file's own refusal:
        the server's trouble, not the request's, so a phone keeps its hand and sends it again."""
        try:
            st = self.table_path.stat()
        except OSError:
            raise Refusal(503, said("server.table_gone", self._lang, path=str(self.table_path)),
                          said("server.table_gone_hint", self._lang)) from None
        stamp = (st.st_mtime_ns, st.st_ino, st.st_size)
        if self._cfg is None or self._cfg[0] != stamp:
            try:
                cfg = load_table(self.table_path)
            except ScoreError as exc:
                message, hint = exc.render(exc.language or self._lang)
                raise Refusal(503, message, hint or said("server.table_broken_hint", self._lang)) from None
            self._cfg = (stamp, cfg)
            self._lang = cfg.language
        return self._cfg[1]

    def lang(self) -> str:
        try:
            return self.cfg().language
        except (Refusal, ScoreError):
            return self._lang

    # -- the ledger -------------------------------------------------------------------------------
    def ledger(self, cfg: TableConfig, create: bool = False) -> Any:
        """The table's ledger for one request: SQLite's file, or PostgreSQL on a pooled connection."""
        if not cfg.ledger_url:
            self.ledger_here(cfg)
            ledger = open_ledger(cfg, create=create)
        else:
            from .pool import Lender, PooledLedger

            if self._lender is None:
                self._lender = Lender(cfg.ledger_url, tell=self.tell)
            ledger = PooledLedger(self._lender, cfg, create=create)
        ledger.keep_folded = True  # one long-lived process: fold on from the session last folded
        return ledger

    def ledger_here(self, cfg: TableConfig) -> None:
        """A SQLite ledger that was there and is gone (moved, deleted) is 503 until it is back: a
        ledger made anew under the phones would start the evening over. One put back (a
        backup restored) is followed: every request opens the file that is there now."""
        path = cfg.ledger_path
        if path.exists():
            self._ledgers_seen.add(path)
        elif path in self._ledgers_seen:
            lang = self.lang()
            raise Refusal(503, said("server.ledger_gone", lang, path=str(path)), said("server.ledger_gone_hint", lang))

    def warm_ledger(self, timeout: float) -> None:
        """Before the first request: the ledger noted (SQLite) or the pool filled (PostgreSQL,
        unless it cannot be reached: then the first requests are answered 503 at once)."""
        cfg = self.cfg()
        if not cfg.ledger_url:
            self.ledger_here(cfg)
            return
        with self.ledger(cfg):
            pass
        self._lender.warm(timeout)

    def close(self) -> None:
        if self._lender is not None:
            self._lender.close()

    # -- the codes --------------------------------------------------------------------------------
    def role(self, code: str | None) -> Role | None:
        return self.keyring.role(code)

    def retired(self, code: str | None) -> bool:
        """Whether ``code`` was one of this table's codes until ``--new-codes`` replaced it."""
        return bool(code) and _digest(code or "") in self._retired

    def look_at_codes(self) -> bool:
        """Read the codes file again if it changed (``serve --new-codes`` beside this server):
        the new codes hold at once, the replaced ones answer 401 (True: the codes changed). A
        damaged file leaves the codes in use and is said once."""
        try:
            codes = self.codes_file.look()
        except ScoreError as exc:
            message, hint = exc.render(self.lang())
            self.tell_line(said("server.codes_kept", self.lang(), problem=message))
            return False
        if codes is None:
            return False
        old = self.keyring
        self.keyring = Keyring(codes)
        self._retired.update(_digest(c) for c in old.codes() if c not in set(codes.values()))
        self.hub.kick()
        return True

    # -- wrong codes: at most WRONG_CODES a minute from one address (with N workers, each
    # process counts its own and allows its share, at least 5, so that N of them allow about
    # as many as one)
    def slowed(self, address: str) -> bool:
        times = self._wrong.get(address)
        if not times:
            return False
        cutoff = time.monotonic() - 60
        while times and times[0] < cutoff:
            times.popleft()
        return len(times) >= self.wrong_codes

    def wrong_code(self, address: str) -> None:
        if len(self._wrong) > 10_000:  # a flood of addresses: forget the oldest
            self._wrong.pop(next(iter(self._wrong)))
        self._wrong.setdefault(address, deque(maxlen=self.wrong_codes + 1)).append(time.monotonic())

    # -- what the server says on its terminal --------------------------------------------------------
    def tell(self, key: str, **params: Any) -> None:
        self.tell_line(said(key, self.lang(), **params))

    @staticmethod
    def tell_line(line: str) -> None:
        """One plain line on the server's terminal (never a traceback)."""
        try:
            sys.stderr.write(line.splitlines()[0] + "\n" if line else "\n")
            sys.stderr.flush()
        except (OSError, ValueError):  # a terminal gone: nobody to tell
            pass


def _digest(code: str) -> bytes:
    return hashlib.sha256(code.encode("utf-8", "replace")).digest()


def say(served: Served, key: str, **params: Any) -> str:
    """A message of the catalogue in the served table's language."""
    return said(key, served.lang(), **params)
