"""The recorded hands of sessions as ``insights.hands.HandFacts``: read from the store in one
query (``Ledger.fact_rows``), in the order they were played, without replaying (``check`` is
what proves the stored payouts equal a replay). Voided hands and hands nobody played (thrown
in, a Deutscher draw) are left out; earlier names count under the name the player goes by now.

A season repeats itself: each distinct stored text (an entry, an outcome, the payouts) is
decoded once (bounded memos), so a hundred thousand hands read in well under a second.
"""

from __future__ import annotations

import json
from array import array
from collections.abc import Iterator, Sequence
from typing import Any

from ..insights.hands import HandFacts, Match, match
from ..memo import Memo


def base_tariff(family: Any, tariff: Any) -> int:
    """The table's plain game in a tariff: the family's first base key (Bavarian ``sauspiel``,
    Wendish ``normal``, a tournament's Sauspiel points), else 1 (points, strokes)."""
    keys = getattr(family, "default_tariff", None)
    if keys:
        value = tariff.get(keys[0])
        if isinstance(value, int) and value > 0:
            return value
    return 1


def read_hands(cfg: Any, ledger: Any, session_ids: Sequence[int]) -> Iterator[HandFacts]:
    """The valid hands of the sessions (ids ascending), in the order they were played."""
    return _read(cfg, ledger, session_ids, True)


def read_matches(cfg: Any, ledger: Any, session_ids: Sequence[int]) -> Iterator[tuple[int, Match | None]]:
    """What the rating reads of the same hands: each one's session and its match (None: a hand
    without sides), without the rest of its facts (a tenth of ``rating``'s time went into them)."""
    return _read(cfg, ledger, session_ids, False)


# a season of this many sessions or more is read (``rating``), or rated with its players' pages
# worked out (the HTML report: ``insights_report``), by a helper process while this one works on
# (rating a season's hands is sequential: a second core does the rest meanwhile); a shorter one
# all in this process (a helper's start costs more than it saves)
ASIDE_FROM = 200
_CHUNK = 8192  # hands a message from the helper carries
_KEPT = 4096  # distinct matches the helper and this process remember at most: memory stays flat


class HelperLost(Exception):
    """``read_matches_aside``'s helper failed or died before it gave the last hand."""


class Alongside:
    """Work the helper of ``read_matches_aside`` does along the way on the hands it reads (the
    HTML report's players' pages, a player's page): ``add`` each valid hand of ``wanted``
    sessions in the order played, then ``done`` (with the helper's ledger) gives what goes back
    (picklable), and this process's copy holds it as ``result`` once the last hand came."""

    wanted: frozenset[int] = frozenset()
    result: Any = None

    def add(self, hand: HandFacts) -> None:
        raise NotImplementedError

    def done(self, ledger: Any) -> Any:
        raise NotImplementedError


def read_matches_aside(cfg: Any, ledger: Any, session_ids: Sequence[int],
                       alongside: Alongside | None = None) -> Iterator[tuple[int, Match | None]]:
    """``read_matches``, read by a helper process (forked, with a connection of its own to the
    ledger: never the one this process holds) while this process works on the hands already
    read: ``rating`` spends two thirds of its time rating, and the reading is then off its way.
    Each distinct match crosses once (then a number stands for it), so the same match object
    comes back for every hand of it, as ``read_matches`` gives it. Read here: below
    ``ASIDE_FROM`` sessions, without fork, and where this process runs other threads
    (``schafkopf serve``'s ``/api/rating``): a fork copies only this thread, and a lock another
    one held at that moment (SQLite's allocator's, while it read) stays held in the helper for
    ever, which then waits for it, and the request for the helper. A helper that fails or dies
    before the last hand raises ``HelperLost``: the caller reads them all again here
    (``read_matches``) and starts over. Not the rest from the hand after the last one given:
    the ledger may have changed since the helper read it (a hand voided or added, a player
    renamed by another process), and the rest of another reading skips a hand, repeats one or
    rates a player under two names.

    ``alongside``: work the helper does on the hands as it reads them (``Alongside``); given,
    the helper is there for it (a short season too, where fork may be had), and its ``result``
    is set once the last hand came. ``MatchesAside`` starts the helper before the hands are
    wanted."""
    started = MatchesAside(cfg, ledger, session_ids, alongside)
    try:
        yield from started
    finally:
        started.stop()


class MatchesAside:
    """``read_matches_aside``'s helper, started now (where it is worth it, or ``alongside`` asks
    for it, and fork may be had); iterated, its hands (here if it was not started: the caller of
    a ``MatchesAside`` with ``alongside`` checks ``started`` first); ``stop`` ends it, however
    far it got."""

    def __init__(self, cfg: Any, ledger: Any, session_ids: Sequence[int], alongside: Alongside | None = None) -> None:
        import multiprocessing

        self.cfg, self.ledger, self.session_ids, self.alongside = cfg, ledger, list(session_ids), alongside
        self.helper: Any = None
        self.receive: Any = None
        least = 0 if alongside is not None else ASIDE_FROM
        if not aside_worth_it(len(session_ids), least):
            return
        mp = multiprocessing.get_context("fork")
        receive, send = mp.Pipe(duplex=False)
        helper = mp.Process(target=_helper, args=(cfg, self.session_ids, send, receive, alongside), daemon=True)
        try:
            start_deaf(helper)
        except BaseException:
            send.close()
            receive.close()
            raise
        send.close()  # only the helper holds it: its end is the end of the pipe
        self.helper, self.receive = helper, receive

    @property
    def started(self) -> bool:
        return self.helper is not None

    def __iter__(self) -> Iterator[tuple[int, Match | None]]:
        if self.helper is None:  # (not worth a helper, or none to be had: read here)
            yield from read_matches(self.cfg, self.ledger, self.session_ids)
            return
        known: list[Match | None] = [None]
        while True:
            try:
                kind, fresh, new, sids, numbers, extra = self.receive.recv()
            except (EOFError, OSError, ValueError):  # the helper died (or failed: kind "failed")
                kind = "failed"
            if kind == "failed":
                raise HelperLost
            if fresh:
                known = [None]
            known += new
            yield from zip(sids, map(known.__getitem__, numbers), strict=True)
            if kind == "last":
                if self.alongside is not None:
                    self.alongside.result = extra
                return

    def stop(self) -> None:
        helper, self.helper = self.helper, None
        if helper is not None:
            if helper.is_alive():
                helper.kill()
            helper.join()
            self.receive.close()


def aside_worth_it(sessions: int, least: int) -> bool:
    """Whether a season of ``sessions`` is worth a forked helper (from ``least`` on: a helper's
    start costs more than it saves on a shorter one) and may have one: fork is there, and this
    process runs no other thread (``schafkopf serve``: a fork copies only the thread that forks,
    and a lock another one held at that moment stays held in the helper for ever)."""
    import multiprocessing
    import threading

    return (sessions >= least and "fork" in multiprocessing.get_all_start_methods()
            and threading.active_count() == 1)


def start_deaf(helper: Any) -> None:
    """Start a forked helper deaf to Ctrl-C (this process stops it): SIGINT is held back here
    while it is forked, and the helper ignores it before it lets it through (``hear_no_ctrl_c``).
    A Ctrl-C that reached it as it began or ended, outside its own ``try``, printed
    ``Process ForkProcess-1:`` and a traceback (multiprocessing's) under the command's answer."""
    import signal

    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        helper.start()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)  # a Ctrl-C meanwhile: KeyboardInterrupt here now


def hear_no_ctrl_c() -> None:
    """In a helper started by ``start_deaf``: ignore SIGINT, then let it through."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _helper(cfg: Any, session_ids: list[int], send: Any, receive: Any, alongside: Alongside | None = None) -> None:
    """The helper's start: the pipe's reading end, which came along with the fork, closed first.
    Held here, it kept the pipe open after this process was killed (SIGTERM, SIGKILL, a closed
    terminal's SIGHUP): the helper waited to send for ever, holding the ledger's read lock, and
    every later write was refused as busy. Without it, a send to a gone process fails and the
    helper ends."""
    hear_no_ctrl_c()
    receive.close()
    _send_matches(cfg, session_ids, send, alongside)


def _send_matches(cfg: Any, session_ids: list[int], send: Any, alongside: Alongside | None = None) -> None:
    """The helper: ``read_matches`` from a connection of its own, sent in chunks of ``_CHUNK``
    hands (``(kind, fresh, new matches, sessions, numbers, extra)``: number 0 is a hand without
    sides, n the n-th match sent since the last ``fresh`` start; ``extra``: with the last chunk,
    what ``alongside`` made of the hands); a failure is sent as such."""
    from ..ledger import open_ledger

    try:
        with open_ledger(cfg) as ledger:
            numbered: dict[Match, int] = {}
            new: list[Match] = []
            sids, numbers = array("q"), array("q")
            fresh = False
            for sid, m in (read_matches(cfg, ledger, session_ids) if alongside is None
                           else _read_alongside(cfg, ledger, session_ids, alongside)):
                if m is None:
                    number = 0
                else:
                    number = numbered.get(m, 0)
                    if not number:
                        number = numbered[m] = len(numbered) + 1
                        new.append(m)
                sids.append(sid)
                numbers.append(number)
                if len(sids) >= _CHUNK:
                    send.send(("more", fresh, new, sids, numbers, None))
                    new, sids, numbers = [], array("q"), array("q")
                    fresh = len(numbered) >= _KEPT
                    if fresh:
                        numbered = {}
            if alongside is not None and sids:  # the last hands first: rated there while ``done`` works here
                send.send(("more", fresh, new, sids, numbers, None))
                new, sids, numbers, fresh = [], array("q"), array("q"), False
            send.send(("last", fresh, new, sids, numbers, alongside.done(ledger) if alongside is not None else None))
    except BaseException:
        try:
            send.send(("failed", False, [], (), (), None))
        except (OSError, EOFError):  # this process is gone
            pass


def _read_alongside(cfg: Any, ledger: Any, session_ids: Sequence[int],
                    alongside: Alongside) -> Iterator[tuple[int, Match | None]]:
    """``read_matches``, read as whole hands: each one of ``alongside.wanted`` given to it too."""
    wanted, add = alongside.wanted, alongside.add
    for hand in read_hands(cfg, ledger, session_ids):
        if hand.session in wanted:
            add(hand)
        yield hand.session, hand.sides or match(hand)


def _read(cfg: Any, ledger: Any, session_ids: Sequence[int], facts: bool) -> Iterator[Any]:
    if not session_ids:
        return
    family = cfg.family_obj()
    kinds = {g.name: g for g in family.games}
    aliases = ledger.aliases()
    wanted = set(session_ids)
    loads = json.loads

    def outcome(text: str) -> tuple[tuple[str, ...], Any, int]:
        o = loads(text)
        declarers = tuple(aliases.get(n, n) for n in o.get("declarers", ()))
        return declarers, o.get("won"), int(o.get("value", 0) or 0)

    def entry(text: str) -> bool:
        e = loads(text)
        return bool(e.get("kontra") or e.get("crack"))

    def payouts(text: str) -> dict[str, int]:
        amounts = loads(text)
        if not aliases:
            return amounts  # type: ignore[no-any-return]
        return {aliases.get(n, n): v for n, v in amounts.items()}

    outcomes = Memo(outcome)
    entries = Memo(entry)
    amounts = Memo(payouts)
    bases: Memo[int, int] = Memo(lambda rid: base_tariff(family, ledger.rules(rid).tariff))
    unit = "point" if getattr(cfg, "kind", "table") == "tournament" else family.unit  # a tournament counts points

    def sides(key: tuple[tuple[tuple[str, ...], Any, int], str, int, str]) -> Match | None:
        """The match of a hand, once per distinct result, payouts, tariff and game."""
        (declarers, won, value), payouts_text, ruleset_id, game = key
        kind = kinds.get(game)
        return match(HandFacts(0, 0, "", game, declarers, won, value, amounts[payouts_text], bases[ruleset_id],
                               bool(kind is not None and kind.everyone), False, unit))

    matches: Memo[tuple[tuple[tuple[str, ...], Any, int], str, int, str], Match | None] = Memo(sides)
    thrown_in = {name for name, kind in kinds.items() if kind.thrown_in}

    def played(sid: int, game: str, void_kind: Any) -> bool:
        """A valid hand of a session asked for, that somebody played (not thrown in, no draw)."""
        return void_kind is None and sid in wanted and game not in thrown_in

    if not facts:
        for sid, game, ruleset_id, payouts_text, outcome_text, void_kind in ledger.fact_rows(list(session_ids), False):
            if played(sid, game, void_kind):
                yield sid, matches[outcomes[outcome_text], payouts_text, ruleset_id, game]
        return
    for sid, hand, created_at, game, entry_text, ruleset_id, payouts_text, outcome_text, void_kind in ledger.fact_rows(
            list(session_ids)):
        if not played(sid, game, void_kind):
            continue
        kind = kinds.get(game)
        result = outcomes[outcome_text]
        # Kontra (a crack) is rare: the entry's text is decoded only where it may say so
        kontra = ("kontra" in entry_text or "crack" in entry_text) and entries[entry_text]
        yield HandFacts(sid, hand, created_at, game, result[0], result[1], result[2], amounts[payouts_text],
                        bases[ruleset_id], bool(kind is not None and kind.everyone), kontra,
                        unit, matches[result, payouts_text, ruleset_id, game])
