"""The progress line of long explorations."""

from __future__ import annotations

import io

import pytest

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


def test_scopes_explored_side_by_side_tell_their_counts_as_they_grow(monkeypatch: pytest.MonkeyPatch) -> None:
    """With scopes (here the parts of a scope verified by strain) explored in worker processes,
    ``running`` is told, in this process, each one's count of configurations as it grows, and
    last its whole count, before its report comes in; the reports are those of one process."""
    from auction_fsm.graph import parallel, verification
    from auction_fsm.graph.checks import GraphReport
    from auction_fsm.graph.scopes import scope_named

    monkeypatch.setattr(verification, "LIVE_INTERVAL", 0.0)
    monkeypatch.setattr(parallel, "TELL_EVERY", 256)  # (the workers are forked: they see it)
    told: list[tuple[str, int, int]] = []
    at_report: dict[str, list[tuple[str, int, int]]] = {}
    scope = scope_named("lead-1").narrowed(by_strain=True)

    def finished(report: GraphReport) -> None:
        at_report[report.scope] = list(told)

    reports = verification.verify([scope], machine=False, jobs=2, running=lambda *count: told.append(count),
                                  finished=finished)
    alone = verification.verify([scope], machine=False, jobs=1)
    assert [(r.scope, r.states, r.edges, r.counts) for r in reports] == [
        (r.scope, r.states, r.edges, r.counts) for r in alone]
    parts = reports[:-1]
    assert len(parts) == 5
    for report in parts:
        mine = [(states, left) for name, states, left in at_report[report.scope] if name == report.scope]
        assert mine[-1] == (report.states, 0)  # the whole count, before the report
        assert len(mine) > 1 and [s for s, _ in mine] == sorted(s for s, _ in mine)
