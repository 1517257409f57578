"""What happened. `apply` returns these; the presenter turns them into a message."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from bot.games.flood.cards import Card
from bot.games.flood.cards import Suit
from bot.i18n.text import Text
from bot.i18n.text import text


class DrawReason(enum.Enum):
    DEAL = "dealt"
    CHOSE_TO_DRAW = "drew"
    DRAW_TWO = "Draw Two"  # not shown to players
    WILD_DRAW_FOUR = "Wild Draw Four"  # not shown to players
    STARTER = "the first card"  # not shown to players


class Outcome(enum.Enum):
    WON = "won"
    EMPTY_HAND = "empty hand"  # not shown to players: saved (F9)
    STALEMATE = "nothing left to draw"  # not shown to players: saved (F7)
    PENALTY = "too few cards for the penalty"  # not shown to players: saved (F14)
    RESIGNED = "resigned"

    @property
    def explanation(self) -> Text:
        return _EXPLANATIONS[self]


_EXPLANATIONS = {
    Outcome.WON: text("You survived the flood: the target number of draw decks is done."),
    Outcome.EMPTY_HAND: text("Your hand ran dry."),
    Outcome.STALEMATE: text("You had to draw, but every card is in your hand or under the top card."),
    Outcome.PENALTY: text("You drew while a play was possible and had too few cards to pay the penalty."),
    Outcome.RESIGNED: text("You resigned."),
}


@dataclass(frozen=True, slots=True)
class StarterTurned:
    """F3: the first card of the discard pile."""

    card: Card


@dataclass(frozen=True, slots=True)
class CardPlayed:
    card: Card
    from_reserve: bool


@dataclass(frozen=True, slots=True)
class SuitCalled:
    suit: Suit


@dataclass(frozen=True, slots=True)
class CardsDrawn:
    """Cards taken from the draw pile. In easy and master, the special ones went to the reserve."""

    cards: tuple[Card, ...]
    reason: DrawReason
    to_reserve: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class DrawsSkipped:
    """F7: a forced draw found nothing to draw; the rest of it is skipped."""

    count: int


@dataclass(frozen=True, slots=True)
class PileReshuffled:
    """F7: the discard pile, less its top card, became the draw pile."""

    cards: int


@dataclass(frozen=True, slots=True)
class RoundCompleted:
    """F8: the last card of a draw pile was drawn."""

    rounds_done: int
    target: int


@dataclass(frozen=True, slots=True)
class PenaltyOwed:
    """F14: a draw made while a play was possible; `count` cards must go under the top card."""

    count: int


@dataclass(frozen=True, slots=True)
class CardBuried:
    """F14: a card went under the discard top."""

    card: Card


@dataclass(frozen=True, slots=True)
class GameEnded:
    outcome: Outcome
    rounds_done: int
    target: int

    @property
    def won(self) -> bool:
        return self.outcome is Outcome.WON


Event = (
    StarterTurned
    | CardPlayed
    | SuitCalled
    | CardsDrawn
    | DrawsSkipped
    | PileReshuffled
    | RoundCompleted
    | PenaltyOwed
    | CardBuried
    | GameEnded
)
