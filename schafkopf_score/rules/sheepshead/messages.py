"""The words of Sheepshead (id -> English, German): a part of the message catalogue
that the family adds when it is loaded (``i18n.add_part``). The ids are a contract: tests
and users rely on them."""

MESSAGES: dict[str, tuple[str, str]] = {
    # -- the family's name -----------------------------------------------------------------------
    "engine.family.sheepshead": ("Sheepshead", "Sheepshead"),

    # -- a game in a message: English with the article it reads with, German the bare name -------
    # -- a house rule's choices in words (``rules``)
    "engine.choice.sheepshead.variant.called_ace": ("a called ace", "gerufenes Ass"),
    "engine.choice.sheepshead.variant.called_ten": ("a called ten", "gerufene Zehn"),
    "engine.choice.sheepshead.variant.jack_of_diamonds": ("the jack of diamonds", "Karo-Bube"),
    "engine.choice.sheepshead.variant.blind4": ("four-handed, the picker alone", "zu viert, der Aufnehmer allein"),
    "engine.choice.sheepshead.variant.black_queens": ("the black queens together", "die schwarzen Damen zusammen"),
    "engine.choice.sheepshead.no_pick.leaster": ("a leaster", "Leaster"),
    "engine.choice.sheepshead.no_pick.doubler": ("a doubler", "Doubler"),
    "engine.choice.sheepshead.no_pick.forced": ("the dealer must pick", "der Geber muss aufnehmen"),
    "engine.choice.sheepshead.leaster_blind.last_trick": ("to the last trick", "zum letzten Stich"),
    "engine.choice.sheepshead.leaster_blind.first_trick": ("to the first trick", "zum ersten Stich"),
    "engine.choice.sheepshead.leaster_blind.none": ("to nobody", "an niemanden"),
    "engine.game.sheepshead.pick": ("a picked hand", "Aufnahmespiel"),
    "engine.game.sheepshead.leaster": ("a leaster", "Leaster"),
    "engine.game.sheepshead.doubler": ("a doubler", "Doubler"),

    # -- a game's word on the sheet; ".suited" with the trump suit in front ----------------------
    "engine.label.sheepshead.pick": ("Pick", "Aufnahme"),
    "engine.label.sheepshead.leaster": ("Leaster", "Leaster"),
    "engine.label.sheepshead.doubler": ("Doubler", "Doubler"),

    # -- what a count is of, in a refusal --------------------------------------------------------
    "engine.sh.schwarz_bury": ("--schwarz with --points {value}: a picker's side that took no trick has only its "
                               "bury, at most {most} points.",
                               "--schwarz mit --points {value}: eine Aufnehmerseite ohne Stich hat nur ihre "
                               "gedrückten Karten, höchstens {most} Punkte."),
    "engine.sh.schwarz_bury_hint": ("Schwarz needs --points {most} or fewer (the picker's side took no trick: its "
                                    "bury counts) or {total} (the others took none); otherwise drop --schwarz.",
                                    "Schwarz braucht --points {most} oder weniger (die Aufnehmerseite hat keinen "
                                    "Stich: ihre gedrückten Karten zählen) oder {total} (die anderen haben keinen); "
                                    "sonst lass --schwarz weg."),
    "engine.what.picker_points": ("the picker side's points (bury included)",
                                  "die Punkte der Aufnehmerseite (mit den gedrückten Karten)"),

    # -- a hand on the sheet (describe) ------------------------------------------------------------
    "engine.describe.alone": ("{names} alone", "{names} allein"),
    "engine.flag.crack": ("Crack", "Crack"),
    "engine.flag.recrack": ("Recrack", "Recrack"),
    "engine.flag.blitz": ("Blitz", "Blitz"),

    # -- the table keys: what they mean ----------------------------------------------------------
    "engine.key.sheepshead.variant": ("called_ace | called_ten | jack_of_diamonds | blind4 | black_queens",
                                      "Spielart: called_ace (gerufenes Ass) | called_ten (gerufene Zehn) | "
                                      "jack_of_diamonds (Karo-Unter ist Partner) | blind4 (zu viert, vier im Blind) "
                                      "| black_queens (die schwarzen Damen zusammen)"),
    "engine.key.sheepshead.on_the_bump": ("a losing picker's side pays double",
                                          "die Seite eines verlierenden Aufnehmers zahlt doppelt"),
    "engine.key.sheepshead.no_pick": ("when everyone passes: leaster | doubler | forced",
                                      "wenn alle passen: leaster (jeder für sich, wenigste Punkte gewinnen) | "
                                      "doubler (das nächste Spiel zählt doppelt) | forced (der Geber muss aufnehmen)"),
    "engine.key.sheepshead.leaster_blind": ("the blind goes to: last_trick | first_trick | none",
                                            "der Blind geht an: last_trick (den letzten Stich) | first_trick (den "
                                            "ersten Stich) | none (niemanden)"),
    "engine.key.sheepshead.leaster_needs_trick": ("a leaster winner must have taken a trick",
                                                  "wer den Leaster gewinnt, muss einen Stich gemacht haben"),
    "engine.key.sheepshead.cracking": ("crack and recrack allowed", "Crack und Recrack erlaubt"),
    "engine.key.sheepshead.doubler_stacking": ("doublers stack (x2 each)", "Doubler summieren sich (je x2)"),
    "engine.key.sheepshead.blitz": ("blitz: showing the black or the red queens doubles (--blitz)",
                                    "Blitz: wer die schwarzen oder roten Damen zeigt, verdoppelt (--blitz)"),
    "engine.key.sheepshead.partner_exempt_no_trick": (
        "rule 6: after a no-trick loss the partner pays as without it, the picker the rest",
        "Regel 6: nach einem Verlust ohne Stich zahlt der Partner wie ohne, der Aufnehmer den Rest"),

    # -- table checks across keys (check_table) --------------------------------------------------
    "engine.table.not_four": ('"{variant}" is not played four-handed: use "blind4" or "black_queens"',
                              '"{variant}" wird nicht zu viert gespielt: nimm "blind4" oder "black_queens"'),
    "engine.table.only_four": ('"{variant}" is a four-handed variant, but seats = {seats}',
                               '"{variant}" ist eine Variante für vier, aber seats = {seats}'),

    # -- what an entry gets wrong, and how a hand is scored --------------------------------------
    "engine.sh.pass_plays": ('When everyone passes this table plays {what} (no_pick = "{mode}"), not a doubler.',
                             'Wenn alle passen, spielt dieser Tisch {what} (no_pick = "{mode}"), keinen Doubler.'),
    "engine.sh.a_leaster": ("a leaster", "einen Leaster"),
    "engine.sh.a_forced_pick": ("a forced pick", "ein Pflicht-Aufnehmen"),
    "engine.sh.enter_leaster": ("Enter the leaster (leaster --winner NAME)", "Trag den Leaster ein (leaster --winner NAME)"),
    "engine.sh.enter_forced": ("Enter the dealer's pick with --forced.", "Trag das Aufnehmen des Gebers mit --forced ein."),
    "engine.sh.enter_doubler": ("Enter add doubler", "Trag add doubler ein"),
    "engine.sh.no_leaster": ('This table plays no leaster (no_pick = "{mode}").',
                             'Dieser Tisch spielt keinen Leaster (no_pick = "{mode}").'),
    "engine.sh.partner_alone": ("--partner and --alone contradict each other.", "--partner und --alone widersprechen sich."),
    "engine.sh.partner_alone_hint": ("A picker who goes alone has no partner: drop one of them.",
                                     "Wer allein spielt, hat keinen Partner: lass eines davon weg."),
    "engine.sh.no_partner_three": ("The picker plays without a partner three-handed.",
                                   "Zu dritt spielt der Aufnehmer ohne Partner."),
    "engine.sh.no_partner_variant": ('The picker plays without a partner in the "{variant}" variant.',
                                     'In der Variante "{variant}" spielt der Aufnehmer ohne Partner.'),
    "engine.sh.no_partner_hint": ("Drop the partner: the picker plays alone against the others.",
                                  "Lass den Partner weg: der Aufnehmer spielt allein gegen die anderen."),
    "engine.sh.partner_hint": ("--partner names who held the called card; if the picker held it, use --alone.",
                               "--partner nennt, wer die gerufene Karte hatte; hatte sie der Aufnehmer selbst, "
                               "nimm --alone."),
    "engine.sh.who_partner": ("Who was the picker's partner?", "Wer war der Partner des Aufnehmers?"),
    "engine.sh.who_partner_hint": ("Add --partner NAME (who held the called card), or --alone if the picker played "
                                   "alone.",
                                   "Gib --partner NAME an (wer die gerufene Karte hatte), oder --alone, wenn der "
                                   "Aufnehmer allein gespielt hat."),
    "engine.sh.needs_points": ("The hand needs the picker side's points.", "Das Spiel braucht die Punkte der Aufnehmerseite."),
    "engine.sh.needs_points_hint": ("Add --points N (0 to 120, the bury included).",
                                    "Gib --points N an (0 bis 120, mit den gedrückten Karten)."),
    "engine.sh.recrack": ("--recrack without --crack: the picker re-cracks a crack.",
                          "--recrack ohne --crack: der Aufnehmer antwortet auf ein Crack."),
    "engine.sh.recrack_hint": ("Add --crack, or drop --recrack.", "Gib --crack an, oder lass --recrack weg."),
    "engine.sh.no_cracking": ("This table plays without cracking (cracking = false).",
                              "Dieser Tisch spielt ohne Crack (cracking = false)."),
    "engine.sh.no_cracking_hint": ("Drop --crack/--recrack.", "Lass --crack/--recrack weg."),
    "engine.sh.forced_only": ('--forced applies only where the dealer must pick (no_pick = "forced").',
                              '--forced gilt nur, wo der Geber aufnehmen muss (no_pick = "forced").'),
    "engine.sh.drop_forced": ("Drop --forced.", "Lass --forced weg."),
    "engine.sh.forced_who": ("Only {name}, the last to bid, can be forced to pick.",
                             "Nur {name}, der als Letzter bietet, kann zum Aufnehmen gezwungen werden."),
    "engine.sh.forced_who_hint": ("Give --picker {name}, or drop --forced.", "Gib --picker {name} an, oder lass --forced weg."),
    "engine.sh.no_trick_winner": ("{name} took no trick and cannot win the leaster.",
                                  "{name} hat keinen Stich gemacht und kann den Leaster nicht gewinnen."),
    "engine.sh.no_trick_winner_hint": ("A leaster winner must have taken a trick (leaster_needs_trick = true).",
                                       "Wer den Leaster gewinnt, muss einen Stich gemacht haben "
                                       "(leaster_needs_trick = true)."),
    "engine.sh.needs_winner": ("A leaster needs its winner.", "Ein Leaster braucht seinen Gewinner."),
    "engine.sh.needs_winner_hint": ("Add --winner NAME, or every player's points: --points {form}.",
                                    "Gib --winner NAME an, oder die Punkte aller Spieler: --points {form}."),
    "engine.sh.points_no_trick": ("{name} has {points} points but took no trick.",
                                  "{name} hat {points} Punkte, aber keinen Stich gemacht."),
    "engine.sh.points_no_trick_hint": ("Correct the points or drop that --no-trick.",
                                       "Berichtige die Punkte oder lass dieses --no-trick weg."),
    "engine.sh.no_trick_twice": ("{name} is named twice with --no-trick.", "{name} ist zweimal mit --no-trick genannt."),
    "engine.sh.no_trick_twice_hint": ("Name each player without a trick once.",
                                      "Nenn jeden Spieler ohne Stich nur einmal."),
    "engine.sh.all_no_trick": ("Every player is named with --no-trick, but somebody took each trick.",
                               "Jeder Spieler ist mit --no-trick genannt, aber jeden Stich hat einer gemacht."),
    "engine.sh.all_no_trick_hint": ("Somebody took each trick: drop --no-trick for the players who took one.",
                                    "Jeden Stich hat einer gemacht: lass --no-trick bei denen weg, die einen hatten."),
    "engine.sh.nobody_left": ("Nobody who took a trick is left to win the leaster.",
                              "Keiner mit einem Stich bleibt übrig, der den Leaster gewinnen kann."),
    "engine.sh.nobody_left_hint": ("Check --no-trick.", "Prüf --no-trick."),
    "engine.sh.tie_hint": ("Say who won the leaster: add --winner NAME.",
                           "Sag, wer den Leaster gewonnen hat: gib --winner NAME an."),
    "engine.sh.not_fewest": ("{name} has {points} points; the fewest among those who took a trick has {names} "
                             "with {low}.",
                             "{name} hat {points} Punkte; die wenigsten unter denen mit Stich hat {names} mit {low}."),
    "engine.sh.not_fewest_hint": ("Drop --winner, or correct the points.", "Lass --winner weg, oder berichtige die Punkte."),
    "engine.sh.points_over": ("The points add up to {sum}, more than 120.", "Die Punkte ergeben zusammen {sum}, mehr als 120."),
    "engine.sh.recount": ("Recount.", "Zähl nach."),
    "engine.sh.doubler_x": ("doubler x{n}", "Doubler x{n}"),
    "engine.sh.crack_x": ("crack x2", "Crack x2"),
    "engine.sh.recrack_x": ("recrack x2", "Recrack x2"),
    "engine.sh.blitz_x": ("blitz x2", "Blitz x2"),
    "engine.sh.no_blitz": ("This table plays without blitzing (blitz = false).",
                           "Dieser Tisch spielt ohne Blitz (blitz = false)."),
    "engine.sh.no_blitz_hint": ("Drop --blitz, or set blitz = true in [rules].",
                                "Lass --blitz weg, oder setz blitz = true in [rules]."),
    "engine.sh.partner_exempt": ("; {partner} is exempt from the no-trick loss (rule 6) and pays {paid}, "
                                 "the picker the rest",
                                 "; {partner} ist vom Verlust ohne Stich befreit (Regel 6) und zahlt {paid}, "
                                 "der Aufnehmer den Rest"),
    "engine.sh.bump_x": ("on the bump x2", "verlorene Aufnahme x2"),
    "engine.sh.doubler": ("Everyone passed: thrown in, the next hand counts x{n}",
                          "Alle passen: zusammengeworfen, das nächste Spiel zählt x{n}"),
    "engine.sh.extras": (", {words} = {value}", ", {words} = {value}"),
    "engine.sh.leaster_won": ("Leaster won by {name}: 1 point from each{extras}",
                              "Leaster gewonnen von {name}: 1 Punkt von jedem{extras}"),
    "engine.sh.side_partner": ("{picker} and {partner}", "{picker} und {partner}"),
    "engine.sh.side_alone": ("{picker} alone", "{picker} allein"),
    "engine.sh.schneider": (", schneider", ", Schneider"),
    "engine.sh.no_trick": (", no trick", ", kein Stich"),
    "engine.sh.pick": ("{side} {result} with {points} points{tier_word}: tier {tier}{extras} per opponent",
                       "{side}: {result} mit {points} Punkten{tier_word}, Stufe {tier}{extras} je Gegner"),
    "engine.sh.pending": ("Pending doublers: {n} (the next hand counts x{mult})",
                          "Offene Doubler: {n} (das nächste Spiel zählt x{mult})"),

    # -- the help of play: examples of this family's games ---------------------------------------
    # the head of play's help (the examples below it are the table's own: vocabulary.Vocabulary.examples)
    "engine.help.sheepshead": ("One line a hand, in short words:", "Eine Zeile je Spiel, in kurzen Wörtern:"),
    # a player's page (stats --player, the HTML report: RULES §13)
    "engine.sh.page_record": ("Picks {declared} ({declared_won} won), alone {alone} ({alone_won}), as partner "
                              "{partner} ({partner_won}), leasters {each} ({each_won} won)",
                              "Aufgenommen {declared} ({declared_won} gewonnen), allein {alone} ({alone_won}), "
                              "als Partner {partner} ({partner_won}), Leaster {each} ({each_won} gewonnen)"),
}
