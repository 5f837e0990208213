"""What must hold of a session's log: the checks ``check`` and ``import`` both run (pure).

A check is a function of the log (``LOG_CHECKS``, before the log is folded) or of the log and
its folded state (``CHECKS``), returning the problems it finds, each a ``Problem`` (where and
what, worded when shown). ``check_session`` runs them all in order: a log whose hand numbers
are wrong, or that does not replay, is not checked further, but for the ``LAST`` checks (a
tournament table's seating), which hold whatever the replay says. ``check`` runs it over every
session of a ledger, ``import`` over every session of an export as it is loaded, so an export
that imports is one that ``check`` accepts, by construction. A new kind of stored event gets
its check here, beside its class in ``records`` and its branch in ``fold``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import IllegalEntry, StorageError
from ..i18n import Amount, Join, Text
from ..rules.registry import find_family
from .fold import Row, SessionLog, SessionState, add_up, is_hand, paid_early, replay_rows
from .records import RoundTable, SessionInfo
from .settle import STOCK_PARTY, merged, named_now, session_balances, settle_session

# the "session" of a problem of the whole ledger (a guard missing), not of one session
LEDGER_WIDE = 0


@dataclass(frozen=True)
class Problem:
    """One thing a check found wrong: where (session, hand) and what (a message, rendered in
    the reader's language)."""

    session: int
    hand: int | None
    text: Text
    table: tuple[int, int] | None = None  # a tournament's table: (round, table number)

    def where(self) -> Text:
        """``session 1, hand 2`` / ``Abend 1, Spiel 2`` (the session alone without a hand; the
        ledger as a whole for session 0); a tournament's table by its round and number."""
        if self.session == LEDGER_WIDE:
            return Text("data.where_ledger")
        if self.table is not None:
            round_no, tisch = self.table
            if self.hand is None:
                return Text("tournament.where_table", round=round_no, tisch=tisch)
            return Text("tournament.where_table_hand", round=round_no, tisch=tisch, hand=self.hand)
        if self.hand is None:
            return Text("data.where_session", session=self.session)
        return Text("data.where_hand", session=self.session, hand=self.hand)

    def line(self) -> Text:
        """What ``check`` prints: ``session 1, hand 2: payouts sum to 10, not zero``."""
        return Text("data.problem_line", where=self.where(), problem=self.text)

    def to_json(self, lang: str) -> dict[str, Any]:
        """``{"session": 1, "hand": 2, "problem": "..."}``, the problem in ``lang``."""
        at = {"round": self.table[0], "tisch": self.table[1]} if self.table is not None else {}
        return {"session": self.session if self.session != LEDGER_WIDE else None, **at, "hand": self.hand,
                "problem": self.text.render(lang)}


LogCheck = Callable[[SessionLog], list[Problem]]
# the state None: a log without a hand, nothing to fold
StateCheck = Callable[[SessionLog, SessionState | None], list[Problem]]


def _sid(log: SessionLog) -> int:
    assert log.info is not None
    return log.info.id


def zero_sums(log: SessionLog) -> list[Problem]:
    """Every hand's payouts and Stock sum to zero (strokes are no money: never)."""
    out = []
    for rec in log.records:
        total = sum(rec.payouts.values()) + rec.stock
        if rec.unit in ("cent", "point") and total != 0:
            out.append(Problem(_sid(log), rec.hand, Text("data.problem_not_zero",
                                                         total=_amount(total, rec.rules, rec.unit))))
    return out


def hand_numbers(log: SessionLog) -> list[Problem]:
    """Hands are numbered 1, 2, 3 ... (a voided or replaced one keeps its number, a draw takes
    the number of the hand it is drawn for), and no two valid hands share a number."""
    records = log.records
    hands = [r.hand for r in records if r.valid and is_hand(r)]
    if len(hands) != len(set(hands)) or any(r.hand < 1 for r in records):
        return [Problem(_sid(log), None, Text("data.problem_hand_numbers"))]
    numbers = {r.hand for r in records}
    if numbers != set(range(1, len(numbers) + 1)):
        return [Problem(_sid(log), None, Text("data.problem_hand_gap", last=max(numbers), count=len(numbers)))]
    return []


def early_payouts(log: SessionLog) -> list[Problem]:
    """Each early payout (``settle --player``) is booked after a hand of its session, in whole
    cents, sums to zero, pays the player's whole balance and its transfers all go to (or come
    from) him."""
    out = []
    last = max((r.hand for r in log.records), default=0)
    for payment in log.payments:
        amounts, player = payment.amounts, payment.player
        if (type(payment.hand) is not int or not 0 <= payment.hand <= last or type(amounts) is not dict
                or not all(type(v) is int for v in amounts.values()) or type(payment.transfers) is not list
                or not all(type(t) is dict and type(t.get("amount")) is int and t["amount"] > 0
                           for t in payment.transfers)):
            out.append(Problem(_sid(log), None, Text("data.problem_payment", player=player)))
        elif sum(amounts.values()) != 0 or amounts.get(player, 0) == 0 or any(
                (t["to"] if amounts[player] < 0 else t["from"]) != player for t in payment.transfers) or sum(
                t["amount"] for t in payment.transfers) != abs(amounts[player]):
            out.append(Problem(_sid(log), None, Text("data.problem_payment", player=player)))
    return out


def stored_payouts(log: SessionLog, state: SessionState | None) -> list[Problem]:
    """Every valid hand replays to what is stored: payouts and Stock, then its facts
    (declarers, won, dealer, who sat out)."""
    out = []
    sid = _sid(log)
    for row in _rows(state):
        played = row.played
        if played is None:
            continue
        result, rec = played.outcome, row.record
        stored = rec.outcome
        if (result.stock == rec.stock and dict(result.payouts) == rec.payouts
                and (not stored or (stored.get("declarers") == list(result.declarers) and stored.get("won") == result.won
                                    and stored.get("dealer") == played.seating.dealer
                                    and stored.get("sitting_out") == list(played.seating.sitting_out)))):
            continue  # (the usual case: every fact below as stored, compared without wording it)
        if result.payout_map() != rec.payouts or result.stock != rec.stock:
            out.append(Problem(sid, rec.hand, Text(
                "data.problem_replay_gives",
                replayed=_payouts(result.payout_map(), result.stock, played.rules, rec.unit),
                stored=_payouts(rec.payouts, rec.stock, played.rules, rec.unit))))
            continue
        facts = played.facts()
        # every fact is compared; only an outcome never written (a schema-1 ledger read as it is,
        # whose rows carry "{}") has none to compare
        for key in ("declarers", "won", "dealer", "sitting_out"):
            if stored and stored.get(key) != facts[key]:
                out.append(Problem(sid, rec.hand, Text(
                    "data.problem_replay_gives_key", key=Text(f"data.fact_{key}"), replayed=_fact(key, facts[key]),
                    stored=_fact(key, stored.get(key)))))
                break
    return out


def closing_booked(log: SessionLog, state: SessionState | None) -> list[Problem]:
    """A closing stored by this program follows from its games: what the family books at the
    close (the Stock's return, Muss-Solo penalties) and the settlement (conversion to money, the
    cash rounding, the transfers) are worked out again and must be what is stored."""
    info = log.info
    assert info is not None
    stored = info.bookings.get("settlement")
    played = [r.played for r in _rows(state) if r.played is not None]
    if info.closing is None or not stored or not played:
        return []  # a closing from before the settlement was stored: checked by its balances
    rules = played[-1].rules
    after = played[-1].after
    pot = sum(log.opening.values()) + sum(p.outcome.stock for p in played)  # the Stock carried in, and the hands'
    aliases = _names_at_close(info.closing, log.aliases)
    named, state_now = named_now(rules, after, aliases)  # a rename after the last hand
    booked = find_family(rules.family).closing_bookings(named, state_now, pot)
    stored_payouts = merged(info.bookings.get("payouts", {}), aliases)
    if booked.payouts != stored_payouts or (booked.stock or 0) != info.bookings.get("stock", 0):
        return [Problem(info.id, None, Text("data.problem_close_booked"))]
    try:  # what is left in the Stock after the close's bookings is carried on (stock_at_close = "carry")
        again = _settled_again(rules, info.closing, pot + (booked.stock or 0), stored.get("round"), after,
                               aliases)
    except (ValueError, TypeError, KeyError):
        return [Problem(info.id, None, Text("data.problem_settlement_unworkable"))]
    if again != _canonical(stored):
        return [Problem(info.id, None, Text("data.problem_settlement_differs"))]
    return []


def _names_at_close(closing: dict[str, Any], aliases: Mapping[str, str]) -> dict[str, str]:
    """Every other name of a player -> the name he had at the close (the name its closing
    balances are stored under), out of the table's renames (``aliases``: earlier names -> the
    names now, a rename after the close included, which the replay's state may already use).

    >>> _names_at_close({"Annax": 0}, {"Anna": "Annaxx", "Annax": "Annaxx"})
    {'Anna': 'Annax', 'Annaxx': 'Annax'}
    """
    if not aliases:
        return {}
    person = {aliases.get(n, n): n for n in closing}  # each player now -> the name at the close
    names = {old: person[now] for old, now in aliases.items() if now in person and person[now] != old}
    names.update({now: then for now, then in person.items() if now != then})
    return names


def _settled_again(rules: Any, closing: dict[str, Any], pot: int, round_to: Any, after: Any,
                   aliases: Mapping[str, str]) -> str:
    """The settlement a closing stores, worked out again from its balances, as canonical JSON
    (what ``settle_session`` gives is a function of these alone: its session's id is not stored).
    Remembered by the rules (by identity: the played hands hold them) and values of every type
    exactly (a season's evenings end alike again and again); a few only (what a memo holds
    costs the allocator and the cycle collector: ``check --full`` of a season that never ends
    alike was 4 % slower holding a thousand)."""
    try:
        key: Any = (id(rules), after, pot, round_to, type(round_to), tuple(closing.items()),
                    tuple(map(type, closing.values())), tuple(aliases.items()))
        known = _SETTLED.get(key)
    except TypeError:  # (a value that does not hash: no program stored it) worked out, not remembered
        key, known = None, None
    if known is not None:
        return known[1]
    text: str = _canonical(settle_session(rules, closing, pot, round_to, closed=True, state=after,
                                          aliases=aliases).stored())
    if key is not None:
        if len(_SETTLED) >= 64:
            _SETTLED.clear()
        _SETTLED[key] = (rules, text)  # (the rules held: their id stays theirs while remembered)
    return text


_SETTLED: dict[Any, tuple[Any, str]] = {}


def closing_balances(log: SessionLog, state: SessionState | None) -> list[Problem]:
    """A closed session's closing balances are its games' (renames merged, early payouts and
    the close's bookings counted)."""
    info = log.info
    assert info is not None
    if info.closing is None:
        return []
    balances = merged(session_balances([*(r.record.payouts for r in _rows(state) if r.played is not None),
                                        paid_early(log.payments)], info.bookings), log.aliases)
    closing = merged(info.closing, log.aliases)
    if any(balances.get(n, 0) != closing.get(n, 0) for n in set(balances) | set(closing)):
        return [Problem(info.id, None, Text("data.problem_closing_balances"))]
    return []


def settlement_sums(log: SessionLog, state: SessionState | None) -> list[Problem]:
    """A closing's stored settlement: the amounts paid sum to zero, the transfers clear them
    exactly, and the rounding moved nobody by a whole unit. So too each closing a reopening set
    aside (kept in the ledger as it was paid)."""
    info = log.info
    assert info is not None
    rules = log.records[-1].rules if log.records else None
    stored = info.bookings.get("settlement") if info.closing is not None else None
    for bookings in [*(c.bookings for c in log.closings if c.reopened_at is not None), {"settlement": stored}]:
        settlement = bookings.get("settlement") if isinstance(bookings, dict) else None
        problem = _settlement_problem(settlement, log.opening, rules) if settlement else None
        if problem is not None:
            return [Problem(info.id, None, problem)]
    return []


def _settlement_problem(stored: dict[str, Any], opening: Mapping[str, int], rules: Any) -> Text | None:
    paid, exact, unit = stored.get("paid", {}), stored.get("exact", {}), stored.get("round") or 1
    problem: Text | None = None
    # the players' transfers, and what goes into the Stock (carried on to the next evening) or out of
    # it (what the evening opened with), the Stock's side being STOCK_PARTY
    cleared = _moved([*stored.get("transfers", []), *stored.get("into_stock", []), *stored.get("from_stock", [])],
                     party=STOCK_PARTY)
    into = sum((stored.get("stock_carried") or {}).values()) - sum(opening.values())
    if sum(paid.values()) + into != 0 or cleared.pop(STOCK_PARTY, 0) != into:
        problem = Text("data.problem_paid_not_zero", total=_amount(sum(paid.values()) + into, rules, "cent"))
    elif any(cleared.get(n, 0) != v for n, v in paid.items()) or set(cleared) - set(paid):
        problem = Text("data.problem_transfers")
    elif any(abs(v - exact.get(n, 0)) >= unit for n, v in paid.items()):
        problem = Text("data.problem_rounding")
    return problem


def close_difference(log: SessionLog, state: SessionState | None) -> list[Problem]:
    """A session closed again after a reopening: the difference it stores is what is paid now
    less what the closing before it paid, and its transfers clear that difference."""
    info = log.info
    assert info is not None
    if info.closing is None or len(log.closings) < 2:
        return []
    stored = info.bookings.get("difference")
    before = log.closings[-2].bookings.get("settlement", {}).get("paid")
    now = info.bookings.get("settlement", {}).get("paid")
    if stored is None or before is None or now is None:
        return [Problem(info.id, None, Text("data.problem_difference"))]
    # under the names the players go by now (a rename while the session was open again)
    now, before = merged(now, log.aliases), merged(before, log.aliases)
    want = {n: now.get(n, 0) - before.get(n, 0) for n in {*now, *before}}
    want = {n: v for n, v in want.items() if v}
    # what the players' amounts lack goes into the Stock (it is carried on), what they have over
    # comes out of it, the Stock's side being STOCK_PARTY
    moves = [*stored.get("transfers", []), *stored.get("into_stock", []), *stored.get("from_stock", [])]
    cleared = {n: v for n, v in merged(_moved(moves, party=STOCK_PARTY), log.aliases).items() if v}
    into = cleared.pop(STOCK_PARTY, 0)
    amounts = stored.get("amounts")  # (one stored before a rename was merged names the player twice)
    amounts = {n: v for n, v in merged(amounts, log.aliases).items() if v} if isinstance(amounts, dict) else amounts
    if amounts != want or cleared != want or sum(want.values()) + into != 0:
        return [Problem(info.id, None, Text("data.problem_difference"))]
    return []


def table_seating(log: SessionLog) -> list[Problem]:
    """A tournament table's hands were played by the players the draw seated there."""
    if log.seated is None:
        return []
    for rec in log.records:
        if list(rec.rules.players) != list(log.seated):
            return [Problem(_sid(log), rec.hand, Text("data.problem_seating", played=Join(list(rec.rules.players)),
                                                      seated=Join(list(log.seated))))]
    return []


# the checks in the order they run (and their problems are listed); a problem of a check in
# ``STOPS`` leaves the rest unchecked (a log numbered wrong is not replayed), but for the
# ``LAST`` ones, which hold whatever the replay says
LOG_CHECKS: tuple[LogCheck, ...] = (zero_sums, hand_numbers, early_payouts)
STOPS: tuple[LogCheck, ...] = (hand_numbers,)
CHECKS: tuple[StateCheck, ...] = (stored_payouts, closing_booked, closing_balances, settlement_sums,
                                  close_difference)
LAST: tuple[LogCheck, ...] = (table_seating,)


def check_session(log: SessionLog) -> list[Problem]:
    """Every check of one session's log, in order (see the module's text). A row no program
    wrote (a field missing, a value of the wrong type) is a problem, never an exception."""
    try:
        return _checked(log) + [p for check in LAST for p in check(log)]
    except (ValueError, KeyError, TypeError, AttributeError, OverflowError) as exc:  # a row no program wrote
        return [Problem(_sid(log), None, Text("data.problem_unreadable", problem=unreadable(exc)))]


def _checked(log: SessionLog) -> list[Problem]:
    problems: list[Problem] = []
    for log_check in LOG_CHECKS:
        found = log_check(log)
        problems.extend(found)
        if found and log_check in STOPS:
            return problems
    try:
        rows = replay_rows(log.records, aliases=log.aliases, opening=log.opening)
    except IllegalEntry as exc:
        problems.append(Problem(_sid(log), getattr(exc, "hand", None), Text("data.problem_no_replay",
                                                                           problem=exc.text)))
        return problems
    except (KeyError, TypeError, ValueError, AttributeError, OverflowError) as exc:  # a row no program wrote
        problems.append(Problem(_sid(log), None, Text("data.problem_no_replay", problem=unreadable(exc))))
        return problems
    # the state before a next hand is of no check's concern: the last hand's rules stand for it
    state = add_up(log, rows, rows[-1].record.rules, "") if rows else None
    for check in CHECKS:
        problems.extend(check(log, state))
    return problems


def seated_twice(tables: Sequence[RoundTable]) -> list[Problem]:
    """A player the draw seated at two tables of one round."""
    by_round: dict[int, dict[str, list[int]]] = {}
    for t in tables:
        for name in t.players:
            by_round.setdefault(t.round, {}).setdefault(name, []).append(t.tisch)
    return [Problem(LEDGER_WIDE, None, Text("data.problem_seated_twice", round=r, name=name,
                                            tables=Join([str(x) for x in found])))
            for r, names in sorted(by_round.items()) for name, found in names.items() if len(found) > 1]


def open_before_later(info: SessionInfo) -> Problem:
    """An open session before a later one (not a tournament's table): it should have been closed."""
    return Problem(info.id, None, Text("data.problem_open_before_later"))


def _rows(state: SessionState | None) -> list[Row]:
    return state.rows if state is not None else []


def _moved(transfers: Sequence[Any], party: str = "") -> dict[str, int]:
    """What the transfers move per player named in one (received less paid; zero for who pays
    on what he receives); a transfer without a payer or a payee (into or out of the Stock) has
    ``party`` on that side."""
    moved: dict[str, int] = {}
    for t in transfers:
        payer, payee = t.get("from", party), t.get("to", party)
        moved[payer] = moved.get(payer, 0) - t["amount"]
        moved[payee] = moved.get(payee, 0) + t["amount"]
    return moved


# JSON with sorted keys, as ``json.dumps(..., sort_keys=True)`` writes it (the encoder made once:
# ``json.dumps`` makes one per call, and an import checks every closing)
_canonical = json.JSONEncoder(sort_keys=True).encode


def _amount(value: Any, rules: Any, unit: str) -> Any:
    """An amount of a problem in the reader's format (a value no program wrote as it is)."""
    if not isinstance(value, int) or isinstance(value, bool):
        return repr(value)
    return Amount(value, getattr(rules, "currency", "EUR"), unit, sign=True)


def _payouts(payouts: Any, stock: Any, rules: Any, unit: str) -> Any:
    """``Anna +1,50 €, Ben -0,50 €, Stock +0,40 €`` for a problem's message."""
    if not isinstance(payouts, dict):
        return repr(payouts)
    items = [Text("data.problem_payout", name=n, amount=_amount(v, rules, unit)) for n, v in payouts.items()]
    if stock:
        items.append(Text("data.problem_payout", name=Text("data.problem_stock"), amount=_amount(stock, rules, unit)))
    return Join(items) if items else Text("data.problem_nothing")


def _fact(key: str, value: Any) -> Any:
    """A replayed fact of a hand in words: names joined, won or lost, nobody."""
    if isinstance(value, bool):
        return Text("engine.word.won" if value else "engine.word.lost")
    if value is None or value == []:
        return Text("data.problem_nobody" if key != "won" else "data.problem_nothing")
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return Join(value, "and")
    return str(value) if isinstance(value, str) else repr(value)


def unreadable(exc: BaseException) -> Text:
    """What a stored row that cannot be read has wrong, in words (no Python error)."""
    if isinstance(exc, json.JSONDecodeError):
        return Text("data.problem_bad_json", line=exc.lineno, column=exc.colno)
    if isinstance(exc, (KeyError, AttributeError)):
        return Text("data.problem_missing_field")
    if isinstance(exc, (ValueError, TypeError, OverflowError)):
        return Text("data.problem_bad_value")
    # a storage failure: the database's words (its own exception is the cause)
    return Text("data.problem_database", problem=exc.problem if isinstance(exc, StorageError) else str(exc))


__all__ = ["CHECKS", "LAST", "LEDGER_WIDE", "LOG_CHECKS", "Problem", "check_session", "seated_twice"]
