"""Exhaustive exploration of a configuration space, with compact storage.

:func:`explore` walks a :class:`~auction_fsm.graph.space.ConfigurationSpace` breadth first from
its starting configurations.  Every configuration gets an index in discovery order (so the
first parent recorded for it lies on a shortest path from a start), and the successor relation
is kept in compressed-sparse-row form (``offsets``/``targets`` arrays of ints plus one label per
edge).  Nothing of NetworkX is touched while exploring: :meth:`Exploration.to_networkx` builds
the :class:`networkx.DiGraph` in bulk, on request.

>>> from auction_fsm.graph.legal_space import LegalSpace
>>> ex = explore(LegalSpace(max_level=1))
>>> ex.states, ex.edges
(505, 1144)
"""

from __future__ import annotations

import itertools
import time
from array import array
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field
from typing import Any, Generic

import networkx as nx

from ..errors import AuctionFsmError
from .space import ConfigurationSpace, K, L

__all__ = ["Exploration", "explore", "ExplorationLimitError", "ProgressCallback", "node_name"]

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


@dataclass(eq=False)
class Exploration(Generic[K, L]):
    """Everything found by :func:`explore`.

    Configuration ``i`` has key ``keys[i]``; its successors are ``targets[offsets[i]:offsets[i+1]]``
    with event labels ``labels[offsets[i]:offsets[i+1]]``; ``parent[i]`` is the configuration it
    was first reached from (-1 for a start), so following parents gives a shortest trace.
    """

    space: ConfigurationSpace[K, L]
    keys: list[K]
    index: dict[K, int]
    parent: array[int]
    offsets: array[int]
    targets: array[int]
    labels: list[L]
    terminal: bytearray
    starts: int
    seconds: float
    _depths: array[int] | None = field(default=None, repr=False)

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
            d = array("q", bytes(8 * self.states))
            for i in range(self.starts, self.states):
                d[i] = d[self.parent[i]] + 1
            self._depths = d
        return self._depths

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
        g: nx.DiGraph[str] = nx.DiGraph(name=name or space.name, graph="configuration", scope=space.name)
        g.add_nodes_from(
            (node_name(i), {"key": str(k), "label": space.describe(k), "kind": self.kind(i),
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
        """
        n, off, tgt = self.states, self.offsets, self.targets
        indegree = array("q", bytes(8 * n))
        for j in tgt:
            indegree[j] += 1
        order = [i for i in range(n) if indegree[i] == 0]
        for i in order:  # Kahn: appending while iterating visits the whole topological order
            for e in range(off[i], off[i + 1]):
                j = tgt[e]
                indegree[j] -= 1
                if indegree[j] == 0:
                    order.append(j)
        if len(order) < n:
            return None
        ways: list[int] = [0] * n
        for i in reversed(order):
            total = 1 if self.terminal[i] else 0
            for e in range(off[i], off[i + 1]):
                total += ways[tgt[e]]
            ways[i] = total
        return sum(ways[i] for i in range(self.starts))


def explore(space: ConfigurationSpace[K, L], *, progress: ProgressCallback | None = None,
            max_states: int | None = None) -> Exploration[K, L]:
    """Explore every configuration reachable from ``space.initial_states()``, breadth first.

    Parameters
    ----------
    space
        The model to explore.
    progress
        Called every 16,384 configurations with (configurations found, queue length).
    max_states
        Raise :class:`ExplorationLimitError` once more configurations than this are found.

    Returns
    -------
    Exploration
        Keys, parent pointers and the successor relation in compact form.
    """
    started = time.perf_counter()
    found = _Discovery()
    for k in space.initial_states():
        found[k]
    starts = len(found.keys_)
    keys = found.keys_
    number = found.__getitem__
    offsets = array("q", [0])
    targets = array("q")
    labels: list[L] = []
    successors, is_terminal = space.successors, space.is_terminal
    add_targets, add_labels, add_offset = targets.extend, labels.extend, offsets.append
    for i, k in enumerate(keys):  # the list grows while we walk it: breadth-first order
        found.current = i
        labs, nxt = successors(k)
        add_targets(map(number, nxt))
        add_labels(labs)
        add_offset(len(targets))
        if not (i + 1) & (_PROGRESS_EVERY - 1):
            if progress is not None:
                progress(len(keys), len(keys) - i - 1)
            if max_states is not None and len(keys) > max_states:
                raise ExplorationLimitError(
                    f"scope {space.name!r} has more than {max_states:,} configurations; "
                    "choose a smaller scope (e.g. a lower --max-level)")
    if max_states is not None and len(keys) > max_states:
        raise ExplorationLimitError(
            f"scope {space.name!r} has {len(keys):,} configurations, more than the limit "
            f"{max_states:,}; choose a smaller scope (e.g. a lower --max-level)")
    terminal = bytearray(map(is_terminal, keys))
    if progress is not None:
        progress(len(keys), 0)
    return Exploration(space, keys, dict(found), found.parent, offsets, targets, labels, terminal,
                       starts, time.perf_counter() - started)


def key_of(exploration: Exploration[K, L], i: int) -> Hashable:
    """The key of configuration ``i`` (a convenience for reports)."""
    return exploration.keys[i]
