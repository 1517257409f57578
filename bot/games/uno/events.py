"""What happened. `apply` returns these; presenters turn them into messages.

Some events carry private facts (the cards a seat drew, the hand shown after a challenge): the
presenter shows those only to the seat named in `private_to`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from bot.games.uno.cards import Card, Colour


class DrawReason(enum.Enum):
    CHOSE_TO_DRAW = "chose to draw"
    DRAW_TWO = "hit by a Draw Two"
    WILD_DRAW_FOUR = "hit by a Wild Draw Four"
    FIRST_CARD = "the first card was a Draw Two"
    CHALLENGE_LOST = "lost a challenge"
    CAUGHT_BLUFFING = "caught bluffing with a Wild Draw Four"
    MISSED_UNO = "was caught without calling UNO"


@dataclass(frozen=True, slots=True)
class RoundStarted:
    round_number: int
    dealer: int


@dataclass(frozen=True, slots=True)
class FirstCardReturned:
    """O2: a Wild Draw Four turned first goes back into the deck."""

    card: Card


@dataclass(frozen=True, slots=True)
class FirstCardTurned:
    card: Card


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class ColourChosen:
    seat: int
    colour: Colour


@dataclass(frozen=True, slots=True)
class CardsDrawn:
    seat: int
    cards: tuple[Card, ...]
    reason: DrawReason

    @property
    def private_to(self) -> int:
        return self.seat


@dataclass(frozen=True, slots=True)
class TurnSkipped:
    seat: int


@dataclass(frozen=True, slots=True)
class DirectionReversed:
    direction: int


@dataclass(frozen=True, slots=True)
class Passed:
    seat: int


@dataclass(frozen=True, slots=True)
class UnoCalled:
    seat: int


@dataclass(frozen=True, slots=True)
class UnoCaught:
    catcher: int
    caught: int


@dataclass(frozen=True, slots=True)
class ChallengeResolved:
    """O6. `offender_hand` is shown to the challenger only."""

    challenger: int
    offender: int
    guilty: bool
    offender_hand: tuple[Card, ...]

    @property
    def private_to(self) -> int:
        return self.challenger


@dataclass(frozen=True, slots=True)
class PileReshuffled:
    """O8: the discard pile, less its top, became the draw pile."""

    cards: int


@dataclass(frozen=True, slots=True)
class TurnStarted:
    seat: int
    turn: int


@dataclass(frozen=True, slots=True)
class SeatLeft:
    """The seat left; seats after it move down by one. Its cards went under the draw pile."""

    seat: int
    cards_returned: int


@dataclass(frozen=True, slots=True)
class RoundWon:
    seat: int
    points: int
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameWon:
    seat: int
    scores: tuple[int, ...]


Event = (
    RoundStarted
    | FirstCardReturned
    | FirstCardTurned
    | CardPlayed
    | ColourChosen
    | CardsDrawn
    | TurnSkipped
    | DirectionReversed
    | Passed
    | UnoCalled
    | UnoCaught
    | ChallengeResolved
    | PileReshuffled
    | TurnStarted
    | SeatLeft
    | RoundWon
    | GameWon
)
