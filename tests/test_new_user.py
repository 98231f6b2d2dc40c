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


# --- pending decisions narrated in words ---------------------------------------------------------
def _after(*calls: str, dealer: str = "N") -> Simulator:
    sim = Simulator(dealer)
    for text in calls:
        seat, call = text.split()
        sim.call(seat, call)
    return sim


def _pending_positions() -> list[AuctionState]:
    """A position waiting for each kind of decision: hand-made ones and every one the bundled
    examples pass through."""
    from auction_fsm.events import ChangeCall, Judgement
    from auction_fsm.scenario import bundled_examples, load_scenario

    states = [_after(*calls).state for calls in (
        ("N 1H", "E 1C"), ("N 1H", "W 1S"), ("N 1H", "E P", "S X"), ("N 8C",),
        ("N 1H", "E P", "S P", "W P", "E X"))]
    sim = _after("N 1H")
    sim.apply(ChangeCall(Seat.N, Call.parse("2H")))
    states.append(sim.state)
    sim.apply(Judgement("unintended", False))
    states.append(sim.state)
    states += [step.after for path in bundled_examples() for step in load_scenario(path).simulate().steps]
    return [s for s in states if s.pending is not None]


def test_every_pending_decision_is_told_in_words() -> None:
    import re

    from auction_fsm.narrate import decision_in_words, describe_outcome

    kinds = set()
    for state in _pending_positions():
        assert state.pending is not None
        kinds.add(state.pending.state_name)
        line = decision_in_words(state)
        assert describe_outcome(state)[0] == line
        assert line.startswith("Waiting for ") and f"(Law {state.pending.law})" in line, line
        assert not re.search(r"\b\w+_\w+\b", line), line  # no identifier such as require_H or let_remain
        assert not re.search(r"\b(choose|options?)\b", line), line
    assert len(kinds) >= 12, kinds


@pytest.mark.parametrize(("calls", "expected"), [
    (("N 1H", "E 1C"), ("Waiting for South: South may accept East's insufficient 1C or call the director "
                       "to rule on it (Law 27A1).")),
    (("N 1H", "E P", "S X"), ("Waiting for West: West may call over South's inadmissible double or call the "
                             "director to rule on it (Law 19, 36).")),
])
def test_a_pending_decision_names_the_irregularity(calls: tuple[str, ...], expected: str) -> None:
    from auction_fsm.narrate import decision_in_words

    assert decision_in_words(_after(*calls).state) == expected


def test_declarer_lead_options_are_grouped_by_suit() -> None:
    from auction_fsm.narrate import decision_in_words

    lines = {decision_in_words(s) for s in _pending_positions()}
    assert ("Waiting for South: South as declarer may require or prohibit a spade lead for West's opening "
            "lead or let the penalty card remain (Law 50D2, 51B).") in lines
    assert ("Waiting for North: North as declarer may prohibit a club, diamond, heart or spade lead for "
            "East's opening lead or prohibit no suit (Law 26B).") in lines


def test_the_json_report_keeps_the_option_identifiers() -> None:
    state = next(s for s in _pending_positions() if s.pending and s.pending.step == "penalty_card")
    assert state_to_json(state)["pending"]["options"] == ["require_S", "prohibit_S", "let_remain"]


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
