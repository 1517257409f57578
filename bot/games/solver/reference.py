"""Plain searches over individual cards, with no insight from the paper.

They exist to check the real solvers (tests) and to measure them (bench/solver.py); the bot never
calls them. Each card of a hand is treated as a distinct object, copies included.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from functools import cache

from bot.games.solver.cards import Card
from bot.games.solver.cards import matches


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


def duel_tree_mover_wins(mover_hand: Sequence[Card], other_hand: Sequence[Card], last: Card | None) -> bool:
    """Rule P2 by full game-tree search: does the player to move win (play the last card)?

    `last` is the card the other player has just played, None before the first card.
    """
    hands = (tuple(mover_hand), tuple(other_hand))

    @cache
    def wins(mover: int, left0: int, left1: int, last_index: int) -> bool:
        # `last_index` is a card of the player who is not moving (-1: use `last`).
        left = (left0, left1)
        previous = hands[1 - mover][last_index] if last_index >= 0 else last
        for index, card in enumerate(hands[mover]):
            if not left[mover] >> index & 1:
                continue
            if previous is not None and not matches(previous, card):
                continue
            after = left[mover] & ~(1 << index)
            nxt = (after, left1) if mover == 0 else (left0, after)
            if not wins(1 - mover, nxt[0], nxt[1], index):
                return True
        return False

    return wins(0, (1 << len(hands[0])) - 1, (1 << len(hands[1])) - 1, -1)


def coop_by_cards(first_hand: Sequence[Card], second_hand: Sequence[Card], passing: bool = True) -> bool:
    """Rule P3 by search over individual cards: can player 1 empty their hand first?

    With `passing` False a player without a matching card ends the game instead of passing,
    which is how the proof of the paper's Theorem 3.1 reads the game.
    """
    hands = (tuple(first_hand), tuple(second_hand))
    if not hands[0]:
        return True

    @cache
    def succeeds(turn: int, left0: int, left1: int, last: Card | None, passed: bool) -> bool:
        left = (left0, left1)
        moved = False
        for index, card in enumerate(hands[turn]):
            if not left[turn] >> index & 1 or (last is not None and not matches(last, card)):
                continue
            moved = True
            after = left[turn] & ~(1 << index)
            if after == 0:
                if turn == 0:
                    return True
                continue
            nxt = (after, left1) if turn == 0 else (left0, after)
            if succeeds(1 - turn, nxt[0], nxt[1], card, False):
                return True
        if passing and not moved and not passed:
            return succeeds(1 - turn, left0, left1, last, True)
        return False

    return succeeds(0, (1 << len(hands[0])) - 1, (1 << len(hands[1])) - 1, None, False)
