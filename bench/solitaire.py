"""Games per second and win rate of the greedy UNO Solitaire player (bot/games/tableau).

    python bench/solitaire.py [--games 10000] [--workers 2] [--first-seed 0] [--write-odds]

Plays seeds first-seed .. first-seed+games-1 to their end with the greedy player (which sees
only the view, as the bot's Hint does), spread over `workers` processes, and prints games per
second, the win rate with its 95% Wilson score interval, and how the games were lost. With
`--write-odds` the win rate goes into bot/games/tableau/odds.py, the figure /solitaire shows.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games.odds import WinRate, wilson_interval
from bot.games.tableau.ai import play_greedy
from bot.games.tableau.game import TableauGame

ODDS_MODULE = Path(__file__).resolve().parent.parent / "bot" / "games" / "tableau" / "odds.py"


def write_odds(odds: WinRate) -> None:
    ODDS_MODULE.write_text(
        '"""How often the greedy UNO Solitaire player wins, over seeds 0..deals-1.\n\n'
        "Written by `python bench/solitaire.py --write-odds`; do not edit by hand.\n"
        '"""\n\n'
        "from bot.games.odds import WinRate\n\n"
        f"GREEDY_ODDS = WinRate({odds.wins}, {odds.deals})\n"
    )


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
    parser.add_argument("--write-odds", action="store_true", help="update the odds /solitaire shows")
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
    if args.write_odds and first == 0:
        write_odds(WinRate(wins, games))
    for name, count in outcomes.most_common():
        if name != "WON":
            print(f"  lost, {name.lower()}: {count:,} ({count / games:.2%})")


if __name__ == "__main__":
    main()
