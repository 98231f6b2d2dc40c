"""Route calls, director calls, judgements and choices to the procedure waiting for them."""

from __future__ import annotations

from types import ModuleType

from ..auction import AuctionState
from ..calls import Call
from ..engine import call_in_rotation, expected
from ..errors import DecisionError
from ..events import Choice, DirectorCalled, Judgement
from ..seats import Seat
from . import changes, comparable, inadmissible, insufficient_bid, opening_lead, rotation

__all__ = ["on_call", "on_director", "on_judgement", "on_choice"]

# procedure name -> the module that runs it (each may define on_call, on_director,
# on_judgement, on_choice taking (state, pending, ...)).
_OWNER: dict[str, ModuleType] = {
    "out_of_rotation": rotation,
    "insufficient_bid": insufficient_bid,
    "inadmissible_double": inadmissible,
    "pass_obligation_violated": inadmissible,
    "bid_above_seven": inadmissible,
    "call_after_final_pass": inadmissible,
    "comparable_call": comparable,
    "change_of_call": changes,
    "misinformation": changes,
    "declarer_lead_options": opening_lead,
    "lead_out_of_turn": opening_lead,
}


def on_call(state: AuctionState, seat: Seat, call: Call) -> AuctionState:
    """A call by ``seat``: part of a pending procedure, after the end, out of turn, or in turn."""
    p = state.pending
    if p is not None:
        handler = getattr(_OWNER[p.procedure], "on_call", None)
        if handler is None:
            raise DecisionError(f"{seat.long_name}'s {call} cannot be made now: {expected(state)}")
        result: AuctionState = handler(state, p, seat, call)
        return result
    if state.is_over:
        return inadmissible.call_after_final_pass(state, seat, call)
    if seat != state.turn:
        return rotation.out_of_rotation(state, seat, call)
    return call_in_rotation(state, seat, call)


def on_director(state: AuctionState, event: DirectorCalled) -> AuctionState:
    """The director is called: rectification of the pending irregularity is assessed now."""
    p = state.pending
    if p is None:
        raise DecisionError("the director was called but no irregularity is pending: "
                            "nothing to rule on")
    handler = getattr(_OWNER[p.procedure], "on_director", None)
    if handler is None or "director" not in p.options:
        raise DecisionError(f"the director is already ruling: {expected(state)}")
    result: AuctionState = handler(state, p)
    return result


def on_judgement(state: AuctionState, event: Judgement) -> AuctionState:
    """A director's judgement; it must be the one the pending procedure asks for."""
    p = state.pending
    if p is None or p.get("judgement") != event.kind:
        raise DecisionError(f"a judgement of {event.kind!r} was given but {expected(state)}")
    result: AuctionState = _OWNER[p.procedure].on_judgement(state, p, event)
    return result


def on_choice(state: AuctionState, event: Choice) -> AuctionState:
    """A player's choice; it must come from the decider and be one of the options."""
    p = state.pending
    if p is None:
        raise DecisionError(f"{event.seat.long_name} chose {event.option!r} but no decision is pending")
    if p.decider != event.seat.name:
        raise DecisionError(f"{event.seat.long_name} chose {event.option!r} but the decision is "
                            f"{p.decider}'s: {expected(state)}")
    if event.option not in p.options:
        raise DecisionError(f"{event.option!r} is not an option: {expected(state)}")
    handler = getattr(_OWNER[p.procedure], "on_choice", None)
    if handler is None:
        raise DecisionError(f"{event.option!r} cannot be chosen now: {expected(state)}")
    result: AuctionState = handler(state, p, event)
    return result
