"""Reports: the ledger's sessions as plain data for exports, stats and the history (pure).

``build_report(cfg, ledger, session_ids)`` turns the stored rows of sessions into a report: an
overview read up front and the sessions with their hands as an iterator; the exporters in
``export/`` turn it into CSV, Markdown or HTML chunk by chunk.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .i18n import say
from .settle import session_balances, settle_session


def build_report(cfg: Any, ledger: Any, session_ids: Sequence[int], season: bool | None = None) -> dict[str, Any]:
    """The given sessions as data, from the stored rows (no replay). ``check`` is what proves
    the stored rows equal a replay.

    ``overview`` holds per session what its settlement shows (a closed session from its stored
    closing, the open one from its stored payouts) and is read up front, so a season page can
    come first; ``sessions`` is an iterator that reads one session's hands at a time, so an
    export of a whole season never holds more than one evening in memory.

    Every word in it (the hands' descriptions, the family's name) is in the table's language;
    ``season`` (default: more than one session) asks the exports for the season's overview too
    (``export --all``)."""
    fam = cfg.family_obj()
    lang = cfg.language
    wanted = set(session_ids)
    infos = [info for info in ledger.sessions() if info.id in wanted]
    players: list[str] = list(cfg.players)
    overview = []
    for info in infos:
        item = _overview(cfg, ledger, info)
        for p in item["settlement"]["balances"]:
            if p not in players:
                players.append(p)
        overview.append(item)
    return {
        "table": cfg.name, "family": cfg.family, "family_title": fam.title_in(lang), "unit": fam.unit,
        "currency": cfg.currency, "language": lang, "players": players, "overview": overview,
        "sessions": (_session_report(cfg, ledger, item, players) for item in overview),
        "season": len(overview) > 1 if season is None else season,
    }


def _overview(cfg: Any, ledger: Any, info: Any) -> dict[str, Any]:
    """One session without its hands: what its settlement shows and was (or would be) paid."""
    from .evening import closed_settlement, local_date

    if info.closed_at:
        settled = closed_settlement(ledger, info)  # what was paid, as stored at the close
        balances, stock = dict(info.closing or {}), settled.stock
    else:
        records = [rec for rec in ledger.games(info.id) if rec.valid]
        balances = session_balances((rec.payouts for rec in records), {}, cfg.players)
        stock = sum(rec.stock for rec in records)
        rules = records[-1].rules if records else cfg.snapshot()  # priced by its own snapshot
        settled = settle_session(rules, balances, stock, None, info.id)
    return {
        "session": info.id, "opened_at": info.opened_at, "closed_at": info.closed_at,
        "date": local_date(info.opened_at) if info.opened_at else None,
        "balances": balances, "stock": stock, "bookings": info.bookings,
        # ``balances``: what ``settle`` shows (and ``settle --all`` adds up); ``amounts``: what
        # was (or would be) paid, after the Stock's return and the cash rounding
        "settlement": {"amounts": settled.paid, "balances": settled.balances, "closed": settled.closed,
                       "unit": settled.unit, "round": settled.round_to, "stock": settled.stock,
                       "rounding": settled.moved, "transfers": [t.to_dict() for t in settled.transfers],
                       **settled.extra},
    }


def _session_report(cfg: Any, ledger: Any, overview: dict[str, Any], players: list[str]) -> dict[str, Any]:
    """One session with its hands and running totals (read when the export reaches it)."""
    fam = cfg.family_obj()
    lang = cfg.language
    running = {p: 0 for p in players}
    hands = []
    stock = overview["bookings"].get("stock", 0) if overview["closed_at"] else 0
    for rec in ledger.games(overview["session"]):
        o = rec.outcome
        item: dict[str, Any] = {
            "hand": rec.hand, "game": rec.game, "recorded_at": rec.created_at,
            "void": not rec.valid, "void_kind": rec.void_kind, "reason": rec.void_reason,
            "edited": rec.replaces is not None, "comment": rec.entry.comment or "",
            # in the table's language (the file's, today), whatever the snapshot was played in
            "description": fam.describe(rec.entry, o.get("declarers", ()), o.get("extra"), lang=lang),
        }
        if rec.valid:
            for n, a in rec.payouts.items():
                running[n] = running.get(n, 0) + a
            stock += rec.stock
            item.update({"dealer": o.get("dealer"), "sitting_out": o.get("sitting_out", []),
                         "payouts": dict(rec.payouts), "stock": rec.stock, "explanation": o.get("explanation", ""),
                         "declarers": o.get("declarers", []), "won": o.get("won"), "running": dict(running)})
            if fam.unit == "stroke":  # the paper's tally: completed sheep's heads and the strokes left
                item["tally"] = {n: list(fam.head_split(rec.rules, v)) if v >= 0 else [0, v]
                                 for n, v in running.items()}
        hands.append(item)
    return {**overview, "hands": hands, "stock": stock}


def stats(hands: Iterable[Mapping[str, Any]], players: Sequence[str], family: Any) -> dict[str, Any]:
    """Per player (games played, as declarer, won, money) and per game type (games, won, moved).

    ``hands`` are dicts with ``game``, ``void``, ``payouts``, ``declarers`` and ``won`` (the
    hands of ``build_report`` or ``Ledger.hand_summaries``)."""
    kinds = {g.name: g for g in family.games}
    per_player = {p: {"games": 0, "declarer": 0, "won": 0, "balance": 0} for p in players}
    games: dict[str, dict[str, int]] = {}
    for h in hands:
        if h["void"]:
            continue
        game = h["game"]
        g = games.setdefault(game, {"games": 0, "won": 0, "moved": 0})
        g["games"] += 1
        won = h.get("won")
        if won:
            g["won"] += 1
        kind = kinds.get(game)
        thrown_in = kind is not None and kind.thrown_in
        moved = 0
        for name, amount in h["payouts"].items():
            st = per_player.get(name)
            if st is None:
                st = per_player[name] = {"games": 0, "declarer": 0, "won": 0, "balance": 0}
            st["balance"] += amount
            if amount > 0:
                moved += amount
            if not thrown_in:
                st["games"] += 1
        g["moved"] += moved
        if kind is None or kind.declared:
            for name in h.get("declarers", ()):
                st = per_player[name]
                st["declarer"] += 1
                if won:
                    st["won"] += 1
    return {"unit": family.unit, "players": per_player, "games": games}


STATS_HEADINGS = ("players", "player", "games", "declarer", "won", "balance", "money", "game_types", "game",
                  "count", "moved")


def stats_headings(lang: str) -> dict[str, str]:
    """The words of ``stats`` in a language: the two tables' titles and their column headings
    (``players``, ``player``, ``games``, ``declarer``, ``won``, ``balance``, ``money``;
    ``game_types``, ``game``, ``count``, ``moved``).

    >>> stats_headings("de")["declarer"], stats_headings("en")["declarer"]
    ('Spielmacher', 'Declarer')
    """
    return {key: say(f"export.stats_{key}", lang) for key in STATS_HEADINGS}


def game_title(family: Any, game: str, lang: str) -> str:
    """A game's name for people (``stats``' game table): ``Sauspiel``; a game id the family no
    longer knows (an older ledger) is shown as it is stored."""
    try:
        return str(family.game_text(game).render(lang))
    except KeyError:
        return game


def season_stats(cfg: Any, ledger: Any, session_ids: list[int]) -> dict[str, Any]:
    """``stats`` of the sessions, with each player's money exactly as ``settle`` shows it for
    them (a Stock returned at the close and the cash rounding included)."""
    from .evening import season_settlement

    data = stats(ledger.hand_summaries(session_ids), cfg.players, cfg.family_obj())
    season, _ = season_settlement(cfg, ledger, session_ids)
    for name, money in season.balances.items():
        st = data["players"].setdefault(name, {"games": 0, "declarer": 0, "won": 0, "balance": 0})
        st["money"] = money
        if season.unit == data["unit"]:  # cents: the balance is the money
            st["balance"] = money
    for st in data["players"].values():
        st.setdefault("money", 0)
    data["money_unit"] = season.unit
    return data
