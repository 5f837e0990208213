"""The family pages name every key with its default (issue 33, item 10): the generated tables of
docs/families/*.md hold a row for each ``[rules]`` and ``[tariff]`` key of the family's key specs,
its default as the table file writes it, the list and table keys (``games``, ``laufende_min``)
included; the table-file reference too."""

from pathlib import Path

import pytest

from schafkopf_score.rules.registry import FAMILIES
from schafkopf_score.text import toml_value

DOCS = Path(__file__).resolve().parents[2] / "docs"


def block(name: str, kind: str) -> str:
    """A generated block of a family's page (``rules``, ``tariff``)."""
    text = (DOCS / "families" / f"{name}.md").read_text(encoding="utf-8")
    return text.split(f"<!-- BEGIN generated {name}-{kind}")[1].split(f"<!-- END generated {name}-{kind}")[0]


def rows(text: str) -> dict[str, str]:
    """Every table row of a text as its key (the first cell) -> its default (the second cell)."""
    out = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.split("|")]
        if len(cells) > 3 and cells[1].startswith("`") and cells[1].endswith("`"):
            out.setdefault(cells[1].strip("`"), cells[2])
    return out


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_every_key_of_a_family_page_has_its_default(name):
    family = FAMILIES[name]
    house = rows(block(name, "rules"))
    assert len(house) == len(family.rule_specs)
    for spec in family.rule_specs:
        want = f"`{toml_value(spec.default)}`" if spec.default not in ([], ()) else "`[]`"
        assert house.get(spec.name) == want, (name, spec.name, house.get(spec.name), want)
    tariff = rows(block(name, "tariff")) if family.tariff_specs else {}
    for spec in family.tariff_specs:
        assert tariff.get(spec.name), (name, spec.name)


def test_the_list_and_table_keys_show_their_defaults():
    bavarian, wendish = rows(block("bavarian", "rules")), rows(block("wendish", "rules"))
    assert bavarian["games"] == '`["sauspiel", "wenz", "farbwenz", "solo"]`'
    assert bavarian["laufende_min"] == ("`{ sauspiel = 3, hochzeit = 3, solo = 3, farbwenz = 3, farbgeier = 3, "
                                        "wenz = 2, geier = 2 }`")
    assert bavarian["stock_at_close"] == '`"equal"`'
    assert wendish["games"] == '`["normal", "hochzeit", "solo"]`'
    reference = (DOCS / "reference" / "table-file.md").read_text(encoding="utf-8")
    assert '| `stock_at_close` | `"equal"` | `equal`, `payers`, `carry` |' in reference
