"""The HTML report's part of RULES §13: the ratings (a table, best first, and a chart of their
history) and a section per player (his page: games, partners, best and worst hand, streaks,
Kontra). Reads the report's ``insights`` (``app.insights_report``); every name is escaped."""

from __future__ import annotations

from collections.abc import Iterator
from html import escape
from typing import Any

from .html_report import Page, _cls, chart_figure, escaped, to_html
from .words import word


def _figure(x: float, lang: str) -> str:
    text = f"{x:.1f}"
    return text.replace(".", ",") if lang == "de" else text


def insights_block(page: Page) -> list[str]:
    """The ratings and the players' sections."""
    report = page.report
    data = report["insights"]
    lang = page.lang

    def w(key: str, **params: Any) -> str:
        return escaped(word(report, key, **params))

    out = ['<section class="ratings" id="ratings">', f"<h2>{w('export.ratings')}</h2>"]
    ratings = data["ratings"]
    if not ratings:
        out += [f"<p>{w('export.ratings_none')}</p>", "</section>"]
        return out
    rows = []
    for i, r in enumerate(ratings, 1):
        tag = f' <span class="tag">{w("export.provisional")}</span>' if r["provisional"] else ""
        rows.append(f'<tr><td class="n">{i}</td><td>{escaped(r["player"])}{tag}</td>'
                    f'<td class="n"><b>{_figure(r["rating"], lang)}</b></td>'
                    f'<td class="n">{_figure(r["low"], lang)} – {_figure(r["high"], lang)}</td>'
                    f'<td class="n">{r["hands"]}</td></tr>')
    out += ['<div class="scroll"><table class="ratings">',
            f'<thead><tr><th class="n">#</th><th>{w("export.player")}</th><th class="n">{w("export.rating")}</th>'
            f'<th class="n">{w("export.rating_range")}</th><th class="n">{w("export.col_hands")}</th></tr></thead><tbody>',
            *rows, "</tbody></table></div>",
            f'<p class="muted">{w("export.ratings_note", hands=data["provisional_hands"])}</p>']
    sessions = sorted({p["session"] for r in ratings for p in r["history"]})
    if len(sessions) > 1 and report.get("season"):  # the history on a season's page (an evening's has its own chart)
        index = {s: i for i, s in enumerate(sessions)}
        series: dict[str, list[int]] = {}
        for r in ratings:
            values: list[int | None] = [None] * len(sessions)
            for p in r["history"]:
                values[index[p["session"]]] = round(p["rating"] * 10)
            first = next(i for i, v in enumerate(values) if v is not None)
            line, last = [], values[first]
            for v in values[first:]:  # between his sessions a rating stays where it was
                last = v if v is not None else last
                line.append(int(last or 0))
            series[r["player"]] = [line[0]] * first + line  # before his first: drawn level with it
        labels = [f"#{s}" for s in sessions]
        out += [f"<h3>{w('export.ratings_chart')}</h3>",
                chart_figure(series, labels, lambda v: _figure(v / 10, lang), title=word(report, "export.ratings_chart"),
                             x_title=word(report, "export.axis_evening"), y_title=word(report, "export.rating"),
                             short_labels=labels)]
    out.append("</section>")
    # each player's money as settle shows it (the Stock, the cash rounding, early payouts: RULES
    # §7): the report's own season table where it has the sessions (the export), else the pages'
    season = page.season if "overview" in report else None
    settled = season.totals if season is not None and season.unit == report["unit"] else {}
    for p in data["pages"]:
        out += player_section(page, p, settled.get(p["player"], p["money"]))
    return out


def player_section(page: Page, p: dict[str, Any], paid: int) -> list[str]:
    """One player's page; ``paid``: his money as ``settle`` shows it."""
    report = page.report
    lang = page.lang
    unit = p["unit"]

    def w(key: str, **params: Any) -> str:
        return escaped(word(report, key, **params))

    def money(v: int) -> str:
        return f'<span class="{_cls(v)}">{page.money[v, unit, True]}</span>'

    name = escaped(p["player"])
    out = [f'<section class="player" id="player-{escape(p["player"], quote=True)}">', f"<h2>{name}</h2>",
           f"<p>{w('export.page_summary' if unit == 'cent' else f'export.page_summary_{unit}', hands=p['hands'], won=p['won'])}"
           f" {money(paid)}</p>"]
    r = p.get("rating")
    if r:
        tag = f' <span class="tag">{w("export.provisional")}</span>' if r["provisional"] else ""
        said = w("export.page_rating", rating=_figure(r["rating"], lang), low=_figure(r["low"], lang),
                 high=_figure(r["high"], lang), rank=r["rank"], of=r["of"])
        out.append(f"<p>{said}{tag}</p>")
    rows = [f'<tr><td>{escaped(g["title"])}</td><td class="n">{g["hands"]}</td><td class="n">{g["won"]}</td>'
            f'<td class="n {_cls(g["money"])}">{page.money[g["money"], unit, True]}</td>'
            f'<td class="n">{g["declarer"]["hands"]} ({g["declarer"]["won"]})</td>'
            f'<td class="n">{g["partner"]["hands"]} ({g["partner"]["won"]})</td></tr>' for g in p["by_game"]]
    money_col = "export.stats_money" if unit == "cent" else f"export.{unit}s"  # (points, strokes)
    out += ['<div class="scroll"><table>',
            f'<thead><tr><th>{w("export.game")}</th><th class="n">{w("export.col_hands")}</th>'
            f'<th class="n">{w("export.stats_won")}</th><th class="n">{w(money_col)}</th>'
            f'<th class="n">{w("export.page_declared")}</th><th class="n">{w("export.page_partner")}</th></tr></thead>'
            "<tbody>", *rows, "</tbody></table></div>"]
    if p["partners"]:
        together = ", ".join(w("export.page_mate", name=m["player"], won=m["won"], hands=m["hands"])
                             for m in p["partners"])
        out.append(f"<p>{w('export.page_together')} {together}</p>")
    for key, label in (("buddy", "export.page_buddy"), ("nemesis", "export.page_nemesis")):
        if p[key]:
            out.append(f"<p>{w(label, name=p[key]['player'], won=p[key]['won'], hands=p[key]['hands'])}</p>")
    for key, label in (("best_hand", "export.page_best"), ("worst_hand", "export.page_worst")):
        m = p[key]
        if m:
            out.append(f"<p>{w(label, session=m['session'], hand=m['hand'], game=m['title'])} {money(m['amount'])}</p>")
    s = p["streaks"]
    k = p["kontra"]
    streaks = w("export.page_streaks", won=s["won"], lost=s["lost"])
    said = p.get("kontra_text", "export.page_kontra")  # the family's word; None: it has no Kontra
    kontra = "; " + w(said, given=k["given"]["hands"], given_won=k["given"]["won"], against=k["against"]["hands"],
                      against_won=k["against"]["won"]) if said else ""
    out.append(f"<p>{streaks}{kontra}</p>")
    if p.get("record") and p.get("record_text"):  # the record in the family's own terms
        counts: dict[str, int] = {}
        for key, tally in zip(("declared", "alone", "partner", "each"), p["record"].values(), strict=True):
            counts[key], counts[f"{key}_won"] = tally["hands"], tally["won"]
        out.append(f"<p>{w(p['record_text'], **counts)}</p>")
    out.append("</section>")
    return out


def insights_html(data: dict[str, Any], language: str, unit: str, currency: str, players: list[str]) -> str:
    """The ratings and the players' pages as one HTML fragment (the table server's page shows
    it as the report does): ``data`` as ``app.insights_report.insights`` gives it."""
    report = {"language": language, "unit": unit, "currency": currency, "players": players, "insights": data,
              "season": True}
    return "\n".join(insights_block(Page(report)))


def to_html_page(report: dict[str, Any]) -> Iterator[str]:
    """The export's writer (``FORMATS["html"]``): the report as one page, with the ratings and
    each player's page where the report holds them (RULES §13); where it holds them only
    ``later`` (a callable: worked out aside while the evenings are written), they are waited
    for after the evenings."""
    later = report.get("insights_later")
    if later is None:
        return to_html(report, insights_block if report.get("insights") else None)

    def wait() -> Any:
        report["insights"] = later()
        return insights_block if report["insights"] else None

    return to_html(report, None, wait)
