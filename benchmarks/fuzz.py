"""Fuzz the simulator: random plausible scenarios with the machines checked; bugs shrunk to files.

Run from the repository root (no install needed; it puts the checkout on ``sys.path``)::

    python benchmarks/fuzz.py                          # 100,000 scenarios, seed 2017, 2 jobs
    python benchmarks/fuzz.py --scenarios 5000 --seed 7 --out /tmp/fuzz
    python benchmarks/fuzz.py --json                   # the figures as JSON on stdout

How scenarios are generated, what counts as a refusal (skipped), a disagreement or an internal
error (bugs), and how reproducers are shrunk: see :mod:`auction_fsm.fuzzing`.  The same seed
gives the same scenarios and the same counts whatever ``--jobs`` is.

Output: the counts (scenarios, events applied, events refused by exception type, disagreements
and internal errors by class) on stdout, progress on stderr, and for every failure class one
shrunk reproducer, a scenario file that ``auction-fsm replay`` accepts, in ``--out``.  The exit
status is 0 when no bug was found and 1 otherwise (a fuzzer reports; CI runs the fixed-seed
test in ``tests/test_fuzz.py`` instead).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a plain checkout too

from auction_fsm.fuzzing import (
    DEFAULT_MAX_EVENTS,
    EXAMINE_EVERY,
    Failure,
    FuzzStats,
    fuzz_range,
    reproducer,
    shrink,
)

CHUNK = 500  # scenarios per task: large enough to amortise the machine build, small for progress


def _task(args: tuple[int, int, int, int, int, int]) -> FuzzStats:
    seed, start, stop, max_events, keep, every = args
    return fuzz_range(seed, range(start, stop), max_events=max_events, keep=keep, examine_every=every)


def _slug(text: str, limit: int = 60) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:limit].rstrip("-") or "failure"


def run(seed: int, scenarios: int, jobs: int, max_events: int, keep: int, quiet: bool,
        examine_every: int = EXAMINE_EVERY) -> FuzzStats:
    """All scenarios, split into chunks over ``jobs`` processes, merged in chunk order."""
    tasks = [(seed, a, min(a + CHUNK, scenarios), max_events, keep, examine_every)
             for a in range(0, scenarios, CHUNK)]
    total = FuzzStats(keep=keep)
    started = time.perf_counter()

    def progress(done: int) -> None:
        if quiet:
            return
        rate = done / max(time.perf_counter() - started, 1e-9)
        print(f"\r{done:,}/{scenarios:,} scenarios, {total.count('disagreement'):,} disagreements, "
              f"{total.count('internal'):,} internal errors ({rate:,.0f}/s)", end="", file=sys.stderr,
              flush=True)

    if jobs <= 1:
        for t in tasks:
            total.merge(_task(t))
            progress(total.scenarios)
    else:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            for part in pool.imap(_task, tasks):
                total.merge(part)
                progress(total.scenarios)
    if not quiet:
        print(file=sys.stderr)
    return total


def write_reproducers(stats: FuzzStats, out: Path, quiet: bool) -> list[dict[str, Any]]:
    """Shrink the kept samples of each failure class and write the shortest as a scenario file."""
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("[0-9][0-9]-*.json"):  # an earlier run's files would look like new finds
        old.unlink()
    written: list[dict[str, Any]] = []
    ranked = sorted(stats.failures.items(), key=lambda kv: (-kv[1], kv[0]))
    for n, ((kind, cls), count) in enumerate(ranked, 1):
        shrunk = [shrink(f) for f in stats.samples[(kind, cls)]]
        best: Failure = min(shrunk, key=lambda f: (len(f.events), f.scenario_index))
        path = out / f"{n:02d}-{kind}-{_slug(cls)}.json"
        path.write_text(reproducer(best, title=f"fuzz {kind} #{n}: {cls}"[:150]), encoding="utf-8")
        written.append({"kind": kind, "class": cls, "count": count, "file": str(path),
                        "events": len(best.events), "scenario": best.scenario_index})
        if not quiet:
            print(f"shrunk {n}/{len(ranked)}: {len(best.events)} events -> {path}", file=sys.stderr)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="See auction_fsm/fuzzing.py for what each outcome means.")
    parser.add_argument("--seed", type=int, default=2017, help="seed of the run (default 2017)")
    parser.add_argument("--scenarios", type=int, default=100_000, help="scenarios (default 100000)")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                        help="worker processes (default: 2, or 1 on a one-core machine)")
    parser.add_argument("--max-events", type=int, default=DEFAULT_MAX_EVENTS,
                        help=f"event attempts per scenario at most (default {DEFAULT_MAX_EVENTS})")
    parser.add_argument("--keep", type=int, default=3,
                        help="reproducers per failure class shrunk before the shortest is written")
    default_out = Path(tempfile.gettempdir()) / "auction-fsm-fuzz"
    parser.add_argument("--out", type=Path, default=default_out,
                        help=f"directory for the shrunk reproducers (default {default_out}); "
                        "reproducers of an earlier run there are replaced")
    parser.add_argument("--examine-every", type=int, default=EXAMINE_EVERY, metavar="N",
                        help="examine every N-th scenario in full: narration, report, options told, check "
                             f"verdict (default {EXAMINE_EVERY}; 1 examines all, 0 none; the views and the "
                             "end of the period are checked in every scenario)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = parser.parse_args(argv)
    if args.scenarios < 0 or args.jobs < 1 or args.max_events < 1 or args.keep < 1:
        parser.error("--scenarios must be >= 0; --jobs, --max-events and --keep >= 1")

    started, cpu = time.perf_counter(), time.process_time()
    stats = run(args.seed, args.scenarios, args.jobs, args.max_events, args.keep, args.quiet, args.examine_every)
    fuzz_seconds = time.perf_counter() - started
    written = write_reproducers(stats, args.out, args.quiet)
    seconds = time.perf_counter() - started
    result = {
        "seed": args.seed, "scenarios": stats.scenarios, "jobs": args.jobs,
        "seconds_fuzzing": round(fuzz_seconds, 1), "seconds_total": round(seconds, 1),
        "events_applied": stats.applied, "events_refused": sum(stats.refused.values()),
        "refused_by_type": dict(stats.refused.most_common()),
        "disagreements": stats.count("disagreement"), "internal_errors": stats.count("internal"),
        "classes": written, "main_process_cpu_seconds": round(time.process_time() - cpu, 1),
    }
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"seed {args.seed}, {stats.scenarios:,} scenarios on {args.jobs} job(s): "
              f"{fuzz_seconds:,.1f} s fuzzing, {seconds:,.1f} s with shrinking")
        print(f"events applied {stats.applied:,}, refused {result['events_refused']:,}")
        for name, n in stats.refused.most_common():
            print(f"  refused {name}: {n:,}")
        print(f"disagreements {result['disagreements']:,}, internal errors {result['internal_errors']:,}")
        for w in written:
            print(f"  {w['count']:>7,}  {w['kind']:<12} {w['class']}")
            print(f"           -> {w['file']} ({w['events']} events)")
    return 0 if not written else 1


if __name__ == "__main__":
    raise SystemExit(main())
