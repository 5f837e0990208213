"""The prize list (``[prizes]``, RULES §10): the top places, the middle rank, the second to last
and the last, from the ranking. Players tied on everything but the lot at a prize boundary are
named: with ``ties = "share"`` they share the prizes of the places they hold together; with
``ties = "break"`` the ranking's order (the lot, in the end) decides, and the award says so.
Pure: a function of the settings and the ranking."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..i18n import say
from ..table.tournament import Prizes


@dataclass(frozen=True)
class Award:
    """One prize: the ranks it is for (``first``..``last``), what it is (the prizes of those
    ranks, "" where only the place is given), who gets it, and the tie it settles: ``tied``
    the others with equal points, solos and games won; ``shared`` whether they share it."""

    kind: str  # place | middle | second_last | last
    first: int
    last: int
    prizes: tuple[str, ...]
    players: tuple[str, ...]
    tied: tuple[str, ...] = field(default_factory=tuple)
    shared: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "ranks": [self.first, self.last], "prizes": list(self.prizes),
                "players": list(self.players), "tied": list(self.tied), "shared": self.shared}


def _wanted(prizes: Prizes, count: int) -> list[tuple[int, str, str]]:
    """(rank, kind, prize) for every rank that gets something, best first, each rank once."""
    out: dict[int, tuple[str, str]] = {}
    for i, prize in enumerate(prizes.places, 1):
        if i <= count:
            out[i] = ("place", prize)
    extra = []
    if prizes.middle:
        extra.append(((count + 1) // 2, "middle", ""))
    if prizes.second_last and count >= 2:
        extra.append((count - 1, "second_last", ""))
    if prizes.last:
        extra.append((count, "last", "" if prizes.last == "-" else prizes.last))
    for rank, kind, prize in extra:
        if 1 <= rank <= count and rank not in out:
            out[rank] = (kind, prize)
    return [(rank, kind, prize) for rank, (kind, prize) in sorted(out.items())]


def prize_list(prizes: Prizes, standings: Sequence[Any], language: str) -> list[Award]:
    """Who gets what, best rank first (``standings``: the ranking, best first)."""
    count = len(standings)
    wanted = _wanted(prizes, count)
    by_rank = {rank: (kind, prize) for rank, kind, prize in wanted}
    done: set[int] = set()
    awards: list[Award] = []
    for rank, kind, prize in wanted:
        if rank in done:
            continue
        me = standings[rank - 1]
        group = [i + 1 for i, s in enumerate(standings) if s.key() == me.key()]
        if len(group) > 1 and prizes.ties == "share":
            held = [r for r in group if r in by_rank]
            done.update(held)
            awards.append(Award(kind, group[0], group[-1], tuple(by_rank[r][1] for r in held),
                                tuple(standings[r - 1].player for r in group), (), True))
            continue
        done.add(rank)
        tied = tuple(standings[r - 1].player for r in group if r != rank)
        awards.append(Award(kind, rank, rank, (prize,), (me.player,), tied, False))
    return awards


def prizes_text(name: str, awards: Sequence[Award], prizes: Prizes, language: str, chain: Sequence[str]) -> str:
    """The prize list to read out: one line a prize, ties named, the tie-break chain at the foot."""
    lines = [say("tournament.prizes_title", language, name=name)]
    if not prizes.any:
        lines.append(say("tournament.prizes_none", language))
    for a in awards:
        where = (say("tournament.prize_rank", language, rank=a.first) if a.first == a.last else
                 say("tournament.prize_ranks", language, first=a.first, last=a.last))
        label = {"middle": "tournament.prize_middle", "second_last": "tournament.prize_second_last",
                 "last": "tournament.prize_last"}.get(a.kind)
        if label:
            where += " " + say(label, language)
        what = " + ".join(p for p in a.prizes if p)
        line = f"{where}: {', '.join(a.players)}" + (f" ({what})" if what else "")
        if a.shared:
            line += "  " + say("tournament.prize_shared", language)
        elif a.tied:
            line += "  " + say("tournament.prize_tie_broken", language, names=", ".join(a.tied))
        lines.append(line)
    lines.append("")
    lines.append(say("tournament.tie_chain", language, chain=" > ".join(chain)))
    return "\n".join(lines) + "\n"
