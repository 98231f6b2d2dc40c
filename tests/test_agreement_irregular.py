"""Machines and pure core agree on irregular events too (issue 3's extension of the skeleton's
agreement test).

Every event goes through :class:`~auction_fsm.simulator.Simulator`, which fires the table's
transitions for each step the engine takes and cross-checks phase, seat obligations, turn,
auction and contract after every event (raising ``MachineDisagreementError``).  On top of that
these tests compare the simulator's state with the pure core's and the machines' own view
(legal calls from the table's guards) with the core's, for the flat and the hierarchical
(``nested=True``) phase machine alike.
"""

from __future__ import annotations

import random

import pytest

from auction_fsm.auction import AuctionState
from auction_fsm.engine import apply_event
from auction_fsm.errors import AuctionFsmError
from auction_fsm.events import Event
from auction_fsm.exploration import FAMILIES, candidate_events
from auction_fsm.scope import Scope
from auction_fsm.seats import Seat
from auction_fsm.simulator import Simulator

ALL = Scope.of(FAMILIES, max_level=2, max_irregularities=3)


def _step_both(sim: Simulator, core: AuctionState, event: Event) -> AuctionState | None:
    """Apply ``event`` to the core and the simulator; both refuse it or both accept it."""
    try:
        after = apply_event(core, event)
    except AuctionFsmError:
        before = sim.state
        with pytest.raises(AuctionFsmError):
            sim.apply(event)
        assert sim.state is before  # a refused event changes nothing
        return None
    sim.apply(event)
    assert sim.state == after
    return after


def _check_views(sim: Simulator) -> None:
    machine, core = sim.machine_view(), sim.core_view()
    assert machine == core, f"machines {machine} vs core {core} after {[s.event for s in sim.steps]}"


@pytest.mark.parametrize("nested", [False], ids=["flat"])
def test_every_two_event_sequence_agrees(nested: bool) -> None:
    """Exhaustively: every candidate event, then every candidate after it, from dealer North."""
    start = AuctionState.start(Seat.N)
    accepted = 0
    sim, sim2 = Simulator(Seat.N, nested=nested), Simulator(Seat.N, nested=nested)  # built once, reset
    for first in candidate_events(start, ALL):
        sim.reset(Seat.N)
        after = _step_both(sim, start, first)
        if after is None:
            continue
        accepted += 1
        for second in candidate_events(after, ALL):
            sim2.reset(Seat.N)
            sim2.apply(first)
            if _step_both(sim2, after, second) is not None:
                accepted += 1
                _check_views(sim2)
    assert accepted > 1000  # the walk really went through irregular branches


@pytest.mark.parametrize("nested", [False, True], ids=["flat", "nested"])
def test_random_irregular_walks_agree(nested: bool) -> None:
    """Hundreds of random walks through every law family, to the end of the auction period."""
    rng = random.Random(2017)
    procedures: set[str] = set()
    sim = Simulator(Seat.N, nested=nested)  # built once (the costly part), reset for each walk
    for _ in range(400):
        dealer = Seat(rng.randrange(4))
        sim.reset(dealer)
        core = AuctionState.start(dealer)
        for _ in range(60):
            events = list(candidate_events(core, ALL))
            if not events or core.phase in ("play", "passed_out"):
                break
            # lean towards events the engine accepts, so walks get somewhere
            rng.shuffle(events)
            for event in events[:8]:
                after = _step_both(sim, core, event)
                if after is not None:
                    core = after
                    if core.pending is not None:
                        procedures.add(core.pending.procedure)
                    break
            _check_views(sim)
    assert {"out_of_rotation", "insufficient_bid", "comparable_call"} <= procedures
