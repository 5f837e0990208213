"""Deutscher Schafskopf (RULES.md section 4): partners by lot, scored in strokes.

The winning party's players each book strokes: trump party wins 1, opponents schneider 2,
opponents schwarz 3; trump party loses: the opponents book 2, 4 (trump party schneider) or 9
(schwarz: ``strokes_per_head``, a whole head); a lost Zwangsspiel books 1/2/3. Nine strokes make a head; at the
settlement each completed head is worth ``head`` cents: each player receives
``2 x (heads - mean heads) x head``, rounded by largest remainder.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from ...errors import IllegalEntry
from ...i18n import Join, Text, add_part, say
from ...money import round_exact
from ..entry_checks import check_active, check_result, reject_foreign_options, require_active, require_partner
from ..family import FamilyOf, GameType, Result, card_text
from ..keys import HouseRules, rule, tariff_keys
from ..model import UNIT_STROKE, GameEntry, HandState, Outcome, Seating, TableRules

add_part(f"{__name__}.messages")  # the family's words join the catalogue when the family is loaded

GAMES = (
    GameType("spiel", "spiel", ("game", "trumpfspiel"), None,
             allowed=frozenset({"player", "partner", "augen", "schwarz", "zwang"})),
    GameType("draw", "draw", ("lot", "losen"), None, allowed=frozenset({"player", "partner", "cards"}),
             thrown_in=True),
)

TARIFF = tariff_keys("deutscher", ("head", 50))


class Partners(StrEnum):
    PER_GAME = "per_game"
    FIXED = "fixed"


@dataclass(frozen=True)
class DeutscherRules(HouseRules):
    """The ``[rules]`` of a Deutscher table, typed, each with its default (RULES §4)."""

    family = "deutscher"

    partners: Partners = rule(Partners.PER_GAME)
    strokes_per_head: int = rule(9, minimum=1)
    schneider_below: int = rule(30, minimum=1)
    augen_total: int = rule(120, minimum=1)  # the source's Zehn = 0 would make 80
    win_at: int = rule(61, minimum=1)


RULES = DeutscherRules.specs()
SUITS = ("kreuz", "pik", "herz", "karo")
RANKS = ("bube", "ass", "könig", "dame", "zehn", "neun", "acht", "sieben")  # the lot: Bube highest


def card_rank(card: str) -> tuple[int, int]:
    """Higher is better: (rank, suit) for a card named ``Suit-Rank``."""
    suit, _, rank = card.casefold().partition("-")
    return (len(RANKS) - RANKS.index(rank), len(SUITS) - SUITS.index(suit))


def lot_pairs(cards: Sequence[tuple[str, str]]) -> tuple[tuple[str, str], tuple[str, str]]:
    """Highest card with lowest against the middle two."""
    order = sorted(cards, key=lambda nc: card_rank(nc[1]), reverse=True)
    names = [n for n, _ in order]
    return (names[0], names[3]), (names[1], names[2])


def all_cards() -> list[str]:
    """Every card by its German name (``Herz-Dame``): how the lot is stored."""
    return [f"{s.capitalize()}-{r.capitalize()}" for s in SUITS for r in RANKS]


def pair_text(pair: Sequence[str]) -> str:
    return " + ".join(pair)


@dataclass(frozen=True)
class DeutscherState:
    """What a Deutscher table carries from hand to hand: the pairs drawn (or fixed) for the
    next game."""

    partners: tuple[tuple[str, str], tuple[str, str]] | None = None


class Deutscher(FamilyOf[DeutscherRules, DeutscherState]):
    name = "deutscher"
    aliases = ("deutsch", "deutscher-schafskopf", "schafskopf")
    unit = UNIT_STROKE
    seat_range = (2, 4)
    decks = ("long",)
    suits = SUITS
    foreign_suits = ("eichel", "gras", "schellen")
    games = GAMES
    tariff_specs = TARIFF
    house_rules = DeutscherRules
    state_type = DeutscherState
    rule_specs = RULES
    shown_words = {"de": {"draw": "losen"}, "en": {"draw": "draw"}}
    page_kontra = None  # the source has no Kontra: a player's page shows no line of it
    help_examples = (
        ("spiel", {"player": 0, "partner": 2, "augen": 75}),
        ("spiel", {"player": 1, "partner": 3, "augen": 28, "zwang": True}),
    )

    def check_table(self, rules: TableRules) -> list[tuple[str, str, Text]]:
        r = self.house_rules_of(rules)
        if r.win_at > r.augen_total:
            return [("rules", "win_at", Text("engine.table.win_at", win_at=r.win_at, total=r.augen_total))]
        return []

    def deals(self, entry: GameEntry) -> bool:
        return entry.game != "draw"

    def lot(self, active: Sequence[str], rng: Any) -> GameEntry:
        """Each player of the next hand draws a card: highest with lowest (RULES §4)."""
        if len(active) != 4:
            raise IllegalEntry(Text("engine.ds.two_no_draw"), Text("engine.ds.two_no_draw_hint"))
        cards = rng.sample(all_cards(), len(active))
        return GameEntry("draw", cards=tuple(zip(active, cards, strict=True)))

    def describe(self, entry: GameEntry, declarers: Sequence[str] = (),
                 extra: Mapping[str, Any] | None = None, *, lang: str) -> str:
        if entry.game == "draw":
            pairs = (extra or {}).get("pairs") or []
            return say("engine.describe.draw", lang, pairs=" / ".join("+".join(p) for p in pairs))
        return super().describe(entry, declarers, extra, lang=lang)

    def sheet_marks(self, entry: GameEntry, lang: str) -> list[str]:
        """``schwarz``, and a Zwangsspiel."""
        return super().sheet_marks(entry, lang) + ([say("engine.flag.zwang", lang)] if entry.zwang else [])

    @staticmethod
    def pairs_of(entry: GameEntry, active: Sequence[str]) -> tuple[tuple[str, str], tuple[str, str]]:
        assert entry.player and entry.partner
        rest = tuple(p for p in active if p not in (entry.player, entry.partner))
        return (entry.player, entry.partner), (rest[0], rest[1])

    def head_split(self, rules: TableRules, strokes: int) -> tuple[int, int]:
        heads, rest = divmod(strokes, self.house_rules_of(rules).strokes_per_head)
        return heads, rest

    def limits(self, rules: TableRules) -> tuple[int, int]:
        r = self.house_rules_of(rules)
        return r.augen_total, r.win_at

    def validate(self, entry: GameEntry, rules: TableRules, seating: Seating, state: HandState) -> Result:
        g = self.game(entry.game)
        r = self.house_rules_of(rules)
        reject_foreign_options(entry, self, g)
        four = len(seating.active) == 4
        if g.kind == "draw":
            if not four:
                raise IllegalEntry(Text("engine.ds.two_no_draw"), Text("engine.ds.two_no_draw_hint"))
            if r.partners == Partners.FIXED and self.own_state(state).partners:
                raise IllegalEntry(Text("engine.ds.fixed_drawn"), Text("engine.ds.fixed_drawn_hint"))
            names = [n for n, _ in entry.cards]
            check_active(names, seating)
            if sorted(names) != sorted(seating.active):
                raise IllegalEntry(Text("engine.ds.one_card_each"), Text("engine.ds.draw_again"))
            return Result()
        player = require_active(entry.player, seating, "--player", self, g)
        party: tuple[str, ...] = (player,)
        if four:
            partner = require_partner(entry, player, seating, self, g, Text("engine.ds.partner_hint"))
            drawn = self.own_state(state).partners
            if not drawn and r.partners == Partners.PER_GAME:  # RULES §12: every game has its own draw
                raise IllegalEntry(Text("engine.ds.draw_first"), Text("engine.ds.draw_first_hint"))
            if drawn:
                pair = {player, partner}
                if pair not in ({*drawn[0]}, {*drawn[1]}):
                    a, b = drawn
                    how = Text("engine.ds.pairs_fixed" if r.partners == Partners.FIXED else "engine.ds.pairs_drawn")
                    raise IllegalEntry(
                        Text("engine.ds.not_partners", player=player, partner=partner, a=pair_text(a), b=pair_text(b),
                             how=how),
                        Text("engine.ds.not_partners_hint"),
                    )
            party = (player, partner)
        elif entry.partner is not None:
            raise IllegalEntry(Text("engine.ds.one_against_one"), Text("engine.ds.drop_partner"))
        total, win_at = self.limits(rules)
        if entry.augen is None:
            raise IllegalEntry(Text("engine.ds.needs_augen"), Text("engine.add_augen_hint", total=total))
        check_result(entry, total=total, win_at=win_at, what=Text("engine.what.trump_party_augen"),
                     side=Text("engine.word.party"))
        below = r.schneider_below
        return Result.from_augen(entry, party, total=total, win_at=win_at, declarer_below=below,
                                 opponent_below=below)

    def score(self, entry: GameEntry, rules: TableRules, seating: Seating, state: HandState,
              result: Result) -> Outcome:
        active = seating.active
        lang = rules.language
        if entry.game == "draw":
            a, b = lot_pairs(entry.cards)
            drawn = Join(Text("engine.ds.card_of", name=n, card=card_text(c)) for n, c in entry.cards)
            text = say("engine.ds.draw", lang, cards=drawn, a=pair_text(a), b=pair_text(b))
            return Outcome("draw", UNIT_STROKE, tuple((p, 0) for p in active), said=text,
                           extra={"pairs": [list(a), list(b)]})
        party = result.declarers
        won = bool(result.won)
        if won:
            strokes = 3 if result.schwarz else (2 if result.schneider else 1)
            winners = party
        else:  # the opponents book double, a lost Zwangsspiel the single values
            if entry.zwang:
                strokes = 3 if result.schwarz else (2 if result.schneider else 1)
            else:
                # a lost schwarz books one whole head, whatever strokes_per_head is (RULES §12)
                strokes = self.house_rules_of(rules).strokes_per_head if result.schwarz else (4 if result.schneider else 2)
            winners = tuple(p for p in active if p not in party)
        pay = {p: (strokes if p in winners else 0) for p in active}
        if won:
            why = "engine.ds.win" if len(winners) > 1 else "engine.ds.wins"
        elif entry.zwang:
            why = "engine.ds.win_zwang" if len(winners) > 1 else "engine.ds.wins_zwang"
        else:
            why = "engine.ds.win_double" if len(winners) > 1 else "engine.ds.wins_double"
        text = say("engine.ds.result", lang, names=pair_text(winners), why=Text(why),
                   strokes=Text("engine.ds.strokes", n=strokes))
        return Outcome("spiel", UNIT_STROKE, tuple((p, pay[p]) for p in active), value=strokes, won=won,
                       declarers=party, said=text, extra={"strokes": strokes})

    def advance(self, entry: GameEntry, rules: TableRules, seating: Seating, state: HandState,
                outcome: Outcome) -> HandState:
        if entry.game == "draw":
            return replace(state, own=DeutscherState(lot_pairs(entry.cards)))
        if self.house_rules_of(rules).partners == Partners.FIXED:
            if self.own_state(state).partners is None and entry.partner:
                return replace(state, own=DeutscherState(self.pairs_of(entry, seating.active)))
            return state
        return replace(state, own=DeutscherState(None))

    # -- heads and money -----------------------------------------------------------------------
    def heads(self, rules: TableRules, strokes: Mapping[str, int]) -> dict[str, int]:
        per = self.house_rules_of(rules).strokes_per_head
        return {n: v // per for n, v in strokes.items()}

    def to_money(self, rules: TableRules, balances: Mapping[str, int]) -> tuple[dict[str, int], str, dict[str, Any]]:
        from fractions import Fraction

        strokes = dict(balances)
        heads = self.heads(rules, strokes)
        head = self.tariff(rules, "head")
        # in seating order, so that a largest-remainder tie gives the first listed the cent (RULES §12)
        names = [n for n in rules.players if n in heads] + [n for n in heads if n not in rules.players]
        mean = Fraction(sum(heads.values()), len(names)) if names else Fraction(0)
        exact = [2 * (heads[n] - mean) * head for n in names]
        money = dict(zip(names, round_exact(exact), strict=True))
        return money, "cent", {"strokes": strokes, "heads": heads}

    def standing_notes(self, rules: TableRules, state: HandState, balances: Mapping[str, int],
                       language: str) -> list[str]:
        heads = self.heads(rules, balances)
        notes = [say("engine.ds.heads", language, heads=", ".join(f"{n} {h}" for n, h in heads.items()))]
        drawn = self.own_state(state).partners
        if drawn:
            a, b = drawn
            notes.append(say("engine.ds.partners", language, a=pair_text(a), b=pair_text(b)))
        return notes

    def pending(self, rules: TableRules, state: HandState) -> dict[str, Any]:
        drawn = self.own_state(state).partners
        return {"partners": [list(p) for p in drawn] if drawn else None}
