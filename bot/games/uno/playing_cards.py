"""Standard playing cards for twist (T1, T3, T8): suits, ranks, the UNO role each rank takes and
the points it counts for.

A playing card offers the same attributes the engine reads from an UNO card: `colour` (its suit,
None for a Joker), `face` (its rank), `role`, `code`, `order`, `points` and `label`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from dataclasses import field
from functools import cache
from functools import lru_cache

from bot.games.errors import MalformedAction
from bot.games.errors import quoted
from bot.games.uno.cards import Card
from bot.games.uno.cards import CardValue
from bot.games.uno.cards import Colour
from bot.games.uno.cards import Role
from bot.i18n.text import Text
from bot.i18n.text import text


class Suit(enum.Enum):
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def label(self) -> str:
        return self.name.capitalize()

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def named(self) -> Text:
        """The suit in a sentence, in the reader's language: "hearts"."""
        return _SUIT_WORDS[self]

    @property
    def title(self) -> Text:
        """The suit by name, capitalised, in the reader's language: "Hearts" (as a suit button
        reads and a picture titles it)."""
        return _SUIT_TITLES[self]


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}


class Rank(enum.Enum):
    """A rank; the value is its short code (10 is written `10`, the Joker `JK`)."""

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

    @property
    def role(self) -> Role:
        """T3: Ace reverses, 2 draws two, 7 skips, Jack is wild, the Joker draws five."""
        return _RANK_ROLES.get(self, Role.NUMBER)

    @property
    def points(self) -> int:
        """T8: 3-7 are 5; 8-10, Q, K are 10; A and 2 are 20; J 30; Joker 50."""
        return _RANK_POINTS[self]

    @property
    def label(self) -> str:
        return self.value if self.value.isdigit() else self.name.capitalize()

    @property
    def named(self) -> Text | str:
        """The rank in the reader's language: "Ace"; a number as it is."""
        return _RANK_WORDS.get(self, self.value)


_RANK_ROLES = {
    Rank.ACE: Role.REVERSE,
    Rank.TWO: Role.DRAW_TWO,
    Rank.SEVEN: Role.SKIP,
    Rank.JACK: Role.WILD,
    Rank.JOKER: Role.DRAW_FIVE,
}
_RANK_POINTS = {
    **{r: 5 for r in (Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN)},
    **{r: 10 for r in (Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.QUEEN, Rank.KING)},
    Rank.ACE: 20,
    Rank.TWO: 20,
    Rank.JACK: 30,
    Rank.JOKER: 50,
}
_SUIT_WORDS = {
    Suit.CLUBS: text("clubs"),
    Suit.DIAMONDS: text("diamonds"),
    Suit.HEARTS: text("hearts"),
    Suit.SPADES: text("spades"),
}
_SUIT_TITLES = {
    Suit.CLUBS: text("Clubs"),
    Suit.DIAMONDS: text("Diamonds"),
    Suit.HEARTS: text("Hearts"),
    Suit.SPADES: text("Spades"),
}
_RANK_WORDS = {
    Rank.ACE: text("Ace"),
    Rank.JACK: text("Jack"),
    Rank.QUEEN: text("Queen"),
    Rank.KING: text("King"),
    Rank.JOKER: text("Joker"),
}
# A card's name: each suit its own sentence, so that each language can order its words.
_OF_SUIT = {
    Suit.CLUBS: lambda rank: text("{rank} of Clubs", rank=rank),
    Suit.DIAMONDS: lambda rank: text("{rank} of Diamonds", rank=rank),
    Suit.HEARTS: lambda rank: text("{rank} of Hearts", rank=rank),
    Suit.SPADES: lambda rank: text("{rank} of Spades", rank=rank),
}
SUITS: tuple[Suit, ...] = tuple(Suit)
SUITED_RANKS: tuple[Rank, ...] = tuple(r for r in Rank if r is not Rank.JOKER)


@dataclass(frozen=True, slots=True, eq=False)
class PlayingCard(CardValue):
    """One playing card; a Joker has no suit. Interned like UNO cards (`PlayingCard.of`)."""

    suit: Suit | None
    rank: Rank
    code: str = field(init=False, repr=False)
    order: int = field(init=False, repr=False)
    role: Role = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if (self.suit is None) != (self.rank is Rank.JOKER):
            raise MalformedAction("Only a Joker has no suit.")  # not shown to players
        code = self.rank.value if self.suit is None else self.rank.value + self.suit.value
        object.__setattr__(self, "code", code)
        suit_rank = len(Suit) if self.suit is None else SUITS.index(self.suit)
        object.__setattr__(self, "order", suit_rank * len(Rank) + list(Rank).index(self.rank))
        object.__setattr__(self, "role", self.rank.role)

    @staticmethod
    def of(suit: Suit | None, rank: Rank) -> PlayingCard:
        return _playing_card(suit, rank)

    # The engine reads every card through the UNO card's words: the suit is the colour to
    # match and the rank the face.
    @property
    def colour(self) -> Suit | None:
        return self.suit

    @property
    def face(self) -> Rank:
        return self.rank

    @property
    def points(self) -> int:
        return self.rank.points

    @property
    def named(self) -> Text:
        """The card's name in the reader's language: "7 of Hearts", "Joker"."""
        if self.suit is None:
            return _RANK_WORDS[Rank.JOKER]
        return _OF_SUIT[self.suit](self.rank.named)

    @staticmethod
    def parse(written: str) -> PlayingCard:
        """Read a playing card code: `AS`, `10H` (or `TH`), `QD`, `7C`, `JK` (a Joker)."""
        code = written.strip().upper()
        if code == "JK":
            return _playing_card(None, Rank.JOKER)
        if len(code) >= 2:
            rank_code = "10" if code[:-1] == "T" else code[:-1]
            try:
                rank, suit = Rank(rank_code), Suit(code[-1])
            except ValueError:
                pass
            else:
                if rank is not Rank.JOKER:
                    return _playing_card(suit, rank)
        raise MalformedAction(
            text(
                "{card} is not a playing card. Cards are written like AS, 10H, QD, 7C, JK (Joker).",
                card=quoted(written),
            )
        )


@cache
def _playing_card(suit: Suit | None, rank: Rank) -> PlayingCard:
    return PlayingCard(suit, rank)


# A card of either deck: an UNO card or a playing card.
AnyCard = Card | PlayingCard
# What a card's colour can be: an UNO colour or a suit.
AnyColour = Colour | Suit


def uncalled(suits: bool) -> Text:
    """What stands for the colour (or, with playing cards, the suit) in force while there is none:
    a Wild turned first waits for the first player's call. Its own words for each, so that each
    language may make them agree with its word for a colour and for a suit."""
    return text("to be named") if suits else text("to be called")


ALL_PLAYING_CARDS: tuple[PlayingCard, ...] = (
    *(PlayingCard.of(suit, rank) for suit in SUITS for rank in SUITED_RANKS),
    PlayingCard.of(None, Rank.JOKER),
)


def playing_card_deck(decks: int) -> list[PlayingCard]:
    """T1: `decks` decks of 52 cards and two Jokers each, in the same order every time."""
    one = [*ALL_PLAYING_CARDS[:-1], ALL_PLAYING_CARDS[-1], ALL_PLAYING_CARDS[-1]]
    return one * decks


# Cards are frozen values, so one parsed card serves every hand that holds it: a restored game
# reads back a hundred card codes, and parsing each anew was most of a table's restore time.
@lru_cache(maxsize=512)
def parse_card(written: str) -> AnyCard:
    """An UNO card code (`R5`, `W4`) or a playing card code (`AS`, `10H`, `JK`)."""
    try:
        return Card.parse(written)
    except MalformedAction:
        pass
    try:
        return PlayingCard.parse(written)
    except MalformedAction:
        raise MalformedAction(
            text(
                "{card} is not a card. UNO cards are written like R5, GS, BR, YD, W, W4; "
                "playing cards like AS, 10H, QD, JK.",
                card=quoted(written),
            )
        ) from None


def parse_colour(written: str) -> AnyColour:
    """An UNO colour (`R`, `Y`, `G`, `B`) or a suit (`C`, `D`, `H`, `S`)."""
    code = written.strip().upper()
    for kind in (Colour, Suit):
        try:
            return kind(code)
        except ValueError:
            pass
    raise MalformedAction(
        text("{code} is neither a colour (R, Y, G, B) nor a suit (C, D, H, S).", code=quoted(written))
    )
