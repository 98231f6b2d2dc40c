"""A replay stays linear in time and memory as a board grows (issue 17, F16 and F17).

No test here is timed: the figures are measured by ``benchmarks/bench_scale.py``.  These tests
check the structure that makes a replay linear: the command line keeps one step, not every
position (F17); a long record or list of rulings is a persistent vector sharing its structure
with the one before (each new position costs O(log n), not a copy of n items); a change of status
near the end of a long record recomputes the legal auction from that call, not from the start
(F16).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from auction_fsm import rules
from auction_fsm.auction import AuctionState
from auction_fsm.calls import Call, parse_call
from auction_fsm.cli import main
from auction_fsm.events import CallEvent, ReviewRequest
from auction_fsm.narrate import narrate, narrate_replay, step_lines
from auction_fsm.pvector import THRESHOLD, PVector, appended, replaced
from auction_fsm.records import CallRecord
from auction_fsm.scenario import loads_scenario
from auction_fsm.seats import Seat
from auction_fsm.simulator import Simulator

SHARED = next((p / "shared" for p in Path(__file__).resolve().parents[2:4] if (p / "shared").is_dir()),
              Path("/nonexistent")) / "regressions" / "engine"


def _reviews(n: int) -> str:
    events = [{"type": "call", "seat": "N", "call": "1NT"}, *({"type": "review", "seat": "E"} for _ in range(n))]
    return json.dumps({"format": "auction-fsm-scenario", "version": 1, "dealer": "N", "events": events})


def test_a_simulator_may_keep_only_its_last_steps_and_still_counts_them_all() -> None:
    sim = Simulator("N", keep_steps=1)
    sim.apply(CallEvent.of("N", "1NT"))
    for _ in range(5):
        sim.apply(ReviewRequest(Seat.E))
    assert len(sim.steps) == 1 and sim.count == 6
    sim.reset("E")
    assert len(sim.steps) == 0 and sim.count == 0
    assert len(Simulator("N").run([CallEvent.of("N", "1NT")] * 1).steps) == 1  # default: every step kept


def test_F17_a_replay_told_step_by_step_keeps_one_step_and_says_the_same() -> None:
    scenario = loads_scenario(_reviews(40), "reviews")
    told: list[str] = []
    book = Simulator("N").book
    lean = scenario.replay(keep_steps=1, on_step=lambda n, s: told.extend(step_lines(n, s, book)))
    full = scenario.replay()
    assert len(lean.simulator.steps) == 1 and len(full.simulator.steps) == 41
    assert narrate_replay(lean, told) == narrate_replay(full)
    assert lean.simulator.state == full.simulator.state
    assert narrate(full.simulator)[-3:] == narrate_replay(lean, told)[-3:]


def test_F17_the_long_rulings_of_a_board_share_their_structure() -> None:
    sim = Simulator("N", keep_steps=1)
    sim.apply(CallEvent.of("N", "1NT"))
    before = None
    for _ in range(THRESHOLD + 40):
        sim.apply(ReviewRequest(Seat.E))
        if len(sim.state.rulings) == THRESHOLD + 10:
            before = sim.state.rulings
    after = sim.state.rulings
    assert isinstance(after, PVector) and isinstance(before, PVector)
    assert after._root is before._root or after._root[0] is before._root[0]  # shared, not copied
    assert list(after)[:len(before)] == list(before)


def test_F16_a_status_change_at_the_end_of_a_long_record_does_not_replay_the_record() -> None:
    state = AuctionState.start("N")
    for i in range(2000):  # Pass 1C X XX ..., each standing, made by add_call
        seat = Seat(i % 4)
        state = state.add_call(CallRecord(seat, _call(i), seat))
        if i == 1000:  # an earlier status change: the legal auction after each call is known since
            state = state.set_status(999, "stands", "test")
    calls = {"n": 0}
    real = rules.force

    def counting(key: int, seat: int, code: int) -> int:
        calls["n"] += 1
        return real(key, seat, code)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(rules, "force", counting)
        changed = state.set_status(1995, "cancelled", "test")
    assert calls["n"] <= 10  # the calls from 1995 on, not the 2,000 before
    assert changed.key == _naive_key(changed)
    assert isinstance(changed.record, PVector) and changed.record[1995].status == "cancelled"
    assert state.record[1995].status == "stands"  # the old position is unchanged


def _call(i: int) -> Call:
    return parse_call(("P", "1C", "X", "XX")[i % 4])


def _naive_key(state: AuctionState) -> int:
    key = rules.initial_key(state.dealer)
    for r in state.record:
        if r.status == "stands":
            key = rules.force(key, r.seat, r.call.code)
    return key


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(0, 10_000)), max_size=1500))
def test_a_persistent_vector_behaves_as_the_tuple_of_its_items(ops: list[tuple[bool, int]]) -> None:
    seq: object = ()
    ref: list[int] = []
    kept = []
    for is_set, x in ops:
        if is_set and ref:
            i = x % len(ref)
            seq, ref[i] = replaced(seq, i, x), x  # type: ignore[arg-type]
        else:
            seq = appended(seq, x)  # type: ignore[arg-type]
            ref.append(x)
        if x % 97 == 0:
            kept.append((seq, tuple(ref)))
    assert seq == tuple(ref) and tuple(ref) == seq and len(seq) == len(ref)
    assert hash(seq) == hash(tuple(ref))
    assert all(tuple(old) == items for old, items in kept)  # older versions never change
    if ref:
        assert seq[-1] == ref[-1] and seq[len(ref) // 3:] == tuple(ref[len(ref) // 3:])
    assert isinstance(seq, PVector) == (len(ref) > THRESHOLD)


def test_the_shared_long_reproducers_replay_cleanly() -> None:
    for name in ("scale_20k_review_requests.json", "pbn_quadratic_irregular_auction_8000_calls.pbn"):
        path = SHARED / name
        if path.is_file():
            command = "check" if path.suffix == ".pbn" else "replay"
            assert main([command, "--json", str(path)] if command == "replay" else [command, str(path)]) == 0
