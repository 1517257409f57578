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


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat may know. The hand UI and the AI players only ever receive this.

    `hand` is in the order the cards were dealt and drawn: a presenter sorts it for display
    (`hand_text`).

    The fields after `legal` describe variants: the team of each seat and each team's total
    (both empty without teams), the penalty the seat in turn faces under stacking, the card to
    play on when it is not the top card (the one beneath a twist Joker) and the seats
    eliminated (C7).
    """

    seat: int
    hand: tuple[AnyCard, ...]
    hand_counts: tuple[int, ...]
    discard_top: AnyCard
    colour: AnyColour | None
    current: int
    direction: int
    phase: Phase
    turn: int
    round_number: int
    dealer: int
    scores: tuple[int, ...]
    target_score: int
    draw_pile_size: int
    drawn_card: AnyCard | None
    uno_catchable: int | None
    legal: tuple[Action, ...]
    teams: tuple[int, ...] = ()
    team_scores: tuple[int, ...] = ()
    pending_draw: int = 0
    play_on: AnyCard | None = None
    eliminated: tuple[int, ...] = ()

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
