"""Laws 28 and 29: calls considered in rotation, and the procedure after a call out of rotation."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from auction_fsm.calls import Call
from auction_fsm.cli import main
from auction_fsm.errors import DecisionError

from .conftest import laws, outcome, record, ruling_laws, unchanged_after, walk


# --- 28A: RHO required to pass ---------------------------------------------------------------
def test_28A_bid_at_silenced_rho_turn_is_in_rotation_and_rho_pass_is_deemed() -> None:
    # East's exposed king obliges West to pass (24B); North bids at West's turn.
    s = walk("N", "N 1H, E expose SK, E 1S, S P, N 2H")
    assert outcome(s) == {
        "record": ["N 1H stands", "E 1S stands", "S P stands", "W P stands", "N 2H stands"],
        "obligations": {},
        "turn": "E",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert laws(s)[3] == "28A" and s.record[3].irregularity == "deemed_pass"
    assert ruling_laws(s) == ["24B", "28A"]
    s = walk("N", "N 1H, E expose SK, E 1S, S P, N 2H, E P, S P, W P")
    assert outcome(s)["result"] == ("2H", "N", "S", "E")
    assert [(e.seat.name, e.card.text, e.law) for e in s.exposed] == [("E", "SK", "24B")]


def test_28A_pass_at_silenced_rho_turn_is_in_rotation() -> None:
    # South must pass at the next turn (30A); West passes at South's turn.
    s = walk("N", "N 1H, S P, director, judge artificial no, E 1S, W P")
    assert outcome(s) == {
        "record": ["N 1H stands", "S P@E cancelled", "E 1S stands", "S P stands", "W P stands"],
        "obligations": {},
        "turn": "N",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert laws(s)[3] == "28A"


def test_28A_call_after_deemed_pass_that_ends_the_auction_stays_in_the_record() -> None:
    s = walk("N", "N 1H, E expose SK, E P, S P, N 2H")
    assert s.is_over and outcome(s)["result"] == ("1H", "N", "S", "E")
    last = s.record[-1]
    assert (last.seat.name, last.call.text, last.status) == ("N", "2H", "cancelled")


# --- 28B: the correct player calls before rectification ----------------------------------
def test_28B_correct_player_calls_over_bid_out_of_rotation_cancelling_it_without_rectification() -> None:
    s = walk("N", "N 1H, S 2H")
    assert outcome(s)["pending"] == ("out_of_rotation.awaiting_decision", "W",
                                     ("accept", "correct_player_calls", "director"))
    assert s.pending is not None and s.pending.law == "28B, 29A"
    s = walk("N", "N 1H, S 2H, E P")
    assert outcome(s) == {
        "record": ["N 1H stands", "S 2H@E cancelled", "E P stands"],
        "obligations": {},
        "turn": "S",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert laws(s)[1] == "28B" and ruling_laws(s) == ["28B"]
    # South may now call anything (26 does not apply): even the cancelled 2H, freely.
    s = walk("N", "N 1H, S 2H, E P, S 2H, W P, N P, E P")
    assert outcome(s)["result"] == ("2H", "N", "S", "E")
    assert outcome(s)["obligations"] == {} and s.restrictions == ()


def test_28B_correct_player_cancels_double_out_of_rotation() -> None:
    # West doubles 1H at South's turn; South, whose turn it was, calls before any ruling.
    s = walk("N", "N 1H, E P, W X, S 2H")
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "W X@S cancelled", "S 2H stands"],
        "obligations": {},
        "turn": "W",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert laws(s)[2] == "28B"



def test_28B_right_player_calls_after_the_director_arrives_before_the_rectification_is_assessed() -> None:
    # East bids 1S at North's turn; the director is called and explains South's options; before
    # South chooses, North, whose turn it was, bids 1H: East's 1S is cancelled with no
    # rectification and East calls in rotation (28B: until the rectification is assessed).
    s = walk("N", "E 1S, director")
    assert outcome(s)["pending"] == ("out_of_rotation.awaiting_choice", "S", ("accept", "decline"))
    s = walk("N", "E 1S, director, N 1H")
    assert outcome(s) == {
        "record": ["E 1S@N cancelled", "N 1H stands"],
        "obligations": {},
        "turn": "E",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert ruling_laws(s)[-1] == "28B"

# --- 29A: LHO accepts by calling ----------------------------------------------------------------
def test_29A_lho_calls_over_bid_out_of_rotation_accepting_it() -> None:
    s = walk("N", "N 1H, S 2H, W P")
    assert outcome(s) == {
        "record": ["N 1H stands", "S 2H@E stands", "W P stands"],
        "obligations": {},
        "turn": "N",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert laws(s)[1] == "29A" and ruling_laws(s) == ["29A"]
    s = walk("N", "N 1H, S 2H, W P, N P, E P")
    assert outcome(s)["result"] == ("2H", "N", "S", "E")


def test_29A_lho_accepts_pass_out_of_rotation_by_bidding() -> None:
    # South passes at East's turn; West, South's LHO, accepts it by bidding: East lost a turn.
    s = walk("N", "N 1H, S P, W 1S")
    assert outcome(s) == {
        "record": ["N 1H stands", "S P@E stands", "W 1S stands"],
        "obligations": {},
        "turn": "N",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert laws(s)[1] == "29A"


def test_28B_pass_out_of_rotation_at_lho_turn_cancelled_when_lho_calls() -> None:
    # West passes at North's turn (dealer North).  North is both West's LHO and the player whose
    # turn it was: North's call is in rotation (28B), so West's pass is cancelled, not accepted.
    s = walk("N", "W P")
    assert outcome(s)["pending"] == ("out_of_rotation.awaiting_decision", "N",
                                     ("correct_player_calls", "director"))
    s = walk("N", "W P, N 1S")
    assert outcome(s) == {
        "record": ["W P@N cancelled", "N 1S stands"],
        "obligations": {},
        "turn": "E",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert laws(s)[0] == "28B"


def test_29A_legal_calls_after_accepted_pass_that_skipped_a_seat() -> None:
    s = walk("N", "N 1H, W P, N P")
    assert record(s) == ["N 1H stands", "W P@E stands", "N P stands"] and s.turn.name == "E"
    legal = s.legal_calls()
    assert Call.parse("X") in legal and Call.parse("1S") in legal and Call.parse("1H") not in legal


def test_29A_other_seats_cannot_accept() -> None:
    # Only the offender's LHO accepts by calling; the offender's partner calling is refused.
    s = walk("N", "N 1H, S 2H")
    unchanged_after(s, DecisionError, "N P", match="waiting for West, who may accept it")
    assert record(s) == ["N 1H stands", "S 2H@E pending"]


# --- 29B: not accepted, cancelled; the auction reverts -----------------------------------------
def test_29B_director_cancels_bid_out_of_rotation_and_auction_reverts_to_east() -> None:
    s = walk("N", "N 1H, S 2H, director, declined")
    assert outcome(s)["pending"] == ("out_of_rotation.awaiting_artificial_judgement", "director",
                                     ("artificial", "natural"))
    assert s.pending is not None and s.pending.law == "29C, 30C"
    s = walk("N", "N 1H, S 2H, director, declined, judge artificial no")
    assert outcome(s) == {
        "record": ["N 1H stands", "S 2H@E cancelled"],
        "obligations": {},
        "turn": "E",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert laws(s)[1] == "29B"
    assert s.legal_calls()[0] == Call.parse("1S")


# --- 29C: artificial call out of rotation ---------------------------------------------------
def test_29C_artificial_transfer_out_of_rotation_rectified_by_the_suit_it_showed() -> None:
    s = walk("N", "N 1NT, S 2D, director, declined, judge artificial yes H")
    assert outcome(s) == {
        "record": ["N 1NT stands", "S 2D@E cancelled"],
        "obligations": {},
        "turn": "E",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert ruling_laws(s) == ["29C", "31A"]
    assert "(hearts)" in s.rulings[1].summary
    # East passes: South must repeat the transfer (31A1), then the auction is normal.
    s = walk("N", "N 1NT, S 2D, director, declined, judge artificial yes H, E P")
    assert outcome(s)["obligations"] == {"S": [("repeat_call", "31A1", "2D")]}
    s = walk("N", "N 1NT, S 2D, director, declined, judge artificial yes H, E P, S 2D, W P, N 2H, E P, S P, W P")
    assert outcome(s) == {
        "record": ["N 1NT stands", "S 2D@E cancelled", "E P stands", "S 2D stands", "W P stands",
                   "N 2H stands", "E P stands", "S P stands", "W P stands"],
        "obligations": {},
        "turn": None,
        "pending": None,
        "restrictions": [],
        "result": ("2H", "N", "S", "E"),
    }


def test_29C_a_judgement_while_LHO_may_still_accept_is_a_ruling_on_a_declined_call() -> None:
    """The director rules 29C only on a call that was not accepted (29B), so a judgement entered
    while West's accept/decline is open reaches the position West's decline then the judgement
    reaches (docs/modelling-decisions.md, issue 21)."""
    from auction_fsm.auction import AuctionState
    from auction_fsm.engine import step

    from .conftest import events

    def position(*texts: str) -> AuctionState:
        state = AuctionState.start("N")
        for e in events(*texts):
            state = step(state, e).after
        return state

    direct = position("N 1C, S 1C, director, judge artificial yes")
    declined = position("N 1C, S 1C, director, W choose decline, judge artificial yes")
    assert direct.pending is None and direct.watches
    assert (direct.record, direct.obligations, direct.watches) == (
        declined.record, declined.obligations, declined.watches)


# --- an insufficient bid out of rotation, accepted (issue 40; PBN 2.1 section 3.9) -----------------
def test_29A_27A1_an_insufficient_bid_out_of_rotation_accepted_by_calling_is_accepted_as_insufficient() -> None:
    # PBN 2.1's example "1D ^S ^I 1C": West 1D, East 1C at North's turn, South passes over it.
    # Accepted, the 1C is treated as made in rotation (29A), where it is insufficient over 1D;
    # South, the offender's LHO, has called over it, which accepts the insufficient bid (27A1).
    s = walk("W", "W 1D, E 1C, S P")
    assert record(s) == ["W 1D stands", "E 1C@N stands", "S P stands"]
    assert laws(s)[1] == "29A, 27A1"
    assert ruling_laws(s) == ["29A", "27A1"]
    assert "insufficient" in s.rulings[-1].summary and "1D" in s.rulings[-1].summary
    s = walk("W", "W 1D, E 1C, S P, W P, N P")
    assert s.contract is not None and s.contract.text == "1C" and s.declarer is not None and s.declarer.name == "E"


def test_29A_27A1_accepted_by_choice_after_the_director_explains() -> None:
    s = walk("W", "W 1D, E 1C, director, S choose accept")
    assert laws(s)[1] == "29A, 27A1" and ruling_laws(s)[-2:] == ["29A", "27A1"]


def test_29A_a_sufficient_bid_out_of_rotation_accepted_is_only_29A() -> None:
    s = walk("W", "W 1D, E 2C, S P")
    assert laws(s)[1] == "29A" and ruling_laws(s) == ["29A"]


def test_29A_27A1_check_rules_the_pbn21_example_and_its_note_agrees() -> None:
    shared = [p / "shared" for p in Path(__file__).resolve().parents[3:5] if (p / "shared").is_dir()]
    if not shared:
        pytest.skip("no shared regression folder beside the checkout")
    path = shared[0] / "regressions" / "files" / "pbn21_examples.pbn"
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["check", "--json", str(path)]) == 0
    boards = json.loads(buf.getvalue())["files"][0]["boards"]
    board4 = next(b for b in boards if b["board"] == "4")
    assert board4["calls"] == ["1D", "1C", "P", "P", "P"]
    assert any(r.startswith("27A1:") and "insufficient" in r for r in board4["rulings"])
    assert not any("does not find it insufficient" in n for n in board4["notes"])
    for b in boards:  # no board's ^I mark disagrees with the ruling
        assert not any("does not find it insufficient" in n for n in b["notes"]), b["board"]
