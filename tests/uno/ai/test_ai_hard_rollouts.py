"""The hard player's rollouts play the seats as `normal` does: steering towards a colour the
next opponent is believed to lack (hard.ROLLOUT_VOIDS)."""

from __future__ import annotations

from bot.games.uno.actions import Play
from bot.games.uno.actions import choose
from bot.games.uno.ai.hard import quick_action
from bot.games.uno.cards import Card
from bot.games.uno.cards import Colour
from bot.games.uno.game import Phase
from tests.uno.uno_rig import rig


def test_a_rollout_seat_plays_the_colour_its_hostile_follower_lacks() -> None:
    game = rig(["R7 B5 G1 G2", "Y1 Y2 Y3 Y4"], "B7")
    # By the cards alone R7 goes first (more points, one red and one blue held).
    assert quick_action(game, 0) == Play(Card.parse("R7"))
    assert quick_action(game, 0, {}) == Play(Card.parse("R7"))
    assert quick_action(game, 0, {1: frozenset({Colour.BLUE})}) == Play(Card.parse("B5"))
    # A void of our own seat, or of a colour we cannot play, changes nothing.
    assert quick_action(game, 0, {0: frozenset({Colour.RED})}) == Play(Card.parse("R7"))


def test_a_rollout_seat_calls_the_colour_its_hostile_follower_lacks() -> None:
    game = rig(["R1 B5 W", "Y1 Y2 Y3 Y4"], "R7")
    game.apply(0, Play(Card.parse("W")))
    assert game.phase is Phase.AWAITING_COLOUR
    assert quick_action(game, 0) == choose(Colour.RED)
    assert quick_action(game, 0, {1: frozenset({Colour.GREEN})}) == choose(Colour.GREEN)
