"""The ``transitions`` machines and the pure core agree on every position.

At every step of every auction tried here, :meth:`Simulator.machine_view` (what the machines
alone say) must equal :meth:`Simulator.core_view` (what the pure core alone says): phase, turn,
legal calls, end of auction, contract and seat states.  Tried are *all* call sequences of up to
three calls from every dealer (41,876 positions) and a few thousand random complete auctions;
and a deliberately broken machine ledger must be noticed.

Cost.  Asking the machines for their legal calls means 76 ``may_trigger`` calls, several
milliseconds per position: far too slow for each of ~60,000 positions in a quick suite.  So the
machines' legal calls are memoised on the machine configuration they are computed from: the
phase state, the seat states, the ledger's account of the auction (``Ledger.summary()``: turn,
last bid, bidder, double status, passes) and the calls seats must repeat.  Whenever a
configuration is met for the first time the real :meth:`Simulator.machine_view` is called and
all its fields are compared too.  Every other field (phase, turn, end, contract, seat states) is
read from the machines afresh at every position, and every 250th position also gets an
un-memoised ``machine_view`` as a spot check that the memo key misses nothing.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any, cast

import pytest

from auction_fsm.calls import Call
from auction_fsm.errors import MachineDisagreementError
from auction_fsm.events import CallEvent
from auction_fsm.seats import Seat
from auction_fsm.simulator import MachineView, Simulator

SPOT_CHECK_EVERY = 250
RANDOM_AUCTIONS = 2_000
SEED = 20_170_317


def freeze(value: Any) -> Hashable:
    """A hashable copy of ledger data (dicts and lists become frozensets and tuples)."""
    if isinstance(value, dict):
        return frozenset((k, freeze(v)) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    if isinstance(value, set):
        return frozenset(freeze(v) for v in value)
    return cast(Hashable, value)


@dataclass
class Checker:
    """Compares machine and core views at each position it is shown, with the memo described above."""

    legal_memo: dict[Hashable, tuple[Call, ...]] = field(default_factory=dict)
    positions: int = 0
    real_views: int = 0

    def machine_view(self, sim: Simulator) -> MachineView:
        """The machines' view of ``sim``; legal calls memoised on the machine configuration."""
        m = sim.machines
        key = (m.phase.state, tuple(s.state for s in m.seats), sim.state.key, freeze(sim.state.obligations))
        legal = self.legal_memo.get(key)
        if legal is None or self.positions % SPOT_CHECK_EVERY == 0:
            real = sim.machine_view()
            self.real_views += 1
            if legal is not None:
                assert real.legal_calls == legal, f"memo would have hidden a difference at {self.where(sim)}"
            self.legal_memo[key] = legal = real.legal_calls
            rebuilt = self._rebuild(sim, legal)
            assert rebuilt == real, f"view rebuilt from the machines differs at {self.where(sim)}"
        return self._rebuild(sim, legal)

    @staticmethod
    def _rebuild(sim: Simulator, legal: tuple[Call, ...]) -> MachineView:
        """``MachineView`` from the machines' own fields, as :meth:`Simulator.machine_view` builds it."""
        m = sim.machines
        c = sim.state
        return MachineView(phase=m.phase.state, turn=None if c.is_over else c.turn,
                           legal_calls=legal, is_over=c.is_over, contract=c.contract,
                           seat_states=tuple(s.state for s in m.seats))

    @staticmethod
    def where(sim: Simulator) -> str:
        """The auction so far, for failure messages."""
        calls = " ".join(s.event.describe() for s in sim.steps)
        return f"dealer {sim.dealer.name}: [{calls}]"

    def check(self, sim: Simulator) -> MachineView:
        """Assert that machines and core agree on ``sim`` now; return the core's view."""
        core = sim.core_view()
        machine = self.machine_view(sim)
        self.positions += 1
        assert machine == core, f"machines and core disagree at {self.where(sim)}:\n{machine}\n{core}"
        return core


# --- exhaustive: every sequence of up to three calls, from every dealer --------------------------
Snapshot = tuple[Any, int, dict[str, Any], str, tuple[str, ...]]


def _copied(value: Any) -> Any:
    """A copy of ledger data deep enough that later calls cannot change it (its leaves, seats,
    calls and numbers, are immutable); ``copy.deepcopy`` would do, several times slower."""
    if isinstance(value, dict):
        return {k: _copied(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copied(v) for v in value]
    if isinstance(value, set):
        return set(value)
    return value


def snapshot(sim: Simulator) -> Snapshot:
    """Everything that changes as a simulator replays calls (to branch without replaying)."""
    m = sim.machines
    return (sim.state, len(sim.steps), {}, m.phase.state, tuple(s.state for s in m.seats))


def restore(sim: Simulator, snap: Snapshot) -> None:
    """Put ``sim`` back into the configuration ``snap`` was taken in (as ``reset`` does for the start)."""
    state, steps, _, phase, seats = snap
    m = sim.machines
    sim.state = state
    del sim.steps[steps:]
    m.phase.state = phase
    for model, name in zip(m.seats, seats, strict=True):
        model.state = name


def walk(sim: Simulator, checker: Checker, depth: int) -> int:
    """Check this position and every position up to ``depth`` more calls away; count them."""
    view = checker.check(sim)
    if depth == 0 or view.is_over:
        return 1
    assert view.turn is not None
    here = snapshot(sim)
    count = 1
    for call in view.legal_calls:
        sim.apply(CallEvent(view.turn, call))
        count += walk(sim, checker, depth - 1)
        restore(sim, here)
    return count


@pytest.fixture(scope="module")
def checker() -> Checker:
    """One memo shared by the tests of this module."""
    return Checker()


@pytest.mark.parametrize("dealer", list(Seat))
def test_machines_and_core_agree_on_every_sequence_of_up_to_three_calls(dealer: Seat,
                                                                         checker: Checker) -> None:
    sim = Simulator(dealer, check=False)  # the checker compares more than cross_check does
    positions = walk(sim, checker, 3)
    assert positions == 1 + 36 + 701 + 9_731  # every sequence (the perft figures) was tried


def test_branching_by_snapshot_matches_plain_replay(checker: Checker) -> None:
    """The exhaustive walk restores snapshots; check that this equals replaying from scratch."""
    sim = Simulator(Seat.E)
    for token in ["1H", "X"]:
        sim.call(sim.state.turn, token)
    here = snapshot(sim)
    sim.call(sim.state.turn, "XX")
    restore(sim, here)
    sim.call(sim.state.turn, "2C")
    fresh = Simulator(Seat.E)
    for token in ["1H", "X", "2C"]:
        fresh.call(fresh.state.turn, token)
    assert sim.machine_view() == fresh.machine_view() == fresh.core_view()
    assert sim.machines.phase.state == fresh.machines.phase.state
    assert sim.state == fresh.state


# --- random complete auctions -----------------------------------------------------------------------
def random_auction(rng: random.Random, sim: Simulator, checker: Checker) -> MachineView:
    """Play one random complete auction on ``sim`` (reset first), checking every position.

    Each legal call is weighted: a bid ``0.5 ** jump`` (``jump``: bids skipped over the lowest
    sufficient bid), a double or redouble 0.3, a pass ``w * level`` (``level`` of the last bid,
    at least 1; ``w`` is 1, 2 or 4, chosen per auction).  That gives mostly bridge-like auctions of
    about ten calls, with long competitive ones, slams, doubles and redoubles among them.
    """
    sim.reset(Seat(rng.randrange(4)))
    pass_weight = rng.choice((1.0, 2.0, 4.0))
    view = checker.check(sim)
    while not view.is_over:
        legal = view.legal_calls
        bids = [c for c in legal if c.is_bid]
        lowest = bids[0].code if bids else 35
        level = max(1, lowest // 5) if lowest < 35 else 7  # level of the last bid (1 before any)
        weights = [pass_weight * level if c.is_pass else 0.5 ** (c.code - lowest) if c.is_bid else 0.3
                   for c in legal]
        call = rng.choices(legal, weights)[0]
        assert view.turn is not None
        sim.apply(CallEvent(view.turn, call))
        view = checker.check(sim)
    return view


def test_machines_and_core_agree_on_random_complete_auctions(checker: Checker) -> None:
    rng = random.Random(SEED)
    sim = Simulator(Seat.N, check=False)  # the checker compares more than cross_check does
    ends = {"clarification": 0, "passed_out": 0}
    doubled = [0, 0, 0]
    longest = 0
    for _ in range(RANDOM_AUCTIONS):
        final = random_auction(rng, sim, checker)
        ends[final.phase] += 1
        longest = max(longest, len(sim.steps))
        if final.contract is not None:
            doubled[final.contract.doubled] += 1
            assert final.contract.declarer is sim.state.declarer
    # the sample really covers the interesting endings
    assert ends["clarification"] > 0 and ends["passed_out"] > 0
    assert all(n > 0 for n in doubled), doubled
    assert longest > 30
    assert sum(ends.values()) == RANDOM_AUCTIONS


def test_the_memo_was_exercised_and_spot_checked(checker: Checker) -> None:
    """The exhaustive and random tests above ran through this checker (if they ran)."""
    if checker.positions == 0:
        pytest.skip("run together with the agreement tests above")
    assert checker.real_views >= len(checker.legal_memo)
    assert checker.real_views >= checker.positions // SPOT_CHECK_EVERY


# --- a machine out of step is noticed ------------------------------------------------------------
def test_a_seat_machine_out_of_step_is_detected() -> None:
    sim = Simulator("N").run(CallEvent.of(s, c) for s, c in [("N", "1H")])
    sim.machines.seats[Seat.E].state = "must_pass_rest_of_auction"
    with pytest.raises(MachineDisagreementError, match="seat E"):
        sim.cross_check()


def test_a_phase_machine_out_of_step_refuses_the_next_call() -> None:
    sim = Simulator("N").run(CallEvent.of(s, c) for s, c in [("N", "1H")])
    sim.machines.phase.state = "clarification"  # the machine believes the auction has ended
    with pytest.raises(MachineDisagreementError):
        sim.call("E", "P")
    assert sim.phase == "auction" and len(sim.steps) == 1  # resynchronised, nothing recorded


def test_the_machines_say_the_auction_is_over_after_the_final_pass() -> None:
    for calls in ("P P P P", "1H P P P"):
        sim = Simulator("N")
        seat = sim.state.turn
        for c in calls.split():
            sim.call(seat, c)
            seat = seat.lho
        assert sim.machines.is_over and sim.state.is_over
