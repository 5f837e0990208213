"""Roles and what a presented access code may do (RULES §11).

``host`` may do everything the CLI can do for the table file, ``view`` only reads, ``tisch N``
(a tournament's table) enters and corrects the hands of its own table in the current round.
The codes themselves are kept in a file beside the table file (``app.codes``); a running
server looks at that file every half second (``CodesFile``), so that ``serve --new-codes`` run
beside it takes effect within a second.
"""

from __future__ import annotations

import hmac
import os
from dataclasses import dataclass
from pathlib import Path

from ..app.codes import HOST, VIEW, read_codes

LOOK_EVERY = 0.5  # seconds between two looks at the codes file of a running server


@dataclass(frozen=True)
class Role:
    """Who a code belongs to: ``host``, ``view`` or table ``tisch`` of a tournament."""

    name: str
    tisch: int | None = None

    @property
    def label(self) -> str:
        """As the printed line names it: ``host``, ``view``, ``tisch 3``."""
        return f"tisch {self.tisch}" if self.tisch is not None else self.name

    @property
    def may_write(self) -> bool:
        return self.name != VIEW


class Keyring:
    """The codes, and which role a presented code belongs to (compared in constant time)."""

    def __init__(self, codes: dict[str, str]) -> None:
        self._codes = [(code.encode(), _role(label)) for label, code in codes.items()]

    def codes(self) -> list[str]:
        return [code.decode() for code, _ in self._codes]

    def role(self, presented: str | None) -> Role | None:
        """The role of ``presented``, None for an unknown code. Every stored code is compared
        (``hmac.compare_digest``), so the time taken says nothing about which one came close."""
        if not presented:
            return None
        given = presented.encode("utf-8", "replace")[:200]
        found = None
        for code, role in self._codes:
            if hmac.compare_digest(code, given):
                found = role
        return found


class CodesFile:
    """The codes file as a running server last read it, and whether it changed since: its
    identity, time and size (``serve --new-codes`` writes a new file and renames it over the
    old one), then its content."""

    def __init__(self, path: Path, codes: dict[str, str]) -> None:
        self.path = path
        self.codes = dict(codes)
        self._stamp = self._stat()

    def _stat(self) -> tuple[int, int, int, int] | None:
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        return (st.st_dev, st.st_ino, st.st_mtime_ns, st.st_size)

    def look(self) -> dict[str, str] | None:
        """The codes, if the file now holds others than before (else None); a damaged file is
        the ``ConfigError`` of ``read_codes``, said once (the next look sees no change). A file
        gone leaves the codes in use: only ``--new-codes`` replaces them."""
        stamp = self._stat()
        if stamp == self._stamp:
            return None
        self._stamp = stamp
        if stamp is None:
            return None
        codes = read_codes(self.path)
        if codes is None or codes == self.codes:
            return None
        self.codes = codes
        return codes


def _role(label: str) -> Role:
    if label.startswith("tisch "):
        return Role("tisch", int(label.split()[1]))
    return Role(label)


def role_order(label: str) -> tuple[int, int]:
    """host, view, then the tables by number (the order the lines are printed in)."""
    if label == HOST:
        return (0, 0)
    if label == VIEW:
        return (1, 0)
    return (2, int(label.split()[1]))


def qr_text(url: str) -> str:
    """``url`` as a QR code drawn with block characters, for the terminal."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()
