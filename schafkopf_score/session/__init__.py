"""A session as a log of stored events, and what follows from it (pure: no I/O, no store).

``records``: the frozen records a log is made of (a game row, the session's header, an early
payout, a closing); ``fold``: the log replayed into its ``SessionState`` (the one seat-aware
replay, the balances, the Stock, the state before the next hand) and a correction tried on it;
``checks``: what must hold of a log, the one list ``check`` and ``import`` both run;
``settle``: settling up a session's or a season's balances.
"""
