"""Law 27: the insufficient bid."""

from __future__ import annotations

import json

from auction_fsm.auction import AuctionState
from auction_fsm.calls import Strain, parse_call
from auction_fsm.engine import apply_event
from auction_fsm.errors import DecisionError
from auction_fsm.events import CallEvent
from auction_fsm.narrate import narrate
from auction_fsm.report import state_to_json
from auction_fsm.seats import Seat

from .conftest import core_walk, laws, outcome, record, ruling_laws, run, unchanged_after, walk
from .lead_helpers import table

AWAITING_27A1_S = ("insufficient_bid.awaiting_decision", "S", ("accept", "director"))
AWAITING_REPLACEMENT_E = ("insufficient_bid.awaiting_replacement", "E", ("replace",))
COMPARABLE = ("comparable_call.awaiting_judgement", "director", ("comparable", "not_comparable"))


# --- 27A: acceptance ------------------------------------------------------------------------------
def test_27A1_insufficient_1D_over_1H_waits_for_lho() -> None:
    s = walk("N", "N 1H, E 1D")
    assert outcome(s) == {
        "record": ["N 1H stands", "E 1D pending"],
        "obligations": {},
        "turn": "E",
        "pending": AWAITING_27A1_S,
        "restrictions": [],
        "result": None,
    }
    assert s.pending is not None and s.pending.law == "27A1"
    assert s.legal_calls() == ()


def test_27A1_lho_passes_over_1D_accepting_it_and_1D_becomes_the_contract() -> None:
    s = walk("N", "N 1H, E 1D, S P")
    assert outcome(s) == {
        "record": ["N 1H stands", "E 1D stands", "S P stands"],
        "obligations": {},
        "turn": "W",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert laws(s)[1] == "27A1" and ruling_laws(s) == ["27A1"]
    assert s.legal_calls()[0].text == "1H"  # the accepted 1D is the bid to beat
    s = walk("N", "N 1H, E 1D, S P, W P, N P")
    assert outcome(s)["result"] == ("1D", "E", "W", "S")


def test_27A1_lho_accepts_by_bidding_2D() -> None:
    s = walk("N", "N 1H, E 1D, S 2D")
    assert record(s) == ["N 1H stands", "E 1D stands", "S 2D stands"] and s.turn.name == "W"


def test_27A2_insufficient_bid_out_of_rotation_is_ruled_under_31() -> None:
    s = walk("N", "N 1H, S 1D")
    assert outcome(s)["pending"] == ("out_of_rotation.awaiting_decision", "W",
                                     ("accept", "correct_player_calls", "director"))
    s = walk("N", "N 1H, S 1D, director, judge artificial no")
    assert outcome(s) == {
        "record": ["N 1H stands", "S 1D@E cancelled"],
        "obligations": {},
        "turn": "E",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert ruling_laws(s) == ["31A"]


# --- 27B1: no rectification -------------------------------------------------------------------------
def test_27B1a_lowest_sufficient_2D_replaces_1D_automatically() -> None:
    s = walk("N", "N 1H, E 1D, director, declined")
    assert outcome(s) == {
        "record": ["N 1H stands", "E 1D withdrawn"],
        "obligations": {},
        "turn": "E",
        "pending": AWAITING_REPLACEMENT_E,
        "restrictions": [],
        "result": None,
    }
    s = walk("N", "N 1H, E 1D, director, declined, E 2D")
    assert outcome(s) == {
        "record": ["N 1H stands", "E 1D withdrawn", "E 2D stands"],
        "obligations": {},
        "turn": "S",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert ruling_laws(s) == ["27B", "27B1a"]
    s = walk("N", "N 1H, E 1D, director, declined, E 2D, S P, W P, N P")
    assert outcome(s)["result"] == ("2D", "E", "W", "S")


def test_27B1a_lowest_sufficient_2H_replaces_1H_over_1NT() -> None:
    s = walk("N", "N 1NT, E 1H, director, E 2H, S P, W P, N P")
    assert outcome(s) == {
        "record": ["N 1NT stands", "E 1H withdrawn", "E 2H stands", "S P stands", "W P stands",
                   "N P stands"],
        "obligations": {},
        "turn": None,
        "pending": None,
        "restrictions": [],
        "result": ("2H", "E", "W", "S"),
    }


def test_27B1b_jump_to_3D_is_judged_for_comparability() -> None:
    s = walk("N", "N 1H, E 1D, director, E 3D")
    assert outcome(s)["pending"] == COMPARABLE
    assert record(s) == ["N 1H stands", "E 1D withdrawn", "E 3D pending"]
    s = walk("N", "N 1H, E 1D, director, E 3D, judge comparable yes")
    assert outcome(s) == {
        "record": ["N 1H stands", "E 1D withdrawn", "E 3D stands"],
        "obligations": {},
        "turn": "S",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert laws(s)[2] == "23B"


def test_27B1b_comparable_double_replacing_1D_stands() -> None:
    s = walk("N", "N 1H, E 1D, director, E X, judge comparable yes, S P, W P, N P")
    assert outcome(s) == {
        "record": ["N 1H stands", "E 1D withdrawn", "E X stands", "S P stands", "W P stands",
                   "N P stands"],
        "obligations": {},
        "turn": None,
        "pending": None,
        "restrictions": [],
        "result": ("1HX", "N", "S", "E"),
    }


# --- 27B2: any other sufficient bid, or a pass -----------------------------------------------------------
def test_27B2_2NT_replacing_1C_over_1H_silences_partner_for_the_rest() -> None:
    s = walk("N", "N 1H, E 1C, director, E 2NT, judge comparable no")
    assert outcome(s) == {
        "record": ["N 1H stands", "E 1C withdrawn", "E 2NT stands"],
        "obligations": {"W": [("pass_rest_of_auction", "27B2", None)]},
        "turn": "S",
        "pending": None,
        "restrictions": [("E", "W", "1C", "CDHS")],
        "result": None,
    }
    # West must pass at every turn, not only the next one.
    s = walk("N", "N 1H, E 1C, director, E 2NT, judge comparable no, S 3H, W P, N 4H, E P, S P")
    assert [c.text for c in s.legal_calls()] == ["P"]
    s = walk("N", "N 1H, E 1C, director, E 2NT, judge comparable no, S 3H, W P, N 4H, E P, S P, W P")
    assert outcome(s)["result"] == ("4H", "N", "S", "E")
    assert outcome(s)["obligations"] == {"W": [("pass_rest_of_auction", "27B2", None)]}


def test_27B2_pass_replacing_1C_over_1H_silences_partner_for_the_rest() -> None:
    s = walk("N", "N 1H, E 1C, director, E P, judge comparable no")
    assert outcome(s) == {
        "record": ["N 1H stands", "E 1C withdrawn", "E P stands"],
        "obligations": {"W": [("pass_rest_of_auction", "27B2", None)]},
        "turn": "S",
        "pending": None,
        "restrictions": [("E", "W", "1C", "CDHS")],
        "result": None,
    }


def test_27B2_lead_restriction_suits_from_the_real_auction_bind_the_opening_leader() -> None:
    # West's 1S over 2H is insufficient; West corrects to 3C: East silenced; West named clubs.
    s = walk("N", "N 1H, E 1S, S 2H, W 1S, director, W 3C, judge comparable no")
    assert outcome(s) == {
        "record": ["N 1H stands", "E 1S stands", "S 2H stands", "W 1S withdrawn", "W 3C stands"],
        "obligations": {"E": [("pass_rest_of_auction", "27B2", None)]},
        "turn": "N",
        "pending": None,
        "restrictions": [("W", "E", "1S", "DHS")],
        "result": None,
    }
    s = walk("N", "N 1H, E 1S, S 2H, W 1S, director, W 3C, judge comparable no, N 4H, E P, S P, W P")
    assert outcome(s) == {
        "record": ["N 1H stands", "E 1S stands", "S 2H stands", "W 1S withdrawn", "W 3C stands",
                   "N 4H stands", "E P stands", "S P stands", "W P stands"],
        "obligations": {"E": [("pass_rest_of_auction", "27B2", None)]},
        "turn": None,
        "pending": ("declarer_lead_options.lead_restriction", "N",
                    ("prohibit_D", "prohibit_H", "prohibit_S", "no_prohibition")),
        "restrictions": [("W", "E", "1S", "DHS")],
        "result": ("4H", "N", "S", "E"),
    }
    assert s.restrictions[0].leader == s.opening_leader


# --- 27B3: an attempted double or redouble -------------------------------------------------------------
def test_27B3_attempted_redouble_is_cancelled_partner_silenced_offender_replaces() -> None:
    s = walk("N", "N 1H, E 1D, director, E XX")
    assert outcome(s) == {
        "record": ["N 1H stands", "E 1D withdrawn", "E XX cancelled"],
        "obligations": {"W": [("pass_rest_of_auction", "27B3", None)]},
        "turn": "E",
        "pending": AWAITING_REPLACEMENT_E,
        "restrictions": [("E", "W", "1D", "CDHS")],
        "result": None,
    }
    assert laws(s)[2] == "27B3"
    s = walk("N", "N 1H, E 1D, director, E XX, E 2D, S P, W P, N P")
    assert outcome(s) == {
        "record": ["N 1H stands", "E 1D withdrawn", "E XX cancelled", "E 2D stands", "S P stands",
                   "W P stands", "N P stands"],
        "obligations": {"W": [("pass_rest_of_auction", "27B3", None)]},
        "turn": None,
        "pending": None,
        "restrictions": [("E", "W", "1D", "CHS")],
        "result": ("2D", "E", "W", "S"),
    }


def test_27B3_double_not_comparable_is_cancelled_and_offender_replaces() -> None:
    s = walk("N", "N 1H, E 1D, director, E X")
    assert outcome(s)["pending"] == COMPARABLE
    s = walk("N", "N 1H, E 1D, director, E X, judge comparable no")
    assert outcome(s) == {
        "record": ["N 1H stands", "E 1D withdrawn", "E X cancelled"],
        "obligations": {"W": [("pass_rest_of_auction", "27B3", None)]},
        "turn": "E",
        "pending": AWAITING_REPLACEMENT_E,
        "restrictions": [("E", "W", "1D", "CDHS")],
        "result": None,
    }


def test_27B3_then_27B2_records_the_26B_right_once() -> None:
    s = walk("N", "N 1H, E 1D, director, E XX, E 3D, judge comparable no")
    assert outcome(s)["restrictions"] == [("E", "W", "1D", "CHS")]


# --- 27B4: another insufficient bid ------------------------------------------------------------------
def test_27B4_second_insufficient_bid_may_be_accepted_by_lho() -> None:
    # the director is at the table already, so South's decision is open at once (9B2, 27B4)
    s = walk("N", "N 1H, E 1D, director, declined, E 1C")
    assert outcome(s) == {
        "record": ["N 1H stands", "E 1D withdrawn", "E 1C pending"],
        "obligations": {},
        "turn": "E",
        "pending": ("insufficient_bid.awaiting_choice", "S", ("accept", "decline")),
        "restrictions": [],
        "result": None,
    }
    assert laws(s)[2] == "27B4"
    s = walk("N", "N 1H, E 1D, director, declined, E 1C, S P, W P, N P")
    assert outcome(s) == {
        "record": ["N 1H stands", "E 1D withdrawn", "E 1C stands", "S P stands", "W P stands",
                   "N P stands"],
        "obligations": {},
        "turn": None,
        "pending": None,
        "restrictions": [],
        "result": ("1C", "E", "W", "S"),
    }


def test_27B4_second_insufficient_bid_not_accepted_ruled_as_27B3() -> None:
    s = walk("N", "N 1H, E 1D, director, declined, E 1C, director, declined")
    assert outcome(s)["obligations"] == {"W": [("pass_rest_of_auction", "27B4", None)]}
    assert outcome(s)["pending"] == AWAITING_REPLACEMENT_E
    assert s.standing_calls[-1].call.text == "1H"
    assert ruling_laws(s)[-1] == "27B4, 27B3"
    assert "East must still replace the insufficient 1D" in s.rulings[-2].summary
    # 27B4 rules as 27B3: the second bid is cancelled and the withdrawn 1D is what East replaces,
    # so 27B1a asks for the lowest sufficient diamond bid, 2D (not 2C, which is judged)
    assert s.pending is not None and s.record[s.index_of(s.pending)].call.text == "1D"
    s = walk("N", "N 1H, E 1D, director, declined, E 1C, director, declined, E 2D, S P, W P, N P")
    assert outcome(s)["result"] == ("2D", "E", "W", "S")
    assert outcome(s)["restrictions"] == [("E", "W", "1D", "CHS")]


def test_27B4_then_27B1a_the_director_never_says_no_further_rectification_while_west_stays_silenced() -> None:
    # East's 1D, then 1C (27B4, not accepted: West silenced, 26B rights), then 2D, the lowest
    # sufficient diamond bid, natural: 27B1a rules the 2D, but West's 27B4 silence and the 26B
    # right stand, so the ruling cites 27B4 and does not say "no further rectification"
    s = walk("N", "N 1H, E 1D, director, declined, E 1C, director, declined, E 2D")
    told = s.rulings[-2].summary  # then the 27D note
    assert s.rulings[-2].law == "27B4, 27B1a"
    assert "West must still pass at every turn to the end of the auction (Law 27B4)" in told
    assert "26B" in told and "no further rectification" not in told
    assert outcome(s)["obligations"] == {"W": [("pass_rest_of_auction", "27B4", None)]}


def test_27B1a_with_nothing_left_standing_is_simply_no_further_rectification() -> None:
    s = walk("N", "N 1H, E 1D, director, declined, E 2D")
    assert s.rulings[-2].law == "27B1a" and s.rulings[-2].summary.endswith(": no further rectification")

def test_27B4_second_insufficient_bid_is_cancelled() -> None:
    s = walk("N", "N 1H, E 1D, director, declined, E 1C, director, declined")
    assert s.record[2].status == "cancelled" and s.record[2].law == "27B4"



# --- 27B1a by meaning: the lowest sufficient bid that specifies the same denominations -------------
def _transfer_over_2s(replacement: str) -> AuctionState:
    """N 1NT, E 2S, S 2D showing hearts (insufficient), the director, West declines, then South's
    replacement ``replacement`` showing hearts."""
    s = walk("N", "N 1NT, E 2S")
    s = apply_event(s, CallEvent(Seat.S, parse_call("2D"), specifies=(Strain.H,)))
    s = run(s, "director, declined")
    return apply_event(s, CallEvent(Seat.S, parse_call(replacement), specifies=(Strain.H,)))


def test_27B1a_transfer_replaced_by_a_bid_showing_the_same_suit_the_director_judges_whether_lowest() -> None:
    s = _transfer_over_2s("3D")
    assert outcome(s)["pending"] == ("insufficient_bid.awaiting_lowest_judgement", "director",
                                     ("lowest", "not_lowest"))
    s = run(s, "judge lowest_specifying yes")
    assert record(s)[-1] == "S 3D stands" and s.pending is None
    assert outcome(s)["obligations"] == {} and outcome(s)["restrictions"] == []
    assert ruling_laws(s)[-1] == "27B1a" and s.rulings[-1].law == "27D"


def test_27B1a_not_the_lowest_such_bid_goes_on_to_the_27B1b_comparability_question() -> None:
    s = run(_transfer_over_2s("4D"), "judge lowest_specifying no")
    assert outcome(s)["pending"] == ("comparable_call.awaiting_judgement", "director",
                                     ("comparable", "not_comparable"))
    s = run(s, "judge comparable no")
    assert outcome(s)["obligations"] == {"N": [("pass_rest_of_auction", "27B2", None)]}

# --- 27C: premature replacement ------------------------------------------------------------------------
def test_27C_premature_replacement_waits_for_lho() -> None:
    s = walk("N", "N 1H, E 1D, E 2D")
    assert outcome(s) == {
        "record": ["N 1H stands", "E 1D pending", "E 2D pending"],
        "obligations": {},
        "turn": "E",
        "pending": ("insufficient_bid.premature_replacement", "S", ("accept", "director")),
        "restrictions": [],
        "result": None,
    }


def test_27C_lho_accepts_the_insufficient_bid_premature_replacement_cancelled() -> None:
    s = walk("N", "N 1H, E 1D, E 2D, S choose accept")
    assert outcome(s) == {
        "record": ["N 1H stands", "E 1D stands", "E 2D cancelled"],
        "obligations": {},
        "turn": "S",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert laws(s)[1:] == ["27A1", "27C"]


def test_27C_not_accepted_lowest_sufficient_replacement_stands() -> None:
    s = walk("N", "N 1H, E 1D, E 2D, director, declined")
    assert [r for r in record(s) if r.endswith("stands")] == ["N 1H stands", "E 2D stands"]
    assert outcome(s)["obligations"] == {} and outcome(s)["restrictions"] == []
    assert outcome(s)["turn"] == "S" and outcome(s)["pending"] is None
    assert record(s)[1] == "E 1D withdrawn"


def test_27C_premature_replacement_itself_stands_no_duplicate() -> None:
    s = walk("N", "N 1H, E 1D, E 2D, director, declined")
    assert record(s) == ["N 1H stands", "E 1D withdrawn", "E 2D stands"]


def test_27C_not_accepted_other_replacement_judged_27B2() -> None:
    s = walk("N", "N 1H, E 1D, E 3NT, director, declined, judge comparable no")
    assert [r for r in record(s) if r.endswith("stands")] == ["N 1H stands", "E 3NT stands"]
    assert outcome(s)["obligations"] == {"W": [("pass_rest_of_auction", "27B2", None)]}
    assert outcome(s)["restrictions"] == [("E", "W", "1D", "CDHS")]
    assert outcome(s)["turn"] == "S"


def test_27C_premature_redouble_then_27B3_waits_for_offender_to_replace() -> None:
    s = walk("N", "N 1H, E 1D, E XX, director, declined")
    assert outcome(s)["pending"] == AWAITING_REPLACEMENT_E
    unchanged_after(s, DecisionError, "S choose accept")


def test_27C_choice_director_is_not_acceptance() -> None:
    s = core_walk("N", "N 1H, E 1D, E 2D")
    after = run(s, "S choose director")  # South asks for the director: the options are explained
    assert after.record[1].status == "pending" and after.pending is not None
    assert after.pending.step == "awaiting_choice"
    assert run(after, "S choose decline").record[1].status == "withdrawn"


def test_27A1_choice_instead_of_calling_is_refused_state_unchanged() -> None:
    # Acceptance is by calling (27A1); a separate choice is refused, never a crash.
    s = walk("N", "N 1H, E 1D")
    unchanged_after(s, DecisionError, "S choose accept", match="by calling over it")
    unchanged_after(s, DecisionError, "S choose director", match="by calling over it")
    s = walk("N", "N 1H, E 1D, director")
    unchanged_after(s, DecisionError, "E choose replace")


def test_27_bad_input_while_pending_names_what_is_expected() -> None:
    s = walk("N", "N 1H, E 1D")
    unchanged_after(s, DecisionError, "judge comparable yes", match="waiting for South, who may accept it")
    unchanged_after(s, DecisionError, "N choose accept", match="the decision is S's")
    unchanged_after(s, DecisionError, "S choose refuse", match="'refuse' is not an option")
    unchanged_after(s, DecisionError, "W P", match="cannot be made now")


# --- 27B1b and 27B4 cited where they decide (issue 17) ------------------------------------------------
B4 = "N 1H, E 1D, director, declined, E 1C, director, declined"  # 27B4: 1C not accepted


def test_27B1b_comparable_replacement_of_an_insufficient_bid_cites_27B1b() -> None:
    s = walk("N", "N 1H, E 1D, director, declined, E 2NT, judge comparable yes")
    assert outcome(s)["obligations"] == {} and outcome(s)["restrictions"] == []
    assert ruling_laws(s)[-1] == "27B1b, 23A"
    assert "(27B1b): no further rectification and no lead restrictions" in s.rulings[-2].summary
    assert s.rulings[-1].law == "27D"


def test_27B1b_a_comparable_double_replacing_an_insufficient_bid_stands_under_27B1b_not_27B3() -> None:
    s = walk("N", "N 1H, E 1D, director, declined, E X, judge comparable yes")
    assert record(s)[-1] == "E X stands" and outcome(s)["obligations"] == {}
    assert ruling_laws(s)[-1] == "27B1b, 23A"


def test_27B1b_a_comparable_call_after_a_cancelled_1C_cites_27B4_and_keeps_west_silenced() -> None:
    s = walk("N", B4, "E 2NT, judge comparable yes")
    assert outcome(s)["obligations"] == {"W": [("pass_rest_of_auction", "27B4", None)]}
    assert outcome(s)["restrictions"] == [("E", "W", "1D", "CDHS")]
    assert ruling_laws(s)[-1] == "27B4, 27B1b, 23A"
    told = s.rulings[-2].summary
    assert "(27B1b)" in told and "(Law 27B4)" in told and "no further rectification" not in told


def test_27B4_not_comparable_replacement_cites_27B4_and_adds_no_second_silence() -> None:
    s = walk("N", B4, "E 3D, judge comparable no")
    assert outcome(s)["obligations"] == {"W": [("pass_rest_of_auction", "27B4", None)]}
    assert outcome(s)["restrictions"] == [("E", "W", "1D", "CHS")]  # one right, for the withdrawn 1D
    assert ruling_laws(s)[-1] == "27B4, 27B2"
    assert "must still pass at every turn to the end of the auction (Law 27B4)" in s.rulings[-1].summary


def test_27B4_the_replacement_the_director_explains_after_the_second_bid_names_27B4_not_no_rectification() -> None:
    s = walk("N", B4)
    assert [r.law for r in s.rulings[-2:]] == ["27B4, 27B3", "10C, 27B4"]
    told = " ".join(r.summary for r in s.rulings[-2:])
    assert "1C: it is cancelled" in told and "West must pass at every turn" in told
    assert "no further rectification" not in told and "(27B4, as 27B3)" in told


def test_27B3_then_27B1a_cites_27B3_while_west_stays_silenced() -> None:
    s = walk("N", "N 1H, E 1D, director, declined, E XX, E 2D")
    assert s.rulings[-2].law == "27B3, 27B1a"
    assert "no further rectification" not in s.rulings[-2].summary
    assert outcome(s)["obligations"] == {"W": [("pass_rest_of_auction", "27B3", None)]}


def test_27B4_replayed_to_the_end_the_report_keeps_west_silenced_and_lists_the_26B_right() -> None:
    # East's 1D over 1H, not accepted; East's 1C, not accepted either (27B4: cancelled, West silenced);
    # East's 2D (27B1a by itself); South 2S ends the auction: South declares, West (the offender's
    # partner) leads, and declarer's 26B right is open to be used.
    sim = table("N", B4, "E 2D, S 2S, W P, N P, E P")
    data = state_to_json(sim)
    assert data["contract"] == "2S" and data["declarer"] == "S" and data["opening_leader"] == "W"
    assert data["obligations"]["W"] == [{"kind": "pass_rest_of_auction", "law": "27B4", "call": None}]
    (right,) = data["lead_restrictions"]
    assert (right["offender"], right["leader"], right["law"], right["withdrawn"]) == ("E", "W", "27B4, 26B", "1D")
    assert right["eligible_suits"] == ["C", "H", "S"]
    assert data["pending"]["kind"] == "declarer_lead_options.lead_restriction"
    assert "no further rectification" not in json.dumps(data)
    laws_ruled = [r["law"] for r in data["rulings"]]
    assert "27B4, 27B3" in laws_ruled and "27B4, 27B1a" in laws_ruled
    told = "\n".join(narrate(sim))
    assert "no further rectification" not in told
    assert "Ruling, Law 27B4, 27B1a" in told and "prohibit" in told


def test_27B4_while_the_replacement_is_awaited_no_option_promises_no_further_rectification() -> None:
    # what the report tells for each replacement East may make now (10C1) keeps West's silence
    sim = table("N", B4)
    data = state_to_json(sim)
    assert data["pending"]["kind"] == "insufficient_bid.awaiting_replacement"
    assert "no further rectification" not in json.dumps(data["pending"])
    sim = table("N", B4, "E 2NT")  # the comparability question: neither answer lifts the silence
    assert "no further rectification" not in json.dumps(state_to_json(sim)["pending"])
