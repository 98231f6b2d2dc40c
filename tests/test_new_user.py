"""The small things a new user ran into (issue 10, "Found by a new user"): events built from
text in Python, the JSON report of a bare state, decisions narrated in words, the licence.

The command-line items (standard input, ``draw --only``, progress, start-up imports) are in
``test_cli_lazy.py``.
"""

from __future__ import annotations

import configparser
from pathlib import Path

import pytest

from auction_fsm import AuctionState, CallSyntaxError, SeatSyntaxError
from auction_fsm.calls import Call
from auction_fsm.events import CallEvent
from auction_fsm.report import VULNERABILITIES, position_to_json, state_to_json
from auction_fsm.scenario import VULNERABILITIES as SCENARIO_VULNERABILITIES
from auction_fsm.seats import Seat
from auction_fsm.simulator import Simulator

ROOT = Path(__file__).resolve().parent.parent


# --- CallEvent from plain strings ---------------------------------------------------------------
# The fields are declared as Seat and Call (what they hold after construction), so a type checker
# flags text; at run time text is read.
def test_call_event_from_text_is_the_same_event() -> None:
    text_event = CallEvent("e", "1c")  # type: ignore[arg-type]
    assert text_event == CallEvent(Seat.E, Call.parse("1C")) == CallEvent.of("E", "1C")
    event = CallEvent("W", "dbl")  # type: ignore[arg-type]
    assert type(event.seat) is Seat and type(event.call) is Call and event.call.is_double


def test_call_event_from_text_is_applied_by_the_simulator() -> None:
    sim = Simulator("N")
    sim.call("N", "1H")
    sim.apply(CallEvent("E", "1C"))  # type: ignore[arg-type]  # insufficient: the engine opens its procedure
    assert sim.state.pending is not None and sim.state.pending.procedure == "insufficient_bid"


@pytest.mark.parametrize(("seat", "call", "error", "token"), [
    ("Q", "1C", SeatSyntaxError, "'Q'"),
    (None, "1C", SeatSyntaxError, "None"),
    ("E", "1Z", CallSyntaxError, "'1Z'"),
    ("E", 3, CallSyntaxError, "3"),
])
def test_call_event_with_unreadable_values_is_a_clear_error(seat: object, call: object,
                                                            error: type[Exception], token: str) -> None:
    with pytest.raises(error, match="CallEvent") as caught:
        CallEvent(seat, call)  # type: ignore[arg-type]
    assert token in str(caught.value)


# --- the JSON report of an AuctionState ---------------------------------------------------------
def test_report_of_a_bare_state_matches_the_simulator_report() -> None:
    sim = Simulator("S", "NS")
    for seat, call in [("S", "1S"), ("W", "P"), ("N", "2S")]:
        sim.call(seat, call)
    assert state_to_json(sim.state, vulnerability="NS") == state_to_json(sim)
    bare = state_to_json(AuctionState.start("S").calls("1S", "P", "2S"))
    assert bare["vulnerability"] == "None"  # the default of a simulator and of a scenario file
    assert bare["dealer"] == "S" and bare["to_act"] == "E"
    assert {k: v for k, v in bare.items() if k != "vulnerability"} == {
        k: v for k, v in state_to_json(sim).items() if k != "vulnerability"}
    assert position_to_json(sim.state).items() <= state_to_json(sim.state).items()


def test_report_refuses_an_unknown_vulnerability() -> None:
    from auction_fsm.errors import ScenarioError

    with pytest.raises(ScenarioError, match="'both'"):
        state_to_json(AuctionState.start("N"), vulnerability="both")
    assert VULNERABILITIES == SCENARIO_VULNERABILITIES


# --- the licence --------------------------------------------------------------------------------
def test_the_package_says_its_licence() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License")
    assert "Copyright (c) 2026 the auction-fsm authors" in text
    cfg = configparser.ConfigParser()
    cfg.read(ROOT / "setup.cfg", encoding="utf-8")
    assert cfg["metadata"]["license"] == "MIT"
    assert "License :: OSI Approved :: MIT License" in cfg["metadata"]["classifiers"]
    assert cfg["metadata"]["license_files"].strip() == "LICENSE"
