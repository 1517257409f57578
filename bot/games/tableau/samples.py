"""Deals with a known end, for tests of the engine and of the Discord layer."""

from __future__ import annotations

from bot.games.tableau.foundations import COLOUR_RUNS
from bot.games.uno.cards import COLOURS
from bot.games.uno.cards import Card
from bot.games.uno.cards import Colour
from bot.games.uno.cards import Face

ACTION_ORDER: tuple[Face, ...] = (Face.REVERSE, Face.SKIP, Face.DRAW_TWO)


def foundation_order() -> list[Card]:
    """All 108 cards in an order in which each can go up right after the one before: the four
    colour runs 9..0..9, then the Wilds, then each colour's action cards, one colour passing to
    the next through a shared symbol (a Draw Two after a Draw Two, and so on)."""
    cards = [card for run in COLOUR_RUNS for card in run]
    cards += [Card.of(None, Face.WILD)] * 4 + [Card.of(None, Face.WILD_DRAW_FOUR)] * 4
    faces = list(ACTION_ORDER)
    for colour in COLOURS:
        cards += [Card.of(colour, face) for face in faces for _ in range(2)]
        faces.reverse()  # the next colour starts with the symbol this one ended with
    return cards


def winning_deal() -> tuple[list[Card], list[str]]:
    """A deal in foundation order and the 108 moves that win it: every card goes up from row 0
    and the stock refills its slot with the next card of the order (S9)."""
    deal = foundation_order()
    return deal, [f"f 0.{i % 7}" for i in range(len(deal))]


def stuck_deal() -> tuple[list[Card], list[str]]:
    """A deal whose 107 listed moves end in a loss by S12(b): a Red Skip waits in row-0 slot 6
    while the other cards go up in foundation order, the last of them a Blue Reverse, which
    shares neither colour nor symbol with it; then stock and waste are empty and nothing moves."""
    order = foundation_order()
    red_skip = Card.of(Colour.RED, Face.SKIP)
    order.remove(red_skip)
    assert order[-1] == Card.of(Colour.BLUE, Face.REVERSE)
    deal = [*order[:6], red_skip, *order[6:]]
    return deal, [f"f 0.{i % 6}" for i in range(len(order))]
