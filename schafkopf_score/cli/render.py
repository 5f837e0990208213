"""Everything the CLI prints. Plain text for the fast paths (``calc``, ``add``); rich tables for
the sheet, standings and settlement (rich is imported only there)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..money import format_value
from ..rules.model import Outcome, TableRules
from ..rules.play import Played

WORDS = {
    "de": {
        "wins": "gewinnt", "win": "gewinnen", "loses": "verliert", "lose": "verlieren", "and": "und",
        "pays": "zahlt", "hand": "Spiel", "game": "Spiel", "void": "ungültig", "edited": "korrigiert",
        "balance": "Stand", "player": "Spieler", "deals_next": "Nächster Geber", "sits_out": "setzt aus",
        "sit_out": "setzen aus", "nothing": "Niemand muss zahlen.", "session": "Abend", "stock": "Stock",
        "transfers": "Ausgleich", "closed": "abgeschlossen", "open": "offen", "recorded": "eingetragen",
        "rounded": "Gerundet auf", "moved": "Rundung", "total": "Summe", "dealer": "Geber",
        "restated": "neu berechnet", "corrected": "korrigiert", "season": "Saison", "sessions": "Abende",
        "stock_back": "geht beim Abschluss zu gleichen Teilen zurück, im Ausgleich schon eingerechnet",
        "paid_before": "Schon bezahlt", "outstanding": "Noch offen", "warning": "Achtung", "closing": "Abschluss",
    },
    "en": {
        "wins": "wins", "win": "win", "loses": "loses", "lose": "lose", "and": "and",
        "pays": "pays", "hand": "Hand", "game": "Game", "void": "void", "edited": "edited",
        "balance": "Balance", "player": "Player", "deals_next": "Next dealer", "sits_out": "sits out",
        "sit_out": "sit out", "nothing": "Nobody owes anything.", "session": "Session", "stock": "Stock",
        "transfers": "Transfers", "closed": "closed", "open": "open", "recorded": "recorded",
        "rounded": "Rounded to", "moved": "Rounding", "total": "Total", "dealer": "Dealer",
        "restated": "restated", "corrected": "corrected", "season": "Season", "sessions": "sessions",
        "stock_back": "goes back in equal shares at the close, already counted in the transfers",
        "paid_before": "Already paid", "outstanding": "Still open", "warning": "Warning", "closing": "Closing",
    },
}


def words(lang: str) -> dict[str, str]:
    return WORDS.get(lang, WORDS["en"])


def tally(strokes: int, rules: TableRules) -> str:
    """A sheep's-head tally: each completed head drawn as a head, the rest as strokes.

    >>> from schafkopf_score.table import make_rules
    >>> tally(11, make_rules("deutscher", ["A", "B", "C", "D"]))
    '🐑 ||  (11)'
    """
    from ..rules.registry import find_family

    heads, rest = find_family(rules.family).head_split(rules, strokes)
    text = " ".join(["🐑" * heads] if heads else []) + (" " if heads and rest else "") + "|" * rest
    return f"{text or '-'}  ({strokes})"


def amount(value: int, rules: TableRules, unit: str, sign: bool = True) -> str:
    return format_value(value, unit, rules.currency, rules.language, sign=sign)


def _join(names: Sequence[str], lang: str) -> str:
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + f" {words(lang)['and']} " + names[-1]


def verdict(outcome: Outcome, lang: str) -> str:
    """``Anna und Ben gewinnen.`` / ``Anna loses.``"""
    w = words(lang)
    if not outcome.declarers or outcome.won is None:
        return ""
    many = len(outcome.declarers) > 1
    verb = (w["win"] if many else w["wins"]) if outcome.won else (w["lose"] if many else w["loses"])
    return f"{_join(outcome.declarers, lang)} {verb}."


def outcome_text(played: Played, title: str | None = None) -> str:
    rules = played.rules
    lang = rules.language
    out = played.outcome
    lines = []
    if title:
        lines.append(title)
    lines.append(out.explanation)
    v = verdict(out, lang)
    if v:
        lines.append(v)
    width = max(len(n) for n, _ in out.payouts) if out.payouts else 0
    for name, value in out.payouts:
        lines.append(f"  {name:<{width}}  {amount(value, rules, out.unit):>12}")
    if out.stock:
        lines.append(f"  {words(lang)['stock']:<{width}}  {amount(out.stock, rules, out.unit):>12}")
    if played.seating.sitting_out:
        verb = words(lang)["sits_out"] if len(played.seating.sitting_out) == 1 else words(lang)["sit_out"]
        lines.append(f"({words(lang)['dealer']}: {played.seating.dealer}; "
                     f"{_join(played.seating.sitting_out, lang)} {verb})")
    return "\n".join(lines)


def outcome_json(played: Played, **extra: Any) -> dict[str, Any]:
    out = played.outcome
    data: dict[str, Any] = {
        "game": out.game,
        "unit": out.unit,
        "payouts": out.payout_map(),
        "stock": out.stock,
        "value": out.value,
        "won": out.won,
        "declarers": list(out.declarers),
        "explanation": out.explanation,
        "dealer": played.seating.dealer,
        "active": list(played.seating.active),
        "sitting_out": list(played.seating.sitting_out),
    }
    data.update(dict(out.extra))
    data.update(extra)
    return data


def edit_text(old: Any, played: Played, hand: int) -> str:
    """``Spiel 16 korrigiert: Sauspiel Anna+Ben 72 -> Sauspiel Anna+Ben 72 Kontra`` and each
    player's payout before -> after."""
    from ..rules.registry import find_family

    rules = played.rules
    out = played.outcome
    w = words(rules.language)
    family = find_family(rules.family)
    before = family.describe(old.entry, old.outcome.get("declarers", ()), old.outcome.get("extra"),
                             lang=rules.language)
    after = family.describe(played.entry, out.declarers, out.extra, lang=rules.language)
    lines = [f"{w['hand']} {hand} {w['corrected']}: {before} -> {after}", out.explanation]
    v = verdict(out, rules.language)
    if v:
        lines.append(v)
    new = out.payout_map()
    names = list(dict.fromkeys([*old.payouts, *new]))
    width = max((len(n) for n in names), default=0)
    for name in names:
        lines.append(f"  {name:<{width}}  {amount(old.payouts.get(name, 0), rules, out.unit):>12} -> "
                     f"{amount(new.get(name, 0), rules, out.unit):>12}")
    if old.stock or out.stock:
        lines.append(f"  {w['stock']:<{width}}  {amount(old.stock, rules, out.unit):>12} -> "
                     f"{amount(out.stock, rules, out.unit):>12}")
    return "\n".join(lines)


def edit_json(old: Any, played: Played, hand: int) -> dict[str, Any]:
    """The corrected hand as ``outcome_json`` plus what it was before."""
    return outcome_json(played, hand=hand, before={"entry": old.entry.to_dict(), "payouts": dict(old.payouts),
                                                   "stock": old.stock})


def balances_text(balances: Mapping[str, int], rules: TableRules, unit: str) -> str:
    width = max((len(n) for n in balances), default=0)
    return "\n".join(f"  {n:<{width}}  {amount(v, rules, unit):>12}" for n, v in balances.items())


# -- rich -------------------------------------------------------------------------------------

def console() -> Any:
    from rich.console import Console

    class TableConsole(Console):
        def on_broken_pipe(self) -> None:
            """A reader that went away (``| head -1``) has what it wanted: exit 0, quietly
            (rich's own answer is exit 1)."""
            from ..files import stdout_to_devnull

            stdout_to_devnull()
            raise SystemExit(0)

    return TableConsole(highlight=False, soft_wrap=False)


def escape(text: str) -> str:
    """User text (names, comments) shown literally, never read as rich markup."""
    from rich.markup import escape as rich_escape

    return rich_escape(text)


def describe_entry(row: Any) -> str:
    """A short line for the sheet: ``Herz-Solo Anna 105`` / ``Sauspiel Anna+Ben 70``."""
    from ..rules.registry import find_family

    rec = row.record
    if row.played is not None:
        out = row.played.outcome
        return find_family(rec.rules.family).describe(rec.entry, out.declarers, out.extra, lang=rec.rules.language)
    return find_family(rec.rules.family).describe(rec.entry, rec.outcome.get("declarers", ()), rec.outcome.get("extra"),
                                                  lang=rec.rules.language)


def print_sheet(views: Sequence[Any], cfg: Any) -> None:
    from rich.table import Table

    con = console()
    for view in views:
        rules = view.rules
        lang = rules.language
        w = words(lang)
        status = w["closed"] if view.closed else w["open"]
        sid = view.session.id if view.session else "-"
        table = Table(title=escape(f"{cfg.name}: {w['session']} {sid} ({status})"), show_lines=False)
        table.add_column("#", justify="right")
        table.add_column(w["dealer"])
        table.add_column(w["game"])
        for p in view.players:
            table.add_column(escape(p), justify="right")
        has_stock = view.stock or any(r.played and r.played.outcome.stock for r in view.rows)
        if has_stock:
            table.add_column(w["stock"], justify="right")
        running = {p: 0 for p in view.players}
        stock = 0
        for row in view.rows:
            rec = row.record
            desc = escape(describe_entry(row))
            if row.played is None:
                mark = w["edited"] if rec.void_kind == "edit" else w["void"]
                reason = escape(f": {rec.void_reason}") if rec.void_reason else ""
                cells = [f"[strike dim]{rec.hand}[/]", "", f"[strike dim]{desc}[/] ({mark}{reason})"]
                cells += ["" for _ in view.players] + ([""] if has_stock else [])
                table.add_row(*cells)
                continue
            out = row.played.outcome
            pay = out.payout_map()
            for n, a in pay.items():
                running[n] = running.get(n, 0) + a
            stock += out.stock
            tag = " *" if rec.replaces else ""
            cells = [f"{rec.hand}{tag}", escape(row.played.seating.dealer), desc]
            for p in view.players:
                text = (tally(running[p], rules) if out.unit == "stroke"
                        else amount(running[p], rules, out.unit, sign=False))
                cells.append(text if p in pay else f"[dim]{text}[/]")
            if has_stock:
                cells.append(amount(stock, rules, out.unit, sign=False))
            table.add_row(*cells)
        if view.bookings.get("payouts"):
            label = w["stock"] if "stock_return" in view.bookings else w["closing"]
            cells = ["", "", label + " →"]
            for p in view.players:
                running[p] = running.get(p, 0) + view.bookings["payouts"].get(p, 0)
                cells.append(amount(running[p], rules, view.unit, sign=False))
            if has_stock:
                cells.append(amount(stock + view.bookings.get("stock", 0), rules, view.unit, sign=False))
            table.add_row(*cells)
        con.print(table)
        if any(r.record.replaces for r in view.rows):
            con.print(f"* = {w['edited']}")
        if not view.closed:
            con.print(escape(next_dealer_line(view)))


def next_dealer_line(view: Any) -> str:
    w = words(view.rules.language)
    seating = view.next_seating()
    text = f"{w['deals_next']}: {seating.dealer}"
    if seating.sitting_out:
        verb = w["sits_out"] if len(seating.sitting_out) == 1 else w["sit_out"]
        text += f" ({_join(seating.sitting_out, view.rules.language)} {verb})"
    return text


def print_standings(balances: Mapping[str, int], rules: TableRules, unit: str, notes: Sequence[str],
                    title: str) -> None:
    from rich.table import Table

    w = words(rules.language)
    table = Table(title=escape(title))
    table.add_column(w["player"])
    table.add_column(w["balance"], justify="right")
    for n, v in balances.items():
        if unit == "stroke":
            table.add_row(escape(n), tally(v, rules))
            continue
        style = "green" if v > 0 else ("red" if v < 0 else "")
        table.add_row(escape(n), f"[{style}]{amount(v, rules, unit)}[/]" if style else amount(v, rules, unit))
    con = console()
    con.print(table)
    for note in notes:
        con.print(escape(note))


def settle_text(result: Any, rules: TableRules, parts: Sequence[Any] | None = None,
                closed_now: int | None = None) -> str:
    """The settlement as ``settle`` prints it; ``parts``: the sessions of a season (``--all``)."""
    w = words(rules.language)
    unit = result.unit
    title = w["balance"]
    if parts is not None:
        title += f" ({w['season']}, {len(parts)} {w['sessions']})"
    elif result.session is not None:
        title += f" ({w['session']} {result.session}{', ' + w['closed'] if result.closed else ''})"
    lines = [f"{title}:"]
    lines += [f"  {n:<12} {amount(v, rules, unit):>12}" for n, v in result.balances.items()]
    if result.stock:
        lines.append(f"  {w['stock']:<12} {amount(result.stock, rules, unit):>12}  ({w['stock_back']})")
    if result.round_to:
        lines.append(f"{w['rounded']} {amount(result.round_to, rules, unit, sign=False)}: " + (
            ", ".join(f"{n} {amount(d, rules, unit)}" for n, d in result.moved.items()) or "-"))
    paid = [p.session for p in parts or () if p.closed]
    if paid:
        lines.append(f"{w['paid_before']}: {w['session']} " + ", ".join(map(str, paid)) + ".")
    open_ids = [p.session for p in parts or () if not p.closed]
    heading = w["transfers"] if parts is None else (
        f"{w['outstanding']} ({w['session']} {open_ids[0]})" if open_ids else w["outstanding"])
    lines.append(f"{heading}:")
    lines += [f"  {transfer_line(t, rules, unit)}" for t in result.transfers] or [f"  {w['nothing']}"]
    lines += [f"{w['warning']}: {text}" for text in result.warnings]
    if closed_now is not None:
        lines.append(f"{w['session']} {closed_now} {w['closed']}.")
    return "\n".join(lines)


def print_season(columns: Sequence[Any], total: Mapping[str, int], rules: TableRules, unit: str,
                 notes: Sequence[str], title: str) -> None:
    """``standings --all``: a column per session (its date) and the total."""
    from rich.table import Table

    w = words(rules.language)
    table = Table(title=escape(title))
    table.add_column(w["player"])
    for col in columns:
        table.add_column(f"{col.date}\n#{col.session}" + ("" if col.closed else f" ({w['open']})"), justify="right")
    table.add_column(w["total"], justify="right")
    def show(v: int) -> str:
        return tally(v, rules) if unit == "stroke" else amount(v, rules, unit)

    for n, v in total.items():
        table.add_row(escape(n), *[show(col.balances.get(n, 0)) for col in columns], show(v))
    con = console()
    con.print(table)
    for note in notes:
        con.print(escape(note))


def transfer_line(t: Any, rules: TableRules, unit: str = "cent") -> str:
    w = words(rules.language)
    return f"{t.payer} {w['pays']} {t.payee} {amount(t.amount, rules, unit, sign=False)}"
