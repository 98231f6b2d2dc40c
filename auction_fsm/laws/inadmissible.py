"""Inadmissible calls: Laws 35-39.

36: a double or redouble that Law 19 does not permit.  If the offender's LHO calls before
rectification, that call and the inadmissible one are cancelled and the auction goes on as if
nothing had happened (36A); otherwise it is cancelled, the offender calls again and partner is
silenced for the rest of the auction, with 26B rights (36B).
37: a bid, double or redouble by a player obliged to pass.  If LHO calls first, everything
stands (37A); otherwise it is cancelled, a pass put in its place, and both members of the
offending side must pass for the rest of the auction, with 26B rights (37B).
38: a bid above seven is cancelled with what followed, a pass is put in its place and the
offending side must pass to the end; 26B only if LHO had not called (38B-D).
39: calls after the final pass are cancelled; a bid, double or redouble by a future defender
that LHO did not call over may lead to 26B rights (39A-C).
"""

from __future__ import annotations

from ..auction import AuctionState
from ..calls import PASS, Call
from ..engine import expected, note, stand
from ..errors import AuctionOverError, DecisionError
from ..records import CallRecord, LeadRestriction, Obligation, Pending
from ..seats import Seat
from ..values import evolve

__all__ = [
    "inadmissible_double",
    "violates_obligation",
    "bid_above_seven",
    "call_after_final_pass",
    "on_call",
    "on_director",
]


def _open(state: AuctionState, procedure: str, law: str, offender: Seat, call: Call,
          in_turn_of: Seat, irregularity: str, trigger: str) -> AuctionState:
    note(trigger, state, offender, call)
    state = state.add_call(CallRecord(offender, call, in_turn_of, "pending", irregularity, law))
    p = Pending(procedure, "awaiting_decision", law, offender.lho.name, ("lho_calls", "director"),
                offender, len(state.record) - 1, in_turn_of)
    return evolve(state, pending=p)


def inadmissible_double(state: AuctionState, offender: Seat, call: Call) -> AuctionState:
    """A double or redouble in turn that 19A1/19B1 does not permit (35A, 36)."""
    return _open(state, "inadmissible_double", "19, 36", offender, call, offender, "inadmissible_double",
                 "inadmissible_double")


def violates_obligation(state: AuctionState, offender: Seat, call: Call,
                        in_turn_of: Seat | None = None) -> AuctionState:
    """A bid, double or redouble by a player obliged to pass (35B, 37), in turn or not."""
    return _open(state, "pass_obligation_violated", "37", offender, call,
                 offender if in_turn_of is None else in_turn_of,
                 "violates_pass_obligation", "violates_pass_obligation")


def bid_above_seven(state: AuctionState, offender: Seat, call: Call, in_turn_of: Seat,
                    trigger: str = "bid_above_seven") -> AuctionState:
    """A bid of more than seven (35C, 38), in turn or not."""
    return _open(state, "bid_above_seven", "38", offender, call, in_turn_of, "bid_above_seven", trigger)


def call_after_final_pass(state: AuctionState, offender: Seat, call: Call) -> AuctionState:
    """A call after the auction has ended (35D, 39): always cancelled (39A)."""
    if state.is_passed_out:
        raise AuctionOverError(
            f"{offender.long_name}'s {call} comes after the board was passed out: the auction "
            "period is over (17D2, 22B)", law="17D2")
    note("call_after_final_pass", state, offender, call)
    state = state.add_call(CallRecord(offender, call, offender, "cancelled", "after_final_pass", "39A"))
    contract = state.contract
    if contract is None:
        return state.rule("39A", f"{offender.long_name}'s {call} after the board was passed out is "
                          "cancelled")
    declaring = not offender.is_opponent_of(contract.declarer)
    if declaring or call.is_pass:
        who = "the declaring side" if declaring else "a defender's pass"
        return state.rule("39A, 39B", f"{offender.long_name}'s {call} after the final pass is "
                          f"cancelled; as {who}, no further rectification")
    p = Pending("call_after_final_pass", "awaiting_decision", "39B, 39C", offender.lho.name,
                ("lho_calls", "director"), offender, len(state.record) - 1, offender)
    return evolve(state, pending=p).rule("39A", f"{offender.long_name}'s {call} after the final "
                                         "pass is cancelled")


def on_call(state: AuctionState, p: Pending, seat: Seat, call: Call) -> AuctionState:
    """The offender's LHO calls before rectification (36A, 37A, 38D, 39B)."""
    if seat != p.offender.lho:
        raise DecisionError(f"{seat.long_name}'s {call} cannot be made now: {expected(state)}")
    o = p.offender
    note("accept_by_calling" if p.procedure == "pass_obligation_violated" else "lho_calls_first",
         state, o, state.record[p.call_index].call)
    state = evolve(state, pending=None)
    if p.procedure == "inadmissible_double":
        state = state.add_call(CallRecord(seat, call, seat, "cancelled", "called_over_inadmissible", "36A"))
        state = state.set_status(p.call_index, "cancelled", "36A")
        return state.rule("36A", f"{seat.long_name} called over the inadmissible "
                          f"{state.record[p.call_index].call}: both calls are cancelled and "
                          f"{o.long_name} calls again with no rectification")
    if p.procedure == "pass_obligation_violated":
        state = state.discharge(o, "pass_next_turn")
        state = stand(state.rule("37A", f"{seat.long_name} called over {o.long_name}'s call made "
                                 "while obliged to pass: it stands, no lead restrictions"),
                      index=p.call_index, law="37A")
        if state.pending is not None:
            return state
        from . import procedures

        return procedures.on_call(state, seat, call)
    if p.procedure == "bid_above_seven":
        state = state.add_call(CallRecord(seat, call, seat, "cancelled", "called_over_inadmissible", "38B"))
        return _cancel_above_seven(state, p, restrictions=False)
    # call_after_final_pass: LHO's own call is after the final pass too, and LHO has called (39B).
    state = state.add_call(CallRecord(seat, call, seat, "cancelled", "after_final_pass", "39A"))
    return state.rule("39B", f"{seat.long_name} called before rectification: both calls after the "
                      "final pass are cancelled and there is no further rectification")


def on_director(state: AuctionState, p: Pending) -> AuctionState:
    """Rectification assessed before LHO called (36B, 37B, 38B-D, 39C)."""
    o = p.offender
    call = state.record[p.call_index].call
    note("director_called", state, o, call)
    state = evolve(state, pending=None)
    if p.procedure == "inadmissible_double":
        state = state.set_status(p.call_index, "cancelled", "36B1")
        state = state.impose(o.partner, Obligation("pass_rest_of_auction", "36B2"))
        state = state.restrict(LeadRestriction(o, "36B3, 26B", call))
        return state.rule("36B", f"the inadmissible {call} is cancelled; {o.long_name} must call "
                          f"again and {o.partner.long_name} must pass for the rest of the auction")
    if p.procedure == "pass_obligation_violated":
        state = state.set_status(p.call_index, "cancelled", "37B1")
        for seat in (o, o.partner):
            state = state.impose(seat, Obligation("pass_rest_of_auction", "37B2"))
        state = state.restrict(LeadRestriction(o, "37B2, 26B", call))
        if p.in_turn_of != o:
            return state.rule("37B", f"{o.long_name}'s {call}, made out of turn while obliged to pass, "
                              "is cancelled; the turn goes back to "
                              f"{p.in_turn_of.long_name}; both players of that side must pass for "
                              "the rest of the auction")
        state = state.rule("37B", f"{o.long_name}'s {call} is cancelled and a pass is put in its "
                           "place; both players of that side must pass for the rest of the auction")
        return stand(state, CallRecord(o, PASS, o, "stands", "substituted_pass", "37B2"))
    if p.procedure == "bid_above_seven":
        return _cancel_above_seven(state, p, restrictions=True)
    state = state.restrict(LeadRestriction(o, "39C, 26B", call))
    state = state.rule("39C", f"{o.long_name}, a defender, bid or doubled after the final pass: "
                       "declarer may have lead restrictions (26B)")
    from .opening_lead import open_options

    state = evolve(state, lead_choices=tuple(c for c in state.lead_choices if c != "26B"))
    return open_options(state)


def _cancel_above_seven(state: AuctionState, p: Pending, restrictions: bool) -> AuctionState:
    o = p.offender
    call = state.record[p.call_index].call
    state = state.set_status(p.call_index, "cancelled", "38B")
    for seat in (o, o.partner):
        state = state.impose(seat, Obligation("pass_rest_of_auction", "38C"))
    if restrictions:
        state = state.restrict(LeadRestriction(o, "38D, 26B", call))
    note = "" if restrictions else "; LHO had called, so no lead restrictions (38D)"
    state = state.rule("38", f"{o.long_name}'s {call} is cancelled (no contract above seven); "
                       f"both players of that side must pass for the rest of the auction{note}")
    if p.in_turn_of != o:
        return state  # out of rotation: the auction simply reverts to the player whose turn it was
    return stand(state.discharge(o, "pass_next_turn"),
                 CallRecord(o, PASS, o, "stands", "substituted_pass", "38C"))
