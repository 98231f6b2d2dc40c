"""The coarsest bisimulation of an explored graph: how far its configurations could be merged.

Two configurations are *bisimilar* when both are ends or both are not, and every event leads
from both to bisimilar configurations.  The classes of the coarsest such relation are the
fewest configurations any exact key could give: the dead-end, finishing, sink-cycle and
path-count checks answer the same on them.  So a change of the configuration keys
(:mod:`~auction_fsm.graph.declared_key`) that merges only bisimilar configurations leaves
the number of classes as it was, and one that merges two configurations with different futures
lowers it: the tests and ``benchmarks/bench_quotient.py`` compare class counts to tell them apart.
(Equal counts are evidence, not proof: a wrong merge could in principle be matched by a split
elsewhere; the keys are also checked one step off the tree, ``verify --check-keys``.)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from .results import Exploration

__all__ = ["coarsest_bisimulation", "bisimulation_classes"]


def coarsest_bisimulation(offsets: Sequence[int], targets: Sequence[int], labels: Sequence[Hashable],
                          ends: Sequence[bool]) -> list[int]:
    """The class of each configuration under the coarsest bisimulation (labels compared by
    equality; ``offsets``/``targets``/``labels`` the successor relation in compressed-sparse-row
    form), by signature refinement: the ends and the others start as two classes, and a class
    splits by the set of (event, class reached) pairs of its members until none splits.

    A chain of two steps to an end has three classes; two configurations each one step from
    its own end have two:

    >>> coarsest_bisimulation([0, 1, 2, 2], [1, 2], ["a", "a"], [False, False, True])
    [0, 1, 2]
    >>> coarsest_bisimulation([0, 1, 2, 2, 2], [2, 3], ["a", "a"], [False, False, True, True])
    [0, 0, 1, 1]
    """
    ids: dict[Hashable, int] = {}
    label_ids = [ids.setdefault(lab, len(ids)) for lab in labels]
    n = len(ends)
    block = [1 if e else 0 for e in ends]
    count = len(set(block))
    while True:
        signatures: dict[tuple[int, frozenset[tuple[int, int]]], int] = {}
        new = [0] * n
        for i in range(n):
            out = frozenset((label_ids[e], block[targets[e]]) for e in range(offsets[i], offsets[i + 1]))
            new[i] = signatures.setdefault((block[i], out), len(signatures))
        if len(signatures) == count:
            return block
        count, block = len(signatures), new


def bisimulation_classes(exploration: Exploration[Any, Any]) -> int:
    """How many classes the coarsest bisimulation of ``exploration`` has."""
    return len(set(coarsest_bisimulation(exploration.offsets, exploration.targets, exploration.labels,
                                         [bool(t) for t in exploration.terminal])))
