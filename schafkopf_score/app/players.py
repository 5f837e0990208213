"""The seating over an evening: players join, leave and are renamed (``schafkopf player``).

Each change rewrites the table file's ``players = [...]`` atomically (nothing else in the file
changes) and records a row in the ledger's ``seating_changes`` with the hand from which it
counts, inside one write transaction: the change is worked out on the file as it is under the
ledger's write lock, and the file is replaced just before the commit, so a refused change
leaves both as they were and two changes at once both land. The hands keep the seating they were played with (each one's
rules snapshot), so the dealer rotation follows the seating as it was at each hand; a rename
links the two names to one person in every balance (``Ledger.aliases``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import IllegalEntry
from ..files import write_atomic
from ..i18n import Join, Text
from ..ledger import Ledger
from ..rules.matching import resolve_name, spellings
from ..rules.names import check_player_name, check_player_names, name_key
from ..table import TableConfig, _checked_table, load_table
from ..table.file import with_players


@dataclass(frozen=True)
class Change:
    """What a seating change did: the kind, who, the seating after it, and from which hand
    (session None: from the first hand of the next session)."""

    kind: str
    name: str
    other: str
    players: list[str]
    session: int | None
    hand: int

    def to_json(self) -> dict[str, Any]:
        """``player add/leave/rename --json``: what changed, the seating after it, and from
        which hand (session None: from the first hand of the next session)."""
        return {"kind": self.kind, "name": self.name, "other": self.other, "players": list(self.players),
                "session": self.session, "hand": self.hand}


def _check_names(cfg: TableConfig, players: list[str], option: str) -> None:
    """The new seating's names, checked as ``new`` checks them."""
    check_player_names(players, lambda msg, hint: IllegalEntry(Text("data.option_problem", option=option,
                                                                    problem=msg), hint))


def _check_new_name(cfg: TableConfig, ledger: Ledger, name: str, person: str | None = None) -> None:
    """A name that joins the table (added, or a new name): not a word of the short notation,
    and not a name another person played under at this table (an earlier name of someone
    renamed); ``person`` is who takes the name (a rename), who may take back an earlier name."""
    from ..notation import clashes

    why = clashes(cfg.family_obj(), name)
    if why:
        raise IllegalEntry(Text("data.new_name_clash", why=why), Text("data.new_name_clash_hint", name=name))
    if "," in name:  # new --players and settle --from-balances split their lists at commas
        plain = " ".join(name.replace(",", " ").split())
        raise IllegalEntry(Text("data.player_name_comma", name=repr(name)),
                           Text("data.player_name_comma_hint", plain=repr(plain)))
    aliases = ledger.aliases()
    # an earlier name typed in other letters (``ben`` for ``Ben``) is that earlier name
    now = next((now for old, now in aliases.items() if name_key(old) == name_key(name) and old != now), name)
    mine = aliases.get(person, person) if person is not None else None
    if now != name and now != mine:
        raise IllegalEntry(Text("data.player_earlier_name", name=name, now=now),
                           Text("data.player_earlier_name_hint"))
    if person is not None and now != mine and any(name_key(name) == name_key(k) and aliases.get(k, k) != mine
                                                  for k in ledger.known_names()):
        raise IllegalEntry(Text("data.player_name_taken", name=name), Text("data.player_name_taken_hint"))


def _where(ledger: Ledger) -> tuple[int | None, int]:
    """The open session and the number of its next hand (None and 1 between sessions); a
    Deutscher draw is not a hand (it takes the number of the hand it is drawn for)."""
    from ..session.fold import is_hand

    latest = ledger.latest_session()
    if latest is None or latest.closed_at:
        return None, 1
    return latest.id, max((r.hand for r in ledger.games(latest.id) if is_hand(r)), default=0) + 1


Plan = tuple[str, str, list[str]]  # a change worked out on the seating as it is: name, other, players after


def _apply(cfg: TableConfig, ledger: Ledger, kind: str, plan: Callable[[TableConfig], Plan]) -> Change:
    """Work the change out (``plan``) on the table file as it is inside the ledger's write lock,
    check the new seating as the file would be read, then record the change and rewrite the
    file in that one locked step: two changes at once both land, each on the seating the other
    left (or one is refused plainly); neither is lost from the file."""
    import tomllib

    _refuse_at_tournament(cfg)
    if ledger.conn is None:  # no ledger yet: a refused change is refused before it is made
        plan(load_table(cfg.path) if cfg.path.is_file() else cfg)
    with ledger.write() as conn:
        fresh = load_table(cfg.path) if cfg.path.is_file() else cfg
        name, other, players = plan(fresh)
        # read as it is on the disk: a byte-order mark and CRLF line ends (a Windows editor's)
        # are written back, so only the players line changes
        raw = fresh.path.read_bytes()
        bom = "\ufeff" if raw.startswith(b"\xef\xbb\xbf") else ""
        text = raw.decode("utf-8-sig")
        try:
            new_text = with_players(text, players)
        except ValueError:
            raise IllegalEntry(Text("data.players_line_not_found", path=str(cfg.path)),
                               Text("data.players_line_not_found_hint")) from None
        session, hand = _where(ledger)
        ledger.insert_seating_change(conn, session, hand, kind, name, other, players)
        # the new file is checked like any table file before it replaces the old one
        _checked_table(cfg.path, new_text, tomllib.loads(new_text))
        # a table file that is a link (into a folder of settings) is changed where it lives:
        # the link stays, and what it points to has the new seating
        write_atomic(cfg.path.resolve() if cfg.path.is_symlink() else cfg.path, bom + new_text)
    load_table(cfg.path)
    return Change(kind, name, other, players, session, hand)


def _refuse_at_tournament(cfg: TableConfig) -> None:
    """A tournament's players are its registration, drawn anew each round: ``player`` changes
    one table's seating, and is refused there (the server's host actions as the command)."""
    from ..tournament import refuse_at_tournament

    refuse_at_tournament(cfg, "player", "tournament.use_registration", "tournament.why_player")


def _seated(cfg: TableConfig, typed: str) -> str:
    return resolve_name(typed, cfg.players)


def _returning(ledger: Ledger, name: str, seated: list[str]) -> str:
    """The name a joining player goes by: a player who left and comes back is the same person
    however he types his name (``emil`` for ``Emil``), so he takes back the spelling his
    account has (his balance stays one)."""
    aliases = ledger.aliases()
    key = name_key(name)
    for known in sorted(ledger.known_names()):
        now = aliases.get(known, known)
        if name_key(known) == key and known == now and known not in seated:
            return known
    return name


def _not_seated(cfg: TableConfig, name: str, but: str | None = None) -> None:
    """A joining player's name (or a new name): no one else at the table goes by it, however
    it is written (``anna`` for ``Anna``)."""
    seated = next((p for p in cfg.players if p != but and name_key(p) == name_key(name)), None)
    if seated is not None:
        raise IllegalEntry(Text("data.player_already_seated", name=name, seated=seated) if seated != name
                           else Text("data.player_seated_already", name=name),
                           Text("data.player_already_seated_hint", name=name.strip()) if but is None
                           else Text("data.player_rename_taken_hint", old=but, name=name.strip()))
    folded = spellings(name)[0]  # typed alike at the table: an umlaut typed plain (Jurgen, Jürgen)
    alike = next((p for p in cfg.players if p != but and spellings(p)[0] == folded), None)
    if alike is not None:
        raise IllegalEntry(Text("data.player_typed_like_seated", name=repr(name), seated=repr(alike),
                                folded=repr(folded)),
                           Text("data.players_typed_alike_hint"))


def add_player(cfg: TableConfig, ledger: Ledger, name: str, after: str | None = None) -> Change:
    """``player add NAME [--after NAME]``: NAME joins at the seat after ``after`` (default: at
    the end of the list, the seat before the first player) from the next hand."""

    def plan(cfg: TableConfig) -> Plan:
        players = list(cfg.players)
        check_player_name(name)
        _not_seated(cfg, name)
        joining = _returning(ledger, name, players)
        if after is not None:
            behind = _seated(cfg, after)
            players.insert(players.index(behind) + 1, joining)
        else:
            players.append(joining)
        _check_names(cfg, players, "NAME")
        _check_new_name(cfg, ledger, joining)
        family = cfg.family_obj()
        if family.waiting is not None and len(players) > cfg.seats + family.waiting:
            raise IllegalEntry(Text("data.player_add_full", count=len(cfg.players), most=cfg.seats + family.waiting),
                               Text("data.player_add_full_hint"))
        return joining, players[players.index(joining) - 1] if after is not None else "", players

    return _apply(cfg, ledger, "add", plan)


def leave_player(cfg: TableConfig, ledger: Ledger, typed: str) -> Change:
    """``player leave NAME``: NAME sits out from the next hand on (leaves the seating); his
    balance stays his until it is settled (``settle --player`` or the close)."""

    def plan(cfg: TableConfig) -> Plan:
        name = _seated(cfg, typed)
        players = [p for p in cfg.players if p != name]
        if len(players) < max(cfg.seats, 2):
            raise IllegalEntry(Text("data.player_leave_too_few", name=name, count=len(players), seats=cfg.seats),
                               Text("data.player_leave_too_few_hint", seats=cfg.seats))
        return name, "", players

    return _apply(cfg, ledger, "leave", plan)


def rename_player(cfg: TableConfig, ledger: Ledger, typed: str, new: str) -> Change:
    """``player rename OLD NEW``: the player goes by NEW from the next hand on; the hands
    before keep OLD, and every balance counts both names as one, under NEW."""

    def plan(cfg: TableConfig) -> Plan:
        old = _seated(cfg, typed)
        if new == old:
            raise IllegalEntry(Text("data.player_rename_same", name=old), Text("data.player_rename_same_hint"))
        check_player_name(new)
        _not_seated(cfg, new, but=old)
        players = [new if p == old else p for p in cfg.players]
        _check_names(cfg, players, "NEW")
        _check_new_name(cfg, ledger, new, person=old)
        return old, new, players

    return _apply(cfg, ledger, "rename", plan)


def change_seating(cfg: TableConfig, ledger: Ledger, action: str, names: list[str], after: str | None = None) -> Change:
    """``player add NAME [--after X]``, ``player leave NAME`` or ``player rename OLD NEW``, by
    ``action`` (the one-shot command and ``play`` alike)."""
    if action == "add":
        return add_player(cfg, ledger, names[0], after)
    if action == "leave":
        return leave_player(cfg, ledger, names[0])
    return rename_player(cfg, ledger, names[0], names[1])


def seating(cfg: TableConfig, ledger: Ledger) -> dict[str, Any]:
    """``player list``: the seating now, who left (and has not come back), the renames, and every
    change with the hand it counts from."""
    _refuse_at_tournament(cfg)
    changes = ledger.seating_changes()
    aliases = ledger.aliases()
    seated = {aliases.get(p, p) for p in cfg.players}
    left: list[str] = []
    for c in changes:
        if c.kind == "leave":
            who = aliases.get(c.name, c.name)
            if who not in seated and who not in left:
                left.append(who)
    renames = [{"from": c.name, "to": c.other, "session": c.session_id, "hand": c.hand}
               for c in changes if c.kind == "rename"]
    return {
        "players": list(cfg.players),
        "seats": cfg.seats,
        "left": left,
        "renamed": renames,
        "changes": [{"kind": c.kind, "name": c.name, **({"after": c.other} if c.kind == "add" and c.other
                     else {"to": c.other} if c.kind == "rename" else {}),
                     "session": c.session_id, "hand": c.hand, "players": c.players, "at": c.created_at}
                    for c in changes],
    }


def change_text(change: Change) -> Text:
    """What a change says when it is done."""
    when = (Text("data.from_hand", hand=change.hand, session=change.session) if change.session is not None
            else Text("data.from_next_session"))
    seat = Join(change.players)
    if change.kind == "add":
        return Text("data.player_added", name=change.name, when=when, players=seat)
    if change.kind == "leave":
        return Text("data.player_left", name=change.name, when=when, players=seat)
    return Text("data.player_renamed", name=change.name, new=change.other, when=when, players=seat)
