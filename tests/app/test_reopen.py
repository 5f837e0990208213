"""Reopening a closed session (``settle --reopen N --reason R``), correcting it and closing it
again: the old closing stays in the ledger and in ``sheet --history``, and the second close
pays the difference to what was paid at the first. Tariff 10/50 (official Bavarian)."""

import json


def test_reopen_edit_and_close_again_pays_the_difference(make_table):
    t = make_table(tariff="10/50", language="en")
    # Anna and Ben win a Sauspiel: +10 each, Cora and Dora -10
    t.ok("add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "70")
    first = t.json("settle", "--close")
    assert first["paid"] == {"Anna": 10, "Ben": 10, "Cora": -10, "Dora": -10}
    r = t.run("edit", "1", "solo", "--player", "Anna", "--suit", "eichel", "--augen", "70")
    assert r.exit_code == 2 and "Session 1 is closed" in r.stderr
    r = t.ok("settle", "--reopen", "1", "--reason", "hand 1 was Anna's Solo")
    assert r.stdout.strip() == "Session 1 is open again: correct it, then close it with schafkopf settle --close."
    assert t.json("settle")["closed"] is False
    # it was Anna's Solo: Anna +150, the others -50 each
    t.ok("edit", "1", "solo", "--player", "Anna", "--suit", "eichel", "--augen", "70", "--yes")
    again = t.json("settle", "--close")
    assert again["paid"] == {"Anna": 150, "Ben": -50, "Cora": -50, "Dora": -50}
    # on top of what was paid: Anna +140, Ben -60, Cora -40, Dora -40
    assert again["difference"] == {"amounts": {"Anna": 140, "Ben": -60, "Cora": -40, "Dora": -40},
                                   "transfers": [{"from": "Ben", "to": "Anna", "amount": 60},
                                                 {"from": "Cora", "to": "Anna", "amount": 40},
                                                 {"from": "Dora", "to": "Anna", "amount": 40}]}
    text = t.ok("settle").stdout
    assert "Difference to what was paid at the earlier close:\n  Ben pays Anna €0.60\n" in text
    history = t.json("sheet", "--history")["history"]
    assert [e["kind"] for e in history] == ["closed", "reopened", "edit"]
    assert history[1]["reason"] == "hand 1 was Anna's Solo"
    assert "session 1  closed (set aside by a reopening)" in t.ok("sheet", "--history").stdout
    assert json.loads(t.ok("check", "--json").stdout)["problems"] == []
    # the season counts the session once, as it was paid the second time
    assert t.json("standings", "--all")["balances"] == {"Anna": 150, "Ben": -50, "Cora": -50, "Dora": -50}


def test_reopen_refusals(make_table):
    t = make_table(tariff="10/50", language="en")
    t.ok("add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "70")
    assert t.refused("settle", "--reopen", "1", "--reason", "x") == (
        "Error: Session 1 is open; only a closed session can be reopened.\n"
        "Correct it as it is (undo, void, edit), then close it.\n")
    t.ok("settle", "--close")
    assert t.refused("settle", "--reopen", "1") == (
        "Error: A reopened session needs a reason.\n"
        "Say why: schafkopf settle --reopen N --reason \"hand 12 was a Wenz\".\n")
    assert t.refused("settle", "--reopen", "7", "--reason", "x") == (
        "Error: There is no session 7.\nSessions in this ledger: 1.\n")
    assert t.refused("settle", "--reason", "x").startswith("Error: --reason goes with --reopen only.")
    t.ok("add", "sauspiel", "--player", "Cora", "--partner", "Dora", "--augen", "70")
    assert t.refused("settle", "--reopen", "1", "--reason", "x") == (
        "Error: Session 1 cannot be reopened: session 2 was played after it.\n"
        "Only the latest session can be reopened; settle a mistake in an earlier one by hand.\n")
    assert t.run("check").exit_code == 0


def test_a_reopened_session_takes_a_forgotten_hand_and_closes_again(make_table):
    t = make_table(tariff="10/50", language="en")
    t.ok("add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "70")
    t.ok("settle", "--close")
    t.ok("settle", "--reopen", "1", "--reason", "a hand was forgotten")
    # the forgotten hand goes into session 1; Ben deals it (the rotation goes on)
    t.ok("add", "sauspiel", "--player", "Cora", "--partner", "Dora", "--augen", "70")
    data = t.json("sheet")["sessions"][0]
    assert data["session"] == 1 and [h["dealer"] for h in data["hands"]] == ["Anna", "Ben"]
    again = t.json("settle", "--close")
    assert again["paid"] == {"Anna": 0, "Ben": 0, "Cora": 0, "Dora": 0}
    assert again["difference"]["transfers"] == [{"from": "Anna", "to": "Cora", "amount": 10},
                                                {"from": "Ben", "to": "Dora", "amount": 10}]
    assert t.run("check").exit_code == 0


def test_a_rename_while_reopened_pays_the_difference_under_the_name_now(make_table):
    """Closed with Anna, reopened, Anna renamed Annax, a hand more, closed again: the difference
    is Annax's (it named Anna and Annax as two players: 'Anna pays Ben €0.10', 'Cora pays Annax
    €0.10', 'Dora pays Annax €0.10')."""
    t = make_table(language="en")
    t.ok("add", "sau", "an", "be", "72")  # Anna, Ben +10; Cora, Dora -10
    t.ok("settle", "--close")
    t.ok("settle", "--reopen", "1", "--reason", "one hand more")
    t.ok("player", "rename", "Anna", "Annax")
    t.ok("add", "sau", "an", "be", "72")
    out = t.ok("settle", "--close").stdout
    assert out.endswith("Difference to what was paid at the earlier close:\n"
                        "  Cora pays Annax €0.10\n  Dora pays Ben €0.10\n")
    assert t.json("settle")["difference"] == {
        "amounts": {"Annax": 10, "Ben": 10, "Cora": -10, "Dora": -10},
        "transfers": [{"from": "Cora", "to": "Annax", "amount": 10}, {"from": "Dora", "to": "Ben", "amount": 10}]}
    t.ok("check", "--full")


def test_the_exports_of_an_evening_closed_again_show_the_difference(make_table):
    """settle shows what changes hands now beside the transfers of the second close; the text,
    Markdown and HTML exports showed only those transfers (Ben pays Anna 0.50, ...), as if
    nothing had been paid at the first close: a chat message that asks for the money twice.
    Each now shows the difference too, in the table's language."""
    for lang, head, line in (
            ("en", "Difference to what was paid at the earlier close", "Ben pays Anna €0.60"),
            ("de", "Differenz zu dem, was beim früheren Abschluss gezahlt wurde", "Ben zahlt Anna 0,60 €")):
        t = make_table(tariff="10/50", language=lang, name=f"reopen_{lang}")
        t.ok("add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "70")
        t.ok("settle", "--close")
        t.ok("settle", "--reopen", "1", "--reason", "Solo")
        t.ok("edit", "1", "solo", "--player", "Anna", "--suit", "eichel", "--augen", "70", "--yes")
        t.ok("settle", "--close")
        assert f"\n{head}:\n  {line}\n" in t.ok("settle").stdout
        text = t.ok("export", "--format", "text").stdout
        assert f"\n{head}:\n{line}\n" in text
        md = t.ok("export", "--format", "md").stdout
        assert f"\n{head}:\n\n- {line}\n" in md
        html = t.ok("export", "--format", "html").stdout
        assert f"<h3>{head}</h3>" in html and f"<li>{line}</li>" in html
    # an evening closed once has no such line
    t = make_table(tariff="10/50", language="en", name="once")
    t.ok("add", "sauspiel", "--player", "Anna", "--partner", "Ben", "--augen", "70")
    t.ok("settle", "--close")
    for fmt in ("text", "md", "html"):
        assert "Difference" not in t.ok("export", "--format", fmt).stdout
