"""Random draws for the engines: the very algorithms of `random.Random` (CPython 3.11), written out.

A game replays from its seed and action log, and saved games hold the generator's state, so the
draws a seed gives must not change. `random.Random`'s own methods are free to change between
Python versions (only the raw bits of `getrandbits` are promised); written here, the same seed
deals the same cards on every Python version. Every engine (UNO, Survive the Flood, UNO
Solitaire) draws through these.

Each function gives exactly the numbers the `random.Random` method of the same name gives and
moves the generator the same way; tests/test_draws.py holds them to it.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def randbelow(rng: random.Random, n: int) -> int:
    """A number in range(n), n >= 1: `Random._randbelow_with_getrandbits`."""
    bits = n.bit_length()
    draw = rng.getrandbits(bits)
    while draw >= n:
        draw = rng.getrandbits(bits)
    return draw


def randrange(rng: random.Random, stop: int) -> int:
    """`rng.randrange(stop)`, stop >= 1."""
    if stop <= 0:
        raise ValueError("empty range for randrange")
    return randbelow(rng, stop)


def choice(rng: random.Random, items: Sequence[T]) -> T:
    """`rng.choice(items)`."""
    if not items:
        raise IndexError("Cannot choose from an empty sequence")
    return items[randbelow(rng, len(items))]


def shuffle(rng: random.Random, items: MutableSequence[T]) -> None:
    """`rng.shuffle(items)`: Fisher-Yates from the end, `randbelow` inlined (a deal's hot loop)."""
    getrandbits = rng.getrandbits
    # SeededRandom counts words in Python, a call per draw: a deal's hundred draws cost more than
    # the rest of the deal. Draw from the generator itself and count here instead: every draw
    # takes one word while the list is shorter than 2**32 (so a draw needs 32 bits at most).
    seeded = rng if type(rng) is SeededRandom and rng.words is not None else None
    if seeded is not None and len(items) <= 1 << 32:
        getrandbits = super(SeededRandom, seeded).getrandbits
    else:
        seeded = None
    # One draw a step, and one more each time a draw is out of range and drawn again.
    taken = max(len(items) - 1, 0)
    for i in range(len(items) - 1, 0, -1):
        below = i + 1
        bits = below.bit_length()
        j = getrandbits(bits)
        while j >= below:
            j = getrandbits(bits)
            taken += 1
        items[i], items[j] = items[j], items[i]
    if seeded is not None and seeded.words is not None:
        seeded.words += taken


class SeededRandom(random.Random):
    """A `random.Random(seed)` that counts the 32-bit words it has given out, so that its state
    can be saved as two numbers (the seed and that count) and re-derived by seeding again and
    skipping as many words. The state itself is 625 numbers (about 7 KB of JSON), written with
    every move of every table; the count is a few bytes. Every draw here goes through
    `getrandbits`, which takes whole words: k bits take ceil(k / 32) of them.

    `words` is None once the state was set some other way (`setstate`): it is then unknown, and
    the state has to be saved whole.
    """

    def __init__(self, seed: int) -> None:
        self.words: int | None = 0
        super().__init__(seed)
        self.seed_value = seed

    def getrandbits(self, k: int, /) -> int:
        if self.words is not None:
            self.words += (k + 31) >> 5
        return super().getrandbits(k)

    def random(self) -> float:
        if self.words is not None:
            self.words += 2  # 53 bits from two words
        return super().random()

    def setstate(self, state: tuple[object, ...]) -> None:
        super().setstate(state)
        self.words = None

    @classmethod
    def resumed(cls, seed: int, words: int) -> SeededRandom:
        """The generator `SeededRandom(seed)` is after giving out `words` words."""
        rng = cls(seed)
        if words:
            random.Random.getrandbits(rng, 32 * words)  # one call takes exactly `words` words
        rng.words = words
        return rng
