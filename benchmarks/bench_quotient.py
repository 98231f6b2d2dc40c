"""How much smaller the configuration keys could be: each scope's explored graph against its
coarsest exact quotient (issue 21).

Run from the repository root::

    python benchmarks/bench_quotient.py                       # the level-1 single-family scopes
    python benchmarks/bench_quotient.py rotation-1 changes-1  # named scopes
    python benchmarks/bench_quotient.py changes-1 --max-level 2  # the same scope, bids to level 2
    python benchmarks/bench_quotient.py changes-1 --groups 5     # the five largest groups of merges

The configuration keys (``graph/declared_key.py``) merge states the explorer has shown to have
one future; a key that told fewer states apart would let the explorer visit fewer
configurations.  How many fewer, at most, is measured here: two configurations are
*bisimilar* when they are both ends or both not, and every event leads from both to bisimilar
configurations; the classes of the coarsest such relation (partition refinement: split by end
or not, then by the classes each event leads to, until nothing splits) are the fewest
configurations any exact key could give.  The dead-end, finishing, sink-cycle and path-count
checks give the same answers on the quotient; the machine check would see one representative
per class.

For each scope: configurations and edges explored, bisimulation classes of all configurations
and of those with successors (the ones the explorer pays for), and the ratios.  The baseline
is the explored graph itself, measured in the same run.  It is a size measurement, not a
timing: the machine's load does not change it.  The key components that differ inside the
classes are listed (``--parts``), which is where a smaller key would come from; each such
merge still needs its own argument and test (a class may be one only because the scope's
bounds cut the branches that tell its members apart).  ``--groups N`` shows the N largest
groups of such configurations, grouped by the parts that differ and the step the pending
procedure is at, each with one pair: the two configurations in words and the events that
reached each (the first thing to read when arguing a new merge).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from auction_fsm.graph.configuration import Exploration, explore
from auction_fsm.graph.irregular_space import IrregularSpace
from auction_fsm.graph.quotient import coarsest_bisimulation
from auction_fsm.graph.scopes import scope_named, space_for

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scope_check import scope_problem

_DEFAULT = ("exposure-1", "inadmissible-1", "insufficient-1", "lead-1", "rotation-1", "changes-1")


def _differing(space: IrregularSpace, a: Any, b: Any) -> tuple[str, ...]:
    """The names of the declared key (:attr:`DeclaredKey.names`) whose values differ between the
    keys ``a`` and ``b`` (packed or not); none for keys that are not tuples of values (a
    configuration handed over to another part)."""
    if space.declared is None:
        return ()
    x, y = space.unpacked(a), space.unpacked(b)
    if not (isinstance(x, tuple) and isinstance(y, tuple)):
        return ()
    return tuple(name for name, u, v in zip(space.declared.names, x, y, strict=True) if u != v)


def measure(name: str, parts: bool, max_level: int | None = None, groups: int = 0) -> None:
    """Explore the scope ``name`` (no checks; bids up to ``max_level`` if given) and print its
    sizes against its quotient (with ``groups``, the largest groups of merges, one pair each)."""
    scope = scope_named(name)
    if max_level is not None:
        scope = scope.narrowed(max_level=max_level)
        name = scope.name
    space = space_for(scope.narrowed(agreement="off"))
    start = time.perf_counter()
    ex = explore(space)
    explored = time.perf_counter() - start
    offsets, targets = list(ex.offsets), list(ex.targets)
    ends = [bool(t) for t in ex.terminal]
    block = coarsest_bisimulation(offsets, targets, list(ex.labels), ends)
    busy = [i for i in range(ex.states) if offsets[i + 1] > offsets[i]]
    classes, busy_classes = len(set(block)), len({block[i] for i in busy})
    print(f"{name:<22} {ex.states:>9,} {ex.edges:>10,} {classes:>9,} {ex.states / classes:>6.2f}x "
          f"{len(busy):>9,} {busy_classes:>9,} {len(busy) / max(busy_classes, 1):>6.2f}x {explored:>8.1f}",
          flush=True)
    if groups and isinstance(space, IrregularSpace):  # the legal scopes have no key parts to group by
        _show_groups(space, ex, block, busy, groups)
    if parts and isinstance(space, IrregularSpace):
        first: dict[int, int] = {}
        differ: Counter[str] = Counter()
        for i in busy:
            j = first.setdefault(block[i], i)
            if j != i:
                differ.update(_differing(space, ex.keys[i], ex.keys[j]))
        for part, times in differ.most_common():
            print(f"    {part}: differs in {times:,} configurations from their class's first")


def _show_groups(space: IrregularSpace, ex: Exploration[Any, Any], block: list[int], busy: list[int],
                 largest: int) -> None:
    """Print the ``largest`` groups of configurations with successors that share a class with
    an earlier one: grouped by the key parts that differ and the pending procedure's step."""
    first: dict[int, int] = {}
    sizes: Counter[tuple[tuple[str, ...], str]] = Counter()
    pair: dict[tuple[tuple[str, ...], str], tuple[int, int]] = {}
    for i in busy:
        j = first.setdefault(block[i], i)
        if j == i:
            continue
        differ = _differing(space, ex.keys[i], ex.keys[j])
        if not differ:
            continue
        pending = space.state_of(ex.keys[i]).pending
        step = f"{pending.procedure}.{pending.step}" if pending is not None else "nothing pending"
        sizes[(differ, step)] += 1
        pair.setdefault((differ, step), (i, j))
    for (differ, step), times in sizes.most_common(largest):
        i, j = pair[(differ, step)]
        print(f"  {times:,} configurations at {step}, differing in {', '.join(differ)}; for example")
        for k in (i, j):
            key = ex.keys[k]
            events = [space.label_text(e) for e in space.path(key)[1]]
            print(f"      {space.describe(key)}\n        reached by {', '.join(events) or 'the start'}")


def main() -> None:
    """Measure the scopes named on the command line (default: the level-1 single-family ones)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scopes", nargs="*", default=list(_DEFAULT), help="named scopes (default: %(default)s)")
    parser.add_argument("--parts", action="store_true", help="list the key parts that differ inside classes")
    parser.add_argument("--groups", type=int, default=0, metavar="N",
                        help="show the N largest groups of configurations a smaller key could merge")
    parser.add_argument("--max-level", type=int, choices=range(1, 8), metavar="N",
                        help="bids up to level N in every scope named (to measure growth)")
    args = parser.parse_args()
    for name in args.scopes:  # (a name is checked before anything is explored)
        problem = scope_problem(name)
        if problem is not None:
            parser.error(problem)
    print(f"{'scope':<22} {'configs':>9} {'edges':>10} {'classes':>9} {'ratio':>7} "
          f"{'busy':>9} {'classes':>9} {'ratio':>7} {'explore s':>8}", flush=True)
    for name in args.scopes:
        try:
            measure(name, args.parts, args.max_level, args.groups)
        except KeyboardInterrupt:
            print("stopped", file=sys.stderr)
            raise SystemExit(130) from None


if __name__ == "__main__":
    main()
