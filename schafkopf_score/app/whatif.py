"""``settle --tariff A/B`` and ``settle --rules FILE``: the evening (or ``--all``, the season)
settled as it stands and as it would under another tariff or another table file's ``[tariff]``
and ``[rules]``, side by side (RULES §13). The hands are played again from the ledger
(``insights.whatif``); nothing is written."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..errors import ConfigError, IllegalEntry
from ..i18n import Text
from ..insights.whatif import Refused, replayed, settled, with_rules, with_tariff
from ..rules.model import TableRules
from ..session.fold import carried_on
from ..session.place import THE_OPEN_SESSION
from ..session.settle import SessionSettlement, settle_season
from .settle import checked_round, closed_settlement, season_settlement, session_settlement
from .state import select_sessions
from .where import evening


@dataclass(frozen=True)
class WhatIf:
    """Both settlements (``now``: as ``settle`` shows it; ``other``: under the other rules, the
    same shape) and the hands the other rules refuse."""

    now: SessionSettlement
    other: SessionSettlement
    refused: tuple[Refused, ...]
    season: bool
    now_parts: tuple[SessionSettlement, ...] = ()
    other_parts: tuple[SessionSettlement, ...] = ()
    difference: dict[str, Any] | None = None  # what a closing after a reopening paid on top (settle shows it)

    def settle_json(self, result: SessionSettlement, parts: tuple[SessionSettlement, ...],
                    difference: dict[str, Any] | None = None) -> dict[str, Any]:
        """A settlement as ``settle --json`` prints it (``--all``: with its sessions)."""
        data = result.to_json()
        if difference:
            data["difference"] = difference
        if self.season:
            data["sessions"] = [p.session for p in parts if p.session is not None]
            data["by_session"] = [{"session": p.session, "closed": p.closed, "balances": p.balances} for p in parts]
        return data

    def to_json(self, lang: str) -> dict[str, Any]:
        """``{"now": <settle --json>, "other": <settle --json under the other rules>, "refused": [...]}``."""
        return {"now": self.settle_json(self.now, self.now_parts, self.difference),
                "other": self.settle_json(self.other, self.other_parts),
                "refused": [r.to_json(lang) for r in self.refused]}


def other_rules(cfg: Any, tariff: str | None, rules_file: str | None) -> Callable[[TableRules], TableRules]:
    """How a hand's snapshot becomes the other one: ``--tariff`` (as ``new --tariff`` reads it)
    or ``--rules FILE`` (a table file of the same family), checked before anything is read."""
    from ..table.file import parse_tariff

    family = cfg.family_obj()
    if (tariff is None) == (rules_file is None):
        raise IllegalEntry(Text("data.whatif_one"), Text("data.whatif_one_hint"))
    if tariff is not None:
        if family.default_tariff is None:
            raise IllegalEntry(Text("data.whatif_tariff_not_here", family=family.title_text()),
                               Text("data.whatif_tariff_not_here_hint"))
        return with_tariff(parse_tariff(tariff, family))
    assert rules_file is not None
    from ..table import load_table

    if not rules_file.strip():
        raise IllegalEntry(Text("data.whatif_rules_empty"), Text("data.whatif_rules_hint"))
    try:
        other = load_table(Path(rules_file))
    except ConfigError as exc:
        raise IllegalEntry(Text("data.whatif_rules_file", path=rules_file, problem=exc.text),
                           Text("data.whatif_rules_hint")) from None
    if other.kind == "tournament":
        raise IllegalEntry(Text("data.whatif_rules_tournament", path=rules_file), Text("data.whatif_rules_hint"))
    if other.family != cfg.family:
        raise IllegalEntry(Text("data.whatif_rules_family", path=rules_file, other=other.family_obj().title_text(),
                                family=family.title_text()), Text("data.whatif_rules_hint"))
    return with_rules(other.snapshot())


def what_if(cfg: Any, ledger: Any, *, tariff: str | None = None, rules_file: str | None = None,
            session: int | None = None, all_: bool = False, round_to: int | None = None) -> WhatIf:
    """The latest session (``session``: that one; ``all_``: every one) settled now and under the
    other tariff or rules. Refused at a tournament, which counts points, not money."""
    evening(cfg, ledger, "settle")
    checked_round(round_to)
    other = other_rules(cfg, tariff, rules_file)
    ids = select_sessions(ledger, session, all_)
    now_rules = cfg.snapshot()
    unit = cfg.family_obj().unit
    refused: list[Refused] = []
    parts: list[SessionSettlement] = []
    wanted = set(ids)
    infos = list(ledger.sessions())
    # an evening that opened with a Stock carried on opens with what the evening before carried
    # on under the other rules: that one is played again too (and so on back), not shown
    needed = set(wanted)
    carries = other(now_rules).rules.get("stock_at_close") == "carry"  # the other rules carry it on
    for before, info in reversed(list(zip(infos, infos[1:], strict=False))):
        if info.id in needed and (carries or carried_on(before)):
            needed.add(before.id)
    carried: dict[str, int] | None = None  # what the evening played again before carried on
    aliases = ledger.aliases()
    for info in infos:
        if info.id not in needed:
            carried = None
            continue
        log = replace(ledger.log(info), place=THE_OPEN_SESSION)
        if carried is not None:
            log = replace(log, opening=carried)
        state, lost = replayed(log, other, _seated_as_closed(ledger, info, now_rules, aliases), unit)
        closed = bool(info.closed_at)
        rounding = closed_settlement(ledger, info).round_to if closed else round_to
        done = settled(state, closed, rounding)
        carried = dict(done.extra.get("stock_carried") or {})
        if info.id in wanted:
            refused += lost
            parts.append(done)
    # a session closed before a rename is shown, beside the other rules' figures, under the names now
    if all_:
        now, now_parts = season_settlement(cfg, ledger, ids, round_to)
        now_parts = [p.renamed(aliases) for p in now_parts if p.session is not None]
        other_parts = [p.renamed(aliases) for p in parts if p.session is not None]
        return WhatIf(now, settle_season(parts, aliases) if parts else now, tuple(refused), True, tuple(now_parts),
                      tuple(other_parts))
    now = session_settlement(cfg, ledger, ids[0] if ids else None, round_to).renamed(aliases)
    info = ledger.session(ids[0]) if ids else None
    difference = info.bookings.get("difference") if info is not None and info.closed_at else None
    return WhatIf(now, parts[0] if parts else now, tuple(refused), False, difference=difference)


def _seated_as_closed(ledger: Any, info: Any, now_rules: TableRules, aliases: dict[str, str]) -> TableRules:
    """The rules a session is played again under: a closed one's players in the order its close
    settled them (under the names now), whose ties the cash rounding and the Stock's shares went
    by, not in today's seating (a player who left since came last, and won a tie he had lost);
    the players who were not at it are not in it either. An open one: the table's rules now."""
    if not info.closed_at:
        return now_rules
    order = closed_settlement(ledger, info).renamed(aliases).exact
    return replace(now_rules, players=tuple(order))
