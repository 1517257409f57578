"""Survive the Flood cards (F1): the 54-card standard deck, the 108-card UNO deck, master's decks.

One card type serves both decks. A standard card's rank takes an UNO role: Q is a Wild, K a Draw
Two, the Joker a Wild Draw Four; everything else is ordinary.

A card, suit or rank is written with the same code as in the UNO engine's cards
(`bot.games.uno.cards`, `bot.games.uno.playing_cards`), and is named in words by them: one place
says what a card is called.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from dataclasses import field
from functools import cache

from bot.games.errors import MalformedAction
from bot.games.errors import quoted
from bot.games.uno import playing_cards
from bot.games.uno.cards import Colour
from bot.games.uno.cards import Face
from bot.games.uno.playing_cards import parse_card
from bot.i18n.text import Text
from bot.i18n.text import text

_COLOUR_CODES = frozenset(colour.value for colour in Colour)


class Suit(enum.Enum):
    """A suit of the standard deck or a colour of the UNO deck. The value is its short code;
    the two decks' codes are disjoint, so a code alone says which deck it belongs to."""

    HEARTS = "H"
    SPADES = "S"
    DIAMONDS = "D"
    CLUBS = "C"
    RED = "R"
    YELLOW = "Y"
    GREEN = "G"
    BLUE = "B"

    def __init__(self, code: str) -> None:
        # Named by the UNO engine's colour or suit of the same code: stored once per member, as a
        # card's derived facts are.
        colour = Colour(code) if code in _COLOUR_CODES else playing_cards.Suit(code)
        self.symbol: str = colour.symbol  # 🟥, ♥
        # Its name, in the reader's language once shown (`Hearts`, `Red`), and inside a sentence
        # (`hearts`, `red`).
        self.said: Text = colour.title
        self.said_lower: Text = colour.named

    @property
    def is_uno(self) -> bool:
        return self in _UNO_COLOURS

    @property
    def label(self) -> str:
        return self.name.capitalize()


_UNO_COLOURS = frozenset({Suit.RED, Suit.YELLOW, Suit.GREEN, Suit.BLUE})
STANDARD_SUITS: tuple[Suit, ...] = (Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS)
UNO_COLOURS: tuple[Suit, ...] = (Suit.RED, Suit.YELLOW, Suit.GREEN, Suit.BLUE)
# F1: master keeps two suits. Hearts and spades are the rules' choice; for UNO, red and blue.
MASTER_STANDARD_SUITS: tuple[Suit, ...] = (Suit.HEARTS, Suit.SPADES)
MASTER_UNO_COLOURS: tuple[Suit, ...] = (Suit.RED, Suit.BLUE)


class Role(enum.Enum):
    """What a card does when played (F1). Every role but ORDINARY is "special"."""

    ORDINARY = "ordinary"
    DRAW_TWO = "draw two"  # not shown to players
    WILD = "wild"
    WILD_DRAW_FOUR = "wild draw four"  # not shown to players


class Rank(enum.Enum):
    """The rank or symbol printed on a card; numbers 2-9 serve both decks."""

    ZERO = "0"
    ONE = "1"
    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    JOKER = "JK"
    SKIP = "S"
    REVERSE = "R"
    DRAW_TWO = "D"
    WILD = "W"
    WILD_DRAW_FOUR = "W4"

    @property
    def role(self) -> Role:
        return _ROLES.get(self, Role.ORDINARY)

    @property
    def label(self) -> str:
        """Its name in English, for tests and logs."""
        return str(self.said)

    @property
    def said(self) -> Text | str:
        """Its name, in the reader's language once shown (a number is itself): the UNO face's or
        the playing card rank's of the same code (the two share no code but the numbers)."""
        if self.value in _FACE_CODES:
            return Face(self.value).named
        return playing_cards.Rank(self.value).named


_ROLES = {
    Rank.QUEEN: Role.WILD,
    Rank.KING: Role.DRAW_TWO,
    Rank.JOKER: Role.WILD_DRAW_FOUR,
    Rank.DRAW_TWO: Role.DRAW_TWO,
    Rank.WILD: Role.WILD,
    Rank.WILD_DRAW_FOUR: Role.WILD_DRAW_FOUR,
}
STANDARD_RANKS: tuple[Rank, ...] = (
    Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT,
    Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING,
)  # fmt: skip
UNO_NUMBERS: tuple[Rank, ...] = (
    Rank.ONE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT,
    Rank.NINE,
)  # fmt: skip


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card. Wilds and Jokers of the UNO deck have no suit; a standard Queen keeps its suit
    for display, but as a Wild it matches nothing by suit (F4).

    Cards are interned (`Card.of`) and their derived facts are stored, not computed: the engine
    asks them in its hottest loops.
    """

    suit: Suit | None
    rank: Rank
    role: Role = field(init=False, repr=False)
    code: str = field(init=False, repr=False)
    is_special: bool = field(init=False, repr=False)
    # Wild and Wild Draw Four: always playable; the suit is called afterwards.
    is_wild: bool = field(init=False, repr=False)
    # Where the card sorts in a hand: by suit (wilds last), then by rank.
    order: int = field(init=False, repr=False)
    # The suit it is grouped under in a hand: None for wilds, whose suit never matters (F4).
    group: Suit | None = field(init=False, repr=False)

    def __post_init__(self) -> None:
        role = self.rank.role
        if self.suit is None:
            code = self.rank.value
        elif self.suit.is_uno:
            code = self.suit.value + self.rank.value
        else:
            code = self.rank.value + self.suit.value
        wild = role is Role.WILD or role is Role.WILD_DRAW_FOUR
        suit_index = 0 if self.suit is None else list(Suit).index(self.suit)
        rank_index = list(Rank).index(self.rank)
        if wild or self.suit is None:
            # Wilds sort last, by rank and then suit: the standard deck's four Queens each keep a
            # place of their own, so a sort never falls back on a set's order, which follows the
            # string hashes and so changes from one process to the next.
            order = len(Suit) * len(Rank) + rank_index * len(Suit) + suit_index
        else:
            order = suit_index * len(Rank) + rank_index
        set_ = object.__setattr__
        set_(self, "role", role)
        set_(self, "code", code)
        set_(self, "is_special", role is not Role.ORDINARY)
        set_(self, "is_wild", wild)
        set_(self, "order", order)
        set_(self, "group", None if wild else self.suit)

    # Enum members hash in Python code; the code string hashes in C. Equal cards are the same
    # object (`_card` makes each card once), so equality is identity, which needs no Python call.
    def __hash__(self) -> int:
        return hash(self.code)

    def __reduce__(self) -> tuple[object, tuple[Suit | None, Rank]]:
        # A copied or unpickled card (a process pool, `copy.deepcopy`) is the interned one too.
        return _card, (self.suit, self.rank)

    @staticmethod
    def of(suit: Suit | None, rank: Rank) -> Card:
        return _card(suit, rank)

    @property
    def label(self) -> str:
        """Its name in English, for tests and logs."""
        return str(self.said)

    @property
    def said(self) -> Text:
        """Its name in full, in the reader's language once shown: `Red 7`, `Queen of Hearts`: the
        name of the UNO engine's card of the same code."""
        return parse_card(self.code).named

    def __str__(self) -> str:
        return self.code

    @staticmethod
    def parse(code: str) -> Card:
        """Read a card code: standard `10H`, `QS`, `JK` (joker); UNO `R5`, `GS`, `BR`, `YD`, `W`, `W4`."""
        card = _BY_CODE.get(code.strip().upper())
        if card is None:
            raise MalformedAction(
                text(
                    "{card} is not a card. Standard cards are written like 10H, QS, JK (joker); "
                    "UNO cards like R5, GS, BR, YD, W, W4.",
                    card=quoted(code),
                )
            )
        return card


@cache
def _card(suit: Suit | None, rank: Rank) -> Card:
    return Card(suit, rank)


def _uno_colour_cards(colour: Suit) -> list[Card]:
    """One colour of an UNO deck: one 0, two each of 1-9, Skip, Reverse, Draw Two (25 cards)."""
    cards = [Card.of(colour, Rank.ZERO)]
    for rank in (*UNO_NUMBERS, Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO):
        cards += [Card.of(colour, rank)] * 2
    return cards


def standard_deck() -> list[Card]:
    """F1: 52 cards and 2 jokers."""
    deck = [Card.of(suit, rank) for suit in STANDARD_SUITS for rank in STANDARD_RANKS]
    return deck + [Card.of(None, Rank.JOKER)] * 2


def uno_deck() -> list[Card]:
    """F1: the 108-card UNO deck."""
    deck = [card for colour in UNO_COLOURS for card in _uno_colour_cards(colour)]
    return deck + [Card.of(None, Rank.WILD)] * 4 + [Card.of(None, Rank.WILD_DRAW_FOUR)] * 4


def master_standard_deck() -> list[Card]:
    """F1: hearts and spades of two standard decks, and 2 jokers (54 cards)."""
    one = [Card.of(suit, rank) for suit in MASTER_STANDARD_SUITS for rank in STANDARD_RANKS]
    return one + one + [Card.of(None, Rank.JOKER)] * 2


def master_uno_deck() -> list[Card]:
    """F1: two colours of an UNO deck, 2 Wilds and 2 Wild Draw Fours (54 cards)."""
    deck = [card for colour in MASTER_UNO_COLOURS for card in _uno_colour_cards(colour)]
    return deck + [Card.of(None, Rank.WILD)] * 2 + [Card.of(None, Rank.WILD_DRAW_FOUR)] * 2


_FACE_CODES = frozenset(face.value for face in Face)
ALL_CARDS: tuple[Card, ...] = tuple(dict.fromkeys(standard_deck() + uno_deck()))
_BY_CODE: dict[str, Card] = {card.code: card for card in ALL_CARDS}
