"""What splitting a scope with the opening lead into parts costs and saves.

A scope with the opening lead can be verified whole, or in parts: one per contract strain
(``--by-strain``), one per seat that commits the irregularity (``--by-offender``), or one per
pair.  This explores the whole scope and each part with the same explorer (breadth first,
machine check off, so only the exploration is measured), each in a fresh child process so that
the peak memory of one does not hide another's, and prints for each its configurations, edges,
CPU seconds and peak resident memory, then the parts together against the whole.

    python benchmarks/bench_split.py --families opening_lead,inadmissible --by-offender

The whole is the baseline measured in the same run.  Figures in docs/verification-notebook.md.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from typing import TypedDict

from auction_fsm.graph.irregular_space import IrregularSpace
from auction_fsm.scope import FAMILIES, Scope, ScopeError


class Measure(TypedDict):
    """One exploration measured."""

    name: str
    configurations: int
    edges: int
    cpu: float
    peak_mb: float


def _scope(families: list[str], level: int, by_strain: bool, by_offender: bool) -> Scope:
    return Scope("split", frozenset(families), max_irregularities=1, max_level=level,
                 by_strain=by_strain, by_offender=by_offender)


def _explore(scope: Scope) -> Measure:
    """Explore ``scope`` whole (it must not be split) and measure it in this process."""
    space = IrregularSpace(scope, agreement="off", name=scope.name)
    start = time.process_time()
    seen = set(space.initial_states())
    frontier = list(seen)
    edges = 0
    while frontier:
        nxt = []
        for key in frontier:
            targets = space.successors(key)[1]
            edges += len(targets)
            for target in targets:
                if target not in seen:
                    seen.add(target)
                    nxt.append(target)
        frontier = nxt
    return {"name": scope.name, "configurations": len(seen), "edges": edges,
            "cpu": time.process_time() - start,
            "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def _child(args: argparse.Namespace, index: int) -> Measure:
    cmd = [sys.executable, __file__, "--families", ",".join(args.families), "--max-level", str(args.max_level),
           "--child", str(index)] + (["--by-strain"] if args.by_strain else []) + (
           ["--by-offender"] if args.by_offender else [])
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    result: Measure = json.loads(out)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("--families", type=lambda s: s.split(","), default=["opening_lead", "inadmissible"],
                        help="comma-separated law families (default opening_lead,inadmissible); "
                             f"some of {', '.join(FAMILIES)}")
    parser.add_argument("--max-level", type=int, default=1, help="highest bid level (default 1)")
    parser.add_argument("--by-strain", action="store_true", help="one part per contract strain")
    parser.add_argument("--by-offender", action="store_true", help="one part per seat that commits the irregularity")
    parser.add_argument("--child", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if not (args.by_strain or args.by_offender):
        parser.error("name a split: --by-strain, --by-offender or both")
    unknown = sorted(set(args.families) - FAMILIES.keys())
    if unknown:
        parser.error(f"unknown law families {', '.join(map(repr, unknown))}: expected some of {', '.join(FAMILIES)}")
    try:
        split = _scope(args.families, args.max_level, args.by_strain, args.by_offender)
        parts = split.split_parts()
    except ScopeError as exc:
        parser.error(str(exc))
    if args.child is not None:  # one measurement, printed for the parent (-1: the whole)
        unsplit = _scope(args.families, args.max_level, False, False)
        print(json.dumps(_explore(unsplit if args.child < 0 else parts[args.child])))
        return 0
    print(f"{', '.join(args.families)}, one irregularity, bids to level {args.max_level}; "
          f"{len(parts)} parts", flush=True)
    rows: list[Measure] = []
    for index in [-1, *range(len(parts))]:
        row = _child(args, index)
        rows.append(row)
        print(f"  {row['name']:<32} {row['configurations']:>10,} configurations {row['edges']:>11,} edges "
              f"{row['cpu']:8.1f} CPU s {row['peak_mb']:8.0f} MB peak", flush=True)
    whole, part_rows = rows[0], rows[1:]
    configurations = sum(r["configurations"] for r in part_rows)
    cpu = sum(r["cpu"] for r in part_rows)
    peak = max(r["peak_mb"] for r in part_rows)
    print(f"parts together: {configurations:,} configurations ({configurations / whole['configurations']:.2f}x "
          f"the whole), {cpu:.1f} CPU s ({cpu / whole['cpu']:.2f}x), largest part's peak {peak:.0f} MB "
          f"({peak / whole['peak_mb']:.2f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
