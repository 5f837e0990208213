"""A real ``schafkopf serve`` process on a free port, for the server's tests: started as users
start it (``python -m schafkopf_score --table T serve --port P``), its printed ``ROLE: URL``
lines read, and spoken to over HTTP with the standard library only (urllib's lower layer)."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINE = re.compile(r"^(host|view|tisch \d+): (http://\S+)/\?k=(\S+)$")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "SCHAFKOPF_TABLE": "", "COLUMNS": "120"}


def cli(table: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    """The CLI as a user runs it, on the same table file."""
    r = subprocess.run([sys.executable, "-m", "schafkopf_score", "--table", str(table), *args],
                       capture_output=True, text=True, env=env(), timeout=60)
    if check:
        assert r.returncode == 0, (args, r.returncode, r.stdout, r.stderr)
    return r


def printed_codes(text: str) -> dict[str, str]:
    return {m.group(1): m.group(3) for m in map(LINE.match, text.splitlines()) if m}


class Server:
    """``schafkopf serve`` in a subprocess; ``codes`` the role -> code it printed."""

    def __init__(self, table: Path, *args: str, port: int | None = None, open_files: int | None = None,
                 file_size: int | None = None) -> None:
        """``open_files``: the process's limit of open files (soft and hard), to run it out of them;
        ``file_size``: the largest file it may write, in bytes (a disk that is full for it)."""
        self.table = table
        self.port = port or free_port()

        def limited() -> None:
            import resource

            if open_files:
                resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, open_files))
            if file_size:
                resource.setrlimit(resource.RLIMIT_FSIZE, (file_size, file_size))

        self.proc = subprocess.Popen(
            [sys.executable, "-m", "schafkopf_score", "--table", str(table), "serve", "--port", str(self.port), *args],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env(),
            preexec_fn=limited if open_files or file_size else None)
        self.out: list[str] = []
        assert self.proc.stdout is not None
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                raise AssertionError(f"serve ended: {''.join(self.out)} {self.proc.stderr.read()}")  # type: ignore[union-attr]
            self.out.append(line)
            if "127.0.0.1:" in line and not LINE.match(line.strip()) and "k=" not in line:
                break
        self.codes = printed_codes("".join(self.out))
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)

    @property
    def host(self) -> str:
        return self.codes["host"]

    @property
    def cookie(self) -> str:
        """The name of this server's cookie (one per table file and port, RULES §11)."""
        from schafkopf_score.server.state import cookie_name

        return cookie_name(self.table, self.port)

    @property
    def view(self) -> str:
        return self.codes["view"]

    def request(self, method: str, path: str, body: object = None, code: str | None = None,
                headers: dict[str, str] | None = None, raw: bytes | None = None) -> tuple[int, dict[str, str], bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        h = dict(headers or {})
        if code is not None:
            h["Authorization"] = f"Bearer {code}"
        data = raw
        if body is not None:
            data = json.dumps(body).encode()
            h.setdefault("Content-Type", "application/json")
        conn.request(method, path, body=data, headers=h)
        r = conn.getresponse()
        out = r.read()
        got = {k.lower(): v for k, v in r.getheaders()}
        conn.close()
        return r.status, got, out

    def get(self, path: str, code: str | None = "host") -> tuple[int, object]:
        status, _, body = self.request("GET", path, code=self.codes.get(code, code) if code else None)
        return status, json.loads(body)

    def post(self, path: str, body: object, code: str | None = "host") -> tuple[int, object]:
        status, _, out = self.request("POST", path, body, code=self.codes.get(code, code) if code else None)
        return status, json.loads(out)

    def stop(self, sig: int = signal.SIGINT) -> str:
        """Stop it (Ctrl-C); what it wrote to stderr."""
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        err = self.proc.stderr.read() if self.proc.stderr and not self.proc.stderr.closed else ""
        for stream in (self.proc.stdout, self.proc.stderr):
            if stream:
                stream.close()
        return err

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
