"""Drawing the flowcharts of :mod:`.charts` with matplotlib (imported when a picture is drawn).

The layout is the chart's own grid, top to bottom: column 0 is the spine of questions (a "no"
goes down), column 1 the outcomes (a "yes" goes right); the overview also uses column -1.
Boxes are sized to their measured text, so text never leaves its box; :func:`layout_problems`
checks that no box, text or arrow label overlaps another, and the tests run it on every chart.

Each PNG carries the chart's data (:func:`~.charts.chart_data`) as a text chunk named
:data:`META_KEY`, so a test can compare a committed picture with the law book it came from.
A *route* (``draw --scenario``) is a mapping from box to the numbers of the events that passed
through it: those boxes are drawn with a thick red edge and tagged "event 3".
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from .charts import Box, Chart, chart_data

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["META_KEY", "COLOURS", "draw_chart", "read_chart_data", "layout_problems"]

META_KEY: Final = "auction-fsm chart"
COLOURS: Final = {"start": "#f9cb9c", "step": "#cfe2f3", "question": "#fff2cc", "outcome": "#d9ead3",
                  "goto": "#eeeeee", "note": "#ead1dc"}
_LEGEND: Final = {"start": "what happens at the table", "step": "a step of the procedure (who decides)",
                  "question": "a question: yes goes right, no goes down", "outcome": "the outcome",
                  "goto": "go to another step", "note": "what follows on its own"}
_WRAP: Final = 46
_FONT: Final = 8.0
_LAW_FONT: Final = 7.0
_PAD: Final = 0.09  # inches between text and box edge
_VGAP: Final = 0.42  # inches between rows
_HIGHLIGHT: Final = "#c00000"


def _text_of(box: Box) -> str:
    return "\n".join(line for part in box.lines for line in textwrap.wrap(part, _WRAP))


def _law_of(box: Box) -> str:
    if not box.law:
        return ""
    many = "," in box.law or "-" in box.law
    return box.law if box.law.startswith("Law") else f"Law{'s' if many else ''} {box.law}"


def _arrow_text(label: str, law: str) -> str:
    if not law:
        return label
    many = "," in law or "-" in law
    return f"{label} ({law})" if label else f"Law{'s' if many else ''} {law}"


def draw_chart(chart: Chart, path: str | Path, *, route: Mapping[str, Sequence[int]] | None = None,
               subtitle: str | None = None, legend: Mapping[str, str] | None = None) -> Path:
    """Draw ``chart`` to the PNG ``path`` (with its data embedded); return the path.  ``legend``
    names what a box colour means in this picture, by box kind, where it differs from a
    flowchart's (the route of one auction)."""
    fig = _figure(chart, route or {}, subtitle, legend or {})
    out = Path(path)
    import matplotlib.pyplot as plt

    data = json.dumps(chart_data(chart), ensure_ascii=True, sort_keys=True)
    fig.savefig(out, dpi=100, metadata={META_KEY: data})
    plt.close(fig)
    return out


def read_chart_data(path: str | Path) -> dict[str, Any] | None:
    """The chart data a PNG written by :func:`draw_chart` carries, or ``None``."""
    from PIL import Image

    with Image.open(path) as image:
        text = getattr(image, "text", {}).get(META_KEY)
    return None if text is None else dict(json.loads(text))


def _figure(chart: Chart, route: Mapping[str, Sequence[int]], subtitle: str | None,
            legend: Mapping[str, str] | None = None) -> Figure:
    """Build the figure: measure every text, size the boxes, place them on the grid, draw."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import FancyArrowPatch, FancyBboxPatch, Patch

    fig = plt.figure(figsize=(10, 10))
    renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
    dpi = fig.dpi

    def measure(text: str, size: float, weight: str = "normal") -> tuple[float, float]:
        if not text:
            return 0.0, 0.0
        t = fig.text(0, 0, text, fontsize=size, fontweight=weight)
        bb = t.get_window_extent(renderer=renderer)
        t.remove()
        return bb.width / dpi, bb.height / dpi

    sizes: dict[str, tuple[float, float, float]] = {}  # box -> width, text height, law height
    for b in chart.boxes:
        w1, h1 = measure(_text_of(b), _FONT, "bold" if b.kind in ("step", "start") else "normal")
        w2, h2 = measure(_law_of(b), _LAW_FONT)
        sizes[b.id] = (max(w1, w2) + 2 * _PAD, h1, h2)
    cols = sorted({b.col for b in chart.boxes})
    col_width = {c: max(sizes[b.id][0] for b in chart.boxes if b.col == c) for c in cols}
    horizontal = [a for a in chart.arrows if chart.box(a.src).row == chart.box(a.dst).row]
    gap = max([measure(_arrow_text(a.label, a.law), 7)[0] + 0.35 for a in horizontal] + [1.2])
    if chart.family == "all":
        gap = 1.6
    tag = 0.85 if route else 0.25
    x = tag
    centre: dict[int, float] = {}
    for c in cols:
        centre[c] = x + col_width[c] / 2
        x += col_width[c] + gap
    width = max(x - gap + tag, measure(chart.title, 12, "bold")[0] + 0.6)
    sub_lines = textwrap.wrap(subtitle, max(40, int(width * 12))) if subtitle else []
    box_h = {b.id: sizes[b.id][1] + sizes[b.id][2] + 2 * _PAD + (0.05 if sizes[b.id][2] else 0)
             for b in chart.boxes}
    rows = sorted({b.row for b in chart.boxes})
    row_h = {r: max(box_h[b.id] for b in chart.boxes if b.row == r) for r in rows}
    title_h = 0.75 + 0.18 * len(sub_lines)
    legend_h = 0.45
    y = title_h + legend_h
    row_mid: dict[int, float] = {}
    for r in range(rows[-1] + 1):
        h = row_h.get(r, 0.3)
        row_mid[r] = y + h / 2
        y += h + _VGAP
    height = y + 0.1
    fig.set_size_inches(width, height)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, width)
    ax.set_ylim(height, 0)
    ax.axis("off")
    fig.text(0.5, 1 - 0.3 / height, chart.title, ha="center", va="center", fontsize=12, fontweight="bold")
    if sub_lines:
        fig.text(0.5, 1 - 0.5 / height, "\n".join(sub_lines), ha="center", va="top", fontsize=9,
                 color="#444")
    kinds = [k for k in COLOURS if any(b.kind == k for b in chart.boxes)]
    if chart.family != "all":
        handles = [Patch(fc=COLOURS[k], ec="#333", label=(legend or {}).get(k, _LEGEND[k])) for k in kinds]
        if route:
            handles.append(Patch(fc="white", ec=_HIGHLIGHT, lw=2, label="on this auction's route"))
        ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 1 - title_h / height),
                  ncol=min(len(handles), 3), fontsize=7, frameon=False)
    edges: dict[str, tuple[float, float, float, float]] = {}
    for b in chart.boxes:
        w, h = col_width[b.col] if b.col == 0 and chart.family != "all" else sizes[b.id][0], box_h[b.id]
        cx, cy = centre[b.col], row_mid[b.row]
        left, top = cx - w / 2, cy - h / 2
        edges[b.id] = (left, top, left + w, top + h)
        on_route = b.id in route
        ax.add_patch(FancyBboxPatch((left, top), w, h, boxstyle="round,pad=0,rounding_size=0.08",
                                    fc=COLOURS[b.kind], ec=_HIGHLIGHT if on_route else "#333",
                                    lw=2.6 if on_route else 0.9, zorder=2))
        ax.text(left + _PAD, top + _PAD, _text_of(b), ha="left", va="top", fontsize=_FONT, zorder=3,
                fontweight="bold" if b.kind in ("step", "start") else "normal", gid=f"text:{b.id}")
        if _law_of(b):
            ax.text(left + _PAD, top + h - _PAD, _law_of(b), ha="left", va="bottom", fontsize=_LAW_FONT,
                    color="#7f1d1d", style="italic", zorder=3, gid=f"law:{b.id}")
        if on_route:
            events = route[b.id]
            label = ("event " if len(events) == 1 else "events ") + ", ".join(str(n) for n in events)
            label = "\n".join(textwrap.wrap(label, 12))
            if b.col <= 0:
                ax.text(left - 0.08, cy, label, ha="right", va="center", fontsize=7, color=_HIGHLIGHT,
                        fontweight="bold", zorder=3, gid=f"tag:{b.id}")
            else:
                ax.text(left + w + 0.08, cy, label, ha="left", va="center", fontsize=7, color=_HIGHLIGHT,
                        fontweight="bold", zorder=3, gid=f"tag:{b.id}")
    for a in chart.arrows:
        sl, st, sr, sb = edges[a.src]
        dl, dt, dr, db = edges[a.dst]
        src, dst = chart.box(a.src), chart.box(a.dst)
        hot = a.src in route and a.dst in route
        colour, lw = (_HIGHLIGHT, 1.8) if hot else ("#444", 0.9)
        text = _arrow_text(a.label, a.law)
        if src.row == dst.row or src.col != dst.col:
            right = dst.col > src.col
            start = (sr, (st + sb) / 2) if right else (sl, (st + sb) / 2)
            end = (dl, (dt + db) / 2) if right else (dr, (dt + db) / 2)
            if src.row != dst.row:  # an elbow: along a bus in the gap, then straight in
                bus = start[0] + (0.35 if right else -0.35)
                ax.plot([start[0], bus, bus], [start[1], start[1], end[1]], color=colour, lw=lw, zorder=1)
                start = (bus, end[1])
            ax.add_patch(FancyArrowPatch(start, end, arrowstyle="-|>", mutation_scale=11, color=colour,
                                         lw=lw, zorder=1, shrinkA=0, shrinkB=0))
            ax.text((start[0] + end[0]) / 2, end[1] - 0.05, text, ha="center", va="bottom",
                    fontsize=7, color="#222", zorder=4, gid=f"arrow:{a.src}:{a.dst}")
        else:
            xline = centre[src.col]
            ax.add_patch(FancyArrowPatch((xline, sb), (xline, dt), arrowstyle="-|>", mutation_scale=11,
                                         color=colour, lw=lw, zorder=1, shrinkA=0, shrinkB=0))
            ax.text(xline + 0.08, (sb + dt) / 2, text, ha="left", va="center", fontsize=7, color="#222",
                    zorder=4, gid=f"arrow:{a.src}:{a.dst}")
    return fig


def layout_problems(chart: Chart, route: Mapping[str, Sequence[int]] | None = None) -> list[str]:
    """What overlaps in the drawn chart: a text leaving its box, two boxes or two labels on top of
    each other, a label on a box.  Empty when the picture is clean."""
    import matplotlib.pyplot as plt
    from matplotlib.patches import FancyBboxPatch
    from matplotlib.text import Text

    fig = _figure(chart, route or {}, None)
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
    ax = fig.axes[0]
    boxes = [p.get_window_extent(renderer) for p in ax.patches if isinstance(p, FancyBboxPatch)]
    texts = [(t.get_gid() or "", t.get_window_extent(renderer)) for t in ax.texts if isinstance(t, Text)]
    problems: list[str] = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if a.overlaps(b):
                problems.append(f"{chart.stem}: two boxes overlap")
    for gid, bb in texts:
        kind, _, ident = gid.partition(":")
        if kind in ("text", "law"):
            owner = boxes[[b.id for b in chart.boxes].index(ident)]
            if not (owner.x0 - 1 <= bb.x0 and bb.x1 <= owner.x1 + 1 and owner.y0 - 1 <= bb.y0
                    and bb.y1 <= owner.y1 + 1):
                problems.append(f"{chart.stem}: the text of box {ident} leaves its box")
        else:
            for box in boxes:
                if bb.overlaps(box):
                    problems.append(f"{chart.stem}: the label {gid} lies on a box")
                    break
    labels = [(g, bb) for g, bb in texts if not g.startswith(("text:", "law:"))]
    for i, (g1, a) in enumerate(labels):
        for g2, b in labels[i + 1:]:
            if a.overlaps(b):
                problems.append(f"{chart.stem}: labels {g1} and {g2} overlap")
    plt.close(fig)
    return problems
