"""Verification past one machine (issue 21 item 4): a configuration graph explored in partitions,
on a Dask ``LocalCluster`` of two workers, gives the one-process explorer's verdicts and counts.

The partitions' algorithm is also checked without Dask (driven in this process), so that part
runs wherever the suite runs; the tests that need Dask skip, saying why, where the ``cluster``
extra is not installed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import pytest
from books import without

from auction_fsm.cli import main
from auction_fsm.events import CallEvent
from auction_fsm.graph import partitioned as part
from auction_fsm.graph.checks import GraphReport, check_exploration
from auction_fsm.graph.configuration import explore
from auction_fsm.graph.declared_key import HandedOver
from auction_fsm.graph.irregular_space import IrregularSpace
from auction_fsm.graph.scopes import NAMED_SCOPES, Scope, space_for
from auction_fsm.graph.verification import verify_scope
from auction_fsm.machines import TableMachines
from auction_fsm.scenario import loads_scenario
from auction_fsm.seats import Seat
from auction_fsm.simulator import Simulator

ROOT = Path(__file__).resolve().parents[2]
NEEDS_DASK = "the cluster extra (dask[distributed]) is not installed: pip install 'auction-fsm[cluster]'"


class ModularSpace:
    """A small made-up graph with every kind of failure: configuration ``k`` of ``0..n-1`` leads
    to ``3k+1`` and ``5k+2`` (mod n), ends when ``k % 11 == 0``, has no event when
    ``k % 23 == 5`` (a dead end, or where the scope stops when ``k`` is even), and a fault
    when ``k % 97 == 3``.  Its cycles trap some configurations; some ends have exits."""

    name = "modular"

    def __init__(self, n: int = 601) -> None:
        self.n = n

    def initial_states(self) -> Sequence[int]:
        return (1, 7)

    def successors(self, key: int) -> tuple[Sequence[str], Sequence[int]]:
        if key % 23 == 5:
            return (), ()
        return ("a", "b"), ((3 * key + 1) % self.n, (5 * key + 2) % self.n)

    def is_terminal(self, key: int) -> bool:
        return key % 11 == 0

    def beyond_scope(self, key: int) -> list[str]:
        return ["an event the scope leaves out"] if key % 2 == 0 else []

    def describe(self, key: int) -> str:
        return f"node {key}"

    def label_text(self, label: str) -> str:
        return label

    def scenario(self, start: int, labels: Sequence[str]) -> dict[str, Any]:
        return {"start": start, "labels": list(labels)}

    def machine_states(self, key: int) -> Sequence[str]:
        return ()

    def faults(self, key: int) -> Sequence[str]:
        return ["planted"] if key % 97 == 3 else []


class LadderSpace(ModularSpace):
    """An acyclic graph with ``2**n`` paths: configuration ``(layer, i)`` leads to both
    configurations of the next layer, and the last layer ends."""

    name = "ladder"

    def __init__(self, n: int) -> None:
        super().__init__()
        self.n = n

    def initial_states(self) -> Sequence[Any]:
        return ((0, 0),)

    def successors(self, key: Any) -> tuple[Sequence[str], Sequence[Any]]:
        layer = key[0]
        return ((), ()) if layer == self.n else (("a", "b"), ((layer + 1, 0), (layer + 1, 1)))

    def is_terminal(self, key: Any) -> bool:
        return bool(key[0] == self.n)

    def beyond_scope(self, key: Any) -> list[str]:
        return []

    def faults(self, key: Any) -> Sequence[str]:
        return []


def one_process(space: Any) -> tuple[GraphReport, int]:
    """The one-process explorer's report and number of ends."""
    ex = explore(space)
    return check_exploration(ex, count_paths=False), sum(ex.terminal)


def drive(factory: part.SpaceFactory, parts: int) -> list[part.Partition]:
    """Explore with ``parts`` partitions in this process, round by round, as the cluster driver
    does."""
    ps = [part.Partition(p, parts, factory) for p in range(parts)]
    for p in ps:
        p.start()
    while True:
        out = [p.expand() for p in ps]
        if not sum(ps[q].absorb([out[p][q] for p in range(parts)]) for q in range(parts)):
            return ps


def in_partitions(factory: part.SpaceFactory, parts: int) -> dict[str, int]:
    """The counts of a partitioned run in this process, the backward rounds included."""
    summaries = [p.summary() for p in partitions_explored(factory, parts)]
    return {k: sum(s[k] for s in summaries) for k in summaries[0]}


def paths_in_partitions(ps: Sequence[part.Partition]) -> tuple[int | None, str | None]:
    """The number of paths to an end, summed in the partitions' rounds in this process as the
    cluster driver sums it (after the backward rounds), and how many passes it took (or, with no
    count, why: ``None`` for a cycle)."""
    parts = len(ps)
    passes = []

    def one_pass(primes: tuple[int, ...]) -> list[tuple[Sequence[int], float, int]]:
        passes.append(primes)
        counted = sum(p.begin_paths(primes) for p in ps)
        while counted:
            out = [p.paths_out() for p in ps]
            counted = sum(ps[q].paths_in([out[p][q] for p in range(parts)]) for q in range(parts))
        return [p.path_totals() for p in ps]
    paths, missing = part.count_paths(one_pass)
    return paths, missing if paths is None else f"{len(passes)} pass(es)"


def partitions_explored(factory: part.SpaceFactory, parts: int) -> list[part.Partition]:
    """Partitions explored and their backward rounds run, in this process."""
    ps = drive(factory, parts)
    marked = sum(p.begin_backward() for p in ps)
    while marked:
        out2 = [p.backward() for p in ps]
        marked = sum(ps[q].mark([out2[p][q] for p in range(parts)]) for q in range(parts))
    return ps


def assert_same(counts: dict[str, int], report: GraphReport, terminals: int) -> None:
    assert counts["states"] == report.states
    assert counts["edges"] == report.edges
    assert counts["terminals"] == terminals
    assert counts["stops_at_bounds"] == report.info.get("stops_at_bounds", 0)
    for check in ("dead_ends", "cannot_finish", "terminal_with_exits", "faults"):
        assert counts[check] == report.counts[check], check


# --- the stable owner of a key ------------------------------------------------------------------
def test_every_process_gives_a_key_the_same_owner_whatever_its_string_hash_salt() -> None:
    code = ("from auction_fsm.graph.partitioned import owner_of\n"
            "keys = [(1, frozenset({'pass', 'double', 'redouble', 'bid'}), ('x', None, 2.5)), 12345, "
            "('a', frozenset({('b', 1), ('c', 2)}))]\n"
            "print([owner_of(k, 1000) for k in keys])")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    seen = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**env, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2", "3")}
    assert len(seen) == 1


def test_equal_keys_of_different_types_have_one_owner() -> None:
    # the irregular keys hold 0 in one state and False in another for the same fact
    assert part.stable_digest((0, True, 1.0, Seat.E)) == part.stable_digest((False, 1, 1, 1))
    assert part.stable_digest((0, 1)) != part.stable_digest((1, 0))
    # a named tuple equal to a plain one (a split scope's hand-over key) is hashed as its items
    assert part.stable_digest(HandedOver(2, -1)) == part.stable_digest((2, -1))


def test_a_key_part_without_a_stable_form_is_refused() -> None:
    with pytest.raises(TypeError, match="object"):
        part.stable_digest((1, object()))


# --- the partitions' algorithm, without Dask ----------------------------------------------------
@pytest.mark.parametrize("parts", [1, 3])
def test_partitions_give_the_one_process_counts_with_every_kind_of_failure(parts: int) -> None:
    report, terminals = one_process(ModularSpace())
    assert all(report.counts[c] for c in ("dead_ends", "cannot_finish", "terminal_with_exits", "faults"))
    assert report.info["stops_at_bounds"]
    assert_same(in_partitions(ModularSpace, parts), report, terminals)


def test_partitions_of_an_irregular_scope_give_the_one_process_counts() -> None:
    # representatives travel between partitions: the compact keys alone cannot be replayed
    scope = NAMED_SCOPES["exposure-1"].narrowed(agreement="off")
    report, terminals = one_process(space_for(scope))
    assert_same(in_partitions(lambda: space_for(scope), 3), report, terminals)


def test_partitions_of_a_changes_scope_give_the_one_process_counts() -> None:
    # the partitions keep other representatives of a key than the one process: where a key
    # is not canonical the counts differ (they did here, 20,231 against 20,152, until the key
    # forgot the last standing calls once no change of call can follow)
    prefix = tuple(CallEvent.of(s, c) for s, c in (("N", "1C"), ("E", "1D"), ("S", "1H"), ("W", "1S")))

    def factory() -> IrregularSpace:
        return IrregularSpace(Scope.of({"changes"}), prefix=prefix, agreement="off")
    report, terminals = one_process(factory())
    assert_same(in_partitions(factory, 3), report, terminals)


# --- the number of paths, summed backwards in the partitions -------------------------------------
@pytest.mark.parametrize(("n", "passes"), [(30, 1), (230, 1), (300, 2)])
def test_partitions_count_a_ladders_paths_exactly_past_the_primes_of_one_pass(n: int, passes: int) -> None:
    # 2**230 is within six primes below 2**40 (about 10**72), 2**300 takes a second pass
    ps = partitions_explored(lambda: LadderSpace(n), 3)
    assert paths_in_partitions(ps) == (2 ** n, f"{passes} pass(es)")
    assert explore(LadderSpace(n)).count_paths() == 2 ** n


def test_partitions_find_no_path_count_where_a_cycle_makes_it_infinite() -> None:
    assert explore(ModularSpace()).count_paths() is None
    assert paths_in_partitions(partitions_explored(ModularSpace, 3)) == (None, None)


@pytest.mark.parametrize("scope", [NAMED_SCOPES["exposure-1"], Scope("legal-level1", max_level=1)],
                         ids=lambda s: s.name)
def test_partitions_count_the_paths_one_process_counts(scope: Scope) -> None:
    narrowed = scope.narrowed(agreement="off")
    expected = explore(space_for(narrowed)).count_paths()
    assert expected is not None and expected > 0
    assert paths_in_partitions(partitions_explored(lambda: space_for(narrowed), 3))[0] == expected
    if scope.expected_paths is not None:  # the legal scope's perft oracle
        assert expected == scope.expected_paths


def test_a_part_of_a_split_scope_counts_the_paths_to_its_own_ends_in_partitions() -> None:
    def factory() -> IrregularSpace:
        # the part in spades after 1S: an auction that ends in no trumps is handed over
        scope = Scope("part", frozenset({"opening_lead", "exposure"}), max_irregularities=1, max_level=1,
                      contract_strain=3)
        return IrregularSpace(scope, prefix=(CallEvent.of("N", "1S"),), agreement="off")
    one = factory()
    ex = explore(one)
    split = one.split_ends(ex.keys)
    assert split is not None
    own, whole = ex.count_paths_to(split.counted), ex.count_paths()
    assert own is not None and whole is not None and 0 < own < whole  # (those handed over are not its own)
    assert paths_in_partitions(partitions_explored(factory, 2))[0] == own


class _PlantedSimulator(Simulator):
    """A simulator whose machines come from a table without the 'comparable' judgement."""

    def __init__(self, dealer: Seat | str) -> None:
        super().__init__(dealer)
        self.machines = TableMachines(self.dealer, book=without(
            lambda t: t.machine == "phase" and t.trigger == "judge_comparable"))


@pytest.mark.parametrize("simulator", [_PlantedSimulator, Simulator])
def test_partitions_fire_the_machines_on_every_edge(simulator: Any) -> None:
    prefix = (CallEvent.of("N", "1NT"),)

    def factory() -> IrregularSpace:
        return IrregularSpace(Scope.of({"insufficient_bid"}), prefix=prefix, simulator=simulator, agreement="off")

    one = factory()
    one.agreement = "all"  # the one-process check on every edge, along the traces
    report = check_exploration(explore(one))
    ps = drive(factory, 2)
    found = [detail for p in ps for detail in p.faulty.values()]
    fired = sum(cast(IrregularSpace, p.space).replayed_events for p in ps)
    if simulator is Simulator:
        assert not found and report.counts["faults"] == 0
        assert fired == report.edges  # every edge once
    else:  # each failing edge is named at its source; the one process names tree edges at the target
        assert found and report.counts["faults"]
        assert all("judge_comparable" in d and d.startswith("on director judges comparable") for d in found)


def test_partitions_of_an_irregular_scope_hold_packed_keys_and_no_representative_at_the_end() -> None:
    # as one process explores: each partition's keys are in its space's own table, packed by its
    # own numbering (only the keys it owns), and a representative is released once expanded
    scope = NAMED_SCOPES["inadmissible-1"].narrowed(agreement="off")
    ps = drive(lambda: space_for(scope), 3)
    for p in ps:
        space = cast(IrregularSpace, p.space)
        assert p.count == len(space.numbering or ()) > 0
        assert all(type(k) is bytes for k in space.numbering or ())
        assert not space._states
    assert sum(p.count for p in ps) == one_process(space_for(scope))[0].states


@dataclass(frozen=True)
class PlantedInsufficient:
    """An insufficient-bid scope after North's 1NT whose machines lack the 'comparable'
    judgement (built in each worker, so it pickles as a name)."""

    def __call__(self) -> IrregularSpace:
        return IrregularSpace(Scope.of({"insufficient_bid"}), prefix=(CallEvent.of("N", "1NT"),),
                              simulator=_PlantedSimulator, agreement="off")


def test_a_partitioned_fault_is_described_from_its_trace_replayed_by_the_driver(client: Any) -> None:
    # the partitions keep no positions: the driver replays each trace from the parent edges'
    # labels; the scenario it gives leads, through the engine, to the position it describes,
    # by a shortest trace
    from auction_fsm.graph.cluster import explore_partitioned

    report = explore_partitioned(client, PlantedInsufficient(), "planted", partitions=3)
    one = PlantedInsufficient()()
    ex = explore(one)
    depth = ex.depths()
    faults = [f for f in report.findings if f.check == "faults"]
    assert faults and report.counts["faults"] and len(faults) <= 3
    for f in faults:
        assert f.trace is not None and f.trace.scenario is not None
        assert "judge_comparable" in f.detail
        replay = loads_scenario(json.dumps(f.trace.scenario)).replay(check=False)
        assert replay.error is None
        key = one.key_of(replay.simulator.state)
        assert one.describe(key) == f.state
        assert len(f.trace.scenario["events"]) - 1 == depth[ex.index[key]]  # (1NT is the prefix)


def test_a_partition_its_worker_no_longer_holds_is_a_clear_error() -> None:
    with pytest.raises(part.PartitionLostError, match="partition 3 .* restarted"):
        part.task_expand("a run that never started", 3)


# --- on a local Dask cluster of two workers -----------------------------------------------------
@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    distributed = pytest.importorskip("distributed", reason=NEEDS_DASK)
    # worker processes, as on a real cluster (threads of one process would share the engine's
    # module-level caches, and one core)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster, distributed.Client(cluster) as c:
        yield c


@pytest.mark.parametrize("scope", [NAMED_SCOPES["exposure-1"], NAMED_SCOPES["inadmissible-1"],
                                   Scope("legal-level1", max_level=1)], ids=lambda s: s.name)
def test_a_cluster_of_two_workers_gives_the_one_process_verdicts(client: Any, scope: Scope) -> None:
    from auction_fsm.graph.cluster import ScopeSpace, explore_partitioned

    report, terminals = one_process(space_for(scope.narrowed(agreement="off")))
    on_cluster = explore_partitioned(client, ScopeSpace(scope), scope.name)
    assert on_cluster.info["cluster"]["workers"] == 2
    assert (on_cluster.states, on_cluster.edges) == (report.states, report.edges)
    assert on_cluster.info["terminals"] == terminals
    assert on_cluster.counts == {**report.counts, **({"paths": 0} if scope.expected_paths is not None else {})}
    assert on_cluster.ok and report.ok
    assert on_cluster.info["paths"] == explore(space_for(scope.narrowed(agreement="off"))).count_paths()
    if scope.expected_paths is not None:  # the legal scope's perft oracle, checked as one process checks it
        assert on_cluster.info["paths_expected"] == scope.expected_paths
    # the machine states the scope never exercises, as one process's verify lists them
    assert on_cluster.info["not_exercised"] == verify_scope(scope).info["not_exercised"]


def test_a_cluster_reports_each_failure_with_a_shortest_trace(client: Any) -> None:
    from auction_fsm.graph.cluster import explore_partitioned

    ex = explore(ModularSpace())
    report = check_exploration(ex, count_paths=False)
    on_cluster = explore_partitioned(client, ModularSpace, "modular", partitions=3)
    assert on_cluster.counts == report.counts and not on_cluster.ok
    depth = ex.depths()
    for check in ("dead_ends", "cannot_finish", "terminal_with_exits", "faults", "sink_cycles"):
        mine = [f for f in on_cluster.findings if f.check == check]
        theirs = [f for f in report.findings if f.check == check]
        assert len(mine) == len(theirs), check
        for f in mine:  # the trace replays: its labels lead from its start to the state named
            assert f.trace is not None and f.trace.scenario is not None
            key = f.trace.scenario["start"]
            for label in f.trace.scenario["labels"]:
                labels, keys = ModularSpace().successors(key)
                key = keys[list(labels).index(label)]
            assert f.state == f"node {key}"
            if check != "sink_cycles":  # as short as any: the shallowest failures come first
                assert len(f.trace.scenario["labels"]) == depth[ex.index[key]]
        shallowest = sorted(depth[i] for i, _ in enumerate(ex.keys)
                            if f"node {ex.keys[i]}" in {t.state for t in theirs})
        if check != "sink_cycles":
            assert sorted(len(f.trace.scenario["labels"]) for f in mine if f.trace and f.trace.scenario) \
                == shallowest


# --- the command line -------------------------------------------------------------------------
def test_verify_on_a_local_cluster_checks_the_whole_legal_auctions_perft_oracle(
        capsys: pytest.CaptureFixture[str]) -> None:
    # every legal auction from one dealer, counted backwards in 321 rounds over two workers
    pytest.importorskip("distributed", reason=NEEDS_DASK)
    status = main(["verify", "--scope", "legal", "--cluster", "local:2", "--no-machine", "--json", "--quiet"])
    out = json.loads(capsys.readouterr().out)
    assert status == 0 and out["ok"] and out["states"] == 3506
    assert out["paths"] == out["paths_expected"] == 128_745_650_347_030_683_120_231_926_111_609_371_363_122_697_557
    assert out["not_checked"] == []


def test_a_scope_verified_by_strain_on_a_cluster_is_made_whole_from_its_parts_with_their_paths(
        capsys: pytest.CaptureFixture[str]) -> None:
    # as one process does it (tests/graph/test_by_strain.py, the same count)
    pytest.importorskip("distributed", reason=NEEDS_DASK)
    assert main(["verify", "--scope", "lead-1", "--by-strain", "--cluster", "local:2", "--no-machine",
                 "--json", "--quiet"]) == 0
    *parts, whole = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["scope"] for r in parts] == [f"lead-1-in-{s}" for s in ("C", "D", "H", "S", "NT")]
    assert all(r["ok"] and r["paths_of_part"] for r in parts) and whole["ok"]
    assert whole["parts"] == [r["scope"] for r in parts]
    assert whole["paths"] == sum(r["paths"] for r in parts) == 1_181_899_377
    assert whole["states"] == sum(r["states"] for r in parts) == 18_770


@pytest.mark.parametrize("address", ["local:x", "local:0", "tcp://a b"])
def test_a_bad_cluster_address_is_one_line_naming_it(capsys: pytest.CaptureFixture[str], address: str) -> None:
    status = main(["verify", "--scope", "exposure-1", "--cluster", address, "--no-machine"])
    err = capsys.readouterr().err.strip()
    assert status == 2 and "\n" not in err and repr(address) in err


def test_a_scheduler_that_cannot_be_reached_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("distributed", reason=NEEDS_DASK)
    status = main(["verify", "--scope", "exposure-1", "--cluster", "tcp://127.0.0.1:9",
                   "--connect-timeout", "1", "--no-machine"])
    err = capsys.readouterr().err.strip()
    assert status == 2 and "\n" not in err and "tcp://127.0.0.1:9" in err and "cannot reach" in err


def test_an_address_dask_cannot_read_is_named_as_such_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("distributed", reason=NEEDS_DASK)
    status = main(["verify", "--scope", "exposure-1", "--cluster", "bogus", "--no-machine"])
    err = capsys.readouterr().err.strip()
    assert status == 2 and "\n" not in err and "'bogus' is not a scheduler address" in err


def test_without_dask_the_package_works_and_the_cluster_option_says_what_to_install() -> None:
    code = ("import sys\nsys.modules['distributed'] = None\nsys.modules['dask'] = None\n"
            "import auction_fsm.graph, auction_fsm.graph.cluster\n"
            "from auction_fsm.cli import main\n"
            "sys.exit(main(['verify', '--scope', 'exposure-1', '--cluster', 'local:2', '--no-machine']))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip().count("\n") == 0
    assert "pip install 'auction-fsm[cluster]'" in done.stderr


def test_a_cluster_ships_positions_of_the_1997_book_by_its_name(client: Any) -> None:
    """The positions the workers send each other carry their book (issue 37): a registered
    book travels as its name and the verdicts are the one process's under that book."""
    from auction_fsm.graph.cluster import ScopeSpace, explore_partitioned
    from auction_fsm.lawbook import LAWS_1997

    scope = NAMED_SCOPES["exposure-1"]
    space = space_for(scope.narrowed(agreement="off"), LAWS_1997)
    report, terminals = one_process(space)
    assert {s.book for _, s in cast(IrregularSpace, space).representatives()} == {LAWS_1997}
    on_cluster = explore_partitioned(client, ScopeSpace(scope, "1997"), scope.name)
    assert (on_cluster.states, on_cluster.edges) == (report.states, report.edges)
    assert on_cluster.info["terminals"] == terminals and on_cluster.counts == report.counts
