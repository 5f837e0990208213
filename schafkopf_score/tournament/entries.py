"""Hands recorded at a tournament's table: the names resolved among the players seated there,
at most the round's games, a table's whole list in one transaction."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import IllegalEntry, ScoreError
from ..i18n import Join, Text
from ..ledger import Ledger
from ..rules.model import UNIT_POINT, GameEntry
from ..rules.play import Played, play
from ..session.records import TournamentEvent
from ..table import TableConfig
from .tables import TournamentTable, as_points, latest_round, round_caps, settings_of, table_cfg, table_of, table_totals


def entry_for(cfg: TableConfig, ledger: Ledger, seat: TournamentTable, words: Sequence[str],
              options: dict[str, Any] | None = None) -> tuple[GameEntry, str]:
    """A hand typed for one table: its names resolved among the players of that table. A
    registered player who sits elsewhere this round is named as such."""
    from ..entry import entry_from_words

    family = cfg.family_obj()
    try:
        return entry_from_words(family, seat.players, words, options)
    except IllegalEntry as exc:
        _not_seated(cfg, ledger, seat, lambda: entry_from_words(family, cfg.players, words, options)[0].names())
        raise exc


def corrected_for(cfg: TableConfig, ledger: Ledger, seat: TournamentTable, old: GameEntry, words: Sequence[str],
                  options: dict[str, Any], given: set[str]) -> tuple[GameEntry, str]:
    """``edit N --tisch T``: the correction with its names resolved at that table."""
    from ..entry import corrected_entry

    family = cfg.family_obj()
    try:
        return corrected_entry(family, seat.players, old, words, options, given)
    except IllegalEntry as exc:
        _not_seated(cfg, ledger, seat,
                    lambda: corrected_entry(family, cfg.players, old, words, options, given)[0].names())
        raise exc


def _not_seated(cfg: TableConfig, ledger: Ledger, seat: TournamentTable, names: Any) -> None:
    """Raise "NAME does not sit at table T" where the entry reads among all the registered
    players and names one who sits elsewhere (else return: the entry's own error stands)."""
    try:
        found = names()
    except ScoreError:
        return
    for name in found:
        if name not in seat.players:
            other = table_of(ledger, seat.round, name)
            where = (Text("tournament.sits_at", name=name, tisch=other.tisch) if other
                     else Text("tournament.sits_nowhere", name=name))
            raise IllegalEntry(Text("tournament.not_seated", name=name, tisch=seat.tisch, round=seat.round,
                                    where=where),
                               Text("tournament.players_at", tisch=seat.tisch, names=Join(seat.players)))


def _limit_check(cfg: TableConfig, ledger: Ledger, seat: TournamentTable, more: int = 1) -> Any:
    limit = settings_of(cfg).games_at(len(seat.players))

    def check(view: Any, events: list[TournamentEvent] | None = None) -> None:
        if seat.session_id in table_totals(ledger, events):
            raise IllegalEntry(Text("tournament.hands_after_totals", tisch=seat.tisch, round=seat.round),
                               Text("tournament.hands_after_totals_hint"))
        if view.closed:
            raise IllegalEntry(Text("tournament.table_closed", tisch=seat.tisch, round=seat.round),
                               Text("tournament.table_closed_hint"))
        done = len(view.valid_rows())
        if done + more > limit:
            if more == 1:
                raise IllegalEntry(Text("tournament.table_full_one" if limit == 1 else "tournament.table_full",
                                        tisch=seat.tisch, round=seat.round, games=limit),
                                   Text("tournament.table_full_hint"))
            raise IllegalEntry(Text("tournament.list_too_long", tisch=seat.tisch, round=seat.round, done=done,
                                    more=more, games=limit), Text("tournament.table_full_hint"))

    return check


def add_game(cfg: TableConfig, ledger: Ledger, seat: TournamentTable, entry: GameEntry, typed: str,
             check: Any = None, after: Any = None) -> tuple[int, Played, Any]:
    """Record a hand at a table of the latest round: refused beyond the round's games.
    ``check(view)`` and ``after(hand, played, view)`` (the hand in points, capped) are called
    inside the table's write transaction as ``evening.add`` calls them (the server records a
    request's idempotency key and its answer there)."""
    from ..app.evening import add

    limit = _limit_check(cfg, ledger, seat)
    cap = 0

    def in_lock(view: Any) -> None:
        # inside the table's lock, which a draw waits for: the round and its events as they stand
        nonlocal cap
        if seat.round != latest_round(ledger):
            raise IllegalEntry(Text("tournament.round_over", round=seat.round),
                               Text("tournament.round_over_hint", round=seat.round))
        events = ledger.events()
        limit(view, events)
        cap = round_caps(ledger, events).get(seat.round, 0)
        if check is not None:
            check(view)

    def answered(hand: int, played: Played, view: Any) -> None:
        if after is not None:
            after(hand, as_points(played, cap), view)

    hand, played, view = add(table_cfg(cfg, seat.players), ledger, entry, typed, place=seat,
                             check=in_lock, after=answered)
    return hand, as_points(played, cap), view


def list_lines(text: str) -> list[str]:
    """A list's lines, split where an editor breaks them: at ``\\n``, ``\\r\\n`` and ``\\r`` only
    (a form feed, vertical tab or U+2028 inside a line leaves it one line, so the line numbers
    of errors are the editor's).

    >>> list_lines("weiter\\x0cweiter\\r\\nweiter\\u2028x\\rend\\n")
    ['weiter\\x0cweiter', 'weiter\\u2028x', 'end']
    """
    import re

    lines = re.split(r"\r\n|\r|\n", text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


# the long options a list line may hold besides the short notation: who sat out, who dealt
LINE_OPTIONS = {"--sitting-out": "sitting_out", "--dealer": "dealer"}


def line_words(text: str) -> tuple[list[str], dict[str, Any]]:
    """A list line's words and the long options it holds (``--sitting-out NAME``, repeatable,
    and ``--dealer NAME``; also written ``--sitting-out=NAME``).

    >>> line_words("sau an be 72 --sitting-out Emil")
    (['sau', 'an', 'be', '72'], {'sitting_out': ['Emil']})
    """
    words: list[str] = []
    options: dict[str, Any] = {}
    tokens = text.split()
    i = 0
    while i < len(tokens):
        token = tokens[i]
        i += 1
        if not token.startswith("--"):
            words.append(token)
            continue
        option, eq, value = token.partition("=")
        if option not in LINE_OPTIONS:
            raise IllegalEntry(Text("tournament.list_option", option=option),
                               Text("tournament.list_option_hint"))
        if not eq:
            if i >= len(tokens) or tokens[i].startswith("--"):
                raise IllegalEntry(Text("tournament.list_option_name", option=option),
                                   Text("tournament.list_option_hint"))
            value = tokens[i]
            i += 1
        field_name = LINE_OPTIONS[option]
        if field_name == "sitting_out":
            options.setdefault(field_name, []).append(value)
        else:
            options[field_name] = value
    return words, options


def enter_list(cfg: TableConfig, ledger: Ledger, seat: TournamentTable, lines: Sequence[str],
               latest_only: bool = True) -> list[tuple[int, Played]]:
    """A table's whole list, one hand a line in the short notation (blank lines and ``#``
    comments left out; ``--sitting-out NAME`` and ``--dealer NAME`` allowed on a line): every
    line checked, then all written in one transaction, or none. An error names the line.
    ``latest_only``: refused if a later round has been drawn meanwhile (without ``--round``)."""
    from ..app.evening import current_state

    entries: list[tuple[int, GameEntry, str]] = []
    for no, line in enumerate(lines, 1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        try:
            words, options = line_words(text)
            entry, typed = entry_for(cfg, ledger, seat, words, options)
        except ScoreError as exc:
            raise _at_line(no, exc) from None
        entries.append((no, entry, typed))
    if not entries:
        raise IllegalEntry(Text("tournament.list_empty"), Text("tournament.list_empty_hint"))
    if latest_only and seat.round != latest_round(ledger):
        raise IllegalEntry(Text("tournament.round_over", round=seat.round),
                           Text("tournament.round_over_hint", round=seat.round))
    tcfg = table_cfg(cfg, seat.players)
    rules = tcfg.snapshot()
    out: list[tuple[int, Played]] = []
    with ledger.write(scope=seat.session_id) as conn:
        view, state = current_state(tcfg, ledger, seat)
        _limit_check(cfg, ledger, seat, len(entries))(view)
        hand = ledger.next_hand(conn, seat.session_id)
        for no, entry, typed in entries:
            try:
                played = play(entry, rules, state)
            except ScoreError as exc:
                raise _at_line(no, exc) from None
            o = played.outcome
            ledger.insert_game(conn, seat.session_id, hand, entry, typed, rules, UNIT_POINT, o.payout_map(), o.stock,
                               played.summary())
            out.append((hand, as_points(played)))
            hand += 1
            state = played.after
    return out


def _at_line(no: int, exc: ScoreError) -> IllegalEntry:
    """An error of a list's line, named by its number; a hint to say who sat out with
    ``--sitting-out`` says how to write that on the line."""
    hint = exc.hint_text
    if hint is not None and hint.key == "engine.not_playing_hint":
        hint = Text("tournament.list_sitting_out_hint", **hint.params)
    return IllegalEntry(Text("tournament.at_line", line=no, problem=exc.text), hint)
