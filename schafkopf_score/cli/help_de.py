"""``--help`` in German, on a table whose language is German (issue 33, item 7).

The English help lives with the code (the commands' docstrings and their options' ``help=``) and
is what ``--help`` shows without a readable table, and what the generated reference
(``docs/reference/commands.md``) prints. Here is its German: a text per command (``COMMANDS``,
keyed by the command's path, ``""`` for ``schafkopf`` itself) and per option or argument
(``OPTIONS``, keyed by ``"PATH --option"`` or ``"PATH argument"``, or by the option alone where
every command that has it means the same). ``german_help(ctx)`` renders a command's help with
them: a copy of the command with the German texts (the command tree itself is never changed),
written by a formatter that says click's own words (``Aufruf:``, ``Optionen:``, ``[Vorgabe: ...]``)
in German. Imported only when ``--help`` is asked for on a German table."""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from typer._click.formatting import HelpFormatter

from ..export import FORMATS
from ..rules.registry import REGISTRY
from .usage import placeholder

_B = "\b\n"  # click keeps the lines after it as they are (the examples)

COMMANDS: dict[str, str] = {
    "": "Punkte und Tarife für Schafkopf, Wendisch, Deutschen Schafskopf und Sheepshead.\n\n"
        "Beispiel: schafkopf sheet",
    "calc": "Ein Spiel ausrechnen und erklären, ohne es einzutragen.\n\n" + _B
            + "Beispiel: schafkopf calc herzsolo an 105 l4\n"
              "Beispiel: schafkopf calc solo --player Anna --suit herz --augen 105 --laufende 4",
    "add": "Ein Spiel nach den Regeln des Tisches prüfen, eintragen und sagen, was es gezahlt hat.\n\n"
           "Die Antwort hat höchstens drei Zeilen: was eingetragen wurde, die Auszahlungen und wer als\n"
           "Nächstes gibt; -v zeigt das Spiel ganz und den Stand.\n\n" + _B
           + "Beispiel: schafkopf add sau an be 72 l3 k\n"
             "Beispiel: schafkopf add sauspiel --player Anna --partner Ben --augen 72 --laufende 3 --kontra",
    "draw": "Die Partner losen (Deutscher Schafskopf): die höchste Karte spielt mit der niedrigsten.\n\n"
            "Zeigt die gezogenen Karten und die Paare und trägt sie für das nächste Spiel ein.\n\n" + _B
            + "Beispiel: schafkopf new skopf.toml --family deutscher --players Anna,Ben,Cora,Dora\n"
              "Beispiel: schafkopf --table skopf.toml draw",
    "undo": "Das zuletzt eingetragene Spiel streichen (die Zeile bleibt im Spielbuch, als gestrichen).\n\n"
            + _B + 'Beispiel: schafkopf undo --reason "doppelt eingegeben"',
    "void": "Spiel N des offenen Abends streichen; die späteren Spiele werden neu gerechnet.\n\n"
            + _B + 'Beispiel: schafkopf void 2 --reason "falscher Partner"',
    "edit": "Spiel N korrigieren (die alte Zeile wird gestrichen, nie gelöscht); die späteren Spiele\n"
            "werden neu gerechnet.\n\n"
            "Ohne SPIEL ändert sich nur, was angegeben ist, und der Rest des Spiels bleibt\n"
            "(edit 16 k, edit 16 --kontra). Mit SPIEL wird das Spiel durch die Eingabe ersetzt.\n"
            "Wer das Spiel oder den Spieler ändert, braucht --yes (oder ein Ja am Terminal).\n\n" + _B
            + "Beispiel: schafkopf edit 3 re\n"
              'Beispiel: schafkopf edit 1 sau an co 72 --reason "falscher Partner"',
    "export": "Das Spielbuch des Abends ausgeben (oder --all): CSV, deutsches CSV, JSON (vollständig),\n"
              "Markdown, HTML, Text und mehr.\n\n" + _B
              + "xlsx ist eine Arbeitsmappe für Excel und LibreOffice (die Abrechnung, die Statistik, ein\n"
                "Blatt je Abend), geschrieben nach --out.\n\n" + _B
              + "Beispiel: schafkopf export --format html --out abend.html\n"
                "Beispiel: schafkopf export --format json --out abend.json\n"
                "Beispiel: schafkopf export --all --format xlsx --out saison.xlsx",
    "import": "Einen JSON-Export in ein leeres Spielbuch einlesen (es kommen dieselben Stände heraus).\n\n"
              "Jedes Spiel wird unter seinen eigenen Regeln nachgespielt, bevor etwas gespeichert wird;\n"
              "einen Export von mehr als ein paar tausend Spielen prüft ein Prozess je Kern.\n\n" + _B
              + "Beispiel: schafkopf new neu.toml --family bavarian --players Anna,Ben,Cora,Dora\n"
                "Beispiel: schafkopf --table neu.toml import abend.json\n"
                "Beispiel: schafkopf new saison.toml --family bavarian --players Anna,Ben,Cora,Dora\n"
                "Beispiel: schafkopf --table saison.toml import abend.json --jobs 1",
    "stats": "Je Spieler (Spiele, als Spielmacher, gewonnen, Geld) und je Spielart (Spiele, gewonnen,\n"
             "umgesetzt).\n\n" + _B + "Beispiel: schafkopf stats --all\nBeispiel: schafkopf stats --player Anna --all",
    "check": "Das Spielbuch prüfen: Nullsummen, Nachspielen gleich gespeicherten Auszahlungen, Stände\n"
             "beim Abschluss.\n\n"
             "Sagt, wie viele Abende und Spiele geprüft sind, Ende 0, wenn alles stimmt; nennt sonst\n"
             "jedes Problem, Ende 1. Ein abgeschlossener Abend, der stimmt, wird als geprüft markiert;\n"
             "eine spätere Prüfung spielt ihn nur nach, wenn sich eine seiner Zeilen geändert hat\n"
             "(--full spielt alles nach). --json sagt dazu, wie viele Abende nachgespielt, als\n"
             "geprüft übersprungen und neu markiert wurden.\n\n" + _B
             + "Beispiel: schafkopf check\nBeispiel: schafkopf check --full",
    "play": "Der Abend live: eine Zeile je Spiel in kurzen Wörtern, oder ein Befehl.\n\n"
            "Am Terminal mit Zeilenbearbeitung, Verlauf, Ergänzung und Statuszeile; sonst liest es die\n"
            "Zeilen von der Standardeingabe (Ende 0 am Schluss, 2, wenn eine Zeile abgelehnt wurde).\n"
            "Befehle (deutsch oder englisch): zurück, streichen N, ändern N WÖRTER, block, stand,\n"
            "abrechnung [--round C] [schließen], losen, spieler dazu|geht|umbenennen|liste, hilfe,\n"
            "ende.\n\n" + _B
            + "Beispiel: schafkopf play\n"
              "Beispiel: printf 'sau an be 72 l3 k\\nwenz co 80\\n' | schafkopf play",
    "new": "Eine neue Tischdatei schreiben, jeder Schlüssel ausgeschrieben.\n\n" + _B
           + "Beispiel: schafkopf new schafkopf.toml --family bavarian --players Anna,Ben,Cora,Dora --tariff 10/50",
    "rules": "Tarife und Hausregeln des Tisches zeigen (oder nur die Datei prüfen).\n\n" + _B
             + "Beispiel: schafkopf rules",
    "player": "Spieler kommen, gehen, heißen anders: die Sitzordnung ändert sich ab dem nächsten Spiel.\n\n"
              "Die Spielerzeile der Tischdatei wird neu geschrieben, und das Spielbuch hält die Änderung\n"
              "mit ihrer Spielnummer fest. Eine Umbenennung lässt die früheren Spiele, wie sie gespielt\n"
              "wurden, und zählt beide Namen in jedem Stand als einen Spieler.\n\n" + _B
              + "Beispiel: schafkopf player add Maxi --after Ben\n"
                "Beispiel: schafkopf player leave Cora\n"
                "Beispiel: schafkopf player rename Ben Benedikt\n"
                "Beispiel: schafkopf player list",
    "sheet": "Der Abend, wie ihn der Schafkopfblock zeigt: eine Zeile je Spiel, laufende Stände.\n\n"
             "Beträge stehen ohne Währung da (der Titel nennt sie einmal); Wert ist, was das Spiel\n"
             "wert war; die Spalte Stock erscheint, wenn ein Stock gespielt wurde. --all zeigt von einer\n"
             "Saison die letzten 200 Abende (--json jeden).\n\n" + _B
             + "Beispiel: schafkopf sheet\nBeispiel: schafkopf sheet --compact",
    "standings": "Der Stand jedes Spielers, der Stock und wer als Nächstes gibt (--all: eine Spalte je\n"
                 "Abend und die Summe).\n\n" + _B
                 + "Beispiel: schafkopf standings\nBeispiel: schafkopf standings --all\n"
                   "Beispiel: schafkopf standings --chart",
    "rating": "Die Spielstärke jedes Spielers aus allen Abenden des Tisches (im Turnier: aus jeder Runde).\n\n"
              "Jedes Spiel ist ein Vergleich seiner Parteien (Sauspiel 2 gegen 2, ein Solo 1 gegen 3, Ramsch\n"
              "jeder gegen jeden), gewichtet nach seinem Wert; der Bereich ist die Wertung plus oder minus zwei\n"
              "Sigma, und wer weniger als 30 gewertete Spiele hat, ist vorläufig. Jedes Mal aus dem Spielbuch\n"
              "berechnet (das Plackett-Luce-Modell von openskill), nie gespeichert: eine Korrektur ändert sie.\n\n"
              + _B + "Beispiel: schafkopf rating\nBeispiel: schafkopf rating --all --chart",
    "settle": "Die Stände verrechnen und die wenigsten Zahlungen nennen, die sie ausgleichen.\n\n"
              "--close hält fest, dass das Geld bezahlt ist (mit --round: die gerundeten Beträge);\n"
              "ein abgeschlossener Abend zeigt immer, was bezahlt wurde. --all ist die Saison: jeder\n"
              "abgeschlossene Abend, wie bezahlt, dazu der offene, und Zahlungen nur für das, was\n"
              "noch offen ist. Was im Stock bleibt, geht beim Abschluss, wie die Hausregel\n"
              "stock_at_close sagt. --player NAME zahlt einen Spieler jetzt aus\n"
              "(schafkopf settle --player Cora); --reopen N --reason R öffnet den letzten Abend\n"
              "wieder, um ihn zu korrigieren (der neue Abschluss zahlt den Unterschied).\n\n"
              "--tariff A/B oder --rules DATEI zeigt den Abend (--all: die Saison), wie er steht und wie\n"
              "er mit dem anderen Tarif stünde, je Spieler mit dem Unterschied; Spiele, die die anderen\n"
              "Regeln ablehnen, werden genannt. Es wird nichts gespeichert.\n\n" + _B
              + "Beispiel: schafkopf settle --round 50 --close\n"
                'Beispiel: schafkopf settle --reopen 1 --reason "Spiel 2 war ein Wenz"\n'
                "Beispiel: schafkopf settle --tariff 20/50",
    "serve": "Den Tisch (oder das Turnier) für Handys und einen Beamer bereitstellen, bis Strg-C.\n\n"
             "Zeigt für jede Rolle (host, view, im Turnier jeder Tisch: tisch N) einen Link mit\n"
             "Zugangscode, mit seinem QR-Code.\n\n" + _B
             + "Beispiel: schafkopf serve\n"
               "Beispiel: schafkopf serve --host 0.0.0.0 --port 8765\n"
               "Beispiel: schafkopf serve --host 0.0.0.0 --workers 2",
    "tournament": "Ein Turnier (Preisschafkopf): angemeldete Spieler, Tische je Runde gelost,\n"
                  "Turnierpunkte, die Rangliste.\n\n" + _B
                  + "Beispiel: schafkopf tournament new turnier.toml --players Anna,Ben,Cora,Dora,Emil,Fritz,Gabi,Hans,Ida\n"
                    "Beispiel: schafkopf --table turnier.toml tournament draw --seed 7\n"
                    "Beispiel: schafkopf --table turnier.toml tournament tables\n"
                    "Beispiel: schafkopf --table turnier.toml add --tisch 1 weiter\n"
                    "Beispiel: schafkopf --table turnier.toml tournament ranking",
    "tournament new": 'Die Datei eines Turniers schreiben (kind = "tournament"), jeder Schlüssel ausgeschrieben.\n\n'
                      + _B + "Beispiel: schafkopf tournament new cup.toml --players Anna,Ben,Cora,Dora,Emil "
                             "--rounds 2 --games 24",
    "tournament draw": "Die nächste Runde losen: Vierertische, ein Rest gibt Fünfertische (der Geber setzt\n"
                       "aus); spätere Runden verteilen (so viele verschiedene Gegner wie möglich), wenn die\n"
                       "Datei nichts anderes sagt. Jede Auslosung hält die Vorgaben für den Tag ein\n"
                       "(tournament fix, tournament apart) und nennt, was sie eingehalten hat.\n\n" + _B
                       + "Beispiel: schafkopf --table turnier.toml tournament draw --seed 7\n"
                         "Beispiel: schafkopf --table turnier.toml tournament draw --report\n"
                         'Beispiel: schafkopf --table turnier.toml tournament draw --redo --reason "Anna saß zweimal"',
    "tournament fix": "Einen Spieler bei jeder weiteren Auslosung an einen Tisch setzen (einer, der nicht\n"
                      "umziehen kann), bis --remove. Fürs Turnier festgehalten; draw --fix NAME=TISCH tut es\n"
                      "für eine Runde.\n\n" + _B + "Beispiel: schafkopf --table turnier.toml tournament fix Ida 1",
    "tournament apart": "Zwei Spieler bei jeder weiteren Auslosung trennen (ein Paar, zwei aus einem Verein),\n"
                        "bis --remove. Fürs Turnier festgehalten; draw --apart A,B tut es für eine Runde.\n\n"
                        + _B + "Beispiel: schafkopf --table turnier.toml tournament apart Anna Ben",
    "tournament swap": "Die Plätze zweier Spieler in der laufenden Runde tauschen (festgehalten), solange\n"
                       "keiner ihrer Tische etwas eingetragen hat.\n\n"
                       + _B + 'Beispiel: schafkopf --table turnier.toml tournament swap Cora Dora --reason "Cora saß '
                              'am falschen Tisch"',
    "tournament tables": "Die Tischlisten einer Runde, zum Drucken: wer an welchem Tisch sitzt, in\n"
                         "Sitzordnung (der Erste gibt zuerst), mit Startnummern, und wie viele Spiele jeder Tisch\n"
                         "eingetragen hat (oder seine Papiersummen).\n\n"
                         + _B + "Beispiel: schafkopf --table turnier.toml tournament tables --format html -o tische.html\n"
                                "Beispiel: schafkopf --table turnier.toml tournament tables --by-name --format html "
                                "-o eingang.html",
    "tournament enter": "Die ganze Liste eines Tisches am Ende einer Runde eintragen: jede Zeile wird zuerst\n"
                        "geprüft, dann werden alle auf einmal eingetragen, oder keine (ein Fehler nennt die\n"
                        "Zeile). Ein Tisch, der auf Papier geschrieben hat, gibt stattdessen seine\n"
                        "Endstände an: --totals Anna=12,Ben=-4,... (mit --solos und --won); falsche Summen\n"
                        "ersetzt --replace --reason R (oder streicht --void-totals), die früheren bleiben\n"
                        "verzeichnet. Eine Zeile ist ein Spiel in kurzen Wörtern (#17 nennt Startnummer 17;\n"
                        '"stefan w" einen Namen aus zwei Wörtern); wer ausgesetzt oder gegeben hat, wo es nicht\n'
                        "der Reihe nach ging, steht in der Zeile als --sitting-out NAME oder --dealer NAME.\n\n"
                        + _B + "Beispiel: printf 'weiter\\nweiter\\n' | schafkopf --table turnier.toml "
                               "tournament enter --tisch 2 -",
    "tournament sheet": "Der Block eines Tisches in einer Runde: jedes Spiel mit seinen Punkten und den\n"
                        "laufenden Ständen.\n\n"
                        + _B + "Beispiel: schafkopf --table turnier.toml tournament sheet --tisch 1",
    "tournament ranking": "Die Rangliste: Punkte (plus-minus, oder nur plus, wie die Vorgabe in [points]\n"
                          "sagt), dann gewonnene Solos, dann gewonnene Spiele, dann das Los. Ersatzspieler\n"
                          "zählen nicht; wer aufgehört hat, behält seinen Platz. Solange ein Tisch einer\n"
                          "gelosten Runde fehlt oder Runden noch zu losen sind, sagt sie vorläufig und was fehlt.\n\n"
                          + _B + "Beispiel: schafkopf --table turnier.toml tournament ranking --format csv "
                                 "-o rangliste.csv",
    "tournament prizes": "Wer welchen Preis bekommt, wie [prizes] in der Datei sagt (die ersten Plätze, der\n"
                         "mittlere Rang, der Vorletzte, der Letzte), mit dem Topf der Startgelder und dem Betrag\n"
                         "jedes Preises; ein Gleichstand wird erklärt (geteilt, mit dem Betrag je Spieler, oder\n"
                         "die Wertung, die entschied). Solange die Rangliste vorläufig ist, nur mit\n"
                         "--provisional.\n\n"
                         + _B + "Beispiel: schafkopf --table turnier.toml tournament prizes --provisional",
    "tournament sheets": "Die Blöcke einer Runde zum Drucken (A4, eine Seite je Tisch): die Plätze in\n"
                         "Reihenfolge, wer zuerst gibt und wer schreibt, eine nummerierte Zeile je Spiel,\n"
                         "eine Spalte je Spieler, eine Summenzeile, ein Feld für die Nullprobe, Unterschriften,\n"
                         "die Punkte unten.\n\n"
                         + _B + "Beispiel: schafkopf --table turnier.toml tournament sheets --round 1 -o bloecke.html",
    "tournament player": "Nachzügler und Abmeldungen (im Spielbuch festgehalten; die Datei bleibt, wie sie ist).",
    "tournament player add": "Einen Nachzügler anmelden: er wird ab der nächsten Runde gelost, ohne Punkte für\n"
                             "die Runden, die er verpasst hat. Die Datei des Turniers bleibt; das Spielbuch\n"
                             "hält es fest.\n\n"
                             + _B + "Beispiel: schafkopf --table turnier.toml tournament player add Xaver",
    "tournament player withdraw": "Einen Spieler abmelden: er behält seine Punkte und seinen Platz in der\n"
                                  "Rangliste, als abgemeldet, und wird nie wieder gelost. Ein Tisch, an dem er\n"
                                  "gerade sitzt, spielt die Runde fertig, wie er saß.\n\n"
                                  + _B + 'Beispiel: schafkopf --table turnier.toml tournament player withdraw '
                                         'Xaver --reason "Zug"',
}

OPTIONS: dict[str, str] = {
    # -- what every command that has it means alike -------------------------------------------------
    "--table": "Die Tischdatei (sonst schafkopf.toml hier).",
    "--version": "Die Version zeigen und beenden.",
    "--install-completion": "Die Ergänzung für die laufende Shell einrichten.",
    "--show-completion": "Die Ergänzung für die laufende Shell zeigen, zum Kopieren oder Anpassen.",
    "--help": "Diese Hilfe zeigen und beenden.",
    "--json": "Ein JSON-Objekt statt Text ausgeben.",
    "--session": "Nummer des Abends (sonst der letzte).",
    "--all": "Alle Abende zusammen.",
    "--tisch": "Turnier: die Tischnummer in der laufenden Runde (schafkopf tournament tables).",
    "--reason": "Warum (bleibt im Spielbuch).",
    "--round": "Turnier, mit --tisch: die Runde dieses Tisches (sonst die letzte), um eine Runde zu "
               "korrigieren, nachdem die nächste gelost ist.",
    "--out": "In diese Datei schreiben (in einem Zug) statt auf die Standardausgabe.",
    "game": "Das Spiel: sauspiel, solo, wenz, ... (die Spiele des Tisches: schafkopf rules).",
    "said": "Das Spiel in kurzen Wörtern: Namen, Augen, + oder -, l3, g1, k, re, sw, jf NAME, ...",
    "hand": "Die Spielnummer, wie sie auf dem Block steht.",
    # the options of an entry (calc, add, edit)
    "--player": "Spieler (Sheepshead: der Aufnehmer).",
    "--partner": "Partner des Spielers (wer die gerufene Sau hat).",
    "--augen": "Augen der Spielerseite 0-120; Ramsch/Leaster: NAME=N,...",
    "--schwarz": "Die Verliererseite hat keinen Stich gemacht.",
    "--laufende": "Laufende (mit oder ohne), als Anzahl.",
    "--kontra": "Kontra (verdoppelt).",
    "--re": "Re nach Kontra (verdoppelt).",
    "--sup": "Sup nach Re, wo der Tisch es erlaubt.",
    "--hirsch": "Hirsch nach Sup, wo der Tisch es erlaubt.",
    "--legen": "Wie viele gelegt haben (verdoppelt), wo der Tisch Legen spielt.",
    "--suit": "Trumpffarbe: eichel|gras|herz|schellen (französisch: kreuz|pik|herz|karo).",
    "--sau": "Sauspiel: die gerufene Sau, eichel|gras|schellen (freiwillig).",
    "--tout": "Tout bei einem Solo; dazu --won oder --lost.",
    "--won": "Gewonnen oder verloren (Tout, Bettel; sonst entscheiden die Augen).",
    "--ouvert": "Bettel ouvert (verdoppelt).",
    "--still": "Wendisch: stilles Solo dessen, der beide schwarzen Damen hat.",
    "--loser": "Ramsch: der Verlierer.",
    "--jungfrau": "Ramsch: wer keinen Stich gemacht hat (mehrfach möglich).",
    "--durchmarsch": "Ramsch: wer alle Stiche gemacht hat.",
    "--schieben": "Ramsch: wie viele geschoben haben, wo der Tisch es spielt; jedes Schieben verdoppelt.",
    "--alone": "Sheepshead: der Aufnehmer spielt allein.",
    "--crack": "Sheepshead: ein Gegner hat gecrackt (verdoppelt).",
    "--recrack": "Sheepshead: der Aufnehmer hat zurückgecrackt (verdoppelt noch einmal).",
    "--blitz": "Sheepshead: die schwarzen oder die roten Damen wurden gezeigt (Blitz, verdoppelt), "
               "wo der Tisch es spielt.",
    "--forced": "Das Spiel war ein Muss (alle haben gepasst).",
    "--zwang": "Deutscher Schafskopf: ein Zwangsspiel.",
    "--winner": "Leaster: der Gewinner.",
    "--no-trick": "Leaster: wer keinen Stich gemacht hat (mehrfach möglich).",
    "--sitting-out": "Wer dieses Spiel ausgesetzt hat (mehrfach möglich), statt der Reihe nach.",
    "--dealer": "Wer dieses Spiel gegeben hat, statt der Reihe nach.",
    "--comment": "Eine Notiz, die beim Spiel gespeichert wird.",
    # -- one command's own ----------------------------------------------------------------------------
    "add --verbose": "Das Spiel ganz und den Stand jedes Spielers zeigen.",
    "draw --seed": "Startwert fürs Mischen (für ein Los, das sich wiederholen lässt).",
    "edit game": "Das korrigierte Spiel; weglassen, um nur das Angegebene zu ändern.",
    "edit --yes": "Nicht nachfragen, wenn sich das Spiel oder der Spieler ändert.",
    "export --format": " | ".join(FORMATS),  # the formats' names, as the registry lists them
    "export --out": "In diese Datei schreiben (in einem Zug) statt auf die Standardausgabe; - ist die "
                    "Standardausgabe.",
    "import file": "Ein JSON-Export (schafkopf export --format json).",
    "import --jobs": "Prozesse, die einen großen Export nebeneinander prüfen (Vorgabe und höchstens: einer "
                     "je Kern; 1: dieser allein).",
    "check --full": "Jeden Abend nachspielen, auch die abgeschlossenen, die eine frühere Prüfung markiert hat.",
    "new path": "Wohin die Tischdatei geschrieben wird.",
    "new --family": " | ".join(REGISTRY),
    "new --players": "Die Namen in Sitzordnung, durch Kommas getrennt.",
    "new --preset": "official | wirtshaus (Bayerischer Schafkopf)",
    "new --tariff": "Grundtarife in Cent, z. B. 10/50 (oder 10/50/10).",
    "new --seats": "Spieler in einem Spiel (Vorgabe: 4, oder weniger Spieler).",
    "new --name": "Der Name des Tisches.",
    "new --language": "de | en (Vorgabe: de; Sheepshead en)",
    "new --currency": "EUR, USD, ... (Vorgabe: EUR; Sheepshead USD)",
    "new --force": "Eine vorhandene Datei überschreiben; ein vorhandenes Spielbuch benutzen.",
    "rules --check": "Nur die Tischdatei prüfen.",
    "player action": "add | leave | rename | list",
    "player names": "add NAME, leave NAME, rename ALT NEU.",
    "player --after": "add: der Platz nach diesem Spieler (Vorgabe: der letzte Platz).",
    "sheet --history": "Jede Korrektur mit Grund und Zeit auflisten.",
    "sheet --compact": "Eine Zeile je Spiel: Nummer, Spiel, Spieler, Wert, laufende Stände.",
    "settle --close": "Den Abend abschließen: speichert, was bezahlt wurde, wie ausgegeben.",
    "settle --round": "Aufs Bargeld runden, z. B. 50 Cent.",
    "add --round": "Turnier, mit --tisch: die Runde dieses Tisches (sonst die letzte), um ein Spiel einer Runde "
                   "nachzutragen, nachdem die nächste gelost ist.",
    "settle --from-balances": "Stände vom Papier verrechnen: A=..,B=..",
    "settle --player": "Den Stand dieses Spielers jetzt auszahlen (der Rest wird später verrechnet).",
    "settle --reopen": "Den abgeschlossenen Abend N wieder öffnen, um ihn zu korrigieren.",
    "settle --reason": "Warum der Abend wieder geöffnet wird (mit --reopen).",
    "settle --tariff": "Die eingetragenen Spiele noch einmal nach einem anderen Tarif bewerten (wie new --tariff "
                       "ihn liest), neben dem heutigen.",
    "settle --rules": "Die eingetragenen Spiele noch einmal nach [tariff] und [rules] einer anderen Tischdatei "
                      "bewerten.",
    "standings --chart": "Den Stand jedes Spielers über den Abend als Diagramm (--all: über die Saison).",
    "rating --chart": "Den Verlauf der Wertungen als Diagramm (ein Punkt je Abend; mit --json: der Verlauf jeder "
                      "Wertung).",
    "stats --player": "Die eigene Seite eines Spielers: Spiele und Geld je Spielart, Partner, Serien, Kontra, "
                      "die Wertung.",
    "rating --all": "Jeder, der hier je gespielt hat, nicht nur, wer jetzt am Tisch sitzt.",
    "settle --yes": "Mit --close und --player genommen wie in play (dieser Befehl fragt nichts).",
    "serve --host": "Die Adresse, auf der gelauscht wird (0.0.0.0: das lokale Netz).",
    "serve --port": "Der Port, auf dem gelauscht wird.",
    "serve --codes": "Die Zugangslinks und QR-Codes zeigen, nicht bereitstellen.",
    "serve --new-codes": "Jeden Zugangscode ersetzen (die alten Links gehen nicht mehr).",
    "serve --workers": "Serverprozesse auf dem Port: einer je Kern für einen Saal mit vielen Tischen "
                       "(nicht unter Windows).",
    "tournament new path": "Wohin die Datei des Turniers geschrieben wird.",
    "tournament new --players": "Die angemeldeten Spieler, durch Kommas getrennt.",
    "tournament new --players-file": "Die Spieler aus dieser Datei lesen (ein Name je Zeile), neben der "
                                     "Datei des Turniers.",
    "tournament new --rounds": "Wie viele Runden.",
    "tournament new --games": "Spiele je Runde an einem Vierertisch.",
    "tournament new --draw": "Runden nach der ersten: spread | random | ranking",
    "tournament new --days": "An wie vielen Tagen die Runden gespielt werden (eine Rangliste je Tag und "
                             "insgesamt).",
    "tournament new --short-tables": "Wo Vierer- und Fünfertische nicht alle setzen können (6, 7, 11 "
                                     "Spieler): standin | three",
    "tournament new --points": "plus-minus | plus-only",
    "tournament new --name": "Der Name des Turniers.",
    "tournament new --language": "de | en (Vorgabe: de)",
    "tournament new --force": "Eine vorhandene Datei überschreiben.",
    "tournament draw --by": "spread | random | ranking (Vorgabe: draw in der Datei; Runde 1 random).",
    "tournament draw --seed": "Startwert fürs Los (Vorgabe: seed in der Datei, sonst der von Runde 1, "
                              "sonst ein neuer; wird gezeigt).",
    "tournament draw --force": "Losen, obwohl Tische der Runde davor noch spielen.",
    "tournament draw --fix": "Einen Spieler an diesen Tisch setzen (mehrfach möglich; mit der Runde "
                             "festgehalten).",
    "tournament draw --apart": "Zwei Spieler auseinander halten (mehrfach möglich; mit der Runde "
                               "festgehalten).",
    "tournament draw --report": "Nichts losen: die Güte einer gelosten Runde zeigen (Paare, die sich "
                                "wieder treffen, je Spieler).",
    "tournament draw --round": "Mit --report: die Runde (Vorgabe: die letzte).",
    "tournament draw --redo": "Die laufende Runde neu losen (festgehalten), solange keiner ihrer Tische etwas "
                              "eingetragen hat.",
    "tournament draw --reason": "Mit --redo: warum (steht im Spielbuch).",
    "tournament fix name": "Der Spieler (Name, Teil davon oder Startnummer: 17 oder #17).",
    "tournament fix table": "Der Tisch, an dem er bei jeder weiteren Auslosung sitzt.",
    "tournament fix --remove": "Die Vorgabe wieder wegnehmen.",
    "tournament apart first": "Ein Spieler (Name, Teil davon oder Startnummer).",
    "tournament apart second": "Der andere Spieler.",
    "tournament apart --remove": "Die Vorgabe wieder wegnehmen.",
    "tournament swap first": "Ein Spieler der laufenden Runde.",
    "tournament swap second": "Der Spieler, mit dem er den Platz tauscht.",
    "tournament swap --reason": "Warum (steht im Spielbuch).",
    "tournament tables --by-name": "Jeder Spieler nach dem Alphabet, mit Startnummer und Tisch (die Liste für "
                                   "den Eingang).",
    "tournament enter --replace": "Mit --totals: die früher eingetragenen Summen des Tisches ersetzen "
                                  "(festgehalten; die früheren bleiben).",
    "tournament enter --void-totals": "Die Papiersummen des Tisches streichen (festgehalten; sie bleiben im "
                                      "Spielbuch): der Tisch hat wieder weder Spiele noch Summen.",
    "tournament enter --reason": "Mit --replace oder --void-totals: warum (steht im Spielbuch).",
    "tournament prizes --provisional": "Die Liste drucken, obwohl Tische oder Runden noch fehlen (als vorläufig "
                                       "markiert).",
    "tournament prizes --format": "text | html",
    "tournament prizes --out": "In diese Datei schreiben (in einem Zug) statt auf die Standardausgabe.",
    "tournament tables --round": "Die Runde (Vorgabe: die letzte).",
    "tournament tables --format": "text | csv | csv-de | html",
    "tournament enter --tisch": "Die Tischnummer (wie in den Tischlisten).",
    "tournament enter file": "Die Liste des Tisches, ein Spiel je Zeile in kurzen Wörtern; - liest "
                             "die Standardeingabe.",
    "tournament enter --round": "Die Runde (Vorgabe: die letzte): die fehlenden Spiele eines Tisches "
                                "aus einer Runde, nachdem die nächste gelost ist (draw --force).",
    "tournament enter --totals": "Statt einer Liste: die Endstände vom Papier, jeder Spieler des Tisches "
                                 "(zusammen null).",
    "tournament enter --solos": "Mit --totals: gewonnene Solos (0, wo keiner genannt ist).",
    "tournament enter --won": "Mit --totals: gewonnene Spiele (0, wo keiner genannt ist).",
    "tournament sheet --tisch": "Die Tischnummer (wie in den Tischlisten).",
    "tournament sheet --round": "Die Runde (Vorgabe: die letzte).",
    "tournament ranking --round": "Die Rangliste nach Runde R (Vorgabe: alle Runden bisher).",
    "tournament ranking --day": "Nur die Runden von Tag D (ein Turnier über mehrere Tage).",
    "tournament ranking --format": "text | csv | csv-de | html",
    "tournament prizes --day": "Die Preise von Tag D (Vorgabe: insgesamt).",
    "tournament sheets --round": "Die Runde (Vorgabe: die letzte).",
    "tournament sheets --format": "html",
    "tournament sheets --url-base": "Die Adresse des Tischservers: jeder Block bekommt einen QR-Code zur "
                                    "Seite seines Tisches (URL/tisch/N, mit dem Code des Tisches, sobald "
                                    "schafkopf serve die Codes gemacht hat).",
    "tournament player add name": "Der Name des Nachzüglers.",
    "tournament player withdraw name": "Wer sich abmeldet (eindeutiger Anfang des Namens).",
    "tournament player withdraw --reason": "Warum (steht im Spielbuch).",
}

# click's own words in its help, and the metavars typer makes of a type
_WORDS = {"Options": "Optionen", "Arguments": "Argumente", "Commands": "Befehle"}
_EXTRAS = (("[default: ", "[Vorgabe: "), ("[required]", "[Pflicht]"), ("env var: ", "Umgebungsvariable: "),
           ("; required]", "; Pflicht]"), ("Show this message and exit.", OPTIONS["--help"]))
_METAVARS = {"<str>": "<Text>", "<int>": "<Zahl>", "<integer>": "<Zahl>", "<float>": "<Zahl>", "<path>": "<Pfad>"}


def text_of(path: str, param: Any) -> str | None:
    """The German help of a parameter of the command at ``path``: its own, else the one every
    command that has it shares; None where there is none."""
    name = param.opts[0] if param.param_type_name == "option" and param.opts else param.name
    return OPTIONS.get(f"{path} {name}".strip()) or OPTIONS.get(name or "")


def _metavar(text: str) -> str:
    """A placeholder in German: ``FILE`` is ``DATEI``, ``[WORDS]...`` is ``[WÖRTER]...``."""
    return re.sub(r"[A-Za-z_]+", lambda m: placeholder(m.group(0), "de"), text)


def translated(cmd: Any, path: str) -> Any:
    """A copy of a command (and of its parameters and subcommands) with the German texts."""
    german = copy.copy(cmd)
    german.help = COMMANDS.get(path, cmd.help)
    german.short_help = None
    params = []
    for param in cmd.params:
        mine = copy.copy(param)
        mine.help = text_of(path, param) or param.help
        if param.param_type_name == "argument":
            mine.metavar = _metavar(param.metavar or param.name or "")
        elif param.metavar:
            mine.metavar = _metavar(param.metavar)
        params.append(mine)
    german.params = params
    subcommands = getattr(cmd, "commands", None)
    if isinstance(subcommands, dict):
        german.commands = {name: translated(sub, f"{path} {name}".strip()) for name, sub in subcommands.items()}
    return german


class GermanFormatter(HelpFormatter):
    """click's help formatter saying its own words in German: ``Aufruf:``, the sections'
    headings, ``[Vorgabe: ...]``, ``[Pflicht]`` and the placeholders of the usage line."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        args = re.sub(r"(?<![\w-])(OPTIONS|COMMAND|ARGS)(?![\w-])", lambda m: placeholder(m.group(1), "de"), args)
        super().write_usage(prog, args, "Aufruf: ")

    @contextmanager
    def section(self, name: str) -> Iterator[None]:
        with super().section(_WORDS.get(name, name)):
            yield

    def write_dl(self, rows: Sequence[tuple[str, str]], col_max: int = 30, col_spacing: int = 2) -> None:
        german = []
        for first, second in rows:
            for english, mine in _METAVARS.items():
                first = first.replace(english, mine)
            for english, mine in _EXTRAS:
                second = second.replace(english, mine)
            german.append((first, second))
        super().write_dl(german, col_max, col_spacing)


def german_help(ctx: Any) -> str:
    """The ``--help`` of the context's command in German, at the context's width."""
    names = []
    at = ctx
    while at.parent is not None:
        names.append(at.info_name or "")
        at = at.parent
    path = " ".join(reversed(names))
    formatter = GermanFormatter(width=ctx.terminal_width, max_width=ctx.max_content_width)
    translated(ctx.command, path).format_help(ctx, formatter)
    return formatter.getvalue().rstrip("\n")
