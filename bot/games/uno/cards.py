"""UNO cards: colours, faces, the 108-card deck and card points."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from dataclasses import field
from functools import cache
from typing import Final
from typing import TypeVar

from bot.games.errors import MalformedAction
from bot.games.errors import quoted
from bot.i18n.text import Text
from bot.i18n.text import text


class Colour(enum.Enum):
    RED = "R"
    YELLOW = "Y"
    GREEN = "G"
    BLUE = "B"

    @property
    def label(self) -> str:
        return self.name.capitalize()

    @property
    def named(self) -> Text:
        """The colour in a sentence, in the reader's language: "red"."""
        return _COLOUR_WORDS[self]

    @property
    def title(self) -> Text:
        """The colour by name, capitalised, in the reader's language: "Red" (as a colour button
        reads and a picture titles it)."""
        return _COLOUR_TITLES[self]

    @property
    def symbol(self) -> str:
        """Its square, as hands and sentences show it: 🟥."""
        return _COLOUR_SQUARES[self]


class Face(enum.Enum):
    """What is printed on a card besides its colour. The value is its short code."""

    ZERO = "0"
    ONE = "1"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    SKIP = "S"
    REVERSE = "R"
    DRAW_TWO = "D"
    WILD = "W"
    WILD_DRAW_FOUR = "W4"

    @property
    def is_number(self) -> bool:
        return self.value.isdigit()

    @property
    def is_wild(self) -> bool:
        return self is Face.WILD or self is Face.WILD_DRAW_FOUR

    @property
    def points(self) -> int:
        """O9: numbers at face value, Skip/Reverse/Draw Two 20, Wilds 50."""
        if self.is_number:
            return int(self.value)
        return 50 if self.is_wild else 20

    @property
    def label(self) -> str:
        return str(self.named)

    @property
    def named(self) -> Text | str:
        """The face in the reader's language: "Skip"; a number as it is."""
        return _FACE_LABELS.get(self, self.value)


class Role(enum.Enum):
    """What a card does when played, whatever is printed on it (an UNO face or a playing card's
    rank): the rules are written against roles, so one engine plays both kinds of deck."""

    NUMBER = "number"
    SKIP = "skip"
    REVERSE = "reverse"
    DRAW_TWO = "draw two"  # not shown to players
    WILD = "wild"
    WILD_DRAW_FOUR = "wild draw four"  # not shown to players
    # Twist's Joker: plays on anything, the next player draws 5, the colour (suit) stays.
    DRAW_FIVE = "draw five"  # not shown to players

    def __init__(self, value: str) -> None:
        # Plays on any card. An attribute, not a property: the engine asks it of every card it
        # considers playing.
        self.is_wild = value in ("wild", "wild draw four", "draw five")


# The roles as module names, for the engine's checks on every move (as `view.PLAYING`: reading a
# member off its class goes through EnumType.__getattr__'s hook on Python 3.11).
NUMBER: Final = Role.NUMBER
SKIP: Final = Role.SKIP
REVERSE: Final = Role.REVERSE
DRAW_TWO: Final = Role.DRAW_TWO
WILD: Final = Role.WILD
WILD_DRAW_FOUR: Final = Role.WILD_DRAW_FOUR
DRAW_FIVE: Final = Role.DRAW_FIVE

_FACE_ROLES = {
    Face.SKIP: Role.SKIP,
    Face.REVERSE: Role.REVERSE,
    Face.DRAW_TWO: Role.DRAW_TWO,
    Face.WILD: Role.WILD,
    Face.WILD_DRAW_FOUR: Role.WILD_DRAW_FOUR,
}

_FACE_LABELS: dict[Face, Text | str] = {
    Face.SKIP: text("Skip"),
    Face.REVERSE: text("Reverse"),
    Face.DRAW_TWO: text("Draw Two"),
    Face.WILD: text("Wild"),
    Face.WILD_DRAW_FOUR: text("Wild Draw Four"),
}
# A coloured card's name: each colour its own sentence, so that each language can put the colour
# before or after the face; and each coloured action card its own, so that the colour can agree
# with the face's gender ("Inversion verte" but "+2 vert").
_COLOURED = {
    Colour.RED: lambda face: text("Red {face}", face=face),
    Colour.YELLOW: lambda face: text("Yellow {face}", face=face),
    Colour.GREEN: lambda face: text("Green {face}", face=face),
    Colour.BLUE: lambda face: text("Blue {face}", face=face),
}
_COLOURED_ACTIONS = {
    (Colour.RED, Face.SKIP): text("Red Skip"),
    (Colour.RED, Face.REVERSE): text("Red Reverse"),
    (Colour.RED, Face.DRAW_TWO): text("Red Draw Two"),
    (Colour.YELLOW, Face.SKIP): text("Yellow Skip"),
    (Colour.YELLOW, Face.REVERSE): text("Yellow Reverse"),
    (Colour.YELLOW, Face.DRAW_TWO): text("Yellow Draw Two"),
    (Colour.GREEN, Face.SKIP): text("Green Skip"),
    (Colour.GREEN, Face.REVERSE): text("Green Reverse"),
    (Colour.GREEN, Face.DRAW_TWO): text("Green Draw Two"),
    (Colour.BLUE, Face.SKIP): text("Blue Skip"),
    (Colour.BLUE, Face.REVERSE): text("Blue Reverse"),
    (Colour.BLUE, Face.DRAW_TWO): text("Blue Draw Two"),
}
_COLOUR_WORDS = {
    Colour.RED: text("red"),
    Colour.YELLOW: text("yellow"),
    Colour.GREEN: text("green"),
    Colour.BLUE: text("blue"),
}
_COLOUR_TITLES = {
    Colour.RED: text("Red"),
    Colour.YELLOW: text("Yellow"),
    Colour.GREEN: text("Green"),
    Colour.BLUE: text("Blue"),
}
_COLOUR_SQUARES = {Colour.RED: "🟥", Colour.YELLOW: "🟨", Colour.GREEN: "🟩", Colour.BLUE: "🟦"}


class CardValue:
    """What an UNO card and a playing card share: a short code that names the card, hashes and
    compares it (enum members hash and compare in Python code; a string does both in C), and
    the role that decides what it does."""

    __slots__ = ()
    code: str
    role: Role

    @property
    def is_wild(self) -> bool:
        return self.role.is_wild

    def __hash__(self) -> int:
        return hash(self.code)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self.code == other.code
        return NotImplemented

    def __str__(self) -> str:
        return self.code

    @property
    def label(self) -> str:
        """The card's name in English."""
        return str(self.named)

    @property
    def named(self) -> Text:
        raise NotImplementedError


@dataclass(frozen=True, slots=True, eq=False)
class Card(CardValue):
    """One UNO card. Wilds have no colour; the colour a Wild calls lives in the game, not the card.

    Card values are interned (`Card.of`), so the 108 cards of a deck are 54 distinct objects and
    comparisons in hot loops mostly hit the identity shortcut.
    """

    colour: Colour | None
    face: Face
    code: str = field(init=False, repr=False)
    # Where the card sorts in a hand: by colour (wilds last), then by face.
    order: int = field(init=False, repr=False)
    role: Role = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "role", _FACE_ROLES.get(self.face, Role.NUMBER))
        code = self.face.value if self.colour is None else self.colour.value + self.face.value
        object.__setattr__(self, "code", code)
        colour_rank = len(Colour) if self.colour is None else list(Colour).index(self.colour)
        object.__setattr__(self, "order", colour_rank * len(Face) + list(Face).index(self.face))

    @staticmethod
    def of(colour: Colour | None, face: Face) -> Card:
        return _card(colour, face)

    @property
    def points(self) -> int:
        return self.face.points

    @property
    def named(self) -> Text:
        """The card's name in the reader's language: "Red 5", "Wild Draw Four"."""
        face = self.face.named
        if self.colour is None:
            return face if isinstance(face, Text) else Text("{face}", (("face", face),))
        return _COLOURED_ACTIONS.get((self.colour, self.face)) or _COLOURED[self.colour](face)

    @staticmethod
    def parse(written: str) -> Card:
        """Read a card code: `R5`, `GS` (skip), `BR` (reverse), `YD` (draw two), `W`, `W4`."""
        code = written.strip().upper()
        if code == "W":
            return _card(None, Face.WILD)
        if code == "W4":
            return _card(None, Face.WILD_DRAW_FOUR)
        if len(code) == 2:
            try:
                colour, face = Colour(code[0]), Face(code[1])
            except ValueError:
                pass
            else:
                if not face.is_wild:
                    return _card(colour, face)
        raise MalformedAction(
            text("{card} is not a card. Cards are written like R5, GS, BR, YD, W, W4.", card=quoted(written))
        )


@cache
def _card(colour: Colour | None, face: Face) -> Card:
    return Card(colour, face)


COLOURS: tuple[Colour, ...] = tuple(Colour)
NUMBER_FACES: tuple[Face, ...] = tuple(f for f in Face if f.is_number)
ACTION_FACES: tuple[Face, ...] = (Face.SKIP, Face.REVERSE, Face.DRAW_TWO)


def _build_official_deck() -> tuple[Card, ...]:
    deck: list[Card] = []
    for colour in COLOURS:
        deck.append(Card.of(colour, Face.ZERO))
        for face in NUMBER_FACES[1:] + ACTION_FACES:
            deck += [Card.of(colour, face)] * 2
    deck += [Card.of(None, Face.WILD)] * 4
    deck += [Card.of(None, Face.WILD_DRAW_FOUR)] * 4
    return tuple(deck)


# Built once: every deal starts from a copy, and building it card by card cost more than the
# shuffle.
_OFFICIAL_DECK = _build_official_deck()


def official_deck() -> list[Card]:
    """O1: per colour one 0, two each of 1-9, Skip, Reverse, Draw Two; four Wild, four Wild Draw Four.

    A fresh list in the same order every time, the caller's to shuffle.
    """
    return list(_OFFICIAL_DECK)


ALL_CARDS: tuple[Card, ...] = tuple(dict.fromkeys(_OFFICIAL_DECK))


# Cards are interned (`Card.of`, `PlayingCard.of`), so a hand's copy of a card is nearly always
# the very object asked for. `in` and `list.remove` call the cards' `__eq__`, which runs in
# Python, for every card they pass over; these look for the object itself first, and still
# find an equal card built otherwise.
C = TypeVar("C")


def holds(cards: list[C], card: C) -> bool:
    """`card in cards`."""
    for held in cards:
        if held is card:
            return True
    return card in cards


def remove_card(cards: list[C], card: C) -> None:
    """`cards.remove(card)`."""
    for index, held in enumerate(cards):
        if held is card:
            del cards[index]
            return
    cards.remove(card)
