"""What declarer memory alone costs a scope with the opening lead (issue 21, item 2).

Run from the repository root::

    python benchmarks/bench_declarer_memory.py            # bid levels 1-7
    python benchmarks/bench_declarer_memory.py --levels 1 7

For each highest bid level: the legal-auction keys (the baseline: what a scope without the lead
keeps of the legal auction), the (key, first-namer memory) pairs a scope with every family keeps
before any irregularity (``all-1``: a change of call could still bring back any strain), and the
pairs a scope whose only family is the opening lead keeps (``lead-1``: only the strains that can
still end the auction), and the pairs the five parts of ``all-1`` split by the contract's
strain keep together (``--by-strain``: each part only its own strain's first-namers), with the
ratio of each to the baseline.  Counted exactly, not explored
(``auction_fsm.graph.declarer_memory``), so the figures are lower bounds on those scopes' sizes
that no explorer of today's keys can go below.  A size measurement: the machine's load does not
change it; the seconds are shown for the record.
"""

from __future__ import annotations

import argparse
import time

from auction_fsm.graph.declarer_memory import count_memories


def main() -> None:
    """Print the table for the levels asked."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", type=int, nargs="*", default=list(range(1, 8)),
                        help="highest bid levels to count (default: 1-7)")
    args = parser.parse_args()
    print(f"{'level':>5} {'keys':>7} {'all-1 pairs':>14} {'ratio':>9} {'lead-1 pairs':>14} {'ratio':>9} "
          f"{'by strain':>11} {'ratio':>7} {'s':>6}")
    for level in args.levels:
        start = time.perf_counter()
        full = count_memories(level)
        scoped = count_memories(level, scoped=True)
        split = sum(count_memories(level, strain=t).pairs for t in range(5))
        took = time.perf_counter() - start
        print(f"{level:>5} {full.keys:>7,} {full.pairs:>14,} {full.pairs / full.keys:>8,.0f}x "
              f"{scoped.pairs:>14,} {scoped.pairs / full.keys:>8,.0f}x {split:>11,} {split / full.keys:>6,.1f}x "
              f"{took:>6.1f}", flush=True)


if __name__ == "__main__":
    main()
