"""The message catalogue: every id in both languages, every id the code uses exists, none unused."""

import re
import string
from pathlib import Path

import pytest

from schafkopf_score.i18n import LANGUAGES, Amount, Date, Join, Text, render, say
from schafkopf_score.i18n import everything as catalogue
from schafkopf_score.rules.registry import FAMILIES

EVERY_FAMILY = list(FAMILIES.values())  # a family adds its words (its messages) to the catalogue when it is loaded

PACKAGE = Path(__file__).resolve().parents[2] / "schafkopf_score"
# every id begins with its owner's name: the shared parts (common, engine, data) and the parts that
# live beside their code (cli, export, tournament, server)
PREFIXES = {"common", "engine", "data", "cli", "export", "tournament", "server"}
# where an owner's ids may be said: its own package (and, for the server, the command that starts it)
OWNED = {"cli": ("cli/",), "server": ("server/", "cli/serve_cmd.py"), "tournament": ("tournament/", "cli/", "export/",
                                                                                      "server/", "session/checks.py", "app/",
                                                                                      "table/")}
ENGLISH_WORDS = re.compile(r"\b(the|is|not|with|must|cannot|only|this|that|from|to|of|and|or|a|an)\b")


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("key", sorted(catalogue()))
def test_every_message_in_both_languages(key):
    en, de = catalogue()[key]
    assert isinstance(en, str) and isinstance(de, str)
    assert en.strip(), key
    assert de.strip() or not en.strip(), key
    assert fields(en) == fields(de), f"{key}: the languages fill different fields"
    params = {name: f"<{name}>" for name in fields(en)}
    for lang in LANGUAGES:
        shown = Text(key, **params).render(lang)
        assert "{" not in shown.replace("{<", ""), (key, lang, shown)
    if de == en:
        prose = re.sub(r"\{[^}]*\}", " ", de)
        assert not ENGLISH_WORDS.search(prose), f"{key}: the German text is English: {de!r}"
    assert key.split(".", 1)[0] in PREFIXES, key


def _ids_in_code() -> tuple[set[str], set[str]]:
    """Message ids the code names literally, and the prefixes of ids it builds (f-strings)."""
    literal, prefixes = set(), set()
    for path in PACKAGE.rglob("*.py"):
        if "i18n" in path.parts or path.name == "messages.py":  # the catalogue's parts, a family's among them
            continue
        code = path.read_text(encoding="utf-8")
        for match in re.finditer(r'''(f?)["']((?:common|engine|data|cli|export|tournament|server)\.[\w.{}]+)["']''', code):
            if match.group(1) or "{" in match.group(2):
                prefixes.add(match.group(2).split("{", 1)[0])
            elif not match.group(2).endswith(".html"):  # a template file (tournament.html), not an id
                literal.add(match.group(2))
    return literal, prefixes


def test_every_id_the_code_names_exists():
    literal, prefixes = _ids_in_code()
    missing = sorted(k for k in literal if k not in catalogue())
    assert not missing, f"ids used in the code but missing from the catalogue: {missing}"
    for prefix in prefixes:
        assert any(k.startswith(prefix) for k in catalogue()), f"no id starts with {prefix!r}"


def test_ids_are_said_where_their_owner_lives():
    """``cli.*`` words are the command line's, ``server.*`` the server's: no floor below the doors
    and no other door raises them (issue 34: the words live with their owner)."""
    stray = []
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(PACKAGE).as_posix()
        if "i18n" in path.parts or path.name == "messages.py":
            continue
        for match in re.finditer(r'''["'](cli|server|tournament)\.[\w.{}]+["']''', path.read_text(encoding="utf-8")):
            if not rel.startswith(OWNED[match.group(1)]):
                stray.append(f"{rel}: {match.group(0)}")
    assert not stray, stray


def test_no_message_is_unused():
    literal, prefixes = _ids_in_code()
    unused = sorted(k for k in catalogue() if k not in literal and not any(k.startswith(p) for p in prefixes)
                    and not k.startswith("common."))
    assert not unused, f"catalogue entries nothing uses: {unused}"


def test_parameters_render_in_the_reader_language():
    inner = Text("common.did_you_mean", name="Anna")
    assert Text("common.error", message=inner).render("de") == "Fehler: Meintest du Anna?"
    assert Text("common.error", message=inner).render("en") == "Error: Did you mean Anna?"
    assert render(Join(["Anna", "Ben", "Cora"], "and"), "en") == "Anna, Ben and Cora"
    assert render(Join(["Anna", "Ben"], "or"), "de") == "Anna oder Ben"
    assert render(Amount(-140, "EUR"), "de") == "-1,40 €"
    assert render(Amount(140, "EUR", sign=True), "en") == "+€1.40"
    assert render(Date("2026-11-30"), "de") == "30.11.2026"
    assert render(Date("2026-11-30"), "en") == "2026-11-30"
    assert say("common.or", "de") == "oder"
    assert render(Join([]), "de") == ""


def test_an_unknown_language_reads_english():
    assert say("common.and", "fr") == "and"


def test_a_ctrl_c_while_a_part_loads_leaves_it_to_load_again(monkeypatch):
    """Ctrl-C while an owner's part of the catalogue was being imported (its first id asked
    for): the part was noted as added before it was merged, so its ids were missing from then
    on. ``stats --player --all`` interrupted at that moment printed a traceback (KeyError
    'cli.internal_error') instead of "Interrupted". Now the part loads at the next id asked for."""
    import importlib
    import sys
    import types

    from schafkopf_score import i18n

    part = types.ModuleType("fake_owner_messages")
    part.MESSAGES = {"fakeowner.hello": ("Hello", "Hallo")}  # type: ignore[attr-defined]
    real = importlib.import_module
    pressed: list[str] = []

    def importing(name, *args, **kwargs):
        if name == "fake_owner_messages" and not pressed:
            pressed.append(name)
            raise KeyboardInterrupt  # Ctrl-C as the part is imported
        return real(name, *args, **kwargs)

    monkeypatch.setitem(sys.modules, "fake_owner_messages", part)
    monkeypatch.setitem(i18n.OWNERS, "fakeowner", "fake_owner_messages")
    monkeypatch.setattr(i18n, "_added", list(i18n._added))
    monkeypatch.setattr(i18n, "_catalogue", None)  # a catalogue of this test's own, thrown away after it
    monkeypatch.setattr(i18n, "_templates", {})
    i18n.catalogue()
    monkeypatch.setattr(importlib, "import_module", importing)
    with pytest.raises(KeyboardInterrupt):
        say("fakeowner.hello", "en")
    assert say("fakeowner.hello", "de") == "Hallo"
    assert "fakeowner.hello" in i18n.catalogue()
