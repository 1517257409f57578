"""What the player can do. Every action prints as a short string and parses back (`parse_action`).

Strings: `draw`, `f w` (waste top to its foundation), `f 1.3` (the card in slot 1.3 to its
foundation), `p 1.3` (the waste top into slot 1.3), `undo`, `resign`. A card's foundation is
fixed by the card (a number card's colour, or the action pile), so the action need not name it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from bot.games.actions import DRAW
from bot.games.actions import RESIGN
from bot.games.actions import UNDO
from bot.games.actions import Draw
from bot.games.actions import Resign
from bot.games.actions import Undo
from bot.games.errors import MalformedAction
from bot.games.errors import quoted
from bot.games.tableau.geometry import Slot
from bot.i18n.text import Code
from bot.i18n.text import Text
from bot.i18n.text import text


@dataclass(frozen=True, slots=True)
class ToFoundation:
    """Move an exposed tableau card (`source` a slot) or the waste top (`source` None) up."""

    source: Slot | None

    def __str__(self) -> str:
        return f"f {self.source if self.source is not None else 'w'}"


@dataclass(frozen=True, slots=True)
class Place:
    """S8: put the waste top into an empty tableau slot."""

    slot: Slot

    def __str__(self) -> str:
        return f"p {self.slot}"


Action = Draw | ToFoundation | Place | Undo | Resign


@cache
def to_foundation(source: Slot | None) -> ToFoundation:
    return ToFoundation(source)


WASTE_TO_FOUNDATION = to_foundation(None)


@cache
def place(slot: Slot) -> Place:
    return Place(slot)


_SIMPLE: dict[str, Action] = {str(a): a for a in (DRAW, UNDO, RESIGN, WASTE_TO_FOUNDATION)}


def parse_action(text: str) -> Action:
    """Read an action from its short string, e.g. `draw`, `f w`, `f 0.4`, `p 1.2`."""
    simple = _SIMPLE.get(" ".join(text.split()))
    if simple is not None:
        return simple
    words = text.split()
    if len(words) == 2 and words[0] in ("f", "p"):
        try:
            slot = Slot.parse(words[1])
        except MalformedAction:
            pass
        else:
            return to_foundation(slot) if words[0] == "f" else place(slot)
    raise MalformedAction(_not_an_action(quoted(text)))


def _not_an_action(written: Code) -> Text:
    # A function of its own: `parse_action`'s parameter hides `text`.
    return text("{action} is not a solitaire action.", action=written)
