"""The evening as a short plain text for a group chat (``export --format text``): the table
and date, each player's balance, who pays whom, and the best game. No table characters, no
markup: a chat shows it as it is."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .season import season_table
from .words import amount_text, date_text, difference_lines, later_sessions, session_title, stock_carried, stock_goes, stock_moves, word


def best_hand(s: dict[str, Any]) -> tuple[dict[str, Any], str, int] | None:
    """The hand that paid one player the most (the earlier one on a tie)."""
    best = None
    for h in s["hands"]:
        if h["void"] or not h.get("dealt", True):  # a draw or an early payout is no game
            continue
        for name, value in h.get("payouts", {}).items():
            if value > 0 and (best is None or value > best[2]):
                best = (h, name, value)
    return best


def to_text(report: dict[str, Any]) -> Iterator[str]:
    if not report["overview"]:
        yield f"{report['table']}: {word(report, 'export.no_games')}\n"
        return
    first = report["overview"][0]["session"]  # (a blank line before every other, wherever it is written)
    for s in report["sessions"]:
        st = s["settlement"]
        unit = st["unit"]
        lines = [] if s["session"] == first else [""]
        lines.append(f"{report['table']} · {session_title(report, s)}")
        played = sum(1 for h in s["hands"] if not h["void"] and h.get("dealt", True))  # a draw is no hand
        lines.append(word(report, "export.chat_hands", count=played))
        for h in s["hands"]:  # an early payout (settle --player): who was paid out, by whom
            if h.get("payment"):
                paid = ", ".join(word(report, "export.pays", payer=t["from"], payee=t["to"],
                                      amount=amount_text(int(t["amount"]), report)) for t in h["transfers"])
                lines.append(f"{h['description']}: {paid}" if paid else h["description"])
        shown = st.get("amounts") if st.get("closed") else st.get("balances")
        ranked = sorted((shown or s["balances"]).items(), key=lambda kv: -kv[1])
        lines.append(f"{word(report, 'export.balance')}: "
                     + ", ".join(f"{p} {amount_text(v, report, unit, sign=True)}" for p, v in ranked))
        if st["transfers"] or stock_moves(st):
            lines.append(f"{word(report, 'export.transfers')}:")
            lines += [word(report, "export.pays", payer=t["from"], payee=t["to"],
                           amount=amount_text(t["amount"], report, unit)) for t in st["transfers"]]
            lines += [word(report, key, **{**p, "amount": amount_text(p["amount"], report, unit)})
                      for key, p in stock_moves(st)]
        elif unit == "cent":
            lines.append(word(report, "export.nobody_owes"))
        difference = difference_lines(report, s)
        if difference is not None:  # closed again after a reopening: what changes hands now
            lines += [f"{word(report, 'export.difference')}:", *difference]
        if st.get("stock") and not st.get("closed"):  # an open evening's Stock: where it goes at the close
            lines.append(word(report, f"export.stock_transfers_{stock_goes(st)}",
                              amount=amount_text(st["stock"], report, unit)))
        elif stock_carried(st):  # a closed evening whose Stock opens the next
            lines.append(word(report, "export.stock_carried", amount=amount_text(stock_carried(st), report, unit)))
        best = best_hand(s)
        if best is not None:
            h, name, value = best
            lines.append(word(report, "export.chat_best", hand=h["hand"], description=h["description"],
                              player=name, amount=amount_text(value, report, sign=True)))
        yield "\n".join(lines) + "\n"
    yield from later_sessions(report)
    if report.get("season") and not report.get("body_only"):
        yield season_text(report)


def season_text(report: dict[str, Any]) -> str:
    """The season after its evenings (``export --all``): each player's total, the sums
    ``settle --all`` shows (every closed evening as it was paid, the open one as it stands),
    and the money still in the Stock."""
    table = season_table(report)
    dates = [date_text(report, s.get("date")) or str(s["session"]) for s in table.sessions]
    span = word(report, "export.season_one", first=dates[0]) if len(dates) == 1 else \
        word(report, "export.season_span", count=len(dates), first=dates[0], last=dates[-1])
    ranked = sorted(table.totals.items(), key=lambda kv: -kv[1])
    lines = ["", word(report, "export.chat_season", table=report["table"], span=span),
             word(report, "export.chat_season_total", balances=", ".join(
                 f"{p} {amount_text(v, report, table.unit, sign=True)}" for p, v in ranked))]
    if table.stock:
        lines.append(word(report, "export.chat_season_stock", amount=amount_text(table.stock, report, table.unit)))
    return "\n".join(lines) + "\n"
