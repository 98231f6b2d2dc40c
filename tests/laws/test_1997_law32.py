"""Law 32 of 1997 (double or redouble out of rotation), ruled by the law book ``1997``.

In our words: the opponent next in rotation may accept it, unless it is inadmissible (then Law
36); not accepted, it is cancelled, and lead penalties (26B) may follow.  At partner's turn,
partner passes to the end (32A).  At RHO's turn, if RHO passes the offender repeats it with no
penalty (32B1); if RHO bids, the offender calls freely and partner passes to the end (32B2).
"""

from __future__ import annotations

from .book1997 import calls, walk97
from .conftest import outcome, ruling_laws


def test_1997_32_double_out_of_rotation_accepted_by_the_next_opponent_calling() -> None:
    s = walk97("N", "N 1H, E P, W X, N XX")  # West doubles at South's turn; North calls over it
    assert outcome(s)["record"] == ["N 1H stands", "E P stands", "W X@S stands", "N XX stands"]
    assert outcome(s)["obligations"] == {} and outcome(s)["restrictions"] == []


def test_1997_32A_double_at_partner_turn_partner_passes_to_the_end_with_lead_penalties() -> None:
    s = walk97("N", "N 1H, W X, director, declined")  # West doubles at East's (partner's) turn
    assert outcome(s) == {
        "record": ["N 1H stands", "W X@E cancelled"],
        "obligations": {"E": [("pass_rest_of_auction", "32A (1997)", None)]},
        "turn": "E",
        "pending": None,
        "restrictions": [("W", "E", "X", "CDHS")],
        "result": None,
    }
    assert ruling_laws(s) == ["32A (1997)"] and calls(s) == ["P"]


def test_1997_32B1_rho_passes_offender_repeats_the_double_with_no_penalty() -> None:
    s = walk97("N", "N 1H, E P, W X, director, declined")  # West doubles at South's (RHO's) turn
    assert ruling_laws(s) == ["32B (1997)"] and outcome(s)["obligations"] == {}
    s = walk97("N", "N 1H, E P, W X, director, declined, S P")
    assert outcome(s)["obligations"] == {"W": [("repeat_call", "32B1 (1997)", "X")]}
    assert calls(s) == ["X"]
    s = walk97("N", "N 1H, E P, W X, director, declined, S P, W X, N P, E P, S P")
    assert outcome(s)["result"] == ("1HX", "N", "S", "E") and outcome(s)["restrictions"] == []


def test_1997_32B2_rho_bids_partner_passes_to_the_end_with_lead_penalties() -> None:
    s = walk97("N", "N 1H, E P, W X, director, declined, S 2H")
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "W X@S cancelled", "S 2H stands"],
        "obligations": {"E": [("pass_rest_of_auction", "32B2 (1997)", None)]},
        "turn": "W",
        "pending": None,
        "restrictions": [("W", "E", "X", "CDHS")],
        "result": None,
    }
    assert ruling_laws(s) == ["32B (1997)", "32B2 (1997)"]
    assert "3C" in calls(s)  # the offender calls freely


def test_1997_32_inadmissible_double_out_of_rotation_may_not_be_accepted() -> None:
    s = walk97("N", "N 1H, E 1S, W X")  # West doubles partner's 1S at South's turn
    assert outcome(s)["pending"] is not None and "accept" not in outcome(s)["pending"][2]
    s = walk97("N", "N 1H, E 1S, W X, director")
    assert ruling_laws(s) == ["36B4"] and outcome(s)["record"][-1] == "W X@S cancelled"


def test_1997_32_double_at_lho_turn_after_own_call_is_a_change_of_call() -> None:
    s = walk97("N", "N 1H, E 1S, S 2H, S X")
    assert outcome(s)["pending"] == ("change_of_call.awaiting_judgement", "director", ("unintended", "intended"))
    assert ruling_laws(s) == ["25"]


# --- 32B with 25A1: RHO's call replaced by the one he meant --------------------------------------------
# South doubles West's 1H at East's turn (32B): East's call decides, and when the director lets East
# replace it by the call he meant (25A1), the call put in its place decides instead.
_32B_WAITS = "N 1C, E P, S P, W 1H, N P, S X, director, W choose decline"


def test_1997_32B1_25A1_rho_bid_replaced_by_an_intended_pass_partner_freed_and_the_double_repeated() -> None:
    s = walk97("N", _32B_WAITS + ", E 1S")
    assert outcome(s)["obligations"] == {"N": [("pass_rest_of_auction", "32B2 (1997)", None)]}
    assert outcome(s)["restrictions"] == [("S", "N", "X", "CDHS")]
    s = walk97("N", _32B_WAITS + ", E 1S, E change P, judge unintended yes")
    assert outcome(s)["record"][-2:] == ["E 1S withdrawn", "E P stands"]
    # North's silence and the lead penalties of 32B2 went with East's 1S; South owes the double
    assert outcome(s)["obligations"] == {"S": [("repeat_call", "32B1 (1997)", "X")]}
    assert outcome(s)["restrictions"] == [] and calls(s) == ["X"]
    assert ruling_laws(s)[-3:] == ["25A1", "32B (1997)", "32B1 (1997)"]


def test_1997_32B2_25A1_rho_pass_replaced_by_an_intended_bid_partner_passes_to_the_end() -> None:
    s = walk97("N", _32B_WAITS + ", E P, E change 1S, judge unintended yes")
    assert outcome(s)["obligations"] == {"N": [("pass_rest_of_auction", "32B2 (1997)", None)]}
    assert outcome(s)["restrictions"] == [("S", "N", "X", "CDHS")]
    assert "P" in calls(s) and "2C" in calls(s)  # the repeat East's pass called for is no longer owed
