"""Games per second of Survive the Flood under random legal play, per difficulty and deck.

    python bench/flood.py [--seconds 1] [--penalty-draws]

Each game is played to its end by a player that picks uniformly among the legal actions (never
resigning) and receives only the player's view, as the bot's UI does. The win rates of that
player and of the simple greedy player (over a fixed set of seeds) are printed beside the speed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games.flood import (
    DeckKind,
    Difficulty,
    FloodGame,
    FloodOptions,
    GreedyPlayer,
    Player,
    RandomPlayer,
    play_out,
)


def measure(options: FloodOptions, seconds: float) -> tuple[int, int, int, float]:
    """Games, moves, wins and elapsed seconds of back-to-back random games for about `seconds`."""
    games = moves = wins = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(10):
            game, _ = FloodGame.new(options, games)
            moves += play_out(game, RandomPlayer(random.Random(games)))
            wins += game.won
            games += 1
    return games, moves, wins, time.perf_counter() - start


def greedy_wins(options: FloodOptions, games: int) -> float:
    player: Player = GreedyPlayer()
    wins = 0
    for seed in range(games):
        game, _ = FloodGame.new(options, seed)
        play_out(game, player)
        wins += game.won
    return wins / games


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    parser.add_argument("--greedy-games", type=int, default=100, help="games for the greedy rate")
    parser.add_argument("--penalty-draws", action="store_true", help="turn on the F14 table rule")
    args = parser.parse_args()
    print(
        f"{'difficulty':<14} {'deck':<8} {'target':>6} {'games/s':>9} {'moves/s':>9} "
        f"{'moves/game':>10} {'random won':>10} {'greedy won':>10}"
    )
    for difficulty in Difficulty:
        for deck in DeckKind:
            options = FloodOptions.make(difficulty, deck, penalty_draws=args.penalty_draws)
            games, moves, wins, elapsed = measure(options, args.seconds)
            greedy = greedy_wins(options, args.greedy_games)
            print(
                f"{difficulty.value:<14} {deck.value:<8} {options.target:>6} "
                f"{games / elapsed:>9.0f} {moves / elapsed:>9.0f} {moves / games:>10.1f} "
                f"{wins / games:>10.1%} {greedy:>10.1%}"
            )


if __name__ == "__main__":
    main()
