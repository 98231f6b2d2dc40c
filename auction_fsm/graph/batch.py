"""Breadth-first exploration a whole level at a time, on numpy arrays of integer keys.

The sequential explorer of :mod:`auction_fsm.graph.configuration` asks the space for the
successors of one key at a time, so its speed is bounded by one Python call per configuration.
A space whose keys are plain ints that fit in 64 bits can offer a *batch* interface instead
(:class:`BatchSpace`): the successors of a whole frontier as three flat arrays, the terminal
flags and the fault flags of many keys at once.  :func:`explore_batch` then works level by level:

1. ask the space for every edge leaving the frontier (grouped by source, in the order
   :meth:`~auction_fsm.graph.space.ConfigurationSpace.successors` lists them);
2. find the distinct target keys and, for each, the first edge that reaches it (one sort);
3. look the distinct keys up among the keys seen so far (a few sorted runs, see
   :class:`_Seen`); the unseen ones get new indices in the order of their first edge, which is
   exactly the order in which the sequential explorer would have numbered them, and their
   first edge gives the parent;
4. add the new keys to the seen runs; in discovery order they form the next frontier.

The result is the same :class:`~auction_fsm.graph.configuration.Exploration`, index for index,
as the sequential explorer's (``tests/graph/test_batch.py`` compares them), with its columns held
in :class:`array.array` (no Python object per configuration) and a key-to-index mapping,
:class:`SortedIndex`, that answers by binary search instead of from a dict.

>>> from auction_fsm.graph.legal_space import LegalSpace
>>> space = LegalSpace(max_level=1)
>>> supports_batch(space)
True
>>> ex = explore_batch(space)
>>> ex.states, ex.edges, ex.index[space.initial_states()[0]]
(506, 1145, 0)
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Protocol, cast

import numpy as np
import numpy.typing as npt

from .results import Exploration, ExplorationLimitError, ProgressCallback, column

__all__ = ["BatchSpace", "SortedIndex", "supports_batch", "explore_batch", "faulty_mask",
           "as_numpy"]

Int64Array = npt.NDArray[np.int64]


class BatchSpace(Protocol):
    """What a configuration space with ``int`` keys offers to :func:`explore_batch`.

    Every method must agree exactly with its one-key counterpart (``successors``,
    ``is_terminal``, ``faults``); the batch path is only taken when the class that defines each
    batch method also defines, or inherits unchanged, the one-key method it mirrors.
    """

    name: str

    def initial_states(self) -> Any:
        """The starting keys."""
        ...

    def successors_batch(self, keys: Int64Array) -> tuple[Int64Array, npt.NDArray[Any], Int64Array]:
        """``(source positions, labels, next keys)`` of every edge leaving ``keys``.

        Edges are grouped by source in the order of ``keys`` (so the positions never decrease)
        and, within one source, listed in the order of ``successors``.  Labels are integers of
        one dtype on every call (``int8`` is stored in one byte per edge).
        """
        ...

    def terminal_batch(self, keys: Int64Array) -> npt.NDArray[np.bool_]:
        """``is_terminal`` of each key."""
        ...

    def faulty_batch(self, keys: Int64Array) -> npt.NDArray[np.bool_]:
        """Whether ``faults`` of each key is non-empty."""
        ...


_MIRRORS = (("successors_batch", "successors"), ("terminal_batch", "is_terminal"))


def _owner(cls: type, name: str) -> type | None:
    """The class in ``cls``'s method resolution order that defines ``name`` itself."""
    return next((c for c in cls.__mro__ if name in c.__dict__), None)


def _mirrors(cls: type, batch: str, single: str) -> bool:
    batch_owner, single_owner = _owner(cls, batch), _owner(cls, single)
    return batch_owner is not None and single_owner is not None and issubclass(batch_owner, single_owner)


def supports_batch(space: object) -> bool:
    """True when ``space``'s class offers the batch methods and no subclass between has
    redefined the one-key methods they mirror (so the two cannot disagree).

    Attributes reached through ``__getattr__`` (a wrapper around a batch space) do not count:
    such a wrapper may change ``successors`` without its batch twin.
    """
    return all(_mirrors(type(space), b, s) for b, s in _MIRRORS)


def faulty_mask(space: object, keys: Sequence[Any]) -> npt.NDArray[np.bool_] | None:
    """The fault flags of ``keys`` from the space's ``faulty_batch``, or ``None`` when the
    space has none (or has redefined ``faults`` below it)."""
    if not _mirrors(type(space), "faulty_batch", "faults"):
        return None
    return cast(BatchSpace, space).faulty_batch(as_numpy(keys))


def as_numpy(values: Any) -> Int64Array:
    """An int64 numpy view (no copy) of an ``array('q')`` column, or a converted copy of any
    other sequence of ints."""
    if isinstance(values, array) and values.typecode == "q":
        return np.frombuffer(values, dtype=np.int64) if len(values) else np.zeros(0, np.int64)
    if isinstance(values, np.ndarray):
        return values.astype(np.int64, copy=False)
    return np.fromiter(values, dtype=np.int64, count=len(values))


class SortedIndex(Mapping[int, int]):
    """A read-only ``key -> index`` mapping over a column of distinct int keys.

    It stands in for the dict of the sequential explorer.  Nothing is built until the first
    lookup, which sorts the keys once (16 bytes per key: the sorted keys and their indices);
    each lookup is then one binary search.
    """

    __slots__ = ("_column", "_sorted", "_order")

    def __init__(self, keys: array[int]) -> None:
        self._column = keys
        self._sorted: npt.NDArray[np.integer[Any]] | None = None
        self._order: Int64Array | None = None

    def _position(self, key: object) -> int:
        """Where ``key`` is in the sorted keys, -1 when it is not a key."""
        if not isinstance(key, int | np.integer) or not -(1 << 63) <= int(key) < 1 << 63:
            return -1
        if self._sorted is None:
            keys = column(self._column)
            self._order = np.argsort(keys, kind="stable")
            self._sorted = keys[self._order]
        ordered = self._sorted
        pos = int(np.searchsorted(ordered, key))
        return pos if pos < len(ordered) and ordered[pos] == key else -1

    def __getitem__(self, key: int) -> int:
        pos = self._position(key)
        if pos < 0 or self._order is None:
            raise KeyError(key)
        return int(self._order[pos])

    def __contains__(self, key: object) -> bool:
        return self._position(key) >= 0

    def __len__(self) -> int:
        return len(self._column)

    def __iter__(self) -> Iterator[int]:
        """The keys in index order (as the dict of the sequential explorer lists them)."""
        return iter(self._column)


#: Indices up to this fit the 32-bit ``targets`` and ``parent`` columns.
_SMALL_INDEX = (1 << 31) - 1


class _Seen:
    """Every key found so far with its index, as a few sorted runs (a log-structured set).

    Each level's new keys arrive as one sorted run; the last two runs are merged while the
    older one is less than four times the size of the newer, so there are few runs to search
    and each key is copied only a logarithmic number of times.
    """

    __slots__ = ("runs",)

    def __init__(self) -> None:
        self.runs: list[tuple[Int64Array, npt.NDArray[np.integer[Any]]]] = []

    def add(self, sorted_keys: Int64Array, indices: Int64Array) -> None:
        self.runs.append((sorted_keys, indices.astype(np.int32 if len(indices) and indices.max() <= _SMALL_INDEX
                                                      else np.int64)))
        while len(self.runs) > 1 and len(self.runs[-2][0]) < 4 * len(self.runs[-1][0]):
            (k1, i1), (k2, i2) = self.runs[-2:]
            pos = np.searchsorted(k1, k2)
            self.runs[-2:] = [(np.insert(k1, pos, k2), np.insert(i1, pos, i2))]

    def lookup(self, sorted_keys: Int64Array) -> Int64Array:
        """The index of each key (sorted, distinct), -1 for keys not seen yet."""
        out = np.full(len(sorted_keys), -1, np.int64)
        for keys, indices in self.runs:
            if not len(keys):
                continue
            pos = np.minimum(np.searchsorted(keys, sorted_keys), len(keys) - 1)
            hit = keys[pos] == sorted_keys
            out[hit] = indices[pos[hit]]
        return out


def _first_occurrences(values: Int64Array) -> tuple[Int64Array, Int64Array, Int64Array]:
    """``np.unique(values, return_index=True, return_inverse=True)``, a little faster: an
    unstable sort, then the smallest position of each group."""
    order = np.argsort(values)
    ordered = values[order]
    head = np.empty(len(values), bool)
    if len(values):
        head[0] = True
        np.not_equal(ordered[1:], ordered[:-1], out=head[1:])
    starts = np.flatnonzero(head)
    first = np.minimum.reduceat(order, starts) if len(starts) else np.zeros(0, np.int64)
    inverse = np.empty(len(values), np.int64)
    inverse[order] = np.cumsum(head) - 1
    return ordered[starts], first.astype(np.int64), inverse


def explore_batch(space: BatchSpace, *, progress: ProgressCallback | None = None,
                  max_states: int | None = None) -> Exploration[int, int]:
    """Explore ``space`` breadth first, one whole level per step (see the module docstring).

    Takes the same ``progress`` (called once per level) and ``max_states`` arguments as
    :func:`~auction_fsm.graph.configuration.explore` and returns the same exploration.
    """
    started = time.perf_counter()
    first_keys = np.array(list(dict.fromkeys(int(k) for k in space.initial_states())), dtype=np.int64)
    starts = len(first_keys)
    seen = _Seen()
    order = np.argsort(first_keys, kind="stable")
    seen.add(first_keys[order], order.astype(np.int64))
    # the columns grow a level at a time, so no level is held twice
    keys, parent, offsets, targets = array("q"), array("i"), array("q", [0]), array("i")
    labels: array[int] | None = None
    terminal = bytearray()
    frontier, base, found = first_keys, 0, starts
    _extend(keys, first_keys)
    _extend(parent, np.full(starts, -1, np.int64))
    while len(frontier):
        terminal += np.asarray(space.terminal_batch(frontier), dtype=np.uint8).tobytes()
        src, level_labels, nxt = space.successors_batch(frontier)
        nxt = np.asarray(nxt, dtype=np.int64)
        level_labels = np.asarray(level_labels)
        if labels is None:
            labels = array("b" if level_labels.dtype == np.int8 else "q")
        _extend(labels, level_labels)
        _extend(offsets, offsets[-1] + np.cumsum(np.bincount(src, minlength=len(frontier))))
        distinct, first_edge, which = _first_occurrences(nxt)
        index_of = seen.lookup(distinct)
        fresh = index_of < 0
        fresh_first = first_edge[fresh]
        # number the new keys by their first edge: mark those edges, count the marks
        marked = np.zeros(len(nxt), bool)
        marked[fresh_first] = True
        discovery_edges = np.flatnonzero(marked)
        if found + len(discovery_edges) > _SMALL_INDEX and targets.typecode == "i":
            parent, targets = array("q", parent), array("q", targets)  # far beyond any memory today
        new_ids = found + np.cumsum(marked)[fresh_first] - 1
        index_of[fresh] = new_ids
        _extend(targets, index_of[which])
        _extend(parent, base + src[discovery_edges])
        base += len(frontier)
        frontier = nxt[discovery_edges]
        _extend(keys, frontier)
        seen.add(distinct[fresh], new_ids)
        found += len(frontier)
        if progress is not None:
            progress(found, len(frontier))
        if max_states is not None and found > max_states:
            raise ExplorationLimitError(
                f"scope {space.name!r} has more than {max_states:,} configurations; "
                "choose a smaller scope (e.g. a lower --max-level)")
    del seen
    return Exploration(cast(Any, space), keys, SortedIndex(keys), parent, offsets, targets,
                       labels if labels is not None else array("b"), terminal, starts,
                       time.perf_counter() - started)


def _extend(col: array[int], values: npt.NDArray[Any]) -> None:
    """Append a numpy array to an array column of the same item size, as one memory copy."""
    data = np.ascontiguousarray(values, dtype=np.dtype(col.typecode))
    if data.size:
        col.frombytes(data.data.cast("B"))
