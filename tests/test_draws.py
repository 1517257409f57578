"""The engines' draws are random.Random's own: a seed deals the same cards it always has."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.games import draws

seeds = st.integers(min_value=0, max_value=2**64)


@given(seeds, st.integers(min_value=0, max_value=300))
def test_shuffle_moves_the_cards_and_the_generator_as_random_does(seed: int, size: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    our_cards, their_cards = list(range(size)), list(range(size))
    draws.shuffle(ours, our_cards)
    theirs.shuffle(their_cards)
    assert our_cards == their_cards
    assert ours.getstate() == theirs.getstate()


@given(seeds, st.integers(min_value=1, max_value=2**70))
def test_randrange_draws_what_random_draws(seed: int, stop: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    assert [draws.randrange(ours, stop) for _ in range(5)] == [theirs.randrange(stop) for _ in range(5)]
    assert ours.getstate() == theirs.getstate()


@given(seeds, st.lists(st.integers(), min_size=1, max_size=40))
def test_choice_picks_what_random_picks(seed: int, items: list[int]) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    assert [draws.choice(ours, items) for _ in range(5)] == [theirs.choice(items) for _ in range(5)]
    assert ours.getstate() == theirs.getstate()


def test_empty_ranges_and_sequences_are_refused_as_random_refuses_them() -> None:
    rng = random.Random(1)
    with pytest.raises(ValueError):
        draws.randrange(rng, 0)
    with pytest.raises(IndexError):
        draws.choice(rng, [])
    assert rng.getstate() == random.Random(1).getstate()
