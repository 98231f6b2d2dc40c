"""Benchmark of the PBN reader and the per-board check on a corpus of real PBN files.

    python benchmarks/bench_files.py [--corpus DIR] [--endplay-python PATH] [--repeat N] [--json]

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
- the command as a user runs it: ``auction-fsm check`` over every file in one process, start-up
  and printing included (wall clock, output to the null device), plain and with ``--json``, in
  the same alternating rounds; the ratio is endplay's reading time (its import excluded)
  against the whole command;
- round trip: every board read is written and read again; boards whose calls or tags differ;
  and, with endplay, how many of the files endplay reads it still reads as we write them, with
  the same calls;
- worst cases of the readers (``--worst-cases`` runs only these): each input shape of
  ../shared/regressions/files (a line of ``;`` or ``{``, comments after one call, a brace
  comment over blank lines, a long token, LIN blanks) and a LIN movie, read at sizes n, 2n and
  4n; the time ratios of successive sizes are about 2 for a reader linear in its input (4 if
  quadratic).

``--json`` prints the same figures as one JSON document instead of lines of text.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from auction_fsm import lin, pbn
from auction_fsm.board_check import Checker
from auction_fsm.boards import Board
from auction_fsm.errors import AuctionFsmError

# ../shared next to the checkout, or where AUCTION_FSM_SHARED says (as for the tests).
DEFAULT_CORPUS = Path(os.environ.get("AUCTION_FSM_SHARED", REPO.parent / "shared")) / "pbn-corpus" / "files"

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


# Run by the endplay interpreter: of the files endplay reads, how many it reads as we wrote
# them (argv[2] holds our writing of each, same name), with the same calls (alerts aside).
ENDPLAY_BACK_SCRIPT = """
import json, sys
from pathlib import Path
from endplay.parsers import pbn
def calls(boards):
    return [[str(c).rstrip("!*") for c in b.auction] for b in boards if b.auction]
read = back = same = 0
for f in sorted(Path(sys.argv[1]).iterdir()):
    try:
        with open(f, encoding="utf-8", errors="replace") as fp:
            original = pbn.load(fp)
    except Exception:
        continue
    read += 1
    try:
        with open(Path(sys.argv[2]) / f.name, encoding="utf-8") as fp:
            ours = pbn.load(fp)
    except Exception:
        continue
    back += 1
    same += calls(ours) == calls(original)
print(json.dumps({"read": read, "back": back, "same": same}))
"""


def endplay_reads_back(python: str | None, corpus: Path, result: list[tuple[str, list[Board]]]) -> str:
    """How many files endplay reads as we write them (see ENDPLAY_BACK_SCRIPT)."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        for name, boards in result:
            text = pbn.dumps([b for b in boards if b.error is None]).replace("\r\n", "\n")
            (Path(tmp) / name).write_text(text, encoding="utf-8")
        run = subprocess.run([python or sys.executable, "-c", ENDPLAY_BACK_SCRIPT, str(corpus), tmp],
                             capture_output=True, text=True, check=False)
    if run.returncode != 0:
        return f"endplay read-back failed: {run.stderr.strip()[-300:]}"
    data = json.loads(run.stdout)
    return (f"endplay reads back {data['back']} of the {data['read']} files it reads, as we write them; "
            f"{data['same']} with the same calls")


def command(corpus: Path, *extra: str) -> float:
    """Seconds of ``auction-fsm check`` over the corpus in one process, as a user runs it:
    start-up, reading, checking and printing (to the null device) included."""
    files = sorted(str(p) for p in corpus.iterdir() if p.is_file())
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "auction_fsm", "check", *extra, *files], cwd=REPO,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - t


def _worst_cases(n: int) -> list[tuple[str, str, str]]:
    """The worst-case inputs of size about ``n``: (name, format, text)."""
    head = '[Event "x"]\n[Dealer "N"]\n[Auction "N"]\n'
    movie = "".join(f"qx|o{i}|pn|a,b,c,d|md|3SAKQHAKQDAKQCAKQJ,,,|sv|o|mb|1N!|an|15-17|mb|p|mb|p|mb|p|"
                    f"pc|S2|pc|S3|pg||\n" for i in range(n // 100))
    return [
        ("PBN: a line of ';'", "pbn", head + "1C Pass Pass Pass\n" + ";" * n + "\n"),
        ("PBN: a line of '{'", "pbn", head + "1C Pass Pass Pass\n" + "{" * n + "\n"),
        ("PBN: comments after one call", "pbn", head + "1C " + "{}" * n + "\n"),
        ("PBN: a brace comment over blank lines", "pbn", head + "1NT Pass 3NT AP\n" + "{\n\n" * n + "}\n"),
        ("PBN: a token of n characters", "pbn", head + "1NT Pass " + "x" * n + "\n"),
        ("LIN: trailing blanks", "lin", "md|3SAKQHAKQDAKQCAKQJ,,,|mb|1N|mb|p|mb|p|mb|p|pg||" + " " * n),
        ("LIN: a movie of n/100 boards", "lin", movie),
    ]


# The n of each worst case: large enough that the smallest run takes milliseconds, not less.
_WORST_N = (400_000, 400_000, 40_000, 200_000, 2_000_000, 2_000_000, 40_000)


def worst_cases(say: Callable[[str], None] = print) -> list[dict[str, object]]:
    """Time each reader on each worst case at sizes n, 2n, 4n (best of 3); say the ratios and
    return the figures."""
    out: list[dict[str, object]] = []
    for i, (name, fmt, _) in enumerate(_worst_cases(100)):
        base = _WORST_N[i]
        times = []
        for scale in (1, 2, 4):
            text = _worst_cases(base * scale)[i][2]
            reader = pbn.loads if fmt == "pbn" else lin.loads
            best = float("inf")
            for _ in range(3):
                t = time.perf_counter()
                reader(text, "worst")
                best = min(best, time.perf_counter() - t)
            times.append(best)
        say(f"worst case {name}: {times[0] * 1e3:.1f} / {times[1] * 1e3:.1f} / {times[2] * 1e3:.1f} ms "
            f"at n = {base}, 2n, 4n; ratios {times[1] / times[0]:.1f}, {times[2] / times[1]:.1f} "
            "(linear: about 2)")
        out.append({"case": name, "n": base, "ms": [round(t * 1e3, 2) for t in times],
                    "ratios": [round(times[1] / times[0], 2), round(times[2] / times[1], 2)]})
    return out


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
    parser.add_argument("--worst-cases", action="store_true",
                        help="only time the readers' worst cases at growing sizes")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON document")
    args = parser.parse_args(argv)
    figures: dict[str, object] = {}

    def say(line: str) -> None:
        if not args.json:
            print(line)

    if args.worst_cases:
        figures["worst_cases"] = worst_cases(say)
        if args.json:
            print(json.dumps(figures, indent=2))
        return 0
    files = sorted(p for p in args.corpus.iterdir() if p.is_file()) if args.corpus.is_dir() else []
    if not files:
        print(f"no corpus at {args.corpus}", file=sys.stderr)
        return 2

    missing = endplay_available(args.endplay_python)
    our_times: list[float] = []
    base_times: list[float] = []
    command_times: list[float] = []
    json_times: list[float] = []
    base: dict[str, float] | str = missing or ""
    for _ in range(args.repeat):
        our_times.append(ours(args.corpus)["seconds"])
        command_times.append(command(args.corpus))
        json_times.append(command(args.corpus, "--json"))
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
    figures.update({"corpus": str(args.corpus), "files": len(files), "files_read": len(result),
                    "boards": boards_total, "with_auction": with_auction, "verdicts": dict(verdicts),
                    "internal_errors": internal, "tags": dict(tags)})

    say(f"corpus: {args.corpus}")
    say(f"files read: {len(result)} of {len(files)}; boards read: {boards_total}; with an auction: {with_auction}")
    say("verdicts: " + ", ".join(f"{k} {v}" for k, v in verdicts.most_common()))
    say(f"internal errors: {internal}")
    say(f"tags: {tags['agree']} agree, {tags['mismatch']} disagree, {tags['not compared']} not compared")
    clean = [name for name, boards in result if name not in by_file]
    say(f"files whose every compared board agrees with its tags: {len(clean)} of {len(result)}")
    for name, c in sorted(by_file.items()):
        say(f"  mismatches in {name}: {c['mismatch']} ({c['explained']} explained: leading passes left out)")

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
    say(f"round trip: {written} boards written and read again, {differ} differ ({rt / max(written, 1) * 1e6:.0f} µs/board)")
    figures["round_trip"] = {"written": written, "differ": differ}
    if missing is None:
        back = endplay_reads_back(args.endplay_python, args.corpus, result)
        say(back)
        figures["endplay_reads_back"] = back

    say(f"ours: read + check every board: {per_board:.1f} µs/board min, {per_board_median:.1f} median "
        f"of {len(our_times)} rounds ({boards_total} boards; min {min(our_times):.2f} s)")
    figures["in_process"] = {"seconds": our_times, "us_per_board_min": round(per_board, 1),
                             "us_per_board_median": round(per_board_median, 1)}
    figures["command"] = {"seconds": command_times}
    figures["command_json"] = {"seconds": json_times}
    if missing is not None or isinstance(base, str) or not base_times:
        say(f"baseline: none measured: {missing or base}")
        figures["baseline"] = f"none measured: {missing or base}"
    else:
        base_boards = max(base["boards"], 1)
        ep = min(base_times) / base_boards * 1e6
        ep_median = statistics.median(base_times) / base_boards * 1e6
        say(f"baseline: endplay pbn.load, read only: {ep:.1f} µs/board min, {ep_median:.1f} median "
            f"of {len(base_times)} rounds ({base['boards']:.0f} boards; {base['failed_files']:.0f} files raised, "
            f"their time counted, their boards not)")
        say(f"ratio: ours is {ep / per_board:.2f}x as fast per board by the minima, "
            f"{ep_median / per_board_median:.2f}x by the medians (target: 3x)")
        figures["baseline"] = {"seconds": base_times, "boards": base["boards"], "failed_files": base["failed_files"],
                               "us_per_board_min": round(ep, 1), "us_per_board_median": round(ep_median, 1)}
        in_process = figures["in_process"]
        assert isinstance(in_process, dict)
        in_process["ratio_min"] = round(ep / per_board, 2)
        in_process["ratio_median"] = round(ep_median / per_board_median, 2)
        for key, label, times in (("command", "auction-fsm check", command_times),
                                  ("command_json", "auction-fsm check --json", json_times)):
            by_min = min(base_times) / min(times)
            by_median = statistics.median(base_times) / statistics.median(times)
            say(f"the command as a user runs it, {label} over {len(files)} files: {min(times):.2f} s min, "
                f"{statistics.median(times):.2f} s median; endplay reading them {min(base_times):.2f} s min: "
                f"{by_min:.2f}x by the minima, {by_median:.2f}x by the medians (target: 3x)")
            entry = figures[key]
            assert isinstance(entry, dict)
            entry.update({"ratio_min": round(by_min, 2), "ratio_median": round(by_median, 2)})
    figures["worst_cases"] = worst_cases(say)
    if args.json:
        print(json.dumps(figures, indent=2))
    return 0 if internal == 0 else 1

if __name__ == "__main__":
    try:
        raise SystemExit(main())
    except AuctionFsmError as err:
        print(f"bench_files: {err}", file=sys.stderr)
        raise SystemExit(2) from None
