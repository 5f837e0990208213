"""The table file (TOML): read it and check every key (``load_table``), and the rules snapshot
a table's defaults give (``make_rules``).

``load_table(path)`` reads the file with ``tomllib`` and checks every key, type and game name
against the family's key specs; an error names the key, the file and the line, with a "did you
mean" for a misspelt key. Writing a new table file, and rewriting its players, is
``table_file.py``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import ConfigError, ScoreError
from ..files import TABLE_FILE_LIMIT, FileTooLarge, NotAFile, os_problem, read_bounded, redacted
from ..i18n import Text
from ..rules.family import Family
from ..rules.keys import KeySpec, ValueProblem
from ..rules.model import TableRules
from ..rules.names import LANGUAGES, hidden_character, is_hidden
from ..rules.registry import DEFAULT_FAMILY, FAMILIES, find_family
from ..rules.snapshot import INT_LIMIT, SnapshotError, checked_family, defaults, number_problem
from ..rules.snapshot import checked as checked_snapshot

SCHEMA = 1
TOP_KEYS = ("schema", "name", "family", "players", "seats", "deck", "currency", "language", "ledger", "kind")
SECTIONS = ("tariff", "rules")
# the sections of a tournament (``kind = "tournament"``, see tournament/settings.py)
TOURNAMENT_SECTIONS = ("tournament", "points", "prizes")
DEFAULT_FILE = "schafkopf.toml"
# What a table file may hold, checked before it is read whole: a file of a megabyte
# (``files.TABLE_FILE_LIMIT``), the table's name at most 100 characters, and at most 100 players
# at one table (a tournament's registered players are bounded by tournament/settings.py; each
# name by rules/names.py).
TABLE_NAME_LIMIT = 100
TABLE_PLAYERS_LIMIT = 100
HIDDEN_HINT = Text("data.hidden_hint")


@dataclass(frozen=True)
class TableConfig:
    """A loaded, checked table file."""

    path: Path
    name: str
    family: str
    players: tuple[str, ...]
    seats: int
    deck: str
    currency: str
    language: str
    ledger_path: Path
    tariff: dict[str, int]
    rules: dict[str, Any]
    point_value: int = 0
    # a ``postgresql://`` address in the ``ledger`` line: the ledger is in that database
    ledger_url: str = ""
    # ``table`` (one table, money) or ``tournament`` (registered players drawn to tables per
    # round, points; ``tournament`` holds its checked [tournament] and [points] settings)
    kind: str = "table"
    tournament: Any = None

    @property
    def ledger_where(self) -> str:
        """Where the ledger is, as messages name it (a database address without its password)."""
        if self.ledger_url:
            return redacted(self.ledger_url)
        return str(self.ledger_path)

    def snapshot(self) -> TableRules:
        return TableRules(
            family=self.family,
            players=self.players,
            seats=self.seats,
            deck=self.deck,
            tariff=dict(self.tariff),
            rules=dict(self.rules),
            currency=self.currency,
            language=self.language,
            point_value=self.point_value,
        )

    def family_obj(self) -> Family:
        return find_family(self.family)


def key_line(text: str, section: str, key: str) -> int | None:
    """The 1-based line where ``key`` is set in ``[section]`` ("" for the top level)."""
    current = ""
    pat = re.compile(r'^\s*["\']?' + re.escape(key) + r'["\']?\s*=')
    for i, line in enumerate(text.splitlines(), 1):
        m = re.match(r"^\s*\[\s*([^\]]+?)\s*\]", line)
        if m:
            current = m.group(1).strip().strip("\"'")
            continue
        if current == section and pat.match(line):
            return i
    return None


def _section_line(text: str, section: str) -> int | None:
    for i, line in enumerate(text.splitlines(), 1):
        if re.match(r"^\s*\[\s*" + re.escape(section) + r"\s*\]", line):
            return i
    return None


class _Checker:
    def __init__(self, path: Path, text: str) -> None:
        self.path = path
        self.text = text

    def where(self, section: str, key: str) -> Text | str:
        line = key_line(self.text, section, key) if key else _section_line(self.text, section)
        if line is None and key:  # a key written as a table of its own: ``[foo]``, ``[tariff.extra]``
            line = _section_line(self.text, f"{section}.{key}" if section else key)
        return file_line(self.path, line)

    def fail(self, section: str, key: str, message: Text, hint: Text | None = None) -> ConfigError:
        """``FILE, line N: [section] key <message>``: the frame in the catalogue, the message a
        sentence whose subject is the key."""
        full = f"[{section}] {key}" if section and key else (key or f"[{section}]")
        return ConfigError(Text("data.table_key", where=self.where(section, key), key=full, problem=message), hint)

    def unknown(self, section: str, key: str, known: list[str]) -> ConfigError:
        import difflib

        close = difflib.get_close_matches(key, known, n=1)
        hint = Text("common.did_you_mean_q", name=close[0]) if close else Text("data.known_keys", keys=known)
        return self.fail(section, key, Text("data.not_a_key"), hint)

    def check(self, section: str, spec: KeySpec, value: Any) -> Any:
        self.bound(section, spec, value)
        try:
            return spec.check(value)
        except ValueProblem as exc:
            raise self.fail(section, spec.name, exc.text) from None

    def bound(self, section: str, spec: KeySpec, value: Any) -> None:
        """Refuse a whole number beyond ``INT_LIMIT`` (or the key's own tighter limit), in a key
        or in a table of numbers such as ``laufende_min``, before it can overflow a sum later."""
        beyond = number_problem(section, spec, value)
        if beyond:
            raise self.fail(section, spec.name, *beyond)

    def snapshot_error(self, exc: SnapshotError) -> ConfigError:
        """A snapshot's refusal framed with the file and the line of its key."""
        return self.fail(exc.section, exc.key, exc.problem, exc.hint_text)


def file_line(path: Path, line: int | None) -> Text | str:
    """``FILE, line N`` (``FILE, Zeile N``), or the file alone when the line is not known."""
    return Text("data.file_line", path=str(path), line=line) if line else str(path)


def shown_plain(text: str) -> str:
    """``text`` as a terminal may show it: each invisible or control character but the line
    break and the tab written as its escape (``\\x1b``, ``\\u202e``), so that a stored text can neither
    steer the terminal nor hide or reorder what is shown."""
    if text.isprintable():
        return text
    return _HIDDEN_RUN.sub(lambda m: m.group(0) if m.group(0) in ("\n", "\t", "\r\n") or not is_hidden(m.group(0))
                           else ascii(m.group(0))[1:-1], text)


# a character that may be hidden (the C-speed test), one at a time; a line break (also as \r\n) kept
_HIDDEN_RUN = re.compile(r"\r\n|[^\w .,:;!?'\"()\[\]{}<>/\\|+\-*=#%&@€$~^`]")


def _file_language(path: Path) -> str:
    """The language a table file too large to read asks for: its ``language`` line, looked for
    in its first 16 MB a chunk at a time (never the whole file at once), else its family's, else
    English."""
    pattern = re.compile(rb'(?:^|\n)[ \t]*language[ \t]*=[ \t]*["\'](de|en)["\']')
    family = re.compile(rb'(?:^|\n)[ \t]*family[ \t]*=[ \t]*["\'](\w+)["\']')
    found_family = None
    try:
        with open(path, "rb") as fh:
            tail = b""
            for _ in range(256):
                chunk = fh.read(1 << 16)
                if not chunk:
                    break
                window = tail + chunk
                m = pattern.search(window)
                if m:
                    return m.group(1).decode()
                f = family.search(window)
                found_family = found_family or (f.group(1).decode() if f else None)
                tail = window[-64:]
    except OSError:
        pass
    return _language_of({"family": found_family}) if found_family else "en"


def shell_word(text: str) -> str:
    """``text`` as one word of a command to copy (quoted where the shell would split it)."""
    import shlex

    return shlex.quote(text)


def load_table(path: Path) -> TableConfig:
    """Read and check a table file; every problem is a ``ConfigError`` naming file and line."""

    try:
        raw = read_bounded(path, TABLE_FILE_LIMIT)
    except FileNotFoundError:
        raise ConfigError(Text("data.no_table_file", path=str(path)),
                          Text("data.no_table_file_hint", family=DEFAULT_FAMILY, path=shell_word(str(path)))) from None
    except FileTooLarge as exc:
        error = ConfigError(Text("data.table_too_large", path=str(path), size=exc.size, limit=TABLE_FILE_LIMIT),
                            Text("data.table_too_large_hint"))
        error.language = _file_language(path)
        raise error from None
    except IsADirectoryError:
        raise ConfigError(Text("data.table_is_folder", path=str(path)), Text("data.table_is_folder_hint")) from None
    except NotAFile:
        raise ConfigError(Text("data.table_not_a_file", path=str(path)), Text("data.table_is_folder_hint")) from None
    except OSError as exc:
        raise ConfigError(Text("data.table_unreadable", path=str(path), problem=os_problem(exc)),
                          Text("data.table_unreadable_hint")) from None
    try:
        text = raw.decode("utf-8-sig")  # a byte-order mark (some Windows editors write one) is skipped
    except UnicodeDecodeError:
        raise ConfigError(Text("data.table_not_utf8", path=str(path)), Text("data.table_not_utf8_hint")) from None
    try:
        data = _parsed(text, path)
    except ConfigError as exc:
        exc.language = _language_of_text(text)
        raise
    try:
        return _checked_table(path, text, data)
    except ScoreError as exc:
        exc.language = exc.language or _language_of(data)
        raise


# what tomllib says is wrong (its English, without the place) -> the catalogue's words
_TOML_PROBLEMS = (
    ("Invalid value", "data.toml_invalid_value"),
    ("Invalid statement", "data.toml_invalid_statement"),
    ("Expected '=' after a key", "data.toml_expected_equals"),
    ("Invalid initial character for a key", "data.toml_bad_key"),
    ("Found invalid character", "data.toml_bad_character"),
    ("Illegal character", "data.toml_bad_character"),
    ("Unterminated string", "data.toml_unterminated_string"),
    ("Unclosed array", "data.toml_unclosed"),
    ("Unclosed inline table", "data.toml_unclosed"),
    ("Expected ']", "data.toml_unclosed"),
    ("Cannot declare", "data.toml_twice"),
    ("Cannot overwrite", "data.toml_twice"),
    ("Duplicate inline table key", "data.toml_twice"),
    ("Cannot redefine", "data.toml_twice"),
    ("Cannot mutate", "data.toml_twice"),
    ("Invalid date", "data.toml_bad_date"),
)


def toml_problem(exc: Exception) -> Text:
    """tomllib's complaint in the reader's language, where it is (line and column) kept:
    ``Invalid value (at line 46, column 5)`` -> ``ungültiger Wert (Zeile 46, Spalte 5)``."""
    message = str(exc)
    at = re.search(r"\(at line (\d+), column (\d+)\)\s*$", message)
    what = next((key for start, key in _TOML_PROBLEMS if message.startswith(start)), "data.toml_syntax")
    if at:
        return Text("data.toml_at", what=Text(what), line=at.group(1), column=at.group(2))
    if re.search(r"\(at end of document\)\s*$", message):
        return Text("data.toml_at_end", what=Text(what))
    return Text(what)


def _parsed(text: str, path: Path) -> dict[str, Any]:
    import tomllib

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(Text("data.table_not_toml", path=str(path), problem=toml_problem(exc)),
                          Text("data.table_not_toml_hint")) from None
    except ValueError:  # a number of thousands of digits: Python refuses to read it
        line = next((i for i, s in enumerate(text.splitlines(), 1) if re.search(r"[0-9_]{1000,}", s)), None)
        raise ConfigError(Text("data.table_number_too_long", where=file_line(path, line)),
                          Text("data.table_number_too_long_hint", limit=INT_LIMIT)) from None
    except RecursionError:
        raise ConfigError(Text("data.table_too_deep", path=str(path)), Text("data.table_too_deep_hint", example="{ game = N }")) from None


def _language_of_text(text: str) -> str:
    """The language of a table file that cannot be read as TOML, from its ``language`` (or
    ``family``) line where one can be found."""
    found = re.search(r'^\s*language\s*=\s*["\'](de|en)["\']', text, re.M)
    if found:
        return found.group(1)
    family = re.search(r'^\s*family\s*=\s*["\'](\w+)["\']', text, re.M)
    return _language_of({"family": family.group(1)}) if family else "en"


def _language_of(data: Mapping[str, Any]) -> str:
    """The language a table file asks for, as far as it can be told (for its error messages)."""
    lang = data.get("language")
    if lang in LANGUAGES:
        return str(lang)
    try:
        return find_family(str(data.get("family", ""))).default_language
    except ScoreError:
        return "en"


def peek_language(option: str | None) -> str:
    """The language of the table a command line names, read as far as the file can be read;
    English when there is no readable table (an empty ``--table``, refused, is told in the language of the
    table it would have fallen back to)."""
    import tomllib

    try:
        text = read_bounded(find_table_path(option or None), TABLE_FILE_LIMIT).decode("utf-8-sig")
    except FileTooLarge as exc:
        return _file_language(exc.path)
    except (OSError, ValueError):
        return "en"
    try:
        return _language_of(tomllib.loads(text))
    except (ValueError, RecursionError):
        return _language_of_text(text)


def _checked_table(path: Path, text: str, data: dict[str, Any]) -> TableConfig:
    c = _Checker(path, text)

    for key in data:
        if key not in TOP_KEYS and key not in SECTIONS and key not in TOURNAMENT_SECTIONS and key != "point_value":
            raise c.unknown("", key, list(TOP_KEYS) + list(SECTIONS) + ["point_value"])
    schema = data.get("schema", SCHEMA)
    if schema != SCHEMA:
        raise c.fail("", "schema", Text("data.schema_is", schema=repr(schema), expected=SCHEMA),
                     Text("data.schema_hint"))
    if "family" not in data:
        first, *others = list(FAMILIES)
        raise ConfigError(Text("data.family_missing", path=str(path)),
                          Text("data.family_missing_hint", first=first, others=others))
    try:
        family = checked_family(data["family"])
    except SnapshotError as exc:
        raise c.snapshot_error(exc) from None

    kind = c.check("", KeySpec("kind", "table", kind="choice", choices=("table", "tournament")),
                   data.get("kind", "table"))
    tournament = None
    players: Any
    if kind == "tournament":  # registered players, [points] as the tariff (tournament/settings.py)
        from .tournament import checked_tournament

        players, points, tournament = checked_tournament(c, path, data, family)
        data = {**data, "tariff": points}
        # [points] kontra: how many doublings (Kontra, Re) the engine allows
        if tournament.kontra and isinstance(data.get("rules", {}), dict):
            data["rules"] = {**data.get("rules", {}), "kontra": tournament.kontra}
    else:
        for section in TOURNAMENT_SECTIONS:
            if section in data:
                raise c.fail("", section, Text("tournament.section_needs_kind", section=section),
                             Text("tournament.section_needs_kind_hint"))
        players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise c.fail("", "players", Text("data.players_list"))
    if kind == "table":  # counted before each name is looked at
        given_seats = data.get("seats")
        seats_now = given_seats if isinstance(given_seats, int) and given_seats in family.seat_range \
            else min(family.default_seats, len(players))
        most = TABLE_PLAYERS_LIMIT if family.waiting is None else min(TABLE_PLAYERS_LIMIT, seats_now + family.waiting)
        if len(players) > most:
            raise c.fail("", "players", Text("data.too_many_players", count=len(players), most=most, seats=seats_now),
                         Text("data.too_many_players_hint"))
    # the snapshot the file says, each key it leaves out at its default, checked as every
    # snapshot is (rules/snapshot.py); a refusal names the key's line in the file
    seats = data.get("seats", 4 if kind == "tournament" else min(family.default_seats, len(players)))
    seats_now = seats if type(seats) is int and seats in family.seat_range else family.default_seats
    if "point_value" in data and family.unit != "point":
        raise c.fail("", "point_value", Text("data.point_value_only", family=family.title_text()),
                     Text("data.remove_key"))
    given = {section: data.get(section, {}) for section in SECTIONS}
    tariff, house = defaults(family, seats_now, tariff=given["tariff"] if isinstance(given["tariff"], dict) else None,
                             rules=given["rules"] if isinstance(given["rules"], dict) else None)
    snapshot = {
        "family": family.name, "players": players, "seats": seats,
        "deck": data.get("deck", family.default_deck(seats_now)),
        "currency": data.get("currency", family.default_currency),
        "language": data.get("language", family.default_language),
        "point_value": data.get("point_value", 25 if family.unit == "point" else 0),
        "tariff": tariff if isinstance(given["tariff"], dict) else given["tariff"],
        "rules": house if isinstance(given["rules"], dict) else given["rules"],
    }
    top_specs = {"seats": KeySpec("seats", family.default_seats, kind="int", minimum=min(family.seat_range),
                                  maximum=max(family.seat_range)),
                 "deck": KeySpec("deck", None, kind="choice", choices=family.decks),
                 "currency": KeySpec("currency", family.default_currency, kind="str"),
                 "language": KeySpec("language", "de", kind="choice", choices=LANGUAGES),
                 "point_value": KeySpec("point_value", 0)}
    specs = {"": top_specs, "tariff": {s.name: s for s in family.tariff_specs},
             "rules": {s.name: s for s in family.rule_specs}}

    def bounded(section: str, key: str, value: Any) -> None:
        """A number beyond what any table needs is refused as such (the file's words for it)."""
        spec = specs[section].get(key)
        if spec is not None:
            c.bound(section, spec, value)

    try:
        snap = checked_snapshot(snapshot)
    except SnapshotError as exc:
        bounded(exc.section, exc.key, exc.value)
        raise c.snapshot_error(exc) from None
    for key in top_specs:
        bounded("", key, snapshot[key])
    for section in SECTIONS:
        for key, value in given[section].items():
            bounded(section, key, value)
    seats = snap.seats
    if len(players) < seats:
        raise c.fail("", "players", Text("data.too_few_players", count=len(players), seats=seats),
                     Text("data.too_few_players_hint", seats=seats, count=len(players)))
    if kind == "tournament" and seats != 4:
        raise c.fail("", "seats", Text("tournament.seats_four", seats=seats), Text("tournament.seats_four_hint"))
    if kind == "table" and family.waiting is not None and len(players) > seats + family.waiting:
        raise c.fail("", "players", Text("data.too_many_players", count=len(players),
                                         most=seats + family.waiting, seats=seats),
                     Text("data.too_many_players_hint"))
    name = c.check("", KeySpec("name", "", kind="str"), data.get("name", path.stem))
    if len(name) > TABLE_NAME_LIMIT:
        raise c.fail("", "name", Text("data.name_too_long", length=len(name), limit=TABLE_NAME_LIMIT),
                     Text("data.name_too_long_hint", limit=TABLE_NAME_LIMIT))
    hidden = hidden_character(name)
    if hidden:
        raise c.fail("", "name", Text("data.name_hidden", name=repr(name), what=hidden[1], pos=hidden[0]),
                     HIDDEN_HINT)
    ledger_raw = c.check("", KeySpec("ledger", "", kind="str"), data.get("ledger", ""))
    hidden = hidden_character(ledger_raw)
    if hidden:  # (a NUL is no character of any path; the others would hide what is shown)
        raise c.fail("", "ledger", Text("data.name_hidden", name=repr(redacted(ledger_raw)), what=hidden[1],
                                        pos=hidden[0]), HIDDEN_HINT)
    scheme, _, rest = ledger_raw.partition("://")
    # libpq takes the scheme in small letters only
    ledger_url = f"{scheme.lower()}://{rest}" if scheme.lower() in ("postgresql", "postgres") and rest else ""
    if not ledger_url and (re.match(r"[A-Za-z][A-Za-z0-9+.-]*://", ledger_raw)
                           or re.search(r"\b(host|hostaddr|dbname|user|port|password)\s*=", ledger_raw)):
        raise c.fail("", "ledger", Text("data.ledger_not_a_path", value=redacted(ledger_raw, ledger_raw)),
                     Text("data.ledger_not_a_path_hint"))
    ledger_path = (path.parent / ledger_raw) if ledger_raw and not ledger_url else path.with_suffix(".sqlite")

    cfg = TableConfig(
        path=path, name=name, family=snap.family, players=snap.players, seats=seats, deck=snap.deck,
        currency=snap.currency, language=snap.language, ledger_path=ledger_path, tariff=dict(snap.tariff),
        rules=dict(snap.rules), point_value=snap.point_value, ledger_url=ledger_url, kind=kind, tournament=tournament,
    )
    for section, key, message in family.check_table(snap):
        raise c.fail(section, key, message)
    if kind == "tournament" and "stock" in str(cfg.rules.get("all_pass")):
        raise c.fail("rules", "all_pass", Text("tournament.no_stock"), Text("tournament.no_stock_hint"))
    return cfg


def find_table_path(option: str | None) -> Path:
    """``--table``, else ``SCHAFKOPF_TABLE``, else ``schafkopf.toml`` here. An empty ``--table``
    (``--table "$T"`` with T not set) is refused: it names no table, and the one here is not it."""
    if option == "":
        raise ConfigError(Text("data.table_option_empty"), Text("data.table_option_empty_hint"))
    if option:
        return Path(option)
    env = os.environ.get("SCHAFKOPF_TABLE")
    return Path(env) if env else Path(DEFAULT_FILE)


def make_rules(
    family: str,
    players: list[str] | tuple[str, ...],
    *,
    seats: int | None = None,
    deck: str | None = None,
    tariff: dict[str, int] | None = None,
    rules: dict[str, Any] | None = None,
    preset: str = "official",
    language: str | None = None,
    currency: str | None = None,
    point_value: int | None = None,
) -> TableRules:
    """A rules snapshot with the family's defaults (and a preset), for scripts and tests.

    >>> make_rules("bavarian", ["A", "B", "C", "D"]).tariff["solo"]
    50
    """
    fam = find_family(family)
    seats = seats or min(fam.default_seats, len(players))
    given = {}
    for key, value in (rules or {}).items():
        spec = next((s for s in fam.rule_specs if s.name == key), None)
        if spec is None:
            raise ValueError(f"unknown rule {key!r}")
        given[key] = spec.check(value)
    tar, rul = defaults(fam, seats, preset=preset, tariff=tariff, rules=given)
    return TableRules(
        family=fam.name, players=tuple(players), seats=seats, deck=deck or fam.default_deck(seats),
        tariff=tar, rules=rul, currency=fam.default_currency if currency is None else currency, language=language or fam.default_language,
        point_value=(25 if fam.unit == "point" else 0) if point_value is None else point_value,
    )
