"""``standings --chart``: each player's balance over the evening (a point per hand) or over the
season (``--all``: a point per session), as ``settle`` adds it up."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..insights.trends import evening_steps, running_totals
from .views import standings
from .where import evening


@dataclass(frozen=True)
class BalanceHistory:
    """Each player's balance after each step: ``steps`` names them (hand or session numbers,
    ``by`` says which), ``balances`` holds a value per step (None: not there yet)."""

    by: str  # hand | session
    steps: tuple[int, ...]
    balances: dict[str, list[int | None]]
    unit: str
    session: int | None  # the evening shown (by hand)

    def to_json(self) -> dict[str, Any]:
        return {"by": self.by, "steps": list(self.steps), "balances": self.balances, "unit": self.unit,
                "session": self.session}


def balance_history(cfg: Any, ledger: Any, session: int | None = None, all_: bool = False) -> BalanceHistory:
    """The balances of the latest session (``session``: that one) hand by hand, or with ``all_``
    the season's totals session by session (a closed evening as it was paid)."""
    seen = standings(evening(cfg, ledger, "standings"), session, all_)
    columns, last = seen.columns, seen.last
    if all_:
        totals = running_totals((col.balances for col in columns), cfg.players)
        return BalanceHistory("session", tuple(col.session for col in columns), totals, last.unit, None)
    hands, steps = evening_steps(last)
    return BalanceHistory("hand", tuple(hands), running_totals(steps, list(last.balances)), last.unit,
                          last.session.id if last.session else None)
