"""``teach`` on a long irregular auction: time per line at growing lengths, against ``check``.

Run from the repository root::

    python benchmarks/bench_teach.py                      # 1,000 / 2,000 / 4,000 / 8,000 lines
    python benchmarks/bench_teach.py --sizes 500 1000 --repeat 3 --command
    python benchmarks/bench_teach.py --auction out-of-rotation

The auction is the one of ../shared/regressions/engine T01, generated: dealer North, the round
``N P / E 1C / S X / W XX`` over and over, so that from the second round on East's 1C is an
insufficient bid that opens a decision (South may accept it by calling, 27A1) and ``teach``
tells what each option leads to (10C1) by ruling about forty trial calls on the position.

Timed, for each size, in the same run and in turn (``--repeat`` rounds, the fastest kept, so
that a burst of load on a shared machine falls on both):

- *teach*: every line handed to the interactive director (:class:`TeachSession`), which rules
  it and builds its answer -- the narration, the options told, what the table waits for --
  exactly as the command prints it (the printing itself left out);
- *check*, the baseline: the same calls as a scenario file read and checked as ``auction-fsm
  check`` does, in process.

Printed: microseconds per line of each, their ratio, and the growth of teach's time per line
from the smallest size (1.0 when the time is linear in the lines; the size's factor when
quadratic).  ``--command`` also times the commands a user runs (``auction-fsm teach --dealer
N < script`` and ``auction-fsm check FILE``, start-up and printing included, output to the null
device).  The benchmark reports; it does not fail.  ``tests/teaching/test_teach_cost.py``
checks the same without a clock (the work of a round, counted, at 1,000 and 8,000 lines).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from auction_fsm.board_check import check_board
from auction_fsm.board_files import read_text
from auction_fsm.scenario import Scenario, dump_scenario
from auction_fsm.seats import Seat
from auction_fsm.teaching.session import TeachSession, parse_event

ROUND = ("N P", "E 1C", "S X", "W XX")
#: ``--auction out-of-rotation``: T01's first round, then East passes at North's turn (a
#: decision: South may accept it, North may call in turn, 28B), North's pass cancels it, and
#: T01's round goes on from East's 1C.
OUT_OF_ROTATION = ("E P", "N P", "E 1C", "S X", "W XX")
AUCTIONS = {"t01": (), "out-of-rotation": ROUND}
CYCLES = {"t01": ROUND, "out-of-rotation": OUT_OF_ROTATION}


def script(lines: int, auction: str = "t01") -> list[str]:
    """The first ``lines`` lines of the auction (T01's by default)."""
    head, cycle = AUCTIONS[auction], CYCLES[auction]
    body = [cycle[i % len(cycle)] for i in range(max(lines - len(head), 0))]
    return [*head, *body][:lines]


def scenario_text(lines: list[str]) -> str:
    """The same calls as a scenario file."""
    return dump_scenario(Scenario(Seat.N, tuple(parse_event(line) for line in lines)))


def time_teach(lines: list[str]) -> float:
    """Seconds to hand every line to a fresh session (answers built, not printed)."""
    session = TeachSession("N")
    start = time.perf_counter()
    for line in lines:
        session.handle(line)
    elapsed = time.perf_counter() - start
    if len(session.events) != len(lines):
        raise SystemExit(f"teach refused {len(lines) - len(session.events)} line(s): not the T01 auction")
    return elapsed


def time_check(text: str) -> float:
    """Seconds to read and check the scenario, as ``auction-fsm check`` does."""
    start = time.perf_counter()
    _, boards = read_text(text, "bench.json")
    report = check_board(boards[0])
    elapsed = time.perf_counter() - start
    if report.verdict != "incomplete":
        raise SystemExit(f"check: unexpected verdict {report.verdict!r}")
    return elapsed


def time_commands(lines: list[str], text: str) -> tuple[float, float]:
    """Wall-clock seconds of ``auction-fsm teach < script`` and ``auction-fsm check FILE``."""
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    with tempfile.TemporaryDirectory() as tmp:
        board = Path(tmp) / "board.json"
        board.write_text(text, encoding="utf-8")
        start = time.perf_counter()
        # run in the checkout of this script (``-m`` puts the working folder first on the path)
        subprocess.run([sys.executable, "-m", "auction_fsm", "teach", "--dealer", "N"], check=True, env=env,
                       cwd=ROOT, input="\n".join([*lines, "quit"]) + "\n", text=True, stdout=subprocess.DEVNULL)
        teach = time.perf_counter() - start
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "auction_fsm", "check", str(board)], env=env, cwd=ROOT,
                       stdout=subprocess.DEVNULL, check=False)  # an incomplete board: exit 1
        return teach, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    """Measure and print (see the module's documentation)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     epilog="teach's time per line should not grow with the auction: "
                                            "growth about 1.0 at every size.")
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 2000, 4000, 8000], metavar="N",
                        help="lines of the auction (default 1000 2000 4000 8000)")
    parser.add_argument("--repeat", type=int, default=1, metavar="K",
                        help="rounds of teach and check in turn per size; the fastest is kept (default 1)")
    parser.add_argument("--command", action="store_true",
                        help="also time the commands as a user runs them (start-up and printing included)")
    parser.add_argument("--auction", choices=sorted(CYCLES), default="t01",
                        help="t01 (an insufficient bid each round, the default) or out-of-rotation "
                             "(a call out of rotation too)")
    parser.add_argument("--json", action="store_true", help="the figures as one JSON document")
    args = parser.parse_args(argv)
    if args.repeat < 1 or any(n < len(ROUND) for n in args.sizes):
        parser.error(f"--repeat must be at least 1 and every size at least {len(ROUND)}")
    rows = []
    first_teach: float | None = None
    for n in args.sizes:
        lines = script(n, args.auction)
        text = scenario_text(lines)
        teach = check = float("inf")
        for _ in range(args.repeat):
            teach = min(teach, time_teach(lines))
            check = min(check, time_check(text))
        per_teach, per_check = teach / n * 1e6, check / n * 1e6
        first_teach = per_teach if first_teach is None else first_teach
        row = {"lines": n, "teach_us_per_line": round(per_teach, 1), "check_us_per_line": round(per_check, 1),
               "teach_over_check": round(teach / check, 1), "growth": round(per_teach / first_teach, 2)}
        if args.command:
            cmd_teach, cmd_check = time_commands(lines, text)
            row.update(command_teach_s=round(cmd_teach, 2), command_check_s=round(cmd_check, 2))
        rows.append(row)
        if not args.json:
            extra = (f"  | commands: teach {row['command_teach_s']:.2f} s, check {row['command_check_s']:.2f} s"
                     if args.command else "")
            print(f"{n:>6} lines: teach {per_teach:8.1f} us/line, check {per_check:6.1f} us/line, "
                  f"teach/check {teach / check:5.1f}, growth {per_teach / first_teach:4.2f}{extra}", flush=True)
    if args.json:
        print(json.dumps({"auction": args.auction, "repeat": args.repeat, "sizes": rows}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
