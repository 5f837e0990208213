"""Every refusal is told in the table's language (STYLE: a clear message, in the table's language,
exit status 2, nothing written), tested in the open rather than by a multiplier in conftest:

- over the catalogue: every message id that refuses something or says how to put it right (the
  ids the code raises, the ``*_hint`` ids and the refusals they belong to) renders in German and
  in English with its parameters filled, and neither holds a word of the other language;
- through the CLI: a list of representative refusals of every command that refuses something,
  each on a German and on an English table: exit 2, the ``Fehler:``/``Error:`` frame, the right
  message in the table's language, and neither the table file nor the ledger touched.
"""

import ast
import json
import re
import string
from pathlib import Path

import pytest

from schafkopf_score.i18n import LANGUAGES, Text, template
from schafkopf_score.i18n import everything as catalogue
from schafkopf_score.rules.registry import FAMILIES
from tests.conftest import FOUR, Table, assert_language, wrong_language_words

PACKAGE = Path(__file__).resolve().parents[2] / "schafkopf_score"
EVERY_FAMILY = list(FAMILIES.values())  # a family adds its words (its messages) to the catalogue when it is loaded

# what raises a refusal in the code: the exception classes (ScoreError's family, ValueProblem,
# FieldError, ExportProblem, the server's Refusal, click's Refused, NeedsConfirm) and the helpers
# that build one (``fail``, ``refuse``, ``refuse_at_tournament`` ...)
_REFUSER = re.compile(r"(Error_?|Entry|Problem|Refusal|Refused|NeedsConfirm)$|^_?(fail|refuse)")


def _refusal_ids() -> set[str]:
    """The catalogue's refusals and hints: ``*_hint`` ids and the ids they are the hints of; every
    id the code names inside a ``raise`` or a call of a refusal's class or helper (``find_choice``'s
    text for what matches nothing among them); and the ids that stand in for one of those (the
    other branch of ``a if ... else b``, the value a refusal's id maps to)."""
    known = catalogue()
    found = {key for key in known if key.endswith("_hint")}
    found |= {key[:-len("_hint")] for key in found if key[:-len("_hint")] in known}

    def ids(node: ast.AST) -> set[str]:
        return {n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and n.value in known}

    trees = [ast.parse(path.read_text(encoding="utf-8")) for path in PACKAGE.rglob("*.py")
             if "i18n" not in path.parts and path.name != "messages.py"]
    for tree in trees:
        for node in ast.walk(tree):
            # a session's place words the refusals made there (session.place and the tournament's)
            if isinstance(node, ast.ClassDef) and (node.name == "Place" or any(
                    getattr(b, "id", getattr(b, "attr", "")) == "Place" for b in node.bases)):
                found |= ids(node)
    for tree in trees:
        for node in ast.walk(tree):
            name = ""
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", None) or ""
            if isinstance(node, ast.Raise) and node.exc is not None:
                found |= ids(node.exc)
            elif _REFUSER.search(name) or name == "find_choice":
                found |= ids(node)
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.IfExp) and (ids(node.body) | ids(node.orelse)) & found:
                found |= ids(node.body) | ids(node.orelse)
            if isinstance(node, ast.Dict):
                found |= {v.value for k, v in zip(node.keys, node.values, strict=True)
                          if isinstance(k, ast.Constant) and k.value in found and isinstance(v, ast.Constant)
                          and v.value in known}
    return found


REFUSALS = sorted(_refusal_ids())


def test_the_refusals_of_every_part_of_the_program_are_found():
    """The scan finds the refusals of the engine, the data layer, the CLI, the tournament and the
    server (a scan that found nothing would let every test below pass)."""
    for key in ("engine.not_a_game", "engine.not_a_player", "engine.bav.needs_suit", "engine.bav.laufende_cap_short",
                "tournament.nothing_to_undo", "data.no_such_hand", "data.table_key",
                "cli.export_format", "tournament.needs_tisch", "server.port_range",
                "server.port_range_hint", "data.not_an_export"):
        assert key in REFUSALS, key
    assert "cli.sheet_title" not in REFUSALS and "export.col_hand" not in REFUSALS
    assert len(REFUSALS) > len(catalogue()) // 3


@pytest.mark.parametrize("key", REFUSALS)
def test_every_refusal_and_hint_speaks_one_language(key):
    en, _ = catalogue()[key]
    params = {name: "1" for _, name, _, _ in string.Formatter().parse(en) if name}
    for lang in LANGUAGES:
        shown = Text(key, **params).render(lang)
        assert "{" not in shown, (key, lang, shown)
        assert not wrong_language_words(shown, lang), (key, lang, shown, wrong_language_words(shown, lang))


def test_the_word_detectors_catch_the_other_language():
    """The checks above can fail: a German message with English words, an English one with
    German words, a message without its frame."""
    assert wrong_language_words("Das Spiel is not gültig", "de") == ["is", "not"]
    assert wrong_language_words("The hand ist nicht valid", "en") == ["ist", "nicht"]
    assert wrong_language_words("Fehler: 'the hand' --from x/the.csv Anna", "de") == []
    with pytest.raises(AssertionError):
        assert_language("Error: Das Spiel gibt es nicht.\n", "de")
    with pytest.raises(AssertionError):
        assert_language("Fehler: Use another name.\n", "de")
    assert_language("Fehler: Das Spiel gibt es nicht.\n", "de")


# -- through the CLI ---------------------------------------------------------------------------------

def _tournament(tmp_path: Path, lang: str) -> Table:
    path = tmp_path / "cup.toml"
    path.write_text(f'schema = 1\nname = "Cup"\nkind = "tournament"\nfamily = "bavarian"\n'
                    f"players = {json.dumps(FOUR)}\nlanguage = \"{lang}\"\n\n[tournament]\n\n[points]\n",
                    encoding="utf-8")
    return Table(path)


def _state(name: str, make_table, tmp_path: Path, lang: str) -> Table:
    """A table in ``lang`` in one of a few states the refusals below need."""
    if name == "tournament":  # nothing drawn yet; its ledger made by a late registration
        t = _tournament(tmp_path, lang)
        t.ok("tournament", "player", "add", "Emil")
        return t
    if name == "drawn":
        t = _tournament(tmp_path, lang)
        t.ok("tournament", "draw", "--seed", "1")
        return t
    if name == "empty ledger":  # a ledger file of no bytes (a copy cut short)
        t = make_table(language=lang)
        t.ledger_path.write_bytes(b"")
        return t
    if name == "bad key":
        return make_table(language=lang, replace={"[rules]": "[rules]\nsolo_tarif = 5"})
    if name == "sheepshead3":  # three-handed: the picker always plays alone
        return make_table(language=lang, family="sheepshead", seats=3)
    if name == "blind4":  # four-handed Sheepshead plays the blind4 variant: the picker alone
        t = make_table(language=lang, family="sheepshead", seats=4)
        assert 'variant = "blind4"' in t.path.read_text(encoding="utf-8")
        return t
    family = {"deutscher": "deutscher", "sheepshead": "sheepshead", "wendish": "wendish"}.get(name, "bavarian")
    t = make_table(language=lang, family=family)
    if name in ("evening", "closed", "voided"):
        t.ok("add", "sau", "an", "be", "72")
        t.ok("add", "wenz", "co", "70")
    if name == "closed":
        t.ok("settle", "--close")
    if name == "voided":
        t.ok("void", "1", "--reason", "doppelt")
    return t


# (state, command line, the id of the message shown). The ids of click's own usage errors
# (``cli.click_*``) are checked on the German table, where the catalogue words them; an English
# table gets click's words.
CASES = [
    # calc
    ("plain", "calc sauspeil --player Anna --partner Ben --augen 70", "engine.not_a_game"),
    ("plain", "calc sauspiel --player Bem --partner Ben --augen 70", "engine.not_a_player"),
    ("plain", "calc sauspiel --player Anna --partner Ben --augen 70 --sau herz", "engine.bav.herz_sau"),
    ("plain", "calc wenz an ٧٠", "data.fits_nothing"),
    ("tournament", "calc sau an be 72", "tournament.needs_tisch"),
    # add
    ("plain", "add sauspiel --player Anna --partner Ben --augen 121", "engine.result_impossible"),
    ("plain", "add solo --player Anna --augen 70", "engine.bav.needs_suit"),
    ("plain", "add solo --player Anna --suit kreuz --augen 70", "engine.foreign_suit"),
    ("plain", "add sauspiel --player Anna --partner an --augen 70", "engine.own_partner"),
    ("plain", "add sauspiel --player Xaver --partner Ben --augen 70", "engine.not_a_player"),
    ("plain", "add geier --player Anna --augen 70", "engine.not_played"),
    ("plain", "add sauspiel --player Anna --partner Ben --augen 70 --re", "engine.bav.step_without"),
    ("plain", "add sauspiel --player Anna --partner Ben --augen 100 --schwarz", "engine.schwarz_but"),
    ("plain", "add sauspiel --player Anna --partner Ben --augen 70 --lost", "engine.result_contradicts"),
    ("plain", "add wenz --player Anna --augen 70 --laufende 5", "engine.bav.laufende_cap"),
    ("plain", "add sauspiel --player Anna --partner Ben --augen 70 --legen 1", "engine.bav.no_legen"),
    ("plain", "add sau an be 72 k --kontra", "data.given_twice"),
    ("plain", "add sau an be 72 stoss k", "data.said_twice"),
    ("plain", "add sau an be co 72", "data.name_too_many"),
    ("plain", "add ramsch be jf", "data.needs_name"),
    ("plain", "add sauspiel --player Anna --partner Ben --augen siebzig", "data.not_whole_number"),
    ("plain", "add wenz co 70 --comment x\x1b[2J", "data.option_problem"),
    ("plain", "add", "cli.click_missing_argument"),
    ("plain", "add wenz --player Anna --augen 70 --laufende zwei", "data.not_whole_number"),
    ("plain", "add wenz --player Anna --augen 70 --lauffende 2", "data.no_such_option"),
    ("plain", "add wenz --player Anna --augen 70 --comment", "data.option_needs_value"),
    ("plain", "settle --format json", "cli.click_no_such_option"),
    ("plain", "draw --seed x", "data.not_whole_number"),
    ("deutscher", "add spiel an co 70", "engine.ds.draw_first"),
    ("sheepshead3", "add pick --picker Ben --partner Cora --points 70", "engine.sh.no_partner_three"),
    ("sheepshead3", "add pick be co 70", "engine.sh.no_partner_hint"),
    ("blind4", "add pick be co 70", "engine.sh.no_partner_variant"),
    ("wendish", "add normal --player Anna --partner Ben", "engine.wend.needs_augen"),
    ("tournament", "add sau an be 72", "tournament.needs_tisch"),
    ("drawn", "add --tisch 2 weiter", "tournament.no_such_table_one"),
    ("drawn", "add --tisch 1 weiter --reason late", "data.no_such_option"),
    ("drawn", "add --tisch 1 weiter --round 2", "tournament.no_such_round_one"),
    # draw
    ("plain", "draw", "engine.no_lot"),
    ("tournament", "draw", "tournament.refused"),
    # edit
    ("evening", "edit 9 --kontra", "data.no_such_hand"),
    ("evening", "edit 1 --augen viel", "data.not_whole_number"),
    ("evening", "edit 1", "data.edit_no_change"),
    ("evening", "edit 2 --player Dora --augen 121", "engine.result_impossible"),
    ("evening", "edit 1 sau an be co 72", "data.name_too_many"),
    ("closed", "edit 1 --augen 80", "data.session_closed"),
    ("tournament", "edit 1 k", "tournament.needs_tisch"),
    # undo
    ("plain", "undo", "data.nothing_to_undo"),
    ("evening", "undo --reason x\x1b[2J", "data.option_problem"),
    ("tournament", "undo", "tournament.needs_tisch"),
    ("drawn", "undo --tisch 2", "tournament.no_such_table_one"),
    # void
    ("evening", "void 9", "data.no_such_hand"),
    ("voided", "void 1", "data.hand_already_void"),
    ("closed", "void 1 --reason falsch", "data.session_closed"),
    ("plain", "void", "cli.click_missing_argument"),
    ("tournament", "void 1", "tournament.needs_tisch"),
    # settle
    ("evening", "settle --from-balances Anna=3,Ben=-2", "data.balances_not_zero"),
    ("evening", "settle --from-balances Xaver=3,Ben=-3", "engine.not_a_player"),
    ("evening", "settle --from-balances Cora=1,Cora=-1", "data.balance_twice"),
    ("plain", "settle --round 0", "data.round_not_positive"),
    ("evening", "settle --close --round 10001", "data.round_too_big"),
    ("evening", "settle --tariff 20/50 --round 10001", "data.round_too_big"),
    ("plain", "settle --reason x", "cli.reason_reopen_only"),
    ("plain", "settle --close", "data.nothing_to_close"),
    ("plain", "settle --session 7", "data.no_session"),
    ("closed", "settle --reopen 1", "data.reopen_reason"),
    ("tournament", "settle", "tournament.refused"),
    # what the evenings tell (RULES §13)
    ("evening", "settle --tariff 20/50 --close", "cli.whatif_alone"),
    ("evening", "settle --tariff 20/50 --rules x.toml", "data.whatif_one"),
    ("evening", "settle --rules fehlt.toml", "data.whatif_rules_file"),
    ("evening", "settle --rules ", "data.whatif_rules_empty"),
    ("evening", "settle --tariff zehn", "data.tariff_not_numbers"),
    ("evening", "stats --player Xaver", "engine.not_a_player"),
    ("evening", "standings --chart --json", "cli.chart_json"),
    ("tournament", "stats --player Anna", "tournament.refused"),
    # the views and the ledger
    ("plain", "sheet --session 7", "data.no_session"),
    ("plain", "standings --session 7", "data.no_session"),
    ("plain", "stats --session 7", "data.no_session"),
    ("tournament", "sheet", "tournament.refused"),
    ("plain", "export --format xls", "cli.export_format"),
    ("plain", "export --out ", "cli.out_empty"),
    ("plain", "export --session 7", "data.no_session"),
    ("plain", "import bad.json", "data.not_an_export"),
    ("plain", "import missing.json", "cli.import_no_file"),
    ("plain", "sheeet", "cli.click_no_such_command"),
    ("plain", "standing", "cli.click_no_such_command"),
    ("empty ledger", "check", "data.ledger_empty"),
    ("empty ledger", "sheet", "data.ledger_empty"),
    ("empty ledger", "add wenz --player Anna --augen 70", "data.ledger_empty"),
    ("empty ledger", "settle --close", "data.ledger_empty"),
    # play (one line from standard input)
    ("plain", "play", "data.fits_nothing"),
    # player
    ("plain", "player kick Ben", "cli.player_action"),
    ("evening", "player leave Zoe", "engine.not_a_player"),
    ("plain", "player add", "cli.player_words"),
    ("evening", "player leave Dora", "data.player_leave_too_few"),
    ("tournament", "player add Xaver", "tournament.refused"),
    # new and rules
    ("plain", "new neu.toml --players Anna,Ben,Cora,Dora --tariff x", "data.tariff_not_numbers"),
    ("plain", "new neu.toml --players Anna,Anna,Cora,Dora", "data.player_twice"),
    ("bad key", "rules --check", "data.table_key"),
    # tournament
    ("tournament", "tournament draw --by ranking", "tournament.first_random"),
    ("tournament", "tournament draw --fix P01", "tournament.fix_form"),
    ("tournament", "tournament ranking --format pdf", "tournament.format"),
    ("tournament", "tournament ranking", "tournament.no_round"),
    ("tournament", "tournament tables", "tournament.no_round"),
    ("tournament", "tournament player withdraw Zed", "tournament.not_registered"),
    ("tournament", "tournament player add anna", "tournament.already_registered"),
    ("drawn", "tournament draw", "tournament.still_playing"),
    ("drawn", "tournament enter --tisch 1 --totals Anna=12,Ben=-12", "tournament.totals_missing"),
    ("drawn", "tournament enter --tisch 1 --totals Anna=12,Ben=-4,Cora=-3,Dora=-4",
     "tournament.totals_not_zero"),
    ("drawn", "tournament enter --tisch 1 --solos Anna=1", "tournament.solos_need_totals"),
    ("drawn", "tournament tables --round 2", "tournament.no_such_round_one"),
    ("tournament", "tournament sheet --tisch 1", "tournament.no_round"),
    ("drawn", "tournament sheets --url-base javascript:x", "tournament.url_base"),
    # the desk (issue 36)
    ("drawn", "tournament enter --tisch 1 --totals Anna=1,Ben=-1,Cora=0,Dora=0 --replace",
     "tournament.nothing_to_replace"),
    ("drawn", "tournament enter --tisch 1 --void-totals", "tournament.nothing_to_void"),
    ("drawn", "tournament enter --tisch 1 --replace", "tournament.replace_needs_totals"),
    ("drawn", "tournament fix Anna 9", "tournament.fix_table_day"),
    ("drawn", "tournament fix #9 1", "tournament.no_such_number"),
    ("drawn", "tournament apart Anna anna", "tournament.apart_same_day"),
    ("drawn", "tournament swap Anna Anna", "tournament.swap_same"),
    ("drawn", "tournament draw --redo --force", "tournament.redo_force"),
    ("drawn", "tournament prizes", "tournament.prizes_provisional"),
    ("tournament", "tournament draw --redo", "tournament.no_round"),
    # serve: its options are refused before any server starts
    ("plain", "serve --port 0", "server.port_range"),
    ("plain", "serve --workers 0", "server.workers_range"),
]

_STDIN = {"play": "sau an be ٧٠\n"}


def _shown(key: str, lang: str) -> re.Pattern[str]:
    """The message ``key`` in ``lang`` as a pattern: its words exactly, any text in its fields."""
    parts = [re.escape(literal) + (".*?" if field is not None else "")
             for literal, field, _, _ in string.Formatter().parse(template(key, lang))]
    return re.compile("".join(parts), re.S)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("state", "line", "key"), CASES, ids=[f"{s}: {line}" for s, line, _ in CASES])
def test_a_refusal_is_told_in_the_table_language_and_writes_nothing(make_table, tmp_path, lang, state, line, key):
    t = _state(state, make_table, tmp_path, lang)
    (tmp_path / "bad.json").write_text("{}", encoding="utf-8")
    args = line.split(" ") if line.endswith(" ") else line.split()
    before = (t.path.read_bytes(), t.ledger_bytes(), sorted(p.name for p in tmp_path.iterdir()))
    r = t.run(*args, input=_STDIN.get(args[0]))
    assert r.exit_code == 2, (r.exit_code, r.stdout, r.stderr)
    assert (t.path.read_bytes(), t.ledger_bytes(), sorted(p.name for p in tmp_path.iterdir())) == before
    assert "Traceback" not in r.output
    assert_language(r.stderr, lang, args)
    if lang == "de" or not key.startswith("cli.click_"):
        assert _shown(key, lang).search(r.stderr), (key, r.stderr)


@pytest.mark.parametrize("line", ["player leave Zoe", "tournament player withdraw Zed", "tournament draw --fix P01"])
def test_a_refusal_at_a_table_without_a_ledger_makes_none(make_table, tmp_path, line):
    t = _tournament(tmp_path, "en") if line.startswith("tournament") else make_table(language="en")
    assert t.run(*line.split()).exit_code == 2
    assert not t.ledger_path.exists()
