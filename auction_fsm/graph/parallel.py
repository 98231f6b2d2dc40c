"""A breadth-first level of an irregular scope expanded by forked worker processes.

The explorer of :mod:`auction_fsm.graph.configuration` asks a space that offers
``successors_many`` for the successors of up to 16,384 configurations at once, the next ones in
breadth-first order (a level, or a slice of one; called a level below).
:class:`~auction_fsm.graph.irregular_space.IrregularSpace` answers through :func:`expand_level`:
with more than one job and a level big enough to be worth a fork, worker processes are forked,
which inherit the space, the representatives and the candidate lists as they are, and this
process works beside them.  Each asks the engine for its configurations' successors exactly as
the one-process explorer does (:meth:`IrregularSpace.expand`).

**How the work is shared.**  The level is cut into small tasks (about 64 per process) before
the fork, and every process, this one included, takes the next task not yet taken (a counter
in shared memory) until none is left: whoever is ahead takes more, so all finish within about
one task of each other, however uneven the configurations' costs.  (The dealing fixed before
the fork that this replaces left one process waiting for the other at the end of each level:
measured on ``insufficient-1-level2``, 2.0 s of waiting against 0.2 s of forking, summed over
its levels.)  A task holds whole groups of configurations with one candidate part
(:func:`~auction_fsm.exploration.candidate_part`, what the candidate signature is made of), so
each candidate list is worked out by one process: dealt one by one, both processes worked out
about a third of the lists.  A worker sends each task's answers as soon as it has them, and
this process reads them between its own tasks, so reading them (unpickling) is shared out as
well: this process simply takes fewer tasks.  A key the space's tables held before the level
travels as its number in their order (one int rather than a tuple of parts; the numbers are
kept in the space and brought up to date before each fork), so what travels is mostly the
labels and the representatives of new keys.  Only the merge below is left to this process
alone.

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
import itertools
import multiprocessing
import queue
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..errors import InternalError
from ..exploration import candidate_part

if TYPE_CHECKING:
    from multiprocessing.sharedctypes import Synchronized

    from ..auction import AuctionState
    from ..events import Event

#: The space a level is expanded for: an :class:`~auction_fsm.graph.irregular_space.IrregularSpace`
#: (not imported here, since it imports this module; its private tables are read as they are).
IrregularSpace = Any

__all__ = ["expand_level", "LevelShare", "taken_tasks", "MIN_FORKED_LEVEL", "TASKS_PER_JOB", "FIXED_DEALING"]

#: Levels with fewer configurations are expanded in this process (a fork costs more).
MIN_FORKED_LEVEL = 128
#: About how many tasks a level is cut into per process (enough that the last task taken is a
#: small part of the level; each costs one message).
TASKS_PER_JOB = 64
#: ``None``: every process takes the next free task.  A number ``n`` (for the tests): process
#: ``p`` of ``n`` takes tasks ``p``, ``p + n``, ... in order, whoever is ahead, so that the
#: workers' share of the level does not depend on timing.
FIXED_DEALING: int | None = None


@dataclass(slots=True)
class LevelShare:
    """What a process working out part of a breadth-first level keeps
    (:meth:`~auction_fsm.graph.irregular_space.IrregularSpace.expand`)."""

    #: The number of each key the space's tables held when the level began (the same in every
    #: process of the level).
    index: dict[Hashable, int]
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
#: successors, with the representatives it kept so far for keys new in this level; or its
#: part, ``_DONE``, the candidate lists it worked out and how many edges it drove the machines
#: through (all, and from a recorded run); or its part, ``_FAILED`` and the error.
_Message = tuple[int, int, Any, Any]
_DONE, _FAILED = -1, -2
#: How long this process waits for a worker's message before it looks whether the worker is
#: still alive (seconds).
_POLL = 1.0


def expand_level(space: IrregularSpace, level: Sequence[Hashable], jobs: int) -> list[Successors]:
    """The successors of each configuration of ``level``, in order (see the module docstring)."""
    if (jobs <= 1 or len(level) < MIN_FORKED_LEVEL
            or "fork" not in multiprocessing.get_all_start_methods()):
        return [space.successors(k) for k in level]
    index, order = space._index, space._order
    if len(order) > len(space._states):  # (keys were dropped: number them afresh)
        index.clear()
        order.clear()
    for k in itertools.islice(space._states, len(order), None):  # the keys found since
        index[k] = len(order)
        order.append(k)
    tasks = _tasks(level, jobs)
    ctx = multiprocessing.get_context("fork")
    counter: Synchronized[int] = ctx.Value("q", 0)
    inbox: multiprocessing.Queue[_Message] = ctx.Queue()
    answers: list[_Answer | None] = [None] * len(level)
    owner = bytearray(len(level))  # the process that worked out each configuration
    mine = LevelShare(index)
    kept: list[dict[Hashable, AuctionState]] = [mine.fresh, *({} for _ in range(1, jobs))]
    lists: list[tuple[Hashable, list[Event]]] = []
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
                lists.extend(found)
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
        while len(finished) < len(workers):
            try:
                take_in(inbox.get(timeout=_POLL))
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
    return _merge(space, level, answers, owner, kept, lists, order)


def _tasks(level: Sequence[Hashable], jobs: int) -> list[list[int]]:
    """The level cut into tasks: positions in the level, each task whole groups of keys with one
    candidate part (in the order their first keys come in the level, and each group in the
    level's order), about :data:`TASKS_PER_JOB` tasks per process.  Other keys (full states,
    with ``keys="full"``) are groups of their own."""
    groups: dict[Hashable, list[int]] = {}
    for pos, key in enumerate(level):
        groups.setdefault(candidate_part(key) if isinstance(key, tuple) else pos, []).append(pos)
    size = max(1, len(level) // (TASKS_PER_JOB * jobs))
    tasks: list[list[int]] = []
    task: list[int] = []
    for group in groups.values():
        task.extend(group)
        if len(task) >= size:
            tasks.append(task)
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
    """A forked worker: take tasks and send each one's answers, then the candidate lists it
    worked out; an error is sent as such (this process raises it)."""
    try:
        cached = len(space._candidate_lists)
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
        outbox.put((part, _DONE, list(itertools.islice(space._candidate_lists.items(), cached, None)),
                    (space.replayed_events - replayed, space.class_hits - hits)))
    except BaseException as exc:  # noqa: BLE001 - every failure goes back to the parent
        outbox.put((part, _FAILED, exc, None))


def _merge(space: IrregularSpace, level: Sequence[Hashable], answers: list[_Answer | None],
           owner: bytearray, kept: list[dict[Hashable, AuctionState]],
           lists: list[tuple[Hashable, list[Event]]], order: list[Hashable]) -> list[Successors]:
    """The answers in the level's order, with new keys registered as the one-process explorer
    registers them (first edge in order, with the representative its process kept) and each
    part of a key and each event stored once, as there.

    The events and the parts of new keys were stored once and the keys found before the level
    put back for their numbers as the answers came in (:func:`_known`), while the workers still
    worked; only the edges to other keys are looked up here, and each new key is numbered as it
    is registered.  A worker's message arrives with each object it held once unpickled once
    (``pickle`` keeps one copy of an object however often it occurs in a message), so events,
    keys and parts were looked up by identity first (within one message), and hashed once per
    distinct object rather than once per edge.
    """
    states, parents, events = space._states, space._parent, space._events.setdefault
    for sig, found in lists:
        space._candidate_lists.setdefault(sig, [events(e, e) for e in found])
    results: list[Successors] = []
    number = space._index
    for source, answer, part in zip(level, answers, owner, strict=True):
        assert answer is not None
        labels, keys, new, faults, broken = answer
        for i in new:
            k = keys[i]
            at = number.get(k)
            if at is None:  # new: registered, and numbered as the tables' next key
                states[k] = kept[part][k]
                parents[k] = (source, labels[i])
                at = number[k] = len(order)
                order.append(k)
            keys[i] = order[at]
        if faults:
            space._edge_faults[source] = [(labels[i], keys[i], problem) for i, problem in faults]
        if broken:
            space._broken[source] = broken
        results.append((labels, keys))
    return results


def _stored(part: Hashable, held: dict[int, Hashable], parts: Any) -> Hashable:
    """The stored copy of one part of a key from a worker's message (``held``: by identity,
    within the message; ``parts``: the space's table's ``setdefault``)."""
    stored = held.get(id(part))
    if stored is None:
        stored = held[id(part)] = parts(part, part)
    return stored


def _known(keys: list[Hashable], order: list[Hashable]) -> list[Hashable]:
    """``keys`` with each number (a key the tables held before the level) replaced by its key;
    done as the answers come in, while the other processes still work."""
    return [order[k] if k.__class__ is int else k for k in keys]
