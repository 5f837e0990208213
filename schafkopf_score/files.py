"""Writing files so that a crash never leaves half of one behind."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path


def fsync_dir(folder: Path) -> None:
    """Make a rename or a new link in ``folder`` durable (where the platform allows it)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_atomic(path: Path, text: str | Iterable[str]) -> None:
    """Write a file (a text, or its chunks) via a temp file, fsync and rename: never a
    half-written file."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
            for chunk in [text] if isinstance(text, str) else text:
                fh.write(chunk)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()
    fsync_dir(path.parent)
