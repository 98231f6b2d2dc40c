"""The progress line of long explorations and of the machine check on every edge."""

from __future__ import annotations

import io

from auction_fsm.events import CallEvent
from auction_fsm.graph.checks import check_exploration
from auction_fsm.graph.configuration import explore
from auction_fsm.graph.irregular_space import IrregularSpace
from auction_fsm.graph.progress import Progress
from auction_fsm.scope import Scope


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


def test_the_machine_check_reports_its_edges() -> None:
    space = IrregularSpace(Scope.of({"insufficient_bid"}), agreement="all", prefix=[CallEvent.of("N", "1NT")])
    calls: list[tuple[int, int]] = []
    space.agreement_progress = lambda done, left: calls.append((done, left))
    ex = explore(space)
    assert check_exploration(ex).ok
    assert calls[0] == (0, ex.edges)
    assert [done for done, _ in calls[1:]] == list(range(1024, ex.edges + 1, 1024)) == [1024, 2048, 3072, 4096, 5120]
    assert all(done + left == ex.edges for done, left in calls[1:])
