"""``teach`` costs the same per line however long the auction (T01), counted, not timed.

Each decision ``teach`` opens is told with what every option leads to (10C1), found by ruling
about forty trial calls on the position (:mod:`auction_fsm.consequences`).  On main at 0a45cb4
each trial recomputed the legal-auction keys of the whole record, so a long irregular auction
took time quadratic in its length.  Here the work of one round of four lines (a pass, an
insufficient bid that opens a decision, the double that accepts it, a redouble) is counted as
the lines of auction-fsm's own code executed (a tracer's line events: deterministic, unlike a
clock), after 1,000 and after 8,000 lines of the same auction: it must not grow with the
length.  (Before the fix it grew 4.5 times; the pieces of the record shared between positions
are trees one level deeper at 8,000 calls, hence a little slack.)  Time per line is measured by
``benchmarks/bench_teach.py``.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

import auction_fsm
from auction_fsm import engine
from auction_fsm.teaching.session import TeachSession, parse_event

PACKAGE = str(Path(auction_fsm.__file__).parent)
#: One round of the T01 auction (dealer North): North passes, East's 1C is insufficient from
#: the second round on (a decision: South may accept it by calling), South's double accepts it,
#: West redoubles.
ROUND = ("N P", "E 1C", "S X", "W XX")


class Counter:
    """Line events in auction-fsm's own code, and calls of the engine's ``step``."""

    def __init__(self) -> None:
        self.lines = 0
        self.steps = 0

    def __call__(self, frame: FrameType, event: str, arg: Any) -> Any:
        if not frame.f_code.co_filename.startswith(PACKAGE):
            return None
        if frame.f_code is engine.step.__code__:
            self.steps += 1
        return self._local

    def _local(self, frame: FrameType, event: str, arg: Any) -> Any:
        if event == "line":
            self.lines += 1
        return self._local


@contextmanager
def counting() -> Iterator[Counter]:
    counter = Counter()
    sys.settrace(counter)
    try:
        yield counter
    finally:
        sys.settrace(None)


def _session_after(lines: int) -> TeachSession:
    """A session whose board holds ``lines`` lines of the T01 auction, then one round typed
    (so that the session has told a decision, as it does at every round)."""
    session = TeachSession("N")
    events = [parse_event(line) for _ in range(lines // len(ROUND)) for line in ROUND]
    session.sim.run(events)
    session.events = events
    for line in ROUND:
        session.handle(line)
    return session


def _one_round(lines: int) -> tuple[list[int], int, list[str]]:
    """The line events of each line of one round, the engine steps of the round, and what the
    decision line answered."""
    session = _session_after(lines)
    per_line: list[int] = []
    steps = 0
    told: list[str] = []
    for line in ROUND:
        with counting() as counter:
            answer = session.handle(line)
        per_line.append(counter.lines)
        steps += counter.steps
        if line == "E 1C":
            told = answer
    return per_line, steps, told


def test_T01_the_work_of_a_round_and_of_its_decision_does_not_grow_with_the_auction() -> None:
    short, short_steps, told = _one_round(1_000)
    long, long_steps, told_long = _one_round(8_000)
    # the decision is really told, with what the options lead to (otherwise nothing is measured)
    assert any("insufficient bid" in line for line in told), told
    assert "   What each option leads to:" in told and told_long[1:] == told[1:]
    # about forty trial calls, the same number at both lengths
    assert short_steps == long_steps and 30 <= short_steps <= 60, (short_steps, long_steps)
    for a, b, line in zip(short, long, ROUND, strict=True):
        assert b <= a * 1.05, f"{line!r}: {a} line events after 1,000 lines, {b} after 8,000"
    assert sum(long) <= sum(short) * 1.05
