"""What one seat may know (`SeatView`) and the phases of a round (`Phase`)."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from operator import attrgetter
from typing import Final

from bot.games.uno.actions import Action
from bot.games.uno.playing_cards import AnyCard
from bot.games.uno.playing_cards import AnyColour


class Phase(enum.Enum):
    PLAYING = "playing"
    AWAITING_COLOUR = "awaiting colour"  # not shown to players
    AWAITING_CHALLENGE = "awaiting challenge"  # not shown to players
    # H2: the player of a 7 picks whom to swap hands with.
    AWAITING_SWAP = "awaiting swap"  # not shown to players
    ROUND_OVER = "round over"  # not shown to players
    FINISHED = "finished"


# The phases as module names, for the engine's checks on every move: on Python 3.11 reading a
# member off its class (`Phase.PLAYING`) goes through EnumType.__getattr__'s hook, which costs
# some twenty times reading a global.
PLAYING: Final = Phase.PLAYING
AWAITING_COLOUR: Final = Phase.AWAITING_COLOUR
AWAITING_CHALLENGE: Final = Phase.AWAITING_CHALLENGE
AWAITING_SWAP: Final = Phase.AWAITING_SWAP
ROUND_OVER: Final = Phase.ROUND_OVER
FINISHED: Final = Phase.FINISHED


@dataclass(frozen=True, slots=True)
class RoundFacts:
    """What a seat's view shows that changes only between rounds or when a player leaves: the
    round, its dealer, the scores and the target, the team of each seat and each team's total
    (both empty without teams) and the seats eliminated (C7). The game makes it again only when
    one of these changed, and every view until then shares it."""

    round_number: int
    dealer: int
    scores: tuple[int, ...]
    target_score: int
    teams: tuple[int, ...] = ()
    team_scores: tuple[int, ...] = ()
    eliminated: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class TableFacts:
    """What a seat's view shows of the table that most moves leave as it was: the direction of
    play, the seat that may be caught without UNO, the penalty the seat in turn faces under
    stacking, the card to play on when it is not the top card (the one beneath a twist
    Joker) and the phase of the round. A game makes one for each combination of them the first
    time it shows it, and its views share it from then on."""

    direction: int
    uno_catchable: int | None
    pending_draw: int = 0
    play_on: AnyCard | None = None
    phase: Phase = Phase.PLAYING


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat may know. The hand UI and the AI players only ever receive this.

    `hand` is in the order the cards were dealt and drawn: a presenter sorts it for display
    (`hand_text`).

    What changes only between rounds is read through `round_facts` (`view.scores`, `view.teams`,
    ...: see RoundFacts), and what most moves leave as it was through `table_facts`
    (`view.direction`, `view.pending_draw`, `view.phase`, ...: see TableFacts), so that a move's view sets
    fewer fields: each field of a frozen dataclass costs a call to `object.__setattr__`.
    """

    seat: int
    hand: tuple[AnyCard, ...]
    hand_counts: tuple[int, ...]
    discard_top: AnyCard
    colour: AnyColour | None
    current: int
    turn: int
    draw_pile_size: int
    drawn_card: AnyCard | None
    legal: tuple[Action, ...]
    round_facts: RoundFacts
    table_facts: TableFacts

    @property
    def direction(self) -> int:
        return self.table_facts.direction

    @property
    def uno_catchable(self) -> int | None:
        return self.table_facts.uno_catchable

    @property
    def pending_draw(self) -> int:
        return self.table_facts.pending_draw

    @property
    def play_on(self) -> AnyCard | None:
        return self.table_facts.play_on

    @property
    def phase(self) -> Phase:
        return self.table_facts.phase

    @property
    def round_number(self) -> int:
        return self.round_facts.round_number

    @property
    def dealer(self) -> int:
        return self.round_facts.dealer

    @property
    def scores(self) -> tuple[int, ...]:
        return self.round_facts.scores

    @property
    def target_score(self) -> int:
        return self.round_facts.target_score

    @property
    def teams(self) -> tuple[int, ...]:
        return self.round_facts.teams

    @property
    def team_scores(self) -> tuple[int, ...]:
        return self.round_facts.team_scores

    @property
    def eliminated(self) -> tuple[int, ...]:
        return self.round_facts.eliminated

    @property
    def seat_count(self) -> int:
        return len(self.hand_counts)

    @property
    def my_turn(self) -> bool:
        return self.current == self.seat and self.phase not in (Phase.ROUND_OVER, Phase.FINISHED)

    @property
    def next_seat(self) -> int:
        return (self.current + self.direction) % self.seat_count


# Where a card sorts in a hand: by colour (suit), wilds (Jokers) last, then by face (rank).
card_sort_key: Final = attrgetter("order")
