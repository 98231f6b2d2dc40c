from __future__ import annotations

import networkx as nx

from auction_fsm.graph import properties as p


def _graph(edges: list[tuple[str, str]], kinds: dict[str, str]) -> nx.DiGraph[str]:
    g: nx.DiGraph[str] = nx.DiGraph(edges)
    g.add_nodes_from(kinds)
    nx.set_node_attributes(g, {n: kinds.get(n, "normal") for n in g}, "kind")
    return g


def test_unreachable_is_found() -> None:
    g = _graph([("s", "t"), ("x", "t")], {"s": "initial", "t": "terminal"})
    assert p.unreachable_states(g) == {"x"}


def test_dead_end_and_cannot_finish() -> None:
    g = _graph([("s", "a"), ("s", "t"), ("a", "b")], {"s": "initial", "t": "terminal"})
    assert p.dead_ends(g) == ["b"]
    assert p.cannot_finish(g) == {"a", "b"}
    assert not p.is_dead_end_free(g)


def test_terminal_with_exits() -> None:
    g = _graph([("s", "t"), ("t", "s")], {"s": "initial", "t": "terminal"})
    assert p.terminals_with_exits(g) == ["t"]
    assert p.sink_cycles(g) == []  # the cycle holds a terminal


def test_sink_cycles_need_a_cycle_and_no_goal() -> None:
    g = _graph([("s", "a"), ("a", "b"), ("b", "a"), ("s", "t"), ("s", "d"), ("s", "l"), ("l", "l")],
               {"s": "initial", "t": "terminal"})
    assert p.sink_cycles(g) == [["a", "b"], ["l"]]  # "d" is a dead end, not a cycle
    assert p.sink_cycles(g, goals=["a"]) == [["l"]]


def test_dead_ends_can_require_particular_events() -> None:
    g: nx.MultiDiGraph[str] = nx.MultiDiGraph()
    g.add_node("free", kind="initial")
    g.add_node("stuck", kind="obligation")
    g.add_edge("free", "stuck", trigger="impose")
    g.add_edge("stuck", "free", trigger="release")
    g.add_edge("free", "free", trigger="call_pass")
    assert p.dead_ends(g) == []
    assert p.dead_ends(g, events={"call_pass"}) == ["stuck"]
    assert p.rest_states(g, {"call_pass"}) == ["free"]
