"""How long the card pictures take to draw and how many bytes they weigh.

    python bench/render.py [--runs 200]

Each picture is drawn `runs` times after one warm-up draw (which fills the sprite caches, as the
bot's first picture does); the figures are the median and the 99th percentile of one draw,
PNG encoding included, on the one core the worker thread gets. Goals: p99 under 40 ms for a
25-card hand, every picture under 200 KB (Discord shows it inline either way; smaller is faster
on a phone).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games.tableau.geometry import Slot, row_width
from bot.games.tableau.view import ActionPileView, ColourFoundationView, SlotView, TableauView
from bot.games.uno.cards import Card, Colour, Face
from bot.render.images.tableau import tableau_picture
from bot.render.images.uno import (
    Picture,
    PublicSeat,
    PublicTable,
    encode,
    hand_picture,
    sample_hand,
    table_picture,
)


def nine_row_tableau() -> TableauView:
    """A tableau nine rows deep, every slot filled: the deepest the bot is likely to draw."""
    deck = sample_hand(120, seed=11)
    rows = []
    k = 0
    for row in range(9):
        slots = []
        for index in range(row_width(row)):
            slots.append(SlotView(Slot(row, index), deck[k], row == 8, ()))
            k += 1
        rows.append(tuple(slots))
    foundations = tuple(
        ColourFoundationView(c, 3, Card.of(c, Face.SEVEN), Card.of(c, Face.SIX)) for c in Colour
    )
    return TableauView(
        tuple(rows),
        foundations,
        ActionPileView(Card.of(Colour.RED, Face.SKIP), 4),
        Card.of(Colour.BLUE, Face.FIVE),
        12,
        30,
        False,
        (),
        None,
        57,
        0,
    )


def ten_seat_table() -> PublicTable:
    seats = tuple(PublicSeat(f"Player number {i}", 3 + 3 * i, 25 * i) for i in range(10))
    return PublicTable(seats, Card.of(Colour.GREEN, Face.REVERSE), Colour.GREEN, -1, 4, 23, 0)


def measure(draw: Callable[[], Picture], runs: int) -> tuple[float, float, int]:
    picture = draw()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        picture = draw()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    p99 = times[min(len(times) - 1, round(0.99 * (len(times) - 1)))]
    return statistics.median(times), p99, len(picture.png)


def blank_canvas() -> Picture:
    """The baseline, measured in the same run: a transparent canvas the size of a 25-card hand,
    encoded as the pictures are. What a picture costs beyond it is the drawing."""
    return encode(Image.new("RGBA", (914, 518), (0, 0, 0, 0)), "blank.png", "")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=200)
    runs = parser.parse_args().runs
    tableau = nine_row_tableau()
    table = ten_seat_table()
    cases: list[tuple[str, Callable[[], Picture]]] = [
        ("7-card hand", lambda: hand_picture(sample_hand(7), frozenset({0, 3}))),
        ("25-card hand", lambda: hand_picture(sample_hand(25), frozenset(range(0, 25, 3)))),
        ("60-card hand", lambda: hand_picture(sample_hand(60), frozenset(range(0, 60, 4)))),
        ("10-seat table", lambda: table_picture(table)),
        ("9-row tableau", lambda: tableau_picture(tableau)),
    ]
    base50, base99, _ = measure(blank_canvas, runs)
    print(f"baseline (blank 914x518 canvas encoded): p50 {base50:.1f} ms, p99 {base99:.1f} ms")
    print(f"{'picture':<16}{'p50 ms':>9}{'p99 ms':>9}{'x base':>8}{'KB':>8}   goal")
    failures = 0
    for name, draw in cases:
        p50, p99, size = measure(draw, runs)
        goals = []
        if name == "25-card hand":
            goals.append("p99 < 40 ms " + ("ok" if p99 < 40 else "MISSED"))
            failures += p99 >= 40
        goals.append("< 200 KB " + ("ok" if size < 200_000 else "MISSED"))
        failures += size >= 200_000
        ratio = p50 / base50 if base50 else 0.0
        print(f"{name:<16}{p50:>9.1f}{p99:>9.1f}{ratio:>8.1f}{size / 1000:>8.1f}   {', '.join(goals)}")
    print("all goals met" if not failures else f"{failures} goal(s) missed")


if __name__ == "__main__":
    main()
