"""Sharing an irregular scope between worker processes: the exploration of each big level
(:mod:`auction_fsm.graph.parallel`) and the machine check on every edge
(:mod:`auction_fsm.graph.agreement_split`) give what one process gives, with even shares."""

from __future__ import annotations

import multiprocessing

import pytest

from auction_fsm.events import CallEvent
from auction_fsm.graph import parallel
from auction_fsm.graph.agreement_split import split_tree
from auction_fsm.graph.checks import check_exploration
from auction_fsm.graph.configuration import explore
from auction_fsm.graph.irregular_space import IrregularSpace
from auction_fsm.scope import Scope

pytestmark = pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(),
                                reason="the workers are forked")

OPENING = (CallEvent.of("N", "1NT"),)


def _space(families: set[str], **options: object) -> IrregularSpace:
    return IrregularSpace(Scope.of(families), prefix=OPENING, **options)  # type: ignore[arg-type]


@pytest.mark.parametrize("families", [{"insufficient_bid"}, {"inadmissible", "exposure"}])
def test_levels_shared_by_two_workers_give_the_same_exploration(families: set[str],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "MIN_FORKED_LEVEL", 8)  # fork even for small levels
    one = _space(families, agreement="off")
    two = _space(families, agreement="off")
    two.explore_jobs = 2
    a, b = explore(one), explore(two)
    assert a.states > 300
    assert (list(a.keys), list(a.labels), list(a.targets), list(a.parent)) == (
        list(b.keys), list(b.labels), list(b.targets), list(b.parent))
    for k in a.keys[::11]:  # the same representative and shortest trace for every key
        assert one.state_of(k) == two.state_of(k) and one.path(k) == two.path(k)
    ra, rb = check_exploration(a), check_exploration(b)
    assert ra.ok and rb.counts == ra.counts


def test_a_level_is_dealt_by_candidate_signature_so_no_list_is_worked_out_twice(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each candidate list a level needs is worked out by one worker only (dealt round robin,
    both workers worked out about a third of them), and the shares stay even."""
    monkeypatch.setattr(parallel, "MIN_FORKED_LEVEL", 8)
    sent: list[list[object]] = []
    sizes: list[list[int]] = []
    merge = parallel._merge

    def watch(space: object, level: object, dealt: list[list[object]],
              shares: list[tuple[object, object, list[tuple[object, object]]]]) -> object:
        sent.append([sig for _, _, lists in shares for sig, _ in lists])
        sizes.append([len(d) for d in dealt])
        return merge(space, level, dealt, shares)  # type: ignore[arg-type]

    monkeypatch.setattr(parallel, "_merge", watch)
    space = IrregularSpace(Scope.of({"insufficient_bid"}), agreement="off")  # from the empty auction
    space.explore_jobs = 2
    explore(space)
    assert sum(map(len, sent)) > 500
    for sigs in sent:
        assert len(sigs) == len(set(sigs))
    big = [s for s in sizes if sum(s) > 1000]
    assert big and all(max(s) <= 1.25 * min(s) for s in big), sizes


def test_the_check_on_every_edge_is_dealt_out_evenly_and_covers_each_edge_once() -> None:
    space = _space({"insufficient_bid"})
    explore(space)
    children: dict[object, dict[object, object]] = {}
    for k, step in space._parent.items():
        if step is not None:
            children.setdefault(step[0], {})[step[1]] = k
    edges = {k: len(v[0]) for k, v in space._edges.items()}
    owner, above, load = split_tree(space._parent, children, edges, 2)
    assert sum(load) == sum(edges.values()) > 1000
    assert max(load) <= 1.2 * min(load)  # even shares (the old split gave one worker most)
    assert not above & owner.keys()
    for k, step in space._parent.items():  # every configuration: above the cut or in one subtree
        roots = []
        node: object = k
        while True:
            if node in owner:
                roots.append(node)
            up = space._parent[node]
            if up is None:
                break
            node = up[0]
        assert (k in above) != (len(roots) == 1), k


@pytest.mark.parametrize("planted", [False, True])
def test_firing_the_machines_once_per_class_of_edges_finds_the_same_faults(planted: bool) -> None:
    """:mod:`auction_fsm.graph.machine_classes`: the check on every edge with ``transitions``
    fired once per class finds exactly what firing it on every edge finds, a planted fault too."""
    from .test_irregular_space import _PlantedSimulator

    options = {"simulator": _PlantedSimulator} if planted else {}
    found = []
    for classes in (False, True):
        space = _space({"insufficient_bid"}, **options)
        space.machine_classes = classes
        ex = explore(space)
        found.append({k: sorted(space.faults(k)) for k in ex.keys})
        assert (space.class_hits > ex.edges // 2) == classes  # most edges reuse a recorded run
    assert found[0] == found[1]
    assert any(found[0].values()) == planted


@pytest.mark.parametrize(("agreement", "jobs"), [("all", 1), ("all", 2), ("off", 1)])
def test_broken_invariants_are_found_by_the_walk_that_shares_them_out(agreement: str, jobs: int) -> None:
    """With the check on every edge, each configuration's invariants are asked by the worker
    that reports on it; a planted broken invariant (a representative filed under another
    configuration's key) is found whichever way the faults are gathered."""
    space = _space({"insufficient_bid"}, agreement=agreement, agreement_jobs=jobs)
    ex = explore(space)
    victim, donor = ex.keys[ex.states // 2], ex.keys[ex.states // 2 + 1]
    space._states[victim] = space._states[donor]  # the planted fault
    faulty = [k for k in ex.keys if space.faults(k)]
    assert faulty == [victim]
    assert space.faults(victim) == ["the representative's key differs from the key it is filed under"]
