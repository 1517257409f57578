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

from bot.games.solver.cards import Card
from bot.games.solver.cards import format_card
from bot.games.solver.cards import format_hand
from bot.games.solver.cards import is_chain
from bot.games.solver.cards import matches
from bot.games.solver.graph import UnionFind
from bot.games.solver.graph import euler_trail
from bot.i18n.text import Clauses
from bot.i18n.text import Text
from bot.i18n.text import counted
from bot.i18n.text import text

_UNDECIDED, _ON, _OFF = 0, 1, 2


@dataclass(frozen=True, slots=True)
class Uno1Answer:
    """The verdict on one hand: `order` plays every card when `playable`, else `reason` says why."""

    playable: bool
    order: tuple[Card, ...] | None
    reason: Text | None


def colour_vertex(colour: int) -> int:
    return 2 * colour


def number_vertex(number: int) -> int:
    return 2 * number + 1


def _ends(card: Card) -> tuple[int, int]:
    return colour_vertex(card.colour), number_vertex(card.number)


def _group_words(cards: Iterable[Card], limit: int = 6) -> str:
    listed = sorted(set(cards))
    written = format_hand(listed[:limit])
    return written + (" …" if len(listed) > limit else "")


class SearchTooLong(Exception):
    """The exact search needed more steps than its caller allowed (Uno-1 is NP-complete: a hand
    built from a hard Hamiltonian path instance can take very long)."""


def solve_uno1(cards: Iterable[Card], *, max_steps: int | None = None) -> Uno1Answer:
    """Decide rule P1 for `cards`; return a playing order or the reason none exists.

    `max_steps` bounds the exact search (branching steps over all its restarts); past it,
    SearchTooLong is raised rather than an answer guessed. None searches to the end."""
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

    return _Uno1Solver(hand, counts, vertex_count, max_steps).solve()


# Groups named in full; beyond, the first three are named and the rest counted (two or more, so
# never "1 more groups").
_GROUPS_NAMED = 4


def _disconnected_reason(groups: list[list[Card]]) -> Text:
    groups.sort(key=len, reverse=True)
    named = groups if len(groups) <= _GROUPS_NAMED else groups[: _GROUPS_NAMED - 1]
    shown = " | ".join(_group_words(group) for group in named)
    if len(named) < len(groups):
        return counted(
            "The hand falls into {count} groups that share no colour and no number: {groups} "
            "(and {more} more groups). No card can lead from one group to another.",
            "The hand falls into {count} groups that share no colour and no number: {groups} "
            "(and {more} more groups). No card can lead from one group to another.",
            count=len(groups),
            groups=shown,
            more=len(groups) - len(named),
        )
    return counted(
        "The hand falls into {count} groups that share no colour and no number: {groups}. "
        "No card can lead from one group to another.",
        "The hand falls into {count} groups that share no colour and no number: {groups}. "
        "No card can lead from one group to another.",
        count=len(groups),
        groups=shown,
    )


class _Uno1Solver:
    """One run of the method in the module notes, for a connected hand of two or more cards."""

    def __init__(
        self, hand: tuple[Card, ...], counts: Counter[Card], vertex_count: int, max_steps: int | None
    ) -> None:
        self.hand = hand
        self.max_steps = max_steps
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
        search = _LinkSearch(len(roots), edges, forced, alive, self.max_steps)
        chosen = search.run()
        if chosen is None:
            if search.failure == "ends":
                return Uno1Answer(False, None, self._dead_ends_reason(search, edge_cards, roots))
            return Uno1Answer(False, None, search.reason())
        on_trail_nodes, on_trail_edges = chosen
        order = self._build_order(
            {roots[node] for node in on_trail_nodes}, [edge_cards[index] for index in on_trail_edges]
        )
        return Uno1Answer(True, order, None)

    def _dead_ends_reason(self, search: _LinkSearch, edge_cards: list[Card], roots: list[int]) -> Text:
        """Name, for each part of the hand with a single way in, its cards and that way in.

        Such a part holds at least two cards and shares a colour or number with the rest of the
        hand only through its way in, so the chain cannot pass through it: it must start or end
        there.
        """
        find = self.blocks.find
        parts = []
        for node in search.dead_ends:
            (link, _), *_ = search.around[node]
            gate = edge_cards[link]
            inside = [
                card
                for card in sorted(self.counts)
                if roots[node] in (find(colour_vertex(card.colour)), find(number_vertex(card.number)))
                and card != gate
            ]
            parts.append(
                text("{cards} only through {gate}", cards=_group_words(inside, 4), gate=format_card(gate))
            )
        return counted(
            "A chain has only two ends, but {count} groups of cards can each be reached "
            "through a single card, so each would need an end of its own: {parts}.",
            "A chain has only two ends, but {count} groups of cards can each be reached "
            "through a single card, so each would need an end of its own: {parts}.",
            count=len(parts),
            parts=Clauses(tuple(parts)),
        )

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
    """Branch and bound over the links of M (step 3 of the module notes).

    Each link is on the trail, off it, or open. After every decision the search propagates:
    a node left off the trail needs all its neighbours on it; a link that is the only way
    between two parts holding trail nodes (a bridge) must be on; a node that must be on the trail
    and has one open link takes it. It then bounds: the trail nodes must stay connected through
    on and open links, and open links can only repair parity inside the parts they join, so at
    most two such parts may have odd degree. One dominance rule cuts symmetric work: an optional
    node hanging by a single link from neighbours that are all on the trail is never needed
    there (playing its cards from the neighbours is at least as good).
    """

    def __init__(
        self,
        node_count: int,
        edges: list[tuple[int, int]],
        forced: list[bool],
        alive: list[bool],
        max_steps: int | None = None,
    ) -> None:
        self.node_count = node_count
        self.steps_allowed = max_steps
        self.edges = edges
        self.forced = forced
        self.alive = alive
        self.nodes = [node for node in range(node_count) if alive[node]]
        self.status = [_UNDECIDED if alive[a] and alive[b] else _OFF for a, b in edges]
        self.around: list[list[tuple[int, int]]] = [[] for _ in range(node_count)]
        for index, (a, b) in enumerate(edges):
            if self.status[index] == _UNDECIDED:
                self.around[a].append((index, b))
                self.around[b].append((index, a))
        self.on_degree = [0] * node_count
        self.open_degree = [len(links) for links in self.around]
        self.needed = [0] * node_count
        self.undo_log: list[int] = []  # edge index, or ~node for one unit of `needed`
        self.failure = ""
        self.dead_ends: list[int] = []
        self.shuffle = random.Random(0)
        self.steps_left = 0
        self.hopeless: set[tuple[object, ...]] = set()

    def run(self) -> tuple[list[int], list[int]] | None:
        nodes = self.nodes
        required = [node for node in nodes if self.forced[node]]
        if len(nodes) == 1:
            return nodes, []
        if any(self.open_degree[node] == 0 for node in required):
            self.failure = "stranded"
            return None
        ends = [node for node in required if self.open_degree[node] == 1]
        if len(ends) > 2:
            self.failure = "ends"
            self.dead_ends = ends
            return None
        for node in nodes:
            if self.open_degree[node] == sum(1 for state in self.status if state != _OFF) and all(
                not self.forced[other] or other == node for other in nodes
            ):
                return [node], []
        self.failure = "search"
        if not self._propagate() or not self._search_with_restarts():
            return None
        on = [index for index, state in enumerate(self.status) if state == _ON]
        return [node for node in nodes if self.forced[node] or self.on_degree[node] > 0], on

    def _on_trail(self, node: int) -> bool:
        return bool(self.forced[node] or self.on_degree[node] or self.needed[node])

    def _assign(self, index: int, state: int) -> bool:
        """Decide one link; False when a rule breaks at once (undo through the log either way)."""
        self.status[index] = state
        self.undo_log.append(index)
        a, b = self.edges[index]
        self.open_degree[a] -= 1
        self.open_degree[b] -= 1
        if state == _ON:
            self.on_degree[a] += 1
            self.on_degree[b] += 1
            return True
        for node in (a, b):
            if not self.forced[node] and self.on_degree[node] == 0 and self.open_degree[node] == 0:
                if self.needed[node]:
                    return False
                for _, other in self.around[node]:
                    if not self.forced[other] and self.on_degree[other] == 0 and self.open_degree[other] == 0:
                        return False
                    self.needed[other] += 1
                    self.undo_log.append(~other)
        return True

    def _undo(self, mark: int) -> None:
        log = self.undo_log
        while len(log) > mark:
            item = log.pop()
            if item < 0:
                self.needed[~item] -= 1
                continue
            state = self.status[item]
            self.status[item] = _UNDECIDED
            a, b = self.edges[item]
            self.open_degree[a] += 1
            self.open_degree[b] += 1
            if state == _ON:
                self.on_degree[a] -= 1
                self.on_degree[b] -= 1

    def _propagate(self) -> bool:
        """Apply forced decisions until none is left; False when the position is hopeless."""
        while True:
            forced_on = self._forced_links()
            if forced_on is None:
                return False
            if not forced_on:
                return True
            for index in forced_on:
                if self.status[index] == _UNDECIDED and not self._assign(index, _ON):
                    return False

    def _forced_links(self) -> set[int] | None:
        """The undecided links every chain must use from here, or None when no chain is left."""
        on_trail = [self._on_trail(node) for node in range(self.node_count)]
        forced_on = self._forced_by_degrees(on_trail)
        if forced_on is None or not self._add_bridges(on_trail, forced_on):
            return None
        return forced_on if self._parity_allows(forced_on) else None

    def _forced_by_degrees(self, on_trail: list[bool]) -> set[int] | None:
        status, on_degree, open_degree = self.status, self.on_degree, self.open_degree
        forced_on: set[int] = set()
        for node in self.nodes:
            if open_degree[node] == 0:
                if on_degree[node] == 0 and self.needed[node]:
                    return None
                if (
                    on_degree[node] == 1
                    and not self.forced[node]
                    and all(on_trail[other] for _, other in self.around[node])
                ):
                    return None
            elif open_degree[node] == 1 and on_degree[node] == 0 and self.needed[node]:
                forced_on.update(i for i, _ in self.around[node] if status[i] == _UNDECIDED)
        return forced_on

    def _add_bridges(self, on_trail: list[bool], forced_on: set[int]) -> bool:
        """Depth-first search over on and open links: connectivity and bridges in one pass.
        Adds the undecided bridges the trail needs to `forced_on`; False when the trail's
        nodes cannot all be joined."""
        status = self.status
        trail_nodes = [node for node in self.nodes if on_trail[node]]
        if not trail_nodes:
            return True
        total = len(trail_nodes)
        order = [-1] * self.node_count
        low = [0] * self.node_count
        below = [0] * self.node_count
        root = trail_nodes[0]
        order[root] = low[root] = 0
        below[root] = 1 if on_trail[root] else 0
        counter = 1
        stack: list[tuple[int, int, int]] = [(root, -1, 0)]
        while stack:
            node, via, position = stack[-1]
            links = self.around[node]
            if position < len(links):
                stack[-1] = (node, via, position + 1)
                index, other = links[position]
                if index == via or status[index] == _OFF:
                    continue
                if order[other] < 0:
                    order[other] = low[other] = counter
                    counter += 1
                    below[other] = 1 if on_trail[other] else 0
                    stack.append((other, index, 0))
                elif order[other] < low[node]:
                    low[node] = order[other]
                continue
            stack.pop()
            if stack:
                parent = stack[-1][0]
                below[parent] += below[node]
                if low[node] < low[parent]:
                    low[parent] = low[node]
                if low[node] > order[parent] and status[via] == _UNDECIDED and 0 < below[node] < total:
                    forced_on.add(via)
        return all(order[node] >= 0 for node in trail_nodes)

    def _parity_allows(self, forced_on: set[int]) -> bool:
        """Open links can only fix parity inside the parts they join."""
        parts = UnionFind(self.node_count)
        parity = [degree & 1 for degree in self.on_degree]
        for index, state in enumerate(self.status):
            if state == _UNDECIDED:
                a, b = self.edges[index]
                if index in forced_on:
                    parity[a] ^= 1
                    parity[b] ^= 1
                else:
                    parts.union(a, b)
        odd_parts: set[int] = set()
        for node in self.nodes:
            if parity[node]:
                odd_parts ^= {parts.find(node)}
        return len(odd_parts) <= 2

    def _search_with_restarts(self) -> bool:
        """Runs of the exact search with growing step budgets and shuffled choices.

        A run that ends within its budget is a complete answer; a run that gets lost in one
        corner of a large search space is abandoned for a fresh start, which finds the chains of
        sparse hands far sooner than a single run.
        """
        budget = 64
        attempt = 0
        base = len(self.undo_log)
        limit, spent = self.steps_allowed, 0
        while True:
            self.shuffle = random.Random(attempt)
            run_budget = budget if limit is None else min(budget, limit - spent)
            self.steps_left = run_budget
            try:
                return self._search()
            except _OutOfSteps:
                self._undo(base)
            spent += run_budget
            if limit is not None and spent >= limit:
                raise SearchTooLong(f"no answer within {limit} search steps")
            attempt += 1
            budget *= 2

    def _search(self) -> bool:
        index = self._pick()
        if index < 0:
            return True
        self.steps_left -= 1
        if self.steps_left < 0:
            raise _OutOfSteps
        key = self._state_key()
        if key in self.hopeless:
            return False
        for state in (_ON, _OFF):
            mark = len(self.undo_log)
            if self._assign(index, state) and self._propagate() and self._search():
                return True
            self._undo(mark)
        self.hopeless.add(key)
        return False

    def _state_key(self) -> tuple[object, ...]:
        """All that the rest of the search depends on, so a position proven hopeless stays so.

        The open links; for each node that still has one, its parity, whether it is on the trail
        and which other such nodes its on-links already join it to; how many finished nodes are
        odd; whether a finished piece of trail is cut off from the open links; and the finished
        leaves the dominance rule may still cut once their neighbours join.
        """
        open_mask = 0
        joined = UnionFind(self.node_count)
        for index, state in enumerate(self.status):
            if state == _UNDECIDED:
                open_mask |= 1 << index
            elif state == _ON:
                joined.union(*self.edges[index])
        frontier: list[tuple[int, int, int]] = []
        labels: dict[int, int] = {}
        closed_odd = 0
        closed_roots: set[int] = set()
        watched: list[tuple[int, ...]] = []
        for node in self.nodes:
            if self.open_degree[node]:
                on_trail = self._on_trail(node)
                label = labels.setdefault(joined.find(node), len(labels)) if on_trail else -1
                frontier.append((self.on_degree[node] & 1, int(on_trail), label))
                continue
            closed_odd += self.on_degree[node] & 1
            if self._on_trail(node):
                closed_roots.add(joined.find(node))
            if self.on_degree[node] == 1 and not self.forced[node]:
                waiting = tuple(other for _, other in self.around[node] if not self._on_trail(other))
                if all(self.open_degree[other] for other in waiting):
                    watched.append(waiting)
        # A finished piece of trail that no open link reaches must stay the whole trail.
        finished_pieces = len(closed_roots - labels.keys())
        return open_mask, tuple(frontier), closed_odd, finished_pieces, tuple(sorted(watched))

    def _pick(self) -> int:
        """An open link at the most constrained node already on the trail (or any open link)."""
        best, best_key = -1, (1 << 30, 0, 0.0)
        draw = self.shuffle.random
        for node in self.nodes:
            open_count = self.open_degree[node]
            if open_count:
                key = (open_count, -self.on_degree[node], draw())
                if key < best_key:
                    best, best_key = node, key
        if best < 0:
            for index, state in enumerate(self.status):
                if state == _UNDECIDED:
                    return index
            return -1
        choices = [index for index, _ in self.around[best] if self.status[index] == _UNDECIDED]
        return choices[int(draw() * len(choices))] if choices else -1

    def reason(self) -> Text:
        if self.failure == "stranded":
            return text("Part of the hand can only be reached from cards that must be played elsewhere.")
        return text(
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
    follows = [[j for j, other in enumerate(values) if matches(value, other)] for value in values]
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
                    after = (*left[:nxt], left[nxt] - 1, *left[nxt + 1 :])
                    total += count(nxt, after, remaining - 1)
                    if total >= cap:
                        total = cap
                        break
        memo[key] = total
        return total

    start = tuple(counts[value] for value in values)
    total = 0
    for first in range(len(values)):
        after = (*start[:first], start[first] - 1, *start[first + 1 :])
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
