"""Laws 9-10 and the issue-10 law gaps: the director at every moment, options after the director
arrives, what a call means (``specifies``), and the passed-out board's end (17D2)."""

from __future__ import annotations

from auction_fsm.auction import AuctionState
from auction_fsm.calls import Strain, parse_call
from auction_fsm.engine import apply_event
from auction_fsm.errors import DecisionError
from auction_fsm.events import CallEvent
from auction_fsm.lawbook.restrictions import suits_specified_by
from auction_fsm.seats import Seat

from .conftest import notes, outcome, record, restrictions, ruling_laws, run, unchanged_after, walk


def _with(state: AuctionState, seat: str, call: str, shows: tuple[Strain, ...]) -> AuctionState:
    return apply_event(state, CallEvent(Seat[seat], parse_call(call), shows))


# --- 9B1: the director with nothing to rule ---------------------------------------------------
def test_9B1_director_called_with_nothing_pending_changes_nothing_and_is_noted() -> None:
    before = walk("N", "N 1H, E P")
    after = walk("N", "N 1H, E P, director")
    assert after.record == before.record and after.pending is None and notes(after) == ["9B1"]
    assert "goes on" in after.rulings[-1].summary


def test_9B1_director_called_before_any_call_and_during_the_clarification_period() -> None:
    assert notes(walk("N", "director")) == ["9B1"]
    s = walk("N", "N 1H, E P, S P, W P, director")
    assert s.phase == "clarification" and notes(s) == ["9B1"]


# --- 27A1 after the director: accept by choice or by calling, or decline -----------------------
def test_27A1_after_the_director_LHO_accepts_by_choice() -> None:
    s = walk("N", "N 1H, E 1C, director")
    assert outcome(s)["pending"] == ("insufficient_bid.awaiting_choice", "S", ("accept", "decline"))
    s = walk("N", "N 1H, E 1C, director, S choose accept")
    assert record(s) == ["N 1H stands", "E 1C stands"] and s.turn.name == "S" and ruling_laws(s) == ["27A1"]


def test_27A1_after_the_director_LHO_accepts_by_calling_2C() -> None:
    s = walk("N", "N 1H, E 1C, director, S 2C")
    assert record(s) == ["N 1H stands", "E 1C stands", "S 2C stands"] and s.turn.name == "W"


def test_27B_after_the_director_LHO_declines_and_the_replacements_are_explained() -> None:
    s = walk("N", "N 1H, E 1C, director, S choose decline")
    assert outcome(s)["pending"] == ("insufficient_bid.awaiting_replacement", "E", ("replace",))
    told = s.rulings[-1].summary
    for law in ("27B1a", "27B1b", "27B2", "27B3", "27D"):
        assert law in told, law
    assert "2C" in told  # the lowest sufficient bid in clubs is named


# --- 29A after the director ------------------------------------------------------------------------
def test_29A_after_the_director_LHO_accepts_by_calling() -> None:
    s = walk("N", "E 1S, director, S 2H")
    assert record(s) == ["E 1S@N stands", "S 2H stands"] and ruling_laws(s) == ["29A"]


def test_29A_after_the_director_LHO_accepts_by_choice_and_calls_next() -> None:
    s = walk("N", "E 1S, director, S choose accept")
    assert record(s) == ["E 1S@N stands"] and s.turn.name == "S"


def test_29B_after_the_director_LHO_declines_then_29C_is_judged() -> None:
    s = walk("N", "E 1S, director, S choose decline")
    assert outcome(s)["pending"] == ("out_of_rotation.awaiting_artificial_judgement", "director",
                                     ("artificial", "natural"))


# --- 36A, 37A, 38D, 39B after the director ---------------------------------------------------
def test_36B_once_the_director_is_called_he_rules_LHO_has_nothing_to_accept() -> None:
    # issue 17, item 1: "LHO calls first" (36A) is a fact, not an option the director explains
    s = walk("N", "N 1H, E P, S X, director")
    assert s.pending is None and record(s) == ["N 1H stands", "E P stands", "S X cancelled"]
    assert ruling_laws(s) == ["36B"] and s.obligations[Seat.N][0].law == "36B2"
    unchanged_after(s, DecisionError, "W choose accept", match="no decision is pending")


def test_36A_LHO_calls_over_a_double_of_partners_bid_out_of_rotation() -> None:
    s = walk("N", "N 1H, S X, W 1S")
    assert record(s) == ["N 1H stands", "S X@E cancelled", "W 1S@E cancelled"] and s.turn.name == "E"


def test_37B_once_the_director_is_called_he_rules_LHO_has_nothing_to_accept() -> None:
    s = walk("N", "N 1H, E 1C, director, E 2NT, judge comparable no, S P, W 3C, director")
    assert record(s)[-2:] == ["W 3C cancelled", "W P stands"] and ruling_laws(s)[-1] == "37B"
    unchanged_after(s, DecisionError, "N choose accept", match="no decision is pending")


def test_38B_once_the_director_is_called_he_rules_LHO_has_nothing_to_forgo() -> None:
    s = walk("N", "N 7NT, E 8C, director")
    assert record(s) == ["N 7NT stands", "E 8C cancelled", "E P stands"]
    assert restrictions(s) == [("E", "W", "8C", "CDHS")]
    unchanged_after(s, DecisionError, "S choose accept", match="no decision is pending")


# --- 25B1: LHO calls over a substituted call before the 25A judgement ------------------------------
def test_25B1_LHO_calling_over_the_substituted_call_accepts_it_before_any_judgement() -> None:
    s = walk("N", "N 1H, N change 1S, E P")
    assert [r for r in record(s) if r.endswith("stands")] == ["N 1S stands", "E P stands"]


# --- 9B2: the director already ruling --------------------------------------------------------------
def test_9B2_director_called_again_during_a_judgement_changes_nothing() -> None:
    s = walk("N", "N 1H, E 1C, director, E 3C")
    again = walk("N", "N 1H, E 1C, director, E 3C, director")
    assert again.pending == s.pending and notes(again)[-1] == "9B2"


# --- specifies: 27B1a, 26B, 29C ---------------------------------------------------------------------
def test_27B1a_an_artificial_insufficient_bid_raised_a_level_is_judged_not_automatic() -> None:
    # West opens 1NT; North bids 2D; East's Stayman 2C is insufficient; not accepted; East bids 3C
    s = walk("W", "W 1NT, N 2D")
    s = _with(s, "E", "2C", ())  # Stayman: specifies no denomination
    s = walk_from(s, "director, S choose decline, E 3C")
    assert s.pending is not None and s.pending.procedure == "comparable_call"


def test_26B_suits_specified_follow_the_explanation() -> None:
    s = AuctionState.start("N")
    s = walk_from(s, "N 1NT, E P")
    s = _with(s, "S", "2D", (Strain.H,))  # a transfer: hearts, not diamonds
    assert suits_specified_by(s, Seat.S) == frozenset({Strain.H})


def test_29C_an_explained_call_out_of_rotation_needs_no_artificial_judgement() -> None:
    s = walk("N", "N 1NT")
    s = _with(s, "W", "2D", (Strain.H,))  # at East's turn: a transfer, explained
    s = walk_from(s, "director")
    s = walk_from(s, "N choose decline")
    assert s.pending is None and "29C" in ruling_laws(s)


# --- one call, one record (27C then 27B4) -----------------------------------------------------------
def test_27C_27B4_a_premature_insufficient_replacement_is_one_record() -> None:
    s = walk("W", "W 2S, N 1H, N 2H, director, E choose decline")
    assert record(s) == ["W 2S stands", "N 1H withdrawn", "N 2H pending"]
    assert s.record[2].law == "27B4"


# --- 17D2: the hands returned -----------------------------------------------------------------------
def test_17D2_the_return_of_the_hands_ends_a_passed_out_board() -> None:
    s = walk("N", "N P, E P, S P, W P")
    assert s.phase == "passed_out"
    s = walk("N", "N P, E P, S P, W P, hands returned")
    assert s.phase == "hands_returned" and ruling_laws(s) == ["17D2, 22B"]


# --- vulnerability ------------------------------------------------------------------------------------
def test_an_auction_state_knows_the_boards_vulnerability() -> None:
    s = AuctionState.start("N", "EW").calls("1H P")
    assert s.vulnerability == "EW" and s.is_vulnerable("E") and not s.is_vulnerable("N")


def walk_from(state: AuctionState, *texts: str) -> AuctionState:
    """The events applied from ``state`` (declines resolved as in :func:`walk`)."""
    return run(state, *texts)
