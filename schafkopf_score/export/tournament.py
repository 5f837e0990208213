"""A tournament's lists to print and to publish: each round's table lists (by table, and by name
for the entrance), a table's sheet, the ranking and the prize list, as plain text, CSV (``csv``:
comma, the English column names scripts read; ``csv-de``: semicolon, German column names, a
byte-order mark for German Excel) and one self-contained HTML page (no script, no external
resource, ``viewport`` meta, every name escaped; prints black on white on A4).

Pure functions of plain data: the tables of a round (``[{"tisch", "players", "numbers",
"games", "done", "paper"}]``), the ranking (``Standing.to_json()`` rows) and the awards."""

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
    ".provisional{border:2px solid #b3261e;color:#b3261e;padding:4px 10px;font-weight:bold;display:inline-block}"
    "@page{size:A4;margin:12mm}"
    "@media print{body{max-width:none;padding:0;font:11pt/1.3 Georgia,serif}"
    "*{color:#000!important;background:#fff!important}.scroll{overflow:visible}th,td{border:1px solid #000}"
    "tr,.tisch{break-inside:avoid}}"
)


def _page(title: str, lang: str, body: list[str]) -> str:
    return "\n".join([
        "<!DOCTYPE html>", f'<html lang="{lang}">', "<head>", '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title>", f"<style>{STYLE}</style>", "</head>", "<body>",
        "<main>", f"<h1>{escape(title)}</h1>", *body, "</main>", "</body>", "</html>", ""])  # (one main landmark)


def _csv(rows: Sequence[Sequence[Any]], german: bool) -> str:
    sep = ";" if german else ","
    lines = [sep.join(str(c) if type(c) is int else text_cell(c) for c in row) for row in rows]
    return ("\ufeff" if german else "") + "".join(line + "\r\n" for line in lines)


# -- the table lists of a round ------------------------------------------------------------------

def _who(player: str, number: int | None) -> str:
    """``#17 Anna`` (a stand-in has no number)."""
    return f"#{number} {player}" if number else player


def _numbers(t: dict[str, Any]) -> list[int | None]:
    return list(t.get("numbers") or [None] * len(t["players"]))


def tables_text(name: str, round_no: int, tables: Sequence[dict[str, Any]], lang: str) -> str:
    """``Runde 2`` and per table its players in seat order (the first deals first), with start
    numbers; a table that handed in paper totals says so, with each player's total."""
    lines = [say("tournament.tables_title", lang, name=name, round=round_no)]
    for t in tables:
        lines.append("")
        paper = t.get("paper")
        if paper is not None:
            lines.append(say("tournament.table_head_paper", lang, tisch=t["tisch"], count=len(t["players"])))
        else:
            lines.append(say("tournament.table_head", lang, tisch=t["tisch"], count=len(t["players"]),
                             done=t["done"], games=t["games"]))
        if t.get("three"):
            lines[-1] += "  " + say("tournament.mark_three", lang)
        for seat, (player, number) in enumerate(zip(t["players"], _numbers(t), strict=True), 1):
            first = "  " + say("tournament.deals_first", lang) if seat == 1 else ""
            total = f"  {paper['totals'].get(player, 0):+d}" if paper is not None and player in paper["totals"] else ""
            lines.append(f"  {seat}. {_who(player, number)}{_mark(t, player, lang)}{first}{total}")
    return "\n".join(lines) + "\n"


def _mark(t: dict[str, Any], player: str, lang: str) -> str:
    """`` (stand-in)`` or `` (withdrawn)`` after a name on a table list."""
    if player in t.get("standins", ()):
        return " " + say("tournament.mark_standin", lang)
    if player in t.get("withdrawn", ()):
        return " " + say("tournament.mark_withdrawn", lang)
    return ""


def tables_csv(round_no: int, tables: Sequence[dict[str, Any]], german: bool) -> str:
    """One row a seat: ``round,table,seat,player,number`` (seat 1 deals first; a stand-in has no
    number)."""
    lang = "de" if german else "en"
    head = [say(k, lang) for k in ("tournament.csv_round", "tournament.csv_table", "tournament.csv_seat",
                                   "tournament.csv_player", "tournament.csv_number")]
    rows: list[list[Any]] = [head]
    for t in tables:
        rows += [[round_no, t["tisch"], seat, player, number if number else ""]
                 for seat, (player, number) in enumerate(zip(t["players"], _numbers(t), strict=True), 1)]
    return _csv(rows, german)


def tables_html(name: str, round_no: int, tables: Sequence[dict[str, Any]], lang: str) -> str:
    body = [f'<p class="muted">{escape(say("tournament.html_tables_note", lang))}</p>', '<div class="tables">']
    for t in tables:
        body.append('<div class="tisch">')
        three = f" · {escape(say('tournament.mark_three', lang))}" if t.get("three") else ""
        paper = t.get("paper")
        state = (escape(say("tournament.paper_word", lang)) if paper is not None else
                 escape(say("tournament.done_of", lang, done=t["done"], games=t["games"])))
        body.append(f"<h2>{escape(say('tournament.table_n', lang, tisch=t['tisch']))}{three}"
                    f' <span class="muted">· {state}</span></h2>')
        items = []
        for p, n in zip(t["players"], _numbers(t), strict=True):
            total = f" <b>{paper['totals'].get(p, 0):+d}</b>" if paper is not None and p in paper["totals"] else ""
            items.append(f"<li>{escape(_who(p, n) + _mark(t, p, lang))}{total}</li>")
        body.append("<ol>" + "".join(items) + "</ol>")
        body.append("</div>")
    body.append("</div>")
    return _page(say("tournament.tables_title", lang, name=name, round=round_no), lang, body)


def _cells(text: str) -> int:
    """The terminal cells ``text`` takes: a wide character (李) two, a combining mark none."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 0 if unicodedata.combining(ch) else 1
               for ch in text)


def _left(text: str, width: int) -> str:
    return text + " " * max(width - _cells(text), 0)


def _right(text: str, width: int) -> str:
    return " " * max(width - _cells(text), 0) + text


# -- who sits where, by name (the entrance) ------------------------------------------------------

def by_name_text(name: str, round_no: int, rows: Sequence[dict[str, Any]], lang: str) -> str:
    """Every player of a round in alphabetical order: name, start number, table (and seat)."""
    width = max([_cells(r["player"]) for r in rows] + [_cells(say("tournament.col_player", lang))])
    lines = [say("tournament.by_name_title", lang, name=name, round=round_no), "",
             f"{_left(say('tournament.col_player', lang), width)}  {say('tournament.col_number', lang):>5}  "
             f"{say('tournament.col_table', lang):>5}  {say('tournament.col_seat', lang):>5}"]
    for r in rows:
        number = f"#{r['number']}" if r["number"] else ""
        lines.append(f"{_left(r['player'], width)}  {number:>5}  {r['tisch']:>5}  {r['seat']:>5}")
    return "\n".join(lines) + "\n"


def by_name_csv(round_no: int, rows: Sequence[dict[str, Any]], german: bool) -> str:
    """``player,number,round,table,seat``, in alphabetical order."""
    lang = "de" if german else "en"
    head = [say(k, lang) for k in ("tournament.csv_player", "tournament.csv_number", "tournament.csv_round",
                                   "tournament.csv_table", "tournament.csv_seat")]
    out: list[list[Any]] = [head]
    out += [[r["player"], r["number"] or "", round_no, r["tisch"], r["seat"]] for r in rows]
    return _csv(out, german)


def by_name_html(name: str, round_no: int, rows: Sequence[dict[str, Any]], lang: str) -> str:
    cols = [say(k, lang) for k in ("tournament.col_player", "tournament.col_number", "tournament.col_table",
                                   "tournament.col_seat")]
    head = "<tr>" + "".join(f"<th>{escape(c)}</th>" for c in cols) + "</tr>"
    body_rows = [f"<tr><td>{escape(r['player'])}</td><td class=\"n\">{'#' + str(r['number']) if r['number'] else ''}"
                 f"</td><td class=\"n\"><b>{r['tisch']}</b></td><td class=\"n\">{r['seat']}</td></tr>" for r in rows]
    return _page(say("tournament.by_name_title", lang, name=name, round=round_no), lang,
                 ['<div class="scroll"><table class="by-name">', head, *body_rows, "</table></div>"])


# -- a table's sheet ------------------------------------------------------------------------------

def sheet_text(data: dict[str, Any], lang: str) -> str:
    """``tournament sheet``: the table's hands with running totals (full names, as wide as they
    are), or its paper totals with how they were entered and corrected."""
    players, hands, numbers = data["players"], data["hands"], data.get("numbers") or [None] * len(data["players"])
    paper = data.get("paper")
    if paper is not None:
        lines = [say("tournament.sheet_title_paper", lang, tisch=data["tisch"], round=data["round"])]
        width = max(_cells(_who(p, n)) for p, n in zip(players, numbers, strict=True))
        cols = [say(k, lang) for k in ("tournament.col_points", "tournament.col_solos", "tournament.col_won")]
        lines.append(f"  {'':<{width}}  " + "  ".join(f"{c:>8}" for c in cols))
        for p, n in zip(players, numbers, strict=True):
            lines.append(f"  {_left(_who(p, n), width)}  {paper['totals'].get(p, 0):>+8d}  {paper['solos'].get(p, 0):>8}  "
                         f"{paper['won'].get(p, 0):>8}")
    else:
        lines = [say("tournament.sheet_title", lang, tisch=data["tisch"], round=data["round"], done=data["done"],
                     games=data["games"])]
        names = [_who(p, n) for p, n in zip(players, numbers, strict=True)]
        col = [max(_cells(n), 6) for n in names]
        width = max((_cells(h["description"]) for h in hands), default=10)
        lines.append(f"{'#':>3}  {'':<{width}}  " + "  ".join(_right(n, w) for n, w in zip(names, col, strict=True)))
        for h in hands:
            if h["void"]:
                continue
            cells = "  ".join(f"{h['running'][p]:>{w}}" if p in h["payouts"] else f"{'(' + str(h['running'][p]) + ')':>{w}}"
                              for p, w in zip(players, col, strict=True))
            lines.append(f"{h['hand']:>3}  {_left(h['description'], width)}  {cells}")
    for item in data.get("history") or ():  # the totals in seat order, as the sheet shows them
        seated = {n: item["totals"][n] for n in players if n in item["totals"]}
        lines.append(_history_line({**item, "totals": {**seated, **item["totals"]}}, lang))
    return "\n".join(lines) + "\n"


def _history_line(item: dict[str, Any], lang: str) -> str:
    """One step of a table's paper totals: entered, replaced (with why), voided (with why)."""
    totals = ", ".join(f"{n} {v:+d}" if v else f"{n} 0" for n, v in item["totals"].items())
    reason = item.get("reason") or ""
    return say(f"tournament.history_{item['kind']}", lang, at=item["at"][:16].replace("T", " "), totals=totals,
               reason=reason or "-", tisch=item.get("tisch", ""), round=item.get("round", ""))


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
                 day: int | None = None, note: Any = None, corrections: Sequence[dict[str, Any]] = ()) -> str:
    """The ranking as text: the title, "provisional" and what is missing (``note``), the
    tie-break chain, a row a player with his start number, and the corrections of paper totals."""
    from ..i18n import render

    head = [_title(name, after, day, lang)]
    if note is not None:
        head.append(render(note, lang))
    head.append(say("tournament.counted_plus_only" if plus_only else "tournament.counted_plus_minus", lang))
    width = max([_cells(r["player"]) for r in rows] + [_cells(say("tournament.col_player", lang))])
    cols = [say(k, lang) for k in ("tournament.col_points", "tournament.col_solos",
                                   "tournament.col_won", "tournament.col_games")]
    lines = [*head, "", f"{'#':>4}  {say('tournament.col_number', lang):>5}  "
             f"{_left(say('tournament.col_player', lang), width)}  " + "  ".join(f"{c:>8}" for c in cols)]
    for r in rows:
        lot = "  " + say("tournament.by_lot", lang) if r["lot"] else ""
        number = f"#{r['number']}" if r.get("number") else ""
        lines.append(f"{r['rank']:>4}  {number:>5}  {_left(r['player'], width)}  {r['points']:>8}  {r['solos_won']:>8}  "
                     f"{r['games_won']:>8}  {r['games']:>8}{lot}{_player_mark(r, lang)}")
    if corrections:
        lines += ["", say("tournament.corrections_title", lang)]
        lines += ["  " + _history_line(c, lang) for c in corrections]
    return "\n".join(lines) + "\n"


def ranking_csv(rows: Sequence[dict[str, Any]], german: bool) -> str:
    """``rank,player,points,solos_won,games_won,games,lot,round_1,...,number``: the points of
    each round in a column of its own; ``lot`` 1 where the lot decided a tie; the start number
    last."""
    lang = "de" if german else "en"
    rounds = _rounds(rows)
    head = [say(k, lang) for k in ("tournament.csv_rank", "tournament.csv_player", "tournament.csv_points",
                                   "tournament.csv_solos_won", "tournament.csv_games_won",
                                   "tournament.csv_games", "tournament.csv_lot")]
    head += [say("tournament.csv_round_n", lang, round=r) for r in rounds]
    head.append(say("tournament.csv_number", lang))
    out: list[list[Any]] = [head]
    for r in rows:
        out.append([r["rank"], r["player"], r["points"], r["solos_won"], r["games_won"], r["games"], int(r["lot"]),
                    *(r["rounds"].get(k, "") for k in rounds), r.get("number") or ""])
    return _csv(out, german)


def _cls(value: int) -> str:
    return ' class="n pos"' if value > 0 else (' class="n neg"' if value < 0 else ' class="n"')


def ranking_html(name: str, rows: Sequence[dict[str, Any]], lang: str, plus_only: bool, after: int,
                 day: int | None = None, note: Any = None, corrections: Sequence[dict[str, Any]] = ()) -> str:
    from ..i18n import render

    rounds = _rounds(rows)
    cols = [say(k, lang) for k in ("tournament.col_number", "tournament.col_player", "tournament.col_points",
                                   "tournament.col_solos", "tournament.col_won", "tournament.col_games")]
    head = "<tr><th>#</th>" + "".join(f"<th>{escape(c)}</th>" for c in cols)
    head += "".join(f"<th>{escape(say('tournament.round_short', lang, round=r))}</th>" for r in rounds) + "</tr>"
    body_rows = []
    for r in rows:
        lot = f' <span class="muted">{escape(say("tournament.by_lot", lang))}</span>' if r["lot"] else ""
        mark = _player_mark(r, lang).strip()
        lot += f' <span class="muted">{escape(mark)}</span>' if mark else ""
        number = f"#{r['number']}" if r.get("number") else ""
        cells = [f'<td class="n">{r["rank"]}</td>', f'<td class="n">{number}</td>', f"<td>{escape(r['player'])}{lot}</td>",
                 f"<td{_cls(r['points'])}><b>{r['points']}</b></td>", f'<td class="n">{r["solos_won"]}</td>',
                 f'<td class="n">{r["games_won"]}</td>', f'<td class="n">{r["games"]}</td>']
        cells += [f"<td{_cls(r['rounds'][k])}>{r['rounds'][k]}</td>" if k in r["rounds"] else "<td></td>"
                  for k in rounds]
        body_rows.append("<tr>" + "".join(cells) + "</tr>")
    counted = say("tournament.counted_plus_only" if plus_only else "tournament.counted_plus_minus", lang)
    body = ([f'<p class="provisional">{escape(render(note, lang))}</p>'] if note is not None else []) + [
        f'<p class="muted">{escape(counted)}</p>', '<div class="scroll"><table class="ranking">', head, *body_rows,
        "</table></div>"]
    if corrections:
        body.append(f"<h2>{escape(say('tournament.corrections_title', lang))}</h2>")
        body.append("<ul>" + "".join(f"<li>{escape(_history_line(c, lang))}</li>" for c in corrections) + "</ul>")
    return _page(_title(name, after, day, lang), lang, body)


# -- the prize list -------------------------------------------------------------------------------

def prizes_html(name: str, awards: Sequence[Any], prizes: Any, lang: str, chain: Sequence[str], pool: Any,
                currency: str, note: Any = None, day: int | None = None) -> str:
    """The prize list as a page to print (A4): the pool, one row a prize, ties explained
    (``day``: a day's list, its title says so)."""
    from ..tournament.prizes import prizes_text, prizes_title

    lines = prizes_text(name, awards, prizes, lang, chain, pool, currency, note).rstrip("\n").split("\n")[1:]
    body = []
    if note is not None:
        body.append(f'<p class="provisional">{escape(lines.pop(0))}</p>')
    body.append("<ul class=\"prizes\">" + "".join(f"<li>{escape(x)}</li>" for x in lines[:-2] if x) + "</ul>")
    body.append(f'<p class="muted">{escape(lines[-1])}</p>')
    return _page(prizes_title(name, lang, day), lang, body)
