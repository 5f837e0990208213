"""The ledger's audits: ``check`` and the import, over the one list of checks.

``check`` reads every session's log from the ledger and runs ``session.checks`` on it; the
import runs the same checks on every session of an export as it is loaded (``ImportAudit``,
handed to ``ledger.load``), so an export that imports is one that ``check`` accepts. What reaches
across sessions (an open session before a later one, a player seated at two tables of a
round, the append-only guards) is checked here.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..errors import IllegalEntry, LedgerError, ScoreError, StorageError
from ..i18n import Text
from ..ledger import Ledger
from ..memo import collection_paused
from ..session.checks import LEDGER_WIDE, Problem, check_session, open_before_later, seated_twice, unreadable
from ..session.fold import SessionLog
from ..table import TableConfig


@dataclass(frozen=True)
class CheckReport:
    """What a check did: the problems it found, how many sessions it replayed, how many closed
    sessions it left alone because their rows still match the mark of an earlier check, and how
    many sessions it marked verified now (none when the ledger cannot be written)."""

    problems: list[Problem]
    replayed: int = 0
    skipped_verified: int = 0
    marked: int = 0
    passed: dict[int, str] = field(default_factory=dict, repr=False)  # session -> fingerprint, to be marked
    sessions: int = 0  # the sessions checked (replayed or verified before)
    hands: int = 0  # the valid hands in them (a Deutscher draw is no hand)

    def to_json(self, lang: str) -> dict[str, Any]:
        """``check --json``: the problems (in ``lang``) and the counts."""
        return {"problems": [p.to_json(lang) for p in self.problems], "replayed": self.replayed,
                "skipped_verified": self.skipped_verified, "marked": self.marked, "sessions": self.sessions,
                "hands": self.hands}

    def summary(self) -> Text:
        """``OK: 2 sessions, 14 hands checked`` (what ``check`` says when all holds)."""
        return Text("data.check_ok", sessions=self.sessions, hands=self.hands)


def _audit(ledger: Ledger, full: bool = True, marking: bool = False) -> CheckReport:
    """Check the sessions. ``full`` replays every one; otherwise a closed session whose latest
    check mark is its fingerprint (no stored row of it changed since a check replayed it without
    a problem, under this program's version) is not replayed again. With ``marking`` the report
    names the closed sessions that passed and are not yet marked under their fingerprint."""
    sessions = ledger.sessions()
    last_id = sessions[-1].id if sessions else None
    side_by_side = ledger.tournament_sessions() if ledger.has_tournament_tables else set()
    seated: dict[int, list[str]] = {}  # a tournament's tables: who the draw seated there
    if side_by_side:
        tables = ledger.round_tables()
        seated.update((t.session_id, t.players) for t in tables)
        problems_seating = seated_twice(tables)
    else:
        problems_seating = []
    changes = ledger.seating_changes()
    # an older ledger read as it is keeps no marks: every session is replayed
    fingerprints = ledger.fingerprints() if ledger.has_marks and (marking or not full) else {}
    marks = ledger.marks() if fingerprints else {}
    problems: list[Problem] = []
    if ledger.conn is not None and ledger.has_marks:
        # the append-only guards: a ledger whose triggers were dropped takes changes silently
        missing = ledger.guards_missing()
        if missing:
            problems.append(Problem(LEDGER_WIDE, None, Text("data.problem_guards_missing", guards=", ".join(missing))))
    problems.extend(problems_seating)
    passed: dict[int, str] = {}
    replayed = skipped = 0
    # the collector held while the sessions replay: their rows, logs and hands refer to no cycle
    # (each pass of it walks every object alive, the replay's memo too: 8 % of check --full)
    with collection_paused():
        for info in sessions:
            fingerprint = fingerprints.get(info.id)
            verified = info.closing is not None and fingerprint is not None and marks.get(info.id) == fingerprint
            if verified and not full:
                skipped += 1
                continue
            try:
                log = replace(ledger.log(info, changes), seated=seated.get(info.id))
                found = check_session(log)
                # a tournament's tables are sessions side by side, each open until its round is over
                if info.closing is None and info.id != last_id and info.id not in side_by_side:
                    found.append(open_before_later(info))
            except (ValueError, KeyError, TypeError, AttributeError, StorageError) as exc:  # a row no program wrote
                found = [Problem(info.id, None, Text("data.problem_unreadable", problem=unreadable(exc)))]
            replayed += 1
            problems.extend(found)
            if marking and not found and not verified and info.closing is not None and fingerprint is not None:
                passed[info.id] = fingerprint
    return CheckReport(_at_tables(ledger, problems), replayed, skipped, 0, passed, len(sessions), _hands(ledger))


def _hands(ledger: Ledger) -> int:
    """The valid hands of the ledger (a Deutscher draw is no hand: RULES §12)."""
    from ..rules.model import GameEntry
    from ..rules.registry import find_family

    counts = ledger.valid_games_by_game()
    name = ledger.family() if counts else None
    if name is None:
        return sum(counts.values())
    try:
        family = find_family(name)
    except ScoreError:  # a family this program does not know: every row a hand
        return sum(counts.values())
    return sum(n for game, n in counts.items() if family.deals(GameEntry(game)))


def _at_tables(ledger: Ledger, problems: list[Problem]) -> list[Problem]:
    """The problems of a tournament's tables named by round and table, not by session."""
    if not problems or not ledger.has_tournament_tables:
        return problems
    tables = {t.session_id: (t.round, t.tisch) for t in ledger.round_tables()}
    return [replace(p, table=tables[p.session]) if p.session in tables else p for p in problems]


def ledger_problems(ledger: Ledger) -> list[Problem]:
    """Every problem found, every session replayed: zero sums, replay equals stored payouts,
    closing balances (no check marks read or written)."""
    return _audit(ledger, full=True).problems


# How long a check waits for another writer before it leaves its marks for the next check
_MARK_WAIT_S = 1.0


def check_and_mark(ledger: Ledger, full: bool = False) -> CheckReport:
    """``check``: every session that changed since it was last verified is replayed (``full``:
    every session), and each closed one that passes is marked verified under its fingerprint,
    so that the next check leaves it alone while its rows stay as they are. The marks are
    written if the ledger can be written now; a read-only or busy ledger is checked all the same."""
    from ..ledger.connection import busy_timeout

    report = _audit(ledger, full, marking=True)
    if not report.passed:
        return report
    try:
        with ledger.write(wait=min(_MARK_WAIT_S, busy_timeout())) as conn:
            ledger.insert_marks(conn, report.passed)
    except (LedgerError, OSError):  # a storage failure (StorageError) among them
        return report  # the marks wait for a check that can write them
    return replace(report, marked=len(report.passed))


def check_ledger(ledger: Ledger, lang: str = "en") -> list[dict[str, Any]]:
    """Every problem found (see ``ledger_problems``) as ``check --json`` gives it: session,
    hand and the problem in ``lang``."""
    return [p.to_json(lang) for p in ledger_problems(ledger)]


class ImportAudit:
    """The audit of an import, session by session as ``ledger.load`` inserts them: the checks
    of ``check --full`` (``session.checks.check_session``), run on each session's log as loaded
    instead of reading it back. The first problem refuses the import."""

    def __init__(self, ledger: Ledger | None) -> None:
        self.ledger = ledger
        self.open_before: int | None = None  # an open session (not a tournament's table) seen last
        self.closed: list[int] = []
        self.fingerprints: dict[int, str] | None = None  # as ``load`` worked them out (None: read them)
        if ledger is None:  # a chunk's audit (``fresh``): the ledger's own sessions were audited where it is open
            return
        if ledger.has_marks and ledger.guards_missing():
            self.refuse(Problem(LEDGER_WIDE, None, Text("data.problem_guards_missing",
                                                        guards=", ".join(ledger.guards_missing()))))
        # sessions already there (a ledger without games may hold empty ones): checked alike
        tables = {t.session_id: t.players for t in ledger.round_tables()}
        changes = ledger.seating_changes()
        for info in ledger.sessions():
            self.session(replace(ledger.log(info, changes), seated=tables.get(info.id)))

    @classmethod
    def fresh(cls) -> ImportAudit:
        """The audit of one chunk of the export, in whichever process works it."""
        return cls(None)

    @staticmethod
    def refusal(p: Problem) -> IllegalEntry:
        where = (Text("data.export_where_hand", session=p.session, hand=p.hand) if p.hand is not None
                 else Text("data.where_session", session=p.session))
        return IllegalEntry(Text("data.import_refused", where=where, problem=p.text), Text("data.export_again"))

    @classmethod
    def refuse(cls, p: Problem) -> None:
        raise cls.refusal(p)

    def open_before_refusal(self, session_id: int) -> IllegalEntry:
        """An open session before a later one: it should have been closed."""
        return self.refusal(Problem(session_id, None, Text("data.problem_open_before_later")))

    def session(self, log: SessionLog) -> None:
        info = log.info
        assert info is not None
        if self.open_before is not None:  # a later session exists: that one should have been closed
            raise self.open_before_refusal(self.open_before)
        # as the latest session: whether a later one follows is known when it comes
        found = check_session(log)
        if found:
            self.refuse(found[0])
        if info.closing is not None:
            self.closed.append(info.id)
        elif log.seated is None:  # a tournament's tables are side by side, each open until its round is over
            self.open_before = info.id

    def finish(self) -> dict[int, str]:
        """The checks of the whole ledger once loaded (nobody seated at two tables of a round);
        returns the closed sessions to mark verified, by fingerprint."""
        assert self.ledger is not None
        for p in seated_twice(self.ledger.round_tables()):
            self.refuse(p)
        if not self.ledger.has_marks:
            return {}
        fingerprints = self.fingerprints if self.fingerprints is not None else self.ledger.fingerprints()
        marks = self.ledger.marks()
        return {sid: fingerprints[sid] for sid in self.closed
                if sid in fingerprints and marks.get(sid) != fingerprints[sid]}


def import_dump(cfg: TableConfig, ledger: Ledger, data: Any, **work: Any) -> int:
    """Read a JSON export into an empty ledger in one transaction, committed only if every
    game replays under its own ruleset to exactly what the export says (payouts, Stock,
    declarers, dealer), every closing matches its games, and every ruleset is a valid table of
    this family (see ``ledger.load``; ``work``: its ``workers`` and ``chunk_games``)."""
    from ..ledger import load

    if isinstance(data, dict) and isinstance(data.get("table"), dict):
        fam = data["table"].get("family")
        if fam and fam != cfg.family:
            raise IllegalEntry(Text("data.import_other_family", family=fam, table=cfg.family),
                               Text("data.import_other_family_hint"))
        # a tournament's points never become a table's money, nor the other way round
        kind = "tournament" if data.get("rounds") or data["table"].get("kind") == "tournament" else "table"
        if kind != cfg.kind:
            raise IllegalEntry(Text(f"data.import_{kind}_into_{cfg.kind}"), Text("data.import_kind_hint"))
    with ledger.write() as conn:
        if ledger.has_games(conn):
            raise IllegalEntry(Text("data.import_not_empty", path=ledger.where),
                               Text("data.import_not_empty_hint"))
        # every game replayed under its own ruleset as it is loaded, inside the transaction: an
        # export that says what the rules do not give is refused whole, before anything is committed
        audit = ImportAudit(ledger)
        count = load(ledger, conn, data, cfg.family, audit, **work)
        # replayed: the closed sessions are marked verified with it, so the next check is quick
        ledger.insert_marks(conn, audit.finish())
    return count


def import_into(cfg: TableConfig, data: Any, workers: int | None = None) -> int:
    """Import into the table's ledger; a table without one gets it only if the import succeeds
    (the ledger is made under a temporary name and linked into place at the end). ``workers``:
    the helper processes of a large import (default: one per core; 1: this process alone)."""
    import os
    import secrets

    from ..files import fsync_dir

    if cfg.ledger_url:  # a database: the import is one transaction there
        from ..ledger import open_ledger

        with open_ledger(cfg, create=True) as ledger:
            return import_dump(cfg, ledger, data, workers=workers)
    path = cfg.ledger_path
    if path.exists():
        with Ledger(path, create=False, family=cfg.family, kind=cfg.kind) as ledger:
            return import_dump(cfg, ledger, data, workers=workers)
    if not path.parent.is_dir():
        raise IllegalEntry(Text("data.ledger_folder_missing", path=str(path)), Text("data.ledger_folder_missing_hint"))
    from ..files import remove_orphans

    remove_orphans(path)  # what an import killed earlier (SIGKILL, power) left behind
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(6)}.import")
    try:
        if not os.access(path.parent, os.W_OK):  # a read-only disk or share, the folder's rights
            raise IllegalEntry(Text("data.import_cannot_write", path=str(path)), Text("data.import_cannot_write_hint"))
        with Ledger(tmp, create=True, family=cfg.family, kind=cfg.kind) as ledger:
            count = import_dump(cfg, ledger, data, workers=workers)
        try:
            os.link(tmp, path)
        except FileExistsError:
            raise IllegalEntry(Text("data.import_ledger_appeared", path=str(path)),
                               Text("data.import_ledger_appeared_hint")) from None
        fsync_dir(path.parent)
        return count
    finally:
        for leftover in (tmp, tmp.with_name(tmp.name + "-journal")):
            try:
                leftover.unlink(missing_ok=True)
            except OSError:  # a folder that may not be written holds none (the next import removes any)
                pass

