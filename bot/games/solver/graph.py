"""Small graph helpers shared by the solvers: union-find and an Euler trail of a multigraph."""

from __future__ import annotations

from collections.abc import Sequence


class UnionFind:
    """Disjoint sets over 0..size-1 with path halving and union by size."""

    __slots__ = ("parent", "size")

    def __init__(self, size: int) -> None:
        self.parent = list(range(size))
        self.size = [1] * size

    def find(self, item: int) -> int:
        parent = self.parent
        while parent[item] != item:
            parent[item] = parent[parent[item]]
            item = parent[item]
        return item

    def union(self, first: int, second: int) -> bool:
        """Join the two sets; False when they were already one."""
        a, b = self.find(first), self.find(second)
        if a == b:
            return False
        if self.size[a] < self.size[b]:
            a, b = b, a
        self.parent[b] = a
        self.size[a] += self.size[b]
        return True


def euler_trail(vertex_count: int, edges: Sequence[tuple[int, int]], start: int) -> list[int]:
    """Edge indices of a trail from `start` using every edge once (Hierholzer).

    The caller guarantees the multigraph is connected and `start` is odd when two vertices are.
    """
    incident: list[list[int]] = [[] for _ in range(vertex_count)]
    for index, (a, b) in enumerate(edges):
        incident[a].append(index)
        incident[b].append(index)
    used = [False] * len(edges)
    stack: list[tuple[int, int]] = [(start, -1)]
    trail: list[int] = []
    while stack:
        vertex, via = stack[-1]
        around = incident[vertex]
        while around and used[around[-1]]:
            around.pop()
        if around:
            edge = around.pop()
            used[edge] = True
            a, b = edges[edge]
            stack.append((b if a == vertex else a, edge))
        else:
            stack.pop()
            if via >= 0:
                trail.append(via)
    trail.reverse()
    return trail
