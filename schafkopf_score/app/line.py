"""One reader of a typed line for every door: the short notation and the long options, as
``add`` takes them on the command line, ``play`` and a tournament's list line by line, and the
server in ``{"line": ...}``. The same line is accepted or refused alike in every door, with the
same error, and its hint in the form it was typed (short words for a line of short words) and in
its family's words.

>>> line = read_line('sau an be 72 --sitting-out Emil --kontra')
>>> line.words, dict(line.options), line.short
(('sau', 'an', 'be', '72'), {'sitting_out': ['Emil'], 'kontra': True}, False)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from ..errors import IllegalEntry, InvalidEntry, ScoreError
from ..i18n import Join, Text
from ..notation import Wording, split_words
from ..rules.model import COUNT, FLAG, NAME, NAMES, OUTCOME, GameEntry, entry_options
from ..vocabulary import Vocabulary
from .where import At


@dataclass(frozen=True)
class Line:
    """A hand as typed: its short words (the game first; an edit's may start with a change) and
    the long options typed with them (by field), ``given``: the long options named on the line
    (an edit changes exactly those)."""

    words: tuple[str, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    given: frozenset[str] = frozenset()

    @property
    def short(self) -> bool:
        """Typed in short words alone: its errors are answered in short words."""
        return not self.given

    @property
    def empty(self) -> bool:
        return not self.words and not self.given


MAX_LINE = 4096  # characters of a hand as typed: play reads no longer line, every door refuses one


def read_line(text: str) -> Line:
    """A line's words (split as a shell splits them: quotes keep spaces in a word) and the long
    options among them (``--sitting-out Emil``, ``--laufende 3``, ``--kontra``,
    ``--dealer=Ben``), each refused plainly where it is not an option or lacks its value; a
    line longer than ``MAX_LINE`` characters is refused before it is split, as ``play`` does."""
    if len(text) > MAX_LINE:
        raise InvalidEntry(Text("data.line_too_long", length=len(text), most=MAX_LINE),
                           Text("data.line_too_long_hint"))
    return line_of(split_words(text))


def line_of(words: Sequence[str]) -> Line:
    """A line already split into its words (``play``'s ``edit N WORDS``)."""
    plain, options = long_options(words)
    return bounded(Line(tuple(plain), options, frozenset(options)))


def bounded(line: Line) -> Line:
    """``line``, refused where it is longer than ``MAX_LINE`` characters as typed (its words and
    long options, one space apart), in every door alike: ``play`` reads no longer line, and a
    hand with a page-long comment typed at ``add`` or sent to the server is refused as there."""
    length = len(" ".join(line.words))
    for name, value in line.options.items():
        for one in value if isinstance(value, list) else [value]:
            length += 3 + len(name) + (0 if isinstance(one, bool) else 1 + len(str(one)))
    if length > MAX_LINE:
        raise InvalidEntry(Text("data.line_too_long", length=length, most=MAX_LINE), Text("data.line_too_long_hint"))
    return line


def from_command(words: Sequence[str | None], options: Mapping[str, Any], given: set[str] | None = None) -> Line:
    """A hand as the one-shot commands take it: the words after the command, and the long
    options click read (``given``: the ones typed; default: those not at their default)."""
    typed = [w for w in words if w is not None]
    if given is None:
        defaults = {o.field: o for o in entry_options()}
        given = {k for k, v in options.items() if k in defaults and not defaults[k].is_default(v)}
    return bounded(Line(tuple(typed), {k: v for k, v in options.items() if k in given or given is None},
                        frozenset(given)))


def long_options(words: Sequence[str]) -> tuple[list[str], dict[str, Any]]:
    """The words of a hand and the long options typed among them, as the one-shot commands take
    them.

    >>> long_options(["sau", "an", "be", "72", "--sitting-out", "Emil", "--kontra"])
    (['sau', 'an', 'be', '72'], {'sitting_out': ['Emil'], 'kontra': True})
    """
    from ..entry import parse_int
    from ..text import quoted

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
    typed: dict[str, str] = {}  # the name each option was typed by
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
            like = _options_like(name.casefold(), by_name)
            raise IllegalEntry(Text("data.no_such_option", option=quoted(name)),
                               Text("data.no_such_option_like", options=Join(like, "or")) if like
                               else Text("data.no_such_option_hint"))
        opt, outcome = found
        if opt.field in options and opt.kind != NAMES:  # (a name option gathers: --sitting-out A --sitting-out B)
            raise IllegalEntry(Text("data.option_twice", option=twice(typed[opt.field], name)),
                               Text("data.said_once_hint"))
        typed[opt.field] = name
        if opt.kind in (FLAG, OUTCOME):
            if eq:
                raise IllegalEntry(Text("data.option_no_value", option=name), Text("data.option_no_value_hint", option=name))
            options[opt.field] = True if opt.kind == FLAG else outcome
            continue
        if not eq:
            if i >= len(words) or words[i].startswith("--"):
                raise IllegalEntry(Text("data.option_needs_value", option=name), Text("data.no_such_option_hint"))
            value = words[i]
            i += 1
        if opt.kind == NAMES:
            options.setdefault(opt.field, []).append(value)
        elif opt.kind == COUNT:
            options[opt.field] = parse_int(value, name)
        else:
            options[opt.field] = value
    return plain, options


def _options_like(name: str, names: Mapping[str, Any]) -> list[str]:
    """A hand's options an unknown one may have meant: those it begins (``--kon``: ``--kontra``),
    else the three most alike.

    >>> _options_like("--kon", {"--kontra": 1, "--won": 1, "--json": 1}), _options_like("--lauffende", {"--laufende": 1})
    (['--kontra'], ['--laufende'])
    """
    import difflib

    begun = sorted(n for n in names if n.startswith(name) and len(name) > 2)
    return begun[:3] or difflib.get_close_matches(name, list(names), n=3, cutoff=0.7)


def twice(first: str, second: str) -> str:
    """An option typed twice, as a refusal names it: once (``--player``), or both names where
    they differ (``--won/--lost``).

    >>> twice("--player", "--PLAYER"), twice("--won", "--lost")
    ('--player', '--won/--lost')
    """
    return first if first.casefold() == second.casefold() else f"{first}/{second}"


@contextmanager
def worded(at: At, line: Line) -> Iterator[None]:
    """Errors raised inside are put in the form ``line`` was typed and in its family's words."""
    try:
        yield
    except ScoreError as exc:
        if exc.wording is None:
            exc.wording = Wording(at.table.family, line.short)
        raise


def entry_of(at: At, line: Line) -> tuple[GameEntry, str]:
    """The hand ``line`` says at ``at``: its names resolved among the players of the place (a
    tournament's table: its players; a registered player who sits elsewhere is named as such)
    and its "as typed" text. Refused: an empty line."""
    from ..entry import entry_from_words

    if not line.words:
        raise IllegalEntry(Text("data.no_game"), Text("data.no_game_hint"))
    line = numbered(at, line)
    family = at.cfg.family_obj()
    words = Vocabulary(at.cfg.snapshot(), family)
    with worded(at, line):
        try:
            return entry_from_words(family, at.cfg.players, line.words, line.options, words)
        except IllegalEntry:
            renamed = _by_names_now(at, line, at.cfg.players)
            if renamed is not None:
                return entry_from_words(family, at.cfg.players, renamed.words, renamed.options, words)
            _seated_elsewhere(at, lambda: entry_from_words(family, at.table.players, line.words,
                                                           line.options)[0].names())
            raise


def correction_of(at: At, line: Line, old: GameEntry, players: Sequence[str]) -> tuple[GameEntry, str]:
    """A correction of hand ``old`` (``edit N ...``): a game word first replaces the hand by the
    entry as typed (``edit 7 sau an co 72``); otherwise only what the words and the long options
    given say changes (``edit 7 k``, ``edit 7 --laufende 0``). ``players``: who played the hand."""
    from ..entry import corrected_entry

    line = numbered(at, line)
    family = at.cfg.family_obj()
    words = Vocabulary(at.cfg.snapshot(), family)
    with worded(at, line):
        try:
            return corrected_entry(family, players, old, line.words, line.options, line.given, words)
        except IllegalEntry:
            renamed = _by_names_now(at, line, players)
            if renamed is not None:
                return corrected_entry(family, players, old, renamed.words, renamed.options, renamed.given, words)
            _seated_elsewhere(at, lambda: corrected_entry(family, at.table.players, old, line.words, line.options,
                                                          line.given)[0].names())
            raise


def numbered(at: At, line: Line) -> Line:
    """At a tournament, ``#17`` names the player of start number 17 (a word of the line, or the
    value of a name's long option); elsewhere, and in a line without ``#``, the line as it is."""
    names = [o.field for o in entry_options() if o.kind in (NAME, NAMES)]
    said = list(line.words)
    for k in names:
        value = line.options.get(k)
        said += [value] if isinstance(value, str) else [v for v in value or () if isinstance(v, str)]
    if not at.tournament or not any(w.lstrip().startswith("#") for w in said):
        return line
    from ..tournament.numbers import start_numbers, with_numbers

    numbers = start_numbers(at.table, at.ledger)
    options = {k: (with_numbers([v], numbers)[0] if k in names and isinstance(v, str) else
                   with_numbers(v, numbers) if k in names and isinstance(v, list) else v)
               for k, v in line.options.items()}
    return Line(tuple(with_numbers(line.words, numbers)), options, line.given)


def _by_names_now(at: At, line: Line, players: Sequence[str]) -> Line | None:
    """``line`` with each word (and name option) that is another name of one of ``players``,
    earlier or later (``player rename``: the ledger links both names to one person, and no one
    else may take either), put as that player is called in ``players``: after ``player rename
    Anna Anni``, ``anna`` names Anni in a new hand and ``anni`` names Anna in a hand she played
    before. None where the line names no one so."""
    from ..rules.matching import spellings

    aliases = at.ledger.aliases()
    if not aliases:
        return None
    now = {p: aliases.get(p, p) for p in players}
    other: dict[str, str] = {}
    for name in set(aliases) | set(aliases.values()):
        for p in players:
            if name != p and aliases.get(name, name) == now[p]:
                other.update({form: p for form in spellings(name)})

    def said(word: Any) -> Any:
        if not isinstance(word, str):
            return word
        forms = spellings(word)
        return next((other[f] for f in forms if f in other), word)

    words = tuple(said(w) for w in line.words)
    names = {o.field for o in entry_options() if o.kind in (NAME, NAMES)}
    options = {k: ([said(x) for x in v] if isinstance(v, list) else said(v)) if k in names else v
               for k, v in line.options.items()}
    if words == line.words and options == dict(line.options):
        return None
    return Line(words, options, line.given)


def _seated_elsewhere(at: At, names: Any) -> None:
    """At a tournament's table: raise "NAME does not sit at table T" where the line names a
    registered player who sits elsewhere this round (else return: the line's own error stands)."""
    seated = at.place.seated
    if seated is None or not at.tournament:
        return
    from ..tournament.tables import table_of

    try:
        found = names()
    except ScoreError:
        return
    round_no, tisch = getattr(at.place, "round", 0), getattr(at.place, "tisch", 0)
    for name in found:
        if name not in seated:
            other = table_of(at.ledger, round_no, name)
            where = (Text("tournament.sits_at", name=name, tisch=other.tisch) if other
                     else Text("tournament.sits_nowhere", name=name))
            raise IllegalEntry(Text("tournament.not_seated", name=name, tisch=tisch, round=round_no, where=where),
                               Text("tournament.players_at", tisch=tisch, names=Join(seated)))
