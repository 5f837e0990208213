"""Reports: the ledger's sessions as plain data for exports, stats and the history (pure).

``build_report(cfg, ledger, session_ids)`` turns the stored rows of sessions into a report: an
overview read up front and the sessions with their hands as an iterator; the exporters in
``export/`` turn it into CSV, Markdown or HTML chunk by chunk.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from ..i18n import say
from ..memo import Memo, collection_paused
from ..rules.model import GameEntry
from ..session.fold import carried_on
from ..session.season import local_date
from ..session.settle import merged, session_balances, settle_session
from ..session.sheet import Tally


def build_report(cfg: Any, ledger: Any, session_ids: Sequence[int], season: bool | None = None) -> dict[str, Any]:
    """The given sessions as data, from the stored rows (no replay). ``check`` is what proves
    the stored rows equal a replay.

    A session's ``hands`` are its game rows in hand order (``dealt`` false for a row that is no
    hand, such as a Deutscher draw), with each early payout (``settle --player``) as a row of
    its own after the hand it followed (``payment`` true, no hand number): the running totals
    count it, so the last row's totals are what the settlement shows before the close.

    ``overview`` holds per session what its settlement shows (a closed session from its stored
    closing, the open one from its stored payouts) and is read up front, so a season page can
    come first; ``sessions`` is an iterator over the sessions with their hands, read from one
    query over the games as the export reaches them, so an export of a whole season never holds
    more than one evening in memory. The report's dicts are shared where hands repeat (the same
    payouts, the same outcome): an export reads them, never changes them.

    Every word in it (the hands' descriptions, the family's name) is in the table's language;
    ``season`` (default: more than one session) asks the exports for the season's overview too
    (``export --all``)."""
    fam = cfg.family_obj()
    lang = cfg.language
    wanted = set(session_ids)
    every = ledger.sessions()
    openings = {later.id: carried_on(earlier) for earlier, later in zip(every, every[1:], strict=False)}
    infos = [info for info in every if info.id in wanted]
    aliases = ledger.aliases() if infos else {}
    payments = _payments(ledger, [info.id for info in infos])
    players: list[str] = list(cfg.players)
    overview = []
    shown: dict[int, tuple[Any, dict[str, Any]]] = {}  # id of a stored settlement -> (it, as reported)
    with collection_paused():
        for info in infos:
            item = _overview(cfg, ledger, info, aliases, payments.get(info.id, []), openings.get(info.id) or {},
                             shown)
            for p in item["settlement"]["balances"]:  # (an evening closed before a rename: the name now)
                p = aliases.get(p, p)
                if p not in players:
                    players.append(p)
            overview.append(item)
    return {
        "table": cfg.name, "family": cfg.family, "family_title": fam.title_in(lang), "unit": fam.unit,
        "has_stock": fam.has_stock,
        "currency": cfg.currency, "language": lang, "players": players, "overview": overview, "aliases": aliases,
        "sessions": session_reports(cfg, ledger, overview, players, aliases),
        "season": len(overview) > 1 if season is None else season,
    }


def _payments(ledger: Any, session_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    """The early payouts (``settle --player``) of the sessions, by session, oldest first: one
    query (they are few)."""
    if not session_ids:
        return {}
    wanted = set(session_ids)
    out: dict[int, list[dict[str, Any]]] = {}
    for p in ledger.payments():
        if p.session_id in wanted:
            out.setdefault(p.session_id, []).append({"hand": p.hand, "created_at": p.created_at, "player": p.player,
                                                     "amounts": p.amounts, "transfers": p.transfers})
    return out


def _overview(cfg: Any, ledger: Any, info: Any, aliases: dict[str, str],
              payments: list[dict[str, Any]], opening: dict[str, int],
              shown: dict[int, tuple[Any, dict[str, Any]]] | None = None) -> dict[str, Any]:
    """One session without its hands: what its settlement shows and was (or would be) paid;
    ``opening``: the Stock the evening before carried into it; ``shown``: the stored settlements
    reported so far, by identity (the ledger decodes a closing's text once for every evening
    that repeats it: reported once, shared, never changed by a reader)."""
    stored = info.bookings.get("settlement") if info.closed_at else None
    if stored:  # what was paid, as stored at the close (``SessionSettlement.from_stored``, read as it is)
        if shown is None:
            shown = {}
        kept = shown.get(id(stored))
        if kept is None or kept[0] is not stored:  # (held there: an id names one object while it lives)
            kept = shown[id(stored)] = (stored, _stored_settlement(stored))
        return {
            "session": info.id, "opened_at": info.opened_at, "closed_at": info.closed_at,
            "date": local_date(info.opened_at) if info.opened_at else None,
            "balances": dict(info.closing or {}), "stock": 0, "bookings": info.bookings, "payments": payments,
            "opening": sum(opening.values()), "settlement": kept[1],
        }
    if info.closed_at:
        from .settle import closed_settlement

        settled = closed_settlement(ledger, info)  # closed before the settlement was stored
        balances, stock = dict(info.closing or {}), settled.stock
    else:  # as ``settle`` adds it up (early payouts and renames included), from the stored payouts
        records = [rec for rec in ledger.games(info.id) if rec.valid]
        parts = [merged(rec.payouts, aliases) for rec in records] + [merged(session_balances(p["amounts"] for p in payments), aliases)]
        balances = session_balances(parts, {}, cfg.players)
        stock = sum(opening.values()) + sum(rec.stock for rec in records)
        rules = records[-1].rules if records else cfg.snapshot()  # priced by its own snapshot
        from ..session.fold import replay_rows

        # who paid into the Stock decides where it goes (stock_at_close): replayed only where it holds money
        rows = replay_rows(records, aliases=aliases, opening=opening) if stock and records else []
        state = rows[-1].played.after if rows and rows[-1].played is not None else None
        settled = settle_session(rules, balances, stock, None, info.id, state=state, aliases=aliases)
    return {
        "session": info.id, "opened_at": info.opened_at, "closed_at": info.closed_at,
        "date": local_date(info.opened_at) if info.opened_at else None,
        "balances": balances, "stock": stock, "bookings": info.bookings, "payments": payments,
        "opening": sum(opening.values()),
        # ``balances``: what ``settle`` shows (and ``settle --all`` adds up); ``amounts``: what
        # was (or would be) paid, after the Stock's return and the cash rounding
        "settlement": settled.reported(),
    }


def _stored_settlement(stored: Mapping[str, Any]) -> dict[str, Any]:
    """A closing's stored settlement as the report shows it: ``SessionSettlement.reported`` of
    ``SessionSettlement.from_stored`` (what was paid, its rounding and transfers), its balances
    as they were paid, without building the objects (a season has thousands of closings;
    tests/app/test_report_settlement.py checks the two agree)."""
    paid = {str(n): int(v) for n, v in stored["paid"].items()}
    exact = stored.get("exact", paid)
    return {"amounts": paid, "balances": paid, "closed": True, "unit": str(stored["unit"]),
            "round": stored.get("round"), "stock": 0,
            "rounding": {n: v - exact.get(n, 0) for n, v in paid.items() if v != exact.get(n, 0)},
            "transfers": [{"from": str(t["from"]), "to": str(t["to"]), "amount": int(t["amount"])}
                          for t in stored["transfers"]],
            **{k: v for k, v in stored.items() if k not in ("unit", "paid", "exact", "round", "transfers")}}


def session_reports(cfg: Any, ledger: Any, overview: list[dict[str, Any]], players: list[str],
                    aliases: dict[str, str]) -> Iterator[dict[str, Any]]:
    """The sessions of ``overview`` (the report's, or a part of it) with their hands, one at a
    time (``_sessions_made``), each made with the cycle collector held (``collection_paused``)."""
    sessions = _sessions_made(cfg, ledger, overview, players, aliases)
    while True:
        with collection_paused():
            session = next(sessions, None)
        if session is None:
            return
        yield session


def _sessions_made(cfg: Any, ledger: Any, overview: list[dict[str, Any]], players: list[str],
                   aliases: dict[str, str]) -> Iterator[dict[str, Any]]:
    """Each session with its hands and running totals, one at a time, from one query.

    A season repeats itself (the same games by the same people for the same money): the stored
    JSON texts are decoded, and each entry described, once per distinct text (memos that start
    afresh when they grow large, so memory stays flat)."""
    fam = cfg.family_obj()
    lang = cfg.language
    stroke = fam.unit == "stroke"
    describe = fam.describe
    loads = json.loads
    value = Memo[str, Any](loads).__getitem__  # a stored JSON text (payouts, outcome) -> its value, shared
    entries = Memo[str, GameEntry](lambda text: GameEntry.from_dict(loads(text)))  # an entry's stored text
    # (entry text, declarers, outcome text where it has extras) -> the hand described, in the
    # table's language (the file's, today), whatever the snapshot was played in
    described = Memo[tuple[Any, ...], str](lambda key: describe(
        entries[key[0]], list(key[1]), value(key[2]).get("extra") if key[2] else None, lang=lang))

    def shows(key: tuple[str, str]) -> tuple[Any, ...]:
        """What a hand shows that its entry and outcome alone decide, made once."""
        entry_text, outcome_text = key
        entry, o = entries[entry_text], value(outcome_text)
        declarers = o.get("declarers", ())
        description = described[entry_text, tuple(declarers), outcome_text if o.get("extra") else None]
        return (entry.comment or "", description, o.get("dealer"), o.get("sitting_out", []),
                o.get("explanation", ""), o.get("declarers", []), o.get("won"), fam.deals(entry))

    hand_words = Memo(shows)  # (entry text, outcome text) -> what the hand shows
    # a ruleset's players: who sat at the table for a hand played under it; a player who joined
    # later has no running total (a blank, not 0) before he joined
    seated_under = Memo[int, tuple[str, ...]](lambda rid: tuple(ledger.rules(rid).players))

    rows = ledger.hand_rows([item["session"] for item in overview])
    row = next(rows, None)
    for item in overview:
        sid = item["session"]
        while row is not None and row[0] < sid:  # a session between the wanted ones
            row = next(rows, None)
        # the running totals as the one sheet keeps them (session.sheet.Tally), from the stored rows
        tally = Tally((), aliases, stock=item["opening"] + (item["bookings"].get("stock", 0) if item["closed_at"] else 0))
        running, book = tally.totals, tally.add  # each seated player's total under the name he goes by now
        seated: set[int] = set()  # the rulesets whose players sit in the tally (at 0 before they are paid)
        hands = []
        unpaid = list(item["payments"])  # the early payouts, each a row after the hand it followed
        while row is not None and row[0] == sid:
            while unpaid and row[1] > unpaid[0]["hand"]:
                hands.append(_payment_row(unpaid.pop(0), tally, lang))
            _, hand, replaces, created_at, game, entry_text, ruleset_id, payouts_text, hand_stock, outcome_text, \
                void_kind, void_reason = row
            row = next(rows, None)
            comment, description, dealer, sitting_out, explanation, declarers, won, dealt = hand_words[
                entry_text, outcome_text]
            if void_kind is not None:
                hands.append({"hand": hand, "game": game, "recorded_at": created_at, "void": True,
                              "void_kind": void_kind, "reason": void_reason or "", "edited": replaces is not None,
                              "comment": comment, "description": description, "dealt": dealt})
                continue
            if ruleset_id not in seated:
                seated.add(ruleset_id)
                tally.sit(seated_under[ruleset_id])
            payouts = book(value(payouts_text), hand_stock)  # earlier names under the name now
            h = {"hand": hand, "game": game, "recorded_at": created_at, "void": False, "void_kind": None,
                 "reason": void_reason or "", "edited": replaces is not None, "comment": comment,
                 "description": description, "dealer": dealer, "sitting_out": sitting_out,
                 "payouts": payouts, "stock": hand_stock, "explanation": explanation,
                 "declarers": declarers, "won": won, "running": dict(running), "dealt": dealt}
            if stroke:  # the paper's tally: completed sheep's heads and the strokes left
                rules = ledger.rules(ruleset_id)
                h["tally"] = {n: list(fam.head_split(rules, v)) if v >= 0 else [0, v] for n, v in running.items()}
            hands.append(h)
        hands += [_payment_row(pay, tally, lang) for pay in unpaid]
        yield {**item, "hands": hands, "stock": tally.stock}


def _payment_row(pay: Mapping[str, Any], tally: Tally, lang: str) -> dict[str, Any]:
    """An early payout (``settle --player``) as a row of the sheet after the hand it followed:
    its amounts move the running totals (booked in ``tally`` here), so that the sheet and the
    chart end where the settlement does. No hand number (``""``), ``payment`` true, not dealt."""
    amounts = dict(tally.add(pay["amounts"]))
    return {"hand": "", "game": "payment", "payment": True, "recorded_at": pay["created_at"], "void": False,
            "void_kind": None, "reason": "", "edited": False, "comment": "",
            "description": say("export.csv_paid_out", lang, name=pay["player"], hand=pay["hand"]),
            "dealer": None, "sitting_out": [], "payouts": amounts, "stock": 0, "explanation": "", "declarers": [],
            "won": None, "running": dict(tally.totals), "dealt": False, "player": pay["player"],
            "transfers": list(pay.get("transfers", ()))}


def _no_stats() -> dict[str, int]:
    return {"games": 0, "declarer": 0, "won": 0, "partner": 0, "partner_won": 0, "balance": 0}


def stats(hands: Iterable[Mapping[str, Any]], players: Sequence[str], family: Any,
          aliases: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Per player (games played, as declarer and won so, as partner and won so, money) and per
    game type (games, won, moved).

    ``hands`` are dicts with ``game``, ``void``, ``payouts``, ``declarers`` and ``won`` (the
    hands of ``build_report`` or ``Ledger.hand_summaries``); ``aliases`` (earlier names -> the
    names now): a renamed player's hands count under the name now, as one player."""
    aliases = aliases or {}
    kinds = {g.name: g for g in family.games}
    per_player = {p: _no_stats() for p in players}
    games: dict[str, dict[str, int]] = {}
    dealt = {g.name: family.deals(GameEntry(g.name)) for g in family.games}
    # (a game no longer known, an older ledger's: thrown in never, declared as any)
    traits = {name: (kind.thrown_in, kind.declared) for name, kind in kinds.items()}
    for h in hands:
        game = h["game"]
        if h["void"] or h.get("payment") or not dealt.get(game, True):
            continue  # a draw (Deutscher) is not a game played (RULES §12); an early payout is no game
        g = games.get(game)
        if g is None:
            g = games[game] = {"games": 0, "won": 0, "moved": 0}
        g["games"] += 1
        won = h.get("won")
        if won:
            g["won"] += 1
        thrown_in, declared = traits.get(game, (False, True))
        moved = 0
        for name, amount in h["payouts"].items():
            name = aliases.get(name, name)
            st = per_player.get(name)
            if st is None:
                st = per_player[name] = _no_stats()
            st["balance"] += amount
            if amount > 0:
                moved += amount
            if not thrown_in:
                st["games"] += 1
        g["moved"] += moved
        if declared:
            # "as declarer" counts the declarer alone; the called partner counts "as partner" (RULES §12)
            for i, name in enumerate(h.get("declarers", ())):
                name = aliases.get(name, name)
                st = per_player.get(name)
                if st is None:
                    st = per_player[name] = _no_stats()
                role = "declarer" if i == 0 else "partner"
                st[role] += 1
                if won:
                    st["won" if i == 0 else "partner_won"] += 1
    return {"unit": family.unit, "players": per_player, "games": games}


STATS_HEADINGS = ("players", "player", "games", "declarer", "won", "balance", "money", "game_types", "game",
                  "count", "moved", "partner")


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


def season_stats(cfg: Any, ledger: Any, session_ids: Sequence[int]) -> dict[str, Any]:
    """``stats`` of the sessions, with each player's money exactly as ``settle`` shows it for
    them (a Stock returned at the close and the cash rounding included)."""
    from .settle import season_money

    session_ids = list(session_ids)

    data = stats(ledger.hand_summaries(session_ids), cfg.players, cfg.family_obj(), ledger.aliases())
    season = season_money(cfg, ledger, session_ids)
    for name, money in season.balances.items():
        st = data["players"].setdefault(name, _no_stats())
        st["money"] = money
        if season.unit == data["unit"]:  # cents: the balance is the money
            st["balance"] = money
    for st in data["players"].values():
        st.setdefault("money", 0)
    data["money_unit"] = season.unit
    return data
