"""``export``: a session's ledger (or the season's) in one of the registered formats
(``export.FORMATS``): the ledger's own JSON dump, or a report (``reports.build_report``) with what
the format needs besides (the ratings and players' pages of the HTML report, the stats and the
games' names of the workbook), written chunk by chunk."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ..export import FORMATS
from ..ledger import Ledger, export_json
from ..table import TableConfig
from .aside import Spooled


def chunks(cfg: TableConfig, ledger: Ledger, fmt: str, ids: Sequence[int]) -> Iterator[Any]:
    """The export of sessions ``ids`` in format ``fmt``, as text chunks (bytes for a binary
    format)."""
    if fmt == "json":
        return export_json(ledger, list(ids), {"name": cfg.name, "kind": cfg.kind, **cfg.snapshot().to_dict()})
    from .reports import build_report, game_title, season_stats

    form = FORMATS[fmt]
    stops: list[Callable[[], None]] = []  # helpers to stop however the writing ends
    try:
        # a season's ratings and players' pages (RULES §13), or its stats: worked out by a
        # helper from the start, while this process reads the evenings and writes them
        later: dict[str, Any] = {}
        if "insights" in form.needs:
            from .insights_report import insights_aside

            later["insights"] = insights_aside(cfg, ledger, list(ids))
        if "stats" in form.needs:
            from .aside import work_aside

            later["stats"] = work_aside(cfg, ledger, list(ids), season_stats)
        stops += [aside.stop for aside in later.values() if aside is not None]
        report = build_report(cfg, ledger, list(ids))
        if form.evenings is not None and report["season"]:
            _latest_evenings(cfg, ledger, report, form.evenings)
        if "insights" in form.needs:
            if later["insights"] is not None:
                report["insights_later"] = later["insights"]
            else:
                from .insights_report import insights

                report["insights"] = insights(cfg, ledger, list(ids))
        if "stats" in form.needs:
            family = cfg.family_obj()
            if later["stats"] is not None:
                report["stats_later"] = later["stats"]
            else:
                report["stats"] = season_stats(cfg, ledger, list(ids))
            report["titles"] = {g.name: game_title(family, g.name, cfg.language) for g in family.games}
    except BaseException:
        for stop in stops:
            stop()
        raise
    if form.halves:
        second = _second_half_aside(cfg, ledger, report, form)
        if second is not None:
            stops.append(second.stop)
    made = form.render(report)
    return _stopping(made, stops) if stops else made


def _latest_evenings(cfg: TableConfig, ledger: Ledger, report: dict[str, Any], evenings: int) -> None:
    """A season longer than ``evenings``: only its latest ``evenings`` with their hands (the
    report's ``sessions``), the earlier ones with their totals in the overview alone; the report's
    ``summed`` says how many those are (0: every evening in full)."""
    from .reports import session_reports

    overview = report["overview"]
    report["summed"] = max(0, len(overview) - evenings)
    if report["summed"]:  # (the report's sessions are read as they are reached: none was read yet)
        report["sessions"] = session_reports(cfg, ledger, overview[report["summed"]:], report["players"],
                                             report["aliases"])


def _second_half_aside(cfg: TableConfig, ledger: Ledger, report: dict[str, Any], form: Any) -> Spooled | None:
    """A long season's second half of sessions written by a helper process (``aside.spool_aside``,
    from ``ASIDE_FROM`` sessions on) while this one writes the first: the report's sessions are
    then the first half, and its ``sessions_later`` gives the helper's text to follow them
    (``export.words.later_sessions``); the file is the same, byte for byte."""
    from .aside import spool_aside
    from .reports import session_reports

    overview = report["overview"]
    half = len(overview) // 2
    first, rest = overview[:half], overview[half:]
    players, aliases = report["players"], report["aliases"]
    whole = {k: v for k, v in report.items() if k != "sessions"}

    def write(cfg: Any, ledger: Any, spool: Any) -> None:
        part = {**whole, "sessions": session_reports(cfg, ledger, rest, players, aliases), "body_only": True}
        for chunk in form.render(part):
            spool.write(chunk)

    spooled = spool_aside(cfg, ledger, [item["session"] for item in overview], write)
    if spooled is not None:
        report["sessions"] = session_reports(cfg, ledger, first, players, aliases)
        report["sessions_later"] = spooled.chunks
    return spooled


def _stopping(chunks: Iterator[Any], stops: list[Callable[[], None]]) -> Iterator[Any]:
    """``chunks``, and each of ``stops`` called however their writing ends (no helper left behind)."""
    try:
        yield from chunks
    finally:
        for stop in stops:
            stop()
