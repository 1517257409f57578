"""The five foundations (S2): one per colour, built 9..0..9 (S3), and the action pile (S4)."""

from __future__ import annotations

from bot.games.uno.cards import COLOURS, NUMBER_FACES, Card, Colour

# S3: the values a colour foundation takes, in order; 19 cards, every number card of a colour.
COLOUR_SEQUENCE: tuple[int, ...] = (*range(9, -1, -1), *range(1, 10))
COLOUR_FOUNDATION_SIZE = len(COLOUR_SEQUENCE)


def next_colour_card(colour: Colour, size: int) -> Card | None:
    """S3: the card a colour foundation holding `size` cards needs next (None when complete)."""
    if size >= COLOUR_FOUNDATION_SIZE:
        return None
    return Card.of(colour, NUMBER_FACES[COLOUR_SEQUENCE[size]])


def action_follows(previous: Card | None, card: Card) -> bool:
    """S4: may `card` go onto an action pile whose top is `previous` (None: the pile is empty)?"""
    if card.face.is_number:
        return False
    if previous is None or card.is_wild or previous.is_wild:
        return True
    return card.colour is previous.colour or card.face is previous.face


def tableau_match(cover: Card, covered: Card) -> bool:
    """S8: may `cover` rest on `covered`? A shared colour or value/symbol, or either is wild."""
    return (
        cover.is_wild
        or covered.is_wild
        or cover.colour is covered.colour
        or cover.face is covered.face
    )


class Foundations:
    """The four colour foundations (only their sizes matter: their cards are fixed by S3) and the
    action pile (its order matters: the top decides what may follow)."""

    __slots__ = ("action_pile", "colour_sizes")

    def __init__(self) -> None:
        self.colour_sizes: dict[Colour, int] = dict.fromkeys(COLOURS, 0)
        self.action_pile: list[Card] = []

    @property
    def action_top(self) -> Card | None:
        return self.action_pile[-1] if self.action_pile else None

    @property
    def card_count(self) -> int:
        return sum(self.colour_sizes.values()) + len(self.action_pile)

    def accepts(self, card: Card) -> bool:
        colour = card.colour
        if card.face.is_number:
            assert colour is not None
            size = self.colour_sizes[colour]
            return size < COLOUR_FOUNDATION_SIZE and COLOUR_SEQUENCE[size] == int(card.face.value)
        return action_follows(self.action_pile[-1] if self.action_pile else None, card)

    def add(self, card: Card) -> None:
        """Put `card` on its foundation; the caller has checked `accepts`."""
        if card.face.is_number:
            assert card.colour is not None
            self.colour_sizes[card.colour] += 1
        else:
            self.action_pile.append(card)

    def next_card(self, colour: Colour) -> Card | None:
        return next_colour_card(colour, self.colour_sizes[colour])

    def copy(self) -> Foundations:
        other = Foundations()
        other.colour_sizes = dict(self.colour_sizes)
        other.action_pile = list(self.action_pile)
        return other

    def colour_cards(self) -> list[Card]:
        """Every card on the colour foundations (to count the deck)."""
        return [
            Card.of(colour, NUMBER_FACES[COLOUR_SEQUENCE[i]])
            for colour, size in self.colour_sizes.items()
            for i in range(size)
        ]
