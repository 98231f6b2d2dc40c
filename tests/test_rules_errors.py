"""Every illegal call in the legal-auction core is refused with an error naming the law, and a
refused call changes nothing.

Laws named: an insufficient bid 18D/27, a double not permitted 19A1/36, a redouble not permitted
19B1/36, a bid above seven 38, a call after the auction ended 39 (22/39 from the bare key
function), a call out of rotation 28-34.
"""

from __future__ import annotations

import pytest

from auction_fsm import rules
from auction_fsm.auction import AuctionState
from auction_fsm.calls import ALL_CALLS, PASS, Call, Strain, parse_call
from auction_fsm.errors import AuctionOverError, CallSyntaxError, IllegalCallError, SeatSyntaxError
from auction_fsm.seats import Seat
from auction_fsm.simulator import Simulator

CASES = [  # (auction so far with North dealing, the illegal call, the law)
    ("1H", "1C", "18D/27"),
    ("1NT X", "1S", "18D/27"),
    ("1H P", "X", "19A1/36"),
    ("", "X", "19A1/36"),
    ("1H X P", "X", "19A1/36"),
    ("1H X P", "XX", "19B1/36"),
    ("1H", "XX", "19B1/36"),
    ("1H X 1S", "XX", "19B1/36"),
    ("", "8C", "38"),
    ("1H P", "9NT", "38"),
    ("1H P P P", "P", "39"),
    ("1H P P P", "2H", "39"),
    ("P P P P", "1C", "39"),
    ("P P P P", "8NT", "39"),
]


@pytest.mark.parametrize(("prefix", "token", "law"), CASES)
def test_illegal_call_names_the_law(prefix: str, token: str, law: str) -> None:
    state = AuctionState.start("N").calls(prefix)
    with pytest.raises(IllegalCallError) as info:
        state.call(state.turn, token)
    assert info.value.law == law
    message = str(info.value)
    assert parse_call(token).text in message
    assert law in message


@pytest.mark.parametrize(("prefix", "token", "law"), [c for c in CASES if c[2] == "39"])
def test_calls_after_the_end_raise_auction_over_error(prefix: str, token: str, law: str) -> None:
    state = AuctionState.start("N").calls(prefix)
    with pytest.raises(AuctionOverError):
        state.call(state.turn, token)


@pytest.mark.parametrize(("prefix", "wrong"), [("", Seat.E), ("", Seat.W), ("1C", Seat.S), ("1C X", Seat.N)])
def test_call_out_of_rotation_names_laws_28_to_34(prefix: str, wrong: Seat) -> None:
    state = AuctionState.start("N").calls(prefix)
    assert wrong is not state.turn
    with pytest.raises(IllegalCallError) as info:
        state.call(wrong, "P")
    assert info.value.law == "28-34"
    assert wrong.long_name in str(info.value)


def test_after_the_end_law_39_comes_before_rotation() -> None:
    state = AuctionState.start("N").calls("1C P P P")
    for seat in Seat:
        with pytest.raises(AuctionOverError) as info:
            state.call(seat, "P")
        assert info.value.law == "39"


# --- the bare key functions -------------------------------------------------------------------------
@pytest.mark.parametrize(("prefix", "token", "law"), [
    ("1H", "1C", "18D/27"), ("1H P", "X", "19A1/36"), ("1H", "XX", "19B1/36"), ("1H P P P", "P", "22/39"),
])
def test_rules_step_names_the_law(prefix: str, token: str, law: str) -> None:
    key = AuctionState.start("N").calls(prefix).key
    code = parse_call(token).code
    assert rules.step_or_none(key, code) is None
    with pytest.raises(IllegalCallError) as info:
        rules.step(key, code)
    assert info.value.law == law


def test_rules_step_refuses_bids_above_seven_as_law_38() -> None:
    key = rules.initial_key(0)
    code = Call.bid(8, Strain.S).code
    assert rules.step_or_none(key, code) is None
    with pytest.raises(IllegalCallError) as info:
        rules.step(key, code)
    assert info.value.law == "38"


def test_rules_step_and_the_successor_table_agree_on_every_key_and_call() -> None:
    table = rules.successor_table()
    for key, row in table.items():
        assert len(row) == 38
        for code, nxt in enumerate(row):
            stepped = rules.step_or_none(key, code)
            assert (-1 if stepped is None else stepped) == nxt
        assert rules.legal_codes(key) == tuple(c for c, n in enumerate(row) if n >= 0)
        assert (rules.legal_codes(key) == ()) == rules.is_final(key)


# --- a refused call changes nothing ------------------------------------------------------------------
@pytest.mark.parametrize(("prefix", "token", "law"), CASES)
def test_the_state_is_unchanged_after_a_refused_call(prefix: str, token: str, law: str) -> None:
    state = AuctionState.start("N").calls(prefix)
    before = (state.key, state.record, state.obligations, state.legal_calls(), state.phase)
    with pytest.raises(IllegalCallError):
        state.call(state.turn, token)
    assert (state.key, state.record, state.obligations, state.legal_calls(), state.phase) == before
    assert state == AuctionState.start("N").calls(prefix)
    if not state.is_over:  # and it can go on as if nothing had happened
        assert state.call(state.turn, PASS).record[-1].call is PASS


def test_the_simulator_is_unchanged_after_refused_input() -> None:
    sim = Simulator("N")
    for token in ["1H", "P"]:
        sim.call(sim.state.turn, token)
    state, steps, view = sim.state, list(sim.steps), sim.machine_view()
    with pytest.raises(CallSyntaxError):
        sim.call("S", "1Q")
    with pytest.raises(SeatSyntaxError):
        sim.call("Q", "2H")
    assert sim.state is state
    assert sim.steps == steps
    assert sim.machine_view() == view == sim.core_view()
    sim.call("S", "2H")
    assert len(sim.steps) == 3


def test_every_refused_call_is_missing_from_the_legal_calls() -> None:
    state = AuctionState.start("N").calls("1H X")
    legal = set(state.legal_calls())
    for call in ALL_CALLS:
        if call in legal:
            state.call(state.turn, call)
        else:
            with pytest.raises(IllegalCallError):
                state.call(state.turn, call)
