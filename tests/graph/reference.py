"""The configuration checks as plain Python loops, one configuration at a time.

These are the implementations the vectorised checks replaced; the tests keep them as an oracle
that is easy to read, and compare the numpy versions against them on small graphs.
"""

from __future__ import annotations

from typing import Any

from auction_fsm.graph.configuration import Exploration


def depths(ex: Exploration[Any, Any]) -> list[int]:
    d = [0] * ex.states
    for i in range(ex.starts, ex.states):
        d[i] = d[ex.parent[i]] + 1
    return d


def reverse(ex: Exploration[Any, Any]) -> tuple[list[int], list[int]]:
    """Predecessor lists (offsets, sources), each configuration's sources in index order."""
    n = ex.states
    start = [0] * (n + 1)
    for j in ex.targets:
        start[j + 1] += 1
    for i in range(n):
        start[i + 1] += start[i]
    pos = list(start)
    src = [0] * len(ex.targets)
    for i in range(n):
        for e in range(ex.offsets[i], ex.offsets[i + 1]):
            j = ex.targets[e]
            src[pos[j]] = i
            pos[j] += 1
    return start, src


def cannot_finish(ex: Exploration[Any, Any]) -> list[int]:
    can = bytearray(ex.terminal)
    queue = [i for i, t in enumerate(can) if t]
    start, src = reverse(ex)
    for j in queue:
        for e in range(start[j], start[j + 1]):
            i = src[e]
            if not can[i]:
                can[i] = 1
                queue.append(i)
    return [i for i, c in enumerate(can) if not c]


def dead_ends(ex: Exploration[Any, Any]) -> list[int]:
    return [i for i in range(ex.states) if not ex.terminal[i] and ex.out_degree(i) == 0]


def terminals_with_exits(ex: Exploration[Any, Any]) -> list[int]:
    return [i for i in range(ex.states) if ex.terminal[i] and ex.out_degree(i) > 0]


def faulty(ex: Exploration[Any, Any]) -> list[int]:
    return [i for i, k in enumerate(ex.keys) if ex.space.faults(k)]


def count_paths(ex: Exploration[Any, Any]) -> int | None:
    """Kahn's topological order, then the path counts summed backwards in Python ints."""
    n, off, tgt = ex.states, ex.offsets, ex.targets
    indegree = [0] * n
    for j in tgt:
        indegree[j] += 1
    order = [i for i in range(n) if indegree[i] == 0]
    for i in order:
        for e in range(off[i], off[i + 1]):
            j = tgt[e]
            indegree[j] -= 1
            if indegree[j] == 0:
                order.append(j)
    if len(order) < n:
        return None
    ways = [0] * n
    for i in reversed(order):
        ways[i] = (1 if ex.terminal[i] else 0) + sum(ways[tgt[e]] for e in range(off[i], off[i + 1]))
    return sum(ways[:ex.starts])
