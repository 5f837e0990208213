"""The server's pages, a registry (issue 34): one ``Page`` per page (its path, template,
handler, the words it shows, its title, who may open it) gives the route and the page's words;
adding a page is one entry here and one template. Jinja2 renders them autoescaped, phone-first,
readable without JavaScript, in the table's language.

A page without JavaScript writes through small forms (``POST /form/...``: the same functions as
the API, answered with a redirect back, or the refusal as a page); with JavaScript
(``static/*.js``) the forms post JSON to the API, the tap entry edits the entry line, hands wait
in an outbox until answered, and an event stream (``/api/events``) fetches the page's live parts
anew after every write and every reconnection.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from ..errors import IllegalEntry, ScoreError
from ..i18n import say
from ..i18n import template as message_template
from . import answers
from .codes import Role
from .guards import (
    HERE,
    Refusal,
    Served,
    authorize,
    body_of,
    check_tisch,
    field,
    not_found,
    path_int,
    query_int,
    work,
)

# the entry line's hint, and its example where the table's own is not known (a tournament's Sauspiel)
ENTRY_HINT = "server.page_enter_hint"
PLAIN_EXAMPLE = "sau an be 72 l3 k"
# the words every page shows (its header, navigation, connection, answers)
BASE_WORDS = ("server.page_title", "server.page_sheet", "server.page_settle", "server.page_tables",
              "server.page_table", "server.page_ranking", "server.page_players", "server.page_join",
              "server.page_sessions", "server.page_recorded", "server.page_nav", "server.page_conn_live",
              "server.page_conn_reconnecting", "server.page_conn_offline", "server.page_conn_gone",
              "server.page_back", "server.page_skip", "server.page_ratings")
# what the page's script says (the outbox, the questions), handed to it with the page
SCRIPT_WORDS = ("server.page_pending", "server.page_sending_failed", "server.page_no_answer", "server.page_undo", "server.page_yes_again",
                "server.page_no", "server.page_recorded_as", "server.page_correct_to", "server.page_edit_pending",
                "server.page_drop_pending", "server.page_conn_gone", "server.page_ask_same", "server.page_cancel",
                "server.page_reason", "server.page_undo_confirm", "server.page_code_gone", "server.page_page_of",
                "server.page_recorded", "server.page_undo_hand", "server.page_void", "server.page_confirm_change",
                "server.page_field_hint")
# a form's field as its page labels it: a refusal of the field (its ``field`` and ``wants``) said
# in the page's words, not the API's (the page's script takes the label from the form itself)
FIELD_LABELS = {"tisch": "server.page_table", "totals": "server.page_desk_totals_field",
                "solos": "server.page_desk_solos", "won": "server.page_desk_won", "round": "server.page_desk_round",
                "players": "server.page_desk_two", "player": "server.page_player", "name": "server.page_player",
                "new": "server.page_new_name", "hand": "server.page_hand", "round_to": "server.page_round_to",
                "reason": "server.page_reason", "session": "server.page_session"}
FIELD_WANTS = ("missing", "number", "two", "text")
FIELD_TEMPLATES = tuple(f"server.page_field_{wants}" for wants in FIELD_WANTS)  # to the script with {field} in
ENTRY_WORDS = ("server.page_enter", "server.page_enter_hint", "server.page_record", "server.page_game",
               "server.page_suit", "server.page_players", "server.page_result", "server.page_won",
               "server.page_lost", "server.page_schneider", "server.page_backspace", "server.page_more",
               "server.page_clear", "server.page_corrections", "server.page_undo", "server.page_void",
               "server.page_edit", "server.page_hand", "server.page_confirm", "server.page_reason",
               "server.page_sure_void", "server.page_sure_undo", "server.page_outbox",
               "server.page_view_only", "server.page_dealer", "server.page_next_hand", "server.page_sits_out",
               "server.page_role", "server.page_new_evening")
# the desk's forms (a tournament's host page, and a refused one shown again)
DESK_WORDS = ("server.page_desk", "server.page_desk_totals", "server.page_desk_totals_field", "server.page_desk_solos",
              "server.page_desk_won", "server.page_desk_round", "server.page_desk_replace", "server.page_desk_void",
              "server.page_desk_fix", "server.page_desk_apart", "server.page_desk_two", "server.page_desk_remove",
              "server.page_desk_set", "server.page_desk_what", "server.page_desk_swap", "server.page_desk_redraw",
              "server.page_desk_redraw_sure", "server.page_desk_send", "server.page_reason", "server.page_player")
DESK_FORMS = ("totals", "fix", "apart", "swap", "redraw")
SHEET_WORDS = ("server.page_standings", "server.page_no_hands", "server.page_value", "server.page_closed",
               "server.page_hand_short", "server.page_done", "server.page_game")


@dataclass(frozen=True)
class Page:
    """One page: ``handler(served, request, role)`` returns the template's data (or a response
    of its own, a redirect); ``words``: the catalogue ids it shows besides the base's, named in
    the template by the part after ``server.page_``; ``title``: the id of its title; ``need``:
    what a code must be allowed to open it (read, host); ``only``: "table" for a page of a card
    table's money and evenings, "tournament" for a tournament's (elsewhere: 404 saying so)."""

    path: str
    template: str
    handler: Callable[[Served, Request, Role], Awaitable[dict[str, Any] | Response]]
    words: tuple[str, ...]
    title: str
    need: str = "read"
    only: str = ""


class Words:
    """A page's words by their short names (``server.page_sheet`` -> ``w.sheet``). Not a dict:
    in a template ``w.clear`` of a dict is its method ``clear``, not the word."""

    __slots__ = ("_said",)

    def __init__(self, said: dict[str, str]) -> None:
        self._said = said

    def __getattr__(self, name: str) -> str:
        try:
            return self._said[name]
        except KeyError:
            raise AttributeError(name) from None

    def __getitem__(self, name: str) -> str:
        return self._said[name]


def words(lang: str, ids: tuple[str, ...] = (), example: str = PLAIN_EXAMPLE) -> Words:
    """The words of a page by their short names (``server.page_sheet`` -> ``sheet``); the entry
    line's hint with ``example``, a line of the table's own games (``entry_example``)."""
    return Words({key.split(".page_", 1)[1]: say(key, lang, **({"example": example} if key == ENTRY_HINT else {}))
                  for key in (*BASE_WORDS, *ids)})


def entry_example(cfg: Any) -> str:
    """The entry line's example: the first of the family's example hands that the table plays,
    in its players' names, as play's help shows it (``vocabulary.Vocabulary.examples``):
    ``normal an be 72`` at a Wendish table, not a Sauspiel; a tournament's is a Sauspiel."""
    if getattr(cfg, "kind", None) != "table" or not hasattr(cfg, "family_obj"):
        return PLAIN_EXAMPLE
    from ..vocabulary import Vocabulary

    examples = Vocabulary(cfg.snapshot(), cfg.family_obj()).examples()
    return examples[0][0] if examples else PLAIN_EXAMPLE


_env: Any = None


def env() -> Any:
    global _env
    if _env is None:
        import jinja2

        _env = jinja2.Environment(loader=jinja2.FileSystemLoader(HERE / "templates"), autoescape=True,
                                  trim_blocks=True, lstrip_blocks=True)
    return _env


def _cfg(served: Served) -> Any:
    try:
        return served.cfg()
    except Exception:  # a table file broken meanwhile: its refusal is shown all the same
        from types import SimpleNamespace

        return SimpleNamespace(name="schafkopf", kind="table", language=served.lang())


def render_page(served: Served, request: Request, template: str, ids: tuple[str, ...], title: str,
                status: int = 200, **data: Any) -> HTMLResponse:
    cfg = _cfg(served)
    lang = cfg.language
    done = request.query_params.get("done", "")
    if done in DESK_FORMS:  # what a desk form did (no hand of the sheet)
        data.setdefault("done_text", say(f"server.page_desk_done_{done}", lang))
        done = ""
    done = done if done.isascii() and done.isdigit() and len(done) < 7 else ""
    live = data.get("live") or {}
    row = next((r for r in live.get("rows", ()) if done and str(r["hand"]) == done), None)
    data.setdefault("done_text", say("server.said_recorded", lang, hand=row["hand"], game=row["what"]) if row else "")
    example = entry_example(cfg) if ENTRY_HINT in ids else PLAIN_EXAMPLE
    html = env().get_template(template).render(
        w=words(lang, ids + SCRIPT_WORDS, example), lang=lang, cfg=cfg, path=request.url.path, title=say(title, lang),
        script_words={**{key.split(".page_", 1)[1]: say(key, lang) for key in SCRIPT_WORDS},
                      **{key.split(".page_", 1)[1]: message_template(key, lang) for key in FIELD_TEMPLATES}},
        done=done, **data)
    return HTMLResponse(html, status_code=status)


def field_words(body: dict[str, Any], lang: str) -> tuple[str, str]:
    """A refusal's message and hint as a page says them: a wrong field named by its label
    (``Fill in “Table”.``), not by the API's key; any other refusal as the API says it."""
    label, wants = FIELD_LABELS.get(body.get("field", "")), body.get("wants")
    if label is None or wants not in FIELD_WANTS:
        return body["error"], body.get("hint", "")
    return say(f"server.page_field_{wants}", lang, field=say(label, lang)), say("server.page_field_hint", lang)


def refusal_page(served: Served, request: Request, exc: Refusal, back: str = "/",
                 again: dict[str, Any] | None = None, retry: dict[str, Any] | None = None,
                 edit: dict[str, Any] | None = None, desk: dict[str, Any] | None = None,
                 form_sent: bool = False) -> Response:
    """A refusal as a page (a form sent without JavaScript): what is wrong, how to fix it, and
    the way back to the page the form was on (``back``, a path of this server). ``again``: the
    fields of a line that repeats the hand before (409), offered to be sent again confirmed, as
    the page's script asks. ``retry``: the fields of a refused entry line, shown again in an
    entry line of its own (under a new key) to be fixed, not typed anew. ``edit``: the fields of
    a refused correction, its form shown again as they were typed. ``desk``: a refused desk
    form (``action`` and what was ``typed``), shown again as typed. ``form_sent``: a page's form
    was refused (a wrong field is named by its label, not by the API's key)."""
    message, advice = (field_words(exc.body, _cfg(served).language) if form_sent
                       else (exc.body["error"], exc.body.get("hint", "")))
    if form_sent and exc.body.get("page_error"):
        message = exc.body["page_error"]
    if form_sent and exc.body.get("page_hint"):
        advice = exc.body["page_hint"]
    if again is not None:
        advice = say("server.page_ask_same", _cfg(served).language)
    if edit is not None and "change" in exc.body:
        advice = say("server.page_confirm_change", _cfg(served).language)
    if retry is not None:
        retry = {**retry, "key": secrets.token_urlsafe(12)}
    return render_page(served, request, "refused.html", ("server.page_enter_hint", "server.page_record",
                                                         "server.page_hand", "server.page_edit", "server.page_reason",
                                                         "server.page_confirm", *DESK_WORDS),
                       "server.page_title", status=exc.status, message=message, advice=advice, role=None,
                       back=back, again=again, retry=retry, edit=edit, desk=desk)


def endpoint(page: Page) -> Callable[[Served, Request], Awaitable[Response]]:
    async def show(served: Served, request: Request) -> Response:
        role = authorize(served, request, page.need)
        if page.only:
            refuse_other_kind(served, page.only)
        data = await page.handler(served, request, role)
        if isinstance(data, Response):
            return data
        return render_page(served, request, page.template, page.words, page.title, role=role, **data)

    return show


def refuse_other_kind(served: Served, only: str) -> None:
    """A card table's page (settlement, seating, evenings) at a tournament, or a tournament's
    (ranking, a table of the draw) at a card table: nothing there (404), said in the page's
    words with the page that shows it instead."""
    lang = _cfg(served).language
    tournament = served.cfg().kind == "tournament"
    if only == "table" and tournament:
        raise Refusal(404, say("server.page_only_table", lang), say("server.page_only_table_hint", lang))
    if only == "tournament" and not tournament:
        raise Refusal(404, say("server.page_only_tournament", lang), say("server.page_only_tournament_hint", lang))


# -- what the pages show --------------------------------------------------------------------------

def _money(value: int, unit: str, lang: str) -> str:
    from ..money import bare

    return bare(value, unit, lang, sign=True)


def sheet_rows(state: Any, lang: str, players: list[str]) -> list[dict[str, Any]]:
    """The sheet's rows (``session.sheet``), latest first: each hand with its description, its
    value and the running totals; a payout and what the close booked as rows of their own."""
    from ..session.sheet import CLOSING, PAYOUT, VOID, describe_record, sheet

    out = []
    for row in sheet(state):
        if row.kind == VOID:
            continue
        if row.kind in (PAYOUT, CLOSING):
            what = (say("server.page_paid_out", lang, name=row.player) if row.kind == PAYOUT
                    else say("server.page_closing", lang))
            item: dict[str, Any] = {"hand": "", "what": what, "value": ""}
        else:
            rec = row.record
            assert rec is not None  # a hand's row
            item = {"hand": rec.hand, "what": describe_record(rec, lang),
                    "value": _money(row.value, state.unit, lang).lstrip("+") if row.value else ""}
        item["cells"] = [("" if row.running.get(p) is None else _money(row.running[p] or 0, state.unit, lang),
                          p in row.amounts) for p in players]
        out.append(item)
    out.reverse()
    return out


def ahead_of(state: Any, next_evening: Any = None) -> dict[str, Any] | None:
    """The next hand, who deals and who sits out; after a close (``next_evening``: the empty
    session the next hand opens) its first hand, as ``play`` says it: *Spiel 1 · Anna gibt · ein
    neuer Abend*."""
    if state.closed:
        if next_evening is None:
            return None
        return {**(ahead_of(next_evening) or {}), "new_evening": True}
    ahead = state.ahead()
    return {"hand": ahead.hand, "dealer": ahead.dealer, "sitting_out": list(ahead.sitting_out)}


def table_data(cfg: Any, ledger: Any, session: int | None = None) -> dict[str, Any]:
    """An evening's live part: standings, what comes next, the sheet (session N, or the latest)."""
    from ..app.state import view_session

    state = view_session(cfg, ledger, session)
    players = list(state.players) or list(cfg.players)
    balances: Mapping[str, int] = state.balances
    if state.closed and state.session is not None:  # as standings shows it: as paid (RULES §7)
        from ..app.views import standings
        from ..app.where import evening

        balances = standings(evening(cfg, ledger, "standings"), state.session.id).balances
    following = None
    if state.closed and session is None:  # the latest evening is settled: the next hand opens a new one
        from ..app.state import current_state
        from ..session.place import THE_OPEN_SESSION

        following, _ = current_state(cfg, ledger, THE_OPEN_SESSION)
    return {"players": players, "rows": sheet_rows(state, cfg.language, players),
            "balances": [(p, _money(v, state.unit, cfg.language)) for p, v in balances.items()],
            "ahead": ahead_of(state, following), "closed": state.closed,
            "session": state.session.id if state.session else None,
            "sessions": [s.id for s in ledger.sessions()] if ledger.conn is not None else []}


def tisch_data(cfg: Any, ledger: Any, tisch: int, round_no: int | None) -> dict[str, Any]:
    """A tournament's table: its round, players, sheet in points; before the first draw, or
    for a table the round does not have, what to wait for."""
    from ..tournament.tables import find_table, latest_round, settings_of, table_view

    latest = latest_round(ledger) if ledger.conn is not None else 0
    if latest == 0:
        return {"waiting": "draw", "tisch": tisch, "round": 0}
    try:
        table = find_table(cfg, ledger, tisch, round_no)
    except IllegalEntry as exc:
        if round_no is not None and round_no != latest:  # an earlier round without it, or none drawn: no draw to wait for
            raise Refusal(404, exc.render(cfg.language)[0],
                          say("server.page_round_missing_hint", cfg.language, tisch=tisch)) from None
        return {"waiting": "table", "tisch": tisch, "round": round_no or latest}
    state = table_view(cfg, ledger, table)
    players = list(table.players)
    from ..tournament.tables import table_totals

    paper = table_totals(ledger).get(table.session_id)
    return {"waiting": "", "players": players, "rows": sheet_rows(state, cfg.language, players),
            "balances": [(p, _money(v, "point", cfg.language)) for p, v in state.balances.items()],
            "ahead": ahead_of(state), "closed": False, "round": table.round, "tisch": table.tisch,
            "current": table.round == latest, "games": settings_of(cfg).games_at(len(players)),
            "done": len(state.valid_rows()), "paper": paper is not None,
            "paper_totals": _paper(paper, cfg.language)}


def _paper(paper: Any, lang: str) -> list[tuple[str, str]]:
    """A table's paper totals (``tournament enter --totals``) as the page shows them."""
    totals = paper.get("totals") if isinstance(paper, dict) else None
    if not isinstance(totals, dict):
        return []
    return [(str(p), _money(v, "point", lang) if isinstance(v, int) else str(v)) for p, v in totals.items()]


def tap_data(cfg: Any, players: list[str] | None = None) -> dict[str, Any]:
    """The tap entry's vocabulary (``taps.vocabulary``): at an evening, the table file's seating
    (the next hand's); at a tournament's table, its players under that table's rules."""
    from .taps import vocabulary

    if players is None:
        return vocabulary(cfg.family_obj(), cfg.snapshot(), list(cfg.players), cfg.language)
    from ..tournament.tables import table_cfg

    seated = table_cfg(cfg, players)
    return vocabulary(cfg.family_obj(), seated.snapshot(), players, cfg.language)


# -- the pages -------------------------------------------------------------------------------------

async def home(served: Served, request: Request, role: Role) -> dict[str, Any] | Response:
    cfg = served.cfg()
    if cfg.kind == "tournament":
        if role.name == "tisch":
            return RedirectResponse(f"/tisch/{role.tisch}", status_code=303)
        return await tournament_home(served, request, role)
    live = await work(served, table_data)
    return {"tournament": False, "key": secrets.token_urlsafe(12), "tap": tap_data(cfg), "live": live,
            "may_write": role.may_write}


async def tournament_home(served: Served, request: Request, role: Role) -> dict[str, Any]:
    def read(cfg: Any, ledger: Any) -> Any:
        try:
            return answers.tables_json(cfg, ledger)
        except IllegalEntry:
            return None

    tables = await work(served, read)
    roster = sorted({p for t in (tables or {}).get("tables", []) for p in t.get("players", [])}, key=str.casefold)
    return {"tournament": True, "tables": tables, "roster": roster}


async def tisch_page(served: Served, request: Request, role: Role) -> dict[str, Any]:
    cfg = served.cfg()
    tisch = path_int(served, request, "n")
    if not 0 < tisch < 10_000:
        raise not_found(served)
    round_no = query_int(served, request, "round")
    live = await work(served, tisch_data, tisch, round_no)
    may = (not live["waiting"] and not live["paper"] and live["current"] and round_no is None
           and (role.name == "host" or role.name == "tisch" and role.tisch == tisch))
    tap = tap_data(cfg, live["players"]) if may else None
    # a table's code at another table: it reads here (not "this code can only read": it enters at its own)
    other = say("server.page_other_table", cfg.language, tisch=role.tisch) if role.name == "tisch" else ""
    return {"may_write": may, "key": secrets.token_urlsafe(12), "tap": tap, "live": live, "other_table": other}


async def ratings_page(served: Served, request: Request, role: Role) -> dict[str, Any]:
    """The ratings and every player's page (RULES §13) as the HTML report shows them, over every
    session of the table; ``?player=NAME`` (a unique part of it): that player's page alone."""
    typed = field(served, dict(request.query_params), "player", str)

    def read(cfg: Any, ledger: Any) -> tuple[str, str | None]:
        from ..app.insights_report import insights
        from ..app.player_page import player_name, settled_money
        from ..export.html_insights import insights_html
        from ..insights.rating import PROVISIONAL_HANDS

        if ledger.conn is None:
            data: dict[str, Any] = {"ratings": [], "pages": [], "provisional_hands": PROVISIONAL_HANDS}
        else:
            data = insights(cfg, ledger, ledger.session_ids())
            money = settled_money(cfg, ledger, ledger.session_ids(), cfg.family_obj())  # as settle shows it
            data["pages"] = [{**p, "money": money.get(p["player"], p["money"])} for p in data["pages"]]
        name = None
        if typed:
            name = player_name(cfg, ledger, typed)  # refused (422) with the names there are
            data = {**data, "pages": [p for p in data["pages"] if p["player"] == name]}
        unit = cfg.family_obj().unit
        return insights_html(data, cfg.language, unit, cfg.currency, list(cfg.players)), name

    html, name = await work(served, read)
    from markupsafe import Markup

    return {"insights": Markup(html), "player": name}  # noqa: S704 - made of escaped words and names


async def ranking_page(served: Served, request: Request, role: Role) -> dict[str, Any]:
    def read(cfg: Any, ledger: Any) -> Any:
        try:
            return answers.ranking_json(cfg, ledger), answers.tables_json(cfg, ledger)
        except IllegalEntry:
            return None, None

    ranking, tables = await work(served, read)
    return {"ranking": ranking, "tables": tables, **projector(ranking, tables)}


def projector(ranking: dict[str, Any] | None, tables: dict[str, Any] | None) -> dict[str, Any]:
    """What the projector marks: tables still playing; provisional while the tournament says
    tables are missing (``complete`` False; absent: nothing is said)."""
    if not ranking or not tables:
        return {"playing": [], "provisional": False, "missing": []}
    playing = [t for t in tables.get("tables", []) if not t.get("totals") and t.get("done", 0) < t.get("games", 0)]
    complete = ranking.get("complete")
    missing = ranking.get("missing") if isinstance(ranking.get("missing"), list) else []
    return {"playing": playing, "provisional": complete is False, "missing": missing,
            "numbers": any(r.get("number") is not None for r in ranking.get("ranking", []))}


async def settle_page(served: Served, request: Request, role: Role) -> dict[str, Any]:
    cfg = served.cfg()
    data = await work(served, answers.settle_json)
    unit = data.get("unit", "cent")
    from ..money import format_value

    def money(v: int, sign: bool = False) -> str:
        return format_value(v, unit, cfg.currency, cfg.language, sign=sign)

    stock = say("server.page_stock", cfg.language)
    # the transfers between the players, then who puts money into the Stock (a Stock carried on)
    # and whom the Stock pays (one the evening opened with), as settle lists them
    transfers = [(t["from"], t["to"], money(t["amount"])) for t in data.get("transfers", [])]
    transfers += [(t["from"], stock, money(t["amount"])) for t in data.get("into_stock", [])]
    transfers += [(stock, t["to"], money(t["amount"])) for t in data.get("from_stock", [])]
    balances = [(p, _money(v, unit, cfg.language)) for p, v in data.get("balances", {}).items()]
    notes = []
    if data.get("stock"):  # money in the Stock of an open evening: beside the balances, and where it goes
        balances.append((stock, _money(data["stock"], unit, cfg.language)))
        how = data.get("stock_at_close", "equal")
        shares = ", ".join(f"{n} {money(v, sign=True)}" for n, v in data.get("stock_return", {}).items())
        notes.append(say(f"server.page_stock_{how}", cfg.language, shares=shares))
    if data.get("closed") and data.get("stock_carried"):
        notes.append(say("server.page_stock_carried", cfg.language, amount=money(sum(data["stock_carried"].values()))))
    if data.get("round"):  # what the cash rounding moved
        moves = ", ".join(f"{n} {money(v, sign=True)}" for n, v in data.get("rounding", {}).items()) or "-"
        notes.append(say("server.page_rounded", cfg.language, amount=money(data["round"]), moves=moves))
    # an early payout only where the table counts in money (a Sheepshead or Deutscher table's points or
    # strokes become money at the close only: the payout is refused there)
    return {"settle": data, "transfers": transfers, "balances": balances, "notes": notes, "players": list(cfg.players),
            "unit": unit, "pays_out": cfg.family_obj().unit == "cent"}


async def players_page(served: Served, request: Request, role: Role) -> dict[str, Any]:
    """The seating, who left, and every change as ``player add/leave/rename`` said it when done
    (in the table's language, from which hand)."""
    from ..app.players import Change, change_text, seating
    from ..i18n import render

    data = await work(served, seating)
    lang = served.cfg().language
    said = [render(change_text(Change(c["kind"], c["name"], c.get("to", ""), c["players"], c["session"], c["hand"])),
                   lang) for c in data["changes"]]
    return {"seating": data, "changes": said}


async def sessions_page(served: Served, request: Request, role: Role) -> dict[str, Any]:
    number = request.path_params.get("n")
    session = None if number is None else path_int(served, request, "n")
    live = await work(served, _session_data, session)
    return {"live": live, "asked": session}


def _session_data(cfg: Any, ledger: Any, session: int | None) -> dict[str, Any]:
    from ..app.state import select_sessions

    if session is not None:
        select_sessions(ledger, session)  # refused, with the sessions there are
    return table_data(cfg, ledger, session)


async def join_page(served: Served, request: Request, role: Role) -> dict[str, Any]:
    """The links (and their QR codes) to hand the other phones: the view and host codes and, in
    a tournament, each table's; from the codes file as it is now."""
    from ..app.codes import codes_path, read_codes
    from .codes import role_order

    cfg = served.cfg()
    codes = read_codes(codes_path(cfg.path)) or {}
    base = f"{request.url.scheme}://{request.headers.get('host', request.url.netloc)}"
    links = []
    import segno

    for label in sorted(codes, key=role_order):
        url = f"{base}/?k={codes[label]}"
        links.append({"label": label, "url": url, "qr": segno.make(url, error="m").svg_data_uri(scale=4, border=2)})
    return {"links": links}


PAGES: tuple[Page, ...] = (
    Page("/", "table.html", home, ENTRY_WORDS + SHEET_WORDS + (
        "server.page_round", "server.page_done", "server.page_draw", "server.page_no_round",
        "server.page_paper", "server.page_draw_sure", "server.page_session") + DESK_WORDS, "server.page_title"),
    Page("/tisch/{n}", "tisch.html", tisch_page, ENTRY_WORDS + SHEET_WORDS + (
        "server.page_round", "server.page_done", "server.page_wait_draw", "server.page_wait_table",
        "server.page_paper", "server.page_old_round"), "server.page_table", only="tournament"),
    Page("/ratings", "ratings.html", ratings_page, ("server.page_ratings_all",), "server.page_ratings"),
    Page("/ranking", "ranking.html", ranking_page, (
        "server.page_round", "server.page_rank", "server.page_player", "server.page_points", "server.page_no_round",
        "server.page_provisional", "server.page_playing", "server.page_all_done", "server.page_lot",
        "server.page_withdrawn", "server.page_from_round", "server.page_missing", "server.page_number",
        "server.page_solos_won", "server.page_games_won", "server.page_page_of", "server.page_paper"),
         "server.page_ranking", only="tournament"),
    Page("/settle", "settle.html", settle_page, (
        "server.page_transfers", "server.page_nothing_owed", "server.page_close", "server.page_round_to",
        "server.page_closed", "server.page_standings", "server.page_sure_close", "server.page_pay_out",
        "server.page_player", "server.page_reopen", "server.page_reason", "server.page_sure_reopen"),
         "server.page_settle", only="table"),
    Page("/players", "players.html", players_page, (
        "server.page_seated", "server.page_left", "server.page_add_player", "server.page_after",
        "server.page_leave_player", "server.page_rename_player", "server.page_new_name", "server.page_player",
        "server.page_changes", "server.page_sure_leave"), "server.page_players", only="table"),
    Page("/sessions", "sessions.html", sessions_page, SHEET_WORDS + ("server.page_session",), "server.page_sessions",
         only="table"),
    Page("/sessions/{n}", "sessions.html", sessions_page, SHEET_WORDS + ("server.page_session",),
         "server.page_sessions", only="table"),
    Page("/join", "join.html", join_page, ("server.page_join_hint", "server.page_role_host", "server.page_role_view",
                                           "server.page_role_tisch"), "server.page_join", need="host"),
)


# a page's form without JavaScript: the API's work, then back to the page (a refusal: as a page)
FORMS = {"hands": "write", "undo": "write", "void": "write", "edit": "write", "close": "host", "draw": "host"}


async def form(served: Served, request: Request) -> Response:
    from . import host

    action = request.path_params["action"]
    if action not in FORMS and action not in host.ACTIONS:
        raise not_found(served)
    need = FORMS.get(action) or host.ACTIONS[action].need
    role = authorize(served, request, need)
    data = await body_of(served, request)
    back = back_path(field(served, data, "back", str))
    done = "1"
    again = None
    try:
        tisch = check_tisch(served, role, field(served, data, "tisch", int))
        reason = field(served, data, "reason", str) or ""
        if action == "hands":
            from .hands import api_hands_work

            line, key, round_no = (field(served, data, "line", str, required=True), field(served, data, "key", str),
                                   field(served, data, "round", int))
            again = {"line": line, "key": key, "tisch": data.get("tisch") or "", "round": data.get("round") or ""}
            _, result = await api_hands_work(served, line, key, tisch, bool(field(served, data, "confirm", bool)),
                                             round_no, role.name == "tisch")
            done = str(result.get("hand", 1))
        elif action == "undo":
            await work(served, answers.undo_json, reason, tisch, None, field(served, data, "session", int))
        elif action == "void":
            await work(served, answers.void_json, field(served, data, "hand", int, required=True), reason, tisch, None,
                       field(served, data, "session", int))
        elif action == "edit":
            await work(served, answers.edit_json, field(served, data, "hand", int, required=True),
                       field(served, data, "line", str, required=True), reason,
                       bool(field(served, data, "confirm", bool)), tisch, None, field(served, data, "session", int))
        elif action == "close":
            await work(served, answers.close_json, field(served, data, "round_to", int),
                       field(served, data, "session", int))
        elif action == "draw":
            await work(served, answers.draw_json, None, None, False, create=True)
        else:
            await host.run_action(served, action, data)
            if action in DESK_FORMS:  # the page says what was done
                done = action
    except Refusal as exc:
        served.hub.wake.set()
        if action == "hands" and exc.status == 409 and isinstance(exc.body.get("recorded"), dict):
            exc = sent_before(served, exc.body["recorded"])
        same = exc.status == 409 and "same_as" in exc.body
        edit = ({k: data.get(k) or "" for k in ("hand", "line", "reason", "tisch", "round")}
                if action == "edit" and exc.status not in (401, 403) else None)
        desk = ({"action": action, "typed": {k: v for k, v in data.items() if isinstance(v, str)
                                              and k != "back" and not k.startswith("sure")}}
                if action in DESK_FORMS and exc.status not in (401, 403) else None)
        return refusal_page(served, request, exc, back, again if same else None,
                            again if again is not None and not same and exc.status not in (401, 403) else None, edit,
                            desk, form_sent=True)
    except ScoreError:  # pragma: no cover - work() turns these into refusals
        raise
    served.hub.wake.set()
    return RedirectResponse(with_done(back, done), status_code=303)


def sent_before(served: Served, recorded: dict[str, Any]) -> Refusal:
    """A page's entry line sent again with the key it recorded a hand with (the page come
    back to with the back button, without JavaScript): said in the player's words, what it
    recorded named, the line offered again below under a new key (not the API's "key")."""
    lang = _cfg(served).language
    said: list[str] = [str(t) for t in recorded.get("said") or []][:1]
    return Refusal(409, say("server.page_sent_before", lang, hand=recorded.get("hand", "?")),
                   " ".join([*said, say("server.page_sent_before_hint", lang)]))


def back_path(back: str | None) -> str:
    """The page a form goes back to: a path of this server (with its query), else ``/``. Never
    another site: not ``//host``, nor a backslash, a tab or a line break, which a browser drops
    or reads as a slash (``/\t/evil.example`` is ``//evil.example`` to it)."""
    if not back or not back.startswith("/") or back.startswith("//") or "\\" in back or not back.isprintable():
        return "/"
    parts = urlsplit(back)
    return back if not parts.scheme and not parts.netloc else "/"


def with_done(back: str, done: str) -> str:
    """``back`` with ``done=N`` in its query (the page shows what was done), an earlier ``done``
    replaced and the rest of the query kept."""
    parts = urlsplit(back)
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != "done"] + [("done", done)]
    return urlunsplit(("", "", parts.path, urlencode(query), ""))


ROUTES = [*[(p.path, endpoint(p), ("GET",)) for p in PAGES], ("/form/{action}", form, ("POST",))]
