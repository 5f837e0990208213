"""The words of Wendish Schafkopf (id -> English, German): a part of the message catalogue
that the family adds when it is loaded (``i18n.add_part``). The ids are a contract: tests
and users rely on them."""

MESSAGES: dict[str, tuple[str, str]] = {
    # -- the family's name -----------------------------------------------------------------------
    "engine.family.wendish": ("Wendish Schafkopf", "Wendischer Schafkopf"),

    # -- a game in a message: English with the article it reads with, German the bare name -------
    # -- a house rule's choices in words (``rules``)
    "engine.choice.wendish.jeder_gegen_jeden.most_wins": ("the most Augen win", "die meisten Augen gewinnen"),
    "engine.choice.wendish.jeder_gegen_jeden.most_loses": ("the most Augen lose", "die meisten Augen verlieren"),
    "engine.game.wendish.normal": ("a normal game", "Normalspiel"),
    "engine.game.wendish.hochzeit": ("a Hochzeit", "Hochzeit"),
    "engine.game.wendish.solo": ("a solo", "Solo"),
    "engine.game.wendish.jeder": ("everyone for himself", "Jeder gegen jeden"),

    # -- a game's word on the sheet; ".suited" with the trump suit in front ----------------------
    "engine.label.wendish.normal": ("Normal", "Normal"),
    "engine.label.wendish.hochzeit": ("Hochzeit", "Hochzeit"),
    "engine.label.wendish.solo": ("Solo", "Solo"),
    "engine.label.wendish.solo.suited": ("{suit} solo", "{suit}-Solo"),
    "engine.label.wendish.still": ("Silent solo", "Stilles Solo"),
    "engine.label.wendish.jeder": ("Everyone for himself", "Jeder"),

    # -- the table keys: what they mean ----------------------------------------------------------
    "engine.key.wendish.normal": ("normal game: each loser pays each winner",
                                  "Normalspiel: jeder Verlierer zahlt jedem Gewinner"),
    "engine.key.wendish.hochzeit": ("Hochzeit", "Hochzeit"),
    "engine.key.wendish.solo": ("silent solo and Lust-Solo", "stilles Solo und Lust-Solo"),
    "engine.key.wendish.schneider": ("extra for schneider", "Zuschlag für Schneider"),
    "engine.key.wendish.schwarz": ("extra for schwarz (on top of schneider)",
                                   "Zuschlag für Schwarz (zusätzlich zu Schneider)"),
    "engine.key.wendish.games": ("games played: normal, hochzeit, solo (jeder: Dreiwendsch)",
                                 "gespielte Spiele: normal, hochzeit, solo (jeder: Dreiwendsch)"),
    "engine.key.wendish.schneider_below": ("a side with fewer Augen than this is schneider",
                                           "eine Seite mit weniger Augen als diesen ist Schneider"),
    "engine.key.wendish.muss_solo": ("solos every player owes per session (Muss-Solo)",
                                     "Soli, die jeder Spieler an einem Abend schuldet (Muss-Solo)"),
    "engine.key.wendish.muss_solo_penalty": ("cents a player pays each other player per solo still owed at the close",
                                             "Cent, die ein Spieler beim Abrechnen jedem anderen je noch geschuldetem "
                                             "Solo zahlt"),
    "engine.key.wendish.kasse": ("each player's buy-in in cents (0: no Kasse)",
                                 "Einsatz jedes Spielers in Cent (0: keine Kasse)"),
    "engine.key.wendish.jeder_gegen_jeden": ("Dreiwendsch when nobody plays: most_wins | most_loses",
                                             "Dreiwendsch, wenn keiner spielt: most_wins (die meisten Augen "
                                             "gewinnen) | most_loses (die meisten Augen verlieren)"),
    "engine.key.wendish.bock_after": ("Bock round after: schwarz, sixty_sixty", "Bockrunde nach: schwarz, sixty_sixty"),
    "engine.key.wendish.bock_hands": ('hands of a Bock round ("round": one per player at the table)',
                                      'Spiele einer Bockrunde ("round": eins je Spieler am Tisch)'),
    "engine.key.wendish.bock_stack": ("Bock during Bock: queue (another round after) | double (x4 where they overlap)",
                                      "Bock im Bock: queue (noch eine Runde danach) | double (x4, wo sie sich überlagern)"),

    # -- table checks across keys (check_table) --------------------------------------------------
    "engine.table.short20": ('"short20" (scharfe Karten) is Dreiwendsch: set seats = 3',
                             '"short20" (scharfe Karten) ist Dreiwendsch: setz seats = 3'),

    # -- what an entry gets wrong, and how a hand is scored --------------------------------------
    "engine.wend.needs_augen": ("{game} needs the declaring side's Augen.", "{game} braucht die Augen der Spielerseite."),
    "engine.wend.partner_four": ("{game} needs four players; at {n} every game is a solo.",
                                 "{game} braucht vier Spieler; zu {n} ist jedes Spiel ein Solo."),
    "engine.wend.partner_four_hint": ("Enter a solo: solo --player NAME --still (or --suit S).",
                                      "Trag ein Solo ein: solo --player NAME --still (oder --suit S)."),
    "engine.wend.partner_hint": ("Normal game: --player holds the {first}, --partner the {second}.",
                                 "Normalspiel: --player hat die {first}, --partner die {second}."),
    "engine.wend.silent_karo": ("A silent solo takes no --suit: diamonds stay trump.",
                                "Ein stilles Solo nimmt kein --suit: Karo bleibt Trumpf."),
    "engine.wend.silent_karo_hint": ("Drop --suit (or drop --still: a Lust-Solo in that suit).",
                                     "Lass die Farbe weg (oder --still: dann ist es ein Lust-Solo in dieser Farbe)."),
    "engine.wend.which_solo": ("Which solo: silent or a Lust-Solo?", "Welches Solo: still oder ein Lust-Solo?"),
    "engine.wend.which_solo_hint": ("Add --still (holder of both black queens, diamonds trump) or "
                                    "--suit kreuz|pik|herz|karo.",
                                    "Gib --still an (wer beide schwarzen Damen hat, Karo Trumpf) oder "
                                    "--suit kreuz|pik|herz|karo."),
    "engine.wend.jeder_augen": ("Everyone for himself needs every player's Augen.",
                                "Jeder gegen jeden braucht die Augen aller Spieler."),
    "engine.wend.jeder_augen_hint": ("Add --augen {form}.", "Gib --augen {form} an."),
    "engine.wend.jeder_both": ("--winner {winner} and --loser {loser}: everyone for himself names one player, "
                               "the one with the most Augen.",
                               "--winner {winner} und --loser {loser}: bei Jeder gegen jeden nennt man einen Spieler, "
                               "den mit den meisten Augen."),
    "engine.wend.jeder_no_winner": ("--winner {name}: at this table the most Augen lose "
                                    "(jeder_gegen_jeden = \"most_loses\"), so the one named pays.",
                                    "--winner {name}: an diesem Tisch verlieren die meisten Augen "
                                    "(jeder_gegen_jeden = \"most_loses\"), der Genannte zahlt."),
    "engine.wend.jeder_role_hint": ("Name the player with the most Augen once, with {option} NAME.",
                                    "Nenn den Spieler mit den meisten Augen einmal, mit {option} NAME."),
    "engine.wend.tie_hint": ("Say who it is with {option} NAME.", "Sag mit {option} NAME, wer es ist."),
    "engine.wend.not_most": ("{name} has {augen} Augen, not the most ({top}).",
                             "{name} hat {augen} Augen, nicht die meisten ({top})."),
    "engine.wend.not_most_hint": ("Drop the name, or recount.", "Lass den Namen weg, oder zähl nach."),
    "engine.wend.jeder_receives": ("Everyone for himself: {name} has the most Augen and receives {value} from each",
                                   "Jeder gegen jeden: {name} hat die meisten Augen und bekommt {value} von jedem"),
    "engine.wend.jeder_pays": ("Everyone for himself: {name} has the most Augen and pays {value} to each",
                               "Jeder gegen jeden: {name} hat die meisten Augen und zahlt {value} an jeden"),
    "engine.wend.normal": ("Normal game", "Normalspiel"),
    "engine.wend.schneider": ("Schneider", "Schneider"),
    "engine.wend.schwarz": ("Schwarz", "Schwarz"),
    "engine.wend.muss_solo_open": ("Muss-Solo still owed: {owed}", "Muss-Solo offen: {owed}"),
    "engine.wend.owes": ("{name} still owes {n} Muss-Solo.", "{name} schuldet noch {n} Muss-Solo."),
    "engine.wend.owes_penalty": ("{name} still owes {n} Muss-Solo (penalty at --close: {penalty} to each other player "
                                 "of the last hand per solo).",
                                 "{name} schuldet noch {n} Muss-Solo (Strafe bei --close: {penalty} an jeden anderen "
                                 "Spieler des letzten Spiels je Solo)."),

    # -- the help of play: examples of this family's games ---------------------------------------
    # the head of play's help (the examples below it are the table's own: vocabulary.Vocabulary.examples)
    "engine.help.wendish": ("One line a hand, in short words:", "Eine Zeile je Spiel, in kurzen Wörtern:"),
}
