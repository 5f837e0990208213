"""Tournaments (Preisschafkopf, ``kind = "tournament"``): ``settings`` (the table file's
``[tournament]`` and ``[points]``), ``draw`` (a round's tables, pure), ``core`` (the draw, the
entries per table, the whole list of a table, the ranking, over the ledger)."""
