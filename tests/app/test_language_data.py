"""The data part of the program speaks the table's language: the table file's errors (file,
line, key), what was typed (the short notation's "did you mean"), the ledger (busy, damaged),
corrections that would break a later hand, import refusals, ``check``'s problems and the
comments of a new table file. Exact German and English renderings, through the real CLI."""

import json
import sqlite3

import pytest

FIVE = ["Anna", "Ben", "Cora", "Dora", "Emil"]


def line_of(t, start):
    return next(i for i, s in enumerate(t.path.read_text(encoding="utf-8").splitlines(), 1) if s.startswith(start))


@pytest.mark.parametrize("language", ["de", "en"])
def test_a_misspelt_key_names_file_line_and_the_nearest_key(make_table, language):
    t = make_table(replace={"legen = false": "legn = false"}, language=language)
    line = line_of(t, "legn")
    r = t.run("rules", "--check")
    assert r.exit_code == 2
    assert r.stderr == {
        "de": f"Fehler: {t.path}, Zeile {line}: [rules] legn ist kein bekannter Schlüssel.\nMeintest du 'legen'?\n",
        "en": f"Error: {t.path}, line {line}: [rules] legn is not a known key.\nDid you mean 'legen'?\n",
    }[language]


@pytest.mark.parametrize("language", ["de", "en"])
def test_a_tariff_beyond_the_bound_names_file_line_and_key(make_table, language):
    t = make_table(replace={"solo = 50 ": "solo = 1000000001 "}, language=language)
    line = line_of(t, "solo =")
    r = t.run("rules", "--check")
    assert r.exit_code == 2
    assert r.stderr == {
        "de": f"Fehler: {t.path}, Zeile {line}: [tariff] solo darf höchstens 1000000000 sein, nicht 1000000001\n"
              "Tarife sind in Cent; 1000000000 Cent sind 10 Millionen.\n",
        "en": f"Error: {t.path}, line {line}: [tariff] solo must be at most 1000000000, not 1000000001\n"
              "Tariffs are in cents; 1000000000 cents is 10 million.\n",
    }[language]


@pytest.mark.parametrize("language", ["de", "en"])
def test_two_players_typed_alike_in_the_table_file(make_table, language):
    t = make_table(replace={'"Cora"': '"Anna"'}, language=language)
    line = line_of(t, "players")
    r = t.run("sheet")
    assert r.exit_code == 2
    assert r.stderr == {
        "de": f"Fehler: {t.path}, Zeile {line}: players nennt 'Anna' zweimal.\n"
              "Jeder Spieler braucht einen anderen Namen.\n",
        "en": f"Error: {t.path}, line {line}: players names 'Anna' twice.\nEvery player needs a different name.\n",
    }[language]


@pytest.mark.parametrize("language", ["de", "en"])
def test_a_word_that_fits_nothing_suggests_the_nearest(make_table, language):
    t = make_table(language=language)
    r = t.run("add", "sau", "an", "be", "72", "kontr")
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr == {
        "de": "Fehler: 'kontr' passt zu nichts in diesem Spiel (Sauspiel).\n"
              "Meintest du 'kontra'? Wörter sind Namen, eine Zahl Augen, + oder -, sw, l3 (Laufende), k, re, "
              "aus NAME, geber NAME und Farben.\n",
        "en": "Error: 'kontr' fits nothing in a Sauspiel.\n"
              "Did you mean 'kontra'? Words are names, a number of Augen, + or -, sw, l3 (Laufende), k, re, "
              "out NAME, dealer NAME and suits.\n",
    }[language]
    assert not t.ledger_path.exists()


@pytest.mark.parametrize("language", ["de", "en"])
def test_a_busy_ledger(make_table, monkeypatch, language):
    monkeypatch.setenv("SCHAFKOPF_BUSY_TIMEOUT", "0.2")
    t = make_table(language=language)
    t.ok("add", "wenz", "an", "70")
    holder = sqlite3.connect(t.ledger_path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another program in the middle of writing
    try:
        r = t.run("add", "wenz", "be", "70")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert r.exit_code == 2
    assert r.stderr == {
        "de": f"Fehler: Das Spielbuch {t.ledger_path} ist belegt: ein anderes Programm schreibt gerade hinein.\n"
              "Versuch es gleich noch einmal; das Spielbuch blieb, wie es war, und nichts wurde eingetragen.\n",
        "en": f"Error: The ledger {t.ledger_path} is busy: another program is writing to it.\n"
              "Try again in a moment; the ledger was left as it is and nothing was recorded.\n",
    }[language]


@pytest.mark.parametrize("language", ["de", "en"])
def test_a_correction_that_would_make_a_later_hand_impossible(make_table, language):
    """Deutscher partners fixed for the session by its first game: an edit of hand 1 to other
    partners leaves hand 2 with a pair that is no pair any more (a void never re-deals a later
    hand, RULES §1, so this is where a correction still breaks one)."""
    t = make_table(family="deutscher", language=language, replace={'partners = "per_game"': 'partners = "fixed"'})
    t.ok("add", "spiel", "an", "be", "70")
    t.ok("add", "spiel", "an", "be", "80")
    before = t.ledger_bytes()
    r = t.run("edit", "1", "spiel", "an", "co", "70", "--yes")
    assert r.exit_code == 2
    assert r.stderr == {
        "de": "Fehler: Diese Korrektur würde Spiel 2 unmöglich machen: Anna und Ben sind keine Partner: die Paare "
              "sind Anna + Cora und Ben + Dora (für diesen Abend fest).\n"
              "Korrigier zuerst dieses Spiel (schafkopf edit), dann dieses.\n",
        "en": "Error: That correction would make hand 2 impossible: Anna and Ben are not partners: the pairs are "
              "Anna + Cora and Ben + Dora (fixed for this session).\n"
              "Correct that hand first (schafkopf edit), then this one.\n",
    }[language]
    assert t.ledger_bytes() == before


def exported(make_table, tmp_path, language):
    t = make_table(name="source", language=language)
    t.ok("add", "wenz", "--player", "Anna", "--augen", "70")
    t.ok("add", "wenz", "--player", "Ben", "--augen", "70")
    path = tmp_path / "dump.json"
    t.ok("export", "--format", "json", "--out", str(path))
    return json.loads(path.read_text(encoding="utf-8")), path


@pytest.mark.parametrize("language", ["de", "en"])
def test_an_import_refusal_names_the_hand_and_what_the_replay_gives(make_table, tmp_path, language):
    data, path = exported(make_table, tmp_path, language)
    payouts = data["sessions"][0]["games"][1]["payouts"]  # hand 2: Ben's Wenz, 150 won
    payouts["Anna"], payouts["Ben"] = payouts["Ben"], payouts["Anna"]  # still zero in sum, but not what it gives
    path.write_text(json.dumps(data), encoding="utf-8")
    t = make_table(name="target", language=language)
    r = t.run("import", str(path))
    assert r.exit_code == 2
    given = {"de": "Anna -0,50 €, Ben +1,50 €, Cora -0,50 €, Dora -0,50 €",
             "en": "Anna -€0.50, Ben +€1.50, Cora -€0.50, Dora -€0.50"}[language]  # amounts, not stored JSON
    stored = {"de": "Anna +1,50 €, Ben -0,50 €, Cora -0,50 €, Dora -0,50 €",
              "en": "Anna +€1.50, Ben -€0.50, Cora -€0.50, Dora -€0.50"}[language]
    assert r.stderr == {
        "de": f"Fehler: Im Export, Abend 1, Spiel 2: Nachrechnen ergibt {given}, gespeichert {stored}; "
              "nichts wurde importiert.\nExportier ihn noch einmal aus dem ursprünglichen Spielbuch.\n",
        "en": f"Error: In the export, session 1 hand 2: replay gives {given}, stored {stored}; "
              "nothing was imported.\nExport it again from the original ledger.\n",
    }[language]
    assert not t.ledger_path.exists()


@pytest.mark.parametrize("language", ["de", "en"])
def test_an_import_refusal_names_the_game_row_without_a_valid_entry(make_table, tmp_path, language):
    data, path = exported(make_table, tmp_path, language)
    data["sessions"][0]["games"][0]["entry"]["trumpf"] = "herz"  # a field no entry has
    path.write_text(json.dumps(data), encoding="utf-8")
    t = make_table(name="target", language=language)
    r = t.run("import", str(path))
    assert r.exit_code == 2
    assert r.stderr.splitlines()[0] == {
        "de": "Fehler: Die Datei ist kein JSON-Export von schafkopf-score (Spiel 1 hat keinen gültigen Eintrag).",
        "en": "Error: The file is not a schafkopf-score JSON export (game 1 has no valid entry).",
    }[language]


@pytest.mark.parametrize("language", ["de", "en"])
def test_check_prints_its_problems_in_the_table_language(make_table, language):
    t = make_table(language=language)
    t.ok("add", "wenz", "--player", "Anna", "--augen", "70")
    con = sqlite3.connect(t.ledger_path)
    con.execute("INSERT INTO games(session_id, hand, created_at, game, entry, typed, ruleset_id, unit, payouts,"
                " stock) VALUES (1, 2, 'x', 'wenz', '{\"game\": \"wenz\", \"player\": \"Ben\", \"augen\": 70}', '', 1,"
                " 'cent', '{\"Anna\": -50, \"Ben\": 150, \"Cora\": -50, \"Dora\": -40}', 0)")
    con.commit()
    con.close()
    r = t.run("check")
    assert r.exit_code == 1
    says = {"de": "die Auszahlungen ergeben zusammen +0,10 €, nicht null",
            "en": "payouts sum to +€0.10, not zero"}[language]
    where = {"de": "Abend 1, Spiel 2", "en": "session 1, hand 2"}[language]
    assert f"{where}: {says}\n" in r.stdout
    problems = json.loads(t.run("check", "--json").stdout)["problems"]
    assert {"session": 1, "hand": 2, "problem": says} in problems


@pytest.mark.parametrize("language", ["de", "en"])
def test_balances_that_do_not_sum_to_zero_show_the_amount_as_the_language_writes_it(make_table, language):
    t = make_table(language=language)
    r = t.run("settle", "--from-balances", "Anna=3,40,Ben=-2")
    assert r.exit_code == 2
    assert r.stderr == {
        "de": "Fehler: Die Stände ergeben zusammen +1,40 €, nicht null.\n"
              "Jeder gewonnene Cent ist ein verlorener: prüf den Block und korrigier einen der Stände.\n",
        "en": "Error: The balances sum to +€1.40, not zero.\n"
              "Every cent won is a cent lost: check the sheet and correct one of them.\n",
    }[language]


def test_a_new_table_file_is_commented_in_its_language(make_table):
    de = make_table(name="de").path.read_text(encoding="utf-8").splitlines()
    en = make_table(name="en", language="en").path.read_text(encoding="utf-8").splitlines()
    assert de[0] == ("# schafkopf-score-Tischdatei (Bayerischer Schafkopf). Ändere die Werte; jeder Schlüssel wird "
                     "beim Laden geprüft.")
    assert en[0] == ("# schafkopf-score table file (Bavarian Schafkopf). Edit the values; every key is checked "
                     "on load.")
    assert any(s.startswith("players = ") and s.endswith("# Sitzordnung im Uhrzeigersinn; der Erste gibt zuerst")
               for s in de)
    assert any(s.startswith("players = ") and s.endswith("# seating order, clockwise; the first deals first")
               for s in en)
    assert "[tariff]                                 # Cent" in de
    assert "[tariff]                                 # cents" in en
    # the keys and values are the same: only the comments differ
    def settings(lines):
        return [s.split("#")[0].rstrip() for s in lines if not s.startswith(("name =", "language ="))]

    assert settings(de) == settings(en)
