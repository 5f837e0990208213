"""The access codes of ``schafkopf serve`` (RULES §11): a random code of 192 bits per role
(``host``, ``view``, ``tisch N``), kept in a file beside the table file that only its owner may
read (``NAME.serve-codes.json``, mode 0600), so the printed URLs and QR codes stay valid across a
restart until ``serve --new-codes`` replaces them. The server checks presented codes against them
(``server.codes``); a tournament's score sheets print each table's link with its code."""

from __future__ import annotations

import json
import os
import re
import secrets
import stat
from pathlib import Path
from typing import Any

from ..errors import ConfigError
from ..i18n import Text

HOST = "host"
VIEW = "view"
# the roles a codes file may name: host, view, tisch N (a tournament's table)
_LABEL = re.compile(r"host|view|tisch [1-9][0-9]{0,5}")
# a code as it travels in a link (?k=CODE) and a cookie: at least 22 of the URL-safe characters
# new_code makes (a space, a line break, an & or a ü would break the printed link or the cookie)
_CODE = re.compile(r"[A-Za-z0-9_-]{22,}")


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
        from ..files import os_problem

        raise ConfigError(Text("data.codes_unreadable", path=str(path), problem=os_problem(exc)),
                          Text("data.codes_unreadable_hint")) from None
    try:
        data: Any = json.loads(text)
        codes = data["codes"]
        if not isinstance(codes, dict) or not all(isinstance(k, str) and isinstance(v, str) and _CODE.fullmatch(v)
                                                  for k, v in codes.items()):
            raise ValueError
    except (ValueError, KeyError, TypeError):
        raise ConfigError(Text("data.codes_unreadable", path=str(path), problem=Text("data.codes_not_codes")),
                          Text("data.codes_unreadable_hint")) from None
    for label in codes:
        if not _LABEL.fullmatch(label):
            shown = label if len(label) <= 40 else label[:40] + "..."
            raise ConfigError(Text("data.codes_unreadable", path=str(path),
                                   problem=Text("data.codes_unknown_role", role=json.dumps(shown, ensure_ascii=False))),
                              Text("data.codes_unreadable_hint"))
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


