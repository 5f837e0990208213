"""The table server (``schafkopf serve``, RULES §11): one long-lived process that holds the
ledger and serves the table or the tournament to phones and a projector.

A thin skin, as the CLI is: ``codes`` (roles and their access codes, the file beside the table
file), ``answers`` (each route's work: the same library calls as the CLI's commands, the JSON
their ``--json`` prints), ``events`` (a change of the ledger, whoever wrote it, told to every open
page), ``app`` (the Starlette application: the guards, the routes, the pages). Imported only by
``schafkopf serve``: starlette, uvicorn, jinja2 and segno are the ``serve`` extra.
"""
