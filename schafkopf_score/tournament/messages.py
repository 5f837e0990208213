"""Messages of the tournament (id -> English, German): its table file's keys, the draw, the
entries at a table (``--tisch N``), the table lists and the ranking. The ids begin with
``tournament.``; the English CSV column names (``csv_*``) are the machine contract of
``--format csv``: never reword them."""

MESSAGES: dict[str, tuple[str, str]] = {
    # -- the table file (after "FILE, line N: [section] key")
    "tournament.family_only": ('"tournament" is for Bavarian Schafkopf only, not for {family}.',
                                   '"tournament" gibt es nur für Bayerischen Schafkopf, nicht für {family}.'),
    "tournament.family_only_hint": ('Set family = "{family}", or remove kind = "tournament".',
                                        'Setz family = "{family}", oder entferne kind = "tournament".'),
    "tournament.no_tariff": ("is not used in a tournament: it counts tournament points.",
                                 "gilt im Turnier nicht: dort zählen Turnierpunkte."),
    "tournament.no_tariff_hint": ('Put the values into [points] (preset = "plus-minus" or "plus-only", '
                                      "sauspiel = 1, solo = 5, ...).",
                                      'Schreib die Werte in [points] (preset = "plus-minus" oder "plus-only", '
                                      "sauspiel = 1, solo = 5, ...)."),
    "tournament.section_needs_kind": ("belongs to a tournament only.", "gehört nur zu einem Turnier."),
    "tournament.section_needs_kind_hint": ('Add kind = "tournament" at the top, or remove the section.',
                                               'Setz oben kind = "tournament", oder entferne den Abschnitt.'),
    "tournament.seats_four": ("must be 4 in a tournament (tables of four; at a table of five the dealer "
                                  "sits out), not {seats}.",
                                  "muss im Turnier 4 sein (Vierertische; ein fünfter Spieler setzt aus, wenn er "
                                  "gibt), nicht {seats}."),
    "tournament.seats_four_hint": ("Set seats = 4.", "Setz seats = 4."),
    "tournament.no_stock": ("cannot feed a Stock in a tournament: points belong to players.",
                                "kann im Turnier keinen Stock füllen: Punkte gehören den Spielern."),
    "tournament.no_stock_hint": ('Use all_pass = "redeal" (or "ramsch").', 'Nimm all_pass = "redeal" (oder '
                                                                             '"ramsch").'),
    "tournament.players_twice": ("and a players list both name the players.",
                                     "und eine Spielerliste nennen beide die Spieler."),
    "tournament.players_twice_hint": ("Keep one of them: players = [...] or players_file.",
                                          "Behalte eins davon: players = [...] oder players_file."),
    "tournament.players_file_unreadable": ("cannot be read: {path}: {problem}.",
                                               "lässt sich nicht lesen: {path}: {problem}."),
    "tournament.players_file_missing": ("does not exist: {path}.", "gibt es nicht: {path}."),
    "tournament.players_file_not_utf8": ("is not UTF-8 text: {path}.", "ist kein UTF-8-Text: {path}."),
    "tournament.players_file_hint": ("Give a text file beside the tournament's file, one name a line "
                                         "(UTF-8; # starts a comment).",
                                         "Gib eine Textdatei neben der Turnierdatei an, ein Name je Zeile "
                                         "(UTF-8; # beginnt einen Kommentar)."),
    "tournament.too_many_players": ("names {count} players; a tournament takes at most {most}.",
                                        "nennt {count} Spieler; ein Turnier fasst höchstens {most}."),
    "tournament.name_clash": ("holds a name that entries at a table would misread: {why}.",
                                  "enthält einen Namen, den Einträge am Tisch falsch lesen würden: {why}."),
    "tournament.name_clash_hint": ("Register {name} under another name (a surname initial: {name} M.).",
                                       "Melde {name} unter anderem Namen an (mit Initiale: {name} M.)."),
    # -- the file as ``tournament new`` writes it (comments)
    "tournament.file_header": ("A tournament (Preisschafkopf): schafkopf tournament --help",
                                   "Ein Turnier (Preisschafkopf): schafkopf tournament --help"),
    "tournament.file_name": ("shown on the lists", "steht auf den Listen"),
    "tournament.file_players": ("the registered players", "die angemeldeten Spieler"),
    "tournament.file_language": ("de | en", "de | en"),
    "tournament.file_rounds": ("rounds to play", "Anzahl Runden"),
    "tournament.file_games": ("games per round at a table of four", "Spiele je Runde am Vierertisch"),
    "tournament.file_games_five": ("at a table of five (the dealer sits out)",
                                       "am Fünfertisch (der Geber setzt aus)"),
    "tournament.file_draw": ("rounds after the first: spread | random | ranking",
                                 "Runden nach der ersten: spread | random | ranking"),
    "tournament.file_seed": ("seed of the lot (default: drawn once, stored)",
                                 "Startwert der Auslosung (sonst einmal gezogen, gespeichert)"),
    "tournament.file_players_file": ("the registered players, one name a line",
                                         "die angemeldeten Spieler, ein Name je Zeile"),
    "tournament.file_preset": ("plus-minus | plus-only", "Wertung: plus-minus | plus-only"),
    "tournament.file_sauspiel": ("Sauspiel, per player", "Sauspiel, je Spieler"),
    "tournament.file_solo": ("Solo, Wenz: per opponent (declarer x3)", "Solo, Wenz: je Gegner (Spieler x3)"),
    "tournament.file_schneider": ("on top for Schneider", "zusätzlich für Schneider"),
    "tournament.file_schwarz": ("on top for Schwarz", "zusätzlich für Schwarz"),
    "tournament.file_laufende": ("per Laufender (0: they count nothing)", "je Laufendem (0: zählen nicht)"),
    "tournament.file_bettel": ("Bettel, per opponent (where played)", "Bettel, je Gegner (wo gespielt)"),
    "tournament.file_ramsch": ("Ramsch, the loser to each", "Ramsch, der Verlierer an jeden"),
    "tournament.file_games_list": ("the games played", "die gespielten Spiele"),
    "tournament.file_tout": ("Tout counts x2", "Tout zählt x2"),
    "tournament.file_sie": ("Sie counts x4", "Sie zählt x4"),
    "tournament.file_kontra": ("doublings: 1 Kontra, 2 Kontra and Re (each doubles)",
                                   "Verdopplungen: 1 Kontra, 2 Kontra und Re (jede verdoppelt)"),
    "tournament.file_all_pass": ("all passed: redeal | ramsch", "alle weiter: redeal | ramsch"),
    # -- tournament new
    "tournament.new_players": ("Give the players: --players A,B,... or --players-file FILE (one of them).",
                                   "Gib die Spieler an: --players A,B,... oder --players-file DATEI (eins davon)."),
    "tournament.new_players_hint": ("Example: schafkopf tournament new turnier.toml --players "
                                        "Anna,Ben,Cora,Dora,Emil",
                                        "Beispiel: schafkopf tournament new turnier.toml --players "
                                        "Anna,Ben,Cora,Dora,Emil"),
    "tournament.file_exists": ("{path} exists already; nothing was written.",
                                   "{path} gibt es schon; nichts wurde geschrieben."),
    "tournament.ledger_exists": ("A ledger {path} exists already; nothing was written.",
                                     "Ein Spielbuch {path} gibt es schon; nichts wurde geschrieben."),
    "tournament.file_exists_hint": ("Choose another name, or add --force to start afresh beside it.",
                                        "Wähle einen anderen Namen, oder gib --force an."),
    "tournament.option_choice": ("{option} {value}: choose {choices}.", "{option} {value}: wähle {choices}."),
    "tournament.by_hint": ("Or leave --by out: the round is drawn as the file's draw says; nothing was drawn.",
                           "Oder lass --by weg: dann wird gelost, wie draw in der Datei sagt; es wurde nichts gelost."),
    "tournament.written": ("Wrote {path}: {count} players, {rounds} rounds. Next: schafkopf --table {path} "
                               "tournament draw",
                               "{path} geschrieben: {count} Spieler, {rounds} Runden. Weiter: schafkopf --table "
                               "{path} tournament draw"),
    "tournament.written_one": ("Wrote {path}: {count} players, 1 round. Next: schafkopf --table {path} "
                                   "tournament draw",
                                   "{path} geschrieben: {count} Spieler, 1 Runde. Weiter: schafkopf --table "
                                   "{path} tournament draw"),
    # -- which table
    "tournament.not_a_tournament": ('{path} is no tournament (kind = "tournament"): it has no tables to draw '
                                        "or to name with --tisch.",
                                        '{path} ist kein Turnier (kind = "tournament"): es hat keine Tische zum '
                                        "Auslosen oder für --tisch."),
    "tournament.not_a_tournament_hint": ("At a single table leave --tisch out (players join and leave with "
                                             "schafkopf player add/leave NAME); for a tournament write one with "
                                             "schafkopf tournament new.",
                                             "An einem einzelnen Tisch lass --tisch weg (Spieler kommen und gehen "
                                             "mit schafkopf player add/leave NAME); ein Turnier legt "
                                             "schafkopf tournament new an."),
    "tournament.needs_tisch": ("This is a tournament: say at which table the game was played.",
                                   "Das ist ein Turnier: sag, an welchem Tisch gespielt wurde."),
    "tournament.needs_tisch_hint": ("Add --tisch N, e.g. {example} (the tables: schafkopf tournament tables).",
                                        "Gib --tisch N an, z. B. {example} (die Tische: schafkopf tournament "
                                        "tables)."),
    "tournament.round_needs_tisch": ("--round names a round of one of the tournament's tables: give --tisch N "
                                         "too.",
                                         "--round nennt die Runde eines Turniertisches: gib auch --tisch N an."),
    "tournament.round_needs_tisch_hint": ("E.g. {example} (the tables of a round: schafkopf tournament tables "
                                              "--round R).",
                                              "Z. B. {example} (die Tische einer Runde: schafkopf tournament tables "
                                              "--round R)."),
    "tournament.round_not_tournament": ('{path} is no tournament (kind = "tournament"): it has no rounds to name '
                                            "with --round.",
                                            '{path} ist kein Turnier (kind = "tournament"): es hat keine Runden für '
                                            "--round."),
    "tournament.round_not_tournament_hint": ("Leave --round out.", "Lass --round weg."),
    # -- commands of one table's money, refused at a tournament
    "tournament.refused": ("This is a tournament: schafkopf {command} {why}.",
                               "Das ist ein Turnier: schafkopf {command} {why}."),
    "tournament.why_money": ("counts money at one table, a tournament counts points per table and round",
                                 "rechnet mit dem Geld eines Tisches, ein Turnier zählt Punkte je Tisch und Runde"),
    "tournament.why_play": ("is the live session of one table's evening",
                                "ist die laufende Runde eines einzelnen Tisches"),
    "tournament.use_add_tisch": ("Each table enters its hands with schafkopf add --tisch N ..., or its whole list "
                                     "with schafkopf tournament enter --tisch N FILE.",
                                     "Jeder Tisch trägt seine Spiele mit schafkopf add --tisch N ... ein, oder seine "
                                     "ganze Liste mit schafkopf tournament enter --tisch N DATEI."),
    "tournament.why_player": ("changes the seating of one table",
                                  "ändert die Sitzordnung eines Tisches"),
    "tournament.use_registration": ("A tournament's players are its registration (players or players_file in "
                                        "the table file); the draw seats them at each round. Latecomers and "
                                        "withdrawals: schafkopf tournament player add NAME / withdraw NAME.",
                                        "Die Spieler eines Turniers sind seine Anmeldung (players oder players_file "
                                        "in der Tischdatei); die Auslosung setzt sie in jeder Runde. Nachzügler und "
                                        "Abmeldungen: schafkopf tournament player add NAME / withdraw NAME."),
    "tournament.why_lot": ("draws partners by lot in Deutscher Schafskopf",
                               "lost im Deutschen Schafskopf die Partner aus"),
    "tournament.use_ranking": ("The standings of a tournament: schafkopf tournament ranking (points, solos won, "
                                   "games won).",
                                   "Den Stand eines Turniers zeigt schafkopf tournament ranking (Punkte, gewonnene "
                                   "Solos und Spiele)."),
    "tournament.use_sheet": ("A table's sheet: schafkopf tournament sheet --tisch N (the ranking: schafkopf "
                                 "tournament ranking).",
                                 "Das Blatt eines Tisches zeigt schafkopf tournament sheet --tisch N (die Rangliste: "
                                 "schafkopf tournament ranking)."),
    "tournament.use_draw": ("The tables of the next round: schafkopf tournament draw.",
                                "Die Tische der nächsten Runde lost schafkopf tournament draw aus."),
    "tournament.use_lists": ("The lists: schafkopf tournament ranking --format html|csv and schafkopf tournament "
                                 "tables --format html|csv; the whole ledger: schafkopf export --format json.",
                                 "Die Listen: schafkopf tournament ranking --format html|csv und schafkopf "
                                 "tournament tables --format html|csv; das ganze Spielbuch: schafkopf export "
                                 "--format json."),
    "tournament.table_closed": ("Table {tisch} of round {round} has been closed (settle --close): nothing can "
                                    "be recorded or corrected there.",
                                    "Tisch {tisch} der Runde {round} wurde abgeschlossen (settle --close): dort "
                                    "lässt sich nichts mehr eintragen oder korrigieren."),
    "tournament.table_closed_hint": ("A tournament does not close its tables; the ranking counts that table's "
                                         "games as they stand.",
                                         "Ein Turnier schließt seine Tische nicht ab; die Rangliste zählt die Spiele "
                                         "dieses Tisches, wie sie sind."),
    # -- what a correction at a table says (in place of "session N" and "schafkopf sheet")
    "tournament.nothing_to_correct": ("Table {tisch} has no games in round {round} yet.",
                                          "Tisch {tisch} hat in Runde {round} noch keine Spiele."),
    "tournament.nothing_to_undo": ("Table {tisch} has no game to undo in round {round}.",
                                       "Tisch {tisch} hat in Runde {round} kein Spiel zum Zurücknehmen."),
    "tournament.record_games": ("Record games with schafkopf add --tisch {tisch}.",
                                    "Trag Spiele mit schafkopf add --tisch {tisch} ein."),
    # a table of a round named as the subject of a sentence, and where at it (the tournament's place)
    "tournament.place_table": ("Table {tisch} of round {round}", "Tisch {tisch} der Runde {round}"),
    "tournament.place_at_table": ("at table {tisch} in round {round}", "an Tisch {tisch} in Runde {round}"),
    "tournament.see_sheet": ("The table's hands: schafkopf tournament sheet --tisch {tisch} --round {round}.",
                                 "Die Spiele des Tisches zeigt schafkopf tournament sheet --tisch {tisch} --round "
                                 "{round}."),
    "tournament.correct_first": ("Correct that hand first (schafkopf edit N --tisch {tisch} --round {round}), "
                                     "e.g. with --sitting-out.",
                                     "Korrigier zuerst dieses Spiel (schafkopf edit N --tisch {tisch} --round "
                                     "{round}), z. B. mit --sitting-out."),

    "tournament.no_round": ("No round has been drawn yet.", "Es wurde noch keine Runde ausgelost."),
    "tournament.no_round_hint": ("Draw round 1: schafkopf tournament draw", "Lose Runde 1 aus: schafkopf "
                                                                                "tournament draw"),
    "tournament.no_such_round": ("There is no round {round}: rounds 1 to {last} have been drawn.",
                                     "Runde {round} gibt es nicht: ausgelost sind die Runden 1 bis {last}."),
    "tournament.no_such_round_one": ("There is no round {round}: only round 1 has been drawn.",
                                         "Runde {round} gibt es nicht: ausgelost ist nur Runde 1."),
    "tournament.rounds_drawn": ("Give --round 1 to {last}.", "Gib --round 1 bis {last} an."),
    "tournament.rounds_drawn_one": ("Give --round 1, or leave --round out.",
                                        "Gib --round 1 an, oder lass --round weg."),
    "tournament.no_such_table": ("Round {round} has no table {tisch}: it has {count} tables.",
                                     "Runde {round} hat keinen Tisch {tisch}: sie hat {count} Tische."),
    "tournament.no_such_table_one": ("Round {round} has no table {tisch}: it has 1 table.",
                                         "Runde {round} hat keinen Tisch {tisch}: sie hat 1 Tisch."),
    "tournament.tables_are": ("Give --tisch 1 to {count} (schafkopf tournament tables).",
                                  "Gib --tisch 1 bis {count} an (schafkopf tournament tables)."),
    "tournament.tables_are_one": ("Give --tisch 1 (schafkopf tournament tables).",
                                      "Gib --tisch 1 an (schafkopf tournament tables)."),
    "tournament.not_seated": ("{name} does not play at table {tisch} in round {round}: {where}",
                                  "{name} spielt in Runde {round} nicht an Tisch {tisch}: {where}"),
    "tournament.sits_at": ("{name} sits at table {tisch}.", "{name} sitzt an Tisch {tisch}."),
    "tournament.sits_nowhere": ("{name} was drawn to no table this round.",
                                    "{name} wurde in dieser Runde keinem Tisch zugelost."),
    "tournament.players_at": ("Players at table {tisch}: {names}.", "Spieler an Tisch {tisch}: {names}."),
    "tournament.table_full": ("Table {tisch} has played all its {games} games of round {round}.",
                                  "Tisch {tisch} hat alle {games} Spiele der Runde {round} gespielt."),
    "tournament.table_full_one": ("Table {tisch} has played its one game of round {round}.",
                                      "Tisch {tisch} hat sein eines Spiel der Runde {round} gespielt."),
    "tournament.table_full_hint": ("Check the table's sheet (schafkopf tournament sheet --tisch N); a wrong "
                                       "game is corrected with edit N --tisch N or void N --tisch N.",
                                       "Prüf das Blatt des Tisches (schafkopf tournament sheet --tisch N); ein "
                                       "falsches Spiel korrigiert edit N --tisch N oder void N --tisch N."),
    "tournament.list_too_long": ("Table {tisch}: {done} + {more} games would be more than the {games} of "
                                     "round {round}. Nothing was recorded.",
                                     "Tisch {tisch}: {done} + {more} Spiele wären mehr als die {games} der Runde "
                                     "{round}. Nichts wurde eingetragen."),
    "tournament.round_over": ("Round {round} is over: a later round has been drawn.",
                                  "Runde {round} ist vorbei: eine spätere Runde wurde schon ausgelost."),
    "tournament.round_over_hint": ("Games go to the tables of the latest round; a table's missing games of "
                                       "round {round}: schafkopf tournament enter FILE --tisch N --round {round}.",
                                       "Spiele gehen an die Tische der letzten Runde; fehlende Spiele eines Tisches "
                                       "der Runde {round}: schafkopf tournament enter DATEI --tisch N --round "
                                       "{round}."),
    # -- the whole list of a table
    "tournament.at_line": ("line {line}: {problem} Nothing was recorded.",
                               "Zeile {line}: {problem} Nichts wurde eingetragen."),
    "tournament.at_line_hinted": ("line {line}: {problem}", "Zeile {line}: {problem}"),
    "tournament.list_empty": ("The list holds no game.", "Die Liste enthält kein Spiel."),
    "tournament.list_empty_hint": ("One game a line in the short notation, e.g. sau an be 72.",
                                       "Ein Spiel je Zeile in Kurzschreibweise, z. B. sau an be 72."),
    "tournament.list_unreadable": ("The list {path} cannot be read: {problem}.",
                                       "Die Liste {path} lässt sich nicht lesen: {problem}."),
    "tournament.list_missing": ("There is no list {path}.", "Eine Liste {path} gibt es nicht."),
    "tournament.list_unreadable_hint": ("Give a UTF-8 text file, or - to read stdin.",
                                            "Gib eine UTF-8-Textdatei an, oder - für die Standardeingabe."),
    "tournament.entered": ("Recorded {count} games at table {tisch} (round {round}): games {first} to {last}.",
                               "{count} Spiele an Tisch {tisch} (Runde {round}) eingetragen: Spiel {first} bis "
                               "{last}."),
    "tournament.entered_one": ("Recorded 1 game at table {tisch} (round {round}): game {first}.",
                                   "1 Spiel an Tisch {tisch} (Runde {round}) eingetragen: Spiel {first}."),
    "tournament.list_sitting_out_hint": ("Name one of {names}, or write who sat out on the line: "
                                             "--sitting-out NAME (e.g. sau an be 72 --sitting-out NAME).",
                                             "Nenn einen von {names}, oder schreib in die Zeile, wer ausgesetzt "
                                             "hat: --sitting-out NAME (z. B. sau an be 72 --sitting-out NAME)."),
    # -- the draw
    "tournament.too_few": ("{count:player} cannot make a table: a tournament needs at least 4.",
                               "Mit {count:player} gibt es keinen Tisch: ein Turnier braucht mindestens 4."),
    "tournament.too_few_hint": ("Register more players.", "Melde mehr Spieler an."),
    "tournament.too_few_file": ("has too few players ({count}): a tournament needs at least 4.",
                                    "hat zu wenige Spieler ({count}): ein Turnier braucht mindestens 4."),
    "tournament.too_few_file_hint": ("Register at least 4 players: players = [...], or a players_file with one "
                                         "name a line.",
                                         "Melde mindestens 4 Spieler an: players = [...], oder eine players_file mit "
                                         "einem Namen je Zeile."),
    "tournament.no_split": ("{count} players cannot be seated at tables of four and five.",
                                "{count} Spieler lassen sich auf Vierer- und Fünfertische nicht verteilen."),
    "tournament.no_split_hint": ('Seat {fewer} or {more} players, or set short_tables = "standin" (unranked '
                                     'stand-ins fill tables of four) or short_tables = "three" (a table of three) '
                                     "in [tournament].",
                                     'Setz {fewer} oder {more} Spieler, oder setz in [tournament] short_tables = '
                                     '"standin" (Ersatzspieler ohne Wertung füllen Vierertische) oder short_tables = '
                                     '"three" (ein Dreiertisch).'),
    "tournament.all_drawn": ("All {rounds} rounds have been drawn.", "Alle {rounds} Runden sind ausgelost."),
    "tournament.all_drawn_one": ("The tournament's one round has been drawn.",
                                     "Die einzige Runde des Turniers ist ausgelost."),
    "tournament.all_drawn_hint": ("To play another, raise rounds in [tournament].",
                                      "Für eine weitere erhöhe rounds in [tournament]."),
    "tournament.still_playing": ("Round {round} is not finished: {tables}.",
                                     "Runde {round} ist noch nicht fertig: {tables}."),
    "tournament.table_progress": ("table {tisch} has {done} of {games:game}",
                                      "Tisch {tisch} hat {done} von {games:game_dat}"),
    "tournament.still_playing_hint": ("Enter their games first, or draw anyway with --force.",
                                          "Trag zuerst deren Spiele ein, oder lose trotzdem aus mit --force."),
    "tournament.first_random": ("Round 1 is drawn at random: there is no ranking yet.",
                                    "Runde 1 wird zufällig ausgelost: es gibt noch keine Rangliste."),
    "tournament.first_random_hint": ("Leave --by out, or give --by random.", "Lass --by weg, oder gib --by "
                                                                                 "random an."),
    "tournament.drawn": ("Round {round}: {count:table}, drawn {how} (seed {seed}).",
                             "Runde {round}: {count:table}, {how} ausgelost (Startwert {seed})."),
    "tournament.at_random": ("at random", "zufällig"),
    "tournament.seed_empty": ("--seed is empty.", "--seed ist leer."),
    "tournament.seed_long": ("is {length} characters long; a seed has at most {most}.",
                             "ist {length} Zeichen lang; ein Startwert hat höchstens {most}."),
    "tournament.seed_long_hint": ("A short word or number does: --seed 7; nothing was drawn.",
                                  "Ein kurzes Wort oder eine Zahl genügt: --seed 7; es wurde nichts ausgelost."),
    "tournament.seed_empty_hint": ("Give a seed, e.g. --seed 7, or leave --seed out for a random lot.",
                                   "Gib einen Startwert an, z. B. --seed 7, oder lass --seed weg für ein zufälliges Los."),
    "tournament.by_ranking": ("by the ranking", "nach der Rangliste"),
    "tournament.table_line": ("  Table {tisch}: {names}", "  Tisch {tisch}: {names}"),
    # -- the lists
    "tournament.format": ("--format {fmt} is not a format of this list.", "--format {fmt} gibt es für diese "
                                                                               "Liste nicht."),
    "tournament.format_hint": ("Choose {formats}.", "Wähle {formats}."),
    "tournament.tables_title": ("{name}: round {round}, table lists", "{name}: Runde {round}, Tischlisten"),
    "tournament.table_head": ("Table {tisch} ({count} players, {done} of {games:game})",
                                  "Tisch {tisch} ({count} Spieler, {done} von {games:game_dat})"),
    "tournament.table_n": ("Table {tisch}", "Tisch {tisch}"),
    "tournament.deals_first": ("(deals first)", "(gibt zuerst)"),
    "tournament.html_tables_note": ("Seat 1 deals first; the others follow clockwise in the order listed.",
                                        "Platz 1 gibt zuerst; die anderen folgen im Uhrzeigersinn wie aufgeführt."),
    "tournament.sheet_title": ("Table {tisch}, round {round}: {done} of {games:game} (running totals; "
                                   "(n): sat out)",
                                   "Tisch {tisch}, Runde {round}: {done} von {games:game_dat} (laufende Summen; "
                                   "(n): ausgesetzt)"),
    "tournament.ranking_title": ("{name}: ranking after round {round}", "{name}: Rangliste nach Runde {round}"),
    "tournament.counted_plus_minus": ("Points: plus and minus. Ties: solos won, then games won, then the lot.",
                                          "Punkte: plus und minus. Gleichstand: gewonnene Solos, dann gewonnene "
                                          "Spiele, dann das Los."),
    "tournament.counted_plus_only": ("Points: plus points only. Ties: solos won, then games won, then the lot.",
                                         "Punkte: nur Pluspunkte. Gleichstand: gewonnene Solos, dann gewonnene "
                                         "Spiele, dann das Los."),
    "tournament.col_player": ("Player", "Spieler"),
    "tournament.col_points": ("Points", "Punkte"),
    "tournament.col_solos": ("Solos", "Solos"),
    "tournament.col_won": ("Won", "Gewonnen"),
    "tournament.col_games": ("Games", "Spiele"),
    "tournament.by_lot": ("(lot)", "(Los)"),
    # -- rules: a tournament's settings and points
    "tournament.rules_points": ("[points] (preset = {preset}: {counted})",
                                    "[points] (preset = {preset}: {counted})"),
    "tournament.rules_plus_minus": ("plus and minus points", "Plus- und Minuspunkte"),
    "tournament.rules_plus_only": ("plus points only", "nur Pluspunkte"),
    "tournament.col_points_value": ("Points", "Punkte"),
    # -- check: where a problem of a tournament's table is
    "tournament.where_table": ("round {round}, table {tisch}", "Runde {round}, Tisch {tisch}"),
    "tournament.where_table_hand": ("round {round}, table {tisch}, hand {hand}",
                                        "Runde {round}, Tisch {tisch}, Spiel {hand}"),
    "tournament.round_short": ("R{round}", "R{round}"),
    # -- CSV column names (English: the machine contract; German: csv-de)
    "tournament.csv_round": ("round", "Runde"),
    "tournament.csv_table": ("table", "Tisch"),
    "tournament.csv_seat": ("seat", "Platz"),
    "tournament.csv_player": ("player", "Spieler"),
    "tournament.csv_rank": ("rank", "Platz"),
    "tournament.csv_points": ("points", "Punkte"),
    "tournament.csv_solos_won": ("solos_won", "Solos gewonnen"),
    "tournament.csv_games_won": ("games_won", "Spiele gewonnen"),
    "tournament.csv_games": ("games", "Spiele"),
    "tournament.csv_lot": ("lot", "Los"),
    "tournament.csv_round_n": ("round_{round}", "Runde {round}"),
    # -- tournament day (issue 27)
    "tournament.already_registered": (
        '{name} is registered already (as {other}).',
        '{name} ist schon angemeldet (als {other}).'),
    "tournament.already_registered_hint": (
        'A second player of that name needs another one: add an initial ({name} M.).',
        'Ein zweiter Spieler dieses Namens braucht einen anderen: mit Initiale ({name} M.).'),
    "tournament.already_withdrawn": (
        '{name} has withdrawn already.',
        '{name} hat sich schon abgemeldet.'),
    "tournament.already_withdrawn_hint": (
        'The ranking marks who withdrew: schafkopf tournament ranking.',
        'Die Rangliste zeigt ihn als abgemeldet: schafkopf tournament ranking.'),
    "tournament.apart_fixed": (
        '{a} and {b} are both fixed to table {tisch} and cannot be kept apart.',
        '{a} und {b} sind beide an Tisch {tisch} gesetzt und lassen sich nicht trennen.'),
    "tournament.apart_unmet": (
        'Round {round} cannot keep {a} and {b} apart: the draw seats them both at table {tisch} '
        '(of {count}); nothing was drawn.',
        'Runde {round} kann {a} und {b} nicht trennen: die Auslosung setzt beide an Tisch {tisch} '
        '(von {count}); nichts wurde ausgelost.'),
    "tournament.apart_unmet_hint": (
        'Draw without --apart {a},{b}, or take the pair away for the day: schafkopf tournament apart {a} {b} '
        '--remove (or free a seat fixed with tournament fix NAME --remove).',
        'Lose ohne --apart {a},{b} aus, oder heb die Trennung für den Tag auf: schafkopf tournament apart {a} {b} '
        '--remove (oder gib einen festen Platz frei: tournament fix NAME --remove).'),
    "tournament.apart_form": (
        '--apart {item} does not name two players.',
        '--apart {item} nennt nicht zwei Spieler.'),
    "tournament.apart_hint": (
        'Write --apart A,B (two players; repeat --apart for more pairs).',
        'Schreib --apart A,B (zwei Spieler; --apart wiederholen für mehr Paare).'),
    "tournament.apart_line": (
        'Kept apart: {a} and {b} ({how})',
        'Getrennt: {a} und {b} ({how})'),
    "tournament.apart_same": (
        '--apart names {name} twice.',
        '--apart nennt {name} zweimal.'),
    "tournament.bad_name": (
        'This name cannot be registered: {problem}',
        'Dieser Name lässt sich nicht anmelden: {problem}'),
    "tournament.days_are": (
        'The tournament has days 1 to {days}.',
        'Das Turnier hat die Tage 1 bis {days}.'),
    "tournament.one_day": (
        'The tournament is of one day: leave --day out.',
        'Das Turnier hat einen Tag: lass --day weg.'),
    "tournament.no_such_day_one": (
        'There is no day {day}: the tournament has one.',
        'Einen Tag {day} gibt es nicht: das Turnier hat einen.'),
    "tournament.days_rounds": (
        'is {days}, more than the {rounds} rounds: each day needs a round.',
        'ist {days}, mehr als die {rounds} Runden: jeder Tag braucht eine Runde.'),
    "tournament.days_rounds_hint": (
        'Raise rounds, or lower days.',
        'Erhöhe rounds, oder verringere days.'),
    "tournament.enter_what": (
        "Give the table's list (FILE, or - for stdin) or its totals (--totals A=N,B=N,...).",
        'Gib die Liste des Tisches an (DATEI, oder - für die Eingabe) oder seine Summen (--totals '
        'A=N,B=N,...).'),
    "tournament.enter_what_hint": (
        'Example: schafkopf tournament enter --tisch 2 liste.txt',
        'Beispiel: schafkopf tournament enter --tisch 2 liste.txt'),
    "tournament.file_cap": (
        'no game worth more than this to one player (0: no cap)',
        'kein Spiel zählt für einen Spieler mehr (0: keine Grenze)'),
    "tournament.file_days": (
        'days the rounds are played on',
        'Turniertage, auf die die Runden fallen'),
    "tournament.file_last": (
        "the last player's prize (Trostpreis)",
        'Preis des Letzten (Trostpreis)'),
    "tournament.file_middle": (
        'a prize for the middle rank',
        'ein Preis für den mittleren Platz'),
    "tournament.file_places": (
        'prizes for the top places (a number, or a list of prizes)',
        'Preise für die ersten Plätze (eine Zahl, oder eine Liste der Preise)'),
    "tournament.file_second_last": (
        'a prize for the second to last',
        'ein Preis für den Vorletzten'),
    "tournament.file_short_tables": (
        '6, 7, 11 players: standin | three',
        '6, 7, 11 Spieler: standin | three'),
    "tournament.file_ties": (
        'tied at a prize boundary: share | break',
        'Gleichstand an einer Preisgrenze: share | break'),
    "tournament.five_multiple": (
        'is {games}: a table of five plays a multiple of 5 games, so that everyone sits out equally '
        'often.',
        'ist {games}: ein Fünfertisch spielt ein Vielfaches von 5 Spielen, damit jeder gleich oft '
        'aussetzt.'),
    "tournament.five_multiple_hint": (
        'Set games_per_round_five = {games}, or leave it out.',
        'Setz games_per_round_five = {games}, oder lass es weg.'),
    "tournament.fix_form": (
        '--fix {item} does not say NAME=TABLE.',
        '--fix {item} hat nicht die Form NAME=TISCH.'),
    "tournament.fix_full": (
        'Table {tisch} has {seats} seats for drawn players; --fix puts {names} there.',
        'Tisch {tisch} hat {seats} Plätze für ausgeloste Spieler; --fix setzt {names} dorthin.'),
    "tournament.fix_hint": (
        'Write --fix NAME=TABLE (a registered player, a table of the round; repeatable).',
        'Schreib --fix NAME=TISCH (ein angemeldeter Spieler, ein Tisch der Runde; wiederholbar).'),
    "tournament.fix_table": (
        '--fix {item}: the round has tables 1 to {count}.',
        '--fix {item}: die Runde hat die Tische 1 bis {count}.'),
    "tournament.fix_twice": (
        '--fix names {name} for two tables.',
        '--fix nennt {name} für zwei Tische.'),
    "tournament.fixed_line": (
        'Fixed: {name} at table {tisch} ({how})',
        'Gesetzt: {name} an Tisch {tisch} ({how})'),
    "tournament.foot_cap": (
        'no game over {cap} points a player',
        'kein Spiel über {cap} Punkte je Spieler'),
    "tournament.foot_kontra": (
        'doublings: {kontra} (Kontra, Re)',
        'Verdopplungen: {kontra} (Kontra, Re)'),
    "tournament.foot_points": (
        'Points ({preset}): Sauspiel {sauspiel} per player, Solo and Wenz {solo} per opponent, Schneider '
        '+{schneider}, Schwarz +{schwarz}, Laufende {laufende}; Tout x2, Sie x4',
        'Punkte ({preset}): Sauspiel {sauspiel} je Spieler, Solo und Wenz {solo} je Gegner, Schneider '
        '+{schneider}, Schwarz +{schwarz}, Laufende {laufende}; Tout x2, Sie x4'),
    "tournament.hands_after_totals": (
        'Table {tisch} of round {round} has its paper totals entered: no hands go on top of them.',
        'Tisch {tisch} von Runde {round} hat seine Papiersummen eingetragen: darauf kommen keine Spiele.'),
    "tournament.hands_after_totals_hint": (
        'The ranking counts the totals: schafkopf tournament ranking.',
        'Die Rangliste zählt die Summen: schafkopf tournament ranking.'),
    "tournament.late_after_last": (
        '{name} would play no round: all {rounds} rounds have been drawn.',
        '{name} spielte keine Runde mehr: alle {rounds} Runden sind ausgelost.'),
    "tournament.late_after_last_hint": (
        'A latecomer plays from the next round on; raise rounds in [tournament] for another.',
        'Ein Nachzügler spielt ab der nächsten Runde; für eine weitere erhöhe rounds in [tournament].'),
    "tournament.mark_joined": (
        '(from round {round})',
        '(ab Runde {round})'),
    "tournament.mark_standin": (
        '(stand-in)',
        '(Ersatz)'),
    "tournament.not_registered": (
        '{typed} is not registered in this tournament.',
        '{typed} ist in diesem Turnier nicht angemeldet.'),
    "tournament.withdrawn_not_drawn": (
        '{name} has withdrawn and is not drawn again.',
        '{name} ist ausgeschieden: er wird nicht mehr gelost.'),
    "tournament.withdrawn_not_drawn_hint": (
        '{name} keeps points and place in the ranking; fix and apart name players still drawn '
        '(schafkopf tournament ranking marks who withdrew).',
        '{name} behält Punkte und Platz in der Rangliste; fix und apart nennen Spieler, die noch gelost werden '
        '(schafkopf tournament ranking zeigt, wer ausgeschieden ist).'),
    "tournament.see_registered": (
        'The registered players: the players list or players_file, and tournament ranking.',
        'Die angemeldeten Spieler: die Liste players oder players_file, und tournament ranking.'),
    "tournament.name_long": (
        'The name is {length} characters long; a name may have at most {most}.',
        'Der Name ist {length} Zeichen lang; ein Name darf höchstens {most} haben.'),
    "tournament.pairs_long": (
        '{option} is longer than {most} characters: no table has that many players.',
        '{option} ist länger als {most} Zeichen: so viele Spieler hat kein Tisch.'),
    "tournament.mark_totals": (
        '(paper totals)',
        '(Papiersummen)'),
    "tournament.mark_three": (
        '(table of three)',
        '(Dreiertisch)'),
    "tournament.mark_withdrawn": (
        '(withdrawn)',
        '(abgemeldet)'),
    "tournament.name_clash_add": (
        'This name would be misread by entries at a table: {why}.',
        'Diesen Namen würden Einträge am Tisch falsch lesen: {why}.'),
    "tournament.no_such_day": (
        'There is no day {day}: the tournament has {days}.',
        'Einen Tag {day} gibt es nicht: das Turnier hat {days}.'),
    "tournament.pairs_empty": ('{option} is empty.', '{option} ist leer.'),
    "tournament.pair_empty": (
        '{option} has an empty entry (two commas in a row, or one at the end).',
        '{option} hat einen leeren Eintrag (zwei Kommas hintereinander oder eines am Ende).'),
    "tournament.pair_form": (
        '{option} {item} does not say NAME=NUMBER.',
        '{option} {item} hat nicht die Form NAME=ZAHL.'),
    "tournament.pair_number": (
        '{option} {item}: give a whole number from {lowest} to {highest}.',
        '{option} {item}: gib eine ganze Zahl von {lowest} bis {highest} an.'),
    "tournament.pair_twice": (
        '{option} names {name} twice.',
        '{option} nennt {name} zweimal.'),
    "tournament.next_draw_note": ("Note: the next draw cannot seat everyone as registered now: {problem}",
                                  "Hinweis: Die nächste Auslosung kann die jetzt Angemeldeten nicht setzen: {problem}"),
    "tournament.player_added": (
        '{name} is registered (start number {number}): drawn from round {round} on.',
        '{name} ist angemeldet (Startnummer {number}): ausgelost ab Runde {round}.'),
    "tournament.player_withdrawn": (
        '{name} has withdrawn: keeps points and place, not drawn again.',
        '{name} hat sich abgemeldet: behält Punkte und Platz, wird nicht mehr ausgelost.'),
    "tournament.plays_on": (
        "Table {tisch} of round {round} finishes the round as it sat (with {name}'s seat).",
        'Tisch {tisch} von Runde {round} spielt die Runde zu Ende, wie er saß (mit {name}s Platz).'),
    "tournament.prize_last": (
        '(the last)',
        '(der Letzte)'),
    "tournament.prize_middle": (
        '(the middle rank)',
        '(der mittlere Platz)'),
    "tournament.prize_places": (
        'must be a number of places or a list of prizes (each a text or an amount of up to 200 '
        'characters).',
        'muss eine Zahl von Plätzen oder eine Liste von Preisen sein (je ein Text oder Betrag bis 200 '
        'Zeichen).'),
    "tournament.prize_places_hint": (
        'Example: places = 3, or places = ["100 €", "50 €", "Geschenkkorb"].',
        'Beispiel: places = 3, oder places = ["100 €", "50 €", "Geschenkkorb"].'),
    "tournament.prize_rank": (
        'Place {rank}',
        'Platz {rank}'),
    "tournament.prize_ranks": (
        'Places {first}-{last}',
        'Plätze {first}-{last}'),
    "tournament.prize_second_last": (
        '(the second to last)',
        '(der Vorletzte)'),
    "tournament.prize_shared": (
        '(tied: shared)',
        '(gleichauf: geteilt)'),
    "tournament.prizes_none": (
        'The file names no prizes: add [prizes] (places = 3, middle, second_last, last).',
        'Die Datei nennt keine Preise: ergänze [prizes] (places = 3, middle, second_last, last).'),
    "tournament.prizes_title": (
        '{name}: prizes',
        '{name}: Preise'),
    "tournament.prizes_title_day": (
        '{name}: prizes of day {day}',
        '{name}: Preise von Tag {day}'),
    "tournament.ranking_fixed": (
        'A draw by the ranking seats players by their rank: --fix and --apart cannot apply.',
        'Eine Auslosung nach der Rangliste setzt nach Platz: --fix und --apart gelten dort nicht.'),
    "tournament.ranking_fixed_hint": (
        'Draw with --by spread, or leave --fix and --apart out.',
        'Lose mit --by spread aus, oder lass --fix und --apart weg.'),
    "tournament.ranking_title_day": (
        '{name}: ranking of day {day}',
        '{name}: Rangliste von Tag {day}'),
    "tournament.reason_hidden": (
        'The reason holds an invisible or control character ({what}, at {pos}).',
        'Der Grund enthält ein unsichtbares oder Steuerzeichen ({what}, an Stelle {pos}).'),
    "tournament.reason_hint": (
        'Give a short reason in plain text: --reason "ill".',
        'Gib einen kurzen Grund als Text an: --reason "krank".'),
    "tournament.reason_long": (
        'The reason is longer than {most} characters.',
        'Der Grund ist länger als {most} Zeichen.'),
    "tournament.repeats": (
        '{count} pairs meet again (tournament draw --report names them).',
        '{count} Paare treffen sich wieder (tournament draw --report nennt sie).'),
    "tournament.repeats_none": (
        'No pair meets again.',
        'Kein Paar trifft sich wieder.'),
    "tournament.repeats_one": (
        '1 pair meets again (tournament draw --report names it).',
        '1 Paar trifft sich wieder (tournament draw --report nennt es).'),
    "tournament.report_alone": (
        '--report draws nothing: it takes --round R (and --json) only.',
        '--report lost nichts aus: es nimmt nur --round R (und --json).'),
    "tournament.report_alone_hint": (
        'Draw first (tournament draw ...), then look: tournament draw --report.',
        'Lose zuerst aus (tournament draw ...), dann sieh nach: tournament draw --report.'),
    "tournament.report_none": (
        'No pair meets again: everyone has new opponents.',
        'Kein Paar trifft sich wieder: jeder hat neue Gegner.'),
    "tournament.report_pairs": (
        '{count} pair(s) meet again; each player with the ones met again (how often before):',
        '{count} Paar(e) treffen sich wieder; jeder Spieler mit denen, die er wieder trifft (wie oft schon vorher):'),
    "tournament.report_title": (
        'Draw of round {round}',
        'Auslosung von Runde {round}'),
    "tournament.round_with_report": (
        '--round goes with --report: a draw is always of the next round.',
        '--round gehört zu --report: ausgelost wird immer die nächste Runde.'),
    "tournament.round_with_report_hint": (
        "Leave --round out, or add --report to see that round's draw.",
        'Lass --round weg, oder ergänze --report, um die Auslosung der Runde zu sehen.'),
    "tournament.sheets_title": (
        '{name}: score sheets of round {round}',
        '{name}: Spiellisten von Runde {round}'),
    "tournament.sheet_head": (
        'Round {round} · Table {tisch} · {games:game}',
        'Runde {round} · Tisch {tisch} · {games:game}'),
    "tournament.col_dealer": (
        'Dealer',
        'Geber'),
    "tournament.col_game": (
        'Game',
        'Spiel'),
    "tournament.solos_above_won": (
        '--solos gives {name} {solos} solos won, but --won only {won} games won.',
        '--solos gibt {name} {solos} gewonnene Solos, --won aber nur {won} gewonnene Spiele.'),
    "tournament.solos_above_games": (
        '--solos adds up to {solos} solos won, but table {tisch} played {games:game} (one declarer a game).',
        '--solos ergibt zusammen {solos} gewonnene Solos, Tisch {tisch} hat aber {games:game} gespielt '
        '(ein Alleinspieler je Spiel).'),
    "tournament.won_above_games": (
        "--won adds up to {won} games won, but table {tisch}'s {games} games can be won {most} times at most "
        "(by {winners} of the {seats} who play each).",
        '--won ergibt zusammen {won} gewonnene Spiele, die {games} Spiele von Tisch {tisch} können aber höchstens '
        '{most}-mal gewonnen werden (von {winners} der {seats}, die jedes spielen).'),
    "tournament.solos_need_totals": (
        '--solos and --won go with --totals.',
        '--solos und --won gehören zu --totals.'),
    "tournament.spread": (
        'spread (new opponents)',
        'gestreut (neue Gegner)'),
    "tournament.standin_reserved": (
        '{name} is how stand-ins are called on the lists.',
        '{name} heißen die Ersatzspieler auf den Listen.'),
    "tournament.tb_lot": (
        'lot',
        'Los'),
    "tournament.tb_points": (
        'points',
        'Punkte'),
    "tournament.tb_solos": (
        'solos won',
        'gewonnene Solos'),
    "tournament.tb_won": (
        'games won',
        'gewonnene Spiele'),
    "tournament.tie_chain": (
        'Ranked by: {chain}.',
        'Reihung nach: {chain}.'),
    "tournament.totals_and_file": (
        'Give the list (FILE) or its totals (--totals), not both.',
        'Gib die Liste (DATEI) oder ihre Summen (--totals) an, nicht beides.'),
    "tournament.totals_entered": (
        'Table {tisch} of round {round}: the paper totals are entered.',
        'Tisch {tisch} von Runde {round}: die Papiersummen sind eingetragen.'),
    "tournament.totals_hint": (
        'Write --totals Anna=12,Ben=-4,Cora=-3,Dora=-5 (every player of the table once), --solos Anna=1, '
        '--won Anna=9.',
        'Schreib --totals Anna=12,Ben=-4,Cora=-3,Dora=-5 (jeden Spieler des Tisches einmal), --solos '
        'Anna=1, --won Anna=9.'),
    "tournament.totals_missing": (
        '--totals leaves out {names} of table {tisch}.',
        '--totals lässt {names} von Tisch {tisch} aus.'),
    "tournament.totals_not_zero": (
        'The totals sum to {total}, not to zero: one of them is written wrong.',
        'Die Summen ergeben {total}, nicht null: eine davon ist falsch abgeschrieben.'),
    "tournament.totals_not_zero_hint": (
        'Add up the paper list again; nothing was recorded.',
        'Rechne die Papierliste nach; nichts wurde eingetragen.'),
    "tournament.totals_twice": (
        'Table {tisch} of round {round} has its totals entered already.',
        'Tisch {tisch} von Runde {round} hat seine Summen schon eingetragen.'),
    "tournament.totals_twice_hint": (
        'Wrong totals are corrected with schafkopf tournament enter --tisch {tisch} --round {round} --totals ... --replace --reason R.',
        'Falsche Summen korrigierst du mit schafkopf tournament enter --tisch {tisch} --round {round} --totals ... --replace --reason R.'),
    "tournament.totals_with_hands_one": (
        'Table {tisch} of round {round} has 1 hand entered already: its totals come from it.',
        'Tisch {tisch} von Runde {round} hat schon 1 Spiel eingetragen: seine Summen ergeben sich daraus.'),
    "tournament.totals_with_hands": (
        'Table {tisch} of round {round} has {done:hand} entered already: its totals come from them.',
        'Tisch {tisch} von Runde {round} hat schon {done:hand} eingetragen: seine Summen ergeben sich '
        'daraus.'),
    "tournament.totals_with_hands_hint": (
        'Enter the missing hands instead (tournament enter --tisch N FILE).',
        'Trag stattdessen die fehlenden Spiele ein (tournament enter --tisch N DATEI).'),
    "tournament.url_base": (
        '--url-base {url} is not a web address.',
        '--url-base {url} ist keine Webadresse.'),
    "tournament.url_base_hint": (
        "Give the table server's address: --url-base http://192.168.1.20:8000",
        'Gib die Adresse des Tischservers an: --url-base http://192.168.1.20:8000'),
    "tournament.writes": (
        '(writes)',
        '(schreibt)'),
    "tournament.apart_already": (
        '{a} and {b} are kept apart for the day already.',
        '{a} und {b} sind schon für den Tag getrennt.'),
    "tournament.apart_day": (
        '{a} and {b} are kept apart in every later draw (until tournament apart ... --remove).',
        '{a} und {b} werden bei jeder weiteren Auslosung getrennt (bis tournament apart ... --remove).'),
    "tournament.apart_day_hint": (
        'Write tournament apart A B (two registered players: a name, part of it, or the start number).',
        'Schreib tournament apart A B (zwei angemeldete Spieler: Name, Teil davon oder Startnummer).'),
    "tournament.apart_same_day": (
        'tournament apart names {name} twice.',
        'tournament apart nennt {name} zweimal.'),
    "tournament.both": (
        '{first}; {second}',
        '{first}; {second}'),
    "tournament.by_name_title": (
        '{name}: who sits where in round {round}',
        '{name}: wer sitzt wo in Runde {round}'),
    "tournament.col_number": (
        'No.',
        'Nr.'),
    "tournament.col_seat": (
        'Seat',
        'Platz'),
    "tournament.col_table": (
        'Table',
        'Tisch'),
    "tournament.constraints_hint": (
        'The constraints for the day: tournament draw prints them with every draw.',
        'Die Vorgaben für den Tag: tournament draw nennt sie bei jeder Auslosung.'),
    "tournament.corrections_title": (
        'Corrections of paper totals:',
        'Korrekturen von Papiersummen:'),
    "tournament.csv_number": (
        'number',
        'Startnummer'),
    "tournament.done_of": (
        '{done} of {games:game}',
        '{done} von {games:game_dat}'),
    "tournament.file_costs": (
        'costs (cents) taken off the pool before its shares',
        'Kosten (Cent), vor der Aufteilung vom Topf abgezogen'),
    "tournament.file_entry_fee": (
        'entry fee per player (cents); places may then be shares: ["40%", "25%"]',
        'Startgeld je Spieler (Cent); Plätze dann auch als Anteile: ["40%", "25%"]'),
    "tournament.fix_against_day": (
        '{name} sits at table {tisch} for the day; --fix puts {name} at table {other}.',
        '{name} sitzt für den Tag an Tisch {tisch}; --fix setzt ihn an Tisch {other}.'),
    "tournament.fix_day_hint": (
        'Write tournament fix NAME TABLE (a registered player, a table of the next draw).',
        'Schreib tournament fix NAME TISCH (ein angemeldeter Spieler, ein Tisch der nächsten Auslosung).'),
    "tournament.fix_needs_table": (
        'tournament fix needs the table (or --remove).',
        'tournament fix braucht den Tisch (oder --remove).'),
    "tournament.fix_table_day": (
        'Table {table} does not exist: the next draw has tables 1 to {count}.',
        'Tisch {table} gibt es nicht: die nächste Auslosung hat die Tische 1 bis {count}.'),
    "tournament.fixed_already": (
        '{name} sits at table {tisch} in every draw already.',
        '{name} sitzt schon bei jeder Auslosung an Tisch {tisch}.'),
    "tournament.fixed_beyond": (
        '{name} is fixed to table {tisch}, but round {round} has {count:table}.',
        '{name} ist an Tisch {tisch} gesetzt, aber Runde {round} hat {count:table}.'),
    "tournament.fixed_beyond_hint": (
        'Take it away with tournament fix {name} {tisch} --remove (or fix {name} to another table).',
        'Nimm es weg mit tournament fix {name} {tisch} --remove (oder setz ihn an einen anderen Tisch).'),
    "tournament.fixed_day": (
        '{name} sits at table {tisch} in every later draw (until tournament fix {name} --remove).',
        '{name} sitzt bei jeder weiteren Auslosung an Tisch {tisch} (bis tournament fix {name} --remove).'),
    "tournament.for_the_day": (
        'for the day',
        'für den Tag'),
    "tournament.for_the_round": (
        'this round',
        'diese Runde'),
    "tournament.history_entered": (
        '{at}: table {tisch} (round {round}) entered {totals}',
        '{at}: Tisch {tisch} (Runde {round}) eingetragen {totals}'),
    "tournament.history_replaced": (
        '{at}: table {tisch} (round {round}) replaced by {totals} (why: {reason})',
        '{at}: Tisch {tisch} (Runde {round}) ersetzt durch {totals} (Grund: {reason})'),
    "tournament.history_voided": (
        '{at}: table {tisch} (round {round}) voided {totals} (why: {reason})',
        '{at}: Tisch {tisch} (Runde {round}) gestrichen {totals} (Grund: {reason})'),
    "tournament.honoured_none": (
        'No seats fixed, no players kept apart.',
        'Keine Plätze gesetzt, keine Spieler getrennt.'),
    "tournament.missing_many": (
        'tables {tische} (round {round})',
        'Tische {tische} (Runde {round})'),
    "tournament.missing_one": (
        'table {tisch} (round {round})',
        'Tisch {tisch} (Runde {round})'),
    "tournament.missing_table": (
        '{tables} missing',
        '{tables} fehlt'),
    "tournament.missing_tables": (
        '{tables} missing',
        '{tables} fehlen'),
    "tournament.no_such_number": (
        'No player has start number {number} (the numbers go from 1 to {count}).',
        'Kein Spieler hat die Startnummer {number} (die Nummern gehen von 1 bis {count}).'),
    "tournament.not_apart": (
        '{a} and {b} are not kept apart for the day.',
        '{a} und {b} sind nicht für den Tag getrennt.'),
    "tournament.not_fixed": (
        '{name} is not fixed to a table.',
        '{name} ist an keinen Tisch gesetzt.'),
    "tournament.nothing_to_replace": (
        'Table {tisch} of round {round} has no paper totals to replace.',
        'Tisch {tisch} von Runde {round} hat keine Papiersummen zum Ersetzen.'),
    "tournament.nothing_to_replace_hint": (
        'Enter its totals without --replace: schafkopf tournament enter --tisch {tisch} --totals ...',
        'Trag seine Summen ohne --replace ein: schafkopf tournament enter --tisch {tisch} --totals ...'),
    "tournament.nothing_to_void": (
        'Table {tisch} of round {round} has no paper totals to void.',
        'Tisch {tisch} von Runde {round} hat keine Papiersummen zum Streichen.'),
    "tournament.number_not_here": (
        'Start number {number} is {name}, who is not at this table.',
        'Startnummer {number} ist {name}, und der sitzt nicht an diesem Tisch.'),
    "tournament.numbers_hint": (
        'Start numbers go from 1 to {count}: tournament tables --by-name lists them.',
        'Die Startnummern gehen von 1 bis {count}: tournament tables --by-name listet sie.'),
    "tournament.paper_no_hands": (
        'Table {tisch} of round {round} handed in paper totals, not hands: {command} has nothing to correct there.',
        'Tisch {tisch} von Runde {round} hat Papiersummen abgegeben, keine Spiele: {command} hat dort nichts zu korrigieren.'),
    "tournament.paper_replace_hint": (
        'Correct its totals: schafkopf tournament enter --tisch {tisch}{at_round} --totals ... --replace '
        '--reason R (or --void-totals).',
        'Korrigier seine Summen: schafkopf tournament enter --tisch {tisch}{at_round} --totals ... --replace '
        '--reason R (oder --void-totals).'),
    "tournament.paper_word": (
        'paper totals',
        'Papiersummen'),
    "tournament.players_here": (
        'The players here: {names}.',
        'Die Spieler hier: {names}.'),
    "tournament.pool_costs": (
        ', less costs of {costs}: {shared} to share',
        ', abzüglich Kosten von {costs}: {shared} zu verteilen'),
    "tournament.pool_line": (
        'Pool: {players} players x {fee} = {pool}',
        'Topf: {players} Spieler x {fee} = {pool}'),
    "tournament.prize_decided_lot": (
        '(tied with {names}: the lot decided)',
        '(gleichauf mit {names}: das Los entschied)'),
    "tournament.prize_decided_solos": (
        '(tied on points with {names}: solos won decided)',
        '(punktgleich mit {names}: die gewonnenen Solos entschieden)'),
    "tournament.prize_decided_won": (
        '(tied on points with {names}: games won decided)',
        '(punktgleich mit {names}: die gewonnenen Spiele entschieden)'),
    "tournament.prize_fee_hint": (
        'Set [prizes] entry_fee = 1500 (cents per player), or give the places as amounts.',
        'Setz in [prizes] entry_fee = 1500 (Cent je Spieler), oder gib die Plätze als Beträge an.'),
    "tournament.prize_shared_each": (
        '(tied: shared, {each} each)',
        '(gleichauf: geteilt, je {each})'),
    "tournament.prize_shares": (
        'give shares of the pool that add up to {percent} %: at most 100 %, each above 0.',
        'gibt Anteile am Topf, die {percent} % ergeben: höchstens 100 %, jeder über 0.'),
    "tournament.prize_shares_hint": (
        'Example: places = ["40%", "25%", "15%", "Geschenkkorb"].',
        'Beispiel: places = ["40%", "25%", "15%", "Geschenkkorb"].'),
    "tournament.prize_shares_no_fee": (
        'gives shares of the pool, but [prizes] has no entry_fee: the pool is empty.',
        'gibt Anteile am Topf, aber [prizes] hat kein entry_fee: der Topf ist leer.'),
    "tournament.prizes_provisional": (
        'The ranking is not final yet: {what}.',
        'Die Rangliste steht noch nicht fest: {what}.'),
    "tournament.prizes_provisional_hint": (
        'Enter what is missing, or print a provisional list: schafkopf tournament prizes --provisional.',
        'Trag ein, was fehlt, oder druck eine vorläufige Liste: schafkopf tournament prizes --provisional.'),
    "tournament.provisional": (
        'provisional - {what}',
        'vorläufig - {what}'),
    "tournament.provisional_after": (
        'after round {drawn} of {rounds}',
        'nach Runde {drawn} von {rounds}'),
    "tournament.reason_needs_redo": (
        '--reason goes with --redo.',
        '--reason gehört zu --redo.'),
    "tournament.reason_needs_replace": (
        '--reason goes with --replace or --void-totals.',
        '--reason gehört zu --replace oder --void-totals.'),
    "tournament.replace_needs_reason": (
        'Replacing the totals of table {tisch} of round {round} needs a reason.',
        'Zum Ersetzen der Summen von Tisch {tisch} in Runde {round} fehlt ein Grund.'),
    "tournament.replace_needs_reason_hint": (
        'Say why with --reason: schafkopf tournament enter --tisch {tisch} --round {round} --totals ... --replace '
        '--reason "Anna and Ben swapped". Nothing was recorded.',
        'Sag mit --reason, warum: schafkopf tournament enter --tisch {tisch} --round {round} --totals ... --replace '
        '--reason "Anna und Ben vertauscht". Nichts wurde eingetragen.'),
    "tournament.redo_force": (
        '--redo draws the current round again: --force does not go with it.',
        '--redo lost die laufende Runde neu aus: --force passt nicht dazu.'),
    "tournament.redo_hint": (
        'Write schafkopf tournament draw --redo --reason R (while no table of the round has entered anything).',
        'Schreib schafkopf tournament draw --redo --reason R (solange kein Tisch der Runde etwas eingetragen hat).'),
    "tournament.redo_withdrawn": (
        'Round {round} cannot be drawn again without {names}, who withdrew after its draw: {why}.',
        'Runde {round} lässt sich ohne {names}, seit ihrer Auslosung abgemeldet, nicht neu auslosen: {why}.'),
    "tournament.redo_too_few": (
        'the {count} players left are too few for its {tables} tables',
        'die {count} übrigen Spieler sind zu wenige für ihre {tables} Tische'),
    "tournament.redo_no_table": (
        'the {count} players left cannot make a table (a table needs at least 4)',
        'die {count} übrigen Spieler ergeben keinen Tisch (ein Tisch braucht mindestens 4)'),
    "tournament.redo_no_split": (
        'the {count} players left cannot be seated at its {tables} tables of four and five',
        'die {count} übrigen Spieler lassen sich nicht auf ihre {tables} Vierer- und Fünfertische verteilen'),
    "tournament.redo_left_hint": (
        'Nothing was drawn. Let the round play as drawn (a table plays on as it sat, with the seat of who '
        'withdrew), or move players with schafkopf tournament swap A B.',
        'Nichts wurde ausgelost. Lass die Runde spielen, wie sie gelost ist (ein Tisch spielt weiter, wie er saß, '
        'mit dem Platz des Abgemeldeten), oder setz Spieler mit schafkopf tournament swap A B um.'),
    "tournament.redo_short_hint": (
        'Nothing was drawn. Set short_tables = "standin" (unranked stand-ins fill tables of four) or '
        'short_tables = "three" (a table of three) in [tournament] and write schafkopf tournament draw --redo '
        'again, or let the round play as drawn (a table plays on as it sat, with the seat of who withdrew).',
        'Nichts wurde ausgelost. Setz in [tournament] short_tables = "standin" (Ersatzspieler ohne Wertung füllen '
        'Vierertische) oder short_tables = "three" (ein Dreiertisch) und schreib noch einmal schafkopf tournament '
        'draw --redo, oder lass die Runde spielen, wie sie gelost ist (ein Tisch spielt weiter, wie er saß, mit '
        'dem Platz des Abgemeldeten).'),
    "tournament.redrawn": (
        'Round {round} drawn again: {count:table}, {how} (seed {seed}).',
        'Runde {round} neu ausgelost: {count:table}, {how} (Startwert {seed}).'),
    "tournament.replace_needs_totals": (
        '--replace goes with --totals.',
        '--replace gehört zu --totals.'),
    "tournament.reseat_entered": (
        'Round {round} cannot be seated anew: its tables have begun to enter (table {tische}).',
        'Runde {round} lässt sich nicht neu setzen: ihre Tische tragen schon ein (Tisch {tische}).'),
    "tournament.reseat_entered_hint": (
        'Correct the entries at the table instead (undo, void, edit, or --replace for totals).',
        'Korrigier stattdessen die Einträge am Tisch (undo, void, edit, oder --replace für Summen).'),
    "tournament.sheet_title_paper": (
        'Table {tisch}, round {round}: paper totals',
        'Tisch {tisch}, Runde {round}: Papiersummen'),
    "tournament.swap_hint": (
        'Write tournament swap A B (two players of the current round: a name, part of it, or the start number).',
        'Schreib tournament swap A B (zwei Spieler der laufenden Runde: Name, Teil davon oder Startnummer).'),
    "tournament.swap_not_seated": (
        '{name} does not play in round {round}.',
        '{name} spielt in Runde {round} nicht.'),
    "tournament.swap_same": (
        'tournament swap names {name} twice.',
        'tournament swap nennt {name} zweimal.'),
    "tournament.swapped": (
        '{a} and {b} have changed seats in round {round}:',
        '{a} und {b} haben in Runde {round} die Plätze getauscht:'),
    "tournament.table_head_paper": (
        'Table {tisch} ({count} players, paper totals)',
        'Tisch {tisch} ({count} Spieler, Papiersummen)'),
    "tournament.totals_no_tiebreaks": (
        'No {options} given: every tie of these players at this table goes to the lot.',
        'Kein {options} angegeben: jeder Gleichstand dieser Spieler an diesem Tisch geht ans Los.'),
    "tournament.totals_replaced": (
        'Table {tisch} of round {round}: the paper totals are replaced (the earlier ones are kept).',
        'Tisch {tisch} von Runde {round}: die Papiersummen sind ersetzt (die früheren bleiben verzeichnet).'),
    "tournament.totals_same": (
        'These are the totals table {tisch} of round {round} has already.',
        'Das sind schon die Summen von Tisch {tisch} in Runde {round}.'),
    "tournament.totals_same_hint": (
        'Nothing was recorded: see them with schafkopf tournament sheet --tisch {tisch} --round {round}.',
        'Nichts wurde verzeichnet: sieh sie dir mit schafkopf tournament sheet --tisch {tisch} --round {round} an.'),
    "tournament.totals_voided": (
        'Table {tisch} of round {round}: the paper totals are voided (kept in the ledger); the table enters its '
        'hands or totals anew.',
        'Tisch {tisch} von Runde {round}: die Papiersummen sind gestrichen (sie bleiben verzeichnet); der Tisch '
        'trägt Spiele oder Summen neu ein.'),
    "tournament.unapart": (
        '{a} and {b} are no longer kept apart.',
        '{a} und {b} werden nicht mehr getrennt.'),
    "tournament.unfixed": (
        '{name} is no longer fixed to table {tisch}.',
        '{name} ist nicht mehr an Tisch {tisch} gesetzt.'),
    "tournament.void_totals_alone": (
        '--void-totals goes with --tisch (and --round, --reason) alone.',
        '--void-totals steht nur mit --tisch (und --round, --reason).'),
    "tournament.void_totals_hint": (
        'Write schafkopf tournament enter --tisch N --void-totals --reason R.',
        'Schreib schafkopf tournament enter --tisch N --void-totals --reason R.'),
    "tournament.warning": (
        'Warning: {text}',
        'Warnung: {text}'),
    "tournament.name_is_number": (
        "'{name}' reads as a start number (#17 names player 17)",
        "'{name}' liest sich als Startnummer (#17 nennt Spieler 17)"),
    "tournament.name_comma_hint": ("Register the name without its comma ({plain}).",
                                   "Melde den Namen ohne Komma an ({plain})."),
    "tournament.name_has_comma": (
        "'{name}' holds a comma, where --totals, --solos, --won, --apart and --players split their lists",
        "'{name}' enthält ein Komma, an dem --totals, --solos, --won, --apart und --players ihre Listen trennen"),
    "tournament.sheet_total": (
        'Total',
        'Summe'),
    "tournament.sheet_solos_won": (
        'Solos won',
        'Gewonnene Solos'),
    "tournament.sheet_games_won": (
        'Games won',
        'Gewonnene Spiele'),
    "tournament.sheet_zero": (
        'The totals add up to 0',
        'Die Summen ergeben 0'),
    "tournament.sheet_sign_writer": (
        'Signature (writer)',
        'Unterschrift (Schreiber)'),
    "tournament.sheet_sign_player": (
        'Signature (a player of the table)',
        'Unterschrift (ein Mitspieler)'),
}
