"""The session's words of ``play`` against the one-shot commands they stand for (review): the
same refusals, in the table's language, and no word after a command left unread."""

import sqlite3


def hands(t):
    con = sqlite3.connect(t.ledger_path)
    try:
        return con.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    finally:
        con.close()


def test_a_refusal_that_says_add_up_or_names_schafkopf_add_keeps_its_add(make_table):
    t = make_table(language="en", preset="wirtshaus")
    one_shot = t.run("add", "ramsch", "an=30", "be=30", "co=30", "do=20")
    assert one_shot.exit_code == 2
    assert one_shot.stderr == "Error: The Augen add up to 110, not 120.\nRecount: all players' Augen make 120.\n"
    r = t.run("play", input="ramsch an=30 be=30 co=30 do=20\n")
    assert r.exit_code == 2
    assert r.stderr == ("Line 1: ramsch an=30 be=30 co=30 do=20\n"
                        "Error: The Augen add up to 110, not 120.\nRecount: all players' Augen make 120.\n")
    d = make_table(name="de")
    assert d.run("undo").stderr.endswith("Trag Spiele mit schafkopf add ein.\n")
    r = d.run("play", input="zurück\n")
    assert r.exit_code == 2
    assert r.stderr == ("Zeile 1: zurück\nFehler: Im offenen Abend gibt es kein Spiel zum Zurücknehmen.\n"
                        "Trag Spiele mit schafkopf add ein.\n")


def test_a_settle_line_not_understood_is_told_in_the_tables_words(make_table):
    t = make_table()
    r = t.run("play", input="sau an be 72\nabrechnung --round 50 extra\n")
    assert r.exit_code == 2
    assert r.stderr == ("Zeile 2: abrechnung --round 50 extra\n"
                        "Fehler: abrechnung '--round 50 extra' gibt es hier nicht.\n"
                        "Tipp abrechnung, um die Abrechnung zu sehen, oder abrechnung schließen, um den Abend "
                        "abzuschließen.\n")


def test_words_after_sheet_or_stand_are_refused_as_the_one_shot_commands_refuse_them(make_table):
    t = make_table()
    assert t.run("sheet", "extra").exit_code == 2
    r = t.run("play", input="sau an be 72\nblock extra\nstand x y\nwenz co 80\n")
    assert r.exit_code == 2
    assert r.stdout.count("Spiel ") == 2 and "Stand" not in r.stdout and "Sau " not in r.stdout
    assert r.stderr == ("Zeile 2: block extra\nFehler: block nimmt keine weiteren Wörter: 'extra'.\nTipp block allein.\n"
                        "Zeile 3: stand x y\nFehler: stand nimmt keine weiteren Wörter: 'x y'.\nTipp stand allein.\n")
    assert hands(t) == 2
    e = make_table(name="en", language="en")
    r = e.run("play", input="standings now\n")
    assert r.stderr == ("Line 1: standings now\nError: standings takes no more words: 'now'.\n"
                        "Type standings alone.\n")
