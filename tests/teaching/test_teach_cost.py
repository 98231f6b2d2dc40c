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
#: A round with a call out of rotation too: East passes at North's turn (a decision: South may
#: accept it by calling, North may call in turn, 28B), North's pass cancels it, then T01's round.
OUT_OF_ROTATION = ("E P", "N P", "E 1C", "S X", "W XX")


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


def _session_after(lines: int, cycle: tuple[str, ...]) -> TeachSession:
    """A session whose board holds T01's first round and ``lines`` lines of ``cycle``, then one
    more round typed (so that the session has told a decision, as it does at every round)."""
    session = TeachSession("N")
    events = [parse_event(line) for line in (*ROUND, *(cycle * (lines // len(cycle))))]
    session.sim.run(events)
    session.events = events
    for line in cycle:
        session.handle(line)
    return session


def _one_round(lines: int, cycle: tuple[str, ...] = ROUND) -> tuple[list[int], int, list[str]]:
    """The line events of each line of one round, the engine steps of the round, and what the
    decision lines answered."""
    session = _session_after(lines, cycle)
    per_line: list[int] = []
    steps = 0
    told: list[str] = []
    for line in cycle:
        with counting() as counter:
            answer = session.handle(line)
        assert not any(a.startswith(("Not accepted", "Internal fault")) for a in answer), answer
        per_line.append(counter.lines)
        steps += counter.steps
        if line in ("E 1C", "E P"):
            told += answer
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


def test_T01_a_round_with_a_call_out_of_rotation_costs_the_same_however_long_the_auction() -> None:
    # the classifier of a call out of rotation read the whole record to find the last standing
    # call: 107,000 line events for the call after 1,000 lines, 310,000 after 8,000
    short, short_steps, told = _one_round(1_000, OUT_OF_ROTATION)
    long, long_steps, _ = _one_round(8_000, OUT_OF_ROTATION)
    assert any("out of rotation" in line for line in told) and any("insufficient bid" in line for line in told)
    assert short_steps == long_steps and 60 <= short_steps <= 200, (short_steps, long_steps)
    for a, b, line in zip(short, long, OUT_OF_ROTATION, strict=True):
        assert b <= a * 1.05, f"{line!r}: {a} line events after 1,000 lines, {b} after 8,000"


def test_the_last_caller_read_from_the_key_is_the_seat_of_the_last_standing_call() -> None:
    # the out-of-rotation classifier asks who made the last standing call (a call at LHO's turn
    # by that player is a change of call, 30B2/31C/32C); it reads it from the key, not by
    # scanning the record.  Over fuzzed positions of every kind, both answers agree.
    from auction_fsm.auction import AuctionState
    from auction_fsm.fuzzing import fuzz_range

    seen = {"none": 0, "some": 0}

    def observe(state: AuctionState) -> None:
        standing = state.standing_calls
        expected = standing[-1].seat if standing else None
        assert state.last_caller == expected, (state.record, state.key)
        seen["some" if standing else "none"] += 1

    fuzz_range(2017, range(150), observe=observe)
    assert seen["some"] > 500 and seen["none"] > 0, seen
