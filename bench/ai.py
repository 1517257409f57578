"""The computer players' ladder: each level's win rate against the others, and its move time.

    nice -n 10 python bench/ai.py [--scale 1.0] [--workers 1] [--minutes 45]
        [--out /tmp/ai-ladder.jsonl] [--only NAME]
    python bench/ai.py --report /tmp/ai-ladder.jsonl

Every game is seeded (the game's seed and each player's), and the seats are rotated from game to
game so that no level keeps the dealer's or the first player's seat. Ladder games end with their
first round (a target of 1 point): whole games to 500 points take many rounds, and the hard
player's search makes thousands of them too slow for one evening on two cores. Under twist a
round's winner is the team that went out.

Printed per matchup: games, the share of games the first level's side won with its 95% Wilson
interval; per level, move time p50 and p99. Every decision is timed in the CPU time of its worker
process (one core), so the figures hold on a machine shared with other work; the load average is
kept with the results all the same.

The ladder is played in passes: each pass plays the next slice of every matchup's games, so a run
stopped by --minutes has played every matchup, the goals' first, as far as it got. Results are
appended, one line per slice, to --out as they finish, so a long run can be read while it goes on
(--report adds the slices up).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games.odds import percentile
from bot.games.odds import wilson_interval
from bot.games.uno.ai import computer_player
from bot.games.uno.ai.arena import play_game
from bot.games.uno.ruleset import CLASSIC
from bot.games.uno.ruleset import OFFICIAL
from bot.games.uno.ruleset import TWIST
from bot.games.uno.ruleset import Ruleset

RULESETS: dict[str, Ruleset] = {
    "official": OFFICIAL.with_target(1),
    "classic": CLASSIC.with_target(1),
    "twist partners": TWIST.with_options(teams="partners").with_target(1),
}
RLCARD = "rlcard-rule-v1"


@dataclass(frozen=True)
class Matchup:
    """`level` against `other`: heads-up (2 seats), one against three (4 seats, `level` alone),
    or twist partners (4 seats, two of each, partners across)."""

    ruleset: str
    seats: int
    level: str
    other: str
    games: int
    alone: bool = False

    @property
    def name(self) -> str:
        shape = "heads-up" if self.seats == 2 else ("1 v 3" if self.alone else "2 v 2")
        return f"{self.ruleset} {shape}: {self.level} v {self.other}"

    def layout(self, game: int) -> list[str]:
        if self.seats == 2:
            return [self.level, self.other] if game % 2 == 0 else [self.other, self.level]
        if self.alone:
            seats = [self.other] * self.seats
            seats[game % self.seats] = self.level
            return seats
        first, second = (self.level, self.other) if game % 2 == 0 else (self.other, self.level)
        return [first if seat % 2 == 0 else second for seat in range(self.seats)]


def ladder(scale: float) -> list[Matchup]:
    def n(games: int) -> int:
        return max(20, int(games * scale))

    # The goals first, then each level against the others and the outside baseline.
    found = [
        Matchup("official", 2, "hard", "normal", n(1200)),
        Matchup("official", 4, "hard", "normal", n(600), alone=True),
        Matchup("official", 2, "normal", "easy", n(3000)),
    ]
    for name in ("official", "classic"):
        if name == "classic":
            found += [
                Matchup(name, 2, "hard", "normal", n(300)),
                Matchup(name, 2, "normal", "easy", n(2000)),
                Matchup(name, 4, "hard", "normal", n(120), alone=True),
            ]
        found += [
            Matchup(name, 2, "normal", RLCARD, n(2000)),
            Matchup(name, 2, "easy", RLCARD, n(2000)),
            Matchup(name, 2, "hard", "easy", n(100)),
            Matchup(name, 2, "hard", RLCARD, n(200)),
        ]
    found += [
        Matchup("official", 4, "normal", "easy", n(2000), alone=True),
        Matchup("official", 4, "normal", RLCARD, n(2000), alone=True),
        Matchup("twist partners", 4, "hard", "normal", n(200)),
        Matchup("twist partners", 4, "normal", "easy", n(2000)),
        Matchup("twist partners", 4, "normal", RLCARD, n(2000)),
        Matchup("twist partners", 4, "easy", RLCARD, n(2000)),
    ]
    return found


def play_one(task: tuple[Matchup, int]) -> tuple[bool, dict[str, list[float]]]:
    """Did `level`'s side win game `game` of the matchup; each level's move times."""
    matchup, game = task
    seats = matchup.layout(game)
    seed = 1_000_003 * game + 17
    players = [computer_player(level, seed + seat) for seat, level in enumerate(seats)]
    result = play_game(RULESETS[matchup.ruleset], players, seed, clock=time.process_time)
    won = any(seats[seat] == matchup.level for seat in result.winners)
    times: dict[str, list[float]] = {}
    for seat, spent in enumerate(result.times):
        times.setdefault(seats[seat], []).extend(spent)
    return won, times


def slices(matchups: list[Matchup], passes: int, first: int = 0) -> Iterator[tuple[Matchup, range]]:
    """Each matchup's games (numbered from `first`) cut into `passes` slices, pass after pass."""
    for index in range(passes):
        for matchup in matchups:
            size = math.ceil(matchup.games / passes)
            games = range(first + index * size, first + min(matchup.games, (index + 1) * size))
            if games:
                yield matchup, games


def run(matchups: list[Matchup], workers: int, out: Path, minutes: float, passes: int, first: int) -> None:
    stop = time.monotonic() + minutes * 60 if minutes else math.inf
    with Pool(workers) as pool:
        for matchup, games in slices(matchups, passes, first):
            if time.monotonic() > stop:
                print("Out of time: the report below covers the games played.", flush=True)
                return
            start = time.perf_counter()
            wins = 0
            times: dict[str, list[float]] = {}
            tasks = [(matchup, game) for game in games]
            for won, spent in pool.imap_unordered(play_one, tasks, chunksize=4):
                wins += won
                for level, values in spent.items():
                    times.setdefault(level, []).extend(values)
            row = {
                "name": matchup.name,
                "first_game": games.start,
                "games": len(games),
                "wins": wins,
                "seconds": round(time.perf_counter() - start, 1),
                "load": round(os.getloadavg()[0], 2),
                # Milliseconds to a hundredth: percentiles of several slices are taken over all.
                "times": {level: [round(t * 1000, 2) for t in v] for level, v in times.items()},
            }
            with out.open("a") as file:
                file.write(json.dumps(row) + "\n")
            print(line(row), flush=True)


def line(row: dict[str, Any]) -> str:
    wins, games = int(row["wins"]), int(row["games"])
    low, high = wilson_interval(wins, games)
    return (
        f"{row['name']:<45} {games:>5} games  {wins / games:6.1%}  "
        f"[{low:6.1%}, {high:6.1%}]  ({row['seconds']} s, load {row['load']})"
    )


def rows(path: Path) -> Iterator[dict[str, Any]]:
    for text in path.read_text().splitlines():
        if text.strip():
            yield json.loads(text)


def report(path: Path) -> None:
    """The ladder as a Markdown table (slices added up), and move times per level."""
    totals: dict[str, list[int]] = {}
    times: dict[str, list[float]] = {}
    loads: list[float] = []
    for row in rows(path):
        total = totals.setdefault(row["name"], [0, 0])
        total[0] += row["wins"]
        total[1] += row["games"]
        loads.append(row["load"])
        for level, values in row["times"].items():
            times.setdefault(level, []).extend(values)
    print("| matchup | games | first level's side won | 95% interval |")
    print("|---|---|---|---|")
    for name, (wins, games) in totals.items():
        low, high = wilson_interval(wins, games)
        print(f"| {name} | {games:,} | {wins / games:.1%} | {low:.1%}-{high:.1%} |")
    print()
    print("| level | decisions timed | move time p50 | p99 |")
    print("|---|---|---|---|")
    for level, values in times.items():
        p50, p99 = percentile(values, 0.5), percentile(values, 0.99)
        print(f"| {level} | {len(values):,} | {p50:.2f} ms | {p99:.1f} ms |")
    if loads:
        print(f"\nLoad average (1 min) while the slices ended: {min(loads)} to {max(loads)}.")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="games per matchup, scaled")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--minutes", type=float, default=0, help="stop after this long (0: never)")
    parser.add_argument("--passes", type=int, default=10, help="slices of each matchup")
    parser.add_argument(
        "--first", type=int, default=0, help="the first game's number: fresh seeds for a re-check"
    )
    parser.add_argument("--out", type=Path, default=Path("/tmp/ai-ladder.jsonl"))
    parser.add_argument("--only", default="", help="matchups whose name contains this")
    parser.add_argument("--report", type=Path, help="print the table of a finished run")
    args = parser.parse_args()
    if args.report:
        report(args.report)
        return
    matchups = [m for m in ladder(args.scale) if args.only in m.name]
    print(f"{len(matchups)} matchups, {sum(m.games for m in matchups):,} games, one round each")
    run(matchups, args.workers, args.out, args.minutes, args.passes, args.first)
    report(args.out)


if __name__ == "__main__":
    main()
