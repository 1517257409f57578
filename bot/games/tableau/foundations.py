"""The five foundations (S2): one per colour, built 9..0..9 (S3), and the action pile (S4).

The checks here run for every card on every move of the greedy player, so they look cards up
by their code string (hashed in C) instead of going through the enum properties.
"""

from __future__ import annotations

from bot.games.uno.cards import ALL_CARDS
from bot.games.uno.cards import COLOURS
from bot.games.uno.cards import NUMBER_FACES
from bot.games.uno.cards import Card
from bot.games.uno.cards import Colour

# S3: the values a colour foundation takes, in order; 19 cards, every number card of a colour.
COLOUR_SEQUENCE: tuple[int, ...] = (*range(9, -1, -1), *range(1, 10))
COLOUR_FOUNDATION_SIZE = len(COLOUR_SEQUENCE)
# COLOUR_RUNS[i][n]: the n-th card up on the foundation of COLOURS[i].
COLOUR_RUNS: tuple[tuple[Card, ...], ...] = tuple(
    tuple(Card.of(colour, NUMBER_FACES[value]) for value in COLOUR_SEQUENCE) for colour in COLOURS
)
# A number card's code -> (its colour's index in COLOURS, its value).
NUMBER_CARDS: dict[str, tuple[int, int]] = {
    card.code: (COLOURS.index(card.colour), int(card.face.value))
    for card in ALL_CARDS
    if card.face.is_number and card.colour is not None
}
WILD_CODES = frozenset(card.code for card in ALL_CARDS if card.is_wild)


def next_colour_card(colour: Colour, size: int) -> Card | None:
    """S3: the card a colour foundation holding `size` cards needs next (None when complete)."""
    if size >= COLOUR_FOUNDATION_SIZE:
        return None
    return COLOUR_RUNS[COLOURS.index(colour)][size]


def action_follows(previous: Card | None, card: Card) -> bool:
    """S4: may `card` go onto an action pile whose top is `previous` (None: the pile is empty)?"""
    code = card.code
    if code in NUMBER_CARDS:
        return False
    if previous is None or code in WILD_CODES or previous.code in WILD_CODES:
        return True
    return card.colour is previous.colour or card.face is previous.face


def tableau_match(cover: Card, covered: Card) -> bool:
    """S8: may `cover` rest on `covered`? A shared colour or value/symbol, or either is wild."""
    return (
        cover.colour is covered.colour
        or cover.face is covered.face
        or cover.code in WILD_CODES
        or covered.code in WILD_CODES
    )


class Foundations:
    """The four colour foundations (only their sizes matter: their cards are fixed by S3) and the
    action pile (its order matters: the top decides what may follow)."""

    __slots__ = ("action_pile", "sizes")

    def __init__(self) -> None:
        self.sizes: list[int] = [0] * len(COLOURS)  # in the order of COLOURS
        self.action_pile: list[Card] = []

    @property
    def colour_sizes(self) -> dict[Colour, int]:
        return dict(zip(COLOURS, self.sizes, strict=True))

    @property
    def action_top(self) -> Card | None:
        return self.action_pile[-1] if self.action_pile else None

    @property
    def card_count(self) -> int:
        return sum(self.sizes) + len(self.action_pile)

    def accepts(self, card: Card) -> bool:
        number = NUMBER_CARDS.get(card.code)
        if number is not None:
            size = self.sizes[number[0]]
            return size < COLOUR_FOUNDATION_SIZE and COLOUR_SEQUENCE[size] == number[1]
        return action_follows(self.action_pile[-1] if self.action_pile else None, card)

    def add(self, card: Card) -> None:
        """Put `card` on its foundation; the caller has checked `accepts`."""
        number = NUMBER_CARDS.get(card.code)
        if number is not None:
            self.sizes[number[0]] += 1
        else:
            self.action_pile.append(card)

    def top_card(self, colour: Colour) -> Card | None:
        size = self.sizes[COLOURS.index(colour)]
        return COLOUR_RUNS[COLOURS.index(colour)][size - 1] if size else None

    def next_card(self, colour: Colour) -> Card | None:
        return next_colour_card(colour, self.sizes[COLOURS.index(colour)])

    def copy(self) -> Foundations:
        other = Foundations()
        other.sizes = list(self.sizes)
        other.action_pile = list(self.action_pile)
        return other

    def colour_cards(self) -> list[Card]:
        """Every card on the colour foundations (to count the deck)."""
        return [card for run, size in zip(COLOUR_RUNS, self.sizes, strict=True) for card in run[:size]]
