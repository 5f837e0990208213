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


def chunks(cfg: TableConfig, ledger: Ledger, fmt: str, ids: Sequence[int], infos: Sequence[Any] | None = None) -> Iterator[Any]:
    """The export of sessions ``ids`` in format ``fmt`` (``infos``: the ledger's sessions, read
    already), as text chunks (bytes for a binary format)."""
    if fmt == "json":
        return export_json(ledger, list(ids), {"name": cfg.name, "kind": cfg.kind, **cfg.snapshot().to_dict()})
    from .reports import build_report, game_title, season_stats

    form = FORMATS[fmt]
    report = build_report(cfg, ledger, list(ids), infos=infos)
    if "insights" in form.needs:  # RULES §13: the ratings and each player's page
        from .insights_report import insights, insights_aside

        later = insights_aside(cfg, ledger, list(ids))  # a season's: worked out by a helper meanwhile
        if later is not None:
            report["insights_later"] = later
            return _stopping(form.render(report), later.stop)
        report["insights"] = insights(cfg, ledger, list(ids))
    if "stats" in form.needs:
        family = cfg.family_obj()
        report["stats"] = season_stats(cfg, ledger, list(ids))
        report["titles"] = {g.name: game_title(family, g.name, cfg.language) for g in family.games}
    return form.render(report)


def _stopping(chunks: Iterator[Any], stop: Callable[[], None]) -> Iterator[Any]:
    """``chunks``, and ``stop()`` however their writing ends (a helper not left behind)."""
    try:
        yield from chunks
    finally:
        stop()
