"""The daily puzzle (the same for everyone on a date) and practice puzzles, chosen with the solver."""

from __future__ import annotations

from collections import Counter
from datetime import date
from datetime import timedelta

import pytest

from bot.games.errors import IllegalAction
from bot.games.puzzles import PRACTICE_SIZES
from bot.games.puzzles import daily_puzzle
from bot.games.puzzles import difficulty_of
from bot.games.puzzles import practice_puzzle
from bot.games.puzzles.generate import COUNT_CAP
from bot.games.puzzles.generate import COUNTED_SIZE
from bot.games.solver import count_uno1_orders
from bot.games.solver import parse_hand
from bot.games.solver import solve_uno1
from bot.games.solver.cards import real_deck_number_cards
from bot.games.solver.reference import exhaustive_uno1

DECK = Counter(real_deck_number_cards())
MONDAY = date(2026, 11, 16)


def test_the_daily_puzzle_is_the_same_for_a_date_on_every_bot() -> None:
    """Pinned: another bot (another process, another day) deals the same hand for this date."""
    day = date(2026, 11, 21)
    spec = daily_puzzle(day)
    assert spec.hand == parse_hand("R2 R8 Y1 Y3 Y7 G1 G6 G7 G8 G8 B5 B8")
    assert (spec.difficulty, spec.solutions) == ("hard", 8)
    daily_puzzle.cache_clear()
    assert daily_puzzle(day) == spec, "computed again, not remembered"


def test_four_weeks_of_daily_puzzles_are_playable_real_deck_hands_in_their_band() -> None:
    hands = set()
    for offset in range(28):
        day = MONDAY + timedelta(days=offset)
        spec = daily_puzzle(day)
        difficulty = difficulty_of(day)
        assert spec.difficulty == difficulty.name
        assert len(spec.hand) == difficulty.size
        assert not Counter(spec.hand) - DECK, "only cards a real deck holds, copies included"
        assert solve_uno1(spec.hand).playable and exhaustive_uno1(spec.hand)
        assert spec.solutions == count_uno1_orders(spec.hand, cap=COUNT_CAP)
        assert difficulty.fewest <= spec.solutions <= difficulty.most, (day, spec)
        game = spec.game(day)
        assert game.day == day and game.solutions == spec.solutions and not game.chain
        hands.add(spec.hand)
    assert len(hands) == 28, "every day has its own puzzle"
    assert [difficulty_of(MONDAY + timedelta(days=d)).name for d in range(7)] == [
        "easy", "easy", "medium", "medium", "hard", "hard", "hard",
    ]  # fmt: skip


@pytest.mark.parametrize("size", list(PRACTICE_SIZES))
def test_practice_puzzles_of_every_size_are_playable(size: int) -> None:
    spec = practice_puzzle(size * 31, size)
    assert len(spec.hand) == size and not Counter(spec.hand) - DECK
    assert solve_uno1(spec.hand).playable
    if size <= COUNTED_SIZE:
        assert spec.solutions == count_uno1_orders(spec.hand, cap=COUNT_CAP) > 0
    else:
        assert spec.solutions == 0 and spec.difficulty == "long"
    if size < 8:
        assert spec.difficulty == "easy", "a few cards are never hard"
    assert practice_puzzle(size * 31, size) == spec, "a seed gives one puzzle"
    assert spec.game().day is None


@pytest.mark.parametrize("size", [-1, 0, 2, 41, 108])
def test_practice_sizes_out_of_bounds_are_refused_with_the_bounds(size: int) -> None:
    with pytest.raises(IllegalAction, match=rf"3 to 40 cards \(you asked for {size}\)"):
        practice_puzzle(1, size)
