"""Golden scenarios: whole evenings in ``tests/scenarios/*.toml``, run through the CLI.

Each step gives the command line and what must come out: the hand's ``payouts`` and Stock
change, the ``balances`` of a settlement, or the ``error`` a wrong entry gets (exit 2)."""

import json
import tomllib
from pathlib import Path

import pytest

SCENARIOS = sorted((Path(__file__).parents[1] / "scenarios").glob("*.toml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(make_table, path):
    spec = tomllib.loads(path.read_text(encoding="utf-8"))
    # the errors are written in English: the table speaks English unless the scenario says otherwise
    t = make_table(players=spec["players"], family=spec["family"], preset=spec.get("preset", "official"),
                   replace=spec.get("replace"), language=spec.get("language", "en"))
    for step in spec["step"]:
        if "error" in step:
            r = t.run(*step["args"])
            assert r.exit_code == 2, step
            assert r.stderr.startswith(step["error"]), (step, r.stderr)
            continue
        data = json.loads(t.ok(*step["args"], "--json").stdout)
        if "payouts" in step:
            assert data["payouts"] == step["payouts"], step
            assert data["stock"] == step.get("stock", 0), step
        if "balances" in step:
            assert data["balances"] == step["balances"], step
            assert sum(data["balances"].values()) == 0
    t.ok("check")
