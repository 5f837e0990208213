"""The use cases (issue 34): every one once, over a table file and its ledger. A door (the CLI,
``play``, the server) reads its input, calls one function here and renders the answer."""
