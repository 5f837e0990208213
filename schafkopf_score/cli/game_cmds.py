"""Commands that enter or correct hands: ``calc``, ``add``, ``draw``, ``undo``, ``void``, ``edit``."""

from __future__ import annotations

from typing import Annotated, Any, Optional

import typer

from ..errors import IllegalEntry
from ..i18n import Text, say
from . import complete
from .app import WHOLE_NUMBER, JsonOpt, app, emit_json, get, guard
from .options import ENTRY_NAMES, with_entry_options

# -- games ----------------------------------------------------------------------------------------

def _line(game: str | None, said: list[str] | None, entry: dict[str, Any], given: set[str] | None = None) -> Any:
    """The hand as the command line typed it: its words and its long options."""
    from ..app.line import from_command

    return from_command([game, *(said or [])], {k: entry.get(k) for k in ENTRY_NAMES}, given)


TischOpt = Annotated[Optional[int], typer.Option(
    "--tisch", metavar="N", click_type=WHOLE_NUMBER,
    help="Tournament: the table number in the current round (schafkopf tournament tables).")]
TRoundOpt = Annotated[Optional[int], typer.Option(
    "--round", metavar="R", click_type=WHOLE_NUMBER,
    help="Tournament, with --tisch: the round of that table (default: the latest), to correct a round after the "
         "next one was drawn.")]


def _at(ctx: typer.Context, ledger: Any, command: str, tisch: int | None, round_no: int | None = None) -> Any:
    from ..app.where import at

    return at(get(ctx).cfg(), ledger, command, tisch, round_no)


# A hand's long options are read without regard to case, as play and the server read them on a
# line (app.line.long_options): the same typed line is accepted or refused alike at every door.
# An unknown long option is refused as on a line (cli.app.read_as_a_line); any other word that
# begins with a dash (``-k``) is a word of the hand, as on a line.
HAND_OPTIONS = {"token_normalize_func": str.casefold, "ignore_unknown_options": True}

GameArg = Annotated[str, typer.Argument(metavar="GAME", help="The game: sauspiel, solo, wenz, ... (the table's games: schafkopf rules).",
                                        autocompletion=complete.games)]
WordsArg = Annotated[Optional[list[str]], typer.Argument(
    metavar="[WORDS]...", help="The hand in short words: names, Augen, + or -, l3, g1, k, re, sw, jf NAME, ...",
    show_default=False, autocompletion=complete.words)]


@app.command(context_settings=HAND_OPTIONS)
@guard
@with_entry_options
def calc(ctx: typer.Context, game: GameArg, said: WordsArg = None, tisch: TischOpt = None, as_json: JsonOpt = False,
         **entry: Any) -> None:
    """Compute and explain a game without recording it.

    \b
    Example: schafkopf calc herzsolo an 105 l4
    Example: schafkopf calc solo --player Anna --suit herz --augen 105 --laufende 4
    """
    from ..app import hands
    from ..app.where import check_place
    from .render import outcome_text

    c = get(ctx)
    check_place(c.cfg(), "calc", tisch)
    with c.ledger() as ledger:
        answer = hands.calc(_at(ctx, ledger, "calc", tisch), _line(game, said, entry))
    if as_json:
        emit_json(answer.to_json())
    else:
        typer.echo(outcome_text(answer.played))


AddRoundOpt = Annotated[Optional[int], typer.Option(
    "--round", metavar="R", click_type=WHOLE_NUMBER,
    help="Tournament, with --tisch: the round of that table (default: the latest), to enter a game of a round after "
         "the next one was drawn.")]
VerboseOpt = Annotated[bool, typer.Option("--verbose", "-v", help="Show the hand in full and every player's balance.")]


@app.command(context_settings=HAND_OPTIONS)
@guard
@with_entry_options
def add(ctx: typer.Context, game: GameArg, said: WordsArg = None, tisch: TischOpt = None,
        round_no: AddRoundOpt = None, verbose: VerboseOpt = False, as_json: JsonOpt = False, **entry: Any) -> None:
    """Check a game against the table's rules, record it and say what it paid.

    The answer is three lines at most: what was recorded, the payouts, and who deals next;
    -v shows the hand in full and the standings. The same hand as the one just before is asked
    about on a terminal (a script's is recorded).

    \b
    Example: schafkopf add sau an be 72 l3 k
    Example: schafkopf add sauspiel --player Anna --partner Ben --augen 72 --laufende 3 --kontra
    """
    import sys

    from ..app import hands
    from ..app.where import check_place
    from .render import added_text, balances_text, next_dealer_line, outcome_text

    c = get(ctx)
    cfg = c.cfg()
    check_place(cfg, "add", tisch, round_no)
    line = _line(game, said, entry)
    with c.ledger(create=True) as ledger:
        at = _at(ctx, ledger, "add", tisch, round_no)
        asking = sys.stdin.isatty() and not as_json
        try:
            answer = hands.add(at, line, confirm=not asking)
        except hands.SameHand as again:
            if not ask_yes_no(say("cli.play_same_entry", cfg.language), cfg.language):
                typer.echo(say("cli.play_not_recorded", cfg.language))
                raise typer.Exit(2) from None
            del again
            answer = hands.add(at, line)
    if as_json:
        emit_json(answer.to_json())
        return
    view = answer.state
    lang = cfg.language
    notes = cfg.family_obj().standing_notes(view.rules, view.state, view.balances, lang)
    # the evening before was closed (at any door): this hand began the next, as play and the phone say
    begins = [say("cli.play_new_evening", lang, session=answer.session)] if answer.opens_session else []
    if not verbose:
        first, *rest = added_text(answer.hand, answer.played, view, notes).split("\n")
        typer.echo("\n".join([first, *begins, *rest]))
        return
    typer.echo(outcome_text(answer.played, say("cli.recorded", lang, hand=answer.hand)))
    for line in begins:
        typer.echo(line)
    typer.echo(say("cli.balance_head", lang))
    typer.echo(balances_text(view.balances, view.rules, view.unit))
    for note in notes:
        typer.echo(note)
    typer.echo(next_dealer_line(view))


@app.command()
@guard
def draw(
    ctx: typer.Context,
    seed: Annotated[Optional[int], typer.Option("--seed", help="Seed the shuffle (for a repeatable lot).",
                                                click_type=WHOLE_NUMBER)] = None,
    as_json: JsonOpt = False,
) -> None:
    """Draw the partners by lot (Deutscher Schafskopf): highest card plays with lowest.

    Shows the cards drawn and the pairs, and records them for the next game.

    \b
    Example: schafkopf new skopf.toml --family deutscher --players Anna,Ben,Cora,Dora
    Example: schafkopf --table skopf.toml draw
    """
    import random

    from ..app import hands
    from ..app.where import At
    from ..tournament import refuse_at_tournament

    c = get(ctx)
    cfg = c.cfg()
    refuse_at_tournament(cfg, "draw", "tournament.use_draw", "tournament.why_lot")
    rng = random.Random(seed) if seed is not None else random.SystemRandom()
    with c.ledger(create=True) as ledger:
        answer = hands.lot(At.evening(cfg, ledger), rng, seed)
    if as_json:
        emit_json(answer.to_json())
    else:
        typer.echo(answer.played.outcome.explanation)


# -- corrections ---------------------------------------------------------------------------------

ReasonOpt = Annotated[str, typer.Option("--reason", help="Why (kept in the ledger).")]


@app.command()
@guard
def undo(ctx: typer.Context, reason: ReasonOpt = "", tisch: TischOpt = None, round_no: TRoundOpt = None,
         as_json: JsonOpt = False) -> None:
    """Void the last recorded game (the row stays in the ledger, marked void).

    \b
    Example: schafkopf undo --reason "entered twice"
    """
    from ..app import hands
    from ..app.where import check_place

    c = get(ctx)
    check_place(c.cfg(), "undo", tisch, round_no)
    with c.ledger() as ledger:
        done = hands.undo(_at(ctx, ledger, "undo", tisch, round_no), reason)
    _voided(done, c.cfg().language, as_json)


def _voided(done: Any, lang: str, as_json: bool) -> None:
    from .render import voided_text

    if as_json:
        emit_json(done.to_json())
    else:
        typer.echo(voided_text(done.record, lang, changed=done.repriced, moved=done.payouts_moved))


@app.command()
@guard
def void(
    ctx: typer.Context,
    hand: Annotated[int, typer.Argument(help="The hand number, as on the sheet.", click_type=WHOLE_NUMBER)],
    reason: ReasonOpt = "",
    tisch: TischOpt = None,
    round_no: TRoundOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Void hand N of the open session; later hands are recomputed.

    \b
    Example: schafkopf void 2 --reason "wrong partner"
    """
    from ..app import hands
    from ..app.where import check_place

    c = get(ctx)
    check_place(c.cfg(), "void", tisch, round_no)
    with c.ledger() as ledger:
        done = hands.void(_at(ctx, ledger, "void", tisch, round_no), hand, reason)
    _voided(done, c.cfg().language, as_json)


YesOpt = Annotated[bool, typer.Option("--yes", "-y", help="Do not ask when the game or the declarer changes.")]


def _given(ctx: typer.Context) -> set[str]:
    """The entry options typed on the command line (not left at their defaults)."""
    # by name: typer may bring its own copy of click's ParameterSource
    return {k for k in ENTRY_NAMES if getattr(ctx.get_parameter_source(k), "name", "") == "COMMANDLINE"}


@app.command(context_settings=HAND_OPTIONS)
@guard
@with_entry_options
def edit(
    ctx: typer.Context,
    hand: Annotated[int, typer.Argument(help="The hand number, as on the sheet.", click_type=WHOLE_NUMBER)],
    game: Annotated[Optional[str], typer.Argument(
        metavar="[GAME]", help="The corrected game; leave it out to change only what is given.")] = None,
    said: WordsArg = None,
    reason: ReasonOpt = "",
    yes: YesOpt = False,
    tisch: TischOpt = None,
    round_no: TRoundOpt = None,
    as_json: JsonOpt = False,
    **entry: Any,
) -> None:
    """Correct hand N (the old row is voided, never lost); later hands are recomputed.

    Without GAME, only what is given changes and the rest of the hand stays
    (edit 16 k, edit 16 --kontra). With GAME, the hand is replaced by the entry as typed.
    Changing the game or the declarer needs --yes (or a yes on a terminal).

    \b
    Example: schafkopf edit 3 re
    Example: schafkopf edit 1 sau an co 72 --reason "wrong partner"
    """
    import sys

    from ..app import hands
    from ..app.where import check_place
    from .render import edit_text

    c = get(ctx)
    cfg = c.cfg()
    check_place(cfg, "edit", tisch, round_no)
    line = _line(game, said, entry, _given(ctx))
    with c.ledger() as ledger:
        at = _at(ctx, ledger, "edit", tisch, round_no)
        try:
            done = hands.edit(at, hand, line, reason, confirm=yes)
        except hands.NeedsConfirm as change:
            if not sys.stdin.isatty():
                raise
            if not ask_yes_no(say("cli.edit_confirm", cfg.language, hand=hand, change=change.change), cfg.language):
                raise IllegalEntry(Text("cli.edit_left", hand=hand)) from None
            done = hands.edit(at, hand, line, reason, expect=change.expect)
    if as_json:
        emit_json(done.to_json())
    else:
        typer.echo(edit_text(done.old, done.played, hand, cfg.language, done.repriced, done.payouts_moved))


def answer_of(text: str, lang: str) -> bool | None:
    """A yes/no answer in the table's language: True (j, ja / y, yes), False (n, nein / n, no,
    or nothing), None (neither)."""
    answer = text.strip().casefold()
    if answer in say("cli.play_yes_words", lang).split():
        return True
    if not answer or answer in say("cli.play_no_words", lang).split():
        return False
    return None


def ask_yes_no(question: str, lang: str) -> bool:
    """A question on the terminal in the table's language (``[j/N]`` on a German table, never
    click's English ``[y/N]`` and ``Error: invalid input``); Ctrl-C or Ctrl-D are no."""
    while True:
        try:
            answer = answer_of(input(f"{question} {say('cli.play_yes_no', lang)} "), lang)
        except (KeyboardInterrupt, EOFError):
            typer.echo("")
            return False
        if answer is not None:
            return answer
        yes, no = say("cli.play_yes_words", lang).split()[0], say("cli.play_no_words", lang).split()[0]
        typer.echo(say("cli.play_answer_yes_no", lang, yes=yes, no=no))
