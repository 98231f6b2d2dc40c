"""Law 31 of 1997 (bid out of rotation), ruled by the law book ``1997``.

In our words: at RHO's turn, if RHO passes the offender repeats the bid, with no penalty when
that is legal (31A1); if RHO bids, doubles or redoubles, the offender calls freely and partner
passes once if the offender repeats the denomination (31A2a), to the end with lead penalties if
not (31A2b) -- a fact, not a judgement of comparability.  At partner's turn, or at LHO's before
the offender has called, partner passes to the end with lead penalties (31B); later bids at
LHO's turn are changes of call.
"""

from __future__ import annotations

import pytest

from auction_fsm.auction import AuctionState
from auction_fsm.errors import DecisionError, IllegalCallError

from .book1997 import BOOK, calls, walk97
from .conftest import outcome, ruling_laws, run


# --- 31A: at RHO's turn ----------------------------------------------------------------------------
def test_1997_31A_bid_at_rho_turn_is_cancelled_and_waits_for_rho() -> None:
    s = walk97("N", "N 1H, S 1S, director, judge artificial no")
    assert outcome(s) == {
        "record": ["N 1H stands", "S 1S@E cancelled"],
        "obligations": {},
        "turn": "E",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert ruling_laws(s) == ["31A (1997)"]
    assert [(w.kind, w.offender.name, w.call.text, w.law) for w in s.watches] == [
        ("after_rho_call", "S", "1S", "31A (1997)")]


def test_1997_31A1_rho_passes_offender_repeats_the_bid_with_no_penalty() -> None:
    s = walk97("N", "N 1H, S 1S, director, judge artificial no, E P")
    assert outcome(s)["obligations"] == {"S": [("repeat_call", "31A1 (1997)", "1S")]}
    assert calls(s) == ["1S"]
    with pytest.raises(IllegalCallError, match="must repeat 1S"):
        run(s, "S 2S")  # the 2017 engine refuses the same way: the repeat is the only call
    s = walk97("N", "N 1H, S 1S, director, judge artificial no, E P, S 1S, W P, N 2S, E P, S P, W P")
    assert outcome(s)["obligations"] == {} and outcome(s)["restrictions"] == []
    assert outcome(s)["result"] == ("2S", "S", "N", "W")
    assert ruling_laws(s) == ["31A (1997)", "31A1 (1997)"]


def test_1997_31A1_22A_rho_pass_that_ends_the_auction_leaves_no_repeat_owed() -> None:
    # as in 2017 (test_law31.py): West's pass is North's RHO's pass and the auction's final pass
    events = "N P, E 1NT, S P, W P, N X, E P, S P, N 1S, director, judge artificial yes, W P"
    s = walk97("N", events)
    assert outcome(s)["obligations"] == {} and s.is_over
    assert s.rulings[-1].law == "31A1 (1997)" and "ended the auction (22A)" in s.rulings[-1].summary
    s = walk97("N", events + ", N 1S")
    assert s.pending is not None and s.pending.procedure == "call_after_final_pass"


def test_1997_31A2a_rho_bids_offender_repeats_the_denomination_partner_passes_once() -> None:
    s = walk97("N", "N 1H, S 1S, director, judge artificial no, E 2C, S 2S")
    assert outcome(s) == {
        "record": ["N 1H stands", "S 1S@E cancelled", "E 2C stands", "S 2S stands"],
        "obligations": {"N": [("pass_next_turn", "31A2a (1997)", None)]},
        "turn": "W",
        "pending": None,  # no comparability judgement in 1997
        "restrictions": [],
        "result": None,
    }
    assert ruling_laws(s) == ["31A (1997)", "31A2 (1997)", "31A2a (1997)"]
    s = walk97("N", "N 1H, S 1S, director, judge artificial no, E 2C, S 2S, W P")
    assert calls(s) == ["P"]
    s = walk97("N", "N 1H, S 1S, director, judge artificial no, E 2C, S 2S, W P, N P, E 3C, S 3S, W P")
    assert "4S" in calls(s)  # North's later turns are free


def test_1997_31A2a_rho_doubles_offender_repeats_the_denomination() -> None:
    s = walk97("N", "N 1H, S 1S, director, judge artificial no, E X, S 2S")
    assert outcome(s)["obligations"] == {"N": [("pass_next_turn", "31A2a (1997)", None)]}


def test_1997_31A2b_rho_bids_offender_names_another_denomination_partner_passes_to_the_end() -> None:
    s = walk97("N", "N 1H, S 1S, director, judge artificial no, E 2C, S 2NT")
    assert outcome(s) == {
        "record": ["N 1H stands", "S 1S@E cancelled", "E 2C stands", "S 2NT stands"],
        "obligations": {"N": [("pass_rest_of_auction", "31A2b (1997)", None)]},
        "turn": "W",
        "pending": None,
        "restrictions": [("S", "N", "1S", "CDHS")],
        "result": None,
    }
    assert ruling_laws(s)[-1] == "31A2b (1997)"


def test_1997_31A2b_offender_passes_after_rho_bids_does_not_repeat_the_denomination() -> None:
    s = walk97("N", "N 1H, S 1S, director, judge artificial no, E 2C, S P")
    assert outcome(s)["obligations"] == {"N": [("pass_rest_of_auction", "31A2b (1997)", None)]}


def test_1997_31A2a_artificial_bid_repeats_a_denomination_it_showed() -> None:
    # South's 1S at East's turn is judged artificial, showing diamonds (29C of 2017 keeps the
    # denominations it showed): 2D repeats the denomination, 2S does not.
    s = walk97("N", "N 1H, S 1S, director, judge artificial yes D, E 2C, S 2D")
    assert outcome(s)["obligations"] == {"N": [("pass_next_turn", "31A2a (1997)", None)]}
    s = walk97("N", "N 1H, S 1S, director, judge artificial yes D, E 2C, S 2S")
    assert outcome(s)["obligations"] == {"N": [("pass_rest_of_auction", "31A2b (1997)", None)]}


def test_1997_31A2_offender_call_ending_the_auction_settles_partner_and_the_lead() -> None:
    # South's pass is the third in a row: the auction ends; 31A2b gives declarer lead rights.
    s = walk97("N", "N 1H, S 1S, director, judge artificial no, E 2C, S P, W P, N P")
    assert outcome(s)["result"] == ("2C", "E", "W", "S")
    assert outcome(s)["restrictions"] == [("S", "N", "1S", "CDHS")]


# --- 31B: at partner's turn, or at LHO's turn before the offender has called -------------------------
def test_1997_31B_bid_at_partner_turn_partner_passes_to_the_end_with_lead_penalties() -> None:
    s = walk97("N", "N 1H, W 1S, director, declined, judge artificial no")
    assert outcome(s) == {
        "record": ["N 1H stands", "W 1S@E cancelled"],
        "obligations": {"E": [("pass_rest_of_auction", "31B (1997)", None)]},
        "turn": "E",
        "pending": None,
        "restrictions": [("W", "E", "1S", "CDHS")],
        "result": None,
    }
    assert ruling_laws(s) == ["31B (1997)"] and calls(s) == ["P"]


def test_1997_31B_bid_at_lho_turn_before_the_offender_has_called() -> None:
    s = walk97("N", "W 1S, director, judge artificial no")  # dealer North; West bids at North's turn
    assert outcome(s)["obligations"] == {"E": [("pass_rest_of_auction", "31B (1997)", None)]}
    assert outcome(s)["turn"] == "N" and outcome(s)["restrictions"] == [("W", "E", "1S", "CDHS")]


def test_1997_31B_later_bid_at_lho_turn_is_a_change_of_call() -> None:
    s = walk97("N", "N 1H, E P, S 2H, S 3H")
    assert outcome(s)["pending"] == ("change_of_call.awaiting_judgement", "director", ("unintended", "intended"))
    assert ruling_laws(s) == ["31B (1997)"]
    s = walk97("N", "N 1H, E P, S 2H, S 3H, judge unintended no, W choose refuse")
    assert outcome(s)["record"][2] == "S 2H stands" and outcome(s)["turn"] == "W"


def test_1997_31_the_book_is_the_one_the_position_names() -> None:
    s = walk97("N", "N 1H, S 1S, director, judge artificial no")
    assert s.law_book == BOOK.name == "1997"


def test_1997_31B_later_bid_while_own_bid_out_of_rotation_held_is_a_change_of_call() -> None:
    # West bids 1S at North's turn (his LHO's) and says 2S before anyone acts: "later bids at LHO's
    # turn" are changes of call in 1997 too; the director judges by Law 25 and cites the 1997 text
    s = walk97("N", "W 1S, W 2S")
    assert s.pending is not None and s.pending.state_name == "out_of_rotation.awaiting_change_judgement"
    assert s.pending.law == "25A; 31B (1997)" and ruling_laws(s) == ["25; 31B (1997)"]
    s = walk97("N", "W 1S, W 2S, judge unintended yes, director, judge artificial no")
    assert outcome(s)["record"] == ["W 1S@N withdrawn", "W 2S@N cancelled"]
    assert ruling_laws(s) == ["25; 31B (1997)", "25A1; 31B (1997)", "31B (1997)"]
    assert outcome(s)["obligations"] == {"E": [("pass_rest_of_auction", "31B (1997)", None)]}


def test_1997_30B3_a_pass_while_held_before_anyone_has_bid_is_no_change() -> None:
    # 30B3 of 1997 makes a pass at LHO's turn a change only after someone has bid
    with pytest.raises(DecisionError, match="West's P cannot be made now"):
        walk97("N", "W 1S, W P")


def test_1997_31A1_the_pass_deemed_made_by_a_silenced_rho_calls_for_the_repeat_of_the_cancelled_bid() -> None:
    # South's 1S at East's turn is cancelled (31A: if East passes, South repeats it); West's 2C, also
    # at East's turn, silences East to the end (31B).  South bids 1S again at East's turn: East's
    # pass is deemed made (28A), and it is the pass the 31A rectification waits for, so South owes
    # the repeat and his 1S, now in rotation, is it (the deemed pass's action declares the watched
    # call it hands on)
    s = walk97("N", "N 1H, S 1S, director, W choose decline, judge artificial no, "
               "W 2C, director, N choose decline, judge artificial no, S 1S")
    assert outcome(s)["record"][3:] == ["E P stands", "S 1S stands"]
    assert ruling_laws(s)[-2:] == ["28A", "31A1 (1997)"]
    assert outcome(s)["obligations"] == {"E": [("pass_rest_of_auction", "31B (1997)", None)]}


# --- 31A2 with 37B: the pass the director puts in place is the offender's call -------------------------
# South's 2C at East's turn is cancelled (31A); North then exposes an honour, so South must pass at
# his next turn (24B).  East bids 2D (31A2: South calls freely, the denomination decides); South bids
# 3C, which he may not (37); the director cancels it and puts a pass in its place (37B).  The call
# 31A2 asks about is the legal call that stands at South's turn, the pass, not the cancelled 3C
# (docs/modelling-decisions.md, "The 1997 book").
_31A2_THEN_37B = ("N 1C, E 1D, S 1H, W 1S, N P, S 2C, director, W choose decline, judge artificial no, "
                  "N expose SK, E 2D, S 3C")


def test_1997_31A2b_the_pass_put_in_place_under_37B_does_not_repeat_the_denomination() -> None:
    s = walk97("N", _31A2_THEN_37B)
    assert outcome(s)["pending"] == ("pass_obligation_violated.awaiting_decision", "W", ("lho_calls", "director"))
    s = walk97("N", _31A2_THEN_37B + ", director")
    assert outcome(s) == {
        "record": ["N 1C stands", "E 1D stands", "S 1H stands", "W 1S stands", "N P stands", "S 2C@E cancelled",
                   "E 2D stands", "S 3C cancelled", "S P stands"],
        # 37B2 silences both; 31A2b's own silence of North adds nothing the seat does not owe already
        "obligations": {"N": [("pass_rest_of_auction", "37B2", None)], "S": [("pass_rest_of_auction", "37B2", None)]},
        "turn": "W",
        "pending": None,  # no comparability question in 1997
        # 26B for the cancelled 3C (37B2) and the lead penalties of 31A2b for the cancelled 2C
        "restrictions": [("S", "N", "3C", "CDS"), ("S", "N", "2C", "CDS")],
        "result": None,
    }
    assert ruling_laws(s)[-3:] == ["31A2 (1997)", "37B", "31A2b (1997)"]
    s = walk97("N", _31A2_THEN_37B + ", director, W P, N P")
    assert outcome(s)["result"] == ("2D", "E", "W", "S")



# --- 31A with 25A1: RHO's call replaced by the one he meant --------------------------------------------
# South's 2C at East's turn is cancelled (31A).  East's call is what 31A turns on; when the director
# lets East replace it by the call he meant (25A1), the call put in its place is the one ruled as
# made in turn, so it decides the branch (docs/modelling-decisions.md).
_31A_WAITS = "N 1C, E 1D, S 1H, W 1S, N P, S 2C, director, W choose decline, judge artificial no"


def test_1997_31A1_25A1_rho_bid_replaced_by_an_intended_pass_the_offender_must_repeat() -> None:
    s = walk97("N", _31A_WAITS + ", E 2D")
    assert ruling_laws(s)[-1] == "31A2 (1997)"
    s = walk97("N", _31A_WAITS + ", E 2D, E change P, judge unintended yes")
    assert outcome(s) == {
        "record": ["N 1C stands", "E 1D stands", "S 1H stands", "W 1S stands", "N P stands", "S 2C@E cancelled",
                   "E 2D withdrawn", "E P stands"],
        "obligations": {"S": [("repeat_call", "31A1 (1997)", "2C")]},
        "turn": "S",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert ruling_laws(s)[-4:] == ["25", "25A1", "31A (1997)", "31A1 (1997)"]
    assert s.watches == () and calls(s) == ["2C"]
    with pytest.raises(IllegalCallError, match="must repeat 2C"):
        run(s, "S P")  # the 31A2 question East's 2D raised is gone with it
    s = walk97("N", _31A_WAITS + ", E 2D, E change P, judge unintended yes, S 2C, W P, N P, E P")
    assert outcome(s)["result"] == ("2C", "N", "S", "E") and outcome(s)["restrictions"] == []


def test_1997_31A2_25A1_rho_pass_replaced_by_an_intended_bid_the_offender_calls_freely() -> None:
    s = walk97("N", _31A_WAITS + ", E P")
    assert outcome(s)["obligations"] == {"S": [("repeat_call", "31A1 (1997)", "2C")]}
    s = walk97("N", _31A_WAITS + ", E P, E change 2D, judge unintended yes")
    assert outcome(s)["obligations"] == {} and outcome(s)["turn"] == "S"
    assert ruling_laws(s)[-3:] == ["25A1", "31A (1997)", "31A2 (1997)"]
    assert "2NT" in calls(s) and "P" in calls(s)  # no repeat owed: any legal call
    s = walk97("N", _31A_WAITS + ", E P, E change 2D, judge unintended yes, S 2NT")
    assert outcome(s)["obligations"] == {"N": [("pass_rest_of_auction", "31A2b (1997)", None)]}
    assert outcome(s)["restrictions"] == [("S", "N", "2C", "CDS")]


def test_1997_31A1_21B1_rho_bid_changed_after_misinformation_to_a_pass_the_offender_must_repeat() -> None:
    s = walk97("N", _31A_WAITS + ", E 2D, E change P misinformation, judge misinformation yes")
    assert outcome(s)["obligations"] == {"S": [("repeat_call", "31A1 (1997)", "2C")]}
    assert ruling_laws(s)[-2:] == ["31A (1997)", "31A1 (1997)"]


def test_1997_31A1_25B1_the_offender_accepts_rho_changing_his_bid_to_a_pass_and_owes_the_repeat() -> None:
    # East meant 2D but changes his mind to a pass (25B): South, East's LHO, may accept the change;
    # once accepted the pass stands in place of 2D, and it is a pass of RHO (31A1)
    changed = _31A_WAITS + ", E 2D, E change P, judge unintended no"
    s = walk97("N", changed + ", S choose accept")
    assert outcome(s)["obligations"] == {"S": [("repeat_call", "31A1 (1997)", "2C")]}
    s = walk97("N", changed + ", S 2C")  # accepted by calling: South's 2C is the repeat
    assert outcome(s)["record"][-2:] == ["E P stands", "S 2C stands"] and outcome(s)["obligations"] == {}
    with pytest.raises(IllegalCallError, match="must repeat 2C"):
        run(AuctionState.start("N", law_book=BOOK), changed + ", S 3C")
