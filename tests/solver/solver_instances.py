"""Random instances and small graph problems shared by the solver tests."""

from __future__ import annotations

import random
from functools import cache

from bot.games.solver.cards import Card

Graph = tuple[int, frozenset[tuple[int, int]]]


def random_hand(rng: random.Random, max_cards: int = 10) -> list[Card]:
    """A hand of 1..max_cards cards over 2-6 colours and 2-6 numbers, often with copies."""
    colours, numbers = rng.randint(2, 6), rng.randint(2, 6)
    size = rng.randint(1, max_cards)
    kinds = [Card(rng.randrange(colours), rng.randrange(numbers)) for _ in range(rng.randint(1, size))]
    return [rng.choice(kinds) for _ in range(size)]


def has_hamiltonian_path(graph: Graph) -> bool:
    """Direct search over (end vertex, visited set)."""
    size, edges = graph
    if size <= 1:
        return True
    near = [0] * size
    for a, b in edges:
        near[a] |= 1 << b
        near[b] |= 1 << a
    full = (1 << size) - 1

    @cache
    def reach(end: int, seen: int) -> bool:
        if seen == full:
            return True
        options = near[end] & ~seen
        return any(options >> nxt & 1 and reach(nxt, seen | 1 << nxt) for nxt in range(size))

    return any(reach(start, 1 << start) for start in range(size))


def random_cubic_graph(rng: random.Random, size: int) -> Graph:
    """A simple 3-regular graph by the pairing model (rejecting loops and double edges)."""
    while True:
        points = [vertex for vertex in range(size) for _ in range(3)]
        rng.shuffle(points)
        edges = {(min(a, b), max(a, b)) for a, b in zip(points[::2], points[1::2], strict=True)}
        if len(edges) == 3 * size // 2 and all(a != b for a, b in edges):
            return size, frozenset(edges)


def random_graph(rng: random.Random, size: int, extra: int) -> Graph:
    """A connected graph on `size` vertices that is not a tree: a random tree plus `extra` edges."""
    edges: set[tuple[int, int]] = set()
    for vertex in range(1, size):
        edges.add((rng.randrange(vertex), vertex))
    pairs = [(a, b) for a in range(size) for b in range(a + 1, size) if (a, b) not in edges]
    edges.update(rng.sample(pairs, min(len(pairs), extra)))
    return size, frozenset(edges)


def disjoint_union(first: Graph, second: Graph) -> Graph:
    shift = first[0]
    moved = {(a + shift, b + shift) for a, b in second[1]}
    return first[0] + second[0], frozenset(first[1] | moved)
