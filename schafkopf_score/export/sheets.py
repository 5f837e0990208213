"""A tournament round's score sheets to print (``tournament sheets``): one A4 page per table for
the paper list. Each page: the tournament's name, round and table; the seats in order with who
deals first and who writes; one numbered row per game with the dealer of that game (the dealer
sits out at a table of five), a column per player for the running total; the points preset
printed small at the foot; and, given the table server's address, a QR code to the table's page
(``segno``, an optional import: without it the address is printed instead).

One self-contained HTML page (no script, no external resource), every name escaped."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any
from urllib.parse import quote

from ..i18n import say

STYLE = (
    "*{box-sizing:border-box}body{margin:0;font:11pt/1.3 system-ui,Arial,sans-serif;color:#000;background:#fff}"
    ".sheet{padding:10mm 12mm;max-width:210mm;margin:0 auto}"
    "h1{font-size:15pt;margin:0 0 2mm}h2{font-size:12pt;margin:0 0 3mm}"
    ".head{display:flex;justify-content:space-between;gap:6mm;align-items:flex-start}"
    ".seats{margin:0 0 3mm;padding-left:6mm}.seats li{margin:.5mm 0}"
    ".qr{text-align:center;font-size:7pt}.qr svg{display:block;margin:0 auto}"
    "table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}"
    "th,td{border:1px solid #000;padding:0 2mm;height:6.2mm;text-align:left}th{background:#eee}"
    "td.n{width:9mm;text-align:right}td.out{background:#ddd;text-align:center;color:#555}td.dealer{width:24mm;font-size:8pt;color:#333}"
    ".foot{margin-top:3mm;font-size:7.5pt;color:#333}.standin{font-style:italic}"
    "@page{size:A4 portrait;margin:0}"
    "@media print{.sheet{break-after:page;page-break-after:always;max-width:none}"
    ".sheet:last-child{break-after:auto;page-break-after:auto}th,td.out{background:#ddd!important;"
    "-webkit-print-color-adjust:exact;print-color-adjust:exact}}"
    "@media screen{.sheet{border-bottom:2px dashed #999}}"
)


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
        out.append(f"<li{cls}>{escape(p)}" + (f" {escape(' '.join(notes))}" if notes else "") + "</li>")
    out.append("</ol></div>")
    if url_base:
        url = f"{url_base.rstrip('/')}/tisch/{t['tisch']}"
        # with the table's own access code (schafkopf serve): a phone that scans it is that table
        svg = qr_svg(f"{url}?k={quote(code, safe='')}" if code else url)
        out.append('<div class="qr">' + (svg or "") + f"<div>{escape(url)}</div></div>")
    out.append("</div>")
    head = "".join(f"<th>{escape(p)}</th>" for p in players)
    out.append(f"<table><thead><tr><th>#</th><th>{escape(say('tournament.col_dealer', lang))}</th>"
               f"<th>{escape(say('tournament.col_game', lang))}</th>{head}</tr></thead><tbody>")
    for g in range(1, t["games"] + 1):
        dealer = players[(g - 1) % n]
        # at a table of five the dealer sits out: his cell is struck through on the paper
        cells = "".join('<td class="out">–</td>' if n == 5 and p == dealer else "<td></td>" for p in players)
        out.append(f'<tr><td class="n">{g}</td><td class="dealer">{escape(dealer)}</td><td></td>{cells}</tr>')
    out.append("</tbody></table>")
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
