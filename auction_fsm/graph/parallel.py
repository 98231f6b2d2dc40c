"""A breadth-first level of an irregular scope expanded by forked worker processes.

The explorer of :mod:`auction_fsm.graph.configuration` asks a space that offers
``successors_many`` for the successors of up to 16,384 configurations at once, the next ones in
breadth-first order (a level, or a slice of one; called a level below).
:class:`~auction_fsm.graph.irregular_space.IrregularSpace` answers through :func:`expand_level`:
with more than one job and a level big enough to be worth a fork, worker processes are forked,
which inherit the space and the representatives as they are, and this
process works beside them.  Each asks the engine for its configurations' successors exactly as
the one-process explorer does (:meth:`IrregularSpace.expand`).

**How the work is shared.**  The level is cut into tasks before the fork, big ones first and
small ones last (:func:`_tasks`), and every process, this one included, takes the next task
not yet taken (a counter in shared memory) until none is left: whoever is ahead takes more, so
all finish within about one task of each other, however uneven the configurations' costs.  (The dealing fixed before
the fork that this replaces left one process waiting for the other at the end of each level:
measured on ``insufficient-1-level2``, 2.0 s of waiting against 0.2 s of forking, summed over
its levels.)  A task is a run of configurations in the level's order.  A worker sends each task's answers as soon as it has them, and
this process reads them between its own tasks, so reading them (unpickling) is shared out as
well: this process simply takes fewer tasks.  A key the space's tables held before the level
travels as its number in their order (one int rather than a tuple of parts; the numbers are
kept in the space and brought up to date before each fork), so what travels is mostly the
labels and the representatives of new keys.  This process merges the answers in the level's
order as far as they have come in, between its own tasks (:class:`_Merge`), so that only the
last few tasks' merge is left to it alone once the level is worked out.

**Why the result is the one process's, index for index.**  This process merges the answers
in the level's order.  A key the tables did not hold gets the representative and the parent
pointer of the first edge reaching it in that order, as one process gives them.  That edge's
source was worked out by one process, and each process keeps, for every key it reached first
in this level, the representative of its edge from the earliest position of the level
(:meth:`~auction_fsm.graph.irregular_space.IrregularSpace.expand`; a process takes its tasks
out of the level's order, so a later edge from an earlier position replaces the one it
kept).  So the process of the first edge holds exactly that edge's representative, however
the tasks were shared (``tests/graph/test_parallel.py`` compares keys, labels, parents,
representatives, traces and verdicts, with the tasks dealt in a fixed way and in reverse).
"""

from __future__ import annotations

import gc
import multiprocessing
import queue
import time
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..errors import InternalError
from .key_table import KeyNumbering

if TYPE_CHECKING:
    from multiprocessing.sharedctypes import Synchronized

    from ..auction import AuctionState
    from ..events import Event

#: The space a level is expanded for: an :class:`~auction_fsm.graph.irregular_space.IrregularSpace`
#: (not imported here, since it imports this module; its private tables are read as they are).
IrregularSpace = Any

__all__ = ["expand_level", "LevelShare", "taken_tasks", "MIN_FORKED_LEVEL", "GUIDED_SHARE", "SMALLEST_TASK",
           "FIXED_DEALING", "TIMELINE"]

#: Levels with fewer configurations are expanded in this process (a fork costs more).
MIN_FORKED_LEVEL = 128
#: Each task is about this fraction of what is left of the level per process (guided
#: self-scheduling, :func:`_tasks`).
GUIDED_SHARE = 8
#: The smallest task, as a fraction of the level (each task costs one message).
SMALLEST_TASK = 1 / 512
#: ``None``: every process takes the next free task.  A number ``n`` (for the tests): process
#: ``p`` of ``n`` takes tasks ``p``, ``p + n``, ... in order, whoever is ahead, so that the
#: workers' share of the level does not depend on timing.
FIXED_DEALING: int | None = None
#: ``None``: nothing noted.  A list (for ``benchmarks/bench_jobs_timeline.py``): each call of
#: :func:`expand_level` appends what it did and when (``time.perf_counter()``): ``("alone",
#: (start, end))`` for a level expanded in this process alone; ``("forked", (start, worked,
#: end))`` for a forked level, ``worked`` being when this process ran out of tasks (until then
#: every process works; after it this process gathers the last answers and finishes the merge
#: alone).
TIMELINE: list[tuple[str, tuple[float, ...]]] | None = None


@dataclass(slots=True)
class LevelShare:
    """What a process working out part of a breadth-first level keeps
    (:meth:`~auction_fsm.graph.irregular_space.IrregularSpace.expand`)."""

    #: The number of each key the space's tables held when the level began (the same in every
    #: process of the level); in this process, also of the keys merged since (:class:`_Merge`).
    index: KeyNumbering | Mapping[Hashable, int]
    #: The representative kept for each key reached that the tables did not hold.
    fresh: dict[Hashable, AuctionState] = field(default_factory=dict)
    #: The level's position each of those representatives was reached from.
    first: dict[Hashable, int] = field(default_factory=dict)
    #: For the configuration expanded last: the positions of its edges to keys not numbered.
    new: list[int] = field(default_factory=list)
    #: For the configuration expanded last: the machines' problems found on its edges (with
    #: the machines checked on every edge), by position of the edge.
    faults: list[tuple[int, str]] = field(default_factory=list)
    #: For the configuration expanded last: the broken invariants of its representative.
    broken: list[str] = field(default_factory=list)


Successors = tuple[list["Event"], list[Hashable]]
#: A configuration's successors as a process of the level answers: labels, keys, the
#: positions of the edges to keys no earlier level reached, the machines' problems by position
#: (:attr:`LevelShare.faults`) and the representative's broken invariants.
_Answer = tuple[list["Event"], list[Hashable], list[int], list[tuple[int, str]], list[str]]
#: A worker's message: its part, a task's index and, per configuration of the task, its
#: successors, with the representatives the task made it keep for keys new in this level; or its part, ``_DONE`` and how many edges it drove
#: the machines through (all, and from a recorded run); or its part, ``_FAILED`` and the error.
_Message = tuple[int, int, Any, Any]
_DONE, _FAILED = -1, -2
#: How long this process waits for a worker's message before it looks whether the worker is
#: still alive (seconds).
_POLL = 1.0
#: In this process alone, how often the progress of a level is told (a scope over all 35 bids can
#: expand a few hundred configurations a second; a batch is 16,384 of them).
TELL_EVERY = 1 << 10


def expand_level(space: IrregularSpace, level: Sequence[Hashable], jobs: int,
                 tell: Callable[[int], None] | None = None) -> list[Successors]:
    """The successors of each configuration of ``level``, in order (see the module docstring);
    ``tell`` is given how many of them have their successors so far: every :data:`TELL_EVERY` in
    this process alone, as they are merged when shared between processes."""
    start = time.perf_counter()
    if (jobs <= 1 or len(level) < MIN_FORKED_LEVEL
            or "fork" not in multiprocessing.get_all_start_methods()):
        if tell is None:
            alone = [space.successors(k) for k in level]
        else:
            alone = []
            for k in level:
                alone.append(space.successors(k))
                if not len(alone) % TELL_EVERY:
                    tell(len(alone))
            if len(alone) % TELL_EVERY:
                tell(len(alone))  # (and at the end)
        if TIMELINE is not None:
            TIMELINE.append(("alone", (start, time.perf_counter())))
        return alone
    order = space._order  # every key the space holds, by number (IrregularSpace._index)
    tasks = _tasks(level, jobs)
    ctx = multiprocessing.get_context("fork")
    counter: Synchronized[int] = ctx.Value("q", 0)
    inbox: multiprocessing.Queue[_Message] = ctx.Queue()
    answers: list[_Answer | None] = [None] * len(level)
    owner = bytearray(len(level))  # the process that worked out each configuration
    mine = LevelShare(space._index)
    kept: list[dict[Hashable, AuctionState]] = [mine.fresh, *({} for _ in range(1, jobs))]
    merge = _Merge(space, level, answers, owner, kept, order)
    events, parts = space._events.setdefault, space._parts.setdefault
    gc.freeze()  # keep the collector from touching (and so copying) the inherited objects
    workers = [ctx.Process(target=_work, args=(space, level, tasks, counter, inbox, part, jobs),
                           daemon=True) for part in range(1, jobs)]
    try:
        for w in workers:
            w.start()
        finished: set[int] = set()

        def take_in(message: _Message) -> None:
            part, task, found, extra = message
            if task == _FAILED:
                raise found
            if task == _DONE:
                space.replayed_events += extra[0]
                space.hits_elsewhere += extra[1]
                finished.add(part)
                return
            seen: dict[int, Event] = {}  # id of an unpickled event -> the one stored
            held: dict[int, Hashable] = {}  # id of an unpickled key or part -> the one stored
            for pos, (labels, keys, new, faults, broken) in zip(tasks[task], found, strict=True):
                for i, e in enumerate(labels):  # (written out: this loop runs once per edge)
                    got = seen.get(id(e))
                    if got is None:
                        got = seen[id(e)] = events(e, e)
                    labels[i] = got
                for i in new:  # keys new in the level: each part stored once, while the workers work
                    k = keys[i]
                    if k.__class__ is tuple:
                        stored = held.get(id(k))
                        if stored is None:
                            stored = held[id(k)] = tuple([_stored(c, held, parts) for c in k])
                        keys[i] = stored
                answers[pos] = (labels, _known(keys, order), new, faults, broken)
                owner[pos] = part
            kept[part].update(extra)

        for task in taken_tasks(counter, len(tasks), 0, jobs):
            for pos in tasks[task]:
                mine.new = []
                labels, keys = space.expand(level[pos], mine, pos)
                answers[pos] = (labels, _known(keys, order), mine.new, mine.faults, mine.broken)
            while True:  # the workers' answers so far, between this process's own tasks
                try:
                    take_in(inbox.get_nowait())
                except queue.Empty:
                    break
            merge.upto()
            if tell is not None:
                tell(len(merge.results))
        worked = time.perf_counter()
        while len(finished) < len(workers):
            try:
                take_in(inbox.get(timeout=_POLL))
                merge.upto()
                if tell is not None:
                    tell(len(merge.results))
            except queue.Empty:
                gone = [part for part, w in enumerate(workers, 1)
                        if part not in finished and w.exitcode is not None]
                if gone and inbox.empty():
                    raise InternalError("a worker process of the explorer stopped without "
                                        "sending its share of the level") from None
        for w in workers:
            w.join()
    finally:
        for w in workers:
            if w.is_alive():
                w.terminate()
                w.join()
        gc.unfreeze()
    results = merge.finish()
    if TIMELINE is not None:
        TIMELINE.append(("forked", (start, worked, time.perf_counter())))
    return results


def _tasks(level: Sequence[Hashable], jobs: int) -> list[list[int]]:
    """The level cut into tasks: runs of positions in the level, in its order.

    The tasks shrink as the level goes on (guided self-scheduling): each is about a
    :data:`GUIDED_SHARE`-th of what is left for each process, and none smaller than
    :data:`SMALLEST_TASK` of the level.  Big tasks first keep the messages few; small ones last
    let the processes finish the level within a small task of each other.
    """
    smallest = max(1, int(len(level) * SMALLEST_TASK))
    left = len(level)
    tasks: list[list[int]] = []
    task: list[int] = []
    for pos in range(len(level)):
        task.append(pos)
        if len(task) >= max(smallest, left // (GUIDED_SHARE * jobs)):
            tasks.append(task)
            left -= len(task)
            task = []
    if task:
        tasks.append(task)
    return tasks


def taken_tasks(counter: Synchronized[int], tasks: int, part: int, jobs: int) -> Iterator[int]:
    """The indices of the tasks process ``part`` of ``jobs`` takes, one at a time: the next one
    not yet taken by any process (``counter``, in shared memory), or see :data:`FIXED_DEALING`.
    """
    if FIXED_DEALING is not None:
        yield from range(part, tasks, jobs)
        return
    while True:
        with counter.get_lock():
            task = counter.value
            counter.value = task + 1
        if task >= tasks:
            return
        yield task


def _work(space: IrregularSpace, level: Sequence[Hashable], tasks: list[list[int]],
          counter: Synchronized[int], outbox: multiprocessing.Queue[_Message], part: int,
          jobs: int) -> None:
    """A forked worker: take tasks and send each one's answers with the representatives it
    kept, then what it counted; an error is sent as such (this process raises it)."""
    try:
        replayed, hits = space.replayed_events, space.class_hits
        mine = LevelShare(space._index)
        for task in taken_tasks(counter, len(tasks), part, jobs):
            found: list[_Answer] = []
            changed: dict[Hashable, AuctionState] = {}
            for pos in tasks[task]:
                new: list[int] = []
                mine.new = new
                labels, keys = space.expand(level[pos], mine, pos)
                for i in new:
                    k = keys[i]
                    if mine.first[k] == pos:  # kept from this edge (new, or earlier than before)
                        changed[k] = mine.fresh[k]
                found.append((labels, keys, new, mine.faults, mine.broken))
            outbox.put((part, task, found, changed))
        outbox.put((part, _DONE, None, (space.replayed_events - replayed, space.class_hits - hits)))
    except BaseException as exc:  # noqa: BLE001 - every failure goes back to the parent
        outbox.put((part, _FAILED, exc, None))


class _Merge:
    """The level's answers merged in the level's order, as far as they have come in: new keys
    registered as the one-process explorer registers them (first edge in order, with the
    representative its process kept), each part of a key and each event stored once, as there.

    :meth:`upto` merges the positions up to the first without an answer yet, so most of the
    level is merged while the workers still work (their answers come in the order they take
    their tasks, which is the level's order).  A position is merged only once every earlier one
    has its answer: then every edge earlier in the level's order is known, and the process of
    the first edge to a key already holds that edge's representative in ``kept`` (a process
    replaces a representative it kept only by one from an earlier position).  Keys registered
    here are numbered at once, so the edges this process finds afterwards give them as numbers,
    as they give keys the tables held before the level.

    The events and the parts of new keys were stored once and the keys found before the level
    put back for their numbers as the answers came in (:func:`_known`); only the edges to other
    keys are looked up here.  A worker's message arrives with each object it held once unpickled
    once (``pickle`` keeps one copy of an object however often it occurs in a message), so
    events, keys and parts were looked up by identity first (within one message), and hashed
    once per distinct object rather than once per edge.
    """

    def __init__(self, space: IrregularSpace, level: Sequence[Hashable], answers: list[_Answer | None],
                 owner: bytearray, kept: list[dict[Hashable, AuctionState]], order: Sequence[Hashable]) -> None:
        self.space, self.level, self.answers, self.owner, self.kept, self.order = (
            space, level, answers, owner, kept, order)
        self.results: list[Successors] = []

    def upto(self) -> None:
        """Merge the positions after the last merged one, up to the first without an answer."""
        space, level, answers, owner, kept, order = (
            self.space, self.level, self.answers, self.owner, self.kept, self.order)
        number, add, results = space._index, space._add, self.results
        for pos in range(len(results), len(level)):
            answer = answers[pos]
            if answer is None:
                return
            answers[pos] = None  # (kept once, in the results)
            source = level[pos]
            labels, keys, new, faults, broken = answer
            for i in new:
                found = keys[i]  # as the process that reached it keyed it (its values may be new)
                k = space._stored(found)
                at = number.get(k)
                if at is None:  # new: registered, and numbered as the tables' next key
                    at = add(k, kept[owner[pos]][found], source, labels[i])
                keys[i] = order[at]
            if faults:
                space._edge_faults[source] = [(labels[i], keys[i], problem) for i, problem in faults]
            if broken:
                space._broken[source] = broken
            results.append((labels, keys))

    def finish(self) -> list[Successors]:
        """The whole level's successors, in order, once every answer has come in."""
        self.upto()
        if len(self.results) != len(self.level):
            raise InternalError("a configuration of the level was left without its successors")
        return self.results


def _stored(part: Hashable, held: dict[int, Hashable], parts: Any) -> Hashable:
    """The stored copy of one part of a key from a worker's message (``held``: by identity,
    within the message; ``parts``: the space's table's ``setdefault``)."""
    stored = held.get(id(part))
    if stored is None:
        stored = held[id(part)] = parts(part, part)
    return stored


def _known(keys: list[Hashable], order: Sequence[Hashable]) -> list[Hashable]:
    """``keys`` with each number (a key the tables held before the level) replaced by its key;
    done as the answers come in, while the other processes still work."""
    return [order[k] if k.__class__ is int else k for k in keys]
