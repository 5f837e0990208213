"""Wendischer Schafkopf (RULES.md section 3): the two black queens play together.

French deck; Damen, Buben, then Karo are trump. ``V = base + schneider + schwarz``, paid as in
Bavarian partner and solo games. Muss-Solo and the Kasse are tracked per session.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from ...errors import IllegalEntry
from ...i18n import Amount, Join, Text, add_part, say
from .. import bock
from ..entry_checks import augen_map_total, check_active, check_result, reject_foreign_options, require_active, require_partner
from ..family import Bookings, FamilyOf, GameType, Initial, Result, card_text, distribute, each_player, kasse_notes
from ..keys import HouseRules, rule, tariff_keys
from ..matching import alias_table
from ..model import UNIT_CENT, GameEntry, HandState, Outcome, Seating, TableRules

add_part(f"{__name__}.messages")  # the family's words join the catalogue when the family is loaded

FRENCH = ("kreuz", "pik", "herz", "karo")
BAVARIAN = ("eichel", "gras", "schellen")
_WIN = frozenset({"augen", "schwarz", "won"})

GAMES = (
    GameType("normal", "partner", ("alte", "normalspiel"), "normal",
             allowed=frozenset({"player", "partner"}) | _WIN),
    GameType("hochzeit", "partner", (), "hochzeit", allowed=frozenset({"player", "partner"}) | _WIN),
    GameType("solo", "solo", ("lustsolo", "lust-solo", "stillsolo"), "solo",
             allowed=frozenset({"player", "suit", "still"}) | _WIN, solo=True),
    GameType("jeder", "jeder", ("jeder-gegen-jeden",), "normal",
             allowed=frozenset({"augen_map", "winner", "loser"}), everyone=True),
)

SWITCHABLE = ("normal", "hochzeit", "solo", "jeder")
# the hands after which a Bock round may follow (bock_after)
BOCK_TRIGGERS = (bock.SCHWARZ, bock.SIXTY_SIXTY)


def _game_item(name: str) -> str | None:
    return alias_table(GAMES).get(name.strip().casefold())


TARIFF = tariff_keys("wendish", ("normal", 10), ("hochzeit", 10), ("solo", 30), ("schneider", 10), ("schwarz", 10))


class JederGegenJeden(StrEnum):
    MOST_WINS = "most_wins"
    MOST_LOSES = "most_loses"


@dataclass(frozen=True)
class WendishRules(HouseRules):
    """The ``[rules]`` of a Wendish table, typed, each with its default (RULES §3)."""

    family = "wendish"

    games: tuple[str, ...] = rule(("normal", "hochzeit", "solo"), items=_game_item, item_names=SWITCHABLE, minimum=1)
    schneider_below: int = rule(30, minimum=1, maximum=120)
    muss_solo: int = rule(0)
    muss_solo_penalty: int = rule(0)
    kasse: int = rule(0)
    jeder_gegen_jeden: JederGegenJeden = rule(JederGegenJeden.MOST_WINS)
    bock_after: tuple[str, ...] = rule((), item_names=BOCK_TRIGGERS)
    bock_hands: str | int = rule(bock.ROUND, kind="int_or_choice", choices=(bock.ROUND,), minimum=1, maximum=100)
    bock_stack: bock.BockStack = rule(bock.BockStack.QUEUE)


RULES = WendishRules.specs()


@dataclass(frozen=True)
class WendishState:
    """What a Wendish table carries from hand to hand: the solos each player has played, the
    Bock layers of each pending Bock hand (``bock.py``), and who played the last hand (the
    Muss-Solo penalty is paid to them at the close, RULES §12)."""

    solos: tuple[tuple[str, int], ...] = ()
    bock: tuple[int, ...] = ()
    last_active: tuple[str, ...] = ()

    def solo_count(self, name: str) -> int:
        return dict(self.solos).get(name, 0)


class Wendish(FamilyOf[WendishRules, WendishState]):
    name = "wendish"
    aliases = ("wendisch", "wendischer", "wendischer-schafkopf", "dreiwendsch")
    unit = UNIT_CENT
    decks = ("long", "short20")
    suits = FRENCH
    foreign_suits = BAVARIAN
    suited_games = {"solo": "solo"}
    games = GAMES
    tariff_specs = TARIFF
    house_rules = WendishRules
    state_type = WendishState
    rule_specs = RULES
    default_tariff = ("normal", "solo")

    def rule_defaults(self, seats: int) -> dict[str, Any]:
        return {"games": ["solo", "jeder"]} if seats == 3 else ({"games": ["solo"]} if seats == 2 else {})

    page_kontra = None  # the source has no Kontra: a player's page shows no line of it
    help_examples = (
        ("normal", {"player": 0, "partner": 1, "augen": 72}),
        ("hochzeit", {"player": 2, "partner": 3, "augen": 95}),
        ("solo", {"player": 3, "still": True, "augen": 80}),
        ("solo", {"player": 1, "suit": "kreuz", "augen": 40}),
    )

    def enabled(self, game: GameType, rules: TableRules) -> bool:
        return game.name in self.house_rules_of(rules).games

    def check_table(self, rules: TableRules) -> list[tuple[str, str, Text]]:
        if rules.deck == "short20" and rules.seats != 3:
            return [("", "deck", Text("engine.table.short20"))]
        return []

    def validate(self, entry: GameEntry, rules: TableRules, seating: Seating, state: HandState) -> Result:
        g = self.game(entry.game)
        r = self.house_rules_of(rules)
        n = len(seating.active)
        if g.kind == "partner" and n != 4:  # first: no games list makes it playable at three or two
            raise IllegalEntry(Text("engine.wend.partner_four", game=Initial(self.game_phrase(g.name)), n=n),
                               Text("engine.wend.partner_four_hint"))
        if g.name not in r.games:
            raise IllegalEntry(Text("engine.not_played", game=self.game_phrase(g.name)),
                               Text("engine.not_played_hint", game=g.name))
        reject_foreign_options(entry, self, g)
        if g.kind == "jeder":
            return self._validate_jeder(entry, rules, seating)
        player = require_active(entry.player, seating, "--player", self, g)
        declarers: tuple[str, ...] = (player,)
        if g.kind == "partner":
            hint = Text("engine.wend.partner_hint", first=card_text("Kreuz-Dame"), second=card_text("Pik-Dame"))
            declarers = (player, require_partner(entry, player, seating, self, g, hint))
        if g.kind == "solo":
            if entry.still and entry.suit:  # even Karo: the silent solo names no suit (RULES §12)
                raise IllegalEntry(Text("engine.wend.silent_karo"), Text("engine.wend.silent_karo_hint"))
            if not entry.still and entry.suit is None:
                raise IllegalEntry(Text("engine.wend.which_solo"), Text("engine.wend.which_solo_hint"))
            if entry.suit:
                self.suit(entry.suit)
        total, win_at = self.limits(rules)
        if entry.augen is None and entry.won is None:
            raise IllegalEntry(Text("engine.wend.needs_augen", game=Initial(self.game_phrase(g.name))),
                               Text("engine.add_augen_hint", total=total))
        check_result(entry, total=total, win_at=win_at)
        below = r.schneider_below  # a side with fewer Augen is schneider, either side alike
        return Result.from_augen(entry, declarers, total=total, win_at=win_at, declarer_below=below,
                                 opponent_below=below)

    def _validate_jeder(self, entry: GameEntry, rules: TableRules, seating: Seating) -> Result:
        if entry.augen_map is None:
            raise IllegalEntry(Text("engine.wend.jeder_augen"),
                               Text("engine.wend.jeder_augen_hint", form=each_player(seating.active)))
        amap = augen_map_total(entry.augen_map, seating, 120)
        top = max(amap.values())
        tied = [p for p in seating.active if amap[p] == top]
        most_wins = self.house_rules_of(rules).jeder_gegen_jeden == JederGegenJeden.MOST_WINS
        opt = "--winner" if most_wins else "--loser"
        # the name is the one with the most Augen: --loser under most_loses (and, as the short
        # notation places a name, under most_wins too); --winner cannot name the one who pays
        if entry.winner and entry.loser:
            raise IllegalEntry(Text("engine.wend.jeder_both", winner=entry.winner, loser=entry.loser),
                               Text("engine.wend.jeder_role_hint", option=opt))
        if entry.winner and not most_wins:
            raise IllegalEntry(Text("engine.wend.jeder_no_winner", name=entry.winner),
                               Text("engine.wend.jeder_role_hint", option=opt))
        pick = entry.winner or entry.loser
        if pick is not None:
            check_active([pick], seating)
        if len(tied) > 1 and pick is None:
            raise IllegalEntry(Text("engine.tie", names=Join(tied, "and"), top=top, word=Text("engine.word.augen")),
                               Text("engine.wend.tie_hint", option=opt))
        if pick is not None and pick not in tied:
            raise IllegalEntry(Text("engine.wend.not_most", name=pick, augen=amap[pick], top=top),
                               Text("engine.wend.not_most_hint"))
        return Result((pick or tied[0],), most_wins)

    def score(self, entry: GameEntry, rules: TableRules, seating: Seating, state: HandState,
              result: Result) -> Outcome:
        g = self.game(entry.game)
        active = seating.active
        lang = rules.language
        in_bock = bock.multiplier(self.own_state(state).bock)
        extra = {"bock": in_bock} if in_bock > 1 else {}
        started = bock.started_text(self.bock_fired(entry, rules), lang)
        if g.kind == "jeder":
            who = result.declarers[0]
            value = self.tariff(rules, "normal") * in_bock
            most_wins = bool(result.won)
            pay = distribute(active, (who,), value, most_wins)
            text = say("engine.wend.jeder_receives" if most_wins else "engine.wend.jeder_pays", lang,
                       name=who, value=value)
            if in_bock > 1:
                text += say("engine.bock.factor", lang, mult=in_bock)
            return Outcome("jeder", UNIT_CENT, tuple((p, pay[p]) for p in active), value=value, won=most_wins,
                           declarers=(who,), said=text, extra=extra)
        won = bool(result.won)
        terms = [(self._title(g, entry, lang), self.tariff(rules, g.tariff or g.name))]
        if result.schneider:
            terms.append((say("engine.wend.schneider", lang), self.tariff(rules, "schneider")))
        if result.schwarz:
            terms.append((say("engine.wend.schwarz", lang), self.tariff(rules, "schwarz")))
        subtotal = sum(a for _, a in terms)
        value = subtotal * in_bock
        declarers = result.declarers
        pay = distribute(active, declarers, value, won)
        per = say("engine.per_loser" if g.kind == "partner" else "engine.per_opponent", lang)
        text = " + ".join(f"{n} {a}" for n, a in terms) + (f" = {subtotal}" if len(terms) > 1 or extra else "")
        if in_bock > 1:
            text += say("engine.bock.factor", lang, mult=in_bock) + f" = {value}"
        text += f" {per}"
        if started:
            text += "; " + started
        return Outcome(g.name, UNIT_CENT, tuple((p, pay[p]) for p in active), value=value, won=won,
                       declarers=declarers, said=text, extra=extra)

    def game_label(self, entry: GameEntry, lang: str) -> str:
        return say("engine.label.wendish.still", lang) if entry.still else super().game_label(entry, lang)

    def sheet_game(self, entry: GameEntry) -> str:
        return "still" if entry.still else entry.game  # the silent solo has a short word of its own

    def _title(self, g: GameType, entry: GameEntry, lang: str) -> str:
        """The game as the explanation names it: ``Normalspiel``, ``Stilles Solo``, ``Herz-Solo``."""
        if g.name == "normal":
            return say("engine.wend.normal", lang)
        if g.name == "solo" and not entry.still:
            return say("engine.label.wendish.solo.suited", lang, suit=self.suit_text(self._suit_of(entry) or "karo"))
        return self.game_label(entry, lang)

    # -- Muss-Solo, Kasse and Bock ------------------------------------------------------------
    def bock_fired(self, entry: GameEntry, rules: TableRules) -> list[str]:
        """The ``bock_after`` triggers this hand fulfils (each starts a Bock round)."""
        after = self.house_rules_of(rules).bock_after
        if not after:
            return []
        happened = {bock.SCHWARZ: entry.schwarz, bock.SIXTY_SIXTY: entry.augen == 60}
        return [t for t in dict.fromkeys(after) if happened.get(t)]

    def advance(self, entry: GameEntry, rules: TableRules, seating: Seating, state: HandState,
                outcome: Outcome) -> HandState:
        t = self.own_state(state)
        fired = self.bock_fired(entry, rules)
        solo = entry.game == "solo" and bool(entry.player)
        if not solo and not fired and not t.bock and t.last_active == seating.active:
            return state
        solos = t.solos
        if solo and entry.player:
            counts = dict(t.solos)
            counts[entry.player] = counts.get(entry.player, 0) + 1
            solos = tuple(sorted(counts.items()))
        r = self.house_rules_of(rules)
        pending = bock.after_hand(t.bock, len(fired), bock.round_length(r.bock_hands, rules), r.bock_stack)
        return replace(state, own=WendishState(solos, pending, seating.active))

    def owed_solos(self, rules: TableRules, state: HandState) -> dict[str, int]:
        need = self.house_rules_of(rules).muss_solo
        if not need:
            return {}
        return {p: need - self.own_state(state).solo_count(p) for p in rules.players if self.own_state(state).solo_count(p) < need}

    def standing_notes(self, rules: TableRules, state: HandState, balances: Mapping[str, int],
                       language: str) -> list[str]:
        notes = []
        owed = self.owed_solos(rules, state)
        if owed:
            notes.append(say("engine.wend.muss_solo_open", language,
                             owed=Join(f"{p} {n}" for p, n in owed.items())))
        notes += bock.notes(self.own_state(state).bock, language)
        notes += kasse_notes(rules, self.house_rules_of(rules).kasse, balances, language)
        return notes

    def warnings(self, rules: TableRules, state: HandState) -> list[str]:
        owed = self.owed_solos(rules, state)
        pen = self.house_rules_of(rules).muss_solo_penalty
        out = []
        for p, n in owed.items():
            if pen:
                out.append(say("engine.wend.owes_penalty", rules.language, name=p, n=n,
                               penalty=Amount(pen, rules.currency)))
            else:
                out.append(say("engine.wend.owes", rules.language, name=p, n=n))
        return out

    def closing_bookings(self, rules: TableRules, state: HandState, pot: int = 0) -> Bookings:
        pen = self.house_rules_of(rules).muss_solo_penalty
        pay: dict[str, int] = {}
        if not pen:
            return Bookings()
        # paid to each active player of the session's last hand (RULES §12); the table's
        # players where no hand tells (a state from before it was kept)
        players = list(self.own_state(state).last_active or rules.players)
        for p, n in self.owed_solos(rules, state).items():
            for q in players:
                if q != p:
                    pay[q] = pay.get(q, 0) + pen * n
                    pay[p] = pay.get(p, 0) - pen * n
        return Bookings(pay, 0, {"penalties": pay}) if pay else Bookings()

    def renamed_state(self, own: Any, aliases: Mapping[str, str]) -> Any:
        """The solos each player played and who played the last hand, under the names the
        players go by now: a Muss-Solo played before a rename counts for the player."""
        if not isinstance(own, WendishState):
            return own
        solos: dict[str, int] = {}
        for name, n in own.solos:
            solos[aliases.get(name, name)] = solos.get(aliases.get(name, name), 0) + n
        return replace(own, solos=tuple(solos.items()),
                       last_active=tuple(aliases.get(p, p) for p in own.last_active))

    def pending(self, rules: TableRules, state: HandState) -> dict[str, Any]:
        data: dict[str, Any] = {"solos": dict(self.own_state(state).solos)}
        if self.house_rules_of(rules).muss_solo:
            data["muss_solo_owed"] = self.owed_solos(rules, state)
        if self.house_rules_of(rules).bock_after or self.own_state(state).bock:
            data.update(bock.pending(self.own_state(state).bock))
        return data
