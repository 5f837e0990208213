"""A table's paper list back in as its final totals (RULES §10 "Paper lists back in"): checked
(every player of the table once, a zero sum), then recorded as one event, or nothing; and
corrected (RULES §10 "The desk"): replaced with the same checks, or voided, each a recorded event
with its reason, the totals before it kept; ``totals_history`` lists them."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import IllegalEntry
from ..i18n import Join, Text
from ..ledger import Ledger
from ..rules.matching import resolve_name
from ..session.records import TournamentEvent
from ..session.tournament import TableTotals, TotalsReplaced, TotalsVoided
from ..table import TableConfig
from .points import small_int
from .tables import TournamentTable, latest_round, settings_of, table_totals

# a --totals/--solos/--won text at most this long (characters)
MAX_PAIRS_TEXT = 20_000


def _pairs(text: str, option: str, players: Sequence[str], lowest: int, highest: int,
           numbers: Mapping[str, int] | None = None) -> dict[str, int]:
    """``Anna=12,Ben=-4``: each name (by unique prefix among ``players``, or a start number:
    ``#17`` or ``17``) with a whole number within ``lowest..highest``; a name given twice is
    refused."""
    from .numbers import player_at
    out: dict[str, int] = {}
    if len(text) > MAX_PAIRS_TEXT:
        raise IllegalEntry(Text("tournament.pairs_long", option=option, most=MAX_PAIRS_TEXT),
                           Text("tournament.totals_hint"))
    if not text.strip():
        raise IllegalEntry(Text("tournament.pairs_empty", option=option), Text("tournament.totals_hint"))
    for item in text.split(","):
        if not item.strip():  # "Anna=1,,Ben=-1" or a comma at the end: not "--totals  is not NAME=NUMBER"
            raise IllegalEntry(Text("tournament.pair_empty", option=option), Text("tournament.totals_hint"))
        typed, eq, number = item.strip().partition("=")
        if not eq or not typed.strip():
            raise IllegalEntry(Text("tournament.pair_form", option=option, item=item.strip()),
                               Text("tournament.totals_hint"))
        # a start number, else "not a player at this table", its players named
        name = player_at(typed.strip(), players, numbers or {}, bare=True) or resolve_name(typed.strip(), list(players))
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


def _named(ledger: Ledger, seat: TournamentTable, numbers: Mapping[str, int], pairs: Callable[[], dict[str, int]],
           text: str) -> dict[str, int]:
    """``pairs()``, where it is refused for a name of a registered player who sits elsewhere
    this round refused as a hand's line naming him is (``Cora does not play at table 1 in round
    1: Cora sits at table 2.``, not "not at this table, did you mean Dora?"): one player, one
    refusal, in every door."""
    try:
        return pairs()
    except IllegalEntry as refused:
        elsewhere = _elsewhere(ledger, seat, numbers, text)
        if elsewhere is None:
            raise
        raise elsewhere from refused


def _elsewhere(ledger: Ledger, seat: TournamentTable, numbers: Mapping[str, int], text: str) -> IllegalEntry | None:
    """The refusal of the first name in ``text`` that is no player of ``seat`` but a registered
    player who sits elsewhere (None where the first name that is none of the table's names no
    registered player either)."""
    from ..errors import ScoreError
    from .numbers import player_at
    from .tables import table_of

    registered = list(numbers)
    for item in text.split(","):
        typed = item.strip().partition("=")[0].strip()
        try:
            player_at(typed, seat.players, numbers, bare=True) or resolve_name(typed, list(seat.players))
            continue  # a player of this table
        except ScoreError:
            pass
        try:
            name = player_at(typed, registered, numbers, bare=True) or resolve_name(typed, registered)
        except ScoreError:
            return None
        if name in seat.players:
            return None
        other = table_of(ledger, seat.round, name)
        where = (Text("tournament.sits_at", name=name, tisch=other.tisch) if other
                 else Text("tournament.sits_nowhere", name=name))
        return IllegalEntry(Text("tournament.not_seated", name=name, tisch=seat.tisch, round=seat.round, where=where),
                            Text("tournament.players_at", tisch=seat.tisch, names=Join(seat.players)))
    return None


def checked_reason(reason: str) -> str:
    """A correction's or a withdrawal's reason, as the ledger keeps it: no hidden character, at
    most 500 characters."""
    from ..rules.names import MAX_REASON, hidden_character

    hidden = hidden_character(reason)
    if hidden:
        raise IllegalEntry(Text("tournament.reason_hidden", what=hidden[1], pos=hidden[0]),
                           Text("tournament.reason_hint"))
    if len(reason) > MAX_REASON:
        raise IllegalEntry(Text("tournament.reason_long", most=MAX_REASON), Text("tournament.reason_hint"))
    return reason.strip()


@dataclass(frozen=True)
class Recorded:
    """Paper totals as recorded (``enter --totals``, with ``--replace``): each player's points,
    solos won and games won; ``replaced``: the totals in force before (a replacement); ``warn``:
    what to say beside it (no solos or games won given: ties at this table go to the lot)."""

    totals: dict[str, int]
    solos: dict[str, int]
    won: dict[str, int]
    replaced: dict[str, Any] | None = None
    warn: tuple[Text, ...] = ()


def enter_totals(cfg: TableConfig, ledger: Ledger, seat: TournamentTable, totals: str, solos: str = "", won: str = "",
                 latest_only: bool = True, replace: bool = False, reason: str = "") -> Recorded:
    """A table's paper list as its final totals (``Anna=12,Ben=-4,...``), with the solos and
    games each won (``--solos``, ``--won``; 0 where not given): refused unless every player of
    the table is named once, the totals sum to zero, and the table has no hands entered and no
    totals yet. ``replace``: the totals in force are replaced (refused where there are none, or
    without a ``reason``), with the same checks; the earlier totals stay recorded. Recorded as one
    event, or nothing."""
    from .numbers import start_numbers

    settings = settings_of(cfg)
    reason = checked_reason(reason)
    games = settings.games_at(len(seat.players))
    bound = games * 21 * 4 * 8  # more than any table's games can move (Sie, Kontra, Re: x 32)
    numbers = start_numbers(cfg, ledger)
    points = _named(ledger, seat, numbers, lambda: _pairs(totals, "--totals", seat.players, -bound, bound, numbers),
                    totals)
    missing = [p for p in seat.players if p not in points]
    if missing:
        raise IllegalEntry(Text("tournament.totals_missing", tisch=seat.tisch, names=Join(missing, "and")),
                           Text("tournament.players_at", tisch=seat.tisch, names=Join(seat.players)))
    total = sum(points.values())
    if total != 0:
        raise IllegalEntry(Text("tournament.totals_not_zero", total=f"{total:+d}"),
                           Text("tournament.totals_not_zero_hint"))
    # what the table's games allow: each player plays ``each`` of them (at a table of five the
    # dealer sits out: 4 of 5), a game has one declarer and at most all but one of those who play
    # it win it (the payouts sum to zero)
    each = games * 4 // 5 if len(seat.players) == 5 else games
    winners = min(len(seat.players), 4) - 1
    solo_counts = _named(ledger, seat, numbers, lambda: _pairs(solos, "--solos", seat.players, 0, each, numbers),
                         solos) if solos else {}
    won_counts = _named(ledger, seat, numbers, lambda: _pairs(won, "--won", seat.players, 0, each, numbers),
                        won) if won else {}
    for name, n in solo_counts.items():
        if won and n > won_counts.get(name, 0):  # a solo won is a game won; one --won leaves out is 0
            raise IllegalEntry(Text("tournament.solos_above_won", name=name, solos=n, won=won_counts.get(name, 0)),
                               Text("tournament.totals_hint"))
    if sum(solo_counts.values()) > games:
        raise IllegalEntry(Text("tournament.solos_above_games", solos=sum(solo_counts.values()), tisch=seat.tisch,
                                games=games), Text("tournament.totals_hint"))
    if sum(won_counts.values()) > games * winners:
        raise IllegalEntry(Text("tournament.won_above_games", won=sum(won_counts.values()), tisch=seat.tisch,
                                games=games, most=games * winners, winners=winners, seats=winners + 1),
                           Text("tournament.totals_hint"))
    with ledger.write(scope=seat.session_id) as conn:
        if latest_only and seat.round != latest_round(ledger):
            raise IllegalEntry(Text("tournament.round_over", round=seat.round),
                               Text("tournament.round_over_hint", round=seat.round))
        before = table_totals(ledger).get(seat.session_id)
        if before is not None and not replace:
            raise IllegalEntry(Text("tournament.totals_twice", tisch=seat.tisch, round=seat.round),
                               Text("tournament.totals_twice_hint", tisch=seat.tisch, round=seat.round))
        if before is None and replace:
            raise IllegalEntry(Text("tournament.nothing_to_replace", tisch=seat.tisch, round=seat.round),
                               Text("tournament.nothing_to_replace_hint", tisch=seat.tisch))
        done = ledger.valid_game_counts([seat.session_id]).get(seat.session_id, 0)
        if done:
            raise IllegalEntry(Text("tournament.totals_with_hands_one" if done == 1 else "tournament.totals_with_hands",
                                    tisch=seat.tisch, round=seat.round, done=done),
                               Text("tournament.totals_with_hands_hint"))
        ordered = {p: points[p] for p in seat.players}
        s_of = {p: solo_counts[p] for p in seat.players if p in solo_counts}
        w_of = {p: won_counts[p] for p in seat.players if p in won_counts}
        def filled(counts: Mapping[str, Any]) -> dict[str, int]:  # a name left out counts 0, as one named 0
            return {p: int(counts.get(p, 0)) for p in seat.players}

        if before is not None and (ordered, filled(s_of), filled(w_of)) == (
                filled(before["totals"]), filled(before["solos"]), filled(before["won"])):
            raise IllegalEntry(Text("tournament.totals_same", tisch=seat.tisch, round=seat.round),
                               Text("tournament.totals_same_hint", tisch=seat.tisch, round=seat.round))
        if replace and not reason:  # a correction says why (RULES §10: --replace --reason R)
            raise IllegalEntry(Text("tournament.replace_needs_reason", tisch=seat.tisch, round=seat.round),
                               Text("tournament.replace_needs_reason_hint", tisch=seat.tisch, round=seat.round))
        if replace:
            ledger.record_event(conn, TotalsReplaced(seat.round, "", seat.session_id, seat.tisch, ordered, s_of, w_of,
                                                     reason))
        else:
            ledger.record_event(conn, TableTotals(seat.round, "", seat.session_id, seat.tisch, ordered, s_of, w_of))
    warn: list[Text] = []
    if not solos or not won:
        left = "/".join(o for o, given in (("--solos", solos), ("--won", won)) if not given)
        warn.append(Text("tournament.totals_no_tiebreaks", options=left))
    return Recorded(ordered, s_of, w_of, before, tuple(warn))


def void_totals(cfg: TableConfig, ledger: Ledger, seat: TournamentTable, reason: str = "",
                latest_only: bool = True) -> dict[str, Any]:
    """A table's paper totals voided (recorded, with the ``reason``; the totals stay in the
    ledger as they were): the table has neither hands nor totals again. Returns the totals it
    voided. Refused where none are in force."""
    settings_of(cfg)
    reason = checked_reason(reason)
    with ledger.write(scope=seat.session_id) as conn:
        if latest_only and seat.round != latest_round(ledger):
            raise IllegalEntry(Text("tournament.round_over", round=seat.round),
                               Text("tournament.round_over_hint", round=seat.round))
        before = table_totals(ledger).get(seat.session_id)
        if before is None:
            raise IllegalEntry(Text("tournament.nothing_to_void", tisch=seat.tisch, round=seat.round),
                               Text("tournament.nothing_to_replace_hint", tisch=seat.tisch))
        ledger.record_event(conn, TotalsVoided(seat.round, "", seat.session_id, seat.tisch, reason))
    return before


def totals_history(events: Sequence[TournamentEvent]) -> dict[int, list[dict[str, Any]]]:
    """Each table's paper totals as they were entered, replaced and voided, oldest first (by
    session): ``{"kind": "entered" | "replaced" | "voided", "at", "reason", "totals", "solos",
    "won"}`` (a void: the totals it voided)."""
    out: dict[int, list[dict[str, Any]]] = {}
    now: dict[int, dict[str, Any]] = {}
    kinds = {"totals": "entered", "totals_replace": "replaced", "totals_void": "voided"}
    for e in events:
        if e.kind not in kinds:
            continue
        session = int(e.data.get("session", 0))
        if e.kind == "totals_void":
            voided = now.pop(session, {})
            item = {"totals": voided.get("totals", {}), "solos": voided.get("solos", {}), "won": voided.get("won", {})}
        else:
            item = {k: dict(e.data.get(k, {})) for k in ("totals", "solos", "won")}
            now[session] = item
        out.setdefault(session, []).append({"kind": kinds[e.kind], "round": e.round, "tisch": int(e.data.get("tisch", 0)),
                                            "at": e.created_at, "reason": str(e.data.get("reason", "")), **item})
    return out
