"""Counterexamples: shortest traces from the start to a failing state, as replayable scenarios.

A configuration-graph trace follows the breadth-first parent pointers of an
:class:`~auction_fsm.graph.configuration.Exploration`, so it is a shortest one, and the space
turns its labels into a scenario file.  A machine-graph trace is a shortest path of transitions
from the machine's initial state; it becomes a scenario when some explored configuration
realises the state (its *witness*: the first configuration, in breadth-first order, whose
machine states include it).
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from .configuration import Exploration

__all__ = ["Trace", "configuration_trace", "machine_path", "first_realisations"]


@dataclass(frozen=True, slots=True)
class Trace:
    """How to reach a failing state: readable ``steps`` and, when one exists, a ``scenario``."""

    steps: tuple[str, ...]
    scenario: dict[str, Any] | None = field(default=None, compare=False)

    def to_json(self) -> dict[str, Any]:
        """``{"steps": [...], "scenario": {...} or null}``."""
        return {"steps": list(self.steps), "scenario": self.scenario}


def configuration_trace(ex: Exploration[Any, Any], i: int, title: str = "") -> Trace:
    """The shortest trace to configuration ``i``, with its scenario."""
    start, labels = ex.path_to(i)
    space = ex.space
    scenario = space.scenario(start, labels)
    if title and "format" in scenario:  # keep the documented key order: format, version, title
        head: dict[str, Any] = {k: scenario[k] for k in ("format", "version") if k in scenario}
        scenario = {**head, "title": title, **{k: v for k, v in scenario.items() if k not in head}}
    steps = [f"start: {space.describe(start)}"]
    steps.extend(space.label_text(lab) for lab in labels)
    return Trace(tuple(steps), scenario)


def machine_path(g: nx.MultiDiGraph[Any], target: Hashable) -> list[str] | None:
    """The transitions of a shortest path from the initial state of ``target``'s machine to
    ``target`` (``state --trigger [law]--> state``), or ``None`` when it is unreachable."""
    machine = g.nodes[target]["machine"]
    start = next(n for n, d in g.nodes(data=True) if d["machine"] == machine and d["kind"] == "initial")
    try:
        nodes = nx.shortest_path(g, start, target)
    except nx.NetworkXNoPath:
        return None
    steps = []
    for a, b in itertools.pairwise(nodes):
        d = min(g.get_edge_data(a, b).values(), key=lambda e: e["index"])
        steps.append(f"{g.nodes[a]['name']} --{d['trigger']} [{d['law']}]--> {g.nodes[b]['name']}")
    return steps


def first_realisations(ex: Exploration[Any, Any], wanted: set[str] | None = None) -> dict[str, int]:
    """For each machine state, the first configuration (breadth-first, so the shallowest) that
    realises it; stops early once every ``wanted`` state is found."""
    found: dict[str, int] = {}
    machine_states = ex.space.machine_states
    for i, k in enumerate(ex.keys):
        for node in machine_states(k):
            found.setdefault(node, i)
        if wanted is not None and wanted <= found.keys():
            break
    return found
