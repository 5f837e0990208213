"""A private PostgreSQL server for the tests: a cluster of its own in a temporary folder, on a
free port of 127.0.0.1, trust authentication, stopped and removed at the end. ``fsync`` is off
(the machine under a test does not crash; a server killed keeps what it committed, since
``synchronous_commit`` stays on).

Standard library only, so that ``.ci/run`` can start it before the package is installed:

    python tests/pgserver.py start FOLDER   # prints the server's address
    python tests/pgserver.py stop FOLDER

The tests use ``SCHAFKOPF_TEST_PG`` (an address) when it is set, else start one with ``start``
(when the PostgreSQL programs are installed: Debian's postgresql package). As root (CI), the
server runs as the ``postgres`` user, which PostgreSQL insists on.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path


def bin_dir() -> Path | None:
    """Where initdb and pg_ctl are: Debian keeps them under /usr/lib/postgresql/N/bin."""
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return Path(found).resolve().parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
                      key=lambda p: int(Path(p).parent.parent.name) if Path(p).parent.parent.name.isdigit() else 0)
    return Path(versions[-1]).parent if versions else None


def _as_server_user(cmd: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return cmd
    return ["runuser", "-u", "postgres", "--", *cmd]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(folder: Path | None = None) -> tuple[str, Path]:
    """Start a server; returns its address and its folder (for ``stop``)."""
    binaries = bin_dir()
    if binaries is None:
        raise RuntimeError("PostgreSQL is not installed (apt-get install postgresql)")
    folder = Path(folder or tempfile.mkdtemp(prefix="schafkopf-pg-"))
    folder.mkdir(parents=True, exist_ok=True)
    if os.geteuid() == 0:
        user = pwd.getpwnam("postgres")
        os.chown(folder, user.pw_uid, user.pw_gid)
    data = folder / "data"
    subprocess.run(_as_server_user([str(binaries / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres",
                                    "-E", "UTF8", "--locale=C", "--no-sync"]),
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    port = _free_port()
    _start(binaries, folder, port)
    # a database of the tests' own (each test then makes a schema of its own in it)
    subprocess.run([str(binaries / "psql"), "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "-d", "postgres",
                    "-q", "-c", "CREATE DATABASE schafkopf"], check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.PIPE)
    url = f"postgresql://postgres@127.0.0.1:{port}/schafkopf"
    (folder / "url").write_text(url)
    return url, folder


def _start(binaries: Path, folder: Path, port: int) -> None:
    options = (f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c max_connections=200 "
               "-c shared_buffers=32MB -c fsync=off -c full_page_writes=off")
    subprocess.run(_as_server_user([str(binaries / "pg_ctl"), "-D", str(folder / "data"), "-l", str(folder / "log"),
                                    "-o", options, "-w", "-t", "60", "start"]),
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def pause(folder: Path) -> None:
    """Stop the server at once (as a crash would), keeping its data: ``resume`` starts it again."""
    binaries = bin_dir()
    assert binaries is not None
    subprocess.run(_as_server_user([str(binaries / "pg_ctl"), "-D", str(folder / "data"), "-m", "immediate", "-w",
                                    "stop"]), check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def resume(folder: Path) -> None:
    """Start a server ``pause`` stopped, on its port."""
    binaries = bin_dir()
    assert binaries is not None
    port = int((folder / "url").read_text().rsplit(":", 1)[1].split("/")[0])
    _start(binaries, folder, port)


def restart(folder: Path) -> None:
    """Stop the server at once (as a crash would) and start it again on the same port."""
    binaries = bin_dir()
    assert binaries is not None
    subprocess.run(_as_server_user([str(binaries / "pg_ctl"), "-D", str(folder / "data"), "-m", "immediate", "-w",
                                    "restart"]), check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def stop(folder: Path) -> None:
    binaries = bin_dir()
    if binaries is not None and (folder / "data" / "postmaster.pid").exists():
        subprocess.run(_as_server_user([str(binaries / "pg_ctl"), "-D", str(folder / "data"), "-m", "immediate",
                                        "-w", "stop"]), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("start", "stop"):
        sys.exit("usage: python tests/pgserver.py start|stop FOLDER")
    if sys.argv[1] == "start":
        print(start(Path(sys.argv[2]))[0])
    else:
        stop(Path(sys.argv[2]))
