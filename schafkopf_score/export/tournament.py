"""A tournament's lists to print and to publish: each round's table lists and the ranking, as
plain text, CSV (``csv``: comma, the English column names scripts read; ``csv-de``: semicolon,
German column names, a byte-order mark for German Excel) and one self-contained HTML page (no
script, no external resource, ``viewport`` meta, every name escaped; prints black on white).

Pure functions of plain data: the tables of a round (``[{"tisch", "players", "games",
"done"}]``) and the ranking (``Standing.to_json()`` rows)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from ..i18n import say
from .spreadsheet import text_cell

FORMATS = ("text", "csv", "csv-de", "html")

STYLE = (
    "*{box-sizing:border-box}html{-webkit-text-size-adjust:100%;text-size-adjust:100%}"
    "body{margin:0 auto;max-width:980px;padding:12px 14px 32px;font:16px/1.45 system-ui,-apple-system,"
    "\"Segoe UI\",Roboto,Arial,sans-serif;color:#111;background:#fff;overflow-wrap:anywhere}"
    "h1{font-size:1.5rem;margin:.3em 0 .1em}h2{font-size:1.15rem;margin:1.2em 0 .3em}p{margin:.4em 0}"
    ".muted{color:#555}.scroll{overflow-x:auto;max-width:100%}"
    "table{border-collapse:collapse;font-variant-numeric:tabular-nums;margin:.2em 0}"
    "th,td{border:1px solid #c8c8c8;padding:4px 8px;white-space:nowrap}th{background:#f2f2f2;text-align:left}"
    ".n{text-align:right}td.pos{color:#1b6e2e}td.neg{color:#b3261e}"
    ".tables{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:12px}"
    ".tisch{border:2px solid #222;border-radius:6px;padding:6px 12px;break-inside:avoid}"
    ".tisch ol{margin:.3em 0;padding-left:1.4em}"
    "@media print{@page{margin:12mm}body{max-width:none;padding:0;font:11pt/1.3 Georgia,serif}"
    "*{color:#000!important;background:#fff!important}.scroll{overflow:visible}th,td{border:1px solid #000}"
    "tr,.tisch{break-inside:avoid}}"
)


def _page(title: str, lang: str, body: list[str]) -> str:
    return "\n".join([
        "<!DOCTYPE html>", f'<html lang="{lang}">', "<head>", '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title>", f"<style>{STYLE}</style>", "</head>", "<body>",
        f"<h1>{escape(title)}</h1>", *body, "</body>", "</html>", ""])


def _csv(rows: Sequence[Sequence[Any]], german: bool) -> str:
    sep = ";" if german else ","
    lines = [sep.join(str(c) if type(c) is int else text_cell(c) for c in row) for row in rows]
    return ("\ufeff" if german else "") + "".join(line + "\r\n" for line in lines)


# -- the table lists of a round ------------------------------------------------------------------

def tables_text(name: str, round_no: int, tables: Sequence[dict[str, Any]], lang: str) -> str:
    """``Runde 2`` and per table its players in seat order (the first deals first)."""
    lines = [say("tournament.tables_title", lang, name=name, round=round_no)]
    for t in tables:
        lines.append("")
        lines.append(say("tournament.table_head", lang, tisch=t["tisch"], count=len(t["players"]),
                         done=t["done"], games=t["games"]))
        if t.get("totals"):
            lines[-1] += "  " + say("tournament.mark_totals", lang)
        if t.get("three"):
            lines[-1] += "  " + say("tournament.mark_three", lang)
        for seat, player in enumerate(t["players"], 1):
            first = "  " + say("tournament.deals_first", lang) if seat == 1 else ""
            lines.append(f"  {seat}. {player}{_mark(t, player, lang)}{first}")
    return "\n".join(lines) + "\n"


def _mark(t: dict[str, Any], player: str, lang: str) -> str:
    """`` (stand-in)`` or `` (withdrawn)`` after a name on a table list."""
    if player in t.get("standins", ()):
        return " " + say("tournament.mark_standin", lang)
    if player in t.get("withdrawn", ()):
        return " " + say("tournament.mark_withdrawn", lang)
    return ""


def tables_csv(round_no: int, tables: Sequence[dict[str, Any]], german: bool) -> str:
    """One row a seat: ``round,table,seat,player`` (seat 1 deals first)."""
    lang = "de" if german else "en"
    head = [say(k, lang) for k in ("tournament.csv_round", "tournament.csv_table", "tournament.csv_seat",
                                   "tournament.csv_player")]
    rows: list[list[Any]] = [head]
    for t in tables:
        rows += [[round_no, t["tisch"], seat, player] for seat, player in enumerate(t["players"], 1)]
    return _csv(rows, german)


def tables_html(name: str, round_no: int, tables: Sequence[dict[str, Any]], lang: str) -> str:
    body = [f'<p class="muted">{escape(say("tournament.html_tables_note", lang))}</p>', '<div class="tables">']
    for t in tables:
        body.append('<div class="tisch">')
        three = f" · {escape(say('tournament.mark_three', lang))}" if t.get("three") else ""
        body.append(f"<h2>{escape(say('tournament.table_n', lang, tisch=t['tisch']))}{three}</h2>")
        body.append("<ol>" + "".join(f"<li>{escape(p + _mark(t, p, lang))}</li>" for p in t["players"]) + "</ol>")
        body.append("</div>")
    body.append("</div>")
    return _page(say("tournament.tables_title", lang, name=name, round=round_no), lang, body)


# -- the ranking --------------------------------------------------------------------------------

def _rounds(rows: Sequence[dict[str, Any]]) -> list[str]:
    return sorted({r for row in rows for r in row["rounds"]}, key=int)


def _title(name: str, after: int, day: int | None, lang: str) -> str:
    if day is not None:
        return say("tournament.ranking_title_day", lang, name=name, day=day)
    return say("tournament.ranking_title", lang, name=name, round=after)


def _player_mark(r: dict[str, Any], lang: str) -> str:
    marks = []
    if r.get("withdrawn"):
        marks.append(say("tournament.mark_withdrawn", lang))
    if r.get("joined"):
        marks.append(say("tournament.mark_joined", lang, round=r["joined"]))
    return ("  " + " ".join(marks)) if marks else ""


def ranking_text(name: str, rows: Sequence[dict[str, Any]], lang: str, plus_only: bool, after: int,
                 day: int | None = None) -> str:
    head = [_title(name, after, day, lang),
            say("tournament.counted_plus_only" if plus_only else "tournament.counted_plus_minus", lang)]
    width = max([len(r["player"]) for r in rows] + [len(say("tournament.col_player", lang))])
    cols = [say(k, lang) for k in ("tournament.col_points", "tournament.col_solos",
                                   "tournament.col_won", "tournament.col_games")]
    lines = [*head, "", f"{'#':>4}  {say('tournament.col_player', lang):<{width}}  "
             + "  ".join(f"{c:>8}" for c in cols)]
    for r in rows:
        lot = "  " + say("tournament.by_lot", lang) if r["lot"] else ""
        lines.append(f"{r['rank']:>4}  {r['player']:<{width}}  {r['points']:>8}  {r['solos_won']:>8}  "
                     f"{r['games_won']:>8}  {r['games']:>8}{lot}{_player_mark(r, lang)}")
    return "\n".join(lines) + "\n"


def ranking_csv(rows: Sequence[dict[str, Any]], german: bool) -> str:
    """``rank,player,points,solos_won,games_won,games,lot,round_1,...``: the points of each round
    in a column of its own; ``lot`` 1 where the lot decided a tie."""
    lang = "de" if german else "en"
    rounds = _rounds(rows)
    head = [say(k, lang) for k in ("tournament.csv_rank", "tournament.csv_player", "tournament.csv_points",
                                   "tournament.csv_solos_won", "tournament.csv_games_won",
                                   "tournament.csv_games", "tournament.csv_lot")]
    head += [say("tournament.csv_round_n", lang, round=r) for r in rounds]
    out: list[list[Any]] = [head]
    for r in rows:
        out.append([r["rank"], r["player"], r["points"], r["solos_won"], r["games_won"], r["games"], int(r["lot"]),
                    *(r["rounds"].get(k, "") for k in rounds)])
    return _csv(out, german)


def _cls(value: int) -> str:
    return ' class="n pos"' if value > 0 else (' class="n neg"' if value < 0 else ' class="n"')


def ranking_html(name: str, rows: Sequence[dict[str, Any]], lang: str, plus_only: bool, after: int,
                 day: int | None = None) -> str:
    rounds = _rounds(rows)
    cols = [say(k, lang) for k in ("tournament.col_player", "tournament.col_points", "tournament.col_solos",
                                   "tournament.col_won", "tournament.col_games")]
    head = "<tr><th>#</th>" + "".join(f"<th>{escape(c)}</th>" for c in cols)
    head += "".join(f"<th>{escape(say('tournament.round_short', lang, round=r))}</th>" for r in rounds) + "</tr>"
    body_rows = []
    for r in rows:
        lot = f' <span class="muted">{escape(say("tournament.by_lot", lang))}</span>' if r["lot"] else ""
        mark = _player_mark(r, lang).strip()
        lot += f' <span class="muted">{escape(mark)}</span>' if mark else ""
        cells = [f'<td class="n">{r["rank"]}</td>', f"<td>{escape(r['player'])}{lot}</td>",
                 f"<td{_cls(r['points'])}><b>{r['points']}</b></td>", f'<td class="n">{r["solos_won"]}</td>',
                 f'<td class="n">{r["games_won"]}</td>', f'<td class="n">{r["games"]}</td>']
        cells += [f"<td{_cls(r['rounds'][k])}>{r['rounds'][k]}</td>" if k in r["rounds"] else "<td></td>"
                  for k in rounds]
        body_rows.append("<tr>" + "".join(cells) + "</tr>")
    note = say("tournament.counted_plus_only" if plus_only else "tournament.counted_plus_minus", lang)
    body = [f'<p class="muted">{escape(note)}</p>', '<div class="scroll"><table class="ranking">', head, *body_rows, "</table></div>"]
    return _page(_title(name, after, day, lang), lang, body)
