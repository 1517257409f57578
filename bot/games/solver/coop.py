"""Cooperative Uno-2 (rule P3, the paper's assumption f1) by exact search.

Both players work together so that player 1 empties their hand before player 2 empties theirs.
Player 1 opens with any card; then the players alternate, each playing a card of their own hand
that matches the card just played. A player with no matching card passes and stays in the game;
when both pass in a row nobody can ever play again and player 1 has failed. A player 2 who holds
no cards at all simply passes every turn, so with an empty second hand this is Solitaire Uno.

The problem is NP-complete (Theorem 3.1), so this is a memoised search over positions, with
copies of a card merged: a position is whose turn it is, the last card and the two hands' counts
per card value.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from bot.games.solver.cards import Card
from bot.games.solver.cards import matches


@dataclass(frozen=True, slots=True)
class CoopAnswer:
    """Whether player 1 can go out first; `plays` lists (player, card or None for a pass)."""

    possible: bool
    plays: tuple[tuple[int, Card | None], ...] | None


def solve_coop(first_hand: Iterable[Card], second_hand: Iterable[Card]) -> CoopAnswer:
    """Decide rule P3 for the two hands and give one sequence of plays that works."""
    first, second = Counter(first_hand), Counter(second_hand)
    if not first:
        return CoopAnswer(True, ())
    values = (sorted(first), sorted(second))
    memo: dict[tuple[int, Card | None, tuple[int, ...], tuple[int, ...], bool], bool] = {}
    plays: list[tuple[int, Card | None]] = []

    def succeeds(
        turn: int, last: Card | None, counts: tuple[tuple[int, ...], tuple[int, ...]], passed: bool
    ) -> bool:
        key = (turn, last, counts[0], counts[1], passed)
        known = memo.get(key)
        if known is not None:
            return known
        mine = counts[turn]
        result = False
        moved = False
        for index, card in enumerate(values[turn]):
            if not mine[index] or (last is not None and not matches(last, card)):
                continue
            moved = True
            after = (*mine[:index], mine[index] - 1, *mine[index + 1 :])
            plays.append((turn + 1, card))
            if not any(after):
                result = turn == 0  # whoever empties their hand first decides the game
            else:
                nxt = (after, counts[1]) if turn == 0 else (counts[0], after)
                result = succeeds(1 - turn, card, nxt, False)
            if result:
                break
            plays.pop()
        if not moved and not passed:
            plays.append((turn + 1, None))
            result = succeeds(1 - turn, last, counts, True)
            if not result:
                plays.pop()
        memo[key] = result
        return result

    start = (tuple(first[card] for card in values[0]), tuple(second[card] for card in values[1]))
    if succeeds(0, None, start, False):
        return CoopAnswer(True, tuple(plays))
    return CoopAnswer(False, None)
