"""The handout as a printer and a reader get it: the PDF's pages rendered and measured with
PyMuPDF (its text spans give the font sizes, their boxes the margins)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from auction_fsm.lawbook import LAWS_2017
from auction_fsm.teaching.charts import all_charts
from auction_fsm.teaching.flowdraw import draw_handout

pymupdf = pytest.importorskip("pymupdf", reason="the handout test renders the PDF with pymupdf (the test extra)")

MM = 72 / 25.4  # points in a millimetre
CHARTS = all_charts(LAWS_2017)


@pytest.fixture(scope="module")
def handout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The title page, the contents page and the pages of a few charts, among them the overview
    and the Law 27 chart with its panel of rare cases."""
    charts = [c for c in CHARTS if c.family in ("all", "27", "24")]
    return draw_handout(charts, tmp_path_factory.mktemp("handout") / "h.pdf", title="The auction period in flowcharts",
                        note="A test handout.")


def _spans(page: Any) -> list[dict[str, Any]]:
    return [span for block in page.get_text("dict")["blocks"] for line in block.get("lines", [])
            for span in line["spans"] if span["text"].strip()]


def test_every_text_is_nine_points_or_more(handout: Path) -> None:
    with pymupdf.open(handout) as doc:
        for number, page in enumerate(doc, 1):
            sizes = [round(float(span["size"]), 1) for span in _spans(page)]
            assert sizes, f"page {number} has no text"
            assert min(sizes) >= 9.0, (number, min(sizes))


def test_every_text_keeps_ten_millimetres_from_the_edge(handout: Path) -> None:
    with pymupdf.open(handout) as doc:
        for number, page in enumerate(doc, 1):
            width, height = page.rect.width, page.rect.height
            for span in _spans(page):
                x0, y0, x1, y1 = (float(v) for v in span["bbox"])
                assert x0 >= 10 * MM and y0 >= 10 * MM, (number, span["text"])
                assert width - x1 >= 10 * MM and height - y1 >= 10 * MM, (number, span["text"])


def test_page_numbers_sit_inside_the_margin_at_the_foot(handout: Path) -> None:
    with pymupdf.open(handout) as doc:
        for number, page in enumerate(doc, 1):
            if number == 1:
                continue  # the title page carries none
            found = [s for s in _spans(page) if s["text"] == f"page {number}"]
            assert len(found) == 1, number
            _, y0, _, y1 = (float(v) for v in found[0]["bbox"])
            assert page.rect.height - y1 >= 10 * MM
            assert y0 > page.rect.height - 25 * MM  # at the foot


def test_no_contents_line_runs_into_its_page_number(handout: Path) -> None:
    with pymupdf.open(handout) as doc:
        contents = doc[1]
        spans = _spans(contents)
        numbers = [s for s in spans if str(s["text"]).strip().isdigit()]
        titles = [s for s in spans if not str(s["text"]).strip().isdigit() and s["text"] != "Contents"
                  and not str(s["text"]).startswith("page ")]
        assert len(numbers) == doc.page_count - 2
        left_of_numbers = min(float(n["bbox"][0]) for n in numbers)
        for t in titles:
            assert float(t["bbox"][2]) <= left_of_numbers - 5 * MM, t["text"]


def test_the_pages_render_and_box_kinds_differ_in_black_and_white(handout: Path, tmp_path: Path) -> None:
    """Each page renders to an image with ink on it; on the title page, where each kind of box
    is shown, the boxes' borders differ in grey alone (their style, not only their colour)."""
    with pymupdf.open(handout) as doc:
        for number, page in enumerate(doc, 1):
            pix = page.get_pixmap(dpi=40, colorspace=pymupdf.csGRAY)
            assert min(pix.samples) < 100, f"page {number} renders blank"
        drawings = doc[0].get_drawings()
    # the legend's boxes: each kind drawn with its own border (width, dashes or a double line)
    styles = {(round(float(d.get("width") or 0), 1), str(d.get("dashes"))) for d in drawings if d.get("color") is not None}
    assert len(styles) >= 5, styles
