"""The checks of an entry every family shares: options a game does not take, names among the
players of the hand, a partner, the result (Augen, per-player maps) within the deck (pure)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..errors import IllegalEntry
from ..i18n import Join, Text
from .family import ALWAYS_ALLOWED, Family, GameType, Initial, each_player, option_label
from .model import GameEntry, Seating, entry_defaults


def reject_foreign_options(entry: GameEntry, family: Family, game: GameType, extra_allowed: Iterable[str] = ()) -> None:
    """An option that means nothing for this game is a typo or a mix-up: say so."""
    allowed: frozenset[str] | None = game.__dict__.get("_allowed")
    if allowed is None:
        allowed = ALWAYS_ALLOWED | game.allowed
        object.__setattr__(game, "_allowed", allowed)  # frozen: a cache, not a change
    if extra_allowed:
        allowed = allowed | frozenset(extra_allowed)
    given = entry.given()
    if not given <= allowed:  # the first option given that is not allowed, in declaration order
        opt = option_label(next(name for name, _ in entry_defaults() if name in given and name not in allowed))
        raise IllegalEntry(Text("engine.option_foreign", option=opt, game=family.game_phrase(game.name)),
                           Text("engine.option_foreign_hint", option=opt))


def require_active(name: str | None, seating: Seating, option: str, family: Family, game: GameType) -> str:
    if name is None:
        who = option.lstrip("-")  # player, partner, picker
        role = Text(f"engine.needs.{who}")
        raise IllegalEntry(Text("engine.needs_name", game=Initial(family.game_phrase(game.name)), role=role,
                                option=option),
                           Text("engine.needs_name_hint", role=role, names=Join(seating.active)))
    check_active([name], seating)
    return name


def require_partner(entry: GameEntry, player: str, seating: Seating, family: Family, game: GameType,
                    hint: Text) -> str:
    """``--partner``: given, playing this hand, and not the declarer himself (``hint`` says
    who the partner is in this game)."""
    partner = require_active(entry.partner, seating, "--partner", family, game)
    if partner == player:
        raise IllegalEntry(Text("engine.own_partner", player=player), hint)
    return partner


def check_active(names: Iterable[str], seating: Seating) -> None:
    for name in names:
        if name not in seating.active:
            from .seating import seating_text

            raise IllegalEntry(Text("engine.not_playing", name=name, seating=seating_text(seating)),
                               Text("engine.not_playing_hint", names=Join(seating.active)))


def check_result(entry: GameEntry, *, total: int = 120, win_at: int = 61, option: str = "--augen",
                 word: Text | None = None, what: Text | None = None, side: Text | None = None,
                 no_trick: tuple[int, Text, Text] | None = None) -> None:
    """The declaring side's Augen (Sheepshead: points) are possible, and ``--schwarz`` and
    ``--won/--lost`` agree with them. Shared by every family: ``word`` is what is counted
    (Augen), ``what`` whose they are (the declaring side's Augen), ``side`` what the declaring
    side is called (side, party); ``no_trick``: the most a declaring side that took no trick
    holds where that is more than 0 (Sheepshead: the picker's bury counts for it), with the
    refusal and its hint beyond it."""
    a = entry.augen
    if a is None:
        return
    word = word or Text("engine.word.augen")
    what = what or Text("engine.what.declaring_augen")
    side = side or Text("engine.word.side")
    if not 0 <= a <= total:
        raise IllegalEntry(Text("engine.result_impossible", option=option, value=a, total=total, word=word),
                           Text("engine.result_impossible_hint", what=what, total=total))
    if no_trick is not None and entry.schwarz and a != total:
        most, refusal, hint = no_trick
        if a > most:
            raise IllegalEntry(refusal, hint)
    elif entry.schwarz and a not in (0, total):
        raise IllegalEntry(Text("engine.schwarz_but", option=option, value=a, side=side, word=word),
                           Text("engine.schwarz_but_hint", option=option, side=side, total=total))
    if entry.won is not None and entry.won != (a >= win_at):
        result = Text("engine.word.won") if a >= win_at else Text("engine.word.lost")
        raise IllegalEntry(
            Text("engine.result_contradicts", option=option, value=a, result=result,
                 flag="--won" if entry.won else "--lost"),
            Text("engine.result_contradicts_hint", word=word, win_at=win_at),
        )


def augen_map_total(amap: Sequence[tuple[str, int]], seating: Seating, total: int, word: Text | None = None,
                    option: str = "--augen") -> dict[str, int]:
    """Check a per-player Augen list: every active player once, each 0..total, summing to total."""
    word = word or Text("engine.word.augen")
    seen: dict[str, int] = {}
    for name, value in amap:
        if name in seen:
            raise IllegalEntry(Text("engine.map_twice", name=name), Text("engine.map_twice_hint", word=word))
        if not 0 <= value <= total:
            raise IllegalEntry(Text("engine.map_value", name=name, value=value, total=total, word=word),
                               Text("engine.map_value_hint"))
        seen[name] = value
    check_active(seen, seating)
    missing = [p for p in seating.active if p not in seen]
    if missing:
        raise IllegalEntry(Text("engine.map_lacks", option=option, names=Join(missing, "and")),
                           Text("engine.map_lacks_hint", word=word, form=each_player(seating.active)))
    s = sum(seen.values())
    if s != total:
        raise IllegalEntry(Text("engine.map_sum", word=word, sum=s, total=total),
                           Text("engine.map_sum_hint", word=word, total=total))
    return seen
