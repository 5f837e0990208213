"""Commands that show the evening: ``sheet``, ``standings``, ``settle``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Optional

import typer

from ..errors import IllegalEntry
from ..i18n import Text, format_time, render, say
from .app import WHOLE_NUMBER, AllOpt, JsonOpt, SessionOpt, app, emit_json, get, guard

# -- views ---------------------------------------------------------------------------------------

def _evening(ctx: typer.Context, ledger: Any, command: str) -> Any:
    """The table's evenings (``app.where.evening``: refused at a tournament)."""
    from ..app.where import evening

    return evening(get(ctx).cfg(), ledger, command)


@app.command()
@guard
def sheet(
    ctx: typer.Context,
    session: SessionOpt = None,
    all_: AllOpt = False,
    history: Annotated[bool, typer.Option("--history", help="List every correction with its reason and time.")] = False,
    compact: Annotated[bool, typer.Option("--compact", help="One line a hand: number, game, declarers, value, "
                                                            "running totals.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """The session as the paper block shows it: one row a hand, running totals.

    Amounts are shown without the currency (the title names it once); Value is what the hand
    was worth; the Stock column appears when a Stock was used. --all shows a season's latest
    200 evenings (--json each one).

    \b
    Example: schafkopf sheet
    Example: schafkopf sheet --compact
    """
    from ..app import views
    from ..export import FULL_EVENINGS

    c = get(ctx)
    with c.ledger() as ledger:
        at = _evening(ctx, ledger, "sheet")
        if history:
            _history(c.cfg(), views.history(at, session, all_), as_json)
            return
        # a long season's latest evenings on the screen, as the HTML report has them; --json has each
        answer = views.sheets(at, session, all_, latest=None if as_json else FULL_EVENINGS)
    if as_json:
        emit_json(answer.to_json())
        return
    from .sheet import print_sheet

    print_sheet(answer.states, c.cfg(), compact=compact, earlier=answer.earlier)


# what a correction did, in the history's words
KINDS = {"void": "cli.kind_void", "undo": "cli.kind_undo", "edit": "cli.kind_edit", "restated": "cli.kind_restated",
         "closed": "cli.kind_closed", "reopened": "cli.kind_reopened"}


def _history(cfg: Any, answer: Any, as_json: bool) -> None:
    from ..app.hands import restatement_cause
    from ..app.reports import game_title
    from ..table import shown_plain

    if as_json:
        emit_json(answer.to_json())
        return
    lang = cfg.language
    if not answer.events:
        typer.echo(say("cli.no_corrections", lang))
    family = cfg.family_obj()
    for e in answer.events:
        kind = say(KINDS[e["kind"]], lang) if e["kind"] in KINDS else e["kind"]
        if e["kind"] == "restated":  # the cause is stored as a machine value ("void of hand 2")
            e = {**e, "reason": render(restatement_cause(e["reason"] or ""), lang)}
        e = {**e, "reason": shown_plain(e["reason"] or "")}  # a stored reason never steers the terminal
        if e["hand"] is None:  # a closing set aside, a reopening: the session as a whole
            typer.echo(say("cli.history_session_reason" if e["reason"] else "cli.history_session", lang,
                           at=format_time(e["at"], lang), session=e["session"], kind=kind, reason=e["reason"]))
            continue
        typer.echo(say("cli.history_line_reason" if e["reason"] else "cli.history_line", lang,
                       at=format_time(e["at"], lang), session=e["session"], hand=e["hand"],
                       game=game_title(family, e["game"], lang), kind=kind, reason=e["reason"]))


@app.command()
@guard
def standings(ctx: typer.Context, session: SessionOpt = None, all_: AllOpt = False, as_json: JsonOpt = False,
              chart: Annotated[bool, typer.Option("--chart", help="Each player's balance over the evening as a chart "
                                                                  "(--all: over the season).")] = False) -> None:
    """Each player's balance, the Stock, and who deals next (--all: a column per session and the total).

    \b
    Example: schafkopf standings
    Example: schafkopf standings --all
    Example: schafkopf standings --chart
    """
    from ..app import views

    c = get(ctx)
    if chart:  # RULES §13: the balances as a chart (cli/charts.py)
        if as_json:
            raise IllegalEntry(Text("cli.chart_json"), Text("cli.chart_json_hint"))
        from .charts import show_balance_chart

        show_balance_chart(ctx, session, all_)
        return
    with c.ledger() as ledger:
        answer = views.standings(_evening(ctx, ledger, "standings"), session, all_)
    if as_json:
        emit_json(answer.to_json())
        return
    show_standings(c.cfg(), answer)


def show_standings(cfg: Any, answer: Any) -> None:
    """The standings as a table (``standings`` and ``stand`` in ``play``): the balances of the
    sessions' columns, and what stands before the next hand while a session is open."""
    from .render import next_dealer_line
    from .standings import print_season, print_standings

    columns, last, balances = answer.columns, answer.last, answer.balances
    lang = cfg.language
    # what stands before the next hand (Stock, Muss-Solo owed, heads): only while a session is open
    fam = cfg.family_obj()
    counted = balances
    if answer.season and last.unit == "stroke":
        # only completed heads count, evening by evening (RULES §4): a closed evening's strokes
        # left over are gone, so the season's heads are the sum of each evening's, as settle --all
        counted = dict(balances)
        for col in columns:
            if col.closed:
                for n, v in col.balances.items():
                    counted[n] = counted.get(n, 0) - fam.head_split(last.rules, v)[1]
    notes = [] if last.closed else fam.standing_notes(last.rules, last.state, counted, cfg.language)
    if not last.closed:
        notes.append(next_dealer_line(last))
    if answer.season:
        print_season(columns, balances, last.rules, last.unit, notes, say("cli.season_title", lang, name=cfg.name))
        return
    title = (say("cli.standings_title", lang, name=cfg.name, session=last.session.id) if last.session
             else say("cli.standings_title_total", lang, name=cfg.name))
    # who was at none of these sessions (he joined later): a blank, not 0; an open session seats
    # the table file's players
    present = {n for col in columns for n in col.balances} | (set(cfg.players) if not last.closed else set())
    from .charts import evening_trends

    print_standings(balances, last.rules, last.unit, notes, title,
                    absent={n for n in balances if n not in present and not balances[n]}, trend=evening_trends(last, list(balances)))


@app.command()
@guard
def settle(
    ctx: typer.Context,
    close: Annotated[bool, typer.Option("--close", help="Close the session: stores what was paid, as printed.")] = False,
    round_: Annotated[Optional[int], typer.Option("--round", help="Round to cash, e.g. 50 cents.", click_type=WHOLE_NUMBER)] = None,
    from_balances: Annotated[Optional[str], typer.Option("--from-balances", help="Settle balances from paper: A=..,B=..")] = None,
    session: SessionOpt = None,
    all_: AllOpt = False,
    player: Annotated[Optional[str], typer.Option("--player", help="Pay out this player's balance now "
                                                                   "(the rest settles later).")] = None,
    reopen: Annotated[Optional[int], typer.Option("--reopen", help="Reopen closed session N to correct it.",
                                                  click_type=WHOLE_NUMBER)] = None,
    reason: Annotated[str, typer.Option("--reason", help="Why the session is reopened (with --reopen).")] = "",
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Taken with --close and --player as play takes it (this "
                                                          "command asks no question).")] = False,
    tariff: Annotated[Optional[str], typer.Option("--tariff", metavar="A/B", help="Price the recorded hands again "
                                                  "under another tariff (as new --tariff reads it), beside today's.")]
    = None,
    rules_file: Annotated[Optional[str], typer.Option("--rules", metavar="FILE", help="Price the recorded hands "
                                                      "again under another table file's [tariff] and [rules].")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Net every player's balance and list the fewest transfers that clear it.

    --close records that the money changed hands (with --round: the rounded amounts);
    a closed session always shows what was paid. --all is the season: every closed
    evening as paid plus the open one, and transfers only for what is still open. What is
    left in the Stock goes at the close as the house rule stock_at_close says.
    --player NAME pays out one player now (schafkopf settle --player Cora); --reopen N
    --reason R reopens the latest session to correct it (closing it again pays the
    difference).

    --tariff A/B or --rules FILE shows the evening (--all: the season) as it stands and as it
    would under the other tariff, per player with the difference; hands the other rules refuse
    are listed. Nothing is written.

    \b
    Example: schafkopf settle --round 50 --close
    Example: schafkopf settle --reopen 1 --reason "hand 2 was a Wenz"
    Example: schafkopf settle --tariff 20/50
    """
    from ..app import settle as money
    from .standings import settle_text

    del yes  # the same words as play's, which asks first on a terminal
    c = get(ctx)
    cfg = c.cfg()
    if tariff is not None or rules_file is not None:  # RULES §13: the evening under another tariff
        from .whatif_view import show_what_if

        given = {"--close": close, "--from-balances": from_balances is not None, "--player": player is not None,
                 "--reopen": reopen is not None, "--reason": bool(reason)}
        show_what_if(ctx, tariff, rules_file, session, all_, round_, [k for k, v in given.items() if v], as_json)
        return
    if player is not None or reopen is not None:
        _settle_special(ctx, player, reopen, reason, bool(close or round_ is not None or from_balances is not None
                                                          or session is not None or all_), as_json)
        return
    if reason:
        raise IllegalEntry(Text("cli.reason_reopen_only"), Text("cli.reason_reopen_only_hint"))
    with c.ledger() as ledger:
        at = _evening(ctx, ledger, "settle")
        if from_balances is not None:
            if close:
                raise IllegalEntry(Text("cli.from_balances_close"), Text("cli.drop_close"))
            if session is not None or all_:  # the paper's balances are the whole answer: no evening is read
                raise IllegalEntry(Text("cli.from_balances_alone"), Text("cli.drop_session_all"))
            answer = money.paper(at, from_balances, round_)
        elif close:
            if session is not None or all_:
                raise IllegalEntry(Text("cli.close_open_only"), Text("cli.drop_session_all"))
            answer = money.close(at, round_)
        else:
            answer = money.settlement(at, session, all_, round_)
    if as_json:
        emit_json(answer.to_json())
        return
    if all_ and not answer.parts:
        typer.echo(say("cli.season_empty", cfg.language))
        return
    text = settle_text(answer.result, cfg.snapshot(), answer.parts if all_ else None, answer.closed_now)
    if answer.difference:
        text += "\n" + difference_text(answer.difference, cfg.snapshot())
    typer.echo(text)


def difference_text(difference: Mapping[str, Any], rules: Any) -> str:
    from ..session.settle import Transfer
    from .render import amount
    from .standings import transfer_line

    lang = rules.language
    lines = [say("cli.difference_head", lang)]
    stock = [f"  {say('cli.pays_stock', lang, payer=t['from'], amount=amount(t['amount'], rules, 'cent', sign=False))}"
             for t in difference.get("into_stock", ())]
    stock += [f"  {say('cli.stock_pays', lang, payee=t['to'], amount=amount(t['amount'], rules, 'cent', sign=False))}"
              for t in difference.get("from_stock", ())]
    lines += [f"  {transfer_line(Transfer(t['from'], t['to'], t['amount']), rules, 'cent')}"
              for t in difference["transfers"]] + stock or [f"  {say('cli.nothing_owed', lang)}"]
    return "\n".join(lines)


def _settle_special(ctx: typer.Context, player: str | None, reopen: int | None, reason: str, other: bool,
                    as_json: bool) -> None:
    """``settle --player NAME`` and ``settle --reopen N --reason R``: each alone."""
    from ..app import settle as money
    from .standings import transfer_line

    c = get(ctx)
    cfg = c.cfg()
    if other or (player is not None and reopen is not None):
        raise IllegalEntry(Text("cli.settle_alone", option="--player" if player is not None else "--reopen"),
                           Text("cli.settle_alone_hint"))
    rules = cfg.snapshot()
    lang = cfg.language
    if player is not None:
        if reason:
            raise IllegalEntry(Text("cli.reason_reopen_only"), Text("cli.reason_reopen_only_hint"))
        with c.ledger() as ledger:
            done = money.pay_out(_evening(ctx, ledger, "settle"), player)
        if as_json:
            emit_json(done.to_json())
            return
        typer.echo(say("cli.player_paid_out", lang, name=done.player, session=done.session))
        for t in done.transfers:
            typer.echo(f"  {transfer_line(t, rules, 'cent')}")
        return
    assert reopen is not None
    with c.ledger() as ledger:
        info = money.reopen(_evening(ctx, ledger, "settle"), reopen, reason)
    if as_json:
        emit_json(info.to_json())
        return
    typer.echo(say("cli.session_reopened", lang, session=info.session))
