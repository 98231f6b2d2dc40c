"""A passed-out board (22B) and the end of its auction period (17D2).

When all four players pass there is no contract, no declarer and no opening lead; the auction
period ends when the hands go back to the board.  Every later call, lead, change of call,
question, exposure, judgement or choice is refused with an error that says why, and nothing
changes.

Every walk runs through the pure core and through :class:`~auction_fsm.simulator.Simulator`
(machines cross-checked after each event) and the two must agree; every refusal must leave the
simulator exactly where it was.
"""

# ruff: noqa: N999  (the module is named after the law paragraphs it tests, as the other law tests are)

from __future__ import annotations

import json
from pathlib import Path

import pytest

from auction_fsm.board_check import Checker
from auction_fsm.board_files import read_path
from auction_fsm.errors import AuctionOverError, DecisionError, IllegalCallError
from auction_fsm.lawbook.exposure import penalty_cards
from auction_fsm.narrate import narrate
from auction_fsm.report import state_to_json
from auction_fsm.seats import Seat, parse_seat

from .lead_helpers import outcome, refused, table

PASSED_OUT = "N P, E P, S P, W P"


@pytest.mark.parametrize("dealer", ["N", "E", "S", "W"])
def test_22B_four_passes_reach_passed_out_in_core_and_machines(dealer: str) -> None:
    first = parse_seat(dealer)
    calls = ", ".join(f"{Seat((first + i) % 4).name} P" for i in range(4))
    sim = table(dealer, calls)
    s = sim.state
    assert outcome(s) == {
        "phase": "passed_out",
        "contract": None,
        "presumed": None,
        "actual": None,
        "pending": None,
        "penalty_cards": [],
        "lead_rules": [],
        "leads": [],
        "opening_lead": None,
    }
    assert sim.phase == "passed_out" and s.is_over and s.is_passed_out
    assert s.legal_calls() == () and s.rulings == ()
    view = sim.machine_view()
    assert view.is_over and view.contract is None and view.turn is None


# event -> (error class, law or None, words the message must contain)
REFUSALS: dict[str, tuple[type[Exception], str | None, str]] = {
    "N 1C": (AuctionOverError, "17D2", "passed out"),
    "E P": (AuctionOverError, "17D2", "passed out"),
    "W X": (AuctionOverError, "17D2", "passed out"),
    "E leads S4": (AuctionOverError, "22B", "passed out"),
    "E leads S4 down": (AuctionOverError, "22B", "no opening lead"),
    "face": (DecisionError, None, "no face-down opening lead"),
    "N change P": (IllegalCallError, "25A4", "partner has called since"),
    "E review": (DecisionError, None, "passed out"),
    "E explain": (DecisionError, None, "passed out"),
    "E expose SA": (DecisionError, None, "passed out: there is no play, so no penalty card"),
    "judge misinformation yes": (DecisionError, None, "no decision is pending"),
    "judge dummy_seen yes": (DecisionError, None, "no decision is pending"),
    "N choose accept": (DecisionError, None, "no decision is pending"),
}


@pytest.mark.parametrize("event", sorted(REFUSALS))
def test_17D2_nothing_happens_after_a_passed_out_board(event: str) -> None:
    sim = table("N", PASSED_OUT)
    exc, law, words = REFUSALS[event]
    message = refused(sim, event, exc, law=law)
    assert words in message, message
    assert outcome(sim.state)["phase"] == "passed_out"


def test_25A4_a_change_too_late_on_a_passed_out_board_stays_cancelled_and_the_board_stays_passed_out() -> None:
    s = table("N", PASSED_OUT, "N change 1C").state
    assert s.phase == "passed_out" and s.record[-1].status == "cancelled" and s.record[-1].law == "25A4"
    assert [r.law for r in s.rulings] == ["25A4"]


def test_17D2_cards_exposed_during_a_passed_out_auction_are_no_penalty_cards() -> None:
    s = table("N", "N P, E expose SK, E P, S P, W P").state
    assert s.phase == "passed_out"
    assert [r.law for r in s.rulings] == ["24B"]
    assert penalty_cards(s) == () and s.picked_up == frozenset()


def test_17D2_the_report_and_the_narration_say_the_auction_period_is_over() -> None:
    sim = table("N", PASSED_OUT)
    data = state_to_json(sim)
    # the hands are still out: a change of call may still come (22B, 25A), so the period is not over
    assert data["phase"] == "passed_out" and data["auction_period_over"] is False
    assert data["passed_out"] is True
    assert (data["contract"], data["declarer"], data["actual_declarer"], data["to_lead"]) == (None,) * 4
    assert data["opening_lead"] is None and data["leads"] == [] and data["penalty_cards"] == []
    told = narrate(sim)
    assert told[-1] == ("Nobody bid, so the auction period ends when the hands go back to the board "
                        "(Law 17D2). All four players passed: the board is passed out (Law 22B).")


def test_17D2_once_the_hands_are_returned_the_report_says_over_and_passed_out() -> None:
    # F06: the report said the period was over while the hands were out and not over once back
    sim = table("N", PASSED_OUT, "hands returned")
    data = state_to_json(sim)
    assert data["phase"] == "hands_returned"
    assert data["auction_period_over"] is True and data["passed_out"] is True
    assert (data["contract"], data["declarer"], data["to_act"], data["legal_calls"]) == (None, None, None, [])
    played = state_to_json(table("N", "N 1NT, E P, S P, W P, E leads S4"))
    assert played["auction_period_over"] is True and played["passed_out"] is False


def test_17D2_check_calls_a_passed_out_board_with_the_hands_returned_legal(tmp_path: Path) -> None:
    # F07: ``check`` called the board incomplete (and returning the hands is no irregularity)
    board = tmp_path / "board.json"
    board.write_text(json.dumps({"format": "auction-fsm-scenario", "version": 1, "dealer": "N",
                                 "events": [*({"type": "call", "seat": s, "call": "P"} for s in "NESW"),
                                            {"type": "hands_returned"}]}), encoding="utf-8")
    report = Checker().check(read_path(board)[1][0])
    assert (report.verdict, report.contract) == ("legal", "Pass")
