"""Start-up cost: ``auction-fsm replay FILE`` against a bare start of the same Python.

Run from the repository root::

    python benchmarks/bench_startup.py              # 20 pairs, a table and the ratio
    python benchmarks/bench_startup.py --runs 50 --json

A one-file replay does almost no work, so its time is nearly all interpreter start-up and
imports: it shows what every command pays before it starts.  The two commands run in turn,
replay then baseline, pair after pair, so a machine that speeds up or slows down during the run
moves both; each pair gives a ratio, and the median of those is the figure to quote (the ratio
of the median times is printed beside it).  Wall-clock time of the whole child process and its
CPU time (user + system, from ``getrusage``) are measured per run.

The baseline is ``<this python> -c pass``, the same interpreter that runs the replay: a
``python3`` found on ``PATH`` can be a version-manager shim that costs more than Python
itself, which would flatter the ratio.  The replay runs the ``auction-fsm`` script installed
beside this interpreter, or ``python -m auction_fsm`` when there is none.

Python reads cached bytecode (``.pyc``) when it can; with ``PYTHONDONTWRITEBYTECODE`` set and
no cache, every run compiles the package from source, which the report says.

Target (issue 10): replaying one file within 6 times a bare Python start.  The benchmark
reports; it does not fail.  Also printed: which heavy libraries the replay imports (it needs
``transitions``, for the simulator's machines, and none of numpy, networkx, matplotlib).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_FILE = ROOT / "examples" / "01-1nt-3nt.json"
TARGET = 6.0
HEAVY = ("numpy", "networkx", "matplotlib", "transitions")


def replay_command(file: Path) -> list[str]:
    """The replay as a user runs it: the console script beside this interpreter if installed."""
    script = Path(sys.executable).with_name("auction-fsm")
    if script.exists():
        return [str(script), "replay", str(file)]
    return [sys.executable, "-m", "auction_fsm", "replay", str(file)]


def baseline_command() -> list[str]:
    """A bare start of the same interpreter."""
    return [sys.executable, "-c", "pass"]


def timed_run(command: Sequence[str]) -> tuple[float, float]:
    """``(wall, cpu)`` seconds of one run of ``command`` (output thrown away); raises if it fails."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True,
                   env={**os.environ, "PYTHONPATH": str(ROOT)})
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def heavy_imports(file: Path) -> list[str]:
    """Which of :data:`HEAVY` a replay of ``file`` has imported by the time it ends."""
    code = ("import io, contextlib, json, sys\nfrom auction_fsm.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            f"    main(['replay', {str(file)!r}])\n"
            f"print(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}} & set({list(HEAVY)!r}))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    found: list[str] = json.loads(done.stdout)
    return found


def bytecode_state() -> str:
    """Whether the runs read the package from cached bytecode, as an installed package does, or
    compile it from source on every start (``PYTHONDONTWRITEBYTECODE`` set and no cache yet):
    the second costs tens of milliseconds more and says nothing about the code's imports."""
    import importlib.util

    cached = Path(importlib.util.cache_from_source(str(ROOT / "auction_fsm" / "cli.py"))).exists()
    if cached:
        return "the package's .pyc files are present (as after an install)"
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        return ("no .pyc files and PYTHONDONTWRITEBYTECODE is set: every run compiles the package "
                "from source (python -m compileall auction_fsm writes them)")
    return "no .pyc files yet: the warm-up runs write them"


def measure(file: Path, runs: int, warmup: int) -> dict[str, object]:
    """Time ``runs`` pairs (after ``warmup`` unrecorded ones); the figures as plain data."""
    replay, base = replay_command(file), baseline_command()
    for _ in range(warmup):
        timed_run(replay)
        timed_run(base)
    pairs = [(timed_run(replay), timed_run(base)) for _ in range(runs)]
    a_wall = [a[0] for a, _ in pairs]
    b_wall = [b[0] for _, b in pairs]
    a_cpu = [a[1] for a, _ in pairs]
    b_cpu = [b[1] for _, b in pairs]
    wall_ratios = [a[0] / b[0] for a, b in pairs]
    cpu_ratios = [a[1] / b[1] for a, b in pairs if b[1] > 0]
    return {
        "python": sys.version.split()[0],
        "bytecode": bytecode_state(),
        "replay_command": " ".join(replay),
        "baseline_command": " ".join(base),
        "runs": runs,
        "replay_wall_s": {"min": min(a_wall), "median": statistics.median(a_wall), "max": max(a_wall)},
        "baseline_wall_s": {"min": min(b_wall), "median": statistics.median(b_wall), "max": max(b_wall)},
        "replay_cpu_s_median": statistics.median(a_cpu),
        "baseline_cpu_s_median": statistics.median(b_cpu),
        "ratio_wall_median_of_pairs": statistics.median(wall_ratios),
        "ratio_of_median_walls": statistics.median(a_wall) / statistics.median(b_wall),
        "ratio_cpu_median_of_pairs": statistics.median(cpu_ratios) if cpu_ratios else None,
        "target": TARGET,
        "met": statistics.median(wall_ratios) <= TARGET,
        "heavy_imports": heavy_imports(file),
        "load_average": list(os.getloadavg()),
    }


def format_result(r: dict[str, object]) -> str:
    """The human-readable report."""
    def ms(stats: object) -> str:
        assert isinstance(stats, dict)
        return (f"median {stats['median'] * 1e3:7.1f} ms  (min {stats['min'] * 1e3:.1f}, "
                f"max {stats['max'] * 1e3:.1f})")

    cpu = r["ratio_cpu_median_of_pairs"]
    heavy = r["heavy_imports"]
    assert isinstance(heavy, list)
    load = r["load_average"]
    assert isinstance(load, list)
    lines = [
        (f"start-up of auction-fsm, Python {r['python']}, {r['runs']} pairs run side by side "
         f"(load average {', '.join(f'{x:.1f}' for x in load)})"),
        f"  bytecode: {r['bytecode']}",
        f"  A: {r['replay_command']}",
        f"  B: {r['baseline_command']}",
        f"  A wall  {ms(r['replay_wall_s'])}",
        f"  B wall  {ms(r['baseline_wall_s'])}",
        (f"  A/B wall, median of the pairs: {r['ratio_wall_median_of_pairs']:.2f}x "
         f"(ratio of the medians {r['ratio_of_median_walls']:.2f}x)"),
        "  A/B cpu, median of the pairs: " + ("-" if cpu is None else f"{cpu:.2f}x"),
        f"  target <= {r['target']:.0f}x: {'met' if r['met'] else 'MISSED'}",
        "  heavy libraries the replay imported: " + (", ".join(heavy) or "none"),
    ]
    return "\n".join(lines)


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """Command-line options (see ``--help``)."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--runs", type=int, default=20, metavar="N", help="pairs timed (default 20)")
    p.add_argument("--warmup", type=int, default=2, metavar="N",
                   help="pairs run first and not counted (default 2)")
    p.add_argument("--file", type=Path, default=DEFAULT_FILE,
                   help="the scenario replayed (default examples/01-1nt-3nt.json)")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = p.parse_args(argv)
    if args.runs < 1 or args.warmup < 0:
        p.error("--runs must be at least 1 and --warmup 0 or more")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print; always 0 unless a run fails."""
    args = parse_args(argv)
    result = measure(args.file, args.runs, args.warmup)
    print(json.dumps(result, indent=2) if args.json else format_result(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
