"""The ``schafkopf`` command: a thin typer layer. Each command parses, calls one library
function and renders; a ``ScoreError`` becomes ``Error: ...`` on stderr and exit status 2."""

from __future__ import annotations

import functools
import importlib
import json
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Annotated, Any, Optional, TypeVar

import typer
import typer.main

# typer 0.28 brings its own copy of click (and no longer installs click); pyproject pins it
from typer._click import exceptions as click_errors
from typer._click import types as click_types
from typer._click import utils as click_utils
from typer.core import TyperGroup
from typer.models import CommandInfo

from .. import __version__
from ..errors import IllegalEntry, LedgerError, ScoreError
from ..i18n import Text, say

if TYPE_CHECKING:
    from ..ledger import Ledger
    from ..table import TableConfig

F = TypeVar("F", bound=Callable[..., Any])


class TableContext(typer.Context):
    """A command's context whose ``--help`` speaks the table's language: German on a table whose
    language is German (``help_de.py``, loaded only then), else click's English."""

    def get_help(self) -> str:
        if _help_language(self) == "de":
            from .help_de import german_help

            return german_help(self)
        return str(super().get_help())


_help_table: list[str | None] = [None]  # the --table of the command line being read (for --help)


def _help_language(ctx: Any) -> str:
    """The language of the table the command line names: its file read as far as it can be
    (English without a readable one)."""
    from ..table import peek_language

    obj = ctx.find_root().obj
    if isinstance(obj, Ctx):
        return obj.language()
    return peek_language(_help_table[0])


def _every_command(cmd: Any) -> Iterator[Any]:
    yield cmd
    for sub in getattr(cmd, "commands", {}).values():
        yield from _every_command(sub)


class Refused(click_errors.ClickException):
    """A value refused while click reads the command line, told as the program's own errors
    are (``Fehler: ...`` and the hint, in the table's language), exit status 2."""

    exit_code = 2

    def __init__(self, error: Any, lang: str) -> None:
        super().__init__(error.message)
        self.error = error
        self.lang = lang

    def show(self, file: Any = None) -> None:
        click_utils.echo(fail_text(self.error, self.lang), file=file, err=file is None)


def once_each(cmd: Any) -> None:
    """Make ``cmd`` refuse an option given twice (``--player Ben --player Cora``, ``--won
    --lost``): click takes the last one silently, where a typed line in ``play`` and on the
    phone is refused (``app.line.long_options``). Options that gather (``--sitting-out``) or
    count may repeat."""
    make_parser = cmd.make_parser

    def make(ctx: Any) -> Any:
        parser = make_parser(ctx)
        parse = parser.parse_args

        def parse_args(args: list[str]) -> Any:
            typed = list(args)  # (the parser takes the words off the list it is given)
            opts, rest, order = parse(args)
            # (Tab completion of a line not yet whole; --help or --version, which end the command
            # before anything is done, win over an option given twice)
            if ctx.resilient_parsing or any(getattr(param, "is_eager", False) for param in order):
                return opts, rest, order
            seen: set[int] = set()
            for param in order:
                if param.param_type_name != "option" or param.multiple or param.count:
                    continue  # (an argument, or an option that gathers or counts)
                if id(param) in seen:
                    error = IllegalEntry(Text("data.option_twice", option=_typed_name(param, typed)),
                                         Text("data.said_once_hint"))
                    raise Refused(error, _help_language(ctx))  # (the group's own --table: no table read yet)
                seen.add(id(param))
            return opts, rest, order

        parser.parse_args = parse_args
        return parser

    cmd.make_parser = make


# the commands that take a hand (its words and its long options): read as play reads a line
HAND_COMMANDS = frozenset({"calc", "add", "edit"})


def read_as_a_line(cmd: Any) -> None:
    """Make ``cmd`` (a command that takes a hand) refuse its hand's long options as ``play``, a
    tournament's list and the server refuse them on a typed line (``app.line.long_options``),
    with the same message and hint: an unknown ``--option``, a value missing or given to a
    switch, a count that is no whole number. The command's own options (``--tisch N``,
    ``--json``, ...) are passed over; after ``--`` come words only, as click reads them."""
    make_parser = cmd.make_parser

    def make(ctx: Any) -> Any:
        parser = make_parser(ctx)
        parse = parser.parse_args

        def parse_args(args: list[str]) -> Any:
            if not ctx.resilient_parsing and not any(a.casefold() in ("--help", "--version") for a in args):
                _hand_options(ctx, list(args))
            return parse(args)

        parser.parse_args = parse_args
        return parser

    cmd.make_parser = make


def _hand_options(ctx: Any, args: list[str]) -> None:
    """Raise ``Refused`` where the hand's long options among ``args`` are refused on a typed line."""
    from ..app.line import long_options
    from ..rules.model import entry_options

    hand = {opt.field for opt in entry_options()}  # (cli.options' ENTRY_NAMES: that module imports this one)
    own: dict[str, bool] = {}  # the command's own options: whether each takes a value
    for param in ctx.command.params:
        if param.param_type_name == "option" and param.name not in hand:
            for name in (*param.opts, *param.secondary_opts):
                own[name.casefold()] = not (param.is_flag or param.count)
    said: list[str] = []
    i = 0
    while i < len(args):
        word = args[i]
        i += 1
        if word == "--":
            break
        name, eq, _ = word.partition("=")
        if word.startswith("-") and name.casefold() in own:
            if own[name.casefold()] and not eq:
                i += 1  # (its value)
            continue
        said.append(word)
    try:
        long_options(said)
    except ScoreError as exc:
        raise Refused(exc, _help_language(ctx)) from None


def _typed_name(param: Any, args: list[str]) -> str:
    """The option as it was typed twice: ``--player``, ``-j``; ``--won/--lost`` for two names of
    one option (``app.line.twice`` words it so for a typed line)."""
    from ..app.line import twice

    names = {n.casefold() for n in (*param.opts, *param.secondary_opts)}
    typed = [a.partition("=")[0] for a in args if a.partition("=")[0].casefold() in names]
    return twice(*typed[:2]) if len(typed) >= 2 else param.opts[0]


def plain_usage(cmd: Any) -> None:
    """Write ``cmd``'s arguments as ``HAND`` and ``[NAMES]...`` (its usage line and its help):
    typer 0.28 writes a required one as ``{hand}`` in the usage line, which reads as if the
    braces were to be typed."""
    for param in getattr(cmd, "params", ()):
        if param.param_type_name == "argument":
            param.__class__ = _plain_argument(param.__class__)


@functools.cache
def _plain_argument(cls: type) -> type:
    """``cls`` (typer's argument) with its placeholder written plainly (``plain_usage``); a
    class of its own, so that a copy of the argument (``help_de.translated``) keeps it."""

    def make_metavar(self: Any, ctx: Any, *, usage: bool = False) -> str:
        var = str(cls.make_metavar(self, ctx, usage=usage))  # type: ignore[attr-defined]
        if var.startswith("{"):
            var = var[1:].replace("}", "", 1)
        return var.upper()

    def human_readable_name(self: Any) -> str:  # (a missing one's error: "Missing argument 'HAND'.")
        return str(cls.human_readable_name.fget(self)).upper()  # type: ignore[attr-defined]

    return type(f"Plain{cls.__name__}", (cls,), {"make_metavar": make_metavar,
                                                 "human_readable_name": property(human_readable_name)})


class TableGroup(TyperGroup):
    """The ``schafkopf`` command group: click's usage errors and ``--help`` speak the table's
    language (``usage.py``, ``help_de.py``)."""

    context_class = TableContext

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for cmd in _every_command(self):  # every command's --help asks its context for the language
            cmd.context_class = TableContext
            once_each(cmd)  # and refuses an option given twice
            if cmd.name in HAND_COMMANDS:
                read_as_a_line(cmd)  # a hand's long options refused as on a typed line
            plain_usage(cmd)

    def make_context(self, info_name: str | None, args: list[str], parent: Any = None, **extra: Any) -> Any:
        table = _table_option(list(args))
        _help_table[0] = table
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except click_errors.UsageError as exc:
            from ..table import peek_language
            from .usage import UsageInLanguage

            raise UsageInLanguage(exc, peek_language(table)) from None

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except click_errors.UsageError as exc:
            from .usage import UsageInLanguage  # (only on a usage error: no command loads it)

            if isinstance(exc, UsageInLanguage):
                raise
            raise UsageInLanguage(exc, _usage_language(ctx)) from None

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        """typer adds "Did you mean 'x'?" to click's "No such command" in English: on a German
        table both parts are said in German."""
        import re

        try:
            return super().resolve_command(ctx, args)
        except click_errors.UsageError as exc:
            guess = re.fullmatch(r"No such command (.+)\. Did you mean (.+)\?", str(exc.message))
            lang = _usage_language(ctx)
            if guess and lang == "de":
                exc.message = (say("cli.click_no_such_command", lang, name=guess.group(1)) + " "
                               + say("cli.click_did_you_mean", lang, names=guess.group(2)))
            raise


def _usage_language(ctx: Any) -> str:
    from ..table import peek_language

    obj = ctx.find_root().obj
    if isinstance(obj, Ctx):
        return obj.language()
    return peek_language(ctx.find_root().params.get("table"))


# Every command, in the order ``--help`` lists them, and the module of this package that registers
# it on ``app`` when imported (``@app.command()``). Building typer's tree of all sixteen costs more
# than a one-shot ``calc`` itself: ``run`` imports and builds only the command the line names;
# ``--help``, ``--version``, completion, an unknown word and any other use of ``app`` get them all.
COMMANDS: dict[str, str] = {
    "calc": "game_cmds", "add": "game_cmds", "draw": "game_cmds", "undo": "game_cmds", "void": "game_cmds",
    "edit": "game_cmds",
    "export": "ledger_cmds", "import": "ledger_cmds", "stats": "ledger_cmds", "check": "ledger_cmds",
    "rating": "insight_cmds",  # the skill ratings (RULES §13)
    "play": "play_cmd",
    "new": "table_cmds", "rules": "table_cmds", "player": "table_cmds",
    "sheet": "view_cmds", "standings": "view_cmds", "settle": "view_cmds",
    "serve": "serve_cmd",  # the table server (RULES §11; the serve extra)
    "tournament": "tournament_cmds",  # a command group: draw, tables, enter, sheet, ranking, new
}


def command_name(info: CommandInfo) -> str:
    """The name a registered command is typed by (typer's rule: the function's name, ``_`` as ``-``)."""
    return info.name or typer.main.get_command_name(getattr(info.callback, "__name__", ""))


class CommandTree(typer.Typer):
    """The ``schafkopf`` app, whose command modules are imported when its commands are first read
    (typer building the tree for ``app()``, a test's ``CliRunner``, completion), or, for one
    command, by ``click_command(name)``."""

    _only: str | None = None  # while building the tree of one command
    _hold = False  # while importing command modules: no loading of the rest
    _loaded: frozenset[str] = frozenset()

    @property
    def registered_commands(self) -> list[CommandInfo]:
        if self._only is not None:
            return [c for c in self._commands if command_name(c) == self._only]
        if not self._hold:
            if len(self._loaded) < len(set(COMMANDS.values())):
                self._load(COMMANDS.values())
            self._sort()  # a command module imported on its own first registers out of turn
        return self._commands

    @registered_commands.setter
    def registered_commands(self, value: list[CommandInfo]) -> None:
        self._commands = value

    def _load(self, modules: Any) -> None:
        hold, self._hold = self._hold, True
        try:
            for module in dict.fromkeys(modules):
                importlib.import_module(f"{__package__}.{module}")
                self._loaded |= {module}
        finally:
            self._hold = hold
        self._sort()

    def _sort(self) -> None:
        order = {name: i for i, name in enumerate(COMMANDS)}
        self._commands.sort(key=lambda c: order.get(command_name(c), len(order)))

    def click_command(self, command: str | None = None) -> Any:
        """typer's click command tree: of every command, or of ``command`` alone."""
        if command not in COMMANDS:
            return typer.main.get_command(self)
        self._load([COMMANDS[command]])
        self._only = command
        try:
            return typer.main.get_command(self)
        finally:
            self._only = None


def one_command(args: list[str]) -> str | None:
    """The command a command line (``--table`` in front) runs, if it names one: only that one is
    built; None for ``--help``, ``--version``, completion (no words) or an unknown word.

    >>> one_command(["--table", "t.toml", "calc", "sau"]), one_command(["--help"]), one_command(["cacl"])
    ('calc', None, None)
    """
    if args[:1] == ["--table"]:
        args = args[2:]
    elif args and args[0].startswith("--table="):
        args = args[1:]
    return args[0] if args and args[0] in COMMANDS else None


app = CommandTree(
    cls=TableGroup,
    name="schafkopf",
    help="Scorekeeper and tariff calculator for Schafkopf, Wendish, Deutscher Schafskopf and Sheepshead.\n\n"
    "Example: schafkopf sheet",
    no_args_is_help=True,
    add_completion=True,  # --install-completion / --show-completion: games and names complete
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)

class WholeNumber(click_types.ParamType):
    """An integer option or argument whose digits are counted before they are read: a number
    with more digits than a count, a hand or a table number can have is refused plainly (not
    Python's "Exceeds the limit (4300 digits)", nor SQLite's "too large")."""

    name = "integer"

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        import re

        if isinstance(value, int):
            return value
        text = str(value).strip()
        option = param.opts[0] if param is not None and param.opts and param.opts[0].startswith("-") else None
        if option is None and not re.fullmatch(r"-?[0-9]+", text):
            self.fail(f"{value!r} is not a valid integer.", param, ctx)
        from ..entry import parse_int

        try:  # an option's value is refused as a typed line's is ("--laufende 'x' is not a whole number")
            return parse_int(text, option or Text("data.hand_number"))  # type: ignore[arg-type]
        except ScoreError as exc:
            raise Refused(exc, language(ctx)) from None


WHOLE_NUMBER = WholeNumber()


TableOpt = Annotated[
    Optional[str],
    typer.Option("--table", envvar="SCHAFKOPF_TABLE", help="The table file (default: schafkopf.toml here).",
                 show_envvar=True),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object instead of text.")]
SessionOpt = Annotated[Optional[int], typer.Option("--session", help="Session number (default: the latest).",
                                                   click_type=WHOLE_NUMBER)]
AllOpt = Annotated[bool, typer.Option("--all", help="All sessions together.")]


def fail_text(exc: ScoreError, lang: str) -> str:
    """``Error: what is wrong`` and, on the next line, how to put it right, in ``lang``."""
    message, hint = exc.render(lang)
    return say("common.error", lang, message=message) + (f"\n{hint}" if hint else "")


def fail(exc: ScoreError, ctx: typer.Context | None = None) -> None:
    typer.echo(fail_text(exc, exc.language or language(ctx)), err=True)
    raise typer.Exit(exc.exit_code)


def language(ctx: typer.Context | None) -> str:
    """The language of the table this command works on; English where no table could be read."""
    if ctx is None:
        return "en"
    obj = ctx.find_root().obj
    return obj.language() if isinstance(obj, Ctx) else "en"


def guard(func: F) -> F:
    """Turn a ``ScoreError`` into a message and exit status 2; a broken pipe into silence; Ctrl-C
    into its message and exit status 130."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        ctx = kwargs.get("ctx")  # typer passes every parameter by name
        try:
            return func(*args, **kwargs)
        except ScoreError as exc:
            fail(exc, ctx)
        except BrokenPipeError:
            raise typer.Exit(0) from None
        except KeyboardInterrupt:  # Ctrl-C: said in the table's language (typer would exit 130 without a word)
            typer.echo(say("cli.interrupted", language(ctx)), err=True)
            raise typer.Exit(130) from None
        except OSError as exc:  # a full disk, a read-only folder, output that cannot be written
            if _stdout_broken():  # the answer of a command that did its work (a refusal goes to stderr)
                from ..files import os_problem, stdout_to_devnull

                stdout_to_devnull()
                lang = language(ctx)
                typer.echo(say("common.error", lang, message=say("cli.output_failed", lang, problem=os_problem(exc))),
                           err=True)
                raise typer.Exit(ANSWER_LOST) from None
            from ..files import os_problem

            fail(LedgerError(Text("cli.os_error", problem=os_problem(exc),
                                  where=f": {exc.filename}" if exc.filename else ""),
                             Text("cli.os_error_hint")), ctx)

    return wrapper  # type: ignore[return-value]


def _stdout_broken() -> bool:
    """Whether a write to standard output failed (a full disk, /dev/full): run() counts them."""
    return bool(FAILED)


def emit_json(data: Any) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


class Ctx:
    def __init__(self, table: str | None) -> None:
        self.table_opt = table
        self._cfg: TableConfig | None = None

    def cfg(self) -> TableConfig:
        if self._cfg is None:
            from ..table import find_table_path, load_table

            self._cfg = load_table(find_table_path(self.table_opt))
        return self._cfg

    def language(self) -> str:
        """The table's language for a message: from the loaded table, else read from the file
        as far as it can be read, else English."""
        if self._cfg is not None:
            return self._cfg.language
        from ..table import peek_language

        return peek_language(self.table_opt)

    def ledger(self, create: bool = False, migrate: bool = True) -> Ledger:
        from ..ledger import open_ledger

        return open_ledger(self.cfg(), create=create, migrate=migrate)


def get(ctx: typer.Context) -> Ctx:
    obj = ctx.find_root().obj
    if obj is None:
        obj = Ctx(None)
        ctx.find_root().obj = obj
    return obj  # type: ignore[no-any-return]


def _version(value: bool) -> None:
    if value:
        typer.echo(f"schafkopf-score {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    ctx: typer.Context,
    table: TableOpt = None,
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Show the version and exit.")] = False,
) -> None:
    """Keep score at a Schafkopf table: calc and add games, see the sheet, settle the money.

    \b
    Example: schafkopf add sau an be 72 l3 k
    """
    ctx.obj = Ctx(table)


def hoist_table_option(argv: list[str]) -> list[str]:
    """Accept ``--table PATH`` after the command too (``schafkopf sheet --table t.toml``): it is a
    global option, so it is moved in front of the command; each one typed (two are refused as
    any option given twice is, not as an option the command does not know).

    >>> hoist_table_option(["sheet", "--table", "t.toml", "--all"])
    ['--table', 't.toml', 'sheet', '--all']
    >>> hoist_table_option(["sheet", "--table", "a.toml", "--table=b.toml"])
    ['--table', 'a.toml', '--table=b.toml', 'sheet']
    """
    out = list(argv)
    front: list[str] = []
    i = 1
    while i < len(out):
        arg = out[i]
        if arg == "--":
            break
        if arg == "--table" and i + 1 < len(out):
            front += out[i : i + 2]
            del out[i : i + 2]
        elif arg.startswith("--table="):
            front.append(arg)
            del out[i]
        else:
            i += 1
    return [*front, *out]


def _table_option(argv: list[str]) -> str | None:
    """The ``--table`` of a command line (for a message after the command has ended)."""
    args = hoist_table_option(argv)
    if args[:1] == ["--table"] and len(args) > 1:
        return args[1]
    if args and args[0].startswith("--table="):
        return args[0].split("=", 1)[1]
    return None


# The exit status of a command that did what it was asked (a hand recorded, a file written) but
# whose answer could not be shown: standard output closed (``>&-``) or failing (a full disk). A
# refusal keeps its 2 (nothing was done), a finding of ``check`` its 1.
ANSWER_LOST = 3


def run() -> None:
    """Console entry point: no traceback ever reaches a user."""
    closed = _closed_streams()
    _answer_streams()
    for stream in (sys.stdout, sys.stderr):  # a terminal that cannot show "€" gets "?", never a crash
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")
    try:
        args = hoist_table_option(sys.argv[1:])
        app.click_command(one_command(args))(args=args, prog_name="schafkopf")
    except SystemExit as done:
        _deaf_from_now()  # the command has done its work: a Ctrl-C now would only lose its exit status
        code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
        if type(sys.stdout).__name__ == "PacifyFlushWrapper":
            # click met a reader that went away (``| head -1``) and exits 1 for it; the reader
            # has what it wanted, so that is no failure
            code = 0
        sys.exit(_flushed(code, closed))
    except ScoreError as exc:  # raised outside a command (should not happen)
        print(fail_text(exc, exc.language or "en"), file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        from ..table import peek_language

        print(say("cli.interrupted", peek_language(_table_option(sys.argv[1:]))), file=sys.stderr)
        sys.exit(130)
    except Exception as exc:  # a bug: say so plainly, never a traceback
        from ..table import peek_language

        try:
            lang = peek_language(_table_option(sys.argv[1:]))
        except Exception:
            lang = "en"
        print(say("cli.internal_error", lang, problem=f"{type(exc).__name__}: {exc}"), file=sys.stderr)
        sys.exit(1)


class AnswerStream:
    """Standard output (or error) as the program writes its answers to it: on a terminal every
    invisible or control character is written as its escape (``\\x1b``, ``\\u202e``; line breaks
    and tabs kept), so a stored text that came in by hand can never steer the terminal; and a
    write that fails (a full disk) is remembered in ``FAILED``, so that the command's end can
    tell an answer lost from a refusal. The rich console writes through ``plain()`` (its colours
    are its own; it escapes the texts it shows itself, render.console)."""

    def __init__(self, raw: Any, escape: bool) -> None:
        self.raw = raw
        self.escape = escape

    def write(self, text: Any) -> int:
        from ..table import shown_plain

        try:
            self.raw.write(shown_plain(text) if self.escape and isinstance(text, str) else text)
        except BrokenPipeError:
            raise
        except OSError as exc:
            FAILED.append(exc)
            raise
        return len(text)

    def flush(self) -> None:
        try:
            self.raw.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            FAILED.append(exc)
            raise

    def plain(self) -> AnswerStream:
        return AnswerStream(self.raw, escape=False)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)


FAILED: list[OSError] = []  # writes to standard output that failed (AnswerStream)


def _answer_streams() -> None:
    """Standard output and error as ``AnswerStream``s (escaping on a terminal)."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        try:
            tty = bool(stream.isatty())
        except (AttributeError, ValueError, OSError):
            tty = False
        setattr(sys, name, AnswerStream(stream, escape=tty))


def _closed_streams() -> bool:
    """Whether standard output was closed when the program started (``>&-``: Python's
    ``sys.stdout`` is None then). Closed streams are given /dev/null, so that nothing written
    to them fails; returns whether stdout was one of them (its answer is lost)."""
    import os

    closed = sys.stdout is None
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            try:
                setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115 - lives as long as the process
            except OSError:
                pass
    return closed


def _deaf_from_now() -> None:
    """Ctrl-C ignored from here to the end: a command that answered and is exiting (flushing
    its output, the interpreter shutting down) would otherwise die of it with no message and
    the status of a killed process (-2), whatever it did."""
    import signal
    import threading

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def _flushed(code: int, closed: bool = False) -> int:
    """Flush what is left of the output: a reader that went away (``| head -1``) is not an
    error; output that cannot be written (a full disk, a closed standard output) is said
    plainly, and a command that succeeded then exits ``ANSWER_LOST`` (what it did stays done; a
    refusal keeps its own status)."""

    from ..files import os_problem, stdout_to_devnull

    problem: Any = None
    if closed:
        if code != 0:  # a refusal said so on stderr; stdout had nothing to show
            return code
        problem = Text("cli.stdout_closed")
    else:
        try:
            sys.stdout.flush()
        except BrokenPipeError:
            stdout_to_devnull()  # so the interpreter's own last flush is quiet
            return code
        except OSError as exc:
            stdout_to_devnull()
            problem = os_problem(exc)
    if problem is None:
        return code
    from ..table import peek_language

    try:
        lang = peek_language(_table_option(sys.argv[1:]))
        print(say("common.error", lang, message=say("cli.output_failed", lang, problem=problem)), file=sys.stderr)
    except (OSError, ValueError):
        pass
    return ANSWER_LOST if code == 0 else code

