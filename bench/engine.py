"""Full random-play games per second of the UNO engine, beside rlcard's UNO when it is installed.

    python bench/engine.py [--seconds 3]
    python bench/engine.py --baseline REV [--rounds 10] [--slice-games 100]

Both engines play one round to its end with a random player that plays a card whenever one is
playable and draws only when stuck (rlcard's legal actions offer nothing else). Ours plays the
full official rules: the drawn card may be played at once, Wild Draw Four may be challenged, UNO
is called and caught. Each agent of ours receives only its seat's view, as the bot's AI does;
rlcard's agent receives the state `step` returns (its view, legal actions included), as rlcard's
own environments use it.

The engines are measured in alternating slices of the same run, in CPU time
(time.process_time), so a busy machine slows them alike rather than whichever happened to run at
the time.

With `--baseline REV` it extracts REV's tree (`git archive REV | tar -x`) and times three
subprocesses in alternating slices of the same seeds: REV's engine, this tree's, and rlcard's (when
installed). It checks that REV's engine and this one played the same games (every event of every
move, replayed after the clock stops), and prints games/s and moves/s of each, this tree against
REV and both against rlcard.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.slices import SliceWorker
from bench.slices import add_baseline_arguments
from bench.slices import revision_tree

ROOT = Path(__file__).resolve().parent.parent


def our_player() -> Callable[[int, int], int]:
    """One round of our engine to its end, with a random player per seat; returns the moves."""
    sys.path.insert(0, str(ROOT))
    from bot.games.uno.ai import RandomPlayer
    from bot.games.uno.game import Phase
    from bot.games.uno.game import UnoGame
    from bot.games.uno.ruleset import OFFICIAL

    one_round = OFFICIAL.with_target(1)
    # Read once: the loop's test is the harness's cost, not the engine's.
    finished = Phase.FINISHED

    def play_ours(players: int, seed: int) -> int:
        game, _ = UnoGame.new(one_round, players, seed)
        agent = RandomPlayer(random.Random(seed))
        moves = 0
        while game.phase is not finished:
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
        start = time.process_time()
        deadline = start + seconds
        while time.process_time() < deadline:
            for _ in range(50):
                self.moves += self.play(players, self.games)
                self.games += 1
        self.elapsed += time.process_time() - start

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


# The worker that times one tree's engine: it uses only what every revision's bot.games.uno
# offers. Each request line "players first count" plays seeds first..first+count-1 as `our_player`
# does and answers "cpu_seconds moves events_digest"; the events are gathered by playing the same
# seeds again once the clock is stopped, so keeping them costs the timed games nothing.
OUR_WORKER = """
import hashlib, random, sys, time
from bot.games.uno.ai import RandomPlayer
from bot.games.uno.game import Phase, UnoGame
from bot.games.uno.ruleset import OFFICIAL
one_round = OFFICIAL.with_target(1)
finished = Phase.FINISHED
def play(players, seed, played):
    game, events = UnoGame.new(one_round, players, seed)
    agent = RandomPlayer(random.Random(seed))
    moves = 0
    while game.phase is not finished:
        seat = game.current
        events = game.apply(seat, agent.choose(game.view(seat)))
        if played is not None:
            played.append((seat, events))
        moves += 1
    return moves
for line in sys.stdin:
    players, first, count = map(int, line.split())
    moves = 0
    start = time.process_time()
    for seed in range(first, first + count):
        moves += play(players, seed, None)
    cpu = time.process_time() - start
    played = []
    for seed in range(first, first + count):
        play(players, seed, played)
    digest = hashlib.sha256(repr(played).encode()).hexdigest()[:16]
    print(cpu, moves, digest, flush=True)
"""

# rlcard's games, played by `rlcard_player` itself; no digest (its games are not ours).
RLCARD_WORKER = """
import sys, time
from bench.engine import rlcard_player
play = rlcard_player()
for line in sys.stdin:
    players, first, count = map(int, line.split())
    start = time.process_time()
    moves = sum(play(players, seed) for seed in range(first, first + count))
    print(time.process_time() - start, moves, "-", flush=True)
"""


def has_rlcard() -> bool:
    try:
        import rlcard  # noqa: F401
    except ImportError:
        return False
    return True


def baseline_run(revision: str, rounds: int, games: int) -> None:
    with revision_tree(revision, ROOT, "engine-baseline-") as tree:
        workers = {"baseline": SliceWorker(OUR_WORKER, tree), "current": SliceWorker(OUR_WORKER, ROOT)}
        if has_rlcard():
            workers["rlcard"] = SliceWorker(RLCARD_WORKER, ROOT)
        else:
            print("rlcard is not installed (pip install -e '.[bench]'): no ratio to it.")
        try:
            for players in (2, 4):
                totals = {name: [0.0, 0] for name in workers}
                for round_ in range(rounds):
                    first = round_ * games
                    # Rotate which engine goes first, so none always gets the warmer machine.
                    names = list(workers)
                    order = names[round_ % len(names) :] + names[: round_ % len(names)]
                    results = {name: _slice(workers[name], players, first, games) for name in order}
                    if results["baseline"][1:] != results["current"][1:]:
                        raise SystemExit(f"the engines played seeds {first}.. differently: {results}")
                    for name, (cpu, moves, _) in results.items():
                        totals[name][0] += cpu
                        totals[name][1] += moves
                report(players, revision, rounds * games, totals)
        finally:
            for worker in workers.values():
                worker.close()


def _slice(worker: SliceWorker, players: int, first: int, count: int) -> tuple[float, int, str]:
    cpu, moves, digest = worker.run(players, first, count)
    return float(cpu), int(moves), digest


def report(players: int, revision: str, games: int, totals: dict[str, list[float]]) -> None:
    rates = {name: (games / cpu, moves / cpu) for name, (cpu, moves) in totals.items()}
    base, current = rates["baseline"], rates["current"]
    line = (
        f"{players} players, {games:,} games a engine (seeds 0..{games - 1}), identical in "
        f"{revision} and this tree: {revision} {base[0]:.0f} games/s {base[1]:.0f} moves/s, "
        f"current {current[0]:.0f} games/s {current[1]:.0f} moves/s "
        f"({current[0] / base[0]:.2f}x {revision})"
    )
    if "rlcard" in rates:
        rl = rates["rlcard"]
        line += (
            f"; rlcard {rl[0]:.0f} games/s {rl[1]:.0f} moves/s: games/s "
            f"{base[0] / rl[0]:.2f}x -> {current[0] / rl[0]:.2f}x rlcard, moves/s "
            f"{base[1] / rl[1]:.2f}x -> {current[1] / rl[1]:.2f}x"
        )
    print(line, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    add_baseline_arguments(parser, 100, "seeds per slice")
    args = parser.parse_args()
    if args.baseline:
        baseline_run(args.baseline, args.rounds, args.slice_games)
        return
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
