"""``schafkopf rating`` (RULES §13, issue 37) through the command line.

The ratings of a hand-checked season (three evenings at a table of five, with a Solo, a Wenz,
Ramsch lost and a Durchmarsch, a Hochzeit, a Bettel, an undo, an edit and a rename) are
computed again here, independently, from the ledger's JSON export with openskill's public
``PlackettLuce.rate`` and the documented parameters: the sides as they were, the smaller side
filled with average players, each hand weighted by its worth. Then: the counts worked by hand,
a correction that changes the ratings, the other families' sides, a tournament, the JSON shape
and the refusals."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from tests.conftest import Table

FIVE = ["Anna", "Ben", "Cora", "Dora", "Emil"]

# the documented model (docs/guide/insights.md): openskill's defaults, written out
MU, SIGMA, BETA, KAPPA, TAU = 25.0, 25.0 / 3.0, 25.0 / 6.0, 0.0001, 25.0 / 300.0


def independent_ratings(export: dict, thrown_in=("weiter",), everyone=("ramsch",), base_key="sauspiel") -> dict:
    """Every player's (mu, sigma, hands) from a JSON export, hand by hand with ``rate``."""
    model = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, kappa=KAPPA, tau=TAU)
    renamed = {c["name"]: c["other"] for c in export.get("seating_changes", []) if c["kind"] == "rename"}
    skill: dict[str, tuple[float, float]] = {}
    hands: dict[str, int] = {}
    for session in export["sessions"]:
        for game in sorted(session["games"], key=lambda g: (g["hand"], g["id"])):
            if game["void"] is not None or game["game"] in thrown_in:
                continue
            last = game["restatements"][-1] if game["restatements"] else game
            outcome, payouts = last["outcome"], {renamed.get(n, n): v for n, v in last["payouts"].items()}
            declarers = [renamed.get(n, n) for n in outcome["declarers"]]
            active = list(payouts)
            if game["game"] in everyone:  # every player for himself: the loser last, a winner first
                first = declarers[0]
                others = [[n] for n in active if n != first]
                teams = [[first], *others] if outcome["won"] else [*others, [first]]
                ranks = [0] + [1] * len(others) if outcome["won"] else [0] * len(others) + [1]
            else:
                against = [n for n in active if n not in declarers]
                teams = [declarers, against] if outcome["won"] else [against, declarers]
                ranks = [0, 1]
            # what the hand was worth: half a hand more per doubling of the plain game, at most 2.5
            base = export["rulesets"][str(game["ruleset"])]["tariff"].get(base_key, 1)
            doublings = 0
            while base * 2 ** (doublings + 1) <= outcome["value"]:
                doublings += 1
            w = 1 + 0.5 * min(doublings, 3)
            size = max(len(t) for t in teams)
            objs = [[model.rating(*skill.get(n, (MU, SIGMA))) for n in t] + [model.rating(MU, 0.0)
                                                                            for _ in range(size - len(t))]
                    for t in teams]
            out = model.rate(objs, ranks=ranks)
            for t, new in zip(teams, out, strict=True):
                for n, r in zip(t, new, strict=False):
                    mu, sigma = skill.get(n, (MU, SIGMA))
                    widened = math.sqrt(sigma * sigma + TAU * TAU)
                    skill[n] = (mu + w * (r.mu - mu), widened * (r.sigma / widened) ** w if w != 1 else r.sigma)
                    hands[n] = hands.get(n, 0) + 1
    return {n: (mu, sigma, hands[n]) for n, (mu, sigma) in skill.items()}


def as_shown(ratings: dict) -> list[dict]:
    rows = [{"player": n, "rating": round(mu, 1) + 0.0, "low": round(mu - 2 * s, 1) + 0.0,
             "high": round(mu + 2 * s, 1) + 0.0, "hands": h, "provisional": h < 30}
            for n, (mu, s, h) in sorted(ratings.items(), key=lambda kv: (-kv[1][0], kv[0]))]
    return rows


def season(make_table) -> Table:
    """Three evenings at a table of five (four play, the dealer sits out), worked by hand below."""
    t = make_table(players=FIVE, preset="wirtshaus", tariff="10/50", language="en")
    evening = [  # the dealer sits out: Anna, Ben, Cora, Dora, Emil, Anna, Ben
        ("sau", "be", "co", "72", "l3", "k"),  # Ben+Cora win 80 each: weight 2.5 (80 = 8 x 10)
        ("herzsolo", "co", "105", "l4"),  # Cora's Solo, 100 per opponent: 2.5
        ("ramsch", "--loser", "an"),  # 10 each: 1
        ("wenz", "em", "30"),  # Emil's Wenz lost, 60 per opponent: 2
        ("bettel", "be", "--won"),  # 30: 1.5
        ("hochzeit", "--player", "em", "--partner", "co", "--augen", "40"),  # Emil+Cora lose 10: 1
        ("ramsch", "--durchmarsch", "co"),  # Cora takes every trick: first
    ]
    for n in range(3):
        for hand in evening:
            t.ok("add", *hand)
        if n == 1:
            t.ok("undo", "--reason", "entered twice")  # the Durchmarsch of evening 2 voided
            t.ok("edit", "1", "sauspiel", "--player", "Ben", "--partner", "Dora", "--augen", "50",
                 "--reason", "Dora, and lost")
        t.ok("settle", "--close")
        if n == 1:
            t.ok("player", "rename", "Emil", "Emilio")
    return t


def test_the_ratings_equal_openskill_hand_by_hand_from_the_ledger(make_table):
    t = season(make_table)
    export = json.loads(t.ok("export", "--all", "--format", "json").stdout)
    expected = as_shown(independent_ratings(export))
    data = t.json("rating")
    assert [{k: r[k] for k in ("player", "rating", "low", "high", "hands", "provisional")} for r in data["ratings"]] \
        == expected
    # hands counted by hand: 7 + 6 + 7 = 20 hands, each played by four of the five
    assert data["hands"] == 20 and data["sessions"] == 3
    assert sum(r["hands"] for r in data["ratings"]) == 80
    assert {r["player"] for r in data["ratings"]} == {"Anna", "Ben", "Cora", "Dora", "Emilio"}  # renamed: one player
    assert all(r["provisional"] for r in data["ratings"])  # nobody has 30 hands yet
    # best first, and the history ends where the rating is
    assert [r["rating"] for r in data["ratings"]] == sorted((r["rating"] for r in data["ratings"]), reverse=True)
    assert all("history" not in r for r in data["ratings"])  # the history comes with --chart
    charted = t.json("rating", "--chart")
    assert [{k: v for k, v in r.items() if k != "history"} for r in charted["ratings"]] == data["ratings"]
    for r in charted["ratings"]:
        assert r["history"][-1]["rating"] == r["rating"] and r["history"][-1]["hands"] == r["hands"]
        assert [p["session"] for p in r["history"]] == sorted({p["session"] for p in r["history"]})
    # Ben played in every evening: a point after each, the hands counted up
    ben = next(r for r in charted["ratings"] if r["player"] == "Ben")
    assert [(p["session"], p["hands"]) for p in ben["history"]] == [(1, 5), (2, 10), (3, 15)]
    assert data["model"]["mu"] == MU and data["model"]["provisional_hands"] == 30


def test_one_won_sauspiel_moves_the_winners_up_as_openskill_says(make_table):
    t = make_table(language="en")
    t.ok("add", "sau", "an", "be", "72")
    rows = {r["player"]: r for r in t.json("rating")["ratings"]}
    model = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, kappa=KAPPA, tau=TAU)
    (a, _), (c, _) = model.rate([[model.rating(), model.rating()], [model.rating(), model.rating()]], ranks=[0, 1])
    assert (rows["Anna"]["rating"], rows["Anna"]["low"], rows["Anna"]["high"]) == (27.0, 10.6, 43.3)
    assert rows["Anna"]["rating"] == round(a.mu, 1) and rows["Cora"]["rating"] == round(c.mu, 1) == 23.0
    assert rows["Ben"]["rating"] == rows["Anna"]["rating"] and rows["Dora"] == {**rows["Cora"], "player": "Dora"}


def test_a_correction_changes_the_ratings_and_the_same_ledger_gives_the_same_figures(make_table):
    t = season(make_table)
    before = t.ok("rating", "--json").stdout
    # another process, from scratch: the same figures to the last digit
    fresh = subprocess.run([sys.executable, "-m", "schafkopf_score", "--table", str(t.path), "rating", "--json"],
                           capture_output=True, text=True, check=True)
    assert fresh.stdout == before
    t.ok("add", "sau", "do", "em", "90")
    t.ok("undo", "--reason", "wrong table")
    assert t.json("rating")["ratings"] == json.loads(before)["ratings"]  # a voided hand counts for nothing
    t.ok("add", "wenz", "do", "100")
    after = t.json("rating")
    assert after != json.loads(before)
    assert {r["player"]: r["hands"] for r in after["ratings"]}["Dora"] == \
        {r["player"]: r["hands"] for r in json.loads(before)["ratings"]}["Dora"] + 1


def test_rating_lists_the_players_seated_now_and_all_of_them_with_all(make_table):
    t = make_table(language="en")
    t.ok("add", "sau", "an", "be", "72")
    t.ok("player", "add", "Emil")
    t.ok("player", "leave", "Dora")
    assert [r["player"] for r in t.json("rating")["ratings"]] == ["Anna", "Ben", "Cora"]
    assert [r["player"] for r in t.json("rating", "--all")["ratings"]] == ["Anna", "Ben", "Cora", "Dora"]


def test_rating_text_at_80_and_120_columns_and_piped(make_table):
    t = season(make_table)
    for width in (80, 120):
        r = t.runner.invoke(__import__("schafkopf_score.cli.app", fromlist=["app"]).app,
                            ["--table", str(t.path), "rating", "--chart"], env={"COLUMNS": str(width)})
        assert r.exit_code == 0, r.output
        lines = r.stdout.splitlines()
        assert lines[0] == "Ratings at test: 20 hands rated in 3 sessions"
        assert max(len(line) for line in lines) <= width
        assert "\x1b" not in r.stdout  # piped: plain characters, no colour
        assert all(ch.isascii() for line in lines[lines.index("") + 1:] for ch in line)  # the chart in ASCII
        assert "Provisional: fewer than 30 rated hands; luck still outweighs skill." in lines
        assert any("A Anna" in line and "B Ben" in line for line in lines)  # the legend
        assert lines[-3].strip().startswith("+--")
        assert "#1" in lines[-2] and "#3" in lines[-2] and "session" in lines[-2]
        row = next(line for line in lines if "Ben" in line and "(provisional)" in line)
        assert row.split()[1:4] == ["1", "│", "Ben"] and "39.9" in row and "27.4 - 52.4" in row


@pytest.mark.parametrize("family,players,hands,expected", [
    # Sheepshead: picker and partner against three (one average player fills the pair), alone
    # against four, a leaster every player for himself (the winner first)
    ("sheepshead", FIVE, [("pick", "--player", "an", "--partner", "be", "--augen", "70"),
                          ("pick", "--player", "co", "--alone", "--augen", "40"),
                          ("leaster", "--winner", "do")], {"Anna": 3, "Ben": 3, "Cora": 3, "Dora": 3, "Emil": 3}),
    # Deutscher: the pairs drawn, pair against pair
    ("deutscher", FIVE[:4], [("spiel", "--player", "an", "--partner", "co", "--augen", "70")],
     {"Anna": 1, "Ben": 1, "Cora": 1, "Dora": 1}),
])
def test_the_other_families_play_their_own_sides(make_table, family, players, hands, expected):
    extra = {'partners = "per_game"': 'partners = "fixed"'} if family == "deutscher" else None
    t = make_table(players=players, family=family, language="en", replace=extra)
    for hand in hands:
        t.ok("add", *hand)
    data = t.json("rating")
    assert {r["player"]: r["hands"] for r in data["ratings"]} == expected
    export = json.loads(t.ok("export", "--all", "--format", "json").stdout)
    shown = as_shown(independent_ratings(export, thrown_in=("doubler", "draw"), everyone=("leaster",),
                                         base_key="none"))
    assert [{k: r[k] for k in ("player", "rating", "low", "high", "hands")} for r in data["ratings"]] == \
        [{k: r[k] for k in ("player", "rating", "low", "high", "hands")} for r in shown]


def test_a_tournament_rates_every_table_of_every_round(tmp_path):
    from tests.app.test_tournament import tournament

    t = tournament(tmp_path, players=["Anna", "Ben", "Cora", "Dora", "Emil", "Fritz", "Gabi", "Hans"],
                   extra='games_per_round = 2\nseed = "s"')
    t.ok("tournament", "draw")
    tables = {x["tisch"]: x["players"] for x in t.json("tournament", "tables")["tables"]}
    for tisch, seated in tables.items():
        t.ok("add", "--tisch", str(tisch), "sau", seated[0], seated[1], "72")
    data = t.json("rating")
    assert data["hands"] == 2 and len(data["ratings"]) == 8
    winners = {n for seated in tables.values() for n in seated[:2]}
    assert {r["player"] for r in data["ratings"][:4]} == winners


def test_an_empty_ledger_has_no_ratings_yet(make_table):
    t = make_table(language="en")
    assert t.ok("rating").stdout == "No rating yet: the ratings begin with the first hand played.\n"
    assert t.json("rating")["ratings"] == []


def test_the_rater_equals_openskills_public_update_bit_for_bit():
    """The rater's own update (``plackett_luce``) gives the figures of the library's public
    ``rate`` (``Rater(reference=True)``), history and all, over every kind of side."""
    from schafkopf_score.insights.hands import HandFacts
    from schafkopf_score.insights.rating import Rater

    four = {"A": 0, "B": 0, "C": 0, "D": 0}
    hands = [
        HandFacts(1, 1, "", "sauspiel", ("A", "B"), True, 10, four, 10, False, False, "cent"),
        HandFacts(1, 2, "", "solo", ("C",), True, 70, four, 10, False, False, "cent"),  # 1 v 3, weight 2
        HandFacts(1, 3, "", "ramsch", ("D",), False, 10, four, 10, True, False, "cent"),  # the loser last
        HandFacts(2, 1, "", "ramsch", ("B",), True, 10, four, 10, True, False, "cent"),  # a Durchmarsch first
        HandFacts(2, 2, "", "wenz", ("A",), False, 640, four, 10, False, False, "cent"),  # weight 2.5
    ] * 5
    fast, public = Rater(), Rater(reference=True)
    for rater in (fast, public):
        for hand in hands:
            rater.add_hand(hand)
    a, b = fast.result(), public.result()
    assert [(p.name, p.mu, p.sigma, p.hands) for p in a.players] == [(p.name, p.mu, p.sigma, p.hands) for p in b.players]
    assert [p.history for p in a.players] == [p.history for p in b.players]
    assert {p.name: p.hands for p in a.players} == {"A": 25, "B": 25, "C": 25, "D": 25}


SIDES = st.sampled_from(["sauspiel", "solo", "ramsch_lost", "durchmarsch", "three_two", "five"])


@settings(max_examples=150, deadline=None)
@example([("sauspiel", ["E", "C", "B", "A", "D"], True, 10), ("ramsch_lost", ["B", "A", "C", "E", "D"], False, 40),
          ("ramsch_lost", ["E", "B", "C", "A", "D"], False, 10), ("durchmarsch", ["E", "B", "C", "D", "A"], False, 40),
          ("sauspiel", ["E", "B", "C", "D", "A"], True, 10), ("ramsch_lost", ["A", "B", "C", "E", "D"], False, 10),
          ("sauspiel", ["A", "B", "C", "D", "E"], False, 10)])  # sigma squared as x * x missed the last bit here
@given(st.lists(st.tuples(SIDES, st.permutations(["A", "B", "C", "D", "E"]), st.booleans(),
                          st.sampled_from([10, 20, 40, 80, 160, 640])), min_size=1, max_size=60))
def test_the_rater_equals_openskills_public_update_for_any_season(hands):
    """Any run of hands of every kind of side (two against two, one against three with
    average players, each for himself won and lost, two against three, one against four),
    weighed 1 to 2.5: the rater's figures are the library's public ``rate``'s, bit for bit."""
    from schafkopf_score.insights.hands import HandFacts
    from schafkopf_score.insights.rating import Rater

    facts = []
    for n, (kind, order, won, value) in enumerate(hands):
        a, b, c, d, e = order
        five = {a: 0, b: 0, c: 0, d: 0, e: 0}
        four = {a: 0, b: 0, c: 0, d: 0}
        declarers, payouts, everyone = {
            "sauspiel": ((a, b), four, False), "solo": ((a,), four, False), "ramsch_lost": ((a,), four, True),
            "durchmarsch": ((a,), five, True), "three_two": ((a, b), five, False), "five": ((a,), five, False),
        }[kind]
        won_here = False if kind == "ramsch_lost" else True if kind == "durchmarsch" else won
        facts.append(HandFacts(1 + n // 7, n, "", kind, declarers, won_here, value, payouts, 10, everyone, False,
                               "cent"))
    fast, public = Rater(), Rater(reference=True)
    for rater in (fast, public):
        for hand in facts:
            rater.add_hand(hand)
    a, b = fast.result(), public.result()
    assert [(p.name, p.mu, p.sigma, p.hands, p.history) for p in a.players] == [
        (p.name, p.mu, p.sigma, p.hands, p.history) for p in b.players]


def test_the_ratings_read_as_matches_are_the_ratings_read_as_hands(make_table):
    """``rating`` reads each hand's session and match only (``read_matches``); the HTML report
    and a player's page read the whole facts (``read_hands``): the same figures, history and
    all, over three evenings with a void, an edit and a rename."""
    from schafkopf_score.app.hand_facts import read_hands, read_matches
    from schafkopf_score.insights.rating import rate, rate_matches
    from schafkopf_score.ledger import open_ledger
    from schafkopf_score.table import load_table

    t = season(make_table)
    cfg = load_table(t.path)
    with open_ledger(cfg) as ledger:
        ids = ledger.session_ids()
        by_hands, by_matches = rate(read_hands(cfg, ledger, ids)), rate_matches(read_matches(cfg, ledger, ids))
        assert [(s, m) for s, m in read_matches(cfg, ledger, ids)] == [(h.session, h.sides)
                                                                       for h in read_hands(cfg, ledger, ids)]
    assert by_matches == by_hands and by_matches.hands == 20


class DiesAfterOneChunk:
    """A helper's pipe that sends one chunk, then the helper dies."""

    def __init__(self, send):
        self.sent = send

    def send(self, chunk):
        import os

        self.sent.send(chunk)
        os._exit(1)


def test_a_seasons_hands_read_aside_give_the_same_ratings(make_table, tmp_path, monkeypatch):
    """From ``ASIDE_FROM`` sessions on, ``rating`` has a helper process read the hands while it
    rates those already read: the same answer, history and all, as read in one process; also
    where the matches cross in chunks of three hands and the helper numbers them afresh, where
    the helper dies after its first chunk (the rest is read here) and where it fails at once."""
    import multiprocessing
    import os

    from schafkopf_score.app import hand_facts

    t = season(make_table)  # three evenings: a void, an edit, a rename, each closed
    alone = t.json("rating", "--chart", "--all")
    parent = os.getpid()
    marker = tmp_path / "helper.pid"
    real_send, real_read = hand_facts._send_matches, hand_facts.read_matches
    monkeypatch.setattr(hand_facts, "ASIDE_FROM", 2)
    monkeypatch.setattr(hand_facts, "_CHUNK", 3)
    monkeypatch.setattr(hand_facts, "_KEPT", 2)
    monkeypatch.setattr(hand_facts, "_send_matches",
                        lambda *a: (marker.write_text(str(os.getpid())), real_send(*a)))
    assert t.json("rating", "--chart", "--all") == alone
    assert int(marker.read_text()) != parent  # read by a helper of its own

    monkeypatch.setattr(hand_facts, "_send_matches", lambda cfg, ids, send, *rest: real_send(cfg, ids, DiesAfterOneChunk(send), *rest))
    assert t.json("rating", "--chart", "--all") == alone

    def fails_in_the_helper(cfg, ledger, ids):
        if os.getpid() != parent:
            raise OSError(5, "Input/output error")
        return real_read(cfg, ledger, ids)

    monkeypatch.setattr(hand_facts, "_send_matches", real_send)
    monkeypatch.setattr(hand_facts, "read_matches", fails_in_the_helper)
    assert t.json("rating", "--chart", "--all") == alone
    assert multiprocessing.active_children() == []


def test_the_helper_hands_back_the_matches_read_here(monkeypatch):
    """What the helper sends, numbered and started afresh every two matches in chunks of three
    hands, gives back the sessions and matches read: in order, equal match for match, a hand
    without sides (None) as None, and one object for every hand of a match within a chunk."""
    import contextlib
    import os

    import schafkopf_score.ledger
    from schafkopf_score.app import hand_facts
    from schafkopf_score.insights.hands import Match

    a = Match((("A", "B"), ("C", "D")), (0, 1), 1.5, (0, 0))
    b = Match((("C",), ("A", "B", "D")), (0, 1), 2.5, (2, 0))
    c = Match((("B",), ("A",), ("C",), ("D",)), (0, 0, 0, 1), 1.0, (0, 0, 0, 0))
    read = [(1, a), (1, None), (1, Match(*a)), (2, b), (2, c), (2, a), (3, None), (3, c), (4, b), (4, b), (4, None)]
    parent = os.getpid()

    def helpers_only(cfg, ledger, ids):  # read by the helper, never here
        assert os.getpid() != parent
        return iter(read)

    monkeypatch.setattr(hand_facts, "read_matches", helpers_only)
    monkeypatch.setattr(schafkopf_score.ledger, "open_ledger", lambda cfg: contextlib.nullcontext())
    for chunk, kept in ((3, 2), (2, 1), (100, 4096)):
        monkeypatch.setattr(hand_facts, "ASIDE_FROM", 2)
        monkeypatch.setattr(hand_facts, "_CHUNK", chunk)
        monkeypatch.setattr(hand_facts, "_KEPT", kept)
        aside = list(hand_facts.read_matches_aside(None, None, [1, 2, 3, 4]))
        assert aside == read
        assert [type(m) for _, m in aside] == [type(m) for _, m in read]
    assert aside[0][1] is aside[2][1] is aside[5][1] and aside[8][1] is aside[9][1]


def big_season(make_table, tmp_path, copies: int):
    """A table (English) whose ledger holds ``copies`` closed evenings of 16 hands, 15 of them
    rated (one voided), imported as a season's export: the sessions of one evening replicated."""
    from tests.store.test_import_helpers import season_export

    season_file = season_export(make_table, tmp_path, copies)
    big = make_table(players=["Anna", "Ben", "Cora", "Dora"], preset="wirtshaus", name="season", language="en")
    big.ok("import", str(season_file))
    return big


def killed_while_its_helper_works(t, *args: str) -> None:
    """Run ``schafkopf ARGS`` at ``t``, stop it once its helper runs (before it reads what the
    helper sends), kill it (SIGKILL), and assert that the helper ends too (within 10 s)."""
    import signal
    import subprocess
    import time

    from tests.store.test_import_helpers import ENV, alive, cli, gone, helpers_of

    p = subprocess.Popen(cli(t.path, *args), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
    deadline = time.monotonic() + 30
    while not (helpers := helpers_of(p.pid)):
        assert p.poll() is None and time.monotonic() < deadline, "the helper never started"
        time.sleep(0.002)
    os.kill(p.pid, signal.SIGSTOP)  # before it read what the helper sends
    assert all(alive(h) for h in helpers)
    os.kill(p.pid, signal.SIGKILL)
    p.wait()
    try:
        assert gone(helpers, within=10.0), f"a helper outlived the {args[0]} that started it"
    finally:
        for h in helpers:
            if alive(h):
                os.kill(h, signal.SIGKILL)


@pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="reads /proc")
def test_a_killed_rating_leaves_no_helper_behind_holding_the_ledger(make_table, tmp_path, monkeypatch):
    """``rating`` killed (SIGKILL, or SIGTERM, SIGHUP: a closed terminal) while its helper reads a
    season: the helper ends too, the ledger free. It held the pipe's reading end it was forked
    with, so it waited for ever to send its hands to nobody, with the ledger's read lock: the
    next ``add`` waited out the busy timeout and was refused."""
    t = big_season(make_table, tmp_path, 600)  # 9,000 hands: more than a pipe holds
    killed_while_its_helper_works(t, "rating", "--all", "--json")
    monkeypatch.setenv("SCHAFKOPF_BUSY_TIMEOUT", "1")
    assert t.json("add", "sau", "an", "be", "72")["hand"] == 1


def test_a_helper_lost_while_the_ledger_changes_gives_one_ledgers_ratings(make_table, monkeypatch):
    """The helper sends its first hands, then the ledger changes (a player renamed by another
    process) and the helper dies: this process reads the ledger again and rates it all from
    that reading, the ratings of the ledger after the change. It read again and skipped the
    hands given, which were read before the change: Anna's first hands stayed Anna's and the
    rest went to Anni, two players where there is one (a void before the hands given would
    have left a hand out, an added one rated one twice)."""
    from schafkopf_score.app import hand_facts
    from tests.store.test_import_helpers import ENV, cli

    t = season(make_table)
    parent = os.getpid()
    real_send, real_read = hand_facts._send_matches, hand_facts.read_matches

    def read_whole(cfg, ledger, ids):  # (the helper's reading done before the change: no lock held)
        return iter(list(real_read(cfg, ledger, ids))) if os.getpid() != parent else real_read(cfg, ledger, ids)

    class ChangedThenDies:
        def __init__(self, send):
            self.sent = send

        def send(self, chunk):
            self.sent.send(chunk)
            subprocess.run(cli(t.path, "player", "rename", "Anna", "Anni"), env=ENV, check=True, capture_output=True)
            os._exit(1)

    monkeypatch.setattr(hand_facts, "ASIDE_FROM", 2)
    monkeypatch.setattr(hand_facts, "_CHUNK", 3)
    monkeypatch.setattr(hand_facts, "read_matches", read_whole)
    monkeypatch.setattr(hand_facts, "_send_matches", lambda cfg, ids, send, *rest: real_send(cfg, ids, ChangedThenDies(send), *rest))
    lost = t.json("rating", "--chart", "--all")
    monkeypatch.undo()
    after = t.json("rating", "--chart", "--all")
    assert [r["player"] for r in after["ratings"]] == ["Ben", "Cora", "Anni", "Dora", "Emilio"]
    assert [r["player"] for r in lost["ratings"]] == ["Ben", "Cora", "Anni", "Dora", "Emilio"]
    assert lost == after


def test_the_helper_is_deaf_to_ctrl_c_from_its_first_moment(make_table, tmp_path, monkeypatch):
    """Ctrl-C reaches the whole process group: this process stops the helper and says
    "Interrupted". A helper that heard it outside its own ``try`` (as it began or ended) had
    multiprocessing print ``Process ForkProcess-1:`` and a traceback under it (seen once in 150
    Ctrl-C's pressed as the helper began). Now SIGINT is held back while it is forked and
    ignored in it before it is let through; this process hears it as before."""
    import signal

    from schafkopf_score.app import hand_facts

    t = season(make_table)
    alone = t.json("rating", "--chart", "--all")
    marker = tmp_path / "helper.txt"
    real_send = hand_facts._send_matches

    def noting(*args):
        held = signal.pthread_sigmask(signal.SIG_BLOCK, set())
        marker.write_text(f"{signal.getsignal(signal.SIGINT) == signal.SIG_IGN} {signal.SIGINT in held}")
        real_send(*args)

    monkeypatch.setattr(hand_facts, "ASIDE_FROM", 2)
    monkeypatch.setattr(hand_facts, "_send_matches", noting)
    before = signal.pthread_sigmask(signal.SIG_BLOCK, set())
    assert t.json("rating", "--chart", "--all") == alone
    assert marker.read_text() == "True False"  # ignored, and not held back for ever
    assert signal.pthread_sigmask(signal.SIG_BLOCK, set()) == before
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
