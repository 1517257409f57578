"""Full random-play games per second of the UNO engine, beside rlcard's UNO when it is installed.

    python bench/engine.py [--seconds 3] [--interpreted-only]

Our engine is measured twice: interpreted, as it runs in development and the tests, and compiled
with mypyc (compile_engine.py), as the Docker image runs it. The compiled copy is built on the
first run (half a minute) and reused while the sources stay the same.

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
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _is_bot(module_name: str) -> bool:
    return module_name == "bot" or module_name.startswith("bot.")


def our_player(engine_path: Path) -> tuple[Callable[[int, int], int], bool]:
    """The random-play game of the engine whose `bot` package lives under `engine_path`, and
    whether that engine is compiled.

    Each engine is imported under its own `bot` modules, so the interpreted and the compiled
    engine can be measured side by side in one process.
    """
    saved = {name: sys.modules.pop(name) for name in list(sys.modules) if _is_bot(name)}
    sys.path.insert(0, str(engine_path))
    try:
        from bot.games.uno import game as game_module
        from bot.games.uno.ai import RandomPlayer
        from bot.games.uno.ruleset import OFFICIAL
    finally:
        sys.path.remove(str(engine_path))
        for name in [name for name in sys.modules if _is_bot(name)]:
            del sys.modules[name]
        sys.modules.update(saved)
    one_round, finished = OFFICIAL.with_target(1), game_module.Phase.FINISHED
    new_game = game_module.UnoGame.new

    def play_ours(players: int, seed: int) -> int:
        game, _ = new_game(one_round, players, seed)
        agent = RandomPlayer(random.Random(seed))
        moves = 0
        while game.phase is not finished:
            seat = game.current
            game.apply(seat, agent.choose(game.view(seat)))
            moves += 1
        return moves

    return play_ours, str(game_module.__file__).endswith(tuple(EXTENSION_SUFFIXES))


def compiled_player() -> Callable[[int, int], int] | None:
    sys.path.insert(0, str(ROOT))
    import compile_engine

    why_not = compile_engine.compiler_missing()
    if why_not:
        print(f"The compiled engine is not measured: {why_not}.")
        return None
    print("Compiling the engine, unless a build of these sources is at hand...", flush=True)
    play, compiled = our_player(compile_engine.build())
    if not compiled:
        raise SystemExit("The compiled build did not import as native code.")
    return play


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
    parser.add_argument(
        "--interpreted-only", action="store_true", help="do not build or measure the compiled engine"
    )
    args = parser.parse_args()
    engines: list[tuple[str, Callable[[int, int], int]]] = [("ours", our_player(ROOT)[0])]
    compiled = None if args.interpreted_only else compiled_player()
    if compiled is not None:
        engines.append(("ours-mypyc", compiled))
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
