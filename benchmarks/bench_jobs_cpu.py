"""CPU seconds of one scope verified with ``--jobs N``: this process's and its workers', by phase
(issue 21).

Run from the repository root, once per number of jobs::

    python benchmarks/bench_jobs_cpu.py insufficient-1-level2 1
    python benchmarks/bench_jobs_cpu.py insufficient-1-level2 2
    python benchmarks/bench_jobs_cpu.py inadmissible-1-level7 2 --explore-only

On a busy machine the wall-clock speed-up of ``--jobs 2`` cannot be seen (the workers find no
idle core); the CPU split can.  In each phase (the exploration, then the checks with the
machines on every edge) this process works one share itself while ``N - 1`` forked workers
work the others, so with idle cores a phase takes about the larger of this process's CPU
seconds and the workers' divided by ``N - 1``; ``estimated_wall`` adds the two phases up.
Compare it with the one-process run's CPU seconds (``jobs 1``), measured just before or after:
the ratio is what ``--jobs N`` would give on idle cores.  A loaded machine inflates every CPU
figure (shared caches), so compare runs made one after the other.  The estimate holds as long
as no process waits for another within a phase: the processes take their tasks from a shared
counter (``auction_fsm/graph/parallel.py``), so they finish each level within about a task of
each other; what this process does alone (merging a level, the small levels, the split of the
check) is in its own CPU seconds.  (Before, with each level dealt out ahead, the estimate
left out the waiting at the end of every level: 1.7x estimated, 1.6x measured.)
``--explore-only`` leaves out the checks (the scope's machine check off).

Prints one JSON line: jobs, whether every check passed, and per phase this process's and the
workers' CPU seconds, then the estimate.
"""

import argparse
import json
import resource
import time

from auction_fsm.graph.checks import check_exploration
from auction_fsm.graph.configuration import explore
from auction_fsm.graph.irregular_space import IrregularSpace
from auction_fsm.graph.scopes import scope_named, space_for


def _children() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def main() -> None:
    """Explore and check the scope named on the command line with the jobs given; print JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scope", help="a named scope, e.g. insufficient-1-level2")
    parser.add_argument("jobs", type=int, help="worker processes (1: this process alone)")
    parser.add_argument("--explore-only", action="store_true", help="the exploration alone, no checks")
    args = parser.parse_args()
    scope = scope_named(args.scope)
    space = space_for(scope.narrowed(agreement="off") if args.explore_only else scope)
    if not isinstance(space, IrregularSpace):
        parser.error(f"{args.scope} is not an irregular scope: only those explore with jobs")
    space.explore_jobs = args.jobs
    c0, k0 = time.process_time(), _children()
    ex = explore(space)
    c1, k1 = time.process_time(), _children()
    ok: bool | None = None  # (no checks run)
    phases = {"explore": (c1 - c0, k1 - k0)}
    if not args.explore_only:
        ok = check_exploration(ex, count_paths=False).ok
        c2, k2 = time.process_time(), _children()
        phases["check"] = (c2 - c1, k2 - k1)
    others = max(1, args.jobs - 1)
    estimate = sum(max(own, workers / others) for own, workers in phases.values())
    print(json.dumps({"jobs": args.jobs, "ok": ok, "states": ex.states, "edges": ex.edges,
                      **{f"{name}_cpu": round(own, 2) for name, (own, _) in phases.items()},
                      **{f"{name}_workers_cpu": round(w, 2) for name, (_, w) in phases.items()},
                      "estimated_wall": round(estimate, 2)}))


if __name__ == "__main__":
    main()
