"""A hand recorded through the server (``POST /api/hands`` and the page's form) with its
idempotency key (RULES §11): 201 and ``add --json``; the same key again with the same line, its
first answer (200) and nothing recorded; the same key with another line, 409 with the hand it
recorded and nothing recorded; the same hand as the one before under a new key, 409 with the
hand it repeats unless ``confirm``. A line changed on the phone while it waited goes with a new
key and the keys of the lines it replaces (``replaces``): if one of them was recorded meanwhile,
409 with what it recorded and nothing recorded; else the hand is recorded under its key and the
replaced keys alike, so that an old copy still on its way is answered with it, never recorded."""

from __future__ import annotations

from typing import Any

from ..app import hands
from ..app.line import read_line
from ..app.state import view_session
from ..app.where import at
from ..errors import IllegalEntry, ScoreError
from ..i18n import Text
from ..ledger import ServedKey
from ..table import TableConfig
from .guards import Refusal, Served, is_text, say, work

MAX_KEY = 200  # characters: a UUID is 36
MAX_REPLACED = 20  # the keys a line replaces (each change of a waiting line adds one)


class _Replaced(Exception):
    """A key the line replaces was used meanwhile: the hand just written is rolled back."""

    def __init__(self, earlier: ServedKey) -> None:
        super().__init__(earlier.key)
        self.earlier = earlier


class _Used(Exception):
    """The key was used meanwhile: the hand just written is rolled back."""

    def __init__(self, earlier: ServedKey) -> None:
        super().__init__(earlier.key)
        self.earlier = earlier


async def api_hands_work(served: Served, line: str, key: str | None, tisch: int | None,
                         confirm: bool = False, round_no: int | None = None,
                         current_only: bool = False, replaces: Any = None) -> tuple[int, dict[str, Any]]:
    """Record a hand (201 and ``add --json``), or, for a key used before, its first answer
    (200) or, sent with another line, a 409 naming what it recorded. ``round_no``: the
    tournament's round the line was typed for (a phone's page names the round it showed);
    ``current_only`` (a table's code): a round that is over is refused, naming how the desk
    enters the hand, so that a line waiting in a phone's outbox while the next round was drawn
    never lands in the new round."""
    if key is not None and not 0 < len(key) <= MAX_KEY:
        raise Refusal(422, say(served, "server.key_length", most=MAX_KEY), say(served, "server.field_hint"))
    replaced = replaced_keys(served, replaces, key)

    def add(cfg: TableConfig, ledger: Any) -> tuple[int, dict[str, Any]]:
        if key is not None:
            # a key used before is answered as before, also once its round is over (a phone that
            # missed the answer while the desk drew the next round must not be told to enter it again)
            earlier = ledger.served_key(key)
            if earlier is not None:
                return repeated(served, cfg, ledger, earlier, line, (tisch, round_no))
            for old in replaced:
                gone = ledger.served_key(old)
                if gone is not None:
                    refuse_replaced(served, cfg, ledger, gone)
        if current_only and round_no is not None and tisch is not None:
            refuse_round_over(cfg, ledger, tisch, round_no, line)
        where = at(cfg, ledger, "add", tisch, round_no)
        typed = read_line(line)
        if key is None:
            return 201, with_said(hands.add(where, typed, confirm=confirm), cfg.language)
        try:
            with hands.recording(where, typed, confirm=confirm) as done:
                data = with_said(done.answer, cfg.language)
                used = ledger.keep_key(done.tx, key, _same(line), done.answer.session, done.answer.hand, data)
                if used is not None:  # the same key's first request committed while this one waited
                    raise _Used(used)
                for old in replaced:  # an old copy still on its way finds this hand under its key
                    used = ledger.keep_key(done.tx, old, _same(line), done.answer.session, done.answer.hand, data)
                    if used is not None:
                        raise _Replaced(used)
        except _Used as again:
            return repeated(served, cfg, ledger, again.earlier, line, (tisch, round_no))
        except _Replaced as meanwhile:
            refuse_replaced(served, cfg, ledger, meanwhile.earlier)
        except ScoreError:
            # the same key's first request committed while this one waited for the lock, and this
            # one was refused for it (the table's last hand: "all games played"), or the same key
            # written meanwhile by another server: the first answer
            found = ledger.served_key(key)
            if found is None:
                raise
            return repeated(served, cfg, ledger, found, line, (tisch, round_no))
        return 201, data

    try:
        result: tuple[int, dict[str, Any]] = await work(served, add, create=True)
    finally:
        served.hub.wake.set()
    return result


def replaced_keys(served: Served, replaces: Any, key: str | None) -> list[str]:
    """The keys a changed line replaces (``"replaces"``: one key or a list of them), checked."""
    if replaces is None or replaces == []:
        return []
    keys = [replaces] if isinstance(replaces, str) else replaces
    if not isinstance(keys, list) or len(keys) > MAX_REPLACED \
            or not all(isinstance(k, str) and 0 < len(k) <= MAX_KEY and is_text(k) for k in keys):
        raise Refusal(422, say(served, "server.replaces_kind", most=MAX_REPLACED, length=MAX_KEY),
                      say(served, "server.field_hint"))
    if key is None:  # a line sent without a key of its own is recorded as sent (nothing to hand on)
        return []
    return [k for k in dict.fromkeys(keys) if k != key]


def refuse_replaced(served: Served, cfg: TableConfig, ledger: Any, earlier: ServedKey) -> None:
    """A line replaced on the phone was recorded meanwhile: 409 with what it recorded."""
    first = earlier.first_answer() or recorded(cfg, ledger, earlier)
    raise Refusal(409, say(served, "server.key_replaced", hand=earlier.hand),
                  say(served, "server.key_replaced_hint", hand=earlier.hand), recorded=first)


def refuse_round_over(cfg: TableConfig, ledger: Any, tisch: int, round_no: int, line: str) -> None:
    """A table's phone may write its table's current round only: a line typed for an earlier
    round is refused (422), naming the desk's command that enters it there. A round that was
    never drawn (0, or after the latest) is no round that is over: the place refuses it as the
    CLI does ("There is no round 3")."""
    from ..tournament.tables import latest_round

    latest = latest_round(ledger) if cfg.kind == "tournament" else round_no
    if 1 <= round_no < latest:
        raise IllegalEntry(Text("server.round_over", round=round_no, tisch=tisch, latest=latest),
                           Text("server.round_over_hint", round=round_no, tisch=tisch, line=" ".join(line.split())))


def with_said(done: Any, lang: str) -> dict[str, Any]:
    """``add --json`` and what the CLI prints of it (``"said"``: its lines), kept with the key."""
    from .said import new_session
    from .said import recorded as said_recorded

    said = said_recorded(done.hand, done.played, lang, done.ahead)
    if done.opens_session:  # another door closed the evening meanwhile: the hand began the next
        said.insert(1, new_session(done.session, lang))
    return {**done.to_json(), "said": said}


def _same(line: str) -> str:
    """A line as its key keeps it: its words, however they were spaced."""
    return " ".join(line.split())


def _alike(kept: str, line: str) -> bool:
    """Whether a key's kept line and a line sent with it say the same: the same words and long
    options in any spacing, capitals (the reader reads ``Sau AN be`` as ``sau an be``: a phone's
    keyboard that capitalised a re-typed line's first word sends the same hand) and order of
    options; a ``--comment`` is compared as typed (its words are the players' own)."""
    if kept == _same(line):
        return True

    def said(text: str) -> tuple[Any, ...]:
        read = read_line(text)
        options = {name: value if name == "comment" else _folded(value) for name, value in read.options.items()}
        return tuple(word.casefold() for word in read.words), sorted(options.items())

    try:
        return said(kept) == said(line)
    except ScoreError:  # (the kept line was read before; the one sent now is refused anyway)
        return False


def _folded(value: Any) -> Any:
    if isinstance(value, str):
        return value.casefold()
    if isinstance(value, list):
        return [_folded(v) for v in value]
    return value


def repeated(served: Served, cfg: TableConfig, ledger: Any, earlier: ServedKey, line: str,
             place: tuple[int | None, int | None] = (None, None)) -> tuple[int, dict[str, Any]]:
    """A key used before: its first answer (200); sent with another line (``_alike``: not in
    other spaces, capitals or order of options) or, in a tournament, for another table or
    another round than the one it recorded (``place``: the table and the round the request
    names, None where it names none), 409 with that answer (what was recorded under the key),
    nothing recorded."""
    first = earlier.first_answer() or recorded(cfg, ledger, earlier)
    if earlier.line and not _alike(earlier.line, line):
        raise Refusal(409, say(served, "server.key_other_line", hand=earlier.hand),
                      say(served, "server.key_other_line_hint"), recorded=first)
    for name, asked in zip(("tisch", "round"), place, strict=True):
        if asked is not None and name in first and first[name] != asked:
            raise Refusal(409, say(served, "server.key_other_table", hand=earlier.hand, tisch=first.get("tisch"),
                                   round=first.get("round")),
                          say(served, "server.key_other_line_hint"), recorded=first)
    return 200, first


def recorded(cfg: TableConfig, ledger: Any, earlier: ServedKey) -> dict[str, Any]:
    """The first answer of a key whose server stopped before it could keep it, rebuilt from its
    hand (as it replays now; a hand corrected since is named alone)."""
    from ..app.answers import outcome_json
    from ..tournament.tables import find_table, table_cfg

    where: dict[str, Any] = {}
    place = None
    if cfg.kind == "tournament":
        table = next((t for t in ledger.round_tables() if t.session_id == earlier.session_id), None)
        if table is not None:
            place = find_table(cfg, ledger, table.tisch, table.round)
            cfg = table_cfg(cfg, table.players)
            where = {"round": table.round, "tisch": table.tisch}
    state = view_session(cfg, ledger, earlier.session_id, place)
    played = next((r.played for r in state.rows if r.record.hand == earlier.hand and r.played is not None), None)
    if played is None:
        return {"hand": earlier.hand, "session": earlier.session_id, **where}
    return outcome_json(state.place.shown(played), hand=earlier.hand, session=earlier.session_id,
                        balances=state.balances, stock_total=state.stock, **where)
