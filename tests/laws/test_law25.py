"""Law 25: legal and illegal changes of call."""

from __future__ import annotations

import pytest

from auction_fsm.errors import AuctionOverError, DecisionError, IllegalCallError
from auction_fsm.seats import Seat

from .conftest import laws, outcome, record, ruling_laws, unchanged_after, walk

JUDGE_UNINTENDED = ("change_of_call.awaiting_judgement", "director", ("unintended", "intended"))


# --- 25A: unintended call --------------------------------------------------------------------------
def test_25A1_slip_1H_replaced_by_intended_1S_before_partner_calls() -> None:
    s = walk("N", "N 1H, N change 1S")
    assert outcome(s) == {
        "record": ["N 1H stands"],
        "obligations": {},
        "turn": "E",
        "pending": JUDGE_UNINTENDED,
        "restrictions": [],
        "result": None,
    }
    assert s.pending is not None and s.pending.law == "25A"
    s = walk("N", "N 1H, N change 1S, judge unintended yes")
    assert outcome(s) == {
        "record": ["N 1H withdrawn", "N 1S stands"],
        "obligations": {},
        "turn": "E",
        "pending": None,
        "restrictions": [],  # 25A1: Law 26 lead restrictions do not apply
        "result": None,
    }
    assert laws(s)[0] == "25A1" and ruling_laws(s) == ["25", "25A1"]
    s = walk("N", "N 1H, N change 1S, judge unintended yes, E P, S 2S, W P, N P, E P")
    assert outcome(s)["result"] == ("2S", "N", "S", "E")


def test_25A1_intended_call_is_subject_to_the_appropriate_law_insufficient() -> None:
    # North's 2H was a slip for 1D: the intended 1D is ruled as if made in turn, so it is an
    # insufficient bid over East's 1S and Law 27 takes over.  The director is at the table (he
    # has just ruled the change), so he explains East's options at once (9B2, 27A1): no step
    # waits for East to call over it or for the director to be called.
    s = walk("N", "N 1H, E 1S, S P, W P, N 2H, N change 1D, judge unintended yes")
    assert outcome(s)["pending"] == ("insufficient_bid.awaiting_choice", "E", ("accept", "decline"))
    assert record(s)[-2:] == ["N 2H withdrawn", "N 1D pending"]



# --- 25A before the irregularity it would cure (27, 36) -----------------------------------------
SLIP_27 = ("insufficient_bid.awaiting_slip_judgement", "director", ("unintended", "intended"))


def test_25A1_insufficient_1D_meant_as_2D_is_replaced_and_law_27_never_opens() -> None:
    # North opens 1H; East says 1D, meaning 2D (a slip of the tongue), and changes it at once.
    s = walk("N", "N 1H, E 1D, E change 2D")
    assert outcome(s)["pending"] == SLIP_27
    s = walk("N", "N 1H, E 1D, E change 2D, judge unintended yes")
    assert outcome(s) == {
        "record": ["N 1H stands", "E 1D withdrawn", "E 2D stands"],
        "obligations": {},
        "turn": "S",
        "pending": None,
        "restrictions": [],  # no Law 27: no one is silenced, no lead restrictions
        "result": None,
    }
    assert "27" not in " ".join(ruling_laws(s)) and ruling_laws(s)[-1] == "25A1"


def test_25A1_slip_claimed_after_the_director_has_explained_the_27A1_options() -> None:
    # however attention was drawn (25A3): the director is already there for the insufficient bid
    s = walk("N", "N 1H, E 1D, director, E change 2D")
    assert outcome(s)["pending"] == SLIP_27
    s = walk("N", "N 1H, E 1D, director, E change 2D, judge unintended yes")
    assert record(s) == ["N 1H stands", "E 1D withdrawn", "E 2D stands"] and s.pending is None


def test_25A_insufficient_bid_judged_intended_goes_back_to_law_27_where_it_was() -> None:
    s = walk("N", "N 1H, E 1D, E change 2D, judge unintended no")
    assert outcome(s)["pending"] == ("insufficient_bid.awaiting_decision", "S", ("accept", "director"))
    assert s.pending is not None and s.pending.law == "27A1"
    s = walk("N", "N 1H, E 1D, director, E change 2D, judge unintended no")
    assert outcome(s)["pending"] == ("insufficient_bid.awaiting_choice", "S", ("accept", "decline"))


def test_25A2_insufficient_bid_found_intended_stands_and_a_second_slip_claim_is_refused() -> None:
    # the director has ruled that East meant 1D: the claim is decided, at this step and later ones
    s = walk("N", "N 1H, E 1D, E change 2D, judge unintended no")
    unchanged_after(s, IllegalCallError, "E change 2D", match=r"cannot claim again that 1D was a slip.*25A2")
    unchanged_after(s, IllegalCallError, "E change 3D", match="ruled that it was intended")
    s = walk("N", "N 1H, E 1D, E change 2D, judge unintended no, director")
    assert outcome(s)["pending"] == ("insufficient_bid.awaiting_choice", "S", ("accept", "decline"))
    unchanged_after(s, IllegalCallError, "E change 2D", match="25A2")


def test_25A_the_slip_claim_is_part_of_the_insufficient_bid_incident_not_a_second_one() -> None:
    # one irregularity (the insufficient 1D) however the director then judges the claim
    for judged in ("yes", "no"):
        s = walk("N", f"N 1H, E 1D, E change 2D, judge unintended {judged}")
        assert s.incidents == 1, judged
    # ... but an intended call that is irregular too is one of its own (here 1C, insufficient)
    assert walk("N", "N 1H, E 1D, E change 1C, judge unintended yes").incidents == 2
    # a change of call with nothing pending is an irregularity of its own
    assert walk("N", "N 1H, E 1S, E change 2S").incidents == 1


def test_25A1_intended_call_itself_insufficient_opens_law_27_for_the_intended_call() -> None:
    # 1D was a slip for 1C: the intended 1C is insufficient too, so Law 27 applies to 1C, with
    # the director, who has just judged the slip, explaining South's options at once (9B2)
    s = walk("N", "N 1H, E 1D, E change 1C, judge unintended yes")
    assert outcome(s)["pending"] == ("insufficient_bid.awaiting_choice", "S", ("accept", "decline"))
    assert record(s) == ["N 1H stands", "E 1D withdrawn", "E 1C pending"]


def test_25A1_inadmissible_double_by_pulling_the_wrong_card_is_judged_before_law_36() -> None:
    # South doubles partner's 1H (Law 19 does not permit it); South meant to pass
    s = walk("N", "N 1H, E P, S X, S change P")
    assert outcome(s)["pending"] == ("inadmissible_double.awaiting_slip_judgement", "director",
                                     ("unintended", "intended"))
    s = walk("N", "N 1H, E P, S X, S change P, judge unintended yes")
    assert record(s) == ["N 1H stands", "E P stands", "S X withdrawn", "S P stands"]
    assert s.pending is None and s.obligations == ((), (), (), ())  # no Law 36 rectification


def test_25A_a_slip_claim_by_someone_else_or_after_misinformation_is_refused_while_27_is_pending() -> None:
    s = walk("N", "N 1H, E 1D")
    unchanged_after(s, DecisionError, "S change 2H", match="cannot change a call now")
    unchanged_after(s, DecisionError, "E change 2D misinformation", match="cannot change a call now")

def test_25A2_call_the_player_meant_to_make_stands() -> None:
    # Judged not a slip (a change of mind): not 25A; LHO may accept under 25B, else 1H stands.
    s = walk("N", "N 1H, N change 1S, judge unintended no, E choose refuse")
    assert outcome(s) == {
        "record": ["N 1H stands", "N 1S cancelled"],
        "obligations": {},
        "turn": "E",
        "pending": None,
        "restrictions": [],
        "result": None,
    }


def test_25A3_change_allowed_however_the_slip_came_to_light_even_after_lho_called() -> None:
    s = walk("N", "N 1H, E 1S, N change 1D")
    assert outcome(s)["pending"] == JUDGE_UNINTENDED


def test_25A4_no_substitution_once_partner_has_called_the_attempt_stays_cancelled_for_16C() -> None:
    # Issue 40: North says 1H was a slip for 1S after South has called.  Too late (25A4): 1H
    # stands; the 1S North said is cancelled and stays in the record, since 16C applies to it.
    s = walk("N", "N 1H, E P, S 2H, N change 1S")
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "S 2H stands", "N 1S cancelled"],
        "obligations": {},
        "turn": "W",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert laws(s)[-1] == "25A4" and ruling_laws(s) == ["25A4"] and "16C" in s.rulings[-1].summary
    s = walk("N", "N 1H, E P, S 2H, N change 1S, W P, N P, E P")
    assert outcome(s)["result"] == ("2H", "N", "S", "E")  # North named hearts first
    # naming the call already made attempts nothing: refused, nothing recorded
    info = unchanged_after(walk("N", "N 1H, E P, S 2H"), IllegalCallError, "N change 1H",
                           match="partner has called since")
    assert info.value.law == "25A4"  # type: ignore[attr-defined]


def test_25A5_auction_ended_before_reaching_partner_substitution_in_clarification_period() -> None:
    s = walk("N", "N 1H, E P, S P, W P, S change 2H, judge unintended yes")
    assert outcome(s)["pending"] == ("change_of_call.awaiting_lho_choice", "W", ("keep", "withdraw"))
    s = walk("N", "N 1H, E P, S P, W P, S change 2H, judge unintended yes, W choose withdraw")
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "S P withdrawn", "W P withdrawn", "S 2H stands"],
        "obligations": {},
        "turn": "W",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    s = walk("N", "N 1H, E P, S P, W P, S change 2H, judge unintended yes, W choose withdraw, W P, N P, E P")
    assert outcome(s)["result"] == ("2H", "N", "S", "E")


def test_25A5_17D2_unintended_fourth_pass_may_still_be_replaced_until_the_hands_are_returned() -> None:
    # 22B "but see Law 25": the auction period of a passed-out board lasts until the hands go back
    # to the board (17D2), and West's partner has not called since West's pass.
    s = walk("N", "N P, E P, S P, W P, W change 1C")
    assert s.pending is not None and s.pending.decision.kind == "change_of_call.awaiting_judgement"
    s = walk("N", "N P, E P, S P, W P, W change 1C, judge unintended yes")
    assert record(s) == ["N P stands", "E P stands", "S P stands", "W P withdrawn", "W 1C stands"]
    assert s.phase == "auction" and s.turn.name == "N"
    # judged a change of mind and not accepted: the fourth pass stands and the board stays passed out
    s = walk("N", "N P, E P, S P, W P, W change 1C, judge unintended no, N choose refuse")
    assert s.phase == "passed_out"


def test_17D2_once_the_hands_are_returned_no_change_is_possible() -> None:
    s = walk("N", "N P, E P, S P, W P, hands returned")
    assert s.phase == "hands_returned" and s.is_passed_out
    unchanged_after(s, AuctionOverError, "W change 1C", match="hands are back in the board")
    unchanged_after(s, AuctionOverError, "director", match="17D2")


def test_25A6_lho_withdraws_call_made_over_the_changed_call() -> None:
    s = walk("N", "N 1H, E 1S, N change 1D, judge unintended yes")
    assert outcome(s)["pending"] == ("change_of_call.awaiting_lho_choice", "E", ("keep", "withdraw"))
    assert s.pending is not None and s.pending.law == "25A6"
    s = walk("N", "N 1H, E 1S, N change 1D, judge unintended yes, E choose withdraw")
    assert outcome(s) == {
        "record": ["N 1H withdrawn", "E 1S withdrawn", "N 1D stands"],
        "obligations": {},
        "turn": "E",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert laws(s)[:2] == ["25A1", "25A6"]


def test_25A6_lho_keeps_call_made_over_the_changed_call() -> None:
    s = walk("N", "N 1H, E 1S, N change 1D, judge unintended yes, E choose keep")
    assert outcome(s) == {
        "record": ["N 1H withdrawn", "E 1S withdrawn", "N 1D stands", "E 1S stands"],
        "obligations": {},
        "turn": "S",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert [r.call.text for r in s.standing_calls] == ["1D", "1S"]


# --- 25B: intended change ---------------------------------------------------------------------------
def test_25A1_36B_an_inadmissible_double_the_director_put_in_place_is_cancelled_at_once() -> None:
    # North's 1C was a slip for X, which Law 19 does not allow with no bid to double.  The director
    # is at the table (he has just judged the slip) and nobody has called over the double, so he
    # rules 36B at once: no step waits for East to call over it (36A) or for the director.
    s = walk("N", "N 1C, N change X, judge unintended yes")
    assert s.pending is None and s.turn == Seat.N  # North calls again
    assert record(s) == ["N 1C withdrawn", "N X cancelled"]
    assert s.obligations[Seat.S][0].kind == "pass_rest_of_auction"  # 36B2: partner silenced
    assert laws(s) == ["25A1", "36B1"]  # the law on each call of the record


@pytest.mark.parametrize("choice", ["keep", "withdraw"])
def test_25A6_36B_lhos_call_lapses_when_the_new_call_is_itself_cancelled(choice: str) -> None:
    # East had called over 1C.  Whichever East chose, his 1D cannot stand over a double that is
    # cancelled: North calls again first (36B), and East calls after him.
    s = walk("N", "N 1C, E 1D, N change X, judge unintended yes", f"E choose {choice}")
    assert outcome(s)["record"] == ["N 1C withdrawn", "E 1D withdrawn", "N X cancelled"]
    assert s.pending is None and s.turn == Seat.N
    assert laws(s) == ["25A1", "25A6", "36B1"]


def test_25A1_38_a_bid_above_seven_the_director_put_in_place_is_ruled_at_once() -> None:
    # 38B-C with the director there: the bid is cancelled, a pass put in its place, and the side
    # silenced for the rest of the auction (North was in turn).
    s = walk("N", "N 1C, N change 8C, judge unintended yes")
    assert record(s) == ["N 1C withdrawn", "N 8C cancelled", "N P stands"]
    assert s.pending is None and s.turn == Seat.E
    assert all(s.obligations[seat][0].kind == "pass_rest_of_auction" for seat in (Seat.N, Seat.S))


def test_25B1_36A_lho_accepting_a_change_to_an_inadmissible_double_by_calling_cancels_both() -> None:
    # East calls over North's attempted change before the director has judged it: the change is
    # accepted (25B1), and East's 1D is a call over North's inadmissible X before any ruling, so
    # both are cancelled and North calls again with no rectification (36A).  (East's call used to
    # be dropped from the record once the X opened Law 36.)
    s = walk("N", "N 1C, N change X, E 1D")
    assert outcome(s) == {"record": ["N 1C withdrawn", "N X cancelled", "E 1D cancelled"], "obligations": {},
                          "turn": "N", "pending": None, "restrictions": [], "result": None}
    assert [r.law for r in s.rulings][-1] == "36A"


def test_25B1_lho_accepts_change_first_call_withdrawn_law_26_applies() -> None:
    s = walk("N", "N 1H, N change 1S, judge unintended no")
    assert outcome(s)["pending"] == ("change_of_call.awaiting_acceptance", "E", ("accept", "refuse"))
    s = walk("N", "N 1H, N change 1S, judge unintended no, E choose accept")
    assert outcome(s) == {
        "record": ["N 1H withdrawn", "N 1S stands"],
        "obligations": {},
        "turn": "E",
        "pending": ("comparable_call.awaiting_judgement", "director", ("comparable", "not_comparable")),
        "restrictions": [],
        "result": None,
    }
    assert laws(s)[0] == "25B1"
    base = "N 1H, N change 1S, judge unintended no, E choose accept, judge comparable no"
    s = walk("N", base)
    assert outcome(s)["restrictions"] == [("N", "S", "1H", "CDH")]  # North named spades
    assert outcome(s)["obligations"] == {}
    s = walk("N", base, "E 2H, S P, W 4H, N P, E P, S P")
    assert outcome(s) == {
        "record": ["N 1H withdrawn", "N 1S stands", "E 2H stands", "S P stands", "W 4H stands",
                   "N P stands", "E P stands", "S P stands"],
        "obligations": {},
        "turn": None,
        "pending": ("declarer_lead_options.lead_restriction", "E",
                    ("prohibit_C", "prohibit_D", "prohibit_H", "no_prohibition")),
        "restrictions": [("N", "S", "1H", "CDH")],
        "result": ("4H", "E", "W", "S"),
    }


def test_25B1_comparable_change_no_lead_restrictions() -> None:
    s = walk("N", "N 1H, N change 1S, judge unintended no, E choose accept, judge comparable yes")
    assert outcome(s)["restrictions"] == [] and outcome(s)["pending"] is None
    assert outcome(s)["turn"] == "E"


def test_25B1_lho_accepts_by_calling_and_that_call_stands() -> None:
    s = walk("N", "N 1H, N change 1S, judge unintended no, E 2C")
    assert record(s) == ["N 1H withdrawn", "N 1S stands", "E 2C stands"]


def test_25B2_change_not_accepted_is_cancelled_original_stands() -> None:
    s = walk("N", "N 1H, N change 1S, judge unintended no, E choose refuse")
    assert outcome(s)["record"] == ["N 1H stands", "N 1S cancelled"]  # 25B3: 16C applies to it
    assert laws(s) == [None, "25B2"] and s.turn.name == "E"
    assert ruling_laws(s) == ["25", "25B", "25B2"] and "16C" in s.rulings[-1].summary
    s = walk("N", "N 1H, N change 1S, judge unintended no, E choose refuse, E P, S P, W P")
    assert outcome(s)["result"] == ("1H", "N", "S", "E")


def test_25B3_withdrawn_and_cancelled_calls_stay_in_the_record_for_16C() -> None:
    s = walk("N", "N 1H, E 1S, N change 2H, judge unintended no, E choose accept")
    assert [(r.seat.name, r.call.text, r.status) for r in s.record[:2]] == [
        ("N", "1H", "withdrawn"), ("E", "1S", "withdrawn")]


def test_25_bad_input() -> None:
    s = walk("N", "N 1H, N change 1S, judge unintended no")
    unchanged_after(s, DecisionError, "W choose accept", match="the decision is E's")
    unchanged_after(s, DecisionError, "E choose keep", match="'keep' is not an option")
    unchanged_after(s, DecisionError, "judge unintended yes", match="waiting for East")
    unchanged_after(walk("N", "N 1H"), DecisionError, "judge unintended yes",
                    match="no decision is pending")
    unchanged_after(walk("N", "N 1H"), IllegalCallError, "E change 1S", match="no call")


def test_25A_21B1_a_change_to_the_call_already_made_is_refused_and_nothing_is_lost() -> None:
    # East says his 1H was a slip for 1H: there is nothing to replace it with, so there is no
    # claim for the director to judge; the same for a change claimed after misinformation.  The
    # call named is the one just made: the book's refusal of the same call again says so (25).
    from auction_fsm.errors import RepeatedCallError

    s = walk("N", "N 1C, E 1H")
    unchanged_after(s, RepeatedCallError, "E change 1H", match="East has just called 1H, and the same call again")
    unchanged_after(s, RepeatedCallError, "E change 1H misinformation", match="Law 25")
    assert outcome(walk("N", "N 1C, E 1H, E change 1S"))["pending"] == JUDGE_UNINTENDED


def test_25A_a_slip_claim_naming_the_irregular_call_itself_is_refused_before_27_and_36() -> None:
    # East's insufficient 1C "was a slip for 1C", South's inadmissible double of partner's bid
    # "was a slip for a double": the call named is the call made, so Law 27 and Law 36 go on
    # (the book's refusal of the same call named again, 25).
    from auction_fsm.errors import RepeatedCallError

    s = walk("N", "N 1D, E 1C")
    unchanged_after(s, RepeatedCallError, "E change 1C", match="East has just made 1C, and the same call again")
    assert outcome(walk("N", "N 1D, E 1C, E change 2C"))["pending"] == SLIP_27
    s = walk("N", "N 1D, E P, S X")
    unchanged_after(s, RepeatedCallError, "S change X", match="South has just made X, and the same call again")


def test_25A4_no_change_once_a_call_out_of_rotation_has_taken_partners_turn() -> None:
    # East's 3D, South passes, North passes out of rotation at West's turn and East, North's LHO,
    # accepts it by choice: the auction has gone past West's turn.  East can no longer replace
    # 3D (F02: withdrawing 3D and South's pass would have left calls in no order a table makes,
    # and the auction ended by them).
    s = walk("S", "S 2NT, W P, N P, E 3D, S P, N P, director, E choose accept")
    assert record(s)[-1] == "N P@W stands"
    unchanged_after(s, IllegalCallError, "E change 3D", match="out of rotation has since taken partner's turn")
    unchanged_after(s, IllegalCallError, "E change 3D misinformation", match="21B1a")
    # a change to another call is too late: it stays in the record, cancelled (16C)
    t = walk("S", "S 2NT, W P, N P, E 3D, S P, N P, director, E choose accept, E change P")
    assert record(t)[-1] == "E P cancelled" and t.key == s.key


def test_25A1_a_change_with_calls_out_of_rotation_accepted_after_it_leaves_them_standing() -> None:
    # North's 1C; West bids 1H at East's turn and North accepts it; East bids 1S at North's turn
    # and South accepts it.  South's turn has not gone and he has not called, so North may still
    # replace 1C.  1C and the call over it (West's) are withdrawn, and East's 1S, made after them,
    # stands again on the auction as it was before 1C: the procedure kept those calls by value.
    base = "N 1C, W 1H, director, N choose accept, E 1S, director, S choose accept, N change 1D"
    for tail, then in (("judge unintended yes, E choose withdraw", "E"), ("judge unintended no, E choose accept", "E")):
        s = walk("N", f"{base}, {tail}")
        assert record(s)[:3] == ["N 1C withdrawn", "W 1H@E withdrawn", "E 1S@N stands"]
        assert s.key == s.rebuilt().key and s.standing_facts == s.rebuilt().standing_facts
        assert s.pending is not None and s.pending.decider == then  # North's 1D is now out of rotation


def test_25A6_regression_withdraw_after_an_accepted_call_out_of_rotation_is_refused_cleanly() -> None:
    from pathlib import Path

    from auction_fsm.cli import main

    shared = [p / "shared" for p in Path(__file__).resolve().parents[3:5] if (p / "shared").is_dir()]
    if not shared:
        pytest.skip("no shared regression folder beside the checkout")
    path = shared[0] / "regressions" / "engine" / "lawbook_25A6_withdraw_ends_auction.json"
    assert main(["replay", "--json", str(path)]) == 2


# --- issue 17's examples, entered as a director enters them ---------------------------------------
def test_25A1_issue17_1D_meant_as_2D_with_the_director_called_then_judging_unintended() -> None:
    # N 1H, E 1D (meaning 2D), East changes to 2D, the director is called and judges it a slip:
    # 2D stands, Law 27 never opens, South to call
    s = walk("N", "N 1H, E 1D, E change 2D, director, judge unintended yes")
    assert outcome(s) == {
        "record": ["N 1H stands", "E 1D withdrawn", "E 2D stands"],
        "obligations": {},
        "turn": "S",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert not any(law.startswith("27") for law in ruling_laws(s)) and ruling_laws(s)[-1] == "25A1"


def test_25A1_issue17_double_of_partners_bid_by_the_wrong_card_judged_before_law_36() -> None:
    # South pulls the double card meaning 2H: 25A first, with the director called; unintended
    s = walk("N", "N 1H, E P, S X, S change 2H, director, judge unintended yes")
    assert record(s) == ["N 1H stands", "E P stands", "S X withdrawn", "S 2H stands"]
    assert s.pending is None and s.turn.name == "W"
    assert not any(law.startswith("36") for law in ruling_laws(s))


def test_25B1_issue17_keeps_lhos_accept_or_decline_after_the_directors_arrival() -> None:
    s = walk("N", "N 1H, E P, S 2H, S 3H, director, judge unintended no")
    assert outcome(s)["pending"] == ("change_of_call.awaiting_acceptance", "W", ("accept", "refuse"))
    s = walk("N", "N 1H, E P, S 2H, S 3H, director, judge unintended no, W choose accept, judge comparable yes")
    assert record(s) == ["N 1H stands", "E P stands", "S 2H withdrawn", "S 3H stands"]
    assert s.pending is None and s.turn.name == "W"


# --- 25A5 while declarer's 26B choice waits (issue 40) ----------------------------------------------
TO_4H_WITH_26B = ("N 1H, N change 1S, judge unintended no, E choose accept, judge comparable no, "
                  "E 2H, S P, W 4H, N P, E P, S P")  # 4H by East; South leads; East may bar a suit (26B)
CHOICE_26B = ("declarer_lead_options.lead_restriction", "E",
              ("prohibit_C", "prohibit_D", "prohibit_H", "no_prohibition"))


def test_25A5_17D1_unintended_final_pass_may_be_changed_while_declarers_26B_choice_waits() -> None:
    # South's final pass was a slip for 4S.  The auction period lasts until the opening lead is
    # faced (17D1) and North has not called since: 25A still applies, whatever declarer is
    # choosing meanwhile; the choice waits for the judgement.
    assert outcome(walk("N", TO_4H_WITH_26B))["pending"] == CHOICE_26B
    s = walk("N", TO_4H_WITH_26B, "S change 4S")
    assert outcome(s)["pending"] == JUDGE_UNINTENDED
    s = walk("N", TO_4H_WITH_26B, "S change 4S, judge unintended yes")
    assert outcome(s) == {
        "record": ["N 1H withdrawn", "N 1S stands", "E 2H stands", "S P stands", "W 4H stands",
                   "N P stands", "E P stands", "S P withdrawn", "S 4S stands"],
        "obligations": {},
        "turn": "W",  # the auction is open again; declarer's choice lapses with it
        "pending": None,
        "restrictions": [("N", "S", "1H", "CDH")],
        "result": None,
    }
    assert laws(s)[7] == "25A1"


def test_25A5_the_26B_choice_is_asked_again_when_the_final_pass_stands() -> None:
    # judged a change of mind and refused by West: the pass stands, declarer chooses again
    s = walk("N", TO_4H_WITH_26B, "S change 4S, judge unintended no, W choose refuse")
    assert outcome(s)["pending"] == CHOICE_26B
    assert record(s)[-1] == "S 4S cancelled"  # 25B3: 16C applies to it
    s = walk("N", TO_4H_WITH_26B, "S change 4S, judge unintended no, W choose refuse, E choose no_prohibition")
    assert s.pending is None and s.phase == "clarification"


def test_25A5_17D1_a_change_is_still_possible_after_the_26B_choice_until_the_lead_is_faced() -> None:
    base = TO_4H_WITH_26B + ", E choose prohibit_C, S lead D2 facedown"
    s = walk("N", base, "S change 4S")
    assert outcome(s)["pending"] == JUDGE_UNINTENDED
    unchanged_after(walk("N", base, "face"), AuctionOverError, "S change 4S", match="17D1")


# --- 25: the same call again is no change of call ---------------------------------------------------
def test_25_the_same_call_named_again_is_no_change_and_the_book_says_nothing_happens() -> None:
    """A seat naming again the call it has just made (a line sent twice) neither calls anew nor
    changes its call: Law 25 replaces a call by a different one.  The book says so in words with
    the law (``teach`` prints them); it says nothing of a call the table waits for, such as the
    offender's replacement of an insufficient bid by the same bid (27B), which is ruled."""
    from auction_fsm.auction import AuctionState
    from auction_fsm.event_language import read_event
    from auction_fsm.lawbook import LAWS_2017
    from auction_fsm.lawbook.changes import same_call_again

    def said(state: AuctionState, text: str) -> str | None:
        return same_call_again(state, read_event(text, "the test"), LAWS_2017)

    s = walk("N", "N 1H, E 2H")
    assert said(s, "E 2H") == ("Nothing happens: East has just called 2H, and the same call again is neither a new "
                               "call nor a change of call (Law 25 is about replacing a call by another).")
    assert said(s, "E change 2H") is not None
    assert said(s, "E 3H") is None and said(s, "S 2H") is None and said(s, "N 1H") is None
    held = walk("N", "N 1H, E 1C")  # the insufficient 1C waits for South's decision
    assert (said(held, "E 1C") or "").startswith("Nothing happens: East has just made 1C")
    declined = walk("N", "N 1H, E 1C, director, S decline")  # East now owes the replacement
    assert said(declined, "E 1C") is None


# --- 25: the law book refuses the same call named again (every reader of the engine) --------------
NOTHING = ("Nothing happens: {who} has just {how} {call}, and the same call again is neither a new call nor a "
           "change of call (Law 25 is about replacing a call by another).")


def _nothing(who: str, call: str, how: str = "called") -> str:
    import re
    return re.escape(NOTHING.format(who=who, call=call, how=how))


@pytest.mark.parametrize(("before", "again", "who", "call"), [
    ("N 1H, E 2H", "E 2H", "East", "2H"),   # a bid (31C would make it a change of call)
    ("N 1H, E P", "E P", "East", "P"),      # a pass (30B2)
    ("N 1H, E X", "E X", "East", "X"),      # a double (32C)
    ("N 1H", "N 1H", "North", "1H"),        # the opening bid
], ids=["bid", "pass", "double", "opening"])
def test_25_the_same_call_named_again_at_lhos_turn_changes_nothing(before: str, again: str, who: str,
                                                                  call: str) -> None:
    """The player who has just called names the same call at LHO's turn: not a call at LHO's
    turn that 30B2, 31C or 32C send to Law 25 as a change of call (there is nothing to change),
    so the book refuses it with its words and nothing is recorded; the auction goes on."""
    from auction_fsm.errors import RepeatedCallError

    s = walk("N", before)
    unchanged_after(s, RepeatedCallError, again, match=_nothing(who, call))
    nxt = {"E": "S", "N": "E"}[again[0]]
    s = walk("N", before, f"{nxt} P")  # the player whose turn it is calls as if nothing had been said
    assert record(s)[-1] == f"{nxt} P stands" and s.pending is None and s.incidents == 0


def test_25_the_same_call_named_again_is_refused_by_a_row_of_the_book_and_the_machines_agree() -> None:
    from auction_fsm.errors import RepeatedCallError
    from auction_fsm.event_language import read_event
    from auction_fsm.lawbook import LAWS_2017
    from auction_fsm.lawbook.rows import Ctx
    from auction_fsm.simulator import Simulator

    s = walk("N", "N 1H, E 2H")
    row = LAWS_2017.select("auction", "call_out_of_rotation", Ctx(s, read_event("E 2H", "the test")))
    assert row is not None and row.refusal and row.guard is not None and row.guard.name == "names_same_call_again"
    assert row.guard.reads == frozenset({"names_call_just_made"}) and row.law == "25"
    sim = Simulator("N")
    for text in ("N 1H", "E 2H"):
        sim.apply(read_event(text, "the test"))
    with pytest.raises(RepeatedCallError):
        sim.apply(read_event("E 2H", "the test"))
    assert sim.state == s  # the machines stay where they were, with the engine


@pytest.mark.parametrize("ground", ["", " misinformation"])
def test_25_the_same_call_named_again_as_a_change_of_call_changes_nothing(ground: str) -> None:
    from auction_fsm.errors import RepeatedCallError

    s = walk("N", "N 1H, E 2H")
    unchanged_after(s, RepeatedCallError, f"E change 2H{ground}", match=_nothing("East", "2H"))
    # once South has called, East's 2H is no longer the call just made: the change is refused
    # for naming the call already made (25A), as before
    s = walk("N", "N 1H, E 2H, S P")
    unchanged_after(s, IllegalCallError, f"E change 2H{ground}", match="2H already")


def test_25_a_call_named_again_in_turn_after_other_calls_is_a_call() -> None:
    """The exception is narrow: the same call by the same player at his own turn, others having
    called since, is a new call and is ruled as one."""
    s = walk("N", "N P, E 1H, S P, W P, N P")  # a pass again, in turn: it stands
    assert record(s)[-1] == "N P stands" and s.turn == Seat.E
    s = walk("N", "N 1H, E 1S, S P, W P, N 1H")  # a bid again, in turn: insufficient over 1S (27)
    assert outcome(s)["pending"] == ("insufficient_bid.awaiting_decision", "E", ("accept", "director"))
    s = walk("N", "N 1H, E X, S 2H, W P, N P, E X")  # a double again, in turn: it doubles 2H
    assert record(s)[-1] == "E X stands" and s.pending is None


def test_25_the_same_call_named_again_while_a_decision_waits_changes_nothing() -> None:
    from auction_fsm.errors import RepeatedCallError

    # the insufficient 1C while South decides: neither a premature replacement (27C) nor a slip claim (25A)
    held = walk("N", "N 1H, E 1C")
    unchanged_after(held, RepeatedCallError, "E 1C", match=_nothing("East", "1C", "made"))
    unchanged_after(held, RepeatedCallError, "E change 1C", match=_nothing("East", "1C", "made"))
    # a call out of rotation held while North decides
    oor = walk("N", "N 1H, W 2H")
    unchanged_after(oor, RepeatedCallError, "W 2H", match=_nothing("West", "2H", "made"))
    # while the director judges a change of call
    judged = walk("N", "N 1H, E 2H, E 3H")
    unchanged_after(judged, RepeatedCallError, "E 2H", match=_nothing("East", "2H"))
    # the offender who owes the replacement (27B) is a seat the table waits for: ruled (27B4)
    s = walk("N", "N 1H, E 1C, director, S decline, E 1C")
    assert outcome(s)["pending"] == ("insufficient_bid.awaiting_choice", "S", ("accept", "decline"))


def test_25A1_a_slip_claim_for_the_premature_replacement_is_heard() -> None:
    # East's 1C is insufficient and his 1D a premature replacement (27C); "1C was a slip for
    # 1D" names the call just made, but the claim is about the insufficient 1C, not about 1D
    s = walk("N", "N 1C, E 1C, E 1D, director, E change 1D")
    assert outcome(s)["pending"] == SLIP_27


def test_25_39_the_final_pass_named_again_changes_nothing() -> None:
    """North's pass ended the auction; North says pass again: no call after the final pass (39)
    is made, so nothing is cancelled or recorded."""
    from auction_fsm.errors import RepeatedCallError

    s = walk("N", "N 1H, E P, S P, W P")
    unchanged_after(s, RepeatedCallError, "W P", match=_nothing("West", "P"))
    s = walk("N", "N 1H, E P, S P, W P, E lead SA facedown")
    unchanged_after(s, RepeatedCallError, "W P", match=_nothing("West", "P"))
    unchanged_after(s, RepeatedCallError, "W change P", match=_nothing("West", "P"))


def test_1997_25_the_same_call_named_again_at_lhos_turn_changes_nothing() -> None:
    """The 1997 book sends a later call at LHO's turn to Law 25 too (30B3, 31B (1997)), and a
    pass made before anyone has bid to 30A (1997): the same call named again is neither."""
    from auction_fsm.errors import RepeatedCallError

    from .book1997 import walk97

    for before, again, who, call in (("N 1H, E 2H", "E 2H", "East", "2H"), ("N 1H, E P", "E P", "East", "P"),
                                     ("N 1H, E X", "E X", "East", "X"), ("N P, E P", "E P", "East", "P")):
        s = walk97("N", before)
        unchanged_after(s, RepeatedCallError, again, match=_nothing(who, call))
        unchanged_after(s, RepeatedCallError, f"{again[0]} change {call}", match=_nothing(who, call))
    s = walk97("N", "N P, E P, S P")
    assert s.turn == Seat.W and s.pending is None and s.incidents == 0
