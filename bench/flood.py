"""Games per second of Survive the Flood under random legal play, per difficulty and deck.

    python bench/flood.py [--seconds 1] [--penalty-draws]
    python bench/flood.py --odds 2000 [--minutes 60] [--fill] [--workers 2]
        [--only medium,hard [--penalty off] [--deck standard]]
    python bench/flood.py --baseline REV [--rounds 10]
    python bench/flood.py --versus REV --deals 400 [--first 10000] [--only medium,hard] [--deck uno]

Each game is played to its end by a player that picks uniformly among the legal actions (never
resigning) and receives only the player's view, as the bot's UI does. The win rates of that
player and of the simple greedy player (over a fixed set of seeds) are printed beside the speed.

With `--odds N` it plays deals 0..N-1 of every difficulty x deck x penalty rule with the planner
(the Hint's player; one process; the time is shared among the cells, so a cell may stop short of
N), then rewrites bot/games/flood/odds.py (the figures /flood rules shows) and the README's table,
and prints the planner's move time percentiles. With `--fill` it plays only the cells that odds.py
holds with fewer than N deals, and keeps the others.

With `--baseline REV` it extracts REV's tree (`git archive REV | tar -x`) and times random games of
that engine and of this tree in two subprocesses, in alternating slices of the same seeds (CPU time
by time.process_time, so other processes on the machine matter less), checks that both engines
played the same games (moves, wins and events), and prints this tree's speed-up over REV.

With `--versus REV` it plays the same deals (from `--first`, penalty rule off) with REV's planner and
with this tree's, in two subprocesses fed alternating slices, and prints per cell the wins of each,
the deals only one of them won (a paired count: a sign test on those is fairer than comparing two
rates) and the CPU seconds of each. Tune on deals other than 0..N-1, which the odds table publishes.
"""

from __future__ import annotations

import argparse
import multiprocessing
import multiprocessing.pool
import random
import sys
import time
from collections import deque
from collections.abc import Iterator
from itertools import islice
from multiprocessing.pool import AsyncResult
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.slices import SliceWorker
from bench.slices import add_baseline_arguments
from bench.slices import revision_tree
from bot.games.flood import DeckKind
from bot.games.flood import Difficulty
from bot.games.flood import FloodGame
from bot.games.flood import FloodOptions
from bot.games.flood import GreedyPlayer
from bot.games.flood import Planner
from bot.games.flood import Player
from bot.games.flood import RandomPlayer
from bot.games.flood import play_out
from bot.games.odds import WinRate
from bot.games.odds import percentile

ROOT = Path(__file__).resolve().parent.parent
ODDS_MODULE = ROOT / "bot" / "games" / "flood" / "odds.py"
README = ROOT / "README.md"
README_START = "<!-- flood-odds:start -->"
README_END = "<!-- flood-odds:end -->"
Cell = tuple[Difficulty, DeckKind, bool]


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


def cells() -> Iterator[Cell]:
    """The cells the issue asks for first (penalty rule off), then the rest."""
    for penalty in (False, True):
        for deck in (DeckKind.STANDARD, DeckKind.UNO):
            for difficulty in Difficulty:
                yield difficulty, deck, penalty


def player_deals(
    cell: Cell, deals: int, seconds: float, move_times: list[float], workers: int = 1
) -> WinRate:
    """The planner's wins over deals 0..deals-1 of `cell`, stopping after about `seconds`; with
    several workers, slices of deals go to each in turn and the deals are counted in order, so a
    cell cut short still holds deals 0..n-1."""
    deadline = time.perf_counter() + seconds
    slices = [(cell, first, min(first + SLICE, deals)) for first in range(0, deals, SLICE)]

    def due() -> Iterator[tuple[Cell, int, int]]:
        for job in slices:
            if time.perf_counter() >= deadline:
                return
            yield job

    wins = played = 0
    with multiprocessing.Pool(workers) as pool:
        for won, count, times in in_order(pool, workers, due()):
            wins, played = wins + won, played + count
            move_times += times
    return WinRate(wins, played)


SliceResult = tuple[int, int, list[float]]


def in_order(
    pool: multiprocessing.pool.Pool, workers: int, jobs: Iterator[tuple[Cell, int, int]]
) -> Iterator[SliceResult]:
    """`play_slice` of each job, in the jobs' order, with at most `workers` jobs handed out at a
    time: a job is taken from `jobs` only when a worker is free, so `jobs` can stop at a deadline
    (Pool.imap takes every job at once, before the first deal is played)."""
    running: deque[AsyncResult[SliceResult]] = deque(
        pool.apply_async(play_slice, (job,)) for job in islice(jobs, workers)
    )
    while running:
        yield running.popleft().get()
        running.extend(pool.apply_async(play_slice, (job,)) for job in islice(jobs, 1))


SLICE = 20


def play_slice(job: tuple[Cell, int, int]) -> tuple[int, int, list[float]]:
    """Wins, deals and move CPU times of the planner on deals first..end-1 of a cell."""
    (difficulty, deck, penalty), first, end = job
    options = FloodOptions.make(difficulty, deck, penalty_draws=penalty)
    player = Planner()
    wins = 0
    move_times: list[float] = []
    for seed in range(first, end):
        game, _ = FloodGame.new(options, seed)
        while not game.is_over:
            view = game.view()
            start = time.process_time()
            action = player.choose(view)
            move_times.append(time.process_time() - start)
            game.apply(action)
        wins += game.won
    return wins, end - first, move_times


def write_odds(odds: dict[Cell, WinRate]) -> None:
    odds = {cell: odds[cell] for cell in cells() if cell in odds}  # kept cells and played ones in turn
    rows = "".join(
        f'    ("{d.value}", "{k.value}", {p}): WinRate({r.wins}, {r.deals}),\n'
        for (d, k, p), r in odds.items()
        if r.deals
    )
    ODDS_MODULE.write_text(
        '"""How often the planner (Planner, the Hint in /flood) wins each difficulty, deck and penalty\n'
        "rule.\n\n"
        "Written by `python bench/flood.py --odds N`; do not edit by hand.\n"
        '"""\n\n'
        "from bot.games.odds import WinRate\n\n"
        "# (difficulty, deck, penalty rule on): wins of deals 0..deals-1\n"
        f"PLAYER_ODDS: dict[tuple[str, str, bool], WinRate] = {{\n{rows}}}\n"
    )
    table = [
        "| difficulty | deck | penalty rule | planner wins | 95% interval | deals |",
        "|---|---|---|---|---|---|",
    ]
    for (d, k, p), r in odds.items():
        if not r.deals:
            continue
        low, high = r.interval()
        table.append(
            f"| {d.value} | {k.value} | {'on' if p else 'off'} | {r.rate:.1%} | "
            f"{low:.1%}-{high:.1%} | {r.deals:,} |"
        )
    text = README.read_text()
    head, _, rest = text.partition(README_START)
    _, _, tail = rest.partition(README_END)
    README.write_text(f"{head}{README_START}\n" + "\n".join(table) + f"\n{README_END}{tail}")


def odds_run(
    deals: int, minutes: float, fill: bool = False, workers: int = 1, only: set[Cell] | None = None
) -> None:
    """Every cell's odds; with `fill`, only the cells that bot/games/flood/odds.py holds with fewer
    than `deals` deals are played (again, from deal 0), the others kept as they are; with `only`,
    just those cells are played and the others kept."""
    odds: dict[Cell, WinRate] = {}
    if fill or only is not None:
        from bot.games.flood.odds import PLAYER_ODDS

        for cell in cells():
            held = PLAYER_ODDS.get((cell[0].value, cell[1].value, cell[2]))
            skip = only is not None and cell not in only
            if held is not None and (skip or (fill and held.deals >= deals)):
                odds[cell] = held
    todo = [cell for cell in cells() if cell not in odds]
    odds |= {cell: WinRate(0, 0) for cell in todo}  # the table keeps its order
    move_times: list[float] = []
    end = time.perf_counter() + minutes * 60
    for done, cell in enumerate(todo):
        share = (end - time.perf_counter()) / (len(todo) - done)
        odds[cell] = player_deals(cell, deals, share, move_times, workers)
        write_odds(odds)
        difficulty, deck, penalty = cell
        print(
            f"{difficulty.value:<14} {deck.value:<8} penalty {'on ' if penalty else 'off'} {odds[cell]}",
            flush=True,
        )
    print(
        f"planner move CPU time: p50 {percentile(move_times, 0.5) * 1000:.1f} ms, "
        f"p99 {percentile(move_times, 0.99) * 1000:.1f} ms, "
        f"max {max(move_times, default=0.0) * 1000:.1f} ms over {len(move_times):,} moves"
    )


# The worker that times one tree's engine: it uses only what every revision's bot.games.flood
# offers. Each request line "first count" plays seeds first..first+count-1 of every difficulty x
# deck and answers "cpu_seconds moves wins events_digest".
SLICE_WORKER = """
import hashlib, random, sys, time
from bot.games.flood import DeckKind, Difficulty, FloodGame, FloodOptions, RandomPlayer
cells = [FloodOptions.make(d, k) for d in Difficulty for k in DeckKind]
for line in sys.stdin:
    first, count = map(int, line.split())
    moves = wins = 0
    played = []  # every move's events, compared once the clock is stopped
    start = time.process_time()
    for options in cells:
        for seed in range(first, first + count):
            game, events = FloodGame.new(options, seed)
            player = RandomPlayer(random.Random(seed))
            while not game.is_over:
                played.append(game.apply(player.choose(game.view())))
            wins += game.won
    cpu = time.process_time() - start
    digest = hashlib.sha256(repr(played).encode()).hexdigest()[:16]
    print(cpu, len(played), wins, digest, flush=True)
"""


def _slice(worker: SliceWorker, first: int, count: int) -> tuple[float, int, int, str]:
    cpu, moves, wins, digest = worker.run(first, count)
    return float(cpu), int(moves), int(wins), digest


def baseline_run(revision: str, rounds: int, games: int) -> None:
    with revision_tree(revision, ROOT, "flood-baseline-") as tree:
        workers = {"baseline": SliceWorker(SLICE_WORKER, tree), "current": SliceWorker(SLICE_WORKER, ROOT)}
        cpu = {"baseline": 0.0, "current": 0.0}
        played = 0
        try:
            for round_ in range(rounds):
                first = round_ * games
                # Alternate which tree goes first, so neither always gets the warmer machine.
                order = ["baseline", "current"] if round_ % 2 == 0 else ["current", "baseline"]
                results = {name: _slice(workers[name], first, games) for name in order}
                if results["baseline"][1:] != results["current"][1:]:
                    raise SystemExit(f"the engines played seeds {first}.. differently: {results}")
                for name, result in results.items():
                    cpu[name] += result[0]
                played += results["current"][1]
                print(
                    f"slice {round_ + 1}/{rounds}: baseline {results['baseline'][0]:.2f} s, "
                    f"current {results['current'][0]:.2f} s CPU, same games",
                    flush=True,
                )
        finally:
            for worker in workers.values():
                worker.close()
    deals = rounds * games * 10
    print(
        f"{deals:,} random games ({played:,} moves), identical in both engines: "
        f"baseline {revision} {cpu['baseline'] / deals * 1e6:.0f} us CPU per game, "
        f"current {cpu['current'] / deals * 1e6:.0f} us; current is "
        f"{cpu['baseline'] / cpu['current']:.2f}x as fast"
    )


# The worker that plays one tree's planner: each request line "difficulty deck first count" (the
# enums' positions) answers "cpu_seconds wins" with wins a string of 0 and 1, one per deal.
VERSUS_WORKER = """
import sys, time
from bot.games.flood import DeckKind, Difficulty, FloodGame, FloodOptions, Planner
for line in sys.stdin:
    difficulty, deck, first, count = map(int, line.split())
    options = FloodOptions.make(list(Difficulty)[difficulty], list(DeckKind)[deck])
    won = []
    start = time.process_time()
    for seed in range(first, first + count):
        game, _ = FloodGame.new(options, seed)
        player = Planner()
        while not game.is_over:
            game.apply(player.choose(game.view()))
        won.append("1" if game.won else "0")
    print(time.process_time() - start, "".join(won), flush=True)
"""


def versus_run(
    revision: str, difficulties: list[Difficulty], decks: list[DeckKind], deals: int, first: int, games: int
) -> None:
    """REV's planner and this tree's on the same deals of each difficulty and deck."""
    with revision_tree(revision, ROOT, "flood-versus-") as tree:
        workers = {"baseline": SliceWorker(VERSUS_WORKER, tree), "current": SliceWorker(VERSUS_WORKER, ROOT)}
        try:
            for difficulty in difficulties:
                for deck in decks:
                    versus_cell(workers, difficulty, deck, range(first, first + deals, games), games)
        finally:
            for worker in workers.values():
                worker.close()


def versus_cell(
    workers: dict[str, SliceWorker], difficulty: Difficulty, deck: DeckKind, starts: range, games: int
) -> None:
    cpu = {name: 0.0 for name in workers}
    won = {name: "" for name in workers}
    cell = (list(Difficulty).index(difficulty), list(DeckKind).index(deck))
    for n, start in enumerate(starts):
        count = min(games, starts.stop - start)
        # Alternate which tree goes first, so neither always gets the warmer machine.
        for name in sorted(workers, reverse=n % 2 == 1):
            seconds, wins = workers[name].run(*cell, start, count)
            cpu[name] += float(seconds)
            won[name] += wins
    base, current = won["baseline"], won["current"]
    only_current = sum(c == "1" and b == "0" for b, c in zip(base, current, strict=True))
    only_base = sum(b == "1" and c == "0" for b, c in zip(base, current, strict=True))
    rates = {name: WinRate(w.count("1"), len(w)) for name, w in won.items()}
    print(
        f"{difficulty.value:<14} {deck.value:<8} deals {starts.start}-{starts.stop - 1}: "
        f"baseline {rates['baseline']}, current {rates['current']}; won only by current "
        f"{only_current}, only by baseline {only_base}; CPU {cpu['baseline']:.1f} s against "
        f"{cpu['current']:.1f} s",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--odds", type=int, default=0, help="deals per cell for the odds table")
    parser.add_argument("--minutes", type=float, default=60.0, help="time for the odds table")
    parser.add_argument(
        "--fill", action="store_true", help="with --odds: play only the cells short of N deals"
    )
    parser.add_argument("--workers", type=int, default=1, help="with --odds: processes (at most 2)")
    parser.add_argument(
        "--only",
        help="with --odds: play only these difficulties (comma-separated), keep the other cells",
    )
    parser.add_argument(
        "--penalty", choices=("off", "on", "both"), default="both", help="with --only: which rule"
    )
    parser.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    parser.add_argument("--greedy-games", type=int, default=100, help="games for the greedy rate")
    parser.add_argument("--penalty-draws", action="store_true", help="turn on the F14 table rule")
    add_baseline_arguments(parser, 20, "seeds per cell in a slice")
    parser.add_argument("--versus", metavar="REV", help="play REV's planner against this tree's")
    parser.add_argument("--deals", type=int, default=400, help="with --versus: deals per cell")
    parser.add_argument("--first", type=int, default=10000, help="with --versus: first deal")
    parser.add_argument(
        "--deck", choices=[k.value for k in DeckKind], help="with --versus or --only: this deck only"
    )
    args = parser.parse_args()
    if args.baseline:
        baseline_run(args.baseline, args.rounds, args.slice_games)
        return
    if args.versus:
        names = set(args.only.split(",")) if args.only else {d.value for d in Difficulty}
        chosen = [d for d in Difficulty if d.value in names]
        decks = [k for k in DeckKind if args.deck in (None, k.value)]
        versus_run(args.versus, chosen, decks, args.deals, args.first, args.slice_games)
        return
    if args.odds:
        only = None
        if args.only:
            names = set(args.only.split(","))
            rules = {"off": (False,), "on": (True,), "both": (False, True)}[args.penalty]
            decks = [k for k in DeckKind if args.deck in (None, k.value)]
            only = {c for c in cells() if c[0].value in names and c[1] in decks and c[2] in rules}
        odds_run(args.odds, args.minutes, args.fill, args.workers, only)
        return
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
