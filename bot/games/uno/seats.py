"""Turn order: seats are numbered 0..n-1 clockwise ("left" is +1); play goes along the
direction (1 or -1) and passes over eliminated seats (C7)."""

from __future__ import annotations

from collections.abc import Sequence


def seat_after(seat: int, steps: int, direction: int, eliminated: Sequence[bool]) -> int:
    """`steps` seats on from `seat` along the direction of play, passing over eliminated seats."""
    count = len(eliminated)
    for _ in range(steps):
        seat = (seat + direction) % count
        while eliminated[seat]:
            seat = (seat + direction) % count
    return seat
