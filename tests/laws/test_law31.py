"""Law 31: bid out of rotation (and artificial passes, 30C), cancelled with 29A not exercised."""

from __future__ import annotations

import pytest

from auction_fsm.auction import AuctionState
from auction_fsm.calls import Strain, parse_call
from auction_fsm.engine import apply_event, step
from auction_fsm.errors import DecisionError, IllegalCallError
from auction_fsm.events import CallEvent
from auction_fsm.narrate import narrate
from auction_fsm.report import state_to_json
from auction_fsm.seats import Seat

from .conftest import laws, outcome, record, ruling_laws, run, unchanged_after, walk
from .lead_helpers import table


# --- 31A: at RHO's turn -------------------------------------------------------------------------
def test_31A_bid_at_rho_turn_cancelled_waits_for_rho() -> None:
    s = walk("N", "N 1H, S 1S, director, judge artificial no")
    assert outcome(s) == {
        "record": ["N 1H stands", "S 1S@E cancelled"],
        "obligations": {},
        "turn": "E",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert laws(s)[1] == "29B" and ruling_laws(s) == ["31A"]
    assert [(w.kind, w.offender.name, w.call.text, w.law) for w in s.watches] == [
        ("after_rho_call", "S", "1S", "31A")]


def test_31A1_rho_passes_offender_must_repeat_1S() -> None:
    s = walk("N", "N 1H, S 1S, director, judge artificial no, E P")
    assert outcome(s) == {
        "record": ["N 1H stands", "S 1S@E cancelled", "E P stands"],
        "obligations": {"S": [("repeat_call", "31A1", "1S")]},
        "turn": "S",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert [c.text for c in s.legal_calls()] == ["1S"]
    info = unchanged_after(s, IllegalCallError, "S 2S", match="must repeat 1S")
    assert info.value.law == "31A1"  # type: ignore[attr-defined]
    s = walk("N", "N 1H, S 1S, director, judge artificial no, E P, S 1S, W P, N 2S, E P, S P, W P")
    assert outcome(s) == {
        "record": ["N 1H stands", "S 1S@E cancelled", "E P stands", "S 1S stands", "W P stands",
                   "N 2S stands", "E P stands", "S P stands", "W P stands"],
        "obligations": {},
        "turn": None,
        "pending": None,
        "restrictions": [],  # the repeated call is legal: no rectification at all
        "result": ("2S", "S", "N", "W"),
    }


def test_31A2a_rho_bids_offender_comparable_call_no_rectification() -> None:
    s = walk("N", "N 1H, S 1S, director, declined, judge artificial no, E 2C, S 2S")
    assert outcome(s)["pending"] == ("comparable_call.awaiting_judgement", "director",
                                     ("comparable", "not_comparable"))
    s = walk("N", "N 1H, S 1S, director, declined, judge artificial no, E 2C, S 2S, judge comparable yes")
    assert outcome(s) == {
        "record": ["N 1H stands", "S 1S@E cancelled", "E 2C stands", "S 2S stands"],
        "obligations": {},
        "turn": "W",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert ruling_laws(s) == ["31A", "31A2", "23A, 26A"]


def test_31A2b_rho_bids_offender_3NT_not_comparable_partner_passes_once() -> None:
    s = walk("N", "N 1H, S 1S, director, judge artificial no, E 2C, S 3NT, judge comparable no")
    assert outcome(s) == {
        "record": ["N 1H stands", "S 1S@E cancelled", "E 2C stands", "S 3NT stands"],
        "obligations": {"N": [("pass_next_turn", "31A2", None)]},
        "turn": "W",
        "pending": None,
        "restrictions": [("S", "N", "1S", "CDHS")],  # South named no suit in the legal auction
        "result": None,
    }
    s = walk("N", "N 1H, S 1S, director, judge artificial no, E 2C, S 3NT, judge comparable no, "
                  "W P, N P, E P")
    assert outcome(s) == {
        "record": ["N 1H stands", "S 1S@E cancelled", "E 2C stands", "S 3NT stands", "W P stands",
                   "N P stands", "E P stands"],
        "obligations": {},
        "turn": None,
        "pending": None,  # the offender is declarer: 26B cannot bite
        "restrictions": [("S", "N", "1S", "CDHS")],
        "result": ("3NT", "S", "N", "W"),
    }


def test_31A2_rho_doubles_offender_redoubles_not_comparable() -> None:
    s = walk("N", "N 1H, S 1S, director, judge artificial no, E X, S XX, judge comparable no")
    assert outcome(s) == {
        "record": ["N 1H stands", "S 1S@E cancelled", "E X stands", "S XX stands"],
        "obligations": {"N": [("pass_next_turn", "31A2", None)]},
        "turn": "W",
        "pending": None,
        "restrictions": [("S", "N", "1S", "CDHS")],
        "result": None,
    }


# --- 31B: at partner's turn, or LHO's turn before the offender has called ------------------------
def test_31B_bid_at_partner_turn_partner_free_offender_2S_not_comparable() -> None:
    s = walk("N", "N 1H, W 1S, director, judge artificial no")
    assert outcome(s) == {
        "record": ["N 1H stands", "W 1S@E cancelled"],
        "obligations": {},
        "turn": "E",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert ruling_laws(s) == ["31B2"]
    assert len(s.legal_calls()) > 1  # 31B1: East may make any legal call
    s = walk("N", "N 1H, W 1S, director, judge artificial no, E 2C, S P, W 2S, judge comparable no")
    assert outcome(s) == {
        "record": ["N 1H stands", "W 1S@E cancelled", "E 2C stands", "S P stands", "W 2S stands"],
        "obligations": {"E": [("pass_next_turn", "31B2", None)]},
        "turn": "N",
        "pending": None,
        "restrictions": [("W", "E", "1S", "CDH")],  # West named spades in the legal auction
        "result": None,
    }
    s = walk("N", "N 1H, W 1S, director, judge artificial no, E 2C, S P, W 2S, judge comparable no, "
                  "N P, E P, S P")
    assert outcome(s)["result"] == ("2S", "W", "E", "N")
    assert outcome(s)["obligations"] == {}


def test_31B_bid_at_lho_turn_before_offender_called_comparable_repeat() -> None:
    s = walk("N", "W 1S, director, judge artificial no")
    assert outcome(s) == {
        "record": ["W 1S@N cancelled"],
        "obligations": {},
        "turn": "N",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    s = walk("N", "W 1S, director, judge artificial no, N 1H, E P, S P, W 1S, judge comparable yes, "
                  "N P, E P, S P")
    assert outcome(s) == {
        "record": ["W 1S@N cancelled", "N 1H stands", "E P stands", "S P stands", "W 1S stands",
                   "N P stands", "E P stands", "S P stands"],
        "obligations": {},
        "turn": None,
        "pending": None,
        "restrictions": [],
        "result": ("1S", "W", "E", "N"),
    }


# --- 31C: later bids at LHO's turn: change of call (25) --------------------------------------------
def test_31C_later_bid_at_lho_turn_is_a_change_of_call() -> None:
    s = walk("N", "N 1H, E P, S 2H, S 3H")
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "S 2H stands"],
        "obligations": {},
        "turn": "W",
        "pending": ("change_of_call.awaiting_judgement", "director", ("unintended", "intended")),
        "restrictions": [],
        "result": None,
    }
    assert s.pending is not None and s.pending.law == "31C, 25A"


def test_31C_unintended_2H_replaced_by_3H() -> None:
    s = walk("N", "N 1H, E P, S 2H, S 3H, judge unintended yes, W P, N P, E P")
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "S 2H withdrawn", "S 3H stands", "W P stands",
                   "N P stands", "E P stands"],
        "obligations": {},
        "turn": None,
        "pending": None,
        "restrictions": [],
        "result": ("3H", "N", "S", "E"),
    }
    assert laws(s)[2] == "25A1"


def test_31C_intended_change_accepted_by_lho_comparable() -> None:
    s = walk("N", "N 1H, E P, S 2H, S 3H, judge unintended no, W choose accept, judge comparable yes")
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "S 2H withdrawn", "S 3H stands"],
        "obligations": {},
        "turn": "W",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert ruling_laws(s) == ["31C", "25B", "25B1", "23A, 26A"]


@pytest.mark.parametrize("events", ["N 1H, E P, S 2H, S 3H, judge unintended no, W choose refuse"])
def test_31C_intended_change_refused_2H_stands(events: str) -> None:
    s = walk("N", events)
    assert outcome(s)["record"][:3] == ["N 1H stands", "E P stands", "S 2H stands"]
    assert outcome(s)["turn"] == "W" and outcome(s)["pending"] is None
    assert s.legal_calls()[0].text == "2S"


def test_31A1_36B2_repeat_owed_by_a_seat_silenced_to_the_end_lapses_pass_only() -> None:
    # South's 1S at East's turn is cancelled (31A); North's opening 1H is changed by a slip to an
    # inadmissible double, which East declines (36B2: South must pass at every turn).  When East
    # then passes, 31A1 would have South repeat 1S, but South may not bid again in this auction:
    # the obligation to pass prevails and the repeat is not owed (F05, modelling decision).
    s = walk("N", "N 1H, S 1S, director, judge artificial no, N change X, judge unintended yes, "
                  "director, N 1H, E P")
    assert outcome(s)["obligations"] == {"S": [("pass_rest_of_auction", "36B2", None)]}
    assert s.turn.name == "S" and [c.text for c in s.legal_calls()] == ["P"]
    assert s.rulings[-1].law == "31A1" and "1S is not repeated" in s.rulings[-1].summary
    s = walk("N", "N 1H, S 1S, director, judge artificial no, N change X, judge unintended yes, "
                  "director, N 1H, E P, S P, W P, N P")
    assert s.contract is not None and s.contract.text == "1H"
    assert [o.kind for o in s.obligations[2]] == ["pass_rest_of_auction"]  # no repeat ever came back



def test_31A1_22A_rho_pass_that_ends_the_auction_leaves_no_repeat_owed() -> None:
    # After N P E 1NT S P W P N X E P S P, North bids 1S at West's turn; judged artificial, it is
    # cancelled (31A).  West's pass is his RHO's pass, but it is also the third pass after the
    # double: the auction is over (22A), so no turn is left for the repeat 31A1 asks for.  The
    # 1S stays cancelled (modelling decision); the same call made now is a call after the final
    # pass (39), a new irregularity, not the repeat (found by exploring the lead with calls out of
    # rotation: each such call reopened Law 39 without counting, without end).
    events = "N P, E 1NT, S P, W P, N X, E P, S P, N 1S, director, judge artificial yes, W P"
    s = walk("N", events)
    assert outcome(s)["obligations"] == {}
    assert s.is_over and s.contract is not None and s.contract.text == "1NTX"
    assert s.rulings[-1].law == "31A1" and "ended the auction (22A)" in s.rulings[-1].summary
    before = s.incidents
    s = walk("N", events + ", N 1S")
    assert record(s)[-1] == "N 1S cancelled" and s.pending is not None
    assert s.pending.procedure == "call_after_final_pass"
    assert s.incidents == before + 1

@pytest.mark.parametrize(("before", "summary"), [
    ("N P, E 1NT, S P, W P, N X, E P, S P, N 1S, director, judge artificial yes",
     "RHO's pass ended the auction: nothing is repeated, the call stays cancelled"),
    ("N 1H, S 1S, director, judge artificial no, N change X, judge unintended yes, director, N 1H",
     "the obligation to pass prevails: nothing is repeated"),
    ("N 1H, S 1S, director, judge artificial no",
     "RHO passed: the offender must repeat the cancelled call"),
])
def test_31A1_22A_each_outcome_of_rhos_pass_is_a_row_of_the_book(before: str, summary: str) -> None:
    # what RHO's pass leads to (the repeat owed, lapsed at the end of the auction, or prevented
    # by an obligation to pass) is decided by the rows' guards, so the charts and the machines
    # show each case; exactly one row holds (the strict step tests every guard)
    state = run(AuctionState.start(Seat.N), before)
    rho = state.turn
    fired = step(state, CallEvent(rho, parse_call("P")), strict=True).fired
    assert [f.row.summary for f in fired if f.row.trigger == "watched_call"] == [summary]


# --- 31C while the offender's own bid out of rotation is still held --------------------------------
# West, the player before the dealer, bids 1S at North's turn (his LHO's).  Nobody has called over
# it and the director has not ruled when West says 2S: still at LHO's turn, after West has called,
# so a later bid at LHO's turn -- a change of the held 1S (31C), which Law 25 rules first.
HELD = "W 1S, W 2S"
CHANGE_STEP = ("out_of_rotation.awaiting_change_judgement", "director", ("unintended", "intended"))
NORTH_MAY_CALL = ("out_of_rotation.awaiting_decision", "N", ("correct_player_calls", "director"))


def test_31C_later_bid_while_own_bid_out_of_rotation_held_is_a_change_not_refused() -> None:
    s = walk("N", HELD)
    assert outcome(s) == {
        "record": ["W 1S@N pending"],
        "obligations": {},
        "turn": "N",
        "pending": CHANGE_STEP,
        "restrictions": [],
        "result": None,
    }
    assert s.pending is not None and s.pending.law == "31C, 25A"
    assert ruling_laws(s) == ["31C, 25"]
    assert "a change of call" in s.rulings[-1].summary and "1S was a slip" in s.rulings[-1].summary


def test_31C_later_bid_after_the_director_came_but_before_he_ruled_is_a_change() -> None:
    # the director was called and is judging whether 1S was artificial (29C): not yet ruled
    s = walk("N", "W 1S, director, W 2S")
    assert outcome(s)["pending"] == CHANGE_STEP
    s = walk("N", "W 1S, director, W 2S, judge unintended no")  # back to his 29C question
    assert outcome(s)["pending"] == ("out_of_rotation.awaiting_artificial_judgement", "director",
                                     ("artificial", "natural"))
    assert record(s) == ["W 1S@N pending", "W 2S@N cancelled"]


def test_31C_25A1_unintended_held_1S_withdrawn_and_2S_held_out_of_rotation_in_its_place() -> None:
    s = walk("N", HELD, "judge unintended yes")
    assert outcome(s) == {
        "record": ["W 1S@N withdrawn", "W 2S@N pending"],
        "obligations": {},
        "turn": "N",
        "pending": NORTH_MAY_CALL,
        "restrictions": [],
        "result": None,
    }
    assert laws(s) == ["25A1", "28-32"]
    assert ruling_laws(s) == ["31C, 25", "31C, 25A1"]
    assert "no rectification for it" in s.rulings[-1].summary


def test_31C_25A1_then_31B_the_intended_2S_is_ruled_and_a_comparable_2S_ends_it() -> None:
    s = walk("N", HELD, "judge unintended yes, director, judge artificial no")
    assert outcome(s) == {
        "record": ["W 1S@N withdrawn", "W 2S@N cancelled"],
        "obligations": {},
        "turn": "N",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert ruling_laws(s) == ["31C, 25", "31C, 25A1", "31B2"]
    assert [(w.kind, w.offender.name, w.call.text) for w in s.watches] == [("judge_replacement", "W", "2S")]
    s = walk("N", HELD, "judge unintended yes, director, judge artificial no, N 1H, E P, S P, W 2S, "
                        "judge comparable yes, N P, E P, S P")
    assert outcome(s)["restrictions"] == [] and outcome(s)["obligations"] == {}
    assert outcome(s)["result"] == ("2S", "W", "E", "N")


def test_31C_25B2_intended_change_cancelled_and_held_1S_waits_for_its_ruling() -> None:
    s = walk("N", HELD, "judge unintended no")
    assert outcome(s) == {
        "record": ["W 1S@N pending", "W 2S@N cancelled"],
        "obligations": {},
        "turn": "N",
        "pending": NORTH_MAY_CALL,
        "restrictions": [],
        "result": None,
    }
    assert laws(s)[1] == "25B2" and ruling_laws(s) == ["31C, 25", "25B2"]
    assert "North, whose turn it is, may still call over it (28B)" in s.rulings[-1].summary
    s = walk("N", HELD, "judge unintended no, director, judge artificial no")
    assert ruling_laws(s)[-1] == "31B2"
    assert [(w.kind, w.offender.name, w.call.text) for w in s.watches] == [("judge_replacement", "W", "1S")]


def test_31C_25B2_then_28B_north_calls_both_of_wests_calls_cancelled_no_rectification() -> None:
    s = walk("N", HELD, "judge unintended no, N 1H")
    assert outcome(s) == {
        "record": ["W 1S@N cancelled", "W 2S@N cancelled", "N 1H stands"],
        "obligations": {},
        "turn": "E",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert s.watches == () and ruling_laws(s)[-1] == "28B"


def test_31C_nobody_calls_while_the_director_judges_the_change() -> None:
    s = walk("N", HELD)
    for event in ("N P", "W 3S", "E P"):
        unchanged_after(s, DecisionError, event, match="waiting for the director")


def test_31C_at_rhos_turn_a_second_call_while_held_is_still_refused() -> None:
    # East bids 1S at North's turn (East's RHO's): a second call by East is not at East's LHO's
    # turn, so 31C does not make it a change; the held call waits for its ruling first
    s = walk("N", "E 1S")
    unchanged_after(s, DecisionError, "E 2S", match="cannot be made now")


def test_31C_the_narration_and_report_tell_the_change_with_its_law() -> None:
    sim = table("N", HELD)
    told = "\n".join(narrate(sim))
    assert "Ruling, Law 31C, 25" in told and "a change of call" in told
    assert "(Law 25A1)" in told and "(Law 25B2)" in told
    data = state_to_json(sim)
    assert data["pending"]["kind"] == "out_of_rotation.awaiting_change_judgement"
    led = {o["option"]: o["results"][0]["law"] for o in data["pending"]["options_lead_to"]}
    assert led == {"unintended": "25A1", "intended": "25B2"}
    assert [r["law"] for r in data["rulings"]] == ["31C, 25"]


def test_31C_25A1_the_intended_call_keeps_what_it_was_explained_to_show_for_29C() -> None:
    # West's later 2C was explained as showing diamonds: once it takes the held 1S's place, the
    # director's 29C question is answered by that explanation (artificial, diamonds)
    s = apply_event(walk("N", "W 1S"), CallEvent(Seat.W, parse_call("2C"), specifies=(Strain.D,)))
    s = run(s, "judge unintended yes")
    assert s.record[-1].call.text == "2C" and s.record[-1].specifies == (Strain.D,)
    s = run(s, "director")
    assert s.pending is None and ruling_laws(s) == ["31C, 25", "31C, 25A1", "29C", "29C", "31B2"]
    assert "specified (diamonds)" in s.rulings[-2].summary


def test_31A2_37B_the_pass_put_in_place_is_the_offenders_call_judged_for_comparability() -> None:
    # South's 2C at East's turn is cancelled (31A); North exposes an honour, so South must pass at
    # his next turn (24B); East bids 2D (31A2); South bids 3C, which he may not: the director
    # cancels it and puts a pass in its place (37B).  That pass is South's call at the turn 31A2
    # judges: the director says whether it is comparable (an input, 23A); both answers leave North
    # and South passing to the end (37B2).
    walk_to_37b = ("N 1C, E 1D, S 1H, W 1S, N P, S 2C, director, W choose decline, judge artificial no, "
                   "N expose SK, E 2D, S 3C, director")
    s = walk("N", walk_to_37b)
    assert outcome(s)["pending"] == ("comparable_call.awaiting_judgement", "director", ("comparable", "not_comparable"))
    assert outcome(s)["record"][-2:] == ["S 3C cancelled", "S P stands"]
    assert outcome(s)["restrictions"] == [("S", "N", "3C", "CDS")]
    silenced = {"N": [("pass_rest_of_auction", "37B2", None)], "S": [("pass_rest_of_auction", "37B2", None)]}
    s = walk("N", walk_to_37b + ", judge comparable yes")
    assert outcome(s)["obligations"] == silenced and outcome(s)["restrictions"] == [("S", "N", "3C", "CDS")]
    s = walk("N", walk_to_37b + ", judge comparable no")
    assert outcome(s)["obligations"] == {"N": [*silenced["N"], ("pass_next_turn", "31A2", None)], "S": silenced["S"]}
    assert outcome(s)["restrictions"] == [("S", "N", "3C", "CDS"), ("S", "N", "2C", "CDS")]
    assert ruling_laws(s)[-2:] == ["37B", "31A2"]


# --- 31A with 25A1: RHO's call replaced by the one he meant ------------------------------------------------
_31A_WAITS = "N 1C, E 1D, S 1H, W 1S, N P, S 2C, director, W choose decline, judge artificial no"


def test_31A1_25A1_rho_bid_replaced_by_an_intended_pass_the_offender_must_repeat() -> None:
    # East's 2D let South call freely, judged (31A2); East meant to pass (25A1): the pass put in its
    # place is ruled as made in turn, so 31A1 applies and South must repeat 2C
    s = walk("N", _31A_WAITS + ", E 2D, E change P, judge unintended yes")
    assert outcome(s)["obligations"] == {"S": [("repeat_call", "31A1", "2C")]}
    assert s.watches == () and ruling_laws(s)[-3:] == ["25A1", "31A", "31A1"]
    with pytest.raises(IllegalCallError, match="must repeat 2C"):
        run(s, "S P")
    s = walk("N", _31A_WAITS + ", E 2D, E change P, judge unintended yes, S 2C")
    assert outcome(s)["obligations"] == {} and outcome(s)["pending"] is None  # nothing to judge


def test_31A1_25A1_a_later_pass_of_rho_replaced_leaves_the_repeat_his_first_pass_owed() -> None:
    # East's pass owes South the repeat of 2C (31A1); South's turn is then taken by West's call out
    # of rotation, accepted by North (29A), and East passes again.  Replacing that second pass
    # (25A1) leaves the first standing: the branch was taken on it, so nothing is taken back and
    # South still owes the repeat.  The second pass has the first one's value; what tells them
    # apart is that the auction has moved on since the first (the branch keeps the auction it left).
    s = walk("N", _31A_WAITS + ", E P, W 2D, N 2H, E P, E change 3C, judge unintended yes")
    assert outcome(s)["record"][-3:] == ["N 2H stands", "E P withdrawn", "E 3C stands"]
    assert outcome(s)["obligations"] == {"S": [("repeat_call", "31A1", "2C")]}
    assert s.watches == () and ruling_laws(s)[-2:] == ["25", "25A1"]


def test_31A2_25B1_rho_pass_changed_to_a_bid_the_offender_calling_over_it_is_judged() -> None:
    """The fuzzer's case: RHO's pass, which owed the offender a repeat (31A1), is changed to a bid
    (31C) and the offender himself calls over the change, accepting it (25B1).  The repeat is
    taken back in the same step, before the offender's call is ruled: the seat machines follow
    row by row (they used to meet the call while the seat still owed the repeat)."""
    s = walk("N", _31A_WAITS + ", E P, E 2D, S P")
    assert ruling_laws(s)[-5:] == ["31C", "25B1", "31A", "25B1", "31A2"]
    assert outcome(s)["obligations"] == {}
    assert outcome(s)["pending"] == ("comparable_call.awaiting_judgement", "director", ("comparable", "not_comparable"))


def test_31A2_25A1_rho_pass_replaced_by_an_intended_bid_the_offender_calls_freely_judged() -> None:
    s = walk("N", _31A_WAITS + ", E P, E change 2D, judge unintended yes")
    assert outcome(s)["obligations"] == {} and ruling_laws(s)[-2:] == ["31A", "31A2"]
    s = walk("N", _31A_WAITS + ", E P, E change 2D, judge unintended yes, S 2NT")
    assert outcome(s)["pending"] == ("comparable_call.awaiting_judgement", "director", ("comparable", "not_comparable"))
