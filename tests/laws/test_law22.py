"""Law 22: the end of the auction — three passes after a bid (22A) or four passes (22B) — and
the result: the contract, declarer (the first player of the declaring side to name the
denomination of the contract), dummy and the opening leader."""

from __future__ import annotations

import pytest

from auction_fsm.calls import Strain
from auction_fsm.errors import AuctionOverError
from auction_fsm.seats import Seat
from auction_fsm.simulator import Simulator


def replay(dealer: Seat | str, calls: str) -> Simulator:
    """Drive core and machines through ``calls``, each made by the seat whose turn it is."""
    sim = Simulator(dealer)
    for token in calls.split():
        sim.call(sim.state.turn, token)
    return sim


def assert_over(sim: Simulator, phase: str) -> None:
    """Core and machines agree that the auction ended in ``phase`` and that no call is left."""
    assert sim.state.is_over
    assert sim.state.phase == phase == sim.phase
    view = sim.machine_view()
    assert view.is_over and view.turn is None and view.legal_calls == ()
    assert sim.state.legal_calls() == ()


def assert_open(sim: Simulator) -> None:
    """Core and machines agree that the auction goes on."""
    assert not sim.state.is_over
    assert sim.state.phase == "auction" == sim.phase
    assert sim.machine_view().legal_calls == sim.state.legal_calls() != ()


# --- 22A: three passes in rotation after a bid -------------------------------------------------------
def test_22A_three_passes_after_a_bid_end_the_auction() -> None:
    sim = replay("N", "1H P P P")
    assert_over(sim, "clarification")
    assert sim.state.contract is not None and sim.state.contract.text == "1H"


def test_22A_two_passes_after_a_bid_do_not() -> None:
    assert_open(replay("N", "1H P P"))


def test_22A_three_passes_after_a_double_end_the_auction() -> None:
    sim = replay("N", "1H X P P P")
    assert_over(sim, "clarification")


def test_22A_a_double_restarts_the_count_of_passes() -> None:
    assert_open(replay("N", "1H P P X P P"))


def test_22A_passes_before_the_first_bid_do_not_count() -> None:
    assert_open(replay("N", "P P P 1C P P"))
    sim = replay("N", "P P P 1C P P P")
    assert_over(sim, "clarification")
    assert sim.state.declarer is Seat.W


def test_22A_the_last_bid_becomes_the_contract() -> None:
    sim = replay("E", "1D 1S 2D 2S 3D P P P")
    contract = sim.state.contract
    assert contract is not None
    assert (contract.level, contract.strain, contract.declarer) == (3, Strain.D, Seat.E)


@pytest.mark.parametrize("dealer", list(Seat))
def test_22A_a_call_after_the_end_is_refused_as_law_39(dealer: Seat) -> None:
    sim = replay(dealer, "1NT P P P")
    with pytest.raises(AuctionOverError) as info:
        sim.state.call(sim.state.turn, "P")
    assert info.value.law == "39"


# --- 22B: four passes ------------------------------------------------------------------------------
@pytest.mark.parametrize("dealer", list(Seat))
def test_22B_four_passes_pass_the_board_out(dealer: Seat) -> None:
    sim = replay(dealer, "P P P P")
    assert_over(sim, "passed_out")
    assert sim.state.is_passed_out
    assert sim.state.contract is None
    assert (sim.state.declarer, sim.state.dummy, sim.state.opening_leader) == (None, None, None)
    assert sim.machine_view().contract is None


def test_22B_three_passes_leave_the_fourth_player_free_to_open() -> None:
    sim = replay("N", "P P P")
    assert_open(sim)
    assert sim.state.turn is Seat.W
    assert any(c.is_bid for c in sim.state.legal_calls())


# --- declarer, dummy, opening leader ---------------------------------------------------------------
def test_22_declarer_is_the_first_of_the_side_to_name_the_strain() -> None:
    # North names hearts first; South's 4H later does not make South declarer.
    sim = replay("N", "1H P 2C P 2H P 4H P P P")
    assert str(sim.state.contract) == "4H by N"
    assert (sim.state.declarer, sim.state.dummy, sim.state.opening_leader) == (Seat.N, Seat.S, Seat.E)


def test_22_partner_who_named_the_strain_first_is_declarer() -> None:
    sim = replay("N", "1C P 1H P 2H P P P")
    assert (sim.state.declarer, sim.state.dummy, sim.state.opening_leader) == (Seat.S, Seat.N, Seat.W)


def test_22_the_opponents_naming_the_strain_first_does_not_count() -> None:
    sim = replay("N", "1C 1H 2H P P P")  # East named hearts first, South is first for N-S
    assert str(sim.state.contract) == "2H by S"
    assert sim.state.opening_leader is Seat.W


def test_22_the_final_bidder_is_declarer_when_first_to_name_the_strain() -> None:
    sim = replay("W", "1S 2H 2S 3H 4S P P P")
    assert (sim.state.declarer, sim.state.dummy, sim.state.opening_leader) == (Seat.W, Seat.E, Seat.N)


def test_22_no_trump_counts_as_a_strain_for_declarer() -> None:
    sim = replay("N", "1D P 1NT P 3NT P P P")
    assert str(sim.state.contract) == "3NT by S"


def test_22_a_double_does_not_change_declarer() -> None:
    sim = replay("S", "1S X 4S X P P P")
    assert str(sim.state.contract) == "4SX by S"
    assert (sim.state.dummy, sim.state.opening_leader) == (Seat.N, Seat.W)


@pytest.mark.parametrize("dealer", list(Seat))
def test_22_results_rotate_with_the_dealer(dealer: Seat) -> None:
    sim = replay(dealer, "1C P 1H P 2H P P P")
    responder = dealer.partner
    assert sim.state.declarer is responder
    assert sim.state.dummy is dealer
    assert sim.state.opening_leader is responder.lho
    assert sim.machine_view().contract == sim.state.contract


def test_22_dummy_is_declarers_partner_and_the_leader_is_declarers_left_hand_opponent() -> None:
    for calls in ("1NT P P P", "P 2S P P P", "P P 7C X XX P P P", "P P P 1H P P P"):
        contract = replay("N", calls).state.contract
        assert contract is not None
        assert contract.dummy is contract.declarer.partner
        assert contract.opening_leader is contract.declarer.lho
