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


def test_a_seeded_generator_is_re_derived_from_its_seed_and_the_words_it_gave() -> None:
    """What lets a saved game keep two numbers instead of the generator's 625 (bot/games/draws.py):
    after any mix of draws, seeding again and skipping as many words gives the same state."""
    from bot.games.draws import SeededRandom

    picker = random.Random(5)
    for seed in range(20):
        rng = SeededRandom(seed)
        twin = random.Random(seed)
        for _ in range(picker.randrange(300)):
            bits = picker.choice([1, 5, 7, 31, 32, 33, 64, 100])
            assert rng.getrandbits(bits) == twin.getrandbits(bits)  # the very same numbers
            if picker.random() < 0.1:
                assert rng.random() == twin.random()
        items, twins = list(range(108)), list(range(108))
        draws.shuffle(rng, items)
        draws.shuffle(twin, twins)
        assert items == twins
        assert rng.words is not None
        assert SeededRandom.resumed(seed, rng.words).getstate() == rng.getstate() == twin.getstate()
