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
