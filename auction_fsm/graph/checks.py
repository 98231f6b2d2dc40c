"""The verification checks, run on the machine graph and on an explored configuration graph.

Each check lists failing states; a :class:`GraphReport` holds the counts and, for the first few
failures of each check (the shallowest), a shortest trace from the start.

=====================  ==========================================================================
check                  fails for
=====================  ==========================================================================
unreachable            a state no path from the initial state reaches
dead_ends              a non-terminal state with no enabled event (for a seat machine: no call)
cannot_finish          a state from which no end can be reached (seat machine: no rest state)
terminal_with_exits    an end state that still has an outgoing event
sink_cycles            a bottom strongly connected component with a cycle and no end in it
faults                 (configurations) the space found the machines and the core disagreeing
paths                  (configurations) the perft count differs from the oracle, when one is known
=====================  ==========================================================================

A configuration with no event in the scope is a dead end only if the model offers nothing
there: when the space can tell that the only lawful events lie outside the scope's bounds
(``beyond_scope``: a family switched off, a bid above the scope's level, an irregularity beyond
the budget), the configuration is where the scope stops.  It is reported as such
(``stops_at_bounds``, with a trace, in the report's info) and counts as an end for
``cannot_finish``; it is not a failure.

The configuration checks work on the compact arrays of the exploration, never on NetworkX
(except for the sink-cycle search, which only looks at the states that cannot finish), and are
vectorised with numpy.  On an acyclic graph the configurations that cannot finish are those
without a path to an end (read off the path count's first pass); on a graph with cycles a
backward breadth-first search takes a whole level per step, over predecessor lists built by
one stable sort.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, cast

import networkx as nx
import numpy as np
import numpy.typing as npt

from . import properties as props
from .batch import faulty_mask
from .configuration import Exploration, IntArray, column, distinct, ranges
from .machine_graph import CALL_TRIGGERS, flatten_containers, machine_subgraph, machines_of
from .traces import Trace, configuration_trace, first_realisations, machine_path

__all__ = [
    "CHECKS",
    "Finding",
    "GraphReport",
    "check_machine_graph",
    "check_exploration",
    "add_findings",
    "note_paths",
    "cannot_finish_indices",
    "sink_cycle_indices",
]

CHECKS: Final = ("unreachable", "dead_ends", "cannot_finish", "terminal_with_exits", "sink_cycles")


@dataclass(frozen=True, slots=True)
class Finding:
    """One failing state of one check, with a trace when the state can be reached."""

    check: str
    state: str
    detail: str
    trace: Trace | None

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (``trace`` is ``null`` for an unreachable state)."""
        return {"check": self.check, "state": self.state, "detail": self.detail,
                **(self.trace.to_json() if self.trace else {"steps": None, "scenario": None})}


@dataclass(slots=True)
class GraphReport:
    """The result of checking one graph."""

    graph: str
    scope: str
    states: int
    edges: int
    counts: dict[str, int]
    findings: list[Finding] = field(default_factory=list)
    info: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        """True when every check passed."""
        return not any(self.counts.values())

    def to_json(self) -> dict[str, Any]:
        """One JSON object: graph, scope, states, edges, one count per check, traces, info."""
        return {"graph": self.graph, "scope": self.scope, "states": self.states, "edges": self.edges,
                **self.counts, "ok": self.ok, "traces": [f.to_json() for f in self.findings],
                **self.info}


# --- the machine graph ------------------------------------------------------------------------
def check_machine_graph(g: nx.MultiDiGraph[Any], witness: Exploration[Any, Any] | None = None,
                        max_traces: int = 3) -> GraphReport:
    """Check every machine of a machine graph.

    A machine with terminal states must be able to reach one from every state.  A machine
    without any (the seat machine, which lives as long as the auction) must instead be able to
    reach a *rest state* (its initial state, or a state that loops on a call turn after turn),
    and each of its states must accept some call, or the auction would stall at that seat's
    turn.  Nested-state containers are checked through the states inside them (see
    :func:`~auction_fsm.graph.machine_graph.flatten_containers`).  ``witness`` (an exploration)
    turns traces into scenarios where it can.
    """
    failing: dict[str, list[tuple[str, str]]] = {c: [] for c in CHECKS}
    for machine in machines_of(g):
        sub = flatten_containers(machine_subgraph(g, machine))
        has_terminals = bool(props.terminal_states(sub))
        events = None if has_terminals else CALL_TRIGGERS
        goals = None if has_terminals else props.rest_states(sub, CALL_TRIGGERS)
        # machine-graph nodes are strings (``phase:auction``); the properties return Hashable
        for n in sorted(map(str, props.unreachable_states(sub))):
            failing["unreachable"].append((n, f"no transition path from the initial {machine} state"))
        for n in map(str, props.dead_ends(sub, events)):
            failing["dead_ends"].append(
                (n, "no outgoing transition" if has_terminals else "accepts no call"))
        goal_text = "a terminal state" if has_terminals else "a rest state"
        for n in sorted(map(str, props.cannot_finish(sub, goals))):
            failing["cannot_finish"].append((n, f"no path to {goal_text}"))
        for n in map(str, props.terminals_with_exits(sub)):
            trig = sorted({d["trigger"] for _, _, d in sub.out_edges(n, data=True)})
            failing["terminal_with_exits"].append((n, "terminal state with exits: " + ", ".join(trig)))
        for members in props.sink_cycles(sub, goals):
            failing["sink_cycles"].append((str(members[0]), "trapped cycle: " + ", ".join(map(str, members))))
    wanted = {n for items in failing.values() for n, _ in items}
    realised = first_realisations(witness, wanted) if witness is not None and wanted else {}
    report = GraphReport("machine", "table", g.number_of_nodes(), g.number_of_edges(),
                         {c: len(v) for c, v in failing.items()})
    for check, items in failing.items():
        for node, detail in items[:max_traces]:
            steps = machine_path(g, node)
            trace = None
            if steps is not None:
                scenario = None
                if node in realised and witness is not None:
                    scenario = configuration_trace(witness, realised[node], f"reaches {node}").scenario
                trace = Trace(tuple(steps), scenario)
            report.findings.append(Finding(check, node, detail, trace))
    if witness is not None:
        report.info["witness_scope"] = witness.space.name
    return report


# --- the configuration graph ------------------------------------------------------------------
def _reverse(ex: Exploration[Any, Any]) -> tuple[IntArray, IntArray]:
    """Predecessor lists in compressed-sparse-row form (offsets, sources); the sources of each
    configuration are in increasing order."""
    tgt = column(ex.targets)
    sources = np.repeat(np.arange(ex.states, dtype=np.int64), ex.degrees())
    start = np.zeros(ex.states + 1, np.int64)
    np.cumsum(np.bincount(tgt, minlength=ex.states), out=start[1:])
    return start, sources[np.argsort(tgt, kind="stable")]


def cannot_finish_indices(ex: Exploration[Any, Any], bounds: Sequence[int] = (),
                          ends: npt.NDArray[np.bool_] | None = None) -> list[int]:
    """Configurations from which no terminal configuration is reachable, in index order.

    ``bounds`` are configurations where the scope stops (the only lawful events lie outside
    it): reaching one counts as finishing, since the model goes on beyond the scope there.
    ``ends`` replaces the terminal configurations as what counts as finishing.
    """
    can = (np.frombuffer(bytes(ex.terminal), dtype=np.uint8).astype(bool) if ends is None
           else ends.copy())
    can[np.asarray(bounds, dtype=np.int64)] = True
    if can.all():
        return []
    finishing = ex.finishing() if not len(bounds) and ends is None else None
    if finishing is not None:  # acyclic: the configurations with no path to an end
        trapped: list[int] = np.flatnonzero(~finishing).tolist()
        return trapped
    start, src = _reverse(ex)
    level: IntArray = np.flatnonzero(can)
    while len(level):  # breadth first, backwards from the terminals, a level per step
        before = src[ranges(start[level], start[level + 1] - start[level])]
        level = distinct(before[~can[before]])
        can[level] = True
    rest: list[int] = np.flatnonzero(~can).tolist()
    return rest


def sink_cycle_indices(ex: Exploration[Any, Any], trapped: Sequence[int]) -> list[list[int]]:
    """Bottom strongly connected components with a cycle among the ``trapped`` configurations
    (those that cannot finish, a set closed under successors)."""
    g: nx.DiGraph[int] = nx.DiGraph()
    g.add_nodes_from(trapped)
    g.add_edges_from((i, j) for i in trapped for _, j in ex.successors_of(i))
    return sorted(sorted(cast(int, m) for m in ms) for ms in props.sink_cycles(g, goals=()))


def check_exploration(ex: Exploration[Any, Any], max_traces: int = 3,
                      expected_paths: int | None = None, count_paths: bool = True) -> GraphReport:
    """Run every check on an explored configuration graph.

    Every configuration was reached from a start, so ``unreachable`` is zero by construction.
    ``expected_paths`` (a perft oracle) adds the ``paths`` check.
    """
    n, space = ex.states, ex.space
    degree = ex.degrees()
    term = np.frombuffer(bytes(ex.terminal), dtype=np.uint8).astype(bool)
    dead: list[int] = np.flatnonzero(~term & (degree == 0)).tolist()
    # a configuration whose only lawful events lie outside the scope is where the scope stops,
    # not a dead end of the model (asked of the space, which knows its bounds)
    beyond = getattr(space, "beyond_scope", None)
    stops: list[tuple[int, str]] = []
    if beyond is not None and dead:
        for i in dead:
            outside = beyond(ex.keys[i])
            if outside:
                stops.append((i, "only lawful events outside the scope: " + ", ".join(outside[:4])
                              + (" ..." if len(outside) > 4 else "")))
        stopped = {i for i, _ in stops}
        dead = [i for i in dead if i not in stopped]
    exits: list[int] = np.flatnonzero(term & (degree > 0)).tolist()
    trapped = cannot_finish_indices(ex, [i for i, _ in stops])
    cycles = sink_cycle_indices(ex, trapped) if trapped else []
    finish_details = {i: "no terminal configuration reachable" for i in trapped}
    split_ends = getattr(space, "split_ends", None)
    split = split_ends(ex.keys) if split_ends is not None else None
    if split is not None:
        # a part of a scope split by the contract's strain: an auction handed over counts as
        # an end above, since its own part decides whether it finishes; so each part must show
        # that an auction ended in its strain reaches a real end without handing over again
        # (or two parts could each lean on the other; see combined_report)
        stuck = set(cannot_finish_indices(ex, [i for i, _ in stops], split.real)) - finish_details.keys()
        for i in sorted(stuck):
            if split.ended_here[i]:
                finish_details[i] = ("the auction has ended in this part's strain, and no end of the "
                                     "auction period is reachable without handing over to another part")
        trapped = sorted(finish_details)
    mask = faulty_mask(space, ex.keys) if n else None
    faulty: list[int] = (np.flatnonzero(mask).tolist() if mask is not None
                         else [i for i, k in enumerate(ex.keys) if space.faults(k)])
    failing: dict[str, list[tuple[int, str]]] = {
        "unreachable": [],
        "dead_ends": [(i, "no enabled event") for i in dead],
        "cannot_finish": [(i, finish_details[i]) for i in trapped],
        "terminal_with_exits": [(i, f"{ex.out_degree(i)} enabled event(s) after the end") for i in exits],
        "sink_cycles": [(c[0], f"a trapped cycle of {len(c)} configuration(s)") for c in cycles],
        "faults": [(i, "; ".join(space.faults(ex.keys[i]))) for i in faulty],
    }
    counts = {c: len(v) for c, v in failing.items()}
    info: dict[str, Any] = {"seconds": round(ex.seconds, 3),
                            "states_per_second": round(ex.rate) if ex.seconds > 0 else None}
    if beyond is not None:
        info["stops_at_bounds"] = len(stops)
    report = GraphReport("configuration", space.name, n, ex.edges, counts, info=info)
    for check, items in failing.items():
        add_findings(report, ex, check, items, max_traces)
    for i, detail in stops[:max_traces]:  # reported as such, with a trace, but not a failure
        report.findings.append(Finding("stops_at_bounds", space.describe(ex.keys[i]), detail,
                                       configuration_trace(ex, i, f"the scope {space.name} stops here")))
    if count_paths and split is not None:
        # a part of a scope split by the contract's strain: the paths to its own ends, so that
        # the parts' counts add up to the whole scope's
        note_paths(report, ex.count_paths_to(split.counted), of_part=True)
    elif count_paths:
        note_paths(report, ex.count_paths(), expected=expected_paths)
    return report


def note_paths(report: GraphReport, paths: int | None, *, of_part: bool = False,
               expected: int | None = None) -> None:
    """Put the number of paths to an end into ``report`` (``None``: a cycle makes it infinite):
    for a part of a split scope, marked as the part's own (the parts' counts add up to the
    whole's); otherwise, where a perft oracle is ``expected``, the ``paths`` check against it,
    with a finding when they differ.  One process and a cluster run report it alike."""
    report.info["paths"] = paths
    if of_part:
        report.info["paths_of_part"] = True
        return
    if expected is None:
        return
    report.info["paths_expected"] = expected
    report.counts["paths"] = int(paths != expected)
    if paths != expected:
        report.findings.append(Finding("paths", "start", f"{paths} paths to an end, expected {expected}", None))


def add_findings(report: GraphReport, ex: Exploration[Any, Any], check: str,
                 items: Sequence[tuple[int, str]], max_traces: int) -> None:
    """Add the findings of ``check`` at the configurations ``items`` (index in ``ex``, detail):
    the first ``max_traces``, each with a shortest trace.  The count is the caller's to set (a
    check may fail with no configuration to show, as a path count against its oracle does)."""
    space = ex.space
    for i, detail in items[:max_traces]:
        report.findings.append(Finding(
            check, space.describe(ex.keys[i]), detail,
            configuration_trace(ex, i, f"{check.replace('_', ' ')} in scope {space.name}")))


def failing_states(report: GraphReport, check: str) -> Iterable[str]:
    """The states reported (with a trace) for one check."""
    return (f.state for f in report.findings if f.check == check)
