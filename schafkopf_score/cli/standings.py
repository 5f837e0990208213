"""The balances as tables and lines: ``standings`` (a session, and the season with a column per
session), the notes under them, and the settlement with its transfers (``settle``)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from ..i18n import format_date, say
from ..rules.model import TableRules
from .console import console, escape, print_line
from .render import abbreviations, amount, shorten_names, tally, text_cells


def print_standings(balances: Mapping[str, int], rules: TableRules, unit: str, notes: Sequence[str],
                    title: str, absent: Collection[str] = (), trend: Mapping[str, Sequence[float]] | None = None) -> None:
    """The balances, a row a player; those ``absent`` (not at the table then) with a blank;
    ``trend``: each player's balance hand by hand, shown as a sparkline beside it."""
    from rich.table import Table

    from .charts import plain, sparkline

    lang = rules.language
    con = console()
    flat = plain(con)
    table = Table()
    table.add_column(say("cli.col_player", lang))
    table.add_column(say("cli.col_balance", lang), justify="right")
    if trend:
        table.add_column(say("cli.col_trend", lang))
    for n, v in balances.items():
        spark = [sparkline(trend[n], 16, flat) if n in trend else ""] if trend else []
        if n in absent:
            table.add_row(escape(n), "", *[""] * len(spark))
            continue
        if unit == "stroke":
            table.add_row(escape(n), tally(v, rules), *spark)
            continue
        style = "green" if v > 0 else ("red" if v < 0 else "")
        table.add_row(escape(n), f"[{style}]{amount(v, rules, unit)}[/]" if style else amount(v, rules, unit), *spark)
    print_line(con, title)  # above the table, never wrapped to the table's width
    con.print(table)
    for line in fit_notes(notes, list(balances), con.width):
        print_line(con, line)


def fit_notes(notes: Sequence[str], players: Sequence[str], width: int) -> list[str]:
    """The notes under the standings, each on a line of at most ``width`` cells: a note too long
    names the players as the sheet's headings do (cut to a few letters); one still too long is
    broken after a comma of its list, the rest indented (nothing of it cut).

    >>> fit_notes(["Heads: Maximilian 1, Franziska 0, Bartholomäus 2"], ["Maximilian", "Franziska", "Bartholomäus"], 40)
    ['Heads: Maximi 1, Franzi 0, Bartho 2']
    >>> fit_notes(["Heads: Maximilian 1, Franziska 0, Bartholomäus 2"], ["Maximilian", "Franziska", "Bartholomäus"], 24)
    ['Heads: Maximilian 1,', '  Franziska 0,', '  Bartholomäus 2']
    """
    lines: list[str] = []
    for note in notes:
        fitted = next((short for length in (None, 6, 5, 4, 3)
                       if text_cells(short := shorten_names(note, abbreviations(players, length))) <= width), None)
        if fitted is not None:
            lines.append(fitted)
            continue
        line = ""
        for part in note.split(", "):
            if not line:
                line = part
            elif text_cells(f"{line}, {part}") <= width:
                line = f"{line}, {part}"
            else:
                lines.append(line + ",")
                line = "  " + part
        lines.append(line)
    return lines


def settle_text(result: Any, rules: TableRules, parts: Sequence[Any] | None = None,
                closed_now: int | None = None) -> str:
    """The settlement as ``settle`` prints it; ``parts``: the sessions of a season (``--all``)."""
    lang = rules.language
    unit = result.unit
    if parts is not None:
        head = say("cli.settle_head_season", lang, count=len(parts))
    elif result.session is not None:
        head = say("cli.settle_head_closed" if result.closed else "cli.settle_head_session", lang,
                   session=result.session)
    else:
        head = say("cli.settle_head", lang)
    lines = [head]
    lines += [f"  {n:<12} {amount(v, rules, unit):>12}" for n, v in result.balances.items()]
    if result.stock:
        lines.append(f"  {say('cli.stock', lang):<12} {amount(result.stock, rules, unit):>12}  ({stock_goes(result, rules)})")
    carried = result.extra.get("stock_carried") or {}
    if result.closed and carried:  # a closed evening whose Stock opens the next
        lines.append(say("cli.stock_carried", lang, amount=amount(sum(carried.values()), rules, unit, sign=False)))
    if result.round_to:
        moves = ", ".join(say("cli.payout", lang, name=n, amount=amount(d, rules, unit))
                          for n, d in result.moved.items()) or "-"
        lines.append(say("cli.rounded", lang, amount=amount(result.round_to, rules, unit, sign=False), moves=moves))
    paid = [p.session for p in parts or () if p.closed]
    if paid:
        lines.append(say("cli.paid_before", lang, sessions=", ".join(map(str, paid))))
    open_ids = [p.session for p in parts or () if not p.closed]
    if parts is None:
        heading = say("cli.transfers", lang)
    elif open_ids:
        heading = say("cli.outstanding_session", lang, session=open_ids[0])
    else:
        heading = say("cli.outstanding", lang)
    lines.append(heading)
    lines += [f"  {transfer_line(t, rules, unit)}" for t in result.transfers] + stock_lines(result, rules, unit) or [
        f"  {say('cli.nothing_owed', lang)}"]
    lines += [say("cli.warning", lang, text=text) for text in result.warnings]
    if closed_now is not None:
        lines.append(say("cli.session_closed", lang, session=closed_now))
    return "\n".join(lines)


def stock_lines(result: Any, rules: TableRules, unit: str) -> list[str]:
    """Who puts money into the Stock at the close (a Stock carried on) and whom it pays (a Stock
    the evening opened with), below the transfers between the players."""
    lang = rules.language
    return ([f"  {say('cli.pays_stock', lang, payer=t['from'], amount=amount(t['amount'], rules, unit, sign=False))}"
             for t in result.extra.get("into_stock", ())]
            + [f"  {say('cli.stock_pays', lang, payee=t['to'], amount=amount(t['amount'], rules, unit, sign=False))}"
               for t in result.extra.get("from_stock", ())])


def stock_goes(result: Any, rules: TableRules) -> str:
    """Where the Stock goes at the close, as the house rule ``stock_at_close`` says (a settlement
    that does not say: in equal shares, the rule before there was a choice)."""
    lang = rules.language
    how = result.extra.get("stock_at_close", "equal")
    if how == "payers":
        shares = ", ".join(say("cli.payout", lang, name=n, amount=amount(v, rules, result.unit))
                           for n, v in result.stock_return.items())
        return say("cli.stock_back_payers", lang, shares=shares)
    return say("cli.stock_back_carry" if how == "carry" else "cli.stock_back_equal", lang)


def print_season(columns: Sequence[Any], total: Mapping[str, int], rules: TableRules, unit: str,
                 notes: Sequence[str], title: str) -> None:
    """``standings --all``: a column per session (its date) and the total."""
    from rich.table import Table

    lang = rules.language
    con = console()
    shown, earlier = _season_columns(columns, total, con.width)
    table = Table()
    table.add_column(say("cli.col_player", lang))
    if earlier:
        table.add_column(say("cli.season_earlier", lang, n=len(columns) - len(shown)), justify="right")
    for col in shown:
        head = f"{format_date(col.date, lang) if col.date else ''}\n#{col.session}"
        table.add_column(head + ("" if col.closed else " " + say("cli.season_open", lang)), justify="right")
    table.add_column(say("cli.col_total", lang), justify="right")
    trend = len(columns) > 1  # the season's total after each session, as a sparkline
    if trend:
        from .charts import plain, sparkline

        table.add_column(say("cli.col_trend", lang))
        flat = plain(con)

    def show(v: int) -> str:
        return tally(v, rules) if unit == "stroke" else amount(v, rules, unit)

    for n, v in total.items():
        # a player who was not at an evening (he joined later): a blank, not 0
        cells = ([show(earlier[n]) if n in earlier else ""] if earlier else []) + \
            [show(col.balances[n]) if n in col.balances else "" for col in shown] + [show(v)]
        if trend:
            running: list[float] = []
            so_far = 0
            for col in columns:
                if n in col.balances or running:
                    so_far += col.balances.get(n, 0)
                    running.append(float(so_far))
            cells.append(sparkline(running, 16, flat) if len(running) > 1 else "")  # one evening: no course yet
        table.add_row(escape(n), *cells)
    print_line(con, title)
    con.print(table)
    if earlier:
        print_line(con, say("cli.season_cut", lang, n=len(columns) - len(shown)))
    for line in fit_notes(notes, list(total), con.width):
        print_line(con, line)


SESSION_COLUMN = 13  # a session's column: its date (or an amount) and the table's lines around it
SUM_COLUMN = 17  # a season's sum: an amount of thousands
TREND_COLUMN = 19  # the sparkline's 16 marks


def _season_columns(columns: Sequence[Any], total: Mapping[str, int],
                    width: int) -> tuple[Sequence[Any], dict[str, int]]:
    """The sessions that get a column of their own on a terminal ``width`` wide (the latest), and
    what each player won or lost at the ones before (one column; empty: every session fits). A
    season of hundreds of evenings is no table of hundreds of columns squeezed to nothing."""
    name = max((len(n) for n in total), default=6)
    room = width - name - 4 - SUM_COLUMN - (TREND_COLUMN if len(columns) > 1 else 0)
    if len(columns) <= room // SESSION_COLUMN:
        return columns, {}
    keep = max(1, (room - SUM_COLUMN) // SESSION_COLUMN)  # the ones before: a column as wide as the total's
    earlier: dict[str, int] = {}
    for col in columns[:-keep]:
        for n, v in col.balances.items():
            earlier[n] = earlier.get(n, 0) + v
    return columns[-keep:], earlier


def transfer_line(t: Any, rules: TableRules, unit: str = "cent") -> str:
    """``Ben zahlt Anna 3,40 €`` / ``Ben pays Anna €3.40``"""
    return say("cli.pays", rules.language, payer=t.payer, payee=t.payee,
               amount=amount(t.amount, rules, unit, sign=False))
