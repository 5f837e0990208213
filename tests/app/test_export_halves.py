"""A long season's export written in two halves: the second half of the sessions by a helper
process while this one writes the first (``app.exports``, from ``aside.ASIDE_FROM`` sessions
on; lowered here). Every format that takes part gives the file it gives in one process, byte
for byte, and so does it where the helper dies before it is done."""

from __future__ import annotations

import multiprocessing
import os

import pytest

from schafkopf_score.app import aside
from tests.app.test_rating import season

FORMATS = ["md", "csv", "csv-de", "text"]  # (not the HTML page: its ratings have a helper of their own)


def four_evenings(make_table):
    """Three closed evenings (a void, an edit, a rename) and an open one with an early payout
    and a hand after it: the helper's half holds the open evening."""
    t = season(make_table)
    t.ok("add", "sau", "be", "co", "72")  # Anna deals and sits out
    t.ok("settle", "--player", "Cora")
    t.ok("add", "herzsolo", "co", "80")  # Ben deals
    return t


def export(t, tmp_path, fmt: str, name: str) -> bytes:
    out = tmp_path / f"{name}.{fmt}"
    t.ok("export", "--all", "--format", fmt, "--out", str(out))
    return out.read_bytes()


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_season_written_in_halves_is_the_file_written_in_one(make_table, tmp_path, monkeypatch, fmt):
    t = four_evenings(make_table)
    alone = export(t, tmp_path, fmt, "alone")
    real = aside._work
    marker = tmp_path / "helpers.txt"

    def marked(cfg, session_ids, work, send):
        with marker.open("a") as f:
            f.write(f"{os.getpid()}\n")
        real(cfg, session_ids, work, send)

    monkeypatch.setattr(aside, "ASIDE_FROM", 2)
    monkeypatch.setattr(aside, "_work", marked)
    assert export(t, tmp_path, fmt, "halves") == alone
    helpers = marker.read_text().split()
    assert helpers and str(os.getpid()) not in helpers  # written by a helper of its own
    monkeypatch.setattr(aside, "_work", lambda *a: os._exit(1))  # every helper dies before it answers
    assert export(t, tmp_path, fmt, "died") == alone
    assert multiprocessing.active_children() == []
    text = alone.decode("utf-8-sig")
    for evening in ("1", "2", "3", "4"):  # every evening is there once
        assert text.count({"md": f"## Session {evening} ", "text": f" · Session {evening} "}.get(fmt, "")) >= 1


def test_a_helper_that_fails_halfway_leaves_its_text_out(make_table, tmp_path, monkeypatch):
    """A helper that wrote part of its half and then failed: its part is written again here,
    not added twice."""
    from schafkopf_score.export import markdown

    t = four_evenings(make_table)
    alone = export(t, tmp_path, "md", "alone")
    real = markdown.to_markdown

    def failing(report):
        for n, chunk in enumerate(real(report)):
            yield chunk
            if report.get("body_only") and n == 0 and os.getpid() != main:
                raise OSError(28, "No space left on device")

    main = os.getpid()
    monkeypatch.setattr(aside, "ASIDE_FROM", 2)
    monkeypatch.setattr(markdown, "to_markdown", failing)
    assert export(t, tmp_path, "md", "failed") == alone


def test_an_export_that_fails_stops_the_helper_writing_the_second_half(make_table, tmp_path, monkeypatch):
    """The first half fails to be written (a full disk): the export says so, nothing is left
    behind, and the helper writing the second half is stopped."""
    from schafkopf_score.export import chat

    t = four_evenings(make_table)
    monkeypatch.setattr(aside, "ASIDE_FROM", 2)

    def broken(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(chat, "season_text", broken)
    r = t.run("export", "--all", "--format", "text", "--out", str(tmp_path / "s.txt"))
    assert r.exit_code != 0 and "No space left on device" in r.stderr, (r.exit_code, r.stderr)
    assert multiprocessing.active_children() == [] and not (tmp_path / "s.txt").exists()
