"""The cheatsheet as one HTML page with a print stylesheet for A4, made from ``docs/cheatsheet.md``
(the small part of Markdown that page uses)."""

from __future__ import annotations

import html
import re
from pathlib import Path

from .common import REGENERATE

CHEATSHEET_CSS = """\
@page { size: A4; margin: 10mm; }
body { font: 9.5pt/1.25 system-ui, sans-serif; color: #000; background: #fff; max-width: 190mm; margin: auto; }
h1 { font-size: 14pt; margin: 0 0 3pt; } h2 { font-size: 11pt; margin: 6pt 0 2pt; }
table { border-collapse: collapse; width: 100%; margin: 0 0 3pt; }
th, td { border: 0.5pt solid #555; padding: 1pt 3pt; text-align: left; vertical-align: top; }
code { font: 8.5pt ui-monospace, monospace; } p, ul { margin: 2pt 0 3pt; }
@media print { body { max-width: none; } a { color: #000; text-decoration: none; } table, tr { break-inside: avoid; } }
"""


def _inline(text: str) -> str:
    out = []
    for i, part in enumerate(re.split(r"`([^`]*)`", text)):
        if i % 2:
            out.append(f"<code>{html.escape(part)}</code>")
        else:
            part = html.escape(part)
            part = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", part)
            part = re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", part)
            out.append(part)
    return "".join(out)


def markdown_html(text: str, title: str) -> str:
    """The small part of Markdown the cheatsheet uses (headings, tables, lists, paragraphs,
    inline code, bold), as one self-contained page."""
    body: list[str] = []
    para: list[str] = []
    rows: list[list[str]] = []
    items: list[str] = []

    def flush() -> None:
        if para:
            body.append(f"<p>{_inline(' '.join(para))}</p>")
            para.clear()
        if rows:
            head, *rest = rows
            body.append("<table><thead><tr>" + "".join(f"<th>{_inline(c)}</th>" for c in head) + "</tr></thead><tbody>")
            body.extend(["<tr>" + "".join(f"<td>{_inline(c)}</td>" for c in r) + "</tr>" for r in rest])
            body.append("</tbody></table>")
            rows.clear()
        if items:
            body.append("<ul>" + "".join(f"<li>{_inline(i)}</li>" for i in items) + "</ul>")
            items.clear()

    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("<!--"):
            continue
        heading = re.match(r"(#+) (.*)", stripped)
        if heading:
            flush()
            level = len(heading.group(1))
            body.append(f"<h{level}>{_inline(heading.group(2))}</h{level}>")
        elif stripped.startswith("|"):
            if para or items:
                flush()
            cells = [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", stripped.strip("|"))]
            if not all(re.fullmatch(r":?-+:?", c) for c in cells):
                rows.append(cells)
        elif stripped.startswith("- "):
            if para or rows:
                flush()
            items.append(stripped[2:])
        elif not stripped:
            flush()
        else:
            if rows:
                flush()
            if items:
                items[-1] += " " + stripped
            else:
                para.append(stripped)
    flush()
    return ("<!DOCTYPE html>\n<html lang=\"de\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"<title>{html.escape(title)}</title>\n<!-- generated from cheatsheet.md by {REGENERATE} -->\n"
            f"<style>\n{CHEATSHEET_CSS}</style>\n</head>\n<body>\n" + "\n".join(body) + "\n</body>\n</html>\n")


def cheatsheet_html(root: Path) -> str:
    source = (root / "docs" / "cheatsheet.md").read_text(encoding="utf-8")
    return markdown_html(source, "schafkopf-score: Spickzettel / cheatsheet")
