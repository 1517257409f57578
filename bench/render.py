"""How long the card pictures take to draw and how many bytes they weigh.

    python bench/render.py [--runs 200]

Each picture is drawn `runs` times after one warm-up draw (which fills the sprite caches, as the
bot's first picture does); the figures are the median and the 99th percentile of one draw,
PNG encoding included. Two clocks: the worker thread's own CPU time (what the draw costs on one
core, whatever else the machine runs) and the wall clock (what a player waits for on this machine
as loaded now: the load average is printed with it). Goals: p99 under 40 ms for a 25-card hand
on one core, every picture under 200 KB (Discord shows it inline either way; smaller is faster
on a phone). The cold line is the 25-card hand drawn once with every sprite cache empty, as the
bot's very first picture is.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games.flood import FloodGame
from bot.games.flood import FloodOptions
from bot.games.flood import FloodView
from bot.games.flood import Play
from bot.games.flood.cards import ALL_CARDS
from bot.games.puzzles import DuelGame
from bot.games.puzzles import practice_puzzle
from bot.games.puzzles.actions import PlayCard
from bot.games.tableau.geometry import Slot
from bot.games.tableau.geometry import row_width
from bot.games.tableau.view import ActionPileView
from bot.games.tableau.view import ColourFoundationView
from bot.games.tableau.view import SlotView
from bot.games.tableau.view import TableauView
from bot.games.uno.cards import Card
from bot.games.uno.cards import Colour
from bot.games.uno.cards import Face
from bot.render.images import cards
from bot.render.images import uno
from bot.render.images.flood import flood_picture
from bot.render.images.puzzle import chain_picture
from bot.render.images.puzzle import duel_picture
from bot.render.images.tableau import tableau_picture
from bot.render.images.uno import Picture
from bot.render.images.uno import PublicSeat
from bot.render.images.uno import PublicTable
from bot.render.images.uno import encode
from bot.render.images.uno import hand_picture
from bot.render.images.uno import sample_hand
from bot.render.images.uno import table_picture


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


class Figures:
    """One picture's draws: CPU and wall milliseconds, and the PNG's bytes."""

    def __init__(self, draw: Callable[[], Picture], runs: int) -> None:
        picture = draw()
        cpu, wall = [], []
        for _ in range(runs):
            start_cpu, start_wall = time.thread_time(), time.perf_counter()
            picture = draw()
            cpu.append((time.thread_time() - start_cpu) * 1000)
            wall.append((time.perf_counter() - start_wall) * 1000)
        self.cpu50, self.cpu99 = percentiles(cpu)
        self.wall50, self.wall99 = percentiles(wall)
        self.size = len(picture.png)


def percentiles(times: list[float]) -> tuple[float, float]:
    times = sorted(times)
    return statistics.median(times), times[min(len(times) - 1, round(0.99 * (len(times) - 1)))]


def flood_view() -> FloodView:
    """A flood game whose hand has grown to 25 cards (a third of them playable), with a reserve."""
    view = FloodGame.new(FloodOptions.make("easy", "uno"), 7)[0].view()
    hand = tuple(card for card in ALL_CARDS if card.suit is not None and card.suit.is_uno)[:25]
    return view._replace(hand=hand, legal=tuple(Play(card) for card in hand[::3]))


def cold_hand() -> float:
    """The 25-card hand drawn with every cache empty, in ms of CPU."""
    for cached in (cards.font, cards.uno_face, cards.playing_face, cards.back, cards.scaled, cards.dimmed):
        cached.cache_clear()
    uno.hand_cell.cache_clear()
    uno.position_chip.cache_clear()
    start = time.thread_time()
    hand_picture(sample_hand(25), frozenset(range(0, 25, 3)))
    return (time.thread_time() - start) * 1000


def blank_canvas() -> Picture:
    """The baseline, measured in the same run: a transparent canvas the size of a 25-card hand,
    encoded as the pictures are. What a picture costs beyond it is the drawing."""
    return encode(Image.new("RGBA", (914, 518), (0, 0, 0, 0)), "blank.png", "")


def cases() -> list[tuple[str, Callable[[], Picture]]]:
    tableau = nine_row_tableau()
    table = ten_seat_table()
    flood = flood_view()
    puzzle = practice_puzzle(3, 40).game()
    for card in puzzle.solution()[:20]:
        puzzle.apply(PlayCard(card))
    chain, left, can_play = tuple(puzzle.chain), puzzle.left, puzzle.playable_cards()
    duel = DuelGame.new(5, 20)
    return [
        ("7-card hand", lambda: hand_picture(sample_hand(7), frozenset({0, 3}))),
        ("25-card hand", lambda: hand_picture(sample_hand(25), frozenset(range(0, 25, 3)))),
        ("60-card hand", lambda: hand_picture(sample_hand(60), frozenset(range(0, 60, 4)))),
        ("10-seat table", lambda: table_picture(table)),
        ("9-row tableau", lambda: tableau_picture(tableau)),
        (f"flood {len(flood.hand)} cards", lambda: flood_picture(flood)),
        ("40-card chain", lambda: chain_picture("Practice", chain, left, can_play)),
        ("duel 20 + 20", lambda: duel_picture(duel.hand(0), duel.hand(1), None, duel.hand(0), "Your turn")),
    ]


def load() -> str:
    return "load average " + " ".join(f"{n:.2f}" for n in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=200)
    runs = parser.parse_args().runs
    print(f"{time.strftime('%Y-%m-%d %H:%M')} · {os.cpu_count()} cores · {load()} (before)")
    print(f"cold 25-card hand (empty caches): {cold_hand():.1f} ms CPU")
    base = Figures(blank_canvas, runs)
    print(f"baseline (blank 914x518 canvas encoded): CPU p50 {base.cpu50:.1f} ms, p99 {base.cpu99:.1f} ms")
    print(f"{'picture':<16}{'CPU p50':>9}{'CPU p99':>9}{'wall p50':>10}{'wall p99':>10}{'KB':>8}   goal")
    failures = 0
    for name, draw in cases():
        f = Figures(draw, runs)
        goals = []
        if name == "25-card hand":
            goals.append("p99 < 40 ms on one core " + ("ok" if f.cpu99 < 40 else "MISSED"))
            failures += f.cpu99 >= 40
        goals.append("< 200 KB " + ("ok" if f.size < 200_000 else "MISSED"))
        failures += f.size >= 200_000
        print(
            f"{name:<16}{f.cpu50:>9.1f}{f.cpu99:>9.1f}{f.wall50:>10.1f}{f.wall99:>10.1f}"
            f"{f.size / 1000:>8.1f}   {', '.join(goals)}"
        )
    print(f"{load()} (after)")
    print("all goals met" if not failures else f"{failures} goal(s) missed")


if __name__ == "__main__":
    main()
