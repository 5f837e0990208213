"""The server's pages without JavaScript (RULES §11, issue 26), through a real server process:
each page in the table's language, every name escaped, a hand entered and corrected through the
page's forms (cookie and same origin, as a browser without JavaScript sends them), a refusal
shown on the page with nothing written."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from tests.serving import Server

HOSTILE = ["Anna", "<b>Ben</b>", "Cora&Co", '"Dora"']


@pytest.fixture
def hostile(make_table):
    return make_table(players=HOSTILE, language="de")


def browser_post(s, path, fields, code):
    """A form as a browser posts it: urlencoded, the cookie, the page's own origin."""
    return s.request("POST", path, raw=urlencode(fields).encode(),
                     headers={"Content-Type": "application/x-www-form-urlencoded",
                              "Cookie": f"{s.cookie}={code}", "Origin": f"http://127.0.0.1:{s.port}"})


def page(s, path, code):
    status, _, body = s.request("GET", path, headers={"Cookie": f"{s.cookie}={code}"})
    assert status == 200, (path, status, body[:300])
    return body.decode()


def test_the_pages_escape_every_name_and_speak_the_tables_language(hostile):
    with Server(hostile.path) as s:
        assert s.post("/api/hands", {"line": "sau an <b 72"})[0] == 201
        for path in ("/", "/settle"):
            html = page(s, path, s.view)
            assert '<html lang="de">' in html
            assert "<b>Ben</b>" not in html and "&lt;b&gt;Ben&lt;/b&gt;" in html
            assert "Cora&Co" not in html and "Cora&amp;Co" in html
            assert 'href="/static/table.css"' in html and "<script src=\"/static/table.js\"" in html
            assert "<script>" not in html and " style=" not in html and " onclick" not in html  # CSP: nothing inline
        html = page(s, "/", s.view)
        assert "Stand" in html and "Block" in html and "Dieser Code darf nur lesen." in html
        assert "/form/hands" not in html  # no entry for a code that only reads
        html = page(s, "/", s.host)
        assert 'action="/form/hands"' in html and "Spiel eintragen" in html
        for word, label in (('sauspiel" data-suited="1', "Sauspiel"), ("wenz", "Wenz"),
                            ("weiter", "Weiter (alle passen)")):  # the tap buttons
            assert f'<button type="button" data-game="{word}">{label}</button>' in html, word
        assert '<button type="button" data-player="&lt;b&gt;Ben&lt;/b&gt;">&lt;b&gt;Ben&lt;/b&gt;</button>' in html
        assert '<button type="button" data-laufende="l3">3</button>' in html


def test_a_hand_entered_and_corrected_through_the_forms_without_javascript(hostile):
    with Server(hostile.path) as s:
        html = page(s, "/", s.host)
        key = re.search(r'name="key" value="([^"]+)"', html).group(1)
        status, headers, _ = browser_post(s, "/form/hands", {"line": "sau an co 72 l3", "key": key, "back": "/"},
                                          s.host)
        assert (status, headers["location"]) == (303, "/?done=1")
        html = page(s, "/?done=1", s.host)
        assert "Erledigt." in html and "Sauspiel Anna+Cora&amp;Co 72 L3" in html
        # the same form sent again (a reload): recorded once
        browser_post(s, "/form/hands", {"line": "sau an co 72 l3", "key": key, "back": "/"}, s.host)
        assert len(hostile.json("sheet")["sessions"][0]["hands"]) == 1
        # a refusal comes back to the page, written nowhere
        before = hostile.ledger_bytes()
        status, headers, _ = browser_post(s, "/form/hands", {"line": "sau an xx 72", "back": "/"}, s.host)
        assert status == 303
        where = urlsplit(headers["location"])
        assert where.path == "/" and list(parse_qs(where.query)) == ["flash"]  # sealed, not the text
        assert "&#39;xx&#39; passt zu nichts" in page(s, headers["location"], s.host)
        assert hostile.ledger_bytes() == before
        # a correction, then the undo
        status, headers, _ = browser_post(s, "/form/edit", {"hand": "1", "line": "k", "back": "/"}, s.host)
        assert headers["location"] == "/?done=1"
        assert hostile.json("sheet")["sessions"][0]["hands"][-1]["entry"]["kontra"] is True
        browser_post(s, "/form/undo", {"back": "/"}, s.host)
        assert [h["void"] for h in hostile.json("sheet")["sessions"][0]["hands"]] == [True, True]
        # a form from another site, or with the view code, changes nothing
        before = hostile.ledger_bytes()
        status, _, _ = s.request("POST", "/form/hands", raw=b"line=sau+an+co+72",
                                 headers={"Content-Type": "application/x-www-form-urlencoded",
                                          "Cookie": f"{s.cookie}={s.host}", "Origin": "http://evil.example"})
        assert status == 403
        assert browser_post(s, "/form/hands", {"line": "sau an co 72"}, s.view)[0] == 403
        assert browser_post(s, "/form/hands", {"line": "sau an co 72", "back": "//evil.example/"},
                            s.host)[1]["location"] == "/?done=1"  # back never leaves the server
        assert hostile.ledger_bytes() != before


def test_a_page_without_a_code_says_how_to_get_one(hostile):
    with Server(hostile.path) as s:
        status, headers, body = s.request("GET", "/")
        assert status == 401 and headers["content-type"].startswith("text/html")
        assert "Kein gültiger Zugangscode." in body.decode()
        assert "QR-Code" in body.decode()


def test_the_package_ships_every_template_and_static_file():
    """``pip install .`` copies the pages' files: each one matches the package data that
    pyproject.toml declares for schafkopf_score.server (a new kind of file would be left out)."""
    import fnmatch
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    globs = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"][
        "package-data"]["schafkopf_score.server"]
    folder = root / "schafkopf_score" / "server"
    files = [p.relative_to(folder).as_posix() for sub in ("templates", "static") for p in (folder / sub).rglob("*")
             if p.is_file()]
    assert files and all(any(fnmatch.fnmatch(f, g) for g in globs) for f in files), (files, globs)
