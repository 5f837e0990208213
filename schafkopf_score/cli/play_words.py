"""The words of a line of ``play``: its commands and their actions in English and German, the
long options typed among a hand's short words, and a command's hand number."""

from __future__ import annotations

from typing import Any

from ..errors import IllegalEntry, InvalidEntry
from ..i18n import Text

# every command of the session by the words that say it, English and German
COMMAND_WORDS = {
    "help": "help", "hilfe": "help", "?": "help",
    "undo": "undo", "zurück": "undo", "zurueck": "undo",
    "void": "void", "streichen": "void",
    "edit": "edit", "ändern": "edit", "aendern": "edit",
    "sheet": "sheet", "block": "sheet",
    "stand": "stand", "standings": "stand",
    "settle": "settle", "abrechnung": "settle",
    "draw": "draw", "losen": "draw",
    "player": "player", "spieler": "player",
    "quit": "quit", "exit": "quit", "ende": "quit",
}
# the command words completion offers, in the table's language
SHOWN_COMMANDS = {
    "en": ("help", "undo", "void", "edit", "sheet", "stand", "settle", "draw", "player", "quit"),
    "de": ("hilfe", "zurück", "streichen", "ändern", "block", "stand", "abrechnung", "losen", "spieler", "ende"),
}
PLAYER_ACTIONS = {"add": "add", "dazu": "add", "leave": "leave", "geht": "leave", "rename": "rename",
                  "umbenennen": "rename", "list": "list", "liste": "list"}
SHOWN_ACTIONS = {"en": ("add", "leave", "rename", "list"), "de": ("dazu", "geht", "umbenennen", "liste")}
CLOSE_WORDS = ("close", "--close", "schließen", "schliessen", "abschließen", "abschliessen")
YES_WORDS = ("--yes", "-y")


def long_options(words: list[str]) -> tuple[list[str], dict[str, Any]]:
    """The words of a hand and the long options typed among them (``--sitting-out Emil``,
    ``--laufende 3``, ``--kontra``, ``--dealer=Ben``), as the one-shot commands take them.

    >>> long_options(["sau", "an", "be", "72", "--sitting-out", "Emil", "--kontra"])
    (['sau', 'an', 'be', '72'], {'sitting_out': ['Emil'], 'kontra': True})
    """
    from ..rules.model import COUNT, FLAG, NAMES, OUTCOME, entry_options

    by_name: dict[str, tuple[Any, Any]] = {}
    for opt in entry_options():
        for name in opt.names:
            if opt.kind == OUTCOME:
                won, lost = name.split("/")
                by_name[won], by_name[lost] = (opt, True), (opt, False)
            else:
                by_name[name] = (opt, None)
    plain: list[str] = []
    options: dict[str, Any] = {}
    i = 0
    while i < len(words):
        word = words[i]
        i += 1
        if not word.startswith("--") or word == "--":
            plain.append(word)
            continue
        name, eq, value = word.partition("=")
        found = by_name.get(name.casefold())
        if found is None:
            from ..text import quoted

            raise IllegalEntry(Text("cli.play_no_such_option", option=quoted(name)),
                               Text("cli.play_no_such_option_hint"))
        opt, outcome = found
        if opt.kind in (FLAG, OUTCOME):
            if eq:
                raise IllegalEntry(Text("cli.play_option_no_value", option=name), Text("data.said_once_hint"))
            options[opt.field] = True if opt.kind == FLAG else outcome
            continue
        if not eq:
            if i >= len(words):
                raise IllegalEntry(Text("cli.play_option_needs_value", option=name), Text("cli.play_no_such_option_hint"))
            value = words[i]
            i += 1
        if opt.kind == NAMES:
            options.setdefault(opt.field, []).append(value)
        elif opt.kind == COUNT:
            options[opt.field] = whole_number(value, name)
        else:
            options[opt.field] = value
    return plain, options


def whole_number(text: str, option: str) -> int:
    from ..entry import parse_int

    return parse_int(text, option)


def hand_number(words: list[str], command: str) -> int:
    from ..text import bounded_int

    if not words or not (words[0].isascii() and words[0].isdigit()):
        raise InvalidEntry(Text("cli.play_needs_number", command=command), Text("cli.play_needs_number_hint",
                                                                                  command=command))
    return bounded_int(words[0], Text("data.hand_number"))
