"""Exhaustive exploration of a configuration space, with compact storage.

:func:`explore` walks a :class:`~auction_fsm.graph.space.ConfigurationSpace` breadth first from
its starting configurations.  Every configuration gets an index in discovery order (so the
first parent recorded for it lies on a shortest path from a start), and the successor relation
is kept in compressed-sparse-row form (``offsets``/``targets`` arrays of ints plus one label per
edge).  Nothing of NetworkX is touched while exploring: :meth:`Exploration.to_networkx` builds
the :class:`networkx.DiGraph` in bulk, on request.

A space whose keys are 64-bit ints can also offer batch methods (see
:mod:`auction_fsm.graph.batch`); :func:`explore` then takes a whole breadth-first level per step
on numpy arrays, with the same result, index for index.  ``explore(space, batch=False)`` forces
the one-key-at-a-time walk.

>>> from auction_fsm.graph.legal_space import LegalSpace
>>> ex = explore(LegalSpace(max_level=1))
>>> ex.states, ex.edges
(506, 1145)
"""
from __future__ import annotations

import contextlib
import functools
import gc
import time
from array import array
from collections.abc import Hashable, Iterator, Sequence
from typing import Any, cast

from .batch import explore_batch, supports_batch
from .key_table import Distinct, FirstKeys, KeyNumbering
from .results import (
    Exploration,
    ExplorationLimitError,
    IntArray,
    LabelColumn,
    ProgressCallback,
    _Discovery,
    column,
    distinct,
    node_name,
    ranges,
    to_column,
    topological_layers,
)
from .space import ConfigurationSpace, K, L

__all__ = ["Exploration", "explore", "ExplorationLimitError", "ProgressCallback", "node_name", "column",
           "IntArray", "distinct", "ranges", "to_column", "topological_layers", "key_of"]

_PROGRESS_EVERY = 1 << 14
#: The largest configuration index a 32-bit column holds.
_LARGEST_32 = (1 << 31) - 1
#: Labels are numbered in 16 bits while there are at most this many distinct ones: one
#: configuration's edges add far fewer than the 4,095 left before 16 bits overflow (its
#: alphabet is some hundred events).
_NARROW_LABELS = (1 << 16) - (1 << 12)
#: Allocations between two runs of the collector's youngest generation while exploring (the
#: interpreter's default is 700).
_YOUNG_COLLECTION_EVERY = 100_000


@contextlib.contextmanager
def _collector_paced() -> Iterator[None]:
    """Let the cyclic garbage collector run less often for the duration.

    An exploration allocates millions of long-lived objects (keys, representatives, events)
    and no cyclic garbage (the collector freed nothing in all of ``inadmissible-2``); at the
    default pace it runs about 2,900 times on ``insufficient-1-level2`` and a dozen of those
    runs walk every object held so far: 1.8 s of a 27 s exploration, against 0.3 s at this
    pace (``benchmarks/GRAPH.md``).  Reference counting still frees everything acyclic at once,
    so the peak memory is the same.
    """
    before = gc.get_threshold()
    gc.set_threshold(_YOUNG_COLLECTION_EVERY, *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


def explore(space: ConfigurationSpace[K, L], *, progress: ProgressCallback | None = None,
            max_states: int | None = None, batch: bool | None = None) -> Exploration[K, L]:
    """Explore every configuration reachable from ``space.initial_states()``, breadth first.

    Parameters
    ----------
    space
        The model to explore.
    progress
        Called every 16,384 configurations with (configurations found, queue length).
    max_states
        Raise :class:`ExplorationLimitError` once more configurations than this are found.
    batch
        ``None`` (the default): explore a level at a time when the space offers the batch
        methods (:func:`auction_fsm.graph.batch.supports_batch`), else one key at a time.
        ``False`` forces the one-key walk; ``True`` insists on the batch path (``TypeError`` if
        the space has none).  Both give the same exploration.

    Returns
    -------
    Exploration
        Keys, parent pointers and the successor relation in compact form.
    """
    with _collector_paced():
        return _explore(space, progress=progress, max_states=max_states, batch=batch)


def _tell_merged(progress: ProgressCallback, keys: Sequence[Any], done: int, merged: int) -> None:
    """The progress within a batch: ``merged`` of the configurations from ``done`` on have their
    successors (``keys``, the configurations found, grows meanwhile)."""
    progress(len(keys), len(keys) - done - merged)


def _explore(space: ConfigurationSpace[K, L], *, progress: ProgressCallback | None,
             max_states: int | None, batch: bool | None) -> Exploration[K, L]:
    """:func:`explore` itself."""
    if batch is not False:
        if supports_batch(space):
            return cast(Exploration[K, L], explore_batch(cast(Any, space), progress=progress,
                                                         max_states=max_states))
        if batch:
            raise TypeError(f"space {space.name!r} offers no batch methods")
    started = time.perf_counter()
    found = _Discovery()
    for k in space.initial_states():
        found[k]
    starts = len(found.keys_)
    keys: Sequence[Any] = found.keys_
    number = found.__getitem__
    # a space that numbers the keys it finds in the order found (IrregularSpace.numbering) is
    # explored on that numbering: one table holds each configuration's key and number
    shared: KeyNumbering | None = getattr(space, "numbering", None)
    if shared is not None and len(shared) == starts and list(shared.order) == keys:
        keys, number = shared.order, shared.__getitem__
    else:
        shared = None
    offsets = array("i", [0])  # (32-bit while the edges' and the configurations' indices
    targets = array("i")       # fit, then 64)
    # each edge's label by number (LabelColumn): 16-bit while the distinct labels are fewer than
    # _NARROW_LABELS, then 32
    labels, label_numbers = array("H"), Distinct[L]()
    label_number = label_numbers.__getitem__
    successors, is_terminal = space.successors, space.is_terminal
    many = getattr(space, "successors_many", None)
    # a space that can work a representative out again from its trace lets go of those of the
    # configurations expanded (IrregularSpace.drop_expanded): it then holds one level's
    drop_expanded = getattr(space, "drop_expanded", None)
    add_targets, add_labels, add_offset = targets.extend, labels.extend, offsets.append
    done = 0
    while done < len(keys):
        # up to _PROGRESS_EVERY configurations at once, in index order (so breadth first, and
        # numbered as one at a time would number them), when the space can share them out;
        # else one at a time.  The list grows as we walk it.
        level = keys[done:done + _PROGRESS_EVERY] if many is not None else keys[done:done + 1]
        if many is None:
            answers = [successors(level[0])]
        elif progress is None:
            answers = many(level)
        else:  # told as the batch's answers come (parallel.expand_level)
            answers = many(level, functools.partial(_tell_merged, progress, keys, done))
        if targets.typecode == "i" and len(keys) > _LARGEST_32 // 2:
            # (half way: a batch cannot number a billion configurations more)
            targets = array("q", targets)
            add_targets = targets.extend
        if offsets.typecode == "i" and len(targets) > _LARGEST_32 // 2:
            offsets = array("q", offsets)  # (nor find a billion edges more)
            add_offset = offsets.append
        for i, (labs, nxt) in enumerate(answers, done):
            found.current = i  # (not read with a shared numbering)
            add_targets(map(number, nxt))
            if len(label_numbers) > _NARROW_LABELS and labels.typecode == "H":
                labels = array("i", labels)
                add_labels = labels.extend
            add_labels(map(label_number, labs))
            add_offset(len(targets))
            if not (i + 1) & (_PROGRESS_EVERY - 1) and progress is not None:
                progress(len(keys), len(keys) - i - 1)
        done += len(answers)
        if drop_expanded is not None:
            drop_expanded(level)
        if max_states is not None and len(keys) > max_states:
            raise ExplorationLimitError(
                f"scope {space.name!r} has more than {max_states:,} configurations; "
                "choose a smaller scope (e.g. a lower --max-level)")
    if max_states is not None and len(keys) > max_states:
        raise ExplorationLimitError(
            f"scope {space.name!r} has {len(keys):,} configurations, more than the limit "
            f"{max_states:,}; choose a smaller scope (e.g. a lower --max-level)")
    terminal = bytearray(map(is_terminal, keys))
    column_of_labels = LabelColumn[L](labels, label_numbers.by_number)
    if progress is not None:
        progress(len(keys), 0)
    if shared is not None:
        # the space may go on numbering keys after the exploration (a report's replays): the
        # exploration is its first len(keys)
        n = len(keys)
        first = FirstKeys(shared, n)
        parent = cast(Any, space).parents_of_first(n)
        return Exploration(space, cast("Sequence[K]", first.order), cast("dict[K, int]", first),
                           parent, offsets, targets, column_of_labels, terminal, starts,
                           time.perf_counter() - started)
    return Exploration(space, keys, dict(found), found.parent, offsets, targets, column_of_labels,
                       terminal, starts, time.perf_counter() - started)


def key_of(exploration: Exploration[K, L], i: int) -> Hashable:
    """The key of configuration ``i`` (a convenience for reports)."""
    return exploration.keys[i]
