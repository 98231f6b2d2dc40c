"""Cutting the breadth-first tree into even shares for the machine check on every edge.

The check on every edge (:meth:`~auction_fsm.graph.irregular_space.IrregularSpace.check_agreement`)
walks the breadth-first tree depth first, firing each configuration's edges from a snapshot of
the machines there.  To share it between workers, the subtrees must be dealt out so that each
worker has about the same number of edges: below the start a few subtrees hold most of the
graph (an opening bid leads to far more than a pass out of rotation), so dealing out the
start's children alone left one worker with most of the work.

:func:`split_tree` weighs every subtree by its edges, opens the heaviest subtree into its
children while it is heavier than a small grain (an eighth of a worker's share), and deals the
resulting subtrees to the workers heaviest first, each to the worker with the least so far
(worker 0 starts with the edges of the configurations it opened, which it checks itself).
"""

from __future__ import annotations

import heapq
from collections.abc import Hashable, Mapping
from typing import Any

__all__ = ["split_tree"]


def split_tree(parent: Mapping[Hashable, tuple[Hashable, object] | None],
               children: Mapping[Hashable, Mapping[Any, Hashable]],
               edges: Mapping[Hashable, int], parts: int
               ) -> tuple[dict[Hashable, int], frozenset[Hashable], list[int]]:
    """Deal the tree out to ``parts`` workers.

    ``parent`` maps each configuration to ``(source, event)`` (``None`` for a start), in
    breadth-first order; ``children`` the tree edges out of each configuration; ``edges`` the
    number of edges (tree or not) leaving each one.  Returns the owner of each subtree root,
    the configurations above the cut (opened: their own edges are worker 0's) and each
    worker's number of edges.
    """
    weight: dict[Hashable, int] = {k: edges.get(k, 0) for k in parent}
    for k in reversed(list(parent)):  # children come after their parents in breadth-first order
        step = parent[k]
        if step is not None:
            weight[step[0]] += weight[k]
    total = sum(w for k, w in weight.items() if parent[k] is None)
    grain = max(1, total // (8 * parts))
    heap = [(-weight[k], i, k) for i, k in enumerate(k for k in parent if parent[k] is None)]
    heapq.heapify(heap)
    roots: list[tuple[int, int, Hashable]] = []
    above: set[Hashable] = set()
    load = [0] * parts
    counter = len(heap)
    while heap:
        w, i, k = heapq.heappop(heap)
        below = children.get(k, {})
        if -w <= grain or not below:
            roots.append((w, i, k))
            continue
        above.add(k)
        load[0] += edges.get(k, 0)
        for child in below.values():
            counter += 1
            heapq.heappush(heap, (-weight[child], counter, child))
    owner: dict[Hashable, int] = {}
    for w, _, k in sorted(roots):  # heaviest first, each to the least loaded worker
        least = min(range(parts), key=load.__getitem__)
        owner[k] = least
        load[least] += -w
    return owner, frozenset(above), load
