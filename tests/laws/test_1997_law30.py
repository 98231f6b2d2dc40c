"""Law 30 of 1997 (pass out of rotation), ruled by the law book ``1997``.

In our words: before anyone has bid, the offender passes at the next turn (30A); after a bid, a
pass at RHO's turn costs the offender the next turn (30B1); at partner's turn the offender
passes to the end and partner may bid or pass, but not double or redouble, at that turn (30B2a,
30B2b); at LHO's turn it is a change of call (30B3); a conventional pass goes to Law 31 (30C).
"""

from __future__ import annotations

from auction_fsm.auction import AuctionState
from auction_fsm.errors import RepeatedCallError
from auction_fsm.report import state_to_json

from .book1997 import BOOK, calls, walk97
from .conftest import outcome, ruling_laws, run, unchanged_after


# --- 30A: before anyone has bid, at any turn ---------------------------------------------------------
def test_1997_30A_pass_at_rho_turn_before_any_bid_offender_passes_at_next_turn() -> None:
    s = walk97("N", "N P, S P, director, judge artificial no")  # South passed at East's turn
    assert outcome(s) == {
        "record": ["N P stands", "S P@E cancelled"],
        "obligations": {"S": [("pass_next_turn", "30A (1997)", None)]},
        "turn": "E",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert ruling_laws(s) == ["30A (1997)"]
    s = walk97("N", "N P, S P, director, judge artificial no, E 1H")
    assert calls(s) == ["P"]
    s = walk97("N", "N P, S P, director, judge artificial no, E 1H, S P, W 1S, N P, E P, S 2S")
    assert outcome(s)["obligations"] == {} and outcome(s)["record"][-1] == "S 2S stands"  # one turn only


def test_1997_30A_pass_at_partner_turn_before_any_bid_costs_one_turn_and_partner_may_double() -> None:
    s = walk97("N", "S P, director, judge artificial no")  # dealer North; South passed at North's turn
    assert outcome(s)["obligations"] == {"S": [("pass_next_turn", "30A (1997)", None)]}
    assert ruling_laws(s) == ["30A (1997)"]
    s = walk97("N", "S P, director, judge artificial no, N P, E 1H")
    assert calls(s) == ["P"]  # South's next turn: pass
    s = walk97("N", "S P, director, judge artificial no, N P, E 1H, S P, W P")
    assert "X" in calls(s)  # North is not barred from doubling: 30B2b needs a bid before the pass


def test_1997_30A_pass_at_lho_turn_before_the_offender_has_called() -> None:
    s = walk97("N", "W P, director, judge artificial no")  # West passed at North's (West's LHO's) turn
    assert outcome(s)["obligations"] == {"W": [("pass_next_turn", "30A (1997)", None)]}
    assert outcome(s)["turn"] == "N" and outcome(s)["restrictions"] == []


def test_1997_30A_second_pass_at_lho_turn_before_any_bid_is_not_a_change_of_call() -> None:
    # East's pass at South's turn, a call having come between (West's pass out of rotation,
    # cancelled under 30A): held as a pass out of rotation before any bid, not a change (30B3)
    base = "N P, E P, W P, director, judge artificial no"
    s = walk97("N", base, "E P")
    assert outcome(s)["pending"] == ("out_of_rotation.awaiting_decision", "S", ("correct_player_calls", "director"))
    s = walk97("N", base, "E P, director, judge artificial no")
    assert outcome(s)["obligations"] == {"E": [("pass_next_turn", "30A (1997)", None)],
                                         "W": [("pass_next_turn", "30A (1997)", None)]}
    assert ruling_laws(s) == ["30A (1997)", "30A (1997)"]
    # right after his own pass, East saying pass again names the call just made: nothing
    # happens (25; docs/modelling-decisions.md, "The same call named again is nothing")
    unchanged_after(walk97("N", "N P, E P"), RepeatedCallError, "E P", match="Nothing happens: East has just called P")


# --- 30B1: after a bid, at RHO's turn -------------------------------------------------------------
def test_1997_30B1_pass_at_rho_turn_after_a_bid_offender_passes_at_next_turn() -> None:
    s = walk97("N", "N 1H, S P, director, judge artificial no")
    assert outcome(s) == {
        "record": ["N 1H stands", "S P@E cancelled"],
        "obligations": {"S": [("pass_next_turn", "30B1 (1997)", None)]},
        "turn": "E",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert ruling_laws(s) == ["30B1 (1997)"]
    s = walk97("N", "N 1H, S P, director, judge artificial no, E 1S, S P, W P, N 2H, E P, S P, W P")
    assert outcome(s)["result"] == ("2H", "N", "S", "E") and outcome(s)["restrictions"] == []


# --- 30B2: after a bid, at partner's turn ------------------------------------------------------------
def test_1997_30B2a_offender_must_pass_for_the_rest_of_the_auction() -> None:
    s = walk97("N", "N 1H, W P, director, judge artificial no")  # West passed at East's turn
    assert outcome(s) == {
        "record": ["N 1H stands", "W P@E cancelled"],
        "obligations": {"E": [("no_double_next_turn", "30B2b (1997)", None)],
                        "W": [("pass_rest_of_auction", "30B2a (1997)", None)]},
        "turn": "E",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert ruling_laws(s) == ["30B2 (1997)"]
    s = walk97("N", "N 1H, W P, director, judge artificial no, E 1S, S 2H")
    assert calls(s) == ["P"]  # West's first turn
    s = walk97("N", "N 1H, W P, director, judge artificial no, E 1S, S 2H, W P, N P, E 2S, S 3H")
    assert calls(s) == ["P"]  # and every later one
    assert outcome(s)["obligations"] == {"W": [("pass_rest_of_auction", "30B2a (1997)", None)]}


def test_1997_30B2b_partner_may_not_double_at_that_turn() -> None:
    s = walk97("N", "N 1H, W P, director, judge artificial no")
    legal = calls(s)
    assert "X" not in legal and "P" in legal and "1S" in legal and "7NT" in legal
    report = state_to_json(s)
    assert report["legal_calls"] == legal  # the report offers the same calls
    assert "X" not in report["legal_calls"]


def test_1997_30B2b_partner_may_not_redouble_at_that_turn() -> None:
    # North deals and passes, East opens 1S, South doubles; East passes at West's turn (East's
    # partner's): West may not redouble, though Law 19 would let him.
    s = walk97("N", "N P, E 1S, S X, E P, director, declined, judge artificial no")
    assert outcome(s)["turn"] == "W" and ruling_laws(s) == ["30B2 (1997)"]
    assert "XX" not in calls(s) and "P" in calls(s) and "1NT" in calls(s)


def test_1997_30B2b_partner_may_bid_or_pass_and_may_double_at_a_later_turn() -> None:
    s = walk97("N", "N 1H, W P, director, judge artificial no, E 1S")
    assert outcome(s)["obligations"] == {"W": [("pass_rest_of_auction", "30B2a (1997)", None)]}
    s = walk97("N", "N 1H, W P, director, judge artificial no, E P, S 2H, W P, N P")
    assert "X" in calls(s)  # East's next turn: the bar was for that one turn


_BARRED_THEN_ACCEPTED = "N 1H, W P, director, judge artificial no, E 1D, S P"


def test_1997_30B2b_partner_makes_an_insufficient_bid_that_lho_accepts_and_the_bar_is_spent() -> None:
    # East, barred from doubling at this turn, bids 1D over 1H; South accepts it by passing (27A1):
    # the bid stands as made at East's turn, which ends the bar (the action declares writing the
    # obligations).  The engine alone: the seat machines disagree (the next test).
    s = run(AuctionState.start("N", law_book=BOOK), _BARRED_THEN_ACCEPTED)
    assert outcome(s)["record"][2:] == ["E 1D stands", "S P stands"]
    assert outcome(s)["obligations"] == {"W": [("pass_rest_of_auction", "30B2a (1997)", None)]}


def test_1997_30B2b_the_seat_machines_follow_the_bar_spent_by_an_accepted_insufficient_bid() -> None:
    """The seat machines (the `transitions` ones the simulator runs beside the engine, walk97)
    release the barred seat when its turn was used by an insufficient bid that LHO accepted: they
    reach the engine's position, with no bar left on East."""
    s = walk97("N", _BARRED_THEN_ACCEPTED)
    assert "E" not in outcome(s)["obligations"]


def test_1997_30B2b_partner_doubles_anyway_law_36_treats_it_as_not_permitted() -> None:
    s = walk97("N", "N 1H, W P, director, judge artificial no, E X")
    assert outcome(s)["pending"] == ("inadmissible_double.awaiting_decision", "S", ("lho_calls", "director"))
    assert s.pending is not None and s.pending.law == "30B2b (1997); 36"
    s = walk97("N", "N 1H, W P, director, judge artificial no, E X, director")
    assert outcome(s)["record"][-1] == "E X cancelled" and ruling_laws(s) == ["30B2 (1997)", "36B"]
    assert outcome(s)["turn"] == "E" and "X" not in calls(s)  # East calls again, still not a double
    assert outcome(s)["restrictions"] == [("E", "W", "X", "CDHS")]  # 36B: lead rights for the double


# --- 30B3: after a bid, at LHO's turn: a change of call ---------------------------------------------
def test_1997_30B3_pass_at_lho_turn_after_a_bid_is_a_change_of_call() -> None:
    s = walk97("N", "N 1H, E P, S 2H, S P")
    assert outcome(s)["pending"] == ("change_of_call.awaiting_judgement", "director", ("unintended", "intended"))
    assert s.pending is not None and s.pending.law == "25A; 30B3 (1997)"
    assert ruling_laws(s) == ["30B3 (1997)"]
    s = walk97("N", "N 1H, E P, S 2H, S P, judge unintended yes")
    assert outcome(s)["record"] == ["N 1H stands", "E P stands", "S 2H withdrawn", "S P stands"]


# --- 30C: a conventional pass is ruled by Law 31 -----------------------------------------------------
def test_1997_30C_conventional_pass_at_rho_turn_goes_to_31A() -> None:
    s = walk97("N", "N 1H, S P, director, judge artificial yes")
    assert ruling_laws(s) == ["30C, 31A (1997)"] and outcome(s)["obligations"] == {}
    s = walk97("N", "N 1H, S P, director, judge artificial yes, E P")
    assert outcome(s)["obligations"] == {"S": [("repeat_call", "31A1 (1997)", "P")]}
    s = walk97("N", "N 1H, S P, director, judge artificial yes, E 1S, S 2C")  # a pass names no denomination
    assert outcome(s)["obligations"] == {"N": [("pass_rest_of_auction", "31A2b (1997)", None)]}
    assert outcome(s)["restrictions"] == [("S", "N", "P", "DHS")]


def test_1997_30C_conventional_pass_at_partner_turn_goes_to_31B() -> None:
    s = walk97("N", "N 1H, W P, director, declined, judge artificial yes")
    assert outcome(s)["obligations"] == {"E": [("pass_rest_of_auction", "30C, 31B (1997)", None)]}
    assert outcome(s)["restrictions"] == [("W", "E", "P", "CDHS")]
    assert ruling_laws(s) == ["30C, 31B (1997)"]


# --- 30B2a with 37B: nothing waits for the offender's next call ---------------------------------------
def test_1997_30B2a_offender_silenced_bids_and_the_pass_put_in_place_under_37B_is_not_judged() -> None:
    # South passes at North's turn after a bid: under 1997 South passes to the end (30B2a), where
    # 2017 would judge South's next call (30B1b, test_law30.py).  North's insufficient 1D is replaced
    # by 2C, not comparable (27B2); South then bids 2S: the director cancels it and puts a pass in
    # its place (37B), and that pass is ruled as any call: no rectification waits for it.
    s = walk97("N", "N 1H, E P, S 1S, W P, S P, director, judge artificial no, N 1D, director, E choose decline, "
               "N 2C, judge comparable no, E P, S 2S, director")
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "S 1S stands", "W P stands", "S P@N cancelled", "N 1D withdrawn",
                   "N 2C stands", "E P stands", "S 2S cancelled", "S P stands"],
        "obligations": {"N": [("pass_rest_of_auction", "37B2", None)],
                        "S": [("pass_rest_of_auction", "30B2a (1997)", None)]},
        "turn": "W",
        "pending": None,
        "restrictions": [("N", "S", "1D", "DS"), ("S", "N", "2S", "CDH")],
        "result": None,
    }
    assert ruling_laws(s) == ["30B2 (1997)", "27B", "27B2", "37B"]


def test_1997_30B1_offender_bids_at_the_turn_he_must_pass_37B_puts_a_pass_in_place_and_nothing_is_judged() -> None:
    # 30B1 (1997) leaves no call to judge: the pass the director puts in place of South's 2C (37B)
    # is the pass 30B1 owed, and 37B2 silences South and North to the end
    s = walk97("N", "N 1H, S P, director, judge artificial no, E 1S, S 2C, director")
    assert outcome(s) == {
        "record": ["N 1H stands", "S P@E cancelled", "E 1S stands", "S 2C cancelled", "S P stands"],
        "obligations": {"N": [("pass_rest_of_auction", "37B2", None)], "S": [("pass_rest_of_auction", "37B2", None)]},
        "turn": "W",
        "pending": None,
        "restrictions": [("S", "N", "2C", "CDHS")],
        "result": None,
    }
    assert ruling_laws(s) == ["30B1 (1997)", "37B"]
