"""The server's pages without JavaScript (RULES §11, issues 26, 34, 35), through a real server
process: each page in the table's language, every name escaped, the pages a registry, the entry
before the sheet, the tap pad made of the table's games and house rules, a hand entered and
corrected through the page's forms (cookie and same origin, as a browser without JavaScript
sends them), a refusal shown as a page with nothing written, the host's actions (players, a
payout, reopening, earlier evenings, the join screen) through the API and the forms."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlencode

import pytest

from schafkopf_score.i18n import LANGUAGES, everything
from tests.app.test_tournament import EIGHT, tournament
from tests.serving import Server, cli

HOSTILE = ["Anna", "<b>Ben</b>", "Cora&Co", '"Dora"']
SERVER = Path(__file__).resolve().parents[2] / "schafkopf_score" / "server"


@pytest.fixture
def hostile(make_table):
    return make_table(players=HOSTILE, language="de")


def browser_post(s, path, fields, code):
    """A form as a browser posts it: urlencoded, the cookie, the page's own origin."""
    return s.request("POST", path, raw=urlencode(fields).encode(),
                     headers={"Content-Type": "application/x-www-form-urlencoded",
                              "Cookie": f"{s.cookie}={code}", "Origin": f"http://127.0.0.1:{s.port}"})


def page(s, path, code, status=200):
    got, _, body = s.request("GET", path, headers={"Cookie": f"{s.cookie}={code}"})
    assert got == status, (path, got, body[:300])
    return body.decode()


def test_the_pages_escape_every_name_and_speak_the_tables_language(hostile):
    with Server(hostile.path) as s:
        assert s.post("/api/hands", {"line": "sau an <b 72"})[0] == 201
        for path in ("/", "/settle", "/players", "/sessions", "/sessions/1"):
            html = page(s, path, s.view)
            assert '<html lang="de">' in html
            assert "<b>Ben</b>" not in html and "&lt;b&gt;Ben&lt;/b&gt;" in html, path
            assert "Cora&Co" not in html and "Cora&amp;Co" in html, path
            assert 'href="/static/table.css"' in html and '<script src="/static/live.js"' in html
            assert "<script>" not in html and " style=" not in html and " onclick" not in html  # CSP: nothing inline
            assert "built-in method" not in html and "bound method" not in html
        html = page(s, "/", s.view)
        assert "Stand" in html and "Block" in html and "Dieser Code darf nur lesen." in html
        assert "/form/hands" not in html  # no entry for a code that only reads
        html = page(s, "/", s.host)
        assert 'action="/form/hands"' in html and "Spiel eintragen" in html
        assert html.index('id="line"') < html.index('class="sheet"')  # the entry first, the sheet below
        assert '<button type="button" data-tap="clear" class="clear">Leeren</button>' in html
        for game, label in (("sauspiel", "Sauspiel"), ("wenz", "Wenz"), ("weiter", "Weiter")):
            assert f'data-tap="game" data-value="{game}" aria-pressed="false">{label}</button>' in html, game
        assert 'data-tap="name" data-value="&lt;b&gt;Ben&lt;/b&gt;" data-word="&lt;b"' in html  # the shortest start
        assert '<span class="pname">&lt;b&gt;Ben&lt;/b&gt;</span>' in html
        assert 'data-tap="count" data-field="laufende" data-value="3"' in html


def test_the_sheet_shows_the_latest_hand_first_with_its_value(make_table):
    t = make_table(language="de")
    cli(t.path, "add", "sau", "an", "be", "72", "l3")
    cli(t.path, "add", "wenz", "co", "91")
    with Server(t.path) as s:
        html = page(s, "/", s.view)
        rows = re.findall(r'<tr><td>(\d+)</td><td class="what">([^<]+)</td><td class="num value">([^<]*)</td>', html)
        assert rows == [("2", "Wenz Cora 91", "0,60"), ("1", "Sauspiel Anna+Ben 72 L3", "0,40")]
        assert "<th scope=\"col\" class=\"num\">Wert</th>" in html


def test_the_tap_pad_offers_only_what_the_table_plays(make_table):
    """The house rules switch games and options on and off; the pad follows them."""
    t = make_table(language="de", replace={'games = ["sauspiel", "wenz", "farbwenz", "solo"]': 'games = ["sauspiel"]',
                                           "sie = true": "sie = false", "kontra = 2": "kontra = 1",
                                           "tout = true": "tout = false"})
    with Server(t.path) as s:
        html = page(s, "/", s.host)
        games = re.findall(r'data-tap="game" data-value="(\w+)"', html)
        assert games == ["sauspiel", "weiter"]
        flags = re.findall(r'data-tap="flag" data-value="(\w+)"', html)
        assert flags == ["schwarz", "kontra"]  # no Re (kontra = 1), no Tout
    w = make_table(language="de", preset="wirtshaus", name="wirt")
    with Server(w.path) as s:
        html = page(s, "/", s.host)
        assert re.findall(r'data-tap="game" data-value="(\w+)"', html) == [
            "sauspiel", "hochzeit", "solo", "wenz", "geier", "farbwenz", "farbgeier", "sie", "bettel", "ramsch", "weiter"]
        assert 'data-tap="count" data-field="legen"' in html  # Legen: the wirtshaus plays it
        assert re.findall(r'class="role" data-tap="role" data-value="(\w+)"', html) == [
            "player", "partner", "loser", "jungfrau", "durchmarsch", "sitting_out", "dealer"]


@pytest.mark.parametrize("family", ["bavarian", "wendish", "deutscher", "sheepshead"])
def test_every_family_gets_its_pad_from_its_declarations(make_table, family):
    from schafkopf_score.rules.model import entry_options
    from schafkopf_score.rules.registry import find_family
    from schafkopf_score.server.taps import vocabulary
    from schafkopf_score.table import load_table

    players = ["Anna", "Ben", "Cora", "Dora", "Emil"] if family == "sheepshead" else ["Anna", "Ben", "Cora", "Dora"]
    t = make_table(family=family, players=players, language="en")
    cfg = load_table(t.path)
    fam = find_family(family)
    vocab = vocabulary(fam, cfg.snapshot(), players, "en")
    from schafkopf_score.vocabulary import Vocabulary

    assert [g["name"] for g in vocab["games"]] == [g.name for g in Vocabulary(cfg.snapshot()).games]
    assert all(label for x in (*vocab["flags"], *vocab["counts"], *vocab["names"], *vocab["roles"])
               for label in [x["label"]])
    words = {o.field: o.words for o in entry_options()}
    assert all(f["word"] in words[f["field"]] for f in vocab["flags"])
    with Server(t.path) as s:
        html = page(s, "/", s.host)
        for g in vocab["games"]:
            assert f'data-value="{g["name"]}"' in html


ENTRY_EXAMPLES = {
    ("bavarian", "de"): "Kurzschreibweise, z. B. sau an be 72 l3 k",
    ("wendish", "de"): "Kurzschreibweise, z. B. normal an be 72",
    ("deutscher", "de"): "Kurzschreibweise, z. B. spiel an co 75",
    ("sheepshead", "en"): "Short notation, e.g. pick be em 94",
}


@pytest.mark.parametrize("family,language", sorted(ENTRY_EXAMPLES), ids=[f for f, _ in sorted(ENTRY_EXAMPLES)])
def test_the_entry_lines_example_is_a_hand_of_the_tables_own_family(make_table, family, language):
    """The entry line's example is the family's first example hand in the table's names, as
    play's help shows it. Every table's page used to say ``sau an be 72 l3 k``: a Sauspiel, at a
    Wendish, Deutscher or Sheepshead table that plays none."""
    players = ["Anna", "Ben", "Cora", "Dora", "Emil"] if family == "sheepshead" else ["Anna", "Ben", "Cora", "Dora"]
    t = make_table(family=family, players=players, language=language,
                   replace={'partners = "per_game"': 'partners = "fixed"'} if family == "deutscher" else None)
    with Server(t.path) as s:
        html = page(s, "/", s.host)
        assert f'<label for="line">{ENTRY_EXAMPLES[family, language]}</label>' in html
        if family != "bavarian":
            assert "sau an" not in html
        assert s.post("/api/hands", {"line": ENTRY_EXAMPLES[family, language].split(" ", 3)[-1]})[0] == 201
        # an early payout is offered only where it can be made: a table that counts in money
        # (Sheepshead's points, at 25 cents each, were offered one that was then refused)
        settle = page(s, "/settle", s.host)
        assert ('action="/form/payout"' in settle) == (family in ("bavarian", "wendish")), family


def test_every_entry_option_the_pad_may_offer_has_its_label_in_both_languages():
    from schafkopf_score.rules.model import COUNT, FLAG, NAME, NAMES, entry_options

    for opt in entry_options():
        if opt.kind in (FLAG, COUNT, NAME, NAMES) and opt.field not in ("comment",):
            en, de = everything()[f"server.tap.{opt.field}"]
            assert en and de


def test_a_hand_entered_and_corrected_through_the_forms_without_javascript(hostile):
    with Server(hostile.path) as s:
        html = page(s, "/", s.host)
        key = re.search(r'name="key" value="([^"]+)"', html).group(1)
        status, headers, _ = browser_post(s, "/form/hands", {"line": "sau an co 72 l3", "key": key, "back": "/"},
                                          s.host)
        assert (status, headers["location"]) == (303, "/?done=1")
        html = page(s, "/?done=1", s.host)
        assert ('<p class="ok" role="status">Spiel 1 eingetragen: Sauspiel Anna+Cora&amp;Co 72 L3.</p>' in html)
        # the same form sent again (a reload): recorded once
        browser_post(s, "/form/hands", {"line": "sau an co 72 l3", "key": key, "back": "/"}, s.host)
        assert len(hostile.json("sheet")["sessions"][0]["hands"]) == 1
        # a refusal is shown as a page (its words never travel in an address), written nowhere
        before = hostile.ledger_bytes()
        status, headers, body = browser_post(s, "/form/hands", {"line": "sau an xx 72", "back": "/"}, s.host)
        assert status == 422 and "location" not in headers
        assert "<strong>&#39;xx&#39; passt zu nichts in diesem Spiel (Sauspiel).</strong>" in body.decode()
        assert hostile.ledger_bytes() == before
        # its way back leads to the page the form was on (a path of this server, never another site)
        _, _, body = browser_post(s, "/form/payout", {"player": "Niemand", "back": "/settle"}, s.host)
        assert '<a href="/settle">' in body.decode()
        _, _, body = browser_post(s, "/form/payout", {"player": "Niemand", "back": "//evil.example/"}, s.host)
        assert '<a href="/">' in body.decode() and "evil" not in body.decode()
        html = page(s, "/?error=Alles+gel%C3%B6scht", s.host)
        assert "Alles gelöscht" not in html  # no text from the address is shown as the server's
        # a correction, then the undo (each with its reason)
        status, headers, _ = browser_post(s, "/form/edit", {"hand": "1", "line": "k", "back": "/"}, s.host)
        assert headers["location"] == "/?done=1"
        assert hostile.json("sheet")["sessions"][0]["hands"][-1]["entry"]["kontra"] is True
        browser_post(s, "/form/undo", {"back": "/", "reason": "falsch", "sure_undo": "1"}, s.host)
        hands = hostile.json("sheet")["sessions"][0]["hands"]
        assert [h["void"] for h in hands] == [True, True] and hands[-1]["reason"] == "falsch"
        # a form from another site, or with the view code, changes nothing
        before = hostile.ledger_bytes()
        status, _, _ = s.request("POST", "/form/hands", raw=b"line=sau+an+co+72",
                                 headers={"Content-Type": "application/x-www-form-urlencoded",
                                          "Cookie": f"{s.cookie}={s.host}", "Origin": "http://evil.example"})
        assert status == 403
        assert browser_post(s, "/form/hands", {"line": "sau an co 72"}, s.view)[0] == 403
        assert browser_post(s, "/form/hands", {"line": "sau an co 72", "back": "//evil.example/"},
                            s.host)[1]["location"] == "/?done=2"  # back never leaves the server
        assert hostile.ledger_bytes() != before
        # a tab or a line break, which a browser drops from a link (/<TAB>/evil.example is
        # //evil.example to it), leads home too, on the refusal page as after a hand
        for sneaky in ("/\t/evil.example/", "/\n/evil.example/", "/\r\n/evil.example/"):
            _, _, body = browser_post(s, "/form/payout", {"player": "Niemand", "back": sneaky}, s.host)
            assert '<a href="/">' in body.decode() and "evil" not in body.decode()
        assert browser_post(s, "/form/undo", {"back": "/\t/evil.example/", "reason": "x", "sure_undo": "1"},
                            s.host)[1]["location"] == "/?done=1"
        # a query of the page's own is kept, an earlier done replaced
        assert browser_post(s, "/form/hands", {"line": "sau an co 72", "back": "/sessions?n=1&done=7"},
                            s.host)[1]["location"] == "/sessions?n=1&done=3"  # (hand 2 undone above)


def test_the_same_hand_twice_is_asked_and_recorded_again_through_the_form_without_javascript(hostile):
    """The same hand as the one before (409) comes back as a page that asks, as the script's
    page does, with a button that sends the line again confirmed: the form could not say
    "confirm" at all, and its hint spoke of JSON ('Send it again with "confirm": true')."""
    with Server(hostile.path) as s:
        fields = {"line": "herzsolo an 80", "back": "/"}
        assert browser_post(s, "/form/hands", {**fields, "key": "k-1"}, s.host)[1]["location"] == "/?done=1"
        before = hostile.ledger_bytes()
        status, _, body = browser_post(s, "/form/hands", {**fields, "key": "k-2"}, s.host)
        html = body.decode()
        assert status == 409 and hostile.ledger_bytes() == before
        alert = re.search(r'role="alert">(.*?)</p>', html, re.S).group(1)
        assert alert.startswith("<strong>Das ist dasselbe Spiel wie Spiel 1 direkt davor")
        assert alert.endswith("<br>Wirklich nochmal gespielt?") and "confirm" not in alert
        again = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', html.split('action="/form/hands"')[1]))
        assert again == {"line": "herzsolo an 80", "key": "k-2", "back": "/", "confirm": "1"}
        assert ">Ja, nochmal eintragen</button>" in html
        assert browser_post(s, "/form/hands", again, s.host)[1]["location"] == "/?done=2"
        assert len(hostile.json("sheet")["sessions"][0]["hands"]) == 2


def test_a_refused_line_comes_back_as_typed_to_be_fixed_without_javascript(hostile, tmp_path):
    """A line refused through the form without JavaScript comes back on the refusal page in an
    entry line of its own, as it was typed (escaped), under a new key, with the table's fields
    (a tournament's table and round): the player fixes the typo instead of typing the hand anew.
    The page used to show the refusal and a link back only, the line lost."""
    with Server(hostile.path) as s:
        before = hostile.ledger_bytes()
        typed = 'sau an xx 72 "><b>'
        status, _, body = browser_post(s, "/form/hands", {"line": typed, "key": "k-1", "back": "/"}, s.host)
        html = body.decode()
        assert status == 422 and hostile.ledger_bytes() == before
        assert html.index('role="alert"') < html.index('action="/form/hands"')
        retry = html.split('action="/form/hands"')[1].split("</form>")[0]
        assert 'value="sau an xx 72 &#34;&gt;&lt;b&gt;"' in retry and "<b>" not in retry
        fields = dict(re.findall(r'<input (?:type="hidden" )?(?:id="line" )?name="(\w+)" value="([^"]*)"', retry))
        assert set(fields) == {"key", "back", "line"} and fields["key"] not in ("", "k-1")
        assert '<label for="line">Kurzschreibweise, z. B. sau an &lt;b 72 l3 k</label>' in retry  # the table's names
        assert '<button type="submit" class="go">Eintragen</button>' in retry
        fixed = {**fields, "line": "sau an co 72"}
        assert browser_post(s, "/form/hands", fixed, s.host)[1]["location"] == "/?done=1"
        # a code that may not write gets no entry line back
        _, _, body = browser_post(s, "/form/hands", {"line": "sau an co 72", "back": "/"}, s.view)
        assert 'action="/form/hands"' not in body.decode()
    cup = tournament(tmp_path, players=EIGHT, extra='games_per_round = 4\nseed = "s"', language="de")
    with Server(cup.path) as s:
        assert browser_post(s, "/form/draw", {"back": "/"}, s.host)[0] == 303
        code = s.codes["tisch 1"]
        status, _, body = browser_post(s, "/form/hands", {"line": "sau xx 72", "tisch": "1", "round": "1",
                                                          "back": "/tisch/1"}, code)
        retry = body.decode().split('action="/form/hands"')[1].split("</form>")[0]
        assert status == 422
        for hidden in ('name="tisch" value="1"', 'name="round" value="1"', 'name="back" value="/tisch/1"'):
            assert hidden in retry, hidden


def test_a_page_without_a_code_says_how_to_get_one(hostile):
    with Server(hostile.path) as s:
        status, headers, body = s.request("GET", "/")
        assert status == 401 and headers["content-type"].startswith("text/html")
        assert "Kein gültiger Zugangscode." in body.decode()
        assert "QR-Code" in body.decode()


# -- the registry --------------------------------------------------------------------------------

def test_the_pages_are_a_registry_each_with_its_route_template_and_words():
    from schafkopf_score.server import pages

    paths = [p.path for p in pages.PAGES]
    assert len(paths) == len(set(paths))
    assert [r[0] for r in pages.ROUTES] == [*paths, "/form/{action}"]
    for p in pages.PAGES:
        assert (SERVER / "templates" / p.template).is_file(), p.template
        for key in (*pages.BASE_WORDS, *pages.SCRIPT_WORDS, *p.words, p.title):
            assert key in everything(), key
        # every word the page's templates name is one of its words
        used = set()
        todo = [p.template]
        while todo:
            text = (SERVER / "templates" / todo.pop()).read_text(encoding="utf-8")
            used |= set(re.findall(r"\bw\.(\w+)", text))
            todo += re.findall(r'(?:include|extends) "([^"]+)"', text)
        have = {k.split(".page_", 1)[1] for k in (*pages.BASE_WORDS, *pages.SCRIPT_WORDS, *p.words)}
        assert used <= have, (p.path, sorted(used - have))


def test_the_page_words_are_in_both_languages():
    for key, (en, de) in everything().items():
        if key.startswith("server.page_"):
            assert en.strip() and de.strip(), key
    assert len(LANGUAGES) >= 2


# -- the host's actions -----------------------------------------------------------------------------

def test_the_host_seats_players_pays_one_out_and_reopens_as_the_cli_does(make_table):
    t = make_table(language="de")
    twin = make_table(language="de", name="twin")
    with Server(t.path) as s:
        assert s.post("/api/hands", {"line": "sau an be 72"})[0] == 201
        cli(twin.path, "add", "sau", "an", "be", "72")
        status, got = s.post("/api/players/add", {"name": "Emil", "after": "Ben"})
        assert status == 200
        assert {k: got[k] for k in got if k != "said"} == twin.json("player", "add", "Emil", "--after", "Ben")
        assert got["said"][0].startswith("Emil kommt an den Tisch, ab Spiel 2 von Abend 1.")
        status, got = s.post("/api/players/rename", {"name": "Emil", "new": "Emilia"})
        assert status == 200 and got["players"] == ["Anna", "Ben", "Emilia", "Cora", "Dora"]
        status, got = s.post("/api/players/leave", {"name": "Emilia"})
        assert status == 200 and got["players"] == FOUR
        assert s.get("/api/players")[1]["players"] == FOUR
        status, got = s.post("/api/players/leave", {"name": "Anna"})  # too few then: the CLI's refusal
        refused = cli(make_table(language="de", name="third").path, "player", "leave", "Anna",
                      check=False).stderr.splitlines()
        assert status == 422 and [f"Fehler: {got['error']}", got["hint"]] == refused
        assert s.post("/api/players/add", {"name": "Zoe"}, code="view")[0] == 403
        cli(twin.path, "player", "leave", "Emil")
        status, got = s.post("/api/settle/payout", {"player": "Anna"})
        assert status == 200 and got == twin.json("settle", "--player", "Anna")
        status, got = s.post("/api/settle/close", {})
        assert status == 200
        status, got = s.post("/api/settle/reopen", {"session": 1})
        assert status == 422 and "Grund" in got["error"]  # a reason is needed, as --reopen asks
        status, got = s.post("/api/settle/reopen", {"session": 1, "reason": "Kontra vergessen"})
        assert (status, got) == (200, {"session": 1, "reopened": True, "reason": "Kontra vergessen"})
        status, got = s.get("/api/sheet?session=1")
        assert status == 200 and [h["hand"] for h in got["sessions"][0]["hands"]] == [1]
        assert s.get("/api/sheet?session=9")[0] == 422


def test_the_players_page_says_each_change_in_the_tables_words(make_table):
    """The seating changes on /players read as ``player`` said them, in the table's language
    and from which hand; the page listed ``rename Cora → Corinna``, ``add Fritz``, ``leave Ben``."""
    t = make_table(players=["Anna", "Ben", "Cora", "Dora", "Emil"], language="de")
    cli(t.path, "add", "sau", "be", "co", "72")
    cli(t.path, "player", "rename", "Cora", "Corinna")
    cli(t.path, "player", "leave", "Emil")
    with Server(t.path) as s:
        html = page(s, "/players", s.view)
    changes = html.split('id="changes-h"')[1].split("</ul>")[0]
    assert re.findall(r"<li>(.*?)</li>", changes) == [
        "Cora heißt Corinna, ab Spiel 2 von Abend 1. Sitzordnung: Anna, Ben, Corinna, Dora, Emil.",
        "Emil verlässt den Tisch, ab Spiel 2 von Abend 1. Sitzordnung: Anna, Ben, Corinna, Dora."]


def test_the_settle_page_warns_of_what_the_close_will_book(make_table):
    """A Wendish Muss-Solo still owed: ``settle`` warns of the penalty the close books; the
    host's /settle page, where the evening is closed with a tap, said nothing of it."""
    t = make_table(family="wendish", language="de", replace={"muss_solo = 0 ": "muss_solo = 1 ",
                                                              "muss_solo_penalty = 0 ": "muss_solo_penalty = 20 "})
    cli(t.path, "add", "solo", "an", "still", "80")
    warnings = t.json("settle")["warnings"]
    assert warnings[0] == ("Ben schuldet noch 1 Muss-Solo (Strafe bei --close: 0,20 € an jeden anderen Spieler "
                           "des letzten Spiels je Solo).") and len(warnings) == 3
    with Server(t.path) as s:
        html = page(s, "/settle", s.host)
    assert re.findall(r'<p class="note">(.*?)</p>', html) == warnings


def test_a_closed_evenings_standings_on_the_phone_are_as_paid(make_table):
    """RULES §7: a closed evening shows its stored closing, the cash rounding included, as
    ``standings --session N`` does; the phone's page showed the balances before the rounding
    (Anna +0,90 where she was paid +1,00)."""
    t = make_table(family="wendish", language="de")
    cli(t.path, "add", "solo", "an", "still", "80")  # Anna +0,90, the others -0,30
    cli(t.path, "settle", "--close", "--round", "50")
    paid = t.json("standings", "--session", "1")["balances"]
    assert paid == {"Anna": 100, "Ben": 0, "Cora": -50, "Dora": -50}
    with Server(t.path) as s:
        for path in ("/", "/sessions/1"):
            html = page(s, path, s.view)
            rows = re.findall(r'<tr><th scope="row">(\w+)</th><td class="num">([^<]*)</td></tr>',
                              html.split('class="standings"')[1].split("</table>")[0])
            assert rows == [("Anna", "+1,00"), ("Ben", "0,00"), ("Cora", "-0,50"), ("Dora", "-0,50")], path


def test_the_settle_page_shows_the_stock_and_the_rounding_as_settle_does(make_table):
    """The phone's /settle page showed the balances and the transfers between the players only:
    money in the Stock (where the balances do not sum to zero) had no line and no word of where
    it goes, who puts a Stock carried on into it and whom a Stock the evening opened with pays
    (Anna's +0,80 from it) were left out, and a closed evening's cash rounding was not shown
    beside its unrounded balances, where ``settle`` lists all of them."""
    t = make_table(language="de", replace={'all_pass = "redeal"': 'all_pass = "stock"',
                                           'stock_at_close = "equal"': 'stock_at_close = "carry"'})

    def shown(s):
        html = page(s, "/settle", s.host)
        rows = re.findall(r'<tr><th scope="row">(\w+)</th><td class="num">([^<]*)</td></tr>', html)
        return rows, re.findall(r'<p class="note">(.*?)</p>', html), re.findall(r"<li>(.*?)</li>", html)

    for hand in (["weiter"], ["sau", "an", "be", "40"]):  # 0,80 in the Stock
        cli(t.path, "add", *hand)
    with Server(t.path) as s:
        rows, notes, transfers = shown(s)
    assert rows == [("Anna", "-0,40"), ("Ben", "-0,40"), ("Cora", "0,00"), ("Dora", "0,00"), ("Stock", "+0,80")]
    assert notes == ["Der Stock bleibt für den nächsten Abend."]
    assert transfers == ["Anna → Stock: <strong>0,40 €</strong>", "Ben → Stock: <strong>0,40 €</strong>"]
    cli(t.path, "settle", "--close")
    for hand in (["sau", "co", "do", "70"], ["herzsolo", "an", "70"], ["sau", "be", "co", "72"]):
        cli(t.path, "add", *hand)  # Cora and Dora win the 0,80
    with Server(t.path) as s:
        rows, notes, transfers = shown(s)
    assert rows == [("Anna", "+1,30"), ("Ben", "-0,50"), ("Cora", "+0,10"), ("Dora", "-0,10")] and notes == []
    assert transfers == ["Ben → Anna: <strong>0,50 €</strong>", "Dora → Cora: <strong>0,10 €</strong>",
                         "Stock → Anna: <strong>0,80 €</strong>"]
    assert t.json("settle")["from_stock"] == [{"to": "Anna", "amount": 80}]
    cli(t.path, "settle", "--close", "--round", "20")
    with Server(t.path) as s:
        rows, notes, transfers = shown(s)
    assert notes == ["Gerundet auf 0,20 €: Anna +0,10 €, Ben +0,10 €, Cora -0,10 €, Dora -0,10 €",
                     "Dieser Abend ist abgeschlossen."]


def test_a_table_that_settles_in_points_is_not_offered_a_cash_rounding(make_table):
    """A Sheepshead table with ``point_value = 0`` settles in points: the host's close form
    offered *Runden auf Cent*, and whatever was typed there the close was refused (``--round 50
    rundet Bargeld ...``). The field is shown only where the table settles in money."""
    five = ["Anna", "Ben", "Cora", "Dora", "Emil"]
    points = make_table(family="sheepshead", players=five, language="de", name="points",
                        replace={"point_value = 25": "point_value = 0"})
    money = make_table(family="sheepshead", players=five, language="de", name="money")
    for t in (points, money):
        t.ok("add", "pick", "--player", "be", "--partner", "em", "--augen", "94")
    with Server(points.path) as s:
        html = page(s, "/settle", s.host)
        assert 'action="/form/close"' in html and 'name="round_to"' not in html and "Runden auf Cent" not in html
        assert browser_post(s, "/form/close", {"session": "1", "sure_close": "1", "back": "/settle"}, s.host)[0] == 303
    assert points.json("settle")["closed"] is True
    with Server(money.path) as s:
        assert 'name="round_to"' in page(s, "/settle", s.host)


def test_a_rounding_the_stock_does_not_go_into_is_told_in_the_pages_words(make_table):
    """0,80 € go into a Stock carried to the next evening: closed at *Runden auf Cent* 30 the
    page was told *(z. B. --round 10), oder rechne ohne --round ab*; the form says its field."""
    t = make_table(language="de", replace={'all_pass = "redeal"': 'all_pass = "stock"',
                                           'stock_at_close = "equal"': 'stock_at_close = "carry"'})
    for hand in (["weiter"], ["sau", "an", "be", "40"]):
        cli(t.path, "add", *hand)
    with Server(t.path) as s:
        status, _, body = browser_post(s, "/form/close", {"session": "1", "round_to": "30", "sure_close": "1",
                                                          "back": "/settle"}, s.host)
        status_api, api = s.post("/api/settle/close", {"round_to": 30})
    assert status == status_api == 422 and "--round" not in body.decode() and "--round 10" in api["hint"]
    assert api["page_hint"] == ("Gib bei „Runden auf Cent“ einen Betrag ein, der darin aufgeht (z. B. 10), oder lass "
                                "es leer; es wurde nichts geschrieben.")
    assert api["page_hint"] in body.decode() and t.json("settle")["closed"] is False


FOUR = ["Anna", "Ben", "Cora", "Dora"]


def test_the_host_pages_work_without_javascript(make_table):
    t = make_table(language="de")
    cli(t.path, "add", "sau", "an", "be", "72")
    with Server(t.path) as s:
        html = page(s, "/players", s.host)
        assert 'action="/form/player_add"' in html and "Spieler kommt dazu" in html
        assert "/form/player_add" not in page(s, "/players", s.view)
        status, headers, _ = browser_post(s, "/form/player_add", {"name": "Emil", "back": "/players"}, s.host)
        assert (status, headers["location"]) == (303, "/players?done=1")
        assert t.json("player", "list")["players"] == [*FOUR, "Emil"]
        html = page(s, "/settle", s.host)
        assert 'name="sure_close" value="1" required' in html  # closing asks first
        status, _, body = browser_post(s, "/form/close", {"back": "/settle"}, s.host)
        assert status == 303 and t.json("settle")["closed"] is True
        html = page(s, "/settle", s.host)
        assert 'action="/form/reopen"' in html and "Abend wieder öffnen" in html
        status, _, body = browser_post(s, "/form/reopen", {"session": "1", "back": "/settle"}, s.host)
        assert status == 422 and "Grund" in body.decode()
        html = page(s, "/sessions/1", s.view)
        assert "Sauspiel Anna+Ben 72" in html and 'aria-current="page"' in html
        page(s, "/sessions/7", s.view, status=422)


def test_the_join_screen_shows_the_codes_as_qr_images_to_the_host_only(tmp_path):
    cup = tournament(tmp_path, players=EIGHT, extra='games_per_round = 4\nseed = "s"', language="de")
    with Server(cup.path) as s:
        html = page(s, "/join", s.host)
        labels = re.findall(r"<h2>([^<]+)</h2>", html)
        assert labels == ["Gastgeber (trägt ein und korrigiert)", "Zuschauen (nur lesen)", "Tisch 1", "Tisch 2"]
        images = re.findall(r'<img src="(data:image/svg\+xml[^"]+)" alt="QR: ([^"]+)"', html)
        assert len(images) == 4 and images[1][1] == f"http://127.0.0.1:{s.port}/?k={s.view}"
        page(s, "/join", s.view, status=403)
        page(s, "/join", s.codes["tisch 1"], status=403)


def test_a_tables_page_before_the_draw_waits_and_a_paper_table_shows_its_totals(tmp_path):
    cup = tournament(tmp_path, players=EIGHT, extra='games_per_round = 4\nseed = "s"', language="de")
    with Server(cup.path) as s:
        html = page(s, "/tisch/1", s.codes["tisch 1"])
        assert "Warte auf die Auslosung" in html and "tournament draw" not in html and 'id="taps"' not in html
        cli(cup.path, "tournament", "draw")
        players = cup.json("tournament", "tables")["tables"][1]["players"]
        totals = ",".join(f"{p}={v}" for p, v in zip(players, (12, -4, -4, -4), strict=True))
        cli(cup.path, "tournament", "enter", "--tisch", "2", "--totals", totals)
        html = page(s, "/tisch/2", s.host)
        assert "Papiersummen" in html and 'id="taps"' not in html and "0 / 4" not in html
        assert f'<th scope="row">{players[0]}</th><td class="num">+12</td>' in html
        html = page(s, "/", s.host)
        assert re.search(r'Tisch 2</a>: [^<]+<span class="paper">Papiersummen</span>', html)


def test_a_tables_code_reading_another_table_or_an_earlier_round_is_not_said_to_only_read(tmp_path):
    """Table 1's code at table 2, or at its own table in round 1, was told "Dieser Code darf nur
    lesen." (the view code's words): it enters at its own table in the current round."""
    cup = tournament(tmp_path, players=EIGHT, extra='games_per_round = 1\nseed = "s"', language="de")
    cli(cup.path, "tournament", "draw")
    cli(cup.path, "add", "--tisch", "1", "weiter")
    cli(cup.path, "add", "--tisch", "2", "weiter")
    cli(cup.path, "tournament", "draw")
    with Server(cup.path) as s:
        one = s.codes["tisch 1"]
        old = page(s, "/tisch/1?round=1", one)
        assert "Eine frühere Runde: nur zum Lesen." in old and "darf nur lesen" not in old
        other = page(s, "/tisch/2", one)
        assert "Das ist der Code von Tisch 1: hier liest er, eintragen kann er an Tisch 1." in other
        assert "darf nur lesen" not in other and 'id="taps"' not in other
        own = page(s, "/tisch/1", one)
        assert 'id="taps"' in own and "Code von Tisch" not in own and "darf nur lesen" not in own
        assert "Dieser Code darf nur lesen." in page(s, "/tisch/1", s.view)


def test_a_round_asked_for_that_has_no_such_table_is_not_waited_for(tmp_path):
    """``/tisch/1?round=9`` (of 3 rounds, 1 drawn) and ``/tisch/3?round=1`` said "warte auf die
    nächste Auslosung" (200): no draw brings them. 404 with the API's words; the current round
    without the table still waits (a later draw may seat it)."""
    import html as markup

    cup = tournament(tmp_path, players=EIGHT, extra='games_per_round = 1\nseed = "s"', language="de")
    cli(cup.path, "tournament", "draw")
    with Server(cup.path) as s:
        for path, said in (("/tisch/1?round=9", "Runde 9 gibt es nicht: ausgelost ist nur Runde 1."),
                           ("/tisch/3?round=0", "Runde 0 gibt es nicht: ausgelost ist nur Runde 1.")):
            body = markup.unescape(page(s, path, s.codes["tisch 1"], status=404))
            assert said in body and "Die Seite des Tisches in der laufenden Runde: /tisch/" in body, path
        cli(cup.path, "add", "--tisch", "1", "weiter")
        cli(cup.path, "add", "--tisch", "2", "weiter")
        cli(cup.path, "tournament", "draw")
        body = markup.unescape(page(s, "/tisch/3?round=1", s.view, status=404))
        assert "Runde 1 hat keinen Tisch 3: sie hat 2 Tische." in body and "warte" not in body
        assert "warte auf die nächste Auslosung" in page(s, "/tisch/3", s.view)
        assert "warte auf die nächste Auslosung" in page(s, "/tisch/3?round=2", s.view)


def test_the_projector_says_provisional_only_when_the_ranking_says_so():
    from schafkopf_score.server.pages import projector

    tables = {"tables": [{"tisch": 1, "done": 4, "games": 4}, {"tisch": 2, "done": 1, "games": 4},
                         {"tisch": 3, "done": 0, "games": 4, "totals": True}]}
    said = projector({"ranking": []}, tables)
    assert said["provisional"] is False and said["missing"] == []  # absent: nothing said
    assert [t["tisch"] for t in said["playing"]] == [2]
    said = projector({"ranking": [], "complete": False, "missing": [{"round": 1, "tisch": 2}]}, tables)
    assert said["provisional"] is True and said["missing"] == [{"round": 1, "tisch": 2}]
    assert projector({"ranking": [{"number": 7}], "complete": True}, tables)["provisional"] is False
    assert projector({"ranking": [{"number": 7}]}, tables)["numbers"] is True
    assert projector({"ranking": [{"number": None}]}, tables)["numbers"] is False
    assert projector({"ranking": [], "missing": "nonsense"}, tables)["missing"] == []


def test_the_package_ships_every_template_and_static_file():
    """``pip install .`` copies the pages' files: each one matches the package data that
    pyproject.toml declares for schafkopf_score.server (a new kind of file would be left out)."""
    import fnmatch
    import tomllib

    root = Path(__file__).resolve().parents[2]
    globs = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"][
        "package-data"]["schafkopf_score.server"]
    files = [p.relative_to(SERVER).as_posix() for sub in ("templates", "static") for p in (SERVER / sub).rglob("*")
             if p.is_file()]
    assert files and all(any(fnmatch.fnmatch(f, g) for g in globs) for f in files), (files, globs)


def test_after_a_close_the_phone_says_what_comes_next_as_play_does(make_table):
    """After a close the phone's "what comes next" was blank, where ``play`` shows *Spiel 1 ·
    Anna gibt · ein neuer Abend*; and the heading (*Abend 1*) was no part of the live refresh,
    so a page open across the close kept it. Both now follow the ledger."""
    t = make_table(language="de")
    cli(t.path, "add", "sau", "an", "be", "72")
    with Server(t.path) as s:
        html = page(s, "/", s.host)
        assert '<h1 id="heading" data-live>Abend 1</h1>' in html
        assert re.sub(r"<[^>]+>", "", re.search(r'<p id="ahead"[^>]*>(.*?)</p>', html).group(1)) == (
            "Spiel 2 · Gibt als Nächstes: Ben")
        cli(t.path, "settle", "--close", "--yes")
        html = page(s, "/", s.host)
        assert re.sub(r"<[^>]+>", "", re.search(r'<p id="ahead"[^>]*>(.*?)</p>', html).group(1)) == (
            "Spiel 1 · Gibt als Nächstes: Anna · ein neuer Abend")
        cli(t.path, "add", "wenz", "co", "80")
        html = page(s, "/", s.host)
        assert '<h1 id="heading" data-live>Abend 2</h1>' in html
        assert "ein neuer Abend" not in html
        assert '<h1 id="heading">' in page(s, "/settle", s.host)  # a page with nothing live: no refresh


def test_the_settle_forms_name_the_evening_they_show_without_javascript(make_table):
    """The /settle page's close form, posted after the host closed that evening at the CLI and
    began the next, closed the next one; it names the evening it showed and is refused."""
    t = make_table(language="de")
    cli(t.path, "add", "sau", "an", "be", "72")
    with Server(t.path) as s:
        html = page(s, "/settle", s.host)
        assert html.count('<input type="hidden" name="session" value="1">') == 2  # the close and the payout
        cli(t.path, "settle", "--close", "--yes")
        cli(t.path, "add", "wenz", "co", "80")
        got, _, body = browser_post(s, "/form/close", {"session": "1", "sure_close": "1", "back": "/settle"}, s.host)
        assert "Abend 1 ist abgeschlossen (abgerechnet)" in body.decode()
    assert t.json("settle")["closed"] is False  # evening 2 stays open
