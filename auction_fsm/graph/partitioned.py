"""One share of a configuration graph explored in partitions, for a run on a cluster.

The graph is split by key: configuration ``k`` belongs to partition ``owner_of(k, parts)``, a
stable hash of the key (the same in every process, whatever Python's string-hash salt), so a
key is stored, expanded and checked in exactly one place.  Each :class:`Partition` builds its
own configuration space from a factory and explores breadth first in *rounds* driven from
outside (:mod:`auction_fsm.graph.cluster` drives them on Dask):

1. :meth:`Partition.expand` asks the space for the successors of the configurations it found in
   the last round, records what the checks need of each (end or not, out-degree, dead end,
   where the scope stops, faults) and sorts every edge into one :class:`Bucket` per owner of
   its target;
2. :meth:`Partition.absorb` takes the buckets addressed to it, numbers the keys it had not seen
   (they are the next round's frontier) with their parent edge, and stores each edge reversed.

Every configuration first found in round ``r`` lies at distance ``r`` from a start, so the
parent edges give shortest traces, as the one-process explorer's do.

Afterwards "can every configuration still finish?" is answered backwards in rounds:
:meth:`Partition.begin_backward` marks the ends (and the configurations where the scope stops),
:meth:`Partition.backward` sends the predecessors of the newly marked ones to their owners, and
:meth:`Partition.mark` marks them; what is never marked cannot finish.

Only the configuration-space protocol (:class:`~auction_fsm.graph.space.ConfigurationSpace`) is
used, plus three optional methods for spaces whose keys do not hold everything needed to go on
from them (:class:`~auction_fsm.graph.irregular_space.IrregularSpace` keeps a representative
state per compact key): ``representative(key)`` (what the owner needs to go on from ``key``),
``adopt(key, representative)`` (take it in; returns the key to store) and ``forget(keys)``
(drop what this process no longer needs).  A space without them must have complete keys (the
legal scope's ints).  Two more are asked for where a space has them, as the one-process checks
ask: ``beyond_scope(key)`` (where the scope stops) and ``edge_agreement(key, labels, targets)``
(the machines on every edge leaving ``key``, counted with its faults).

This module imports nothing of Dask; the functions at its end are the tasks the driver sends to
the workers, each working on the partitions held in the worker's process.
"""

from __future__ import annotations

import enum
import hashlib
from array import array
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any, Final, TypeVar, cast

import numpy as np

from ..calls import Call
from ..errors import AuctionFsmError
from .results import column, ranges
from .space import ConfigurationSpace

__all__ = ["Bucket", "Partition", "SpaceFactory", "owner_of", "stable_digest", "travelling", "CHECKED", "NOT_CHECKED",
           "NO_MACHINES", "PartitionLostError"]

#: Builds the configuration space in a worker process (it must pickle: a class, or a small
#: dataclass naming the scope and the law book).
SpaceFactory = Callable[[], ConfigurationSpace[Any, Any]]

#: The checks a partitioned run gives, with the same meaning as the one-process checks.
CHECKED: Final = ("unreachable", "dead_ends", "cannot_finish", "terminal_with_exits", "sink_cycles", "faults")
#: What the one-process ``verify`` does that a partitioned run does not.
NOT_CHECKED: Final = (
    "the number of paths to an end (and so the perft oracle of the legal scopes)",
    "the machine states a scope never exercises",
)
#: Said too when the machines are not fired on every edge (the scope's agreement mode is off).
NO_MACHINES: Final = ("the machines on every edge (the scope's agreement mode is off): each "
                      "configuration's own invariants are checked")

_MIX: Final = 0x9E3779B97F4A7C15
_MASK: Final = (1 << 64) - 1


def _canonical(obj: object) -> object:
    """``obj`` as nested tuples of atoms whose ``repr`` is the same in every process (sets
    sorted, enum members and dataclasses by name) and the same for equal objects (``False``,
    ``0``, ``0.0`` and an int enum member worth 0 are equal keys, so all become ``0``);
    ``TypeError`` for anything else."""
    t = type(obj)
    if t is int or t is str or t is bytes or obj is None:
        return obj
    if isinstance(obj, bool | int):  # bool, IntEnum: equal to (and hashed as) their int
        return int(obj)
    if isinstance(obj, float):
        return int(obj) if obj.is_integer() else obj
    if isinstance(obj, tuple | list):
        return tuple(map(_canonical, obj))
    if isinstance(obj, frozenset | set):
        return ("set", *sorted((_canonical(x) for x in obj), key=repr))
    if isinstance(obj, enum.Enum):
        return (type(obj).__qualname__, obj.name)
    if t is Call:  # (a call is its code: one object per call, equal by code)
        return ("Call", cast(Call, obj).code)
    if is_dataclass(obj) and not isinstance(obj, type):
        return (type(obj).__qualname__, *(_canonical(getattr(obj, f.name)) for f in fields(obj)))
    raise TypeError(f"a configuration key holds a {type(obj).__name__}, which has no stable form")


def stable_digest(key: Hashable) -> int:
    """A 64-bit hash of ``key`` that every process computes alike (Python's ``hash`` of a
    string changes from one process to the next)."""
    if type(key) is int:
        return (key * _MIX) & _MASK
    text = repr(_canonical(key)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "little")


S = TypeVar("S")


def travelling(space: S) -> S:
    """``space``, told that its keys go to other processes (an irregular space then keeps them
    as values, not as its own numbering of them: ``IrregularSpace.keys_travel``)."""
    travel = getattr(space, "keys_travel", None)
    if travel is not None:
        travel()
    return space


def owner_of(key: Hashable, parts: int) -> int:
    """The partition that owns ``key`` among ``parts``."""
    return (stable_digest(key) >> 16) % parts


@dataclass(slots=True)
class Bucket:
    """The edges of one round that lead into one partition.

    ``keys`` are the distinct targets, each with its ``reps`` entry (the representative, or
    ``None``) and the first edge reaching it (``first_source``: the source's global number;
    ``first_position``: the edge's place among the source's events).  Each edge is
    ``(edge_target[e], edge_source[e])``: an index into ``keys`` and the source's number.
    """

    keys: list[Hashable] = field(default_factory=list)
    reps: list[object] = field(default_factory=list)
    first_source: array[int] = field(default_factory=lambda: array("q"))
    first_position: array[int] = field(default_factory=lambda: array("q"))
    edge_target: array[int] = field(default_factory=lambda: array("q"))
    edge_source: array[int] = field(default_factory=lambda: array("q"))


class Partition:
    """The configurations one partition owns, and what the checks need of each.

    Configuration ``i`` of partition ``p`` (in the order found) has the global number
    ``i * parts + p``, so any process can tell its owner and its place there.
    """

    def __init__(self, part: int, parts: int, factory: SpaceFactory, check_edges: bool = True) -> None:
        self.part, self.parts = part, parts
        self.space = travelling(factory())
        self.keys: list[Hashable] = []
        self.index: dict[Hashable, int] = {}
        self.parent = array("q")  # global number of the parent, -1 for a start
        self.parent_position = array("q")  # the parent edge's place among the parent's events
        self.round_starts = [0]  # where the configurations first found in each round begin
        self.degree = array("q")  # filled as configurations are expanded
        self.terminal = bytearray()
        self.edges = 0
        self.dead: list[int] = []
        self.stops: dict[int, str] = {}
        self.exits: list[int] = []
        self.faulty: dict[int, str] = {}
        self.pred_target = array("q")  # reversed edges: local target, global source
        self.pred_source = array("q")
        self.can: np.ndarray[Any, np.dtype[np.bool_]] | None = None
        self.newly: np.ndarray[Any, np.dtype[np.int64]] = np.zeros(0, np.int64)
        self._adopt = getattr(self.space, "adopt", None)
        self._represent = getattr(self.space, "representative", None)
        self._forget = getattr(self.space, "forget", None)
        self._beyond = getattr(self.space, "beyond_scope", None)
        self._edge_check = getattr(self.space, "edge_agreement", None) if check_edges else None

    # --- forward ----------------------------------------------------------------------------
    def gid(self, i: int) -> int:
        """The global number of local configuration ``i``."""
        return i * self.parts + self.part

    def start(self) -> int:
        """Take the starting configurations this partition owns; how many."""
        for k in self.space.initial_states():
            if owner_of(k, self.parts) == self.part and k not in self.index:
                self._add(k, -1, -1)
        self.round_starts.append(len(self.keys))
        return len(self.keys)

    def _add(self, key: Hashable, source: int, position: int) -> None:
        self.index[key] = len(self.keys)
        self.keys.append(key)
        self.parent.append(source)
        self.parent_position.append(position)

    def expand(self) -> list[Bucket | None]:
        """Expand the configurations found in the last round; one bucket per partition (``None``
        where no edge leads)."""
        lo, hi = self.round_starts[-2], self.round_starts[-1]
        space, parts, me = self.space, self.parts, self.part
        buckets: list[Bucket | None] = [None] * parts
        seen: dict[Hashable, tuple[Bucket, int]] = {}  # this round's targets: bucket, index there
        foreign: list[Hashable] = []
        represent = self._represent
        for i in range(lo, hi):
            key = self.keys[i]
            source = self.gid(i)
            labels, targets = space.successors(key)
            n = len(targets)
            self.degree.append(n)
            self.edges += n
            end = bool(space.is_terminal(key))
            self.terminal.append(end)
            if end and n:
                self.exits.append(i)
            elif not end and not n:
                outside = self._beyond(key) if self._beyond is not None else None
                if outside:
                    self.stops[i] = ("only lawful events outside the scope: " + ", ".join(outside[:4])
                                     + (" ..." if len(outside) > 4 else ""))
                else:
                    self.dead.append(i)
            problems = list(space.faults(key))
            if self._edge_check is not None and n:
                problems.extend(self._edge_check(key, labels, targets))
            if problems:
                self.faulty[i] = "; ".join(problems)
            for position, t in enumerate(targets):
                place = seen.get(t)
                if place is None:
                    q = owner_of(t, parts)
                    bucket = buckets[q]
                    if bucket is None:
                        bucket = buckets[q] = Bucket()
                    place = seen[t] = (bucket, len(bucket.keys))
                    bucket.keys.append(t)
                    # the owner needs a representative only for a key it may not have
                    known = q == me and t in self.index
                    bucket.reps.append(represent(t) if represent is not None and not known else None)
                    bucket.first_source.append(source)
                    bucket.first_position.append(position)
                    if q != me:
                        foreign.append(t)
                bucket, j = place
                bucket.edge_target.append(j)
                bucket.edge_source.append(source)
        if self._forget is not None and foreign:
            self._forget(foreign)
        return buckets

    def absorb(self, buckets: Sequence[Bucket | None]) -> int:
        """Take this round's edges into this partition (in partition order); how many
        configurations are new (the next round's frontier)."""
        index, adopt = self.index, self._adopt
        for bucket in buckets:
            if bucket is None:
                continue
            local = array("q")
            for j, k in enumerate(bucket.keys):
                i = index.get(k)
                if i is None:
                    if adopt is not None:
                        k = adopt(k, bucket.reps[j])
                    i = len(self.keys)
                    self._add(k, bucket.first_source[j], bucket.first_position[j])
                local.append(i)
            self.pred_target.extend(column(local)[column(bucket.edge_target)].tolist())
            self.pred_source.extend(bucket.edge_source)
        self.round_starts.append(len(self.keys))
        return self.round_starts[-1] - self.round_starts[-2]

    # --- backward: which configurations can still finish ----------------------------------
    def begin_backward(self) -> int:
        """Mark the ends and the configurations where the scope stops; how many."""
        self.can = np.frombuffer(bytes(self.terminal), np.uint8).astype(bool)
        self.can[list(self.stops)] = True
        order = np.argsort(column(self.pred_target), kind="stable")
        self._pred_sources = column(self.pred_source)[order]
        self._pred_start = np.zeros(len(self.keys) + 1, np.int64)
        np.cumsum(np.bincount(column(self.pred_target), minlength=len(self.keys)), out=self._pred_start[1:])
        self.newly = np.flatnonzero(self.can)
        return len(self.newly)

    def backward(self) -> list[np.ndarray[Any, np.dtype[np.int64]] | None]:
        """The predecessors of the configurations marked last, as local numbers per owner."""
        new, start = self.newly, self._pred_start
        sources = self._pred_sources[ranges(start[new], start[new + 1] - start[new])]
        owners = sources % self.parts
        out: list[np.ndarray[Any, np.dtype[np.int64]] | None] = []
        for q in range(self.parts):
            mine = np.unique(sources[owners == q] // self.parts)
            out.append(mine if len(mine) else None)
        return out

    def mark(self, lists: Sequence[np.ndarray[Any, np.dtype[np.int64]] | None]) -> int:
        """Mark the configurations sent (they reach a marked one); how many were new."""
        assert self.can is not None
        got = [x for x in lists if x is not None]
        cand = np.unique(np.concatenate(got)) if got else np.zeros(0, np.int64)
        self.newly = cand[~self.can[cand]]
        self.can[self.newly] = True
        return len(self.newly)

    def trapped(self) -> list[int]:
        """Local numbers of the configurations that cannot finish."""
        assert self.can is not None
        found: list[int] = np.flatnonzero(~self.can).tolist()
        return found

    def edges_into(self, targets: Sequence[int]) -> list[tuple[int, int]]:
        """``(source, target)`` global numbers of every edge into the local ``targets``."""
        start, src = self._pred_start, self._pred_sources
        return [(int(s), self.gid(t)) for t in targets for s in src[start[t]:start[t + 1]]]

    # --- results ----------------------------------------------------------------------------
    def summary(self) -> dict[str, int]:
        """This partition's counts."""
        return {"states": len(self.keys), "edges": self.edges, "terminals": sum(self.terminal),
                "dead_ends": len(self.dead), "stops_at_bounds": len(self.stops),
                "terminal_with_exits": len(self.exits), "faults": len(self.faulty),
                "cannot_finish": len(self.trapped()) if self.can is not None else -1}

    def depth(self, i: int) -> int:
        """How many events from a start configuration ``i`` was first reached in."""
        return int(np.searchsorted(self.round_starts, i, side="right")) - 1

    def failing(self, limit: int) -> dict[str, list[tuple[int, int, str, str]]]:
        """The shallowest ``limit`` failures of each check and the first places the scope
        stops: ``(depth, global number, description, detail)``."""
        trapped = self.trapped() if self.can is not None else []
        items: dict[str, list[tuple[int, str]]] = {
            "dead_ends": [(i, "no enabled event") for i in self.dead[:limit]],
            "cannot_finish": [(i, "no terminal configuration reachable") for i in trapped[:limit]],
            "terminal_with_exits": [(i, f"{self.degree[i]} enabled event(s) after the end")
                                    for i in self.exits[:limit]],
            "faults": sorted(self.faulty.items())[:limit],
            "stops_at_bounds": sorted(self.stops.items())[:limit],
        }
        return {check: [(self.depth(i), self.gid(i), self.space.describe(self.keys[i]), detail)
                        for i, detail in found] for check, found in items.items()}

    def step_back(self, i: int) -> tuple[int, int]:
        """The parent edge of local configuration ``i``: (parent's global number, place)."""
        return self.parent[i], self.parent_position[i]

    def key_at(self, i: int) -> Hashable:
        """The key of local configuration ``i``."""
        return self.keys[i]

    def describe_at(self, i: int) -> str:
        """The space's one-line description of local configuration ``i``."""
        return self.space.describe(self.keys[i])

    def label(self, i: int, position: int) -> object:
        """The label of the ``position``-th event of local configuration ``i``."""
        labels, _ = self.space.successors(self.keys[i])
        return labels[position]


# --- the tasks a driver sends to the workers ------------------------------------------------
# Partitions live in the worker process that made them, under (run, part); a driver pins every
# task of a partition to that worker.
_HELD: dict[tuple[str, int], Partition] = {}


class PartitionLostError(AuctionFsmError):
    """A worker no longer holds a partition of the run (it was restarted): the run cannot go on."""


def _held(run: str, part: int) -> Partition:
    try:
        return _HELD[run, part]
    except KeyError:
        raise PartitionLostError(f"partition {part} of the run is no longer held by its worker (was "
                                 "the worker restarted?); the run cannot go on") from None


def task_start(run: str, part: int, parts: int, factory: SpaceFactory) -> int:
    """Make partition ``part`` of run ``run`` here and take its starting configurations (the
    factory's ``check_edges``, true unless it says otherwise, asks for the machines on every
    edge where the space offers ``edge_agreement``)."""
    p = _HELD[run, part] = Partition(part, parts, factory, getattr(factory, "check_edges", True))
    return p.start()


def task_expand(run: str, part: int) -> list[Bucket | None]:
    """:meth:`Partition.expand`."""
    return _held(run, part).expand()


def task_pick(items: Sequence[Any], index: int) -> Any:
    """One item of a task's list (so that each owner fetches only its own bucket)."""
    return items[index]


def task_absorb(run: str, part: int, *buckets: Bucket | None) -> int:
    """:meth:`Partition.absorb`."""
    return _held(run, part).absorb(buckets)


def task_begin_backward(run: str, part: int) -> int:
    """:meth:`Partition.begin_backward`."""
    return _held(run, part).begin_backward()


def task_backward(run: str, part: int) -> list[Any]:
    """:meth:`Partition.backward`."""
    return _held(run, part).backward()


def task_mark(run: str, part: int, *lists: Any) -> int:
    """:meth:`Partition.mark`."""
    return _held(run, part).mark(lists)


def task_call(run: str, part: int, method: str, *args: Any) -> Any:
    """Any other method of the partition (summaries, failures, trace steps)."""
    return getattr(_held(run, part), method)(*args)


def task_release(run: str, part: int) -> None:
    """Drop the partition (the run is over)."""
    _HELD.pop((run, part), None)
