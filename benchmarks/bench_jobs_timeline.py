"""Where the wall-clock time of ``--jobs N`` goes on one scope (issue 21, item 3): the time
every process works, and the time this process works alone while the others wait or are gone.

Run from the repository root::

    python benchmarks/bench_jobs_timeline.py insufficient-1-level2
    python benchmarks/bench_jobs_timeline.py auction-1 --jobs 2 --explore-only

The scope is explored twice, each time in a fresh interpreter (so that neither run inherits
the other's memory): with one job (the baseline) and with ``--jobs``, each with the machine
check on every edge unless ``--explore-only``.  During the second run
:data:`auction_fsm.graph.parallel.TIMELINE` notes, for each forked level, when it began, when
this process ran out of tasks and when its merge ended; levels too small to fork are expanded
in this process alone.  What is left of the wall clock is the explorer outside the levels
(numbering the targets between levels, the start, the ends marked at the close), also alone.

Printed: the configurations and edges, both wall clocks and their ratio, and the split of the
shared run: every process working; this process alone at the end of forked levels; levels
expanded alone; the explorer outside the levels.  The share worked alone bounds the ratio
(Amdahl): ``1 / (alone + shared / N)``, both as fractions of the shared run's wall clock, if
the shared part divided perfectly.  The rest of the gap is the cost of sharing itself (the
answers pickled and read, the copy-on-write faults after each fork), which this timeline does
not split.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from typing import Any

from scope_check import irregular_scope_problem

from auction_fsm.graph import parallel
from auction_fsm.graph.configuration import explore
from auction_fsm.graph.irregular_space import IrregularSpace
from auction_fsm.graph.scopes import scope_named, space_for


def _measure(name: str, jobs: int, explore_only: bool) -> dict[str, Any]:
    """Explore (and check each edge, unless ``explore_only``) the scope with ``jobs`` jobs in
    this interpreter; the wall clock, the sizes and the timeline's marks."""
    scope = scope_named(name)
    space = space_for(scope.narrowed(agreement="off") if explore_only else scope)
    assert isinstance(space, IrregularSpace), "only irregular scopes are shared between processes"
    space.explore_jobs = jobs
    parallel.TIMELINE = []
    start = time.perf_counter()
    ex = explore(space)
    return {"wall": time.perf_counter() - start, "states": ex.states, "edges": ex.edges,
            "marks": parallel.TIMELINE}


def _fresh(name: str, jobs: int, explore_only: bool) -> dict[str, Any]:
    """:func:`_measure` in a fresh interpreter."""
    args = [sys.executable, __file__, name, "--jobs", str(jobs), "--measure",
            *(["--explore-only"] if explore_only else [])]
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    result: dict[str, Any] = json.loads(out)
    return result


def main() -> None:
    """Run the scope named with one job, then with ``--jobs``, and print the split."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scope", help="a named irregular scope, e.g. insufficient-1-level2")
    parser.add_argument("--jobs", type=int, default=2, help="processes of the shared run (default 2)")
    parser.add_argument("--explore-only", action="store_true", help="no machine check on the edges")
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)  # one run, as JSON
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(_measure(args.scope, args.jobs, args.explore_only)))
        return
    problem = irregular_scope_problem(args.scope, "only those are shared between processes")
    if problem is not None:
        parser.error(problem)
    if args.jobs < 2:
        parser.error(f"--jobs must be 2 or more, not {args.jobs}")
    print(f"scope {args.scope}, --jobs 1 then --jobs {args.jobs}"
          f"{', exploration only' if args.explore_only else ', machines on every edge'} ...", flush=True)
    one = _fresh(args.scope, 1, args.explore_only)
    run = _fresh(args.scope, args.jobs, args.explore_only)
    wall = run["wall"]
    forked = [t for kind, t in run["marks"] if kind == "forked"]
    shared = sum(worked - start for start, worked, _ in forked)
    tail = sum(end - worked for _, worked, end in forked)
    small = sum(t[1] - t[0] for kind, t in run["marks"] if kind == "alone")
    between = wall - shared - tail - small
    alone = (tail + small + between) / wall
    bound = 1 / (alone + (shared / wall) / args.jobs)
    print(f"{run['states']:,} configurations, {run['edges']:,} edges")
    print(f"--jobs 1: {one['wall']:.2f} s   --jobs {args.jobs}: {wall:.2f} s   ratio {one['wall'] / wall:.2f}x")
    print(f"  every process working ({len(forked)} forked levels): {shared:.2f} s")
    print(f"  this process alone at the ends of forked levels: {tail:.2f} s")
    print(f"  levels too small to fork, alone: {small:.2f} s")
    print(f"  the explorer outside the levels (between them, before and after), alone: {between:.2f} s")
    print(f"  worked alone: {alone:.1%} of the wall clock; the bound that leaves: {bound:.2f}x")


if __name__ == "__main__":
    main()
