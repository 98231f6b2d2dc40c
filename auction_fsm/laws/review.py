"""Review and explanation of calls during the auction: Law 20.

A player may have all previous calls restated at their own turn to call, unless obliged to pass
(20B), and may ask at their turn what an opponent's call means (20F1).  After the final pass a
defender may ask whether it is their lead, and the players may have the auction restated
(20C).  Neither request changes any call; the answer goes into the rulings so that the narrated
replay can give it.
"""

from __future__ import annotations

from ..auction import AuctionState
from ..engine import note
from ..errors import DecisionError
from ..events import ExplanationRequest, ReviewRequest
from ..records import CallRecord

__all__ = ["request", "restatement"]


def _check_opponents_call(state: AuctionState, event: ExplanationRequest) -> CallRecord:
    """The call asked about; it must exist and be an opponent's (20F)."""
    s = event.seat
    if event.call_index > len(state.record):
        raise DecisionError(f"{s.long_name} asks about call {event.call_index}, but only "
                            f"{len(state.record)} calls were made")
    r = state.record[event.call_index - 1]
    if not r.seat.is_opponent_of(s):
        raise DecisionError(f"call {event.call_index} ({r.seat.name} {r.call}) is not an "
                            f"opponent's call: {s.long_name} asks about the opponents' calls (20F)")
    return r


def restatement(state: AuctionState) -> str:
    """All standing calls in order, as a review gives them (20B)."""
    calls = ", ".join(f"{r.seat.name} {r.call}" for r in state.standing_calls)
    return calls or "no calls yet"


def request(state: AuctionState, event: ReviewRequest | ExplanationRequest) -> AuctionState:
    """Answer a review or explanation request, or refuse it with the reason."""
    s = event.seat
    kind = "review" if isinstance(event, ReviewRequest) else "explanation"
    if state.pending is not None:
        raise DecisionError(f"{s.long_name}'s {kind} request must wait: an irregularity is pending "
                            f"({state.pending.state_name})")
    note("review_request" if kind == "review" else "explanation_request", state, s)
    if state.is_over:
        if state.is_passed_out:
            raise DecisionError(f"{s.long_name}'s {kind} request: the board was passed out")
        contract = state.contract
        assert contract is not None
        if s == contract.dummy:
            raise DecisionError(f"{s.long_name} is dummy and may not ask for a {kind} (20C2, 20F2)")
        lead = state.current_lead
        if lead is not None and s == lead.seat:
            raise DecisionError(f"{s.long_name} has led face down; the questions now belong to the "
                                "leader's partner and declarer (41B)")
        if not isinstance(event, ReviewRequest) and event.call_index:
            _check_opponents_call(state, event)
        if kind == "review":
            return state.rule("20C2, 41B", f"auction restated for {s.long_name}: {restatement(state)}")
        if s == contract.dummy:
            raise DecisionError(f"{s.long_name} is dummy and may not ask for explanations (20F2)")
        return state.rule("20F2", f"{s.long_name} asks about the opponents' auction; "
                          "the partner of the player who made each call answers")
    if s != state.turn:
        raise DecisionError(f"{s.long_name} may ask only at their own turn to call; it is "
                            f"{state.turn.long_name}'s turn (Law 20{'B' if kind == 'review' else 'F1'})")
    if state.must_pass(s):
        raise DecisionError(f"{s.long_name} is obliged to pass and may not ask "
                            f"(Law 20{'B' if kind == 'review' else 'F1'})")
    if isinstance(event, ReviewRequest):
        return state.rule("20B", f"auction restated for {s.long_name}: {restatement(state)}")
    if event.call_index:
        r = _check_opponents_call(state, event)
        return state.rule("20F1", f"{s.long_name} asks what {r.seat.long_name}'s {r.call} means; "
                          f"{r.seat.partner.long_name} answers")
    return state.rule("20F1", f"{s.long_name} asks about the opponents' auction; each call is "
                      "explained by the caller's partner")
