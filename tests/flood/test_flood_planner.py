"""The planner behind the Hint in /flood: the same move for the same view, and what it counts on
drawing read from the view (test_flood_hint checks its moves are legal and ignore the hidden draw
pile's order)."""

from __future__ import annotations

from collections import Counter

from bot.games.flood import DeckKind
from bot.games.flood import Difficulty
from bot.games.flood import FloodGame
from bot.games.flood import FloodOptions
from bot.games.flood.planner import Planner
from bot.games.flood.planner import unseen_cards

MOVES = 80


def test_the_planner_is_deterministic() -> None:
    options = FloodOptions.make(Difficulty.MEDIUM, DeckKind.STANDARD)
    logs = []
    for _ in range(2):
        game, _ = FloodGame.new(options, 4)
        planner = Planner()
        for _ in range(MOVES):
            if game.is_over:
                break
            game.apply(planner.choose(game.view()))
        logs.append(game.log)
    assert logs[0] == logs[1]


def test_the_unseen_cards_are_the_draw_pile_as_a_multiset() -> None:
    """What the planner counts on drawing is exactly what the draw pile holds, read from the view."""
    game, _ = FloodGame.new(FloodOptions.make(Difficulty.MEDIUM, DeckKind.UNO), 2)
    planner = Planner()
    for _ in range(40):
        if game.is_over:
            break
        unseen = unseen_cards(game.view())
        assert unseen.by_card == Counter(game.draw_pile)
        assert unseen.total == len(game.draw_pile)
        game.apply(planner.choose(game.view()))
