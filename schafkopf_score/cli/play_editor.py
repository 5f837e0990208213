"""``play``'s line editor on a terminal (prompt_toolkit, imported only here and only on a
terminal): the prompt with history, completion of every word and the status line, and the
yes/no question in the table's language."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import typer

from ..i18n import language_of, say
from .play_words import COMMAND_WORDS, SHOWN_ACTIONS, SHOWN_COMMANDS

if TYPE_CHECKING:
    from .play_live import Live


class Words:
    """Completion of the word at the cursor (every word, not only the first): commands and games
    first on a line, then the players (who plays the next hand first), keywords and suits; the
    actions after ``player``; the long options after ``--``. Umlauts fold (``jü`` finds Jürgen)."""

    def __init__(self, live: Live) -> None:
        self.live = live

    def candidates(self, before: list[str], word: str) -> Iterable[str]:
        """The words the table's vocabulary offers at this place of the line: commands and the
        games it plays first; after a game, the players and the words that game takes (in the
        table's language); after ``edit N``, a game or what changes."""
        from ..rules.model import entry_options
        from ..vocabulary import Vocabulary

        cfg = self.live.cfg_obj
        if cfg is None:
            return []
        lang = language_of(cfg.language)
        vocabulary = Vocabulary(cfg.snapshot(), cfg.family_obj())
        if word.startswith("--"):
            return [n for o in entry_options() for n in o.names[0].split("/")]
        if not before:
            return [*SHOWN_COMMANDS[lang], *vocabulary.game_words()]
        command = COMMAND_WORDS.get(before[0].casefold())
        if command == "player" and len(before) == 1:
            return SHOWN_ACTIONS[lang]
        if command == "settle":
            return ["close" if lang == "en" else "schließen", "--round", "--player", "--yes"]
        if command in ("undo", "void", "sheet", "stand", "draw", "help", "quit"):
            return []
        hand = before[2:] if command == "edit" else before
        if command == "edit" and not hand:  # a new game, or what changes in the hand
            return [*vocabulary.game_words(), *self._names(cfg), *vocabulary.keywords()]
        game = hand[0] if hand and hand[0].casefold() in {w.casefold() for w in vocabulary.game_words()} else None
        family = cfg.family_obj()
        suits = [*family.suits, *sorted(family.suit_words)] if vocabulary.takes_suits(game) else []
        return [*self._names(cfg), *vocabulary.keywords(game), *suits]

    def _names(self, cfg: Any) -> list[str]:
        """The players, who plays the next hand first."""
        active = [p for p in self.live.active if p in cfg.players]
        return [*active, *(p for p in cfg.players if p not in active)]

    def completer(self) -> Any:
        from prompt_toolkit.completion import Completer, Completion

        from ..rules.matching import spellings

        words = self

        class _Completer(Completer):
            def get_completions(self, document: Any, complete_event: Any) -> Any:
                word = document.get_word_before_cursor(WORD=True)
                text = document.text_before_cursor
                before = text[:len(text) - len(word)].split()
                typed = spellings(word)
                seen: set[str] = set()
                for candidate in words.candidates(before, word):
                    if candidate in seen:
                        continue
                    forms = spellings(candidate)
                    if any(f.startswith(t) for f in forms for t in typed):
                        seen.add(candidate)
                        yield Completion(candidate, start_position=-len(word))

        return _Completer()


def quiet(session: Any) -> Any:
    """No English from prompt_toolkit on any table: a terminal that does not answer the cursor
    position request gets no "WARNING: your terminal doesn't support ... (CPR)"."""
    session.app.renderer.cpr_not_supported_callback = None
    return session


def prompter(live: Live, most: int) -> Callable[..., str | int]:
    """A prompt with line editing, history, completion of every word and the status line
    (``prompt(again)``: a refused line stands in it to be corrected, the cursor at its end). A
    line that grows beyond ``most`` characters (a paste, or keys arriving faster than they are
    drawn) ends the prompt at once with its length, as a piped line too long is read: it is
    refused before the editor lays out, completes or draws it (which takes seconds for 50 KB)."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.application.current import get_app
    from prompt_toolkit.filters import Condition
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.keys import Keys

    keys = KeyBindings()

    @keys.add(Keys.BracketedPaste, eager=True)
    def _paste(event: Any) -> None:
        buffer = event.current_buffer
        length = len(buffer.text) + len(event.data)
        if length > most:
            event.app.exit(result=length)  # never inserted, never drawn
            return
        buffer.insert_text(event.data.replace("\r\n", "\n").replace("\r", "\n"))

    offered = [""]  # the refused line the prompt was given to correct

    @keys.add("c-d", filter=Condition(lambda: bool(offered[0]) and get_app().current_buffer.text == offered[0]))
    def _end(event: Any) -> None:  # Ctrl-D on the refused line left as it was ends the session, as on an empty one
        event.app.exit(exception=EOFError)

    def _grown(buffer: Any) -> None:
        app = get_app()
        if len(buffer.text) > most and app.future is not None and not app.future.done():
            app.exit(result=len(buffer.text))

    # the status line is looked at anew as each prompt is drawn and while it waits: another door
    # (``schafkopf add``, a phone) may have written meanwhile (``Live.toolbar``)
    session: Any = PromptSession(completer=Words(live).completer(), complete_while_typing=False,
                                 bottom_toolbar=live.toolbar, key_bindings=keys,
                                 refresh_interval=1.0)  # another door's hand shows without a key
    session.default_buffer.on_text_changed += _grown
    quiet(session)

    def prompt(again: str = "") -> str | int:
        offered[0] = again
        answer = session.prompt("> ", default=again)
        return answer if isinstance(answer, int) else str(answer)

    return prompt


def asker(live: Live) -> Callable[..., bool]:
    """A yes/no question in the table's language (``[j/N]``: j, ja, n, nein; ``[y/N]`` in
    English); Ctrl-C or Ctrl-D, like Enter, are no."""
    from prompt_toolkit import PromptSession

    session: Any = quiet(PromptSession())

    def ask(question: str, lang: str | None = None) -> bool:
        from .game_cmds import answer_of

        lang = lang or live.language()
        while True:
            try:
                answer = answer_of(str(session.prompt(f"{question} {say('cli.play_yes_no', lang)} ")), lang)
            except (KeyboardInterrupt, EOFError):
                return False
            if answer is not None:
                return answer
            yes, no = say("cli.play_yes_words", lang).split()[0], say("cli.play_no_words", lang).split()[0]
            typer.echo(say("cli.play_answer_yes_no", lang, yes=yes, no=no))

    return ask
