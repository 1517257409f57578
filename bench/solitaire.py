"""Games per second and win rate of the UNO Solitaire players (bot/games/tableau).

    python bench/solitaire.py [--player greedy|strong|hint] [--games 10000] [--workers 2]
                              [--first-seed 0] [--determinizations 2] [--write-odds]

Plays seeds first-seed .. first-seed+games-1 to their end with the greedy player (which sees
only the view) or the strong player, the planner (which sees only what a player remembers:
bot/games/tableau/planner.py), spread over `workers` processes, and prints games per second,
the CPU time of a move (p50, p99, max), the win rate with its 95% Wilson score interval, and how
the games were lost. With `--write-odds` the win rate goes into bot/games/tableau/odds.py, the
figure /solitaire shows (the strong player's when it is the one measured). `--player hint`
follows the bot's Hint at every move, a planner started afresh at each click as in /solitaire:
its CPU per move is what a click on Hint costs.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games.actions import RESIGN
from bot.games.odds import WinRate
from bot.games.odds import percentile
from bot.games.odds import wilson_interval
from bot.games.tableau.ai import GreedyPlayer
from bot.games.tableau.game import TableauGame
from bot.games.tableau.planner import DETERMINIZATIONS
from bot.games.tableau.planner import Planner
from bot.games.tableau.planner import hint
from bot.games.tableau.planner import remember

ODDS_MODULE = Path(__file__).resolve().parent.parent / "bot" / "games" / "tableau" / "odds.py"


def write_odds(odds: WinRate, player: str) -> None:
    ODDS_MODULE.write_text(
        f'"""How often the {player} UNO Solitaire player wins, over seeds 0..deals-1.\n\n'
        f"Written by `python bench/solitaire.py --player {player} --write-odds`; do not edit by hand.\n"
        '"""\n\n'
        "from bot.games.odds import WinRate\n\n"
        f"SOLITAIRE_ODDS = WinRate({odds.wins}, {odds.deals})\n"
    )


def play_range(job: tuple[range, str, int]) -> tuple[Counter[str], list[float], float]:
    """Outcomes, each move's CPU seconds and the total CPU seconds for the games of `seeds`."""
    seeds, player, determinizations = job
    outcomes: Counter[str] = Counter()
    moves: list[float] = []
    start = time.process_time()
    for seed in seeds:
        game = TableauGame.new(seed)
        greedy = GreedyPlayer()
        planner = Planner(determinizations=determinizations)
        while game.outcome is None:
            before = time.process_time()
            if player == "strong":
                action = planner.choose(remember(game))
            elif player == "hint":
                action = hint(game) or RESIGN  # None: every move loses
            else:
                action = greedy.choose(game.view())
            moves.append(time.process_time() - before)
            game.apply(action)
        outcomes[game.outcome.name] += 1
    return outcomes, moves, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--player", choices=("greedy", "strong", "hint"), default="greedy")
    parser.add_argument("--determinizations", type=int, default=DETERMINIZATIONS)
    parser.add_argument("--write-odds", action="store_true", help="update the odds /solitaire shows")
    args = parser.parse_args()

    chunk = 250
    first, last = args.first_seed, args.first_seed + args.games
    chunks = [
        (range(s, min(s + chunk, last)), args.player, args.determinizations)
        for s in range(first, last, chunk)
    ]
    wall = time.perf_counter()
    with Pool(args.workers) as pool:
        results = pool.map(play_range, chunks)
    wall = time.perf_counter() - wall

    outcomes: Counter[str] = Counter()
    moves: list[float] = []
    cpu = 0.0
    for counts, times, seconds in results:
        outcomes.update(counts)
        moves += times
        cpu += seconds
    games = args.games
    wins = outcomes["WON"]
    low, high = wilson_interval(wins, games)
    how = f", {args.determinizations} determinizations" if args.player == "strong" else ""
    print(f"{args.player} player{how}, seeds {first}..{last - 1}, {args.workers} worker processes")
    print(
        f"games per second: {games / wall:,.1f} on {args.workers} processes ({wall:.1f} s wall), "
        f"{games / cpu:,.1f} per CPU-second"
    )
    print(f"actions per game: {len(moves) / games:.0f} (draws, moves and placements)")
    p50, p99 = (percentile(moves, share) * 1e3 for share in (0.5, 0.99))
    print(f"CPU per move: p50 {p50:.2f} ms, p99 {p99:.2f} ms, max {max(moves) * 1e3:.0f} ms")
    print(
        f"win rate: {wins / games:.2%} ({wins:,} of {games:,}), 95% Wilson interval {low:.2%} .. {high:.2%}"
    )
    if args.write_odds and first == 0 and args.player != "hint":
        write_odds(WinRate(wins, games), args.player)
    for name, count in outcomes.most_common():
        if name != "WON":
            print(f"  lost, {name.lower()}: {count:,} ({count / games:.2%})")


if __name__ == "__main__":
    main()
