"""Law 17: the dealer makes the first call (17B); calls follow clockwise (17C).

Every auction here is driven through the :class:`Simulator`, so the pure core and the
``transitions`` machines are both exercised and cross-checked after each call.
"""

from __future__ import annotations

import pytest

from auction_fsm.auction import AuctionState
from auction_fsm.calls import BIDS, PASS, parse_call
from auction_fsm.errors import IllegalCallError
from auction_fsm.seats import Seat
from auction_fsm.simulator import Simulator


def replay(dealer: Seat | str, calls: str) -> Simulator:
    """Drive core and machines through ``calls``, each made by the seat whose turn it is."""
    sim = Simulator(dealer)
    for token in calls.split():
        sim.call(sim.state.turn, token)
    return sim


# --- 17B: the first call ---------------------------------------------------------------------------
@pytest.mark.parametrize("dealer", list(Seat))
def test_17B_the_dealer_is_first_to_call(dealer: Seat) -> None:
    sim = Simulator(dealer)
    assert sim.state.turn is dealer
    assert sim.machine_view().turn is dealer
    assert sim.phase == "awaiting_first_call" == sim.state.phase


@pytest.mark.parametrize("dealer", list(Seat))
def test_17B_no_one_but_the_dealer_may_make_the_first_call(dealer: Seat) -> None:
    start = AuctionState.start(dealer)
    for other in (dealer.lho, dealer.partner, dealer.rho):
        with pytest.raises(IllegalCallError) as info:
            start.call(other, "1C")
        assert info.value.law == "28-34"
    assert start.call(dealer, "1C").record[0].seat is dealer


def test_17B_the_first_call_may_be_any_bid_or_a_pass_but_not_a_double() -> None:
    sim = Simulator("W")
    assert sim.state.legal_calls() == (*BIDS, PASS)
    assert sim.machine_view().legal_calls == (*BIDS, PASS)


@pytest.mark.parametrize("first", ["P", "1C", "7NT"])
def test_17B_after_the_first_call_the_auction_is_in_progress(first: str) -> None:
    sim = replay("S", first)
    assert sim.phase == "auction" == sim.state.phase
    assert sim.state.record[0].seat is Seat.S and sim.state.record[0].call is parse_call(first)


# --- 17C: successive calls --------------------------------------------------------------------------
@pytest.mark.parametrize("dealer", list(Seat))
def test_17C_the_dealers_left_hand_opponent_makes_the_second_call(dealer: Seat) -> None:
    sim = replay(dealer, "1D")
    assert sim.state.turn is dealer.lho
    assert sim.machine_view().turn is dealer.lho


@pytest.mark.parametrize("dealer", list(Seat))
def test_17C_calls_go_round_clockwise(dealer: Seat) -> None:
    sim = replay(dealer, "P 1C X XX 1H P 2C X P P XX 3NT")
    seats = [r.seat for r in sim.state.record]
    expected = [Seat((dealer + i) % 4) for i in range(12)]
    assert seats == expected
    assert sim.state.turn is Seat((dealer + 12) % 4)


@pytest.mark.parametrize(("prefix", "token"), [("", "P"), ("", "1S"), ("1S", "X"), ("1S X", "XX")])
def test_17C_every_kind_of_call_passes_the_turn_to_the_left(prefix: str, token: str) -> None:
    sim = replay("E", prefix)
    caller = sim.state.turn
    sim.call(caller, token)
    assert sim.state.turn is caller.lho
    assert sim.machines.phase.state == sim.state.phase


@pytest.mark.parametrize("wrong", [Seat.N, Seat.S, Seat.W])
def test_17C_a_call_by_a_seat_whose_turn_it_is_not_is_refused(wrong: Seat) -> None:
    sim = replay("N", "1C")  # East to call
    with pytest.raises(IllegalCallError) as info:
        sim.state.call(wrong, "P")
    assert info.value.law == "28-34"
    assert sim.state.turn is Seat.E


def test_17C_the_rotation_continues_past_the_dealer() -> None:
    sim = replay("W", "P P P 1H")  # W, N, E, S
    assert [r.seat for r in sim.state.record] == [Seat.W, Seat.N, Seat.E, Seat.S]
    assert sim.state.turn is Seat.W
