"""Laws 23 (comparable call) and 26 (lead restrictions after a withdrawn call).

Comparability is always the director's judgement, given as ``Judgement('comparable', ...)``.
26B rights are recorded with the suits the offender did not specify in the legal auction;
declarer may only prohibit (2017), and is asked before the opening lead.
"""

from __future__ import annotations

import pytest

from auction_fsm.calls import Strain
from auction_fsm.errors import DecisionError
from auction_fsm.lawbook.restrictions import eligible_suits, suits_specified_by

from .conftest import outcome, ruling_laws, unchanged_after, walk

COMPARABLE = ("comparable_call.awaiting_judgement", "director", ("comparable", "not_comparable"))
# West's 1S out of rotation at East's turn is cancelled; after South's pass West bids again.
W_1S_OOR = "N 1H, W 1S, director, judge artificial no, E P, S P"


# --- 23A: comparability is a judgement input -----------------------------------------------------
def test_23A_comparability_is_asked_of_the_director_and_only_a_comparable_judgement_answers() -> None:
    s = walk("N", W_1S_OOR, "W 2S")
    assert outcome(s)["pending"] == COMPARABLE
    assert s.pending is not None and s.pending.law == "23A"
    assert s.legal_calls() == ()
    unchanged_after(s, DecisionError, "judge artificial yes", match="comparable")
    unchanged_after(s, DecisionError, "judge unintended yes", match="comparable")
    unchanged_after(s, DecisionError, "E choose comparable", match="director")
    unchanged_after(s, DecisionError, "N P", match="cannot be made now")


# --- 23B / 26A: comparable call, no rectification, no lead restrictions ------------------------------
def test_23B_26A_comparable_replacement_no_rectification_and_no_lead_restrictions() -> None:
    s = walk("N", W_1S_OOR, "W 2S, judge comparable yes")
    assert outcome(s) == {
        "record": ["N 1H stands", "W 1S@E cancelled", "E P stands", "S P stands", "W 2S stands"],
        "obligations": {},
        "turn": "N",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert ruling_laws(s)[-1] == "23A, 26A"
    s = walk("N", W_1S_OOR, "W 2S, judge comparable yes, N 3H, E P, S P, W P")
    assert outcome(s) == {
        "record": ["N 1H stands", "W 1S@E cancelled", "E P stands", "S P stands", "W 2S stands",
                   "N 3H stands", "E P stands", "S P stands", "W P stands"],
        "obligations": {},
        "turn": None,
        "pending": None,  # no 26B: East leads anything
        "restrictions": [],
        "result": ("3H", "N", "S", "E"),
    }


# --- 26B: not comparable ----------------------------------------------------------------------------
def test_26B_suits_eligible_are_those_the_offender_did_not_specify_in_the_legal_auction() -> None:
    # West's replacement 3C is not comparable with the cancelled 1S; West later also bids 4D.
    base = W_1S_OOR + ", W 3C, judge comparable no"
    s = walk("N", base)
    assert outcome(s)["restrictions"] == [("W", "E", "1S", "DHS")]  # spades only in a cancelled call
    assert outcome(s)["obligations"] == {"E": [("pass_next_turn", "31B2", None)]}
    s = walk("N", base, "N 3H, E P, S P, W 4D, N 4H, E P, S P, W P")
    r = s.restrictions[0]
    assert suits_specified_by(s, r.offender) == frozenset({Strain.C, Strain.D})
    assert eligible_suits(s, r) == (Strain.H, Strain.S)
    assert outcome(s) == {
        "record": ["N 1H stands", "W 1S@E cancelled", "E P stands", "S P stands", "W 3C stands",
                   "N 3H stands", "E P stands", "S P stands", "W 4D stands", "N 4H stands",
                   "E P stands", "S P stands", "W P stands"],
        "obligations": {},
        "turn": None,
        "pending": ("declarer_lead_options.lead_restriction", "N",
                    ("prohibit_H", "prohibit_S", "no_prohibition")),
        "restrictions": [("W", "E", "1S", "HS")],
        "result": ("4H", "N", "S", "E"),
    }


def test_26B_declarer_may_only_prohibit_never_require() -> None:
    s = walk("N", W_1S_OOR, "W 3C, judge comparable no, N 3H, E P, S P, W P")
    assert s.pending is not None
    assert all(o.startswith("prohibit_") or o == "no_prohibition" for o in s.pending.options)
    assert "prohibit_NT" not in s.pending.options


def test_26B_restriction_when_offender_becomes_declarer_binds_nobody_at_the_lead() -> None:
    s = walk("N", W_1S_OOR, "W 3C, judge comparable no, N P, E P, S P")
    assert outcome(s)["result"] == ("3C", "W", "E", "N")
    assert outcome(s)["pending"] is None
    assert outcome(s)["restrictions"] == [("W", "E", "1S", "DHS")]


@pytest.mark.parametrize(("replacement", "eligible"), [("2NT", "CDHS"), ("2S", "CDH"), ("X", "CDHS")])
def test_26B_eligible_suits_follow_the_replacement(replacement: str, eligible: str) -> None:
    # East's insufficient 1C over 1H replaced by a non-comparable call (27B2/27B3 route).
    s = walk("N", f"N 1H, E 1C, director, E {replacement}, judge comparable no")
    if replacement == "X":  # 27B3: the non-comparable double is cancelled; East replaces again
        assert outcome(s)["pending"] == ("insufficient_bid.awaiting_replacement", "E", ("replace",))
    assert outcome(s)["restrictions"] == [("E", "W", "1C", eligible)]
