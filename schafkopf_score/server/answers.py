"""What each route of the server does: the library calls the CLI's commands make, and the JSON
their ``--json`` prints (the command named in each docstring; ``tests/server/test_server_api.py``
compares the two answers for the same entry). Nothing here speaks HTTP: a refusal is a
``ScoreError`` as in the CLI, and a change that needs a confirmation is ``NeedsConfirm``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import IllegalEntry, ScoreError
from ..i18n import Text
from ..ledger import Ledger
from ..session.settle import session_balances
from ..table import TableConfig


class NeedsConfirm(ScoreError):
    """An edit that changes the game or the declarer: the CLI asks for ``--yes``, the API for
    ``"confirm": true`` (409 with the change, before -> after)."""

    def __init__(self, message: Text, hint: Text | None, change: str) -> None:
        super().__init__(message, hint)
        self.change = change


def words_of(cfg: TableConfig, line: str) -> tuple[list[str], dict[str, Any]]:
    """A typed line's words (and, in a tournament, the long options a list line may hold)."""
    if cfg.kind == "tournament":
        from ..tournament.entries import line_words

        return line_words(line)
    return line.split(), {}


def _no_line() -> IllegalEntry:
    return IllegalEntry(Text("data.no_game"), Text("data.no_game_hint"))


# -- reading ----------------------------------------------------------------------------------------

def table_json(cfg: TableConfig) -> dict[str, Any]:
    """``GET /api/table``: what the pages need to know of the table file."""
    data: dict[str, Any] = {"name": cfg.name, "family": cfg.family, "players": list(cfg.players),
                            "language": cfg.language, "kind": cfg.kind, "seats": cfg.seats,
                            "currency": cfg.currency}
    family = cfg.family_obj()
    data["games"] = sorted(family.game_table())
    return data


def sheet_json(cfg: TableConfig, ledger: Ledger) -> dict[str, Any]:
    """``sheet --json``: the latest session."""
    from ..app.evening import select_sessions, view_session
    from ..cli.view_cmds import _hand_json
    from ..tournament import refuse_at_tournament

    refuse_at_tournament(cfg, "sheet", "tournament.use_sheet")
    ids = select_sessions(ledger, None, False)
    views = [view_session(cfg, ledger, sid) for sid in ids] or [view_session(cfg, ledger)]
    return {"sessions": [
        {"session": v.session.id if v.session else None, "closed": v.closed, "unit": v.unit,
         "hands": [_hand_json(r) for r in v.rows], "balances": v.balances, "stock": v.stock,
         "next_dealer": None if v.closed else v.state.dealer}
        for v in views]}


def standings_json(cfg: TableConfig, ledger: Ledger) -> dict[str, Any]:
    """``standings --json``: the latest session."""
    from ..app.evening import season_standings, select_sessions
    from ..tournament import refuse_at_tournament

    refuse_at_tournament(cfg, "standings", "tournament.use_ranking")
    ids = select_sessions(ledger, None, False)
    columns, last = season_standings(cfg, ledger, ids)
    fam = cfg.family_obj()
    balances = session_balances((col.balances for col in columns), players=cfg.players)
    return {"sessions": [col.session for col in columns], "unit": last.unit, "balances": balances,
            "next_dealer": None if last.closed else last.state.dealer,
            **({} if last.closed else fam.pending(last.rules, last.state))}


def settle_json(cfg: TableConfig, ledger: Ledger) -> dict[str, Any]:
    """``settle --json``: the latest session (as paid, once it is closed)."""
    from ..app.evening import select_sessions, session_settlement
    from ..tournament import refuse_at_tournament

    refuse_at_tournament(cfg, "settle", "tournament.use_ranking")
    ids = select_sessions(ledger, None, False)
    result = session_settlement(cfg, ledger, ids[0] if ids else None, None)
    data = result.to_json()
    if result.closed and result.session is not None:
        info = ledger.session(result.session)
        difference = info.bookings.get("difference") if info is not None else None
        if difference:
            data["difference"] = difference
    return data


def close_json(cfg: TableConfig, ledger: Ledger, round_to: int | None) -> dict[str, Any]:
    """``settle --close [--round N] --json``."""
    from ..app.evening import close_session, session_settlement
    from ..tournament import refuse_at_tournament

    refuse_at_tournament(cfg, "settle", "tournament.use_ranking")
    if round_to is not None and round_to <= 0:
        raise IllegalEntry(Text("data.round_not_positive", value=round_to), Text("data.round_not_positive_hint"))
    closed = close_session(cfg, ledger, round_to).session
    return session_settlement(cfg, ledger, closed.id if closed else None).to_json()


# -- a tournament ---------------------------------------------------------------------------------

def ranking_json(cfg: TableConfig, ledger: Ledger, round_no: int | None = None) -> dict[str, Any]:
    """``tournament ranking --json``."""
    from ..cli.tournament_cmds import ranking_data

    return ranking_data(cfg, ledger, round_no)


def tables_json(cfg: TableConfig, ledger: Ledger, round_no: int | None = None) -> dict[str, Any]:
    """``tournament tables --json``."""
    from ..cli.tournament_cmds import _tables_data
    from ..tournament.tables import tables_of_round

    round_no, seats = tables_of_round(cfg, ledger, round_no)
    return {"round": round_no, "tables": _tables_data(cfg, ledger, seats)}


def tisch_sheet_json(cfg: TableConfig, ledger: Ledger, tisch: int, round_no: int | None = None) -> dict[str, Any]:
    """``tournament sheet --tisch N [--round R] --json``."""
    from ..cli.tournament_cmds import sheet_data

    return sheet_data(cfg, ledger, tisch, round_no)


def draw_json(cfg: TableConfig, ledger: Ledger, by: str | None, seed: str | None, force: bool,
              fix: list[str] | None = None, apart: list[str] | None = None) -> dict[str, Any]:
    """``tournament draw [--fix NAME=TABLE ...] [--apart A,B ...] --json``."""
    from ..cli.tournament_cmds import _tables_data, drawn_json
    from ..table.tournament import DRAWS
    from ..tournament.rounds import draw_round
    from ..tournament.tables import settings_of

    settings_of(cfg)
    if by is not None and by not in DRAWS:
        raise IllegalEntry(Text("tournament.option_choice", option="--by", value=repr(by), choices=", ".join(DRAWS)))
    drawn = draw_round(cfg, ledger, by, seed, force, fix or [], apart or [])
    return drawn_json(drawn, _tables_data(cfg, ledger, drawn.seats))


def _needs_tisch(cfg: TableConfig, tisch: int | None, round_no: int | None, command: str) -> None:
    from ..cli.game_cmds import _check_tisch

    _check_tisch(cfg, command, tisch, round_no)


# -- hands ------------------------------------------------------------------------------------------

def _hand_words(cfg: TableConfig, line: str, tisch: int | None, command: str) -> tuple[list[str], dict[str, Any]]:
    """A hand's line for ``calc``/``add``: the table named where a tournament needs one, and
    its words (an empty line refused)."""
    _needs_tisch(cfg, tisch, None, command)
    words, options = words_of(cfg, line)
    if not words:
        raise _no_line()
    return words, options


def calc_json(cfg: TableConfig, ledger: Ledger, line: str, tisch: int | None = None) -> dict[str, Any]:
    """``calc WORDS --json``."""
    from ..app.evening import calc
    from ..cli.render import outcome_json
    from ..entry import entry_from_words

    words, options = _hand_words(cfg, line, tisch, "calc")
    if tisch is None:
        entry, _ = entry_from_words(cfg.family_obj(), cfg.players, words, options)
        return outcome_json(calc(cfg, ledger, entry))
    from ..tournament.entries import entry_for
    from ..tournament.tables import as_points, open_table, table_cap, table_cfg

    seat = open_table(cfg, ledger, tisch)
    entry, _ = entry_for(cfg, ledger, seat, words, options)
    return outcome_json(as_points(calc(table_cfg(cfg, seat.players), ledger, entry, seat),
                                      table_cap(ledger, seat)))


def add_json(cfg: TableConfig, ledger: Ledger, line: str, tisch: int | None = None,
             keep: Callable[[Any, dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """``add WORDS --json`` (a tournament: ``add --tisch N WORDS --json``). ``keep(ledger,
    answer)`` is called inside the write transaction once the hand is written (the server
    records a request's idempotency key with its answer there, so that the key, its answer and
    the hand are one commit)."""
    from ..app.evening import add
    from ..cli.render import outcome_json
    from ..entry import entry_from_words

    words, options = _hand_words(cfg, line, tisch, "add")
    if tisch is None:
        entry, typed = entry_from_words(cfg.family_obj(), cfg.players, words, options)

        def answer(hand: int, played: Any, view: Any) -> dict[str, Any]:
            return outcome_json(played, hand=hand, session=view.session.id if view.session else None,
                                balances=view.balances, stock_total=view.stock)

        def kept(hand: int, played: Any, view: Any) -> None:
            if keep is not None:
                keep(ledger, answer(hand, played, view))

        return answer(*add(cfg, ledger, entry, typed, after=kept))
    from ..tournament.entries import add_game, entry_for
    from ..tournament.tables import find_table

    # the table as drawn (a table closed meanwhile is refused inside its lock, by add_game)
    seat = find_table(cfg, ledger, tisch)
    entry, typed = entry_for(cfg, ledger, seat, words, options)

    def at_table_answer(hand: int, played: Any, view: Any) -> dict[str, Any]:
        return outcome_json(played, hand=hand, session=seat.session_id, balances=view.balances,
                            stock_total=view.stock, round=seat.round, tisch=seat.tisch)

    def kept_at_seat(hand: int, played: Any, view: Any) -> None:
        if keep is not None:
            keep(ledger, at_table_answer(hand, played, view))

    return at_table_answer(*add_game(cfg, ledger, seat, entry, typed, after=kept_at_seat))


def _seat_cfg(cfg: TableConfig, ledger: Ledger, tisch: int | None, round_no: int | None) -> tuple[Any, TableConfig]:
    from ..cli.game_cmds import _at_tisch

    return _at_tisch(cfg, ledger, tisch, round_no)


def undo_json(cfg: TableConfig, ledger: Ledger, reason: str, tisch: int | None = None,
              round_no: int | None = None) -> dict[str, Any]:
    """``undo --json``."""
    from ..app.evening import undo
    from ..cli.render import voided_json

    _needs_tisch(cfg, tisch, round_no, "undo")
    seat, tcfg = _seat_cfg(cfg, ledger, tisch, round_no)
    done = undo(tcfg, ledger, reason, place=seat)
    return voided_json(done)


def void_json(cfg: TableConfig, ledger: Ledger, hand: int, reason: str, tisch: int | None = None,
              round_no: int | None = None) -> dict[str, Any]:
    """``void N --json``."""
    from ..app.evening import void
    from ..cli.render import voided_json

    _needs_tisch(cfg, tisch, round_no, "void")
    seat, tcfg = _seat_cfg(cfg, ledger, tisch, round_no)
    done = void(tcfg, ledger, hand, reason, place=seat)
    return voided_json(done)


def edit_json(cfg: TableConfig, ledger: Ledger, hand: int, line: str, reason: str, confirm: bool,
              tisch: int | None = None, round_no: int | None = None) -> dict[str, Any]:
    """``edit N WORDS [--yes] --json``: without ``confirm``, a change of game or declarer is
    refused as ``NeedsConfirm`` (the CLI's refusal without --yes)."""
    from ..app.evening import edit, find_hand
    from ..cli.game_cmds import confirm_change
    from ..cli.render import edit_json as edit_answer
    from ..entry import corrected_entry

    _needs_tisch(cfg, tisch, round_no, "edit")
    seat, tcfg = _seat_cfg(cfg, ledger, tisch, round_no)
    words, options = words_of(cfg, line)
    old = find_hand(tcfg, ledger, hand, seat)
    if not words:
        raise IllegalEntry(Text("data.edit_no_change", hand=hand), Text("data.edit_no_change_hint", hand=hand))
    if seat is None:
        new, typed = corrected_entry(tcfg.family_obj(), tcfg.players, old.entry, words, options, set(options))
    else:
        from ..tournament.entries import corrected_for

        new, typed = corrected_for(cfg, ledger, seat, old.entry, words, options, set(options))
    if not confirm:
        try:
            confirm_change(tcfg, ledger, hand, old, new, False, place=seat)
        except IllegalEntry as exc:
            if exc.text.key != "data.edit_changes":
                raise
            raise NeedsConfirm(exc.text, Text("server.confirm_hint"),
                               str(exc.text.params.get("change", ""))) from None
    done = edit(tcfg, ledger, hand, new, reason, typed, expect=old.id, place=seat)
    played = done.played
    assert played is not None  # an edit always has its replacement
    if seat is not None:
        from ..tournament.tables import as_points, table_cap

        played = as_points(played, table_cap(ledger, seat))
    return edit_answer(old, played, hand, done.repriced)
