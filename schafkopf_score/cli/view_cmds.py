"""Commands that show the evening: ``sheet``, ``standings``, ``settle``."""

from __future__ import annotations

from typing import Annotated, Any, Optional

import typer

from .app import AllOpt, JsonOpt, SessionOpt, app, emit_json, get, guard

# -- views ---------------------------------------------------------------------------------------

def _views(ctx: typer.Context, session: int | None, all_: bool) -> list[Any]:
    """The chosen sessions replayed (the latest when none is chosen; an empty view if none)."""
    from ..evening import select_sessions, view_session

    c = get(ctx)
    cfg = c.cfg()
    with c.ledger() as ledger:
        ids = select_sessions(ledger, session, all_)
        return [view_session(cfg, ledger, sid) for sid in ids] or [view_session(cfg, ledger)]


def _hand_json(row: Any) -> dict[str, Any]:
    rec = row.record
    data: dict[str, Any] = {"hand": rec.hand, "game": rec.game, "entry": rec.entry.to_dict(),
                            "void": not rec.valid, "recorded_at": rec.created_at}
    if not rec.valid:
        data.update({"void_kind": rec.void_kind, "reason": rec.void_reason, "voided_at": rec.void_at})
    if row.played is not None:
        out = row.played.outcome
        data.update({"payouts": out.payout_map(), "stock": out.stock, "dealer": row.played.seating.dealer,
                     "sitting_out": list(row.played.seating.sitting_out), "explanation": out.explanation,
                     "replaces": rec.replaces is not None})
    return data


@app.command()
@guard
def sheet(
    ctx: typer.Context,
    session: SessionOpt = None,
    all_: AllOpt = False,
    history: Annotated[bool, typer.Option("--history", help="List every correction with its reason and time.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """The session as the paper block shows it: one row a hand, running totals.

    \b
    Example: schafkopf --table examples/stammtisch.toml sheet
    """
    if history:
        _history(ctx, session, all_, as_json)
        return
    views = _views(ctx, session, all_)
    if as_json:
        emit_json({"sessions": [
            {"session": v.session.id if v.session else None, "closed": v.closed, "unit": v.unit,
             "hands": [_hand_json(r) for r in v.rows], "balances": v.balances, "stock": v.stock,
             "next_dealer": None if v.closed else v.state.dealer}
            for v in views]})
        return
    from .render import print_sheet

    print_sheet(views, get(ctx).cfg())


def _history(ctx: typer.Context, session: int | None, all_: bool, as_json: bool) -> None:
    from ..evening import select_sessions

    c = get(ctx)
    with c.ledger() as ledger:
        ids = select_sessions(ledger, session, all_)
        events = [e for sid in ids for e in ledger.history(sid)]
    if as_json:
        emit_json({"history": events})
        return
    if not events:
        typer.echo("No corrections.")
    for e in events:
        reason = f": {e['reason']}" if e["reason"] else ""
        typer.echo(f"{e['at']}  session {e['session']} hand {e['hand']} ({e['game']})  {e['kind']}{reason}")


def _total(views: list[Any]) -> dict[str, int]:
    total: dict[str, int] = {}
    for v in views:
        for n, a in v.balances.items():
            total[n] = total.get(n, 0) + a
    return total


@app.command()
@guard
def standings(ctx: typer.Context, session: SessionOpt = None, all_: AllOpt = False, as_json: JsonOpt = False) -> None:
    """Each player's balance, the Stock, and who deals next.

    \b
    Example: schafkopf standings
    """
    views = _views(ctx, session, all_)
    cfg = get(ctx).cfg()
    balances = _total(views)
    last = views[-1]
    fam = cfg.family_obj()
    if as_json:
        emit_json({"sessions": [v.session.id for v in views if v.session], "unit": last.unit,
                   "balances": balances, "next_dealer": None if last.closed else last.state.dealer,
                   **fam.pending(last.rules, last.state)})
        return
    from .render import next_dealer_line, print_standings, words

    w = words(cfg.language)
    notes = fam.standing_notes(last.rules, last.state, balances, cfg.language)
    if not last.closed:
        notes.append(next_dealer_line(last))
    title = f"{cfg.name}: " + (f"{w['session']} {last.session.id}" if last.session and not all_ else w["total"])
    print_standings(balances, last.rules, last.unit, notes, title)


@app.command()
@guard
def settle(
    ctx: typer.Context,
    close: Annotated[bool, typer.Option("--close", help="Close the session (stores the closing balances).")] = False,
    round_: Annotated[Optional[int], typer.Option("--round", help="Round to cash, e.g. 50 cents.")] = None,
    from_balances: Annotated[Optional[str], typer.Option("--from-balances", help="Settle balances from paper: A=..,B=..")] = None,
    session: SessionOpt = None,
    all_: AllOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Net every player's balance and list the fewest transfers that clear it.

    \b
    Example: schafkopf settle --round 50 --close
    """
    from ..entry import parse_balances
    from ..errors import IllegalEntry
    from ..settle import settle_up
    from .render import amount, transfer_line, words

    c = get(ctx)
    cfg = c.cfg()
    if round_ is not None and round_ <= 0:
        raise IllegalEntry(f"--round {round_} is not a positive number of cents.", "Give e.g. --round 50.")
    rules = cfg.snapshot()
    unit = "cent"
    extra: dict[str, Any] = {}
    warnings: list[str] = []
    if from_balances is not None:
        if close:
            raise IllegalEntry("--from-balances settles a paper sheet; it cannot close a session.", "Drop --close.")
        balances = parse_balances(from_balances, cfg.players, cfg.currency, cfg.language)
        closed_view = None
    else:
        if close:
            from ..evening import close_session

            if session is not None or all_:
                raise IllegalEntry("--close closes the open session only.", "Drop --session/--all.")
            with c.ledger() as ledger:
                closed_view = close_session(cfg, ledger)
            views = [closed_view]
        else:
            closed_view = None
            views = _views(ctx, session, all_)
        if not close and not views[-1].closed:
            warnings = cfg.family_obj().warnings(views[-1].rules, views[-1].state)
        balances, unit, extra = cfg.family_obj().to_money(views[-1].rules, _total(views))
    result = settle_up(balances, round_)
    money, moved, transfers = result.balances, result.moved, result.transfers
    if as_json:
        data: dict[str, Any] = {"balances": money, "transfers": [t.to_dict() for t in transfers], "unit": unit,
                                "closed": bool(closed_view), **extra}
        if warnings:
            data["warnings"] = warnings
        if round_:
            data["unrounded"] = result.unrounded
            data["rounding"] = moved
        emit_json(data)
        return
    w = words(cfg.language)
    lines = [f"{w['balance']}:"]
    lines += [f"  {n:<12} {amount(v, rules, unit):>12}" for n, v in money.items()]
    if round_:
        lines.append(f"{w['rounded']} {amount(round_, rules, unit, sign=False)}: " + (
            ", ".join(f"{n} {amount(d, rules, unit)}" for n, d in moved.items()) or "-"))
    lines.append(f"{w['transfers']}:")
    lines += [f"  {transfer_line(t, rules, unit)}" for t in transfers] or [f"  {w['nothing']}"]
    lines += [f"Warning: {text}" for text in warnings]
    if closed_view is not None and closed_view.session is not None:
        lines.append(f"{w['session']} {closed_view.session.id} {w['closed']}.")
    typer.echo("\n".join(lines))
