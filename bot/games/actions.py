"""The actions more than one game knows, and the shape of every one-word action. What an action
does is its game's rule (`apply`); the action itself only prints as its word and parses back."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True, slots=True)
class Word:
    """An action that is one word and names nothing: a subclass gives the word. Instances of two
    subclasses never compare equal (a dataclass compares only instances of one class); each game
    keeps one instance of each, so its code may compare them with `is`."""

    word: ClassVar[str]

    def __str__(self) -> str:
        return self.word


class Draw(Word):
    """Take the next card or cards: from Survive the Flood's draw pile (F6), from solitaire's
    stock to its waste, or turn the waste over (S5); in UNO, a card from the draw pile."""

    word = "draw"


class Undo(Word):
    word = "undo"


class Resign(Word):
    """Give the game up: it ends as lost."""

    word = "resign"


DRAW = Draw()
UNDO = Undo()
RESIGN = Resign()
