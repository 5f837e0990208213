"""Writing files so that a crash never leaves half of one behind."""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

from .i18n import Text

# the operating system's errors a user meets (a full disk, a read-only folder, ...): said in the
# table's language (``common.os_*``, English as the C library says it), not the system's English
_OS_ERRORS = ("ENOSPC", "EDQUOT", "EACCES", "EPERM", "EROFS", "ENOENT", "EISDIR", "ENOTDIR", "EIO", "EEXIST",
              "ENAMETOOLONG", "EMFILE", "ENFILE", "EBADF", "EPIPE", "ELOOP", "EFBIG", "EBUSY", "ETXTBSY", "EXDEV",
              "ENOMEM", "ENXIO", "ENODEV", "ETIMEDOUT", "ESTALE")

# What a table file (or a tournament's players file) may hold, checked before it is read whole: a
# megabyte (a table's file is a few kilobytes; a tournament's 4,000 registered players fit many
# times over).
TABLE_FILE_LIMIT = 1 << 20


def os_problem(exc: BaseException) -> Text | str:
    """An operating system error's words as a message parameter: the catalogue's for the
    errors a user meets (``No space left on device`` / ``Kein Platz mehr auf dem Gerät``), the
    system's own words for the rest.

    >>> os_problem(OSError(28, "No space left on device")).render("de")
    'Kein Platz mehr auf dem Gerät'
    """
    import errno

    if isinstance(exc, NotAFile):
        return Text("common.not_a_file")
    code = getattr(exc, "errno", None)
    name = errno.errorcode.get(code) if isinstance(code, int) else None
    if name in _OS_ERRORS:
        return Text(f"common.os_{name}")
    return str(getattr(exc, "strerror", None) or exc)


def redacted(url: str, text: str | None = None) -> str:
    """A database address (or ``text``, e.g. a driver's message that quotes it) without the
    address's password, as messages and ``rules`` show it: the ``user:password@`` form and a
    ``password=`` parameter.

    >>> redacted("postgresql://anna:geheim@db.example/schafkopf")
    'postgresql://anna:***@db.example/schafkopf'
    >>> redacted("postgresql://db.example/s?sslmode=require&password=geheim")
    'postgresql://db.example/s?sslmode=require&password=***'
    >>> redacted("postgresql://anna:geh%40im@[::1/s", 'bad URI: "postgresql://anna:geh%40im@[::1/s" (geh@im)')
    'bad URI: "postgresql://anna:***@[::1/s" (***)'
    """
    import re
    from urllib.parse import unquote

    # the password runs to the address's last ``@`` (a ``password=`` to the next ``&key=`` or
    # the end): one typed with its ``@``, ``/``, ``?``, ``#``, ``&`` or a space not
    # percent-encoded is read by the driver otherwise, and its words quote the pieces
    secrets = [m.group(1) for m in re.finditer(r"://[^:/@?]*:(.*)@", url)]
    secrets += [m.group(1) for m in re.finditer(r"(?:^|[?&\s])password\s*=\s*(.*?)(?=[&\s][\w.-]+=|$)", url,
                                                re.IGNORECASE)]
    secrets += [piece for s in secrets for piece in re.split(r"[@/?#&\s]", s) if len(piece) > 1]
    out = url if text is None else text
    for secret in sorted({s for s in secrets if s} | {unquote(s) for s in secrets if s}, key=len, reverse=True):
        out = out.replace(secret, "***")
    return out


def remove_orphans(path: Path) -> list[Path]:
    """Remove the temporary files (``.NAME.PID.HEX.import``/``.tmp`` and their journals) that a
    process building the ledger ``path`` left when it was killed: those whose process is gone.
    Returns what was removed."""
    removed = []
    for leftover in path.parent.glob(f".{path.name}.*.*.*"):
        parts = leftover.name[len(path.name) + 2:].split(".")
        if len(parts) < 3 or parts[2] not in ("import", "tmp", "import-journal", "tmp-journal") \
                or not parts[0].isdigit():
            continue
        try:
            os.kill(int(parts[0]), 0)
            continue  # its process still runs (another import, or a ledger being made)
        except ProcessLookupError:
            pass
        except (PermissionError, OverflowError):
            continue
        try:
            leftover.unlink()
            removed.append(leftover)
        except OSError:
            pass
    return removed


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


_KINDS = (
    (stat.S_ISDIR, "data.target_folder"),
    (stat.S_ISLNK, "data.target_link"),
    (stat.S_ISCHR, "data.target_device"),
    (stat.S_ISBLK, "data.target_device"),
    (stat.S_ISFIFO, "data.target_pipe"),
    (stat.S_ISSOCK, "data.target_socket"),
)


def target_problem(path: Path) -> Text | None:
    """Why ``path`` must not be replaced by a written file (``is a folder``, ``is a symbolic
    link``, ``is a device``, ... as a message that follows the path), or None when it is a
    regular file or nothing is there. The link itself is looked at, never what it points to."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return None  # nothing there, or a parent is not a folder: the write itself will say so
    if stat.S_ISREG(mode):
        return None
    for test, what in _KINDS:
        if test(mode):
            return Text(what)
    return Text("data.target_not_regular")


def _new_file_mode() -> int:
    """The permission bits a plain ``open(path, "w")`` would give a new file (0o666 less the umask)."""
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


def write_atomic(path: Path, text: str | Iterable[str] | Iterable[bytes], binary: bool = False) -> None:
    """Write a file (a text, or its chunks; ``binary``: chunks of bytes) via a temp file, fsync
    and rename: never a half-written file.

    The temp file is made beside ``path`` with a random name and ``O_EXCL`` (so a symlink or a
    file planted under a guessable name is never followed), and removed again whatever fails,
    including an exception from the iterable that produces the chunks. An existing regular
    file keeps its permission bits (and, where allowed, its owner); a new file gets the
    umask's. An ``OSError`` (full disk, read-only folder, ...) leaves ``path`` as it was.
    """
    folder = path.parent
    try:
        st: os.stat_result | None = os.lstat(path)
    except OSError:
        st = None
    if st is not None and not stat.S_ISREG(st.st_mode):
        st = None  # a link or a device is replaced, not imitated
    fd, name = tempfile.mkstemp(prefix=f".{path.name[:100]}.", suffix=".tmp", dir=folder)
    tmp = Path(name)
    try:
        with (os.fdopen(fd, "wb") if binary else os.fdopen(fd, "w", encoding="utf-8", newline="\n")) as fh:
            for chunk in [text] if isinstance(text, str) else text:
                fh.write(chunk)  # type: ignore[arg-type]
            fh.flush()
            if st is not None and (st.st_uid, st.st_gid) != (os.geteuid(), os.getegid()):
                with contextlib.suppress(OSError):
                    os.fchown(fh.fileno(), st.st_uid, st.st_gid)
            os.fchmod(fh.fileno(), stat.S_IMODE(st.st_mode) if st is not None else _new_file_mode())
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    fsync_dir(folder)


def same_file(a: Path, b: Path) -> bool:
    """Whether ``a`` names the file ``b``: the same path once resolved (``./x/../t.sqlite``, a
    linked folder), or the same file under another name (a hard link)."""
    try:
        if a.resolve() == b.resolve():
            return True
    except (OSError, RuntimeError):  # a symlink loop: not the same path, and samefile decides
        pass
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def stdout_to_devnull() -> None:
    """Point standard output at /dev/null, so that the interpreter's last flush after a closed
    pipe or a failed write cannot fail a second time (and print a traceback)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        return
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no real file descriptor (a test runner's stream)
        pass
    finally:
        os.close(devnull)


class FileTooLarge(OSError):
    """A file larger than its reader takes (``size`` bytes at least)."""

    def __init__(self, size: int, path: Path) -> None:
        super().__init__(f"larger than allowed: {size} bytes")
        self.size = size
        self.path = path


class NotAFile(OSError):
    """Something at a file's path that is no regular file: a pipe, a socket, a device (reading
    a pipe nobody writes to would wait for ever)."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"not a regular file: {path}")
        self.path = path


def read_bounded(path: Path, limit: int) -> bytes:
    """The bytes of ``path``, refused with ``FileTooLarge`` beyond ``limit`` bytes before more
    than ``limit + 1`` of them are read (a file that grows while it is read included); a folder
    with ``IsADirectoryError``, anything else that is no regular file with ``NotAFile``, before
    a byte is read (it is opened without waiting: a pipe would wait for a writer)."""
    import stat

    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:  # a socket cannot be opened at all ("No such device or address")
        import errno

        if exc.errno == errno.ENXIO and stat.S_ISSOCK(os.stat(path).st_mode):
            raise NotAFile(path) from None
        raise
    with open(fd, "rb") as fh:
        st = os.fstat(fd)  # (its kind, and its size before a byte is read)
        if stat.S_ISDIR(st.st_mode):
            raise IsADirectoryError(21, "Is a directory", str(path))
        if not stat.S_ISREG(st.st_mode):
            raise NotAFile(path)
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        size = st.st_size
        raw = fh.read(limit + 1)
    if len(raw) > limit or size > limit:
        raise FileTooLarge(max(size, len(raw)), path)
    return raw
