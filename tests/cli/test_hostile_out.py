"""``export --out`` among hostile files: the ledger, the table file, links, devices, folders,
planted temporaries, read-only folders and full disks. Nothing is ever destroyed, every refusal
says what and how to fix it (exit 2), and a reader that goes away is no failure."""

import os
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from schafkopf_score.cli.app import app
from schafkopf_score.files import write_atomic

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "SCHAFKOPF_TABLE": ""}


def evening(make_table, comment_size=0):
    # an English table: these tests read the English messages (the German ones: test_language_data)
    t = make_table(language="en")
    t.ok("add", "wenz", "--player", "Anna", "--augen", "70")
    t.ok("add", "sauspiel", "--player", "Ben", "--partner", "Cora", "--augen", "61")
    # long comments: an export larger than a pipe's buffer (4 times comment_size characters, in comments of at
    # most 4000: a hand holds at most 4096 characters as typed)
    for _ in range(-(-4 * comment_size // 4000)):
        t.ok("add", "wenz", "--player", "Dora", "--augen", "70", "--comment", "x" * min(comment_size, 4000))
    return t


def refused(r, *needles):
    assert r.exit_code == 2, (r.exit_code, r.output)
    assert r.stderr.startswith("Error: "), r.stderr
    assert "nothing was written" in r.stderr.lower(), r.stderr
    assert "Internal error" not in r.stderr and "Traceback" not in r.stderr
    assert "Wrote" not in r.stderr
    for needle in needles:
        assert needle in r.stderr, (needle, r.stderr)


def temporaries(folder: Path):
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


# -- 1. the table's own files ----------------------------------------------------------------------

@pytest.mark.parametrize("spelling", ["ledger", "ledger-dotdot", "ledger-relative", "table", "journal"])
def test_out_never_replaces_the_ledger_or_the_table_file(make_table, tmp_path, spelling):
    t = evening(make_table)
    (tmp_path / "x").mkdir()
    out = {"ledger": str(t.ledger_path),
           "ledger-dotdot": f"./x/../{t.ledger_path.name}",  # the same file, spelled otherwise
           "ledger-relative": t.ledger_path.name,
           "table": str(t.path),
           "journal": f"{t.ledger_path}-journal"}[spelling]
    ledger, table = t.ledger_bytes(), t.path.read_bytes()
    for fmt in ("csv", "json"):
        r = t.run("export", "--format", fmt, "--out", out)
        refused(r, f"Error: --out {out} is this table's", "Choose another file, e.g. --out abend.")
    assert t.ledger_bytes() == ledger and t.path.read_bytes() == table
    assert not Path(f"{t.ledger_path}-journal").exists()
    assert temporaries(tmp_path) == []
    assert len(t.json("sheet")["sessions"][0]["hands"]) == 2


def test_out_refuses_the_ledger_through_a_linked_folder(make_table, tmp_path):
    t = evening(make_table)
    (tmp_path / "linked").symlink_to(tmp_path, target_is_directory=True)
    before = t.ledger_bytes()
    refused(t.run("export", "--out", str(tmp_path / "linked" / t.ledger_path.name)),
            "is this table's ledger")
    assert t.ledger_bytes() == before


# -- links, devices, folders, empty names ---------------------------------------------------------

def test_out_refuses_a_symlink_and_leaves_it_and_its_target_alone(make_table, tmp_path):
    t = evening(make_table)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    (tmp_path / "link.csv").symlink_to(victim)
    (tmp_path / "dangling.csv").symlink_to(tmp_path / "nowhere.csv")
    for name in ("link.csv", "dangling.csv"):
        r = t.run("export", "--out", str(tmp_path / name))
        refused(r, f"Error: --out {tmp_path / name} is a symbolic link; it was left as it is",
                "for standard output leave out --out or give --out -")
        assert (tmp_path / name).is_symlink()
    assert victim.read_text() == "precious\n"
    assert not (tmp_path / "nowhere.csv").exists()


@pytest.mark.parametrize("path,kind", [("/dev/stdout", "is a symbolic link"), ("/dev/full", "is a device"),
                                       ("/dev/null", "is a device")])
def test_out_refuses_device_nodes_and_their_links(make_table, path, kind):
    if not os.path.lexists(path):
        pytest.skip(f"no {path} here")
    t = evening(make_table)
    before = os.lstat(path)
    r = t.run("export", "--out", path)
    refused(r, f"Error: --out {path} {kind}; it was left as it is and nothing was written.")
    after = os.lstat(path)
    assert (stat.S_IFMT(after.st_mode), after.st_ino) == (stat.S_IFMT(before.st_mode), before.st_ino)


def test_out_refuses_a_named_pipe(make_table, tmp_path):
    t = evening(make_table)
    fifo = tmp_path / "pipe.csv"
    os.mkfifo(fifo)
    refused(t.run("export", "--out", str(fifo)), "is a named pipe")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_out_refuses_a_folder_an_empty_name_and_a_folder_name(make_table, tmp_path):
    t = evening(make_table)
    (tmp_path / "folder").mkdir()
    (tmp_path / "folder" / "keep.txt").write_text("kept")
    refused(t.run("export", "--out", str(tmp_path / "folder")), "is a folder; it was left as it is")
    refused(t.run("export", "--out", "."), "Error: --out . is a folder")
    refused(t.run("export", "--out", ""), "Error: --out was given an empty file name",
            "or --out - for standard output")
    refused(t.run("export", "--out", "new/"), "Error: --out new/ names a folder")
    assert not Path("new").exists()
    refused(t.run("export", "--out", f"{t.path}/x.csv"), f"{t.path} is not a folder")
    assert (tmp_path / "folder" / "keep.txt").read_text() == "kept"
    assert temporaries(tmp_path) == [] and temporaries(tmp_path / "folder") == []


def test_out_dash_is_standard_output(make_table):
    t = evening(make_table)
    r = t.ok("export", "--format", "csv", "--out", "-")
    assert r.stdout == t.ok("export", "--format", "csv").stdout
    assert r.stdout.startswith("session,hand,") and "Wrote" not in r.stderr
    assert not Path("-").exists()


# -- the atomic write: permissions, temporaries --------------------------------------------------

def test_out_keeps_the_permission_bits_of_the_file_it_replaces(make_table, tmp_path):
    t = evening(make_table)
    out = tmp_path / "abend.csv"
    out.write_text("old\n")
    out.chmod(0o640)
    t.ok("export", "--out", str(out))
    assert stat.S_IMODE(out.stat().st_mode) == 0o640
    assert out.read_text(encoding="utf-8").startswith("session,hand,")
    out.chmod(0o604)
    t.ok("export", "--format", "json", "--out", str(out))
    assert stat.S_IMODE(out.stat().st_mode) == 0o604


def test_a_new_file_gets_the_umask_mode_not_the_temporarys(make_table, tmp_path):
    t = evening(make_table)
    old = os.umask(0o027)
    try:
        t.ok("export", "--out", str(tmp_path / "new.csv"))
        r = t.runner.invoke(app, ["new", str(tmp_path / "neu.toml"), "--players", "Anna,Ben,Cora,Dora"])
        assert r.exit_code == 0, r.output  # the other writer of write_atomic
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.csv").stat().st_mode) == 0o640
    assert stat.S_IMODE((tmp_path / "neu.toml").stat().st_mode) == 0o640
    assert temporaries(tmp_path) == []


def test_a_planted_link_under_the_old_temporary_name_is_never_followed(make_table, tmp_path):
    t = evening(make_table)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    planted = tmp_path / f".abend.csv.{os.getpid()}.tmp"  # the name the old write used (CliRunner: our pid)
    planted.symlink_to(victim)
    t.ok("export", "--out", str(tmp_path / "abend.csv"))
    assert victim.read_text() == "precious\n"
    assert planted.is_symlink() and os.readlink(planted) == str(victim)
    assert (tmp_path / "abend.csv").read_text(encoding="utf-8").startswith("session,hand,")
    assert temporaries(tmp_path) == [planted.name]


def test_a_failing_chunk_generator_leaves_no_temporary_and_the_old_file(tmp_path):
    out = tmp_path / "x.json"
    out.write_text("old")

    def chunks():
        yield "{"
        raise ValueError("the ledger broke mid-way")

    with pytest.raises(ValueError):
        write_atomic(out, chunks())
    assert out.read_text() == "old" and temporaries(tmp_path) == []

    def interrupted():
        yield "{"
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_atomic(out, interrupted())
    assert out.read_text() == "old" and temporaries(tmp_path) == []


def test_a_ledger_that_breaks_mid_export_leaves_no_temporary_and_the_old_file(make_table, tmp_path):
    t = evening(make_table)
    con = sqlite3.connect(t.ledger_path)
    for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
        con.execute(f"DROP TRIGGER {name}")
    con.execute("UPDATE games SET stock = 'not a number' WHERE hand = 2")  # read after the first chunks
    con.commit()
    con.close()
    out = tmp_path / "x.json"
    out.write_text("old")
    r = t.run("export", "--format", "json", "--out", str(out))
    assert r.exit_code != 0 and "Wrote" not in r.stderr
    assert out.read_text() == "old" and temporaries(tmp_path) == []


# -- read-only folders and full disks ---------------------------------------------------------------

def test_a_folder_that_refuses_writes_is_a_message(make_table):
    folder = Path("/sys")
    try:
        probe = folder / ".schafkopf-probe"
        probe.write_text("x")
    except OSError:
        pass
    else:
        probe.unlink()
        pytest.skip("/sys accepts files here")
    if not folder.is_dir():
        pytest.skip("no /sys here")
    t = evening(make_table)
    r = t.run("export", "--out", "/sys/abend.csv")
    refused(r, "Error: Cannot write /sys/abend.csv: ", "Nothing was written.", "choose another --out path")
    assert not Path("/sys/abend.csv").exists()


@pytest.fixture
def mounted(tmp_path):
    """A small tmpfs of our own (root in a container that allows mounting), else skip."""
    point = tmp_path / "mnt"
    point.mkdir()
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(point)],
                          capture_output=True, text=True) if os.geteuid() == 0 else None
    if made is None or made.returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    try:
        yield point
    finally:
        if subprocess.run(["umount", str(point)], capture_output=True).returncode != 0:
            subprocess.run(["umount", "-l", str(point)], capture_output=True)


def test_a_read_only_folder_is_a_message_and_the_old_file_stays(make_table, mounted):
    t = evening(make_table)
    out = mounted / "abend.csv"
    out.write_text("old\n")
    if subprocess.run(["mount", "-o", "remount,ro", str(mounted)], capture_output=True).returncode != 0:
        pytest.skip("cannot remount read-only here")
    r = t.run("export", "--out", str(out))
    refused(r, f"Error: Cannot write {out}: Read-only file system. Nothing was written; {out} was left as it is.",
            "read-only")
    assert out.read_text() == "old\n"
    r = t.run("export", "--out", str(mounted / "fresh.csv"))
    refused(r, "Read-only file system. Nothing was written.")


def test_a_full_disk_is_a_message_and_the_old_file_stays(make_table, mounted):
    t = evening(make_table, comment_size=2000)
    out = mounted / "abend.csv"
    out.write_text("old\n")
    with open(mounted / "filler", "wb", buffering=0) as fh:  # fill the small disk to the last byte
        try:
            while True:
                fh.write(b"\0" * 4096)
        except OSError:
            pass
    r = t.run("export", "--out", str(out))
    refused(r, f"Error: Cannot write {out}: No space left on device. Nothing was written; {out} was left as it is.",
            "The disk is full")
    assert out.read_text() == "old\n"
    assert temporaries(mounted) == []


def test_dev_full_as_standard_output_is_a_message(make_table):
    t = evening(make_table)
    with open("/dev/full", "w") as full:
        r = subprocess.run([sys.executable, "-m", "schafkopf_score", "--table", str(t.path), "export"],
                           stdout=full, stderr=subprocess.PIPE, text=True, env=ENV)
    assert r.returncode == 2, r.stderr
    assert r.stderr == ("Error: Cannot write the export to standard output: No space left on device.\n"
                        "Write it to a file instead (--out abend.csv).\n")


# -- a reader that goes away -------------------------------------------------------------------------

@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_export_into_head_dash_1_exits_0_quietly(make_table, tmp_path, fmt):
    t = evening(make_table, comment_size=40_000)  # more than a pipe holds: the reader really goes away
    assert len(t.ok("export", "--format", fmt).stdout) > 150_000
    err = tmp_path / "stderr"
    with open(err, "w") as errfh:
        export = subprocess.Popen([sys.executable, "-m", "schafkopf_score", "--table", str(t.path), "export",
                                   "--format", fmt], stdout=subprocess.PIPE, stderr=errfh, env=ENV)
        head = subprocess.Popen(["head", "-1"], stdin=export.stdout, stdout=subprocess.PIPE)
        export.stdout.close()  # only head reads it now
        first, _ = head.communicate(timeout=60)
        assert export.wait(timeout=60) == 0
    assert err.read_text() == ""
    assert first.decode().startswith("session,hand," if fmt == "csv" else '{"format"')


@pytest.mark.parametrize("target", ["folder", "link", "empty"])
def test_new_never_replaces_a_folder_or_a_link(tmp_path, target):
    from schafkopf_score.cli.app import app
    from tests.conftest import CliRunner

    victim = tmp_path / "victim.txt"
    victim.write_text("keep me", encoding="utf-8")
    path = {"folder": tmp_path / "dir", "link": tmp_path / "t.toml", "empty": ""}[target]
    if target == "folder":
        path.mkdir()
    elif target == "link":
        path.symlink_to(victim)
    r = CliRunner().invoke(app, ["new", str(path), "--players", "A,B,C,D", "--force"])
    assert r.exit_code == 2, r.output
    assert r.stderr.startswith("Error: ") and "Internal error" not in r.stderr
    assert victim.read_text(encoding="utf-8") == "keep me"
    if target == "link":
        assert path.is_symlink()
