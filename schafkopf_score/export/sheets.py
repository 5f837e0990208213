"""A tournament round's score sheets to print (``tournament sheets``): one A4 page per table for
the paper list, a table of five and long names included. Each page: the tournament's name,
round and table; the seats in order with start numbers, who deals first and who writes; one
numbered row per game with the dealer of that game (the dealer sits out at a table of five), a
column per player for the running total; a totals row with rows for the solos and games each
won (the tie-breaks), a box to tick once the totals add up to zero, lines to sign; the points
preset printed small at the foot; and, given the table server's address, a QR code to the
table's page (``segno``, an optional import: without it the address is printed instead).

One self-contained HTML page (no script, no external resource), every name escaped."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any
from urllib.parse import quote

from ..i18n import say

STYLE = (
    "*{box-sizing:border-box}html,body{margin:0;padding:0}"
    "body{font:10pt/1.25 system-ui,Arial,sans-serif;color:#000;background:#fff}"
    # one sheet is one A4 page whatever it holds: a fixed height, rows sized to fit (``_sheet``),
    # nothing that can grow (names wrap in the head, are cut in a cell): a table of five and long
    # names stay on their page
    ".sheet{width:210mm;height:296mm;padding:8mm 10mm 6mm;margin:0 auto;overflow:hidden;display:flex;"
    "flex-direction:column;page-break-inside:avoid;break-inside:avoid}"
    "h1{font-size:13pt;margin:0 0 1mm;overflow-wrap:anywhere}h2{font-size:11pt;margin:0 0 1.5mm}"
    ".head{display:flex;justify-content:space-between;gap:5mm;align-items:flex-start;max-height:40mm;"
    "overflow:hidden;flex:none}"
    ".seats{margin:0 0 2mm;padding-left:6mm;font-size:9pt}.seats li{margin:0;overflow-wrap:anywhere}"
    ".qr{text-align:center;font-size:7pt;flex:none}.qr svg{display:block;margin:0 auto;width:30mm;height:30mm}"
    "table{border-collapse:collapse;width:100%;table-layout:fixed;font-variant-numeric:tabular-nums;flex:none}"
    "th,td{border:1px solid #000;padding:0 1.5mm;text-align:left;overflow:hidden;white-space:nowrap;"
    "text-overflow:ellipsis}"
    "th{background:#eee;font-size:8pt;line-height:1.1;white-space:normal;overflow-wrap:anywhere;vertical-align:bottom;"
    "height:11mm;max-height:11mm}"
    "col.n{width:8mm}col.dealer{width:24mm}td.n{text-align:right}"
    "td.out{background:#ddd;text-align:center;color:#555}td.dealer{font-size:7.5pt;color:#333}"
    "tr.sum td{border-top:2.5px solid #000;font-weight:bold;height:8mm}tr.extra td{height:6mm;font-size:8pt}"
    ".check{display:flex;gap:6mm;margin-top:3mm;font-size:9pt;flex:none}"
    ".zero{border:2px solid #000;padding:1.5mm 3mm;white-space:nowrap}.box{display:inline-block;width:4.5mm;"
    "height:4.5mm;border:1.5px solid #000;vertical-align:middle;margin-left:2mm}"
    ".sign{flex:1;display:flex;gap:6mm}.sign div{flex:1;border-bottom:1px solid #000;height:9mm;display:flex;"
    "align-items:flex-end;font-size:7.5pt;color:#333}"
    ".foot{margin-top:2mm;font-size:7pt;color:#333;flex:none}.standin{font-style:italic}"
    "@page{size:A4 portrait;margin:0}"
    "@media print{.sheet{break-after:page;page-break-after:always}"
    ".sheet:last-child{break-after:auto;page-break-after:auto}th,td.out{background:#ddd!important;"
    "-webkit-print-color-adjust:exact;print-color-adjust:exact}}"
    "@media screen{.sheet{border-bottom:2px dashed #999}}"
)
# the height (mm) the game rows of one sheet share: A4 less the head, the names' row, the totals
# and tie-break rows, the zero-sum box and signatures, the foot and the margins
ROWS_MM = 180.0


def row_height(games: int) -> float:
    """The height of one game row (mm) so that a table's rows fit its page: at most 6.5 mm,
    less for a long round (a table of five plays 40 games: 4.2 mm).

    >>> row_height(32), row_height(40), row_height(8)
    (5.6, 4.5, 6.5)
    """
    return min(6.5, int(ROWS_MM / max(games, 1) * 10) / 10)


def qr_svg(url: str) -> str | None:
    """An inline SVG QR code of ``url``, or None where ``segno`` is not installed."""
    try:
        import segno
    except ImportError:
        return None
    return str(segno.make(url, error="m").svg_inline(scale=3))


def points_line(tariff: dict[str, int], settings: Any, lang: str) -> str:
    """The points preset in one small line (what the foot of each sheet says)."""
    parts = [say("tournament.foot_points", lang, preset=settings.preset, sauspiel=tariff.get("sauspiel", 1),
                 solo=tariff.get("solo", 5), schneider=tariff.get("schneider", 1),
                 schwarz=tariff.get("schwarz", 1), laufende=tariff.get("laufende", 0))]
    if settings.kontra:
        parts.append(say("tournament.foot_kontra", lang, kontra=settings.kontra))
    if settings.cap:
        parts.append(say("tournament.foot_cap", lang, cap=settings.cap))
    return "; ".join(parts)


def _sheet(name: str, round_no: int, t: dict[str, Any], lang: str, foot: str, url_base: str | None,
           code: str | None = None) -> list[str]:
    players: Sequence[str] = t["players"]
    numbers = list(t.get("numbers") or [None] * len(players))
    shown = {p: (f"#{n} {p}" if n else p) for p, n in zip(players, numbers, strict=True)}
    n = len(players)
    out = ['<section class="sheet">', '<div class="head"><div>',
           f"<h1>{escape(name)}</h1>",
           f"<h2>{escape(say('tournament.sheet_head', lang, round=round_no, tisch=t['tisch'], games=t['games']))}"
           + (f" · {escape(say('tournament.mark_three', lang))}" if t["three"] else "") + "</h2>",
           '<ol class="seats">']
    writer = [p for p in players if p not in t["standins"]][-1]  # the last seat (a stand-in never writes)
    for i, p in enumerate(players):
        notes = []
        if i == 0:
            notes.append(say("tournament.deals_first", lang))
        if p == writer:
            notes.append(say("tournament.writes", lang))
        if p in t["standins"]:
            notes.append(say("tournament.mark_standin", lang))
        cls = ' class="standin"' if p in t["standins"] else ""
        out.append(f"<li{cls}>{escape(shown[p])}" + (f" {escape(' '.join(notes))}" if notes else "") + "</li>")
    out.append("</ol></div>")
    if url_base:
        url = f"{url_base.rstrip('/')}/tisch/{t['tisch']}"
        # with the table's own access code (schafkopf serve): a phone that scans it is that table
        svg = qr_svg(f"{url}?k={quote(code, safe='')}" if code else url)
        out.append('<div class="qr">' + (svg or "") + f"<div>{escape(url)}</div></div>")
    out.append("</div>")
    head = "".join(f'<th class="p">{escape(shown[p])}</th>' for p in players)
    cols = '<col class="n"><col class="dealer"><col class="game">' + '<col class="p">' * n
    out.append(f"<table><colgroup>{cols}</colgroup><thead><tr><th>#</th>"
               f"<th>{escape(say('tournament.col_dealer', lang))}</th>"
               f"<th>{escape(say('tournament.col_game', lang))}</th>{head}</tr></thead><tbody>")
    height = row_height(t["games"])
    for g in range(1, t["games"] + 1):
        dealer = players[(g - 1) % n]
        # at a table of five the dealer sits out: his cell is struck through on the paper
        cells = "".join('<td class="out">–</td>' if n == 5 and p == dealer else "<td></td>" for p in players)
        out.append(f'<tr style="height:{height}mm"><td class="n">{g}</td><td class="dealer">{escape(dealer)}</td>'
                   f"<td></td>{cells}</tr>")
    empty = "<td></td>" * n
    out.append(f'<tr class="sum"><td></td><td colspan="2">{escape(say("tournament.sheet_total", lang))}</td>'
               f"{empty}</tr>")
    for key in ("tournament.sheet_solos_won", "tournament.sheet_games_won"):
        out.append(f'<tr class="extra"><td></td><td colspan="2">{escape(say(key, lang))}</td>{empty}</tr>')
    out.append("</tbody></table>")
    out.append('<div class="check">'
               f'<div class="zero">{escape(say("tournament.sheet_zero", lang))}<span class="box"></span></div>'
               '<div class="sign">'
               f'<div>{escape(say("tournament.sheet_sign_writer", lang))}</div>'
               f'<div>{escape(say("tournament.sheet_sign_player", lang))}</div></div></div>')
    out.append(f'<p class="foot">{escape(foot)}</p>')
    out.append("</section>")
    return out


def sheets_html(cfg: Any, settings: Any, round_no: int, tables: Sequence[dict[str, Any]],
                url_base: str | None = None, codes: dict[str, str] | None = None) -> str:
    """Every table's score sheet of a round, one printed A4 page each; with ``url_base`` a QR
    code to each table's page on the table server, carrying the table's code where ``codes``
    (the server's, ``tisch N`` -> code) has one."""
    lang = cfg.language
    foot = points_line(cfg.tariff, settings, lang)
    title = say("tournament.sheets_title", lang, name=cfg.name, round=round_no)
    body: list[str] = []
    for t in tables:
        body += _sheet(cfg.name, round_no, t, lang, foot, url_base, (codes or {}).get(f"tisch {t['tisch']}"))
    return "\n".join(["<!DOCTYPE html>", f'<html lang="{lang}">', "<head>", '<meta charset="utf-8">',
                      '<meta name="viewport" content="width=device-width, initial-scale=1">',
                      f"<title>{escape(title)}</title>", f"<style>{STYLE}</style>", "</head>", "<body>", *body,
                      "</body>", "</html>", ""])
