"""Plain searches over individual cards, with no insight from the paper.

They exist to check the real solvers (tests) and to measure them (bench/solver.py); the bot never
calls them. Each card of a hand is treated as a distinct object, copies included.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from functools import cache

from bot.games.solver.cards import Card, matches


class SearchTimeout(Exception):
    """The plain search ran past its time limit."""


def backtrack_uno1(hand: Sequence[Card], time_limit: float | None = None) -> tuple[Card, ...] | None:
    """Uno-1 by depth-first search over card orders; None when no chain plays every card."""
    cards = tuple(hand)
    size = len(cards)
    if size == 0:
        return ()
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    follows = [[j for j in range(size) if j != i and matches(cards[i], cards[j])] for i in range(size)]
    used = [False] * size
    order: list[int] = []
    steps = 0

    def extend(last: int) -> bool:
        nonlocal steps
        if len(order) == size:
            return True
        steps += 1
        if deadline is not None and steps % 1024 == 0 and time.perf_counter() > deadline:
            raise SearchTimeout
        for nxt in follows[last]:
            if not used[nxt]:
                used[nxt] = True
                order.append(nxt)
                if extend(nxt):
                    return True
                order.pop()
                used[nxt] = False
        return False

    for first in range(size):
        used[first] = True
        order.append(first)
        if extend(first):
            return tuple(cards[i] for i in order)
        order.pop()
        used[first] = False
    return None


def exhaustive_uno1(hand: Sequence[Card]) -> bool:
    """Uno-1 by dynamic programming over (last card, set of cards played): exact for small hands."""
    cards = tuple(hand)
    size = len(cards)
    if size <= 1:
        return True
    full = (1 << size) - 1

    @cache
    def finish(last: int, played: int) -> bool:
        if played == full:
            return True
        return any(
            not played >> nxt & 1 and matches(cards[last], cards[nxt]) and finish(nxt, played | 1 << nxt)
            for nxt in range(size)
        )

    return any(finish(first, 1 << first) for first in range(size))


def count_value_orders(hand: Sequence[Card]) -> int:
    """Distinct sequences of card values that play the whole hand, by listing every card order."""
    cards = tuple(hand)
    size = len(cards)
    found: set[tuple[Card, ...]] = set()

    def extend(order: list[int], used: int) -> None:
        if len(order) == size:
            found.add(tuple(cards[i] for i in order))
            return
        for nxt in range(size):
            if not used >> nxt & 1 and (not order or matches(cards[order[-1]], cards[nxt])):
                order.append(nxt)
                extend(order, used | 1 << nxt)
                order.pop()

    extend([], 0)
    return len(found)


def duel_tree_first_player_wins(first: Sequence[Card], second: Sequence[Card]) -> bool:
    """Rule P2 by full game-tree search: does the starting player win (play the last card)?"""
    hands = (tuple(first), tuple(second))

    @cache
    def mover_wins(mover: int, left0: int, left1: int, last: int) -> bool:
        # `last` indexes the card just played by the other player; -1 at the very start.
        left = (left0, left1)
        own = hands[mover]
        other_cards = hands[1 - mover]
        for index, card in enumerate(own):
            if not left[mover] >> index & 1:
                continue
            if last >= 0 and not matches(other_cards[last], card):
                continue
            after = left[mover] & ~(1 << index)
            nxt = (after, left1) if mover == 0 else (left0, after)
            if not mover_wins(1 - mover, nxt[0], nxt[1], index):
                return True
        return False

    return mover_wins(0, (1 << len(hands[0])) - 1, (1 << len(hands[1])) - 1, -1)
