"""A hand recorded through the server (``POST /api/hands`` and the page's form) with its
idempotency key: 201 and ``add --json``, or, for a key used before, its first answer (200)."""

from __future__ import annotations

import json
from typing import Any

from ..errors import ScoreError
from ..table import TableConfig
from . import answers
from .guards import Refusal, Served, say, work


async def api_hands_work(served: Served, line: str, key: str | None, tisch: int | None) -> tuple[int, dict[str, Any]]:
    """Record a hand (201 and ``add --json``), or, for a key used before, its first answer (200)."""
    from . import keys

    if key is not None and not 0 < len(key) <= keys.MAX_KEY:
        raise Refusal(422, say(served, "server.key_length", most=keys.MAX_KEY), say(served, "server.field_hint"))

    def add(cfg: TableConfig, ledger: Any) -> tuple[int, dict[str, Any]]:
        if key is None:
            return 201, answers.add_json(cfg, ledger, line, tisch)
        earlier = keys.lookup(ledger, key)
        try:
            if earlier is not None:
                raise earlier
            data = answers.add_json(cfg, ledger, line, tisch, keep=keys.keeper(key))
        except keys.Repeat as again:
            return 200, repeated(cfg, ledger, again)
        except ScoreError:  # a StorageError among them
            # the same key's first request committed while this one waited for the lock, and
            # this one was refused for it (the table's last hand: "all games played"), or the
            # same key written meanwhile by another server: the first answer
            found = keys.lookup(ledger, key)
            if found is None:
                raise
            return 200, repeated(cfg, ledger, found)
        keys.made(ledger)
        return 201, data

    try:
        result: tuple[int, dict[str, Any]] = await work(served, add, create=True)
    finally:
        served.hub.wake.set()
    return result


def repeated(cfg: TableConfig, ledger: Any, again: Any) -> dict[str, Any]:
    """The first answer to a key used again (rebuilt from its hand if the server that wrote it
    stopped before it could keep the answer)."""
    if again.answer:
        return json.loads(again.answer)  # type: ignore[no-any-return]
    from ..app.evening import view_session
    from ..cli.render import outcome_json

    view = view_session(cfg, ledger, again.session_id)
    if cfg.kind == "tournament":
        from ..tournament.tables import as_points, round_caps, table_cfg

        seat = next(s for s in ledger.round_tables() if s.session_id == again.session_id)
        view = view_session(table_cfg(cfg, seat.players), ledger, again.session_id)
        played = next((r.played for r in view.rows if r.record.hand == again.hand and r.played is not None), None)
        if played is None:  # corrected since: the hand as it was recorded is no longer valid
            return {"hand": again.hand, "session": again.session_id, "round": seat.round, "tisch": seat.tisch}
        return outcome_json(as_points(played, round_caps(ledger).get(seat.round, 0)), hand=again.hand,
                            session=again.session_id,
                            balances=view.balances, stock_total=view.stock, round=seat.round, tisch=seat.tisch)
    played = next((r.played for r in view.rows if r.record.hand == again.hand and r.played is not None), None)
    if played is None:
        return {"hand": again.hand, "session": again.session_id}
    return outcome_json(played, hand=again.hand, session=again.session_id, balances=view.balances,
                        stock_total=view.stock)
