"""What every part of the documentation generator shares: where the repository is, the command
that regenerates, the width the help texts are rendered at, and how a heading becomes an anchor."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REGENERATE = "python -m schafkopf_score.docs"
WIDTH = 80  # the help texts are rendered at this width, whatever the terminal
MAN_WIDTH = 70  # man indents a section's text: the help texts a little narrower there


def anchor(title: str) -> str:
    """The anchor GitHub gives a heading: ``schafkopf tournament draw`` -> ``schafkopf-tournament-draw``."""
    slug = re.sub(r"[^\w\- ]", "", title.strip().lower())
    return slug.replace(" ", "-")



def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")
