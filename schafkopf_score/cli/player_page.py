"""``schafkopf stats --player NAME``: a player's own page as text (or ``--json``)."""

from __future__ import annotations

from typing import Any

import typer

from ..i18n import say
from .app import emit_json, get


def show_player_page(ctx: typer.Context, typed: str, session: int | None, all_: bool, as_json: bool) -> None:
    """Read the page (``app.player_page``) and print it."""
    from ..app.player_page import player_page

    c = get(ctx)
    cfg = c.cfg()
    with c.ledger() as ledger:
        page = player_page(cfg, ledger, typed, session, all_)
    if as_json:
        emit_json(page.to_json())
        return
    print_player_page(cfg, page)


def _share(won: int, hands: int) -> str:
    return f"{round(100 * won / hands)} %" if hands else "-"


def print_player_page(cfg: Any, page: Any) -> None:
    from rich.table import Table

    from ..app.reports import game_title
    from .charts import plain, sparkline
    from .console import console, escape, print_line
    from .insight_cmds import number
    from .render import amount

    lang = cfg.language
    rules = cfg.snapshot()
    family = cfg.family_obj()
    f = page.figures
    con = console()

    def money(v: int) -> str:
        return amount(v, rules, f.unit)

    if len(page.sessions) == 1:
        head = say("cli.page_title_session", lang, name=f.name, session=page.sessions[0])
    else:
        head = say("cli.page_title_sessions", lang, name=f.name, count=len(page.sessions))
    print_line(con, head)
    counted = "" if f.unit == "cent" else f"_{f.unit}"  # (points or strokes: what the page adds up)
    print_line(con, say(f"cli.page_summary{counted}", lang, hands=f.played.hands, won=f.played.won,
                        share=_share(f.played.won, f.played.hands), money=money(f.money)))
    r = page.rating
    if r is not None:
        key = "cli.page_rating_provisional" if r.provisional else "cli.page_rating"
        print_line(con, say(key, lang, rating=number(r.rating, lang), low=number(r.low, lang),
                            high=number(r.high, lang), rank=page.rank, of=page.rated,
                            trend=" " + sparkline([p.mu for p in r.history], 16, plain(con)) if len(r.history) > 1
                            else ""))
    if not f.played.hands:
        print_line(con, say("cli.page_no_hands", lang))
        return
    t = Table(title=escape(say("cli.page_games", lang)))
    money_col = "cli.page_col_money" if f.unit == "cent" else f"cli.page_col_{f.unit}"
    for col, right in (("cli.col_game", False), ("cli.col_hands", True), ("cli.page_col_won", True),
                       (money_col, True), ("cli.page_col_declarer", True), ("cli.page_col_partner", True)):
        t.add_column(say(col, lang), justify="right" if right else "left")
    for g in sorted(f.games.values(), key=lambda g: (-g.played.hands, g.game)):
        t.add_row(escape(game_title(family, g.game, lang)), str(g.played.hands), str(g.played.won), money(g.money),
                  f"{g.declarer.hands} ({g.declarer.won})", f"{g.partner.hands} ({g.partner.won})")
    con.print(t)
    if f.partners:
        t = Table(title=escape(say("cli.page_partners", lang)))
        for col, right in (("cli.col_player", False), ("cli.page_col_together", True), ("cli.page_col_won", True),
                           ("cli.page_col_share", True)):
            t.add_column(say(col, lang), justify="right" if right else "left")
        for p in f.partners:
            t.add_row(escape(p.name), str(p.hands), str(p.won), _share(p.won, p.hands))
        con.print(t)
    from ..insights.player import MIN_TOGETHER

    if f.buddy is None:
        print_line(con, say("cli.page_no_buddy", lang, hands=MIN_TOGETHER))
    else:
        print_line(con, say("cli.page_buddy", lang, name=f.buddy.name, won=f.buddy.won, hands=f.buddy.hands))
        if f.nemesis is not None:
            print_line(con, say("cli.page_nemesis", lang, name=f.nemesis.name, won=f.nemesis.won,
                                hands=f.nemesis.hands))
    for key, moment in (("cli.page_best", f.best), ("cli.page_worst", f.worst)):
        if moment is not None:
            print_line(con, say(key, lang, session=moment.session, hand=moment.hand,
                                game=game_title(family, moment.game, lang), amount=money(moment.amount)))
    current = (say("cli.page_run_won", lang, count=f.current) if f.current > 0
               else say("cli.page_run_lost", lang, count=-f.current) if f.current < 0 else "-")
    print_line(con, say("cli.page_streaks", lang, won=f.longest_won, lost=f.longest_lost, current=current))
    if family.page_kontra:  # in the family's word (Sheepshead's crack); none where it has no Kontra
        print_line(con, say(f"cli.page_{family.page_kontra}", lang, given=f.kontra_given.hands,
                            given_won=f.kontra_given.won, against=f.kontra_against.hands,
                            against_won=f.kontra_against.won))
    if f.record is not None and family.page_record_text:  # the record in the family's own terms
        counts = {key: t.hands for key, t in f.record.items()}
        counts.update({f"{key}_won": t.won for key, t in f.record.items()})
        print_line(con, say(family.page_record_text, lang, **counts))
