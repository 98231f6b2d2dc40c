"""Exploration speed and peak memory of the configuration graphs (issue 5).

Run from the repository root:  python benchmarks/bench_graph.py [--quick]

Each measurement runs in a fresh interpreter so its peak memory (ru_maxrss) is its own.  The
naive baseline explores the same scope with full AuctionState objects (dedup key computed from
the object's properties and standing calls) instead of compact integer keys; it has no opening
lead event, so its state counts are a little lower and only the rates are compared.
"""

from __future__ import annotations

import json
import subprocess
import sys

MEASURE = r'''
import json, resource, sys, time
from auction_fsm.graph.configuration import explore
from auction_fsm.graph.legal_space import LegalSpace
kind, level, track = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1"
if kind == "compact":
    space = LegalSpace(max_level=level, track_declarer=track)
    cold = explore(space)
    warm = explore(space)
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


def run(kind: str, level: int, track: bool) -> dict[str, float]:
    done = subprocess.run([sys.executable, "-c", MEASURE, kind, str(level), "1" if track else "0"],
                          check=True, capture_output=True, text=True)
    result: dict[str, float] = json.loads(done.stdout)
    return result


def main() -> None:
    quick = "--quick" in sys.argv
    cases = [("legal, level 7", 7, False), ("declarer-1", 1, True)]
    if not quick:
        cases.append(("declarer-2", 2, True))
    print(f"{'scope':16} {'states':>10} {'edges':>10} {'cold s':>8} {'warm s':>8} {'states/s':>11} "
          f"{'peak MB':>8} {'naive/s':>9} {'ratio':>6}")
    for name, level, track in cases:
        fast = run("compact", level, track)
        naive = run("naive", level, track) if level <= 2 or not track else None
        rate = fast["states"] / fast["warm_s"]
        nrate = naive["states"] / naive["warm_s"] if naive else float("nan")
        print(f"{name:16} {fast['states']:>10,.0f} {fast['edges']:>10,.0f} {fast['cold_s']:>8.3f} "
              f"{fast['warm_s']:>8.3f} {rate:>11,.0f} {fast['peak_mb']:>8.0f} {nrate:>9,.0f} "
              f"{rate / nrate:>6.1f}")


if __name__ == "__main__":
    main()
