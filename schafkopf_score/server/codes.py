"""Roles and their access codes (RULES §11).

``host`` may do everything the CLI can do for the table file, ``view`` only reads, ``tisch N``
(a tournament's table) enters and corrects the hands of its own table in the current round.
Each role has a random code of 192 bits, kept in a file beside the table file that only its
owner may read (``NAME.serve-codes.json``, mode 0600), so the printed URLs and QR codes stay
valid across a restart until ``serve --new-codes`` replaces them.
"""

from __future__ import annotations

import hmac
import json
import os
import secrets
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import ConfigError
from ..i18n import Text

HOST = "host"
VIEW = "view"


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


def codes_path(table_path: Path) -> Path:
    """Where a table file's codes are kept: beside it, whatever the ledger."""
    return table_path.with_name(f"{table_path.stem}.serve-codes.json")


def new_code() -> str:
    """A fresh code: 24 random bytes (192 bits), URL-safe."""
    return secrets.token_urlsafe(24)


def fresh_codes(tables: int) -> dict[str, str]:
    """A code for each role: host, view, and ``tisch N`` for tables 1..``tables``."""
    roles = [HOST, VIEW, *(f"tisch {n}" for n in range(1, tables + 1))]
    return {role: new_code() for role in roles}


def _write_private(path: Path, data: dict[str, str]) -> None:
    """Write the codes readable by the owner only: a new file made with mode 0600 (never a
    moment with wider rights), then renamed over the old one."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump({"format": "schafkopf-serve-codes", "codes": data}, fh, indent=2)
            fh.write("\n")
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, 0o600)  # whatever the umask did
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def read_codes(path: Path) -> dict[str, str] | None:
    """The codes stored at ``path`` (None: there are none yet)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise ConfigError(Text("server.codes_unreadable", path=str(path), problem=exc.strerror or str(exc)),
                          Text("server.codes_unreadable_hint")) from None
    try:
        data: Any = json.loads(text)
        codes = data["codes"]
        if not isinstance(codes, dict) or not all(isinstance(k, str) and isinstance(v, str) and len(v) >= 22
                                                  for k, v in codes.items()):
            raise ValueError
    except (ValueError, KeyError, TypeError):
        raise ConfigError(Text("server.codes_unreadable", path=str(path), problem="not a codes file"),
                          Text("server.codes_unreadable_hint")) from None
    return dict(codes)


def load_codes(table_path: Path, tables: int, renew: bool = False) -> dict[str, str]:
    """The codes of a table file: read from its codes file, made (and stored) where there are
    none or ``renew`` asks; a tournament table without a code yet gets one. A codes file that
    others could read is made private again."""
    path = codes_path(table_path)
    codes = None if renew else read_codes(path)
    wanted = [HOST, VIEW, *(f"tisch {n}" for n in range(1, tables + 1))]
    if codes is None:
        codes = fresh_codes(tables)
        _write_private(path, codes)
        return codes
    changed = False
    for role in wanted:
        if role not in codes:
            codes[role] = new_code()
            changed = True
    if changed:
        _write_private(path, codes)
    elif stat.S_IMODE(path.stat().st_mode) & 0o077:
        os.chmod(path, 0o600)
    return codes


class Keyring:
    """The codes, and which role a presented code belongs to (compared in constant time)."""

    def __init__(self, codes: dict[str, str]) -> None:
        self._codes = [(code.encode(), _role(label)) for label, code in codes.items()]

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
