"""Sheepshead, the Wisconsin branch (RULES.md section 5): scored in points.

Tier t from the picker side's points (bury included): win with 61+, t = 1, 2 when the opponents
have 29 or fewer, 3 when they took no trick; a loss likewise from the picker side's 30 or fewer
and no trick. With a partner: picker +-2t, partner +-t, each opponent -+t; alone: picker
+-(seats-1)t. On the bump a lost hand counts double. Every pending doubler, a crack and a
recrack double the whole hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from ...errors import IllegalEntry
from ...i18n import Join, Text, add_part, say
from ..entry_checks import augen_map_total, check_active, check_result, reject_foreign_options, require_active, require_partner
from ..family import FamilyOf, GameType, Result, each_player
from ..keys import HouseRules, rule
from ..model import UNIT_POINT, GameEntry, HandState, Outcome, Seating, TableRules

add_part(f"{__name__}.messages")  # the family's words join the catalogue when the family is loaded

GAMES = (
    GameType("pick", "pick", ("picker", "aufnehmen"), None, (14, 14), 0, "none",
             frozenset({"player", "partner", "alone", "augen", "schwarz", "crack", "recrack", "blitz", "forced"})),
    GameType("leaster", "leaster", ("least",), None, (0, 0), 0, "none",
             frozenset({"winner", "augen_map", "no_trick"}), everyone=True, declared=False),  # nobody declares it
    GameType("doubler", "doubler", ("pass", "redeal"), None, (0, 0), 0, "none", frozenset(),
             thrown_in=True),
)


class Variant(StrEnum):
    CALLED_ACE = "called_ace"
    CALLED_TEN = "called_ten"  # as called_ace; a picker holding all three fail aces calls a fail ten
    JACK_OF_DIAMONDS = "jack_of_diamonds"
    BLIND4 = "blind4"
    BLACK_QUEENS = "black_queens"


class NoPick(StrEnum):
    LEASTER = "leaster"
    DOUBLER = "doubler"
    FORCED = "forced"


class LeasterBlind(StrEnum):
    LAST_TRICK = "last_trick"
    FIRST_TRICK = "first_trick"
    NONE = "none"


VARIANTS = tuple(v.value for v in Variant)


@dataclass(frozen=True)
class SheepsheadRules(HouseRules):
    """The ``[rules]`` of a Sheepshead table, typed, each with its default (RULES §5)."""

    family = "sheepshead"

    variant: Variant = rule(Variant.CALLED_ACE)
    on_the_bump: bool = rule(True)
    no_pick: NoPick = rule(NoPick.LEASTER)
    leaster_blind: LeasterBlind = rule(LeasterBlind.LAST_TRICK)
    leaster_needs_trick: bool = rule(True)
    cracking: bool = rule(True)
    doubler_stacking: bool = rule(True)
    blitz: bool = rule(False)
    partner_exempt_no_trick: bool = rule(False)


RULES = SheepsheadRules.specs()


@dataclass(frozen=True)
class SheepsheadState:
    """What a Sheepshead table carries from hand to hand: the doublers pending."""

    doublers: int = 0


class Sheepshead(FamilyOf[SheepsheadRules, SheepsheadState]):
    name = "sheepshead"
    aliases = ("sheephead", "schafkopf-us", "wisconsin")
    unit = UNIT_POINT
    default_seats = 5
    seat_range = (3, 4, 5)
    decks = ("long",)
    suits = ("clubs", "spades", "hearts", "diamonds")
    games = GAMES
    tariff_specs = ()
    house_rules = SheepsheadRules
    state_type = SheepsheadState
    rule_specs = RULES
    default_language = "en"
    default_currency = "USD"  # Wisconsin plays in dollars
    # the shared messages speak of Augen: a Sheepshead table counts points
    own_words = {"en": (("--augen", "--points"), ("Augen", "points")),
                 "de": (("--augen", "--points"), ("Augen", "Punkte"))}
    waiting = None  # six or more at a table: the dealer and those before him sit out
    help_examples = (
        ("pick", {"player": 1, "partner": 4, "augen": 94}),
        ("pick", {"player": 0, "alone": True, "augen": 40, "crack": True}),
        ("leaster", {"winner": 2}),
    )

    def option_on(self, field_name: str, rules: TableRules) -> bool:
        r = self.house_rules_of(rules)
        return {"crack": r.cracking, "recrack": r.cracking, "blitz": r.blitz,
                "forced": r.no_pick == NoPick.FORCED}.get(field_name, True)

    # a player's page speaks Sheepshead: picks, picks alone, the partner's record, leasters
    page_record = {"declared": "picks", "alone": "alone", "partner": "partner", "each": "leasters"}
    page_record_text = "engine.sh.page_record"
    page_kontra = "crack"  # the opponents' doubling is a crack (the picker's answer a recrack)

    def rule_defaults(self, seats: int) -> dict[str, Any]:
        return {"variant": "blind4"} if seats == 4 else {}

    def bury_most(self, rules: TableRules) -> int:
        """The most points a picker's bury holds: as many cards as the blind (two; four in the
        four-handed ``blind4``; none with the black queens), each at most an Ace's 11. A picker's
        side that took no trick holds its bury's points and no more (RULES §5: bury included;
        the tier of a side that took no trick)."""
        variant = self.house_rules_of(rules).variant
        cards = 0 if variant == Variant.BLACK_QUEENS else 4 if variant == Variant.BLIND4 else 2
        return 11 * cards

    def check_table(self, rules: TableRules) -> list[tuple[str, str, Text]]:
        v = self.house_rules_of(rules).variant
        if rules.seats == 4 and v not in ("blind4", "black_queens"):
            return [("rules", "variant", Text("engine.table.not_four", variant=v.value))]
        if rules.seats != 4 and v in ("blind4", "black_queens"):
            return [("rules", "variant", Text("engine.table.only_four", variant=v.value, seats=rules.seats))]
        return []

    # -- validate ------------------------------------------------------------------------
    def has_partner(self, rules: TableRules) -> bool:
        v = self.house_rules_of(rules).variant
        return (rules.seats == 5 and v in ("called_ace", "called_ten", "jack_of_diamonds")) or v == "black_queens"

    def last_bidder(self, seating: Seating, players: Sequence[str]) -> str:
        """Who must pick when everyone else passed: the last to bid, the dealer where he plays,
        else the active player nearest before him (the bidding goes clockwise from the dealer's
        left, so a sitting-out dealer's right-hand neighbour bids last, wherever he is listed)."""
        d = players.index(seating.dealer) if seating.dealer in players else 0
        n = len(players)
        return next(p for k in range(n) if (p := players[(d - k) % n]) in seating.active)

    def validate(self, entry: GameEntry, rules: TableRules, seating: Seating, state: HandState) -> Result:
        g = self.game(entry.game)
        r = self.house_rules_of(rules)
        reject_foreign_options(entry, self, g)
        no_pick = r.no_pick
        if g.kind == "doubler":
            if no_pick != "doubler":
                leaster = no_pick == "leaster"
                raise IllegalEntry(
                    Text("engine.sh.pass_plays", mode=no_pick.value,
                         what=Text("engine.sh.a_leaster" if leaster else "engine.sh.a_forced_pick")),
                    Text("engine.sh.enter_leaster" if leaster else "engine.sh.enter_forced"),
                )
            return Result()
        if g.kind == "leaster":
            if no_pick != "leaster":
                raise IllegalEntry(
                    Text("engine.sh.no_leaster", mode=no_pick.value),
                    Text("engine.sh.enter_doubler" if no_pick == "doubler" else "engine.sh.enter_forced"),
                )
            return self._validate_leaster(entry, rules, seating)
        picker = require_active(entry.player, seating, "--picker", self, g)
        declarers: tuple[str, ...] = (picker,)
        variant = r.variant
        if entry.partner is not None:
            if entry.alone:
                raise IllegalEntry(Text("engine.sh.partner_alone"), Text("engine.sh.partner_alone_hint"))
            if not self.has_partner(rules):
                why = (Text("engine.sh.no_partner_three") if rules.seats == 3
                       else Text("engine.sh.no_partner_variant", variant=variant.value))
                raise IllegalEntry(why, Text("engine.sh.no_partner_hint"))
            declarers = (picker, require_partner(entry, picker, seating, self, g, Text("engine.sh.partner_hint")))
        elif self.has_partner(rules) and not entry.alone:
            raise IllegalEntry(Text("engine.sh.who_partner"), Text("engine.sh.who_partner_hint"))
        if entry.augen is None:
            raise IllegalEntry(Text("engine.sh.needs_points"), Text("engine.sh.needs_points_hint"))
        total, win_at = self.limits(rules)
        bury = self.bury_most(rules)  # RULES §5: the points are the picker side's, bury included
        no_trick = (bury, Text("engine.sh.schwarz_bury", value=entry.augen, most=bury),
                    Text("engine.sh.schwarz_bury_hint", most=bury, total=total)) if bury else None
        check_result(entry, total=total, win_at=win_at, option="--points", word=Text("engine.word.points"),
                     what=Text("engine.what.picker_points"), no_trick=no_trick)
        if entry.recrack and not entry.crack:
            raise IllegalEntry(Text("engine.sh.recrack"), Text("engine.sh.recrack_hint"))
        if entry.crack and not r.cracking:
            raise IllegalEntry(Text("engine.sh.no_cracking"), Text("engine.sh.no_cracking_hint"))
        if entry.blitz and not r.blitz:
            raise IllegalEntry(Text("engine.sh.no_blitz"), Text("engine.sh.no_blitz_hint"))
        if entry.forced:
            if no_pick != "forced":
                raise IllegalEntry(Text("engine.sh.forced_only"), Text("engine.sh.drop_forced"))
            must = self.last_bidder(seating, rules.players)
            if picker != must:
                raise IllegalEntry(Text("engine.sh.forced_who", name=must), Text("engine.sh.forced_who_hint", name=must))
        # tiers: 2 when the losing side is schneider (picker side 30 or fewer, opponents 29 or fewer)
        return Result.from_augen(entry, declarers, total=total, win_at=win_at, no_trick=bury)

    def _validate_leaster(self, entry: GameEntry, rules: TableRules, seating: Seating) -> Result:
        r = self.house_rules_of(rules)
        check_active(entry.no_trick, seating)
        twice = next((p for i, p in enumerate(entry.no_trick) if p in entry.no_trick[:i]), None)
        if twice is not None:
            raise IllegalEntry(Text("engine.sh.no_trick_twice", name=twice), Text("engine.sh.no_trick_twice_hint"))
        if set(seating.active) <= set(entry.no_trick):  # somebody takes each trick
            raise IllegalEntry(Text("engine.sh.all_no_trick"), Text("engine.sh.all_no_trick_hint"))
        if entry.winner is not None:
            check_active([entry.winner], seating)
            if r.leaster_needs_trick and entry.winner in entry.no_trick:
                raise IllegalEntry(Text("engine.sh.no_trick_winner", name=entry.winner),
                                   Text("engine.sh.no_trick_winner_hint"))
        if entry.augen_map is None:
            if entry.winner is None:
                raise IllegalEntry(Text("engine.sh.needs_winner"),
                                   Text("engine.sh.needs_winner_hint", form=each_player(seating.active)))
            return Result((entry.winner,), True)
        points = self._leaster_points(entry, rules, seating)
        for name in entry.no_trick:
            if points[name]:
                raise IllegalEntry(Text("engine.sh.points_no_trick", name=name, points=points[name]),
                                   Text("engine.sh.points_no_trick_hint"))
        candidates = self._leaster_candidates(points, entry, rules)
        if not candidates:
            raise IllegalEntry(Text("engine.sh.nobody_left"), Text("engine.sh.nobody_left_hint"))
        low = min(points[c] for c in candidates)
        tied = [c for c in candidates if points[c] == low]
        if entry.winner is None and len(tied) > 1:
            raise IllegalEntry(Text("engine.tie", names=Join(tied, "and"), top=low, word=Text("engine.word.points")),
                               Text("engine.sh.tie_hint"))
        if entry.winner is not None and entry.winner not in tied:
            raise IllegalEntry(
                Text("engine.sh.not_fewest", name=entry.winner, points=points[entry.winner], names=Join(tied, "and"),
                     low=low),
                Text("engine.sh.not_fewest_hint"),
            )
        return Result((entry.winner or tied[0],), True)

    def _leaster_points(self, entry: GameEntry, rules: TableRules, seating: Seating) -> dict[str, int]:
        assert entry.augen_map is not None
        if self.house_rules_of(rules).leaster_blind == LeasterBlind.NONE:
            # the blind is left out, so the players' points make at most 120
            seen = dict(entry.augen_map)
            check_active(seen, seating)
            missing = [p for p in seating.active if p not in seen]
            if missing:
                raise IllegalEntry(Text("engine.map_lacks", option="--points", names=Join(missing, "and")),
                                   Text("engine.map_lacks_hint", word=Text("engine.word.points"),
                                        form=each_player(seating.active)))
            if any(not 0 <= v <= 120 for v in seen.values()) or sum(seen.values()) > 120:
                raise IllegalEntry(Text("engine.sh.points_over", sum=sum(seen.values())), Text("engine.sh.recount"))
            return seen
        return augen_map_total(entry.augen_map, seating, 120, Text("engine.word.points"))

    def _leaster_candidates(self, points: Mapping[str, int], entry: GameEntry, rules: TableRules) -> list[str]:
        if self.house_rules_of(rules).leaster_needs_trick:
            return [p for p in points if p not in entry.no_trick]
        return list(points)

    # -- score ---------------------------------------------------------------------------
    def multiplier(self, entry: GameEntry, state: HandState) -> tuple[int, list[Text]]:
        """What doubles the hand, and the words that say so."""
        m = 2 ** self.own_state(state).doublers
        words = [Text("engine.sh.doubler_x", n=m)] if self.own_state(state).doublers else []
        if entry.crack:
            m *= 2
            words.append(Text("engine.sh.crack_x"))
        if entry.recrack:
            m *= 2
            words.append(Text("engine.sh.recrack_x"))
        if entry.blitz:
            m *= 2
            words.append(Text("engine.sh.blitz_x"))
        return m, words

    def score(self, entry: GameEntry, rules: TableRules, seating: Seating, state: HandState,
              result: Result) -> Outcome:
        g = self.game(entry.game)
        active = seating.active
        lang = rules.language
        if g.kind == "doubler":
            nxt = self.own_state(state).doublers + 1 if self.house_rules_of(rules).doubler_stacking else 1
            return Outcome("doubler", UNIT_POINT, tuple((p, 0) for p in active),
                           said=say("engine.sh.doubler", lang, n=2 ** nxt))
        mult, words = self.multiplier(entry, state)
        if g.kind == "leaster":
            winner = result.declarers[0]
            pay = {p: -mult for p in active}
            pay[winner] = mult * (len(active) - 1)
            text = say("engine.sh.leaster_won", lang, name=winner,
                       extras=Text("engine.sh.extras", words=Join(words), value=mult) if words else "")
            return Outcome("leaster", UNIT_POINT, tuple((p, pay[p]) for p in active), value=mult, won=True,
                           declarers=(winner,), said=text)
        picker = result.declarers[0]
        partner = result.declarers[1] if len(result.declarers) > 1 else None
        pts = entry.augen
        won = bool(result.won)
        tier = 3 if result.schwarz else (2 if result.schneider else 1)
        tier_word = {1: "", 2: Text("engine.sh.schneider"), 3: Text("engine.sh.no_trick")}[tier]
        bump = not won and self.house_rules_of(rules).on_the_bump and self.house_rules_of(rules).variant != Variant.BLACK_QUEENS
        value = tier * mult * (2 if bump else 1)
        extras = words + ([Text("engine.sh.bump_x")] if bump else [])
        sign = 1 if won else -1
        pay = {p: 0 for p in active}
        if partner is not None and self.house_rules_of(rules).variant == Variant.BLACK_QUEENS:
            for p in active:
                pay[p] = sign * value * (1 if p in (picker, partner) else -1)
        elif partner is not None:
            pay[picker] = sign * 2 * value
            pay[partner] = sign * value
            for p in active:
                if p not in (picker, partner):
                    pay[p] = -sign * value
        else:
            for p in active:
                pay[p] = -sign * value
            pay[picker] = sign * value * (len(active) - 1)
        exempt: Text | None = None
        if partner is not None and not won and tier == 3 and self.house_rules_of(rules).partner_exempt_no_trick:
            # "rule 6": the partner pays as if his side had taken a trick (tier 2, schneider);
            # the picker pays the difference, so every opponent still receives the full tier 3
            share = pay[partner] // tier * 2
            pay[picker] += pay[partner] - share
            pay[partner] = share
            exempt = Text("engine.sh.partner_exempt", partner=partner, paid=-share)
        side = (Text("engine.sh.side_partner", picker=picker, partner=partner) if partner
                else Text("engine.sh.side_alone", picker=picker))
        text = say("engine.sh.pick", lang, side=side, result=Text("engine.word.won" if won else "engine.word.lost"),
                   points=pts, tier_word=tier_word, tier=tier,
                   extras=Text("engine.sh.extras", words=Join(extras), value=value) if extras else "")
        if exempt is not None:
            text += exempt.render(lang)
        return Outcome("pick", UNIT_POINT, tuple((p, pay[p]) for p in active), value=value, won=won,
                       declarers=(picker,) + ((partner,) if partner else ()), said=text,
                       extra={"tier": tier, "multiplier": value // tier})

    def advance(self, entry: GameEntry, rules: TableRules, seating: Seating, state: HandState,
                outcome: Outcome) -> HandState:
        if entry.game == "doubler":
            nxt = self.own_state(state).doublers + 1 if self.house_rules_of(rules).doubler_stacking else 1
            return replace(state, own=SheepsheadState(nxt))
        return replace(state, own=SheepsheadState(0))

    def sheet_names(self, entry: GameEntry, declarers: Sequence[str], game: GameType | None, lang: str) -> str:
        names = super().sheet_names(entry, declarers, game, lang)
        return say("engine.describe.alone", lang, names=names) if names and entry.alone else names

    def sheet_marks(self, entry: GameEntry, lang: str) -> list[str]:
        """``schwarz``, and the doublings: crack, recrack, blitz; a forced pick."""
        marks = super().sheet_marks(entry, lang)
        return marks + [say(f"engine.flag.{flag}", lang) for flag in ("crack", "recrack", "blitz", "forced")
                        if getattr(entry, flag)]

    def standing_notes(self, rules: TableRules, state: HandState, balances: Mapping[str, int],
                       language: str) -> list[str]:
        if self.own_state(state).doublers:
            return [say("engine.sh.pending", language, n=self.own_state(state).doublers, mult=2 ** self.own_state(state).doublers)]
        return []

    def pending(self, rules: TableRules, state: HandState) -> dict[str, Any]:
        return {"doublers": self.own_state(state).doublers}

    def to_money(self, rules: TableRules, balances: Mapping[str, int]) -> tuple[dict[str, int], str, dict[str, Any]]:
        """Points times ``point_value`` cents; with ``point_value = 0`` the points themselves."""
        points = dict(balances)
        if rules.point_value:
            return {n: v * rules.point_value for n, v in points.items()}, "cent", {"points": points}
        return points, UNIT_POINT, {"points": points}
