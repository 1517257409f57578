"""Solitaire Uno (Uno-1, rule P1): can one hand be played as a single chain, and how.

The model behind the solver. Cards are the edges of a bipartite multigraph G whose vertices are
the colours and the numbers of the hand; two cards may follow each other when they share a vertex,
so a chain is a Hamiltonian path of the line graph of G. By the path version of Harary and
Nash-Williams' theorem, such a chain exists exactly when G has a *dominating trail*: a trail T
(possibly a single vertex) such that every card has a colour or a number on T. The chain walks T
and, on reaching a vertex, first plays every remaining card touching it that T does not use.

Finding that trail, with interchangeable copies of a card exploited:

1. A card held twice or more is a *double*: a trail may take one or two copies of it, so it links
   its colour and number at no cost in parity. Vertices joined by doubles form *blocks*; a block
   of two or more vertices is always on the trail (one of its vertices must be, then adding two
   copies of each double pulls in the rest). Two different single cards between the same two
   blocks act like a double, so those blocks merge too, until no pair of blocks has two links.
2. What remains is a simple graph M on the blocks (the single cards between blocks). A vertex of
   M with only one link and no block around it is left off the trail (its card is played from its
   neighbour), and that neighbour becomes required.
3. An exact branch and bound over the links of M decides which are on the trail: the chosen links
   must join every block on the trail, every link must touch a block on the trail, and at most two
   blocks may have odd degree (inside a block, doubles and merged link pairs fix parity freely).
4. From the chosen links, the trail is rebuilt card by card: the doubles of each block are used
   twice, then one copy is dropped along a T-join in a spanning tree of the block's links so that
   at most two vertices stay odd; an Euler trail then gives the playing order.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from bot.games.solver.cards import Card, format_hand, is_chain, matches
from bot.games.solver.graph import UnionFind, euler_trail

_UNDECIDED, _ON, _OFF = 0, 1, 2


@dataclass(frozen=True, slots=True)
class Uno1Answer:
    """The verdict on one hand: `order` plays every card when `playable`, else `reason` says why."""

    playable: bool
    order: tuple[Card, ...] | None
    reason: str | None


def colour_vertex(colour: int) -> int:
    return 2 * colour


def number_vertex(number: int) -> int:
    return 2 * number + 1


def _ends(card: Card) -> tuple[int, int]:
    return colour_vertex(card.colour), number_vertex(card.number)


def _group_words(cards: Iterable[Card], limit: int = 6) -> str:
    listed = sorted(set(cards))
    text = format_hand(listed[:limit])
    return text + (" …" if len(listed) > limit else "")


def solve_uno1(cards: Iterable[Card]) -> Uno1Answer:
    """Decide rule P1 for `cards`; return a playing order or the reason none exists."""
    hand = tuple(cards)
    if len(hand) <= 1:
        return Uno1Answer(True, hand, None)
    counts = Counter(hand)
    vertex_count = 2 * max(max(card.colour, card.number) for card in counts) + 2

    whole = UnionFind(vertex_count)
    for card in counts:
        whole.union(*_ends(card))
    groups: dict[int, list[Card]] = {}
    for card in counts:
        groups.setdefault(whole.find(colour_vertex(card.colour)), []).append(card)
    if len(groups) > 1:
        return Uno1Answer(False, None, _disconnected_reason(list(groups.values())))

    return _Uno1Solver(hand, counts, vertex_count).solve()


def _disconnected_reason(groups: list[list[Card]]) -> str:
    groups.sort(key=len, reverse=True)
    shown = " | ".join(_group_words(group) for group in groups[:3])
    more = f" (and {len(groups) - 3} more groups)" if len(groups) > 3 else ""
    return (
        f"The hand falls into {len(groups)} groups that share no colour and no number: "
        f"{shown}{more}. No card can lead from one group to another."
    )


class _Uno1Solver:
    """One run of the method in the module notes, for a connected hand of two or more cards."""

    def __init__(self, hand: tuple[Card, ...], counts: Counter[Card], vertex_count: int) -> None:
        self.hand = hand
        self.counts = counts
        self.vertex_count = vertex_count
        self.blocks = UnionFind(vertex_count)
        # Spanning tree of each block: (u, v, card whose dropped copy flips the parity of u and v).
        self.links: list[tuple[int, int, Card]] = []

    def solve(self) -> Uno1Answer:
        singles = self._build_blocks()
        present = sorted({vertex for card in self.counts for vertex in _ends(card)})
        roots = sorted({self.blocks.find(vertex) for vertex in present})
        node_of = {root: index for index, root in enumerate(roots)}
        forced = [self.blocks.size[root] >= 2 for root in roots]
        edges: list[tuple[int, int]] = []
        edge_cards: list[Card] = []
        for card in singles:
            a, b = (node_of[self.blocks.find(vertex)] for vertex in _ends(card))
            if a != b:
                edges.append((a, b))
                edge_cards.append(card)
        alive = self._drop_leaves(len(roots), edges, forced)
        search = _LinkSearch(len(roots), edges, forced, alive)
        chosen = search.run()
        if chosen is None:
            return Uno1Answer(False, None, search.reason())
        on_trail_nodes, on_trail_edges = chosen
        order = self._build_order(
            {roots[node] for node in on_trail_nodes}, [edge_cards[index] for index in on_trail_edges]
        )
        return Uno1Answer(True, order, None)

    def _build_blocks(self) -> list[Card]:
        """Merge vertices joined by doubles or by two single cards; return the single cards."""
        singles = [card for card, count in self.counts.items() if count == 1]
        for card, count in self.counts.items():
            if count >= 2:
                u, v = _ends(card)
                if self.blocks.union(u, v):
                    self.links.append((u, v, card))
        merged = True
        while merged:
            merged = False
            first_link: dict[tuple[int, int], Card] = {}
            for card in singles:
                u, v = _ends(card)
                a, b = self.blocks.find(u), self.blocks.find(v)
                if a == b:
                    continue
                key = (a, b) if a < b else (b, a)
                earlier = first_link.get(key)
                if earlier is None:
                    first_link[key] = card
                elif self.blocks.union(a, b):
                    self.links.append((*_ends(earlier), earlier))
                    merged = True
        return singles

    @staticmethod
    def _drop_leaves(node_count: int, edges: list[tuple[int, int]], forced: list[bool]) -> list[bool]:
        """Leave off the trail every optional node with one link; its neighbour becomes required.

        Safe: in any solution using that link, removing it and the leaf keeps a valid trail.
        """
        incident: list[set[int]] = [set() for _ in range(node_count)]
        for index, (a, b) in enumerate(edges):
            incident[a].add(index)
            incident[b].add(index)
        alive = [True] * node_count
        queue = [node for node in range(node_count) if not forced[node] and len(incident[node]) == 1]
        while queue:
            node = queue.pop()
            if not alive[node] or forced[node] or len(incident[node]) != 1:
                continue
            (edge,) = incident[node]
            a, b = edges[edge]
            other = b if a == node else a
            alive[node] = False
            incident[node].clear()
            incident[other].discard(edge)
            forced[other] = True
        return alive

    def _build_order(self, trail_roots: set[int], trail_singles: list[Card]) -> tuple[Card, ...]:
        find = self.blocks.find
        remaining = Counter(self.counts)
        trail_edges: list[tuple[int, int]] = []
        trail_cards: list[Card] = []

        def take(card: Card, copies: int) -> None:
            remaining[card] -= copies
            trail_edges.extend([_ends(card)] * copies)
            trail_cards.extend([card] * copies)

        for card in trail_singles:
            take(card, 1)
        for card, count in self.counts.items():
            u, v = _ends(card)
            if find(u) == find(v) and find(u) in trail_roots and card not in trail_singles:
                take(card, min(count, 2))

        degree = [0] * self.vertex_count
        for u, v in trail_edges:
            degree[u] += 1
            degree[v] += 1
        for card in self._parity_drops(trail_roots, degree):
            index = trail_cards.index(card)
            del trail_cards[index]
            del trail_edges[index]
            remaining[card] += 1
            for vertex in _ends(card):
                degree[vertex] ^= 1

        hung_at: dict[int, list[Card]] = {}
        for card, count in remaining.items():
            for vertex in _ends(card):
                hung_at.setdefault(vertex, []).extend([card] * count)
        order: list[Card] = []
        left = Counter({card: count for card, count in remaining.items() if count})

        def hang(vertex: int) -> None:
            for card in hung_at.get(vertex, ()):
                if left[card]:
                    left[card] -= 1
                    order.append(card)

        if not trail_edges:
            (root,) = trail_roots
            hang(root)
            return tuple(order)
        odd = [vertex for vertex in range(self.vertex_count) if degree[vertex] % 2]
        start = odd[0] if odd else trail_edges[0][0]
        vertex = start
        hang(vertex)
        for edge in euler_trail(self.vertex_count, trail_edges, start):
            order.append(trail_cards[edge])
            u, v = trail_edges[edge]
            vertex = v if u == vertex else u
            hang(vertex)
        return tuple(order)

    def _parity_drops(self, trail_roots: set[int], degree: list[int]) -> list[Card]:
        """Cards to drop one copy of so each block keeps at most one odd vertex (a tree T-join)."""
        find = self.blocks.find
        tree: dict[int, list[tuple[int, Card]]] = {}
        for u, v, card in self.links:
            if find(u) in trail_roots:
                tree.setdefault(u, []).append((v, card))
                tree.setdefault(v, []).append((u, card))
        drops: list[Card] = []
        seen: set[int] = set()
        for root in sorted(tree):
            if root in seen:
                continue
            # Iterative DFS; children are handled before their parent in the reversed order.
            parent: dict[int, tuple[int, Card] | None] = {root: None}
            visit = [root]
            ordered: list[int] = []
            while visit:
                vertex = visit.pop()
                ordered.append(vertex)
                for other, card in tree[vertex]:
                    if other not in parent:
                        parent[other] = (vertex, card)
                        visit.append(other)
            seen.update(ordered)
            odd = {vertex: degree[vertex] % 2 for vertex in ordered}
            for vertex in reversed(ordered):
                up = parent[vertex]
                if up is not None and odd[vertex]:
                    drops.append(up[1])
                    odd[vertex] = 0
                    odd[up[0]] ^= 1
        return drops


class _OutOfSteps(Exception):
    """A run of the search used up its step budget."""


class _LinkSearch:
    """Branch and bound over the links of M (step 3 of the module notes)."""

    def __init__(
        self,
        node_count: int,
        edges: list[tuple[int, int]],
        forced: list[bool],
        alive: list[bool],
    ) -> None:
        self.node_count = node_count
        self.edges = edges
        self.forced = forced
        self.alive = alive
        self.status = [_UNDECIDED if alive[a] and alive[b] else _OFF for a, b in edges]
        self.incident: list[list[int]] = [[] for _ in range(node_count)]
        for index, (a, b) in enumerate(edges):
            if self.status[index] == _UNDECIDED:
                self.incident[a].append(index)
                self.incident[b].append(index)
        self.on_degree = [0] * node_count
        self.open_degree = [len(around) for around in self.incident]
        self.failure = ""
        self.shuffle = random.Random(0)
        self.steps_left = 0

    def run(self) -> tuple[list[int], list[int]] | None:
        nodes = [node for node in range(self.node_count) if self.alive[node]]
        required = [node for node in nodes if self.forced[node]]
        if len(nodes) == 1:
            return nodes, []
        stranded = [node for node in required if self.open_degree[node] == 0]
        if stranded:
            self.failure = "stranded"
            return None
        ends = [node for node in required if self.open_degree[node] == 1]
        if len(ends) > 2:
            self.failure = "ends"
            self.dead_ends = ends
            return None
        for node in nodes:
            if all(
                node in self.edges[e] for e in range(len(self.edges)) if self.status[e] != _OFF
            ) and all(not self.forced[other] or other == node for other in nodes):
                return [node], []
        if not self._feasible():
            self.failure = "search"
            return None
        if self._search_with_restarts():
            on = [index for index, state in enumerate(self.status) if state == _ON]
            trail_nodes = [
                node for node in nodes if self.forced[node] or self.on_degree[node] > 0
            ]
            return trail_nodes, on
        self.failure = "search"
        return None

    def _is_off_trail(self, node: int) -> bool:
        return (
            not self.forced[node] and self.on_degree[node] == 0 and self.open_degree[node] == 0
        )

    def _feasible(self) -> bool:
        count = self.node_count
        alive = self.alive
        status = self.status
        edges = self.edges
        # Every node that is certainly on the trail must be reachable through on or open links.
        reach = UnionFind(count)
        open_parts = UnionFind(count)
        for index, state in enumerate(status):
            if state != _OFF:
                a, b = edges[index]
                reach.union(a, b)
                if state == _UNDECIDED:
                    open_parts.union(a, b)
        root = -1
        for node in range(count):
            if alive[node] and (self.forced[node] or self.on_degree[node]):
                here = reach.find(node)
                if root == -1:
                    root = here
                elif here != root:
                    return False
        # Open links can only fix parity inside the parts they join.
        odd_parts: set[int] = set()
        for node in range(count):
            if alive[node] and self.on_degree[node] % 2:
                odd_parts ^= {open_parts.find(node)}
        return len(odd_parts) <= 2

    def _set(self, index: int, state: int) -> bool:
        """Decide one link; False (with the state still changed) when a rule is broken at once."""
        self.status[index] = state
        a, b = self.edges[index]
        self.open_degree[a] -= 1
        self.open_degree[b] -= 1
        if state == _ON:
            self.on_degree[a] += 1
            self.on_degree[b] += 1
            return True
        for node in (a, b):
            if self._is_off_trail(node):
                for edge in self.incident[node]:
                    x, y = self.edges[edge]
                    if self._is_off_trail(y if x == node else x):
                        return False
        return True

    def _unset(self, index: int) -> None:
        state = self.status[index]
        self.status[index] = _UNDECIDED
        a, b = self.edges[index]
        self.open_degree[a] += 1
        self.open_degree[b] += 1
        if state == _ON:
            self.on_degree[a] -= 1
            self.on_degree[b] -= 1

    def _pick(self) -> int:
        """An open link at the most constrained node already on the trail (or any open link)."""
        best, best_key = -1, (1 << 30, 0, 0.0)
        draw = self.shuffle.random
        for node in range(self.node_count):
            open_count = self.open_degree[node]
            if open_count and (self.forced[node] or self.on_degree[node]):
                key = (open_count, -self.on_degree[node], draw())
                if key < best_key:
                    best, best_key = node, key
        if best < 0:
            for index, state in enumerate(self.status):
                if state == _UNDECIDED:
                    return index
            return -1
        choices = [index for index in self.incident[best] if self.status[index] == _UNDECIDED]
        return choices[int(draw() * len(choices))] if choices else -1

    def _search_with_restarts(self) -> bool:
        """Runs of the exact search with growing step budgets and shuffled choices.

        A run that ends within its budget is a complete answer; a run that gets lost in one
        corner of a large search space is abandoned for a fresh start, which finds the chains of
        sparse hands far sooner than a single run.
        """
        budget = 64
        attempt = 0
        while True:
            self.shuffle = random.Random(attempt)
            self.steps_left = budget
            try:
                return self._search()
            except _OutOfSteps:
                for index, state in enumerate(self.status):
                    if state != _UNDECIDED and self.alive[self.edges[index][0]] and self.alive[
                        self.edges[index][1]
                    ]:
                        self._unset(index)
            attempt += 1
            budget *= 2

    def _search(self) -> bool:
        index = self._pick()
        if index < 0:
            return True
        self.steps_left -= 1
        if self.steps_left < 0:
            raise _OutOfSteps
        for state in (_ON, _OFF):
            if self._set(index, state) and self._feasible() and self._search():
                return True
            self._unset(index)
        return False

    def reason(self) -> str:
        if self.failure == "ends":
            return (
                f"At least {len(self.dead_ends)} parts of the hand can each be entered by a single "
                "card only, so each would have to hold an end of the chain, and a chain has only "
                "two ends."
            )
        if self.failure == "stranded":
            return "Part of the hand can only be reached from cards that must be played elsewhere."
        return (
            "Every way of linking the colours and numbers was tried: no chain plays every card "
            "(there is no short reason for this hand)."
        )


def is_playable_order(hand: Iterable[Card], order: Iterable[Card]) -> bool:
    """`order` uses exactly the cards of `hand` and each card matches the one before."""
    order = tuple(order)
    return Counter(order) == Counter(hand) and is_chain(order)


def count_uno1_orders(cards: Iterable[Card], cap: int = 1000) -> int:
    """How many chains play the whole hand, counted up to `cap` (the answer is min(count, cap)).

    Chains are counted as sequences of card *values*: swapping two copies of the same card does
    not make a new chain, so ``R1 R1 B1`` has 3 chains (R1 R1 B1, R1 B1 R1, B1 R1 R1), not 6.
    Few chains means a hard puzzle. The count is a memoised search over (last value, cards left),
    so it is meant for puzzle-sized hands or a small cap; an unplayable hand returns 0 at once.
    """
    hand = tuple(cards)
    if len(hand) <= 1:
        return min(1, cap)
    if cap <= 0 or not solve_uno1(hand).playable:
        return 0
    counts = Counter(hand)
    values = sorted(counts)
    follows = [
        [j for j, other in enumerate(values) if matches(value, other)] for value in values
    ]
    memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def count(last: int, left: tuple[int, ...], remaining: int) -> int:
        if remaining == 0:
            return 1
        key = (last, left)
        known = memo.get(key)
        if known is not None:
            return known
        total = 0
        if _reachable(values, left, last):
            for nxt in follows[last]:
                if left[nxt]:
                    after = (*left[:nxt], left[nxt] - 1, *left[nxt + 1:])
                    total += count(nxt, after, remaining - 1)
                    if total >= cap:
                        total = cap
                        break
        memo[key] = total
        return total

    start = tuple(counts[value] for value in values)
    total = 0
    for first in range(len(values)):
        after = (*start[:first], start[first] - 1, *start[first + 1:])
        total += count(first, after, len(hand) - 1)
        if total >= cap:
            return cap
    return total


def _reachable(values: list[Card], left: tuple[int, ...], last: int) -> bool:
    """Cheap necessary condition: the cards left and the last card share one component."""
    size = 2 * max(max(value.colour, value.number) for value in values) + 2
    parts = UnionFind(size)
    for index, value in enumerate(values):
        if left[index] or index == last:
            parts.union(*_ends(value))
    root = parts.find(colour_vertex(values[last].colour))
    return all(
        not left[index] or parts.find(colour_vertex(value.colour)) == root
        for index, value in enumerate(values)
    )
