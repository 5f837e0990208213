"""The ratings and every player's page as plain data for the HTML report (``export --format
html``): the ratings over every session of the ledger, each player's figures over the sessions
exported (``insights``), each game with its name in the table's language."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..insights.player import Pages
from ..insights.rating import PROVISIONAL_HANDS, Rater
from ..memo import collection_paused
from .hand_facts import ASIDE_FROM, aside_worth_it, hear_no_ctrl_c, read_hands, start_deaf  # (a season's: worked out aside)
from .reports import game_title


def insights(cfg: Any, ledger: Any, session_ids: Sequence[int]) -> dict[str, Any]:
    """``{"ratings": [rating --json's rows, best first], "pages": [stats --player's figures, with
    "rating", "rank" and each game's "title"], "provisional_hands": N}``."""
    rater = Rater()
    wanted = set(session_ids)
    family = cfg.family_obj()
    record = bool(family.page_record)  # the record in the family's own terms (Sheepshead's picks, ...)
    pages = Pages(cfg.players, record)
    with collection_paused():  # a hundred thousand hands read, rated and counted: nothing that needs the collector
        for hand in read_hands(cfg, ledger, ledger.session_ids()):  # one pass: the ratings and every page
            rater.add_hand(hand)
            if hand.session in wanted:
                pages.add(hand)
    ratings = rater.result()
    rank = {p.name: i for i, p in enumerate(ratings.players, 1)}
    shown = []
    for name, figures in pages.result().items():
        if not figures.played.hands:
            continue
        data = figures.to_json()
        if "record" in data:  # in the family's words, with the message that says them
            data["record"] = {family.page_record[k]: v for k, v in data["record"].items()}
            data["record_text"] = family.page_record_text
        for line in data["by_game"]:
            line["title"] = game_title(family, line["game"], cfg.language)
        for key in ("best_hand", "worst_hand"):
            if data[key]:
                data[key]["title"] = game_title(family, data[key]["game"], cfg.language)
        mine = ratings.of(name)
        data["rating"] = {**mine.to_json(history=False), "rank": rank[name], "of": len(ratings.players)} if mine else None
        shown.append(data)
    return {"ratings": [p.to_json() for p in ratings.players], "pages": shown, "provisional_hands": PROVISIONAL_HANDS}


def insights_aside(cfg: Any, ledger: Any, session_ids: Sequence[int]) -> Aside | None:
    """Start working out ``insights`` in a helper process (forked, with a connection of its own
    to the ledger: never the one this process holds) and return what waits for them; None
    where it is not worth it (fewer than ``ASIDE_FROM`` sessions) or may not be had
    (``aside_worth_it``: no fork here, or other threads). If the helper fails or dies, this
    process works them out itself: the page is the same."""
    import multiprocessing

    if not aside_worth_it(len(session_ids), ASIDE_FROM):
        return None
    mp = multiprocessing.get_context("fork")
    receive, send = mp.Pipe(duplex=False)
    helper = mp.Process(target=_helper, args=(cfg, list(session_ids), send, receive), daemon=True)
    try:
        start_deaf(helper)
    finally:
        send.close()  # only the helper holds it: its end is the end of the pipe
    return Aside(helper, receive, lambda: insights(cfg, ledger, session_ids))


class Aside:
    """The insights being worked out by a helper: called, they are waited for (worked out here
    where the helper failed or died); ``stop`` ends a helper whose work is no longer wanted (the
    export failed before it was needed)."""

    def __init__(self, helper: Any, receive: Any, here: Callable[[], dict[str, Any]]) -> None:
        self.helper, self.receive, self.here = helper, receive, here

    def __call__(self) -> dict[str, Any]:
        try:
            kind, data = self.receive.recv()
        except (EOFError, OSError):  # the helper died: worked out here
            kind, data = "failed", None
        finally:
            self.stop()
        return data if kind == "done" else self.here()

    def stop(self) -> None:
        if self.helper.is_alive():
            self.helper.kill()
        self.helper.join()
        self.receive.close()


def _helper(cfg: Any, session_ids: list[int], send: Any, receive: Any) -> None:
    """The helper's start: the pipe's reading end, which came along with the fork, closed first
    (held here, it kept the pipe open after the exporting process was killed: the helper waited
    for ever to send a season's insights to nobody); deaf to Ctrl-C (``start_deaf``)."""
    hear_no_ctrl_c()
    receive.close()
    _aside(cfg, session_ids, send)


def _aside(cfg: Any, session_ids: list[int], send: Any) -> None:
    """The helper: the insights from a connection of its own, sent back (a failure as such: the
    exporting process works them out itself)."""
    from ..ledger import open_ledger

    try:
        with open_ledger(cfg) as ledger:
            answer: tuple[str, Any] = ("done", insights(cfg, ledger, session_ids))
    except BaseException:
        answer = ("failed", None)
    try:
        send.send(answer)
    except (OSError, EOFError):  # the exporting process is gone
        pass
