"""Benchmark: validation and replay throughput of auction-fsm, each against a naive baseline.

Run from the repository root::

    python benchmarks/run.py                 # 100,000 auctions, table output
    python benchmarks/run.py --json          # the same figures as JSON
    python benchmarks/run.py --auctions 10000 --profile

One run measures, on the same reproducible workload (see :mod:`workload`):

* pure-core validation: every call of every auction checked with the core's successor table
  (one list index per call, what :class:`~auction_fsm.auction.AuctionState` uses), with
  :func:`auction_fsm.rules.step`, and (for information) by building immutable
  :class:`~auction_fsm.auction.AuctionState` values; against :mod:`naive` (re-reading the whole
  auction so far for each call);
* machine-driven replay with :class:`~auction_fsm.simulator.Simulator`, one simulator reused
  with ``reset(dealer)``, with ``check=False`` and ``check=True``; against building a fresh
  simulator for every auction;
* the one-off cost of building the ``transitions`` machines.

Targets: core validation >= 1,000,000 calls/s, machine replay >= 20,000 calls/s.  A missed target
is printed as MISSED; the exit status stays 0 (a benchmark reports, it does not fail).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import platform
import pstats
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a plain checkout too

from naive import naive_validate
from workload import WEIGHTS, Auction, describe, generate

from auction_fsm import rules
from auction_fsm.auction import AuctionState
from auction_fsm.calls import ALL_CALLS, Call
from auction_fsm.errors import IllegalCallError
from auction_fsm.events import CallEvent
from auction_fsm.machines import TableMachines
from auction_fsm.seats import Seat
from auction_fsm.simulator import Simulator

CORE_TARGET = 1_000_000
MACHINE_TARGET = 20_000
SEATS = tuple(Seat)


@dataclass
class Row:
    """One measurement: how many calls in how much CPU and wall-clock time, and how it compares.

    Rates, ratios and verdicts use the process's CPU time, which does not count time spent waiting
    for a core on a shared machine; the wall-clock rate is reported beside it.
    """

    name: str
    auctions: int
    calls: int
    cpu_s: float
    wall_s: float
    target: int | None = None
    baseline: str | None = None  # the name of the row this one is compared with
    ratio: float | None = None

    @property
    def rate(self) -> float:
        """Calls per second of CPU time."""
        return self.calls / self.cpu_s if self.cpu_s > 0 else float("inf")

    @property
    def wall_rate(self) -> float:
        """Calls per second of wall-clock time."""
        return self.calls / self.wall_s if self.wall_s > 0 else float("inf")

    @property
    def verdict(self) -> str:
        """``met``, ``MISSED`` or empty when there is no target."""
        if self.target is None:
            return ""
        return "met" if self.rate >= self.target else "MISSED"


# --- the timed workloads ----------------------------------------------------------------------
def validate_with_table(auctions: Sequence[Auction]) -> None:
    """Check every call with the successor table: one index per call, as the core does."""
    table = rules.successor_table()
    initial = rules.initial_key
    for a in auctions:
        key = initial(a.dealer)
        for code in a.codes:
            key = table[key][code]
            if key < 0:
                raise IllegalCallError(f"call code {code} refused in auction {a}", law="?")


def validate_with_step(auctions: Sequence[Auction]) -> None:
    """Check every call with :func:`rules.step` (raises :class:`IllegalCallError` naming the law)."""
    step = rules.step
    initial = rules.initial_key
    for a in auctions:
        key = initial(a.dealer)
        for code in a.codes:
            key = step(key, code)


def validate_with_states(auctions: Sequence[Auction]) -> None:
    """Build the immutable :class:`AuctionState` after every call (the full public value API)."""
    for a in auctions:
        state = AuctionState.start(SEATS[a.dealer])
        for code in a.codes:
            state = state.call(state.turn, ALL_CALLS[code])


def make_naive(auctions: Sequence[Auction]) -> Callable[[], None]:
    """The naive baseline over ``auctions``, with calls as :class:`Call` objects prepared untimed."""
    prepared: list[tuple[int, list[Call]]] = [(a.dealer, [ALL_CALLS[c] for c in a.codes]) for a in auctions]

    def run() -> None:
        for dealer, calls in prepared:
            if not naive_validate(dealer, calls):
                raise IllegalCallError(f"naive baseline refused {calls}", law="?")

    return run


def replay_reusing(auctions: Sequence[Auction], check: bool) -> None:
    """Replay every auction through one :class:`Simulator`, reset between auctions."""
    sim = Simulator(Seat.N, check=check)
    for a in auctions:
        sim.reset(SEATS[a.dealer])
        seat = a.dealer
        for code in a.codes:
            sim.apply(CallEvent(SEATS[seat], ALL_CALLS[code]))
            seat = (seat + 1) & 3
        if not sim.machines.is_over:
            raise RuntimeError(f"the machines did not end auction {a}")


def replay_fresh(auctions: Sequence[Auction], check: bool) -> None:
    """The naive replay: a new :class:`Simulator` (new machines) for every auction."""
    for a in auctions:
        sim = Simulator(SEATS[a.dealer], check=check)
        seat = a.dealer
        for code in a.codes:
            sim.apply(CallEvent(SEATS[seat], ALL_CALLS[code]))
            seat = (seat + 1) & 3
        if not sim.machines.is_over:
            raise RuntimeError(f"the machines did not end auction {a}")


def timed(fn: Callable[[], None], repeat: int = 1) -> tuple[float, float]:
    """``(cpu, wall)`` seconds of the fastest (by CPU time) of ``repeat`` runs of ``fn``."""
    best = (float("inf"), float("inf"))
    for _ in range(repeat):
        cpu, wall = time.process_time(), time.perf_counter()
        fn()
        best = min(best, (time.process_time() - cpu, time.perf_counter() - wall))
    return best


def check_baseline_agrees(auctions: Sequence[Auction], limit: int = 300) -> int:
    """Compare naive and core legality for all 38 calls at every position of ``limit`` auctions.

    Returns the number of (position, call) pairs compared; raises if they ever differ, so the
    baseline is known to do the same job as the core before it is timed.
    """
    from naive import naive_is_legal

    table = rules.successor_table()
    compared = 0
    for a in auctions[:limit]:
        key = rules.initial_key(a.dealer)
        history: list[Call] = []
        for code in (*a.codes, None):
            for c in ALL_CALLS:
                if naive_is_legal(a.dealer, history, c) != (table[key][c.code] >= 0):
                    raise RuntimeError(f"baseline and core disagree on {c} after {history}")
                compared += 1
            if code is None:
                break
            history.append(ALL_CALLS[code])
            key = table[key][code]
    return compared


def build_costs(builds: int) -> dict[str, float]:
    """CPU seconds to build the machines: the first build in this process, then mean and best."""
    start = time.process_time()
    TableMachines(Seat.N)
    first = time.process_time() - start
    times = []
    for i in range(builds):
        start = time.process_time()
        TableMachines(SEATS[i & 3])
        times.append(time.process_time() - start)
    sims = []
    for i in range(builds):
        start = time.process_time()
        Simulator(SEATS[i & 3])
        sims.append(time.process_time() - start)
    return {"first_build_s": first, "mean_build_s": sum(times) / len(times), "best_build_s": min(times),
            "mean_simulator_s": sum(sims) / len(sims)}


def profile_replay(auctions: Sequence[Auction], top: int) -> str:
    """cProfile of the reused-simulator replay (``check=False``): where the time goes.

    First the share of each function :meth:`Simulator.apply` calls directly (found from the
    profile's call graph, so it follows the simulator's code as it changes), then the usual
    listing of the most expensive functions.
    """
    prof = cProfile.Profile()
    prof.runcall(replay_reusing, auctions, False)
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out)
    raw: dict[tuple[str, int, str], Any] = stats.stats  # type: ignore[attr-defined]
    total = sum(v[3] for k, v in raw.items() if k[2] == "replay_reusing")
    out.write(f"replay of {len(auctions):,} auctions under cProfile: {total:.2f} s; "
              "time inside Simulator.apply by direct callee:\n")
    shares: dict[str, float] = {}
    for (file, _, func), (*_, callers) in raw.items():
        for (cfile, _, cfunc), edge in callers.items():
            if cfile.endswith("simulator.py") and cfunc == "apply":
                label = f"{Path(file).name}:{func}"
                shares[label] = shares.get(label, 0.0) + edge[3]
    for label, cum in sorted(shares.items(), key=lambda kv: -kv[1]):
        out.write(f"  {label:<44} {cum:6.2f} s  {100 * cum / total:5.1f}%\n")
    logging_s = sum(v[3] for k, v in raw.items() if k[2] == "debug" and "logging" in k[0])
    out.write(f"  (of which transitions' debug logging calls: {logging_s:.2f} s, "
              f"{100 * logging_s / total:.1f}%)\n")
    stats.sort_stats("tottime").print_stats(top)
    return out.getvalue()


# --- the run ----------------------------------------------------------------------------------
def run(args: argparse.Namespace) -> dict[str, object]:
    """Generate the workload, take every measurement, return the results as plain data."""
    start = time.perf_counter()
    auctions = generate(args.auctions, args.seed)
    gen_s = time.perf_counter() - start
    workload = describe(auctions)
    calls = int(str(workload["calls"]))
    n = len(auctions)

    compared = check_baseline_agrees(auctions)
    rows: list[Row] = []
    load_before = os.getloadavg()[0]
    naive = Row("naive: re-read auction for every call", n, calls, *timed(make_naive(auctions), args.repeat))
    table = Row("core: successor-table validation", n, calls,
                *timed(lambda: validate_with_table(auctions), args.repeat), CORE_TARGET, naive.name)
    step = Row("core: rules.step validation", n, calls,
               *timed(lambda: validate_with_step(auctions), args.repeat), CORE_TARGET, naive.name)
    states = Row("core: AuctionState.call (info)", n, calls, *timed(lambda: validate_with_states(auctions)),
                 None, naive.name)
    rows += [table, step, states, naive]

    m_auctions = auctions[: args.machine_auctions] if args.machine_auctions else auctions
    m_calls = sum(len(a.codes) for a in m_auctions)
    b_auctions = auctions[: args.baseline_auctions]
    b_calls = sum(len(a.codes) for a in b_auctions)
    for check in (False, True):
        fresh = Row(f"naive: fresh Simulator per auction, check={check}", len(b_auctions), b_calls,
                    *timed(partial(replay_fresh, b_auctions, check)))
        reuse = Row(f"machines: Simulator reused, check={check}", len(m_auctions), m_calls,
                    *timed(partial(replay_reusing, m_auctions, check)), MACHINE_TARGET, fresh.name)
        rows += [reuse, fresh]

    by_name = {r.name: r for r in rows}
    for r in rows:
        if r.baseline is not None:
            r.ratio = r.rate / by_name[r.baseline].rate

    result: dict[str, object] = {
        "command": " ".join([Path(sys.argv[0]).as_posix(), *sys.argv[1:]]),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPU(s), {platform.system()}",
        "load_average": [load_before, os.getloadavg()[0]],
        "seed": args.seed,
        "weights": WEIGHTS,
        "workload": workload,
        "generation_s": gen_s,
        "baseline_checked_pairs": compared,
        "rows": [{**asdict(r), "calls_per_s": r.rate, "wall_calls_per_s": r.wall_rate, "verdict": r.verdict}
                 for r in rows],
        "build": build_costs(args.builds),
        "targets": {"core_calls_per_s": CORE_TARGET, "machine_calls_per_s": MACHINE_TARGET,
                    "core_met": table.rate >= CORE_TARGET,
                    "machine_met": all(r.rate >= MACHINE_TARGET for r in rows
                                       if r.target == MACHINE_TARGET)},
    }
    if args.profile:
        result["profile"] = profile_replay(auctions[: args.profile_auctions], args.profile_top)
    return result


def format_result(res: dict[str, object]) -> str:
    """The human-readable report: workload, table of measurements, build cost, verdicts."""
    w = res["workload"]
    assert isinstance(w, dict)
    load = res["load_average"]
    assert isinstance(load, list)
    levels = ", ".join(f"{lv}: {share:.1%}" for lv, share in w["contract_levels"].items())
    lines = [
        f"auction-fsm benchmark — Python {res['python']} ({res['implementation']}), {res['machine']}",
        (f"workload: {w['auctions']:,} random legal auctions (seed {res['seed']}), {w['calls']:,} calls, "
         f"mean {w['mean_calls']:.1f} calls, longest {w['longest']}; generated in {res['generation_s']:.1f} s"),
        (f"  passed out {w['passed_out_share']:.1%}; contract level {levels}; "
         f"doubled {w['doubled_share']:.1%}, redoubled {w['redoubled_share']:.2%}"),
        f"  naive baseline checked against the core on {res['baseline_checked_pairs']:,} (position, call) pairs",
        (f"  rates are calls per second of process CPU time (wall-clock rate beside it); "
         f"load average {load[0]:.1f} at start, {load[1]:.1f} at end on {os.cpu_count()} CPU(s)"),
        "",
    ]
    if max(load) > (os.cpu_count() or 1):
        lines.insert(-1, "  WARNING: the machine was busy; wall-clock figures are pessimistic")
    header = ("measurement", "auctions", "calls", "cpu s", "calls/s", "wall calls/s", "vs naive", "target", "")
    table: list[tuple[str, ...]] = [header]
    rows = res["rows"]
    assert isinstance(rows, list)
    for r in rows:
        table.append((
            r["name"], f"{r['auctions']:,}", f"{r['calls']:,}", f"{r['cpu_s']:.3f}",
            f"{r['calls_per_s']:,.0f}", f"{r['wall_calls_per_s']:,.0f}",
            "" if r["ratio"] is None else f"{r['ratio']:.1f}x",
            "" if r["target"] is None else f">= {r['target']:,}", r["verdict"],
        ))
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    for i, row in enumerate(table):
        cells = [row[0].ljust(widths[0])] + [c.rjust(wd) for c, wd in zip(row[1:-1], widths[1:-1])]
        lines.append("  ".join(cells + [row[-1]]).rstrip())
        if i == 0:
            lines.append("-" * (sum(widths) + 2 * (len(widths) - 1)))
    b = res["build"]
    assert isinstance(b, dict)
    lines += [
        "",
        (f"one-off cost (CPU): building the machines (phase + 4 seats): first {b['first_build_s'] * 1e3:.2f} ms, "
         f"then mean {b['mean_build_s'] * 1e3:.2f} ms (best {b['best_build_s'] * 1e3:.2f} ms); "
         f"a whole new Simulator: mean {b['mean_simulator_s'] * 1e3:.2f} ms"),
    ]
    t = res["targets"]
    assert isinstance(t, dict)
    lines.append(
        f"target core validation >= {t['core_calls_per_s']:,} calls/s: "
        + ("met" if t["core_met"] else "MISSED (see the successor-table row)"))
    lines.append(
        f"target machine replay >= {t['machine_calls_per_s']:,} calls/s: "
        + ("met" if t["machine_met"] else "MISSED — run with --profile to see where the time goes"))
    if "profile" in res:
        lines += ["", str(res["profile"])]
    return "\n".join(lines)


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """Command-line options (see ``--help``)."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--auctions", type=int, default=100_000, help="random legal auctions (default 100,000)")
    p.add_argument("--seed", type=int, default=2017, help="seed of the workload (default 2017)")
    p.add_argument("--repeat", type=int, default=3,
                   help="core and naive validation: best of this many runs (default 3)")
    p.add_argument("--machine-auctions", type=int, default=0, metavar="N",
                   help="replay only the first N auctions through the machines (default: all)")
    p.add_argument("--baseline-auctions", type=int, default=5_000, metavar="N",
                   help="auctions for the fresh-Simulator baseline (default 5,000; it is slow)")
    p.add_argument("--builds", type=int, default=50, help="machine builds to average (default 50)")
    p.add_argument("--profile", action="store_true", help="also profile the machine replay (cProfile)")
    p.add_argument("--profile-auctions", type=int, default=2_000, metavar="N",
                   help="auctions to replay under the profiler (default 2,000)")
    p.add_argument("--profile-top", type=int, default=15, metavar="K", help="profile lines to show")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--save", type=Path, metavar="FILE", help="also write the results as JSON to FILE")
    args = p.parse_args(argv)
    for name in ("auctions", "repeat", "baseline_auctions", "builds", "profile_auctions"):
        if getattr(args, name) < 1:
            p.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.machine_auctions < 0:
        p.error("--machine-auctions must be 0 (all) or more")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print the report; always 0 unless the run itself fails."""
    args = parse_args(argv)
    res = run(args)
    if args.save is not None:
        args.save.write_text(json.dumps(res, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(res, indent=2) if args.json else format_result(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
