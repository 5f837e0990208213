"""``schafkopf play``: the evening's live session (RULES §8).

The table is loaded once (and again when its file changes on disk); each line is a hand in the
short notation or one command. An accepted hand is committed before its one-line answer is
printed; a rejected line explains itself, writes nothing, and the next line is read as usual.
On a terminal prompt_toolkit gives line editing, history and completion; without one the lines
come from standard input (exit 0 at the end, 2 if any line was rejected).
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from ..i18n import Text, say
from .app import app, fail_text, get, guard

if TYPE_CHECKING:
    from ..ledger import Ledger
    from ..table import TableConfig

COMMANDS = ("undo", "void", "edit", "sheet", "stand", "standings", "settle", "help", "quit", "exit", "draw")


class Live:
    """One evening at the table: the table file, the ledger and the last entry."""

    def __init__(self, ctx: typer.Context, interactive: bool) -> None:
        self.ctx = ctx
        self.interactive = interactive
        self.cfg_obj: TableConfig | None = None
        self.mtime: float | None = None
        self.ledger_obj: Ledger | None = None
        self.last: Any = None

    # -- the table and the ledger -------------------------------------------------------
    def cfg(self) -> TableConfig:
        """The table, read again when its file changed on disk since the last line."""
        c = get(self.ctx)
        path = Path(c.cfg().path)
        try:
            mtime = path.stat().st_mtime
        except OSError:
            mtime = None
        if self.cfg_obj is None or mtime != self.mtime:
            c._cfg = None  # the next c.cfg() reads the file again
            self.cfg_obj = c.cfg()
            self.mtime = mtime
            self.close()
        return self.cfg_obj

    def ledger(self) -> Ledger:
        if self.ledger_obj is None or self.ledger_obj.conn is None and (
                self.cfg().ledger_url or self.cfg().ledger_path.exists()):
            self.close()
            self.ledger_obj = get(self.ctx).ledger(create=True)
        return self.ledger_obj

    def language(self) -> str:
        """The table's language (as last read; the file may have become unreadable since)."""
        if self.cfg_obj is not None:
            return self.cfg_obj.language
        return get(self.ctx).language()

    def close(self) -> None:
        if self.ledger_obj is not None:
            self.ledger_obj.close()
            self.ledger_obj = None

    # -- one line -----------------------------------------------------------------------
    def handle(self, line: str) -> None:
        """Do what one line says; a ``ScoreError`` means it was refused and wrote nothing."""
        from ..errors import InvalidEntry

        try:
            words = shlex.split(line)
        except ValueError as exc:
            problem = {"No closing quotation": Text("cli.play_no_closing_quote"),
                       "No escaped character": Text("cli.play_no_escaped_character")}.get(str(exc), str(exc))
            raise InvalidEntry(Text("cli.play_unreadable", problem=problem), Text("cli.play_unreadable_hint")) from None
        if not words:
            return
        head = words[0].casefold()
        if head in ("quit", "exit"):
            raise EOFError
        cfg = self.cfg()
        if head == "help":
            typer.echo(say(f"cli.play_help_{cfg.family}", cfg.language))  # the family's own examples
        elif head == "undo":
            self._void(None, words[1:])
        elif head == "void":
            self._void(_number(words[1:], "void"), words[2:])
        elif head == "edit":
            self._edit(_number(words[1:], "edit"), words[2:])
        elif head == "sheet":
            from ..evening import view_session
            from .render import print_sheet

            print_sheet([view_session(cfg, self.ledger())], cfg, compact="compact" in words[1:])
        elif head in ("stand", "standings"):
            self._standings()
        elif head == "settle":
            self._settle(words[1:])
        elif head == "draw" and len(words) == 1 and cfg.family == "deutscher":
            self._draw()
        else:
            self._add(words)

    def _add(self, words: list[str]) -> None:
        from ..entry import entry_from_words
        from ..evening import add
        from .render import hand_line

        cfg = self.cfg()
        entry, typed = entry_from_words(cfg.family_obj(), cfg.players, words)
        if self.interactive and entry == self.last and not typer.confirm(
                say("cli.play_same_entry", cfg.language), default=False):
            typer.echo(say("cli.play_not_recorded", cfg.language))
            return
        hand, played, view = add(cfg, self.ledger(), entry, typed)
        self.last = entry
        typer.echo(hand_line(hand, played, view))

    def _draw(self) -> None:
        """``draw``: the partners drawn by lot for the next game, as ``schafkopf draw`` does."""
        import json
        import random

        from ..evening import add, current_state, lot_entry

        cfg = self.cfg()
        entry = lot_entry(cfg, current_state(cfg, self.ledger())[1], random.SystemRandom())
        _, played, _ = add(cfg, self.ledger(), entry, json.dumps({"game": entry.game, "seed": None}))
        self.last = None
        typer.echo(played.outcome.explanation)

    def _void(self, hand: int | None, rest: list[str]) -> None:
        from ..evening import undo, void
        from .render import voided_text

        cfg = self.cfg()
        reason = " ".join(rest)
        done = undo(cfg, self.ledger(), reason) if hand is None else void(cfg, self.ledger(), hand, reason)
        self.last = None
        typer.echo(voided_text(done.record, cfg.language, short=True, changed=done.repriced))

    def _edit(self, hand: int, words: list[str]) -> None:
        from ..entry import corrected_entry
        from ..evening import edit, find_hand
        from .game_cmds import confirm_change
        from .render import edit_text

        cfg = self.cfg()
        yes = any(w in ("--yes", "-y") for w in words)
        words = [w for w in words if w not in ("--yes", "-y")]
        old = find_hand(cfg, self.ledger(), hand)
        new, typed = corrected_entry(cfg.family_obj(), old.rules.players, old.entry, words, {}, set())
        if not yes and not confirm_change(cfg, self.ledger(), hand, old, new, self.interactive):
            typer.echo(say("cli.play_left", cfg.language))
            return
        done = edit(cfg, self.ledger(), hand, new, "", typed, expect=old.id)
        self.last = None
        assert done.played is not None  # an edit always has its replacement
        typer.echo(edit_text(old, done.played, hand, cfg.language, done.repriced))

    def _standings(self) -> None:
        from ..evening import season_standings, select_sessions
        from .view_cmds import show_standings

        cfg = self.cfg()
        columns, last = season_standings(cfg, self.ledger(), select_sessions(self.ledger()))
        show_standings(cfg, columns, last)

    def _settle(self, rest: list[str]) -> None:
        from ..evening import close_session, session_settlement
        from .render import settle_text

        cfg = self.cfg()
        closing = [w.casefold().lstrip("-") for w in rest] == ["close"]
        if rest and not closing:
            from ..errors import InvalidEntry

            raise InvalidEntry(Text("cli.play_settle_unknown", words=repr(" ".join(rest))),
                               Text("cli.play_settle_unknown_hint"))
        closed = close_session(cfg, self.ledger()).session if closing else None
        result = session_settlement(cfg, self.ledger(), closed.id if closed else None)
        typer.echo(settle_text(result, cfg.snapshot(), None, closed.id if closed else None))


def _number(words: list[str], command: str) -> int:
    from ..errors import InvalidEntry

    if not words or not (words[0].isascii() and words[0].isdigit()):
        raise InvalidEntry(Text("cli.play_needs_number", command=command), Text("cli.play_needs_number_hint",
                                                                                  command=command))
    return int(words[0])


def _completer(cfg: TableConfig) -> Any:
    from prompt_toolkit.completion import WordCompleter

    from ..notation import keywords

    family = cfg.family_obj()
    vocabulary = sorted({*family.game_table(), *keywords(), *family.suits, *family.suit_words, *COMMANDS})
    return WordCompleter([*cfg.players, *vocabulary], ignore_case=True, sentence=True)


@app.command()
@guard
def play(ctx: typer.Context) -> None:
    """The live session for an evening: one line a hand in short words, or a command.

    On a terminal with line editing, history and completion; otherwise it reads the lines from
    standard input (exit 0 at the end, 2 if any line was rejected). Commands: undo, void N,
    edit N WORDS, sheet, stand, settle, help, quit.

    \b
    Example: schafkopf play
    Example: printf 'sau an be 72 l3 k\\nwenz co 80\\n' | schafkopf play
    """
    from ..errors import ScoreError

    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    live = Live(ctx, interactive)
    cfg = live.cfg()  # a missing or broken table file ends the session before it starts
    from ..tournament import refuse_at_tournament

    refuse_at_tournament(cfg, "play", "cli.tournament.use_add_tisch", "cli.tournament.why_play")
    rejected = 0
    number = 0
    prompt = _prompter(cfg) if interactive else None
    if interactive:
        typer.echo(say("cli.play_greeting", cfg.language))
    try:
        while True:
            try:
                line = prompt() if prompt else sys.stdin.readline()
                if prompt is None and not line:
                    break
            except KeyboardInterrupt:  # Ctrl-C cancels the line
                continue
            except EOFError:  # Ctrl-D ends the session
                break
            number += 1
            try:
                live.handle(line)
            except EOFError:
                break
            except ScoreError as exc:
                rejected += 1
                lang = exc.language or live.language()
                if not interactive:  # a script's reader learns which line it was
                    typer.echo(say("cli.play_line", lang, number=number, line=line.strip()), err=True)
                typer.echo(fail_text(exc, lang), err=True)
    finally:
        live.close()
    if rejected:
        raise typer.Exit(2)


def _prompter(cfg: TableConfig) -> Any:
    """A prompt with line editing, history and completion of games, names and keywords."""
    from prompt_toolkit import PromptSession

    session: Any = PromptSession(completer=_completer(cfg), complete_while_typing=False)
    return lambda: session.prompt("> ")
