"""Rulesets as data: one registry maps a name to its ruleset, and `/uno rules` reads the same data.

A ruleset is a preset (official, classic, twist: the fields that define it) plus options a table
may change: the points target, house rules H1-H6, twist's number of decks and its teams, and a
time limit for the whole game (T8).
`with_options` refuses combinations that make no sense together, saying why.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import fields
from dataclasses import replace
from typing import Any

from bot.games.errors import IllegalAction
from bot.games.errors import quoted
from bot.games.uno.cards import Role
from bot.games.uno.scoring import ELIMINATION
from bot.games.uno.scoring import LOWEST_TOTAL
from bot.games.uno.scoring import POINTS_TO_TARGET
from bot.games.uno.scoring import Scoring
from bot.i18n.text import Code
from bot.i18n.text import Text
from bot.i18n.text import text

# Stacking modes. Each maps the role of the card on top of a pending penalty to the roles that
# may answer it.
NO_STACKING = "none"
STACK_DRAW_TWO = "draw_two"  # H1
STACK_DRAW_TWO_WD4 = "draw_two_wd4"  # H1 with Wild Draw Four on either
STACK_CLASSIC = "classic"  # C8
STACK_TWIST = "twist"  # T4
STACK_ANSWERS: dict[str, dict[Role, frozenset[Role]]] = {
    NO_STACKING: {},
    STACK_DRAW_TWO: {Role.DRAW_TWO: frozenset({Role.DRAW_TWO})},
    STACK_DRAW_TWO_WD4: {
        Role.DRAW_TWO: frozenset({Role.DRAW_TWO, Role.WILD_DRAW_FOUR}),
        Role.WILD_DRAW_FOUR: frozenset({Role.WILD_DRAW_FOUR}),
    },
    STACK_CLASSIC: {
        Role.DRAW_TWO: frozenset({Role.DRAW_TWO, Role.WILD, Role.WILD_DRAW_FOUR}),
        Role.WILD: frozenset({Role.WILD, Role.WILD_DRAW_FOUR}),
        Role.WILD_DRAW_FOUR: frozenset({Role.WILD_DRAW_FOUR}),
    },
    STACK_TWIST: {
        Role.DRAW_TWO: frozenset({Role.DRAW_TWO}),
        Role.DRAW_FIVE: frozenset({Role.DRAW_FIVE}),
    },
}

# Deck kinds and first-card rules.
UNO_DECK = "uno"
PLAYING_CARDS = "playing cards"  # not shown to players
FIRST_CARD_OFFICIAL = "official"  # O2
FIRST_CARD_NUMBER = "number"  # C1
FIRST_CARD_PLAIN = "plain"  # T1 (a Joker goes back: there would be no card beneath it)

NO_TEAMS = "none"
PARTNERS = "partners"
MAX_TEAMS = 5
# T1: twist is played with at least four decks; a table may add more.
MIN_DECKS = 4
MAX_DECKS = 8
# T8's "or when the table's time is up": a game's time limit in minutes (0 for none). Shorter
# than a few minutes is not a game; longer than ten hours is no limit anyone would wait for.
MIN_TIME_LIMIT = 5
MAX_TIME_LIMIT = 600

# House rules by the name a table uses for them: (rule number, the options they set).
HOUSE_RULES: dict[str, tuple[str, dict[str, Any]]] = {
    "stacking": ("H1", {"stacking": STACK_DRAW_TWO}),
    "stacking_wd4": ("H1", {"stacking": STACK_DRAW_TWO_WD4}),
    "seven_o": ("H2", {"seven_o": True}),
    "jump_in": ("H3", {"jump_in": True}),
    "draw_to_match": ("H4", {"draw_to_match": True}),
    "forced_play": ("H5", {"forced_play": True}),
    "no_bluffing": ("H6", {"no_bluffing": True}),
    # Not a house rule but the seed-002 preset's own optional variation, set the same way.
    "classic_stacking": ("C8", {"stacking": STACK_CLASSIC}),
}
# What a table may change; every other field belongs to the preset.
OPTION_FIELDS = (
    "target_score",
    "stacking",
    "seven_o",
    "jump_in",
    "draw_to_match",
    "forced_play",
    "no_bluffing",
    "decks",
    "teams",
    "time_limit",
)


@dataclass(frozen=True, slots=True)
class Ruleset:
    name: str
    # The ruleset's name as players read it, in their language.
    title: Text
    hand_size: int = 7
    target_score: int = 500
    min_players: int = 2
    max_players: int = 10
    # ---- the preset's rules (official values by default)
    deck: str = UNO_DECK
    first_card: str = FIRST_CARD_OFFICIAL
    wild_last_resort: bool = False  # C2: Wilds only when nothing else can be played
    wild_draw: int = 0  # C2: a Wild makes the next player draw this many and lose the turn
    challenge: bool = True  # O6
    drawn_card_waits: bool = False  # C3, T5: the drawn card cannot be played this turn
    must_play_if_able: bool = False  # C3, T5: draw only when nothing can be played
    two_player_skip_reverse_void: bool = False  # C4
    go_out_on_number_only: bool = False  # C5
    uno_penalty: int = 2  # O7, C6, T6
    # C6: a missed UNO can be caught until the next player lays a card (their draw does not
    # end it); otherwise until the next player acts (O7).
    catch_until_card_laid: bool = False
    scoring: Scoring = POINTS_TO_TARGET
    # ---- options a table may change
    stacking: str = NO_STACKING
    seven_o: bool = False  # H2
    jump_in: bool = False  # H3
    draw_to_match: bool = False  # H4
    forced_play: bool = False  # H5
    no_bluffing: bool = False  # H6
    decks: int = 1  # T1: decks of playing cards
    teams: str = NO_TEAMS  # T7: "none", "partners" or a number of teams
    # T8: minutes until the table calls time (0: no limit). The engine reads no clock: the table
    # calls `UnoGame.call_time` when the time is up. Only T8 names a time limit, but any table
    # may set one: it is a table's setting like the points target, and each scoring scheme has
    # a natural winner when time is called (`UnoGame.call_time`): winner-takes (O10) the
    # highest score, elimination (C7) the lowest total of the players still in, T8 the lowest
    # (team) total.
    time_limit: int = 0

    # ------------------------------------------------------------------ options

    def with_target(self, target_score: int) -> Ruleset:
        if not 1 <= target_score <= 100_000:
            raise IllegalAction(
                text("The points target must be between {low} and {high}.", low=1, high=100_000)
            )
        return replace(self, target_score=target_score)

    def with_options(self, **options: Any) -> Ruleset:
        """This ruleset with table options changed (see OPTION_FIELDS); refused, with the
        reason, when an option is unknown or the combination makes no sense."""
        unknown = sorted(set(options) - set(OPTION_FIELDS))
        if unknown:
            raise IllegalAction(
                text(
                    "Unknown option {unknown}. Options: {options}.",
                    unknown=", ".join(unknown),
                    options=", ".join(OPTION_FIELDS),
                )
            )
        target = options.pop("target_score", self.target_score)
        changed = self.with_target(int(target))
        defaults = {f.name: f.default for f in fields(Ruleset)}
        for name, value in options.items():
            if type(value) is not type(defaults[name]):
                raise IllegalAction(_wrong_kind(name, type(defaults[name])))
        changed = replace(changed, **options)
        changed.check()
        return changed

    def with_house_rules(self, *names: str) -> Ruleset:
        """This ruleset with the named house rules (HOUSE_RULES) turned on."""
        options: dict[str, Any] = {}
        for name in names:
            if name not in HOUSE_RULES:
                known = ", ".join(HOUSE_RULES)
                raise IllegalAction(
                    text(
                        "There is no house rule called {name}. Known: {known}.",
                        name=quoted(name),
                        known=known,
                    )
                )
            _, settings = HOUSE_RULES[name]
            for key, value in settings.items():
                if key in options and options[key] != value:
                    raise IllegalAction(text("Choose one kind of stacking, not several ({key}).", key=key))
                options[key] = value
        return self.with_options(**options)

    def options(self) -> dict[str, Any]:
        """The options changed from the preset `name` (the points target aside): what a saved
        game keeps besides the name."""
        preset = RULESETS.get(self.name)
        if preset is None:
            return {}
        return {
            name: getattr(self, name)
            for name in OPTION_FIELDS
            if name != "target_score" and getattr(self, name) != getattr(preset, name)
        }

    @property
    def house_rules(self) -> tuple[str, ...]:
        """The names of the house rules in force."""
        return tuple(
            name
            for name, (_, settings) in HOUSE_RULES.items()
            if all(getattr(self, key) == value for key, value in settings.items())
        )

    @property
    def playing_cards(self) -> bool:
        return self.deck == PLAYING_CARDS

    @property
    def deck_size(self) -> int:
        return 54 * self.decks if self.playing_cards else 108

    @property
    def stack_answers(self) -> dict[Role, frozenset[Role]]:
        return STACK_ANSWERS[self.stacking]

    def check_seats(self, seat_count: int) -> None:
        """Refuse a number of players these rules cannot deal to, saying why."""
        if not self.min_players <= seat_count <= self.max_players:
            raise IllegalAction(
                text(
                    "{title} need {low} to {high} players.",
                    title=self.title,
                    low=self.min_players,
                    high=self.max_players,
                )
            )

    def check(self) -> None:
        """Refuse combinations of options that make no sense together, saying why."""
        self._check_stacking()
        self._check_house_rules()
        self._check_table()

    def _check_stacking(self) -> None:
        twist = self.playing_cards
        if self.stacking not in STACK_ANSWERS:
            raise IllegalAction(text("Unknown stacking {stacking}.", stacking=quoted(str(self.stacking))))
        if twist and self.stacking != STACK_TWIST:
            raise IllegalAction(
                text("Twist already stacks 2s on 2s and Jokers on Jokers; it takes no other stacking.")
            )
        if not twist and self.stacking == STACK_TWIST:
            raise IllegalAction(text("Twist's stacking needs playing cards."))
        if self.stacking == STACK_CLASSIC and not self.wild_draw:
            raise IllegalAction(
                text("Classic stacking passes on the Wild's draw; here a Wild makes nobody draw.")
            )
        if self.stacking == STACK_DRAW_TWO_WD4 and self.challenge and not self.no_bluffing:
            raise IllegalAction(
                text(
                    "A stacked Wild Draw Four cannot be challenged: with Wild Draw Four stacking, "
                    "also turn on no bluffing."
                )
            )

    def _check_house_rules(self) -> None:
        twist = self.playing_cards
        if self.seven_o and twist:
            raise IllegalAction(text("Seven-O needs UNO cards: twist has no 0 and its 7 skips."))
        if self.drawn_card_waits and (self.draw_to_match or self.forced_play):
            raise IllegalAction(
                text("Draw to match makes no sense here: a drawn card waits for the next turn.")
                if self.draw_to_match
                else text("Forced play makes no sense here: a drawn card waits for the next turn.")
            )
        if self.no_bluffing and twist:
            raise IllegalAction(text("No bluffing is about Wild Draw Four: twist has none."))
        if self.no_bluffing and not self.challenge:
            raise IllegalAction(
                text(
                    "No bluffing is already how these rules play: a Wild Draw Four goes only "
                    "when nothing else does, and it cannot be challenged."
                )
            )

    def _check_table(self) -> None:
        """Decks, time limit and teams."""
        twist = self.playing_cards
        if twist and not MIN_DECKS <= self.decks <= MAX_DECKS:
            raise IllegalAction(
                text(
                    "Twist plays with {low} to {high} decks of playing cards: at least {low}, and a "
                    "table may add more.",
                    low=MIN_DECKS,
                    high=MAX_DECKS,
                )
            )
        if not twist and self.decks != 1:
            raise IllegalAction(text("Only twist's playing cards come in several decks."))
        if self.time_limit and not MIN_TIME_LIMIT <= self.time_limit <= MAX_TIME_LIMIT:
            raise IllegalAction(
                text(
                    "A time limit is {low} to {high} minutes, or {none} for none.",
                    low=MIN_TIME_LIMIT,
                    high=MAX_TIME_LIMIT,
                    none=0,
                )
            )
        if self.teams != NO_TEAMS:
            if not twist:
                raise IllegalAction(text("Teams are a twist rule."))
            if self.teams != PARTNERS and not (self.teams.isdigit() and 2 <= int(self.teams) <= MAX_TEAMS):
                raise IllegalAction(
                    text(
                        "Teams are `none`, `partners` or a number of teams from {low} to {high}.",
                        low=2,
                        high=MAX_TEAMS,
                    )
                )


OFFICIAL = Ruleset(name="official", title=text("Official UNO rules"))  # not shown to players
CLASSIC = Ruleset(
    name="classic",  # not shown to players
    title=text("Classic computer UNO"),
    first_card=FIRST_CARD_NUMBER,
    wild_last_resort=True,
    wild_draw=1,
    challenge=False,
    drawn_card_waits=True,
    must_play_if_able=True,
    two_player_skip_reverse_void=True,
    go_out_on_number_only=True,
    catch_until_card_laid=True,
    scoring=ELIMINATION,
    target_score=250,
)
TWIST = Ruleset(
    name="twist",  # not shown to players
    title=text("UNO with a twist (playing cards)"),
    min_players=3,
    deck=PLAYING_CARDS,
    decks=4,
    first_card=FIRST_CARD_PLAIN,
    challenge=False,
    drawn_card_waits=True,
    must_play_if_able=True,
    uno_penalty=1,
    scoring=LOWEST_TOTAL,
    stacking=STACK_TWIST,
)


def _wrong_kind(option: str, kind: type) -> Text:
    """The refusal of an option given a value of another kind, the kind said in words (never a
    Python type's name); the option as it is typed."""
    name = Code(option)
    if kind is bool:
        return text("The option {name} takes true or false.", name=name)
    if kind is int:
        return text("The option {name} takes a whole number.", name=name)
    return text("The option {name} takes a word.", name=name)


RULESETS: dict[str, Ruleset] = {r.name: r for r in (OFFICIAL, CLASSIC, TWIST)}


def ruleset_named(name: str) -> Ruleset:
    try:
        return RULESETS[name]
    except KeyError:
        known = ", ".join(sorted(RULESETS))
        raise IllegalAction(
            text(
                "There is no ruleset called {name}. Known rulesets: {known}.", name=quoted(name), known=known
            )
        ) from None


def ruleset_title(name: str) -> Text | str:
    """What players call a ruleset saved by its name; an unknown name (a ruleset since retired)
    as it was saved."""
    ruleset = RULESETS.get(name)
    return ruleset.title if ruleset is not None else name
