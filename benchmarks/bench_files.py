"""Benchmark of the PBN reader and the per-board check on a corpus of real PBN files.

    python benchmarks/bench_files.py [--corpus DIR] [--endplay-python PATH] [--repeat N]

Measured in one run:

- files read, boards read, boards with an auction, verdicts, internal errors (must be 0);
- boards whose contract and declarer agree with the file's tags, and the mismatches by file
  with how many a known writing slip explains;
- speed: microseconds per board to read every board and check every auction (ours), against
  the baseline measured in the same run: endplay's ``pbn.load`` only reading the same files,
  run by the interpreter given with ``--endplay-python`` (endplay is never a dependency of
  auction-fsm: install it in a separate environment).  The two are timed in alternating
  rounds (ours, then endplay, ``--repeat`` times), so a burst of load on a shared machine
  falls on both; the minimum and the median of the rounds are printed, and the ratio of each.
  Both sides run each round in a fresh interpreter, timed from after the imports, and keep
  nothing of a file once it is read (so neither pays for a growing heap); the report below
  comes from a separate, untimed reading;
  Without endplay the baseline is said to be missing and no ratio is printed;
- round trip: every board read is written and read again; boards whose calls or tags differ.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from auction_fsm import pbn
from auction_fsm.board_check import Checker
from auction_fsm.boards import Board
from auction_fsm.errors import AuctionFsmError

DEFAULT_CORPUS = REPO.parent / "shared" / "pbn-corpus" / "files"

# Run by the other interpreter: endplay reads every file once; prints boards and seconds as JSON.
ENDPLAY_SCRIPT = """
import json, sys, time
from pathlib import Path
from endplay.parsers import pbn
files = sorted(Path(sys.argv[1]).iterdir())
n = bad = 0
t = time.perf_counter()
for f in files:
    try:
        with open(f, encoding="utf-8", errors="replace") as fp:
            n += len(pbn.load(fp))
    except Exception:
        bad += 1
dt = time.perf_counter() - t
print(json.dumps({"boards": n, "failed_files": bad, "seconds": dt}))
"""


# Our timed round, in a fresh interpreter like endplay's: read every file and check every
# board, keeping, like endplay's round, nothing of a file once it is done.
OURS_SCRIPT = """
import json, sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[2])
from auction_fsm import pbn
from auction_fsm.board_check import Checker
files = sorted(p for p in Path(sys.argv[1]).iterdir() if p.is_file())
checker = Checker()
n = 0
t = time.perf_counter()
for f in files:
    for b in pbn.loads(f.read_bytes(), f.name):
        checker.check(b)
        n += 1
dt = time.perf_counter() - t
print(json.dumps({"boards": n, "seconds": dt}))
"""


def ours(corpus: Path) -> dict[str, float]:
    """Our figures for one timed round (see OURS_SCRIPT)."""
    run = subprocess.run([sys.executable, "-c", OURS_SCRIPT, str(corpus), str(REPO)],
                         capture_output=True, text=True, check=True)
    data: dict[str, float] = json.loads(run.stdout)
    return data


def read_all(files: list[Path]) -> tuple[list[tuple[str, list[Board]]], Checker]:
    """Every board of every file, for the report (not timed)."""
    checker = Checker()
    return [(f.name, pbn.loads(f.read_bytes(), f.name)) for f in files], checker


def endplay(python: str | None, corpus: Path) -> dict[str, float] | str:
    """endplay's figures for one run, or why there are none."""
    exe = python or sys.executable
    run = subprocess.run([exe, "-c", ENDPLAY_SCRIPT, str(corpus)], capture_output=True, text=True, check=False)
    if run.returncode != 0:
        return f"endplay run failed: {run.stderr.strip()[-300:]}"
    data: dict[str, float] = json.loads(run.stdout)
    return data


def endplay_available(python: str | None) -> str | None:
    """``None`` when endplay can be imported by ``python``, else why not."""
    exe = python or sys.executable
    probe = subprocess.run([exe, "-c", "import endplay.parsers.pbn"], capture_output=True, text=True, check=False)
    return None if probe.returncode == 0 else f"endplay is not importable from {exe} (give --endplay-python)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS, help=f"directory of PBN files ({DEFAULT_CORPUS})")
    parser.add_argument("--endplay-python", metavar="PATH",
                        help="an interpreter that can import endplay (default: this one)")
    parser.add_argument("--repeat", type=int, default=5,
                        help="timed rounds, each ours then endplay; minimum and median printed (default 5)")
    args = parser.parse_args(argv)
    files = sorted(p for p in args.corpus.iterdir() if p.is_file()) if args.corpus.is_dir() else []
    if not files:
        print(f"no corpus at {args.corpus}", file=sys.stderr)
        return 2

    missing = endplay_available(args.endplay_python)
    our_times: list[float] = []
    base_times: list[float] = []
    base: dict[str, float] | str = missing or ""
    for _ in range(args.repeat):
        our_times.append(ours(args.corpus)["seconds"])
        if missing is None:
            base = endplay(args.endplay_python, args.corpus)
            if isinstance(base, str):
                missing = base
            else:
                base_times.append(base["seconds"])
    result, checker = read_all(files)
    verdicts: Counter[str] = Counter()
    tags: Counter[str] = Counter()
    by_file: dict[str, Counter[str]] = {}
    internal = 0
    boards_total = with_auction = 0
    for name, boards in result:
        for b in boards:
            boards_total += 1
            with_auction += b.has_auction
            try:
                report = checker.check(b)
            except Exception as err:  # noqa: BLE001  # counted, never hidden: must be zero
                internal += 1
                print(f"INTERNAL ERROR {name} game {b.index}: {type(err).__name__}: {err}", file=sys.stderr)
                continue
            verdicts[report.verdict] += 1
            tags[report.tags] += 1
            if report.tags == "mismatch":
                c = by_file.setdefault(name, Counter())
                c["mismatch"] += 1
                c["explained"] += report.explanation is not None
    per_board = min(our_times) / boards_total * 1e6
    per_board_median = statistics.median(our_times) / boards_total * 1e6

    print(f"corpus: {args.corpus}")
    print(f"files read: {len(result)} of {len(files)}; boards read: {boards_total}; with an auction: {with_auction}")
    print("verdicts: " + ", ".join(f"{k} {v}" for k, v in verdicts.most_common()))
    print(f"internal errors: {internal}")
    print(f"tags: {tags['agree']} agree, {tags['mismatch']} disagree, {tags['not compared']} not compared")
    clean = [name for name, boards in result if name not in by_file]
    print(f"files whose every compared board agrees with its tags: {len(clean)} of {len(result)}")
    for name, c in sorted(by_file.items()):
        print(f"  mismatches in {name}: {c['mismatch']} ({c['explained']} explained: leading passes left out)")

    # Round trip: every board read, written and read again.
    t = time.perf_counter()
    differ = written = 0
    for name, boards in result:
        good = [b for b in boards if b.error is None]
        again = pbn.loads(pbn.dumps(good), name)
        written += len(good)
        for before, after in zip(good, again, strict=False):
            if (after.error is not None or after.tags != before.tags
                    or [(c.seat, c.call) for c in after.calls] != [(c.seat, c.call) for c in before.calls]):
                differ += 1
        differ += abs(len(good) - len(again))
    rt = time.perf_counter() - t
    print(f"round trip: {written} boards written and read again, {differ} differ ({rt / max(written, 1) * 1e6:.0f} µs/board)")

    print(f"ours: read + check every board: {per_board:.1f} µs/board min, {per_board_median:.1f} median "
          f"of {len(our_times)} rounds ({boards_total} boards; min {min(our_times):.2f} s)")
    if missing is not None or isinstance(base, str) or not base_times:
        print(f"baseline: none measured: {missing or base}")
    else:
        boards = max(base["boards"], 1)
        ep = min(base_times) / boards * 1e6
        ep_median = statistics.median(base_times) / boards * 1e6
        print(f"baseline: endplay pbn.load, read only: {ep:.1f} µs/board min, {ep_median:.1f} median "
              f"of {len(base_times)} rounds ({base['boards']:.0f} boards; {base['failed_files']:.0f} files raised, "
              f"their time counted, their boards not)")
        print(f"ratio: ours is {ep / per_board:.2f}x as fast per board by the minima, "
              f"{ep_median / per_board_median:.2f}x by the medians (target: 3x)")
    return 0 if internal == 0 else 1


if __name__ == "__main__":
    try:
        raise SystemExit(main())
    except AuctionFsmError as err:
        print(f"bench_files: {err}", file=sys.stderr)
        raise SystemExit(2) from None
