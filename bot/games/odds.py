"""How often a player wins a solo game, with its 95% Wilson score interval (pure arithmetic).

The benches measure these figures and write them into small table modules; the bot shows them.
"""

from __future__ import annotations

import math
from typing import NamedTuple

Z_95 = 1.959963984540054


def wilson_interval(wins: int, games: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (sound near 0% and 100% too)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


class WinRate(NamedTuple):
    wins: int
    deals: int

    @property
    def rate(self) -> float:
        return self.wins / self.deals if self.deals else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.deals)

    def __str__(self) -> str:
        low, high = self.interval()
        return f"{self.rate:.1%} ({low:.1%}-{high:.1%}, {self.deals:,} deals)"
