"""What the phone says of an answer, in the words the command line prints (its first lines):
``Spiel 5 eingetragen: Sauspiel Anna+Ben 72 L3. Anna und Ben gewinnen.``, the payouts
``Anna +0,50 €, Ben +0,50 €, ...`` and the next dealer; a hand voided, a hand corrected. Kept
beside the answer's JSON as ``"said"`` (the API may add keys), so the page shows it as it is."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..i18n import Join, say
from ..money import format_value
from ..rules.play import Played
from ..session.sheet import describe_played, describe_record


def verdict(played: Played, lang: str) -> str:
    out = played.outcome
    if not out.declarers or out.won is None:
        return ""
    many = len(out.declarers) > 1
    key = (("server.said_wins_many" if many else "server.said_wins_one") if out.won
           else ("server.said_loses_many" if many else "server.said_loses_one"))
    return say(key, lang, names=Join(list(out.declarers), "and"))


def payouts(played: Played, lang: str) -> str:
    """``Anna +0,80 €, Ben -0,80 €, Stock +0,40 €`` (as ``add`` prints them)."""
    rules, out = played.rules, played.outcome

    def show(value: int) -> str:
        return format_value(value, out.unit, rules.currency, lang, sign=True)

    pays = [f"{n} {show(v)}" for n, v in out.payouts]
    if out.stock:
        pays.append(f"{say('server.said_stock', lang)} {show(out.stock)}")
    return ", ".join(pays)


def next_dealer(dealer: str, sitting_out: Sequence[str], lang: str) -> str:
    if not sitting_out:
        return say("server.said_next_dealer", lang, dealer=dealer)
    key = "server.said_next_dealer_one" if len(sitting_out) == 1 else "server.said_next_dealer_many"
    return say(key, lang, dealer=dealer, names=Join(list(sitting_out), "and"))


def recorded(hand: int, played: Played, lang: str, ahead: Any = None) -> list[str]:
    """A recorded hand's lines: what was recorded and who won, the payouts, the next dealer."""
    v = verdict(played, lang)
    game = describe_played(played, lang)
    first = (say("server.said_recorded_verdict", lang, hand=hand, game=game, verdict=v) if v
             else say("server.said_recorded", lang, hand=hand, game=game))
    out = played.outcome
    lines = [first]
    if any(v for _, v in out.payouts) or out.stock:
        lines.append(payouts(played, lang))
    if ahead is not None:
        lines.append(next_dealer(ahead.dealer, ahead.sitting_out, lang))
    return lines


def new_session(session: int, lang: str) -> str:
    """``Abend 2 beginnt mit diesem Spiel (der vorige ist abgerechnet).``, as ``play`` says it."""
    return say("server.said_new_session", lang, session=session)


def voided(record: Any, lang: str) -> list[str]:
    return [say("server.said_voided", lang, hand=record.hand, game=describe_record(record, lang))]


def corrected(old: Any, played: Played, hand: int, lang: str) -> list[str]:
    return [say("server.said_corrected", lang, hand=hand, before=describe_record(old, lang),
                after=describe_played(played, lang)), payouts(played, lang)]
