"""The live evening of ``play``: the table file (read again when it changes) and the ledger kept
open between lines, what each line does (a hand, or one of play's commands, through the same
functions as the one-shot commands), and the status line. The loop that reads the lines is
``play_cmd.py``."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from ..errors import IllegalEntry, LedgerError
from ..i18n import Join, Text, language_of, say
from .app import get
from .play_words import CLOSE_WORDS, COMMAND_WORDS, PLAYER_ACTIONS, SHOWN_ACTIONS, YES_WORDS, hand_number, long_options, whole_number

if TYPE_CHECKING:
    from ..ledger import Ledger
    from ..table import TableConfig


class Quit(Exception):
    """``quit`` / ``ende``: the session ends after this line."""


class Live:
    """One evening at the table: the table file, the ledger and the last entry."""

    def __init__(self, ctx: typer.Context, interactive: bool) -> None:
        self.ctx = ctx
        self.interactive = interactive
        self.cfg_obj: TableConfig | None = None
        self.digest: bytes | None = None
        self.ledger_obj: Ledger | None = None
        self.identity: tuple[int, int] | None = None  # the ledger file opened (device, inode)
        self.last: Any = None
        self.status = ""
        self.shown = False  # the status was made anew for this line
        self.active: tuple[str, ...] = ()  # who plays the next hand (completion offers them first)
        self.ask: Callable[..., bool] = lambda question, lang=None: False

    # -- the table and the ledger -------------------------------------------------------
    def cfg(self) -> TableConfig:
        """The table, read again when its file's content changed since the last line (by its
        hash: an edit restored with ``touch -r`` keeps the old modification time)."""
        c = get(self.ctx)
        path = Path(c.cfg().path) if self.cfg_obj is None else Path(self.cfg_obj.path)
        try:
            digest: bytes | None = hashlib.blake2b(path.read_bytes(), digest_size=16).digest()
        except OSError:
            digest = None
        if self.cfg_obj is None or digest != self.digest:
            c._cfg = None  # the next c.cfg() reads the file again
            self.cfg_obj = c.cfg()
            self.digest = digest
            self.close()
        return self.cfg_obj

    def ledger(self) -> Ledger:
        """The ledger, opened once; refused for this line if its file was replaced or removed
        under the session (the next line opens the one that is there now)."""
        if self.ledger_obj is not None and self.identity is not None and self._file_identity() != self.identity:
            where = self.cfg().ledger_where
            self.close()
            raise LedgerError(Text("cli.play_ledger_replaced", path=where), Text("cli.play_ledger_replaced_hint"))
        if self.ledger_obj is None or self.ledger_obj.conn is None and (
                self.cfg().ledger_url or self.cfg().ledger_path.exists()):
            self.close()
            self.ledger_obj = get(self.ctx).ledger(create=True)
            self.identity = None
        if self.identity is None and self.ledger_obj.conn is not None and not self.cfg().ledger_url:
            self.identity = self._file_identity()
        return self.ledger_obj

    def _file_identity(self) -> tuple[int, int] | None:
        try:
            st = self.cfg().ledger_path.stat()
        except OSError:
            return None
        return st.st_dev, st.st_ino

    def noticed(self) -> None:
        """After a write: remember the ledger file a first write has just made (before the
        answer is printed, so a file replaced after it is told apart)."""
        if self.ledger_obj is not None and self.identity is None and self.ledger_obj.conn is not None \
                and self.cfg_obj is not None and not self.cfg_obj.ledger_url:
            self.identity = self._file_identity()

    def language(self) -> str:
        """The table's language (as last read; the file may have become unreadable since)."""
        if self.cfg_obj is not None:
            return self.cfg_obj.language
        return get(self.ctx).language()

    def close(self) -> None:
        if self.ledger_obj is not None:
            try:
                self.ledger_obj.close()
            except Exception:  # a connection to a file that is gone closes as well as it can
                pass
            self.ledger_obj = None
            self.identity = None

    # -- one line -----------------------------------------------------------------------
    def handle(self, line: str) -> None:
        """Do what one line says; a ``ScoreError`` means it was refused and wrote nothing."""
        from ..notation import split_words

        self.shown = False
        words = split_words(line)
        if not words:
            self.shown = True
            return
        command = COMMAND_WORDS.get(words[0].casefold())
        if command == "quit":
            raise Quit
        cfg = self.cfg()
        rest = words[1:]
        if command == "help":
            typer.echo(say(f"engine.help.{cfg.family}", cfg.language))  # the family's own examples
            typer.echo(say("cli.play_commands", cfg.language))
        elif command == "undo":
            self._void(None, rest)
        elif command == "void":
            self._void(hand_number(rest, words[0]), rest[1:])
        elif command == "edit":
            self._edit(hand_number(rest, words[0]), rest[1:])
        elif command == "sheet":
            from ..app.evening import view_session
            from .sheet import print_sheet

            print_sheet([view_session(cfg, self.ledger())], cfg, compact="compact" in rest)
        elif command == "stand":
            self._standings()
        elif command == "settle":
            self._settle(rest)
        elif command == "draw":
            self._draw(rest)
        elif command == "player":
            self._player(rest)
        else:
            self._add(words)

    def _add(self, words: list[str]) -> None:
        from ..app.evening import add
        from ..entry import entry_from_words
        from .render import hand_line

        cfg = self.cfg()
        words, options = long_options(words)
        entry, typed = entry_from_words(cfg.family_obj(), cfg.players, words, options)
        if self.interactive and entry == self.last and names_someone(entry) and not self.ask(
                say("cli.play_same_entry", cfg.language)):
            typer.echo(say("cli.play_not_recorded", cfg.language))
            return
        hand, played, view = add(cfg, self.ledger(), entry, typed)
        self.noticed()
        self.last = entry
        if hand == 1 and view.session is not None and view.session.id > 1:
            typer.echo(say("cli.play_new_evening", cfg.language, session=view.session.id))
        typer.echo(hand_line(hand, played, view))
        self.show(view)

    def _void(self, hand: int | None, rest: list[str]) -> None:
        from ..app.evening import undo, void
        from .render import voided_text

        cfg = self.cfg()
        reason = " ".join(rest)
        done = undo(cfg, self.ledger(), reason) if hand is None else void(cfg, self.ledger(), hand, reason)
        self.last = None
        typer.echo(voided_text(done.record, cfg.language, short=True, changed=done.repriced))

    def _edit(self, hand: int, words: list[str]) -> None:
        from ..app.evening import edit, find_hand
        from ..entry import corrected_entry
        from .game_cmds import confirm_change
        from .render import edit_text

        cfg = self.cfg()
        yes = any(w in YES_WORDS for w in words)
        words, options = long_options([w for w in words if w not in YES_WORDS])
        old = find_hand(cfg, self.ledger(), hand)
        new, typed = corrected_entry(cfg.family_obj(), old.rules.players, old.entry, words, options, set(options))
        if not yes and not confirm_change(cfg, self.ledger(), hand, old, new, self.interactive, ask=self.ask):
            typer.echo(say("cli.play_left", cfg.language))
            return
        done = edit(cfg, self.ledger(), hand, new, "", typed, expect=old.id)
        self.last = None
        assert done.played is not None  # an edit always has its replacement
        typer.echo(edit_text(old, done.played, hand, cfg.language, done.repriced))

    def _standings(self) -> None:
        from ..app.evening import season_standings, select_sessions
        from .view_cmds import show_standings

        cfg = self.cfg()
        columns, last = season_standings(cfg, self.ledger(), select_sessions(self.ledger()))
        show_standings(cfg, columns, last)

    def _settle(self, rest: list[str]) -> None:
        """``settle [--round C] [close [--yes]]``: the evening's settlement; ``close`` records it
        as paid, after a yes on a terminal, with ``--yes`` when piped."""
        from ..app.evening import close_session, session_settlement
        from .standings import settle_text

        cfg = self.cfg()
        closing = yes = False
        round_to: int | None = None
        words = list(rest)
        while words:
            word = words.pop(0)
            key = word.casefold()
            if key in CLOSE_WORDS:
                closing = True
            elif key in YES_WORDS:
                yes = True
            elif key == "--round" or key.startswith("--round="):
                value = key.partition("=")[2] if "=" in key else (words.pop(0) if words else "")
                round_to = whole_number(value, "--round")
                if round_to <= 0:
                    raise IllegalEntry(Text("data.round_not_positive", value=round_to),
                                       Text("data.round_not_positive_hint"))
            else:
                from ..text import quoted

                raise IllegalEntry(Text("cli.play_settle_unknown", words=quoted(" ".join(rest))),
                                   Text("cli.play_settle_unknown_hint"))
        ledger = self.ledger()
        if not closing:
            typer.echo(settle_text(session_settlement(cfg, ledger, None, round_to), cfg.snapshot()))
            return
        if not yes:
            if not self.interactive:
                raise IllegalEntry(Text("cli.play_close_needs_yes"), Text("cli.play_close_needs_yes_hint"))
            typer.echo(settle_text(session_settlement(cfg, ledger, None, round_to), cfg.snapshot()))
            if not self.ask(say("cli.play_close_confirm", cfg.language)):
                typer.echo(say("cli.play_not_closed", cfg.language))
                return
        closed = close_session(cfg, ledger, round_to).session
        result = session_settlement(cfg, ledger, closed.id if closed else None)
        self.last = None
        typer.echo(settle_text(result, cfg.snapshot(), None, closed.id if closed else None))
        typer.echo(say("cli.play_closed_next", cfg.language))

    def _draw(self, rest: list[str]) -> None:
        """``draw`` (Deutscher Schafskopf): the partners by lot, as ``schafkopf draw`` does."""
        import json
        import random

        from ..app.evening import add, current_state, lot_entry

        cfg = self.cfg()
        seed: int | None = None
        if rest[:1] == ["--seed"] and len(rest) == 2:
            seed = whole_number(rest[1], "--seed")
        elif rest:
            from ..text import quoted

            raise IllegalEntry(Text("cli.play_draw_words", words=quoted(" ".join(rest))),
                               Text("cli.play_draw_words_hint"))
        rng = random.Random(seed) if seed is not None else random.SystemRandom()
        ledger = self.ledger()
        entry = lot_entry(cfg, current_state(cfg, ledger)[1], rng)
        _, played, view = add(cfg, ledger, entry, json.dumps({"game": entry.game, "seed": seed}))
        self.noticed()
        self.last = None
        typer.echo(played.outcome.explanation)
        self.show(view)

    def _player(self, rest: list[str]) -> None:
        """``player add NAME [--after X]``, ``player leave NAME``, ``player rename OLD NEW``,
        ``player list``: what ``schafkopf player`` does, through the same functions."""
        from ..app.players import change_seating, change_text, seating

        cfg = self.cfg()
        lang = cfg.language
        words = list(rest)
        after: str | None = None
        for option in ("--after", "--nach"):
            if option in words:
                i = words.index(option)
                if i + 1 >= len(words):
                    raise IllegalEntry(Text("cli.play_option_needs_value", option=option),
                                       Text("cli.player_usage_add"))
                after = words[i + 1]
                del words[i:i + 2]
        action = PLAYER_ACTIONS.get(words[0].casefold()) if words else None
        if action is None:
            from ..text import quoted

            raise IllegalEntry(Text("cli.player_action", action=quoted(words[0]) if words else "''"),
                               Text("cli.player_action_hint", actions=Join(SHOWN_ACTIONS[language_of(lang)], "or")))
        names = words[1:]
        wanted = {"add": 1, "leave": 1, "rename": 2, "list": 0}[action]
        if len(names) != wanted:
            raise IllegalEntry(Text("cli.player_words", action=words[0], count=wanted, given=len(names)),
                               Text(f"cli.player_usage_{action}"))
        if after is not None and action != "add":
            raise IllegalEntry(Text("cli.player_after_add_only"), Text("cli.player_usage_add"))
        ledger = self.ledger()
        if action == "list":
            data = seating(cfg, ledger)
            typer.echo(say("cli.player_seating", lang, players=", ".join(data["players"]), seats=data["seats"]))
            if data["left"]:
                typer.echo(say("cli.player_left_list", lang, names=", ".join(data["left"])))
            return
        change = change_seating(cfg, ledger, action, names, after)
        self.noticed()
        self.last = None
        typer.echo(change_text(change).render(lang))

    # -- the status line ----------------------------------------------------------------
    def show(self, view: Any = None) -> None:
        """The status line (on a terminal): the next hand, who deals and sits out, the Stock,
        Bock hands left, Muss-Solo or doublers pending."""
        if not self.interactive:
            return
        self.shown = True
        try:
            if view is None or view.closed:
                from ..app.evening import current_state

                view, _ = current_state(self.cfg(), self.ledger())
            self.status, self.active = status_line(self.cfg(), view)
            ledger = self.ledger_obj
            if view.session is None and ledger is not None and ledger.conn is not None:
                latest = ledger.latest_session()
                if latest is not None and latest.closed_at:  # the evening before is settled
                    self.status += " · " + say("cli.play_status_new_evening", self.cfg().language)
        except Exception:  # the status is a courtesy: a ledger that cannot be read now shows none
            self.status = ""


def status_line(cfg: TableConfig, view: Any) -> tuple[str, tuple[str, ...]]:
    """``Spiel 5 · Ben gibt · Cora setzt aus · Stock 0,40 € · ...`` and who plays next."""
    lang = cfg.language
    seating = view.next_seating()
    parts = [say("cli.play_status_hand", lang, hand=view.state.hand),
             say("cli.play_status_dealer", lang, dealer=seating.dealer)]
    if seating.sitting_out:
        parts.append(say(f"cli.play_status_out_{'one' if len(seating.sitting_out) == 1 else 'many'}", lang,
                         names=Join(seating.sitting_out, "and")))
    parts += cfg.family_obj().standing_notes(view.rules, view.state, view.balances, lang)
    return " · ".join(parts), tuple(seating.active)


def names_someone(entry: Any) -> bool:
    """Whether an entry is about someone (a declarer, a loser, Augen by name): the same one
    twice in a row is likely typed twice. ``weiter``, ``doubler`` and other hands without a
    name are repeated at a table every evening."""
    from ..rules.model import NAME, NAMES, entry_options

    seating = ("sitting_out", "dealer")
    return bool(entry.augen_map) or any(
        getattr(entry, o.field) not in (None, ()) for o in entry_options()
        if o.kind in (NAME, NAMES) and o.field not in seating)
