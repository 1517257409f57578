"""Games per second and win rate of the greedy UNO Solitaire player (bot/games/tableau).

    python bench/solitaire.py [--games 10000] [--workers 2] [--first-seed 0]

Plays seeds first-seed .. first-seed+games-1 to their end with the greedy player (which sees
only the view, as the bot's Hint does), spread over `workers` processes, and prints games per
second, the win rate with its 95% Wilson score interval, and how the games were lost.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games.tableau.ai import play_greedy
from bot.games.tableau.game import TableauGame

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


def play_range(seeds: range) -> tuple[Counter[str], int, float]:
    """Outcomes, total actions and CPU seconds for the games of `seeds`."""
    outcomes: Counter[str] = Counter()
    actions = 0
    start = time.process_time()
    for seed in seeds:
        game = play_greedy(TableauGame.new(seed))
        assert game.outcome is not None
        outcomes[game.outcome.name] += 1
        actions += len(game.log)
    return outcomes, actions, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args()

    chunk = 250
    first, last = args.first_seed, args.first_seed + args.games
    chunks = [range(s, min(s + chunk, last)) for s in range(first, last, chunk)]
    wall = time.perf_counter()
    with Pool(args.workers) as pool:
        results = pool.map(play_range, chunks)
    wall = time.perf_counter() - wall

    outcomes: Counter[str] = Counter()
    actions = 0
    cpu = 0.0
    for counts, n_actions, seconds in results:
        outcomes.update(counts)
        actions += n_actions
        cpu += seconds
    games = args.games
    wins = outcomes["WON"]
    low, high = wilson_interval(wins, games)
    print(f"greedy player, seeds {first}..{last - 1}, {args.workers} worker processes")
    print(
        f"games per second: {games / wall:,.0f} on {args.workers} processes ({wall:.1f} s wall), "
        f"{games / cpu:,.0f} per CPU-second"
    )
    print(f"actions per game: {actions / games:.0f} (draws, moves and placements)")
    print(
        f"win rate: {wins / games:.2%} ({wins:,} of {games:,}), "
        f"95% Wilson interval {low:.2%} .. {high:.2%}"
    )
    for name, count in outcomes.most_common():
        if name != "WON":
            print(f"  lost, {name.lower()}: {count:,} ({count / games:.2%})")


if __name__ == "__main__":
    main()
