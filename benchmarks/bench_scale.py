"""Does a replay stay linear in time and memory as a board grows?  (issue 17, F16 and F17)

    python benchmarks/bench_scale.py [--sizes 2000,4000,8000,16000] [--kinds review,irregular]

Two kinds of long board, each made at every size and run by the command line in a fresh
interpreter, whose wall time and peak resident memory (``ru_maxrss`` of the child) are printed:

- ``review``: one opening bid, then the given number of review and explanation requests (20B,
  20F1) -- every event adds a ruling (F17: 20,000 of them took 2 GB when every position was kept);
- ``irregular``: a PBN auction of the given number of calls, ``Pass 1C X XX`` over and over,
  each 1C insufficient and accepted, each X and XX a call ruled by the engine's general path (F16:
  8,000 calls took 15 s when a status change replayed the whole record);
- ``narrated``: the ``review`` board told in words (``replay`` without ``--json``).

For each kind the last column is the ratio of time (and of memory above the interpreter's start)
between a size and the one before it: about 2 for doubled sizes when the replay is linear, about
4 when it is quadratic.  Timing depends on the machine; the ratios are what to read.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
KINDS = ("review", "irregular", "narrated")


def review_board(n: int) -> str:
    events: list[dict[str, object]] = [{"type": "call", "seat": "N", "call": "1NT"}]
    for i in range(n):
        events.append({"type": "review", "seat": "E"} if i % 2 else
                      {"type": "explain", "seat": "E", "call_index": 1})
    return json.dumps({"format": "auction-fsm-scenario", "version": 1, "dealer": "N", "events": events})


def irregular_board(n: int) -> str:
    calls = " ".join(("Pass", "1C", "X", "XX")[i % 4] for i in range(n))
    return f'[Dealer "N"]\n[Auction "N"]\n{calls}\n'


def run_one(kind: str, n: int, folder: Path) -> tuple[float, int]:
    """Wall seconds and peak memory (KiB) of one command on a board of size ``n``."""
    if kind == "irregular":
        path = folder / f"irregular-{n}.pbn"
        path.write_text(irregular_board(n), encoding="utf-8")
        argv = ["check", str(path)]
    else:
        path = folder / f"review-{n}.json"
        path.write_text(review_board(n), encoding="utf-8")
        argv = ["replay", "--json", str(path)] if kind == "review" else ["replay", str(path)]
    code = (f"import resource, sys; sys.path.insert(0, {str(REPO)!r}); from auction_fsm.cli import main; "
            "import io, contextlib; buf = io.StringIO()\n"
            f"with contextlib.redirect_stdout(buf): status = main({argv!r})\n"
            "print(status, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    seconds = time.perf_counter() - started
    status, peak = done.stdout.split()[-2:]
    if status not in ("0", "2"):
        raise SystemExit(f"{kind} {n}: exit status {status}: {done.stderr}")
    return seconds, int(peak)


def baseline_kib() -> int:
    """Peak memory of an interpreter that only imports the command line."""
    code = (f"import resource, sys; sys.path.insert(0, {str(REPO)!r}); import auction_fsm.cli, auction_fsm.simulator; "
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")
    return int(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="2000,4000,8000,16000", help="board sizes, comma-separated")
    parser.add_argument("--kinds", default=",".join(KINDS), help=f"which boards ({', '.join(KINDS)})")
    args = parser.parse_args()
    sizes = [int(x) for x in args.sizes.split(",")]
    base = baseline_kib()
    print(f"interpreter with the package imported: {base / 1024:.0f} MiB "
          f"(ru_maxrss unit: KiB on Linux; resource {resource.__name__})")
    print(f"{'kind':<10} {'size':>7} {'seconds':>8} {'peak MiB':>9} {'time ratio':>10} {'memory ratio':>12}")
    with tempfile.TemporaryDirectory() as tmp:
        for kind in args.kinds.split(","):
            before: tuple[float, int] | None = None
            for n in sizes:
                seconds, peak = run_one(kind, n, Path(tmp))
                ratio = mem = ""
                if before is not None:
                    ratio = f"{seconds / before[0]:.2f}"
                    mem = f"{max(peak - base, 1) / max(before[1] - base, 1):.2f}"
                print(f"{kind:<10} {n:>7} {seconds:>8.2f} {peak / 1024:>9.0f} {ratio:>10} {mem:>12}", flush=True)
                before = (seconds, peak)
    return 0


if __name__ == "__main__":
    sys.exit(main())
