"""Free functions that test a state graph for the properties a protocol checker looks at.

They work on any NetworkX graph whose nodes carry a ``kind`` attribute (``initial``,
``terminal``, ...): the machine graph of :func:`~auction_fsm.graph.machine_graph.machine_graph`,
a configuration graph from :meth:`~auction_fsm.graph.configuration.Exploration.to_networkx`, or a
small graph built by hand.

>>> import networkx as nx
>>> g = nx.DiGraph([("a", "b"), ("b", "c"), ("b", "d"), ("d", "d")])
>>> nx.set_node_attributes(g, {"a": "initial", "b": "normal", "c": "terminal", "d": "normal"}, "kind")
>>> g.add_node("e", kind="normal")
>>> sorted(unreachable_states(g)), dead_ends(g), sorted(cannot_finish(g)), sink_cycles(g)
(['e'], ['e'], ['d', 'e'], [['d']])
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable
from typing import Any

import networkx as nx

__all__ = [
    "initial_states",
    "terminal_states",
    "unreachable_states",
    "dead_ends",
    "cannot_finish",
    "terminals_with_exits",
    "sink_cycles",
    "rest_states",
    "is_dead_end_free",
]


def _kinds(g: nx.DiGraph[Any]) -> list[tuple[Hashable, Any]]:
    """``(node, kind)`` pairs (``None`` for a node without a ``kind`` attribute)."""
    return [(n, d.get("kind")) for n, d in g.nodes(data=True)]


def initial_states(g: nx.DiGraph[Any]) -> list[Hashable]:
    """Nodes whose ``kind`` is ``initial``."""
    return [n for n, k in _kinds(g) if k == "initial"]


def terminal_states(g: nx.DiGraph[Any]) -> list[Hashable]:
    """Nodes whose ``kind`` is ``terminal``."""
    return [n for n, k in _kinds(g) if k == "terminal"]


def unreachable_states(g: nx.DiGraph[Any], sources: Iterable[Hashable] | None = None) -> set[Hashable]:
    """Nodes no path reaches from ``sources`` (default: the initial states)."""
    starts = list(initial_states(g) if sources is None else sources)
    seen: set[Hashable] = set(starts)
    for s in starts:
        seen |= nx.descendants(g, s)
    return set(g) - seen


def _exits(g: nx.DiGraph[Any], n: Hashable, events: Collection[str] | None) -> bool:
    if events is None:
        return bool(g.out_degree(n) > 0)
    return any(d.get("trigger") in events for _, _, d in g.out_edges(n, data=True))


def dead_ends(g: nx.DiGraph[Any], events: Collection[str] | None = None) -> list[Hashable]:
    """Non-terminal nodes with no way out.

    With ``events``, only edges whose ``trigger`` is one of them count as a way out (a seat
    state must accept a call, whatever else it accepts).
    """
    return [n for n, k in _kinds(g) if k != "terminal" and not _exits(g, n, events)]


def rest_states(g: nx.DiGraph[Any], events: Collection[str]) -> list[Hashable]:
    """For a machine with no terminal state: the initial states and every node with a self-loop
    on one of ``events`` (a state it may stay in, turn after turn, until the auction ends)."""
    loops = {u for u, v, d in g.edges(data=True) if u == v and d.get("trigger") in events}
    return [n for n, k in _kinds(g) if k == "initial" or n in loops]


def cannot_finish(g: nx.DiGraph[Any], goals: Iterable[Hashable] | None = None) -> set[Hashable]:
    """Nodes from which no goal is reachable (default goals: the terminal states)."""
    targets = list(terminal_states(g) if goals is None else goals)
    can: set[Hashable] = set(targets)
    for t in targets:
        can |= nx.ancestors(g, t)
    return set(g) - can


def terminals_with_exits(g: nx.DiGraph[Any]) -> list[Hashable]:
    """Terminal nodes that still have an outgoing edge."""
    return [n for n in terminal_states(g) if g.out_degree(n) > 0]


def sink_cycles(g: nx.DiGraph[Any], goals: Iterable[Hashable] | None = None) -> list[list[Hashable]]:
    """Bottom strongly connected components that hold a cycle and no goal (default goals: the
    terminal states), each as a sorted list; a run that enters one can never end.

    A single node without a self-loop is a dead end, not a cycle, and is not listed here.
    """
    goal = set(terminal_states(g) if goals is None else goals)
    trapped = g.subgraph(cannot_finish(g, goal))  # closed under successors: bottom SCCs stay bottom
    cond = nx.condensation(trapped)
    out: list[list[Hashable]] = []
    for c, data in cond.nodes(data=True):
        members: set[Hashable] = data["members"]
        if cond.out_degree(c) == 0 and (len(members) > 1 or any(trapped.has_edge(m, m) for m in members)):
            out.append(sorted(members, key=str))
    return sorted(out, key=lambda ms: str(ms[0]))


def is_dead_end_free(g: nx.DiGraph[Any]) -> bool:
    """True when every non-terminal node has a way out."""
    return not dead_ends(g)
