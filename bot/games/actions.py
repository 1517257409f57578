"""The actions more than one game knows, and the shape of every one-word action. What an action
does is its game's rule (`apply`); the action itself only prints as its word and parses back."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field
from typing import ClassVar
from typing import Protocol
from typing import TypeVar


@dataclass(frozen=True, slots=True)
class Word:
    """An action that is one word and names nothing: a subclass gives the word. Instances of two
    subclasses never compare equal (a dataclass compares only instances of one class); each game
    keeps one instance of each, so its code may compare them with `is`."""

    # The word as a class attribute, named as every action's short string is named: UNO's log
    # reads `action.written` each move rather than calling `__str__`.
    written: ClassVar[str]

    def __str__(self) -> str:
        return self.written


@dataclass(frozen=True, slots=True)
class Phrase:
    """An action that names something (a card, a colour, a seat): a subclass says its short
    string (`phrase`), which is made once, when the action is made, and kept as `written`, as a
    Word keeps its word. Such actions are handed out one per value, so they are made rarely and
    written every move."""

    written: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "written", self.phrase())

    def phrase(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.written


class Draw(Word):
    """Take the next card or cards: from Survive the Flood's draw pile (F6), from solitaire's
    stock to its waste, or turn the waste over (S5); in UNO, a card from the draw pile."""

    written = "draw"


class Undo(Word):
    written = "undo"


class Resign(Word):
    """Give the game up: it ends as lost."""

    written = "resign"


DRAW = Draw()
UNDO = Undo()
RESIGN = Resign()


class _Coded(Protocol):
    @property
    def code(self) -> str: ...


CardT = TypeVar("CardT", bound=_Coded)
ActionT = TypeVar("ActionT")


def interned_by_code(make: Callable[[CardT], ActionT]) -> Callable[[CardT], ActionT]:
    """`make(card)`, made once per card code and handed out again after: a game's moves compare
    and hash as often as they are made. Keyed by the code, whose hash is C's: a card's own hash
    is a Python call."""
    made: dict[str, ActionT] = {}

    def get(card: CardT) -> ActionT:
        action = made.get(card.code)
        if action is None:
            action = made[card.code] = make(card)
        return action

    return get
