"""A table's paper list back in as its final totals (RULES §10 "Paper lists back in"): checked
(every player of the table once, a zero sum), then recorded as one event, or nothing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import IllegalEntry
from ..i18n import Join, Text
from ..ledger import Ledger
from ..rules.matching import resolve_name
from ..session.tournament import TableTotals
from ..table import TableConfig
from .points import small_int
from .tables import TournamentTable, latest_round, settings_of, table_totals

# a --totals/--solos/--won text at most this long (characters)
MAX_PAIRS_TEXT = 20_000


def _pairs(text: str, option: str, players: Sequence[str], lowest: int, highest: int) -> dict[str, int]:
    """``Anna=12,Ben=-4``: each name (by unique prefix among ``players``) with a whole number
    within ``lowest..highest``; a name given twice is refused."""
    out: dict[str, int] = {}
    if len(text) > MAX_PAIRS_TEXT:
        raise IllegalEntry(Text("tournament.pairs_long", option=option, most=MAX_PAIRS_TEXT),
                           Text("tournament.totals_hint"))
    for item in text.split(","):
        typed, eq, number = item.strip().partition("=")
        if not eq or not typed.strip():
            raise IllegalEntry(Text("tournament.pair_form", option=option, item=item.strip()),
                               Text("tournament.totals_hint"))
        name = resolve_name(typed.strip(), list(players))  # "not a player at this table", its players named
        raw = number.strip()
        sign = -1 if raw.startswith("-") else 1
        value = small_int(raw.lstrip("+-") if raw[:1] in "+-" else raw, 0, max(abs(lowest), highest))
        if value is None or not lowest <= sign * value <= highest:
            raise IllegalEntry(Text("tournament.pair_number", option=option, item=item.strip(), lowest=lowest,
                                    highest=highest), Text("tournament.totals_hint"))
        if name in out:
            raise IllegalEntry(Text("tournament.pair_twice", option=option, name=name),
                               Text("tournament.totals_hint"))
        out[name] = sign * value
    return out


def enter_totals(cfg: TableConfig, ledger: Ledger, seat: TournamentTable, totals: str, solos: str = "", won: str = "",
                 latest_only: bool = True) -> dict[str, Any]:
    """A table's paper list as its final totals (``Anna=12,Ben=-4,...``), with the solos and
    games each won (``--solos``, ``--won``; 0 where not given): refused unless every player of
    the table is named once, the totals sum to zero, and the table has no hands entered and no
    totals yet. Recorded as one event, or nothing."""
    settings = settings_of(cfg)
    games = settings.games_at(len(seat.players))
    bound = games * 21 * 4 * 8  # more than any table's games can move (Sie, Kontra, Re: x 32)
    points = _pairs(totals, "--totals", seat.players, -bound, bound)
    missing = [p for p in seat.players if p not in points]
    if missing:
        raise IllegalEntry(Text("tournament.totals_missing", tisch=seat.tisch, names=Join(missing, "and")),
                           Text("tournament.players_at", tisch=seat.tisch, names=Join(seat.players)))
    total = sum(points.values())
    if total != 0:
        raise IllegalEntry(Text("tournament.totals_not_zero", total=f"{total:+d}"),
                           Text("tournament.totals_not_zero_hint"))
    solo_counts = _pairs(solos, "--solos", seat.players, 0, games) if solos else {}
    won_counts = _pairs(won, "--won", seat.players, 0, games) if won else {}
    for name, n in solo_counts.items():
        if n > won_counts.get(name, n):
            raise IllegalEntry(Text("tournament.solos_above_won", name=name, solos=n, won=won_counts[name]),
                               Text("tournament.totals_hint"))
    with ledger.write(scope=seat.session_id) as conn:
        if latest_only and seat.round != latest_round(ledger):
            raise IllegalEntry(Text("tournament.round_over", round=seat.round),
                               Text("tournament.round_over_hint", round=seat.round))
        if seat.session_id in table_totals(ledger):
            raise IllegalEntry(Text("tournament.totals_twice", tisch=seat.tisch, round=seat.round),
                               Text("tournament.totals_twice_hint", round=seat.round))
        done = ledger.valid_game_counts([seat.session_id]).get(seat.session_id, 0)
        if done:
            raise IllegalEntry(Text("tournament.totals_with_hands", tisch=seat.tisch, round=seat.round, done=done),
                               Text("tournament.totals_with_hands_hint"))
        event = TableTotals(seat.round, "", seat.session_id, seat.tisch, {p: points[p] for p in seat.players},
                            {p: solo_counts[p] for p in seat.players if p in solo_counts},
                            {p: won_counts[p] for p in seat.players if p in won_counts})
        ledger.record_event(conn, event)
    return event.facts()
