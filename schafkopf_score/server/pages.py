"""The server's pages (Jinja2, autoescaped): the table, a tournament's table, the projector's
ranking, the settlement; phone-first, readable without JavaScript, in the table's language.

A page without JavaScript writes through small forms (``POST /form/...``, the same functions
as the API, answered with a redirect back); with JavaScript (``static/table.js``) the forms
post JSON to the API, the tap buttons build the entry line, and an event stream
(``/api/events``) fetches the page's live part anew after every write.
"""

from __future__ import annotations

import secrets
from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from ..errors import IllegalEntry, ScoreError
from ..i18n import render, say
from . import answers
from .guards import HERE, Refusal, Served, authorize, body_of, check_tisch, field, not_found, path_int, query_int, work

# every word a page shows, by its catalogue id (the pages name them by the part after "page_")
PAGE_WORDS = (
    "server.page_title", "server.page_sheet", "server.page_standings", "server.page_enter",
    "server.page_enter_hint", "server.page_record", "server.page_game",
    "server.page_players", "server.page_augen", "server.page_laufende", "server.page_extras",
    "server.page_clear", "server.page_corrections", "server.page_undo", "server.page_void",
    "server.page_edit", "server.page_hand", "server.page_settle",
    "server.page_transfers", "server.page_nothing_owed", "server.page_close",
    "server.page_round_to", "server.page_no_hands", "server.page_dealer", "server.page_ranking",
    "server.page_tables", "server.page_table", "server.page_round", "server.page_points",
    "server.page_done", "server.page_draw", "server.page_view_only",
    "server.page_recorded", "server.page_confirm", "server.page_closed",
    "server.page_no_round", "server.page_player", "server.page_rank", "server.page_paper",
)


def words(lang: str) -> dict[str, str]:
    return {key.split(".page_", 1)[1]: say(key, lang) for key in PAGE_WORDS}


_env: Any = None


def env() -> Any:
    global _env
    if _env is None:
        import jinja2

        _env = jinja2.Environment(loader=jinja2.FileSystemLoader(HERE / "templates"), autoescape=True,
                                  trim_blocks=True, lstrip_blocks=True)
    return _env


def page(served: Served, request: Request, name: str, status: int = 200, **data: Any) -> HTMLResponse:
    try:
        cfg: Any = served.cfg()
    except Exception:  # a table file broken meanwhile: its refusal is shown all the same
        from types import SimpleNamespace

        cfg = SimpleNamespace(name="schafkopf", kind="table", language=served.lang())
    lang = cfg.language
    error, hint = served.flash.open(request.query_params.get("flash"))  # only what this server sealed
    html = env().get_template(name).render(w=words(lang), lang=lang, cfg=cfg, path=request.url.path,
                                           error=error, hint=hint,
                                           done=request.query_params.get("done", ""), **data)
    return HTMLResponse(html, status_code=status)


def refusal_page(served: Served, request: Request, exc: Refusal) -> Response:
    return page(served, request, "refused.html", status=exc.status, message=exc.body["error"],
                advice=exc.body.get("hint", ""), role=None)


# -- what the pages show --------------------------------------------------------------------------

def _money(cfg: Any, value: int, unit: str) -> str:
    from ..money import bare

    return bare(value, unit, cfg.language, sign=True)


def _rows(cfg: Any, state: Any) -> list[dict[str, Any]]:
    """The sheet's rows (``session.sheet``): each hand with its description and the running
    totals, a payout and what the close booked as rows of their own."""
    from ..session.sheet import describe_record, sheet

    players = list(state.players) if state.players else list(cfg.players)
    out = []
    for row in sheet(state):
        if row.kind in ("payout", "closing"):
            what = (say("server.page_paid_out", cfg.language, name=row.player) if row.kind == "payout"
                    else say("server.page_closing", cfg.language))
            item: dict[str, Any] = {"hand": "", "what": what, "void": False}
        else:
            rec = row.record
            assert rec is not None  # a hand's row
            item = {"hand": rec.hand, "what": describe_record(rec, cfg.language), "void": row.kind == "void"}
        if row.kind != "void":
            item["value"] = _money(cfg, row.value, state.unit).lstrip("+") if row.value else ""
            item["cells"] = [("" if row.running.get(p) is None else _money(cfg, row.running[p] or 0, state.unit),
                              p in row.amounts) for p in players]
        out.append(item)
    return out


def table_data(cfg: Any, ledger: Any) -> dict[str, Any]:
    from ..app import views
    from ..app.where import evening

    state = views.sheets(evening(cfg, ledger, "sheet")).states[0]
    ahead = None if state.closed else state.ahead()
    return {"players": list(state.players) or list(cfg.players),
            "rows": [r for r in _rows(cfg, state) if not r["void"]],
            "balances": [(p, _money(cfg, v, state.unit)) for p, v in state.balances.items()],
            "dealer": ahead.dealer if ahead else None, "next_hand": ahead.hand if ahead else None,
            "closed": state.closed, "session": state.session.id if state.session else None}


def tisch_data(cfg: Any, ledger: Any, tisch: int, round_no: int | None) -> dict[str, Any]:
    from ..tournament.tables import find_table, latest_round, settings_of, table_cfg, table_view

    table = find_table(cfg, ledger, tisch, round_no)
    state = table_view(cfg, ledger, table)
    tcfg = table_cfg(cfg, table.players)
    return {"players": list(table.players), "rows": [r for r in _rows(tcfg, state) if not r["void"]],
            "balances": [(p, str(v)) for p, v in state.balances.items()], "dealer": state.state.dealer,
            "next_hand": state.ahead().hand,
            "closed": False, "round": table.round, "tisch": table.tisch, "current": table.round == latest_round(ledger),
            "games": settings_of(cfg).games_at(len(table.players)), "done": len(state.valid_rows())}


def tap_data(cfg: Any) -> dict[str, Any]:
    """The tap entry's buttons: the games (their first short word), the suits."""
    family = cfg.family_obj()
    games = []
    for g in family.games:
        label = render(family.game_phrase(g.name), cfg.language)
        for article in ("a ", "an ", "the "):
            label = label.removeprefix(article)
        games.append({"word": g.name, "label": label, "suit": "suit" in g.allowed or "sau" in g.allowed})
    return {"games": games, "suits": list(family.suits), "laufende": list(range(2, 9)),
            "augen": [31, 61, 72, 91, 100, 120, 0], "extras": ["k", "re", "-"]}


# -- the page routes -------------------------------------------------------------------------------

async def home(served: Served, request: Request) -> Response:
    role = authorize(served, request)
    cfg = served.cfg()
    if cfg.kind == "tournament":
        if role.name == "tisch":
            return RedirectResponse(f"/tisch/{role.tisch}", status_code=303)
        return await tournament_home(served, request, role)
    data = await work(served, table_data)
    return page(served, request, "table.html", role=role, key=secrets.token_urlsafe(12), tap=tap_data(cfg),
                live=data)


async def tournament_home(served: Served, request: Request, role: Any) -> Response:
    def read(cfg: Any, ledger: Any) -> Any:
        try:
            return answers.tables_json(cfg, ledger)
        except IllegalEntry:
            return None

    tables = await work(served, read)
    return page(served, request, "tournament.html", role=role, tables=tables)


async def tisch_page(served: Served, request: Request) -> Response:
    role = authorize(served, request)
    cfg = served.cfg()
    tisch = path_int(served, request, "n")
    round_no = query_int(served, request, "round")
    data = await work(served, tisch_data, tisch, round_no)
    may = role.name == "host" or role.name == "tisch" and role.tisch == tisch and data["current"] and round_no is None
    return page(served, request, "tisch.html", role=role, may_write=may, key=secrets.token_urlsafe(12),
                tap=tap_data(cfg), live=data)


async def ranking_page(served: Served, request: Request) -> Response:
    role = authorize(served, request)

    def read(cfg: Any, ledger: Any) -> Any:
        try:
            return answers.ranking_json(cfg, ledger), answers.tables_json(cfg, ledger)
        except IllegalEntry:
            return None, None

    ranking, tables = await work(served, read)
    return page(served, request, "ranking.html", role=role, ranking=ranking, tables=tables)


async def settle_page(served: Served, request: Request) -> Response:
    role = authorize(served, request)
    cfg = served.cfg()
    data = await work(served, answers.settle_json)
    unit = data.get("unit", "cent")
    from ..money import format_value

    def money(v: int) -> str:
        return format_value(v, unit if unit != "cent" else "cent", cfg.currency, cfg.language, sign=False)

    transfers = [(t["from"], t["to"], money(t["amount"])) for t in data.get("transfers", [])]
    balances = [(p, _money(cfg, v, unit)) for p, v in data.get("balances", {}).items()]
    return page(served, request, "settle.html", role=role, settle=data, transfers=transfers, balances=balances)


# a page's form without JavaScript: the API's work, then back to the page
FORMS = {"hands": "write", "undo": "write", "void": "write", "edit": "write", "close": "host", "draw": "host"}


async def form(served: Served, request: Request) -> Response:
    action = request.path_params["action"]
    if action not in FORMS:
        raise not_found(served)
    role = authorize(served, request, FORMS[action])
    data = await body_of(served, request)
    back = field(served, data, "back", str) or "/"
    if not back.startswith("/") or back.startswith("//"):
        back = "/"
    try:
        tisch = check_tisch(served, role, field(served, data, "tisch", int))
        reason = field(served, data, "reason", str) or ""
        if action == "hands":
            from .hands import api_hands_work

            await api_hands_work(served, field(served, data, "line", str, required=True),
                                 field(served, data, "key", str), tisch)
        elif action == "undo":
            await work(served, answers.undo_json, reason, tisch, None)
        elif action == "void":
            await work(served, answers.void_json, field(served, data, "hand", int, required=True), reason, tisch, None)
        elif action == "edit":
            await work(served, answers.edit_json, field(served, data, "hand", int, required=True),
                       field(served, data, "line", str, required=True), reason,
                       bool(field(served, data, "confirm", bool)), tisch, None)
        elif action == "close":
            await work(served, answers.close_json, field(served, data, "round_to", int))
        else:
            await work(served, answers.draw_json, None, None, False, create=True)
    except Refusal as exc:
        served.hub.wake.set()
        query = urlencode({"flash": served.flash.seal(exc.body)})
        return RedirectResponse(f"{back}?{query}", status_code=303)
    except ScoreError:  # pragma: no cover - work() turns these into refusals
        raise
    served.hub.wake.set()
    return RedirectResponse(f"{back}?done=1", status_code=303)


ROUTES = [
    ("/", home, ("GET",)),
    ("/tisch/{n}", tisch_page, ("GET",)),
    ("/ranking", ranking_page, ("GET",)),
    ("/settle", settle_page, ("GET",)),
    ("/form/{action}", form, ("POST",)),
]
