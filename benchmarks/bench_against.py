"""The explorer of this checkout against another version of the code, paired on the same scopes.

Run from the repository root, with an older version checked out somewhere else::

    git worktree add /tmp/base 77587d3
    python benchmarks/bench_against.py /tmp/base                       # the default scopes
    python benchmarks/bench_against.py /tmp/base --scopes auction-1 --repeat 3
    python benchmarks/bench_against.py /tmp/base --agreement off      # exploration alone

Each run explores one named scope in a fresh interpreter with one process (``--jobs 1``), by
default with the machine check on every edge (what ``auction-fsm verify --scope NAME --jobs 1``
spends its time on), and reports the CPU seconds of that exploration.  The two versions take
turns (this checkout, then the baseline, ``--repeat`` times), so a change in the machine's load
falls on both; the table gives the median of each and the ratio of the baseline's to this
checkout's (above 1: this checkout is faster), and checks that both found the same numbers of
configurations and edges.  Both versions are imported through ``PYTHONPATH`` (this one from the
checkout the script is in), so neither needs an installation of its own.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

from scope_check import irregular_scope_problem

_DEFAULT = ("inadmissible-1-level7", "auction-1", "insufficient-1-level2", "lead-exposure-1")

_MEASURE = """
import json, sys, time
import auction_fsm
from auction_fsm.graph.configuration import explore
from auction_fsm.graph.scopes import scope_named, space_for
scope = scope_named(sys.argv[1])
space = space_for(scope)
space.agreement = sys.argv[2]
start = time.process_time()
ex = explore(space)
print(json.dumps({"cpu": time.process_time() - start, "states": ex.states, "edges": len(ex.targets),
                  "package": auction_fsm.__file__}))
"""


#: The checkout this script belongs to: what "this" measures, whatever is installed.
HERE = Path(__file__).resolve().parents[1]


def run(scope: str, agreement: str, path: Path) -> dict[str, Any]:
    """One exploration of ``scope`` in a fresh interpreter, importing the package from ``path``."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(path)
    # run from ``path`` too: ``python -c`` puts the working directory first on the path
    done = subprocess.run([sys.executable, "-c", _MEASURE, scope, agreement], check=True,
                          capture_output=True, text=True, env=env, cwd=path)
    result: dict[str, Any] = json.loads(done.stdout)
    if not Path(result["package"]).resolve().is_relative_to(path.resolve()):  # an installed copy won
        raise SystemExit(f"bench_against.py: the run meant for {path} imported {result['package']}")
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("baseline", type=Path, help="a checkout of the version to compare with")
    parser.add_argument("--scopes", default=",".join(_DEFAULT),
                        help="named scopes, comma-separated (default: %(default)s)")
    parser.add_argument("--repeat", type=int, default=2, help="runs of each version (default: 2)")
    parser.add_argument("--agreement", choices=("all", "off"), default="all",
                        help="the machine check on every edge (all, the default) or none")
    args = parser.parse_args(argv)
    if not (args.baseline / "auction_fsm" / "__init__.py").is_file():
        parser.error(f"{str(args.baseline)!r} holds no auction_fsm package to compare with")
    if args.repeat < 1:
        parser.error(f"--repeat must be at least 1, not {args.repeat}")
    scopes = [name.strip() for name in args.scopes.split(",") if name.strip()]
    for name in scopes:  # said here, not in a child's traceback
        problem = irregular_scope_problem(name, "this compares the irregular explorer")
        if problem is not None:
            parser.error(problem)
    print(f"{'scope':<24}{'configs':>10}{'edges':>11}{'this s':>9}{'base s':>9}{'ratio':>7}  same counts",
          flush=True)
    for scope in scopes:
        ours, theirs = [], []
        for _ in range(args.repeat):
            ours.append(run(scope, args.agreement, HERE))
            theirs.append(run(scope, args.agreement, args.baseline))
        mine = statistics.median(r["cpu"] for r in ours)
        base = statistics.median(r["cpu"] for r in theirs)
        same = all((r["states"], r["edges"]) == (ours[0]["states"], ours[0]["edges"]) for r in ours + theirs)
        print(f"{scope:<24}{ours[0]['states']:>10,}{ours[0]['edges']:>11,}{mine:>9.2f}{base:>9.2f}"
              f"{base / mine:>6.2f}x  {'yes' if same else 'NO'}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
