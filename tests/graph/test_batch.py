"""The level-at-a-time explorer and the vectorised checks against the one-key-at-a-time ones."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, cast

import numpy as np
import pytest
from books import guard_is, without

from auction_fsm.graph import checks
from auction_fsm.graph.batch import SortedIndex, explore_batch, supports_batch
from auction_fsm.graph.configuration import Exploration, ExplorationLimitError, explore
from auction_fsm.graph.legal_space import LegalSpace
from auction_fsm.graph.scopes import COMPLETE_LEGAL_AUCTIONS
from auction_fsm.seats import Seat

from . import reference
from .helpers import replay

ALL_DEALERS = tuple(Seat)


def assert_same_exploration(a: Exploration[Any, Any], b: Exploration[Any, Any]) -> None:
    """Same configurations with the same indices, parents, edges, labels and ends."""
    assert list(a.keys) == list(b.keys)
    assert a.starts == b.starts
    assert list(a.parent) == list(b.parent)
    assert list(a.offsets) == list(b.offsets)
    assert list(a.targets) == list(b.targets)
    assert list(a.labels) == list(b.labels)
    assert bytes(a.terminal) == bytes(b.terminal)
    assert list(a.depths()) == list(b.depths())
    assert dict(a.index) == dict(b.index)


def batch_and_sequential(space_of: Any) -> tuple[Exploration[Any, Any], Exploration[Any, Any]]:
    return explore(space_of(), batch=True), explore(space_of(), batch=False)


@pytest.mark.parametrize("level", range(1, 8))
def test_batch_exploration_equals_the_sequential_one_for_every_level_and_all_dealers(level: int) -> None:
    fast, slow = batch_and_sequential(lambda: LegalSpace(max_level=level, dealers=ALL_DEALERS))
    assert fast.starts == 4
    assert_same_exploration(fast, slow)


def test_batch_exploration_equals_the_sequential_one_from_one_dealer() -> None:
    for dealer in ALL_DEALERS:
        fast, slow = batch_and_sequential(lambda d=dealer: LegalSpace(max_level=2, dealers=(d,)))
        assert_same_exploration(fast, slow)


def test_batch_exploration_equals_the_sequential_one_with_declarer_memory() -> None:
    fast, slow = batch_and_sequential(lambda: LegalSpace(max_level=1, track_declarer=True))
    assert fast.states == 78_106  # + the hands of the passed-out board returned (17D2)
    assert_same_exploration(fast, slow)


def test_explore_takes_the_batch_path_by_itself_and_can_be_told_not_to() -> None:
    space = LegalSpace(max_level=1)
    assert supports_batch(space)
    assert isinstance(explore(space).index, SortedIndex)
    assert isinstance(explore(space, batch=False).index, dict)


def test_the_path_count_of_the_whole_legal_auction_on_both_paths() -> None:
    fast, slow = batch_and_sequential(LegalSpace)
    assert fast.count_paths() == slow.count_paths() == COMPLETE_LEGAL_AUCTIONS
    assert reference.count_paths(fast) == COMPLETE_LEGAL_AUCTIONS


def test_batch_limits_and_progress() -> None:
    with pytest.raises(ExplorationLimitError):
        explore(LegalSpace(max_level=1, track_declarer=True), max_states=20_000)
    calls: list[tuple[int, int]] = []
    explore_batch(LegalSpace(max_level=1), progress=lambda found, queued: calls.append((found, queued)))
    assert calls[-1] == (506, 0)
    assert [found for found, _ in calls] == sorted(found for found, _ in calls)


def test_the_sorted_index_behaves_like_the_dict() -> None:
    ex = explore(LegalSpace(max_level=1), batch=True)
    index = ex.index
    assert len(index) == ex.states
    assert list(index) == list(ex.keys)
    for i, k in enumerate(ex.keys):
        assert k in index and index[k] == i
    assert -1 not in index and (1 << 70) not in index
    assert "c0" not in cast(Any, index)  # a key of another type is simply absent
    with pytest.raises(KeyError):
        index[max(ex.keys) + 1]


# --- planted faults through the batch path ----------------------------------------------------------
def _report_summary(report: checks.GraphReport) -> tuple[Any, ...]:
    return (report.counts, report.states, report.edges, report.info.get("paths"),
            [(f.check, f.state, f.detail, f.trace, f.trace and f.trace.scenario) for f in report.findings])


def test_a_table_without_22A_gives_the_same_findings_on_both_paths() -> None:
    table = without(guard_is("pass_in_turn_ends_auction"))
    fast, slow = batch_and_sequential(lambda: LegalSpace(table, max_level=1))
    assert isinstance(fast.index, SortedIndex)
    assert_same_exploration(fast, slow)
    a, b = checks.check_exploration(fast, max_traces=2), checks.check_exploration(slow, max_traces=2)
    assert a.counts["dead_ends"] > 0 and a.counts["cannot_finish"] > 0 and a.counts["faults"] > 0
    assert _report_summary(a) == _report_summary(b)
    assert reference.faulty(fast) == [i for i in range(fast.states) if fast.space.faults(fast.keys[i])]
    assert a.counts["faults"] == len(reference.faulty(fast))


class _PlantedInBothMethods(LegalSpace):
    """Level 1, except that after the dealer's ``1NT`` nothing is enabled, in both methods."""

    def __init__(self) -> None:
        super().__init__(max_level=1)
        start = self.initial_states()[0]
        labs, keys = LegalSpace.successors(self, start)
        self.victim = dict(zip(labs, keys, strict=True))[4]

    def successors(self, key: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return ((), ()) if key == self.victim else super().successors(key)

    def successors_batch(self, keys: Any) -> Any:
        src, labels, nxt = super().successors_batch(keys)
        keep = np.asarray(keys)[src] != self.victim
        return src[keep], labels[keep], nxt[keep]


class _OnlySuccessorsOverridden(LegalSpace):
    def __init__(self) -> None:
        super().__init__(max_level=1)
        self.victim = _PlantedInBothMethods().victim

    def successors(self, key: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return ((), ()) if key == self.victim else super().successors(key)


@pytest.mark.parametrize("batch", [True, False])
def test_a_planted_dead_end_is_found_by_both_explorers(batch: bool) -> None:
    report = checks.check_exploration(explore(_PlantedInBothMethods(), batch=batch))
    assert report.counts["dead_ends"] == 1 and report.counts["cannot_finish"] == 1
    finding = next(f for f in report.findings if f.check == "dead_ends")
    assert finding.trace is not None and finding.trace.scenario is not None
    assert finding.trace.scenario["events"] == [{"type": "call", "seat": "N", "call": "1NT"}]
    replay(finding.trace.scenario)


def test_a_subclass_that_changes_successors_alone_is_explored_one_key_at_a_time() -> None:
    space = _OnlySuccessorsOverridden()
    assert not supports_batch(space)
    with pytest.raises(TypeError):
        explore(space, batch=True)
    report = checks.check_exploration(explore(space))
    assert report.counts["dead_ends"] == 1


def test_a_wrapper_that_delegates_by_getattr_is_not_batched() -> None:
    class Wrapper:
        def __init__(self) -> None:
            self.inner = LegalSpace(max_level=1)

        def __getattr__(self, name: str) -> Any:
            return getattr(self.inner, name)

    assert not supports_batch(Wrapper())


# --- the vectorised checks against the loops --------------------------------------------------------
class _RandomSpace:
    """``n`` int keys with random successor lists (cycles, self-loops, dead ends, terminals
    with exits, unreachable keys); with ``acyclic`` edges only lead to larger keys."""

    def __init__(self, seed: int, n: int = 60, acyclic: bool = False) -> None:
        rng = random.Random(seed)
        self.name = f"random-{seed}"
        self.rows: dict[int, tuple[tuple[str, ...], tuple[int, ...]]] = {}
        for k in range(n):
            choices = range(k + 1, n) if acyclic else range(n)
            nxt = tuple(rng.choice(choices) for _ in range(rng.choice((0, 1, 1, 2, 3)))) if choices else ()
            self.rows[k] = (tuple(f"e{k}-{j}" for j in nxt), nxt)
        self.ends = {k for k in range(n) if rng.random() < 0.2}

    def initial_states(self) -> tuple[int, ...]:
        return (0, 1)

    def successors(self, key: int) -> tuple[Sequence[str], Sequence[int]]:
        return self.rows[key]

    def is_terminal(self, key: int) -> bool:
        return key in self.ends

    def describe(self, key: int) -> str:
        return f"k{key}"

    def label_text(self, label: str) -> str:
        return label

    def scenario(self, start: int, labels: Sequence[str]) -> dict[str, Any]:
        return {"labels": list(labels)}

    def machine_states(self, key: int) -> tuple[str, ...]:
        return ()

    def faults(self, key: int) -> tuple[str, ...]:
        return ("odd",) if key % 7 == 3 else ()


def _small_explorations() -> list[Exploration[Any, Any]]:
    table = without(guard_is("pass_in_turn_ends_auction"))
    out: list[Exploration[Any, Any]] = [explore(LegalSpace(max_level=1)),
                                        explore(LegalSpace(table, max_level=1)),
                                        explore(_PlantedInBothMethods())]
    for seed in range(40):
        out.append(explore(_RandomSpace(seed, acyclic=seed % 2 == 0)))
    return out


def test_vectorised_checks_equal_the_loops_on_small_graphs() -> None:
    cyclic = acyclic = 0
    for ex in _small_explorations():
        start, src = checks._reverse(ex)
        assert (start.tolist(), src.tolist()) == reference.reverse(ex)
        assert checks.cannot_finish_indices(ex) == reference.cannot_finish(ex)
        assert ex.count_paths() == reference.count_paths(ex)
        assert list(ex.depths()) == reference.depths(ex)
        report = checks.check_exploration(ex)
        assert report.counts["dead_ends"] == len(reference.dead_ends(ex))
        assert report.counts["terminal_with_exits"] == len(reference.terminals_with_exits(ex))
        assert report.counts["cannot_finish"] == len(reference.cannot_finish(ex))
        assert report.counts["faults"] == len(reference.faulty(ex))
        if ex.layers() is None:
            cyclic += 1
        else:
            acyclic += 1
    assert cyclic >= 5 and acyclic >= 5  # both branches of cannot_finish and count_paths ran


def test_vectorised_checks_on_a_hand_made_cyclic_space() -> None:
    # start -> a <-> b (trapped), start -> end -> start (a terminal with an exit), end -> c (dead)
    rows = {"start": (("go", "stop"), ("a", "end")), "a": (("on",), ("b",)), "b": (("back",), ("a",)),
            "end": (("again", "off"), ("start", "c")), "c": ((), ())}

    class Space(_RandomSpace):
        def __init__(self) -> None:
            self.name = "hand-made"

        def initial_states(self) -> Any:
            return ("start",)

        def successors(self, key: Any) -> Any:
            return rows[key]

        def is_terminal(self, key: Any) -> bool:
            return bool(key == "end")

        def describe(self, key: Any) -> str:
            return str(key)

        def faults(self, key: Any) -> tuple[str, ...]:
            return ()

    ex = explore(Space())
    assert ex.layers() is None and ex.count_paths() is None
    names = {i: k for i, k in enumerate(ex.keys)}
    assert sorted(names[i] for i in checks.cannot_finish_indices(ex)) == ["a", "b", "c"]
    assert checks.cannot_finish_indices(ex) == reference.cannot_finish(ex)
    report = checks.check_exploration(ex)
    assert report.counts["dead_ends"] == 1 and report.counts["terminal_with_exits"] == 1
    assert report.counts["sink_cycles"] == 1 and report.counts["cannot_finish"] == 3


def test_path_counts_that_need_python_integers_stay_exact() -> None:
    # a chain of diamonds doubles the count at every step: 2**80 paths overflow int64
    rows: dict[int, tuple[tuple[str, ...], tuple[int, ...]]] = {}
    for i in range(80):
        rows[2 * i] = (("l", "r"), (2 * i + 2, 2 * i + 2))
    rows[160] = ((), ())

    class Diamonds(_RandomSpace):
        def __init__(self) -> None:
            self.name = "diamonds"
            self.rows = rows
            self.ends = {160}

        def initial_states(self) -> tuple[int, ...]:
            return (0,)

    ex = explore(Diamonds())
    assert ex.count_paths() == 2 ** 80 == reference.count_paths(ex)
