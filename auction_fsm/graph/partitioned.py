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

Then the number of paths from the starts to the ends (the perft count of a legal scope) is
summed backwards the same way, as Kahn's algorithm on the reversed edges: a configuration's
count is itself if it ends, plus the counts of the targets of its edges, each edge once, so it
is known once every edge leaving it has reported.  :meth:`Partition.begin_paths` takes the
configurations with no edge out, :meth:`Partition.paths_out` sends each newly counted
configuration's count along every edge into it, and :meth:`Partition.paths_in` adds what
arrives and takes the configurations whose every edge has now reported.  The counts are kept
modulo a few primes below 2**40 and, alongside, in floating point to bound the total;
:func:`count_paths` rebuilds the exact count from the residues, with another pass on other
primes while the bound says the count may exceed their product.  A configuration
on a cycle, or from which a cycle is reachable, is never counted, and then the count is none,
as one process says for a graph with a cycle.

A space is explored through the configuration-space protocol
(:class:`~auction_fsm.graph.space.ConfigurationSpace`), asking ``beyond_scope(key)`` (where the
scope stops) where it has it; its keys must then hold everything needed to go on from them (the
legal scope's ints), and the partition numbers them itself.  An irregular space
(:class:`~auction_fsm.graph.irregular_space.IrregularSpace`) is explored as one process explores
it, a partition being one more process sharing a level (:mod:`~.parallel`): the space's own
table holds the partition's keys, packed by its own numbering of values; a configuration is
expanded without storing the keys other partitions own, and the machines are fired on every
edge as it is found; a key travels as its values (``travel_key``) with the representative the
owner needs to go on from it, and is packed again there (``adopt``); a representative is held
only until its configuration is expanded.  A trace to a failure is therefore not replayed in
the partitions but by the driver, from the labels of the parent edges each partition keeps.

This module imports nothing of Dask; the functions at its end are the tasks the driver sends to
the workers, each working on the partitions held in the worker's process.
"""

from __future__ import annotations

import enum
import hashlib
import math
from array import array
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from typing import TYPE_CHECKING, Any, Final, NamedTuple, Protocol, cast

import numpy as np

from ..calls import Call
from ..errors import AuctionFsmError, InternalError
from .irregular_space import IrregularSpace
from .key_table import Distinct, KeyNumbering, NumberedKeys, appended, extended
from .parallel import LevelShare
from .results import column, primes_below, ranges, with_residue
from .space import ConfigurationSpace

if TYPE_CHECKING:
    from ..auction import AuctionState

__all__ = ["Bucket", "Partition", "SpaceFactory", "owner_of", "stable_digest", "travel_key", "CHECKED",
           "NO_MACHINES", "PATH_PRIMES_A_PASS", "PartitionLostError", "PathPass", "count_paths"]

#: Builds the configuration space in a worker process (it must pickle: a class, or a small
#: dataclass naming the scope and the law book).
SpaceFactory = Callable[[], ConfigurationSpace[Any, Any]]

#: The checks a partitioned run gives, with the same meaning as the one-process checks (the
#: number of paths to an end checked against the perft oracle where a scope has one).
CHECKED: Final = ("unreachable", "dead_ends", "cannot_finish", "terminal_with_exits", "sink_cycles", "faults",
                  "paths")
#: How many primes (each below 2**40, so that a residue plus what the edges bring it in one round
#: stays far inside 64 bits whatever the out-degree) one pass of the partitioned path count sums
#: modulo: six count exactly up to about 10**72; a larger count takes another pass.
PATH_PRIMES_A_PASS: Final = 6
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
    string changes from one process to the next).  A tuple (a declared key's values) is hashed
    from its items' own digests, each worked out once in this process (:data:`_ITEM_DIGESTS`):
    the same values come back in key after key."""
    if type(key) is int:
        return (key * _MIX) & _MASK
    if isinstance(key, tuple):
        held, parts = _ITEM_DIGESTS.get, []
        for item in key:
            digest = held(item)
            if digest is None:
                digest = _ITEM_DIGESTS[item] = _digest(item)
            parts.append(digest)
        return int.from_bytes(hashlib.blake2b(b"".join(parts), digest_size=8).digest(), "little")
    return int.from_bytes(_digest(key), "little")


def _digest(obj: object) -> bytes:
    """Eight bytes of hash of ``obj``'s stable form (:func:`_canonical`)."""
    return hashlib.blake2b(repr(_canonical(obj)).encode(), digest_size=8).digest()


#: Each item of the tuple keys hashed in this process, with its digest.  Equal items of
#: different types (``0``, ``False``) share an entry, as they share a stable form.
_ITEM_DIGESTS: dict[Hashable, bytes] = {}


def travel_key(space: object, key: Hashable) -> Hashable:
    """``key`` as it travels to another process: a space that stores its keys in a form of its
    own (an irregular space packs each key with its own numbering of values) gives the values
    (``travel_key``); any other key travels as it is."""
    travel = getattr(space, "travel_key", None)
    return key if travel is None else travel(key)


def owner_of(key: Hashable, parts: int) -> int:
    """The partition that owns ``key`` (as it travels: :func:`travel_key`) among ``parts``."""
    return (stable_digest(key) >> 16) % parts


@dataclass(slots=True)
class Bucket:
    """The edges of one round that lead into one partition.

    ``keys`` are the distinct targets as they travel (:func:`travel_key`) that the owner may not
    hold, each with its ``reps`` entry (the representative, or ``None``), the first edge reaching
    it (``first_source``: the source's global number; ``first_position``: the edge's place among
    the source's events) and that edge's label (``first_label``: what a trace to it replays).
    Each edge is ``(edge_target[e], edge_source[e])``: an index into ``keys`` and the source's
    number.
    """

    keys: list[Hashable] = field(default_factory=list)
    reps: list[object] = field(default_factory=list)
    first_source: array[int] = field(default_factory=lambda: array("q"))
    first_position: array[int] = field(default_factory=lambda: array("i"))
    first_label: list[object] = field(default_factory=list)
    edge_target: array[int] = field(default_factory=lambda: array("q"))
    edge_source: array[int] = field(default_factory=lambda: array("q"))


class _Expanded(NamedTuple):
    """One configuration's successors as a partition needs them: the labels; for each edge the
    local number of its target where this partition holds it (-1 otherwise) and the target as it
    is stored in this process (for the others); the representatives of targets no
    configuration of this process had (by stored key); the problems found at the source."""

    labels: Sequence[object]
    local: Sequence[int]
    targets: Sequence[Hashable]
    reps: dict[Hashable, Any]
    problems: list[str]


class _Store(Protocol):
    """Where a partition keeps its configurations' keys, and how it expands them."""

    #: The keys held, numbered in the order taken (the partition's local numbers).
    keys: KeyNumbering

    def starts(self) -> list[tuple[Hashable, object]]:
        """Every start of the space (whoever owns it), with what its owner needs to go on."""

    def take(self, key: Hashable, rep: object) -> int:
        """The local number of ``key`` (as it travelled), held from now on if it was not."""

    def known(self, key: Hashable) -> int | None:
        """The local number of a target :meth:`expand` gave as stored, if held here."""

    def expand(self, i: int) -> _Expanded:
        """The successors of local configuration ``i``."""

    def release(self, lo: int, hi: int) -> None:
        """Configurations ``lo`` to ``hi`` have been expanded: let go of what only that needed."""


class _Plain:
    """A space whose keys hold everything needed to go on from them (the legal scopes' ints, a
    test's graph): the partition numbers its keys itself and asks the space's protocol."""

    def __init__(self, space: ConfigurationSpace[Any, Any]) -> None:
        self.space = space
        self.keys: KeyNumbering = NumberedKeys()

    def starts(self) -> list[tuple[Hashable, object]]:
        return [(k, None) for k in self.space.initial_states()]

    def take(self, key: Hashable, rep: object) -> int:
        n = self.keys.get(key)
        return self.keys.add(key) if n is None else n

    def known(self, key: Hashable) -> int | None:
        return self.keys.get(key)

    def expand(self, i: int) -> _Expanded:
        key = self.keys.key(i)
        labels, targets = self.space.successors(key)
        return _Expanded(labels, [-1] * len(targets), targets, {}, list(self.space.faults(key)))

    def release(self, lo: int, hi: int) -> None:
        """Nothing is held per configuration beyond its key."""


class _Levelled:
    """An irregular space (graph/irregular_space.py): its own table numbers this partition's
    configurations (each key packed by this process's numbering of values, as one process
    explores); a configuration is expanded as one share of a breadth-first level is
    (``IrregularSpace.expand`` with a :class:`~.parallel.LevelShare`), so that keys other
    partitions own are never stored here, and the machines are fired on every edge as it is
    found; a representative is held from the moment its key is taken until it is expanded."""

    def __init__(self, space: IrregularSpace, check_edges: bool) -> None:
        self.space = space
        space.agreement = "all" if check_edges else "off"
        numbering = space.numbering
        if numbering is None or len(numbering):
            raise InternalError("a partition needs an irregular space that numbers its own keys "
                                "and has not started exploring")
        self.keys: KeyNumbering = numbering
        self.level = LevelShare(numbering)

    def starts(self) -> list[tuple[Hashable, object]]:
        return list(self.space.starts())

    def take(self, key: Hashable, rep: object) -> int:
        return self.keys[self.space.adopt(key, cast("AuctionState", rep))]

    def known(self, key: Hashable) -> int | None:
        return None  # (every key this process holds came back numbered from expand)

    def expand(self, i: int) -> _Expanded:
        level, space = self.level, self.space
        level.new = []
        labels, targets = space.expand(self.keys.key(i), level, i)
        local: list[int] = [t if isinstance(t, int) else -1 for t in targets]
        problems = list(level.broken)
        problems.extend(f"on {labels[p].describe()}: {problem}" for p, problem in level.faults)
        return _Expanded(labels, local, targets, level.fresh, problems)

    def release(self, lo: int, hi: int) -> None:
        """The representatives of configurations ``lo`` to ``hi`` (expanded), and of the keys
        sent away this round: no report of a partition needs them again (a trace is replayed
        by the driver, :mod:`~.cluster`)."""
        order = self.keys.order
        self.space.drop_expanded([order[i] for i in range(lo, hi)])
        self.level = LevelShare(self.keys)


class Partition:
    """The configurations one partition owns, and what the checks need of each.

    Configuration ``i`` of partition ``p`` (in the order found) has the global number
    ``i * parts + p``, so any process can tell its owner and its place there.  What a
    configuration costs here: its key in the space's table (packed, for an irregular space),
    its parent edge and that edge's label (by number), its out-degree and whether it ends, and
    each edge into it reversed (for the backward rounds), in columns of 16 or 32-bit numbers
    made wider only when a number needs it (about 98 bytes a configuration past the fixed
    tables: benchmarks/GRAPH.md); representatives only for the round under way.
    """

    def __init__(self, part: int, parts: int, factory: SpaceFactory, check_edges: bool = True) -> None:
        self.part, self.parts = part, parts
        self.space = factory()
        self._store: _Store = (
            _Levelled(self.space, check_edges) if isinstance(self.space, IrregularSpace) else _Plain(self.space))
        self.count = 0  # configurations held
        # one column a configuration each, and the reversed edges: numbers of 16 or 32 bits,
        # made wider only when a number needs it (key_table.appended, extended)
        self.parent = array("i")  # global number of the parent, -1 for a start
        self.parent_position = array("h")  # the parent edge's place among the parent's events
        self._labels = Distinct[object]()  # each distinct label of a first edge, numbered
        self.first_label = array("h")  # the number of the parent edge's label (-1: a start)
        self.round_starts = [0]  # where the configurations first found in each round begin
        self.degree = array("h")  # filled as configurations are expanded
        self.terminal = bytearray()
        self.edges = 0
        self.dead: list[int] = []
        self.stops: dict[int, str] = {}
        self.exits: list[int] = []
        self.faulty: dict[int, str] = {}
        self.pred_target = array("i")  # reversed edges: local target, global source
        self.pred_source = array("i")
        # the reversed edges sorted by target, from begin_backward on (the two columns above
        # are then let go): each edge's source, and where each target's edges start
        self._pred_sources: np.ndarray[Any, Any] = np.zeros(0, np.int32)
        self._pred_start: np.ndarray[Any, np.dtype[np.int64]] | None = None
        self.can: np.ndarray[Any, np.dtype[np.bool_]] | None = None
        self.newly: np.ndarray[Any, np.dtype[np.int64]] = np.zeros(0, np.int64)
        self._beyond = getattr(self.space, "beyond_scope", None)
        #: The machine-graph nodes the configurations expanded here realise (the driver's
        #: "not exercised" is the machine graph less the union over the partitions).
        self.exercised: set[str] = set()
        # a part of a split scope counts the paths to its own ends only (IrregularSpace.split_ends):
        # those ends, one flag a configuration; None for a scope that is not split
        self._split = callable(getattr(self.space, "split_ends", None))
        self.counted: bytearray | None = None
        # the path count (begin_paths): the pass's primes, each edge out not yet reported, the
        # counts so far (residues by the primes, and a floating-point bound)
        self._unreported: np.ndarray[Any, np.dtype[np.int64]] = np.zeros(0, np.int64)
        self._primes: tuple[int, ...] = ()
        self._residues: np.ndarray[Any, np.dtype[np.int64]] = np.zeros((0, 0), np.int64)
        self._approx: np.ndarray[Any, np.dtype[np.float64]] = np.zeros(0, np.float64)

    # --- forward ----------------------------------------------------------------------------
    def gid(self, i: int) -> int:
        """The global number of local configuration ``i``."""
        return i * self.parts + self.part

    def start(self) -> int:
        """Take the starting configurations this partition owns; how many."""
        for k, rep in self._store.starts():
            if owner_of(travel_key(self.space, k), self.parts) == self.part:
                self._take(k, rep, -1, -1, None)
        self.round_starts.append(self.count)
        return self.count

    def _take(self, key: Hashable, rep: object, source: int, position: int, label: object) -> int:
        """The local number of ``key``; a key not held yet is held, with its parent edge."""
        i = self._store.take(key, rep)
        if i == self.count:
            self.count += 1
            self.parent = appended(self.parent, source)
            self.parent_position = appended(self.parent_position, position)
            self.first_label = appended(self.first_label, -1 if source < 0 else self._labels[label])
        return i

    def expand(self) -> list[Bucket | None]:
        """Expand the configurations found in the last round; one bucket per partition (``None``
        where no edge leads)."""
        lo, hi = self.round_starts[-2], self.round_starts[-1]
        space, store, parts, me = self.space, self._store, self.parts, self.part
        buckets: list[Bucket | None] = [None] * parts
        # this round's targets not held here: the bucket and place there, or the local number
        seen: dict[Hashable, tuple[Bucket, int] | int] = {}
        into: list[int] = []  # the edges into configurations held here: local target, global source
        into_source: list[int] = []
        for i in range(lo, hi):
            key = store.keys.key(i)
            source = self.gid(i)
            labels, local, targets, reps, problems = store.expand(i)
            n = len(targets)
            self.degree = appended(self.degree, n)
            self.edges += n
            end = bool(space.is_terminal(key))
            self.terminal.append(end)
            if self._split:
                self._note_split(key)
            self.exercised.update(space.machine_states(key))
            if end and n:
                self.exits.append(i)
            elif not end and not n:
                outside = self._beyond(key) if self._beyond is not None else None
                if outside:
                    self.stops[i] = ("only lawful events outside the scope: " + ", ".join(outside[:4])
                                     + (" ..." if len(outside) > 4 else ""))
                else:
                    self.dead.append(i)
            if problems:
                self.faulty[i] = "; ".join(problems)
            for position, t in enumerate(targets):
                j = local[position]
                if j < 0:
                    place = seen.get(t)
                    if place is None:
                        going = travel_key(space, t)
                        q = owner_of(going, parts)
                        held = store.known(t) if q == me else None
                        if held is not None:
                            place = seen[t] = held
                        else:
                            bucket = buckets[q]
                            if bucket is None:
                                bucket = buckets[q] = Bucket()
                            place = seen[t] = (bucket, len(bucket.keys))
                            bucket.keys.append(going)
                            bucket.reps.append(reps.pop(t, None))
                            bucket.first_source.append(source)
                            bucket.first_position.append(position)
                            bucket.first_label.append(labels[position])
                    if isinstance(place, int):
                        j = place
                    else:
                        bucket, at = place
                        bucket.edge_target.append(at)
                        bucket.edge_source.append(source)
                        continue
                into.append(j)
                into_source.append(source)
        self.pred_target = extended(self.pred_target, into)
        self.pred_source = extended(self.pred_source, into_source)
        store.release(lo, hi)
        return buckets

    def _note_split(self, key: Hashable) -> None:
        """Note whether ``key`` is an end this part of a split scope counts its paths to (the
        first configuration tells whether the scope is split at all)."""
        ends = cast(IrregularSpace, self.space).split_ends([key])
        if ends is None:
            self._split = False
            return
        if self.counted is None:
            self.counted = bytearray()
        self.counted.append(bool(ends.counted[0]))

    def absorb(self, buckets: Sequence[Bucket | None]) -> int:
        """Take this round's edges into this partition (in partition order); how many
        configurations are new (the next round's frontier)."""
        for bucket in buckets:
            if bucket is None:
                continue
            local = array("q", [self._take(k, bucket.reps[j], bucket.first_source[j], bucket.first_position[j],
                                           bucket.first_label[j]) for j, k in enumerate(bucket.keys)])
            self.pred_target = extended(self.pred_target, column(local)[column(bucket.edge_target)].tolist())
            self.pred_source = extended(self.pred_source, bucket.edge_source)
        self.round_starts.append(self.count)
        return self.round_starts[-1] - self.round_starts[-2]

    # --- backward: which configurations can still finish ----------------------------------
    def begin_backward(self) -> int:
        """Mark the ends and the configurations where the scope stops; how many.

        The first call also sorts the reversed edges by target (the sources keep their item
        size, 32 bits while the numbers fit) and lets the unsorted columns go, so that the
        backward and path rounds hold each edge once."""
        self.can = np.frombuffer(bytes(self.terminal), np.uint8).astype(bool)
        self.can[list(self.stops)] = True
        if self._pred_start is None:
            targets = column(self.pred_target)
            self._pred_sources = column(self.pred_source)[np.argsort(targets, kind="stable")]
            start = np.zeros(self.count + 1, np.int64)
            np.cumsum(np.bincount(targets, minlength=self.count), out=start[1:])
            self._pred_start = start
            self.pred_target, self.pred_source = array("i"), array("i")
        self.newly = np.flatnonzero(self.can)
        return len(self.newly)

    def _edges_into_newly(self) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
        """Every edge into the configurations marked or counted last: its source (global
        number) and its target (local number), one column each."""
        new, start = self.newly, self._pred_start
        assert start is not None  # (begin_backward sorted the edges)
        lengths = start[new + 1] - start[new]
        return self._pred_sources[ranges(start[new], lengths)], np.repeat(new, lengths)

    def backward(self) -> list[np.ndarray[Any, np.dtype[np.int64]] | None]:
        """The predecessors of the configurations marked last, as local numbers per owner."""
        sources, _ = self._edges_into_newly()
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
        assert start is not None  # (begin_backward sorted the edges)
        return [(int(s), self.gid(t)) for t in targets for s in src[start[t]:start[t + 1]]]

    # --- backward: the number of paths to an end ------------------------------------------
    def begin_paths(self, primes: Sequence[int]) -> int:
        """Start the path count modulo ``primes`` (after :meth:`begin_backward`, whose reversed
        edges it follows): every configuration counts itself if it ends (for a part of a split
        scope, if it is one of the part's own ends); those with no edge out are counted already.
        How many."""
        ends = np.frombuffer(bytes(self.counted if self.counted is not None else self.terminal), np.uint8)
        self._primes = tuple(primes)
        self._unreported = column(self.degree).astype(np.int64)
        self._residues = np.tile(ends.astype(np.int64), (len(self._primes), 1))
        self._approx = ends.astype(np.float64)
        self.newly = np.flatnonzero(self._unreported == 0)
        return len(self.newly)

    def paths_out(self) -> list[tuple[np.ndarray[Any, np.dtype[np.int64]], np.ndarray[Any, np.dtype[np.int64]],
                                      np.ndarray[Any, np.dtype[np.float64]]] | None]:
        """For each owner, the edges into the configurations counted last whose source it holds:
        (local source, the target's residues, the target's bound), one column per edge."""
        sources, targets = self._edges_into_newly()
        owners = sources % self.parts
        out: list[tuple[Any, Any, Any] | None] = []
        for q in range(self.parts):
            mine = owners == q
            if mine.any():
                at = targets[mine]
                out.append((sources[mine] // self.parts, self._residues[:, at], self._approx[at]))
            else:
                out.append(None)
        return out

    def paths_in(self, sent: Sequence[tuple[np.ndarray[Any, np.dtype[np.int64]], np.ndarray[Any, np.dtype[np.int64]],
                                            np.ndarray[Any, np.dtype[np.float64]]] | None]) -> int:
        """Add the counts the edges bring to their sources here; the configurations whose every
        edge has now reported are counted (the next round sends theirs).  How many."""
        got = [x for x in sent if x is not None]
        if not got:
            self.newly = np.zeros(0, np.int64)
            return 0
        sources = np.concatenate([g[0] for g in got])
        residues = np.concatenate([g[1] for g in got], axis=1)
        for row, p in enumerate(self._primes):
            counts = self._residues[row]  # (a view: changed in place)
            np.add.at(counts, sources, residues[row])
            counts %= p
        np.add.at(self._approx, sources, np.concatenate([g[2] for g in got]))
        np.subtract.at(self._unreported, sources, 1)
        touched_sources = np.unique(sources)
        self.newly = touched_sources[self._unreported[touched_sources] == 0]
        return len(self.newly)

    def path_totals(self) -> tuple[list[int], float, int]:
        """The starts' counts summed (residues by the pass's primes, and the bound), and how many
        configurations were never counted (on or before a cycle)."""
        starts = slice(0, self.round_starts[1])
        residues = [int(self._residues[row, starts].sum()) % p for row, p in enumerate(self._primes)]
        return residues, float(self._approx[starts].sum()), int((self._unreported > 0).sum())

    # --- results ----------------------------------------------------------------------------
    def summary(self) -> dict[str, int]:
        """This partition's counts."""
        return {"states": self.count, "edges": self.edges, "terminals": sum(self.terminal),
                "dead_ends": len(self.dead), "stops_at_bounds": len(self.stops),
                "terminal_with_exits": len(self.exits), "faults": len(self.faulty),
                "cannot_finish": len(self.trapped()) if self.can is not None else -1}

    def depth(self, i: int) -> int:
        """How many events from a start configuration ``i`` was first reached in."""
        return int(np.searchsorted(self.round_starts, i, side="right")) - 1

    def failing(self, limit: int) -> dict[str, list[tuple[int, int, str]]]:
        """The shallowest ``limit`` failures of each check and the first places the scope
        stops: ``(depth, global number, detail)`` (the driver describes each configuration from
        its trace, :func:`~.cluster.explore_partitioned`)."""
        trapped = self.trapped() if self.can is not None else []
        items: dict[str, list[tuple[int, str]]] = {
            "dead_ends": [(i, "no enabled event") for i in self.dead[:limit]],
            "cannot_finish": [(i, "no terminal configuration reachable") for i in trapped[:limit]],
            "terminal_with_exits": [(i, f"{self.degree[i]} enabled event(s) after the end")
                                    for i in self.exits[:limit]],
            "faults": sorted(self.faulty.items())[:limit],
            "stops_at_bounds": sorted(self.stops.items())[:limit],
        }
        return {check: [(self.depth(i), self.gid(i), detail) for i, detail in found]
                for check, found in items.items()}

    def exercised_states(self) -> set[str]:
        """The machine-graph nodes the configurations expanded here realise."""
        return self.exercised

    def step_back(self, i: int) -> tuple[int, int, object]:
        """The parent edge of local configuration ``i``: (parent's global number, the edge's
        place among the parent's events, its label); the parent is -1 for a start."""
        n = self.first_label[i]
        return self.parent[i], self.parent_position[i], None if n < 0 else self._labels.by_number[n]

    def key_at(self, i: int) -> Hashable:
        """The key of local configuration ``i`` as it travels (:func:`travel_key`)."""
        return travel_key(self.space, self._store.keys.key(i))


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
    edge of an irregular space)."""
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


def task_begin_paths(run: str, part: int, primes: Sequence[int]) -> int:
    """:meth:`Partition.begin_paths` of partition ``part``."""
    return _held(run, part).begin_paths(primes)


def task_paths_out(run: str, part: int) -> list[Any]:
    """:meth:`Partition.paths_out` of partition ``part``."""
    return _held(run, part).paths_out()


def task_paths_in(run: str, part: int, *sent: Any) -> int:
    """:meth:`Partition.paths_in` of partition ``part``."""
    return _held(run, part).paths_in(sent)


#: One pass of the path count over every partition: given the primes, each partition's
#: :meth:`Partition.path_totals` once the rounds are done.
PathPass = Callable[[tuple[int, ...]], Sequence[tuple[Sequence[int], float, int]]]


def count_paths(one_pass: PathPass) -> tuple[int | None, str | None]:
    """The number of paths from the starts to the ends, from passes of the partitions' path
    rounds (``one_pass``), each modulo :data:`PATH_PRIMES_A_PASS` new primes, rebuilt by the
    Chinese remainder theorem until the product of the primes exceeds the floating-point bound:
    exact, as one process's count is.  With a cycle the count is infinite: ``None``, as one
    process gives it.  Second, why the count is missing where it is not infinite (beyond
    floating point, where one process goes on in Python integers), else ``None``."""
    primes = primes_below(1 << 40)
    total, modulus = 0, 1
    while True:
        chosen = tuple(next(primes) for _ in range(PATH_PRIMES_A_PASS))
        totals = one_pass(chosen)
        if any(undone for _, _, undone in totals):
            return None, None
        bound = sum(approx for _, approx, _ in totals)
        if not math.isfinite(bound):
            return None, "more than floating point bounds (10**308); one process counts them"
        for row, p in enumerate(chosen):
            total, modulus = with_residue(total, modulus, sum(residues[row] for residues, _, _ in totals) % p, p)
        if bound * (1 + 1e-6) + 1 < modulus:
            return total, None


def task_call(run: str, part: int, method: str, *args: Any) -> Any:
    """Any other method of the partition (summaries, failures, trace steps)."""
    return getattr(_held(run, part), method)(*args)


def task_release(run: str, part: int) -> None:
    """Drop the partition (the run is over)."""
    _HELD.pop((run, part), None)
