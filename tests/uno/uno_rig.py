"""Builds UNO positions for rule tests, keeping all 108 cards in play."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from bot.games.errors import GameError
from bot.games.uno.actions import Action
from bot.games.uno.cards import Card, Colour, official_deck
from bot.games.uno.game import Phase, UnoGame
from bot.games.uno.ruleset import OFFICIAL, Ruleset


def cards(codes: str) -> list[Card]:
    return [Card.parse(code) for code in codes.split()]


def rig(
    hands: list[str],
    top: str,
    *,
    colour: str | None = None,
    current: int = 0,
    direction: int = 1,
    draw: str = "",
    discard_below: str = "",
    ruleset: Ruleset = OFFICIAL,
    seed: int = 0,
) -> UnoGame:
    """A game in mid-round: the given hands, discard top and the next cards to draw (`draw`,
    first card drawn first). Every other card of the deck lies under them in the draw pile,
    unless `discard_below` is given, in which case the draw pile holds only `draw`.
    """
    game = UnoGame(ruleset, len(hands), seed)
    game.hands = [cards(h) for h in hands]
    top_card = Card.parse(top)
    upcoming = cards(draw)
    below = cards(discard_below)
    rest = Counter(official_deck())
    rest.subtract(Counter(c for h in game.hands for c in h))
    rest.subtract(Counter([top_card, *upcoming, *below]))
    if any(n < 0 for n in rest.values()):
        raise ValueError(f"more copies than the deck holds: {[c for c, n in rest.items() if n < 0]}")
    others = sorted(rest.elements(), key=str)
    if discard_below:
        game.discard = [*below, *others, top_card]
        game.draw_pile = list(reversed(upcoming))
    else:
        game.discard = [top_card]
        game.draw_pile = others + list(reversed(upcoming))
    game.colour = Colour(colour) if colour else top_card.colour
    game.current = current
    game.direction = direction
    game.phase = Phase.PLAYING
    game.round_number = 1
    game.turn = 1
    assert game.card_count == 108
    return game


def assert_refuses_everything_not_offered(
    game: UnoGame, seat: int, legal: list[Action], actions: Iterable[Action]
) -> None:
    """Every action of `actions` that `legal` lacks is refused, with a reason, and leaves the game
    as it was."""
    before = game.to_json()
    for action in actions:
        if action in legal:
            continue
        try:
            game.apply(seat, action)
        except GameError as refusal:
            assert str(refusal), "a refusal says why"
        else:
            raise AssertionError(f"{action} was accepted for seat {seat} but not offered: {legal}")
    assert game.to_json() == before, "a refused action changed the game"
