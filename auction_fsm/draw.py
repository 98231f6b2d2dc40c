"""Diagrams of the state machines and of small configuration graphs (matplotlib, imported lazily).

Layouts are semantic, derived from what the table says about each state, never from its name:

* a column is the distance (in transitions) from the machine's initial state; terminal states
  take the column after the last one;
* a row band is the state's role: the main flow (initial, normal, terminal) on top, irregularity
  procedures and decisions below, seat obligations below that;
* nested states are drawn in a picture of their own (one per enclosing procedure), and the
  overview shows each procedure as one node, so no picture holds more than about 30 states.

Edges carry ``trigger [law]``; parallel transitions between two states share one arrow; node
colours say the kind (see the legend).  In an overview (more than eight states) the returns from a
procedure to the main flow are thin grey arrows without labels: the procedure's own picture
labels them.  The backend is Agg (files only, no display needed).

A machine picture carries what it shows (:func:`view_data`: the states with their kinds and the
arrows' texts) as PNG text under :data:`VIEW_KEY`, so a test can tell a committed picture drawn
from an older law book, as the flowcharts' test does.
"""

from __future__ import annotations

import json
import math
from collections.abc import Hashable, Iterable, Sequence
from pathlib import Path
from typing import Any, Final

import networkx as nx

from .graph.machine_graph import containers, machine_graph, machines_of
from .lawbook import LAWS_2017, LawBook

__all__ = [
    "KIND_COLOURS",
    "VIEW_KEY",
    "machine_views",
    "view_data",
    "read_view_data",
    "semantic_layout",
    "draw_state_graph",
    "draw_machine_diagrams",
    "draw_configuration",
]

KIND_COLOURS: Final = {
    "initial": "#8fd18f", "normal": "#cfe2f3", "terminal": "#f4b6b6", "decision": "#ffe599",
    "irregularity": "#f9cb9c", "obligation": "#d9c3e9", "context": "#eeeeee",
}
VIEW_KEY: Final = "auction-fsm machine view"
_BANDS: Final = {"initial": 0, "normal": 0, "terminal": 0, "irregularity": 1, "decision": 1,
                 "obligation": 2, "context": 0}


def _collapse(g: nx.MultiDiGraph[Any], machine: str) -> nx.MultiDiGraph[Any]:
    """One machine with every nested state folded into its outermost enclosing state."""
    def top(n: str) -> str:
        while g.nodes[n]["parent"]:
            n = g.nodes[n]["parent"]
        return n
    out: nx.MultiDiGraph[Any] = nx.MultiDiGraph(name=f"{machine} machine")
    for n, d in g.nodes(data=True):
        if d["machine"] == machine and not d["parent"]:
            out.add_node(n, **d)
    for u, v, k, d in g.edges(keys=True, data=True):
        if g.nodes[u]["machine"] == machine:
            out.add_edge(top(u), top(v), key=k, **d)
    return out


def _focus(g: nx.MultiDiGraph[Any], box: str) -> nx.MultiDiGraph[Any]:
    """The states inside ``box`` with the outside states they connect to (as context)."""
    inside = {n for n in g if _inside(g, n, box)}
    title = f"{g.nodes[box]['machine']} machine: {g.nodes[box]['name']}"
    out: nx.MultiDiGraph[Any] = nx.MultiDiGraph(name=title)
    for n in sorted(inside, key=lambda n: list(g).index(n)):
        out.add_node(n, **g.nodes[n])
    for u, v, k, d in g.edges(keys=True, data=True):
        if u in inside or v in inside or u == box:
            src = u
            for end in (src, v):
                if end not in out:
                    out.add_node(end, **{**g.nodes[end], "kind": "context"})
            out.add_edge(src, v, key=k, **d)
    return out


def _inside(g: nx.MultiDiGraph[Any], n: str, box: str) -> bool:
    p = g.nodes[n]["parent"]
    while p:
        if p == box:
            return True
        p = g.nodes[p]["parent"]
    return False


def machine_views(table: LawBook = LAWS_2017) -> list[tuple[str, nx.MultiDiGraph[Any]]]:
    """The pictures to draw: ``(file stem, graph)`` for each machine overview and for each
    nested procedure, all derived from the table's kinds and parents."""
    g = machine_graph(table)
    views = []
    for machine in machines_of(g):
        views.append((f"{machine}_machine", _collapse(g, machine)))
        for box in containers(g):
            if g.nodes[box]["machine"] == machine:
                views.append((f"{machine}_{g.nodes[box]['name']}", _focus(g, box)))
    return views


def semantic_layout(g: nx.DiGraph[Any], per_row: int = 5) -> dict[Hashable, tuple[float, float]]:
    """Positions by meaning.

    The main flow (initial, normal, terminal and context states) is the top row, one column per
    transition of distance from the initial state, terminals in the last column.  Each other
    role (procedures and decisions, then obligations) gets rows of its own below, at most
    ``per_row`` states a row, ordered by the mean column of the flow states they connect to.
    """
    kinds = dict(g.nodes(data="kind"))
    starts = [n for n, k in kinds.items() if k == "initial"] or [
        n for n in g if kinds.get(n) == "context" and g.in_degree(n) == 0] or list(g)[:1]
    dist: dict[Hashable, int] = {}
    for s in starts:
        for n, d in nx.single_source_shortest_path_length(g, s).items():
            dist[n] = min(d, dist.get(n, d))
    flow = [n for n in g if _BANDS.get(str(kinds.get(n)), 1) == 0]
    last = max((dist.get(n, 0) for n in flow if kinds.get(n) != "terminal"), default=0)
    pos: dict[Hashable, tuple[float, float]] = {}
    cells: dict[int, list[Hashable]] = {}
    for n in flow:
        col = last + 1 if kinds.get(n) == "terminal" else dist.get(n, last + 1)
        cells.setdefault(col, []).append(n)
    for col, nodes in cells.items():
        for i, n in enumerate(nodes):
            pos[n] = (col * 2.8, -1.1 * i)
    y = -1.1 * max((len(v) for v in cells.values()), default=1) - 0.6
    width = max((x for x, _ in pos.values()), default=0.0)
    for band in sorted({b for b in _BANDS.values() if b > 0}):
        members = [n for n in g if _BANDS.get(str(kinds.get(n)), 1) == band]
        if not members:
            continue

        def centre(n: Hashable) -> float:
            xs = [pos[m][0] for m in nx.all_neighbors(g, n) if m in pos]
            return sum(xs) / len(xs) if xs else width / 2
        members.sort(key=lambda n: (centre(n), dist.get(n, 0)))
        for r in range(0, len(members), per_row):
            row = members[r:r + per_row]
            step = max(2.8, width / max(len(row) - 1, 1)) if len(row) > 1 else 0.0
            x0 = (width - step * (len(row) - 1)) / 2
            for i, n in enumerate(row):
                pos[n] = (x0 + i * step, y - 0.35 * (i % 2))
            y -= 1.8
        y -= 0.3
    return pos


def _merged_edges(g: nx.DiGraph[Any]) -> dict[tuple[Hashable, Hashable], list[str]]:
    out: dict[tuple[Hashable, Hashable], list[str]] = {}
    for u, v, d in g.edges(data=True):
        text = f"{d['trigger']} [{d['law']}]" if "trigger" in d else str(d.get("label", ""))
        out.setdefault((u, v), [])
        if text not in out[(u, v)]:
            out[(u, v)].append(text)
    return out


def _passes_over(pos: dict[Hashable, tuple[float, float]], u: Hashable, v: Hashable) -> bool:
    """Whether the straight line from ``u`` to ``v`` runs close by another state's box, where
    its arrow and label would cover that state."""
    (x1, y1), (x2, y2) = pos[u], pos[v]
    dx, dy = x2 - x1, y2 - y1
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return False
    for w, (x, y) in pos.items():
        if w in (u, v):
            continue
        t = ((x - x1) * dx + (y - y1) * dy) / length2
        if 0.1 < t < 0.9 and math.hypot(x1 + t * dx - x, y1 + t * dy - y) < 0.6:
            return True
    return False


def _wrap(lines: Sequence[str], limit: int = 4) -> str:
    shown = list(lines[:limit])
    if len(lines) > limit:
        shown.append(f"... {len(lines) - limit} more")
    return "\n".join(shown)


def view_data(g: nx.DiGraph[Any]) -> dict[str, Any]:
    """What a picture of ``g`` shows, as JSON-ready values in a fixed order: each state's
    name and kind, and each arrow's texts (parallel transitions merged, as drawn)."""
    def name(n: Hashable) -> str:
        return str(g.nodes[n].get("name", g.nodes[n].get("label", n)))

    return {"title": str(g.graph.get("name", "")),
            "states": sorted([str(n), name(n), str(g.nodes[n].get("kind"))] for n in g.nodes),
            "arrows": sorted([str(u), str(v), *texts] for (u, v), texts in _merged_edges(g).items())}


def read_view_data(path: str | Path) -> dict[str, Any] | None:
    """The :func:`view_data` a PNG written by :func:`draw_state_graph` carries, or ``None``."""
    from PIL import Image

    with Image.open(path) as image:
        text = getattr(image, "text", {}).get(VIEW_KEY)
    return None if text is None else dict(json.loads(text))


def draw_state_graph(g: nx.DiGraph[Any], path: str | Path, *, title: str | None = None,
                     pos: dict[Hashable, tuple[float, float]] | None = None) -> Path:
    """Draw ``g`` (nodes with ``kind``, edges with ``trigger``/``law`` or ``label``) to a PNG
    that carries its :func:`view_data`."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import FancyArrowPatch, Patch

    pos = pos or semantic_layout(g)
    xs = [p[0] for p in pos.values()]
    ys = [p[1] for p in pos.values()]
    width = max(7.0, (max(xs) - min(xs)) * 2.1 + 5)
    height = max(4.5, (max(ys) - min(ys)) * 1.25 + 3.5)
    fig, ax = plt.subplots(figsize=(width, height))
    ax.set_xlim(min(xs) - 1.6, max(xs) + 1.6)
    ax.set_ylim(min(ys) - 1.2, max(ys) + 1.4)
    ax.axis("off")
    boxes = {}
    for n, (x, y) in pos.items():
        d = g.nodes[n]
        label = str(d.get("name", d.get("label", n))).replace(".", ".\n").replace(", ", ",\n", 2)
        boxes[n] = ax.text(x, y, label, ha="center", va="center", fontsize=8, zorder=3,
                           bbox={"boxstyle": "round,pad=0.4",
                                 "fc": KIND_COLOURS.get(str(d.get("kind")), "#fff"),
                                 "ec": "#333", "lw": 1.4 if d.get("kind") == "terminal" else 0.8})
    fig.canvas.draw()
    quiet_returns = g.number_of_nodes() > 8
    for (u, v), texts in _merged_edges(g).items():
        label = _wrap(texts)
        if quiet_returns and _BANDS.get(str(g.nodes[u].get("kind")), 1) > 0 \
                and _BANDS.get(str(g.nodes[v].get("kind")), 1) == 0 and u != v:
            # returns from a procedure to the main flow: drawn, labelled in the procedure's picture
            ax.add_patch(FancyArrowPatch(pos[u], pos[v], arrowstyle="-|>", mutation_scale=8,
                                         connectionstyle="arc3,rad=0.08", color="#bbb", lw=0.6,
                                         patchA=boxes[u].get_bbox_patch(),
                                         patchB=boxes[v].get_bbox_patch(), zorder=1))
            continue
        x1, y1 = pos[u]
        x2, y2 = pos[v]
        if u == v:  # a loop above a main-flow state, below any other
            sign = 1 if _BANDS.get(str(g.nodes[u].get("kind")), 1) == 0 else -1
            ax.annotate("", xy=(x1 + 0.25, y1 + 0.18 * sign), xytext=(x1 - 0.25, y1 + 0.18 * sign),
                        arrowprops={"arrowstyle": "-|>", "connectionstyle": f"arc3,rad={-1.6 * sign}",
                                    "color": "#555", "lw": 0.8}, zorder=2)
            ax.text(x1, y1 + 0.62 * sign, label, ha="center", va="bottom" if sign > 0 else "top",
                    fontsize=6, color="#222", zorder=4,
                    bbox={"fc": "white", "ec": "none", "alpha": 0.8, "pad": 0.5})
            continue
        rad = 0.18 if g.has_edge(v, u) else 0.08
        if _passes_over(pos, u, v):  # bend around the states it would cross (and its label too)
            rad = 0.32 if rad < 0.1 else 0.4
        arrow = FancyArrowPatch((x1, y1), (x2, y2), arrowstyle="-|>", mutation_scale=10,
                                connectionstyle=f"arc3,rad={rad}", color="#555", lw=0.8,
                                patchA=boxes[u].get_bbox_patch(), patchB=boxes[v].get_bbox_patch(),
                                zorder=2)
        ax.add_patch(arrow)
        # The arc is bent in screen space (arc3), so its midpoint -- where the label goes -- and
        # the label's slant are found there, then turned back into data coordinates.
        (sx1, sy1), (sx2, sy2) = ax.transData.transform([(x1, y1), (x2, y2)])
        sdx, sdy = sx2 - sx1, sy2 - sy1
        lx, ly = ax.transData.inverted().transform(((sx1 + sx2) / 2 + 0.5 * rad * sdy,
                                                    (sy1 + sy2) / 2 - 0.5 * rad * sdx))
        dx, dy = x2 - x1, y2 - y1
        angle = math.degrees(math.atan2(sdy, sdx))
        if angle > 90:
            angle -= 180
        elif angle < -90:
            angle += 180
        ax.text(lx, ly, label, ha="center", va="center", fontsize=6, color="#222", zorder=4,
                rotation=angle if abs(dy) > 0.3 and abs(dx) > 0.3 else 0, rotation_mode="anchor",
                bbox={"fc": "white", "ec": "none", "alpha": 0.8, "pad": 0.5})
    kinds = sorted({str(k) for _, k in g.nodes(data="kind")}, key=list(KIND_COLOURS).index)
    ax.legend(handles=[Patch(fc=KIND_COLOURS[k], ec="#333", label=k) for k in kinds],
              loc="upper right", fontsize=7, title="kind", title_fontsize=7, framealpha=0.9)
    ax.set_title(title or str(g.graph.get("name", "")), fontsize=10)
    fig.tight_layout()
    out = Path(path)
    fig.savefig(out, dpi=110,
                metadata={VIEW_KEY: json.dumps(view_data(g), ensure_ascii=True, sort_keys=True)})
    plt.close(fig)
    return out


def draw_machine_diagrams(out_dir: str | Path, table: LawBook = LAWS_2017,
                          only: Iterable[str] | None = None) -> list[Path]:
    """Draw every view of :func:`machine_views` (or those whose stem is in ``only``)."""
    folder = Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    wanted = None if only is None else set(only)
    return [draw_state_graph(g, folder / f"{stem}.png") for stem, g in machine_views(table)
            if wanted is None or stem in wanted]


def draw_configuration(g: nx.DiGraph[Any], path: str | Path, *, max_nodes: int = 40,
                       title: str | None = None) -> Path:
    """Draw a small configuration graph: one column per call made (the ``depth``), nodes in
    the graph's node order within a column (discovery order for a graph from
    :meth:`~auction_fsm.graph.configuration.Exploration.to_networkx`; pass a copy rather than a
    subgraph view, whose order is that of a set)."""
    if g.number_of_nodes() > max_nodes:
        from .graph.export import GraphTooLargeError

        raise GraphTooLargeError(f"the configuration graph has {g.number_of_nodes():,} nodes; "
                                 f"a picture is limited to {max_nodes}")
    columns: dict[int, list[Any]] = {}
    for n, d in g.nodes(data=True):
        columns.setdefault(int(d["depth"]), []).append(n)
    pos = {n: (col * 2.6, -(i - (len(ns) - 1) / 2) * 0.9)
           for col, ns in columns.items() for i, n in enumerate(ns)}
    return draw_state_graph(g, path, title=title, pos=pos)
