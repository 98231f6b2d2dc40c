"""The picture of what changes from one law book to another (``diff-books --picture``).

Only the changed part of the machines is drawn: the states that a row added, removed or changed
leaves or enters, with one arrow per kind of change between two states, labelled with the laws
of its rows (green: only in the second book; red, dashed: only in the first; orange: in both,
ruling differently).  A row that stays in its state is a loop over the box.  The phase machine
is drawn on the left, the seat machine on the right; states each box in words.  matplotlib
(Agg backend), imported only when drawing.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .lawbook.book import LawBook
from .lawbook.compare import BookDiff, RowChange

__all__ = ["draw_diff", "diff_figure", "COLOURS"]

COLOURS = {"added": "#2e8b3a", "removed": "#c0392b", "changed": "#e08a00"}
_STYLE = {"added": "solid", "removed": "dashed", "changed": "solid"}


def _words(book: LawBook, first: LawBook, machine: str, name: str) -> str:
    spec = next((s for s in (*book.states, *first.states) if s.machine == machine and s.name == name), None)
    text = spec.summary if spec is not None else name
    return "\n".join(textwrap.wrap(text, 28)[:5])


def _kind(book: LawBook, first: LawBook, machine: str, name: str) -> str:
    spec = next((s for s in (*book.states, *first.states) if s.machine == machine and s.name == name), None)
    return spec.kind if spec is not None else "normal"


def _edges(changes: Iterable[RowChange]) -> dict[tuple[str, str, str], list[str]]:
    """One arrow per (source, destination, kind of change), with the laws of its rows (a changed
    row as the second book has it)."""
    out: dict[tuple[str, str, str], list[str]] = {}
    for c in changes:
        r = c.row
        laws = out.setdefault((r.source, r.target, c.kind), [])
        if r.law not in laws:
            laws.append(r.law)
    return out


def _layout(nodes: list[str], hub: str, rx: float, ry: float) -> dict[str, tuple[float, float]]:
    """The state most changed rows touch (``hub``) in the middle, the others on an ellipse around
    it, in name order (the steps of one procedure next to each other)."""
    ring = [n for n in nodes if n != hub]
    pos = {hub: (0.0, 0.0)}
    for i, name in enumerate(ring):
        a = math.pi / 2 + math.pi / len(ring) - 2 * math.pi * i / len(ring)
        pos[name] = (rx * math.cos(a), ry * math.sin(a))
    return pos


#: How far along its arc (as a fraction of the arc) a label may move from its first spot, in small
#: steps (the nearest free spot wins; coarser steps left the 1997 seat arrows without one).
_ALONG = (0.0, *(d * sign for d in (0.04, 0.08, 0.12, 0.16, 0.2, 0.24, 0.28, 0.32, 0.36, 0.4) for sign in (1, -1)))


class _Placer:
    """Puts labels where they overlap no box and no label already placed.

    The extents are the drawn text's own, measured by the figure's renderer, so a label of four
    lines is kept clear of its neighbours as well as one of one line.  When every offered spot is
    taken the label goes on the first one (a picture with a crowded label beats a missing one).
    """

    def __init__(self, ax: Any) -> None:
        self.ax = ax
        self.renderer = ax.figure.canvas.get_renderer()
        self.taken: list[Any] = []

    def reserve(self, artist: Any) -> None:
        """Keep labels off what ``artist`` covers once drawn (a state's box, its padding included)."""
        self.taken.append(artist.get_window_extent(self.renderer))

    def place(self, spots: list[tuple[float, float]], text: str, **style: Any) -> None:
        """Draw ``text`` at the first of ``spots`` where it overlaps nothing placed so far."""
        first = None
        for x, y in spots:
            artist = self.ax.text(x, y, text, **style)
            extent = artist.get_window_extent(self.renderer).expanded(1.04, 1.1)
            if not any(extent.overlaps(other) for other in self.taken):
                self.taken.append(extent)
                if first is not None:
                    first.remove()
                return
            if first is None:
                first = artist
            else:
                artist.remove()
        if first is not None:
            self.taken.append(first.get_window_extent(self.renderer))


def _draw_machine(ax: Any, diff: BookDiff, machine: str, title: str, rx: float, ry: float) -> None:
    from matplotlib.patches import FancyArrowPatch, FancyBboxPatch

    edges = _edges(c for c in diff.rows if c.row.machine == machine)
    nodes = sorted({n for (u, v, _) in edges for n in (u, v)})
    ax.set_title(title, fontsize=12)
    ax.axis("off")
    ax.set_aspect("equal")
    if not nodes:
        ax.text(0.5, 0.5, "no change", ha="center", va="center", transform=ax.transAxes)
        return
    degree: dict[str, int] = {}
    for (u, v, _) in edges:
        degree[u] = degree.get(u, 0) + 1
        degree[v] = degree.get(v, 0) + 1
    hub = max(nodes, key=lambda n: (degree[n], n))
    pos = _layout(nodes, hub, rx, ry)
    ax.set_xlim(-rx - 3.5, rx + 3.5)
    ax.set_ylim(-ry - 2.5, ry + 2.5)
    ax.apply_aspect()  # the final data-to-pixel transform, which the label placement measures in
    placer = _Placer(ax)
    w, h = 4.6, 2.3
    for n, (x, y) in pos.items():
        kind = _kind(diff.second, diff.first, machine, n)
        placer.reserve(ax.add_patch(FancyBboxPatch(
            (x - w / 2, y - h / 2), w, h, boxstyle="round,pad=0.08",
            facecolor="#fff2c2" if kind == "decision" else "#eef3fb", edgecolor="#555555",
            linewidth=0.8, zorder=2)))
        ax.text(x, y, _words(diff.second, diff.first, machine, n), ha="center", va="center", fontsize=7.5,
                zorder=3)
    pairs: dict[tuple[str, str], int] = {}
    for (u, v, kind), laws in sorted(edges.items(), key=lambda e: (e[0][2], e[0][0], e[0][1])):
        label = "\n".join(textwrap.wrap("; ".join(laws), 26)[:4])
        colour, style = COLOURS[kind], _STYLE[kind]
        (x1, y1), (x2, y2) = pos[u], pos[v]
        key = (min(u, v), max(u, v))
        k = pairs.get(key, 0)
        pairs[key] = k + 1
        box = {"facecolor": "white", "edgecolor": colour, "alpha": 0.92, "pad": 0.8, "linewidth": 0.5}
        if u == v:  # a loop: a small arrow over the box, its laws stacked beside it
            ax.add_patch(FancyArrowPatch((x1 - 0.6, y1 + h / 2 + 0.05), (x1 + 0.6, y1 + h / 2 + 0.05),
                                         connectionstyle="arc3,rad=-1.0", arrowstyle="-|>", mutation_scale=9,
                                         color=colour, linestyle=style, linewidth=1.2, zorder=4))
            side = -1.0 if x1 <= 0 else 1.0
            spots = [(x1 + side * (w / 2 + 0.3), y1 + h / 2 + 0.4 + 1.45 * j) for j in range(k, k + 12)]
            placer.place(spots, "loop: " + label, fontsize=7, color=colour, ha="right" if side < 0 else "left",
                         va="bottom", zorder=5, bbox=box)
            continue
        rad = (0.06 + 0.26 * k) * (1 if u < v else -1)
        ax.add_patch(FancyArrowPatch((x1, y1), (x2, y2), connectionstyle=f"arc3,rad={rad}", arrowstyle="-|>",
                                     mutation_scale=11, shrinkA=24, shrinkB=24, color=colour, linestyle=style,
                                     linewidth=1.3, zorder=1))
        mx, my, dx, dy = (x1 + x2) / 2, (y1 + y2) / 2, x2 - x1, y2 - y1
        cx, cy = mx + rad * dy, my - rad * dx  # the arc's control point (arc3)
        # labels away from the middle state, and spread along parallel arrows; where that spot
        # is taken, the next free one along the arc
        t = 0.28 + 0.14 * k if hub not in (u, v) else (0.62 + 0.13 * k if u == hub else 0.38 - 0.13 * k)
        tries = sorted({min(0.8, max(0.2, t + d)) for d in _ALONG}, key=lambda s: abs(s - t))
        spots = [((1 - s) ** 2 * x1 + 2 * s * (1 - s) * cx + s ** 2 * x2,
                  (1 - s) ** 2 * y1 + 2 * s * (1 - s) * cy + s ** 2 * y2) for s in tries]
        placer.place(spots, label, fontsize=7, color=colour, ha="center", va="center", zorder=5, bbox=box)


def draw_diff(diff: BookDiff, path: str | Path) -> Path:
    """Draw the changed part of ``diff``'s machines into ``path`` (PNG); return the path."""
    import matplotlib.pyplot as plt

    fig = diff_figure(diff)
    out = Path(path)
    fig.savefig(out, dpi=120)
    plt.close(fig)
    return out


def diff_figure(diff: BookDiff) -> Any:
    """The figure :func:`draw_diff` saves (a ``matplotlib`` figure on the Agg canvas, which the
    tests measure for overlapping labels)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D

    fig, (left, right) = plt.subplots(1, 2, figsize=(24, 10.5), gridspec_kw={"width_ratios": [1.75, 1]})
    fig.subplots_adjust(left=0.01, right=0.99, top=0.9, bottom=0.07, wspace=0.02)
    _draw_machine(left, diff, "phase", "The auction period: the steps whose rows differ", 17.0, 10.5)
    _draw_machine(right, diff, "seat", "What a seat owes: the rows that differ", 7.5, 7.0)
    handles = [Line2D([0], [0], color=COLOURS["added"], lw=2, label=f"only in {diff.second.name}"),
               Line2D([0], [0], color=COLOURS["removed"], lw=2, ls="--", label=f"only in {diff.first.name}"),
               Line2D([0], [0], color=COLOURS["changed"], lw=2,
                      label=f"in both, ruling or cited differently in {diff.second.name}")]
    fig.legend(handles=handles, loc="lower center", ncol=3, fontsize=9, frameon=False)
    fig.suptitle(f"Law book {diff.first.name} against {diff.second.name}: {diff.count('added')} rows added, "
                 f"{diff.count('removed')} removed, {diff.count('changed')} changed", fontsize=13)
    return fig
