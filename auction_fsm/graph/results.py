"""What an exploration produces: the compact exploration record and the array helpers the
checks and the batch explorer share.  Kept apart from :mod:`.configuration`, which explores, so
that the batch explorer and the one-key explorer both build on it without importing each other.
"""

from __future__ import annotations

import itertools
import math
from array import array
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, cast, overload

import networkx as nx
import numpy as np
import numpy.typing as npt

from ..errors import AuctionFsmError
from .key_table import ListView
from .space import ConfigurationSpace, K, L

__all__ = ["Exploration", "LabelColumn", "ExplorationLimitError", "ProgressCallback", "node_name", "column",
           "ranges", "distinct", "topological_layers", "to_column", "primes_below",
           "with_residue"]

#: A column of configuration indices (or of int keys) as numpy sees it.
IntArray = npt.NDArray[np.integer[Any]]

#: Called now and then during exploration with (configurations found, queue length).
ProgressCallback = Callable[[int, int], None]

_PROGRESS_EVERY = 1 << 14


class ExplorationLimitError(AuctionFsmError):
    """Exploration found more configurations than the limit it was given."""


def node_name(index: int) -> str:
    """The NetworkX node id of configuration ``index`` (``c0`` is the first start)."""
    return f"c{index}"


class _Discovery(dict[Any, int]):
    """A key -> index dict that numbers unseen keys as they are looked up.

    Looking up a known key runs entirely in C; an unknown key costs one Python call, once.
    """

    __slots__ = ("keys_", "parent", "current")

    def __init__(self) -> None:
        super().__init__()
        self.keys_: list[Any] = []
        self.parent = array("q")
        self.current = -1

    def __missing__(self, key: Any) -> int:
        i = len(self.keys_)
        self[key] = i
        self.keys_.append(key)
        self.parent.append(self.current)
        return i


class LabelColumn(ListView[L]):
    """The edges' labels as a column of numbers into the list of distinct labels: two bytes an
    edge while the distinct labels fit in 16 bits (four past that), where a list of the label
    objects took eight and each edge's label could be an object of its own.  Read as the list
    of labels it stands for (indexing, slices, equality)."""

    __slots__ = ("numbers", "distinct")

    def __init__(self, numbers: array[int], distinct: list[L]) -> None:
        self.numbers, self.distinct = numbers, distinct

    def __len__(self) -> int:
        return len(self.numbers)

    @overload
    def __getitem__(self, i: int) -> L: ...

    @overload
    def __getitem__(self, i: slice) -> list[L]: ...

    def __getitem__(self, i: int | slice) -> L | list[L]:
        if isinstance(i, slice):
            distinct = self.distinct
            return [distinct[j] for j in self.numbers[i]]
        return self.distinct[self.numbers[i]]

    def __iter__(self) -> Iterator[L]:
        return map(self.distinct.__getitem__, self.numbers)

    def __repr__(self) -> str:
        return f"<{len(self):,} labels, {len(self.distinct):,} distinct>"


@dataclass(eq=False)
class Exploration(Generic[K, L]):
    """Everything found by :func:`explore`.

    Configuration ``i`` has key ``keys[i]``; its successors are ``targets[offsets[i]:offsets[i+1]]``
    with event labels ``labels[offsets[i]:offsets[i+1]]``; ``parent[i]`` is the configuration it
    was first reached from (-1 for a start), so following parents gives a shortest trace.

    The sequential explorer fills ``keys`` with a list and ``index`` with a dict, or, for a
    space that numbers its own keys (the irregular scopes), with views of the space's table
    (:mod:`~auction_fsm.graph.key_table`); its ``labels`` are a :class:`LabelColumn` (numbers
    into the distinct labels).  The batch explorer uses :class:`array.array` columns and a
    sorted-array mapping.  Both keep ``targets``, ``parent`` and (sequential) ``offsets`` as
    32-bit items while the indices fit.  The integer columns are always :class:`array.array`,
    so :func:`column` views them as numpy arrays without a copy.
    """

    space: ConfigurationSpace[K, L]
    keys: Sequence[K]
    index: Mapping[K, int]
    parent: array[int]
    offsets: array[int]
    targets: array[int]
    labels: Sequence[L]
    terminal: bytearray
    starts: int
    seconds: float
    _depths: array[int] | None = field(default=None, repr=False)
    _layers: list[IntArray] | None = field(default=None, repr=False)
    _degrees: IntArray | None = field(default=None, repr=False)
    _paths: tuple[int | None, npt.NDArray[np.bool_] | None] | None = field(default=None, repr=False)
    _acyclic: bool | None = field(default=None, repr=False)

    @property
    def states(self) -> int:
        """The number of configurations."""
        return len(self.keys)

    @property
    def edges(self) -> int:
        """The number of (configuration, enabled event) pairs."""
        return len(self.targets)

    @property
    def rate(self) -> float:
        """Configurations explored per second."""
        return self.states / self.seconds if self.seconds > 0 else float("inf")

    def successors_of(self, i: int) -> Iterator[tuple[L, int]]:
        """``(label, index)`` of each successor of configuration ``i``."""
        lo, hi = self.offsets[i], self.offsets[i + 1]
        return zip(self.labels[lo:hi], self.targets[lo:hi], strict=True)

    def out_degree(self, i: int) -> int:
        """How many events are enabled at configuration ``i``."""
        return self.offsets[i + 1] - self.offsets[i]

    def depths(self) -> array[int]:
        """The length of a shortest path from a start to each configuration."""
        if self._depths is None:
            self._depths = _depths(column(self.parent), self.starts)
        return self._depths

    def degrees(self) -> IntArray:
        """The out-degree of every configuration as a numpy array (32-bit); computed once."""
        if self._degrees is None:
            self._degrees = np.diff(column(self.offsets)).astype(np.int32)
        return self._degrees

    def layers(self) -> list[IntArray] | None:
        """The configurations in topological layers (:func:`topological_layers`), or ``None``
        when the graph has a cycle; computed once."""
        if self._acyclic is None:
            self._layers = topological_layers(column(self.offsets), column(self.targets),
                                              self.degrees())
            self._acyclic = self._layers is not None
        return self._layers

    def path_to(self, i: int) -> tuple[K, list[L]]:
        """A shortest path to configuration ``i``: its start key and the event labels."""
        chain = [i]
        while self.parent[chain[-1]] >= 0:
            chain.append(self.parent[chain[-1]])
        chain.reverse()
        labels: list[L] = []
        for a, b in itertools.pairwise(chain):
            labels.append(next(lab for lab, j in self.successors_of(a) if j == b))
        return self.keys[chain[0]], labels

    def kind(self, i: int) -> str:
        """``initial``, ``terminal`` or ``normal``."""
        if i < self.starts:
            return "initial"
        return "terminal" if self.terminal[i] else "normal"

    def to_networkx(self, *, name: str | None = None) -> nx.DiGraph[Any]:
        """The configuration graph as a :class:`networkx.DiGraph`, built in bulk.

        Nodes are ``c<index>`` with attributes ``key`` (text), ``label`` (the description),
        ``kind`` and ``depth``.  Events leading to the same configuration share one edge whose
        ``label`` lists them (``"1C,1D"``) and whose ``multiplicity`` counts them, so every
        attribute is a scalar (GraphML can hold it).
        """
        space, depths = self.space, self.depths()
        key_text = getattr(space, "key_text", str)  # (a space whose keys are packed tells their values)
        g: nx.DiGraph[str] = nx.DiGraph(name=name or space.name, graph="configuration", scope=space.name)
        g.add_nodes_from(
            (node_name(i), {"key": key_text(k), "label": space.describe(k), "kind": self.kind(i),
                            "depth": depths[i]})
            for i, k in enumerate(self.keys))
        merged: dict[tuple[int, int], list[str]] = {}
        for i in range(self.states):
            for lab, j in self.successors_of(i):
                merged.setdefault((i, j), []).append(space.label_text(lab))
        g.add_edges_from((node_name(i), node_name(j), {"label": ",".join(texts), "multiplicity": len(texts)})
                         for (i, j), texts in merged.items())
        return g

    def count_paths(self) -> int | None:
        """The number of paths from the starts to terminal configurations (``None`` if a cycle
        makes it infinite).  Each event counts separately, so this is a perft count.

        The configurations are put in topological layers (Kahn's algorithm, one layer per
        step) and the counts summed layer by layer from the last, modulo a prime as large as
        the out-degrees allow and, alongside, in floating point to bound the count.  While the
        product of the primes used does not exceed the bound, another prime gets a pass; the
        count is rebuilt from the residues by the Chinese remainder theorem.  So it is exact,
        with no Python integer per configuration, and one pass suffices below about 10**17.
        """
        if self._paths is None:
            self._paths = self._count_paths()
        return self._paths[0]

    def count_paths_to(self, ends: npt.NDArray[np.bool_]) -> int | None:
        """:meth:`count_paths` counting only the terminal configurations marked in ``ends``
        (a scope split by the contract's strain counts its own ends, not those it hands over)."""
        terminal = np.frombuffer(bytes(self.terminal), dtype=np.uint8) & ends.astype(np.uint8)
        return self._count_paths(terminal)[0]

    def finishing(self) -> npt.NDArray[np.bool_] | None:
        """For an acyclic graph, which configurations reach a terminal one (those with at least
        one path to an end, from the path count's first pass); ``None`` when there is a cycle."""
        if self._paths is None:
            self._paths = self._count_paths()
        return self._paths[1]

    def _count_paths(self, terminal: npt.NDArray[np.uint8] | None = None
                     ) -> tuple[int | None, npt.NDArray[np.bool_] | None]:
        off, tgt = column(self.offsets), column(self.targets)
        layers = self.layers()
        if layers is None:
            return None, None
        if terminal is None:
            terminal = np.frombuffer(bytes(self.terminal), dtype=np.uint8)
        degree = self.degrees()
        starts = slice(0, self.starts)
        # a sum of (degree) residues plus one must stay below 2**63
        primes = primes_below((1 << 63) // (int(degree.max(initial=0)) + 1))
        total, modulus = 0, 1
        bound: float | None = None
        finishing: npt.NDArray[np.bool_] | None = None
        while bound is None or modulus <= bound * (1 + 1e-6) + 1:
            p = next(primes)
            if bound is None:  # the first pass also sums in floating point
                residues, approx = _sum_paths(off, degree, tgt, terminal, layers,
                                              [(np.dtype(np.int64), p), (np.dtype(np.float64), 0)])
                bound = float(approx[starts].sum())
                finishing = approx > 0  # sums of non-negative counts: zero only with no path
                del approx
                if not math.isfinite(bound):  # beyond floating point: Python ints after all
                    objects = _sum_paths(off, degree, tgt, terminal, layers, [(np.dtype(object), 0)])
                    return int(sum(objects[0][starts].tolist())), finishing
            else:
                (residues,) = _sum_paths(off, degree, tgt, terminal, layers, [(np.dtype(np.int64), p)])
            r = int(residues[starts].sum()) % p
            del residues
            total, modulus = with_residue(total, modulus, r, p)
        return total, finishing


def _is_prime(n: int) -> bool:
    """Miller-Rabin with the first twelve primes as witnesses: exact for n below 3.3e24."""
    witnesses = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37)
    if n < 2:
        return False
    for p in witnesses:
        if n % p == 0:
            return n == p
    d, r = n - 1, 0
    while not d & 1:
        d, r = d >> 1, r + 1
    for a in witnesses:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(r - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def with_residue(total: int, modulus: int, r: int, p: int) -> tuple[int, int]:
    """The number that is ``total`` modulo ``modulus`` and ``r`` modulo the prime ``p`` (not a
    factor of ``modulus``), and the product of the moduli: one step of the Chinese remainder
    theorem, as a path count adds one prime's residue.

    >>> with_residue(*with_residue(0, 1, 23 % 5, 5), 23 % 7, 7)
    (23, 35)
    """
    return total + modulus * ((r - total) * pow(modulus, -1, p) % p), modulus * p


def primes_below(n: int) -> Iterator[int]:
    """The primes below ``n``, largest first."""
    return (c for c in range(n - 1, 1, -1) if _is_prime(c))


def _sum_paths(offsets: IntArray, degree: IntArray, targets: IntArray, terminal: npt.NDArray[np.uint8],
               layers: list[IntArray], kinds: list[tuple[np.dtype[Any], int]]) -> list[npt.NDArray[Any]]:
    """For each configuration, the number of paths from it to a terminal configuration (which
    counts itself when terminal), summed layer by layer from the last; once per ``(dtype,
    modulus)`` of ``kinds`` (modulus 0: no reduction), sharing the walk over the edges."""
    ways = [np.zeros(len(terminal), dtype=dtype) for dtype, _ in kinds]
    for layer in reversed(layers):
        d = degree[layer]
        busy = d > 0
        reached = segments = None
        if busy.any():
            d = d[busy]
            reached = targets[ranges(offsets[layer[busy]], d)]
            segments = np.cumsum(d) - d
        for w, (dtype, modulus) in zip(ways, kinds, strict=True):
            counts = terminal[layer].astype(dtype)
            if reached is not None and segments is not None:
                counts[busy] += np.add.reduceat(w[reached], segments)
                if modulus:
                    counts %= modulus
            w[layer] = counts
    return ways


# --- numpy helpers shared with the checks -------------------------------------------------------


def column(values: array[int]) -> IntArray:
    """An integer array column as a numpy array of the same item type (a view, no copy)."""
    if not len(values):
        return np.zeros(0, np.dtype(values.typecode))
    return np.frombuffer(values, dtype=np.dtype(values.typecode))


def ranges(starts: IntArray, counts: IntArray) -> IntArray:
    """``range(s, s + c)`` for each start and count, concatenated, without a Python loop."""
    total = int(counts.sum())
    if total == 0:
        return np.zeros(0, np.int64)
    shift = np.repeat(starts - (np.cumsum(counts) - counts), counts)
    return cast(IntArray, shift + np.arange(total, dtype=np.int64))


def distinct(values: IntArray) -> IntArray:
    """The distinct values, sorted (a sort and a comparison of neighbours)."""
    ordered = np.sort(values)
    if len(ordered) < 2:
        return ordered
    keep = np.empty(len(ordered), bool)
    keep[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=keep[1:])
    return ordered[keep]


def topological_layers(offsets: IntArray, targets: IntArray,
                       degree: IntArray | None = None) -> list[IntArray] | None:
    """The configurations in layers such that every edge leads to a later layer (Kahn's
    algorithm, a layer per step), or ``None`` when a cycle leaves some never free."""
    n = len(offsets) - 1
    if degree is None:
        degree = np.diff(offsets)
    waiting = np.bincount(targets, minlength=n).astype(np.int32)
    layer: IntArray = np.flatnonzero(waiting == 0).astype(np.int32 if n < 1 << 31 else np.int64)
    layers: list[IntArray] = []
    placed = 0
    while len(layer):
        layers.append(layer)
        placed += len(layer)
        reached = targets[ranges(offsets[layer], degree[layer])]
        if not len(reached):
            break
        np.subtract.at(waiting, reached.astype(np.intp), np.int32(1))  # matching types: the fast path
        layer = distinct(reached[waiting[reached] == 0])
    return layers if placed == n else None


def _depths(parent: IntArray, starts: int) -> array[int]:
    """Breadth-first depths from parent pointers.  The explorers number configurations level
    by level, so the parents never decrease after the starts and each level is the run of
    configurations whose parent lies in the level before; otherwise walk them one by one."""
    n = len(parent)
    rest = parent[starts:]
    if len(rest) > 1 and bool((rest[1:] < rest[:-1]).any()):
        d = array("q", bytes(8 * n))
        for i in range(starts, n):
            d[i] = d[int(parent[i])] + 1
        return d
    out = np.zeros(n, np.int64)
    lo, hi, level = 0, starts, 0
    while lo < hi:
        out[lo:hi] = level
        lo, hi, level = hi, starts + int(np.searchsorted(rest, hi)), level + 1
    return to_column(out)


def to_column(values: npt.NDArray[Any], typecode: str = "q") -> array[int]:
    """A numpy integer array as an :class:`array.array` (one memory copy, no Python ints)."""
    out = array(typecode)
    data = np.ascontiguousarray(values, dtype=np.dtype(typecode))
    if data.size:
        out.frombytes(data.data.cast("B"))
    return out


