"""Sharing an irregular scope between worker processes: the exploration of each big level
(:mod:`auction_fsm.graph.parallel`), and with it the machine check on every edge, gives what
one process gives, index for index."""

from __future__ import annotations

import multiprocessing
import os
from array import array
from typing import Any

import pytest

from auction_fsm.auction import AuctionState
from auction_fsm.engine import step
from auction_fsm.errors import InternalError
from auction_fsm.events import CallEvent, Choice, DirectorCalled
from auction_fsm.graph import parallel
from auction_fsm.graph.checks import check_exploration
from auction_fsm.graph.configuration import explore
from auction_fsm.graph.irregular_space import IrregularSpace
from auction_fsm.graph.parallel import LevelShare
from auction_fsm.lawbook import LAWS_2017
from auction_fsm.scope import Scope
from auction_fsm.seats import Seat
from auction_fsm.values import evolve

pytestmark = pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(),
                                reason="the workers are forked")

OPENING = (CallEvent.of("N", "1NT"),)


def _space(families: set[str], *, packed: bool = True, **options: Any) -> IrregularSpace:
    space = IrregularSpace(Scope.of(families), prefix=OPENING, **options)
    space.pack_keys = packed
    return space


def _same(one: IrregularSpace, two: IrregularSpace) -> None:
    """The two spaces explored alike: keys, labels, targets and parents index for index, the
    same representative and shortest trace for every key, the tables in the same order, and
    the same verdicts."""
    a, b = explore(one), explore(two)
    assert a.states > 300
    assert (list(a.keys), list(a.labels), list(a.targets), list(a.parent)) == (
        list(b.keys), list(b.labels), list(b.targets), list(b.parent))
    assert [one.first_reached_by(k) for k in a.keys] == [two.first_reached_by(k) for k in a.keys]
    assert list(one._states.items()) == list(two._states.items())  # the representatives held
    assert list(one.representatives()) == list(two.representatives())  # every one
    for k in a.keys[::11]:
        assert one.path(k) == two.path(k)
    ra, rb = check_exploration(a), check_exploration(b)
    assert ra.ok and rb.counts == ra.counts


@pytest.mark.parametrize("families", [{"insufficient_bid"}, {"inadmissible", "exposure"}])
@pytest.mark.parametrize("dealing", ["free", "fixed", "reversed"])
def test_levels_shared_by_two_processes_give_the_same_exploration(
        families: set[str], dealing: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """However the tasks go: taken freely (as in a real run), dealt in a fixed way so that the
    worker surely answers half of them, or dealt with each level's tasks in reverse, so that
    each process takes its configurations against the level's order and must replace the
    representative it kept by one from an earlier position."""
    monkeypatch.setattr(parallel, "MIN_FORKED_LEVEL", 8)  # fork even for small levels
    if dealing != "free":
        monkeypatch.setattr(parallel, "FIXED_DEALING", 2)
    if dealing == "reversed":
        cut = parallel._tasks
        monkeypatch.setattr(parallel, "_tasks", lambda level, jobs, **kw: cut(level, jobs, **kw)[::-1])
    one = _space(families, agreement="all")
    two = _space(families, agreement="all")
    two.explore_jobs = 2
    _same(one, two)


def test_an_earlier_position_replaces_the_representative_kept_from_a_later_one() -> None:
    """:meth:`IrregularSpace.expand` for a share of a level: taken against the level's order,
    each new key ends with the representative of its edge from the earliest position; keys the
    tables held travel as their numbers, and stand for the keys one process reaches."""
    def level_of_size(space: IrregularSpace, size: int) -> list[object]:
        level = list(space.initial_states())
        while len(level) < size:  # breadth first, one whole level at a time
            seen = set(space._states)
            level = list(dict.fromkeys(k for key in level for k in space.successors(key)[1]
                                       if k not in seen))
        return level

    # keys as tuples: a share of a level leaves a key with a value new in the level unpacked,
    # where one process walking it would number it (the merge packs it; the test above)
    alone, ordered = (_space({"insufficient_bid"}, packed=False, agreement="off") for _ in range(2))
    level = level_of_size(alone, 50)
    assert level == level_of_size(ordered, 50)
    reached: dict[object, list[int]] = {}
    answers = []
    for pos, key in enumerate(level):  # in the level's order, as one process
        answers.append(ordered.successors(key))
        for k in answers[-1][1]:
            if k not in alone._states:
                reached.setdefault(k, []).append(pos)
    shared = [k for k, where in reached.items() if len(set(where)) > 1]
    assert shared  # keys reached from two positions of the level
    order = list(alone._states)
    share = LevelShare({k: i for i, k in enumerate(order)})
    for pos in reversed(range(len(level))):  # against the level's order
        share.new = []
        labels, keys = alone.expand(level[pos], share, pos)
        assert [k for k in keys if not isinstance(k, int)] == [keys[i] for i in share.new]
        assert ([order[k] if isinstance(k, int) else k for k in keys], labels) == (
            answers[pos][1], answers[pos][0])
    assert share.fresh.keys() == reached.keys()  # the space's own tables untouched
    for k in shared:
        assert share.first[k] == min(reached[k])
        assert share.fresh[k] == ordered.state_of(k)  # what the walk in order registered


def test_the_merge_takes_the_answers_in_the_levels_order_as_far_as_they_have_come_in() -> None:
    """:class:`parallel._Merge` merges up to the first position without an answer and no
    further; once the gap is filled it goes on, and the level ends registered as one process
    walking it in order registers it (keys, representatives, parents, the tables' order)."""
    alone, ordered = (_space({"insufficient_bid"}, packed=False, agreement="off") for _ in range(2))
    level = list(alone.initial_states())
    while len(level) < 40:  # breadth first, one whole level at a time, in both spaces alike
        seen = set(alone._states)
        level = list(dict.fromkeys(k for key in level for k in alone.successors(key)[1] if k not in seen))
    # the one process, with the same tables at the level's start
    ordered._states, ordered._index = dict(alone._states), alone._index.copy()
    ordered._from, ordered._by, ordered._notes = array("i", alone._from), array("i", alone._by), array("i", alone._notes)
    ordered._firsts, ordered._summaries = alone._firsts.copy(), alone._summaries.copy()
    index, order = alone._index, alone._order
    share = LevelShare(index)
    answers: list[Any] = [None] * len(level)
    computed: dict[int, Any] = {}
    for pos in reversed(range(len(level))):  # worked out against the level's order
        share.new = []
        labels, keys = alone.expand(level[pos], share, pos)
        computed[pos] = (labels, parallel._known(keys, order), share.new, share.faults, share.broken)
    merge = parallel._Merge(alone, level, answers, bytearray(len(level)), [share.fresh], order)
    gap = len(level) // 2
    for pos, answer in computed.items():
        if pos != gap:
            answers[pos] = answer
    merge.upto()
    assert len(merge.results) == gap  # up to the gap, not beyond
    assert all(answers[pos] is not None for pos in range(gap + 1, len(level)))
    answers[gap] = computed[gap]
    results = merge.finish()
    assert results == [ordered.successors(k) for k in level]
    assert list(alone._states.items()) == list(ordered._states.items())
    assert [alone.first_reached_by(k) for k in order] == [ordered.first_reached_by(k) for k in order]
    assert list(order) == list(ordered._order) == list(ordered._states)


def test_the_timeline_notes_each_level_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``parallel.TIMELINE`` a list, each level is noted once, in order, as expanded alone
    or forked, with its times in order (what ``benchmarks/bench_jobs_timeline.py`` splits)."""
    monkeypatch.setattr(parallel, "MIN_FORKED_LEVEL", 64)
    monkeypatch.setattr(parallel, "TIMELINE", [])
    space = _space({"insufficient_bid"}, agreement="off")
    space.explore_jobs = 2
    explore(space)
    marks = parallel.TIMELINE
    assert marks is not None and {kind for kind, _ in marks} == {"alone", "forked"}
    times = [t for _, ts in marks for t in ts]
    assert times == sorted(times)  # each level's marks in order, and the levels one after another
    assert all(len(ts) == (3 if kind == "forked" else 2) for kind, ts in marks)


def test_a_level_is_cut_into_shrinking_tasks_in_its_order() -> None:
    """Each position of the level in exactly one task, the tasks runs of the level in its order,
    big tasks first and small ones last (so the processes finish the level close together), none
    below the smallest size but the last."""
    space = IrregularSpace(Scope.of({"insufficient_bid"}), agreement="off")
    ex = explore(space)
    level = list(ex.keys[ex.states // 3:ex.states // 3 + 2000])
    tasks = parallel._tasks(level, 2)
    assert [p for task in tasks for p in task] == list(range(len(level)))
    smallest = int(len(level) * parallel.SMALLEST_TASK)
    assert 16 <= len(tasks) <= 1 / parallel.SMALLEST_TASK
    assert all(len(task) >= smallest for task in tasks[:-1])
    first, last = tasks[:8], tasks[-8:]
    assert sum(map(len, first)) > 4 * sum(map(len, last))
    assert len(tasks[0]) >= len(level) // (parallel.GUIDED_SHARE * 2)


@pytest.mark.parametrize("how", ["raises", "dies"])
def test_a_failing_worker_fails_the_exploration_with_its_error(
        how: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A fault of ours in a worker (the engine's ``InternalError``) reaches this process as it
    was raised; a worker that dies without answering is reported, not waited for forever."""
    monkeypatch.setattr(parallel, "MIN_FORKED_LEVEL", 8)
    monkeypatch.setattr(parallel, "FIXED_DEALING", 2)
    here = os.getpid()
    expand = IrregularSpace.expand

    def broken(self: IrregularSpace, *args: Any) -> Any:
        if os.getpid() != here:
            if how == "dies":
                os._exit(3)
            raise InternalError("planted fault in a worker")
        return expand(self, *args)

    monkeypatch.setattr(IrregularSpace, "expand", broken)
    space = _space({"insufficient_bid"}, agreement="off")
    space.explore_jobs = 2
    message = "planted fault in a worker" if how == "raises" else "stopped without sending"
    with pytest.raises(InternalError, match=message):
        explore(space)


@pytest.mark.parametrize("dealing", [None, 2])
def test_the_check_on_every_edge_shared_with_the_levels_finds_what_one_process_finds(
        dealing: int | None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The levels, and with them the check on every edge, taken freely by two processes or dealt
    in a fixed way (so that the worker surely expands half of them): the same faults as one
    process, a planted one included, in the same order, each edge driven through the machines
    once and the recorded runs counted whichever process used them."""
    from .test_irregular_space import _PlantedSimulator

    monkeypatch.setattr(parallel, "MIN_FORKED_LEVEL", 8)
    monkeypatch.setattr(parallel, "FIXED_DEALING", dealing)
    found = []
    for jobs in (1, 2, 2):
        space = _space({"insufficient_bid"}, simulator=_PlantedSimulator)
        space.explore_jobs = jobs
        ex = explore(space)
        found.append(({k: space.faults(k) for k in ex.keys}, space.replayed_events, ex.edges,
                       space.class_hits))
    (one, fired, edges, hits), (two, fired_two, _, hits_two), (again, _, _, _) = found
    assert one == two == again
    assert any(one.values()) and fired == fired_two == edges
    assert hits > edges // 2 and hits_two > edges // 2


@pytest.mark.parametrize("planted", [False, True])
def test_firing_the_machines_once_per_class_of_edges_finds_the_same_faults(planted: bool) -> None:
    """:mod:`auction_fsm.graph.machine_classes`: the check on every edge with ``transitions``
    fired once per class finds exactly what firing it on every edge finds, a planted fault too."""
    from .test_irregular_space import _PlantedSimulator

    options: dict[str, Any] = {"simulator": _PlantedSimulator} if planted else {}
    found = []
    for classes in (False, True):
        space = _space({"insufficient_bid"}, **options)
        space.machine_classes = classes
        ex = explore(space)
        found.append({k: sorted(space.faults(k)) for k in ex.keys})
        assert (space.class_hits > ex.edges // 2) == classes  # most edges reuse a recorded run
    assert found[0] == found[1]
    assert any(found[0].values()) == planted


@pytest.mark.parametrize(("agreement", "jobs"), [("all", 1), ("all", 2), ("off", 1), ("off", 2)])
def test_broken_invariants_are_found_however_the_faults_are_gathered(
        agreement: str, jobs: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each configuration's invariants are asked as it is expanded, by whichever process expands
    it: a broken invariant planted just before one configuration is expanded (an end's
    representative given the legal-auction key of another auction) is found, and only there,
    with the machines checked on every edge or not, the levels shared or not."""
    monkeypatch.setattr(parallel, "MIN_FORKED_LEVEL", 8)
    first = _space({"insufficient_bid"}, agreement="off")
    plain = explore(first)
    keys = list(plain.keys)
    # an end (no successors) given another end's final auction, so that the plant changes
    # nothing but the victim's invariants
    ends = [k for k, end in zip(keys, plain.terminal, strict=True) if end]
    victim = ends[len(ends) // 2]
    own = first.state_of(victim).key
    other = next(s.key for s in map(first.state_of, ends) if s.key != own)
    expand = IrregularSpace.expand

    def planting(self: IrregularSpace, key: object, *args: Any) -> Any:
        if key == victim:  # the planted fault
            self._states[key] = evolve(self._states[key], key=other)
        return expand(self, key, *args)

    monkeypatch.setattr(IrregularSpace, "expand", planting)
    space = _space({"insufficient_bid"}, agreement=agreement)
    space.explore_jobs = jobs
    ex = explore(space)
    assert list(ex.keys) == keys
    faulty = [k for k in ex.keys if space.faults(k)]
    assert faulty == [victim]
    assert space.faults(victim) == ["the legal-auction key does not match the calls that stand"]



def _swapped_ends(space: IrregularSpace) -> tuple[object, object]:
    """Two ends of ``space``'s exploration filed under different keys."""
    ex = explore(space)
    ends = [k for k, end in zip(ex.keys, ex.terminal, strict=True) if end]
    return ends[len(ends) // 2], ends[len(ends) // 2 + 1]


def test_a_representative_sent_by_another_process_is_checked_against_its_key() -> None:
    """A configuration taken from a Dask worker (``adopt``: another machine may run other code)
    has its representative's key worked out again when its invariants are asked: one filed
    under the key of another auction is reported, once."""
    giver = _space({"insufficient_bid"}, agreement="off")
    victim, donor = _swapped_ends(giver)
    taker = _space({"insufficient_bid"}, agreement="off")
    taker.initial_states()
    key = taker.adopt(giver.unpacked(victim), giver.state_of(donor))
    assert taker.invariants(key) == ["the representative's key differs from the key it is filed under"]
    assert taker.invariants(key) == []  # (asked once: the next time it is the representative's own)


def test_a_representative_filed_without_the_rulings_its_key_holds_is_checked() -> None:
    """Where the key holds the rulings (a representative is filed without them), every
    representative's key is worked out again; elsewhere one made here is not (its key was worked
    out from it), and a planted swap goes unseen by this one invariant."""
    space = _space({"insufficient_bid"}, agreement="off")
    victim, donor = _swapped_ends(space)
    space._states[victim] = space.state_of(donor)
    assert space.invariants(victim) == []
    space._rulings_keyed = True
    assert space.invariants(victim) == ["the representative's key differs from the key it is filed under"]


def test_the_machine_check_reads_the_guards_the_strict_engine_step_tested() -> None:
    """A strict engine step notes the answer of every guard it tested on each context (so the
    machine check need not work it out again, :mod:`auction_fsm.graph.machine_classes`): after
    N 1NT E 1C, the director called, South declining and East's 2C (27B1a), each row fired notes
    every guarded row from its source on its trigger, each with the guard's own answer for that
    context."""
    state = AuctionState.start(Seat.N)
    noted = 0
    for event in (CallEvent.of("N", "1NT"), CallEvent.of("E", "1C"), DirectorCalled(Seat.S),
                  Choice(Seat.S, "decline"), CallEvent.of("E", "2C")):
        st = step(state, event)
        for f in st.fired:
            if f.ctx.tested is None:  # the fast path of a plain call tests no guard
                continue
            rows = LAWS_2017.candidates(f.ctx.state.phase, f.row.trigger)
            guards = {id(r.guard): r.guard for r in rows if r.guard is not None}
            assert set(f.ctx.tested) == set(guards)
            assert all(f.ctx.tested[i] == g(f.ctx) for i, g in guards.items())
            noted += len(guards)
        state = st.after
    # two rows on East's 1C (a player's insufficient bid, or one the director put in place of a
    # changed call), two on South's choice, seven on East's replacement (six of 27B and the
    # refusal of the same call named again, 25, which every decision step has)
    assert noted == 11


def test_positions_a_worker_sends_back_keep_their_book(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under the 1997 book the representatives the forked worker pickles back carry that book
    (by its name) and the exploration is the one process's (issue 37)."""
    from auction_fsm.lawbook import LAWS_1997

    monkeypatch.setattr(parallel, "MIN_FORKED_LEVEL", 8)
    monkeypatch.setattr(parallel, "FIXED_DEALING", 2)  # the worker surely answers half the tasks
    one = _space({"insufficient_bid"}, agreement="off", book=LAWS_1997)
    two = _space({"insufficient_bid"}, agreement="off", book=LAWS_1997)
    two.explore_jobs = 2
    _same(one, two)
    assert {s.book for _, s in two.representatives()} == {LAWS_1997}


def test_a_level_shared_between_processes_tells_its_progress_as_answers_are_merged(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A batch of configurations shared out between forked processes tells the exploration's
    progress as their answers are merged, not only once the batch is done (a batch is 16,384
    configurations, a minute's work on a scope over all 35 bids); the graph is the same."""
    monkeypatch.setattr(parallel, "MIN_FORKED_LEVEL", 8)
    alone = explore(_space({"insufficient_bid"}, agreement="off"))
    space = _space({"insufficient_bid"}, agreement="off")
    space.explore_jobs = 2
    calls: list[tuple[int, int]] = []
    ex = explore(space, progress=lambda found, left: calls.append((found, left)))
    assert (list(ex.keys), list(ex.targets)) == (list(alone.keys), list(alone.targets))
    assert ex.states < 16_384  # one batch: without the merges told, one call at the end
    assert calls[-1] == (ex.states, 0)
    assert any(left > 0 for _, left in calls[:-1])
    assert all(0 <= left <= found <= ex.states for found, left in calls)
