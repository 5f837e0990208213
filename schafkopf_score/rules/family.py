"""What every rule family shares: game types as data, the ``Family`` a family subclasses.

Name matching is in ``matching``, the entry checks the families share in ``entry_checks``.

A family (``bavarian.py`` and its siblings) subclasses ``Family``: it lists its games, its
table keys and presets, and implements ``validate`` (raise ``IllegalEntry``), ``score``
(return an ``Outcome``) and ``advance`` (the state after the hand: Stock, doublers, ...).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar, cast

from ..errors import IllegalEntry
from ..i18n import Join, Text, catalogue, say
from .keys import HouseRules, KeySpec
from .matching import alias_table, find_choice
from .model import GameEntry, HandState, Outcome, Seating, TableRules, entry_options


def option_label(field_name: str) -> str:
    """How messages spell an entry field: its first command-line name (``--won/--lost``)."""
    if field_name == "augen_map":
        return "--augen NAME=N,..."
    for opt in entry_options():
        if opt.field == field_name:
            return opt.label
    return "--" + field_name.replace("_", "-")


ALWAYS_ALLOWED = frozenset({"game", "sitting_out", "dealer", "comment"})


class Initial(Text):
    """A message parameter that opens a sentence: its first letter in capitals (``a solo`` reads
    ``A solo needs ...``)."""

    __slots__ = ()

    def __init__(self, text: Text) -> None:
        super().__init__(text.key, **text.params)

    def render(self, lang: str) -> str:
        shown = super().render(lang)
        return shown[:1].upper() + shown[1:]


def card_text(card: str) -> Text:
    """A card of the French deck by its German name (``Kreuz-Dame``, as the Deutscher lot stores
    it), as a message parameter: ``Kreuz-Dame`` / ``Queen of clubs``.

    >>> card_text("Herz-Dame").render("en"), card_text("Pik-König").render("de")
    ('Queen of hearts', 'Pik-König')
    """
    suit, _, rank = card.casefold().partition("-")
    rank = rank.replace("ö", "oe")
    return Text("engine.card", suit=Text(f"engine.cards.{suit}"), rank=Text(f"engine.rank.{rank}"))


def each_player(active: Sequence[str]) -> str:
    """The ``NAME=N,...`` form of every active player's count, as typed."""
    return ",".join(f"{p}=N" for p in active)


@dataclass(frozen=True)
class Result:
    """What ``validate`` established about a hand, and all that ``score`` needs of it: who
    declared (Ramsch: the loser or the Durchmarsch; leaster: the winner) and how it ended.
    ``score`` never works these out again."""

    declarers: tuple[str, ...] = ()
    won: bool | None = None
    schneider: bool = False
    schwarz: bool = False

    @classmethod
    def from_augen(cls, entry: GameEntry, declarers: Sequence[str], *, total: int = 120, win_at: int = 61,
                   declarer_below: int = 31, opponent_below: int = 30, no_trick: int = 0) -> Result:
        """The Augen ladder, once for every family: the declaring side wins with ``win_at``;
        the losing side is schneider below its threshold (Bavarian and Sheepshead: declarers
        at 30 or fewer, opponents at 29 or fewer; Wendish and Deutscher: fewer than 30 for
        either); schwarz is entered and needs 0 (Sheepshead: up to ``no_trick``, the bury) or all
        Augen. Without Augen (nobody counted)
        ``--won/--lost`` decide, and ``--schwarz`` alone makes it schneider too.

        >>> Result.from_augen(GameEntry("sauspiel", augen=30), ("A", "B"))
        Result(declarers=('A', 'B'), won=False, schneider=True, schwarz=False)
        >>> Result.from_augen(GameEntry("normal", augen=30), ("A", "B"), declarer_below=30).schneider
        False
        """
        a = entry.augen
        if a is None:
            return cls(tuple(declarers), bool(entry.won), entry.schwarz, entry.schwarz)
        won = a >= win_at
        schwarz = entry.schwarz and (a <= no_trick or a == total)
        schneider = (total - a < opponent_below) if won else (a < declarer_below)
        return cls(tuple(declarers), won, schneider or schwarz, schwarz)


@dataclass(frozen=True)
class Bookings:
    """What a family books at the close, before the closing balances: a payout per player, the
    change of the pot (the Stock), and named parts for the record (``stock_return``,
    ``penalties``)."""

    payouts: dict[str, int] = field(default_factory=dict)
    stock: int = 0
    parts: dict[str, dict[str, int]] = field(default_factory=dict)


@dataclass(frozen=True)
class GameType:
    """One game of a family, as data."""

    name: str
    kind: str
    aliases: tuple[str, ...] = ()
    tariff: str | None = None
    trumps: tuple[int, int] = (0, 0)  # long deck, short deck
    laufende_min: int = 0
    suit: str = "none"  # none | optional | required
    allowed: frozenset[str] = field(default_factory=frozenset)
    solo: bool = False  # one against the rest
    thrown_in: bool = False  # no game was played (all passed, the lot): no money, nobody declared
    everyone: bool = False  # each for himself (Ramsch, leaster, jeder gegen jeden)
    declared: bool = True  # its first "declarer" chose the game (not so the Ramsch loser)


class GameWord:
    """A game's word as a message names it, in the reader's language (``losen`` at a German
    table for the lot that an English one calls ``draw``: ``Family.shown_words``)."""

    __slots__ = ("family", "game")

    def __init__(self, family: Family, game: str) -> None:
        self.family, self.game = family, game

    def render(self, lang: str) -> str:
        return self.family.shown_words.get(lang, {}).get(self.game, self.game)

    def __str__(self) -> str:
        return self.render("en")


class Family:
    """Base of the four rule families."""

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    unit: ClassVar[str]
    has_stock: ClassVar[bool] = False  # a pot of its own (the Bavarian Stock): the exports' Stock column
    default_seats: ClassVar[int] = 4
    seat_range: ClassVar[tuple[int, ...]] = (2, 3, 4)
    decks: ClassVar[tuple[str, ...]] = ("long", "short")
    suits: ClassVar[tuple[str, ...]] = ()
    foreign_suits: ClassVar[tuple[str, ...]] = ()
    suit_words: ClassVar[dict[str, str]] = {}  # the table's own words for suits: "grün" -> "gras"
    suited_games: ClassVar[dict[str, str]] = {}  # "herzsolo": the word after a suit -> the game
    games: ClassVar[tuple[GameType, ...]] = ()
    tariff_specs: ClassVar[tuple[KeySpec, ...]] = ()
    house_rules: ClassVar[type[HouseRules]] = HouseRules  # the typed [rules]; rule_specs derive from it
    rule_specs: ClassVar[tuple[KeySpec, ...]] = ()
    extra_specs: ClassVar[tuple[KeySpec, ...]] = ()  # top-level keys only this family has
    presets: ClassVar[dict[str, dict[str, dict[str, Any]]]] = {"official": {}}
    default_tariff: ClassVar[tuple[str, str] | None] = None  # keys set by --tariff A/B
    default_language: ClassVar[str] = "de"
    default_currency: ClassVar[str] = "EUR"  # a new table's, and a table file's without ``currency``
    waiting: ClassVar[int | None] = 3  # players beyond the seats who may sit out in turn (None: any)
    # a tournament's points of a hand by tariff key (RULES §10), and the tariff keys its [points]
    # may set; none: the family plays no tournament
    tournament_points: ClassVar[Mapping[str, int]] = {}
    tournament_point_keys: ClassVar[tuple[str, ...]] = ()
    # the words of the shared messages as this family says them, by language: (shared, own) pairs
    own_words: ClassVar[Mapping[str, tuple[tuple[str, str], ...]]] = {}
    # a player's page in the family's own terms (RULES §13, ``stats --player``): its words for the
    # record's counts (``declared``, ``alone``, ``partner``, ``each``: the hands declared, declared
    # without a partner, played as partner, and of each for himself, each with the won ones),
    # and the message that says them (its fields: those four and ``*_won``); {} / None: none
    page_record: ClassVar[Mapping[str, str]] = {}
    page_record_text: ClassVar[str | None] = None
    # what the page calls the doubling an opponent announces (``kontra``; Sheepshead ``crack``),
    # the end of its message's key (``cli.page_kontra``); None: the family has none, no line
    page_kontra: ClassVar[str | None] = "kontra"

    # the word a game is shown by in a language where its aliases hold one of that language (the
    # lot of a Deutscher table is ``losen`` in German): hints, completion and play's help use it
    shown_words: ClassVar[Mapping[str, Mapping[str, str]]] = {}
    # the word a line types a game by where a shorter alias is what tables type (``sau``)
    typed_words: ClassVar[Mapping[str, str]] = {}
    # examples of whole hands for play's help: (game, options), players by their seat (0: the
    # first); only those the table plays are shown, in its players' names
    help_examples: ClassVar[tuple[tuple[str, Mapping[str, Any]], ...]] = ()

    # -- games ---------------------------------------------------------------------------
    def enabled(self, game: GameType, rules: TableRules) -> bool:
        """Whether the table plays ``game`` (its house rules switch games on and off)."""
        return True

    def option_on(self, field_name: str, rules: TableRules) -> bool:
        """Whether the table takes the entry option ``field_name`` at all (Legen, Tout, the
        Kontra chain, cracking: where its house rules switch them on)."""
        return True

    def game_table(self) -> dict[str, str]:
        return alias_table(self.games)

    def find_game(self, typed: str) -> GameType:
        name = find_choice(typed, self.game_table(),
                           Text("engine.not_a_game", typed=repr(typed), family=self.title_text()),
                           lambda game: GameWord(self, game))
        return self.game(name)

    def game(self, name: str) -> GameType:
        by_name: dict[str, GameType] | None = self.__dict__.get("_games_by_name")
        if by_name is None:
            by_name = self.__dict__["_games_by_name"] = {g.name: g for g in self.games}
        return by_name[name]

    def suit(self, typed: str) -> str:
        key = typed.strip().casefold()
        key = self.suit_words.get(key, key)
        if key in self.suits:
            return key
        if key in self.foreign_suits:
            raise IllegalEntry(
                Text("engine.foreign_suit", typed=repr(typed), family=self.title_text(), suits=Join(self.suits)),
                Text("engine.foreign_suit_hint"),
            )
        hits = [s for s in self.suits if s.startswith(key)] if key else []
        if len(hits) == 1:
            return hits[0]
        raise IllegalEntry(Text("engine.not_a_suit", typed=repr(typed)), Text("engine.suit_one_of", suits=Join(self.suits)))

    def suited_game(self, word: str) -> tuple[str, str] | None:
        """A game word with its suit in front (``herzsolo``, ``grünwenz``): (game, suit).

        >>> from .registry import find_family
        >>> find_family("bavarian").suited_game("Grünwenz")
        ('farbwenz', 'gras')
        """
        key = word.strip().casefold()
        for suit_word in (*self.suits, *self.suit_words):
            if key.startswith(suit_word) and key[len(suit_word):] in self.suited_games:
                return self.suited_games[key[len(suit_word):]], self.suit_words.get(suit_word, suit_word)
        return None

    # -- the table -----------------------------------------------------------------------
    def default_deck(self, seats: int) -> str:
        return self.decks[0]

    def rule_defaults(self, seats: int) -> dict[str, Any]:
        """Rule defaults that depend on the number of seats (over the key specs' defaults)."""
        return {}

    def house(self, rules: TableRules) -> Any:
        """The house rules of ``rules``, typed; a key missing from an older snapshot takes its
        declared default (for the seats), so no rule's default is written twice."""
        cached = rules.__dict__.get("_house")
        if cached is None:
            cached = self.house_rules.from_mapping(rules.rules, self.rule_defaults(rules.seats))
            object.__setattr__(rules, "_house", cached)  # frozen: a cache, not a change
        return cached

    def tariff(self, rules: TableRules, key: str) -> int:
        """A tariff in cents: the table's, else the key's declared default."""
        if key in rules.tariff:
            return int(rules.tariff[key])
        spec = next((s for s in self.tariff_specs if s.name == key), None)
        if spec is None or spec.default is None:
            raise KeyError(key)
        return int(spec.default)

    def check_table(self, rules: TableRules) -> list[tuple[str, str, Text]]:
        """Cross-key checks of a loaded table: (section, key, message) for each problem; the
        message is a sentence whose subject is the key."""
        return []

    # -- the engine ----------------------------------------------------------------------
    def initial_state(self) -> Any:
        """The family's own state before the first hand of a session (``HandState.own``)."""
        return None

    def head_split(self, rules: TableRules, strokes: int) -> tuple[int, int]:
        """Strokes as (completed heads, strokes left over), where a family draws heads."""
        return 0, strokes

    def limits(self, rules: TableRules) -> tuple[int, int]:
        """The Augen in the deck and what the declaring side needs to win (RULES §1)."""
        return 120, 61

    def validate(self, entry: GameEntry, rules: TableRules, seating: Seating, state: HandState) -> Result:
        """Check the entry against the rules (raise ``IllegalEntry``) and return what it established."""
        raise NotImplementedError

    def score(self, entry: GameEntry, rules: TableRules, seating: Seating, state: HandState,
              result: Result) -> Outcome:
        """What the hand pays, from the entry and what ``validate`` established."""
        raise NotImplementedError

    def advance(
        self, entry: GameEntry, rules: TableRules, seating: Seating, state: HandState, outcome: Outcome
    ) -> HandState:
        """The state after this hand, apart from the dealer (the rotation is shared)."""
        return state

    def standing_notes(self, rules: TableRules, state: HandState, balances: Mapping[str, int], language: str) -> list[str]:
        """Extra lines for ``standings`` (Stock, doublers, Muss-Solo, ...)."""
        return []

    def pending(self, rules: TableRules, state: HandState) -> dict[str, Any]:
        """Machine-readable state for ``standings --json``."""
        return {}

    def warnings(self, rules: TableRules, state: HandState) -> list[str]:
        """What ``settle`` warns about before the close (e.g. Muss-Solo still owed), in the
        table's language."""
        return []

    def closing_bookings(self, rules: TableRules, state: HandState, pot: int = 0) -> Bookings:
        """What the close books before the closing balances (a Stock that goes back, Muss-Solo
        penalties); ``pot`` is the money in the pot when the session closes."""
        return Bookings()

    def pot_return(self, rules: TableRules, pot: int, state: HandState | None = None) -> dict[str, int]:
        """How money left in the pot goes back at the close, per player (a family without a pot
        has none); ``state``: the state after the session's last hand (who paid into the pot)."""
        return {}

    def pot_carried(self, rules: TableRules, pot: int, state: HandState | None = None) -> dict[str, int]:
        """What of the pot goes on to the table's next evening instead of back, by who paid it
        in (it sums to ``pot`` less ``pot_return``); the next evening opens with it
        (``opening_state``). None of it for a family without a pot."""
        return {}

    def opening_state(self, carried: Mapping[str, int]) -> Any:
        """The family's own state before the first hand of an evening that opens with the pot the
        evening before carried (``pot_carried``, by who paid it in)."""
        return self.initial_state()

    def renamed_state(self, own: Any, aliases: Mapping[str, str]) -> Any:
        """The family's own state with earlier names as the players go by now (a rename during
        the evening): what it keeps by name follows the player."""
        return own

    def lot(self, active: Sequence[str], rng: Any) -> GameEntry:
        """The lot that draws partners before a game, where the family has one."""
        raise IllegalEntry(Text("engine.no_lot", family=self.title_text()), Text("engine.no_lot_hint"))

    @property
    def has_lot(self) -> bool:
        """Whether the family draws partners by lot before a game (its own ``lot``)."""
        return type(self).lot is not Family.lot

    def describe(self, entry: GameEntry, declarers: Sequence[str] = (),
                 extra: Mapping[str, Any] | None = None, *, lang: str) -> str:
        """A short line for a hand on the sheet and in reports, in ``lang``: ``Herz-Solo Anna 105``,
        ``Sauspiel Anna+Ben 70 L3 Kontra``, ``Ramsch Ben Jungfrau Dora``.

        >>> from .registry import find_family
        >>> bav = find_family("bavarian")
        >>> bav.describe(GameEntry("solo", player="Anna", suit="herz", augen=105, tout=False), lang="de")
        'Herz-Solo Anna 105'
        >>> bav.describe(GameEntry("solo", player="Anna", suit="herz", won=True, tout=True, legen=1), lang="en")
        'Heart solo tout Anna + laid 1'
        """
        e = entry
        g = next((x for x in self.games if x.name == e.game), None)
        if g is not None and g.thrown_in:
            return self.game_label(e, lang)
        parts = [self.game_label(e, lang), *self.label_marks(e, lang)]
        names = self.sheet_names(e, declarers, g, lang)
        if names:
            parts.append(names)
        if e.augen is not None:
            parts.append(str(e.augen))
        if e.won is not None and e.augen is None:
            parts.append("+" if e.won else "-")
        parts += self.sheet_marks(e, lang)
        in_bock = (extra or {}).get("bock")
        if isinstance(in_bock, int) and in_bock > 1:  # the sheet marks a Bock hand (x4 where rounds overlap)
            parts.append(say("engine.describe.bock", lang) + (f" x{in_bock}" if in_bock > 2 else ""))
        return " ".join(parts)

    def sheet_game(self, entry: GameEntry) -> str:
        """The game's word for the narrow sheet's short label (``cli.short_<word>``): its name,
        unless the family tells one kind of the game apart there."""
        return entry.game

    def label_marks(self, entry: GameEntry, lang: str) -> list[str]:
        """What ``describe`` says right after the game's label, of the game itself (a short
        label on the narrow sheet says it already)."""
        return []

    def sheet_names(self, entry: GameEntry, declarers: Sequence[str], game: GameType | None, lang: str) -> str:
        """Who played the hand, in ``describe``: the declarer and his partner (``Anna+Ben``);
        in a game of each for himself who lost or won it (a family words it its own way)."""
        if game is not None and game.everyone:
            return entry.loser or entry.winner or ",".join(declarers)
        return "+".join(n for n in (entry.player, entry.partner) if n)

    def sheet_marks(self, entry: GameEntry, lang: str) -> list[str]:
        """The marks of the hand after its result, in ``describe``: ``schwarz``, and what the
        family adds (its doublings, Laufende, ...)."""
        return [say("engine.flag.schwarz", lang)] if entry.schwarz else []

    def title_in(self, lang: str) -> str:
        """The family's name in a language: ``Bayerischer Schafkopf`` / ``Bavarian Schafkopf``."""
        return self.title_text().render(lang)

    def title_text(self) -> Text:
        """The family's name as a message parameter (rendered in the reader's language)."""
        return Text(f"engine.family.{self.name}")

    def game_text(self, game: str) -> Text:
        """A game's name as a title (``stats``' games, the history): its word on the sheet,
        ``Sauspiel``, ``Leaster``, ``All passed`` / ``Weiter``; no article."""
        name = self.game(game).name
        key = f"engine.label.{self.name}.{name}"
        return Text(key) if key in catalogue() else self.game_phrase(game)

    def setting_words(self, spec: KeySpec, value: Any, lang: str) -> str:
        """A table key's value in words, in a language (``rules``): ``KeySpec.value_words`` with
        the items of a list or a table named as people say them (a game by its title, a Bock
        trigger by its words).

        >>> from .registry import find_family
        >>> fam = find_family("wendish")
        >>> spec = next(s for s in fam.rule_specs if s.name == "games")
        >>> fam.setting_words(spec, ["normal", "solo"], "de")
        'Normal, Solo'
        """
        games = {g.name for g in self.games}

        def item(name: str) -> str:
            if name in games:
                return self.game_text(name).render(lang)
            if f"engine.bock.trigger.{name}" in catalogue():
                return say(f"engine.bock.trigger.{name}", lang)
            return name

        return spec.value_words(value, lang, item)

    def game_phrase(self, game: str) -> Text:
        """A game's name inside a sentence of a message: ``Sauspiel``; the English names of the
        other families carry the article they are read with (``a leaster``), the German ones none."""
        name = self.game(game).name
        return Text(f"engine.game.{self.name}.{name}")

    def suit_text(self, suit: str) -> Text:
        """A suit's name before a game's (``Herz``-Solo, ``Heart`` solo)."""
        return Text(f"engine.suit.{suit}")

    def game_label(self, entry: GameEntry, lang: str) -> str:
        """The game's word on the sheet: ``Sauspiel``, ``Herz-Solo`` / ``Heart solo``, ``Gras-Wenz``
        / ``Leaf wenz``."""
        labels: dict[tuple[str, str | None, str], str] = self.__dict__.setdefault("_labels", {})
        known = labels.get((entry.game, entry.suit, lang))
        if known is not None:
            return known
        key = f"engine.label.{self.name}.{entry.game}"
        suit = self._suit_of(entry)
        if suit is not None and f"{key}.suited" in catalogue():
            label = say(f"{key}.suited", lang, suit=self.suit_text(suit))
        elif key in catalogue():
            label = say(key, lang)
        else:
            label = entry.game.capitalize()
        if len(labels) < 4096:  # a label per game, suit (as typed) and language
            labels[entry.game, entry.suit, lang] = label
        return label

    def _suit_of(self, entry: GameEntry) -> str | None:
        """The entry's suit as the family spells it (``rot`` is ``herz``), if it names one."""
        if not entry.suit:
            return None
        try:
            return self.suit(entry.suit)
        except IllegalEntry:
            return None

    def deals(self, entry: GameEntry) -> bool:
        """Whether this entry is a dealt hand (moves the dealer on)."""
        return True

    def to_money(self, rules: TableRules, balances: Mapping[str, int]) -> tuple[dict[str, int], str, dict[str, Any]]:
        """The settlement amounts for the session's balances: (amounts, unit, extra JSON keys)."""
        return dict(balances), self.unit, {}


H = TypeVar("H", bound=HouseRules)
S = TypeVar("S")


class FamilyOf(Family, Generic[H, S]):
    """A family with typed house rules ``H`` (its ``house_rules``) and a state of its own ``S``
    (its ``state_type``, kept in ``HandState.own``)."""

    state_type: ClassVar[type[Any]]

    def house_rules_of(self, rules: TableRules) -> H:
        """The table's house rules, typed (``house`` as this family's ``house_rules``)."""
        cached: H | None = rules.__dict__.get("_house")  # hot: a replay asks several times a hand
        if cached is None:
            cached = self.house(rules)
        return cached

    def own_state(self, state: HandState) -> S:
        """This family's part of the state (the default where a caller built a bare HandState)."""
        own: S = state.own
        if not isinstance(own, self.state_type):
            own = self.state_type()
        return own

    def initial_state(self) -> S:
        return cast(S, self.state_type())


def kasse_notes(rules: TableRules, kasse: int, balances: Mapping[str, int], language: str) -> list[str]:
    """The Kasse (``kasse`` cents, each player's buy-in): each player's stake left (buy-in plus
    balance) and a warning for every stake used up; nothing where the table plays without one."""
    if not kasse:
        return []
    from ..i18n import Amount

    left = {p: kasse + balances.get(p, 0) for p in rules.players}
    each = ", ".join(f"{p} {Amount(v, rules.currency).render(language)}" for p, v in left.items())
    notes = [say("engine.kasse.left", language, left=each)]
    notes += [say("engine.kasse.used", language, name=p) for p, v in left.items() if v <= 0]
    return notes


def distribute(active: Sequence[str], declarers: Sequence[str], value: int, won: bool) -> dict[str, int]:
    """Who pays whom in Schafkopf: with two declarers each loser pays one winner ``value``;
    a single declarer gets ``value`` from each opponent (or pays it to each)."""
    sign = 1 if won else -1
    pay = {p: 0 for p in active}
    opponents = [p for p in active if p not in declarers]
    if len(declarers) > 1:
        for d in declarers:
            pay[d] += sign * value
        for o in opponents:
            pay[o] -= sign * value
    else:
        pay[declarers[0]] += sign * value * len(opponents)
        for o in opponents:
            pay[o] -= sign * value
    return pay
