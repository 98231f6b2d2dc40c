"""A breadth-first level of an irregular scope expanded by forked worker processes.

The explorer of :mod:`auction_fsm.graph.configuration` asks a space that offers
``successors_many`` for the successors of up to 16,384 configurations at once, the next ones in
breadth-first order (a level, or a slice of one; called a level below).
:class:`~auction_fsm.graph.irregular_space.IrregularSpace` answers through :func:`expand_level`:
with more than one job and a level big enough to be worth a fork, the level's configurations are
dealt out round robin (neighbouring configurations cost alike, so the shares are even) to forked
workers, which inherit the space, the representatives and the candidate lists as they are.
Each worker asks the engine for its configurations' successors exactly as the one-process
explorer does and sends back, per configuration, the labels and keys, the representative of
each key it reached first, and the candidate lists it had to work out.

The parent then takes the results in the level's order.  A key unknown so far gets the
representative and the parent pointer of the first edge reaching it in that order; that edge's
source belongs to one worker, and no earlier source of that worker reached the key (it would be
earlier in the level's order too), so that worker kept exactly that edge's state.  The
exploration is therefore the one the single process makes, index for index, with the same
representatives and traces (``tests/graph/test_parallel.py`` compares them).
"""

from __future__ import annotations

import gc
import itertools
import multiprocessing
from collections.abc import Hashable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..auction import AuctionState
    from ..events import Event

#: The space a level is expanded for: an :class:`~auction_fsm.graph.irregular_space.IrregularSpace`
#: (not imported here, since it imports this module; its private tables are read as they are).
IrregularSpace = Any

__all__ = ["expand_level", "MIN_FORKED_LEVEL"]

#: Levels with fewer configurations are expanded in this process (a fork costs more).
MIN_FORKED_LEVEL = 512

Successors = tuple[list["Event"], list[Hashable]]
_Share = tuple[list[Successors], dict[Hashable, "AuctionState"], list[tuple[Hashable, list["Event"]]]]

# What a forked worker reads: the space, the level and the number of workers (set just before
# the fork, cleared after).
_LEVEL: tuple[IrregularSpace, Sequence[Hashable], int] | None = None


def expand_level(space: IrregularSpace, level: Sequence[Hashable], jobs: int) -> list[Successors]:
    """The successors of each configuration of ``level``, in order (see the module docstring)."""
    if (jobs <= 1 or len(level) < MIN_FORKED_LEVEL
            or "fork" not in multiprocessing.get_all_start_methods()):
        return [space.successors(k) for k in level]
    global _LEVEL
    _LEVEL = (space, level, jobs)
    gc.freeze()  # keep the collector from touching (and so copying) the inherited objects
    try:
        ctx = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
            shares = list(pool.map(_expand_share, range(jobs)))
    finally:
        _LEVEL = None
        gc.unfreeze()
    return _merge(space, level, shares)


def _expand_share(part: int) -> _Share:
    """Worker ``part``'s configurations of the level: every ``jobs``-th from ``part`` on."""
    assert _LEVEL is not None
    space, level, jobs = _LEVEL
    cached = len(space._candidate_lists)
    parents = space._parent
    out: list[Successors] = []
    first: dict[Hashable, AuctionState] = {}
    for key in level[part::jobs]:
        labels, keys = space.successors(key)
        for k in keys:
            step = parents.get(k)
            if step is not None and step[0] is key and k not in first:
                first[k] = space._states[k]
        out.append((labels, keys))
    lists = list(itertools.islice(space._candidate_lists.items(), cached, None))
    return out, first, lists


def _merge(space: IrregularSpace, level: Sequence[Hashable], shares: list[_Share]) -> list[Successors]:
    """The workers' results in the level's order, with new keys registered as the one-process
    explorer registers them (first edge in order) and each part of a key and each event stored
    once, as there."""
    jobs = len(shares)
    states, parents, share, events = space._states, space._parent, space._parts.setdefault, space._events.setdefault
    for _, _, lists in shares:
        for sig, found in lists:
            space._candidate_lists.setdefault(sig, [events(e, e) for e in found])
    results: list[Successors] = []
    for i, source in enumerate(level):
        labels, keys = shares[i % jobs][0][i // jobs]
        first = shares[i % jobs][1]
        labels = [events(e, e) for e in labels]
        kept: list[Hashable] = []
        for event, k in zip(labels, keys, strict=True):
            if k not in states:
                k = tuple([share(c, c) for c in k]) if isinstance(k, tuple) else k
                states[k] = first[k]
                parents[k] = (source, event)
            kept.append(k)
        if space.agreement == "all":
            space._edges[source] = (labels, kept)
        results.append((labels, kept))
    return results
