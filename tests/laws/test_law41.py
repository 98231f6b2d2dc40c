"""Law 41 and the clarification period: the face-down opening lead (41A), questions before it is
faced (41B with 20C2 and 20F2, at the right players' turn, never the presumed dummy), facing the
lead to end the auction period (41C, 17D1), and a change of call for misinformation (21B1) that
reopens the auction and sends the face-down lead back to the hand.

Every walk runs through the pure core and through :class:`~auction_fsm.simulator.Simulator`
(machines cross-checked after each event) and the two must agree; every refusal must leave the
simulator exactly where it was.
"""

from __future__ import annotations

from typing import Any

import pytest

from auction_fsm.auction import AuctionState
from auction_fsm.errors import AuctionOverError, DecisionError, IllegalCallError
from auction_fsm.seats import Seat

from .lead_helpers import more, outcome, refused, table


def record(s: AuctionState) -> list[str]:
    """Every call as ``"W P withdrawn 21B1"`` (the law only when the call has one)."""
    return [f"{r.seat.name} {r.call} {r.status}" + (f" {r.law}" if r.law else "") for r in s.record]


AUCTION = "N 1NT, E P, S 3NT, W P, N P, E P"  # 3NT by North; East is to lead, South is dummy
BEFORE_ANY_LEAD: dict[str, Any] = {
    "phase": "clarification",
    "contract": "3NT",
    "presumed": ("N", "S", "E"),
    "actual": ("N", "S", "E"),
    "pending": None,
    "penalty_cards": [],
    "lead_rules": [],
    "leads": [],
    "opening_lead": None,
}


# --- 41A: the face-down opening lead ---------------------------------------------------------------
def test_41A_after_the_final_pass_the_clarification_period_begins() -> None:
    sim = table("N", AUCTION)
    assert outcome(sim.state) == BEFORE_ANY_LEAD
    assert sim.phase == "clarification" and sim.state.rulings == ()


def test_41A_presumed_leader_leads_face_down_and_the_lead_stands_unfaced() -> None:
    sim = table("N", AUCTION, "E leads S4 down")
    s = sim.state
    assert outcome(s) == {
        **BEFORE_ANY_LEAD,
        "phase": "opening_lead",
        "leads": [("E", "S4", "down", "stands", None)],
        "opening_lead": ("E", "S4", False),
    }
    assert [r.law for r in s.rulings] == ["41A"]
    assert sim.phase == "opening_lead"
    refused(sim, "E leads S5", DecisionError, match="already been made")
    refused(sim, "W leads D2 down", DecisionError, match="already been made")
    refused(sim, "N leads D2", DecisionError, match="already been made")
    # (a lead *faced* by East's partner over it is Law 54's case: tests/laws/test_law54.py)


def test_41C_facing_the_lead_ends_the_auction_period() -> None:
    sim = table("N", AUCTION, "E leads S4 down, face")
    s = sim.state
    assert outcome(s) == {
        **BEFORE_ANY_LEAD,
        "phase": "play",
        "leads": [("E", "S4", "up", "stands", None)],
        "opening_lead": ("E", "S4", True),
    }
    assert [r.law for r in s.rulings] == ["41A", "41C, 17D1"]
    refused(sim, "face", AuctionOverError, law="17D1", match="outside this model")


def test_41C_a_lead_made_face_up_by_the_right_defender_ends_the_period_at_once() -> None:
    s = table("N", AUCTION, "E leads S4").state
    assert outcome(s) == {
        **BEFORE_ANY_LEAD,
        "phase": "play",
        "leads": [("E", "S4", "up", "stands", None)],
        "opening_lead": ("E", "S4", True),
    }
    assert [r.law for r in s.rulings] == ["41C, 17D1"]


def test_41A_face_down_lead_by_the_wrong_defender_goes_back_without_penalty() -> None:
    sim = table("N", AUCTION, "W leads D2 down")
    s = sim.state
    assert outcome(s) == {**BEFORE_ANY_LEAD, "leads": [("W", "D2", "down", "withdrawn", "41A")]}
    assert [r.law for r in s.rulings] == ["41A"] and "returned" in s.rulings[0].summary
    s = more(sim, "E leads D2 down, face").state  # the right defender may lead the same suit
    assert outcome(s)["phase"] == "play" and outcome(s)["opening_lead"] == ("E", "D2", True)


def test_41_nothing_to_face_before_a_face_down_lead() -> None:
    sim = table("N", AUCTION)
    refused(sim, "face", DecisionError, match="no face-down opening lead")


def test_41_no_lead_before_the_auction_ends() -> None:
    sim = table("N", "N 1NT, E P, S 3NT")
    message = refused(sim, "W leads S4", DecisionError)
    assert "during the auction" in message and "Law 24" in message


# --- 41B, 20C2, 20F2: review and explanation in the clarification period ----------------------
@pytest.mark.parametrize("request_", ["review", "explain"])
def test_20C2_20F2_before_any_lead_the_presumed_leader_at_his_turn_to_play_may_ask(request_: str) -> None:
    # East is at his first turn to play: the opening lead (20C2, 20F2).
    sim = table("N", AUCTION)
    s = more(sim, f"E {request_}").state
    assert outcome(s) == BEFORE_ANY_LEAD  # a question changes nothing
    assert s.record == table("N", AUCTION).state.record
    law = s.rulings[-1].law
    assert law == ("20C2" if request_ == "review" else "20F2")
    if request_ == "review":
        assert s.rulings[-1].summary.endswith("N 1NT, E P, S 3NT, W P, N P, E P")


@pytest.mark.parametrize("request_", ["review", "explain"])
@pytest.mark.parametrize("seat", ["N", "W"])
def test_41B_declarer_and_leaders_partner_wait_for_the_face_down_lead(seat: str, request_: str) -> None:
    # Issue 40: 41B gives declarer and the leader's partner their questions after the opening
    # lead is made face down and before it is faced; neither is at a turn to play before that
    # (20C2, 20F2).  Refused with the law, nothing changes; allowed once the lead is face down.
    sim = table("N", AUCTION)
    message = refused(sim, f"{seat} {request_}", DecisionError, match="41B")
    assert "face down" in message
    s = more(sim, "E leads S4 down", f"{seat} {request_}").state
    assert s.phase == "opening_lead" and s.rulings[-1].law.endswith("41B")


@pytest.mark.parametrize("request_", ["review", "explain"])
@pytest.mark.parametrize("seat", ["N", "W"])
def test_41B_after_the_face_down_lead_declarer_and_leaders_partner_may_ask(seat: str, request_: str) -> None:
    s = table("N", AUCTION, "E leads S4 down", f"{seat} {request_}").state
    assert outcome(s)["phase"] == "opening_lead"
    assert outcome(s)["opening_lead"] == ("E", "S4", False)
    assert len(s.rulings) == 2


@pytest.mark.parametrize("request_", ["review", "explain", "explain 1"])
@pytest.mark.parametrize("lead", ["", "E leads S4 down"])
def test_41B_the_presumed_dummy_may_not_ask(lead: str, request_: str) -> None:
    sim = table("N", AUCTION, lead)
    message = refused(sim, f"S {request_}", DecisionError)
    assert "South is dummy" in message


@pytest.mark.parametrize("request_", ["review", "explain"])
def test_41B_the_opening_leader_may_not_ask_after_leading_face_down(request_: str) -> None:
    # 41B gives the questions after the face-down lead to the leader's partner and the presumed
    # declarer; the leader's own turn to ask (20C2, 20F2) ended with the lead.
    sim = table("N", AUCTION, "E leads S4 down")
    message = refused(sim, f"E {request_}", DecisionError, match="41B")
    assert "East has led face down" in message


@pytest.mark.parametrize("text", ["N explain 3", "N explain 1", "W explain 2", "E explain 7"])
def test_20F2_questions_are_about_an_opponents_call(text: str) -> None:
    # After the final pass declarer asks about a defender's call and a defender about the
    # opposing auction (20F2): never about one's own side's calls, nor about a call not made.
    sim = table("N", AUCTION, "E leads S4 down")
    refused(sim, text, DecisionError)
    s = more(sim, "N explain 2, W explain 3").state  # East's pass; South's 3NT
    assert [r.law for r in s.rulings] == ["41A", "20F2, 41B", "20F2, 41B"]


def test_41B_questions_wait_while_a_decision_is_pending() -> None:
    sim = table("N", AUCTION, "W leads D2")  # a faced lead out of turn: declarer must choose
    refused(sim, "N review", DecisionError, match="must wait")
    refused(sim, "E explain", DecisionError, match="must wait")


# --- 21B1 in the clarification period -----------------------------------------------------------
MISINFORMED = "N 1NT, E P, S 2D, W P, N 2H, E P, S P, W P"  # 2H by North; East leads; 2D unalerted


def test_21B1_change_after_misinformation_reopens_the_auction_and_returns_the_face_down_lead() -> None:
    sim = table("N", MISINFORMED, "E leads SJ down, W explain, W change 3D misinformation")
    s = sim.state
    assert outcome(s)["pending"] == ("misinformation.awaiting_judgement", "director",
                                     ("misinformation", "no_misinformation"))
    assert outcome(s)["opening_lead"] == ("E", "SJ", False)  # nothing moves before the ruling
    s = more(sim, "judge misinformation yes").state
    assert record(s) == ["N 1NT stands", "E P stands", "S 2D stands", "W P stands", "N 2H stands",
                         "E P stands", "S P stands", "W P withdrawn 21B1", "W 3D stands"]
    assert outcome(s) == {
        "phase": "auction",
        "contract": None,
        "presumed": None,
        "actual": None,
        "pending": None,
        "penalty_cards": [],
        "lead_rules": [],
        "leads": [("E", "SJ", "down", "withdrawn", "41A")],
        "opening_lead": None,
    }
    assert s.turn is Seat.N and sim.phase == "auction"
    assert [r.law for r in s.rulings] == ["41A", "20F2, 41B", "21B1", "41A", "21B1"]
    s = more(sim, "N P, E P, S P").state
    assert outcome(s) == {
        "phase": "clarification",
        "contract": "3D",
        "presumed": ("W", "E", "N"),
        "actual": ("W", "E", "N"),
        "pending": None,
        "penalty_cards": [],
        "lead_rules": [],
        "leads": [("E", "SJ", "down", "withdrawn", "41A")],
        "opening_lead": None,
    }
    s = more(sim, "N leads HA down, face").state
    assert outcome(s)["phase"] == "play" and outcome(s)["opening_lead"] == ("N", "HA", True)


NO_MISINFORMATION = "E leads SJ down, W change 3D misinformation, judge misinformation no"


def test_21B1_no_misinformation_found_the_call_and_the_face_down_lead_stand() -> None:
    sim = table("N", MISINFORMED, NO_MISINFORMATION)
    s = sim.state
    assert record(s)[-1] == "W P stands"
    assert outcome(s) == {
        **outcome(table("N", MISINFORMED).state),
        "phase": "opening_lead",
        "leads": [("E", "SJ", "down", "stands", None)],
        "opening_lead": ("E", "SJ", False),
    }
    assert outcome(s)["contract"] == "2H" and outcome(s)["presumed"] == ("N", "S", "E")
    assert [r.law for r in s.rulings] == ["41A", "21B1", "21B1"]
    assert sim.phase == "opening_lead"  # the machines remember the face-down lead too
    assert more(sim, "face").state.phase == "play"


def test_39_a_call_after_the_final_pass_while_a_face_down_lead_stands() -> None:
    sim = table("N", AUCTION, "E leads S4 down, W 4S, director")
    s = sim.state
    assert record(s)[-1] == "W 4S cancelled 39A"
    assert outcome(s)["phase"] == sim.phase == "opening_lead"
    assert outcome(s)["opening_lead"] == ("E", "S4", False)
    assert [r.law for r in s.rulings] == ["41A", "39A", "39C"]  # the director rules when he arrives


def test_21B1_change_before_any_lead_reopens_the_auction() -> None:
    s = table("N", MISINFORMED, "W change 3D misinformation, judge misinformation yes").state
    assert outcome(s)["phase"] == "auction" and outcome(s)["leads"] == []
    assert record(s)[-2:] == ["W P withdrawn 21B1", "W 3D stands"]


def test_21B1a_no_change_once_partner_has_called_since() -> None:
    # too late: the attempted double stays in the record, cancelled (16C); the lead stays
    s = table("N", MISINFORMED, "E leads SJ down", "E change X misinformation").state
    assert record(s)[-1] == "E X cancelled 21B1a"
    assert outcome(s)["phase"] == "opening_lead" and outcome(s)["contract"] == "2H"
    sim = table("N", MISINFORMED, "E leads SJ down")
    message = refused(sim, "E change P misinformation", IllegalCallError, law="21B1a")
    assert "partner has called since" in message


def test_21B1_no_change_once_the_lead_is_faced() -> None:
    sim = table("N", MISINFORMED, "E leads SJ down, face")
    refused(sim, "W change 3D misinformation", AuctionOverError, law="17D1", match="17D1")
