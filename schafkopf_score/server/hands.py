"""A hand recorded through the server (``POST /api/hands`` and the page's form) with its
idempotency key (RULES §11): 201 and ``add --json``; the same key again with the same line, its
first answer (200) and nothing recorded; the same key with another line, 409 with the hand it
recorded and nothing recorded; the same hand as the one before under a new key, 409 with the
hand it repeats unless ``confirm``."""

from __future__ import annotations

from typing import Any

from ..app import hands
from ..app.line import read_line
from ..app.state import view_session
from ..app.where import at
from ..errors import ScoreError
from ..ledger import ServedKey
from ..table import TableConfig
from .guards import Refusal, Served, say, work

MAX_KEY = 200  # characters: a UUID is 36


class _Used(Exception):
    """The key was used meanwhile: the hand just written is rolled back."""

    def __init__(self, earlier: ServedKey) -> None:
        super().__init__(earlier.key)
        self.earlier = earlier


async def api_hands_work(served: Served, line: str, key: str | None, tisch: int | None,
                         confirm: bool = False) -> tuple[int, dict[str, Any]]:
    """Record a hand (201 and ``add --json``), or, for a key used before, its first answer
    (200) or, sent with another line, a 409 naming what it recorded."""
    if key is not None and not 0 < len(key) <= MAX_KEY:
        raise Refusal(422, say(served, "server.key_length", most=MAX_KEY), say(served, "server.field_hint"))

    def add(cfg: TableConfig, ledger: Any) -> tuple[int, dict[str, Any]]:
        where = at(cfg, ledger, "add", tisch)
        typed = read_line(line)
        if key is None:
            return 201, hands.add(where, typed, confirm=confirm).to_json()
        earlier = ledger.served_key(key)
        if earlier is not None:
            return repeated(served, cfg, ledger, earlier, line)
        try:
            with hands.recording(where, typed, confirm=confirm) as done:
                data = done.answer.to_json()
                used = ledger.keep_key(done.tx, key, _same(line), done.answer.session, done.answer.hand, data)
                if used is not None:  # the same key's first request committed while this one waited
                    raise _Used(used)
        except _Used as again:
            return repeated(served, cfg, ledger, again.earlier, line)
        except ScoreError:
            # the same key's first request committed while this one waited for the lock, and this
            # one was refused for it (the table's last hand: "all games played"), or the same key
            # written meanwhile by another server: the first answer
            found = ledger.served_key(key)
            if found is None:
                raise
            return repeated(served, cfg, ledger, found, line)
        return 201, data

    try:
        result: tuple[int, dict[str, Any]] = await work(served, add, create=True)
    finally:
        served.hub.wake.set()
    return result


def _same(line: str) -> str:
    """A line as its key keeps it: its words, however they were spaced."""
    return " ".join(line.split())


def repeated(served: Served, cfg: TableConfig, ledger: Any, earlier: ServedKey, line: str) -> tuple[int, dict[str, Any]]:
    """A key used before: its first answer (200); sent with another line, 409 with that answer
    (what was recorded under the key), nothing recorded."""
    first = earlier.first_answer() or recorded(cfg, ledger, earlier)
    if earlier.line and earlier.line != _same(line):
        raise Refusal(409, say(served, "server.key_other_line", hand=earlier.hand),
                      say(served, "server.key_other_line_hint"), recorded=first)
    return 200, first


def recorded(cfg: TableConfig, ledger: Any, earlier: ServedKey) -> dict[str, Any]:
    """The first answer of a key whose server stopped before it could keep it, rebuilt from its
    hand (as it replays now; a hand corrected since is named alone)."""
    from ..app.answers import outcome_json
    from ..tournament.tables import find_table, table_cfg

    where: dict[str, Any] = {}
    place = None
    if cfg.kind == "tournament":
        table = next((t for t in ledger.round_tables() if t.session_id == earlier.session_id), None)
        if table is not None:
            place = find_table(cfg, ledger, table.tisch, table.round)
            cfg = table_cfg(cfg, table.players)
            where = {"round": table.round, "tisch": table.tisch}
    state = view_session(cfg, ledger, earlier.session_id, place)
    played = next((r.played for r in state.rows if r.record.hand == earlier.hand and r.played is not None), None)
    if played is None:
        return {"hand": earlier.hand, "session": earlier.session_id, **where}
    return outcome_json(state.place.shown(played), hand=earlier.hand, session=earlier.session_id,
                        balances=state.balances, stock_total=state.stock, **where)
