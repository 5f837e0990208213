"""Hostile names and comments in the exports: no CSV cell a spreadsheet would run as a formula,
whichever separator it splits on; no HTML, forged rows or broken tables in the Markdown."""

import csv
import io
import json
import re

import pytest

from schafkopf_score.export.spreadsheet import to_csv

SEP = {"csv": ",", "csv-de": ";"}
OTHER = {",": ";", ";": ","}
NUMBER = re.compile(r"-?\d+(?:[.,]\d+)?")
FORMULA = ("=", "+", "-", "@")

# four players whose names carry formulas behind both separators and quotes (a name holds no
# line break: the table file refuses control characters; comments carry the line breaks, as an
# older program stored them: an entry refuses them today)
NAMES = ["=cmd|' /C calc'!A0", "Sepp;=1+1", 'Vroni,@SUM(1) "x"', "Zoë,-2+3;+Emil"]
COMMENTS = [
    "Runde;=cmd|' /C calc'!A0",
    "Runde,=1+1",
    "-2+3",
    'a\r\n@x;  "=HYPERLINK(1)",\t+1',
    "\tnach dem Tab",
]
# round-trips unchanged: separators, quotes and line breaks, but no formula start anywhere
PLAIN_NAME = 'Ei;ne, "Sepp" zwei'
PLAIN_COMMENT = 'Runde 1; "gut", sagt er\r\nund geht\rweiter'


def export(t, fmt: str) -> str:
    """The export as written (click's ``Result.stdout`` would turn every CR LF into LF)."""
    return t.ok("export", "--format", fmt).stdout_bytes.decode("utf-8")


def rows(text: str, sep: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""), delimiter=sep))


def assert_no_formula(text: str, sep: str) -> None:
    for row in rows(text, sep):
        for cell in row:
            assert not cell.startswith(("\t", "\r")), (sep, cell)
            bare = re.sub(r'^[\s"]+', "", cell)
            assert not bare.startswith(FORMULA) or NUMBER.fullmatch(bare), (sep, cell)


def stored_comment(t, hand: int, comment: str) -> None:
    """A comment with line breaks or tabs, which an entry refuses today (control characters):
    put into the ledger behind the program's back, as an older program may have stored it."""
    from tests.conftest import tamper_sqlite

    tamper_sqlite(t.ledger_path, "UPDATE games SET entry = json_set(entry, '$.comment', ?) WHERE hand = ?",
                  comment, hand)


def hostile_evening(make_table):
    t = make_table(players=NAMES)
    t.ok("add", "wenz", "--player", "Sepp", "--augen", "70", "--comment", COMMENTS[0])
    t.ok("add", "sauspiel", "--player", "=", "--partner", "Zo", "--augen", "95", "--comment", COMMENTS[1])
    t.ok("add", "solo", "--player", "Vroni", "--suit", "herz", "--augen", "40", "--comment", COMMENTS[2])
    t.ok("add", "wenz", "--player", "Zo", "--augen", "80", "--comment", "later")
    t.ok("add", "wenz", "--player", "=", "--augen", "20", "--comment", "later")
    stored_comment(t, 4, COMMENTS[3])
    stored_comment(t, 5, COMMENTS[4])
    t.ok("void", "1")
    return t


@pytest.mark.parametrize("fmt", ["csv", "csv-de"])
def test_no_cell_is_a_formula_with_either_separator(make_table, fmt):
    text = export(hostile_evening(make_table), fmt)
    sep = SEP[fmt]
    assert_no_formula(text, sep)
    assert_no_formula(text, OTHER[sep])  # German Excel opening the comma file, or the reverse
    table = rows(text, sep)
    assert len(table) == 1 + 5 and {len(r) for r in table} == {8 + 4 + 2}


@pytest.mark.parametrize("fmt", ["csv", "csv-de"])
def test_amounts_and_hands_stay_plain_numbers(make_table, fmt):
    text = export(hostile_evening(make_table), fmt)
    table = rows(text, SEP[fmt])
    header, hands = table[0], table[1:]
    assert header[8:12] == ["'" + NAMES[0], "Sepp;'=1+1", "Vroni,'@SUM(1) \"x\"", "Zoë,'-2+3;'+Emil"]
    assert [h[1] for h in hands] == ["1", "2", "3", "4", "5"]
    assert hands[0][7] == ("gestrichen" if fmt == "csv-de" else "void") and hands[0][8:13] == [""] * 5
    for h in hands[1:]:
        amounts = h[8:13]
        assert all(NUMBER.fullmatch(a) for a in amounts), amounts
        assert "'" not in "".join(amounts)
        cents = [int(a.replace(",", "").replace(".", "")) for a in amounts]
        assert sum(cents) == 0  # the players' amounts and the Stock sum to zero
    assert any(a.startswith("-") for h in hands[1:] for a in h[8:12])  # a loss is a negative number
    comments = [h[-1] for h in hands]
    assert comments == ["Runde;'=cmd|' /C calc'!A0", "Runde,'=1+1", "'-2+3",
                        "a\r\n'@x;  \"'=HYPERLINK(1)\",'\t+1", "'\tnach dem Tab"]


@pytest.mark.parametrize("fmt", ["csv", "csv-de"])
def test_separators_quotes_and_breaks_round_trip(make_table, fmt):
    t = make_table(players=[PLAIN_NAME, "Ben", "Cora", "Dora"])
    t.ok("add", "wenz", "--player", "Ei", "--augen", "70", "--comment", "later")
    stored_comment(t, 1, PLAIN_COMMENT)
    text = export(t, fmt)
    table = rows(text, SEP[fmt])
    assert len(table) == 2
    assert table[0][8] == PLAIN_NAME
    assert table[1][-1] == PLAIN_COMMENT
    assert table[1][5] == PLAIN_NAME  # the dealer
    assert table[1][6] == PLAIN_NAME  # the declarer
    assert_no_formula(text, OTHER[SEP[fmt]])
    # every cell holding either separator, a quote or a line break is quoted in the file
    raw = text.lstrip("\ufeff")
    assert '"Ei;ne, ""Sepp"" zwei"' in raw and '"Runde 1; ""gut"", sagt er\r\nund geht\rweiter"' in raw


def test_recorded_at_game_and_void_columns_are_guarded_after_an_import(make_table, tmp_path):
    """``recorded_at`` and the void kind come from the ledger, and an imported export writes
    them as given: a hostile export either is refused or exports guarded."""
    t = make_table()
    t.ok("add", "wenz", "--player", "Anna", "--augen", "70")
    t.ok("add", "wenz", "--player", "Ben", "--augen", "70")
    t.ok("void", "1")
    dump = tmp_path / "d.json"
    t.ok("export", "--format", "json", "--out", str(dump))
    data = json.loads(dump.read_text(encoding="utf-8"))
    first, second = data["sessions"][0]["games"]
    first["created_at"] = "=1+1;@SUM(A1)"
    first["void"]["kind"] = "@SUM(A1),=2"
    second["created_at"] = "-2+3,=HYPERLINK(1)\n=X"
    dump.write_text(json.dumps(data), encoding="utf-8")
    fresh = make_table(name="fresh")
    r = fresh.run("import", str(dump))
    if r.exit_code != 0:  # an import that checks the timestamps refuses it: nothing to export
        assert r.exit_code == 2 and r.stderr.startswith(("Error: ", "Fehler: "))
        return
    for fmt in ("csv", "csv-de"):
        text = export(fresh, fmt)
        assert_no_formula(text, ";")
        assert_no_formula(text, ",")
        hands = rows(text, SEP[fmt])[1:]
        assert hands[0][2] == "'=1+1;'@SUM(A1)" and hands[0][7] == "'@SUM(A1),'=2"
        assert hands[1][2] == "'-2+3,'=HYPERLINK(1)\n'=X"


def test_every_text_column_is_guarded_in_the_writer():
    """game, recorded_at, void and the header are text cells like the others; numbers are not."""
    report = {
        "players": ["@A", "B"], "unit": "cent",
        "sessions": [{"session": 1, "hands": [
            {"hand": 1, "recorded_at": "+1", "game": "=game", "description": "-d", "dealer": "@A",
             "declarers": ["@A"], "void": False, "void_kind": None, "payouts": {"@A": -50, "B": 50},
             "stock": 0, "comment": "=c"},
            {"hand": 2, "recorded_at": "x", "game": "wenz", "description": "d", "void": True,
             "void_kind": "=void", "comment": ""},
        ]}],
    }
    for german in (False, True):
        sep = ";" if german else ","
        table = rows("".join(to_csv(report, german)), sep)
        assert table[0][8:10] == ["'@A", "B"]
        assert table[1][:8] == ["1", "1", "'+1", "'=game", "'-d", "'@A", "'@A", ""]
        assert table[1][8:11] == (["-0,50", "0,50", "0,00"] if german else ["-0.50", "0.50", "0.00"])
        assert table[1][-1] == "'=c" and table[2][7] == "'=void"


# -- Markdown ----------------------------------------------------------------------------------

# names cannot hold line breaks (the table file refuses control characters); the pipes still try
MD_NAMES = ["<script>x</script>", "<img src=x onerror=alert(1)>", "Sepp\\| | 9 | forged | row |",
            "Vroni |---| 8 | 7 | 6 |"]
MD_COMMENT = "a\n| 5 | forged |\r<script>alert(1)</script>"
BREAKS = ("\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")


def pipes(line: str) -> int:
    """The unescaped pipes of a Markdown table row (a backslash escapes the next character)."""
    n, i = 0, 0
    while i < len(line):
        if line[i] == "\\":
            i += 2
            continue
        n += line[i] == "|"
        i += 1
    return n


def test_markdown_escapes_html_and_line_breaks(make_table):
    t = make_table(players=MD_NAMES)
    t.ok("add", "wenz", "--player", "<s", "--augen", "70", "--comment", "later")
    t.ok("add", "sauspiel", "--player", "<i", "--partner", "Sepp", "--augen", "95", "--comment", "later")
    t.ok("add", "wenz", "--player", "Vroni", "--augen", "80")
    stored_comment(t, 1, MD_COMMENT)
    stored_comment(t, 2, MD_COMMENT)
    t.ok("void", "3")
    md = export(t, "md")
    low = md.lower()
    assert "<script" not in low and "<img" not in low and "<" not in md
    assert not any(b in md for b in BREAKS)
    table_rows = [line for line in md.split("\n") if line.startswith("|")]
    # hands: header, rule, 3 hands; balances: header, rule, 4 players
    assert len(table_rows) == 2 + 3 + 2 + 4, md
    assert [pipes(line) for line in table_rows] == [4 + 3] * 5 + [4] * 6, md
    assert "&lt;script&gt;x&lt;/script&gt;" in md and "&lt;img src=x onerror=alert(1)&gt;" in md
    assert "Sepp\\\\\\| \\| 9 \\| forged \\| row \\|" in md  # the backslash and the pipes escaped
    assert "| ~~3~~ |" in md  # the void hand's row


def test_markdown_list_and_heading_stay_plain(make_table):
    t = make_table(players=["-Anna", "1. Ben", "[x](http://e/a.png)", "Dora"], name="tisch")
    t.ok("add", "wenz", "--player", "-A", "--augen", "20")  # -Anna loses: she pays in the transfers
    md = export(t, "md")
    assert "- \\-Anna → " in md
    assert "\\[x\\](http://e/a.png)" in md and "](http" not in md.replace("\\](http", "")


def test_html_escapes_hostile_names(make_table):
    t = make_table(players=MD_NAMES)
    t.ok("add", "sauspiel", "--player", "<i", "--partner", "Sepp", "--augen", "95", "--comment", "later")
    stored_comment(t, 1, MD_COMMENT)
    html = export(t, "html")
    low = html.lower()
    assert "<script" not in low and "<img" not in low
    assert "&lt;img src=x onerror=alert(1)&gt;" in html
