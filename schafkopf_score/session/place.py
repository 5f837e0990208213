"""Where a session's hands are recorded, and the words for it (pure).

A session's log says in its header where it is played: an evening at a table (``Place``, the
open session or session N, its hands in the family's unit, its players those of the table
file) or one table of a tournament's round (the tournament's own ``Place``: its hands in
tournament points, its players those the draw seated there). The operations on a session
(``evening``) raise their refusals in the words the place gives: "session 7" or "table 2 of
round 1", ``schafkopf sheet`` or the tournament's sheet of that table. No message is rewritten
after the fact; a place that words a refusal otherwise says so itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from ..i18n import Text
from ..rules.play import Played


class Place:
    """An evening at a table: its session (``session_id``; None: the open one, or a new one when
    none is open), counted in the family's unit, seated as the table file says."""

    unit: ClassVar[str | None] = None  # what its hands count in (None: the family's)
    kept_open: ClassVar[bool] = False  # a session never closed: a closed one is refused, not followed by a new one

    def __init__(self, session_id: int | None = None) -> None:
        self.session_id = session_id

    @property
    def seated(self) -> Sequence[str] | None:
        """Who the place seats (None: the table file says)."""
        return None

    def admit(self, table: Any, ledger: Any, state: Any, more: int = 1) -> None:
        """Inside the write lock, before ``more`` hands are written: raise to refuse them (a
        tournament's table whose games are all played). ``table``: the table file, ``ledger``
        the store, ``state`` the session folded. An evening admits every hand."""

    def shown(self, played: Played) -> Played:
        """A hand as the place counts it (a tournament's table: in points, capped)."""
        return played

    def named(self, session: int | str) -> Text:
        """The session as the subject of a sentence: ``Session 7`` / ``Abend 7``."""
        return Text("data.place_session", session=session)

    def within(self, session: int | str) -> Text:
        """Where in it: ``in session 7`` / ``im Abend 7``."""
        return Text("data.place_in_session", session=session)

    def nothing_to_correct(self) -> tuple[Text, Text]:
        return Text("data.nothing_to_correct"), Text("data.record_one")

    def nothing_to_undo(self) -> tuple[Text, Text]:
        return Text("data.nothing_to_undo"), Text("data.record_games")

    def closed(self, session: int, meanwhile: bool = False, correcting: bool = True) -> tuple[Text, Text]:
        """A refusal for a closed session: its games cannot be changed (``correcting``: by a
        correction, which could go in once it is reopened; else by a new hand)."""
        text = Text("data.session_closed_meanwhile" if meanwhile else "data.session_closed", session=session)
        return text, Text("data.closed_reopen_hint" if correcting else "data.corrections_open", session=session)

    # the hints that say where to look at the hands, by what they answer
    LOOK: ClassVar[dict[str, str]] = {
        "look_up_hand": "data.look_up_hand", "look_again": "data.look_again",
        "hand_already_void_hint": "data.hand_already_void_hint",
        "recorded_meanwhile_hint": "data.recorded_meanwhile_hint", "edit_same_hint": "data.edit_same_hint",
    }

    def look(self, why: str) -> Text:
        """Where to look at the hands, as a hint: ``why`` is one of ``LOOK``'s keys."""
        return Text(self.LOOK[why])

    def correct_first(self) -> Text:
        """The hint when a correction would break a later hand: correct that one first."""
        return Text("data.correction_breaks_hint")


THE_OPEN_SESSION = Place()
