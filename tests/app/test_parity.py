"""Every door the same answer (issue 34): one scenario driven through the CLI, ``play`` (piped)
and the server's API, each on a table of its own, and compared step by step: every hand's number
and payouts, every correction, every refusal's words (what is wrong and how to fix it) and, at
the end, the ledger (``export --format json``, its times and ids left out).

The scenario is an evening with a Stock, Kontra, a duplicate hand, an undo, a void, an edit, a
player who joins, is renamed, paid out and leaves, eleven refusals, and a tournament round (a
table of five and a table that hands in paper totals) through the CLI and the server. A door
says a step in its own words; what comes back is put in one shape:
``("hand", number, payouts)``, ``("voided", number, repriced)``, ``("edited", number, payouts)``,
``("same", number)``, ``("player", kind, name, seating, from hand)``, ``("paid", player, amounts)``
or ``("refused", message, hint)``.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.serving import Server, env

# (step, what the CLI types, what play types, what the API is sent)
EVENING = [
    ("hand", ["add", "sau", "an", "be", "72", "l3", "k"], "sau an be 72 l3 k", ("/api/hands", {"line": "sau an be 72 l3 k"})),
    ("hand", ["add", "weiter"], "weiter", ("/api/hands", {"line": "weiter"})),
    ("hand", ["add", "wenz", "co", "80"], "wenz co 80", ("/api/hands", {"line": "wenz co 80"})),
    # six refusals: a name twice, Augen beyond the deck, a word that fits nothing, re without kontra, a game
    # the table does not play
    ("refused", ["add", "sau", "an", "an", "72"], "sau an an 72", ("/api/hands", {"line": "sau an an 72"})),
    ("refused", ["add", "sau", "an", "be", "130"], "sau an be 130", ("/api/hands", {"line": "sau an be 130"})),
    ("refused", ["add", "sau", "an", "be", "72", "xyz"], "sau an be 72 xyz",
     ("/api/hands", {"line": "sau an be 72 xyz"})),
    ("refused", ["add", "sau", "an", "be", "72", "re"], "sau an be 72 re", ("/api/hands", {"line": "sau an be 72 re"})),
    ("refused", ["add", "geier", "do", "70"], "geier do 70", ("/api/hands", {"line": "geier do 70"})),
    # and a long option given twice (click takes the last one silently; every door refuses it)
    ("refused", ["add", "wenz", "--player", "Ben", "--Player", "Cora", "--augen", "80"],
     "wenz --player Ben --Player Cora --augen 80",
     ("/api/hands", {"line": "wenz --player Ben --Player Cora --augen 80"})),
    # an option no hand has, one without its value, a count that is no number (click said its own words)
    ("refused", ["add", "sau", "an", "be", "72", "--kontr"], "sau an be 72 --kontr",
     ("/api/hands", {"line": "sau an be 72 --kontr"})),
    ("refused", ["add", "sau", "an", "be", "72", "--comment"], "sau an be 72 --comment",
     ("/api/hands", {"line": "sau an be 72 --comment"})),
    ("refused", ["add", "sau", "an", "be", "72", "--laufende", "drei"], "sau an be 72 --laufende drei",
     ("/api/hands", {"line": "sau an be 72 --laufende drei"})),
    ("hand", ["add", "herzsolo", "do", "90", "--kontra"], "herzsolo do 90 --kontra",
     ("/api/hands", {"line": "herzsolo do 90 --kontra"})),
    ("undo", ["undo"], "zurück", ("/api/undo", {})),
    ("hand", ["add", "herzsolo", "do", "95"], "herzsolo do 95", ("/api/hands", {"line": "herzsolo do 95"})),
    ("void", ["void", "2"], "streichen 2", ("/api/void", {"hand": 2})),
    ("edit", ["edit", "1", "re"], "ändern 1 re", ("/api/edit", {"hand": 1, "line": "re"})),
    ("hand", ["add", "sau", "be", "co", "61"], "sau be co 61", ("/api/hands", {"line": "sau be co 61"})),
    # the same hand again: a script's add and a piped play record it; the API asks first (409, the hand it
    # repeats) and records it when confirmed
    ("duplicate", ["add", "sau", "be", "co", "61"], "sau be co 61", ("/api/hands", {"line": "sau be co 61"})),
    # the host's actions: a player joins, is renamed, is paid out and leaves; a name taken and a player who
    # is not at the table are refused
    ("player", ["player", "add", "Emil", "--after", "Dora"], "spieler dazu Emil --nach Dora",
     ("/api/players/add", {"name": "Emil", "after": "Dora"})),
    ("refused", ["player", "add", "cora"], "spieler dazu cora", ("/api/players/add", {"name": "cora"})),
    ("hand", ["add", "sau", "em", "an", "72"], "sau em an 72", ("/api/hands", {"line": "sau em an 72"})),
    ("player", ["player", "rename", "Emil", "Emilia"], "spieler umbenennen Emil Emilia",
     ("/api/players/rename", {"name": "Emil", "new": "Emilia"})),
    ("payout", ["settle", "--player", "Emilia", "--yes"], "abrechnung --spieler Emilia --yes",
     ("/api/settle/payout", {"player": "Emilia"})),
    ("refused", ["settle", "--player", "Niemand", "--yes"], "abrechnung --spieler Niemand --yes",
     ("/api/settle/payout", {"player": "Niemand"})),
    ("player", ["player", "leave", "Emilia"], "spieler geht Emilia", ("/api/players/leave", {"name": "Emilia"})),
    ("hand", ["add", "wenz", "be", "90"], "wenz be 90", ("/api/hands", {"line": "wenz be 90"})),
    # a hand worked out and not recorded (play has no such command), then the close, rounded to 50 cents
    ("calc", ["calc", "sau", "an", "co", "72", "l3"], None, ("/api/calc", {"line": "sau an co 72 l3"})),
    ("close", ["settle", "--close", "--round", "50", "--yes"], "abrechnung schließen --runden 50 --yes",
     ("/api/settle/close", {"round_to": 50})),
]
PLAYERS = ["Anna", "Ben", "Cora", "Dora"]
TABLE = {'all_pass = "redeal"': 'all_pass = "stock"'}


def shape_of_json(step: str, data: dict) -> tuple:
    if step == "calc":
        return ("calc", data)
    if step == "close":
        return ("closed", data["session"], data["paid"], data["transfers"], data["rounding"])
    if step == "player":
        return ("player", data["kind"], data["name"], data["players"], data["hand"])
    if step == "payout":
        return ("paid", data["player"], data["amounts"])
    if step == "undo" or step == "void":
        return ("voided", data["voided"], data["repriced"])
    if step == "edit":
        return ("edited", data["hand"], data["payouts"])
    return ("hand", data["hand"], data["payouts"])


def refusal(stderr: str) -> tuple:
    """``Fehler: what`` (``Error: ``) and the hint below it (play names the line first)."""
    lines = [line for line in stderr.splitlines() if not line.startswith(("Zeile ", "Line "))]
    assert lines[0].startswith(("Fehler: ", "Error: ")), stderr
    return ("refused", lines[0].split(": ", 1)[1], "\n".join(lines[1:]))


def through_cli(t, whole: list | None = None) -> list[tuple]:
    """``whole``: each step's ``--json`` as the CLI printed it (None for a refusal)."""
    out = []
    for step, args, _, _ in EVENING:
        r = t.run(*args, "--json")
        if step == "refused":
            assert r.exit_code == 2, (args, r.stdout)
            out.append(refusal(r.stderr))
            if whole is not None:
                whole.append(None)
        else:
            assert r.exit_code == 0, (args, r.stderr)
            out.append(shape_of_json(step, json.loads(r.stdout)))
            if whole is not None:
                whole.append(json.loads(r.stdout))
    return out


def through_play(t) -> list[tuple]:
    """Each line through ``play`` reading a pipe; what a line did is read back from the ledger
    (play answers in words)."""
    out = []
    for step, _, line, _ in EVENING:
        if line is None:  # not a command of play's
            out.append(None)
            continue
        before = {(h["hand"], h["recorded_at"]): h for h in t.json("sheet")["sessions"][0]["hands"]}
        r = subprocess.run([sys.executable, "-m", "schafkopf_score", "--table", str(t.path), "play"], input=line + "\n",
                           capture_output=True, text=True, env=env(), timeout=60)
        if step == "refused":
            assert r.returncode == 2, (line, r.stdout)
            out.append(refusal(r.stderr))
            continue
        assert r.returncode == 0, (line, r.stderr)
        if step == "player":
            change = t.json("player", "list")["changes"][-1]
            out.append(("player", change["kind"], change["name"], change["players"], change["hand"]))
            continue
        if step == "close":
            closed = t.json("settle", "--session", "1")
            out.append(("closed", closed["session"], closed["paid"], closed["transfers"], closed["rounding"]))
            continue
        if step == "payout":
            paid = t.json("sheet")["sessions"][0]["payments"][-1]
            out.append(("paid", paid["player"], paid["amounts"]))
            continue
        hands = t.json("sheet")["sessions"][0]["hands"]
        if step in ("undo", "void"):
            voided = next(h for h in hands if h["void"] and not before[h["hand"], h["recorded_at"]]["void"])
            out.append(("voided", voided["hand"], None))
        else:
            new = next(h for h in hands if (h["hand"], h["recorded_at"]) not in before)
            out.append(("edited" if step == "edit" else "hand", new["hand"], new["payouts"]))
            assert f"{new['hand']}" in r.stdout, r.stdout
    return out


def through_server(t, whole: list | None = None) -> list[tuple]:
    out = []
    with Server(t.path) as s:
        for i, (step, _, _, (path, body)) in enumerate(EVENING):
            body = {**body, **({"key": f"parity-{i}"} if path == "/api/hands" else {})}
            status, data = s.post(path, body)
            if step == "duplicate":
                assert status == 409 and data["same_as"] == out[-1][1], data
                status, data = s.post(path, {**body, "key": f"parity-{i}-again", "confirm": True})
            if step == "refused":
                assert status == 422, (body, data)
                out.append(("refused", data["error"], data.get("hint", "")))
            else:
                assert status in (200, 201), (body, data)
                out.append(shape_of_json(step, data))
            if whole is not None:
                whole.append(None if step == "refused" else data)
        # what the server reads back is what the CLI reads of the same ledger
        for path, args in (("/api/sheet", ["sheet"]), ("/api/standings", ["standings"]), ("/api/settle", ["settle"]),
                           ("/api/players", ["player", "list"])):
            status, data = s.get(path)
            assert status == 200 and data == t.json(*args), path
    return out


def ledger_of(t) -> dict:
    """The table's ledger as its JSON export says it, without what differs by when and where it
    was written (times, the table file's name)."""
    data = json.loads(t.ok("export", "--format", "json").stdout)

    def plain(value):
        if isinstance(value, dict):
            return {k: plain(v) for k, v in value.items() if k not in ("created_at", "opened_at", "exported_at",
                                                                      "name", "path", "program")}
        if isinstance(value, list):
            return [plain(v) for v in value]
        return value

    return plain(data)


@pytest.mark.slow
@pytest.mark.parallel
def test_an_evening_through_every_door_gives_the_same_answers_and_the_same_ledger(make_table):
    tables = {door: make_table(players=PLAYERS, replace=TABLE, name=door) for door in ("cli", "play", "server")}
    said_by_cli: list = []
    said_by_server: list = []
    answers = {"cli": through_cli(tables["cli"], said_by_cli), "play": through_play(tables["play"]),
               "server": through_server(tables["server"], said_by_server)}
    assert answers["cli"] == answers["server"], (answers["cli"], answers["server"])
    # the API's answers hold every key of the CLI's --json with the same values (RULES §11: it may add
    # keys, as "said", what the CLI prints of a hand)
    for step, cli_json, server_json in zip(EVENING, said_by_cli, said_by_server, strict=True):
        if cli_json is not None:
            assert {k: server_json.get(k) for k in cli_json} == cli_json, (step, cli_json, server_json)
    # play answers in words: its hands, corrections and refusals as read back (a void's re-pricing is
    # compared in the ledgers below)
    assert [None if a[0] == "calc" else a if a[0] != "voided" else a[:2] + (None,) for a in answers["cli"]] \
        == answers["play"], answers["play"]
    assert [a[0] for a in answers["cli"]].count("refused") == 11
    ledgers = {door: ledger_of(t) for door, t in tables.items()}
    assert ledgers["cli"] == ledgers["play"] == ledgers["server"]


# -- a tournament's round: a table of five, a table that hands in paper totals -----------------------

NINE = ["Anna", "Ben", "Cora", "Dora", "Emil", "Fritz", "Gabi", "Hans", "Ida"]


def cup(make_table, name: str):
    from tests.app.test_tournament import tournament

    t = tournament(make_table(name=f"{name}-folder").path.parent, NINE,
                   extra='games_per_round = 4\nrounds = 1\nseed = "parity"', name=name)
    t.ok("tournament", "draw")
    return t


def round_steps(tables: dict[int, list[str]]) -> list[tuple]:
    """(step, the CLI's words, the API's path and body) of the round, by who sits where."""
    five = next(t for t, p in tables.items() if len(p) == 5)
    four = next(t for t, p in tables.items() if len(p) == 4)
    a, b, c, d, e = (p[:3].lower() for p in tables[five])  # the first deals the first hand and sits it out
    w, x, y, z = tables[four]
    return [
        ("hand", ["add", "--tisch", str(five), "sau", b, c, "72"], ("/api/hands", {"tisch": five, "line": f"sau {b} {c} 72"})),
        ("refused", ["add", "--tisch", str(five), "sau", a, b, "72"], ("/api/hands", {"tisch": five, "line": f"sau {a} {b} 72"})),
        ("hand", ["add", "--tisch", str(five), "wenz", d, "80", "k"], ("/api/hands", {"tisch": five, "line": f"wenz {d} 80 k"})),
        ("undo", ["undo", "--tisch", str(five)], ("/api/undo", {"tisch": five})),
        ("hand", ["add", "--tisch", str(five), "herzsolo", e, "61"], ("/api/hands", {"tisch": five, "line": f"herzsolo {e} 61"})),
        ("totals", ["tournament", "enter", "--tisch", str(four), "--totals", f"{w}=3,{x}=-1,{y}=-1,{z}=-1",
                    "--solos", f"{w}=1", "--won", f"{w}=3,{x}=1"],
         ("/api/totals", {"tisch": four, "totals": {w: 3, x: -1, y: -1, z: -1}, "solos": {w: 1}, "won": {w: 3, x: 1}})),
        ("refused", ["tournament", "enter", "--tisch", str(four), "--totals", f"{w}=3,{x}=-1,{y}=-1,{z}=-2"],
         ("/api/totals", {"tisch": four, "totals": {w: 3, x: -1, y: -1, z: -2}})),
    ]


@pytest.mark.slow
@pytest.mark.parallel
def test_a_tournament_round_through_the_cli_and_the_server_gives_the_same_answers_and_ranking(make_table):
    by_cli, by_server = cup(make_table, "cli"), cup(make_table, "server")
    tables = {t["tisch"]: t["players"] for t in by_cli.json("tournament", "tables")["tables"]}
    assert tables == {t["tisch"]: t["players"] for t in by_server.json("tournament", "tables")["tables"]}
    steps = round_steps(tables)
    cli_answers, server_answers = [], []
    for step, args, _ in steps:
        r = by_cli.run(*args, "--json")
        if step == "refused":
            assert r.exit_code == 2, (args, r.stdout)
            cli_answers.append(refusal(r.stderr))
        else:
            assert r.exit_code == 0, (args, r.stderr)
            cli_answers.append((step, json.loads(r.stdout)))
    with Server(by_server.path) as s:
        for i, (step, _, (path, body)) in enumerate(steps):
            status, data = s.post(path, {**body, **({"key": f"cup-{i}"} if path == "/api/hands" else {})})
            if step == "refused":
                assert status == 422, (body, data)
                server_answers.append(("refused", data["error"], data.get("hint", "")))
            else:
                assert status == 200 or status == 201, (body, data)
                server_answers.append((step, data))
    # the API's answers hold every key of the CLI's --json with the same values (RULES §11)
    for cli_answer, server_answer in zip(cli_answers, server_answers, strict=True):
        if cli_answer[0] == "refused":
            assert cli_answer == server_answer
        else:
            assert {k: server_answer[1].get(k) for k in cli_answer[1]} == cli_answer[1], (cli_answer, server_answer)
    assert by_cli.json("tournament", "ranking") == by_server.json("tournament", "ranking")
    assert ledger_of(by_cli) == ledger_of(by_server)
