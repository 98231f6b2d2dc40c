"""Writing graphs out: node-link JSON, GraphML, DOT and Mermaid.

JSON and GraphML go through NetworkX and load back into an equal graph
(:func:`read_graph`); DOT and Mermaid are written here, with every identifier quoted, and need
no Graphviz binary.  DOT and Mermaid are for pictures, so they refuse graphs above a size limit
(:class:`GraphTooLargeError`); use GraphML or JSON for those (Gephi and yEd read GraphML).

>>> import networkx as nx
>>> g = nx.DiGraph()
>>> g.add_edge("a", 'say "hi"', label="x")
>>> print(to_dot(g), end="")
digraph "G" {
  "a";
  "say \\"hi\\"";
  "a" -> "say \\"hi\\"" [label="x"];
}
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

import networkx as nx

from ..errors import AuctionFsmError

__all__ = [
    "FORMATS",
    "DOT_LIMIT",
    "MERMAID_LIMIT",
    "GraphTooLargeError",
    "GraphFormatError",
    "to_node_link",
    "from_node_link",
    "to_graphml",
    "to_dot",
    "to_mermaid",
    "render",
    "write_graph",
    "read_graph",
    "format_of",
]

FORMATS: Final = ("json", "graphml", "dot", "mermaid")
_SUFFIXES: Final = {".json": "json", ".graphml": "graphml", ".dot": "dot", ".gv": "dot",
                    ".mmd": "mermaid", ".mermaid": "mermaid", ".md": "mermaid"}
#: The most nodes a DOT file is written for (a picture beyond this is unreadable).
DOT_LIMIT: Final = 5000
#: The most nodes a Mermaid diagram is written for (GitHub stops rendering far earlier than DOT).
MERMAID_LIMIT: Final = 300

_KIND_SHAPES: Final = {"initial": ("([", "])"), "terminal": ("(((", ")))"), "decision": ("{", "}"),
                       "obligation": ("{{", "}}"), "irregularity": ("[/", "/]")}


class GraphTooLargeError(AuctionFsmError, ValueError):
    """A graph too big for a picture format."""


class GraphFormatError(AuctionFsmError, ValueError):
    """A graph format that is unknown, cannot be told from a file name, or cannot be read back."""


def _check_size(g: nx.Graph[Any], fmt: str, limit: int) -> None:
    if g.number_of_nodes() > limit:
        raise GraphTooLargeError(
            f"the graph has {g.number_of_nodes():,} nodes; {fmt} export is limited to {limit:,}: "
            "write GraphML or JSON instead, or choose a smaller scope (e.g. --max-level 1)")


def to_node_link(g: nx.Graph[Any]) -> dict[str, Any]:
    """The node-link dict of ``g`` (edges under ``"edges"``)."""
    data: dict[str, Any] = nx.node_link_data(g, edges="edges")
    return data


def from_node_link(data: dict[str, Any]) -> nx.Graph[Any]:
    """The graph of a node-link dict written by :func:`to_node_link`."""
    g: nx.Graph[Any] = nx.node_link_graph(data, edges="edges")
    return g


def to_graphml(g: nx.Graph[Any]) -> str:
    """GraphML text (every attribute must be a scalar)."""
    return "\n".join(nx.generate_graphml(g)) + "\n"


def _q(text: object) -> str:
    """A DOT double-quoted string."""
    s = str(text).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{s}"'


def _edge_label(d: dict[str, Any]) -> str:
    if "trigger" in d:
        return f"{d['trigger']}\n[{d['law']}]" + (f"\nif {d['guard']}" if d.get("guard") else "")
    return str(d.get("label", ""))


def to_dot(g: nx.Graph[Any], *, limit: int = DOT_LIMIT) -> str:
    """DOT text; machine graphs get one cluster per machine and shapes by kind."""
    _check_size(g, "DOT", limit)
    arrow = "->" if g.is_directed() else "--"
    lines = [f"{'digraph' if g.is_directed() else 'graph'} {_q(g.graph.get('name') or 'G')} {{"]
    shapes = {"initial": "circle", "terminal": "doublecircle", "decision": "diamond",
              "obligation": "hexagon", "irregularity": "box"}
    by_machine: dict[str, list[Any]] = {}
    for n, d in g.nodes(data=True):
        by_machine.setdefault(str(d.get("machine", "")), []).append(n)
    for machine, nodes in by_machine.items():
        indent = "  "
        if machine:
            lines.append(f"  subgraph {_q('cluster_' + machine)} {{")
            lines.append(f"    label={_q(machine + ' machine')};")
            indent = "    "
        for n in nodes:
            d = g.nodes[n]
            attrs = []
            if "name" in d or "label" in d:
                attrs.append(f"label={_q(d.get('name', d.get('label')))}")
            if d.get("kind") in shapes:
                attrs.append(f"shape={shapes[d['kind']]}")
            lines.append(f"{indent}{_q(n)}{' [' + ', '.join(attrs) + ']' if attrs else ''};")
        if machine:
            lines.append("  }")
    for u, v, d in g.edges(data=True):
        label = _edge_label(d)
        lines.append(f"  {_q(u)} {arrow} {_q(v)}{' [label=' + _q(label) + ']' if label else ''};")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _mermaid_id(n: object, ids: dict[Any, str]) -> str:
    if n not in ids:
        ids[n] = "n" + str(len(ids))
    return ids[n]


def _mermaid_text(text: str) -> str:
    return text.replace('"', "#quot;").replace("\n", "<br/>")


def to_mermaid(g: nx.Graph[Any], *, limit: int = MERMAID_LIMIT) -> str:
    """Mermaid flowchart text (GitHub renders it): a subgraph per machine, shapes by kind.

    Node ids are generated (``n0``, ``n1`` ...) and every label is quoted, so state names with
    dots, colons or quotes are safe.
    """
    _check_size(g, "Mermaid", limit)
    ids: dict[Any, str] = {}
    lines = ["flowchart LR"]
    by_machine: dict[str, list[Any]] = {}
    for n, d in g.nodes(data=True):
        by_machine.setdefault(str(d.get("machine", "")), []).append(n)
    for machine, nodes in by_machine.items():
        indent = "  "
        if machine:
            lines.append(f'  subgraph {machine}_machine["{machine} machine"]')
            indent = "    "
        for n in nodes:
            d = g.nodes[n]
            left, right = _KIND_SHAPES.get(str(d.get("kind")), ("[", "]"))
            label = _mermaid_text(str(d.get("name", d.get("label", n))))
            lines.append(f'{indent}{_mermaid_id(n, ids)}{left}"{label}"{right}')
        if machine:
            lines.append("  end")
    for u, v, d in g.edges(data=True):
        label = _edge_label(d).replace("\n", " ")
        text = f'|"{_mermaid_text(label)}"|' if label else ""
        lines.append(f"  {_mermaid_id(u, ids)} -->{text} {_mermaid_id(v, ids)}")
    return "\n".join(lines) + "\n"


def render(g: nx.Graph[Any], fmt: str) -> str:
    """``g`` as text in ``fmt`` (one of :data:`FORMATS`)."""
    if fmt == "json":
        return json.dumps(to_node_link(g), indent=1) + "\n"
    if fmt == "graphml":
        return to_graphml(g)
    if fmt == "dot":
        return to_dot(g)
    if fmt == "mermaid":
        return to_mermaid(g)
    raise GraphFormatError(f"unknown graph format {fmt!r}: expected one of {', '.join(FORMATS)}")


def format_of(path: str | Path, fmt: str | None = None) -> str:
    """``fmt`` if given, else the format the file suffix names."""
    if fmt is not None:
        return fmt
    found = _SUFFIXES.get(Path(path).suffix.lower())
    if found is None:
        raise GraphFormatError(f"cannot tell the graph format of {str(path)!r} from its suffix: use "
                         f"{', '.join(_SUFFIXES)} or give the format")
    return found


def write_graph(g: nx.Graph[Any], path: str | Path, fmt: str | None = None) -> str:
    """Write ``g`` to ``path`` (format from ``fmt`` or the suffix); return the format used."""
    fmt = format_of(path, fmt)
    text = render(g, fmt)  # render first: a refusal leaves no half-written file
    Path(path).write_text(text, encoding="utf-8")
    return fmt


def read_graph(path: str | Path, fmt: str | None = None) -> nx.Graph[Any]:
    """Load a graph written as JSON or GraphML by :func:`write_graph`."""
    fmt = format_of(path, fmt)
    if fmt == "json":
        return from_node_link(json.loads(Path(path).read_text(encoding="utf-8")))
    if fmt == "graphml":
        multi = "<edge id=" in Path(path).read_text(encoding="utf-8")
        g: nx.Graph[Any] = nx.read_graphml(path, edge_key_type=str, force_multigraph=multi)
        for extra in ("node_default", "edge_default"):  # added by the reader, not by us
            if not g.graph.get(extra):
                g.graph.pop(extra, None)
        return g
    raise GraphFormatError(f"{fmt} files are for pictures and are not read back; use JSON or GraphML")
