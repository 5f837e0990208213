"""What the evenings tell (RULES §13): pure computations over the recorded hands of a table.

``hands``: a stored hand as the facts these views read (``HandFacts``) and the sides it was
played between; ``rating``: the skill rating (openskill's Plackett-Luce model) over a list of
hands; ``player``: one player's page (games, money, partners, streaks, Kontra); ``whatif``: a
session's hands priced again under another tariff or other house rules. Nothing here reads the
ledger: the use cases in ``app/`` hand the hands in.
"""
