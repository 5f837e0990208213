"""Shell completion of the one-shot commands (``schafkopf --install-completion``): games, the
table's names, keywords of the short notation and suits, read from the table file in use."""

from __future__ import annotations

from typing import Any

import typer


def _table(ctx: typer.Context) -> Any:
    from ..table import find_table_path, load_table

    try:
        return load_table(find_table_path(ctx.find_root().params.get("table")))
    except Exception:  # no table here: nothing to offer, never a traceback in the shell
        return None


def _matching(words: list[str], incomplete: str) -> list[str]:
    from ..rules.matching import spellings

    typed = spellings(incomplete)
    hits = [w for w in dict.fromkeys(words) if any(f.startswith(t) for f in spellings(w) for t in typed)]
    # the shell keeps only what starts with the typed text: offer names in the case typed
    return [w.lower() if incomplete.islower() else w for w in hits]


def games(ctx: typer.Context, incomplete: str) -> list[str]:
    cfg = _table(ctx)
    if cfg is None:
        return []
    family = cfg.family_obj()
    suited = [s + g for s in family.suits for g in family.suited_games]
    return _matching([g.name for g in family.games] + sorted(family.game_table()) + suited, incomplete)


def names(ctx: typer.Context, incomplete: str) -> list[str]:
    cfg = _table(ctx)
    return _matching(list(cfg.players), incomplete) if cfg is not None else []


def suits(ctx: typer.Context, incomplete: str) -> list[str]:
    cfg = _table(ctx)
    return _matching(list(cfg.family_obj().suits), incomplete) if cfg is not None else []


def words(ctx: typer.Context, incomplete: str) -> list[str]:
    """After the game: names, keywords and suits."""
    from ..notation import keywords

    cfg = _table(ctx)
    if cfg is None:
        return []
    family = cfg.family_obj()
    return _matching([*cfg.players, *keywords(), *family.suits, *family.suit_words], incomplete)
