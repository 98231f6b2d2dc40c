"""Drawing the flowcharts of :mod:`.charts` with matplotlib (imported when a picture is drawn).

The layout is the chart's own grid, top to bottom: column 0 is the spine of questions (a "no"
goes down), column 1 the outcomes (a "yes" goes right); the overview also uses column -1.
Boxes are sized to their measured text, so text never leaves its box; :func:`layout_problems`
checks that no box, text or arrow label overlaps another, and the tests run it on every chart.
Each kind of box has a colour and its own border (:data:`STYLES`: thick, double, round, bold,
dashed, dotted, dash-dot), so that a page printed in black and white tells them apart.  A box
alone on its row of a chain spans both columns; the panel of rare cases stands at the foot in two
columns of its own, read down the left one, then the right.  Every text is 9 points: a chart is drawn at the
size it prints on A4 (:func:`page_scale` is 1 for every chart of the 2017 book).

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

from .charts import (
    LEGEND_WORDS,
    TITLE_WRAP,
    WRAP,
    WRAP_ASIDE,
    WRAP_OUTCOME,
    WRAP_WIDE,
    Box,
    Chart,
    box_text,
    chart_data,
    panel_split,
    spanning,
)

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["META_KEY", "COLOURS", "STYLES", "PANEL_TITLE", "A4", "draw_chart", "read_chart_data", "layout_problems", "natural_size",
           "page_scale", "printed_font", "draw_page", "draw_handout", "handout_key", "read_handout_key"]

META_KEY: Final = "auction-fsm chart"
COLOURS: Final = {"start": "#f9cb9c", "step": "#cfe2f3", "question": "#fff2cc", "outcome": "#d9ead3",
                  "goto": "#eeeeee", "note": "#ead1dc", "aside": "#ffffff"}
#: How each kind of box is told apart without colour (a handout printed in black and white):
#: its corners (the rounding in inches, 0 for square), its border's width and line style, and
#: whether the border is double.
STYLES: Final = {"start": (0.0, 2.4, "solid", False), "step": (0.0, 0.9, "solid", True),
                 "question": (0.16, 0.9, "solid", False), "outcome": (0.05, 2.0, "solid", False),
                 "goto": (0.05, 1.2, (0, (5, 3)), False), "note": (0.0, 1.3, (0, (1, 2)), False),
                 "aside": (0.0, 1.0, (0, (6, 2, 1, 2)), False)}
#: The legend of a chart, short: the title page of the handout says more (:data:`_LEGEND`).
_KEY: Final[dict[str, str]] = {kind: words for kind, words in LEGEND_WORDS.items()}
_LEGEND: Final = {"start": "what happens at the table (thick border)",
                  "step": "a step of the procedure, who decides (double border)",
                  "question": "a question: yes goes right, no goes down (round corners)",
                  "outcome": "the outcome: the rectification in full; unless it says what comes next, the "
                             "auction goes on (bold border)",
                  "goto": "go to another step (dashed border)", "note": "what follows on its own (dotted border)",
                  "aside": "a rare case or a side question (dash-dot border)"}
#: The heading of the panel of rare cases and side questions.
PANEL_TITLE: Final = "Rare cases and side questions"
_WRAP: Final = WRAP
#: The overview's columns: the phases narrow, the families beside them wider.
_WRAP_OVERVIEW: Final = {0: 26, 1: 60}
#: Every text of a chart is at least 9 points printed; a chart is printed at its own size.
_FONT: Final = 9.0
_LAW_FONT: Final = 9.0
_LABEL_FONT: Final = 9.0
_TITLE_FONT: Final = 12.0
_TITLE_WRAP: Final = TITLE_WRAP
#: An A4 page in inches, and the margins kept free around a chart printed on it: at least
#: 10 mm everywhere (what a printer keeps), more at the foot for the page number.
A4: Final = (8.27, 11.69)
_MARGIN: Final = 0.5
_FOOT: Final = 0.65
#: Where the page number sits: its centre this far above the foot of the page (12.7 mm).
_NUMBER_AT: Final = 0.5
_SLACK: Final = 1.05
_PAD: Final = 0.05  # inches between text and box edge
_VGAP: Final = 0.15  # inches between rows (room for the "no" of an arrow)
#: The distance between the lines of a box's text, in multiples of the font size.
_LINESPACING: Final = 1.1
_ASIDE_GAP: Final = 0.06  # inches between the boxes of the panel
_HIGHLIGHT: Final = "#c00000"


def _text_of(box: Box, wrap: int = _WRAP) -> str:
    """The text of a box as printed, wrapped at ``wrap`` (:func:`~.charts.box_text`: the
    estimate of a chart's height counts the same lines)."""
    return "\n".join(box_text(box, wrap))


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


def _box(ax: Any, left: float, top: float, w: float, h: float, kind: str, k: float, *,
         edge: str | None = None, face: str | None = None, wide: bool = False, gid: str = "") -> None:
    """One box of ``kind`` in its colour and its black-and-white style (:data:`STYLES`)."""
    from matplotlib.patches import FancyBboxPatch

    rounding, lw, ls, double = STYLES[kind]
    style = f"round,pad=0,rounding_size={rounding * k}" if rounding else "square,pad=0"
    ax.add_patch(FancyBboxPatch((left, top), w, h, boxstyle=style, fc=face or COLOURS[kind],
                                ec=edge or "#222", lw=(2.6 if wide else lw) * k, ls=ls, zorder=2, gid=gid))
    if double:
        inset = 0.035 * k
        ax.add_patch(FancyBboxPatch((left + inset, top + inset), w - 2 * inset, h - 2 * inset, boxstyle=style,
                                    fc="none", ec=edge or "#222", lw=lw * k, zorder=2, gid="inner"))


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
    from matplotlib.patches import FancyArrowPatch

    k = scale
    fig = plt.figure(figsize=(10, 10))
    renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
    dpi = fig.dpi

    def measure(text: str, size: float, weight: str = "normal", spacing: float = 1.2) -> tuple[float, float]:
        if not text:
            return 0.0, 0.0
        t = fig.text(0, 0, text, fontsize=size, fontweight=weight, linespacing=spacing)
        bb = t.get_window_extent(renderer=renderer)
        t.remove()
        return bb.width / dpi, bb.height / dpi

    pad, vgap = _PAD * k, (_VGAP if chart.family != "all" else _VGAP / 2) * k  # the overview: no labels between rows

    wide = spanning(chart.boxes) if chart.family != "all" else set()

    def wrap_of(b: Box) -> int:
        if b.kind == "aside":
            return WRAP_ASIDE
        if b.id in wide:
            return WRAP_WIDE
        if b.col == 1 and chart.family != "all":
            return WRAP_OUTCOME
        return _WRAP if chart.family != "all" else _WRAP_OVERVIEW.get(b.col, _WRAP)
    sizes: dict[str, tuple[float, float, float]] = {}  # box -> width, text height, law height
    for b in chart.boxes:
        w1, h1 = measure(_text_of(b, wrap_of(b)), _FONT * k, "bold" if b.kind == "start" else "normal",
                         _LINESPACING)
        w2, h2 = 0.0, 0.0  # the law ends the text (see _text_of)
        # a little room to spare: a PDF's font metrics are not quite the screen's
        sizes[b.id] = (max(w1, w2) * _SLACK + 2 * pad, h1, h2)
    flow = [b for b in chart.boxes if b.kind != "aside"]
    panel = sorted((b for b in chart.boxes if b.kind == "aside"), key=lambda b: b.row)
    cols = sorted({b.col for b in flow}) or [0]
    col_width = {c: max([sizes[b.id][0] for b in flow if b.col == c and b.id not in wide] or [0.0]) for c in cols}
    horizontal = [a for a in chart.arrows if chart.box(a.src).row == chart.box(a.dst).row]
    gap = max([measure(_arrow_text(a.label, a.law), _LABEL_FONT * k)[0] + 0.35 * k for a in horizontal]
              + [0.5 * k])
    if chart.family == "all":
        gap = 0.6 * k
    tag = (0.85 if route else 0.06) * k
    x = tag
    centre: dict[int, float] = {}
    for c in cols:
        centre[c] = x + col_width[c] / 2
        x += col_width[c] + gap
    # a box alone on its row spans both columns (at least): the flow is as wide as the widest
    span_w = max([x - gap - tag] + [sizes[i][0] for i in wide])
    # the panel: two columns side by side, as wide as the flow between them
    pgap = 0.15 * k
    pcol_w = max([sizes[b.id][0] for b in panel] + [(span_w - pgap) / 2])
    width = max(tag + span_w + tag, (2 * pcol_w + pgap + 2 * tag) if panel else 0.0)
    title_lines = textwrap.wrap(chart.title, _TITLE_WRAP)
    sub_lines = textwrap.wrap(subtitle, max(40, int(width * 12 / k))) if subtitle else []
    box_h = {b.id: sizes[b.id][1] + sizes[b.id][2] + 2 * pad + (0.05 * k if sizes[b.id][2] else 0)
             for b in chart.boxes}
    rows = sorted({b.row for b in flow})
    row_h = {r: max(box_h[b.id] for b in flow if b.row == r) for r in rows}
    title_w, title_text_h = measure("\n".join(title_lines), _TITLE_FONT * k, "bold")
    width = max(width, title_w + 0.2 * k)
    title_h = title_text_h + 0.22 * k + 0.18 * k * len(sub_lines)
    kinds = [kind for kind in COLOURS if any(b.kind == kind for b in chart.boxes)]
    # the legend: each kind's swatch and words, left to right, a new line where the width ends
    labels = [(kind, (legend or {}).get(kind, _KEY[kind])) for kind in kinds]
    if route:
        labels.append(("route", "on this auction's route"))
    placed: list[tuple[str, str, float, int]] = []  # kind, words, x, line
    lx, line = tag, 0
    for kind, words in ([] if chart.family == "all" else labels):
        item = 0.38 * k + measure(words, _LABEL_FONT * k)[0] + 0.22 * k
        if lx > tag and lx + item > width - tag:
            lx, line = tag, line + 1
        placed.append((kind, words, lx, line))
        lx += item
    legend_h = (0.2 * (line + 1 if placed else 0) + 0.15) * k
    y = title_h + legend_h
    row_mid: dict[int, float] = {}
    for r in range(rows[-1] + 1 if rows else 0):
        h = row_h.get(r, 0.3 * k)
        row_mid[r] = y + h / 2
        y += h + vgap
    # where each box stands: left, top, width
    spot: dict[str, tuple[float, float, float]] = {}
    for b in flow:
        if b.id in wide:
            w, left = span_w, tag
        else:
            w = col_width[b.col] if b.col == 0 and chart.family != "all" else sizes[b.id][0]
            left = centre[b.col] - w / 2
        spot[b.id] = (left, row_mid[b.row] - box_h[b.id] / 2, w)
    panel_top = None
    if panel:
        panel_top = y + 0.02 * k
        y += measure(PANEL_TITLE, _FONT * k, "bold")[1] + 0.13 * k
        cut = panel_split([box_h[b.id] + _ASIDE_GAP * k for b in panel])
        bottom = y
        for column, these in enumerate((panel[:cut], panel[cut:])):
            py = y
            for b in these:
                spot[b.id] = (tag + column * (pcol_w + pgap), py, pcol_w)
                py += box_h[b.id] + _ASIDE_GAP * k
            bottom = max(bottom, py)
        y = bottom
    height = y + 0.05 * k
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
    ax.text(width / 2, 0.12 * k, "\n".join(title_lines), ha="center", va="top", fontsize=_TITLE_FONT * k,
            fontweight="bold", gid="title")
    if sub_lines:
        ax.text(width / 2, 0.12 * k + title_text_h + 0.1 * k, "\n".join(sub_lines), ha="center", va="top",
                fontsize=_LABEL_FONT * k, color="#444", gid="subtitle")
    for kind, words, lx, line in placed:
        ly = title_h + line * 0.2 * k
        if kind == "route":
            _box(ax, lx, ly, 0.3 * k, 0.13 * k, "outcome", k, edge=_HIGHLIGHT, face="white")
        else:
            _box(ax, lx, ly, 0.3 * k, 0.13 * k, kind, k)
        ax.text(lx + 0.38 * k, ly + 0.065 * k, words, ha="left", va="center", fontsize=_LABEL_FONT * k,
                gid=f"legend:{kind}")
    if panel_top is not None:
        ax.text(tag, panel_top, PANEL_TITLE, ha="left", va="top", fontsize=_FONT * k, fontweight="bold",
                gid="panel")
    edges: dict[str, tuple[float, float, float, float]] = {}
    for b in chart.boxes:
        left, top, w = spot[b.id]
        h = box_h[b.id]
        cy = top + h / 2
        edges[b.id] = (left, top, left + w, top + h)
        on_route = b.id in route
        _box(ax, left, top, w, h, b.kind, k, edge=_HIGHLIGHT if on_route else None, wide=on_route,
             gid=f"box:{b.id}")
        ax.text(left + pad, top + pad, _text_of(b, wrap_of(b)), ha="left", va="top", fontsize=_FONT * k, zorder=3,
                linespacing=_LINESPACING,
                fontweight="bold" if b.kind == "start" else "normal", gid=f"text:{b.id}")
        if on_route:
            events = route[b.id]
            label = ("event " if len(events) == 1 else "events ") + ", ".join(str(n) for n in events)
            label = "\n".join(textwrap.wrap(label, 12))
            if b.col <= 0 and b.kind != "aside":
                ax.text(left - 0.08 * k, cy, label, ha="right", va="center", fontsize=_LABEL_FONT * k,
                        color=_HIGHLIGHT, fontweight="bold", zorder=3, gid=f"tag:{b.id}")
            elif b.kind != "aside":
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


def _room() -> tuple[float, float]:
    """The width and height in inches an A4 page leaves a chart inside its margins."""
    return A4[0] - 2 * _MARGIN, A4[1] - _MARGIN - _FOOT


def page_scale(chart: Chart) -> float:
    """How much the chart shrinks to fit one A4 page inside its margins (1.0: it fits as drawn,
    so its text prints at 9 points or more)."""
    w, h = natural_size(chart)
    room = _room()
    return min(1.0, room[0] / w, room[1] / h)


def printed_font(chart: Chart) -> float:
    """The size in points of the smallest text of the chart printed on its A4 page."""
    return min(_FONT, _LAW_FONT, _LABEL_FONT) * page_scale(chart)


def draw_page(chart: Chart) -> Figure:
    """The chart on one A4 page, shrunk only as far as it must be (for the handout)."""
    import matplotlib.pyplot as plt

    scale = page_scale(chart)
    room = _room()
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

    The title page says how to read a chart (each kind of box, told apart by its border as well
    as its colour, so that a page printed in black and white reads the same); the contents page
    lists each chart with its page number, a long title wrapped short of the number; each chart
    page carries its number at the foot, inside the margins.  Every text is 9 points or more and
    keeps 10 mm or more from the edge of the page.  The PDF is reproducible: no creation date."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.backends.backend_pdf import PdfPages

    out = Path(path)
    first = 3  # the title page and the contents page come first
    meta = {"Title": title, "Creator": "auction-fsm", "CreationDate": None, "Keywords": handout_key(charts)}
    w_in, h_in = A4

    def page_axes(fig: Figure) -> Any:
        """Axes over the whole page in inches, y downwards from the top."""
        ax = fig.add_axes((0, 0, 1, 1))
        ax.set_xlim(0, w_in)
        ax.set_ylim(h_in, 0)
        ax.axis("off")
        return ax

    def number(ax: Any, n: int) -> None:
        ax.text(w_in / 2, h_in - _NUMBER_AT, f"page {n}", ha="center", va="center", fontsize=_LABEL_FONT,
                color="#222", gid="page-number")

    with PdfPages(out, metadata=meta) as pdf:
        fig = plt.figure(figsize=A4)
        ax = page_axes(fig)
        ax.text(w_in / 2, 2.6, "\n".join(textwrap.wrap(title, 40)), ha="center", va="center", fontsize=22,
                fontweight="bold")
        y = 3.5
        if note:
            lines = textwrap.wrap(note, 70)
            ax.text(w_in / 2, y, "\n".join(lines), ha="center", va="top", fontsize=11)
            y += 0.25 * len(lines) + 0.5
        ax.text(1.0, y, "How to read a chart", fontsize=13, fontweight="bold", va="top")
        y += 0.45
        for kind, words in _LEGEND.items():
            lines = textwrap.wrap(words, 60)
            _box(ax, 1.0, y, 0.55, 0.28, kind, 1.0)
            ax.text(1.75, y + 0.14 - 0.09, "\n".join(lines), fontsize=11, va="top")
            y += 0.2 * len(lines) + 0.25
        ax.text(1.0, y + 0.1, "\n".join(textwrap.wrap(
            "A chart is read top to bottom, in the order the director works: yes goes right to the "
            "outcome, no goes down to the next question. Each box names the law it comes from. The "
            "cases a club director meets seldom, and the questions that may come at any step, are told "
            f"once, under '{PANEL_TITLE}' at the foot of the chart.", 78)), fontsize=11, va="top")
        pdf.savefig(fig)
        plt.close(fig)
        fig = plt.figure(figsize=A4)
        ax = page_axes(fig)
        renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
        ax.text(1.0, 0.9, "Contents", fontsize=16, fontweight="bold", va="top")
        size, step = 10.0, 0.2
        right = w_in - 1.0  # the page numbers end here
        room = right - 0.5  # a title ends at least this far short of them

        def fitted(text: str, x: float) -> list[str]:
            """``text`` wrapped so that no line runs into the column of page numbers."""
            words, lines = text.split(), [""]
            for word in words:
                trial = f"{lines[-1]} {word}".strip()
                t = ax.text(x, 0, trial, fontsize=size)
                wide = t.get_window_extent(renderer).width / fig.dpi
                t.remove()
                if lines[-1] and x + wide > room:
                    lines.append(word)
                else:
                    lines[-1] = trial
            return lines

        y = 1.5
        family = None
        for i, chart in enumerate(charts):
            if chart.parts > 1:
                head, _, part = chart.title.partition(", part ")
                if head != family:
                    for line in fitted(head, 1.0):
                        ax.text(1.0, y, line, fontsize=size, va="top")
                        y += step
                text, x = "part " + part, 1.3
            else:
                text, x = chart.title, 1.0
            family = chart.title.partition(", part ")[0]
            lines = fitted(text, x)
            for n, line in enumerate(lines):  # one text per line: the number sits on the last one's line
                ax.text(x, y + step * n, line, fontsize=size, va="top", gid="contents")
            ax.text(right, y + step * (len(lines) - 1), str(first + i), fontsize=size, va="top", ha="right",
                    gid="contents-number")
            y += step * len(lines) + 0.06
        number(ax, 2)
        pdf.savefig(fig)
        plt.close(fig)
        for i, chart in enumerate(charts):
            fig = draw_page(chart)
            number(page_axes(fig), first + i)
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
    drawn = {str(p.get_gid())[4:]: p.get_window_extent(renderer) for p in ax.patches
             if isinstance(p, FancyBboxPatch) and str(p.get_gid()).startswith("box:")}
    boxes = [drawn[b.id] for b in chart.boxes]
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
        inside = (_MARGIN * fig.dpi - 1, _FOOT * fig.dpi - 1, (A4[0] - _MARGIN) * fig.dpi + 1,
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
