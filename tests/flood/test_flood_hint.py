"""The player behind the Hint in /flood (GreedyPlayer): legal moves only, from the player's view only,
with a reason a player can read."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from bot.games.flood import DeckKind
from bot.games.flood import Difficulty
from bot.games.flood import FloodGame
from bot.games.flood import FloodOptions
from bot.games.flood import FloodView
from bot.games.flood import GreedyPlayer
from bot.games.flood import Planner

MOVES = 60


def test_the_view_carries_no_draw_pile_order() -> None:
    """By type: the hint players read a FloodView, and a view holds the draw pile's size only."""
    assert [f for f in FloodView._fields if "draw_pile" in f] == ["draw_pile_size"]
    assert "draw_pile" not in FloodView._fields


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(list(Difficulty)),
    st.sampled_from(list(DeckKind)),
    st.booleans(),
    st.integers(min_value=0, max_value=2**32),
)
@pytest.mark.parametrize("player", [GreedyPlayer(), Planner()], ids=["greedy", "planner"])
def test_the_hint_player_only_makes_legal_moves(
    player: GreedyPlayer | Planner, difficulty: Difficulty, deck: DeckKind, penalty: bool, seed: int
) -> None:
    game, _ = FloodGame.new(FloodOptions.make(difficulty, deck, penalty_draws=penalty), seed)
    for _ in range(MOVES):
        if game.is_over:
            break
        view = game.view()
        advice = player.advise(view)
        assert advice.action in view.legal
        assert str(advice.reason) and not any(f"F{n}" in str(advice.reason) for n in range(1, 16))
        game.apply(advice.action)


@pytest.mark.parametrize("difficulty", [Difficulty.EASY, Difficulty.MEDIUM, Difficulty.HARD])
@pytest.mark.parametrize("deck", list(DeckKind))
@pytest.mark.parametrize("player", [GreedyPlayer(), Planner()], ids=["greedy", "planner"])
def test_the_hint_player_plays_the_same_whatever_the_order_of_the_draw_pile(
    difficulty: Difficulty, deck: DeckKind, player: GreedyPlayer | Planner
) -> None:
    """The same view with the draw pile shuffled differently gets the same move at every step
    the two games share."""
    game, _ = FloodGame.new(FloodOptions.make(difficulty, deck), 7)
    rng = random.Random(1)
    compared = 0
    for _ in range(MOVES):
        if game.is_over:
            break
        view = game.view()
        twin = FloodGame.from_json(game.to_json())
        rng.shuffle(twin.draw_pile)
        assert twin.view() == view
        assert player.choose(twin.view()) == player.choose(view)
        compared += twin.draw_pile != game.draw_pile
        game.apply(player.choose(view))
    assert compared > 0, "some steps had a draw pile whose order could differ"


def test_the_hint_player_beats_random_play_on_easy() -> None:
    """A smoke check of strength, not a benchmark: most easy deals survive."""
    options = FloodOptions.make(Difficulty.EASY, DeckKind.STANDARD)
    player = GreedyPlayer()
    won = 0
    for seed in range(6):
        game, _ = FloodGame.new(options, seed)
        while not game.is_over:
            game.apply(player.choose(game.view()))
        won += game.won
    assert won >= 4
