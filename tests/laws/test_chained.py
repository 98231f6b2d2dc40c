"""Chained irregularities: an irregularity during a rectification or while another is pending,
and bad decision input.  Each is ruled by the same laws, never by a crash."""

from __future__ import annotations

from auction_fsm.errors import DecisionError
from auction_fsm.seats import Seat

from .conftest import notes, obligations, outcome, record, ruling_laws, run, unchanged_after, walk

SILENCED_W = "N 1H, E 1C, director, E 2NT, judge comparable no"  # 27B2: West passes to the end


def test_chained_27B2_silenced_partner_bids_then_37B() -> None:
    s = walk("N", SILENCED_W, "S P, W 3C")
    assert outcome(s)["pending"] == ("pass_obligation_violated.awaiting_decision", "N",
                                     ("lho_calls", "director"))
    s = walk("N", SILENCED_W, "S P, W 3C, director")
    assert outcome(s) == {
        "record": ["N 1H stands", "E 1C withdrawn", "E 2NT stands", "S P stands", "W 3C cancelled",
                   "W P stands"],
        "obligations": {"E": [("pass_rest_of_auction", "37B2", None)],
                        "W": [("pass_rest_of_auction", "27B2", None)]},
        "turn": "N",
        "pending": None,
        "restrictions": [("E", "W", "1C", "CDHS"), ("W", "E", "3C", "CDHS")],
        "result": None,
    }
    s = walk("N", SILENCED_W, "S P, W 3C, director, N 3H, E P, S P, W P")
    assert outcome(s)["result"] == ("3H", "N", "S", "E")
    assert outcome(s)["pending"] == ("declarer_lead_options.lead_restriction", "N",
                                     ("prohibit_C", "prohibit_D", "prohibit_H", "prohibit_S",
                                      "no_prohibition"))


def test_chained_27B2_silenced_partner_bids_then_37A_obligation_survives() -> None:
    s = walk("N", SILENCED_W, "S P, W 3C, N 3H")
    assert record(s)[-2:] == ["W 3C stands", "N 3H stands"]
    assert outcome(s)["obligations"] == {"W": [("pass_rest_of_auction", "27B2", None)]}


def test_chained_27B2_silenced_partner_bids_out_of_rotation_lho_accepts() -> None:
    s = walk("N", SILENCED_W, "W 3C, N P")
    assert outcome(s)["record"][-2:] == ["W 3C@S stands", "N P stands"]
    assert outcome(s)["obligations"] == {"W": [("pass_rest_of_auction", "27B2", None)]}


def test_chained_27B2_silenced_partner_bid_out_of_rotation_never_obliged_to_repeat_it() -> None:
    s = walk("N", SILENCED_W, "W 3C, director")
    if s.pending is not None and s.pending.decision.kind == "out_of_rotation.awaiting_artificial_judgement":
        s = run(s, "judge artificial no")
    s = run(s, "S P") if s.turn.name == "S" and s.pending is None else s
    kinds = {o.kind for o in s.obligations[Seat.W]}
    assert not ({"pass_rest_of_auction", "repeat_call"} <= kinds), obligations(s)


def test_chained_insufficient_bid_out_of_rotation_goes_to_31_then_27() -> None:
    # South's 1D (insufficient and out of rotation, at East's turn): Law 31, not 27 (27A2).
    s = walk("N", "N 1H, S 1D, director, declined, judge artificial no, E P")
    assert outcome(s) == {
        "record": ["N 1H stands", "S 1D@E cancelled", "E P stands"],
        "obligations": {"S": [("repeat_call", "31A1", "1D")]},
        "turn": "S",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    # 31A1: the repeated 1D is not legal, so it is an insufficient bid in rotation (27).
    s = walk("N", "N 1H, S 1D, director, declined, judge artificial no, E P, S 1D")
    assert outcome(s) == {
        "record": ["N 1H stands", "S 1D@E cancelled", "E P stands", "S 1D pending"],
        "obligations": {},
        "turn": "S",
        "pending": ("insufficient_bid.awaiting_decision", "W", ("accept", "director")),
        "restrictions": [],
        "result": None,
    }
    s = walk("N", "N 1H, S 1D, director, declined, judge artificial no, E P, S 1D, director, declined, S 2D")
    assert outcome(s) == {
        "record": ["N 1H stands", "S 1D@E cancelled", "E P stands", "S 1D withdrawn", "S 2D stands"],
        "obligations": {},
        "turn": "W",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert ruling_laws(s) == ["31A", "31A1", "27B", "27B1a"]


def test_chained_pass_out_of_rotation_by_silenced_player_during_27B2() -> None:
    # West (silenced for the rest) passes at South's turn; the director rules 30A on top.
    s = walk("N", SILENCED_W, "W P")
    assert outcome(s)["pending"] == ("out_of_rotation.awaiting_decision", "N",
                                     ("accept", "correct_player_calls", "director"))
    s = walk("N", SILENCED_W, "W P, director, judge artificial no")
    assert outcome(s) == {
        "record": ["N 1H stands", "E 1C withdrawn", "E 2NT stands", "W P@S cancelled"],
        "obligations": {"W": [("pass_rest_of_auction", "27B2", None), ("pass_next_turn", "30A", None)]},
        "turn": "S",
        "pending": None,
        "restrictions": [("E", "W", "1C", "CDHS")],
        "result": None,
    }
    # South, whose turn it was, calls instead: 28B, the pass is cancelled, West still silenced.
    s = walk("N", SILENCED_W, "W P, S P")
    assert outcome(s)["record"][-2:] == ["W P@S cancelled", "S P stands"]
    assert outcome(s)["obligations"] == {"W": [("pass_rest_of_auction", "27B2", None)]}


def test_chained_pass_out_of_rotation_while_rho_must_repeat() -> None:
    # 31A1: South must repeat 1S; North passes out of rotation at South's (partner's) turn:
    # a new procedure (30B1 if the director is called) while South's obligation waits.
    s = walk("N", "N 1H, S 1S, director, judge artificial no, E P, N P")
    assert outcome(s)["pending"] == ("out_of_rotation.awaiting_decision", "E", ("accept", "director"))
    assert outcome(s)["obligations"] == {"S": [("repeat_call", "31A1", "1S")]}


def test_chained_bid_above_seven_as_replacement_of_insufficient_bid() -> None:
    s = walk("N", "N 1H, E 1D, director, declined, E 8D")
    assert outcome(s)["pending"] == ("bid_above_seven.awaiting_decision", "S", ("lho_calls", "director"))
    s = walk("N", "N 1H, E 1D, director, declined, E 8D, director")
    assert outcome(s) == {
        "record": ["N 1H stands", "E 1D withdrawn", "E 8D cancelled", "E P stands"],
        "obligations": {"E": [("pass_rest_of_auction", "38C", None)],
                        "W": [("pass_rest_of_auction", "38C", None)]},
        "turn": "S",
        "pending": None,
        "restrictions": [("E", "W", "8D", "CDHS")],
        "result": None,
    }


def test_chained_irregularity_while_another_is_pending_is_refused_with_a_clear_message() -> None:
    s = walk("N", "N 1H, E 1D")
    info = unchanged_after(s, DecisionError, "W 1C")
    assert str(info.value) == (
        "West's 1C cannot be made now: an insufficient bid (27), LHO may accept by calling (27A1), "
        "or the director rules is pending: "
        "waiting for South, who may accept it or call the director to rule on it")
    unchanged_after(s, DecisionError, "N 8C", match="waiting for South")
    unchanged_after(s, DecisionError, "W X", match="waiting for South")
    unchanged_after(s, DecisionError, "N change 2H", match="cannot change a call now")
    unchanged_after(s, DecisionError, "W expose SA", match="pending")
    s = walk("N", "N 1H, S 2H, director, declined")
    unchanged_after(s, DecisionError, "E P", match="waiting for the director")


# --- bad decision input -----------------------------------------------------------------------------
def test_bad_input_judgement_when_none_pending() -> None:
    s = walk("N", "N 1H, E P")
    unchanged_after(s, DecisionError, "judge comparable yes", match="no decision is pending")
    # 9B1: the director may be called with nothing to rule; it is noted and the auction goes on
    after = run(s, "director")
    assert after.pending is None and after.record == s.record and notes(after) == ["9B1"]


def test_bad_input_choice_when_none_pending() -> None:
    unchanged_after(walk("N", "N 1H"), DecisionError, "E choose accept", match="no decision is pending")


def test_bad_input_choice_not_among_the_options() -> None:
    s = walk("N", "N 1H, E 1S, N change 1D, judge unintended yes")
    unchanged_after(s, DecisionError, "E choose accept",
                    match="'accept' is not an option: .* waiting for East, who may keep the call made over it or withdraw the call made over it")


def test_bad_input_choice_by_the_wrong_seat() -> None:
    s = walk("N", "N 1H, E 1S, N change 1D, judge unintended yes")
    unchanged_after(s, DecisionError, "W choose keep", match="the decision is E's")
    unchanged_after(s, DecisionError, "N choose withdraw", match="the decision is E's")


def test_bad_input_judgement_of_the_wrong_kind() -> None:
    s = walk("N", "N 1H, S 2H, director, declined")
    unchanged_after(s, DecisionError, "judge comparable no",
                    match="a judgement of 'comparable' was given but .* waiting for the director")


def test_9B2_director_called_again_while_ruling_changes_nothing() -> None:
    s = walk("N", "N 1H, S 2H, director, declined")
    after = walk("N", "N 1H, S 2H, director, declined, director")
    assert after.pending == s.pending and after.record == s.record
    assert notes(after)[-1] == "9B2" and "already at the table" in after.rulings[-1].summary




def test_an_exposed_card_or_explanation_request_while_27_is_pending_waits_in_plain_words() -> None:
    # the refusal says what the procedure waits for, as the other refusals do, never its
    # machine state's name
    s = walk("N", "N 1H, E 1D")
    for event, what in (("W expose SA", "exposed card"), ("W explain 1", "explanation request")):
        info = unchanged_after(s, DecisionError, event, match=f"{what} must wait: .*an insufficient bid")
        assert "waiting for South" in str(info.value) and "insufficient_bid." not in str(info.value)
