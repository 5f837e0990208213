"""Settling up: the fewest transfers that clear a set of balances, and cash rounding (pure).

The minimum number of transfers is n minus the largest number of disjoint groups of players
whose balances sum to zero (each group of k clears with k-1 transfers, and no fewer). The
greedy largest-debtor-to-largest-creditor method misses that: debts 10/3/3 against credits
6/5/5 need 4 transfers, greedy makes 5. We search the subsets exactly (2^n, n nonzero
balances), which is instant for a table; above ``EXACT_LIMIT`` we fall back to greedy.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from ..rules.model import HandState, TableRules

_State = TypeVar("_State", "HandState", None)  # a state, or none, comes back as it went in

EXACT_LIMIT = 16

# the Stock as the payee of the money that goes into it at a close that carries it on to the next
# evening (``stock_at_close = "carry"``): a name no player has (names hold no control character)
STOCK_PARTY = "\x00stock"


@dataclass(frozen=True)
class Transfer:
    payer: str
    payee: str
    amount: int

    def to_dict(self) -> dict[str, object]:
        return {"from": self.payer, "to": self.payee, "amount": self.amount}


def zero_sum_groups(names: Sequence[str], balances: Mapping[str, int]) -> list[list[str]]:
    """Split the players with a non-zero balance into the most disjoint zero-sum groups."""
    people = [n for n in names if balances[n] != 0]
    n = len(people)
    if n == 0:
        return []
    if n > EXACT_LIMIT:
        return [people]
    vals = [balances[p] for p in people]
    full = (1 << n) - 1
    sums = [0] * (1 << n)
    for mask in range(1, full + 1):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + vals[low.bit_length() - 1]
    # best[mask]: most zero-sum groups a chain of removals from ``mask`` passes through
    best = [0] * (1 << n)
    for mask in range(1, full + 1):
        m = 0
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            if best[mask ^ low] > m:
                m = best[mask ^ low]
        best[mask] = m + (1 if sums[mask] == 0 else 0)
    # Walk back from the full set, cutting a group each time the running set sums to zero.
    groups: list[list[str]] = []
    mask = full
    boundary = full
    while mask:
        target = best[mask] - (1 if sums[mask] == 0 else 0)
        rest = mask
        step = 0
        while rest:
            low = rest & -rest
            rest ^= low
            if best[mask ^ low] == target:
                step = low
                break
        nxt = mask ^ step
        if sums[nxt] == 0:
            group_mask = boundary ^ nxt
            groups.append([people[i] for i in range(n) if group_mask >> i & 1])
            boundary = nxt
        mask = nxt
    return groups


def _clear_group(group: Sequence[str], balances: Mapping[str, int]) -> list[Transfer]:
    debt = {p: -balances[p] for p in group if balances[p] < 0}
    cred = {p: balances[p] for p in group if balances[p] > 0}
    order = {p: i for i, p in enumerate(group)}
    out = []
    while debt and cred:
        d = max(debt, key=lambda p: (debt[p], -order[p]))
        c = max(cred, key=lambda p: (cred[p], -order[p]))
        amount = min(debt[d], cred[c])
        out.append(Transfer(d, c, amount))
        debt[d] -= amount
        cred[c] -= amount
        if not debt[d]:
            del debt[d]
        if not cred[c]:
            del cred[c]
    return out


def fewest_transfers(balances: Mapping[str, int], order: Sequence[str] | None = None) -> list[Transfer]:
    """Transfers that clear ``balances`` (which must sum to zero), as few as possible.

    >>> [t.to_dict() for t in fewest_transfers({"Anna": 340, "Ben": -340})]
    [{'from': 'Ben', 'to': 'Anna', 'amount': 340}]
    """
    if sum(balances.values()) != 0:
        raise ValueError(f"balances sum to {sum(balances.values())}, not zero")
    names = tuple(order) if order is not None else tuple(balances)
    key = (names, tuple([balances[n] for n in names]))
    known = _CLEARED.get(key)
    if known is None:
        known = tuple(t for group in zero_sum_groups(names, balances) for t in _clear_group(group, balances))
        if len(_CLEARED) >= 1024:
            _CLEARED.clear()
        _CLEARED[key] = known
    return list(known)


# the transfers of balances cleared before, by the players in order and their balances (a
# season's evenings end alike again and again; the search is exponential in the players):
# bounded, emptied when full
_CLEARED: dict[tuple[tuple[str, ...], tuple[int, ...]], tuple[Transfer, ...]] = {}


def round_balances(balances: Mapping[str, int], unit: int) -> dict[str, int]:
    """Round every balance to a multiple of ``unit`` cents, keeping the sum zero.

    Each balance goes down to the multiple below; the units left over go to the largest
    remainders (ties to the earlier player), so no one moves by ``unit`` or more.
    """
    if unit <= 0:
        raise ValueError("unit must be positive")
    names = list(balances)
    floors = {n: (balances[n] // unit) * unit for n in names}
    left = (sum(balances.values()) - sum(floors.values())) // unit
    order = sorted(names, key=lambda n: (-(balances[n] - floors[n]), names.index(n)))
    for n in order[:left]:
        floors[n] += unit
    return floors


@dataclass(frozen=True)
class Settlement:
    """What the table hands over: the (rounded) balances and the transfers that clear them;
    ``stock_moves``: the transfers into or out of the Stock where the balances do not sum to
    zero (the Stock goes on to the next evening, or pays out what an evening opened with), with
    ``STOCK_PARTY`` as the Stock's side."""

    balances: dict[str, int]
    transfers: list[Transfer]
    unrounded: dict[str, int]
    moved: dict[str, int]  # what the cash rounding changed, by player
    stock_moves: list[Transfer] = field(default_factory=list)


def settle_up(balances: Mapping[str, int], round_to: int | None = None) -> Settlement:
    """Round to cash (if asked) and find the fewest transfers. Balances that do not sum to zero
    settle with the Stock: what they lack goes into it (a Stock carried on to the next evening),
    what they have over comes out of it (a Stock the evening opened with, paid back), as part of
    the fewest transfers (``stock_moves``); the cash rounding never changes the Stock, so that
    amount must be a whole multiple of ``round_to``.

    >>> settle_up({"Anna": 340, "Ben": -340}).transfers[0].to_dict()
    {'from': 'Ben', 'to': 'Anna', 'amount': 340}
    >>> [t.to_dict() for t in settle_up({"Anna": 10, "Ben": -50}).stock_moves]
    [{'from': 'Ben', 'to': '\\x00stock', 'amount': 40}]
    """
    exact = dict(balances)
    into = -sum(exact.values())  # what goes into the Stock (negative: what comes out of it)
    if into and round_to and into % round_to:
        from ..errors import IllegalEntry
        from ..i18n import Text

        raise IllegalEntry(Text("data.round_stock_in" if into > 0 else "data.round_stock_out", amount=abs(into),
                                round=round_to), Text("data.round_stock_hint"))
    money = round_balances(exact, round_to) if round_to else exact
    moved = {n: money[n] - exact[n] for n in exact if money[n] != exact[n]}
    if not into:
        return Settlement(money, fewest_transfers(money, list(money)), exact, moved)
    every = fewest_transfers({**money, STOCK_PARTY: into}, [*money, STOCK_PARTY])
    return Settlement(money, [t for t in every if STOCK_PARTY not in (t.payer, t.payee)], exact, moved,
                      [t for t in every if STOCK_PARTY in (t.payer, t.payee)])


# -- a session's and a season's settlement ------------------------------------------------------

@dataclass(frozen=True)
class SessionSettlement:
    """What one session settles to (RULES §7).

    ``balances`` is what ``settle`` shows: the money each player stands at. ``paid`` is what each
    pays (negative) or receives after the Stock goes back and the cash rounding: the amounts
    the ``transfers`` clear. They differ only while money sits in the Stock of an open session
    (then ``balances`` plus ``stock`` sum to zero). A closed session's settlement is the one
    stored at its close: shown as stored, never priced again (``check`` works it out again only
    to prove it follows from the games).
    """

    session: int | None
    closed: bool
    unit: str
    balances: dict[str, int]
    paid: dict[str, int]
    transfers: list[Transfer]
    exact: dict[str, int]  # ``paid`` before the cash rounding
    round_to: int | None = None
    stock: int = 0
    stock_return: dict[str, int] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)  # points / strokes / heads
    warnings: tuple[str, ...] = ()  # what to settle before the close (Muss-Solo still owed)

    @property
    def moved(self) -> dict[str, int]:
        """What the cash rounding changed, by player."""
        return {n: v - self.exact.get(n, 0) for n, v in self.paid.items() if v != self.exact.get(n, 0)}

    def stored(self) -> dict[str, Any]:
        """What a closing keeps of it (``bookings["settlement"]``)."""
        return {"unit": self.unit, "paid": self.paid, "exact": self.exact, "round": self.round_to,
                "transfers": [t.to_dict() for t in self.transfers], **self.extra}

    @classmethod
    def from_stored(cls, session: int | None, data: Mapping[str, Any], transfers: bool = True) -> SessionSettlement:
        """A closing's stored settlement (``stored``); without ``transfers`` (a season's money
        only: thousands of closings), with none."""
        paid = {str(n): int(v) for n, v in data["paid"].items()}
        extra = {k: v for k, v in data.items() if k not in ("unit", "paid", "exact", "round", "transfers")}
        exact = {str(n): int(v) for n, v in data.get("exact", paid).items()}
        return cls(session, True, str(data["unit"]), exact, paid,
                   [Transfer(str(t["from"]), str(t["to"]), int(t["amount"])) for t in data["transfers"]] if transfers else [],
                   exact, data.get("round"), extra=extra)

    def renamed(self, aliases: Mapping[str, str]) -> SessionSettlement:
        """The settlement with every earlier name as the player goes by now (``aliases``): a
        closing stored before a rename, beside figures worked out under the names now.

        >>> s = SessionSettlement(1, True, "cent", {"Ben": 10, "Cora": -10}, {"Ben": 10, "Cora": -10},
        ...                       [Transfer("Cora", "Ben", 10)], {"Ben": 10, "Cora": -10})
        >>> r = s.renamed({"Ben": "Benx"}); r.paid, r.transfers[0].payee
        ({'Benx': 10, 'Cora': -10}, 'Benx')
        """
        if not aliases:
            return self
        from dataclasses import replace

        def now(amounts: Mapping[str, int]) -> dict[str, int]:
            return merged(amounts, aliases)

        extra = {k: now(v) if isinstance(v, dict) and k != "stock_carried" else v for k, v in self.extra.items()}
        return replace(self, balances=now(self.balances), paid=now(self.paid), exact=now(self.exact),
                       stock_return=now(self.stock_return), extra=extra,
                       transfers=[Transfer(aliases.get(t.payer, t.payer), aliases.get(t.payee, t.payee), t.amount)
                                  for t in self.transfers])

    def reported(self) -> dict[str, Any]:
        """The settlement as a report shows it (``reports``, and the exports made from it): what
        was (or would be) paid (``amounts``, after the Stock's return and the cash rounding), the
        balances ``settle`` shows, and the rounding and transfers."""
        return {"amounts": self.paid, "balances": self.balances, "closed": self.closed, "unit": self.unit,
                "round": self.round_to, "stock": self.stock, "rounding": self.moved,
                "transfers": [t.to_dict() for t in self.transfers], **self.extra}

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"session": self.session, "closed": self.closed, "unit": self.unit,
                                "balances": self.balances, "paid": self.paid,
                                "transfers": [t.to_dict() for t in self.transfers], "stock": self.stock,
                                **self.extra}
        if self.stock:
            data["stock_return"] = self.stock_return
        if self.round_to:
            data.update({"round": self.round_to, "unrounded": self.exact, "rounding": self.moved})
        if self.warnings:
            data["warnings"] = list(self.warnings)
        return data


def named_now(rules: TableRules, state: _State, aliases: Mapping[str, str] | None) -> tuple[TableRules, _State]:
    """The snapshot of a session's last hand and the state after it with every earlier name as
    the player goes by now (a rename after the last hand): what the close books and settles (a
    Stock going back or carried on, Muss-Solo penalties) goes to the names the balances have.

    >>> from schafkopf_score.table import make_rules  # (a doctest only: the session imports no table)
    >>> named_now(make_rules("bavarian", ["A", "B", "C", "D"]), None, {"A": "Ann"})[0].players
    ('Ann', 'B', 'C', 'D')
    """
    if not aliases:
        return rules, state
    from dataclasses import replace

    from ..rules.registry import find_family

    rules = replace(rules, players=tuple(aliases.get(p, p) for p in rules.players))
    if state is not None:
        state = replace(state, own=find_family(rules.family).renamed_state(state.own, aliases))
    return rules, state


def settle_session(rules: TableRules, balances: Mapping[str, int], stock: int = 0, round_to: int | None = None,
                   session: int | None = None, closed: bool = False, state: HandState | None = None,
                   aliases: Mapping[str, str] | None = None) -> SessionSettlement:
    """Settle a session's balances (in the family's unit) under ``rules`` (the snapshot its
    hands were played with): money in the Stock is shown beside them and settled as it goes at
    the close (``stock_at_close``: back to the players, or on to the next evening, the players
    who owe putting it into the Stock); then the family's conversion to money and the cash
    rounding. ``state``: the state after the last hand (who paid into the Stock); ``aliases``:
    earlier names -> the names now (a rename after the last hand): the Stock goes back to, or
    is carried on for, the players under the names the balances have.

    >>> from schafkopf_score.table import make_rules  # (a doctest only: the session imports no table)
    >>> s = settle_session(make_rules("bavarian", ["A", "B", "C", "D"]), {"A": 30, "B": -10, "C": -30, "D": -30}, 40)
    >>> s.balances["A"], s.paid["A"], [t.to_dict() for t in s.transfers][0]
    (30, 40, {'from': 'C', 'to': 'A', 'amount': 20})
    """
    from ..rules.registry import find_family

    family = find_family(rules.family)
    if state is None:
        rules, _ = named_now(rules, None, aliases)
    else:
        rules, state = named_now(rules, state, aliases)
    back = family.pot_return(rules, stock, state)  # as it goes back at the close
    carried = family.pot_carried(rules, stock, state)  # as it goes on to the next evening
    after = dict(balances)
    for n, v in back.items():
        after[n] = after.get(n, 0) + v
    money, unit, extra = family.to_money(rules, after)
    if round_to and unit != "cent":  # the cash rounding has no cash to round (Sheepshead, point_value = 0)
        from ..errors import IllegalEntry
        from ..i18n import Text

        raise IllegalEntry(Text("data.round_no_money", value=round_to), Text("data.round_no_money_hint"))
    result = settle_up(money, round_to)
    if stock:  # where the Stock goes (a house rule's value)
        how = getattr(family.house(rules), "stock_at_close", None)
        extra = {**extra, **({"stock_at_close": str(how)} if how is not None else {})}
    if carried:  # what of it goes on to the next evening, by who paid it in
        extra = {**extra, "stock_carried": carried}
    if result.stock_moves:  # who puts money into the Stock, or takes it out
        extra = {**extra, **stock_moves(result.stock_moves)}
    # what each player stands at, never rounded (RULES §12); ``paid`` is what the transfers clear
    shown = dict(balances) if stock else dict(result.unrounded)
    return SessionSettlement(session, closed, unit, shown, dict(result.balances), result.transfers,
                             dict(result.unrounded), round_to, stock, back, extra)


def stock_moves(moves: Sequence[Transfer]) -> dict[str, list[dict[str, Any]]]:
    """The transfers into and out of the Stock as a settlement keeps them: ``into_stock``
    (``{"from": player, "amount": ...}``) and ``from_stock`` (``{"to": player, ...}``)."""
    into = [{"from": t.payer, "amount": t.amount} for t in moves if t.payee == STOCK_PARTY]
    out = [{"to": t.payee, "amount": t.amount} for t in moves if t.payer == STOCK_PARTY]
    return {**({"into_stock": into} if into else {}), **({"from_stock": out} if out else {})}


def settle_paper(balances: Mapping[str, int], round_to: int | None = None) -> SessionSettlement:
    """Balances in cents written on paper (``settle --from-balances``), settled as they are."""
    result = settle_up(balances, round_to)
    return SessionSettlement(None, False, "cent", dict(result.unrounded), dict(result.balances), result.transfers,
                             dict(result.unrounded), round_to)


def settle_season(parts: Sequence[SessionSettlement], aliases: Mapping[str, str] | None = None) -> SessionSettlement:
    """Several sessions together (``--all``): per player every closed session's money plus the
    open session's balance; the transfers are only what is still outstanding (the open
    session), never an evening that was already paid. ``aliases`` (earlier names -> the names
    now): an evening closed before a rename counts under the name the player goes by now.

    >>> closed = SessionSettlement(1, True, "cent", {"Ben": 10, "Cora": -10}, {"Ben": 10, "Cora": -10}, [], {})
    >>> settle_season([closed], {"Ben": "Benx"}).balances
    {'Benx': 10, 'Cora': -10}
    """
    aliases = aliases or {}

    def now(amounts: Mapping[str, int]) -> dict[str, int]:
        return merged(amounts, aliases)

    # a closed evening counts as it was paid (its cash rounding included), the open one as it stands
    balances = session_balances(now(p.paid if p.closed else p.balances) for p in parts)
    extra: dict[str, Any] = {}
    open_part = next((p for p in parts if not p.closed), None)
    for p in parts:
        for key, value in p.extra.items():  # points, strokes, heads: per player, added up
            if isinstance(value, dict) and key != "stock_carried":  # (a Stock carried on is no one's money)
                into = extra.setdefault(key, {})
                for n, v in now(value).items():
                    into[n] = into.get(n, 0) + v
    unit = parts[-1].unit if parts else "cent"
    if open_part is not None:  # where the open evening's Stock goes, and who puts it in
        extra.update({k: v for k, v in open_part.extra.items() if k in ("stock_at_close", "into_stock", "from_stock")})
    if open_part is None:  # every evening paid: the Stock the last one carried on is still held, as its closing says
        if parts and parts[-1].extra.get("stock_carried"):
            extra["stock_carried"] = now(parts[-1].extra["stock_carried"])
        return SessionSettlement(None, True, unit, balances, {n: 0 for n in balances}, [], {}, extra=extra)
    return SessionSettlement(None, False, unit, balances, open_part.paid, open_part.transfers, open_part.exact,
                             open_part.round_to, open_part.stock, open_part.stock_return, extra, open_part.warnings)


def close_difference(before: dict[str, Any], settlement: SessionSettlement,
                     aliases: Mapping[str, str] | None = None) -> dict[str, Any]:
    """What a session closed again pays on top of its earlier closing: per player the amount
    paid now less the amount paid then (under the name the player goes by now: ``aliases``,
    earlier names -> the names now), and the fewest transfers that clear it."""
    then: dict[str, int] = {}
    for name, v in before.get("settlement", {}).get("paid", {}).items():
        now = (aliases or {}).get(name, name)
        then[now] = then.get(now, 0) + v
    amounts = {n: settlement.paid.get(n, 0) - then.get(n, 0) for n in [*settlement.paid, *then]}
    amounts = {n: v for n, v in amounts.items() if v}
    # a Stock carried on to the next evening that changed (a weiter voided or added) makes the
    # amounts sum to what goes into the Stock now less what went in then: the Stock is a party
    # of the difference as of the settlement (``into_stock``, ``from_stock``)
    into = -sum(amounts.values())
    if not into:
        return {"amounts": amounts, "transfers": [t.to_dict() for t in fewest_transfers(amounts, list(amounts))]}
    every = fewest_transfers({**amounts, STOCK_PARTY: into}, [*amounts, STOCK_PARTY])
    return {"amounts": amounts,
            "transfers": [t.to_dict() for t in every if STOCK_PARTY not in (t.payer, t.payee)],
            **stock_moves([t for t in every if STOCK_PARTY in (t.payer, t.payee)])}


def merged(amounts: Mapping[str, int], aliases: Mapping[str, str]) -> dict[str, int]:
    """Amounts per player with every earlier name counted under the name the player goes by now.

    >>> merged({"Ben": 5, "Anna": -5, "Benedikt": 2}, {"Ben": "Benedikt"})
    {'Benedikt': 7, 'Anna': -5}
    """
    out: dict[str, int] = {}
    for name, amount in amounts.items():
        key = aliases.get(name, name)
        out[key] = out.get(key, 0) + amount
    return out


def session_balances(payouts: Iterable[Mapping[str, int]], bookings: Mapping[str, Any] | None = None,
                     players: Sequence[str] = ()) -> dict[str, int]:
    """Balances per player: every payout added up (a session's valid hands, or a season's
    sessions), plus what a close booked (``bookings["payouts"]``). The players listed come first,
    at 0 if they were paid nothing; anyone else follows in the order first paid. The one place
    a session's balances are computed.

    >>> session_balances([{"A": 10, "B": -10}, {"A": -5, "C": 5}], {"payouts": {"B": 3, "C": -3}}, ["A", "B"])
    {'A': 5, 'B': -7, 'C': 2}
    """
    out = dict.fromkeys(players, 0)
    for part in (*payouts, (bookings or {}).get("payouts", {})):
        for name, amount in part.items():
            out[name] = out.get(name, 0) + amount
    return out


# -- balances from paper (settle --from-balances) -----------------------------------------------

_SYMBOLS = {"EUR": "€", "USD": "$", "GBP": "£"}


def amount_pattern(currency: str, language: str) -> re.Pattern[str]:
    """An amount as ``settle`` prints it in ``language``, and the plain forms typed at a table:
    a sign, the currency (its symbol or code, before or after), and the number with the
    language's thousands separator (``1.234,50`` / ``1,234.50``) or none; the decimals after a
    comma or a point, one or two digits (``3,4`` / ``3.40``). ASCII digits only."""
    marks = sorted({_SYMBOLS.get(currency, currency), currency}, key=len, reverse=True)
    symbol = "(?:" + "|".join(re.escape(m) for m in marks if m) + ")"
    group = r"\." if language == "de" else ","
    point = "," if language == "de" else r"\."
    number = (rf"(?P<grouped>[0-9]{{1,3}}(?:{group}[0-9]{{3}})+)(?:{point}(?P<gfrac>[0-9]{{1,2}}))?"
              r"|(?P<whole>[0-9]+)(?:[.,](?P<frac>[0-9]{1,2}))?")
    return re.compile(rf"(?P<sign>[+-]?)\s*(?:{symbol}\s*)?(?:{number})(?:\s*{symbol})?", re.ASCII)


def read_amount(text: str, currency: str = "EUR", language: str = "de") -> int | None:
    """Cents from an amount as ``settle`` prints it (None if it is none), exactly: no floats.

    >>> read_amount("1.234,50"), read_amount("+3,40 €"), read_amount("-0.80"), read_amount("€1.40", language="en")
    (123450, 340, -80, 140)
    >>> read_amount("1,234.50", language="en"), read_amount("-€0.80", language="en"), read_amount("1,234.50")
    (123450, -80, None)
    """
    m = amount_pattern(currency, language).fullmatch(text.strip())
    if m is None:
        return None
    if m["grouped"] is not None:
        whole, frac = re.sub(r"[.,]", "", m["grouped"]), m["gfrac"] or ""
    else:
        whole, frac = m["whole"], m["frac"] or ""
    if len(whole.lstrip("0")) > 10:
        raise OverflowError(text)
    cents = int(whole) * 100 + int(frac.ljust(2, "0"))
    return -cents if m["sign"] == "-" else cents


# a comma before ``NAME=`` starts the next balance; any other comma belongs to an amount
_NEXT_BALANCE = re.compile(r",(?=[^,=]*=)")


def read_balances(text: str, players: Sequence[str], currency: str = "EUR", language: str = "de") -> dict[str, int]:
    """``settle --from-balances``: ``Anna=1.234,50,Ben=-1.234,50`` (amounts as ``settle``
    prints them in the table's language, see ``read_amount``) into cents by player; a name by
    its unique prefix, each once; they must sum to zero.

    >>> read_balances("Anna=+3,40 €, Ben=-1.15 ,Cora=-2,25", ["Anna", "Ben", "Cora"])
    {'Anna': 340, 'Ben': -115, 'Cora': -225}
    """
    from ..errors import IllegalEntry, InvalidEntry
    from ..i18n import Amount, Text
    from ..money import format_amount
    from ..rules.matching import resolve_name

    out: dict[str, int] = {}
    body = text.strip()
    if body.endswith(","):  # Anna=3,Ben=-3, (a list typed with a comma after each)
        body = body[:-1]
    if not body.strip():
        raise InvalidEntry(Text("data.balances_empty"), Text("data.balances_empty_hint"))
    for piece in _NEXT_BALANCE.split(body):
        typed, eq, amount = piece.partition("=")
        if not eq or not typed.strip():
            raise InvalidEntry(Text("data.not_balances", text=repr(text)), Text("data.balances_hint"))
        who = resolve_name(typed.strip(), players)
        if who in out:
            raise InvalidEntry(Text("data.balance_twice", who=who, typed=repr(typed.strip())),
                               Text("data.balance_twice_hint"))
        try:
            cents = read_amount(amount, currency, language)
        except OverflowError:
            raise InvalidEntry(Text("data.amount_too_large", who=who, text=repr(amount.strip())),
                               Text("data.amount_hint")) from None
        if cents is None:
            examples = [format_amount(v, currency, language, sign=True) for v in (123450, -80)]
            raise InvalidEntry(Text("data.not_an_amount", who=who, text=repr(amount.strip())),
                               Text("data.amount_as_printed", first=examples[0], second=examples[1]))
        out[who] = cents
    total = sum(out.values())
    if total != 0:  # the amount is shown in the language the message is read in
        raise IllegalEntry(Text("data.balances_not_zero", total=Amount(total, currency, sign=True)),
                           Text("data.balances_not_zero_hint"))
    return out

