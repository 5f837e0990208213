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
from .play_words import (
    CLOSE_WORDS,
    COMMAND_WORDS,
    PLAYER_ACTIONS,
    PLAYER_OPTIONS,
    SHOWN_ACTIONS,
    YES_WORDS,
    hand_number,
    whole_number,
)

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
        self.status = ""
        self.shown = False  # the status was made anew for this line
        self.seen: object = None  # what the status was made from: the ledger's and the table file's mark
        self.active: tuple[str, ...] = ()  # who plays the next hand (completion offers them first)
        self.ask: Callable[..., bool] = lambda question, lang=None: False
        self.evening: int | None = None  # the evening the lines mean (a correction is refused once it is closed)

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
            self.ledger_obj.keep_folded = True  # one evening, line after line: fold on from the last
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

    def follow(self) -> None:
        """The evening the lines mean from now on: the latest (the open one, or the one just
        closed), as play began, wrote or showed it. A correction meant for it is refused once
        another door has closed it, rather than done to the next evening (RULES §11). A ledger
        replaced under the session is left for the next line that needs it to say so (``ledger``
        would close it here, and that line would go quietly into the new file)."""
        if self.ledger_obj is not None and self.identity is not None and self._file_identity() != self.identity:
            return
        try:
            ledger = self.ledger()
            latest = ledger.latest_session() if ledger.conn is not None else None
        except Exception:  # a ledger that cannot be read now: the line that needs it says why
            return
        self.evening = latest.id if latest is not None else None

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
        self.one(command, words, rest, cfg)
        if command != "help":  # done, and shown: the evening there is now is the one meant (a refused line
            self.follow()      # means the one before still: a script's corrections never slide to the next)

    def one(self, command: str | None, words: list[str], rest: list[str], cfg: TableConfig) -> None:
        """One line's command (None: a hand)."""
        if command == "help":
            typer.echo(help_text(cfg))
        elif command == "undo":
            self._void(None, rest)
        elif command == "void":
            self._void(hand_number(rest, words[0]), rest[1:])
        elif command == "edit":
            self._edit(hand_number(rest, words[0]), rest[1:])
        elif command == "sheet":
            from ..app import views
            from .sheet import print_sheet

            no_more_words(words[0], [w for w in rest if w != "compact"])
            print_sheet(views.sheets(self.at()).states, cfg, compact="compact" in rest)
        elif command == "stand":
            no_more_words(words[0], rest)
            self._standings()
        elif command == "settle":
            self._settle(rest)
        elif command == "draw":
            self._draw(rest)
        elif command == "player":
            self._player(words[0], rest)
        else:
            self._add(words)

    def at(self) -> Any:
        """The evening the lines are entered at (``app.where``)."""
        from ..app.where import At

        return At.evening(self.cfg(), self.ledger())

    def _add(self, words: list[str]) -> None:
        from ..app import hands
        from ..app.line import line_of
        from .render import hand_line

        cfg = self.cfg()
        line = line_of(words)
        try:
            answer = hands.add(self.at(), line, confirm=not self.interactive)
        except hands.SameHand:
            if not self.ask(say("cli.play_same_entry", cfg.language)):
                typer.echo(say("cli.play_not_recorded", cfg.language))
                return
            answer = hands.add(self.at(), line)
        self.noticed()
        view = answer.state
        if answer.opens_session:
            typer.echo(say("cli.play_new_evening", cfg.language, session=answer.session))
        typer.echo(hand_line(answer.hand, answer.played, view))
        self.show(view)

    def _void(self, hand: int | None, rest: list[str]) -> None:
        from ..app import hands
        from .render import voided_text

        cfg = self.cfg()
        rest, given = reason_option(rest)
        reason = given if given is not None else " ".join(rest)
        done = (hands.undo(self.at(), reason, self.evening) if hand is None
                else hands.void(self.at(), hand, reason, self.evening))
        typer.echo(voided_text(done.record, cfg.language, short=True, changed=done.repriced, moved=done.payouts_moved))

    def _edit(self, hand: int, words: list[str]) -> None:
        from ..app import hands
        from ..app.line import line_of
        from .render import edit_text

        cfg = self.cfg()
        words, given = reason_option(words)
        reason = given or ""
        said_twice([w for w in words if w in YES_WORDS])
        yes = any(w in YES_WORDS for w in words)
        line = line_of([w for w in words if w not in YES_WORDS])
        try:
            done = hands.edit(self.at(), hand, line, reason, confirm=yes, session=self.evening)
        except hands.NeedsConfirm as change:
            if not self.interactive:
                raise
            if not self.ask(say("cli.edit_confirm", cfg.language, hand=hand, change=change.change), cfg.language):
                typer.echo(say("cli.play_left", cfg.language))
                return
            done = hands.edit(self.at(), hand, line, reason, expect=change.expect)
        typer.echo(edit_text(done.old, done.played, hand, cfg.language, done.repriced, done.payouts_moved))

    def _standings(self) -> None:
        from ..app import views
        from .view_cmds import show_standings

        show_standings(self.cfg(), views.standings(self.at()))

    def _settle(self, rest: list[str]) -> None:
        """``settle [--round C] [close [--yes]]``: the evening's settlement; ``close`` records it
        as paid, after a yes on a terminal, with ``--yes`` when piped. ``settle --player NAME``
        pays one player out now (a player who leaves), asked first as the close is."""
        from ..app import settle as money
        from .standings import settle_text, transfer_line

        cfg = self.cfg()
        lang = cfg.language
        closing = yes = False
        round_to: int | None = None
        player: str | None = None
        words = list(rest)
        typed: dict[str, str] = {}  # each option as first typed, by what it says (said once)

        def once(what: str, name: str) -> None:
            if what in typed:
                said_twice([typed[what], name])
            typed[what] = name

        while words:
            word = words.pop(0)
            key = word.casefold()
            if key in CLOSE_WORDS:
                closing = True
            elif key in YES_WORDS:
                once("yes", word)
                yes = True
            elif key.partition("=")[0] in ("--round", "--runden"):
                once("round", word.partition("=")[0])
                value = key.partition("=")[2] if "=" in key else (words.pop(0) if words else "")
                round_to = whole_number(value, "--round")
            elif key.partition("=")[0] in PLAYER_OPTIONS:
                once("player", word.partition("=")[0])
                player = word.partition("=")[2] if "=" in word else (words.pop(0) if words else "")
                if not player:
                    raise IllegalEntry(Text("data.option_needs_value", option=word), Text("cli.play_settle_unknown_hint"))
            else:
                from ..text import quoted

                raise IllegalEntry(Text("cli.play_settle_unknown", words=quoted(" ".join(rest))),
                                   Text("cli.play_settle_unknown_hint"))
        at = self.at()
        if player is not None:
            if closing or round_to is not None:
                raise IllegalEntry(Text("cli.settle_alone", option="--player"), Text("cli.settle_alone_hint"))
            if not yes:
                if not self.interactive:
                    raise IllegalEntry(Text("cli.play_payout_needs_yes"), Text("cli.play_payout_needs_yes_hint"))
                if not self.ask(say("cli.play_payout_confirm", lang, name=player)):
                    typer.echo(say("cli.play_not_paid_out", lang))
                    return
            done = money.pay_out(at, player)
            typer.echo(say("cli.player_paid_out", lang, name=done.player, session=done.session))
            for t in done.transfers:
                typer.echo(f"  {transfer_line(t, cfg.snapshot(), 'cent')}")
            return
        if not closing:
            typer.echo(settle_text(money.settlement(at, round_to=round_to).result, cfg.snapshot()))
            return
        if not yes:
            if not self.interactive:
                raise IllegalEntry(Text("cli.play_close_needs_yes"), Text("cli.play_close_needs_yes_hint"))
            typer.echo(settle_text(money.settlement(at, round_to=round_to).result, cfg.snapshot()))
            if not self.ask(say("cli.play_close_confirm", lang)):
                typer.echo(say("cli.play_not_closed", lang))
                return
        answer = money.close(at, round_to)
        typer.echo(settle_text(answer.result, cfg.snapshot(), None, answer.closed_now))
        typer.echo(say("cli.play_closed_next", lang))

    def _draw(self, rest: list[str]) -> None:
        """``draw`` (Deutscher Schafskopf): the partners by lot, as ``schafkopf draw`` does."""
        import random

        from ..app import hands

        seed: int | None = None
        if rest[:1] == ["--seed"] and len(rest) == 2:
            seed = whole_number(rest[1], "--seed")
        elif rest:
            from ..text import quoted

            raise IllegalEntry(Text("cli.play_draw_words", words=quoted(" ".join(rest))),
                               Text("cli.play_draw_words_hint"))
        rng = random.Random(seed) if seed is not None else random.SystemRandom()
        done = hands.lot(self.at(), rng, seed)
        self.noticed()
        typer.echo(done.played.outcome.explanation)
        self.show()

    def _player(self, command: str, rest: list[str]) -> None:
        """``player add NAME [--after X]``, ``player leave NAME``, ``player rename OLD NEW``,
        ``player list``: what ``schafkopf player`` does, through the same functions. A refusal
        names the words typed (``spieler dazu``) and gives an example of play's line."""
        from ..app.players import change_seating, change_text, seating

        cfg = self.cfg()
        lang = cfg.language
        words = list(rest)
        after: str | None = None
        typed = "--after"
        said_twice([w for w in words if w in ("--after", "--nach")])
        for option in ("--after", "--nach"):
            if option in words:
                i = words.index(option)
                if i + 1 >= len(words):
                    raise IllegalEntry(Text("data.option_needs_value", option=option),
                                       Text("cli.play_player_usage_add"))
                after, typed = words[i + 1], option
                del words[i:i + 2]
        action = PLAYER_ACTIONS.get(words[0].casefold()) if words else None
        if action is None:
            from ..text import quoted

            raise IllegalEntry(Text("cli.player_action", action=quoted(words[0]) if words else "''", command=command),
                               Text("cli.player_action_hint", actions=Join(SHOWN_ACTIONS[language_of(lang)], "or")))
        names = words[1:]
        wanted = {"add": 1, "leave": 1, "rename": 2, "list": 0}[action]
        if len(names) != wanted:
            raise IllegalEntry(Text("cli.player_words", command=command, action=words[0], count=wanted,
                                    given=len(names)),
                               Text(f"cli.play_player_usage_{action}"))
        if after is not None and action != "add":
            add = SHOWN_ACTIONS[language_of(lang)][0]
            raise IllegalEntry(Text("cli.player_after_add_only", option=typed, command=f"{command} {add}"),
                               Text("cli.play_player_usage_add"))
        ledger = self.ledger()
        if action == "list":
            data = seating(cfg, ledger)
            typer.echo(say("cli.player_seating", lang, players=", ".join(data["players"]), seats=data["seats"]))
            if data["left"]:
                typer.echo(say("cli.player_left_list", lang, names=", ".join(data["left"])))
            return
        change = change_seating(cfg, ledger, action, names, after)
        self.noticed()
        typer.echo(change_text(change).render(lang))

    # -- the status line ----------------------------------------------------------------
    def mark(self) -> object:
        """What changes when another door writes (the phone, a one-shot command): the SQLite
        file's size and time of change (read without a lock), a PostgreSQL ledger's change mark;
        and the table file's content."""
        cfg = self.cfg_obj
        if cfg is None:
            return None
        try:
            file = cfg.path.stat()
            table = file.st_mtime_ns, file.st_size
            if cfg.ledger_url:
                ledger = self.ledger_obj.change_mark() if self.ledger_obj is not None else None
                return table, ledger
            st = cfg.ledger_path.stat()
            return table, (st.st_ino, st.st_size, st.st_mtime_ns)
        except Exception:  # a file gone or a database away: nothing to follow now
            return None

    def toolbar(self) -> str | None:
        """The status line as the prompt draws it (again every second while it waits): made anew
        when another door wrote meanwhile, so it never shows a hand or dealer that is past."""
        if self.interactive and self.cfg_obj is not None and self.mark() != self.seen:
            self.show()
        return self.status or None

    def show(self, view: Any = None) -> None:
        """The status line (on a terminal): the next hand, who deals and sits out, the Stock,
        Bock hands left, Muss-Solo or doublers pending."""
        if not self.interactive:
            return
        self.shown = True
        self.seen = self.mark()
        try:
            if view is None or view.closed:
                from ..app.state import current_state

                view, _ = current_state(self.cfg(), self.ledger(), self.at().place)
            self.status, self.active = status_line(self.cfg(), view)
            ledger = self.ledger_obj
            if view.session is None and ledger is not None and ledger.conn is not None:
                latest = ledger.latest_session()
                if latest is not None and latest.closed_at:  # the evening before is settled
                    self.status += " · " + say("cli.play_status_new_evening", self.cfg().language)
        except Exception:  # the status is a courtesy: a ledger that cannot be read now shows none
            self.status = ""


def status_line(cfg: TableConfig, view: Any) -> tuple[str, tuple[str, ...]]:
    """``Spiel 5 · Ben gibt · Cora setzt aus · Stock 0,40 € · ...`` and who plays next: the next
    hand's number as the ledger will number it (``SessionState.ahead``)."""
    lang = cfg.language
    ahead = view.ahead()
    parts = [say("cli.play_status_hand", lang, hand=ahead.hand),
             say("cli.play_status_dealer", lang, dealer=ahead.dealer)]
    if ahead.sitting_out:
        key = "cli.play_status_out_one" if len(ahead.sitting_out) == 1 else "cli.play_status_out_many"
        parts.append(say(key, lang, names=Join(ahead.sitting_out, "and")))
    parts += cfg.family_obj().standing_notes(view.rules, view.state, view.balances, lang)
    return " · ".join(parts), tuple(ahead.active)


def help_text(cfg: TableConfig) -> str:
    """``hilfe``: the family's head, example lines of the games this table plays in its
    players' names (``vocabulary.Vocabulary.examples``), and play's commands."""
    from ..vocabulary import Vocabulary

    examples = Vocabulary(cfg.snapshot(), cfg.family_obj()).examples()
    width = max((len(line) for line, _ in examples), default=0)
    lines = [say(f"engine.help.{cfg.family}", cfg.language)]
    lines += [f"  {line:<{width}}  {what}" for line, what in examples]
    family = cfg.family_obj()  # only the commands this table has: a payout in money, the lot of a Deutscher table
    lots = family.has_lot
    lines.append(say("cli.play_commands", cfg.language,
                     payout=say("cli.play_commands_payout", cfg.language) if family.unit == "cent" else "",
                     draw=say("cli.play_commands_draw", cfg.language) if lots else ""))
    return "\n".join(lines)


REASON_OPTIONS = ("--reason", "--grund")


def no_more_words(command: str, rest: list[str]) -> None:
    """Refuse words after a command that takes none (``stand extra``), as the one-shot command
    refuses them, rather than leave them unread."""
    if rest:
        from ..text import quoted

        raise IllegalEntry(Text("cli.play_no_more_words", command=command, words=quoted(" ".join(rest))),
                           Text("cli.play_no_more_words_hint", command=command))


def said_twice(typed: list[str]) -> None:
    """Refuse an option of a command typed more than once (``typed``: each time, as typed), as
    a hand's options are (``app.line.long_options``) and every command line's."""
    if len(typed) > 1:
        from ..app.line import twice

        raise IllegalEntry(Text("data.option_twice", option=twice(typed[0], typed[1])), Text("data.said_once_hint"))


def reason_option(words: list[str]) -> tuple[list[str], str | None]:
    """A correction's ``--reason R`` (``--reason=R``, German ``--grund``) taken out of a line's
    words, as the one-shot commands take it (None where none is given); refused without its
    value, rather than kept as the words of a reason (``void 2 --reason`` stored "--reason")."""
    rest: list[str] = []
    reason = None
    named: list[str] = []  # the option as typed (said once)
    i = 0
    while i < len(words):
        word = words[i]
        name, eq, value = word.partition("=")
        if name.casefold() in REASON_OPTIONS:
            if not eq:
                if i + 1 >= len(words) or words[i + 1].startswith("--"):
                    raise IllegalEntry(Text("data.option_needs_value", option=name), Text("cli.play_reason_hint"))
                value = words[i + 1]
                i += 1
            said_twice([*named, name])
            named.append(name)
            reason = value
        else:
            rest.append(word)
        i += 1
    return rest, reason
