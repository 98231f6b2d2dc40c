from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import networkx as nx
import pytest
from books import guard_is, without

from auction_fsm.calls import ALL_CALLS
from auction_fsm.events import CallEvent
from auction_fsm.graph.checks import check_exploration
from auction_fsm.graph.configuration import ExplorationLimitError, explore
from auction_fsm.graph.legal_space import LEAD, LegalSpace
from auction_fsm.graph.scopes import COMPLETE_LEGAL_AUCTIONS, NAMED_SCOPES, Scope, ScopeError, space_for
from auction_fsm.seats import Seat
from auction_fsm.simulator import Simulator

from .helpers import TableSpace, replay


def test_perft_of_the_whole_legal_auction() -> None:
    ex = explore(space_for(NAMED_SCOPES["legal"]))
    assert ex.count_paths() == COMPLETE_LEGAL_AUCTIONS
    report = check_exploration(ex, expected_paths=COMPLETE_LEGAL_AUCTIONS)
    assert report.ok, report.to_json()


def test_every_dealer_counts_four_times_the_auctions() -> None:
    ex = explore(space_for(NAMED_SCOPES["legal-all-dealers"]))
    assert ex.starts == 4
    assert ex.count_paths() == 4 * COMPLETE_LEGAL_AUCTIONS


def test_short_sequences_match_the_oracle() -> None:
    ex = explore(LegalSpace())
    depth = ex.depths()
    # calls sequences of exactly n calls = paths of length n from the start (no lead edges yet)
    ways = {0: 1}
    frontier = {0: 1}
    for n in range(1, 5):
        nxt: dict[int, int] = {}
        for i, w in frontier.items():
            for lab, j in ex.successors_of(i):
                if lab != LEAD:
                    nxt[j] = nxt.get(j, 0) + w
        frontier = nxt
        ways[n] = sum(nxt.values())
    assert [ways[n] for n in range(1, 5)] == [36, 701, 9731, 107451]
    assert max(depth) < 20  # breadth-first depths are shortest paths
    assert nx.dag_longest_path_length(ex.to_networkx()) == 320  # the longest auction and the lead


def test_track_declarer_changes_the_size_not_the_results() -> None:
    for level in (1, 2):
        plain = explore(LegalSpace(max_level=level))
        tracked = explore(LegalSpace(max_level=level, track_declarer=True)) if level == 1 else None
        if tracked is None:
            continue
        assert tracked.states > 10 * plain.states
        assert tracked.count_paths() == plain.count_paths()
        a, b = check_exploration(plain).counts, check_exploration(tracked).counts
        assert a == b


def test_declarer_memory_gives_the_real_declarer() -> None:
    space = LegalSpace(max_level=1, track_declarer=True)
    ex = explore(space)
    # N 1C, E P, S 1NT, W P, N P, E P: declarer S (first of N-S to name NT)
    key = space.initial_states()[0]
    for code in (0, 35, 4, 35, 35, 35):
        labs, keys = space.successors(key)
        key = dict(zip(labs, keys, strict=True))[code]
    assert "NT:S" in space.describe(key) and "C:N" in space.describe(key)
    assert key in ex.index


def test_enabled_calls_agree_with_the_machines_and_the_core() -> None:
    space = LegalSpace(max_level=2)
    ex = explore(space)
    sim = Simulator(Seat.N)  # built once: building the machines is the costly part
    for i in range(ex.states):
        start, labels = ex.path_to(i)
        sim.reset(Seat(start & 3))
        for code in labels:
            if code != LEAD:
                sim.call(sim.state.turn, ALL_CALLS[code])
        mine = sorted(lab for lab, _ in ex.successors_of(i) if lab != LEAD)
        core = sorted(c.code for c in sim.state.legal_calls() if not c.is_bid or c.level <= 2)
        assert mine == core, space.describe(ex.keys[i])
        assert not space.faults(ex.keys[i])


def test_a_table_without_22A_leaves_dead_ends_with_replayable_traces() -> None:
    table = without(guard_is("pass_in_turn_ends_auction"))
    ex = explore(LegalSpace(table, max_level=1))
    report = check_exploration(ex, max_traces=2)
    assert report.counts["dead_ends"] > 0 and report.counts["cannot_finish"] > 0
    assert report.counts["faults"] > 0  # the core allows the third pass, the table does not
    dead = next(f for f in report.findings if f.check == "dead_ends")
    assert dead.trace is not None and dead.trace.scenario is not None
    sim = replay(dead.trace.scenario)  # the unmodified engine accepts every call of the trace
    # at level 1 only 1NT, doubled and redoubled, leaves nothing to call after two passes
    assert [s.event.call.text for s in sim.steps if isinstance(s.event, CallEvent)] == ["1NT", "X", "XX", "P", "P"]
    assert not sim.state.is_over


class _PlantedDeadEnd:
    """The legal scope at level 1, except that after ``1NT`` by the dealer nothing is enabled."""

    def __init__(self) -> None:
        self.inner = LegalSpace(max_level=1)
        self.name = "planted"
        start = self.inner.initial_states()[0]
        labs, keys = self.inner.successors(start)
        self.victim = dict(zip(labs, keys, strict=True))[4]

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def successors(self, key: int) -> tuple[Sequence[int], Sequence[int]]:
        return ((), ()) if key == self.victim else self.inner.successors(key)


def test_a_planted_dead_end_in_a_space_is_reported_with_its_trace() -> None:
    report = check_exploration(explore(_PlantedDeadEnd()))
    assert report.counts["dead_ends"] == 1
    assert report.counts["cannot_finish"] == 1
    finding = next(f for f in report.findings if f.check == "dead_ends")
    assert finding.trace is not None and finding.trace.scenario is not None
    assert finding.trace.scenario["events"] == [{"type": "call", "seat": "N", "call": "1NT"}]
    replay(finding.trace.scenario)


class _Cycle(TableSpace):
    """A four-state space: start -> a <-> b, start -> end; a and b form a trapped cycle."""

    def __init__(self) -> None:
        super().__init__("cycle", {"start": (("go", "stop"), ("a", "end")), "a": (("on",), ("b",)),
                                   "b": (("back",), ("a",)), "end": (("again",), ("start",))}, ends={"end"})


def test_sink_cycle_and_terminal_with_exits_in_a_small_space() -> None:
    ex = explore(_Cycle())
    report = check_exploration(ex)
    assert report.counts["sink_cycles"] == 1 and report.counts["terminal_with_exits"] == 1
    assert report.counts["cannot_finish"] == 2 and report.counts["dead_ends"] == 0
    cycle = next(f for f in report.findings if f.check == "sink_cycles")
    assert cycle.state == "a" and cycle.trace is not None
    assert cycle.trace.scenario == {"labels": ["go"]}
    assert ex.count_paths() is None  # a cycle: infinitely many paths


def test_limits_and_bad_scopes() -> None:
    with pytest.raises(ExplorationLimitError):
        explore(LegalSpace(max_level=1, track_declarer=True), max_states=20_000)
    with pytest.raises(ScopeError):
        Scope("x", max_level=8)
    with pytest.raises(ScopeError, match="no configuration space"):
        space_for(Scope("x", families=frozenset({"rotation", "psychic_bids"}), max_irregularities=1))


def test_progress_is_called() -> None:
    calls: list[tuple[int, int]] = []
    explore(LegalSpace(max_level=1, track_declarer=True), progress=lambda s, q: calls.append((s, q)))
    assert calls and calls[-1] == (78105, 0) or calls[-1][1] == 0


def test_an_exploration_in_one_process_tells_its_progress_every_few_configurations(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """An irregular scope explored by this process alone tells its progress after every
    ``parallel.TELL_EVERY`` configurations expanded, not only after each batch of ``_PROGRESS_EVERY``
    (a scope over all 35 bids expands a few hundred a second), and the same graph is found."""
    from auction_fsm.graph import parallel

    whole = explore(space_for(NAMED_SCOPES["exposure-1"]))
    monkeypatch.setattr(parallel, "TELL_EVERY", 64)
    calls: list[tuple[int, int]] = []
    ex = explore(space_for(NAMED_SCOPES["exposure-1"]), progress=lambda s, q: calls.append((s, q)))
    assert (list(ex.keys), list(ex.targets)) == (list(whole.keys), list(whole.targets))
    assert len(calls) >= ex.states // 64
    assert calls[-1] == (ex.states, 0)
    assert all(q >= 0 and s <= ex.states for s, q in calls)


def test_the_collector_runs_less_often_while_exploring_and_as_before_afterwards() -> None:
    """An exploration makes no cyclic garbage, so the collector's youngest generation runs
    every 100,000 allocations while it explores (not every 700); the pace the caller had comes
    back afterwards, also when the exploration fails."""
    import gc

    seen: list[tuple[int, ...]] = []

    class Watching(_Cycle):
        def successors(self, key: str) -> tuple[Sequence[str], Sequence[str]]:
            seen.append(gc.get_threshold())
            if key == "b":
                raise RuntimeError("planted")
            return super().successors(key)

    before = gc.get_threshold()
    explore(_Cycle())
    assert gc.get_threshold() == before
    with pytest.raises(RuntimeError, match="planted"):
        explore(Watching())
    assert gc.get_threshold() == before
    assert seen and all(t == (100_000, *before[1:]) for t in seen)


def test_a_path_count_that_differs_from_its_oracle_fails_the_report() -> None:
    """The perft oracle's check has no configuration to show: it must still count as failing."""
    ex = explore(LegalSpace(max_level=1))
    right = ex.count_paths()
    assert right is not None and check_exploration(ex, expected_paths=right).ok
    report = check_exploration(ex, expected_paths=right + 1)
    assert report.counts["paths"] == 1 and not report.ok
