"""``export`` holds Python's cycle collector while it writes (a one-shot command: resumed
around each evening it ran once an evening over the season's memos), and gives it back as it
was afterwards, also when the export fails."""

from __future__ import annotations

import gc

import schafkopf_score.app.exports as exports


def test_export_holds_the_collector_while_writing_and_gives_it_back(make_table, tmp_path, monkeypatch):
    t = make_table(language="en")
    t.ok("add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "70")
    seen = []
    made = exports.chunks

    def watched(*args, **kwargs):
        for chunk in made(*args, **kwargs):
            seen.append(gc.isenabled())
            yield chunk

    monkeypatch.setattr(exports, "chunks", watched)
    assert gc.isenabled()
    t.ok("export", "--format", "md", "--out", str(tmp_path / "a.md"))
    assert seen and not any(seen) and gc.isenabled()
    gc.disable()  # held by the caller already: still held afterwards
    try:
        t.ok("export", "--format", "md", "--out", str(tmp_path / "b.md"))
        assert not gc.isenabled()
    finally:
        gc.enable()

    def failing(*args, **kwargs):
        raise OSError(28, "No space left on device")
        yield ""

    monkeypatch.setattr(exports, "chunks", failing)
    assert t.run("export", "--format", "md", "--out", str(tmp_path / "c.md")).exit_code == 2
    assert gc.isenabled()
