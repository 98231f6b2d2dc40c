"""The machine graph: every state and transition of the declarative table as one NetworkX graph.

Built from :class:`~auction_fsm.table.LawBook` data only, so it cannot drift from the machines.
Node ids are ``<machine>:<state>`` (``phase:auction``, ``seat:free``); parallel transitions stay
separate edges of a :class:`networkx.MultiDiGraph`, keyed ``t<index>`` by their position in
the table.  Every attribute is a scalar (``""`` stands for "none"), so the graph goes to GraphML
unchanged.

>>> g = machine_graph()
>>> g.nodes["phase:awaiting_first_call"]["kind"]
'initial'
>>> sorted({d["trigger"] for _, _, d in g.out_edges("phase:awaiting_first_call", data=True)})[:2]
['attempt_change', 'bid_above_seven']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

import networkx as nx

from ..lawbook import LAWS_2017, LawBook
from ..lawbook.classify import CALL_TRIGGERS as CALLS_BY_KIND

__all__ = ["machine_graph", "node_id", "machines_of", "machine_subgraph", "containers",
           "flatten_containers", "not_exercised", "CALL_TRIGGERS"]

#: The triggers of a call made at a seat's turn: a seat state must accept one of them, or the
#: auction would stall when that seat's turn comes.
CALL_TRIGGERS: Final = tuple(CALLS_BY_KIND.values())


def node_id(machine: str, state: str) -> str:
    """The node id of ``state`` in ``machine``: ``node_id("seat", "free") == "seat:free"``."""
    return f"{machine}:{state}"


def machine_graph(table: LawBook = LAWS_2017) -> nx.MultiDiGraph[Any]:
    """Every state and transition of ``table`` as a :class:`networkx.MultiDiGraph`.

    Node attributes: ``machine``, ``name``, ``kind`` (initial, terminal, normal, decision,
    irregularity, obligation), ``summary``, ``parent`` (node id of the enclosing state, or
    ``""``).  Edge attributes: ``trigger``, ``guard``, ``law``, ``summary``, ``action``
    (``""`` when the table has none) and ``index`` (position in the table).
    """
    g: nx.MultiDiGraph[str] = nx.MultiDiGraph(name="machine graph", graph="machine")
    g.add_nodes_from(
        (node_id(s.machine, s.name),
         {"machine": s.machine, "name": s.name, "kind": s.kind, "summary": s.summary,
          "parent": "" if s.parent is None else node_id(s.machine, s.parent)})
        for s in table.states)
    for i, t in enumerate(table.rows):
        g.add_edge(node_id(t.machine, t.source), node_id(t.machine, t.target), key=f"t{i}",
                   trigger=t.trigger, guard="" if t.guard is None else t.guard.name,
                   guard_words="" if t.guard is None else t.guard.words, law=t.law, summary=t.summary,
                   family=t.family, action="" if t.action is None else t.action.name, index=i)
    return g


def machines_of(g: nx.MultiDiGraph[Any]) -> list[str]:
    """The machine names present in a machine graph, in node order."""
    return list(dict.fromkeys(str(d["machine"]) for _, d in g.nodes(data=True)))


def machine_subgraph(g: nx.MultiDiGraph[Any], machine: str) -> nx.MultiDiGraph[Any]:
    """The states and transitions of one machine (a copy)."""
    nodes: Iterable[str] = [n for n, d in g.nodes(data=True) if d["machine"] == machine]
    return nx.MultiDiGraph(g.subgraph(nodes))


def containers(g: nx.MultiDiGraph[Any]) -> list[str]:
    """Nested-state *containers*: states that enclose others and that no transition enters.

    Such a state is never current by itself (one of its inner states is); its outgoing
    transitions apply to every state inside it.
    """
    parents = {d["parent"] for _, d in g.nodes(data=True) if d["parent"]}
    return [p for p in g if p in parents and g.in_degree(p) == 0]


def not_exercised(g: nx.MultiDiGraph[Any], seen: Iterable[str]) -> tuple[list[str], list[str]]:
    """The states of machine graph ``g`` that can be current and are not in ``seen`` (the node
    ids a run realised): their node ids, sorted, and the same in words, one line each.

    A verification report lists them so that a reader can tell which parts of the procedure a
    scope leaves untried.  In words, a procedure none of whose steps was reached is one line
    (its summary, "never reached" and how many steps); a step of a procedure otherwise reached is named by the
    procedure's summary and its own, a seat's state with "a seat:" before it; each line ends
    with the node id in brackets (a procedure's with ``.*``), as the diagrams and ``export``
    name the states.
    """
    boxes = set(containers(g))
    missed = set(g) - set(seen) - boxes
    left = sorted(missed)
    inner: dict[str, list[str]] = {}
    for n in g:
        parent = g.nodes[n]["parent"]
        if parent and n not in boxes:
            inner.setdefault(parent, []).append(n)
    whole = {p for p, steps in inner.items() if missed.issuperset(steps)}
    words: list[str] = []
    told: set[str] = set()  # the procedures never reached, once said
    for n in left:
        d = g.nodes[n]
        parent = d["parent"]
        if parent in whole:
            if parent not in told:
                told.add(parent)
                steps = len(inner[parent])
                words.append(f"{g.nodes[parent]['summary']}: "
                             f"never reached ({steps} step{'' if steps == 1 else 's'}) [{parent}.*]")
            continue
        head = (g.nodes[parent]["summary"] + ": " if parent else
                "a seat: " if d["machine"] == "seat" else "")
        words.append(f"{head}{d['summary']} [{n}]")
    return left, words


def flatten_containers(g: nx.MultiDiGraph[Any]) -> nx.MultiDiGraph[Any]:
    """The graph of states that can be current: containers removed, their outgoing
    transitions copied to every state nested inside them (at any depth)."""
    boxes = set(containers(g))
    flat: nx.MultiDiGraph[Any] = nx.MultiDiGraph(g.subgraph(n for n in g if n not in boxes))
    for n in list(flat):
        parent = g.nodes[n]["parent"]
        while parent:
            if parent in boxes:
                for _, dest, key, data in g.out_edges(parent, keys=True, data=True):
                    if dest not in boxes:
                        flat.add_edge(n, dest, key=f"{key}@{n}", **data)
            parent = g.nodes[parent]["parent"]
    return flat
