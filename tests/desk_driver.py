"""A model-based random attack on the tournament desk through the real command line (in process):
draws (redo, one-round fix/apart), hands and paper totals at the tables (replace, void), undo and
void, swaps, the day's constraints, latecomers and withdrawals, each step followed by the desk's
invariants (RULES §10). ``python -m tests.desk_driver SEED [STEPS]`` runs one sequence and prints
the first violation; ``run(seed, steps, folder)`` returns it."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from schafkopf_score.cli.app import app
from tests.conftest import CliRunner

NAMES = ["Anna", "Ben", "Cora", "Dora", "Emil", "Fritz", "Gabi", "Hans", "Ida", "Jakob", "Karl", "Lena",
         "Max", "Nina", "Otto", "Paul", "Rosa", "Sepp", "Toni", "Uschi", "Vroni", "Willi", "Xaver", "Zenzi"]
SOLOS = ["herzsolo", "grassolo", "eichelsolo", "schellensolo", "wenz"]


class Violation(Exception):
    pass


class Table:
    def __init__(self, rnd: int, tisch: int, players: list[str], games: int, three: bool):
        self.round = rnd
        self.tisch = tisch
        self.players = players
        self.games = games
        self.three = three
        self.hands: list[dict | None] = []  # payouts, None once voided
        self.totals: dict[str, int] | None = None
        self.entered = False  # anything ever entered (a hand or totals)

    def valid(self):
        return [h for h in self.hands if h is not None]

    def balances(self) -> dict[str, int]:
        if self.totals is not None:
            return dict(self.totals)
        out = {p: 0 for p in self.players}
        for h in self.valid():
            for p, v in h.items():
                out[p] += v
        return out

    def done(self) -> bool:
        return self.totals is not None or len(self.valid()) >= self.games


class Driver:
    def __init__(self, seed: int, folder: Path, verbose: bool = False):
        self.rng = rng = random.Random(seed)
        self.seed = seed
        self.folder = folder
        self.verbose = verbose
        self.runner = CliRunner()
        self.log: list[list[str]] = []
        n = rng.randint(8, 17)
        self.short = rng.choice([None, None, "standin", "three"])
        if n == 11 and self.short is None:
            self.short = rng.choice(["standin", "three"])
        self.rounds = rng.randint(2, 4)
        self.gpr = rng.choice([1, 2, 3])
        self.players = NAMES[:n]
        self.next_name = n
        self.joined = {p: 1 for p in self.players}
        self.withdrawn: set[str] = set()
        self.fixed: dict[str, int] = {}
        self.apart: set[frozenset] = set()
        self.tables: dict[int, dict[int, Table]] = {}
        self.path = folder / "t.toml"
        args = ["tournament", "new", str(self.path), "--players", ",".join(self.players), "--rounds",
                str(self.rounds), "--games", str(self.gpr), "--language", "en"]
        if self.short:
            args += ["--short-tables", self.short]
        r = self.run(*args, table=False)
        if r.exit_code != 0:
            raise Violation(f"new failed: {r.output}")

    # -- running ---------------------------------------------------------------------------------
    def run(self, *args: str, table=True, stdin: str | None = None):
        full = (["--table", str(self.path)] if table else []) + list(args)
        self.log.append(full + ([f"<stdin {stdin!r}>"] if stdin else []))
        r = self.runner.invoke(app, full, input=stdin, env={"COLUMNS": "120", "SCHAFKOPF_TABLE": ""})
        if self.verbose:
            print("$", " ".join(full), "->", r.exit_code, (r.stdout + r.stderr).strip()[:300].replace("\n", " | "))
        if "Traceback" in r.stdout or "Traceback" in r.stderr or (
                r.exception and not isinstance(r.exception, SystemExit)):
            import traceback
            tb = "".join(traceback.format_exception(*r.exc_info)) if r.exc_info else ""
            raise Violation(f"traceback on {full}: {tb[-2000:]}")
        return r

    def ledger(self):
        p = self.path.with_suffix(".sqlite")
        return p.read_bytes() if p.exists() else None

    def attempt(self, *args: str, stdin=None, must: bool | None = None):
        """Run a mutating command: a refusal exits 2, says something and leaves the ledger as it was."""
        before = self.ledger()
        r = self.run(*args, stdin=stdin)
        if r.exit_code != 0:
            if r.exit_code != 2:
                raise Violation(f"exit {r.exit_code} on {args}: {r.output}")
            if self.ledger() != before:
                raise Violation(f"refused {args} changed the ledger: {r.output}")
            if len(r.stderr.strip().splitlines()) < 2:
                raise Violation(f"refusal of {args} does not say what to do: {r.stderr!r}")
            if must is True:
                raise Violation(f"refused although the model allows it: {args}: {r.stderr}")
            return None
        if must is False:
            raise Violation(f"accepted although the model refuses: {args}: {r.output}")
        return r

    # -- model helpers ---------------------------------------------------------------------------
    def current(self) -> int:
        return max(self.tables) if self.tables else 0

    def active_players(self):
        return [p for p in self.players if p not in self.withdrawn]

    def seated(self, rnd):
        return {p for t in self.tables[rnd].values() for p in t.players}

    def round_in(self, rnd):
        return all(t.done() for t in self.tables[rnd].values())

    def load_round(self, rnd: int, data: dict | None = None, want: set | None = None):
        if data is None:
            data = json.loads(self.run("tournament", "tables", "--round", str(rnd), "--json").stdout)
        self.tables[rnd] = {t["tisch"]: Table(rnd, t["tisch"], list(t["players"]), t["games"], t["three"])
                            for t in data["tables"]}
        # invariants of a fresh seating
        seen: dict[str, int] = {}
        for t in self.tables[rnd].values():
            for p in t.players:
                if p in seen:
                    raise Violation(f"{p} sits at tables {seen[p]} and {t.tisch} in round {rnd}")
                seen[p] = t.tisch
        ranked = {p for p in seen if p in self.joined}
        if want is None:
            want = {p for p in self.active_players() if self.joined[p] <= rnd}
        if ranked != want:
            raise Violation(f"round {rnd} seats {sorted(ranked)}, not the players {sorted(want)}")
        return seen

    def check_constraints(self, rnd, seen, fixed, apart):
        for p, tisch in fixed.items():
            if p in seen and seen[p] != tisch:
                raise Violation(f"round {rnd}: {p} fixed at {tisch} sits at {seen[p]}")
        for pair in apart:
            a, b = sorted(pair)
            if a in seen and b in seen and seen[a] == seen[b]:
                raise Violation(f"round {rnd}: {a} and {b} kept apart sit together at {seen[a]}")

    # -- steps -----------------------------------------------------------------------------------
    def step(self):
        rng = self.rng
        cur = self.current()
        ops = ["draw"] * (6 if not cur or self.round_in(cur) else 1)
        if cur:
            ops += ["hand"] * 10 + ["list"] * 2 + ["totals"] * 4 + ["replace", "voidtotals", "void", "undo",
                                                                     "redo", "swap", "swap"]
        ops += ["fix", "apart", "latecomer", "withdraw"]
        getattr(self, "op_" + rng.choice(ops))()

    def pick_table(self, any_round=False):
        cur = self.current()
        rnd = cur
        if any_round and len(self.tables) > 1 and self.rng.random() < 0.3:
            rnd = self.rng.choice(sorted(self.tables))
        t = self.rng.choice(list(self.tables[rnd].values()))
        extra = ["--round", str(rnd)] if rnd != cur or self.rng.random() < 0.2 else []
        return t, extra

    def name(self, p):
        if p in self.joined and self.rng.random() < 0.2:
            return "#" + str(self.players.index(p) + 1)
        return p

    def op_draw(self):
        rng = self.rng
        cur = self.current()
        args = ["tournament", "draw", "--json"]
        if cur == 0:
            args += ["--seed", str(rng.randint(1, 999))]
        one_fix: dict[str, int] = {}
        one_apart: set[frozenset] = set()
        act = self.active_players()
        if rng.random() < 0.3 and act:
            p = rng.choice(act)
            tisch = rng.randint(1, 4)
            one_fix[p] = tisch
            args += ["--fix", f"{p}={tisch}"]
        if rng.random() < 0.3 and len(act) > 1:
            a, b = rng.sample(act, 2)
            one_apart.add(frozenset((a, b)))
            args += ["--apart", f"{a},{b}"]
        force = rng.random() < 0.3
        if force:
            args.append("--force")
        may = cur < self.rounds and (cur == 0 or self.round_in(cur) or force)
        r = self.attempt(*args, must=None if may else False)
        if r is None:
            return
        data = json.loads(r.stdout)
        if data["round"] != cur + 1:
            raise Violation(f"drew round {data['round']} after {cur}")
        seen = self.load_round(cur + 1, data)
        self.round_constraints = (dict(self.fixed), set(self.apart), one_fix, one_apart)
        self.check_constraints(cur + 1, seen, {**self.fixed, **one_fix}, self.apart | one_apart)

    def op_redo(self):
        cur = self.current()
        may = not any(t.entered for t in self.tables[cur].values())
        r = self.attempt("tournament", "draw", "--redo", "--reason", "wrong lot", "--json",
                         must=None if may else False)
        if r is None:
            return
        data = json.loads(r.stdout)
        # the redo seats the round's players again, but for those withdrawn since, at its tables
        if len(data["tables"]) != len(self.tables[cur]):
            raise Violation(f"redo of round {cur}: {len(data['tables'])} tables, not {len(self.tables[cur])}")
        seen = self.load_round(cur, data, {p for p in self.seated(cur) if p in self.joined and p not in self.withdrawn})
        self.check_constraints(cur, seen, self.fixed, self.apart)

    def op_swap(self):
        cur = self.current()
        seated = sorted(self.seated(cur))
        a, b = self.rng.sample(seated, 2)
        ta = next(t for t in self.tables[cur].values() if a in t.players)
        tb = next(t for t in self.tables[cur].values() if b in t.players)
        may = not ta.entered and not tb.entered and a in self.joined and b in self.joined
        r = self.attempt("tournament", "swap", self.name(a), self.name(b), "--reason", "wrong seat", "--json",
                         must=False if (ta.entered or tb.entered) else None)
        if r is None:
            if may and ta is not tb:
                pass  # a swap may be refused for a constraint; not checked
            return
        ia, ib = ta.players.index(a), tb.players.index(b)
        ta.players[ia], tb.players[ib] = b, a
        data = json.loads(self.run("tournament", "tables", "--json").stdout)
        got = {t["tisch"]: t["players"] for t in data["tables"]}
        want = {t.tisch: t.players for t in self.tables[cur].values()}
        if got != want:
            raise Violation(f"swap {a} {b}: tables {got}, the model {want}")

    def op_hand(self):
        rng = self.rng
        t, extra = self.pick_table(any_round=True)
        who = rng.choice(t.players)
        aug = str(rng.choice([0, 30, 45, 60, 61, 72, 91, 120]))
        if t.three or rng.random() < 0.5:
            line = [rng.choice(SOLOS), who, aug]
        else:
            other = rng.choice([p for p in t.players if p != who])
            line = ["sau", who, other, aug]
        if rng.random() < 0.08:
            line = ["weiter"]
        r = self.attempt("add", "--tisch", str(t.tisch), *extra, *line, "--json",
                         must=False if t.totals is not None or len(t.valid()) >= t.games else None)
        if r is None:
            return
        data = json.loads(r.stdout)
        pay = {p: int(v) for p, v in data.get("payouts", {}).items()}
        t.hands.append({p: pay.get(p, 0) for p in t.players})
        t.entered = True

    def op_list(self):
        rng = self.rng
        t, extra = self.pick_table(any_round=True)
        lines = [f"{rng.choice(SOLOS)} {rng.choice(t.players)} {rng.choice([30, 61, 91])}"
                 for _ in range(rng.randint(1, 3))]
        r = self.attempt("tournament", "enter", "--tisch", str(t.tisch), *extra, "-", stdin="\n".join(lines) + "\n",
                         must=False if t.totals is not None or len(t.valid()) + len(lines) > t.games else None)
        if r is None:
            return
        # read the recorded payouts back from the sheet
        sheet = self.sheet(t)
        hands = sheet["hands"]
        new = hands[len(t.hands):]
        if len(new) != len(lines):
            raise Violation(f"list of {len(lines)} lines recorded {len(new)} hands")
        for h in new:
            t.hands.append({p: int(h["payouts"].get(p, 0)) for p in t.players})
        t.entered = True

    def sheet(self, t):
        r = self.run("tournament", "sheet", "--tisch", str(t.tisch), "--round", str(t.round), "--json")
        if r.exit_code != 0:
            raise Violation(f"sheet of {t.round}/{t.tisch} refused: {r.output}")
        return json.loads(r.stdout)

    def random_totals(self, t):
        rng = self.rng
        vals = [rng.randint(-20, 20) for _ in t.players[:-1]]
        vals.append(-sum(vals))
        if rng.random() < 0.1:
            vals[0] += 1  # not zero
        return dict(zip(t.players, vals, strict=True))

    def totals_args(self, t, tot):
        rng = self.rng
        args = ["--totals", ",".join(f"{self.name(p)}={v}" for p, v in tot.items())]
        if rng.random() < 0.7:
            solos = {p: rng.randint(0, 1) for p in t.players[:2]}
            won = {p: min(t.games, solos.get(p, 0) + rng.randint(0, 1)) for p in t.players[:3]}
            args += ["--solos", ",".join(f"{p}={v}" for p, v in solos.items())]
            args += ["--won", ",".join(f"{p}={v}" for p, v in won.items())]
        return args

    def op_totals(self):
        t, extra = self.pick_table(any_round=True)
        tot = self.random_totals(t)
        ok = sum(tot.values()) == 0
        r = self.attempt("tournament", "enter", "--tisch", str(t.tisch), *extra, *self.totals_args(t, tot), "--json",
                         must=False if (not ok or t.totals is not None or t.valid()) else None)
        if r is None:
            return
        t.totals = tot
        t.entered = True

    def op_replace(self):
        t, extra = self.pick_table(any_round=True)
        tot = self.random_totals(t)
        ok = sum(tot.values()) == 0
        r = self.attempt("tournament", "enter", "--tisch", str(t.tisch), *extra, *self.totals_args(t, tot),
                         "--replace", "--reason", "swapped", "--json",
                         must=False if (not ok or t.totals is None) else (True if t.totals is not None else None))
        if r is None:
            return
        t.totals = tot

    def op_voidtotals(self):
        t, extra = self.pick_table(any_round=True)
        r = self.attempt("tournament", "enter", "--tisch", str(t.tisch), *extra, "--void-totals", "--reason", "x",
                         "--json", must=False if t.totals is None else True)
        if r is None:
            return
        t.totals = None

    def op_void(self):
        t, extra = self.pick_table(any_round=True)
        if not t.hands:
            self.attempt("void", "1", "--tisch", str(t.tisch), *extra, must=False)
            return
        h = self.rng.randint(1, len(t.hands))
        r = self.attempt("void", str(h), "--tisch", str(t.tisch), *extra, "--reason", "x", "--json",
                         must=False if t.hands[h - 1] is None or t.totals is not None else None)
        if r is None:
            return
        t.hands[h - 1] = None

    def op_undo(self):
        t, extra = self.pick_table(any_round=True)
        r = self.attempt("undo", "--tisch", str(t.tisch), *extra, "--json",
                         must=False if not t.valid() or t.totals is not None else None)
        if r is None:
            return
        last = max(i for i, h in enumerate(t.hands) if h is not None)
        t.hands[last] = None

    def op_fix(self):
        rng = self.rng
        if self.fixed and rng.random() < 0.4:
            p = rng.choice(sorted(self.fixed))
            if self.attempt("tournament", "fix", self.name(p), "--remove", "--json") is not None:
                del self.fixed[p]
            return
        p = rng.choice(self.players)
        tisch = rng.randint(1, 4)
        r = self.attempt("tournament", "fix", self.name(p), str(tisch), "--json",
                         must=False if p in self.withdrawn else None)
        if r is not None:
            self.fixed[p] = tisch

    def op_apart(self):
        rng = self.rng
        if self.apart and rng.random() < 0.4:
            a, b = sorted(rng.choice(sorted(self.apart, key=sorted)))
            if self.attempt("tournament", "apart", a, b, "--remove", "--json") is not None:
                self.apart.discard(frozenset((a, b)))
            return
        a, b = rng.sample(self.players, 2)
        r = self.attempt("tournament", "apart", self.name(a), self.name(b), "--json",
                         must=False if a in self.withdrawn or b in self.withdrawn else None)
        if r is not None:
            self.apart.add(frozenset((a, b)))

    def op_latecomer(self):
        if self.next_name >= len(NAMES):
            return
        p = NAMES[self.next_name]
        r = self.attempt("tournament", "player", "add", p, "--json")
        if r is None:
            return
        self.next_name += 1
        self.players.append(p)
        data = json.loads(r.stdout)
        self.joined[p] = self.current() + 1
        if data["from_round"] != self.current() + 1:
            raise Violation(f"latecomer {p} from round {data['from_round']}, drawn rounds {self.current()}")

    def op_withdraw(self):
        act = self.active_players()
        p = self.rng.choice(self.players)
        r = self.attempt("tournament", "player", "withdraw", self.name(p), "--reason", "train", "--json",
                         must=False if p not in act else None)
        if r is not None:
            self.withdrawn.add(p)

    # -- invariants ------------------------------------------------------------------------------
    def ranking(self, table=None):
        r = self.run("tournament", "ranking", "--json") if table is None else self.runner.invoke(
            app, ["--table", str(table), "tournament", "ranking", "--json"], env={"SCHAFKOPF_TABLE": ""})
        if r.exit_code != 0:
            raise Violation(f"ranking refused: {r.output}")
        return json.loads(r.stdout)

    def check(self, deep=False):
        if not self.tables:
            return
        missing = []
        for rnd, ts in sorted(self.tables.items()):
            for t in ts.values():
                bal = t.balances()
                if sum(bal.values()) != 0:
                    raise Violation(f"model table {rnd}/{t.tisch} does not sum to zero {bal}")
                if not t.done():
                    missing.append({"round": rnd, "tisch": t.tisch})
                if deep or rnd == self.current():
                    sheet = self.sheet(t)
                    got = {p: int(v) for p, v in sheet["balances"].items()}
                    if sum(got.values()) != 0:
                        raise Violation(f"sheet {rnd}/{t.tisch} sums to {sum(got.values())}: {got}")
                    if got != bal:
                        raise Violation(f"sheet {rnd}/{t.tisch} {got}, the model {bal}")
        rk = self.ranking()
        if rk["missing"] != missing:
            raise Violation(f"missing {rk['missing']}, the model {missing}")
        undrawn = list(range(self.current() + 1, self.rounds + 1))
        if rk.get("undrawn") != undrawn:
            raise Violation(f"undrawn {rk.get('undrawn')}, the model {undrawn}")
        if rk["complete"] != (not missing and not undrawn):
            raise Violation(f"complete {rk['complete']} with missing {missing} undrawn {undrawn}")
        rows = {x["player"]: x for x in rk["ranking"]}
        if set(rows) != set(self.players):
            raise Violation(f"ranking lists {sorted(rows)}, registered {sorted(self.players)}")
        for p in self.players:
            per = {}
            for rnd, ts in self.tables.items():
                for t in ts.values():
                    if p in t.players:
                        per[str(rnd)] = t.balances()[p]
            row = rows[p]
            got_rounds = {k: v for k, v in row["rounds"].items()}
            if {k: v for k, v in got_rounds.items() if v or k in per} != per and \
                    {k: v for k, v in got_rounds.items() if k in per} != per:
                raise Violation(f"{p}: rounds {got_rounds}, the model {per}")
            if any(k not in per and v for k, v in got_rounds.items()):
                raise Violation(f"{p}: points for a round not played {got_rounds}, the model {per}")
            if row["points"] != sum(per.values()):
                raise Violation(f"{p}: points {row['points']}, the model {sum(per.values())} ({per})")
            if row["withdrawn"] != (p in self.withdrawn):
                raise Violation(f"{p}: withdrawn {row['withdrawn']}")
        r = self.run("check")
        if r.exit_code != 0:
            raise Violation(f"check fails: {r.output}")
        if deep:
            self.roundtrip(rk)

    def roundtrip(self, rk):
        out = self.folder / "x.json"
        r = self.run("export", "--format", "json", "--all", "--out", str(out))
        if r.exit_code != 0:
            raise Violation(f"export refused: {r.output}")
        other = self.folder / f"copy{len(self.log)}"
        other.mkdir()
        (other / "t.toml").write_text(self.path.read_text())
        r = self.runner.invoke(app, ["--table", str(other / "t.toml"), "import", str(out)],
                               env={"SCHAFKOPF_TABLE": ""})
        if r.exit_code != 0 or "Traceback" in r.output:
            raise Violation(f"import refused: {r.output}")
        rk2 = self.ranking(other / "t.toml")
        for k in ("ranking", "missing", "complete", "undrawn", "corrections"):
            if rk.get(k) != rk2.get(k):
                raise Violation(f"round trip changes {k}: {json.dumps(rk.get(k))[:600]} vs {json.dumps(rk2.get(k))[:600]}")
        for rnd in self.tables:
            a = self.run("tournament", "tables", "--round", str(rnd), "--json").stdout
            b = self.runner.invoke(app, ["--table", str(other / "t.toml"), "tournament", "tables", "--round", str(rnd),
                                         "--json"], env={"SCHAFKOPF_TABLE": ""}).stdout
            if json.loads(a)["tables"] != json.loads(b)["tables"]:
                raise Violation(f"round trip changes the tables of round {rnd}")


def run(seed: int, steps: int, folder: Path, deep_every: int = 8, verbose=False) -> tuple[Driver | None, str | None]:
    d = None
    try:
        d = Driver(seed, folder, verbose)
        for i in range(steps):
            d.step()
            d.check(deep=(i % deep_every == deep_every - 1))
        d.check(deep=True)
    except Violation as v:
        return d, str(v)
    return d, None


if __name__ == "__main__":
    import tempfile

    seed = int(sys.argv[1])
    steps = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    with tempfile.TemporaryDirectory() as tmp:
        d, problem = run(seed, steps, Path(tmp), verbose="-v" in sys.argv)
        if problem:
            print(f"seed {seed}: {problem}")
            if d:
                print("players", d.players, "short", d.short, "rounds", d.rounds, "gpr", d.gpr)
                for line in d.log[-12:]:
                    print("  ", " ".join(line))
            sys.exit(1)
        print(f"seed {seed}: ok ({len(d.log)} commands)")
