"""``import`` of an export that would break the ledger: refused whole (exit 2, naming the first
bad game), nothing committed, and no ledger file left for a new table. A healthy export still
imports and replays."""

import functools
import json

import pytest

FIVE = ["Anna", "Ben", "Cora", "Dora", "Emil"]


@pytest.fixture
def make_table(make_table):
    """English tables: these tests read the English words of each refusal (every refusal of the
    catalogue is checked in German in tests/cli/test_language_refusals.py; tests/app/test_language_data.py
    reads German ones exactly)."""
    return functools.partial(make_table, language="en")


@pytest.fixture
def export(make_table, tmp_path):
    """A Wirtshaus evening exported as JSON (5 at a 4-seat table, a void, an edit, a close
    rounded to 50 cents)."""
    t = make_table(players=FIVE, preset="wirtshaus", name="source")
    t.ok("add", "sau", "be", "co", "72", "l3")
    t.ok("add", "herzsolo", "co", "105")
    t.ok("add", "wenz", "do", "40")
    t.ok("void", "2")
    t.ok("edit", "1", "k")
    t.ok("settle", "--close", "--round", "50")
    t.ok("add", "ramsch", "be", "jf", "do")
    path = tmp_path / "abend.json"
    t.ok("export", "--format", "json", "--all", "--out", str(path))
    return json.loads(path.read_text(encoding="utf-8"))


def write(tmp_path, data, name="bad.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def as_exported(data):
    """An export's text laid out as ``export --format json`` writes it (a line a session, a line
    a game), which ``import`` streams (any other layout is read whole)."""
    dumps = functools.partial(json.dumps, ensure_ascii=False)
    head = {k: v for k, v in data.items() if k != "sessions"}
    lines = [dumps(head)[:-1] + ', "sessions": [']
    for i, s in enumerate(data["sessions"]):
        lines.append(" " + dumps({k: v for k, v in s.items() if k != "games"})[:-1] + ', "games": [')
        lines += ["  " + dumps(g) + ("," if j < len(s["games"]) - 1 else "") for j, g in enumerate(s["games"])]
        lines.append(" ]}" + ("," if i < len(data["sessions"]) - 1 else ""))
    return "\n".join([*lines, "]}", ""])


def valid_games(data):
    return [g for s in data["sessions"] for g in s["games"] if not g["void"]]


def test_a_healthy_export_imports_and_replays(make_table, export, tmp_path):
    t = make_table(players=FIVE, preset="wirtshaus", name="target")
    r = t.run("import", str(write(tmp_path, export, "good.json")))
    assert r.exit_code == 0, r.stderr
    t.ok("check")
    assert t.json("settle", "--session", "1")["closed"] is True


def _closed_with_stock(data):
    """Book the closing's settlement as if the Stock had gone to one player."""
    bookings = data["sessions"][0]["closing"]["bookings"]
    bookings["payouts"] = {"Cora": 0}


def _restated(data):
    """The first stored row of a game that was restated later (hand 1, edited with Kontra)."""
    return next(g for s in data["sessions"] for g in s["games"] if g["restatements"] or g["replaces"] is not None
                or g["void"] and g["void"]["kind"] == "edit")


def _ruleset(data):
    return next(iter(data["rulesets"].values()))


ATTACKS = {
    "family changed": (lambda d: _ruleset(d).update(family="sheepshead"), "not a schafkopf-score JSON export"),
    "unknown game": (lambda d: (valid_games(d)[0]["entry"].update(game="skat"), valid_games(d)[0].update(game="skat")),
                     "does not replay"),
    # the row as first stored must be a row this program writes, restated or not
    "restated row's own payouts garbage": (lambda d: _restated(d).update(payouts="garbage"),
                                           "game 1: payouts must be whole numbers"),
    "restated row's own outcome a number": (lambda d: _restated(d).update(outcome=5),
                                            "game 1: outcome = 5 is not what a ledger stores"),
    "Stock as text": (lambda d: valid_games(d)[0].update(stock="40"), "stock = '40' is not what a ledger stores"),
    "Stock as a flag": (lambda d: valid_games(d)[0].update(stock=True), "stock = True is not what a ledger stores"),
    "outcome a list": (lambda d: [g.update(outcome=[]) for g in valid_games(d)], "outcome = [] is not what"),
    "unit strokes at a money table": (lambda d: valid_games(d)[0].update(unit="stroke"),
                                      "unit = 'stroke' is not what a ledger stores"),
    "game field disagrees with the entry": (lambda d: valid_games(d)[0].update(game="bettel"),
                                            "game = 'bettel' is not what a ledger stores"),
    "a game twice": (lambda d: d["sessions"][0]["games"].append(dict(d["sessions"][0]["games"][0])),
                     "the game 1 is in the export twice"),
    "a session twice": (lambda d: d["sessions"].append(dict(d["sessions"][-1])), "is in the export twice"),
    "a gap in the hands": (lambda d: d["sessions"][-1]["games"][-1].update(hand=9),
                           "session 2: the hands are not numbered 1 to 1 (the last is 9)"),
    "a closed evening without a hand": (lambda d: d["sessions"].insert(1, {
        "id": 77, "opened_at": "x", "games": [], "closing": {"created_at": "x", "balances": {}, "bookings": {}}}),
        "session 77 is closed but holds no hand"),
    # a value of another kind where a list or a table belongs: the program's words, not Python's
    "payments a number": (lambda d: d["sessions"][0].update(payments=5), "a field holds a number or a text where an "
                                                                        "export writes a list or a table, or the other way round"),
    "text tariff": (lambda d: _ruleset(d)["tariff"].update(solo="fünfzig"), "not a schafkopf-score JSON export"),
    "huge tariff": (lambda d: _ruleset(d)["tariff"].update(solo=10**400), "not a schafkopf-score JSON export"),
    "augen lots": (lambda d: valid_games(d)[0]["entry"].update(augen="lots"), "not a schafkopf-score JSON export"),
    "payouts swapped": (lambda d: valid_games(d)[-1]["payouts"].update(
        {k: -v for k, v in valid_games(d)[-1]["payouts"].items()}), "session 2 hand 1: replay gives"),
    "duplicate hand": (lambda d: valid_games(d)[0].update(hand=1), "hand numbers repeat"),
    "negative hand": (lambda d: valid_games(d)[0].update(hand=-1), "not a schafkopf-score JSON export"),
    "stranger paid": (lambda d: valid_games(d)[1]["payouts"].update(Mallory=0), "replay gives"),
    "declarers outside": (lambda d: valid_games(d)[1]["outcome"].update(declarers=["Mallory"]),
                          "replay gives the declarers"),
    "rules key unknown": (lambda d: _ruleset(d)["rules"].update(stock_bonus=5), "not a schafkopf-score JSON export"),
    "whole Stock to one player": (lambda d: _closed_with_stock(d), "what the close booked"),
    "faked unrounded amounts": (lambda d: d["sessions"][0]["closing"]["bookings"]["settlement"].update(
        exact=d["sessions"][0]["closing"]["bookings"]["settlement"]["paid"]), "stored settlement is not what"),
    "settlement in points": (lambda d: d["sessions"][0]["closing"]["bookings"]["settlement"].update(unit="point"),
                             "stored settlement is not what"),
    "an open session before a later one": (lambda d: d["sessions"][0].update(closing=None),
                                           "the session is open, but a later session exists"),
    "seats as text": (lambda d: _ruleset(d).update(seats="4"), "a ruleset with seats = '4'"),
    "seats as a flag": (lambda d: _ruleset(d).update(seats=True), "a ruleset with seats = True"),
    "players as text": (lambda d: _ruleset(d).update(players="Anna,Ben"), "a ruleset with players = 'Anna,Ben'"),
    "a deck no family plays": (lambda d: _ruleset(d).update(deck="skat"), "a ruleset with deck = 'skat'"),
    "point value as text": (lambda d: _ruleset(d).update(point_value="5"), "a ruleset with point_value = '5'"),
    "negative point value": (lambda d: _ruleset(d).update(point_value=-5), "a ruleset with point_value = -5"),
    "currency with markup": (lambda d: _ruleset(d).update(currency="[red]"), "a ruleset with currency = '[red]'"),
    "unknown language": (lambda d: _ruleset(d).update(language="fr"), "a ruleset with language = 'fr'"),
    "ruleset a list": (lambda d: d["rulesets"].update({"1": []}), "a ruleset with ruleset = []"),
    "a session id that is no number": (lambda d: d["sessions"][0].update(id=True),
                                       "a session's id True is not a whole number"),
    "a game id that is no number": (lambda d: d["sessions"][0]["games"][0].update(id="1"),
                                    "game '1': id = '1' is not what a ledger stores"),
    "control character in a name": (lambda d: _ruleset(d)["players"].__setitem__(0, "An\x1b[31mna"),
                                    "invisible or control character"),
    # an entry met again is not looked at again: one that differs by a hidden character is
    "control character in a later entry's comment": (
        lambda d: [g["entry"].update(comment="ok") for g in valid_games(d)[:2]]
        and valid_games(d)[1]["entry"].update(comment="o\x1b[2Jk"), "invisible or control character"),
}


@pytest.fixture(params=["alone", "helpers"])
def work(request, monkeypatch):
    """How the import works the export: in one process, or in chunks of one game each, worked by
    two helper processes (``ledger.loading``): it must refuse the same, with the same words."""
    if request.param == "helpers":
        from schafkopf_score.ledger import loading

        monkeypatch.setattr(loading, "CHUNK_GAMES", 1)
        monkeypatch.setattr(loading, "_usable_cores", lambda: 2)
    return request.param


@pytest.mark.parametrize("attack", sorted(ATTACKS))
def test_an_export_that_would_break_the_ledger_is_refused_whole(make_table, export, tmp_path, attack, work):
    mutate, message = ATTACKS[attack]
    mutate(export)
    t = make_table(players=FIVE, preset="wirtshaus", name="target")
    path = tmp_path / "bad.json"
    path.write_text(as_exported(export), encoding="utf-8")  # laid out as export writes it: streamed in chunks
    r = t.run("import", str(path))
    assert r.exit_code == 2, (r.stdout, r.stderr)
    assert r.stderr.startswith("Error: ") and message in r.stderr, r.stderr
    alone = t.run("import", str(path), "--jobs", "1")  # the same refusal, word for word, from one process
    assert (alone.exit_code, alone.stderr) == (r.exit_code, r.stderr)
    assert "Traceback" not in r.output and "Internal error" not in r.stderr
    assert not t.ledger_path.exists(), "a refused import into a new table leaves no ledger file"
    assert not [p.name for p in t.path.parent.iterdir() if p.name.startswith(".target")], "no temporary left"
    # the table is as new: an add works
    t.ok("add", "wenz", "be", "70")


def test_deep_nesting_and_a_monster_line_are_refused_cleanly(make_table, tmp_path):
    t = make_table(name="target")
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    r = t.run("import", str(deep))
    assert r.exit_code == 2 and "is not a JSON export (nested too deeply)" in r.stderr, r.stderr
    huge = tmp_path / "huge.json"
    huge.write_text('{"format": "schafkopf-score-ledger", "comment": "' + "x" * (3 << 20) + '"}', encoding="utf-8")
    r = t.run("import", str(huge))
    assert r.exit_code == 2 and "a line longer than" in r.stderr, r.stderr
    assert not t.ledger_path.exists()


def test_import_never_touches_a_ledger_with_games(make_table, export, tmp_path):
    t = make_table(players=FIVE, preset="wirtshaus", name="target")
    t.ok("add", "wenz", "be", "70")
    t.ok("undo")
    before = t.ledger_bytes()
    r = t.run("import", str(write(tmp_path, export, "good.json")))
    assert r.exit_code == 2 and "already has games" in r.stderr
    assert t.ledger_bytes() == before


def _rows(path):
    """Every row of every table of a ledger file, the check marks' moments left out."""
    import sqlite3

    con = sqlite3.connect(path)
    tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")]
    out = {t: con.execute(f"SELECT * FROM {t} ORDER BY 1").fetchall() for t in tables if t not in ("meta", "verified")}
    out["verified"] = con.execute("SELECT session_id, fingerprint FROM verified ORDER BY id").fetchall()
    con.close()
    return out


def test_an_import_in_chunks_writes_the_rows_one_pass_writes(make_table, export, tmp_path, monkeypatch):
    """The rows go in chunks with the ids given by the import, worked by helper processes or by
    this one: however the chunks fall, the ledger is the same, and ``check --full`` finds it clean
    (the import replayed it as loaded, without reading it back; the check reads it back)."""
    from schafkopf_score.ledger import loading

    path = tmp_path / "good.json"
    path.write_text(as_exported(export), encoding="utf-8")
    whole = make_table(players=FIVE, preset="wirtshaus", name="whole")
    whole.ok("import", str(path))
    monkeypatch.setattr(loading, "CHUNK_GAMES", 1)
    taken = []  # the chunks taken back from helper processes
    monkeypatch.setattr(loading._Helpers, "_take", lambda self, take=loading._Helpers._take: (
        taken.append(self.ahead[0][0].first_sid), take(self))[1])
    alone = make_table(players=FIVE, preset="wirtshaus", name="alone")
    alone.ok("import", str(path), "--jobs", "1")
    batched = make_table(players=FIVE, preset="wirtshaus", name="batched")
    batched.ok("import", str(path), "--jobs", "2")
    assert taken == [1, 2], "with --jobs 2 the two sessions were chunks of their own, worked by helpers"
    assert _rows(whole.ledger_path) == _rows(alone.ledger_path) == _rows(batched.ledger_path)
    for t in (whole, alone, batched):
        report = t.json("check", "--full")
        assert report["problems"] == [] and report["replayed"] == 2
    # the ids go on after the imported ones: a closing and a new session
    batched.ok("settle", "--close")
    added = batched.json("add", "wenz", "be", "70")
    assert (added["session"], added["hand"]) == (3, 1)
    assert batched.json("check", "--full")["problems"] == []


def test_games_listed_out_of_hand_order_replay_in_hand_order(make_table, tmp_path):
    """The import replays a session's games in hand order, as the ledger gives them back, not in
    the order the file lists them."""
    source = make_table(players=FIVE, preset="wirtshaus", name="source")
    source.ok("add", "sau", "be", "co", "72")
    source.ok("add", "herzsolo", "co", "105")
    source.ok("add", "wenz", "do", "40")
    path = tmp_path / "abend.json"
    source.ok("export", "--format", "json", "--all", "--out", str(path))
    data = json.loads(path.read_text(encoding="utf-8"))
    data["sessions"][0]["games"].reverse()
    t = make_table(players=FIVE, preset="wirtshaus", name="target")
    t.ok("import", str(write(tmp_path, data)))
    assert t.json("standings")["balances"] == source.json("standings")["balances"]
    assert t.json("check", "--full")["problems"] == []


def test_an_outcome_without_its_facts_is_refused(make_table, tmp_path):
    """Every stored fact of a hand (declarers, dealer, ...) is compared with the replay; a row
    that leaves them out says what the rules do not give (only a schema-1 ledger's "{}" has none)."""
    t = make_table(name="source")
    t.ok("add", "sau", "an", "be", "72")
    t.ok("add", "wenz", "co", "70")
    path = tmp_path / "e.json"
    t.ok("export", "--format", "json", "--all", "--out", str(path))
    data = json.loads(path.read_text(encoding="utf-8"))
    for g in data["sessions"][0]["games"]:
        g["outcome"].pop("declarers")
        g["outcome"].pop("dealer")
    target = make_table(name="target")
    r = target.run("import", str(write(tmp_path, data)))
    assert r.exit_code == 2
    assert r.stderr == ("Error: In the export, session 1 hand 1: replay gives the declarers Anna and Ben, stored "
                        "nobody; nothing was imported.\nExport it again from the original ledger.\n")
    assert not target.ledger_path.exists()


def test_what_a_killed_import_left_behind_is_removed_by_the_next(make_table, export, tmp_path):
    """An import into a new table builds its ledger under a temporary name; a SIGKILL leaves that
    file (and its journal). The next import (or the next new ledger) removes such files whose
    process is gone, and leaves those of a process still running."""
    import os
    import subprocess

    t = make_table(players=FIVE, preset="wirtshaus", name="target")
    gone = subprocess.Popen(["true"])
    gone.wait()
    orphans = [t.path.parent / f".target.sqlite.{gone.pid}.abc123.import",
               t.path.parent / f".target.sqlite.{gone.pid}.abc123.import-journal"]
    running = t.path.parent / f".target.sqlite.{os.getpid()}.def456.import"
    for p in (*orphans, running):
        p.write_bytes(b"half a ledger")
    t.ok("import", str(write(tmp_path, export, "good.json")))
    assert not any(p.exists() for p in orphans)
    assert running.exists()
    running.unlink()


def _cut_after_first_session(text):
    """The export's text as a copy cut short after its first session."""
    lines = text.split("\n")
    end = next(i for i, line in enumerate(lines) if line == " ]},")
    return "\n".join(lines[: end + 1]) + "\n"


def _swap_payouts(game):
    game["payouts"] = {k: -v for k, v in game["payouts"].items()}


def _plain(session):
    """A valid game of a session that was never restated (its payouts are the ones replayed)."""
    return next(g for g in session["games"] if not g["void"] and not g["restatements"])


COMBINED = {  # two things wrong: the one a single pass meets first is the one refused
    "open session, then a bad entry in the next": (
        lambda d: (d["sessions"][0].update(closing=None), d["sessions"][1]["games"][0].update(entry="x")),
        None, "has no valid entry"),
    "open session, then a bad replay in the next": (
        lambda d: (d["sessions"][0].update(closing=None), _swap_payouts(d["sessions"][1]["games"][0])),
        None, "the session is open, but a later session exists"),
    "a bad replay, then a session twice": (
        lambda d: (_plain(d["sessions"][0])["outcome"].update(declarers=["Mallory"]),
                   d["sessions"].append(dict(d["sessions"][0]))),
        None, "session 1 hand 3: replay gives the declarers"),
    "a session twice, then a bad replay": (
        lambda d: (d["sessions"].insert(1, dict(d["sessions"][0])), _swap_payouts(d["sessions"][2]["games"][0])),
        None, "the session 1 is in the export twice"),
    "a bad replay, then the text cut short": (
        lambda d: _plain(d["sessions"][0])["outcome"].update(declarers=["Mallory"]), _cut_after_first_session,
        "session 1 hand 3: replay gives the declarers"),
    "the text cut short": (lambda d: None, _cut_after_first_session, "The export breaks off before its end"),
    "a stray line after the end": (lambda d: None, lambda text: text + "{}\n", "unexpected line '{}'"),
}


@pytest.mark.parametrize("case", sorted(COMBINED))
def test_helpers_refuse_what_one_pass_meets_first(make_table, export, tmp_path, monkeypatch, case):
    """Chunks worked side by side by helpers still refuse the first thing a single pass over the
    export meets (checks reaching across chunks included), in the same words."""
    from schafkopf_score.ledger import loading

    mutate, cut, message = COMBINED[case]
    mutate(export)
    text = as_exported(export)
    path = tmp_path / "bad.json"
    path.write_text(cut(text) if cut else text, encoding="utf-8")
    one = make_table(players=FIVE, preset="wirtshaus", name="one")
    alone = one.run("import", str(path), "--jobs", "1")
    monkeypatch.setattr(loading, "CHUNK_GAMES", 1)
    helped = make_table(players=FIVE, preset="wirtshaus", name="helped").run("import", str(path), "--jobs", "2")
    assert alone.exit_code == helped.exit_code == 2
    assert message in alone.stderr, alone.stderr
    assert helped.stderr == alone.stderr


def test_an_empty_line_among_the_games_is_no_export(make_table, export, tmp_path):
    lines = as_exported(export).split("\n")
    lines.insert(2, "")  # between the first session's head and its first game
    path = tmp_path / "blank.json"
    path.write_text("\n".join(lines), encoding="utf-8")
    t = make_table(players=FIVE, preset="wirtshaus", name="target")
    r = t.run("import", str(path))
    assert r.exit_code == 2
    assert r.stderr == ("Error: The file is not a schafkopf-score JSON export (unexpected line '').\n"
                        "Give a file written by: schafkopf export --format json --out FILE.\n")


def test_an_export_saved_with_a_byte_order_mark_imports(make_table, export, tmp_path):
    """Some editors put a byte order mark before the text they save: that is no error."""
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + as_exported(export).encode("utf-8"))
    t = make_table(players=FIVE, preset="wirtshaus", name="target")
    t.ok("import", str(path))
    assert t.json("check", "--full")["problems"] == []


def test_an_import_into_a_folder_that_may_not_be_written_says_so(make_table, export, tmp_path, monkeypatch):
    """A read-only disk or share (os.access says no; root on a read-only mount included): the
    import names the folder, not a damaged ledger, and makes nothing."""
    import os

    path = tmp_path / "good.json"
    path.write_text(as_exported(export), encoding="utf-8")
    t = make_table(players=FIVE, preset="wirtshaus", name="target")
    real = os.access
    monkeypatch.setattr(os, "access", lambda p, mode, **kw: False if mode == os.W_OK and str(p).startswith(
        str(tmp_path)) and os.path.isdir(p) else real(p, mode, **kw))  # (its copies in other languages too)
    r = t.run("import", str(path))
    assert r.exit_code == 2
    assert r.stderr == (f"Error: The ledger {t.ledger_path} cannot be made: its folder may not be written; nothing "
                        "was imported.\nKeep the table file in a folder that may be written, or name another place "
                        "for its ledger with ledger = \"...\" in it.\n")
    assert not t.ledger_path.exists()


def _repeated(data, change=None):
    """The closed first evening again (new ids), before the open one: a season repeats its
    evenings; ``change`` alters the repeat's closing."""
    import copy

    again = copy.deepcopy(data["sessions"][0])
    again["id"] = 1 + max(s["id"] for s in data["sessions"])
    shift = 1 + max(g["id"] for s in data["sessions"] for g in s["games"])
    for g in again["games"]:
        g["id"] += shift
        if g["replaces"] is not None:
            g["replaces"] += shift
    if change is not None:
        change(again["closing"])
    data["sessions"].insert(1, again)
    return data


@pytest.mark.parametrize("work", ["alone", "helpers"], indirect=True)
def test_a_repeated_evening_is_checked_as_the_first(make_table, export, tmp_path, work):
    """An evening that repeats an earlier one imports (its hands and settlement remembered);
    the same evening whose closing stores a balance of another type (610.0 for 610) is refused
    as the first would be, never passed on what was remembered of the first."""
    t = make_table(players=FIVE, preset="wirtshaus", name="target")
    path = tmp_path / "season.json"
    path.write_text(as_exported(_repeated(json.loads(json.dumps(export)))), encoding="utf-8")
    r = t.run("import", str(path))
    assert r.exit_code == 0, r.stderr
    t.ok("check", "--full")
    name = next(iter(export["sessions"][0]["closing"]["balances"]))

    def floated(closing):
        closing["balances"][name] = float(closing["balances"][name])
        closing["bookings"]["settlement"]["paid"][name] = float(closing["bookings"]["settlement"]["paid"][name])

    bad = make_table(players=FIVE, preset="wirtshaus", name="bad")
    path.write_text(as_exported(_repeated(json.loads(json.dumps(export)), floated)), encoding="utf-8")
    r = bad.run("import", str(path))
    assert r.exit_code == 2 and "session 2: the stored settlement cannot be worked out again" in r.stderr, r.stderr
    alone = bad.run("import", str(path), "--jobs", "1")
    assert (alone.exit_code, alone.stderr) == (r.exit_code, r.stderr)


@pytest.mark.parametrize("games, says", [
    ("twice", None),  # imports, as before
    ([], "session 1 hand 1: does not replay: This table does not play Sauspiel."),  # refused at the replay, as before
])
def test_an_export_whose_ruleset_lists_a_game_twice_or_none_is_read_as_before(make_table, export, tmp_path, games,
                                                                               says):
    """A table file may no longer list a game twice, nor none, but exports written before held
    such rulesets (``solo`` and ``farbsolo`` were stored as ``solo`` twice): the import reads
    them as it did (it said "not a schafkopf-score JSON export (games names 'solo' twice)")."""
    rules = _ruleset(export)["rules"]
    rules["games"] = [*rules["games"], rules["games"][-1]] if games == "twice" else games
    t = make_table(players=FIVE, preset="wirtshaus", name="target")
    r = t.run("import", str(write(tmp_path, export, "older.json")))
    if says is None:
        assert r.exit_code == 0, r.stderr
        t.ok("check")
    else:
        assert r.exit_code == 2 and says in r.stderr, r.stderr


@pytest.fixture
def paid_and_reopened(make_table, tmp_path):
    """An evening with an early payout (settle --player), an edit, and a close that was reopened
    and closed again, exported as JSON; and a table of the same content to import it into."""
    t = make_table(name="source")
    t.ok("add", "sau", "an", "be", "72")
    t.ok("add", "wenz", "co", "80")
    t.ok("settle", "--player", "Cora")
    t.ok("add", "sau", "do", "an", "61")
    t.ok("add", "herzsolo", "be", "90")
    t.ok("void", "3")
    t.ok("edit", "1", "sau", "an", "be", "80")
    t.ok("settle", "--close", "--round", "50")
    t.ok("settle", "--reopen", "1", "--reason", "hand 2 was a Wenz Tout")
    t.ok("settle", "--close")
    path = tmp_path / "abend.json"
    t.ok("export", "--format", "json", "--all", "--out", str(path))
    return json.loads(path.read_text(encoding="utf-8")), make_table(name="target")


def _edited(data):
    return next(g for g in data["sessions"][0]["games"] if g["void"] and g["void"]["kind"] == "edit")


def _voided(data):
    return next(g for g in data["sessions"][0]["games"] if g["void"] and g["void"]["kind"] == "void")


def _edit(data):
    return next(g for g in data["sessions"][0]["games"] if g["replaces"] is not None)


def _payment(data):
    return data["sessions"][0]["payments"][0]


def _set_aside(data):
    return data["sessions"][0]["reopened_closings"][0]["bookings"]["settlement"]


PAYOUT = "Error: In the export, session 1: the payout of Cora during the session does not add up; nothing was " \
         "imported.\nExport it again from the original ledger.\n"
NOT_AN_EXPORT = "Error: The file is not a schafkopf-score JSON export ({}).\nGive a file written by: " \
                "schafkopf export --format json --out FILE.\n"

PAID_AND_REOPENED_ATTACKS = {
    # an early payout in whole cents, booked after a hand of its session
    "payout in fractions of a cent": (lambda d: _payment(d)["amounts"].update(
        {k: float(v) for k, v in _payment(d)["amounts"].items()}), PAYOUT),
    "payout's transfer in fractions of a cent": (lambda d: _payment(d)["transfers"][0].update(
        amount=float(_payment(d)["transfers"][0]["amount"])), PAYOUT),
    "payout after a hand the session never had": (lambda d: _payment(d).update(hand=99), PAYOUT),
    "payout before the first hand": (lambda d: _payment(d).update(hand=-1), PAYOUT),
    "payout's hand as text": (lambda d: _payment(d).update(hand="2"), PAYOUT),
    "payout's hand huge": (lambda d: _payment(d).update(hand=10**30), PAYOUT),
    # a closing a reopening set aside is kept as it was paid: its transfers clear its amounts
    "set-aside closing's transfers do not clear": (lambda d: _set_aside(d)["transfers"][0].update(amount=1),
        "Error: In the export, session 1: the transfers stored at the close do not clear the amounts paid; "
        "nothing was imported.\nExport it again from the original ledger.\n"),
    "set-aside closing's amounts do not sum to zero": (lambda d: _set_aside(d)["paid"].update(Anna=0),
        "Error: In the export, session 1: the amounts paid at the close sum to "),
    # an edit replaces an earlier row of its hand that was voided as edited, and only such a row
    "a plain void marked as an edit": (lambda d: _voided(d)["void"].update(kind="edit"),
                                       NOT_AN_EXPORT.format("game 3: void = 'edit' is not what a ledger stores")),
    "an edited row marked as voided": (lambda d: _edited(d)["void"].update(kind="void"),
                                       NOT_AN_EXPORT.format("game 5: replaces = 1 is not what a ledger stores")),
    "an edit replacing itself": (lambda d: _edit(d).update(replaces=_edit(d)["id"]),
                                 NOT_AN_EXPORT.format("game 5: replaces = 5 is not what a ledger stores")),
    "an edit replacing another hand": (lambda d: _edit(d).update(hand=2),
                                       NOT_AN_EXPORT.format("game 5: replaces = 1 is not what a ledger stores")),
    "an edit replacing a game the export lacks": (lambda d: _edit(d).update(replaces=999),
                                                  NOT_AN_EXPORT.format("game 5: replaces = 999 is not what a "
                                                                       "ledger stores")),
}


@pytest.mark.parametrize("attack", sorted(PAID_AND_REOPENED_ATTACKS))
def test_payouts_set_aside_closings_and_edits_are_checked_as_the_ledger_holds_them(paid_and_reopened, tmp_path,
                                                                                   attack):
    data, t = paid_and_reopened
    mutate, message = PAID_AND_REOPENED_ATTACKS[attack]
    mutate(data)
    r = t.run("import", str(write(tmp_path, data)))
    assert r.exit_code == 2, (r.stdout, r.stderr)
    assert r.stderr.startswith(message), r.stderr
    assert not t.ledger_path.exists()


def test_the_paid_and_reopened_evening_imports_whole(paid_and_reopened, tmp_path):
    data, t = paid_and_reopened
    t.ok("import", str(write(tmp_path, data)))
    assert t.json("check", "--full")["problems"] == []
    again = tmp_path / "again.json"
    t.ok("export", "--format", "json", "--all", "--out", str(again))
    assert data["sessions"][0]["payments"] and data["sessions"][0]["reopened_closings"]
    data["table"]["name"] = "target"
    assert {**json.loads(again.read_text(encoding="utf-8")), "exported_at": None} == {**data, "exported_at": None}


def german_export(make_table, tmp_path, *step):
    """The JSON export of a German evening: one Sauspiel, then ``step`` (a command's words)."""
    source = make_table(name="source", language="de")
    source.ok("add", "sau", "an", "be", "72")
    source.ok(*step)
    path = tmp_path / "abend.json"
    source.ok("export", "--format", "json", "--all", "--out", str(path))
    return json.loads(path.read_text(encoding="utf-8"))


def test_a_payout_in_fractions_of_a_cent_is_refused_in_german(make_table, tmp_path):
    data = german_export(make_table, tmp_path, "settle", "--player", "Anna")
    data["sessions"][0]["payments"][0]["amounts"]["Anna"] = -10.0
    t = make_table(name="target", language="de")
    r = t.run("import", str(write(tmp_path, data)))
    assert r.exit_code == 2
    assert r.stderr.startswith("Fehler: Im Export, Abend 1: die Auszahlung von Anna während des Abends geht "
                               "nicht auf"), r.stderr
    assert not t.ledger_path.exists()


@pytest.fixture
def cup(tmp_path):
    """A tournament of eight exported as JSON: table 1 played two hands, table 2 gave paper totals
    and replaced them; and a tournament file of the same content to import it into."""
    from tests.app.test_tournament import EIGHT, seats, tournament

    t = tournament(tmp_path, EIGHT, extra='seed = "r"\ngames_per_round = 4')
    t.ok("tournament", "draw")
    one, two = seats(t)[1], seats(t)[2]
    t.ok("add", "--tisch", "1", "weiter")
    t.ok("add", "--tisch", "1", "wenz", one[1], "80")
    t.ok("tournament", "enter", "--tisch", "2", "--totals", f"{two[0]}=12,{two[1]}=-4,{two[2]}=-8,{two[3]}=0")
    t.ok("tournament", "enter", "--tisch", "2", "--totals", f"{two[0]}=10,{two[1]}=-2,{two[2]}=-8,{two[3]}=0",
         "--replace", "--reason", "typo")
    path = tmp_path / "cup.json"
    t.ok("export", "--format", "json", "--out", str(path))
    return json.loads(path.read_text(encoding="utf-8")), tournament(tmp_path, EIGHT, extra='seed = "r"\n'
                                                                     'games_per_round = 4', name="copy"), two


def _totals(data, kind):
    return next(e["data"] for e in data["tournament_events"] if e["kind"] == kind)


TOTALS_ATTACKS = {
    "totals that do not sum to zero": (lambda d, two: _totals(d, "totals_replace")["totals"].update({two[0]: 99}),
                                       "round 1, table 2: the paper totals sum to +89, not zero"),
    "totals of a stranger": (lambda d, two: _totals(d, "totals")["totals"].update(Mallory=0),
                             "round 1, table 2: the paper totals do not name each player of the table ({}) once"),
    "totals leaving a player out": (lambda d, two: _totals(d, "totals")["totals"].pop(two[3]),
                                    "round 1, table 2: the paper totals do not name each player of the table ({}) "
                                    "once"),
    "a replacement with nothing to replace": (
        lambda d, two: d["tournament_events"].remove(next(e for e in d["tournament_events"] if e["kind"] == "totals")),
        "round 1, table 2: paper totals ('totals_replace') where no program records them"),
    "totals beside the hands of a table": (
        lambda d, two: [e["data"].update(session=1, tisch=1) for e in d["tournament_events"]
                        if e["kind"] in ("totals", "totals_replace")],
        "round 1, table 1: the paper totals do not name each player of the table"),
}


@pytest.mark.parametrize("attack", sorted(TOTALS_ATTACKS))
def test_a_tables_paper_totals_are_checked_as_enter_checks_them(cup, tmp_path, attack):
    data, t, two = cup
    mutate, message = TOTALS_ATTACKS[attack]
    mutate(data, two)
    r = t.run("import", str(write(tmp_path, data)))
    assert r.exit_code == 2, (r.stdout, r.stderr)
    assert r.stderr.startswith("Error: The file is not a schafkopf-score JSON export (" +
                               message.format(", ".join(two))), r.stderr
    assert not t.ledger_path.exists()


def test_paper_totals_beside_hands_are_refused(cup, tmp_path):
    data, t, two = cup
    one = next(tab["players"] for tab in data["rounds"][0]["tables"] if tab["tisch"] == 1)
    for e in data["tournament_events"]:
        if e["kind"] in ("totals", "totals_replace"):
            e["data"].update(session=1, tisch=1, totals={one[0]: 1, one[1]: -1, one[2]: 0, one[3]: 0})
    r = t.run("import", str(write(tmp_path, data)))
    assert r.exit_code == 2
    assert r.stderr.startswith("Error: The file is not a schafkopf-score JSON export (round 1, table 1: paper totals "
                               "('totals') where no program records them (totals entered twice, replaced or voided "
                               "where none are in force, or beside hands))."), r.stderr
    assert not t.ledger_path.exists()


def test_the_cup_imports_whole(cup, tmp_path):
    data, t, two = cup
    t.ok("import", str(write(tmp_path, data)))
    assert t.json("check", "--full")["problems"] == []
    ranking = t.json("tournament", "ranking")
    assert {p["player"]: p["points"] for p in ranking["ranking"]}[two[0]] == 10


@pytest.mark.parametrize("hand", [10**30, "7", 2.0, -1])
def test_a_seating_changes_hand_that_no_ledger_stores_is_named_in_the_tables_language(make_table, tmp_path, hand):
    data = german_export(make_table, tmp_path, "player", "add", "Emil")
    data["seating_changes"][0]["hand"] = hand
    t = make_table(name="target", language="de", players=[*FIVE])
    r = t.run("import", str(write(tmp_path, data)))
    assert r.exit_code == 2
    assert r.stderr == (f"Fehler: Die Datei ist kein JSON-Export von schafkopf-score (seating_changes: hand = {hand!r} "
                        "ist keine ganze Zahl, wie ein Spielbuch sie speichert).\nGib eine Datei an, die so geschrieben "
                        "wurde: schafkopf export --format json --out DATEI.\n")
    assert not t.ledger_path.exists()


def test_a_huge_round_number_is_named_whole(cup, tmp_path):
    data, t, two = cup
    data["rounds"][0]["round"] = 10**30
    r = t.run("import", str(write(tmp_path, data)))
    assert r.exit_code == 2
    assert r.stderr.startswith("Error: The file is not a schafkopf-score JSON export (rounds: round = "
                               f"{10**30} is not a whole number a ledger stores)."), r.stderr
    assert not t.ledger_path.exists()


def test_a_restated_games_first_row_sums_to_zero(make_table, tmp_path):
    """A game restated by a correction before it keeps the row it was stored with: that row (as
    every restatement) sums to zero too, not only the row in force."""
    stock = {'all_pass = "ramsch"': 'all_pass = "stock"'}
    source = make_table(preset="wirtshaus", replace=stock, name="source")
    source.ok("add", "weiter")
    source.ok("add", "sau", "an", "be", "72")  # won: takes the Stock
    source.ok("void", "1")  # hand 2 restated: no Stock to take
    path = tmp_path / "abend.json"
    source.ok("export", "--format", "json", "--all", "--out", str(path))
    data = json.loads(path.read_text(encoding="utf-8"))
    restated = data["sessions"][0]["games"][1]
    assert restated["restatements"], restated
    restated["payouts"]["Anna"] += 40
    t = make_table(preset="wirtshaus", replace=stock, name="target")
    r = t.run("import", str(write(tmp_path, data)))
    assert r.exit_code == 2
    assert r.stderr == ("Error: The file is not a schafkopf-score JSON export (game 2: a row it was stored or restated "
                        "with sums to +40, not zero).\nGive a file written by: schafkopf export --format json --out "
                        "FILE.\n")
    assert not t.ledger_path.exists()
    restated["payouts"]["Anna"] -= 40
    t.ok("import", str(write(tmp_path, data)))


def test_sessions_that_are_no_list_are_refused_in_the_programs_words(make_table, export, tmp_path):
    """Where a list belongs, a number: the refusal said Python's words ("'int' object is not
    iterable"), in English on every table."""
    t = make_table(players=FIVE, preset="wirtshaus", name="target")
    for sessions in (5, {"a": 1}):
        r = t.run("import", str(write(tmp_path, {**export, "sessions": sessions})))
        assert (r.exit_code, r.stderr) == (2, "Error: The file is not a schafkopf-score JSON export (a field holds a "
                                              "number or a text where an export writes a list or a table, or the other "
                                              "way round).\nGive a file written by: schafkopf export --format json "
                                              "--out FILE.\n"), r.stderr
        assert not t.ledger_path.exists()
