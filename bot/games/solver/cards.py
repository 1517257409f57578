"""The paper's card model: a card is a (colour, number) pair, and its compact notation.

Notation (what a player types after `/puzzle solve cards:`):

- Real-deck cards: a colour letter R, Y, G or B followed by one digit 0-9, e.g. ``R1 B5 G0``.
  Letters are case-insensitive.
- Any other card: ``c<colour>n<number>`` with both indices from 0 to 99, e.g. ``c12n7``.
  Colours 0-3 are R, Y, G, B, so ``c0n5`` is the same card as ``R5``.
- Cards are separated by spaces and/or commas. A hand holds 1 to 108 cards (the size of a deck);
  the same card may appear several times.

`format_card` writes the short form whenever it exists, so ``parse_hand(format_hand(h)) == h``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from bot.games.errors import MalformedAction
from bot.games.errors import quoted
from bot.games.uno.cards import COLOURS
from bot.i18n.text import Code
from bot.i18n.text import counted
from bot.i18n.text import symbols
from bot.i18n.text import text

COLOUR_LETTERS = "RYGB"
COLOUR_NAMES = ("red", "yellow", "green", "blue")
REAL_NUMBERS = range(10)
COLOUR_LIMIT = 100
NUMBER_LIMIT = 100
MAX_HAND = 108
# The real deck's colours' squares, in the solver's colour order (COLOUR_LETTERS: R, Y, G, B).
COLOUR_SQUARES = tuple(colour.symbol for colour in COLOURS)
OTHER_COLOUR = "⬜"  # colours beyond the real deck's four

# The general form as a sentence shows it, its placeholders in the reader's words
# (`c<Farbe>n<Zahl>`): what a player types in their place is a number, never these words.
GENERAL_FORM = symbols("c<{colour}>n<{number}>", colour=text("colour"), number=text("number"))

_SHORT = re.compile(r"([A-Za-z])(\d+)")
_GENERAL = re.compile(r"[cC](\d+)[nN](\d+)")
_SEPARATORS = re.compile(r"[\s,]+")


class BadHand(MalformedAction):
    """A hand written in the card notation could not be read; the message says what to fix."""


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A card of the paper's model: colour and number are small non-negative ints."""

    colour: int
    number: int

    def __str__(self) -> str:
        return format_card(self)


def colour_name(colour: int) -> str:
    return COLOUR_NAMES[colour] if colour < len(COLOUR_NAMES) else f"colour {colour}"


def format_card(card: Card) -> str:
    if card.colour < len(COLOUR_LETTERS) and card.number in REAL_NUMBERS:
        return f"{COLOUR_LETTERS[card.colour]}{card.number}"
    return f"c{card.colour}n{card.number}"


def format_hand(cards: Iterable[Card]) -> str:
    return " ".join(format_card(card) for card in cards)


def colour_square(colour: int) -> str:
    return COLOUR_SQUARES[colour] if colour < len(COLOUR_SQUARES) else OTHER_COLOUR


def card_text(card: Card) -> str:
    """A card as a player reads it, in a chain, a hand or a refusal: its colour's square before
    its notation (`🟥R5`, `⬜c12n7`)."""
    return f"{colour_square(card.colour)}{format_card(card)}"


def _number(digits: str) -> int:
    """A run of digits as a number. A run too long for any card reads as 10,000, above every
    limit: int() refuses thousands of digits, and a player may paste that many."""
    significant = digits.lstrip("0") or "0"
    return int(significant) if len(significant) <= 4 else 10_000


def parse_card(token: str) -> Card:
    """Read one card; raise BadHand with a message for the player when it is not a card."""
    general = _GENERAL.fullmatch(token)
    if general:
        colour, number = _number(general.group(1)), _number(general.group(2))
        if colour >= COLOUR_LIMIT:
            raise BadHand(
                text("{card}: colours go from c0 to c{top}.", card=quoted(token), top=str(COLOUR_LIMIT - 1))
            )
        if number >= NUMBER_LIMIT:
            raise BadHand(
                text("{card}: numbers go from n0 to n{top}.", card=quoted(token), top=str(NUMBER_LIMIT - 1))
            )
        return Card(colour, number)
    short = _SHORT.fullmatch(token)
    if short:
        letter, digits = short.group(1).upper(), short.group(2)
        if letter not in COLOUR_LETTERS:
            raise BadHand(
                text(
                    "{card}: unknown colour `{letter}`; use R, Y, G or B "
                    "(or {form} for more colours, like c12n7).",
                    card=quoted(token),
                    letter=short.group(1),
                    form=GENERAL_FORM,
                )
            )
        colour, number = COLOUR_LETTERS.index(letter), _number(digits)
        if len(digits) != 1:
            # Only a number the general form takes is worth suggesting in it.
            other = (
                text("write other numbers as {card}", card=Code(f"c{colour}n{number}"))
                if number < NUMBER_LIMIT
                else text(
                    "other numbers go up to {top}, written like {card}",
                    top=NUMBER_LIMIT - 1,
                    card=Code(f"c{colour}n12"),
                )
            )
            raise BadHand(
                text("{card}: deck numbers go from 0 to 9; {other}.", card=quoted(token), other=other)
            )
        return Card(colour, number)
    raise BadHand(
        text(
            "{card} is not a card; write a colour letter and a number like R5, or {form} like c12n7.",
            card=quoted(token),
            form=GENERAL_FORM,
        )
    )


EMPTY_HAND = text("The hand is empty; write some cards, like `R1 R5 B5 G5`.")


def parse_hand(text: str) -> tuple[Card, ...]:
    """Read a whole hand such as ``"R1 R5 B5 G5"`` (see the module notes for the notation)."""
    tokens = [token for token in _SEPARATORS.split(text.strip()) if token]
    if not tokens:
        raise BadHand(EMPTY_HAND)
    if len(tokens) > MAX_HAND:
        raise BadHand(
            counted(
                "That is {count} card; a hand holds at most {most}.",
                "That is {count} cards; a hand holds at most {most}.",
                count=len(tokens),
                most=MAX_HAND,
            )
        )
    return tuple(parse_card(token) for token in tokens)


def real_deck_number_cards() -> tuple[Card, ...]:
    """The 76 number cards of a real UNO deck: one 0 and two of each 1-9 per colour."""
    return tuple(
        Card(colour, number)
        for colour in range(len(COLOUR_LETTERS))
        for number in REAL_NUMBERS
        for _ in range(1 if number == 0 else 2)
    )


def matches(first: Card, second: Card) -> bool:
    """The paper's rule: a card may follow another of the same colour or the same number."""
    return first.colour == second.colour or first.number == second.number


def is_chain(cards: Iterable[Card]) -> bool:
    """Each card matches the one before it (the first card is free)."""
    previous: Card | None = None
    for card in cards:
        if previous is not None and not matches(previous, card):
            return False
        previous = card
    return True
