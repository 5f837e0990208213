"""Every entry option declared once, on GameEntry: the CLI options, the labels in messages, the
stored form and the resolution of names all come from that one declaration."""

import pytest

from schafkopf_score.cli.app import app
from schafkopf_score.entry import build_entry, typed_text
from schafkopf_score.rules.family import option_label
from schafkopf_score.rules.model import GameEntry, entry_options
from schafkopf_score.rules.registry import find_family

NON_DEFAULT = {"name": "Ben", "names": ("Ben", "Cora"), "count": 3, "flag": True, "outcome": False,
               "augen": 72, "suit": "herz", "text": "Runde 1"}


@pytest.mark.parametrize("opt", entry_options(), ids=lambda o: o.field)
def test_every_option_round_trips_through_the_stored_form(opt):
    value = NON_DEFAULT[opt.kind]
    entry = GameEntry("solo", **{opt.field: value})
    stored = entry.to_dict()
    assert stored[opt.field] == (list(value) if isinstance(value, tuple) else value)
    assert GameEntry.from_dict(stored) == entry
    assert not opt.is_default(value) and opt.is_default(opt.default)


@pytest.mark.parametrize("opt", entry_options(), ids=lambda o: o.field)
def test_every_option_is_a_cli_option_with_its_names_and_help(opt):
    import typer.main

    params = {p.name: p for p in typer.main.get_command(app).commands["add"].params}
    assert opt.field in params
    names = [*params[opt.field].opts, *params[opt.field].secondary_opts]
    assert "/".join(names) == opt.label or set(opt.names) <= set(names)
    assert params[opt.field].help == opt.help
    assert option_label(opt.field) == opt.label


def test_typed_names_resolve_and_the_typed_text_keeps_what_was_typed():
    raw = {o.field: ("be" if o.kind == "name" else ["be", "co"] if o.kind == "names" else
                     "72" if o.kind == "augen" else NON_DEFAULT[o.kind]) for o in entry_options()}
    entry = build_entry(find_family("bavarian"), ["Anna", "Ben", "Cora", "Dora"], "solo", raw)
    for o in entry_options():
        assert getattr(entry, o.field) == NON_DEFAULT[o.kind], o.field
    assert '"won": false' in typed_text("solo", raw) and '"player": "be"' in typed_text("solo", raw)
