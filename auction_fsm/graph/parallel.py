"""A breadth-first level of an irregular scope expanded by forked worker processes.

The explorer of :mod:`auction_fsm.graph.configuration` asks a space that offers
``successors_many`` for the successors of up to 16,384 configurations at once, the next ones in
breadth-first order (a level, or a slice of one; called a level below).
:class:`~auction_fsm.graph.irregular_space.IrregularSpace` answers through :func:`expand_level`:
with more than one job and a level big enough to be worth a fork, the level's configurations are
dealt out to forked workers, which inherit the space, the representatives and the candidate
lists as they are.  Each worker asks the engine for its configurations' successors exactly as
the one-process explorer does and sends back, per configuration, the labels and keys, the
representative of each key it reached first, and the candidate lists it had to work out.

**How they are dealt.**  Working out a candidate list is the costliest part of a configuration
seen for the first time, and configurations with one candidate signature share one list
(``IrregularSpace._candidates``).  Dealt round robin, both workers worked out most lists of a
level (5,036 of 13,972 lists twice in ``insufficient-1-level2``, about a fifth more work than
one process); so configurations are dealt by a hash of the parts of their key that the
signature is made of (:func:`_deal`): each list is worked out by one worker, and with thousands
of signatures per level the shares stay even.

The parent then takes the results in the level's order.  A key unknown so far gets the
representative and the parent pointer of the first edge reaching it in that order; that edge's
source belongs to one worker, and no earlier source of that worker reached the key (each worker
takes its configurations in the level's order, so such a source would be earlier in the level's
order too), so that worker kept exactly that edge's state.  The exploration is therefore the one
the single process makes, index for index, with the same representatives and traces
(``tests/graph/test_parallel.py`` compares them), however the configurations were dealt.
"""

from __future__ import annotations

import gc
import itertools
import multiprocessing
from collections import ChainMap
from collections.abc import Hashable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING, Any

from ..exploration import candidate_part

if TYPE_CHECKING:
    from ..auction import AuctionState
    from ..events import Event

#: The space a level is expanded for: an :class:`~auction_fsm.graph.irregular_space.IrregularSpace`
#: (not imported here, since it imports this module; its private tables are read as they are).
IrregularSpace = Any

__all__ = ["expand_level", "MIN_FORKED_LEVEL"]

#: Levels with fewer configurations are expanded in this process (a fork costs more).
MIN_FORKED_LEVEL = 512
#: How much more a key of this process's own share counts when a level is dealt (:func:`_deal`).
OWN_SHARE_WEIGHT = 1.14

Successors = tuple[list["Event"], list[Hashable]]
_Share = tuple[list[Successors], dict[Hashable, "AuctionState"], list[tuple[Hashable, list["Event"]]]]

# What a forked worker reads: the space and each worker's share of the level (set just before
# the fork, cleared after).
_LEVEL: tuple[IrregularSpace, list[list[Hashable]]] | None = None


def expand_level(space: IrregularSpace, level: Sequence[Hashable], jobs: int) -> list[Successors]:
    """The successors of each configuration of ``level``, in order (see the module docstring)."""
    if (jobs <= 1 or len(level) < MIN_FORKED_LEVEL
            or "fork" not in multiprocessing.get_all_start_methods()):
        return [space.successors(k) for k in level]
    global _LEVEL
    dealt = _deal(level, jobs)
    _LEVEL = (space, dealt)
    gc.freeze()  # keep the collector from touching (and so copying) the inherited objects
    try:
        ctx = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(max_workers=jobs - 1, mp_context=ctx) as pool:
            # the workers are forked as their shares are submitted, before this process takes
            # the first share itself (its results need no pickling and no fork)
            others = [pool.submit(_expand_share, part) for part in range(1, jobs)]
            shares = [_expand_here(space, dealt[0]), *(f.result() for f in others)]
    finally:
        _LEVEL = None
        gc.unfreeze()
    return _merge(space, level, dealt, shares)


def _expand_here(space: IrregularSpace, keys: list[Hashable]) -> _Share:
    """This process's share of the level, worked out as a forked worker works out its own.

    The space registers the keys it reaches in its tables as it goes; here they go into
    overlays over those tables (dropped afterwards), so that :func:`_merge` registers every new
    key, from this share or a worker's, by its first edge in the level's order.
    """
    states, parents = space._states, space._parent
    new_states: dict[Hashable, AuctionState] = {}
    new_parents: dict[Hashable, object] = {}
    space._states, space._parent = ChainMap(new_states, states), ChainMap(new_parents, parents)
    try:
        out: list[Successors] = [space.successors(k) for k in keys]
    finally:
        space._states, space._parent = states, parents
    return out, new_states, []  # its candidate lists went straight into the space's table


def _deal(level: Sequence[Hashable], jobs: int) -> list[list[Hashable]]:
    """The level's configurations of each worker, each share in the level's order.

    A compact key's candidate part (:func:`~auction_fsm.exploration.candidate_part`) is what the
    candidate signature is made of, so keys that share a signature go to one worker: the first key of each signature goes to
    the share with the fewest keys so far, the later ones follow it (which worker does the work
    decides nothing in the result, and the dealing depends on the level alone, not on Python's
    salted string hashes).  Share 0 is this process's, which also takes in the workers'
    results, so it counts :data:`OWN_SHARE_WEIGHT` times its keys (measured on
    ``insufficient-1-level2``: the merge and the small levels cost this process about a seventh
    of its share).  Other keys (full states, with ``keys="full"``) are dealt round robin.
    """
    shares: list[list[Hashable]] = [[] for _ in range(jobs)]
    owner: dict[Hashable, list[Hashable]] = {}
    for i, key in enumerate(level):
        if isinstance(key, tuple):
            proxy = candidate_part(key)
            mine = owner.get(proxy)
            if mine is None:
                mine = owner[proxy] = min(shares, key=lambda share: len(share) * (
                    OWN_SHARE_WEIGHT if share is shares[0] else 1.0))
        else:
            mine = shares[i % jobs]
        mine.append(key)
    return shares


def _expand_share(part: int) -> _Share:
    """Worker ``part``'s share of the level, in the level's order."""
    assert _LEVEL is not None
    space, dealt = _LEVEL
    cached = len(space._candidate_lists)
    parents = space._parent
    out: list[Successors] = []
    first: dict[Hashable, AuctionState] = {}
    for key in dealt[part]:
        labels, keys = space.successors(key)
        for k in keys:
            step = parents.get(k)
            if step is not None and step[0] is key and k not in first:
                first[k] = space._states[k]
        out.append((labels, keys))
    lists = list(itertools.islice(space._candidate_lists.items(), cached, None))
    return out, first, lists


def _merge(space: IrregularSpace, level: Sequence[Hashable], dealt: list[list[Hashable]],
           shares: list[_Share]) -> list[Successors]:
    """The workers' results in the level's order, with new keys registered as the one-process
    explorer registers them (first edge in order) and each part of a key and each event stored
    once, as there.

    What one worker sends arrives with each object it held once unpickled once (``pickle``
    keeps one copy of an object however often it occurs), so events and parts are looked up by
    identity first, and hashed once per distinct object rather than once per edge.
    """
    states, parents, share, events = space._states, space._parent, space._parts.setdefault, space._events.setdefault
    for _, _, lists in shares:
        for sig, found in lists:
            space._candidate_lists.setdefault(sig, [events(e, e) for e in found])
    seen: dict[int, Any] = {}  # id of an unpickled event or part -> the one stored
    look = seen.get
    answer: dict[Hashable, tuple[Successors, dict[Hashable, AuctionState]]] = {}
    for mine, (done, reached, _) in zip(dealt, shares, strict=True):
        for key, result in zip(mine, done, strict=True):
            answer[key] = (result, reached)
    results: list[Successors] = []
    for source in level:
        (sent, keys), first = answer[source]
        labels: list[Event] = []
        for e in sent:  # (written out: this loop runs once per edge)
            got = look(id(e))
            if got is None:
                got = seen[id(e)] = events(e, e)
            labels.append(got)
        kept: list[Hashable] = []
        for event, k in zip(labels, keys, strict=True):
            if k not in states:
                if isinstance(k, tuple):
                    parts = []
                    for c in k:
                        got = look(id(c))
                        if got is None:
                            got = seen[id(c)] = share(c, c)
                        parts.append(got)
                    k = tuple(parts)
                states[k] = first[k]
                parents[k] = (source, event)
            kept.append(k)
        if space.agreement == "all":
            space._edges[source] = (labels, kept)
        results.append((labels, kept))
    return results
