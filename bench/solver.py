"""Speed of the puzzle solvers (bot/games/solver) beside a plain search, on random hands.

    .venv/bin/python bench/solver.py            # about a minute
    .venv/bin/python bench/solver.py --quick    # fewer hands, for a smoke run

Uno-1 (rule P1): hands drawn from the real deck's 76 number cards (4 colours, 0-9, copies as in
the deck) and sparse hands (20 colours x 20 numbers, each card drawn uniformly, copies allowed).
Uniform draws are nearly always playable beyond 20 cards, so unplayable hands are also drawn
with random colour and number weights (skewed hands) until each size has its share or the draws
run out. Each solver time is the best of three runs of the same hand (the machine is shared);
the plain backtracking search over individual cards runs once with a time limit, and its
answers, when it finishes, are checked against the solver's.

Duel (rule P2): two hands of 100 cards each, answered from the start by maximum matching.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games.solver.cards import Card
from bot.games.solver.cards import real_deck_number_cards
from bot.games.solver.duel import perfect_duel_move
from bot.games.solver.duel import solve_duel
from bot.games.solver.reference import SearchTimeout
from bot.games.solver.reference import backtrack_uno1
from bot.games.solver.uno1 import count_uno1_orders
from bot.games.solver.uno1 import is_playable_order
from bot.games.solver.uno1 import solve_uno1

BACKTRACK_LIMIT = 0.02


def best_of(runs: int, work: Callable[[], object]) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(runs):
        start = time.perf_counter()
        result = work()
        best = min(best, time.perf_counter() - start)
    return best, result


def skewed_draw(rng: random.Random, pool: Sequence[Card], size: int) -> list[Card]:
    """`size` cards of `pool` without replacement, favouring random colours and numbers."""
    colour_weight = {card.colour: rng.expovariate(1.0) for card in pool}
    number_weight = {card.number: rng.expovariate(1.0) for card in pool}
    left = list(pool)
    hand: list[Card] = []
    for _ in range(size):
        weights = [colour_weight[c.colour] * number_weight[c.number] for c in left]
        hand.append(left.pop(rng.choices(range(len(left)), weights)[0]))
    return hand


def collect(
    rng: random.Random,
    uniform: Callable[[], list[Card]],
    skewed: Callable[[], list[Card]],
    per_kind: int,
    max_draws: int,
) -> tuple[list[list[Card]], list[list[Card]]]:
    """Up to `per_kind` playable and unplayable hands (uniform draws first, then skewed ones)."""
    playable: list[list[Card]] = []
    unplayable: list[list[Card]] = []
    for draw in range(max_draws):
        hand = uniform() if draw % 2 == 0 or len(unplayable) >= per_kind else skewed()
        bucket = playable if solve_uno1(hand).playable else unplayable
        if len(bucket) < per_kind:
            bucket.append(hand)
        if len(playable) >= per_kind and len(unplayable) >= per_kind:
            break
    return playable, unplayable


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.3f}"


def report(label: str, hands: list[list[Card]]) -> None:
    if not hands:
        print(f"  {label:<12} {'none found':>10}")
        return
    ours: list[float] = []
    plain: list[float] = []
    timeouts = disagreements = 0
    for hand in hands:
        seconds, answer = best_of(3, lambda hand=hand: solve_uno1(hand))
        assert answer is not None
        ours.append(seconds)
        playable = answer.playable  # type: ignore[attr-defined]
        if playable:
            assert is_playable_order(hand, answer.order)  # type: ignore[attr-defined]
        start = time.perf_counter()
        try:
            found = backtrack_uno1(hand, BACKTRACK_LIMIT)
        except SearchTimeout:
            timeouts += 1
            plain.append(BACKTRACK_LIMIT)
            continue
        plain.append(time.perf_counter() - start)
        disagreements += (found is not None) != playable
    print(
        f"  {label:<12} {len(hands):>5}  {ms(statistics.median(ours))} {ms(max(ours))}"
        f"   {ms(statistics.median(plain))} {ms(max(plain))}  {timeouts:>4}/{len(hands):<4}"
        f"{'  DISAGREE ' + str(disagreements) if disagreements else ''}"
    )


def header(title: str) -> None:
    print(f"\n{title}")
    print(f"  {'hands':<12} {'count':>5}  {'solver ms':>8} {'':>8}   {'backtracking ms':>17}  timeouts")
    print(
        f"  {'':<12} {'':>5}  {'median':>8} {'worst':>8}   {'median':>8} {'worst':>8}  "
        f"(limit {BACKTRACK_LIMIT * 1000:.0f} ms)"
    )


def bench_real_deck(rng: random.Random, per_kind: int) -> None:
    deck = list(real_deck_number_cards())
    header("Uno-1, real-deck number cards (4 colours x 0-9)")
    for size in (10, 20, 30, 40, 60, 76):
        if size == len(deck):
            playable, unplayable = [list(deck)] * per_kind, []
        else:
            playable, unplayable = collect(
                rng,
                lambda size=size: rng.sample(deck, size),
                lambda size=size: skewed_draw(rng, deck, size),
                per_kind,
                max_draws=40 * per_kind,
            )
        report(f"{size} playable", playable)
        report(f"{size} not", unplayable)


def bench_sparse(rng: random.Random, per_kind: int) -> None:
    kinds = [Card(colour, number) for colour in range(20) for number in range(20)]
    header("Uno-1, sparse hands (20 colours x 20 numbers, copies allowed)")
    for size in (40, 60, 80, 100):
        playable, unplayable = collect(
            rng,
            lambda size=size: [rng.choice(kinds) for _ in range(size)],
            lambda size=size: skewed_draw(rng, kinds * 2, size),
            per_kind,
            max_draws=20 * per_kind,
        )
        report(f"{size} playable", playable)
        report(f"{size} not", unplayable)


def bench_duel(rng: random.Random, rounds: int) -> None:
    print("\nDuel (P2): two hands of 100 cards each, winner and winning openings from the start")
    for label, colours, numbers in (("20x20 values", 20, 20), ("4x10 values", 4, 10)):
        start_times: list[float] = []
        move_times: list[float] = []
        first_wins = 0
        for _ in range(rounds):
            hands = [
                [Card(rng.randrange(colours), rng.randrange(numbers)) for _ in range(100)] for _ in range(2)
            ]
            seconds, answer = best_of(3, lambda hands=hands: solve_duel(hands[0], hands[1]))
            start_times.append(seconds)
            first_wins += answer.first_player_wins  # type: ignore[attr-defined]
            last = hands[0].pop()
            seconds, _ = best_of(3, lambda hands=hands, last=last: perfect_duel_move(hands, 1, last))
            move_times.append(seconds)
        print(
            f"  {label:<13} start: median {ms(statistics.median(start_times))} ms, worst"
            f" {ms(max(start_times))} ms; one move: median {ms(statistics.median(move_times))} ms,"
            f" worst {ms(max(move_times))} ms; first player wins {first_wins}/{rounds}"
        )


def bench_counting(rng: random.Random, rounds: int) -> None:
    deck = list(real_deck_number_cards())
    print("\nChain counting for puzzle difficulty (real deck, cap 1000)")
    for size in (8, 10, 12, 14):
        times: list[float] = []
        counts: list[int] = []
        for _ in range(rounds):
            hand = skewed_draw(rng, deck, size)
            seconds, count = best_of(1, lambda hand=hand: count_uno1_orders(hand, 1000))
            times.append(seconds)
            counts.append(count)  # type: ignore[arg-type]
        print(
            f"  {size:>2} cards: median {ms(statistics.median(times))} ms, worst {ms(max(times))} ms;"
            f" median count {statistics.median(counts):.0f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer hands per size")
    parser.add_argument("--seed", type=int, default=2024)
    options = parser.parse_args()
    per_kind = 10 if options.quick else 60
    rng = random.Random(options.seed)
    started = time.perf_counter()
    bench_real_deck(rng, per_kind)
    bench_sparse(rng, per_kind)
    bench_duel(rng, 10 if options.quick else 50)
    bench_counting(rng, 5 if options.quick else 20)
    print(f"\nbench took {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
