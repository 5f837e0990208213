"""``export --format xlsx``: the report, the stats and the games' names handed to the workbook
writer (``export/xlsx.py``; XlsxWriter is imported only here)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any


def workbook(cfg: Any, ledger: Any, ids: Sequence[int], infos: Sequence[Any] | None) -> Iterator[bytes]:
    """The workbook of the sessions ``ids`` (``infos``: the ledger's sessions, read already)."""
    from ..app.reports import build_report, game_title, season_stats
    from ..export.xlsx import to_xlsx

    report = build_report(cfg, ledger, list(ids), infos=infos)
    stats = season_stats(cfg, ledger, list(ids))
    family = cfg.family_obj()
    titles = {g.name: game_title(family, g.name, cfg.language) for g in family.games}
    return to_xlsx(report, stats, titles)
