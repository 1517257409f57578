"""What happened. `apply` returns these; the Discord layer turns them into words.

Every card in the waste and on the tableau lies face up, so no event is private.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from bot.games.tableau.geometry import Slot
from bot.games.uno.cards import Card
from bot.i18n.text import Text
from bot.i18n.text import text


class Outcome(enum.Enum):
    WON = "won"
    # S12(a): a pass through the stock changed nothing, so every later pass would repeat it.
    REPEATING = "repeating"
    # S12(b): stock and waste are empty and no card can go to a foundation.
    STUCK = "stuck"
    RESIGNED = "resigned"

    @property
    def won(self) -> bool:
        return self is Outcome.WON

    @property
    def said(self) -> Text:
        """How the game ended, in words."""
        return _OUTCOME_WORDS[self]


_OUTCOME_WORDS = {
    Outcome.WON: text("won"),
    Outcome.REPEATING: text("the position would repeat forever"),
    Outcome.STUCK: text("no card left to draw and no card can go to a foundation"),
    Outcome.RESIGNED: text("resigned"),
}


@dataclass(frozen=True, slots=True)
class CardsDrawn:
    """S5: `cards` went from the stock to the waste in this order; the last is the new waste top."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class WasteTurnedOver:
    """S5/S9: the waste became the stock again, in its original order."""

    cards: int


@dataclass(frozen=True, slots=True)
class MovedToFoundation:
    """`card` left `source` (a slot, or the waste when None) for its foundation."""

    card: Card
    source: Slot | None


@dataclass(frozen=True, slots=True)
class CardPlaced:
    card: Card
    slot: Slot


@dataclass(frozen=True, slots=True)
class SlotRefilled:
    """S9: the top stock card took the place of a row-0 card that left."""

    slot: Slot
    card: Card


@dataclass(frozen=True, slots=True)
class SlotLeftEmpty:
    """S9: stock and waste were both empty, so this row-0 slot stays empty for good."""

    slot: Slot


@dataclass(frozen=True, slots=True)
class MoveUndone:
    """`move` (its action string) was taken back, the `undos`-th Undo of the game; `cards` are
    the cards it had moved, back where they were: the card that went up or was placed, the cards
    drawn (none for turning the waste over)."""

    move: str
    undos: int
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class GameEnded:
    outcome: Outcome


Event = (
    CardsDrawn
    | WasteTurnedOver
    | MovedToFoundation
    | CardPlaced
    | SlotRefilled
    | SlotLeftEmpty
    | MoveUndone
    | GameEnded
)
