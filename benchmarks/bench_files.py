"""Benchmark of the PBN reader and the per-board check on a corpus of real PBN files.

    python benchmarks/bench_files.py [--corpus DIR] [--endplay-python PATH] [--repeat N]

Measured in one run:

- files read, boards read, boards with an auction, verdicts, internal errors (must be 0);
- boards whose contract and declarer agree with the file's tags, and the mismatches by file
  with how many a known writing slip explains;
- speed: microseconds per board to read every board and check every auction (ours), against
  the baseline measured in the same run: endplay's ``pbn.load`` only reading the same files,
  run by the interpreter given with ``--endplay-python`` (endplay is never a dependency of
  auction-fsm: install it in a separate environment).  Without endplay the baseline is said
  to be missing and no ratio is printed;
- round trip: every board read is written and read again; boards whose calls or tags differ.
"""

from __future__ import annotations

import argparse
import json
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

# Run by the other interpreter: endplay reads every file; prints boards and seconds as JSON.
ENDPLAY_SCRIPT = """
import json, sys, time
from pathlib import Path
from endplay.parsers import pbn
files = sorted(Path(sys.argv[1]).iterdir())
repeat = int(sys.argv[2])
best = None
boards = failed = 0
for r in range(repeat):
    n = bad = 0
    t = time.perf_counter()
    for f in files:
        try:
            with open(f, encoding="utf-8", errors="replace") as fp:
                n += len(pbn.load(fp))
        except Exception:
            bad += 1
    dt = time.perf_counter() - t
    best = dt if best is None else min(best, dt)
    boards, failed = n, bad
print(json.dumps({"boards": boards, "failed_files": failed, "seconds": best}))
"""


def ours(files: list[Path], repeat: int) -> tuple[float, list[tuple[str, list[Board]]], Checker]:
    """Best time of ``repeat`` runs reading and checking every board."""
    best = float("inf")
    result: list[tuple[str, list[Board]]] = []
    checker = Checker()
    for _ in range(repeat):
        checker = Checker()  # a cold cache each run: nothing carried over between runs
        t = time.perf_counter()
        result = []
        for f in files:
            boards = pbn.loads(f.read_bytes(), f.name)
            for b in boards:
                checker.check(b)
            result.append((f.name, boards))
        best = min(best, time.perf_counter() - t)
    return best, result, checker


def endplay(python: str | None, corpus: Path, repeat: int) -> dict[str, float] | str:
    """endplay's figures, or why there are none."""
    exe = python or sys.executable
    probe = subprocess.run([exe, "-c", "import endplay.parsers.pbn"], capture_output=True, text=True, check=False)
    if probe.returncode != 0:
        return f"endplay is not importable from {exe} (give --endplay-python)"
    run = subprocess.run([exe, "-c", ENDPLAY_SCRIPT, str(corpus), str(repeat)], capture_output=True, text=True, check=False)
    if run.returncode != 0:
        return f"endplay run failed: {run.stderr.strip()[-300:]}"
    data: dict[str, float] = json.loads(run.stdout)
    return data


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS, help=f"directory of PBN files ({DEFAULT_CORPUS})")
    parser.add_argument("--endplay-python", metavar="PATH",
                        help="an interpreter that can import endplay (default: this one)")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs; the best counts (default 3)")
    args = parser.parse_args(argv)
    files = sorted(p for p in args.corpus.iterdir() if p.is_file()) if args.corpus.is_dir() else []
    if not files:
        print(f"no corpus at {args.corpus}", file=sys.stderr)
        return 2

    seconds, result, checker = ours(files, args.repeat)
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
    per_board = seconds / boards_total * 1e6

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

    print(f"ours: read + check every board: {seconds:.2f} s, {per_board:.1f} µs/board (best of {args.repeat})")
    base = endplay(args.endplay_python, args.corpus, args.repeat)
    if isinstance(base, str):
        print(f"baseline: none measured: {base}")
    else:
        ep = base["seconds"] / max(base["boards"], 1) * 1e6
        print(f"baseline: endplay pbn.load, read only: {base['seconds']:.2f} s, {base['boards']:.0f} boards, "
              f"{ep:.1f} µs/board ({base['failed_files']:.0f} files raised)")
        print(f"ratio: ours is {ep / per_board:.2f}x as fast per board (target: 3x)")
    return 0 if internal == 0 else 1


if __name__ == "__main__":
    try:
        raise SystemExit(main())
    except AuctionFsmError as err:
        print(f"bench_files: {err}", file=sys.stderr)
        raise SystemExit(2) from None
