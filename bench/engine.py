"""Full random-play games per second of the UNO engine, beside rlcard's UNO when it is installed.

    python bench/engine.py [--seconds 3]

Both engines play one round to its end with a random player that plays a card whenever one is
playable and draws only when stuck (rlcard's legal actions offer nothing else). Ours plays the
full official rules: the drawn card may be played at once, Wild Draw Four may be challenged, UNO
is called and caught. Each agent of ours receives only its seat's view, as the bot's AI does;
rlcard's agent receives the state `step` returns (its view, legal actions included), as rlcard's
own environments use it.

The engines are measured in alternating slices of the same run, so a busy machine slows them
alike rather than whichever happened to run at the time.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def our_player() -> Callable[[int, int], int]:
    """One round of our engine to its end, with a random player per seat; returns the moves."""
    sys.path.insert(0, str(ROOT))
    from bot.games.uno.ai import RandomPlayer
    from bot.games.uno.game import Phase
    from bot.games.uno.game import UnoGame
    from bot.games.uno.ruleset import OFFICIAL

    one_round = OFFICIAL.with_target(1)

    def play_ours(players: int, seed: int) -> int:
        game, _ = UnoGame.new(one_round, players, seed)
        agent = RandomPlayer(random.Random(seed))
        moves = 0
        while game.phase is not Phase.FINISHED:
            seat = game.current
            game.apply(seat, agent.choose(game.view(seat)))
            moves += 1
        return moves

    return play_ours


def rlcard_player() -> Callable[[int, int], int] | None:
    try:
        import numpy as np
        from rlcard.games.uno.game import UnoGame as RlcardUnoGame
    except ImportError:
        return None

    def play_rlcard(players: int, seed: int) -> int:
        game = RlcardUnoGame(num_players=players)
        game.np_random = np.random.RandomState(seed)
        # init_game and step already build the next player's state, legal actions included:
        # asking get_legal_actions() again would charge rlcard for them twice.
        state, _ = game.init_game()
        rng = random.Random(seed)
        moves = 0
        while not game.is_over():
            state, _ = game.step(rng.choice(state["legal_actions"]))
            moves += 1
        return moves

    return play_rlcard


class Tally:
    def __init__(self, play: Callable[[int, int], int]) -> None:
        self.play = play
        self.games = self.moves = 0
        self.elapsed = 0.0

    def run(self, players: int, seconds: float) -> None:
        start = time.perf_counter()
        deadline = start + seconds
        while time.perf_counter() < deadline:
            for _ in range(50):
                self.moves += self.play(players, self.games)
                self.games += 1
        self.elapsed += time.perf_counter() - start

    @property
    def games_per_second(self) -> float:
        return self.games / self.elapsed

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.elapsed


SLICES = 8
WIDTHS = (7, 10, 10, 10, 10, 9)


def measure(
    plays: list[Callable[[int, int], int]], players: int, seconds: float
) -> list[tuple[float, float]]:
    """(games/s, moves/s) of each engine, given `seconds` each in interleaved slices."""
    tallies = [Tally(play) for play in plays]
    for _ in range(SLICES):
        for tally in tallies:
            tally.run(players, seconds / SLICES)
    return [(t.games_per_second, t.moves_per_second) for t in tallies]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()
    engines: list[tuple[str, Callable[[int, int], int]]] = [("ours", our_player())]
    rlcard = rlcard_player()
    if rlcard is None:
        print("rlcard is not installed (pip install -e '.[bench]'): no ratio to it.")
    else:
        engines.append(("rlcard", rlcard))
    columns = ("players", "engine", "games/s", "moves/s", "moves/game", "vs rlcard")
    print(" ".join(f"{name:>{width}}" for name, width in zip(columns, WIDTHS, strict=True)))
    for players in (2, 4):
        results = measure([play for _, play in engines], players, args.seconds)
        rl_games = results[-1][0] if rlcard is not None else None
        for (name, _), (games, moves) in zip(engines, results, strict=True):
            ratio = f"{games / rl_games:.2f}x" if rl_games and name != "rlcard" else ""
            row = (players, name, f"{games:.0f}", f"{moves:.0f}", f"{moves / games:.1f}", ratio)
            print(" ".join(f"{cell:>{width}}" for cell, width in zip(row, WIDTHS, strict=True)))


if __name__ == "__main__":
    main()
