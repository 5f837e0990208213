"""Messages of the data part of the program (id -> English, German): the table file, what was
typed (numbers, lists, the short notation), the evening's corrections, the ledger, its export
and import, and the files the program writes."""

MESSAGES: dict[str, tuple[str, str]] = {
    # -- the table file: the frame of every key's error, and what a key says ---------------------
    "data.file_line": ("{path}, line {line}", "{path}, Zeile {line}"),
    "data.table_key": ("{where}: {key} {problem}", "{where}: {key} {problem}"),
    "data.item_problem": ("{item} {problem}", "{item} {problem}"),
    "data.option_problem": ("{option} {problem}", "{option} {problem}"),
    "data.not_a_key": ("is not a known key.", "ist kein bekannter Schlüssel."),
    "data.bock_family": ("is a Bavarian and Wendish house rule: {family} plays no Bock rounds.",
                         "ist eine Hausregel des Bayerischen und Wendischen Schafkopfs: {family} kennt keine "
                         "Bockrunden."),
    "data.known_keys": ("Known keys: {keys}.", "Bekannte Schlüssel: {keys}."),
    "data.at_most": ("must be at most {limit}, not {value}", "darf höchstens {limit} sein, nicht {value}"),
    "data.at_least": ("must be at least {limit}, not {value}", "muss mindestens {limit} sein, nicht {value}"),
    "data.big_number": ("a number of {digits} digits", "eine Zahl mit {digits} Stellen"),
    "data.tariff_limit_hint": ("Tariffs are in cents; {limit} cents is 10 million.",
                               "Tarife sind in Cent; {limit} Cent sind 10 Millionen."),
    "data.number_limit_hint": ("No table needs a number beyond {limit}.",
                               "Kein Tisch braucht eine Zahl über {limit}."),
    "data.key_most_hint": ("Give a number up to {limit}.", "Gib eine Zahl bis {limit} an."),
    "data.key_least_hint": ("Give a number from {limit} up.", "Gib eine Zahl ab {limit} an."),
    "data.currency_problem": ("must be three capital letters (a code such as EUR) or a short currency sign, "
                              "not {value}.",
                              "muss aus drei Großbuchstaben (einem Code wie EUR) oder einem kurzen Währungszeichen "
                              "bestehen, nicht {value}."),
    "data.currency_hint": ('Write a three-letter code such as "EUR", "CHF" or "USD", or a sign of up to 4 letters '
                           'or currency symbols such as "€", "$" or "Fr." (no spaces, brackets, backslashes or '
                           'invisible characters).',
                           'Schreib einen Code aus drei Buchstaben wie "EUR", "CHF" oder "USD" oder ein Zeichen '
                           'aus bis zu 4 Buchstaben oder Währungssymbolen wie "€", "$" oder "Fr." (ohne '
                           'Leerzeichen, Klammern, Backslashes oder unsichtbare Zeichen).'),
    "data.hidden_hint": ("Remove it: such characters can hide or garble text on screen.",
                         "Entfern es: solche Zeichen können Text auf dem Bildschirm verstecken oder verstümmeln."),
    "data.name_hidden": ("{name} has an invisible or control character ({what}) at position {pos}.",
                         "{name} enthält an Stelle {pos} ein unsichtbares oder Steuerzeichen ({what})."),
    "data.no_table_file": ("No table file at {path}.", "Keine Tischdatei unter {path}."),
    "data.table_option_empty": ("--table is empty.", "--table ist leer."),
    "data.table_option_empty_hint": ("Name the table file, e.g. --table abend.toml, or leave --table out "
                                     "(then SCHAFKOPF_TABLE, else schafkopf.toml here).",
                                     "Nenn die Tischdatei, z. B. --table abend.toml, oder lass --table weg "
                                     "(dann gilt SCHAFKOPF_TABLE, sonst schafkopf.toml hier)."),
    "data.no_table_file_hint": ("Create one with: schafkopf new {path} --family {family} "
                                "--players Anna,Ben,Cora,Dora (or point --table / SCHAFKOPF_TABLE at yours).",
                                "Leg eine an mit: schafkopf new {path} --family {family} "
                                "--players Anna,Ben,Cora,Dora (oder gib deine mit --table / SCHAFKOPF_TABLE an)."),
    "data.table_is_folder": ("{path} is a folder, not a table file.", "{path} ist ein Ordner, keine Tischdatei."),
    "data.table_is_folder_hint": ("Give the path of the .toml file.", "Gib den Pfad der .toml-Datei an."),
    "data.table_not_a_file": ("{path} is no file but a pipe, a socket or a device: not a table file.",
                              "{path} ist keine Datei, sondern eine Pipe, ein Socket oder ein Gerät: keine Tischdatei."),
    "data.table_unreadable": ("Cannot read {path}: {problem}.", "{path} lässt sich nicht lesen: {problem}."),
    "data.table_unreadable_hint": ("Check the path and its permissions.", "Prüf den Pfad und seine Zugriffsrechte."),
    "data.table_not_utf8": ("{path} is not a UTF-8 text file.", "{path} ist keine UTF-8-Textdatei."),
    "data.table_not_utf8_hint": ("Save the table file as UTF-8.", "Speicher die Tischdatei als UTF-8."),
    "data.not_utf8_at": ("not UTF-8 text at byte {byte}", "kein UTF-8-Text bei Byte {byte}"),
    "data.table_not_toml": ("{path} is not valid TOML: {problem}.", "{path} ist kein gültiges TOML: {problem}."),
    "data.toml_at": ("{what} (line {line}, column {column})", "{what} (Zeile {line}, Spalte {column})"),
    "data.toml_at_end": ("{what} (at the end of the file)", "{what} (am Ende der Datei)"),
    "data.toml_syntax": ("a syntax error", "ein Syntaxfehler"),
    "data.toml_invalid_value": ("a value that is not valid (text needs quotes)",
                                "ein ungültiger Wert (Text braucht Anführungszeichen)"),
    "data.toml_invalid_statement": ("a line that is no key = value", "eine Zeile, die kein key = value ist"),
    "data.toml_expected_equals": ("'=' missing after a key", "nach einem Schlüssel fehlt '='"),
    "data.toml_bad_key": ("a key that starts with a character keys cannot have",
                          "ein Schlüssel, der mit einem unerlaubten Zeichen beginnt"),
    "data.toml_bad_character": ("a character that does not belong there", "ein Zeichen, das dort nicht hingehört"),
    "data.toml_unterminated_string": ("a text whose closing quote is missing",
                                      "ein Text, dem das schließende Anführungszeichen fehlt"),
    "data.toml_unclosed": ("a bracket that is not closed", "eine Klammer, die nicht geschlossen wird"),
    "data.toml_twice": ("a key or section given twice", "ein Schlüssel oder Abschnitt, der doppelt vorkommt"),
    "data.toml_bad_date": ("a date that is not valid", "ein ungültiges Datum"),
    "data.table_not_toml_hint": ("Fix the line it names (quotes around text, key = value); the file was not "
                                 "changed.",
                                 "Korrigier die genannte Zeile (Anführungszeichen um Text, key = value); die Datei "
                                 "wurde nicht verändert."),
    "data.table_number_too_long": ("{where} is not valid TOML: it holds a number too long to read.",
                                   "{where} ist kein gültiges TOML: es enthält eine Zahl, die zu lang zum Lesen "
                                   "ist."),
    "data.table_number_too_long_hint": ("No key takes a number beyond {limit}; the file was not changed.",
                                        "Kein Schlüssel nimmt eine Zahl über {limit}; die Datei wurde nicht "
                                        "verändert."),
    "data.table_too_deep": ("{path} is not valid TOML: it nests lists or tables too deeply to read.",
                            "{path} ist kein gültiges TOML: es verschachtelt Listen oder Tabellen zu tief zum "
                            "Lesen."),
    "data.table_too_deep_hint": ("A table file needs no nesting beyond {example}; the file was not changed.",
                                 "Eine Tischdatei braucht keine tiefere Verschachtelung als {example}; die "
                                 "Datei wurde nicht verändert."),
    "data.schema_is": ("is {schema}; this program reads schema {expected}.",
                       "ist {schema}; dieses Programm liest Schema {expected}."),
    "data.schema_hint": ("Use a table file written for this version (schafkopf new ...).",
                         "Nimm eine Tischdatei, die für diese Version geschrieben wurde (schafkopf new ...)."),
    "data.family_missing": ("{path}: the key family is missing.", "{path}: der Schlüssel family fehlt."),
    "data.family_missing_hint": ('Add family = "{first}" (or {others}).',
                                 'Trag family = "{first}" ein (oder {others}).'),
    "data.must_be_quoted_name": ("must be a name in quotes.", "muss ein Name in Anführungszeichen sein."),
    "data.not_a_family": ("{family} is not a rule family.", "{family} ist keine Regelfamilie."),
    "data.players_list": ('must be a list of names in seating order, e.g. ["Anna", "Ben", "Cora", "Dora"].',
                          'muss eine Liste von Namen in Sitzordnung sein, z. B. ["Anna", "Ben", "Cora", '
                          '"Dora"].'),
    "data.seats_not_played": ("is {seats}, but {family} is played by {counts} players.",
                              "ist {seats}, aber {family} spielen {counts} Spieler."),
    "data.seats_not_played_hint": ("Set seats to one of those (more players at the table sit out in turn).",
                                   "Setz seats auf eine dieser Zahlen (weitere Spieler am Tisch setzen reihum "
                                   "aus)."),
    "data.too_few_players": ("lists {count:player}, but a game has {seats} seats.",
                             "nennt {count:player}, aber ein Spiel hat {seats} Plätze."),
    "data.too_few_players_hint": ("List at least {seats} players, or set seats = {count}.",
                                  "Nenn mindestens {seats} Spieler oder setz seats = {count}."),
    "data.too_many_players": ("lists {count} players; at most {most} can share a {seats}-seat table.",
                              "nennt {count} Spieler; an einem Tisch mit {seats} Plätzen haben höchstens {most} "
                              "Platz."),
    "data.too_many_players_hint": ("Split the table.", "Teil den Tisch auf."),
    "data.point_value_only": ("applies only to Sheepshead, not to {family}.",
                              "gilt nur für Sheepshead, nicht für {family}."),
    "data.remove_key": ("Remove the key.", "Entfern den Schlüssel."),
    "data.must_be_section": ("must be a section: [{section}]", "muss ein Abschnitt sein: [{section}]"),
    # the players' names (after "players" in the file, "--players" on the command line)
    "data.players_too_few": ("lists {count:player}; a table needs at least 2.",
                             "nennt {count:player}; ein Tisch braucht mindestens 2."),
    "data.players_too_few_hint": ("List everyone in seating order.", "Nenn alle in Sitzordnung."),
    "data.player_name_too_long": ("The name {name} has {length} characters; a player's name has at most {limit}.",
                           "Der Name {name} hat {length} Zeichen; der Name eines Spielers hat höchstens {limit}."),
    "data.name_empty": ("The name is empty.", "Der Name ist leer."),
    "data.name_spaces": ("The name {name} has spaces around it.", "Der Name {name} hat Leerzeichen außen herum."),
    "data.player_empty": ("has an empty name (player {i}).", "enthält einen leeren Namen (Spieler {i})."),
    "data.player_empty_hint": ("Give every player a name.", "Gib jedem Spieler einen Namen."),
    "data.player_spaces": ("has spaces around player {i} ({name}).",
                           "hat Leerzeichen um Spieler {i} ({name})."),
    "data.player_spaces_hint": ("Remove the spaces before and after the name.",
                                "Entfern die Leerzeichen vor und nach dem Namen."),
    "data.player_hidden": ("has an invisible or control character ({what}) in player {i} ({name}) at position "
                           "{pos}.",
                           "enthält bei Spieler {i} ({name}) an Stelle {pos} ein unsichtbares oder Steuerzeichen "
                           "({what})."),
    "data.player_hidden_hint": ("Remove it: such characters can hide or garble text on screen. Type the name "
                                "plainly.",
                                "Entfern es: solche Zeichen können Text auf dem Bildschirm verstecken oder "
                                "verstümmeln. Schreib den Namen schlicht."),
    "data.players_typed_alike": ("names {first} and {second} (players {j} and {i}), which are typed alike "
                                 "({folded}).",
                                 "nennt {first} und {second} (Spieler {j} und {i}), die gleich getippt werden "
                                 "({folded})."),
    "data.player_typed_like_seated": ("{name} is typed like {seated} ({folded}); {seated} already sits at this table.",
                                      "{name} wird getippt wie {seated} ({folded}); {seated} sitzt schon an diesem "
                                      "Tisch."),
    "data.players_typed_alike_hint": ("Tell them apart, e.g. with the surname's initial: an umlaut may be typed "
                                      "plain at the table.",
                                      "Unterscheide sie, z. B. mit dem Anfangsbuchstaben des Nachnamens: am Tisch "
                                      "darf ein Umlaut ohne Punkte getippt werden."),
    "data.player_twice": ("names {name} twice.", "nennt {name} zweimal."),
    "data.player_twice_hint": ("Every player needs a different name.", "Jeder Spieler braucht einen anderen Namen."),
    "data.player_twice_unicode": ("names {name} twice: players {j} and {i} ({first} and {second}) are the same "
                                  "name in different Unicode forms.",
                                  "nennt {name} zweimal: Spieler {j} und {i} ({first} und {second}) sind derselbe "
                                  "Name in verschiedenen Unicode-Formen."),
    "data.player_twice_unicode_hint": ("Every player needs a different name: spell both alike, or tell them apart "
                                       "(e.g. with the surname's initial).",
                                       "Jeder Spieler braucht einen anderen Namen: schreib beide gleich oder "
                                       "unterscheide sie (z. B. mit dem Anfangsbuchstaben des Nachnamens)."),
    # schafkopf new: its options
    "data.not_a_preset": ("{preset} is not a preset of {family}.", "{preset} ist keine Voreinstellung von {family}."),
    "data.presets": ("Presets: {presets}.", "Voreinstellungen: {presets}."),
    "data.option_seats_not_played": ("--seats {seats} is not played in {family}.",
                                     "--seats {seats} wird in {family} nicht gespielt."),
    "data.option_players_not_played": ("--players lists {count:player}, but {family} is played by {counts} at a table.",
                                       "--players nennt {count:player}, aber {family} spielen {counts} an einem "
                                       "Tisch."),
    "data.option_players_not_played_hint": ("List more players, or give --seats {choices} (more players at the table "
                                            "sit out in turn).",
                                            "Nenn mehr Spieler, oder gib --seats {choices} an (weitere Spieler am "
                                            "Tisch setzen reihum aus)."),
    "data.option_players_too_few_hint": ("Name at least {least} players.", "Nenn mindestens {least} Spieler."),
    "data.choose_one_of": ("Choose one of {choices}.", "Wähl eins von {choices}."),
    "data.option_too_few_players": ("--players lists {count:player} for {seats} seats.",
                                    "--players nennt {count:player} für {seats} Plätze."),
    "data.option_too_few_players_hint": ("Name at least {seats} players, or set --seats {count}.",
                                         "Nenn mindestens {seats} Spieler oder setz --seats {count}."),
    "data.tariff_not_numbers": ("--tariff {text} is not numbers in cents.", "--tariff {text} sind keine Zahlen in Cent."),
    "data.tariff_hint": ("Write it like --tariff 10/50 (or 10/50/10).", "Schreib es wie --tariff 10/50 (oder 10/50/10)."),
    "data.tariff_too_high": ("--tariff {text} has an amount above {limit} cents.",
                             "--tariff {text} enthält einen Betrag über {limit} Cent."),
    "data.tariff_too_high_hint": ("Tariffs are in cents: write it like --tariff 10/50 (or 10/50/10).",
                                  "Tarife sind in Cent: schreib es wie --tariff 10/50 (oder 10/50/10)."),
    "data.tariff_not_here": ("--tariff does not apply to {family}.", "--tariff gilt nicht für {family}."),
    "data.tariff_not_here_hint": ("Write what a point or a head is worth in the file instead (schafkopf rules shows "
                                  "its keys, e.g. point_value).",
                                  "Trag stattdessen in der Datei ein, was ein Punkt oder ein Kopf wert ist (schafkopf "
                                  "rules zeigt die Schlüssel, z. B. point_value)."),
    "data.tariff_count": ("--tariff {text} needs two or three cent amounts.",
                          "--tariff {text} braucht zwei oder drei Beträge in Cent."),
    # the comments of a new table file
    "data.file_header": ("schafkopf-score table file ({family}). Edit the values; every key is checked on load.",
                         "schafkopf-score-Tischdatei ({family}). Ändere die Werte; jeder Schlüssel wird beim Laden "
                         "geprüft."),
    "data.file_players": ("seating order, clockwise; the first deals first",
                          "Sitzordnung im Uhrzeigersinn; der Erste gibt zuerst"),
    "data.file_seats": ("players in one game; more at the table sit out in turn",
                        "Spieler in einem Spiel; weitere am Tisch setzen reihum aus"),
    "data.file_ledger": ("default: beside this file, same name, .sqlite",
                         "Standard: neben dieser Datei, gleicher Name, .sqlite"),
    "data.file_point_value": ("cents per point at settlement; 0 = points only",
                              "Cent pro Punkt bei der Abrechnung; 0 = nur Punkte"),
    "data.file_cents": ("cents", "Cent"),
    # -- what was typed: numbers, NAME=N lists, amounts, a correction -----------------------------
    "data.not_whole_number": ("{option} {text} is not a whole number.", "{option} {text} ist keine ganze Zahl."),
    "data.not_whole_number_hint": ("Write it in the digits 0 to 9, e.g. {option} 3.",
                                   "Schreib sie in den Ziffern 0 bis 9, z. B. {option} 3."),
    "data.not_pairs": ("{option} {text} is not a list of NAME=N.", "{option} {text} ist keine Liste von NAME=N."),
    "data.not_pairs_hint": ("Write it like {option} Anna=45,Ben=30,Cora=25,Dora=20.",
                            "Schreib es wie {option} Anna=45,Ben=30,Cora=25,Dora=20."),
    "data.augen_pair_hint": ("Augen are whole numbers, 0 to 120.", "Augen sind ganze Zahlen von 0 bis 120."),
    "data.augen_hint": ("Give the declaring side's Augen as a number, 0 to 120 (Ramsch: NAME=N,...).",
                        "Gib die Augen der Spielerseite als Zahl an, 0 bis 120 (Ramsch: NAME=N,...)."),
    "data.not_an_amount": ("{who}={text} is not an amount.", "{who}={text} ist kein Betrag."),
    "data.amount_too_large": ("{who}={text} is too large.", "{who}={text} ist zu groß."),
    "data.amount_hint": ("Write amounts like Anna=3,40 or Ben=-3.40.", "Schreib Beträge wie Anna=3,40 oder Ben=-3.40."),
    "data.not_balances": ("--from-balances {text} is not a list of NAME=AMOUNT.",
                          "--from-balances {text} ist keine Liste von NAME=BETRAG."),
    "data.balances_hint": ("Write it like --from-balances Anna=3.40,Ben=-1.15,Cora=-2.25.",
                           "Schreib es wie --from-balances Anna=3,40,Ben=-1,15,Cora=-2,25."),
    "data.balance_twice": ("--from-balances gives {who} twice (as {typed}).",
                           "--from-balances nennt {who} zweimal (als {typed})."),
    "data.balance_twice_hint": ("Give each player's balance once; add up that player's amounts first.",
                                "Gib den Stand jedes Spielers nur einmal an; zähl seine Beträge vorher zusammen."),
    "data.balances_empty": ("--from-balances is empty.", "--from-balances ist leer."),
    "data.balances_empty_hint": ("Write it like --from-balances Anna=3,40,Ben=-3,40.",
                                 "Schreib es wie --from-balances Anna=3,40,Ben=-3,40."),
    "data.balances_not_zero": ("The balances sum to {total}, not zero.", "Die Stände ergeben zusammen {total}, nicht null."),
    "data.balances_not_zero_hint": ("Every cent won is a cent lost: check the sheet and correct one of them.",
                                    "Jeder gewonnene Cent ist ein verlorener: prüf den Block und korrigier einen "
                                    "der Stände."),
    "data.no_change": ("The correction names no change.", "Die Korrektur nennt keine Änderung."),
    "data.no_change_hint": ("Give what changes (e.g. k, or --kontra), or the whole corrected game.",
                            "Gib an, was sich ändert (z. B. k oder --kontra), oder das ganze korrigierte Spiel."),
    # -- the short notation ------------------------------------------------------------------------
    "data.game_name": ("{game}", "{game}"),
    "data.name_is_notation_word": ("{name} is a word of the short notation", "{name} ist ein Wort der Kurzschreibweise"),
    "data.name_reads_as_pair": ("{name} reads as NAME=N", "{name} liest sich als NAME=N"),
    "data.name_reads_as_option": ("{name} begins with a dash and reads as an option",
                                  "{name} beginnt mit einem Strich und liest sich als Option"),
    # a line of play, a hand at add or sent to the server: every door refuses one that long alike
    "data.reason_long": ("is {length} characters long; a reason has at most {most}.",
                         "ist {length} Zeichen lang; ein Grund hat höchstens {most}."),
    "data.reason_long_hint": ('Give a short reason in plain text: --reason "wrong partner"; nothing was recorded.',
                              'Gib einen kurzen Grund als Text an: --reason "falscher Partner"; nichts wurde '
                              'eingetragen.'),
    "data.session_and_all": ("--session {session} asks for one session and --all for every session.",
                             "--session {session} fragt nach einem Abend und --all nach allen."),
    "data.session_and_all_hint": ("Choose one: drop --session or --all.", "Nimm eins: lass --session oder --all weg."),
    "data.line_too_long": ("The line is {length} characters long; a line here holds at most {most}.",
                           "Die Zeile ist {length} Zeichen lang; eine Zeile hier hat höchstens {most}."),
    "data.line_too_long_hint": ("Nothing was recorded. Type one hand or one command a line.",
                                "Nichts wurde eingetragen. Tipp ein Spiel oder einen Befehl je Zeile."),
    "data.no_game": ("No game was given.", "Es wurde kein Spiel angegeben."),
    "data.no_game_hint": ("Start with the game, e.g. sau, herzsolo, wenz, ramsch.",
                          "Fang mit dem Spiel an, z. B. sau, herzsolo, wenz, ramsch."),
    "data.needs_name": ("{word} needs a name after it.", "Nach {word} muss ein Name kommen."),
    "data.needs_name_hint": ("Write it like {word} Anna.", "Schreib es wie {word} Anna."),
    "data.fits_nothing": ("{word} fits nothing in {game}.", "{word} passt zu nichts in diesem Spiel ({game})."),
    # what a line of a game is made of at a table (vocabulary.WordsHint)
    "data.notation_words_of": ("Words are {words}.", "Wörter sind {words}."),
    "data.words_names": ("names", "Namen"),
    "data.words_augen": ("a number of Augen", "eine Zahl Augen"),
    "data.words_outcome": ("+ or -", "+ oder -"),
    "data.words_count": ("{word} ({what})", "{word} ({what})"),
    "data.words_laufende": ("Laufende", "Laufende"),
    "data.words_legen": ("laid", "gelegt"),
    "data.words_schieben": ("pushed", "geschoben"),
    "data.words_name_after": ("{word} NAME", "{word} NAME"),
    "data.words_suits": ("suits", "Farben"),
    "data.notation_near": ("{near} {words}", "{near} {words}"),
    "data.given_twice": ("{option} is given twice, as a word and as an option.",
                         "{option} ist doppelt angegeben, als Wort und als Option."),
    "data.given_twice_hint": ("Keep one of them.", "Behalte nur eins davon."),
    "data.option_twice": ("{option} is given twice.", "{option} ist doppelt angegeben."),
    "data.said_twice": ("{word} says {option} a second time.", "{word} sagt {option} ein zweites Mal."),
    "data.said_once_hint": ("Say each thing once.", "Sag jedes nur einmal."),
    "data.name_too_many": ("{name} is one name too many for {game}.",
                           "{name} ist ein Name zu viel für dieses Spiel ({game})."),
    "data.name_declarer": ("Name the declarer only.", "Nenn nur den Spieler."),
    "data.name_declarer_partner": ("Name the declarer and the partner only.", "Nenn nur den Spieler und den Partner."),
    "data.names_role_twice": ("{name} names the {role} a second time.", "{name} nennt den {role} ein zweites Mal."),
    "data.role_player": ("player", "Spieler"),
    "data.role_partner": ("partner", "Partner"),
    "data.role_loser": ("loser", "Verlierer"),
    "data.role_winner": ("winner", "Gewinner"),
    # -- the evening: sessions, corrections, the close -------------------------------------------
    "data.no_session": ("There is no session {session}.", "Es gibt keinen Abend {session}."),
    "data.sessions_known": ("Sessions in this ledger: {sessions}.", "Abende in diesem Spielbuch: {sessions}."),
    "data.no_games_yet": ("The ledger has no games yet.", "Das Spielbuch hat noch keine Spiele."),
    "data.session_does_not_replay": ("{where} does not replay: hand {hand}: {problem}",
                                     "{where} lässt sich nicht nachrechnen: Spiel {hand}: {problem}"),
    # a session named as the subject of a sentence, and where in it (session.place)
    "data.place_session": ("Session {session}", "Abend {session}"),
    "data.place_in_session": ("in session {session}", "im Abend {session}"),
    "data.run_check": ("Run schafkopf check for details.", "Einzelheiten zeigt schafkopf check."),
    "data.nothing_to_correct": ("There are no games to correct yet.", "Es gibt noch keine Spiele zum Korrigieren."),
    "data.record_one": ("Record one with schafkopf add.", "Trag eins mit schafkopf add ein."),
    "data.session_closed": ("Session {session} is closed (settled); its games cannot be changed.",
                            "Abend {session} ist abgeschlossen (abgerechnet); seine Spiele lassen sich nicht mehr "
                            "ändern."),
    "data.corrections_open": ("Corrections go into the open session.", "Korrekturen gehen in den offenen Abend."),
    "data.hand_already_void": ("Hand {hand} is already void.", "Spiel {hand} ist schon gestrichen."),
    "data.hand_already_void_hint": ("Nothing to do; schafkopf sheet shows the valid hands.",
                                    "Nichts zu tun; schafkopf sheet zeigt die gültigen Spiele."),
    "data.hands_span": ("hands 1-{last}", "Spiele 1-{last}"),
    "data.no_hands": ("no hands", "keine Spiele"),
    "data.no_such_hand": ("There is no hand {hand} {within} ({span}).",
                          "Es gibt kein Spiel {hand} {within} ({span})."),
    "data.look_up_hand": ("Look the number up with schafkopf sheet.", "Schau die Nummer mit schafkopf sheet nach."),
    "data.corrected_meanwhile": ("Hand {hand} was corrected by someone else a moment ago.",
                                 "Spiel {hand} wurde gerade eben von jemand anderem korrigiert."),
    "data.look_again": ("Look at schafkopf sheet and try again.", "Schau in schafkopf sheet und versuch es noch einmal."),
    "data.correction_breaks": ("That correction would make hand {hand} impossible: {problem}",
                               "Diese Korrektur würde Spiel {hand} unmöglich machen: {problem}"),
    "data.correction_breaks_hint": ("Correct that hand first (schafkopf edit), then this one.",
                                    "Korrigier zuerst dieses Spiel (schafkopf edit), dann dieses."),
    "data.session_closed_meanwhile": ("Session {session} was closed (settled) a moment ago; its games cannot be "
                                      "changed.",
                                      "Abend {session} wurde gerade eben abgeschlossen (abgerechnet); seine Spiele "
                                      "lassen sich nicht mehr ändern."),
    "data.recorded_meanwhile": ("A hand was recorded after hand {hand} a moment ago; nothing was undone.",
                                "Gerade eben wurde nach Spiel {hand} ein Spiel eingetragen; nichts wurde "
                                "zurückgenommen."),
    "data.recorded_meanwhile_hint": ("Look at schafkopf sheet and undo again if you still want to.",
                                     "Schau in schafkopf sheet und nimm es noch einmal zurück, wenn du das "
                                     "weiterhin willst."),
    "data.nothing_to_undo": ("There is no game to undo in the open session.",
                             "Im offenen Abend gibt es kein Spiel zum Zurücknehmen."),
    "data.record_games": ("Record games with schafkopf add.", "Trag Spiele mit schafkopf add ein."),
    "data.edit_same": ("Hand {hand} says that already; nothing was changed.",
                       "Spiel {hand} sagt das schon; nichts wurde geändert."),
    "data.edit_same_hint": ("Give what is different (schafkopf sheet shows the hand).",
                            "Gib an, was anders ist (schafkopf sheet zeigt das Spiel)."),
    "data.nothing_to_close": ("There is no open session to close.", "Es gibt keinen offenen Abend zum Abschließen."),
    "data.record_games_first": ("Record games with schafkopf add first.", "Trag zuerst Spiele mit schafkopf add ein."),
    "data.rounded_to": ("rounded to {cents} cents", "auf {cents} Cent gerundet"),
    "data.without_rounding": ("without rounding", "ohne Rundung"),
    "data.settled_final": ("Session {session} was settled and closed {how}; what was paid is final.",
                           "Abend {session} wurde {how} abgerechnet und abgeschlossen; was gezahlt wurde, gilt."),
    "data.settled_final_hint": ("Drop --round to see it as it was paid.",
                                "Lass --round weg, dann siehst du ihn so, wie gezahlt wurde."),
    # why a later hand was restated (sheet --history)
    "data.cause_void": ("void of hand {hand}", "Streichung von Spiel {hand}"),
    "data.cause_undo": ("undo of hand {hand}", "Zurücknahme von Spiel {hand}"),
    "data.cause_edit": ("edit of hand {hand}", "Korrektur von Spiel {hand}"),
    # -- check: what it finds wrong in a ledger ----------------------------------------------------
    "data.where_session": ("session {session}", "Abend {session}"),
    "data.where_ledger": ("the ledger", "Spielbuch"),
    "data.problem_seated_twice": ("round {round}: {name} is seated at more than one table ({tables})",
                                  "Runde {round}: {name} sitzt an mehr als einem Tisch ({tables})"),
    "data.problem_seating": ("the hand was played by {played}, but the draw seated {seated} at this table",
                             "das Spiel spielten {played}, ausgelost an diesen Tisch waren aber {seated}"),
    "data.problem_guards_missing": (
        "the append-only guards {guards} are missing: rows can be changed or removed without a trace",
        "die Schutzregeln {guards} fehlen: Zeilen lassen sich spurlos ändern oder löschen"),
    "data.where_hand": ("session {session}, hand {hand}", "Abend {session}, Spiel {hand}"),
    "data.problem_line": ("{where}: {problem}", "{where}: {problem}"),
    "data.problem_unreadable": ("a stored row cannot be read: {problem}",
                                "eine gespeicherte Zeile lässt sich nicht lesen: {problem}"),
    "data.problem_bad_json": ("its text is no valid JSON (line {line}, column {column})",
                              "ihr Text ist kein gültiges JSON (Zeile {line}, Spalte {column})"),
    "data.problem_missing_field": ("a value it needs is missing", "ein Wert, den sie braucht, fehlt"),
    "data.problem_bad_value": ("a value has the wrong type or is out of range",
                               "ein Wert hat den falschen Typ oder liegt außerhalb des Bereichs"),
    "data.problem_database": ("the database says: {problem}", "die Datenbank meldet: {problem}"),
    "data.problem_payout": ("{name} {amount}", "{name} {amount}"),
    "data.problem_stock": ("Stock", "Stock"),
    "data.problem_nothing": ("nothing", "nichts"),
    "data.problem_nobody": ("nobody", "niemand"),
    "data.fact_declarers": ("the declarers", "die Spielmacher"),
    "data.fact_won": ("the result", "das Ergebnis"),
    "data.fact_dealer": ("the dealer", "den Geber"),
    "data.fact_sitting_out": ("who sits out", "wer aussetzt"),
    "data.problem_not_zero": ("payouts sum to {total}, not zero", "die Auszahlungen ergeben zusammen {total}, nicht null"),
    "data.problem_hand_gap": ("the hands are not numbered 1 to {count} (the last is {last})",
                              "die Spiele sind nicht von 1 bis {count} nummeriert (das letzte ist {last})"),
    "data.problem_hand_numbers": ("hand numbers repeat or are below 1",
                                  "Spielnummern wiederholen sich oder sind kleiner als 1"),
    "data.problem_no_replay": ("does not replay: {problem}", "lässt sich nicht nachrechnen: {problem}"),
    "data.problem_replay_gives": ("replay gives {replayed}, stored {stored}",
                                  "Nachrechnen ergibt {replayed}, gespeichert {stored}"),
    "data.problem_replay_gives_key": ("replay gives {key} {replayed}, stored {stored}",
                                      "Nachrechnen ergibt {key} {replayed}, gespeichert {stored}"),
    "data.problem_open_before_later": ("the session is open, but a later session exists",
                                       "der Abend ist offen, aber es gibt schon einen späteren"),
    "data.problem_closing_balances": ("closing balances do not match the games",
                                      "die Schlussstände passen nicht zu den Spielen"),
    "data.problem_close_booked": ("what the close booked (Stock returned, penalties) is not what the rules give",
                                  "was der Abschluss gebucht hat (Stock zurück, Strafen), ist nicht, was die Regeln "
                                  "ergeben"),
    "data.problem_settlement_unworkable": ("the stored settlement cannot be worked out again",
                                           "die gespeicherte Abrechnung lässt sich nicht nachrechnen"),
    "data.problem_settlement_differs": ("the stored settlement is not what the closing balances give",
                                        "die gespeicherte Abrechnung ist nicht, was die Schlussstände ergeben"),
    "data.problem_paid_not_zero": ("the amounts paid at the close sum to {total}, not zero",
                                   "die beim Abschluss gezahlten Beträge ergeben zusammen {total}, nicht null"),
    "data.problem_transfers": ("the transfers stored at the close do not clear the amounts paid",
                               "der beim Abschluss gespeicherte Ausgleich gleicht die gezahlten Beträge nicht aus"),
    "data.problem_rounding": ("the rounding stored at the close moved someone by a whole unit or more",
                              "die beim Abschluss gespeicherte Rundung verschiebt jemanden um eine ganze Einheit "
                              "oder mehr"),
    # -- import ----------------------------------------------------------------------------------
    "data.import_other_family": ("The export is of a {family} table; this table is {table}.",
                                 "Der Export ist von einem Tisch der Familie {family}; dieser Tisch ist {table}."),
    "data.import_other_family_hint": ("Import it beside a table file of the same family.",
                                      "Importier ihn neben einer Tischdatei derselben Familie."),
    "data.import_not_empty": ("The ledger {path} already has games; import only reads into an empty one.",
                              "Das Spielbuch {path} hat schon Spiele; import liest nur in ein leeres."),
    "data.import_not_empty_hint": ("Point --table at a new table file (its ledger is created empty).",
                                   "Gib mit --table eine neue Tischdatei an (ihr Spielbuch wird leer angelegt)."),
    "data.export_where_hand": ("session {session} hand {hand}", "Abend {session}, Spiel {hand}"),
    "data.import_refused": ("In the export, {where}: {problem}; nothing was imported.",
                            "Im Export, {where}: {problem}; nichts wurde importiert."),
    "data.import_opening": ("Session {session} of the export opened with the Stock the evening before carried on, "
                            "and that evening is not in the export; nothing was imported.",
                            "Abend {session} des Exports begann mit dem Stock, den der Abend davor weitergegeben hat, "
                            "und der steht nicht im Export; nichts wurde importiert."),
    "data.import_opening_hint": ("Export every session together (schafkopf export --format json --all) and import that.",
                                 "Exportier alle Abende zusammen (schafkopf export --format json --all) und importier "
                                 "das."),
    "data.export_again": ("Export it again from the original ledger.",
                          "Exportier ihn noch einmal aus dem ursprünglichen Spielbuch."),
    "data.import_ledger_appeared": ("A ledger appeared at {path} while importing; nothing was imported.",
                                    "Während des Imports ist unter {path} ein Spielbuch aufgetaucht; nichts wurde "
                                    "importiert."),
    "data.import_ledger_appeared_hint": ("Import into a table without games.", "Importier in einen Tisch ohne Spiele."),
    # -- the export's rows, as import reads them ----------------------------------------------------
    "data.not_an_export": ("The file is not a schafkopf-score JSON export ({what}).",
                           "Die Datei ist kein JSON-Export von schafkopf-score ({what})."),
    "data.not_an_export_hint": ("Give a file written by: schafkopf export --format json --out FILE.",
                                "Gib eine Datei an, die so geschrieben wurde: schafkopf export --format json "
                                "--out DATEI."),
    "data.export_no_marker": ("no format marker", "keine Formatangabe"),
    "data.export_version": ("version {version}", "Version {version}"),
    "data.export_field": ("missing or wrong field: {problem}", "fehlendes oder falsches Feld: {problem}"),
    "data.export_field_kind": ("a field holds a number or a text where an export writes a list or a table, or "
                               "the other way round",
                               "ein Feld hält eine Zahl oder einen Text, wo ein Export eine Liste oder Tabelle "
                               "schreibt, oder umgekehrt"),
    "data.export_line_too_long": ("a line longer than {limit} characters", "eine Zeile länger als {limit} Zeichen"),
    "data.export_unexpected_line": ("unexpected line {line}", "unerwartete Zeile {line}"),
    "data.import_cannot_write": ("The ledger {path} cannot be made: its folder may not be written; nothing was "
                                 "imported.",
                                 "Das Spielbuch {path} kann nicht angelegt werden: in seinen Ordner darf nicht "
                                 "geschrieben werden; nichts wurde importiert."),
    "data.import_cannot_write_hint": ("Keep the table file in a folder that may be written, or name another place "
                                      "for its ledger with ledger = \"...\" in it.",
                                      "Leg die Tischdatei in einen Ordner, in den geschrieben werden darf, oder gib "
                                      "darin mit ledger = \"...\" einen anderen Ort für ihr Spielbuch an."),
    "data.import_helper_stopped": ("A helper process of the import stopped before it was done; nothing was imported.",
                                   "Ein Hilfsprozess des Imports wurde vor dem Ende beendet; nichts wurde importiert."),
    "data.import_helper_stopped_hint": ("Run the import again; where memory is short, close other programs first.",
                                        "Starte den Import noch einmal; wo der Speicher knapp ist, schließe vorher "
                                        "andere Programme."),
    "data.export_cut_short": ("The export breaks off before its end (a copy cut short?); nothing was imported.",
                              "Der Export bricht vor seinem Ende ab (eine unvollständige Kopie?); nichts wurde "
                              "importiert."),
    "data.export_ruleset_family": ("a ruleset of a {family} table in a {ledger} ledger",
                                   "ein Regelsatz eines Tisches der Familie {family} in einem Spielbuch der Familie "
                                   "{ledger}"),
    "data.export_ruleset_seats": ("a ruleset with impossible players or seats",
                                  "ein Regelsatz mit unmöglichen Spielern oder Plätzen"),
    "data.export_ruleset_value": ("a ruleset with {key} = {value}", "ein Regelsatz mit {key} = {value}"),
    "data.export_rename_merges": ("the renames make {name} and {other} one player ({person}), but both played "
                                  "hand {hand} of session {session}",
                                  "die Umbenennungen machen {name} und {other} zu einem Spieler ({person}), aber "
                                  "beide spielten Spiel {hand} von Abend {session}"),
    "data.export_players": ("the players {problem}", "die Spieler {problem}"),
    "data.export_tariff": ("tariff {key} = {value}", "Tarif {key} = {value}"),
    "data.export_unknown_rule": ("unknown rule {key}", "unbekannte Regel {key}"),
    "data.export_bad_entry": ("game {game} has no valid entry", "Spiel {game} hat keinen gültigen Eintrag"),
    "data.export_bad_hand": ("game {game} has hand number {hand}", "Spiel {game} hat die Spielnummer {hand}"),
    "data.export_bad_payouts": ("game {game}: payouts must be whole numbers",
                                "Spiel {game}: Auszahlungen müssen ganze Zahlen sein"),
    "data.export_bad_value": ("game {game}: {field} = {value} is not what a ledger stores",
                              "Spiel {game}: {field} = {value} ist nicht, was ein Spielbuch speichert"),
    "data.export_game_twice": ("the game {id} is in the export twice", "Spiel {id} steht zweimal in der Sicherung"),
    "data.export_bad_session_id": ("a session's id {id} is not a whole number",
                                   "die Nummer {id} eines Abends ist keine ganze Zahl"),
    "data.export_session_twice": ("the session {id} is in the export twice",
                                  "Abend {id} steht zweimal in der Sicherung"),
    "data.export_empty_closed": ("session {session} is closed but holds no hand",
                                 "Abend {session} ist abgeschlossen, hat aber kein Spiel"),
    # -- the ledger file -----------------------------------------------------------------------------
    "data.ledger_busy": ("The ledger {path} is busy: another program is writing to it.",
                         "Das Spielbuch {path} ist belegt: ein anderes Programm schreibt gerade hinein."),
    "data.ledger_busy_hint": ("Try again in a moment; the ledger was left as it is and nothing was recorded.",
                              "Versuch es gleich noch einmal; das Spielbuch blieb, wie es war, und nichts wurde "
                              "eingetragen."),
    "data.ledger_folder_missing": ("The folder for the ledger {path} does not exist.",
                                   "Den Ordner für das Spielbuch {path} gibt es nicht."),
    "data.ledger_folder_missing_hint": ("Create it, or set ledger in the table file.",
                                        "Leg ihn an oder setz ledger in der Tischdatei."),
    "data.ledger_not_a_file": ("{path} is a folder or a special file, not a ledger.",
                               "{path} ist ein Ordner oder eine besondere Datei, kein Spielbuch."),
    "data.ledger_not_a_file_hint": ("It was left as it is; set ledger in the table file to a file's path, or move "
                                    "it away.",
                                    "Es bleibt, wie es ist; setz ledger in der Tischdatei auf den Pfad einer Datei, "
                                    "oder räum es beiseite."),
    "data.ledger_link_dangles": ("The ledger {path} is a link to {target}, which is not there.",
                                 "Das Spielbuch {path} ist ein Verweis auf {target}, das es nicht gibt."),
    "data.ledger_link_dangles_hint": ("Bring back what it links to (a disk not mounted?), or remove the link for a "
                                      "new ledger.",
                                      "Stell her, worauf er verweist (ein Laufwerk nicht eingehängt?), oder entfern "
                                      "den Verweis für ein neues Spielbuch."),
    "data.ledger_damaged": ("The ledger {path} is damaged or not a ledger ({problem}).",
                            "Das Spielbuch {path} ist beschädigt oder kein Spielbuch ({problem})."),
    "data.ledger_damaged_hint": ("It was left as it is. Restore a backup, or move it away to start a new ledger.",
                                 "Es blieb, wie es war. Spiel eine Sicherung zurück oder verschieb es, um ein neues "
                                 "Spielbuch anzufangen."),
    "data.ledger_empty": ("The ledger {path} is empty (truncated?).", "Das Spielbuch {path} ist leer (abgeschnitten?)."),
    "data.ledger_foreign": ("{path} is an SQLite file but not a schafkopf-score ledger.",
                            "{path} ist eine SQLite-Datei, aber kein Spielbuch von schafkopf-score."),
    "data.ledger_foreign_hint": ("It was left as it is; set ledger in the table file to another path.",
                                 "Sie blieb, wie sie war; setz ledger in der Tischdatei auf einen anderen Pfad."),
    "data.ledger_too_new": ("The ledger {path} has schema version {version}, newer than this program ({mine}).",
                            "Das Spielbuch {path} hat die Schema-Version {version}, neuer als dieses Programm "
                            "({mine})."),
    "data.ledger_too_new_hint": ("Update schafkopf-score to open it; the ledger was left as it is.",
                                 "Aktualisier schafkopf-score, um es zu öffnen; das Spielbuch blieb, wie es war."),
    "data.ledger_no_version": ("The ledger {path} has no valid schema version.",
                               "Das Spielbuch {path} hat keine gültige Schema-Version."),
    "data.ledger_left_as_is": ("It was left as it is.", "Es blieb, wie es war."),
    "data.ledger_other_family": ('The ledger {path} holds {mine} games, but the table file says family = "{family}".',
                                 'Das Spielbuch {path} enthält Spiele der Familie {mine}, aber die Tischdatei sagt '
                                 'family = "{family}".'),
    "data.ledger_other_family_hint": ('Set family = "{mine}" again, or give this table its own ledger (ledger = '
                                      '"other.sqlite"); the ledger was left as it is.',
                                      'Setz wieder family = "{mine}" oder gib diesem Tisch ein eigenes Spielbuch '
                                      '(ledger = "other.sqlite"); das Spielbuch blieb, wie es war.'),
    "data.ledger_other_family_hint_pg": (
        'Set family = "{mine}" again, or give this table a schema of its own in the ledger line '
        '(?options=-csearch_path%3Dname); the ledger was left as it is.',
        'Setz wieder family = "{mine}" oder gib diesem Tisch ein eigenes Schema in der ledger-Zeile '
        '(?options=-csearch_path%3Dname); das Spielbuch blieb, wie es war.'),
    "data.no_ledger_yet": ("There is no ledger at {path} yet.", "Unter {path} gibt es noch kein Spielbuch."),
    "data.record_a_game_first": ("Record a game with schafkopf add first.", "Trag zuerst ein Spiel mit schafkopf add ein."),
    "data.ledger_unwritable": ("The ledger {path} cannot be written: {problem}.",
                               "In das Spielbuch {path} lässt sich nicht schreiben: {problem}."),
    "data.ledger_unwritable_hint": ("It was left as it is; nothing was recorded.",
                                    "Es blieb, wie es war; nichts wurde eingetragen."),
    "data.sqlite_not_a_database": ("file is not a database", "die Datei ist keine Datenbank"),
    "data.sqlite_malformed": ("database disk image is malformed", "das Abbild der Datenbank ist beschädigt"),
    "data.sqlite_cannot_open": ("unable to open database file", "die Datenbankdatei lässt sich nicht öffnen"),
    "data.sqlite_io_error": ("disk I/O error", "Ein-/Ausgabefehler der Platte"),
    "data.sqlite_full": ("database or disk is full", "die Datenbank oder die Platte ist voll"),
    "data.sqlite_read_only": ("attempt to write a readonly database", "Versuch, in eine schreibgeschützte Datenbank "
                              "zu schreiben"),
    "data.migration_failed": ("Migrating the ledger {path} from version {version} failed ({problem}).",
                              "Das Spielbuch {path} von Version {version} zu aktualisieren ist fehlgeschlagen "
                              "({problem})."),
    "data.migration_failed_hint": ("Nothing was changed; a backup copy lies beside it, and schafkopf export "
                                   "--format json --all still reads it.",
                                   "Nichts wurde verändert; eine Sicherungskopie liegt daneben, und schafkopf export "
                                   "--format json --all liest es weiterhin."),
    # -- a path a file would be written to (follows the path) -----------------------------------------
    "data.target_folder": ("is a folder", "ist ein Ordner"),
    "data.target_link": ("is a symbolic link", "ist ein symbolischer Link"),
    "data.target_device": ("is a device", "ist ein Gerät"),
    "data.target_pipe": ("is a named pipe", "ist eine benannte Pipe"),
    "data.target_socket": ("is a socket", "ist ein Socket"),
    "data.target_not_regular": ("is not a regular file", "ist keine gewöhnliche Datei"),

    # -- the seating: players added, leaving, renamed (players.py); paid out early, reopened --
    "data.from_hand": ("from hand {hand} of session {session}", "ab Spiel {hand} von Abend {session}"),
    "data.from_next_session": ("from the next session", "ab dem nächsten Abend"),
    "data.player_added": ("{name} joins the table {when}. Seating: {players}.",
                          "{name} kommt an den Tisch, {when}. Sitzordnung: {players}."),
    "data.player_left": ("{name} leaves the table {when}. Seating: {players}.",
                         "{name} verlässt den Tisch, {when}. Sitzordnung: {players}."),
    "data.player_renamed": ("{name} is called {new} {when}. Seating: {players}.",
                            "{name} heißt {new}, {when}. Sitzordnung: {players}."),
    "data.player_earlier_name": ("{name} is an earlier name of {now}; two players cannot share it.",
                                 "{name} ist ein früherer Name von {now}; zwei Spieler können ihn nicht teilen."),
    "data.player_earlier_name_hint": ("Give the new player another name.", "Gib dem neuen Spieler einen anderen Namen."),
    "data.player_name_taken": ("{name} already played at this table as another player.",
                               "{name} hat an diesem Tisch schon als ein anderer Spieler gespielt."),
    "data.player_name_taken_hint": ("Choose a name nobody else played under here.",
                                    "Wähl einen Namen, unter dem hier noch kein anderer gespielt hat."),
    "data.players_line_not_found": ("{path}: the players list cannot be found as one list to rewrite.",
                                    "{path}: die Spielerliste lässt sich nicht als eine Liste finden und neu schreiben."),
    "data.players_line_not_found_hint": (
        "Write the players as one list, players = [\"Anna\", \"Ben\", ...], and try again.",
        "Schreib die Spieler als eine Liste, players = [\"Anna\", \"Ben\", ...], und versuch es noch einmal."),
    "data.player_add_full": ("the table has {count} players; this family takes at most {most}.",
                             "am Tisch sitzen {count} Spieler; diese Spielart nimmt höchstens {most}."),
    "data.player_add_full_hint": ("Let someone leave first (schafkopf player leave NAME).",
                                  "Lass zuerst jemanden gehen (schafkopf player leave NAME)."),
    "data.player_leave_too_few": ("Without {name} only {count:player} would be left, but a game needs {seats}.",
                                  "Ohne {name} hätte der Tisch nur noch {count:player}, ein Spiel braucht aber {seats}."),
    "data.player_leave_too_few_hint": (
        "Add a player first (schafkopf player add NAME), or set seats lower in the table file.",
        "Nimm zuerst einen Spieler dazu (schafkopf player add NAME), oder setz seats in der Tischdatei herunter."),
    "data.player_already_seated": ("{name} already sits at this table (as {seated}).",
                                   "{name} sitzt schon an diesem Tisch (als {seated})."),
    "data.player_seated_already": ("{name} already sits at this table.", "{name} sitzt schon an diesem Tisch."),
    "data.player_already_seated_hint": ("Give the newcomer a name of their own, e.g. '{name} B.'; "
                                        "the seating: schafkopf player list.",
                                        "Gib dem Neuen einen eigenen Namen, z. B. '{name} B.'; wer hier sitzt: "
                                        "schafkopf player list."),
    "data.player_rename_taken_hint": ("Give {old} a name no one here goes by, e.g. '{name} B.'; the seating: "
                                      "schafkopf player list.",
                                      "Gib {old} einen Namen, den hier keiner hat, z. B. '{name} B.'; wer hier "
                                      "sitzt: schafkopf player list."),
    "data.player_rename_same": ("{name} already has that name.", "{name} heißt schon so."),
    "data.player_rename_same_hint": ("Give the new name after the old one: schafkopf player rename OLD NEW.",
                                     "Gib den neuen Namen nach dem alten an: schafkopf player rename ALT NEU."),
    "data.nothing_to_settle_player": ("There is no open session to pay a player out of.",
                                      "Es gibt keinen offenen Abend, aus dem ein Spieler ausbezahlt werden kann."),
    "data.settle_player_money_point": ("{family} counts in points; only money balances can be paid out during the session.",
                                       "{family} zählt in Punkten; nur Geldstände lassen sich während des Abends auszahlen."),
    "data.settle_player_money_stroke": ("{family} counts in strokes; only money balances can be paid out during the session.",
                                        "{family} zählt in Strichen; nur Geldstände lassen sich während des Abends auszahlen."),
    "data.settle_player_money_hint": ("Settle everyone at the close: schafkopf settle --close.",
                                      "Rechne alle beim Abschluss ab: schafkopf settle --close."),
    "data.settle_player_zero": ("{name} stands at 0; there is nothing to pay out.",
                                "{name} steht auf 0; es gibt nichts auszuzahlen."),
    "data.settle_player_zero_hint": ("schafkopf standings shows every balance.", "schafkopf standings zeigt jeden Stand."),
    "data.settle_player_stock": ("{name} cannot be paid out in full now: part of the money lies in the Stock.",
                                 "{name} kann jetzt nicht voll ausbezahlt werden: ein Teil des Geldes liegt im Stock."),
    "data.settle_player_stock_hint": ("Pay out after the Stock is won, or settle at the close.",
                                      "Zahl aus, wenn der Stock gewonnen ist, oder rechne beim Abschluss ab."),
    "data.reopen_reason": ("A reopened session needs a reason.", "Ein wieder geöffneter Abend braucht einen Grund."),
    "data.reopen_reason_hint": ("Say why: schafkopf settle --reopen N --reason \"hand 12 was a Wenz\".",
                                "Sag warum: schafkopf settle --reopen N --reason \"Spiel 12 war ein Wenz\"."),
    "data.reopen_open": ("Session {session} is open; only a closed session can be reopened.",
                         "Abend {session} ist offen; nur ein abgeschlossener Abend kann wieder geöffnet werden."),
    "data.reopen_open_hint": ("Correct it as it is (undo, void, edit), then close it.",
                              "Korrigier ihn so (undo, void, edit) und schließ ihn dann ab."),
    "data.reopen_not_latest": ("Session {session} cannot be reopened: session {latest} was played after it.",
                               "Abend {session} kann nicht wieder geöffnet werden: danach wurde Abend {latest} gespielt."),
    "data.reopen_not_latest_hint": (
        "Only the latest session can be reopened; settle a mistake in an earlier one by hand.",
        "Nur der letzte Abend lässt sich wieder öffnen; einen Fehler in einem früheren gleicht ihr von Hand aus."),
    "data.problem_payment": ("the payout of {player} during the session does not add up",
                             "die Auszahlung von {player} während des Abends geht nicht auf"),
    "data.problem_difference": ("the difference paid at the second close does not match the closings",
                                "die beim zweiten Abschluss gezahlte Differenz passt nicht zu den Abschlüssen"),
    # the ledger on PostgreSQL
    "data.pg_no_driver": ("This table's ledger is on PostgreSQL, which needs the psycopg driver.",
                          "Das Spielbuch dieses Tisches liegt auf PostgreSQL, dafür fehlt der Treiber psycopg."),
    "data.pg_no_driver_hint": ("Install it in the project's folder: pip install '.[postgresql]'",
                               "Installier ihn im Ordner des Projekts: pip install '.[postgresql]'"),
    "data.pg_unreachable": ("The ledger's database {url} cannot be reached: {problem}",
                            "Die Datenbank des Spielbuchs {url} ist nicht erreichbar: {problem}"),
    "data.pg_unreachable_hint": (
        "Check the ledger line of the table file (host, port, database, user, password) and that the server "
        "runs; nothing was recorded.",
        "Prüf die ledger-Zeile der Tischdatei (Host, Port, Datenbank, Benutzer, Passwort) und ob der Server "
        "läuft; es wurde nichts eingetragen."),
    "data.pg_foreign": ("The database schema of {path} holds tables of another program ({tables}).",
                        "Das Datenbankschema von {path} enthält Tabellen eines anderen Programms ({tables})."),
    "data.pg_foreign_hint": ("It was left as it is; give the ledger a schema of its own in the ledger line "
                             "(?options=-csearch_path%3Dname).",
                             "Es blieb, wie es war; gib dem Spielbuch in der ledger-Zeile ein eigenes Schema "
                             "(?options=-csearch_path%3Dname)."),
    "data.ledger_holds_tournament": ("The ledger {path} holds a tournament, and this table file is a table's.",
                                     "Das Spielbuch {path} enthält ein Turnier, diese Tischdatei ist aber die "
                                     "eines Tisches."),
    "data.ledger_holds_tournament_hint": (
        "Points are no money: give this table a ledger of its own (the ledger line), or set kind = \"tournament\".",
        "Punkte sind kein Geld: gib diesem Tisch ein eigenes Spielbuch (ledger-Zeile) oder setz "
        "kind = \"tournament\"."),
    "data.ledger_holds_table": ("The ledger {path} holds a table's evenings, and this table file is a tournament's.",
                                "Das Spielbuch {path} enthält die Abende eines Tisches, diese Tischdatei ist aber "
                                "die eines Turniers."),
    "data.ledger_holds_table_hint": ("Give the tournament a ledger of its own (the ledger line).",
                                     "Gib dem Turnier ein eigenes Spielbuch (ledger-Zeile)."),
    "data.import_tournament_into_table": ("This export is of a tournament; this table file is a table's.",
                                          "Diese Sicherung ist die eines Turniers; diese Tischdatei ist die eines "
                                          "Tisches."),
    "data.import_table_into_tournament": ("This export is of a table's evenings; this table file is a tournament's.",
                                          "Diese Sicherung enthält die Abende eines Tisches; diese Tischdatei ist die "
                                          "eines Turniers."),
    "data.import_kind_hint": ("Import it with a table file of the same kind (kind = \"table\" or \"tournament\"); "
                              "nothing was imported.",
                              "Lies sie mit einer Tischdatei derselben Art ein (kind = \"table\" oder "
                              "\"tournament\"); es wurde nichts eingelesen."),
    "data.ledger_not_a_path": ("'{value}' is neither a file nor a postgresql:// address.",
                               "'{value}' ist weder eine Datei noch eine postgresql://-Adresse."),
    "data.ledger_not_a_path_hint": (
        "Give a file name (the SQLite ledger) or an address postgresql://user:password@host:port/database.",
        "Gib einen Dateinamen (das SQLite-Spielbuch) oder eine Adresse "
        "postgresql://benutzer:passwort@host:port/datenbank an."),
    "data.pg_no_schema": ("The ledger's database {url} has no schema to keep the ledger in (search_path: {path}).",
                          "Die Datenbank des Spielbuchs {url} hat kein Schema für das Spielbuch (search_path: {path})."),
    "data.pg_no_schema_hint": ("Create the schema first (CREATE SCHEMA name), or name one that exists in the "
                               "ledger line; nothing was recorded.",
                               "Leg das Schema zuerst an (CREATE SCHEMA name) oder nenn in der ledger-Zeile eines, "
                               "das es gibt; es wurde nichts eingetragen."),
    "data.pg_refused": ("The ledger's database refused the request: {problem}",
                        "Die Datenbank des Spielbuchs hat die Anfrage abgelehnt: {problem}"),
    "data.pg_refused_hint": ("Nothing was recorded. If the ledger's rows were changed by hand, run schafkopf check.",
                             "Es wurde nichts eingetragen. Wurden Zeilen des Spielbuchs von Hand geändert, "
                             "prüft es mit schafkopf check."),
    "data.pg_read_only": ("The ledger's database {url} may not be written: {problem}",
                          "Die Datenbank des Spielbuchs {url} darf nicht beschrieben werden: {problem}"),
    "data.pg_read_only_hint": (
        "Nothing was recorded. Give the user of the ledger line the right to write there (GRANT INSERT, "
        "CREATE ... TO user), and name the database's main server, not a copy that is only read; then try again.",
        "Es wurde nichts eingetragen. Gib dem Benutzer der ledger-Zeile das Recht, dort zu schreiben (GRANT "
        "INSERT, CREATE ... TO benutzer), und nenn den Hauptserver der Datenbank, keine nur lesbare Kopie; dann "
        "versuch es noch einmal."),
    "data.busy_timeout_bad": ("SCHAFKOPF_BUSY_TIMEOUT is {value}: not a number of seconds from 0 to {most}.",
                              "SCHAFKOPF_BUSY_TIMEOUT ist {value}: keine Zahl von Sekunden von 0 bis {most}."),
    "data.busy_timeout_bad_hint": ("Set it to the seconds to wait for another writer (such as 30), or unset it; "
                                   "nothing was recorded.",
                                   "Setz es auf die Sekunden, die auf einen anderen Schreiber gewartet wird "
                                   "(etwa 30), oder entferne es; es wurde nichts eingetragen."),
    "data.closed_reopen_hint": ("To correct it, reopen it first: schafkopf settle --reopen {session} --reason R "
                                "(R: why; the closing stays in the ledger).",
                                "Zum Korrigieren öffne ihn zuerst wieder: schafkopf settle --reopen {session} "
                                "--reason R (R: warum; die Abrechnung bleibt im Spielbuch)."),
    "data.table_too_large": ("{path} is {size} bytes long; a table file holds at most {limit}.",
                             "{path} ist {size} Bytes lang; eine Tischdatei hält höchstens {limit}."),
    "data.table_too_large_hint": ("Is it the right file? A table file is a few kilobytes of settings; it was not "
                                  "read.",
                                  "Ist es die richtige Datei? Eine Tischdatei sind ein paar Kilobyte Einstellungen; "
                                  "sie wurde nicht gelesen."),
    "data.name_too_long": ("is {length} characters long; a table's name has at most {limit}.",
                           "ist {length} Zeichen lang; der Name eines Tisches hat höchstens {limit}."),
    "data.name_too_long_hint": ("Give it a shorter name (up to {limit} characters).",
                                "Gib ihm einen kürzeren Namen (bis zu {limit} Zeichen)."),
    "data.player_too_long": ("has player {i} ({name}) of {length} characters; a player's name has at most {limit}.",
                             "hat Spieler {i} ({name}) mit {length} Zeichen; der Name eines Spielers hat "
                             "höchstens {limit}."),
    "data.player_too_long_hint": ("Shorten the name to {limit} characters or fewer (a nickname does).",
                                  "Kürz den Namen auf höchstens {limit} Zeichen (ein Spitzname tut es)."),
    "data.text_hidden_hint": ("Type it again without that character: such characters can steer the terminal or "
                              "hide what is shown; nothing was recorded.",
                              "Tipp es ohne dieses Zeichen noch einmal: solche Zeichen können das Terminal steuern "
                              "oder verbergen, was angezeigt wird; es wurde nichts eingetragen."),
    "data.export_bad_number": ("{where}: {field} = {value} is not a whole number a ledger stores",
                               "{where}: {field} = {value} ist keine ganze Zahl, wie ein Spielbuch sie speichert"),
    "data.export_row_not_zero": ("game {game}: a row it was stored or restated with sums to {total}, not zero",
                                 "Spiel {game}: eine Zeile, mit der es gespeichert oder neu berechnet wurde, ergibt "
                                 "{total}, nicht null"),
    "data.export_hidden": ("{where}: {field} {value} has an invisible or control character ({what}) at position "
                           "{pos}",
                           "{where}: {field} {value} enthält an Stelle {pos} ein unsichtbares oder Steuerzeichen "
                           "({what})"),
    "data.export_where_game": ("game {game}", "Spiel {game}"),
    "data.export_where_session": ("session {session}", "Abend {session}"),
    "data.export_where_round": ("round {round}", "Runde {round}"),
    # -- numbers bounded before they are read (text.bounded_int) ----------------------------
    "data.number_too_long": ("{text} has {digits} digits: far more than {what} can be.",
                             "{text} hat {digits} Stellen: viel mehr, als {what} sein kann."),
    "data.number_too_long_hint": ("Give a number of at most {most} digits.",
                                  "Gib eine Zahl mit höchstens {most} Stellen an."),
    "data.hand_number": ("a hand number", "eine Spielnummer"),
    "data.the_augen": ("the Augen", "die Augen"),
    "data.the_suit": ("the suit", "die Farbe"),
    "data.the_sau": ("the called Sau", "die gerufene Sau"),
    # a tournament's events in an export (issue 27)
    "data.export_totals_players": ("round {round}, table {tisch}: the paper totals do not name each player of the "
                                   "table ({names}) once",
                                   "Runde {round}, Tisch {tisch}: die Papiersummen nennen nicht jeden Spieler des "
                                   "Tisches ({names}) genau einmal"),
    "data.export_totals_not_zero": ("round {round}, table {tisch}: the paper totals sum to {total}, not zero",
                                    "Runde {round}, Tisch {tisch}: die Papiersummen ergeben {total}, nicht null"),
    "data.export_totals_turn": ("round {round}, table {tisch}: paper totals ({kind}) where no program records them "
                                "(totals entered twice, replaced or voided where none are in force, or beside hands)",
                                "Runde {round}, Tisch {tisch}: Papiersummen ({kind}), wo kein Programm sie einträgt "
                                "(zweimal eingetragen, ersetzt oder gestrichen, wo keine gelten, oder neben Spielen)"),
    "data.export_event": ("a tournament event that no program wrote: {kind} {key}",
                          "ein Turnierereignis, das kein Programm so schreibt: {kind} {key}"),
    "data.seating_changed_meanwhile": ("The seating changed a moment ago (a player joined, left or was renamed); "
                                       "nothing was recorded.",
                                       "Die Sitzordnung hat sich gerade eben geändert (ein Spieler kam dazu, ging "
                                       "oder heißt anders); nichts wurde eingetragen."),
    "data.seating_changed_meanwhile_hint": ("Look at schafkopf player list and enter the hand again.",
                                            "Schau in schafkopf player list und trag das Spiel noch einmal ein."),
    "data.snapshot_not_a_table": ("A rules snapshot must be a table of its keys, not {value}.",
                                  "Ein Regelsatz muss eine Tabelle seiner Schlüssel sein, nicht {value}."),
    "data.snapshot_key_missing": ("is missing.", "fehlt."),
    # moved from messages.py
    "data.amount_as_printed": ("Write amounts as settle prints them, like {first} or {second}: "
                              "--from-balances Anna=3.40,Ben=-1.15,Cora=-2.25.",
                              "Schreib Beträge, wie settle sie zeigt, etwa {first} oder {second}: "
                              "--from-balances Anna=3,40,Ben=-1,15,Cora=-2,25."),
    "data.ledger_full": ("The ledger cannot be written: {problem}.", "Das Spielbuch kann nicht geschrieben werden: {problem}."),
    "data.ledger_full_hint": ("Nothing of this command was recorded; make room on the disk and try again.",
                             "Von diesem Befehl wurde nichts eingetragen; schaff Platz auf der Platte und versuch es noch einmal."),
    "data.ledger_read_only_hint": (
        "Nothing of this command was recorded; the ledger file or its folder may not be written: allow writing "
        "(file permissions, a read-only disk or share) and try again.",
        "Von diesem Befehl wurde nichts eingetragen; die Datei des Spielbuchs oder ihr Ordner darf nicht "
        "beschrieben werden: erlaub das Schreiben (Dateirechte, schreibgeschützter Datenträger oder Freigabe) "
        "und versuch es noch einmal."),
    "data.ledger_unusable": ("The ledger cannot be used: {problem}.", "Das Spielbuch kann nicht benutzt werden: {problem}."),
    "data.ledger_unusable_hint": (
        "It was left as it is. If it is damaged, restore a backup; if busy, try again.",
        "Es blieb unverändert. Ist es beschädigt, spiel eine Sicherung zurück; ist es belegt, versuch es noch einmal."),
    "data.new_name_clash": ("{why}; a player of that name could not be entered.",
                           "{why}; ein Spieler dieses Namens ließe sich nicht eintragen."),
    "data.player_name_comma": ("{name} holds a comma, where new --players and settle --from-balances split their lists.",
                               "{name} enthält ein Komma, an dem new --players und settle --from-balances ihre Listen trennen."),
    "data.player_name_comma_hint": ("Give the name without its comma ({plain}).",
                                    "Schreib den Namen ohne Komma ({plain})."),
    "data.new_name_clash_hint": ("Give {name} another spelling (a nickname, or with the surname's initial).",
                                "Schreib {name} anders (ein Spitzname, oder mit dem Anfangsbuchstaben des Nachnamens)."),
    "data.line_unreadable": ("The line cannot be read: {problem}.", "Die Zeile lässt sich nicht lesen: {problem}."),
    "data.line_unreadable_hint": ("Close the quotes.", "Schließ die Anführungszeichen."),
    "data.no_closing_quote": ("No closing quotation", "ein Anführungszeichen ist nicht geschlossen"),
    "data.no_escaped_character": ("No escaped character", "nach dem \\ fehlt ein Zeichen"),
    "data.backslash_hint": ("Write \\\\ for a backslash, or leave it out at the end.",
                                "Schreib \\\\ für einen Backslash, oder lass ihn am Ende weg."),
    # moved from messages.py
    # what check says when all holds
    "data.check_ok": ("OK: {sessions:session}, {hands:hand} checked.", "OK: {sessions:session}, {hands:hand} geprüft."),
    "data.round_stock_in": ("{amount} cents go into the Stock for the next evening at the close; rounding to {round} "
                            "cents would change the Stock.",
                            "Beim Abschluss gehen {amount} Cent für den nächsten Abend in den Stock; auf {round} Cent "
                            "gerundet, würde sich der Stock ändern."),
    "data.round_stock_out": ("{amount} cents come out of the Stock at the close; rounding to {round} cents would "
                             "change the Stock.",
                             "Beim Abschluss kommen {amount} Cent aus dem Stock; auf {round} Cent gerundet, würde "
                             "sich der Stock ändern."),
    "data.round_stock_hint": ("Round to an amount that goes into it evenly (e.g. --round 10), or settle without "
                              "--round.",
                              "Runde auf einen Betrag, der darin aufgeht (z. B. --round 10), oder rechne ohne "
                              "--round ab."),
    "data.round_not_positive": ("--round {value} is not a positive number of cents.",
                               "--round {value} ist keine positive Zahl von Cent."),
    "data.round_not_positive_hint": ("Give e.g. --round 50.", "Gib z. B. --round 50 an."),
    "data.round_no_money": ("--round {value} rounds cash, and this table settles in points (point_value = 0).",
                            "--round {value} rundet Bargeld, und dieser Tisch rechnet in Punkten ab (point_value = 0)."),
    "data.round_no_money_hint": ("Leave --round out, or give the table a point_value (cents per point).",
                                 "Lass --round weg, oder gib dem Tisch einen point_value (Cent je Punkt)."),
    "data.round_too_big": ("--round {value} is more than {most} cents: every amount would round to nothing.",
                           "--round {value} ist mehr als {most} Cent: jeder Betrag würde auf nichts gerundet."),
    "data.edit_no_change": ("edit {hand} names no change.", "edit {hand} nennt keine Änderung."),
    "data.edit_no_change_hint": (
        "Give what changes (e.g. schafkopf edit {hand} k, or --kontra), or the whole corrected game.",
        "Gib an, was sich ändert (z. B. schafkopf edit {hand} k, oder --kontra), oder das ganze korrigierte Spiel."),
    "data.edit_changes": ("That edit changes the game or the declarer of hand {hand}: {change}.",
                         "Diese Korrektur ändert das Spiel oder den Spieler von Spiel {hand}: {change}."),
    "data.edit_changes_hint": ("Add --yes if that is what you mean.", "Häng --yes an, wenn du das so meinst."),
    # the same hand twice in a row (app.hands.SameHand): a door with a person in front of it asks
    "data.same_hand": ("That is the same hand as hand {hand} just before it ({game}); it was not recorded again.",
                       "Das ist dasselbe Spiel wie Spiel {hand} direkt davor ({game}); es wurde nicht noch einmal "
                       "eingetragen."),
    "data.same_hand_hint": ("If it was played twice, enter it again and confirm it.",
                            "Wurde es zweimal gespielt, gib es noch einmal ein und bestätige es."),
    # moved from messages.py
    "data.no_such_option": ("{option} is no option of a hand.", "{option} ist keine Option eines Spiels."),
    "data.no_such_option_like": ("Did you mean {options}? (schafkopf add --help lists a hand's options.)",
                                 "Meintest du {options}? (schafkopf add --help zeigt die Optionen eines Spiels.)"),
    "data.no_such_option_hint": ("Type the hand in short words (help shows them), or with the options of "
                                     "schafkopf add --help.",
                                     "Tipp das Spiel in kurzen Wörtern (hilfe zeigt sie) oder mit den Optionen "
                                     "von schafkopf add --help."),
    "data.option_needs_value": ("{option} needs a value after it.", "Nach {option} muss ein Wert kommen."),
    "data.option_no_value": ("{option} takes no value.", "{option} nimmt keinen Wert."),
    "data.option_no_value_hint": ("Write {option} alone, without =.", "Schreib {option} allein, ohne =."),
    # moved from messages.py
    "data.codes_unreadable": ("The access codes file {path} cannot be read: {problem}.",
                                    "Die Datei der Zugangscodes {path} kann nicht gelesen werden: {problem}."),
    "data.codes_not_codes": ("it is no codes file of schafkopf serve (damaged JSON, or codes missing)",
                             "sie ist keine Codedatei von schafkopf serve (kaputtes JSON, oder Codes fehlen)"),
    "data.codes_unknown_role": ("it names a role {role} that is none of host, view, tisch N",
                                "sie nennt eine Rolle {role}, die weder host, view noch tisch N ist"),
    "data.codes_unreadable_hint": ("Make new codes with schafkopf serve --new-codes (the old links stop working).",
                                         "Mach neue Codes mit schafkopf serve --new-codes (die alten Links gelten "
                                         "dann nicht mehr)."),
    # settle --tariff / --rules: the evening under another tariff (app/whatif.py)
    "data.whatif_one": ("Give either --tariff or --rules, not both.", "Gib entweder --tariff oder --rules an, nicht beides."),
    "data.whatif_one_hint": ("Example: schafkopf settle --tariff 20/50", "Beispiel: schafkopf settle --tariff 20/50"),
    "data.whatif_tariff_not_here": ("--tariff does not apply to {family}: its tariff is not two base amounts.",
                                    "--tariff gilt nicht für {family}: sein Tarif sind keine zwei Grundbeträge."),
    "data.whatif_tariff_not_here_hint": ("Write the other [tariff] into a copy of the table file and give it with "
                                         "--rules FILE.",
                                         "Schreib den anderen [tariff] in eine Kopie der Tischdatei und gib sie mit "
                                         "--rules DATEI an."),
    "data.whatif_rules_empty": ("--rules needs a table file.", "--rules braucht eine Tischdatei."),
    "data.whatif_rules_file": ("The other table file {path} cannot be used: {problem}",
                               "Die andere Tischdatei {path} ist nicht brauchbar: {problem}"),
    "data.whatif_rules_tournament": ("{path} is a tournament's file: its points are no tariff for an evening.",
                                     "{path} ist eine Turnierdatei: ihre Punkte sind kein Tarif für einen Abend."),
    "data.whatif_rules_family": ("{path} plays {other}, this table {family}: hands are priced only by their own "
                                 "family's rules.",
                                 "{path} spielt {other}, dieser Tisch {family}: Spiele lassen sich nur nach den Regeln "
                                 "ihrer eigenen Familie bewerten."),
    "data.whatif_rules_hint": ("Give a table file of this family, e.g. a copy of this one with the other [tariff] "
                               "and [rules]: schafkopf settle --rules other.toml",
                               "Gib eine Tischdatei dieser Familie an, z. B. eine Kopie dieser mit dem anderen "
                               "[tariff] und [rules]: schafkopf settle --rules andere.toml"),
}
