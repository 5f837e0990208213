"""The words every export shares, in the report's language: headings, amounts, dates, times.

Everything here returns plain text; each format escapes it its own way."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from datetime import datetime
from functools import lru_cache
from typing import Any

from ..i18n import format_date, format_time, language_of, say
from ..memo import Memo
from ..money import format_value
from ..session.settle import merged


def later_sessions(report: dict[str, Any]) -> Iterator[str]:
    """The text of the sessions after the report's own (``report["sessions"]``), written
    already by a helper process (``app.exports``: a long season's second half), to follow
    them; none where the report holds every session itself. A writer whose report is
    ``body_only`` writes its sessions' text alone (no head, no season after them): the
    helper's part of the file."""
    later = report.get("sessions_later")
    return later() if later is not None else iter(())


def lang_of(report: dict[str, Any]) -> str:
    lang = report.get("language")
    return lang if lang == "de" or lang == "en" else language_of(lang)


# (key, language, parameters) -> the message, for plain parameters
_said: Memo[tuple[Any, ...], str] = Memo(lambda m: say(m[0], m[1], **dict(m[2:])))


def word(report: dict[str, Any], key: str, **params: Any) -> str:
    """A catalogue message (``export.some_id``) in the report's language."""
    if not params:  # a heading or a label: the same words on every evening of a season
        return _word(key, lang_of(report))
    lang = lang_of(report)
    for value in params.values():
        if type(value) is not str and type(value) is not int:  # a message, a list: rendered each time
            return say(key, lang, **params)
    return _said[key, lang, *params.items()]  # "Ben zahlt Anna 1,50 €" on many evenings: made once


@lru_cache(maxsize=1024)
def _word(key: str, lang: str) -> str:
    return say(key, lang)


def amount_text(value: int, report: dict[str, Any], unit: str | None = None, sign: bool = False) -> str:
    """Cents as money (``1,40 €`` / ``€1.40``), points and strokes as plain numbers."""
    return money_text(value, unit or report["unit"], report["currency"], lang_of(report), sign)


@lru_cache(maxsize=16384)
def money_text(value: int, unit: str, currency: str, lang: str, sign: bool = False) -> str:
    """``format_value``, remembered: a season's sheets show the same few amounts again and again."""
    return format_value(value, unit, currency, lang, sign=sign)


def is_stamp(text: Any) -> bool:
    """Whether ``text`` is an ISO date or timestamp (an imported ledger may hold anything)."""
    if not isinstance(text, str) or len(text) < 10:
        return False
    try:
        datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return False
    return True


def date_text(report: dict[str, Any], iso: Any) -> str:
    """A session's date as the language writes it (``30.11.2026`` / ``2026-11-30``)."""
    if not iso:
        return ""
    if type(iso) is str and len(iso) == 10:  # a day (no time: no time zone), as pages write it two or three times
        return _day_text(iso, lang_of(report))
    return format_date(str(iso), lang_of(report)) if is_stamp(iso) else str(iso)


@lru_cache(maxsize=4096)
def _day_text(iso: str, lang: str) -> str:
    return format_date(iso, lang) if is_stamp(iso) else iso


def short_date(report: dict[str, Any], iso: Any) -> str:
    """A date without its year, for an axis: ``30.11.`` / ``11-30``."""
    full = date_text(report, iso)
    if len(full) != 10:
        return full
    return full[:6] if lang_of(report) == "de" else full[5:]


def time_text(report: dict[str, Any], stamp: Any) -> str:
    """A stored UTC timestamp in local time, as the language writes it; text that is no
    timestamp stays as it is."""
    if not is_stamp(stamp):
        return "" if stamp is None else str(stamp)
    return format_time(str(stamp), lang_of(report))


def latest_note(report: Mapping[str, Any], key: str) -> tuple[str, dict[str, Any]] | None:
    """A long season's line that only its latest evenings follow in full (the report's
    ``summed``: how many before them have their totals alone; None: every evening follows): the
    message ``key`` (its ``_one`` form where one evening is summed) and its fields."""
    summed = int(report.get("summed") or 0)
    if not summed:
        return None
    overview = report["overview"]
    return (f"{key}_one" if summed == 1 else key, {
        "shown": len(overview) - summed, "summed": summed, "first": str(overview[summed]["session"]),
        "last": str(overview[-1]["session"])})


def void_word(report: dict[str, Any], kind: Any) -> str:
    """How a hand was taken out: ``gestrichen``, ``zurückgenommen``, ``korrigiert``; a kind this
    program does not know (an imported ledger) as it is stored."""
    if kind in ("void", "undo", "edit"):
        return word(report, f"export.void_{kind}")
    return "" if kind is None else str(kind)


def session_title(report: dict[str, Any], s: dict[str, Any], status: bool = True) -> str:
    """``Abend 2 · 30.11.2026 (abgeschlossen)`` / ``Session 2 · 2026-11-30 (closed)``."""
    date = date_text(report, s.get("date") or s.get("opened_at"))
    text = word(report, "export.session_dated", session=s["session"], date=date) if date else \
        word(report, "export.session", session=s["session"])
    if status and s.get("closed_at"):
        text += f" ({word(report, 'export.closed')})"
    return text


def heads_of(s: dict[str, Any]) -> dict[str, int] | None:
    """Each player's sheep's heads of a Deutscher session (None for the other families)."""
    heads = s["settlement"].get("heads")
    return heads if isinstance(heads, dict) else None


def stock_returned(report: dict[str, Any], s: dict[str, Any]) -> tuple[int, dict[str, int]] | None:
    """What went back from the Stock at a session's close: (total, share per player), or None."""
    back = s.get("bookings", {}).get("stock_return")
    if not isinstance(back, dict) or not back:
        return None
    return sum(int(v) for v in back.values()), {str(p): int(v) for p, v in back.items()}


def stock_goes(settlement: dict[str, Any]) -> str:
    """Where a settlement's Stock goes at the close (the house rule ``stock_at_close``):
    ``equal``, ``payers`` or ``carry``; a settlement that does not say: ``equal``."""
    how = settlement.get("stock_at_close")
    return how if how in ("payers", "carry") else "equal"


def stock_carried(settlement: dict[str, Any]) -> int:
    """The Stock a closed evening's settlement carried on to the next evening (0: none)."""
    carried = settlement.get("stock_carried")
    return sum(int(v) for v in carried.values()) if isinstance(carried, dict) else 0


def names_now(report: Mapping[str, Any], amounts: Mapping[str, int]) -> dict[str, int]:
    """Amounts stored under the names of their moment (a close's bookings, its rounding, an
    early payout) under the names the players go by now (the report's ``aliases``), as the
    columns of the sheets are named: a player renamed later keeps them in his one column.

    >>> names_now({"aliases": {"Ben": "Benedikt"}}, {"Anna": 10, "Ben": -10})
    {'Anna': 10, 'Benedikt': -10}
    """
    return merged({name: int(amount) for name, amount in amounts.items()}, report.get("aliases") or {})


def close_booked(report: dict[str, Any], session: Mapping[str, Any]) -> tuple[str, dict[str, int], int] | None:
    """What an evening's close booked (the Stock going back, Muss-Solo penalties), as the last
    row of its sheet: the row's label ("Stock →" where the Stock went back, else "Closing →"), the
    amounts per player (under the names the players go by now: ``names_now``) and the Stock's
    change; None where it booked nothing (an open evening's bookings are empty)."""
    bookings = session.get("bookings") or {}
    booked = bookings.get("payouts")
    if not booked:
        return None
    label = word(report, "export.stock" if "stock_return" in bookings else "export.closing") + " →"
    return label, names_now(report, booked), int(bookings.get("stock") or 0)


def difference_lines(report: dict[str, Any], s: Mapping[str, Any]) -> list[str] | None:
    """What a closing after a reopening adds to what was paid at the earlier close (``settle``'s
    *Difference to what was paid at the earlier close*), a line of words a transfer (the Stock's
    share too), or that nobody owes anything; None where the evening was not closed again. The
    difference is money, in cents, under the names at the close, as ``settle`` shows it."""
    bookings = s.get("bookings") if s.get("closed_at") else None
    difference = bookings.get("difference") if isinstance(bookings, Mapping) else None
    if not isinstance(difference, dict):
        return None
    lines = [word(report, "export.pays", payer=str(t["from"]), payee=str(t["to"]),
                  amount=amount_text(int(t["amount"]), report, "cent"))
             for t in difference.get("transfers") or () if isinstance(t, dict)]
    lines += [word(report, key, **{**p, "amount": amount_text(p["amount"], report, "cent")})
              for key, p in stock_moves(difference)]
    return lines or [word(report, "export.nobody_owes")]


def stock_moves(settlement: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Who puts what into the Stock (it goes on to the next evening), and what the Stock pays
    out (what the evening opened with, going back): each as a message id and its parameters
    but the amount (``name``, ``amount`` in cents)."""
    out: list[tuple[str, dict[str, Any]]] = []
    for t in settlement.get("into_stock") or ():
        if isinstance(t, dict):
            out.append(("export.pays_stock", {"payer": str(t["from"]), "amount": int(t["amount"])}))
    for t in settlement.get("from_stock") or ():
        if isinstance(t, dict):
            out.append(("export.stock_pays", {"payee": str(t["to"]), "amount": int(t["amount"])}))
    return out
