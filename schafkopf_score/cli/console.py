"""The rich console of the CLI (rich is imported only when a table is printed): a console that
never lets a stored text steer the terminal, user text escaped from rich markup, and a line
printed uncut by wrapping."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

# the widest a terminal is taken to be (COLUMNS may say more: a chart that wide would not fit
# in memory)
MOST_COLUMNS = 10_000


def console(width: int | None = None) -> Any:
    """The rich console of the CLI (``width``: wider than the terminal, for a sheet that
    cannot be narrower)."""
    from rich.console import Console

    class TableConsole(Console):
        def on_broken_pipe(self) -> None:
            """A reader that went away (``| head -1``) has what it wanted: exit 0, quietly
            (rich's own answer is exit 1)."""
            from ..files import stdout_to_devnull

            stdout_to_devnull()
            raise SystemExit(0)

        def _render_buffer(self, buffer: Any) -> str:
            """Every text rich writes with an invisible or control character of a stored text
            (an ESC of a reason that came in by hand) written as its escape: what the ledger
            holds never steers the terminal. Rich's own colour codes are styles, not text."""
            from rich.segment import Segment

            from ..table import shown_plain

            return str(super()._render_buffer(
                Segment(shown_plain(text), style, control) if not control else Segment(text, style, control)
                for text, style, control in buffer))

    import contextlib
    import os
    import sys

    stdout: Any = sys.stdout
    out = stdout.plain() if type(stdout).__name__ == "AnswerStream" else None  # (cli/app.py)
    typed = os.environ.get("COLUMNS", "")
    digits = typed.isascii() and typed.isdigit()
    said = int(typed) if digits else 0
    if width is None and digits and not 0 < said <= MOST_COLUMNS:
        # COLUMNS=0 (rich would print nothing at all) or a width no screen has (a chart that
        # wide would not fit in memory): the terminal's own width, or the most there is
        width = MOST_COLUMNS if said else 0
        with contextlib.suppress(OSError, ValueError, AttributeError):
            width = width or os.get_terminal_size(sys.stdout.fileno()).columns
        width = width or 80
    con = TableConsole(highlight=False, soft_wrap=False, width=width, file=out)
    if con.is_dumb_terminal:
        # rich takes a dumb terminal (TERM=dumb: a plain one, an editor's shell) as 80 wide
        # whatever it is, and a width asked for too: COLUMNS, else its own size where it tells
        # it, keeps a chart inside it (and a sheet wider than it as wide as it needs)
        columns = width or said
        with contextlib.suppress(OSError, ValueError):
            columns = columns or os.get_terminal_size(con.file.fileno()).columns
        if columns > 0:
            con.size = (columns, 25)
    return con


def escape(text: str) -> str:
    """User text (names, comments) shown literally, never read as rich markup."""
    from rich.markup import escape as rich_escape

    return rich_escape(text)


def print_line(con: Any, text: str) -> None:
    """A line of plain text, cut with an ellipsis where it is longer than the terminal (never
    wrapped onto a second line) or than the width ``COLUMNS`` sets; written whole into a pipe
    or a file without one, where no width is a screen's (rich would take 80) and every word is
    kept."""
    import os

    from rich.text import Text

    if con.is_terminal or os.environ.get("COLUMNS"):
        con.print(Text(text), no_wrap=True, overflow="ellipsis")
    else:
        con.print(Text(text), no_wrap=True, overflow="ignore", crop=False)


def write_lines(con: Any, lines: Sequence[str]) -> None:
    """Lines of plain text written as they are where ``con`` shows no styles (a pipe, a file),
    without rich's steps, as the console writes a text: each invisible or control character of
    a stored text as its escape (``table.shown_plain``), a reader that went away quietly done."""
    from ..table import shown_plain

    text = "".join([shown_plain(line) + "\n" for line in lines])  # (a line is mostly printable: as it is)
    try:
        con.file.write(text)
        con.file.flush()
    except BrokenPipeError:
        con.on_broken_pipe()
