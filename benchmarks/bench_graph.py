"""Exploration speed and peak memory of the configuration graphs (issue 5).

Run from the repository root::

    python benchmarks/bench_graph.py             # legal scopes, then the irregular scopes
    python benchmarks/bench_graph.py --quick     # fewer and smaller scopes
    python benchmarks/bench_graph.py --growth    # also: state counts by max_level and budget
    python benchmarks/bench_graph.py --only irregular   # or: legal, growth, anchor
    python benchmarks/bench_graph.py --only irregular --scopes exposure-1,rotation-1
    python benchmarks/bench_graph.py --only jobs --scopes insufficient-1-level2  # --jobs 2 / --jobs 1
    python benchmarks/bench_graph.py --only classes   # machine check: every edge / once per class
    python benchmarks/bench_graph.py --only tables    # the book's decisions: tables / the book run
    python benchmarks/bench_graph.py --only memory    # bytes a configuration: now / before / legal

Every table of irregular scopes starts with the anchor, a plain tuple BFS of the legal auction
measured in the same run, and gives each rate as a ratio to it (``/anchor``).

Each measurement runs in a fresh interpreter so its peak memory (ru_maxrss) is its own.

*Legal scopes.*  The compact explorer here is the one-key-at-a-time walk (``batch=False``);
``benchmarks/bench_batch.py`` measures the level-at-a-time numpy explorer against it.  The naive
baseline explores the same scope with full AuctionState objects
(dedup key computed from the object's properties and standing calls) instead of compact integer
keys; it has no opening lead event, so its state counts are a little lower and only the rates
are compared.

*Irregular scopes.*  ``explore`` is the exploration with the machines driven through every
edge as it is explored (``agreement="all"``, shared between the processors as ``auction-fsm
verify --scope NAME`` does; so ``states/s`` and ``/anchor`` count that check too), ``verify``
the checks after it and ``total`` both; the peak memory covers the forked workers too.  Baseline: the same exploration with every candidate event
handed to the engine (no prefilter of events it obviously refuses; ``base/s``), over the same
breadth-first prefix of ``NAIVE_LIMIT`` configurations as the real one, and ``ratio`` the real
rate over it.  ``naive states``: how many configurations full-record keys (the whole state but
its rulings; two configurations merge only when their records are identical) find in the same
prefix limit, which is why a naive exploration never finishes a scope the declared keys finish.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections.abc import Sequence
from typing import Any

from auction_fsm.graph.scopes import scope_named
from auction_fsm.scope import ScopeError

MEASURE = r'''
import json, resource, sys, time
from auction_fsm.scope import Scope
from auction_fsm.graph.configuration import explore
from auction_fsm.graph.legal_space import LegalSpace
kind, level, track = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1"
if kind == "compact":
    space = LegalSpace(max_level=level, track_declarer=track)
    cold = explore(space, batch=False)
    warm = explore(space, batch=False)
    out = {"states": warm.states, "edges": warm.edges, "cold_s": cold.seconds, "warm_s": warm.seconds}
else:
    from auction_fsm.auction import AuctionState
    from auction_fsm.seats import Seat
    def key(s):
        k = (s.turn, s.phase, s.key)
        if track:
            first = {}
            for r in s.standing_calls:
                if r.call.is_bid:
                    first.setdefault((r.seat % 2, r.call.strain), r.seat)
            k += (tuple(sorted(first.items())),)
        return k
    t = time.perf_counter()
    start = AuctionState.start(Seat.N)
    seen = {key(start)}
    queue = [start]
    edges = 0
    for s in queue:
        for c in s.legal_calls():
            if c.is_bid and c.level > level:
                continue
            n = s.call(s.turn, c)
            edges += 1
            k = key(n)
            if k not in seen:
                seen.add(k)
                queue.append(n)
    secs = time.perf_counter() - t
    out = {"states": len(seen), "edges": edges, "cold_s": secs, "warm_s": secs}
out["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps(out))
'''

# One irregular scope: explore it (declared keys), then run every check with the machines.
# argv: scope name, max_level or "-", max irregularities or "-", families (comma list) or "-",
# max states
MEASURE_IRREGULAR = r'''
import json, os, resource, sys, time
from auction_fsm.graph.checks import check_exploration
from auction_fsm.graph.configuration import ExplorationLimitError, explore
from auction_fsm.graph.scopes import Scope, scope_named, space_for
name, level, budget, families, limit = sys.argv[1:6]
if families != "-":
    scope = Scope(name, frozenset(families.split(",")), max_irregularities=int(budget),
                  max_level=int(level))
else:
    scope = scope_named(name)
verify = sys.argv[6] == "1"
space = space_for(scope.narrowed(agreement="all" if verify else "off"))
# as ``auction-fsm verify`` does for one scope: the exploration (and with it the machine check
# on every edge) shared by the jobs
jobs = int(sys.argv[7]) if len(sys.argv) > 7 else (os.cpu_count() or 1)
space.explore_jobs = jobs
out = {"scope": scope.name, "families": sorted(scope.families), "max_level": scope.max_level,
       "budget": scope.max_irregularities, "jobs": jobs}
t = time.perf_counter()
try:
    ex = explore(space, max_states=int(limit))
except ExplorationLimitError:
    out.update(finished=False, states=space.found(), explore_s=time.perf_counter() - t)
else:
    out.update(finished=True, states=ex.states, edges=ex.edges, explore_s=ex.seconds)
    if verify:
        t = time.perf_counter()
        report = check_exploration(ex, count_paths=False)
        out.update(verify_s=time.perf_counter() - t, ok=report.ok, counts=report.counts)
        out["total_s"] = out["explore_s"] + out["verify_s"]
out["rate"] = out["states"] / out["explore_s"]
# the forked workers' peak counts too (they share the explored graph copy-on-write)
out["peak_mb"] = max(resource.getrusage(who).ru_maxrss
                     for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)) / 1024
print(json.dumps(out))
'''

# The naive baseline of an irregular scope: same engine and candidates, full-record keys; and
# the declared exploration over the same breadth-first prefix of the scope, for a fair ratio
# (configurations near the start have fewer events than deep ones).
MEASURE_NAIVE = r'''
import json, sys, time
from auction_fsm.graph.configuration import ExplorationLimitError, explore
from auction_fsm.graph.irregular_space import IrregularSpace
from auction_fsm.graph.scopes import scope_named
scope = scope_named(sys.argv[1])
out = {}
for name, keys in (("declared", "declared"), ("full", "full")):
    space = IrregularSpace(scope, dealers=scope.dealers, keys=keys, agreement="off")
    t = time.perf_counter()
    try:
        ex = explore(space, max_states=int(sys.argv[2]))
        finished, states = True, ex.states
    except ExplorationLimitError:
        finished, states = False, space.found()
    secs = time.perf_counter() - t
    out[name] = {"finished": finished, "states": states, "seconds": secs, "rate": states / secs}
print(json.dumps(out))
'''

# The anchor: a plain breadth-first search of the legal auction on tuples (turn, last bid,
# bidder, doubled, passes), written with no library code at all, so its rate is what plain
# Python does on this machine in this run; every other rate is printed beside it as a ratio.
# (A benchmark's yardstick, not a rule set: the library never reads it.  It has one end per
# contract and no opening lead, so it finds 2,525 states and 38,784 edges where the legal scope
# finds 3,506 and 39,485.)
MEASURE_ANCHOR = r'''
import json, sys, time
def successors(s):
    turn, last, bidder, doubled, passes = s
    nxt = (turn + 1) % 4
    if last < 0 and passes == 3 or last >= 0 and passes == 2:
        yield ("end", last, bidder, doubled)
    else:
        yield (nxt, last, bidder, doubled, passes + 1)
    for bid in range(last + 1, 35):
        yield (nxt, bid, turn, 0, 0)
    if last >= 0 and (bidder - turn) % 2 and doubled == 0:
        yield (nxt, last, bidder, 1, 0)
    if last >= 0 and not (bidder - turn) % 2 and doubled == 1:
        yield (nxt, last, bidder, 2, 0)
def bfs():
    start = (0, -1, -1, 0, 0)
    seen = {start}
    queue = [start]
    edges = 0
    for s in queue:
        if s[0] == "end":
            continue
        for n in successors(s):
            edges += 1
            if n not in seen:
                seen.add(n)
                queue.append(n)
    return len(seen), edges
t = time.perf_counter()
rounds = 0
while True:
    states, edges = bfs()
    rounds += 1
    secs = time.perf_counter() - t
    if secs >= float(sys.argv[1]):
        break
print(json.dumps({"states": states, "edges": edges, "rounds": rounds, "seconds": secs,
                  "rate": states * rounds / secs}))
'''

# The machine check on every edge in one process, firing ``transitions`` on every edge and once
# per class of edges (auction_fsm/graph/machine_classes.py): the exploration with the check on
# every edge (which it does as it goes) against the same exploration without it, so the
# difference is the check; CPU seconds of this process (fair on a busy machine) and wall seconds.
MEASURE_CLASSES = r'''
import json, sys, time
from auction_fsm.graph.configuration import explore
from auction_fsm.graph.scopes import scope_named, space_for

def run(agreement, classes):
    space = space_for(scope_named(sys.argv[1]).narrowed(agreement=agreement))
    space.machine_classes = classes
    cpu, wall = time.process_time(), time.perf_counter()
    ex = explore(space)
    faults = space.check_agreement() if agreement == "all" else {}
    return space, ex, time.process_time() - cpu, time.perf_counter() - wall, faults

_, _, base_cpu, base_wall, _ = run("off", True)
out = {}
for classes in (False, True):
    space, ex, cpu, wall, faults = run("all", classes)
    out["classes" if classes else "every_edge"] = {
        "edges": ex.edges, "cpu_s": cpu - base_cpu, "wall_s": wall - base_wall,
        "faults": sum(map(len, faults.values())), "hits": space.class_hits}
print(json.dumps(out))
'''

# The book's decisions looked up in tables on the facts they read (lawbook/selection_table.py)
# against the book's classifier and guards run at every configuration: the same exploration
# (machines on every edge, one process) twice each way, alternated, CPU seconds of this process;
# with the decisions asked and the leaves the tables hold after the run.
MEASURE_TABLES = r'''
import json, sys, time
from auction_fsm.graph.configuration import explore
from auction_fsm.graph.irregular_space import IrregularSpace
from auction_fsm.graph.scopes import scope_named

best = {False: None, True: None}
for _ in range(2):
    for tables in (False, True):
        space = IrregularSpace(scope_named(sys.argv[1]), agreement="all", tables=tables)
        cpu = time.process_time()
        ex = explore(space)
        cpu = time.process_time() - cpu
        if best[tables] is None or cpu < best[tables]["cpu_s"]:
            counts = {k: vars(c) for k, c in space.tables.counts.items()} if tables else {}
            best[tables] = {"states": ex.states, "edges": ex.edges, "cpu_s": cpu, "counts": counts,
                            "keys": hash(tuple(ex.keys)), "targets": hash(tuple(ex.targets))}
same = all(best[False][k] == best[True][k] for k in ("states", "edges", "keys", "targets"))
print(json.dumps({"book": best[False], "tables": best[True], "same": same}))
'''

# What an irregular exploration holds per configuration once it has finished (tracemalloc: the
# exploration object and the space, after a collection), as the explorer stores it now --
# representatives dropped once expanded, keys packed in one table shared with the exploration
# (graph/irregular_space.py, graph/key_table.py) -- and as it did before issue 38's memory work
# in those three choices (every representative kept, keys as tuples of values, the exploration
# numbering them in a dictionary of its own; the columns by number are today's), against
# the legal explorer's packed integer keys (``declarer-2``, 5.7 million configurations, explored a
# level at a time on numpy arrays) measured in the same run; with the CPU seconds of the
# same explorations run without tracemalloc (which slows them), machines off.
MEASURE_MEMORY = r'''
import gc, json, sys, time, tracemalloc
from auction_fsm.graph.configuration import explore
from auction_fsm.graph.irregular_space import IrregularSpace
from auction_fsm.graph.scopes import scope_named, space_for

def space(now):
    s = IrregularSpace(scope_named(sys.argv[1]), agreement="off")
    s.keep_representatives = not now
    s.pack_keys = now
    s.share_numbering = now
    return s

def held(make):
    make()  # warm: the book's tables and caches, not counted
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    kept = make()
    gc.collect()
    now, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return kept, (now - base) / kept[1].states, (peak - base) / 2**20

def run(now):
    s = space(now)
    return s, explore(s)

out = {}
for now in (False, True):
    cpu = time.process_time()
    s, ex = run(now)
    cpu = time.process_time() - cpu
    (s, ex), per, peak = held(lambda: run(now))
    out["now" if now else "before"] = {"states": ex.states, "edges": ex.edges, "cpu_s": cpu,
                                       "bytes": per, "peak_mb": peak,
                                       "graph": hash((tuple(ex.targets), tuple(ex.labels)))}
(_, legal), per, _ = held(lambda: (None, explore(space_for(scope_named("declarer-2")))))
out["legal"] = {"bytes": per, "states": legal.states}
print(json.dumps(out))
'''

NAIVE_LIMIT = 16_384
IRREGULAR = ("exposure-1", "inadmissible-1", "lead-1", "insufficient-1", "lead-exposure-1",
             "insufficient-2", "inadmissible-2", "exposure-2", "insufficient-1-level2",
             "exposure-1-level7", "inadmissible-1-level7")
IRREGULAR_QUICK = ("exposure-1", "inadmissible-1", "lead-1")
# (families, max_level, budget) for the growth table; every family at level 1 with one
# irregularity is in the scope table above.
GROWTH = [(fam, level, budget) for fam in ("exposure", "inadmissible", "insufficient_bid", "opening_lead")
          for level, budget in ((1, 1), (2, 1), (3, 1), (1, 2), (2, 2))]
GROWTH_LIMIT = 150_000


def _python(code: str, *args: object) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-c", code, *map(str, args)], check=True,
                          capture_output=True, text=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def run(kind: str, level: int, track: bool) -> dict[str, float]:
    """One legal-scope measurement (``compact`` or ``naive``)."""
    return _python(MEASURE, kind, level, "1" if track else "0")


def legal(quick: bool) -> None:
    """The legal-only scopes against the naive AuctionState walk and the tuple-BFS anchor."""
    cases = [("legal, level 7", 7, False), ("declarer-1", 1, True)]
    if not quick:
        cases.append(("declarer-2", 2, True))
    base = anchor()
    print(f"{'scope':16} {'states':>10} {'edges':>10} {'cold s':>8} {'warm s':>8} {'states/s':>11} "
          f"{'peak MB':>8} {'naive/s':>9} {'ratio':>6} {'/anchor':>8}")
    for name, level, track in cases:
        fast = run("compact", level, track)
        naive = run("naive", level, track) if level <= 2 or not track else None
        rate = fast["states"] / fast["warm_s"]
        nrate = naive["states"] / naive["warm_s"] if naive else float("nan")
        print(f"{name:16} {fast['states']:>10,.0f} {fast['edges']:>10,.0f} {fast['cold_s']:>8.3f} "
              f"{fast['warm_s']:>8.3f} {rate:>11,.0f} {fast['peak_mb']:>8.0f} {nrate:>9,.0f} "
              f"{rate / nrate:>6.1f} {rate / base:>8.2f}")


def anchor(seconds: float = 1.0) -> float:
    """Measure the plain tuple BFS of the legal auction (:data:`MEASURE_ANCHOR`) and print it;
    returns its rate in states per second."""
    r = _python(MEASURE_ANCHOR, seconds)
    print(f"anchor: plain tuple BFS of the legal auction, {r['states']:,} states, {r['edges']:,} edges, "
          f"{r['rounds']} rounds in {r['seconds']:.2f} s: {r['rate']:,.0f} states/s")
    rate: float = r["rate"]
    return rate


def irregular(quick: bool, names: Sequence[str] | None = None, jobs: int | None = None) -> None:
    """The named irregular scopes: exploration, checks with the machines, naive baseline; each
    rate also as a ratio to the tuple-BFS anchor measured just before, in the same run."""
    base = anchor()
    print(f"\n{'scope':22} {'states':>9} {'edges':>9} {'explore s':>9} {'states/s':>9} {'verify s':>9} "
          f"{'total s':>8} {'peak MB':>8} {'ok':>3}  {'naive states':>13} {'base/s':>7} {'ratio':>6} "
          f"{'/anchor':>8}")
    for name in names or (IRREGULAR_QUICK if quick else IRREGULAR):
        r = _python(MEASURE_IRREGULAR, name, "-", "-", "-", 5_000_000, 1, *([] if jobs is None else [jobs]))
        pair = _python(MEASURE_NAIVE, name, NAIVE_LIMIT)
        naive, same = pair["full"], pair["declared"]  # ratio: declared keys against full records
        seen = f"{naive['states']:,}{'' if naive['finished'] else '+'}"
        print(f"{name:22} {r['states']:>9,} {r['edges']:>9,} {r['explore_s']:>9.1f} {r['rate']:>9,.0f} "
              f"{r['verify_s']:>9.1f} {r['total_s']:>8.1f} {r['peak_mb']:>8.0f} {'yes' if r['ok'] else 'NO':>3}  "
              f"{seen:>13} {naive['rate']:>7,.0f} {same['rate'] / naive['rate']:>6.2f} "
              f"{r['rate'] / base:>8.4f}")


def jobs_ratio(name: str) -> None:
    """One scope verified (exploration and the machines on every edge) with one and with two
    worker processes, in the same run: the speed-up of ``--jobs 2``."""
    print(f"\n{'scope':22} {'jobs':>4} {'explore s':>9} {'verify s':>9} {'total s':>8} {'peak MB':>8} {'ok':>3}")
    totals = {}
    for jobs in (1, 2):
        r = _python(MEASURE_IRREGULAR, name, "-", "-", "-", 5_000_000, 1, jobs)
        totals[jobs] = r["total_s"]
        print(f"{name:22} {jobs:>4} {r['explore_s']:>9.1f} {r['verify_s']:>9.1f} {r['total_s']:>8.1f} "
              f"{r['peak_mb']:>8.0f} {'yes' if r['ok'] else 'NO':>3}")
    print(f"{'':22} --jobs 2 against --jobs 1: {totals[1] / totals[2]:.2f}x")


def classes_ratio(names: Sequence[str]) -> None:
    """The machine check on every edge, ``transitions`` fired on every edge against once per
    class of edges, in the same run (CPU seconds of the one process doing it)."""
    print(f"\n{'scope':22} {'edges':>9} {'every edge s':>12} {'by class s':>10} {'ratio':>6} "
          f"{'reused':>7} {'faults':>6}")
    for name in names:
        r = _python(MEASURE_CLASSES, name)
        a, b = r["every_edge"], r["classes"]
        print(f"{name:22} {a['edges']:>9,} {a['cpu_s']:>12.1f} {b['cpu_s']:>10.1f} "
              f"{a['cpu_s'] / b['cpu_s']:>6.2f} {b['hits'] / a['edges']:>7.1%} "
              f"{a['faults']:>3}/{b['faults']}")


def tables_ratio(names: Sequence[str]) -> None:
    """The book's decisions from tables against the book run at every configuration, in the same
    run (:data:`MEASURE_TABLES`), each rate also against the tuple-BFS anchor."""
    base = anchor()
    print(f"\n{'scope':16} {'states':>8} {'book s':>7} {'tables s':>8} {'ratio':>6} {'/anchor':>8} "
          f"{'asked':>10} {'leaves':>6} {'same':>4}")
    for name in names:
        r = _python(MEASURE_TABLES, name)
        a, b = r["book"], r["tables"]
        asked = sum(c["hits"] + c["fills"] for c in b["counts"].values())
        leaves = sum(c["fills"] for c in b["counts"].values())  # a leaf per fill
        print(f"{name:16} {b['states']:>8,} {a['cpu_s']:>7.1f} {b['cpu_s']:>8.1f} {a['cpu_s'] / b['cpu_s']:>6.2f} "
              f"{b['states'] / b['cpu_s'] / base:>8.4f} {asked:>10,} {leaves:>6,} {'yes' if r['same'] else 'NO':>4}")


def memory_ratio(names: Sequence[str]) -> None:
    """Bytes held per configuration after an irregular exploration, as stored now and as before
    issue 38's memory work, against the legal explorer's packed keys, in the same run
    (:data:`MEASURE_MEMORY`)."""
    print(f"\n{'scope':16} {'states':>8} {'before B':>8} {'now B':>6} {'ratio':>6} {'legal B':>7} "
          f"{'/legal':>6} {'peak MiB':>13} {'before s':>8} {'now s':>6} {'same':>4}")
    for name in names:
        r = _python(MEASURE_MEMORY, name)
        a, b, legal = r["before"], r["now"], r["legal"]
        same = all(a[k] == b[k] for k in ("states", "edges", "graph"))
        print(f"{name:16} {b['states']:>8,} {a['bytes']:>8,.0f} {b['bytes']:>6,.0f} {a['bytes'] / b['bytes']:>6.2f} "
              f"{legal['bytes']:>7,.0f} {b['bytes'] / legal['bytes']:>6.1f} "
              f"{a['peak_mb']:>6.1f}->{b['peak_mb']:<6.1f} {a['cpu_s']:>8.1f} {b['cpu_s']:>6.1f} "
              f"{'yes' if same else 'NO':>4}")


def growth() -> None:
    """State counts as the bid level and the irregularity budget grow (exploration only)."""
    print(f"\n{'family':16} {'level':>5} {'budget':>6} {'states':>10} {'edges':>10} {'explore s':>9} "
          f"{'states/s':>9} {'peak MB':>8}")
    for fam, level, budget in GROWTH:
        r = _python(MEASURE_IRREGULAR, f"{fam}-{budget}-level{level}", level, budget, fam, GROWTH_LIMIT, 0)
        states = f"{r['states']:,}" if r["finished"] else f">{GROWTH_LIMIT:,}"
        edges = f"{r['edges']:,}" if r["finished"] else "-"
        print(f"{fam:16} {level:>5} {budget:>6} {states:>10} {edges:>10} {r['explore_s']:>9.1f} "
              f"{r['rate']:>9,.0f} {r['peak_mb']:>8.0f}")


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """Command-line options (see ``--help``); an unknown option is an error, not a full run."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--quick", action="store_true", help="fewer and smaller scopes")
    p.add_argument("--growth", action="store_true",
                   help="also: state counts as the bid level and the irregularity budget grow")
    p.add_argument("--only", choices=("legal", "irregular", "growth", "jobs", "anchor", "classes", "tables",
                                      "memory"),
                   help="run one part only (jobs: one scope with --jobs 1 and 2)")
    p.add_argument("--scopes", metavar="NAMES",
                   help="irregular scopes to measure, comma-separated (default: the usual list; "
                        "for --only jobs the first, default insufficient-1-level2)")
    p.add_argument("--jobs", type=int, metavar="N",
                   help="worker processes for the irregular scopes (default: one per processor)")
    args = p.parse_args(argv)
    for name in (n for n in (args.scopes or "").split(",") if n):
        try:
            scope_named(name)  # a name no scope has is a usage error here, not a child's traceback
        except ScopeError as err:
            p.error(f"--scopes: {err}")
    return args


def main(argv: Sequence[str] | None = None) -> None:
    """Run the parts asked for and print their tables."""
    args = parse_args(argv)
    if args.only in (None, "legal"):
        legal(args.quick)
    names = [n for n in (args.scopes or "").split(",") if n]
    if args.only == "anchor":
        anchor()
    if args.only in (None, "irregular"):
        irregular(args.quick, names or None, args.jobs)
    if args.only == "classes":
        classes_ratio(names or IRREGULAR_QUICK)
    if args.only == "tables":
        tables_ratio(names or ("exposure-1", "inadmissible-1", "insufficient-1", "rotation-1", "changes-1"))
    if args.only == "memory":
        memory_ratio(names or ("exposure-1", "insufficient-1", "rotation-1", "changes-1"))
    if args.only == "jobs":
        jobs_ratio(names[0] if names else "insufficient-1-level2")
    if args.only == "growth" or (args.only is None and args.growth):
        growth()


if __name__ == "__main__":
    main()
