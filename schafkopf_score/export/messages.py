"""Messages of the export part of the program (id -> English, German): the headings and labels
of the Markdown and HTML reports, the column names of csv-de, and the labels of ``stats``."""

MESSAGES: dict[str, tuple[str, str]] = {
    # -- the column names of the CSV exports. The English ones are the machine contract of
    # ``--format csv`` (spreadsheets and scripts read them by name): never reword them.
    "export.csv_session": ("session", "Abend"),
    "export.csv_hand": ("hand", "Spiel"),
    "export.csv_recorded_at": ("recorded_at", "Zeit"),
    "export.csv_game": ("game", "Spielart"),
    "export.csv_description": ("description", "Beschreibung"),
    "export.csv_dealer": ("dealer", "Geber"),
    "export.csv_declarers": ("declarers", "Spielmacher"),
    "export.csv_void": ("void", "Gestrichen"),
    "export.csv_stock": ("stock", "Stock"),
    "export.csv_comment": ("comment", "Kommentar"),
    # -- how a hand that no longer counts was taken out (the ledger's void kinds)
    "export.void_void": ("void", "gestrichen"),
    "export.void_undo": ("undone", "zurückgenommen"),
    "export.void_edit": ("edited", "korrigiert"),
    # -- headings and labels of the reports (Markdown, HTML)
    "export.session": ("Session {session}", "Abend {session}"),
    "export.session_dated": ("Session {session} · {date}", "Abend {session} · {date}"),
    "export.closed": ("closed", "abgeschlossen"),
    "export.open": ("open", "offen"),
    "export.game": ("Game", "Spiel"),
    "export.dealer": ("Dealer", "Geber"),
    "export.player": ("Player", "Spieler"),
    "export.balance": ("Balance", "Stand"),
    "export.paid": ("Paid", "Bezahlt"),
    "export.rounding": ("Rounding", "Rundung"),
    "export.due": ("Due", "Fällig"),
    "export.stock": ("Stock", "Stock"),
    "export.closing": ("Closing", "Abschluss"),
    "export.heads": ("Sheep's heads", "Schafsköpfe"),
    "export.strokes": ("Strokes", "Striche"),
    "export.points": ("Points", "Punkte"),
    "export.heads_line": ("Sheep's heads: {heads}", "Schafsköpfe: {heads}"),
    # where the Stock goes at the close (stock_at_close), under an open evening's settlement
    "export.stock_paid_equal": ("Stock: {amount} (goes back in equal shares at the close; counted in Due)",
                                "Stock: {amount} (geht beim Abschluss zu gleichen Teilen zurück; in Fällig eingerechnet)"),
    "export.stock_paid_payers": ("Stock: {amount} (goes back at the close to who paid it in; counted in Due)",
                                 "Stock: {amount} (geht beim Abschluss an die zurück, die eingezahlt haben; in Fällig "
                                 "eingerechnet)"),
    "export.stock_paid_carry": ("Stock: {amount} (stays for the next evening; counted in Due)",
                                "Stock: {amount} (bleibt für den nächsten Abend; in Fällig eingerechnet)"),
    "export.stock_transfers_equal": ("Stock: {amount} (goes back in equal shares at the close; counted in the transfers)",
                                     "Stock: {amount} (geht beim Abschluss zu gleichen Teilen zurück; im Ausgleich "
                                     "schon eingerechnet)"),
    "export.stock_transfers_payers": ("Stock: {amount} (goes back at the close to who paid it in; counted in the "
                                      "transfers)",
                                      "Stock: {amount} (geht beim Abschluss an die zurück, die eingezahlt haben; im "
                                      "Ausgleich schon eingerechnet)"),
    "export.stock_transfers_carry": ("Stock: {amount} (stays for the next evening; the transfers say who puts "
                                     "what into it)",
                                     "Stock: {amount} (bleibt für den nächsten Abend; der Ausgleich sagt, wer was "
                                     "hineinlegt)"),
    "export.stock_returned": ("Stock: {amount} went back at the close ({shares}); counted in the balances",
                              "Stock: {amount} ging beim Abschluss zurück ({shares}); im Stand eingerechnet"),
    "export.stock_carried": ("Stock: {amount} went on to the next evening, which opens with it",
                             "Stock: {amount} ging weiter zum nächsten Abend, der mit ihm beginnt"),
    "export.pays_stock": ("{payer} puts {amount} into the Stock", "{payer} legt {amount} in den Stock"),
    "export.stock_pays": ("The Stock pays {payee} {amount}", "Der Stock zahlt {payee} {amount}"),
    "export.rounded": ("Rounded to {amount}: {moved}", "Gerundet auf {amount}: {moved}"),
    "export.transfers": ("Transfers", "Ausgleich"),
    "export.difference": ("Difference to what was paid at the earlier close",
                          "Differenz zu dem, was beim früheren Abschluss gezahlt wurde"),
    "export.none": ("none", "keiner"),
    "export.nobody_owes": ("Nobody owes anything.", "Niemand muss zahlen."),
    "export.pays": ("{payer} pays {payee} {amount}", "{payer} zahlt {payee} {amount}"),
    "export.settlement": ("Settlement", "Abrechnung"),
    "export.settlement_paid": ("Settlement as paid", "Abrechnung, wie bezahlt"),
    "export.sheet": ("Sheet", "Block"),
    "export.edited_mark": ("* = edited", "* = korrigiert"),
    "export.no_games": ("No games recorded yet.", "Noch keine Spiele eingetragen."),
    "export.hands": ("{count:hand}", "{count:hand}"),
    # -- the charts
    "export.chart": ("Running balances", "Verlauf der Stände"),
    "export.chart_season": ("Balances over the season", "Stände über die Saison"),
    "export.axis_hand": ("Hand", "Spiel"),
    "export.axis_evening": ("Evening", "Abend"),
    # -- the season page (export --all)
    "export.season": ("Season", "Saison"),
    "export.season_span": ("{count:session}, {first} to {last}", "{count:session}, {first} bis {last}"),
    "export.season_one": ("1 session, {first}", "1 Abend, {first}"),
    "export.total": ("Total", "Summe"),
    "export.season_evenings": ("Below, every evening with its settlement and sheet; an evening's own report "
                               "(export --session N) has its chart.",
                               "Darunter jeder Abend mit Abrechnung und Block; den Verlauf eines Abends zeigt "
                               "sein eigener Bericht (export --session N)."),
    "export.season_latest": ("Below, the latest {shown} evenings (#{first} to #{last}) with their settlement "
                             "and sheet; the {summed} before them are in the season table with their totals. "
                             "Every hand of every evening: export --all --format csv (or md, json).",
                             "Darunter die letzten {shown} Abende (#{first} bis #{last}) mit Abrechnung und "
                             "Block; die {summed} davor stehen mit ihren Summen in der Saisontabelle. Jedes "
                             "Spiel jedes Abends: export --all --format csv (oder md, json)."),
    "export.season_latest_one": ("Below, the latest {shown} evenings (#{first} to #{last}) with their settlement "
                                 "and sheet; the one before them is in the season table with its totals. "
                                 "Every hand of every evening: export --all --format csv (or md, json).",
                                 "Darunter die letzten {shown} Abende (#{first} bis #{last}) mit Abrechnung und "
                                 "Block; der eine davor steht mit seinen Summen in der Saisontabelle. Jedes "
                                 "Spiel jedes Abends: export --all --format csv (oder md, json)."),
    "export.xlsx_latest_one": ("A sheet for each of the latest {shown} evenings (#{first} to #{last}); the one "
                               "before them with its totals above. Every hand of every evening: "
                               "export --all --format csv.",
                               "Ein Blatt für jeden der letzten {shown} Abende (#{first} bis #{last}); der eine "
                               "davor mit seinen Summen oben. Jedes Spiel jedes Abends: export --all --format csv."),
    "export.xlsx_latest": ("A sheet for each of the latest {shown} evenings (#{first} to #{last}); the {summed} "
                           "before them with their totals above. Every hand of every evening: "
                           "export --all --format csv.",
                           "Ein Blatt für jeden der letzten {shown} Abende (#{first} bis #{last}); die {summed} "
                           "davor mit ihren Summen oben. Jedes Spiel jedes Abends: export --all --format csv."),
    "export.season_note": ("Each evening as it was paid (closed) or as it stands (open).",
                           "Jeder Abend, wie er bezahlt wurde (abgeschlossen) oder wie er steht (offen)."),
    # -- stats: the headings of its tables
    "export.stats_players": ("Players", "Spieler"),
    "export.stats_player": ("Player", "Spieler"),
    "export.stats_games": ("Games", "Spiele"),
    "export.stats_declarer": ("Declarer", "Spielmacher"),
    "export.stats_won": ("Won", "Gewonnen"),
    "export.stats_balance": ("Balance", "Stand"),
    "export.stats_money": ("Money", "Geld"),
    "export.stats_game_types": ("Games", "Spielarten"),
    "export.stats_game": ("Game", "Spiel"),
    "export.stats_count": ("Count", "Anzahl"),
    "export.stats_moved": ("Moved", "Umgesetzt"),
    "export.stats_partner": ("Partner", "Mitspieler"),
    "export.chat_hands": ("{count:hand} played", "{count:hand} gespielt"),
    "export.chat_best": ("Best game: hand {hand}, {description} ({player} {amount})",
                         "Bestes Spiel: Spiel {hand}, {description} ({player} {amount})"),
    # the season's total in the chat text (export --format text --all)
    "export.chat_season": ("{table} · Season, {span}", "{table} · Saison, {span}"),
    "export.chat_season_total": ("Total: {balances}", "Summe: {balances}"),
    "export.chat_season_stock": ("In the Stock: {amount}", "Im Stock: {amount}"),
    # the rows of the CSV that make an evening's columns add up to what was paid
    "export.csv_paid_out": ("{name} paid out after hand {hand}", "{name} nach Spiel {hand} ausbezahlt"),
    "export.csv_closing": ("Booked at the close", "Beim Abschluss gebucht"),
    "export.csv_opening": ("The Stock carried in from the evening before", "Der Stock vom Abend davor"),
    "export.csv_closing_carried": ("Booked at the close: the Stock goes on to the next evening",
                                   "Beim Abschluss gebucht: der Stock geht weiter zum nächsten Abend"),
    "export.csv_closing_stock": ("Booked at the close: the Stock went back", "Beim Abschluss gebucht: der Stock ging zurück"),
    "export.csv_rounding": ("Rounded to {amount} when paid", "Beim Bezahlen auf {amount} gerundet"),
    # -- the xlsx workbook (xlsx.py)
    "export.xlsx_settlement": ("Settlement", "Abrechnung"),
    "export.xlsx_date": ("Date", "Datum"),
    "export.xlsx_session": ("Session", "Abend"),
    "export.xlsx_hand": ("Hand", "Nr."),
    "export.xlsx_time": ("Time", "Zeit"),
    "export.xlsx_declarers": ("Declarers", "Spielmacher"),
    "export.xlsx_void": ("Void", "Gestrichen"),
    "export.xlsx_status": ("Status", "Status"),
    "export.xlsx_total": ("Total", "Summe"),
    # -- the ratings and the players' pages in the HTML report (html_insights.py)
    "export.ratings": ("Ratings", "Wertung"),
    "export.ratings_none": ("No rating yet: no hand was played.", "Noch keine Wertung: kein Spiel gespielt."),
    "export.rating": ("Rating", "Wertung"),
    "export.rating_range": ("Range", "Bereich"),
    "export.col_hands": ("Hands", "Spiele"),
    "export.provisional": ("provisional", "vorläufig"),
    "export.ratings_note": ("Every session of the table counts, each hand a match between its sides, weighted by "
                            "its worth (openskill's Plackett-Luce model). Range: the rating plus or minus two sigma; "
                            "provisional: fewer than {hands} rated hands.",
                            "Jeder Abend am Tisch zählt, jedes Spiel als Partie zwischen seinen Seiten, gewichtet "
                            "nach seinem Wert (Plackett-Luce-Modell von openskill). Bereich: die Wertung plus/minus "
                            "zwei Sigma; vorläufig: weniger als {hands} gewertete Spiele."),
    "export.ratings_chart": ("The ratings after each session", "Die Wertung nach jedem Abend"),
    "export.page_summary": ("{hands:hand}, {won} won; money", "{hands:hand}, {won} gewonnen; Geld"),
    "export.page_summary_point": ("{hands:hand}, {won} won; points", "{hands:hand}, {won} gewonnen; Punkte"),
    "export.page_summary_stroke": ("{hands:hand}, {won} won; strokes", "{hands:hand}, {won} gewonnen; Striche"),
    "export.page_rating": ("Rating {rating} ({low} – {high}), place {rank} of {of}",
                           "Wertung {rating} ({low} – {high}), Platz {rank} von {of}"),
    "export.page_declared": ("Declared (won)", "Gespielt (gew.)"),
    "export.page_partner": ("Partner (won)", "Partner (gew.)"),
    "export.page_together": ("Together (won/hands):", "Zusammen (gewonnen/Spiele):"),
    "export.page_mate": ("{name} {won}/{hands}", "{name} {won}/{hands}"),
    "export.page_buddy": ("Buddy: {name} ({won} of {hands} won together)",
                          "Lieblingspartner: {name} ({won} von {hands} zusammen gewonnen)"),
    "export.page_nemesis": ("Nemesis: {name} ({won} of {hands} won together)",
                            "Angstgegner: {name} ({won} von {hands} zusammen gewonnen)"),
    "export.page_best": ("Best hand: session {session}, hand {hand} ({game})",
                         "Bestes Spiel: Abend {session}, Spiel {hand} ({game})"),
    "export.page_worst": ("Worst hand: session {session}, hand {hand} ({game})",
                          "Schlechtestes Spiel: Abend {session}, Spiel {hand} ({game})"),
    "export.page_streaks": ("Longest runs: {won} won, {lost} lost", "Längste Serien: {won} gewonnen, {lost} verloren"),
    "export.page_kontra": ("Kontra given {given} ({given_won} won), received {against} ({against_won} won)",
                           "Kontra gegeben {given} ({given_won} gewonnen), bekommen {against} ({against_won} gewonnen)"),
    "export.page_crack": ("Crack given {given} ({given_won} won), received {against} ({against_won} won)",
                          "Crack gegeben {given} ({given_won} gewonnen), bekommen {against} ({against_won} gewonnen)"),
}
