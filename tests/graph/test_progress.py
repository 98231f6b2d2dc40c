"""The progress line of long explorations."""

from __future__ import annotations

import io

from auction_fsm.graph.progress import Progress


def test_a_count_of_zero_restarts_the_clock_and_prints_nothing() -> None:
    out = io.StringIO()
    shown = Progress("scope", out, delay=0.0, interval=0.0, unit="edges checked", rest="left")
    shown(0, 10)
    assert out.getvalue() == ""
    shown(4, 6)
    assert "scope: 4 edges checked" in out.getvalue() and "left 6" in out.getvalue()
    shown.close()
    shown.close()  # closing twice ends the line once
    assert out.getvalue().endswith("   \n") and out.getvalue().count("\n") == 1
