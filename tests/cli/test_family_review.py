"""The families other than Bavarian (Sheepshead, Deutscher, Wendish) end to end through the CLI:
what an adversarial review found, each a test of the door a table uses."""

FIVE = ["Anna", "Ben", "Cora", "Dora", "Emil"]


def _points_table(make_table, language="en", name="test"):
    """A Sheepshead table that settles in points (``point_value = 0``) with one hand recorded:
    Cora and Dora lose with 50 points (tier 1, on the bump x2: Cora -4, Dora -2, the others +2)."""
    t = make_table(family="sheepshead", players=FIVE, language=language, name=name,
                   replace={"point_value = 25 ": "point_value = 0 "})
    t.ok("add", "pick", "--picker", "Cora", "--partner", "Dora", "--points", "50")
    return t


def test_round_is_refused_where_the_table_settles_in_points(make_table):
    # --round rounds cash to multiples of C cents; on a points-only table it rounded the points
    # to multiples of 50 and closed the evening with everybody at 0
    t = _points_table(make_table)
    for args in (("settle", "--round", "50"), ("settle", "--close", "--round", "50"),
                 ("settle", "--all", "--round", "50")):
        err = t.refused(*args)
        assert err.startswith("Error: --round 50 rounds cash, and this table settles in points"), (args, err)
        assert "point_value" in err, err
    de = _points_table(make_table, language="de", name="de")
    assert de.refused("settle", "--close", "--round", "50").startswith("Fehler: --round 50 rundet Bargeld")
    # without --round the points settle as they are
    assert t.json("settle", "--close")["paid"] == {"Anna": 2, "Ben": 2, "Cora": -4, "Dora": -2, "Emil": 2}


def test_a_silent_solo_with_a_suit_is_told_what_to_drop_in_short_words_too(make_table):
    # the short form of a message turns "--suit herz" into "herz"; the German hint "Lass --suit
    # weg" lost its object that way and read "Lass weg (oder still: ...)"
    t = make_table(family="wendish")
    for args in (("calc", "solo", "be", "still", "herz", "72"),
                 ("calc", "solo", "--player", "Ben", "--still", "--suit", "herz", "--augen", "72")):
        err = t.refused(*args)
        assert "\nLass die Farbe weg (oder " in err, (args, err)
