"""The store's read paths a season's reports lean on: ``Ledger.sessions`` read again only when
the ledger changed (by this connection, by another one, or its schema), and the same sessions
as a fresh reading in every case."""

import sqlite3

from schafkopf_score.ledger import Ledger
from tests.store.test_check_marks import season, tamper


def fresh(t):
    with Ledger(t.ledger_path, create=False) as other:
        return other.sessions()


def test_sessions_read_again_whenever_the_ledger_changed(make_table):
    t = season(make_table)
    with Ledger(t.ledger_path, create=False) as ledger:
        first = ledger.sessions()
        assert first == fresh(t) and len(first) == 3
        assert ledger.sessions() == first and ledger.sessions() is not ledger.sessions()
        ledger.sessions().clear()  # the caller's list: the next reading is whole
        assert ledger.sessions() == first
        # another connection closes the open evening: seen at once
        t.ok("settle", "--close")
        closed = ledger.sessions()
        assert closed == fresh(t) and closed[-1].closed_at is not None and first[-1].closed_at is None
        # a row changed behind the program's back (another connection, no program of ours)
        tamper(t, "UPDATE closings SET balances = '{\"Anna\": 1}' WHERE id = (SELECT max(id) FROM closings)",
               trigger="closings_no_update")
        assert ledger.sessions()[-1].closing == {"Anna": 1} == fresh(t)[-1].closing
        # this connection's own write
        with ledger.write() as conn:
            conn.execute("INSERT INTO sessions(opened_at) VALUES ('2030-01-01T19:00:00+00:00')")
            inside = ledger.sessions()
        assert len(inside) == 4 and ledger.sessions() == inside == fresh(t)


def test_sessions_of_a_ledger_another_program_changed_while_it_was_open(make_table):
    """A table dropped and made again (the schema changed) by another connection: read again."""
    t = season(make_table)
    with Ledger(t.ledger_path, create=False) as ledger:
        before = ledger.sessions()
        con = sqlite3.connect(t.ledger_path)
        con.execute("CREATE TABLE scratch (x)")
        con.commit()
        con.close()
        assert ledger.sessions() == before == fresh(t)
