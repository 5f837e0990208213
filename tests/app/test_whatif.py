"""``settle --tariff A/B`` and ``settle --rules FILE`` (RULES §13, issue 37): the evening under
another tariff equals, cent for cent, the same hands entered at a table that plays that tariff;
hands the other rules refuse are listed with the refusal the other table gives, and left out.
Then the text, the season, the other families and every wrong input."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import assert_language

WIRTSHAUS = {'bock_after = []': 'bock_after = ["kontra_lost"]'}  # a Bock round after a lost Kontra

FIRST = [  # closed with --round 50
    ("sau", "an", "be", "72", "l3", "k"),
    ("herzsolo", "co", "105", "l4"),
    ("ramsch", "--loser", "an"),
    ("sau", "do", "co", "50", "k"),  # Kontra lost: a Bock round follows
    ("wenz", "an", "30"),
    ("bettel", "be", "--won"),
    ("sau", "an", "co", "95", "--legen", "1"),
]
SECOND = [  # left open
    ("sau", "be", "do", "61"),
    ("grassolo", "do", "20"),
    ("ramsch", "--durchmarsch", "co"),
    ("wenz", "be", "--tout", "--won"),
]


def enter(t, hands):
    for hand in hands:
        t.ok("add", *hand)


def test_another_tariff_equals_a_replay_under_it_cent_for_cent(make_table):
    here = make_table(preset="wirtshaus", tariff="10/50", language="en", replace=WIRTSHAUS, name="here")
    there = make_table(preset="wirtshaus", tariff="20/50/20", language="en", replace=WIRTSHAUS, name="there")
    for t in (here, there):
        enter(t, FIRST)
        t.ok("settle", "--close", "--round", "50")
        enter(t, SECOND)
    evening = here.json("settle", "--tariff", "20/50/20")
    assert evening["now"] == here.json("settle")
    assert evening["other"] == there.json("settle")
    assert evening["refused"] == []
    first = here.json("settle", "--tariff", "20/50/20", "--session", "1")
    assert first["now"] == here.json("settle", "--session", "1")
    assert first["other"] == there.json("settle", "--session", "1")
    assert first["other"]["closed"] is True and first["other"]["round"] == 50
    season = here.json("settle", "--tariff", "20/50/20", "--all")
    assert season["now"] == here.json("settle", "--all")
    assert season["other"] == there.json("settle", "--all")
    rounded = here.json("settle", "--tariff", "20/50/20", "--round", "50")
    assert rounded["other"] == there.json("settle", "--round", "50")
    assert evening["other"]["balances"] != evening["now"]["balances"]  # the tariff does change the evening


def test_another_table_files_rules_list_what_they_refuse(make_table, tmp_path):
    stock = {'all_pass = "ramsch"': 'all_pass = "stock"'}
    here = make_table(preset="wirtshaus", language="en", replace=stock, name="here")
    # the other table: the official preset (no Bettel, throws in when all pass), tariff 20/50
    there = make_table(preset="official", tariff="20/50", language="en", name="there")
    hands = [("sau", "an", "be", "72"), ("weiter",), ("bettel", "co", "--won"), ("sau", "co", "do", "80"),
             ("wenz", "an", "40")]
    enter(here, hands)
    refused = []
    for n, hand in enumerate(hands, 1):
        r = there.run("add", *hand)
        if r.exit_code:
            refused.append({"session": 1, "hand": n, "game": "bettel",
                            "reason": r.stderr.split("\n")[0].removeprefix("Error: ")})
    assert len(refused) == 1  # the Bettel; "weiter" is thrown in there (no Stock)
    got = here.json("settle", "--rules", str(there.path))
    assert got["refused"] == refused
    assert got["refused"][0]["reason"] == "This table does not play Bettel."
    assert got["other"] == there.json("settle")
    assert got["now"] == here.json("settle")
    # here: the Stock of the thrown-in hand (4 x 10) went to Cora and Dora with their Sauspiel
    assert got["now"]["balances"] == {"Anna": -190, "Ben": 10, "Cora": 150, "Dora": 30}
    out = here.ok("settle", "--rules", str(there.path)).stdout.splitlines()
    assert out[0] == "Session 1 as it stands and under there.toml:"
    assert "Refused under the other rules (1, left out):" in out
    assert "  session 1, hand 3: This table does not play Bettel." in out


def test_the_other_files_name_is_shown_as_it_is_not_read_as_markup(make_table, tmp_path):
    # a file named "[red]x.toml" headed its column "Under x.toml": its name was read as colour
    t = make_table(tariff="10/50", language="en")
    enter(t, [("sau", "an", "be", "72")])
    other = tmp_path / "[red]x.toml"
    other.write_bytes(t.path.read_bytes())
    out = t.ok("settle", "--rules", str(other)).stdout.splitlines()
    assert out[0] == "Session 1 as it stands and under [red]x.toml:"
    assert "Under [red]x.toml" in out[2]


def test_the_season_side_by_side_is_the_seasons_money_not_what_is_still_to_pay(make_table):
    """``settle --all --tariff``: its head says the season, and its columns showed only what the
    open evening still owes (Anna +0.10 now, +0.20 under 20/100) while ``--json`` held the
    season (+0.20, +0.40). The text compares the season's money per player, as ``settle
    --all`` adds it up; the transfers below are what is still to pay, and say so."""
    t = make_table(tariff="10/50", language="en")
    enter(t, [("sau", "an", "be", "72")])
    t.ok("settle", "--close")
    enter(t, [("sau", "an", "be", "72")])
    out = t.ok("settle", "--all", "--tariff", "20/100").stdout.splitlines()
    assert out[0] == "The season (2 sessions) as it stands and under tariff 20/100:"
    anna = next(line for line in out if "Anna" in line).split("│")[1:5]
    assert [c.strip() for c in anna] == ["Anna", "+€0.20", "+€0.40", "+€0.20"]
    data = t.json("settle", "--all", "--tariff", "20/100")
    assert (data["now"]["balances"]["Anna"], data["other"]["balances"]["Anna"]) == (20, 40)
    assert out[out.index("Still to pay under tariff 20/100 (the open evening; the closed ones were paid):") + 1:] \
        == ["  Cora pays Anna €0.20", "  Dora pays Ben €0.20"]


def test_a_line_longer_than_80_is_written_whole_into_a_pipe(make_table):
    """Into a pipe or a file without ``COLUMNS`` (no screen, where rich takes 80 columns) a
    long line keeps every word: the German transfers' head was cut to "... sind beza…"."""
    import os
    import subprocess
    import sys

    t = make_table(tariff="10/50", language="de")
    enter(t, [("sau", "an", "be", "72")])
    t.ok("settle", "--close")
    enter(t, [("sau", "an", "be", "72")])
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    env.update({"SCHAFKOPF_TABLE": "", "PYTHONPATH": str(Path(__file__).resolve().parents[2])})
    piped = subprocess.run([sys.executable, "-m", "schafkopf_score", "--table", str(t.path), "settle", "--all",
                            "--tariff", "20/100"], capture_output=True, text=True, env=env, timeout=60)
    head = "Noch zu zahlen mit Tarif 20/100 (der offene Abend; die abgeschlossenen sind bezahlt):"
    assert len(head) > 80 and head in piped.stdout.splitlines(), piped.stdout
    # a width given (COLUMNS) is honoured as a screen's: cut, never wrapped
    env["COLUMNS"] = "60"
    narrow = subprocess.run([sys.executable, "-m", "schafkopf_score", "--table", str(t.path), "settle", "--all",
                             "--tariff", "20/100"], capture_output=True, text=True, env=env, timeout=60)
    assert f"{head[:59]}…" in narrow.stdout.splitlines(), narrow.stdout


def test_the_text_side_by_side_with_the_difference(make_table):
    t = make_table(tariff="10/50", language="en")
    enter(t, [("sau", "an", "be", "72"), ("herzsolo", "co", "80")])
    out = t.ok("settle", "--tariff", "20/100").stdout.splitlines()
    assert out[0] == "Session 1 as it stands and under tariff 20/100:"
    # now: Anna +10 -50 = -0.40, Cora -10 +150 = +1.40; at 20/100: Anna +20 -100 = -0.80, Cora -20 +300 = +2.80
    anna = next(line for line in out if "Anna" in line).split("│")[1:5]
    assert [c.strip() for c in anna] == ["Anna", "-€0.40", "-€0.80", "-€0.40"]
    cora = next(line for line in out if "Cora" in line).split("│")[1:5]
    assert [c.strip() for c in cora] == ["Cora", "+€1.40", "+€2.80", "+€1.40"]
    assert "Transfers under tariff 20/100:" in out
    de = make_table(tariff="10/50", language="de", name="de")
    enter(de, [("sau", "an", "be", "72")])
    assert de.ok("settle", "--tariff", "20/50").stdout.splitlines()[0] == \
        "Abend 1, wie er steht und mit Tarif 20/50:"


def test_the_other_tariff_is_named_as_it_was_read(make_table):
    # "--tariff ' 10,50'" was named as typed: "Mit Tarif  10,50" reads as 10,50 € in German
    de = make_table(tariff="10/50", language="de", name="de")
    enter(de, [("sau", "an", "be", "72")])
    out = de.ok("settle", "--tariff", " 20,050").stdout.splitlines()
    assert out[0] == "Abend 1, wie er steht und mit Tarif 20/50:"
    assert "Mit Tarif 20/50" in out[2]


@pytest.mark.parametrize("family,players,hands,other", [
    ("sheepshead", ["Anna", "Ben", "Cora", "Dora", "Emil"],
     [("pick", "--player", "an", "--partner", "be", "--augen", "70"), ("leaster", "--winner", "co")],
     {"point_value = 25": "point_value = 50"}),
    ("deutscher", ["Anna", "Ben", "Cora", "Dora"],
     [("spiel", "--player", "an", "--partner", "co", "--augen", "20")] * 3,
     {"head = 50": "head = 100", "strokes_per_head = 9": "strokes_per_head = 5"}),
])
def test_the_other_families_by_another_file(make_table, family, players, hands, other):
    fixed = {'partners = "per_game"': 'partners = "fixed"'} if family == "deutscher" else {}
    here = make_table(players=players, family=family, language="en", replace=fixed, name="here")
    there = make_table(players=players, family=family, language="en", replace={**fixed, **other}, name="there")
    for t in (here, there):
        enter(t, hands)
    got = here.json("settle", "--rules", str(there.path))
    assert got["other"] == there.json("settle") and got["now"] == here.json("settle")
    assert got["other"]["paid"] != got["now"]["paid"]
    assert "--tariff does not apply" in here.refused("settle", "--tariff", "1/2")


def test_wrong_inputs_are_refused_in_the_tables_language(make_table, tmp_path):
    t = make_table(language="en")
    t.ok("add", "sau", "an", "be", "72")
    assert t.refused("settle", "--tariff", "zehn/50") == (
        "Error: --tariff 'zehn/50' is not numbers in cents.\nWrite it like --tariff 10/50 (or 10/50/10).\n")
    assert t.refused("settle", "--tariff", "20/50", "--rules", "x.toml") == (
        "Error: Give either --tariff or --rules, not both.\nExample: schafkopf settle --tariff 20/50\n")
    assert t.refused("settle", "--tariff", "20/50", "--close") == (
        "Error: --tariff shows a what-if and cannot be combined with --close.\n"
        "Run it on its own, e.g. schafkopf settle --tariff 20/50 (--session N, --all and --round go with it).\n")
    missing = t.refused("settle", "--rules", "nowhere.toml")
    assert missing.startswith("Error: The other table file nowhere.toml cannot be used: No table file at nowhere.toml.")
    assert "schafkopf settle --rules other.toml" in missing
    wendish = tmp_path / "wendish.toml"
    t.runner.invoke(__import__("schafkopf_score.cli.app", fromlist=["app"]).app,
                    ["new", str(wendish), "--family", "wendish", "--players", "Anna,Ben,Cora,Dora"])
    assert "plays Wendish Schafkopf, this table Bavarian Schafkopf" in t.refused("settle", "--rules", str(wendish))
    broken = tmp_path / "broken.toml"
    broken.write_text("family = [\n", encoding="utf-8")
    assert t.refused("settle", "--rules", str(broken)).startswith("Error: The other table file ")
    from tests.app.test_tournament import tournament

    cup = tournament(tmp_path, name="cup")
    assert "tournament's file" in t.refused("settle", "--rules", str(cup.path))
    assert "Error: " in cup.refused("settle", "--tariff", "20/50")  # settle is refused at a tournament
    de = make_table(language="de", name="de")
    de.ok("add", "sau", "an", "be", "72")
    for args in (("--tariff", "20/50", "--player", "an"), ("--rules", "fehlt.toml"), ("--tariff", "x")):
        assert_language(de.refused("settle", *args), "de", args)
    assert t.json("settle", "--tariff", "20/50")["refused"] == []


@pytest.mark.parametrize("how", ["equal", "payers", "carry"])
def test_an_open_stock_goes_where_stock_at_close_says_under_the_other_tariff_too(make_table, how):
    """The open evening's Stock under the other tariff went back in equal shares whatever
    ``stock_at_close`` said (the replay lost who paid it in): "payers" and "carry" differed from
    the same hands entered at a table of that tariff, even under the very tariff of today."""
    rules = {'all_pass = "redeal"': 'all_pass = "stock"', 'stock_at_close = "equal"': f'stock_at_close = "{how}"'}
    five = ["Anna", "Ben", "Cora", "Dora", "Emil"]
    here = make_table(tariff="10/50", language="de", players=five, replace=rules, name="here")
    there = make_table(tariff="20/100", language="de", players=five, replace=rules, name="there")
    for t in (here, there):
        # Anna, then Ben deal and sit out a weiter; Anna+Emil lose to Ben+Dora, matching the Stock
        enter(t, [("weiter",), ("weiter",), ("sau", "an", "em", "50")])
    same = here.json("settle", "--tariff", "10/50")
    assert same["other"] == same["now"] == here.json("settle")
    got = here.json("settle", "--tariff", "20/100")
    assert got["other"] == there.json("settle")
    assert got["other"]["stock"] == 160 and got["other"]["stock_at_close"] == how
    if how == "payers":  # in: Anna 10+40, Ben 10, Cora 20, Dora 20, Emil 20+40
        assert got["other"]["stock_return"] == {"Anna": 50, "Ben": 10, "Cora": 20, "Dora": 20, "Emil": 60}
        assert got["other"]["paid"] == {"Anna": -20, "Ben": 20, "Cora": 0, "Dora": 20, "Emil": -20}
    rounded = here.json("settle", "--tariff", "20/100", "--round", "20")
    assert rounded["other"] == there.json("settle", "--round", "20")


def test_a_stock_carried_on_is_closed_and_opened_again_under_the_other_tariff(make_table):
    """``stock_at_close = "carry"`` under the other tariff: the closed evening's Stock went on
    in equal shares (not by who paid it in) and was shown as still held (120, where the closing
    holds 0), and the next evening opened without it, so the Sauspiel that wins it won nothing
    (Cora +10 where a table of that tariff has +70)."""
    rules = {'all_pass = "redeal"': 'all_pass = "stock"', 'stock_at_close = "equal"': 'stock_at_close = "carry"'}
    here = make_table(tariff="10/50", language="en", replace=rules, name="here")
    there = make_table(tariff="20/100/20", language="en", replace=rules, name="there")
    for t in (here, there):
        enter(t, [("weiter",), ("sau", "an", "be", "40"), ("weiter",)])  # 120 in the Stock, 40 of it from Cora, Dora
        t.ok("settle", "--close")
        enter(t, [("sau", "co", "do", "70"), ("weiter",)])  # Cora and Dora win the 120
    for args in [(), ("--session", "1"), ("--session", "2"), ("--all",)]:
        assert here.json("settle", "--tariff", "20/100/20", *args)["other"] == there.json("settle", *args), args
    first = here.json("settle", "--tariff", "20/100/20", "--session", "1")["other"]
    assert first["stock"] == 0 and first["stock_carried"] == {"Anna": 40, "Ben": 40, "Cora": 20, "Dora": 20}
    assert here.json("settle", "--tariff", "20/100/20")["other"]["balances"] == \
        {"Anna": -30, "Ben": -30, "Cora": 70, "Dora": 70}


@pytest.mark.parametrize("here_at_close, there", [("carry", {"stock = 10 ": "stock = 20 ",
                                                             'stock_at_close = "equal"': 'stock_at_close = "carry"'}),
                                                  ("equal", {'stock_at_close = "equal"': 'stock_at_close = "carry"'})])
def test_the_next_evening_opens_with_what_the_other_rules_carried_on(make_table, here_at_close, there):
    """Another table file whose Stock goes on otherwise (20 cents a player into it, or carried on
    where this table gives it back): the open evening opened with the Stock this table carried
    on (120, or nothing) where a table playing those rules opened with its own (240, or 120)."""
    rules = {'all_pass = "redeal"': 'all_pass = "stock"', 'stock_at_close = "equal"': f'stock_at_close = "{here_at_close}"'}
    here = make_table(tariff="10/50", language="en", replace=rules, name="here")
    other = make_table(tariff="10/50", language="en", replace={'all_pass = "redeal"': 'all_pass = "stock"', **there},
                       name="other")
    for t in (here, other):
        enter(t, [("weiter",), ("sau", "an", "be", "40"), ("weiter",)])
        t.ok("settle", "--close")
        enter(t, [("sau", "co", "do", "70"), ("weiter",)])  # Cora and Dora win what the Stock holds
    for args in [(), ("--session", "1"), ("--session", "2"), ("--all",)]:
        assert here.json("settle", "--rules", str(other.path), *args)["other"] == other.json("settle", *args), args
    cora = here.json("settle", "--rules", str(other.path))["other"]["balances"]["Cora"]
    assert cora == (110 if here_at_close == "carry" else 60)  # +10, half the Stock (240 or 120), a weiter


def test_the_text_lists_who_puts_into_the_stock_and_whom_it_pays_under_the_other_tariff(make_table):
    """The text's transfers under the other tariff left out the Stock's lines that ``settle``
    prints and ``--json`` holds (``into_stock``, ``from_stock``): a closed evening whose Stock
    goes on showed only the transfers between the players (Anna's 0.50 and Ben's 0.30 into the
    Stock missing), and the next evening nobody taking it out."""
    rules = {'all_pass = "redeal"': 'all_pass = "stock"', 'stock_at_close = "equal"': 'stock_at_close = "carry"'}
    here = make_table(tariff="10/50", language="en", replace=rules, name="here")
    there = make_table(tariff="20/100/20", language="en", replace=rules, name="there")
    for t in (here, there):
        enter(t, [("weiter",), ("sau", "an", "be", "40")])  # 80 in the Stock, carried on
        t.ok("settle", "--close")
        enter(t, [("sau", "co", "do", "70")])  # Cora and Dora win it
    for args in [("--session", "1"), ()]:
        shown = here.ok("settle", "--tariff", "20/100/20", *args).stdout.splitlines()
        lines = shown[shown.index(next(x for x in shown if x.startswith("Transfers under"))) + 1:]
        settled = there.ok("settle", *args).stdout.splitlines()
        assert lines == settled[settled.index("Transfers:") + 1:], args
    first = here.ok("settle", "--tariff", "20/100/20", "--session", "1").stdout
    assert "  Anna puts €0.50 into the Stock\n  Ben puts €0.30 into the Stock\n" in first
    assert "  The Stock pays Cora €0.60\n  The Stock pays Dora €0.20\n" in here.ok("settle", "--tariff", "20/100/20").stdout


def test_a_closed_evening_is_played_again_in_its_own_seating_not_todays(make_table):
    """The cash rounding gives a tie to the earlier player in the seating; an evening closed
    before Anna left was played again with Anna seated last (today's seating, then who left),
    so under its own tariff she lost the tie she had won: Anna -0,20 and Ben +0,20 shown as the
    difference of a tariff that changes nothing. Players who came later are not in it either."""
    t = make_table(players=["Anna", "Ben", "Cora", "Dora", "Emil"], tariff="10/50", language="en")
    enter(t, [("sau", "be", "co", "61"), ("sau", "an", "co", "61")])  # Anna +10, Ben +10: one 20 to give
    t.ok("settle", "--close", "--round", "20")
    assert t.json("settle")["paid"] == {"Anna": 20, "Ben": 0, "Cora": 20, "Dora": -20, "Emil": -20}
    t.ok("player", "leave", "Anna")
    t.ok("player", "add", "Fritz")
    enter(t, [("sau", "co", "do", "61")])
    first = t.json("settle", "--tariff", "10/50", "--session", "1")
    assert first["other"] == first["now"]
    season = t.json("settle", "--rules", str(t.path), "--all")
    assert season["other"]["balances"] == season["now"]["balances"]
    assert season["other"]["by_session"] == season["now"]["by_session"]
    rows = [line for line in t.ok("settle", "--tariff", "10/50", "--session", "1").stdout.splitlines() if "│" in line]
    assert [r.split("│")[1].strip() for r in rows] == ["Anna", "Ben", "Cora", "Dora", "Emil"]
    assert all(r.split("│")[4].strip() == "€0.00" for r in rows)
