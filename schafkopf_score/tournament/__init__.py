"""Tournaments (Preisschafkopf, ``kind = "tournament"``): ``draw`` (a round's tables, pure and
seeded), ``points`` (the cap, pure), ``prizes`` (the prize list and the pool, pure); over the
ledger: ``tables`` (the roster, the tables of a round, each table as the place of its session),
``rounds`` (drawing a round, drawing it again, swapping two seats), ``constraints`` (players
fixed and kept apart for the day), ``ranking``, ``progress`` (whether the ranking is final),
``numbers`` (start numbers), ``players`` (latecomers and withdrawals) and ``totals`` (a table's
paper totals, replaced and voided). The table file's sections are read in ``table.tournament``;
the events are ``session.tournament``'s."""

from __future__ import annotations

from typing import Any


def refuse_at_tournament(cfg: Any, command: str, instead: str, why: str = "tournament.why_money") -> None:
    """Refuse a command of one table's money (``settle``, ``standings``, ``sheet``, ``stats``,
    a money export) or of another family (``draw``) at a tournament, naming the tournament
    command that does the job (``instead``: a hint id). Nothing is read or written before."""
    if getattr(cfg, "kind", "table") != "tournament":
        return
    from ..errors import IllegalEntry
    from ..i18n import Text

    raise IllegalEntry(Text("tournament.refused", command=command, why=Text(why)), Text(instead))


def needs_table(cfg: Any) -> None:
    """At a tournament a hand belongs to one table of a round (``--tisch N``; its session is that
    table's place): one recorded, corrected or scored without it would land at whichever table
    was drawn last, so it is refused (the commands and the server ask for ``--tisch`` first)."""
    if getattr(cfg, "kind", "table") != "tournament":
        return
    from ..errors import IllegalEntry
    from ..i18n import Text

    raise IllegalEntry(Text("tournament.needs_tisch"),
                       Text("tournament.needs_tisch_hint", example="schafkopf add --tisch 3 sau an be 72"))
