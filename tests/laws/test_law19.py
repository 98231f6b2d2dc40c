"""Law 19: doubles (19A1) and redoubles (19B1), superseded by a later bid (19C), and the
doubled or redoubled status of the contract (19D)."""

from __future__ import annotations

import pytest

from auction_fsm.calls import DOUBLE, REDOUBLE, Strain, parse_call
from auction_fsm.errors import IllegalCallError
from auction_fsm.simulator import Simulator


def replay(dealer: str, calls: str) -> Simulator:
    """Drive core and machines through ``calls``, each made by the seat whose turn it is."""
    sim = Simulator(dealer)
    for token in calls.split():
        sim.call(sim.state.turn, token)
    return sim


def assert_refused(prefix: str, token: str, law: str) -> None:
    """``token`` after ``prefix`` (North deals) is refused by core and machines, naming ``law``."""
    sim = replay("N", prefix)
    call = parse_call(token)
    with pytest.raises(IllegalCallError) as info:
        sim.state.call(sim.state.turn, call)
    assert info.value.law == law
    assert call not in sim.state.legal_calls()
    assert call not in sim.machine_view().legal_calls


def assert_allowed(prefix: str, token: str) -> Simulator:
    """``token`` after ``prefix`` (North deals) is legal for core and machines; return the result."""
    sim = replay("N", prefix)
    call = parse_call(token)
    assert call in sim.state.legal_calls()
    assert call in sim.machine_view().legal_calls
    sim.call(sim.state.turn, call)
    return sim


# --- 19A1: doubles ---------------------------------------------------------------------------------
def test_19A1_the_next_player_may_double_an_opponents_bid() -> None:
    sim = assert_allowed("1H", "X")
    assert sim.state.record[-1].call is DOUBLE


def test_19A1_the_fourth_player_may_double_after_pass_pass() -> None:
    assert_allowed("1H P P", "X")  # West doubles North's bid


def test_19A1_partners_bid_may_not_be_doubled() -> None:
    assert_refused("1H P", "X", "19A1/36")  # South would double North


def test_19A1_partners_bid_may_not_be_doubled_after_an_opponents_pass_either() -> None:
    assert_refused("P 1H P", "X", "19A1/36")  # West would double partner East


def test_19A1_only_the_last_bid_an_opponents_earlier_bid_cannot_be_doubled() -> None:
    # North's 1H was an opponent's bid for West, but the last bid is partner East's 1S.
    assert_refused("1H 1S P", "X", "19A1/36")


def test_19A1_a_bid_followed_by_a_double_cannot_be_doubled_again() -> None:
    assert_refused("1H X P", "X", "19A1/36")  # West: a call other than pass intervened


def test_19A1_no_double_after_a_redouble() -> None:
    assert_refused("1H X XX", "X", "19A1/36")
    assert_refused("1H X XX P P", "X", "19A1/36")


def test_19A1_no_double_before_any_bid() -> None:
    assert_refused("", "X", "19A1/36")
    assert_refused("P P P", "X", "19A1/36")


def test_19A1_a_new_bid_may_be_doubled_after_an_earlier_double() -> None:
    assert_allowed("1H X 2H", "X")  # West doubles South's 2H


# --- 19B1: redoubles -------------------------------------------------------------------------------
def test_19B1_the_doubled_side_may_redouble_at_once() -> None:
    sim = assert_allowed("1H X", "XX")  # South redoubles East's double of partner's bid
    assert sim.state.record[-1].call is REDOUBLE


def test_19B1_the_bidder_may_redouble_after_pass_pass() -> None:
    assert_allowed("1H X P P", "XX")  # North


def test_19B1_the_doublers_partner_may_not_redouble() -> None:
    assert_refused("1H X P", "XX", "19B1/36")  # West would redouble partner East's double


def test_19B1_no_redouble_without_a_double() -> None:
    assert_refused("1H", "XX", "19B1/36")
    assert_refused("1H P", "XX", "19B1/36")
    assert_refused("", "XX", "19B1/36")


def test_19B1_no_redouble_once_a_bid_intervened() -> None:
    assert_refused("1H X 1S", "XX", "19B1/36")  # West: South's bid cancelled the double


def test_19B1_no_second_redouble() -> None:
    assert_refused("1H X XX P", "XX", "19B1/36")


# --- 19C: a later bid supersedes a double or redouble ----------------------------------------------
def test_19C_a_bid_after_a_double_leaves_the_new_bid_undoubled() -> None:
    sim = replay("N", "1H X 2H P P P")
    assert sim.state.contract is not None
    assert sim.state.contract.doubled == 0
    assert sim.state.contract.text == "2H"


def test_19C_a_bid_after_a_redouble_leaves_the_new_bid_undoubled() -> None:
    sim = replay("N", "1H X XX 2C P P P")
    assert sim.state.contract is not None
    assert (sim.state.contract.text, sim.state.contract.doubled) == ("2C", 0)


# --- 19D: the contract doubled or redoubled --------------------------------------------------------
def test_19D_a_double_not_followed_by_a_bid_doubles_the_contract() -> None:
    sim = replay("N", "1H X P P P")
    contract = sim.state.contract
    assert contract is not None
    assert (contract.level, contract.strain, contract.doubled) == (1, Strain.H, 1)
    assert contract.text == "1HX"
    assert str(contract) == "1HX by N"
    assert sim.machine_view().contract == contract


def test_19D_a_redouble_not_followed_by_a_bid_redoubles_the_contract() -> None:
    sim = replay("E", "3NT X XX P P P")
    contract = sim.state.contract
    assert contract is not None
    assert (contract.text, contract.doubled, contract.declarer.name) == ("3NTXX", 2, "E")
    assert sim.machine_view().contract == contract


def test_19D_undoubled_contract() -> None:
    sim = replay("S", "4S P P P")
    assert sim.state.contract is not None
    assert (sim.state.contract.text, sim.state.contract.doubled) == ("4S", 0)
