"""The computer players' ladder: each level's win rate against the others, and its move time.

    python bench/ai.py [--scale 1.0] [--workers 2] [--out /tmp/ai-ladder.jsonl] [--only NAME]
    python bench/ai.py --report /tmp/ai-ladder.jsonl

Every game is seeded (the game's seed and each player's), and the seats are rotated from game to
game so that no level keeps the dealer's or the first player's seat. Ladder games end with their
first round (a target of 1 point): whole games to 500 points take many rounds, and the hard
player's search makes thousands of them too slow for one evening on two cores. Under twist a
round's winner is the team that went out.

Printed per matchup: games, the share of games the first level's side won with its 95% Wilson
interval; per level, move time p50 and p99 (every decision timed, on one core per worker).
Results are appended, one line per matchup, to --out as they finish, so a long run can be read
while it goes on (--report).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games.uno.ai import computer_player
from bot.games.uno.ai.arena import play_game
from bot.games.uno.ruleset import CLASSIC, OFFICIAL, TWIST, Ruleset

Z_95 = 1.959963984540054
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

    found: list[Matchup] = []
    for name in ("official", "classic"):
        found += [
            Matchup(name, 2, "hard", "normal", n(1000 if name == "official" else 400)),
            Matchup(name, 2, "normal", "easy", n(2000)),
            Matchup(name, 2, "normal", RLCARD, n(2000)),
            Matchup(name, 2, "easy", RLCARD, n(2000)),
            Matchup(name, 2, "hard", "easy", n(200)),
            Matchup(name, 2, "hard", RLCARD, n(300)),
        ]
    found += [
        Matchup("official", 4, "hard", "normal", n(400), alone=True),
        Matchup("official", 4, "normal", "easy", n(2000), alone=True),
        Matchup("classic", 4, "hard", "normal", n(200), alone=True),
        Matchup("twist partners", 4, "hard", "normal", n(300)),
        Matchup("twist partners", 4, "normal", "easy", n(2000)),
        Matchup("twist partners", 4, "normal", RLCARD, n(2000)),
    ]
    return found


def play_one(task: tuple[Matchup, int]) -> tuple[bool, dict[str, list[float]]]:
    """Did `level`'s side win game `game` of the matchup; each level's move times."""
    matchup, game = task
    seats = matchup.layout(game)
    seed = 1_000_003 * game + 17
    players = [computer_player(level, seed + seat) for seat, level in enumerate(seats)]
    result = play_game(RULESETS[matchup.ruleset], players, seed)
    won = any(seats[seat] == matchup.level for seat in result.winners)
    times: dict[str, list[float]] = {}
    for seat, spent in enumerate(result.times):
        times.setdefault(seats[seat], []).extend(spent)
    return won, times


def wilson_interval(wins: int, games: int, z: float = Z_95) -> tuple[float, float]:
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


def run(matchups: list[Matchup], workers: int, out: Path) -> None:
    with Pool(workers) as pool:
        for matchup in matchups:
            start = time.perf_counter()
            wins = 0
            times: dict[str, list[float]] = {}
            tasks = [(matchup, game) for game in range(matchup.games)]
            for won, spent in pool.imap_unordered(play_one, tasks, chunksize=4):
                wins += won
                for level, values in spent.items():
                    times.setdefault(level, []).extend(values)
            row = {
                "name": matchup.name,
                "ruleset": matchup.ruleset,
                "seats": matchup.seats,
                "level": matchup.level,
                "other": matchup.other,
                "alone": matchup.alone,
                "games": matchup.games,
                "wins": wins,
                "seconds": round(time.perf_counter() - start, 1),
                "times": {
                    level: [len(v), percentile(v, 0.5), percentile(v, 0.99)]
                    for level, v in times.items()
                },
            }
            with out.open("a") as file:
                file.write(json.dumps(row) + "\n")
            print(line(row), flush=True)


def line(row: dict[str, object]) -> str:
    wins, games = int(row["wins"]), int(row["games"])  # type: ignore[call-overload]
    low, high = wilson_interval(wins, games)
    return (
        f"{row['name']:<45} {games:>5} games  {wins / games:6.1%}  "
        f"[{low:6.1%}, {high:6.1%}]  ({row['seconds']} s)"
    )


def rows(path: Path) -> Iterator[dict[str, object]]:
    for text in path.read_text().splitlines():
        if text.strip():
            yield json.loads(text)


def report(path: Path) -> None:
    """The ladder as a Markdown table, and move times per level over every game."""
    print("| matchup | games | first level's side won | 95% interval |")
    print("|---|---|---|---|")
    pooled: dict[str, list[tuple[int, float, float]]] = {}
    for row in rows(path):
        wins, games = int(row["wins"]), int(row["games"])  # type: ignore[call-overload]
        low, high = wilson_interval(wins, games)
        print(f"| {row['name']} | {games:,} | {wins / games:.1%} | {low:.1%}-{high:.1%} |")
        for level, (count, p50, p99) in row["times"].items():  # type: ignore[attr-defined]
            pooled.setdefault(level, []).append((count, p50, p99))
    print()
    print("| level | decisions timed | move time p50 (worst matchup) | p99 (worst matchup) |")
    print("|---|---|---|---|")
    for level, entries in pooled.items():
        count = sum(c for c, _, _ in entries)
        p50 = max(p for _, p, _ in entries)
        p99 = max(p for _, _, p in entries)
        print(f"| {level} | {count:,} | {p50 * 1000:.2f} ms | {p99 * 1000:.1f} ms |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="games per matchup, scaled")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("/tmp/ai-ladder.jsonl"))
    parser.add_argument("--only", default="", help="matchups whose name contains this")
    parser.add_argument("--report", type=Path, help="print the table of a finished run")
    args = parser.parse_args()
    if args.report:
        report(args.report)
        return
    matchups = [m for m in ladder(args.scale) if args.only in m.name]
    print(f"{len(matchups)} matchups, {sum(m.games for m in matchups):,} games, one round each")
    run(matchups, args.workers, args.out)
    report(args.out)


if __name__ == "__main__":
    main()
