from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import networkx as nx
import pytest

from auction_fsm.graph.configuration import explore
from auction_fsm.graph.export import GraphTooLargeError, read_graph, to_dot, to_mermaid, write_graph
from auction_fsm.graph.legal_space import LegalSpace
from auction_fsm.graph.machine_graph import machine_graph


def _config() -> nx.DiGraph[Any]:
    return explore(LegalSpace(max_level=1)).to_networkx()


@pytest.mark.parametrize("suffix", ["json", "graphml"])
def test_round_trip_machine_and_configuration(tmp_path: Path, suffix: str) -> None:
    for g in (machine_graph(), _config()):
        path = tmp_path / f"g.{suffix}"
        write_graph(g, path)
        back = read_graph(path)
        assert type(back) is type(g)
        assert nx.utils.graphs_equal(g, back)
        if isinstance(g, nx.MultiDiGraph) and isinstance(back, nx.MultiDiGraph):
            assert sorted(g.edges(keys=True)) == sorted(back.edges(keys=True))


_DOT_EDGE = re.compile(r'^\s*"((?:[^"\\]|\\.)*)" -> "((?:[^"\\]|\\.)*)"')
_DOT_NODE = re.compile(r'^\s*"((?:[^"\\]|\\.)*)"( \[.*\])?;$')


def _unq(s: str) -> str:
    return s.replace('\\"', '"').replace("\\\\", "\\")


def _read_dot(text: str) -> tuple[set[str], list[tuple[str, str]]]:
    nodes, edges = set(), []
    for line in text.splitlines():
        if m := _DOT_EDGE.match(line):
            edges.append((_unq(m[1]), _unq(m[2])))
        elif (m := _DOT_NODE.match(line)) and not line.strip().startswith("label"):
            nodes.add(_unq(m[1]))
    return nodes, edges


def test_dot_parses_back(tmp_path: Path) -> None:
    g = machine_graph()
    g.add_edge('seat:free', 'odd "name" \\ here', key="x", trigger="t", law="1", guard="")
    g.nodes['odd "name" \\ here'].update(machine="seat", kind="normal", name="odd")
    path = tmp_path / "m.dot"
    write_graph(g, path)
    nodes, edges = _read_dot(path.read_text())
    assert nodes == set(g.nodes)
    assert sorted(edges) == sorted((u, v) for u, v in g.edges())


def test_mermaid_parses_back() -> None:
    g = machine_graph()
    text = to_mermaid(g)
    assert text.startswith("flowchart")
    labels = dict(re.findall(r'^\s+(n\d+)[(\[{/]+"([^"]*)"', text, re.MULTILINE))
    edges = re.findall(r"^\s+(n\d+) -->(?:\|\"[^\"]*\"\|)? (n\d+)$", text, re.MULTILINE)
    assert sorted(labels.values()) == sorted(d["name"] for _, d in g.nodes(data=True))
    assert len(edges) == g.number_of_edges()
    named = {(labels[a], labels[b]) for a, b in edges}
    assert named == {(g.nodes[u]["name"], g.nodes[v]["name"]) for u, v in g.edges()}


def test_pictures_refuse_big_graphs(tmp_path: Path) -> None:
    big = explore(LegalSpace()).to_networkx()
    with pytest.raises(GraphTooLargeError, match="Mermaid"):
        write_graph(big, tmp_path / "c.mmd")
    assert not (tmp_path / "c.mmd").exists()
    assert to_dot(big).count("->") == big.number_of_edges()
    with pytest.raises(GraphTooLargeError, match="DOT"):
        to_dot(big, limit=100)


def test_json_is_node_link(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    write_graph(machine_graph(), path)
    data = json.loads(path.read_text())
    assert {"nodes", "edges", "directed", "multigraph"} <= set(data)
