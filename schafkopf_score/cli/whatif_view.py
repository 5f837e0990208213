"""``settle --tariff A/B`` and ``settle --rules FILE``: the evening as it stands and under the
other tariff, side by side (RULES §13), as text or ``--json``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from ..errors import IllegalEntry
from ..i18n import Text, say
from .app import emit_json, get


def show_what_if(ctx: typer.Context, tariff: str | None, rules_file: str | None, session: int | None, all_: bool,
                 round_to: int | None, others: list[str], as_json: bool) -> None:
    """Refuse what does not go with it (``others``: the other options given), read, print."""
    from ..app.whatif import what_if

    if others:
        raise IllegalEntry(Text("cli.whatif_alone", option="--tariff" if tariff is not None else "--rules",
                                others=", ".join(others)), Text("cli.whatif_alone_hint"))
    c = get(ctx)
    cfg = c.cfg()
    with c.ledger() as ledger:
        done = what_if(cfg, ledger, tariff=tariff, rules_file=rules_file, session=session, all_=all_,
                       round_to=round_to)
    if as_json:
        emit_json(done.to_json(cfg.language))
        return
    # the tariff as it was read (" 10,50" is 10/50, never a sum of 10,50 €)
    shown = "/".join(str(int(p)) for p in tariff.replace(",", "/").split("/")) if tariff is not None else ""
    under = say("cli.whatif_tariff", cfg.language, tariff=shown) if tariff is not None else Path(rules_file or "").name
    print_what_if(cfg, done, under)


def print_what_if(cfg: Any, done: Any, under: str) -> None:
    from rich.table import Table

    from .console import console, escape, print_line
    from .render import amount
    from .standings import stock_lines, transfer_line

    lang = cfg.language
    rules = cfg.snapshot()
    con = console()
    if done.season:
        head = say("cli.whatif_head_season", lang, count=len(done.now_parts), under=under)
    elif done.now.session is not None:
        head = say("cli.whatif_head_session", lang, session=done.now.session, under=under)
    else:
        head = say("cli.whatif_head_empty", lang, under=under)
    print_line(con, head)
    t = Table()
    t.add_column(say("cli.col_player", lang))
    t.add_column(say("cli.whatif_col_now", lang), justify="right")
    t.add_column(escape(say("cli.whatif_col_other", lang, under=under)), justify="right")  # a file's name: no markup
    t.add_column(say("cli.whatif_col_difference", lang), justify="right")
    # an evening: what is paid; the season: each player's money over it (as settle --all adds it
    # up: a closed evening as it was paid), the transfers below being what is still to pay
    now, other = (done.now.balances, done.other.balances) if done.season else (done.now.paid, done.other.paid)
    for name in dict.fromkeys([*now, *other]):
        a, b = now.get(name, 0), other.get(name, 0)
        t.add_row(escape(name), amount(a, rules, "cent"), amount(b, rules, "cent"), amount(b - a, rules, "cent"))
    con.print(t)
    if done.refused:
        print_line(con, say("cli.whatif_refused", lang, count=len(done.refused)))
        for r in done.refused:
            print_line(con, "  " + say("cli.whatif_refused_line", lang, session=r.session, hand=r.hand,
                                       reason=r.reason.render(lang)))
    print_line(con, say("cli.whatif_transfers_open" if done.season else "cli.whatif_transfers", lang, under=under))
    lines = [f"  {transfer_line(t, rules, 'cent')}" for t in done.other.transfers] + stock_lines(
        done.other, rules, "cent") or [f"  {say('cli.nothing_owed', lang)}"]
    for line in lines:
        print_line(con, line)
