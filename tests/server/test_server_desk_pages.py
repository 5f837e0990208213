"""The organiser's desk and the projector's ranking in Chromium against a real server (desk
review): a desk form refused on a page without JavaScript comes back as it was typed, to be
fixed there; the ranking fits a phone at 360 px, and printed it lists every player (not the
projector's page of the moment) and says it is provisional; axe-core finds nothing on any of it."""

from __future__ import annotations

import json

from tests.app.test_tournament import EIGHT, tournament
from tests.server.phone import Phone, axe_findings, needs_browser
from tests.serving import Server, cli

pytestmark = needs_browser


def desk(phone: Phone, action: str, **values: str) -> None:
    """The desk's form ``action`` filled in (a box ticked where its value is "1") and sent."""
    phone.js("document.querySelectorAll('.desk details').forEach(function (d) { d.open = true; });")
    form = phone.driver.find_element("css selector", f"form[action='/form/{action}']")
    for name, value in values.items():
        box = form.find_element("css selector", f"[name='{name}']")
        if box.get_attribute("type") == "checkbox":
            if value and not box.is_selected():
                box.click()
        else:
            box.clear()
            box.send_keys(value)
    send(phone, form)


def send(phone: Phone, form) -> None:
    """The form sent, and the page it leads to loaded."""
    phone.js("window.before = true;")
    form.find_element("css selector", "button[type=submit]").click()
    phone.wait("return window.before === undefined && document.readyState === 'complete'")


def typed(phone: Phone, action: str) -> dict[str, object]:
    return phone.js("var f = document.querySelector(arguments[0]); if (!f) { return null; } var o = {};"
                    "Array.from(f.elements).forEach(function (e) { if (e.name && e.type !== 'hidden' && e.name !== 'back')"
                    " { o[e.name] = e.type === 'checkbox' ? e.checked : e.value; } }); return o;",
                    f"form[action='/form/{action}']")


def test_a_desk_form_refused_without_javascript_comes_back_as_it_was_typed(tmp_path, phones):
    """The paper totals of a table typed at the desk with a player left out were refused with
    the reason why, but the page without JavaScript showed only the refusal and a link back:
    the totals, the table and the reason typed were gone, to be typed again."""
    cup = tournament(tmp_path, players=EIGHT, extra='games_per_round = 2\nseed = "s"', language="de")
    cli(cup.path, "tournament", "draw")
    seat = {t["tisch"]: t["players"] for t in cup.json("tournament", "tables")["tables"]}
    one = seat[1]
    with Server(cup.path) as s:
        phone = phones(360, 740, script=False)
        phone.open(f"http://127.0.0.1:{s.port}/?k={s.host}")
        wrong = f"{one[0]}=3,{one[1]}=-3"
        desk(phone, "totals", tisch="1", totals=wrong, won=f"{one[0]}=1", reason="vom Zettel")
        said = phone.text("p.error[role=alert]")
        assert f"lässt {one[2]} und {one[3]} von Tisch 1 aus" in said, said
        assert typed(phone, "totals") == {"tisch": "1", "totals": wrong, "solos": "", "won": f"{one[0]}=1",
                                          "round": "", "replace": False, "void": False, "reason": "vom Zettel"}
        assert not any(t["totals"] for t in cup.json("tournament", "tables")["tables"])  # nothing written
        assert axe_findings(phone) == []
        # fixed where it came back, and sent from there
        right = f"{one[0]}=3,{one[1]}=-3,{one[2]}=1,{one[3]}=-1"
        form = phone.driver.find_element("css selector", "form[action='/form/totals']")
        box = form.find_element("css selector", "[name=totals]")
        box.clear()
        box.send_keys(right)
        send(phone, form)
        assert phone.driver.current_url.endswith("/?done=totals"), phone.driver.current_url
        assert phone.text("p.ok[role=status]") == "Gespeichert: die Summen des Tisches."  # said where it went back
        paper = next(t for t in cup.json("tournament", "tables")["tables"] if t["tisch"] == 1)
        assert paper["totals"] and paper["paper"]["totals"] == {one[0]: 3, one[1]: -3, one[2]: 1, one[3]: -1}
        # a swap of one player: the players typed come back too, the reason with them
        desk(phone, "swap", players=one[0], reason="falscher Platz")
        assert typed(phone, "swap") == {"players": one[0], "reason": "falscher Platz"}
        assert axe_findings(phone) == []


def test_the_ranking_fits_a_phone_and_prints_whole_and_provisional(tmp_path, phones):
    """At 360 px the projector's ranking was 188 px wider than the phone (its tie-break columns'
    headings); printed, it showed only the projector's page of the moment (7 of 40 players)."""
    players = [f"Spieler{n:02d}" for n in range(1, 41)]
    cup = tournament(tmp_path, players=players, extra='games_per_round = 4\nseed = "s"', language="de")
    cli(cup.path, "tournament", "draw")
    seat = {t["tisch"]: t["players"] for t in cup.json("tournament", "tables")["tables"]}
    cli(cup.path, "add", "--tisch", "3", "wenz", seat[3][0], "91")
    ranking = json.loads(cli(cup.path, "tournament", "ranking", "--json").stdout)
    assert ranking["complete"] is False
    with Server(cup.path) as s:
        phone = phones(360, 740)
        for width in (360, 1280):
            phone.driver.set_window_size(width, 740)
            phone.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
            phone.open(f"http://127.0.0.1:{s.port}/ranking?k={s.view}")
            assert phone.sideways() <= 0, width
            assert phone.text(".provisional").startswith("vorläufig - Tische")
            assert axe_findings(phone) == []
            phone.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
            shown = phone.js("return Array.from(document.querySelectorAll('.ranking tbody tr'))"
                             ".filter(r => r.offsetParent !== null).map(r => [r.cells[0].innerText, r.cells[2].innerText"
                             ".split(' ')[0], r.cells[3].innerText])")
            assert shown == [[str(r["rank"]), r["player"], str(r["points"])] for r in ranking["ranking"]], width
            assert phone.js("var e = document.querySelector('.provisional'); return e.offsetParent !== null "
                            "&& e.innerText.startsWith('vorläufig')"), width  # said on paper too
            assert not phone.js("return document.querySelector('.pages').offsetParent !== null")  # no "Seite 1/6"


def test_a_desk_form_that_worked_says_so_with_javascript_too(tmp_path, phones):
    """A desk form sent with JavaScript reloaded the page and said nothing: the desk could not
    tell a saved entry from a lost one. The page now says what was saved, as it does without
    JavaScript, where it is seen first (axe-core finds nothing)."""
    cup = tournament(tmp_path, players=EIGHT, extra='games_per_round = 2\nseed = "s"', language="en")
    cli(cup.path, "tournament", "draw")
    one = {t["tisch"]: t["players"] for t in cup.json("tournament", "tables")["tables"]}[1]
    with Server(cup.path) as s:
        phone = phones(360, 740)
        phone.open(f"http://127.0.0.1:{s.port}/?k={s.host}")
        desk(phone, "totals", tisch="1", totals=f"{one[0]}=3,{one[1]}=-3,{one[2]}=1,{one[3]}=-1")
        phone.wait("return location.search === '?done=totals'")
        assert phone.text("p.ok[role=status]") == "Saved: the table's totals."
        assert next(t for t in cup.json("tournament", "tables")["tables"] if t["tisch"] == 1)["totals"]
        assert axe_findings(phone) == []


def test_a_desk_form_refused_for_one_field_names_it_by_its_label(tmp_path, phones):
    """A desk form sent without the points (and not voided), a fix without its table, an apart
    with one player, a table that is no number: the page said the API's words (Das Feld
    "totals" fehlt. Sieh die API in der Anleitung zum Server; ... ["Anna", "Ben"]), with
    JavaScript and without. The page names the field by its label and says to correct it, with
    JavaScript the field is focused; the API still names its key."""
    cup = tournament(tmp_path, players=EIGHT, extra='games_per_round = 2\nseed = "s"', language="de")
    cli(cup.path, "tournament", "draw")
    one = {t["tisch"]: t["players"] for t in cup.json("tournament", "tables")["tables"]}[1]
    hint = "Korrigier es und schick es noch einmal; es wurde nichts geschrieben."
    wrong = {("totals", (("tisch", "1"),)): ("Füll „Punkte (Name=Punkte, ...)“ aus.", "totals"),
             ("totals", (("tisch", "eins"), ("totals", f"{one[0]}=3"))): ("„Tisch“ muss eine ganze Zahl sein, z. B. 3.",
                                                                       "tisch"),
             ("fix", (("player", one[0]),)): ("Füll „Tisch“ aus.", "tisch"),
             ("apart", (("players", one[0]),)): ("„Zwei Spieler (Anna, Ben)“: nenn zwei Spieler, mit einem Komma "
                                                 "dazwischen.", "players")}
    with Server(cup.path) as s:
        for script in (False, True):
            phone = phones(360, 740, script=script)
            for (action, values), (said, name) in wrong.items():
                phone.open(f"http://127.0.0.1:{s.port}/?k={s.host}")
                if script:
                    phone.js("document.querySelectorAll('.desk details').forEach(function (d) { d.open = true; });")
                    form = phone.driver.find_element("css selector", f"form[action='/form/{action}']")
                    for field, value in values:
                        form.find_element("css selector", f"[name='{field}']").send_keys(value)
                    form.find_element("css selector", "button[type=submit]").click()
                    answer = f"form[action='/form/{action}'] .form-answer[role=alert]"
                    phone.wait("var e = document.querySelector(arguments[0]); return e && !e.hidden", 8.0, answer)
                    assert phone.text(answer).split() == f"{said} {hint}".split(), action
                    assert phone.js("return document.activeElement.name") == name
                else:
                    desk(phone, action, **dict(values))
                    assert phone.text("p.error[role=alert]") == f"{said}\n{hint}", action
                assert axe_findings(phone) == []
        assert not any(t["totals"] for t in cup.json("tournament", "tables")["tables"])  # nothing written
        status, api = s.post("/api/totals", {"tisch": 1})
        assert status == 422 and api == {"error": 'Das Feld "totals" fehlt.', "field": "totals", "wants": "missing",
                                         "hint": "Sieh die API in der Anleitung zum Server; es wurde nichts geschrieben."}


def test_a_code_that_may_not_is_told_so_in_the_tables_words(tmp_path, phones):
    """The view code opening the join screen, a table's code the desk's join screen: the page
    said "Der Code von view darf das nicht." and "Der Code von tisch 1 ...", the codes file's
    labels. It says what the code is in the table's words (axe-core finds nothing)."""
    cup = tournament(tmp_path, players=EIGHT, extra='games_per_round = 2\nseed = "s"', language="de")
    cli(cup.path, "tournament", "draw")
    with Server(cup.path) as s:
        phone = phones(360, 740, script=False)
        for code, said in ((s.view, "Dieser Code darf nur lesen: das hier darf er nicht."),
                           (s.codes["tisch 1"], "Das ist der Code von Tisch 1: das hier darf er nicht.")):
            phone.open(f"http://127.0.0.1:{s.port}/?k={code}")
            phone.open(f"http://127.0.0.1:{s.port}/join")
            assert phone.text("p.error[role=alert]").split("\n")[0] == said
            assert axe_findings(phone) == []


def test_a_desk_refusal_says_the_desks_way_not_the_commands(tmp_path, phones):
    """Paper totals entered twice, a redraw after a table entered: the desk's page said the
    CLI's hints (mit schafkopf tournament enter --tisch 1 --round 1 --totals ... --replace
    --reason R; undo, void, edit, oder --replace für Summen). It says the page's box to tick,
    with JavaScript and without; the API keeps the CLI's hint and adds the page's."""
    cup = tournament(tmp_path, players=EIGHT, extra='games_per_round = 2\nseed = "s"', language="de")
    cli(cup.path, "tournament", "draw")
    one = {t["tisch"]: t["players"] for t in cup.json("tournament", "tables")["tables"]}[1]
    totals = f"{one[0]}=3,{one[1]}=-3,{one[2]}=1,{one[3]}=-1"
    twice = ("Tisch 1 von Runde 1 hat seine Summen schon eingetragen.\nZum Korrigieren kreuz „Sie ersetzen die früher "
             "eingetragenen Summen“ an und gib einen Grund an; es wurde nichts geschrieben.")
    with Server(cup.path) as s:
        phone = phones(360, 740, script=False)
        phone.open(f"http://127.0.0.1:{s.port}/?k={s.host}")
        desk(phone, "totals", tisch="1", totals=totals)
        desk(phone, "totals", tisch="1", totals=totals)
        assert phone.text("p.error[role=alert]") == twice
        phone.open(f"http://127.0.0.1:{s.port}/")
        desk(phone, "redraw", reason="falsch", sure_redraw="1")
        assert phone.text("p.error[role=alert]").split("\n")[1] == (
            "Korrigier stattdessen die Einträge am Tisch (auf seiner Seite: Streichen, Ändern) oder seine "
            "Papiersummen hier mit „Sie ersetzen die früher eingetragenen Summen“.")
        assert axe_findings(phone) == []
        scripted = phones(360, 740)
        scripted.open(f"http://127.0.0.1:{s.port}/?k={s.host}")
        scripted.js("document.querySelectorAll('.desk details').forEach(function (d) { d.open = true; });")
        form = scripted.driver.find_element("css selector", "form[action='/form/totals']")
        form.find_element("css selector", "[name=tisch]").send_keys("1")
        form.find_element("css selector", "[name=totals]").send_keys(totals)
        form.find_element("css selector", "button[type=submit]").click()
        answer = "form[action='/form/totals'] .form-answer[role=alert]"
        scripted.wait("var e = document.querySelector(arguments[0]); return e && !e.hidden", 8.0, answer)
        assert scripted.text(answer).split() == twice.split()
        status, api = s.post("/api/totals", {"tisch": 1, "totals": totals})
        assert status == 422 and "--replace --reason R" in api["hint"] and api["page_hint"] == twice.split("\n")[1]
