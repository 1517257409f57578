"""Where tableau slots are and which cards rest on which (S6), and so which are exposed (S7).

Rows alternate seven and six slots. A card in a six-slot (odd) row bridges two neighbours of
the seven-slot row above it; a card in a seven-slot (even) row bridges two cards of the six-slot
row above it, except at the two ends, where it rests on one card only.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from bot.games.errors import MalformedAction
from bot.games.errors import quoted
from bot.i18n.text import Code
from bot.i18n.text import Text
from bot.i18n.text import text

# No row can lie deeper than the deck is long: every card below row 0 rests on a card above it.
MAX_ROWS = 108


def row_width(row: int) -> int:
    """S6: seven slots in an even row, six in an odd one."""
    return 7 if row % 2 == 0 else 6


@dataclass(frozen=True, slots=True, order=True)
class Slot:
    """A place in the tableau: row 0 is the dealt row, deeper rows lie over it."""

    row: int
    index: int

    def __str__(self) -> str:
        return f"{self.row}.{self.index}"

    @property
    def said(self) -> Text:
        """The slot in words, as the player reads it: "row 1, slot 4" (slots counted from 1)."""
        return text("row {row}, slot {slot}", row=self.row, slot=self.index + 1)

    @property
    def exists(self) -> bool:
        return 0 <= self.row < MAX_ROWS and 0 <= self.index < row_width(self.row)

    @staticmethod
    def parse(text: str) -> Slot:
        """Read `row.index`, e.g. `1.3`."""
        row_text, dot, index_text = text.partition(".")
        if dot and row_text.isdigit() and index_text.isdigit():
            slot = slot_at(int(row_text), int(index_text))
            if slot.exists:
                return slot
        raise MalformedAction(_not_a_slot(quoted(text)))


def _not_a_slot(written: Code) -> Text:
    # A function of its own: `Slot.parse`'s parameter hides `text`.
    return text("{slot} is not a tableau slot. Slots are written row.index, e.g. 1.3.", slot=written)


@cache
def slot_at(row: int, index: int) -> Slot:
    """The interned slot, so that hot loops compare by identity."""
    return Slot(row, index)


@cache
def supports(slot: Slot) -> tuple[Slot, ...]:
    """S6: the slots of the row above on which a card in `slot` rests (none for row 0)."""
    row, index = slot.row, slot.index
    if row == 0:
        return ()
    above = row - 1
    if row % 2 == 1:
        return (slot_at(above, index), slot_at(above, index + 1))
    if index == 0:
        return (slot_at(above, 0),)
    if index == 6:
        return (slot_at(above, 5),)
    return (slot_at(above, index - 1), slot_at(above, index))


@cache
def covers(slot: Slot) -> tuple[Slot, ...]:
    """The slots of the next row whose cards would rest on `slot` (the inverse of `supports`)."""
    below = slot.row + 1
    return tuple(slot_at(below, k) for k in range(row_width(below)) if slot in supports(slot_at(below, k)))


def _supports_indices(row: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(s.index for s in supports(slot_at(row, k))) for k in range(row_width(row)))


def _covers_indices(row: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(s.index for s in covers(slot_at(row, k))) for k in range(row_width(row)))


# The same facts as plain index tables, for the engine's hot loops: SLOTS[r][k] is slot r.k,
# SUPPORT_INDICES[r][k] the indices in row r-1 it rests on, COVER_INDICES[r][k] the indices in
# row r+1 that rest on it.
SLOTS: tuple[tuple[Slot, ...], ...] = tuple(
    tuple(slot_at(r, k) for k in range(row_width(r))) for r in range(MAX_ROWS + 1)
)
SUPPORT_INDICES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    _supports_indices(r) for r in range(MAX_ROWS + 1)
)
COVER_INDICES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    _covers_indices(r) for r in range(MAX_ROWS + 1)
)
