"""Helpers for Survive the Flood tests: games dealt from a chosen deck order."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from bot.games.flood import Card
from bot.games.flood import FloodGame
from bot.games.flood import FloodOptions
from bot.games.flood.events import Event


def cards(codes: str) -> list[Card]:
    return [Card.parse(code) for code in codes.split()]


def codes(cards_: Sequence[Card]) -> list[str]:
    return sorted(str(c) for c in cards_)


def stacked(
    options: FloodOptions, hand: str, starter: str, pile: str = "", seed: int = 0
) -> tuple[FloodGame, list[Event]]:
    """A game whose 7 dealt cards, starter and first draws are the given ones; the rest of the
    draw pile follows in the deck's own order."""
    first = cards(hand) + cards(starter) + cards(pile)
    rest = Counter(options.full_deck())
    rest.subtract(first)
    assert all(n >= 0 for n in rest.values()), "the chosen cards are not all in the deck"
    order = list(first)
    for card in options.full_deck():
        if rest[card] > 0:
            order.append(card)
            rest[card] -= 1
    return FloodGame.from_deck(options, order, seed)


def stacked_with_pile_size(options: FloodOptions, hand: str, starter: str, pile: str) -> FloodGame:
    """A game whose draw pile holds exactly `pile` (top first); every other card is buried in the
    discard pile under the starter, so the draw pile runs out at a known moment (and a reshuffle
    has cards to shuffle)."""
    game, _ = stacked(options, hand, starter, pile)
    wanted = len(cards(pile))
    spare = game.draw_pile[: len(game.draw_pile) - wanted]
    del game.draw_pile[: len(game.draw_pile) - wanted]
    game.discard[0:0] = spare
    return game


def take_whole_pile(game: FloodGame) -> None:
    """Move the whole draw pile into the hand, leaving the discard pile as it is (F7 tests)."""
    for card in reversed(game.draw_pile):
        game._take(card)
    game.draw_pile.clear()
