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
import re
import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from .charts import WRAP, Box, Chart, chart_data

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["META_KEY", "COLOURS", "A4", "draw_chart", "read_chart_data", "layout_problems", "natural_size",
           "page_scale", "printed_font", "draw_page", "draw_handout", "handout_key", "read_handout_key"]

META_KEY: Final = "auction-fsm chart"
COLOURS: Final = {"start": "#f9cb9c", "step": "#cfe2f3", "question": "#fff2cc", "outcome": "#d9ead3",
                  "goto": "#eeeeee", "note": "#ead1dc"}
_LEGEND: Final = {"start": "what happens at the table", "step": "a step of the procedure (who decides)",
                  "question": "a question: yes goes right, no goes down", "outcome": "the outcome",
                  "goto": "go to another step", "note": "what follows on its own"}
_WRAP: Final = WRAP
_WRAP_OVERVIEW: Final = 42
_FONT: Final = 8.0
_LAW_FONT: Final = 7.0
_LABEL_FONT: Final = 7.0
_TITLE_FONT: Final = 12.0
_TITLE_WRAP: Final = 70
#: An A4 page in inches, and the margin kept free around a chart printed on it.
A4: Final = (8.27, 11.69)
_MARGIN: Final = 0.4
_SLACK: Final = 1.05
_PAD: Final = 0.09  # inches between text and box edge
_VGAP: Final = 0.26  # inches between rows
_HIGHLIGHT: Final = "#c00000"


def _text_of(box: Box, wrap: int = _WRAP) -> str:
    return "\n".join(line for part in box.lines for line in textwrap.wrap(part, wrap))


def _law_of(box: Box) -> str:
    if not box.law:
        return ""
    many = "," in box.law or "-" in box.law
    return box.law if box.law.startswith("Law") else f"Law{'s' if many else ''} {box.law}"


def _arrow_text(label: str, law: str) -> str:
    """What an arrow says: its yes or no (its law is the law on the box it points to)."""
    return label


def draw_chart(chart: Chart, path: str | Path, *, route: Mapping[str, Sequence[int]] | None = None,
               subtitle: str | None = None, legend: Mapping[str, str] | None = None) -> Path:
    """Draw ``chart`` to the PNG ``path`` (with its data embedded); return the path.  ``legend``
    names what a box colour means in this picture, by box kind, where it differs from a
    flowchart's (the route of one auction)."""
    fig = _figure(chart, route or {}, subtitle, legend=legend)
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


def _figure(chart: Chart, route: Mapping[str, Sequence[int]], subtitle: str | None, *,
            scale: float = 1.0, page: tuple[float, float] | None = None,
            legend: Mapping[str, str] | None = None) -> Figure:
    """Build the figure: measure every text, size the boxes, place them on the grid, draw.

    Every size (fonts, paddings, gaps) is multiplied by ``scale``; with ``page`` (width and
    height in inches) the chart is drawn at the top centre of a page of that size instead of
    on a figure cut to its own size.  ``legend`` names what a colour means where it differs
    from a flowchart's (the route of one auction)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import FancyArrowPatch, FancyBboxPatch, Patch

    k = scale
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

    pad, vgap = _PAD * k, _VGAP * k
    wrap = _WRAP if chart.family != "all" else _WRAP_OVERVIEW  # the overview has three columns
    sizes: dict[str, tuple[float, float, float]] = {}  # box -> width, text height, law height
    for b in chart.boxes:
        w1, h1 = measure(_text_of(b, wrap), _FONT * k, "bold" if b.kind in ("step", "start") else "normal")
        w2, h2 = measure(_law_of(b), _LAW_FONT * k)
        # a little room to spare: a PDF's font metrics are not quite the screen's
        sizes[b.id] = (max(w1, w2) * _SLACK + 2 * pad, h1, h2)
    cols = sorted({b.col for b in chart.boxes})
    col_width = {c: max(sizes[b.id][0] for b in chart.boxes if b.col == c) for c in cols}
    horizontal = [a for a in chart.arrows if chart.box(a.src).row == chart.box(a.dst).row]
    gap = max([measure(_arrow_text(a.label, a.law), _LABEL_FONT * k)[0] + 0.35 * k for a in horizontal]
              + [0.7 * k])
    if chart.family == "all":
        gap = 0.8 * k
    tag = (0.85 if route else 0.25) * k
    x = tag
    centre: dict[int, float] = {}
    for c in cols:
        centre[c] = x + col_width[c] / 2
        x += col_width[c] + gap
    width = x - gap + tag
    title_lines = textwrap.wrap(chart.title, _TITLE_WRAP)
    sub_lines = textwrap.wrap(subtitle, max(40, int(width * 12 / k))) if subtitle else []
    box_h = {b.id: sizes[b.id][1] + sizes[b.id][2] + 2 * pad + (0.05 * k if sizes[b.id][2] else 0)
             for b in chart.boxes}
    rows = sorted({b.row for b in chart.boxes})
    row_h = {r: max(box_h[b.id] for b in chart.boxes if b.row == r) for r in rows}
    title_w, title_text_h = measure("\n".join(title_lines), _TITLE_FONT * k, "bold")
    width = max(width, title_w + 0.6 * k)
    title_h = title_text_h + 0.45 * k + 0.18 * k * len(sub_lines)
    legend_h = 0.45 * k
    y = title_h + legend_h
    row_mid: dict[int, float] = {}
    for r in range(rows[-1] + 1):
        h = row_h.get(r, 0.3 * k)
        row_mid[r] = y + h / 2
        y += h + vgap
    height = y + 0.1 * k
    if page is None:
        fig.set_size_inches(width, height)
        ax = fig.add_axes((0, 0, 1, 1))
    else:
        pw, ph = page
        fig.set_size_inches(pw, ph)
        left = (pw - width) / 2
        ax = fig.add_axes((left / pw, 1 - (_MARGIN + height) / ph, width / pw, height / ph))
    ax.set_xlim(0, width)
    ax.set_ylim(height, 0)
    ax.axis("off")
    ax.text(width / 2, 0.2 * k, "\n".join(title_lines), ha="center", va="top", fontsize=_TITLE_FONT * k,
            fontweight="bold", gid="title")
    if sub_lines:
        ax.text(width / 2, 0.2 * k + title_text_h + 0.1 * k, "\n".join(sub_lines), ha="center", va="top",
                fontsize=9 * k, color="#444", gid="subtitle")
    kinds = [kind for kind in COLOURS if any(b.kind == kind for b in chart.boxes)]
    if chart.family != "all":
        handles = [Patch(fc=COLOURS[kind], ec="#333", label=(legend or {}).get(kind, _LEGEND[kind]))
                   for kind in kinds]
        if route:
            handles.append(Patch(fc="white", ec=_HIGHLIGHT, lw=2, label="on this auction's route"))
        ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 1 - title_h / height),
                  ncol=min(len(handles), 3), fontsize=_LABEL_FONT * k, frameon=False)
    edges: dict[str, tuple[float, float, float, float]] = {}
    for b in chart.boxes:
        w, h = col_width[b.col] if b.col == 0 and chart.family != "all" else sizes[b.id][0], box_h[b.id]
        cx, cy = centre[b.col], row_mid[b.row]
        left, top = cx - w / 2, cy - h / 2
        edges[b.id] = (left, top, left + w, top + h)
        on_route = b.id in route
        ax.add_patch(FancyBboxPatch((left, top), w, h, boxstyle=f"round,pad=0,rounding_size={0.08 * k}",
                                    fc=COLOURS[b.kind], ec=_HIGHLIGHT if on_route else "#333",
                                    lw=(2.6 if on_route else 0.9) * k, zorder=2))
        ax.text(left + pad, top + pad, _text_of(b, wrap), ha="left", va="top", fontsize=_FONT * k, zorder=3,
                fontweight="bold" if b.kind in ("step", "start") else "normal", gid=f"text:{b.id}")
        if _law_of(b):
            ax.text(left + pad, top + h - pad, _law_of(b), ha="left", va="bottom", fontsize=_LAW_FONT * k,
                    color="#7f1d1d", style="italic", zorder=3, gid=f"law:{b.id}")
        if on_route:
            events = route[b.id]
            label = ("event " if len(events) == 1 else "events ") + ", ".join(str(n) for n in events)
            label = "\n".join(textwrap.wrap(label, 12))
            if b.col <= 0:
                ax.text(left - 0.08 * k, cy, label, ha="right", va="center", fontsize=_LABEL_FONT * k,
                        color=_HIGHLIGHT, fontweight="bold", zorder=3, gid=f"tag:{b.id}")
            else:
                ax.text(left + w + 0.08 * k, cy, label, ha="left", va="center", fontsize=_LABEL_FONT * k,
                        color=_HIGHLIGHT, fontweight="bold", zorder=3, gid=f"tag:{b.id}")
    for a in chart.arrows:
        sl, st, sr, sb = edges[a.src]
        dl, dt, dr, db = edges[a.dst]
        src, dst = chart.box(a.src), chart.box(a.dst)
        hot = a.src in route and a.dst in route
        colour, lw = (_HIGHLIGHT, 1.8 * k) if hot else ("#444", 0.9 * k)
        text = _arrow_text(a.label, a.law)
        if src.row == dst.row or src.col != dst.col:
            right = dst.col > src.col
            start = (sr, (st + sb) / 2) if right else (sl, (st + sb) / 2)
            end = (dl, (dt + db) / 2) if right else (dr, (dt + db) / 2)
            if src.row != dst.row:  # an elbow: along a bus in the gap, then straight in
                bus = start[0] + (0.35 if right else -0.35) * k
                ax.plot([start[0], bus, bus], [start[1], start[1], end[1]], color=colour, lw=lw, zorder=1)
                start = (bus, end[1])
            ax.add_patch(FancyArrowPatch(start, end, arrowstyle="-|>", mutation_scale=11 * k, color=colour,
                                         lw=lw, zorder=1, shrinkA=0, shrinkB=0))
            ax.text((start[0] + end[0]) / 2, end[1] - 0.05 * k, text, ha="center", va="bottom",
                    fontsize=_LABEL_FONT * k, color="#222", zorder=4, gid=f"arrow:{a.src}:{a.dst}")
        else:
            xline = centre[src.col]
            ax.add_patch(FancyArrowPatch((xline, sb), (xline, dt), arrowstyle="-|>", mutation_scale=11 * k,
                                         color=colour, lw=lw, zorder=1, shrinkA=0, shrinkB=0))
            ax.text(xline + 0.08 * k, (sb + dt) / 2, text, ha="left", va="center", fontsize=_LABEL_FONT * k,
                    color="#222", zorder=4, gid=f"arrow:{a.src}:{a.dst}")
    return fig


def natural_size(chart: Chart) -> tuple[float, float]:
    """The width and height in inches of the chart drawn at its own size (the PNG)."""
    import matplotlib.pyplot as plt

    fig = _figure(chart, {}, None)
    w, h = (float(v) for v in fig.get_size_inches())
    plt.close(fig)
    return w, h


def page_scale(chart: Chart) -> float:
    """How much the chart shrinks to fit one A4 page inside its margins (1.0: it fits as drawn)."""
    w, h = natural_size(chart)
    return min(1.0, (A4[0] - 2 * _MARGIN) / w, (A4[1] - 2 * _MARGIN) / h)


def printed_font(chart: Chart) -> float:
    """The size in points of the smallest text of the chart printed on its A4 page."""
    return min(_LAW_FONT, _LABEL_FONT) * page_scale(chart)


def draw_page(chart: Chart) -> Figure:
    """The chart on one A4 page, shrunk only as far as it must be (for the handout)."""
    import matplotlib.pyplot as plt

    scale = page_scale(chart)
    room = (A4[0] - 2 * _MARGIN, A4[1] - 2 * _MARGIN)
    for _ in range(3):  # text does not shrink quite in proportion: shrink a little more if need be
        fig = _figure(chart, {}, None, scale=scale, page=A4)
        box = fig.axes[0].get_position()
        over = max(box.width * A4[0] / room[0], box.height * A4[1] / room[1])
        if over <= 1.0:
            return fig
        plt.close(fig)
        scale /= over * 1.01
    return _figure(chart, {}, None, scale=scale, page=A4)


def handout_key(charts: Sequence[Chart]) -> str:
    """A short fingerprint of the data of ``charts``, which the handout carries in its keywords:
    a test compares the committed handout's with the law book's (a stale handout fails)."""
    import hashlib

    data = json.dumps([chart_data(c) for c in charts], ensure_ascii=True, sort_keys=True)
    return "auction-fsm charts " + hashlib.sha256(data.encode()).hexdigest()[:24]


def read_handout_key(path: str | Path) -> str | None:
    """The fingerprint a handout written by :func:`draw_handout` carries, or ``None``."""
    found = re.search(rb"/Keywords \((auction-fsm charts [0-9a-f]+)\)", Path(path).read_bytes())
    return None if found is None else found.group(1).decode()


def draw_handout(charts: Sequence[Chart], path: str | Path, *, title: str, note: str = "") -> Path:
    """Every chart on an A4 page of one PDF, after a title page and a contents page.

    The title page says how to read a chart (the colours of the boxes); the contents page lists
    each chart with its page number; each chart page carries its number at the foot.  The PDF
    is reproducible: no creation date is written."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.backends.backend_pdf import PdfPages
    from matplotlib.patches import Rectangle

    out = Path(path)
    first = 3  # the title page and the contents page come first
    meta = {"Title": title, "Creator": "auction-fsm", "CreationDate": None, "Keywords": handout_key(charts)}
    with PdfPages(out, metadata=meta) as pdf:
        fig = plt.figure(figsize=A4)
        fig.text(0.5, 0.72, "\n".join(textwrap.wrap(title, 40)), ha="center", va="center", fontsize=22,
                 fontweight="bold")
        if note:
            fig.text(0.5, 0.62, "\n".join(textwrap.wrap(note, 70)), ha="center", va="top", fontsize=11)
        fig.text(0.12, 0.45, "How to read a chart", fontsize=13, fontweight="bold")
        for i, (kind, words) in enumerate(_LEGEND.items()):
            y = 0.41 - i * 0.035
            fig.add_artist(Rectangle((0.12, y - 0.008), 0.05, 0.022, transform=fig.transFigure,
                                     fc=COLOURS[kind], ec="#333", lw=0.8))
            fig.text(0.19, y, words, fontsize=11, va="bottom")
        fig.text(0.12, 0.41 - len(_LEGEND) * 0.035 - 0.02,
                 "\n".join(textwrap.wrap("Each box and arrow names the law it comes from. A chart is read top "
                                         "to bottom, in the order the director works.", 80)),
                 fontsize=11, va="top")
        pdf.savefig(fig)
        plt.close(fig)
        fig = plt.figure(figsize=A4)
        fig.text(0.1, 0.94, "Contents", fontsize=16, fontweight="bold")
        y = 0.9
        family = None
        for i, chart in enumerate(charts):
            if chart.parts > 1:
                head, _, part = chart.title.partition(", part ")
                if head != family:
                    fig.text(0.1, y, head, fontsize=10, va="top")
                    y -= 0.022
                text, x = "part " + part, 0.14
            else:
                text, x = chart.title, 0.1
            family = chart.title.partition(", part ")[0]
            fig.text(x, y, text, fontsize=10, va="top")
            fig.text(0.9, y, str(first + i), fontsize=10, va="top", ha="right")
            y -= 0.022
        pdf.savefig(fig)
        plt.close(fig)
        for i, chart in enumerate(charts):
            fig = draw_page(chart)
            fig.text(0.5, _MARGIN / 2 / A4[1], f"page {first + i}", ha="center", va="center", fontsize=8,
                     color="#444")
            pdf.savefig(fig)
            plt.close(fig)
    return out


def layout_problems(chart: Chart, route: Mapping[str, Sequence[int]] | None = None, *,
                    page: bool = False) -> list[str]:
    """What overlaps in the drawn chart: a text leaving its box, two boxes or two labels on top of
    each other, a label on a box, and on the A4 page (``page``) anything outside the page's
    margins.  Empty when the picture is clean."""
    import matplotlib.pyplot as plt
    from matplotlib.patches import FancyBboxPatch
    from matplotlib.text import Text

    fig = draw_page(chart) if page else _figure(chart, route or {}, None)
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
    if page:
        inside = (_MARGIN * fig.dpi - 1, _MARGIN * fig.dpi - 1, (A4[0] - _MARGIN) * fig.dpi + 1,
                  (A4[1] - _MARGIN) * fig.dpi + 1)
        for gid, bb in texts:
            if bb.x0 < inside[0] or bb.y0 < inside[1] or bb.x1 > inside[2] or bb.y1 > inside[3]:
                problems.append(f"{chart.stem}: {gid or 'a text'} leaves the page's margins")
    labels = [(g, bb) for g, bb in texts if not g.startswith(("text:", "law:"))]
    for i, (g1, a) in enumerate(labels):
        for g2, b in labels[i + 1:]:
            if a.overlaps(b):
                problems.append(f"{chart.stem}: labels {g1} and {g2} overlap")
    plt.close(fig)
    return problems
