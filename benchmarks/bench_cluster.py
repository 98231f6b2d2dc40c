"""Verification past one machine (issue 21 item 4): a partitioned run on a local Dask cluster
against the one-process explorer in the same run, and the growth of two-irregularity scopes.

Run from the repository root (needs ``pip install -e '.[cluster]'``)::

    python benchmarks/bench_cluster.py compare --scopes insufficient-1-level2 --workers 2
    python benchmarks/bench_cluster.py growth --family exposure --levels 1 2 3
    python benchmarks/bench_cluster.py memory --scopes insufficient-1 changes-1 --partitions 2

``compare`` explores and checks each scope twice: in this process (``explore`` and
``check_exploration``; ``--agreement all``, the default, fires the machines on every edge in
both runs, ``off`` in neither), then in partitions
on a ``LocalCluster`` of ``--workers`` processes with one thread each (started before the
clock runs); it prints configurations, edges, both times, the ratio (one process / cluster;
above 1 the cluster is faster), the workers' CPU seconds and the largest worker's peak memory
(a worker process starts at about 100 MB), and whether every count agrees (the number of paths
to an end among them: both runs count it, as ``verify`` does).  On a machine whose cores are
busy with other work the ratio says little about idle cores: the CPU seconds of the workers are
printed too.

``growth`` explores one family with ``--irregularities`` per auction (default 2) at each bid
level given, in this process, and prints the configurations, edges and seconds of each, then
the fitted growth (linear when the level-to-level differences are equal, else the quadratic
through the last three) and what it predicts for bids to level 7.

``memory`` (no Dask needed) explores each scope in one process, then in ``--partitions``
partitions driven round by round in one process (as ``tests/graph/test_cluster.py`` drives them),
each in a fresh process of its own, and prints the memory each holds once explored
(``tracemalloc``, from before the space is made: the law book's tables, the simulators and the
partitions' own spaces included), per configuration, and the ratio of the partitions' to the one
process's; then what the partitions hold once they have sorted their reversed edges for the
backward rounds, and the most they held while sorting.  A real cluster adds a worker's fixed 100-120 MB to each partition.  For two scopes
that differ only in their highest bid level (``insufficient-1`` and ``insufficient-1-level2``)
it then prints what each configuration adds, one process and partitions: the difference of the
bytes held over the difference of the configurations, the fixed tables left out.
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import json
import resource
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from auction_fsm.graph.checks import check_exploration
from auction_fsm.graph.configuration import explore
from auction_fsm.graph.scopes import Scope, scope_named, space_for

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scope_check import scope_problem

FAMILIES = {"exposure": "exposure", "inadmissible": "inadmissible", "insufficient": "insufficient_bid",
            "rotation": "rotation", "changes": "changes", "lead": "opening_lead"}


def one_process(scope: Scope) -> tuple[dict[str, Any], float, float]:
    """Explore and check ``scope`` here: counts, seconds, CPU seconds."""
    started, cpu = time.perf_counter(), time.process_time()
    ex = explore(space_for(scope))
    report = check_exploration(ex, expected_paths=scope.expected_paths)
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    return {"states": ex.states, "edges": ex.edges, "terminals": sum(ex.terminal), **report.counts,
            "path_count": report.info["paths"]}, seconds, cpu


def _peak_mb() -> int:
    """This process's peak resident memory in MB (run on each worker)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024


def compare(args: argparse.Namespace) -> None:
    """The ``compare`` table."""
    from distributed import Client, LocalCluster

    from auction_fsm.graph.cluster import ScopeSpace, explore_partitioned

    print(f"{'scope':<24} {'states':>9} {'edges':>10} {'one s':>7} {'one CPU s':>9} {'cluster s':>9} "
          f"{'ratio':>6} {'workers CPU s':>13} {'worker peak MB':>14} {'same counts':>11}")
    with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,  # type: ignore[no-untyped-call]
                      dashboard_address=":0") as cluster, Client(cluster) as client:  # type: ignore[no-untyped-call]
        for name in args.scopes:
            scope = scope_named(name).narrowed(agreement=args.agreement)
            base, base_s, base_cpu = one_process(scope)
            cpu0 = sum(client.run(time.process_time).values())
            started = time.perf_counter()
            report = explore_partitioned(client, ScopeSpace(scope), name, partitions=args.partitions,
                                         max_traces=0)
            seconds = time.perf_counter() - started
            cpu = sum(client.run(time.process_time).values()) - cpu0
            peak = max(client.run(_peak_mb).values())
            mine = {"states": report.states, "edges": report.edges, "terminals": report.info["terminals"],
                    **report.counts, "path_count": report.info["paths"]}
            same = all(mine.get(k) == v for k, v in base.items())
            print(f"{name:<24} {report.states:>9,} {report.edges:>10,} {base_s:>7.1f} {base_cpu:>9.1f} "
                  f"{seconds:>9.1f} {base_s / seconds:>6.2f} {cpu:>13.1f} {peak:>14} {'yes' if same else 'NO':>11}",
                  flush=True)
            if args.json:
                print(json.dumps({"scope": name, "one_process": base, "one_process_s": round(base_s, 2),
                                  "one_process_cpu_s": round(base_cpu, 2),
                                  "cluster": mine, "cluster_s": round(seconds, 2),
                                  "workers_cpu_s": round(cpu, 2), "worker_peak_mb": peak, "cluster_info": report.info["cluster"]}))


def _held_one(name: str, agreement: Literal["all", "off"]) -> tuple[int, int]:
    """Configurations, and bytes held once ``name`` is explored in this process (one process)."""
    import gc
    import tracemalloc

    tracemalloc.start()
    space = space_for(scope_named(name).narrowed(agreement=agreement))
    space.explore_jobs = 1  # type: ignore[attr-defined]  # (forked workers' memory is not traced)
    ex = explore(space)
    gc.collect()
    return ex.states, tracemalloc.get_traced_memory()[0]


def _held_parts(name: str, agreement: Literal["all", "off"], parts: int) -> tuple[int, int, int, int]:
    """Configurations, and bytes held once ``name`` is explored in ``parts`` partitions driven
    in this process; then held once every partition has sorted its reversed edges for the
    backward rounds (``begin_backward``), and the most held while they sorted."""
    import gc
    import tracemalloc

    from auction_fsm.graph import partitioned as part
    from auction_fsm.graph.cluster import ScopeSpace

    tracemalloc.start()
    factory = ScopeSpace(scope_named(name).narrowed(agreement=agreement))
    ps = [part.Partition(p, parts, factory, factory.check_edges) for p in range(parts)]
    for p in ps:
        p.start()
    while True:
        out = [p.expand() for p in ps]
        if not sum(ps[q].absorb([out[p][q] for p in range(parts)]) for q in range(parts)):
            break
    del out
    gc.collect()
    explored = tracemalloc.get_traced_memory()[0]
    tracemalloc.reset_peak()
    for p in ps:
        p.begin_backward()
    gc.collect()
    sorted_, peak = tracemalloc.get_traced_memory()
    return sum(p.count for p in ps), explored, sorted_, peak


def memory(args: argparse.Namespace) -> None:
    """The ``memory`` table."""
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")  # a fresh process for each: no table filled before
    print(f"{'scope':<24} {'states':>9} {'one process B/config':>21} {f'{args.partitions} partitions B/config':>23} "
          f"{'ratio':>6} {'same states':>11} {'edges sorted B/config':>21} {'peak sorting':>12}")
    rows: list[tuple[str, int, int, int]] = []
    for name in args.scopes:
        with ctx.Pool(1) as pool:
            states, one = pool.apply(_held_one, (name, args.agreement))
        with ctx.Pool(1) as pool:
            found, held, sorted_, peak = pool.apply(_held_parts, (name, args.agreement, args.partitions))
        print(f"{name:<24} {states:>9,} {one / states:>21,.0f} {held / found:>23,.0f} "
              f"{held / found / (one / states):>6.2f} {'yes' if found == states else 'NO':>11} "
              f"{sorted_ / found:>21,.0f} {peak / found:>12,.0f}", flush=True)
        rows.append((name, states, one, held))
    for line in _added(rows):
        print(line)


def _added(rows: Sequence[tuple[str, int, int, int]]) -> list[str]:
    """What each configuration adds, one process and partitions, between two scopes of the
    table that differ only in their highest bid level: the difference of the bytes held over
    the difference of the configurations.  Why: a small scope's figure carries the fixed tables
    (the book's, the machines' classes, each partition's own), which a big run spreads thin;
    the difference is what a run of millions pays a configuration."""
    lines = []
    for (a, sa, oa, ha), (b, sb, ob, hb) in itertools.combinations(rows, 2):
        x, y = scope_named(a), scope_named(b)
        if sa == sb or dataclasses.replace(x, name="", max_level=1) != dataclasses.replace(y, name="", max_level=1):
            continue
        lines.append(f"added a configuration from {a} to {b}: one process {(ob - oa) / (sb - sa):,.0f} B, "
                     f"partitions {(hb - ha) / (sb - sa):,.0f} B")
    return lines


def growth(args: argparse.Namespace) -> None:
    """The ``growth`` table and fit."""
    family = FAMILIES.get(args.family, args.family)
    counts: list[tuple[int, int]] = []
    print(f"{'scope':<28} {'states':>9} {'edges':>10} {'seconds':>8} {'states/s':>9} {'peak MB':>8}")
    for level in args.levels:
        scope = Scope(f"{args.family}-{args.irregularities}-level{level}", frozenset({family}),
                      max_irregularities=args.irregularities, max_level=level, agreement="off")
        started = time.perf_counter()
        ex = explore(space_for(scope))
        seconds = time.perf_counter() - started
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
        print(f"{scope.name:<28} {ex.states:>9,} {ex.edges:>10,} {seconds:>8.1f} {ex.states / seconds:>9,.0f} "
              f"{peak:>8}", flush=True)
        counts.append((level, ex.states))
        del ex
    if len(counts) >= 3:
        (l1, c1), (l2, c2), (l3, c3) = counts[-3:]
        d1, d2 = (c2 - c1) / (l2 - l1), (c3 - c2) / (l3 - l2)
        if d1 == d2:
            print(f"growth: linear, {d1:,.0f} configurations per bid level; level 7: {c3 + d2 * (7 - l3):,.0f}")
        else:  # the quadratic through the three points, evaluated at 7
            def at(x: int) -> float:
                return (c1 * (x - l2) * (x - l3) / ((l1 - l2) * (l1 - l3))
                        + c2 * (x - l1) * (x - l3) / ((l2 - l1) * (l2 - l3))
                        + c3 * (x - l1) * (x - l2) / ((l3 - l1) * (l3 - l2)))
            print(f"growth: differences {d1:,.0f} then {d2:,.0f} per level (ratio {d2 / d1:.2f}); "
                  f"quadratic through the three: level 7 about {at(7):,.0f}")


def main() -> None:
    """Parse the command line and run one of the three benchmarks."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="what", required=True)
    c = sub.add_parser("compare", help="a cluster run against the one-process explorer, same scopes")
    c.add_argument("--scopes", nargs="+", default=["insufficient-1-level2"], metavar="NAME",
                   help="named scopes (default insufficient-1-level2)")
    c.add_argument("--workers", type=int, default=2, help="local worker processes (default 2)")
    c.add_argument("--partitions", type=int, help="partitions (default one per worker)")
    c.add_argument("--agreement", choices=("all", "off"), default="all",
                   help="the machines on every edge in both runs (all, the default, as verify does: "
                        "along the traces in one process, from each configuration's machine states on "
                        "the cluster) or in neither (off)")
    c.add_argument("--json", action="store_true", help="also print one JSON line per scope")
    g = sub.add_parser("growth", help="configurations of one family at several bid levels")
    g.add_argument("--family", default="exposure", choices=sorted({*FAMILIES, *FAMILIES.values()}), metavar="NAME",
                   help=f"one of {', '.join(FAMILIES)} (default exposure)")
    g.add_argument("--irregularities", type=int, default=2, help="per auction (default 2)")
    g.add_argument("--levels", type=int, nargs="+", default=[1, 2, 3], help="bid levels (default 1 2 3)")
    m = sub.add_parser("memory", help="memory held per configuration: one process against partitions "
                                      "driven in one process (no Dask)")
    m.add_argument("--scopes", nargs="+", default=["insufficient-1"], metavar="NAME",
                   help="named scopes (default insufficient-1)")
    m.add_argument("--partitions", type=int, default=2, help="partitions (default 2)")
    m.add_argument("--agreement", choices=("all", "off"), default="all",
                   help="the machines on every edge in both runs (all, the default) or in neither")
    args = parser.parse_args()
    for name in getattr(args, "scopes", ()):  # (a name is checked before anything is explored)
        problem = scope_problem(name)
        if problem is not None:
            parser.error(problem)
    {"compare": compare, "growth": growth, "memory": memory}[args.what](args)


if __name__ == "__main__":
    main()
