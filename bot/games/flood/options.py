"""What a Survive the Flood game is played with: difficulty, deck, target and table rules (F2, F13, F14)."""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from bot.games.errors import IllegalAction
from bot.games.flood.cards import MASTER_STANDARD_SUITS
from bot.games.flood.cards import MASTER_UNO_COLOURS
from bot.games.flood.cards import STANDARD_SUITS
from bot.games.flood.cards import UNO_COLOURS
from bot.games.flood.cards import Card
from bot.games.flood.cards import Suit
from bot.games.flood.cards import master_standard_deck
from bot.games.flood.cards import master_uno_deck
from bot.games.flood.cards import standard_deck
from bot.games.flood.cards import uno_deck
from bot.i18n.text import Text
from bot.i18n.text import text

MAX_TARGET = 100


class Difficulty(enum.Enum):
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    MASTER = "master"
    MASTER_INHAND = "master-inhand"

    @property
    def specials_in_reserve(self) -> bool:
        """F10, F13: in easy and master, specials live outside the hand: never oblige, never counted."""
        return self is Difficulty.EASY or self is Difficulty.MASTER

    @property
    def specials_first(self) -> bool:
        """F12: in hard, while a special card is legal only special cards may be played."""
        return self is Difficulty.HARD

    @property
    def calls_before_drawing(self) -> bool:
        """F3, F5, F12: in hard a Wild Draw Four calls the suit first, then draws."""
        return self is Difficulty.HARD

    @property
    def uses_master_deck(self) -> bool:
        return self is Difficulty.MASTER or self is Difficulty.MASTER_INHAND

    @property
    def said(self) -> Text:
        """Its name as a title, in the reader's language once shown: `Easy`, `Master (in hand)`."""
        return _DIFFICULTY_NAMES[self]


_DIFFICULTY_NAMES = {
    Difficulty.EASY: text("Easy"),
    Difficulty.MEDIUM: text("Medium"),
    Difficulty.HARD: text("Hard"),
    Difficulty.MASTER: text("Master"),
    Difficulty.MASTER_INHAND: text("Master (in hand)"),
}


class DeckKind(enum.Enum):
    UNO = "uno"
    STANDARD = "standard"

    @property
    def said(self) -> Text:
        """Its name in a sentence: `UNO deck`, `standard deck`."""
        return text("UNO deck") if self is DeckKind.UNO else text("standard deck")


# F2: (standard, uno) draw decks to survive.
_TARGETS: dict[Difficulty, tuple[int, int]] = {
    Difficulty.EASY: (4, 2),
    Difficulty.MEDIUM: (6, 3),
    Difficulty.HARD: (8, 4),
    Difficulty.MASTER: (6, 6),
    Difficulty.MASTER_INHAND: (4, 4),
}


def minimum_target(difficulty: Difficulty, deck: DeckKind) -> int:
    """F2: the number of draw decks the difficulty asks for; a table may only raise it."""
    standard, uno = _TARGETS[difficulty]
    return standard if deck is DeckKind.STANDARD else uno


class TargetBelowMinimum(IllegalAction):
    """F2: a table may raise the target, never lower it."""


@dataclass(frozen=True, slots=True)
class FloodOptions:
    """A game's settings. Build with `FloodOptions.make`, which checks the target (F2)."""

    difficulty: Difficulty
    deck: DeckKind
    target: int
    penalty_draws: bool = False

    @classmethod
    def make(
        cls,
        difficulty: Difficulty | str,
        deck: DeckKind | str = DeckKind.STANDARD,
        target: int | None = None,
        penalty_draws: bool = False,
    ) -> FloodOptions:
        try:
            difficulty = Difficulty(difficulty)
        except ValueError:
            known = ", ".join(d.value for d in Difficulty)
            raise IllegalAction(
                text(
                    "There is no difficulty `{difficulty}`. Pick one of: {known}.",
                    difficulty=difficulty,
                    known=known,
                )
            ) from None
        try:
            deck = DeckKind(deck)
        except ValueError:
            raise IllegalAction(
                text("There is no deck `{deck}`. Pick `uno` or `standard`.", deck=deck)
            ) from None
        least = minimum_target(difficulty, deck)
        if target is None:
            target = least
        if target < least:
            raise TargetBelowMinimum(
                text(
                    "{difficulty} with the {deck} asks for at least {least} draw decks; you "
                    "may raise the target, not lower it below {least}.",
                    difficulty=difficulty.said,
                    deck=deck.said,
                    least=least,
                )
            )
        if target > MAX_TARGET:
            raise IllegalAction(text("The target can be at most {most} draw decks.", most=MAX_TARGET))
        return cls(difficulty, deck, target, penalty_draws)

    @property
    def minimum_target(self) -> int:
        return minimum_target(self.difficulty, self.deck)

    def full_deck(self) -> list[Card]:
        """F1: the cards this game is played with, in a fixed order (the game shuffles them)."""
        return list(_deck(self.deck, self.difficulty.uses_master_deck))

    @property
    def has_colours(self) -> bool:
        """Whether the deck in play is the UNO deck, whose four suits are colours: its player
        reads "colour" where a player of the standard deck reads "suit"."""
        return self.deck is DeckKind.UNO

    @property
    def suits(self) -> tuple[Suit, ...]:
        """The suits of the deck in play: those a Wild may call (F5, F15)."""
        return _SUITS[self.deck, self.difficulty.uses_master_deck]

    def to_json(self) -> dict[str, object]:
        return {
            "difficulty": self.difficulty.value,
            "deck": self.deck.value,
            "target": self.target,
            "penalty_draws": self.penalty_draws,
        }

    @classmethod
    def from_json(cls, data: dict[str, object]) -> FloodOptions:
        target = data["target"]
        if not isinstance(target, int):
            raise ValueError("target is not a number")
        return cls.make(str(data["difficulty"]), str(data["deck"]), target, bool(data["penalty_draws"]))


_DECKS: dict[tuple[DeckKind, bool], Callable[[], list[Card]]] = {
    (DeckKind.STANDARD, False): standard_deck,
    (DeckKind.UNO, False): uno_deck,
    (DeckKind.STANDARD, True): master_standard_deck,
    (DeckKind.UNO, True): master_uno_deck,
}


@cache
def _deck(kind: DeckKind, master: bool) -> tuple[Card, ...]:
    """Each deck is built once: every new game starts from a copy."""
    return tuple(_DECKS[kind, master]())


_SUITS: dict[tuple[DeckKind, bool], tuple[Suit, ...]] = {
    (DeckKind.STANDARD, False): STANDARD_SUITS,
    (DeckKind.UNO, False): UNO_COLOURS,
    (DeckKind.STANDARD, True): MASTER_STANDARD_SUITS,
    (DeckKind.UNO, True): MASTER_UNO_COLOURS,
}
