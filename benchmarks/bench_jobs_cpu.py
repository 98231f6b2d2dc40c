"""CPU seconds of one scope verified with ``--jobs N``: the parent's and its workers' (issue 21).

Run from the repository root, once per number of jobs::

    python benchmarks/bench_jobs_cpu.py insufficient-1-level2 1
    python benchmarks/bench_jobs_cpu.py insufficient-1-level2 2

On a busy machine the wall-clock speed-up of ``--jobs 2`` cannot be seen (the workers find no
idle core); the CPU split can: with two idle cores the run would take about the parent's CPU
seconds plus half the workers' (the shares are even), against the one-process CPU seconds.
Prints one JSON line: jobs, whether every check passed, parent and children CPU seconds.
"""

import json
import resource
import sys
import time

from auction_fsm.graph.checks import check_exploration
from auction_fsm.graph.configuration import explore
from auction_fsm.graph.scopes import scope_named, space_for


def main() -> None:
    """Explore and check the scope named on the command line with the jobs given; print JSON."""
    name, jobs = sys.argv[1], int(sys.argv[2])
    space = space_for(scope_named(name))
    space.agreement_jobs = space.explore_jobs = jobs
    c0 = time.process_time()
    ex = explore(space)
    rep = check_exploration(ex, count_paths=False)
    parent = time.process_time() - c0
    ch = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(json.dumps({"jobs": jobs, "ok": rep.ok, "parent_cpu": round(parent, 2),
                      "children_cpu": round(ch.ru_utime + ch.ru_stime, 2)}))


if __name__ == "__main__":
    main()
