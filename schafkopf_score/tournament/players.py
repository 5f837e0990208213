"""Latecomers and withdrawals (RULES §10): recorded events, the tournament's file untouched.
``core.roster`` folds them into who the next draw seats."""

from __future__ import annotations

from ..errors import IllegalEntry
from ..i18n import Text
from ..ledger import Ledger
from ..rules.matching import spellings
from ..rules.names import check_player_names
from ..session.tournament import PlayerAdded, PlayerWithdrew
from ..table import TableConfig
from ..table.tournament import name_hint, name_problem
from .numbers import number_of
from .tables import STANDIN_NAME, TournamentTable, latest_round, name_of, record_checked, roster, settings_of, still_playing, table_of

# a latecomer's name at most this long (characters)
MAX_NAME = 100


def add_player(cfg: TableConfig, ledger: Ledger, name: str) -> int:
    """Register a latecomer (recorded; the file stays as it is): he plays from the next round
    on, with no points for the rounds he missed. Returns that round. Refused after the last
    round has been drawn, and for a name already registered (in any spelling) or one the
    entries would misread."""
    settings = settings_of(cfg)
    name = name.strip()
    if len(name) > MAX_NAME:
        raise IllegalEntry(Text("tournament.name_long", most=MAX_NAME, length=len(name)),
                           Text("tournament.name_clash_hint", name=name[:20]))
    event = record_checked(ledger, lambda: PlayerAdded(_latecomer_checked(cfg, ledger, name, settings.rounds) + 1,
                                                       name))
    return event.round


def _latecomer_checked(cfg: TableConfig, ledger: Ledger, name: str, rounds: int) -> int:
    """The latest round drawn, where ``name`` may be registered as a latecomer; refused as
    ``add_player`` says."""
    from ..notation import clashes

    last = latest_round(ledger)
    if last >= rounds:
        raise IllegalEntry(Text("tournament.late_after_last", name=name, rounds=rounds),
                           Text("tournament.late_after_last_hint"))
    now_playing = roster(cfg, ledger)
    for other in now_playing.players:
        if spellings(other)[0] == spellings(name)[0]:
            raise IllegalEntry(Text("tournament.already_registered", name=name, other=other),
                               Text("tournament.already_registered_hint", name=name))
    check_player_names([*now_playing.players, name],
                       lambda msg, hint: IllegalEntry(Text("tournament.bad_name", problem=msg), hint))
    why = clashes(cfg.family_obj(), name) or (Text("tournament.name_is_number", name=name)
                                                if number_of(name) is not None else name_problem(name))
    if why:
        raise IllegalEntry(Text("tournament.name_clash_add", why=why), name_hint(name))
    if name.casefold().startswith(tuple(n.casefold() for n in STANDIN_NAME.values())):
        raise IllegalEntry(Text("tournament.standin_reserved", name=name),
                           Text("tournament.name_clash_hint", name=name))
    return last


def withdraw_player(cfg: TableConfig, ledger: Ledger, typed: str, reason: str = "") -> tuple[str, TournamentTable | None]:
    """Withdraw a player (recorded): he keeps his points and place, is marked withdrawn and is
    never seated again. A table he sits at in the current round plays on as it sat (returned,
    to be said). Refused for a name not registered or already withdrawn."""
    from .numbers import start_numbers
    from .totals import checked_reason

    settings_of(cfg)
    reason = checked_reason(reason)
    if ledger.conn is None:  # no ledger yet: an unknown name is refused before it is made
        name_of(roster(cfg, ledger).players, typed, start_numbers(cfg, ledger))
    with ledger.write() as conn:
        now_playing = roster(cfg, ledger)
        name = name_of(now_playing.players, typed, start_numbers(cfg, ledger))
        if name in now_playing.withdrawn:
            raise IllegalEntry(Text("tournament.already_withdrawn", name=name),
                               Text("tournament.already_withdrawn_hint"))
        last = latest_round(ledger)
        ledger.record_event(conn, PlayerWithdrew(last, name, reason))
        seat = table_of(ledger, last, name) if last else None
        if seat is not None and not still_playing(cfg, ledger, seat):
            seat = None
    return name, seat


def next_draw_problem(cfg: TableConfig, ledger: Ledger) -> IllegalEntry | None:
    """What the next round's draw would refuse for the players registered now, said when a
    latecomer comes or a player withdraws, so that the desk can act before the draw: a count
    it cannot seat (6, 7 or 11 without ``short_tables``: ``draw.layout``), or a standing
    constraint it cannot honour at the tables it now makes (``tournament fix P1 4`` where 15
    players sit at three tables of five: ``constraints.merged``); None where it can seat them,
    or where no round is left to draw."""
    from .constraints import merged, standing, tables_next

    settings = settings_of(cfg)
    latest = latest_round(ledger)
    if latest >= settings.rounds:
        return None
    try:
        active = roster(cfg, ledger).active
        fixed, apart = standing(cfg, ledger)
        merged(active, tables_next(cfg, ledger), latest + 1, fixed, apart, {}, [])
    except IllegalEntry as exc:
        return exc
    return None
