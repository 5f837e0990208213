"""Where a use case works, resolved once: the table file, its ledger and the place, an evening
at the table or a table of a tournament's round (``--tisch N``, ``"tisch": N``). Every door
asks here, so that "an ordinary table or a tournament's table?" is answered in one place."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import IllegalEntry
from ..i18n import Text
from ..ledger import Ledger
from ..session.place import THE_OPEN_SESSION, Place
from ..table import TableConfig

# what each command looks like at a tournament's table (a refusal without the table shows it)
TISCH_EXAMPLES = {"add": "schafkopf add --tisch 3 sau an be 72", "calc": "schafkopf calc --tisch 3 sau an be 72",
                  "undo": "schafkopf undo --tisch 3", "void": "schafkopf void 2 --tisch 3",
                  "edit": "schafkopf edit 2 --tisch 3 k"}


@dataclass(frozen=True)
class At:
    """A use case's place: ``table`` is the table file as read (a tournament's file for any of
    its tables), ``cfg`` the table as the place seats it (a tournament's table: its players in
    seat order; a table of three: the short deck), ``place`` the session's place."""

    table: TableConfig
    ledger: Ledger
    place: Place
    cfg: TableConfig

    @classmethod
    def evening(cls, table: TableConfig, ledger: Ledger) -> At:
        """The table's open session (a new one after a close)."""
        return cls(table, ledger, THE_OPEN_SESSION, table)

    @property
    def language(self) -> str:
        return self.table.language

    @property
    def tournament(self) -> bool:
        return self.table.kind == "tournament"


def check_place(cfg: TableConfig, command: str, tisch: int | None, round_no: int | None = None) -> None:
    """Refused before the ledger is read: a tournament's hand or correction without its table,
    a round without a table, a round at a table that is no tournament."""
    if round_no is not None and cfg.kind != "tournament":
        raise IllegalEntry(Text("tournament.round_not_tournament", path=str(cfg.path)),
                           Text("tournament.round_not_tournament_hint"))
    if tisch is None and cfg.kind == "tournament":
        example = TISCH_EXAMPLES.get(command, TISCH_EXAMPLES["add"])
        if round_no is not None:
            raise IllegalEntry(Text("tournament.round_needs_tisch"),
                               Text("tournament.round_needs_tisch_hint", example=f"{example} --round {round_no}"))
        raise IllegalEntry(Text("tournament.needs_tisch"), Text("tournament.needs_tisch_hint", example=example))


def at(cfg: TableConfig, ledger: Ledger, command: str = "add", tisch: int | None = None,
       round_no: int | None = None) -> At:
    """The place a hand is recorded, scored or corrected at: a tournament's table ``tisch`` of
    the latest round (or of ``round_no``), else the table's open session. Refused as
    ``check_place`` refuses, and for a tournament's table that does not exist or was closed."""
    check_place(cfg, command, tisch, round_no)
    if tisch is None:
        return At.evening(cfg, ledger)
    from ..tournament.tables import open_table, table_cfg

    table = open_table(cfg, ledger, tisch, round_no, command)
    return At(cfg, ledger, table, table_cfg(cfg, table.players))


def evening(cfg: TableConfig, ledger: Ledger, command: str) -> At:
    """An evening's money (``sheet``, ``standings``, ``settle``): refused at a tournament, which
    counts points (naming the command that does the job there)."""
    from ..tournament import refuse_at_tournament

    instead = {"sheet": "tournament.use_sheet"}.get(command, "tournament.use_ranking")
    refuse_at_tournament(cfg, command, instead)
    return At.evening(cfg, ledger)
