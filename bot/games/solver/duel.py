"""The duel (uncooperative Uno-2, rule P2) decided by maximum matchings.

The paper (section 4) turns the duel into undirected vertex geography on the graph whose vertices
are the cards of both hands, a card of one player joined to each card of the other that it
matches. Fraenkel, Scheinerman and Ullman's theorem decides that game: with the token on vertex x
(the card just played), the player to move wins exactly when every maximum matching covers x,
and then moving to x's partner in a maximum matching keeps winning. The starting player wins when
some card of theirs is left uncovered by some maximum matching: they open with that card.

Copies of a card are interchangeable, so the matching is computed as a flow over card *values*:
source -> value of one side (as many units as copies) -> that value's colour or number -> every
value of the other side with that colour or number -> sink. The flow network has a few hundred
arcs even for hands of a hundred cards, where the card-by-card graph has thousands of edges.
"""

from __future__ import annotations

from collections import Counter
from collections import deque
from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass

from bot.games.solver.cards import Card
from bot.games.solver.cards import matches

_INFINITE = 1 << 30


@dataclass(frozen=True, slots=True)
class DuelAnswer:
    """Who wins the duel from the start under perfect play, and the opening cards that win."""

    first_player_wins: bool
    winning_openings: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class DuelMove:
    """A move for the player to move: `card` is None when they cannot play (they have lost)."""

    card: Card | None
    mover_wins: bool


class _Flow:
    """Maximum flow between the values of two sides through colour and number hubs."""

    def __init__(self, left: Counter[Card], right: Counter[Card]) -> None:
        self.left_values = sorted(left)
        self.right_values = sorted(right)
        self.head: list[list[int]] = []
        self.to: list[int] = []
        self.capacity: list[int] = []
        source, sink = self._node(), self._node()
        self.source, self.sink = source, sink
        hubs: dict[tuple[int, int], int] = {}

        def hub(kind: int, value: int) -> int:
            key = (kind, value)
            if key not in hubs:
                hubs[key] = self._node()
            return hubs[key]

        self.left_node: dict[Card, int] = {}
        self.left_arcs: dict[Card, list[tuple[int, int]]] = {}
        for card in self.left_values:
            node = self.left_node[card] = self._node()
            self._arc(source, node, left[card])
            self.left_arcs[card] = [
                (self._arc(node, hub(kind, value), _INFINITE), hub(kind, value))
                for kind, value in ((0, card.colour), (1, card.number))
            ]
        self.hub_arcs: dict[int, list[tuple[int, Card]]] = {}
        for card in self.right_values:
            node = self._node()
            self._arc(node, sink, right[card])
            for kind, value in ((0, card.colour), (1, card.number)):
                if (kind, value) in hubs:
                    hub_node = hubs[(kind, value)]
                    arc = self._arc(hub_node, node, _INFINITE)
                    self.hub_arcs.setdefault(hub_node, []).append((arc, card))
        self.sink_arc = {card: self.head[sink][i] ^ 1 for i, card in enumerate(self.right_values)}
        self.value = self._greedy(left) + self._max_flow()

    def _node(self) -> int:
        self.head.append([])
        return len(self.head) - 1

    def _arc(self, tail: int, head: int, capacity: int) -> int:
        self.head[tail].append(len(self.to))
        self.to.append(head)
        self.capacity.append(capacity)
        self.head[head].append(len(self.to))
        self.to.append(tail)
        self.capacity.append(0)
        return len(self.to) - 2

    def _greedy(self, left: Counter[Card]) -> int:
        """Match copies directly while it is obvious; augmenting paths then repair the rest."""
        capacity = self.capacity
        total = 0
        source_arcs = self.head[self.source]
        for index, card in enumerate(self.left_values):
            want = left[card]
            for arc, hub_node in self.left_arcs[card]:
                for out_arc, right_card in self.hub_arcs.get(hub_node, ()):
                    sink_arc = self.sink_arc[right_card]
                    push = min(want, capacity[sink_arc])
                    if push:
                        for used in (source_arcs[index], arc, out_arc, sink_arc):
                            capacity[used] -= push
                            capacity[used ^ 1] += push
                        want -= push
                        total += push
                        if not want:
                            break
                if not want:
                    break
        return total

    def _max_flow(self) -> int:
        total = 0
        to, capacity, head = self.to, self.capacity, self.head
        while True:
            arrived = [-1] * len(head)
            arrived[self.source] = -2
            queue = deque([self.source])
            while queue and arrived[self.sink] == -1:
                node = queue.popleft()
                for arc in head[node]:
                    nxt = to[arc]
                    if capacity[arc] and arrived[nxt] == -1:
                        arrived[nxt] = arc
                        queue.append(nxt)
            if arrived[self.sink] == -1:
                return total
            path: list[int] = []
            node = self.sink
            while node != self.source:
                arc = arrived[node]
                path.append(arc)
                node = to[arc ^ 1]
            push = min(capacity[arc] for arc in path)
            for arc in path:
                capacity[arc] -= push
                capacity[arc ^ 1] += push
            total += push

    def avoidable(self) -> set[Card]:
        """Left values with a copy that some maximum matching leaves unmatched.

        Exactly those reachable from the source in the residual network: an alternating path
        from an unmatched copy shifts the matching onto them.
        """
        seen = [False] * len(self.head)
        seen[self.source] = True
        queue = deque([self.source])
        while queue:
            node = queue.popleft()
            for arc in self.head[node]:
                nxt = self.to[arc]
                if self.capacity[arc] and not seen[nxt]:
                    seen[nxt] = True
                    queue.append(nxt)
        return {card for card, node in self.left_node.items() if seen[node]}

    def partner(self, card: Card) -> Card | None:
        """A right value that receives flow through the same hub as some copy of `card`."""
        for arc, hub_node in self.left_arcs[card]:
            if self.capacity[arc ^ 1] > 0:  # flow went from this value into the hub
                for out_arc, right_card in self.hub_arcs.get(hub_node, []):
                    if self.capacity[out_arc ^ 1] > 0:
                        return right_card
        return None


def solve_duel(first_hand: Iterable[Card], second_hand: Iterable[Card]) -> DuelAnswer:
    """P2 from the start: the first player opens with any card, then each must match or lose."""
    first, second = Counter(first_hand), Counter(second_hand)
    if not first:
        return DuelAnswer(False, ())
    openings = _Flow(first, second).avoidable()
    return DuelAnswer(bool(openings), tuple(sorted(openings)))


def perfect_duel_move(hands: Sequence[Iterable[Card]], to_move: int, last: Card | None) -> DuelMove:
    """The move a perfect player makes in a P2 position.

    `hands` are both players' hands (index 0 and 1), `to_move` the index of the player to move,
    `last` the card the other player has just played (None before the first card). When the mover
    cannot win, they still play a legal card if they have one (the smallest, to be predictable).
    """
    mover = Counter(hands[to_move])
    other = Counter(hands[1 - to_move])
    legal = sorted(card for card in mover if last is None or matches(last, card))
    if not legal:
        return DuelMove(None, False)
    if last is None:
        openings = _Flow(mover, other).avoidable()
        if openings:
            return DuelMove(min(openings), True)
        return DuelMove(legal[0], False)
    other[last] += 1
    flow = _Flow(other, mover)
    if last in flow.avoidable():
        return DuelMove(legal[0], False)
    reply = flow.partner(last)
    assert reply is not None and reply in mover  # every maximum matching covers `last`
    return DuelMove(reply, True)
