"""The prize list (``[prizes]``, RULES §10): the top places, the middle rank, the second to last
and the last, from the ranking, with the money of the day: the pool (the entry fee times the
players registered, latecomers included) and each prize's amount (a fixed amount, a share of the
pool after the costs, or goods). A tie at a prize boundary is explained: players tied on
everything but the lot share the prizes of the places they hold with ``ties = "share"`` (the
amount each gets is said), else the tie-break that decided is named (solos won, games won, the
lot). Pure: a function of the settings, the ranking and the pool."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..i18n import Amount, Join, Text, render, say
from ..money import equal_shares
from ..table.tournament import SHARE, Prizes


@dataclass(frozen=True)
class Pool:
    """The money of the day: the entry fee, how many paid it, the costs taken off before the
    shares, in cents."""

    entry_fee: int = 0
    players: int = 0
    costs: int = 0

    @property
    def total(self) -> int:
        return self.entry_fee * self.players

    @property
    def shared(self) -> int:
        """What the shares (``"40%"``) are of: the pool after the costs."""
        return max(self.total - self.costs, 0)

    def to_json(self) -> dict[str, Any]:
        return {"entry_fee": self.entry_fee, "players": self.players, "pool": self.total, "costs": self.costs}


def amount_of(prize: str, pool: Pool, currency: str, language: str) -> int | None:
    """What a prize is worth in cents: a share of the pool (``"40%"``: of the pool after the
    costs, rounded down to the cent), an amount (``"100 €"``, ``"60"``), or None (goods, or a
    place without a prize).

    >>> amount_of("40%", Pool(1500, 61), "EUR", "de"), amount_of("100 €", Pool(), "EUR", "de")
    (36600, 10000)
    >>> amount_of("Geschenkkorb", Pool(), "EUR", "de") is None
    True
    """
    from ..session.settle import read_amount

    text = prize.strip()
    if not text:
        return None
    m = SHARE.fullmatch(text)
    if m:
        percent = Fraction(m.group(1).replace(",", "."))
        return int(percent * pool.shared / 100)
    try:
        return read_amount(text, currency, language)
    except OverflowError:
        return None


@dataclass(frozen=True)
class Award:
    """One prize: the ranks it is for (``first``..``last``), what it is (the prizes of those
    ranks, "" where only the place is given) and their amounts (cents, None for goods), who
    gets it, and the tie it settles: ``tied`` the others with equal points on the other side of
    the boundary, ``decided`` what decided it (``solos``, ``won``, ``lot``; "" where nothing
    was tied), ``shared`` whether they share it (``each``: the amount each gets)."""

    kind: str  # place | middle | second_last | last
    first: int
    last: int
    prizes: tuple[str, ...]
    players: tuple[str, ...]
    tied: tuple[str, ...] = field(default_factory=tuple)
    shared: bool = False
    amounts: tuple[int | None, ...] = ()
    each: tuple[int, ...] = ()
    decided: str = ""
    numbers: tuple[int | None, ...] = ()

    @property
    def amount(self) -> int | None:
        """What the prize is worth in all (None: goods only, or nothing)."""
        known = [a for a in self.amounts if a is not None]
        return sum(known) if known else None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "ranks": [self.first, self.last], "prizes": list(self.prizes),
                "amounts": list(self.amounts), "amount": self.amount, "players": list(self.players),
                "numbers": list(self.numbers), "tied": list(self.tied), "shared": self.shared,
                "each": list(self.each), "decided_by": self.decided or None}


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


def _decided(me: Any, other: Any) -> str:
    """What put two players of equal points in their order: ``solos``, ``won`` or ``lot``."""
    if me.solos_won != other.solos_won:
        return "solos"
    if me.games_won != other.games_won:
        return "won"
    return "lot"


def prize_list(prizes: Prizes, standings: Sequence[Any], language: str, pool: Pool | None = None,
               currency: str = "EUR", numbers: dict[str, int] | None = None) -> list[Award]:
    """Who gets what, best rank first (``standings``: the ranking, best first), each prize with
    its amount (``pool``: the money of the day) and how a tie at its boundary was decided."""
    pool = pool or Pool()
    numbers = numbers or {}
    count = len(standings)
    wanted = _wanted(prizes, count)
    by_rank = {rank: (kind, prize) for rank, kind, prize in wanted}

    def worth(rank: int) -> int | None:
        return amount_of(by_rank[rank][1], pool, currency, language) if rank in by_rank else None

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
            amounts = tuple(worth(r) for r in held)
            known = [a for a in amounts if a is not None]
            each = tuple(equal_shares(sum(known), len(group))) if known else ()
            names = tuple(standings[r - 1].player for r in group)
            awards.append(Award(kind, group[0], group[-1], tuple(by_rank[r][1] for r in held), names, (), True,
                                amounts, each, "", tuple(numbers.get(n) for n in names)))
            continue
        done.add(rank)
        # the players of equal points: what put this place's player before the next of them (or
        # after the one before) is said
        tied = [s.player for s in standings if s.points == me.points and s is not me]
        beside = [standings[j - 1] for j in (rank + 1, rank - 1) if 1 <= j <= count
                  and standings[j - 1].points == me.points]
        decided = _decided(me, beside[0]) if beside else ""
        awards.append(Award(kind, rank, rank, (prize,), (me.player,), tuple(tied), False, (worth(rank),), (),
                            decided, (numbers.get(me.player),)))
    return awards


def _money(cents: int, currency: str, language: str) -> str:
    return render(Amount(cents, currency), language)


def award_line(a: Award, language: str, currency: str = "EUR") -> str:
    """One prize as the list says it: the place, who (with start number), what and its amount,
    and how a tie was decided."""
    where = (say("tournament.prize_rank", language, rank=a.first) if a.first == a.last else
             say("tournament.prize_ranks", language, first=a.first, last=a.last))
    label = {"middle": "tournament.prize_middle", "second_last": "tournament.prize_second_last",
             "last": "tournament.prize_last"}.get(a.kind)
    if label:
        where += " " + say(label, language)
    who = ", ".join(f"#{n} {p}" if n else p for p, n in zip(a.players, a.numbers or (None,) * len(a.players),
                                                               strict=True))
    parts = []
    for prize, cents in zip(a.prizes, a.amounts or (None,) * len(a.prizes), strict=True):
        if prize:  # as the file writes it; a share of the pool with what it comes to
            parts.append(f"{prize} = {_money(cents, currency, language)}" if cents is not None and SHARE.fullmatch(prize)
                         else prize)
    what = " + ".join(parts)
    line = f"{where}: {who}" + (f" ({what})" if what else "")
    if a.shared:
        line += "  " + say("tournament.prize_shared_each" if a.each else "tournament.prize_shared", language,
                           each=_money(a.each[0], currency, language) if a.each else "")
    elif a.tied:
        line += "  " + say(f"tournament.prize_decided_{a.decided}", language, names=render(Join(a.tied, "and"),
                                                                                            language))
    return line


def prizes_title(name: str, language: str, day: int | None = None) -> str:
    """A prize list's title: the overall one, or a day's (``--day D``), as the ranking's says."""
    if day is not None:
        return say("tournament.prizes_title_day", language, name=name, day=day)
    return say("tournament.prizes_title", language, name=name)


def prizes_text(name: str, awards: Sequence[Award], prizes: Prizes, language: str, chain: Sequence[str],
                pool: Pool | None = None, currency: str = "EUR", provisional: Text | None = None,
                day: int | None = None) -> str:
    """The prize list to read out: the pool, one line a prize, ties explained, the tie-break
    chain at the foot (``provisional``: what is missing, said first; ``day``: a day's list, its
    title says so)."""
    lines = [prizes_title(name, language, day)]
    if provisional is not None:
        lines.append(render(provisional, language))
    if pool is not None and pool.entry_fee:
        lines.append(say("tournament.pool_line", language, players=pool.players,
                         fee=_money(pool.entry_fee, currency, language), pool=_money(pool.total, currency, language))
                     + (say("tournament.pool_costs", language, costs=_money(pool.costs, currency, language),
                            shared=_money(pool.shared, currency, language)) if pool.costs else ""))
    if not prizes.any:
        lines.append(say("tournament.prizes_none", language))
    for a in awards:
        lines.append(award_line(a, language, currency))
    lines.append("")
    lines.append(say("tournament.tie_chain", language, chain=" > ".join(chain)))
    return "\n".join(lines) + "\n"
