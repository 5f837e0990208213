"""The package's public names: every name in ``schafkopf_score.__all__`` resolves (they are
imported when first used, so a name whose module moved would otherwise fail only for the one
program that asks for it)."""

import importlib
import subprocess
import sys

import schafkopf_score


def test_every_public_name_resolves():
    for name in schafkopf_score.__all__:
        assert getattr(schafkopf_score, name) is not None, name


def test_every_public_name_resolves_in_a_fresh_interpreter(tmp_path):
    code = "import schafkopf_score as s\nprint(all(getattr(s, n) is not None for n in s.__all__))\n"
    r = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert (r.returncode, r.stdout) == (0, "True\n"), r.stderr


def test_the_engine_and_settlement_are_there_by_name():
    assert schafkopf_score.fewest_transfers({"Anna": 50, "Ben": -50})[0].to_dict() == {"from": "Ben", "to": "Anna",
                                                                                        "amount": 50}
    # largest remainder to multiples of 50 cents, the total kept at zero
    assert schafkopf_score.round_balances({"Anna": 120, "Ben": -70, "Cora": -50}, 50) == {"Anna": 100, "Ben": -50,
                                                                                         "Cora": -50}
    assert importlib.import_module("schafkopf_score.session.settle").fewest_transfers is schafkopf_score.fewest_transfers
