"""Messages of the cli part of the program (id -> English, German)."""

MESSAGES: dict[str, tuple[str, str]] = {
    # -- errors the command layer meets (app.py) ---------------------------------------------
    "cli.os_error": ("{problem}{where}.", "{problem}{where}."),
    "cli.os_error_hint": (
        "A hand this command records is committed before its answer is printed; "
        "schafkopf sheet shows what the ledger holds.",
        "Ein Spiel, das dieser Befehl einträgt, ist gespeichert, bevor die Antwort erscheint; "
        "schafkopf sheet zeigt, was im Spielbuch steht."),
    "cli.ledger_full": ("The ledger cannot be written: {problem}.", "Das Spielbuch kann nicht geschrieben werden: {problem}."),
    "cli.ledger_full_hint": ("Nothing of this command was recorded; make room on the disk and try again.",
                             "Von diesem Befehl wurde nichts eingetragen; schaff Platz auf der Platte und versuch es noch einmal."),
    "cli.ledger_read_only_hint": (
        "Nothing of this command was recorded; the ledger file or its folder may not be written: allow writing "
        "(file permissions, a read-only disk or share) and try again.",
        "Von diesem Befehl wurde nichts eingetragen; die Datei des Spielbuchs oder ihr Ordner darf nicht "
        "beschrieben werden: erlaub das Schreiben (Dateirechte, schreibgeschützter Datenträger oder Freigabe) "
        "und versuch es noch einmal."),
    "cli.ledger_unusable": ("The ledger cannot be used: {problem}.", "Das Spielbuch kann nicht benutzt werden: {problem}."),
    "cli.ledger_unusable_hint": (
        "It was left as it is. If it is damaged, restore a backup; if busy, try again.",
        "Es blieb unverändert. Ist es beschädigt, spiel eine Sicherung zurück; ist es belegt, versuch es noch einmal."),
    "cli.internal_error": (
        "Internal error ({problem}). Please report it; the ledger is unchanged unless the command said it "
        "recorded something.",
        "Interner Fehler ({problem}). Bitte melde ihn; das Spielbuch ist unverändert, außer der Befehl hat "
        "gesagt, dass er etwas eingetragen hat."),
    # click's usage errors, for a German table (an English one gets click's own words)
    "cli.usage": ("Usage:", "Aufruf:"),
    "cli.usage_help": ("Try '{command} {option}' for help.", "Hilfe: '{command} {option}'."),
    # the placeholders of a usage line
    "cli.usage_word_options": ("OPTIONS", "OPTIONEN"),
    "cli.usage_word_command": ("COMMAND", "BEFEHL"),
    "cli.usage_word_args": ("ARGS", "ARGUMENTE"),
    "cli.usage_word_game": ("GAME", "SPIEL"),
    "cli.usage_word_words": ("WORDS", "WÖRTER"),
    "cli.usage_word_path": ("path", "Pfad"),
    "cli.usage_word_hand": ("hand", "Nummer"),
    "cli.click_no_such_option": ("No such option: {option}.", "Diese Option gibt es nicht: {option}."),
    "cli.click_needs_value": ("Option '{option}' requires an argument.", "Die Option '{option}' braucht einen Wert."),
    "cli.click_missing_argument": ("Missing argument {name}.", "Es fehlt {name}."),
    "cli.click_missing_option": ("Missing option {name}.", "Es fehlt die Option {name}."),
    "cli.click_bad_value": ("Invalid value for {param}: {problem}", "Falscher Wert für {param}: {problem}"),
    "cli.click_not_a_number": ("{value} is not a valid integer.", "{value} ist keine ganze Zahl."),
    "cli.click_not_one_of": ("{value} is not one of {choices}.", "{value} ist keins von {choices}."),
    "cli.click_no_such_command": ("No such command {name}.", "Einen Befehl {name} gibt es nicht."),
    "cli.click_did_you_mean": ("Did you mean {names}?", "Meintest du {names}?"),
    "cli.click_extra_arguments": ("Got unexpected extra arguments ({words})", "Unerwartete weitere Wörter: {words}"),
    "cli.interrupted": ("Interrupted; nothing half-written was kept.", "Abgebrochen; nichts Halbfertiges wurde behalten."),
    "cli.output_failed": (
        "the output could not be written ({problem}). A hand this command records is committed before its "
        "answer is printed; schafkopf sheet shows what the ledger holds.",
        "die Ausgabe konnte nicht geschrieben werden ({problem}). Ein Spiel, das dieser Befehl einträgt, ist "
        "gespeichert, bevor die Antwort erscheint; schafkopf sheet zeigt, was im Spielbuch steht."),

    # -- a hand's result (render.py) ---------------------------------------------------------
    "cli.wins_one": ("{names} wins.", "{names} gewinnt."),
    "cli.wins_many": ("{names} win.", "{names} gewinnen."),
    "cli.loses_one": ("{names} loses.", "{names} verliert."),
    "cli.loses_many": ("{names} lose.", "{names} verlieren."),
    "cli.stock": ("Stock", "Stock"),
    "cli.seating_one": ("(Dealer: {dealer}; {names} sits out)", "(Geber: {dealer}; {names} setzt aus)"),
    "cli.seating_many": ("(Dealer: {dealer}; {names} sit out)", "(Geber: {dealer}; {names} setzen aus)"),
    "cli.next_dealer": ("Next dealer: {dealer}", "Nächster Geber: {dealer}"),
    "cli.next_dealer_one": ("Next dealer: {dealer} ({names} sits out)", "Nächster Geber: {dealer} ({names} setzt aus)"),
    "cli.next_dealer_many": ("Next dealer: {dealer} ({names} sit out)", "Nächster Geber: {dealer} ({names} setzen aus)"),
    "cli.recorded": ("Hand {hand} recorded:", "Spiel {hand} eingetragen:"),
    "cli.recorded_short": ("Hand {hand} recorded: {game}.", "Spiel {hand} eingetragen: {game}."),
    "cli.recorded_verdict": ("Hand {hand} recorded: {game}. {verdict}", "Spiel {hand} eingetragen: {game}. {verdict}"),
    "cli.balance_head": ("Balance:", "Stand:"),
    "cli.hand_corrected": ("Hand {hand} corrected: {before} -> {after}", "Spiel {hand} korrigiert: {before} -> {after}"),
    "cli.hand_line": ("Hand {hand}: {game} | {payouts} | {dealer}", "Spiel {hand}: {game} | {payouts} | {dealer}"),
    "cli.payout": ("{name} {amount}", "{name} {amount}"),
    "cli.more_with_verbose": ("more with -v", "mehr mit -v"),

    # -- the sheet ---------------------------------------------------------------------------
    "cli.sheet_title": ("{name}: Session {session} ({status})", "{name}: Abend {session} ({status})"),
    "cli.sheet_title_unit": ("{name}: Session {session} ({status}), amounts in {unit}",
                             "{name}: Abend {session} ({status}), Beträge in {unit}"),
    "cli.sheet_title_points": ("{name}: Session {session} ({status}), in points",
                               "{name}: Abend {session} ({status}), in Punkten"),
    "cli.sheet_title_strokes": ("{name}: Session {session} ({status}), in strokes",
                                "{name}: Abend {session} ({status}), in Strichen"),
    "cli.closed": ("closed", "abgeschlossen"),
    "cli.open": ("open", "offen"),
    "cli.col_dealer": ("Dealer", "Geber"),
    "cli.col_game": ("Game", "Spiel"),
    "cli.col_declarer": ("Declarer", "Spieler"),
    "cli.col_value": ("Value", "Wert"),
    "cli.col_player": ("Player", "Spieler"),
    "cli.col_balance": ("Balance", "Stand"),
    "cli.col_total": ("Total", "Summe"),
    "cli.void": ("void", "gestrichen"),
    "cli.edited": ("edited", "korrigiert"),
    "cli.void_mark": ("({mark})", "({mark})"),
    "cli.void_mark_reason": ("({mark}: {reason})", "({mark}: {reason})"),
    "cli.edited_note": ("* = edited", "* = korrigiert"),
    "cli.closing_row": ("Closing →", "Abschluss →"),
    "cli.stock_row": ("Stock →", "Stock →"),
    # short game labels for the sheet: the suit's initial and the game's short word
    "cli.short_suited": ("{suit}-{game}", "{suit}-{game}"),
    "cli.short_tout": ("{label} tout", "{label}-Tout"),
    "cli.short_sauspiel": ("Sau", "Sau"),
    "cli.short_hochzeit": ("Hochz.", "Hochz."),
    "cli.short_solo": ("Solo", "Solo"),
    "cli.short_wenz": ("Wenz", "Wenz"),
    "cli.short_geier": ("Geier", "Geier"),
    "cli.short_farbwenz": ("Wenz", "Wenz"),
    "cli.short_farbgeier": ("Geier", "Geier"),
    "cli.short_sie": ("Sie", "Sie"),
    "cli.short_bettel": ("Bettel", "Bettel"),
    "cli.short_ramsch": ("Ramsch", "Ramsch"),
    "cli.short_weiter": ("Passed", "Weiter"),
    "cli.short_normal": ("Normal", "Normal"),
    "cli.short_still": ("Silent", "Still"),
    "cli.short_jeder": ("Each", "Jeder"),
    "cli.short_spiel": ("Game", "Spiel"),
    "cli.short_draw": ("Draw", "Los"),
    "cli.short_pick": ("Pick", "Aufn."),
    "cli.short_leaster": ("Leaster", "Leaster"),
    "cli.short_doubler": ("Doubler", "Doubler"),
    "cli.suit_eichel": ("A", "E"),
    "cli.suit_gras": ("L", "G"),
    "cli.suit_herz": ("H", "H"),
    "cli.suit_schellen": ("B", "S"),
    "cli.suit_kreuz": ("C", "Kr"),
    "cli.suit_pik": ("S", "P"),
    "cli.suit_karo": ("D", "Ka"),
    "cli.suit_clubs": ("C", "Kr"),
    "cli.suit_spades": ("S", "P"),
    "cli.suit_hearts": ("H", "H"),
    "cli.suit_diamonds": ("D", "Ka"),

    # -- standings and settlement ------------------------------------------------------------
    "cli.standings_title": ("{name}: Session {session}", "{name}: Abend {session}"),
    "cli.standings_title_total": ("{name}: Total", "{name}: Summe"),
    "cli.season_title": ("{name}: Season", "{name}: Saison"),
    "cli.season_open": ("(open)", "(offen)"),
    "cli.settle_head": ("Balance:", "Stand:"),
    "cli.settle_head_session": ("Balance (Session {session}):", "Stand (Abend {session}):"),
    "cli.settle_head_closed": ("Balance (Session {session}, closed):", "Stand (Abend {session}, abgeschlossen):"),
    "cli.settle_head_season": ("Balance (Season, {count} sessions):", "Stand (Saison, {count} Abende):"),
    "cli.settle_head_season_one": ("Balance (Season, 1 session):", "Stand (Saison, 1 Abend):"),
    "cli.stock_back": ("goes back in equal shares at the close, already counted in the transfers",
                       "geht beim Abschluss zu gleichen Teilen zurück, im Ausgleich schon eingerechnet"),
    "cli.rounded": ("Rounded to {amount}: {moves}", "Gerundet auf {amount}: {moves}"),
    "cli.paid_before": ("Already paid: Session {sessions}.", "Schon bezahlt: Abend {sessions}."),
    "cli.transfers": ("Transfers:", "Ausgleich:"),
    "cli.outstanding": ("Still open:", "Noch offen:"),
    "cli.outstanding_session": ("Still open (Session {session}):", "Noch offen (Abend {session}):"),
    "cli.nothing_owed": ("Nobody owes anything.", "Niemand muss zahlen."),
    "cli.warning": ("Warning: {text}", "Achtung: {text}"),
    "cli.session_closed": ("Session {session} closed.", "Abend {session} abgeschlossen."),
    "cli.pays": ("{payer} pays {payee} {amount}", "{payer} zahlt {payee} {amount}"),
    "cli.round_not_positive": ("--round {value} is not a positive number of cents.",
                               "--round {value} ist keine positive Zahl von Cent."),
    "cli.round_not_positive_hint": ("Give e.g. --round 50.", "Gib z. B. --round 50 an."),
    "cli.from_balances_close": ("--from-balances settles a paper sheet; it cannot close a session.",
                                "--from-balances rechnet einen Zettel ab; damit lässt sich kein Abend abschließen."),
    "cli.drop_close": ("Drop --close.", "Lass --close weg."),
    "cli.amount_as_printed": ("Write amounts as settle prints them, like {first} or {second}: "
                              "--from-balances Anna=3.40,Ben=-1.15,Cora=-2.25.",
                              "Schreib Beträge, wie settle sie zeigt, etwa {first} oder {second}: "
                              "--from-balances Anna=3,40,Ben=-1,15,Cora=-2,25."),
    "cli.season_empty": ("No games recorded yet: the season has nothing to settle.",
                         "Noch keine Spiele eingetragen: in der Saison gibt es nichts abzurechnen."),
    "cli.close_open_only": ("--close closes the open session only.", "--close schließt nur den offenen Abend ab."),
    "cli.drop_session_all": ("Drop --session/--all.", "Lass --session/--all weg."),

    # -- corrections (game_cmds.py, play) ----------------------------------------------------
    "cli.voided": ("Hand {hand} ({game}) is void; the ledger keeps it, marked void.",
                   "Spiel {hand} ({game}) ist gestrichen; das Spielbuch behält es, als gestrichen markiert."),
    "cli.voided_short": ("Hand {hand} ({game}): void.", "Spiel {hand} ({game}): gestrichen."),
    "cli.repriced": ("Hand {hand} re-priced: {changes}", "Spiel {hand} neu bewertet: {changes}"),
    "cli.edit_no_change": ("edit {hand} names no change.", "edit {hand} nennt keine Änderung."),
    "cli.edit_no_change_hint": (
        "Give what changes (e.g. schafkopf edit {hand} k, or --kontra), or the whole corrected game.",
        "Gib an, was sich ändert (z. B. schafkopf edit {hand} k, oder --kontra), oder das ganze korrigierte Spiel."),
    "cli.edit_left": ("Hand {hand} was left as it is.", "Spiel {hand} blieb, wie es war."),
    "cli.edit_changes": ("That edit changes the game or the declarer of hand {hand}: {change}.",
                         "Diese Korrektur ändert das Spiel oder den Spieler von Spiel {hand}: {change}."),
    "cli.edit_changes_hint": ("Add --yes if that is what you mean.", "Häng --yes an, wenn du das so meinst."),
    "cli.edit_confirm": ("Hand {hand}: {change}. Change the game or the declarer?",
                         "Spiel {hand}: {change}. Spiel oder Spieler ändern?"),

    # -- sheet --history ---------------------------------------------------------------------
    "cli.no_corrections": ("No corrections.", "Keine Korrekturen."),
    "cli.history_line": ("{at}  session {session} hand {hand} ({game})  {kind}",
                         "{at}  Abend {session} Spiel {hand} ({game})  {kind}"),
    "cli.history_line_reason": ("{at}  session {session} hand {hand} ({game})  {kind}: {reason}",
                                "{at}  Abend {session} Spiel {hand} ({game})  {kind}: {reason}"),
    "cli.kind_void": ("void", "gestrichen"),
    "cli.kind_undo": ("undone", "zurückgenommen"),
    "cli.kind_edit": ("edited", "korrigiert"),
    "cli.kind_restated": ("restated", "neu berechnet"),

    # -- new and rules (table_cmds.py) -------------------------------------------------------
    "cli.new_wrote": ("Wrote {path} ({family}, {players}; {seats} seats).",
                      "{path} geschrieben ({family}, {players}; {seats} Plätze)."),
    "cli.new_next": ("Next: schafkopf --table {path} add ...", "Weiter mit: schafkopf --table {path} add ..."),
    "cli.new_no_players": ("new needs the players.", "new braucht die Spieler."),
    "cli.new_no_players_hint": ("Add --players Anna,Ben,Cora,Dora (seating order).",
                                "Häng --players Anna,Ben,Cora,Dora an (in Sitzordnung)."),
    "cli.new_name_clash": ("{why}; a player of that name could not be entered.",
                           "{why}; ein Spieler dieses Namens ließe sich nicht eintragen."),
    "cli.new_name_clash_hint": ("Give {name} another spelling (a nickname, or with the surname's initial).",
                                "Schreib {name} anders (ein Spitzname, oder mit dem Anfangsbuchstaben des Nachnamens)."),
    "cli.new_language": ("--language {language} is not supported.", "--language {language} gibt es nicht."),
    "cli.new_language_hint": ("Use de or en.", "Nimm de oder en."),
    "cli.new_needs_file": ("new needs the path of a file.", "new braucht den Pfad einer Datei."),
    "cli.new_needs_file_hint": ("Give it like: schafkopf new stammtisch.toml ...",
                                "Gib ihn so an: schafkopf new stammtisch.toml ..."),
    "cli.new_target": ("{path} {problem}; a table file cannot replace it.",
                       "{path} {problem}; eine Tischdatei kann das nicht ersetzen."),
    "cli.choose_other_path": ("Choose another path.", "Nimm einen anderen Pfad."),
    "cli.new_exists": ("{path} exists already; it was left as it is.", "{path} gibt es schon; es blieb, wie es war."),
    "cli.new_exists_hint": ("Choose another path, or add --force.", "Nimm einen anderen Pfad, oder häng --force an."),
    "cli.new_no_folder": ("The folder {folder} does not exist.", "Den Ordner {folder} gibt es nicht."),
    "cli.new_no_folder_hint": ("Create it first, or choose another path.",
                               "Leg ihn zuerst an, oder nimm einen anderen Pfad."),
    "cli.new_ledger_there": ("A ledger is already at {ledger}; a new table file here would take over its games.",
                             "Bei {ledger} liegt schon ein Spielbuch; eine neue Tischdatei hier würde seine Spiele "
                             "übernehmen."),
    "cli.new_ledger_there_hint": (
        "Move that ledger away (or choose another path) for a new table; to keep using it, add --force.",
        "Für einen neuen Tisch schieb das Spielbuch weg (oder nimm einen anderen Pfad); um es weiter zu benutzen, "
        "häng --force an."),
    "cli.rules_head": ("{name} ({family}), {path}", "{name} ({family}), {path}"),
    "cli.rules_players": ("Players: {players}; {seats} seats; deck {deck}; ledger {ledger}",
                          "Spieler: {players}; {seats} Plätze; Blatt {deck}; Spielbuch {ledger}"),
    "cli.rules_ok": ("{path}: OK ({family}, {count} players, {seats} seats).",
                     "{path}: OK ({family}, {count} Spieler, {seats} Plätze)."),
    "cli.col_key": ("key", "Schlüssel"),
    "cli.col_amount": ("amount", "Betrag"),
    "cli.col_setting": ("value", "Wert"),
    "cli.col_meaning": ("meaning", "Bedeutung"),
    "cli.deck_long": ("long (32 cards)", "lang (32 Karten)"),
    "cli.deck_short": ("short (24 cards)", "kurz (24 Karten)"),
    "cli.deck_short20": ("short (20 cards)", "kurz (20 Karten)"),

    # -- export, import, check (ledger_cmds.py) ----------------------------------------------
    "cli.export_format": ("--format {fmt} is not an export format.", "--format {fmt} ist kein Exportformat."),
    "cli.export_format_hint": ("Choose one of {formats}.", "Nimm eins von {formats}."),
    "cli.out_empty": ("--out was given an empty file name; nothing was written.",
                      "--out hat einen leeren Dateinamen bekommen; nichts wurde geschrieben."),
    "cli.out_empty_hint": ("Give a file ({example}), or --out - for standard output.",
                           "Gib eine Datei an ({example}), oder --out - für die Standardausgabe."),
    "cli.out_folder": ("names a folder", "ist ein Ordner"),
    "cli.out_target": ("--out {out} {problem}; it was left as it is and nothing was written.",
                       "--out {out} {problem}; es blieb, wie es war, und nichts wurde geschrieben."),
    "cli.out_target_hint": (
        "Give a regular file's path ({example}); for standard output leave out --out or give --out -.",
        "Gib den Pfad einer gewöhnlichen Datei an ({example}); für die Standardausgabe lass --out weg oder gib "
        "--out - an."),
    "cli.out_no_folder": ("The folder {folder} does not exist.", "Den Ordner {folder} gibt es nicht."),
    "cli.out_no_folder_hint": ("Create it, or choose another --out path.",
                               "Leg ihn an, oder nimm einen anderen --out-Pfad."),
    "cli.out_not_folder": ("{folder} is not a folder; nothing was written.",
                           "{folder} ist kein Ordner; nichts wurde geschrieben."),
    "cli.other_out_path": ("Choose another --out path.", "Nimm einen anderen --out-Pfad."),
    "cli.cannot_write": ("Cannot write {target}: {problem}. Nothing was written.",
                         "{target} lässt sich nicht schreiben: {problem}. Nichts wurde geschrieben."),
    "cli.cannot_write_kept": ("Cannot write {target}: {problem}. Nothing was written; {target} was left as it is.",
                              "{target} lässt sich nicht schreiben: {problem}. Nichts wurde geschrieben; {target} "
                              "blieb, wie es war."),
    "cli.disk_full_hint": ("The disk is full: free some space, or choose another --out path.",
                           "Die Platte ist voll: schaff Platz, oder nimm einen anderen --out-Pfad."),
    "cli.read_only_hint": (
        "That folder cannot be written to (read-only, or no permission): choose another --out path.",
        "In diesen Ordner lässt sich nicht schreiben (schreibgeschützt, oder keine Berechtigung): nimm einen "
        "anderen --out-Pfad."),
    "cli.own_table_file": ("this table's table file", "die Tischdatei dieses Tisches"),
    "cli.own_ledger": ("this table's ledger", "das Spielbuch dieses Tisches"),
    "cli.own_journal": ("this table's ledger journal", "das Journal des Spielbuchs dieses Tisches"),
    "cli.out_own_file": ("--out {out} is {what} ({path}); the export would replace it, so nothing was written.",
                         "--out {out} ist {what} ({path}); der Export würde es ersetzen, darum wurde nichts "
                         "geschrieben."),
    "cli.out_own_file_hint": ("Choose another file, e.g. {example}.", "Nimm eine andere Datei, z. B. {example}."),
    "cli.stdout_failed": ("Cannot write the export to standard output: {problem}.",
                          "Der Export lässt sich nicht auf die Standardausgabe schreiben: {problem}."),
    "cli.stdout_failed_hint": ("Write it to a file instead ({example}).", "Schreib ihn stattdessen in eine Datei ({example})."),
    "cli.export_wrote_one": ("Wrote {target} ({fmt}, 1 session).", "{target} geschrieben ({fmt}, 1 Abend)."),
    "cli.export_wrote": ("Wrote {target} ({fmt}, {count} sessions).", "{target} geschrieben ({fmt}, {count} Abende)."),
    "cli.import_no_file": ("No file at {file}.", "Keine Datei bei {file}."),
    "cli.import_hint": ("Give the path of a JSON export.", "Gib den Pfad eines JSON-Exports an."),
    "cli.import_jobs": ("--jobs must be at least 1, not {n}.", "--jobs muss mindestens 1 sein, nicht {n}."),
    "cli.import_jobs_hint": ("Leave it out to use one process per core, or give --jobs 1 for this one alone.",
                             "Lass es weg, um einen Prozess je Kern zu nutzen, oder gib --jobs 1 für diesen allein."),
    "cli.import_unreadable": ("Cannot read {file}: {problem}.", "{file} lässt sich nicht lesen: {problem}."),
    "cli.import_not_export": ("{file} is not a JSON export ({problem}).", "{file} ist kein JSON-Export ({problem})."),
    "cli.import_too_deep": ("nested too deeply", "zu tief verschachtelt"),
    "cli.import_not_export_hint": ("Give a file written by: schafkopf export --format json --out FILE.",
                                   "Gib eine Datei an, die so geschrieben wurde: schafkopf export --format json "
                                   "--out DATEI."),
    "cli.imported": ("Imported {count} game rows into {path}.", "{count} Spielzeilen in {path} eingelesen."),

    # -- play --------------------------------------------------------------------------------
    # the help of play: examples of the table's own family (a Sheepshead table has no Sauspiel)
    "cli.play_help_bavarian": (
        "One line a hand, in short words:\n"
        "  sau an be 72 l3 k      Sauspiel Anna with Ben, 72 Augen, 3 Laufende, Kontra\n"
        "  herzsolo co 105 l4 g1  Heart solo Cora, 105, 4 Laufende, one player laid\n"
        "  wenz do tout +         Wenz tout Dora, won               bettel be -   Bettel Ben, lost\n"
        "  ramsch be jf do        Ramsch, Ben loses, Dora Jungfrau              weiter   all passed",
        "Eine Zeile je Spiel, in kurzen Wörtern:\n"
        "  sau an be 72 l3 k      Sauspiel Anna mit Ben, 72 Augen, 3 Laufende, Kontra\n"
        "  herzsolo co 105 l4 g1  Herz-Solo Cora, 105, 4 Laufende, einer hat gelegt\n"
        "  wenz do tout +         Wenz-Tout Dora, gewonnen      bettel be -   Bettel Ben, verloren\n"
        "  ramsch be jf do        Ramsch, Ben verliert, Dora Jungfrau         weiter   alle passen"),
    "cli.play_help_wendish": (
        "One line a hand, in short words:\n"
        "  normal an be 72     Normal game Anna with Ben, 72 Augen\n"
        "  hochzeit co do 95   Hochzeit Cora with Dora, 95 Augen\n"
        "  solo do still 80    Silent solo Dora, 80          kreuzsolo be 40   Club solo Ben, 40",
        "Eine Zeile je Spiel, in kurzen Wörtern:\n"
        "  normal an be 72     Normalspiel Anna mit Ben, 72 Augen\n"
        "  hochzeit co do 95   Hochzeit Cora mit Dora, 95 Augen\n"
        "  solo do still 80    Stilles Solo Dora, 80         kreuzsolo be 40   Kreuz-Solo Ben, 40"),
    "cli.play_help_deutscher": (
        "One line a hand, in short words (the trump party and its Augen):\n"
        "  spiel an co 75         Anna and Cora, 75 Augen\n"
        "  spiel be do 28 zwang   Ben and Dora, 28 Augen, a forced game",
        "Eine Zeile je Spiel, in kurzen Wörtern (die Trumpfpartei und ihre Augen):\n"
        "  spiel an co 75         Anna und Cora, 75 Augen\n"
        "  spiel be do 28 zwang   Ben und Dora, 28 Augen, Zwangsspiel"),
    "cli.play_help_sheepshead": (
        "One line a hand, in short words:\n"
        "  pick be eva 94           Ben picks, Eva is his partner, 94 points\n"
        "  pick an alone 40 crack   Anna picks and plays alone, 40 points, cracked\n"
        "  leaster co               a leaster, won by Cora",
        "Eine Zeile je Spiel, in kurzen Wörtern:\n"
        "  pick be eva 94           Ben nimmt auf, Eva ist Partnerin, 94 Punkte\n"
        "  pick an alone 40 crack   Anna nimmt auf und spielt allein, 40 Punkte, Crack\n"
        "  leaster co               ein Leaster, gewonnen von Cora"),
    "cli.play_greeting": ("One line a hand, in short words (help, quit)",
                          "Eine Zeile je Spiel, in kurzen Wörtern (hilfe, ende)"),
    "cli.play_same_entry": ("That is the same entry as the hand before. Record it again?",
                            "Das ist derselbe Eintrag wie beim Spiel davor. Noch einmal eintragen?"),
    "cli.play_not_recorded": ("Not recorded.", "Nicht eingetragen."),
    "cli.play_left": ("Left as it is.", "Blieb, wie es war."),
    "cli.play_unreadable": ("The line cannot be read: {problem}.", "Die Zeile lässt sich nicht lesen: {problem}."),
    "cli.play_no_closing_quote": ("No closing quotation", "ein Anführungszeichen ist nicht geschlossen"),
    "cli.play_no_escaped_character": ("No escaped character", "nach dem \\ fehlt ein Zeichen"),
    "cli.play_unreadable_hint": ("Close the quotes.", "Schließ die Anführungszeichen."),
    "cli.play_backslash_hint": ("Write \\\\ for a backslash, or leave it out at the end.",
                                "Schreib \\\\ für einen Backslash, oder lass ihn am Ende weg."),
    "cli.play_settle_unknown": ("settle {words} is not known here.", "settle {words} gibt es hier nicht."),
    "cli.play_settle_unknown_hint": ("Type settle to see it, or settle close to close the evening.",
                                     "Tipp settle, um die Abrechnung zu sehen, oder settle close, um den Abend abzuschließen."),
    "cli.play_needs_number": ("{command} needs the hand number.", "{command} braucht die Nummer des Spiels."),
    "cli.play_needs_number_hint": ("Write it like {command} 7.", "Schreib es so: {command} 7."),
    "cli.play_line": ("Line {number}: {line}", "Zeile {number}: {line}"),
    "cli.play_commands": (
        "Commands: undo, void N [REASON], edit N WORDS [--yes], sheet, stand, settle [--round C] [close [--yes]],\n"
        "  draw, player add NAME [--after X] | leave NAME | rename OLD NEW | list, help, quit\n"
        "Out of rotation, on the hand's line: out NAME (--sitting-out NAME), dealer NAME (--dealer NAME)",
        "Befehle: zurück, streichen N [GRUND], ändern N WÖRTER [--yes], block, stand, abrechnung [--round C] "
        "[schließen [--yes]],\n"
        "  losen, spieler dazu NAME [--nach X] | geht NAME | umbenennen ALT NEU | liste, hilfe, ende\n"
        "  (auch englisch: undo, void, edit, sheet, settle, draw, player, help, quit)\n"
        "Außer der Reihe, in der Zeile des Spiels: aus NAME (--sitting-out NAME), geber NAME (--dealer NAME)"),
    "cli.play_yes_no": ("[y/N]", "[j/N]"),
    "cli.play_yes_words": ("y yes", "j ja"),
    "cli.play_no_words": ("n no", "n nein"),
    "cli.play_answer_yes_no": ("Answer {yes} or {no}.", "Antworte mit {yes} oder {no}."),
    "cli.play_cancelled": ("Cancelled; nothing was recorded.", "Abgebrochen; nichts wurde eingetragen."),
    "cli.play_line_too_long": ("The line is {length} characters long; a line here holds at most {most}.",
                               "Die Zeile ist {length} Zeichen lang; eine Zeile hier hat höchstens {most}."),
    "cli.play_line_too_long_hint": ("Nothing was recorded. Type one hand or one command a line.",
                                    "Nichts wurde eingetragen. Tipp ein Spiel oder einen Befehl je Zeile."),
    "cli.play_no_such_option": ("{option} is no option of a hand.", "{option} ist keine Option eines Spiels."),
    "cli.play_no_such_option_hint": ("Type the hand in short words (help shows them), or with the options of "
                                     "schafkopf add --help.",
                                     "Tipp das Spiel in kurzen Wörtern (hilfe zeigt sie) oder mit den Optionen "
                                     "von schafkopf add --help."),
    "cli.play_option_needs_value": ("{option} needs a value after it.", "Nach {option} muss ein Wert kommen."),
    "cli.play_option_no_value": ("{option} takes no value.", "{option} nimmt keinen Wert."),
    "cli.play_new_evening": ("Evening {session} begins with this hand (the one before is settled).",
                             "Abend {session} beginnt mit diesem Spiel (der vorige ist abgerechnet)."),
    "cli.play_close_needs_yes": ("settle close records the settlement as paid and ends the evening.",
                                 "abrechnung schließen trägt die Abrechnung als bezahlt ein und beendet den Abend."),
    "cli.play_close_needs_yes_hint": ("Add --yes: settle close --yes.",
                                      "Häng --yes an: abrechnung schließen --yes."),
    "cli.play_close_confirm": ("Close the evening now with these payments?",
                               "Den Abend jetzt mit diesen Zahlungen abschließen?"),
    "cli.play_not_closed": ("Not closed.", "Nicht abgeschlossen."),
    "cli.play_closed_next": ("The next hand opens a new evening.", "Das nächste Spiel eröffnet einen neuen Abend."),
    "cli.play_draw_words": ("draw {words}: draw takes nothing but --seed N.",
                            "losen {words}: losen nimmt nur --seed N."),
    "cli.play_draw_words_hint": ("Type draw alone.", "Tipp losen allein."),
    "cli.play_status_hand": ("Hand {hand}", "Spiel {hand}"),
    "cli.play_status_dealer": ("{dealer} deals", "{dealer} gibt"),
    "cli.play_status_out": ("{names} sit(s) out", "{names} setzt aus"),
    "cli.play_status_new_evening": ("a new evening", "ein neuer Abend"),
    "cli.play_ledger_replaced": ("The ledger {path} was replaced or removed while play was running; this line "
                                 "was not recorded.",
                                 "Das Spielbuch {path} wurde ersetzt oder entfernt, während play lief; diese "
                                 "Zeile wurde nicht eingetragen."),
    "cli.play_ledger_replaced_hint": (
        "Type the line again to record it in the ledger that is there now (schafkopf check shows what it holds).",
        "Tipp die Zeile noch einmal, um sie in das Spielbuch einzutragen, das jetzt dort liegt "
        "(schafkopf check zeigt, was darin steht)."),
    "cli.play_fault": ("{path} cannot be written: {problem}. This line was not recorded.",
                       "{path} kann nicht geschrieben werden: {problem}. Diese Zeile wurde nicht eingetragen."),
    "cli.play_fault_hint": ("Put it right (room on the disk, the file's permissions) and type the line again; "
                            "the session goes on.",
                            "Behebe das (Platz auf der Platte, die Rechte der Datei) und tipp die Zeile noch "
                            "einmal; die Sitzung läuft weiter."),

    # -- player (table_cmds.py); settle --player, --reopen (view_cmds.py) --------------------
    "cli.player_action": ("{action} is not something player does.", "{action} kann player nicht."),
    "cli.player_action_hint": ("Use {actions}.", "Nimm {actions}."),
    "cli.player_words": ("player {action} takes {count} name(s), not {given}.",
                         "player {action} nimmt {count} Namen, nicht {given}."),
    "cli.player_usage_add": ("Example: schafkopf player add Maxi --after Ben", "Beispiel: schafkopf player add Maxi --after Ben"),
    "cli.player_usage_leave": ("Example: schafkopf player leave Cora", "Beispiel: schafkopf player leave Cora"),
    "cli.player_usage_rename": ("Example: schafkopf player rename Ben Benedikt",
                                "Beispiel: schafkopf player rename Ben Benedikt"),
    "cli.player_usage_list": ("Example: schafkopf player list", "Beispiel: schafkopf player list"),
    "cli.player_after_add_only": ("--after goes with player add only.", "--after gibt es nur bei player add."),
    "cli.player_seating": ("Seating: {players} ({seats} play a hand).", "Sitzordnung: {players} ({seats} spielen ein Spiel)."),
    "cli.player_left_list": ("Left: {names}.", "Gegangen: {names}."),
    "cli.player_renamed_line": ("{old} is now {new}.", "{old} heißt jetzt {new}."),
    "cli.reason_reopen_only": ("--reason goes with --reopen only.", "--reason gibt es nur mit --reopen."),
    "cli.reason_reopen_only_hint": ("Example: schafkopf settle --reopen 3 --reason \"hand 12 was a Wenz\"",
                                    "Beispiel: schafkopf settle --reopen 3 --reason \"Spiel 12 war ein Wenz\""),
    "cli.settle_alone": ("{option} cannot be combined with --close, --round, --from-balances, --session, --all "
                         "or the other of --player and --reopen.",
                         "{option} lässt sich nicht mit --close, --round, --from-balances, --session, --all "
                         "oder dem anderen von --player und --reopen verbinden."),
    "cli.settle_alone_hint": ("Run it on its own, then settle as usual.", "Ruf es allein auf, dann rechne wie gewohnt ab."),
    "cli.player_paid_out": ("{name} is paid out of session {session}:", "{name} ist aus Abend {session} ausbezahlt:"),
    "cli.session_reopened": ("Session {session} is open again: correct it, then close it with schafkopf settle --close.",
                             "Abend {session} ist wieder offen: korrigier ihn und schließ ihn mit schafkopf settle --close ab."),
    "cli.difference_head": ("Difference to what was paid at the earlier close:",
                            "Differenz zu dem, was beim früheren Abschluss gezahlt wurde:"),
    "cli.kind_closed": ("closed (set aside by a reopening)", "abgeschlossen (durch Wiederöffnen aufgehoben)"),
    "cli.kind_reopened": ("reopened", "wieder geöffnet"),
    "cli.paid_out_row": ("{name} paid out after hand {hand}", "{name} nach Spiel {hand} ausbezahlt"),
    "cli.history_session": ("{at}  session {session}  {kind}", "{at}  Abend {session}  {kind}"),
    "cli.history_session_reason": ("{at}  session {session}  {kind}: {reason}", "{at}  Abend {session}  {kind}: {reason}"),
    "cli.stdout_closed": ("standard output is closed", "die Standardausgabe ist geschlossen"),
    "cli.import_players_differ": ("The export was written at a table of {export}; this table file seats {table} "
                                  "({how}). Each imported hand keeps the players it was played by.",
                                  "Der Export stammt von einem Tisch mit {export}; diese Tischdatei hat {table} "
                                  "({how}). Jedes eingelesene Spiel behält die Spieler, die es gespielt haben."),
    "cli.import_players_only_in_export": ("only in the export: {names}", "nur im Export: {names}"),
    "cli.import_players_only_in_table": ("only in the table file: {names}", "nur in der Tischdatei: {names}"),
    "cli.import_players_order": ("the same players in another seating order",
                                 "dieselben Spieler in anderer Sitzordnung"),
}
