"""The level-at-a-time (batch) explorer against the one-key-at-a-time one (issue 5).

Run from the repository root::

    python benchmarks/bench_batch.py            # declarer-1, declarer-2, then declarer-3 (batch only)
    python benchmarks/bench_batch.py --quick    # declarer-1 and declarer-2
    python benchmarks/bench_batch.py --no-sequential   # the batch explorer alone

Every case runs in a fresh interpreter, so the exploration starts with empty row tables (the
first exploration of a scope, as ``auction-fsm verify`` does it) and the peak resident memory
(``ru_maxrss``) belongs to that case alone.  A case explores the scope with
``explore(space, batch=...)``, then runs ``check_exploration`` with the path count, as
``auction-fsm verify`` does.  Printed per case: configurations and edges, explore seconds,
configurations per second, check seconds, peak memory after exploring and after checking; then
the ratio of the two explorers' rates.  The sequential explorer is skipped for scopes above
``SEQUENTIAL_LIMIT`` configurations (declarer-3 would take minutes and several GB).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections.abc import Sequence
from typing import Any

MEASURE = r'''
import json, resource, sys, time
from auction_fsm.graph.checks import check_exploration
from auction_fsm.graph.configuration import explore
from auction_fsm.graph.legal_space import LegalSpace
level, batch = int(sys.argv[1]), sys.argv[2] == "batch"
def peak_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
space = LegalSpace(max_level=level, track_declarer=True)
start = time.perf_counter()
ex = explore(space, batch=batch)
explore_s = time.perf_counter() - start
explore_mb = peak_mb()
start = time.perf_counter()
report = check_exploration(ex)
check_s = time.perf_counter() - start
print(json.dumps({"states": ex.states, "edges": ex.edges, "explore_s": explore_s,
                  "check_s": check_s, "ok": report.ok, "paths": report.info["paths"],
                  "explore_mb": explore_mb, "peak_mb": peak_mb()}))
'''

CASES = (("declarer-1", 1), ("declarer-2", 2), ("declarer-3", 3))
SEQUENTIAL_LIMIT = 10_000_000
STATES = {1: 78_105, 2: 5_670_505}  # known sizes, to skip the sequential run of bigger scopes


def measure(level: int, mode: str) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-c", MEASURE, str(level), mode], check=True,
                          capture_output=True, text=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """Command-line options (see ``--help``); an unknown option is an error, not a full run."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--quick", action="store_true", help="declarer-1 and declarer-2 only")
    p.add_argument("--no-sequential", action="store_true",
                   help="the batch explorer alone (no one-key-at-a-time comparison)")
    return p.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> None:
    """Run the cases and print one row each (and the ratio of the two explorers)."""
    args = parse_args(argv)
    cases = CASES[:2] if args.quick else CASES
    sequential = not args.no_sequential
    print(f"{'scope':11} {'explorer':10} {'states':>11} {'edges':>11} {'explore s':>9} "
          f"{'states/s':>11} {'check s':>8} {'MB explore':>10} {'MB peak':>8} {'ok':>3}")
    for name, level in cases:
        rates: dict[str, float] = {}
        modes = ["batch"]
        if sequential and STATES.get(level, SEQUENTIAL_LIMIT + 1) <= SEQUENTIAL_LIMIT:
            modes.insert(0, "sequential")
        for mode in modes:
            r = measure(level, mode)
            rates[mode] = r["states"] / r["explore_s"]
            print(f"{name:11} {mode:10} {r['states']:>11,} {r['edges']:>11,} {r['explore_s']:>9.2f} "
                  f"{rates[mode]:>11,.0f} {r['check_s']:>8.2f} {r['explore_mb']:>10,.0f} "
                  f"{r['peak_mb']:>8,.0f} {'yes' if r['ok'] else 'NO':>3}", flush=True)
        if len(rates) == 2:
            print(f"{'':11} {'ratio':10} {'':>11} {'':>11} {'':>9} "
                  f"{rates['batch'] / rates['sequential']:>10.1f}x", flush=True)


if __name__ == "__main__":
    main()
