"""The words of Deutscher Schafskopf (id -> English, German): a part of the message catalogue
that the family adds when it is loaded (``i18n.add_part``). The ids are a contract: tests
and users rely on them."""

MESSAGES: dict[str, tuple[str, str]] = {
    # -- the family's name -----------------------------------------------------------------------
    "engine.family.deutscher": ("Deutscher Schafskopf", "Deutscher Schafskopf"),

    # -- a game in a message: English with the article it reads with, German the bare name -------
    # -- a house rule's choices in words (``rules``)
    "engine.choice.deutscher.partners.per_game": ("drawn before every game", "vor jedem Spiel gelost"),
    "engine.choice.deutscher.partners.fixed": ("fixed for the evening", "fest für den Abend"),
    "engine.game.deutscher.spiel": ("a game", "Spiel"),
    "engine.game.deutscher.draw": ("the draw", "Losen"),

    # -- a game's word on the sheet; ".suited" with the trump suit in front ----------------------
    "engine.label.deutscher.spiel": ("Game", "Spiel"),
    "engine.label.deutscher.draw": ("Draw", "Los"),

    # -- a hand on the sheet (describe) ----------------------------------------------------------
    "engine.flag.zwang": ("Zwang", "Zwang"),
    "engine.describe.draw": ("Draw {pairs}", "Los {pairs}"),

    # -- what a count is of, in a refusal --------------------------------------------------------
    "engine.what.trump_party_augen": ("the trump party's Augen", "die Augen der Trumpfpartei"),

    # -- the table keys: what they mean ----------------------------------------------------------
    "engine.key.deutscher.head": ("cents per completed sheep's head", "Cent je vollem Schafskopf"),
    "engine.key.deutscher.partners": ("per_game (drawn before every game) | fixed (for the session)",
                                      "per_game (vor jedem Spiel gelost) | fixed (für den ganzen Abend)"),
    "engine.key.deutscher.strokes_per_head": ("strokes that make one head", "Striche, die einen Schafskopf ergeben"),
    "engine.key.deutscher.schneider_below": ("a party with fewer Augen than this is schneider",
                                             "eine Partei mit weniger Augen als diesen ist Schneider"),
    "engine.key.deutscher.augen_total": ("Augen in the deck (the source's Zehn = 0 would make 80)",
                                         "Augen im Blatt (mit Zehn = 0 wie in der Quelle wären es 80)"),
    "engine.key.deutscher.win_at": ("Augen the trump party needs", "Augen, die die Trumpfpartei braucht"),

    # -- table checks across keys (check_table) --------------------------------------------------
    "engine.table.win_at": ("{win_at} is more than augen_total ({total})", "{win_at} ist mehr als augen_total ({total})"),

    # -- what an entry gets wrong, and how a hand is scored --------------------------------------
    "engine.ds.draw_first": ("Draw first: this table draws the partners again before every game "
                             "(partners = \"per_game\"), and none were drawn since the last one.",
                             "Erst losen: an diesem Tisch werden die Partner vor jedem Spiel neu gelost "
                             "(partners = \"per_game\"), und seit dem letzten Spiel wurde nicht gelost."),
    "engine.ds.draw_first_hint": ("Draw with schafkopf draw (in schafkopf play: draw), then enter the game.",
                                  "Lose mit schafkopf draw (in schafkopf play: draw), dann trag das Spiel ein."),
    "engine.ds.two_no_draw": ("With two players there are no partners to draw.",
                              "Zu zweit gibt es keine Partner zu losen."),
    "engine.ds.two_no_draw_hint": ("Enter the game with add spiel.", "Trag das Spiel mit add spiel ein."),
    "engine.ds.fixed_drawn": ("The partners are fixed for this session and were drawn already.",
                              "Die Partner stehen für diesen Abend fest und sind schon gelost."),
    "engine.ds.fixed_drawn_hint": ('Set partners = "per_game" to draw before every game.',
                                   'Setz partners = "per_game", um vor jedem Spiel zu losen.'),
    "engine.ds.one_card_each": ("Every player draws one card.", "Jeder Spieler zieht eine Karte."),
    "engine.ds.draw_again": ("Draw again.", "Lost noch einmal."),
    "engine.ds.partner_hint": ("--partner names the trump party's second player.",
                               "--partner nennt den zweiten Spieler der Trumpfpartei."),
    "engine.ds.not_partners": ("{player} and {partner} are not partners: the pairs are {a} and {b} ({how}).",
                               "{player} und {partner} sind keine Partner: die Paare sind {a} und {b} ({how})."),
    "engine.ds.pairs_fixed": ("fixed for this session", "für diesen Abend fest"),
    "engine.ds.pairs_drawn": ("drawn for this game", "für dieses Spiel gelost"),
    "engine.ds.not_partners_hint": ("Name the trump party as one of those pairs.",
                                    "Nenn als Trumpfpartei eines dieser Paare."),
    "engine.ds.one_against_one": ("Two players play one against one.", "Zu zweit spielt einer gegen einen."),
    "engine.ds.drop_partner": ("Drop --partner.", "Lass --partner weg."),
    "engine.ds.needs_augen": ("The game needs the trump party's Augen.", "Das Spiel braucht die Augen der Trumpfpartei."),
    "engine.ds.draw": ("Draw: {cards}. {a} against {b}", "Los: {cards}. {a} gegen {b}"),
    "engine.ds.card_of": ("{name}: {card}", "{name}: {card}"),
    "engine.ds.result": ("{names} {why}: {strokes}", "{names} {why}: {strokes}"),
    "engine.ds.win": ("win", "gewinnen"),
    "engine.ds.wins": ("wins", "gewinnt"),
    "engine.ds.win_zwang": ("win against the Zwangsspiel", "gewinnen gegen das Zwangsspiel"),
    "engine.ds.wins_zwang": ("wins against the Zwangsspiel", "gewinnt gegen das Zwangsspiel"),
    "engine.ds.win_double": ("win, booked double", "gewinnen, doppelt gebucht"),
    "engine.ds.wins_double": ("wins, booked double", "gewinnt, doppelt gebucht"),
    "engine.ds.strokes": ("{n:stroke} each", "{n:stroke} je Spieler"),
    "engine.ds.heads": ("Heads: {heads}", "Schafsköpfe: {heads}"),
    "engine.ds.partners": ("Partners: {a}, {b}", "Partner: {a}, {b}"),

    # -- the help of play: examples of this family's games ---------------------------------------
    # the head of play's help (the examples below it are the table's own: vocabulary.Vocabulary.examples)
    "engine.help.deutscher": ("One line a hand, in short words (the trump party and its Augen):",
                              "Eine Zeile je Spiel, in kurzen Wörtern (die Trumpfpartei und ihre Augen):"),
}
