"""A model-based random attack on the money invariants across an evening and a season, through the
real command line (in process). ``python -m tests.money_driver SEED [STEPS] [CONFIG]`` runs one
sequence and prints every violation; ``run(seed, steps)`` returns them."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from schafkopf_score.cli.app import app
from schafkopf_score.rules.registry import find_family
from schafkopf_score.table.file import render_table
from tests.conftest import CliRunner

NAMES = ["Anna", "Ben", "Cora", "Dora", "Emil", "Franz", "Gabi", "Hans", "Ida", "Jakob"]
SUITS = ["eichel", "gras", "herz", "schellen"]
FSUITS = ["kreuz", "pik", "herz", "karo"]


class Violation(Exception):
    pass


class Driver:
    def __init__(self, seed: int, folder: Path, config: str | None = None, verbose: bool = False):
        self.rng = random.Random(seed)
        self.seed = seed
        self.folder = folder
        self.runner = CliRunner()
        self.log: list[list[str]] = []
        self.problems: list[str] = []
        self.verbose = verbose
        self.config = config or self.rng.choice(["bav_stock", "bav_stock", "bav_ramsch_stock", "bav_official",
                                                 "bav_wirtshaus", "bav3", "wendish", "wendish3", "deutscher",
                                                 "sheepshead", "bav_stock5", "bav_bock"])
        self.path = folder / "t.toml"
        self.next_name = 0
        self.make_table()

    # -- the table ---------------------------------------------------------------------------------
    def make_table(self):
        rng = self.rng
        c = self.config
        fam = {"wendish": "wendish", "wendish3": "wendish", "deutscher": "deutscher",
               "sheepshead": "sheepshead"}.get(c, "bavarian")
        self.family = fam
        seats = None
        n = rng.choice([4, 4, 5, 6])
        if c in ("bav3", "wendish3"):
            seats = 3
            n = rng.choice([3, 4, 5])
        if fam == "sheepshead":
            n = rng.choice([5, 6])
        preset = "wirtshaus" if c in ("bav_wirtshaus", "bav_ramsch_stock") else "official"
        if fam != "bavarian":
            preset = "official"
        self.players = NAMES[:n]
        self.next_name = n
        text = render_table(find_family(fam), list(self.players), name="t", seats=seats, preset=preset,
                            tariff=None, language="en")

        def sub(old, new):
            nonlocal text
            assert old in text, (old, c)
            text = text.replace(old, new)

        if fam == "bavarian":
            if c.startswith("bav_stock") or c == "bav_bock":
                sub('all_pass = "redeal"', 'all_pass = "stock"')
            if c == "bav_ramsch_stock":
                sub('all_pass = "ramsch"', 'all_pass = ["ramsch", "stock"]')
            if c in ("bav_stock", "bav_stock5", "bav_ramsch_stock", "bav_bock", "bav_wirtshaus"):
                sub('stock_at_close = "equal"',
                    f'stock_at_close = "{rng.choice(["equal", "payers", "carry"])}"')
                sub('stock_on_loss = "double"', f'stock_on_loss = "{rng.choice(["double", "none"])}"')
                sub("stock_doubles = false", f"stock_doubles = {rng.choice(['true', 'false'])}")
                sub("stock = 10", f"stock = {rng.choice([10, 10, 20, 5, 7, 15])}")
            if c in ("bav_bock", "bav_stock5") or rng.random() < 0.3:
                trig = rng.sample(["kontra_lost", "schwarz", "sie", "sixty_sixty", "durchmarsch"], rng.randint(1, 3))
                sub("bock_after = []", "bock_after = [" + ", ".join(f'"{x}"' for x in trig) + "]")
                sub('bock_hands = "round"', "bock_hands = " + rng.choice(['"round"', "2", "3"]))
                sub('bock_stack = "queue"', f'bock_stack = "{rng.choice(["queue", "double"])}"')
            if rng.random() < 0.5:
                sub("legen = false", "legen = true") if "legen = false" in text else None
            if rng.random() < 0.3:
                sub("kontra = 2", "kontra = 4")
            if "schieben = false" in text and rng.random() < 0.3:
                sub("schieben = false", "schieben = true")
        elif fam == "wendish":
            sub("muss_solo = 0", f"muss_solo = {rng.choice([0, 1, 2])}")
            sub("muss_solo_penalty = 0", f"muss_solo_penalty = {rng.choice([0, 10, 25, 33])}")
            if rng.random() < 0.4:
                sub("kasse = 0", f"kasse = {rng.choice([100, 500])}")
            if rng.random() < 0.4:
                sub("bock_after = []", 'bock_after = ["schwarz", "sixty_sixty"]')
            if c == "wendish3":
                text = text.replace('games = ["normal", "hochzeit", "solo"]', 'games = ["normal", "hochzeit", "solo", "jeder"]')
        elif fam == "deutscher":
            if rng.random() < 0.3:
                sub('partners = "per_game"', 'partners = "fixed"')
            sub("strokes_per_head = 9", f"strokes_per_head = {rng.choice([9, 9, 3, 4])}")
            sub("head = 50", f"head = {rng.choice([50, 33, 25])}")
        elif fam == "sheepshead":
            sub('no_pick = "leaster"', f'no_pick = "{rng.choice(["leaster", "doubler"])}"')
            sub("point_value = 25", f"point_value = {rng.choice([25, 10, 33])}")
        self.path.write_text(text, encoding="utf-8")
        self.table_text = text
        self.table_text_initial = text

    # -- running -----------------------------------------------------------------------------------
    def run(self, *args: str, table: Path | None = None):
        r = self.runner.invoke(app, ["--table", str(table or self.path), *args],
                               env={"COLUMNS": "120", "SCHAFKOPF_TABLE": ""})
        out = r.stdout
        err = r.stderr
        if "Traceback" in out or "Traceback" in err or (r.exception and not isinstance(r.exception, SystemExit)):
            import traceback

            tb = "".join(traceback.format_exception(*r.exc_info)) if r.exc_info else ""
            self.fail(f"traceback on {args}: {tb[-1500:]}")
        return r

    def ledger_bytes(self, table=None):
        p = (table or self.path).with_suffix(".sqlite")
        return p.read_bytes() if p.exists() else None

    def act(self, *args: str):
        """A step that may write: exit 0 or a clean refusal (2, nothing written)."""
        before = (self.path.read_bytes(), self.ledger_bytes())
        r = self.run(*args)
        self.log.append(list(args) + [f"# exit {r.exit_code}"])
        if self.verbose:
            print(" ".join(args), "->", r.exit_code, (r.stderr or "").strip()[:200])
        if r.exit_code == 2:
            if (self.path.read_bytes(), self.ledger_bytes()) != before:
                self.fail(f"refusal wrote: {args}: {r.stderr}")
        elif r.exit_code != 0:
            self.fail(f"exit {r.exit_code} on {args}: {r.stdout[-500:]} {r.stderr[-500:]}")
        return r

    def aliases(self) -> dict[str, str]:
        """Every earlier name -> the name the player goes by now, as the ledger holds them."""
        from schafkopf_score.ledger import open_ledger
        from schafkopf_score.table import load_table

        with open_ledger(load_table(self.path)) as ledger:
            return dict(ledger.aliases())

    def js(self, *args: str, table=None):
        r = self.run(*args, "--json", table=table)
        if r.exit_code != 0:
            self.fail(f"{args} --json exit {r.exit_code}: {r.stdout[-1500:]} {r.stderr}")
        return json.loads(r.stdout)

    def fail(self, msg: str):
        raise Violation(msg)

    # -- state -------------------------------------------------------------------------------------
    def state(self):
        st = self.js("standings")
        return st

    def active(self):
        st = self.state()
        if st.get("next"):
            return st["next"]["active"], st
        import re

        seats = int(re.search(r"^seats = (\d+)", self.table_text, re.M).group(1))
        return self.players[1:seats + 1] if len(self.players) > seats else self.players[:seats], st

    # -- random entries ----------------------------------------------------------------------------
    def pick(self, seq, k=1):
        return self.rng.sample(seq, k)

    def game_words(self, active, st) -> list[str]:
        rng = self.rng
        fam = self.family
        text = self.table_text
        if fam == "bavarian":
            three = len(active) == 3
            choices = ["solo", "wenz", "tout", "bettel", "sie", "farbwenz", "geier", "ramsch", "weiter"]
            if not three:
                choices += ["sau"] * 5 + ["hochzeit"]
            g = rng.choice(choices)
            p, q = self.pick(active, 2)
            aug = rng.choice([0, 15, 30, 31, 50, 60, 61, 72, 89, 90, 91, 105, 120, rng.randint(0, 120)])
            words: list[str] = []
            if g == "sau":
                words = ["sau", p, q, str(aug)]
                if aug in (0, 120) and rng.random() < 0.5:
                    words.append("sw")
                if rng.random() < 0.4:
                    words.append(f"l{rng.randint(0, 6)}")
            elif g == "hochzeit":
                words = ["hochzeit", p, q, str(aug)]
            elif g in ("solo", "farbwenz", "geier", "wenz"):
                name = {"solo": f"{rng.choice(SUITS)}solo", "farbwenz": f"{rng.choice(SUITS)}wenz",
                        "geier": "geier", "wenz": "wenz"}[g]
                words = [name, p, str(aug)]
                if aug in (0, 120) and rng.random() < 0.5:
                    words.append("sw")
                if rng.random() < 0.4:
                    words.append(f"l{rng.randint(0, 4)}")
            elif g == "tout":
                words = [rng.choice(["wenz", "herzsolo", "geier"]), p, "tout", rng.choice("+-")]
            elif g == "bettel":
                words = ["bettel", p, rng.choice("+-")]
                if rng.random() < 0.3:
                    words.append("ouvert")
            elif g == "sie":
                words = ["sie", p, f"l{rng.randint(8, 14)}"]
            elif g == "ramsch":
                words = ["ramsch", p]
                if rng.random() < 0.3:
                    words += ["jf", q]
                if rng.random() < 0.1:
                    words = ["ramsch", "dm", p]
                if "schieben = true" in text and rng.random() < 0.3:
                    words.append(f"sch{rng.randint(1, 2)}")
            else:
                words = ["weiter"]
            if g not in ("weiter", "sie", "ramsch") and rng.random() < 0.3:
                words.append("k")
                if rng.random() < 0.4:
                    words.append("re")
            if "legen = true" in text and rng.random() < 0.3:
                words.append(f"g{rng.randint(1, 2)}")
            return words
        if fam == "wendish":
            p, q = self.pick(active, 2)
            aug = rng.choice([0, 20, 29, 30, 60, 61, 90, 91, 120, rng.randint(0, 120)])
            three = len(active) == 3
            g = rng.choice((["normal"] * 4 + ["hochzeit"] if not three else []) + ["solo", "still"]
                           + (["jeder"] if three else []))
            if g == "normal":
                return ["normal", p, q, str(aug)] + (["sw"] if aug in (0, 120) and rng.random() < 0.5 else [])
            if g == "hochzeit":
                return ["hochzeit", p, q, str(aug)]
            if g == "still":
                return ["solo", p, "still", str(aug)]
            if g == "jeder":
                a = rng.randint(0, 120)
                b = rng.randint(0, 120 - a)
                return ["jeder", f"{active[0]}={a}", f"{active[1]}={b}", f"{active[2]}={120 - a - b}"]
            return [f"{rng.choice(FSUITS)}solo", p, str(aug)]
        if fam == "deutscher":
            pairs = st.get("partners")
            aug = rng.choice([0, 20, 29, 30, 60, 61, 90, 91, 120, rng.randint(0, 120)])
            if pairs and rng.random() < 0.95:
                pair = rng.choice(pairs)
                p, q = rng.sample(pair, 2)
            else:
                p, q = self.pick(active, 2)
            words = ["spiel", p, q, str(aug)]
            if aug in (0, 120) and rng.random() < 0.5:
                words.append("sw")
            if rng.random() < 0.2:
                words.append("zwang")
            return words
        # sheepshead
        p, q = self.pick(active, 2)
        pts = rng.choice([0, 29, 30, 31, 60, 61, 90, 91, 120, rng.randint(0, 120)])
        g = rng.choice(["pick"] * 5 + ["alone", "leaster", "doubler"])
        if g == "pick":
            words = ["pick", p, q, str(pts)]
        elif g == "alone":
            words = ["pick", p, "alone", str(pts)]
        elif g == "leaster":
            return ["leaster", "--winner", p]
        else:
            return ["doubler"]
        if rng.random() < 0.2:
            words.append("crack")
            if rng.random() < 0.3:
                words.append("recrack")
        return words

    def step(self):
        rng = self.rng
        x = rng.random()
        active, st = self.active()
        if self.family == "deutscher" and rng.random() < 0.6 and x < 0.70:
            self.act("draw")
            active, st = self.active()
        if x < 0.66:
            words = self.game_words(active, st)
            if words and words[0] in ("leaster", "doubler"):
                self.act("add", *words)
            else:
                self.act("add", *words)
        elif x < 0.70:
            self.act("undo", "--reason", "r")
        elif x < 0.74:
            n = self.open_hands()
            if n:
                self.act("void", str(rng.randint(1, n)), "--reason", "r")
        elif x < 0.80:
            n = self.open_hands()
            if n:
                h = str(rng.randint(1, n))
                kind = rng.random()
                if kind < 0.3:
                    self.act("edit", h, "--kontra", "--reason", "r")
                elif kind < 0.6:
                    self.act("edit", h, "--augen", str(rng.randint(0, 120)), "--reason", "r")
                else:
                    self.act("edit", h, *self.game_words(active, st), "--yes", "--reason", "r")
        elif x < 0.84:
            k = rng.random()
            if k < 0.4:
                name = NAMES[self.next_name % len(NAMES)] + ("" if self.next_name < len(NAMES) else str(self.next_name))
                self.next_name += 1
                r = self.act("player", "add", name)
                if r.exit_code == 0:
                    self.players.append(name)
            elif k < 0.75:
                who = rng.choice(self.players)
                r = self.act("player", "leave", who)
                if r.exit_code == 0:
                    self.players.remove(who)
            else:
                who = rng.choice(self.players)
                new = who + "x"
                r = self.act("player", "rename", who, new)
                if r.exit_code == 0:
                    self.players[self.players.index(who)] = new
        elif x < 0.88:
            self.act("settle", "--player", rng.choice(self.players), "--yes")
        elif x < 0.95:
            args = ["settle", "--close"]
            if rng.random() < 0.4:
                args += ["--round", str(rng.choice([5, 10, 20, 50, 100]))]
            self.act(*args)
        else:
            sessions = self.js("sheet", "--all")["sessions"]
            if sessions:
                self.act("settle", "--reopen", str(sessions[-1]["session"]), "--reason", "r")
        self.table_text = self.path.read_text(encoding="utf-8")

    def open_hands(self) -> int:
        s = self.js("sheet")["sessions"][-1]
        if s["closed"]:
            return 0
        return max((h["hand"] for h in s["hands"]), default=0)

    # -- invariants --------------------------------------------------------------------------------
    def check(self, deep: bool):
        sheet = self.js("sheet")
        sess = sheet["sessions"][-1]
        n = sess["session"]
        unit = sess["unit"]
        totals: dict[str, int] = {}
        stock = 0
        ren = {r["from"]: r["to"] for r in self.js("player", "list")["renamed"]}

        def now(name):
            seen = set()
            while name in ren and name not in seen:
                seen.add(name)
                name = ren[name]
            return name

        for h in sess["hands"]:
            if h["void"]:
                continue
            s = sum(h["payouts"].values()) + h.get("stock", 0)
            if s != 0 and unit != "stroke":
                self.fail(f"hand {h['hand']} sums to {s}: {h}")
            for p, v in h["payouts"].items():
                totals[now(p)] = totals.get(now(p), 0) + v
            stock += h.get("stock", 0)
        for pay in sess["payments"]:
            for p, v in pay["amounts"].items():
                totals[now(p)] = totals.get(now(p), 0) + v
            if sum(pay["amounts"].values()) != 0:
                self.fail(f"payment does not sum to zero: {pay}")
        bal = {p: v for p, v in sess["balances"].items()}
        for p in set(totals) | set(bal) if not sess["closed"] else ():
            if totals.get(p, 0) != bal.get(p, 0):
                self.fail(f"sheet balances {bal} != sum of hands {totals}")
        settle = self.js("settle")
        standings = self.js("standings")
        stats = self.js("stats")
        if settle["session"] != n:
            self.fail(f"settle session {settle['session']} != sheet {n}")
        closed = settle["closed"]
        if closed != sess["closed"]:
            self.fail("closed differs")
        # settle's balances in its own unit
        if unit == "point":
            game_bal = settle["points"]
        elif unit == "stroke":
            game_bal = settle["strokes"]
        else:
            game_bal = settle["balances"]
        for p in set(game_bal) | set(bal) if not closed else ():
            if game_bal.get(p, 0) != bal.get(p, 0):
                self.fail(f"settle balances ({unit}) {game_bal} != sheet {bal}")
        carried_in = 0
        money_bal = settle["balances"]
        paid = settle["paid"]
        # the Stock: players + Stock = the carried-in Stock
        if unit == "cent" and not closed:
            s_stock = settle.get("stock", 0)
            # the Stock at the start (carried in) is s_stock - stock of hands
            carried_in = s_stock - stock
            if sum(money_bal.values()) + s_stock != carried_in:
                self.fail(f"balances {money_bal} + stock {s_stock} != carried {carried_in}")
        # transfers clear paid
        net = {p: 0 for p in paid}
        for t in settle["transfers"]:
            if t["amount"] <= 0:
                self.fail(f"non-positive transfer {t}")
            net[t["from"]] = net.get(t["from"], 0) - t["amount"]
            net[t["to"]] = net.get(t["to"], 0) + t["amount"]
        for t in settle.get("into_stock", []):
            net[t["from"]] = net.get(t["from"], 0) - t["amount"]
        for t in settle.get("from_stock", []):
            net[t["to"]] = net.get(t["to"], 0) + t["amount"]
        for p in set(net) | set(paid):
            if net.get(p, 0) != paid.get(p, 0):
                self.fail(f"transfers {settle['transfers']} into {settle.get('into_stock')} from "
                          f"{settle.get('from_stock')} do not clear paid {paid} (net {net})")
        if unit == "cent":
            ret = settle.get("stock_return", {})
            rounding = settle.get("rounding", {})
            into = {t["from"]: t["amount"] for t in settle.get("into_stock", [])}
            for p in paid:
                # what is paid is the balance plus the Stock's return, the rounding, minus into Stock
                exp = money_bal.get(p, 0) + ret.get(p, 0) + rounding.get(p, 0)
                if settle.get("stock_at_close") == "carry":
                    exp = money_bal.get(p, 0) + rounding.get(p, 0)
                if exp != paid[p] and "muss" not in json.dumps(settle):
                    self.fail(f"paid {paid} != balances {money_bal} + return {ret} + rounding {rounding}")
            if sum(paid.values()) + sum(into.values()) - sum(t["amount"] for t in settle.get("from_stock", [])) != 0:
                self.fail(f"paid does not sum to what goes into/out of the Stock: {settle}")
        dif = settle.get("difference")
        if dif:
            moved: dict[str, int] = {}
            for t in dif["transfers"]:
                moved[t["from"]] = moved.get(t["from"], 0) - t["amount"]
                moved[t["to"]] = moved.get(t["to"], 0) + t["amount"]
            for t in dif.get("into_stock", []):
                moved[t["from"]] = moved.get(t["from"], 0) - t["amount"]
            for t in dif.get("from_stock", []):
                moved[t["to"]] = moved.get(t["to"], 0) + t["amount"]
            if {k: v for k, v in moved.items() if v} != dif["amounts"]:
                self.fail(f"difference transfers do not clear its amounts: {dif}")
            if set(dif["amounts"]) - set(self.players) - set(paid):
                self.fail(f"difference names a player by an old name: {dif} (players {self.players})")
        # standings
        sb = standings["balances"]
        want = paid if closed else game_bal
        if unit != "cent" and closed:
            want = game_bal
        for p in set(sb) | set(want):
            if sb.get(p, 0) != want.get(p, 0):
                self.fail(f"standings {sb} != settle {'paid' if closed else 'balances'} {want}")
        # stats money
        sm = {p: v["money"] for p, v in stats["players"].items()}
        sw = paid if closed else money_bal
        for p in set(sm) | set(sw):
            if sm.get(p, 0) != sw.get(p, 0):
                self.fail(f"stats money {sm} != settle {sw} (closed={closed})")
        chk = self.js("check", *(["--full"] if deep else []))
        if chk["problems"]:
            self.fail(f"check: {chk['problems']}")
        # the season
        season = self.js("settle", "--all")
        now = self.aliases()  # the season counts an evening closed before a rename under the name now
        tot: dict[str, int] = {}
        for sn in season.get("sessions", []):
            one = self.js("settle", "--session", str(sn))
            src = one["paid"] if one["closed"] else one["balances"]
            for p, v in src.items():
                p = now.get(p, p)
                tot[p] = tot.get(p, 0) + v
        sbal = season["balances"]
        for p in set(tot) | set(sbal):
            if tot.get(p, 0) != sbal.get(p, 0):
                self.fail(f"season balances {sbal} != sum of sessions {tot}")
        if deep:
            self.round_trip()

    def round_trip(self):
        out = self.folder / "all.json"
        r = self.run("export", "--all", "--format", "json", "--out", str(out))
        if r.exit_code != 0:
            self.fail(f"export failed: {r.stderr}")
        other = self.folder / "copy.toml"
        for suffix in (".toml", ".sqlite", ".sqlite-wal", ".sqlite-shm"):
            q = other.with_suffix(suffix)
            if q.exists():
                q.unlink()
        other.write_text(self.path.read_text(encoding="utf-8"), encoding="utf-8")
        r = self.run("import", str(out), table=other)
        if r.exit_code != 0:
            self.fail(f"import refused: {r.stderr}")
        for args in (["sheet", "--all"], ["settle", "--all"], ["settle"], ["standings", "--all"], ["stats", "--all"]):
            a = self.js(*args)
            b = self.js(*args, table=other)
            strip(a)
            strip(b)
            if a != b:
                self.fail(f"round trip differs in {args}: {diff(a, b)}")
        for fmt in ("csv", "md", "html"):
            r = self.run("export", "--all", "--format", fmt)
            if r.exit_code != 0:
                self.fail(f"export {fmt}: {r.stderr}")


def strip(obj):
    if isinstance(obj, dict):
        for k in list(obj):
            if k in ("recorded_at", "date", "created_at", "opened_at", "exported_at"):
                del obj[k]
            else:
                strip(obj[k])
    elif isinstance(obj, list):
        for x in obj:
            strip(x)


def diff(a, b, path=""):
    if type(a) is not type(b):
        return f"{path}: {a!r} != {b!r}"
    if isinstance(a, dict):
        for k in set(a) | set(b):
            if k not in a or k not in b:
                return f"{path}.{k}: only in one ({a.get(k)!r} / {b.get(k)!r})"
            d = diff(a[k], b[k], f"{path}.{k}")
            if d:
                return d
        return ""
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path}: lengths {len(a)} != {len(b)}: {a!r} / {b!r}"[:2000]
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            d = diff(x, y, f"{path}[{i}]")
            if d:
                return d
        return ""
    return "" if a == b else f"{path}: {a!r} != {b!r}"


def run(seed: int, steps: int, folder: Path, config: str | None = None, deep_every: int = 10,
        verbose: bool = False) -> tuple[Driver, str | None]:
    d = Driver(seed, folder, config, verbose)
    try:
        d.check(deep=False)
        for i in range(steps):
            d.step()
            d.check(deep=(i % deep_every == deep_every - 1))
    except Violation as v:
        return d, str(v)
    return d, None


if __name__ == "__main__":
    import os
    import tempfile
    import time

    seed = int(sys.argv[1])
    steps = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    config = sys.argv[3] if len(sys.argv) > 3 and sys.argv[3] != "-" else None
    verbose = os.environ.get("V") == "1"
    with tempfile.TemporaryDirectory() as tmp:
        os.chdir(tmp)
        t0 = time.time()
        d, problem = run(seed, steps, Path(tmp), config, verbose=verbose)
        ok = sum(1 for x in d.log if x[-1] == "# exit 0")
        print(f"seed {seed} config {d.config} steps {len(d.log)} accepted {ok} {time.time() - t0:.1f}s")
        if problem:
            print("VIOLATION:", problem[:3000])
            print("table:", d.family, d.players)
            print("\n".join(" ".join(x) for x in (d.log if os.environ.get("ALL") else d.log[-40:])))
            if os.environ.get("ALL"):
                print(d.table_text)
            if os.environ.get("KEEP"):
                import shutil

                shutil.copytree(tmp, os.environ["KEEP"], dirs_exist_ok=True)
            sys.exit(1)
