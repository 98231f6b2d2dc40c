"""What one edge of an irregular exploration costs, part by part, against issue 21's item 1.

Item 1 asks for 250,000 configurations a second with every check.  A configuration of an
irregular scope has several edges (4 to 10 on the named scopes), so the budget for one edge is
250,000 times the edges per configuration, inverted: about 0.4-1 microseconds.  This measures,
on the edges of a real scope, what each part of an edge costs today, each part timed alone over
the same edges (one process, CPU time):

* ``alphabet``: only enumerating the events the explorer considers at the configuration (every
  seat's calls up to the scope's level, the director, judgements, choices, changes, cards:
  :func:`auction_fsm.exploration.alphabet`), per edge: the least any explorer that asks the book
  about each event in turn must do;
* ``candidates``: the events offered at the configuration (the alphabet, each event classified
  and the rows asked whether one takes it), per edge: ``uncached`` asking the book's classifier
  and guards, ``tables`` looking their decisions up in the explorer's tables on the facts they
  read (:mod:`auction_fsm.lawbook.selection_table`, filled by a first pass that is not timed);
* ``step``: the engine ruling one event with the book (the rows' guards and actions; a new
  immutable state), not strict; ``strict step``: every guard of the candidate rows tested, as
  the explorer does when it checks the machines; each uncached and with the tables;
* ``key``: the configuration key of the state reached: the values of what the scope's rules
  declare they read (:meth:`auction_fsm.graph.declared_key.DeclaredKey.of`);
* ``lookup``: hashing that key and finding it in a dict of every key (the least any explorer
  keyed by these tuples must do per edge);

and, as the baseline measured in the same run, one edge of the plain tuple BFS of the legal
auction (``benchmarks/bench_graph.py``'s anchor: an integer key, one table lookup).  Each part
is printed in microseconds per edge and as a multiple of item 1's budget, so the figure says how
far each part alone is from the target, whatever the others cost.

    python benchmarks/bench_edge_cost.py                      # insufficient-1 and rotation-1
    python benchmarks/bench_edge_cost.py --scopes all-1-in-NT-offender-N --edges 20000

Figures in docs/verification-notebook.md (*Issue 21, items 1 and 2: why they stop here*) and
benchmarks/GRAPH.md (*Issue 38: what is left per edge once the decisions are tabled*).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from auction_fsm.auction import AuctionState
from auction_fsm.commands._scope_options import positive_int
from auction_fsm.engine import step as rule_step
from auction_fsm.events import Event
from auction_fsm.exploration import _offered, alphabet, candidate_events, room_for
from auction_fsm.graph.irregular_space import IrregularSpace
from auction_fsm.graph.scopes import scope_named

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_graph
from scope_check import irregular_scope_problem

T = TypeVar("T")

#: item 1 of issue 21: configurations a second
TARGET = 250_000


def _anchor_edge_us() -> float:
    """Microseconds per edge of the plain tuple BFS of the legal auction (``bench_graph``'s
    anchor, run in a fresh interpreter for a second): the baseline of this run."""
    r = bench_graph._python(bench_graph.MEASURE_ANCHOR, 1.0)
    return float(r["seconds"]) * 1e6 / (float(r["edges"]) * float(r["rounds"]))


def _timed(items: Sequence[T], body: Callable[[T], object]) -> float:
    """Microseconds per item of ``body`` over ``items`` (CPU time, one pass)."""
    start = time.process_time()
    for item in items:
        body(item)
    return (time.process_time() - start) * 1e6 / len(items)


@dataclass
class EdgeCosts:
    """What :func:`costs` measured on one scope: the configurations expanded, the edges timed,
    and each part's microseconds per edge, in the order printed."""

    configurations: int
    edges: int
    parts: dict[str, float]

    @property
    def budget(self) -> float:
        """Item 1's budget for one edge of this scope, in microseconds."""
        return 1e6 * self.configurations / (TARGET * self.edges)


def costs(name: str, limit: int) -> EdgeCosts:
    """Explore the scope ``name`` breadth first (machine check off) until ``limit`` edges are
    found, and time each part of those edges (the module's docstring).  The events offered with
    the tables are checked to be those offered without, configuration by configuration, before
    anything is timed (a benchmark of two different workloads would mislead)."""
    scope = scope_named(name).narrowed(agreement="off")
    space = IrregularSpace(scope, agreement="off", name=name)
    fam, book = space.families, space.book
    edges: list[tuple[AuctionState, Event]] = []
    queue = list(space.initial_states())
    seen = set(queue)
    configurations = 0
    for key in queue:
        labels, targets = space.successors(key)
        configurations += 1
        state = space.state_of(key)
        edges.extend((state, e) for e in labels)
        if len(edges) >= limit:
            break
        for target in targets:
            if target not in seen:
                seen.add(target)
                queue.append(target)
    reached = [rule_step(s, e, strict=False).after for s, e in edges]
    keys = [space.key_of(a) for a in reached]
    table = {k: i for i, k in enumerate(keys)}
    states = list({id(s): s for s, _ in edges}.values())
    tables = space.tables

    def per_edge(body: Callable[[AuctionState], object]) -> float:
        start = time.process_time()
        for s in states:
            body(s)
        return (time.process_time() - start) * 1e6 / len(edges)

    def enumerated(s: AuctionState) -> object:
        # the kinds of event candidate_events enumerates there (required repeats aside)
        kinds = _offered(book, s.phase, s.pending is not None, fam.families)[1]
        return list(alphabet(s, fam, bool(room_for(s, fam)), kinds))

    def offered(s: AuctionState) -> list[Event]:
        return list(candidate_events(s, fam, book, tables))

    for s in states:  # fills the tables (not timed), and checks both offer the same events
        if offered(s) != list(candidate_events(s, fam, book)):
            calls = " ".join(str(r.call) for r in s.record) or "the start"
            raise SystemExit(f"{name}: the tables offer other events than the book after {calls}")
    for s, e in edges:
        rule_step(s, e, strict=False, tables=tables)
        rule_step(s, e, strict=True, tables=tables)
    parts = {
        "alphabet": per_edge(enumerated),
        "candidates (uncached)": per_edge(lambda s: list(candidate_events(s, fam, book))),
        "candidates (tables)": per_edge(offered),
        "step": _timed(edges, lambda se: rule_step(se[0], se[1], strict=False)),
        "step (tables)": _timed(edges, lambda se: rule_step(se[0], se[1], strict=False, tables=tables)),
        "strict step": _timed(edges, lambda se: rule_step(se[0], se[1], strict=True)),
        "strict step (tables)": _timed(edges, lambda se: rule_step(se[0], se[1], strict=True, tables=tables)),
        "key": _timed(reached, space.key_of),
        # a tuple does not keep its hash: each lookup hashes the key again, as the explorer's do
        "lookup": _timed(keys, table.get),
    }
    return EdgeCosts(configurations, len(edges), parts)


def measure(name: str, limit: int, anchor: float) -> None:
    """Print :func:`costs` of scope ``name``: each part per edge, as a multiple of item 1's budget
    and of the baseline's edge (``anchor``, microseconds), and what the explorer pays at least
    per configuration with the tables (the events offered, each edge ruled strictly and keyed)
    against the budget of one configuration."""
    c = costs(name, limit)
    per_config = c.edges / c.configurations
    print(f"{name}: {c.edges:,} edges of the first {c.configurations:,} configurations "
          f"(breadth first), {per_config:.1f} per configuration")
    print(f"  item 1's budget: {c.budget:.2f} us per edge ({TARGET:,} configurations/s)")
    for part, us in c.parts.items():
        print(f"  {part:<22} {us:9.2f} us/edge   {us / c.budget:8.1f}x the budget   "
              f"{us / anchor:8.1f}x the baseline's edge")
    least = sum(c.parts[p] for p in ("candidates (tables)", "strict step (tables)", "key"))
    print(f"  with the tables, a configuration costs at least {least * per_config:,.0f} us "
          f"(offered events, strict steps, keys), {least / c.budget:,.0f}x its budget of "
          f"{1e6 / TARGET:.0f} us: at most {1e6 / (least * per_config):,.0f} configurations a second")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scopes", default="insufficient-1,rotation-1",
                        help="named scopes, comma separated (default: insufficient-1,rotation-1)")
    parser.add_argument("--edges", type=positive_int, default=50_000, help="edges timed per scope (default 50,000)")
    args = parser.parse_args(argv)
    for name in args.scopes.split(","):
        problem = irregular_scope_problem(name, "the edges timed are the irregular explorer's")
        if problem is not None:
            parser.error(problem)
    anchor = _anchor_edge_us()
    print(f"baseline: plain tuple BFS of the legal auction, {anchor:.3f} us per edge")
    for name in args.scopes.split(","):
        measure(name, args.edges, anchor)
    print("(each part alone, over the same edges; the explorer pays them all, plus the machine check)")


if __name__ == "__main__":
    main()
