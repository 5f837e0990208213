"""Wendischer Schafkopf (RULES.md section 3): the two black queens play together.

French deck; Damen, Buben, then Karo are trump. ``V = base + schneider + schwarz``, paid as in
Bavarian partner and solo games. Muss-Solo and the Kasse are tracked per session.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from ..errors import IllegalEntry
from ..money import format_amount
from .family import (
    Bookings,
    FamilyOf,
    GameType,
    Result,
    alias_table,
    augen_map_total,
    check_active,
    check_result,
    distribute,
    reject_foreign_options,
    require_active,
    require_partner,
)
from .keys import HouseRules, KeySpec, rule
from .model import UNIT_CENT, GameEntry, HandState, Outcome, Seating, TableRules

FRENCH = ("kreuz", "pik", "herz", "karo")
BAVARIAN = ("eichel", "gras", "schellen")
_WIN = frozenset({"augen", "schwarz", "won"})

GAMES = (
    GameType("normal", "partner", "a normal game (die Alten)", ("alte", "normalspiel"), "normal",
             allowed=frozenset({"player", "partner"}) | _WIN),
    GameType("hochzeit", "partner", "a Hochzeit", (), "hochzeit", allowed=frozenset({"player", "partner"}) | _WIN),
    GameType("solo", "solo", "a solo", ("lustsolo", "lust-solo", "stillsolo"), "solo",
             allowed=frozenset({"player", "suit", "still"}) | _WIN, solo=True),
    GameType("jeder", "jeder", "jeder gegen jeden", ("jeder-gegen-jeden",), "normal",
             allowed=frozenset({"augen_map", "winner", "loser"}), everyone=True),
)
SWITCHABLE = ("normal", "hochzeit", "solo", "jeder")


def _game_item(name: str) -> str | None:
    return alias_table(GAMES).get(name.strip().casefold())


TARIFF = (
    KeySpec("normal", 10, "normal game: each loser pays each winner"),
    KeySpec("hochzeit", 10, "Hochzeit"),
    KeySpec("solo", 30, "silent solo and Lust-Solo"),
    KeySpec("schneider", 10, "extra for schneider"),
    KeySpec("schwarz", 10, "extra for schwarz (on top of schneider)"),
)


class JederGegenJeden(StrEnum):
    MOST_WINS = "most_wins"
    MOST_LOSES = "most_loses"


@dataclass(frozen=True)
class WendishRules(HouseRules):
    """The ``[rules]`` of a Wendish table, typed, each with its default (RULES §3)."""

    games: tuple[str, ...] = rule(("normal", "hochzeit", "solo"),
                                  "games played: normal, hochzeit, solo (jeder: Dreiwendsch)",
                                  items=_game_item, item_names=SWITCHABLE)
    schneider_below: int = rule(30, "a side with fewer Augen than this is schneider", minimum=1, maximum=120)
    muss_solo: int = rule(0, "solos every player owes per session (Muss-Solo)")
    muss_solo_penalty: int = rule(0, "cents a player pays each other player per solo he still owes at the close")
    kasse: int = rule(0, "each player's buy-in in cents (0: no Kasse)")
    jeder_gegen_jeden: JederGegenJeden = rule(JederGegenJeden.MOST_WINS,
                                              "Dreiwendsch when nobody plays: most_wins | most_loses")


RULES = WendishRules.specs()


@dataclass(frozen=True)
class WendishState:
    """What a Wendish table carries from hand to hand: the solos each player has played."""

    solos: tuple[tuple[str, int], ...] = ()

    def solo_count(self, name: str) -> int:
        return dict(self.solos).get(name, 0)

class Wendish(FamilyOf[WendishRules, WendishState]):
    name = "wendish"
    aliases = ("wendisch", "wendischer", "wendischer-schafkopf", "dreiwendsch")
    title = "Wendischer Schafkopf"
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

    def check_table(self, rules: TableRules) -> list[tuple[str, str, str]]:
        if rules.deck == "short20" and rules.seats != 3:
            return [("", "deck", '"short20" (scharfe Karten) is Dreiwendsch: set seats = 3')]
        return []

    def validate(self, entry: GameEntry, rules: TableRules, seating: Seating, state: HandState) -> Result:
        g = self.game(entry.game)
        r = self.h(rules)
        if g.name not in r.games:
            raise IllegalEntry(f"This table does not play {g.title}.",
                               f'Add "{g.name}" to games in [rules] of the table file.')
        reject_foreign_options(entry, g)
        n = len(seating.active)
        if g.kind == "partner" and n != 4:
            raise IllegalEntry(f"{g.title.capitalize()} needs four players; at {n} every game is a solo.",
                               "Enter a solo: solo --player NAME --still (or --suit S).")
        if g.kind == "jeder":
            return self._validate_jeder(entry, rules, seating)
        player = require_active(entry.player, seating, "--player", g)
        declarers: tuple[str, ...] = (player,)
        if g.kind == "partner":
            declarers = (player, require_partner(entry, player, seating, g,
                                                 "Normal game: --player holds the Kreuz-Dame, --partner the Pik-Dame."))
        if g.kind == "solo":
            if entry.still and entry.suit and self.suit(entry.suit) != "karo":
                raise IllegalEntry("A silent solo keeps Karo as trump.",
                                   "Drop --suit (or --still for a Lust-Solo in another suit).")
            if not entry.still and entry.suit is None:
                raise IllegalEntry("Which solo: silent or a Lust-Solo?",
                                   "Add --still (holder of both black queens, Karo trump) or --suit kreuz|pik|herz|karo.")
            if entry.suit:
                self.suit(entry.suit)
        total, win_at = self.limits(rules)
        if entry.augen is None and entry.won is None:
            raise IllegalEntry(f"{g.title.capitalize()} needs the declaring side's Augen.",
                               f"Add --augen N (0 to {total}).")
        check_result(entry, total=total, win_at=win_at)
        below = r.schneider_below  # a side with fewer Augen is schneider, either side alike
        return Result.from_augen(entry, declarers, total=total, win_at=win_at, declarer_below=below,
                                 opponent_below=below)

    def _validate_jeder(self, entry: GameEntry, rules: TableRules, seating: Seating) -> Result:
        if entry.augen_map is None:
            raise IllegalEntry("Jeder gegen jeden needs every player's Augen.",
                               "Add --augen " + ",".join(f"{p}=N" for p in seating.active) + ".")
        amap = augen_map_total(entry.augen_map, seating, 120)
        top = max(amap.values())
        tied = [p for p in seating.active if amap[p] == top]
        pick = entry.winner or entry.loser
        if pick is not None:
            check_active([pick], seating)
        if len(tied) > 1 and pick is None:
            opt = "--winner" if self.h(rules).jeder_gegen_jeden == JederGegenJeden.MOST_WINS else "--loser"
            raise IllegalEntry(f"{' and '.join(tied)} tie with {top} Augen.", f"Say who it is with {opt} NAME.")
        if pick is not None and pick not in tied:
            raise IllegalEntry(f"{pick} has {amap[pick]} Augen, not the most ({top}).", "Drop the name, or recount.")
        most_wins = self.h(rules).jeder_gegen_jeden == JederGegenJeden.MOST_WINS
        return Result((pick or tied[0],), most_wins)

    def score(self, entry: GameEntry, rules: TableRules, seating: Seating, state: HandState,
              result: Result) -> Outcome:
        g = self.game(entry.game)
        active = seating.active
        lang = rules.language
        if g.kind == "jeder":
            who = result.declarers[0]
            value = self.tariff(rules, "normal")
            most_wins = bool(result.won)
            pay = distribute(active, (who,), value, most_wins)
            text = (f"Jeder gegen jeden: {who} hat die meisten Augen und {'bekommt' if most_wins else 'zahlt'} "
                    f"{value} {'von' if most_wins else 'an'} jedem" if lang == "de" else
                    f"Everyone for himself: {who} has the most Augen and {'receives' if most_wins else 'pays'} "
                    f"{value} {'from' if most_wins else 'to'} each")
            return Outcome("jeder", UNIT_CENT, tuple((p, pay[p]) for p in active), value=value, won=most_wins,
                           declarers=(who,), explanation=text)
        won = bool(result.won)
        terms = [(self._title(g, entry), self.tariff(rules, g.tariff or g.name))]
        if result.schneider:
            terms.append(("Schneider", self.tariff(rules, "schneider")))
        if result.schwarz:
            terms.append(("Schwarz", self.tariff(rules, "schwarz")))
        value = sum(a for _, a in terms)
        declarers = result.declarers
        pay = distribute(active, declarers, value, won)
        per = ("je Verlierer" if g.kind == "partner" else "je Gegner") if lang == "de" else (
            "per loser" if g.kind == "partner" else "per opponent")
        text = " + ".join(f"{n} {a}" for n, a in terms) + (f" = {value}" if len(terms) > 1 else "") + f" {per}"
        return Outcome(g.name, UNIT_CENT, tuple((p, pay[p]) for p in active), value=value, won=won,
                       declarers=declarers, explanation=text, terms=tuple(terms))

    def game_label(self, entry: GameEntry, lang: str) -> str:
        return "Stilles Solo" if entry.still else super().game_label(entry, lang)

    @staticmethod
    def _title(g: GameType, entry: GameEntry) -> str:
        if g.name == "normal":
            return "Normalspiel"
        if g.name == "hochzeit":
            return "Hochzeit"
        if entry.still:
            return "Stilles Solo"
        return f"{(entry.suit or 'karo').capitalize()}-Solo"

    # -- Muss-Solo and Kasse ------------------------------------------------------------------
    def advance(self, entry: GameEntry, rules: TableRules, seating: Seating, state: HandState,
                outcome: Outcome) -> HandState:
        if entry.game == "solo" and entry.player:
            counts = dict(self.t(state).solos)
            counts[entry.player] = counts.get(entry.player, 0) + 1
            return replace(state, table=WendishState(tuple(sorted(counts.items()))))
        return state

    def owed_solos(self, rules: TableRules, state: HandState) -> dict[str, int]:
        need = self.h(rules).muss_solo
        if not need:
            return {}
        return {p: need - self.t(state).solo_count(p) for p in rules.players if self.t(state).solo_count(p) < need}

    def standing_notes(self, rules: TableRules, state: HandState, balances: Mapping[str, int],
                       language: str) -> list[str]:
        notes = []
        owed = self.owed_solos(rules, state)
        if owed:
            label = "Muss-Solo offen" if language == "de" else "Muss-Solo still owed"
            notes.append(f"{label}: " + ", ".join(f"{p} {n}" for p, n in owed.items()))
        kasse = self.h(rules).kasse
        if kasse:
            left = {p: kasse + balances.get(p, 0) for p in rules.players}
            label = "Kasse" if language == "de" else "Stake left"
            notes.append(f"{label}: " + ", ".join(f"{p} {format_amount(v, rules.currency, language)}"
                                                  for p, v in left.items()))
            for p, v in left.items():
                if v <= 0:
                    notes.append(f"Achtung: {p}s Einsatz ist aufgebraucht." if language == "de"
                                 else f"Warning: {p}'s stake is used up.")
        return notes

    def warnings(self, rules: TableRules, state: HandState) -> list[str]:
        owed = self.owed_solos(rules, state)
        pen = self.h(rules).muss_solo_penalty
        out = []
        for p, n in owed.items():
            text = f"{p} still owes {n} Muss-Solo"
            if pen:
                text += f" (penalty at --close: {pen} to each other player per solo)"
            out.append(text + ".")
        return out

    def closing_bookings(self, rules: TableRules, state: HandState, pot: int = 0) -> Bookings:
        pen = self.h(rules).muss_solo_penalty
        pay: dict[str, int] = {}
        if not pen:
            return Bookings()
        players = list(rules.players)
        for p, n in self.owed_solos(rules, state).items():
            for q in players:
                if q != p:
                    pay[q] = pay.get(q, 0) + pen * n
                    pay[p] = pay.get(p, 0) - pen * n
        return Bookings(pay, 0, {"penalties": pay}) if pay else Bookings()

    def pending(self, rules: TableRules, state: HandState) -> dict[str, Any]:
        data: dict[str, Any] = {"solos": dict(self.t(state).solos)}
        if self.h(rules).muss_solo:
            data["muss_solo_owed"] = self.owed_solos(rules, state)
        return data
