"""Commands that enter or correct hands: ``calc``, ``add``, ``draw``, ``undo``, ``void``, ``edit``."""

from __future__ import annotations

import json
from typing import Annotated, Any, Optional

import typer

from ..errors import IllegalEntry
from ..i18n import Text, say
from ..rules.registry import find_family
from . import complete
from .app import JsonOpt, app, emit_json, get, guard
from .options import ENTRY_NAMES, WHOLE_NUMBER, with_entry_options

# -- games ----------------------------------------------------------------------------------------

def _entry(ctx: typer.Context, game: str, said: list[str] | None, entry: dict[str, Any]) -> tuple[Any, str]:
    """The hand from its words and long options, and its "as typed" text."""
    from ..entry import entry_from_words

    cfg = get(ctx).cfg()
    return entry_from_words(cfg.family_obj(), cfg.players, [game, *(said or [])],
                            {k: entry.get(k) for k in ENTRY_NAMES})


TischOpt = Annotated[Optional[int], typer.Option(
    "--tisch", metavar="N", click_type=WHOLE_NUMBER,
    help="Tournament: the table number in the current round (schafkopf tournament tables).")]
TRoundOpt = Annotated[Optional[int], typer.Option(
    "--round", metavar="R", click_type=WHOLE_NUMBER,
    help="Tournament, with --tisch: the round of that table (default: the latest), to correct a round after the "
         "next one was drawn.")]

# what each command looks like with --tisch (a tournament's refusal shows it)
TISCH_EXAMPLES = {"add": "schafkopf add --tisch 3 sau an be 72", "calc": "schafkopf calc --tisch 3 sau an be 72",
                  "undo": "schafkopf undo --tisch 3", "void": "schafkopf void 2 --tisch 3",
                  "edit": "schafkopf edit 2 --tisch 3 k"}


def _check_tisch(cfg: Any, command: str, tisch: int | None, round_no: int | None = None) -> None:
    """Refused before the ledger is opened: a tournament's entry or correction without
    ``--tisch``, ``--round`` without ``--tisch``, ``--round`` at a table that is no tournament."""
    if round_no is not None and cfg.kind != "tournament":
        raise IllegalEntry(Text("tournament.round_not_tournament", path=str(cfg.path)),
                           Text("tournament.round_not_tournament_hint"))
    if tisch is None and cfg.kind == "tournament":
        if round_no is not None:
            raise IllegalEntry(Text("tournament.round_needs_tisch"), Text(
                "tournament.round_needs_tisch_hint", example=TISCH_EXAMPLES[command] + f" --round {round_no}"))
        raise IllegalEntry(Text("tournament.needs_tisch"),
                           Text("tournament.needs_tisch_hint", example=TISCH_EXAMPLES[command]))


def _at_tisch(cfg: Any, ledger: Any, tisch: int | None, round_no: int | None = None) -> tuple[Any, Any]:
    """A tournament's table ``--tisch N`` of the latest round (or of ``--round R``): (the table,
    the table file as that table sees it); (None, cfg) without ``--tisch`` at a table that is no
    tournament. Refused: ``--tisch`` at a table that is no tournament, a table closed for good."""
    if tisch is None:
        return None, cfg
    from ..tournament.tables import open_table, table_cfg

    seat = open_table(cfg, ledger, tisch, round_no)
    return seat, table_cfg(cfg, seat.players)


def _tisch_entry(cfg: Any, ledger: Any, seat: Any, game: str | None, said: list[str] | None,
                 entry: dict[str, Any]) -> tuple[Any, str]:
    """The hand typed for a tournament's table: names among the players seated there."""
    from ..tournament.entries import entry_for

    words = [w for w in (game, *(said or [])) if w is not None]
    return entry_for(cfg, ledger, seat, words, {k: entry.get(k) for k in ENTRY_NAMES})


GameArg = Annotated[str, typer.Argument(metavar="GAME", help="The game: sauspiel, solo, wenz, ... (the table's games: schafkopf rules).",
                                        autocompletion=complete.games)]
WordsArg = Annotated[Optional[list[str]], typer.Argument(
    metavar="[WORDS]...", help="The hand in short words: names, Augen, + or -, l3, g1, k, re, sw, jf NAME, ...",
    show_default=False, autocompletion=complete.words)]


@app.command()
@guard
@with_entry_options
def calc(ctx: typer.Context, game: GameArg, said: WordsArg = None, tisch: TischOpt = None, as_json: JsonOpt = False,
         **entry: Any) -> None:
    """Compute and explain a game without recording it.

    \b
    Example: schafkopf calc herzsolo an 105 l4
    Example: schafkopf calc solo --player Anna --suit herz --augen 105 --laufende 4
    """
    from ..app.evening import calc as do_calc
    from .render import outcome_json, outcome_text

    c = get(ctx)
    cfg = c.cfg()
    _check_tisch(cfg, "calc", tisch)
    if tisch is None:
        e, _ = _entry(ctx, game, said, entry)
    with c.ledger() as ledger:
        seat, tcfg = _at_tisch(cfg, ledger, tisch)
        if seat is None:
            played = do_calc(cfg, ledger, e)
        else:
            from ..tournament.tables import as_points, table_cap

            e, _ = _tisch_entry(cfg, ledger, seat, game, said, entry)
            played = as_points(do_calc(tcfg, ledger, e, seat), table_cap(ledger, seat))
    if as_json:
        emit_json(outcome_json(played))
    else:
        typer.echo(outcome_text(played))


VerboseOpt = Annotated[bool, typer.Option("--verbose", "-v", help="Show the hand in full and every player's balance.")]


@app.command()
@guard
@with_entry_options
def add(ctx: typer.Context, game: GameArg, said: WordsArg = None, tisch: TischOpt = None, verbose: VerboseOpt = False,
        as_json: JsonOpt = False, **entry: Any) -> None:
    """Check a game against the table's rules, record it and say what it paid.

    The answer is three lines at most: what was recorded, the payouts, and who deals next;
    -v shows the hand in full and the standings.

    \b
    Example: schafkopf add sau an be 72 l3 k
    Example: schafkopf add sauspiel --player Anna --partner Ben --augen 72 --laufende 3 --kontra
    """
    from ..app.evening import add as do_add
    from .render import added_text, balances_text, next_dealer_line, outcome_json, outcome_text

    c = get(ctx)
    cfg = c.cfg()
    _check_tisch(cfg, "add", tisch)
    at: dict[str, Any] = {}
    if tisch is None:
        e, typed = _entry(ctx, game, said, entry)
        with c.ledger(create=True) as ledger:
            hand, played, view = do_add(cfg, ledger, e, typed)
    else:  # a tournament's table (tournament/entries.py: names seated there, at most its games)
        from ..tournament.entries import add_game

        with c.ledger() as ledger:
            seat, cfg = _at_tisch(cfg, ledger, tisch)
            e, typed = _tisch_entry(c.cfg(), ledger, seat, game, said, entry)
            hand, played, view = add_game(c.cfg(), ledger, seat, e, typed)
        at = {"round": seat.round, "tisch": seat.tisch}
    if as_json:
        emit_json(outcome_json(played, hand=hand, session=view.session.id if view.session else None,
                               balances=view.balances, stock_total=view.stock, **at))
        return
    lang = cfg.language
    notes = cfg.family_obj().standing_notes(view.rules, view.state, view.balances, lang)
    if not verbose:
        typer.echo(added_text(hand, played, view, notes))
        return
    typer.echo(outcome_text(played, say("cli.recorded", lang, hand=hand)))
    typer.echo(say("cli.balance_head", lang))
    typer.echo(balances_text(view.balances, view.rules, view.unit))
    for note in notes:
        typer.echo(note)
    typer.echo(next_dealer_line(view))


@app.command()
@guard
def draw(
    ctx: typer.Context,
    seed: Annotated[Optional[int], typer.Option("--seed", help="Seed the shuffle (for a repeatable lot).")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Draw the partners by lot (Deutscher Schafskopf): highest card plays with lowest.

    Shows the cards drawn and the pairs, and records them for the next game.

    \b
    Example: schafkopf new skopf.toml --family deutscher --players Anna,Ben,Cora,Dora
    Example: schafkopf --table skopf.toml draw
    """
    import random

    from ..app.evening import add as do_add
    from ..app.evening import current_state, lot_entry
    from ..tournament import refuse_at_tournament
    from .render import outcome_json

    c = get(ctx)
    cfg = c.cfg()
    refuse_at_tournament(cfg, "draw", "tournament.use_draw", "tournament.why_lot")
    rng = random.Random(seed) if seed is not None else random.SystemRandom()
    with c.ledger(create=True) as ledger:
        entry = lot_entry(cfg, current_state(cfg, ledger)[1], rng)
        hand, played, _ = do_add(cfg, ledger, entry, json.dumps({"game": entry.game, "seed": seed}))
    if as_json:
        emit_json(outcome_json(played, hand=hand, cards=dict(entry.cards)))
    else:
        typer.echo(played.outcome.explanation)


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
    from ..app.evening import undo as do_undo

    c = get(ctx)
    _check_tisch(c.cfg(), "undo", tisch, round_no)
    with c.ledger() as ledger:
        seat, cfg = _at_tisch(c.cfg(), ledger, tisch, round_no)
        done = do_undo(cfg, ledger, reason, place=seat)
    _voided(done, c.cfg().language, as_json)


def _voided(done: Any, lang: str, as_json: bool) -> None:
    from .render import voided_json, voided_text

    if as_json:
        emit_json(voided_json(done))
    else:
        typer.echo(voided_text(done.record, lang, changed=done.repriced))


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
    from ..app.evening import void as do_void

    c = get(ctx)
    _check_tisch(c.cfg(), "void", tisch, round_no)
    with c.ledger() as ledger:
        seat, cfg = _at_tisch(c.cfg(), ledger, tisch, round_no)
        done = do_void(cfg, ledger, hand, reason, place=seat)
    _voided(done, c.cfg().language, as_json)


YesOpt = Annotated[bool, typer.Option("--yes", "-y", help="Do not ask when the game or the declarer changes.")]


def _given(ctx: typer.Context) -> set[str]:
    """The entry options typed on the command line (not left at their defaults)."""
    # by name: typer may bring its own copy of click's ParameterSource
    return {k for k in ENTRY_NAMES if getattr(ctx.get_parameter_source(k), "name", "") == "COMMANDLINE"}


@app.command()
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

    from ..app.evening import edit as do_edit
    from ..app.evening import find_hand
    from ..entry import corrected_entry
    from .render import edit_json, edit_text

    c = get(ctx)
    given = _given(ctx)
    _check_tisch(c.cfg(), "edit", tisch, round_no)
    with c.ledger() as ledger:
        seat, cfg = _at_tisch(c.cfg(), ledger, tisch, round_no)
        old = find_hand(cfg, ledger, hand, seat)
        if game is None and not given:
            raise IllegalEntry(Text("data.edit_no_change", hand=hand), Text("data.edit_no_change_hint", hand=hand))
        words = [w for w in (game, *(said or [])) if w is not None]
        if seat is None:
            new, typed = corrected_entry(cfg.family_obj(), old.rules.players, old.entry, words,
                                         {k: entry.get(k) for k in ENTRY_NAMES}, given)
        else:
            from ..tournament.entries import corrected_for

            new, typed = corrected_for(c.cfg(), ledger, seat, old.entry, words,
                                       {k: entry.get(k) for k in ENTRY_NAMES}, given)
        if not yes and not confirm_change(cfg, ledger, hand, old, new, sys.stdin.isatty(), place=seat):
            raise IllegalEntry(Text("cli.edit_left", hand=hand))
        done = do_edit(cfg, ledger, hand, new, reason, typed, expect=old.id, place=seat)
        played = done.played
        assert played is not None  # an edit always has its replacement
        if seat is not None:
            from ..tournament.tables import as_points, table_cap

            played = as_points(played, table_cap(ledger, seat))
    if as_json:
        emit_json(edit_json(old, played, hand, done.repriced))
    else:
        typer.echo(edit_text(old, played, hand, cfg.language, done.repriced))


def confirm_change(cfg: Any, ledger: Any, hand: int, old: Any, new: Any, interactive: bool,
                   place: Any = None, ask: Any = None) -> bool:
    """Changing who played what is a bigger step than a typo (``edit`` and ``play`` alike): True
    to go on; on a terminal the player is asked (False: declined; ``ask(question)``: how, in
    ``play``); otherwise an ``IllegalEntry`` asks for --yes. A wrong entry says so first, before
    any question."""
    from ..app.evening import edit as do_edit

    if new.declaring() == old.entry.declaring():
        return True
    do_edit(cfg, ledger, hand, new, dry_run=True, expect=old.id, place=place)
    family = find_family(old.rules.family)
    lang = cfg.language
    change = f"{family.describe(old.entry, lang=lang)} -> {family.describe(new, lang=lang)}"
    if not interactive:
        raise IllegalEntry(Text("data.edit_changes", hand=hand, change=change), Text("data.edit_changes_hint"))
    return bool((ask or ask_yes_no)(say("cli.edit_confirm", lang, hand=hand, change=change), lang))


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
