"""Puzzles from a seed: the daily puzzle (the same for everyone on a UTC date) and practice ones.

Hands are drawn from the real deck's 76 number cards (rule P1). The solver keeps only hands that
can be played whole, and its count of chains sets the difficulty: few chains make a hard puzzle.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date
from functools import lru_cache

from bot.games.errors import IllegalAction
from bot.games.puzzles.chain import ChainPuzzle
from bot.games.solver import Card
from bot.games.solver import count_uno1_orders
from bot.games.solver import solve_uno1
from bot.games.solver.cards import real_deck_number_cards
from bot.i18n.text import text

DECK = real_deck_number_cards()
COUNT_CAP = 1000
# Counting chains gets slow on big hands; above this a practice puzzle is not counted.
COUNTED_SIZE = 14
PRACTICE_SIZES = range(3, 41)
DRAWS = 400


@dataclass(frozen=True, slots=True)
class Difficulty:
    name: str
    size: int
    fewest: int  # chains that solve it, at least ...
    most: int  # ... and at most


EASY = Difficulty("easy", 8, 24, COUNT_CAP)
MEDIUM = Difficulty("medium", 10, 10, 80)
HARD = Difficulty("hard", 12, 1, 8)
# Monday (0) to Sunday (6): the week gets harder, as crosswords do.
WEEK = (EASY, EASY, MEDIUM, MEDIUM, HARD, HARD, HARD)


@dataclass(frozen=True, slots=True)
class PuzzleSpec:
    hand: tuple[Card, ...]
    difficulty: str
    solutions: int  # capped at COUNT_CAP; 0 when the hand was too big to count

    def game(self, day: date | None = None) -> ChainPuzzle:
        """A fresh game of this puzzle; `day` marks the daily puzzle of that date."""
        return ChainPuzzle(self.hand, day=day, difficulty=self.difficulty, solutions=self.solutions)


def date_seed(day: date) -> int:
    """The daily seed: the date read as a number (20250131), the same on every bot."""
    return day.year * 10_000 + day.month * 100 + day.day


def difficulty_of(day: date) -> Difficulty:
    return WEEK[day.weekday()]


@lru_cache(maxsize=8)  # everyone asks for the same few days
def daily_puzzle(day: date) -> PuzzleSpec:
    """The puzzle of `day`: a hand of the day's size whose chain count falls in its difficulty's
    band; if no draw lands in the band, the playable draw closest to it."""
    difficulty = difficulty_of(day)
    rng = random.Random(date_seed(day))
    best: tuple[Card, ...] | None = None
    best_miss = COUNT_CAP * 10
    for _ in range(DRAWS):
        hand = tuple(sorted(rng.sample(DECK, difficulty.size)))
        # A small cap stops the count early: only the band's edges matter while searching.
        count = count_uno1_orders(hand, cap=search_cap(difficulty))
        if count == 0:
            continue
        miss = max(difficulty.fewest - count, count - difficulty.most, 0)
        if miss < best_miss:
            best, best_miss = hand, miss
        if miss == 0:
            break
    if best is None:  # never seen in practice: every size above has playable draws
        raise AssertionError(f"no playable hand of {difficulty.size} cards for {day}")
    return PuzzleSpec(best, difficulty.name, count_uno1_orders(best, cap=COUNT_CAP))


def search_cap(difficulty: Difficulty) -> int:
    """Enough chains counted to place a hand against the band's edges, and no more."""
    return difficulty.fewest if difficulty.most >= COUNT_CAP else difficulty.most + 1


def practice_puzzle(seed: int, size: int) -> PuzzleSpec:
    """A playable hand of `size` cards drawn with `seed`; its chains are counted when the hand
    is small enough (else `solutions` is 0, meaning not counted)."""
    if size not in PRACTICE_SIZES:
        raise IllegalAction(
            text(
                "A practice puzzle has {low} to {high} cards (you asked for {size}).",
                low=PRACTICE_SIZES.start,
                high=PRACTICE_SIZES.stop - 1,
                size=size,
            )
        )
    rng = random.Random(seed)
    # Most draws of three or more cards are playable; the bound only guards the loop.
    for _ in range(10 * DRAWS):
        hand = tuple(sorted(rng.sample(DECK, size)))
        if solve_uno1(hand).playable:
            break
    else:
        raise AssertionError(f"no playable hand of {size} cards from seed {seed}")
    solutions = count_uno1_orders(hand, cap=COUNT_CAP) if size <= COUNTED_SIZE else 0
    return PuzzleSpec(hand, label_of(solutions, size), solutions)


def label_of(solutions: int, size: int) -> str:
    """A difficulty word for a chain count, with the daily bands' edges. Hands smaller than the
    easy daily are easy however few their chains (three cards have at most six), and hands too
    big to count are simply long."""
    if size < EASY.size:
        return "easy"
    if not solutions:
        return "long"
    if solutions <= HARD.most:
        return "hard"
    if solutions < EASY.fewest:
        return "medium"
    return "easy"
