"""Golden evenings: whole evenings in the game's own words (``tests/golden/evenings/*.txt``).

Each case is written the way a Stammtisch writes it down (beancount's plugin tests keep the
ledger in the docstring, pokerkit replays a televised hand as a doctest): the table file's keys
that differ from the defaults (the house rule the case is about), the lines the table types into
``schafkopf play``, one hand a line with its value worked out by hand in a comment above it, and
what the block (``schafkopf sheet`` at 100 columns) and ``settle --json`` must show. The format
and how to add a case: docs/development.md, "Golden evenings".

Per case two tests:
- ``test_the_hand_computations_add_up``: the file alone: every hand has its computation
  (``# => Anna +80, Ben +80, ...``), and the computations add up to the balances the case
  expects (so the expected balances are the hands' sum, not a number copied from somewhere);
- ``test_the_evening_plays_as_written``: the lines go to a real ``python -m schafkopf_score
  --table T play`` (piped); every refusal the case expects (``! Fehler: ...``) and no other,
  every hand's payouts as computed by hand (``sheet --all --json``), then each expected block
  (``sheet``, ``settle --json``, ``standings``, ...) compared exactly.

A mismatch is never written back into a case. ``GOLDEN_SHOW=1`` (with ``pytest -s``) prints what
the program gives, in the case's format, for a person to check against the rules and the case's
computations; the test passes or fails all the same. A case the program gets wrong says
``# xfail: REASON`` in its header and is expected to fail (strictly: it fails the run once the
program is put right, so that the mark comes off).
"""

from __future__ import annotations

import difflib
import json
import os
import re
import shlex
import subprocess
import sys
import tomllib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from schafkopf_score.cli.app import app
from tests.conftest import CliRunner

ROOT = Path(__file__).parents[2]
CASES = sorted((ROOT / "tests" / "golden" / "evenings").glob("*.txt"))
WIDTH = "100"
# play's words for a command (any other line is a hand); their English and German forms
UNDO = ("undo", "zurück", "zurueck")
VOID = ("void", "streichen")
EDIT = ("edit", "ändern", "aendern")
SETTLE = ("settle", "abrechnung")
DRAW = ("draw", "losen")
OTHER = ("sheet", "block", "stand", "standings", "player", "spieler", "help", "hilfe", "?")
CLOSE = ("close", "--close", "schließen", "schliessen", "abschließen", "abschliessen")
UNITS = {"bavarian": "balances", "wendish": "balances", "sheepshead": "points", "deutscher": "strokes"}
RESULT = re.compile(r"#\s*=>\s*(?:(\d+):\s*)?(.*)$")
AMOUNT = re.compile(r"(\S+)\s+([+-]?\d+)$")


class CaseError(Exception):
    """A case file that does not say what it must (a section missing, a hand without its
    computation, a line that cannot be read): names the file and the line."""


@dataclass
class Hand:
    """A hand as the case expects it: its line, its computation, whether it is struck."""

    line: str
    number: int
    result: dict[str, int] | None = None
    void: bool = False


@dataclass
class Evening:
    hands: dict[int, Hand] = field(default_factory=dict)
    closing: dict[str, int] | None = None  # what the close books (a Stock returned, a penalty)
    closed: bool = False


@dataclass
class Case:
    path: Path
    table: str  # the table file as written
    lines: list[str]  # what is typed into play, in order
    refusals: list[tuple[int, str]]  # (line number fed to play, the expected "Fehler: ..." line)
    evenings: list[Evening]
    blocks: list[tuple[list[str], str]]  # (the command's words, what it must print)
    xfail: str | None
    family: str

    @property
    def name(self) -> str:
        return self.path.stem


def _result(text: str, where: str) -> dict[str, int]:
    """``Anna +80, Ben +80, Cora -160, Stock +40`` (``0``: nobody pays)."""
    text = text.strip()
    if text in ("0", "-"):
        return {}
    out: dict[str, int] = {}
    for part in text.split(","):
        m = AMOUNT.fullmatch(part.strip())
        if not m:
            raise CaseError(f"{where}: cannot read {part.strip()!r} of a hand computation (NAME +N, ...)")
        out[m.group(1)] = out.get(m.group(1), 0) + int(m.group(2))
    return {k: v for k, v in out.items() if v}


def parse(path: Path) -> Case:
    """Read a case file: the table (TOML) up to ``--- play``, then the sections."""
    text = path.read_text(encoding="utf-8")
    sections: list[tuple[str, int, list[str]]] = [("table", 1, [])]
    for number, raw in enumerate(text.splitlines(), 1):
        if raw.startswith("--- "):
            sections.append((raw[4:].strip(), number, []))
        else:
            sections[-1][2].append(raw)
    table = "\n".join(sections[0][2]) + "\n"
    heads = [s[0] for s in sections]
    if len(heads) < 3 or heads[1] != "play":
        raise CaseError(f"{path.name}: the table, then '--- play', then at least one block ('--- sheet', ...)")
    family = re.search(r'^family\s*=\s*"(\w+)"', table, re.M)
    if not family:
        raise CaseError(f"{path.name}: the table names no family")
    xfail = re.search(r"^# xfail: (.+)$", table, re.M)
    case = Case(path, table, [], [], [Evening()], [], xfail.group(1) if xfail else None, family.group(1))
    _play(case, sections[1][1], sections[1][2])
    for head, _line, body in sections[2:]:
        while body and not body[-1].strip():
            body.pop()
        case.blocks.append((shlex.split(head), "\n".join(body)))
    return case


def _play(case: Case, first: int, body: list[str]) -> None:
    """The typed lines, their computations and expected refusals, hand by hand."""
    pending: dict[str, int] | None = None
    evening = case.evenings[-1]
    last: tuple[Any, ...] = ("other",)  # what the line before did, undone by a refusal below it
    for offset, raw in enumerate(body, 1):
        where = f"{case.path.name}:{first + offset}"
        line = raw.strip()
        if not line:
            continue
        m = RESULT.match(line)
        if m and m.group(1):  # "# => 3: ...": hand 3 as a correction before it prices it now
            if int(m.group(1)) not in evening.hands:
                raise CaseError(f"{where}: there is no hand {m.group(1)} to price again")
            evening.hands[int(m.group(1))].result = _result(m.group(2), where)
            continue
        if m:
            if pending is not None:
                raise CaseError(f"{where}: two computations for one line")
            pending = _result(m.group(2), where)
            continue
        if line.startswith("#"):
            continue
        if line.startswith("!"):
            if not case.lines:
                raise CaseError(f"{where}: a refusal before any line")
            case.refusals.append((len(case.lines), line[1:].strip()))
            _unrecord(case, evening, last)
            continue
        case.lines.append(line)
        words = line.split()
        word = words[0].casefold()
        if word in UNDO:
            valid = [h for h in evening.hands.values() if not h.void]
            valid[-1].void = True
            last = ("undo", valid[-1])
        elif word in VOID:
            evening.hands[int(words[1])].void = True
            last = ("void", evening.hands[int(words[1])])
        elif word in EDIT:
            hand = evening.hands[int(words[1])]
            last = ("edit", hand, hand.result)
            hand.result = pending
        elif word in SETTLE:
            last = ("other",)
            if any(w.casefold() in CLOSE for w in words[1:]):
                evening.closing = pending or {}
                evening.closed = True
                evening = Evening()
                case.evenings.append(evening)
                last = ("close",)
            elif pending is not None:
                raise CaseError(f"{where}: a computation above a line that books nothing")
        elif word in DRAW or word in OTHER:
            last = ("other",)
            if pending is not None:
                raise CaseError(f"{where}: a computation above a line that books nothing")
        else:
            number = len(evening.hands) + 1
            evening.hands[number] = Hand(line, number, pending)
            last = ("hand", evening.hands[number])
        pending = None
    if pending is not None:
        raise CaseError(f"{case.path.name}: a computation after the last line")
    for number, evening in enumerate(case.evenings, 1):
        for hand in evening.hands.values():
            if hand.result is None and not hand.void:
                raise CaseError(f"{case.path.name}: hand {hand.number} of evening {number} ({hand.line!r}) has no "
                                f"computation ('# => ...' above its line, or above the edit that changes it)")
    if not case.evenings[-1].hands and case.evenings[-1].closing is None and len(case.evenings) > 1:
        case.evenings.pop()  # the close was the last line: no evening after it


def _unrecord(case: Case, evening: Evening, last: tuple[Any, ...]) -> None:
    """The line before a ``!`` is refused: it recorded nothing."""
    if last[0] == "hand":
        del evening.hands[last[1].number]
    elif last[0] in ("undo", "void"):
        last[1].void = False
    elif last[0] == "edit":
        last[1].result = last[2]
    elif last[0] == "close":
        raise CaseError(f"{case.path.name}: a refused close is not supported")


def _session_of(words: list[str], case: Case) -> int:
    if "--session" in words:
        return int(words[words.index("--session") + 1])
    return len(case.evenings)


def _settle_expected(body: str, where: str) -> dict[str, Any]:
    """``balances  Anna -10  Ben +10``, ``stock  0``, ``transfer  Anna -> Ben 10`` (each
    transfer a line, ``transfers  none`` for none) or ``KEY  <JSON>``."""
    out: dict[str, Any] = {}
    for raw in body.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, _, rest = line.partition(" ")
        rest = rest.strip()
        if key == "transfer":
            m = re.fullmatch(r"(\S+)\s*->\s*(\S+)\s+(\d+)", rest)
            if not m:
                raise CaseError(f"{where}: a transfer is 'transfer A -> B CENTS': {line!r}")
            out.setdefault("transfers", []).append({"from": m.group(1), "to": m.group(2), "amount": int(m.group(3))})
        elif key == "transfers" and rest == "none":
            out["transfers"] = []
        else:
            tokens = rest.split()
            if len(tokens) > 1 and len(tokens) % 2 == 0 and all(re.fullmatch(r"[+-]?\d+", t) for t in tokens[1::2]):
                out[key] = {tokens[i]: int(tokens[i + 1]) for i in range(0, len(tokens), 2)}
            else:
                try:
                    out[key] = json.loads(rest)
                except json.JSONDecodeError as exc:
                    raise CaseError(f"{where}: cannot read {line!r}: {exc}") from None
    return out


def _sums(evening: Evening) -> tuple[dict[str, int], int]:
    """The players' totals and the Stock's by the hand computations (and the closing's)."""
    total: dict[str, int] = {}
    results = [h.result or {} for h in evening.hands.values() if not h.void] + [evening.closing or {}]
    for result in results:
        for name, amount in result.items():
            total[name] = total.get(name, 0) + amount
    stock = total.pop("Stock", 0)
    return {k: v for k, v in total.items() if v}, stock


# -- the file alone ---------------------------------------------------------------------------------

@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_the_hand_computations_add_up(path):
    """Every expected settlement is the sum of the case's hand computations (a player left out
    of the settlement is at 0), and a case has what it needs."""
    case = parse(path)
    assert case.lines, f"{case.name}: no lines to play"
    assert any(words[:1] == ["sheet"] for words, _ in case.blocks), f"{case.name}: no expected sheet"
    assert any("--json" in words and words[:1] == ["settle"] for words, _ in case.blocks), \
        f"{case.name}: no expected settle --json"
    for words, body in case.blocks:
        if words[:1] != ["settle"] or "--json" not in words:
            continue
        expected = _settle_expected(body, f"{case.name}: {' '.join(words)}")
        session = _session_of(words, case)
        totals, _ = _sums(case.evenings[session - 1])
        # the Stock runs on from evening to evening (a carried Stock opens the next one)
        stock = sum(_sums(evening)[1] for evening in case.evenings[:session])
        key = UNITS[case.family]
        assert key in expected, f"{case.name}: '{' '.join(words)}' must give the {key}"
        written = {k: v for k, v in expected[key].items() if v}
        assert written == totals, (
            f"{case.name}, evening {session}: the hand computations add up to {totals}, the case "
            f"expects {key} {written}")
        if key == "balances" and "stock" in expected and not case.evenings[session - 1].closed:
            assert expected["stock"] == stock, (
                f"{case.name}, evening {session}: the Stock by the hand computations is {stock}, "
                f"the case expects {expected['stock']}")
        table = tomllib.loads(case.table)
        if key == "points" and "balances" in expected:  # points to money at settling (RULES §5)
            value = table.get("point_value", 25) or 1
            assert expected["balances"] == {k: v * value for k, v in expected["points"].items()}, (
                f"{case.name}: the balances are not the points x {value}")
        if key == "strokes" and "heads" in expected:  # only completed heads count (RULES §4)
            per_head = table.get("rules", {}).get("strokes_per_head", 9)
            assert expected["heads"] == {k: v // per_head for k, v in expected["strokes"].items()}, (
                f"{case.name}: the heads are not the strokes // {per_head}")


# -- through play -----------------------------------------------------------------------------------

def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("SCHAFKOPF_TABLE", "NO_COLOR")}
    return {**env, "PYTHONPATH": str(ROOT), "COLUMNS": WIDTH, "SCHAFKOPF_TABLE": ""}


def _play_lines(case: Case, folder: Path) -> tuple[Path, subprocess.CompletedProcess[str]]:
    folder.mkdir(parents=True, exist_ok=True)
    table = folder / "tisch.toml"
    table.write_text(case.table, encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "schafkopf_score", "--table", str(table), "play"],
                         input="".join(line + "\n" for line in case.lines), capture_output=True, text=True,
                         env=_env(), cwd=folder, timeout=120)
    return table, run


@pytest.fixture(scope="module")
def played(request, tmp_path_factory):
    """Every selected case's lines through ``play``, a few at a time (each its own process and
    table), so the cases together stay quick on a small machine."""
    wanted = {item.callspec.params["path"] for item in request.session.items
              if getattr(item, "module", None) is sys.modules[__name__]
              and getattr(item, "originalname", None) == "test_the_evening_plays_as_written"}
    root = tmp_path_factory.mktemp("golden-evenings")
    cases = []
    for p in CASES:
        try:
            if p in wanted:
                cases.append(parse(p))
        except CaseError:  # the case's own test says what is wrong with it
            pass
    with ThreadPoolExecutor(max_workers=max(2, min(4, os.cpu_count() or 2))) as pool:
        runs = list(pool.map(lambda c: _play_lines(c, root / c.name), cases))
    return {c.path: run for c, run in zip(cases, runs, strict=True)}


def _refusals(stderr: str) -> list[tuple[int, str]]:
    """``Zeile 3: ...`` / ``Line 3: ...`` and the ``Fehler:``/``Error:`` line after it."""
    lines = stderr.splitlines()
    out = []
    for i, line in enumerate(lines):
        m = re.match(r"(?:Zeile|Line) (\d+): ", line)
        if m and i + 1 < len(lines):
            out.append((int(m.group(1)), lines[i + 1]))
    return out


def _show(case: Case, hands: list[dict[str, Any]], blocks: list[tuple[list[str], str]]) -> str:
    """What the program gives, in the case's format (``GOLDEN_SHOW=1``): to read, never to paste
    unchecked."""
    out = [f"=== {case.name}: what the program gives"]
    for h in hands:
        pay = {k: v for k, v in h.get("payouts", {}).items() if v}
        if h.get("stock"):
            pay["Stock"] = h["stock"]
        shown = ", ".join(f"{k} {v:+d}" for k, v in pay.items()) or "0"
        out.append(f"# evening {h['_session']} hand {h['hand']}: {'struck' if h['void'] else '=> ' + shown}"
                   f"   ({h.get('explanation', '')})")
    for words, text in blocks:
        out += [f"--- {' '.join(words)}", text]
    return "\n".join(out)


def _actual_settle(data: dict[str, Any], wanted: dict[str, Any]) -> dict[str, Any]:
    return {k: data.get(k, "(missing)") for k in wanted}


def _settle_lines(data: dict[str, Any]) -> str:
    lines = []
    for key, value in data.items():
        if key == "transfers":
            lines += [f"transfer  {t['from']} -> {t['to']} {t['amount']}" for t in value] or ["transfers  none"]
        elif isinstance(value, dict) and all(isinstance(v, int) for v in value.values()) and value:
            lines.append(f"{key}  " + "  ".join(f"{k} {v:+d}" if v else f"{k} 0" for k, v in value.items()))
        else:
            lines.append(f"{key}  {json.dumps(value, ensure_ascii=False)}")
    return "\n".join(lines)


def _params():
    out = []
    for p in CASES:
        try:
            reason = parse(p).xfail
        except CaseError:
            reason = None
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        out.append(pytest.param(p, id=p.stem, marks=marks))
    return out


@pytest.mark.parametrize("path", _params())
def test_the_evening_plays_as_written(path, played):
    case = parse(path)
    table, run = played[path]
    runner = CliRunner()

    def cli(*words: str):
        return runner.invoke(app, ["--table", str(table), *words], env={"COLUMNS": WIDTH, "SCHAFKOPF_TABLE": ""})

    problems: list[str] = []
    # the refusals: exactly those the case expects, in its words
    got = _refusals(run.stderr)
    if got != case.refusals:
        problems.append(f"refusals: the case expects {case.refusals}, play gave {got}\n{run.stderr}")
    if run.returncode != (2 if case.refusals else 0) or "Traceback" in run.stderr:
        problems.append(f"play exited {run.returncode}\n{run.stderr}")
    # every hand as computed by hand
    sheet = cli("sheet", "--all", "--json")
    sessions = json.loads(sheet.stdout)["sessions"] if sheet.exit_code == 0 else []
    if sheet.exit_code != 0:
        problems.append(f"'sheet --all --json' exited {sheet.exit_code}: {sheet.stdout}{sheet.stderr}")
    hands: list[dict[str, Any]] = []
    for number, (session, evening) in enumerate(zip(sessions, case.evenings, strict=False), 1):
        current: dict[int, dict[str, Any]] = {}  # an edited hand: its replacement, not the row it replaced
        for h in session["hands"]:
            if h["game"] != "draw" and (h["hand"] not in current or not h["void"]):
                current[h["hand"]] = dict(h, _session=number)
        recorded = list(current.values())
        hands += recorded
        if sorted(h["hand"] for h in recorded) != sorted(evening.hands):
            problems.append(f"evening {number}: the case has hands {sorted(evening.hands)}, the ledger "
                            f"{sorted(h['hand'] for h in recorded)}")
        for h in recorded:
            mine = evening.hands.get(h["hand"])
            if mine is None:
                continue
            if h["void"] != mine.void:
                problems.append(f"evening {number} hand {h['hand']} ({mine.line}): "
                                f"{'struck' if h['void'] else 'valid'} in the ledger, not in the case")
                continue
            if mine.void:
                continue
            theirs = {k: v for k, v in h["payouts"].items() if v}
            if h.get("stock"):
                theirs["Stock"] = h["stock"]
            if theirs != mine.result:
                problems.append(f"evening {number} hand {h['hand']} ({mine.line}): by hand {mine.result}, "
                                f"the program {theirs} ({h.get('explanation')})")
    if len(sessions) != len(case.evenings):
        problems.append(f"the case has {len(case.evenings)} evening(s), the ledger {len(sessions)}")
    # the blocks, exactly
    shown: list[tuple[list[str], str]] = []
    for words, body in case.blocks:
        r = cli(*words)
        if r.exit_code != 0:
            problems.append(f"'{' '.join(words)}' exited {r.exit_code}: {r.stdout}{r.stderr}")
            continue
        if "--json" in words:
            wanted = _settle_expected(body, f"{case.name}: {' '.join(words)}")
            actual = _actual_settle(json.loads(r.stdout), wanted)
            shown.append((words, _settle_lines(json.loads(r.stdout))))
            if actual != wanted:
                problems.append(f"'{' '.join(words)}':\n" + "\n".join(difflib.unified_diff(
                    _settle_lines(wanted).splitlines(), _settle_lines(actual).splitlines(),
                    "the case", "the program", lineterm="")))
        else:
            text = "\n".join(line.rstrip() for line in r.stdout.rstrip("\n").splitlines())
            shown.append((words, text))
            expected = "\n".join(line.rstrip() for line in body.splitlines())
            if text != expected:
                problems.append(f"'{' '.join(words)}':\n" + "\n".join(difflib.unified_diff(
                    expected.splitlines(), text.splitlines(), "the case", "the program", lineterm="")))
    if os.environ.get("GOLDEN_SHOW"):
        print(_show(case, hands, shown))
    assert not problems, f"golden evening {case.name} ({path.relative_to(ROOT)}):\n" + "\n\n".join(problems)
