"""Law 18: bids — proper form (18A), superseding (18B), sufficient (18C) and insufficient (18D)
bids, and the rank of the denominations (18E)."""

from __future__ import annotations

import itertools

import pytest

from auction_fsm.auction import AuctionState
from auction_fsm.calls import BIDS, DOUBLE, PASS, REDOUBLE, Call, Strain, parse_call
from auction_fsm.errors import IllegalCallError
from auction_fsm.simulator import Simulator


def replay(dealer: str, calls: str) -> Simulator:
    """Drive core and machines through ``calls``, each made by the seat whose turn it is."""
    sim = Simulator(dealer)
    for token in calls.split():
        sim.call(sim.state.turn, token)
    return sim


def assert_insufficient(prefix: str, token: str) -> None:
    """``token`` after ``prefix`` is refused by core and machines as an insufficient bid."""
    sim = replay("N", prefix)
    call = parse_call(token)
    with pytest.raises(IllegalCallError) as info:
        sim.state.call(sim.state.turn, call)
    assert info.value.law == "18D/27"
    assert call not in sim.state.legal_calls()
    assert call not in sim.machine_view().legal_calls


def assert_sufficient(prefix: str, token: str) -> None:
    """``token`` after ``prefix`` is accepted by core and machines and becomes the last bid."""
    sim = replay("N", prefix)
    call = parse_call(token)
    assert call in sim.machine_view().legal_calls
    sim.call(sim.state.turn, call)
    assert sim.state.record[-1].call is call


# --- 18A: a bid names one to seven odd tricks and a denomination -----------------------------------
def test_18A_there_are_exactly_35_bids_from_one_club_to_seven_no_trump() -> None:
    assert len(BIDS) == 35
    assert {b.level for b in BIDS} == set(range(1, 8))
    assert {b.strain for b in BIDS} == set(Strain)
    assert (BIDS[0].text, BIDS[-1].text) == ("1C", "7NT")


def test_18A_pass_double_and_redouble_are_calls_but_not_bids() -> None:
    assert not any(c.is_bid for c in (PASS, DOUBLE, REDOUBLE))
    assert all(b.is_bid for b in BIDS)


def test_18A_after_seven_no_trump_no_bid_is_left() -> None:
    state = AuctionState.start("N").calls("7NT")
    assert not any(c.is_bid for c in state.legal_calls())


# --- 18B: superseding -------------------------------------------------------------------------------
@pytest.mark.parametrize("level", range(1, 8))
def test_18B_same_level_in_a_higher_denomination_supersedes(level: int) -> None:
    for low, high in itertools.combinations(Strain, 2):
        assert Call.bid(level, high).supersedes(Call.bid(level, low))
        assert not Call.bid(level, low).supersedes(Call.bid(level, high))


def test_18B_more_odd_tricks_in_any_denomination_supersedes() -> None:
    for low, high in itertools.product(Strain, Strain):
        for level in range(1, 7):
            assert Call.bid(level + 1, high).supersedes(Call.bid(level, low))


def test_18B_a_bid_does_not_supersede_itself() -> None:
    assert not any(b.supersedes(b) for b in BIDS)


def test_18B_superseding_is_the_rank_order_of_the_35_bids() -> None:
    for i, j in itertools.combinations(range(35), 2):
        assert BIDS[j].supersedes(BIDS[i]) and not BIDS[i].supersedes(BIDS[j])


def test_18B_any_bid_supersedes_no_bid_and_calls_that_are_not_bids_supersede_nothing() -> None:
    assert all(b.supersedes(None) for b in BIDS)
    assert not any(c.supersedes(BIDS[0]) or c.supersedes(None) for c in (PASS, DOUBLE, REDOUBLE))


# --- 18C: sufficient bids ----------------------------------------------------------------------------
@pytest.mark.parametrize("opening", BIDS, ids=lambda b: b.text)
def test_18C_the_sufficient_bids_are_exactly_those_ranking_above_the_last_bid(opening: Call) -> None:
    state = AuctionState.start("E").calls(opening.text)
    bids = tuple(c for c in state.legal_calls() if c.is_bid)
    assert bids == BIDS[opening.code + 1:]


def test_18C_one_spade_over_one_heart_is_sufficient() -> None:
    assert_sufficient("1H", "1S")


def test_18C_two_clubs_over_one_no_trump_is_sufficient() -> None:
    assert_sufficient("1NT", "2C")


def test_18C_partner_may_raise_and_the_bidder_may_rebid() -> None:
    assert_sufficient("1H P", "2H")
    assert_sufficient("1H P 2H P", "4H")


def test_18C_a_jump_is_as_sufficient_as_a_minimum_bid() -> None:
    assert_sufficient("1C", "7NT")


# --- 18D: insufficient bids ---------------------------------------------------------------------------
def test_18D_one_club_over_one_heart_is_insufficient() -> None:
    assert_insufficient("1H", "1C")


def test_18D_repeating_the_last_bid_is_insufficient() -> None:
    assert_insufficient("1H", "1H")


def test_18D_a_lower_level_is_insufficient_whatever_the_denomination() -> None:
    assert_insufficient("3C", "2NT")


def test_18D_the_bid_to_beat_is_the_last_bid_not_the_bidders_own() -> None:
    assert_insufficient("1S P 1NT", "1S")  # North's own 1S is no longer the last bid


def test_18D_passes_do_not_lower_the_bar() -> None:
    assert_insufficient("1H P P", "1D")


def test_18D_a_double_or_redouble_does_not_lower_the_bar() -> None:
    assert_insufficient("1H X", "1D")
    assert_insufficient("1H X XX", "1H")
    assert_sufficient("1H X XX", "1S")


def test_18D_nothing_is_sufficient_over_seven_no_trump() -> None:
    for bid in BIDS:
        assert_insufficient("7NT", bid.text)
    assert_insufficient("7NT P", "7NT")


# --- 18E: rank of the denominations --------------------------------------------------------------------
def test_18E_no_trump_spades_hearts_diamonds_clubs_in_descending_order() -> None:
    assert sorted(Strain, reverse=True) == [Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C]


def test_18E_one_no_trump_outranks_one_spade() -> None:
    assert_sufficient("1S", "1NT")
    assert_insufficient("1NT", "1S")


@pytest.mark.parametrize(("low", "high"), [("1C", "1D"), ("1D", "1H"), ("1H", "1S"), ("1S", "1NT")])
def test_18E_each_denomination_outranks_the_one_below(low: str, high: str) -> None:
    assert_sufficient(low, high)
    assert_insufficient(high, low)
