"""Click's usage errors (an unknown option, a missing value, a word where a number belongs)
told in the language of the table in use: click's own English for an English table, the
catalogue's German for a German one. Imported only when click finds such an error."""

from __future__ import annotations

from typing import Any

# typer 0.28 brings its own copy of click (and no longer installs click); pyproject pins it
from typer._click import exceptions as click_errors
from typer._click import utils as click_utils

from ..i18n import Join, say


class UsageInLanguage(click_errors.UsageError):
    """A usage error click found (an unknown option, a missing value, a word where a number
    belongs), told in the language of the table in use: click's own English for an English
    table, the catalogue's German for a German one."""

    def __init__(self, error: Any, lang: str) -> None:
        super().__init__(error.message, error.ctx)
        self.error = error
        self.lang = lang

    def format_message(self) -> str:
        return str(self.error.format_message()) if self.lang != "de" else usage_text(self.error, self.lang)

    def show(self, file: Any = None) -> None:
        if self.lang != "de":
            self.error.show(file)
            return
        ctx = self.error.ctx
        if ctx is not None:
            usage = ctx.get_usage()
            if usage.startswith("Usage:"):
                usage = say("cli.usage", self.lang) + usage[len("Usage:"):]
            usage = localised_usage(usage, ctx, self.lang)
            hint = say("cli.usage_help", self.lang, command=ctx.command_path, option="--help")
            click_utils.echo(f"{usage}\n{hint}\n", file=file, err=file is None)
        click_utils.echo(say("common.error", self.lang, message=self.format_message()), file=file, err=file is None)


def placeholder(word: str, lang: str) -> str:
    """An argument's placeholder in a language: ``GAME`` is ``SPIEL``, ``hand`` is
    ``SPIELNUMMER`` (a word the catalogue does not know stays as it is).

    >>> placeholder("hand", "de"), placeholder("GAME", "de"), placeholder("FOO", "de")
    ('SPIELNUMMER', 'SPIEL', 'FOO')
    """
    from ..i18n import catalogue

    lower = word.lower()
    key = f"cli.usage_word_{lower}"
    return say(key, lang) if key in catalogue() else word


def localised_usage(usage: str, ctx: Any, lang: str) -> str:
    """Click's usage line with the placeholders (``[OPTIONS]``, ``COMMAND``, each argument's
    metavar or name) in the language; the command's own path stays as typed."""
    import re

    path = str(ctx.command_path)
    head, _, rest = usage.partition(path)
    words = {"OPTIONS", "COMMAND", "ARGS"}
    for param in getattr(ctx.command, "params", ()):
        if param.param_type_name == "argument":  # shown by its metavar (GAME, [WORDS]...) or its name (HAND)
            words |= {param.name or "", (param.name or "").upper(), re.sub(r"\W", "", param.metavar or "")} - {""}
    pattern = re.compile(r"(?<![\w-])(" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + r")(?![\w-])")
    return head + path + pattern.sub(lambda m: placeholder(m.group(1), lang), rest)


def usage_text(error: Any, lang: str) -> str:
    """Click's usage error in the catalogue's words (its English text where it is not known)."""
    import re

    message = str(error.message)
    if isinstance(error, click_errors.NoSuchOption):
        text = say("cli.click_no_such_option", lang, option=error.option_name)
        if error.possibilities:
            text += " " + say("common.did_you_mean", lang, name=Join(sorted(error.possibilities), "or"))
        return text
    if isinstance(error, click_errors.BadOptionUsage) and "requires an argument" in message:
        return say("cli.click_needs_value", lang, option=error.option_name)
    if isinstance(error, click_errors.BadOptionUsage) and "does not take a value" in message:
        return say("cli.click_no_value", lang, option=error.option_name)
    if isinstance(error, click_errors.BadParameter):
        param = error.param
        hint = error.param_hint if isinstance(error.param_hint, str) else (
            param.get_error_hint(error.ctx) if param is not None and error.ctx is not None else "")
        if isinstance(error, click_errors.MissingParameter) and param is not None:
            key = "cli.click_missing_argument" if param.param_type_name == "argument" else "cli.click_missing_option"
            return say(key, lang, name=f"'{placeholder(param.name or '', lang)}'" if key.endswith("argument") else hint)
        if param is not None and param.param_type_name == "argument":  # named as the usage line names it
            hint = f"'{placeholder(param.name or '', lang)}'"
        number = re.fullmatch(r"(.+) is not a valid (?:integer|int|float|number)\.", message)
        if number:
            problem = say("cli.click_not_a_number", lang, value=number.group(1))
        else:
            choice = re.fullmatch(r"(.+) is not one of (.+)\.", message)
            problem = (say("cli.click_not_one_of", lang, value=choice.group(1), choices=choice.group(2)) if choice
                       else message)
        return say("cli.click_bad_value", lang, param=hint, problem=problem)
    if message == "Missing command.":
        return say("cli.click_missing_command", lang)
    command = re.fullmatch(r"No such command (.+)\.", message)
    if command:
        return say("cli.click_no_such_command", lang, name=command.group(1))
    extra = re.fullmatch(r"Got unexpected extra argument(?:s|\(s\))? \((.+)\)", message)
    if extra:
        return say("cli.click_extra_arguments", lang, words=extra.group(1))
    return str(message)
