"""The words of a line of ``play``: its commands and their actions in English and German, and a
command's hand number (a hand's own words are read by ``app.line``)."""

from __future__ import annotations

from ..errors import InvalidEntry
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
# ``settle --player NAME`` inside play: who is paid out now (also in German)
PLAYER_OPTIONS = ("--player", "--spieler")


def whole_number(text: str, option: str) -> int:
    from ..entry import parse_int

    return parse_int(text, option)


def hand_number(words: list[str], command: str) -> int:
    from ..text import bounded_int

    if not words or not (words[0].isascii() and words[0].isdigit()):
        raise InvalidEntry(Text("cli.play_needs_number", command=command), Text("cli.play_needs_number_hint",
                                                                                  command=command))
    return bounded_int(words[0], Text("data.hand_number"))
