"""What the player sees: everything face up, and the sizes of the face-down stock and the waste.

Named tuples rather than frozen dataclasses: the greedy player gets a fresh view every move.
"""

from __future__ import annotations

from typing import NamedTuple

from bot.games.tableau.actions import Action
from bot.games.tableau.events import Outcome
from bot.games.tableau.foundations import action_follows
from bot.games.tableau.geometry import Slot
from bot.games.uno.cards import Card
from bot.games.uno.cards import Colour
from bot.games.uno.cards import Face
from bot.i18n.text import Text
from bot.i18n.text import text


class SlotView(NamedTuple):
    slot: Slot
    card: Card | None
    # S7: a card on which no card of the next row rests; only these may go to a foundation.
    exposed: bool
    # S6: the slots of the row above this one rests on (empty for row 0).
    rests_on: tuple[Slot, ...]


class ColourFoundationView(NamedTuple):
    colour: Colour
    size: int
    top: Card | None
    next_card: Card | None  # None once all 19 cards are up


class ActionPileView(NamedTuple):
    top: Card | None
    size: int

    def accepts(self, card: Card) -> bool:
        return action_follows(self.top, card)

    @property
    def next_said(self) -> Text:
        """What the pile takes next, in words."""
        top = self.top
        if top is None or top.is_wild:
            return text("any action card")
        assert top.colour is not None
        return _NEXT_ACTION[(top.colour, top.face)]

    @property
    def next_label(self) -> str:
        """`next_said` in English."""
        return str(self.next_said)


# Each colour and face (the top of the pile is an action card) its own sentence, so that each
# language can make the colour agree with its noun and the article with the face ("una Reversa",
# "un Salta").
_NEXT_ACTION = {
    (Colour.RED, Face.SKIP): text("a Red action card, a Skip or a Wild"),
    (Colour.RED, Face.REVERSE): text("a Red action card, a Reverse or a Wild"),
    (Colour.RED, Face.DRAW_TWO): text("a Red action card, a Draw Two or a Wild"),
    (Colour.YELLOW, Face.SKIP): text("a Yellow action card, a Skip or a Wild"),
    (Colour.YELLOW, Face.REVERSE): text("a Yellow action card, a Reverse or a Wild"),
    (Colour.YELLOW, Face.DRAW_TWO): text("a Yellow action card, a Draw Two or a Wild"),
    (Colour.GREEN, Face.SKIP): text("a Green action card, a Skip or a Wild"),
    (Colour.GREEN, Face.REVERSE): text("a Green action card, a Reverse or a Wild"),
    (Colour.GREEN, Face.DRAW_TWO): text("a Green action card, a Draw Two or a Wild"),
    (Colour.BLUE, Face.SKIP): text("a Blue action card, a Skip or a Wild"),
    (Colour.BLUE, Face.REVERSE): text("a Blue action card, a Reverse or a Wild"),
    (Colour.BLUE, Face.DRAW_TWO): text("a Blue action card, a Draw Two or a Wild"),
}


class TableauView(NamedTuple):
    # Every row that holds a card, and one more (empty) row below them, where cards may go.
    rows: tuple[tuple[SlotView, ...], ...]
    colour_foundations: tuple[ColourFoundationView, ...]
    action_pile: ActionPileView
    waste_top: Card | None
    waste_size: int
    stock_size: int
    # S12(a): the next Draw would turn over a waste no card has left since the last turn-over,
    # so it ends the game; the player should be warned.
    draw_ends_game: bool
    legal: tuple[Action, ...]
    outcome: Outcome | None
    moves: int
    undos: int

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def won(self) -> bool:
        return self.outcome is Outcome.WON

    def card_at(self, slot: Slot) -> Card | None:
        if 0 <= slot.row < len(self.rows) and 0 <= slot.index < len(self.rows[slot.row]):
            return self.rows[slot.row][slot.index].card
        return None
