"""``schafkopf play``: the evening's live session (RULES §8).

The table is loaded once (and again when its file's content changes); each line is a hand in
the short notation (long options allowed beside it) or one command, in English or German words.
An accepted hand is committed before its one-line answer is printed; a rejected line explains
itself, writes nothing, and the next line is read as usual. On a terminal prompt_toolkit gives
line editing, history, completion of every word and a status line; without one the lines come
from standard input (exit 0 at the end, 2 if any line was rejected).

Keys: at a prompt or a question the line editor reads Ctrl-C (cancel the line or the question)
and Ctrl-D (end the session; "no" at a question) as keys. Between prompts the terminal turns a
Ctrl-C into SIGINT: ``Keys`` holds it while a line is handled, so a hand is either recorded and
answered or not recorded, and acts on it at once only while a write waits for a busy ledger.

Here is the loop that reads the lines; what a line does is ``play_live.py``, its words
``play_words.py``, the line editor on a terminal ``play_editor.py``.
"""

from __future__ import annotations

import signal
import sys
from typing import TYPE_CHECKING, Any

import typer

from ..app.line import MAX_LINE  # longer lines are refused before they are split, as every door refuses them
from ..errors import InvalidEntry, LedgerError, ScoreError, StorageError
from ..i18n import Text, say
from .app import app, guard
from .play_live import Live, Quit

if TYPE_CHECKING:
    from ..errors import ScoreError, StorageError


class Keys:
    """Ctrl-C that reaches the session as SIGINT (the terminal sends it between prompts; ``kill
    -INT`` any time). While a line is handled it is held (``pending``); a write that waits for a
    busy ledger acts on it within a fraction of a second (``waiting``), before anything is
    written. On a terminal a held Ctrl-C cancels nothing more (the line is done, or the next
    prompt is not shown yet); piped, it ends the session once the line is done."""

    def __init__(self, interactive: bool) -> None:
        self.interactive = interactive
        self.pending = False
        self.busy = False

    def __call__(self, signum: int, frame: Any) -> None:
        if self.busy or self.interactive:
            self.pending = True
            return
        raise KeyboardInterrupt

    def waiting(self) -> None:
        """Called between the tries of a write that waits for a busy ledger."""
        if self.pending:
            self.pending = False
            raise KeyboardInterrupt


def read_piped(stream: Any) -> str | int | None:
    """The next line of a script (None at its end); a line longer than ``MAX_LINE`` is read to
    its end in pieces and only its length returned (it is refused, never held whole)."""
    line: str = stream.readline(MAX_LINE + 1)
    if not line:
        return None
    if len(line) <= MAX_LINE or line.endswith("\n"):
        return line
    length = len(line)
    while True:
        more: str = stream.readline(1 << 16)
        length += len(more)
        if not more or more.endswith("\n"):
            return length - more.endswith("\n")  # the characters of the line, not its end


def error_text(exc: ScoreError, lang: str, line: str, family: str | None) -> str:
    """``Fehler: ...`` and the hint, in the form the line was typed: a line in short words gets
    short words (``l0 bis l4``, not ``--laufende 0 bis 4``), and in the family's words (a
    Sheepshead table counts points, not Augen)."""
    from ..notation import family_words, short_form

    message, hint = exc.render(lang)
    if "--" not in line:
        message, hint = short_form(message, lang), short_form(hint, lang)
    if family is not None:
        message, hint = family_words(message, family, lang), family_words(hint, family, lang)
    return say("common.error", lang, message=message) + (f"\n{hint}" if hint else "")


def fault(exc: OSError | StorageError, where: str) -> ScoreError:
    """An operating-system or storage failure of one line (a full disk, a file that may not be
    written) as a refusal that names the ledger and says why (a busy or unreachable ledger says
    so itself)."""
    if isinstance(exc, OSError):  # the file it names (the table file, a folder), else the ledger
        problem: Any = exc.strerror or str(exc)
        where = str(exc.filename) if exc.filename else where
    elif exc.kind in ("busy", "unreachable"):
        return exc
    else:
        problem = exc.problem
    return LedgerError(Text("cli.play_fault", path=where, problem=problem), Text("cli.play_fault_hint"))


@app.command()
@guard
def play(ctx: typer.Context) -> None:
    """The live session for an evening: one line a hand in short words, or a command.

    On a terminal with line editing, history, completion and a status line; otherwise it reads
    the lines from standard input (exit 0 at the end, 2 if any line was rejected). Commands
    (English or German): undo, void N, edit N WORDS, sheet, stand, settle [--round C] [close],
    draw, player add|leave|rename|list, help, quit.

    \b
    Example: schafkopf play
    Example: printf 'sau an be 72 l3 k\\nwenz co 80\\n' | schafkopf play
    """
    from ..ledger.connection import WAITING

    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    live = Live(ctx, interactive)
    cfg = live.cfg()  # a missing or broken table file ends the session before it starts
    from ..tournament import refuse_at_tournament

    refuse_at_tournament(cfg, "play", "tournament.use_add_tisch", "tournament.why_play")
    live.follow()  # the evening as play begins
    keys = Keys(interactive)
    try:
        previous: Any = signal.signal(signal.SIGINT, keys)
    except ValueError:  # not the main thread (an embedding program): Ctrl-C stays as it was
        previous = None
    token = WAITING.set(keys.waiting)
    rejected = 0
    number = 0
    prompt = None
    pasted: list[str] = []  # the lines still to come of several pasted at once on a terminal
    place = 0  # which line of that paste is handled (named where one is refused)
    again = ""  # a line typed and refused: the next prompt holds it, to be corrected, not typed anew
    if interactive:  # the line editor (prompt_toolkit) only on a terminal
        from .play_editor import asker, prompter

        prompt = prompter(live, MAX_LINE)
        live.ask = asker(live)
        live.show()
        typer.echo(say("cli.play_greeting", cfg.language))
    try:
        while True:
            keys.pending = False  # a Ctrl-C before the prompt was shown cancelled nothing to come
            line: str | int | None
            if pasted:
                line, place = pasted.pop(0), place + 1
            else:
                try:
                    line = prompt(again) if prompt else read_piped(sys.stdin)
                except KeyboardInterrupt:  # Ctrl-C at the prompt cancels the line; a script it stops
                    if not interactive:
                        raise
                    continue
                except EOFError:  # Ctrl-D ends the session
                    break
                finally:
                    again = ""
                place = 0
                if prompt and isinstance(line, str) and "\n" in line:  # several lines pasted at once: each a line
                    line, *pasted = line.split("\n")
                    place = 1
            if line is None:
                break
            number += 1
            keys.busy = True
            try:
                if isinstance(line, int) or len(line) > MAX_LINE:
                    length = line if isinstance(line, int) else len(line)
                    raise InvalidEntry(Text("data.line_too_long", length=length, most=MAX_LINE),
                                       Text("data.line_too_long_hint"))
                live.handle(line)
            except Quit:
                break
            except KeyboardInterrupt:  # while waiting for a busy ledger: nothing was written
                typer.echo(say("cli.play_cancelled", live.language()), err=True)
                if not interactive:
                    raise
            except (OSError, StorageError) as exc:  # a fault of this line
                problem = fault(exc, live.cfg_obj.ledger_where if live.cfg_obj else "")
                live.close()  # the next line opens the ledger again
                rejected += 1
                _refused(live, problem, place or number, line, named=bool(place))
                again = line if not place and isinstance(line, str) else ""  # to send again with Enter
            except ScoreError as exc:
                rejected += 1
                _refused(live, exc, place or number, line, named=bool(place))
                if not place and isinstance(line, str) and len(line) <= MAX_LINE:  # typed alone, not pasted
                    again = line
            finally:
                keys.busy = False
            live.noticed()
            if interactive and not live.shown:  # a correction, a close, a new player: the status anew
                live.show()
            if keys.pending and not interactive:  # Ctrl-C while the line was handled: it is done, now stop
                raise KeyboardInterrupt
    finally:
        live.close()
        WAITING.reset(token)
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    if rejected:
        raise typer.Exit(2)


def _refused(live: Live, exc: ScoreError, number: int, line: str | int, named: bool = False) -> None:
    lang = exc.language or live.language()
    if not live.interactive or named:  # a script's reader (or a paste's) learns which line it was
        shown = _shown(line) if isinstance(line, str) else "…"
        typer.echo(say("cli.play_line", lang, number=number, line=shown), err=True)
    family = live.cfg_obj.family if live.cfg_obj is not None else None
    typer.echo(error_text(exc, lang, line if isinstance(line, str) else "", family), err=True)


def _shown(line: str, most: int = 80) -> str:
    r"""A refused line as its ``Zeile N:`` names it: cut after ``most`` characters, control
    characters escaped (never written raw to a terminal).

    >>> _shown("sau an be 72 xyz" + chr(10)), _shown("sau " + chr(27) + "[31m")
    ('sau an be 72 xyz', 'sau \\x1b[31m')
    """
    text = line.strip()
    cut = len(text) > most
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text[:most])
    return text + ("…" if cut else "")


