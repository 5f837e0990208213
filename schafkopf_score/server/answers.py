"""What each route of the server asks of the app floor (the same use cases the CLI's commands
call) and the JSON it answers with: the answer's ``to_json()``, which is the command's
``--json`` (``tests/server/test_server_api.py`` compares the two for the same entry). Nothing
here speaks HTTP: a refusal is a ``ScoreError`` as in the CLI."""

from __future__ import annotations

from typing import Any

from ..app import hands, settle, tournament, views
from ..app.line import read_line
from ..app.where import at, evening
from ..ledger import Ledger
from ..table import TableConfig
from . import said


def table_json(cfg: TableConfig) -> dict[str, Any]:
    """``GET /api/table``: what the pages need to know of the table file."""
    return {"name": cfg.name, "family": cfg.family, "players": list(cfg.players), "language": cfg.language,
            "kind": cfg.kind, "seats": cfg.seats, "currency": cfg.currency,
            "games": sorted(cfg.family_obj().game_table())}


# -- an evening -------------------------------------------------------------------------------------

def sheet_json(cfg: TableConfig, ledger: Ledger, session: int | None = None) -> dict[str, Any]:
    """``sheet [--session N] --json``: the latest session, or session N."""
    return views.sheets(evening(cfg, ledger, "sheet"), session).to_json()


def standings_json(cfg: TableConfig, ledger: Ledger) -> dict[str, Any]:
    """``standings --json``: the latest session."""
    return views.standings(evening(cfg, ledger, "standings")).to_json()


def settle_json(cfg: TableConfig, ledger: Ledger) -> dict[str, Any]:
    """``settle --json``: the latest session (as paid, once it is closed)."""
    return settle.settlement(evening(cfg, ledger, "settle")).to_json()


def close_json(cfg: TableConfig, ledger: Ledger, round_to: int | None, session: int | None = None) -> dict[str, Any]:
    """``settle --close [--round N] --json`` (``session``: the evening the page showed; refused
    once it is closed)."""
    return settle.close(evening(cfg, ledger, "settle"), round_to, session).to_json()


# -- a tournament -----------------------------------------------------------------------------------

def ranking_json(cfg: TableConfig, ledger: Ledger, round_no: int | None = None) -> dict[str, Any]:
    """``tournament ranking --json``."""
    return tournament.ranking(cfg, ledger, round_no).to_json()


def tables_json(cfg: TableConfig, ledger: Ledger, round_no: int | None = None) -> dict[str, Any]:
    """``tournament tables --json``."""
    return tournament.tables(cfg, ledger, round_no).to_json()


def tisch_sheet_json(cfg: TableConfig, ledger: Ledger, tisch: int, round_no: int | None = None) -> dict[str, Any]:
    """``tournament sheet --tisch N [--round R] --json``."""
    return tournament.table_sheet(cfg, ledger, tisch, round_no).to_json()


def rating_json(cfg: TableConfig, ledger: Ledger, everyone: bool) -> dict[str, Any]:
    """``rating [--all] --json``."""
    from ..app.rating import rating_table

    return rating_table(cfg, ledger, everyone).to_json()


def player_json(cfg: TableConfig, ledger: Ledger, name: str, session: int | None, every: bool) -> dict[str, Any]:
    """``stats --player NAME [--session N | --all] --json``."""
    from ..app.player_page import player_page

    return player_page(cfg, ledger, name, session, every).to_json()


def draw_json(cfg: TableConfig, ledger: Ledger, by: str | None, seed: str | None, force: bool,
              fix: list[str] | None = None, apart: list[str] | None = None, redo: bool = False,
              reason: str = "") -> dict[str, Any]:
    """``tournament draw [--fix NAME=TABLE ...] [--apart A,B ...] [--redo --reason R] --json``."""
    return tournament.draw(cfg, ledger, by, seed, force, fix or [], apart or [], redo, reason).to_json()


def totals_json(cfg: TableConfig, ledger: Ledger, tisch: int, totals: str, solos: str, won: str,
                round_no: int | None, replace: bool, reason: str, void: bool) -> dict[str, Any]:
    """``tournament enter --tisch N --totals ... [--replace --reason R] --json`` (``void``:
    ``--void-totals``)."""
    if void:
        return tournament.void_totals(cfg, ledger, tisch, round_no, reason).to_json()
    return tournament.enter_totals(cfg, ledger, tisch, totals, solos, won, round_no, replace, reason).to_json()


def fix_json(cfg: TableConfig, ledger: Ledger, player: str, tisch: str, remove: bool) -> dict[str, Any]:
    """``tournament fix NAME TABLE [--remove] --json``."""
    return tournament.fix(cfg, ledger, player, tisch, remove).to_json()


def apart_json(cfg: TableConfig, ledger: Ledger, first: str, second: str, remove: bool) -> dict[str, Any]:
    """``tournament apart A B [--remove] --json``."""
    return tournament.apart(cfg, ledger, first, second, remove).to_json()


def swap_json(cfg: TableConfig, ledger: Ledger, first: str, second: str, reason: str) -> dict[str, Any]:
    """``tournament swap A B [--reason R] --json``."""
    return tournament.swap(cfg, ledger, first, second, reason).to_json()


# -- hands ------------------------------------------------------------------------------------------

def calc_json(cfg: TableConfig, ledger: Ledger, line: str, tisch: int | None = None) -> dict[str, Any]:
    """``calc WORDS --json``."""
    return hands.calc(at(cfg, ledger, "calc", tisch), read_line(line)).to_json()


def undo_json(cfg: TableConfig, ledger: Ledger, reason: str, tisch: int | None = None,
              round_no: int | None = None, session: int | None = None) -> dict[str, Any]:
    """``undo --json`` (``session``: the evening the page showed; refused once it is closed)."""
    done = hands.undo(at(cfg, ledger, "undo", tisch, round_no), reason, session)
    return {**done.to_json(), "said": said.voided(done.record, cfg.language)}


def void_json(cfg: TableConfig, ledger: Ledger, hand: int, reason: str, tisch: int | None = None,
              round_no: int | None = None, session: int | None = None) -> dict[str, Any]:
    """``void N --json`` (``session``: the evening the page showed; refused once it is closed)."""
    done = hands.void(at(cfg, ledger, "void", tisch, round_no), hand, reason, session)
    return {**done.to_json(), "said": said.voided(done.record, cfg.language)}


def edit_json(cfg: TableConfig, ledger: Ledger, hand: int, line: str, reason: str, confirm: bool,
              tisch: int | None = None, round_no: int | None = None, session: int | None = None) -> dict[str, Any]:
    """``edit N WORDS [--yes] --json``: without ``confirm``, a change of the game or the
    declarer is refused as ``hands.NeedsConfirm`` (409 with the change); ``session``: the
    evening the page showed (refused once it is closed)."""
    done = hands.edit(at(cfg, ledger, "edit", tisch, round_no), hand, read_line(line), reason, confirm=confirm,
                      session=session)
    return {**done.to_json(), "said": said.corrected(done.old, done.played, done.hand, cfg.language)}
