"""The actions more than one game knows: each is one word and names nothing. What one does is
its game's rule (`apply`); the action itself only prints as its word and parses back."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the next card or cards: from Survive the Flood's draw pile (F6), from solitaire's
    stock to its waste, or turn the waste over (S5)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Undo:
    def __str__(self) -> str:
        return "undo"


@dataclass(frozen=True, slots=True)
class Resign:
    """Give the game up: it ends as lost."""

    def __str__(self) -> str:
        return "resign"


DRAW = Draw()
UNDO = Undo()
RESIGN = Resign()
